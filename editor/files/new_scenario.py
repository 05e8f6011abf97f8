"""File > New: choose the game system, a title, the date, a layout (a preset of the system's
sections, or one section to build on) and the two sides (nation, name, and whether the designer
lists their forces or they are bought with points), and get a scenario that loads like a saved
one."""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QWidget,
)

from model.limits import MAX_POINTS
from model.newscenario import (
    LayoutChoice,
    NewSide,
    default_nations,
    layout_choices,
    nations_of,
    new_scenario,
    side_name,
)
from model.scenario import Scenario
from model.systems import GameSystem
from rules.registry import rules_for


class SideRow(QWidget):
    """One side: its nation, its name, and its forces listed or bought with a budget."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.nation = QComboBox()
        self.name = QLineEdit()
        self.name.setPlaceholderText("name")
        self.bought = QCheckBox("bought with")
        self.bought.setToolTip(
            "The side buys its forces with points under the game's purchase rules (Armor's "
            "Point Selection, Soldiers' Force Points); otherwise you list them"
        )
        self.budget = QSpinBox()
        self.budget.setRange(1, MAX_POINTS)
        self.budget.setValue(200)
        self.budget.setSuffix(" points")
        self.budget.setEnabled(False)
        self.bought.toggled.connect(self.budget.setEnabled)
        self._named = ""
        self.nation.currentIndexChanged.connect(self._rename)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.nation)
        row.addWidget(self.name, 1)
        row.addWidget(self.bought)
        row.addWidget(self.budget)

    def fill(self, nations: list[str], chosen: str, word: str, points: int) -> None:
        self.nation.blockSignals(True)
        self.nation.clear()
        for nation in nations:
            self.nation.addItem(side_name(nation), nation)
        self.nation.setCurrentIndex(max(0, self.nation.findData(chosen)))
        self.nation.blockSignals(False)
        self.budget.setSuffix(f" {word}")
        self.budget.setValue(points)
        self._rename()

    def _rename(self) -> None:
        """Follow the nation with the name, until the designer types one of their own."""
        if self.name.text() in ("", self._named):
            self._named = side_name(str(self.nation.currentData() or ""))
            self.name.setText(self._named)

    def side(self) -> NewSide:
        return NewSide(
            str(self.nation.currentData() or ""),
            self.name.text(),
            self.budget.value() if self.bought.isChecked() else None,
        )


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.resize(620, 460)
        form = QFormLayout(self)
        self.system_box = QComboBox()
        for system in GameSystem:
            self.system_box.addItem(system.display_name, system.value)
        self.system_box.currentIndexChanged.connect(lambda *_: self._fill())
        self.title_edit = QLineEdit("New scenario")
        self.date_edit = QLineEdit()
        self.date_edit.setPlaceholderText("e.g. 1944-07-25 (optional)")
        self.layouts = QListWidget()
        self.layouts.setToolTip(
            "A standard arrangement of the game's sections, or one section to start from: "
            "add more from the Sections panel"
        )
        self._choices: list[LayoutChoice] = []
        self.sides = (SideRow(), SideRow())
        form.addRow("Game", self.system_box)
        form.addRow("Title", self.title_edit)
        form.addRow("Date", self.date_edit)
        form.addRow("Map", self.layouts)
        form.addRow("First side", self.sides[0])
        form.addRow("Second side", self.sides[1])
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
        system = self.system()
        self._choices = layout_choices(system)
        self.layouts.clear()
        for choice in self._choices:
            self.layouts.addItem(choice.title)
        self.layouts.setCurrentRow(0)
        nations = nations_of(system) or list(default_nations(system))
        force_points = self._budget_kind() == "force-points"
        word, points = ("FP", 30) if force_points else ("points", 200)
        for row, nation in zip(self.sides, default_nations(system), strict=True):
            row.fill(nations, nation, word, points)

    def scenario(self) -> Scenario:
        """The scenario the dialog describes."""
        choice = self._choices[max(0, self.layouts.currentRow())]
        title = self.title_edit.text().strip() or "New scenario"
        first, second = (row.side() for row in self.sides)
        return new_scenario(
            self.system(),
            choice.layout,
            title=title,
            sides=(first, second),
            date=self.date_edit.text().strip() or None,
            budget_kind=self._budget_kind(),
        )

    def _budget_kind(self) -> Literal["points", "force-points"]:
        """What the system's budgets count (its point-buy says: Soldiers' Force Points)."""
        return rules_for(self.system()).pointbuy.budget_kind
