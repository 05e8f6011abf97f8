"""Test play on the map: the game's units where the state has them, and for the selected unit
the hexes it can reach with their costs, the targets it may fire at and the lines of fire.
Everything comes from the State API's values (:class:`~rules.engine.positions.UnitPosition`,
:mod:`editor.testplay.aims`), so any system's game draws the same way.

Scene items above the map item (which keeps its cache, drawn without the scenario's own
counters while test play lasts), like :mod:`editor.mapview.zones_layer`. Counters are drawn with
:func:`editor.mapview.counter_art.paint_counters`, the map's own counter drawing, with the game's
markers (the system's own: Pin, D1, Sup, Wnd..., in red; the viewer's own orders in blue) on
top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview.counter_art import paint_counters
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import Tool
from editor.mapview.view import MapEvent
from model.counters import MapCounter
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.engine.positions import UnitPosition

if TYPE_CHECKING:
    from editor.app import MainWindow
    from editor.mapview.render import MapPainter

#: How many counters of a stack are drawn (:func:`editor.mapview.counter_art.paint_counters`).
STACK_SHOWN = 4
#: Above the map (0) and the set-up zones (5), below a tool's marks (10 and up).
Z_REACH, Z_COUNTERS, Z_TARGETS = 6.0, 7.0, 8.0
REACH = QColor("#2e86c1")
TARGET = QColor("#c0392b")
WATCH = QColor("#d68910")  # Lines of Opportunity Fire: amber, dotted
#: Up to this many hexes to aim at are each a line from the unit; more are outlined.
WATCH_LINES = 6
SELECTED = QColor("#f4d03f")
CHOSEN = QColor("#6c3483")  # the hex of the action chosen in the list
HARM_INK = "#b03a2e"  # the system's markers: what happened to the unit
ORDER_INK = "#1f4e9c"  # the viewer's own orders


#: Parts of a point written as one glyph, as the cards print them (Armor's 2/3 Road Cost).
GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
    Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚",
    Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜",
    Fraction(5, 8): "⅝",
    Fraction(7, 8): "⅞",
}
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def cost_text(cost: float) -> str:
    """A cost as a plate on the map writes it: a whole number as it is, a part of a point in
    halves, thirds, quarters, sixths, eighths or twelfths as a fraction (``2⅔``, ``1⁵⁄₁₂``,
    never ``2.6666667``), any other to one decimal."""
    exact = Fraction(cost).limit_denominator(12)
    if abs(float(exact) - cost) > 1e-6 or (12 % exact.denominator and exact.denominator != 8):
        return f"{cost:.1f}"
    whole, part = divmod(exact, 1)
    if not part:
        return str(whole)
    glyph = GLYPHS.get(part) or (
        f"{str(part.numerator).translate(SUPERSCRIPT)}⁄{str(part.denominator).translate(SUBSCRIPT)}"
    )
    return f"{whole}{glyph}" if whole else glyph


@dataclass(frozen=True)
class GameCounter:
    """A unit of the game on the map, with its markers."""

    counter: MapCounter
    unit: str
    markers: tuple[tuple[str, str], ...] = ()  # (text, colour)


@dataclass
class Picture:
    """What the layer shows: the counters, and for the selected unit its choices."""

    counters: list[GameCounter] = field(default_factory=list)
    selected: str | None = None
    #: The game's system: its counters show its values (its ``system.yaml``'s ``counter_face``).
    system: str | None = None
    #: How the counters are printed (Edit > Preferences).
    counter_style: str = "values"
    selected_hex: Hex | None = None
    #: The hexes shaded as the selected unit's reach, with each one's cost when known.
    reach: Mapping[Hex, float | None] = field(default_factory=dict)
    round_trip: bool = False
    #: Where another side's unit stands that the selected unit may fire at (red outlines).
    targets: list[Hex] = field(default_factory=list)
    #: Empty hexes it may aim at (a Line of Opportunity Fire's end, an area fire): amber
    #: lines from its hex, or amber outlines when it is off the map or they are more than
    #: :data:`WATCH_LINES`.
    watch: list[Hex] = field(default_factory=list)
    #: Orders given that aim at a hex (plotted fire, Lines of Opportunity Fire [P44 6.52]),
    #: of the units the viewer may see the orders of, from their hex to the hex aimed at.
    armed: list[tuple[Hex, Hex]] = field(default_factory=list)
    #: The hex the action chosen in the list goes to or aims at.
    chosen_hex: Hex | None = None
    #: The path of the move chosen, from the unit's hex through each hex it enters.
    chosen_path: list[Hex] = field(default_factory=list)
    #: The hexes clicked so far of the path being laid on the map.
    route: list[Hex] = field(default_factory=list)
    #: The paths of the orders given whose moves are made later, from their units' hexes.
    plotted: list[list[Hex]] = field(default_factory=list)


def on_top(counters: list[GameCounter], unit: str | None) -> list[GameCounter]:
    """The counters with ``unit``'s on top of its stack, where its name is read (a stack
    shows its first four counters, the fourth on top): a man selected in a stack of his
    squad is the one whose counter the player sees."""
    chosen = next((c for c in counters if c.unit == unit), None)
    if chosen is None:
        return counters
    others = [c for c in counters if c is not chosen]
    below = [i for i, c in enumerate(others) if c.counter.hex == chosen.counter.hex]
    at = below[min(len(below), STACK_SHOWN - 1) - 1] + 1 if below else 0
    return [*others[:at], chosen, *others[at:]]


class CountersItem(QGraphicsItem):
    """The game's counters, their markers, and a ring round the selected unit's hex."""

    def __init__(self, size: float, bounds: QRectF) -> None:
        super().__init__()
        self.size = size
        self.bounds = bounds
        self.picture = Picture()
        self.setZValue(Z_COUNTERS)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        scale = option.levelOfDetailFromTransform(painter.worldTransform())
        detail = self.size * scale
        picture = self.picture
        if picture.selected_hex is not None:
            pen = QPen(SELECTED, 5.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(hexes_outline([picture.selected_hex], self.size))
        counters = [c.counter for c in on_top(picture.counters, picture.selected)]
        paint_counters(painter, counters, self.size, detail, picture.system, picture.counter_style)
        if detail >= 10:
            self._markers(painter)

    def _markers(self, painter: QPainter) -> None:
        """Small tags under a counter: its state in red, the viewer's own order in blue."""
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(self.size * 0.26)))
        font.setBold(True)
        painter.setFont(font)
        seen: dict[Hex, int] = {}
        for c in self.picture.counters:
            if not c.markers:
                continue
            cx, cy = hex_to_pixel(c.counter.hex, self.size)
            row = seen.get(c.counter.hex, 0)
            seen[c.counter.hex] = row + 1
            x = cx - self.size * 0.56
            y = cy + self.size * (0.38 - 0.34 * row)
            for marker, colour in c.markers:
                width = self.size * (0.2 + 0.16 * len(marker))
                box = QRectF(x, y, width, self.size * 0.34)
                painter.setPen(QPen(QColor("#fdfefe"), 0))
                painter.setBrush(QColor(colour))
                painter.drawRoundedRect(box, 2, 2)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, marker)
                x += width + 1


class CostLabels(QGraphicsItem):
    """Each reachable hex's cost in Movement Points, on a pale plate, once readable."""

    def __init__(self, size: float, bounds: QRectF) -> None:
        super().__init__()
        self.size = size
        self.bounds = bounds
        self.costs: dict[Hex, str] = {}
        self.occupied: set[Hex] = set()
        self.setZValue(Z_COUNTERS + 0.5)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.size * option.levelOfDetailFromTransform(painter.worldTransform()) < 12:
            return
        font = QFont("Sans Serif")
        font.setPixelSize(max(1, round(self.size * 0.36)))
        font.setBold(True)
        painter.setFont(font)
        plate = QColor("#fbfcfc")
        plate.setAlpha(225)
        for h, text in self.costs.items():
            cx, cy = hex_to_pixel(h, self.size)
            size = self.size
            # In the middle of a vacant hex; above the counter of an occupied one (its
            # markers take the space under it).
            top = cy - size * 0.84 if h in self.occupied else cy - size * 0.22
            box = QRectF(cx - size * 0.42, top, size * 0.84, size * 0.44)
            painter.setPen(QPen(REACH.darker(140), 0))
            painter.setBrush(plate)
            painter.drawRoundedRect(box, 3, 3)
            painter.setPen(REACH.darker(170))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class TestPlayLayer:
    """The game over the map; :meth:`show` draws a :class:`Picture`, :meth:`clear` removes it."""

    __test__ = False

    def __init__(self, view: QGraphicsView, size: float) -> None:
        self.view = view
        self.size = size
        self.picture = Picture()
        self.counters: CountersItem | None = None
        #: The map's edge, as the map's painter last gave it (:meth:`_on_map`).
        self._edge: tuple[MapPainter, QPainterPath] | None = None
        self.costs: CostLabels | None = None
        self.reach = QGraphicsPathItem()
        self.targets = QGraphicsPathItem()
        self.lines = QGraphicsPathItem()
        self.watch = QGraphicsPathItem()
        self.chosen = QGraphicsPathItem()
        self.path = QGraphicsPathItem()
        self.waypoints = QGraphicsPathItem()
        self.plotted = QGraphicsPathItem()

    @property
    def items(self) -> list[QGraphicsItem]:
        found: list[QGraphicsItem] = [self.reach, self.targets, self.lines, self.watch]
        found += [self.chosen, self.path, self.waypoints, self.plotted]
        return [*found, *(i for i in (self.counters, self.costs) if i is not None)]

    def _ensure(self) -> None:
        scene = self.view.scene()
        counters = self.counters
        if counters is not None and shiboken6.isValid(counters) and counters.scene() is scene:
            return
        bounds = scene.sceneRect()
        self.counters = CountersItem(self.size, bounds)
        self.costs = CostLabels(self.size, bounds)
        self.reach = QGraphicsPathItem()
        self.targets = QGraphicsPathItem()
        self.lines = QGraphicsPathItem()
        fill = QColor(REACH)
        fill.setAlpha(60)
        pen = QPen(REACH, 2.0)
        pen.setCosmetic(True)
        self.reach.setPen(pen)
        self.reach.setBrush(QBrush(fill))
        self.reach.setZValue(Z_REACH)
        pen = QPen(TARGET, 4.0)
        pen.setCosmetic(True)
        self.targets.setPen(pen)
        self.targets.setZValue(Z_TARGETS)
        pen = QPen(TARGET, 2.5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        pen.setCosmetic(True)
        self.lines.setPen(pen)
        self.lines.setZValue(Z_REACH + 0.5)  # under the counters: their names stay readable
        self.watch = QGraphicsPathItem()
        pen = QPen(WATCH, 2.5, Qt.PenStyle.DotLine, Qt.PenCapStyle.RoundCap)
        pen.setCosmetic(True)
        self.watch.setPen(pen)
        self.watch.setZValue(Z_REACH + 0.5)
        self.chosen = QGraphicsPathItem()
        pen = QPen(CHOSEN, 5.0)
        pen.setCosmetic(True)
        self.chosen.setPen(pen)
        self.chosen.setZValue(Z_TARGETS + 0.5)
        self.path = QGraphicsPathItem()
        pen = QPen(CHOSEN, 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCosmetic(True)
        self.path.setPen(pen)
        self.path.setZValue(Z_REACH + 0.6)  # under the counters and the costs
        self.waypoints = QGraphicsPathItem()
        pen = QPen(CHOSEN, 2.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.waypoints.setPen(pen)
        self.waypoints.setZValue(Z_TARGETS + 0.4)
        self.plotted = QGraphicsPathItem()
        pen = QPen(QColor(ORDER_INK), 3.0, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCosmetic(True)
        self.plotted.setPen(pen)
        self.plotted.setZValue(Z_REACH + 0.5)
        for item in self.items:
            scene.addItem(item)

    def show(self, picture: Picture) -> None:
        self._ensure()
        assert self.counters is not None
        assert self.costs is not None
        self.picture = picture
        self.counters.picture = picture
        self.counters.update()
        reach = [h for h in picture.reach if h != picture.selected_hex]
        self.reach.setPath(self._on_map(hexes_outline(reach, self.size) if reach else None))
        self.costs.costs = {h: cost_text(c) for h, c in picture.reach.items() if c is not None}
        self.costs.occupied = {c.counter.hex for c in picture.counters}
        if picture.round_trip and picture.selected_hex is not None:
            self.costs.costs[picture.selected_hex] = "↺"
        self.costs.update()
        self.targets.setPath(
            hexes_outline(picture.targets, self.size) if picture.targets else QPainterPath()
        )
        lines = QPainterPath()
        if picture.selected_hex is not None:
            start = QPointF(*hex_to_pixel(picture.selected_hex, self.size))
            for h in picture.targets:
                lines.moveTo(start)
                lines.lineTo(QPointF(*hex_to_pixel(h, self.size)))
        self.lines.setPath(lines)
        watch = QPainterPath()
        # a line to each hex it may aim at while they are few; many (an Armor unit's
        # Opportunity Fire hexes) are outlined instead: a fan of lines hides the map
        spray = picture.selected_hex is not None and len(picture.watch) <= WATCH_LINES
        ends = [(picture.selected_hex, h) for h in picture.watch] if spray else []
        for a, b in [*ends, *picture.armed]:
            if a is None:
                continue
            watch.moveTo(QPointF(*hex_to_pixel(a, self.size)))
            watch.lineTo(QPointF(*hex_to_pixel(b, self.size)))
        if not spray and picture.watch:  # off the map (no line starts), or many
            watch.addPath(hexes_outline(picture.watch, self.size))
        self.watch.setPath(watch)
        chosen = [picture.chosen_hex] if picture.chosen_hex is not None else []
        self.chosen.setPath(hexes_outline(chosen, self.size) if chosen else QPainterPath())
        self.path.setPath(self._polylines([picture.chosen_path]))
        # The hexes clicked on the way (the last is the chosen hex, outlined above).
        passed = [h for h in picture.route[:-1] if h != picture.chosen_hex]
        self.waypoints.setPath(hexes_outline(passed, self.size) if passed else QPainterPath())
        self.plotted.setPath(self._polylines(picture.plotted))

    def _on_map(self, path: QPainterPath | None) -> QPainterPath:
        """``path`` cut at the map's edge: the half hexes of a board's edge shaded only as
        far as the map goes, not over the grey around it."""
        if path is None:
            return QPainterPath()
        item = getattr(self.view, "item", None)
        painter = item.map_painter if item is not None else None
        if painter is None or painter.options.size != self.size:
            return path
        if self._edge is None or self._edge[0] is not painter:
            self._edge = (painter, painter.outline())
        edge = self._edge[1]
        if edge.isEmpty() or edge.boundingRect().contains(path.boundingRect()):
            return path
        return path.intersected(edge)

    def _polylines(self, lines: Iterable[list[Hex]]) -> QPainterPath:
        """Lines through the centres of each list's hexes."""
        found = QPainterPath()
        for line in lines:
            points = [QPointF(*hex_to_pixel(h, self.size)) for h in line]
            if len(points) > 1:
                found.moveTo(points[0])
                for point in points[1:]:
                    found.lineTo(point)
        return found

    def clear(self) -> None:
        scene = self.view.scene()
        for item in self.items:
            if shiboken6.isValid(item) and item.scene() is scene:
                scene.removeItem(item)
        self.counters = self.costs = None
        self.picture = Picture()


def counters_of(
    units: Iterable[UnitPosition], nations: Mapping[str, str], orders: Mapping[str, str]
) -> list[GameCounter]:
    """The units on the map as counters, with the system's markers and, for the units in
    ``orders``, the tag of the order the viewer may see (``Move``, ``Fire``)."""
    found = []
    for p in units:
        markers = [(m, HARM_INK) for m in p.markers]
        if p.unit in orders:
            markers.append((orders[p.unit], ORDER_INK))
        counter = MapCounter(p.hex, p.side, nations.get(p.side, ""), p.type_id, p.facing, p.label)
        found.append(GameCounter(counter, p.unit, tuple(markers)))
    return found


class TestPlayTool(Tool):
    """The map's tool in test play: a click picks a unit or tells the panel which hex."""

    __test__ = False
    name = "Test play"
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, window: MainWindow, clicked: Callable[[Hex], None]) -> None:
        super().__init__(window)
        self.clicked = clicked

    def label(self) -> str:
        return "Test play: click a unit, then a hex it can reach or a target"

    def press(self, event: MapEvent) -> None:
        if event.button == Qt.MouseButton.LeftButton:
            self.clicked(event.hex)

    def leave(self) -> None:
        pass
