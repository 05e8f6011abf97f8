"""Panzer '44's fast line-of-sight verdict (rules.panzer44.sight_table) gives exactly the verdict of the full
query (rules.los.query.line_of_sight): on the book map, and on the map edited so that blocking hexes and
hexsides lie thick along lines of every kind (through corners, along hexsides, ends' own sides)."""

from __future__ import annotations

import random
from pathlib import Path

from model import edits
from model.hexes import Hex, Hexside, within
from model.mapstate import terrain_edits
from model.scenario_io import load_scenario, overlays_of
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.los.query import line_of_sight
from rules.panzer44.game import Panzer44Game
from rules.panzer44.sight_table import SightTable
from rules.registry import load_game

SCENARIO = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"


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


def test_the_fast_verdict_equals_the_full_query_on_the_book_map() -> None:
    game = load_game(load_scenario(SCENARIO))
    assert isinstance(game, Panzer44Game)
    hexes = sorted(game.amap.hexes, key=game.name)
    rng = random.Random(44)
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(1500)]
    pairs = [(a, b) for a, b in pairs if a.distance(b) <= 24]
    blocked, differ = _agree(game.terrain, pairs)
    assert differ == []
    assert 0.2 * len(pairs) < blocked < 0.9 * len(pairs)  # both verdicts are well exercised


def test_the_fast_verdict_equals_the_full_query_among_dense_obstacles() -> None:
    """A patch with a third of its hexes woods or town and a quarter of its hexsides crests:
    every pair of hexes in it, so lines through corners and along hexsides, and blocking sides
    of the ends' own hexes, all occur."""
    loaded = load_scenario(SCENARIO)
    amap, scenario = loaded.map, loaded.scenario
    centre = amap.resolve("1717")
    patch = [h for h in within(centre, 5) if h in amap.hexes]
    rng = random.Random(7)
    names = [amap.name(h) for h in patch]
    scenario = edits.paint_terrain(scenario, names, "clear")
    for terrain in ("woods", "town"):
        chosen = [n for n in names if rng.random() < 0.17]
        scenario = edits.paint_terrain(scenario, chosen, terrain)
    sides = sorted(
        {Hexside.of(h, d) for h in patch for d in range(6)}, key=lambda s: (s.hex, s.direction)
    )
    crests = [
        "/".join(amap.name(h).replace("/", "") for h in side.hexes)
        for side in sides
        if all(h in amap.hexes for h in side.hexes) and rng.random() < 0.25
    ]
    scenario = edits.set_hexside_feature(scenario, crests, "crest", True)
    overlays, problems = overlays_of(scenario, amap)
    assert problems == []
    view = MapTerrain(amap, overlays, terrain_edits(scenario, amap), option_values(scenario))
    pairs = [(a, b) for a in patch for b in patch if a != b]
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert blocked > len(pairs) // 3


def test_adjacent_and_same_hexes_always_see_each_other() -> None:
    game = load_game(load_scenario(SCENARIO))
    assert isinstance(game, Panzer44Game)
    table = SightTable(game.terrain)
    woods = [h for h in game.amap.hexes if game.terrain.terrain(h) == "woods"]
    a = woods[0]
    assert table.clear(a, a)
    for d in range(6):
        assert table.clear(a, a.neighbor(d))
