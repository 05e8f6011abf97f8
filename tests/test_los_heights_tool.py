"""The Line of Sight tool's heights (issue 19: "the LOS tool cannot set the observer's or
target's height"): chosen in the Line of Sight dock with the mouse, the line and its verdict
redraw, the status line and the panel say the heights; a game whose book has no heights shows
why instead of choices."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from model.scenario_map import OverlayPlacement

SCENARIOS = Path(__file__).parent.parent / "scenarios"


def _choose(qtbot: QtBot, box: QComboBox, label: str) -> None:
    """Open the combo box's list with a click and click the item, as the user does."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    view = box.view()
    qtbot.waitUntil(view.isVisible)
    row = box.findText(label)
    assert row >= 0, [box.itemText(i) for i in range(box.count())]
    rect = view.visualRect(box.model().index(row, 0))
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # a release sooner is the opening click's
    qtbot.mouseMove(view.viewport(), pos=rect.center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not view.isVisible())
    assert box.currentText() == label


def _drawn(window: MainWindow) -> list[object]:
    """The LOS tool's layers that draw something on the map."""
    return [i for i in window.view.mark_items if i.isVisible() and not i.path().isEmpty()]


def test_an_observer_in_a_third_storey_sees_over_a_building_and_the_line_redraws(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    """Armor [AG IV.B.1.h(3)]: from the 3rd storey (+2) of a three-storey Building the line
    clears a one-storey Building midway; back on the ground it is blocked, redrawn at once."""
    document = window.document
    assert document is not None
    resolve = document.map.resolve
    for _ in range(3):
        document.add_overlay(OverlayPlacement(overlay="brick-building", hex="K2014"))
    document.paint_terrain([resolve(n) for n in ("K2015", "K2017", "K2018")], "clear")
    document.paint_terrain([resolve("K2016")], "wood-building")
    window.actions_by_id["tool.los"].trigger()
    bar = window.los_panel.heights
    qtbot.waitUntil(bar.observer.isVisible)  # the tool brings its dock to the front
    assert [bar.observer.itemText(i) for i in range(bar.observer.count())] == [
        "On the ground",
        "2nd storey (+1)",
        "3rd storey (+2)",
        "4th storey (+3)",
        "Plane (in the air)",
    ]
    assert not bar.note.isVisible()  # the book's words are the choices' tooltip
    assert "[OP III.C]" in bar.observer.toolTip()
    _choose(qtbot, bar.observer, "3rd storey (+2)")
    click_hex("K2014")
    click_hex("K2018")
    result = window.los_panel.result
    assert result is not None and result.verdict == "clear"
    assert "storey 3 of K2014's Building: level 2" in result.notes[0]
    text = window.los_panel.toPlainText()
    assert "Heights: observer 3rd storey (+2), target on the ground" in text
    assert "Where the ends stand:" in text and "[AG IV.B.1.h(3)]" in text
    message = window.statusBar().currentMessage()
    assert message.startswith("Observer 3rd storey (+2), target on the ground. Clear from K2014")
    assert len(_drawn(window)) == 6  # hexes, line, ends, the raised end's ring, its name (2)
    # Back on the ground: the same line judged again, without another click on the map.
    _choose(qtbot, bar.observer, "On the ground")
    result = window.los_panel.result
    assert result is not None and result.verdict == "blocked"
    assert result.decided_by is not None and result.decided_by.where == "K2016"
    assert result.notes == ()
    assert "Heights:" not in window.los_panel.toPlainText()
    assert len(_drawn(window)) == 4  # hexes, line, ends, the blocking hex


def test_a_plane_target_is_seen_over_woods_and_a_plane_observer_not_into_them(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    """Armor [OP III.D.2]: fire at a Plane ignores terrain; [OP III.C]: a Plane cannot sight
    a Woods hex."""
    document = window.document
    assert document is not None
    resolve = document.map.resolve
    document.paint_terrain([resolve(n) for n in ("K2015", "K2016", "K2018")], "woods")
    window.actions_by_id["tool.los"].trigger()
    bar = window.los_panel.heights
    qtbot.waitUntil(bar.target.isVisible)
    click_hex("K2014")
    click_hex("K2018")
    assert window.los_panel.result is not None
    assert window.los_panel.result.verdict == "blocked"
    _choose(qtbot, bar.target, "Plane (in the air)")
    result = window.los_panel.result
    assert result is not None and (result.verdict, result.rule) == ("clear", "Armor [OP III.D.2]")
    assert "target plane (in the air)" in window.statusBar().currentMessage()
    _choose(qtbot, bar.target, "On the ground")
    _choose(qtbot, bar.observer, "Plane (in the air)")
    result = window.los_panel.result
    assert result is not None and result.verdict == "blocked" and result.rule == "Armor [OP III.C]"
    assert "a Plane cannot sight a Woods hex" in window.los_panel.toPlainText()


def test_a_game_without_heights_says_why_and_offers_none(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    bar = window.los_panel.heights
    window.actions_by_id["tool.los"].trigger()
    qtbot.waitUntil(bar.observer.isVisible)
    _choose(qtbot, bar.observer, "2nd storey (+1)")  # chosen in Armor, then another game
    assert window.open_file(SCENARIOS / "panzer44" / "19.5-arracourt.yaml")
    window.actions_by_id["tool.los"].trigger()
    qtbot.waitUntil(bar.note.isVisible)
    assert not bar.observer.isVisible() and not bar.target.isVisible()
    assert "Panzer '44 has no heights" in bar.note.text() and "[11.12]" in bar.note.text()
    assert bar.heights() == ("ground", "ground")
    click_hex("2510")
    click_hex("2514")
    result = window.los_panel.result
    assert result is not None and result.notes == ()
    assert "Heights:" not in window.los_panel.toPlainText()
