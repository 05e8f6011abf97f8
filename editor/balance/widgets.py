"""Small plots of a balance report, drawn with QPainter: a win rate with its 95% interval, and
a histogram (victory points per side, game length in turns)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

AXIS = QColor("#5d6d7e")
TRACK = QColor("#e5e8e8")


class IntervalBar(QWidget):
    """A win rate as a bar over 0-100%, its 95% interval as a whisker with end caps, and a
    dashed line at 50% (a fair scenario's interval straddles it)."""

    def __init__(self, colour: QColor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.colour = QColor(colour)
        self.rate, self.low, self.high = 0.0, 0.0, 1.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_rate(self, rate: float, low: float, high: float) -> None:
        self.rate, self.low, self.high = rate, low, high
        self.setToolTip(f"{rate:.0%} of the games won; 95% interval {low:.0%}-{high:.0%}")
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(220, 22)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(120, 22)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        track = QRectF(self.rect()).adjusted(6, 5, -6, -5)  # room for the interval's caps
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        painter.drawRoundedRect(track, 3, 3)
        fill = QColor(self.colour)
        fill.setAlpha(150)
        painter.setBrush(fill)
        painter.drawRoundedRect(
            QRectF(track.topLeft(), QSize(0, 0)).adjusted(
                0, 0, track.width() * self.rate, track.height()
            ),
            3,
            3,
        )
        middle = track.left() + track.width() / 2
        painter.setPen(QPen(AXIS, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(middle, 1), QPointF(middle, self.height() - 1))
        y = track.center().y()
        x0 = track.left() + track.width() * self.low
        x1 = track.left() + track.width() * self.high
        painter.setPen(QPen(self.colour.darker(160), 2))
        painter.drawLine(QPointF(x0, y), QPointF(x1, y))
        for x in (x0, x1):
            painter.drawLine(QPointF(x, y - 6), QPointF(x, y + 6))
        painter.setBrush(self.colour.darker(160))
        painter.drawEllipse(QPointF(track.left() + track.width() * self.rate, y), 3, 3)
        painter.end()


def bins_of(values: Sequence[float], most: int = 12) -> list[tuple[float, float, int]]:
    """Histogram bins ``(low, high, count)``, at most ``most`` of them. Whole numbers get
    whole-number bins (``(27, 30, n)`` holds 27 to 30), one per value over a short range;
    other values ``most`` equal bins."""
    if not values:
        return []
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values):
        width = max(1, math.ceil((high - low + 1) / most))
        count = int((high - low) // width) + 1
        return [
            (
                low + i * width,
                low + (i + 1) * width - 1,
                sum(1 for v in values if low + i * width <= v < low + (i + 1) * width),
            )
            for i in range(count)
        ]
    step = (high - low) / most
    counts = [0] * most
    for v in values:
        counts[min(most - 1, int((v - low) / step))] += 1
    return [(low + i * step, low + (i + 1) * step, n) for i, n in enumerate(counts)]


class Histogram(QWidget):
    """How often each value came up: bars with their counts, the values along the bottom and
    a caption above (``VP of US``, ``game length, turns``)."""

    BAR_MOST = 48  # px: a lone value is a bar, not a wall

    def __init__(
        self,
        caption: str = "",
        colour: QColor | None = None,
        parent: QWidget | None = None,
        unit: str = "",
    ) -> None:
        """``unit`` goes before each value below the bars (``turn `` gives ``turn 6``)."""
        super().__init__(parent)
        self.caption, self.unit = caption, unit
        self.colour = QColor(colour or QColor("#2471a3"))
        self.bins: list[tuple[float, float, int]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(130)

    def set_values(self, values: Sequence[float]) -> None:
        self.bins = bins_of(values)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(260, 140)

    def _label(self, low: float, high: float) -> str:
        if low == high:
            return f"{self.unit}{low:g}"
        return f"{low:g}-{high:g}" if float(low).is_integer() else f"{low:.3g}-{high:.3g}"

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetrics(self.font())
        line = metrics.height()
        painter.setPen(self.palette().text().color())
        painter.drawText(QRectF(0, 0, self.width(), line), Qt.AlignmentFlag.AlignLeft, self.caption)
        plot = QRectF(4, line + 4 + line, self.width() - 8, self.height() - 3 * line - 10)
        painter.setPen(QPen(AXIS, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        if not self.bins:
            painter.drawText(plot, Qt.AlignmentFlag.AlignCenter, "no finished games")
            painter.end()
            return
        tallest = max(n for _, _, n in self.bins) or 1
        step = plot.width() / len(self.bins)
        labels = [self._label(lo, hi) for lo, hi, _ in self.bins]
        # Label every bin when the labels fit, else every k-th.
        every = 1
        while every < len(labels) and max(metrics.horizontalAdvance(t) for t in labels) + 6 > (
            step * every
        ):
            every += 1
        for i, (_, _, n) in enumerate(self.bins):
            height = plot.height() * n / tallest
            width = min(step - 4, self.BAR_MOST)
            left = plot.left() + i * step + (step - width) / 2
            bar = QRectF(left, plot.bottom() - height, width, height)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colour)
            painter.drawRect(bar)
            cell = QRectF(plot.left() + i * step, 0, step, line)
            painter.setPen(self.palette().text().color())
            if n:
                painter.drawText(
                    cell.translated(0, bar.top() - line), Qt.AlignmentFlag.AlignHCenter, str(n)
                )
            if i % every == 0:
                painter.setPen(AXIS)
                text = labels[i]
                width = metrics.horizontalAdvance(text) + 4
                # Centred under its bar, but kept inside the widget (never clipped).
                left = min(max(0.0, cell.center().x() - width / 2), self.width() - width)
                below = QRectF(left, plot.bottom() + 2, width, line)
                painter.drawText(below, Qt.AlignmentFlag.AlignHCenter, text)
        painter.end()
