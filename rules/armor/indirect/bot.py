"""How the heuristic bot plots its Artillery [OP II.A]: each Battery's plot weighed by the
Victory Points its fire would do where the units stand now (enemy units gained, its own side's
lost: the fire hits friendly units too [OP II.D.3]), times the chance it does not Scatter plus
half the chance it does (a Scattered Impact still covers some of the same hexes); a plot is
written when the weight is positive. Our weighting, not the book's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.gp import column, hit_line, result_of
from rules.armor.indirect.impact import artillery_defense, scatter_number, under_fire
from rules.armor.indirect.plots import ArtilleryPlot, Plot
from rules.engine.actions import Action

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: How much a Scattered Impact is still worth (our weighting).
SCATTERED = 0.5


def weigh(state: ArmorState, side: str, plot: ArtilleryPlot) -> float:
    """The expected Victory Points of the plot's fire if it Impacted on the units now."""
    battery = state.game.batteries[plot.battery]
    h = state.game.amap.resolve(plot.hex)
    col = column(battery.gp)
    value = 0.0
    for unit in under_fire(state, h):
        n, s, _ = hit_line(artillery_defense(state, unit).value, col)
        hurt = sum(1 for r in range(1, 101) if result_of(r, r, n, s) != "N") / 100
        spec = state.game.units[unit]
        sign = 1.0 if spec.side != side else -1.5  # our caution about one's own units
        value += sign * hurt * spec.points
    top = scatter_number(state, battery, Plot(plot.kind, h, 0)) / 100
    return value * ((1 - top) + top * SCATTERED)


def choose_plot(state: ArmorState, side: str, actions: list[Action]) -> ArtilleryPlot | None:
    """The best-weighed plot among ``actions``, if any is worth writing."""
    best: ArtilleryPlot | None = None
    best_value = 0.0
    for a in actions:
        if isinstance(a, ArtilleryPlot):
            value = weigh(state, side, a)
            if value > best_value:
                best, best_value = a, value
    return best
