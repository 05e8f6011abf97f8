"""Set-up zones and entry areas drawn over the map (View > Show Set-up Zones).

A layer of its own above the map item (the map keeps its cache): for each
:class:`model.zones.Zone`, the outline of its hexes in its side's colour with a light fill,
hatched for entry areas and reinforcements, and its label at its middle once zoomed in far
enough to read it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from editor.mapview.shapes import hexes_outline, middle_hex
from editor.style import nation_colour
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.zones import Zone, zones

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument
    from editor.mapview.view import MapView

#: Above the map item (0), below a tool's marks (10 and up).
Z_ZONES = 5.0
#: The view scale from which labels are drawn (a hex about 20 pixels across).
LABEL_SCALE = 0.45


def side_colour(nation: str) -> QColor:
    """The outline colour of a side's zones: the hue of its counter colour, deeper and more
    saturated (counter colours are muted: field grey and olive drab look alike on the map)."""
    colour = QColor(nation_colour(nation))
    hue = colour.hsvHue()
    saturation = max(colour.hsvSaturation(), 170) if hue >= 0 else 0
    return QColor.fromHsv(max(hue, 0), saturation, 125)


def _style(zone: Zone) -> tuple[QPen, QBrush]:
    colour = side_colour(zone.nation)
    pen = QPen(colour, 3.0)
    pen.setCosmetic(True)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    fill = QColor(colour)
    if zone.kind == "set-up":
        fill.setAlpha(45)
        return pen, QBrush(fill)
    if zone.kind == "deployment-mode":
        pen.setStyle(Qt.PenStyle.DotLine)
        fill.setAlpha(30)
        return pen, QBrush(fill)
    fill.setAlpha(150)
    if zone.kind == "reinforcement":
        pen.setStyle(Qt.PenStyle.DashLine)
        return pen, QBrush(fill, Qt.BrushStyle.FDiagPattern)
    return pen, QBrush(fill, Qt.BrushStyle.BDiagPattern)


class ZoneLabel(QGraphicsItem):
    """A zone's caption on a pale plate, drawn only when zoomed in enough to read it."""

    def __init__(self, text: str, colour: QColor, centre: QPointF, size: float) -> None:
        super().__init__()
        self.text = text
        self.colour = colour
        self.font = QFont()
        self.font.setPixelSize(max(6, round(size * 0.5)))
        self.font.setBold(True)
        width = QFontMetricsF(self.font).horizontalAdvance(text)
        height = QFontMetricsF(self.font).height()
        self.rect = QRectF(-width / 2 - 3, -height / 2 - 1, width + 6, height + 2)
        self.setPos(centre)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return self.rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        if option.levelOfDetailFromTransform(painter.worldTransform()) < LABEL_SCALE:
            return
        plate = QColor("#fbf8ee")
        plate.setAlpha(215)
        painter.setPen(QPen(self.colour, 0))
        painter.setBrush(plate)
        painter.drawRoundedRect(self.rect, 3, 3)
        painter.setFont(self.font)
        painter.setPen(self.colour.darker(130))
        painter.drawText(self.rect, Qt.AlignmentFlag.AlignCenter, self.text)


class ZoneLayer:
    """The zones of a document as scene items over the map; off until :meth:`set_visible`."""

    def __init__(self, view: MapView, size: float) -> None:
        self.view = view
        self.size = size
        self.visible = False
        self.zones: list[Zone] = []
        self.path_items: list[QGraphicsPathItem] = []
        self.label_items: list[ZoneLabel] = []
        self._document: ScenarioDocument | None = None

    @property
    def items(self) -> list[QGraphicsItem]:
        return [*self.path_items, *self.label_items]

    @staticmethod
    def outline_of(item: QGraphicsPathItem) -> QColor:
        return item.pen().color()

    def set_visible(self, on: bool, document: ScenarioDocument | None) -> None:
        self.visible = on
        self.refresh(document)

    def refresh(self, document: ScenarioDocument | None) -> None:
        """Draw the zones of ``document`` again (after an edit or a new map), if shown."""
        self._document = document
        self._clear()
        if not self.visible or document is None:
            return
        try:
            self.zones = zones(document.scenario, document.map, document.overlays)
        except Exception:  # a scenario being edited may be half made; show what we can
            self.zones = []
        scene = self.view.scene()
        taken: dict[Hex, int] = {}
        # Large areas first, so small ones (a village, an entry hex) stay on top.
        for zone in sorted(self.zones, key=lambda z: -len(z.hexes)):
            pen, brush = _style(zone)
            item = QGraphicsPathItem(hexes_outline(zone.hexes, self.size))
            item.setPen(pen)
            item.setBrush(brush)
            item.setZValue(Z_ZONES)
            item.setToolTip(zone.label)
            scene.addItem(item)
            self.path_items.append(item)
            anchor = middle_hex(zone.hexes, self.size)
            x, y = hex_to_pixel(anchor, self.size)
            shift = taken.get(anchor, 0)
            taken[anchor] = shift + 1
            label = ZoneLabel(
                zone.label, pen.color(), QPointF(x, y + shift * self.size * 0.7), self.size
            )
            self._keep_on_map(label)
            label.setZValue(Z_ZONES + 1)
            scene.addItem(label)
            self.label_items.append(label)

    def _keep_on_map(self, label: ZoneLabel) -> None:
        """Slide a label inside the map (a zone of one edge hex would hang half off it)."""
        if self.view.item is None:
            return
        bounds = self.view.item.boundingRect()
        box = label.rect.translated(label.pos())
        dx = max(0.0, bounds.left() - box.left()) - max(0.0, box.right() - bounds.right())
        dy = max(0.0, bounds.top() - box.top()) - max(0.0, box.bottom() - bounds.bottom())
        label.setPos(label.pos() + QPointF(dx, dy))

    def _clear(self) -> None:
        self.view.remove_items(self.items)
        self.path_items = []
        self.label_items = []
        self.zones = []
