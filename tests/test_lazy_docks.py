"""The docks behind another tab when the editor starts (Order of Battle, Budget, Scenario,
Overlays) are filled with the document only when first seen, or first asked for
(:mod:`editor.lazyfill`): the map paints sooner (issue 20, editor start <= 500 ms). Shown
later through a user's own route (a tab clicked, the View menu), each shows the document as
it is then, with the edits, undos and redos made while it waited; once filled it follows the
document as before."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.forces.oob_panel import OrderOfBattlePanel
from editor.scenario.dock import RulesPanel

pytestmark = pytest.mark.gui

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
SURROUNDED = os.path.join(SCENARIOS, "armor", "3b-surrounded.yaml")


def _click_tab(window: MainWindow, title: str) -> None:
    """Click a dock's tab, as the user does (the dock area's full tab bar: the window's own,
    not a panel's tabs)."""
    bars = [
        bar
        for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if bar.isVisible() and title in [bar.tabText(i) for i in range(bar.count())]
    ]
    assert bars, f"no tab '{title}'"
    bar = max(bars, key=QTabBar.count)
    index = [bar.tabText(i) for i in range(bar.count())].index(title)
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert bar.currentIndex() == index


def _rows(panel: OrderOfBattlePanel) -> list[str]:
    """The Order of Battle's entries as listed (each row's first line)."""
    return [panel.forces.item(i).text().split("\n")[0] for i in range(panel.forces.count())]


def test_nothing_behind_a_tab_is_filled_at_start(window: MainWindow) -> None:
    # The window fixture shows the window, then opens Armor 1A: the docks on screen are
    # filled (Sections), the four behind another tab wait.
    assert window.sections_panel.laid.count() == 3
    assert {name for name, fill in window.lazy_docks.items() if fill.waiting} == {
        "order_of_battle",
        "budget",
        "scenario_rules",
        "overlays",
    }
    # Not even made: their modules are imported when first needed.
    assert not any(fill.built for fill in window.lazy_docks.values())
    oob = window.lazy_docks["order_of_battle"].widget  # made, not filled
    assert isinstance(oob, OrderOfBattlePanel)
    assert oob.side_box.count() == 0 and oob.forces.count() == 0
    assert window.oob_dock.widget().isAncestorOf(oob)


def test_the_order_of_battle_shows_the_edits_made_while_it_waited_when_its_tab_is_clicked(
    window: MainWindow,
) -> None:
    document = window.document
    assert document is not None
    fill = window.lazy_docks["order_of_battle"]
    panel = fill.widget
    assert isinstance(panel, OrderOfBattlePanel)
    # While the dock waits behind the Sections tab: a rename kept, a force added and kept,
    # another added and undone.
    assert document.rename_side("german", "Kampfgruppe Wren") == []
    assert document.add_force("german", "PANTHER-A", 2) == []
    assert document.add_force("german", "PZIVJ", 5) == []
    document.undo_stack.undo()
    assert fill.waiting and panel.forces.count() == 0

    _click_tab(window, "Order of Battle")
    assert not fill.waiting
    assert panel.side_box.currentText() == "Kampfgruppe Wren"
    assert panel.name_edit.text() == "Kampfgruppe Wren"
    assert _rows(panel) == [
        "4 × PZIV (Ausf. J)",
        "1 × Panther A Medium Tank",
        "2 × STGIIIG/75 Assault Gun",
        "2 × Panther A Medium Tank",
    ]
    # Behind a tab again, once filled: it follows the document (an undo, then a redo).
    _click_tab(window, "Sections")
    document.undo_stack.undo()
    _click_tab(window, "Order of Battle")
    assert _rows(panel)[-1] == "2 × STGIIIG/75 Assault Gun"
    document.undo_stack.redo()
    assert _rows(panel)[-1] == "2 × Panther A Medium Tank"


def test_the_scenario_dock_closed_and_opened_again_from_the_view_menu(
    window: MainWindow,
) -> None:
    document = window.document
    assert document is not None
    fill = window.lazy_docks["scenario_rules"]
    panel = fill.widget
    assert isinstance(panel, RulesPanel)
    action = window.rules_dock.toggleViewAction()
    action.trigger()  # View > Scenario: closed
    assert not window.rules_dock.isVisible()
    assert document.rename_side("us", "Combat Command B") == []
    action.trigger()  # View > Scenario: back, behind the Sections tab where it was
    assert window.rules_dock.isVisible()
    assert fill.waiting and panel.side_box.count() == 0
    _click_tab(window, "Scenario")
    assert not fill.waiting
    assert [panel.side_box.itemText(i) for i in range(panel.side_box.count())] == [
        "German",
        "Combat Command B",
    ]


def test_a_panel_asked_for_is_filled_with_the_document_open_now(
    window: MainWindow, qtbot: QtBot
) -> None:
    # Code (and tests) reading a panel that was never seen get it filled, with the last
    # document opened, not the first.
    assert window.open_file(SURROUNDED)
    fill = window.lazy_docks["budget"]
    assert fill.waiting
    budget = window.budget_panel
    assert not fill.waiting
    assert budget.document is window.document
    document = window.document
    assert document is not None
    sides = [s.name for s in document.scenario.sides]
    assert [budget.side_box.itemText(i) for i in range(budget.side_box.count())] == sides
    # Filled once, it is handed the next document at once, seen or not.
    assert window.open_file(os.path.join(SCENARIOS, "armor", "1a-spearheads.yaml"))
    assert not fill.waiting and fill.widget.document is window.document


def test_the_overlay_tool_fills_the_overlays_panel_it_places_from(window: MainWindow) -> None:
    # The tool reads the counter chosen in the panel: taking it up brings the dock to the
    # front, and the panel it reads is filled.
    fill = window.lazy_docks["overlays"]
    assert fill.waiting
    window.actions_by_id["tool.overlay"].trigger()
    assert not fill.waiting
    assert window.overlays_dock.isVisible()
    assert window.overlay_panel.current() is not None


def test_the_first_paint_of_the_map_waits_for_no_thumbnail_overview_or_check(
    qtbot: QtBot,
) -> None:
    # As the editor starts (tests/conftest.py's window opens its file after showing): the
    # file opened, then the window shown. When the map first paints, the Sections thumbnails
    # are still their paper sheets, the overview has no picture and the checks have not run;
    # all three come after it.
    from editor.files.recent import default_scenario_path
    from editor.mapview.sections import blank_pixmap

    window = MainWindow()
    qtbot.addWidget(window)
    assert window.open_file(default_scenario_path())
    palette = window.sections_panel.palette
    size = palette.iconSize()
    blank = blank_pixmap(size).toImage()

    def thumbnails_drawn() -> list[bool]:
        return [palette.item(i).icon().pixmap(size).toImage() != blank for i in range(3)]

    at_first_paint: list[object] = []
    window.view.map_painted.connect(
        lambda: at_first_paint.append(
            (
                thumbnails_drawn(),
                window.minimap._pixmap is None,
                window.validation_panel.running or bool(window.validation_panel.findings),
            )
        )
    )
    with qtbot.waitSignal(window.validation_panel.updated, timeout=30_000):
        window.show()
    assert at_first_paint == [([False, False, False], True, False)]
    qtbot.waitUntil(lambda: all(thumbnails_drawn()))
    qtbot.waitUntil(lambda: window.minimap._pixmap is not None)
