"""Events of Terrain Support units and Mines [Setup II.D; ADV V; OP IV], each with its rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.events import Event


@dataclass(frozen=True)
class SupportSetUp(Event):
    """A Terrain Support unit set up [SCN III.F; Setup II.D], and how its hex was chosen."""

    kind: ClassVar[str] = "armor-support-set-up"
    unit: str
    name: str
    hex: str
    how: str

    def describe(self) -> str:
        return f"{self.name} unit {self.unit} set up in {self.hex} ({self.how})"


@dataclass(frozen=True)
class Sheltered(Event):
    """A Leg or Towed unit set up inside a Pillbox or Bunker [AG III.B.4; CS Order Notations]."""

    kind: ClassVar[str] = "armor-sheltered"
    unit: str
    shelter: str
    hex: str

    def describe(self) -> str:
        return (
            f"{self.unit} is inside the {self.shelter} in {self.hex}: stacked under it "
            "[CS], never Suppressed while inside [OP XVII.B.4]"
        )


@dataclass(frozen=True)
class MinesLaid(Event):
    """The Mines of a Mine unit, noted secretly by their owner [OP IV.B.1]."""

    kind: ClassVar[str] = "armor-mines-laid"
    unit: str
    hexes: tuple[str, ...]
    how: str

    def describe(self) -> str:
        return f"{self.unit}: Mines in {', '.join(self.hexes) or 'no hex'} ({self.how}) [OP IV.B]"


@dataclass(frozen=True)
class MineAttack(Event):
    """A Mine Attack on a unit entering a mined hex [OP IV.C]: the Mine, the roll and what it
    needed, the result."""

    kind: ClassVar[str] = "armor-mine-attack"
    unit: str
    hex: str
    mine: str
    roll: int
    needed: str
    result: str
    rule: str

    def describe(self) -> str:
        return (
            f"Mine Attack on {self.unit} in {self.hex}: {self.mine} Mine, rolled {self.roll:02d} "
            f"({self.needed}): {self.result} {self.rule}"
        )


@dataclass(frozen=True)
class SupportEffect(Event):
    """What a Terrain Support unit did to a moving unit: a Wire removed [ADV V.D.2], a Leg
    unit held in a Ditch [ADV V.A.4], a unit leaving its Pillbox or Bunker."""

    kind: ClassVar[str] = "armor-support-effect"
    unit: str
    hex: str
    effect: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit} in {self.hex}: {self.effect} {self.rule}"
