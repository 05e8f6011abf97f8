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
class ForcesBought(Event):
    """How a point-buy side got its forces before play (the purchase bot's strategy and seed,
    or a sample force), with what it bought: the first event of the game's log
    (:class:`rules.pointbuy.purchase.Bought`). Private to the side: a purchase is secret
    until play shows it (Soldiers' missions [19.1])."""

    kind: ClassVar[str] = "forces-bought"
    side: str
    lines: tuple[str, ...]

    def describe(self) -> str:
        return "\n".join(self.lines) or self.kind


@dataclass(frozen=True)
class UnitOffMap(Event):
    kind: ClassVar[str] = "unit-off-map"
    unit: str
    reason: str

    def describe(self) -> str:
        return f"{self.unit} is off the map ({self.reason})"


@dataclass(frozen=True)
class SideDone(Event):
    kind: ClassVar[str] = "side-done"
    side: str
    segment: str

    def describe(self) -> str:
        return f"{self.side} has finished: {self.segment}"


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


# --- panic [14.0], transport [9.0] and overrun [13.0] ---------------------------------------


# --- opportunity fire [6.5], Improved Positions [12.0] and mines [17.0] ---------------------
