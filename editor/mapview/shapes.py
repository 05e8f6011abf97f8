"""Shapes of the map in scene coordinates, shared by the painter, the map's tools and layers:
a board's cells as paths (worked out once per board and hex size), a laid section's outline,
the outline of a set of hexes, and the small QPainter helpers they are drawn with.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen, QPolygonF, QTransform

from model.board import BoardSection
from model.geometry import cell_polygon, corners, outline_rings, ring_area
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.layout import SectionPlacement


@dataclass
class BoardGeometry:
    """A board's cells as paths in its own frame (local hex (0, 0) at the origin)."""

    fills: dict[tuple[str, int], QPainterPath]
    grid: QPainterPath
    outline: QPolygonF
    bounds: QRectF


_GEOMETRY: dict[tuple[int, float], tuple[BoardSection, BoardGeometry]] = {}


def board_geometry(section: BoardSection, size: float) -> BoardGeometry:
    """The paths of a board at a hex size, computed once per board and size."""
    key = (id(section), size)
    cached = _GEOMETRY.get(key)
    if cached is not None and cached[0] is section:
        return cached[1]
    fills, grid = cell_paths(section, section.cells, size)
    rings = outline_rings(cell_polygon(h, kind, size) for h, (_, _, kind) in section.cells.items())
    outer: list[tuple[float, float]] = max(rings, key=ring_area)  # the board's edge
    outline = qpolygon(outer)
    geometry = BoardGeometry(fills, grid, outline, grid.boundingRect())
    _GEOMETRY[key] = (section, geometry)
    return geometry


@dataclass(frozen=True)
class BoardChunk:
    """A block of a board's cells as paths in the board's frame: a tile of the map view draws
    the chunks it overlaps, not the whole board's paths clipped (a tile of the Panzer '44 map
    at 200% took 90 ms stroking every hex of the map, 3 ms its own)."""

    fills: dict[tuple[str, int], QPainterPath]
    grid: QPainterPath
    bounds: QRectF


#: A chunk's side, in hexes' radii.
CHUNK_RADII = 12.0

_CHUNKS: dict[tuple[int, float], tuple[BoardSection, list[BoardChunk]]] = {}


def board_chunks(section: BoardSection, size: float) -> list[BoardChunk]:
    """A board's cells in square blocks of :data:`CHUNK_RADII` hex radii, once per board and
    size; in a fixed order, so that every tile draws shared edges alike."""
    key = (id(section), size)
    cached = _CHUNKS.get(key)
    if cached is not None and cached[0] is section:
        return cached[1]
    side = size * CHUNK_RADII
    blocks: dict[tuple[int, int], list[Hex]] = {}
    for h in section.cells:
        x, y = hex_to_pixel(h, size)
        blocks.setdefault((math.floor(x / side), math.floor(y / side)), []).append(h)
    chunks = []
    for block in sorted(blocks):
        fills, grid = cell_paths(section, blocks[block], size)
        chunks.append(BoardChunk(fills, grid, grid.boundingRect()))
    _CHUNKS[key] = (section, chunks)
    return chunks


def cell_paths(
    section: BoardSection, cells: Iterable[Hex], size: float
) -> tuple[dict[tuple[str, int], QPainterPath], QPainterPath]:
    """The fills (by terrain and level above the board's base) and the grid of some of a
    board's cells, in the board's frame."""
    fills: dict[tuple[str, int], QPainterPath] = {}
    grid = QPainterPath()
    for h in cells:
        polygon = qpolygon(cell_polygon(h, section.cells[h][2], size))
        level = section.elevation_of(h) - section.base_elevation
        path = fills.setdefault((section.terrain.get(h, "clear"), level), QPainterPath())
        path.addPolygon(polygon)
        path.closeSubpath()
        grid.addPolygon(polygon)
        grid.closeSubpath()
    return fills, grid


def section_frame(placement: SectionPlacement, size: float) -> QTransform:
    """Board frame to map pixels: pixels are linear in (q, r), so a placement is a translation,
    and a turned placement a half turn, about the board's origin."""
    x, y = hex_to_pixel(placement.offset, size)
    frame = QTransform()
    frame.translate(x, y)
    if placement.flipped:
        frame.scale(-1, -1)
    return frame


def hexes_outline(hexes: Iterable[Hex], size: float) -> QPainterPath:
    """The outline of a set of hexes (their union), for overlays and highlights."""
    path = QPainterPath()  # odd-even fill: a hole in the set is a hole in the shape
    for ring in outline_rings(corners(h, size) for h in set(hexes)):
        path.addPolygon(qpolygon(ring))
        path.closeSubpath()
    return path


def section_outline(placement: SectionPlacement, section: BoardSection, size: float) -> QPolygonF:
    """The outline of a section laid by ``placement``, in map pixels."""
    return section_frame(placement, size).map(board_geometry(section, size).outline)


def qpolygon(points: Iterable[tuple[float, float]]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def line_pen(color: str, width: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.SquareCap) -> QPen:
    pen = QPen(QColor(color))
    pen.setWidthF(width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def middle_hex(hexes: Iterable[Hex], size: float) -> Hex:
    """The hex of a region nearest its middle: inside the region even when it is bent (a zone's
    label, a plan's route point)."""
    points = {h: hex_to_pixel(h, size) for h in hexes}
    cx = sum(p[0] for p in points.values()) / len(points)
    cy = sum(p[1] for p in points.values()) / len(points)
    return min(
        points, key=lambda h: ((points[h][0] - cx) ** 2 + (points[h][1] - cy) ** 2, h.q, h.r)
    )
