"""Soldiers actions and events.

The action grammar (``move`` and ``done`` are the shared verbs of :mod:`rules.engine.actions`)::

    commit us.e.sl              # Command Phase: commit a chit, 1 space down the track, or
                                # keep a chit already committed where it is [5.2]
    done us                     # Command Phase: pass [5.2]; Action Phase: end it [6]
    order-man us.austin         # Action Phase: give an order, 5 AP (3 if wounded) [6.2; 7.11]
    move us.austin C1710 C1711  # the ordered man moves, paying AP per hex [7.21]
    shoot us.austin C1811 quick # the ordered man fires at a hex: quick, aimed or sustained [8]
    move-off us.austin          # the ordered man moves off the map where allowed, 1 AP [7.26]

The game reads these verbs (:data:`ACTIONS`, :meth:`rules.engine.core.Game.parse_action`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action, Move, WordsAction, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event

FIRE_TYPES = ("quick", "aimed", "sustained")


@dataclass(frozen=True)
class Commit(WordsAction):
    """Commit a command chit (or keep it committed) [5.2]."""

    verb: ClassVar[str] = "commit"
    words: ClassVar[tuple[str, ...]] = ("chit id",)
    usage: ClassVar[str] = "CHIT"
    chit: str


@dataclass(frozen=True)
class OrderMan(WordsAction):
    """Give one man an order: 5 AP, 3 if he is wounded [6.2; 7.11]."""

    verb: ClassVar[str] = "order-man"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class Shoot(Action):
    """The ordered man fires at a hex [8.1-8.4]."""

    verb: ClassVar[str] = "shoot"
    man: str
    hex: str
    fire_type: str

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.hex} {self.fire_type}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Shoot:
        if len(args) != 3 or args[2].lower() not in FIRE_TYPES:
            raise ActionSyntaxError(f"'{line}': write 'shoot MAN HEX quick|aimed|sustained'")
        return cls(token(args[0], "man id", line), token(args[1], "hex", line), args[2].lower())


@dataclass(frozen=True)
class MoveOff(WordsAction):
    """The ordered man moves off the map from a map-edge hex where the scenario allows it,
    for 1 AP [7.26]."""

    verb: ClassVar[str] = "move-off"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


#: Soldiers' verbs (with the shared ``done`` and ``force-dice``).
ACTIONS: tuple[type[Action], ...] = (Move, Commit, OrderMan, Shoot, MoveOff)


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChitMoved(Event):
    """A command chit committed, kept, moved down or returned, and why."""

    kind: ClassVar[str] = "soldiers-chit"
    chit: str
    space: str
    why: str

    def describe(self) -> str:
        return f"{self.chit} -> {self.space}: {self.why}"


@dataclass(frozen=True)
class TurnBegan(Event):
    """An Action Phase begins: the active chit, leader or independent turn, and its risk."""

    kind: ClassVar[str] = "soldiers-turn"
    chit: str
    steps: tuple[str, ...]
    risk: str
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.chit} is active at risk level {self.risk}: {'; '.join(self.steps)}"


@dataclass(frozen=True)
class OrderGiven(Event):
    kind: ClassVar[str] = "soldiers-order"
    man: str
    ap: int
    why: str

    def describe(self) -> str:
        return f"{self.man} is ordered: {self.ap} AP ({self.why})"


@dataclass(frozen=True)
class ManMoved(Event):
    kind: ClassVar[str] = "soldiers-moved"
    man: str
    path: tuple[str, ...]
    cost: float
    left: float
    explanation: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{self.man} moves {' '.join(self.path)}: {self.cost:g} AP, {self.left:g} left [7.21]"
        )


@dataclass(frozen=True)
class ShotExplained(Event):
    """One shot, every step with its rule and the placeholders it used."""

    kind: ClassVar[str] = "soldiers-fire"
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
            f"{self.man} {self.fire_type} fire at {self.hex}: hit chance {self.chance}, "
            f"{rolled}, {'hit' if self.hit else 'miss'}"
        )


@dataclass(frozen=True)
class ManHit(Event):
    kind: ClassVar[str] = "soldiers-hit"
    man: str
    result: str
    why: str

    def describe(self) -> str:
        return f"{self.man}: {self.result} ({self.why})"


@dataclass(frozen=True)
class EventDrawn(Event):
    """The Event Table's result of a tactical turn and what the engine did with it [6.12]."""

    kind: ClassVar[str] = "soldiers-event"
    result: str
    text: str
    effect: str

    def describe(self) -> str:
        return f"{self.result}: {self.effect}"


@dataclass(frozen=True)
class SetupNote(Event):
    """A step of the set-up [19]: the intelligence difference and its bracket, the deployment
    modes, the mission each side plays, what the engine does not play, and why."""

    kind: ClassVar[str] = "soldiers-setup"
    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class ManLeft(Event):
    """A man moved off the map [7.26]."""

    kind: ClassVar[str] = "soldiers-off-map"
    man: str
    hex: str
    why: str

    def describe(self) -> str:
        return f"{self.man} moves off the map from {self.hex} ({self.why})"
