"""Loading the packaged game data in ``resources/<system>/`` (boards, terrain, units).

Data is found with :mod:`importlib.resources`, so it works from a checkout and from an installed
wheel alike. Extra board folders (the user's board library) can be added with
:func:`board_search_path`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from model.board import BOARD_SCHEMA_VERSION, BoardDataError, BoardFile, BoardSection, compile_board
from model.datacache import cached
from model.errors import Problem, ProblemList, did_you_mean, dotted
from model.systems import GameSystem
from model.validation import validate_document
from model.yamlio import Document, read_text_file, read_yaml_text

_extra_board_dirs: list[Path] = []


def resources_root() -> Traversable:
    """The packaged ``resources`` folder."""
    return resources.files("resources")


def system_dir(system: GameSystem) -> Traversable:
    """The folder of a system's data (``resources/<system>/`` for the packaged ones)."""
    return system.data.folder


def board_search_path(*folders: Path) -> None:
    """Also look for board files in ``folders`` (after the packaged ones)."""
    _extra_board_dirs.extend(folders)
    boards_changed()


def drop_board_search_path(*folders: Path) -> None:
    """Stop looking for board files in ``folders`` (added by :func:`board_search_path`)."""
    _extra_board_dirs[:] = [f for f in _extra_board_dirs if f not in folders]
    boards_changed()


def boards_changed() -> None:
    """Forget the boards read so far: a board file was written or a folder added."""
    load_board.cache_clear()
    board_ids.cache_clear()


def _board_files(system: GameSystem) -> Iterator[tuple[str, Traversable | Path]]:
    packaged = system_dir(system) / "boards"
    if packaged.is_dir():
        for entry in sorted(packaged.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".yaml"):
                yield entry.name[: -len(".yaml")], entry
    for folder in _extra_board_dirs:
        sub = folder / system.value
        if sub.is_dir():
            for path in sorted(sub.glob("*.yaml")):
                yield path.stem, path


def packaged_board_ids(system: GameSystem) -> tuple[str, ...]:
    """The ids of the boards that come with Hexwright (not those of extra folders)."""
    packaged = system_dir(system) / "boards"
    if not packaged.is_dir():
        return ()
    return tuple(
        sorted(e.name[: -len(".yaml")] for e in packaged.iterdir() if e.name.endswith(".yaml"))
    )


@functools.cache
def board_ids(system: GameSystem) -> tuple[str, ...]:
    """The ids of every board of a system, packaged first."""
    seen: dict[str, None] = {}
    for board_id, _ in _board_files(system):
        seen.setdefault(board_id, None)
    return tuple(seen)


def _read(entry: Traversable | Path) -> str:
    """A board file's text: a user's file read safely (regular files only, size-capped); a
    packaged one as the package holds it."""
    return read_text_file(entry) if isinstance(entry, Path) else entry.read_text(encoding="utf-8")


@functools.cache
def load_board(system: GameSystem, board_id: str) -> BoardSection:
    """Load and compile one board; raises :class:`ProblemList` for a bad file, ``KeyError``
    when there is no such board."""
    for found_id, entry in _board_files(system):
        if found_id == board_id:
            return _cached_board(system, entry)
    raise KeyError(f"no board '{board_id}' for {system.display_name}")


def _cached_board(system: GameSystem, entry: Traversable | Path) -> BoardSection:
    """A board compiled, kept between processes (model.datacache: speed issue 20). Its check of
    terrain ids reads the terrain catalogue, so the entry is built from both files' text; a
    board of another system than its folder's is built afresh every time."""
    text = _read(entry)
    display = _display_path(entry)
    terrain = system_dir(system) / "terrain.yaml"
    texts = [text, terrain.read_text(encoding="utf-8") if terrain.is_file() else ""]
    board = cached(
        "BoardSection", str(entry), texts, lambda: read_board(text, display), BoardSection
    )
    return board if board.system is system else read_board(text, display)


def read_board_file(system: GameSystem, board_id: str) -> BoardFile:
    """One board's file as written (not compiled), from the same places as :func:`load_board`;
    raises :class:`ProblemList` for a bad file, ``KeyError`` when there is no such board."""
    for found_id, entry in _board_files(system):
        if found_id == board_id:
            return parse_board_file(_read(entry), _display_path(entry))[1]
    raise KeyError(f"no board '{board_id}' for {system.display_name}")


def parse_board_file(text: str, path: str) -> tuple[Document, BoardFile]:
    """Parse and validate board-file text (without compiling it)."""
    doc = read_yaml_text(text, path)
    _check_version(doc, BOARD_SCHEMA_VERSION, "board")
    return doc, validate_document(doc, BoardFile)


def read_board(text: str, path: str) -> BoardSection:
    """Parse, validate and compile board-file text."""
    doc, data = parse_board_file(text, path)
    try:
        board = compile_board(data)
    except BoardDataError as exc:
        raise ProblemList(_located(doc, path, exc.problems)) from None
    unknown = _unknown_terrain(data)
    if unknown:
        raise ProblemList(_located(doc, path, unknown))
    return board


def _located(
    doc: Document, path: str, problems: list[tuple[tuple[str | int, ...], str]]
) -> list[Problem]:
    found = []
    for where, message in problems:
        pos = doc.position(where)
        found.append(Problem(path, pos.line, pos.column, dotted(where), message))
    return found


def _unknown_terrain(data: BoardFile) -> list[tuple[tuple[str | int, ...], str]]:
    """Terrain ids the board uses that its system's terrain catalogue does not know."""
    from model.catalog import terrain_types

    known = terrain_types(data.system)
    if not known:
        return []
    problems: list[tuple[tuple[str | int, ...], str]] = []
    uses: list[tuple[tuple[str | int, ...], str]] = [
        (("terrain", "legend", k), v) for k, v in data.terrain.legend.items()
    ]
    uses += [(("hexsides", i, "feature"), f.feature) for i, f in enumerate(data.hexsides)]
    uses += [(("paths", i, "feature"), p.feature) for i, p in enumerate(data.paths)]
    for where, terrain in uses:
        if terrain not in known:
            hint = did_you_mean(terrain, known)
            problems.append((where, f"unknown terrain '{terrain}'" + (f"; {hint}" if hint else "")))
    return problems


def load_boards(system: GameSystem, ids: tuple[str, ...] | None = None) -> dict[str, BoardSection]:
    """Several boards by id (all of the system's by default)."""
    return {b: load_board(system, b) for b in (ids if ids is not None else board_ids(system))}


def _check_version(doc: Document, current: int, what: str) -> None:
    data = doc.data
    if not isinstance(data, dict):
        raise ProblemList([Problem(doc.path, 1, 1, "", f"a {what} file must be a mapping of keys")])
    version = data.get("schema_version")
    if isinstance(version, int) and version > current:
        pos = doc.position(("schema_version",))
        raise ProblemList(
            [
                Problem(
                    doc.path,
                    pos.line,
                    pos.column,
                    "schema_version",
                    f"this {what} file is schema version {version}, newer than this Hexwright "
                    f"reads ({current})",
                    "update Hexwright to open it",
                )
            ]
        )


def _display_path(entry: Traversable | Path) -> str:
    text = str(entry)
    try:
        return str(Path(text).relative_to(Path.cwd()))
    except ValueError:
        return text
