"""A bug hit in test play (editor.crash): the engine raising where it never should (the
Soldiers preview of a reinforcement's move did, found by querying random games) is told in the
status bar, its traceback logged, and the test game saved as a replay beside the log so that
it can be played again up to the bug; the editor goes on."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from test_soldiers_testplay import DAWN_PATROL, apply_line, click_line, hand_over, lines
from test_testplay import open_window, start

from rules.records.replay import Replay
from rules.soldiers.game import SoldiersState

pytestmark = pytest.mark.gui


@pytest.mark.qt_no_exception_capture
def test_a_bug_in_test_play_keeps_the_game_as_a_replay(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor import crash

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # put back after the test
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setenv("HEXWRIGHT_LOGS", str(tmp_path / "logs"))
    w = open_window(qtbot, DAWN_PATROL)
    crash.install(w)
    panel = start(w, {"us": "human", "german": "human"})
    hand_over(qtbot, panel, "US")
    apply_line(qtbot, panel, lines(panel)[0].text(0))  # the US commits a chit [5.2]
    hand_over(qtbot, panel, "German")
    first = lines(panel)[0].text(0)
    preview = SoldiersState.preview

    def broken(self: SoldiersState, action: object) -> object:
        raise KeyError("german.e.10")

    monkeypatch.setattr(SoldiersState, "preview", broken)
    click_line(qtbot, panel, first)  # the player's click reaches the bug

    assert w.statusBar().currentMessage().startswith("Hexwright hit a bug (KeyError:")
    [kept] = (tmp_path / "logs").glob("bug-*.replay.json")
    [box] = [b for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert f"The test game is saved beside it as {kept.name}" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    record = Replay.from_text(kept.read_text(encoding="utf-8"))
    assert record.seed == 7 and len(record.actions) == 1
    assert list(record.actions) == [a.text() for a in panel.session.timeline]
    monkeypatch.setattr(SoldiersState, "preview", preview)  # mended: play goes on
    apply_line(qtbot, panel, first)
    assert len(panel.session.timeline) == 2
