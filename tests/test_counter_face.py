"""Counters that show their values (issue 18, "Counters"): each system's face values and
unit-type symbol, drawn only when the zoom lets them be read, placeholders told on hover."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage, QPainter

from editor.mapview.counter_art import VALUES_FROM, paint_counters
from editor.style import counter_text
from model.catalog import unit_types
from model.counters import MapCounter, counter_face
from model.hexes import Hex
from model.systems import GameSystem

ROOT = Path(__file__).resolve().parents[1]


def test_a_panzer44_counter_prints_attack_and_class_as_one_and_marks_placeholders() -> None:
    """The Panther platoon: Attack 10, Defense 10, MA 6 from the book [19.9]; its weapon class
    and range are Hexwright's (the counter values are not in the text)."""
    face = counter_face("panzer44", unit_types(GameSystem.PANZER44)["PzV"])
    assert face.symbol == "armour"
    assert face.text == "10M 10 10 6"
    assert face.tip() == "Att 10, Cl M (placeholder), Rng 10 (placeholder), Def 10, MA 6"


@pytest.mark.parametrize(
    ("system", "unit", "symbol"),
    [
        (GameSystem.PANZER_COMMAND, "de-pz3", "armour"),
        (GameSystem.SOLDIERS, "US-ELITE-E", "infantry"),
        (GameSystem.ARMOR, "GE-INFANTRY-SQUAD", "infantry"),
    ],
)
def test_every_system_has_a_face(system: GameSystem, unit: str, symbol: str) -> None:
    found = unit_types(system)[unit]
    face = counter_face(system.value, found)
    assert face.symbol == symbol
    assert face.text  # some value to print
    for heading, value, from_book in face.values:
        if value and not from_book:
            assert f"{heading} {value} (placeholder)" in face.tip()
    assert counter_face(system.value, None).text == ""


def _ink_rows(detail: float) -> set[int]:
    """The image rows where a counter's face has print, painted at ``detail``."""
    size = 44.0
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ff00ff"))  # unlike any counter's colour or print
    painter = QPainter(image)
    painter.translate(QPointF(60, 60))
    counter = MapCounter(Hex(0, 0), "german", "germany", "PzV", None, "Panther")
    paint_counters(painter, [counter], size, detail, "panzer44")
    painter.end()
    ink = QColor(counter_text("germany"))
    rows = set()
    for y in range(120):
        for x in range(35, 85):
            seen = QColor(image.pixel(x, y))
            if all(
                abs(a - b) < 50 for a, b in zip(seen.getRgb()[:3], ink.getRgb()[:3], strict=True)
            ):
                rows.add(y)
    return rows


@pytest.mark.gui
def test_values_are_drawn_only_where_they_can_be_read(qapp: object) -> None:
    """The counter (49 px square from y = 35) prints its values in its lowest quarter when a
    hex's radius on screen is at least ``VALUES_FROM`` pixels, and nothing there below that."""
    near, far = _ink_rows(VALUES_FROM + 4), _ink_rows(VALUES_FROM - 4)
    bottom = set(range(75, 85))
    assert near & bottom, "zoomed in, the values line is printed under the name"
    assert not far & bottom
    assert far, "zoomed out, the name and symbol are still printed"


@pytest.mark.gui
def test_hovering_a_counter_tells_its_values_and_placeholders(
    window: object, qtbot: object
) -> None:
    from PySide6.QtCore import QPointF

    from editor.app import MainWindow
    from editor.mapview.view import HEX_SIZE
    from model.grid import hex_to_pixel

    assert isinstance(window, MainWindow)
    assert window.open_file(ROOT / "scenarios/armor/demo-crossroads.yaml")
    counter = window.document.counters[0]
    x, y = hex_to_pixel(counter.hex, HEX_SIZE)
    window.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    point = window.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(window.view.viewport(), pos=point)  # type: ignore[attr-defined]
    text = window.map_editor.status.hex_label.text()
    assert f"{counter.label}: " in text
    assert "Card " in text and "Speed " in text


@pytest.mark.gui
def test_a_face_of_words_alone_sets_two_lines_in_the_counters_height(qapp: object) -> None:
    """A mark of play has no symbol and no values (Armor's inverted Smoke, "Smoke next Turn"
    [OP IX.A.3]): its two lines take the counter's middle, not the thin band left between a
    symbol and the values, so they print as large as the counter's width allows (in the
    thin band their height held them to about two thirds of it)."""
    size = 44.0
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ff00ff"))
    painter = QPainter(image)
    painter.translate(QPointF(60, 60))
    mark = MapCounter(Hex(0, 0), "", "", "smoke-inverted.1", None, "Smoke next Turn")
    paint_counters(painter, [mark], size, VALUES_FROM + 4, "armor")
    painter.end()
    ink = QColor(counter_text(""))
    cols = {
        x
        for y in range(40, 80)  # inside the counter, not its outline
        for x in range(38, 82)
        if all(
            abs(a - b) < 50
            for a, b in zip(QColor(image.pixel(x, y)).getRgb()[:3], ink.getRgb()[:3], strict=True)
        )
    }
    room = size * 1.12 - size * 0.12  # the counter's width less its margin
    assert cols and max(cols) - min(cols) > 0.8 * room
