"""Panzer Command Move Action [§5]: a path of adjacent hexes whose entry costs (leg, tracked,
motorized [§5.1], from :mod:`rules.movement`) total at most the unit's Movement Point
Allowance; never into an enemy-held hex [§5.2]; Suppressed and immobile units do not move
[§5; §11.1]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.actions import Move
from rules.pc_actions import UnitMoved
from rules.reach import reachable

if TYPE_CHECKING:
    from rules.pc import PcState


def step_cost(state: PcState, unit: str, frm: Hex, to: Hex) -> float | None:
    game, spec = state.game, state.game.units[unit]
    if to not in game.amap.hexes or state.enemies_in(to, spec.side):
        return None
    found = game.movement.cost(spec.movement_class, to, frm)
    return None if found.prohibited or found.cost is None else found.cost


def why_not_move(state: PcState, action: Move) -> str | None:
    spec = state.game.units[action.unit]
    if spec.movement <= 0 or spec.movement_class not in ("leg", "tracked", "motorized"):
        return "an immobile unit does not move [§2.5]"
    if action.unit in state.suppressed:
        return "a Suppressed unit cannot move [§11.1]"
    at, spent = state.hexes[action.unit], 0.0
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
    return None


def move(state: PcState, action: Move) -> None:
    game, at = state.game, state.hexes[action.unit]
    spec = game.units[action.unit]
    spent, why = 0.0, []
    for name in action.path:
        to = game.by_name[name.upper()]
        found = game.movement.cost(spec.movement_class, to, at)
        spent += found.cost or 0.0
        why.append(f"{name}: {found.text} ({found.rule})")
        at = to
    state.hexes[action.unit] = at
    names = tuple(n.upper() for n in action.path)
    state.emit(UnitMoved(action.unit, names, spent, spec.movement, tuple(why)))


def move_options(state: PcState, unit: str) -> list[Move]:
    spec = state.game.units[unit]
    if spec.movement <= 0 or unit in state.suppressed or spec.movement_class == "immobile":
        return []
    start = state.hexes[unit]
    reach = reachable(start, spec.movement, lambda a, b: step_cost(state, unit, a, b))
    name = state.game.name
    return [
        Move(unit, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start
    ]
