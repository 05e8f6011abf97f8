"""A Panzer Command game's state as records (STYLE point 26, :mod:`rules.engine.record`): where
play is, the units' places and condition, and each side's chits and points. Clone and snapshot
come from these fields, so a field added here is in both.

The snapshot keeps the keys and encodings the hand-written one had (fingerprints of replays
written before stay valid): hexes by their printed names, the Game Turn Track by the turn's
number as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.record import Record, state_field
from rules.maps.named import HexesByName

MAX_DISPATCH, MAX_COMMANDS = 9, 19  # Dispatch Points and Direct Commands at most [§4.2]
#: Where play is in a turn: the Preparation Phase, the Action Phase between chits, a Segment.
PHASES = ("prep", "action", "segment")


def _track_text(track: dict[int, list[str]]) -> dict[str, list[str]]:
    return {str(t): list(c) for t, c in sorted(track.items())}


@dataclass
class Play(Record):
    """Where play is [§3.1-3.2]: the Game Turn, the phase (:data:`PHASES`), whether the game is
    over, the sides that passed in this phase, the chit of the Segment now, the units that
    have had an Action in it, the Actions each performed (a unit performs no Action twice in a
    Segment), the units a Direct Command was spent on in it (one a unit) [§3.2] and the Steps
    of reinforcements that entered each hex in it, by the hex's name (the column [§15.2])."""

    turn: int = 1
    phase: str = "prep"
    over: bool = False
    passed: set[str] = state_field(default_factory=set)
    chit: str | None = None
    acted: set[str] = state_field(default_factory=set)
    verbs: dict[str, list[str]] = state_field(default_factory=dict)
    commanded: set[str] = state_field(default_factory=set)
    entered: dict[str, int] = state_field(default_factory=dict)


@dataclass
class Troops(Record):
    """The units: where each stands (off the map: not yet arrived or eliminated), its steps
    left, Suppression and Cohesion Hits [§11.1], the units eliminated in order, and the unit
    each side's Regimental HQ is assigned to (none while it awaits reassignment) [§4.1; §4.3].
    A reinforcement not on the map and not eliminated waits to enter [§15.2]. ``in_ip``: the
    units in an Improved Position [§19]; ``entrenchments``: each entrenchment's hex (its name)
    and the one unit occupying it, "" for none [§16.5]."""

    hexes: HexesByName = state_field(encode=HexesByName.snapshot)
    steps: dict[str, int] = state_field(default_factory=dict)
    suppressed: set[str] = state_field(default_factory=set)
    cohesion: dict[str, int] = state_field(default_factory=dict)
    eliminated: list[str] = state_field(default_factory=list)
    hq: dict[str, str] = state_field(default_factory=dict)
    in_ip: set[str] = state_field(default_factory=set)
    entrenchments: dict[str, str] = state_field(default_factory=dict)


@dataclass
class Command(Record):
    """Each side's Dispatch Points and Direct Commands [§4.2], the chits in the cup, those on
    the Game Turn Track by turn, and those used this turn [§3.1]."""

    dp: dict[str, int] = state_field(default_factory=dict)
    dc: dict[str, int] = state_field(default_factory=dict)
    cup: list[str] = state_field(default_factory=list)
    track: dict[int, list[str]] = state_field(default_factory=dict, encode=_track_text)
    used: set[str] = state_field(default_factory=set)
