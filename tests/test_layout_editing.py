"""Laying out the map in the editor: the Sections panel, drag and drop with snapping, the
Arrange tool, presets and the live join notation; and the brush shapes."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.sections import SECTION_MIME
from editor.mapview.view import HEX_SIZE
from model.brushes import BrushShape
from model.grid import hex_to_pixel
from model.hexes import Hex, Hexside
from model.joins import notation_of


def _at(window: MainWindow, h: Hex, dx: float = 0.0, dy: float = 0.0) -> QPointF:
    x, y = hex_to_pixel(h, HEX_SIZE)
    return QPointF(window.view.mapFromScene(QPointF(x + dx, y + dy)))


def _names(window: MainWindow) -> list[str]:
    assert window.document is not None
    return [p.name for p in window.document.placements()]


def test_remove_a_section_then_drop_it_back_where_it_meshes(
    window: MainWindow, drop_on_map: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    original = document.scenario
    before = notation_of(document.map)
    where = {p.name: p for p in document.placements()}["L"]
    panel = window.sections_panel
    panel.select(2)
    assert panel.remove_selected() == []
    assert _names(window) == ["J", "K"]
    assert panel.notation.text() == notation_of(document.map)
    # Dropped a couple of hexes off where it was, L snaps back into the one place it meshes.
    section = document.section("L")
    cq, cr = section.centroid
    middle = where.offset + Hex(round(cq), round(cr)) + Hex(1, -1)
    drop_on_map(SECTION_MIME, "L", middle)
    assert _names(window) == ["J", "K", "L"]
    assert notation_of(document.map) == before
    assert window.undo_view.stack().count() == 2
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original


def test_a_section_dropped_where_it_cannot_join_is_refused_with_the_reason(
    window: MainWindow,
    drop_on_map: Callable[..., None],
) -> None:
    document = window.document
    assert document is not None
    panel = window.sections_panel
    panel.select(2)
    panel.remove_selected()
    count = document.undo_stack.count()
    drop_on_map(SECTION_MIME, "L", Hex(200, 200))  # far from the others
    assert _names(window) == ["J", "K"]
    assert document.undo_stack.count() == count
    message = window.statusBar().currentMessage()
    assert message.startswith("Refused: ")
    assert "pieces" in message or "mesh" in message
    assert panel.message.text()


def test_a_second_copy_needs_the_copies_owned(
    window: MainWindow, drop_on_map: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    drop_on_map(SECTION_MIME, "J", Hex(0, -40))
    assert _names(window) == ["J", "K", "L"]
    assert "copy" in window.statusBar().currentMessage()


def test_turn_a_section_from_the_panel_and_the_context_of_the_map(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    panel = window.sections_panel
    panel.select(0)
    assert panel.turn_selected() == []
    assert [p.flipped for p in document.placements()] == [True, False, False]
    assert panel.laid.item(0).text() == "J (turned 180°)"
    document.undo_stack.undo()
    assert [p.flipped for p in document.placements()] == [False, False, False]


def test_typing_join_notation_builds_the_layout(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    panel = window.sections_panel
    panel.notation.setText("K3813-J3801, J1412-L1436")
    qtbot.keyClick(panel.notation, Qt.Key.Key_Return)
    assert notation_of(document.map) == "K3813-J3801, J1412-L1436"
    assert panel.notation.text() == "K3813-J3801, J1412-L1436"
    panel.notation.setText("K3813-J3805")
    qtbot.keyClick(panel.notation, Qt.Key.Key_Return)
    assert "breaks the hex grid" in panel.message.text()
    assert panel.notation.text() == "K3813-J3805"  # kept to be corrected
    assert notation_of(document.map) == "K3813-J3801, J1412-L1436"


def test_presets_lay_the_sections_again(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    panel = window.sections_panel
    panel.preset_box.setCurrentIndex(panel.preset_box.findText("End-to-end"))
    assert panel.apply_preset() == []
    middles = []
    for index in range(3):
        points = [
            hex_to_pixel(h, 1.0)
            for h, mh in document.map.hexes.items()
            if mh.parts[0].placement == index
        ]
        middles.append(
            (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
        )
    # Side by side, west to east, in the order they were laid (edge-to-edge before).
    xs = sorted(x for x, _ in middles)
    assert xs[1] - xs[0] > 20
    assert xs[2] - xs[1] > 20
    assert window.sections_panel.notation.text() == notation_of(document.map)


def test_arrange_tool_drags_a_section_and_refuses_a_bad_place(
    window: MainWindow, qtbot: QtBot
) -> None:
    document = window.document
    assert document is not None
    window.actions_by_id["tool.sections"].trigger()
    before = document.scenario
    start = document.map.resolve("L2030")
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(window, start).toPoint())
    far = start + Hex(30, 0)
    qtbot.mouseMove(viewport, pos=_at(window, far).toPoint())
    assert window.view.marks is not None
    assert window.view.marks.isVisible()  # the ghost of where it would go
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(window, far).toPoint())
    assert document.scenario == before
    assert window.statusBar().currentMessage().startswith("Refused")


def _shape(window: MainWindow, shape: BrushShape) -> None:
    """Click the shape's button on the toolbar."""
    action = window.map_editor.brushes.shape_actions[shape]
    button = window.toolbar.widgetForAction(action)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.map_editor.brushes.shape() is shape


def test_line_brush_paints_from_press_to_release(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("rough")
    _shape(window, BrushShape.LINE)
    a, b = document.map.resolve("K1016"), document.map.resolve("K1516")
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(window, a).toPoint())
    qtbot.mouseMove(viewport, pos=_at(window, b).toPoint())
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(window, b).toPoint())
    painted = {h for h, t in document.edits.terrain.items() if t == "rough"}
    assert len(painted) == a.distance(b) + 1
    assert a in painted
    assert b in painted
    assert document.undo_stack.count() == 1


def test_radius_and_flood_brushes(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("scrub")
    _shape(window, BrushShape.RADIUS)
    window.map_editor.brushes.radius_box.setValue(1)
    centre = document.map.resolve("K2018")
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, centre).toPoint()
    )
    scrub = {h for h, t in document.edits.terrain.items() if t == "scrub"}
    assert scrub == {centre, *centre.neighbors()}
    # Flood the scrub patch with rough: exactly the connected scrub hexes change.
    assert window.map_editor.brushes.choose_paint("rough")
    _shape(window, BrushShape.FLOOD)
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=_at(window, centre).toPoint()
    )
    region = {h for h in document.map.hexes if document.terrain.terrain(h) == "rough"}
    assert scrub <= region
    assert all(document.terrain.terrain(h) != "scrub" for h in scrub)


def test_erase_next_to_a_hexside_removes_its_features(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    side, features = next(iter(document.terrain.all_hexside_features().items()))
    a, b = side.hexes
    window.actions_by_id["tool.erase"].trigger()
    ax, ay = hex_to_pixel(a, HEX_SIZE)
    bx, by = hex_to_pixel(b, HEX_SIZE)
    # A point just inside hex a, near the middle of the side it shares with b.
    point = QPointF(ax + (bx - ax) * 0.42, ay + (by - ay) * 0.42)
    qtbot.mouseClick(
        window.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.view.mapFromScene(point),
    )
    assert document.terrain.hexside_features(side) == frozenset()
    assert document.undo_stack.count() == 1  # one step, however many features
    document.undo_stack.undo()
    assert document.terrain.hexside_features(Hexside.between(a, b)) == features


def test_the_sections_palette_lists_its_boards_at_once_and_paints_them_after(
    window: MainWindow, qtbot: QtBot
) -> None:
    # The window shows without waiting for the thumbnails; each is painted between events.
    from editor.mapview.sections import blank_pixmap

    palette = window.sections_panel.palette
    panel = window.sections_panel
    panel._thumbnails.clear()
    assert window.document is not None
    panel.set_document(window.document)
    names = [palette.item(i).data(Qt.ItemDataRole.UserRole) for i in range(palette.count())]
    assert names == ["J", "K", "L"]
    blank = blank_pixmap(palette.iconSize()).toImage()
    size = palette.iconSize()

    def painted(i: int) -> bool:
        return palette.item(i).icon().pixmap(size).toImage() != blank

    assert not any(painted(i) for i in range(3))
    qtbot.waitUntil(lambda: all(painted(i) for i in range(3)))


def test_a_thumbnail_is_drawn_in_the_screens_pixels(window: MainWindow) -> None:
    """At 150% scaling a thumbnail drawn in logical pixels was scaled up and blurred: it is
    drawn at the device pixel ratio, the same size on screen."""
    from PySide6.QtCore import QSize

    from editor.mapview.render import THUMBNAIL, MapPainter, fitted_pixmap

    assert window.document is not None
    painter = MapPainter(window.document.map, THUMBNAIL)
    sharp = fitted_pixmap(painter, QSize(66, 44), ratio=1.5)
    assert (sharp.width(), sharp.height(), sharp.devicePixelRatio()) == (99, 66, 1.5)
    assert sharp.deviceIndependentSize().toSize() == QSize(66, 44)
    plain = fitted_pixmap(painter, QSize(66, 44), ratio=1.0)
    assert sharp.toImage().scaled(66, 44) != plain.toImage()  # more detail, not an upscale
