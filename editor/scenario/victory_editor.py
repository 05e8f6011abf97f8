"""The form that adds or changes one victory condition: its kind (control, units in an area,
exit, enemy losses, an object destroyed, a VP threshold, or the book's words), the side it
benefits, its award (VP, VP each, a multiple of the units' value, or a result), what it needs
(an area in the book's words, checked as it is typed; objects; a count or a number) and when
it is judged.

A condition of another kind (line of sight, casualties, all-of...) is shown and may be removed
in the panel, but edited in the file; editing one of the common kinds keeps the fields the form
does not show (unit filters, notes).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.scenario.rules_forms import (
    ListForm,
    MessageLine,
    RegionField,
    buttons_row,
    compact_form,
    fill_sides,
    words,
)
from model import edits_details
from model.catalog import unit_types
from model.layout import AssembledMap
from model.scenario import Scenario
from model.victory import (
    Award,
    Condition,
    Control,
    Destroyed,
    EnemyLosses,
    Exit,
    TextCondition,
    UnitFilter,
    UnitsIn,
    VpThreshold,
)

#: The kinds the form edits, with their labels.
CONDITION_KINDS: dict[str, str] = {
    "control": "Control of an area",
    "units-in": "Units in an area",
    "exit": "Units exit the map",
    "enemy-losses": "Enemy losses",
    "destroyed": "Objects destroyed",
    "vp-threshold": "Victory points against a number",
    "text": "In the book's words",
}
_TYPES: dict[
    str, type[Control | UnitsIn | Exit | EnemyLosses | Destroyed | VpThreshold | TextCondition]
] = {
    "control": Control,
    "units-in": UnitsIn,
    "exit": Exit,
    "enemy-losses": EnemyLosses,
    "destroyed": Destroyed,
    "vp-threshold": VpThreshold,
    "text": TextCondition,
}
#: Kinds whose units the form filters by type and label.
_FILTERED = ("control", "units-in", "exit")
#: Award choices: label, and how the value box is read.
AWARDS = (
    ("VP", "vp"),
    ("VP each", "each"),
    ("× their value in VP", "unit-value"),
    ("a win", "win"),
    ("a draw", "draw"),
    ("a loss", "lose"),
)
WHEN = (
    ("at the end", "end"),
    ("the moment it happens", "instant"),
    ("at the end of any turn", "end-of-any-turn"),
    ("throughout the final turn", "throughout-final-turn"),
    ("during the final turn", "during-final-turn"),
)
COMPARE = (
    ("at least", ">="),
    ("more than", ">"),
    ("fewer than", "<"),
    ("at most", "<="),
    ("exactly", "=="),
)


def award_choice(award: Award) -> tuple[str, float]:
    """The award box's choice and value for an award."""
    if award.result is not None and award.vp is None and award.per is None:
        return award.result, 0.0
    if award.per == "unit-value":
        return "unit-value", award.multiplier
    if award.per == "each":
        return "each", award.vp or 1.0
    return "vp", award.vp or 0.0


def make_award(choice: str, value: float, base: Award | None) -> Award:
    """The award for a choice and value (keeps a cap of the award it replaces)."""
    cap = base.cap if base else None
    if choice in ("win", "draw", "lose"):
        return Award(result=choice)
    if choice == "unit-value":
        return Award(per="unit-value", multiplier=value or 1.0, cap=cap)
    if choice == "each":
        return Award(vp=value, per="each", cap=cap)
    return Award(vp=value, cap=cap)


def editable(condition: Condition) -> bool:
    """Whether the form edits this kind of condition."""
    return condition.kind in CONDITION_KINDS


class ConditionForm(ListForm):
    """Add or change one victory condition; ``submitted`` carries the condition."""

    def __init__(self) -> None:
        super().__init__("Victory condition")
        self.base: Condition | None = None
        self.known_types: set[str] = set()
        self.known_labels: list[str] = []
        self.kind_box = QComboBox()
        for kind, label in CONDITION_KINDS.items():
            self.kind_box.addItem(label, kind)
        self.side = QComboBox()
        self.award = QComboBox()
        for label, data in AWARDS:
            self.award.addItem(label, data)
        self.award_value = QDoubleSpinBox()
        self.award_value.setRange(0, 10000)
        self.award_value.setDecimals(1)
        self.region = RegionField()
        self.objects = QComboBox()
        self.objects.setEditable(True)
        self.objects.setToolTip("A named set of the scenario's map objects (the bridge...)")
        self.compare = QComboBox()
        for label, data in COMPARE:
            self.compare.addItem(label, data)
        self.count = QSpinBox()
        self.count.setRange(0, 999)
        self.vp = QDoubleSpinBox()
        self.vp.setRange(0, 100000)
        self.vp.setDecimals(0)
        self.vp.setSuffix(" VP")
        self.whose = QComboBox()
        self.whose.addItem("its own", "own")
        self.whose.addItem("the enemy's", "enemy")
        self.unit_types = QLineEdit()
        self.unit_types.setPlaceholderText("any; or unit type ids, e.g. M4, M10")
        self.unit_types.setToolTip("The unit types the condition counts (comma-separated)")
        self.unit_labels = QLineEdit()
        self.unit_labels.setPlaceholderText("any; or entry labels, e.g. spw")
        self.unit_labels.setToolTip("The labelled force entries the condition counts")
        self.text = QLineEdit()
        self.text.setPlaceholderText("The condition as the book words it")
        self.when = QComboBox()
        for label, data in WHEN:
            self.when.addItem(label, data)
        self.message = MessageLine()
        self.award_row = _row(self.award_value, self.award)
        self.count_row = _row(self.compare, self.count)
        self.vp_row = _row(self.whose, self.vp)
        form = compact_form()
        form.addRow("Kind", self.kind_box)
        form.addRow("Side", self.side)
        form.addRow("Award", self.award_row)
        form.addRow("Area", self.region)
        form.addRow("Objects", self.objects)
        form.addRow("How many", self.count_row)
        form.addRow("Unit types", self.unit_types)
        form.addRow("Entries", self.unit_labels)
        form.addRow("VP", self.vp_row)
        form.addRow("Text", self.text)
        form.addRow("Judged", self.when)
        self.form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons_row("Apply", self._submit, self.cancelled.emit))
        self.kind_box.currentIndexChanged.connect(lambda _i: self._show_fields())
        self.award.currentIndexChanged.connect(lambda _i: self._show_fields())

    def start(self, scenario: Scenario, amap: AssembledMap, condition: Condition | None) -> None:
        """Fill the form for a new condition (None) or from one of the kinds it edits."""
        self.base = condition
        self.setTitle("New victory condition" if condition is None else "Change the condition")
        self.region.amap = amap
        self.known_types = set(unit_types(scenario.system))
        self.known_labels = edits_details.labels(scenario)
        self.message.clear_message()
        fill_sides(self.side, scenario)
        self.objects.clear()
        self.objects.addItems([o.name for o in scenario.map.objects])
        kind = condition.kind if condition is not None and editable(condition) else "control"
        self.kind_box.setCurrentIndex(self.kind_box.findData(kind))
        if condition is None:
            self.award.setCurrentIndex(0)
            self.award_value.setValue(10)
            self.region.set_region(None)
            self.when.setCurrentIndex(0)
            self.count.setValue(1)
            self.vp.setValue(0)
            self.text.setText("")
            self.unit_types.setText("")
            self.unit_labels.setText("")
        else:
            self._fill(condition)
        self._show_fields()

    def _fill(self, condition: Condition) -> None:
        self.side.setCurrentIndex(max(self.side.findData(condition.side), 0))
        choice, value = award_choice(condition.award)
        self.award.setCurrentIndex(self.award.findData(choice))
        self.award_value.setValue(value)
        self.region.set_region(getattr(condition, "region", None))
        objects = getattr(condition, "objects", None)
        if isinstance(condition, Destroyed | Control) and isinstance(objects, str):
            name = condition.objects if isinstance(condition, Destroyed) else condition.object_set
            self.objects.setCurrentText(name or "")
        self.compare.setCurrentIndex(
            max(self.compare.findData(getattr(condition, "compare", ">=")), 0)
        )
        count = getattr(condition, "count", None) or getattr(condition, "at_least", None) or 0
        self.count.setValue(int(count))
        self.vp.setValue(float(getattr(condition, "vp", 0) or 0))
        self.whose.setCurrentIndex(max(self.whose.findData(getattr(condition, "of", "own")), 0))
        self.text.setText(getattr(condition, "text", ""))
        units = getattr(condition, "units", None) or UnitFilter()
        self.unit_types.setText(", ".join(units.types))
        self.unit_labels.setText(", ".join(units.labels))
        self.when.setCurrentIndex(max(self.when.findData(condition.when), 0))

    def _show_fields(self) -> None:
        kind = self.kind_box.currentData()
        self.award_value.setVisible(self.award.currentData() in ("vp", "each", "unit-value"))
        shown: dict[QWidget, bool] = {
            self.region: kind in ("control", "units-in", "exit"),
            self.objects: kind == "destroyed",
            self.count_row: kind in ("units-in", "exit"),
            self.vp_row: kind == "vp-threshold",
            self.unit_types: kind in _FILTERED,
            self.unit_labels: kind in _FILTERED,
            self.text: kind == "text",
        }
        for widget, visible in shown.items():
            self.form.setRowVisible(widget, visible)

    def build(self) -> Condition:
        """The condition the form describes (``ValueError`` with the reason)."""
        kind = self.kind_box.currentData()
        side = self.side.currentData()
        if side is None:
            raise ValueError("the scenario has no sides")
        base = self.base if self.base is not None and self.base.kind == kind else None
        award = make_award(
            self.award.currentData(), self.award_value.value(), base.award if base else None
        )
        fields: dict[str, Any] = {"side": side, "award": award, "when": self.when.currentData()}
        if kind in ("control", "units-in", "exit"):
            fields["region"] = self.region.region()
        if kind in _FILTERED:
            old = getattr(base, "units", None) or UnitFilter()
            fields["units"] = self._units(old)
        if kind == "units-in":
            fields.update(compare=self.compare.currentData(), count=self.count.value())
        if kind == "exit":
            fields.update(compare=self.compare.currentData(), at_least=self.count.value() or None)
        if kind == "destroyed":
            objects = self.objects.currentText().strip()
            if not objects:
                raise ValueError("name the objects to destroy (a set of the map's objects)")
            fields["objects"] = objects
        if kind == "vp-threshold":
            fields.update(of=self.whose.currentData(), compare="<", vp=self.vp.value())
            if base is not None:
                fields["compare"] = getattr(base, "compare", "<")
        if kind == "text":
            if not self.text.text().strip():
                raise ValueError("write the condition as the book words it")
            fields["text"] = self.text.text().strip()
        data = fields if base is None else base.model_dump(exclude={"kind"}) | fields
        return _TYPES[kind].model_validate(data)

    def _units(self, old: UnitFilter) -> UnitFilter:
        """The unit filter typed, other fields kept from ``old`` (``ValueError``: unknown)."""
        types, labels = words(self.unit_types.text()), words(self.unit_labels.text())
        unknown = [t for t in types if t not in self.known_types]
        if unknown:
            raise ValueError(f"the game has no unit type '{unknown[0]}'")
        missing = [label for label in labels if label not in self.known_labels]
        if missing:
            raise ValueError(
                f"no force entry is labelled '{missing[0]}' (label it in the Order of Battle)"
            )
        return old.model_copy(update={"types": types, "labels": labels})

    def _submit(self) -> None:
        try:
            condition = self.build()
        except ValueError as exc:
            self.message.refused(exc)
            return
        self.submitted.emit(condition)


def _row(*widgets: QWidget) -> QWidget:
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    for widget in widgets:
        row.addWidget(widget)
    return holder
