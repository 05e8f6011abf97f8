"""The map view's tools (Tiled's AbstractTool): each takes the mouse on the map and turns it into
document verbs. The view forwards press, move and release to the current tool; a tool draws its
preview (a brush line, a section's ghost, a line of sight) on the view's mark layer.

A tool knows its host (:class:`ToolHost`: the document, the view, the status bar) and the panel
or settings it works with, given when it is made; never the whole window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QCursor, QPainterPath, QPen
from PySide6.QtWidgets import QMenu

from editor.files.document import ScenarioDocument
from editor.mapview.shapes import hexes_outline, section_outline
from editor.mapview.view import HEX_SIZE, MapEvent
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.tables import OverlayType

if TYPE_CHECKING:
    from editor.mapview.overlays import OverlayPanel
    from editor.mapview.sections import SectionsPanel
    from editor.mapview.view import MapView


class ToolHost(Protocol):
    """What a tool needs of where it works: the document, the view, the status bar."""

    @property
    def document(self) -> ScenarioDocument | None: ...

    @property
    def view(self) -> MapView: ...

    def say(self, text: str, error: bool = False) -> None:
        """A line in the status bar (a refusal stays until the next)."""

    def retool(self) -> None:
        """Say again what the current tool does now."""


class Tool:
    """A tool on the map. ``drags_map``: the left button pans instead (the Pan tool)."""

    name = ""
    drags_map = False
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, host: ToolHost) -> None:
        self.host = host

    @property
    def document(self) -> ScenarioDocument | None:
        return self.host.document

    @property
    def view(self) -> MapView:
        return self.host.view

    def label(self) -> str:
        return self.name

    def press(self, event: MapEvent) -> None:
        pass

    def move(self, event: MapEvent, held: bool) -> None:
        pass

    def release(self, event: MapEvent) -> None:
        pass

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        """A key pressed over the map; True when the tool used it."""
        return False

    def take_up(self) -> None:
        """The tool is chosen: what it shows while in hand."""

    def leave(self) -> None:
        """The tool is put down: clear its preview."""
        self.view.clear_marks()

    def pointer_left(self) -> None:
        """The pointer left the map: what follows the pointer goes (a line of sight drawn
        stays)."""

    def say(self, text: str, error: bool = False) -> None:
        self.host.say(text, error)


class PanTool(Tool):
    name = "Pan"
    drags_map = True
    cursor = Qt.CursorShape.OpenHandCursor


MARK = QPen(QColor("#d0302a"), 2.5)
GHOST = QBrush(QColor(40, 140, 60, 70))
GHOST_BAD = QBrush(QColor(200, 50, 40, 60))
GOOD = QPen(QColor("#1f7a34"), 3.0, Qt.PenStyle.DashLine)
BAD = QPen(QColor("#c0392b"), 3.0, Qt.PenStyle.DashLine)


class SectionTool(Tool):
    """Arrange sections: drag a laid section to move it (it snaps to where the grid meshes,
    or goes back with the reason); right-click for Turn 180 degrees and Remove."""

    name = "Arrange sections"
    cursor = Qt.CursorShape.SizeAllCursor

    def __init__(self, host: ToolHost, panel: SectionsPanel) -> None:
        super().__init__(host)
        self.panel = panel
        self._index: int | None = None
        self._grab = Hex(0, 0)
        self._target: Hex | None = None

    def press(self, event: MapEvent) -> None:
        document = self.document
        if document is None or event.hex not in document.map:
            return
        index = document.map.hexes[event.hex].parts[0].placement
        if event.button == Qt.MouseButton.RightButton:
            self.menu(index)
            return
        if event.button == Qt.MouseButton.LeftButton:
            self._index = index
            self._grab = event.hex
            self._target = None
            self.panel.select(index)

    def move(self, event: MapEvent, held: bool) -> None:
        document = self.document
        if document is None or self._index is None or not held:
            return
        placement = document.placements()[self._index]
        offset = placement.offset + (event.hex - self._grab)
        if offset == self._target:
            return
        self._target = offset
        self.say(ghost(self.host, placement.section, offset, placement.flipped, self._index))

    def release(self, event: MapEvent) -> None:
        document = self.document
        index, self._index = self._index, None
        self.view.clear_marks()
        if document is None or index is None or self._target is None:
            return
        self.panel.report(document.move_section(index, self._target))

    def menu(self, index: int) -> None:
        """Right-click on a laid section: turn it or take it off."""
        self.panel.select(index)
        menu = QMenu(self.view)
        menu.addAction("Turn 180°", self.panel.turn_selected)
        menu.addAction("Remove", self.panel.remove_selected)
        menu.popup(QCursor.pos())


def ghost(host: ToolHost, board_id: str, offset: Hex, flipped: bool, index: int | None) -> str:
    """Show where a section would lie: green where it snaps, red where it cannot go. Returns a
    line for the status bar."""
    from model.layout import SectionPlacement

    document = host.document
    assert document is not None
    section = document.section(board_id)
    snapped = document.fitted(board_id, offset, flipped, index)
    placement = snapped or SectionPlacement(board_id, offset, flipped)
    path = QPainterPath()
    path.addPolygon(section_outline(placement, section, HEX_SIZE))
    path.closeSubpath()
    host.view.show_marks(path, GOOD if snapped else BAD, GHOST if snapped else GHOST_BAD)
    if snapped is None:
        return f"Section {board_id} does not mesh with the others here"
    return f"Section {board_id} snaps here"


class OverlayTool(Tool):
    """Lay the overlay counter chosen in the Overlays panel: its ghost follows the pointer
    (green where it may lie, red with the reason where it may not); click to lay it; R or a
    right-click turns it a sixth clockwise, Shift+R anticlockwise. Ctrl+drag a laid counter
    to move it."""

    name = "Place overlay"

    def __init__(self, host: ToolHost, panel: Callable[[], OverlayPanel]) -> None:
        super().__init__(host)
        self._panel = panel  # filled with the document when first asked (editor/lazyfill.py)
        self._at: Hex | None = None
        # A laid counter being moved: its index, type, triangle hex, turn, and the hex grabbed.
        self._moving: tuple[int, OverlayType, Hex, int, Hex] | None = None
        self._target: Hex | None = None

    @property
    def panel(self) -> OverlayPanel:
        """The Overlays panel, showing the open document."""
        return self._panel()

    def label(self) -> str:
        overlay = self.panel.current()
        return f"Place {overlay.id}" if overlay is not None else "Place overlay"

    def press(self, event: MapEvent) -> None:
        if event.button == Qt.MouseButton.RightButton:
            self.panel.turn(1)
            return
        moving = bool(event.modifiers & Qt.KeyboardModifier.ControlModifier)
        if event.button == Qt.MouseButton.LeftButton and moving and self.document is not None:
            found = self.document.overlay_at(event.hex)
            if found is None:
                self.say("No overlay counter here to move", error=True)
                return
            self._moving = (*found, event.hex)
            self._target = found[2]
            self.say(f"Moving {found[1].id}: release where its triangle should lie")
            return
        if event.button == Qt.MouseButton.LeftButton:
            reasons = self.panel.place_at(event.hex)
            if reasons:
                self.say("Refused: " + "; ".join(reasons), error=True)
            else:
                self.say("Overlay placed")
            self.preview(event.hex)

    def move(self, event: MapEvent, held: bool) -> None:
        if self._moving is not None:
            if held:
                index, overlay, triangle, turn, grabbed = self._moving
                self._target = triangle + (event.hex - grabbed)
                self._ghost(overlay, self._target, turn, index)
            return
        if event.hex != self._at:
            self.preview(event.hex)

    def release(self, event: MapEvent) -> None:
        if self._moving is None or self.document is None:
            return
        from editor.mapview.overlays import placement_for

        index, overlay, triangle, turn, _ = self._moving
        self._moving = None
        self.view.clear_marks()
        if self._target is None or self._target == triangle:
            return
        if self._target not in self.document.map:
            self.say("Refused: its triangle hex would be off the map", error=True)
            return
        placement = placement_for(overlay, self._target, turn, self.document.map.name)
        reasons = self.document.move_overlay(index, placement)
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)
        else:
            self.say(f"{overlay.id} moved")

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_R:
            back = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
            self.panel.turn(-1 if back else 1)
            return True
        return False

    def pointer_left(self) -> None:
        """Off the map: the ghost goes, and comes back where the pointer comes back."""
        if self._moving is None:
            self._at = None
            self.view.clear_marks()

    def preview(self, at: Hex | None = None) -> None:
        """Draw the chosen counter's ghost with its triangle on ``at`` (or where it was; none
        when its triangle is off the map or the pointer is away)."""
        self._at = at if at is not None else self._at
        document, panel = self.document, self.panel
        overlay = panel.current()
        if document is None or overlay is None or self._at is None or self._at not in document.map:
            self.view.clear_marks()
            return
        self._ghost(overlay, self._at, panel.rotation, None)

    def _ghost(self, overlay: OverlayType, at: Hex, turn: int, replacing: int | None) -> None:
        """The counter's outline with its triangle on ``at``: green where it may lie, red with
        the reason where not (``replacing``: the index of a laid counter being moved)."""
        from editor.mapview.overlays import placement_for
        from model.overlays import overlay_hexes

        document = self.document
        assert document is not None
        hexes = overlay_hexes(overlay, at, turn)
        off = [h for h in hexes if h not in document.map]
        if off or at not in document.map:
            reasons = [f"{len(off)} of its hexes would hang off the map"]
        else:
            placement = placement_for(overlay, at, turn, document.map.name)
            if replacing is None:
                reasons = document.overlay_problems(placement)
            else:
                reasons = document.overlay_problems(placement, replacing=replacing)
        path = hexes_outline(hexes, HEX_SIZE)
        tri = QPainterPath()
        cx, cy = hex_to_pixel(at, HEX_SIZE)
        r = HEX_SIZE * 0.35
        tri.moveTo(cx, cy - r)
        tri.lineTo(cx + r, cy + r * 0.8)
        tri.lineTo(cx - r, cy + r * 0.8)
        tri.closeSubpath()
        path.addPath(tri)
        self.view.show_marks(path, BAD if reasons else GOOD, GHOST_BAD if reasons else GHOST)
        if reasons:
            self.say("Cannot lie here: " + "; ".join(reasons), error=True)
        else:
            self.say(f"{overlay.id} fits here")
