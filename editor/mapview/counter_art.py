"""Unit counters drawn on the map: for the map view's painter and test play's layer."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPolygonF

from editor.mapview.shapes import line_pen
from editor.style import counter_text, nation_colour
from model.catalog import unit_types
from model.counters import CounterFace, MapCounter, counter_face
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.systems import GameSystem

#: Below these hex radii on screen a counter's part cannot be read, so it is left out.
SYMBOL_FROM = 10.0
LABEL_FROM = 14.0
VALUES_FROM = 40.0  # the values line is about a fifth of a hex: 8 px and more

#: How counters are printed (Edit > Preferences): what each style shows on the top counter.
COUNTER_STYLES: dict[str, str] = {
    "values": "Symbol, name and values",
    "symbol": "NATO symbol and name",
    "plain": "Name only",
}


@functools.lru_cache(maxsize=4096)
def face_of(system: str, unit: str) -> CounterFace:
    """The face of a unit type's counter (its symbol and values), from the catalogue."""
    try:
        catalogue = unit_types(GameSystem(system))
    except (ValueError, KeyError, OSError):
        catalogue = {}
    return counter_face(system, catalogue.get(unit))


def paint_counters(
    painter: QPainter,
    counters: Iterable[MapCounter],
    size: float,
    detail: float,
    system: str | None = None,
    style: str = "values",
) -> None:
    """Unit counters as on the table: a square in the nation's colour, stacked a little up and
    to the right with the stack's size in the corner, a notch on the edge it faces; on the top
    counter, as far as the zoom lets them be read, the unit-type symbol, the unit's name and
    the values its counter prints (the system's ``counter_face``, its ``system.yaml``).
    ``style`` (a key of :data:`COUNTER_STYLES`) leaves out the values ("symbol") or the
    symbol too ("plain")."""
    by_hex: dict[Hex, list[MapCounter]] = {}
    for counter in counters:
        by_hex.setdefault(counter.hex, []).append(counter)
    side = size * 1.12  # a counter fills most of its hex, as on the table
    font = QFont("Sans Serif")
    font.setPixelSize(max(1, round(size * 0.24)))
    font.setBold(True)
    small = QFont("Sans Serif")
    small.setPixelSize(max(1, round(size * 0.2)))
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
            ink = QColor(counter_text(counter.nation))
            face = face_of(system, counter.unit) if system else None
            values = (
                face.text
                if face is not None and detail >= VALUES_FROM and style == "values"
                else ""
            )
            symbol = (
                face is not None
                and face.symbol != "unknown"
                and detail >= SYMBOL_FROM
                and style != "plain"
            )
            if symbol:
                assert face is not None
                box = QRectF(0, 0, side * 0.4, side * 0.24)
                box.moveCenter(QPointF(rect.center().x(), rect.top() + side * 0.2))
                _symbol(painter, face.symbol, box, ink, max(0.6, size / 28))
            if detail >= LABEL_FROM:
                painter.setFont(font)
                painter.setPen(ink)
                middle = 0.52 if values else (0.6 if symbol else 0.5)
                # a face of words alone (a mark of play such as "Smoke next Turn") has the
                # counter's height for two lines, not the band left between symbol and values
                tall = 0.3 if values or symbol else 0.6
                band = QRectF(
                    rect.left(), rect.top() + side * (middle - tall / 2), side, side * tall
                )
                _fitted_text(painter, metrics, counter.label, band, size)
            if values:
                painter.setFont(small)
                painter.setPen(ink)
                band = QRectF(rect.left(), rect.top() + side * 0.7, side, side * 0.26)
                _fitted_text(painter, QFontMetricsF(small), values, band, size)
            if len(stack) > 1 and detail >= LABEL_FROM:
                painter.setFont(small)
                painter.setPen(ink)
                corner = QRectF(
                    rect.left(), rect.top() + side * 0.02, side - size * 0.06, side * 0.3
                )
                painter.drawText(
                    corner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop, str(len(stack))
                )


def _fitted_text(
    painter: QPainter, metrics: QFontMetricsF, text: str, band: QRectF, size: float
) -> None:
    """``text`` centred in ``band``, set smaller to fit as counters do; text of several words
    too long for one line at the smallest size on two lines ("Tracked / vehicle 1", an
    inverted counter [Armor OP X.A]); what still does not fit cut."""
    room = band.width() - size * 0.12
    fit = min(1.0, room / max(1.0, metrics.horizontalAdvance(text)))
    if fit < 0.62 and " " in text:
        words = text.split(" ")
        lines = min(
            ((" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))),
            key=lambda pair: max(metrics.horizontalAdvance(line) for line in pair),
        )
        wide = max(metrics.horizontalAdvance(line) for line in lines)
        tall = band.height() / (2 * metrics.height())
        fit = max(min(1.0, room / max(1.0, wide), tall), 0.5)
        text = "\n".join(
            metrics.elidedText(line, Qt.TextElideMode.ElideRight, room / fit) for line in lines
        )
    else:
        fit = max(fit, 0.62)
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room / fit)
    painter.save()
    painter.translate(band.center())
    painter.scale(fit, fit)
    box = QRectF(-room / fit / 2, -band.height() / fit / 2, room / fit, band.height() / fit)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()


def _symbol(painter: QPainter, kind: str, box: QRectF, ink: QColor, width: float) -> None:
    """A NATO-style unit symbol in ``box``: the frame and the type's mark inside it."""
    painter.save()
    painter.setPen(line_pen(ink.name(), width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(box)
    c = box.center()
    tl, tr, bl, br = box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()
    oval = QRectF(0, 0, box.width() * 0.62, box.height() * 0.56)
    oval.moveCenter(c)
    if kind in ("infantry", "mech-infantry"):
        painter.drawLine(tl, br)
        painter.drawLine(bl, tr)
    if kind in ("armour", "mech-infantry"):
        painter.drawEllipse(oval)
    if kind == "recon":
        painter.drawLine(bl, tr)
    if kind == "artillery":
        painter.setBrush(ink)
        r = box.height() * 0.16
        painter.drawEllipse(c, r, r)
    if kind == "gun":  # anti-tank: an inverted V
        painter.drawLine(bl, QPointF(c.x(), box.top()))
        painter.drawLine(QPointF(c.x(), box.top()), br)
    if kind == "air-defence":
        arc = QRectF(box.left(), c.y(), box.width(), box.height())
        painter.drawArc(arc, 0, 180 * 16)
    if kind == "transport":
        painter.drawLine(QPointF(box.left() + box.width() * 0.2, c.y()),
                         QPointF(box.right() - box.width() * 0.2, c.y()))  # fmt: skip
        r = box.height() * 0.1
        painter.drawEllipse(QPointF(c.x() - box.width() * 0.18, c.y() + box.height() * 0.25), r, r)
        painter.drawEllipse(QPointF(c.x() + box.width() * 0.18, c.y() + box.height() * 0.25), r, r)
    if kind == "aircraft":
        painter.drawLine(QPointF(box.left() + box.width() * 0.2, c.y()),
                         QPointF(box.right() - box.width() * 0.2, c.y()))  # fmt: skip
        painter.drawLine(QPointF(c.x(), box.top() + box.height() * 0.2),
                         QPointF(c.x(), box.bottom() - box.height() * 0.2))  # fmt: skip
    if kind == "hq":  # the staff below the frame's left edge
        painter.drawLine(bl, QPointF(bl.x(), bl.y() + box.height() * 0.8))
    painter.restore()


def _facing_notch(painter: QPainter, rect: QRectF, compass: int) -> None:
    """A small triangle on the edge of the counter towards the compass direction faced."""
    angle = math.radians(-90 + 60 * compass)
    c = rect.center()
    r = rect.width() * 0.5
    tip = QPointF(c.x() + math.cos(angle) * r * 0.98, c.y() + math.sin(angle) * r * 0.98)
    back = r * 0.8  # on the rim, clear of the face
    spread = math.radians(16)
    left = QPointF(c.x() + math.cos(angle - spread) * back, c.y() + math.sin(angle - spread) * back)
    right = QPointF(
        c.x() + math.cos(angle + spread) * back, c.y() + math.sin(angle + spread) * back
    )
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#fafaf5"))
    painter.drawPolygon(QPolygonF([tip, left, right]))
