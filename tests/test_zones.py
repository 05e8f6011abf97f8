"""Set-up zones and entry areas: the hex sets (model.zones) and the editor's zone layer."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from editor.files.changes import Change
from model.regions import HexesRegion
from model.scenario import AreaPlacement
from model.scenario_io import load_scenario
from model.zones import zones

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from editor.app import MainWindow

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")


def _load(name: str):  # type: ignore[no-untyped-def]
    return load_scenario(os.path.join(SCENARIOS, name))


def test_armor_1a_sides_enter_along_their_edges() -> None:
    loaded = _load("armor/1a-spearheads.yaml")
    found = zones(loaded.scenario, loaded.map, loaded.overlays)
    assert [(z.side_id, z.kind, z.label) for z in found] == [
        ("german", "entry", "German enters turn 1"),
        ("us", "entry", "American enters turn 1"),
    ]
    german, us = found
    assert german.nation == "germany" and us.nation == "us"
    names = {z.side_id: {loaded.map.name(h) for h in z.hexes} for z in found}
    assert {"J0100", "J0201", "J4001"} <= names["german"]  # Side A: the top of board J
    assert {"L0136", "L4036"} <= names["us"]  # Side B: the bottom of board L
    assert len(german.hexes) == len(us.hexes) == 40
    assert not german.hexes & us.hexes


def test_panzer44_behind_utah_set_up_east_of_hexrow_3700() -> None:
    loaded = _load("panzer44/19.1-behind-utah.yaml")
    found = {z.label: z for z in zones(loaded.scenario, loaded.map, loaded.overlays)}
    german = found["German set-up"]
    assert german.kind == "set-up"
    names = {loaded.map.name(h) for h in german.hexes}
    assert {"3701", "3801", "6134"} <= names  # "east of hexrow 3700, inclusive"
    assert "3601" not in names
    reinforcements = found["German reinforcements turn 7"]
    assert reinforcements.kind == "reinforcement"
    assert {"0101", "6101"} <= {loaded.map.name(h) for h in reinforcements.hexes}


def test_force_areas_deployment_modes_and_events_are_zones() -> None:
    loaded = _load("panzer44/19.5-arracourt.yaml")
    labels = [z.label for z in zones(loaded.scenario, loaded.map, loaded.overlays)]
    assert "German set-up" in labels and "American M4 set-up" in labels
    loaded = _load("soldiers/21-hedgerow-assault.yaml")
    kinds = {z.label: z.kind for z in zones(loaded.scenario, loaded.map, loaded.overlays)}
    assert kinds["German normal deployment"] == "deployment-mode"


def test_regions_that_do_not_resolve_are_skipped() -> None:
    loaded = _load("panzer44/19.1-behind-utah.yaml")
    scenario = loaded.scenario
    bad = AreaPlacement(region=HexesRegion(hexes=["9999"]))
    sides = [side.model_copy(update={"setup": bad}) for side in scenario.sides]
    broken = scenario.model_copy(update={"sides": sides})
    labels = [z.label for z in zones(broken, loaded.map)]
    assert "German set-up" not in labels
    assert "German reinforcements turn 7" in labels


# --- the editor's layer ----------------------------------------------------------------------


def test_the_zone_layer_toggles_and_follows_undoable_edits(
    window: MainWindow, qtbot: QtBot
) -> None:
    from PySide6.QtGui import QColor

    from editor.mapview.zones_layer import side_colour
    from editor.style import nation_colour

    action = window.actions_by_id["view.zones"]
    assert action.isCheckable() and not action.isChecked()
    assert action.shortcut().toString() == "Z"
    layer = window.map_editor.zone_layer
    assert not any(item.isVisible() for item in layer.items)

    action.trigger()
    assert action.isChecked()
    visible = [item for item in layer.items if item.isVisible()]
    assert len(layer.zones) == 2 and len(visible) >= 2
    colours = {layer.outline_of(item).name() for item in layer.path_items}
    for nation in ("germany", "us"):
        # The side's counter colour, darkened to read on the pale map: the same hue.
        assert side_colour(nation).name() in colours
        assert side_colour(nation).hue() == QColor(nation_colour(nation)).hue()

    # An undoable edit of the German set-up: the layer shows the new area, undo brings back
    # the edge.
    doc = window.document
    assert doc is not None
    area = AreaPlacement(region=HexesRegion(hexes=["J1010", "J1011"]))
    sides = [
        side.model_copy(update={"setup": area}) if side.id == "german" else side
        for side in doc.scenario.sides
    ]
    assert (
        doc.edit(lambda s: s.model_copy(update={"sides": sides}), "German set-up", Change.FORCES)
        == []
    )
    german = [z for z in layer.zones if z.side_id == "german"]
    assert [z.label for z in german] == ["German set-up"]
    assert {doc.map.name(h) for h in german[0].hexes} == {"J1010", "J1011"}
    assert all(item.isVisible() for item in layer.path_items)
    doc.undo_stack.undo()
    assert [z.label for z in layer.zones if z.side_id == "german"] == ["German enters turn 1"]

    action.trigger()
    assert not action.isChecked()
    assert not any(item.isVisible() for item in layer.items)


def test_zone_labels_stay_on_the_map(window) -> None:  # type: ignore[no-untyped-def]
    # Arracourt's American reinforcements enter at single hexes on the map's edge: their
    # labels are slid inside the map rather than hanging half off it.
    from pathlib import Path

    assert window.open_file(
        Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.5-arracourt.yaml"
    )
    window.actions_by_id["view.zones"].trigger()
    layer = window.map_editor.zone_layer
    assert layer.label_items
    bounds = window.view.item.boundingRect()
    for label in layer.label_items:
        assert bounds.contains(label.rect.translated(label.pos())), label.text
