"""The Panzer '44 state's records (STYLE point 26): its mutable position grouped by concern.

Each record is a :class:`rules.engine.record.Record`, so the state's clone and snapshot (its
fingerprint) come from the fields themselves (:class:`rules.engine.core.State`). The panic
rules keep theirs in :mod:`rules.panzer44.panic` (:class:`~rules.panzer44.panic.Panic`), the
victory rules theirs in :mod:`rules.panzer44.victory`
(:class:`~rules.panzer44.victory.VictoryWatch`).

The snapshot is the one the state wrote by hand before it was made of records, key for key, so
the fingerprints of every replay stand: a field whose key appears only in some games says when
(``exits_at`` only once a unit has left the map; ``entered`` only in games with arrivals...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.record import OMIT, Record, plain, state_field
from rules.panzer44.actions import Plot


def _unless_empty(value: Any) -> Any:
    """Written only once it holds something, as the fingerprints before it had it."""
    return plain(value) if value else OMIT


def _plots(plots: dict[str, dict[str, Plot]]) -> dict[str, list[str]]:
    return {s: sorted(p.text() for p in ps.values()) for s, ps in plots.items()}


def _entered(entered: dict[tuple[str, Hex], int]) -> list[list[Any]]:
    return sorted([s, h.q, h.r, n] for (s, h), n in entered.items())


def _ips(ips: dict[Hex, str]) -> list[list[Any]]:
    return sorted([h.q, h.r, s] for h, s in ips.items())


@dataclass
class Play(Record):
    """Where play is: the scenario, the Game-Turn, the segment (its index in the game's
    steps), whether the game is over, and the sides done with the segment."""

    scenario: str = ""
    turn: int = 1
    step: int = 0
    over: bool = False
    done: set[str] = state_field(default_factory=set)


@dataclass
class Board(Record):
    """Where the units stand: each unit on the map by hex (a passenger in its carrier's), and
    each passenger's carrier [9.0]."""

    hexes: dict[str, Hex] = state_field(default_factory=dict)
    carried_by: dict[str, str] = state_field(default_factory=dict)


@dataclass
class Orders(Record):
    """This Game-Turn's tasks: each side's plots by unit [5.0] (and its allocations [15.0]),
    the units whose move is over [7.4] and those that overran: one overrun each [13.22]."""

    plots: dict[str, dict[str, Plot]] = state_field(default_factory=dict, encode=_plots)
    moved: set[str] = state_field(default_factory=set)
    overran: set[str] = state_field(default_factory=set)


@dataclass
class Fire(Record):
    """Fire and its markers: Pins [6.82], Disruption levels [6.84], the Direct Fire results
    waiting for the end of the phase [5.1], the units that fired with the hex they fired from
    (spotted at any range until they leave it [11.14]), the units whose Opportunity Fire has
    fired this Game-Turn (once each [6.56]), and the units disrupted by enemy Direct Fire this
    Game-Turn, whose Indirect Fire is cancelled [6.46] (worked out from the log, which the
    fingerprint holds: a position file says it)."""

    pins: set[str] = state_field(default_factory=set)
    disruption: dict[str, int] = state_field(default_factory=dict)
    pending: list[tuple[str, str]] = state_field(default_factory=list)
    spotted: dict[str, Hex] = state_field(default_factory=dict)
    of_used: set[str] = state_field(default_factory=set, encode=_unless_empty)
    by_direct_fire: set[str] = state_field(default_factory=set, cache=True)


@dataclass
class Losses(Record):
    """The units destroyed, in order, and the wreck markers by hex name, in order [6.82]."""

    destroyed: list[str] = state_field(default_factory=list)
    wrecks: list[str] = state_field(default_factory=list)


@dataclass
class Entry(Record):
    """Units entering and leaving the map: those that left it, each with what it carried,
    the hex each carrier left from [7.23], and the units of a side that entered through a
    hex this Game-Turn [18.62]. ``arrivals``: whether the game has units entering (the
    ``entered`` key is written only then)."""

    exited: dict[str, tuple[str, ...]] = state_field(default_factory=dict)
    exits_at: dict[str, Hex] = state_field(default_factory=dict, encode=_unless_empty)
    entered: dict[tuple[str, Hex], int] = state_field(default_factory=dict, encode=_entered)
    arrivals: bool = state_field(default=False, cache=True)

    def snapshot(self) -> dict[str, Any]:
        found = super().snapshot()
        if not self.arrivals:  # so the fingerprints of games without arrivals stand
            del found["entered"]
        return found


@dataclass
class Support(Record):
    """Off-board support and counterbattery: the concentrations and strikes allocated, each
    used once [15.12]; the units spotted by counterbattery, with the hex (open to Indirect Fire
    there [6.78]); the Game-Turn each counterbattery unit last fired (once a turn [6.75]).
    ``offboard``: whether the game has off-board support (``support_used`` written only
    then). ``fired_from``: under the optional Alternate Procedure [6.79] only, each unit's hex
    and the Game-Turns it has fired Indirect Fire (counterbattery included) from it."""

    used: set[str] = state_field(default_factory=set, key="support_used")
    cb_spotted: dict[str, Hex] = state_field(default_factory=dict, encode=_unless_empty)
    cb_fired: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    fired_from: dict[str, tuple[Hex, int]] = state_field(default_factory=dict, encode=_unless_empty)
    offboard: bool = state_field(default=False, cache=True)

    def snapshot(self) -> dict[str, Any]:
        found = super().snapshot()
        if not self.offboard:
            del found["support_used"]
        return found


@dataclass
class Fortifications(Record):
    """Improved Positions standing, by owner [12.22]; the units inside them, with the hex
    [12.1]; the mined hexes whose marker a Mine Attack has placed, known to both sides [17.0].
    ``mined``: whether the game has mined hexes (the three are written only in games with
    mines or Improved Positions)."""

    ips: dict[Hex, str] = state_field(default_factory=dict, encode=_ips)
    inside: dict[str, Hex] = state_field(default_factory=dict)
    mines_revealed: set[Hex] = state_field(default_factory=set)
    mined: bool = state_field(default=False, cache=True)

    def snapshot(self) -> dict[str, Any]:
        if not (self.ips or self.mined or self.inside):
            return {}
        return super().snapshot()


@dataclass
class Worked(Record):
    """What is worked out once and kept while it holds (never in the fingerprint): each
    unit's moves in a movement segment (:func:`rules.panzer44.legal.moves_of`), its fire plots
    in a plot segment and which units of a side have any (``plottable``), its overrun moves,
    and the hexes each side spots for Indirect Fire
    (:func:`rules.panzer44.indirect.spotted_targets`)."""

    reach: dict[str, tuple[tuple[Hex, Move], ...]] = state_field(default_factory=dict, cache=True)
    fire: dict[str, tuple[Plot, ...]] = state_field(default_factory=dict, cache=True)
    plottable: dict[str, tuple[str, ...]] = state_field(default_factory=dict, cache=True)
    overruns: dict[str, tuple[Move, ...]] = state_field(default_factory=dict, cache=True)
    if_targets: dict[tuple[int, int, str], tuple[Hex, ...]] = state_field(
        default_factory=dict, cache=True
    )
