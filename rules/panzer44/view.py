"""What one side of a Panzer '44 game may know: the test-play panel's and a fair bot's view.

Both sides plot "secretly and simultaneously" [4.1] 1: a side sees its own plots and, of the
other side's, only whether it has finished plotting. There is no fog of war in this slice
(the optional inverted counters of [11.5] are for later), so every unit's hex is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State


@dataclass(frozen=True)
class UnitView:
    """A counter as a side sees it."""

    id: str
    side: str
    code: str
    hex: str | None
    carried_by: str | None
    moved: bool


@dataclass(frozen=True)
class SideView:
    """What one side may know: positions (no fog of war in this slice), its own plots, and of
    the other side's plots only whether it has finished plotting."""

    side: str
    turn: int
    phase: str
    segment: str
    to_act: tuple[str, ...]
    units: tuple[UnitView, ...]
    own_plots: tuple[str, ...]
    finished_plotting: dict[str, bool]
    log: tuple[str, ...]


def side_view(state: Panzer44State, side: str) -> SideView:
    """What ``side`` may know now: never the other side's plots [4.1] 1."""
    if side not in state.game.sides:
        raise KeyError(f"there is no side '{side}'")
    name = state.game.amap.name
    units = tuple(
        UnitView(
            u.id,
            u.side,
            u.code,
            name(state.hexes[u.id]) if u.id in state.hexes else None,
            state.carried_by.get(u.id),
            u.id in state.moved,
        )
        for u in state.game.deployment.units
    )
    plotting = state.segment.id == "plot"
    return SideView(
        side=side,
        turn=state.turn,
        phase=state.phase.name,
        segment=state.segment.id,
        to_act=state.to_act(),
        units=units,
        own_plots=tuple(p.text() for p in state.plots[side].values()),
        finished_plotting={
            s: (s in state.done or not plotting) for s in state.game.sides if s != side
        },
        log=tuple(e.describe() for e in state.events_for(side)),
    )
