"""Board editing and the user's board library, without Qt (model.boardedit)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from model import edits
from model.board import compile_board
from model.boardedit import (
    BoardEditError,
    bake,
    blank_board,
    board_id_problem,
    board_scenario,
    board_yaml,
    copy_board,
    default_size,
    grid_problem,
    id_schemes,
    leave_board_library,
    library_board_ids,
    save_board,
    use_board_library,
    user_board_dir,
)
from model.grid import Parity
from model.hexes import Hexside
from model.resources import (
    board_ids,
    load_board,
    packaged_board_ids,
    parse_board_file,
    read_board,
    read_board_file,
    resources_root,
)
from model.scenario_io import parse_scenario
from model.systems import GameSystem

ARMOR = GameSystem.ARMOR


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A board library of the test's own, on the board search path while the test runs."""
    folder = tmp_path / "boards"
    monkeypatch.setenv("HEXWRIGHT_BOARDS", str(folder))
    assert use_board_library() == folder
    yield folder
    leave_board_library()


# --- where the library is --------------------------------------------------------------------


def test_the_library_is_named_by_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXWRIGHT_BOARDS", str(tmp_path / "mine"))
    assert user_board_dir() == tmp_path / "mine"
    monkeypatch.delenv("HEXWRIGHT_BOARDS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_board_dir() == tmp_path / "data" / "hexwright" / "boards"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_board_dir() == tmp_path / "home" / ".local" / "share" / "hexwright" / "boards"


def test_the_library_is_searched_once_and_follows_a_new_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    save_board(blank_board(ARMOR, "M1", 10, 4), first)
    save_board(blank_board(ARMOR, "M2", 10, 4), second)
    try:
        monkeypatch.setenv("HEXWRIGHT_BOARDS", str(first))
        use_board_library()
        use_board_library()
        assert board_ids(ARMOR) == ("J", "K", "L", "M1")
        monkeypatch.setenv("HEXWRIGHT_BOARDS", str(second))
        use_board_library()
        assert board_ids(ARMOR) == ("J", "K", "L", "M2")
    finally:
        leave_board_library()
    assert board_ids(ARMOR) == ("J", "K", "L")


# --- new boards ------------------------------------------------------------------------------


@pytest.mark.parametrize("system", list(GameSystem))
def test_a_blank_board_of_each_system_loads_with_its_conventions(system: GameSystem) -> None:
    columns, rows = default_size(system)
    board = blank_board(system, "M1", columns, rows)
    section = read_board(board_yaml(board), "<blank>")
    assert section == compile_board(board)
    built_in = load_board(system, packaged_board_ids(system)[0])
    assert section.grid.lower_columns == built_in.grid.lower_columns
    assert section.grid.half_hex_edges == built_in.grid.half_hex_edges
    assert section.printed_id == built_in.printed_id
    assert len(section.cells) == len(built_in.cells)  # same size as the built-in board
    assert set(section.terrain.values()) == {"clear"}
    assert board.placeholder and "the user's own design" in board.placeholder
    assert board.source is None  # not from the book


@pytest.mark.parametrize(
    ("system", "name"),
    [
        (GameSystem.ARMOR, "M10305"),
        (GameSystem.SOLDIERS, "M1/0305"),
        (GameSystem.PANZER44, "0305"),
        (GameSystem.PANZER_COMMAND, "0305"),
    ],
)
def test_a_blank_board_names_hexes_as_the_system_does(system: GameSystem, name: str) -> None:
    section = compile_board(blank_board(system, "M1", 8, 6))
    h = section.hex_at(3, 5)
    assert h is not None
    assert section.name_of(h) == name


def test_a_blank_board_can_number_rows_on_and_take_another_scheme() -> None:
    schemes = id_schemes(ARMOR)
    assert [s.example for s in schemes] == ["X1205", "1205", "X/1205"]  # the system's first
    assert schemes[0].used_by == "Armor J, K, L"
    assert schemes[1].used_by == "Panzer '44 P44; Panzer Command CHIR"
    board = blank_board(ARMOR, "N", 40, 12, scheme=schemes[1], first_row=13)
    section = compile_board(board)
    assert section.grid.lower_columns is Parity.EVEN
    assert not section.grid.half_hex_edges
    assert (section.grid.first_row, section.grid.last_row) == (13, 24)
    assert section.hex_at(1, 13) is not None


@pytest.mark.parametrize(
    ("columns", "rows", "first_row", "board_id", "message"),
    [
        (1, 10, 1, "M", "a board needs at least 2 columns and 2 rows"),
        (100, 10, 1, "M", "printed IDs give the column two digits: at most 99 columns, not 100"),
        (10, 10, 95, "M", "printed IDs give the row two digits: the last row would be 104"),
        (10, 10, 0, "M", "rows are numbered from 01"),
        (10, 10, 1, "", "give the board an id, such as M or M2"),
        (
            10,
            10,
            1,
            "2M",
            "a board id starts with a letter and holds only letters, digits, '-' and '_'",
        ),
        (
            10,
            10,
            1,
            "M 1",
            "a board id starts with a letter and holds only letters, digits, '-' and '_'",
        ),
    ],
)
def test_a_bad_blank_board_is_refused(
    columns: int, rows: int, first_row: int, board_id: str, message: str
) -> None:
    with pytest.raises(BoardEditError) as caught:
        blank_board(ARMOR, board_id, columns, rows, first_row=first_row)
    assert str(caught.value) == message
    if board_id == "M":
        assert grid_problem(columns, rows, first_row) == message


# --- copies, baking, saving ----------------------------------------------------------------------


def test_a_copy_is_the_board_under_a_new_id_and_the_users_design() -> None:
    original = read_board_file(ARMOR, "K")
    copy = copy_board(ARMOR, "K", "K2")
    assert copy.id == "K2"
    assert copy.source is None
    assert copy.placeholder is not None
    assert "copy of Armor board K" in copy.placeholder
    assert original.placeholder is not None
    assert original.placeholder in copy.placeholder  # the original's provenance, quoted
    assert copy.grid == original.grid  # same grid, same grid provenance
    same = {"terrain", "elevation", "hexsides", "paths", "center_hexes", "soft_areas"}
    assert copy.model_dump(include=same) == original.model_dump(include=same)


def test_bake_then_save_then_reload_gives_the_same_board(tmp_path: Path) -> None:
    board = copy_board(ARMOR, "K", "K2")
    loaded = board_scenario(board)
    amap = loaded.map
    crest = next(f for f in board.hexsides if f.feature == "crest").sides[0]
    a, b = crest.split("/")
    scenario = edits.paint_terrain(loaded.scenario, ["K22018", "K22019"], "woods")
    scenario = edits.set_elevation(scenario, ["K22018"], 2)
    scenario = edits.set_hexside_feature(scenario, ["K22118/K22119"], "crest")
    scenario = edits.set_hexside_feature(scenario, [f"K2{a}/K2{b}"], "crest", present=False)

    baked = bake(board, scenario)
    path = save_board(baked, tmp_path)
    assert path == tmp_path / "armor" / "K2.yaml"
    text = path.read_text(encoding="utf-8")
    _, reloaded = parse_board_file(text, str(path))
    assert reloaded == baked
    section = read_board(text, str(path))
    assert section == compile_board(baked)
    assert board_yaml(reloaded) == text  # deterministic

    original = load_board(ARMOR, "K")
    painted = {amap.resolve("K22018"), amap.resolve("K22019")}
    for h, terrain in section.terrain.items():
        assert terrain == ("woods" if h in painted else original.terrain[h])
    assert baked.terrain.legend["w"] == "woods"
    assert baked.elevation.hexes == {"2018": 2}
    new_side = Hexside.between(amap.resolve("K22118"), amap.resolve("K22119"))
    old_side = Hexside.between(amap.resolve(f"K2{a}"), amap.resolve(f"K2{b}"))
    assert "crest" in section.hexside_features[new_side]
    assert old_side not in section.hexside_features
    changed = {new_side, old_side}
    assert {s: f for s, f in section.hexside_features.items() if s not in changed} == {
        s: f for s, f in original.hexside_features.items() if s not in changed
    }
    assert section.path_features == original.path_features


def test_bake_keeps_the_order_of_a_sides_hexes_and_the_elevation_default() -> None:
    board = copy_board(GameSystem.PANZER_COMMAND, "CHIR", "CHIR2")
    scenario = board_scenario(board).scenario
    scenario = edits.set_hexside_feature(scenario, ["0305/0304"], "embankment")
    scenario = edits.set_elevation(scenario, ["0101"], 0)
    baked = bake(board, scenario)
    embankments = [s for f in baked.hexsides if f.feature == "embankment" for s in f.sides]
    assert "0305/0304" in embankments  # lower hex first, as painted
    assert baked.elevation.default == 2
    assert baked.elevation.hexes["0101"] == 0
    assert read_board(board_yaml(baked), "<chir2>") == compile_board(baked)


def test_bake_wants_the_boards_own_scenario() -> None:
    board = copy_board(ARMOR, "K", "K2")
    other = board_scenario(copy_board(ARMOR, "J", "J2")).scenario
    with pytest.raises(BoardEditError, match="the scenario does not show board K2 alone"):
        bake(board, other)


def test_a_scenario_uses_a_saved_board_with_a_built_in_one(library: Path) -> None:
    save_board(copy_board(ARMOR, "K", "Q"))
    save_board(blank_board(ARMOR, "N", 40, 12, first_row=25))
    assert library_board_ids(ARMOR) == ["N", "Q"]
    text = """\
schema_version: 1
id: on-user-boards
title: On the user's boards
system: armor
original: true
map:
  layout:
    preset: edge-to-edge
    order: [J, Q, N]
  terrain_edits:
    - hexes: [Q2018, N3030]
      terrain: rough
sides:
  - id: us
    name: US
    nation: us
    setup: {kind: hex, hex: Q2018}
  - id: german
    name: German
    nation: german
    setup: {kind: hex, hex: N0130}
length:
  turns: 10
victory: {}
"""
    loaded = parse_scenario(text, "on-user-boards.yaml")
    amap = loaded.map
    assert set(loaded.sections) == {"J", "Q", "N"}
    assert amap.resolve("J1512") == amap.resolve("Q1512")  # the seam, as with J and K
    assert amap.resolve("Q2524") == amap.resolve("N2524")
    assert len(amap) == 3 * len(load_board(ARMOR, "J").cells) - 2 * 20  # two seams of halves


def test_saving_refuses_the_id_of_a_built_in_board(tmp_path: Path) -> None:
    for board_id, message in [
        (
            "K",
            "cannot save board K: Armor already has a built-in board 'K'; "
            "a board of your own needs another id",
        ),
        (
            "k",
            "cannot save board k: Armor already has a built-in board 'K' (hex names ignore "
            "letter case); a board of your own needs another id",
        ),
    ]:
        with pytest.raises(BoardEditError) as caught:
            save_board(blank_board(ARMOR, board_id, 10, 4), tmp_path)
        assert str(caught.value) == message
    assert not (tmp_path / "armor").exists()
    built_in = resources_root() / "armor" / "boards" / "K.yaml"
    assert "id: K\n" in built_in.read_text(encoding="utf-8")


def test_saving_replaces_only_the_same_board(tmp_path: Path) -> None:
    save_board(blank_board(ARMOR, "M1", 10, 4), tmp_path)
    again = blank_board(ARMOR, "M1", 12, 4)
    with pytest.raises(BoardEditError) as caught:
        save_board(again, tmp_path, replace=False)
    assert str(caught.value) == (
        "cannot save board M1: your board library already has a board 'M1'; choose another id"
    )
    save_board(again, tmp_path)  # the same board saved again
    assert parse_board_file((tmp_path / "armor" / "M1.yaml").read_text(), "M1")[1] == again
    with pytest.raises(BoardEditError, match="already has a board 'M1'"):
        save_board(blank_board(ARMOR, "m1", 10, 4), tmp_path)
    assert board_id_problem(ARMOR, "M1", tmp_path, editing="M1") is None


def test_a_scenario_on_a_library_board_that_is_no_file_is_refused_with_its_problems(
    library: Path,
) -> None:
    """A scenario laid on a board of the library that is a pipe raised the file's own error
    out of the scenario's check, past its other problems; it is one of the scenario's problems
    now, with the others."""
    import os

    from model.errors import ProblemList

    (library / "armor").mkdir(parents=True)
    os.mkfifo(library / "armor" / "P.yaml")
    text = """\
schema_version: 1
id: on-a-pipe
title: On a pipe
system: armor
original: true
map:
  layout:
    preset: edge-to-edge
    order: [J, P]
sides:
  - {id: us, name: US, nation: us, setup: {kind: hex, hex: J0101}}
  - {id: german, name: German, nation: german, setup: {kind: hex, hex: J0202}}
length:
  turns: 10
victory: {}
"""
    with pytest.raises(ProblemList) as caught:
        parse_scenario(text, "on-a-pipe.yaml")
    said = [p.format() for p in caught.value.problems]
    assert any(s.startswith(str(library / "armor" / "P.yaml")) for s in said), said
    assert any("not a regular file" in s for s in said), said
