"""Every menu and toolbar action, declared once as data (napari's action ids).

The main window builds its menus, toolbar and shortcuts from :data:`ACTIONS`; tests and
scripts find an action by its id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

Shortcut = QKeySequence.StandardKey | str | None


@dataclass(frozen=True)
class ActionSpec:
    """One action: its id, title, menu, shortcut and the window method it calls."""

    id: str
    title: str
    menu: str
    method: str
    shortcut: Shortcut = None
    tip: str = ""
    checkable: bool = False
    toolbar: bool = False
    group: str = ""  # checkable actions of one group exclude each other


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "file.new",
        "&New Scenario...",
        "&File",
        "new_scenario",
        QKeySequence.StandardKey.New,
        tip="Start a scenario: choose the game and a layout of its sections",
    ),
    ActionSpec("file.open", "&Open...", "&File", "choose_file", QKeySequence.StandardKey.Open),
    ActionSpec(
        "file.new_board",
        "New &Board...",
        "&File",
        "new_board",
        tip="Draw a board section of your own, from a blank board, for your board library",
    ),
    ActionSpec(
        "file.edit_board_copy",
        "Edit Board &Copy...",
        "&File",
        "edit_board_copy",
        tip="Edit a copy of a board under a new id, for your board library",
    ),
    ActionSpec("file.save", "&Save", "&File", "save", QKeySequence.StandardKey.Save, toolbar=True),
    ActionSpec("file.save_as", "Save &As...", "&File", "save_as", "Ctrl+Shift+S"),
    ActionSpec("file.revert", "&Revert", "&File", "revert", tip="Reload the file from disk"),
    ActionSpec(
        "file.export",
        "&Export Map...",
        "&File",
        "export_map",
        "Ctrl+E",
        tip="Save the map as PNG or SVG",
    ),
    ActionSpec("file.quit", "&Quit", "&File", "close", QKeySequence.StandardKey.Quit),
    ActionSpec(
        "edit.delete",
        "&Delete",
        "&Edit",
        "delete_selected",
        QKeySequence.StandardKey.Delete,
        tip="Take the overlay counter or section selected in its panel off the map",
    ),
    ActionSpec("view.zoom_in", "Zoom &In", "&View", "zoom_in", QKeySequence.StandardKey.ZoomIn),
    ActionSpec("view.zoom_out", "Zoom &Out", "&View", "zoom_out", QKeySequence.StandardKey.ZoomOut),
    ActionSpec("view.fit", "&Fit to Window", "&View", "fit", "Ctrl+0", toolbar=True),
    ActionSpec(
        "view.zones",
        "Show Set-up &Zones",
        "&View",
        "toggle_zones",
        "Z",
        tip="Show where each side sets up and enters: outlines in the side's colour, entry "
        "areas hatched, reinforcements dashed",
        checkable=True,
    ),
    ActionSpec(
        "view.validate",
        "&Validate",
        "&View",
        "validate",
        "F7",
        tip="Check the scenario against its book's rules now: the findings in the Validation panel",
    ),
    ActionSpec(
        "tool.pan",
        "&Pan",
        "&Tools",
        "use_pan",
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
        "use_sections",
        "S",
        "Drag a section to move it (it snaps where the hex grid meshes); right-click to turn "
        "or remove it. Drag new sections from the Sections panel",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.overlay",
        "Place &Overlay",
        "&Tools",
        "use_overlay",
        "O",
        "Lay the overlay counter chosen in the Overlays panel: click to lay it, R or right-click "
        "to turn it",
        checkable=True,
        toolbar=True,
        group="tool",
    ),
    ActionSpec(
        "tool.los",
        "&Line of Sight",
        "&Tools",
        "use_los",
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
        "use_zone_paint",
        "U",
        "Paint the set-up zone of the side chosen in the Scenario panel's Set-up tab: "
        "drag to add hexes, Shift+drag to take them out",
        checkable=True,
        group="tool",
    ),
    ActionSpec(
        "tool.paint",
        "Paint &Terrain",
        "&Tools",
        "use_paint",
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
        "use_elevation",
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
        "use_erase",
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
        "test_play",
        "Ctrl+T",
        "Play the scenario with the rules engine: you, a bot or both at each side; step "
        "through the game, every combat explained, replays saved and opened",
    ),
    ActionSpec(
        "play.balance",
        "&Balance...",
        "&Play",
        "balance",
        "Ctrl+Shift+B",
        "Auto-play the scenario many times: each side's win rate, points, game length, the "
        "victory conditions met and any engine errors",
    ),
)


def build_actions(
    window: QMainWindow, menus: dict[str, QMenu], toolbar: QToolBar
) -> dict[str, QAction]:
    """Create the window's actions from :data:`ACTIONS`, in menus and on the toolbar."""
    from PySide6.QtGui import QActionGroup

    actions: dict[str, QAction] = {}
    groups: dict[str, QActionGroup] = {}
    for spec in ACTIONS:
        action = QAction(spec.title.replace("&", "&"), window)
        action.setObjectName(spec.id)
        if spec.shortcut is not None:
            action.setShortcut(QKeySequence(spec.shortcut))
        if spec.tip:
            action.setToolTip(spec.tip)
            action.setStatusTip(spec.tip)
        action.setCheckable(spec.checkable)
        if spec.group:
            groups.setdefault(spec.group, QActionGroup(window)).addAction(action)
        slot: Callable[[], object] = getattr(window, spec.method)
        action.triggered.connect(lambda _checked=False, slot=slot: slot())
        if spec.menu not in menus:
            menus[spec.menu] = window.menuBar().addMenu(spec.menu)
        menus[spec.menu].addAction(action)
        if spec.toolbar:
            toolbar.addAction(action)
        actions[spec.id] = action
    return actions
