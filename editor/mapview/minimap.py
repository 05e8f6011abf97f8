"""The Overview: the whole map small, with the main view's visible area as a rectangle that
follows its zoom and pan. A click centres the main view there; a drag pans it live (grab the
rectangle to move it as it is, or press elsewhere and it jumps there first).

The minimap watches the main view, not the document: it learns of every change from the
view's own repaints (an event filter on its viewport), so an edit, an undo, a new layout and
Test Play's moving counters all reach it without another signal. What it shows is drawn by the
view's current :class:`~editor.mapview.render.MapPainter`, once per change and after the
change has settled (:data:`SETTLE_MS`): a brush stroke repaints it once, at the end.

Why not from the tiles: the tile cache holds the zooms the user looked at, not a whole map at
thumbnail size; one small painting of the whole map costs about 45 ms on a 20,000-hex layout
(measured, ``tests/test_minimap.py``), and the rectangle is drawn over the kept picture at no
cost.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.mapview.render import MapPainter
from editor.mapview.view import MapView
from editor.style import PAPER

#: How long the map must stay unchanged before the overview paints it again (ms).
SETTLE_MS = 250
#: The colour of the main view's visible area.
FRAME = QColor("#c0392b")


class Minimap(QWidget):
    """The whole map small, the main view's visible area on it; click or drag to move there."""

    def __init__(self, view: MapView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.setObjectName("overview")
        self.setMinimumSize(120, 80)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("The whole map: click to centre the view there, drag to pan it")
        self._pixmap: QPixmap | None = None
        #: The painter the picture was drawn with, and the size it was drawn at.
        self._source: MapPainter | None = None
        self._drawn_size = QSize()
        self._shown = QRectF()  # the main view's visible area last drawn (scene coordinates)
        self._grab: QPointF | None = None  # while dragging: pointer to the frame's centre
        #: How long the last picture took to paint (ms), for the designer's patience and tests.
        self.render_ms = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.refresh)
        #: The main view has painted: the overview's first picture waits for that (start-up:
        #: the map on screen first, its small copy a moment later).
        self._view_painted = False
        view.viewport().installEventFilter(self)
        for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
            bar.valueChanged.connect(self._follow)
            bar.rangeChanged.connect(self._follow)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(260, 180)

    # --- following the main view -------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """The main view repainted or resized: a new map (draw it again once it settles) or
        another visible area (move the frame)."""
        if event.type() in (QEvent.Type.Paint, QEvent.Type.Resize):
            if event.type() == QEvent.Type.Paint:
                self._view_painted = True
            self._check_map()
            self._follow()
        return False

    def _check_map(self) -> None:
        item = self.view.item
        source = item.map_painter if item is not None else None
        if source is not self._source and self.isVisible():
            if self._pixmap is None and self._view_painted:
                # No picture yet (the window's first paint): once this paint is done.
                QTimer.singleShot(0, self.refresh)
            else:
                self._timer.start()  # restarted by every step of a stroke: drawn once, at the end

    def _follow(self, *_: object) -> None:
        shown = self.visible_area()
        if shown != self._shown:
            self._shown = shown
            self.update()

    def visible_area(self) -> QRectF:
        """The part of the map the main view shows (scene coordinates)."""
        return self.view.mapToScene(self.view.viewport().rect()).boundingRect()

    # --- the picture -----------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the map as the main view draws it now: only where it changed when the map
        is the same (an edit), else the whole picture again (a new layout, a new size)."""
        self._timer.stop()
        item = self.view.item
        new, old = (item.map_painter if item is not None else None), self._source
        if new is None or old is None or self._pixmap is None or self._drawn_size != self.size():
            self.render_map()
            return
        if new is old:
            return
        area = new.changed_area(old)
        if area is None:  # it cannot tell where (a counter laid, forces moved): all of it
            self.render_map()
            return
        start = time.perf_counter()
        self._source = new
        if not area.isEmpty():
            painter = self._start_painting(self._pixmap)
            painter.setClipRect(area)
            self._paint_map(painter, area)
            painter.end()
        self.render_ms = (time.perf_counter() - start) * 1000.0
        self.update()

    def render_map(self) -> None:
        """Paint the whole map small, fitted to the widget (at the screen's pixel density)."""
        self._timer.stop()
        item = self.view.item
        self._source = item.map_painter if item is not None else None
        self._drawn_size = self.size()
        if self._source is None or self.width() < 2 or self.height() < 2:
            self._pixmap = None
            self.update()
            return
        start = time.perf_counter()
        ratio = self.devicePixelRatioF()
        pixmap = QPixmap(self.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = self._start_painting(pixmap)
        self._paint_map(painter, None)
        painter.end()
        self._pixmap = pixmap
        self.render_ms = (time.perf_counter() - start) * 1000.0
        self.update()

    def _start_painting(self, pixmap: QPixmap) -> QPainter:
        """A painter on the picture, in map (scene) coordinates."""
        painter = QPainter(pixmap)
        scale, offset = self._fit()
        painter.translate(offset)
        painter.scale(scale, scale)
        return painter

    def _paint_map(self, painter: QPainter, area: QRectF | None) -> None:
        """The map's paper and the map, all of it or what lies in ``area``."""
        assert self._source is not None
        x0, y0, x1, y1 = self._source.bounds
        paper = QRectF(x0, y0, x1 - x0, y1 - y0)
        painter.fillRect(paper if area is None else paper.intersected(area), QColor(PAPER))
        scale = self._fit()[0] * self.devicePixelRatioF()
        self._source.paint(painter, area, scale)

    def _fit(self) -> tuple[float, QPointF]:
        """Map (scene) coordinates to the widget: the scale, and where scene (0, 0) lands."""
        if self._source is None:
            return 1.0, QPointF()
        x0, y0, x1, y1 = self._source.bounds
        width, height = max(x1 - x0, 1.0), max(y1 - y0, 1.0)
        margin = 4.0
        scale = min((self.width() - 2 * margin) / width, (self.height() - 2 * margin) / height)
        scale = max(scale, 1e-6)
        left = (self.width() - width * scale) / 2 - x0 * scale
        top = (self.height() - height * scale) / 2 - y0 * scale
        return scale, QPointF(left, top)

    def _sheet(self, source: MapPainter) -> QRectF:
        """Where the map's paper lies on the overview, before its picture is drawn."""
        drawn, self._source = self._source, source
        x0, y0, x1, y1 = source.bounds
        sheet = self.to_widget(QRectF(x0, y0, x1 - x0, y1 - y0))
        self._source = drawn
        return sheet

    def to_widget(self, rect: QRectF) -> QRectF:
        """A scene rectangle where it shows on the overview."""
        scale, offset = self._fit()
        return QRectF(
            rect.x() * scale + offset.x(),
            rect.y() * scale + offset.y(),
            rect.width() * scale,
            rect.height() * scale,
        )

    def to_scene(self, point: QPointF) -> QPointF:
        """A point of the overview as a point of the map (scene coordinates)."""
        scale, offset = self._fit()
        return QPointF((point.x() - offset.x()) / scale, (point.y() - offset.y()) / scale)

    def frame(self) -> QRectF:
        """The main view's visible area, as the overview draws it."""
        return self.to_widget(self.visible_area())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        if self._pixmap is None or self._source is None:
            item = self.view.item
            if item is not None:  # the picture comes after the map's first paint: its paper
                painter.fillRect(self._sheet(item.map_painter), QColor(PAPER))
                return
            painter.setPen(self.palette().placeholderText().color())
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No map")
            return
        painter.drawPixmap(0, 0, self._pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        frame = self.frame().intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        # What the main view does not show is veiled; what it shows stays in its true colours
        # (a tint over the visible part turned a fitted map all pink).
        outside = QPainterPath()
        outside.setFillRule(Qt.FillRule.OddEvenFill)
        outside.addRect(QRectF(QPointF(0, 0), self._pixmap.deviceIndependentSize()))
        outside.addRect(frame)
        painter.fillPath(outside, QColor(255, 255, 255, 110))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(FRAME, 2.0))
        painter.drawRect(frame)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._source is not None:
            self._timer.start()  # a picture of the new size once the dock stops moving

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt API
        super().showEvent(event)
        if self._view_painted:  # else the main view's first paint brings the first picture
            QTimer.singleShot(0, self.refresh)  # what changed while it was hidden

    # --- moving the main view ----------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() != Qt.MouseButton.LeftButton or self._source is None:
            return
        point = event.position()
        frame = self.frame()
        # Grabbing the frame moves it as it is; elsewhere, the view jumps there first.
        self._grab = frame.center() - point if frame.contains(point) else QPointF()
        self._centre(point)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._grab is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self._centre(event.position())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.button() == Qt.MouseButton.LeftButton:
            self._grab = None

    def _centre(self, point: QPointF) -> None:
        """Centre the main view on the map point under ``point`` (plus the grab's offset)."""
        grab = self._grab if self._grab is not None else QPointF()
        self.view.auto_fit = False  # the user moves the map: no refit on the next resize
        self.view.centerOn(self.to_scene(point + grab))
        self._follow()
