"""The Line of Sight tool and its panel: pick two hexes, see the line drawn on the map (green
clear, amber hindered, red blocked), what decided it (hex or hexside) and the rule cited, from
:func:`rules.los.query.line_of_sight` with the scenario's terrain as it stands, and the
observer's and the target's heights chosen above the panel (:mod:`editor.mapview.los_heights`)."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget

from editor.mapview.los_heights import HeightsBar
from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import Tool, ToolHost
from editor.mapview.view import HEX_SIZE, MapEvent
from model.geometry import hexside_segment
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.systems import GameSystem

if TYPE_CHECKING:
    from rules.los.query import LosResult

COLOURS = {"clear": "#1e8449", "hindered": "#d68910", "blocked": "#c0392b"}


class LosPanel(QTextBrowser):
    """The last line of sight: verdict, deciding obstacle and rule, every obstacle; above it
    (:meth:`with_options`), the observer's and the target's heights."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setPlaceholderText(
            "Line of Sight tool: click the observer's hex, then the target's. "
            "Right-click to start again."
        )
        self.result: LosResult | None = None
        #: The tool's options: how high the observer and the target stand.
        self.heights = HeightsBar()
        self._options: QWidget | None = None

    def with_options(self) -> QWidget:
        """The panel under its heights bar: what the Line of Sight dock shows."""
        if self._options is None:
            self._options = QWidget()
            layout = QVBoxLayout(self._options)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(2)
            layout.addWidget(self.heights)
            layout.addWidget(self, 1)
        return self._options

    def set_system(self, system: GameSystem | None) -> None:
        """The open scenario's game: the heights its book has."""
        self.heights.set_system(system)

    def show_result(self, result: LosResult | None, names: dict[Hex, str]) -> None:
        self.result = result
        if result is None:
            self.clear()
            return
        a, b = names[result.hexes[0]], names[result.hexes[-1]]
        colour = COLOURS[result.verdict]
        rows = [
            f"<p style='font-size:13pt;margin:0'><b>{escape(a)} → {escape(b)}: "
            f"<span style='color:{colour}'>{result.verdict}</span></b></p>",
        ]
        if self.heights.raised():
            rows.append(f"<p style='margin:4px 0'>Heights: {escape(self.heights.describe())}</p>")
        rows += [
            f"<p style='margin:4px 0'>{escape(result.explanation)}</p>",
            f"<p style='margin:4px 0;color:#555'>Rule: {escape(result.rule)}</p>",
        ]
        if result.notes:
            items = "".join(f"<li>{escape(n)}</li>" for n in result.notes)
            rows.append(f"<p style='margin:6px 0 0 0'>Where the ends stand:</p><ul>{items}</ul>")
        if result.obstacles:
            items = "".join(
                f"<li><b>{escape(o.where)}</b> {escape(o.terrain)} {o.effect}"
                # The rule once above; an obstacle says its own only when it differs.
                + ("" if o.rule == result.rule else
                   f" <span style='color:#555'>({escape(o.rule)})</span>")
                + "</li>"
                for o in result.obstacles
            )  # fmt: skip
            rows.append(f"<p style='margin:6px 0 0 0'>Obstacles:</p><ul>{items}</ul>")
        rows.append(
            f"<p style='color:#555'>{len(result.hexes)} hexes on the line"
            + (
                f"; it runs along {len(result.along_hexsides)} hexside(s)"
                if result.along_hexsides
                else ""
            )
            + "</p>"
        )
        self.setHtml("".join(rows))


class LosTool(Tool):
    """Click the observer, then the target; the line follows the pointer in between."""

    name = "Line of sight"

    def __init__(self, host: ToolHost, panel: LosPanel) -> None:
        super().__init__(host)
        self.panel = panel
        self.a: Hex | None = None
        self.b: Hex | None = None
        self._shown: tuple[Hex, Hex] | None = None
        self._shown_heights: tuple[str, str] | None = None
        panel.heights.changed.connect(self._heights_changed)

    def _heights_changed(self) -> None:
        """Another height chosen: the line shown judged again from there."""
        if self.view.tool is self:
            self.refresh()

    def label(self) -> str:
        if self.a is None or self.b is not None:
            return "Line of sight: click the observer's hex"
        return "Line of sight: click the target's hex"

    def press(self, event: MapEvent) -> None:
        document = self.document
        if document is None:
            return
        if event.button == Qt.MouseButton.RightButton:
            self.a = self.b = None
            self.view.clear_marks()
            self.panel.show_result(None, {})
        elif event.button == Qt.MouseButton.LeftButton and event.hex in document.map:
            if self.a is None or self.b is not None:
                self.a, self.b = event.hex, None
                self.look(event.hex, event.hex)
            else:
                self.b = event.hex
                self.look(self.a, self.b)
        self.host.retool()

    def move(self, event: MapEvent, held: bool) -> None:
        document = self.document
        if document is None or self.a is None or self.b is not None:
            return
        if event.hex in document.map:
            self.look(self.a, event.hex)

    def refresh(self) -> None:
        """The terrain changed: judge the line shown again."""
        if self._shown is not None and self.document is not None:
            a, b = self._shown
            self._shown = None
            if a in self.document.map and b in self.document.map:
                self.look(a, b)

    def look(self, a: Hex, b: Hex) -> LosResult | None:
        document = self.document
        if document is None:
            return None
        heights = self.panel.heights.heights()
        if (self._shown, self._shown_heights) == (
            (a, b),
            heights,
        ) and self.panel.result is not None:
            return self.panel.result
        self._shown, self._shown_heights = (a, b), heights
        from rules.los.query import line_of_sight  # the rules: when first asked, not at start

        result = line_of_sight(document.terrain, document.scenario.system, a, b, *heights)
        self.draw(result)
        names = {h: document.map.name(h) for h in (a, b)}
        self.panel.show_result(result, names)
        return result

    def draw(self, result: LosResult) -> None:
        colour = QColor(COLOURS[result.verdict])
        a, b = result.hexes[0], result.hexes[-1]
        cells = hexes_outline(result.hexes, HEX_SIZE)
        shade = QColor(colour)
        shade.setAlpha(40)
        line = QPainterPath(QPointF(*hex_to_pixel(a, HEX_SIZE)))
        line.lineTo(QPointF(*hex_to_pixel(b, HEX_SIZE)))
        ends = QPainterPath()
        # An end raised off the ground: a ring round its dot, and the height's name beside it.
        rings, names = QPainterPath(), QPainterPath()
        font = QFont()
        font.setPointSizeF(HEX_SIZE * 0.32)
        font.setBold(True)
        for h, height in zip((a, b), self.panel.heights.heights(), strict=True):
            x, y = hex_to_pixel(h, HEX_SIZE)
            ends.addEllipse(QPointF(x, y), HEX_SIZE * 0.22, HEX_SIZE * 0.22)
            if height != "ground":
                rings.addEllipse(QPointF(x, y), HEX_SIZE * 0.40, HEX_SIZE * 0.40)
                words = self.panel.heights.label(height)
                names.addText(QPointF(x + HEX_SIZE * 0.55, y - HEX_SIZE * 0.35), font, words)
        block = QPainterPath()
        decided = result.decided_by
        if decided is not None and decided.hexside is not None:
            p, q = hexside_segment(decided.hexside, HEX_SIZE)
            block.moveTo(*p)
            block.lineTo(*q)
        elif decided is not None and decided.hex is not None:
            block = hexes_outline([decided.hex], HEX_SIZE)
        layers: list[tuple[QPainterPath, QPen, QBrush | None]] = [
            (cells, QPen(shade.darker(150), 1.0), QBrush(shade)),
            (line, QPen(colour, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), None),
            (ends, QPen(QColor("#222222"), 1.5), QBrush(colour)),
            (rings, QPen(QColor("#1a1a1a"), 2.5), None),
            (names, QPen(QColor("#ffffff"), 3.0), None),  # a halo, legible on any terrain
            (names, QPen(Qt.PenStyle.NoPen), QBrush(QColor("#1a1a1a"))),
            (block, QPen(QColor("#7b241c"), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
             None),
        ]  # fmt: skip
        self.view.show_layers(layers)
        heights = self.panel.heights
        said = f"{heights.describe().capitalize()}. " if heights.raised() else ""
        self.say(said + result.explanation, error=result.verdict == "blocked")

    def leave(self) -> None:
        super().leave()
        self._shown = self._shown_heights = None
