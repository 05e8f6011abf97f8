"""What the tabs of the Scenario dock (:mod:`editor.scenario.dock`) share: the open document, the
dock's message line, a pure edit of :mod:`model.edits_rules` made one undo step; and, for the
Victory, Reinforcements and Rules tabs, a list of sentences with Add…, Edit…, Remove and a form
that opens under the list.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from editor.files.boards import BoardDocument
from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from editor.scenario.rules_forms import ListForm, MessageLine
from model.scenario import Scenario

PATH_ROLE = Qt.ItemDataRole.UserRole
#: A list's height while a form is open under it (a few rows stay in sight).
FORM_OPEN_LIST_HEIGHT = 120
QWIDGETSIZE_MAX = 16777215

#: Outlines on the map the hexes of the entry at a dotted path (``quiet=True``: only if the
#: entry has hexes); the dock's :meth:`editor.scenario.dock.RulesPanel.show_place`.
ShowPlace = Callable[..., object]


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
            if column == 0:
                item.setData(PATH_ROLE, data)
            self.setItem(row, column, item)

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


class ScenarioTab(QWidget):
    """A tab of the Scenario dock: it shows the document's scenario and edits it through
    :meth:`_do`; a refusal is said on the dock's message line."""

    def __init__(self, message: MessageLine) -> None:
        super().__init__()
        self.document: ScenarioDocument | None = None
        self.message = message

    @property
    def scenario(self) -> Scenario | None:
        if self.document is None or isinstance(self.document, BoardDocument):
            return None
        return self.document.scenario

    def side_names(self) -> dict[str, str]:
        scenario = self.scenario
        return {s.id: s.name or s.id for s in scenario.sides} if scenario else {}

    def _do(self, edit: Callable[[Scenario], Scenario], text: str, change: Change) -> bool:
        """Make a pure edit one undo step; say why when it is refused."""
        if self.scenario is None or self.document is None:
            return False
        reasons = self.document.edit(edit, text, change)
        if reasons:
            self.message.problem("\n".join(reasons))
            return False
        self.message.clear_message()
        return True


class ListTab(ScenarioTab):
    """A list of sentences (:attr:`table`) with Add…, Edit…, Remove, and a :attr:`form` that
    opens under the list. Subclasses make the table and the form, then lay out
    :meth:`_list_buttons`; they answer a chosen row (:meth:`_chosen`) and a submitted form
    (:meth:`_submitted`)."""

    table: SentenceTable
    form: ListForm
    edit_button: QPushButton
    remove_button: QPushButton

    def __init__(self, message: MessageLine, show_place: ShowPlace) -> None:
        super().__init__(message)
        self.show_place = show_place

    def _list_buttons(
        self, add: Callable[[], None], edit: Callable[[], None], remove: Callable[[], object]
    ) -> QHBoxLayout:
        """Wire the table and the form; the row of Add…, Edit…, Remove buttons."""
        self.table.itemSelectionChanged.connect(self._chosen)
        self.table.itemDoubleClicked.connect(lambda *_: edit())
        row, (_add, self.edit_button, self.remove_button) = buttons(
            ("Add…", add), ("Edit…", edit), ("Remove", remove)
        )
        self.form.hide()
        self.form.submitted.connect(self._submitted)
        self.form.cancelled.connect(self.close_form)
        return row

    def _chosen(self) -> None:
        raise NotImplementedError

    def _submitted(self, entry: object) -> None:
        raise NotImplementedError

    def _commit(
        self, edit: Callable[[Scenario], Scenario], editing: bool, noun: str, change: Change
    ) -> Scenario | None:
        """Make the form's entry one undo step, "Add a {noun}" or "Change a {noun}", and close
        the form; the edit's refusal stays in the form. The scenario after, or None when
        refused."""
        assert self.document is not None
        text = f"{'Change' if editing else 'Add'} a {noun}"
        reasons = self.document.edit(edit, text, change)
        if reasons:
            self.form.message.problem("\n".join(reasons))
            return None
        self.close_form()
        return self.document.scenario

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = document
        self.close_form()

    def open_form(self) -> None:
        """Show the form under the list; the list gives up height to it (the dock is short)."""
        self.message.clear_message()
        self.table.setMaximumHeight(FORM_OPEN_LIST_HEIGHT)
        self.form.show()
        parent = self.form.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(self.form)

    def close_form(self) -> None:
        self.form.hide()
        self.table.setMaximumHeight(QWIDGETSIZE_MAX)

    def enable_buttons(self) -> None:
        for button in (self.edit_button, self.remove_button):
            button.setEnabled(self.table.chosen() is not None)


def buttons(*pairs: tuple[str, Callable[[], object]]) -> tuple[QHBoxLayout, list[QPushButton]]:
    row = QHBoxLayout()
    made = []
    for text, slot in pairs:
        button = QPushButton(text)
        button.clicked.connect(slot)
        row.addWidget(button)
        made.append(button)
    row.addStretch(1)
    return row, made


def brief(sentence: str, most: int = 160) -> str:
    """A long sentence (a rule in the book's words) cut at a word, whole in the tooltip."""
    if len(sentence) <= most:
        return sentence
    return sentence[:most].rsplit(" ", 1)[0].rstrip(",;:") + " …"
