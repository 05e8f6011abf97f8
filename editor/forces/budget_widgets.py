"""The Budget panel's pieces that only show things: the large spent / left figures with their
bar, and the list of purchase rules with their icons and rows (what the points buy is in
:mod:`editor.forces.budget_lines`).

Everything here reads a :class:`rules.pointbuy.report.BudgetReport`; nothing edits.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from editor.forces.catalog_view import PLACEHOLDER_COLOUR
from editor.style import MUTED_TEXT
from rules.pointbuy.report import BudgetReport, RuleResult

MET, BROKEN, NOT_APPLICABLE = "#2e7d32", "#c0392b", "#8c8c8c"
BROKEN_BACKGROUND = QColor("#fbe9e7")
WARNING_BACKGROUND = QColor("#fff4d6")
_ORDER = {"broken": 0, "met": 1, "n/a": 2}


def unit_word(report: BudgetReport) -> str:
    return "FP" if report.kind == "force-points" else "points"


def rule_icon(state: str, size: int = 16) -> QIcon:
    """A green disk with a tick (met), a red square with a cross (broken), a grey bar (does
    not apply): told apart by shape as well as colour."""
    pixmap = QPixmap(size * 2, size * 2)  # drawn at twice the size, sharp on high-DPI screens
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(2, 2, size * 2 - 4, size * 2 - 4)
    white = QPen(QColor("white"), size * 0.28)
    white.setCapStyle(Qt.PenCapStyle.RoundCap)
    if state == "met":
        painter.setBrush(QBrush(QColor(MET)))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawEllipse(box)
        painter.setPen(white)
        s = size * 2
        painter.drawPolyline(
            [_pt(s * 0.27, s * 0.52), _pt(s * 0.43, s * 0.68), _pt(s * 0.73, s * 0.33)]
        )
    elif state == "broken":
        painter.setBrush(QBrush(QColor(BROKEN)))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawRoundedRect(box, size * 0.3, size * 0.3)
        painter.setPen(white)
        a, b = size * 0.62, size * 2 - size * 0.62
        painter.drawLine(_pt(a, a), _pt(b, b))
        painter.drawLine(_pt(a, b), _pt(b, a))
    else:
        bar = QPen(QColor(NOT_APPLICABLE), size * 0.3)
        bar.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(bar)
        painter.drawLine(_pt(size * 0.5, size), _pt(size * 1.5, size))
    painter.end()
    return QIcon(pixmap)


def _pt(x: float, y: float) -> QPointF:
    return QPointF(x, y)


def ordered(rules: Iterable[RuleResult]) -> list[RuleResult]:
    """Broken rules first (book rules before warnings), then those met, then the rest."""
    return sorted(rules, key=lambda r: (_ORDER[r.state], r.severity == "warning"))


def rule_item(rule: RuleResult) -> QListWidgetItem:
    """A row of the rules list: its name and section, then the why with the figures."""
    item = QListWidgetItem(rule_icon(rule.state), f"{rule.name}  ·  {rule.source}\n{rule.why}")
    mark = {"met": "✓ met", "broken": "✗ broken", "n/a": "– does not apply"}[rule.state]
    severity = " (a warning)" if rule.state == "broken" and rule.severity == "warning" else ""
    item.setToolTip(f"{mark}{severity}: {rule.name}\n{rule.why}\n{rule.source}")
    item.setData(Qt.ItemDataRole.UserRole, rule.id)
    if rule.state == "broken":
        warning = rule.severity == "warning"
        item.setBackground(WARNING_BACKGROUND if warning else BROKEN_BACKGROUND)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    elif rule.state == "n/a":
        item.setForeground(QColor("#707070"))
    return item


class RulesList(QListWidget):
    """Every purchase rule with ✓ / ✗ / –, the why with the figures and its section, broken
    rules first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setUniformItemSizes(False)
        self.setSpacing(1)
        self.setMinimumHeight(110)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def show_rules(self, report: BudgetReport | None) -> list[RuleResult]:
        """Show the report's rules (none without a report); returns them as shown."""
        self.clear()
        rules = ordered(report.rules) if report else []
        for rule in rules:
            self.addItem(rule_item(rule))
        return rules


class Figures(QWidget):
    """What was spent and what is left, large, with a bar that turns red when over."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spent = QLabel("")
        self.left = QLabel("")
        for label in (self.spent, self.left):
            font = QFont(label.font())
            font.setPointSizeF(font.pointSizeF() * 1.7)
            font.setBold(True)
            label.setFont(font)
        self.spent_caption, self.left_caption = QLabel(""), QLabel("")
        self.bar = QProgressBar()
        self.bar.setTextVisible(False)
        self.bar.setFixedHeight(10)
        row = QHBoxLayout()
        row.addLayout(_stacked(self.spent, self.spent_caption))
        row.addStretch(1)
        row.addLayout(_stacked(self.left, self.left_caption, right=True))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(3)
        layout.addLayout(row)
        layout.addWidget(self.bar)

    def show_report(self, report: BudgetReport | None) -> None:
        if report is None:
            self.setVisible(False)
            return
        self.setVisible(True)
        word = unit_word(report)
        self.spent.setText(str(report.spent))
        if report.budget is None or report.left is None:
            self.spent_caption.setText(f"{word} by Hexwright's derived cost (not in the book)")
            self.spent_caption.setStyleSheet(f"color: {PLACEHOLDER_COLOUR.name()}")
            self.left.setText("")
            self.left_caption.setText("")
            self.bar.setVisible(False)
            return
        over = report.left < 0
        self.spent_caption.setText(f"{word} spent of {report.budget}")
        self.spent_caption.setStyleSheet(MUTED_TEXT)
        self.left.setText(str(abs(report.left)))
        self.left_caption.setText(f"{word} over" if over else f"{word} left")
        colour = BROKEN if over else MET
        self.left.setStyleSheet(f"color: {colour}")
        self.bar.setVisible(True)
        self.bar.setRange(0, max(report.budget, report.spent, 1))
        self.bar.setValue(report.spent)
        self.bar.setStyleSheet(
            f"QProgressBar {{ border: 1px solid #999; border-radius: 3px; background: #eee }}"
            f" QProgressBar::chunk {{ background: {colour}; border-radius: 2px }}"
        )
        self.bar.setToolTip(f"{report.spent} of {report.budget} {word}")


def _stacked(big: QLabel, small: QLabel, right: bool = False) -> QVBoxLayout:
    layout = QVBoxLayout()
    layout.setSpacing(0)
    small.setStyleSheet(MUTED_TEXT)
    if right:
        for label in (big, small):
            label.setAlignment(Qt.AlignmentFlag.AlignRight)
    layout.addWidget(big)
    layout.addWidget(small)
    return layout
