"""The Bot plan tab of the Scenario dock and the plans drawn on the map (issue 17), through
their widgets with real mouse and key events: a plan made, its objectives added, reordered and
outlined, units held back, a route typed, every step undone; refusals shown in the form. Bot
plans are Hexwright's own (no book has them); the scenario is Armor 1A [SCN V.A]."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.scenario.plan_tab import PlanTab
from model.regions import HexesRegion

SHOTS = Path(os.environ.get("HEXWRIGHT_SHOTS", "")) if os.environ.get("HEXWRIGHT_SHOTS") else None


def _tab(window: MainWindow, side: str = "german") -> PlanTab:
    panel = window.rules_panel
    window.rules_dock.raise_()
    panel.tabs.setCurrentWidget(panel.plan_tab.parentWidget().parentWidget())
    tab = panel.plan_tab
    tab.side_box.setCurrentIndex(tab.side_box.findData(side))
    return tab


def _button(parent: QWidget, text: str) -> QPushButton:
    found = [b for b in parent.findChildren(QPushButton) if b.text() == text and b.isVisible()]
    assert len(found) == 1, [b.text() for b in parent.findChildren(QPushButton)]
    return found[0]


def _click(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _type_objective(qtbot: QtBot, tab: PlanTab, where: str, by_turn: str = "") -> None:
    _click(qtbot, tab.objective_buttons[0])  # Add…
    form = tab.objective_form
    assert form.isVisible()
    qtbot.keyClicks(form.region.edit, where)
    if by_turn:
        form.by_turn.selectAll()
        qtbot.keyClicks(form.by_turn, by_turn)
    _click(qtbot, form.apply)


def _click_row(qtbot: QtBot, tab: PlanTab, row: int) -> None:
    table = tab.objectives
    rect = table.visualItemRect(table.item(row, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_a_plan_is_made_through_the_tab_and_undone_step_by_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    original = window.document.scenario
    tab = _tab(window)
    assert not tab.planned.isChecked() and not tab.body.isEnabled()
    _click(qtbot, tab.planned)
    assert window.document.scenario.side("german").plan is not None and tab.body.isEnabled()
    tab.posture.setFocus()
    qtbot.keyClick(tab.posture, Qt.Key.Key_Down)  # attack -> defend
    assert window.document.scenario.side("german").plan.posture == "defend"

    _type_objective(qtbot, tab, "hexes K2017, K2018", "9")
    _type_objective(qtbot, tab, "hexes L2025")
    plan = window.document.scenario.side("german").plan
    assert [o.region for o in plan.objectives] == [
        HexesRegion(hexes=["K2017", "K2018"]),
        HexesRegion(hexes=["L2025"]),
    ]
    assert plan.objectives[0].by_turn == 9
    assert [tab.objectives.item(r, 0).text() for r in range(2)] == ["1", "2"]
    assert tab.objectives.item(0, 2).text() == "turn 9"

    _click_row(qtbot, tab, 1)
    _click(qtbot, tab.objective_buttons[3])  # Up
    plan = window.document.scenario.side("german").plan
    assert plan.objectives[0].region == HexesRegion(hexes=["L2025"])
    assert tab.selected_objective() == 0

    _click(qtbot, tab.hold_buttons[0])  # Add…
    qtbot.keyClicks(tab.hold_form.units, "PANTHER-A")
    tab.hold_form.until_turn.selectAll()
    qtbot.keyClicks(tab.hold_form.until_turn, "4")
    _click(qtbot, _button(tab.hold_form, "Add"))
    assert window.document.scenario.side("german").plan.hold[0].units == ["PANTHER-A"]
    assert tab.holds.item(0, 1).text() == "turn 4"

    qtbot.keyClicks(tab.route, "k1014; hexes K1516")
    qtbot.keyClick(tab.route, Qt.Key.Key_Return)
    route = window.document.scenario.side("german").plan.route
    assert route == ["K1014", HexesRegion(hexes=["K1516"])]

    stack = window.document.undo_stack
    assert stack.count() == 7
    while stack.canUndo():
        stack.undo()
    assert window.document.scenario == original
    assert not tab.planned.isChecked()


def test_a_hold_of_units_the_side_does_not_have_is_refused_in_the_form(
    qtbot: QtBot, window: MainWindow
) -> None:
    tab = _tab(window, "us")
    _click(qtbot, tab.planned)
    before = window.document.scenario
    _click(qtbot, tab.hold_buttons[0])
    qtbot.keyClicks(tab.hold_form.units, "TIGER")
    tab.hold_form.until_turn.selectAll()
    qtbot.keyClicks(tab.hold_form.until_turn, "2")
    _click(qtbot, _button(tab.hold_form, "Add"))
    assert window.document.scenario == before
    assert "TIGER: neither a label nor a unit type" in tab.hold_form.message.text()
    assert tab.hold_form.isVisible()


def test_an_objective_off_the_map_is_refused_in_the_form(qtbot: QtBot, window: MainWindow) -> None:
    tab = _tab(window)
    _click(qtbot, tab.planned)
    before = window.document.scenario
    _type_objective(qtbot, tab, "hexes Z9999")
    assert window.document.scenario == before
    assert tab.objective_form.isVisible()


def test_the_plans_are_drawn_on_the_map_with_the_zones(qtbot: QtBot, window: MainWindow) -> None:
    tab = _tab(window)
    _click(qtbot, tab.planned)
    _type_objective(qtbot, tab, "hexes K2017, K2018, K2117")
    _type_objective(qtbot, tab, "hexes L2025")
    qtbot.keyClicks(tab.route, "J2012; K1516; K2017")
    qtbot.keyClick(tab.route, Qt.Key.Key_Return)
    layer = window.map_editor.plan_layer
    assert not layer.items
    window.actions_by_id["view.zones"].trigger()
    assert [b.text for b in layer.badges] == ["1", "2"]
    assert len(layer.outlines) == 2 and len(layer.routes) == 1
    assert "German's objective 1" in layer.outlines[0].toolTip()
    window.document.undo_stack.undo()  # the route
    assert not layer.routes and len(layer.outlines) == 2
    if SHOTS is not None:
        window.view.centerOn(layer.badges[0].pos())
        window.grab().save(str(SHOTS / "plan-window.png"))
        window.rules_panel.grab().save(str(SHOTS / "plan-tab.png"))
    window.actions_by_id["view.zones"].trigger()
    assert not layer.items
