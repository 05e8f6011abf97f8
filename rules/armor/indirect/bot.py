"""How the heuristic bot plots its Artillery [OP II.A]: each Battery's plot weighed by the
Victory Points its fire would do where the units stand now (enemy units gained, its own side's
lost: the fire hits friendly units too [OP II.D.3]), times the chance it does not Scatter plus
half the chance it does (a Scattered Impact still covers some of the same hexes); a plot is
written when the weight is positive. A unit's Indirect Fire [OP II.F], its whole order for the
Turn, is chosen when its weight reaches :data:`INDIRECT_MIN` (a Mortar Team's weighed by
:func:`rules.armor.indirect.mortars.expected_worth`). Our weighting, not the book's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.gp import column, gp_factor, hit_line, result_of
from rules.armor.indirect import mortars
from rules.armor.indirect.howitzers import CONTINUOUS, INITIAL, IndirectFire
from rules.armor.indirect.impact import artillery_defense, scatter_number, under_fire
from rules.armor.indirect.plots import ArtilleryPlot, Plot
from rules.armor.range import range_between
from rules.engine.actions import Action

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: How much a Scattered Impact is still worth (our weighting).
SCATTERED = 0.5
#: The expected Victory Points an Indirect Fire order must promise (our weighting).
INDIRECT_MIN = 1.0


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


def weigh_indirect(state: ArmorState, side: str, action: IndirectFire) -> float:
    """The expected Victory Points of an "H" order if it Impacted on the units now."""
    h = state.game.amap.resolve(action.hex)
    if state.game.units[action.unit].mortar:  # each unit in the hex [OP II.F.4.d]
        return mortars.expected_worth(state, side, action.unit, h, indirect=True)
    targets = [u for u, at in state.troops.hexes.items() if at == h and not state.transported(u)]
    factor = gp_factor(state, action.unit, range_between(state.troops.hexes[action.unit], h), True)
    total = sum(artillery_defense(state, u).value for u in targets)
    n, s, _ = hit_line(max(1, total), column(factor))
    hurt = sum(1 for r in range(1, 101) if result_of(r, r, n, s) != "N") / 100 if factor else 0
    value = sum(
        hurt * state.game.units[u].points * (1.0 if state.game.units[u].side != side else -1.5)
        for u in targets
    )
    last = state.artillery.indirect_last.get(action.unit)
    top = (CONTINUOUS if last == (state.play.turn - 1, h) else INITIAL) / 100
    return value * ((1 - top) + top * SCATTERED)


def choose_plot(
    state: ArmorState, side: str, actions: list[Action]
) -> ArtilleryPlot | IndirectFire | None:
    """The best-weighed plot among ``actions``, if any is worth writing; else the best "H"
    order worth :data:`INDIRECT_MIN`."""
    best: ArtilleryPlot | None = None
    best_value = 0.0
    for a in actions:
        if isinstance(a, ArtilleryPlot):
            value = weigh(state, side, a)
            if value > best_value:
                best, best_value = a, value
    if best is not None:
        return best
    orders = [a for a in actions if isinstance(a, IndirectFire)]
    weighed = sorted(((weigh_indirect(state, side, a), a.text(), a) for a in orders), reverse=True)
    return weighed[0][2] if weighed and weighed[0][0] >= INDIRECT_MIN else None
