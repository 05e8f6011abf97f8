"""The map view fitted to the window settles: no scroll bar flip-flop. A one-section Armor map
at the editor's default 1280 x 860 used to keep relaying itself out forever (a scroll bar
appearing refitted the map smaller, which hid the bar, which refitted it larger...)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow

pytestmark = pytest.mark.gui

ONE_SECTION = """\
schema_version: 1
id: one-section
title: One section
system: armor
original: true
map:
  layout: {preset: edge-to-edge, order: [J]}
sides:
  - {id: us, name: American, nation: us}
  - {id: germany, name: German, nation: germany}
length: {turns: 10}
victory: {scoring: most-vp, conditions: []}
"""


class Resizes(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.Resize:
            self.count += 1
        return False


@pytest.mark.parametrize("size", [(1280, 860), (1300, 860), (1024, 700)])
def test_a_fitted_map_settles_at_every_window_size(
    qtbot: QtBot, tmp_path: Path, size: tuple[int, int]
) -> None:
    path = tmp_path / "one.yaml"
    path.write_text(ONE_SECTION)
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(str(path))
    resizes = Resizes()
    w.view.viewport().installEventFilter(resizes)
    qtbot.wait(600)
    assert resizes.count < 5  # it settled (hundreds a second while it flip-flopped)
    assert w.view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    for _ in range(4):  # the user zooms in (Ctrl++): scroll bars as needed to move about
        qtbot.keyClick(w.view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert w.view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded
    assert w.view.horizontalScrollBar().maximum() > 0
