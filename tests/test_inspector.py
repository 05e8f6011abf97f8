"""The Inspector and the Terrain Options panel through real widgets (pytest-qt)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from editor.files.document import ScenarioDocument
from editor.mapview.inspector import InspectorPanel, hex_report, hex_sections
from editor.mapview.terrain_options import TerrainOptionsPanel

pytestmark = pytest.mark.gui

SCENARIOS = Path(__file__).parent.parent / "scenarios"


@pytest.fixture
def bridge() -> ScenarioDocument:
    return ScenarioDocument.open(SCENARIOS / "armor" / "2b-the-bridge.yaml")


@pytest.fixture
def panels(qtbot: QtBot) -> tuple[InspectorPanel, TerrainOptionsPanel]:
    inspector = InspectorPanel()
    options = TerrainOptionsPanel()
    qtbot.addWidget(inspector)
    qtbot.addWidget(options)
    return inspector, options


def choose(combo: QComboBox, choice: str) -> None:
    """Pick a choice as a user does: the combo's index changes and it says so."""
    index = combo.findData(choice)
    assert index >= 0, choice
    combo.setCurrentIndex(index)


def test_an_option_chosen_in_the_panel_shows_in_the_inspector_and_undoes(
    bridge: ScenarioDocument, panels: tuple[InspectorPanel, TerrainOptionsPanel]
) -> None:
    inspector, options = panels
    original = bridge.scenario
    options.set_document(bridge)
    stream = bridge.map.resolve("J0507")
    inspector.show_hex(bridge, stream)
    assert "Vehicle\n4\n" in inspector.toPlainText()
    combo = options.combos["streams"]
    assert combo.currentData() == "fordable"
    assert combo.toolTip().startswith("Armor [OP XXVII.F]")

    choose(combo, "bridges-only")
    assert bridge.scenario.map.terrain_options == {"streams": "bridges-only"}
    assert bridge.undo_stack.count() == 1
    rows = dict(hex_report(bridge, stream))
    assert rows["Vehicle"] == "P" and rows["Leg"] == "P"
    assert rows["Streams and fords"] == (
        "Unfordable except at Bridges: a stream hex, may not be entered [Armor [OP XXVII.F.2]]"
    )
    text = inspector.toPlainText()  # the panel followed the document by itself
    assert "Unfordable except at Bridges" in text

    bridge.undo_stack.undo()
    assert combo.currentData() == "fordable"  # the combo follows the undo
    assert bridge.scenario == original
    assert "Unfordable" not in inspector.toPlainText()
    assert dict(hex_report(bridge, stream))["Vehicle"] == "4"
    bridge.undo_stack.redo()
    assert combo.currentData() == "bridges-only"
    assert bridge.undo_stack.count() == 1  # the redo did not echo back as another edit


def test_the_inspector_sections_and_placeholders(bridge: ScenarioDocument) -> None:
    sections = dict(hex_sections(bridge, bridge.map.resolve("J0608")))
    movement = dict(sections["Movement (to enter)"])
    # A Bridge hex: the chart has no Bridge row, so the cost is a placeholder; along the road
    # it is the Data Card's Road Movement Cost.
    assert movement["Vehicle"].startswith("1 (placeholder); from ")
    assert "card-road (along road)" in movement["Vehicle"]
    alley = dict(hex_sections(bridge, bridge.map.resolve("L1428")))
    assert dict(alley[""])["Terrain"] == "building (terrain option; overlay counter alley)"
    assert list(dict(alley["Terrain options"])) == ["Alley units"]
    assert dict(alley["Terrain effects"])["vehicle cost"] == "2"


def test_the_value_column_wraps_at_a_narrow_dock(
    qtbot: QtBot, bridge: ScenarioDocument, panels: tuple[InspectorPanel, TerrainOptionsPanel]
) -> None:
    inspector, _ = panels
    inspector.resize(300, 700)
    inspector.show()
    qtbot.waitExposed(inspector)
    inspector.show_hex(bridge, bridge.map.resolve("J0608"))
    layout = inspector.document()
    assert layout.size().width() <= inspector.viewport().width() + 1
    assert inspector.horizontalScrollBar().maximum() == 0


def test_soldiers_water_is_chosen_per_map(
    panels: tuple[InspectorPanel, TerrainOptionsPanel],
) -> None:
    inspector, options = panels
    document = ScenarioDocument.open(SCENARIOS / "soldiers" / "20-vire-bridges.yaml")
    options.set_document(document)
    assert list(options.combos) == ["water:C", "water:D"]
    assert options.combos["water:C"].currentData() == "river"
    assert options.combos["water:D"].currentData() == "stream"
    water = next(
        h
        for h in document.terrain.hexes()
        if document.terrain.layers(h)[0] == "water" and document.map.name(h).startswith("D")
    )
    inspector.show_hex(document, water)
    assert dict(hex_report(document, water))["Man"].startswith("1; ")
    choose(options.combos["water:D"], "river")
    assert document.scenario.map.water["D"] == "river"
    assert dict(hex_report(document, water))["Man"].startswith("P")
    assert "River: water counts as river" in inspector.toPlainText()
    document.undo_stack.undo()
    assert document.scenario.map.water["D"] == "stream"
    assert options.combos["water:D"].currentData() == "stream"


def test_a_system_without_options_and_no_document(
    panels: tuple[InspectorPanel, TerrainOptionsPanel],
) -> None:
    _, options = panels
    document = ScenarioDocument.open(SCENARIOS / "panzer44" / "19.9-sarre-river.yaml")
    options.set_document(document)
    assert options.combos == {}
    assert options.message.text() == "Panzer '44's rulebook offers no terrain options."
    options.set_document(None)
    assert options.message.text() == "No scenario open."


def test_the_inspector_forgets_the_last_maps_hex_when_another_scenario_opens(
    window: Any, qtbot: QtBot
) -> None:
    from PySide6.QtCore import QPointF

    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    view = window.view
    h = window.document.map.resolve("J0507")
    at = view.mapFromScene(QPointF(*hex_to_pixel(h, HEX_SIZE)))
    qtbot.mouseMove(view.viewport(), at)
    qtbot.waitUntil(lambda: "J0507" in window.inspector.toPlainText())
    assert window.open_file(SCENARIOS / "panzer44" / "19.5-arracourt.yaml")
    assert window.inspector.toPlainText() == ""  # not 1A's J0507 under Arracourt's map
    qtbot.mouseMove(view.viewport(), at + type(at)(3, 0), delay=-1)
    qtbot.waitUntil(lambda: window.inspector.toPlainText() != "")
    assert "J0507" not in window.inspector.toPlainText()
