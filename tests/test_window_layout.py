"""The window's layout is the user's: its size and docks kept between sessions, View > Reset
Layout puts them back as first shown, and the window never opens larger than the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QDockWidget
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


def test_at_150_percent_on_a_1600_by_1000_screen_everything_fits_and_the_map_stays_wide(
    qtbot: QtBot,
) -> None:
    """1600x1000 pixels at 150% is 1067x667 to Qt: the window's least size must fit in it
    (the Order of Battle panel alone once asked for more height, so the window ran off the
    screen with its status bar and the docks' bottoms), and once fitted the map keeps the
    largest share of the width."""
    w = _window(qtbot)
    assert w.open_file(Path(__file__).parent.parent / "scenarios/armor/1a-spearheads.yaml")
    w.show()
    qtbot.waitExposed(w)
    least = w.minimumSizeHint()
    assert least.width() <= int(1067 * 0.95) and least.height() <= int(667 * 0.92)
    w.resize(2000, 1300)
    w.fit_to_screen()
    qtbot.wait(50)
    area = w.screen().availableGeometry()
    assert w.width() <= area.width()
    docks = [w.findChild(QDockWidget, name) for name in ("sections", "terrain")]
    assert all(d is not None for d in docks)
    # The docks keep a share (at least their least width), not the 440 and 330 px of a
    # large window: the map keeps a third of the width or more.
    assert w.view.width() >= w.width() / 3
