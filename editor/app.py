"""The editor window: a thin shell that assembles the rooms' docks, actions and menus, and
routes between them.

The rooms do the work: :class:`~editor.files.controller.FileController` opens and saves the
document, :class:`~editor.mapview.map_editor.MapEditor` shows its map and holds the tools, and
each panel follows the document itself. Every edit goes through the
:class:`~editor.files.document.ScenarioDocument` (undoable). Menus, shortcuts and the toolbar
come from :mod:`editor.actions`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QByteArray, QMimeData, QSize, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QUndoView,
    QWidget,
)

from editor import crash
from editor.actions import build_actions, update_enabled
from editor.collector import GuiThreadCollector
from editor.files.boards import BoardDocument
from editor.files.changes import Change
from editor.files.controller import FileController
from editor.files.document import ScenarioDocument
from editor.files.recent import default_scenario_path, settings
from editor.lazyfill import ShownFill
from editor.logs import log_dir, log_file, start_logging
from editor.mapview.brushes import BrushBar
from editor.mapview.inspector import InspectorPanel
from editor.mapview.los import LosPanel
from editor.mapview.map_editor import MapEditor, MapPanels, StatusLine
from editor.mapview.minimap import Minimap
from editor.mapview.overlays import OverlayPanel
from editor.mapview.sections import SectionsPanel
from editor.mapview.terrain_options import TerrainOptionsPanel
from editor.mapview.tools import Tool
from editor.mapview.view import MapView
from editor.preferences import Preferences, apply_preferences, load_preferences, show_hex_size
from editor.scenario.validation import ValidationPanel
from editor.scrolling import scrolled
from model.boardedit import use_board_library
from model.edits_check import warm_up_for_edits

if TYPE_CHECKING:  # test play and balance bring the rules engines: imported when first used
    from editor.forces.budget_panel import BudgetPanel
    from editor.forces.oob_panel import OrderOfBattlePanel
    from editor.scenario.dock import RulesPanel
    from editor.testplay.mode import TestPlayMode


class _Follows(Protocol):
    def set_document(self, document: ScenarioDocument | None) -> None: ...


LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
#: The tools only a scenario has: a board is one section with its own terrain.
SCENARIO_TOOLS = ("sections", "overlay", "zone")


#: The window's first size (then the user's, kept within the screen).
DEFAULT_SIZE = QSize(1280, 860)
#: After a map's first paint, when the model is made ready for edits (before the checks' run,
#: ValidationPanel.DEBOUNCE_MS after it).
WARM_UP_MS = 100


class MainWindow(QMainWindow):
    """The editor's main window."""

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptDrops(True)  # a scenario file dropped on the window opens
        self.setWindowTitle("Hexwright")
        self.resize(DEFAULT_SIZE)
        self.view: MapView = MapView(self)
        self.setCentralWidget(self.view)
        self.hex_label = QLabel("")
        self.tool_label = QLabel("")
        self.tool_label.setMinimumWidth(220)
        self.tool_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.statusBar().addPermanentWidget(self.tool_label)
        self.statusBar().addPermanentWidget(self.hex_label)
        self.toolbar = self.addToolBar("Tools")
        self.toolbar.setObjectName("tools")
        self.menus: dict[str, QMenu] = {}
        self.actions_by_id = build_actions(self, self.menus, self.toolbar)
        self.test_play_mode: TestPlayMode | None = None
        #: Edit > Preferences, as applied (the application loads the saved ones; a window
        #: made by a test starts from the defaults).
        self.preferences = Preferences()
        brushes = BrushBar(self.toolbar)
        self.menus["&Tools"].addSection("Brush shape")
        self.menus["&Tools"].addActions(brushes.menu_actions())
        self._docks(brushes)
        self.map_editor: MapEditor = MapEditor(
            self.view,
            brushes,
            MapPanels(
                self.sections_panel,
                self._overlay_fill,
                self.los_panel,
                self.inspector,
                self._oob_fill,
                self._rules_fill,
            ),
            StatusLine(self.say, self.tool_label, self.hex_label),
            self._show_setup,
        )
        self.map_editor.tool_changed.connect(self._tool_chosen)
        self.map_editor.zones_toggled.connect(self.actions_by_id["view.zones"].setChecked)
        self.files: FileController = FileController(self, self.map_editor.painter)
        self.files.installed.connect(self._install)
        self.menus["&File"].insertMenu(self.actions_by_id["file.save"], self.files.recent.menu)
        self.map_editor.use("pan")
        #: The docks as built, for View > Reset Layout.
        self._default_state = self.saveState()
        #: Keep the window's size and docks between sessions (the application sets it; a
        #: window made by a test leaves the user's settings alone).
        self.remember_layout = False

    # --- the window's layout, remembered ----------------------------------------------------

    def restore_layout(self) -> None:
        """The size, place and docks the user left the window in, kept within the screen."""
        self.remember_layout = True
        store = settings()
        geometry, state = store.value("window/geometry"), store.value("window/state")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(QByteArray(geometry))
        if isinstance(state, QByteArray | bytes):
            self.restoreState(QByteArray(state))
        self.fit_to_screen()

    def save_layout(self) -> None:
        store = settings()
        store.setValue("window/geometry", self.saveGeometry())
        store.setValue("window/state", self.saveState())
        store.sync()

    def reset_layout(self) -> None:
        """View > Reset Layout: the docks and size as Hexwright first shows them."""
        self.restoreState(self._default_state)
        self.resize(DEFAULT_SIZE)
        self.fit_to_screen()
        self.say("The window's layout is as it was first")

    def fit_to_screen(self) -> None:
        """No larger than the screen's free area (at 150% scaling the default size is more
        than a laptop's screen: docks and status bar were cut off), and on it."""
        screen = self.screen() or QApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        width = min(self.width(), int(area.width() * 0.95))
        height = min(self.height(), int(area.height() * 0.92))
        if (width, height) != (self.width(), self.height()):
            self.resize(width, height)
            # The docks keep their share, not their width: the map stays the widest part.
            left = self.findChild(QDockWidget, "sections")
            right = self.findChild(QDockWidget, "terrain")
            if left is not None and right is not None:
                shares = [min(440, int(width * 0.27)), min(330, int(width * 0.24))]
                self.resizeDocks([left, right], shares, Qt.Orientation.Horizontal)
        frame = self.frameGeometry()
        if not area.contains(frame):
            frame.moveCenter(area.center())
            self.move(frame.topLeft())

    # --- panels ---------------------------------------------------------------------------

    def _dock(
        self, title: str, name: str, widget: QWidget | None, area: Qt.DockWidgetArea | None = None
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        if widget is not None:  # else its ShownFill gives it one (editor/lazyfill.py)
            dock.setWidget(widget)
        if area is not None:
            self.addDockWidget(area, dock)
        return dock

    def _docks(self, brushes: BrushBar) -> None:
        self.minimap = Minimap(self.view)  # first on the right: above the palettes
        overview = self._dock("Overview", "overview", self.minimap, RIGHT)
        self.undo_view = QUndoView()
        self.undo_view.setEmptyLabel("Opened")
        history = self._dock("History", "history", self.undo_view, RIGHT)
        terrain = self._dock("Terrain", "terrain", brushes.terrain_list, RIGHT)
        self.sections_panel = SectionsPanel()
        sections = self._dock("Sections", "sections", scrolled(self.sections_panel), LEFT)
        self.sections_dock = sections
        # The docks behind others' tabs at first (Order of Battle, Budget, Scenario, Overlays)
        # are filled with the document when first seen or asked for (editor/lazyfill.py).
        # (made then too: Order of Battle, Budget and Scenario, their modules imported then).
        oob = self._dock("Order of Battle", "order_of_battle", None, LEFT)
        self._oob_fill: ShownFill[OrderOfBattlePanel] = ShownFill(
            oob, self._make_oob, _set_document, scrolled
        )
        self.tabifyDockWidget(sections, oob)
        self.budget_dock = self._dock("Budget", "budget", None, LEFT)
        self._budget_fill: ShownFill[BudgetPanel] = ShownFill(
            self.budget_dock, self._make_budget, _set_document, scrolled
        )
        self.tabifyDockWidget(oob, self.budget_dock)
        self.oob_dock = oob
        overlays = self._dock("Overlays", "overlays", None, RIGHT)
        self._overlay_fill = ShownFill(overlays, OverlayPanel, self._fill_overlays, scrolled)
        self.options_panel = TerrainOptionsPanel()  # scrolled: a game may offer many options
        options = self._dock(
            "Terrain Options", "terrain_options", scrolled(self.options_panel), RIGHT
        )
        self.los_panel = LosPanel()
        los = self._dock("Line of Sight", "los", self.los_panel.with_options())
        los.visibilityChanged.connect(self.los_panel.heights.seen)
        self.inspector = InspectorPanel()
        inspector = self._dock("Inspector", "inspector", self.inspector, RIGHT)
        self.validation_panel = ValidationPanel(self)
        # The checks' first run (a worker thread sharing the interpreter) after the map's
        # first paint: the window's start does not wait for it.
        self.validation_panel.hold_until(self.view.map_painted)
        # Edits validate the scenario again (model.edits_check), whose model's validator is
        # built on first use: a file read from the kept cache (model.datacache) leaves it
        # unbuilt, and the first brush step waited for it (60 ms). Built just after the first
        # paint, before the checks start, while the designer takes in the map.
        self.view.map_painted.connect(lambda: QTimer.singleShot(WARM_UP_MS, warm_up_for_edits))
        validation = self._dock("Validation", "validation", self.validation_panel)
        self.rules_dock = self._dock("Scenario", "scenario_rules", None, LEFT)
        self._rules_fill = ShownFill(self.rules_dock, self._make_rules, _set_document)
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
        #: The panels filled when first seen or asked for, by their dock's object name.
        self.lazy_docks: dict[str, ShownFill[Any]] = {
            "order_of_battle": self._oob_fill,
            "budget": self._budget_fill,
            "scenario_rules": self._rules_fill,
            "overlays": self._overlay_fill,
        }
        self.resizeDocks([overview, terrain, inspector], [190, 330, 330], Qt.Orientation.Vertical)
        self.resizeDocks([sections, terrain], [440, 330], Qt.Orientation.Horizontal)
        self.los_dock = los
        self.overview_dock = overview
        self.validation_dock = validation
        #: The dock each tool works with, brought to the front when the tool is taken up.
        self._tool_docks = {"paint": terrain, "overlay": overlays, "los": los}
        view_menu = self.menus["&View"]
        view_menu.addSeparator()
        shown = (sections, oob, self.budget_dock, options, overlays, los, history, validation)
        for dock in (*shown, self.rules_dock, terrain, inspector, overview):
            view_menu.addAction(dock.toggleViewAction())

    # --- the panels filled when first seen (editor/lazyfill.py) -----------------------------

    @property
    def oob_panel(self) -> OrderOfBattlePanel:
        """The Order of Battle panel, showing the open document."""
        return self._oob_fill.panel()

    @property
    def budget_panel(self) -> BudgetPanel:
        """The Budget panel, showing the open document."""
        return self._budget_fill.panel()

    @property
    def rules_panel(self) -> RulesPanel:
        """The Scenario dock's panel, showing the open document."""
        return self._rules_fill.panel()

    @property
    def overlay_panel(self) -> OverlayPanel:
        """The Overlays panel, showing the open document."""
        return self._overlay_fill.panel()

    def _make_oob(self) -> OrderOfBattlePanel:
        from editor.forces.oob_panel import OrderOfBattlePanel

        panel = OrderOfBattlePanel()
        panel.refused.connect(self._refuse)
        panel.side_box.currentIndexChanged.connect(  # the Budget follows the OOB's side
            lambda *_: self.budget_panel.choose_side(panel.side_id())
        )
        return panel

    def _make_budget(self) -> BudgetPanel:
        from editor.forces.budget_panel import BudgetPanel

        panel = BudgetPanel()
        panel.refused.connect(self._refuse)
        return panel

    def _make_rules(self) -> RulesPanel:
        from editor.scenario.dock import RulesPanel

        return RulesPanel(self)

    def _fill_overlays(self, panel: OverlayPanel, document: ScenarioDocument | None) -> None:
        panel.set_document(document)
        # A board has no overlay counters (they belong to scenarios), nor a game without any.
        panel.setEnabled(not isinstance(document, BoardDocument) and panel.usable)

    # --- routes between the rooms -----------------------------------------------------------

    @property
    def document(self) -> ScenarioDocument | None:
        """The document open in the window (the File room keeps it)."""
        return self.files.document

    @property
    def tool(self) -> Tool:
        """The map's tool in hand."""
        return self.map_editor.tool

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario file (File > Open, a recent file, the command line)."""
        return self.files.open_file(path)

    def use_tool(self, name: str) -> None:
        """Tools menu: take up a tool of the map."""
        self.map_editor.use(name)

    def _tool_chosen(self, name: str) -> None:
        """A tool was taken up: its action checked, the dock it works with at the front."""
        self.actions_by_id[f"tool.{name}"].setChecked(True)
        dock = self._tool_docks.get(name)
        if dock is not None:
            dock.raise_()

    def retool(self) -> None:
        self.map_editor.retool()

    def _show_setup(self) -> None:
        """The Scenario dock's Set-up tab at the front (the zone tool paints for its side)."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_panel.show_setup()

    def validate(self) -> None:
        """Show the Validation panel and check the scenario at once."""
        self.validation_dock.show()
        self.validation_dock.raise_()
        self.validation_panel.release()
        self.validation_panel.run_now()
        self.validation_panel.balance_line.start()  # and a short auto-played batch

    def open_log_folder(self) -> bool:
        """Help > Open Log Folder: the folder of the log file, in the system's file manager."""
        folder = log_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self.say(f"Cannot make the log folder {folder}: {exc.strerror or exc}")
            return False
        opened = QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
        self.say(f"The log is {log_file()}" + ("" if opened else " (no file manager to open)"))
        return bool(opened)

    def balance(self) -> None:
        """Open the Balance dialog on the open scenario."""
        from editor.balance.dialog import show_balance

        show_balance(self)

    def autosave_now(self) -> None:
        """Write the document's recovery copy now, if it has unsaved changes (a bug was hit:
        :mod:`editor.crash`)."""
        if self.files.autosaver is not None:
            self.files.autosaver.autosave()

    def keep_game(self) -> Path | None:
        """The test game being played written as a replay in the log folder (a bug was hit:
        :mod:`editor.crash`), so that it can be played again up to the bug; None when no game
        is being played or its replay cannot be written (a game from a position has none)."""
        from rules.engine.errors import RulesError

        mode = self.test_play_mode
        if mode is None or mode.session is None:
            return None
        path = log_dir() / f"bug-{time.strftime('%Y%m%d-%H%M%S')}.replay.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            mode.session.save_replay(path)
        except (OSError, RulesError):
            return None
        return path

    def say(self, text: str, error: bool = False) -> None:
        """A message in the status bar (refusals stay until the next message)."""
        self.statusBar().setStyleSheet("color: #a93226" if error else "")
        self.statusBar().showMessage(text, 0 if error else 5000)

    def _refuse(self, reasons: list[str]) -> None:
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)

    # --- the document -----------------------------------------------------------------------

    def _install(self, document: ScenarioDocument) -> None:
        """Another document is open: every room follows it."""
        document.changed.connect(self._on_changed)
        document.file_changed.connect(self._retitle)
        self.undo_view.setStack(document.undo_stack)
        self._undo_actions(document)
        self.map_editor.set_document(document)  # first: a new map clears what panels mark
        if self.preferences.hex_pixels:  # the zoom a map opens at (Edit > Preferences)
            show_hex_size(self.view, self.preferences.hex_pixels, centre_map=True)
        for panel in (self.sections_panel, self.options_panel, self.validation_panel):
            panel.set_document(document)
        for fill in (self._oob_fill, self._budget_fill, self._rules_fill, self._overlay_fill):
            fill.set_document(document)  # now if on screen, else when first seen
        # A board is one section with its own terrain: layouts and scenario terrain options
        # belong to scenarios (and overlay counters: _fill_overlays).
        board = isinstance(document, BoardDocument)
        for panel in (self.sections_panel, self.options_panel):
            panel.setEnabled(not board)
        update_enabled(self.actions_by_id, document)
        if board and self.tool in [self.map_editor.tools[n] for n in SCENARIO_TOOLS]:
            self.actions_by_id["tool.pan"].trigger()
        self._retitle()
        scenario = document.scenario
        what = (
            f"board {document.placements()[0].section}" if board else scenario.system.display_name
        )
        self.statusBar().showMessage(f"{what}: {len(document.map)} hexes", 5000)

    def _on_changed(self, change: Change) -> None:
        if change & Change.DETAILS:  # the title is one of the details
            self._retitle()

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
        if first is None:
            menu.addActions([undo, redo])
        else:
            menu.insertActions(first, [undo, redo])
            if not first.isSeparator():
                menu.insertSeparator(first)
        self.actions_by_id["edit.undo"] = undo
        self.actions_by_id["edit.redo"] = redo

    def _retitle(self) -> None:
        d = self.document
        if d is not None:
            name = d.path.name if d.path else "untitled"
            # Qt shows '[*]' as '*' while the window is modified, the platform's way.
            self.setWindowTitle(f"{name}[*] - {d.scenario.title} - Hexwright")
            self.setWindowModified(d.modified)

    # --- a file dropped on the window opens ---------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt API
        if dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt API
        if dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt API
        path = dropped_file(event.mimeData())
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.open_file(path)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if self.files.may_close():
            if self.remember_layout:
                self.save_layout()
            balance = sys.modules.get("editor.balance.run")  # none ran if it was never loaded
            if balance is not None:
                for run in self.findChildren(balance.BalanceRun):  # no reports to a closed window
                    run.shutdown()
            event.accept()
        else:
            event.ignore()


def _set_document(panel: _Follows, document: ScenarioDocument | None) -> None:
    panel.set_document(document)


def dropped_file(mime: QMimeData) -> Path | None:
    """The scenario file a drag carries (the first local ``.yaml``/``.yml``), or None."""
    for url in mime.urls() if mime.hasUrls() else []:
        path = Path(url.toLocalFile()) if url.isLocalFile() else None
        if path is not None and path.suffix.lower() in (".yaml", ".yml") and path.is_file():
            return path
    return None


def run_editor(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    collector = GuiThreadCollector(app)  # Qt objects die on the GUI thread: editor/collector.py
    app.aboutToQuit.connect(collector.uninstall)
    start_logging()
    use_board_library()  # the user's own boards, for scenarios and the board dialogs
    window = MainWindow()
    crash.install(window)  # an error nobody caught: told, logged, the work kept
    apply_preferences(window, load_preferences())
    window.restore_layout()
    window.open_file(path or default_scenario_path())
    window.show()
    window.files.offer_recovery()
    return int(app.exec())
