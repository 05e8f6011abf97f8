"""The Budget panel's lower half, what the points buy: every bought line a row (count, unit
cost, total, category; Hexwright's prices amber and starred, where each price comes from in
the tooltip), the selected line's count, Depleted and Remove, and the purchases that are not
counters, picked from the system's items.

The widgets show a :class:`rules.pointbuy.report.BudgetReport`; the panel connects their signals to
its edits.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.forces.catalog_view import PLACEHOLDER_COLOUR, caption, spin
from rules.pointbuy.items import PurchaseItem
from rules.pointbuy.report import BudgetLine, BudgetReport

COLUMNS = ("What", "Count", "Unit cost", "Total", "Category")


def provenance_tip(line: BudgetLine) -> str:
    if line.placeholder:
        return f"Hexwright's price (placeholder): {line.placeholder}"
    if line.source:
        return f"Source: {line.source}"
    return "No price: the book's value is not in the text (counted as 0)"


def line_cells(line: BudgetLine) -> list[QTableWidgetItem]:
    """The cells of a bought line: what, count, unit cost, total, category; a placeholder
    price is amber and starred, its provenance in every cell's tooltip."""
    if line.unit_cost is None:
        cost = "no price"
    else:
        cost = f"{line.unit_cost} per {line.per}" if line.per > 1 else str(line.unit_cost)
    star = "*" if line.placeholder else ""
    texts = [line.what, str(line.count), cost + star, f"{line.total}{star}", line.category]
    tip = provenance_tip(line)
    cells = []
    for column, text in enumerate(texts):
        cell = QTableWidgetItem(text)
        cell.setToolTip(f"{line.what}: {tip}")
        if column in (1, 2, 3):
            cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if column in (2, 3) and (line.placeholder or line.unit_cost is None):
            cell.setForeground(PLACEHOLDER_COLOUR)
        cells.append(cell)
    return cells


class LinesTable(QTableWidget):
    """Every bought line, one line a row (the full name in the tooltip): what, count, unit
    cost, total and category. The chosen line stays chosen when the lines are shown again."""

    def __init__(self, row_height: int, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        #: The lines shown, a row each.
        self.shown: list[BudgetLine] = []
        self.setHorizontalHeaderLabels(COLUMNS)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.setMinimumHeight(110)
        self.setWordWrap(False)  # one line a row: the full name is in the tooltip
        self.verticalHeader().setDefaultSectionSize(row_height)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def show_lines(self, report: BudgetReport | None) -> None:
        """Show the report's lines (none without a report), with no selection signal."""
        chosen = self.selected_line()
        self.shown = list(report.lines) if report else []
        with QSignalBlocker(self):
            self.setRowCount(0)
            self.setRowCount(len(self.shown))
            for row, line in enumerate(self.shown):
                for column, cell in enumerate(line_cells(line)):
                    self.setItem(row, column, cell)
            paths = [line.path for line in self.shown]
            if chosen is not None and chosen.path in paths:
                self.selectRow(paths.index(chosen.path))

    def selected_line(self) -> BudgetLine | None:
        rows = self.selectionModel().selectedRows() if self.selectionModel() else []
        if not rows or not 0 <= rows[0].row() < len(self.shown):
            return None
        return self.shown[rows[0].row()]

    def select_line(self, what: str) -> None:
        """Select the first line whose item or name is ``what``."""
        for row, line in enumerate(self.shown):
            if what in (line.item, line.what):
                self.selectRow(row)
                return
        raise ValueError(f"no line '{what}'")


class LinesBox(QWidget):
    """The lines table, the legend of Hexwright's prices, the selected line's controls and the
    item picker, one above the other."""

    def __init__(self, row_height: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption("What the points buy"))
        self.lines = LinesTable(row_height)
        layout.addWidget(self.lines, 1)
        self.legend = QLabel("* Hexwright's price, not the book's: hover for what it is based on")
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet(f"color: {PLACEHOLDER_COLOUR.name()}")
        layout.addWidget(self.legend)
        layout.addLayout(self._line_row())
        self.picker = ItemPicker()
        layout.addWidget(self.picker)

    def _line_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.count_box = spin(1, 999, "count ", "How many of the selected line are bought")
        self.depleted_box = QCheckBox("Depleted")
        self.depleted_box.setToolTip("Bought depleted, at the depleted price (Soldiers [19.21])")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected line out of what the side buys")
        row.addWidget(QLabel("Selected:"))
        row.addWidget(self.count_box)
        row.addWidget(self.depleted_box)
        row.addStretch(1)
        row.addWidget(self.remove_button)
        return row

    def show_lines(self, report: BudgetReport | None) -> None:
        """Show the report's lines; the legend only when a price is Hexwright's."""
        self.lines.show_lines(report)
        self.legend.setVisible(any(line.placeholder for line in self.lines.shown))

    def show_line(self, line: BudgetLine | None, depleted: bool) -> None:
        """The selected line's count and state, with no signal; what may be changed of it
        (Depleted only where units may be bought depleted: Soldiers' squads)."""
        kind = line.path[2] if line is not None else None
        with QSignalBlocker(self.count_box), QSignalBlocker(self.depleted_box):
            self.count_box.setValue(line.count if line else 1)
            self.depleted_box.setChecked(bool(line and "depleted" in line.tags))
        self.count_box.setEnabled(kind in ("forces", "purchases"))
        self.remove_button.setEnabled(kind in ("forces", "purchases"))
        self.depleted_box.setVisible(depleted)
        self.depleted_box.setEnabled(kind in ("forces", "reinforcements"))


class ItemPicker(QWidget):
    """The system's purchase items with their prices (a separator between categories, a
    placeholder price starred, its provenance in the tooltip), a count and Buy. Hidden when
    the system buys nothing but units."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.item_box = QComboBox()
        self.item_box.setToolTip("What the side may buy besides its counters, with the price")
        self.item_box.setMinimumContentsLength(14)
        self.item_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.add_count = spin(1, 999, "", "How many to buy (intelligence: the FP spent on it)")
        self.add_button = QPushButton("Buy")
        self.add_button.setToolTip("Add the chosen item to what the side buys")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.item_box, 1)
        row.addWidget(self.add_count)
        row.addWidget(self.add_button)

    def set_items(self, items: list[PurchaseItem], word: str) -> None:
        current = self.item_box.currentData()
        with QSignalBlocker(self.item_box):
            self.item_box.clear()
            category = None
            for item in items:
                if category is not None and item.category != category:
                    self.item_box.insertSeparator(self.item_box.count())
                category = item.category
                cost = "no price" if item.cost is None else f"{item.cost} {word}"
                per = f" per {item.per}" if item.per > 1 else ""
                star = "*" if item.placeholder else ""
                self.item_box.addItem(f"{item.name} · {cost}{per}{star}", item.id)
                tip = item.placeholder or (f"Source: {item.source}" if item.source else "")
                self.item_box.setItemData(
                    self.item_box.count() - 1,
                    f"{item.category}: {tip}",
                    Qt.ItemDataRole.ToolTipRole,
                )
            found = self.item_box.findData(current) if current is not None else -1
            self.item_box.setCurrentIndex(max(found, 0))
        self.setVisible(bool(items))
