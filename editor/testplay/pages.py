"""The pages of the Test Play dock's middle: the list of choices (with the detail under it and
Apply and Done), the hand-over page of a hot-seat game, and the victory report.

The list is built from plain values (groups of actions by unit, their titles, the words of
each action) and built again only when asked: :meth:`ChoicePages.fill_list` keeps which
groups were open, the action chosen and the scroll, so a list whose choices did not change
looks, and is, the same under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.testplay.aims import labels
from rules.engine.actions import Action

ROLE = Qt.ItemDataRole.UserRole
#: The most of the play page the detail under the list takes before it scrolls.
DETAIL_SHARE = 0.45
PAGE_PLAY, PAGE_HANDOVER, PAGE_END = 0, 1, 2
#: The key of the list's group of orders already given.
GIVEN = "~given"


class DetailArea(QScrollArea):
    """The detail under the list: as tall as its text up to :data:`DETAIL_SHARE` of the page,
    then it scrolls. Why: the odds of a unit's targets and the working of the action chosen
    can run to twenty lines, and a label alone pushed the list down to a few rows and was cut
    off at the buttons (seen at 100% on a 1600x1000 screen)."""

    def __init__(self, label: QLabel, list_needs: Callable[[], int] | None = None) -> None:
        super().__init__()
        #: The height the list above needs for all its rows: what it does not need, the
        #: detail may take beyond its share (a reaction's two lines leave it the page).
        self.list_needs = list_needs
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setWidget(label)

    def fit(self) -> None:
        """Take the height of the label's new text now (the list under the pointer keeps its
        place from here on, not after the next layout pass)."""
        self.updateGeometry()
        page = self.parentWidget()
        layout = page.layout() if page is not None else None
        if layout is not None:
            layout.activate()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        label = self.widget()
        width = max(1, self.viewport().width())
        wanted = label.heightForWidth(width) if label is not None else 0
        if wanted < 0 and label is not None:
            wanted = label.sizeHint().height()
        page = self.parentWidget()
        cap = int(page.height() * DETAIL_SHARE) if page is not None else wanted
        if page is not None and self.list_needs is not None:
            spare = page.height() - self.list_needs() - 3 * self.fontMetrics().height()
            cap = max(cap, spare)  # the buttons' row kept
        return QSize(super().sizeHint().width(), max(0, min(wanted, cap)))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():  # the text wraps anew
            self.updateGeometry()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(0, min(self.sizeHint().height(), self.fontMetrics().height() * 3))


class ChoicePages(QWidget):
    """The list of choices, the hand-over page and the report, stacked."""

    __test__ = False

    def __init__(self) -> None:
        super().__init__()
        #: What the list shows now, as the panel compares it (None: nothing built yet).
        self.listed: object = None

    def _pages(self) -> QStackedWidget:
        self.pages = QStackedWidget()
        play = QWidget()
        column = QVBoxLayout(play)
        column.setContentsMargins(0, 0, 0, 0)
        self.units = QTreeWidget()
        self.units.setHeaderHidden(True)
        self.units.setUniformRowHeights(True)
        column.addWidget(self.units, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail_area = DetailArea(self.detail, self.list_height)
        column.addWidget(self.detail_area)
        row = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Take the action chosen in the list (or double-click it)")
        self.done_button = QPushButton("Done")
        self.done_button.setToolTip("Finish this step: what is not chosen is not done")
        row.addWidget(self.apply_button)
        row.addStretch(1)
        row.addWidget(self.done_button)
        column.addLayout(row)
        self.pages.addWidget(play)
        handover = QWidget()
        column = QVBoxLayout(handover)
        self.handover_label = QLabel()
        self.handover_label.setWordWrap(True)
        self.handover_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.handover_button = QPushButton()
        column.addStretch(1)
        column.addWidget(self.handover_label)
        column.addWidget(self.handover_button, 0, Qt.AlignmentFlag.AlignCenter)
        column.addStretch(1)
        self.pages.addWidget(handover)
        self.report = QTextBrowser()
        self.pages.addWidget(self.report)
        return self.pages

    def list_height(self) -> int:
        """The height the list needs to show all its rows (open groups' actions too)."""
        tree = self.units
        rows = 0
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            if item is not None:
                rows += 1 + (item.childCount() if item.isExpanded() else 0)
        row = max(tree.sizeHintForRow(0), tree.fontMetrics().height(), 1)
        return (rows + 1) * row + 2 * tree.frameWidth()

    def show_handover(self, name: str) -> None:
        """The hand-over page, asking for the ``name`` side's player."""
        self.handover_label.setText(
            f"<p style='font-size:15pt'><b>Hand over to the {name} player</b></p>"
            "<p>The other side's orders are hidden. Pass the computer on, then show "
            f"the {name} side's view.</p>"
        )
        self.handover_button.setText(f"I am the {name} player")
        self.pages.setCurrentIndex(PAGE_HANDOVER)

    def fill_list(
        self,
        groups: Mapping[str, Sequence[Action]],
        titles: Mapping[str, str],
        describe: Callable[[Action], str],
        given: Sequence[tuple[str, str]],
        turn_word: str,
        idle: str,
        selected: str | None,
    ) -> None:
        """Build the list: a group per unit (its title, then its actions in words), the
        orders already ``given`` (words, text), or the ``idle`` line saying why there is
        nothing; keep the open groups, the action chosen and the scroll where they were."""
        tree = self.units
        tops = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        opened = {item.data(0, ROLE) for item in tops if item is not None and item.isExpanded()}
        current = tree.currentItem()
        chosen = current.data(0, ROLE) if current is not None else None
        chosen_text = chosen.text() if isinstance(chosen, Action) else None
        parent = current.parent() if current is not None else None
        was = (parent if parent is not None else current).data(0, ROLE) if current else None
        scroll = tree.verticalScrollBar().value()
        tree.blockSignals(True)
        tree.clear()
        keep: QTreeWidgetItem | None = None
        for unit, actions in groups.items():
            item = QTreeWidgetItem([f"{titles[unit]}  ({len(actions)})"])
            item.setData(0, ROLE, unit)
            item.setToolTip(0, titles[unit])
            for action, words in zip(actions, labels(actions, describe), strict=True):
                child = QTreeWidgetItem([words])
                child.setData(0, ROLE, action)
                # The whole description (a narrow panel cuts it) and the action as typed.
                tip = words if words == action.text() else f"{words}\n{action.text()}"
                child.setToolTip(0, tip)
                item.addChild(child)
                if unit == selected and action.text() == chosen_text:
                    keep = child
            tree.addTopLevelItem(item)
            item.setExpanded(unit in opened or unit == selected)
            if unit == selected and keep is None:
                keep = item
        if idle:
            line = QTreeWidgetItem([idle])
            line.setForeground(0, Qt.GlobalColor.darkGray)
            line.setToolTip(0, idle)
            tree.addTopLevelItem(line)
        if given:
            group = QTreeWidgetItem([f"Orders this {turn_word} ({len(given)})"])
            group.setData(0, ROLE, GIVEN)
            group.setForeground(0, Qt.GlobalColor.darkGray)
            for words, text in given:
                child = QTreeWidgetItem([words])
                child.setToolTip(0, text)
                group.addChild(child)
            tree.addTopLevelItem(group)
            group.setExpanded(GIVEN in opened)
        if keep is not None:
            tree.setCurrentItem(keep)
        tree.verticalScrollBar().setValue(scroll)
        if keep is not None and was != selected:  # another unit's turn: show it
            tree.scrollToItem(keep)
        tree.blockSignals(False)

    def open_only(self, unit: str) -> QTreeWidgetItem | None:
        """Open ``unit``'s group, close the other units' and scroll to it; its line."""
        found = None
        tree = self.units
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            if item is None or item.data(0, ROLE) == GIVEN:
                continue
            item.setExpanded(item.data(0, ROLE) == unit)
            if item.data(0, ROLE) == unit:
                found = item
        if found is not None:
            tree.scrollToItem(found, QTreeWidget.ScrollHint.PositionAtTop)
        return found

    def action_item(self, unit: str, action: Action) -> QTreeWidgetItem | None:
        """The list's line of ``action`` in ``unit``'s group, if it is listed."""
        group = self.group_item(unit)
        for i in range(group.childCount() if group is not None else 0):
            child = group.child(i) if group is not None else None
            if child is not None and child.data(0, ROLE) == action:
                return child
        return None

    def group_item(self, unit: str) -> QTreeWidgetItem | None:
        """The list's line of ``unit``'s group, if it has one."""
        tree = self.units
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            if item is not None and item.data(0, ROLE) == unit:
                return item
        return None
