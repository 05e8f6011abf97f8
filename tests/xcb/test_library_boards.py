"""A board of the user's library that cannot be read, met with real input (issue 21): under an
X server the Sections palette's drag goes through Qt's own drag loop, so pressing on the
crossed-out board and pulling it toward the map is the test of whether it can be dragged."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QDrag
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from tests.xcb.realinput import LEFT, NONE, open_window, row_of

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A board library of the test's own holding a pipe named as an Armor board."""
    from model.boardedit import leave_board_library, use_board_library

    folder = tmp_path / "boards"
    (folder / "armor").mkdir(parents=True)
    os.mkfifo(folder / "armor" / "PIPE.yaml")
    monkeypatch.setenv("HEXWRIGHT_BOARDS", str(folder))
    use_board_library()
    yield folder
    leave_board_library()


def test_a_library_board_that_cannot_be_read_is_not_dragged(qtbot: QtBot, library: Path) -> None:
    """The pipe's place in the palette is crossed out, "cannot be read"; a press on it and a
    pull across the map start no drag, and the map keeps its sections."""
    window = open_window(qtbot, DEMO)
    document = window.document
    assert document is not None
    palette = window.sections_panel.palette
    item = palette.item(row_of(palette, "PIPE"))
    qtbot.waitUntil(lambda: item.flags() == Qt.ItemFlag.NoItemFlags, timeout=10_000)
    assert item.toolTip().startswith(f"Section PIPE cannot be read: {library}/armor/PIPE.yaml")

    laid = [p.name for p in document.placements()]
    palette.scrollToItem(item)
    start = palette.visualItemRect(item).center()
    dragging: list[bool] = []  # looked at from a timer: a drag's loop holds the test's code

    def look() -> None:
        dragging.append(bool(window.findChildren(QDrag)))
        if dragging[-1]:  # a drag began: end it, over the map
            QTest.mouseRelease(window.view.viewport(), LEFT, NONE, QPoint(200, 200))

    watch = QTimer()
    watch.timeout.connect(look)
    watch.start(20)
    QTest.mousePress(palette.viewport(), LEFT, NONE, start)
    for dx in (8, 16, 32, 64):
        QTest.mouseMove(palette.viewport(), start + QPoint(dx, 0))
        QTest.qWait(40)
    QTest.mouseRelease(palette.viewport(), LEFT, NONE, start + QPoint(64, 0))
    qtbot.wait(100)
    watch.stop()
    assert dragging and not any(dragging)
    assert [p.name for p in document.placements()] == laid
    assert not palette.selectedItems()
