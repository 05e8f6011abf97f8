"""Setting up a bought Armor force: more counters than empty hexes in the set-up area stack
with friends [AG III.B.1], never with the enemy [AG III.B.2]."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from model.hexes import Hex
from model.scenario import AreaPlacement, EntryPlacement
from model.scenario_io import load_scenario
from rules.armor.game import ArmorState
from rules.armor.setup import spread
from rules.engine.errors import UnsupportedGameError
from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase

SCENARIO = (
    Path(__file__).parent.parent / "scenarios" / "armor" / "2a-trading-ground-end-to-end.yaml"
)


def _bought(seed: int) -> ArmorState:
    loaded = load_scenario(SCENARIO)
    sides = needs_purchase(loaded.scenario)
    game = game_for(loaded, {s: PurchaseChoice("random", seed) for s in sides})
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    return state


def test_a_bought_force_larger_than_its_set_up_edge_stacks_with_friends() -> None:
    """Seed 100028's random purchase buys side A more counters than its set-up edge has
    hexes (the fuzz campaign found the set-up refusing it: "no free hex left"). Every unit
    now stands on the edge, opposing units never share a hex, and the set-up's log says
    which units stacked and why."""
    state = _bought(100028)
    game = state.game
    side = game.scenario.side("attacker")
    assert (
        isinstance(side.setup, (AreaPlacement, EntryPlacement)) and side.setup.region.kind == "edge"
    )
    edge = set(game.region(side.setup.region))
    placed = [u for u, spec in game.units.items() if spec.side == side.id]
    assert all(u in state.troops.hexes for u in placed)
    assert len(placed) > len(edge)  # the case: more counters than hexes
    assert all(state.troops.hexes[u] in edge for u in placed)
    sides: dict[Hex, set[str]] = {}
    for u, h in state.troops.hexes.items():
        sides.setdefault(h, set()).add(game.units[u].side)
    assert all(len(s) == 1 for s in sides.values())  # [AG III.B.2]
    stacked = [e for e in game.deployment.events if "[AG III.B.1]" in e.how]
    assert stacked
    # spread evenly: no hex of the edge holds two counters more than another
    counts = Counter(state.troops.hexes[u] for u in placed if not state.transported(u))
    assert max(counts.values()) - min(counts.values()) <= 1


def test_an_area_the_enemy_holds_in_every_hex_is_refused_with_its_reason() -> None:
    """Opposing units never share a hex [AG III.B.2]: a set-up area whose every hex the
    enemy already holds is refused, saying so and what to do, not stacked into."""
    state = _bought(100028)
    game = state.game
    side = game.scenario.side("attacker")
    mine = [spec for spec in game.units.values() if spec.side == side.id][:2]
    enemy = next(s.id for s in game.scenario.sides if s.id != side.id)
    area = sorted(set(state.troops.hexes.values()))[:3]
    taken = dict.fromkeys(area, enemy)
    with pytest.raises(
        UnsupportedGameError, match=r"held by the enemy in every hex.*\[AG III.B.2\]"
    ):
        spread(mine, area, area[0], game.movement, game.terrain, taken, {}, {}, [])
    # one hex of its own side in the area: the two units stand there, stacked
    taken[area[1]] = side.id
    hexes: dict[str, Hex] = {}
    spread(mine, area, area[0], game.movement, game.terrain, taken, hexes, {}, [])
    assert set(hexes.values()) == {area[1]}
