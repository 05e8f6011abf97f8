"""What every system's game on a map shares (rules/maps/game.py), and Panzer '44's set-up of
units placed by hex near the map's edge (rules/panzer44/setup.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_p44_examples import position

from model.region_text import parse_region
from model.scenario_io import load_scenario
from model.victory import DeploymentLimit
from rules.panzer44.game import Panzer44Game
from rules.registry import load_game


def _game() -> Panzer44Game:
    """Two American tanks set in the corner hex 0101, a German platoon in 3017."""
    game = position("M4a 0101; M4a 0101", "Inf 3017").game
    assert isinstance(game, Panzer44Game)
    return game


def test_a_unit_placed_by_hex_in_a_corner_takes_the_nearest_vacant_hex_on_the_map() -> None:
    """The search for a vacant hex around a corner hex meets hexes off the map: they are
    passed over, not looked up (a KeyError before)."""
    state = _game().new_initial_state(1)
    corner = state.game.amap.resolve("0101")
    placed = sorted(h for u, h in state.board.hexes.items() if u.startswith("us."))
    assert corner in placed
    assert len(placed) == 2 and all(h in state.game.amap.hexes for h in placed)
    assert max(h.distance(corner) for h in placed) == 1


def test_regions_made_one_after_another_each_get_their_own_hexes() -> None:
    """The game keeps worked-out regions by identity; a region dropped after use must not lend
    its hexes to a new one that reuses its id (five towns once came back as one)."""
    game = _game()
    for where in ("0101", "1010", "2020", "3017", "0534"):
        hexes = game.region(parse_region(f"hexes {where}"))
        assert [game.name(h) for h in hexes] == [where]


def test_a_deployment_limit_keeps_all_but_one_unit_out_of_moncourt() -> None:
    """20.5: "He may deploy only one unit in Moncourt"; without the rule the German units,
    set up nearest the objective, crowd into it."""
    path = Path(__file__).parent.parent / "scenarios" / "panzer44"
    loaded = load_scenario(path / "20.5-last-ditch-action-at-ibbenburen.yaml")
    rule = next(r for r in loaded.scenario.special_rules if isinstance(r, DeploymentLimit))

    def in_moncourt(special_rules: list) -> int:
        scenario = loaded.scenario.model_copy(update={"special_rules": special_rules})
        game = load_game(dataclasses.replace(loaded, scenario=scenario))
        assert isinstance(game, Panzer44Game)
        town = game.region(rule.region)
        state = game.new_initial_state(1)
        return sum(1 for u, h in state.board.hexes.items() if u.startswith("german.") and h in town)

    assert in_moncourt(loaded.scenario.special_rules) == 1
    assert in_moncourt([]) > 1


def test_the_line_of_sight_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 21: a balance worker keeps its game for every game of the batch; its lines of
    # sight must not grow without bound.
    from rules.maps import game as map_game

    monkeypatch.setattr(map_game, "LOS_CACHE_LIMIT", 50)
    demo = Path(__file__).parent.parent / "scenarios" / "armor" / "demo-crossroads.yaml"
    found = load_game(load_scenario(demo))
    assert isinstance(found, map_game.MapGame)
    hexes = sorted(found.amap.hexes)[:40]
    first = found.los(hexes[0], hexes[1])
    for a in hexes[:10]:
        for b in hexes:
            found.los(a, b)
            assert len(found._los) <= 50
    assert found.los(hexes[0], hexes[1]).verdict == first.verdict  # the same answer again
