"""Soldiers' fire support actions and their events: the radio [17.2-17.25] and satchel
charges [16.2] (the support weapons' actions [13-15] are in
:mod:`rules.soldiers.support_actions`). Kept apart from :mod:`rules.soldiers.actions` so that
the artillery and engineer rules (:mod:`rules.soldiers.artillery`,
:mod:`rules.soldiers.engineers`) stay in their own modules.

The grammar::

    radio us.kelly C1811        # use radio: call an artillery strike on a hex, a second call
                                # on a hex already called is a double call [17.2; 17.23]; after
                                # an Artillery Strike event with no call recorded, the free call,
                                # resolved at once [17.25]
    cancel-call us.kelly C1811  # use radio: cancel the side's call on the hex [17.24]
    satchel us.h.us-engineer C1811  # an engineer throws a satchel charge, 4 AP [16.22]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action, WordsAction
from rules.engine.events import Event


@dataclass(frozen=True)
class Radio(WordsAction):
    """A use-radio action: call (or double-call) an artillery strike on a hex [17.2; 17.23],
    or make the free call an Artillery Strike event gives [17.25]."""

    verb: ClassVar[str] = "radio"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


@dataclass(frozen=True)
class CancelCall(WordsAction):
    """A use-radio action that cancels the side's unresolved call on a hex [17.24]."""

    verb: ClassVar[str] = "cancel-call"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


@dataclass(frozen=True)
class ThrowSatchel(WordsAction):
    """An engineer throws a satchel charge at a hex: 4 AP, at most 3 hexes [16.22]."""

    verb: ClassVar[str] = "satchel"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


#: The verbs of this module (:data:`rules.soldiers.actions.ACTIONS` adds them).
FIRE_SUPPORT_ACTIONS: tuple[type[Action], ...] = (Radio, CancelCall, ThrowSatchel)


@dataclass(frozen=True)
class ArtilleryNote(Event):
    """A step of the artillery rules [17]: a call recorded, doubled or cancelled, an Artillery
    Strike event's effect, a strike resolved step by step with its rules."""

    kind: ClassVar[str] = "soldiers-artillery"
    side: str
    text: str
    steps: tuple[str, ...] = ()
    placeholders: tuple[str, ...] = ()

    def describe(self) -> str:
        tail = f": {'; '.join(self.steps)}" if self.steps else ""
        return f"{self.side} artillery: {self.text}{tail}"


@dataclass(frozen=True)
class SatchelThrown(Event):
    """A satchel charge throw [16.22-16.23], every step with its rule."""

    kind: ClassVar[str] = "soldiers-satchel"
    man: str
    hex: str
    steps: tuple[str, ...]
    lands: str | None
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        where = f"explodes in {self.lands}" if self.lands else "no explosion"
        return (
            f"{self.man} throws a satchel charge at {self.hex}: {where} ({'; '.join(self.steps)})"
        )
