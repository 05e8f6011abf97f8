"""The editor window: the map of the open scenario, tools, panels and files.

Every edit goes through the :class:`~editor.files.document.ScenarioDocument` (undoable); the view
redraws from the document's ``changed`` signal. Menus and shortcuts come from
:mod:`editor.actions`.
"""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import (
    QBrush,
    QCloseEvent,
    QColor,
    QCursor,
    QIcon,
    QKeySequence,
    QPainter,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QSpinBox,
    QUndoView,
)

from editor.actions import build_actions
from editor.balance.dialog import show_balance
from editor.files.boards import (
    BoardDocument,
    ask_board_copy,
    ask_new_board,
    save_board_as,
    save_board_document,
)
from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from editor.files.new_scenario import NewScenarioDialog
from editor.files.recovery import Autosaver, Recovered, forget, pending
from editor.forces.budget_panel import BudgetPanel
from editor.forces.oob_panel import OrderOfBattlePanel, parse_force_payload
from editor.mapview.inspector import InspectorPanel
from editor.mapview.los import LosPanel, LosTool
from editor.mapview.overlays import OverlayPanel
from editor.mapview.render import MapPainter, RenderOptions, save_png, save_svg
from editor.mapview.sections import SectionsPanel
from editor.mapview.shapes import hexes_outline
from editor.mapview.terrain_options import TerrainOptionsPanel
from editor.mapview.tools import BrushTool, OverlayTool, PanTool, SectionTool, Tool, ghost
from editor.mapview.view import HEX_SIZE, MapView
from editor.mapview.zone_tool import ZoneTool
from editor.mapview.zones_layer import ZoneLayer
from editor.scenario.dock import RulesPanel
from editor.scenario.validation import ValidationPanel
from editor.style import hex_style
from editor.testplay.mode import TestPlayMode, ask_test_play
from model.boardedit import use_board_library
from model.brushes import BrushShape
from model.catalog import terrain_types
from model.errors import ProblemList
from model.hexes import Hex
from model.newscenario import open_new
from model.places import finding_hexes
from model.yamlio import YamlError

# Document changes that alter what the map shows (beyond the layout and the forces).
MAP_CHANGES = Change.TERRAIN | Change.OVERLAYS


def default_scenario_path() -> Path:
    """The built-in scenario the editor opens with."""
    from editor.cli.main import DEFAULT_SCENARIO

    return Path(str(resources.files("scenarios") / DEFAULT_SCENARIO))


class MainWindow(QMainWindow):
    """The editor's main window."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Hexwright")
        self.resize(1280, 860)
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.zone_layer = ZoneLayer(self.view, HEX_SIZE)
        self.hex_label = QLabel("")
        self.tool_label = QLabel("")
        self.tool_label.setMinimumWidth(220)
        self.tool_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.statusBar().addPermanentWidget(self.tool_label)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.document: ScenarioDocument | None = None
        self.hexside_terrain: set[str] = set()
        self.view.hex_hovered.connect(self._show_hex)
        self.view.section_dragged.connect(self._section_dragged)
        self.view.section_dropped.connect(self._section_dropped)
        self.view.overlay_dragged.connect(self._overlay_dragged)
        self.view.overlay_dropped.connect(self._overlay_dropped)
        self.view.force_dragged.connect(self._force_dragged)
        self.view.force_dropped.connect(self._force_dropped)
        self.view.drag_left.connect(lambda: self.say(""))
        self.toolbar = self.addToolBar("Tools")
        self.toolbar.setObjectName("tools")
        self.menus: dict[str, QMenu] = {}
        self.actions_by_id = build_actions(self, self.menus, self.toolbar)
        self.test_play_mode: TestPlayMode | None = None
        self.level_box = QSpinBox()
        self.level_box.setRange(-3, 9)
        self.level_box.setPrefix("level ")
        self.level_box.setToolTip("The elevation the Set Elevation brush paints")
        self.toolbar.addSeparator()
        self.shape_box = QComboBox()
        for shape in BrushShape:
            self.shape_box.addItem(shape.value.capitalize(), shape)
        self.shape_box.setToolTip(
            "Brush shape: one hex, a line (press at one end, release at the other), every hex "
            "within a radius, or a flood fill of the connected hexes like the one clicked"
        )
        self.radius_box = QSpinBox()
        self.radius_box.setRange(1, 12)
        self.radius_box.setPrefix("radius ")
        self.radius_box.setToolTip("How far the radius brush reaches, in hexes")
        for widget in (self.shape_box, self.radius_box, self.level_box):
            self.toolbar.addWidget(widget)
        self.shape_box.currentIndexChanged.connect(lambda *_: self._retool())
        self.radius_box.valueChanged.connect(lambda *_: self._retool())
        self.level_box.valueChanged.connect(lambda *_: self._retool())
        self.tools: dict[str, Tool] = {
            "pan": PanTool(self),
            "paint": BrushTool(self, "paint"),
            "elevation": BrushTool(self, "elevation"),
            "erase": BrushTool(self, "erase"),
            "sections": SectionTool(self),
            "overlay": OverlayTool(self),
            "los": LosTool(self),
            "zone": ZoneTool(self),
        }
        self._docks()
        self.recent_menu = QMenu("Open &Recent", self)
        self.menus["&File"].insertMenu(self.actions_by_id["file.save"], self.recent_menu)
        self._fill_recent()
        self.actions_by_id["tool.pan"].setChecked(True)
        self.tool: Tool = self.tools["pan"]
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
        self.sections_panel = SectionsPanel()
        self.sections_panel.refused.connect(self.refuse_layout)
        sections = QDockWidget("Sections", self)
        sections.setObjectName("sections")
        sections.setWidget(self.sections_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, sections)
        self.oob_panel = OrderOfBattlePanel()
        self.oob_panel.refused.connect(self._refuse_forces)
        oob = QDockWidget("Order of Battle", self)
        oob.setObjectName("order_of_battle")
        oob.setWidget(self.oob_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, oob)
        self.tabifyDockWidget(sections, oob)
        self.budget_panel = BudgetPanel()
        self.budget_panel.refused.connect(self._refuse_forces)
        self.budget_dock = QDockWidget("Budget", self)
        self.budget_dock.setObjectName("budget")
        self.budget_dock.setWidget(self.budget_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.budget_dock)
        self.tabifyDockWidget(oob, self.budget_dock)
        self.oob_panel.side_box.currentIndexChanged.connect(  # the Budget follows the OOB's side
            lambda *_: self.budget_panel.choose_side(self.oob_panel.side_id())
        )
        self.oob_dock = oob
        self.overlay_panel = OverlayPanel()
        self.overlay_panel.choice_changed.connect(self._overlay_choice)
        self.overlay_panel.laid.currentRowChanged.connect(self._show_laid_overlay)
        overlays = QDockWidget("Overlays", self)
        overlays.setObjectName("overlays")
        overlays.setWidget(self.overlay_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, overlays)
        self.options_panel = TerrainOptionsPanel()
        options = QDockWidget("Terrain Options", self)
        options.setObjectName("terrain_options")
        scroller = QScrollArea()  # scrolled: a game may offer many options
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QScrollArea.Shape.NoFrame)
        scroller.setWidget(self.options_panel)
        options.setWidget(scroller)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, options)
        self.los_panel = LosPanel()
        los = QDockWidget("Line of Sight", self)
        los.setObjectName("los")
        los.setWidget(self.los_panel)
        self.inspector = InspectorPanel()
        inspector = QDockWidget("Inspector", self)
        inspector.setObjectName("inspector")
        inspector.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, inspector)
        self.validation_panel = ValidationPanel(self)
        validation = QDockWidget("Validation", self)
        validation.setObjectName("validation")
        validation.setWidget(self.validation_panel)
        self.rules_panel = RulesPanel(self)
        self.rules_dock = QDockWidget("Scenario", self)
        self.rules_dock.setObjectName("scenario_rules")
        self.rules_dock.setWidget(self.rules_panel)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.rules_dock)
        # Left, the whole height: what the scenario is (Sections | Order of Battle | Budget |
        # Scenario). Right: the map's palettes above (Terrain | Overlays | Terrain
        # Options), what the map says below (Inspector | Line of Sight | History | Validation).
        self.tabifyDockWidget(self.budget_dock, self.rules_dock)
        self.tabifyDockWidget(terrain, overlays)
        self.tabifyDockWidget(overlays, options)
        self.tabifyDockWidget(inspector, los)
        self.tabifyDockWidget(los, history)
        self.tabifyDockWidget(history, validation)
        sections.raise_()
        terrain.raise_()
        inspector.raise_()
        self.terrain_dock, self.overlays_dock, self.options_dock = terrain, overlays, options
        self.resizeDocks([terrain, inspector], [400, 400], Qt.Orientation.Vertical)
        self.resizeDocks([sections, terrain], [440, 330], Qt.Orientation.Horizontal)
        self.los_dock = los
        self.validation_dock = validation
        view_menu = self.menus["&View"]
        view_menu.addSeparator()
        view_menu.addAction(sections.toggleViewAction())
        view_menu.addAction(oob.toggleViewAction())
        view_menu.addAction(self.budget_dock.toggleViewAction())
        view_menu.addAction(options.toggleViewAction())
        view_menu.addAction(overlays.toggleViewAction())
        view_menu.addAction(los.toggleViewAction())
        view_menu.addAction(history.toggleViewAction())
        view_menu.addAction(validation.toggleViewAction())
        view_menu.addAction(self.rules_dock.toggleViewAction())
        view_menu.addAction(terrain.toggleViewAction())
        view_menu.addAction(inspector.toggleViewAction())

    def _fill_terrain_list(self) -> None:
        self.terrain_list.clear()
        if self.document is None:
            return
        self.hexside_terrain = set()
        for terrain in terrain_types(self.document.scenario.system).values():
            if terrain.applies_to in ("hex", "hexside"):
                name = terrain.name
                if terrain.applies_to == "hexside":
                    self.hexside_terrain.add(terrain.id)
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
        if is_built_in(path):
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
        document.changed.connect(self._on_changed)
        document.file_changed.connect(self._retitle)
        self.undo_view.setStack(document.undo_stack)
        self._undo_actions(document)
        self.view.show_map(self._painter())
        self.zone_layer.refresh(document)
        self._fill_terrain_list()
        self.sections_panel.set_document(document)
        self.options_panel.set_document(document)
        self.overlay_panel.set_document(document)
        self.oob_panel.set_document(document)
        self.budget_panel.set_document(document)
        self.validation_panel.set_document(document)
        self.rules_panel.set_document(document)
        # A board is one section with its own terrain: layouts, overlay counters and scenario
        # terrain options belong to scenarios.
        board = isinstance(document, BoardDocument)
        for panel in (self.sections_panel, self.overlay_panel, self.options_panel):
            panel.setEnabled(not board and (panel is not self.overlay_panel or panel.usable))
        for action in ("tool.sections", "tool.overlay", "tool.zone"):
            self.actions_by_id[action].setEnabled(not board)
        if board and self.tool in [self.tools[n] for n in ("sections", "overlay", "zone")]:
            self.actions_by_id["tool.pan"].trigger()
        self._retitle()
        scenario = document.scenario
        what = (
            f"board {document.placements()[0].section}" if board else scenario.system.display_name
        )
        self.statusBar().showMessage(f"{what}: {len(document.map)} hexes", 5000)

    def _undo_actions(self, document: ScenarioDocument) -> None:
        # Undo and Redo belong to the document's stack: replace the last document's pair, at
        # the top of the Edit menu (File, Edit, View, Tools, as on every platform).
        menu = self.menus["&Edit"]
        for old in ("edit.undo", "edit.redo"):
            if old in self.actions_by_id:
                menu.removeAction(self.actions_by_id.pop(old))
        undo = document.undo_stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = document.undo_stack.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        first = menu.actions()[0] if menu.actions() else None
        menu.insertAction(first, undo)
        menu.insertAction(first, redo)
        if first is not None and not first.isSeparator():
            menu.insertSeparator(first)
        self.actions_by_id["edit.undo"] = undo
        self.actions_by_id["edit.redo"] = redo

    def _painter(self) -> MapPainter:
        assert self.document is not None
        d = self.document
        options = RenderOptions(size=HEX_SIZE)
        return MapPainter(
            d.map, options, d.overlays, d.edits, d.terrain.board_sides, counters=d.counters
        )

    def _on_changed(self, change: Change) -> None:
        """The document changed: the map, the set-up zones over it and the title again."""
        self._redraw(change)
        self.zone_layer.refresh(self.document)  # after the map: a new map clears them
        if change & Change.DETAILS:  # the title is one of the details
            self._retitle()

    def _redraw(self, change: Change) -> None:
        if change & Change.LAYOUT or self.view.item is None:
            self.view.show_map(self._painter())
            return
        if change & Change.FORCES:  # the counters: same map, a new painter, zoom and scroll kept
            self.view.update_map(self._painter())
            return
        if not change & MAP_CHANGES:  # victory, reinforcements, purchases...: nothing drawn
            return
        # Same map: the painter keeps its geometry and redoes only the scenario's layers.
        d = self.document
        assert d is not None
        self.view.update_map(self.view.item.map_painter.redrawn(d.overlays, d.edits))
        if self.tool is self.tools["los"]:
            self.tools["los"].refresh()  # type: ignore[attr-defined]

    def toggle_zones(self) -> None:
        """View > Show Set-up Zones: the sides' set-up zones and entry areas over the map."""
        self.zone_layer.set_visible(self.actions_by_id["view.zones"].isChecked(), self.document)

    def _retitle(self) -> None:
        if self.document is not None:
            d = self.document
            name = d.path.name if d.path else "untitled"
            # Qt shows '[*]' as '*' while the window is modified, the platform's way.
            self.setWindowTitle(f"{name}[*] - {d.scenario.title} - Hexwright")
            self.setWindowModified(d.modified)

    def new_scenario(self, dialog: NewScenarioDialog | None = None) -> bool:
        """File > New: a scenario of the chosen game on the chosen layout, not yet saved."""
        if not self._may_discard():
            return False
        dialog = dialog or NewScenarioDialog(self)
        if dialog.exec() != NewScenarioDialog.DialogCode.Accepted:
            return False
        document = ScenarioDocument(open_new(dialog.scenario()), None)
        self._install(document)
        return True

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open scenario", "", "Scenarios (*.yaml *.yml)")
        if path:
            self.open_file(path)

    def new_board(self) -> None:
        """File > New Board: a blank board of the user's own, opened once the dialog is OK."""
        ask_new_board(self)

    def edit_board_copy(self) -> None:
        """File > Edit Board Copy: a copy of a board under a new id, opened once OK."""
        ask_board_copy(self)

    def open_board(self, document: BoardDocument) -> bool:
        """Edit a board in the window (after asking about unsaved changes)."""
        if not self._may_discard():
            return False
        self._install(document)
        return True

    def save(self) -> bool:
        if self.document is None:
            return False
        if isinstance(self.document, BoardDocument):
            return save_board_document(self, self.document)
        if self.document.path is None or is_built_in(self.document.path):
            return self.save_as()
        self.document.save()
        self.statusBar().showMessage(f"Saved {self.document.path}", 4000)
        return True

    def save_as(self) -> bool:
        if self.document is None:
            return False
        if isinstance(self.document, BoardDocument):
            return save_board_as(self, self.document)
        path, _ = QFileDialog.getSaveFileName(self, "Save scenario as", "", "Scenarios (*.yaml)")
        if not path:
            return False
        self.document.save(Path(path))
        self._remember(Path(path))
        self.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def revert(self) -> None:
        if isinstance(self.document, BoardDocument):
            self.document.undo_stack.setClean()  # revert means discard
            self.open_board(self.document.reverted())
            return
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
        document: ScenarioDocument
        try:
            if recovered.kind == "board":
                text = recovered.scenario_file.read_text(encoding="utf-8")
                where = str(recovered.scenario_file)
                document = BoardDocument.recovered(text, where, recovered.note)
            else:
                document = ScenarioDocument.open(recovered.scenario_file)
                document.path = recovered.original
                document.undo_stack.resetClean()  # what is on disk is not this: it needs saving
        except (ProblemList, YamlError, OSError):
            forget(recovered)
            return False
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
        self.terrain_dock.raise_()

    def use_erase(self) -> None:
        self._set_tool("erase")

    def use_elevation(self) -> None:
        self._set_tool("elevation")

    def use_sections(self) -> None:
        self._set_tool("sections")

    def use_zone_paint(self) -> None:
        """Tools > Paint Set-up Zone: the zones shown, the Set-up tab at hand."""
        self._set_tool("zone")
        self.tools["zone"].take_up()  # type: ignore[attr-defined]

    def use_los(self) -> None:
        self._set_tool("los")
        self.los_dock.raise_()

    def validate(self) -> None:
        """Show the Validation panel and check the scenario at once."""
        self.validation_dock.show()
        self.validation_dock.raise_()
        self.validation_panel.run_now()
        self.validation_panel.balance_line.start()  # and a short auto-played batch

    def balance(self) -> None:
        """Open the Balance dialog on the open scenario."""
        show_balance(self)

    def test_play(self) -> None:
        """Play > Test Play: play the scenario with the rules engine (editor/testplay/mode.py)."""
        ask_test_play(self)

    def use_overlay(self) -> None:
        self._set_tool("overlay")
        self.overlays_dock.raise_()

    def _overlay_choice(self) -> None:
        """A counter or a turn was chosen: the Place Overlay tool is what the user wants."""
        if self.tool is not self.tools["overlay"]:
            self.actions_by_id["tool.overlay"].setChecked(True)
            self.use_overlay()
        else:
            self._retool()
        self.tools["overlay"].preview()  # type: ignore[attr-defined]

    def _set_tool(self, name: str) -> None:
        self.tool = self.tools[name]
        self.view.set_tool(self.tool)
        self._retool()

    def retool(self) -> None:
        self._retool()

    def _retool(self) -> None:
        """Say in the status bar what the current tool does now."""
        self.tool_label.setText(self.tool.label())

    def _choose_paint(self) -> None:
        self._retool()

    def paint_terrain(self) -> str | None:
        """The terrain chosen in the Terrain panel."""
        item = self.terrain_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def choose_paint(self, terrain: str) -> bool:
        """Choose the terrain to paint in the Terrain panel (False: the game has no such one)."""
        for row in range(self.terrain_list.count()):
            if self.terrain_list.item(row).data(Qt.ItemDataRole.UserRole) == terrain:
                self.terrain_list.setCurrentRow(row)
                return True
        return False

    def brush_shape(self) -> BrushShape:
        shape: BrushShape = self.shape_box.currentData()
        return shape

    def show_place(
        self,
        path: str,
        colour: QColor,
        where: str = "",
        nowhere: str = "this has no place on the map",
    ) -> frozenset[Hex]:
        """Outline on the map the hexes of the scenario entry at dotted ``path`` (a finding's,
        a victory condition's, a reinforcement's; :func:`model.places.finding_hexes`), centre
        the view on them and name them in the status bar. Empty when it has no place."""
        document = self.document
        if document is None:
            return frozenset()
        hexes = finding_hexes(document.scenario, document.map, document.overlays, path)
        lead = f"{where}: " if where else ""
        if not hexes:
            self.view.clear_marks()
            self.say(f"{lead}{nowhere}")
            return hexes
        outline = hexes_outline(hexes, HEX_SIZE)
        shade = QColor(colour)
        shade.setAlpha(70)
        self.view.show_marks(outline, QPen(colour, 4.0), QBrush(shade))
        self.view.centre_on(outline.boundingRect())
        names = document.names(sorted(hexes, key=lambda h: (h.q, h.r)))
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        count = f"{len(names)} hex{'es' if len(names) != 1 else ''}: " if not where else ""
        self.say(f"{lead}{count}{shown}")
        return hexes

    def say(self, text: str, error: bool = False) -> None:
        """A message in the status bar (refusals stay until the next message)."""
        self.statusBar().setStyleSheet("color: #a93226" if error else "")
        self.statusBar().showMessage(text, 0 if error else 5000)

    # --- sections -------------------------------------------------------------------------

    def preview_section(self, board_id: str, offset: Hex, flipped: bool, index: int | None) -> None:
        self.say(ghost(self, board_id, offset, flipped, index))

    def _drop_offset(self, board_id: str, h: Hex) -> Hex:
        """The offset that puts a dropped section's middle on the hex under the pointer."""
        assert self.document is not None
        cq, cr = self.document.section(board_id).centroid
        return h - Hex(round(cq), round(cr))

    def _section_dragged(self, board_id: str, h: Hex) -> None:
        if self.document is not None:
            self.preview_section(board_id, self._drop_offset(board_id, h), False, None)

    def _section_dropped(self, board_id: str, h: Hex) -> None:
        if self.document is None:
            return
        reasons = self.document.add_section(board_id, self._drop_offset(board_id, h))
        self.refuse_layout(reasons)
        if not reasons:
            self.say(f"Section {board_id} added")

    def _overlay_dragged(self, overlay_id: str, h: Hex) -> None:
        """A counter dragged from the Overlays panel: its ghost follows, at the chosen turn."""
        if self.overlay_panel.current() is None or self.overlay_panel.current().id != overlay_id:
            self.overlay_panel.choose(overlay_id)
        self.tools["overlay"].preview(h)  # type: ignore[attr-defined]

    def _overlay_dropped(self, overlay_id: str, h: Hex) -> None:
        if self.overlay_panel.current() is None or self.overlay_panel.current().id != overlay_id:
            self.overlay_panel.choose(overlay_id)
        reasons = self.overlay_panel.place_at(h)
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)
        else:
            self.say(f"{overlay_id} placed")

    def _force_dragged(self, payload: str, h: Hex) -> None:
        """A force entry dragged from the Order of Battle: outline the hex it would go on."""
        found = parse_force_payload(payload)
        if self.document is None or found is None:
            return
        if h not in self.document.map:
            self.view.clear_marks()
            self.say("Off the map: drop the units on a hex of the map")
            return
        facing = self.document.default_facing(found[0], h)
        self.view.show_marks(hexes_outline([h], HEX_SIZE), QPen(QColor("#1f4e9c"), 3.0))
        self.say(f"Place on {self.document.map.name(h)}, facing {facing}")

    def _force_dropped(self, payload: str, h: Hex) -> None:
        """A force entry dropped on the map: the whole entry goes on that hex."""
        found = parse_force_payload(payload)
        if self.document is None or found is None:
            return
        side_id, index = found
        reasons = self.document.place_force(side_id, index, h)
        if reasons:
            self._refuse_forces(reasons)
            return
        self.oob_panel.choose_side(side_id)
        self.oob_panel.select_entry(index)
        self.say(f"Placed on {self.document.map.name(h)}: turn it with the facing box")

    def _refuse_forces(self, reasons: list[str]) -> None:
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)

    def delete_selected(self) -> None:
        """Delete: the counter selected in the Overlays panel when placing overlays, else the
        section selected in the Sections panel when arranging sections."""
        if self.tool is self.tools["overlay"] and self.overlay_panel.laid.currentRow() >= 0:
            self.overlay_panel.remove_selected()
        elif self.tool is self.tools["sections"] and self.sections_panel.laid.currentRow() >= 0:
            self.sections_panel.remove_selected()
        else:
            self.say("Select a laid overlay counter or section in its panel to delete it")

    def _show_laid_overlay(self, row: int) -> None:
        """Outline on the map the counter selected in the Overlays panel's list."""
        from model.overlays import place_overlays
        from model.tables import overlays as overlay_catalog

        document = self.document
        if document is None or not 0 <= row < len(document.scenario.map.overlays):
            return
        placement = document.scenario.map.overlays[row]
        laid, _ = place_overlays(
            [placement], overlay_catalog(document.scenario.system), document.map
        )
        if laid.placed:
            outline = hexes_outline(laid.placed[0][1], HEX_SIZE)
            self.view.show_marks(outline, QPen(QColor("#1f4e9c"), 3.0))

    def refuse_layout(self, reasons: list[str]) -> None:
        """Say why a layout edit was refused (nothing when it was made)."""
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)
        self.sections_panel.message.setText("\n".join(reasons))

    def section_menu(self, index: int) -> None:
        """Right-click on a laid section: turn it or take it off."""
        self.sections_panel.select(index)
        menu = QMenu(self)
        menu.addAction("Turn 180°", self.sections_panel.turn_selected)
        menu.addAction("Remove", self.sections_panel.remove_selected)
        menu.popup(QCursor.pos())

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


def is_built_in(path: Path) -> bool:
    """Whether a file is one of Hexwright's built-in scenarios (however the path is written:
    ``tests/../scenarios/...`` is one too), which are never saved over."""
    return path.resolve().is_relative_to(_built_in_folder().resolve())


def _built_in_folder() -> Path:
    return Path(str(resources.files("scenarios")))


def run_editor(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    use_board_library()  # the user's own boards, for scenarios and the board dialogs
    window = MainWindow()
    window.open_file(path or default_scenario_path())
    window.show()
    window.offer_recovery()
    return int(app.exec())
