"""Working out the hexes of a region on an assembled map (the region language's types and
:func:`model.regions.evaluate` are in :mod:`model.regions`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from model.board import BoardSection
from model.edges import Compass
from model.errors import did_you_mean
from model.grid import hex_to_pixel
from model.hexes import DIRECTIONS, Hex, line_steps, within
from model.layout import AssembledMap
from model.regions import (
    AllOf,
    AnyOf,
    AwayFrom,
    CenterHexes,
    Choice,
    Corners,
    EdgeRegion,
    HexesRegion,
    Hexrow,
    LineSide,
    Outside,
    PathBetween,
    Place,
    Polygon,
    Region,
    RegionContext,
    RegionError,
    Sections,
    SideOf,
    TerrainFilter,
    WholeMap,
    Within,
    Zones,
)


def hexes_of(
    region: Region, ctx: RegionContext, path: tuple[str | int, ...] = ()
) -> frozenset[Hex]:
    """The hexes of ``region`` on ``ctx.amap``. Problems go to ``ctx.errors``; a region with a
    problem evaluates to what could be resolved. Past the context's budget every region is
    empty, and the region that crossed it says so (once)."""
    if ctx.budget is not None and ctx.counted > ctx.budget:
        return frozenset()
    handler = _HANDLERS[type(region)]
    found = frozenset(handler(region, ctx, path))
    if ctx.budget is not None:
        ctx.counted += len(found)
        if ctx.counted > ctx.budget:
            ctx.errors.append(
                RegionError(
                    path,
                    f"the file's regions hold more than {ctx.budget:,} hexes in all, counted "
                    "as each is worked out: Hexwright's limit, far beyond any real scenario "
                    "(the regions after this one are not worked out)",
                )
            )
            return frozenset()
    return found


def _hexes(region: HexesRegion, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    found = set()
    for i, name in enumerate(region.hexes):
        h = ctx.resolve(name, (*path, "hexes", i))
        if h is not None:
            found.add(h)
    return found


def _whole(region: WholeMap, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    return set(ctx.amap.hexes)


def _placement_index(
    ctx: RegionContext, board: str | None, path: tuple[str | int, ...]
) -> int | None:
    if board is None:
        return 0
    for i, placement in enumerate(ctx.amap.placements):
        if placement.name.upper() == board.upper() or placement.section.upper() == board.upper():
            return i
    ctx.errors.append(RegionError((*path, "board"), f"the layout has no section '{board}'"))
    return None


def _hexrow(region: Hexrow, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    if (region.column is None) == (region.row is None):
        ctx.errors.append(RegionError(path, "give either 'column' or 'row', not both"))
        return set()
    index = _placement_index(ctx, region.board, path)
    if index is None:
        return set()
    placement = ctx.amap.placements[index]
    column_mode = region.column is not None
    if column_mode and region.side in ("north", "south"):
        ctx.errors.append(RegionError((*path, "side"), "a column hexrow has sides east and west"))
        return set()
    if not column_mode and region.side in ("east", "west"):
        ctx.errors.append(RegionError((*path, "side"), "a row hexrow has sides north and south"))
        return set()
    line = region.column if column_mode else region.row
    assert line is not None
    result = set()
    printed = _printed(ctx.amap, index)
    for h in ctx.amap.hexes:
        column, row = printed[h]
        value = column if column_mode else row
        sign = 1 if placement.flipped else -1
        # In the section's own frame east means larger columns; a flipped section runs backwards.
        delta = (value - line) * (-sign)
        if region.side == "on":
            keep = value == line
        elif region.side in ("east", "south"):
            keep = delta > 0 or (region.inclusive and delta == 0)
        else:
            keep = delta < 0 or (region.inclusive and delta == 0)
        if keep:
            result.add(h)
    return result


def _printed(amap: AssembledMap, index: int) -> dict[Hex, tuple[int, int]]:
    """Every map hex's printed column and row in the numbering of placement ``index`` (they
    continue past the section's own edge), worked out once per map."""
    key = ("printed", index)
    found: dict[Hex, tuple[int, int]] | None = amap.derived.get(key)
    if found is None:
        placement = amap.placements[index]
        grid = amap.section_of(placement).grid
        found = {h: grid.to_printed(placement.to_local(h)) for h in amap.hexes}
        amap.derived[key] = found
    return found


def _pixel(h: Hex) -> tuple[float, float]:
    return hex_to_pixel(h, 1.0)


def _line_side(region: LineSide, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    a = ctx.resolve(region.start, (*path, "start"))
    b = ctx.resolve(region.end, (*path, "end"))
    if a is None or b is None:
        return set()
    on_line = {h for step in line_steps(a, b) for h in step.hexes}
    (ax, ay), (bx, by) = _pixel(a), _pixel(b)
    result = set()
    for h in ctx.amap.hexes:
        if h in on_line:
            if region.inclusive:
                result.add(h)
            continue
        x, y = _pixel(h)
        # Signed area: where is h relative to the infinite line a-b (screen y down)?
        if region.side in ("north", "south"):
            if ax == bx:
                continue
            y_line = ay + (by - ay) * (x - ax) / (bx - ax)
            if (y > y_line) == (region.side == "south"):
                result.add(h)
        else:
            if ay == by:
                continue
            x_line = ax + (bx - ax) * (y - ay) / (by - ay)
            if (x > x_line) == (region.side == "east"):
                result.add(h)
    return result


def _polygon(region: Polygon, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    corners = [ctx.resolve(n, (*path, "corners", i)) for i, n in enumerate(region.corners)]
    if any(c is None for c in corners):
        return set()
    points = [_pixel(c) for c in corners if c is not None]
    boundary = {
        h
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
        if a is not None and b is not None
        for step in line_steps(a, b)
        for h in step.hexes
    }
    result = set()
    for h in ctx.amap.hexes:
        if h in boundary:
            if region.inclusive:
                result.add(h)
        elif _inside(_pixel(h), points):
            result.add(h)
    return result


def _inside(p: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _path_between(region: PathBetween, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    a = ctx.resolve(region.start, (*path, "start"))
    b = ctx.resolve(region.end, (*path, "end"))
    if a is None or b is None:
        return set()
    graph = path_graph(ctx.amap, region.feature)
    previous: dict[Hex, Hex | None] = {a: None}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            break
        for n in graph.get(h, ()):
            if n not in previous:
                previous[n] = h
                queue.append(n)
    if b not in previous:
        ctx.errors.append(
            RegionError(path, f"no {region.feature} runs from {region.start} to {region.end}")
        )
        return set()
    result: set[Hex] = set()
    current: Hex | None = b
    while current is not None:
        result.add(current)
        current = previous[current]
    return result


def path_graph(amap: AssembledMap, feature: str) -> dict[Hex, set[Hex]]:
    """Hex adjacency along a path feature (roads run hex to hex across hexsides)."""
    graph: dict[Hex, set[Hex]] = {}
    for placement in amap.placements:
        section = amap.section_of(placement)
        for side, features in section.path_features.items():
            if feature not in features:
                continue
            a, b = (placement.to_global(h) for h in side.hexes)
            if a in amap.hexes and b in amap.hexes:
                graph.setdefault(a, set()).add(b)
                graph.setdefault(b, set()).add(a)
    for side, features in amap.paths_across_joins.items():  # roads meeting end to end
        if feature in features:
            a, b = side.hexes
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
    return graph


def _place(region: Place, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    result: set[Hex] = set()
    known: list[str] = []
    for placement in ctx.amap.placements:
        if region.board and region.board.upper() not in (
            placement.name.upper(),
            placement.section.upper(),
        ):
            continue
        section = ctx.amap.section_of(placement)
        known.extend(section.places)
        hexes = section.places.get(region.name)
        if hexes:
            result.update(placement.to_global(h) for h in hexes)
    if not result:
        hint = did_you_mean(region.name, known)
        ctx.errors.append(
            RegionError(
                (*path, "name"),
                f"no place named '{region.name}' on the map" + (f"; {hint}" if hint else ""),
            )
        )
    return {h for h in result if h in ctx.amap.hexes}


def _zones(region: Zones, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    index = _placement_index(ctx, region.board, path)
    if index is None:
        return set()
    placement = ctx.amap.placements[index]
    section = ctx.amap.section_of(placement)
    result: set[Hex] = set()
    for i, zone in enumerate(region.zones):
        hexes = section.zones.get(zone)
        if hexes is None:
            ctx.errors.append(
                RegionError((*path, "zones", i), f"board {section.id} has no zone {zone}")
            )
            continue
        result.update(placement.to_global(h) for h in hexes)
    return result


def _section_hexes(ctx: RegionContext, index: int) -> set[Hex]:
    """The hexes placement ``index`` covers (a copy: callers change it), found once per map."""
    key = ("section hexes", index)
    found: frozenset[Hex] | None = ctx.amap.derived.get(key)
    if found is None:
        hexes = ctx.amap.hexes.items()
        found = frozenset(h for h, mh in hexes if any(p.placement == index for p in mh.parts))
        ctx.amap.derived[key] = found
    return set(found)


def _sections(region: Sections, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    chosen: set[int] = set()
    for i, name in enumerate(region.sections):
        index = _placement_index(ctx, name, (*path, "sections", i))
        if index is not None:
            chosen.add(index)
    count = len(ctx.amap.placements)
    if region.including_side or region.excluding_side:
        letter = region.including_side or region.excluding_side
        assert letter is not None
        side = ctx.edges.sides.get(letter.upper())
        if side is None:
            ctx.errors.append(RegionError(path, f"there is no Side {letter}; Sides are A to D"))
            return set()
        touching = {p.placement for h in side for p in ctx.amap.hexes[h].parts}
        picked = touching if region.including_side else set(range(count)) - touching
        chosen = chosen & picked if region.sections else picked
    if region.center:
        chosen.add(_center_section(ctx))
    result: set[Hex] = set()
    for index in chosen:
        result |= _section_hexes(ctx, index)
    return result


def _center_section(ctx: RegionContext) -> int:
    """The section in the middle of the line from Side A to Side B."""
    axis = 1 if ctx.edges.side_a in (Compass.NORTH, Compass.SOUTH) else 0
    centres = []
    for i in range(len(ctx.amap.placements)):
        points = [_pixel(h)[axis] for h in _section_hexes(ctx, i)]
        centres.append((sum(points) / len(points), i))
    centres.sort()
    return centres[len(centres) // 2][1]


def _edge(region: EdgeRegion, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    if region.edge in ("A", "B", "C", "D"):
        hexes = set(ctx.edges.sides[region.edge])
    else:
        hexes = set(ctx.edges.edges[Compass(region.edge)])
    if region.board:
        index = _placement_index(ctx, region.board, path)
        if index is None:
            return set()
        hexes &= _section_hexes(ctx, index)
    if (region.start is None) != (region.end is None):
        ctx.errors.append(RegionError(path, "give both 'start' and 'end' for part of an edge"))
        return hexes
    if region.start and region.end:
        a = ctx.resolve(region.start, (*path, "start"))
        b = ctx.resolve(region.end, (*path, "end"))
        if a is None or b is None:
            return set()
        for h, name in ((a, region.start), (b, region.end)):
            if h not in hexes:
                ctx.errors.append(RegionError(path, f"{name} is not on the {region.edge} edge"))
        (ax, ay), (bx, by) = _pixel(a), _pixel(b)
        lo_x, hi_x, lo_y, hi_y = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        hexes = {
            h
            for h in hexes
            if lo_x - 1e-6 <= _pixel(h)[0] <= hi_x + 1e-6
            and lo_y - 1e-6 <= _pixel(h)[1] <= hi_y + 1e-6
        }
    return hexes


def _corners(region: Corners, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    result = set()
    for i, number in enumerate(region.corners):
        corner = ctx.edges.numbered_corners.get(number)
        if corner is None:
            ctx.errors.append(
                RegionError(
                    (*path, "corners", i), f"there is no Corner {number}; Corners are 1 to 4"
                )
            )
        else:
            result.add(corner)
    return result


def _center_hexes(region: CenterHexes, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    indexes: set[int] = set()
    for i, name in enumerate(region.sections):
        index = _placement_index(ctx, name, (*path, "sections", i))
        if index is not None:
            indexes.add(index)
    if region.center_section:
        indexes.add(_center_section(ctx))
    if not region.sections and not region.center_section:
        indexes = set(range(len(ctx.amap.placements)))
    result: set[Hex] = set()
    for index in indexes:
        placement = ctx.amap.placements[index]
        result.update(placement.to_global(h) for h in ctx.amap.section_of(placement).center_hexes)
    return result


def _within(region: Within, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    """The map's hexes within ``distance`` of the core region's: each core hex's disk walked
    when the disks are small beside the map; else the map's hexes measured from a core of up
    to 64 hexes (:func:`_measured`); else one search from all the core at once
    (:func:`_near`). The cost is bounded by the map's, not by the core times the disk (2,000
    victory conditions each "within 100-199 hexes" of one hex took 245 s to validate on a map
    of 1,460 hexes: 68,000 hexes a disk)."""
    core = hexes_of(region.of, ctx, (*path, "of"))
    hexes = ctx.amap.hexes
    radius = region.distance
    disk = 3 * radius * (radius + 1) + 1
    if len(core) * disk <= 4 * len(hexes):
        return {h for c in core for h in within(c, radius) if h in hexes}
    if len(core) <= 64:  # a few hexes: the map's hexes measured from each, as arrays
        return _measured(core, radius, ctx)
    return _near(core, radius, hexes)


def _measured(core: Collection[Hex], radius: int, ctx: RegionContext) -> set[Hex]:
    """The map's hexes within ``radius`` of some hex of ``core``, each of the map's measured
    from each core hex with numpy (which shapely brings), a few microseconds a core hex."""
    import numpy as np  # here: most scenarios never ask, and the import costs a start

    if ctx._coords is None:
        order = list(ctx.amap.hexes)
        ctx._coords = (order, np.array([h.q for h in order]), np.array([h.r for h in order]))
    order, qs, rs = ctx._coords
    near = np.zeros(len(order), dtype=bool)
    for c in core:
        dq, dr = qs - c.q, rs - c.r
        near |= np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)) <= radius
    return {order[i] for i in np.flatnonzero(near).tolist()}


def _near(core: Collection[Hex], radius: int, hexes: Mapping[Hex, object]) -> set[Hex]:
    """The hexes of ``hexes`` within ``radius`` of some hex of ``core``: a breadth-first
    search from all of ``core`` at once, ring by ring, kept within the cube-coordinate box of
    the map and the core.

    Why the box loses no hex: a hex distance is the largest difference of the three cube
    coordinates, and a shortest path can always step monotonically in each of them, so the
    path between a core hex and a map hex stays within the box of the two.
    """
    points = [*hexes, *core]
    if not points or not core:
        return set()
    q_lo, q_hi = min(h.q for h in points), max(h.q for h in points)
    r_lo, r_hi = min(h.r for h in points), max(h.r for h in points)
    s_lo, s_hi = min(-h.q - h.r for h in points), max(-h.q - h.r for h in points)
    steps = [(d.q, d.r) for d in DIRECTIONS]
    seen = set(core)
    frontier = list(core)
    for _ in range(radius):
        found = []
        for h in frontier:
            for dq, dr in steps:
                q, r = h.q + dq, h.r + dr
                if q_lo <= q <= q_hi and r_lo <= r <= r_hi and s_lo <= -q - r <= s_hi:
                    n = Hex(q, r)
                    if n not in seen:
                        seen.add(n)
                        found.append(n)
        if not found:
            break
        frontier = found
    return {h for h in seen if h in hexes}


def _away_from(region: AwayFrom, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    near = _within(Within(distance=max(region.distance - 1, 0), of=region.of), ctx, path)
    if region.distance == 0:
        return set(ctx.amap.hexes)
    return set(ctx.amap.hexes) - near


def _side_of(region: SideOf, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    feature = region.feature
    on_feature: set[Hex] = set()
    blocked_sides: set[frozenset[Hex]] = set()
    on_feature.update(h for h, kinds in ctx.overlay_terrain.items() if feature in kinds)
    for placement in ctx.amap.placements:
        section = ctx.amap.section_of(placement)
        for side, features in section.path_features.items():
            if feature in features:
                on_feature.update(placement.to_global(h) for h in side.hexes)
        for h, terrain in section.terrain.items():
            if terrain == feature:
                on_feature.add(placement.to_global(h))
        for side, features in section.hexside_features.items():
            if feature in features:
                blocked_sides.add(frozenset(placement.to_global(h) for h in side.hexes))
    if not on_feature and not blocked_sides:
        ctx.errors.append(RegionError((*path, "feature"), f"the map has no '{feature}'"))
        return set()
    start = {h for h in ctx.edges.edges[Compass(region.side)] if h not in on_feature}
    seen = set(start)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in h.neighbors():
            if n in seen or n not in ctx.amap.hexes or n in on_feature:
                continue
            if frozenset((h, n)) in blocked_sides:
                continue
            seen.add(n)
            queue.append(n)
    if not region.adjacent:
        # Next to the feature: beside a hex it runs through, or on a hexside it runs along.
        beside = {h for side in blocked_sides for h in side}
        seen = {
            h for h in seen if h not in beside and not any(n in on_feature for n in h.neighbors())
        }
    return seen


def _terrain(region: TerrainFilter, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    scope = hexes_of(region.within, ctx, (*path, "within")) if region.within else ctx.amap.hexes
    wanted = set(region.terrain)
    terrain_of = ctx.terrain_of or _printed_terrain(ctx.amap, ctx.overlay_terrain)
    return {h for h in scope if wanted & set(terrain_of(h))}


def _printed_terrain(
    amap: AssembledMap, overlay_terrain: Mapping[Hex, Sequence[str]]
) -> Callable[[Hex], Iterable[str]]:
    """Terrain of a hex: its overlays' (which replace the printed terrain [Armor Setup II.C.7])
    or the boards', with the path features through it."""

    def terrain_of(h: Hex) -> Iterable[str]:
        found: set[str] = set(overlay_terrain.get(h, ()))
        if found:
            # Building kinds also count as 'building' for regions that ask for any building.
            return found | {"building" for k in found if k.endswith("building")}
        for part in amap.hexes[h].parts:
            placement = amap.placements[part.placement]
            section = amap.section_of(placement)
            found.add(section.terrain.get(part.local, ""))
            found.update(_paths_through(section).get(part.local, ()))
        return found

    return terrain_of


_PATHS: dict[int, tuple[BoardSection, dict[Hex, frozenset[str]]]] = {}


def _paths_through(section: BoardSection) -> dict[Hex, frozenset[str]]:
    """The path features (roads, streams...) through each hex of a board, worked out once per
    board: a terrain region over a map asked every hexside of its board for every hex (1.5
    million hexside lookups to validate the built-in scenarios)."""
    kept = _PATHS.get(id(section))
    if kept is not None and kept[0] is section:
        return kept[1]
    through: dict[Hex, set[str]] = {}
    for side, features in section.path_features.items():
        for h in side.hexes:
            through.setdefault(h, set()).update(features)
    index = {h: frozenset(f) for h, f in through.items()}
    _PATHS[id(section)] = (section, index)
    return index


def _all_of(region: AllOf, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    sets = [hexes_of(r, ctx, (*path, "regions", i)) for i, r in enumerate(region.regions)]
    return set(frozenset.intersection(*sets)) if sets else set()


def _any_of(region: AnyOf, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    result: set[Hex] = set()
    for i, r in enumerate(region.regions):
        result |= hexes_of(r, ctx, (*path, "regions", i))
    return result


def _outside(region: Outside, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    return set(ctx.amap.hexes) - hexes_of(region.region, ctx, (*path, "region"))


def _choice(region: Choice, ctx: RegionContext, path: tuple[str | int, ...]) -> set[Hex]:
    # Before the choice is made, every option is possible: the union shows them all.
    return _any_of(AnyOf(regions=region.options), ctx, path)


_HANDLERS: dict[type, Callable[..., set[Hex]]] = {
    HexesRegion: _hexes,
    WholeMap: _whole,
    Hexrow: _hexrow,
    LineSide: _line_side,
    Polygon: _polygon,
    PathBetween: _path_between,
    Place: _place,
    Zones: _zones,
    Sections: _sections,
    EdgeRegion: _edge,
    Corners: _corners,
    CenterHexes: _center_hexes,
    Within: _within,
    AwayFrom: _away_from,
    SideOf: _side_of,
    TerrainFilter: _terrain,
    AllOf: _all_of,
    AnyOf: _any_of,
    Outside: _outside,
    Choice: _choice,
}
