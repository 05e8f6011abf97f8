"""Panzer Command victory: the scenario's typed conditions (the book has none [digest §7]).

``units-in`` (a side's units of the filter's categories in a region, compared with a count;
``enemy`` counts the other side's), ``control`` (hexes occupied by the side and no enemy unit,
per hex or once), ``enemy-losses`` (per enemy step lost [§11.1]) and ``exit`` (the side's
units that left the map through the region [§5.3], at least ``at_least``, VP per unit when
``per``). Scoring ``conditions``:
the first met condition with a result decides, else the default winner; ``most-vp``: the most
points, ties by ``tie``. Other kinds are listed as not evaluated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.victory import Control, EnemyLosses, Exit, UnitsIn
from rules.engine.core import Outcome
from rules.engine.tally import COMPARE, VictoryTally
from rules.panzer_command.exits import matches

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState


def evaluate_outcome(state: PcState) -> Outcome:
    game = state.game
    victory = game.scenario.victory
    tally = VictoryTally(victory, game.sides)
    findings = tally.findings
    for i, cond in enumerate(victory.conditions):
        gained, ok = 0.0, False
        if isinstance(cond, UnitsIn):
            region = game.region(cond.region)
            cats = cond.units.categories
            count = sum(
                1
                for u, h in state.troops.hexes.items()
                if h in region
                and (game.units[u].side != cond.side) == cond.enemy
                and (not cats or game.units[u].category in cats)
            )
            ok = COMPARE[cond.compare](count, cond.count)
            findings.append(
                f"condition {i}: {count} unit(s) in the region {cond.compare} {cond.count}: {ok}"
            )
        elif isinstance(cond, Control):
            region = game.region(cond.region)
            mine = {at for u, at in state.troops.hexes.items() if game.units[u].side == cond.side}
            theirs = {at for u, at in state.troops.hexes.items() if game.units[u].side != cond.side}
            held = [h for h in region if h in mine and h not in theirs]
            ok = bool(held)
            gained = (cond.award.vp or 0.0) * (len(held) if cond.award.per else 1 if held else 0)
            findings.append(
                f"condition {i}: {cond.side} occupies {len(held)} hex(es) alone: {gained:g} VP"
            )
        elif isinstance(cond, Exit):
            region = game.region(cond.region)
            out = [
                u
                for u, at in state.support.exited.items()
                if game.units[u].side == cond.side
                and game.by_name[at] in region
                and matches(game.units[u], cond.units)
            ]
            ok = COMPARE[cond.compare](len(out), cond.at_least or 1)
            per = len(out) if cond.award.per else (1 if ok else 0)
            gained = (cond.award.vp or 0.0) * per
            findings.append(
                f"condition {i}: {len(out)} unit(s) of {cond.side} exited through the region "
                f"[§5.3]: {gained:g} VP"
            )
        elif isinstance(cond, EnemyLosses):
            lost = sum(
                spec.steps - state.troops.steps[u]
                for u, spec in game.units.items()
                if spec.side != cond.side
            )
            ok = lost > 0
            gained = (cond.award.vp or 0.0) * lost
            findings.append(f"condition {i}: {lost} enemy step(s) lost [§11.1]: {gained:g} VP")
        else:
            tally.not_evaluated(i, cond)
            continue
        tally.judged(i, cond, ok, gained)
    return tally.outcome()
