"""Things dragged from the panels onto the map: a section from the Sections panel, an overlay
counter from the Overlays panel, a force entry from the Order of Battle. While one is dragged
its ghost or its hex shows where it would go; dropped, it becomes the document's verb."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QPen

from editor.forces.force_list import parse_force_payload
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import OverlayTool, ghost
from editor.mapview.view import HEX_SIZE
from model.errors import EditError
from model.hexes import Hex

if TYPE_CHECKING:
    from editor.mapview.map_editor import MapEditor

#: The outline of the hex a dragged force entry would go on.
FORCE_MARK = QPen(QColor("#1f4e9c"), 3.0)


class MapDrops:
    """Follows the map view's drags and drops for its map editor."""

    def __init__(self, editor: MapEditor) -> None:
        self.editor = editor
        view = editor.view
        view.section_dragged.connect(self._section_dragged)
        view.section_dropped.connect(self._section_dropped)
        view.overlay_dragged.connect(self._overlay_dragged)
        view.overlay_dropped.connect(self._overlay_dropped)
        view.force_dragged.connect(self._force_dragged)
        view.force_dropped.connect(self._force_dropped)
        view.drag_left.connect(self._drag_left)

    def _drag_left(self) -> None:
        """The dragged thing left the map: its ghost goes (the view cleared it) and is not
        drawn again where it was last."""
        self.editor.say("")
        tool = self.editor.tools["overlay"]
        assert isinstance(tool, OverlayTool)
        tool.pointer_left()

    def _refuse(self, reasons: list[str]) -> None:
        self.editor.say("Refused: " + "; ".join(reasons), error=True)

    # --- sections ---------------------------------------------------------------------------

    def _drop_offset(self, board_id: str, h: Hex) -> Hex:
        """The offset that puts a dropped section's middle on the hex under the pointer."""
        document = self.editor.document
        assert document is not None
        cq, cr = document.section(board_id).centroid
        return h - Hex(round(cq), round(cr))

    def _section_dragged(self, board_id: str, h: Hex) -> None:
        if self.editor.document is not None:
            try:
                offset = self._drop_offset(board_id, h)
                self.editor.say(ghost(self.editor, board_id, offset, False, None))
            except EditError as exc:  # a board of the user's library that cannot be read
                self._refuse(exc.reasons)

    def _section_dropped(self, board_id: str, h: Hex) -> None:
        document = self.editor.document
        if document is None:
            return
        try:
            offset = self._drop_offset(board_id, h)
        except EditError as exc:
            self.editor.panels.sections.report(exc.reasons)
            return
        reasons = document.add_section(board_id, offset)
        self.editor.panels.sections.report(reasons)
        if not reasons:
            self.editor.say(f"Section {board_id} added")

    # --- overlay counters -------------------------------------------------------------------

    def _choose_overlay(self, overlay_id: str) -> None:
        panel = self.editor.panels.overlays
        current = panel.current()
        if current is None or current.id != overlay_id:
            panel.choose(overlay_id)

    def _overlay_dragged(self, overlay_id: str, h: Hex) -> None:
        """A counter dragged from the Overlays panel: its ghost follows, at the chosen turn."""
        self._choose_overlay(overlay_id)
        tool = self.editor.tools["overlay"]
        assert isinstance(tool, OverlayTool)
        tool.preview(h)

    def _overlay_dropped(self, overlay_id: str, h: Hex) -> None:
        self._choose_overlay(overlay_id)
        reasons = self.editor.panels.overlays.place_at(h)
        if reasons:
            self._refuse(reasons)
        else:
            self.editor.say(f"{overlay_id} placed")

    # --- force entries ----------------------------------------------------------------------

    def _force_dragged(self, payload: str, h: Hex) -> None:
        """A force entry dragged from the Order of Battle: outline the hex it would go on."""
        found, document, view = parse_force_payload(payload), self.editor.document, self.editor.view
        if document is None or found is None:
            return
        if h not in document.map:
            view.clear_marks()
            self.editor.say("Off the map: drop the units on a hex of the map")
            return
        facing = document.default_facing(found[0], h)
        view.show_marks(hexes_outline([h], HEX_SIZE), FORCE_MARK)
        self.editor.say(f"Place on {document.map.name(h)}, facing {facing}")

    def _force_dropped(self, payload: str, h: Hex) -> None:
        """A force entry dropped on the map: the whole entry goes on that hex."""
        found, document = parse_force_payload(payload), self.editor.document
        if document is None or found is None:
            return
        side_id, index = found
        reasons = document.place_force(side_id, index, h)
        if reasons:
            self._refuse(reasons)
            return
        orders = self.editor.panels.orders
        orders.choose_side(side_id)
        orders.select_entry(index)
        self.editor.say(f"Placed on {document.map.name(h)}: turn it with the facing box")
