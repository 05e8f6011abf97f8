"""The map on screen as tiles: pieces of the map painted once at a zoom and kept.

Why: Qt's item cache (``DeviceCoordinateCache``) holds one pixmap of the whole item at the
current zoom. A wheel step throws it away and paints the whole map again (115-317 ms on a
20,000-hex layout), and a pan paints the whole map to fill a strip of new pixels. Here the map
is cut, at each zoom, into squares of :data:`TILE` screen pixels on a grid fixed to the map:

- panning shows tiles painted already; the ring of tiles around the window is painted while
  the user does nothing, so a pan rarely waits for one;
- a zoom step draws the tiles of the nearest zoom that has them, scaled (a little soft, for a
  moment), then paints the sharp tiles of the new zoom a few at a time between events, and
  shows each as it is done;
- an edit repaints, in the tiles of the zoom on screen, only the pixels its area covers, when
  those tiles are next drawn (as Qt's item cache repaints an exposed area: a brush step costs
  the hex it paints, not two or four whole tiles); the tiles of other zooms are dropped and
  painted anew when next wanted.

A tile is painted by :meth:`~editor.mapview.render.MapPainter.paint` limited to the tile's
area, with every layer culled through its spatial index, so its cost follows what it shows,
not the size of the map. Tiles meet without seams: each is the same drawing shifted by whole
pixels, and the map is placed on whole screen pixels.
"""

from __future__ import annotations

import math
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPainterPath, QPixmap, QTransform

from editor.mapview.render import MapPainter

#: A tile's side in screen pixels.
TILE = 256
#: Tiles kept, every zoom together (256 x 256 x 4 bytes each: about 100 MB).
MAX_TILES = 400
#: Time one idle step may spend painting tiles before it lets events through.
IDLE_BUDGET_S = 0.006

TileKey = tuple[float, float, int, int]  # (zoom, device pixel ratio, column, row)


class MapTiles:
    """Tiles of one map painter at any number of zooms; the map item's paint draws through it.

    ``request_update(area)`` is called (with an area in map coordinates) when tiles painted
    between events are ready to be shown.
    """

    def __init__(self, painter: MapPainter, request_update: Callable[[QRectF], None]) -> None:
        self.painter = painter
        # Weakly: the map item owns its tiles, and a cycle between them would leave the tiles'
        # timer and pixmaps to the cyclic collector, which frees them whenever it runs.
        self._request_update: Callable[[], Callable[[QRectF], None] | None] = (
            weakref.WeakMethod(request_update)
            if hasattr(request_update, "__self__")
            else lambda: request_update
        )
        self._tiles: OrderedDict[TileKey, QPixmap] = OrderedDict()
        #: Kept tiles of the zoom on screen with an area (map coordinates) to paint again.
        self._dirty: dict[TileKey, QRectF] = {}
        self._zoom: float | None = None  # the zoom drawn last
        self._wanted: list[TileKey] = []  # tiles to paint between events, first first
        # Between events through Qt's own single-shot timer, not a QTimer of ours: an object
        # without a Qt parent would be freed by whichever thread runs Python's cyclic collector
        # once the map item is gone, and a timer freed off the GUI thread is never unregistered
        # from the GUI thread's event dispatcher, which then fires it into freed memory.
        self._scheduled = False
        #: Tiles painted so far, and areas of tiles painted again (the benchmark and tests).
        self.painted = 0
        self.repaired = 0

    # --- what the view asks ----------------------------------------------------------------

    def invalidate(self, area: QRectF | None = None) -> None:
        """Forget the tiles that show ``area`` (map coordinates), at every zoom; all of them
        when ``area`` is ``None``."""
        if area is None:
            self._tiles.clear()
            self._dirty.clear()
            self._wanted.clear()
            return
        for key in [k for k in self._tiles if _tile_area(k).intersects(area)]:
            if key[0] == self._zoom:  # on screen: its changed pixels painted when next drawn
                part = _tile_area(key).intersected(area)
                self._dirty[key] = self._dirty[key].united(part) if key in self._dirty else part
            else:
                del self._tiles[key]

    def stop(self) -> None:
        """Paint nothing more between events (the map item is gone)."""
        self._wanted.clear()

    def draw(
        self, painter: QPainter, exposed: QRectF, bounds: QRectF, view: QRect | None = None
    ) -> None:
        """Draw the map's ``exposed`` area (map coordinates) with ``painter``, whose world
        transform is the view's (a scale and a shift); ``view`` is the whole window's rectangle
        in device pixels, whose surroundings are painted ahead between events."""
        transform = painter.worldTransform()
        zoom = round(transform.m11(), 6)
        if zoom != self._zoom:  # tiles with changed areas are left at the zoom left behind
            for key in [k for k in self._dirty if k[0] != zoom]:
                del self._dirty[key]
                self._tiles.pop(key, None)
            self._zoom = zoom
        ratio = painter.device().devicePixelRatioF() if painter.device() else 1.0
        ox, oy = round(transform.dx()), round(transform.dy())
        shown = transform.mapRect(exposed.intersected(bounds))
        wanted_now = _keys(shown.translated(-ox, -oy), zoom, ratio)
        painter.save()
        painter.setWorldTransform(QTransform.fromTranslate(ox, oy))
        missing: list[TileKey] = []
        stand_ins: dict[float, list[TileKey]] = {}
        for key in wanted_now:
            tile = self._tiles.get(key)
            if tile is None:
                other = self._stand_in(key)
                if other is not None:
                    missing.append(key)
                    stand_ins.setdefault(other, []).append(key)
                    continue
                tile = self._paint_tile(key)  # nothing to show instead: a blank is worse
            elif key in self._dirty:
                self._repair(key, tile)
            self._tiles.move_to_end(key)
            painter.drawPixmap(QPointF(key[2] * TILE, key[3] * TILE), tile)
        for other, keys in stand_ins.items():
            self._draw_stand_in(painter, keys, other)
        painter.restore()
        ahead: list[TileKey] = []
        if view is not None:  # the ring around the window, for the next pan or zoom out
            around = QRectF(view).adjusted(-TILE, -TILE, TILE, TILE).translated(-ox, -oy)
            limit = transform.mapRect(bounds).translated(-ox, -oy)
            ahead = [
                k for k in _keys(around.intersected(limit), zoom, ratio) if k not in self._tiles
            ]
        self._wanted = missing + [k for k in ahead if k not in missing]
        if self._wanted:
            self._schedule()

    # --- painting tiles ---------------------------------------------------------------------

    def _paint_tile(self, key: TileKey) -> QPixmap:
        zoom, ratio, column, row = key
        tile = QPixmap(round(TILE * ratio), round(TILE * ratio))
        tile.setDevicePixelRatio(ratio)
        tile.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tile)
        painter.translate(-column * TILE, -row * TILE)
        painter.scale(zoom, zoom)
        self.painter.paint(painter, _tile_area(key), zoom, screen=True)
        painter.end()
        self._tiles[key] = tile
        self.painted += 1
        self._dirty.pop(key, None)
        while len(self._tiles) > MAX_TILES:
            gone, _ = self._tiles.popitem(last=False)
            self._dirty.pop(gone, None)
        return tile

    def _repair(self, key: TileKey, tile: QPixmap) -> None:
        """Paint again the pixels of ``tile`` that its changed area covers, out to whole pixels:
        cleared, then everything that reaches them drawn in its order, as in a whole tile."""
        area = self._dirty.pop(key)
        zoom, _, column, row = key
        shown = QRectF(
            area.x() * zoom - column * TILE,
            area.y() * zoom - row * TILE,
            area.width() * zoom,
            area.height() * zoom,
        )
        pixels = shown.toAlignedRect().intersected(QRect(0, 0, TILE, TILE))
        if pixels.isEmpty():
            return
        # What to draw: all that reaches those pixels, found by a margin's wider map area
        # (strokes and labels may lie a little outside what they are indexed by).
        margin = 4.0 / zoom
        reach = QRectF(
            (pixels.x() + column * TILE) / zoom,
            (pixels.y() + row * TILE) / zoom,
            pixels.width() / zoom,
            pixels.height() / zoom,
        ).adjusted(-margin, -margin, margin, margin)
        painter = QPainter(tile)
        painter.setClipRect(pixels)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.fillRect(pixels, Qt.GlobalColor.transparent)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        painter.translate(-column * TILE, -row * TILE)
        painter.scale(zoom, zoom)
        self.painter.paint(painter, reach, zoom, screen=True)
        painter.end()
        self.repaired += 1

    def _schedule(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self._paint_wanted)

    def _paint_wanted(self) -> None:
        """Paint wanted tiles for a moment, show them, and come back for the rest."""
        self._scheduled = False
        if not self._wanted:  # stopped, or painted by a paint in the meantime
            return
        start = time.perf_counter()
        done = QRectF()
        while self._wanted and time.perf_counter() - start < IDLE_BUDGET_S:
            key = self._wanted.pop(0)
            if key not in self._tiles:
                self._paint_tile(key)
                done = done.united(_tile_area(key))
        update = self._request_update()
        if update is None:  # the map item is gone
            self.stop()
            return
        if not done.isEmpty():
            update(done)
        if self._wanted:
            self._schedule()

    # --- stand-ins while a zoom's tiles are painted ------------------------------------------

    def _stand_in(self, key: TileKey) -> float | None:
        """The zoom nearest to ``key``'s that has every tile over its area (while a wheel
        spins, the last step's tiles are still being painted: an earlier zoom stands in)."""
        zoom, ratio = key[0], key[1]
        zooms = sorted(
            {k[0] for k in self._tiles if k[1] == ratio and k[0] != zoom},
            key=lambda z: abs(math.log(z / zoom)),
        )
        area = _tile_area(key)
        for other in zooms:
            # (never a tile with a changed area: those are only at the zoom drawn last, whose
            # own are dropped as soon as another zoom is drawn)
            if all(k in self._tiles for k in _keys_over(area, other, ratio)):
                return other
        return None

    def _draw_stand_in(self, painter: QPainter, keys: list[TileKey], other: float) -> None:
        """The areas of tiles ``keys`` from the tiles of zoom ``other``, scaled to their zoom:
        each of those tiles drawn once, clipped to the missing tiles."""
        zoom, ratio = keys[0][0], keys[0][1]
        clip = QPainterPath()
        sources: dict[TileKey, None] = {}
        for key in keys:
            clip.addRect(QRectF(key[2] * TILE, key[3] * TILE, TILE, TILE))
            sources.update(dict.fromkeys(_keys_over(_tile_area(key), other, ratio)))
        painter.save()
        painter.setClipPath(clip)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        for k in sources:
            tile = self._tiles[k]
            area = _tile_area(k)
            painter.drawPixmap(
                QRectF(area.x() * zoom, area.y() * zoom, area.width() * zoom, area.height() * zoom),
                tile,
                QRectF(0, 0, tile.width(), tile.height()),
            )
        painter.restore()


def _keys(area: QRectF, zoom: float, ratio: float) -> list[TileKey]:
    """The tiles over ``area`` (tile-grid pixels: map coordinates times the zoom)."""
    if area.isEmpty():
        return []
    c0, c1 = math.floor(area.left() / TILE), math.ceil(area.right() / TILE)
    r0, r1 = math.floor(area.top() / TILE), math.ceil(area.bottom() / TILE)
    return [(zoom, ratio, c, r) for r in range(r0, r1) for c in range(c0, c1)]


def _keys_over(area: QRectF, zoom: float, ratio: float) -> list[TileKey]:
    """The tiles at ``zoom`` over ``area`` (map coordinates)."""
    scaled = QRectF(area.x() * zoom, area.y() * zoom, area.width() * zoom, area.height() * zoom)
    return _keys(scaled.adjusted(0.5, 0.5, -0.5, -0.5), zoom, ratio)


def _tile_area(key: TileKey) -> QRectF:
    """The map area a tile shows (map coordinates)."""
    zoom, _, column, row = key
    side = TILE / zoom
    return QRectF(column * side, row * side, side, side)
