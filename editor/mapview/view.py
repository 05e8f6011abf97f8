"""The map view: the whole map as one scene item, wheel zoom anchored at the cursor, drag to
pan, the hex under the cursor, things dragged from the panels and dropped on a hex, and the
current tool, which gets the mouse on the map and draws its preview on the mark layer.

The view shows what the document holds and never changes it: a tool or a drop turns the mouse
into the document's verbs, and the map is drawn again from the document's changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QResizeEvent,
    QTransform,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.forces.force_list import FORCE_MIME
from editor.mapview.overlays import OVERLAY_MIME
from editor.mapview.render import MapPainter
from editor.mapview.sections import SECTION_MIME
from editor.mapview.tiles import MapTiles
from model.grid import pixel_to_hex
from model.hexes import Hex

if TYPE_CHECKING:
    from editor.mapview.tools import Tool

#: The size of a hex on the map view (its circumradius in scene units).
HEX_SIZE = 24.0


@dataclass(frozen=True)
class MapEvent:
    """A mouse event on the map: the hex under it, the scene point, the button(s)."""

    hex: Hex
    point: QPointF
    button: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier


class MapItem(QGraphicsItem):
    """The whole map as one scene item, painted by :class:`MapPainter` through tiles
    (:mod:`editor.mapview.tiles`): a zoom or a pan shows tiles painted already, and paints only
    those it lacks.

    ``tiled=False`` is the item as it was, with Qt's cache of the whole item at the current
    zoom (the benchmark's baseline).
    """

    def __init__(self, painter: MapPainter, tiled: bool = True) -> None:
        super().__init__()
        self._painter = painter
        self.tiles = MapTiles(painter, self._tiles_ready) if tiled else None
        if self.tiles is None:
            self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        else:  # the exposed area, not the whole item, in each paint's option
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        x0, y0, x1, y1 = painter.bounds
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)

    @property
    def map_painter(self) -> MapPainter:
        return self._painter

    @map_painter.setter
    def map_painter(self, painter: MapPainter) -> None:
        self.set_painter(painter, None)

    def set_painter(self, painter: MapPainter, changed: QRectF | None) -> None:
        """Draw with ``painter`` from now on; ``changed`` is where it draws differently from
        the last one (map coordinates; ``None``: anywhere). Repaints that area."""
        self._painter = painter
        if self.tiles is not None:
            self.tiles.painter = painter
            self.tiles.invalidate(changed)
        if changed is None:
            self.update()
        elif not changed.isEmpty():
            self.update(changed)

    def _tiles_ready(self, area: QRectF) -> None:
        if self.tiles is not None and not shiboken6.isValid(self):  # its scene was cleared
            self.tiles.stop()
            return
        self.update(area)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        transform = painter.worldTransform()
        plain = (
            transform.type().value <= QTransform.TransformationType.TxScale.value
            and math.isclose(transform.m11(), transform.m22())
        )
        if self.tiles is not None and widget is not None and plain:
            self.tiles.draw(painter, option.exposedRect, self._rect, widget.rect())
            return
        # A picture of the scene (printing, an export) or a turned view: drawn as it is.
        scale = option.levelOfDetailFromTransform(transform)
        self._painter.paint(painter, option.exposedRect, scale)


class MapView(QGraphicsView):
    """Wheel zoom anchored at the cursor, drag to pan, the hex under the cursor, and the
    current tool (it gets the mouse on the map and draws its preview on the mark layer)."""

    hex_hovered = Signal(object)  # Hex or None
    section_dragged = Signal(str, object)  # board id, Hex under the drop point
    section_dropped = Signal(str, object)
    overlay_dragged = Signal(str, object)  # overlay id, Hex under the pointer (the triangle)
    overlay_dropped = Signal(str, object)
    force_dragged = Signal(str, object)  # "side_id/entry_index", Hex under the pointer
    force_dropped = Signal(str, object)
    drag_left = Signal()
    #: A map was painted for the first time (the window's first paint, at start-up): work
    #: that can wait for it (the checks' first run) starts then.
    map_painted = Signal()

    MIN_SCALE = 0.15
    MAX_SCALE = 6.0
    #: Paint the map through tiles (False: Qt's cache of the whole map, the benchmark's baseline).
    tiled = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.painted_map = False  # a map painted once (map_painted)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setBackgroundBrush(Qt.GlobalColor.lightGray)
        self.item: MapItem | None = None
        self.mark_items: list[QGraphicsPathItem] = []
        self.tool: Tool | None = None
        self.auto_fit = True  # keep the map fitted until the user zooms (no scroll bars)
        self._held = False

    def set_tool(self, tool: Tool) -> None:
        """Tools get the left button; the Pan tool lets it drag the map."""
        if self.tool is not None and self.tool is not tool:
            self.tool.leave()
        self.tool = tool
        self.setDragMode(
            QGraphicsView.DragMode.ScrollHandDrag
            if tool.drags_map
            else QGraphicsView.DragMode.NoDrag
        )
        self.viewport().setCursor(tool.cursor)

    def update_map(self, painter: MapPainter) -> None:
        """Show a redrawn map in place, keeping the zoom and scroll position."""
        if self.item is None:
            self.show_map(painter)
            return
        # Only where the map changed is painted again (a brush step repaints the tiles around
        # one hex, not the whole map).
        area = painter.changed_area(self.item.map_painter)
        if area is not None and not area.isEmpty():
            # On whole screen pixels: a repaint clipped mid-pixel would blend its edge.
            pixels = self.mapFromScene(area).boundingRect().adjusted(-2, -2, 2, 2)
            area = self.mapToScene(pixels).boundingRect()
        self.item.set_painter(painter, area)

    # --- marks: a tool's preview over the map ------------------------------------------------

    def centre_on(self, rect: QRectF) -> None:
        """Centre the view on a place, zoomed so that all of it shows (in close enough to see
        one hex, never out past the whole place)."""
        viewport = self.viewport().rect()
        current = self.transform().m11()
        fits = 0.8 * min(
            viewport.width() / max(rect.width(), 1.0), viewport.height() / max(rect.height(), 1.0)
        )
        wanted = min(max(current, 1.0), fits)
        if abs(wanted / current - 1.0) > 0.01:
            self.zoom(wanted / current)
        self.centerOn(rect.center())

    def show_marks(self, path: QPainterPath, pen: QPen, brush: QBrush | None = None) -> None:
        """Draw a tool's preview over the map (replacing the last one)."""
        self.show_layers([(path, pen, brush)])

    def show_layers(self, layers: list[tuple[QPainterPath, QPen, QBrush | None]]) -> None:
        """A preview of several paths, bottom first (a line of sight, its hexes, its block)."""
        while len(self.mark_items) < len(layers):
            item = QGraphicsPathItem()
            item.setZValue(10 + len(self.mark_items))
            self.scene().addItem(item)
            self.mark_items.append(item)
        for item, (path, pen, brush) in zip(self.mark_items, layers, strict=False):
            item.setPath(path)
            item.setPen(pen)
            item.setBrush(brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush))
            item.show()
        for item in self.mark_items[len(layers) :]:
            item.hide()

    @property
    def marks(self) -> QGraphicsPathItem | None:
        """The first preview item (tests look at it)."""
        return self.mark_items[0] if self.mark_items else None

    def remove_items(self, items: Iterable[QGraphicsItem]) -> None:
        """Take a layer's items off the scene; those a new map deleted with the old scene are
        gone already."""
        scene = self.scene()
        for item in items:
            if shiboken6.isValid(item) and item.scene() is scene:
                scene.removeItem(item)

    def clear_marks(self) -> None:
        for item in self.mark_items:
            item.hide()

    # --- mouse ----------------------------------------------------------------------------

    def _event(self, event: QMouseEvent) -> MapEvent:
        point: QPointF = self.mapToScene(event.position().toPoint())
        return MapEvent(
            pixel_to_hex(point.x(), point.y(), HEX_SIZE),
            point,
            event.button(),
            event.modifiers(),
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        tool = self.tool
        if tool is not None and (
            not tool.drags_map or event.button() == Qt.MouseButton.RightButton
        ):
            self._held = event.button() == Qt.MouseButton.LeftButton
            tool.press(self._event(event))
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._held and event.button() == Qt.MouseButton.LeftButton:
            self._held = False
            if self.tool is not None:
                self.tool.release(self._event(event))
            return
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        super().mouseMoveEvent(event)
        if self._held and not event.buttons() & Qt.MouseButton.LeftButton:
            self._held = False  # a dialog took the release (a flood fill's question)
        info = self._event(event)
        self.hex_hovered.emit(info.hex)
        if self.tool is not None and not self.tool.drags_map:
            self.tool.move(info, self._held)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Leave:
            self.pointer_left()
        handled = super().viewportEvent(event)
        if event.type() == QEvent.Type.Paint and not self.painted_map and self.item is not None:
            self.painted_map = True
            self.map_painted.emit()
        return handled

    def pointer_left(self) -> None:
        """The pointer left the map: what the tool showed under it goes (a brush's footprint,
        an overlay's ghost), and no hex is under it."""
        if self._held:  # a drag carried on outside: the tool still follows it
            return
        if self.tool is not None:
            self.tool.pointer_left()

    # --- sections dragged from the palette ---------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if self.tool is not None and self.tool.key(event.key(), event.modifiers()):
            return
        super().keyPressEvent(event)

    #: What may be dragged onto the map: a section from the Sections panel, an overlay counter
    #: from the Overlays panel (each carries its id as UTF-8), a force entry from the Order of
    #: Battle panel ("side_id/entry_index").
    DRAGGED = (SECTION_MIME, OVERLAY_MIME, FORCE_MIME)

    def _drag(self, event: QDragMoveEvent | QDropEvent) -> tuple[str, str, Hex] | None:
        data = event.mimeData()
        kind = next((k for k in self.DRAGGED if data.hasFormat(k)), None)
        if kind is None:
            return None
        point = self.mapToScene(event.position().toPoint())
        payload = bytes(data.data(kind).data()).decode()
        return kind, payload, pixel_to_hex(point.x(), point.y(), HEX_SIZE)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if any(event.mimeData().hasFormat(k) for k in self.DRAGGED):
            event.acceptProposedAction()
        elif event.mimeData().hasUrls():
            event.ignore()  # a file: the window opens it
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        found = self._drag(event)
        if found is None:
            super().dragMoveEvent(event)
            return
        event.acceptProposedAction()
        kind, payload, h = found
        if kind == FORCE_MIME:
            self.force_dragged.emit(payload, h)
            return
        (self.section_dragged if kind == SECTION_MIME else self.overlay_dragged).emit(payload, h)

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:  # noqa: N802 - Qt API
        self.clear_marks()  # the dragged thing's ghost goes with the pointer
        self.drag_left.emit()
        super().dragLeaveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        found = self._drag(event)
        if found is None:
            if event.mimeData().hasUrls():
                event.ignore()  # a file: the window opens it
                return
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        self.clear_marks()
        kind, payload, h = found
        if kind == FORCE_MIME:
            self.force_dropped.emit(payload, h)
            return
        (self.section_dropped if kind == SECTION_MIME else self.overlay_dropped).emit(payload, h)

    def show_map(self, painter: MapPainter, keep_view: bool = False) -> None:
        """Show another map. ``keep_view``: the same document's map laid out anew (a section
        moved, an undo): the zoom and the centre stay where the user left them, unless the
        view was fitted, when the new map is fitted."""
        kept = None
        if keep_view and self.item is not None and not self._auto_fit:
            kept = (self.transform(), self.mapToScene(0, 0))  # the zoom, the top left corner
        if self.item is not None and self.item.tiles is not None:
            self.item.tiles.stop()
        self.scene().clear()
        self.mark_items = []
        self.item = MapItem(painter, tiled=self.tiled)
        self.scene().addItem(self.item)
        # Room around the map to drag sections into (the view still fits the map itself).
        rect = self.item.boundingRect()
        margin = max(rect.width(), rect.height()) * 0.6
        self.scene().setSceneRect(rect.adjusted(-margin, -margin, margin, margin))
        if kept is None:
            self.fit()
            return
        self.setTransform(kept[0])
        self._put_at_top_left(kept[1])

    def _put_at_top_left(self, corner: QPointF) -> None:
        """Scroll so that the map point ``corner`` is at the window's top left, to the pixel
        (centring on the middle instead drifted half a pixel at each layout undo)."""
        viewport = self.viewport().rect()
        self.centerOn(
            corner + QPointF(viewport.width() / 2, viewport.height() / 2) / self.transform().m11()
        )
        shift = self.mapFromScene(corner)
        for bar, by in (
            (self.horizontalScrollBar(), shift.x()),
            (self.verticalScrollBar(), shift.y()),
        ):
            bar.setValue(bar.value() + by)

    def fit(self) -> None:
        """Show the whole map, and keep it shown as the view is resized, until the user zooms.

        Why no scroll bars while fitted: the whole map is in view, and a scroll bar that
        appears takes width, which refits the map smaller, which hides the bar, which refits
        it larger... At some window sizes (a one-section Armor map at 1280 x 860) that never
        settled and kept the event loop busy."""
        self.auto_fit = True
        if self.item is not None:
            self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    @property
    def auto_fit(self) -> bool:
        """Whether the view keeps the whole map fitted (until the user zooms)."""
        return self._auto_fit

    @auto_fit.setter
    def auto_fit(self, fitted: bool) -> None:
        self._auto_fit = fitted
        policy = (
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            if fitted
            else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        )
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()

    def zoom(self, factor: float) -> None:
        self.auto_fit = False
        current = self.transform().m11()
        factor = max(self.MIN_SCALE / current, min(self.MAX_SCALE / current, factor))
        self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        steps = event.angleDelta().y() / 120.0
        self.zoom(1.15**steps)
