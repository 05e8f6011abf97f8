"""The Inspector panel: everything about the hex under the cursor.

Its names on every section, its terrain as it counts in play (printed, painted by the scenario,
or given by an overlay counter, then the scenario's terrain options) with where that value
comes from, elevation, the hexside features around it, the terrain options that change it, what
entering it costs each movement class (:mod:`rules.movement.costs`), and the terrain's effects as
the
data library gives them (placeholders marked). It reads everything from the document's
:class:`~model.terrainview.MapTerrain` and shows it again whenever the document changes.
"""

from __future__ import annotations

import weakref
from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from model.catalog import terrain_types
from model.hexes import COMPASS_NAMES, Hex
from model.provenance import Value
from model.scenario import Scenario
from model.terrainview import MapTerrain
from rules.movement.costs import MoveCost, Movement

_WHERE = {"printed": "printed", "painted": "painted by the scenario", "overlay": "overlay counter"}

Rows = list[tuple[str, str]]


def hex_sections(document: ScenarioDocument, h: Hex) -> list[tuple[str, Rows]]:
    """The report on hex ``h`` in titled sections (the first one untitled)."""
    sections = [("", _general(document, h))]
    changes = document.terrain.explain(h)
    if changes:
        options = {o.id: o for o, _ in document.terrain.chosen(h)}
        rows = [
            (options[c.option].name if c.option in options else c.option, f"{c.text} [{c.source}]")
            for c in changes
        ]
        sections.append(("Terrain options", rows))
    movement = _movement_rows(document, h)
    if movement:
        sections.append(("Movement (to enter)", movement))
    effects = _effect_rows(document, h)
    if effects:
        sections.append(("Terrain effects", effects))
    return sections


def hex_report(document: ScenarioDocument, h: Hex) -> Rows:
    """(label, text) rows describing hex ``h`` of the document's map."""
    return [row for _, rows in hex_sections(document, h) for row in rows]


def _general(document: ScenarioDocument, h: Hex) -> Rows:
    terrain = document.terrain
    mh = terrain.amap.hexes[h]
    rows = [("Hex", " = ".join(mh.names))]
    effective = terrain.effective(h)
    where = _WHERE[effective.layer]
    if effective.terrain == effective.base:
        rows.append(("Terrain", f"{effective.terrain} ({where})"))
    else:
        rows.append(("Terrain", f"{effective.terrain} (terrain option; {where} {effective.base})"))
    if effective.layer != "printed":
        rows.append(("Printed", terrain.printed(h)))
    if len(mh.parts) > 1:
        rows.append(("Seam", "two half-hexes, one on each section"))
    elif mh.is_edge_half:
        rows.append(("Edge", "a half-hex on the map edge"))
    hills = terrain.overlays.hill_levels(h)
    level = f"{effective.ground}" + (f" (with {hills} hill level(s))" if hills else "")
    rows.append(("Elevation", level))
    sides = [
        f"{COMPASS_NAMES[d]}: {', '.join(sorted(features | paths))}"
        for d, features, paths in terrain.sides_of(h)
        if features or paths
    ]
    if sides:
        rows.append(("Hexsides", "; ".join(sides)))
    if effective.paths != effective.printed_paths:
        rows.append(("Paths", ", ".join(sorted(effective.paths)) or "none (terrain option)"))
    return rows


_MOVEMENT: weakref.WeakKeyDictionary[ScenarioDocument, tuple[MapTerrain, Scenario, Movement]] = (
    weakref.WeakKeyDictionary()
)


def movement_of(document: ScenarioDocument) -> Movement | None:
    """The movement costs of the document's map as it stands (kept until the map changes)."""
    found = _MOVEMENT.get(document)
    if found is not None and found[0] is document.terrain and found[1] is document.scenario:
        return found[2]
    try:
        movement = Movement.for_scenario(document.scenario, document.terrain)
    except (KeyError, ValueError):
        return None
    _MOVEMENT[document] = (document.terrain, document.scenario, movement)
    return movement


def _movement_rows(document: ScenarioDocument, h: Hex) -> Rows:
    """One row per movement class: the cost into the hex, then where crossing a side from a
    neighbour changes it (``from N, NE: 4 (crest +3)``); then the notes, once each."""
    movement = movement_of(document)
    if movement is None:
        return []
    rows: Rows = []
    notes: list[str] = []
    for cls in movement.classes:
        base = movement.cost(cls.id, h)
        by_text: dict[str, list[str]] = {}
        for d in range(6):
            n = h.neighbor(d)
            if n not in document.terrain:
                continue
            cost = movement.cost(cls.id, h, n)
            if cost.text != base.text or cost.placeholder != base.placeholder:
                by_text.setdefault(_short(cost, base), []).append(COMPASS_NAMES[d])
        text = _cost_text(base)
        for said, directions in by_text.items():
            text += f"; from {', '.join(directions)}: {said}"
        rows.append((cls.name, text))
        notes.extend(n for n in base.notes if n not in notes)
    rows.extend(("Note", note) for note in notes)
    return rows


def _cost_text(cost: MoveCost) -> str:
    return cost.text + (" (placeholder)" if cost.placeholder else "")


def _short(cost: MoveCost, base: MoveCost) -> str:
    """A cost from one side, with the terms that differ from the hex's own cost."""
    extra = [
        p.what if p.amount == cost.text else f"{p.what} {p.amount}"
        for p in cost.parts
        if p not in base.parts
    ]
    return _cost_text(cost) + (f" ({', '.join(extra)})" if extra else "")


def _effect_rows(document: ScenarioDocument, h: Hex) -> Rows:
    catalogue = terrain_types(document.scenario.system)
    entry = catalogue.get(document.terrain.terrain(h))
    if entry is None:
        return []
    rows = [("Source", entry.source or f"placeholder: {entry.placeholder}")]
    for key, value in entry.effects.items():
        if isinstance(value, Value):
            mark = " (placeholder)" if value.placeholder else ""
            rows.append((key.replace("_", " "), f"{_plain(value.value)}{mark}"))
        else:
            mark = " (placeholder)" if entry.plain_values_are_placeholders else ""
            rows.append((key.replace("_", " "), f"{_plain(value)}{mark}"))
    return rows


def _plain(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def report_html(sections: list[tuple[str, Rows]]) -> str:
    """The sections as an HTML table whose label column keeps a third of the width, so the
    values wrap between words at a narrow dock (about 300 px) instead of one word a line."""
    cells = []
    for title, rows in sections:
        if title:
            cells.append(
                f"<tr><td colspan='2' style='padding-top:6px'><b>{escape(title)}</b></td></tr>"
            )
        cells.extend(
            f"<tr><td width='34%' style='color:#555'>{escape(label)}</td>"
            f"<td width='66%'>{escape(text)}</td></tr>"
            for label, text in rows
        )
    return f"<table width='100%' cellspacing='0' cellpadding='1'>{''.join(cells)}</table>"


class InspectorPanel(QTextBrowser):
    """Shows :func:`hex_sections` for the hovered hex, again whenever the document changes
    (an edit, an undo, a terrain option chosen)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setPlaceholderText("Point at a hex to inspect it.")
        self._document: ScenarioDocument | None = None
        self._hex: Hex | None = None

    def show_hex(self, document: ScenarioDocument | None, h: Hex | None) -> None:
        if document is not self._document:
            self._follow(document)
        self._hex = h
        self.refresh()

    def refresh(self) -> None:
        """Show the current hex again (the document changed under it)."""
        document, h = self._document, self._hex
        if document is None or h is None or h not in document.map:
            self.clear()
            return
        self.setHtml(report_html(hex_sections(document, h)))

    def _follow(self, document: ScenarioDocument | None) -> None:
        self._document = follow(self._document, document, self._changed)

    def _changed(self, _change: Change) -> None:
        self.refresh()
