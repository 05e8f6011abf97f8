"""The editor window. For now a map viewer: open a scenario, zoom, pan, read hex names.

The full editor (document with undo stack, palettes, painting, overlays, inspector) is built on
this window in the editor issue.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.render import MapPainter, RenderOptions
from model.errors import ProblemList
from model.grid import pixel_to_hex
from model.hexes import Hex
from model.scenario_io import LoadedScenario, load_scenario
from model.yamlio import YamlError

HEX_SIZE = 24.0


def default_scenario_path() -> Path:
    """The built-in scenario the editor opens with."""
    from editor.cli import DEFAULT_SCENARIO

    return Path(str(resources.files("scenarios") / DEFAULT_SCENARIO))


class MapItem(QGraphicsItem):
    """The whole map as one scene item, painted by :class:`MapPainter`."""

    def __init__(self, painter: MapPainter) -> None:
        super().__init__()
        self.map_painter = painter
        x0, y0, x1, y1 = painter.bounds
        self._rect = QRectF(x0, y0, x1 - x0, y1 - y0)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        self.map_painter.paint(painter, option.exposedRect, scale)


class MapView(QGraphicsView):
    """Wheel zoom anchored at the cursor, drag to pan, and the hex under the cursor."""

    hex_hovered = Signal(object)  # Hex or None

    MIN_SCALE = 0.15
    MAX_SCALE = 6.0

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setMouseTracking(True)
        self.setBackgroundBrush(Qt.GlobalColor.lightGray)
        self.item: MapItem | None = None
        self._auto_fit = True  # keep the map fitted until the user zooms

    def show_map(self, painter: MapPainter) -> None:
        self.scene().clear()
        self.item = MapItem(painter)
        self.scene().addItem(self.item)
        margin = 40.0
        self.scene().setSceneRect(
            self.item.boundingRect().adjusted(-margin, -margin, margin, margin)
        )
        self.fit()

    def fit(self) -> None:
        self._auto_fit = True
        if self.item is not None:
            self.fitInView(self.item.boundingRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self._auto_fit:
            self.fit()

    def zoom(self, factor: float) -> None:
        self._auto_fit = False
        current = self.transform().m11()
        factor = max(self.MIN_SCALE / current, min(self.MAX_SCALE / current, factor))
        self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        steps = event.angleDelta().y() / 120.0
        self.zoom(1.15**steps)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        super().mouseMoveEvent(event)
        point: QPointF = self.mapToScene(event.position().toPoint())
        self.hex_hovered.emit(pixel_to_hex(point.x(), point.y(), HEX_SIZE))


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Hexwright")
        self.resize(1280, 860)
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.hex_label = QLabel("")
        self.statusBar().addPermanentWidget(self.hex_label)
        self.loaded: LoadedScenario | None = None
        self.view.hex_hovered.connect(self._show_hex)
        self._actions()

    def _actions(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        view_menu = self.menuBar().addMenu("&View")
        entries = [
            (file_menu, "&Open...", QKeySequence.StandardKey.Open, self.choose_file),
            (file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.close),
            (view_menu, "Zoom &In", QKeySequence.StandardKey.ZoomIn, lambda: self.view.zoom(1.25)),
            (view_menu, "Zoom &Out", QKeySequence.StandardKey.ZoomOut, lambda: self.view.zoom(0.8)),
            (view_menu, "&Fit to Window", QKeySequence("Ctrl+0"), self.view.fit),
        ]
        for menu, title, shortcut, slot in entries:
            action = QAction(title, self)
            action.setShortcut(shortcut)
            action.triggered.connect(slot)
            menu.addAction(action)

    def open_file(self, path: str | Path) -> bool:
        try:
            loaded = load_scenario(path)
        except ProblemList as exc:
            self._refuse(path, "\n".join(p.format() for p in exc.problems[:20]))
            return False
        except YamlError as exc:
            self._refuse(path, exc.problem.format())
            return False
        self.loaded = loaded
        self.view.show_map(MapPainter(loaded.map, RenderOptions(size=HEX_SIZE), loaded.overlays))
        self.setWindowTitle(f"{loaded.scenario.title} - Hexwright")
        self.statusBar().showMessage(
            f"{loaded.scenario.system.display_name}: {len(loaded.map)} hexes", 5000
        )
        return True

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", "Scenarios (*.yaml *.yml)")
        if path:
            self.open_file(path)

    def _refuse(self, path: str | Path, text: str) -> None:
        QMessageBox.warning(self, "Cannot open scenario", f"{path} has problems:\n\n{text}")

    def _show_hex(self, h: Hex | None) -> None:
        if self.loaded is None or h is None or h not in self.loaded.map:
            self.hex_label.setText("")
            return
        names = " = ".join(self.loaded.map.hexes[h].names)
        self.hex_label.setText(f"hex {names}")


def run_editor(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.open_file(path or default_scenario_path())
    window.show()
    return int(app.exec())
