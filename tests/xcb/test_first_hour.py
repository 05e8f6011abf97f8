"""A designer's first hour, job by job, with real mouse and key events under an X server.

Run by tests/test_first_hour.py under Xvfb with ``QT_QPA_PLATFORM=xcb`` (the drags need Qt's
drag loop, which the offscreen platform does not have); collected only there.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.joins import JoinType, preset_layout
from tests.xcb.realinput import click, click_row, drag, row_of

ROOT = Path(__file__).resolve().parents[2]
ARMOR_1A = ROOT / "scenarios" / "armor" / "1a-spearheads.yaml"


def _window(qtbot: QtBot, path: Path) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document and w.document.undo_stack.setClean())
    w.resize(1280, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(path)
    qtbot.wait(50)
    return w


def _on_map(window: MainWindow, h: Hex):  # type: ignore[no-untyped-def]
    """The viewport point of a hex's middle, scrolled into sight first."""
    x, y = hex_to_pixel(h, HEX_SIZE)
    window.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    return window.view.mapFromScene(QPointF(x, y))


def test_job_1_assemble_a_staggered_layout_by_dragging_sections(qtbot: QtBot) -> None:
    """Remove two of 1A's sections with the panel's buttons, then drag them from the Sections
    palette onto the map, each where a staggered layout puts it: they snap there [Armor Setup
    II.B]; one undo takes the last drag back."""
    window = _window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    panel = window.sections_panel
    for _ in range(2):  # K and L, the last row each time
        click_row(qtbot, panel.laid, panel.laid.count() - 1)
        click(qtbot, panel.remove_button)
    assert [p.name for p in document.placements()] == ["J"]
    sections = {s: document.section(s) for s in ("J", "K", "L")}
    wanted = preset_layout(JoinType.STAGGERED, ["J", "K", "L"], sections)
    assert wanted[0].offset == document.placements()[0].offset
    palette = panel.palette
    for placement in wanted[1:]:
        cq, cr = sections[placement.section].centroid
        middle = placement.offset + Hex(round(cq), round(cr))
        item = palette.item(row_of(palette, placement.section))
        palette.scrollToItem(item)
        start = palette.visualItemRect(item).center()
        window.view.centerOn(*hex_to_pixel(middle, HEX_SIZE))
        drag(qtbot, palette.viewport(), start, window.view.viewport(), _on_map(window, middle))
        laid = document.placements()[-1]
        assert (laid.section, laid.offset) == (placement.section, placement.offset), (
            window.statusBar().currentMessage()
        )
    assert [p.name for p in document.placements()] == ["J", "K", "L"]
    document.undo_stack.undo()
    assert [p.name for p in document.placements()] == ["J", "K"]
