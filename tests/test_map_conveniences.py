"""The map's conveniences (issue 19), driven as the user drives them: the brush's footprint
under the pointer, the flood fill's preview and its question, the brush shape buttons, the
overlay ghost leaving with the pointer, levels and hex numbers legible, the view kept on a
layout undo, Fit to Window centred, and the section letters' View toggle."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview import brush_tool
from editor.mapview.view import HEX_SIZE
from model.brushes import BrushShape, flood
from model.grid import hex_to_pixel
from model.hexes import Hex, within


def _at(window: MainWindow, h: Hex, dx: float = 0.0, dy: float = 0.0) -> QPoint:
    x, y = hex_to_pixel(h, HEX_SIZE)
    return window.view.mapFromScene(QPointF(x + dx, y + dy))


def _button(window: MainWindow, action_id: str) -> None:
    """Click a toolbar button: a tool (``tool.paint``) or a brush shape (``brush.flood``)."""
    if action_id.startswith("brush."):
        shape = BrushShape[action_id.split(".")[1].upper()]
        action = window.map_editor.brushes.shape_actions[shape]
    else:
        action = window.actions_by_id[action_id]
    button = window.toolbar.widgetForAction(action)
    assert button is not None and button.isVisible(), action_id
    from PySide6.QtTest import QTest

    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _hover(qtbot: QtBot, window: MainWindow, h: Hex, dx: float = 0.0, dy: float = 0.0) -> None:
    window.view.ensureVisible(*hex_to_pixel(h, HEX_SIZE), 3 * HEX_SIZE, 3 * HEX_SIZE)
    # The pointer comes from beside it (a move to where the pointer is already is no move).
    qtbot.mouseMove(window.view.viewport(), pos=_at(window, h, dx + HEX_SIZE * 0.3, dy))
    qtbot.mouseMove(window.view.viewport(), pos=_at(window, h, dx, dy))


def _leave_the_map(qtbot: QtBot, window: MainWindow) -> None:
    """The pointer goes off the map onto a panel of the window."""
    qtbot.mouseMove(window.sections_panel, pos=QPoint(20, 20))


def _mark_shown(window: MainWindow) -> bool:
    return window.view.marks is not None and window.view.marks.isVisible()


def _covers(window: MainWindow, hexes: list[Hex]) -> bool:
    marks = window.view.marks
    assert marks is not None
    path = marks.path()
    return all(path.contains(QPointF(*hex_to_pixel(h, HEX_SIZE))) for h in hexes)


# --- the brush's footprint -----------------------------------------------------------------------


def test_the_radius_brush_outlines_what_it_would_paint_and_goes_when_the_pointer_leaves(
    window: MainWindow, qtbot: QtBot, shortcut: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("woods")
    _button(window, "brush.radius")
    shortcut(Qt.Key.Key_BracketRight)  # ] : radius 2
    assert window.map_editor.brushes.radius() == 2
    centre = document.map.resolve("K2018")
    _hover(qtbot, window, centre)
    assert _mark_shown(window)
    inside = [h for h in within(centre, 2) if h in document.map]
    assert len(inside) == 19 and _covers(window, inside)
    outside = [h for h in within(centre, 3) if centre.distance(h) == 3]
    assert not any(
        window.view.marks.path().contains(QPointF(*hex_to_pixel(h, HEX_SIZE))) for h in outside
    )  # type: ignore[union-attr]
    # It follows the pointer; nothing is painted by hovering.
    _hover(qtbot, window, centre + Hex(2, 0))
    assert _covers(window, [centre + Hex(4, 0)])
    assert document.undo_stack.count() == 0
    _leave_the_map(qtbot, window)
    assert not _mark_shown(window)
    # In the room around the map, off its hexes: none either.
    x0, y0, _, _ = window.view.item.map_painter.bounds  # type: ignore[union-attr]
    window.view.centerOn(x0, y0)
    off = QPointF(x0 - 4 * HEX_SIZE, y0 - 4 * HEX_SIZE)
    qtbot.mouseMove(window.view.viewport(), pos=window.view.mapFromScene(off))
    assert not _mark_shown(window)
    # Back over the map it shows again; another tool (H, the Pan tool) takes it away.
    _hover(qtbot, window, centre)
    assert _mark_shown(window)
    shortcut(Qt.Key.Key_H)
    assert not _mark_shown(window)


def test_a_hexside_brush_outlines_the_hexside_under_the_pointer(
    window: MainWindow, qtbot: QtBot
) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("crest")  # a hexside feature
    a = document.map.resolve("K2018")
    b = a.neighbor(1)
    # Near the side a shares with b: the side is outlined, not the hex.
    ax, ay = hex_to_pixel(a, HEX_SIZE)
    bx, by = hex_to_pixel(b, HEX_SIZE)
    _hover(qtbot, window, a, (bx - ax) * 0.42, (by - ay) * 0.42)
    assert _mark_shown(window)
    assert window.tool_label.text() == "Paint crest (hexside; Shift: take it off)"
    marks = window.view.marks
    assert marks is not None
    box = marks.path().boundingRect()
    middle = QPointF((ax + bx) / 2, (ay + by) / 2)
    assert box.width() <= HEX_SIZE * 1.01 and box.height() <= HEX_SIZE * 1.01
    assert abs(box.center().x() - middle.x()) < 1 and abs(box.center().y() - middle.y()) < 1
    # And a click paints that side, which the footprint showed.
    qtbot.mouseClick(
        window.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=_at(window, a, (bx - ax) * 0.42, (by - ay) * 0.42),
    )
    from model.hexes import Hexside

    assert "crest" in document.terrain.hexside_features(Hexside.between(a, b))


# --- flood fill ------------------------------------------------------------------------------------


def _flood_ready(qtbot: QtBot, window: MainWindow, words: str) -> None:
    qtbot.waitUntil(lambda: words in window.statusBar().currentMessage(), timeout=3000)


def test_flood_fill_shows_its_region_and_asks_before_filling_many_hexes(
    window: MainWindow, qtbot: QtBot
) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("rough")
    _button(window, "brush.flood")
    start = document.map.resolve("K2018")
    region = flood(start, document.terrain.terrain, document.map.hexes)
    assert len(region) > brush_tool.CONFIRM_FLOOD
    _hover(qtbot, window, start)
    words = f"{len(region):,} hexes across 3 sections (J, K and L)"
    _flood_ready(qtbot, window, words)
    assert _mark_shown(window) and _covers(window, region[:50] + region[-50:])
    asked: list[str] = []

    def answer(button: str) -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        chosen = next(b for b in box.buttons() if b.text().replace("&", "").startswith(button))
        qtbot.mouseClick(chosen, Qt.MouseButton.LeftButton)

    # No: nothing is painted.
    QTimer.singleShot(0, partial(answer, "Cancel"))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, start))
    assert asked == [f"Fill {words} with Rough?"]
    assert document.undo_stack.count() == 0
    assert "cancelled" in window.statusBar().currentMessage()
    # Yes: the whole region, one undo step.
    QTimer.singleShot(0, partial(answer, "Fill"))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, start))
    assert len(asked) == 2
    assert all(document.terrain.terrain(h) == "rough" for h in region)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert all(document.terrain.terrain(h) == "clear" for h in region)


def test_a_small_flood_fill_paints_at_once(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("woods")
    _button(window, "brush.radius")
    centre = document.map.resolve("K2018")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, centre))
    assert window.map_editor.brushes.choose_paint("rough")
    _button(window, "brush.flood")
    _hover(qtbot, window, centre)
    _flood_ready(qtbot, window, "7 hexes in section K")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, centre))
    assert QApplication.activeModalWidget() is None
    assert all(document.terrain.terrain(h) == "rough" for h in within(centre, 1))
    assert window.statusBar().currentMessage() == "Filled 7 hexes in section K"


def test_a_flood_fill_over_the_limit_is_refused_with_a_message(
    window: MainWindow, qtbot: QtBot, monkeypatch: object
) -> None:
    # The limit is 5,000 hexes (model.brushes.FLOOD_LIMIT); Armor 1A's largest region is
    # smaller, so the limit is lowered here to reach it.
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setattr(brush_tool, "flood", partial(flood, limit=1000))
    monkeypatch.setattr(brush_tool, "FLOOD_LIMIT", 1000)
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("rough")
    _button(window, "brush.flood")
    start = document.map.resolve("K2018")
    _hover(qtbot, window, start)
    _flood_ready(qtbot, window, "more than 1,000 hexes here")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, start))
    assert QApplication.activeModalWidget() is None
    assert document.undo_stack.count() == 0
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Flood fill refused: the region is larger than 1,000 hexes")
    )


# --- the brush shape buttons ---------------------------------------------------------------------


def test_brush_shapes_are_buttons_with_keys_and_in_the_tools_menu(
    window: MainWindow,
    qtbot: QtBot,
    shortcut: Callable[..., None],
    choose_menu: Callable[[str, str], None],
) -> None:
    brushes = window.map_editor.brushes
    _button(window, "tool.paint")
    assert brushes.shape() is BrushShape.ONE
    assert not brushes.radius_box.isEnabled()  # the radius means something only for Radius
    for key, shape in zip(
        (Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_1),
        [*list(BrushShape)[1:], BrushShape.ONE],
        strict=True,
    ):
        shortcut(key)
        assert brushes.shape() is shape
        checked = [s for s, a in brushes.shape_actions.items() if a.isChecked()]
        assert checked == [shape]  # one button pressed in, the one in use
    _button(window, "brush.radius")
    assert brushes.radius_box.isEnabled()
    assert window.tool_label.text() == "Paint clear (radius 1)"
    shortcut(Qt.Key.Key_BracketRight)
    shortcut(Qt.Key.Key_BracketRight)
    shortcut(Qt.Key.Key_BracketLeft)
    assert brushes.radius() == 2
    assert window.tool_label.text() == "Paint clear (radius 2)"
    choose_menu("Tools", "Flood")
    assert brushes.shape() is BrushShape.FLOOD
    from editor.help import shortcuts_html

    assert "Flood" in shortcuts_html(window) and "Larger Brush" in shortcuts_html(window)


# --- the overlay ghost -----------------------------------------------------------------------------


def test_the_overlay_ghost_goes_when_the_pointer_leaves_the_map(
    window: MainWindow, qtbot: QtBot
) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.overlay")
    window.overlay_panel.choose("woods-61")
    target = document.map.resolve("K2018")
    _hover(qtbot, window, target)
    assert _mark_shown(window)
    assert "fits here" in window.statusBar().currentMessage()
    _leave_the_map(qtbot, window)
    assert not _mark_shown(window)
    # A turn (R) while the pointer is away does not bring it back where it was.
    window.overlay_panel.turn(1)
    assert not _mark_shown(window)
    _hover(qtbot, window, target)
    assert _mark_shown(window)
    # Off the map, in the room around it: no ghost either.
    x0, y0, _, _ = window.view.item.map_painter.bounds  # type: ignore[union-attr]
    window.view.centerOn(x0, y0)
    qtbot.mouseMove(
        window.view.viewport(),
        pos=window.view.mapFromScene(QPointF(x0 - 4 * HEX_SIZE, y0 - 4 * HEX_SIZE)),
    )
    assert not _mark_shown(window)


def test_a_dragged_counters_ghost_goes_when_the_drag_leaves_the_map(window: MainWindow) -> None:
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent

    from editor.mapview.overlays import OVERLAY_MIME

    document = window.document
    assert document is not None
    data = QMimeData()
    data.setData(OVERLAY_MIME, b"woods-61")
    where = _at(window, document.map.resolve("K2018"))
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    viewport = window.view.viewport()
    for kind in (QDragEnterEvent, QDragMoveEvent):
        QApplication.sendEvent(viewport, kind(where, Qt.DropAction.CopyAction, data, buttons, keys))
    assert _mark_shown(window)
    QApplication.sendEvent(viewport, QDragLeaveEvent())
    assert not _mark_shown(window)
    window.overlay_panel.turn(1)  # nothing redrawn where the drag last was
    assert not _mark_shown(window)


# --- levels and hex numbers ----------------------------------------------------------------------


def _crop(window: MainWindow, h: Hex, levels: bool, zoom: float = 1.0) -> QImage:
    """Hex ``h`` and its surroundings as the editor's map draws them at ``zoom``, levels
    shown or not."""
    from dataclasses import replace

    from editor.mapview.render import MapPainter

    item = window.view.item
    assert item is not None
    old = item.map_painter
    painter_ = MapPainter(old.amap, replace(old.options, levels=levels), old.overlays, old.edits)
    x, y = hex_to_pixel(h, HEX_SIZE)
    image = QImage(96, 96, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.translate(48, 48)
    p.scale(zoom, zoom)
    p.translate(-x, -y)
    painter_.paint(p, None, zoom)
    p.end()
    return image


def test_painted_elevation_shows_its_level_as_a_number(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.elevation")
    window.map_editor.brushes.level_box.setValue(3)
    h = document.map.resolve("K2018")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, h))
    assert document.edits.elevation[h] == 3
    item = window.view.item
    assert item is not None and item.map_painter.options.levels
    assert item.map_painter._ground_levels() == {h: 3}
    # Drawn: the hex's foot differs with the level's spot and without it.
    assert _crop(window, h, True) != _crop(window, h, False)
    # Where the hex numbers are too small to show, so are the levels (the tint stays).
    assert _crop(window, h, True, zoom=0.5) == _crop(window, h, False, zoom=0.5)
    document.undo_stack.undo()
    assert window.view.item is not None
    assert window.view.item.map_painter._ground_levels() == {}


def test_hex_numbers_stay_legible_on_painted_woods(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    _button(window, "tool.paint")
    assert window.map_editor.brushes.choose_paint("woods")
    h = document.map.resolve("K2018")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, h))
    image = _crop(window, h, False)

    def lightest(x0: float, y0: float, x1: float, y1: float) -> int:
        return max(
            QColor(image.pixel(x, y)).lightness()
            for x in range(int(x0), int(x1))
            for y in range(int(y0), int(y1))
        )

    # Around the digits (the top of the hex): their pale plate; lower down, the dark woods.
    top = 48 - HEX_SIZE * 0.78
    assert lightest(48 - HEX_SIZE * 0.2, top, 48 + HEX_SIZE * 0.2, top + HEX_SIZE * 0.36) > 190
    assert lightest(40, 48 + HEX_SIZE * 0.1, 56, 48 + HEX_SIZE * 0.3) < 160


# --- the view ------------------------------------------------------------------------------------


def test_undo_of_a_layout_step_keeps_the_zoom_and_the_centre(
    window: MainWindow, qtbot: QtBot, shortcut: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    view = window.view
    shortcut(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    shortcut(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    view.centerOn(*hex_to_pixel(document.map.resolve("K2018"), HEX_SIZE))
    before = (view.transform().m11(), view.mapToScene(view.viewport().rect().center()))
    panel = window.sections_panel
    panel.laid.setCurrentRow(2)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert [p.name for p in document.placements()] == ["J", "K"]

    def same() -> bool:  # the same zoom, the same place in the middle (to a pixel)
        moved = view.mapFromScene(before[1]) - view.viewport().rect().center()
        return view.transform().m11() == before[0] and moved.manhattanLength() <= 1

    assert same()
    shortcut(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [p.name for p in document.placements()] == ["J", "K", "L"]
    assert same()


def test_fit_to_window_centres_the_whole_map(
    window: MainWindow, qtbot: QtBot, shortcut: Callable[..., None]
) -> None:
    view = window.view
    shortcut(Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().minimum())
    view.verticalScrollBar().setValue(view.verticalScrollBar().minimum())
    shortcut(Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(20)
    assert view.item is not None
    shown = view.mapFromScene(view.item.boundingRect()).boundingRect()
    port = view.viewport().rect()
    assert port.contains(shown.adjusted(2, 2, -2, -2))  # all of it
    assert abs(shown.center().x() - port.center().x()) <= 2
    assert abs(shown.center().y() - port.center().y()) <= 2
    assert (
        min(shown.width() / port.width(), shown.height() / port.height()) > 0.95
        or max(shown.width() / port.width(), shown.height() / port.height()) > 0.95
    )  # as large as the window lets it be


def test_section_letters_are_drawn_large_and_the_view_menu_hides_them(
    window: MainWindow, qtbot: QtBot, choose_menu: Callable[[str, str], None]
) -> None:
    action = window.actions_by_id["view.section_letters"]
    assert action.isCheckable() and action.isChecked()  # on by default
    item = window.view.item
    assert item is not None and item.tiles is not None
    assert item.map_painter.options.section_letters
    qtbot.wait(50)
    shown = window.view.viewport().grab().toImage()
    choose_menu("View", "Show Section Letters")
    assert not action.isChecked()
    item = window.view.item
    assert item is not None and item.tiles is not None
    assert not item.map_painter.options.section_letters
    assert not item.tiles._tiles  # every tile dropped: painted again without the letters
    hidden = window.view.viewport().grab().toImage()
    assert hidden != shown
    choose_menu("View", "Show Section Letters")
    assert window.view.item is not None
    assert window.view.item.map_painter.options.section_letters
    assert window.view.viewport().grab().toImage() == shown


def test_the_footprint_comes_back_after_a_layout_undo_redraws_the_map(
    window: MainWindow, qtbot: QtBot, shortcut: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    panel = window.sections_panel
    panel.laid.setCurrentRow(2)
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    _button(window, "tool.paint")
    centre = document.map.resolve("K2018")
    _hover(qtbot, window, centre)
    assert _mark_shown(window)
    shortcut(Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # L back: a new map drawn
    assert [p.name for p in document.placements()] == ["J", "K", "L"]
    assert not _mark_shown(window)
    # A nudge within the same hex: its footprint again.
    qtbot.mouseMove(window.view.viewport(), pos=_at(window, centre, 2.0, 1.0))
    assert _mark_shown(window) and _covers(window, [centre])
