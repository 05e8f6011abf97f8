"""The Scenario Rules panel: game length, reinforcements, victory conditions and special rules,
each listed as sentences, each added, changed or removed through a small form; and the sides'
set-up (the Set-up tab, :mod:`editor.setup_editor`).

Every change is a pure edit of :mod:`model.edits_rules` handed to the document as one undo step
(``ScenarioDocument.apply_edit``); a refused edit says why in the panel, never with a traceback.
Choosing a reinforcement, a victory condition or a special rule outlines its hexes on the map
and centres the view on them, as the Validation panel shows a finding's place
(:func:`model.places.finding_hexes` on the entry's dotted path).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.boards import BoardDocument
from editor.details_editor import DetailsPage
from editor.document import ScenarioDocument, follow
from editor.reinforcement_editor import ReinforcementForm
from editor.rules_forms import MessageLine, SpecialRuleForm, fill_sides
from editor.setup_editor import SetupPage
from editor.victory_editor import ConditionForm, editable
from model import edits_details, edits_rules
from model.hexes import Hex
from model.places import finding_hexes
from model.rules_sentences import (
    arrival_text,
    condition_sentence,
    length_sentence,
    reinforcement_sentence,
    rule_sentence,
    units_list,
    where,
)
from model.scenario import Scenario
from model.victory import AllConditions, AnyCondition, Condition

if TYPE_CHECKING:
    from editor.app import MainWindow

#: The outline of a chosen objective or entry area on the map.
PLACE_COLOUR = "#7d3c98"
PATH_ROLE = Qt.ItemDataRole.UserRole
#: A list's height while a form is open under it (a few rows stay in sight).
FORM_OPEN_LIST_HEIGHT = 120
QWIDGETSIZE_MAX = 16777215


class SentenceTable(QTableWidget):
    """Rows of sentences that wrap to the panel's width (a tree or list view would cut them
    off with an ellipsis); the first column's item carries the entry's path."""

    def __init__(self, headers: list[str]) -> None:
        super().__init__(0, len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.horizontalHeader().setVisible(len(headers) > 1)
        self.horizontalHeader().setStretchLastSection(True)
        self.horizontalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignLeft)
        self.verticalHeader().hide()
        self.setWordWrap(True)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumHeight(110)

    def add_row(self, texts: list[str], data: object, tooltip: str = "", indent: int = 0) -> None:
        row = self.rowCount()
        self.insertRow(row)
        for column, text in enumerate(texts):
            item = QTableWidgetItem(
                ("    " * indent + "↳ " if indent and not column else "") + text
            )
            item.setToolTip(tooltip or text)
            item.setTextAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self.setItem(row, column, item)
        self.item(row, 0).setData(PATH_ROLE, data)

    def chosen(self) -> object | None:
        """The data of the chosen row (None: no row chosen)."""
        row = self.currentRow()
        item = self.item(row, 0) if row >= 0 else None
        return None if item is None else item.data(PATH_ROLE)

    def clear_rows(self) -> None:
        self.clearContents()
        self.setRowCount(0)

    def fit_rows(self) -> None:
        self.resizeRowsToContents()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.resizeRowsToContents()


def _buttons(*pairs: tuple[str, Callable[[], None]]) -> tuple[QHBoxLayout, list[QPushButton]]:
    row = QHBoxLayout()
    made = []
    for text, slot in pairs:
        button = QPushButton(text)
        button.clicked.connect(slot)
        row.addWidget(button)
        made.append(button)
    row.addStretch(1)
    return row, made


class RulesPanel(QWidget):
    """Game length, reinforcements, victory and special rules of the open scenario."""

    def __init__(self, window: MainWindow | None = None) -> None:
        super().__init__()
        self.window_ = window
        self.document: ScenarioDocument | None = None
        self.message = MessageLine()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        # Six tabs in the ~440 px dock: narrower tabs than the style's keep them all in sight.
        self.tabs.tabBar().setStyleSheet("QTabBar::tab { padding: 4px 6px; }")
        self.details_page = DetailsPage(window, self.show_place)
        self.details_tab = _scrolled(self.details_page)
        self.tabs.addTab(self.details_tab, "Scenario")
        self.tabs.setTabToolTip(0, "Id, title, date, where it comes from; play area and objects")
        self.tabs.addTab(_scrolled(self._victory_page()), "Victory")
        self.tabs.addTab(_scrolled(self._reinforcements_page()), "Reinforcements")
        self.tabs.addTab(_scrolled(self._rules_page()), "Rules")
        self.tabs.setTabToolTip(3, "Special rules")
        self.tabs.addTab(_scrolled(self._length_page()), "Length")
        self.setup_page = SetupPage(window, self.show_place)
        self.setup_tab = _scrolled(self.setup_page)
        self.tabs.addTab(self.setup_tab, "Set-up")
        self.tabs.setTabToolTip(5, "Where each side sets up or enters; who moves first")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs)

    # --- pages ------------------------------------------------------------------------------

    def _length_page(self) -> QWidget:
        page = QWidget()
        self.length_text = QLabel()
        self.length_text.setWordWrap(True)
        self.turns = QSpinBox()
        self.turns.setRange(1, 999)
        self.first_turn = QSpinBox()
        self.first_turn.setRange(0, 999)
        self.open_ended = QCheckBox("Open-ended: until a side wins")
        self.by_join = False
        self.open_ended.toggled.connect(
            lambda on: self.turns.setEnabled(not on and not self.by_join)
        )
        form = QFormLayout()
        form.addRow("Turns", self.turns)
        form.addRow("First turn", self.first_turn)
        form.addRow(self.open_ended)
        layout = QVBoxLayout(page)
        layout.addWidget(self.length_text)
        layout.addLayout(form)
        layout.addLayout(_buttons(("Apply", self.apply_length))[0])
        layout.addStretch(1)
        return page

    def _reinforcements_page(self) -> QWidget:
        page = QWidget()
        self.side_box = QComboBox()
        self.side_box.currentIndexChanged.connect(lambda _i: self._fill_reinforcements())
        self.reinforcements = SentenceTable(["Arrives", "Units", "Enters"])
        self.reinforcements.setColumnWidth(0, 100)
        self.reinforcements.setColumnWidth(1, 120)
        self.reinforcements.itemSelectionChanged.connect(self._reinforcement_chosen)
        self.reinforcements.itemDoubleClicked.connect(lambda *_: self.edit_reinforcement())
        row, (_add, self.edit_reinforcement_button, self.remove_reinforcement_button) = _buttons(
            ("Add…", self.add_reinforcement),
            ("Edit…", self.edit_reinforcement),
            ("Remove", self.remove_reinforcement),
        )
        self.reinforcement_form = ReinforcementForm()
        self.reinforcement_form.hide()
        self.reinforcement_form.submitted.connect(self._reinforcement_submitted)
        self.reinforcement_form.cancelled.connect(lambda: self._close(self.reinforcement_form))
        layout = QVBoxLayout(page)
        side_row = QHBoxLayout()
        side_row.addWidget(QLabel("Side"))
        side_row.addWidget(self.side_box, 1)
        layout.addLayout(side_row)
        layout.addWidget(self.reinforcements, 1)
        layout.addLayout(row)
        layout.addWidget(self.reinforcement_form)
        return page

    def _victory_page(self) -> QWidget:
        page = QWidget()
        self.conditions = SentenceTable(["Condition"])
        self.conditions.itemSelectionChanged.connect(self._condition_chosen)
        self.conditions.itemDoubleClicked.connect(lambda *_: self.edit_condition())
        row, (_add, self.edit_condition_button, self.remove_condition_button) = _buttons(
            ("Add…", self.add_condition),
            ("Edit…", self.edit_condition),
            ("Remove", self.remove_condition),
        )
        self.condition_form = ConditionForm()
        self.condition_form.hide()
        self.condition_form.submitted.connect(self._condition_submitted)
        self.condition_form.cancelled.connect(lambda: self._close(self.condition_form))
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
        layout = QVBoxLayout(page)
        layout.addWidget(self.conditions, 1)
        layout.addLayout(row)
        layout.addWidget(self.condition_form)
        layout.addLayout(scoring)
        return page

    def _rules_page(self) -> QWidget:
        page = QWidget()
        self.rules = SentenceTable(["Rule"])
        self.rules.itemSelectionChanged.connect(self._rule_chosen)
        self.rules.itemDoubleClicked.connect(lambda *_: self.edit_rule())
        row, (_add, self.edit_rule_button, self.remove_rule_button) = _buttons(
            ("Add…", self.add_rule), ("Edit…", self.edit_rule), ("Remove", self.remove_rule)
        )
        self.rule_form = SpecialRuleForm()
        self.rule_form.hide()
        self.rule_form.submitted.connect(self._rule_submitted)
        self.rule_form.cancelled.connect(lambda: self._close(self.rule_form))
        layout = QVBoxLayout(page)
        layout.addWidget(self.rules, 1)
        layout.addLayout(row)
        layout.addWidget(self.rule_form)
        layout.addStretch(0)  # the room a short form leaves, while the list is held short
        return page

    # --- document ---------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        board = isinstance(document, BoardDocument)
        self.setEnabled(document is not None and not board)
        for form in (self.reinforcement_form, self.condition_form, self.rule_form):
            self._close(form)
        self.message.clear_message()
        self.setup_page.set_document(None if board else document)
        self.details_page.set_document(None if board else document)
        self.refresh()

    def show_details(self) -> None:
        """Bring the Scenario tab to the front."""
        self.tabs.setCurrentWidget(self.details_tab)

    def show_setup(self) -> None:
        """Bring the Set-up tab to the front."""
        self.tabs.setCurrentWidget(self.setup_tab)

    def _on_changed(self, what: str) -> None:
        if what in ("reinforcements", "victory", "rules", "length", "forces", "all", "layout"):
            self.refresh()

    @property
    def scenario(self) -> Scenario | None:
        if self.document is None or isinstance(self.document, BoardDocument):
            return None
        return self.document.scenario

    def refresh(self) -> None:
        """Show the scenario's rules again (after an edit, an undo or a new document)."""
        scenario = self.scenario
        self._fill_length(scenario)
        with QSignalBlocker(self.side_box):
            fill_sides(self.side_box, scenario)
        self._fill_reinforcements()
        self._fill_conditions(scenario)
        self._fill_rules(scenario)

    def _side_names(self) -> dict[str, str]:
        scenario = self.scenario
        return {s.id: s.name or s.id for s in scenario.sides} if scenario else {}

    def _do(self, edit: Callable[[Scenario], Scenario], text: str, what: str) -> bool:
        """Make a pure edit one undo step; say why when it is refused."""
        scenario = self.scenario
        if scenario is None or self.document is None:
            return False
        try:
            after = edit(scenario)
        except ValueError as exc:
            self.message.problem(str(exc))
            return False
        self.message.clear_message()
        self.document.apply_edit(after, text, what)
        return True

    # --- length -----------------------------------------------------------------------------

    def _fill_length(self, scenario: Scenario | None) -> None:
        length = scenario.length if scenario else None
        self.length_text.setText(length_sentence(length) if length else "")
        with QSignalBlocker(self.turns), QSignalBlocker(self.open_ended):
            self.turns.setValue(length.turns or 1 if length else 1)
            self.first_turn.setValue(length.first_turn if length else 1)
            self.open_ended.setChecked(bool(length and length.open_ended and not length.turns))
        # Armor 2A's length per join type is kept as it is; it is edited in the file.
        self.by_join = bool(length and length.by_join and length.turns is None)
        self.turns.setEnabled(not self.open_ended.isChecked() and not self.by_join)
        self.turns.setToolTip("Set per join type in the scenario file" if self.by_join else "")

    def set_length(self, turns: int | None, first_turn: int = 1) -> bool:
        """Set the number of turns (None: open-ended) and the first turn, as one undo step.
        The designer's own length is no longer File > New's placeholder (a book's source is
        kept)."""
        scenario = self.scenario
        if scenario is None:
            return False
        length = edits_details.designer_length(scenario.length, turns, first_turn)
        return self._do(
            lambda s: edits_rules.set_length(s, length), "Set the game length", "length"
        )

    def apply_length(self) -> bool:
        keep = self.open_ended.isChecked() or self.by_join
        turns = None if keep else self.turns.value()
        return self.set_length(turns, self.first_turn.value())

    # --- reinforcements -----------------------------------------------------------------------

    def _fill_reinforcements(self) -> None:
        self.reinforcements.clear_rows()
        scenario, side_id = self.scenario, self.side_box.currentData()
        if scenario is not None and side_id is not None:
            formation = {"column": ", in column", "free": ", in free formation", None: ""}
            for index, item in enumerate(scenario.side(side_id).reinforcements):
                texts = [
                    arrival_text(item),
                    units_list(item),
                    where(item.entry) + formation[item.formation],
                ]
                tooltip = reinforcement_sentence(item) + (f"\n{item.note}" if item.note else "")
                self.reinforcements.add_row(texts, index, tooltip)
        self.reinforcements.fit_rows()
        self._enable_buttons()

    def selected_reinforcement(self) -> int | None:
        chosen = self.reinforcements.chosen()
        return None if chosen is None else int(str(chosen))

    def select_reinforcement(self, index: int) -> None:
        """Choose reinforcement ``index`` of the side shown (and show its place)."""
        self.reinforcements.selectRow(index)

    def _reinforcement_path(self, index: int) -> str:
        scenario = self.scenario
        assert scenario is not None
        side = [s.id for s in scenario.sides].index(self.side_box.currentData())
        return f"sides[{side}].reinforcements[{index}]"

    def _reinforcement_chosen(self) -> None:
        self._enable_buttons()
        index = self.selected_reinforcement()
        if index is not None:
            self.show_place(self._reinforcement_path(index))

    def add_reinforcement(self) -> None:
        scenario, side = self.scenario, self.side_box.currentData()
        if scenario is None or side is None or self.document is None:
            return
        self.reinforcements.clearSelection()
        self.reinforcement_form.start(scenario, self.document.map, scenario.side(side), None)
        self._open(self.reinforcement_form)

    def edit_reinforcement(self) -> None:
        scenario, side, index = (
            self.scenario,
            self.side_box.currentData(),
            self.selected_reinforcement(),
        )
        if scenario is None or side is None or index is None or self.document is None:
            return
        chosen = scenario.side(side).reinforcements[index]
        self.reinforcement_form.start(scenario, self.document.map, scenario.side(side), chosen)
        self._open(self.reinforcement_form)

    def remove_reinforcement(self) -> bool:
        side, index = self.side_box.currentData(), self.selected_reinforcement()
        if side is None or index is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_reinforcement(s, side, index),
            "Remove a reinforcement",
            "reinforcements",
        )

    def _reinforcement_submitted(self, item: object) -> None:
        side, document = self.side_box.currentData(), self.document
        if side is None or document is None:
            return
        index = self.selected_reinforcement()
        editing = self.reinforcement_form.base is not None and index is not None
        try:
            scenario = self.scenario
            assert scenario is not None
            if editing:
                assert index is not None
                after = edits_rules.replace_reinforcement(scenario, side, index, item, document.map)  # type: ignore[arg-type]
            else:
                after = edits_rules.add_reinforcement(scenario, side, item, document.map)  # type: ignore[arg-type]
        except ValueError as exc:
            self.reinforcement_form.message.problem(str(exc))
            return
        text = "Change a reinforcement" if editing else "Add a reinforcement"
        document.apply_edit(after, text, "reinforcements")
        self._close(self.reinforcement_form)
        count = self.reinforcements.rowCount()
        self.select_reinforcement(index if editing and index is not None else count - 1)

    # --- victory ------------------------------------------------------------------------------

    def _fill_conditions(self, scenario: Scenario | None) -> None:
        self.conditions.clear_rows()
        victory = scenario.victory if scenario else None
        names = self._side_names()

        def add(condition: Condition, path: list[int]) -> None:
            full = condition_sentence(condition, names)
            sentence = brief(full)
            tooltip = full + (f"\n{condition.note}" if condition.note else "")
            self.conditions.add_row([sentence], path, tooltip, indent=len(path) - 1)
            if isinstance(condition, AllConditions | AnyCondition):
                for i, inner in enumerate(condition.conditions):
                    add(inner, [*path, i])

        for index, condition in enumerate(victory.conditions if victory else []):
            add(condition, [index])
        self.conditions.fit_rows()
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
        self._enable_buttons()

    def selected_condition(self) -> list[int] | None:
        chosen = self.conditions.chosen()
        return None if chosen is None else [int(i) for i in chosen]  # type: ignore[attr-defined]

    def select_condition(self, path: list[int]) -> None:
        """Choose the condition at ``path`` (and show its place), as a click does."""
        for row in range(self.conditions.rowCount()):
            if list(self.conditions.item(row, 0).data(PATH_ROLE)) == list(path):
                self.conditions.selectRow(row)
                return
        raise ValueError(f"no victory condition at {path}")

    def _condition_chosen(self) -> None:
        self._enable_buttons()
        path = self.selected_condition()
        if path is not None:
            self.show_place("victory." + ".".join(f"conditions[{i}]" for i in path))

    def add_condition(self) -> None:
        scenario = self.scenario
        if scenario is None or self.document is None:
            return
        self.conditions.clearSelection()
        self.condition_form.start(scenario, self.document.map, None)
        self._open(self.condition_form)

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
        self.condition_form.start(scenario, self.document.map, condition)
        self._open(self.condition_form)

    def remove_condition(self) -> bool:
        path = self.selected_condition()
        if path is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_condition(s, path), "Remove a victory condition", "victory"
        )

    def _condition_submitted(self, condition: object) -> None:
        scenario, document, path = self.scenario, self.document, self.selected_condition()
        if scenario is None or document is None:
            return
        editing = self.condition_form.base is not None and path is not None
        try:
            if editing:
                assert path is not None
                after = edits_rules.replace_condition(scenario, path, condition, document.map)  # type: ignore[arg-type]
            else:
                after = edits_rules.add_condition(scenario, condition, amap=document.map)  # type: ignore[arg-type]
        except ValueError as exc:
            self.condition_form.message.problem(str(exc))
            return
        document.apply_edit(
            after, "Change a victory condition" if editing else "Add a victory condition", "victory"
        )
        self._close(self.condition_form)
        self.select_condition(path if editing and path else [len(after.victory.conditions) - 1])

    def apply_scoring(self) -> bool:
        return self._do(
            lambda s: edits_rules.set_scoring(
                s,
                self.scoring.currentData(),
                self.default_winner.currentData(),
                self.tie.currentData(),
            ),
            "Set how the scenario is won",
            "victory",
        )

    # --- special rules ------------------------------------------------------------------------

    def _fill_rules(self, scenario: Scenario | None) -> None:
        self.rules.clear_rows()
        names = self._side_names()
        for index, rule in enumerate(scenario.special_rules if scenario else []):
            sentence = brief(rule_sentence(rule, names))
            tooltip = "\n".join(filter(None, [rule_sentence(rule, names), rule.source, rule.note]))
            self.rules.add_row([sentence], index, tooltip)
        self.rules.fit_rows()
        self._enable_buttons()

    def selected_rule(self) -> int | None:
        chosen = self.rules.chosen()
        return None if chosen is None else int(str(chosen))

    def _rule_chosen(self) -> None:
        self._enable_buttons()
        index = self.selected_rule()
        if index is not None:
            self.show_place(f"special_rules[{index}]", quiet=True)

    def add_rule(self) -> None:
        scenario = self.scenario
        if scenario is None or self.document is None:
            return
        self.rules.clearSelection()
        self.rule_form.start(scenario, self.document.map, None)
        self._open(self.rule_form)

    def edit_rule(self) -> None:
        scenario, index = self.scenario, self.selected_rule()
        if scenario is None or index is None or self.document is None:
            return
        self.rule_form.start(scenario, self.document.map, scenario.special_rules[index])
        self._open(self.rule_form)

    def remove_rule(self) -> bool:
        index = self.selected_rule()
        if index is None:
            return False
        return self._do(
            lambda s: edits_rules.remove_rule(s, index), "Remove a special rule", "rules"
        )

    def _rule_submitted(self, rule: object) -> None:
        scenario, document, index = self.scenario, self.document, self.selected_rule()
        if scenario is None or document is None:
            return
        editing = self.rule_form.base is not None and index is not None
        try:
            if editing:
                assert index is not None
                after = edits_rules.replace_rule(scenario, index, rule, document.map)  # type: ignore[arg-type]
            else:
                after = edits_rules.add_rule(scenario, rule, document.map)  # type: ignore[arg-type]
        except ValueError as exc:
            self.rule_form.message.problem(str(exc))
            return
        document.apply_edit(
            after, "Change a special rule" if editing else "Add a special rule", "rules"
        )
        self._close(self.rule_form)

    # --- shared -------------------------------------------------------------------------------

    def _table_of(self, form: QWidget) -> SentenceTable:
        if form is self.reinforcement_form:
            return self.reinforcements
        return self.conditions if form is self.condition_form else self.rules

    def _open(self, form: QWidget) -> None:
        """Show a form under its list; the list gives up height to it (the dock is short)."""
        self.message.clear_message()
        self._table_of(form).setMaximumHeight(FORM_OPEN_LIST_HEIGHT)
        form.show()
        parent = form.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(form)

    def _close(self, form: QWidget) -> None:
        form.hide()
        self._table_of(form).setMaximumHeight(QWIDGETSIZE_MAX)

    def _enable_buttons(self) -> None:
        for button, table in (
            (self.edit_reinforcement_button, self.reinforcements),
            (self.remove_reinforcement_button, self.reinforcements),
            (self.edit_condition_button, self.conditions),
            (self.remove_condition_button, self.conditions),
            (self.edit_rule_button, self.rules),
            (self.remove_rule_button, self.rules),
        ):
            button.setEnabled(table.chosen() is not None)

    def show_place(self, path: str, quiet: bool = False) -> frozenset[Hex]:
        """Outline on the map the hexes of the entry at ``path`` and centre the view on them
        (the Validation panel's way of showing a finding's place)."""
        window, document = self.window_, self.document
        if window is None or document is None:
            return frozenset()
        if quiet and not finding_hexes(document.scenario, document.map, document.overlays, path):
            window.view.clear_marks()
            return frozenset()
        return window.show_place(path, QColor(PLACE_COLOUR))


def brief(sentence: str, most: int = 160) -> str:
    """A long sentence (a rule in the book's words) cut at a word, whole in the tooltip."""
    if len(sentence) <= most:
        return sentence
    return sentence[:most].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def _scrolled(page: QWidget) -> QScrollArea:
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QScrollArea.Shape.NoFrame)
    # Forms wrap to the dock's width rather than scroll sideways.
    scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setWidget(page)
    return scroller
