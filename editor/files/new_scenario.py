"""File > New: choose the game system, a title and a layout (a preset of the system's
sections, or one section to build on), and get a scenario that loads like a saved one."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QListWidget,
    QWidget,
)

from model.newscenario import LayoutChoice, layout_choices, new_scenario
from model.scenario import Scenario
from model.systems import GameSystem


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.resize(460, 360)
        form = QFormLayout(self)
        self.system_box = QComboBox()
        for system in GameSystem:
            self.system_box.addItem(system.display_name, system.value)
        self.system_box.currentIndexChanged.connect(lambda *_: self._fill())
        self.title_edit = QLineEdit("New scenario")
        self.layouts = QListWidget()
        self.layouts.setToolTip(
            "A standard arrangement of the game's sections, or one section to start from: "
            "add more from the Sections panel"
        )
        self._choices: list[LayoutChoice] = []
        form.addRow("Game", self.system_box)
        form.addRow("Title", self.title_edit)
        form.addRow("Map", self.layouts)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.layouts.itemDoubleClicked.connect(lambda *_: self.accept())
        form.addRow(buttons)
        self._fill()

    def system(self) -> GameSystem:
        return GameSystem(self.system_box.currentData())

    def _fill(self) -> None:
        self._choices = layout_choices(self.system())
        self.layouts.clear()
        for choice in self._choices:
            self.layouts.addItem(choice.title)
        self.layouts.setCurrentRow(0)

    def scenario(self) -> Scenario:
        """The scenario the dialog describes."""
        choice = self._choices[max(0, self.layouts.currentRow())]
        title = self.title_edit.text().strip() or "New scenario"
        return new_scenario(self.system(), choice.layout, title=title)
