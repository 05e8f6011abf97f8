"""Generate the Panzer '44 map (board P44) as a Hexwright board file.

Panzer '44 (SPI) is played on one fixed mapsheet [3.1]. The text Hexwright has omits the map
art, so this map is an original design in the book's structure: 61 x 34 hexes of 200 m,
clear, town, woods, hilltop and swamp hexes, slope and crest hexsides, streams, the
"Rhine-Meuse Canal" with its bridges, and a road net [10.0], [10.4]. It is drawn after the
country round Arracourt in Lorraine (the Marne-Rhine canal, September 1944) and shaped so that
every one of the book's fourteen scenarios [19.1]-[20.5] works on it: every town, wood and
height they name, every hex, hexrow, road stretch and entry hex they cite.

The script is deterministic (no randomness, no clock). Towns, hills and woods are hand-placed
hex lists; roads are waypoint lists joined by straight hex lines; streams and crests are
drawn along hexsides between waypoints by a shortest-path search over hex corners whose costs
come from a fixed hash (a gentle meander, the same on every run); the canal is the boundary of
a hand-set "last northern row" per column, so it always cuts the map in two.

Run from the repository root:

    .venv/bin/python -m tools.boards.panzer44               # write the board file
    .venv/bin/python -m tools.boards.panzer44 --check       # write nothing; 1 if it would change
    .venv/bin/python -m tools.boards.panzer44 --citations   # also check the 14 scenarios' citations

It writes ``resources/panzer44/boards/P44.yaml``.
"""

from __future__ import annotations

import argparse
import hashlib
import heapq
import sys
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from model.boardtext import flow_list  # noqa: E402
from model.grid import Parity, PrintedGrid  # noqa: E402
from model.hexes import Hex, Hexside, hex_line, line_steps  # noqa: E402
from tools.boards.files import add_check_option, check_files, write_files  # noqa: E402

OUTPUT = ROOT / "resources" / "panzer44" / "boards" / "P44.yaml"
SCENARIOS = ROOT / "scenarios" / "panzer44"

# --- the grid ------------------------------------------------------------------------------------

COLUMNS = 61  # 01-61 west to east: 0110/0129 are west-edge hexes, 6101-6125 east-edge ones
ROWS = 34  # 01-34 north to south: 1101 is a north-edge hex, 0534/4534/3934-6134 south-edge ones
GRID = PrintedGrid(1, COLUMNS, 1, ROWS, Parity.EVEN, half_hex_edges=False)


def hx(text: str) -> Hex:
    """The hex printed ``text`` ("CCRR")."""
    return GRID.to_hex(int(text[:2]), int(text[2:]))


def cr(col: int, row: int) -> Hex:
    return GRID.to_hex(col, row)


def hid(h: Hex) -> str:
    col, row = GRID.to_printed(h)
    return f"{col:02d}{row:02d}"


def col_of(h: Hex) -> int:
    return GRID.to_printed(h)[0]


def row_of(h: Hex) -> int:
    return GRID.to_printed(h)[1]


ALL: list[Hex] = [cr(c, r) for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1)]
ON_MAP = set(ALL)


def hexes(*texts: str) -> list[Hex]:
    """Hexes from printed IDs; a text "CCRR-CCRR" is a run down one column."""
    out: list[Hex] = []
    for text in texts:
        for part in text.split():
            if "-" in part:
                a, b = part.split("-")
                assert a[:2] == b[:2], part
                out.extend(cr(int(a[:2]), r) for r in range(int(a[2:]), int(b[2:]) + 1))
            else:
                out.append(hx(part))
    for h in out:
        assert h in ON_MAP, hid(h)
    return out


def near(center: str, radius: int, drop: Iterable[str] = (), add: Iterable[str] = ()) -> list[Hex]:
    """Hexes within ``radius`` of ``center``, less ``drop``, plus ``add`` (a shaped blob)."""
    c = hx(center)
    dropped = {hx(t) for t in drop}
    found = [h for h in ALL if h.distance(c) <= radius and h not in dropped]
    found += [hx(t) for t in add if hx(t) not in found]
    return found


def route(*waypoints: str) -> list[Hex]:
    """A road through printed waypoints, straight hex lines between them."""
    path: list[Hex] = []
    for a, b in pairwise(waypoints):
        leg = hex_line(hx(a), hx(b))
        path.extend(leg if not path else leg[1:])
    for h in path:
        assert h in ON_MAP, f"route leaves the map at {hid(h)}"
    for a, b in pairwise(path):
        assert a.direction_to(b) is not None, (hid(a), hid(b))
    return path


# --- the canal -----------------------------------------------------------------------------------

# The Rhine-Meuse Canal [19.3] runs from the west edge to the east edge. For each column, the
# last row north of it (hexes at or above it are north). It follows the valley floor: just
# south of Xerses in the west, bowing south past Parroy (which stands on its north bank, so
# that the German can hold it from the start in [19.3]), and rising to leave the east edge
# below 6125, so that "6101-6125" [19.3] is the east edge north of the canal.
CANAL_NORTH_ROW: dict[int, int] = {}
for _c in range(1, COLUMNS + 1):
    CANAL_NORTH_ROW[_c] = (
        25
        if _c <= 9
        else 26
        if _c <= 18
        else 27
        if _c <= 23
        else 28
        if _c <= 27
        else 29
        if _c <= 29
        else 30
        if _c <= 30
        else 31
        if _c <= 32
        else 32
        if _c <= 49
        else 31
        if _c <= 50
        else 30
        if _c <= 51
        else 29
        if _c <= 53
        else 28
        if _c <= 55
        else 27
        if _c <= 57
        else 26
    )


def north_of_canal(h: Hex) -> bool:
    return row_of(h) <= CANAL_NORTH_ROW[col_of(h)]


def canal_sides() -> list[tuple[Hex, Hex]]:
    """Every hexside between a hex north of the canal and one south of it (north hex first)."""
    found = []
    for h in ALL:
        if not north_of_canal(h):
            continue
        for n in h.neighbors():
            if n in ON_MAP and not north_of_canal(n):
                found.append((h, n))
    return found


# --- the design: towns ---------------------------------------------------------------------------

# Each town is a cluster of town hexes on its road(s). Arracourt, the largest, must hold the
# German's six-plus scoring units in [19.5]; Ley at least the British four of [20.4].
TOWNS: dict[str, list[Hex]] = {
    # West-centre, south of the highway junction 1109: the US rear in [19.5], the French base
    # in [19.2] (west of the 1316-1718-2215-1813 bivouac), British guns in [20.1].
    "Arracourt": hexes("0913-0916", "0814 0815", "1014 1015"),
    # North: British outpost in [20.1].
    "Juvrecourt": hexes("1905 1906", "2005 2006"),
    # North-east, between Juvrecourt and Ley: US tanks in [19.5], British in [20.1].
    "Bezange": hexes("3404 3405", "3504 3505 3506"),
    # East of hexrow 2400 and north of 0016 [20.4]; the German base in [19.5].
    "Ley": hexes("3910 3911", "4010 4011", "4110 4111"),
    # On the highway east of 2912, on the road to Haut de Cognumont: [20.1]'s objective.
    "Rechicourt": hexes("3012 3013", "3113 3114", "3213"),
    # East-centre, between hexrows 3500 and 5200 [20.5], north of Parroy.
    "Moncourt": hexes("4019 4020", "4119 4120", "4220 4221"),
    # On the north bank of the canal, the US objective nearest the crossing [19.3], [19.4].
    "Coincourt": hexes("2523 2524", "2623 2624", "2724"),
    # South of the 19.2 bivouac: the second French base; German mortars in [20.1].
    "Bures": hexes("1621 1622", "1721 1722"),
    # The western shoulder on the north bank [19.3].
    "Xerses": hexes("0422 0423", "0522 0523"),
    # The eastern shoulder, north bank, south of hexrow 0028 and west of 4300 [20.5], [19.3].
    "Parroy": hexes("3829 3830", "3929 3930", "4029 4030"),
    # South of the canal, behind the British line of [20.2].
    "Bathelmont": hexes("1130 1131", "1229 1230"),
}

# --- hills ---------------------------------------------------------------------------------------

# Hill masses: hilltop hexes, ringed by slope hexsides [10.34].
HILLS: dict[str, list[Hex]] = {
    # South of the highway between 1109 and 2612, east of the 19.2 bivouac [19.5], [19.6].
    "Haut de Roules": hexes("2416 2417", "2516-2518", "2616-2618", "2716 2717", "2317"),
    # The fort of [19.7] (3419, 3420 and every neighbour are hilltop) and Hill 213 of [20.1]:
    # the road from 2912 climbs onto it at 3519-3520.
    "Haut de Cognumont": hexes("3418-3421", "3319-3321", "3519-3521", "3322", "3422"),
    # Unnamed heights.
    "Hill 112": hexes("0919 0920", "1019 1020", "1120"),  # between Arracourt and the canal
    "Westwall ridge": hexes("4727 4728", "4827 4828", "4928"),  # the 19.8 strongpoint
    "north knoll": hexes("2703 2704", "2803", "2604"),
    "east knoll": hexes("5313 5314", "5413", "5414", "5513"),
    "south knoll": hexes("2132 2133", "2232"),
    "Cote de Ley": hexes("4202 4203", "4302 4303", "4403"),
}
NAMED_HILLS = ("Haut de Roules", "Haut de Cognumont")

# --- woods and swamp -----------------------------------------------------------------------------

WOODS: dict[str, list[Hex]] = {
    # The big wood north of the highway where the US guns stand in [19.5].
    "Bois de Benamont": near(
        "1505",
        2,
        drop=("1303", "1703"),
        add=(["1402", "1502", "1602", "1208", "1308", "1408", "1407", "1607", "1608", "1707"]),
    ),
    # Tigers' cover beside the highway [20.1].
    "Tiger copse": hexes("2411", "2511 2512"),
    # The German infantry's cover at 3118 [20.1].
    "3118 copse": hexes("3117 3118", "3018"),
    # Round the Westwall ridge, inside 4726-4731-4930-4925 [19.8].
    "Westwall woods": hexes(
        "4726", "4826", "4925 4926 4927", "4729 4730 4731", "4829 4830", "4929 4930"
    ),
    "north-east forest": near(
        "5104", 2, drop=("4902", "5302", "5306"), add=("4803", "4804", "5502", "5503")
    ),
    "Bois de Parroy": hexes("3624 3625", "3723 3724 3725", "3824"),
    "Epsom bocage 1": hexes("0318", "0418 0419"),
    "Epsom bocage 2": hexes("0724 0725", "0825"),
    "Epsom bocage 3": hexes("1424 1425", "1525"),
    "Epsom bocage 4": hexes("1917 1918", "2018"),
    "west copse": hexes("0212 0213", "0312"),
    "Ley wood": hexes("3613 3614", "3713"),
    "3308 wood": hexes("2908 2909", "3007"),
    "east wood 1": hexes("5715 5716", "5814 5815 5816", "5916"),
    "east wood 2": hexes("5223 5224", "5323 5324", "5424"),
    "south wood 1": hexes("1632 1633", "1732 1733", "1832"),
    "south wood 2": hexes("3733 3734", "3834"),
    "south wood 3": hexes("5631 5632", "5731"),
    "Juvrecourt copse": hexes("2302 2303", "2402"),
    # Between Bathelmont and the canal: hides the village from the German side of [20.2].
    "Bois de Bathelmont": hexes("1027 1028", "1128", "1227 1228"),
    # At the north-west foot of Haut de Roules: screens 2515 from most of the west [20.3].
    "Roules wood": hexes("2314", "2414"),
    "north-west wood": hexes("0802 0803", "0902 0903", "1003"),
    "east-edge wood": hexes("5908 5909", "6008 6009 6010", "6108"),
    "Ley east wood": hexes("4713 4714", "4813", "4612"),
    "Moncourt wood": hexes("4324 4325", "4423 4424"),
    "east copse": hexes("5219 5220", "5319"),
    "south-west wood": hexes("0331 0332", "0431"),
    "Rechicourt wood": hexes("3310 3311", "3410"),
    "west knoll wood": hexes("0206 0207", "0107"),
    "Bois de Coincourt": hexes("3126 3127", "3226 3227", "3025"),
}

SWAMP: list[Hex] = hexes(
    "1326 1426",  # the stream mouth south-west of Bures
    "2828",
    "2928",  # east of the Coincourt bridge
    "3031 3131 3231",  # south bank flats
    "4431 4531",  # Parroy's pond
    "5229 5329",  # the eastern stream mouth
    "0727 0827",  # south bank west
    "4418 4419",  # along the Ruisseau de Ley
    "5618 5619",  # along the eastern brook
)

# --- roads ---------------------------------------------------------------------------------------

# (name, waypoints). Road ends on a map edge are the entry hexes the scenarios cite.
ROADS: list[tuple[str, tuple[str, ...]]] = [
    # The highway: west edge 0110 [19.4], [19.5], [20.3] - junction 1109 - 2612 [19.6].
    ("highway west", ("0110", "0509", "1109")),
    ("Arracourt west", ("0409", "0612", "0814", "0915")),
    ("highway", ("1109", "1509", "2011", "2312", "2412", "2513", "2612")),
    # North edge 1101 [19.5] down through the Bois de Benamont to the junction.
    ("north road", ("1101", "1109")),
    ("Arracourt road", ("1109", "1010", "1013", "0915")),
    # 2612 east through Rechicourt and up onto Haut de Cognumont: 2912-3520 [20.1].
    ("Rechicourt road", ("2612", "2712", "2812", "2912", "3113", "3314", "3516", "3520")),
    # 2712 north-east over 3308 [20.3] to Ley, and on to the east edge.
    ("Ley road", ("2712", "2811", "3109", "3308", "3609", "4011")),
    ("east road", ("4011", "4511", "5010", "5511", "6110")),
    ("Juvrecourt road", ("1911", "1908", "2005")),
    ("Juvrecourt north", ("2005", "2001")),
    ("north lateral", ("2005", "2507", "3106", "3505")),
    ("Bezange north", ("3505", "3601")),
    ("Bezange-Ley", ("3505", "3708", "4011")),
    ("Ley north", ("4011", "4406", "4601")),
    ("Ley-Moncourt", ("4011", "4214", "4117", "4120")),
    ("Cognumont-Moncourt", ("3520", "3721", "4120")),
    ("Moncourt east", ("4120", "4722", "5222", "5621", "6120")),
    ("Moncourt-Parroy", ("4120", "4125", "3930")),
    # Parroy over the canal to the south edge at 4534 [19.3].
    ("Parroy south", ("3930", "4331", "4432", "4534")),
    ("south-east road", ("5621", "5727", "5734")),
    ("Arracourt-Bures", ("0915", "1319", "1722")),
    ("Bures-Coincourt", ("1722", "2123", "2623")),
    ("Coincourt-Moncourt", ("2623", "3224", "3723", "4120")),
    # Bures over the canal to Bathelmont and the south edge at 0534 [19.3], [19.4].
    ("Bures-Bathelmont", ("1722", "1526", "1230")),
    ("Bathelmont south", ("1230", "0534")),
    # Coincourt over the canal to the south-bank road.
    ("Coincourt south", ("2623", "2529", "2530")),
    ("south bank", ("1230", "1930", "2530", "2833", "2934")),
    # Arracourt to Xerses and over the canal to the west edge at 0129 [19.5].
    ("Arracourt-Xerses", ("0915", "0520", "0522")),
    ("Xerses west", ("0522", "0326", "0129")),
]

# --- streams and crests --------------------------------------------------------------------------

# Streams run along hexsides from their source to the canal: (name, waypoint hexes); the last
# hex names where they meet the canal.
STREAMS: list[tuple[str, tuple[str, ...]]] = [
    ("Ruisseau de Xerses", ("0406", "0709", "0512", "0314", "0617", "0419", "0221", "0224")),
    ("Ruisseau de Benamont", ("1709", "1512", "1714", "1616", "1318", "1420", "1223", "1325")),
    (
        "Ruisseau de Roules",
        ("3104", "2907", "2710", "2813", "3016", "2919", "3122", "2925", "2827"),
    ),
    (
        "Ruisseau de Ley",
        ("4706", "4409", "4312", "4615", "4717", "4520", "4422", "4625", "4528", "4631"),
    ),
    ("Ruisseau de l'Est", ("5905", "5608", "5511", "5814", "5917", "5720", "5423", "5626", "5529")),
    ("Ruisseau du Sud", ("2134", "1931", "2029")),
    ("Ruisseau de Bathelmont", ("0734", "0531", "0728")),
]

# Crest hexsides: low ridges with splashes on both sides [10.32] (the "contour splash" hexes
# vehicles may use in flooded [20.3]).
CRESTS: list[tuple[str, tuple[str, ...]]] = [
    ("north-west ridge", ("0303", "0506", "0707")),
    ("Juvrecourt ridge", ("2208", "2510", "2809")),
    ("Bezange ridge", ("3002", "3203")),
    ("Moncourt ridge", ("4816", "5018", "5117")),
    ("Parroy ridge", ("3427", "3527", "3826")),
    ("west ridge", ("0305", "0307")),
]


# --- building ------------------------------------------------------------------------------------

LEGEND = {".": "clear", "T": "town", "W": "woods", "H": "hilltop", "S": "swamp"}
CHAR = {v: k for k, v in LEGEND.items()}


def build_terrain() -> dict[Hex, str]:
    terrain = dict.fromkeys(ALL, "clear")
    for h in SWAMP:
        terrain[h] = "swamp"
    for blob in WOODS.values():
        for h in blob:
            terrain[h] = "woods"
    for hill in HILLS.values():
        for h in hill:
            terrain[h] = "hilltop"
    for town in TOWNS.values():
        for h in town:
            assert terrain[h] != "hilltop", f"town on a hill at {hid(h)}"
            terrain[h] = "town"
    return terrain


def build_roads() -> list[tuple[str, list[Hex]]]:
    return [(name, route(*points)) for name, points in ROADS]


def side_of(a: Hex, b: Hex) -> Hexside:
    return Hexside.between(a, b)


# Hex corners as exact integers: x scaled by 2, y by 2/sqrt(3); corner i at 60*i degrees
# clockwise from east (y down). A hexside in compass direction d joins two corners.
_DX = (2, 1, -1, -2, -1, 1)
_DY = (0, 1, 1, 0, -1, -1)
_SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))

Vertex = tuple[int, int]


def corner(h: Hex, i: int) -> Vertex:
    return (3 * h.q + _DX[i], 2 * h.r + h.q + _DY[i])


def centre(h: Hex) -> tuple[int, int]:
    return (3 * h.q, 2 * h.r + h.q)


def side_vertices(a: Hex, b: Hex) -> tuple[Vertex, Vertex]:
    d = a.direction_to(b)
    assert d is not None
    i, j = _SIDE_CORNERS[d]
    return corner(a, i), corner(a, j)


def vertex_graph() -> dict[Vertex, list[tuple[Vertex, Hex, Hex]]]:
    """Corner adjacency along hexsides between two map hexes."""
    graph: dict[Vertex, list[tuple[Vertex, Hex, Hex]]] = {}
    for h in ALL:
        for d in (0, 1, 2):
            n = h.neighbor(d)
            if n not in ON_MAP:
                continue
            v, w = side_vertices(h, n)
            graph.setdefault(v, []).append((w, h, n))
            graph.setdefault(w, []).append((v, h, n))
    return graph


def wobble(side: Hexside, salt: str) -> float:
    """A fixed pseudo-random number in [0, 1) for a hexside: the meander of streams."""
    digest = hashlib.sha1(f"{salt}:{side.hex.q}:{side.hex.r}:{side.direction}".encode()).digest()
    return digest[0] / 256


def corner_toward(h: Hex, target: Hex) -> Vertex:
    tx, ty = centre(target)
    # Pixel distance squared is proportional to dx^2 + 3 dy^2 in these scaled units.
    return min(
        (corner(h, i) for i in range(6)), key=lambda v: (v[0] - tx) ** 2 + 3 * (v[1] - ty) ** 2
    )


def trace(
    graph: dict[Vertex, list[tuple[Vertex, Hex, Hex]]],
    start: Vertex,
    goals: set[Vertex],
    cost: dict[Hexside, float],
    banned_vertices: set[Vertex],
) -> list[tuple[Hex, Hex]]:
    """Cheapest corner-to-corner walk along hexsides from ``start`` to any of ``goals``."""
    best = {start: 0.0}
    back: dict[Vertex, tuple[Vertex, Hex, Hex]] = {}
    queue = [(0.0, start)]
    while queue:
        d, v = heapq.heappop(queue)
        if d > best[v]:
            continue
        if v in goals:
            walk = []
            while v != start:
                u, a, b = back[v]
                walk.append((a, b))
                v = u
            return walk[::-1]
        for w, a, b in graph[v]:
            if w in banned_vertices and w not in goals:
                continue
            c = cost.get(side_of(a, b), 1.0)
            if c == float("inf"):
                continue
            nd = d + c
            if nd < best.get(w, float("inf")):
                best[w] = nd
                back[w] = (v, a, b)
                heapq.heappush(queue, (nd, w))
    raise AssertionError(f"no hexside walk from {start} to {sorted(goals)[:3]}")


def build_lines(
    specs: list[tuple[str, tuple[str, ...]]],
    salt: str,
    terrain: dict[Hex, str],
    taken: set[Hexside],
    end_on: set[Hexside] | None,
) -> list[tuple[str, list[tuple[Hex, Hex]]]]:
    """Streams (ending on the canal: ``end_on``) or crests along hexsides through waypoints."""
    graph = vertex_graph()
    on_road = {h for _, path in build_roads() for h in path}
    out = []
    for name, points in specs:
        cost: dict[Hexside, float] = {}
        for edges in graph.values():
            for _, a, b in edges:
                s = side_of(a, b)
                if s in cost:
                    continue
                c = 1.0 + 2.0 * wobble(s, salt + name)
                kinds = {terrain[a], terrain[b]}
                if "hilltop" in kinds:
                    c = float("inf") if kinds == {"hilltop"} else c + 12
                if "town" in kinds:
                    c += 6
                if a in on_road or b in on_road:
                    c += 1.5  # cross roads, do not run beside them
                if s in taken:
                    c = float("inf")
                cost[s] = c
        way = hexes(*points)
        walk: list[tuple[Hex, Hex]] = []
        used: set[Vertex] = set()
        start = corner_toward(way[0], way[1])
        for i in range(1, len(way)):
            last = i == len(way) - 1
            if last and end_on is not None:
                # The mouth: the canal hexsides nearest the last waypoint.
                reach = {s: min(x.distance(way[i]) for x in s.hexes) for s in end_on}
                closest = min(reach.values())
                goals = {
                    v for s, d in reach.items() if d == closest for v in side_vertices(*s.hexes)
                }
            else:
                nxt = way[i + 1] if not last else way[i - 1]
                goals = {corner_toward(way[i], nxt)}
            try:
                leg = trace(graph, start, goals, cost, used)
            except AssertionError as exc:
                raise AssertionError(f"{name} leg {i}: {exc}") from None
            for a, b in leg:
                used.update(side_vertices(a, b))
            walk.extend(leg)
            if leg:
                start = next(iter(goals)) if len(goals) == 1 else _end_vertex(start, leg)
        # A line blocked by another would take a long way round: refuse it.
        straight = sum(x.distance(y) for x, y in pairwise(way))
        assert len(walk) <= 3 * straight + 6, (
            f"{name} wanders: {len(walk)} sides for {straight} hexes"
        )
        for a, b in walk:
            taken.add(side_of(a, b))
        out.append((name, walk))
    return out


def _end_vertex(start: Vertex, leg: list[tuple[Hex, Hex]]) -> Vertex:
    v = start
    for a, b in leg:
        x, y = side_vertices(a, b)
        v = y if x == v else x
    return v


def hill_slopes() -> list[tuple[Hex, Hex]]:
    """Slope hexsides round every hill mass, lower (outside) hex first [10.31], [10.34]."""
    tops = {h for hill in HILLS.values() for h in hill}
    found = []
    for h in sorted(tops):
        for n in h.neighbors():
            if n in ON_MAP and n not in tops:
                found.append((n, h))
    return found


def preview(terrain: dict[Hex, str], roads: Iterable[list[Hex]]) -> str:
    on_road = {h for path in roads for h in path}
    lines = ["   " + "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, COLUMNS + 1))]
    for row in range(1, ROWS + 1):
        chars = []
        for c in range(1, COLUMNS + 1):
            h = cr(c, row)
            ch = CHAR[terrain[h]]
            if h in on_road and ch == ".":
                ch = "+"
            chars.append(ch)
        lines.append(f"{row:02d} " + "".join(chars))
    return "\n".join(lines)


# --- writing -------------------------------------------------------------------------------------

HEADER = """\
# Panzer '44 (SPI): the game's single fixed map.
#
# ORIGINAL DESIGN. The Panzer '44 text Hexwright has omits the map art; this map follows the
# book's structure (one fixed mapsheet [3.1]; clear, town, woods, hilltop and swamp hexes;
# bridge, crest, slope, stream and lake/river hexsides; roads [10.4]) and is drawn after the
# country round Arracourt, Lorraine, on the Marne-Rhine canal in September 1944. Every place,
# hex, hexrow, road stretch and entry hex that the fourteen scenarios [19.1]-[20.5] cite is
# placed to fit their stories. Generated by tools/boards/panzer44.py: edit the script, not
# this file.
#
# Hex IDs: CCRR, printed without a section letter ("0119"). Columns 01-61 run west to east,
# rows 01-34 north to south; EVEN columns sit half a hex lower ([18.41]: the line 0119 through
# 3134 runs 0119, 0219, 0320, 0420, 0521 ... 2832, 2933, 3033, 3134). The edges follow the
# hexes' outline (no half hexes): every column holds rows 01-34.
#
# Placeholder notes: there is no Scatter Diagram ([19.1] and [6.48] refer to one printed on
# the map; its die-roll numbering is missing from the book, so none is given here). Streams,
# slopes, crests and the canal are hexside features; slope sides are written lower
# (splashed) hex first. No elevation: the book has none ([11.12], hilltops block like woods).
#
# Design notes (where the scenarios put things):
# - The Rhine-Meuse Canal runs from the west edge (below row 25) to the east edge (below row
#   26), bowing south to rows 32/33 past Parroy. North of it: every town but Bathelmont; the
#   US of [19.3] deploys south of it, enters at 0534 and meets the German GT1 group at 4534.
#   Bridges carry the roads from 0129, 0534 (two), 4534 and 5734 over it.
# - Xerses (west) and Parroy (east) stand on the north bank as the "shoulders" of the US
#   salient that [19.3]'s German can hold from his first deployment; Parroy is south of
#   hexrow 0028 and west of 4300 [20.5], Moncourt ten road hexes north of it.
# - The highway: 0110 - junction 1109 - 2612 [19.6] - 2912 - Rechicourt - 3520 on Haut de
#   Cognumont [20.1]; Haut de Roules lies two hexes south of it with 2515 at its north foot
#   [20.3]; Tigers' copse 2511-2512 beside it, the 3118 copse west of the fort [20.1].
# - Ley is east of hexrow 2400 and north of 0016 [20.4]; Bathelmont lies south of the canal
#   behind a wood, out of sight of everything north of hexrow 0016 and west of 2300 [20.2].
#
"""


def side_text(a: Hex, b: Hex) -> str:
    return f"{hid(a)}/{hid(b)}"


def render_yaml(
    terrain: dict[Hex, str],
    hexsides: list[tuple[str, str, list[str]]],
    paths: list[tuple[str, str, list[Hex]]],
    places: dict[str, list[Hex]],
) -> str:
    out = [HEADER.rstrip("\n"), "schema_version: 1", "system: panzer44", "id: P44"]
    out += [
        'name: "Panzer \'44 map"',
        "placeholder: >-",
        "  original Hexwright design in the book's structure: the Panzer '44 text has no map art.",
        "  One fixed 61 x 34 map of 200 m hexes [1.0], [3.1] with the terrain of the Terrain",
        "  Effects Chart [10.4], drawn after the Arracourt country on the Marne-Rhine canal",
        "  (Lorraine, September 1944); the places the scenarios name (eleven towns, the Bois de",
        "  Benamont, Haut de Roules, Haut de Cognumont, the Rhine-Meuse Canal) and every hex,",
        "  hexrow and road they cite are placed to fit [19.1]-[20.5]. All terrain detail is",
        "  invented.",
        "grid:",
        f"  columns: [1, {COLUMNS}]",
        f"  rows: [1, {ROWS}]",
        "  lower_columns: even",
        "  half_hex_edges: false",
        "  placeholder: >-",
        "    size and shift read from the edge hexes the scenarios cite (0110 and 0129 on the west",
        "    edge, 1101 on the north edge, 6101-6125 on the east edge, 0534, 4534 and 3934-6134 on",
        "    the south edge) and from the [18.41] line 0119, 0219, 0320, 0420, 0521 ... 3134,",
        "    which puts the even columns half a hex lower; a single map, no half hexes",
        'printed_id: "{col:02d}{row:02d}"',
        "terrain:",
        "  legend:",
    ]
    out += [f'    "{k}": {v}' for k, v in LEGEND.items()]
    out.append("  map: |")
    for row in range(1, ROWS + 1):
        chars = "".join(CHAR[terrain[cr(c, row)]] for c in range(1, COLUMNS + 1))
        out.append(f"    {row:02d} {chars}")
    out.append("hexsides:")
    for feature, comment, sides in hexsides:
        out.append(f"  # {comment}")
        out.append(f"  - feature: {feature}")
        out.append("    sides: " + flow_list(sides, "    "))
    out.append("paths:")
    for feature, comment, path in paths:
        out.append(f"  # {comment}")
        out.append(f"  - feature: {feature}")
        out.append("    hexes: " + flow_list([hid(h) for h in path], "    "))
    out.append("places:")
    for name, found in places.items():
        out.append(f'  "{name}": ' + flow_list([hid(h) for h in sorted(found, key=hid)], "  "))
    return "\n".join(out) + "\n"


def pieces(found: Iterable[Hex]) -> int:
    """How many separate clusters of adjacent hexes ``found`` makes."""
    left = set(found)
    count = 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            for n in stack.pop().neighbors():
                if n in left:
                    left.remove(n)
                    stack.append(n)
    return count


def build() -> dict[str, object]:
    """Every feature of the map, as hexes and hexsides."""
    for name, found in [
        *TOWNS.items(),
        *HILLS.items(),
        ("Bois de Benamont", WOODS["Bois de Benamont"]),
    ]:
        assert pieces(found) == 1, f"{name} is not one piece"
        assert len(found) >= 2, name
    terrain = build_terrain()
    roads = build_roads()
    # West to east along the line: by the x of the hexside's midpoint, then north to south.
    canal = sorted(canal_sides(), key=lambda s: (s[0].q + s[1].q, row_of(s[0]) + row_of(s[1])))
    taken: set[Hexside] = {side_of(a, b) for a, b in canal}
    slopes = hill_slopes()
    taken |= {side_of(a, b) for a, b in slopes}
    canal_set = {side_of(a, b) for a, b in canal}
    streams = build_lines(STREAMS, "stream", terrain, taken, canal_set)
    crests = build_lines(CRESTS, "crest", terrain, taken, None)
    stream_set = {side_of(a, b) for _, walk in streams for a, b in walk}
    bridges: list[tuple[Hex, Hex]] = []
    for _, path in roads:
        for a, b in pairwise(path):
            s = side_of(a, b)
            if (s in canal_set or s in stream_set) and all(s != side_of(*x) for x in bridges):
                bridges.append((a, b))
    return {
        "terrain": terrain,
        "roads": roads,
        "canal": canal,
        "slopes": slopes,
        "streams": streams,
        "crests": crests,
        "bridges": bridges,
    }


def render(parts: dict[str, object]) -> str:
    """The board file's text for the features ``build`` made."""
    terrain = parts["terrain"]
    hexsides: list[tuple[str, str, list[str]]] = [
        (
            "canal",
            "the Rhine-Meuse Canal, west edge to east edge (north hex first)",
            [side_text(a, b) for a, b in parts["canal"]],
        ),
        (
            "bridge",
            "where roads cross the canal and the streams",
            [side_text(a, b) for a, b in parts["bridges"]],
        ),
    ]
    for name, walk in parts["streams"]:
        hexsides.append(("stream", name, [side_text(a, b) for a, b in walk]))
    hexsides.append(
        (
            "slope",
            "round every hill mass, lower hex first",
            [side_text(a, b) for a, b in parts["slopes"]],
        )
    )
    for name, walk in parts["crests"]:
        hexsides.append(("crest", name, [side_text(a, b) for a, b in walk]))
    paths = [("road", name, path) for name, path in parts["roads"]]
    places: dict[str, list[Hex]] = {}
    for name, town in TOWNS.items():
        places[name] = town
    places["Bois de Benamont"] = WOODS["Bois de Benamont"]
    for name in NAMED_HILLS:
        places[name] = HILLS[name]
    return render_yaml(terrain, hexsides, paths, places)


def generate() -> dict[Path, str]:
    """Every file this script writes, built in memory: path -> text."""
    return {OUTPUT: render(build())}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_check_option(parser)
    parser.add_argument(
        "--citations",
        action="store_true",
        help="also check the fourteen scenarios' citations against the map",
    )
    args = parser.parse_args(argv)
    parts = build()
    files = {OUTPUT: render(parts)}
    status = 0
    if args.check:
        status = check_files(files)
    else:
        write_files(files)
    if args.citations:
        status = max(status, check(parts))
    return status


# --- checks --------------------------------------------------------------------------------------

BLOCKING = {"town", "woods", "hilltop"}


def sees(terrain: dict[Hex, str], a: Hex, b: Hex, strict: bool) -> bool:
    """Line of sight centre to centre [11.1]: blocked by a blocking hex between the two. Where
    the line runs along a hexside, ``strict`` blocks if either hex blocks, else only if both."""
    for step in line_steps(a, b)[1:-1]:
        found = [h for h in step.hexes if h not in (a, b)]
        blocked = [terrain.get(h) in BLOCKING for h in found]
        if blocked and (any(blocked) if strict else all(blocked)):
            return False
    return True


def check(parts: dict[str, object]) -> int:
    """Check the fourteen scenarios' citations against the map; print a report."""
    from model.layout import SectionPlacement, assemble
    from model.regions import PathBetween, Polygon, RegionContext, SideOf, evaluate
    from model.resources import read_board

    terrain: dict[Hex, str] = parts["terrain"]  # type: ignore[assignment]
    roads: list[tuple[str, list[Hex]]] = parts["roads"]  # type: ignore[assignment]
    on_road = {h for _, path in roads for h in path}
    graph: dict[Hex, set[Hex]] = {}
    for _, path in roads:
        for a, b in pairwise(path):
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
    problems: list[str] = []

    def need(ok: bool, text: str) -> None:
        print(("  ok   " if ok else "  FAIL ") + text)
        if not ok:
            problems.append(text)

    def road_distance(
        a: Hex | Iterable[Hex], targets: set[Hex], allowed=lambda h: True
    ) -> int | None:
        starts = [a] if isinstance(a, Hex) else [h for h in a if h in on_road]
        seen = dict.fromkeys(starts, 0)
        queue = list(starts)
        for h in queue:
            if h in targets:
                return seen[h]
            for n in graph.get(h, ()):
                if n not in seen and allowed(n):
                    seen[n] = seen[h] + 1
                    queue.append(n)
        return None

    board = read_board(OUTPUT.read_text(encoding="utf-8"), str(OUTPUT))
    amap = assemble([SectionPlacement(board.id)], {board.id: board})
    ctx = RegionContext(amap=amap)
    col = col_of
    row = row_of
    towns = TOWNS
    edge = {
        "north": {h for h in ALL if row(h) == 1},
        "south": {h for h in ALL if row(h) == ROWS},
        "west": {h for h in ALL if col(h) == 1},
        "east": {h for h in ALL if col(h) == COLUMNS},
    }
    north = set(evaluate(SideOf(feature="canal", side="north"), ctx))
    south = set(evaluate(SideOf(feature="canal", side="south"), ctx))
    need(not north & south and len(north | south) == len(ALL), "the canal cuts the map in two")

    def entry(text: str, side: str) -> None:
        h = hx(text)
        ok = h in edge[side] and h in on_road and len(graph[h]) == 1
        need(ok, f"{text}: road end on the {side} edge ({terrain[h]})")

    print("map:")
    everything = {h for town in towns.values() for h in town}
    need(all(any(h in on_road for h in town) for town in towns.values()), "every town is on a road")
    start = next(iter(on_road))
    need(all(road_distance(start, {h}) is not None for h in on_road), "the road net is connected")
    ends = [h for h in graph if len(graph[h]) == 1]
    need(
        all(any(h in e for e in edge.values()) or h in everything for h in ends),
        "every road end is on a map edge or in a town: "
        + " ".join(hid(h) for h in ends if not any(h in e for e in edge.values())),
    )
    for name, found in {**towns, **{n: HILLS[n] for n in NAMED_HILLS}}.items():
        side = (
            "north"
            if all(h in north for h in found)
            else "south"
            if all(h in south for h in found)
            else "BOTH"
        )
        print(
            f"       {name:18} {min(col(h) for h in found):02d}-{max(col(h) for h in found):02d} x "
            f"{min(row(h) for h in found):02d}-{max(row(h) for h in found):02d}, "
            f"{len(found)} hexes, {side} of the canal"
        )

    print("every hex the scenarios cite:")
    import re

    import yaml

    def cited(node: object) -> Iterable[str]:
        if isinstance(node, dict):
            for v in node.values():
                yield from cited(v)
        elif isinstance(node, list):
            for v in node:
                yield from cited(v)
        elif isinstance(node, str) and re.fullmatch(r"\d{4}", node):
            yield node

    for f in sorted(SCENARIOS.glob("*.yaml")):
        found = sorted(set(cited(yaml.safe_load(f.read_text(encoding="utf-8")))))
        ok = all(hx(t) in ON_MAP for t in found)
        text = ", ".join(
            f"{t} {terrain.get(hx(t), 'OFF MAP')}{'+road' if hx(t) in on_road else ''}"
            for t in found
        )
        need(ok, f"{f.name.split('-')[0]}: {text}")

    print("19.1 Behind Utah:")
    east37 = {h for h in ALL if col(h) >= 37}
    best = min(
        (
            d
            for h in edge["north"] & east37 & on_road
            if (d := road_distance(h, edge["south"] & on_road, lambda n: n in east37)) is not None
        ),
        default=None,
    )
    need(
        best is not None,
        f"a road from the north edge to the south edge east of hexrow 3700 ({best} hexes)",
    )

    print("19.2 Sedan Revenged:")
    quad = set(evaluate(Polygon(corners=["1316", "1718", "2215", "1813"]), ctx))
    kinds = sorted({terrain[h] for h in quad})
    need(
        not quad & everything and not any(terrain[h] == "hilltop" for h in quad),
        f"bivouac quadrilateral, {len(quad)} hexes, open ground ({', '.join(kinds)})",
    )
    for town in ("Arracourt", "Bures"):
        d = min(a.distance(b) for a in towns[town] for b in quad)
        need(2 <= d <= 6, f"{town} {d} hexes from the quadrilateral")

    print("19.3 Bridgehead at Wallendorf:")
    for town in ("Coincourt", "Moncourt", "Ley", "Xerses", "Parroy"):
        need(all(h in north for h in towns[town]), f"{town} north of the canal")
    canal_adjacent = {a for a, b in parts["canal"]} | {b for a, b in parts["canal"]}  # type: ignore[union-attr]
    for town in ("Xerses", "Parroy", "Moncourt"):
        free = [h for h in towns[town] if h not in canal_adjacent]
        need(bool(free), f"{town}: {len(free)} hexes the German may deploy in (not adjacent)")
    entry("0534", "south")
    entry("4534", "south")
    need(hx("0534") in south and hx("4534") in south, "0534 and 4534 south of the canal")
    need(all(cr(61, r) in north for r in range(1, 26)), "6101-6125 north of the canal")
    for town in ("Coincourt", "Moncourt", "Ley"):
        d = road_distance(hx("0534"), set(towns[town]))
        need(d is not None, f"0534 to {town} by road: {d} hexes")

    print("19.4 Luneville:")
    entry("0110", "west")
    a = road_distance(hx("0534"), set(towns["Coincourt"]))
    b = road_distance(hx("0110"), set(towns["Coincourt"]))
    need(
        a is not None and b is not None and abs(a - b) <= 6,
        f"Coincourt by road: {a} from 0534, {b} from 0110",
    )

    print("19.5 Arracourt:")
    need(
        all(col(h) > 24 and row(h) < 16 for h in towns["Ley"]), "Ley east of 2400 and north of 0016"
    )
    entry("1101", "north")
    entry("0129", "west")
    rng = {h for h in edge["south"] if col(h) >= 39}
    found = sorted(hid(h) for h in rng & on_road)
    need(bool(found), f"roads enter between 3934 and 6134: {found}")
    for text in ("0110", "1101", "0129"):
        need(
            road_distance(hx(text), set(towns["Arracourt"])) is not None,
            f"{text} reaches Arracourt by road",
        )
    d = road_distance(hx("4534"), set(towns["Ley"]))
    need(d is not None, f"4534 to Ley by road: {d}")
    need(
        road_distance(hx(found[0]), set(towns["Arracourt"])) is not None,
        "south-edge entries reach Arracourt",
    )

    print("19.6 Hell's Highway:")
    stretch = set(evaluate(PathBetween(start="1109", end="2612"), ctx))
    need(bool(stretch) and stretch <= on_road, f"road 1109-2612: {len(stretch)} hexes")
    roules = set(HILLS["Haut de Roules"])
    around = {n for h in roules for n in h.neighbors() if n in ON_MAP} | roules
    gap = min(a.distance(b) for a in around for b in stretch)
    need(all(row(h) > 12 for h in around), "Haut de Roules and its neighbours south of hexrow 0012")
    need(gap >= 2, f"the German set-up area is {gap} hexes from the road")

    print("19.7 Assault on Fort Driant:")
    fort = {n for t in ("3419", "3420") for n in (hx(t), *hx(t).neighbors())}
    need(
        len(fort) == 10 and all(terrain[h] == "hilltop" for h in fort),
        "3419, 3420 and neighbours: 10 hilltop hexes",
    )
    need(fort <= set(HILLS["Haut de Cognumont"]), "the fort is on Haut de Cognumont")

    print("19.8 Attack on the Siegfried Line:")
    quad = set(evaluate(Polygon(corners=["4726", "4731", "4930", "4925"]), ctx))
    kinds = sorted(terrain[h] for h in quad)
    need(
        quad <= north and all(col(h) > 44 for h in quad),
        f"IP area north of the canal, east of 4400: {len(quad)} hexes",
    )
    need(
        sum(k in ("woods", "hilltop") for k in kinds) >= len(quad) // 2,
        f"IP area is strongpoint ground: {kinds.count('hilltop')} hilltop, "
        f"{kinds.count('woods')} woods",
    )

    print("19.9 Sarre River:")
    d = road_distance(hx("0110"), edge["east"] & on_road)
    need(d is not None, f"road across the map west to east: {d} hexes")

    print("20.1 Villers Bocage:")
    column = set(evaluate(PathBetween(start="2912", end="3520"), ctx))
    need(
        bool(column) and column <= on_road,
        f"road 2912-3520: {len(column)} hexes: " + " ".join(sorted(hid(h) for h in column)),
    )
    need(bool(column & set(towns["Rechicourt"])), "the column stands in Rechicourt")
    need(hx("3520") in HILLS["Haut de Cognumont"], "3520 (the head) is on Haut de Cognumont")
    tigers = hexes("2511 2512")
    need(
        all(terrain[h] == "woods" and h not in on_road for h in tigers)
        and any(n in on_road for h in tigers for n in h.neighbors()),
        "2511, 2512: woods beside the road",
    )
    h = hx("3118")
    need(
        terrain[h] == "woods",
        f"3118: {terrain[h]}, {min(h.distance(x) for x in column)} hexes from the column, "
        f"{min(h.distance(x) for x in HILLS['Haut de Cognumont'])} from Haut de Cognumont",
    )

    print("20.2 Operation Epsom:")
    bath = towns["Bathelmont"]
    need(
        all(col(h) < 23 and row(h) >= 17 for h in bath),
        "Bathelmont west of 2300 in the British area",
    )
    german = [h for h in ALL if col(h) < 23 and row(h) <= 15]
    seen_from = [g for g in german if any(sees(terrain, g, b, strict=False) for b in bath)]
    need(
        not seen_from,
        "no LOS to Bathelmont from the German set-up area: "
        + " ".join(hid(h) for h in seen_from[:12]),
    )
    middle = [h for h in ALL if col(h) < 23 and row(h) > 15 and terrain[h] != "town"]
    seen_mid = [g for g in middle if any(sees(terrain, g, b, strict=True) for b in bath)]
    need(
        bool(seen_mid),
        f"LOS to Bathelmont from {len(seen_mid)} hexes south of 0015 (something to fight for)",
    )

    print("20.3 Counterattack at Woensdrecht:")
    h = hx("3308")
    need(h in on_road and col(h) == 33 and len(graph[h]) == 2, "3308 is a road hex on hexrow 3300")
    need(road_distance(h, {hx("2515")} | set(stretch)) is not None, "3308 leads into the play area")
    target = hx("2515")
    canadian = [x for x in ALL if col(x) <= 23 and row(x) <= 15]
    view = [x for x in canadian if sees(terrain, x, target, strict=True)]
    view_lenient = [x for x in canadian if sees(terrain, x, target, strict=False)]
    print(
        f"       2515 is {terrain[target]}; LOS from {len(view)}-{len(view_lenient)} "
        f"of {len(canadian)} Canadian set-up hexes"
    )
    need(0 < len(view) < len(canadian) // 3, "some, not most, of the Canadian area sees 2515")
    crest_hexes = {x for _, walk in parts["crests"] for s in walk for x in s}  # type: ignore[union-attr]
    need(
        any(col(x) <= 33 and row(x) <= 15 for x in crest_hexes),
        "crest (contour splash) hexes in the play area",
    )

    print("20.4 Action at Menzelen:")
    brit = {x for x in ALL if col(x) < 24 and row(x) > 24}
    d = min((road_distance(x, set(towns["Ley"])) or 999) for x in brit & on_road)
    need(d < 999, f"British area to Ley by road: {d} hexes")

    print("20.5 Last Ditch Action at Ibbenburen:")
    need(
        all(35 <= col(h) < 43 and row(h) > 28 for h in towns["Parroy"]),
        "Parroy south of 0028, west of 4300, in the corridor",
    )
    need(all(35 <= col(h) <= 52 for h in towns["Moncourt"]), "Moncourt in the corridor 3500-5200")
    d = road_distance(towns["Parroy"], set(towns["Moncourt"]), lambda n: 35 <= col(n) <= 52)
    need(d is not None, f"Parroy to Moncourt by road inside the corridor: {d}")

    print("scenario files:")
    from model.errors import ProblemList
    from model.scenario_io import check_document
    from model.yamlio import read_yaml

    for f in sorted(SCENARIOS.glob("*.yaml")):
        try:
            check_document(read_yaml(str(f)))
            need(True, f.name)
        except ProblemList as exc:
            need(False, f"{f.name}: " + "; ".join(p.format() for p in exc.problems))
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
