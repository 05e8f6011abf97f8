"""File > New from Generator through the real widgets: the menu clicked, a seed typed, the
rolled scenario looked at, Open clicked; the scenario opens unsaved and validates [PC §23]."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from editor.files.generate_dialog import GenerateDialog, generating_systems
from editor.scenario.validation import loaded_of
from model.systems import GameSystem
from rules.checks import run_checks

pytestmark = pytest.mark.gui


def _roll_with_seed(qtbot: QtBot, seed: int, seen: list[str]) -> Callable[[], None]:
    def fill() -> None:  # inside the dialog's exec()
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, GenerateDialog)
        try:
            box = dialog.seed_box
            box.setFocus()
            qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
            qtbot.keyClicks(box, str(seed))
            qtbot.keyClick(box, Qt.Key.Key_Tab)
            seen.append(dialog.summary.toPlainText())
            button = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        finally:
            if dialog.isVisible():
                dialog.reject()

    return fill


def test_only_panzer_command_rolls_scenarios() -> None:
    assert generating_systems() == [GameSystem.PANZER_COMMAND]


def test_a_generated_scenario_opens_from_the_file_menu_unsaved_and_valid(
    window: Any, qtbot: QtBot, choose_menu: Callable[[str, str], None]
) -> None:
    seen: list[str] = []
    before = window.document
    QTimer.singleShot(0, _roll_with_seed(qtbot, 3, seen))
    choose_menu("File", "New from Generator...")
    qtbot.waitUntil(lambda: bool(seen) and window.document is not before)
    assert "seed 3" in seen[0] and "Game-Turns" in seen[0]  # what will open, shown first
    document = window.document
    assert document.scenario.system is GameSystem.PANZER_COMMAND
    assert "(seed 3)" in document.scenario.title
    assert document.path is None  # not saved: File > Save asks where
    findings = run_checks(loaded_of(document), None)
    assert not [f for f in findings if f.severity == "error"], findings
    # The same seed rolls the same scenario.
    again = GenerateDialog()
    qtbot.addWidget(again)
    again.seed_box.setValue(3)
    assert again.loaded is not None and again.loaded.scenario == document.scenario
    again.seed_box.setValue(4)
    assert again.loaded is not None and again.loaded.scenario != document.scenario
