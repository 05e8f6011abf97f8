"""The form that adds or changes one reinforcement of a side: when it arrives (a turn, or a die
roll such as Armor 2B's "enters on a roll of 0 or 1"), the units (from the game's catalogue),
where it enters (a region in the book's words, checked as it is typed) and its formation.

An event or text condition of an existing reinforcement is kept as it is; its other fields
(unit labels, notes, purchased units) are kept too, so editing one field loses nothing.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
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
    words,
)
from model.catalog import UnitType, unit_types
from model.layout import AssembledMap
from model.scenario import DieRollCondition, ForceEntry, Reinforcement, Scenario, Side

ANY_NATION = "any"
_FORMATIONS = (("As the rules say", None), ("In column", "column"), ("Free formation", "free"))


def side_units(scenario: Scenario, side: Side) -> list[UnitType]:
    """The catalogue's unit types a side may field (its counter pool's nations; every unit
    for a side of any nation, as in Armor's templates), by name."""
    pool = side.counter_pool or side.nation
    nations = {pool} if isinstance(pool, str) else set(pool)
    catalogue = {u.id: u for u in unit_types(scenario.system).values()}
    fielded = [
        u for u in catalogue.values() if ANY_NATION in nations or u.nation in nations | {ANY_NATION}
    ]
    return sorted(fielded or catalogue.values(), key=lambda u: u.name.lower())


class ReinforcementForm(ListForm):
    """Add or change one reinforcement; ``submitted`` carries the :class:`Reinforcement`."""

    def __init__(self) -> None:
        super().__init__("Reinforcement")
        self.base: Reinforcement | None = None
        self.entries: list[ForceEntry] = []
        self.on_turn = QRadioButton("On turn")
        self.on_roll = QRadioButton("On a die roll")
        self.kept = QRadioButton("As written")  # an event or text condition, kept as it is
        self.when = QButtonGroup(self)
        for button in (self.on_turn, self.on_roll, self.kept):
            self.when.addButton(button)
        self.turn = QSpinBox()
        self.turn.setRange(1, 999)
        self.die = QComboBox()
        self.die.addItems(["d10", "d6", "d100"])
        self.succeed_on = QLineEdit()
        self.succeed_on.setPlaceholderText("e.g. 0, 1")
        self.succeed_on.setToolTip("The rolls on which the units enter")
        self.roll_when = QLineEdit()
        self.roll_when.setPlaceholderText("each turn")
        self.kept_text = QLabel()
        self.kept_text.setWordWrap(True)
        self.unit_box = QComboBox()
        self.unit_box.setMinimumContentsLength(12)
        self.unit_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.count = QSpinBox()
        self.count.setRange(1, 99)
        self.count.setPrefix("× ")
        self.add_unit = QPushButton("Add")
        self.add_unit.setToolTip("Add this many of the unit chosen")
        self.units = QListWidget()
        self.units.setMaximumHeight(90)
        self.remove_unit = QPushButton("Remove unit")
        self.entry = RegionField()
        self.formation = QComboBox()
        for label, value in _FORMATIONS:
            self.formation.addItem(label, value)
        self.note = QLineEdit()
        self.message = MessageLine()
        self._lay_out()
        self.add_unit.clicked.connect(self._add_unit)
        self.remove_unit.clicked.connect(self._remove_unit)
        self.when.buttonToggled.connect(lambda *_: self._enable())

    def _lay_out(self) -> None:
        form = compact_form()
        turn_row = _row(self.on_turn, self.turn, stretch=True)
        roll_row = _row(self.on_roll, self.die, stretch=True)
        arrives = QVBoxLayout()
        arrives.setSpacing(2)
        arrives.addLayout(turn_row)
        arrives.addLayout(roll_row)
        arrives.addLayout(_row(QLabel("    enters on"), self.succeed_on))
        arrives.addLayout(_row(QLabel("    rolled"), self.roll_when))
        arrives.addLayout(_row(self.kept, self.kept_text))
        form.addRow("Arrives", arrives)
        pick = _row(self.unit_box, self.count, self.add_unit)
        pick.setStretch(0, 1)
        units = QVBoxLayout()
        units.setSpacing(2)
        units.addLayout(pick)
        units.addWidget(self.units)
        units.addLayout(_row(self.remove_unit, stretch=True))
        form.addRow("Units", units)
        form.addRow("Enters", self.entry)
        form.addRow("Formation", self.formation)
        form.addRow("Note", self.note)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons_row("Apply", self._submit, self.cancelled.emit))

    def start(
        self, scenario: Scenario, amap: AssembledMap, side: Side, item: Reinforcement | None
    ) -> None:
        """Fill the form for a new reinforcement of ``side`` or from ``item``."""
        self.base = item
        self.setTitle(
            f"New reinforcement for {side.name}"
            if item is None
            else f"Change {side.name}'s reinforcement"
        )
        self.entry.amap = amap
        self.message.clear_message()
        self.unit_box.clear()
        for unit in side_units(scenario, side):
            self.unit_box.addItem(f"{unit.name} ({unit.id})", unit.id)
        self.entries = list(item.units) if item else []
        self._fill_units()
        condition = item.condition if item else None
        roll = condition if isinstance(condition, DieRollCondition) else None
        self.turn.setValue(
            item.turn if item and item.turn is not None else scenario.length.first_turn
        )
        self.die.setCurrentText(roll.die if roll else "d10")
        self.succeed_on.setText(", ".join(str(n) for n in roll.succeed_on) if roll else "")
        self.roll_when.setText(roll.roll if roll else "each turn")
        self.roll_when.setCursorPosition(0)
        self.kept.setVisible(condition is not None and roll is None)
        self.kept_text.setVisible(self.kept.isVisible())
        self.kept_text.setText(getattr(condition, "text", "") or getattr(condition, "event", ""))
        if roll is not None:
            self.on_roll.setChecked(True)
        elif condition is not None:
            self.kept.setChecked(True)
        else:
            self.on_turn.setChecked(True)
        self.entry.set_region(item.entry if item else None)
        self.formation.setCurrentIndex(
            max(self.formation.findData(item.formation if item else None), 0)
        )
        self.note.setText(item.note if item else "")
        self._enable()

    def _enable(self) -> None:
        self.turn.setEnabled(self.on_turn.isChecked())
        for widget in (self.die, self.succeed_on, self.roll_when):
            widget.setEnabled(self.on_roll.isChecked())

    def _fill_units(self) -> None:
        self.units.clear()
        for entry in self.entries:
            text = f"{entry.count} × {entry.unit}" if entry.count > 1 else entry.unit
            item = QListWidgetItem(text + (f" ({entry.label})" if entry.label else ""))
            item.setToolTip(entry.note)
            self.units.addItem(item)

    def _add_unit(self) -> None:
        unit = self.unit_box.currentData()
        if unit is None:
            return
        self.entries.append(ForceEntry(unit=unit, count=self.count.value()))
        self._fill_units()

    def _remove_unit(self) -> None:
        row = self.units.currentRow()
        if 0 <= row < len(self.entries):
            del self.entries[row]
            self._fill_units()

    def add_units(self, unit: str, count: int = 1) -> None:
        """Pick ``count`` of ``unit`` from the catalogue box and add them (as a click does)."""
        index = self.unit_box.findData(unit)
        if index < 0:
            raise ValueError(f"the catalogue box has no unit '{unit}'")
        self.unit_box.setCurrentIndex(index)
        self.count.setValue(count)
        self.add_unit.click()

    def build(self) -> Reinforcement:
        """The reinforcement the form describes (``ValueError`` with the reason)."""
        purchased = bool(self.base and self.base.purchased)
        if not self.entries and not purchased:
            raise ValueError("add at least one unit")
        turn: int | None = None
        condition = self.base.condition if self.base else None
        if self.on_turn.isChecked():
            turn, condition = self.turn.value(), None
        elif self.on_roll.isChecked():
            rolls = words(self.succeed_on.text())
            if not rolls or not all(r.isdigit() for r in rolls):
                raise ValueError("give the rolls on which the units enter, e.g. 0, 1")
            condition = DieRollCondition(
                die=self.die.currentText(),
                succeed_on=[int(r) for r in rolls],
                roll=self.roll_when.text().strip() or "each turn",
            )
            turn = None
        else:
            turn = self.base.turn if self.base else None
        entry = self.entry.region()
        base = self.base or Reinforcement(units=list(self.entries), entry=entry)
        return base.model_copy(
            update={
                "turn": turn,
                "condition": condition,
                "units": list(self.entries),
                "entry": entry,
                "formation": self.formation.currentData(),
                "note": self.note.text().strip(),
            }
        )

    def _submit(self) -> None:
        try:
            item = self.build()
        except ValueError as exc:
            self.message.refused(exc)
            return
        self.submitted.emit(item)


def _row(*widgets: QWidget, stretch: bool = False) -> QHBoxLayout:
    row = QHBoxLayout()
    row.setSpacing(4)
    for widget in widgets:
        row.addWidget(widget)
    if stretch:
        row.addStretch(1)
    return row
