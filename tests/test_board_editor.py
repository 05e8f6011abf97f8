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


def test_import_a_board_from_tiled_and_save_it_in_the_library(
    window: MainWindow,
    qtbot: QtBot,
    library: Path,
    monkeypatch: pytest.MonkeyPatch,
    choose_menu: Callable[[str, str], None],
) -> None:
    """File > Import Board from Tiled: a TMX Hexwright wrote of Soldiers' map B opens as an
    unsaved board of the user's own (``B`` is built in, so it becomes ``B-tiled``), the same
    terrain in every hex; saving puts it in the library."""
    from editor.files import boards
    from model.layout import SectionPlacement, assemble
    from model.terrainview import MapTerrain
    from model.tmx import map_tiles, tmx_text

    original = load_board(GameSystem.SOLDIERS, "B")
    terrain = MapTerrain(assemble([SectionPlacement("B")], {"B": original}))
    tmx = library.parent / "b.tmx"
    tiles = map_tiles(terrain)
    text = tmx_text(terrain, title="B", tileset_image="b.png", tileset_columns=8, tiles=tiles)
    tmx.write_text(text, encoding="utf-8")
    monkeypatch.setattr(boards.QFileDialog, "getOpenFileName", lambda *a: (str(tmx), "*.tmx"))
    choose_menu("File", "Import Board from Tiled...")
    document = window.document
    assert isinstance(document, BoardDocument)
    assert document.board.id == "B-tiled" and document.board.system is GameSystem.SOLDIERS
    assert window.isWindowModified()
    assert "Imported b.tmx as board B-tiled" in window.statusBar().currentMessage()
    section = document.map.sections["B-tiled"]
    assert dict(section.terrain) == dict(original.terrain)

    window.actions_by_id["file.save"].trigger()
    saved = library / "soldiers" / "B-tiled.yaml"
    assert saved.is_file() and not window.isWindowModified()
    assert dict(read_board(saved.read_text(encoding="utf-8"), str(saved)).terrain) == dict(
        original.terrain
    )


def test_a_tiled_map_without_a_system_asks_for_one_and_bad_ones_say_why(
    window: MainWindow,
    library: Path,
    monkeypatch: pytest.MonkeyPatch,
    choose_menu: Callable[[str, str], None],
) -> None:
    from editor.files import boards

    tmx = library.parent / "made.tmx"
    tmx.write_text(
        '<map orientation="hexagonal" staggeraxis="x" staggerindex="odd" width="2" height="2">'
        '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
        '</properties></tile></tileset><layer name="terrain"><data encoding="csv">1,1,1,0'
        "</data></layer></map>",
        encoding="utf-8",
    )
    asked: list[list[str]] = []

    def get_item(_parent: object, _title: str, _label: str, items: list[str], *_: object):  # type: ignore[no-untyped-def]
        asked.append(items)
        return "Armor", True

    monkeypatch.setattr(boards.QInputDialog, "getItem", get_item)
    chosen = [str(tmx)]
    monkeypatch.setattr(boards.QFileDialog, "getOpenFileName", lambda *a: (chosen[0], "*.tmx"))
    choose_menu("File", "Import Board from Tiled...")
    assert asked and "Armor" in asked[0]
    document = window.document
    assert isinstance(document, BoardDocument) and document.board.system is ARMOR
    assert document.board.id == "TMX"
    assert "1 hex(es) without a terrain tile became clear" in window.statusBar().currentMessage()
    # A file that is not a TMX: a message naming it, nothing opened.
    warned: list[str] = []
    monkeypatch.setattr(boards.QMessageBox, "warning", lambda _p, _t, text: warned.append(text))
    bad = library.parent / "bad.tmx"
    bad.write_text("not xml at all <", encoding="utf-8")
    chosen[0] = str(bad)
    choose_menu("File", "Import Board from Tiled...")
    assert warned and warned[0].startswith(f"{bad}:1:")
    assert window.document is document


def test_a_library_board_that_is_no_file_is_marked_and_refused_never_a_traceback(
    window: MainWindow, qtbot: QtBot, library: Path
) -> None:
    """A board of the user's library that is not a regular file (a pipe, a link to
    /dev/zero) raised in the Sections palette's thumbnail painter (a YamlError, where only a
    ProblemList was caught), which stopped there and left the boards after it blank; dragging
    it over the map raised too. Each such board and one broken by hand is crossed out,
    "cannot be read", with why in its tooltip; the boards after them are painted; and a drag
    or a drop of one not yet marked says why instead of raising."""
    import os

    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDragMoveEvent, QDropEvent

    from editor.mapview.sections import SECTION_MIME, blank_pixmap
    from editor.mapview.view import HEX_SIZE
    from model.boardedit import use_board_library
    from model.grid import hex_to_pixel

    folder = library / "armor"
    folder.mkdir(parents=True)
    (folder / "BROKEN.yaml").write_text("schema_version: 1\nsystem: armor\nid: BROKEN\n")
    os.mkfifo(folder / "PIPE.yaml")
    (folder / "ZERO.yaml").symlink_to("/dev/zero")
    (folder / "ZZ.yaml").write_text(
        (resources_root() / "armor" / "boards" / "J.yaml").read_text().replace("id: J", "id: ZZ")
    )
    use_board_library()
    document = window.document
    assert document is not None and document.scenario.system is ARMOR
    panel, palette = window.sections_panel, window.sections_panel.palette
    panel._thumbnails.clear()
    panel.set_document(document)
    assert [palette.item(i).text() for i in range(palette.count())] == [
        "J", "K", "L", "BROKEN", "PIPE", "ZERO", "ZZ"
    ]  # fmt: skip

    # dragged over the map and dropped before its thumbnail came: said, not raised
    x, y = hex_to_pixel(next(iter(document.map.hexes)), HEX_SIZE)
    where = QPointF(window.view.mapFromScene(QPointF(x, y)))
    data = QMimeData()
    data.setData(SECTION_MIME, b"PIPE")
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    move = QDragMoveEvent(where.toPoint(), Qt.DropAction.CopyAction, data, buttons, keys)
    window.view.dragMoveEvent(move)
    said = window.statusBar().currentMessage()
    assert (
        said.startswith("Refused: section PIPE cannot be read: ") and "not a regular file" in said
    )
    count = document.undo_stack.count()
    window.view.dropEvent(QDropEvent(where, Qt.DropAction.CopyAction, data, buttons, keys))
    assert "section PIPE cannot be read" in panel.message.text()
    assert document.undo_stack.count() == count and "PIPE" not in document.map.sections

    blank = blank_pixmap(palette.iconSize()).toImage()
    qtbot.waitUntil(lambda: palette.item(6).icon().pixmap(palette.iconSize()).toImage() != blank)
    for i, name in ((3, "BROKEN"), (4, "PIPE"), (5, "ZERO")):
        item = palette.item(i)
        assert item.text() == name and item.icon().pixmap(palette.iconSize()).toImage() != blank
        assert item.toolTip().startswith(f"Section {name} cannot be read: {folder / name}.yaml")
        assert not item.flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert "not a regular file" in palette.item(4).toolTip()


def test_the_sections_palette_grows_to_three_rows_for_a_library_of_boards(
    window: MainWindow, qtbot: QtBot, library: Path
) -> None:
    """The Sections palette was one row tall: a library of boards hid behind a scroll bar
    in a strip 74 px high. It is as tall as its rows of boards at its width, up to three:
    each board shows without scrolling; past three rows it scrolls, the fourth row peeking
    out; narrowed (the window made smaller), it takes more rows."""
    from PySide6.QtWidgets import QDockWidget

    from editor.mapview.sections import PALETTE_ROWS
    from model.boardedit import use_board_library
    from model.resources import boards_changed

    panel, palette = window.sections_panel, window.sections_panel.palette
    dock = next(d for d in window.findChildren(QDockWidget) if panel in d.findChildren(type(panel)))
    dock.show()
    dock.raise_()
    qtbot.waitUntil(panel.isVisible)
    assert palette.count() == 3 and palette.height() == palette.gridSize().height() + 10

    def boards_shown() -> list[str]:
        seen = palette.viewport().rect()
        return [
            palette.item(i).text()
            for i in range(palette.count())
            if seen.contains(palette.visualItemRect(palette.item(i)))
        ]

    folder = library / "armor"
    folder.mkdir(parents=True)
    j = (resources_root() / "armor" / "boards" / "J.yaml").read_text()
    for n in range(1, 8):
        (folder / f"M{n}.yaml").write_text(j.replace("id: J", f"id: M{n}"))
    use_board_library()
    boards_changed()  # as a board written in the editor does
    panel.set_document(window.document)
    qtbot.waitUntil(lambda: len(boards_shown()) == 10)
    wide_per_row = (palette.width() - 2 * palette.frameWidth()) // palette.gridSize().width()
    assert palette.height() == -(-10 // wide_per_row) * palette.gridSize().height() + 10
    assert not palette.verticalScrollBar().isVisible()

    for n in range(8, 31):
        (folder / f"M{n}.yaml").write_text(j.replace("id: J", f"id: M{n}"))
    use_board_library()
    boards_changed()  # as a board written in the editor does
    panel.set_document(window.document)
    assert palette.count() == 33
    tall = PALETTE_ROWS * palette.gridSize().height() + 10
    qtbot.waitUntil(lambda: palette.height() == tall and palette.verticalScrollBar().isVisible())
    assert 0 < len(boards_shown()) < 33  # the rest scroll into view

    wide = palette.width()
    grid = palette.gridSize().width()
    narrow = wide - (wide - 2 * palette.frameWidth()) % grid - grid // 2  # a board less a row
    window.resizeDocks([dock], [dock.width() - (wide - narrow)], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: palette.width() < wide)
    assert palette.height() == tall  # no more than three rows
    for n in range(8, 31):
        (folder / f"M{n}.yaml").unlink()
    use_board_library()
    boards_changed()  # as a board written in the editor does
    panel.set_document(window.document)
    qtbot.waitUntil(lambda: len(boards_shown()) == 10)
    per_row = (palette.width() - 2 * palette.frameWidth()) // palette.gridSize().width()
    assert per_row == wide_per_row - 1  # narrower: as many rows or more, every board shown
    assert (
        palette.height() == min(PALETTE_ROWS, -(-10 // per_row)) * palette.gridSize().height() + 10
    )


def test_file_open_edits_a_board_of_the_library_and_names_other_kinds_of_file(
    window: MainWindow, qtbot: QtBot, library: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """File > Open of a board in the user's library edits it as a board (it was read as a
    scenario: "missing required key 'title'", 'map', 'sides'...); a board elsewhere, a position
    and a replay are named for what they are, with where they are read."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from model.boardedit import blank_board, save_board

    save_board(blank_board(ARMOR, "M1", 10, 4))
    chosen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (chosen[-1], ""))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text, *a: shown.append(text))

    chosen.append(str(library / "armor" / "M1.yaml"))
    window.actions_by_id["file.open"].trigger()
    document = window.document
    assert isinstance(document, BoardDocument) and document.board.id == "M1"
    assert not shown

    position = tmp_path / "p.yaml"
    position.write_text(
        "schema_version: 1\nscenario: s.yaml\nscenario_id: s\nsystem: armor\n"
        "rules_version: armor-0.10\nturn: 1\nstep: plot\n",
        encoding="utf-8",
    )
    replay = tmp_path / "r.json"
    replay.write_text('{"format": "hexwright-replay", "version": 1}', encoding="utf-8")
    board = resources_root() / "armor" / "boards" / "J.yaml"
    for path, said in (
        (position, "this is a position (a game in progress), not a scenario"),
        (replay, "this is a replay (a game's actions), not a scenario"),
        (board, "this is a board, not a scenario"),
    ):
        shown.clear()
        chosen.append(str(path))
        window.actions_by_id["file.open"].trigger()
        assert len(shown) == 1 and said in shown[0], shown
        assert "missing required key" not in shown[0]
        assert window.document is document  # what was open stays open
