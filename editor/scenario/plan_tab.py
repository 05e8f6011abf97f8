"""The Bot plan tab of the Scenario dock: how the heuristic bots play each side (issue 17;
``Side.plan``, :mod:`rules.bots.plan`).

For the side chosen: whether its bots follow a plan, the posture, the objectives in priority
order (added, changed, removed and moved up or down), the units held back and when they are
released, the route's waypoints, and a note. Every change is one undo step through a pure edit
of :mod:`model.edits_plan`; a refused edit says why on the dock's message line or in the form.
Choosing an objective outlines it on the map; View > Show Set-up Zones also draws every plan
(:mod:`editor.mapview.plan_layer`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
)

from editor.files.changes import Change
from editor.scenario.details_tab import ScenarioTab, SentenceTable, ShowPlace, buttons
from editor.scenario.rules_forms import (
    MessageLine,
    RegionField,
    buttons_row,
    compact_form,
    fill_sides,
    words,
)
from model import edits_plan
from model.layout import AssembledMap
from model.region_text import RegionSyntaxError, describe_region, parse_region
from model.scenario import BotPlan, Hold, PlanObjective, Scenario, Waypoint

POSTURES = {
    "attack": "Attack: objectives before losses",
    "defend": "Defend: hold the objectives, spare the units",
    "delay": "Delay: keep out of the enemy's fire",
}
#: A waypoint typed as a printed hex name (J1511, C/1508, 0119) rather than a region phrase.
_HEX_NAME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*\s*/?\s*)?\d{4}\s*$")
#: The change a plan edit announces: the plan is part of how a side sets out to play.
PLAN_CHANGE = Change.SETUP


class ObjectiveForm(QGroupBox):
    """An objective to add or change: its region, the turn it is wanted by, a note."""

    submitted = Signal(object)
    cancelled = Signal()

    def __init__(self) -> None:
        super().__init__("Objective")
        self.region = RegionField("e.g. place Coincourt; hexes K2017, K2018")
        self.by_turn = QSpinBox()
        self.by_turn.setRange(0, 99)
        self.by_turn.setSpecialValueText("any time")
        self.by_turn.setToolTip("The turn the bots should hold it by (checked for reach)")
        self.note = QLineEdit()
        self.message = MessageLine()
        row = QHBoxLayout()
        row.addStretch(1)
        cancel = QPushButton("Cancel")
        cancel.clicked.connect(self.cancelled.emit)
        self.apply = QPushButton("Add")
        self.apply.setDefault(True)
        self.apply.clicked.connect(self._submit)
        row.addWidget(cancel)
        row.addWidget(self.apply)
        form = compact_form()
        form.addRow("Where", self.region)
        form.addRow("By turn", self.by_turn)
        form.addRow("Note", self.note)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(row)

    def start(self, amap: AssembledMap, item: PlanObjective | None) -> None:
        self.region.amap = amap
        self.region.set_region(item.region if item is not None else None)
        self.by_turn.setValue((item.by_turn or 0) if item is not None else 0)
        self.note.setText(item.note if item is not None else "")
        self.apply.setText("Add" if item is None else "Change")
        self.message.clear_message()

    def _submit(self) -> None:
        try:
            region = self.region.region()
        except (RegionSyntaxError, ValueError) as exc:
            self.message.problem(str(exc) or "type where the objective is")
            return
        by_turn = self.by_turn.value() or None
        self.submitted.emit(PlanObjective(region=region, by_turn=by_turn, note=self.note.text()))


class HoldForm(QGroupBox):
    """Units held back: force labels or unit types, released on a turn and/or on contact."""

    submitted = Signal(object)
    cancelled = Signal()

    def __init__(self) -> None:
        super().__init__("Held back")
        self.units = QLineEdit()
        self.units.setPlaceholderText("labels or unit types, e.g. reserve, PZIVJ")
        self.until_turn = QSpinBox()
        self.until_turn.setRange(0, 99)
        self.until_turn.setSpecialValueText("no turn")
        self.until_contact = QCheckBox("or once an enemy could fire at one of them")
        self.message = MessageLine()
        form = compact_form()
        form.addRow("Units", self.units)
        form.addRow("Until turn", self.until_turn)
        form.addRow("", self.until_contact)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons_row("Add", self._submit, self.cancelled.emit))

    def start(self, item: Hold | None) -> None:
        self.units.setText(", ".join(item.units) if item is not None else "")
        self.until_turn.setValue((item.until_turn or 0) if item is not None else 0)
        self.until_contact.setChecked(item.until_contact if item is not None else False)
        self.message.clear_message()

    def _submit(self) -> None:
        units = words(self.units.text())
        turn = self.until_turn.value() or None
        if not units:
            self.message.problem("name the units held: force labels or unit types")
            return
        if turn is None and not self.until_contact.isChecked():
            self.message.problem("say when they are released: a turn, contact, or both")
            return
        self.submitted.emit(
            Hold(units=units, until_turn=turn, until_contact=self.until_contact.isChecked())
        )


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return label


def objective_text(item: PlanObjective) -> str:
    return describe_region(item.region) + (f" ({item.note})" if item.note else "")


def hold_text(item: Hold) -> str:
    until = [f"turn {item.until_turn}"] if item.until_turn is not None else []
    until += ["contact"] if item.until_contact else []
    return " or ".join(until)


def route_text(route: list[Waypoint]) -> str:
    return "; ".join(w if isinstance(w, str) else describe_region(w) for w in route)


def parse_route(text: str) -> list[Waypoint]:
    """Waypoints separated by ``;``: each a hex name or a region phrase."""
    found: list[Waypoint] = []
    for part in (p.strip() for p in text.split(";")):
        if part:
            found.append(part.upper() if _HEX_NAME.match(part) else parse_region(part))
    return found


class PlanTab(ScenarioTab):
    """The bot plan of the side chosen in :attr:`side_box`."""

    def __init__(self, message: MessageLine, show_place: ShowPlace) -> None:
        super().__init__(message)
        self.show_place = show_place
        self.side_box = QComboBox()
        self.side_box.currentIndexChanged.connect(lambda _i: self._fill_plan())
        self.planned = QCheckBox("The bots follow a plan for this side")
        self.planned.setToolTip("Without a plan the bots play for the victory conditions")
        self.planned.toggled.connect(self._set_planned)
        self.posture = QComboBox()
        for key, text in POSTURES.items():
            self.posture.addItem(text, key)
        self.posture.currentIndexChanged.connect(lambda _i: self._set_posture())
        # Long choices must not widen the narrow dock: the combo shows what fits.
        self.posture.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.posture.setMinimumContentsLength(12)
        self.objectives = SentenceTable(["#", "Objective", "By"])
        self.objectives.setColumnWidth(0, 28)
        self.objectives.setColumnWidth(2, 60)
        self.objectives.horizontalHeader().setStretchLastSection(False)
        self.objectives.horizontalHeader().setSectionResizeMode(
            1, self.objectives.horizontalHeader().ResizeMode.Stretch
        )
        self.objectives.itemSelectionChanged.connect(self._objective_chosen)
        self.objectives.itemDoubleClicked.connect(lambda *_: self.edit_objective())
        self.objective_form = ObjectiveForm()
        self.objective_form.hide()
        self.objective_form.submitted.connect(self._objective_submitted)
        self.objective_form.cancelled.connect(self.objective_form.hide)
        objective_row, made = buttons(
            ("Add…", self.add_objective),
            ("Edit…", self.edit_objective),
            ("Remove", self.remove_objective),
        )
        self.objective_buttons: list[QAbstractButton] = list(made)
        for arrow, by, tip in (
            (Qt.ArrowType.UpArrow, -1, "Earlier"),
            (Qt.ArrowType.DownArrow, 1, "Later"),
        ):
            step = QToolButton()
            step.setArrowType(arrow)
            step.setToolTip(f"{tip} in the priority order")
            step.clicked.connect(lambda _=False, by=by: self.move_objective(by))
            objective_row.addWidget(step)
            self.objective_buttons.append(step)
        self.holds = SentenceTable(["Held back", "Until"])
        self.holds.setColumnWidth(0, 180)
        self.holds.setMinimumHeight(70)
        self.holds.itemSelectionChanged.connect(self._enable)
        self.holds.itemDoubleClicked.connect(lambda *_: self.edit_hold())
        self.hold_form = HoldForm()
        self.hold_form.hide()
        self.hold_form.submitted.connect(self._hold_submitted)
        self.hold_form.cancelled.connect(self.hold_form.hide)
        hold_row, self.hold_buttons = buttons(
            ("Add…", self.add_hold), ("Edit…", self.edit_hold), ("Remove", self.remove_hold)
        )
        self.route = QLineEdit()
        self.route.setPlaceholderText("waypoints in order, e.g. K1014; K1516; place Coincourt")
        self.route.setToolTip("Hex names or regions separated by ';' (Enter to apply)")
        self.route.editingFinished.connect(self.apply_route)
        self.note = QLineEdit()
        self.note.setPlaceholderText("the intent, in the book's words where it gives them")
        self.note.editingFinished.connect(self.apply_note)
        self._lay_out(objective_row, hold_row)

    def _lay_out(self, objective_row: QHBoxLayout, hold_row: QHBoxLayout) -> None:
        layout = QVBoxLayout(self)
        side_row = QHBoxLayout()
        side_row.addWidget(QLabel("Side"))
        side_row.addWidget(self.side_box, 1)
        layout.addLayout(side_row)
        layout.addWidget(self.planned)
        self.body = QGroupBox()
        self.body.setFlat(True)
        inner = QVBoxLayout(self.body)
        inner.setContentsMargins(0, 0, 0, 0)
        posture = QFormLayout()
        posture.addRow("Posture", self.posture)
        inner.addLayout(posture)
        inner.addWidget(_heading("<b>Objectives</b>, the first first"))
        inner.addWidget(self.objectives, 2)
        inner.addLayout(objective_row)
        inner.addWidget(self.objective_form)
        inner.addWidget(_heading("<b>Units held back</b>"))
        inner.addWidget(self.holds, 1)
        inner.addLayout(hold_row)
        inner.addWidget(self.hold_form)
        more = compact_form()
        more.addRow("Route", self.route)
        more.addRow("Note", self.note)
        inner.addLayout(more)
        layout.addWidget(self.body, 1)

    # --- showing ----------------------------------------------------------------------------

    def fill(self, scenario: Scenario | None) -> None:
        """Show the sides and the chosen side's plan again."""
        with QSignalBlocker(self.side_box):
            fill_sides(self.side_box, scenario)
        self._fill_plan()

    def plan(self) -> BotPlan | None:
        scenario, side = self.scenario, self.side_box.currentData()
        if scenario is None or side is None:
            return None
        return scenario.side(side).plan

    def _fill_plan(self) -> None:
        plan = self.plan()
        chosen = self.objectives.currentRow()
        with QSignalBlocker(self.planned), QSignalBlocker(self.posture):
            self.planned.setChecked(plan is not None)
            self.posture.setCurrentIndex(max(self.posture.findData(plan and plan.posture), 0))
        self.body.setEnabled(plan is not None)
        self.objectives.clear_rows()
        self.holds.clear_rows()
        for i, item in enumerate(plan.objectives if plan else []):
            by = f"turn {item.by_turn}" if item.by_turn else ""
            self.objectives.add_row([str(i + 1), objective_text(item), by], i)
        for i, hold in enumerate(plan.hold if plan else []):
            self.holds.add_row([", ".join(hold.units), hold_text(hold)], i)
        if 0 <= chosen < self.objectives.rowCount():
            with QSignalBlocker(self.objectives):
                self.objectives.selectRow(chosen)
        self.objectives.fit_rows()
        self.holds.fit_rows()
        for line, text in (
            (self.route, route_text(plan.route) if plan else ""),
            (self.note, plan.note if plan else ""),
        ):
            line.setText(text)
            line.setCursorPosition(0)  # the start of a long text, not its end
        self._enable()

    def _enable(self) -> None:
        row = self.objectives.currentRow() if self.objectives.selectedItems() else -1
        count = self.objectives.rowCount()
        _add, edit, remove, up, down = self.objective_buttons
        edit.setEnabled(row >= 0)
        remove.setEnabled(row >= 0)
        up.setEnabled(row > 0)
        down.setEnabled(0 <= row < count - 1)
        chosen = bool(self.holds.selectedItems())
        self.hold_buttons[1].setEnabled(chosen)
        self.hold_buttons[2].setEnabled(chosen)

    def _path(self, index: int) -> str:
        scenario = self.scenario
        assert scenario is not None
        side = [s.id for s in scenario.sides].index(self.side_box.currentData())
        return f"sides[{side}].plan.objectives[{index}]"

    def _objective_chosen(self) -> None:
        self._enable()
        index = self.selected_objective()
        if index is not None:
            self.show_place(self._path(index))

    def selected_objective(self) -> int | None:
        return self.objectives.currentRow() if self.objectives.selectedItems() else None

    def selected_hold(self) -> int | None:
        return self.holds.currentRow() if self.holds.selectedItems() else None

    # --- edits ------------------------------------------------------------------------------

    def _edit(self, edit: Callable[[Scenario, str], Scenario], text: str) -> bool:
        side = self.side_box.currentData()
        if side is None:
            return False
        return self._do(lambda s: edit(s, side), text, PLAN_CHANGE)

    def _set_planned(self, on: bool) -> None:
        plan = BotPlan(posture=self.posture.currentData() or "attack") if on else None
        text = "Give a side a bot plan" if on else "Remove a side's bot plan"
        self._edit(lambda s, side: edits_plan.set_plan(s, side, plan), text)

    def _set_posture(self) -> None:
        posture = self.posture.currentData()
        self._edit(lambda s, side: edits_plan.set_posture(s, side, posture), "Change a posture")

    def add_objective(self) -> None:
        if self.document is not None and self.plan() is not None:
            self.objectives.clearSelection()
            self.objective_form.start(self.document.map, None)
            self.objective_form.show()

    def edit_objective(self) -> None:
        plan, index = self.plan(), self.selected_objective()
        if self.document is not None and plan is not None and index is not None:
            self.objective_form.start(self.document.map, plan.objectives[index])
            self.objective_form.show()

    def _objective_submitted(self, item: object) -> None:
        assert isinstance(item, PlanObjective)
        assert self.document is not None
        index, amap = self.selected_objective(), self.document.map
        text = "Change an objective" if index is not None else "Add an objective"
        reasons = self._reasons(
            lambda s, side: edits_plan.put_objective(s, side, index, item, amap), text
        )
        if reasons:
            self.objective_form.message.problem(reasons)
            return
        self.objective_form.hide()
        count = self.objectives.rowCount()
        self.objectives.selectRow(index if index is not None else count - 1)

    def remove_objective(self) -> bool:
        index = self.selected_objective()
        if index is None:
            return False
        return self._edit(
            lambda s, side: edits_plan.remove_objective(s, side, index), "Remove an objective"
        )

    def move_objective(self, by: int) -> bool:
        index = self.selected_objective()
        if index is None:
            return False
        text = "Raise an objective" if by < 0 else "Lower an objective"
        made = self._edit(lambda s, side: edits_plan.move_objective(s, side, index, by), text)
        if made:
            self.objectives.selectRow(index + by)
        return made

    def add_hold(self) -> None:
        if self.plan() is not None:
            self.holds.clearSelection()
            self.hold_form.start(None)
            self.hold_form.show()

    def edit_hold(self) -> None:
        plan, index = self.plan(), self.selected_hold()
        if plan is not None and index is not None:
            self.hold_form.start(plan.hold[index])
            self.hold_form.show()

    def _hold_submitted(self, item: object) -> None:
        assert isinstance(item, Hold)
        index = self.selected_hold()
        text = "Change held units" if index is not None else "Hold units back"
        reasons = self._reasons(lambda s, side: edits_plan.put_hold(s, side, index, item), text)
        if reasons:
            self.hold_form.message.problem(reasons)
            return
        self.hold_form.hide()

    def remove_hold(self) -> bool:
        index = self.selected_hold()
        if index is None:
            return False
        return self._edit(lambda s, side: edits_plan.remove_hold(s, side, index), "Release units")

    def apply_route(self) -> bool:
        plan = self.plan()
        if plan is None or self.document is None or self.route.text() == route_text(plan.route):
            return False
        try:
            route = parse_route(self.route.text())
        except RegionSyntaxError as exc:
            self.message.problem(f"route: {exc}")
            return False
        amap = self.document.map
        return self._edit(
            lambda s, side: edits_plan.set_route(s, side, route, amap), "Change a route"
        )

    def apply_note(self) -> bool:
        plan = self.plan()
        if plan is None or self.note.text() == plan.note:
            return False
        note = self.note.text()
        return self._edit(lambda s, side: edits_plan.set_note(s, side, note), "Change a plan note")

    def _reasons(self, edit: Callable[[Scenario, str], Scenario], text: str) -> str:
        """Make the edit one undo step; the reasons it was refused ("" when made)."""
        side = self.side_box.currentData()
        if side is None or self.document is None:
            return "no side chosen"
        reasons = self.document.edit(lambda s: edit(s, side), text, PLAN_CHANGE)
        return "\n".join(reasons)
