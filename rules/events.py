"""Events: what applying an action did, in order, for the game log and the tests.

Each event is a small frozen value with :meth:`Event.describe` for a readable log and
:meth:`Event.data` for fingerprints and files. ``private_to`` names the only side that may see
it (a plot is secret until executed [4.1], [5.0]); ``None`` means both sides see it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    """Base of every event."""

    kind: ClassVar[str] = "event"
    private_to: str | None = field(default=None, kw_only=True)

    def describe(self) -> str:
        return self.kind

    def data(self) -> dict[str, Any]:
        """The event as plain data: its kind and fields."""
        return {"kind": self.kind, **asdict(self)}

    def visible_to(self, side: str) -> bool:
        return self.private_to is None or self.private_to == side


@dataclass(frozen=True)
class SegmentBegan(Event):
    kind: ClassVar[str] = "segment-began"
    turn: int
    phase: str
    segment: str

    def describe(self) -> str:
        return f"Game-Turn {self.turn}, {self.phase}: {self.segment}"


@dataclass(frozen=True)
class SegmentSkipped(Event):
    """A segment the engine does not resolve yet (an extension point), and why."""

    kind: ClassVar[str] = "segment-skipped"
    segment: str
    reason: str

    def describe(self) -> str:
        return f"{self.segment}: skipped ({self.reason})"


@dataclass(frozen=True)
class UnitDeployed(Event):
    kind: ClassVar[str] = "unit-deployed"
    unit: str
    hex: str
    how: str

    def describe(self) -> str:
        return f"{self.unit} deployed in {self.hex} ({self.how})"


@dataclass(frozen=True)
class UnitOffMap(Event):
    kind: ClassVar[str] = "unit-off-map"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is off the map ({self.reason})"


@dataclass(frozen=True)
class Plotted(Event):
    kind: ClassVar[str] = "plotted"
    unit: str
    plot: str

    def describe(self) -> str:
        return f"plotted: {self.plot}"


@dataclass(frozen=True)
class SideDone(Event):
    kind: ClassVar[str] = "side-done"
    side: str
    segment: str

    def describe(self) -> str:
        return f"{self.side} has finished: {self.segment}"


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
class DieRolled(Event):
    kind: ClassVar[str] = "die-rolled"
    sides: int
    result: int
    purpose: str
    forced: bool = False

    def describe(self) -> str:
        mark = " (forced)" if self.forced else ""
        return f"d{self.sides} for {self.purpose}: {self.result}{mark}"


@dataclass(frozen=True)
class DiceForced(Event):
    kind: ClassVar[str] = "dice-forced"
    results: tuple[int, ...]

    def describe(self) -> str:
        return "the next die results are forced: " + " ".join(str(r) for r in self.results)


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game-ended"
    winner: str | None
    reason: str

    def describe(self) -> str:
        return f"the game ends: {self.winner or 'no winner'} ({self.reason})"


@dataclass(frozen=True)
class Modifier:
    """One step of a fire resolution that changed a number: what, by how much, and the rule.

    ``applied`` is False for a modifier considered and not used (a lesser terrain benefit
    [10.25], a hexside against H fire [10.22]); ``placeholder`` says when the value is not the
    book's."""

    what: str
    value: int
    rule: str
    applied: bool = True
    placeholder: str | None = None

    def describe(self) -> str:
        mark = "" if self.applied else " (not used)"
        extra = f" (placeholder: {self.placeholder})" if self.placeholder else ""
        return f"{self.what} {self.value:+d} {self.rule}{mark}{extra}"


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
