"""Tiled's TMX map format: an assembled map written for Tiled, and a TMX read back as a board.

Every book's hexes are flat-topped in vertical columns, so a map is a Tiled *hexagonal* map with
``staggeraxis="x"``: Tiled's shifted columns are the ones that sit half a hex lower. Which
columns those are (``staggerindex``) follows from the map's westernmost column. Tiles are
74 x 64 pixels with 37-pixel sides, as near a regular hexagon as whole pixels go.

What the file holds:

- a tileset with one tile per (terrain, ground level) on the map, each tile carrying the
  properties ``terrain`` and ``level`` (its picture is drawn by the editor, which knows the
  colours: :mod:`editor.mapview.tmx`);
- a tile layer ``terrain`` (CSV; 0 where the grid's rectangle has no hex, as at the ends of a
  staggered layout);
- object layers ``hexsides`` (a line along each hexside with features, of type ``hexside``, its
  two cells in ``cells``), one per path feature such as ``road`` or ``stream`` (polylines of
  type ``path`` through hex centres), ``places`` (named hexes) and ``units`` (the counters set
  up on hexes, with side, nation, unit type and facing);
- map properties naming the system and, for a single board, its printed grid, so that
  :func:`model.tmx_read.board_from_tmx` gives the board back whole (half-hexes and printed IDs
  included).

A TMX made elsewhere reads too: its cells become a board of ``width`` x ``height`` hexes
numbered from 0101, each cell's terrain from its tile's ``terrain`` property.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from model.counters import MapCounter
from model.hexes import Hex, Hexside
from model.layout import AssembledMap, SectionPlacement
from model.terrainview import MapTerrain

TILE_WIDTH = 74
TILE_HEIGHT = 64
SIDE = 37
#: Where a column starts: the tile's width less one slanted side's run.
COLUMN_WIDTH = (TILE_WIDTH - SIDE) // 2 + SIDE

Tile = tuple[str, int]  # (terrain, ground level)
Point = tuple[float, float]


class TmxError(ValueError):
    """A TMX file Hexwright cannot read as a board; the message says what and where."""


@dataclass(frozen=True)
class TmxGrid:
    """Where each hex of a map lies on Tiled's rectangular grid of staggered columns.

    Offset rows: ``row = r + (q - (q & 1)) // 2`` puts odd ``q`` half a hex lower, as a
    flat-topped axial grid has them; the grid's column 0 is the map's westernmost ``q``.
    """

    first_q: int
    first_row: int
    width: int
    height: int

    @classmethod
    def of(cls, hexes: Iterable[Hex]) -> TmxGrid:
        cells = [(h.q, _offset_row(h)) for h in hexes]
        if not cells:
            raise TmxError("the map has no hexes")
        qs = [q for q, _ in cells]
        rows = [r for _, r in cells]
        return cls(min(qs), min(rows), max(qs) - min(qs) + 1, max(rows) - min(rows) + 1)

    @property
    def stagger_index(self) -> str:
        """Tiled's name for the shifted columns: its column 0 is shifted when ``first_q`` is odd."""
        return "even" if self.first_q & 1 else "odd"

    def cell(self, h: Hex) -> tuple[int, int]:
        return h.q - self.first_q, _offset_row(h) - self.first_row

    def hex_at(self, x: int, y: int) -> Hex:
        q = x + self.first_q
        return Hex(q, y + self.first_row - (q - (q & 1)) // 2)

    def shifted(self, x: int) -> bool:
        return bool((x + self.first_q) & 1)

    def centre(self, x: int, y: int) -> Point:
        """The centre of cell ``(x, y)`` in Tiled's pixels, as Tiled lays it out."""
        top = y * TILE_HEIGHT + (TILE_HEIGHT // 2 if self.shifted(x) else 0)
        return x * COLUMN_WIDTH + TILE_WIDTH / 2, top + TILE_HEIGHT / 2

    def corners(self, x: int, y: int) -> list[Point]:
        cx, cy = self.centre(x, y)
        w, h, s = TILE_WIDTH / 2, TILE_HEIGHT / 2, SIDE / 2
        return [(cx + w, cy), (cx + s, cy + h), (cx - s, cy + h), (cx - w, cy), (cx - s, cy - h),
                (cx + s, cy - h)]  # fmt: skip

    def pixel_size(self) -> tuple[int, int]:
        return self.width * COLUMN_WIDTH + (TILE_WIDTH - SIDE) // 2, (
            self.height * TILE_HEIGHT + TILE_HEIGHT // 2
        )


def _offset_row(h: Hex) -> int:
    return h.r + (h.q - (h.q & 1)) // 2


def map_tiles(terrain: MapTerrain) -> list[Tile]:
    """The tiles a map needs, one per (terrain, ground level) as the map shows them
    (:meth:`~model.terrainview.MapTerrain.shown`), in a stable order."""
    return sorted({terrain.shown(h) for h in terrain.hexes()})


def tmx_text(
    terrain: MapTerrain,
    *,
    title: str,
    tileset_image: str,
    tileset_columns: int,
    tiles: Sequence[Tile],
    counters: Sequence[MapCounter] = (),
    colours: Mapping[str, str] | None = None,
) -> str:
    """The TMX document of ``terrain``'s map.

    ``tileset_image`` is the tileset picture's file name beside the TMX, holding ``tiles`` in
    that order, ``tileset_columns`` to a row (see :func:`map_tiles`). ``colours``: an object
    layer's colour in Tiled (``#rrggbb``) by its name: ``hexsides``, a path feature
    (``road``), ``places``, ``units``.
    """
    amap = terrain.amap
    grid = TmxGrid.of(amap.hexes)
    gid = {tile: i + 1 for i, tile in enumerate(tiles)}
    data = [[0] * grid.width for _ in range(grid.height)]
    for h in amap.hexes:
        x, y = grid.cell(h)
        data[y][x] = gid[terrain.shown(h)]
    properties: dict[str, str] = {"hexwright:title": title}
    system = terrain.system
    if system is not None:
        properties["hexwright:system"] = system.value
    if len(amap.placements) == 1 and amap.placements[0] == SectionPlacement(
        amap.placements[0].section
    ):
        properties.update(_board_properties(amap))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down"'
        f' width="{grid.width}" height="{grid.height}" tilewidth="{TILE_WIDTH}"'
        f' tileheight="{TILE_HEIGHT}" infinite="0" hexsidelength="{SIDE}" staggeraxis="x"'
        f' staggerindex="{grid.stagger_index}" nextlayerid="{{layers}}" nextobjectid="{{next}}">',
        *_properties(properties, " "),
        *_tileset(tiles, tileset_image, tileset_columns),
        f' <layer id="1" name="terrain" width="{grid.width}" height="{grid.height}">',
        '  <data encoding="csv">',
        ",\n".join(",".join(str(g) for g in row) for row in data),
        "  </data>",
        " </layer>",
    ]
    objects = _Objects(grid, colours)
    out += objects.layer("hexsides", _hexside_objects(terrain, grid))
    paths = _path_objects(amap, grid)
    for feature in sorted(paths):
        out += objects.layer(feature, paths[feature])
    out += objects.layer("places", _place_objects(amap, grid))
    out += objects.layer("units", _unit_objects(counters, grid))
    out.append("</map>")
    text = "\n".join(out).replace("{next}", str(objects.next_id))
    return text.replace("{layers}", str(objects.next_layer)) + "\n"


def _board_properties(amap: AssembledMap) -> dict[str, str]:
    """A single board's printed grid, so that reading the TMX gives the board back."""
    section = amap.sections[amap.placements[0].section]
    g = section.grid
    found = {
        "hexwright:board": section.id,
        "hexwright:board-name": section.name,
        "hexwright:columns": f"{g.first_column} {g.last_column}",
        "hexwright:rows": f"{g.first_row} {g.last_row}",
        "hexwright:lower-columns": g.lower_columns.value,
        "hexwright:half-hex-edges": "true" if g.half_hex_edges else "false",
        "hexwright:printed-id": section.printed_id,
    }
    if g.paths_cross_ends:
        found["hexwright:paths-cross-ends"] = "true"
    return found


def _properties(values: Mapping[str, str], indent: str) -> list[str]:
    if not values:
        return []
    lines = [f"{indent}<properties>"]
    for name, value in values.items():
        lines.append(f"{indent} <property name={quoteattr(name)} value={quoteattr(value)}/>")
    lines.append(f"{indent}</properties>")
    return lines


def _tileset(tiles: Sequence[Tile], image: str, columns: int) -> list[str]:
    rows = -(-len(tiles) // columns) if tiles else 0
    lines = [
        f' <tileset firstgid="1" name="terrain" tilewidth="{TILE_WIDTH}"'
        f' tileheight="{TILE_HEIGHT}" tilecount="{len(tiles)}" columns="{columns}">',
        f'  <image source={quoteattr(image)} width="{columns * TILE_WIDTH}"'
        f' height="{rows * TILE_HEIGHT}"/>',
    ]
    for i, (terrain_id, level) in enumerate(tiles):
        lines.append(f'  <tile id="{i}">')
        lines.append("   <properties>")
        lines.append(f'    <property name="terrain" value={quoteattr(terrain_id)}/>')
        lines.append(f'    <property name="level" type="int" value="{level}"/>')
        lines.append("   </properties>")
        lines.append("  </tile>")
    lines.append(" </tileset>")
    return lines


@dataclass(frozen=True)
class _Object:
    name: str
    kind: str
    points: tuple[Point, ...]  # one point: a point object; more: a polyline
    properties: Mapping[str, str]


class _Objects:
    """Object layers with ids unique across the map (layer 1 is the terrain)."""

    def __init__(self, grid: TmxGrid, colours: Mapping[str, str] | None) -> None:
        self.grid = grid
        self.colours = colours or {}
        self.next_id = 1
        self.next_layer = 2

    def layer(self, name: str, objects: Iterable[_Object]) -> list[str]:
        colour = self.colours.get(name)
        colour_attr = f" color={quoteattr(colour)}" if colour else ""
        lines = [f' <objectgroup id="{self.next_layer}" name={quoteattr(name)}{colour_attr}>']
        self.next_layer += 1
        for obj in objects:
            (x0, y0), rest = obj.points[0], obj.points[1:]
            lines.append(
                f'  <object id="{self.next_id}" name={quoteattr(obj.name)}'
                f' type={quoteattr(obj.kind)} x="{x0:g}" y="{y0:g}">'
            )
            self.next_id += 1
            lines += _properties(obj.properties, "   ")
            if rest:
                points = " ".join(f"{x - x0:g},{y - y0:g}" for x, y in obj.points)
                lines.append(f'   <polyline points="{points}"/>')
            else:
                lines.append("   <point/>")
            lines.append("  </object>")
        lines.append(" </objectgroup>")
        return lines


def _shared_corners(grid: TmxGrid, a: tuple[int, int], b: tuple[int, int]) -> tuple[Point, ...]:
    """The two corners of cell ``a`` nearest cell ``b``'s centre: the side they share."""
    bx, by = grid.centre(*b)
    ranked = sorted(grid.corners(*a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
    return tuple(ranked[:2])


def _hexside_objects(terrain: MapTerrain, grid: TmxGrid) -> Iterable[_Object]:
    for side, features in sorted(terrain.all_hexside_features().items(), key=_side_key):
        if not features:
            continue
        a, b = side.hexes
        lower = {terrain.lower(side, f) for f in features} - {None}
        if lower and b in lower:
            a, b = b, a  # the lower side of a slope first, as a board writes it
        ca, cb = grid.cell(a), grid.cell(b)
        yield _Object(
            " ".join(sorted(features)),
            "hexside",
            _shared_corners(grid, ca, cb),
            {
                "features": " ".join(sorted(features)),
                "cells": f"{ca[0]},{ca[1]} {cb[0]},{cb[1]}",
                "hexes": f"{terrain.amap.name(a)}/{terrain.amap.name(b)}",
            },
        )


def _side_key(item: tuple[Hexside, frozenset[str]]) -> tuple[int, ...]:
    a, b = item[0].hexes
    return (a.q, a.r, b.q, b.r)


def _path_objects(amap: AssembledMap, grid: TmxGrid) -> dict[str, list[_Object]]:
    """Each path feature's polylines through hex centres, by feature."""
    segments: dict[str, set[Hexside]] = {}
    for placement in amap.placements:
        section = amap.section_of(placement)
        for side, features in section.path_features.items():
            a, b = (placement.to_global(h) for h in side.hexes)
            for feature in features:
                segments.setdefault(feature, set()).add(Hexside.between(a, b))
    for side, features in amap.paths_across_joins.items():  # roads meeting end to end
        for feature in features:
            segments.setdefault(feature, set()).add(side)
    found: dict[str, list[_Object]] = {}
    for feature in sorted(segments):
        for chain in _chains(segments[feature]):
            cells = [grid.cell(h) for h in chain]
            found.setdefault(feature, []).append(
                _Object(
                    feature,
                    "path",
                    tuple(grid.centre(*c) for c in cells),
                    {"feature": feature, "cells": " ".join(f"{x},{y}" for x, y in cells)},
                )
            )
    return found


def _chains(sides: set[Hexside]) -> list[list[Hex]]:
    """Hexsides crossed by one feature as walks from hex to hex, each step used once."""
    links: dict[Hex, set[Hex]] = {}
    for side in sides:
        a, b = side.hexes
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    order = sorted(links, key=lambda h: (len(links[h]) % 2 == 0, h.q, h.r))  # ends first
    chains = []
    for start in order:
        while links[start]:
            chain = [start]
            here = start
            while links[here]:
                nxt = min(links[here], key=lambda h: (h.q, h.r))
                links[here].discard(nxt)
                links[nxt].discard(here)
                chain.append(nxt)
                here = nxt
            chains.append(chain)
    return chains


def _place_objects(amap: AssembledMap, grid: TmxGrid) -> Iterable[_Object]:
    for placement in amap.placements:
        section = amap.section_of(placement)
        for name in sorted(section.places):
            for h in sorted(section.places[name]):
                g = placement.to_global(h)
                yield _Object(name, "place", (grid.centre(*grid.cell(g)),), {"hex": amap.name(g)})


def _unit_objects(counters: Sequence[MapCounter], grid: TmxGrid) -> Iterable[_Object]:
    for c in counters:
        values = {"side": c.side, "nation": c.nation, "unit": c.unit}
        if c.facing is not None:
            values["facing"] = str(c.facing)
        yield _Object(c.label, "unit", (grid.centre(*grid.cell(c.hex)),), values)
