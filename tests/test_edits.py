"""Scenario edits as pure operations, and the document that makes them undoable."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import edits
from model.resources import load_boards
from model.scenario_io import load_scenario
from model.scenario_map import OverlayPlacement
from model.systems import GameSystem

SCENARIO = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"


def test_painting_replaces_earlier_paint_of_the_same_hex_and_keeps_the_input() -> None:
    original = load_scenario(SCENARIO).scenario
    once = edits.paint_terrain(original, ["J0505", "J0506"], "scrub")
    twice = edits.paint_terrain(once, ["J0506"], "rough")
    assert original.map.terrain_edits == []  # the input is never changed
    terrain = [(e.hexes, e.terrain) for e in twice.map.terrain_edits]
    assert terrain == [(["J0505"], "scrub"), (["J0506"], "rough")]
    erased = edits.erase_terrain(twice, ["J0505", "J0506"])
    assert erased.map.terrain_edits == []


def test_hexside_features_are_added_and_removed() -> None:
    original = load_scenario(SCENARIO).scenario
    hedged = edits.set_hexside_feature(original, ["J0505/J0506"], "crest")
    assert [(e.hexsides, e.feature, e.remove) for e in hedged.map.terrain_edits] == [
        (["J0505/J0506"], "crest", False)
    ]
    cleared = edits.set_hexside_feature(hedged, ["J0505/J0506"], "crest", present=False)
    assert [(e.hexsides, e.remove) for e in cleared.map.terrain_edits] == [(["J0505/J0506"], True)]


def test_turning_a_section_keeps_its_middle() -> None:
    loaded = load_scenario(SCENARIO)
    sections = load_boards(GameSystem.ARMOR, ("J", "K", "L"))
    layout = edits.explicit_layout(loaded.scenario, sections)
    assert [s.section for s in layout.sections or []] == ["J", "K", "L"]
    turned = edits.flip_section(layout, 1, sections["K"])
    spec = (turned.sections or [])[1]
    assert spec.flipped
    cq, cr = sections["K"].centroid
    middle = (spec.offset[0] - cq, spec.offset[1] - cr)
    assert abs(middle[0] - cq) <= 0.5 and abs(middle[1] - cr) <= 1.0
    _, reasons = edits.try_layout(turned, sections)
    # Turned in place, K no longer meshes with its neighbours: the editor snaps it (below).
    assert any("overlap" in r or "do not meet" in r for r in reasons)


def test_save_round_trips_edits(tmp_path: Path) -> None:
    from model.scenario_io import save_scenario

    painted = edits.paint_terrain(load_scenario(SCENARIO).scenario, ["K2018"], "scrub")
    save_scenario(painted, tmp_path / "s.yaml")
    assert load_scenario(tmp_path / "s.yaml").scenario == painted


@pytest.mark.gui
def test_document_edits_undo_to_the_original(qtbot: object) -> None:
    from editor.files.changes import Change
    from editor.files.document import ScenarioDocument

    document = ScenarioDocument.open(SCENARIO)
    original = document.scenario
    seen: list[Change] = []
    document.changed.connect(seen.append)
    amap = document.map
    document.begin_stroke()
    for name in ("J0505", "J0605", "J0705"):
        document.paint_terrain([amap.resolve(name)], "rough", stroke=True)
    assert document.undo_stack.count() == 1  # one brush stroke is one undo step
    assert document.edits.terrain[amap.resolve("J0605")] == "rough"
    assert document.modified
    assert document.flip_section(1) == []
    assert document.map.placements[1].flipped
    assert document.add_overlay(OverlayPlacement(overlay="wood-building", hex="K2016")) == []
    assert document.add_overlay(OverlayPlacement(overlay="woods-999", hex="K2016")) == [
        "there is no overlay 'woods-999'"
    ]
    changes = [w for i, w in enumerate(seen) if i == 0 or seen[i - 1] != w]
    assert changes == [Change.TERRAIN, Change.LAYOUT, Change.OVERLAYS]
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original
    assert not document.modified
    assert not document.map.placements[1].flipped
