"""The Paint, Set Elevation and Erase tools: a brush of the shape chosen on the toolbar.

Under the pointer the brush shows what it would paint before the button goes down (its
footprint: the hex, the radius, the hexside; a flood fill's whole region, tinted), and a flood
fill over :data:`CONFIRM_FLOOD` hexes asks first, saying how many hexes and which sections.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QMessageBox

from editor.mapview.brushes import BrushBar
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import MARK, Tool, ToolHost
from editor.mapview.view import HEX_SIZE, MapEvent
from editor.style import hex_style
from model.brushes import FLOOD_LIMIT, BrushShape, FloodTooLargeError, flood, line, radius
from model.geometry import hexside_segment, nearest_hexside
from model.grid import hex_to_pixel
from model.hexes import Hex, Hexside

#: A flood fill of more hexes than this asks before it paints (one click once filled 1,271
#: hexes across three sections and the river).
CONFIRM_FLOOD = 200
#: How long the pointer rests on a hex outside the region shown before a flood fill's region
#: is worked out again (moving across the map works out none).
FLOOD_REST_MS = 60

#: The footprint's outline; its fill is the terrain painted, see :meth:`BrushTool._tint`.
FOOTPRINT = QPen(QColor("#1d1a14"), 2.0)
#: A flood fill's region, and one too large to fill.
FLOOD_PEN = QPen(QColor("#1d1a14"), 2.5, Qt.PenStyle.DashLine)
TOO_LARGE = QPen(QColor("#c0392b"), 3.0)
#: A hexside the brush would paint or clear.
SIDE_PEN = QPen(QColor(255, 140, 0, 200), 7.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)


class BrushTool(Tool):
    """Paint terrain or hexside features, set elevation, or erase, in the chosen brush shape.

    One hex and radius paint as the mouse drags (one undo step per stroke); a line runs from
    where the button went down to where it comes up, shown as it is drawn; a flood fill covers
    the connected hexes that look like the one clicked. Before the button goes down, what the
    brush would paint is outlined under the pointer.
    """

    def __init__(self, host: ToolHost, brushes: BrushBar, mode: str) -> None:
        super().__init__(host)
        self.brushes = brushes
        self.mode = mode  # "paint", "elevation" or "erase"
        self._start: Hex | None = None
        self._hover: MapEvent | None = None
        self._shown: object = None  # what the footprint shows now (not drawn again)
        # The last flood region worked out: what it was worked out from, and its hexes (too
        # large: only the hex it was worked out from, known to lie in a region too large).
        self._region: tuple[object, frozenset[Hex], bool] | None = None
        self._rest = QTimer(host.view)  # goes with the view: never fires on a closed window
        self._rest.setSingleShot(True)
        self._rest.setInterval(FLOOD_REST_MS)
        self._rest.timeout.connect(self._flood_preview)
        brushes.changed.connect(self._brush_changed)

    def label(self) -> str:
        shape = self.brushes.shape()
        what = {
            "paint": f"Paint {self.brushes.terrain() or ''}".strip(),
            "elevation": f"Set elevation {self.brushes.level()}",
            "erase": "Erase",
        }[self.mode]
        if self._hexside_feature() is not None:  # one hexside, whatever the shape
            return f"{what} (hexside; Shift: take it off)"
        if shape is BrushShape.RADIUS:
            return f"{what} (radius {self.brushes.radius()})"
        return what if shape is BrushShape.ONE else f"{what} ({shape.value})"

    def _hexside_feature(self) -> str | None:
        terrain = self.brushes.terrain()
        return terrain if self.mode == "paint" and terrain in self.brushes.hexside_terrain else None

    # --- the mouse --------------------------------------------------------------------------

    def press(self, event: MapEvent) -> None:
        document = self.document
        if document is None or event.button != Qt.MouseButton.LeftButton:
            return
        document.begin_stroke()
        shape = self.brushes.shape()
        if self._on_side(event):
            self._side(event)
            return
        if shape is BrushShape.LINE:
            self._start = event.hex
            self._preview_line(event.hex)
        elif shape is BrushShape.FLOOD:
            self._flood(event.hex)
        else:
            self._apply(self._covered(event.hex))

    def move(self, event: MapEvent, held: bool) -> None:
        if self.document is None:
            return
        self._hover = event
        if held and self._start is not None:
            self._preview_line(event.hex)
            return
        if held and self._hexside_feature() is not None:
            self._side(event)
        elif held and self.brushes.shape() in (BrushShape.ONE, BrushShape.RADIUS):
            self._apply(self._covered(event.hex))
        self._footprint(event)

    def release(self, event: MapEvent) -> None:
        if self._start is not None and self.document is not None:
            self._apply(line(self._start, event.hex, self.document.map.hexes))
            self._start = None
            self._forget_footprint()
            self._footprint(event)

    def pointer_left(self) -> None:
        """Off the map: no footprint."""
        self._hover = None
        self._rest.stop()
        self._forget_footprint()

    def leave(self) -> None:
        self.pointer_left()
        super().leave()

    def _brush_changed(self) -> None:
        """Another shape, radius, level or terrain: the footprint under the pointer follows."""
        if self.host.view.tool is self and self._hover is not None:
            self._shown = None
            self._footprint(self._hover)

    def _still_shown(self, key: object) -> bool:
        """Whether the footprint ``key`` is on the map now (a new map, an outline another
        panel drew, hides it without the tool knowing)."""
        marks = self.view.marks
        return self._shown == key and marks is not None and marks.isVisible()

    def _forget_footprint(self) -> None:
        if self._shown is not None:
            self._shown = None
            self.view.clear_marks()

    # --- what the brush would paint ---------------------------------------------------------

    def _on_side(self, event: MapEvent) -> bool:
        """Whether the brush works on the hexside under the pointer (a hexside feature, or the
        eraser near a side)."""
        return self._hexside_feature() is not None or (
            self.mode == "erase" and self._near_side(event)
        )

    def _footprint(self, event: MapEvent) -> None:
        """Outline what a click here would paint (a flood fill's region once the pointer
        rests)."""
        document = self.document
        assert document is not None
        if self._on_side(event):
            side = nearest_hexside(event.point.x(), event.point.y(), HEX_SIZE)
            if not any(h in document.map for h in side.hexes):
                self._forget_footprint()
            elif not self._still_shown(side):
                self._shown = side
                self._show_side(side)
            return
        if event.hex not in document.map:
            self._rest.stop()
            self._forget_footprint()
            return
        shape = self.brushes.shape()
        if shape is BrushShape.FLOOD:
            if self._region_of(event.hex) is not None:
                self._flood_preview()
            else:  # worked out when the pointer rests
                self._rest.start()
            return
        hexes = [event.hex] if shape is BrushShape.LINE else self._covered(event.hex)
        key = (shape, frozenset(hexes))
        if not self._still_shown(key):
            self._shown = key
            self.view.show_marks(hexes_outline(hexes, HEX_SIZE), FOOTPRINT, self._tint())

    def _show_side(self, side: Hexside) -> None:
        p, q = hexside_segment(side, HEX_SIZE)
        path = QPainterPath()
        path.moveTo(*p)
        path.lineTo(*q)
        self.view.show_marks(path, SIDE_PEN)

    def _tint(self) -> QBrush:
        """The footprint's fill: the terrain it paints, seen through; the eraser's, pale; the
        elevation brush's, a shade."""
        terrain = self.brushes.terrain()
        if self.mode == "paint" and terrain:
            colour = QColor(hex_style(terrain).fill)
            colour.setAlpha(110)  # the hex numbers under it still read
        elif self.mode == "erase":
            colour = QColor(255, 255, 255, 120)
        else:
            colour = QColor(40, 30, 10, 70)
        return QBrush(colour)

    def _covered(self, h: Hex) -> list[Hex]:
        assert self.document is not None
        if self.brushes.shape() is BrushShape.RADIUS:
            return radius(h, self.brushes.radius(), self.document.map.hexes)
        return [h] if h in self.document.map else []

    def _preview_line(self, end: Hex) -> None:
        assert self.document is not None
        assert self._start is not None
        hexes = line(self._start, end, self.document.map.hexes)
        self._shown = None
        self.view.show_marks(hexes_outline(hexes, HEX_SIZE), MARK)
        self.say(f"Line of {len(hexes)} hexes")

    # --- flood fill -------------------------------------------------------------------------

    def _flood_source(self) -> object:
        """What a flood region depends on: the terrain as it stands (a new object after every
        edit, compared by identity)."""
        document = self.document
        assert document is not None
        return document.terrain

    def _region_of(self, h: Hex) -> tuple[frozenset[Hex], bool] | None:
        """The flood region ``h`` lies in, if worked out already for the terrain as it is
        (and whether it is too large to fill)."""
        found = self._region
        if found is None or found[0] is not self._flood_source() or h not in found[1]:
            return None
        return found[1], found[2]

    def _work_out_region(self, start: Hex) -> tuple[frozenset[Hex], bool]:
        """The region a flood fill from ``start`` would paint, up to the limit (too large:
        only ``start``, and True)."""
        found = self._region_of(start)
        if found is not None:
            return found
        document = self.document
        assert document is not None
        view = document.terrain
        key = view.ground if self.mode == "elevation" else view.terrain
        try:
            region, too_large = frozenset(flood(start, key, document.map.hexes)), False
        except FloodTooLargeError:
            region, too_large = frozenset({start}), True
        self._region = (self._flood_source(), region, too_large)
        return region, too_large

    def _flood_preview(self) -> None:
        """Show the region a click would fill under the pointer: tinted and outlined, its size
        and sections in the status bar."""
        event, document = self._hover, self.document
        if event is None or document is None or self.brushes.shape() is not BrushShape.FLOOD:
            return
        if event.hex not in document.map or self._on_side(event):
            return
        region, too_large = self._work_out_region(event.hex)
        key = ("flood", region, too_large)
        if self._still_shown(key):
            return
        self._shown = key
        outline = hexes_outline(region, HEX_SIZE)
        if too_large:
            self.view.show_marks(outline, TOO_LARGE)
            self.say(
                f"Flood fill: more than {FLOOD_LIMIT:,} hexes here, more than one fill may "
                "paint; paint it with the radius brush",
                error=True,
            )
            return
        self.view.show_marks(outline, FLOOD_PEN, self._tint())
        self.say(f"Flood fill here: {self._size_of(region)}")

    def _size_of(self, region: frozenset[Hex]) -> str:
        """'1,271 hexes across sections J, K and L'."""
        document = self.document
        assert document is not None
        amap = document.map
        indexes = {part.placement for h in region for part in amap.hexes[h].parts}
        names = [amap.placements[i].name for i in sorted(indexes)]
        hexes = f"{len(region):,} hex{'es' if len(region) != 1 else ''}"
        if len(names) <= 1:
            return f"{hexes} in section {names[0]}" if names else hexes
        listed = ", ".join(names[:-1]) + f" and {names[-1]}"
        return f"{hexes} across {len(names)} sections ({listed})"

    def _flood(self, start: Hex) -> None:
        if self.document is None or start not in self.document.map:
            return
        region, too_large = self._work_out_region(start)
        if too_large:
            self.say(
                f"Flood fill refused: the region is larger than {FLOOD_LIMIT:,} hexes; paint "
                "it with the radius brush",
                error=True,
            )
            return
        size = self._size_of(region)
        if len(region) > CONFIRM_FLOOD and not self._confirm(size):
            self.say("Flood fill cancelled")
            return
        ordered = sorted(region, key=lambda h: (h.q, h.r))
        self._apply(ordered)
        self._shown = None
        self.say(f"Filled {size}")

    def _confirm(self, size: str) -> bool:
        what = {
            "paint": f"with {self.brushes.terrain_name()}",
            "elevation": f"to level {self.brushes.level()}",
            "erase": "back to the printed terrain",
        }[self.mode]
        verb = {"paint": "Fill", "elevation": "Set", "erase": "Erase"}[self.mode]
        box = QMessageBox(self.view)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Flood Fill")
        box.setText(f"{verb} {size} {what}?")
        box.setInformativeText("One undo step takes it all back.")
        count = size.split(" ")[0]
        fill = box.addButton(f"{verb} {count} Hexes", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(fill)
        box.exec()
        return box.clickedButton() is fill

    # --- painting ---------------------------------------------------------------------------

    def _near_side(self, event: MapEvent) -> bool:
        """Whether the pointer is nearer a hexside than the middle of its hex."""
        cx, cy = hex_to_pixel(event.hex, HEX_SIZE)
        return math.hypot(event.point.x() - cx, event.point.y() - cy) > 0.6 * HEX_SIZE

    def _side(self, event: MapEvent) -> None:
        document = self.document
        assert document is not None
        side = nearest_hexside(event.point.x(), event.point.y(), HEX_SIZE)
        feature = self._hexside_feature()
        if feature is not None:
            remove = bool(event.modifiers & Qt.KeyboardModifier.ShiftModifier)
            document.set_hexside_feature([side], feature, present=not remove, stroke=True)
            return
        features = document.terrain.hexside_features(side)
        for found in sorted(features):
            document.set_hexside_feature([side], found, present=False, stroke=True)
        if not features:
            document.erase_terrain([event.hex])

    def _apply(self, hexes: list[Hex]) -> None:
        document = self.document
        if document is None or not hexes:
            return
        if self.mode == "paint":
            terrain = self.brushes.terrain()
            if terrain:
                document.paint_terrain(hexes, terrain, stroke=True)
        elif self.mode == "elevation":
            document.set_elevation(hexes, self.brushes.level(), stroke=True)
        else:
            document.erase_terrain(hexes, stroke=True)
