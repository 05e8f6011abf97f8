"""Test play in the editor (issue 7), through the real widgets: a Panzer '44 scenario played to
its end by clicks and bots, stepped back, saved and reloaded as a replay; hot-seat plots kept
secret; leaving returns the untouched scenario."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import PAGE_END, PAGE_HANDOVER, PAGE_PLAY, ROLE, TestPlayPanel
from editor.testplay.session import FASTEST
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.engine.actions import Action
from rules.panzer44.actions import Plot
from rules.panzer44.events import FireResolved

pytestmark = pytest.mark.gui

HERE = os.path.dirname(__file__)
FORT_DRIANT = os.path.join(HERE, "..", "scenarios", "panzer44", "19.7-assault-on-fort-driant.yaml")
HELLS_HIGHWAY = os.path.join(HERE, "..", "scenarios", "panzer44", "19.6-hells-highway.yaml")


def open_window(qtbot: QtBot, path: str) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.resize(1300, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(path)
    return w


def start(w: MainWindow, seats: dict[str, str], seed: int = 7) -> TestPlayPanel:
    mode = TestPlayMode(w)
    assert mode.enter(seed, seats) is None
    assert w.test_play_mode is mode
    assert mode.panel is not None
    return mode.panel


def click_map(qtbot: QtBot, w: MainWindow, h: Hex) -> None:
    x, y = hex_to_pixel(h, HEX_SIZE)
    w.view.centerOn(x, y)
    point = w.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(w.view.viewport(), pos=point)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def offered(panel: TestPlayPanel) -> list[QTreeWidgetItem]:
    """Every line of the list that stands for an action, however deep under its groups."""
    found, stack = [], [panel.units.topLevelItem(i) for i in range(panel.units.topLevelItemCount())]
    while stack:
        item = stack.pop()
        if item is None:
            continue
        if isinstance(item.data(0, ROLE), Action):
            found.append(item)
        stack.extend(item.child(j) for j in range(item.childCount()))
    return sorted(found, key=lambda i: panel.units.indexFromItem(i).row())


def click_item(qtbot: QtBot, panel: TestPlayPanel, item: QTreeWidgetItem) -> Action:
    """Open the line's groups as a player does (a click on each, then Right), click it."""
    tree, above = panel.units, []
    parent = item.parent()
    while parent is not None:
        above.insert(0, parent)
        parent = parent.parent()
    for group in above:
        if not group.isExpanded():
            tree.scrollToItem(group)
            point = tree.visualItemRect(group).center()
            qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=point)
            qtbot.keyClick(tree, Qt.Key.Key_Right)
            assert group.isExpanded(), group.text(0)
    tree.scrollToItem(item)
    qtbot.mouseClick(
        tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center()
    )
    assert tree.currentItem() is item, (tree.currentItem().text(0), item.text(0))
    action = item.data(0, ROLE)
    assert isinstance(action, Action)
    return action


def panel_text(panel: TestPlayPanel) -> str:
    """Everything the panel shows as text: header, lists, detail, log, report."""
    texts = [panel.header.text(), panel.detail.text(), panel.log.toPlainText()]
    stack: list[QTreeWidgetItem] = [
        panel.units.topLevelItem(i) for i in range(panel.units.topLevelItemCount())
    ]
    while stack:
        item = stack.pop()
        texts.append(item.text(0))
        stack.extend(item.child(i) for i in range(item.childCount()))
    return "\n".join(texts)


def test_play_to_the_end_step_back_and_replay(qtbot: QtBot, tmp_path: Path) -> None:
    w = open_window(qtbot, FORT_DRIANT)
    document = w.document
    assert document is not None
    before, undo_count = document.scenario, document.undo_stack.count()
    panel = start(w, {"us": "human", "german": "human"})
    session = panel.session
    state = session.state
    assert state.to_act() == ("us", "german")
    # Hot seat: the American is asked for first, behind a hand-over page.
    assert panel.pages.currentIndex() == PAGE_HANDOVER
    qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.pages.currentIndex() == PAGE_PLAY
    # A click on an American counter selects it; a click on a hex it can reach plots it MV.
    unit = "us.Inf.1"
    h = state.board.hexes[unit]  # type: ignore[attr-defined]
    click_map(qtbot, w, h)
    assert panel.selected == unit
    assert panel.aims is not None and panel.aims.reach
    held = set(state.board.hexes.values())  # type: ignore[attr-defined]
    target = next(h for h in panel.aims.reach if h not in held)  # a click there plots MV
    click_map(qtbot, w, target)
    assert [a.text() for a in session.timeline] == [f"plot {unit} MV"]
    assert f"plot {unit} MV" in panel_text(panel)
    # Another unit by the list: its first action, applied with the Apply button.
    item = panel.units.topLevelItem(0)
    panel.units.setCurrentItem(item.child(0))
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert len(session.timeline) == 2
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    # The German's turn to plot: hand over, and none of the American plots shows.
    assert panel.pages.currentIndex() == PAGE_HANDOVER
    assert f"plot {unit}" not in panel_text(panel)
    qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.revealed == "german"
    shown = panel_text(panel)
    assert "plot us." not in shown
    assert "German" in shown and "plot 0 of" in shown
    # The bots finish the game, as fast as they go.
    panel.seat_boxes["german"].setCurrentIndex(1)  # random bot
    panel.seat_boxes["us"].setCurrentIndex(1)
    panel.controls.set_speed(FASTEST)
    qtbot.waitUntil(lambda: session.state.is_terminal(), timeout=60_000)
    assert panel.pages.currentIndex() == PAGE_END
    outcome = session.state.outcome()
    assert outcome is not None and outcome.winner is not None
    assert "wins" in panel.report.toPlainText()
    assert outcome.reason in panel.report.toPlainText()
    end, length = session.state.fingerprint(), len(session.timeline)
    # Step back, and forward again to the same game.
    qtbot.mouseClick(panel.controls.back_button, Qt.MouseButton.LeftButton)
    assert session.position == length - 1
    assert session.state.fingerprint() != end
    assert not session.state.is_terminal()
    qtbot.mouseClick(panel.controls.forward_button, Qt.MouseButton.LeftButton)
    assert session.state.fingerprint() == end
    # Save the replay, wander off, open it again: the same game.
    path = tmp_path / "driant.replay.json"
    assert panel.controls.save_replay(str(path))
    session.go_to(3)
    assert panel.controls.open_replay(str(path))
    assert session.state.fingerprint() == end
    assert len(session.timeline) == length
    # Leave: the scenario and its undo stack as they were, the set-up counters back.
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None
    assert w.document is document
    assert document.scenario is before
    assert document.undo_stack.count() == undo_count
    assert not document.modified
    assert w.view.item is not None
    assert w.view.item.map_painter.counters == tuple(document.counters)
    assert w.actions_by_id["tool.paint"].isEnabled()


@pytest.mark.parametrize(
    "make",
    [
        lambda d: os.symlink("/dev/zero", d / "zero.json") or d / "zero.json",
        lambda d: os.mkfifo(d / "pipe.json") or d / "pipe.json",
        lambda d: (d / "binary.json").write_bytes(b"\xfb\xff\x00") and d / "binary.json",
    ],
    ids=["symlink-to-dev-zero", "fifo", "binary"],
)
def test_opening_a_replay_that_is_not_a_file_of_text_says_so(
    qtbot: QtBot, tmp_path: Path, make: Any
) -> None:
    """Test play's Open Replay read whatever the path named: a link to /dev/zero read until
    memory ran out and a FIFO hung the editor. Now only a regular file of text is read, and
    the panel says why not, naming the file."""
    w = open_window(qtbot, FORT_DRIANT)
    panel = start(w, {"us": "human", "german": "heuristic"})
    panel.session.set_playing(False)
    path = make(tmp_path)
    assert not panel.controls.open_replay(str(path))
    assert not panel.message.isHidden() and panel.message.text().startswith(str(path))
    assert str(path) in w.statusBar().currentMessage()
    assert panel.session.timeline == []


def test_illegal_or_impossible_choices_give_a_message(qtbot: QtBot) -> None:
    w = open_window(qtbot, FORT_DRIANT)
    panel = start(w, {"us": "human", "german": "heuristic"})
    panel.session.set_playing(False)
    state = panel.session.state
    unit = "us.Inf.1"
    click_map(qtbot, w, state.board.hexes[unit])  # type: ignore[attr-defined]
    assert panel.selected == unit
    far = Hex(state.board.hexes[unit].q + 12, state.board.hexes[unit].r)  # type: ignore[attr-defined]
    click_map(qtbot, w, far)
    assert panel.message.isVisible()
    assert "cannot reach" in panel.message.text()
    assert panel.session.timeline == []
    assert "not legal now" in (panel.session.apply("move us.Inf.1 0101") or "") or (
        "Movement Phase" in panel.message.text()
    )
    assert "unknown action" in (panel.session.apply("launch rockets") or "")
    assert "unknown action" in panel.message.text()
    problem = panel.session.apply(Plot(unit, "IF", "3419"))
    assert problem is not None and "IF" in problem


def test_a_combat_is_explained_in_the_log(qtbot: QtBot) -> None:
    w = open_window(qtbot, HELLS_HIGHWAY)
    panel = start(w, {"german": "random", "us": "random", "british": "random"})
    panel.controls.set_speed(FASTEST)
    qtbot.waitUntil(
        lambda: any(isinstance(e, FireResolved) for e in panel.session.state.log), timeout=30_000
    )
    panel.session.set_playing(False)
    fire = next(e for e in panel.session.state.log if isinstance(e, FireResolved))
    log = panel.log.toPlainText()
    assert fire.describe().splitlines()[0] in log  # the event's own words, whatever system
    assert f"{fire.firer} {fire.task} at {fire.target}" in log
    assert f"attack {fire.attack} - defense {fire.defense}" in log
    assert fire.table in log and fire.rule in log
    assert f"roll {fire.roll} -> {fire.modified_roll}" in log
    for m in fire.modifiers:
        assert m.rule in log


def test_a_scenario_the_engine_cannot_play_says_so(window: Any, tmp_path: Path) -> None:
    # 5 points buy no Armor unit: the purchase bot buys nothing and the engine says why.
    ambush = Path(__file__).parent.parent / "scenarios" / "armor" / "4a-ambush.yaml"
    text = ambush.read_text(encoding="utf-8")
    assert "budget: {points: 100}" in text
    poor = tmp_path / "4a-poor.yaml"
    poor.write_text(text.replace("budget: {points: 100}", "budget: {points: 5}", 1))
    assert window.open_file(str(poor))
    mode = TestPlayMode(window)
    problem = mode.enter(1, {})
    assert problem is not None
    assert "cannot be test-played yet" in problem and "has no forces" in problem
    assert window.test_play_mode is None
    assert window.actions_by_id["play.test_play"].shortcut().toString() == "Ctrl+T"


def test_units_waiting_off_the_map_share_one_line_of_the_log() -> None:
    from editor.testplay.log import log_html
    from rules.engine.events import UnitDeployed, UnitOffMap

    html = log_html(
        [
            UnitDeployed("us.Inf.1", "0101", "its hex"),
            UnitOffMap("us.T.1", "enters on Game-Turn 5"),
            UnitOffMap("us.T.2", "enters on Game-Turn 5"),
            UnitOffMap("us.M4.1", "enters on Game-Turn 6"),
        ]
    )
    assert "2 units are off the map (enters on Game-Turn 5)" in html
    assert "us.T.1, us.T.2" in html
    assert "us.M4.1 is off the map (enters on Game-Turn 6)" in html
    assert html.count("<div>") == 3


def test_moves_that_are_more_than_a_walk_are_described_in_words() -> None:
    from model.scenario_io import load_scenario
    from rules.engine.actions import Move
    from rules.registry import load_game

    describe = load_game(load_scenario(FORT_DRIANT)).new_initial_state(1).describe
    assert describe(Move("us.M4.1", ("6110", "off"))) == "Leave the map from 6110 [7.23]"
    assert describe(Move("us.M4.1", ("scatter",))) == "Scatter (panic) [14.11]"
    assert describe(Move("us.M3.1", ("mount", "0810"))) == "Mount the unit in 0810 [9.1]"
    assert (
        describe(Move("us.M4.1", ("0809", "overrun", "0808", "0807")))
        == "Overrun 0808, leaving by 0807 [13.0]"
    )


def test_an_armor_game_gets_the_same_panel(window: Any) -> None:
    demo = Path(__file__).parent.parent / "scenarios" / "armor" / "demo-crossroads.yaml"
    assert window.open_file(str(demo))
    mode = TestPlayMode(window)
    assert mode.enter(1, {"us": "human", "germany": "random"}) is None
    assert isinstance(mode.panel, TestPlayPanel)
    mode.leave()
    assert window.test_play_mode is None


def test_lines_of_opportunity_fire_are_drawn_offered_then_plotted(qtbot: QtBot) -> None:
    w = open_window(qtbot, FORT_DRIANT)
    panel = start(w, {"us": "human", "german": "human"})
    qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    state = panel.session.state
    watcher = next(
        u
        for u in state.board.hexes  # type: ignore[attr-defined]
        if u.startswith("us.")
        and any(
            isinstance(a, Plot) and a.unit == u and a.task == "OF"
            for a in state.legal_actions("us")
        )
    )
    panel.select(watcher)
    assert panel.aims is not None and panel.aims.watch  # the lines it may watch [6.52]
    assert not panel.layer.watch.path().isEmpty()
    plot = next(
        a
        for a in state.legal_actions("us")
        if isinstance(a, Plot) and a.unit == watcher and a.task == "OF"
    )
    assert panel.act(plot)
    panel.select(None)
    assert panel.layer.picture.armed == [
        (state.board.hexes[watcher], w.document.map.resolve(plot.target or ""))  # type: ignore[attr-defined, union-attr]
    ]
    assert not panel.layer.watch.path().isEmpty()  # the plotted line stays drawn


def test_the_log_gets_the_room_while_only_bots_play(qtbot: QtBot) -> None:
    """With a human seated the action list has the room; when the last human hands the side
    to a bot (the seat box, by the keyboard) the log does, while the user's own splitter
    sizes are kept as long as that does not change."""
    demo = Path(__file__).parent.parent / "scenarios" / "armor" / "demo-crossroads.yaml"
    w = open_window(qtbot, str(demo))
    panel = start(w, {"us": "human", "germany": "random"})
    qtbot.waitUntil(lambda: panel.split.sizes()[0] > panel.split.sizes()[1] > 0)
    box = panel.seat_boxes["us"]
    box.setFocus()
    while box.currentData() != "random":
        qtbot.keyClick(box, Qt.Key.Key_Down)
    panel.session.set_playing(False)
    panel.refresh()
    qtbot.waitUntil(lambda: panel.split.sizes()[1] > panel.split.sizes()[0])
    log_before = panel.split.sizes()[1]
    handle = panel.split.handle(1)
    middle = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=middle)
    qtbot.mouseMove(handle, pos=middle + QPoint(0, -80))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=middle + QPoint(0, -80))
    dragged = panel.split.sizes()
    assert dragged[1] > log_before
    panel.refresh()
    assert panel.split.sizes() == dragged


def test_a_click_off_the_map_in_test_play_is_a_message(qtbot: QtBot) -> None:
    """Found by the monkey: a click on the grey around the map asked the map for the name of a
    hex it does not have (a KeyError raised into Qt). Now the panel says what to do."""
    from model.grid import pixel_to_hex

    w = open_window(qtbot, FORT_DRIANT)
    panel = start(w, {"us": "human", "german": "human"})
    w.view.fit()
    qtbot.wait(20)
    corner = QPointF(w.view.mapToScene(3, 3))
    off = pixel_to_hex(corner.x(), corner.y(), HEX_SIZE)
    assert off not in w.document.map.hexes
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(3, 3))
    assert panel.message.text() == "That is not a hex of the map: click a hex on it"
