"""The catalogue browser of the Order of Battle panel: the game's unit types to add from.

The catalogue is searched by name and filtered by nation (by default the side's counter pool),
category and date of introduction ("available by": the scenario's period or date where the
catalogue gives dates; units it gives no date for stay, marked "date unknown"). Each row shows
how many counters of the type the scenario already uses against the game's counter mix, where
the catalogue gives the mix. A unit's values are listed with the book's section in the tooltip,
and values Hexwright supplied are marked "(placeholder)". The view edits nothing: it asks for
an addition with :attr:`CatalogueView.add_requested`.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QSignalBlocker, Qt, Signal
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
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.style import MUTED_TEXT
from model.catalog import UnitType, unit_types
from model.periods import available_by, introduction, parse_when
from model.provenance import Value, unwrap
from model.scenario import Side
from model.systems import GameSystem
from rules.checks.forces import counters_in_mix

#: Values Hexwright supplied are set in this colour as well as marked in words.
PLACEHOLDER_COLOUR = QColor("#8a5a00")

#: Units any nation may field (Armor's assault boats).
ANY_NATION = "any"

#: Counters in use of each unit type: by catalogue unit id, then side id.
Usage = Mapping[str, Mapping[str, int]]


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


def usage_text(unit: UnitType, usage: Usage, side_id: str | None) -> str:
    """ "2 of 3 used" (and how many by the side, when others use some too) where the catalogue
    gives the game's counter mix; empty otherwise."""
    mix = counters_in_mix(unit)
    if mix is None:
        return ""
    by_side = usage.get(unit.id, {})
    total = sum(by_side.values())
    own = by_side.get(side_id or "", 0)
    text = f"{total} of {mix[0]} used"
    if own and own != total:
        text += f" ({own} by this side)"
    return text


def over_mix(unit: UnitType, usage: Usage) -> str | None:
    """A warning when the scenario uses more counters of ``unit`` than the game has."""
    mix = counters_in_mix(unit)
    total = sum(usage.get(unit.id, {}).values())
    if mix is None or total <= mix[0]:
        return None
    return (
        f"Warning: {total} {unit.id} counters in the orders of battle; the counter mix has "
        f"{mix[0]} ({mix[1]})"
    )


class CatalogueView(QWidget):
    """The system's unit types, filtered, with the selected one's values."""

    #: The user asks to add ``count`` units of the catalogue type ``unit_id``.
    add_requested = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.system: GameSystem | None = None
        self._units: list[UnitType] = []
        self._usage: Usage = {}
        self._side_id: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption("Catalogue"))
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search units by name or id")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda *_: self.fill())
        layout.addWidget(self.search)
        layout.addLayout(self._filters())
        self.catalogue = QListWidget()
        # A long name gives way in the middle: the counters used, at the end, stay visible.
        self.catalogue.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.catalogue.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.catalogue.currentRowChanged.connect(lambda *_: self._unit_chosen())
        self.catalogue.itemDoubleClicked.connect(lambda *_: self.request_add())
        layout.addWidget(self.catalogue, 2)
        self.details = QTreeWidget()
        self.details.setHeaderLabels(["Value", "As the catalogue gives it"])
        self.details.setRootIsDecorated(False)
        self.details.setToolTip("The unit's values; hover one for its source")
        layout.addWidget(self.details, 2)
        row = QHBoxLayout()
        self.add_count = spin(1, 99, "", "How many units of the selected type to add")
        self.add_button = QPushButton("Add to side")
        self.add_button.setToolTip("Add the selected unit type to the side's forces")
        self.add_button.clicked.connect(self.request_add)
        row.addWidget(self.add_count)
        row.addWidget(self.add_button, 1)
        layout.addLayout(row)

    def _filters(self) -> QHBoxLayout:
        filters = QHBoxLayout()
        self.nation_box = QComboBox()
        self.nation_box.setToolTip("Units of this nation (by default the side's counter pool)")
        self.category_box = QComboBox()
        self.category_box.setToolTip("Units of this type")
        self.date_box = QComboBox()
        self.date_box.setEditable(True)
        self.date_box.setMinimumContentsLength(10)
        self.date_box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        line = self.date_box.lineEdit()
        assert line is not None  # an editable box has its line
        line.setPlaceholderText("any date")
        self.date_box.editTextChanged.connect(lambda *_: self.fill())
        for combo in (self.nation_box, self.category_box):
            combo.currentIndexChanged.connect(lambda *_: self.fill())
        filters.addWidget(self.nation_box, 3)
        filters.addWidget(self.category_box, 3)
        filters.addWidget(QLabel("by"))
        filters.addWidget(self.date_box, 2)
        return filters

    # --- what is shown ------------------------------------------------------------------------

    def set_system(self, system: GameSystem | None, default_date: str | None = None) -> None:
        """Show the catalogue of ``system`` (None: nothing), available by ``default_date``."""
        self.system = system
        known = unit_types(system) if system else {}
        self._units = list({u.id: u for u in known.values()}.values())
        with QSignalBlocker(self.category_box):
            self.category_box.clear()
            self.category_box.addItem("All types", "")
            for category in sorted({u.category for u in self._units}):
                self.category_box.addItem(category.replace("-", " ").capitalize(), category)
        self._fill_dates(known, default_date)

    def _fill_dates(self, known: dict[str, UnitType], default: str | None) -> None:
        dated = {introduction(u, known) for u in self._units} - {None, "always"}
        when = {w: parse_when(w) for w in dated if w}
        periods = sorted((w for w, ym in when.items() if ym), key=lambda w: when[w] or (0, 0))
        with QSignalBlocker(self.date_box):
            self.date_box.clear()
            self.date_box.addItems(["", *periods])
            self.date_box.setEnabled(bool(periods))
            self.date_box.setEditText(default or "" if periods else "")
        self.date_box.setToolTip(
            "Units in use by this period or date (e.g. late-1944, 1944-09, 1945); units the "
            "catalogue gives no date for are kept, marked 'date unknown'"
            if periods
            else "This game's catalogue gives no dates of introduction"
        )

    def set_side(self, side: Side | None) -> None:
        """Filter by the side's counter pool (its nation when it has none)."""
        self._side_id = side.id if side else None
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
        self.fill()

    def set_usage(self, usage: Usage) -> None:
        """Counters the orders of battle use, for each row's "n of m used"."""
        self._usage = usage
        self.fill()

    def available_by(self) -> tuple[int, int] | None:
        """The date the date box asks for, or None (any date, or text that is not a date)."""
        return parse_when(self.date_box.currentText(), end=True)

    def fill(self) -> None:
        current = self.selected_unit()
        with QSignalBlocker(self.catalogue):
            self.catalogue.clear()
            for unit in self._units:
                item = self._row(unit)
                if item is None:
                    continue
                self.catalogue.addItem(item)
                if current is not None and unit.id == current.id:
                    self.catalogue.setCurrentItem(item)
            if self.catalogue.currentRow() < 0 and self.catalogue.count():
                self.catalogue.setCurrentRow(0)
        self._unit_chosen()

    def _row(self, unit: UnitType) -> QListWidgetItem | None:
        """The unit's row, or None when the filters hide it."""
        nations = set(filter(None, str(self.nation_box.currentData() or "").split(",")))
        category = self.category_box.currentData() or ""
        text = self.search.text().strip().lower()
        if nations and unit.nation not in nations | {ANY_NATION}:
            return None
        if category and unit.category != category:
            return None
        if text and text not in " ".join([unit.id, unit.name, *unit.aliases]).lower():
            return None
        by = self.available_by()
        known = unit_types(self.system) if self.system else {}
        available = available_by(unit, by, known) if by else True
        if available is False:
            return None
        notes = [usage_text(unit, self._usage, self._side_id)]
        notes.append("date unknown" if available is None else "")
        item = QListWidgetItem("  ·  ".join([unit.name, *filter(None, notes)]))
        item.setData(Qt.ItemDataRole.UserRole, unit.id)
        when = introduction(unit, known)
        since = f"\nIn use from: {when}" if when else ""
        tip = f"{unit.id} · {unit.nation} · {unit.category}{since}\n{provenance(unit)}"
        item.setToolTip(tip)
        return item

    def selected_unit(self) -> UnitType | None:
        item = self.catalogue.currentItem()
        if item is None or self.system is None:
            return None
        return unit_types(self.system).get(item.data(Qt.ItemDataRole.UserRole))

    def _unit_chosen(self) -> None:
        unit = self.selected_unit()
        self.add_button.setEnabled(unit is not None)
        self.show_details(unit)

    def show_details(self, unit: UnitType | None) -> None:
        self.details.clear()
        if unit is None:
            return
        header = QTreeWidgetItem([unit.name, f"{unit.nation}, {unit.category}"])
        header.setToolTip(0, provenance(unit))
        header.setToolTip(1, provenance(unit))
        self.details.addTopLevelItem(header)
        for name, text, tip in value_rows(unit):
            item = QTreeWidgetItem([name, text])
            item.setToolTip(0, tip)
            item.setToolTip(1, tip)
            if text.endswith("(placeholder)"):
                item.setForeground(1, PLACEHOLDER_COLOUR)
            self.details.addTopLevelItem(item)
        self.details.resizeColumnToContents(0)

    def request_add(self) -> None:
        unit = self.selected_unit()
        if unit is not None:
            self.add_requested.emit(unit.id, self.add_count.value())

    def search_for(self, text: str) -> None:
        self.search.setText(text)


def provenance(unit: UnitType) -> str:
    parts = [f"Source: {unit.source}" if unit.source else ""]
    if unit.plain_values_are_placeholders:
        parts.append(f"Placeholder values: {unit.placeholder or 'supplied by Hexwright'}")
    return "\n".join(p for p in parts if p)


def spin(low: int, high: int, prefix: str, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setPrefix(prefix)
    box.setToolTip(tip)
    box.setKeyboardTracking(False)  # typed numbers are one edit, when Enter is pressed
    return box


def caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(MUTED_TEXT + "; font-weight: 600")
    label.setWordWrap(True)
    return label
