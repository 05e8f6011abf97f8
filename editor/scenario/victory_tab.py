"""The Victory tab of the Scenario dock: the victory conditions as sentences (those inside an
all-of / any-of indented under it), each added or changed with :class:`ConditionForm` or
removed; and how the scenario is scored, who wins when nothing decides and who takes a tie.
Choosing a condition outlines its hexes on the map.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QFormLayout, QVBoxLayout

from editor.files.changes import Change
from editor.scenario.details_tab import PATH_ROLE, ListTab, SentenceTable, ShowPlace, brief
from editor.scenario.rules_forms import MessageLine, fill_sides
from editor.scenario.victory_editor import ConditionForm, editable
from model import edits_rules
from model.rules_sentences import condition_sentence
from model.scenario import Scenario
from model.victory import AllConditions, AnyCondition, Condition


class VictoryTab(ListTab):
    """The victory conditions and the scoring of the open scenario."""

    form: ConditionForm

    def __init__(self, message: MessageLine, show_place: ShowPlace) -> None:
        super().__init__(message, show_place)
        self.table = SentenceTable(["Condition"])
        self.form = ConditionForm()
        row = self._list_buttons(self.add_condition, self.edit_condition, self.remove_condition)
        self.scoring = QComboBox()
        self.scoring.addItem("Most victory points wins", "most-vp")
        self.scoring.addItem("The conditions decide", "conditions")
        self.default_winner = QComboBox()
        self.tie = QComboBox()
        for box in (self.scoring, self.default_winner, self.tie):
            box.currentIndexChanged.connect(lambda _i: self.apply_scoring())
        scoring = QFormLayout()
        scoring.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        scoring.addRow("Scoring", self.scoring)
        scoring.addRow("If nothing decides", self.default_winner)
        scoring.addRow("A tie goes to", self.tie)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.form)
        layout.addLayout(scoring)

    def fill(self, scenario: Scenario | None) -> None:
        """Show the scenario's conditions and scoring again."""
        self.table.clear_rows()
        victory = scenario.victory if scenario else None
        names = self.side_names()

        def add(condition: Condition, path: list[int]) -> None:
            full = condition_sentence(condition, names)
            sentence = brief(full)
            tooltip = full + (f"\n{condition.note}" if condition.note else "")
            self.table.add_row([sentence], path, tooltip, indent=len(path) - 1)
            if isinstance(condition, AllConditions | AnyCondition):
                for i, inner in enumerate(condition.conditions):
                    add(inner, [*path, i])

        for index, condition in enumerate(victory.conditions if victory else []):
            add(condition, [index])
        self.table.fit_rows()
        with (
            QSignalBlocker(self.scoring),
            QSignalBlocker(self.default_winner),
            QSignalBlocker(self.tie),
        ):
            fill_sides(self.default_winner, scenario, (("No one", ""), ("A draw", "draw")))
            fill_sides(self.tie, scenario, (("No one (a tie)", ""), ("A draw", "draw")))
            if victory is not None:
                self.scoring.setCurrentIndex(max(self.scoring.findData(victory.scoring), 0))
                self.default_winner.setCurrentIndex(
                    max(self.default_winner.findData(victory.default_winner or ""), 0)
                )
                self.tie.setCurrentIndex(max(self.tie.findData(victory.tie or ""), 0))
        self.enable_buttons()

    def selected_condition(self) -> list[int] | None:
        chosen = self.table.chosen()
        return [int(i) for i in chosen] if isinstance(chosen, list | tuple) else None

    def select_condition(self, path: list[int]) -> None:
        """Choose the condition at ``path`` (and show its place), as a click does."""
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and list(item.data(PATH_ROLE)) == list(path):
                self.table.selectRow(row)
                return
        raise ValueError(f"no victory condition at {path}")

    def _chosen(self) -> None:
        self.enable_buttons()
        path = self.selected_condition()
        if path is not None:
            self.show_place("victory." + ".".join(f"conditions[{i}]" for i in path))

    def add_condition(self) -> None:
        scenario = self.scenario
        if scenario is None or self.document is None:
            return
        self.table.clearSelection()
        self.form.start(scenario, self.document.map, None)
        self.open_form()

    def edit_condition(self) -> None:
        scenario, path = self.scenario, self.selected_condition()
        if scenario is None or path is None or self.document is None:
            return
        condition = edits_rules.condition_at(scenario, path)
        if not editable(condition):
            self.message.problem(
                f"a '{condition.kind}' condition is edited in the scenario file; "
                "it can be removed here"
            )
            return
        self.form.start(scenario, self.document.map, condition)
        self.open_form()

    def remove_condition(self) -> bool:
        path = self.selected_condition()
        if path is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_condition(s, path),
            "Remove a victory condition",
            Change.VICTORY,
        )

    def _submitted(self, entry: object) -> None:
        scenario, document, path = self.scenario, self.document, self.selected_condition()
        if scenario is None or document is None:
            return
        condition, amap = cast("Condition", entry), document.map
        if self.form.base is not None and path is not None:
            if (
                self._commit(
                    lambda s: edits_rules.replace_condition(s, path, condition, amap),
                    True,
                    "victory condition",
                    Change.VICTORY,
                )
                is not None
            ):
                self.select_condition(path)
            return
        after = self._commit(
            lambda s: edits_rules.add_condition(s, condition, amap=amap),
            False,
            "victory condition",
            Change.VICTORY,
        )
        if after is not None:
            self.select_condition([len(after.victory.conditions) - 1])

    def apply_scoring(self) -> bool:
        return self._do(
            lambda s: edits_rules.set_scoring(
                s,
                self.scoring.currentData(),
                self.default_winner.currentData(),
                self.tie.currentData(),
            ),
            "Set how the scenario is won",
            Change.VICTORY,
        )
