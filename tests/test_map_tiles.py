"""The map view paints through tiles (editor/mapview/tiles.py): what it shows must be exactly
the map, at every zoom, after every edit, while zooming and panning with real events."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from pictures import channel_difference
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from editor.mapview.render import MapPainter, RenderOptions
from editor.mapview.tiles import TILE
from editor.mapview.view import HEX_SIZE, MapView
from model.grid import hex_to_pixel, pixel_to_hex
from model.scenario_io import load_scenario

FIXTURE_SCENARIO = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"


def _settle(seconds: float = 0.6) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        QApplication.processEvents()


def _view(qtbot: Any, tiled: bool = True, painter: MapPainter | None = None) -> MapView:
    view = MapView()
    view.tiled = tiled
    qtbot.addWidget(view)
    view.resize(900, 640)
    view.show()
    qtbot.waitExposed(view)
    if painter is None:
        amap = load_scenario(str(FIXTURE_SCENARIO)).map
        painter = MapPainter(amap, RenderOptions(size=HEX_SIZE))
    view.show_map(painter)
    return view


def _shot(view: MapView) -> QImage:
    _settle()
    return view.viewport().grab().toImage()


def _wheel(view: MapView, steps: int) -> None:
    centre = QPointF(view.viewport().width() / 2, view.viewport().height() / 2)
    event = QWheelEvent(
        centre,
        view.viewport().mapToGlobal(centre),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)


def _drag(view: MapView, dx: int) -> None:
    at = QPointF(view.viewport().width() / 2, view.viewport().height() / 2)
    for kind, point, buttons in (
        (QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton),
        (QEvent.Type.MouseMove, at + QPointF(dx, 0), Qt.MouseButton.LeftButton),
        (QEvent.Type.MouseButtonRelease, at + QPointF(dx, 0), Qt.MouseButton.NoButton),
    ):
        button = (
            Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
        )
        event = QMouseEvent(
            kind,
            point,
            view.viewport().mapToGlobal(point),
            button,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(view.viewport(), event)


def _same(a: QImage, b: QImage, tolerance: int = 40) -> tuple[int, int]:
    """(pixels that differ by more than ``tolerance`` in a channel, pixels compared)."""
    assert a.size() == b.size()
    far = 0
    step = 3
    for x in range(0, a.width(), step):
        for y in range(0, a.height(), step):
            pa, pb = a.pixel(x, y), b.pixel(x, y)
            if pa != pb and any(
                abs(((pa >> s) & 255) - ((pb >> s) & 255)) > tolerance for s in (0, 8, 16)
            ):
                far += 1
    return far, (a.width() // step + 1) * (a.height() // step + 1)


def _same_place(view: MapView, other: MapView) -> None:
    other.auto_fit = False
    other.setTransform(view.transform())
    other.horizontalScrollBar().setValue(view.horizontalScrollBar().value())
    other.verticalScrollBar().setValue(view.verticalScrollBar().value())


def _as_painted_whole(
    qtbot: Any, view: MapView, why: str, painter: MapPainter | None = None
) -> None:
    """The tiled view shows what the map painted whole (Qt's item cache) shows at the same
    place, antialiased edges aside."""
    tiled = _shot(view)
    whole = _view(qtbot, tiled=False, painter=painter)
    _same_place(view, whole)
    far, total = _same(tiled, _shot(whole))
    assert far <= total * 0.002, f"{far} of {total} pixels differ: {why}"


def test_the_tiles_show_the_map_as_painting_it_whole_does(qtbot: Any) -> None:
    # Tiles meet without seams or gaps: the tiled view, zoomed in by the wheel, is the
    # picture of the map painted whole at the same place (antialiased edges aside).
    view = _view(qtbot)
    for _ in range(6):
        _wheel(view, 1)
        QApplication.processEvents()
    _as_painted_whole(qtbot, view, "a seam or a gap between tiles?")


def test_a_wheel_step_shows_the_last_zoom_scaled_then_the_sharp_tiles(qtbot: Any) -> None:
    view = _view(qtbot)
    _settle()
    tiles = view.item.tiles  # type: ignore[union-attr]
    assert tiles is not None
    before = tiles.painted
    _wheel(view, 1)
    QApplication.sendPostedEvents()
    view.viewport().repaint()  # the step's own paint: stand-ins, no tile painted in it
    assert tiles.painted == before
    _settle()
    assert tiles.painted > before  # painted between events
    _as_painted_whole(qtbot, view, "stand-ins left behind?")


def test_a_pan_shows_tiles_painted_ahead_of_it(qtbot: Any) -> None:
    view = _view(qtbot)
    for _ in range(8):
        _wheel(view, 1)
    _settle()
    tiles = view.item.tiles  # type: ignore[union-attr]
    assert tiles is not None
    before = tiles.painted
    _drag(view, -TILE // 4)
    QApplication.sendPostedEvents()
    view.viewport().repaint()
    assert tiles.painted == before  # the ring around the window was painted already


def test_an_edit_repaints_its_tiles_at_every_zoom(qtbot: Any) -> None:
    # A zoom's tiles kept from before an edit must not come back showing the old map.
    amap = load_scenario(str(FIXTURE_SCENARIO)).map
    painter = MapPainter(amap, RenderOptions(size=HEX_SIZE))
    view = _view(qtbot, painter=painter)
    _settle()
    h = next(iter(amap.hexes))
    for _ in range(4):
        _wheel(view, 1)
        _settle(0.2)
    view.centerOn(QPointF(*hex_to_pixel(h, HEX_SIZE)))
    from model.mapstate import TerrainEdits

    edited = painter.redrawn(None, TerrainEdits(terrain={h: "lake"}))
    view.update_map(edited)
    for _ in range(4):  # back out to zooms whose tiles were painted before the edit
        _wheel(view, -1)
        _settle(0.2)
    view.centerOn(QPointF(*hex_to_pixel(h, HEX_SIZE)))
    _as_painted_whole(qtbot, view, "a stale tile?", painter=edited)


def test_a_brush_stroke_repaints_its_hexes_in_the_tiles_not_whole_tiles(
    qtbot: Any, window: Any
) -> None:
    """A terrain brush stroke with the mouse (speed issue 20: a step painted two to four whole
    tiles, 25-40 ms, slower than Qt's whole-item cache): each step paints again only the pixels
    of the hexes it changed, and every tile on screen then equals the same tile painted anew
    from the edited map, pixel for pixel (within 2 of 255 in a channel: Qt's raster engine
    blends a clipped fill through other code than an unclipped one; the eye cannot tell)."""
    from editor.mapview.tiles import MapTiles

    view = window.view
    tiles = view.item.tiles
    assert tiles is not None
    view.zoom(max(1.0, 0.2 / view.transform().m11()))
    view.centerOn(view.item.boundingRect().center())
    _settle()
    window.actions_by_id["tool.paint"].trigger()
    brushes = window.map_editor.brushes.terrain_list
    rough = next(
        brushes.item(i)
        for i in range(brushes.count())
        if brushes.item(i).data(Qt.ItemDataRole.UserRole) == "rough"
    )
    brushes.scrollToItem(rough)
    qtbot.mouseClick(
        brushes.viewport(), Qt.MouseButton.LeftButton, pos=brushes.visualItemRect(rough).center()
    )
    assert window.map_editor.brushes.terrain() == "rough"
    document = window.document
    middle = view.mapToScene(view.viewport().rect().center())
    row = [pixel_to_hex(middle.x() + dx * HEX_SIZE * 1.8, middle.y(), HEX_SIZE) for dx in range(8)]
    row = [h for h in row if h in document.terrain and document.terrain.terrain(h) != "rough"]
    assert len(row) >= 4
    points = [view.mapFromScene(QPointF(*hex_to_pixel(h, HEX_SIZE))) for h in row[:4]]
    painted_before = tiles.painted
    viewport = view.viewport()
    qtbot.mouseMove(viewport, pos=points[0])
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=points[0])
    for point in points[1:]:
        event = QMouseEvent(
            QEvent.Type.MouseMove,
            QPointF(point),
            viewport.mapToGlobal(QPointF(point)),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)
        viewport.repaint()  # the paint the step causes
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=points[-1])
    assert all(document.terrain.terrain(h) == "rough" for h in row[:4])  # each step painted
    assert tiles.painted == painted_before  # no whole tile painted for it
    assert tiles.repaired >= len(points)
    fresh = MapTiles(view.item.map_painter, lambda area: None)
    zoom = round(view.transform().m11(), 6)
    shown = [k for k in tiles._tiles if k[0] == zoom and k not in tiles._dirty]
    assert shown
    for key in shown:
        ours = tiles._tiles[key].toImage()
        anew = fresh._paint_tile(key).toImage()
        assert channel_difference(ours, anew) <= 2, f"tile {key} differs from the tile painted anew"
