"""The terrain of a scenario's map: boards, painted edits and overlay counters in one view."""

from __future__ import annotations

from pathlib import Path

from model import edits
from model.hexes import Hexside
from model.mapstate import terrain_edits
from model.scenario_io import load_scenario, overlays_of
from model.terrainview import MapTerrain

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"


def _view(path: Path, change=None) -> MapTerrain:  # type: ignore[no-untyped-def]
    loaded = load_scenario(path)
    scenario = change(loaded.scenario) if change else loaded.scenario
    overlays, problems = overlays_of(scenario, loaded.map)
    assert problems == []
    return MapTerrain(loaded.map, overlays, terrain_edits(scenario, loaded.map))


def test_an_overlay_wins_over_paint_and_paint_over_print() -> None:
    path = SCENARIOS / "2b-the-bridge.yaml"
    plain = _view(path)
    river = plain.amap.resolve("L0732")
    clear = plain.amap.resolve("J0505")
    assert plain.layers(river) == ("river", "overlay")
    printed = plain.printed(clear)
    assert plain.layers(clear) == (printed, "printed")
    painted = _view(path, lambda s: edits.paint_terrain(s, ["J0505", "L0732"], "scrub"))
    assert painted.layers(clear) == ("scrub", "painted")
    assert painted.layers(river) == ("river", "overlay")  # the counter lies on the paint
    assert painted.printed(clear) == printed  # the board is never changed


def test_hills_raise_the_ground_and_painted_elevation_replaces_the_board() -> None:
    path = SCENARIOS / "2b-the-bridge.yaml"
    view = _view(path)
    hill = next(h for h in view.hexes() if view.overlays.hill_levels(h))
    levels = view.overlays.hill_levels(hill)
    raised = _view(path, lambda s: edits.set_elevation(s, [view.amap.name(hill)], 2))
    assert raised.ground(hill) == 2 + levels


def test_hexside_features_are_the_boards_plus_and_minus_the_scenarios() -> None:
    path = SCENARIOS / "1a-spearheads.yaml"
    view = _view(path)
    side, features = next(iter(view.all_hexside_features().items()))
    feature = sorted(features)[0]
    a, b = (view.amap.name(h) for h in side.hexes)
    removed = _view(path, lambda s: edits.set_hexside_feature(s, [f"{a}/{b}"], feature, False))
    assert feature not in removed.hexside_features(side)
    j1, j2 = view.amap.resolve("J0505"), view.amap.resolve("J0506")
    hedged = _view(path, lambda s: edits.set_hexside_feature(s, ["J0505/J0506"], "crest"))
    assert "crest" in hedged.hexside_features(Hexside.between(j1, j2))
    assert "crest" in {d: f for d, f, _ in hedged.sides_of(j1)}[j1.direction_to(j2)]


def test_the_boards_hexsides_are_worked_out_once_per_map() -> None:
    """Speed issue: every terrain view of one map (one per edit in the editor, one per
    scenario validated together) shares the map's board hexsides, as worked out afresh."""
    from model.terrainview import BoardSides

    loaded = load_scenario(SCENARIOS.parent / "panzer44" / "19.5-arracourt.yaml")
    first = MapTerrain(loaded.map, loaded.overlays)
    again = MapTerrain(loaded.map)
    assert first.board_sides is again.board_sides is BoardSides.of(loaded.map)
    assert first.board_sides == BoardSides._work_out(loaded.map)
    assert first.board_sides is not None and first.board_sides.features
