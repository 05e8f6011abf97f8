"""The editor window: the map of the open scenario, tools, panels and files.

Every edit goes through the :class:`~editor.document.ScenarioDocument` (undoable); the view
redraws from the document's ``changed`` signal. Menus and shortcuts come from
:mod:`editor.actions`.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QCloseEvent,
    QColor,
    QIcon,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPixmap,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSpinBox,
    QStyleOptionGraphicsItem,
    QUndoView,
    QWidget,
)

from editor.actions import build_actions
from editor.document import ScenarioDocument
from editor.inspector import InspectorPanel
from editor.recovery import Autosaver, Recovered, forget, pending
from editor.render import MapPainter, RenderOptions, save_png, save_svg
from editor.style import hex_style
from model.catalog import terrain_types
from model.errors import ProblemList
from model.geometry import nearest_hexside
from model.grid import pixel_to_hex
from model.hexes import Hex
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
        # Qt keeps the painted map as a pixmap at the current zoom: panning and repainting
        # blit it; only a zoom or an edit paints the map again.
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
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
    stroke_started = Signal()
    hex_stroked = Signal(object, object)  # Hex and scene point under the brush, button down

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
        self._brush = False
        self._stroking = False

    def set_brush(self, on: bool) -> None:
        """Brush tools paint with the left button; otherwise the left button pans."""
        self._brush = on
        self.setDragMode(
            QGraphicsView.DragMode.NoDrag if on else QGraphicsView.DragMode.ScrollHandDrag
        )
        self.viewport().setCursor(
            Qt.CursorShape.CrossCursor if on else Qt.CursorShape.OpenHandCursor
        )

    def update_map(self, painter: MapPainter) -> None:
        """Show a redrawn map in place, keeping the zoom and scroll position."""
        if self.item is None:
            self.show_map(painter)
            return
        self.item.map_painter = painter
        self.item.update()

    def _point_at(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def _hex_at(self, event: QMouseEvent) -> Hex:
        point: QPointF = self.mapToScene(event.position().toPoint())
        return pixel_to_hex(point.x(), point.y(), HEX_SIZE)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._brush and event.button() == Qt.MouseButton.LeftButton:
            self._stroking = True
            self.stroke_started.emit()
            self.hex_stroked.emit(self._hex_at(event), self._point_at(event))
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if self._stroking and event.button() == Qt.MouseButton.LeftButton:
            self._stroking = False
            return
        super().mouseReleaseEvent(event)

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
        h = self._hex_at(event)
        self.hex_hovered.emit(h)
        if self._stroking:
            self.hex_stroked.emit(h, self._point_at(event))


class MainWindow(QMainWindow):
    """The editor's main window."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Hexwright")
        self.resize(1280, 860)
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.hex_label = QLabel("")
        self.tool_label = QLabel("")
        self.statusBar().addPermanentWidget(self.tool_label)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.document: ScenarioDocument | None = None
        self.tool = "pan"
        self._hexside_terrain: set[str] = set()
        self.view.hex_hovered.connect(self._show_hex)
        self.view.stroke_started.connect(self._begin_stroke)
        self.view.hex_stroked.connect(self._stroke)
        self.toolbar = self.addToolBar("Tools")
        self.toolbar.setObjectName("tools")
        self.menus: dict[str, QMenu] = {}
        self.actions_by_id = build_actions(self, self.menus, self.toolbar)
        self.level_box = QSpinBox()
        self.level_box.setRange(-3, 9)
        self.level_box.setPrefix("level ")
        self.level_box.setToolTip("The elevation the Set Elevation brush paints")
        self.toolbar.addWidget(self.level_box)
        self._docks()
        self.recent_menu = QMenu("Open &Recent", self)
        self.menus["&File"].insertMenu(self.actions_by_id["file.save"], self.recent_menu)
        self._fill_recent()
        self.actions_by_id["tool.pan"].setChecked(True)
        self._set_tool("pan")

    # --- panels ---------------------------------------------------------------------------

    def _docks(self) -> None:
        self.undo_view = QUndoView()
        self.undo_view.setEmptyLabel("Opened")
        history = QDockWidget("History", self)
        history.setObjectName("history")
        history.setWidget(self.undo_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, history)
        self.terrain_list = QListWidget()
        self.terrain_list.currentItemChanged.connect(lambda *_: self._choose_paint())
        terrain = QDockWidget("Terrain", self)
        terrain.setObjectName("terrain")
        terrain.setWidget(self.terrain_list)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, terrain)
        self.inspector = InspectorPanel()
        inspector = QDockWidget("Inspector", self)
        inspector.setObjectName("inspector")
        inspector.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, inspector)
        edit_menu = self.menuBar().addMenu("&Edit")
        self.menus["&Edit"] = edit_menu
        self.menuBar().insertMenu(self.menus["&View"].menuAction(), edit_menu)
        view_menu = self.menus["&View"]
        view_menu.addSeparator()
        view_menu.addAction(history.toggleViewAction())
        view_menu.addAction(terrain.toggleViewAction())
        view_menu.addAction(inspector.toggleViewAction())

    def _fill_terrain_list(self) -> None:
        self.terrain_list.clear()
        if self.document is None:
            return
        self._hexside_terrain = set()
        for terrain in terrain_types(self.document.scenario.system).values():
            if terrain.applies_to in ("hex", "hexside"):
                name = terrain.name
                if terrain.applies_to == "hexside":
                    self._hexside_terrain.add(terrain.id)
                    name += " (hexside)"
                item = QListWidgetItem(_swatch(terrain.id), name)
                item.setData(Qt.ItemDataRole.UserRole, terrain.id)
                item.setToolTip(terrain.source or terrain.placeholder or "")
                self.terrain_list.addItem(item)
        self.terrain_list.setCurrentRow(0)

    # --- files ----------------------------------------------------------------------------

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario; on problems, show them and keep what was open."""
        if not self._may_discard():
            return False
        try:
            document = ScenarioDocument.open(path)
        except ProblemList as exc:
            self._refuse(path, "\n".join(p.format() for p in exc.problems[:20]))
            return False
        except YamlError as exc:
            self._refuse(path, exc.problem.format())
            return False
        self._install(document)
        self._remember(Path(path))
        return True

    # --- recent files ---------------------------------------------------------------------

    RECENT = 10

    def recent_files(self) -> list[str]:
        value = settings().value("recent_files", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if Path(f).exists()]

    def _remember(self, path: Path) -> None:
        if path.resolve().is_relative_to(_built_in_folder().resolve()):
            return  # built-in scenarios are always at hand
        name = str(path.resolve())
        files = [name, *(f for f in self.recent_files() if f != name)][: self.RECENT]
        settings().setValue("recent_files", files)
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for name in files:
            action = self.recent_menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _checked=False, name=name: self.open_file(name))
        self.recent_menu.setEnabled(bool(files))

    def _install(self, document: ScenarioDocument) -> None:
        if self.document is not None:
            self.document.deleteLater()
        self.document = document
        document.setParent(self)
        self.autosaver = Autosaver(document)
        document.changed.connect(self._redraw)
        document.file_changed.connect(self._retitle)
        self.undo_view.setStack(document.undo_stack)
        self._undo_actions(document)
        self.view.show_map(self._painter())
        self._fill_terrain_list()
        self._retitle()
        scenario = document.scenario
        self.statusBar().showMessage(
            f"{scenario.system.display_name}: {len(document.map)} hexes", 5000
        )

    def _undo_actions(self, document: ScenarioDocument) -> None:
        menu = self.menus["&Edit"]
        menu.clear()
        undo = document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        menu.addAction(undo)
        menu.addAction(redo)
        self.actions_by_id["edit.undo"] = undo
        self.actions_by_id["edit.redo"] = redo

    def _painter(self) -> MapPainter:
        assert self.document is not None
        d = self.document
        return MapPainter(d.map, RenderOptions(size=HEX_SIZE), d.overlays, d.edits)

    def _redraw(self, what: str) -> None:
        if what == "layout" or self.view.item is None:
            self.view.show_map(self._painter())
            return
        # Same map: the painter keeps its geometry and redoes only the scenario's layers.
        d = self.document
        assert d is not None
        self.view.update_map(self.view.item.map_painter.redrawn(d.overlays, d.edits))

    def _retitle(self) -> None:
        if self.document is not None:
            d = self.document
            name = d.path.name if d.path else "untitled"
            # Qt shows '[*]' as '*' while the window is modified, the platform's way.
            self.setWindowTitle(f"{name}[*] - {d.scenario.title} - Hexwright")
            self.setWindowModified(d.modified)

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", "Scenarios (*.yaml *.yml)")
        if path:
            self.open_file(path)

    def save(self) -> bool:
        if self.document is None:
            return False
        if self.document.path is None or self.document.path.is_relative_to(_built_in_folder()):
            return self.save_as()
        self.document.save()
        self.statusBar().showMessage(f"Saved {self.document.path}", 4000)
        return True

    def save_as(self) -> bool:
        if self.document is None:
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", "", "Scenarios (*.yaml)")
        if not path:
            return False
        self.document.save(Path(path))
        self._remember(Path(path))
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def revert(self) -> None:
        if self.document is not None and self.document.path is not None:
            path = self.document.path
            self.document.undo_stack.setClean()  # nothing to ask about: revert means discard
            self.open_file(path)

    def export_map(self) -> None:
        if self.document is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self, "Export map", "", "PNG image (*.png);;SVG (*.svg)"
        )
        if not path:
            return
        painter = self._painter()
        target = Path(path)
        if target.suffix.lower() == ".svg":
            save_svg(painter, target, self.document.scenario.title)
        else:
            save_png(painter, target.with_suffix(".png") if not target.suffix else target)
        self.statusBar().showMessage(f"Exported {path}", 4000)

    def _may_discard(self) -> bool:
        """Ask before unsaved changes are lost; True when it is fine to go on."""
        if self.document is None or not self.document.modified:
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"Save the changes to {self.document.scenario.title}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if self._may_discard():
            if self.document is not None:
                self.autosaver.discard()  # saved or deliberately discarded: nothing to recover
            event.accept()
        else:
            event.ignore()

    def restore(self, recovered: Recovered) -> bool:
        """Open the unsaved work an earlier session left, as a modified document."""
        try:
            document = ScenarioDocument.open(recovered.scenario_file)
        except (ProblemList, YamlError):
            forget(recovered)
            return False
        document.path = recovered.original
        document.undo_stack.resetClean()  # what is on disk is not this: it needs saving
        forget(recovered)
        self._install(document)
        return True

    def offer_recovery(self) -> None:
        """After a crash or a kill, offer to restore each scenario's unsaved changes."""
        for recovered in pending():
            where = recovered.original or "an unsaved scenario"
            answer = QMessageBox.question(
                self,
                "Restore unsaved changes?",
                f"Hexwright was not closed properly. Restore the unsaved changes to "
                f"{recovered.title} ({where})?",
            )
            if answer == QMessageBox.StandardButton.Yes:
                self.restore(recovered)
                return
            forget(recovered)

    def _refuse(self, path: str | Path, text: str) -> None:
        QMessageBox.warning(self, "Cannot open scenario", f"{path} has problems:\n\n{text}")

    # --- view and tools -------------------------------------------------------------------

    def zoom_in(self) -> None:
        self.view.zoom(1.25)

    def zoom_out(self) -> None:
        self.view.zoom(0.8)

    def fit(self) -> None:
        self.view.fit()

    def use_pan(self) -> None:
        self._set_tool("pan")

    def use_paint(self) -> None:
        self._set_tool("paint")

    def use_erase(self) -> None:
        self._set_tool("erase")

    def use_elevation(self) -> None:
        self._set_tool("elevation")

    def _set_tool(self, tool: str) -> None:
        self.tool = tool
        self.view.set_brush(tool != "pan")
        names = {
            "pan": "Pan",
            "paint": f"Paint {self._paint_terrain() or ''}",
            "erase": "Erase",
            "elevation": "Set elevation",
        }
        self.tool_label.setText(names[tool].strip())

    def _choose_paint(self) -> None:
        if self.tool == "paint":
            self._set_tool("paint")

    def _paint_terrain(self) -> str | None:
        item = self.terrain_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _begin_stroke(self) -> None:
        if self.document is not None:
            self.document.begin_stroke()

    def _stroke(self, h: Hex, point: QPointF) -> None:
        if self.document is None or h not in self.document.map:
            return
        if self.tool == "paint":
            terrain = self._paint_terrain()
            if terrain and terrain in self._hexside_terrain:
                side = nearest_hexside(point.x(), point.y(), HEX_SIZE)
                self.document.set_hexside_feature([side], terrain, stroke=True)
            elif terrain:
                self.document.paint_terrain([h], terrain, stroke=True)
        elif self.tool == "erase":
            self.document.erase_terrain([h])
        elif self.tool == "elevation":
            self.document.set_elevation([h], self.level_box.value(), stroke=True)

    def _show_hex(self, h: Hex | None) -> None:
        self.inspector.show_hex(self.document, h)
        if self.document is None or h is None or h not in self.document.map:
            self.hex_label.setText("")
            return
        amap = self.document.map
        names = " = ".join(amap.hexes[h].names)
        terrain = self.document.edits.terrain.get(h) or self.document.overlays.terrain(h)
        self.hex_label.setText(f"hex {names}" + (f"  ({terrain})" if terrain else ""))


def _swatch(terrain: str) -> QIcon:
    """A small sample of how a terrain is drawn, for the Terrain panel."""
    style = hex_style(terrain)
    pixmap = QPixmap(18, 18)
    pixmap.fill(QColor(style.fill))
    if style.pattern is not None:
        painter = QPainter(pixmap)
        painter.fillRect(pixmap.rect(), QBrush(QColor(style.pattern_color), style.pattern))
        painter.end()
    return QIcon(pixmap)


def settings() -> QSettings:
    """The user's settings (``HEXWRIGHT_SETTINGS`` names another file, for tests)."""
    override = os.environ.get("HEXWRIGHT_SETTINGS")
    if override:
        return QSettings(override, QSettings.Format.IniFormat)
    return QSettings("Hexwright", "hexwright")


def _built_in_folder() -> Path:
    return Path(str(resources.files("scenarios")))


def run_editor(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.open_file(path or default_scenario_path())
    window.show()
    window.offer_recovery()
    return int(app.exec())
