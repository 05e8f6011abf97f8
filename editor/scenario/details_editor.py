"""The Scenario tab of the Scenario Rules panel (issue 5): the scenario's id, title, date,
location, description, where it comes from and notes; the map's play area and its named
objects (the bridge, supply dumps, IPs the victory conditions name); and Soldiers' missions.

The page never edits the scenario itself: each Apply, Add, Change or Remove is a pure edit of
:mod:`model.edits_details` handed to the document as one undo step; a refusal is said in the
group's message line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.scenario.rules_forms import MessageLine, RegionField, compact_form, fill_sides
from model import edits_details
from model.region_text import describe_region
from model.scenario import Scenario
from model.scenario_map import MapObjects
from rules.registry import rules_for

if TYPE_CHECKING:
    from editor.app import MainWindow

PROVENANCE = (
    ("Designed for Hexwright", "original"),
    ("A book's scenario", "source"),
    ("A placeholder", "placeholder"),
)
_PROVENANCE_HINT = {
    "source": "the book and section, e.g. Panzer '44 [19.2]",
    "placeholder": "what it stands in for",
    "original": "",
}
#: Document changes after which the page shows the scenario again.
_SHOWN_ON = Change.DETAILS | Change.LAYOUT


class DetailsPage(QWidget):
    """The scenario's details, play area, objects and missions; one undo step per change."""

    def __init__(
        self,
        window: MainWindow | None = None,
        show_place: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__()
        self.window_ = window
        self.show_place = show_place
        self.document: ScenarioDocument | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(self._details_group())
        layout.addWidget(self._map_group())
        layout.addWidget(self._missions_group())
        layout.addStretch(1)

    # --- groups -------------------------------------------------------------------------------

    def _details_group(self) -> QGroupBox:
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip("The scenario's id: letters, digits, '_', '.', '+' and '-'")
        self.title_edit = QLineEdit()
        self.date_edit = QLineEdit()
        self.date_edit.setPlaceholderText("e.g. 10 June 1944")
        self.location_edit = QLineEdit()
        self.location_edit.setPlaceholderText("e.g. Carentan, Normandy")
        self.description = QPlainTextEdit()
        self.description.setPlaceholderText("The situation, as the book tells it")
        self.description.setFixedHeight(80)
        self.provenance = QComboBox()
        for label, data in PROVENANCE:
            self.provenance.addItem(label, data)
        self.provenance.currentIndexChanged.connect(lambda _i: self._show_provenance())
        self.provenance_text = QLineEdit()
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Designer's notes")
        self.notes.setFixedHeight(60)
        self.details_message = MessageLine()
        self.details_button = QPushButton("Apply")
        self.details_button.clicked.connect(self.apply_details)
        form = compact_form()
        form.addRow("Id", self.id_edit)
        form.addRow("Title", self.title_edit)
        form.addRow("Date", self.date_edit)
        form.addRow("Location", self.location_edit)
        form.addRow("Description", self.description)
        form.addRow("From", self.provenance)
        form.addRow("", self.provenance_text)
        form.addRow("Notes", self.notes)
        self.details_form = form
        group = QGroupBox("Scenario")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(self.details_message)
        inner.addLayout(_right(self.details_button))
        return group

    def _map_group(self) -> QGroupBox:
        self.play_area = RegionField("the whole map; or e.g. west of hexrow 2000")
        self.play_area.edit.returnPressed.connect(self.apply_play_area)
        self.play_area_button = QPushButton("Apply")
        self.play_area_button.clicked.connect(self.apply_play_area)
        self.objects = QListWidget()
        self.objects.setMaximumHeight(90)
        self.objects.currentRowChanged.connect(lambda _r: self._object_chosen())
        self.object_name = QLineEdit()
        self.object_name.setPlaceholderText("e.g. bridge, dumps")
        self.object_region = RegionField("e.g. hexes K1216, K1217")
        self.object_kind = QComboBox()
        self.object_kind.setEditable(True)
        self.object_kind.addItems(["object", "bridge", "building", "dump", "fortification"])
        self.object_defense = QSpinBox()
        self.object_defense.setRange(0, 99)
        self.object_defense.setSpecialValueText("none")
        self.map_message = MessageLine()
        self.add_object_button = QPushButton("Add")
        self.add_object_button.clicked.connect(self.add_object)
        self.change_object_button = QPushButton("Change")
        self.change_object_button.clicked.connect(self.change_object)
        self.remove_object_button = QPushButton("Remove")
        self.remove_object_button.clicked.connect(self.remove_object)
        form = compact_form()
        form.addRow("Play area", self.play_area)
        form.addRow("", _right_widget(self.play_area_button))
        form.addRow("Objects", self.objects)
        form.addRow("Name", self.object_name)
        form.addRow("Where", self.object_region)
        form.addRow("Kind", self.object_kind)
        form.addRow("Defense", self.object_defense)
        group = QGroupBox("Map")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(self.map_message)
        inner.addLayout(
            _right(self.add_object_button, self.change_object_button, self.remove_object_button)
        )
        return group

    def _missions_group(self) -> QGroupBox:
        self.missions = QListWidget()
        self.missions.setMaximumHeight(80)
        self.missions.currentRowChanged.connect(lambda _r: self._mission_chosen())
        self.mission_id = QLineEdit()
        self.mission_id.setPlaceholderText("e.g. us-raid")
        self.mission_name = QLineEdit()
        self.mission_side = QComboBox()
        self.mission_budget = QSpinBox()
        self.mission_budget.setRange(-1, 9999)
        self.mission_budget.setSpecialValueText("no budget")
        self.mission_budget.setSuffix(" FP")
        self.mission_reinforcements = QCheckBox("Reinforcements allowed")
        self.missions_message = MessageLine()
        self.add_mission_button = QPushButton("Add")
        self.add_mission_button.clicked.connect(self.add_mission)
        self.apply_mission_button = QPushButton("Apply")
        self.apply_mission_button.clicked.connect(self.apply_mission)
        self.remove_mission_button = QPushButton("Remove")
        self.remove_mission_button.clicked.connect(self.remove_mission)
        form = compact_form()
        form.addRow(self.missions)
        form.addRow("Id", self.mission_id)
        form.addRow("Name", self.mission_name)
        form.addRow("Side", self.mission_side)
        form.addRow("Budget", self.mission_budget)
        form.addRow(self.mission_reinforcements)
        group = QGroupBox("Missions")
        group.setToolTip("Soldiers [19]: secret missions a side chooses, each with its budget")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(self.missions_message)
        inner.addLayout(
            _right(self.add_mission_button, self.apply_mission_button, self.remove_mission_button)
        )
        self.missions_group = group
        return group

    # --- document -----------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        for line in (self.details_message, self.map_message, self.missions_message):
            line.clear_message()
        self.refresh()

    def _on_changed(self, change: Change) -> None:
        if change & _SHOWN_ON:
            self.refresh()

    @property
    def scenario(self) -> Scenario | None:
        if self.document is None or isinstance(self.document, BoardDocument):
            return None
        return self.document.scenario

    def refresh(self) -> None:
        """Show the scenario's details again (after an edit, an undo or a new document)."""
        scenario = self.scenario
        self.setEnabled(scenario is not None)
        if scenario is None:
            return
        self.id_edit.setText(scenario.id)
        self.title_edit.setText(scenario.title)
        self.date_edit.setText(scenario.date or "")
        self.location_edit.setText(scenario.location or "")
        self.description.setPlainText(scenario.description)
        kind, text = edits_details.provenance_of(scenario)
        with QSignalBlocker(self.provenance):
            self.provenance.setCurrentIndex(self.provenance.findData(kind))
        self.provenance_text.setText(text)
        self._show_provenance()
        self.notes.setPlainText(scenario.notes)
        assert self.document is not None
        self.play_area.amap = self.object_region.amap = self.document.map
        self.play_area.set_region(scenario.map.play_area)
        self._fill_objects(scenario)
        self._fill_missions(scenario)

    def _show_provenance(self) -> None:
        kind = self.provenance.currentData()
        self.provenance_text.setPlaceholderText(_PROVENANCE_HINT[kind])
        self.details_form.setRowVisible(self.provenance_text, kind != "original")

    def _fill_objects(self, scenario: Scenario) -> None:
        row = self.objects.currentRow()
        with QSignalBlocker(self.objects):
            self.objects.clear()
            for item in scenario.map.objects:
                defense = f", defense {item.defense}" if item.defense is not None else ""
                text = f"{item.name} ({item.kind}{defense}): {describe_region(item.region)}"
                self.objects.addItem(text)
            self.objects.setCurrentRow(min(row, self.objects.count() - 1))
        self._object_chosen()

    def _fill_missions(self, scenario: Scenario) -> None:
        shown = "missions" in rules_for(scenario.system).features or bool(scenario.missions)
        self.missions_group.setVisible(shown)
        fill_sides(self.mission_side, scenario)
        row = self.missions.currentRow()
        with QSignalBlocker(self.missions):
            self.missions.clear()
            for mission in scenario.missions:
                budget = f", {mission.budget.points} FP" if mission.budget else ""
                self.missions.addItem(f"{mission.name} [{mission.id}] ({mission.side}{budget})")
            self.missions.setCurrentRow(min(row, self.missions.count() - 1))
        self._mission_chosen()

    # --- edits --------------------------------------------------------------------------------

    def _do(
        self,
        edit: Callable[[Scenario], Scenario],
        text: str,
        line: MessageLine,
        change: Change = Change.DETAILS,
    ) -> bool:
        """Make a pure edit one undo step; say why when it is refused."""
        if self.scenario is None or self.document is None:
            return False
        reasons = self.document.edit(edit, text, change)
        if reasons:
            line.problem("\n".join(reasons))
            return False
        line.clear_message()
        return True

    def apply_details(self) -> bool:
        """Id, title, date, location, description, where it comes from and notes: one step."""
        details = {
            "id": self.id_edit.text(),
            "title": self.title_edit.text(),
            "date": self.date_edit.text(),
            "location": self.location_edit.text(),
            "description": self.description.toPlainText(),
            "notes": self.notes.toPlainText(),
        }
        kind, text = str(self.provenance.currentData()), self.provenance_text.text()

        def edit(s: Scenario) -> Scenario:
            s = edits_details.set_details(s, **details)
            return edits_details.set_provenance(s, kind, text)

        return self._do(edit, "Scenario details", self.details_message)

    def apply_play_area(self) -> bool:
        """The play area typed (empty: the whole map), outlined on the map."""
        amap = self.play_area.amap
        if not self.play_area.edit.text().strip():
            region = None
        else:
            try:
                region = self.play_area.region()
            except ValueError as exc:
                self.map_message.problem(str(exc))
                return False
        text = "Play area: the whole map" if region is None else "Set the play area"
        done = self._do(
            lambda s: edits_details.set_play_area(s, region, amap), text, self.map_message
        )
        if done and region is not None and self.show_place is not None:
            self.show_place("map.play_area")
        return done

    def _object_chosen(self) -> None:
        scenario, row = self.scenario, self.objects.currentRow()
        chosen = scenario is not None and 0 <= row < len(scenario.map.objects)
        self.change_object_button.setEnabled(chosen)
        self.remove_object_button.setEnabled(chosen)
        if not chosen or scenario is None:
            return
        item = scenario.map.objects[row]
        self.object_name.setText(item.name)
        self.object_region.set_region(item.region)
        self.object_kind.setCurrentText(item.kind)
        self.object_defense.setValue(item.defense or 0)
        if self.show_place is not None:
            self.show_place(f"map.objects[{row}]")

    def _object(self, base: MapObjects | None) -> MapObjects:
        region = self.object_region.region()
        defense = self.object_defense.value() or None
        note = base.note if base is not None else ""
        return MapObjects(
            name=self.object_name.text().strip(),
            region=region,
            kind=self.object_kind.currentText().strip() or "object",
            defense=defense,
            note=note,
        )

    def add_object(self) -> bool:
        amap = self.object_region.amap
        try:
            item = self._object(None)
        except ValueError as exc:
            self.map_message.problem(str(exc))
            return False
        done = self._do(
            lambda s: edits_details.add_object(s, item, amap),
            f"Add objects '{item.name}'",
            self.map_message,
        )
        if done:
            self.objects.setCurrentRow(self.objects.count() - 1)
        return done

    def change_object(self) -> bool:
        scenario, row, amap = self.scenario, self.objects.currentRow(), self.object_region.amap
        if scenario is None or not 0 <= row < len(scenario.map.objects):
            return False
        try:
            item = self._object(scenario.map.objects[row])
        except ValueError as exc:
            self.map_message.problem(str(exc))
            return False
        return self._do(
            lambda s: edits_details.replace_object(s, row, item, amap),
            f"Change objects '{item.name}'",
            self.map_message,
            Change.VICTORY,
        )

    def remove_object(self) -> bool:
        row = self.objects.currentRow()
        return self._do(
            lambda s: edits_details.remove_object(s, row), "Remove objects", self.map_message
        )

    def _mission_chosen(self) -> None:
        scenario, row = self.scenario, self.missions.currentRow()
        chosen = scenario is not None and 0 <= row < len(scenario.missions)
        self.apply_mission_button.setEnabled(chosen)
        self.remove_mission_button.setEnabled(chosen)
        if not chosen or scenario is None:
            return
        mission = scenario.missions[row]
        self.mission_id.setText(mission.id)
        self.mission_name.setText(mission.name)
        self.mission_side.setCurrentIndex(max(self.mission_side.findData(mission.side), 0))
        self.mission_budget.setValue(mission.budget.points if mission.budget else -1)
        self.mission_reinforcements.setChecked(mission.reinforcements)

    def add_mission(self) -> bool:
        """A new mission with the budget and reinforcements flag shown: one undo step."""
        mission_id, name = self.mission_id.text(), self.mission_name.text()
        side = str(self.mission_side.currentData() or "")
        budget, allowed = self.mission_budget.value(), self.mission_reinforcements.isChecked()

        def edit(s: Scenario) -> Scenario:
            s = edits_details.add_mission(s, mission_id, name, side)
            points = None if budget < 0 else budget
            return edits_details.set_mission(s, len(s.missions) - 1, points, allowed)

        done = self._do(edit, "Add a mission", self.missions_message)
        if done:
            self.missions.setCurrentRow(self.missions.count() - 1)
        return done

    def apply_mission(self) -> bool:
        row, budget = self.missions.currentRow(), self.mission_budget.value()
        allowed = self.mission_reinforcements.isChecked()
        return self._do(
            lambda s: edits_details.set_mission(s, row, None if budget < 0 else budget, allowed),
            "Change a mission",
            self.missions_message,
        )

    def remove_mission(self) -> bool:
        row = self.missions.currentRow()
        return self._do(
            lambda s: edits_details.remove_mission(s, row),
            "Remove a mission",
            self.missions_message,
        )


def _right(*buttons: QPushButton) -> QHBoxLayout:
    """Buttons at the right of a row."""
    row = QHBoxLayout()
    row.addStretch(1)
    for button in buttons:
        row.addWidget(button)
    return row


def _right_widget(*buttons: QPushButton) -> QWidget:
    """Buttons at the right of a row of a form."""
    widget = QWidget()
    row = _right(*buttons)
    row.setContentsMargins(0, 0, 0, 0)
    widget.setLayout(row)
    return widget
