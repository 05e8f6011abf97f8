"""The Order of Battle panel: a side's force entries, and the system's unit catalogue
(:mod:`editor.forces.catalog_view`) to add units from.

Entries are dragged from the list onto the map to place them on a hex (the whole entry: the
scenario file places an entry as one), facing the enemy; the facing box turns the selected
entry afterwards. The selected entry's carrier ("rides on": refused with the book's reason when
it cannot carry the unit), formation and counter IDs are set below the list; riders are listed
under their carriers and entries grouped by formation (:mod:`editor.forces.force_rows`). An entry
on a hex over the stacking limit is flagged with the rule
(:func:`rules.checks.forces.stacks_over_limit`).
Every change is a verb of the document (one undo step each); refusals come back as reasons.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.forces.catalog_view import CatalogueView, caption, over_mix, spin
from editor.forces.force_list import (
    ENTRY_ROLE,
    FORCE_MIME,
    ForceList,
    force_payload,
    parse_force_payload,
    row_item,
)
from editor.forces.force_rows import describe_placement, force_rows, stacking_flags
from editor.scenario.entry_form import EntryForm
from editor.scenario.validation import loaded_of
from model import edits, edits_details
from model.catalog import UnitType, unit_types
from model.scenario import ForceEntry, HexPlacement, Scenario, Side
from rules.checks.base import CheckContext
from rules.checks.forces import counters_in_use, stacks_over_limit
from rules.forces.transport import mount

__all__ = [
    "FORCE_MIME",
    "OrderOfBattlePanel",
    "describe_placement",
    "force_payload",
    "parse_force_payload",
]


class OrderOfBattlePanel(QWidget):
    """A side's forces and the catalogue to add units from."""

    #: Reasons an edit was refused, for the window's status bar.
    refused = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self._checks: CheckContext | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._side_row())
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self._forces_box())
        self.catalogue_view = CatalogueView()
        self.catalogue_view.add_requested.connect(lambda unit, n: self.add_unit(unit, n))
        splitter.addWidget(self.catalogue_view)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([340, 380])
        layout.addWidget(splitter, 1)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        layout.addWidget(self.message)
        view = self.catalogue_view  # its widgets, under the names the panel has always used
        self.search, self.nation_box = view.search, view.nation_box
        self.category_box = view.category_box
        self.date_box, self.catalogue, self.details = view.date_box, view.catalogue, view.details
        self.add_count, self.add_button = view.add_count, view.add_button
        self.selected_unit, self.search_for = view.selected_unit, view.search_for

    # --- building -------------------------------------------------------------------------

    def _side_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.side_box = QComboBox()
        self.side_box.setToolTip("The side whose order of battle is shown")
        self.side_box.currentIndexChanged.connect(lambda *_: self._side_chosen())
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("side name")
        self.name_edit.setToolTip("The side's name as the scenario shows it (Enter to rename)")
        self.name_edit.editingFinished.connect(self.rename_side)
        row.addWidget(QLabel("Side"))
        row.addWidget(self.side_box, 1)
        row.addWidget(QLabel("Name"))
        row.addWidget(self.name_edit, 1)
        return row

    def _forces_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption("Forces (drag an entry onto the map to place it)"))
        self.forces = ForceList(self.side_id)
        self.forces.setMinimumHeight(120)  # five or six two-line entries
        self.forces.currentRowChanged.connect(lambda *_: self._entry_chosen())
        layout.addWidget(self.forces, 1)
        row = QHBoxLayout()
        self.count_box = spin(1, 999, "units ", "How many units the selected entry holds")
        self.count_box.valueChanged.connect(self._count_changed)
        self.facing_box = spin(
            1, 6, "facing ", "The book's direction number the selected placed entry faces"
        )
        self.facing_box.valueChanged.connect(self._facing_changed)
        self.unplace_button = QPushButton("Unplace")
        self.unplace_button.setToolTip("Take the entry off its hex: the side's set-up applies")
        self.unplace_button.clicked.connect(self.unplace_selected)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected entry out of the side's forces")
        self.remove_button.clicked.connect(self.remove_selected)
        for widget in (self.count_box, self.facing_box, self.unplace_button, self.remove_button):
            row.addWidget(widget)
        layout.addLayout(row)
        self.entry_form = EntryForm()
        self.entry_form.rides_chosen.connect(self.set_rides_on)
        self.entry_form.formation_chosen.connect(self._formation_typed)
        self.entry_form.ids_entered.connect(self.set_ids)
        self.entry_form.label_entered.connect(self.set_label)
        layout.addWidget(self.entry_form)
        form = self.entry_form  # its widgets, as the panel's
        self.rides_box, self.formation_box, self.ids_edit, self.label_edit = (
            form.rides_box,
            form.formation_box,
            form.ids_edit,
            form.label_edit,
        )
        return box

    # --- document -------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        board = isinstance(document, BoardDocument)
        self.document = follow(self.document, None if board else document, self._on_changed)
        scenario = self.document.scenario if self.document else None
        when = (scenario.rules.period or scenario.date) if scenario else None
        self.catalogue_view.set_system(scenario.system if scenario else None, when)
        self.setEnabled(self.document is not None)
        self._fill_sides()

    def _on_changed(self, change: Change) -> None:
        if change & (Change.FORCES | Change.LAYOUT):
            self._fill_sides()

    def side_id(self) -> str | None:
        data = self.side_box.currentData()
        return str(data) if data is not None else None

    def side(self) -> Side | None:
        side_id = self.side_id()
        if self.document is None or side_id is None:
            return None
        return self.document.scenario.side(side_id)

    def choose_side(self, side_id: str) -> None:
        self.side_box.setCurrentIndex(self.side_box.findData(side_id))

    def _fill_sides(self) -> None:
        current = self.side_id()
        with QSignalBlocker(self.side_box):
            self.side_box.clear()
            for side in self.document.scenario.sides if self.document else []:
                self.side_box.addItem(side.name, side.id)
            found = self.side_box.findData(current)
            self.side_box.setCurrentIndex(max(found, 0))
        if current != self.side_id():
            self._side_chosen()
        else:
            self._fill_forces()

    def _side_chosen(self) -> None:
        side = self.side()
        with QSignalBlocker(self.name_edit):
            self.name_edit.setText(side.name if side else "")
        self.catalogue_view.set_side(side)
        self._fill_forces()

    def unit_of(self, code: str) -> UnitType | None:
        """The catalogue entry of one of the current side's unit codes (its counter pool)."""
        side = self.side()
        if self._checks is None or side is None:
            return None
        return self._checks.unit(code, side)

    # --- forces ---------------------------------------------------------------------------

    def _fill_forces(self) -> None:
        chosen = self.selected_entry()
        side = self.side()
        self._checks = CheckContext(loaded_of(self.document)) if self.document else None
        system = self.document.scenario.system if self.document else None
        with QSignalBlocker(self.forces):
            self.forces.clear()
            rows = force_rows(side, self.unit_of, self._stacking_flags(), system) if side else []
            for row in rows:
                self.forces.addItem(row_item(row))
            self.select_entry(chosen[0] if chosen else 0)
        if self._checks is not None:
            self.catalogue_view.set_usage(counters_in_use(self._checks))
        self._entry_chosen()

    def _stacking_flags(self) -> dict[int, str]:
        """Entries of the side standing on a hex over the stacking limit: the finding."""
        side = self.side()
        if self._checks is None or side is None or self.document is None:
            return {}
        over = {h: f"{f.message} ({f.citation})" for h, f in stacks_over_limit(self._checks)}
        return stacking_flags(side, over, self.document.map.resolve)

    def select_entry(self, index: int) -> None:
        """Select the entry ``index`` of the side (or the next one there is)."""
        for row in range(self.forces.count()):
            if self.forces.item(row).data(ENTRY_ROLE) == index:
                self.forces.setCurrentRow(row)
                return
        for row in range(self.forces.count()):  # gone: the next one
            if self.forces.item(row).data(ENTRY_ROLE) is not None:
                self.forces.setCurrentRow(row)
                if self.forces.item(row).data(ENTRY_ROLE) >= index:
                    return

    def selected_entry(self) -> tuple[int, ForceEntry] | None:
        side, item = self.side(), self.forces.currentItem()
        index = item.data(ENTRY_ROLE) if item is not None else None
        if side is None or index is None or not 0 <= int(index) < len(side.forces):
            return None
        return int(index), side.forces[int(index)]

    def _entry_chosen(self) -> None:
        chosen = self.selected_entry()
        placement = chosen[1].placement if chosen else None
        placed = isinstance(placement, HexPlacement)
        with QSignalBlocker(self.count_box), QSignalBlocker(self.facing_box):
            self.count_box.setValue(chosen[1].count if chosen else 1)
            facing = placement.facing if isinstance(placement, HexPlacement) else None
            self.facing_box.setValue(facing or 1)
        self.count_box.setEnabled(chosen is not None)
        self.remove_button.setEnabled(chosen is not None)
        self.facing_box.setEnabled(placed)
        self.unplace_button.setEnabled(placed)
        system = self.document.scenario.system if self.document else None
        self.entry_form.show_entry(system, self.side(), chosen, self.unit_of)
        if chosen is not None:
            self.catalogue_view.show_details(self.unit_of(chosen[1].unit))

    def _do(self, verb: Callable[[ScenarioDocument, str], list[str]]) -> list[str]:
        """Call a document verb for the current side; show and pass on any refusal."""
        side_id = self.side_id()
        if self.document is None or side_id is None:
            return []
        reasons = verb(self.document, side_id)
        self.message.setText("\n".join(reasons))
        self.refused.emit(reasons)
        return reasons

    def _edit(self, work: Callable[[Scenario, str, int], Scenario], text: str) -> list[str]:
        """One undo step of a pure edit of the selected entry (``model.edits``), or the
        reasons it is refused."""
        chosen = self.selected_entry()
        if chosen is None:
            return []

        def verb(document: ScenarioDocument, side_id: str) -> list[str]:
            return document.edit(
                lambda scenario: work(scenario, side_id, chosen[0]),
                f"{chosen[1].unit}: {text}",
                Change.FORCES,
            )

        reasons = self._do(verb)
        if reasons:
            self._entry_chosen()  # the fields show the entry as it is
        return reasons

    def set_rides_on(self, carrier: int | None) -> list[str]:
        """Make the selected entry ride on the side's entry ``carrier`` (None: on nothing);
        refused, with the book's reason, when that entry cannot carry it."""
        chosen, side = self.selected_entry(), self.side()
        if chosen is None or side is None or self.document is None:
            return []
        if carrier is not None and 0 <= carrier < len(side.forces):
            system = self.document.scenario.system
            verdict = mount(system, side, chosen[0], carrier, self.unit_of)
            if not verdict.allowed:
                return self._do(lambda d, s: [verdict.reason])
        text = "dismount" if carrier is None else f"ride on entry {carrier + 1}"
        return self._edit(lambda sc, s, i: edits.set_mounted_on(sc, s, i, carrier), text)

    def set_formation(self, name: str | None) -> list[str]:
        text = f"formation {name}" if name else "no formation"
        return self._edit(lambda sc, s, i: edits.set_formation(sc, s, i, name), text)

    def _formation_typed(self, typed: str) -> None:
        chosen = self.selected_entry()
        name = typed.strip() or None
        if chosen is not None and name != chosen[1].formation:
            self.set_formation(name)

    def set_ids(self, text: str) -> list[str]:
        """Give the selected entry its counter IDs (comma-separated: none, or one per unit)."""
        chosen = self.selected_entry()
        ids = [i.strip() for i in text.split(",") if i.strip()]
        if chosen is None or ids == chosen[1].ids:
            return []
        return self._edit(lambda sc, s, i: edits.set_ids(sc, s, i, ids), "counter IDs")

    def set_label(self, text: str) -> list[str]:
        """Label the selected entry (unique in the scenario; what names it is renamed too)."""
        chosen = self.selected_entry()
        label = text.strip() or None
        if chosen is None or label == chosen[1].label:
            return []
        what = f"label {label}" if label else "no label"
        return self._edit(lambda sc, s, i: edits_details.set_label(sc, s, i, label), what)

    def _count_changed(self, count: int) -> None:
        chosen = self.selected_entry()
        if chosen is not None and self._do(lambda d, s: d.set_force_count(s, chosen[0], count)):
            with QSignalBlocker(self.count_box):  # refused: show the count the entry has
                self.count_box.setValue(chosen[1].count)

    def _facing_changed(self, facing: int) -> None:
        chosen = self.selected_entry()
        if chosen is not None:
            self._do(lambda d, s: d.set_force_facing(s, chosen[0], facing))

    def set_facing(self, facing: int) -> None:
        """Turn the selected entry (the facing box's action)."""
        self.facing_box.setValue(facing)

    def unplace_selected(self) -> list[str]:
        chosen = self.selected_entry()
        if chosen is None:
            return []
        return self._do(lambda d, s: d.clear_force_placement(s, chosen[0]))

    def remove_selected(self) -> list[str]:
        chosen = self.selected_entry()
        if chosen is None:
            return []
        return self._do(lambda d, s: d.remove_force(s, chosen[0]))

    def rename_side(self) -> list[str]:
        name = self.name_edit.text()
        side = self.side()
        if side is None or name == side.name:
            return []
        reasons = self._do(lambda d, s: d.rename_side(s, name))
        if reasons:
            with QSignalBlocker(self.name_edit):
                self.name_edit.setText(side.name)
        return reasons

    # --- adding from the catalogue --------------------------------------------------------

    def add_unit(self, unit_id: str, count: int) -> list[str]:
        """Add ``count`` units of a catalogue type as a new entry; past the game's counter mix
        this warns (scenarios may break the mix knowingly) but does not refuse."""
        reasons = self._do(lambda d, s: d.add_force(s, unit_id, count))
        side = self.side()
        if reasons or side is None or self._checks is None:
            return reasons
        self.select_entry(len(side.forces) - 1)
        unit = self.catalogue_view.selected_unit()
        if self.document is not None and (unit is None or unit.id != unit_id):
            unit = unit_types(self.document.scenario.system).get(unit_id)
        warning = over_mix(unit, counters_in_use(self._checks)) if unit else None
        self.message.setText(warning or "")
        return reasons

    def add_selected(self) -> list[str]:
        unit = self.catalogue_view.selected_unit()
        if unit is None:
            return []
        return self.add_unit(unit.id, self.add_count.value())
