"""Every menu and toolbar action, declared once as data (napari's action ids).

The main window builds its menus, toolbar and shortcuts from :data:`ACTIONS`; tests and
scripts find an action by its id. Each action runs a callable of the window (typed: a name the
window does not have fails the type check, not the user's click) and may say when it is
enabled, from the document open.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from editor.files.boards import BoardDocument
from editor.files.document import ScenarioDocument

if TYPE_CHECKING:
    from editor.app import MainWindow
    from editor.testplay.panel import TestPlayPanel

#: A key, or several keys for one action (the first is the one menus show).
Shortcut = QKeySequence.StandardKey | str | tuple[str, ...] | None
#: What an action does, given the window.
Run = Callable[["MainWindow"], object]
#: Whether an action can be used with this document open (None: nothing open).
EnabledWhen = Callable[[ScenarioDocument | None], bool]


@dataclass(frozen=True)
class ActionSpec:
    """One action: its id, title, menu, what it runs, its shortcut and tip; checkable actions
    of one ``group`` exclude each other; ``enabled_when`` (None: always); ``checked``: a
    checkable action's state at start."""

    id: str
    title: str
    menu: str
    run: Run
    shortcut: Shortcut = None
    tip: str = ""
    checkable: bool = False
    toolbar: bool = False
    group: str = ""
    enabled_when: EnabledWhen | None = None
    checked: bool = False


def editing_scenario(document: ScenarioDocument | None) -> bool:
    """A scenario is open, not a board: a board is one section with its own terrain, so
    arranging sections, overlay counters and set-up zones belong to scenarios."""
    return not isinstance(document, BoardDocument)


def _toggle_zones(window: MainWindow) -> None:
    window.map_editor.show_zones(window.actions_by_id["view.zones"].isChecked())


def _show_preferences(window: MainWindow) -> None:
    from editor.preferences import show_preferences

    show_preferences(window)


def in_test_play(document: ScenarioDocument | None) -> bool:
    """Test Play's keys: off while editing (test play turns them on while it lasts)."""
    return False


def _test_play_key(verb: Callable[[TestPlayPanel], object]) -> Run:
    """A Test Play key: what it does to the panel, while test play lasts."""

    def run(window: MainWindow) -> None:
        mode = window.test_play_mode
        if mode is None or mode.panel is None:
            window.say("That key works in Test Play (Play > Test Play...)")
            return
        verb(mode.panel)

    return run


def _toggle_section_letters(window: MainWindow) -> None:
    window.map_editor.show_section_letters(window.actions_by_id["view.section_letters"].isChecked())


def _ask_go_to_hex(window: MainWindow) -> None:
    # Help brings the package metadata and the system report: imported when first asked for.
    from editor.help import ask_go_to_hex

    ask_go_to_hex(window)


def _show_guide(window: MainWindow) -> None:
    from editor.help import show_guide

    show_guide(window)


def _show_shortcuts(window: MainWindow) -> None:
    from editor.help import show_shortcuts

    show_shortcuts(window)


def _show_about(window: MainWindow) -> None:
    from editor.help import show_about

    show_about(window)


def _ask_test_play(window: MainWindow) -> None:
    # Test play brings the rules engines: imported when asked for, not before the window shows.
    from editor.testplay.mode import ask_test_play

    ask_test_play(window)


def _ask_test_play_from_position(window: MainWindow) -> None:
    from editor.testplay.mode import ask_test_play_from_position

    ask_test_play_from_position(window)


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "file.new",
        "&New Scenario...",
        "&File",
        lambda w: w.files.new_scenario(),
        QKeySequence.StandardKey.New,
        tip="Start a scenario: choose the game and a layout of its sections",
    ),
    ActionSpec(
        "file.new_generated",
        "New from &Generator...",
        "&File",
        lambda w: w.files.new_from_generator(),
        None,
        "Roll a scenario with its game's own scenario generation, look at it, and open it as a "
        "new scenario",
    ),
    ActionSpec(
        "file.open",
        "&Open...",
        "&File",
        lambda w: w.files.choose_file(),
        QKeySequence.StandardKey.Open,
    ),
    ActionSpec(
        "file.open_built_in",
        "Open &Built-in Scenario...",
        "&File",
        lambda w: w.files.choose_built_in(),
        "Ctrl+Shift+O",
        "Browse the scenarios that come with Hexwright, by game, with their maps",
    ),
    ActionSpec(
        "file.new_board",
        "New &Board...",
        "&File",
        lambda w: w.files.new_board(),
        tip="Draw a board section of your own, from a blank board, for your board library",
    ),
    ActionSpec(
        "file.edit_board_copy",
        "Edit Board &Copy...",
        "&File",
        lambda w: w.files.edit_board_copy(),
        tip="Edit a copy of a board under a new id, for your board library",
    ),
    ActionSpec(
        "file.import_tiled",
        "&Import Board from Tiled...",
        "&File",
        lambda w: w.files.import_tiled_board(),
        tip="Open a Tiled map (.tmx) as a board of your own, to edit and save in your library",
    ),
    ActionSpec(
        "file.save",
        "&Save",
        "&File",
        lambda w: w.files.save(),
        QKeySequence.StandardKey.Save,
        toolbar=True,
    ),
    ActionSpec("file.save_as", "Save &As...", "&File", lambda w: w.files.save_as(), "Ctrl+Shift+S"),
    ActionSpec(
        "file.revert",
        "&Revert",
        "&File",
        lambda w: w.files.revert(),
        tip="Reload the file from disk",
    ),
    ActionSpec(
        "file.export",
        "&Export Map...",
        "&File",
        lambda w: w.files.export_map(),
        "Ctrl+E",
        tip="Save the map as PNG, SVG, a PDF to print at counter scale, or a Tiled map (TMX)",
    ),
    ActionSpec(
        "file.export_card",
        "Export Scenario &Card...",
        "&File",
        lambda w: w.files.export_card(),
        "Ctrl+Shift+E",
        tip="The scenario as a card for the table: map, forces with their values, set-up, "
        "special rules and victory conditions (PDF, A4 or Letter, or HTML)",
    ),
    ActionSpec("file.quit", "&Quit", "&File", lambda w: w.close(), QKeySequence.StandardKey.Quit),
    ActionSpec(
        "edit.delete",
        "&Delete",
        "&Edit",
        lambda w: w.map_editor.delete_selected(),
        QKeySequence.StandardKey.Delete,
        tip="Take the overlay counter or section selected in its panel off the map",
    ),
    ActionSpec(
        "edit.preferences",
        "&Preferences...",
        "&Edit",
        _show_preferences,
        "Ctrl+,",
        "Hex size on screen, counter style, theme and autosave interval, applied as you choose",
    ),
    ActionSpec(
        "view.zoom_in",
        "Zoom &In",
        "&View",
        lambda w: w.view.zoom(1.25),
        QKeySequence.StandardKey.ZoomIn,
    ),
    ActionSpec(
        "view.zoom_out",
        "Zoom &Out",
        "&View",
        lambda w: w.view.zoom(0.8),
        QKeySequence.StandardKey.ZoomOut,
    ),
    ActionSpec(
        "view.fit", "&Fit to Window", "&View", lambda w: w.view.fit(), "Ctrl+0", toolbar=True
    ),
    ActionSpec(
        "view.zones",
        "Show Set-up &Zones",
        "&View",
        _toggle_zones,
        "Z",
        tip="Show where each side sets up and enters: outlines in the side's colour, entry "
        "areas hatched, reinforcements dashed; and the sides' bot plans: objectives numbered, "
        "routes as lines",
        checkable=True,
    ),
    ActionSpec(
        "view.section_letters",
        "Show Section &Letters",
        "&View",
        _toggle_section_letters,
        tip="Each laid section's letter, large and faint at its middle, to find your way on a "
        "geomorphic map",
        checkable=True,
        checked=True,
    ),
    ActionSpec(
        "view.validate",
        "&Validate",
        "&View",
        lambda w: w.validate(),
        "F7",
        tip="Check the scenario against its book's rules now: the findings in the Validation panel",
    ),
    ActionSpec(
        "tool.pan",
        "&Pan",
        "&Tools",
        lambda w: w.use_tool("pan"),
        "H",
        "Drag to move the map",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.sections",
        "Arrange &Sections",
        "&Tools",
        lambda w: w.use_tool("sections"),
        "S",
        "Drag a section to move it (it snaps where the hex grid meshes); right-click to turn "
        "or remove it. Drag new sections from the Sections panel",
        checkable=True,
        toolbar=True,
        group="tool",
        enabled_when=editing_scenario,
    ),
    ActionSpec(
        "tool.overlay",
        "Place &Overlay",
        "&Tools",
        lambda w: w.use_tool("overlay"),
        "O",
        "Lay the overlay counter chosen in the Overlays panel: click to lay it, R or right-click "
        "to turn it",
        checkable=True,
        toolbar=True,
        group="tool",
        enabled_when=editing_scenario,
    ),
    ActionSpec(
        "tool.los",
        "&Line of Sight",
        "&Tools",
        lambda w: w.use_tool("los"),
        "V",
        "Click an observer's hex, then a target's: the line, whether it is clear or blocked, "
        "by what, and the rule",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.zone",
        "Paint Set-&up Zone",
        "&Tools",
        lambda w: w.use_tool("zone"),
        "U",
        "Paint the set-up zone of the side chosen in the Scenario panel's Set-up tab: "
        "drag to add hexes, Shift+drag to take them out",
        checkable=True,
        group="tool",
        enabled_when=editing_scenario,
    ),
    ActionSpec(
        "tool.paint",
        "Paint &Terrain",
        "&Tools",
        lambda w: w.use_tool("paint"),
        "B",
        "Click or drag to paint the terrain chosen in the Terrain panel",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.elevation",
        "Set E&levation",
        "&Tools",
        lambda w: w.use_tool("elevation"),
        "L",
        "Click or drag to set hexes to the level chosen in the toolbar",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.erase",
        "&Erase Terrain",
        "&Tools",
        lambda w: w.use_tool("erase"),
        "E",
        "Click or drag to bring hexes back to the board's printed terrain",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "play.test_play",
        "&Test Play...",
        "&Play",
        _ask_test_play,
        "Ctrl+T",
        "Play the scenario with the rules engine: you, a bot or both at each side; step "
        "through the game, every combat explained, replays saved and opened",
    ),
    ActionSpec(
        "play.test_play_position",
        "Test Play from &Position...",
        "&Play",
        _ask_test_play_from_position,
        None,
        "Test-play the scenario from a position file (saved in Test Play, or written by "
        "'hexwright position') instead of its set-up",
    ),
    ActionSpec(
        "view.reset_layout",
        "&Reset Layout",
        "&View",
        lambda w: w.reset_layout(),
        None,
        "Put the panels and the window's size back as Hexwright first shows them",
    ),
    ActionSpec(
        "view.go_to_hex",
        "&Go to Hex...",
        "&View",
        _ask_go_to_hex,
        "Ctrl+G",
        "Centre the map on a hex by its printed name (K1417, a seam's J1512)",
    ),
    ActionSpec(
        "help.guide",
        "&User Guide",
        "&Help",
        _show_guide,
        "Shift+F1",
        "A short manual: making a map, forces, set-up and victory, checking and sharing",
    ),
    ActionSpec(
        "help.shortcuts",
        "&Keyboard Shortcuts",
        "&Help",
        _show_shortcuts,
        "F1",
        "Every keyboard shortcut of the editor, by menu",
    ),
    ActionSpec(
        "help.about",
        "&About Hexwright",
        "&Help",
        _show_about,
        None,
        "Hexwright's version, the libraries it runs on, and where its game data come from",
    ),
    ActionSpec(
        "help.log_folder",
        "Open &Log Folder",
        "&Help",
        lambda w: w.open_log_folder(),
        None,
        "Open the folder of Hexwright's log: the warnings and errors it told you of in passing",
    ),
    ActionSpec(
        "play.balance",
        "&Balance...",
        "&Play",
        lambda w: w.balance(),
        "Ctrl+Shift+B",
        "Auto-play the scenario many times: each side's win rate, points, game length, the "
        "victory conditions met and any engine errors",
    ),
    ActionSpec(
        "play.next_unit",
        "&Next Unit",
        "&Play",
        _test_play_key(lambda p: p.step_unit(1)),
        "N",
        "Test Play: select the next of your units that has a choice",
        enabled_when=in_test_play,
    ),
    ActionSpec(
        "play.previous_unit",
        "Pre&vious Unit",
        "&Play",
        _test_play_key(lambda p: p.step_unit(-1)),
        "P",
        "Test Play: select the previous of your units that has a choice",
        enabled_when=in_test_play,
    ),
    ActionSpec(
        "play.done",
        "&Done",
        "&Play",
        _test_play_key(lambda p: p.done()),
        ("Ctrl+Return", "Ctrl+Enter"),
        "Test Play: Done, for the side you play (the button under the list)",
        enabled_when=in_test_play,
    ),
    ActionSpec(
        "play.back",
        "Step &Back",
        "&Play",
        _test_play_key(lambda p: p.back()),
        ("Backspace", "Ctrl+Z"),
        "Test Play: step back one action (editing's Undo is off while test play lasts)",
        enabled_when=in_test_play,
    ),
    ActionSpec(
        "play.clear_selection",
        "&Clear Selection",
        "&Play",
        _test_play_key(lambda p: p.clear_selection()),
        "Escape",
        "Test Play: select no unit (its choices leave the map)",
        enabled_when=in_test_play,
    ),
)

#: The actions test play turns on while it lasts.
TEST_PLAY_KEYS = tuple(spec.id for spec in ACTIONS if spec.enabled_when is in_test_play)


def build_actions(
    window: MainWindow, menus: dict[str, QMenu], toolbar: QToolBar
) -> dict[str, QAction]:
    """Create the window's actions from :data:`ACTIONS`, in menus and on the toolbar."""
    actions: dict[str, QAction] = {}
    groups: dict[str, QActionGroup] = {}
    for spec in ACTIONS:
        action = QAction(spec.title, window)
        action.setObjectName(spec.id)
        if isinstance(spec.shortcut, tuple):
            action.setShortcuts([QKeySequence(key) for key in spec.shortcut])
        elif spec.shortcut is not None:
            action.setShortcut(QKeySequence(spec.shortcut))
        if spec.enabled_when is not None:
            action.setEnabled(spec.enabled_when(None))
        if spec.tip:
            action.setToolTip(spec.tip)
            action.setStatusTip(spec.tip)
        action.setCheckable(spec.checkable)
        action.setChecked(spec.checked)
        if spec.group:
            groups.setdefault(spec.group, QActionGroup(window)).addAction(action)
        action.triggered.connect(lambda _checked=False, run=spec.run: run(window))
        if spec.menu not in menus:
            menus[spec.menu] = window.menuBar().addMenu(spec.menu)
        menus[spec.menu].addAction(action)
        if spec.toolbar:
            toolbar.addAction(action)
        actions[spec.id] = action
    return actions


def update_enabled(actions: Mapping[str, QAction], document: ScenarioDocument | None) -> None:
    """Enable each action that says when, for the document open."""
    for spec in ACTIONS:
        if spec.enabled_when is not None:
            actions[spec.id].setEnabled(spec.enabled_when(document))
