"""A validation finding jumps to its fix (issue 19): a double-click on it, or Enter, brings the
panel (dock and tab) that edits the entry it names to the front, selects the row, and outlines
its place on the map. Real double-clicks and key presses on the Validation list."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDockWidget, QTabBar
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.scenario.jump import Fix, fix_of
from editor.scenario.validation import ValidationPanel
from model.grid import hex_to_pixel
from rules.checks import Finding

SCENARIOS = Path(__file__).parent.parent / "scenarios"
ARRACOURT = SCENARIOS / "panzer44" / "19.5-arracourt.yaml"
DEMO = SCENARIOS / "armor" / "demo-crossroads.yaml"
SPEARHEADS = SCENARIOS / "armor" / "1a-spearheads.yaml"
WAIT = 30_000


@pytest.mark.parametrize(
    ("path", "fix"),
    [
        ("sides[1].forces[7]", Fix("order_of_battle", side=1, row=(7,))),
        ("sides[0].forces[0].placement", Fix("order_of_battle", side=0, row=(0,))),
        ("sides[1].reinforcements[2].entry", Fix("scenario", "Reinforcements", 1, (2,))),
        ("sides[0].setup.region", Fix("scenario", "Set-up", 0)),
        ("sides[0]", Fix("scenario", "Set-up", 0)),
        ("sides[1].plan.objectives[3].region", Fix("scenario", "Bots", 1, (3,), "objectives")),
        ("sides[0].budget", Fix("budget", side=0)),
        ("sides[0].mission", Fix("budget", side=0)),
        ("victory.conditions[1]", Fix("scenario", "Victory", row=(1,))),
        ("victory.conditions[0].conditions[2].hexes", Fix("scenario", "Victory", row=(0, 2))),
        ("special_rules[0].hexes", Fix("scenario", "Rules", row=(0,))),
        ("length.turns", Fix("scenario", "Length")),
        ("map.constraints[1]", Fix("sections", row=(1,), part="constraints")),
        ("map.overlays[4].triangle", Fix("overlays", row=(4,))),
        ("map.layout.sections[2]", Fix("sections", row=(2,))),
        ("map.edits[0]", Fix("terrain")),
        ("title", Fix("scenario", "Scenario")),
    ],
)
def test_a_findings_path_names_the_panel_and_row_that_fix_it(path: str, fix: Fix) -> None:
    assert fix_of(path) == fix


def open_checked(window: MainWindow, qtbot: QtBot, path: Path) -> ValidationPanel:
    panel = window.validation_panel
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        assert window.open_file(path)
    window.validation_dock.show()
    window.validation_dock.raise_()
    qtbot.waitUntil(panel.list.isVisible)
    return panel


def in_front(window: MainWindow, dock: QDockWidget) -> bool:
    """Whether a dock is the tab shown of the docks tabbed with it (or alone and shown)."""
    for bar in window.findChildren(QTabBar):
        if bar.parent() is not window:
            continue
        titles = [bar.tabText(i) for i in range(bar.count())]
        if dock.windowTitle() in titles:
            return bar.currentIndex() == titles.index(dock.windowTitle())
    return dock.isVisible()


def double_click(qtbot: QtBot, panel: ValidationPanel, finding: Finding) -> None:
    row = panel.findings.index(finding)
    rect = panel.list.visualItemRect(panel.list.item(row))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_double_click_on_a_placement_finding_opens_the_unit_in_the_order_of_battle(
    window: MainWindow, qtbot: QtBot
) -> None:
    """An M4 placed on hedgerow: the finding's double-click raises the Order of Battle on the
    American side with the M4's entry selected, and outlines K2219 with the view on it."""
    panel = open_checked(window, qtbot, DEMO)
    document = window.document
    assert document is not None
    k2219 = document.map.resolve("K2219")
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        document.paint_terrain([k2219], "hedgerow")
    [finding] = panel.findings
    assert finding.path == "sides[0].forces[0].placement"
    window.view.fit()
    window.sections_dock.raise_()  # the Order of Battle behind it
    assert not in_front(window, window.oob_dock)
    double_click(qtbot, panel, finding)
    assert in_front(window, window.oob_dock)  # its dock at the front of its tabs
    assert window.oob_panel.side_id() == "us"
    selected = window.oob_panel.selected_entry()
    assert selected is not None and selected[0] == 0
    marks = window.view.marks
    assert marks is not None and marks.isVisible()
    assert marks.path().boundingRect().contains(QPointF(*hex_to_pixel(k2219, HEX_SIZE)))
    assert "Order of Battle, row 1" in window.statusBar().currentMessage()


def test_enter_on_a_finding_jumps_too(window: MainWindow, qtbot: QtBot) -> None:
    """Arracourt's counter-mix note on the US engineers (sides[1].forces[7]): Enter on it opens
    the Order of Battle at that entry of the US side."""
    panel = open_checked(window, qtbot, ARRACOURT)
    [finding] = panel.findings
    window.sections_dock.raise_()  # the Order of Battle behind it
    assert not in_front(window, window.oob_dock)
    rect = panel.list.visualItemRect(panel.list.item(0))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.current() == finding
    assert not in_front(window, window.oob_dock)  # a click selects; it does not jump
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    assert in_front(window, window.oob_dock)
    assert window.oob_panel.side_id() == "us"
    selected = window.oob_panel.selected_entry()
    assert selected is not None and selected[0] == 7


def test_a_layout_constraint_finding_opens_the_sections_panel_at_the_constraint(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Armor 1A's loose layout: a constraint it does not meet [Armor SCN III.B] jumps to the
    Sections panel with that constraint's row selected."""
    panel = open_checked(window, qtbot, SPEARHEADS)
    finding = next(f for f in panel.findings if f.path.startswith("map.constraints["))
    index = int(finding.path.split("[")[1].rstrip("]"))
    double_click(qtbot, panel, finding)
    assert in_front(window, window.sections_dock)
    rows = window.sections_panel.constraints.list
    assert rows.currentRow() == index and rows.item(index).isSelected()


@pytest.mark.parametrize(
    ("path", "tab", "check"),
    [
        ("victory.conditions[1]", "Victory", "selected_condition"),
        ("sides[1].reinforcements[2].entry", "Reinforcements", "selected_reinforcement"),
    ],
)
def test_a_finding_in_the_scenario_dock_opens_its_tab_and_row(
    window: MainWindow, qtbot: QtBot, path: str, tab: str, check: str
) -> None:
    """Findings about a victory condition or a reinforcement open the Scenario dock at the tab
    and row (the side chosen for a reinforcement). The finding here is given to the panel as
    the checks would report it: Arracourt as printed has none of these."""
    panel = open_checked(window, qtbot, ARRACOURT)
    made = Finding("warning", "test", "a finding about " + path, "Panzer '44 [19.5]", path)
    panel._finished(panel._generation, [made])
    double_click(qtbot, panel, made)
    rules = window.rules_panel
    assert in_front(window, window.rules_dock)
    assert rules.tabs.tabText(rules.tabs.currentIndex()) == tab
    chosen = getattr(rules, check)()
    assert chosen == ([1] if tab == "Victory" else 2)
    if tab == "Reinforcements":
        assert rules.side_box.currentData() == "us"
