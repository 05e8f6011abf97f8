"""The Order of Battle panel: a side's force entries, and the system's unit catalogue to add
units from.

Entries are dragged from the list onto the map to place them on a hex (the whole entry: the
scenario file places an entry as one), facing the enemy; the facing box turns the selected
entry afterwards. The catalogue is searched by name and filtered by nation (by default the
side's counter pool) and category; a unit's values are listed with the book's section in the
tooltip, and values Hexwright supplied are marked "(placeholder)". Every change is a verb of
the document (one undo step each); refusals come back as reasons.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QMimeData, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.boards import BoardDocument
from editor.document import ScenarioDocument, follow
from model.catalog import UnitType, unit_types
from model.provenance import Value, unwrap
from model.scenario import ForceEntry, HexPlacement, Placement, Side

#: The drag-and-drop type of a force entry dragged onto the map: ``side_id/entry_index``.
FORCE_MIME = "application/x-hexwright-force"

#: Values Hexwright supplied are set in this colour as well as marked in words.
PLACEHOLDER_COLOUR = QColor("#8a5a00")

#: Units any nation may field (Armor's assault boats).
ANY_NATION = "any"


def force_payload(side_id: str, index: int) -> bytes:
    return f"{side_id}/{index}".encode()


def parse_force_payload(payload: str) -> tuple[str, int] | None:
    """``side_id/entry_index`` back to its parts; None when it is not one."""
    side_id, _, index = payload.rpartition("/")
    return (side_id, int(index)) if side_id and index.isdigit() else None


def describe_placement(placement: Placement | None) -> str:
    """Where an entry starts, in a few words."""
    if placement is None:
        return "set-up not given"
    if isinstance(placement, HexPlacement):
        facing = f", facing {placement.facing}" if placement.facing is not None else ""
        return f"on {placement.hex}{facing}"
    region = getattr(placement, "region", None)
    where = _region_text(region) if region is not None else ""
    words = {
        "area": f"in {where}",
        "entry": f"enters turn {getattr(placement, 'turn', 1)} at {where}",
        "airdrop": "airdrop",
        "mode": "by deployment mode",
        "off-map": "off the map",
    }
    return words.get(placement.kind, placement.kind)


def _region_text(region: object) -> str:
    edge = getattr(region, "edge", None)
    if edge is not None:
        return f"edge {edge}"
    return str(getattr(region, "kind", "a region")).replace("-", " ")


def value_rows(unit: UnitType) -> list[tuple[str, str, str]]:
    """Each value of a unit as (name, shown text, tooltip): placeholders marked, the book's
    section or Hexwright's reasoning in the tooltip."""
    rows = []
    for name, item in unit.values.items():
        if isinstance(item, Value):
            placeholder = item.placeholder is not None
            tip = item.placeholder or item.source or ""
            if item.note:
                tip += f"\n{item.note}"
        else:
            placeholder = unit.plain_values_are_placeholders
            tip = (unit.placeholder or unit.source or "") if placeholder else (unit.source or "")
        raw = unwrap(item)
        text = ", ".join(map(str, raw)) if isinstance(raw, list) else str(raw)
        if raw is None:
            text = "not given"
        rows.append((name.replace("_", " "), text + (" (placeholder)" if placeholder else ""), tip))
    return rows


class _ForceList(QListWidget):
    """The side's entries; dragging one carries ``side_id/entry_index`` as :data:`FORCE_MIME`."""

    def __init__(self, side: Callable[[], str | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._side = side
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 - Qt API
        data = QMimeData()
        side = self._side()
        if items and side is not None:
            index = int(items[0].data(Qt.ItemDataRole.UserRole))
            data.setData(FORCE_MIME, force_payload(side, index))
        return data

    def mimeTypes(self) -> list[str]:  # noqa: N802 - Qt API
        return [FORCE_MIME]


class OrderOfBattlePanel(QWidget):
    """A side's forces and the catalogue to add units from."""

    #: Reasons an edit was refused, for the window's status bar.
    refused = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self._units: list[UnitType] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(self._side_row())
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self._forces_box())
        splitter.addWidget(self._catalogue_box())
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([240, 420])
        layout.addWidget(splitter, 1)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        layout.addWidget(self.message)

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
        layout.addWidget(_caption("Forces (drag an entry onto the map to place it)"))
        self.forces = _ForceList(self.side_id)
        self.forces.setMinimumHeight(120)  # five or six two-line entries
        self.forces.currentRowChanged.connect(lambda *_: self._entry_chosen())
        layout.addWidget(self.forces, 1)
        row = QHBoxLayout()
        self.count_box = _spin(1, 999, "units ", "How many units the selected entry holds")
        self.count_box.valueChanged.connect(self._count_changed)
        self.facing_box = _spin(
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
        return box

    def _catalogue_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(_caption("Catalogue"))
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search units by name or id")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda *_: self._fill_catalogue())
        layout.addWidget(self.search)
        filters = QHBoxLayout()
        self.nation_box = QComboBox()
        self.nation_box.setToolTip("Units of this nation (by default the side's counter pool)")
        self.category_box = QComboBox()
        self.category_box.setToolTip("Units of this type")
        for combo in (self.nation_box, self.category_box):
            combo.currentIndexChanged.connect(lambda *_: self._fill_catalogue())
            filters.addWidget(combo, 1)
        layout.addLayout(filters)
        self.catalogue = QListWidget()
        self.catalogue.currentRowChanged.connect(lambda *_: self._unit_chosen())
        self.catalogue.itemDoubleClicked.connect(lambda *_: self.add_selected())
        layout.addWidget(self.catalogue, 2)
        self.details = QTreeWidget()
        self.details.setHeaderLabels(["Value", "As the catalogue gives it"])
        self.details.setRootIsDecorated(False)
        self.details.setToolTip("The unit's values; hover one for its source")
        layout.addWidget(self.details, 2)
        row = QHBoxLayout()
        self.add_count = _spin(1, 99, "", "How many units of the selected type to add")
        self.add_button = QPushButton("Add to side")
        self.add_button.setToolTip("Add the selected unit type to the side's forces")
        self.add_button.clicked.connect(self.add_selected)
        row.addWidget(self.add_count)
        row.addWidget(self.add_button, 1)
        layout.addLayout(row)
        return box

    # --- document -------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        board = isinstance(document, BoardDocument)
        self.document = follow(self.document, None if board else document, self._on_changed)
        known = unit_types(self.document.scenario.system) if self.document else {}
        self._units = list({u.id: u for u in known.values()}.values())
        with QSignalBlocker(self.category_box):
            self.category_box.clear()
            self.category_box.addItem("All types", "")
            for category in sorted({u.category for u in self._units}):
                self.category_box.addItem(category.replace("-", " ").capitalize(), category)
        self.setEnabled(self.document is not None)
        self._fill_sides()

    def _on_changed(self, what: str) -> None:
        if what in ("forces", "layout", "all"):
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
        self._fill_nations(side)
        self._fill_forces()

    def _fill_nations(self, side: Side | None) -> None:
        pool = (side.counter_pool or side.nation) if side else None
        pool_nations = [pool] if isinstance(pool, str) else list(pool or [])
        # Each item's data: the nations it shows, comma-separated ("" for all).
        with QSignalBlocker(self.nation_box):
            self.nation_box.clear()
            self.nation_box.addItem("All nations", "")
            if len(pool_nations) > 1:
                label = f"{', '.join(pool_nations)} (counter pool)"
                self.nation_box.addItem(label, ",".join(pool_nations))
            for nation in sorted({u.nation for u in self._units} - {ANY_NATION}):
                label = nation.capitalize() if len(nation) > 3 else nation.upper()
                self.nation_box.addItem(label, nation)
            default = self.nation_box.findData(",".join(pool_nations))
            self.nation_box.setCurrentIndex(max(default, 0))
        self._fill_catalogue()

    # --- forces ---------------------------------------------------------------------------

    def _fill_forces(self) -> None:
        row = self.forces.currentRow()
        side = self.side()
        known = unit_types(self.document.scenario.system) if self.document else {}
        with QSignalBlocker(self.forces):
            self.forces.clear()
            for index, entry in enumerate(side.forces if side else []):
                unit = known.get(entry.unit)
                name = unit.name if unit else f"{entry.unit} (not in the catalogue)"
                where = describe_placement(entry.placement or (side.setup if side else None))
                if entry.placement is None and side is not None and side.setup is not None:
                    where = f"side set-up: {where}"
                item = QListWidgetItem(f"{entry.count} × {name}\n    {where}")
                item.setData(Qt.ItemDataRole.UserRole, index)
                item.setToolTip(f"{entry.unit}: drag onto the map to place the entry on a hex")
                self.forces.addItem(item)
            self.forces.setCurrentRow(min(row, self.forces.count() - 1))
        self._entry_chosen()

    def selected_entry(self) -> tuple[int, ForceEntry] | None:
        side, row = self.side(), self.forces.currentRow()
        if side is None or not 0 <= row < len(side.forces):
            return None
        return row, side.forces[row]

    def select_entry(self, index: int) -> None:
        self.forces.setCurrentRow(index)

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
        if chosen is not None and self.document is not None:
            unit = unit_types(self.document.scenario.system).get(chosen[1].unit)
            self._show_details(unit)

    def _do(self, verb: Callable[[ScenarioDocument, str], list[str]]) -> list[str]:
        """Call a document verb for the current side; show and pass on any refusal."""
        side_id = self.side_id()
        if self.document is None or side_id is None:
            return []
        reasons = verb(self.document, side_id)
        self.message.setText("\n".join(reasons))
        self.refused.emit(reasons)
        return reasons

    def _count_changed(self, count: int) -> None:
        chosen = self.selected_entry()
        if chosen is not None:
            self._do(lambda d, s: d.set_force_count(s, chosen[0], count))

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

    # --- catalogue ------------------------------------------------------------------------

    def _fill_catalogue(self) -> None:
        current = self.selected_unit()
        text = self.search.text().strip().lower()
        nations = set(filter(None, str(self.nation_box.currentData() or "").split(",")))
        category = self.category_box.currentData() or ""
        with QSignalBlocker(self.catalogue):
            self.catalogue.clear()
            for unit in self._units:
                if nations and unit.nation not in nations | {ANY_NATION}:
                    continue
                if category and unit.category != category:
                    continue
                words = " ".join([unit.id, unit.name, *unit.aliases]).lower()
                if text and text not in words:
                    continue
                item = QListWidgetItem(unit.name)
                item.setData(Qt.ItemDataRole.UserRole, unit.id)
                item.setToolTip(f"{unit.id} · {unit.nation} · {unit.category}\n{_provenance(unit)}")
                self.catalogue.addItem(item)
                if current is not None and unit.id == current.id:
                    self.catalogue.setCurrentItem(item)
            if self.catalogue.currentRow() < 0 and self.catalogue.count():
                self.catalogue.setCurrentRow(0)
        self._unit_chosen()

    def selected_unit(self) -> UnitType | None:
        item = self.catalogue.currentItem()
        if item is None or self.document is None:
            return None
        return unit_types(self.document.scenario.system).get(item.data(Qt.ItemDataRole.UserRole))

    def _unit_chosen(self) -> None:
        unit = self.selected_unit()
        self.add_button.setEnabled(unit is not None)
        self._show_details(unit)

    def _show_details(self, unit: UnitType | None) -> None:
        self.details.clear()
        if unit is None:
            return
        header = QTreeWidgetItem([unit.name, f"{unit.nation}, {unit.category}"])
        header.setToolTip(0, _provenance(unit))
        header.setToolTip(1, _provenance(unit))
        self.details.addTopLevelItem(header)
        for name, text, tip in value_rows(unit):
            item = QTreeWidgetItem([name, text])
            item.setToolTip(0, tip)
            item.setToolTip(1, tip)
            if text.endswith("(placeholder)"):
                item.setForeground(1, PLACEHOLDER_COLOUR)
            self.details.addTopLevelItem(item)
        self.details.resizeColumnToContents(0)

    def add_selected(self) -> list[str]:
        unit = self.selected_unit()
        if unit is None:
            return []
        count = self.add_count.value()
        reasons = self._do(lambda d, s: d.add_force(s, unit.id, count))
        if not reasons:
            self.forces.setCurrentRow(self.forces.count() - 1)
        return reasons

    def search_for(self, text: str) -> None:
        self.search.setText(text)


def _provenance(unit: UnitType) -> str:
    parts = [f"Source: {unit.source}" if unit.source else ""]
    if unit.plain_values_are_placeholders:
        parts.append(f"Placeholder values: {unit.placeholder or 'supplied by Hexwright'}")
    return "\n".join(p for p in parts if p)


def _spin(low: int, high: int, prefix: str, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setPrefix(prefix)
    box.setToolTip(tip)
    box.setKeyboardTracking(False)  # typed numbers are one edit, when Enter is pressed
    return box


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet("color: #555; font-weight: 600")
    label.setWordWrap(True)
    return label
