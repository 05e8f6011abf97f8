"""The first editor window, through real widgets (pytest-qt)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pictures import channel_difference
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.recent import default_scenario_path
from editor.mapview.view import HEX_SIZE
from model.grid import hex_to_pixel
from model.hexes import Hexside
from model.scenario_map import OverlayPlacement

pytestmark = pytest.mark.gui


def test_make_run_opens_the_demonstration_battlefield(qtbot: QtBot) -> None:
    # The default scenario shows a whole battlefield: sections, overlays, both sides' counters.
    w = MainWindow()
    qtbot.addWidget(w)
    assert w.open_file(default_scenario_path())
    document = w.document
    assert document is not None
    assert document.scenario.id == "hexwright-demo-crossroads"
    assert [p.section for p in document.placements()] == ["J", "K", "L"]
    assert len(document.scenario.map.overlays) >= 10
    assert {c.side for c in document.counters} == {"us", "germany"}
    k1917 = document.map.resolve("K1917")
    assert [c.unit for c in document.counters if c.hex == k1917] == ["INFANTRY-SQUAD"] * 2
    panther = next(c for c in document.counters if c.unit == "PANTHER-A")
    assert panther.facing == 3  # facing 4 in J's numbers is due south


def test_opens_a_scenario_fitted_to_the_view(window: MainWindow) -> None:
    assert window.document is not None
    assert window.document.scenario.id == "armor-1a"
    assert window.windowTitle() == "1a-spearheads.yaml[*] - Spearheads - Hexwright"
    # Fitted: the whole map is visible in the view.
    view = window.view
    assert view.item is not None
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(view.item.boundingRect())


def test_status_bar_names_the_hex_under_the_cursor(window: MainWindow, qtbot: QtBot) -> None:
    assert window.document is not None
    seam = window.document.map.resolve("K1512")
    x, y = hex_to_pixel(seam, HEX_SIZE)
    point = window.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(window.view.viewport(), point)
    qtbot.waitUntil(lambda: window.hex_label.text() != "")
    assert window.hex_label.text() == "hex J1512 = K1512"
    qtbot.mouseMove(window.view.viewport(), QPoint(2, 2))
    qtbot.waitUntil(lambda: window.hex_label.text() == "")


def test_zoom_is_bounded_and_fit_restores(window: MainWindow) -> None:
    view = window.view
    fitted = view.transform().m11()
    view.zoom(2.0)
    assert view.transform().m11() == pytest.approx(fitted * 2.0)
    for _ in range(40):
        view.zoom(2.0)
    assert view.transform().m11() == pytest.approx(view.MAX_SCALE)
    view.fit()
    assert view.transform().m11() == pytest.approx(fitted)


def test_a_bad_file_is_refused_with_its_problems(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    bad = tmp_path / "bad.yaml"
    fixture = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"
    bad.write_text(fixture.read_text().replace("unit: M4,", "unit: M44,"))
    assert not window.open_file(bad)
    assert len(shown) == 1
    assert f"{bad}:80:16: sides[1].forces[0].unit: unknown unit type 'M44'" in shown[0]
    # The scenario that was open stays open.
    assert window.document is not None
    assert window.document.scenario.id == "armor-1a"
    assert window.view.item is not None


def test_paint_a_hex_with_the_mouse_then_undo(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    assert window.document is not None
    original = window.document.scenario
    window.actions_by_id["tool.paint"].trigger()
    rough = next(
        i
        for i in range(window.map_editor.brushes.terrain_list.count())
        if window.map_editor.brushes.terrain_list.item(i).data(Qt.ItemDataRole.UserRole) == "rough"
    )
    window.map_editor.brushes.terrain_list.setCurrentRow(rough)
    assert window.tool_label.text() == "Paint rough"
    click_hex("K2018")
    k2018 = window.document.map.resolve("K2018")
    assert window.document.edits.terrain[k2018] == "rough"
    assert window.isWindowModified()
    assert window.undo_view.stack().count() == 1
    window.actions_by_id["edit.undo"].trigger()
    assert window.document.scenario == original
    assert not window.isWindowModified()


def test_erase_brings_back_the_printed_terrain(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    assert window.document is not None
    k2018 = window.document.map.resolve("K2018")
    window.document.paint_terrain([k2018], "rough")
    window.actions_by_id["tool.erase"].trigger()
    click_hex("K2018")
    assert k2018 not in window.document.edits.terrain


def test_save_as_then_reload_gives_the_same_scenario(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.document is not None
    window.document.paint_terrain([window.document.map.resolve("J0505")], "scrub")
    target = tmp_path / "mine.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_id["file.save"].trigger()  # a built-in file is saved under a new name
    assert target.exists()
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("mine.yaml[*] - Spearheads")
    edited = window.document.scenario
    assert window.open_file(target)
    assert window.document.scenario == edited


def test_closing_with_unsaved_changes_asks_first(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.document is not None
    window.document.paint_terrain([window.document.map.resolve("J0505")], "scrub")
    asked: list[str] = []

    def cancel(*args: object) -> QMessageBox.StandardButton:
        asked.append(str(args[2]))
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", cancel)
    assert not window.close()
    assert asked == ["Save the changes to Spearheads?"]
    assert window.isVisible()
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_actions_come_from_the_registry(window: MainWindow) -> None:
    from editor.actions import ACTIONS

    for spec in ACTIONS:
        action = window.actions_by_id[spec.id]
        assert action.objectName() == spec.id
    assert window.actions_by_id["file.save"].shortcut().toString() == "Ctrl+S"
    assert window.actions_by_id["edit.redo"].shortcuts()[0].toString() == "Ctrl+Shift+Z"


def test_autosave_and_restore_after_a_crash(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.files import recovery

    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(tmp_path / "recovery"))
    assert window.document is not None
    window.document.paint_terrain([window.document.map.resolve("L2030")], "rough")
    edited = window.document.scenario
    window.files.autosaver.autosave()
    found = recovery.pending()
    assert [(r.original, r.title) for r in found] == [(window.document.path, "Spearheads")]
    # A new session (the old one was killed) offers the unsaved work back.
    second = MainWindow()
    qtbot.addWidget(second, before_close_func=lambda w: w.document.undo_stack.setClean())
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    second.files.offer_recovery()
    assert second.document is not None
    assert second.document.scenario == edited
    assert second.document.modified
    assert second.document.path == window.document.path
    assert recovery.pending() == []


def test_saving_removes_the_recovery_file(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.files import recovery

    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(tmp_path / "recovery"))
    assert window.document is not None
    window.document.paint_terrain([window.document.map.resolve("L2030")], "rough")
    window.files.autosaver.autosave()
    assert recovery.pending()
    window.document.save(tmp_path / "saved.yaml")
    assert recovery.pending() == []


def test_inspector_describes_the_hovered_hex(window: MainWindow, qtbot: QtBot) -> None:
    from editor.mapview.inspector import hex_report

    assert window.document is not None
    document = window.document
    seam = document.map.resolve("J1512")
    rows = dict(hex_report(document, seam))
    assert rows["Hex"] == "J1512 = K1512"
    assert rows["Seam"] == "two half-hexes, one on each section"
    document.paint_terrain([seam], "rough")
    rows = dict(hex_report(document, seam))
    assert rows["Terrain"] == "rough (painted by the scenario)"
    assert rows["Source"] == "Armor [Intro III.A.2.c]"
    x, y = hex_to_pixel(seam, HEX_SIZE)
    qtbot.mouseMove(window.view.viewport(), window.view.mapFromScene(QPointF(x, y)))
    qtbot.waitUntil(lambda: "J1512 = K1512" in window.inspector.toPlainText())
    assert "painted by the scenario" in window.inspector.toPlainText()


def test_paint_a_hexside_feature_on_the_nearest_side(window: MainWindow, qtbot: QtBot) -> None:
    from model.hexes import Hexside

    assert window.document is not None
    window.actions_by_id["tool.paint"].trigger()
    crest = next(
        i
        for i in range(window.map_editor.brushes.terrain_list.count())
        if window.map_editor.brushes.terrain_list.item(i).data(Qt.ItemDataRole.UserRole) == "crest"
    )
    window.map_editor.brushes.terrain_list.setCurrentRow(crest)
    assert window.map_editor.brushes.terrain_list.currentItem().text() == "Crest (hexside)"
    h = window.document.map.resolve("K2018")
    x, y = hex_to_pixel(h, HEX_SIZE)
    # Just inside the hex, toward its north side.
    point = window.view.mapFromScene(QPointF(x, y - HEX_SIZE * 0.7))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.document.edits.added == {Hexside.of(h, 0): {"crest"}}


def test_a_hedge_on_a_map_whose_hex_names_hold_a_slash_shows_and_saves(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Soldiers names its hexes C/1309. A hedge painted on C/1309's north side was written
    C/1309/C/1310 and read as the hexes 'C' and '1309/C/1308': the hedge never showed, and the
    saved file would not open again ("no hex 'C' on this layout")."""
    from editor.files.document import ScenarioDocument

    scenario = Path(__file__).parent.parent / "scenarios" / "soldiers" / "10-dawn-patrol.yaml"
    assert window.open_file(str(scenario))
    assert window.document is not None
    window.actions_by_id["tool.paint"].trigger()
    brushes = window.map_editor.brushes.terrain_list
    hedge = next(
        i
        for i in range(brushes.count())
        if brushes.item(i).data(Qt.ItemDataRole.UserRole) == "hedge"
    )
    brushes.setCurrentRow(hedge)
    h = window.document.map.resolve("C/1309")
    x, y = hex_to_pixel(h, HEX_SIZE)
    window.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    point = window.view.mapFromScene(QPointF(x, y - HEX_SIZE * 0.7))  # toward its north side
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    side = Hexside.of(h, 0)
    assert [e.hexsides for e in window.document.scenario.map.terrain_edits] == [["C/1309/C/1310"]]
    assert window.document.edits.added == {side: {"hedge"}}
    assert "hedge" in window.document.terrain.hexside_features(side)
    target = tmp_path / "hedged.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save_as()
    assert ScenarioDocument.open(target).edits.added == {side: {"hedge"}}


def test_set_elevation_brush(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    assert window.document is not None
    window.actions_by_id["tool.elevation"].trigger()
    window.map_editor.brushes.level_box.setValue(2)
    click_hex("K2018")
    h = window.document.map.resolve("K2018")
    assert window.document.edits.elevation == {h: 2}
    assert window.tool_label.text() == "Set elevation 2"


def test_recent_files_remember_what_was_saved_and_opened(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    assert window.files.recent.files() == []
    target = tmp_path / "mine.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save_as()
    assert window.files.recent.files() == [str(target.resolve())]
    titles = [a.text() for a in window.files.recent.menu.actions()]
    assert titles == ["mine.yaml"]
    # Opening a built-in scenario does not crowd the list.
    assert window.open_file(default_scenario_path())
    assert window.files.recent.files() == [str(target.resolve())]
    window.files.recent.menu.actions()[0].trigger()
    assert window.document is not None and window.document.path == target


def test_recent_files_from_a_settings_file_edited_by_hand_are_bounded(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A settings file listing 30,000 recent files (one scenario over and over, folders, a name
    with a NUL) filled Open Recent with 30,000 items; it shows the first ten files, each once."""
    from editor.files.recent import settings

    monkeypatch.setenv("HEXWRIGHT_SETTINGS", str(tmp_path / "settings.ini"))
    scenarios = [tmp_path / f"s{i}.yaml" for i in range(12)]
    for path in scenarios:
        path.write_text("schema_version: 1\n", encoding="utf-8")
    names = [str(tmp_path), "bad\0name", *(str(p) for p in scenarios)] * 2500
    settings().setValue("recent_files", names)
    window.files.recent.fill()
    assert window.files.recent.files() == [str(p) for p in scenarios[:10]]
    titles = [a.text() for a in window.files.recent.menu.actions()]
    assert titles == [f"s{i}.yaml" for i in range(10)]


def test_the_map_shows_each_edit_and_its_undo(window: MainWindow) -> None:
    # The view keeps its painter between edits and redraws only the scenario's layers: what it
    # draws must follow the document through an edit and its undo.
    document = window.document
    assert document is not None
    h = document.map.resolve("K2018")

    def pixel_in_hex() -> int:
        assert window.view.item is not None
        painter = window.view.item.map_painter
        image = painter.render_image()
        x, y = hex_to_pixel(h, HEX_SIZE)
        origin = painter.origin()
        return image.pixel(int(origin.x() + x), int(origin.y() + y + HEX_SIZE * 0.45))

    printed = pixel_in_hex()
    document.paint_terrain([h], "woods" if document.edits.terrain.get(h) != "woods" else "rough")
    assert pixel_in_hex() != printed
    window.actions_by_id["edit.undo"].trigger()
    assert pixel_in_hex() == printed


def test_a_painted_half_hex_on_the_map_edge_stays_half(window: MainWindow) -> None:
    import math

    document = window.document
    assert document is not None
    edge = next(h for h, mh in sorted(document.map.hexes.items()) if mh.is_edge_half)
    document.paint_terrain([edge], "woods")
    item = window.view.item
    assert item is not None
    paths = item.map_painter._edit_paths
    (path,) = paths.values()
    height = path.boundingRect().height()
    assert math.isclose(height, HEX_SIZE * math.sqrt(3) / 2, rel_tol=1e-3)  # half a hex high


def test_a_built_in_scenario_is_never_saved_over_however_its_path_is_written(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = window.document
    assert document is not None
    built_in = Path(__file__).parent / ".." / "scenarios" / "armor" / "1a-spearheads.yaml"
    before = built_in.read_bytes()
    document.path = built_in  # a path with '..' in it, as the tests open it
    document.paint_terrain([document.map.resolve("K2018")], "rough")
    target = tmp_path / "mine.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save()
    assert built_in.read_bytes() == before
    assert document.path == target


def test_the_view_repaints_what_each_edit_changes_and_no_more(
    window: MainWindow, qtbot: QtBot
) -> None:
    # After an edit only the changed neighbourhood is painted again into the view's cache: the
    # picture on screen must still be exactly the document's, through edits and their undo.
    document = window.document
    assert document is not None
    view = window.view

    def shot() -> QImage:
        QApplication.processEvents()
        return view.viewport().grab().toImage()

    def pixel(image: QImage, name: str) -> int:
        x, y = hex_to_pixel(document.map.resolve(name), HEX_SIZE)
        p = view.mapFromScene(QPointF(x, y + HEX_SIZE * 0.45))
        return image.pixel(p.x(), p.y())

    from PySide6.QtWidgets import QApplication

    before = shot()
    document.paint_terrain([document.map.resolve("K2018")], "woods")
    painted = shot()
    assert pixel(painted, "K2018") != pixel(before, "K2018")
    assert pixel(painted, "K2020") == pixel(before, "K2020")
    a, b = document.map.resolve("K1516"), document.map.resolve("K1517")
    document.set_hexside_feature([Hexside.between(a, b)], "crest")
    document.add_overlay(OverlayPlacement(overlay="woods-61", hex="L1230"))
    changed = shot()
    assert pixel(changed, "L1230") != pixel(before, "L1230")
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert _same_picture(shot(), before)
    # A fresh view of the same scenario draws the same picture (nothing stale in the cache).
    view.update_map(window.map_editor.painter())
    view.item.update()  # type: ignore[union-attr]
    assert _same_picture(shot(), before)


def _same_picture(a: QImage, b: QImage) -> bool:
    """Pixel for pixel the same to the eye (:func:`channel_difference` at most 4)."""
    return a.size() == b.size() and channel_difference(a, b) <= 4


def test_menus_in_the_platform_order_and_undo_follows_the_document(window: MainWindow) -> None:
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[:4] == ["&File", "&Edit", "&View", "&Tools"]
    edit = window.menus["&Edit"]
    first = [a.text() for a in edit.actions() if not a.isSeparator()]
    assert first[:2][0].startswith("&Undo")
    assert "&Delete" in first
    # Opening another scenario replaces Undo/Redo, never duplicates them.
    assert window.open_file(
        Path(__file__).parent.parent / "scenarios" / "armor" / "2b-the-bridge.yaml"
    )
    again = [a.text() for a in edit.actions() if not a.isSeparator()]
    assert sum(t.startswith("&Undo") for t in again) == 1
    assert sum(t.startswith("&Redo") for t in again) == 1
