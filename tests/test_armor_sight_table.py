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


def test_the_fast_verdict_equals_the_full_query_among_dense_obstacles_ag_iv_b() -> None:
    """Every ordered pair of a patch of radius 5 painted with a mix of every height the rules
    read: Hills (raising units), Woods and Buildings (not), Depressions (lowering), Smoke (all
    levels [OP IX.A.5]), ground raised and lowered, and a quarter of the hexsides Crests."""
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
    view = _view(scenario, amap)
    pairs = [(a, b) for a in patch for b in patch if a != b]
    blocked, differ = _agree(view, pairs)
    assert differ == []
    assert len(pairs) // 3 < blocked < len(pairs)


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
