"""How terrain looks: fill colours, line styles and patterns, by terrain id.

A palette in the manner of printed wargame maps: pale ground, greens for vegetation, browns
for broken ground, blue water, and brown roads that read at any zoom.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor


@dataclass(frozen=True)
class HexStyle:
    fill: str
    pattern: Qt.BrushStyle | None = None
    pattern_color: str = "#00000000"


@dataclass(frozen=True)
class LineStyle:
    color: str
    width: float  # as a fraction of the hex size
    casing: str | None = None  # a darker edge drawn under the line
    dash: tuple[float, ...] | None = None


#: Muted text of captions and notes in the chrome: the palette's own grey, so that it reads in
#: the light and the dark theme (Edit > Preferences) alike; a fixed grey vanished on dark.
MUTED_TEXT = "color: palette(placeholder-text)"


def muted_colour() -> str:
    """The palette's muted grey as ``#rrggbb``, for rich text (a style sheet's ``palette()``
    does not reach into an HTML span): read when the text is made, so it follows the theme."""
    from PySide6.QtGui import QGuiApplication, QPalette

    palette = QGuiApplication.palette()
    ink = palette.color(QPalette.ColorRole.PlaceholderText)
    if ink.alpha() == 255:
        return ink.name()
    # Fusion's placeholder is the text colour half transparent (#000000 at 128): its name
    # alone is black; the grey it shows is the ink laid over the window's colour.
    paper, a = palette.color(QPalette.ColorRole.Window), ink.alphaF()
    pairs = zip(
        (ink.red(), ink.green(), ink.blue()),
        (paper.red(), paper.green(), paper.blue()),
        strict=True,
    )
    mixed = [round(a * i + (1 - a) * p) for i, p in pairs]
    return "#" + "".join(f"{v:02x}" for v in mixed)


PAPER = "#f1ecdc"
GRID = "#6b6450"
SEAM = "#b03a2e"
ID_TEXT = "#4a4536"

HEX_STYLES: dict[str, HexStyle] = {
    "clear": HexStyle("#ebe5c8"),
    "scrub": HexStyle("#c9d39a", Qt.BrushStyle.Dense6Pattern, "#7d8f4e"),
    "rough": HexStyle("#d8c59e", Qt.BrushStyle.Dense5Pattern, "#8a7350"),
    "depression": HexStyle("#c8ae84", Qt.BrushStyle.BDiagPattern, "#8b6b43"),
    "soft": HexStyle("#e2d3a4", Qt.BrushStyle.Dense7Pattern, "#9b7d4a"),
    "woods": HexStyle("#7fa865", Qt.BrushStyle.Dense4Pattern, "#4e7a3c"),
    "heavy-woods": HexStyle("#5f8c4c", Qt.BrushStyle.Dense3Pattern, "#36602a"),
    "orchard": HexStyle("#b7cf8a", Qt.BrushStyle.CrossPattern, "#6b8f48"),
    "hedgerow": HexStyle("#9dbb78", Qt.BrushStyle.Dense5Pattern, "#4e7a3c"),
    "building": HexStyle("#b9a79a", Qt.BrushStyle.Dense6Pattern, "#6d5d52"),
    "wood-building": HexStyle("#c9b79a"),
    "brick-building": HexStyle("#c4a08e"),
    "stone-building": HexStyle("#b9b4aa"),
    "alley": HexStyle("#cfc6b4"),
    "span": HexStyle("#a8845c"),
    "town": HexStyle("#cdbfb0", Qt.BrushStyle.Dense6Pattern, "#7a6a5d"),
    "river": HexStyle("#8fb7dd"),
    "water": HexStyle("#8fb7dd"),
    "pond": HexStyle("#8fb7dd"),
    "marsh": HexStyle("#bcd3c2", Qt.BrushStyle.HorPattern, "#6f9bb0"),
    "hill": HexStyle("#dcc9a0"),
    "hilltop": HexStyle("#d2b98a", Qt.BrushStyle.Dense6Pattern, "#9c7a4a"),
    "swamp": HexStyle("#b9cfb8", Qt.BrushStyle.HorPattern, "#5f8fa6"),
    "brush": HexStyle("#bfcf8e", Qt.BrushStyle.Dense5Pattern, "#6f8a40"),
    "broken": HexStyle("#dccaa6", Qt.BrushStyle.Dense6Pattern, "#8d7552"),
    "road": HexStyle("#e6dcc2"),
    "landmark": HexStyle("#ebe5c8"),
    "bridge": HexStyle("#ebe5c8"),
}

PATH_STYLES: dict[str, LineStyle] = {
    "road": LineStyle("#f6eedd", 0.22, casing="#7b4a24"),
    "track": LineStyle("#9a6b3f", 0.09, dash=(3.0, 2.0)),
    "stream": LineStyle("#3f7fc4", 0.14, casing="#2b5c93"),
    "river": LineStyle("#5d97d3", 0.45, casing="#2b5c93"),
    "canal": LineStyle("#5d97d3", 0.32, casing="#2b5c93"),
    "railroad": LineStyle("#3c3c3c", 0.08, dash=(1.0, 1.0)),
}

HEXSIDE_STYLES: dict[str, LineStyle] = {
    "crest": LineStyle("#7a4b22", 0.16),
    "slope": LineStyle("#a0703f", 0.10),
    "hedge": LineStyle("#3f6b2e", 0.14),
    "wall": LineStyle("#5b5b5b", 0.12),
    "stream": LineStyle("#3f7fc4", 0.14),
    "river": LineStyle("#5d97d3", 0.30),
    "cliff": LineStyle("#4b3621", 0.20),
    "ridge": LineStyle("#8a5a2b", 0.16),
    "embankment": LineStyle("#6b5a45", 0.12),
    "canal": LineStyle("#4f8ccc", 0.30),
    "lake": LineStyle("#5d97d3", 0.30),
    "bridge": LineStyle("#3b3b3b", 0.22),
}

#: Darken the ground this much per elevation level above 0 (and lighten below).
ELEVATION_SHADE = 9


def hex_style(terrain: str) -> HexStyle:
    """The style of a terrain id; unknown ids get a stable muted colour of their own."""
    style = HEX_STYLES.get(terrain)
    if style is not None:
        return style
    digest = hashlib.sha1(terrain.encode()).digest()
    color = QColor.fromHsv(digest[0] * 360 // 256, 40 + digest[1] % 40, 200 + digest[2] % 40)
    return HexStyle(color.name())


def shaded(color: str, level: int) -> QColor:
    """A ground colour shaded for elevation: higher ground is darker, like layered tints."""
    q = QColor(color)
    if level > 0:
        return q.darker(100 + ELEVATION_SHADE * level)
    if level < 0:
        return q.lighter(100 + ELEVATION_SHADE * -level)
    return q


#: Counter colours by nation, after the usual wargame conventions (our choice, not a book's).
NATION_COLOURS = {
    "germany": "#8b969c",  # field grey
    "us": "#7b8450",  # olive drab
    "britain": "#b79a62",  # khaki
    "ussr": "#a4533f",  # red-brown
    "soviet": "#a4533f",  # Panzer Command's scenarios name the USSR so
    "france": "#5d7fa3",  # horizon blue
    "canada": "#b79a62",  # khaki, as Britain
    "west-germany": "#9aa37e",
    "any": "#bcbcbc",
}


def nation_colour(nation: str) -> str:
    return NATION_COLOURS.get(nation, "#a7a7a7")


def counter_text(nation: str) -> str:
    """Dark print on light counters, light print on dark ones."""
    colour = nation_colour(nation)
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#1b1b1b" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#f7f5ee"
