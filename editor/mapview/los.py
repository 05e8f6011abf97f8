"""The Line of Sight tool and its panel: pick two hexes, see the line drawn on the map (green
clear, amber hindered, red blocked), what decided it (hex or hexside) and the rule cited, from
:func:`rules.los.query.line_of_sight` with the scenario's terrain as it stands."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QTextBrowser, QWidget

from editor.mapview.shapes import hexes_outline
from editor.mapview.tools import Tool, ToolHost
from editor.mapview.view import HEX_SIZE, MapEvent
from model.geometry import hexside_segment
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.los.query import LosResult, line_of_sight

COLOURS = {"clear": "#1e8449", "hindered": "#d68910", "blocked": "#c0392b"}


class LosPanel(QTextBrowser):
    """The last line of sight: verdict, deciding obstacle and rule, every obstacle."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setPlaceholderText(
            "Line of Sight tool: click the observer's hex, then the target's. "
            "Right-click to start again."
        )
        self.result: LosResult | None = None

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
            f"<p style='margin:4px 0'>{escape(result.explanation)}</p>",
            f"<p style='margin:4px 0;color:#555'>Rule: {escape(result.rule)}</p>",
        ]
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
        if self._shown == (a, b) and self.panel.result is not None:
            return self.panel.result
        self._shown = (a, b)
        result = line_of_sight(document.terrain, document.scenario.system, a, b)
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
        for h in (a, b):
            x, y = hex_to_pixel(h, HEX_SIZE)
            ends.addEllipse(QPointF(x, y), HEX_SIZE * 0.22, HEX_SIZE * 0.22)
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
            (block, QPen(QColor("#7b241c"), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
             None),
        ]  # fmt: skip
        self.view.show_layers(layers)
        self.say(result.explanation, error=result.verdict == "blocked")

    def leave(self) -> None:
        super().leave()
        self._shown = None
