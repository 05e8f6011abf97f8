"""A loose scenario's layout constraints, judged live (issue 5, shown in the Sections panel).

Armor's templates leave the table to the players within limits [SCN III.B]: "one Building unit
within 6 hexes of each corner", "joins: edge-to-edge". Each of the scenario's constraints is a
row: ✓ met, ✗ not met, or "check by eye" for one kept only in words, with what was found. The
rows are worked out again after every change of the layout or the overlays
(:func:`rules.checks.layout.constraint_states`, about 10 ms on Armor 1B). A scenario with no
constraints shows nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.scenario.validation import loaded_of
from editor.style import MUTED_TEXT

if TYPE_CHECKING:
    from rules.checks.layout import ConstraintState

#: What a change must touch for the constraints to be judged again.
_JUDGED_ON = Change.LAYOUT | Change.OVERLAYS | Change.TERRAIN
MET_COLOUR = "#1e6b3a"
UNMET_COLOUR = "#a93226"
BY_EYE_COLOUR = "#555555"
STATE_ROLE = Qt.ItemDataRole.UserRole


def mark(state: ConstraintState) -> str:
    """``✓``, ``✗`` or ``check by eye``, as the row begins."""
    if state.met is None:
        return "? check by eye"
    return "✓" if state.met else "✗"


def row_text(state: ConstraintState) -> str:
    """A row: the mark, the constraint, and on the next line what was found."""
    return f"{mark(state)}  {state.text}\n      {state.why}"


class ConstraintsView(QWidget):
    """A caption and one row per layout constraint of the open scenario."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.states: list[ConstraintState] = []
        self.caption = QLabel("Layout constraints")
        self.caption.setStyleSheet(MUTED_TEXT + "; font-weight: 600")
        self.caption.setWordWrap(True)
        self.caption.setToolTip(
            "The limits the scenario sets on laying out the table [Armor SCN III.B], judged on "
            "the layout and overlays as they are now"
        )
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # One row selectable: a layout finding jumps to its constraint (Validation panel).
        self.list.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.caption)
        layout.addWidget(self.list, 1)
        self.hide()

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        self.refresh()

    def _on_changed(self, change: Change) -> None:
        if change & _JUDGED_ON:
            self.refresh()

    def refresh(self) -> None:
        """Judge the constraints again and show them (hidden when there are none)."""
        document = self.document
        constraints = document.scenario.map.constraints if document is not None else []
        if document is not None and constraints:
            # The checks' package: imported for a scenario that has constraints, not at start.
            from rules.checks.layout import constraint_states

            self.states = constraint_states(loaded_of(document))
        else:
            self.states = []
        self.list.clear()
        for state in self.states:
            item = QListWidgetItem(row_text(state))
            colour = BY_EYE_COLOUR if state.met is None else MET_COLOUR
            item.setForeground(QColor(UNMET_COLOUR if state.met is False else colour))
            item.setToolTip(f"{state.text}\n{state.why}")
            item.setData(STATE_ROLE, state.met)
            self.list.addItem(item)
        unmet = sum(1 for s in self.states if s.met is False)
        by_eye = sum(1 for s in self.states if s.met is None)
        if unmet and document is not None and not document.overlays.placed:
            summary = f" — {unmet} not met: no overlays laid yet"
        elif unmet:
            summary = f" — {unmet} not met"
        elif by_eye:
            summary = f" — {by_eye} to check by eye"
        else:
            summary = " — all met"
        self.caption.setText("Layout constraints" + summary)
        self.setVisible(bool(self.states))
