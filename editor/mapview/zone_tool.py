"""The Paint Set-up Zone tool (U): paint the set-up zone of the side chosen in the Scenario
Rules panel's Set-up tab hex by hex.

Drag to add hexes, Shift+drag to take them out; each stroke is one undo step (a macro of the
document's edits, opened at the first hex that changes). The zone is kept as a list of hexes
(:func:`model.edits_setup.paint_setup`); a zone given as a rule ("east of hexrow 3700,
inclusive") is turned into its hexes by the first stroke, after the designer agrees, since the
rule's words are lost. While the tool is in hand the set-up zones are shown on the map.

Each hex painted costs about 35-50 ms on Armor 1A, most of it the zone layer working out the
other side's edge area again (``model.edges.map_edges``, not cached per map).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QMessageBox

from editor.files.changes import Change
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import Tool, ToolHost
from editor.mapview.view import HEX_SIZE, MapEvent
from model import edits_setup
from model.errors import EditError
from model.hexes import Hex
from model.region_text import describe_region

if TYPE_CHECKING:
    from editor.scenario.setup_editor import SetupPage

ADD = QPen(QColor("#1f7a34"), 2.5)
REMOVE = QPen(QColor("#c0392b"), 2.5)
ADD_FILL = QBrush(QColor(40, 140, 60, 60))
REMOVE_FILL = QBrush(QColor(200, 50, 40, 60))


class ZoneSwitch(Protocol):
    """View > Show Set-up Zones, which the tool turns on while it is in hand."""

    def zones_shown(self) -> bool: ...

    def show_zones(self, on: bool) -> None: ...


class ZoneTool(Tool):
    """Add hexes to (drag) or take them out of (Shift+drag) a side's set-up zone."""

    name = "Paint set-up zone"

    def __init__(
        self,
        host: ToolHost,
        zones: ZoneSwitch,
        setup: Callable[[], SetupPage],
        show_setup: Callable[[], None],
    ) -> None:
        super().__init__(host)
        self.zones = zones
        self._setup = setup  # filled with the document when first asked (editor/lazyfill.py)
        self.show_setup = show_setup  # bring the Set-up tab to the front
        self._removing = False
        self._open = False  # a stroke's undo macro is open
        self._stroking = False
        self._done: set[Hex] = set()
        self._zones_were_shown = True
        self._in_hand = False

    # --- the side ----------------------------------------------------------------------------

    @property
    def setup(self) -> SetupPage:
        """The Set-up tab, showing the open document: the side whose zone is painted."""
        return self._setup()

    def side_id(self) -> str | None:
        """The side chosen in the Set-up tab."""
        return self.setup.side_id()

    def _side_name(self) -> str:
        document, side_id = self.document, self.side_id()
        if document is None or side_id is None:
            return ""
        side = document.scenario.side(side_id)
        return side.name or side.id

    def label(self) -> str:
        who = self._side_name()
        return f"Paint {who} set-up zone (Shift: take out)" if who else "Paint set-up zone"

    # --- taking the tool up and putting it down -----------------------------------------------

    def take_up(self) -> None:
        """Show the set-up zones while the tool is in hand (and the Set-up tab)."""
        if not self._in_hand:  # taken up again while in hand: keep what was shown before
            self._zones_were_shown = self.zones.zones_shown()
        self._in_hand = True
        if not self.zones.zones_shown():
            self.zones.show_zones(True)
        self.show_setup()

    def leave(self) -> None:
        self._close_stroke()
        super().leave()
        if not self._zones_were_shown and self.zones.zones_shown():
            self.zones.show_zones(False)
        self._zones_were_shown = True
        self._in_hand = False

    # --- the mouse ------------------------------------------------------------------------------

    def press(self, event: MapEvent) -> None:
        document, side = self.document, self.side_id()
        if document is None or side is None or event.button != Qt.MouseButton.LeftButton:
            return
        self._removing = bool(event.modifiers & Qt.KeyboardModifier.ShiftModifier)
        self._done = set()
        if not self._ready(side):
            return
        self._stroking = True
        self._paint(event.hex)

    def move(self, event: MapEvent, held: bool) -> None:
        if held and self._stroking:
            self._paint(event.hex)
        else:
            self._hover(event)

    def release(self, event: MapEvent) -> None:
        self._stroking = False
        self._close_stroke()

    def ask(self, text: str) -> bool:
        """A yes-or-no question to the designer (tests answer it themselves)."""
        answer = QMessageBox.question(
            self.view.window(),
            "Paint the set-up zone",
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    # --- painting -------------------------------------------------------------------------------

    def _ready(self, side_id: str) -> bool:
        """True when the side's zone can be painted: a hex set, or none yet; a rule is turned
        into its hexes once the designer agrees (the first step of the stroke)."""
        document = self.document
        assert document is not None
        setup = document.scenario.side(side_id).setup
        region = getattr(setup, "region", None)
        if setup is not None and region is None:
            self.say(
                f"{self._side_name()}'s set-up is '{setup.kind}': choose an area or an entry in "
                "the Set-up tab to paint it",
                error=True,
            )
            return False
        if region is None or edits_setup.painted_hexes(setup, document.map) is not None:
            return True  # no set-up yet (painting makes an area), or a hex set already
        try:
            converted = edits_setup.setup_as_hexes(document.scenario, side_id, document.map)
        except EditError as exc:
            self.say(f"Cannot paint: {exc}", error=True)
            return False
        rule = describe_region(region)
        listed = getattr(converted.side(side_id).setup, "region", None)
        count = len(getattr(listed, "hexes", []))
        question = (
            f"{self._side_name()}'s set-up is given as a rule: '{rule}'.\n\n"
            f"Painting turns it into the {count} hexes it covers on this map; the rule's words "
            "are not kept (Undo brings them back). Go on?"
        )
        if not self.ask(question):
            self.say("Painting cancelled: the set-up stays a rule")
            return False
        self._begin()
        document.edit(
            lambda s: edits_setup.setup_as_hexes(s, side_id, document.map),
            f"{self._side_name()} set-up as hexes",
            Change.FORCES,
        )
        return True

    def _paint(self, h: Hex) -> None:
        document, side = self.document, self.side_id()
        if document is None or side is None or h not in document.map or h in self._done:
            return
        self._done.add(h)
        current = edits_setup.painted_hexes(document.scenario.side(side).setup, document.map)
        inside = current is not None and h in current
        if inside != self._removing:
            return  # adding a hex already in, or taking out one not in: nothing to do
        names, amap, removing = [document.map.name(h)], document.map, self._removing
        self._begin()
        reasons = document.edit(
            lambda s: edits_setup.paint_setup(s, side, names, amap, removing),
            self._step_text(),
            Change.FORCES,
        )
        if reasons:
            self.say("; ".join(reasons), error=True)
            return
        setup = document.scenario.side(side).setup
        count = len(edits_setup.painted_hexes(setup, document.map) or ())
        verb = "out of" if self._removing else "into"
        self.say(f"{document.map.name(h)} {verb} the zone: {count} hexes")

    def _step_text(self) -> str:
        verb = "Take hexes out of" if self._removing else "Paint"
        return f"{verb} {self._side_name()} set-up zone"

    def _begin(self) -> None:
        """The stroke is one undo step, opened at its first change (an empty stroke leaves
        none)."""
        document = self.document
        if document is not None and not self._open:
            document.begin_macro(self._step_text())
            self._open = True

    def _close_stroke(self) -> None:
        document = self.document
        if self._open and document is not None:
            document.end_macro()
        self._open = False

    def _hover(self, event: MapEvent) -> None:
        """Outline the hex under the pointer: green to add, red to take out."""
        document = self.document
        if document is None or event.hex not in document.map:
            self.view.clear_marks()
            return
        removing = bool(event.modifiers & Qt.KeyboardModifier.ShiftModifier)
        outline = hexes_outline([event.hex], HEX_SIZE)
        if removing:
            self.view.show_marks(outline, REMOVE, REMOVE_FILL)
        else:
            self.view.show_marks(outline, ADD, ADD_FILL)
