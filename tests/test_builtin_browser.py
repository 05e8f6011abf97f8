"""File > Open Built-in Scenario: the browser lists every built-in scenario by game, shows the
one clicked (its map and what it is), and a double-click opens it; real clicks and keys."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.builtin import BuiltInDialog, built_in_scenarios
from editor.files.recent import default_scenario_path

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[1]


def test_every_built_in_scenario_is_listed() -> None:
    found = built_in_scenarios()
    assert len(found) == len(list((ROOT / "scenarios").glob("*/*.yaml")))
    titles = {b.title for b in found}
    assert {"Trading Ground For Time", "Dawn Patrol", "Sowchos 79"} <= titles


def test_click_shows_a_scenario_and_a_double_click_opens_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(default_scenario_path())
    seen: dict[str, str] = {}

    def browse() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, BuiltInDialog)
        tree = dialog.tree
        armor = next(
            tree.topLevelItem(i)
            for i in range(tree.topLevelItemCount())
            if tree.topLevelItem(i).text(0) == "Armor"
        )
        item = next(
            armor.child(i) for i in range(armor.childCount()) if armor.child(i).text(0) == "Ambush"
        )
        rect = tree.visualItemRect(item)
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        seen["details"] = dialog.details.text()
        picture = dialog.picture.pixmap()
        seen["picture"] = "yes" if picture is not None and not picture.isNull() else "no"
        seen["open"] = "yes" if dialog.open_button.isEnabled() else "no"
        qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    QTimer.singleShot(0, browse)
    action = w.actions_by_id["file.open_built_in"]
    assert action.shortcut().toString() == "Ctrl+Shift+O"
    action.trigger()
    assert "Ambush" in seen["details"] and "Armor [SCN VIII.A]" in seen["details"]
    assert "bought with 100 points" in seen["details"]
    assert seen["picture"] == "yes" and seen["open"] == "yes"
    assert w.document is not None and w.document.scenario.id == "armor-4a"


def test_a_scenario_file_dropped_on_the_map_opens(qtbot: QtBot, tmp_path: Path) -> None:
    from PySide6.QtCore import QMimeData, QPoint, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent

    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(default_scenario_path())
    dropped = tmp_path / "mine.yaml"
    dropped.write_text((ROOT / "scenarios/soldiers/10-dawn-patrol.yaml").read_text())
    mime = QMimeData()
    mime.setUrls(
        [QUrl.fromLocalFile(str(tmp_path / "notes.txt")), QUrl.fromLocalFile(str(dropped))]
    )
    (tmp_path / "notes.txt").write_text("not a scenario")
    target = w.view.viewport()  # over the map, which takes only its own drags
    at = QPoint(target.width() // 2, target.height() // 2)
    actions = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(
        at, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(target, enter)
    assert enter.isAccepted()  # the window takes the file (the map passes it on)
    drop = QDropEvent(at, actions, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(target, drop)
    assert w.document is not None and w.document.scenario.id == "soldiers-10"
    # the window takes nothing else
    other = QMimeData()
    other.setText("hello")
    refused = QDragEnterEvent(
        at, actions, other, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    w.dragEnterEvent(refused)
    assert not refused.isAccepted()


def test_the_overlays_panel_forgets_the_last_games_message(qtbot: QtBot) -> None:
    # Soldiers has no overlay counters; opening an Armor scenario after it must not keep saying so.
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert w.open_file(str(ROOT / "scenarios/soldiers/10-dawn-patrol.yaml"))
    panel = w.overlay_panel
    assert "no terrain overlay counters" in panel.message.text()
    assert w.open_file(default_scenario_path())
    assert panel.message.text() == ""
