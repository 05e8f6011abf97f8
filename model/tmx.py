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
  :func:`board_from_tmx` gives the board back whole (half-hexes and printed IDs included).

A TMX made elsewhere reads too: its cells become a board of ``width`` x ``height`` hexes
numbered from 0101, each cell's terrain from its tile's ``terrain`` property.
"""

from __future__ import annotations

import base64
import gzip
import itertools
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from model.board import (
    BOARD_SCHEMA_VERSION,
    BoardFile,
    BoardSection,
    GridSpec,
    HexsideFeature,
    PathFeature,
    compile_board,
)
from model.boardedit import blank_terrain_map, elevation_map_for, terrain_map_for
from model.counters import MapCounter
from model.grid import Parity
from model.hexes import Hex, Hexside
from model.layout import AssembledMap, SectionPlacement
from model.limits import MAX_BOARD_SPAN
from model.systems import GameSystem
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
    return {
        "hexwright:board": section.id,
        "hexwright:board-name": section.name,
        "hexwright:columns": f"{g.first_column} {g.last_column}",
        "hexwright:rows": f"{g.first_row} {g.last_row}",
        "hexwright:lower-columns": g.lower_columns.value,
        "hexwright:half-hex-edges": "true" if g.half_hex_edges else "false",
        "hexwright:printed-id": section.printed_id,
    }


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


# --- reading a TMX back as a board ---------------------------------------------------------------


@dataclass(frozen=True)
class _Read:
    width: int
    height: int
    stagger_index: str
    properties: dict[str, str]
    cells: dict[tuple[int, int], Tile]
    hexsides: list[tuple[str, tuple[int, int], tuple[int, int]]]  # (feature, a, b)
    paths: list[tuple[str, list[tuple[int, int]]]]


def board_from_tmx(
    text: str, path: str, *, system: GameSystem | None = None, board_id: str | None = None
) -> tuple[BoardFile, list[str]]:
    """The board a TMX file holds, and notes on what could not be kept.

    A TMX that Hexwright wrote of one board names the board's printed grid in its properties
    and reads back as that board; any other is a board of ``width`` x ``height`` hexes numbered
    from 0101 (Tiled's column 0 is printed column 1).

    Raises:
        TmxError: the file is not a hexagonal TMX map with staggered columns, or a value in it
            is unusable; the message names the file and the place.
    """
    read = _read_tmx(text, path)
    props = read.properties
    try:
        chosen = system or GameSystem(props.get("hexwright:system", ""))
    except ValueError:
        raise TmxError(
            f"{path}: the map does not say which game system it is for (map property "
            "'hexwright:system'); give one (for example --system armor)"
        ) from None
    board_id = board_id or props.get("hexwright:board") or "TMX"
    ours = "hexwright:columns" in props
    if ours:
        grid = _grid_of(props, path)
        printed_id = props.get("hexwright:printed-id", "{col:02d}{row:02d}")
    else:
        grid = GridSpec(
            columns=(1, read.width),
            rows=(1, read.height),
            lower_columns=Parity.EVEN if read.stagger_index == "odd" else Parity.ODD,
            half_hex_edges=False,
            placeholder=f"read from {path}: {read.width} x {read.height} cells",
        )
        printed_id = "{col:02d}{row:02d}"
    try:
        skeleton = BoardFile(
            schema_version=BOARD_SCHEMA_VERSION,
            system=chosen,
            id=board_id,
            name=props.get("hexwright:board-name") or props.get("hexwright:title") or board_id,
            placeholder=f"imported from the Tiled map {path}: the designer's own, not a book's",
            grid=grid,
            printed_id=printed_id,
            terrain=blank_terrain_map(grid),
        )
    except ValueError as exc:
        raise TmxError(f"{path}: the map's board properties are unusable: {exc}") from None
    section = compile_board(skeleton)
    if ours:
        tmx_grid = TmxGrid.of(section.cells)
        by_cell = {tmx_grid.cell(h): h for h in section.cells}
    else:
        by_cell = {(c - 1, r - 1): h for h, (c, r, _) in section.cells.items()}
    terrain: dict[Hex, str] = {}
    levels: dict[Hex, int] = {}
    notes: list[str] = []
    for cell, h in by_cell.items():
        terrain[h], levels[h] = read.cells.get(cell, ("clear", 0))
    empty = len(set(by_cell) - set(read.cells))
    if empty:
        notes.append(f"{empty} hex(es) without a terrain tile became clear")
    outside = len(set(read.cells) - set(by_cell))
    if outside:
        notes.append(f"{outside} tile(s) outside the board's grid were left out")
    board = skeleton.model_copy(
        update={
            "terrain": terrain_map_for(section, terrain, {".": "clear"}),
            "elevation": elevation_map_for(skeleton, section, levels),
            "hexsides": _read_hexsides(read, by_cell, section, notes),
            "paths": _read_paths(read, by_cell, section, notes),
        }
    )
    return board, notes


def _grid_of(props: Mapping[str, str], path: str) -> GridSpec:
    try:
        columns = tuple(int(v) for v in props["hexwright:columns"].split())
        rows = tuple(int(v) for v in props.get("hexwright:rows", "").split())
        return GridSpec(
            columns=columns,
            rows=rows,
            lower_columns=Parity(props.get("hexwright:lower-columns", "odd")),
            half_hex_edges=props.get("hexwright:half-hex-edges", "false") == "true",
            placeholder=f"read from {path}",
        )
    except (ValueError, TypeError) as exc:
        raise TmxError(f"{path}: the map's grid properties (hexwright:columns, ...) are "
                       f"unusable: {exc}") from None  # fmt: skip


def _printed(section: BoardSection, h: Hex) -> str:
    col, row, _ = section.cells[h]
    return f"{col:02d}{row:02d}"


def _read_hexsides(
    read: _Read, by_cell: Mapping[tuple[int, int], Hex], section: BoardSection, notes: list[str]
) -> list[HexsideFeature]:
    found: dict[str, list[str]] = {}
    dropped = 0
    for features, a, b in read.hexsides:
        ha, hb = by_cell.get(a), by_cell.get(b)
        if ha is None or hb is None or ha.distance(hb) != 1:
            dropped += 1
            continue
        for feature in features.split():
            found.setdefault(feature, []).append(f"{_printed(section, ha)}/{_printed(section, hb)}")
    if dropped:
        notes.append(
            f"{dropped} hexside object(s) not between two neighbouring hexes were left out"
        )
    return [HexsideFeature(feature=f, sides=sides) for f, sides in sorted(found.items())]


def _read_paths(
    read: _Read, by_cell: Mapping[tuple[int, int], Hex], section: BoardSection, notes: list[str]
) -> list[PathFeature]:
    paths = []
    dropped = 0
    for feature, walk in read.paths:
        hexes = [h for h in (by_cell.get(c) for c in walk) if h is not None]
        steps = itertools.pairwise(hexes)
        if len(hexes) != len(walk) or len(hexes) < 2 or any(a.distance(b) != 1 for a, b in steps):
            dropped += 1
            continue
        paths.append(PathFeature(feature=feature, hexes=[_printed(section, h) for h in hexes]))
    if dropped:
        notes.append(f"{dropped} path(s) not from hex to neighbouring hex were left out")
    return paths


# --- parsing -----------------------------------------------------------------------------------

_FLIP_BITS = 0xF0000000


def _read_tmx(text: str, path: str) -> _Read:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position  # expat counts columns from 0
        raise TmxError(f"{path}:{line}:{col + 1}: not a well-formed TMX (XML) file") from None
    if root.tag != "map":
        raise TmxError(f"{path}: not a Tiled map (the document is <{root.tag}>, not <map>)")
    if root.get("orientation") != "hexagonal" or root.get("staggeraxis") != "x":
        raise TmxError(
            f"{path}: Hexwright reads hexagonal maps with staggered columns (orientation "
            f"'hexagonal', stagger axis 'x'); this one is {root.get('orientation')!r}"
            + (f", stagger axis {root.get('staggeraxis')!r}" if root.get("staggeraxis") else "")
        )
    width, height = _int(root, "width", path), _int(root, "height", path)
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_BOARD_SPAN:
            raise TmxError(
                f"{path}: the map's {name} is {value}; a board is 1 to {MAX_BOARD_SPAN} hexes"
            )
    tiles = _tiles(root, path)
    layer = next((e for e in root.iter("layer") if e.get("name") == "terrain"), None)
    layer = layer if layer is not None else root.find("layer")
    if layer is None:
        raise TmxError(
            f"{path}: the map has no tile layer (Hexwright reads the one named 'terrain')"
        )
    gids = _layer_gids(layer, width * height, path)
    cells: dict[tuple[int, int], Tile] = {}
    for i, raw in enumerate(gids):
        gid = raw & ~_FLIP_BITS
        if gid == 0:
            continue
        if gid not in tiles:
            raise TmxError(
                f"{path}: layer {layer.get('name')!r}, cell {i % width},{i // width}: tile {gid} "
                "is not a tile of the map's terrain tileset"
            )
        cells[(i % width, i // width)] = tiles[gid]
    properties = {
        p.get("name", ""): p.get("value", p.text or "")
        for p in root.findall("./properties/property")
    }
    hexsides = []
    paths = []
    for group in root.iter("objectgroup"):
        for obj in group.iter("object"):
            values = {p.get("name"): p.get("value", "") for p in obj.iter("property")}
            cell_list = _cells(values.get("cells", ""), path, obj)
            kind = obj.get("type") or obj.get("class")
            if kind == "hexside" and len(cell_list) == 2 and values.get("features"):
                hexsides.append((values["features"], cell_list[0], cell_list[1]))
            elif kind == "path" and values.get("feature") and cell_list:
                paths.append((values["feature"], cell_list))
    return _Read(width, height, root.get("staggerindex", "odd"), properties, cells, hexsides, paths)


def _int(element: ET.Element, name: str, path: str) -> int:
    try:
        return int(element.get(name, ""))
    except ValueError:
        raise TmxError(f"{path}: <{element.tag}> needs a whole number for '{name}'") from None


def _tiles(root: ET.Element, path: str) -> dict[int, Tile]:
    """The terrain tiles by gid, from the map's embedded tilesets."""
    found: dict[int, Tile] = {}
    for tileset in root.findall("tileset"):
        if tileset.get("source"):
            raise TmxError(
                f"{path}: the tileset {tileset.get('source')!r} is an external file; embed it in "
                "the map (Tiled: Map > Embed Tileset) so its tiles' terrain can be read"
            )
        first = _int(tileset, "firstgid", path)
        for tile in tileset.findall("tile"):
            values = {p.get("name"): p.get("value", "") for p in tile.iter("property")}
            terrain_id = values.get("terrain")
            if not terrain_id:
                continue
            try:
                level = int(values.get("level") or 0)
            except ValueError:
                raise TmxError(
                    f"{path}: tileset {tileset.get('name')!r}, tile {tile.get('id')}: its "
                    f"'level' property must be a whole number, not {values.get('level')!r}"
                ) from None
            found[first + _int(tile, "id", path)] = (terrain_id, level)
    if not found:
        raise TmxError(
            f"{path}: no tile carries a 'terrain' property; give each terrain tile of the "
            "tileset the property terrain = a terrain id of the game (for example woods)"
        )
    return found


def _layer_gids(layer: ET.Element, count: int, path: str) -> list[int]:
    data = layer.find("data")
    if data is None:
        raise TmxError(f"{path}: layer {layer.get('name')!r} has no <data>")
    encoding, compression = data.get("encoding"), data.get("compression")
    body = (data.text or "").strip()
    try:
        if encoding == "csv":
            gids = [int(v) for v in body.replace("\n", "").split(",") if v.strip()]
        elif encoding == "base64":
            raw = base64.b64decode(body)
            if compression == "zlib":
                raw = zlib.decompress(raw, bufsize=count * 4)
            elif compression == "gzip":
                raw = gzip.decompress(raw)
            elif compression:
                raise TmxError(
                    f"{path}: layer {layer.get('name')!r} is compressed with {compression}; "
                    "save it as CSV, or base64 plain, zlib or gzip"
                )
            gids = [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]
        else:
            raise TmxError(
                f"{path}: layer {layer.get('name')!r} is stored as {encoding or 'XML tiles'}; "
                "save the map with the layer format CSV (Tiled: Map > Map Properties)"
            )
    except (ValueError, zlib.error, OSError) as exc:
        raise TmxError(
            f"{path}: layer {layer.get('name')!r}: unreadable tile data ({exc})"
        ) from None
    if len(gids) != count:
        raise TmxError(
            f"{path}: layer {layer.get('name')!r} holds {len(gids)} cells; the map's "
            f"width x height is {count}"
        )
    return gids


def _cells(text: str, path: str, obj: ET.Element) -> list[tuple[int, int]]:
    cells = []
    for pair in text.split():
        x, _, y = pair.partition(",")
        try:
            cells.append((int(x), int(y)))
        except ValueError:
            raise TmxError(
                f"{path}: object {obj.get('id')} ({obj.get('name')!r}): 'cells' holds "
                f"{pair!r}, not x,y"
            ) from None
    return cells
