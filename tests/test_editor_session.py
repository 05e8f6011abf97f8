"""One designer's session through the real widgets, end to end: lay out sections (turn one,
have one refused), paint terrain and a hexside, lay and stack overlays (one across a seam),
check a line of sight, save and reload; then undo everything and have the original back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.sections import SECTION_MIME
from editor.mapview.view import HEX_SIZE
from model.geometry import nearest_hexside
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.overlays import overlay_hexes


def test_a_whole_session_then_undo_everything(
    window: MainWindow,
    qtbot: QtBot,
    click_hex: Callable[..., None],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    drop_on_map: Callable[..., None],
) -> None:
    document = window.document
    assert document is not None
    original = document.scenario
    sections = window.sections_panel

    # Layout: take L off, drop it back (it snaps), turn J, and have a far drop refused.
    sections.select(2)
    assert sections.remove_selected() == []
    cq, cr = document.section("L").centroid
    laid_before = {p.name: p for p in document.placements()}
    assert "L" not in laid_before
    drop_on_map(SECTION_MIME, "L", Hex(round(cq), round(cr)) + Hex(0, 1))
    assert [p.name for p in document.placements()] == ["J", "K", "L"]
    sections.select(0)
    assert sections.turn_selected() == []
    assert document.placements()[0].flipped
    steps = document.undo_stack.count()
    drop_on_map(SECTION_MIME, "L", Hex(300, 300))
    assert document.undo_stack.count() == steps
    assert window.statusBar().currentMessage().startswith("Refused")

    # Terrain: a hex of woods and a crest along a hexside.
    window.actions_by_id["tool.paint"].trigger()
    assert window.map_editor.brushes.choose_paint("woods")
    click_hex("K2018")
    assert document.terrain.terrain(document.map.resolve("K2018")) == "woods"
    assert window.map_editor.brushes.choose_paint("crest")
    a, b = document.map.resolve("K2016"), document.map.resolve("K2017")
    (ax, ay), (bx, by) = hex_to_pixel(a, HEX_SIZE), hex_to_pixel(b, HEX_SIZE)
    point = QPointF(ax + (bx - ax) * 0.4, ay + (by - ay) * 0.4)
    side = nearest_hexside(point.x(), point.y(), HEX_SIZE)
    assert set(side.hexes) == {a, b}
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(point)
    )
    assert "crest" in document.terrain.hexside_features(side)

    # Overlays: a hill across the J/K seam, a smaller one stacked on it.
    overlays = window.overlay_panel
    overlays.choose("hill-27")
    hill = overlays.current()
    assert hill is not None
    seam = next(
        h
        for h, mh in sorted(document.map.hexes.items())
        if mh.is_seam
        and all(
            x in document.map and not document.overlays.kinds(x) for x in overlay_hexes(hill, h, 0)
        )
    )
    click_hex(seam)
    assert overlays.message.text() == "", overlays.message.text()
    assert window.tool is window.map_editor.tools["overlay"], window.tool
    covered = [document.map.hexes[h] for h in document.map.hexes if document.overlays.kinds(h)]
    assert len({part.placement for mh in covered for part in mh.parts}) >= 2  # both sections
    overlays.choose("hill-29")
    click_hex(seam)
    assert document.overlays.hill_levels(seam) == 2

    # Line of sight across the new woods.
    window.actions_by_id["tool.los"].trigger()
    click_hex("K2014")
    click_hex("K2022")
    result = window.los_panel.result
    assert result is not None
    assert result.hexes[0] == document.map.resolve("K2014")
    assert result.verdict in ("clear", "blocked")
    assert result.rule

    # Save (Save As, the default scenario is a built-in) and reload in a second window.
    target = tmp_path / "session.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save()
    assert not document.modified
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.open_file(target)
    assert second.document is not None
    assert second.document.scenario == document.scenario

    # Undo every step: the original scenario, exactly.
    while document.undo_stack.canUndo():
        window.actions_by_id["edit.undo"].trigger()
    assert document.scenario == original
