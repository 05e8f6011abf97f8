"""The Validation panel through the window: the findings of the open scenario with their book
sections, kept up to date as the designer edits and undoes, filtered by severity, and each
finding's place outlined on the map with the view centred on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QKeySequence
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.scenario.validation import ValidationPanel, summary
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.places import finding_hexes, parse_path
from model.scenario_io import load_scenario
from rules.checks import Finding

pytestmark = pytest.mark.gui

SCENARIOS = Path(__file__).parent.parent / "scenarios"
ARRACOURT = SCENARIOS / "panzer44" / "19.5-arracourt.yaml"
DEMO = SCENARIOS / "armor" / "demo-crossroads.yaml"
WAIT = 30_000  # ms: the checks of a large map take about a second, more on a busy machine

PLACEMENT_TERRAIN = "M4 is placed on K2219, hedgerow: hedgerow is prohibited to vehicle movement"


def open_checked(window: MainWindow, qtbot: QtBot, path: Path) -> ValidationPanel:
    panel = window.validation_panel
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        assert window.open_file(path)
    return panel


def view_centre(window: MainWindow) -> QPointF:
    return window.view.mapToScene(window.view.viewport().rect().center())


def near(point: QPointF, h: Hex, reach: float = HEX_SIZE) -> bool:
    x, y = hex_to_pixel(h, HEX_SIZE)
    return abs(point.x() - x) <= reach and abs(point.y() - y) <= reach


def test_lists_a_documented_exception_with_its_citation_and_shows_its_area(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = open_checked(window, qtbot, ARRACOURT)
    [finding] = panel.findings
    assert (finding.severity, finding.code, finding.citation, finding.path) == (
        "info",
        "counter-mix",
        "Panzer '44 [3.22]",
        "sides[1].forces[7]",
    )
    assert "the book does so, kept as printed" in finding.message
    assert panel.list.count() == 1
    assert "Panzer '44 [3.22]" in panel.list.item(0).toolTip()
    assert "1 info" in panel.header.text()
    # Selecting it: the four engineer platoons' set-up area, Haut de Roules and the hexes
    # around it, outlined; the view centred on it; the hexes named in the status bar.
    panel.list.setCurrentRow(0)
    marks = window.view.marks
    assert marks is not None
    assert marks.isVisible()
    document = window.document
    assert document is not None
    area = finding_hexes(document.scenario, document.map, document.overlays, finding.path)
    assert len(area) > 1
    assert marks.path().boundingRect().contains(view_centre(window))
    assert window.statusBar().currentMessage().startswith("sides[1].forces[7]: ")


def test_an_edit_makes_an_error_and_undo_takes_it_away(window: MainWindow, qtbot: QtBot) -> None:
    panel = open_checked(window, qtbot, DEMO)
    assert panel.findings == []
    assert "No findings" in panel.header.text()
    document = window.document
    assert document is not None
    k2219 = document.map.resolve("K2219")  # the M4's hex
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        document.paint_terrain([k2219], "hedgerow")
    [finding] = panel.findings
    assert finding.format() == (
        f"{DEMO}: error placement-terrain: {PLACEMENT_TERRAIN} [Armor [CS Vehicle Movement Costs]]"
    )
    assert panel.shown() == [finding]
    assert "1 error" in panel.header.text()
    # Selecting it outlines the M4's hex and centres the view there.
    window.view.fit()
    panel.select(finding)
    assert window.view.marks is not None
    assert window.view.marks.isVisible()
    assert window.view.marks.path().boundingRect().contains(QPointF(*hex_to_pixel(k2219, HEX_SIZE)))
    assert near(view_centre(window), k2219)
    assert window.statusBar().currentMessage() == "sides[0].forces[0].placement: K2219"
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        document.undo_stack.undo()
    assert panel.findings == []
    assert panel.list.count() == 0


def test_a_result_for_a_scenario_since_changed_is_dropped(window: MainWindow, qtbot: QtBot) -> None:
    panel = open_checked(window, qtbot, DEMO)
    document = window.document
    assert document is not None
    k2219 = document.map.resolve("K2219")
    panel.run_now()  # a run of the scenario as it is now...
    document.paint_terrain([k2219], "hedgerow")
    panel.run_now()  # ...and one after the edit, waiting for the first to end
    assert panel.running
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        pass
    assert [f.code for f in panel.findings] == ["placement-terrain"]
    # Edits in quick succession are checked once, after the last.
    panel.wait()
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        document.undo_stack.undo()
        document.undo_stack.redo()
        document.undo_stack.undo()
    assert panel.findings == []


def test_filter_by_severity(window: MainWindow, qtbot: QtBot) -> None:
    panel = open_checked(window, qtbot, ARRACOURT)
    panel.filters["info"].setChecked(False)
    assert panel.shown() == []
    assert panel.list.item(0).isHidden()
    assert "1 hidden by the filter" in panel.header.text()
    panel.filters["info"].setChecked(True)
    assert len(panel.shown()) == 1


def test_validate_action_raises_the_panel_and_checks_at_once(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = open_checked(window, qtbot, DEMO)
    action = window.actions_by_id["view.validate"]
    assert action.shortcut() == QKeySequence("F7")
    window.inspector.parentWidget().raise_()
    assert panel.visibleRegion().isEmpty()
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        action.trigger()
        assert panel.running  # no wait for the debounce
    assert not panel.visibleRegion().isEmpty()


def test_a_finding_without_a_place_says_so(window: MainWindow, qtbot: QtBot) -> None:
    panel = open_checked(window, qtbot, DEMO)
    finding = Finding("error", "turn-range", "turn 9 is outside the game", "Armor", "length")
    assert panel.show_place(finding) == frozenset()
    assert window.statusBar().currentMessage() == "length: this finding has no place on the map"


def test_places_of_paths() -> None:
    loaded = load_scenario(ARRACOURT)
    s, amap, overlays = loaded.scenario, loaded.map, loaded.overlays
    assert parse_path("sides[1].forces[7].placement") == ("sides", 1, "forces", 7, "placement")
    engineers = finding_hexes(s, amap, overlays, "sides[1].forces[7]")
    assert engineers
    # A part of an entry is shown as the entry; an exception as the entry it excuses.
    assert finding_hexes(s, amap, overlays, "sides[1].forces[7].count") == engineers
    assert finding_hexes(s, amap, overlays, "exceptions[0]") == engineers
    # A whole side, the game length, a path that is not there: no place.
    for path in ("sides[1]", "length.turns", "sides[9].forces[0]", ""):
        assert finding_hexes(s, amap, overlays, path) == frozenset(), path
    assert summary({"error": 2, "warning": 1, "info": 0}) == "2 errors, 1 warning"
