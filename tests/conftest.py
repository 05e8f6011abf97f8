"""Shared test set-up: Qt runs offscreen; autosave, settings, the board library and the data
cache live in scratch folders."""

from __future__ import annotations

import gc
import os
import tempfile
from collections.abc import Callable
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HEXWRIGHT_RECOVERY", tempfile.mkdtemp(prefix="hexwright-recovery-"))
os.environ.setdefault("HEXWRIGHT_LOGS", tempfile.mkdtemp(prefix="hexwright-logs-"))
os.environ.setdefault(
    "HEXWRIGHT_SETTINGS", os.path.join(tempfile.mkdtemp(prefix="hexwright-settings-"), "s.ini")
)
# Tests with real drags run under an X server (tests/test_first_hour.py starts them there):
# Qt's offscreen platform has no drag loop, so they are not collected under it.
collect_ignore = [] if os.environ["QT_QPA_PLATFORM"] == "xcb" else ["xcb"]
# The user's board library: an empty scratch folder, so no test sees the machine's own boards.
os.environ.setdefault("HEXWRIGHT_BOARDS", tempfile.mkdtemp(prefix="hexwright-boards-"))
# The cache of game data as read (model.datacache): a scratch folder, not the machine's own.
os.environ.setdefault("HEXWRIGHT_CACHE", tempfile.mkdtemp(prefix="hexwright-cache-"))


#: The scenario the editor tests open: a book scenario that stays as it is (the editor's
#: default, the demonstration, may grow).
FIXTURE_SCENARIO = os.path.join(
    os.path.dirname(__file__), "..", "scenarios", "armor", "1a-spearheads.yaml"
)


def discard_changes(w: Any) -> None:
    """Closing a window at the end of a test must not stop on the unsaved-changes question."""
    if w.document is not None:
        w.document.undo_stack.setClean()


@pytest.fixture
def shortcut(qtbot: Any, window: Any) -> Callable[..., None]:
    """Press a key chord as the user does: the window active, the map holding the focus."""
    from PySide6.QtCore import Qt

    def press(key: Any, modifiers: Any = Qt.KeyboardModifier.NoModifier) -> None:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        window.view.setFocus()
        qtbot.keyClick(window.view, key, modifiers)

    return press


@pytest.fixture
def choose_menu(qtbot: Any, window: Any) -> Callable[[str, str], None]:
    """Open a menu of the window's menu bar and click one of its items, as the user does
    (``choose_menu("File", "Import Board from Tiled...")``; ampersands left out)."""
    from PySide6.QtCore import Qt

    def choose(menu_title: str, item: str) -> None:
        bar = window.menuBar()
        top = next(a for a in bar.actions() if a.text().replace("&", "") == menu_title)
        qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(top).center())
        menu = top.menu()
        qtbot.waitUntil(menu.isVisible)
        action = next(a for a in menu.actions() if a.text().replace("&", "") == item)
        qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())

    return choose


@pytest.fixture
def window(qtbot: Any) -> Any:
    """The editor's main window on Armor 1A (the tests' fixed scenario), shown offscreen."""
    from editor.app import MainWindow

    w = MainWindow()
    qtbot.addWidget(w, before_close_func=discard_changes)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(FIXTURE_SCENARIO)
    return w


@pytest.fixture
def click_hex(qtbot: Any, window: Any) -> Callable[..., None]:
    """Click the middle of a hex (a Hex or a printed name) on the window's map."""
    from PySide6.QtCore import QPointF, Qt

    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    def click(where: Any, button: Any = Qt.MouseButton.LeftButton) -> None:
        h = window.document.map.resolve(where) if isinstance(where, str) else where
        x, y = hex_to_pixel(h, HEX_SIZE)
        qtbot.wait(20)  # let a pending re-layout (a scroll bar coming or going) refit the view
        window.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
        point = window.view.mapFromScene(QPointF(x, y))
        qtbot.mouseMove(window.view.viewport(), pos=point)
        qtbot.mouseClick(window.view.viewport(), button, pos=point)

    return click


@pytest.fixture
def drop_on_map(window: Any) -> Callable[[str, str, Any], None]:
    """Drop something dragged from a panel (its drag type and payload) on a hex of the map."""
    from PySide6.QtCore import QMimeData, QPointF, Qt
    from PySide6.QtGui import QDropEvent

    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    def drop(mime: str, payload: str, h: Any) -> None:
        data = QMimeData()
        data.setData(mime, payload.encode())
        x, y = hex_to_pixel(h, HEX_SIZE)
        event = QDropEvent(
            QPointF(window.view.mapFromScene(QPointF(x, y))),
            Qt.DropAction.CopyAction,
            data,
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
        )
        window.view.dropEvent(event)

    return drop


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """After a Qt test (its widgets closed, its fixtures gone), collect its garbage here, on
    the GUI thread.

    A Qt object owned by Python and caught in a reference cycle is freed by whichever thread
    runs the cyclic collector next; in a test worker that may be a background thread (xdist's
    receiver, a Dask client's loop, a balance run's), and a Qt object freed there (a running
    timer above all) crashed the worker later inside Qt's event processing, during an unrelated
    test. The editor itself collects on its GUI thread only (editor/collector.py). Collecting
    here also makes a cycle that cannot be freed safely crash at the test that made it."""
    if "qtbot" in getattr(item, "fixturenames", ()):
        gc.collect()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that uses ``qtbot`` (directly or through a fixture) ``gui``, so that
    ``pytest -m "not gui"`` is the headless suite without each file remembering the marker."""
    for item in items:
        if "qtbot" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.gui)
