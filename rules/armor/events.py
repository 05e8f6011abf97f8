"""Events of the Armor engine (subclasses of :class:`rules.engine.events.Event`), each with the rule
it applies. Kept apart from :mod:`rules.engine.events`, which the Panzer '44 engine owns."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from rules.armor.range import range_words
from rules.engine.events import Event, Modifier


@dataclass(frozen=True)
class Placed(Event):
    """A unit set up on the map, its facing (the book's direction number) and how."""

    kind: ClassVar[str] = "armor-placed"
    unit: str
    hex: str
    facing: int
    how: str

    def describe(self) -> str:
        return f"{self.unit} set up in {self.hex} facing {self.facing} ({self.how})"


@dataclass(frozen=True)
class Sighted(Event):
    """What one side's units sight in the Sighting Phase [AG IV] (seen by that side only)."""

    kind: ClassVar[str] = "armor-sighted"
    side: str
    sightings: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.side} sights: {', '.join(self.sightings) or 'nothing'} [AG IV]"


@dataclass(frozen=True)
class OrderPlotted(Event):
    """An order written on the Command Sheet, secret until executed [AG V]."""

    kind: ClassVar[str] = "armor-order"
    unit: str
    order: str

    def describe(self) -> str:
        return f"{self.unit} plotted '{self.order}' [AG V.A]"


@dataclass(frozen=True)
class OrdersRevealed(Event):
    """The Command Sheets laid out in full view for movement [AG VII.A]."""

    kind: ClassVar[str] = "armor-orders-revealed"
    orders: tuple[str, ...]

    def describe(self) -> str:
        return "orders: " + ("; ".join(self.orders) or "none") + " [AG VII.A]"


@dataclass(frozen=True)
class ApFire(Event):
    """One Direct (or Opportunity) Fire of AP shells, explained step by step [AG VI.B]; the
    range by the Range Scale, Dot to Dot [AG III.D], and the hexes counted between them."""

    kind: ClassVar[str] = "armor-ap-fire"
    firer: str
    target: str
    range: int
    hexes: int
    ap_factor: int
    penetration: int
    modifiers: tuple[Modifier, ...]
    modifier_number: int
    hit_number: int
    shots: int
    roll: int
    hits: int
    rule: str
    placeholder: str | None = None

    def describe(self) -> str:
        """The shot in one line, then its working a step a line (the log indents them)."""
        rng = range_words(self.range, self.hexes)
        lines = [
            f"{self.firer} fires AP at {self.target}, {rng}: {self.hits} hit(s) {self.rule}",
            f"Gunnery Table: AP Factor {self.ap_factor}, Penetration {self.penetration} "
            "[AG VI.B.1]",
            "Modifiers to the base 20 [AG VI.B.3]: "
            + ("; ".join(m.describe() for m in self.modifiers) or "none"),
            f"Modifier Number {self.modifier_number} with AP Factor {self.ap_factor}: Hit "
            f"Number {self.hit_number} [AG VI.B.2; GC1 AP Hit Tables]",
            f"{self.shots} shot(s), roll {self.roll:02d}: {self.hits} hit(s)",
        ]
        if self.placeholder:
            lines.append(f"placeholder: {self.placeholder}")
        return "\n".join(lines)


@dataclass(frozen=True)
class GpFire(Event):
    """One Direct (or Opportunity) Fire of GP weapons, explained step by step [ADV VI.B]: the
    first line the result, then the GP Factor, its modifiers, the GP Hit Table's column, the
    target's GP Defense Factor, the table's N and S, the roll and the Effects of GP Hits."""

    kind: ClassVar[str] = "armor-gp-fire"
    firer: str
    target: str
    range: int
    hexes: int
    firer_orders: str  # NM or MV
    gp_factor: int
    modifiers: tuple[Modifier, ...]
    modified_factor: int
    column: str
    defense: int
    defense_why: str
    dice_modifiers: tuple[Modifier, ...]
    n: int
    s: int
    roll: int
    modified_roll: int
    result: str  # N, S or K
    effects_row: str
    effects: tuple[str, ...]
    rule: str
    placeholder: str | None = None
    verb: str = "fires GP at"  # "Close Assaults" [ADV VII]
    factor_rule: str = "[ADV VI.B.1]"

    def describe(self) -> str:
        """The result in one line, then the working a step a line (the log indents them)."""
        rng = range_words(self.range, self.hexes)
        word = {"N": "No Damage", "S": "Suppressed", "K": "Knocked Out"}[self.result]
        done = ", ".join(e.replace("-", " ").replace("crew", "one crew loss") for e in self.effects)
        lines = [
            f"{self.firer} {self.verb} {self.target}, {rng}: {word}"
            + (f" ({done})" if done else " (no effect)")
            + f" {self.rule}",
            f"Gunnery Table: {self.firer_orders} GP Factor {self.gp_factor} {self.factor_rule}",
            "GP Factor Modifiers [ADV VI.B.2]: "
            + ("; ".join(m.what + " " + m.rule for m in self.modifiers) or "none")
            + f": GP Factor {self.modified_factor}",
            f"GP Hit Table column {self.column} [ADV VI.B.3; GC1 GP Hit Table]",
            f"GP Defense Factor {self.defense}: {self.defense_why}",
            f"row Defense {self.defense}, column {self.column}: N {self.n:02d}, S {self.s:02d} "
            "(at or under N No Damage, at or under S Suppressed, above S or 00 Knocked Out) "
            "[GC1 GP Hit Table]",
            f"roll {self.roll:02d}"
            + "".join(f" {m.value:+d} ({m.what} {m.rule})" for m in self.dice_modifiers)
            + (f" = {self.modified_roll}" if self.dice_modifiers else "")
            + f": {word}",
            f"Effects of GP Hits, '{self.effects_row}': "
            + (done or "no effect")
            + " [GC1 Effects of GP Hits]",
        ]
        if self.placeholder:
            lines.append(f"placeholder: {self.placeholder}")
        return "\n".join(lines)


@dataclass(frozen=True)
class PhaseNote(Event):
    """What a phase of the Sequence of Play did when it had nothing to resolve, and why."""

    kind: ClassVar[str] = "armor-phase-note"
    phase: str
    note: str
    rule: str

    def describe(self) -> str:
        return f"{self.phase}: {self.note} {self.rule}"


@dataclass(frozen=True)
class ApHit(Event):
    """One hit: where it struck, the AB there and whether it penetrated [AG VI.B.5-7];
    ``turret`` says how the turret's facing moved it, when the scenario plays that [OP VII]."""

    kind: ClassVar[str] = "armor-ap-hit"
    firer: str
    target: str
    elevation: str
    sector: str
    aspect: str
    angle: int
    location_roll: int
    location: str
    armour: int
    penetration: int
    result: str
    damage_roll: int | None
    rule: str
    placeholder: str | None = None
    turret: str = ""

    def describe(self) -> str:
        dmg = f", Damage Caused roll {self.damage_roll:02d}" if self.damage_roll else ""
        turned = f" ({self.turret})" if self.turret else ""
        lines = [
            f"hit on {self.target}: {self.result} {self.rule}",
            f"Target Angle Wheel: {self.elevation} at {self.sector} ({self.aspect}, {self.angle})",
            f"Hit Determination roll {self.location_roll:02d} = {self.location}{turned}, AB "
            f"{self.armour} vs Penetration {self.penetration}{dmg}",
        ]
        if self.placeholder:
            lines.append(f"placeholder: {self.placeholder}")
        return "\n".join(lines)


@dataclass(frozen=True)
class FireCancelled(Event):
    """A plotted fire that does not take place, and why."""

    kind: ClassVar[str] = "armor-fire-cancelled"
    unit: str
    order: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} does not fire ({self.order}): {self.reason}"


@dataclass(frozen=True)
class Damaged(Event):
    """A result applied to a vehicle at the end of a fire [AG VI.A; GC1 Effects of AP Hits]."""

    kind: ClassVar[str] = "armor-damaged"
    unit: str
    effect: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.effect} {self.rule}"


@dataclass(frozen=True)
class Moved(Event):
    """A unit's plotted movement as executed: the hexes entered and the SF spent [AG VII]."""

    kind: ClassVar[str] = "armor-moved"
    unit: str
    order: str
    path: tuple[str, ...]
    facing: int
    spent: str
    note: str = ""

    def describe(self) -> str:
        where = " ".join(self.path) or "in place"
        extra = f" ({self.note})" if self.note else ""
        whole, part = divmod(Fraction(self.spent), 1)  # as the cards write SF: 2 2/3
        spent = f"{whole} {part}" if whole and part else str(part or whole)
        return (
            f"{self.unit} executes '{self.order}': {where}, facing {self.facing}, {spent} SF{extra}"
        )


@dataclass(frozen=True)
class OrderCut(Event):
    """Part of an order erased as illegal [AG VII.C]."""

    kind: ClassVar[str] = "armor-order-cut"
    unit: str
    order: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit}: '{self.order}' cut short: {self.reason}"


@dataclass(frozen=True)
class BuildingCheck(Event):
    """A vehicle crossing a Building hexside rolls for Track and Gun damage [AG VII.E.2]."""

    kind: ClassVar[str] = "armor-building-check"
    unit: str
    hexside: str
    column: str
    roll: int
    limit: int
    damage: bool
    rule: str
    placeholder: str | None = None

    def describe(self) -> str:
        verdict = "damage" if self.damage else "no damage"
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"{self.unit} crosses {self.hexside}: {self.column} {self.roll:02d} vs "
            f"{self.limit:02d}: {verdict} {self.rule}{mark}"
        )


@dataclass(frozen=True)
class AlleyTurnCheck(BuildingCheck):
    """A vehicle turning or Pivoting in Place in an Alley hex rolls on the Vehicle/Building
    Table as for a Brick Building [OP XXVII.D.4]; ``hexside`` says what it does where."""

    kind: ClassVar[str] = "armor-alley-turn-check"

    def describe(self) -> str:
        verdict = "damage" if self.damage else "no damage"
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"{self.unit} {self.hexside}: {self.column} {self.roll:02d} vs {self.limit:02d}: "
            f"{verdict} {self.rule}{mark}"
        )


@dataclass(frozen=True)
class Bounced(Event):
    """A unit moved back out of a hex disputed with the enemy [AG VII.D]."""

    kind: ClassVar[str] = "armor-bounced"
    unit: str
    hex: str
    back_to: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} moved back from {self.hex} to {self.back_to}: {self.reason} [AG VII.D]"


@dataclass(frozen=True)
class Faced(Event):
    """Final Facing: hull pivot and turret turn [AG VIII.A]."""

    kind: ClassVar[str] = "armor-faced"
    unit: str
    hull: int
    turret: int

    def describe(self) -> str:
        return f"{self.unit} faces {self.hull}, turret {self.turret} [AG VIII.A]"


@dataclass(frozen=True)
class LeftMap(Event):
    """A unit moved off the mapboard: out of the game [AG VII.C.5]."""

    kind: ClassVar[str] = "armor-left-map"
    unit: str
    hex: str
    exit_vp: bool

    def describe(self) -> str:
        scored = " (an exit that scores)" if self.exit_vp else ""
        return f"{self.unit} leaves the map from {self.hex}: out of the game [AG VII.C.5]{scored}"


@dataclass(frozen=True)
class Adjudged(Event):
    """One step of the victory adjudication at the end of the game, with its section
    [SCN IV] (:mod:`rules.armor.adjudication`)."""

    kind: ClassVar[str] = "armor-adjudged"
    step: str

    def describe(self) -> str:
        return f"Victory: {self.step}"
