"""Real input for the tests that run under an X server (``QT_QPA_PLATFORM=xcb``): mouse and
keys through Qt's test functions, and a drag that goes through Qt's own drag loop.

A drag cannot be tested under the offscreen platform: its drag does nothing (Qt's offscreen
``QPlatformDrag.drag`` returns at once), so a palette that could not drag passed every
offscreen test. Under xcb, ``QDrag.exec`` runs Qt's drag loop, which follows the mouse events
sent while it runs: the moves and the release are sent from a timer started before the press.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QDrag
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QListWidget,
    QPushButton,
    QTabWidget,
    QWidget,
)
from pytestqt.qtbot import QtBot

if TYPE_CHECKING:
    from editor.app import MainWindow

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
    qtbot: QtBot,
    source: QWidget,
    start: QPoint,
    target: QWidget,
    end: QPoint,
    until: Callable[[], object] | None = None,
) -> None:
    """Press on ``source`` at ``start`` and move far enough to start a drag; once Qt's drag
    loop runs (a ``QDrag`` exists), move over ``target`` to ``end`` and release there. Then
    wait for ``until`` (what the drop does), if given.

    The moves and the release are sent from a timer because ``QDrag.exec`` does not return
    until the drop; they wait for the drag to exist, since a release sent before it would
    leave the drag loop waiting for ever.
    """
    top = source.window()
    waited = [0]

    def over_and_drop() -> None:
        if not top.findChildren(QDrag):
            waited[0] += 1
            if waited[0] < 500:
                QTimer.singleShot(20, over_and_drop)
            return
        for step in (QPoint(-6, -6), QPoint(-3, -3), QPoint(0, 0)):
            QTest.mouseMove(target, end + step)
            QTest.qWait(40)
        QTest.mouseRelease(target, LEFT, NONE, end)

    QTimer.singleShot(20, over_and_drop)
    QTest.mousePress(source, LEFT, NONE, start)
    for dx in (8, 16, 32):
        QTest.mouseMove(source, start + QPoint(dx, 0))
        QTest.qWait(10)
    assert waited[0] < 500, "the drag did not start"
    if until is not None:
        qtbot.waitUntil(lambda: bool(until()), timeout=5_000)


def activate(qtbot: QtBot, window: QWidget) -> None:
    """Make a window the active one, as a window manager does for a new window (Xvfb has
    none): once it is mapped, asked again until the X server has given it the focus."""
    handle = window.windowHandle()
    qtbot.waitUntil(lambda: handle is not None and handle.isExposed())

    def active() -> bool:
        if not window.isActiveWindow():
            window.activateWindow()
            return False
        return True

    qtbot.waitUntil(active, timeout=10_000)


def key(qtbot: QtBot, widget: QWidget, k: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
    """A key chord pressed with ``widget`` holding the focus, its window active (a window's
    shortcuts work only in the active window)."""
    activate(qtbot, widget.window())
    widget.setFocus()
    qtbot.keyClick(widget, k, modifiers)


def type_into(qtbot: QtBot, widget: QWidget, text: str) -> None:
    """Click into a text or number field, select what is there and type over it (its window
    active: a field takes what was typed when the focus leaves it, which needs the focus)."""
    activate(qtbot, widget.window())
    click(qtbot, widget)
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(widget, text)


def choose(qtbot: QtBot, combo: QComboBox, text: str) -> None:
    """Open a combo box with a click and click the item whose text is ``text``."""
    index = combo.findText(text)
    assert index >= 0, f"{text!r} not in {[combo.itemText(i) for i in range(combo.count())]}"
    view = combo.view()

    def opened() -> bool:  # a press just after another popup closed may go to that popup
        if not view.isVisible():
            click(qtbot, combo)
            qtbot.wait(100)
        return view.isVisible()

    qtbot.waitUntil(opened, timeout=10_000)
    # A popup takes a release within the double-click interval of its opening as the end of
    # the click that opened it: a hand is slower than that.
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    model_index = view.model().index(index, 0)
    view.scrollTo(model_index)

    def picked() -> bool:
        if view.isVisible():
            click(qtbot, view.viewport(), view.visualRect(model_index).center())
            qtbot.wait(100)
        return not view.isVisible()

    qtbot.waitUntil(picked, timeout=10_000)
    assert combo.currentIndex() == index


def when_modal(qtbot: QtBot, answer: Callable[[QWidget], None]) -> list[BaseException]:
    """Answer the next modal dialog (opened by what the caller does next) with ``answer``,
    called from the event loop the dialog runs. Should ``answer`` fail, the dialog is closed
    (a dialog nobody answers would hang the test) and the error is in the returned list, which
    the caller checks once the dialog has returned."""
    errors: list[BaseException] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(20, poll)
            return
        try:
            activate(qtbot, dialog)
            answer(dialog)
        except BaseException:
            errors.append(AssertionError(traceback.format_exc()))
            dialog.close()

    QTimer.singleShot(20, poll)
    return errors


def button(parent: QWidget, text: str) -> QPushButton:
    """The one visible push button of ``parent`` whose text is ``text``."""
    found = [b for b in parent.findChildren(QPushButton) if b.text() == text and b.isVisible()]
    assert len(found) == 1, f"{len(found)} visible buttons {text!r}"
    return found[0]


def click_tab(qtbot: QtBot, tabs: QTabWidget, title: str) -> None:
    """Click a tab of a tab widget by its title."""
    bar = tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    click(qtbot, bar, bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def open_window(qtbot: QtBot, path: Path) -> MainWindow:
    """The editor's window at its default size, shown and exposed, with ``path`` open; closed
    at the test's end without the unsaved-changes question."""
    from editor.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document and w.document.undo_stack.setClean())
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(path)
    qtbot.wait(50)
    return w
