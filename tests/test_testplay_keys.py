"""Test Play by keyboard and its log at a glance (issue 19): N / P step through one's own units,
Escape selects none, Ctrl+Return is Done, Backspace or Ctrl+Z steps back (editing's Undo is off
while test play lasts); each event of the log is one line, its dice and modifiers folded under
it and opened by a click or the Details toggle. All with real key presses and clicks."""

from __future__ import annotations

import os
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from pytestqt.qtbot import QtBot
from test_testplay import FORT_DRIANT, open_window

from editor.app import MainWindow
from editor.help import shortcuts_html
from editor.testplay.log import EVENT_LINK
from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import TestPlayPanel

pytestmark = pytest.mark.gui

CROSSROADS = os.path.join(
    os.path.dirname(__file__), "..", "scenarios", "armor", "demo-crossroads.yaml"
)


def start(qtbot: QtBot, w: MainWindow, seats: dict[str, str]) -> TestPlayPanel:
    mode = TestPlayMode(w)
    assert mode.enter(7, seats) is None
    panel = mode.panel
    assert panel is not None
    # the bots held before any event runs: on a busy machine the bot's timer could fire while
    # the dock is shown, and the timeline would start with its move
    panel.session.set_playing(False)
    qtbot.waitUntil(panel.log.isVisible)  # the dock shown
    assert panel.session.timeline == []
    return panel


def key(qtbot: QtBot, w: MainWindow, k: Qt.Key, mods: Any = Qt.KeyboardModifier.NoModifier) -> None:
    """Press a key as the user does: the window active, the map holding the focus."""
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    w.view.setFocus()
    qtbot.keyClick(w.view, k, mods)


def test_n_and_p_step_through_own_units_and_escape_selects_none(qtbot: QtBot) -> None:
    """N selects the next unit of the side to act that has a choice, in the list's order and
    round again; P the one before; Escape selects none (its choices leave the map)."""
    w = open_window(qtbot, FORT_DRIANT)
    panel = start(qtbot, w, {"us": "human", "german": "heuristic"})
    units = [u for u in panel._order if "." in u]
    assert len(units) > 2
    key(qtbot, w, Qt.Key.Key_Escape)
    assert panel.selected is None and panel.layer.picture.selected_hex is None
    key(qtbot, w, Qt.Key.Key_N)
    assert panel.selected == units[0]
    assert panel.layer.picture.selected_hex is not None  # its choices on the map
    key(qtbot, w, Qt.Key.Key_N)
    assert panel.selected == units[1]
    assert panel.units.currentItem() is panel.group_item(units[1])
    key(qtbot, w, Qt.Key.Key_P)
    key(qtbot, w, Qt.Key.Key_P)
    assert panel.selected == units[-1]  # round again
    assert units[-1] in w.statusBar().currentMessage()


def test_done_and_back_by_keyboard_and_undo_is_back_while_test_play_lasts(
    qtbot: QtBot,
) -> None:
    """Ctrl+Return says Done; Backspace steps back, and so does Ctrl+Z (the scenario's own
    undo history is left alone); after test play, Ctrl+Z undoes the edit again and N is off."""
    w = open_window(qtbot, FORT_DRIANT)
    document = w.document
    assert document is not None
    name = document.scenario.side("us").name
    assert document.rename_side("us", "Yanks") == []  # an edit for Undo, after test play
    edited, undo_count = document.scenario, document.undo_stack.count()
    panel = start(qtbot, w, {"us": "human", "german": "heuristic"})
    assert panel.choices is not None and panel.choices.done is not None
    done = panel.choices.done
    key(qtbot, w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert panel.session.timeline == [done]
    key(qtbot, w, Qt.Key.Key_Backspace)
    assert panel.session.position == 0
    key(qtbot, w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert panel.session.position == 1
    key(qtbot, w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert panel.session.position == 0
    assert document.scenario == edited and document.undo_stack.count() == undo_count
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None
    assert not w.actions_by_id["play.next_unit"].isEnabled()
    key(qtbot, w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.scenario.side("us").name == name  # editing's Undo again


def test_test_play_keys_are_listed_in_keyboard_shortcuts(qtbot: QtBot) -> None:
    w = open_window(qtbot, FORT_DRIANT)
    html = shortcuts_html(w)
    for name, keys in (
        ("Next Unit", "N"),
        ("Previous Unit", "P"),
        ("Done", "Ctrl+Return"),
        ("Step Back", "Backspace or Ctrl+Z"),
        ("Clear Selection", "Esc"),
    ):
        assert f"{name}</td><td style='padding-left:24px'><code>{keys}" in html


def _click_event(qtbot: QtBot, panel: TestPlayPanel, index: int) -> None:
    """Click an event's summary line in the log (its link)."""
    document = panel.log.document()
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref() == f"{EVENT_LINK}{index}":
                cursor = QTextCursor(document)
                cursor.setPosition(fragment.position() + 2)
                panel.log.setTextCursor(cursor)
                panel.log.ensureCursorVisible()
                point = panel.log.cursorRect(cursor).center()
                qtbot.mouseClick(panel.log.viewport(), Qt.MouseButton.LeftButton, pos=point)
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no summary line for event {index}")


def test_the_log_folds_each_events_details_under_its_line(qtbot: QtBot) -> None:
    """An Armor shot is one line in the log; a click on it opens its Gunnery Table line and
    modifiers [AG VI.B] under it, another folds them; Show all details opens every one."""
    w = open_window(qtbot, CROSSROADS)
    panel = start(qtbot, w, {"us": "random", "germany": "random"})
    for _ in range(60):
        events = panel.visible_events()
        if any(len(e.describe().splitlines()) > 1 for e in events):
            break
        qtbot.mouseClick(panel.controls.forward_button, Qt.MouseButton.LeftButton)
    events = panel.visible_events()
    index, shot = next((i, e) for i, e in enumerate(events) if len(e.describe().splitlines()) > 1)
    head, detail, *_ = shot.describe().splitlines()
    assert head in panel.log.toPlainText()
    assert detail not in panel.log.toPlainText()  # folded
    _click_event(qtbot, panel, index)
    assert detail in panel.log.toPlainText()
    _click_event(qtbot, panel, index)
    assert detail not in panel.log.toPlainText()
    qtbot.mouseClick(panel.details, Qt.MouseButton.LeftButton)
    assert panel.details.isChecked()
    assert detail in panel.log.toPlainText()
    qtbot.mouseClick(panel.details, Qt.MouseButton.LeftButton)
    assert detail not in panel.log.toPlainText()
