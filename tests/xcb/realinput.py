"""Real input for the tests that run under an X server (``QT_QPA_PLATFORM=xcb``): mouse and
keys through Qt's test functions, and a drag that goes through Qt's own drag loop.

A drag cannot be tested under the offscreen platform: its drag does nothing (Qt's offscreen
``QPlatformDrag.drag`` returns at once), so a palette that could not drag passed every
offscreen test. Under xcb, ``QDrag.exec`` runs Qt's drag loop, which follows the mouse events
sent while it runs: the moves and the release are sent from a timer started before the press.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QWidget
from pytestqt.qtbot import QtBot

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def click(qtbot: QtBot, widget: QWidget, pos: QPoint | None = None) -> None:
    """A left click, the pointer moved there first (as a hand does)."""
    where = pos if pos is not None else widget.rect().center()
    qtbot.mouseMove(widget, pos=where)
    qtbot.mouseClick(widget, LEFT, NONE, where)


def click_row(qtbot: QtBot, view: QAbstractItemView, row: int) -> None:
    """Click a row of a list or tree view, scrolled into sight first."""
    index = view.model().index(row, 0)
    view.scrollTo(index)
    click(qtbot, view.viewport(), view.visualRect(index).center())


def row_of(listing: QListWidget, text: str) -> int:
    """The row whose text (or whose ``UserRole`` id) is ``text``."""
    for i in range(listing.count()):
        item = listing.item(i)
        if text in (item.text(), item.data(Qt.ItemDataRole.UserRole)):
            return i
    raise AssertionError(
        f"no row {text!r} in {[listing.item(i).text() for i in range(listing.count())]}"
    )


def drag(
    qtbot: QtBot, source: QWidget, start: QPoint, target: QWidget, end: QPoint, wait: int = 300
) -> None:
    """Press on ``source`` at ``start``, move far enough to start a drag, and (from a timer,
    while Qt's drag loop runs) move over ``target`` to ``end`` and release there."""

    def over_and_drop() -> None:
        for step in (QPoint(-6, -6), QPoint(-3, -3), QPoint(0, 0)):
            QTest.mouseMove(target, end + step)
            QTest.qWait(30)
        QTest.mouseRelease(target, LEFT, NONE, end)

    QTimer.singleShot(150, over_and_drop)
    QTest.mousePress(source, LEFT, NONE, start)
    for dx in (8, 16, 32):
        QTest.mouseMove(source, start + QPoint(dx, 0))
        QTest.qWait(10)
    qtbot.wait(wait)
