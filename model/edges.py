"""Map edges and corners of an assembled layout, by compass and by Armor's Sides and Corners.

Compass edges: a hex is on the north edge when the hex to its north is off the map, on the
south edge likewise; on the west edge when both its north-west and south-west neighbours are off
the map, on the east edge likewise. Corners are the map hexes nearest the four corners of the
map's bounding box.

Armor [SCN V.A.1, SCN VIII.A]: Sides A and B are the two *ends* of the mapboard, Sides C and D
its long edges; Corners 1 and 2 lie at the Side A end, 3 and 4 at the Side B end, with 1 and 3
on one long side (Side C here) and 2 and 4 on the other (Side D). The book's diagrams are
missing, so Hexwright decides which way the board runs: along the line of its sections (north
to south for edge-to-edge and staggered layouts, west to east for end-to-end), or along its
longer dimension when it has one section. Side A is then the north or west end unless the
layout says otherwise. An end is the outer edge of the section furthest that way, so on a
staggered board the short sides of the middle sections are not part of Side A or B. Corners
1 and 2 are the two extreme hexes of Side A (1 toward Side C), 3 and 4 those of Side B.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from model.grid import SQRT3, hex_to_pixel
from model.hexes import Hex
from model.layout import AssembledMap


class Compass(enum.StrEnum):
    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"

    @property
    def opposite(self) -> Compass:
        return {
            Compass.NORTH: Compass.SOUTH,
            Compass.SOUTH: Compass.NORTH,
            Compass.EAST: Compass.WEST,
            Compass.WEST: Compass.EAST,
        }[self]


class CornerName(enum.StrEnum):
    NORTH_WEST = "north-west"
    NORTH_EAST = "north-east"
    SOUTH_EAST = "south-east"
    SOUTH_WEST = "south-west"


@dataclass(frozen=True)
class MapEdges:
    """Edge hexes by compass side, corner hexes, and Armor's lettered Sides and numbered Corners."""

    edges: dict[Compass, frozenset[Hex]]
    corners: dict[CornerName, Hex]
    sides: dict[str, frozenset[Hex]]  # "A".."D"
    numbered_corners: dict[int, Hex]  # 1..4
    side_a: Compass

    def side_compass(self, letter: str) -> Compass:
        """The compass edge that carries Armor Side ``letter``."""
        a = self.side_a
        c, d = _long_sides(a)
        return {"A": a, "B": a.opposite, "C": c, "D": d}[letter.upper()]


def _long_sides(side_a: Compass) -> tuple[Compass, Compass]:
    # Side C holds Corners 1 and 3: the long side to the left when standing at Side A facing B.
    return {
        Compass.NORTH: (Compass.EAST, Compass.WEST),
        Compass.SOUTH: (Compass.WEST, Compass.EAST),
        Compass.WEST: (Compass.NORTH, Compass.SOUTH),
        Compass.EAST: (Compass.SOUTH, Compass.NORTH),
    }[side_a]


def map_edges(amap: AssembledMap, side_a: Compass | None = None) -> MapEdges:
    """Compute the edges of a map; ``side_a`` overrides the default choice of Side A."""
    on_map = amap.hexes
    edges: dict[Compass, set[Hex]] = {c: set() for c in Compass}
    for h in on_map:
        if h.neighbor(0) not in on_map:
            edges[Compass.NORTH].add(h)
        if h.neighbor(3) not in on_map:
            edges[Compass.SOUTH].add(h)
        if h.neighbor(5) not in on_map and h.neighbor(4) not in on_map:
            edges[Compass.WEST].add(h)
        if h.neighbor(1) not in on_map and h.neighbor(2) not in on_map:
            edges[Compass.EAST].add(h)
    corners = _corners(amap)
    side_a = side_a or default_side_a(amap)
    c_side, d_side = _long_sides(side_a)
    frozen = {k: frozenset(v) for k, v in edges.items()}
    end_a = _end_section_edge(amap, frozen[side_a], side_a)
    end_b = _end_section_edge(amap, frozen[side_a.opposite], side_a.opposite)
    sides = {"A": end_a, "B": end_b, "C": frozen[c_side], "D": frozen[d_side]}
    # Corners 1 and 2 are the two ends of Side A, 1 toward Side C; 3 and 4 those of Side B.
    numbered = {
        1: _extreme(end_a, c_side),
        2: _extreme(end_a, d_side),
        3: _extreme(end_b, c_side),
        4: _extreme(end_b, d_side),
    }
    return MapEdges(frozen, corners, sides, numbered, side_a)


def _end_section_edge(amap: AssembledMap, edge: frozenset[Hex], toward: Compass) -> frozenset[Hex]:
    """The part of a compass edge on the section that lies furthest that way: an *end* of the
    board. On a staggered board the other sections' short sides face the same way but are not
    the end ("Side A lies within one section" [Armor SCN VI.A.5])."""
    if len(amap.placements) == 1:
        return edge
    dx, dy = _TOWARD[toward]
    reach = [(x * dx + y * dy, i) for i, (x, y) in enumerate(section_centres(amap))]
    end = max(reach)[1]
    return frozenset(h for h in edge if any(p.placement == end for p in amap.hexes[h].parts))


_TOWARD = {
    Compass.NORTH: (0.0, -1.0),
    Compass.SOUTH: (0.0, 1.0),
    Compass.EAST: (1.0, 0.0),
    Compass.WEST: (-1.0, 0.0),
}


def _extreme(edge: frozenset[Hex], toward: Compass) -> Hex:
    """The hex of an edge that lies furthest toward a compass direction."""
    dx, dy = _TOWARD[toward]

    def reach(h: Hex) -> tuple[float, Hex]:
        x, y = hex_to_pixel(h, 1.0)
        return (-(x * dx + y * dy), h)

    return min(edge, key=reach)


def _corners(amap: AssembledMap) -> dict[CornerName, Hex]:
    points = {h: hex_to_pixel(h, 1.0) for h in amap.hexes}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    box = {
        CornerName.NORTH_WEST: (min(xs), min(ys)),
        CornerName.NORTH_EAST: (max(xs), min(ys)),
        CornerName.SOUTH_EAST: (max(xs), max(ys)),
        CornerName.SOUTH_WEST: (min(xs), max(ys)),
    }
    return {
        name: min(points, key=lambda h: ((points[h][0] - x) ** 2 + (points[h][1] - y) ** 2, h))
        for name, (x, y) in box.items()
    }


def section_centres(amap: AssembledMap) -> list[tuple[float, float]]:
    """The pixel centre (hex size 1) of each placed section, in placement order."""
    centres = []
    for placement in amap.placements:
        q, r = amap.section_of(placement).centroid
        sign = -1.0 if placement.flipped else 1.0
        gq, gr = placement.offset.q + sign * q, placement.offset.r + sign * r
        centres.append((1.5 * gq, SQRT3 * (gr + gq / 2)))
    return centres


def default_side_a(amap: AssembledMap) -> Compass:
    """North when the map runs north-south, west when it runs west-east (see module doc)."""
    if len(amap.placements) > 1:
        centres = section_centres(amap)
        spread_x = max(c[0] for c in centres) - min(c[0] for c in centres)
        spread_y = max(c[1] for c in centres) - min(c[1] for c in centres)
        return Compass.NORTH if spread_y >= spread_x else Compass.WEST
    xs = [hex_to_pixel(h, 1.0)[0] for h in amap.hexes]
    ys = [hex_to_pixel(h, 1.0)[1] for h in amap.hexes]
    return Compass.NORTH if max(ys) - min(ys) > max(xs) - min(xs) else Compass.WEST
