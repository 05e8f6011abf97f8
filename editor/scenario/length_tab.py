"""The Length tab of the Scenario dock: the game length as a sentence, and the number of turns,
the first turn and open-ended play, set with Apply as one undo step. A length per join type
(Armor 2A) is shown and kept; it is edited in the scenario file.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout

from editor.files.changes import Change
from editor.scenario.details_tab import ScenarioTab, buttons
from editor.scenario.rules_forms import MessageLine
from model import edits_details, edits_rules
from model.rules_sentences import length_sentence
from model.scenario import Scenario


class LengthTab(ScenarioTab):
    """How many turns the scenario lasts and which turn it starts on."""

    def __init__(self, message: MessageLine) -> None:
        super().__init__(message)
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
        layout = QVBoxLayout(self)
        layout.addWidget(self.length_text)
        layout.addLayout(form)
        layout.addLayout(buttons(("Apply", self.apply_length))[0])
        layout.addStretch(1)

    def fill(self, scenario: Scenario | None) -> None:
        """Show the scenario's length again."""
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
            lambda s: edits_rules.set_length(s, length), "Set the game length", Change.LENGTH
        )

    def apply_length(self) -> bool:
        keep = self.open_ended.isChecked() or self.by_join
        turns = None if keep else self.turns.value()
        return self.set_length(turns, self.first_turn.value())
