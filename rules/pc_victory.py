"""Panzer Command victory: the scenario's typed conditions (the book has none [digest §7]).

``units-in`` (a side's units of the filter's categories in a region, compared with a count;
``enemy`` counts the other side's), ``control`` (hexes occupied by the side and no enemy unit,
per hex or once) and ``enemy-losses`` (per enemy step lost [§11.1]). Scoring ``conditions``:
the first met condition with a result decides, else the default winner; ``most-vp``: the most
points, ties by ``tie``. Other kinds are listed as not evaluated.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING

from model.victory import Control, EnemyLosses, UnitsIn
from rules.core import Outcome

if TYPE_CHECKING:
    from rules.pc import PcState

_COMPARE = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
}


def evaluate_outcome(state: PcState) -> Outcome:
    game = state.game
    victory = game.scenario.victory
    vp = dict.fromkeys(game.sides, 0.0)
    findings: list[str] = []
    unevaluated: list[str] = []
    met: list[int] = []
    winner: str | None = None
    for i, cond in enumerate(victory.conditions):
        gained, ok = 0.0, False
        if isinstance(cond, UnitsIn):
            region = game.region(cond.region)
            cats = cond.units.categories
            count = sum(
                1
                for u, h in state.hexes.items()
                if h in region
                and (game.units[u].side != cond.side) == cond.enemy
                and (not cats or game.units[u].category in cats)
            )
            ok = _COMPARE[cond.compare](count, cond.count)
            findings.append(
                f"condition {i}: {count} unit(s) in the region {cond.compare} {cond.count}: {ok}"
            )
        elif isinstance(cond, Control):
            region = game.region(cond.region)
            held = [
                h
                for h in region
                if any(at == h and game.units[u].side == cond.side for u, at in state.hexes.items())
                and not state.enemies_in(h, cond.side)
            ]
            ok = bool(held)
            gained = (cond.award.vp or 0.0) * (len(held) if cond.award.per else 1 if held else 0)
            findings.append(
                f"condition {i}: {cond.side} occupies {len(held)} hex(es) alone: {gained:g} VP"
            )
        elif isinstance(cond, EnemyLosses):
            lost = sum(
                spec.steps - state.steps[u]
                for u, spec in game.units.items()
                if spec.side != cond.side
            )
            ok = lost > 0
            gained = (cond.award.vp or 0.0) * lost
            findings.append(f"condition {i}: {lost} enemy step(s) lost [§11.1]: {gained:g} VP")
        else:
            unevaluated.append(f"condition {i} ({cond.kind}): not in this slice of the engine")
            continue
        if ok:
            met.append(i)
            vp[cond.side] += gained * cond.award.multiplier
            if cond.award.result == "win" and winner is None:
                winner = cond.side
    if victory.scoring == "conditions":
        reason = "a victory condition is met" if winner else "no condition met: the default winner"
        if winner is None and victory.default_winner not in (None, "draw"):
            winner = victory.default_winner
    else:
        ranked = sorted(vp.items(), key=lambda kv: -kv[1])
        if ranked[0][1] == ranked[1][1]:
            winner = None if victory.tie in (None, "draw") else victory.tie
            reason = "equal Victory Points"
        else:
            winner, reason = ranked[0][0], f"{ranked[0][0]} has the most Victory Points"
    return Outcome(
        vp, winner, reason, victory.placeholder, tuple(findings), tuple(unevaluated), tuple(met)
    )
