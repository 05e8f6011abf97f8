"""The Help menu's pages and View > Go to Hex: what a newcomer reaches for in a first hour.

- Keyboard Shortcuts: every action with a shortcut, by menu, from the window's own actions (so
  the list cannot drift from what the keys do).
- About Hexwright: the version, the libraries it runs on, and where its game data come from:
  per system, how many values are the books' and how many are Hexwright's placeholders.
- Go to Hex: type a printed hex name (``K1417``, a seam's ``J1512``, ``C/1508``, a bare
  ``4032``) and the view centres on it, outlined.
"""

from __future__ import annotations

import platform
import sys
from html import escape
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qVersion
from PySide6.QtGui import QBrush, QColor, QKeySequence, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from editor.mapview.shapes import hexes_outline
from editor.mapview.view import HEX_SIZE
from model.report import system_report
from model.systems import GameSystem

if TYPE_CHECKING:
    from editor.app import MainWindow

#: The libraries About names, with their distribution names.
LIBRARIES = ("PySide6-Essentials", "pydantic", "shapely", "PyYAML", "ruamel.yaml", "platformdirs")


def shortcuts_html(window: MainWindow) -> str:
    """Every action that has a shortcut, grouped by its menu, as an HTML table."""
    rows: dict[str, list[tuple[str, str]]] = {}
    for menu_title, menu in window.menus.items():
        for action in menu.actions():
            sequences = [k for k in action.shortcuts() if not k.isEmpty()]
            if not sequences:
                continue
            name = action.text().replace("&", "").rstrip(".…")
            native = QKeySequence.SequenceFormat.NativeText
            shown = " or ".join(k.toString(native) for k in sequences)
            rows.setdefault(menu_title.replace("&", ""), []).append((name, shown))
    parts = ["<table cellspacing='0' cellpadding='3'>"]
    for menu_title, entries in rows.items():
        parts.append(f"<tr><td colspan='2'><b>{escape(menu_title)}</b></td></tr>")
        for name, keys in entries:
            parts.append(
                f"<tr><td style='padding-left:12px'>{escape(name)}</td>"
                f"<td style='padding-left:24px'><code>{escape(keys)}</code></td></tr>"
            )
    parts.append("</table>")
    return "".join(parts)


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def about_html() -> str:
    """The version, the libraries, and the provenance of the game data per system."""
    lines = [
        f"<h3>Hexwright {escape(_version('hexwright'))}</h3>",
        "<p>A scenario and map editor for tactical hex-and-counter wargames of the Second World "
        "War, which plays the scenario it edits to prove it works.</p>",
        "<p><b>Runs on</b> Python "
        f"{escape(platform.python_version())}, Qt {escape(qVersion())} "
        f"(PySide6 {escape(pyside_version)}), "
        + ", ".join(f"{escape(n)} {escape(_version(n))}" for n in LIBRARIES[1:])
        + f", on {escape(sys.platform)}.</p>",
        "<p><b>Where the game data come from.</b> Every value names its source: a book's "
        "section, or a placeholder saying what Hexwright based it on where the book's table "
        "is cut (<code>hexwright data report</code> lists them).</p>",
        "<table cellspacing='0' cellpadding='3'><tr><th align='left'>System</th>"
        "<th align='right'>from the book</th><th align='right'>placeholders</th></tr>",
    ]
    for system in GameSystem:
        total = system_report(system).total
        lines.append(
            f"<tr><td>{escape(system.display_name)}</td><td align='right'>{total.sourced:,}</td>"
            f"<td align='right'>{total.placeholders:,}</td></tr>"
        )
    lines.append("</table>")
    return "".join(lines)


def _page(parent: QWidget, title: str, html: str, height: int = 560) -> QDialog:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    text = QTextBrowser()
    text.setOpenExternalLinks(True)
    text.setHtml(html)
    layout.addWidget(text)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(520, height)
    return dialog


def show_shortcuts(window: MainWindow) -> QDialog:
    dialog = _page(window, "Keyboard Shortcuts", shortcuts_html(window))
    dialog.show()
    return dialog


#: The short manual Help > User Guide shows (Markdown, shipped with the package).
GUIDE = Path(__file__).with_name("guide.md")


def show_guide(window: MainWindow) -> QDialog:
    """Help > User Guide: what a designer does, panel by panel, with its keys."""
    dialog = _page(window, "Hexwright User Guide", "", height=640)
    text = dialog.findChild(QTextBrowser)
    assert text is not None
    text.setMarkdown(GUIDE.read_text(encoding="utf-8"))
    dialog.resize(640, 640)
    dialog.show()
    return dialog


def show_about(window: MainWindow) -> QDialog:
    dialog = _page(window, "About Hexwright", about_html(), height=340)
    dialog.show()
    return dialog


def go_to_hex(window: MainWindow, name: str) -> str | None:
    """Centre the view on the hex printed ``name`` and outline it; why not, or None."""
    document = window.document
    if document is None or not hasattr(document, "map"):
        return "Open a scenario or a board first."
    try:
        h = document.map.resolve(name)
    except KeyError as exc:
        return str(exc.args[0]) if exc.args else f"no hex '{name}'"
    outline = hexes_outline(frozenset({h}), HEX_SIZE)
    colour = QColor("#d35400")
    shade = QColor(colour)
    shade.setAlpha(60)
    window.view.show_marks(outline, QPen(colour, 4.0), QBrush(shade))
    around = HEX_SIZE * 4  # the hex with its neighbourhood
    window.view.centre_on(outline.boundingRect().adjusted(-around, -around, around, around))
    names = document.map.hexes[h].names
    seam = " (a seam: two half-hexes, one hex)" if len(names) > 1 else ""
    window.say(f"Hex {' = '.join(names)}{seam}")
    return None


def ask_go_to_hex(window: MainWindow) -> None:
    """View > Go to Hex... (Ctrl+G): ask for a name, then go there (or say why not)."""
    prompt = "Hex, as printed on the map (K1417, a seam's J1512, C/1508):"
    name, ok = QInputDialog.getText(window, "Go to Hex", prompt)
    if ok and name.strip():
        problem = go_to_hex(window, name.strip())
        if problem is not None:
            window.say(problem, error=True)
