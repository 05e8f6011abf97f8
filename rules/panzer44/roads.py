"""Panzer '44 movement with the road rate taken away: on an overrun [13.4] and by wrecks [10.4].

- **Roads ignored** (:func:`no_road_cost`): each hex's own cost plus the crossed hexside's
  features, roads and bridges left out [10.11]; an overrunning unit moves so all Game-Turn
  [13.4].
- **Wrecks** (:func:`wreck_cost`): the Terrain Effects Chart's note [10.4], "Wreck Markers in a
  road hex negate the road benefit for units moving into or out of that hex; bridge hexsides
  are unaffected by Wreck Markers." A step along a road hexside into or out of a hex with a
  wreck pays the no-road cost; a step across a bridge hexside pays what it always does. A
  scenario's override of [10.4] (20.3: "a vehicle may move along a road through a wreck, paying
  3 Movement Points to enter the wreck hex") gives vehicles that rate into the wreck hex and
  the road's out of it (leaving at the road rate is our reading).
"""

from __future__ import annotations

import weakref
from dataclasses import replace
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from model.systems import GameSystem
from model.victory import RuleOverride
from rules.movement.costs import CostPart, MoveCost, terrain_effect
from rules.panzer44.scenario_rules import wreck_rate

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State

_NO_ROAD: weakref.WeakKeyDictionary[object, dict[tuple[str, Hex, Hex], float | None]] = (
    weakref.WeakKeyDictionary()
)
_WRECKS: weakref.WeakKeyDictionary[object, dict[tuple[str, ...], frozenset[Hex]]] = (
    weakref.WeakKeyDictionary()
)
TEC_WRECKS = "Panzer '44 [10.4] (Terrain Effects Chart note on Wreck Markers)"


def no_road_cost(game: Panzer44Game, cls: str, f: Hex, h: Hex) -> float | None:
    """What entering ``h`` from ``f`` costs movement class ``cls`` with roads ignored: the
    hex's own cost plus the crossed hexside's features (a bridge is a road's: ignored too)."""
    cache = _NO_ROAD.setdefault(game.costs, {})
    key = (cls, f, h)
    if key in cache:
        return cache[key]
    found: float | None = None
    if h in game.terrain and (game.play_area is None or h in game.play_area):
        own = game.movement.cost(cls, h)
        found = None if own.prohibited or own.cost is None else own.cost
        side = Hexside.between(f, h)
        move_key = next(c.key for c in game.movement.classes if c.id == cls)
        for feature in sorted(game.terrain.hexside_features(side) - {"road", "bridge"}):
            price = terrain_effect(GameSystem.PANZER44, feature, move_key)
            uphill = terrain_effect(GameSystem.PANZER44, feature, "uphill_only")
            if found is None or price is None:
                continue
            if uphill is not None and game.terrain.lower(side, feature) != f:
                continue  # a slope costs only climbing it [10.31]
            found = None if price.value == "impassable" else found + float(str(price.value))
    cache[key] = found
    return found


def wreck_hexes(state: Panzer44State) -> frozenset[Hex]:
    """The hexes with a wreck marker now [6.82]."""
    if not state.losses.wrecks:
        return frozenset()
    cache = _WRECKS.setdefault(state.game.costs, {})
    key = tuple(state.losses.wrecks)
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(state.game.amap.resolve(n) for n in key)
    return found


def wreck_override(game: Panzer44Game) -> float | None:
    """The scenario's rate for a vehicle entering a wreck hex along a road (20.3), or None."""
    for rule in game.scenario.special_rules:
        if isinstance(rule, RuleOverride) and rule.rule == "10.4":
            rate = wreck_rate(rule)
            if rate is not None:
                return rate
    return None


def wreck_cost(
    state: Panzer44State, unit: str, f: Hex, h: Hex, cost: MoveCost, wrecks: frozenset[Hex]
) -> MoveCost | None:
    """``cost`` of the step from ``f`` into ``h`` as the wrecks in ``wrecks`` leave it [10.4];
    None when the step may no longer be taken."""
    if f not in wrecks and h not in wrecks:
        return cost
    game = state.game
    side = Hexside.between(f, h)
    features = game.terrain.hexside_features(side) | game.terrain.routes(side)
    if "road" not in features or "bridge" in features:
        return cost  # no road benefit to lose; bridges unaffected [10.4]
    spec = game.specs[unit]
    rate = wreck_override(game)
    if rate is not None and spec.vehicle:
        if h not in wrecks:
            return cost  # out of the wreck hex along the road (our reading of 20.3)
        part = CostPart("road through a wreck (scenario rule)", f"{rate:g}", "20.3 [10.4]")
        return replace(cost, cost=rate, parts=(part,))
    found = no_road_cost(game, spec.movement_class, f, h)
    if found is None:
        return None
    what = "road negated by a wreck: terrain as without the road"
    part = CostPart(what, f"{found:g}", TEC_WRECKS)
    return replace(cost, cost=found, parts=(part,))
