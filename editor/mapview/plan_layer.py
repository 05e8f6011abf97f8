"""The sides' bot plans drawn over the map (View > Show Set-up Zones shows them with the zones).

For each side with a plan (``Side.plan``, :mod:`rules.bots.plan`): its objectives outlined in
the side's colour, dashed, each with a round badge at a corner of its middle hex (the first side's
upper left, the second's upper right) giving its place in the priority order, and
its route as a line through the middle of each waypoint, from a ring at its start to an
arrowhead at its end. A layer of its own above the zones and below a tool's marks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview.shapes import hexes_outline, middle_hex
from editor.mapview.zones_layer import side_colour
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.regions import RegionContext, evaluate

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument
    from editor.mapview.view import MapView

#: Above the zones (5, 6), below a tool's marks (10 and up).
Z_PLAN = 7.0


class PlanBadge(QGraphicsItem):
    """A round badge with a short text (an objective's rank), always drawn."""

    def __init__(self, text: str, colour: QColor, centre: QPointF, size: float) -> None:
        super().__init__()
        self.text, self.colour = text, colour
        self.radius = size * 0.45
        self.font = QFont()
        self.font.setPixelSize(max(7, round(size * 0.6)))
        self.font.setBold(True)
        self.setPos(centre)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = self.radius + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#fbf8ee"), self.radius * 0.18))
        painter.setBrush(self.colour)
        painter.drawEllipse(QPointF(0, 0), self.radius, self.radius)
        painter.setFont(self.font)
        painter.setPen(QColor("#ffffff"))
        r = self.radius
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, self.text)


class PlanLayer:
    """The plans of a document as scene items over the map; off until :meth:`set_visible`."""

    def __init__(self, view: MapView, size: float) -> None:
        self.view = view
        self.size = size
        self.visible = False
        self.outlines: list[QGraphicsPathItem] = []
        self.routes: list[QGraphicsPathItem] = []
        self.badges: list[PlanBadge] = []

    @property
    def items(self) -> list[QGraphicsItem]:
        return [*self.outlines, *self.routes, *self.badges]

    def set_visible(self, on: bool, document: ScenarioDocument | None) -> None:
        self.visible = on
        self.refresh(document)

    def refresh(self, document: ScenarioDocument | None) -> None:
        """Draw the plans of ``document`` again (after an edit or a new map), if shown."""
        self._clear()
        if not self.visible or document is None:
            return
        ctx = RegionContext(document.map, overlay_terrain=document.overlays.stacks)
        on_map = document.map.hexes
        for n, side in enumerate(document.scenario.sides):
            plan = side.plan
            if plan is None:
                continue
            colour = side_colour(side.nation)
            for i, objective in enumerate(plan.objectives):
                hexes = _hexes(objective.region, ctx, on_map)
                if hexes:
                    tip = f"{side.name}'s objective {i + 1}" + (
                        f" by turn {objective.by_turn}" if objective.by_turn else ""
                    )
                    self._outline(hexes, colour, tip)
                    corner = _middle(hexes, self.size) + self._corner(n)
                    self._badge(str(i + 1), colour, corner, tip)
            points = [
                _middle(hexes, self.size)
                for region in plan.route_regions()
                if (hexes := _hexes(region, ctx, on_map))
            ]
            if points:
                self._route(points, colour, f"{side.name}'s route")

    def _corner(self, n: int) -> QPointF:
        """Where a side's badges sit in their hex: the upper left for the first side, the
        upper right for the second (a badge in the middle would hide the counters there)."""
        dx = self.size * 0.55 * (-1 if n % 2 == 0 else 1)
        return QPointF(dx, -self.size * 0.5 * (1 if n < 2 else -1))

    def _outline(self, hexes: frozenset[Hex], colour: QColor, tip: str) -> None:
        pen = QPen(colour, 3.5)
        pen.setCosmetic(True)
        pen.setStyle(Qt.PenStyle.DashLine)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        fill = QColor(colour)
        fill.setAlpha(40)
        item = QGraphicsPathItem(hexes_outline(hexes, self.size))
        item.setPen(pen)
        item.setBrush(QBrush(fill))
        item.setZValue(Z_PLAN)
        item.setToolTip(tip)
        self.view.scene().addItem(item)
        self.outlines.append(item)

    def _badge(self, text: str, colour: QColor, centre: QPointF, tip: str) -> None:
        badge = PlanBadge(text, colour, centre, self.size)
        badge.setZValue(Z_PLAN + 1)
        badge.setToolTip(tip)
        self.view.scene().addItem(badge)
        self.badges.append(badge)

    def _route(self, points: list[QPointF], colour: QColor, tip: str) -> None:
        path = QPainterPath(points[0])
        path.addEllipse(points[0], self.size * 0.35, self.size * 0.35)
        path.moveTo(points[0])
        for p in points[1:]:
            path.lineTo(p)
        if len(points) > 1:
            path.addPolygon(_arrowhead(points[-2], points[-1], self.size * 0.7))
        pen = QPen(colour.darker(115), 3.0)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        item.setZValue(Z_PLAN)
        item.setToolTip(tip)
        self.view.scene().addItem(item)
        self.routes.append(item)

    def _clear(self) -> None:
        self.view.remove_items(self.items)
        self.outlines, self.routes, self.badges = [], [], []


def _hexes(region: object, ctx: RegionContext, on_map: object) -> frozenset[Hex]:
    try:
        found = evaluate(region, ctx)  # type: ignore[arg-type]
    except (KeyError, ValueError):  # a plan being edited may name what the map lacks
        return frozenset()
    finally:
        ctx.errors.clear()
    return frozenset(h for h in found if h in on_map)  # type: ignore[operator]


def _middle(hexes: frozenset[Hex], size: float) -> QPointF:
    """The centre of the hex nearest the region's middle (inside it even when it is bent)."""
    return QPointF(*hex_to_pixel(middle_hex(hexes, size), size))


def _arrowhead(a: QPointF, b: QPointF, length: float) -> QPolygonF:
    angle = math.atan2(b.y() - a.y(), b.x() - a.x())
    left = angle + math.radians(150)
    right = angle - math.radians(150)
    return QPolygonF(
        [
            b,
            QPointF(b.x() + length * math.cos(left), b.y() + length * math.sin(left)),
            QPointF(b.x() + length * math.cos(right), b.y() + length * math.sin(right)),
            b,
        ]
    )
