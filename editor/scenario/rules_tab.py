"""The Rules tab of the Scenario dock: the special rules as sentences (a rule in the book's words
cut short, whole in the tooltip with its source and note), each added or changed with
:class:`SpecialRuleForm` or removed. Choosing a rule that names hexes outlines them on the map.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtWidgets import QVBoxLayout

from editor.files.changes import Change
from editor.scenario.details_tab import ListTab, SentenceTable, ShowPlace, brief
from editor.scenario.rules_forms import MessageLine, SpecialRuleForm
from model import edits_rules
from model.rules_sentences import rule_sentence
from model.scenario import Scenario
from model.victory import SpecialRule


class SpecialRulesTab(ListTab):
    """The special rules of the open scenario."""

    form: SpecialRuleForm

    def __init__(self, message: MessageLine, show_place: ShowPlace) -> None:
        super().__init__(message, show_place)
        self.table = SentenceTable(["Rule"])
        self.form = SpecialRuleForm()
        row = self._list_buttons(self.add_rule, self.edit_rule, self.remove_rule)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.form)
        layout.addStretch(0)  # the room a short form leaves, while the list is held short

    def fill(self, scenario: Scenario | None) -> None:
        """Show the scenario's special rules again."""
        self.table.clear_rows()
        names = self.side_names()
        for index, rule in enumerate(scenario.special_rules if scenario else []):
            sentence = brief(rule_sentence(rule, names))
            tooltip = "\n".join(filter(None, [rule_sentence(rule, names), rule.source, rule.note]))
            self.table.add_row([sentence], index, tooltip)
        self.table.fit_rows()
        self.enable_buttons()

    def selected_rule(self) -> int | None:
        chosen = self.table.chosen()
        return None if chosen is None else int(str(chosen))

    def _chosen(self) -> None:
        self.enable_buttons()
        index = self.selected_rule()
        if index is not None:
            self.show_place(f"special_rules[{index}]", quiet=True)

    def add_rule(self) -> None:
        scenario = self.scenario
        if scenario is None or self.document is None:
            return
        self.table.clearSelection()
        self.form.start(scenario, self.document.map, None)
        self.open_form()

    def edit_rule(self) -> None:
        scenario, index = self.scenario, self.selected_rule()
        if scenario is None or index is None or self.document is None:
            return
        self.form.start(scenario, self.document.map, scenario.special_rules[index])
        self.open_form()

    def remove_rule(self) -> bool:
        index = self.selected_rule()
        if index is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_rule(s, index), "Remove a special rule", Change.RULES
        )

    def _submitted(self, entry: object) -> None:
        scenario, document, index = self.scenario, self.document, self.selected_rule()
        if scenario is None or document is None:
            return
        editing = self.form.base is not None and index is not None
        rule, amap = cast("SpecialRule", entry), document.map

        def edit(s: Scenario) -> Scenario:
            if index is not None and editing:
                return edits_rules.replace_rule(s, index, rule, amap)
            return edits_rules.add_rule(s, rule, amap)

        self._commit(edit, editing, "special rule", Change.RULES)
