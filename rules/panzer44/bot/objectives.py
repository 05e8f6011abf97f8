"""What the Panzer '44 heuristic bot plays for: the scenario's victory conditions read as
regions to reach (:func:`objectives`), and Movement Point fields to them (:func:`distance_field`).

- **Objectives** come from the scenario's typed victory conditions (:mod:`model.victory`): the
  regions of the units-in, control, exit and line-of-sight conditions its side scores (only
  for the units a condition counts: its types, labels and categories), and the same regions of
  the enemy's conditions to contest them (any combat unit, lower weight). A line-of-sight
  condition's region is every hex that sees it (:func:`rules.panzer44.bot.tactics.sight_region`).
- **Distances** to a region are Movement Points per movement class (a Dijkstra from the region
  over the map's step costs), so a river or a swamp is seen.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import Region
from model.victory import (
    AllConditions,
    AnyCondition,
    Condition,
    Control,
    Destroyed,
    EnemyLosses,
    Exit,
    LineOfSight,
    UnitFilter,
    UnitsIn,
)
from rules.panzer44.bot.tactics import sight_region
from rules.panzer44.setup import UnitSpec
from rules.panzer44.victory import UnevaluableError, matches

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State

#: How much a region matters: the side's own conditions, the enemy's (contested), and closing
#: on the enemy where the side scores its losses.
OWN_WEIGHT, CONTEST_WEIGHT, CLOSE_WEIGHT = 1.0, 0.6, 0.35


@dataclass(frozen=True)
class Objective:
    """A region to reach, how much it matters, and which units it is for (None: any combat
    unit)."""

    key: str
    hexes: frozenset[Hex]
    weight: float
    units: UnitFilter | None
    exit: bool = False  # reached by leaving the map from its hexes [7.23]
    priority: float = 0.0  # a bot plan's rank, in turns of marching (rules.bots.plan)


def objectives(game: Panzer44Game, side: str) -> list[Objective]:
    """The regions ``side`` wants to stand in: its own conditions', then the enemy's."""
    found: list[Objective] = []

    def visit(cond: Condition, path: str) -> None:
        if isinstance(cond, AllConditions | AnyCondition):
            for i, sub in enumerate(cond.conditions):
                visit(sub, f"{path}.{i}")
            return
        if isinstance(cond, UnitsIn | Control | Exit | LineOfSight):
            goal = _goal(cond)
            if goal is None:
                return
            hexes = game.region(goal)
            if isinstance(cond, LineOfSight):  # met from any hex that sees the region
                hexes = sight_region(game, hexes)
            if cond.side == side:
                units = cond.units.model_copy(update={"states": []})  # states change, types not
                found.append(Objective(path, hexes, OWN_WEIGHT, units, isinstance(cond, Exit)))
            elif not isinstance(cond, Exit):  # an exit is contested by fire, not by standing
                found.append(Objective(path, hexes, CONTEST_WEIGHT, None))
        elif isinstance(cond, Destroyed) and cond.region is not None:
            # Objects to destroy in a region (19.8: the IPs): the attacker closes on them, its
            # fire does the rest; the defender holds the region.
            weight = OWN_WEIGHT if cond.side == side else CONTEST_WEIGHT
            found.append(Objective(path, game.region(cond.region), weight, None))

    for i, cond in enumerate(game.scenario.victory.conditions):
        visit(cond, str(i))
    return [o for o in found if o.hexes]


def _goal(cond: UnitsIn | Control | Exit | LineOfSight) -> Region | None:
    """The region a condition sends units to: None when standing there does not help (area
    denial, or a line of sight the side must not have)."""
    if isinstance(cond, LineOfSight):
        return None if cond.negate or cond.enemy else cond.to
    if isinstance(cond, UnitsIn) and cond.enemy:
        return None
    return cond.region


def scores_losses(game: Panzer44Game, side: str) -> bool:
    """Whether ``side`` scores points for enemy losses."""
    return any(
        isinstance(c, EnemyLosses) and c.side == side for c in game.scenario.victory.conditions
    )


def distance_field(
    game: Panzer44Game, goal: frozenset[Hex], movement_class: str
) -> dict[Hex, float]:
    """Movement Points from every hex to the nearest hex of ``goal`` for the class (a
    Dijkstra run backwards from the goal over the map's step costs; enemy units ignored)."""
    costs, area = game.costs, game.play_area
    best: dict[Hex, float] = dict.fromkeys(goal, 0.0)
    queue = [(0.0, h.q, h.r) for h in goal]
    heapq.heapify(queue)
    while queue:
        cost, q, r = heapq.heappop(queue)
        h = Hex(q, r)
        if cost > best.get(h, math.inf):
            continue
        for n, _ in costs.edges(movement_class, h):
            if area is not None and n not in area:
                continue
            step = costs.step(movement_class, n, h)  # from n into h
            if step.prohibited or step.cost is None:
                continue
            total = cost + step.cost
            if total < best.get(n, math.inf):
                best[n] = total
                heapq.heappush(queue, (total, n.q, n.r))
    return best


def counts(public: Panzer44State, spec: UnitSpec, units: UnitFilter) -> bool:
    try:
        return matches(public, spec, units)
    except UnevaluableError:
        return False


def closing(spec: UnitSpec, h: Hex, enemies: dict[Hex, int]) -> float:
    """Closing to the unit's range of the nearest enemy (adjacent, when it cannot fire)."""
    near = enemies.get(h)
    if near is None:
        return 0.0
    want = min(max(spec.range, 1), 4) if spec.combat_unit else 1
    return -CLOSE_WEIGHT * abs(near - want) / max(spec.movement_allowance, 1)
