"""What test play reads of an Armor, Panzer Command or Soldiers state, headless: each state's
:meth:`~rules.engine.core.State.positions` (the units the map draws), the legal actions grouped by
the unit each concerns and described, and where an Armor order ends."""

from __future__ import annotations

import os

import pytest

from editor.testplay.aims import SIDE, side_choices
from model.scenario_io import load_scenario
from rules.armor.game import ArmorState
from rules.armor.move import walk
from rules.armor.orders import Order
from rules.armor.view import order_end
from rules.registry import load_game

HERE = os.path.join(os.path.dirname(__file__), "..", "scenarios")
ARMOR = os.path.join(HERE, "armor", "demo-crossroads.yaml")
PC = os.path.join(HERE, "panzer-command", "point-161.yaml")
SOLDIERS = os.path.join(HERE, "soldiers", "10-dawn-patrol.yaml")
SYSTEMS = [pytest.param(ARMOR, id="armor"), pytest.param(PC, id="pc"),
           pytest.param(SOLDIERS, id="soldiers")]  # fmt: skip


@pytest.mark.parametrize("path", SYSTEMS)
def test_positions_are_the_units_on_the_map(path: str) -> None:
    game = load_game(load_scenario(path))
    state = game.new_initial_state(3)
    found = state.positions()
    assert found and {p.unit for p in found} == set(state.troops.hexes)  # type: ignore[attr-defined]
    for p in found:
        assert p.hex == state.troops.hexes[p.unit]  # type: ignore[attr-defined]
        assert p.side in game.sides and p.label and p.type_id
    if path == ARMOR:
        assert all(p.facing is not None for p in found)


@pytest.mark.parametrize("path", SYSTEMS)
def test_every_legal_action_is_grouped_by_its_unit_and_described(path: str) -> None:
    state = load_game(load_scenario(path)).new_initial_state(3)
    for _ in range(40):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        found = side_choices(state, side)
        for unit, actions in found.groups.items():
            assert unit == SIDE or all(unit in a.text().split() for a in actions)
        actions = [a for acts in found.groups.values() for a in acts]
        for action in actions:
            assert state.describe(action)
        assert found.done is not None
        state.apply(actions[0] if actions else found.done)


def test_an_armor_order_ends_where_the_engine_walks_it() -> None:

    state = load_game(load_scenario(ARMOR)).new_initial_state(3)
    assert isinstance(state, ArmorState)
    for action in state.legal_actions("us")[:400]:
        if not isinstance(action, Order) or not action.moves or action.fire:
            continue
        spec = state.game.units[action.unit]
        start, facing = state.troops.hexes[action.unit], state.troops.facing[action.unit]
        walked = walk(spec, start, facing, action.steps, state.game.cost_for(spec),
                      state.game.on_map)  # fmt: skip
        end = order_end(state, action)
        if walked.off_map:
            assert end is None
        else:
            assert walked.stopped is None and end == (walked.hex, walked.facing)
