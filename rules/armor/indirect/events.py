"""Events of off-board Artillery [OP II], each with its rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.events import Event


@dataclass(frozen=True)
class BatteryReady(Event):
    """An Artillery Battery with its Artillery Impact unit, Spotting unit and Designated hexes
    [OP II.B; II.C; SCN III.G]."""

    kind: ClassVar[str] = "armor-battery-ready"
    battery: str
    impact_unit: int
    gp: int
    spotter: str
    designated: tuple[str, ...]
    how: str

    def describe(self) -> str:
        des = ", ".join(self.designated) or "none"
        spotter = self.spotter or "none (no friendly unit with a Radio)"
        return (
            f"{self.battery}: Artillery Impact unit #{self.impact_unit}, GP Factor {self.gp} "
            f"[OP II.C]; Spotting unit {spotter} [OP II.B]; Designated hexes {des} "
            f"[OP II.A.2; SCN III.G] ({self.how})"
        )


@dataclass(frozen=True)
class ArtilleryPlotted(Event):
    """A Battery's fire written on the Artillery Plot for its Turn of Impact [OP II.A]."""

    kind: ClassVar[str] = "armor-artillery-plotted"
    battery: str
    notation: str
    impact_turn: int
    rule: str

    def describe(self) -> str:
        return (
            f"{self.battery} plots {self.notation} to Impact on Turn {self.impact_turn} {self.rule}"
        )


@dataclass(frozen=True)
class ArtilleryImpact(Event):
    """Where a Battery's Artillery Impact unit lands after the Scatter check [OP II.D.1-2]."""

    kind: ClassVar[str] = "armor-artillery-impact"
    battery: str
    notation: str
    target: str
    scatter_on: int
    roll: int
    direction: int | None
    impact: str | None

    def describe(self) -> str:
        head = (
            f"{self.battery} {self.notation}: Scatter on 01-{self.scatter_on:02d}, rolled "
            f"{self.roll:02d}"
        )
        if self.direction is None:
            return f"{head}: no Scatter, Impact in {self.target} [OP II.D.2]"
        where = (
            f"Impact in {self.impact}"
            if self.impact is not None
            else "off the mapboard: out of play, no fire [OP II.D.2.b]"
        )
        return (
            f"{head}: Scatters in direction {self.direction} (Scatter Diagram), {where} "
            "[OP II.D.2; GC2 Scatter Diagram]"
        )


@dataclass(frozen=True)
class ArtilleryFire(Event):
    """A Battery's fire at one unit in or adjacent to its Impact hex [OP II.D.3]."""

    kind: ClassVar[str] = "armor-artillery-fire"
    battery: str
    target: str
    where: str
    gp: int
    column: str
    defense: int
    defense_why: str
    n: int
    s: int
    roll: int
    result: str
    effects: tuple[str, ...]
    rule: str
    placeholder: str = ""

    def describe(self) -> str:
        got = ", ".join(self.effects) or "no effect"
        return (
            f"{self.battery} fires at {self.target} ({self.where}): GP Factor {self.gp} "
            f"(column {self.column}) against GP Defense {self.defense} ({self.defense_why}); "
            f"N {self.n:02d}, S {self.s:02d}, rolled {self.roll:02d}: {self.result}, {got} "
            f"{self.rule}"
        )


@dataclass(frozen=True)
class IndirectFireResolved(Event):
    """A unit's Indirect Fire at its Impact hex [OP II.F.4.e]."""

    kind: ClassVar[str] = "armor-indirect-fire"
    unit: str
    hex: str
    gp: int
    halved: bool
    column: str
    defense: int
    targets: tuple[str, ...]
    n: int
    s: int
    roll: int
    result: str
    effects: tuple[str, ...]
    placeholder: str = ""

    def describe(self) -> str:
        if not self.targets:
            return f"{self.unit} Indirect Fire on {self.hex}: no unit there [OP II.F.4.e]"
        half = " (Suppressed Vehicle: x1/2)" if self.halved else ""
        got = "; ".join(self.effects) or "no effect"
        return (
            f"{self.unit} Indirect Fire on {self.hex}: MV GP Factor {self.gp}{half} (column "
            f"{self.column}) against the total GP Defense {self.defense} of "
            f"{', '.join(self.targets)}; N {self.n:02d}, S {self.s:02d}, rolled {self.roll:02d}: "
            f"{self.result}, {got} [OP II.F.4.e; GC1 GP Hit Table]"
        )


@dataclass(frozen=True)
class MortarImpact(ArtilleryImpact):
    """Where a Mortar Team's fire lands after the Scatter check: its Direct Fire ("F" and the
    hex) [OP II.E.5] or its Indirect Fire ("H"), the Scatter numbers doubled [OP II.F.4.b(1)]."""

    kind: ClassVar[str] = "armor-mortar-impact"

    def describe(self) -> str:
        head = (
            f"{self.battery} Mortar Fire {self.notation}: Scatter on 01-{self.scatter_on:02d}, "
            f"rolled {self.roll:02d}"
        )
        if self.direction is None:
            return f"{head}: no Scatter, the Impact hex is {self.target} [OP II.E.5.a]"
        where = (
            f"the Impact hex is {self.impact} [OP II.E.5.a]"
            if self.impact is not None
            else "off the mapboard: out of play, no fire [OP II.D.2.b]"
        )
        return (
            f"{head}: Scatters in direction {self.direction} (Scatter Diagram), {where} "
            "[OP II.E.5; OP II.D.2; GC2 Scatter Diagram]"
        )


@dataclass(frozen=True)
class MortarFire(Event):
    """A Mortar Team's fire at one unit in its Impact hex: its GP Factor against the unit's
    GP Defense Factor, effects as Direct GP Fire [OP II.E.5.b; II.F.4.d]."""

    kind: ClassVar[str] = "armor-mortar-fire"
    mortar: str
    target: str
    hex: str
    gp: int
    column: str
    defense: int
    defense_why: str
    n: int
    s: int
    roll: int
    result: str
    effects: tuple[str, ...]
    rule: str
    placeholder: str = ""

    def describe(self) -> str:
        if not self.target:
            return f"{self.mortar} Mortar Fire on {self.hex}: no unit in the Impact hex {self.rule}"
        got = ", ".join(self.effects) or "no effect"
        return (
            f"{self.mortar} Mortar Fire at {self.target} in the Impact hex {self.hex}: GP Factor "
            f"{self.gp} (column {self.column}) against GP Defense {self.defense} "
            f"({self.defense_why}); N {self.n:02d}, S {self.s:02d}, rolled {self.roll:02d}: "
            f"{self.result}, {got} {self.rule}"
        )
