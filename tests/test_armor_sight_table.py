"""Armor's fast line-of-sight verdict for two units on the ground (rules.armor.sight_table) gives
exactly the verdict of the full query (rules.los.query.line_of_sight, [AG IV.B]): on the map of
every built-in Armor scenario (its overlays, edits and terrain options), and on a map edited so
that Hills, Woods, Buildings, Depressions, Smoke and Crest hexsides lie thick at mixed ground
levels, so that lines through corners, along hexsides, from hollows and from hilltops all
occur; and the engine's sighting uses it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from model import edits
from model.hexes import Hex, Hexside, within
from model.mapstate import terrain_edits
from model.scenario import Scenario
from model.scenario_io import load_scenario, overlays_of
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.armor.sight_table import SightTable
from rules.los.query import line_of_sight

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / "armor").glob("*.yaml"))


def _view(scenario: Scenario, amap: object) -> MapTerrain:
    overlays, problems = overlays_of(scenario, amap)  # type: ignore[arg-type]
    assert problems == []
    return MapTerrain(
        amap,  # type: ignore[arg-type]
        overlays,
        terrain_edits(scenario, amap),  # type: ignore[arg-type]
        option_values(scenario),
    )


def _agree(view: MapTerrain, pairs: list[tuple[Hex, Hex]]) -> tuple[int, list[str]]:
    """How many pairs are blocked, and every pair where the two answers differ."""
    table = SightTable(view)
    blocked, differ = 0, []
    for a, b in pairs:
        full = line_of_sight(view, view.system, a, b)  # type: ignore[arg-type]
        blocked += full.verdict == "blocked"
        if table.clear(a, b) != (full.verdict != "blocked"):
            differ.append(f"{view.amap.name(a)} -> {view.amap.name(b)}: full says {full.verdict}")
    return blocked, differ


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_fast_verdict_equals_the_full_query_on_each_built_in_map_ag_iv_b(path: Path) -> None:
    loaded = load_scenario(path)
    view = _view(loaded.scenario, loaded.map)
    hexes = sorted(loaded.map.hexes, key=loaded.map.name)
    rng = random.Random(path.stem)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(700)]
    pairs = [(a, b) for a, b in pairs if a.distance(b) <= 30]
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert 0 < blocked < len(pairs)  # both verdicts occur


def _dense() -> tuple[MapTerrain, list[Hex]]:
    """A patch of radius 5 painted with a mix of every height the rules read: Hills (raising
    units), Woods and Buildings (not), Depressions (lowering), Smoke (all levels [OP IX.A.5]),
    ground raised and lowered, and a quarter of the hexsides Crests; and its hexes."""
    loaded = load_scenario(SCENARIOS[0])
    amap, scenario = loaded.map, loaded.scenario
    centre = sorted(amap.hexes, key=amap.name)[len(amap.hexes) // 2]
    patch = [h for h in within(centre, 5) if h in amap.hexes]
    assert len(patch) > 60
    rng = random.Random(4)
    names = [amap.name(h) for h in patch]
    scenario = edits.paint_terrain(scenario, names, "clear")
    for terrain in ("hill", "woods", "building", "depression", "smoke", "hedgerow"):
        chosen = [n for n in names if rng.random() < 0.08]
        scenario = edits.paint_terrain(scenario, chosen, terrain)
    for level in (1, 2, -1):
        chosen = [n for n in names if rng.random() < 0.1]
        scenario = edits.set_elevation(scenario, chosen, level)
    sides = sorted(
        {Hexside.of(h, d) for h in patch for d in range(6)}, key=lambda s: (s.hex, s.direction)
    )
    crests = [
        "/".join(amap.name(h).replace("/", "") for h in side.hexes)
        for side in sides
        if all(h in amap.hexes for h in side.hexes) and rng.random() < 0.25
    ]
    scenario = edits.set_hexside_feature(scenario, crests, "crest", True)
    return _view(scenario, amap), patch


def test_the_fast_verdict_equals_the_full_query_among_dense_obstacles_ag_iv_b() -> None:
    """Every ordered pair of the dense patch (:func:`_dense`)."""
    view, patch = _dense()
    pairs = [(a, b) for a in patch for b in patch if a != b]
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert len(pairs) // 3 < blocked < len(pairs)


@pytest.mark.parametrize("offset", [(1, 1), (2, -4), (3, 3), (5, -1), (-4, 2), (0, 6)])
def test_one_line_shape_moved_to_every_hex_keeps_the_full_querys_verdict_ag_iv_b(
    offset: tuple[int, int],
) -> None:
    """The table traces a line's shape once per offset between its ends and moves it to each
    start (rules.armor.sight_table._plan): the same offset from every hex of the dense patch
    and around it, lines along hexsides ((1, 1), (3, 3): cube directions between two hexes'
    sides) and through corners among them, each gives the full query's verdict there."""
    view, patch = _dense()
    starts = {h for p in patch for h in within(p, 3) if h in view}
    pairs = [(a, b) for a in sorted(starts) if (b := Hex(a.q + offset[0], a.r + offset[1])) in view]
    assert len(pairs) > 60
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert 0 < blocked < len(pairs)


def test_long_lines_across_three_sections_end_to_end_keep_the_full_querys_verdict_ag_iv_b() -> None:
    """Lines of every length across the longest built-in map (three sections end to end)."""
    path = next(p for p in SCENARIOS if "end-to-end" in p.stem)
    loaded = load_scenario(path)
    view = _view(loaded.scenario, loaded.map)
    hexes = sorted(loaded.map.hexes, key=loaded.map.name)
    rng = random.Random(7)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(400)]
    assert max(a.distance(b) for a, b in pairs) > 45
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert 0 < blocked < len(pairs)


def test_adjacent_and_same_hexes_always_sight_each_other_even_in_smoke_gc2() -> None:
    loaded = load_scenario(SCENARIOS[0])
    amap = loaded.map
    a = sorted(amap.hexes, key=amap.name)[len(amap.hexes) // 2]
    ring = [a.neighbor(d) for d in range(6)]
    scenario = edits.paint_terrain(loaded.scenario, [amap.name(a)], "smoke")
    table = SightTable(_view(scenario, amap))
    assert table.clear(a, a)
    assert all(table.clear(a, n) for n in ring if n in amap.hexes)
    far = next(h for h in sorted(amap.hexes, key=amap.name) if h.distance(a) == 4)
    assert not table.clear(a, far)  # out of the Smoke hex [OP IX.A.5]
    assert not table.clear(far, a)  # and into it


@pytest.mark.parametrize("stem", ["2a-trading-ground-end-to-end", "3a-frontal-attack"])
def test_whether_only_sighting_agrees_with_the_explained_one_through_a_game_ag_iv(
    stem: str,
) -> None:
    """``why_not_sighted(explain=False)`` judges the range before the line (most targets are
    beyond it, and cost no line); whether it says None must be exactly whether the explained
    judgement (the line first, then the range) does, for every pair of enemy units at every
    Order Plot of a random game, and the Order Plot's targets follow it."""
    from rules.armor.fire import why_not_sighted
    from rules.bots.base import make_bot
    from rules.pointbuy.purchase import game_for, parse_choices

    loaded = load_scenario(SCENARIOS[0].parent / f"{stem}.yaml")
    game = game_for(loaded, parse_choices("balanced", loaded.scenario, 3))
    state = game.new_initial_state(3)
    bots = {s: make_bot("random", 30 + i) for i, s in enumerate(game.sides)}
    checked = out_of_range = 0
    while not state.is_terminal() and state.play.turn <= 4:
        if state.segment.id == "plot" and not state.play.done:
            for side in game.sides:
                for unit in state.alive(side):
                    for enemy in state.enemies(side):
                        quick = why_not_sighted(state, unit, enemy, explain=False)
                        full = why_not_sighted(state, unit, enemy)
                        assert (quick is None) == (full is None), (unit, enemy, quick, full)
                        checked += 1
                        out_of_range += quick is not None and "range" in quick
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert checked > 200
    assert out_of_range > 0
