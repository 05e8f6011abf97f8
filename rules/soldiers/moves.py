"""Soldiers movement [7.2]: the ordered man enters adjacent hexes paying Action Points, each
hex's cost from :mod:`rules.movement.costs` (class "man") [7.21]; never into a hex with able enemy
men (hand-to-hand [8.8] is not in this slice). Risk level [7.22]: at Cautious a hex in enemy
sight must be protected terrain and not next to an able enemy; at Wary covered or protected;
Bold and Aggressive any. Enemy sight: any able, non-suppressed enemy man sees the hex [7.23]
(friendly sight, which also lets a man enter a hex in enemy sight, is not evaluated).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Move
from rules.movement.costs import terrain_effect
from rules.movement.reach import reachable
from rules.soldiers.actions import ManMoved
from rules.soldiers.units import SYSTEM

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _category(state: SoldiersState, h: Hex) -> str:
    effect = terrain_effect(SYSTEM, state.game.terrain.terrain(h), "category")
    return str(effect.value) if effect is not None else "open"


def _enemy_sees(state: SoldiersState, side: str, h: Hex) -> bool:
    game = state.game
    return any(
        game.sees(at, h)
        for m, at in state.troops.hexes.items()
        if game.men[m].side != side
        and m not in state.troops.disabled
        and m not in state.troops.suppressed
    )


def step_cost(state: SoldiersState, man: str, frm: Hex, to: Hex) -> float | None:
    """A step of the man, or None when he may not take it."""
    game, side = state.game, state.game.men[man].side
    if to not in game.amap.hexes or state.able_enemies_in(to, side):
        return None
    found = game.movement.cost("man", to, frm)
    if found.prohibited or found.cost is None:
        return None
    if state.active.risk in ("Cautious", "Wary") and _enemy_sees(state, side, to):
        category = _category(state, to)
        if state.active.risk == "Wary" and category not in ("covered", "protected"):
            return None
        if state.active.risk == "Cautious" and (
            category != "protected"
            or any(to.distance(state.troops.hexes[m]) == 1 for m in _able_enemies(state, side))
        ):
            return None
    return found.cost


def _able_enemies(state: SoldiersState, side: str) -> list[str]:
    return [
        m
        for m in state.troops.hexes
        if m not in state.troops.disabled and state.game.men[m].side != side
    ]


def why_not_move(state: SoldiersState, action: Move) -> str | None:
    if state.active.current != action.unit:
        return "only the man under orders acts [6.2]"
    at, spent = state.troops.hexes[action.unit], 0.0
    for name in action.path:
        to = state.game.by_name.get(name.upper())
        if to is None or to.distance(at) != 1:
            return f"'{name}' is not a hex next to the last one"
        cost = step_cost(state, action.unit, at, to)
        if cost is None:
            return (
                f"{name} may not be entered (prohibited terrain, able enemy men, or the risk "
                f"level {state.active.risk}) [7.21-7.22]"
            )
        spent, at = spent + cost, to
    if not action.path or spent > state.active.ap:
        return f"the path costs {spent:g} AP, {state.active.ap:g} left [7.21]"
    return None


def move(state: SoldiersState, action: Move) -> None:
    game, at = state.game, state.troops.hexes[action.unit]
    spent, why = 0.0, []
    for name in action.path:
        to = game.by_name[name.upper()]
        found = game.movement.cost("man", to, at)
        spent += found.cost or 0.0
        why.append(f"{name.upper()}: {found.text} ({found.rule})")
        at = to
    state.troops.hexes[action.unit] = at
    state.active.ap -= spent
    names = tuple(n.upper() for n in action.path)
    state.emit(ManMoved(action.unit, names, spent, state.active.ap, tuple(why)))


def move_options(state: SoldiersState, man: str) -> list[Move]:
    start = state.troops.hexes[man]
    reach = reachable(start, state.active.ap, lambda a, b: step_cost(state, man, a, b))
    name = state.game.name
    return [
        Move(man, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start
    ]
