"""Generate the Panzer Command map (board CHIR) as a Hexwright board file.

Panzer Command: The Gateway to Stalingrad (Victory Games, 1984) has one fixed map of the Chir
River area about 50 miles south-west of Stalingrad [2.1]: 500 m hexes, 20 m contours [2.6].
The text Hexwright has omits the map art, the hex numbering and the scenarios, so this map is an
original design in the book's structure and scale, drawn after the December 1942 battles on the
lower Chir (Soviet 5th Tank Army crossings, 11th Panzer Division counterattacks, State Farm 79).

The script is deterministic: no randomness, no clock. Every feature is derived from a few
hand-placed control lines (the river, streams, balkas, heights) and hand-placed villages and
road waypoints, so the design can be re-read and changed here rather than in the YAML.

Run from the repository root:

    .venv/bin/python -m tools.boards.panzer_command           # write the board file
    .venv/bin/python -m tools.boards.panzer_command --check   # write nothing; 1 if it would change

It writes ``resources/panzer-command/boards/CHIR.yaml``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.boardtext import flow_list  # noqa: E402
from model.grid import (  # noqa: E402
    Parity,
    PrintedGrid,
    cube_round,
)
from model.hexes import Hex, Hexside  # noqa: E402
from tools.boards.files import add_check_option, check_files, write_files  # noqa: E402

OUTPUT = ROOT / "resources" / "panzer-command" / "boards" / "CHIR.yaml"

# --- the grid ----------------------------------------------------------------------------------

COLUMNS = 40  # 01-40, west to east
ROWS = 30  # 01-30, north to south
GRID = PrintedGrid(1, COLUMNS, 1, ROWS, Parity.EVEN, half_hex_edges=False)

Point = tuple[float, float]


def hx(col: int, row: int) -> Hex:
    return GRID.to_hex(col, row)


def hid(h: Hex) -> str:
    col, row = GRID.to_printed(h)
    return f"{col:02d}{row:02d}"


ALL: list[Hex] = [hx(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]
ON_MAP = set(ALL)


def pos(h: Hex) -> Point:
    """Hex centre in hex units: neighbouring centres are 1.0 apart, x east, y south."""
    return (math.sqrt(3) / 2 * h.q, h.r + h.q / 2)


def at(col: float, row: float) -> Point:
    """A map point given in printed column/row numbers (fractions allowed)."""
    # Odd columns stand half a hex higher than even ones; a fractional point takes the mean.
    return (math.sqrt(3) / 2 * col, row - 0.25)


def neighbours(h: Hex) -> list[Hex]:
    return [n for n in h.neighbors() if n in ON_MAP]


def all_sides() -> list[tuple[Hex, Hex]]:
    found = []
    for h in ALL:
        for d in (0, 1, 2):
            n = h.neighbor(d)
            if n in ON_MAP:
                found.append((h, n))
    return found


# --- curves ------------------------------------------------------------------------------------


def smooth(points: Sequence[Point], steps: int = 8) -> list[Point]:
    """A Catmull-Rom curve through ``points`` as a dense polyline."""
    pts = [points[0], *points, points[-1]]
    out: list[Point] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(steps):
            t = k / steps
            t2, t3 = t * t, t * t * t
            out.append(
                tuple(  # type: ignore[arg-type]
                    0.5
                    * (
                        2 * p1[j]
                        + (-p0[j] + p2[j]) * t
                        + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                        + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3
                    )
                    for j in (0, 1)
                )
            )
    out.append(points[-1])
    return out


def curve(points: Iterable[tuple[float, float]]) -> list[Point]:
    """A smooth polyline through control points given as (column, row)."""
    return smooth([at(c, r) for c, r in points])


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def crossed_sides(line: Sequence[Point]) -> set[Hexside]:
    """Hexsides a curve runs along: those whose two hex centres it separates.

    A hexside lies across the segment joining its two hex centres, so a curve that crosses that
    segment runs along the hexside; consecutive crossings share a hex corner, so the result is
    a connected chain of hexsides.
    """
    found: set[Hexside] = set()
    for a, b in all_sides():
        pa, pb = pos(a), pos(b)
        lo_x, hi_x = min(pa[0], pb[0]) - 1, max(pa[0], pb[0]) + 1
        lo_y, hi_y = min(pa[1], pb[1]) - 1, max(pa[1], pb[1]) + 1
        for q1, q2 in itertools.pairwise(line):
            if max(q1[0], q2[0]) < lo_x or min(q1[0], q2[0]) > hi_x:
                continue
            if max(q1[1], q2[1]) < lo_y or min(q1[1], q2[1]) > hi_y:
                continue
            if segments_cross(pa, pb, q1, q2):
                found.add(Hexside.between(a, b))
                break
    return found


def x_at(line: Sequence[Point], y: float) -> float:
    """Where a north-south curve is at height ``y`` (linear between its points)."""
    if y <= line[0][1]:
        return line[0][0]
    for a, b in itertools.pairwise(line):
        if a[1] <= y <= b[1] and b[1] != a[1]:
            return a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1])
    return line[-1][0]


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b`` (both included), each adjacent."""
    n = a.distance(b)
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        # Nudged off the hexsides so that ties always fall the same way.
        out.append(cube_round(a.q + (b.q - a.q) * t + 1e-6, a.r + (b.r - a.r) * t + 2e-6))
    return out


def route(*waypoints: tuple[int, int]) -> list[Hex]:
    """A path through printed (column, row) waypoints, straight hex lines between them."""
    hexes: list[Hex] = []
    for (c1, r1), (c2, r2) in itertools.pairwise(waypoints):
        leg = hex_line(hx(c1, r1), hx(c2, r2))
        hexes.extend(leg if not hexes else leg[1:])
    for h in hexes:
        assert h in ON_MAP, f"route leaves the map at {h}"
    return hexes


# --- the design --------------------------------------------------------------------------------

# The Chir enters at the north edge and leaves at the south edge toward its mouth on the Don.
# The west (right) bank is the high one, a bluff; the east (left) bank is a wide flood plain
# that climbs in gentle steps to the steppe.
RIVER = curve(
    [
        (22.6, -1.0),
        (22.2, 2.0),
        (21.0, 5.0),
        (21.7, 8.0),
        (23.3, 11.0),
        (22.9, 14.0),
        (21.6, 17.0),
        (22.3, 20.0),
        (23.9, 23.0),
        (24.3, 26.0),
        (25.4, 29.0),
        (26.2, 32.0),
    ]
)

# Tributary streams: (column, row) control points from the source to just across the river;
# the part beyond the river is dropped.
STREAMS = {
    # The Solonaja rises off the west edge and runs east past Werchne-Solonowski.
    "Solonaja": curve(
        [
            (0.0, 19.2),
            (4.0, 19.6),
            (8.0, 20.6),
            (12.0, 20.7),
            (16.0, 20.1),
            (19.5, 20.4),
            (23.6, 21.4),
        ]
    ),
    # A short east-bank stream from the steppe past Jeritschewski to the Chir.
    "Jeritschowka": curve([(33.5, 17.4), (30.0, 17.2), (27.0, 16.5), (24.6, 16.3), (21.0, 16.2)]),
}

# Dry balkas: steep-sided gullies cut into the steppe, each a string of hexes one level below
# the ground around it, walled by embankment hexsides. Each is one or more (column, row) lines
# drawn from the mouth up to the head.
BALKAS: dict[str, list[list[Point]]] = {
    "Balka Glubokaja": [curve([(20.6, 8.6), (18.6, 8.2), (17.2, 6.6), (16.2, 5.2)])],
    "Balka Woltschja": [
        curve([(19.3, 2.2), (16.5, 2.6), (14.0, 3.0)]),
        curve([(16.5, 2.6), (15.6, 1.0)]),
    ],
    "Balka Suchaja": [
        curve([(20.6, 15.8), (18.2, 16.4), (16.0, 17.2), (14.0, 17.6)]),
        curve([(16.0, 17.2), (15.4, 15.2)]),
    ],
    "Balka Lasinaja": [curve([(4.6, 19.6), (5.2, 16.6), (4.6, 13.6), (5.4, 11.2)])],
    "Balka Kamyschowaja": [curve([(11.8, 21.8), (11.0, 24.2), (9.2, 25.6)])],
    "Balka Lipowaja": [curve([(16.8, 21.3), (16.6, 23.4), (17.6, 26.4), (17.2, 28.6)])],
    "Balka Pestschanaja": [curve([(26.6, 3.6), (29.6, 2.6), (32.6, 2.2)])],
    "Balka Krutaja": [
        curve([(26.8, 11.3), (29.6, 10.6), (31.4, 9.4), (32.0, 8.0)]),
        curve([(29.6, 10.6), (31.0, 12.0)]),
    ],
    "Balka Dubowaja": [curve([(27.6, 21.4), (30.2, 21.8), (33.0, 22.6), (35.4, 21.6)])],
    "Balka Osinowaja": [curve([(30.2, 28.0), (32.4, 29.0), (34.0, 30.6)])],
}

# Heights above the steppe, level 3: each a few overlapping humps (column, row, x radius,
# y radius in hexes, weight); a hex is on the height where the humps add up to 1 or more.
HEIGHTS: dict[str, list[tuple[float, float, float, float, float]]] = {
    # A ridge running south-west to north-east, the summit in the middle.
    "Point 161": [
        (13.0, 9.0, 2.6, 2.4, 1.6),
        (10.2, 11.4, 2.4, 1.8, 1.3),
        (15.8, 6.8, 2.2, 1.6, 1.3),
        (9.0, 13.0, 1.4, 1.2, 1.1),
    ],
    "Point 148": [
        (6.0, 27.0, 2.2, 2.0, 1.5),
        (3.6, 25.4, 1.8, 1.6, 1.2),
        (8.6, 28.4, 1.8, 1.4, 1.2),
    ],
    "Point 142": [
        (36.0, 8.0, 2.2, 2.4, 1.5),
        (37.8, 5.6, 1.8, 1.6, 1.3),
        (34.6, 10.4, 1.6, 1.4, 1.2),
    ],
}
SUMMITS = {"Point 161": (13, 9, 4), "Point 148": (6, 27, 3), "Point 142": (36, 8, 3)}

# Villages and the State Farm: town hexes, printed (column, row).
TOWNS: dict[str, list[tuple[int, int]]] = {
    "Lissinski": [(20, 3), (19, 4), (20, 4)],
    "Ostrowski": [(25, 6), (25, 7), (26, 6)],
    "Nizhne-Kalinowski": [(21, 12), (21, 13), (20, 13)],
    "Jeritschewski": [(31, 15), (32, 15), (31, 16)],
    "Sowchos 79": [(8, 15), (9, 15), (8, 16)],
    "Werchne-Solonowski": [(10, 20), (11, 21), (10, 21)],
    "Nizhne-Chirskaya": [(22, 27), (23, 27), (22, 28), (23, 28), (24, 28), (23, 29), (24, 29)],
    "Rytschkowski": [(34, 25), (35, 25), (34, 26), (35, 26)],
}

# Roads, tracks and the railway: printed (column, row) waypoints, straight lines between.
ROADS = {
    # The Morozovsk road: west edge, Sowchos 79, south of Point 161, Nizhne-Kalinowski bridge,
    # Jeritschewski, east edge toward Kalach.
    "Morozovsk-Kalach road": route(
        (1, 14),
        (8, 15),
        (9, 15),
        (15, 14),
        (20, 13),
        (21, 13),
        (24, 14),
        (27, 15),
        (31, 15),
        (32, 15),
        (40, 14),
    ),
    # The west-bank river road: north edge (Surowikino), Lissinski, Nizhne-Kalinowski, over the
    # Solonaja, Nizhne-Chirskaya, south edge toward the Don.
    "West-bank river road": route(
        (18, 1),
        (19, 4),
        (20, 4),
        (19, 8),
        (20, 11),
        (21, 12),
        (21, 13),
        (19, 17),
        (19, 21),
        (21, 25),
        (22, 27),
        (23, 28),
        (23, 29),
        (23, 30),
    ),
    # The Lissinski crossing: Lissinski bridge, Ostrowski, east edge.
    "Ostrowski road": route((20, 4), (22, 5), (25, 6), (26, 6), (31, 5), (40, 5)),
    # The east-bank road: north edge, Ostrowski, Jeritschewski, Rytschkowski, south edge.
    "East-bank road": route(
        (28, 1),
        (25, 6),
        (25, 7),
        (28, 10),
        (31, 15),
        (31, 16),
        (32, 20),
        (34, 25),
        (34, 26),
        (35, 26),
        (36, 30),
    ),
    # The Nizhne-Chirskaya crossing: over the Chir to Rytschkowski and the east edge.
    "Nizhne-Chirskaya road": route((24, 28), (27, 27), (34, 25), (35, 25), (40, 25)),
    # The Tormosin road: south-west edge, Werchne-Solonowski, Sowchos 79.
    "Tormosin road": route((1, 25), (10, 21), (10, 20), (8, 16)),
}
TRACKS = {
    "Sowchos track north": route((8, 15), (7, 9), (6, 1)),
    "Point 161 track": route((9, 15), (13, 11), (13, 9), (16, 6), (19, 4)),
    "Lissinski track west": route((19, 4), (10, 3), (1, 4)),
    "Werchne-Solonowski track": route((11, 21), (16, 24), (21, 25)),
    "Point 148 track": route((10, 21), (6, 27), (4, 30)),
    "Ostrowski steppe track": route((26, 6), (33, 10), (40, 10)),
    "Jeritschewski track": route((32, 15), (37, 19), (40, 20)),
    "Flood-plain track": route((25, 7), (26, 11), (26, 17), (27, 22), (27, 27)),
    "Rytschkowski track": route((35, 26), (39, 29), (40, 30)),
    "West steppe track": route((1, 9), (7, 9)),
}
RAILWAY = route((1, 23), (12, 24), (20, 24), (28, 25), (34, 26), (40, 27))

# Named crossings: the bridge hexside nearest each hex is named (both its hexes in places).
BRIDGE_NAMES = {
    "Lissinski bridge": (21, 5),
    "Nizhne-Kalinowski bridge": (22, 13),
    "Nizhne-Chirskaya bridge": (25, 28),
    "Chir railway bridge": (23, 24),
    "Solonaja road bridge": (19, 20),
    "Werchne-Solonowski bridge": (10, 20),
    "Jeritschowka bridge": (31, 17),
}

# Woods, few on the open steppe: willow and poplar thickets on the flood plain, oak scrub in
# two balkas, shelter belts by the State Farm.
FLOOD_PLAIN_WOODS = [
    (21, 2), (22, 7), (22, 8), (24, 9), (24, 10), (25, 10), (23, 16), (23, 17), (24, 18),
    (21, 19), (24, 21), (25, 22), (25, 24), (26, 26), (25, 30), (26, 29),
]  # fmt: skip
BALKA_WOODS = [(17, 7), (30, 21), (30, 22)]
SHELTER_BELTS = [(9, 14), (7, 16)]
WOODS = FLOOD_PLAIN_WOODS + BALKA_WOODS + SHELTER_BELTS


# --- elevation ---------------------------------------------------------------------------------


def banks() -> dict[Hex, bool]:
    """True for hexes west of the Chir: those reached from the west edge without crossing it."""
    river = crossed_sides(RIVER)
    west = {hx(1, 1)}
    todo = [hx(1, 1)]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n not in west and Hexside.between(h, n) not in river:
                west.add(n)
                todo.append(n)
    return {h: h in west for h in ALL}


WEST = banks()


def stream_sides(line: Sequence[Point]) -> set[Hexside]:
    """The hexsides of a stream on its own bank, down to the river (not along it)."""
    source = hexes_along(line)[0]
    river = crossed_sides(RIVER)
    return {s for s in crossed_sides(line) - river if all(WEST[h] == WEST[source] for h in s.hexes)}


def river_offset(h: Hex) -> float:
    """East-west distance from the river line in hexes: negative west of it, positive east."""
    x, y = pos(h)
    return x - x_at(RIVER, y)


def _wave(y: float, period: float, phase: float) -> float:
    return math.sin(2 * math.pi * y / period + phase)


def base_level(h: Hex) -> int:
    """The valley and the steppe before heights and balkas: 0 flood plain, 1 terrace, 2 steppe."""
    d = abs(river_offset(h))
    _, y = pos(h)
    if WEST[h]:  # west bank: a narrow flood plain under a bluff, a terrace here and there
        floor = 0.9 + 0.5 * _wave(y, 11.0, 0.6)
        terrace = max(0.0, 0.9 * _wave(y, 9.0, 2.0))
        if d < floor:
            return 0
        if d < floor + terrace:
            return 1
        return 2
    floor = 2.4 + 1.0 * _wave(y, 13.0, 1.3)
    terrace = 3.6 + 1.2 * _wave(y, 10.0, 0.2)
    if d < floor:
        return 0
    if d < floor + terrace:
        return 1
    return 2


def hump_sum(h: Hex, humps: Sequence[tuple[float, float, float, float, float]]) -> float:
    x, y = pos(h)
    total = 0.0
    for col, row, rx, ry, weight in humps:
        cx, cy = at(col, row)
        d2 = ((x - cx) / (rx * math.sqrt(3) / 2)) ** 2 + ((y - cy) / ry) ** 2
        total += weight * math.exp(-0.7 * d2)
    # A little fixed ripple so that brows are not smooth ovals.
    return total + 0.12 * math.sin(1.9 * x + 0.4) * math.cos(1.3 * y + 1.1)


def hexes_along(line: Sequence[Point]) -> list[Hex]:
    """The hexes a curve passes through, in order: a connected string."""
    found: list[Hex] = []
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        for k in range(12):
            x, y = x0 + (x1 - x0) * k / 12, y0 + (y1 - y0) * k / 12
            q = x / (math.sqrt(3) / 2)
            h = cube_round(q, y - q / 2)
            if h in ON_MAP and (not found or found[-1] != h):
                found.append(h)
    return found


def build_elevation() -> tuple[dict[Hex, int], dict[str, set[Hex]], dict[str, set[Hex]]]:
    """Levels per hex, the hollows (balkas and stream valleys) and the heights, by name."""
    level = {h: base_level(h) for h in ALL}
    hollows: dict[str, set[Hex]] = {}
    for name, lines in BALKAS.items():
        hollows[name] = {h for line in lines for h in hexes_along(line)}
    for name, line in STREAMS.items():
        sides = stream_sides(line)
        hollows[f"{name} valley"] = {h for side in sides for h in side.hexes if h in ON_MAP}
    hollow = set().union(*hollows.values())
    for h in hollow:
        level[h] = max(0, level[h] - 1)
    heights: dict[str, set[Hex]] = {}
    for name, humps in HEIGHTS.items():
        heights[name] = {
            h for h in ALL if level[h] == 2 and h not in hollow and hump_sum(h, humps) >= 1.0
        }
        for h in heights[name]:
            level[h] = 3
    for col, row, top in SUMMITS.values():
        level[hx(col, row)] = top
    return level, hollows, heights


# --- assembling --------------------------------------------------------------------------------


def side_id(a: Hex, b: Hex) -> str:
    return f"{hid(a)}/{hid(b)}"


def side_text(side: Hexside) -> str:
    a, b = side.hexes
    return side_id(a, b)


def side_corners(side: Hexside) -> frozenset[tuple[float, float]]:
    """The two end points of a hexside (rounded, so that shared corners compare equal)."""
    a, b = side.hexes
    pa, pb = pos(a), pos(b)
    mx, my = (pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2
    # The side runs at right angles to the line between the centres, 1/sqrt(3) long.
    dx, dy = (pb[1] - pa[1]) / (2 * math.sqrt(3)), -(pb[0] - pa[0]) / (2 * math.sqrt(3))
    return frozenset(
        {(round(mx + dx, 4), round(my + dy, 4)), (round(mx - dx, 4), round(my - dy, 4))}
    )


def pieces(sides: Iterable[Hexside]) -> int:
    """How many separate chains a set of hexsides makes (joined where they share a corner)."""
    todo = {s: side_corners(s) for s in sides}
    count = 0
    while todo:
        count += 1
        _, frontier = todo.popitem()
        corners = set(frontier)
        grown = True
        while grown:
            grown = False
            for s, c in list(todo.items()):
                if c & corners:
                    corners |= c
                    del todo[s]
                    grown = True
    return count


def steps(path: Sequence[Hex]) -> set[Hexside]:
    return {Hexside.between(a, b) for a, b in itertools.pairwise(path)}


def render() -> str:
    """The board file's text, built from the design above."""
    level, hollows, height_hexes = build_elevation()
    hollow: set[Hex] = set().union(*hollows.values())
    balka = {h for name in BALKAS for h in hollows[name]}
    town = {hx(c, r): name for name, cells in TOWNS.items() for c, r in cells}
    woods = {hx(c, r) for c, r in WOODS}
    summits = {name: hx(c, r) for name, (c, r, _) in SUMMITS.items()}

    river = crossed_sides(RIVER)
    assert pieces(river) == 1, "the Chir must be one unbroken line of hexsides"
    streams: set[Hexside] = set()
    for name, line in STREAMS.items():
        mine = stream_sides(line)
        assert pieces(mine | river) == 1, f"{name} misses the Chir"
        streams |= mine

    rail_steps = steps(RAILWAY)
    road_steps: set[Hexside] = set()
    for path in ROADS.values():
        road_steps |= steps(path)
    bridges = sorted((river | streams) & (road_steps | rail_steps), key=lambda s: side_text(s))
    for name, path in TRACKS.items():
        assert not steps(path) & river, f"{name} fords the Chir"

    # The railway holds the terrace level across the flood plain on a fill: its hexes there
    # stand at level 1, with embankment hexsides toward the lower flood plain beside them.
    west = {h for h in ALL if WEST[h]}
    rail_hexes = set(RAILWAY)
    raised = {h for h in RAILWAY if level[h] == 0}
    for h in raised:
        level[h] = 1
    embankment: set[tuple[Hex, Hex]] = set()  # (lower, higher)
    for h in raised:
        for n in neighbours(h):
            side = Hexside.between(h, n)
            if n not in rail_hexes and level[n] < level[h] and side not in river:
                embankment.add((n, h))
    # Balka walls: embankment hexsides, the lower hex (the balka floor) first. The stream
    # valleys are broad and gentle: lower ground without walls.
    for a, b in all_sides():
        if level[a] == level[b]:
            continue
        low, high = (a, b) if level[a] < level[b] else (b, a)
        if low in balka and high not in hollow and Hexside.between(a, b) not in river:
            embankment.add((low, high))

    # Crests: the brow of the west-bank bluff, and the brows of the heights.
    crest: set[tuple[Hex, Hex]] = set()  # (lower, higher)
    for a, b in all_sides():
        if level[a] == level[b]:
            continue
        low, high = (a, b) if level[a] < level[b] else (b, a)
        side = Hexside.between(a, b)
        if side in river or low in hollow or high in hollow:
            continue
        if low in west and high in west and level[high] == 2 and level[low] <= 1:
            crest.add((low, high))
        for hexes in height_hexes.values():
            if high in hexes and level[low] == 2:
                crest.add((low, high))

    terrain_char = {}
    for h in ALL:
        if h in town:
            terrain_char[h] = "T"
        elif h in summits.values():
            terrain_char[h] = "L"
        elif h in woods:
            terrain_char[h] = "W"
        else:
            terrain_char[h] = "."

    # Places: villages, heights, crossings, road exits and the four edges.
    places: dict[str, list[Hex]] = {}
    for name, cells in TOWNS.items():
        places[name] = [hx(c, r) for c, r in cells]
    for name, h in summits.items():
        places[name] = [h]
    for name, hexes in height_hexes.items():
        places[f"{name} heights"] = sorted(hexes | {summits[name]}, key=hid)
    for name, (c, r) in BRIDGE_NAMES.items():
        anchor = pos(hx(c, r))
        nearest = min(bridges, key=lambda s: min(math.dist(anchor, pos(x)) for x in s.hexes))
        places[name] = sorted(nearest.hexes, key=hid)
    places["West bank"] = sorted((h for h in ALL if WEST[h]), key=hid)
    places["East bank"] = sorted((h for h in ALL if not WEST[h]), key=hid)
    station = next(h for h in RAILWAY if town.get(h) == "Rytschkowski")
    places["Rytschkowski station"] = [station]
    places["Chir flood plain"] = sorted((h for h in ALL if base_level(h) == 0), key=hid)
    for name, hexes in hollows.items():
        places[name] = sorted(hexes, key=hid)
    for name, path in {**ROADS, "Railway": RAILWAY}.items():
        for end in (path[0], path[-1]):
            col, row = GRID.to_printed(end)
            if col in (1, COLUMNS) or row in (1, ROWS):
                edge = {1: "west", COLUMNS: "east"}.get(col) or {1: "north", ROWS: "south"}[row]
                places.setdefault(f"{name} ({edge} edge)", [end])
    places["North edge"] = [hx(c, 1) for c in range(1, COLUMNS + 1)]
    places["South edge"] = [hx(c, ROWS) for c in range(1, COLUMNS + 1)]
    places["West edge"] = [hx(1, r) for r in range(1, ROWS + 1)]
    places["East edge"] = [hx(COLUMNS, r) for r in range(1, ROWS + 1)]

    hexsides = [
        ("river", [side_text(x) for x in river]),
        ("bridge", [side_text(x) for x in bridges]),
        ("stream", [side_text(x) for x in streams]),
        ("crest", [side_id(lo, hi) for lo, hi in crest]),
        ("embankment", [side_id(lo, hi) for lo, hi in embankment]),
    ]
    paths = [("road", path) for path in ROADS.values()]
    paths += [("track", path) for path in TRACKS.values()]
    paths.append(("railroad", RAILWAY))
    return render_yaml(level, terrain_char, hexsides, paths, places, elevation_table(level))


def generate() -> dict[Path, str]:
    """Every file this script writes, built in memory: path -> text."""
    return {OUTPUT: render()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_check_option(parser)
    args = parser.parse_args(argv)
    if args.check:
        return check_files(generate())
    write_files(generate())
    return 0


# --- writing -----------------------------------------------------------------------------------

HEADER = """\
# Panzer Command: The Gateway to Stalingrad (Victory Games, 1984): the game's single fixed map.
#
# ORIGINAL DESIGN. The rules text Hexwright has omits the map art, its hex numbering and the
# scenarios. This map follows the book's structure, scale and named terrain and is drawn after
# the December 1942 battles on the lower Chir. Generated by tools/boards/panzer_command.py:
# edit the script, not this file.
#
# Hex IDs (a Hexwright decision; the book gives none): CCRR, column then row, printed without a
# section letter ("0815"). Columns 01-40 run west to east, rows 01-30 north to south; 0101 is
# the north-west corner. EVEN columns sit half a hex lower (0201 is south-east of 0101, 0202
# south of 0201), the usual hex-and-counter numbering. The edges follow the hexes' outline: one
# fixed map, no half-hexes (half_hex_edges: false); every column holds rows 01-30.
#
# Size: 40 x 30 = 1200 hexes, about 17 km east-west (columns 433 m apart) by 15 km north-south
# at 500 m a hex [2.1, 2.6]. Room for a division-sized fight, 1-5 regiments of companies a
# side [1, 2.6]: the Chir valley runs down the middle (river in columns 21-26), leaving 7-9 km
# of depth on each bank, several times the 8-hex sight limit [6.2], so a side can hold
# reserves out of view; roads and tracks give each side entry points on three edges
# (reinforcements [15], off-map artillery along its edge [14.5]).
#
# North is up. The Chir flows south through the middle toward its mouth on the Don (off the
# south edge). West of it, the high bank, is the German side; east of it, a wide flood plain
# rising in steps to the steppe, the Soviet side.
#
# Elevation: 20 m contours [2.6]; one level per hex, the higher where a hex shows two [6.3].
#   0  the Chir flood plain (and balka floors where they open into it)
#   1  the terraces above it; the Solonaja and Jeritschowka valleys and the balka floors
#   2  the open steppe plateau (the default)
#   3  the heights: Point 161's ridge, Point 148, Point 142
#   4  the summit of Point 161 (reading level 0 as about 80 m, level 4 is 160 m)
# Crest hexsides: the brow of the steep west-bank bluff over the valley, and the brows of the
# three heights. Embankment hexsides: the steep walls of the ten balkas, and the railway's fill
# across the flood plain (its hexes there stand one level up, at the terrace). Hexside features
# with a lower side are written lower hex first. The stream valleys are open, without walls.
# Bridges: four over the Chir (three road, one railway), three road bridges over the streams;
# tracks ford the streams and never cross the Chir.
#
"""


def elevation_table(level: dict[Hex, int]) -> list[str]:
    lines = ["# Elevation by hex (columns 01-40 across, rows down):"]
    tens = "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, COLUMNS + 1))
    lines.append("#    " + tens)
    for row in range(1, ROWS + 1):
        lines.append(
            f"# {row:02d} " + "".join(str(level[hx(c, row)]) for c in range(1, COLUMNS + 1))
        )
    return lines


def render_yaml(
    level: dict[Hex, int],
    terrain_char: dict[Hex, str],
    hexsides: list[tuple[str, list[str]]],
    paths: list[tuple[str, list[Hex]]],
    places: dict[str, list[Hex]],
    notes: list[str],
) -> str:
    out = [HEADER.rstrip("\n"), *notes, "#", "schema_version: 1", "system: panzer-command"]
    out += [
        "id: CHIR",
        'name: "Chir River front (Panzer Command map)"',
        "placeholder: >-",
        "  original Hexwright design: the Panzer Command text has no map art, hex IDs or",
        "  scenarios. Drawn in the book's structure and scale (500 m hexes, 20 m contours,",
        "  clear, town, woods, landmarks, crests, embankments, river, streams, bridges, roads,",
        "  tracks, railroad) after the December 1942 Chir River front west of Stalingrad:",
        "  Soviet 5th Tank Army crossings, 11th Panzer Division counterattacks, State Farm",
        "  (Sowchos) 79, Point 161. Village placement and all terrain detail are invented.",
        "grid:",
        "  columns: [1, 40]",
        "  rows: [1, 30]",
        "  lower_columns: even",
        "  half_hex_edges: false",
        "  placeholder: >-",
        "    Hexwright's choice: CCRR, columns 01-40 west to east, rows 01-30 north to south,",
        "    even columns half a hex lower, one fixed map with whole hexes on every edge",
        'printed_id: "{col:02d}{row:02d}"',
        "terrain:",
        "  legend:",
        '    ".": clear',
        '    "T": town',
        '    "W": woods',
        '    "L": landmark',
        "  map: |",
    ]
    for row in range(1, ROWS + 1):
        chars = "".join(terrain_char[hx(c, row)] for c in range(1, COLUMNS + 1))
        out.append(f"    {row:02d} {chars}")
    entries = [
        f'"{hid(h)}": {level[h]}'
        for row in range(1, ROWS + 1)
        for h in (hx(c, row) for c in range(1, COLUMNS + 1))
        if level[h] != 2
    ]
    out += ["elevation:", "  default: 2", "  hexes: {"]
    current = "    "
    for entry in entries:
        if len(current) + len(entry) + 2 > 100:
            out.append(current.rstrip())
            current = "    "
        current += entry + ", "
    out.append(current.rstrip().rstrip(",") + "}")
    out.append("hexsides:")
    for feature, sides in hexsides:
        out.append(f"  - feature: {feature}")
        out.append("    sides: " + flow_list(sorted(sides), "    "))
    out.append("paths:")
    for feature, path in paths:
        out.append(f"  - feature: {feature}")
        out.append("    hexes: " + flow_list([hid(h) for h in path], "    "))
    out.append("places:")
    for name, hexes in places.items():
        out.append(f'  "{name}": ' + flow_list([hid(h) for h in hexes], "  "))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
