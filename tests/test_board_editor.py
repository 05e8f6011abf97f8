"""Board editing in the editor window, through real widgets (pytest-qt)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QInputDialog, QPushButton
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.boards import FIXED_LAYOUT, BoardCopyDialog, BoardDocument, NewBoardDialog
from model.resources import load_board, parse_board_file, read_board, resources_root
from model.systems import GameSystem

pytestmark = pytest.mark.gui

ARMOR = GameSystem.ARMOR


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from model.boardedit import leave_board_library

    folder = tmp_path / "boards"
    monkeypatch.setenv("HEXWRIGHT_BOARDS", str(folder))
    monkeypatch.setenv("HEXWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(tmp_path / "recovery"))
    yield folder
    leave_board_library()


@pytest.fixture
def window(library: Path, window: MainWindow) -> MainWindow:
    """The editor window (tests/conftest.py), with the board library in a scratch folder."""
    return window


def _ok(dialog: NewBoardDialog | BoardCopyDialog) -> QPushButton:
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def _dialog(window: MainWindow, qtbot: QtBot, kind: type[QDialog]) -> Any:
    """The dialog a File menu action opened (window-modal, not blocking)."""
    qtbot.waitUntil(lambda: (found := window.findChild(kind)) is not None and found.isVisible())
    return window.findChild(kind)


def test_new_board_through_the_dialog_paint_and_save(
    window: MainWindow,
    qtbot: QtBot,
    library: Path,
    click_hex: Callable[..., None],
) -> None:
    window.actions_by_id["file.new_board"].trigger()
    dialog = _dialog(window, qtbot, NewBoardDialog)
    assert dialog.system is ARMOR  # the open scenario's system
    assert (dialog.columns_box.value(), dialog.rows_box.value()) == (40, 12)  # as J, K, L
    assert dialog.scheme.example == "X1205"
    ok = _ok(dialog)
    assert not ok.isEnabled()
    assert dialog.problem.text() == "give the board an id, such as M or M2"

    qtbot.keyClicks(dialog.id_edit, "k")
    assert not ok.isEnabled()
    assert dialog.problem.text() == (
        "Armor already has a built-in board 'K' (hex names ignore letter case); "
        "a board of your own needs another id"
    )
    dialog.id_edit.clear()
    qtbot.keyClicks(dialog.id_edit, "M1")
    dialog.columns_box.setValue(20)
    dialog.rows_box.setValue(8)
    dialog.first_row_box.setValue(95)
    assert dialog.problem.text() == "printed IDs give the row two digits: the last row would be 102"
    dialog.first_row_box.setValue(1)
    assert ok.isEnabled() and dialog.problem.text() == ""
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    document = window.document
    assert isinstance(document, BoardDocument)
    assert document.board.id == "M1"
    assert window.windowTitle() == "M1.yaml[*] - Board M1 - Hexwright"
    assert window.isWindowModified()  # not saved yet
    assert window.files.autosaver.timer.isActive()  # autosave keeps boards too
    assert len(document.map) == 10 * 8 + 10 * 9  # lower columns: 7 whole hexes, two halves
    # Layouts, overlay counters and terrain options are a scenario's, not a board's.
    assert not window.sections_panel.isEnabled()
    assert not window.overlay_panel.isEnabled()
    assert not window.actions_by_id["tool.sections"].isEnabled()

    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("rough")
    click_hex("M11005")
    h = document.map.resolve("M11005")
    assert document.edits.terrain == {h: "rough"}

    window.actions_by_id["file.save"].trigger()
    saved = library / "armor" / "M1.yaml"
    assert saved.is_file()
    assert not window.isWindowModified()
    section = read_board(saved.read_text(encoding="utf-8"), str(saved))
    assert section.terrain[section.by_printed[(10, 5)]] == "rough"
    assert sum(t == "rough" for t in section.terrain.values()) == 1
    assert load_board(ARMOR, "M1") == section  # scenarios find it in the library


def test_edit_a_copy_of_a_built_in_board(
    window: MainWindow, qtbot: QtBot, library: Path, click_hex: Callable[..., None]
) -> None:
    built_in = Path(str(resources_root() / "armor" / "boards" / "K.yaml"))
    before = built_in.read_bytes()
    window.actions_by_id["file.edit_board_copy"].trigger()
    dialog = _dialog(window, qtbot, BoardCopyDialog)
    assert isinstance(dialog, BoardCopyDialog)
    dialog.board_box.setCurrentIndex(dialog.board_box.findText("K"))
    assert dialog.id_edit.text() == "K2"  # a free id, suggested
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)

    document = window.document
    assert isinstance(document, BoardDocument)
    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("woods")
    click_hex("K22018")
    assert window.files.save()

    assert built_in.read_bytes() == before
    saved = library / "armor" / "K2.yaml"
    _, copy = parse_board_file(saved.read_text(encoding="utf-8"), str(saved))
    assert copy.id == "K2"
    section = read_board(saved.read_text(encoding="utf-8"), str(saved))
    original = load_board(ARMOR, "K")
    changed = {h for h in original.terrain if section.terrain[h] != original.terrain[h]}
    assert changed == {original.by_printed[(20, 18)]}
    assert section.terrain[original.by_printed[(20, 18)]] == "woods"


def test_a_saved_board_is_edited_again_in_place(
    window: MainWindow, qtbot: QtBot, library: Path
) -> None:
    from model.boardedit import blank_board, save_board

    save_board(blank_board(ARMOR, "M1", 10, 4))
    window.files.edit_board_copy()
    dialog = _dialog(window, qtbot, BoardCopyDialog)
    assert isinstance(dialog, BoardCopyDialog)
    dialog.board_box.setCurrentIndex(dialog.board_box.findText("M1 (your library)"))
    assert dialog.id_edit.text() == "M12"
    dialog.id_edit.setText("M1")
    assert dialog.problem.text() == "saving replaces this board in your library"
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    document = window.document
    assert isinstance(document, BoardDocument)
    assert not window.isWindowModified()
    h = document.map.resolve("M10302")
    document.paint_terrain([h], "scrub")
    assert window.files.save()
    saved = library / "armor" / "M1.yaml"
    section = read_board(saved.read_text(encoding="utf-8"), str(saved))
    assert section.terrain[h] == "scrub"


def test_a_board_keeps_its_layout_and_save_as_takes_a_new_id(
    window: MainWindow, qtbot: QtBot, library: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.files.new_board()
    dialog = _dialog(window, qtbot, NewBoardDialog)
    qtbot.keyClicks(dialog.id_edit, "M1")
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    document = window.document
    assert isinstance(document, BoardDocument)
    assert document.flip_section(0) == [FIXED_LAYOUT]
    h = document.map.resolve("M10305")
    document.paint_terrain([h], "rough")

    monkeypatch.setattr(QInputDialog, "getText", lambda *args, **kwargs: ("M2", True))
    assert window.files.save_as()
    assert not (library / "armor" / "M1.yaml").exists()  # never saved under its first id
    saved = library / "armor" / "M2.yaml"
    section = read_board(saved.read_text(encoding="utf-8"), str(saved))
    assert section.id == "M2" and section.name == "Board M2"
    assert section.terrain[h] == "rough"
    assert isinstance(window.document, BoardDocument)
    assert window.document.board.id == "M2"
    assert window.windowTitle() == "M2.yaml[*] - Board M2 - Hexwright"
    assert not window.isWindowModified()


def test_revert_an_unsaved_board_gives_the_blank_board(window: MainWindow, qtbot: QtBot) -> None:
    window.files.new_board()
    dialog = _dialog(window, qtbot, NewBoardDialog)
    qtbot.keyClicks(dialog.id_edit, "M1")
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    document = window.document
    assert isinstance(document, BoardDocument)
    document.paint_terrain([document.map.resolve("M10305")], "rough")
    window.actions_by_id["file.revert"].trigger()
    assert isinstance(window.document, BoardDocument)
    assert window.document is not document
    assert not window.document.edits.terrain


def test_an_unsaved_board_is_recovered_as_a_board(
    window: MainWindow,
    qtbot: QtBot,
    library: Path,
    click_hex: Callable[..., None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from editor.files import recovery

    window.actions_by_id["file.new_board"].trigger()
    dialog = _dialog(window, qtbot, NewBoardDialog)
    qtbot.keyClicks(dialog.id_edit, "M2")
    qtbot.mouseClick(_ok(dialog), Qt.MouseButton.LeftButton)
    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("woods")
    click_hex("M20505")
    window.files.autosaver.autosave()  # as the timer would; then the process is killed
    (found,) = recovery.pending()
    assert found.kind == "board"
    # The next session offers it back, as a board of the library, unsaved.
    second = MainWindow()
    qtbot.addWidget(second, before_close_func=lambda w: w.document.undo_stack.setClean())
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    second.files.offer_recovery()
    document = second.document
    assert isinstance(document, BoardDocument)
    assert document.board.id == "M2"
    assert document.modified
    h = document.map.resolve("M20505")
    assert document.terrain.terrain(h) == "woods"
    assert recovery.pending() == []
    assert second.files.save()
    saved = read_board((library / "armor" / "M2.yaml").read_text(encoding="utf-8"), "M2.yaml")
    assert saved.terrain[saved.by_printed[(5, 5)]] == "woods"
