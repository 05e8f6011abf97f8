"""The Inspector panel: everything about the hex under the cursor.

Its names on every section, its terrain (printed, painted by the scenario, or given by an
overlay counter) with where that value comes from, elevation, the hexside features around it,
and the terrain's effects as the data library gives them (placeholders marked).
"""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser, QWidget

from editor.document import ScenarioDocument
from model.catalog import terrain_types
from model.hexes import COMPASS_NAMES, Hex, Hexside
from model.provenance import Value


def hex_report(document: ScenarioDocument, h: Hex) -> list[tuple[str, str]]:
    """(label, text) rows describing hex ``h`` of the document's map."""
    amap = document.map
    mh = amap.hexes[h]
    rows = [("Hex", " = ".join(mh.names))]
    part = mh.parts[0]
    placement = amap.placements[part.placement]
    section = amap.section_of(placement)
    printed = section.terrain.get(part.local, "clear")
    painted = document.edits.terrain.get(h)
    overlay = document.overlays.terrain(h)
    terrain = overlay or painted or printed
    where = "overlay counter" if overlay else "painted by the scenario" if painted else "printed"
    rows.append(("Terrain", f"{terrain} ({where})"))
    if overlay or painted:
        rows.append(("Printed", printed))
    if len(mh.parts) > 1:
        rows.append(("Seam", "two half-hexes, one on each section"))
    elif mh.is_edge_half:
        rows.append(("Edge", "a half-hex on the map edge"))
    level = document.edits.elevation.get(h, section.elevation_of(part.local))
    hills = document.overlays.hill_levels(h)
    rows.append(("Elevation", f"{level}" + (f" + {hills} hill level(s)" if hills else "")))
    sides = _hexsides(document, h)
    if sides:
        rows.append(("Hexsides", sides))
    catalogue = terrain_types(document.scenario.system)
    entry = catalogue.get(terrain)
    if entry is not None:
        rows.append(("Source", entry.source or f"placeholder: {entry.placeholder}"))
        for key, value in entry.effects.items():
            if isinstance(value, Value):
                mark = " (placeholder)" if value.placeholder else ""
                rows.append((key, f"{value.value}{mark}"))
            else:
                mark = " (placeholder)" if entry.plain_values_are_placeholders else ""
                rows.append((key, f"{value}{mark}"))
    return rows


def _hexsides(document: ScenarioDocument, h: Hex) -> str:
    found = []
    amap = document.map
    for d in range(6):
        side = Hexside.of(h, d)
        features: set[str] = set()
        for placement in amap.placements:
            section = amap.section_of(placement)
            a, b = (placement.to_local(x) for x in side.hexes)
            if a in section.cells or b in section.cells:
                local = Hexside.between(a, b)
                features |= set(section.hexside_features.get(local, ()))
                features |= set(section.path_features.get(local, ()))
        features |= document.edits.added.get(side, set())
        features -= document.edits.removed.get(side, set())
        if features:
            found.append(f"{COMPASS_NAMES[d]}: {', '.join(sorted(features))}")
    return "; ".join(found)


class InspectorPanel(QTextBrowser):
    """Shows :func:`hex_report` for the hovered hex."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.setPlaceholderText("Point at a hex to inspect it.")

    def show_hex(self, document: ScenarioDocument | None, h: Hex | None) -> None:
        if document is None or h is None or h not in document.map:
            self.clear()
            return
        cells = "".join(
            f"<tr><td style='color:#555;padding-right:8px;white-space:nowrap'>{escape(label)}</td>"
            f"<td>{escape(text)}</td></tr>"
            for label, text in hex_report(document, h)
        )
        self.setHtml(f"<table>{cells}</table>")
