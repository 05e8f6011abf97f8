"""Pixel geometry of assembled maps: hex and half-hex polygons, section outlines, seams.

Flat-topped hexes of centre-to-corner radius ``size``; y grows downward (screen convention).
Section outlines are computed once with shapely and reused by the renderer and the editor.
"""

from __future__ import annotations

import math

from shapely import coverage_union_all
from shapely.geometry import Polygon
from shapely.ops import unary_union

from model.grid import CellKind, hex_to_pixel, pixel_to_hex
from model.hexes import Hex, Hexside
from model.layout import AssembledMap

Point = tuple[float, float]

# Corner angles of a flat-topped hex, clockwise from east (y down): E, SE, SW, W, NW, NE.
_ANGLES = tuple(math.radians(60 * i) for i in range(6))
# Which corners each kind of cell keeps: the north half runs W-NW-NE-E, the south half E-SE-SW-W.
_KEEP = {
    CellKind.FULL: (0, 1, 2, 3, 4, 5),
    CellKind.NORTH_HALF: (3, 4, 5, 0),
    CellKind.SOUTH_HALF: (0, 1, 2, 3),
}
# The two corners bounding each compass side (0 N .. 5 NW).
_SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))


def corners(h: Hex, size: float, radius: float | None = None) -> list[Point]:
    """The six corners of hex ``h`` laid out at ``size``; ``radius`` draws it smaller."""
    cx, cy = hex_to_pixel(h, size)
    r = size if radius is None else radius
    # Rounded so that corners shared by neighbouring hexes are the same numbers exactly.
    return [(round(cx + r * math.cos(a), 6), round(cy + r * math.sin(a), 6)) for a in _ANGLES]


def cell_polygon(h: Hex, kind: CellKind, size: float) -> list[Point]:
    """The polygon of a whole hex or of the half a section holds."""
    points = corners(h, size)
    return [points[i] for i in _KEEP[kind]]


def hexside_segment(side: Hexside, size: float) -> tuple[Point, Point]:
    """The two end points of a hexside."""
    points = corners(side.hex, size)
    a, b = _SIDE_CORNERS[side.direction]
    return points[a], points[b]


def nearest_hexside(x: float, y: float, size: float) -> Hexside:
    """The hexside nearest a pixel: the side of the hex under it that faces the pixel."""
    h = pixel_to_hex(x, y, size)
    cx, cy = hex_to_pixel(h, size)
    # Side directions (compass 0 N .. 5 NW) point at -90, -30, 30, 90, 150, 210 degrees.
    angle = math.degrees(math.atan2(y - cy, x - cx))
    return Hexside.of(h, round((angle + 90.0) / 60.0) % 6)


def cover_union(polygons: list[Polygon]) -> Polygon:
    union = coverage_union_all(polygons)
    if union.geom_type != "Polygon":  # pragma: no cover - rounding left a sliver: be careful
        union = unary_union(polygons).buffer(0)
    return union


def map_bounds(amap: AssembledMap, size: float) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the map's hexes."""
    xs: list[float] = []
    ys: list[float] = []
    for h in amap.hexes:
        cx, cy = hex_to_pixel(h, size)
        xs.append(cx)
        ys.append(cy)
    return min(xs) - size, min(ys) - size, max(xs) + size, max(ys) + size
