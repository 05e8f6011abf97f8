"""The Budget panel: what a side's points bought and each purchase rule, live, as a purchase
screen that explains the rules.

For the chosen side (and, in Soldiers, the mission whose budget applies [19.1]): the budget,
editable; spent and left, large, with a bar that turns red when over; every bought line with its
count, unit cost, total and category (Hexwright's prices amber and starred, where each price
comes from in the tooltip); the purchases that are not counters, added from the system's items
(:func:`rules.pointbuy.items.purchase_items`); and every purchase rule with ✓ / ✗ / –, the why
with the figures and its section, broken rules first. It is worked out again on every change of
the document (:func:`rules.pointbuy.report.budget_report` takes well under a millisecond).

Panzer '44 and Panzer Command have no point-buy: a checkbox shows Hexwright's own derived cost,
labelled as ours. Every edit is one undo step (:mod:`model.edits_purchases`); a refusal is shown
in the panel, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.forces.budget_lines import LinesBox
from editor.forces.budget_widgets import Figures, RulesList
from editor.forces.catalog_view import caption, spin
from editor.scenario.validation import loaded_of
from editor.style import MUTED_TEXT
from model import edits, edits_purchases
from model.scenario import Scenario
from model.systems import GameSystem
from rules.pointbuy.base import PointBuy
from rules.pointbuy.items import purchase_items
from rules.pointbuy.report import BudgetLine, BudgetReport, budget_report
from rules.registry import rules_for

#: Systems whose books have no point-buy: Hexwright's derived cost, on request.
DERIVED_LABEL = "Show Hexwright's derived cost (not in the book)"
KINDS = (("points", "points"), ("force points", "force-points"))


class BudgetPanel(QWidget):
    """A side's budget, what it bought and the purchase rules judged, live."""

    #: Reasons an edit was refused, for the window's status bar.
    refused = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.report: BudgetReport | None = None
        self._mission: str | None = None
        self._shown_rules = -1
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._side_row())
        layout.addLayout(self._budget_row())
        self.derived_box = QCheckBox(DERIVED_LABEL)
        self.derived_box.setToolTip(
            "The book has no point-buy: cost each unit by Hexwright's own formula, marked as ours"
        )
        self.derived_box.toggled.connect(lambda *_: self.refresh())
        layout.addWidget(self.derived_box)
        self.figures = Figures()
        layout.addWidget(self.figures)
        self.empty = QLabel("")
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet(MUTED_TEXT)
        layout.addWidget(self.empty)
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self._rules_box())
        splitter.addWidget(self._lines_box())
        splitter.setStretchFactor(0, 3)  # the rules explain: they get the room
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([400, 260])
        layout.addWidget(splitter, 1)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        layout.addWidget(self.message)

    # --- building -------------------------------------------------------------------------

    def _side_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.side_box = QComboBox()
        self.side_box.setToolTip("The side whose purchase is shown")
        self.side_box.currentIndexChanged.connect(lambda *_: self._side_chosen())
        self.mission_label = QLabel("Mission")
        self.mission_box = QComboBox()
        self.mission_box.setToolTip("The mission whose budget applies (Soldiers [19.1])")
        self.mission_box.currentIndexChanged.connect(lambda *_: self._mission_chosen())
        row.addWidget(QLabel("Side"))
        row.addWidget(self.side_box, 1)
        row.addWidget(self.mission_label)
        row.addWidget(self.mission_box, 1)
        return row

    def _budget_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.budget_label = QLabel("Budget")
        self.points_box = spin(0, 9999, "", "The points the side buys its forces with")
        self.points_box.valueChanged.connect(lambda n: self.set_budget(n, self._kind()))
        self.kind_box = QComboBox()
        for text, kind in KINDS:
            self.kind_box.addItem(text, kind)
        self.kind_box.setToolTip("Armor's points or Soldiers' Force Points")
        self.kind_box.currentIndexChanged.connect(
            lambda *_: self.set_budget(self.points_box.value(), self._kind())
        )
        self.add_budget_button = QPushButton("Add budget")
        self.add_budget_button.setToolTip("Give the side points to buy its forces with")
        self.add_budget_button.clicked.connect(self.add_budget)
        self.remove_budget_button = QPushButton("Remove budget")
        self.remove_budget_button.setToolTip("The side's forces are given, not bought")
        self.remove_budget_button.clicked.connect(self.remove_budget)
        for widget in (self.budget_label, self.points_box, self.kind_box):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.add_budget_button)
        row.addWidget(self.remove_budget_button)
        return row

    def _rules_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.rules_caption = caption("Purchase rules")
        layout.addWidget(self.rules_caption)
        self.rules = RulesList()
        layout.addWidget(self.rules, 1)
        return box

    def _lines_box(self) -> QWidget:
        box = LinesBox(self.fontMetrics().height() + 8)
        self.lines, self.legend, self.picker = box.lines, box.legend, box.picker
        self.count_box, self.depleted_box = box.count_box, box.depleted_box
        self.remove_button = box.remove_button
        self.item_box, self.add_count = self.picker.item_box, self.picker.add_count
        self.add_button = self.picker.add_button
        self.lines.itemSelectionChanged.connect(self._line_chosen)
        self.count_box.valueChanged.connect(self.set_selected_count)
        self.depleted_box.toggled.connect(self.set_depleted)
        self.remove_button.clicked.connect(self.remove_selected)
        self.add_button.clicked.connect(self.add_selected_item)
        self.lines_box = box
        return box

    # --- document -------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        board = isinstance(document, BoardDocument)
        self.document = follow(self.document, None if board else document, self._on_changed)
        self._mission = None
        self.setEnabled(self.document is not None)
        system = self.document.scenario.system if self.document else None
        with QSignalBlocker(self.derived_box):
            self.derived_box.setChecked(False)
        self.derived_box.setVisible(system is not None and not _buy(system).book)
        self._fill_sides()

    def _on_changed(self, change: Change) -> None:
        self._fill_sides()

    def side_id(self) -> str | None:
        data = self.side_box.currentData()
        return str(data) if data is not None else None

    def choose_side(self, side_id: str | None) -> None:
        found = self.side_box.findData(side_id)
        if found >= 0:
            self.side_box.setCurrentIndex(found)

    def _fill_sides(self) -> None:
        current = self.side_id()
        with QSignalBlocker(self.side_box):
            self.side_box.clear()
            for side in self.document.scenario.sides if self.document else []:
                self.side_box.addItem(side.name, side.id)
            self.side_box.setCurrentIndex(max(self.side_box.findData(current), 0))
        if current != self.side_id():
            self._mission = None
        self.refresh()

    def _side_chosen(self) -> None:
        self._mission = None
        self.message.clear()
        self.refresh()

    def _mission_chosen(self) -> None:
        mission = self.mission_box.currentData()
        if mission is not None and mission != self._mission:
            self._mission = str(mission)
            self.refresh()

    # --- showing --------------------------------------------------------------------------

    def _compute(self) -> BudgetReport | None:
        side_id = self.side_id()
        if self.document is None or side_id is None:
            return None
        loaded = loaded_of(self.document)
        derived = self.derived_box.isChecked() and self.derived_box.isVisibleTo(self)
        try:
            return budget_report(loaded, side_id, self._mission, derived)
        except KeyError:  # the chosen mission has lost its budget: the side's first one
            self._mission = None
            return budget_report(loaded, side_id, None, derived)

    def refresh(self) -> None:
        """Work the report out again and show it (on every change of the document)."""
        self.report = report = self._compute()
        self._show_budget(report)
        self.figures.show_report(report)
        self._show_rules(report)
        self._show_lines(report)
        self._fill_items()

    def _show_budget(self, report: BudgetReport | None) -> None:
        system = self.document.scenario.system if self.document else None
        has = report is not None and report.budget is not None
        missions = report.missions if report else ()
        self.mission_label.setVisible(bool(missions))
        self.mission_box.setVisible(bool(missions))
        with QSignalBlocker(self.mission_box):
            self.mission_box.clear()
            for mission in self.document.scenario.missions if self.document and missions else []:
                if mission.id in missions:
                    self.mission_box.addItem(mission.name, mission.id)
            self.mission_box.setCurrentIndex(self.mission_box.findData(report and report.mission))
        with QSignalBlocker(self.points_box), QSignalBlocker(self.kind_box):
            self.points_box.setValue(report.budget if report and report.budget else 0)
            kind = report.kind if report else "points"
            self.kind_box.setCurrentIndex(self.kind_box.findData(kind))
        for widget in (self.points_box, self.kind_box, self.remove_budget_button):
            widget.setVisible(has)
        self.add_budget_button.setVisible(not has and self.side_id() is not None)
        where = "the mission's budget" if report and report.mission else "the side's budget"
        self.budget_label.setText("Budget" if has else "No budget")
        self.points_box.setToolTip(f"The points to spend: {where}")
        if report is None:
            derived = system is not None and not _buy(system).book
            self.empty.setText(
                f"{system.display_name} has no point-buy in the book: the forces are "
                "given. Add a budget, or show Hexwright's derived cost."
                if derived and system is not None
                else "This side's forces are given, not bought. Add a budget to buy them."
            )
        self.empty.setVisible(report is None)

    def _show_rules(self, report: BudgetReport | None) -> None:
        rules = self.rules.show_rules(report)
        broken = sum(1 for r in rules if r.state == "broken")
        self.rules_caption.setText(
            f"Purchase rules: {broken} broken of {len(rules)}" if rules else "Purchase rules"
        )
        if len(rules) != self._shown_rules:  # a dragged splitter stays where it was put
            self._shown_rules = len(rules)
            total = sum(self.splitter.sizes()) or 660
            share = 0.25 if len(rules) <= 2 else 0.6  # derived costs: one rule, many lines
            self.splitter.setSizes([int(total * share), total - int(total * share)])

    def _show_lines(self, report: BudgetReport | None) -> None:
        self.lines_box.show_lines(report)
        self._line_chosen()

    def _fill_items(self) -> None:
        side_id = self.side_id()
        if self.document is None or side_id is None:
            self.picker.set_items([], "points")
            return
        scenario = self.document.scenario
        word = "FP" if _buy(scenario.system).budget_kind == "force-points" else "points"
        self.picker.set_items(purchase_items(scenario.system, scenario.side(side_id)), word)
        self.picker.setEnabled(self.report is not None)

    # --- the selected line ----------------------------------------------------------------

    def selected_line(self) -> BudgetLine | None:
        return self.lines.selected_line()

    def select_line(self, what: str) -> None:
        """Select the first line whose item or name is ``what``."""
        self.lines.select_line(what)

    def _line_chosen(self) -> None:
        depleted = self.document is not None and _buy(self.document.scenario.system).depleted
        self.lines_box.show_line(self.selected_line(), depleted)

    # --- edits ----------------------------------------------------------------------------

    def _apply(
        self, work: Callable[[Scenario, str], Scenario], text: str, change: Change
    ) -> list[str]:
        """One undo step of a pure edit for the current side; a refusal is shown inline."""
        side_id = self.side_id()
        if self.document is None or side_id is None:
            return []
        reasons = self.document.edit(lambda scenario: work(scenario, side_id), text, change)
        if not reasons:
            self.message.clear()
        else:
            self.message.setText("\n".join(reasons))
            self.refresh()  # the fields show the scenario as it is
        self.refused.emit(reasons)
        return reasons

    def _kind(self) -> str:
        return str(self.kind_box.currentData())

    def set_budget(self, points: int | None, kind: str = "points") -> list[str]:
        """Set the budget shown (the side's, or the chosen mission's); None takes it away."""
        report, mission = self.report, self.report.mission if self.report else None
        if mission is not None and report is not None and report.budget_path[0] == "missions":
            return self._apply(
                lambda sc, s: edits_purchases.set_mission_budget(sc, mission, points, kind),
                f"Mission {mission}: budget {points}" if points is not None else "No budget",
                Change.PURCHASES,
            )
        text = f"Budget {points} {kind}" if points is not None else "Remove the budget"
        return self._apply(
            lambda sc, s: edits_purchases.set_side_budget(sc, s, points, kind),
            text,
            Change.PURCHASES,
        )

    def add_budget(self) -> list[str]:
        system = self.document.scenario.system if self.document else None
        kind = _buy(system).budget_kind if system is not None else "points"
        return self.set_budget(30 if kind == "force-points" else 200, kind)

    def remove_budget(self) -> list[str]:
        return self.set_budget(None)

    def add_item(self, item: str, count: int = 1) -> list[str]:
        """Buy ``count`` of a purchase item (an id of :func:`purchase_items`)."""
        return self._apply(
            lambda sc, s: edits_purchases.add_purchase(sc, s, item, count),
            f"Buy {count} {item}",
            Change.PURCHASES,
        )

    def add_selected_item(self) -> list[str]:
        item = self.item_box.currentData()
        return [] if item is None else self.add_item(str(item), self.add_count.value())

    def set_selected_count(self, count: int) -> list[str]:
        line = self.selected_line()
        if line is None:
            return []
        index, kind = int(line.path[3]), line.path[2]
        if kind == "purchases":
            work = lambda sc, s: edits_purchases.set_purchase_count(sc, s, index, count)  # noqa: E731
        elif kind == "forces":
            work = lambda sc, s: edits.set_force_count(sc, s, index, count)  # noqa: E731
        else:
            return []
        change = Change.PURCHASES if kind == "purchases" else Change.FORCES
        return self._apply(work, f"{line.what}: {count}", change)

    def remove_selected(self) -> list[str]:
        line = self.selected_line()
        if line is None or line.path[2] not in ("forces", "purchases"):
            return []
        index = int(line.path[3])
        if line.path[2] == "purchases":
            return self._apply(
                lambda sc, s: edits_purchases.remove_purchase(sc, s, index),
                f"Remove {line.what}",
                Change.PURCHASES,
            )
        return self._apply(
            lambda sc, s: edits.remove_force(sc, s, index), f"Remove {line.what}", Change.FORCES
        )

    def set_depleted(self, on: bool) -> list[str]:
        """Buy the selected squad depleted [19.21] (or at full strength again)."""
        line = self.selected_line()
        if line is None or line.path[2] not in ("forces", "reinforcements"):
            return []
        where = line.path[2:]
        text = f"{line.what}: {'depleted' if on else 'full strength'}"
        return self._apply(
            lambda sc, s: edits_purchases.set_entry_state(sc, s, where, "depleted", on),
            text,
            Change.FORCES,
        )


def _buy(system: GameSystem) -> PointBuy:
    return rules_for(system).pointbuy
