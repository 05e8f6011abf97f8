"""The Order of Battle panel's fields for the selected force entry: its label, what it rides
on, its formation and its counter IDs. The form shows; the panel edits (through the document)
when the form reports a choice with :attr:`EntryForm.rides_chosen`,
:attr:`EntryForm.formation_chosen`, :attr:`EntryForm.ids_entered` or
:attr:`EntryForm.label_entered`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QWidget

from model.catalog import UnitType
from model.scenario import ForceEntry, Side
from model.systems import GameSystem
from rules.forces.transport import mount

#: Carriers that cannot carry the selected entry are listed in this colour.
REFUSED_COLOUR = QColor("#a93226")

#: The rides-on choice of no carrier (an int: Qt finds a None item data unreliably).
NOT_CARRIED = -1


class EntryForm(QWidget):
    """Rides on, formation and counter IDs of one entry."""

    #: The side's entry index chosen as the carrier (None: carried by nothing).
    rides_chosen = Signal(object)
    #: A formation name typed or chosen ("" for none).
    formation_chosen = Signal(str)
    #: The counter IDs as typed (comma-separated).
    ids_entered = Signal(str)
    #: The entry's label as typed ("" for none).
    label_entered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.rides_box = QComboBox()
        self.rides_box.setToolTip("The entry of the side that carries the selected one")
        self.rides_box.activated.connect(lambda *_: self.rides_chosen.emit(self.carrier()))
        self.formation_box = QComboBox()
        self.formation_box.setEditable(True)
        self.formation_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        typed = self.formation_box.lineEdit()
        assert typed is not None  # an editable box has its line
        typed.setPlaceholderText("none (type a name, Enter)")
        self.formation_box.setToolTip(
            "The formation the entry belongs to (an HQ and its units); entries with the same "
            "name are grouped"
        )
        typed.returnPressed.connect(self._formation)
        self.formation_box.activated.connect(lambda *_: self._formation())
        self.ids_edit = QLineEdit()
        self.ids_edit.setPlaceholderText("none (comma-separated, one per unit)")
        self.ids_edit.setToolTip("The counters' identification numbers, one per unit (Enter)")
        self.ids_edit.editingFinished.connect(lambda: self.ids_entered.emit(self.ids_edit.text()))
        self.label_edit = QLineEdit()
        self.label_edit.setPlaceholderText("none (a name other entries and conditions use)")
        self.label_edit.setToolTip(
            "The entry's label, unique in the scenario: what rides on it, purchases for it and "
            "victory conditions' unit filters name it (renamed with it)"
        )
        self.label_edit.editingFinished.connect(
            lambda: self.label_entered.emit(self.label_edit.text())
        )
        form.addRow("Label", self.label_edit)
        form.addRow("Rides on", self.rides_box)
        form.addRow("Formation", self.formation_box)
        form.addRow("Counter IDs", self.ids_edit)

    def carrier(self) -> int | None:
        """The side's entry index chosen to carry the entry, None for nothing."""
        data = self.rides_box.currentData()
        return None if data is None or data == NOT_CARRIED else int(data)

    def _formation(self) -> None:
        self.formation_chosen.emit(self.formation_box.currentText().strip())

    def show_entry(
        self,
        system: GameSystem | None,
        side: Side | None,
        chosen: tuple[int, ForceEntry] | None,
        unit_of: Callable[[str], UnitType | None],
    ) -> None:
        """Show the selected entry (None: nothing selected) of ``side``."""
        self.setEnabled(chosen is not None)
        with QSignalBlocker(self.label_edit):
            self.label_edit.setText((chosen[1].label or "") if chosen else "")
        with QSignalBlocker(self.formation_box), QSignalBlocker(self.ids_edit):
            self.formation_box.clear()
            names = dict.fromkeys(e.formation for e in side.forces if e.formation) if side else {}
            self.formation_box.addItems(["", *(n for n in names if n)])
            self.formation_box.setEditText((chosen[1].formation or "") if chosen else "")
            self.ids_edit.setText(", ".join(chosen[1].ids) if chosen else "")
        with QSignalBlocker(self.rides_box):
            self.rides_box.clear()
            self.rides_box.addItem("nothing (not carried)", NOT_CARRIED)
            if chosen is None or side is None or system is None:
                return
            index, entry = chosen
            for i, other in enumerate(side.forces):
                rides_on_it = entry.label is not None and other.mounted_on == entry.label
                if i != index and other.mounted_on is None and not rides_on_it:
                    self._add_carrier(system, side, index, i, unit_of)
            labels = [e.label for e in side.forces]
            riding = entry.mounted_on is not None and entry.mounted_on in labels
            carrier = labels.index(entry.mounted_on) if riding else NOT_CARRIED
            self.rides_box.setCurrentIndex(max(self.rides_box.findData(carrier), 0))

    def _add_carrier(
        self,
        system: GameSystem,
        side: Side,
        rider: int,
        index: int,
        unit_of: Callable[[str], UnitType | None],
    ) -> None:
        """One choice of the rides-on box: marked when it cannot carry the rider, and why."""
        carrier = side.forces[index]
        verdict = mount(system, side, rider, index, unit_of)
        unit = unit_of(carrier.unit)
        label = f"  [{carrier.label}]" if carrier.label else ""
        text = f"{carrier.count} × {unit.name if unit else carrier.unit}{label}"
        self.rides_box.addItem(text + ("" if verdict.allowed else "  (cannot carry it)"), index)
        row = self.rides_box.count() - 1
        tip = verdict.reason or "may carry it"
        if not verdict.checked:
            tip = f"Allowed, not checked: {verdict.reason}"
        self.rides_box.setItemData(row, tip, Qt.ItemDataRole.ToolTipRole)
        if not verdict.allowed:
            self.rides_box.setItemData(row, REFUSED_COLOUR, Qt.ItemDataRole.ForegroundRole)
