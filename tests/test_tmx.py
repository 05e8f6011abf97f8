"""Tiled export and import (issue 18, "Tiled"): a map written as TMX, drawn by the real Tiled
(``tmxrasterizer``) like Hexwright draws it, and a TMX read back as the board it came from."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main
from model.board import compile_board
from model.boardedit import blank_terrain_map
from model.boardtext import board_yaml
from model.counters import MapCounter, counters
from model.errors import ProblemList
from model.hexes import Hexside
from model.layout import SectionPlacement, assemble
from model.mapstate import terrain_edits
from model.resources import read_board, read_board_file
from model.scenario_io import load_scenario
from model.systems import GameSystem
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from model.tmx import TmxError, TmxGrid, map_tiles, tmx_text
from model.tmx_read import board_from_tmx

ROOT = Path(__file__).resolve().parents[1]
BOARDS = [
    (GameSystem.ARMOR, "J"),
    (GameSystem.SOLDIERS, "A"),
    (GameSystem.PANZER44, "P44"),
    (GameSystem.PANZER_COMMAND, "CHIR"),
]


def board_terrain(system: GameSystem, board_id: str) -> MapTerrain:
    section = compile_board(read_board_file(system, board_id))
    return MapTerrain(assemble([SectionPlacement(board_id)], {board_id: section}))


def export(terrain: MapTerrain, title: str = "t") -> str:
    tiles = map_tiles(terrain)
    return tmx_text(terrain, title=title, tileset_image="t.png", tileset_columns=8, tiles=tiles)


@pytest.mark.parametrize(("system", "board_id"), BOARDS, ids=lambda v: str(v))
def test_a_board_exported_to_tmx_reads_back_as_the_same_board(
    system: GameSystem, board_id: str
) -> None:
    original_file = read_board_file(system, board_id)
    original = compile_board(original_file)
    text = export(board_terrain(system, board_id))

    board, notes = board_from_tmx(text, "map.tmx")
    back = compile_board(board)

    assert notes == []
    assert (board.system, board.id, board.grid.columns, board.grid.rows) == (
        system,
        board_id,
        original_file.grid.columns,
        original_file.grid.rows,
    )
    assert back.cells == original.cells  # printed IDs and half-hexes
    # Armor's sections keep saying their roads run on across their short ends
    assert back.grid.paths_cross_ends == original.grid.paths_cross_ends
    assert dict(back.terrain) == dict(original.terrain)
    assert {h: back.elevation_of(h) for h in back.cells} == {
        h: original.elevation_of(h) for h in original.cells
    }
    assert dict(back.hexside_features) == dict(original.hexside_features)
    assert dict(back.path_features) == dict(original.path_features)


def test_the_grid_puts_each_hex_in_its_own_cell_with_tileds_stagger() -> None:
    """Tiled's shifted columns are the ones that sit half a hex lower; every hex has its own
    cell and the cell's centre lies where Hexwright puts the hex, scaled."""
    loaded = load_scenario(ROOT / "scenarios/armor/3b-surrounded.yaml")  # a staggered layout
    grid = TmxGrid.of(loaded.map.hexes)
    cells = {grid.cell(h) for h in loaded.map.hexes}
    assert len(cells) == len(loaded.map.hexes)
    assert all(0 <= x < grid.width and 0 <= y < grid.height for x, y in cells)
    for h in loaded.map.hexes:
        x, y = grid.cell(h)
        assert grid.hex_at(x, y) == h
        below = h.neighbor(3)  # south: the next row of the same column
        if below in loaded.map.hexes:
            assert grid.cell(below) == (x, y + 1)
        cx, cy = grid.centre(x, y)
        east = grid.centre(*grid.cell(h.neighbor(2))) if h.neighbor(2) in loaded.map.hexes else None
        if east is not None:  # south-east: one column east, half a hex lower
            assert east[0] > cx and east[1] == pytest.approx(cy + 32)
    # Column 0 of Tiled is shifted exactly when its hexes sit lower than column 1's.
    x0 = [h for h in loaded.map.hexes if grid.cell(h)[0] == 0]
    shifted = grid.stagger_index == "even"
    h = x0[0]
    assert grid.shifted(0) == shifted
    assert grid.centre(*grid.cell(h))[1] % 64 == (32 + 32 if shifted else 32) % 64


def scenario_terrain(name: str) -> tuple[MapTerrain, list[MapCounter]]:
    loaded = load_scenario(ROOT / "scenarios" / name)
    terrain = MapTerrain(
        loaded.map,
        loaded.overlays,
        terrain_edits(loaded.scenario, loaded.map),
        option_values(loaded.scenario),
    )
    return terrain, counters(loaded.scenario, loaded.map)


@pytest.mark.parametrize("name", ["armor/2b-the-bridge.yaml", "armor/demo-crossroads.yaml"])
def test_a_scenario_map_carries_its_overlays_paths_places_and_units(name: str) -> None:
    terrain, placed = scenario_terrain(name)
    tiles = map_tiles(terrain)
    text = tmx_text(
        terrain, title=name, tileset_image="t.png", tileset_columns=8, tiles=tiles, counters=placed
    )
    root = ET.fromstring(text)
    amap = terrain.amap
    grid = TmxGrid.of(amap.hexes)
    data = root.find("layer/data")
    assert data is not None and data.text is not None
    gids = [int(v) for v in data.text.replace("\n", "").split(",")]
    for h in amap.hexes:
        x, y = grid.cell(h)
        assert tiles[gids[y * grid.width + x] - 1] == terrain.shown(h)
    assert gids.count(0) == grid.width * grid.height - len(amap.hexes)
    layers = {g.get("name"): g for g in root.iter("objectgroup")}
    assert {"hexsides", "road", "places", "units"} <= set(layers)
    units = layers["units"].findall("object")
    assert len(units) == len(placed)
    for obj, counter in zip(units, placed, strict=True):
        values = {p.get("name"): p.get("value") for p in obj.iter("property")}
        assert (values["side"], values["unit"]) == (counter.side, counter.unit)
        centre = grid.centre(*grid.cell(counter.hex))
        assert (float(obj.get("x", "0")), float(obj.get("y", "0"))) == pytest.approx(centre)
    sides = layers["hexsides"].findall("object")
    assert len(sides) == sum(1 for f in terrain.all_hexside_features().values() if f)
    ids = [int(o.get("id", "0")) for o in root.iter("object")]
    assert len(set(ids)) == len(ids) and int(root.get("nextobjectid", "0")) > max(ids)
    assert int(root.get("nextlayerid", "0")) == len(layers) + 2


def test_the_overlays_make_the_exported_terrain() -> None:
    """The Bridge's river is an overlay counter: its hexes are river in the TMX, as on the map."""
    terrain, _ = scenario_terrain("armor/2b-the-bridge.yaml")
    river = [h for h in terrain.amap.hexes if terrain.overlays.terrain(h) == "river"]
    assert river and all(terrain.shown(h)[0] == "river" for h in river)
    assert ("river", 0) in map_tiles(terrain)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<map", "map.tmx:1:1: not a well-formed TMX"),
        ("<tileset/>", "not a Tiled map"),
        ('<map orientation="orthogonal" width="3" height="3"/>', "hexagonal maps"),
        (
            '<map orientation="hexagonal" staggeraxis="y" width="3" height="3"/>',
            "stagger axis 'y'",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="100000" height="3"/>',
            "a board is 1 to",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="2" height="1">'
            '<tileset firstgid="1" source="terrain.tsx"/></map>',
            "Embed Tileset",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="2" height="1">'
            '<tileset firstgid="1"><tile id="0"/></tileset></map>',
            "no tile carries a 'terrain' property",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="2" height="1">'
            '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" '
            'value="woods"/></properties></tile></tileset>'
            '<layer name="terrain"><data encoding="csv">1,1,1</data></layer></map>',
            "holds 3 cells",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="2" height="1">'
            '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" '
            'value="woods"/></properties></tile></tileset>'
            '<layer name="terrain"><data encoding="csv">1,7</data></layer></map>',
            "cell 1,0: tile 7 is not a tile",
        ),
        (
            '<map orientation="hexagonal" staggeraxis="x" width="2" height="1">'
            '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" '
            'value="woods"/></properties></tile></tileset>'
            '<layer name="terrain"><data>x</data></layer></map>',
            "layer format CSV",
        ),
    ],
)
def test_a_tmx_that_cannot_be_a_board_says_why(text: str, message: str) -> None:
    with pytest.raises(TmxError) as caught:
        board_from_tmx(text, "map.tmx", system=GameSystem.ARMOR)
    assert message in str(caught.value)
    assert str(caught.value).startswith("map.tmx")


def test_a_tmx_made_in_tiled_reads_as_a_board_numbered_from_0101() -> None:
    """A map Hexwright did not write: its cells become printed hexes from 0101, Tiled's
    shifted columns the board's lower ones, and base64+zlib tile data reads too."""
    import base64
    import zlib

    gids = [1, 2, 1, 2, 2, 1]  # 3 columns x 2 rows, row by row
    data = base64.b64encode(zlib.compress(b"".join(g.to_bytes(4, "little") for g in gids)))
    text = (
        '<map orientation="hexagonal" staggeraxis="x" staggerindex="odd" width="3" height="2">'
        '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
        '</properties></tile><tile id="1"><properties><property name="terrain" value="clear"/>'
        '<property name="level" value="1"/></properties></tile></tileset>'
        f'<layer name="ground"><data encoding="base64" compression="zlib">{data.decode()}</data>'
        "</layer></map>"
    )
    board, notes = board_from_tmx(text, "made.tmx", system=GameSystem.SOLDIERS, board_id="Z")
    section = compile_board(board)
    assert notes == []
    by_printed = {f"{c:02d}{r:02d}": h for h, (c, r, _) in section.cells.items()}
    assert sorted(by_printed) == ["0101", "0102", "0201", "0202", "0301", "0302"]
    assert section.terrain[by_printed["0101"]] == "woods"
    assert section.terrain[by_printed["0201"]] == "clear"
    assert section.elevation_of(by_printed["0201"]) == 1
    assert section.terrain[by_printed["0202"]] == "clear"
    # Tiled's column 1 (printed 02) is shifted down: 0201 borders 0101 and 0102 ... and 0301.
    assert Hexside.between(by_printed["0201"], by_printed["0102"])  # neighbours
    assert board.grid.lower_columns.value == "even"


def _woods_map(width: int, height: int) -> str:
    cells = ",".join(["1"] * (width * height))
    return (
        f'<map orientation="hexagonal" staggeraxis="x" width="{width}" height="{height}">'
        '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
        f'</properties></tile></tileset><layer name="terrain"><data encoding="csv">{cells}'
        "</data></layer></map>"
    )


@pytest.mark.parametrize(
    ("system", "first"),
    [(GameSystem.ARMOR, "Z0101"), (GameSystem.SOLDIERS, "Z/0101"), (GameSystem.PANZER44, "0101")],
)
def test_a_tiled_maps_hexes_are_named_as_the_systems_boards_are(
    system: GameSystem, first: str
) -> None:
    """An imported Armor board named its hexes "0101", where every Armor board has its id in
    front ("J0101"), so two imported boards laid side by side shared every name. Now they are
    named as the system's built-in boards (and a new board) are."""
    board, _ = board_from_tmx(_woods_map(3, 2), "made.tmx", system=system, board_id="Z")
    section = compile_board(board)
    assert sorted(section.names("Z").values())[0] == first


def test_a_tiled_map_wider_than_99_hexes_is_refused_and_no_board_repeats_a_name() -> None:
    """A Tiled map 200 hexes wide became a board whose hexes were named "{col:02d}{row:02d}":
    column 10, row 101 and column 101, row 1 were both '10101', 990 of its 40,000 hexes could
    not be named. A Tiled map over 99 x 99 is refused with what to do, and a board file whose
    hexes share a name is refused at its printed_id."""
    with pytest.raises(TmxError, match=r"^wide.tmx: the map is 100 hexes wide; .* at most 99 x 99"):
        board_from_tmx(_woods_map(100, 2), "wide.tmx", system=GameSystem.ARMOR)
    with pytest.raises(TmxError, match=r"^tall.tmx: the map is 120 hexes tall"):
        board_from_tmx(_woods_map(2, 120), "tall.tmx", system=GameSystem.ARMOR)
    board, _ = board_from_tmx(_woods_map(99, 99), "ok.tmx", system=GameSystem.ARMOR)
    assert len(set(compile_board(board).names("J").values())) == 99 * 99
    grid = board.grid.model_copy(update={"columns": (1, 120), "rows": (1, 120)})
    wide = board.model_copy(
        update={
            "grid": grid,
            "printed_id": "{col:02d}{row:02d}",
            "terrain": blank_terrain_map(grid),
        }
    )
    text = board_yaml(wide)
    with pytest.raises(ProblemList) as caught:
        read_board(text, "W.yaml")
    (problem,) = caught.value.problems
    assert problem.format().startswith("W.yaml:")
    assert (
        "printed_id: two hexes are named '10101' (column 10, row 101 and column 101, row 1)"
        in problem.format()
    )
    wider = text.replace("{col:02d}{row:02d}", "{col:03d}{row:03d}")
    assert len(set(read_board(wider, "W.yaml").names("W").values())) == 120 * 120


def _compressed_map(payload: bytes, compression: str) -> str:
    """A 3 x 2 map whose one layer holds ``payload``, compressed and base64-encoded."""
    import base64
    import gzip
    import zlib

    packed = zlib.compress(payload) if compression == "zlib" else gzip.compress(payload)
    return (
        '<map orientation="hexagonal" staggeraxis="x" staggerindex="odd" width="3" height="2">'
        '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
        "</properties></tile></tileset>"
        f'<layer name="ground"><data encoding="base64" compression="{compression}">'
        f"{base64.b64encode(packed).decode()}</data></layer></map>"
    )


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_compressed_layer_is_inflated_no_further_than_its_cells(compression: str) -> None:
    """A layer of 64 MB of zeros deflates to 64 KB: it was inflated whole before its cells
    were counted (a 2.8 MB file took 4.6 GB and a minute). Now inflating stops one byte past
    the map's cells, with a message, and a right-sized layer still reads."""
    import tracemalloc

    bomb = _compressed_map(bytes(64 << 20), compression)
    assert len(bomb) < 200_000
    tracemalloc.start()
    try:
        with pytest.raises(TmxError) as caught:
            board_from_tmx(bomb, "bomb.tmx", system=GameSystem.ARMOR)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20, f"{peak:,} bytes allocated"
    assert str(caught.value) == (
        "bomb.tmx: layer 'ground': its tile data inflates to more than the map's 6 cells "
        "(width x height); save the map again from Tiled"
    )
    right = _compressed_map(b"".join((1).to_bytes(4, "little") for _ in range(6)), compression)
    board, _ = board_from_tmx(right, "right.tmx", system=GameSystem.ARMOR)
    assert set(compile_board(board).terrain.values()) == {"woods"}


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_cut_short_or_unknown_compressed_layer_says_so_once(compression: str) -> None:
    """A stream cut short is unreadable data (inflating in steps must not read it as fewer
    cells), and a message of our own is not wrapped in "unreadable tile data" again."""
    import base64
    import re

    whole = _compressed_map(bytes(24), compression)
    data = re.search(r'compression="\w+">([^<]+)<', whole)
    assert data is not None
    cut = base64.b64encode(base64.b64decode(data.group(1))[:-6]).decode()
    with pytest.raises(TmxError, match=r"unreadable tile data .*(incomplete|truncated)"):
        board_from_tmx(whole.replace(data.group(1), cut), "cut.tmx", system=GameSystem.ARMOR)
    lzma = whole.replace(f'compression="{compression}"', 'compression="lzma"')
    with pytest.raises(TmxError) as caught:
        board_from_tmx(lzma, "lzma.tmx", system=GameSystem.ARMOR)
    assert str(caught.value) == (
        "lzma.tmx: layer 'ground' is compressed with lzma; save it as CSV, or base64 plain, "
        "zlib or gzip"
    )


def _objects_map(objects: str) -> str:
    """A 3 x 2 map of woods with an object group holding ``objects``."""
    return (
        '<map orientation="hexagonal" staggeraxis="x" staggerindex="odd" width="3" height="2">'
        '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
        '</properties></tile></tileset><layer name="terrain"><data encoding="csv">1,1,1,1,1,1'
        f'</data></layer><objectgroup name="features">{objects}</objectgroup></map>'
    )


def _hexside(i: int) -> str:
    return (
        f'<object id="{i}" type="hexside"><properties><property name="features" value="hedgerow"/>'
        '<property name="cells" value="0,0 0,1"/></properties></object>'
    )


def test_a_tiled_map_is_bounded_as_a_board_file_is() -> None:
    """The import wrote boards its own reader then refused (150,000 hexside objects: a board
    file with a list of 150,000 items), and read maps of any size up to the 32 MB of every
    file (a 24 MB map took 320 MB). Now the map's size, its objects and a path's cells are
    bounded by the board file's limits, each refusal named; at the limits a map still reads."""
    from model.limits import MAX_LIST_ITEMS, MAX_TMX_BYTES

    big = _objects_map("") + " " * MAX_TMX_BYTES
    with pytest.raises(TmxError, match=r"^big.tmx: the map is larger than 4,194,304 characters"):
        board_from_tmx(big, "big.tmx", system=GameSystem.ARMOR)
    many = _objects_map("".join(_hexside(i) for i in range(MAX_LIST_ITEMS + 1)))
    assert len(many) < MAX_TMX_BYTES
    with pytest.raises(TmxError) as caught:
        board_from_tmx(many, "many.tmx", system=GameSystem.ARMOR)
    assert str(caught.value).startswith(
        f"many.tmx: object {MAX_LIST_ITEMS}: more than 10,000 hexside and path objects"
    )
    walk = " ".join(["0,0 0,1"] * (MAX_LIST_ITEMS // 2))
    path = (
        '<object id="7" name="road" type="path"><properties><property name="feature" '
        'value="road"/><property name="cells" value="{}"/></properties></object>'
    )
    with pytest.raises(TmxError) as caught:
        board_from_tmx(_objects_map(path.format(walk + " 1,0")), "p.tmx", system=GameSystem.ARMOR)
    assert str(caught.value) == (
        "p.tmx: object 7 ('road'): 'cells' holds more than 10,000 cells (Hexwright's limit for "
        "a path's hexes)"
    )
    board, _ = board_from_tmx(
        _objects_map(path.format(walk) + "".join(_hexside(i) for i in range(MAX_LIST_ITEMS - 1))),
        "at-limits.tmx",
        system=GameSystem.ARMOR,
    )
    assert len(board.paths[0].hexes) == MAX_LIST_ITEMS
    assert len(board.hexsides[0].sides) == MAX_LIST_ITEMS - 1


def test_a_tiled_map_naming_terrain_the_game_has_not_is_refused_by_name() -> None:
    """A tile's terrain or an object's feature the game does not know was written into the
    board, which Hexwright then refused to read; the import now names them, with a hint."""
    lava = _objects_map("").replace('value="woods"', 'value="wods"')
    with pytest.raises(TmxError) as caught:
        board_from_tmx(lava, "m.tmx", system=GameSystem.ARMOR)
    assert str(caught.value) == (
        "m.tmx: 'wods' is not a terrain of Armor (the tiles' 'terrain' and the objects' "
        "'features' and 'feature' properties name its terrain ids); did you mean 'woods'?"
    )
    moat = _hexside(3).replace('value="hedgerow"', 'value="moat"')
    with pytest.raises(TmxError, match=r"^m.tmx: 'moat' is not a terrain of Armor"):
        board_from_tmx(_objects_map(moat), "m.tmx", system=GameSystem.ARMOR)
    board, _ = board_from_tmx(_objects_map(_hexside(3)), "m.tmx", system=GameSystem.ARMOR)
    assert [f.feature for f in board.hexsides] == ["hedgerow"]


@pytest.mark.gui
def test_render_and_import_round_trip_through_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = ROOT / "resources/soldiers/boards/B.yaml"
    tmx = tmp_path / "b.tmx"
    assert main(["render", str(board), "-o", str(tmx)]) == 0
    assert (tmp_path / "b-terrain.png").is_file()
    out = tmp_path / "B2.yaml"
    assert main(["import", str(tmx), "-o", str(out), "--id", "B2"]) == 0
    assert "board B2 of Soldiers" in capsys.readouterr().out
    assert main(["validate", str(out)]) == 0
    again = compile_board(read_board_file(GameSystem.SOLDIERS, "B"))
    from model.resources import read_board

    back = read_board(out.read_text(), str(out))
    assert dict(back.terrain) == dict(again.terrain)
    # Bad input: a message naming the file, no traceback, exit 1.
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>\n<oops\n")
    capsys.readouterr()
    assert main(["import", str(bad), "-o", str(tmp_path / "x.yaml")]) == 1
    assert f"{bad}:2:1: not a well-formed" in capsys.readouterr().err
    assert not (tmp_path / "x.yaml").exists()


def tmxrasterizer() -> str:
    """The real Tiled's renderer; CI installs Debian's ``tiled`` (.ci/run), so it is missing
    only on a developer's machine without it."""
    found = shutil.which("tmxrasterizer")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("tmxrasterizer is missing: .ci/run installs Debian's tiled package")
        pytest.skip("tmxrasterizer (Debian package tiled) is not installed")
    return found


@pytest.mark.gui
@pytest.mark.parametrize(
    "scenario", ["armor/3b-surrounded.yaml", "soldiers/22-street-fighting-in-grave.yaml"]
)
def test_tiled_draws_the_exported_map_with_hexwrights_colours(
    tmp_path: Path, scenario: str
) -> None:
    """tmxrasterizer renders the exported TMX; at every hex centre its picture has the colour
    Hexwright fills that hex with (terrain, shaded for its level), so the grids agree hex for
    hex: same number of hexes, same place, same terrain."""
    from PySide6.QtGui import QColor, QImage

    from editor.mapview.tmx import save_tmx, tile_colour

    rasterizer = tmxrasterizer()
    terrain, _ = scenario_terrain(scenario)
    amap = terrain.amap
    tmx = tmp_path / "map.tmx"
    save_tmx(terrain, tmx, scenario)
    png = tmp_path / "tiled.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run(
        [rasterizer, "--show-layer", "terrain", "--no-smoothing", str(tmx), str(png)],
        check=True,
        env=env,
        capture_output=True,
        timeout=120,
    )
    image = QImage(str(png))
    grid = TmxGrid.of(amap.hexes)
    assert (image.width(), image.height()) == grid.pixel_size()
    base = min(amap.section_of(p).base_elevation for p in amap.placements)
    wrong = []
    for h in amap.hexes:
        x, y = grid.cell(h)
        cx, cy = grid.centre(x, y)
        shown, level = terrain.shown(h)
        expected = tile_colour(shown, level - base)
        # The centre and three points near it: a hatched terrain shows its ground between the
        # hatching's lines.
        seen = [QColor(image.pixel(int(cx) + dx, int(cy) + dy)) for dx, dy in
                ((0, 0), (3, 1), (-2, 3), (1, -3))]  # fmt: skip
        if not any(_near(c, expected) for c in seen):
            wrong.append((amap.name(h), shown, [c.name() for c in seen]))
    assert wrong == []


def _near(a: object, b: object) -> bool:
    from PySide6.QtGui import QColor

    assert isinstance(a, QColor) and isinstance(b, QColor)
    return all(abs(x - y) <= 3 for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


@pytest.mark.gui
@pytest.mark.parametrize("chosen", ["Tiled map (*.tmx)", "PNG image (*.png)"])
def test_export_map_with_ctrl_e_writes_what_the_filter_says(
    window: Any, shortcut: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chosen: str
) -> None:
    """File > Export Map (Ctrl+E): the save dialog's filter decides the format when the name
    has no suffix; a TMX comes with its tileset picture and reads back as a board."""
    from PySide6.QtCore import Qt

    from editor.files import controller

    asked: list[str] = []

    def save_name(_parent: object, _title: str, _dir: str, filters: str) -> tuple[str, str]:
        asked.append(filters)
        return str(tmp_path / "exported"), chosen

    monkeypatch.setattr(controller.QFileDialog, "getSaveFileName", save_name)
    shortcut(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked and "Tiled map (*.tmx)" in asked[0]
    if chosen.startswith("Tiled"):
        tmx = tmp_path / "exported.tmx"
        assert tmx.is_file() and (tmp_path / "exported-terrain.png").is_file()
        assert "for Tiled" in window.statusBar().currentMessage()
        board, _ = board_from_tmx(tmx.read_text(), str(tmx), board_id="X")
        assert len(compile_board(board).cells) >= len(window.document.map)
    else:
        assert (tmp_path / "exported.png").is_file()
        assert not (tmp_path / "exported.tmx").exists()
