"""Laying overlay counters in the editor: the Overlays panel, the Place Overlay tool with its
turn, the book's two anchor hexes, stacking and the placement rules, removal and undo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from model.overlays import overlay_hexes

P44 = Path(__file__).parent.parent / "scenarios" / "panzer44"


def test_lay_stack_and_refuse_overlays_with_the_tool(
    window: MainWindow, qtbot: QtBot, click_hex: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    original = document.scenario
    panel = window.overlay_panel
    assert window.tool is window.map_editor.tools["pan"]  # opening a scenario chooses no counter
    panel.choose("hill-27")
    assert window.tool is window.map_editor.tools["overlay"]  # choosing a counter picks up the tool
    centre = document.map.resolve("K2018")
    click_hex(centre, Qt.MouseButton.LeftButton)
    laid = document.scenario.map.overlays
    assert [p.overlay for p in laid] == ["hill-27"]
    assert laid[0].triangle == "K2018"  # written as the book does: triangle and code hexes
    assert laid[0].code is not None
    assert document.overlays.hill_levels(centre) == 1
    # A smaller hill on top, turned a sixth with R: two levels where they overlap.
    panel.choose("hill-29")
    qtbot.keyClick(window.view, Qt.Key.Key_R)
    assert panel.rotation == 1
    click_hex(centre, Qt.MouseButton.LeftButton)
    hill29 = panel.current()
    assert hill29 is not None
    assert set(overlay_hexes(hill29, centre, 1)) == {
        h for h in document.map.hexes if document.overlays.hill_levels(h) == 2
    }
    # A river cannot lie on a hill: refused with the rule, nothing changes.
    panel.choose("river-105")
    before = document.scenario
    click_hex(centre, Qt.MouseButton.LeftButton)
    assert document.scenario == before
    assert "cannot lie on the hill unit" in window.statusBar().currentMessage()
    assert "Armor [Setup II.C" in panel.message.text()
    # The larger hill again on top of the smaller one: refused, only smaller on larger.
    panel.choose("hill-28")
    click_hex(centre, Qt.MouseButton.LeftButton)
    assert "only smaller Hill units go on top of larger ones" in panel.message.text()
    assert window.undo_view.stack().count() == 2
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original


def test_lay_by_the_two_anchor_hexes_and_remove(window: MainWindow) -> None:
    document = window.document
    assert document is not None
    panel = window.overlay_panel
    panel.choose("river-105")
    panel.triangle.setText("L0732")
    panel.code.setText("L0130")
    assert panel.place_by_anchors() == []
    assert panel.laid.item(0).text() == "river-105 at L0732 / L0130"
    assert document.terrain.terrain(document.map.resolve("L0732")) == "river"
    panel.triangle.setText("L0732")
    panel.code.setText("L2030")
    reasons = panel.place_by_anchors()
    assert any("not that far apart on the counter" in r for r in reasons), reasons
    panel.laid.setCurrentRow(0)
    panel.remove_selected()
    assert document.scenario.map.overlays == []


def test_a_counter_used_up_says_so(window: MainWindow) -> None:
    panel = window.overlay_panel
    panel.choose("hill-27")
    item = panel.palette.currentItem()
    assert item.text().endswith("1 of 1 left")
    assert panel.place_at(window.document.map.resolve("K2018")) == []  # type: ignore[union-attr]
    assert panel.palette.currentItem().text().endswith("0 of 1 left")
    reasons = panel.place_at(window.document.map.resolve("J2005"))  # type: ignore[union-attr]
    assert any("used 2 times; the game has 1" in r for r in reasons)


def test_a_game_without_overlays_says_so(window: MainWindow) -> None:
    path = sorted(P44.glob("*.yaml"))[0]
    assert window.open_file(path)
    assert not window.overlay_panel.isEnabled()
    assert "no terrain overlay counters" in window.overlay_panel.message.text()


def test_drag_a_counter_from_the_panel_onto_the_map(window: MainWindow) -> None:
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDragMoveEvent, QDropEvent

    from editor.mapview.overlays import OVERLAY_MIME
    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    document = window.document
    assert document is not None
    target = document.map.resolve("K2018")
    x, y = hex_to_pixel(target, HEX_SIZE)
    where = QPointF(window.view.mapFromScene(QPointF(x, y)))
    data = QMimeData()
    data.setData(OVERLAY_MIME, b"woods-61")
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    window.view.dragMoveEvent(
        QDragMoveEvent(where.toPoint(), Qt.DropAction.CopyAction, data, buttons, keys)
    )
    assert window.view.marks is not None
    assert window.view.marks.isVisible()  # the counter's ghost under the pointer
    assert "fits here" in window.statusBar().currentMessage()
    window.view.dropEvent(QDropEvent(where, Qt.DropAction.CopyAction, data, buttons, keys))
    assert [p.overlay for p in document.scenario.map.overlays] == ["woods-61"]
    assert document.terrain.terrain(target) == "woods"


def test_select_a_laid_counter_and_delete_it(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    panel = window.overlay_panel
    panel.choose("woods-61")
    assert panel.place_at(document.map.resolve("K2018")) == []
    panel.laid.setCurrentRow(0)
    assert window.view.marks is not None
    assert window.view.marks.isVisible()  # the selected counter is outlined on the map
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert document.scenario.map.overlays == []
    window.actions_by_id["edit.undo"].trigger()
    assert [p.overlay for p in document.scenario.map.overlays] == ["woods-61"]


def test_ctrl_drag_moves_a_laid_counter(window: MainWindow, qtbot: QtBot) -> None:
    from PySide6.QtCore import QPointF

    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    document = window.document
    assert document is not None
    panel = window.overlay_panel
    panel.choose("woods-61")
    start = document.map.resolve("K2018")
    assert panel.place_at(start) == []
    viewport = window.view.viewport()

    def at(name: str) -> QPointF:
        x, y = hex_to_pixel(document.map.resolve(name), HEX_SIZE)
        return window.view.mapFromScene(QPointF(x, y))

    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, ctrl, at("K2018"))
    qtbot.mouseMove(viewport, at("K2218"))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, ctrl, at("K2218"))
    assert len(document.scenario.map.overlays) == 1  # moved, not laid again
    assert document.terrain.terrain(document.map.resolve("K2218")) == "woods"
    assert document.overlays.kinds(start) == ()
    assert window.undo_view.stack().count() == 2
    document.undo_stack.undo()
    assert document.terrain.terrain(start) == "woods"
