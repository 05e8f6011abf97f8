"""The Line of Sight tool through the window: two clicks, the verdict and the rule in the
panel, the line on the map, and a new obstacle painted in its way."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow


def test_pick_two_hexes_then_block_the_line_with_woods(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    resolve = document.map.resolve
    # Two hexes on open ground of K, three apart in one column.
    a, b = resolve("K2014"), resolve("K2018")
    for name in ("K2014", "K2015", "K2016", "K2017", "K2018"):
        document.paint_terrain([resolve(name)], "clear")
    window.actions_by_id["tool.los"].trigger()
    click_hex(a)
    assert window.tool_label.text() == "Line of sight: click the target's hex"
    click_hex(b)
    result = window.los_panel.result
    assert result is not None
    assert result.verdict == "clear"
    assert result.hexes[0] == a
    assert result.hexes[-1] == b
    assert "clear" in window.los_panel.toPlainText()
    assert window.view.marks is not None
    assert window.view.marks.isVisible()
    # Woods painted between them: the panel follows and names the blocking hex and rule.
    document.paint_terrain([resolve("K2016")], "woods")
    result = window.los_panel.result
    assert result is not None
    assert result.verdict == "blocked"
    assert result.decided_by is not None
    assert result.decided_by.where == "K2016"
    text = window.los_panel.toPlainText()
    assert "K2014 → K2018: blocked" in text
    assert "Armor [" in text or "placeholder" in text
    # Right-click starts again.
    click_hex(a, Qt.MouseButton.RightButton)
    assert window.los_panel.result is None
