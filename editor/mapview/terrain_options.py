"""The Terrain Options panel: one combo box per terrain option of the scenario's system.

Armor's Terrain Options [OP XXVII] and soft ground [SCN III.B.2], Soldiers' water per map
[7.25]: each combo shows the choice in force, with the book's section in its tooltip. Choosing
calls the document's verb (one undoable edit); the combos follow the document, so undo, redo
and any other change show at once. Widgets never change the scenario themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from model.terrainoptions import (
    TerrainOption,
    board_key,
    chosen,
    option_values,
    terrain_options,
)


@dataclass(frozen=True)
class _Slot:
    """One combo: the option, and the board it is chosen for (board-scoped options)."""

    option: TerrainOption
    board: str | None

    @property
    def key(self) -> str:
        return self.option.id if self.board is None else board_key(self.option.id, self.board)

    @property
    def label(self) -> str:
        return self.option.name if self.board is None else f"{self.option.name} (map {self.board})"


class TerrainOptionsPanel(QWidget):
    """The scenario's terrain options as combo boxes bound to a document."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document: ScenarioDocument | None = None
        self._slots: list[_Slot] = []
        self.combos: dict[str, QComboBox] = {}
        outer = QVBoxLayout(self)
        self.message = QLabel()
        self.message.setWordWrap(True)
        outer.addWidget(self.message)
        self._form = QFormLayout()
        # Labels above their combos: the choices are long and the dock is narrow.
        self._form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        outer.addLayout(self._form)
        outer.addStretch(1)
        self.set_document(None)

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Show the options of ``document`` (None: no scenario open)."""
        self._document = follow(self._document, document, self._changed)
        self._rebuild()

    def _wanted(self) -> list[_Slot]:
        document = self._document
        if document is None:
            return []
        boards = list(dict.fromkeys(p.name for p in document.map.placements))
        slots: list[_Slot] = []
        for option in terrain_options(document.scenario.system).values():
            if option.scope == "board":
                slots.extend(_Slot(option, board) for board in boards)
            else:
                slots.append(_Slot(option, None))
        return slots

    def _rebuild(self) -> None:
        while self._form.rowCount():
            self._form.removeRow(0)
        self.combos.clear()
        self._slots = self._wanted()
        document = self._document
        if document is None:
            self.message.setText("No scenario open.")
        elif not self._slots:
            name = document.scenario.system.display_name
            self.message.setText(f"{name}'s rulebook offers no terrain options.")
        else:
            self.message.setText("How the printed terrain counts in this scenario:")
        for slot in self._slots:
            combo = QComboBox()
            combo.setObjectName(f"terrain-option-{slot.key}")
            # Narrow docks: the combo may shrink below its longest choice (shown in full when
            # open).
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(10)
            option = slot.option
            for choice in option.choices:
                combo.addItem(choice.name, choice.id)
                tip = choice.provenance + (f"\n{choice.note}" if choice.note else "")
                combo.setItemData(combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
            combo.setToolTip(option.provenance + (f"\n{option.note}" if option.note else ""))
            combo.currentIndexChanged.connect(lambda _i, slot=slot: self._chose(slot))
            label = QLabel(slot.label)
            label.setToolTip(combo.toolTip())
            self._form.addRow(label, combo)
            self.combos[slot.key] = combo
        self._sync()

    def _sync(self) -> None:
        """Show the choices in force, signals blocked so nothing echoes back as an edit."""
        document = self._document
        if document is None:
            return
        values = option_values(document.scenario)
        options = terrain_options(document.scenario.system)
        for slot in self._slots:
            choice = next(
                (c.id for o, c in chosen(options, values, slot.board) if o.id == slot.option.id),
                slot.option.default,
            )
            combo = self.combos[slot.key]
            with QSignalBlocker(combo):
                combo.setCurrentIndex(combo.findData(choice))

    def _chose(self, slot: _Slot) -> None:
        if self._document is None:
            return
        choice = self.combos[slot.key].currentData()
        self._document.set_terrain_option(slot.key, str(choice))

    def _changed(self, change: Change) -> None:
        if change & Change.LAYOUT and [s.key for s in self._wanted()] != [
            s.key for s in self._slots
        ]:
            self._rebuild()
        else:
            self._sync()
