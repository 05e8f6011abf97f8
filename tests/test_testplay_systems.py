"""Test play of Armor, Panzer Command and Soldiers through the real widgets: two human seats
apply legal actions with the panel's list, Apply and Done; the log grows; bots take both seats
and finish the game; the victory page shows; leaving gives back the untouched scenario."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from test_testplay import open_window

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import PAGE_END, PAGE_HANDOVER, PAGE_PLAY, TestPlayPanel
from editor.testplay.session import FASTEST
from model.grid import hex_to_pixel
from rules.engine.actions import Action

HERE = os.path.join(os.path.dirname(__file__), "..", "scenarios")
ARMOR = os.path.join(HERE, "armor", "demo-crossroads.yaml")
PC = os.path.join(HERE, "panzer-command", "point-161.yaml")
SOLDIERS = os.path.join(HERE, "soldiers", "10-dawn-patrol.yaml")
pytestmark = pytest.mark.gui
SYSTEMS = [pytest.param(ARMOR, id="armor"), pytest.param(PC, id="pc"),
           pytest.param(SOLDIERS, id="soldiers")]  # fmt: skip


def take_over(qtbot: QtBot, panel: TestPlayPanel) -> None:
    if panel.pages.currentIndex() == PAGE_HANDOVER:
        qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.pages.currentIndex() == PAGE_PLAY


def apply_first_listed(qtbot: QtBot, panel: TestPlayPanel) -> Action:
    """Choose the first action of the first group in the list, press Apply."""
    item = panel.units.topLevelItem(0)
    assert item is not None and item.childCount() > 0
    child = item.child(0)
    panel.units.setCurrentItem(child)
    action = child.data(0, Qt.ItemDataRole.UserRole)
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    return action  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", SYSTEMS)
def test_hot_seat_then_bots_to_the_victory_page(qtbot: QtBot, path: str, tmp_path: Path) -> None:
    w = open_window(qtbot, path)
    document = w.document
    assert document is not None
    before, undo_count = document.scenario, document.undo_stack.count()
    mode = TestPlayMode(w)
    sides = [s.id for s in document.scenario.sides]
    assert mode.enter(5, dict.fromkeys(sides, "human")) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    session = panel.session
    assert panel.counters and len(panel.counters) == len(session.state.positions())
    take_over(qtbot, panel)  # hot seat: the first side's view, once asked for
    header = panel.header.text()
    assert "Turn " in header or "Command Cycle 1" in header
    taken = []
    for _ in range(20):  # three legal actions, and Done when the side has nothing else
        if len(taken) == 3:
            break
        take_over(qtbot, panel)
        log = len(panel.log.toPlainText())
        if panel.units.topLevelItem(0).childCount() and len(taken) < 3:
            action = apply_first_listed(qtbot, panel)
            assert not panel.message.isVisible(), panel.message.text()
            taken.append(action)
            assert session.timeline[-1] == action
            assert len(panel.log.toPlainText()) > log  # what it did, in the side's own log
        else:
            assert panel.done_button.isVisibleTo(panel)
            qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert len(taken) == 3 and set(taken) <= set(session.timeline)
    assert len(panel.log.toPlainText()) > 0
    for side in sides:  # both seats to the random bot: it plays the game out
        panel.seat_boxes[side].setCurrentIndex(1)
    panel.controls.set_speed(FASTEST)
    qtbot.waitUntil(lambda: session.state.is_terminal(), timeout=90_000)
    assert panel.pages.currentIndex() == PAGE_END
    outcome = session.state.outcome()
    assert outcome is not None and outcome.reason in panel.report.toPlainText()
    assert "Game over" in panel.header.text()
    end = session.state.fingerprint()
    replay = tmp_path / "game.replay.json"  # the whole game as a replay, and back
    assert panel.controls.save_replay(str(replay))
    qtbot.mouseClick(panel.controls.back_button, Qt.MouseButton.LeftButton)
    assert not session.state.is_terminal()
    assert panel.controls.open_replay(str(replay))
    assert session.state.fingerprint() == end
    qtbot.mouseClick(panel.controls.back_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None
    assert document.scenario is before
    assert document.undo_stack.count() == undo_count
    assert not document.modified
    assert w.view.item is not None
    assert w.view.item.map_painter.counters == tuple(document.counters)


def test_a_click_on_a_unit_selects_it_and_on_its_target_hex_moves_it(qtbot: QtBot) -> None:
    w = open_window(qtbot, SOLDIERS)
    mode = TestPlayMode(w)
    assert mode.enter(5, {"us": "human", "german": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    session = panel.session
    while panel.aims is None or not panel.aims.moves:  # commit chits, give orders: a man moves
        take_over(qtbot, panel)
        action = apply_first_listed(qtbot, panel)
        unit = session.state.concerns(action).unit
        if unit is not None and panel.selected != unit:
            panel.select(unit)
    man = panel.selected
    assert man is not None
    h = next(iter(panel.aims.moves))
    click(qtbot, w, h)
    assert session.timeline[-1].text().startswith(f"move {man}")
    assert session.state.troops.hexes[man] == h  # type: ignore[attr-defined]
    assert not panel.layer.reach.path().isEmpty() or not panel.aims or not panel.aims.moves


def test_armor_two_clicks_on_a_shaded_hex_plot_the_order_ending_there(qtbot: QtBot) -> None:
    """The first click chooses the cheapest order to the hex (an Armor unit may end there
    with several facings), the second plots it."""
    w = open_window(qtbot, ARMOR)
    mode = TestPlayMode(w)
    assert mode.enter(5, {"us": "human", "germany": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    take_over(qtbot, panel)
    state = panel.session.state
    unit = "us.M4.1"
    click(qtbot, w, state.troops.hexes[unit])  # type: ignore[attr-defined]
    assert panel.selected == unit and panel.aims is not None and panel.aims.moves
    assert not panel.layer.reach.path().isEmpty()
    h = next(h for h in panel.aims.moves if h != state.troops.hexes[unit])  # type: ignore[attr-defined]
    click(qtbot, w, h)
    assert panel.session.timeline == [] and panel.routed == state.route(unit, [h])
    click(qtbot, w, h)
    order = panel.session.timeline[-1]
    assert order == state.route(unit, [h])
    assert order.text().startswith(f"order {unit} ")
    assert f"order {unit}" in panel.log.toPlainText() or "plotted" in panel.log.toPlainText()
    assert panel.selected != unit  # it has its orders: the next unit is selected


def click(qtbot: QtBot, w: MainWindow, h: object) -> None:
    x, y = hex_to_pixel(h, HEX_SIZE)  # type: ignore[arg-type]
    w.view.centerOn(x, y)
    point = w.view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_a_point_buy_scenario_starts_with_its_forces_bought(qtbot: QtBot) -> None:
    # Issue 17: a point-buy scenario is no longer refused; unless told otherwise, the purchase
    # bot buys each side's forces with its balanced strategy and the game's seed.
    w = open_window(qtbot, os.path.join(HERE, "armor", "1b-confused-situation.yaml"))
    mode = TestPlayMode(w)
    assert mode.enter(1, {}) is None
    assert mode.session is not None
    assert {b.side: b.choice.text() for b in mode.session.game.purchases} == {
        "german": "balanced:1",
        "allied": "balanced:1",
    }
    assert mode.panel is not None and mode.panel.counters  # the bought units on the map
    mode.leave()


def test_a_generated_panzer_command_scenario_test_plays_to_its_end(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # [PC §23]: a rolled scenario is a normal scenario: it opens, and Test Play plays it, a
    # human move through the panel and then the bots to the victory page.
    from model.systems import GameSystem
    from rules.registry import find

    rules = find(GameSystem.PANZER_COMMAND)
    assert rules is not None and rules.generator is not None
    path = tmp_path / "generated.yaml"
    path.write_text(rules.generator(5), encoding="utf-8")
    w = open_window(qtbot, str(path))
    document = w.document
    assert document is not None and "(seed 5)" in document.scenario.title
    mode = TestPlayMode(w)
    sides = [s.id for s in document.scenario.sides]
    assert mode.enter(5, dict.fromkeys(sides, "human")) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    session = panel.session
    take_over(qtbot, panel)
    for _ in range(10):  # the first legal action the panel lists, or Done
        take_over(qtbot, panel)
        if panel.units.topLevelItem(0).childCount():
            action = apply_first_listed(qtbot, panel)
            assert session.timeline[-1] == action
            break
        qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert session.timeline
    for side in sides:
        panel.seat_boxes[side].setCurrentIndex(1)
    panel.controls.set_speed(FASTEST)
    qtbot.waitUntil(lambda: session.state.is_terminal(), timeout=120_000)
    assert panel.pages.currentIndex() == PAGE_END
    outcome = session.state.outcome()
    assert outcome is not None and outcome.reason in panel.report.toPlainText()
