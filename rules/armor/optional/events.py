"""Events of the Optional Rules (:mod:`rules.armor.optional`), each with the rule it applies."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.events import Event


@dataclass(frozen=True)
class TableRoll(Event):
    """One roll on a table of the Game Cards for a hex or unit: what was checked, the range
    read, the roll and what came of it (Fire Tables [OP XI], Building Destruction Table
    [OP XVIII])."""

    kind: ClassVar[str] = "armor-table-roll"
    what: str
    where: str
    reads: str
    roll: int
    outcome: str
    rule: str

    def describe(self) -> str:
        found = f"roll {self.roll:02d}: {self.outcome}"
        return f"{self.what} in {self.where}: {self.reads}, {found} {self.rule}"


@dataclass(frozen=True)
class HexChanged(Event):
    """A Fire or Destroyed unit placed in or removed from a hex, and why."""

    kind: ClassVar[str] = "armor-hex-changed"
    where: str
    change: str
    rule: str

    def describe(self) -> str:
        return f"{self.where}: {self.change} {self.rule}"


@dataclass(frozen=True)
class CoverChanged(Event):
    """A Full Cover unit placed on or removed from a unit [ADV IV.C], or a Turn of a Hasty
    Entrenchment dug [OP XXXII]."""

    kind: ClassVar[str] = "armor-cover"
    unit: str
    change: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.change} {self.rule}"


@dataclass(frozen=True)
class Told(Event):
    """What a side is told of the other side's Completely Hidden units [OP X.B] that it does not
    see: the route of a secret move that threw up dust [OP X.C.3.b], or a moving unit heard,
    what and where [OP X.D.3]; or, to the owner, what the other side was told."""

    kind: ClassVar[str] = "armor-told"
    what: str
    where: tuple[str, ...]
    rule: str

    def describe(self) -> str:
        return f"{self.what}: {', '.join(self.where)} {self.rule}"
