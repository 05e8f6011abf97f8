"""Test Play of the end of a Command Cycle's stand-up choice [4] through the widgets: the German
player handed the turn, his suppressed man's "stand up" line clicked and applied, the rest
left down with End (the panel's done button), the log saying whose choice it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from soldiers_scenes import dawn
from test_soldiers_stand_up import ADLER, AUSTIN, BACH, _cycle_ends
from test_soldiers_testplay import DAWN_PATROL, apply_line, hand_over, hot_seat_at, log_since, shot

from rules.soldiers.stand_up import StandUp

pytestmark = pytest.mark.gui


def test_the_german_stands_one_man_up_by_clicking_his_line(qtbot: QtBot, tmp_path: Path) -> None:
    """[4] Adler, Bach and Austin suppressed as the cycle ends: the German is asked first; he
    clicks Adler's line and Apply, then ends his choice: Bach stays down."""
    state, _ = _cycle_ends(dawn(), {ADLER, BACH, AUSTIN})
    w, panel = hot_seat_at(qtbot, DAWN_PATROL, state, tmp_path / "cycle-end.yaml")
    hand_over(qtbot, panel, "German")
    words = state.describe(StandUp(ADLER))
    before = len(panel.log.toPlainText())
    shot(w, "soldiers-stand-up")
    apply_line(qtbot, panel, words)
    assert "stands up: german's choice [4]" in log_since(panel, before)
    assert panel.done_button.isVisibleTo(panel)
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert "stays suppressed: german's choice [4]" in log_since(panel, before)
    assert BACH in panel.session.state.troops.suppressed
