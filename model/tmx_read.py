"""A Tiled TMX map read back as a board (the writer is :mod:`model.tmx`).

A TMX that Hexwright wrote of one board names the board's printed grid in its properties and
reads back as that board, half-hexes and printed IDs included; any other hexagonal TMX with
staggered columns becomes a board of ``width`` x ``height`` hexes numbered from 0101, each
cell's terrain from its tile's ``terrain`` property (and ``level``), hexside features and paths
from objects of type ``hexside`` and ``path`` with their ``cells``.
"""

from __future__ import annotations

import base64
import itertools
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

from model.board import (
    BOARD_SCHEMA_VERSION,
    BoardFile,
    BoardSection,
    GridSpec,
    HexsideFeature,
    PathFeature,
    compile_board,
)
from model.boardedit import (
    blank_terrain_map,
    elevation_map_for,
    id_schemes,
    terrain_map_for,
)
from model.errors import did_you_mean
from model.grid import Parity
from model.hexes import Hex
from model.limits import MAX_BOARD_SPAN, MAX_LIST_ITEMS, MAX_TMX_BYTES
from model.systems import GameSystem
from model.tmx import Tile, TmxError, TmxGrid


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
    from 0101 (Tiled's column 0 is printed column 1) and named as the system's built-in boards
    are (Armor's with the board's id, ``TMX0101``), at most 99 x 99.

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
    _check_terrain(read, chosen, path)
    board_id = board_id or props.get("hexwright:board") or "TMX"
    ours = "hexwright:columns" in props
    if ours:
        grid = _grid_of(props, path)
        printed_id = props.get("hexwright:printed-id", "{col:02d}{row:02d}")
    else:
        for name, value in (("wide", read.width), ("tall", read.height)):
            if value > MAX_FOREIGN_SPAN:
                raise TmxError(
                    f"{path}: the map is {value} hexes {name}; a board's hexes are numbered "
                    f"with two digits (CCRR), so a board is at most {MAX_FOREIGN_SPAN} x "
                    f"{MAX_FOREIGN_SPAN}: cut the map into boards of that size in Tiled and lay "
                    "them side by side in the scenario's layout"
                )
        grid = GridSpec(
            columns=(1, read.width),
            rows=(1, read.height),
            lower_columns=Parity.EVEN if read.stagger_index == "odd" else Parity.ODD,
            half_hex_edges=False,
            placeholder=f"read from {path}: {read.width} x {read.height} cells",
        )
        printed_id = _printed_id(chosen)
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


def _check_terrain(read: _Read, system: GameSystem, path: str) -> None:
    """The terrain the map names is the game's: a tile's ``terrain`` and an object's
    ``features`` or ``feature`` (the import wrote boards its own reader then refused)."""
    from model.catalog import terrain_types

    known = terrain_types(system)
    used = {terrain for terrain, _ in read.cells.values()}
    used |= {f for features, _, _ in read.hexsides for f in features.split()}
    used |= {feature for feature, _ in read.paths}
    unknown = sorted(used - set(known)) if known else []
    if unknown:
        names = ", ".join(f"'{u}'" for u in unknown)
        hint = did_you_mean(unknown[0], known)
        raise TmxError(
            f"{path}: {names} {'is not a terrain' if len(unknown) == 1 else 'are not terrains'} "
            f"of {system.display_name} (the tiles' 'terrain' and the objects' 'features' and "
            f"'feature' properties name its terrain ids){'; ' + hint if hint else ''}"
        )


def _grid_of(props: Mapping[str, str], path: str) -> GridSpec:
    try:
        columns = tuple(int(v) for v in props["hexwright:columns"].split())
        rows = tuple(int(v) for v in props.get("hexwright:rows", "").split())
        return GridSpec(
            columns=columns,
            rows=rows,
            lower_columns=Parity(props.get("hexwright:lower-columns", "odd")),
            half_hex_edges=props.get("hexwright:half-hex-edges", "false") == "true",
            paths_cross_ends=props.get("hexwright:paths-cross-ends", "false") == "true",
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


def _printed_id(system: GameSystem) -> str:
    """How a board imported from a Tiled map names its hexes: as the system's built-in boards
    do (Armor's ``J1511`` with the board's id, Soldiers' ``A/1511``), as a new board does."""
    schemes = id_schemes(system)
    return schemes[0].printed_id if schemes else "{col:02d}{row:02d}"


#: The most columns or rows of a board imported from a Tiled map Hexwright did not write: its
#: hexes are numbered with two digits each (``CCRR``), as a new board's are.
MAX_FOREIGN_SPAN = 99


def _read_tmx(text: str, path: str) -> _Read:
    if len(text) > MAX_TMX_BYTES:  # its XML tree takes some fifteen times its size
        raise TmxError(
            f"{path}: the map is larger than {MAX_TMX_BYTES:,} characters (Hexwright's limit "
            "for a Tiled map: a 200 x 200 board with its objects is far smaller); is this the "
            "right file?"
        )
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
            else:
                continue
            if len(hexsides) + len(paths) > MAX_LIST_ITEMS:  # a board file's lists' limit
                raise TmxError(
                    f"{path}: object {obj.get('id')}: more than {MAX_LIST_ITEMS:,} hexside and "
                    "path objects (Hexwright's limit for a board's lists, far beyond any real "
                    "board); is this the right file?"
                )
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


#: zlib's window bits for each compression a TMX layer may name (gzip: a gzip header).
_WBITS = {"zlib": zlib.MAX_WBITS, "gzip": 16 + zlib.MAX_WBITS}


def _inflate(raw: bytes, wbits: int, size: int, layer: ET.Element, path: str) -> bytes:
    """``raw`` inflated, refused once it holds more than ``size`` bytes (a layer's cells, four
    bytes each): a few megabytes of zeros deflate a thousandfold, and inflating them whole
    took gigabytes before the cell count was checked."""
    inflater = zlib.decompressobj(wbits)
    out = inflater.decompress(raw, size)
    if inflater.decompress(inflater.unconsumed_tail, 1):  # one byte more is one too many
        raise TmxError(
            f"{path}: layer {layer.get('name')!r}: its tile data inflates to more than the "
            f"map's {size // 4} cells (width x height); save the map again from Tiled"
        )
    if not inflater.eof:
        raise zlib.error("incomplete or truncated stream")
    return out


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
            if compression in _WBITS:
                raw = _inflate(raw, _WBITS[compression], count * 4, layer, path)
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
    except TmxError:
        raise
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
    pairs = text.split(maxsplit=MAX_LIST_ITEMS)  # split no further than the limit
    if len(pairs) > MAX_LIST_ITEMS:
        raise TmxError(
            f"{path}: object {obj.get('id')} ({obj.get('name')!r}): 'cells' holds more than "
            f"{MAX_LIST_ITEMS:,} cells (Hexwright's limit for a path's hexes)"
        )
    cells = []
    for pair in pairs:
        x, _, y = pair.partition(",")
        try:
            cells.append((int(x), int(y)))
        except ValueError:
            raise TmxError(
                f"{path}: object {obj.get('id')} ({obj.get('name')!r}): 'cells' holds "
                f"{pair!r}, not x,y"
            ) from None
    return cells
