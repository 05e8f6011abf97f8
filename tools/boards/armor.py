"""Generate Armor's geomorphic map sections J, K and L and check how they join.

Run from the repository root::

    .venv/bin/python -m tools.boards.armor            # write the three files, check joins
    .venv/bin/python -m tools.boards.armor --check    # write nothing; 1 if a file would change
    .venv/bin/python -m tools.boards.armor --joins    # write nothing; join check of the files
    .venv/bin/python -m tools.boards.armor --ascii --no-joins   # text views while designing

The book has no map art, so the sections are Hexwright's own designs in the book's structure
(docs/geometry.md): 40 columns by 12 rows, odd columns lower with half-hexes on the long edges,
printed terrain only (clear, scrub, rough, depression, soft; road, track and stream paths; crest
hexsides), two Center hexes, a Directional Hexagon and numbered soft areas [Intro III.A].

Everything is deterministic: the designs below are waypoints and seeded clumps, and the same
script writes the same bytes every time. Each design is also checked on its own: paths leave the
section only at the places below, roads cross streams at single hexes (bridges), rises are clear
of water and have no holes, soft areas lie within two hexes of a stream and are numbered 1..n,
and half-hexes stay clear so that the two halves of a seam hex always agree.

How the sections join. Every section leaves its roads and its stream at the same places, so any
section fits against any other:

* Long edges: roads cross the south edge at the half-hexes of columns 07, 21 and 35. At the north
  edge each road ends in the half-hex of the same column after passing through the half-hex two
  columns west (a one-hex jog along the edge). Stacked unturned sections meet column for column;
  a turned section (which the grid shifts by one column) meets south edge to south edge with the
  columns summing to 42 (07-35, 21-21) and north edge to north edge with the columns summing to
  40 (07-33, 21-19, 35-05), where the jog's first half-hex takes the road. The spacing of 14
  columns also makes the book's staggered layout K3813-J3801, J1412-L1436 join (J's 07 and 21
  against L's 21 and 07) and any stagger of 14 or 28 columns.
* Short ends: the stream leaves both ends in row 06 (relative to the section) and roads leave both
  ends in rows 03 and 09. End to end, a hex of column 40 touches rows r-1 and r of the next
  column 01; a turned neighbour pairs row r with 12-r or 13-r, so 06-06 and 03-09 meet.

The check at the end assembles every preset layout (all orders, every combination of turned
sections, edge-to-edge, end-to-end and staggered by several offsets) and the book's notations,
and counts, for each join, the ends of road, track and stream paths that stop at the join on one
side without the same feature continuing on the other.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.board import BoardSection  # noqa: E402
from model.boardtext import terrain_map_lines  # noqa: E402
from model.hexes import Hex  # noqa: E402
from model.joins import JoinType, layout_from_notation, notation_of, preset_layout  # noqa: E402
from model.layout import AssembledMap, LayoutError, assemble  # noqa: E402
from model.resources import read_board  # noqa: E402
from tools.boards.files import add_check_option, check_files, write_files  # noqa: E402

BOARDS = ROOT / "resources" / "armor" / "boards"
COLUMNS = 40
ROWS = 12  # full rows of the higher (even) columns
PATHS = ("road", "track", "stream")

# Where roads and streams leave every section (columns are odd: half-hexes on the long edges).
EDGE_ROAD_COLUMNS = (7, 21, 35)
END_ROAD_ROWS = (3, 9)
END_STREAM_ROW = 6

Cell = tuple[int, int]  # (column, row relative to the section: 0..12)
Point = Cell | tuple[int, int, str]  # a waypoint, optionally with a mode (see route)


# --- geometry ----------------------------------------------------------------------------------


def axial(cell: Cell) -> Hex:
    """The local axial hex of a (column, relative row); odd columns sit lower."""
    col, row = cell
    return Hex(col, row - (col - (col & 1)) // 2)


def cell_of(h: Hex) -> Cell:
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def on_section(cell: Cell) -> bool:
    col, row = cell
    if not 1 <= col <= COLUMNS:
        return False
    if col % 2:
        return 0 <= row <= ROWS
    return 1 <= row <= ROWS


def is_half(cell: Cell) -> bool:
    col, row = cell
    return col % 2 == 1 and row in (0, ROWS)


def is_rim(cell: Cell) -> bool:
    return is_half(cell) or any(not on_section(n) for n in neighbours(cell))


def neighbours(cell: Cell) -> list[Cell]:
    return [cell_of(n) for n in axial(cell).neighbors()]


def adjacent(a: Cell, b: Cell) -> bool:
    return axial(a).distance(axial(b)) == 1


def distance(a: Cell, b: Cell) -> int:
    return axial(a).distance(axial(b))


# Axial steps of the six compass directions, clockwise from north (docs/geometry.md).
_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def legs(a: Cell, b: Cell) -> list[tuple[int, int]]:
    """The straight runs from ``a`` to ``b``: (direction, count), the longer run first.

    Every hex vector is a sum of steps in two neighbouring directions, so a leg between two
    waypoints is at most two straight runs meeting at a gentle 60-degree bend.
    """
    ha, hb = axial(a), axial(b)
    dq, dr = hb.q - ha.q, hb.r - ha.r
    for d in range(6):
        (q1, r1), (q2, r2) = _STEPS[d], _STEPS[(d + 1) % 6]
        det = q1 * r2 - q2 * r1
        n1 = (dq * r2 - q2 * dr) // det
        n2 = (q1 * dr - dq * r1) // det
        if n1 >= 0 and n2 >= 0 and n1 * q1 + n2 * q2 == dq and n1 * r1 + n2 * r2 == dr:
            runs = [(d, n1), ((d + 1) % 6, n2)]
            runs.sort(key=lambda run: -run[1])
            return [run for run in runs if run[1]]
    return []


def route(points: Sequence[Point]) -> list[Cell]:
    """A path through waypoints; each leg is one or two straight runs along hex rows.

    A waypoint written ``(col, row, "x")`` takes the shorter run first on the leg to it, and
    ``(col, row, "z")`` alternates the two directions (the straightest way along a row).
    """
    first = points[0]
    cells: list[Cell] = [(first[0], first[1])]
    for point in points[1:]:
        target = (point[0], point[1])
        runs = legs(cells[-1], target)
        mode = point[2] if len(point) > 2 else ""
        if mode == "x":
            runs.reverse()
        steps = [d for d, n in runs for _ in range(n)]
        if mode == "z" and len(runs) == 2:
            (d1, n1), (d2, n2) = runs
            steps = []
            while n1 or n2:
                if n1 and n1 >= n2:
                    steps.append(d1)
                    n1 -= 1
                if n2:
                    steps.append(d2)
                    n2 -= 1
        h = axial(cells[-1])
        for d in steps:
            h = h.neighbor(d)
            cells.append(cell_of(h))
    return cells


def north_jog(col: int, inward: Cell) -> list[Point]:
    """A road's end at the north edge: the half-hex ``col`` after the half-hex ``col - 2``."""
    return [(col, 0), (col - 1, 1), (col - 2, 0), inward]


# --- design ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clump:
    """A patch of terrain grown from a seed hex: ``size`` hexes, compact, deterministic."""

    seed: int
    start: Cell
    size: int
    extra: tuple[Cell, ...] = ()  # hexes added by hand
    drop: tuple[Cell, ...] = ()  # hexes removed by hand


@dataclass(frozen=True)
class Gully:
    """Depression along a stream: its hexes between two columns, widened by ``widen`` hexes."""

    seed: int
    columns: tuple[int, int]
    widen: int = 0
    stream: int = 0


@dataclass
class Design:
    letter: str
    first_row: int  # printed row of the section's first full row
    character: str
    roads: list[list[Point]]
    tracks: list[list[Point]]
    streams: list[list[Point]]
    rises: list[Clump]
    scrub: list[Clump]
    rough: list[Clump]
    depressions: list[Gully]
    soft: list[Clump]
    directional: Cell
    center: tuple[Cell, Cell] = ((20, 6), (21, 6))
    notes: list[str] = field(default_factory=list)

    def printed(self, cell: Cell) -> str:
        col, row = cell
        return f"{col:02d}{row + self.first_row - 1:02d}"


def grow(clump: Clump, allowed: set[Cell]) -> set[Cell]:
    """Grow a compact patch inside ``allowed`` from ``clump.start`` and the ``extra`` hexes."""
    rng = random.Random(clump.seed)
    seeds = {c for c in clump.extra if c in allowed}
    if allowed and clump.size > 0:
        seeds.add(min(allowed, key=lambda c: (distance(c, clump.start), c)))
    patch = set(seeds)
    while len(patch) < clump.size:
        frontier = sorted(
            {n for c in patch for n in neighbours(c) if n in allowed and n not in patch}
        )
        if not frontier:
            break
        weights = [sum(1 for n in neighbours(f) if n in patch) ** 2 for f in frontier]
        patch.add(rng.choices(frontier, weights=weights)[0])
    return patch - set(clump.drop)


@dataclass
class Built:
    design: Design
    terrain: dict[Cell, str]
    paths: list[tuple[str, list[Cell]]]
    crest: list[tuple[Cell, Cell]]
    rises: list[set[Cell]]
    soft_areas: list[set[Cell]]


def build(design: Design) -> Built:
    cells = [(c, r) for c in range(1, COLUMNS + 1) for r in range(ROWS + 1) if on_section((c, r))]
    paths: list[tuple[str, list[Cell]]] = []
    for feature, routes in (
        ("stream", design.streams),
        ("road", design.roads),
        ("track", design.tracks),
    ):
        for points in routes:
            paths.append((feature, route(points)))
    for feature, path in paths:
        for a, b in itertools.pairwise(path):
            if not (on_section(a) and on_section(b) and adjacent(a, b)):
                raise SystemExit(f"{design.letter}: {feature} step {a}->{b} is not on the section")
    on_path = {f: {c for g, p in paths if g == f for c in p} for f in PATHS}
    wet = on_path["stream"]
    near_wet = wet | {n for c in wet for n in neighbours(c)}
    interior = {c for c in cells if not is_rim(c)}

    terrain = dict.fromkeys(cells, "clear")
    whole = {c for c in cells if not is_half(c)}  # a seam hex is two halves: keep them clear
    rises = [grow(r, interior - near_wet - on_path["road"]) for r in design.rises]
    for clump in design.scrub:
        for c in grow(clump, whole):
            terrain[c] = "scrub"
    for clump in design.rough:
        for c in grow(clump, whole - wet):
            terrain[c] = "rough"
    streams = [p for f, p in paths if f == "stream"]
    for gully in design.depressions:
        lo, hi = gully.columns
        bed = tuple(c for c in streams[gully.stream] if lo <= c[0] <= hi)
        clump = Clump(gully.seed, bed[0], len(bed) + gully.widen, extra=bed)
        for c in grow(clump, whole - on_path["road"] - on_path["track"]):
            terrain[c] = "depression"
    soft_areas = []
    for clump in design.soft:
        area = grow(clump, whole - wet - on_path["road"] - on_path["track"])
        soft_areas.append(area)
        for c in area:
            terrain[c] = "soft"
    for c in on_path["road"] | on_path["track"]:
        if terrain[c] in ("rough", "soft"):
            terrain[c] = "clear"

    crossings = set()
    for _, path in paths:
        for a, b in itertools.pairwise(path):
            crossings.add(frozenset((a, b)))
    crest: list[tuple[Cell, Cell]] = []
    for rise in rises:
        for c in sorted(rise):
            for n in neighbours(c):
                if n not in rise and frozenset((c, n)) not in crossings:
                    crest.append((n, c))  # lower hex first
    return Built(design, terrain, paths, crest, rises, soft_areas)


# --- the three sections ------------------------------------------------------------------------

# fmt: off
J = Design(
    letter="J",
    first_row=1,
    character="J, the heights: farmland below a long crest-ringed ridge, a rocky knoll and a "
    "hillock; the brook winds along the south in a shallow valley",
    streams=[
        [
            (1, 6), (3, 7), (5, 7), (9, 9), (11, 10), (13, 10), (15, 11), (17, 10),
            (19, 10), (21, 9), (23, 9), (25, 10), (27, 11), (31, 10), (40, 6),
        ],
    ],
    roads=[
        # main road: west end row 03 to the crossroads by the Center hexes, on to the east road
        [(1, 3), (6, 3, "z"), (12, 6), (16, 4), (21, 4, "z")],
        [(21, 5), (25, 7), (33, 7, "z")],
        # centre road: north 21 through the crossroads and over the brook to south 21
        [*north_jog(21, (19, 1)), (19, 2), (21, 3), (21, 12)],
        # west road: north 07 over the brook to south 07; the lane from the west end row 09
        [*north_jog(7, (5, 1)), (6, 2), (6, 10), (7, 11), (7, 12)],
        [(1, 9), (6, 10, "z")],
        # east road: north 35 past the ridge, one bridge, then south 35 and the east end row 09
        [*north_jog(35, (33, 1)), (33, 9), (35, 10), (35, 12)],
        [(40, 3), (33, 3, "z")],
        [(35, 10), (40, 9, "z")],
    ],
    tracks=[
        [(21, 3), (24, 3), (27, 4)],
        [(12, 6), (15, 7), (16, 7)],
        [(21, 11), (24, 11, "z")],
    ],
    rises=[
        Clump(
            11, (28, 4), 20, extra=((25, 4), (26, 3), (27, 3), (28, 3), (29, 3), (30, 3), (31, 4))
        ),
        Clump(12, (11, 3), 7),
        Clump(13, (16, 8), 5),
    ],
    scrub=[
        Clump(21, (25, 5), 6),
        Clump(22, (31, 11), 7),
        Clump(23, (15, 3), 7),
        Clump(24, (2, 11), 5),
        Clump(25, (38, 5), 6),
        Clump(26, (17, 8), 4),
        Clump(27, (9, 7), 4),
        Clump(28, (36, 2), 4),
        Clump(29, (27, 9), 4),
        Clump(20, (18, 12), 3),
        Clump(19, (30, 6), 3),
    ],
    rough=[
        Clump(31, (28, 3), 6),
        Clump(32, (11, 3), 4),
        Clump(33, (3, 5), 4),
        Clump(34, (13, 8), 3),
        Clump(35, (38, 8), 3),
        Clump(36, (23, 8), 2),
    ],
    depressions=[Gully(41, (7, 12), 3)],
    soft=[Clump(51, (13, 11), 5), Clump(52, (25, 11), 4), Clump(53, (3, 8), 3)],
    directional=(38, 11),
)

K = Design(
    letter="K",
    first_row=13,
    character="K, the crossroads: a village site where the roads meet at the Center hexes; "
    "the brook runs in a sunken bed south of it, a long terrace to the east",
    streams=[
        [
            (1, 6), (3, 6), (5, 7), (7, 7), (9, 8), (12, 8), (14, 9), (17, 9), (19, 10),
            (22, 10), (24, 9), (27, 9), (29, 8), (32, 8), (34, 7), (37, 7), (40, 6),
        ],
    ],
    roads=[
        # main road: west end row 09, bridge, through the village to the east end row 03
        [(1, 9), (5, 10, "z"), (10, 9, "z"), (12, 8), (16, 6), (20, 5)],
        [(20, 5), (23, 4), (26, 3), (33, 3, "z"), (40, 3, "z")],
        # north 21 into the village, and out of it south over the brook to south 21
        [*north_jog(21, (19, 1)), (19, 4), (20, 5)],
        [(20, 5), (21, 5), (21, 12)],
        # north 07 runs down to the village; the lane from the west end row 03 joins it
        [*north_jog(7, (5, 1)), (13, 5), (16, 6)],
        [(1, 3), (9, 3, "z")],
        # south 07 leaves the main road west of the bridge
        [(10, 9), (8, 10), (7, 11), (7, 12)],
        # north 35 crosses the main road and the brook to south 35; lane to the east end row 09
        [*north_jog(35, (33, 1)), (33, 9), (35, 10), (35, 12)],
        [(35, 10), (40, 9, "z")],
    ],
    tracks=[
        [(21, 11), (25, 11, "z"), (29, 11, "z")],
        [(26, 3), (28, 5)],
        [(13, 5), (14, 3), (16, 2)],
    ],
    rises=[
        Clump(111, (28, 6), 9, extra=((26, 6), (27, 6), (29, 6), (30, 5))),
        Clump(112, (4, 4), 5),
        Clump(113, (16, 11), 6),
    ],
    scrub=[
        Clump(121, (12, 10), 6),
        Clump(122, (24, 11), 5),
        Clump(123, (31, 6), 4),
        Clump(124, (3, 11), 5),
        Clump(125, (38, 4), 5),
        Clump(126, (16, 3), 5),
        Clump(127, (9, 5), 4),
        Clump(128, (37, 11), 3),
        Clump(129, (24, 2), 4),
        Clump(120, (32, 11), 3),
    ],
    rough=[
        Clump(131, (4, 4), 3),
        Clump(132, (28, 5), 3),
        Clump(133, (17, 11), 3),
        Clump(134, (25, 7), 2),
        Clump(135, (29, 2), 3),
    ],
    depressions=[Gully(141, (14, 20), 4), Gully(142, (24, 27), 2)],
    soft=[Clump(151, (5, 8), 4), Clump(152, (30, 9), 4), Clump(153, (38, 6), 3)],
    directional=(38, 11),
)

L = Design(
    letter="L",
    first_row=25,
    character="L, the wet meadows: the brook winds through soft low ground and scrub and is "
    "bridged only twice; one island of higher ground",
    streams=[
        [
            (1, 6), (3, 6), (5, 7), (7, 8), (10, 8), (12, 7), (14, 7), (16, 8), (19, 8),
            (21, 9), (23, 10), (24, 11), (26, 11), (28, 10), (35, 6), (37, 5), (40, 6),
        ],
    ],
    roads=[
        # north: the west end row 03 and north 07 meet and run to the west bridge with north 21
        [(1, 3), (7, 3, "z")],
        [*north_jog(7, (5, 1)), (7, 3), (11, 4), (14, 7)],
        [*north_jog(21, (19, 1)), (19, 2), (15, 5), (14, 6)],
        # south of the west bridge: to south 07 with the west end row 09, and to south 21
        [(14, 7), (14, 9), (10, 10), (7, 11), (7, 12)],
        [(1, 9), (7, 11, "z")],
        [(14, 9), (17, 10), (20, 10, "z"), (21, 11), (21, 12)],
        # east: north 35 and the east end row 03 meet, one bridge, south 35 and east end 09
        [*north_jog(35, (33, 1)), (33, 3), (31, 4), (31, 9), (33, 10), (35, 11), (35, 12)],
        [(40, 3), (33, 3, "z")],
        [(33, 10), (40, 9, "z")],
    ],
    tracks=[
        [(19, 2), (24, 3), (29, 3, "z"), (33, 3)],
        [(21, 11), (23, 11, "z")],
    ],
    rises=[Clump(211, (25, 6), 9, extra=((23, 6), (24, 6), (26, 6), (27, 6)))],
    scrub=[
        Clump(221, (4, 5), 6),
        Clump(222, (28, 12), 4),
        Clump(223, (30, 10), 6),
        Clump(224, (38, 3), 5),
        Clump(225, (16, 2), 4),
        Clump(226, (10, 6), 5),
        Clump(227, (18, 6), 4),
        Clump(228, (22, 2), 3),
        Clump(229, (3, 11), 4),
    ],
    rough=[Clump(231, (25, 6), 3)],
    depressions=[Gully(241, (33, 37), 2)],
    soft=[
        Clump(251, (8, 7), 6),
        Clump(252, (17, 9), 6),
        Clump(253, (25, 10), 7),
        Clump(254, (28, 9), 4),
        Clump(255, (36, 6), 5),
        Clump(256, (11, 9), 4),
    ],
    directional=(38, 11),
)

# fmt: on

DESIGNS = (J, K, L)


# --- checks on one section ---------------------------------------------------------------------


def section_problems(built: Built) -> list[str]:
    """Design rules: edge exits, bridges, rises clear of water, soft ground near water."""
    d = built.design
    problems: list[str] = []
    exits: dict[str, set[Cell]] = {f: set() for f in PATHS}
    degree: dict[str, dict[Cell, int]] = {f: {} for f in PATHS}
    for feature, path in built.paths:
        for a, b in itertools.pairwise(path):
            degree[feature][a] = degree[feature].get(a, 0) + 1
            degree[feature][b] = degree[feature].get(b, 0) + 1
    for feature in PATHS:
        exits[feature] = {c for c, n in degree[feature].items() if n == 1 and is_rim(c)}
    want_road = {(c, ROWS) for c in EDGE_ROAD_COLUMNS} | {(c, 0) for c in EDGE_ROAD_COLUMNS}
    want_road |= {(1, r) for r in END_ROAD_ROWS} | {(COLUMNS, r) for r in END_ROAD_ROWS}
    want = {
        "road": want_road,
        "stream": {(1, END_STREAM_ROW), (COLUMNS, END_STREAM_ROW)},
        "track": set(),
    }
    for feature in PATHS:
        if exits[feature] != want[feature]:
            extra = sorted(exits[feature] - want[feature])
            missing = sorted(want[feature] - exits[feature])
            problems.append(f"{d.letter} {feature} exits: extra {extra}, missing {missing}")
    halves_ok = {(c - 2, 0) for c in EDGE_ROAD_COLUMNS} | want_road
    for feature, path in built.paths:
        for c in path:
            if is_half(c) and c not in halves_ok:
                problems.append(f"{d.letter} {feature} touches the half-hex {d.printed(c)}")
    water = {c for f, p in built.paths if f == "stream" for c in p}
    for feature, path in built.paths:
        if feature == "stream":
            continue
        shared = [i for i, c in enumerate(path) if c in water]
        for i, j in itertools.pairwise(shared):
            if j == i + 1:
                problems.append(f"{d.letter} {feature} runs along the stream at {path[i]}")
    everywhere = set(built.terrain)
    for rise in built.rises:
        if rise & water:
            problems.append(f"{d.letter} a rise holds stream hexes")
        outside = {c for c in everywhere - rise if is_rim(c)}
        queue = list(outside)
        while queue:
            for nb in neighbours(queue.pop()):
                if nb in everywhere and nb not in rise and nb not in outside:
                    outside.add(nb)
                    queue.append(nb)
        if everywhere - rise - outside:
            problems.append(f"{d.letter} the rise at {d.printed(min(rise))} has a hole")
    for c in d.center:
        if built.terrain[c] != "clear" or c in water:
            problems.append(f"{d.letter} Center hex {d.printed(c)} is not clear ground")
    for n, area in enumerate(built.soft_areas, 1):
        if not area:
            problems.append(f"{d.letter} soft area {n} is empty")
        elif min(distance(a, w) for a in area for w in water) > 2:
            problems.append(f"{d.letter} soft area {n} is far from water")
    soft = {c for c, t in built.terrain.items() if t == "soft"}
    if soft != set().union(*built.soft_areas):
        problems.append(f"{d.letter} soft hexes and soft areas differ")
    if len(built.soft_areas) > 9:
        problems.append(f"{d.letter} has more than 9 soft areas")
    roads = {c for f, p in built.paths if f in ("road", "track") for c in p}
    if d.directional in roads | water:
        problems.append(f"{d.letter} Directional Hexagon on a road or stream")
    return problems


def ascii_map(built: Built) -> str:
    """A quick text view of a section for designing (odd columns sit half a row lower)."""
    d = built.design
    marks: dict[Cell, str] = {}
    for c, t in built.terrain.items():
        marks[c] = LEGEND[t]
    for rise in built.rises:
        for c in rise:
            marks[c] = "^" if marks[c] == "." else marks[c].upper()
    kinds: dict[Cell, set[str]] = {}
    for feature, path in built.paths:
        for c in path:
            kinds.setdefault(c, set()).add(feature)
    for c, k in kinds.items():
        if "stream" in k:
            marks[c] = "#" if k - {"stream"} else "~"
        elif "road" in k:
            marks[c] = "="
        else:
            marks[c] = ":"
    for c in d.center:
        marks[c] = "*"
    marks[d.directional] = "D"
    head = "   " + "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, COLUMNS + 1))
    lines = [head]
    for row in range(ROWS + 1):
        line = "".join(marks.get((c, row), " ") for c in range(1, COLUMNS + 1))
        lines.append(f"{row:02d} {line}")
    return "\n".join(lines)


# --- writing -----------------------------------------------------------------------------------

LEGEND = {"clear": ".", "scrub": "s", "rough": "r", "depression": "d", "soft": "f"}
GRID_NOTE = (
    "40 x 12 hexes, odd columns lower: read from the IDs in Armor [Intro III.A] and the ranges "
    "in [AG VI.C]; see docs/geometry.md"
)


def _quoted(items: Iterable[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def board_text(built: Built) -> str:
    d = built.design
    p = d.printed
    last_row = d.first_row + ROWS - 1
    lines = [
        "# Generated by tools/boards/armor.py; edit the design there, not this file.",
        f"# {d.character}",
        "schema_version: 1",
        "system: armor",
        f"id: {d.letter}",
        f"name: Section {d.letter}",
        f'placeholder: "Hexwright design of section {d.letter}: the book has no map art; '
        f'terrain types and map structure follow Armor [Intro III.A]"',
        "grid:",
        f"  columns: [1, {COLUMNS}]",
        f"  rows: [{d.first_row}, {last_row}]",
        "  lower_columns: odd",
        "  half_hex_edges: true",
        "  paths_cross_ends: true",
        f'  placeholder: "{GRID_NOTE}"',
        'printed_id: "{section}{col:02d}{row:02d}"',
        "directional_hexagon:",
        f'  hex: "{p(d.directional)}"',
        "  direction_1: N",
        "  numbering: clockwise",
        f"center_hexes: {_quoted(p(c) for c in d.center)}",
        "terrain:",
        "  legend:",
        *(f'    "{ch}": {name}' for name, ch in LEGEND.items()),
        "  map: |",
    ]
    lines += terrain_map_lines(
        range(ROWS + 1),
        range(1, COLUMNS + 1),
        lambda col, row: LEGEND[built.terrain[(col, row)]] if on_section((col, row)) else None,
        lambda row: row + d.first_row - 1,
    )
    lines.append("hexsides:")
    lines.append("  - feature: crest")
    lines.append(f"    sides: {_quoted(f'{p(a)}/{p(b)}' for a, b in built.crest)}")
    lines.append("paths:")
    for feature, path in built.paths:
        lines.append(f"  - feature: {feature}")
        lines.append(f"    hexes: {_quoted(p(c) for c in path)}")
    lines.append("soft_areas:")
    for n, area in enumerate(built.soft_areas, 1):
        lines.append(f"  {n}: {_quoted(p(c) for c in sorted(area))}")
    return "\n".join(lines) + "\n"


# --- the join check ----------------------------------------------------------------------------


def path_degrees(section: BoardSection, feature: str) -> dict[Hex, int]:
    degree: dict[Hex, int] = {}
    for side, features in section.path_features.items():
        if feature in features:
            for h in side.hexes:
                degree[h] = degree.get(h, 0) + 1
    return degree


def join_ends(amap: AssembledMap) -> dict[tuple[str, str], dict[str, list[int]]]:
    """Per join (pair of labels) and feature: [ends at the join, ends left loose].

    An end is a hex where a section's path stops. It is at a join when it is a seam hex or a
    whole hex that a hex of another section touches across the section's outline (a half-hex
    left unpaired is the map's edge, even where a corner of another section touches it in a
    staggered layout). It is loose unless the other section's path of the same feature passes
    through that seam hex, or through one of the hexes touching it across a short end.
    """
    degrees = [{f: path_degrees(amap.section_of(p), f) for f in PATHS} for p in amap.placements]
    on_path = [
        {f: {p.to_global(h) for h in deg[f]} for f in PATHS}
        for p, deg in zip(amap.placements, degrees, strict=True)
    ]
    result: dict[tuple[str, str], dict[str, list[int]]] = {}
    for i, (placement, deg) in enumerate(zip(amap.placements, degrees, strict=True)):
        section = amap.section_of(placement)
        for feature in PATHS:
            for local, n in deg[feature].items():
                if n != 1 or local not in section.rim:
                    continue
                g = placement.to_global(local)
                mh = amap.hexes[g]
                if mh.is_seam:
                    others = {p.placement for p in mh.parts if p.placement != i}
                    touching = {j: {g} for j in others}
                elif mh.is_edge_half:
                    continue  # a half-hex that no other section completes: the map's edge
                else:
                    touching = {}
                    for nb in g.neighbors():
                        other = amap.hexes.get(nb)
                        if other is None:
                            continue
                        for part in other.parts:
                            if part.placement != i:
                                touching.setdefault(part.placement, set()).add(nb)
                for j, hexes in touching.items():
                    key = tuple(sorted((placement.name, amap.placements[j].name)))
                    counts = result.setdefault((key[0], key[1]), {f: [0, 0] for f in PATHS})
                    counts[feature][0] += 1
                    if not hexes & on_path[j][feature]:
                        counts[feature][1] += 1
    return result


@dataclass
class Report:
    title: str
    layouts: int = 0
    clean: int = 0
    ends: dict[str, list[int]] = field(default_factory=lambda: {f: [0, 0] for f in PATHS})
    failed: list[str] = field(default_factory=list)
    worst: list[tuple[int, str]] = field(default_factory=list)

    def add(self, amap: AssembledMap, name: str) -> None:
        self.layouts += 1
        total = 0
        for counts in join_ends(amap).values():
            for f, (ends, loose) in counts.items():
                self.ends[f][0] += ends
                self.ends[f][1] += loose
                total += loose
        if total == 0:
            self.clean += 1
        else:
            self.worst.append((total, name))

    def line(self) -> str:
        ends = ", ".join(f"{f} {loose}/{n}" for f, (n, loose) in self.ends.items() if n)
        text = f"{self.title}: {self.clean}/{self.layouts} layouts with no loose end"
        text += f"; loose/ends at joins: {ends or 'none'}"
        if self.failed:
            text += f"; {len(self.failed)} not assembled"
        return text


def check(sections: dict[str, BoardSection], verbose: bool = False) -> list[Report]:
    labels = ("J", "K", "L")
    orders = list(itertools.permutations(labels))
    flip_sets = [
        tuple(x for x, on in zip(labels, bits, strict=True) if on)
        for bits in itertools.product((False, True), repeat=3)
    ]
    reports = []

    def run(title: str, join: JoinType, stagger: int = 0, flips: bool = True) -> None:
        report = Report(title)
        for order in orders:
            for flipped in flip_sets if flips else [()]:
                name = f"{join.value} {''.join(order)} turned {''.join(flipped) or '-'}"
                try:
                    placements = preset_layout(join, order, sections, flipped, stagger)
                    amap = assemble(placements, sections)
                except LayoutError:
                    report.failed.append(name)
                    continue
                report.add(amap, f"{name}: {notation_of(amap)}")
        reports.append(report)

    run("edge-to-edge, all orders, unturned", JoinType.EDGE_TO_EDGE, flips=False)
    run("edge-to-edge, all orders x all turns", JoinType.EDGE_TO_EDGE)
    run("end-to-end, all orders, unturned", JoinType.END_TO_END, flips=False)
    run("end-to-end, all orders x all turns", JoinType.END_TO_END)
    for stagger in (14, -14, 28, -28, 10, 7, 20):
        run(f"staggered {stagger:+d} columns, all orders x all turns", JoinType.STAGGERED, stagger)
    for text in ("K3813-J3801, J1412-L1436", "J1412-K3824"):
        report = Report(f"notation {text}")
        amap = assemble(layout_from_notation(text, sections), sections)
        report.add(amap, text)
        reports.append(report)
    for report in reports:
        print(report.line())
        if verbose:
            for total, name in sorted(report.worst, reverse=True)[:3]:
                print(f"    {total} loose: {name}")
    return reports


def load_sections() -> dict[str, BoardSection]:
    return {
        letter: read_board((BOARDS / f"{letter}.yaml").read_text(encoding="utf-8"), letter)
        for letter in ("J", "K", "L")
    }


def generate() -> dict[Path, str]:
    """Every file this script writes, built in memory: path -> text."""
    return {BOARDS / f"{d.letter}.yaml": board_text(build(d)) for d in DESIGNS}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_check_option(parser)
    parser.add_argument(
        "--joins", action="store_true", help="write nothing; check how the files on disk join"
    )
    parser.add_argument("--no-joins", action="store_true", help="write without the join check")
    parser.add_argument("--ascii", action="store_true", help="print a text view of each section")
    parser.add_argument("-v", "--verbose", action="store_true", help="name the worst layouts")
    args = parser.parse_args(argv)
    if args.check:
        return check_files(generate())
    problems: list[str] = []
    if not args.joins:
        files: dict[Path, str] = {}
        for design in DESIGNS:
            built = build(design)
            problems += section_problems(built)
            if args.ascii:
                print(ascii_map(built))
                share = sum(t != "clear" for t in built.terrain.values()) / len(built.terrain)
                print(f"{design.letter}: {share:.0%} of the hexes are not clear")
            files[BOARDS / f"{design.letter}.yaml"] = board_text(built)
        write_files(files)
    for p in problems:
        print("design:", p)
    if not args.no_joins:
        check(load_sections(), args.verbose)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
