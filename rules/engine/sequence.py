"""The turn sequence as data: phases, their segments in order, who acts, and the book's word.

An engine walks the segments of a Game-Turn in order. A segment's ``actor`` says who decides
in it: ``both`` (simultaneously, each side's decisions hidden from the other until executed),
``first`` or ``second`` (the scenario's First or Second Player alone), or ``engine`` (resolved
without a decision). What each segment does is the engine's; the data here is the book's
order, with citations, so the test-play panel and the log can show where play is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Actor = Literal["both", "first", "second", "engine"]


@dataclass(frozen=True)
class Segment:
    """One step of a phase.

    Attributes:
        id: a stable id (``first-player-movement``).
        name: as the book words it.
        actor: who decides in it.
        hidden: each side's decisions are hidden from the other (simultaneous plotting).
        source: the rule that puts it here.
        placeholder: what Hexwright supplied where the book is silent, else None.
    """

    id: str
    name: str
    actor: Actor
    source: str
    hidden: bool = False
    placeholder: str | None = None


@dataclass(frozen=True)
class Phase:
    """One phase of the Game-Turn: its segments in order."""

    id: str
    name: str
    source: str
    segments: tuple[Segment, ...]


def steps(sequence: tuple[Phase, ...]) -> tuple[tuple[Phase, Segment], ...]:
    """Every segment of a Game-Turn with its phase, in order."""
    return tuple((phase, segment) for phase in sequence for segment in phase.segments)
