"""Panzer '44's events: what its fire, movement, panic, transport, overruns and fortifications
did, each with the rules it applied (see :mod:`rules.engine.events` for the base)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.events import Event, Modifier


@dataclass(frozen=True)
class Plotted(Event):
    kind: ClassVar[str] = "plotted"
    unit: str
    plot: str

    def describe(self) -> str:
        return f"plotted: {self.plot}"


@dataclass(frozen=True)
class HexEntered(Event):
    """A moving unit entered a hex: where the Opportunity Fire and mines of the rest of issue 6
    interrupt a move [6.53]-[6.55], [17.13]."""

    kind: ClassVar[str] = "hex-entered"
    unit: str
    hex: str
    cost: float
    spent: float
    placeholder: bool = False

    def describe(self) -> str:
        mark = " (a placeholder cost)" if self.placeholder else ""
        return f"{self.unit} enters {self.hex} for {self.cost:g} MP ({self.spent:g} spent){mark}"


@dataclass(frozen=True)
class MapEntered(Event):
    """A unit waiting off the map entered it [18.6]: through which hex, and what the queue
    ahead of it cost [18.62]."""

    kind: ClassVar[str] = "map-entered"
    unit: str
    hex: str
    cost: float
    why: str

    def describe(self) -> str:
        return f"{self.unit} enters the map at {self.hex} for {self.cost:g} MP ({self.why})"


@dataclass(frozen=True)
class MapLeft(Event):
    """A unit left the map where the scenario allows it [7.23], paying for the hypothetical hex
    beyond the edge [18.5]; what it carried left with it."""

    kind: ClassVar[str] = "map-left"
    unit: str
    hex: str
    cost: float
    spent: float
    carrying: tuple[str, ...] = ()

    def describe(self) -> str:
        extra = f", carrying {', '.join(self.carrying)}" if self.carrying else ""
        return (
            f"{self.unit} leaves the map from {self.hex} for {self.cost:g} MP "
            f"({self.spent:g} spent{extra}) [7.23]"
        )


@dataclass(frozen=True)
class MoveEnded(Event):
    kind: ClassVar[str] = "move-ended"
    unit: str
    hex: str
    spent: float
    allowance: int
    carrying: str | None = None

    def describe(self) -> str:
        extra = f", carrying {self.carrying}" if self.carrying else ""
        return (
            f"{self.unit} ends its move in {self.hex} ({self.spent:g}/{self.allowance} MP{extra})"
        )


@dataclass(frozen=True)
class NotMoved(Event):
    kind: ClassVar[str] = "not-moved"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} was plotted to move but did not ({self.reason})"


@dataclass(frozen=True)
class FireResolved(Event):
    """One attack of one unit on one unit, explained: the procedure row of the Attack
    Procedure Chart [6.85], each modifier with its rule, the roll, the Combat Results Table
    cell and the rule cited. The result waits for the end of the Direct Fire Phase [5.1]."""

    kind: ClassVar[str] = "fire-resolved"
    firer: str
    target: str
    target_hex: str
    task: str
    procedure: str
    range: int
    attack: int
    defense: int
    superiority: int
    roll: int
    modified_roll: int
    result: str
    modifiers: tuple[Modifier, ...]
    table: str
    rule: str
    placeholder: str | None = None

    def describe(self) -> str:
        steps = "; ".join(m.describe() for m in self.modifiers) or "no modifiers"
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"{self.firer} {self.task} at {self.target} in {self.target_hex} ({self.procedure}, "
            f"range {self.range}): attack {self.attack} - defense {self.defense} = "
            f"{self.superiority:+d}; {steps}; roll {self.roll} -> {self.modified_roll}; "
            f"{self.table}: {self.result} {self.rule}{mark}"
        )


@dataclass(frozen=True)
class FireVoid(Event):
    """A plotted fire that could not be executed, and why (the plot is void [11.21])."""

    kind: ClassVar[str] = "fire-void"
    firer: str
    plot: str
    reason: str

    def describe(self) -> str:
        return f"{self.firer} does not fire ('{self.plot}'): {self.reason}"


@dataclass(frozen=True)
class ResultApplied(Event):
    """A combat result placed on a unit [5.1], [6.82], [6.84], with the unit's state after."""

    kind: ClassVar[str] = "result-applied"
    unit: str
    result: str
    disruption: int
    pinned: bool
    delayed_panic: bool
    destroyed: bool
    rule: str
    note: str = ""

    def describe(self) -> str:
        state = "destroyed" if self.destroyed else f"D{self.disruption}" if self.disruption else ""
        marks = [m for m, on in (("Pin", self.pinned), ("(P)", self.delayed_panic)) if on]
        now = ", ".join([*marks, state] if state else marks) or "no marker"
        extra = f" ({self.note})" if self.note else ""
        return f"{self.unit} takes {self.result}: now {now} {self.rule}{extra}"


@dataclass(frozen=True)
class PinsRemoved(Event):
    kind: ClassVar[str] = "pins-removed"
    units: tuple[str, ...]

    def describe(self) -> str:
        return f"Pin markers removed [6.83]: {', '.join(self.units) or 'none'}"


@dataclass(frozen=True)
class DisruptionRoll(Event):
    """An attempt to remove a Disruption marker: the table's number and whether it worked."""

    kind: ClassVar[str] = "disruption-roll"
    unit: str
    disruption: int
    roll: int
    needed: int
    removed: bool

    def describe(self) -> str:
        verdict = "removed" if self.removed else "stays"
        return (
            f"{self.unit} D{self.disruption}: rolled {self.roll}, needs {self.needed} or less "
            f"(Disruption Removal Table [6.83]): {verdict}"
        )


@dataclass(frozen=True)
class PanicNotInUse(Event):
    """No Panic Determination this Game-Turn, and why (before the shooting starts [14.82])."""

    kind: ClassVar[str] = "panic-not-in-use"
    turn: int
    reason: str

    def describe(self) -> str:
        return f"Game-Turn {self.turn}: no unit panics ({self.reason})"


@dataclass(frozen=True)
class PanicChitsDrawn(Event):
    """A side's Panic Level this Game-Turn, how it is made up, and the chits drawn [14.0]: every
    hex whose number ends in a drawn digit is a Panicked hex for that side's units."""

    kind: ClassVar[str] = "panic-chits-drawn"
    side: str
    level: int
    why: str
    chits: tuple[int, ...]

    def describe(self) -> str:
        drawn = ", ".join(str(c) for c in self.chits) or "none"
        return (
            f"{self.side}: Panic Level {self.level}% ({self.why}); {len(self.chits)} chit(s) "
            f"drawn: {drawn} [14.0]"
        )


@dataclass(frozen=True)
class UnitPanicked(Event):
    """A unit panics this Game-Turn: why (a Panicked hex, a (P) marker, its carrier's panic)
    and what that does to its plotted task."""

    kind: ClassVar[str] = "unit-panicked"
    unit: str
    hex: str
    cause: str
    effect: str

    def describe(self) -> str:
        return f"{self.unit} in {self.hex} panics ({self.cause}): {self.effect}"


@dataclass(frozen=True)
class DelayedPanicRemoved(Event):
    """The (P) markers come off once the Game-Turn's panic is determined [14.71]-[14.72]."""

    kind: ClassVar[str] = "delayed-panic-removed"
    units: tuple[str, ...]

    def describe(self) -> str:
        return f"Delayed Panic markers removed [14.71]: {', '.join(self.units) or 'none'}"


@dataclass(frozen=True)
class Scattered(Event):
    """A panicked unit's Panic Movement (Scatter) [14.11]-[14.15]: the direction and the Panic
    Movement Allowance rolled, the hexes entered and why it stopped."""

    kind: ClassVar[str] = "scattered"
    unit: str
    direction: str
    allowance: int
    hexes: tuple[str, ...]
    spent: float
    stopped: str
    placeholder: str | None = None

    def describe(self) -> str:
        path = " ".join(self.hexes) or "no hex"
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"{self.unit} scatters {self.direction} with {self.allowance} MP: {path} "
            f"({self.spent:g} MP spent; {self.stopped}) [14.11]-[14.15]{mark}"
        )


@dataclass(frozen=True)
class Mounted(Event):
    """A carrier was placed on top of an adjacent non-vehicle unit [9.0], [9.11]-[9.13]."""

    kind: ClassVar[str] = "mounted"
    carrier: str
    passenger: str
    hex: str

    def describe(self) -> str:
        return (
            f"{self.carrier} mounts {self.passenger} in {self.hex}: both spend their entire "
            "Movement Allowance [9.11], [9.13], [9.6]"
        )


@dataclass(frozen=True)
class Dismounted(Event):
    """A carrier left its passenger, placed in an adjacent hex [9.0], [9.11], [9.13]."""

    kind: ClassVar[str] = "dismounted"
    carrier: str
    passenger: str
    hex: str
    carrier_hex: str

    def describe(self) -> str:
        return (
            f"{self.carrier} dismounts {self.passenger} in {self.hex} and is placed in "
            f"{self.carrier_hex}: both spend their entire Movement Allowance [9.11], [9.13]"
        )


@dataclass(frozen=True)
class OverrunResolved(Event):
    """One attack of an overrun [13.0]: the overrun attack or the counterattack, printed
    strengths, no terrain, the roll and the Combat Results Table cell."""

    kind: ClassVar[str] = "overrun-resolved"
    attacker: str
    defender: str
    hex: str
    role: str
    attack: int
    defense: int
    superiority: int
    roll: int
    result: str
    rule: str
    note: str = ""

    def describe(self) -> str:
        extra = f" ({self.note})" if self.note else ""
        return (
            f"{self.role}: {self.attacker} at {self.defender} in {self.hex}: printed attack "
            f"{self.attack} - defense {self.defense} = {self.superiority:+d}, no terrain; roll "
            f"{self.roll}: {self.result} {self.rule}{extra}"
        )


@dataclass(frozen=True)
class MoveStopped(Event):
    """A move ended before the hexes written in it, and why (an overrun's counterattack
    [13.22])."""

    kind: ClassVar[str] = "move-stopped"
    unit: str
    hex: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} stops in {self.hex}: {self.reason}"


@dataclass(frozen=True)
class ImpactDetermined(Event):
    """Where an Indirect Fire, counterbattery fire, off-board concentration or air strike
    lands [6.48], [16.1]: the scatter roll, the direction when it scatters (Scatter Diagram),
    the impact hex, the hexes of its pattern [6.21] and the units it attacks there [6.22]."""

    kind: ClassVar[str] = "impact-determined"
    firer: str
    plot: str
    target_hex: str
    roll: int
    scattered: bool
    direction_roll: int | None
    direction: str | None
    impact_hex: str
    zone: tuple[str, ...]
    units: tuple[str, ...]
    table: str
    rule: str
    placeholder: str | None = None

    def describe(self) -> str:
        where = (
            f"scatters {self.direction} (direction roll {self.direction_roll}) to {self.impact_hex}"
            if self.scattered
            else f"lands on {self.target_hex}"
        )
        units = ", ".join(self.units) or "no unit"
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"{self.firer} ('{self.plot}'): scatter roll {self.roll}, {where} ({self.table} "
            f"{self.rule}); zone {' '.join(self.zone) or 'off the map'}: {units}{mark}"
        )


@dataclass(frozen=True)
class CounterbatterySpotting(Event):
    """The roll when an artillery or mortar unit executes Indirect Fire: spotted on ``needed``
    or less, open to the enemy's counterbattery and, while it stays in the hex, to his
    Indirect Fire [6.71], [6.78]."""

    kind: ClassVar[str] = "counterbattery-spotting"
    unit: str
    hex: str
    roll: int
    needed: int
    spotted: bool
    rule: str

    def describe(self) -> str:
        verdict = "spotted" if self.spotted else "stays concealed"
        return (
            f"{self.unit} fired Indirect Fire from {self.hex}: rolled {self.roll}, spotted on "
            f"{self.needed} or less: {verdict} {self.rule}"
        )


@dataclass(frozen=True)
class OpportunityTriggered(Event):
    """An enemy unit moved onto a Line of Opportunity Fire [6.52]-[6.53]: the move stops while
    the fire is resolved as Direct Fire, its result applied at once [6.55]."""

    kind: ClassVar[str] = "opportunity-triggered"
    firer: str
    plot: str
    unit: str
    hex: str
    how: str
    rule: str

    def describe(self) -> str:
        return (
            f"{self.unit} in {self.hex} triggers the Opportunity Fire of {self.firer} "
            f"('{self.plot}'): {self.how} {self.rule}"
        )


@dataclass(frozen=True)
class ImprovedPositionPlaced(Event):
    """An Improved Position placed at the initial deployment [12.21], and the unit inside it."""

    kind: ClassVar[str] = "improved-position-placed"
    side: str
    hex: str
    inside: str | None
    how: str

    def describe(self) -> str:
        who = f", {self.inside} inside" if self.inside else ""
        return f"{self.side} Improved Position in {self.hex}{who} ({self.how}) [12.21]"


@dataclass(frozen=True)
class ImprovedPositionChanged(Event):
    """A unit goes inside an Improved Position or climbs out of it [12.4], or the position is
    destroyed for want of a friendly garrison at the end of a Game-Turn [12.22]."""

    kind: ClassVar[str] = "improved-position-changed"
    hex: str
    unit: str | None
    change: str
    rule: str

    def describe(self) -> str:
        who = f"{self.unit} " if self.unit else ""
        return f"Improved Position in {self.hex}: {who}{self.change} {self.rule}"


@dataclass(frozen=True)
class MinesLaid(Event):
    """A side's mined hexes, noted secretly at deployment [17.0] (seen by that side only)."""

    kind: ClassVar[str] = "mines-laid"
    side: str
    mine_kind: str
    hexes: tuple[str, ...]
    how: str

    def describe(self) -> str:
        return (
            f"{self.side} notes {len(self.hexes)} {self.mine_kind} mined hex(es) secretly: "
            f"{' '.join(self.hexes) or 'none'} ({self.how}) [17.0]"
        )


@dataclass(frozen=True)
class MineAttack(Event):
    """A Mine Attack on a unit entering or leaving a mined hex [17.11]-[17.14]: the mined
    hex's Net Attack Superiority, the roll on the Combat Results Table, no terrain, strength
    or target type [17.12]; the Mined Hex marker is placed [17.0]."""

    kind: ClassVar[str] = "mine-attack"
    unit: str
    hex: str
    owner: str
    mine_kind: str
    moving: str
    superiority: int
    roll: int
    result: str
    table: str
    rule: str
    placeholder: str | None = None

    def describe(self) -> str:
        mark = f" [placeholder: {self.placeholder}]" if self.placeholder else ""
        return (
            f"Mine Attack on {self.unit} {self.moving} {self.hex} ({self.owner}'s "
            f"{self.mine_kind} mined hex, {self.superiority:+d}): roll {self.roll}; "
            f"{self.table}: {self.result} {self.rule}{mark}"
        )
