"""The map editor (Tiled's ``MapEditor``): the map view of the open document, its tools and
brushes, the set-up zones over it, and what the map's panels show on it.

It draws the map again from the document's changes (one handler), switches tools, says in the
status bar what the tool in hand does and which hex is under the pointer, and outlines on the
map the place of an entry the other panels choose. Things dragged onto the map are
:mod:`editor.mapview.drops`' business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QLabel

from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.mapview.brush_tool import BrushTool
from editor.mapview.brushes import BrushBar
from editor.mapview.counter_art import face_of
from editor.mapview.drops import MapDrops
from editor.mapview.inspector import InspectorPanel
from editor.mapview.los import LosPanel, LosTool
from editor.mapview.overlays import OverlayPanel
from editor.mapview.plan_layer import PlanLayer
from editor.mapview.render import MapPainter, RenderOptions
from editor.mapview.sections import SectionsPanel
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import OverlayTool, PanTool, SectionTool, Tool
from editor.mapview.view import HEX_SIZE, MapView
from editor.mapview.zone_tool import ZoneTool
from editor.mapview.zones_layer import ZoneLayer
from model.hexes import Hex
from model.places import finding_hexes

if TYPE_CHECKING:
    from editor.forces.oob_panel import OrderOfBattlePanel
    from editor.lazyfill import ShownFill
    from editor.scenario.dock import RulesPanel
    from editor.scenario.setup_editor import SetupPage

#: Document changes that alter what the map shows (beyond the layout and the forces).
MAP_CHANGES = Change.TERRAIN | Change.OVERLAYS

#: The tools, by the name their actions use (``tool.<name>``).
TOOL_NAMES = ("pan", "paint", "elevation", "erase", "sections", "overlay", "los", "zone")


@dataclass(frozen=True)
class MapPanels:
    """The panels the map's tools and drops work with. Three are filled with the document
    only when first seen or asked for (:mod:`editor.lazyfill`): read them through
    ``overlays``, ``orders`` and ``setup``, which fill them first."""

    sections: SectionsPanel
    overlay_fill: ShownFill[OverlayPanel]
    los: LosPanel
    inspector: InspectorPanel
    orders_fill: ShownFill[OrderOfBattlePanel]
    rules_fill: ShownFill[RulesPanel]

    @property
    def overlays(self) -> OverlayPanel:
        return self.overlay_fill.panel()

    @property
    def orders(self) -> OrderOfBattlePanel:
        return self.orders_fill.panel()

    @property
    def setup(self) -> SetupPage:
        """The Scenario dock's Set-up tab."""
        return self.rules_fill.panel().setup_page


@dataclass(frozen=True)
class StatusLine:
    """Where the map editor speaks: the status bar's message, the tool's line, the hex's."""

    say: Callable[[str, bool], None]
    tool_label: QLabel
    hex_label: QLabel


class MapEditor(QObject):
    """The map of the open document, and the tool in hand on it."""

    #: Another tool was taken up (its name, as in :data:`TOOL_NAMES`).
    tool_changed = Signal(str)
    #: The set-up zones were shown or hidden.
    zones_toggled = Signal(bool)

    def __init__(
        self,
        view: MapView,
        brushes: BrushBar,
        panels: MapPanels,
        status: StatusLine,
        show_setup: Callable[[], None],
    ) -> None:
        super().__init__(view)
        self._view = view
        self.brushes = brushes
        self.panels = panels
        self.status = status
        self._document: ScenarioDocument | None = None
        #: How counters are printed (Edit > Preferences; a key of ``COUNTER_STYLES``).
        self.counter_style = "values"
        self._letters = True  # View > Show Section Letters
        self.zone_layer = ZoneLayer(view, HEX_SIZE)
        self.plan_layer = PlanLayer(view, HEX_SIZE)  # the bot plans, shown with the zones
        self.tools: dict[str, Tool] = {
            "pan": PanTool(self),
            "paint": BrushTool(self, brushes, "paint"),
            "elevation": BrushTool(self, brushes, "elevation"),
            "erase": BrushTool(self, brushes, "erase"),
            "sections": SectionTool(self, panels.sections),
            "overlay": OverlayTool(self, lambda: panels.overlays),
            "los": LosTool(self, panels.los),
            "zone": ZoneTool(self, self, lambda: panels.setup, show_setup),
        }
        self.tool: Tool = self.tools["pan"]
        self.drops = MapDrops(self)
        view.hex_hovered.connect(self._show_hex)
        brushes.changed.connect(self.retool)
        panels.sections.refused.connect(self._refuse_layout)
        panels.overlay_fill.when_built(self._follow_overlays)  # made when first needed

    def _follow_overlays(self, overlays: OverlayPanel) -> None:
        """A counter or a laid counter chosen in the Overlays panel: the map follows."""
        overlays.choice_changed.connect(self._overlay_choice)
        overlays.laid.currentRowChanged.connect(self._show_laid_overlay)

    # --- the tool host: what the tools work with --------------------------------------------

    @property
    def document(self) -> ScenarioDocument | None:
        return self._document

    @property
    def view(self) -> MapView:
        return self._view

    def say(self, text: str, error: bool = False) -> None:
        self.status.say(text, error)

    def retool(self) -> None:
        """Say in the status bar what the current tool does now."""
        self.status.tool_label.setText(self.tool.label())

    # --- the document -----------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument) -> None:
        """Show another document's map, its zones and its game's terrains."""
        self._document = follow(self._document, document, self._on_changed)
        self._view.show_map(self.painter())
        self.panels.inspector.show_hex(document, None)  # the last map's hex means nothing here
        self.zone_layer.refresh(document)
        self.plan_layer.refresh(document)
        self.brushes.set_system(document.scenario.system)
        self.panels.los.set_system(document.scenario.system)  # the heights its book has

    def _on_changed(self, change: Change) -> None:
        """The document changed: the map again, and the set-up zones over it."""
        self._redraw(change)
        self.zone_layer.refresh(self._document)  # after the map: a new map clears them
        self.plan_layer.refresh(self._document)

    def _redraw(self, change: Change) -> None:
        view = self._view
        if change & Change.LAYOUT or view.item is None:
            view.show_map(self.painter(), keep_view=True)  # an undo does not move the view
            return
        if change & Change.FORCES:  # the counters: same map, a new painter, zoom and scroll kept
            view.update_map(self.painter())
            return
        if not change & MAP_CHANGES:  # victory, reinforcements, purchases...: nothing drawn
            return
        # Same map: the painter keeps its geometry and redoes only the scenario's layers.
        d = self._document
        assert d is not None
        view.update_map(view.item.map_painter.redrawn(d.overlays, d.edits))
        los = self.tools["los"]
        if self.tool is los:
            assert isinstance(los, LosTool)
            los.refresh()

    def restyle_counters(self, style: str) -> None:
        """Print the counters in another style (Edit > Preferences): the map repainted, its
        zoom and scroll kept."""
        self.counter_style = style
        if self._document is not None and self._view.item is not None:
            self._view.update_map(self.painter())

    def painter(self) -> MapPainter:
        """The open document's map, painted as the view shows it."""
        d = self._document
        assert d is not None
        options = RenderOptions(
            size=HEX_SIZE,
            counter_style=self.counter_style,
            section_letters=self._letters,
            levels=True,
        )
        return MapPainter(
            d.map, options, d.overlays, d.edits, d.terrain.board_sides, counters=d.counters
        )

    # --- tools ------------------------------------------------------------------------------

    def use(self, name: str) -> None:
        """Take up the tool ``name`` (one of :data:`TOOL_NAMES`)."""
        self.tool = self.tools[name]
        self._view.set_tool(self.tool)
        self.retool()
        self.tool.take_up()
        self.tool_changed.emit(name)

    def _overlay_choice(self) -> None:
        """A counter or a turn was chosen: the Place Overlay tool is what the user wants."""
        overlay = self.tools["overlay"]
        assert isinstance(overlay, OverlayTool)
        if self.tool is not overlay:
            self.use("overlay")
        else:
            self.retool()
        overlay.preview()

    def delete_selected(self) -> None:
        """Delete: the counter selected in the Overlays panel when placing overlays, else the
        section selected in the Sections panel when arranging sections."""
        overlays, sections = self.panels.overlays, self.panels.sections
        if self.tool is self.tools["overlay"] and overlays.laid.currentRow() >= 0:
            overlays.remove_selected()
        elif self.tool is self.tools["sections"] and sections.laid.currentRow() >= 0:
            sections.remove_selected()
        else:
            self.say("Select a laid overlay counter or section in its panel to delete it")

    def _refuse_layout(self, reasons: list[str]) -> None:
        if reasons:
            self.say("Refused: " + "; ".join(reasons), error=True)

    # --- what the map shows over the scenario ----------------------------------------------

    def zones_shown(self) -> bool:
        return self.zone_layer.visible

    def show_zones(self, on: bool) -> None:
        """View > Show Set-up Zones: the sides' set-up zones and entry areas over the map,
        and their bot plans (objectives numbered, routes)."""
        self.zone_layer.set_visible(on, self._document)
        self.plan_layer.set_visible(on, self._document)
        self.zones_toggled.emit(on)

    def show_section_letters(self, on: bool) -> None:
        """View > Show Section Letters: each laid section's letter at its middle, or none.
        Every tile is painted again (the letters reach across the map)."""
        self._letters = on
        item = self._view.item
        if self._document is not None and item is not None:
            item.set_painter(self.painter().with_counters(item.map_painter.counters), None)

    def toggle_zones(self) -> None:
        self.show_zones(not self.zones_shown())

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
        document = self._document
        if document is None:
            return frozenset()
        hexes = finding_hexes(document.scenario, document.map, document.overlays, path)
        lead = f"{where}: " if where else ""
        if not hexes:
            self._view.clear_marks()
            self.say(f"{lead}{nowhere}")
            return hexes
        outline = hexes_outline(hexes, HEX_SIZE)
        shade = QColor(colour)
        shade.setAlpha(70)
        self._view.show_marks(outline, QPen(colour, 4.0), QBrush(shade))
        self._view.centre_on(outline.boundingRect())
        names = document.names(sorted(hexes, key=lambda h: (h.q, h.r)))
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        count = f"{len(names)} hex{'es' if len(names) != 1 else ''}: " if not where else ""
        self.say(f"{lead}{count}{shown}")
        return hexes

    def _show_laid_overlay(self, row: int) -> None:
        """Outline on the map the counter selected in the Overlays panel's list."""
        from model.overlays import place_overlays
        from model.tables import overlays as overlay_catalog

        document = self._document
        if document is None or not 0 <= row < len(document.scenario.map.overlays):
            return
        placement = document.scenario.map.overlays[row]
        laid, _ = place_overlays(
            [placement], overlay_catalog(document.scenario.system), document.map
        )
        if laid.placed:
            outline = hexes_outline(laid.placed[0][1], HEX_SIZE)
            self._view.show_marks(outline, QPen(QColor("#1f4e9c"), 3.0))

    def _show_hex(self, h: Hex | None) -> None:
        self.panels.inspector.show_hex(self._document, h)
        label, document = self.status.hex_label, self._document
        if document is None or h is None or h not in document.map:
            label.setText("")
            return
        names = " = ".join(document.map.hexes[h].names)
        terrain = document.edits.terrain.get(h) or document.overlays.terrain(h)
        # The counters set up here with their values, placeholders marked (never on the face);
        # not in Test Play, where the game's units have moved on.
        system = document.scenario.system.value
        playing = getattr(self._view.window(), "test_play_mode", None) is not None
        units = [
            f"{c.label}: {face_of(system, c.unit).tip() or 'no values'}"
            for c in ([] if playing else document.counters)
            if c.hex == h
        ]
        label.setText(
            f"hex {names}"
            + (f"  ({terrain})" if terrain else "")
            + ("  ·  " + "; ".join(units[:3]) if units else "")
            + (f" (+{len(units) - 3} more)" if len(units) > 3 else "")
        )
