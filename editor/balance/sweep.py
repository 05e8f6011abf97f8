"""The Balance dialog's strategy sweep: a small table of each purchase strategy's batch (games,
each side's win rate with its 95% interval, engine errors) and which strategy wins for each side.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from rules.bots.balance import BalanceReport
from rules.pointbuy.purchase import STRATEGIES


def best_strategies(reports: Mapping[str, BalanceReport]) -> dict[str, tuple[str, float]]:
    """For each side that won a game, the strategy under which it won most often, and that rate
    (ties: the first strategy swept, in :data:`~rules.pointbuy.purchase.STRATEGIES` order)."""
    best: dict[str, tuple[str, float]] = {}
    for strategy, report in reports.items():
        if not report.games:
            continue
        for s in report.sides:
            if s.rate > 0 and (s.side not in best or s.rate > best[s.side][1]):
                best[s.side] = (strategy, s.rate)
    return best


class StrategyTable(QWidget):
    """One row per strategy swept; the best strategy of each side in bold, and said in words."""

    def __init__(
        self,
        reports: Mapping[str, BalanceReport],
        names: Mapping[str, str],
        cancelled: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("strategy_table")
        self.reports = dict(reports)
        first = next(iter(reports.values()), None)
        sides = [s.side for s in first.sides] if first is not None else []
        self.best = best_strategies(reports)
        headers = ["Strategy", "Games", *(f"{names.get(s, s)} wins" for s in sides), "Errors"]
        self.table = QTableWidget(len(reports), len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        bold = QFont()
        bold.setBold(True)
        for row, (strategy, report) in enumerate(reports.items()):
            cells = [STRATEGIES[strategy].name, f"{report.games} of {report.requested}"]
            for s in report.sides:
                cells.append(f"{s.rate:.0%} ({s.low:.0%}-{s.high:.0%})")
            cells.append(str(len(report.errors)))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                side = sides[column - 2] if 0 <= column - 2 < len(sides) else None
                if side is not None and self.best.get(side, ("", 0.0))[0] == strategy:
                    item.setFont(bold)
                self.table.setItem(row, column, item)
        self.table.resizeColumnsToContents()
        self.table.setMinimumHeight(
            self.table.horizontalHeader().height()
            + sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
            + 6
        )
        lines = []
        for side in sides:
            if side in self.best:
                strategy, rate = self.best[side]
                lines.append(
                    f"Best for {names.get(side, side)}: {STRATEGIES[strategy].name} "
                    f"({rate:.0%} of its games won)"
                )
            else:
                lines.append(f"{names.get(side, side)} won no game under any strategy")
        if cancelled:
            lines.append(f"Cancelled: {len(reports)} of {len(STRATEGIES)} strategies played.")
        if any(r.games < 30 for r in reports.values()):
            lines.append("Few games per strategy: the 95% intervals are wide.")
        self.summary = QLabel("<br>".join(lines))
        self.summary.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("<b>Purchase strategies compared</b> (bold: each side's best)"))
        layout.addWidget(self.table)
        layout.addWidget(self.summary)
        layout.addStretch(1)
