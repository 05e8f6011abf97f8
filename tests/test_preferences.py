"""Edit > Preferences (issue 19): hex size on screen, counter style, theme and autosave interval,
each chosen with real input in the dialog and seen to take effect; kept in the settings."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QLabel, QSpinBox

from editor.files.recent import settings
from editor.mapview.counter_art import paint_counters
from editor.mapview.view import HEX_SIZE
from editor.preferences import (
    Preferences,
    PreferencesDialog,
    apply_theme,
    load_preferences,
    view_scale,
)
from model.counters import MapCounter
from model.grid import hex_to_pixel
from model.hexes import Hex

UNIT = "PZIVJ"
WITH_COUNTERS = os.path.join(
    os.path.dirname(__file__), "..", "scenarios", "armor", "demo-crossroads.yaml"
)
OTHER_SCENARIO = os.path.join(
    os.path.dirname(__file__), "..", "scenarios", "armor", "1b-confused-situation.yaml"
)


@pytest.fixture(autouse=True)
def _fresh_preferences() -> Iterator[None]:
    """Every test starts from the defaults and leaves the settings and the look as found."""
    settings().remove("preferences")
    yield
    apply_theme("system")
    settings().remove("preferences")


def open_dialog(qtbot: Any, window: Any, shortcut: Any) -> PreferencesDialog:
    shortcut(Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(PreferencesDialog)))
    return next(d for d in window.findChildren(PreferencesDialog) if d.isVisible())


def type_number(qtbot: Any, spin: QSpinBox, value: int) -> None:
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, str(value))


def pick(qtbot: Any, box: QComboBox, data: str) -> None:
    """Choose an item of a combo box with the keyboard, as a user tabbing through does."""
    box.setFocus()
    target = box.findData(data)
    key = Qt.Key.Key_Down if target > box.currentIndex() else Qt.Key.Key_Up
    while box.currentIndex() != target:
        qtbot.keyClick(box, key)


def press(qtbot: Any, dialog: PreferencesDialog, which: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(dialog.buttons.button(which), Qt.MouseButton.LeftButton)


def hex_width_on_screen(window: Any) -> float:
    """The distance on screen between the centres of two hexes one apart: a hex's width
    across the flats."""
    a, b = Hex(5, 5), Hex(5, 6)
    pa = window.view.mapFromScene(QPointF(*hex_to_pixel(a, HEX_SIZE)))
    pb = window.view.mapFromScene(QPointF(*hex_to_pixel(b, HEX_SIZE)))
    return math.hypot(pa.x() - pb.x(), pa.y() - pb.y())


def test_preferences_opens_from_the_edit_menu(qtbot: Any, window: Any, choose_menu: Any) -> None:
    """Edit > Preferences... opens the dialog on the preferences in use."""
    choose_menu("Edit", "Preferences...")
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(PreferencesDialog)))
    dialog = next(d for d in window.findChildren(PreferencesDialog) if d.isVisible())
    assert dialog.chosen() == Preferences()
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)


def test_hex_size_zooms_the_map_at_once_and_the_next_map_opens_at_it(
    qtbot: Any, window: Any, shortcut: Any
) -> None:
    """Hex size on screen: typed in the dialog, the map shows hexes that wide at once; after
    OK a map opened next opens at that size (not fitted), and the setting is kept."""
    fitted = hex_width_on_screen(window)
    dialog = open_dialog(qtbot, window, shortcut)
    type_number(qtbot, dialog.hex_pixels, 60)
    assert hex_width_on_screen(window) == pytest.approx(60, abs=1.0)
    assert abs(fitted - 60) > 5  # it did change
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert load_preferences().hex_pixels == 60
    assert window.open_file(OTHER_SCENARIO)
    assert window.view.transform().m11() == pytest.approx(view_scale(60))
    assert hex_width_on_screen(window) == pytest.approx(60, abs=1.0)
    assert not window.view.auto_fit


def grab_map(qtbot: Any, window: Any) -> QImage:
    qtbot.wait(250)  # the tiles paint between events
    QApplication.processEvents()
    return window.view.viewport().grab().toImage()


def test_counter_style_changes_what_the_counters_print(
    qtbot: Any, window: Any, shortcut: Any
) -> None:
    """Counter style: choosing "Name only" repaints the map's counters without their values
    and symbols; the painter is told the style."""
    assert window.open_file(WITH_COUNTERS)
    dialog = open_dialog(qtbot, window, shortcut)
    type_number(qtbot, dialog.hex_pixels, 110)  # close enough that counters show their values
    placed = window.document.counters[0].hex
    window.view.centerOn(QPointF(*hex_to_pixel(placed, HEX_SIZE)))
    before = grab_map(qtbot, window)
    pick(qtbot, dialog.counter_style, "plain")
    assert window.map_editor.painter().options.counter_style == "plain"
    after = grab_map(qtbot, window)
    assert before != after
    pick(qtbot, dialog.counter_style, "values")
    assert grab_map(qtbot, window) == before
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)


def _counter_image(style: str) -> QImage:
    image = QImage(120, 120, QImage.Format.Format_ARGB32)
    image.fill(0xFFFFFFFF)
    painter = QPainter(image)
    counter = MapCounter(Hex(1, 0), "german", "germany", UNIT, None, "5/I")
    painter.translate(60 - hex_to_pixel(Hex(1, 0), 40)[0], 60 - hex_to_pixel(Hex(1, 0), 40)[1])
    paint_counters(painter, [counter], 40.0, 80.0, "armor", style)
    painter.end()
    return image


def test_each_counter_style_prints_less_than_the_last() -> None:
    """The three styles differ: values, symbol and name, name alone."""
    images = [_counter_image(s) for s in ("values", "symbol", "plain")]
    assert images[0] != images[1] != images[2] != images[0]


def test_dark_theme_darkens_the_chrome_and_keeps_the_map_colours(
    qtbot: Any, window: Any, shortcut: Any
) -> None:
    """Theme: Dark turns the panels and menus dark; the map's pixels are the same as in the
    system theme (terrain colours never follow the theme); System brings the look back."""
    system_window = QApplication.palette().color(QPalette.ColorRole.Window)
    map_before = grab_map(qtbot, window)
    dialog = open_dialog(qtbot, window, shortcut)
    pick(qtbot, dialog.theme, "dark")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 80
    panel = window.oob_panel  # the panels follow as the change reaches them
    qtbot.waitUntil(lambda: panel.palette().color(QPalette.ColorRole.Window).lightness() < 80)
    assert QApplication.style().name().lower() == "fusion"
    assert grab_map(qtbot, window) == map_before
    # A panel's muted caption takes the dark palette's grey: it reads on the dark panel.
    caption = next(
        label
        for label in window.sections_panel.findChildren(QLabel)
        if label.text() == "Drag a section onto the map"
    )
    ink = caption.palette().color(QPalette.ColorRole.WindowText)
    assert ink.lightness() > 120
    pick(qtbot, dialog.theme, "light")
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 180
    pick(qtbot, dialog.theme, "system")
    assert QApplication.palette().color(QPalette.ColorRole.Window) == system_window
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)


def test_autosave_interval_sets_the_recovery_timer(qtbot: Any, window: Any, shortcut: Any) -> None:
    """Autosave interval: Off stops the recovery timer; 5 minutes sets it to 300 s, for the
    scenario open and for the next one opened."""
    dialog = open_dialog(qtbot, window, shortcut)
    assert window.files.autosaver.timer.isActive()
    type_number(qtbot, dialog.autosave, 0)
    assert not window.files.autosaver.timer.isActive()
    type_number(qtbot, dialog.autosave, 5)
    assert window.files.autosaver.timer.isActive()
    assert window.files.autosaver.timer.interval() == 5 * 60_000
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert window.open_file(OTHER_SCENARIO)
    assert window.files.autosaver.timer.interval() == 5 * 60_000


def test_cancel_puts_back_and_restore_defaults_restores(
    qtbot: Any, window: Any, shortcut: Any
) -> None:
    """Cancel undoes the choices applied live; Restore Defaults shows and applies Hexwright's
    own; nothing is saved until OK."""
    dialog = open_dialog(qtbot, window, shortcut)
    pick(qtbot, dialog.theme, "dark")
    type_number(qtbot, dialog.autosave, 9)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)
    assert window.preferences == Preferences()
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 100
    assert window.files.autosaver.timer.interval() == 60_000
    dialog = open_dialog(qtbot, window, shortcut)
    pick(qtbot, dialog.counter_style, "symbol")
    type_number(qtbot, dialog.hex_pixels, 50)
    press(qtbot, dialog, QDialogButtonBox.StandardButton.RestoreDefaults)
    assert dialog.chosen() == Preferences()
    assert window.map_editor.counter_style == "values"
    assert window.view.auto_fit  # the whole map fitted again
    assert dialog.hex_pixels.text() == "Fit the whole map"
    press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
    assert load_preferences() == Preferences()


def test_saved_preferences_load_and_bad_values_fall_back() -> None:
    """What the settings hold is read back; a value out of range or unknown is brought back."""
    store = settings()
    store.setValue("preferences/hex_pixels", "9999")
    store.setValue("preferences/counter_style", "sparkly")
    store.setValue("preferences/theme", "dark")
    store.setValue("preferences/autosave_minutes", "x")
    assert load_preferences() == Preferences(hex_pixels=160, theme="dark")


def test_test_plays_muted_lines_follow_the_theme(qtbot: Any) -> None:
    """Rich text cannot use the style sheet's palette(): the phase's description and rule in
    Test Play's header take the palette's muted grey when written (a fixed #555 vanished on the
    dark theme)."""
    from PySide6.QtGui import QColor, QGuiApplication, QPalette

    from editor.testplay.detail import header_html
    from rules.engine.play import Progress

    progress = Progress(
        turn=1,
        last_turn=8,
        turn_word="Game-Turn",
        phase="Mutual Plot Phase",
        step="both players plot",
        rule="[4.1]",
        step_id="plot",
        to_act=("us",),
        left={},
    )
    before = QGuiApplication.palette()
    dark = QPalette(before)
    dark.setColor(QPalette.ColorRole.PlaceholderText, QColor("#a1b2c3"))
    QGuiApplication.setPalette(dark)
    try:
        assert "color:#a1b2c3" in header_html(progress, [])
    finally:
        QGuiApplication.setPalette(before)
    assert "color:#a1b2c3" not in header_html(progress, [])
