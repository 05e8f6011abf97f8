"""Edit > Preferences (Ctrl+,): how the editor looks and keeps the user's work, kept between
sessions in the user's settings and applied as they are changed.

- **Hex size on screen**: the zoom a map opens at, as the width of a hex across its flats in
  screen pixels (0: the whole map fitted to the window, as before).
- **Counter style**: what a unit counter prints (:data:`COUNTER_STYLES`): its symbol, name
  and values; the symbol and name; or the name alone.
- **Theme**: the system's look, a light one or a dark one. The theme is the chrome's (menus,
  panels, dialogs): the map paints its own colours, so terrain looks the same in every theme.
- **Autosave interval**: minutes between recovery copies of unsaved work (0: off).

Why a dialog applied live rather than on OK only: the designer sees the map change as they
choose; Cancel puts back what was there when the dialog opened.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QPalette, QTransform
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.files.recent import settings
from editor.mapview.counter_art import COUNTER_STYLES
from editor.mapview.view import HEX_SIZE, MapView
from model.grid import SQRT3

if TYPE_CHECKING:
    from editor.app import MainWindow

THEMES: dict[str, str] = {"system": "System", "light": "Light", "dark": "Dark"}
#: The hex sizes the dialog offers, in screen pixels across the flats (0: fit the map).
HEX_PIXELS_RANGE = (16, 160)
AUTOSAVE_RANGE = (0, 120)
_KEY = "preferences/"


@dataclass(frozen=True)
class Preferences:
    """The user's preferences; the defaults are how Hexwright first shows itself."""

    hex_pixels: int = 0
    counter_style: str = "values"
    theme: str = "system"
    autosave_minutes: int = 1


def load_preferences(store: QSettings | None = None) -> Preferences:
    """The preferences saved in the user's settings (a value that cannot be read: its
    default)."""
    store = store or settings()
    found: dict[str, object] = {}
    default = Preferences()
    for f in fields(Preferences):
        value = store.value(_KEY + f.name)
        if value is None:
            continue
        if isinstance(getattr(default, f.name), int):
            try:
                found[f.name] = int(str(value))
            except ValueError:
                continue
        else:
            found[f.name] = str(value)
    return valid(replace(default, **found))  # type: ignore[arg-type]


def valid(prefs: Preferences) -> Preferences:
    """The preferences with each value out of range or unknown brought back within it."""
    default = Preferences()
    low, high = HEX_PIXELS_RANGE
    pixels = 0 if prefs.hex_pixels <= 0 else min(high, max(low, prefs.hex_pixels))
    style = prefs.counter_style if prefs.counter_style in COUNTER_STYLES else default.counter_style
    theme = prefs.theme if prefs.theme in THEMES else default.theme
    minutes = min(AUTOSAVE_RANGE[1], max(AUTOSAVE_RANGE[0], prefs.autosave_minutes))
    return Preferences(pixels, style, theme, minutes)


def save_preferences(prefs: Preferences, store: QSettings | None = None) -> None:
    store = store or settings()
    for f in fields(Preferences):
        store.setValue(_KEY + f.name, getattr(prefs, f.name))
    store.sync()


# --- applying them ------------------------------------------------------------------------------


def apply_preferences(window: MainWindow, prefs: Preferences) -> None:
    """Make the preferences take effect in the window now (each only if it changed)."""
    before = window.preferences
    window.preferences = prefs
    if prefs.theme != before.theme:
        apply_theme(prefs.theme)
    if prefs.counter_style != window.map_editor.counter_style:
        window.map_editor.restyle_counters(prefs.counter_style)
        mode = window.test_play_mode  # test play's counters too
        if mode is not None and mode.panel is not None:
            mode.panel.refresh()
    if prefs.autosave_minutes != window.files.autosave_minutes:
        window.files.set_autosave(prefs.autosave_minutes)
    if prefs.hex_pixels != before.hex_pixels:
        show_hex_size(window.view, prefs.hex_pixels)


def view_scale(pixels: int) -> float:
    """The view's scale at which a hex is ``pixels`` wide across its flats."""
    return pixels / (SQRT3 * HEX_SIZE)


def show_hex_size(view: MapView, pixels: int, centre_map: bool = False) -> None:
    """Zoom the view so that a hex is ``pixels`` across its flats, about the middle of what it
    shows (``centre_map``: of the map); 0 fits the whole map."""
    if view.item is None:
        return
    if pixels <= 0:
        view.fit()
        return
    scale = min(MapView.MAX_SCALE, max(MapView.MIN_SCALE, view_scale(pixels)))
    if centre_map:
        centre = view.item.boundingRect().center()
    else:
        centre = view.mapToScene(view.viewport().rect().center())
    view.auto_fit = False
    view.setTransform(QTransform.fromScale(scale, scale))
    view.centerOn(centre)


#: The platform's own look, kept the first time another theme is chosen.
_SYSTEM_LOOK: list[tuple[str, QPalette]] = []


def apply_theme(theme: str) -> None:
    """The application's chrome in a theme; the map's colours are its own (painted, not taken
    from the palette), so they stay true in every theme."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    if not _SYSTEM_LOOK:
        _SYSTEM_LOOK.append((app.style().name(), QPalette(app.palette())))
    system_style, system_palette = _SYSTEM_LOOK[0]
    if theme == "system":
        app.setStyle(system_style)
        app.setPalette(system_palette)
    else:
        app.setStyle("Fusion")  # the style that follows a palette on every platform
        app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    # Style sheets read the palette when they are set (``palette(placeholder-text)``, the
    # captions' muted grey): set again, they take the new palette's colours.
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if "palette(" in sheet:
            widget.setStyleSheet(sheet)


def dark_palette() -> QPalette:
    """A dark palette for the chrome, with text bright enough to read and links and
    selections in a blue that reads on it."""
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#2f3136",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#232428",
        QPalette.ColorRole.AlternateBase: "#2b2d31",
        QPalette.ColorRole.ToolTipBase: "#3a3d42",
        QPalette.ColorRole.ToolTipText: "#f0f0f0",
        QPalette.ColorRole.PlaceholderText: "#9a9a9a",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#3a3d42",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Light: "#4a4d52",
        QPalette.ColorRole.Midlight: "#404348",
        QPalette.ColorRole.Mid: "#2a2c30",
        QPalette.ColorRole.Dark: "#1c1d20",
        QPalette.ColorRole.Shadow: "#111111",
        QPalette.ColorRole.Highlight: "#3d6fb4",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#7fb2ff",
        QPalette.ColorRole.LinkVisited: "#b79cff",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(disabled, role, QColor("#7a7a7a"))
    return palette


# --- the dialog ---------------------------------------------------------------------------------


class PreferencesDialog(QDialog):
    """Edit > Preferences: each choice applied as it is made; OK keeps them, Cancel puts back
    what was there, Restore Defaults chooses Hexwright's own."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Preferences")
        self.window_ = window
        self.initial = window.preferences
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.hex_pixels = QSpinBox()
        self.hex_pixels.setRange(HEX_PIXELS_RANGE[0] - 1, HEX_PIXELS_RANGE[1])
        self.hex_pixels.setSpecialValueText("Fit the whole map")  # the minimum: 0 when saved
        self.hex_pixels.setSuffix(" px across")
        self.hex_pixels.setToolTip(
            "How large a hex is on screen when a map opens (its width across the flats); "
            "'Fit the whole map' shows all of it"
        )
        form.addRow("Hex size on screen:", self.hex_pixels)
        self.counter_style = QComboBox()
        for key, title in COUNTER_STYLES.items():
            self.counter_style.addItem(title, key)
        self.counter_style.setToolTip("What a unit's counter prints on the map")
        form.addRow("Counter style:", self.counter_style)
        self.theme = QComboBox()
        for key, title in THEMES.items():
            self.theme.addItem(title, key)
        self.theme.setToolTip(
            "The colours of menus, panels and dialogs; the map keeps its own colours"
        )
        form.addRow("Theme:", self.theme)
        self.autosave = QSpinBox()
        self.autosave.setRange(*AUTOSAVE_RANGE)
        self.autosave.setSpecialValueText("Off")
        self.autosave.setSuffix(" min")
        self.autosave.setToolTip(
            "How often unsaved work is copied for recovery after a crash (Off: never)"
        )
        form.addRow("Autosave every:", self.autosave)
        note = QLabel("Changes show at once; OK keeps them, Cancel puts back what was there.")
        note.setWordWrap(True)
        italic = note.font()
        italic.setItalic(True)
        note.setFont(italic)  # the theme's own text colour: a disabled grey was barely legible
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        restore = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.clicked.connect(lambda: self.show_values(Preferences()))
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.show_values(self.initial)
        self.hex_pixels.valueChanged.connect(self._changed)
        self.autosave.valueChanged.connect(self._changed)
        self.counter_style.currentIndexChanged.connect(self._changed)
        self.theme.currentIndexChanged.connect(self._changed)

    def show_values(self, prefs: Preferences) -> None:
        """Show ``prefs`` in the dialog (and apply them, as any change is)."""
        widgets: tuple[QWidget, ...] = (
            self.hex_pixels,
            self.autosave,
            self.counter_style,
            self.theme,
        )
        for widget in widgets:
            widget.blockSignals(True)
        self.hex_pixels.setValue(prefs.hex_pixels or self.hex_pixels.minimum())
        self.autosave.setValue(prefs.autosave_minutes)
        self.counter_style.setCurrentIndex(self.counter_style.findData(prefs.counter_style))
        self.theme.setCurrentIndex(self.theme.findData(prefs.theme))
        for widget in widgets:
            widget.blockSignals(False)
        self._changed()

    def chosen(self) -> Preferences:
        pixels = self.hex_pixels.value()
        return Preferences(
            0 if pixels == self.hex_pixels.minimum() else pixels,
            str(self.counter_style.currentData()),
            str(self.theme.currentData()),
            self.autosave.value(),
        )

    def _changed(self) -> None:
        apply_preferences(self.window_, self.chosen())

    def accept(self) -> None:
        save_preferences(self.window_.preferences)
        self.window_.say("Preferences saved")
        super().accept()

    def reject(self) -> None:
        apply_preferences(self.window_, self.initial)
        super().reject()


def show_preferences(window: MainWindow) -> PreferencesDialog:
    """Edit > Preferences... (Ctrl+,)."""
    dialog = PreferencesDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
