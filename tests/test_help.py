"""The Help menu and View > Go to Hex, driven as a user does: the menu's actions, the keys."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.recent import default_scenario_path
from editor.help import about_html, go_to_hex, shortcuts_html

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(default_scenario_path())
    return w


def test_the_shortcuts_page_lists_what_the_keys_do(window: MainWindow) -> None:
    html = shortcuts_html(window)
    assert "Test Play" in html and "Ctrl+T" in html and "Ctrl+G" in html and "F1" in html
    # every action with a shortcut is listed, none without
    for action in window.actions_by_id.values():
        if not action.shortcut().isEmpty():
            assert action.text().replace("&", "").rstrip(".…") in html


def test_about_names_the_versions_and_the_data_provenance() -> None:
    html = about_html()
    assert "Python" in html and "Qt" in html and "pydantic" in html
    for system in ("Armor", "Soldiers", "Panzer Command"):
        assert system in html
    assert "from the book" in html and "placeholders" in html


def test_f1_opens_the_shortcuts_page(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    shown = [w for w in QApplication.topLevelWidgets() if w.windowTitle() == "Keyboard Shortcuts"]
    assert shown and shown[-1].isVisible()
    shown[-1].close()


def test_go_to_hex_centres_on_a_seam_by_either_name(window: MainWindow, qtbot: QtBot) -> None:
    assert go_to_hex(window, "J1512") is None
    assert "J1512 = K1512" in window.statusBar().currentMessage()
    assert "seam" in window.statusBar().currentMessage()
    marks = window.view.marks
    assert marks is not None and marks.isVisible()
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert marks.path().boundingRect().adjusted(-60, -60, 60, 60).contains(centre)
    problem = go_to_hex(window, "Z9999")
    assert problem is not None and "Z9999" in problem


def test_ctrl_g_asks_for_a_hex_and_goes_there(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    def type_name() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QInputDialog)
        field = dialog.findChild(QLineEdit)
        assert field is not None
        qtbot.keyClicks(field, "k1417")
        qtbot.keyClick(field, Qt.Key.Key_Return)

    QTimer.singleShot(0, type_name)
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert "Hex K1417" in window.statusBar().currentMessage()


def test_shift_f1_opens_the_user_guide_and_every_key_it_names_is_a_shortcut(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The guide is shown from the Help menu's key; the keys it tells of in brackets after a
    command (``(Ctrl+N)``) are the shortcuts the editor really has, so the guide cannot drift
    from the menus."""
    import re

    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QTextBrowser

    from editor.help import GUIDE

    qtbot.keyClick(window, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    shown = [w for w in QApplication.topLevelWidgets() if w.windowTitle() == "Hexwright User Guide"]
    assert shown and shown[-1].isVisible()
    text = shown[-1].findChild(QTextBrowser)
    assert text is not None and "Test Play" in text.toPlainText()
    assert "**" not in text.toPlainText()  # rendered, not shown as Markdown
    shown[-1].close()
    keys = {
        action.shortcut().toString(QKeySequence.SequenceFormat.PortableText)
        for action in window.actions_by_id.values()
    }
    named = re.findall(r"\*\*[^*]+\*\* \(([^)]+)\)", GUIDE.read_text(encoding="utf-8"))
    assert len(named) >= 8
    assert all(k in keys for k in named), sorted(set(named) - keys)
