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
from rules.movement.reach import reachable
from rules.panzer_command.actions import UnitMoved

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
    at, spent = state.troops.hexes[action.unit], 0.0
    for name in action.path:
        to = state.game.by_name.get(name.upper())
        if to is None or to.distance(at) != 1:
            return f"'{name}' is not a hex next to the last one"
        cost = step_cost(state, action.unit, at, to)
        if cost is None:
            return f"{name} may not be entered (prohibited terrain or an enemy unit) [§5.1-5.2]"
        spent, at = spent + cost, to
    if spent > spec.movement:
        return f"the path costs {spent:g} MP, more than the allowance {spec.movement} [§5.1]"
    return why_overstacked(state, action.unit, at)


def move(state: PcState, action: Move) -> None:
    game, at = state.game, state.troops.hexes[action.unit]
    spec = game.units[action.unit]
    spent, why = 0.0, []
    for name in action.path:
        to = game.by_name[name.upper()]
        found = game.movement.cost(spec.movement_class, to, at)
        spent += found.cost or 0.0
        why.append(f"{name}: {found.text} ({found.rule})")
        at = to
    state.troops.hexes[action.unit] = at
    names = tuple(n.upper() for n in action.path)
    state.emit(UnitMoved(action.unit, names, spent, spec.movement, tuple(why)))


def move_options(state: PcState, unit: str) -> list[Move]:
    spec = state.game.units[unit]
    if spec.movement <= 0 or unit in state.troops.suppressed or spec.movement_class == "immobile":
        return []
    start = state.troops.hexes[unit]
    enemy = _enemy_hexes(state, spec.side)  # no unit moves while the options are listed
    reach = reachable(start, spec.movement, lambda a, b: step_cost(state, unit, a, b, enemy))
    name = state.game.name
    return [
        Move(unit, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start and why_overstacked(state, unit, to) is None
    ]
