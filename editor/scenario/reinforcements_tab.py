"""The Reinforcements tab of the Scenario dock: a side's reinforcements, a row each (when they
arrive, the units, where they enter), each added or changed with :class:`ReinforcementForm` or
removed. Choosing one outlines its entry area on the map.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout

from editor.files.changes import Change
from editor.scenario.details_tab import ListTab, SentenceTable, ShowPlace
from editor.scenario.reinforcement_editor import ReinforcementForm
from editor.scenario.rules_forms import MessageLine, fill_sides
from model import edits_rules
from model.rules_sentences import arrival_text, reinforcement_sentence, units_list, where
from model.scenario import Reinforcement, Scenario

_FORMATION = {"column": ", in column", "free": ", in free formation", None: ""}


class ReinforcementsTab(ListTab):
    """The reinforcements of the side chosen in :attr:`side_box`."""

    form: ReinforcementForm

    def __init__(self, message: MessageLine, show_place: ShowPlace) -> None:
        super().__init__(message, show_place)
        self.side_box = QComboBox()
        self.side_box.currentIndexChanged.connect(lambda _i: self._fill_reinforcements())
        self.table = SentenceTable(["Arrives", "Units", "Enters"])
        self.table.setColumnWidth(0, 100)
        self.table.setColumnWidth(1, 120)
        self.form = ReinforcementForm()
        row = self._list_buttons(
            self.add_reinforcement, self.edit_reinforcement, self.remove_reinforcement
        )
        layout = QVBoxLayout(self)
        side_row = QHBoxLayout()
        side_row.addWidget(QLabel("Side"))
        side_row.addWidget(self.side_box, 1)
        layout.addLayout(side_row)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.form)

    def fill(self, scenario: Scenario | None) -> None:
        """Show the sides and the chosen side's reinforcements again."""
        with QSignalBlocker(self.side_box):
            fill_sides(self.side_box, scenario)
        self._fill_reinforcements()

    def _fill_reinforcements(self) -> None:
        self.table.clear_rows()
        scenario, side_id = self.scenario, self.side_box.currentData()
        if scenario is not None and side_id is not None:
            for index, item in enumerate(scenario.side(side_id).reinforcements):
                texts = [
                    arrival_text(item),
                    units_list(item),
                    where(item.entry) + _FORMATION[item.formation],
                ]
                tooltip = reinforcement_sentence(item) + (f"\n{item.note}" if item.note else "")
                self.table.add_row(texts, index, tooltip)
        self.table.fit_rows()
        self.enable_buttons()

    def selected_reinforcement(self) -> int | None:
        chosen = self.table.chosen()
        return None if chosen is None else int(str(chosen))

    def select_reinforcement(self, index: int) -> None:
        """Choose reinforcement ``index`` of the side shown (and show its place)."""
        self.table.selectRow(index)

    def _path(self, index: int) -> str:
        scenario = self.scenario
        assert scenario is not None
        side = [s.id for s in scenario.sides].index(self.side_box.currentData())
        return f"sides[{side}].reinforcements[{index}]"

    def _chosen(self) -> None:
        self.enable_buttons()
        index = self.selected_reinforcement()
        if index is not None:
            self.show_place(self._path(index))

    def add_reinforcement(self) -> None:
        scenario, side = self.scenario, self.side_box.currentData()
        if scenario is None or side is None or self.document is None:
            return
        self.table.clearSelection()
        self.form.start(scenario, self.document.map, scenario.side(side), None)
        self.open_form()

    def edit_reinforcement(self) -> None:
        scenario, side, index = (
            self.scenario,
            self.side_box.currentData(),
            self.selected_reinforcement(),
        )
        if scenario is None or side is None or index is None or self.document is None:
            return
        chosen = scenario.side(side).reinforcements[index]
        self.form.start(scenario, self.document.map, scenario.side(side), chosen)
        self.open_form()

    def remove_reinforcement(self) -> bool:
        side, index = self.side_box.currentData(), self.selected_reinforcement()
        if side is None or index is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_reinforcement(s, side, index),
            "Remove a reinforcement",
            Change.REINFORCEMENTS,
        )

    def _submitted(self, entry: object) -> None:
        side, document, scenario = self.side_box.currentData(), self.document, self.scenario
        if side is None or document is None or scenario is None:
            return
        index = self.selected_reinforcement()
        item, amap = cast("Reinforcement", entry), document.map
        if self.form.base is not None and index is not None:
            if (
                self._commit(
                    lambda s: edits_rules.replace_reinforcement(s, side, index, item, amap),
                    True,
                    "reinforcement",
                    Change.REINFORCEMENTS,
                )
                is not None
            ):
                self.select_reinforcement(index)
            return
        if (
            self._commit(
                lambda s: edits_rules.add_reinforcement(s, side, item, amap),
                False,
                "reinforcement",
                Change.REINFORCEMENTS,
            )
            is not None
        ):
            self.select_reinforcement(self.table.rowCount() - 1)
