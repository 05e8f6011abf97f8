"""The window's layout is the user's: its size and docks kept between sessions, View > Reset
Layout puts them back as first shown, and the window never opens larger than the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton
from pytestqt.qtbot import QtBot

from editor.app import MainWindow

pytestmark = pytest.mark.gui


def _window(qtbot: QtBot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    return w


def test_the_docks_are_kept_between_sessions_and_reset(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    first = _window(qtbot)
    first.restore_layout()  # nothing saved yet: as built
    first.show()
    qtbot.waitExposed(first)
    assert first.validation_dock.isVisible()
    close = first.validation_dock.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    assert close is not None
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)  # the user closes a panel
    assert first.close()
    second = _window(qtbot)
    second.restore_layout()
    second.show()
    qtbot.waitExposed(second)
    assert not second.validation_dock.isVisible()  # as the user left it
    second.actions_by_id["view.reset_layout"].trigger()
    assert second.validation_dock.isVisible()
    assert "as it was first" in second.statusBar().currentMessage()
    third = _window(qtbot)  # a window the application did not ask to remember
    third.show()
    assert third.validation_dock.isVisible() and not third.remember_layout


def test_the_window_fits_the_screen(qtbot: QtBot) -> None:
    w = _window(qtbot)
    w.show()
    qtbot.waitExposed(w)
    area = w.screen().availableGeometry()
    w.resize(area.width() * 3, area.height() * 3)  # as at 150% scaling on a small screen
    w.fit_to_screen()
    assert w.width() <= area.width() and w.height() <= area.height()
