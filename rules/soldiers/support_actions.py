"""Soldiers support weapons' actions and events: overwatch [13], preparing an MMG or HMG [14.2]
and flamethrower fire [15.1]. The grammar (the game reads these verbs, :data:`SUPPORT_ACTIONS`,
joined to :data:`rules.soldiers.actions.ACTIONS`)::

    overwatch us.austin                 # the ordered man goes on overwatch, 4 AP [13.1]
    prepare-mg us.h.us-reed 2           # the ordered crewman prepares his MG (or turns its
                                        # arc), the arrow toward 2 o'clock [14.2; 14.21]
    flame us.h.us-murphy C1811 sustained  # flamethrower fire, sustained (2 AP) or
    flame us.h.us-murphy C1811 continuous # continuous (4 AP) [15.1; 15.12]

A fire arc's arrow points at a clock hour [14.21]: 12 is north, the even hours the six hexsides
(12 N, 2 NE, 4 SE, 6 S, 8 SW, 10 NW), the odd hours the six hex corners between them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action, WordsAction, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event

#: Flamethrower fire types [15.1].
FLAME_TYPES = ("sustained", "continuous")
#: The clock hours an MG's arrow may point at: even a hexside, odd a hex corner [14.21].
HOURS = tuple(range(1, 13))
HOUR_WORDS = {12: "N", 2: "NE", 4: "SE", 6: "S", 8: "SW", 10: "NW"}


def hour_words(hour: int) -> str:
    """A clock hour in words: ``2 o'clock (the NE hexside)``, ``3 o'clock (a hex corner)``."""
    side = HOUR_WORDS.get(hour)
    return f"{hour} o'clock ({f'the {side} hexside' if side else 'a hex corner'})"


@dataclass(frozen=True)
class Overwatch(WordsAction):
    """The ordered man goes on overwatch: 4 AP, a leader turn at Wary or higher [13; 13.1]."""

    verb: ClassVar[str] = "overwatch"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class PrepareGun(Action):
    """The ordered crewman prepares his MMG or HMG for fire, or turns its fire arc, the arrow
    toward a clock hour [14.2; 14.21; 14.22]."""

    verb: ClassVar[str] = "prepare-mg"
    man: str
    hour: int

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.hour}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> PrepareGun:
        if len(args) != 2 or not args[1].isdigit() or int(args[1]) not in HOURS:
            raise ActionSyntaxError(f"'{line}': write 'prepare-mg MAN HOUR' (HOUR 1-12)")
        return cls(token(args[0], "man id", line), int(args[1]))


@dataclass(frozen=True)
class Flame(Action):
    """The ordered man fires his flamethrower at a hex: sustained or continuous [15.1]."""

    verb: ClassVar[str] = "flame"
    man: str
    hex: str
    fire_type: str

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.hex} {self.fire_type}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Flame:
        if len(args) != 3 or args[2].lower() not in FLAME_TYPES:
            raise ActionSyntaxError(f"'{line}': write 'flame MAN HEX sustained|continuous'")
        return cls(token(args[0], "man id", line), token(args[1], "hex", line), args[2].lower())


#: The support weapons' verbs.
SUPPORT_ACTIONS: tuple[type[Action], ...] = (Overwatch, PrepareGun, Flame)
#: The same, for ``isinstance``.
SupportAction = Overwatch | PrepareGun | Flame


@dataclass(frozen=True)
class SupportNote(Event):
    """A step of overwatch or of an MG's life [13; 14]: a marker placed or removed, a
    malfunction roll, an MG prepared, turned or dismantled, and why."""

    kind: ClassVar[str] = "soldiers-support"
    man: str
    text: str

    def describe(self) -> str:
        return f"{self.man}: {self.text}"


@dataclass(frozen=True)
class FlameExplained(Event):
    """One flamethrower fire [15.1], every step with its rule and the placeholders used."""

    kind: ClassVar[str] = "soldiers-flame"
    man: str
    hex: str
    fire_type: str
    steps: tuple[str, ...]
    chance: int
    roll: int | None
    hit: bool
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        rolled = "no roll" if self.roll is None else f"roll {self.roll}"
        return (
            f"{self.man} {self.fire_type} flamethrower fire at {self.hex}: hit chance "
            f"{self.chance}, {rolled}, {'hit' if self.hit else 'miss'}"
        )
