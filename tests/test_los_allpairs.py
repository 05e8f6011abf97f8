"""Every pair at once (rules.los.allpairs, SightTable.clear_pairs) gives exactly the line-by-line
verdict of Panzer '44 [11.0; 11.13]; and line shapes mapped by a symmetry of the grid
(rules.los.shapes.line_shape) are exactly the shapes traced for each displacement, and moved to
any hex, exactly what the traced line meets there, on every book's maps."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from model import edits
from model.hexes import Hex, Hexside, within
from model.mapstate import terrain_edits
from model.scenario_io import load_scenario, overlays_of
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.los.geometry import AlongStep, CrossStep, HexStep, trace
from rules.los.query import line_of_sight
from rules.los.shapes import line_shape, side_of, traced_shape
from rules.panzer44.game import Panzer44Game
from rules.panzer44.sight_table import SightTable
from rules.registry import load_game

P44 = Path(__file__).parent.parent / "scenarios" / "panzer44"


def test_shapes_mapped_by_symmetry_equal_the_shapes_traced_for_every_displacement() -> None:
    """Every displacement up to 24 hexes away: the hexes and hexsides between the ends, traced
    for that displacement itself, are those of its class's traced shape turned or mirrored."""
    for dq in range(-24, 25):
        for dr in range(-24, 25):
            if Hex(0, 0).distance(Hex(dq, dr)) > 24:
                continue
            hexes, midpoints = traced_shape(dq, dr)
            shape = line_shape(dq, dr)
            assert sorted(shape.hexes) == sorted(hexes), (dq, dr)
            assert sorted(shape.sides) == sorted(side_of(*m) for m in midpoints), (dq, dr)
    assert line_shape(0, 0).hexes == line_shape(1, -1).hexes == ()  # [11.13]: nothing between
    along = line_shape(1, 1)  # runs along the side between (1, 0) and (0, 1): both its hexes
    assert set(along.hexes) == {(1, 0), (0, 1)}
    assert along.sides == ((0, 1, 1),)  # that side: north-east of (0, 1)
    assert Hexside(Hex(0, 1), 1).hexes == (Hex(0, 1), Hex(1, 0))


@pytest.mark.slow
def test_every_pair_of_the_book_map_gets_the_line_by_line_verdict_11_0() -> None:
    """All 4.3 million ordered pairs of the Panzer '44 map of Sedan Revenged [11.0; 11.13]."""
    game = load_game(load_scenario(P44 / "19.2-sedan-revenged.yaml"))
    assert isinstance(game, Panzer44Game)
    hexes = sorted(game.amap.hexes, key=game.name)
    table = SightTable(game.terrain)
    fast = table.clear_pairs(hexes)
    clear = table.clear
    slow = np.array([[clear(a, b) for b in hexes] for a in hexes], dtype=np.bool_)
    assert fast.shape == (len(hexes), len(hexes))
    assert np.array_equal(fast, slow)
    assert 0.1 < fast.mean() < 0.5  # both verdicts are well exercised
    # ... and the line-by-line verdict is the full query's, on a sample of those pairs.
    rng = random.Random(20)
    for _ in range(300):
        i, j = rng.randrange(len(hexes)), rng.randrange(len(hexes))
        full = line_of_sight(game.terrain, game.system, hexes[i], hexes[j])
        assert fast[i, j] == (full.verdict != "blocked"), (game.name(hexes[i]), game.name(hexes[j]))


def test_every_pair_among_dense_obstacles_gets_the_full_querys_verdict_11_11() -> None:
    """A patch where a third of the hexes are woods or town and a quarter of the hexsides
    crests [11.11]: lines through corners, along hexsides and past the ends' own blocking
    sides all occur; every ordered pair of it against the full query, and the patch's hexes
    given in a shuffled order (the answer follows the order given)."""
    loaded = load_scenario(P44 / "19.2-sedan-revenged.yaml")
    amap, scenario = loaded.map, loaded.scenario
    patch = [h for h in within(amap.resolve("1717"), 5) if h in amap.hexes]
    rng = random.Random(11)
    rng.shuffle(patch)
    names = [amap.name(h) for h in patch]
    scenario = edits.paint_terrain(scenario, names, "clear")
    for terrain in ("woods", "town"):
        scenario = edits.paint_terrain(scenario, [n for n in names if rng.random() < 0.17], terrain)
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
    fast = SightTable(view).clear_pairs(patch)
    differ = [
        f"{amap.name(a)} -> {amap.name(b)}"
        for i, a in enumerate(patch)
        for j, b in enumerate(patch)
        if fast[i, j] != (line_of_sight(view, view.system, a, b).verdict != "blocked")  # type: ignore[arg-type]
    ]
    assert differ == []
    assert (~fast).sum() > len(patch) ** 2 // 3


def _between(a: Hex, b: Hex) -> tuple[set[Hex], set[Hexside]]:
    """What lies between ``a`` and ``b``, read straight from the line's trace."""
    if a.distance(b) <= 1:
        return set(), set()
    line = trace(a, b)
    ends = {Hexside.of(h, d) for h in (a, b) for d in range(6)}
    hexes = {s.hex for s in line.steps if isinstance(s, HexStep)} - {a, b}
    hexes |= {h for s in line.steps if isinstance(s, AlongStep) for h in (s.left, s.right)}
    sides = {s.side for s in line.steps if isinstance(s, CrossStep | AlongStep)} - ends
    return hexes, sides


def test_line_shapes_moved_to_a_hex_are_the_traced_line_on_the_other_books_maps() -> None:
    """Random pairs of an Armor layout, a Soldiers map and a Panzer Command map: the shape of
    the displacement, moved to the first hex, is what the line traced between them meets."""
    for path in (
        "armor/1a-spearheads.yaml",
        "soldiers/10-dawn-patrol.yaml",
        "panzer-command/point-161.yaml",
    ):
        hexes = sorted(load_scenario(P44.parent / path).map.hexes)
        rng = random.Random(path)
        for _ in range(400):
            a, b = rng.choice(hexes), rng.choice(hexes)
            shape = line_shape(b.q - a.q, b.r - a.r)
            moved = {Hex(a.q + q, a.r + r) for q, r in shape.hexes}
            sides = {Hexside(Hex(a.q + q, a.r + r), d) for q, r, d in shape.sides}
            assert (moved, sides) == _between(a, b), (path, a, b)


def test_every_pair_at_once_on_other_layouts_equals_the_traced_lines() -> None:
    """The bit grid on maps of other shapes (negative coordinates, a Soldiers map; an Armor
    layout): a band of hexes, blocking hexes and sides at random; every ordered pair against
    what its traced line meets."""
    from rules.los.allpairs import clear_pairs

    for path in ("soldiers/10-dawn-patrol.yaml", "armor/1a-spearheads.yaml"):
        every = sorted(load_scenario(P44.parent / path).map.hexes)
        rng = random.Random(path)
        start = rng.choice(every)
        band = [h for h in every if h.distance(start) <= 7]
        blocking = {h for h in every if rng.random() < 0.08}
        sides = {Hexside.of(h, d) for h in every for d in range(3) if rng.random() < 0.06}
        fast = clear_pairs(band, blocking, sides)
        for i, a in enumerate(band):
            for j, b in enumerate(band):
                hexes, crossed = _between(a, b)
                clear = not (hexes & blocking or crossed & sides)
                assert fast[i, j] == clear, (path, a, b)
        assert 0 < fast.sum() < len(band) ** 2
