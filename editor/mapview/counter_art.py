"""Unit counters drawn on the map: for the map view's painter and test play's layer."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPolygonF

from editor.mapview.shapes import line_pen
from editor.style import counter_text, nation_colour
from model.counters import MapCounter
from model.grid import hex_to_pixel
from model.hexes import Hex


def paint_counters(
    painter: QPainter, counters: Iterable[MapCounter], size: float, detail: float
) -> None:
    """Unit counters: a square in the side's colour, stacked a little up and to the right,
    the unit's name when it can be read, a notch on the edge it faces."""
    by_hex: dict[Hex, list[MapCounter]] = {}
    for counter in counters:
        by_hex.setdefault(counter.hex, []).append(counter)
    side = size * 1.12  # a counter fills most of its hex, as on the table
    font = QFont("Sans Serif")
    font.setPixelSize(max(1, round(size * 0.24)))
    font.setBold(True)
    painter.setFont(font)
    metrics = QFontMetricsF(font)
    for h, stack in by_hex.items():
        cx, cy = hex_to_pixel(h, size)
        shown = stack[:4]
        for depth, counter in enumerate(shown):
            shift = depth * size * 0.1
            rect = QRectF(cx - side / 2 + shift, cy - side / 2 - shift, side, side)
            fill = QColor(nation_colour(counter.nation))
            painter.setPen(line_pen("#1d1d1b", max(0.8, size / 24)))
            painter.setBrush(fill)
            painter.drawRoundedRect(rect, size * 0.08, size * 0.08)
            if depth < len(shown) - 1:
                continue  # only the top counter's face is readable
            if counter.facing is not None:
                _facing_notch(painter, rect, counter.facing)
            if detail >= 14:
                painter.setPen(QColor(counter_text(counter.nation)))
                # Long names are set smaller to fit, as counters do; very long ones cut.
                room = rect.width() - size * 0.12
                fit = min(1.0, room / max(1.0, metrics.horizontalAdvance(counter.label)))
                fit = max(fit, 0.62)
                text = metrics.elidedText(counter.label, Qt.TextElideMode.ElideRight, room / fit)
                painter.save()
                painter.translate(rect.center())
                painter.scale(fit, fit)
                box = QRectF(-room / fit / 2, -rect.height() / 2, room / fit, rect.height())
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
                painter.restore()
                if len(stack) > 1:
                    corner = QRectF(rect.left(), rect.top(), rect.width() - 2, side * 0.34)
                    painter.drawText(
                        corner,
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                        str(len(stack)),
                    )


def _facing_notch(painter: QPainter, rect: QRectF, compass: int) -> None:
    """A small triangle on the edge of the counter towards the compass direction faced."""
    angle = math.radians(-90 + 60 * compass)
    c = rect.center()
    r = rect.width() * 0.5
    tip = QPointF(c.x() + math.cos(angle) * r * 0.98, c.y() + math.sin(angle) * r * 0.98)
    back = r * 0.62
    spread = math.radians(16)
    left = QPointF(c.x() + math.cos(angle - spread) * back, c.y() + math.sin(angle - spread) * back)
    right = QPointF(
        c.x() + math.cos(angle + spread) * back, c.y() + math.sin(angle + spread) * back
    )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#fafaf5"))
    painter.drawPolygon(QPolygonF([tip, left, right]))
