"""Generate Soldiers' four geomorphic maps A, B, C and D and check them against the book.

Run from the repository root::

    .venv/bin/python -m tools.boards.soldiers            # write the four files, print the checks
    .venv/bin/python -m tools.boards.soldiers --check    # write nothing; 1 if a file would change
    .venv/bin/python -m tools.boards.soldiers --report   # write nothing; only print the checks

The book has no map art, so the maps are Hexwright's own designs in the book's structure
(Soldiers [2.2]): 25 columns by 19 rows (the highest IDs the book cites are D/2515 and B/1119),
odd columns lower (the neighbours in [6.44], [7.25] and [10.6]), half-hexes on the north and
south edges [7.21], nine zones per map with the map edges as zone boundaries [2.22], a scatter
indicator numbered 1 = N clockwise [17.4], and only the terrain of the terrain key [2.24]:
clear, broken, brush, woods, building, water, pond and bridge hexes, road paths, and hedge, wall
and ridge hexsides. Everything the scenarios name is placed where the book puts it.

Everything is deterministic: the designs below are hand-placed features plus seeded hedgerow
fields, and the same script writes the same bytes every time.

Zones as printed (north up; a scenario may turn a map half a turn):

* C, the town on the river: ``3 2 1 / 6 5 4 / 9 8 7``. The river splits the map: zones 1, 2, 3,
  5 and 6 are exactly the land north of it, 4, 7, 8 and 9 hold the land south of it, the water
  and the two bridges. Scenario 10 ("zone 7 is in the northwest corner") turns the map.
* D, farms on a creek: ``1 2 3 / 4 5 6 / 7 8 9``, all the water in zone 1. Scenario 21 ("zone
  7 is in the northeast corner", a US offensive "to the east, across the river") turns it.
* B, the crossroads and the pond: ``7 8 9 / 4 5 6 / 1 2 3``; zone 5 reaches the west edge so
  that scenario 23's flank reinforcements can enter "in zone 3 or 5".
* A, the stream and the intersection: ``7 8 9 / 4 5 6 / 1 2 3``.

Where the maps meet (checked at the end): the road leaving C's north edge in column 09 meets the
roads leaving D's and B's south edges in column 09 (scenarios 20 and 22); C's road to the south
edge in column 17 meets B's in a turned C (26); A's stream and road leave its east edge where
B's enter its west edge (24); D's creek and ford road leave its north edge where A's stream and
road reach A's south edge, and the creek leaves D's west edge where the river leaves a turned C
(26).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.board import BoardSection  # noqa: E402
from model.boardtext import terrain_map_lines  # noqa: E402
from model.hexes import Hex, hex_line  # noqa: E402
from model.joins import JoinType, preset_layout  # noqa: E402
from model.layout import LayoutError, SectionPlacement, assemble  # noqa: E402
from model.resources import read_board  # noqa: E402
from tools.boards.files import add_check_option, check_files, write_files  # noqa: E402

BOARDS = ROOT / "resources" / "soldiers" / "boards"
COLUMNS = 25
ROWS = 19  # full rows of the higher (even) columns; odd columns run from half-hex 00 to 19

Cell = tuple[int, int]  # printed (column, row)
Side = frozenset[Cell]

SQRT3 = math.sqrt(3.0)


# --- geometry ----------------------------------------------------------------------------------


def on_map(cell: Cell) -> bool:
    col, row = cell
    if not 1 <= col <= COLUMNS:
        return False
    if col % 2:
        return 0 <= row <= ROWS
    return 1 <= row <= ROWS


def all_cells() -> list[Cell]:
    return [(c, r) for c in range(1, COLUMNS + 1) for r in range(ROWS + 1) if on_map((c, r))]


def is_half(cell: Cell) -> bool:
    col, row = cell
    return col % 2 == 1 and row in (0, ROWS)


def axial(cell: Cell) -> Hex:
    """The local axial hex of a printed (column, row); odd columns sit lower."""
    col, row = cell
    return Hex(col, row - (col - (col & 1)) // 2)


def cell_of(h: Hex) -> Cell:
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours, clockwise from north (some may be off the map)."""
    return [cell_of(n) for n in axial(cell).neighbors()]


def on_neighbours(cell: Cell) -> list[Cell]:
    return [n for n in neighbours(cell) if on_map(n)]


def adjacent(a: Cell, b: Cell) -> bool:
    return axial(a).distance(axial(b)) == 1


def distance(a: Cell, b: Cell) -> int:
    return axial(a).distance(axial(b))


def centre(cell: Cell) -> tuple[float, float]:
    h = axial(cell)
    return 1.5 * h.q, SQRT3 * (h.r + h.q / 2)


def route(points: Sequence[Cell]) -> list[Cell]:
    """A path through waypoints, straight hex lines between them."""
    cells: list[Cell] = [points[0]]
    for a, b in itertools.pairwise(points):
        for h in hex_line(axial(a), axial(b))[1:]:
            cells.append(cell_of(h))
    return cells


def side(a: Cell, b: Cell) -> Side:
    if not adjacent(a, b):
        raise SystemExit(f"{a} and {b} are not adjacent")
    return frozenset((a, b))


def ident(cell: Cell) -> str:
    return f"{cell[0]:02d}{cell[1]:02d}"


def cell(text: str) -> Cell:
    return int(text[:2]), int(text[2:])


def cells(text: str) -> list[Cell]:
    """``"1710 1811 1911"`` as cells."""
    return [cell(t) for t in text.split()]


def ring_sides(area: Iterable[Cell]) -> set[Side]:
    """The hexsides around a group of hexes (its outline on the map)."""
    group = set(area)
    return {side(c, n) for c in group for n in on_neighbours(c) if n not in group}


def flood(start: Iterable[Cell], allowed: set[Cell], blocked: set[Side] | None = None) -> set[Cell]:
    seen = {c for c in start if c in allowed}
    queue = deque(sorted(seen))
    while queue:
        c = queue.popleft()
        for n in on_neighbours(c):
            if n in allowed and n not in seen and (not blocked or side(c, n) not in blocked):
                seen.add(n)
                queue.append(n)
    return seen


# --- a map being designed ----------------------------------------------------------------------


@dataclass
class Design:
    letter: str
    title: str
    scatter: Cell
    terrain: dict[Cell, str] = field(default_factory=lambda: dict.fromkeys(all_cells(), "clear"))
    hexsides: dict[str, set[Side]] = field(
        default_factory=lambda: {"hedge": set(), "wall": set(), "ridge": set()}
    )
    roads: list[list[Cell]] = field(default_factory=list)
    zones: dict[int, set[Cell]] = field(default_factory=dict)
    places: dict[str, list[Cell]] = field(default_factory=dict)
    crossings: set[Cell] = field(default_factory=set)  # water hexes a road may cross
    notes: list[str] = field(default_factory=list)

    def paint(self, area: Iterable[Cell], terrain: str) -> None:
        for c in area:
            if not on_map(c):
                raise SystemExit(f"{self.letter}: {ident(c)} is off the map")
            self.terrain[c] = terrain

    def road(self, *points: Cell) -> list[Cell]:
        path = route(points)
        for c in path:
            if not on_map(c):
                raise SystemExit(f"{self.letter}: road through {ident(c)} leaves the map")
        self.roads.append(path)
        return path

    def road_cells(self) -> set[Cell]:
        return {c for p in self.roads for c in p}

    def road_sides(self) -> set[Side]:
        return {side(a, b) for p in self.roads for a, b in itertools.pairwise(p)}

    def of(self, terrain: str) -> set[Cell]:
        return {c for c, t in self.terrain.items() if t == terrain}

    def place(self, name: str, area: Iterable[Cell]) -> None:
        self.places[name] = sorted(area)


def grow(rng: random.Random, start: Cell, size: int, allowed: set[Cell]) -> set[Cell]:
    """A compact patch of ``size`` hexes grown from ``start`` inside ``allowed``."""
    patch = {start} if start in allowed else set()
    while patch and len(patch) < size:
        frontier = sorted(
            {n for c in patch for n in on_neighbours(c) if n in allowed and n not in patch}
        )
        if not frontier:
            break
        weights = [sum(1 for n in on_neighbours(f) if n in patch) ** 2 for f in frontier]
        patch.add(rng.choices(frontier, weights=weights)[0])
    return patch


def bocage(
    d: Design,
    area: set[Cell],
    seeds: Sequence[Cell],
    seed: int,
    gaps: float = 0.06,
    lanes: float = 0.75,
) -> None:
    """Hedgerow fields over ``area``: each hex joins its nearest seed; hedges grow where two
    fields meet and, with chance ``lanes``, between a field and a road or the water. A share
    ``gaps`` of the hedge sides are left open (gates and gaps)."""
    rng = random.Random(seed)
    area = area - d.road_cells()
    jitter = {c: rng.random() * 0.45 for c in all_cells()}
    owner: dict[Cell, int] = {}
    for c in sorted(area):
        owner[c] = min(range(len(seeds)), key=lambda i: (distance(c, seeds[i]) + jitter[c], i))
    roads = d.road_cells()
    water = d.of("water") | d.of("bridge") | d.of("pond")
    found: set[Side] = set()
    for c in sorted(area):
        for n in on_neighbours(c):
            if (n in area and owner[n] != owner[c] and c not in roads and n not in roads) or (
                n not in area
                and (n in roads or n in water)
                and c not in roads
                and rng.random() < lanes
            ):
                found.add(side(c, n))
    for s in sorted(found, key=lambda s: sorted(s)):
        if rng.random() >= gaps:
            d.hexsides["hedge"].add(s)


def walled(d: Design, yard: Iterable[Cell]) -> None:
    """Stone walls round a yard or orchard, open where a road runs past."""
    area = set(yard)
    for c in area:
        if d.terrain[c] not in ("clear", "brush") or c in d.road_cells():
            raise SystemExit(f"{d.letter}: walled yard on {d.terrain[c]} {ident(c)}")
    for s in ring_sides(area):
        if not s & d.road_cells():
            d.hexsides["wall"].add(s)


def ridge(d: Design, rise: set[Cell], faces: tuple[int, ...] = (2, 3, 4)) -> None:
    """Ridge hexsides along the faces of a rise that look the given ways (2 SE, 3 S, 4 SW):
    the crest line seen from below."""
    for c in sorted(rise):
        for direction, n in enumerate(neighbours(c)):
            if direction in faces and on_map(n) and n not in rise:
                d.hexsides["ridge"].add(side(c, n))


# --- map C: the town on the river --------------------------------------------------------------

C_BRIDGE_WALLS = [
    ("1412", "1413"),
    ("1512", "1413"),
    ("1414", "1413"),
    ("1313", "1413"),
    ("1507", "1508"),
    ("1608", "1508"),
    ("1509", "1508"),
    ("1409", "1508"),
]


def design_c() -> Design:
    d = Design("C", "the town on the river", scatter=cell("2317"))
    d.notes = [
        "Map C: a Norman market town on a small river (the Vire in 20, the Maas in 22).",
        "Zones 3 2 1 / 6 5 4 / 9 8 7 north to south; 1, 2, 3, 5, 6 are the land north of the",
        "river, 4, 7, 8, 9 the land south of it with the water and the bridges.",
    ]
    # The river: in from the east edge, south through both bridges, out by the west edge.
    upper = route([cell("2503"), cell("2304"), cell("2105"), cell("1906"), cell("1707")])
    upper += [cell("1608")]
    middle = cells("1509 1510 1511 1412")
    lower = route([cell("1414"), cell("1314"), cell("1114"), cell("0913"), cell("0713")])
    lower += route([cell("0713"), cell("0512"), cell("0313"), cell("0112")])[1:]
    river = upper + middle + lower
    d.paint(river, "water")
    d.paint(cells("1508 1413"), "bridge")
    d.place("bridge 1508", cells("1508"))
    d.place("bridge 1413", cells("1413"))
    d.place("bridges", cells("1508 1413"))
    d.place("river", [*river, *cells("1508 1413")])

    # Roads. The bridges carry roads NW-SE (their walls line the N/NE and S/SW sides).
    d.road(*cells("2508 2408 2308 2208 2108 2008 1908 1808 1708 1609 1508 1408 1307"))
    d.road(cell("1307"), cell("1207"), cell("1106"), cell("1006"), cell("0905"), cell("0900"))
    d.road(*cells("1307 1308 1309 1310 1311 1312 1413 1513"))
    d.road(cell("1513"), cell("1614"), cell("1714"), cell("1715"), cell("1719"))
    d.road(*cells("1609 1610 1611 1711 1712 1713 1714"))
    d.road(*cells("1711 1812 1912 2012 2112 2212 2312 2412 2411 2410 2409 2408"))
    d.road(cell("1312"), cell("1212"), cell("1111"), cell("0910"), cell("0709"), cell("0509"))
    d.road(cell("0509"), cell("0308"), cell("0108"))
    d.road(cell("1715"), cell("1516"), cell("1316"), cell("1117"))
    d.place("road off the map in zone 4", cells("2508"))
    d.place("road off the map in zone 7", cells("1719"))

    # Buildings named by the book.
    d.place("munitions depot", cells("1206 1306"))
    d.place("building 1209-1210", cells("1209 1210"))
    d.place("building 1710-1811-1911", cells("1710 1811 1911"))
    d.place("building 1809", cells("1809"))
    d.place("building 1612", cells("1612"))
    d.place("fuel dump", cells("2209"))
    hq = cells("0410")
    d.place("division HQ", hq)
    zone8 = cells("0916 1016 0917 1017")
    zone9 = cells("0416 0516 0417")
    d.place("4-hex building (zone 8)", zone8)
    d.place("3-hex building (zone 9)", zone9)
    d.place("command centre", zone8 + zone9)
    church = cells("2309")
    d.place("church", church)
    named = [
        *cells("1206 1306 1209 1210 1710 1811 1911 1809 1612 2209"),
        *hq,
        *zone8,
        *zone9,
        *church,
    ]
    # The rest of the town: north bank (zones 1 and 5), south bank (zones 4 and 7), farms.
    town_north = cells("1108 1109 1410 1411 1205 1105 1607 1211 1008 1305 1208 1409 1404 1503")
    town_south = cells(
        "1907 2007 2307 2107 2407 1813 2013 2113 2313 1512 2213 1613 1909 2507 2413 1913 "
        "1815 1816 2414"
    )
    farms = cells("0703 0803 0304 0305 2002 2102 1915 2016 1818 2316 0606 2418")
    d.paint(named + town_north + town_south + farms, "building")

    # Gardens, walls and open ground in the town.
    d.paint(cells("2009 2010"), "brush")  # an overgrown garden: the LOS example's brush
    d.paint(cells("1507"), "brush")
    d.paint(cells("1110 1010"), "brush")
    walls = [
        ("1709", "1810"),  # the garden wall of the LOS examples (C/1809 -> C/1710)
        ("2111", "2112"),  # along the street (C/2212 -> C/2012 / 1612)
        ("2211", "2310"),  # the churchyard (C/2212 -> C/2309)
        ("2210", "2310"),
        ("2310", "2311"),
        ("2310", "2410"),
        ("2310", "2411"),
        ("1710", "1709"),
        ("1709", "1609"),
        ("1610", "1709"),
        ("1809", "1810"),
        ("0410", "0409"),
        ("0509", "0510"),
    ]
    for a, b in [*walls, *C_BRIDGE_WALLS]:
        d.hexsides["wall"].add(side(cell(a), cell(b)))
    # The HQ's walled park: woods behind a wall.
    park = cells("0311 0312 0411 0511 0510 0310")
    d.paint(park, "woods")
    for s in ring_sides([*park, *hq]):
        a, b = sorted(s)
        if a in d.road_cells() or b in d.road_cells():
            continue
        d.hexsides["wall"].add(s)

    # Countryside: woods, orchards (brush), broken river banks.
    rng = random.Random(31)
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    for start, size in ((cell("0204"), 6), (cell("2302"), 5), (cell("0818"), 4)):
        d.paint(grow(rng, start, size, free), "woods")
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    orchards = ((cell("0805"), 4), (cell("1903"), 3), (cell("2016"), 3), (cell("1218"), 3))
    orchards += ((cell("1402"), 4), (cell("2215"), 3))
    for start, size in orchards:
        d.paint(grow(rng, start, size, free), "brush")
    banks = cells("0612 0814 1015 0411 1415 2204 2404 1805 1313")
    d.paint([c for c in banks if d.terrain[c] == "clear" and c not in d.road_cells()], "broken")

    # Zones: the river divides them (see the module docstring).
    wet = d.of("water") | d.of("bridge")
    north_side = flood([c for c in all_cells() if c[1] <= 1], set(all_cells()) - wet)
    d.place("north of the river", north_side)
    d.place("south of the river", set(all_cells()) - north_side - wet)
    zones: dict[int, set[Cell]] = {n: set() for n in range(1, 10)}
    for c in all_cells():
        col, row = c
        if c in north_side:
            if row <= 6 and col <= 6:
                zones[3].add(c)
            elif row <= 6 and col <= 11:
                zones[2].add(c)
            elif row <= 6 or col >= 16:
                zones[1].add(c)
            elif col <= 6:
                zones[6].add(c)
            else:
                zones[5].add(c)
        elif row <= 11 and col >= 15:
            zones[4].add(c)
        elif col >= 13 and row >= 12:
            zones[7].add(c)
        elif col <= 6:
            zones[9].add(c)
        else:
            zones[8].add(c)
    d.zones = zones

    # Hedgerow fields outside the town.
    town = {c for c in all_cells() if 10 <= c[0] <= 24 and 6 <= c[1] <= 14}
    country = {c for c, t in d.terrain.items() if t in ("clear", "broken", "brush")} - town
    country -= set(park) | set(hq)
    seeds = cells("0303 0803 1303 1902 2402 0209 0716 0418 1217 1816 2216 2417 0809")
    bocage(d, country, seeds, seed=303)
    return d


# --- map D: farms on a creek -------------------------------------------------------------------


def design_d() -> Design:
    d = Design("D", "farms on a creek", scatter=cell("2318"))
    d.notes = [
        "Map D: bocage farms astride a road, with a creek and its ford (D/1107) in zone 1.",
        "Zones 1 2 3 / 4 5 6 / 7 8 9 north to south; all the water lies in zone 1.",
    ]
    creek = route([cell("0106"), cell("0407"), cell("0707"), cell("1007"), cell("1107")])
    creek += route([cell("1107"), cell("1206"), cell("1304"), cell("1401")])[1:]
    d.paint(creek, "water")
    d.place("creek", creek)
    d.place("ford", cells("1107"))
    d.crossings = set(cells("1107"))
    # The road north over the ford; the road from D/1010 to D/2515; the small road in zone 3.
    d.road(cell("0919"), cell("0912"), cell("1011"), cell("1010"), cell("1008"), cell("1107"))
    d.road(cell("1107"), cell("1100"))
    main = d.road(cell("1010"), cell("1411"), cell("1712"), cell("2013"), cell("2515"))
    small = d.road(cell("1511"), cell("1609"), cell("1908"), cell("2206"), cell("2505"))
    d.road(cell("1010"), cell("0811"), cell("0511"), cell("0111"))
    d.road(cell("1712"), cell("1715"), cell("1616"), cell("1517"))
    d.place("road D/1010-D/2515", main)
    d.place("small road", small)

    d.place("building 1210", cells("1210"))
    zone5 = cells("1412 1413")
    zone6 = cells("2112 2212")
    zone3 = cells("2304 2404")
    d.place("zone 5 building", zone5)
    d.place("zone 6 building", zone6)
    d.place("zone 3 building", zone3)
    farms = cells("0403 0503 0813 0414 0415 0317 0417 1316 1417 2017 2117 1703 1704")
    d.paint([*cells("1210"), *zone5, *zone6, *zone3, *farms], "building")

    rng = random.Random(41)
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    for start, size in ((cell("0602"), 7), (cell("2002"), 6), (cell("0716"), 5), (cell("2316"), 5)):
        d.paint(grow(rng, start, size, free), "woods")
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    orchards = ((cell("0513"), 4), (cell("1514"), 4), (cell("2210"), 4), (cell("1305"), 3))
    for start, size in orchards:
        d.paint(grow(rng, start, size, free), "brush")
    banks = cells("0307 0507 0806 1206 1305 0906 1405 1208")
    d.paint([c for c in banks if d.terrain[c] == "clear" and c not in d.road_cells()], "broken")

    wet = d.of("water")
    north_of_creek = flood([(1, 0), (1, 1)], set(all_cells()) - wet)
    zones: dict[int, set[Cell]] = {n: set() for n in range(1, 10)}
    for c in all_cells():
        col, row = c
        if c in wet or c in north_of_creek or (col <= 12 and row <= 10):
            zones[1].add(c)
        elif row <= 7 and col <= 18:
            zones[2].add(c)
        elif row <= 8 and col >= 19:
            zones[3].add(c)
        elif row <= 14 and col <= 8:
            zones[4].add(c)
        elif row <= 14 and col <= 18:
            zones[5].add(c)
        elif row <= 14:
            zones[6].add(c)
        elif col <= 8:
            zones[7].add(c)
        elif col <= 18:
            zones[8].add(c)
        else:
            zones[9].add(c)
    d.zones = zones

    walled(d, cells("1209 1309"))  # the yard of the farm at D/1210
    # A low rise south of the main road: a ridge along its southern face.
    ridge(d, {c for c in all_cells() if 15 <= c[0] <= 21 and 12 <= c[1] <= 14})
    country = {c for c, t in d.terrain.items() if t in ("clear", "broken", "brush")}
    seeds = cells("0303 0903 1603 2103 0409 0810 1509 2311 0514 1315 2415 0418 1218 2018 1806")
    bocage(d, country, seeds, seed=404)
    return d


# --- map B: the crossroads and the pond --------------------------------------------------------

B_POND_SIDES = [("1118", "1219"), ("1218", "1318"), ("1218", "1219"), ("1317", "1318")]


def design_b() -> Design:
    d = Design("B", "the crossroads and the pond", scatter=cell("0302"))
    d.notes = [
        "Map B: a crossroads hamlet (B/1307) above a pond (B/1119) and the stream out of it.",
        "Zones 7 8 9 / 4 5 6 / 1 2 3 north to south; zone 5 reaches the west edge along the",
        "stream. The pond hexsides 1118/1219, 1218/1219, 1218/1318 and 1317/1318 may never be",
        "crossed [7.25]: no hexside terrain of the key says so, so they are listed here only.",
    ]
    d.paint(cells("1119"), "pond")
    d.place("pond", cells("1119"))
    stream = [cell("1118"), *route([cell("1117"), cell("0915"), cell("0614"), cell("0113")])]
    d.paint(stream, "water")
    d.place("stream", stream)
    # Roads: north-south and west-east through the crossroads.
    d.road(cell("1300"), cell("1307"))
    d.road(cell("1307"), cell("1209"), cell("1011"), cell("0914"), cell("0919"))
    d.road(cell("0111"), cell("0409"), cell("0908"), cell("1307"))
    d.road(cell("1307"), cell("1707"), cell("2105"), cell("2504"))
    d.road(cell("1011"), cell("1613"), cell("2015"), cell("2514"))
    d.crossings = {c for c in d.road_cells() if c in set(stream)}
    d.place("crossroads", cells("1307"))

    pillbox = cells("2110")
    building3 = cells("2016 2116 2017")
    d.place("zone 6 building (pillbox in 23)", pillbox)
    d.place("3-hex building", building3)
    d.place("zone 3 building", building3)
    hamlet = cells("1206 1207 1406 1407 1308 1205 1405 1309 1508")
    farms = cells("0304 0404 0507 1703 1803 2302 2303 0817 0716 1516 0510")
    d.paint([*pillbox, *building3, *hamlet, *farms], "building")
    d.place("hamlet", hamlet)

    rng = random.Random(51)
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    woods = ((cell("0202"), 6), (cell("2002"), 5), (cell("2308"), 6), (cell("2211"), 3))
    woods += ((cell("0418"), 5), (cell("1416"), 3))
    for start, size in woods:
        d.paint(grow(rng, start, size, free), "woods")
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    for start, size in ((cell("0706"), 4), (cell("1603"), 4), (cell("0312"), 3), (cell("1912"), 3)):
        d.paint(grow(rng, start, size, free), "brush")
    marsh = cells("1018 1218 1219 1318 1019 0817")
    d.paint([c for c in marsh if d.terrain[c] == "clear" and c not in d.road_cells()], "broken")

    wet = d.of("water") | d.of("pond")
    south_of_stream = flood([cell("0119")], set(all_cells()) - wet)
    zones: dict[int, set[Cell]] = {n: set() for n in range(1, 10)}
    for c in all_cells():
        col, row = c
        if col <= 8 and (c in wet or c in south_of_stream):
            zones[1].add(c)
        elif row <= 6:
            zones[7 if col <= 8 else 8 if col <= 17 else 9].add(c)
        elif col <= 8 and row <= 11:
            zones[4].add(c)
        elif col <= 8 or (col <= 17 and row <= 12):
            zones[5].add(c)
        elif col >= 18 and row <= 12:
            zones[6].add(c)
        elif col <= 17:
            zones[2].add(c)
        else:
            zones[3].add(c)
    d.zones = zones

    walled(d, cells("1505 1506"))  # the hamlet's walled orchard
    walled(d, cells("2209 2210"))  # the pillbox's old farmyard
    ridge(d, {c for c in all_cells() if c[1] <= 4 and 9 <= c[0] <= 16}, faces=(2, 3, 4))
    country = {c for c, t in d.terrain.items() if t in ("clear", "broken", "brush")}
    seeds = cells("0303 0803 1502 2103 0409 1010 1811 2312 0216 0718 1416 2118 2417")
    bocage(d, country, seeds, seed=505)
    return d


# --- map A: the stream and the intersection ----------------------------------------------------


def design_a() -> Design:
    d = Design("A", "the stream and the intersection", scatter=cell("0318"))
    d.notes = [
        "Map A: a stream across the south (the frozen creek of 24) and a spring brook; a",
        "hamlet with woods in zone 8 and the intersection A/2411 by the east edge.",
        "Zones 7 8 9 / 4 5 6 / 1 2 3 north to south; 1, 2, 3 lie south of the stream.",
    ]
    main = route([cell("1419"), cell("1415"), cell("1713"), cell("2113"), cell("2513")])
    brook = route([cell("1415"), cell("1114"), cell("0813"), cell("0512")])[1:]
    d.paint(main + brook, "water")
    d.place("stream", main + brook)
    d.road(cell("0104"), cell("0606"), cell("1106"), cell("1707"), cell("2009"), cell("2411"))
    d.road(cell("2401"), cell("2411"), cell("2511"))
    d.road(cell("2411"), cell("2414"), cell("2316"))
    d.road(cell("1100"), cell("1106"), cell("1113"), cell("1119"))
    d.road(cell("0114"), cell("0615"), cell("1116"))
    d.crossings = {c for c in d.road_cells() if d.terrain[c] == "water"}
    d.place("intersection", cells("2411"))

    hamlet = cells("1005 1205 1206 1007 1008 0905 1305 1307 1208 1405")
    farms = cells("0303 0403 2103 2203 2309 0516 0616 1617 1717 2217 2317 0209 2209")
    d.paint([*hamlet, *farms], "building")
    d.place("hamlet", hamlet)
    rng = random.Random(61)
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    woods = ((cell("1403"), 7), (cell("0903"), 4), (cell("0311"), 6), (cell("2005"), 5))
    woods += ((cell("0917"), 5), (cell("2116"), 4))
    for start, size in woods:
        d.paint(grow(rng, start, size, free), "woods")
    free = {c for c, t in d.terrain.items() if t == "clear"} - d.road_cells()
    for start, size in ((cell("1809"), 4), (cell("0707"), 3), (cell("1318"), 3), (cell("2210"), 3)):
        d.paint(grow(rng, start, size, free), "brush")
    banks = cells("1614 1912 2314 1316 0913 0612")
    d.paint([c for c in banks if d.terrain[c] == "clear" and c not in d.road_cells()], "broken")

    wet = d.of("water")
    # South of the stream: flood from the south edge; west of the brook's spring the line
    # between the zones runs on to the west edge.
    line = set(route([cell("0512"), cell("0112")])) - wet
    south = flood([c for c in all_cells() if c[1] == ROWS], set(all_cells()) - wet - line)
    zones: dict[int, set[Cell]] = {n: set() for n in range(1, 10)}
    for c in all_cells():
        col, row = c
        if c in wet or c in south:
            zones[1 if col <= 8 else 2 if col <= 17 else 3].add(c)
        elif row <= 6:
            zones[7 if col <= 8 else 8 if col <= 17 else 9].add(c)
        else:
            zones[4 if col <= 8 else 5 if col <= 17 else 6].add(c)
    d.zones = zones

    walled(d, cells("1308 1408"))  # the churchyard behind the hamlet
    ridge(d, {c for c in all_cells() if 4 <= c[0] <= 9 and 8 <= c[1] <= 10}, faces=(2, 3, 4))
    country = {c for c, t in d.terrain.items() if t in ("clear", "broken", "brush")}
    seeds = cells("0302 0802 1702 2202 0408 1009 1609 2207 0216 0718 1317 1917 2318")
    bocage(d, country, seeds, seed=606)
    return d


# --- line of sight [6.41-6.45] -----------------------------------------------------------------

BLOCKING_HEXES = frozenset({"brush", "woods", "building"})
BLOCKING_SIDES = ("hedge", "wall", "ridge")
EPS = 1e-6


def corners_of(c: Cell) -> list[tuple[float, float]]:
    """The six corners, clockwise from the east corner (y grows southward)."""
    x, y = centre(c)
    return [
        (x + math.cos(math.radians(60 * i)), y + math.sin(math.radians(60 * i))) for i in range(6)
    ]


def side_ends(s: Side) -> tuple[tuple[float, float], tuple[float, float]]:
    a, b = sorted(s)
    shared = [p for p in corners_of(a) if any(math.dist(p, q) < EPS for q in corners_of(b))]
    return shared[0], shared[1]


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _segment_relation(
    p: tuple[float, float], q: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> str:
    """How segment pq meets segment ab: 'none', 'corner' (only at an end of ab or pq),
    'along' (collinear overlap of positive length) or 'cross' (through ab's interior)."""
    d1, d2 = _cross(p, q, a), _cross(p, q, b)
    if abs(d1) < EPS and abs(d2) < EPS:
        # collinear: overlap length along pq
        length = math.dist(p, q)
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        ta = (a[0] - p[0]) * ux + (a[1] - p[1]) * uy
        tb = (b[0] - p[0]) * ux + (b[1] - p[1]) * uy
        lo, hi = max(0.0, min(ta, tb)), min(length, max(ta, tb))
        if hi - lo > EPS:
            return "along"
        return "corner" if hi - lo > -EPS else "none"
    d3, d4 = _cross(a, b, p), _cross(a, b, q)
    if (d1 > EPS and d2 > EPS) or (d1 < -EPS and d2 < -EPS):
        return "none"
    if (d3 > EPS and d4 > EPS) or (d3 < -EPS and d4 < -EPS):
        return "none"
    if abs(d1) < EPS or abs(d2) < EPS:
        return "corner"
    return "cross"


def _inside_depth(p: tuple[float, float], q: tuple[float, float], c: Cell) -> str:
    """How segment pq meets hex ``c``: 'none', 'corner', 'side' (along one of its sides) or
    'through' (through its interior)."""
    poly = corners_of(c)
    x, y = centre(c)
    # Through the interior when some point of pq is strictly inside the hex.
    steps = 400
    for i in range(1, steps):
        t = i / steps
        px, py = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if _strictly_inside((px, py), poly, (x, y)):
            return "through"
    relations = [_segment_relation(p, q, a, b) for a, b in itertools.pairwise([*poly, poly[0]])]
    if "along" in relations:
        return "side"
    if "corner" in relations or "cross" in relations:
        return "corner"
    return "none"


def _strictly_inside(
    pt: tuple[float, float], poly: list[tuple[float, float]], middle: tuple[float, float]
) -> bool:
    for a, b in itertools.pairwise([*poly, poly[0]]):
        if _cross(a, b, pt) * _cross(a, b, middle) <= 1e-4:
            return False
    return True


def line_of_sight(d: Design, a: Cell, b: Cell) -> tuple[bool, str]:
    """Whether ``a`` sees ``b`` on the printed map (no markers), and why not."""
    p, q = centre(a), centre(b)
    blocking = {c for c, t in d.terrain.items() if t in BLOCKING_HEXES} - {a, b}
    for c in sorted(blocking):
        how = _inside_depth(p, q, c)
        if how in ("through", "corner"):
            return False, f"{d.terrain[c]} in {ident(c)} ({how})"
        if how == "side":
            # along a side: blocked only when the hex across that side blocks too
            for n in on_neighbours(c):
                ends = side_ends(side(c, n))
                if _segment_relation(p, q, *ends) == "along" and n in blocking:
                    return False, f"along the side {ident(c)}/{ident(n)} of two blocking hexes"
    touching_a = {tuple(round(v, 4) for v in pt) for pt in corners_of(a)}
    touching_b = {tuple(round(v, 4) for v in pt) for pt in corners_of(b)}
    for feature in BLOCKING_SIDES:
        for s in sorted(d.hexsides[feature], key=lambda s: sorted(s)):
            if a in s or b in s:
                continue  # a hexside bordering the observer or the target never blocks
            ends = side_ends(s)
            how = _segment_relation(p, q, *ends)
            if how == "cross":
                return False, f"{feature} {_side_text(s)}"
            if how == "along":
                keys = {tuple(round(v, 4) for v in e) for e in ends}
                if not (keys & touching_a and keys & touching_b):
                    return False, f"along the {feature} {_side_text(s)}"
    return True, "clear"


# The book's examples on map C [6.44 and its example].
C_LOS_EXAMPLES = [
    ("1809", "1710", True),
    ("2212", "1612", False),
    ("2212", "2012", True),
    ("2212", "1709", True),
    ("2212", "1909", False),
    ("2212", "2208", False),
    ("2212", "2309", False),
    ("2212", "2008", False),
]


def common_problems(d: Design) -> list[str]:
    """Rules every map keeps: zones partition the map, roads run over open ground or bridges
    and fords, named buildings are buildings."""
    problems = []
    seen: dict[Cell, int] = {}
    for n, area in d.zones.items():
        for c in area:
            if c in seen:
                problems.append(f"{d.letter} {ident(c)} is in zones {seen[c]} and {n}")
            seen[c] = n
    missing = [ident(c) for c in all_cells() if c not in seen]
    if missing or sorted(d.zones) != list(range(1, 10)):
        problems.append(f"{d.letter} zones 1-9 must cover the map; missing {missing[:5]}")
    for n, area in d.zones.items():
        if flood([min(area)], set(area)) != set(area):
            problems.append(f"{d.letter} zone {n} is in pieces")
    for c in sorted(d.road_cells()):
        if d.terrain[c] not in ("clear", "broken", "bridge") and c not in d.crossings:
            problems.append(f"{d.letter} road through {d.terrain[c]} at {ident(c)}")
    for name, area in d.places.items():
        if "building" in name or name in ("munitions depot", "division HQ", "fuel dump"):
            for c in area:
                if d.terrain[c] != "building":
                    problems.append(f"{d.letter} place '{name}' has {d.terrain[c]} {ident(c)}")
    return problems


def zone_buildings(d: Design, zone: int) -> list[str]:
    return sorted(ident(c) for c in d.zones[zone] if d.terrain[c] == "building")


def c_problems(d: Design) -> list[str]:
    problems = common_problems(d)
    expect = {
        1: None,
        6: ["0410"],
        8: ["0916", "0917", "1016", "1017"],
        9: ["0416", "0417", "0516"],
    }
    for zone, want_b in expect.items():
        if want_b is not None and zone_buildings(d, zone) != want_b:
            problems.append(f"C zone {zone} buildings {zone_buildings(d, zone)}, want {want_b}")
    for text, zone in (("1206", 1), ("1306", 1), ("1508", 4), ("1413", 7)):
        if cell(text) not in d.zones[zone]:
            problems.append(f"C/{text} is not in zone {zone}")
    for a, b, want in C_LOS_EXAMPLES:
        got, why = line_of_sight(d, cell(a), cell(b))
        if got != want:
            problems.append(f"C LOS {a}->{b}: {'clear' if got else 'blocked'} ({why})")
    walls = {s for s in d.hexsides["wall"] if cell("1508") in s or cell("1413") in s}
    want = {side(cell(a), cell(b)) for a, b in C_BRIDGE_WALLS}
    if walls != want:
        problems.append(f"C bridge walls differ: {sorted(map(_side_text, walls ^ want))}")
    return problems


# --- joins -------------------------------------------------------------------------------------

# The layouts the scenarios need, as (section, offset, flipped) with the first at the origin.
SCENARIO_LAYOUTS: dict[str, list[tuple[str, tuple[int, int], bool]]] = {
    "10 Dawn Patrol (C turned: zone 7 NW)": [("C", (0, 0), True)],
    "20 Vire Bridges (D north of C)": [("C", (0, 0), False), ("D", (0, -19), False)],
    "21 Hedgerow Assault (D turned: zone 7 NE)": [("D", (0, 0), True)],
    "22 Street Fighting (B north of C)": [("C", (0, 0), False), ("B", (0, -19), False)],
    "23 Pillbox Assault (zone 9 NE)": [("B", (0, 0), False)],
    "24 Beaufort Crossroads (B east of A)": [("A", (0, 0), False), ("B", (25, -12), False)],
    "25 Counterattack (A, D, turned B west to east)": [
        ("A", (0, 0), False),
        ("D", (25, -12), False),
        ("B", (76, -18), True),
    ],
    "26 Airborne (B A over turned C, D)": [
        ("B", (0, 0), False),
        ("A", (25, -12), False),
        ("C", (26, 26), True),
        ("D", (25, 7), False),
    ],
}


def loose_ends(sections: dict[str, BoardSection], placements: list[SectionPlacement]) -> list[str]:
    """Roads and water that reach a join on one map and stop there on the other."""
    amap = assemble(placements, sections)
    found = []
    for i, placement in enumerate(placements):
        section = sections[placement.section]
        road = {h for s, f in section.path_features.items() if "road" in f for h in s.hexes}
        wet = {h for h, t in section.terrain.items() if t in ("water", "pond")}
        for kind, mine in (("road", road), ("water", wet)):
            for local in sorted(mine & section.rim):
                g = placement.to_global(local)
                others = {p.placement for p in amap.hexes[g].parts} - {i}
                touching = [g] if others else [n for n in g.neighbors() if n in amap.hexes]
                near = [
                    (amap.placements[p.placement], p.local)
                    for t in touching
                    for p in amap.hexes[t].parts
                    if p.placement != i
                ]
                if not near:
                    continue
                if not any(_carries(sections[pl.section], h, kind) for pl, h in near):
                    found.append(f"{kind} at {amap.name(g)}")
    return found


def _carries(section: BoardSection, h: Hex, kind: str) -> bool:
    if kind == "road":
        return any("road" in f and h in s.hexes for s, f in section.path_features.items())
    return section.terrain.get(h) in ("water", "pond")


def join_report() -> list[str]:
    sections = {
        x: read_board((BOARDS / f"{x}.yaml").read_text(encoding="utf-8"), f"{x}.yaml")
        for x in "ABCD"
    }
    lines = []
    ok = total = 0
    for x, y in itertools.permutations("ABCD", 2):
        for join in (JoinType.EDGE_TO_EDGE, JoinType.END_TO_END):
            for flips in ((), (x,), (y,), (x, y)):
                total += 1
                try:
                    assemble(preset_layout(join, [x, y], sections, flips), sections)
                    ok += 1
                except LayoutError as exc:
                    lines.append(f"  {join.value} {x}{y} turned {flips}: {exc}")
    lines.insert(0, f"presets: {ok}/{total} two-map layouts assemble (every pair, both joins)")
    for name, spec in SCENARIO_LAYOUTS.items():
        placements = [SectionPlacement(s, Hex(*o), f) for s, o, f in spec]
        try:
            ends = loose_ends(sections, placements)
        except LayoutError as exc:
            lines.append(f"{name}: DOES NOT ASSEMBLE: {exc}")
            continue
        tail = f"; stops at a join: {', '.join(ends)}" if ends else "; roads and water all continue"
        lines.append(f"{name}: assembles{tail}")
    return lines


# --- writing -----------------------------------------------------------------------------------

LEGEND = {
    "clear": ".",
    "broken": ":",
    "brush": "b",
    "woods": "w",
    "building": "B",
    "water": "~",
    "pond": "o",
    "bridge": "=",
}
GRID_NOTE = (
    "25 x 19 hexes, odd columns lower with half-hexes on the north and south edges: the book "
    "cites columns up to 25 and rows up to 19 (D/2515, B/1119) and no larger ID [2.21; 7.21; "
    "7.25]; the true printed extent is unknown"
)


def _quoted(items: Iterable[str]) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def _wrapped(prefix: str, items: list[str], indent: str) -> list[str]:
    """A YAML flow list of quoted strings, wrapped under 100 columns."""
    if not items:
        return [f"{prefix}[]"]
    lines: list[str] = []
    current = prefix + "["
    for i, item in enumerate(items):
        piece = f'"{item}"' + (", " if i < len(items) - 1 else "]")
        if len(current) + len(piece) > 99 and current.strip() not in ("[", prefix.strip() + "["):
            lines.append(current.rstrip())
            current = indent + "  "
        current += piece
    lines.append(current)
    return lines


def _side_text(s: Side) -> str:
    a, b = sorted(s)
    return f"{ident(a)}/{ident(b)}"


def board_text(d: Design) -> str:
    lines = [
        "# Generated by tools/boards/soldiers.py; edit the design there, not this file.",
        *(f"# {n}" for n in d.notes),
        "schema_version: 1",
        "system: soldiers",
        f"id: {d.letter}",
        f"name: Map {d.letter}",
        f'placeholder: "original Hexwright design of map {d.letter} ({d.title}): the book has no '
        f"map art; its structure (nine zones, scatter indicator, terrain key) and every hex the "
        f'scenarios name follow Soldiers [2.2; 6.44; 7.25; 10; 20-26]"',
        "grid:",
        f"  columns: [1, {COLUMNS}]",
        f"  rows: [1, {ROWS}]",
        "  lower_columns: odd",
        "  half_hex_edges: true",
        f'  placeholder: "{GRID_NOTE}"',
        'printed_id: "{section}/{col:02d}{row:02d}"',
        "directional_hexagon:",
        f'  hex: "{ident(d.scatter)}"',
        "  direction_1: N",
        "  numbering: clockwise",
        "terrain:",
        "  legend:",
        *(f'    "{ch}": {name}' for name, ch in LEGEND.items()),
        "  map: |",
    ]
    lines += terrain_map_lines(
        range(ROWS + 1),
        range(1, COLUMNS + 1),
        lambda col, row: LEGEND[d.terrain[(col, row)]] if on_map((col, row)) else None,
    )
    features = [f for f in ("hedge", "wall", "ridge") if d.hexsides[f]]
    if features:
        lines.append("hexsides:")
        for feature in features:
            lines.append(f"  - feature: {feature}")
            texts = sorted(_side_text(s) for s in d.hexsides[feature])
            lines.extend(_wrapped("    sides: ", texts, "    "))
    lines.append("paths:")
    for path in d.roads:
        lines.append("  - feature: road")
        lines.extend(_wrapped("    hexes: ", [ident(c) for c in path], "    "))
    lines.append("zones:")
    for n in sorted(d.zones):
        lines.extend(_wrapped(f"  {n}: ", [ident(c) for c in sorted(d.zones[n])], "  "))
    lines.append("places:")
    for name, area in d.places.items():
        lines.extend(_wrapped(f'  "{name}": ', [ident(c) for c in area], "  "))
    return "\n".join(lines) + "\n"


def designs() -> list[Design]:
    """The four maps' designs, each built afresh."""
    return [design_a(), design_b(), design_c(), design_d()]


def generate() -> dict[Path, str]:
    """Every file this script writes, built in memory: path -> text."""
    return {BOARDS / f"{d.letter}.yaml": board_text(d) for d in designs()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_check_option(parser)
    parser.add_argument(
        "--report",
        action="store_true",
        help="write nothing; check the designs against the book and how the files on disk join",
    )
    args = parser.parse_args(argv)
    built = designs()
    files = {BOARDS / f"{d.letter}.yaml": board_text(d) for d in built}
    if args.check:
        return check_files(files)
    if not args.report:
        write_files(files)
    by = {d.letter: d for d in built}
    problems = c_problems(by["C"])
    for a, b, want in C_LOS_EXAMPLES:
        got, why = line_of_sight(by["C"], cell(a), cell(b))
        print(
            f"C/{a} -> C/{b}: {'clear' if got else 'blocked'} ({why}); book: "
            f"{'clear' if want else 'blocked'}"
        )
    for letter in "ABD":
        problems += common_problems(by[letter])
    for p in problems:
        print("PROBLEM", p)
    for line in join_report():
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
