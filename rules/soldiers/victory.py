"""Soldiers victory: the scenario's typed conditions, checked at the end of a Command Cycle [4].

Only able men count (disabled men are out of the fight [8.44]). ``control``: with
``objects: buildings`` each region of an ``any-of`` is one building, controlled by the side with
more able men in it, and under scenario 10's ``majority`` rule [10.5] an empty building by the
side with more able, non-suppressed men with sight to any hex of it; otherwise the hexes where
the side has able men and the enemy none.
``units-in``: able men in a region. ``enemy-losses``: enemy men disabled. Scoring
``conditions``: the first met condition with a result decides, else the default winner;
``most-vp``: the most points. Other kinds are listed as not evaluated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import AnyOf
from model.victory import Control, EnemyLosses, UnitsIn
from rules.engine.core import Outcome
from rules.engine.tally import COMPARE, VictoryTally

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _count(state: SoldiersState, hexes: frozenset[Hex], side: str, mine: bool) -> int:
    return sum(
        1
        for m, h in state.troops.hexes.items()
        if h in hexes
        and m not in state.troops.disabled
        and (state.game.men[m].side == side) == mine
    )


def _watching(state: SoldiersState, building: frozenset[Hex], side: str, mine: bool) -> int:
    """Able men of ``side`` (or of the enemy) with sight to any hex of the building; a
    suppressed man cannot see out of his hex [8.44]."""
    game, troops = state.game, state.troops
    return sum(
        1
        for m, at in troops.hexes.items()
        if m not in troops.disabled
        and m not in troops.suppressed
        and (game.men[m].side == side) == mine
        and any(game.sees(at, h) for h in building)
    )


def building_controller(state: SoldiersState, building: frozenset[Hex], side: str) -> int:
    """Who controls a building by scenario 10's rule [10.5]: 1 ``side``, -1 the enemy, 0
    neither. More able men in it controls (equal, neither); neither has able men in it, the
    side with more men with sight to any hex of it controls (equal, neither)."""
    mine, theirs = _count(state, building, side, True), _count(state, building, side, False)
    if not mine and not theirs:
        mine, theirs = (
            _watching(state, building, side, True),
            _watching(state, building, side, False),
        )
    return (mine > theirs) - (mine < theirs)


def _controlled(state: SoldiersState, cond: Control) -> int:
    game = state.game
    if cond.objects == "buildings" and isinstance(cond.region, AnyOf):
        buildings = [game.region(r) for r in cond.region.regions]
        if cond.rule == "majority":  # the scenario's own rule, its sight clause too [10.5]
            return sum(1 for b in buildings if building_controller(state, b, cond.side) > 0)
        return sum(
            1
            for b in buildings
            if _count(state, b, cond.side, True) > _count(state, b, cond.side, False)
        )
    region = game.region(cond.region)
    return sum(
        1
        for h in region
        if _count(state, frozenset((h,)), cond.side, True)
        and not _count(state, frozenset((h,)), cond.side, False)
    )


def evaluate_outcome(state: SoldiersState) -> Outcome:
    game = state.game
    victory = game.scenario.victory
    tally = VictoryTally(victory, game.sides)
    findings = tally.findings
    for i, cond in enumerate(victory.conditions):
        gained, ok = 0.0, False
        if isinstance(cond, UnitsIn):
            count = _count(state, game.region(cond.region), cond.side, not cond.enemy)
            ok = COMPARE[cond.compare](count, cond.count)
            findings.append(f"condition {i}: {count} able men in the region: {ok}")
        elif isinstance(cond, Control):
            held = _controlled(state, cond)
            ok = held >= (cond.at_least or 1)
            gained = (cond.award.vp or 0.0) * (held if cond.award.per else 1 if ok else 0)
            findings.append(
                f"condition {i}: {cond.side} controls {held} {cond.objects} "
                f"(needs {cond.at_least or 1}) [10.5; 19.7]: {ok}"
            )
        elif isinstance(cond, EnemyLosses):
            lost = sum(1 for m in state.troops.disabled if game.men[m].side != cond.side)
            ok = lost > 0
            gained = (cond.award.vp or 0.0) * lost
            findings.append(f"condition {i}: {lost} enemy men disabled [8.44]: {gained:g} VP")
        else:
            tally.not_evaluated(i, cond)
            continue
        tally.judged(i, cond, ok, gained)
    return tally.outcome()
