"""Pixel geometry of assembled maps: hex and half-hex polygons, section outlines, seams.

Flat-topped hexes of centre-to-corner radius ``size``; y grows downward (screen convention).
Section outlines are computed once and reused by the renderer and the editor.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from model.grid import CellKind, hex_to_pixel, pixel_to_hex
from model.hexes import Hex, Hexside
from model.layout import AssembledMap

Point = tuple[float, float]

# Corner angles of a flat-topped hex, clockwise from east (y down): E, SE, SW, W, NW, NE.
_ANGLES = tuple(math.radians(60 * i) for i in range(6))
# Their cosines and sines, worked out once (the same numbers :func:`corners` computed per hex).
_UNIT = tuple((math.cos(a), math.sin(a)) for a in _ANGLES)
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
    return [(round(cx + r * c, 6), round(cy + r * s, 6)) for c, s in _UNIT]


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


def outline_rings(cells: Iterable[Sequence[Point]]) -> list[list[Point]]:
    """The outline of cells that tile the plane edge to edge (hexes, half hexes): each ring of
    the union's boundary, the outer ones and the holes, as lists of corners.

    Why not shapely: a union of cells that share whole edges is the edges no two cells share,
    chained; that takes a dictionary, not a geometry library (whose import, with numpy's, was
    a quarter of the editor's start). Corners are rounded (:func:`corners`), so a shared edge
    is the same two points in both cells, met in opposite directions (all cells run the same
    way round). Hex cells never touch at a corner alone, so each boundary corner starts one
    boundary edge.
    """
    edges: dict[tuple[Point, Point], int] = {}
    for cell in cells:
        n = len(cell)
        for i in range(n):
            a, b = cell[i], cell[(i + 1) % n]
            if (b, a) in edges:  # shared with a cell already seen: inside the union
                if edges[(b, a)] == 1:
                    del edges[(b, a)]
                else:
                    edges[(b, a)] -= 1
            else:
                edges[(a, b)] = edges.get((a, b), 0) + 1
    following = dict(edges.keys())
    rings: list[list[Point]] = []
    while following:
        start, point = next(iter(following.items()))
        ring = [start]
        del following[start]
        while point != start:
            ring.append(point)
            point = following.pop(point)
        rings.append(ring)
    return rings


def ring_area(ring: Sequence[Point]) -> float:
    """The area a ring encloses (the shoelace formula), whatever way round it runs."""
    twice = sum(
        ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, [*ring[1:], ring[0]], strict=True)
    )
    return abs(twice) / 2


def map_bounds(amap: AssembledMap, size: float) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the map's hexes."""
    xs: list[float] = []
    ys: list[float] = []
    for h in amap.hexes:
        cx, cy = hex_to_pixel(h, size)
        xs.append(cx)
        ys.append(cy)
    return min(xs) - size, min(ys) - size, max(xs) + size, max(ys) + size
