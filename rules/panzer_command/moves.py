"""Panzer Command Move Action [§5]: a path of adjacent hexes whose entry costs (leg, tracked,
motorized [§5.1], from :mod:`rules.movement.costs`) total at most the unit's Movement Point
Allowance; never into an enemy-held hex [§5.2]; Suppressed and immobile units do not move
[§5; §11.1]. No more than 6 Steps end a move in a hex [§5.2] (our reading: the book's limit
is on the Steps that end a Segment in a hex; the engine checks it where each move ends, so a
hex is never over-stacked in play and no unit must be forced out later)."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.events import UnitDeployed
from rules.movement.reach import reachable
from rules.panzer_command.actions import UnitMoved
from rules.panzer_command.digging import arrive, leave
from rules.panzer_command.reinforcements import due, entry_cost, entry_hexes

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState

#: Per game: the terrain cost of each step (class, from, to); the map never changes in play.
_COSTS: WeakKeyDictionary[PanzerCommandGame, dict[tuple[str, Hex, Hex], float | None]] = (
    WeakKeyDictionary()
)


def _terrain_cost(game: PanzerCommandGame, movement_class: str, frm: Hex, to: Hex) -> float | None:
    """What entering ``to`` from ``frm`` costs the class by the terrain, None if prohibited
    [§5.1] (worked out once a game)."""
    costs = _COSTS.setdefault(game, {})
    key = (movement_class, frm, to)
    if key not in costs:
        found = game.movement.cost(movement_class, to, frm)
        costs[key] = None if found.prohibited or found.cost is None else found.cost
    return costs[key]


def _enemy_hexes(state: PcState, side: str) -> set[Hex]:
    return {at for u, at in state.troops.hexes.items() if state.game.units[u].side != side}


def step_cost(
    state: PcState, unit: str, frm: Hex, to: Hex, enemy: Collection[Hex] | None = None
) -> float | None:
    """A step of the unit, or None when it may not take it: off the map, into an enemy-held
    hex [§5.2] or prohibited terrain. ``enemy``: the enemy-held hexes, when the caller has
    them already."""
    game, spec = state.game, state.game.units[unit]
    if to not in game.amap.hexes:
        return None
    if (to in enemy) if enemy is not None else state.enemies_in(to, spec.side):
        return None
    return _terrain_cost(game, spec.movement_class, frm, to)


#: The most Steps that may end a Segment in one hex [§5.2].
STACKING_LIMIT = 6


def steps_in(state: PcState, h: Hex, side: str, leaving: str | None = None) -> int:
    """The Steps of the side's units in hex ``h``, less ``leaving`` (HQs count none [§4.3])."""
    return sum(
        state.troops.steps[u]
        for u, at in state.troops.hexes.items()
        if at == h and u != leaving and state.game.units[u].side == side
    )


def why_overstacked(state: PcState, unit: str, h: Hex) -> str | None:
    """Why the unit may not end its move in ``h``: more than 6 Steps there [§5.2]."""
    side = state.game.units[unit].side
    total = steps_in(state, h, side, unit) + state.troops.steps[unit]
    if total > STACKING_LIMIT:
        return (
            f"{state.game.name(h)} would hold {total} Steps: no more than {STACKING_LIMIT} Steps "
            "end a Segment in a hex [§5.2]"
        )
    return None


def why_not_move(state: PcState, action: Move) -> str | None:
    spec = state.game.units[action.unit]
    if spec.movement <= 0 or spec.movement_class not in ("leg", "tracked", "motorized"):
        return "an immobile unit does not move [§2.5]"
    if action.unit in state.troops.suppressed:
        return "a Suppressed unit cannot move [§11.1]"
    if not action.path:
        return "give the hexes entered [§5.1]"
    at, spent, path = state.troops.hexes.get(action.unit), 0.0, list(action.path)
    if at is None:  # a reinforcement entering [§15.2]
        first = state.game.by_name.get(path[0].upper())
        if due(state, action.unit) is None:
            return "the unit is not on the map and is no reinforcement due now [§15.1]"
        if first is None or first not in entry_hexes(state, action.unit):
            return (
                f"'{path[0]}' is not an entry hex of this reinforcement free of enemy units [§15.2]"
            )
        cost, why = entry_cost(state, action.unit, first)
        if cost is None:
            return why
        spent, at, path = cost, first, path[1:]
    for name in path:
        to = state.game.by_name.get(name.upper())
        if to is None or to.distance(at) != 1:
            return f"'{name}' is not a hex next to the last one"
        cost = step_cost(state, action.unit, at, to)
        if cost is None:
            return f"{name} may not be entered (prohibited terrain or an enemy unit) [§5.1-5.2]"
        spent, at = spent + cost, to
    if spent > spec.movement:
        return f"the path costs {spent:g} MP, more than the allowance {spec.movement} [§5.1; §15.2]"
    return why_overstacked(state, action.unit, at)


def path_cost(state: PcState, action: Move) -> tuple[float, list[str]]:
    """The Movement Points the path spends and each step's why: a reinforcement's first hex at
    its entry cost [§15.2], then each hex by the terrain [§5.1] (legality checked already)."""
    game, at = state.game, state.troops.hexes.get(action.unit)
    spec = game.units[action.unit]
    spent, why, path = 0.0, [], list(action.path)
    if at is None:
        at = game.by_name[path[0].upper()]
        cost, text = entry_cost(state, action.unit, at)
        spent += cost or 0.0
        why.append(f"{path[0]}: {text}")
        path = path[1:]
    for name in path:
        to = game.by_name[name.upper()]
        found = game.movement.cost(spec.movement_class, to, at)
        spent += found.cost or 0.0
        why.append(f"{name}: {found.text} ({found.rule})")
        at = to
    return spent, why


def move(state: PcState, action: Move) -> None:
    game, unit = state.game, action.unit
    spent, why = path_cost(state, action)
    if unit not in state.troops.hexes:  # a reinforcement enters [§15.2]
        name = action.path[0].upper()
        state.play.entered[name] = state.play.entered.get(name, 0) + state.troops.steps[unit]
        state.emit(UnitDeployed(unit, name, f"enters as a reinforcement: {why[0]}"))
    else:
        leave(state, unit, "the unit moves")  # its Improved Position goes [§19]
    end = game.by_name[action.path[-1].upper()]
    state.troops.hexes[unit] = end
    names = tuple(n.upper() for n in action.path)
    state.emit(UnitMoved(unit, names, spent, game.units[unit].movement, tuple(why)))
    arrive(state, unit, end)


def move_options(state: PcState, unit: str) -> list[Move]:
    spec = state.game.units[unit]
    if spec.movement <= 0 or unit in state.troops.suppressed or spec.movement_class == "immobile":
        return []
    enemy = _enemy_hexes(state, spec.side)  # no unit moves while the options are listed
    name = state.game.name
    start = state.troops.hexes.get(unit)
    if start is None:  # a reinforcement: from each entry hex it can pay for [§15.2]
        found: dict[Hex, Move] = {}
        for first in entry_hexes(state, unit):
            cost, _ = entry_cost(state, unit, first)
            if cost is None or cost > spec.movement:
                continue
            left = spec.movement - cost
            reach = reachable(first, left, lambda a, b: step_cost(state, unit, a, b, enemy))
            for to in sorted(reach.costs, key=name):
                if to not in found and why_overstacked(state, unit, to) is None:
                    found[to] = Move(unit, tuple(name(h) for h in [first, *reach.path(to)]))
        return [found[h] for h in sorted(found, key=name)]
    reach = reachable(start, spec.movement, lambda a, b: step_cost(state, unit, a, b, enemy))
    return [
        Move(unit, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start and why_overstacked(state, unit, to) is None
    ]
