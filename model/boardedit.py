"""Board editing and the user's board library.

A designer makes a board section of their own, from scratch (:func:`blank_board`) or from a copy
of a built-in one (:func:`copy_board`), and paints it with the editor's whole scenario
machinery: :func:`board_scenario` wraps the board in a one-section scenario, painting records
terrain edits on it as on any scenario (undoable), and :func:`bake` writes those edits into the
board's own data. :func:`save_board` puts the result in the user's board library, a folder laid
out like the packaged boards (``<library>/<system>/<id>.yaml``) and searched after them, so
scenarios use a saved board like any other section.

Why bake edits rather than edit the board in place: the scenario document already has the
undo stack, the brushes and the map view; a board document is that document plus one step at
save time.
"""

from __future__ import annotations

import os
import string
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from model.board import (
    BOARD_SCHEMA_VERSION,
    BoardFile,
    BoardSection,
    ElevationMap,
    GridSpec,
    HexsideFeature,
    TerrainMap,
    compile_board,
    parse_local_id,
)
from model.boardtext import board_yaml, terrain_map_lines
from model.catalog import terrain_types
from model.grid import Parity
from model.hexes import Hex, Hexside
from model.layout import AssembledMap, SectionPlacement, assemble
from model.mapstate import TerrainEdits, edited_sides, terrain_edits
from model.overlays import OverlayMap
from model.printedid import compile_printed_id
from model.resources import (
    board_search_path,
    boards_changed,
    drop_board_search_path,
    load_board,
    packaged_board_ids,
    read_board,
    read_board_file,
)
from model.scenario import SCENARIO_SCHEMA_VERSION, GameLength, Scenario, Side
from model.scenario_io import LoadedScenario
from model.scenario_map import LayoutSpec, MapSetup, SectionSpec
from model.systems import GameSystem
from model.victory import VictoryRules
from model.yamlio import atomic_write_text

__all__ = [
    "BoardEditError",
    "IdScheme",
    "bake",
    "blank_board",
    "board_id_problem",
    "board_scenario",
    "board_yaml",
    "copy_board",
    "default_size",
    "grid_problem",
    "id_schemes",
    "leave_board_library",
    "library_board_ids",
    "library_path",
    "save_board",
    "use_board_library",
    "user_board_dir",
]

#: Names another folder for the user's board library (tests, portable installs).
BOARDS_ENV = "HEXWRIGHT_BOARDS"

_ID_CHARS = frozenset(string.ascii_letters + string.digits + "_-")
#: Map characters for terrain a legend does not have yet, after the terrain's own initial.
_SPARE_CHARS = string.ascii_letters + string.digits + "!$%&*+-:;<=>?@^_~"


class BoardEditError(ValueError):
    """A board cannot be made or saved as asked; the message says why, for the user."""


# --- the library --------------------------------------------------------------------------------


def user_board_dir() -> Path:
    """The user's board library: ``$HEXWRIGHT_BOARDS`` if set, else ``boards`` in the user's
    data folder by the platform's convention (``~/.local/share/hexwright/boards`` on Linux,
    honouring ``XDG_DATA_HOME``; ``~/Library/Application Support/hexwright/boards`` on macOS;
    ``%LOCALAPPDATA%\\hexwright\\boards`` on Windows)."""
    override = os.environ.get(BOARDS_ENV)
    if override:
        return Path(override)
    return platformdirs.user_data_path("hexwright", appauthor=False) / "boards"


_registered: list[Path] = []  # the library folder on the board search path, at most one


def use_board_library() -> Path:
    """Put the user's board library on the board search path and return it.

    Registers the folder once; calling again changes nothing unless ``HEXWRIGHT_BOARDS`` now
    names another folder, which then replaces the earlier one (each test has its own library).
    """
    folder = user_board_dir()
    if _registered != [folder]:
        if _registered:
            drop_board_search_path(*_registered)
        board_search_path(folder)
        _registered[:] = [folder]
    return folder


def leave_board_library() -> None:
    """Take the library off the board search path again (tests, switching libraries)."""
    if _registered:
        drop_board_search_path(*_registered)
        _registered.clear()


def library_path(system: GameSystem, board_id: str, folder: Path | None = None) -> Path:
    """Where a board of the library is kept: ``<library>/<system>/<id>.yaml``."""
    return (folder or user_board_dir()) / system.value / f"{board_id}.yaml"


def library_board_ids(system: GameSystem, folder: Path | None = None) -> list[str]:
    """The ids of the boards in the library for one system, sorted."""
    sub = (folder or user_board_dir()) / system.value
    return sorted(p.stem for p in sub.glob("*.yaml")) if sub.is_dir() else []


# --- printed-ID schemes -------------------------------------------------------------------------


@dataclass(frozen=True)
class IdScheme:
    """How a board numbers its hexes: the printed-ID format and the grid it implies.

    Attributes:
        printed_id: format of a printed hex name (``{section}{col:02d}{row:02d}``).
        lower_columns: which printed columns sit half a hex lower.
        half_hex_edges: whether the north and south edges cut the lower columns' end hexes.
        used_by: the built-in boards numbered this way ("Armor J, K, L").
    """

    printed_id: str
    lower_columns: Parity
    half_hex_edges: bool
    used_by: str = field(default="", compare=False)

    @property
    def example(self) -> str:
        return compile_printed_id(self.printed_id)("X", 12, 5)

    def describe(self) -> str:
        """One line for a chooser: ``X1205: odd columns lower, half hexes ... (as Armor J, K)``."""
        edges = (
            "half hexes on the north and south edges"
            if self.half_hex_edges
            else "whole hexes on every edge"
        )
        alone = "" if "{section}" in self.printed_id else ", no board id in hex names"
        used = f" (as {self.used_by})" if self.used_by else ""
        return f"{self.example}: {self.lower_columns.value} columns lower, {edges}{alone}{used}"


def id_schemes(system: GameSystem) -> list[IdScheme]:
    """Every numbering the built-in boards use, the system's own first.

    Read from the packaged boards rather than written down here, so a new built-in board with
    another numbering shows up by itself.
    """
    found: dict[tuple[str, Parity, bool], dict[GameSystem, list[str]]] = {}
    for s in (system, *(other for other in GameSystem if other is not system)):
        for board_id in packaged_board_ids(s):
            section = load_board(s, board_id)
            key = (section.printed_id, section.grid.lower_columns, section.grid.half_hex_edges)
            found.setdefault(key, {}).setdefault(s, []).append(board_id)
    return [
        IdScheme(
            *key, "; ".join(f"{s.display_name} {', '.join(ids)}" for s, ids in systems.items())
        )
        for key, systems in found.items()
    ]


def default_size(system: GameSystem) -> tuple[int, int]:
    """Columns and rows of the system's first built-in board: the size a new board starts at."""
    ids = packaged_board_ids(system)
    if not ids:
        return 20, 10
    grid = load_board(system, ids[0]).grid
    return grid.columns, grid.rows


# --- checks the dialogs show inline and the model enforces ---------------------------------------


def _id_format_problem(board_id: str) -> str | None:
    if not board_id:
        return "give the board an id, such as M or M2"
    if not (board_id[0].isascii() and board_id[0].isalpha()) or set(board_id) - _ID_CHARS:
        return "a board id starts with a letter and holds only letters, digits, '-' and '_'"
    return None


def board_id_problem(
    system: GameSystem, board_id: str, folder: Path | None = None, editing: str | None = None
) -> str | None:
    """What is wrong with ``board_id`` for a new board of the library, or ``None``.

    ``editing`` is the id of a library board being saved again (its own file is no clash).
    Ids are compared ignoring letter case: printed hex names do, and so do some file systems.
    """
    problem = _id_format_problem(board_id)
    if problem:
        return problem
    for built_in in packaged_board_ids(system):
        if built_in.upper() == board_id.upper():
            same = "" if built_in == board_id else " (hex names ignore letter case)"
            return (
                f"{system.display_name} already has a built-in board '{built_in}'{same}; "
                "a board of your own needs another id"
            )
    for mine in library_board_ids(system, folder):
        if mine.upper() == board_id.upper() and mine != editing:
            return f"your board library already has a board '{mine}'; choose another id"
    return None


def grid_problem(columns: int, rows: int, first_row: int = 1) -> str | None:
    """What is wrong with a board's size and numbering, or ``None``."""
    if columns < 2 or rows < 2:
        return "a board needs at least 2 columns and 2 rows"
    if columns > 99:
        return f"printed IDs give the column two digits: at most 99 columns, not {columns}"
    if first_row < 1:
        return "rows are numbered from 01"
    last = first_row + rows - 1
    if last > 99:
        return f"printed IDs give the row two digits: the last row would be {last}"
    return None


# --- new boards and copies -----------------------------------------------------------------------


def blank_board(
    system: GameSystem,
    board_id: str,
    columns: int,
    rows: int,
    *,
    scheme: IdScheme | None = None,
    first_row: int = 1,
    name: str | None = None,
    terrain: str = "clear",
) -> BoardFile:
    """A new board of ``columns`` x ``rows`` hexes all of one terrain, numbered the way the
    system's built-in boards are (or by ``scheme``).

    Raises:
        BoardEditError: for a bad id or size, or a terrain the system does not know.
    """
    problem = grid_problem(columns, rows, first_row) or _id_format_problem(board_id)
    if problem:
        raise BoardEditError(problem)
    if terrain not in terrain_types(system):
        raise BoardEditError(f"{system.display_name} has no terrain '{terrain}'")
    scheme = scheme or id_schemes(system)[0]
    grid = GridSpec(
        columns=(1, columns),
        rows=(first_row, first_row + rows - 1),
        lower_columns=scheme.lower_columns,
        half_hex_edges=scheme.half_hex_edges,
        placeholder=f"the user's choice: {columns} x {rows} hexes; hex IDs {scheme.describe()}",
    )
    return BoardFile(
        schema_version=BOARD_SCHEMA_VERSION,
        system=system,
        id=board_id,
        name=name or f"Board {board_id}",
        placeholder=f"the user's own design, drawn in Hexwright's board editor on a blank "
        f"{columns} x {rows} board: not from the book",
        grid=grid,
        printed_id=scheme.printed_id,
        terrain=blank_terrain_map(grid, terrain),
    )


def blank_terrain_map(grid: GridSpec, terrain: str = "clear") -> TerrainMap:
    """A terrain map of every cell of ``grid`` in one terrain."""
    by_row: dict[int, set[int]] = {}
    for col, row, _ in grid.printed_grid().cells():
        by_row.setdefault(row, set()).add(col)
    lines = terrain_map_lines(
        sorted(by_row),
        range(grid.columns[0], grid.columns[1] + 1),
        lambda c, r: "." if c in by_row[r] else None,
        indent="",
    )
    return TerrainMap(legend={".": terrain}, map="\n".join(lines) + "\n")


def copy_board(system: GameSystem, built_in_id: str, new_id: str) -> BoardFile:
    """A copy of a board under a new id, to edit as the user's own.

    Everything is copied; the board's provenance says it is now the user's design, made from
    the original (whose own provenance it quotes). The grid's provenance is kept: the copy's
    grid is the original's.

    Raises:
        BoardEditError: for a badly formed new id; ``KeyError`` when there is no such board.
    """
    problem = _id_format_problem(new_id)
    if problem:
        raise BoardEditError(problem)
    original = read_board_file(system, built_in_id)
    where = original.source or original.placeholder
    return original.model_copy(
        update={
            "id": new_id,
            "name": f"{original.name}, copied as {new_id}",
            "source": None,
            "placeholder": f"the user's own design, edited in Hexwright's board editor from a "
            f"copy of {system.display_name} board {built_in_id} ({where})",
        }
    )


# --- editing a board as a scenario ---------------------------------------------------------------


def _layout(board: BoardFile) -> LayoutSpec:
    return LayoutSpec(sections=[SectionSpec(section=board.id)])


def _board_map(board: BoardFile) -> tuple[BoardSection, AssembledMap]:
    section = compile_board(board)
    return section, assemble([SectionPlacement(board.id)], {board.id: section})


def board_scenario(board: BoardFile) -> LoadedScenario:
    """A one-section scenario of ``board``, for the editor's map view, brushes and undo.

    The scenario model needs two sides and a length; the ones here stand in and are never
    saved: saving a board bakes the scenario's terrain edits into the board (:func:`bake`).
    """
    section, amap = _board_map(board)
    scenario = Scenario(
        schema_version=SCENARIO_SCHEMA_VERSION,
        id=f"board-{board.id}",
        title=board.name,
        system=board.system,
        original=True,
        description=f"board {board.id} open in the board editor",
        map=MapSetup(layout=_layout(board)),
        sides=[
            Side(id="first", name="First side", nation="none"),
            Side(id="second", name="Second side", nation="none"),
        ],
        length=GameLength(open_ended=True),
        victory=VictoryRules(),
    )
    return LoadedScenario(scenario, f"<board {board.id}>", amap, {board.id: section}, OverlayMap())


def bake(board_file: BoardFile, scenario: Scenario) -> BoardFile:
    """The board with the scenario's painted terrain, elevation and hexside-feature edits
    written into its own data (terrain map and legend, elevation, hexsides).

    ``scenario`` is the board's own (:func:`board_scenario` and edits since). Overlay counters
    are not part of a board and are left out. Paths, zones and named hexes are kept as they are.

    Raises:
        BoardEditError: when the scenario is not a scenario of this board alone.
    """
    if scenario.system != board_file.system or scenario.map.layout != _layout(board_file):
        raise BoardEditError(f"the scenario does not show board {board_file.id} alone")
    section, amap = _board_map(board_file)
    found = terrain_edits(scenario, amap)
    # One section at the origin, unturned: map hexes are the board's local hexes.
    terrain = {h: found.terrain.get(h, t) for h, t in section.terrain.items()}
    return board_file.model_copy(
        update={
            "terrain": terrain_map_for(section, terrain, board_file.terrain.legend),
            "elevation": elevation_map_for(board_file, section, found.elevation),
            "hexsides": _hexsides(board_file, section, scenario, amap, found),
        }
    )


def terrain_map_for(
    section: BoardSection, terrain: dict[Hex, str], legend: dict[str, str]
) -> TerrainMap:
    """The terrain map of ``section`` with ``terrain`` in each cell, characters from ``legend``
    first and new ones for terrain it lacks."""
    legend = dict(legend)
    char_of: dict[str, str] = {}
    for char, terrain_id in legend.items():
        char_of.setdefault(terrain_id, char)
    grid = section.grid
    rows = sorted({row for _, row, _ in section.cells.values()})

    def char_at(col: int, row: int) -> str | None:
        h = section.hex_at(col, row)
        if h is None:
            return None
        terrain_id = terrain[h]
        if terrain_id not in char_of:
            char = _new_char(terrain_id, legend)
            legend[char] = terrain_id
            char_of[terrain_id] = char
        return char_of[terrain_id]

    columns = range(grid.first_column, grid.last_column + 1)
    lines = terrain_map_lines(rows, columns, char_at, indent="")
    return TerrainMap(legend=legend, map="\n".join(lines) + "\n")


def _new_char(terrain_id: str, used: dict[str, str]) -> str:
    for char in terrain_id[:1].lower() + terrain_id[:1].upper() + _SPARE_CHARS:
        if char in _SPARE_CHARS and char not in used:
            return char
    raise BoardEditError("the board uses more kinds of terrain than its map has characters for")


def _printed(section: BoardSection, h: Hex) -> str:
    col, row, _ = section.cells[h]
    return f"{col:02d}{row:02d}"


def elevation_map_for(
    board: BoardFile, section: BoardSection, edited: dict[Hex, int]
) -> ElevationMap:
    """The board's elevation with ``edited`` levels in place of its own, hexes at the
    default left out."""
    default = board.elevation.default
    hexes = {}
    for h in sorted(section.cells, key=lambda h: section.cells[h][1::-1]):  # row, then column
        level = edited.get(h, section.elevation_of(h))
        if level != default:
            hexes[_printed(section, h)] = level
    return ElevationMap(default=default, hexes=hexes)


def _hexsides(
    board: BoardFile,
    section: BoardSection,
    scenario: Scenario,
    amap: AssembledMap,
    found: TerrainEdits,
) -> list[HexsideFeature]:
    present: set[tuple[Hexside, str]] = set()
    kept: list[HexsideFeature] = []
    for feature in board.hexsides:
        sides = []
        for text in feature.sides:
            a, b = (section.by_printed[parse_local_id(t)] for t in text.split("/"))
            side = Hexside.between(a, b)
            if feature.feature not in found.removed.get(side, ()):
                sides.append(text)
                present.add((side, feature.feature))
        if sides:
            kept.append(feature.model_copy(update={"sides": sides}))
    first = _first_hexes(scenario, amap)
    added: dict[str, list[str]] = {}
    for side, features in found.added.items():
        for feature_id in features:
            if (side, feature_id) in present:
                continue
            a = first.get((side, feature_id), side.hexes[0])
            b = side.hexes[1] if a == side.hexes[0] else side.hexes[0]
            added.setdefault(feature_id, []).append(
                f"{_printed(section, a)}/{_printed(section, b)}"
            )
    for feature_id in sorted(added):
        new_sides = sorted(added[feature_id])
        at = next((i for i, f in enumerate(kept) if f.feature == feature_id), None)
        if at is None:
            kept.append(HexsideFeature(feature=feature_id, sides=new_sides))
        else:
            kept[at] = kept[at].model_copy(update={"sides": [*kept[at].sides, *new_sides]})
    return kept


def _first_hexes(scenario: Scenario, amap: AssembledMap) -> dict[tuple[Hexside, str], Hex]:
    """The hex written first for each added (side, feature): the lower side of a slope."""
    first: dict[tuple[Hexside, str], Hex] = {}
    for edit in scenario.map.terrain_edits:
        if edit.feature is None or edit.remove:
            continue
        for a, b in edited_sides(edit, amap):
            first[(Hexside.between(a, b), edit.feature)] = a
    return first


# --- saving -------------------------------------------------------------------------------------


def save_board(board_file: BoardFile, folder: Path | None = None, *, replace: bool = True) -> Path:
    """Write a board into the library atomically and return its path.

    ``folder`` defaults to the user's library (which is then put on the board search path).
    ``replace`` allows writing over the library's own board of the same id.

    Raises:
        BoardEditError: when the id is a built-in board's, or another library board's (or the
            same board's when ``replace`` is false).
        ProblemList: when the text would not load back (a bug, or terrain the system lacks).
    """
    if folder is None:
        folder = use_board_library()
    system, board_id = board_file.system, board_file.id
    problem = board_id_problem(system, board_id, folder, board_id if replace else None)
    if problem:
        raise BoardEditError(f"cannot save board {board_id}: {problem}")
    target = library_path(system, board_id, folder)
    text = board_yaml(board_file)
    read_board(text, str(target))  # refuse to write a file that would not load
    atomic_write_text(target, text)
    boards_changed()
    return target
