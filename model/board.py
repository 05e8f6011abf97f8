"""Board sections: the data files in ``resources/<system>/boards/`` and their compiled form.

A board file describes one printed map or geomorphic section in its own printed numbering:
its grid, terrain per hex as a character map, elevation, hexside features, paths (roads,
tracks, streams that run hex to hex), and named hexes (Center hexes, the Directional Hexagon,
zones, soft-ground areas, named places). Hexes inside a board file are written without the
section letter (``"1511"``); scenarios write them with it (``"J1511"``).

:class:`BoardSection` is the compiled, read-only form that layouts assemble: dictionaries keyed
by local :class:`~model.hexes.Hex`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal, TypeVar

from pydantic import Field, field_validator, model_validator

from model.base import StrictModel
from model.errors import form
from model.grid import CellKind, Parity, PrintedGrid
from model.hexes import COMPASS_NAMES, Hex, Hexside
from model.limits import MAX_BOARD_SPAN, MAX_PRINTED
from model.printedid import compile_printed_id
from model.systems import GameSystem

BOARD_SCHEMA_VERSION = 1

_LOCAL_ID = re.compile(r"^(\d{2})(\d{2})$")
_SIDE_ID = re.compile(r"^(\d{4})[/-](\d{4})$")

CompassName = Literal["N", "NE", "SE", "S", "SW", "NW"]
LocalHexId = Annotated[
    str,
    Field(
        pattern=form(r"^\d{4}$", "a printed hex ID", "four digits, column then row: 0119"),
        description="printed ID, CCRR",
    ),
]
HexsideId = Annotated[
    str,
    Field(
        pattern=form(r"^\d{4}/\d{4}$", "a hexside", "two adjacent printed hex IDs: 0119/0120"),
        description="two adjacent printed IDs, CCRR/CCRR",
    ),
]


def parse_local_id(text: str) -> tuple[int, int]:
    """``"1511"`` as ``(15, 11)``; raises ``ValueError`` for anything else."""
    match = _LOCAL_ID.match(text)
    if not match:
        raise ValueError(f"'{text}' is not a four-digit hex ID (CCRR)")
    return int(match.group(1)), int(match.group(2))


class GridSpec(StrictModel):
    """The printed extent and numbering of a board."""

    columns: tuple[int, int] = Field(description="first and last printed column")
    rows: tuple[int, int] = Field(description="first and last printed row of the higher columns")
    lower_columns: Parity = Field(description="which printed columns sit half a hex lower")
    half_hex_edges: bool = Field(
        default=True,
        description="north and south edges cut the lower columns' end hexes in half",
    )
    paths_cross_ends: bool = Field(
        default=False,
        description="a road or stream that ends at the section's east or west end runs on into "
        "the one that ends next to it on a section laid end to end (geomorphic sections)",
    )
    source: str | None = None
    placeholder: str | None = None

    @model_validator(mode="after")
    def _extent(self) -> GridSpec:
        for name, (first, last) in (("columns", self.columns), ("rows", self.rows)):
            if not 0 <= first <= last <= MAX_PRINTED:
                raise ValueError(
                    f"{name} [{first}, {last}]: give first <= last, from 0 to {MAX_PRINTED}"
                )
            if last - first + 1 > MAX_BOARD_SPAN:
                raise ValueError(
                    f"{name} [{first}, {last}]: a board is at most {MAX_BOARD_SPAN} {name} "
                    "(Hexwright's limit; the largest book board has 61)"
                )
        return self

    def printed_grid(self) -> PrintedGrid:
        return PrintedGrid(
            self.columns[0],
            self.columns[1],
            self.rows[0],
            self.rows[1],
            self.lower_columns,
            self.half_hex_edges,
            self.paths_cross_ends,
        )


class DirectionalHexagon(StrictModel):
    """Armor's Directional Hexagon: the hex whose numbered sides give the section's directions."""

    hex: LocalHexId
    direction_1: CompassName = Field(
        default="N", description="compass side, on the unflipped section, numbered 1"
    )
    numbering: Literal["clockwise", "counterclockwise"] = "clockwise"


class TerrainMap(StrictModel):
    """Hex terrain as text: one line per printed row, one character per column.

    Each line starts with the two-digit row number and a space. A space in the map means the
    column has no hex in that row (the half-hex rows exist only in the lower columns).
    """

    legend: dict[str, str] = Field(description="map character to terrain id")
    map: str

    @field_validator("legend")
    @classmethod
    def _one_char_keys(cls, legend: dict[str, str]) -> dict[str, str]:
        for key in legend:
            if len(key) != 1 or key == " ":
                raise ValueError(f"legend key '{key}' must be one visible character")
        return legend


class ElevationMap(StrictModel):
    """Ground level per hex; hexes not listed are at ``default``."""

    default: int = 0
    hexes: dict[LocalHexId, int] = Field(default_factory=dict)


class HexsideFeature(StrictModel):
    """A feature that lies along hexsides (crest, slope, hedge, wall, stream on hexsides).

    Each side is written as two adjacent hexes, ``"1203/1204"``. For a feature with a
    direction (Panzer '44's slope, whose lower side carries the contour splash), the first hex
    is the lower one; the order is kept in :attr:`BoardSection.hexside_first`.
    """

    feature: str
    sides: list[HexsideId]


class PathFeature(StrictModel):
    """A feature that runs from hex to hex through their centres (road, track, stream)."""

    feature: str
    hexes: list[LocalHexId] = Field(min_length=2)


class BoardFile(StrictModel):
    """One board section file (``resources/<system>/boards/<id>.yaml``)."""

    schema_version: int
    system: GameSystem
    id: str = Field(
        pattern=form(
            r"^[A-Za-z][A-Za-z0-9_-]*$",
            "a board id",
            "a letter, then letters, digits, '_' or '-': J, or my-board",
        )
    )
    name: str
    source: str | None = None
    placeholder: str | None = None
    grid: GridSpec
    printed_id: str = Field(
        default="{section}{col:02d}{row:02d}",
        description="format of a printed hex name in scenarios and the UI: text with the "
        "fields {section}, {col} and {row}, numbers zero-padded as {col:02d} (model/printedid.py)",
    )

    @field_validator("printed_id")
    @classmethod
    def _printed_id(cls, value: str) -> str:
        compile_printed_id(value)  # PrintedIdError (a ValueError) says what is wrong
        return value

    directional_hexagon: DirectionalHexagon | None = None
    center_hexes: list[LocalHexId] = Field(default_factory=list)
    terrain: TerrainMap
    elevation: ElevationMap = Field(default_factory=ElevationMap)
    hexsides: list[HexsideFeature] = Field(default_factory=list)
    paths: list[PathFeature] = Field(default_factory=list)
    zones: dict[int, list[LocalHexId]] = Field(default_factory=dict)
    soft_areas: dict[int, list[LocalHexId]] = Field(default_factory=dict)
    places: dict[str, list[LocalHexId]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _provenance(self) -> BoardFile:
        if not (self.source or self.placeholder):
            raise ValueError("a board needs 'source' or 'placeholder' saying where it comes from")
        return self


@dataclass(frozen=True)
class BoardSection:
    """A compiled board: every hex of the section in its local axial coordinates.

    Attributes:
        id: the section's letter or name (``"J"``), used as the prefix of its printed IDs.
        grid: printed numbering and extent.
        cells: local hex -> (printed column, printed row, how much of the hex is on the board).
        terrain: local hex -> terrain id.
        elevation: local hex -> ground level (only hexes that differ from ``base_elevation``).
        hexside_features: hexside -> feature ids along it.
        path_features: hexside -> feature ids crossing it (roads run across hexsides).
        named: named hex sets ("center", "zone 1", "soft 2", places by name).
    """

    id: str
    system: GameSystem
    name: str
    grid: PrintedGrid
    printed_id: str
    cells: Mapping[Hex, tuple[int, int, CellKind]]
    terrain: Mapping[Hex, str]
    base_elevation: int
    elevation: Mapping[Hex, int]
    hexside_features: Mapping[Hexside, frozenset[str]]
    #: The hex written first for each (hexside, feature): the lower side of a slope.
    hexside_first: Mapping[tuple[Hexside, str], Hex]
    path_features: Mapping[Hexside, frozenset[str]]
    center_hexes: tuple[Hex, ...]
    directional_hexagon: DirectionalHexagon | None
    zones: Mapping[int, frozenset[Hex]]
    soft_areas: Mapping[int, frozenset[Hex]]
    places: Mapping[str, frozenset[Hex]]
    provenance: str
    by_printed: Mapping[tuple[int, int], Hex] = field(repr=False)
    #: Cells with a neighbour off the section or cut in half: the only ones that can touch
    #: another section. Computed once, used by every layout check.
    rim: frozenset[Hex] = field(default=frozenset(), repr=False)
    #: The mean axial ``(q, r)`` of the cells: where the middle of the section lies.
    centroid: tuple[float, float] = (0.0, 0.0)
    _names: dict[str, dict[Hex, str]] = field(
        default_factory=dict, repr=False, compare=False, hash=False
    )

    def hex_at(self, column: int, row: int) -> Hex | None:
        """The local hex printed ``(column, row)``, or ``None`` if the board has none there."""
        return self.by_printed.get((column, row))

    def name_of(self, h: Hex, label: str | None = None) -> str:
        """The printed name of a local hex, such as ``J1511``."""
        return self.names(label or self.id)[h]

    def names(self, label: str) -> Mapping[Hex, str]:
        """Printed names of every cell when the section's names start with ``label``."""
        found = self._names.get(label)
        if found is None:
            name = compile_printed_id(self.printed_id)
            found = {h: name(label, c, r) for h, (c, r, _) in self.cells.items()}
            self._names[label] = found
        return found

    def elevation_of(self, h: Hex) -> int:
        return self.elevation.get(h, self.base_elevation)

    def direction_number_to_compass(self, number: int) -> int:
        """A direction number (1-6) of this section's Directional Hexagon as a local compass index.

        Sections without a Directional Hexagon number their sides 1 = N, clockwise.
        """
        if not 1 <= number <= 6:
            raise ValueError(f"direction numbers run 1 to 6, got {number}")
        hexagon = self.directional_hexagon or DirectionalHexagon(hex="0000")
        first = COMPASS_NAMES.index(hexagon.direction_1)
        step = 1 if hexagon.numbering == "clockwise" else -1
        return (first + step * (number - 1)) % 6

    def compass_to_direction_number(self, compass: int) -> int:
        """The inverse of :meth:`direction_number_to_compass`."""
        for number in range(1, 7):
            if self.direction_number_to_compass(number) == compass % 6:
                return number
        raise AssertionError("unreachable: six numbers cover six directions")


_Problems = list[tuple[tuple[str | int, ...], str]]
_LocalFn = Callable[[str, tuple[str | int, ...]], Hex | None]
_K = TypeVar("_K", int, str)


class BoardDataError(ValueError):
    """A board file's content is inconsistent (bad hex, non-adjacent path step...)."""

    def __init__(self, problems: list[tuple[tuple[str | int, ...], str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(m for _, m in problems))


def compile_board(data: BoardFile) -> BoardSection:
    """Check a validated board file's hexes and build its :class:`BoardSection`.

    Raises:
        BoardDataError: with every hex reference that is not on the board, every path step that
            is not between adjacent hexes, and every unknown map character.
    """
    grid = data.grid.printed_grid()
    cells: dict[Hex, tuple[int, int, CellKind]] = {}
    by_printed: dict[tuple[int, int], Hex] = {}
    for column, row, kind in grid.cells():
        h = grid.to_hex(column, row)
        cells[h] = (column, row, kind)
        by_printed[(column, row)] = h
    problems: list[tuple[tuple[str | int, ...], str]] = []

    def local(text: str, where: tuple[str | int, ...]) -> Hex | None:
        col, row = parse_local_id(text)
        h = by_printed.get((col, row))
        if h is None:
            problems.append((where, f"hex {text} is not on board {data.id}"))
        return h

    terrain = _read_terrain_map(data, grid, by_printed, problems)
    elevation: dict[Hex, int] = {}
    for text, level in data.elevation.hexes.items():
        found = local(text, ("elevation", "hexes", text))
        if found is not None and level != data.elevation.default:
            elevation[found] = level
    hexside_first: dict[tuple[Hexside, str], Hex] = {}
    hexside_features = _hexside_features(data, local, problems, hexside_first)
    path_features = _path_features(data, local, problems)
    center = tuple(
        c for i, t in enumerate(data.center_hexes) if (c := local(t, ("center_hexes", i)))
    )
    for i, text in enumerate(data.center_hexes):
        if text in data.center_hexes[:i]:
            problems.append((("center_hexes", i), f"hex {text} is listed twice"))
    if data.directional_hexagon:
        local(data.directional_hexagon.hex, ("directional_hexagon", "hex"))

    def hex_sets(name: str, source: Mapping[_K, list[str]]) -> dict[_K, frozenset[Hex]]:
        return {
            k: frozenset(h for i, t in enumerate(v) if (h := local(t, (name, k, i))))
            for k, v in source.items()
        }

    zones = hex_sets("zones", data.zones)
    soft = hex_sets("soft_areas", data.soft_areas)
    places = hex_sets("places", data.places)
    names = _unique_names(data, cells, problems)
    if problems:
        raise BoardDataError(problems)
    section = BoardSection(
        id=data.id,
        system=data.system,
        name=data.name,
        grid=grid,
        printed_id=data.printed_id,
        cells=cells,
        terrain=terrain,
        base_elevation=data.elevation.default,
        elevation=elevation,
        hexside_features=hexside_features,
        hexside_first=hexside_first,
        path_features=path_features,
        center_hexes=center,
        directional_hexagon=data.directional_hexagon,
        zones=zones,
        soft_areas=soft,
        places=places,
        provenance=data.source or data.placeholder or "",
        by_printed=by_printed,
        rim=frozenset(
            h
            for h, (_, _, kind) in cells.items()
            if kind is not CellKind.FULL or any(n not in cells for n in h.neighbors())
        ),
        centroid=(
            sum(h.q for h in cells) / len(cells),
            sum(h.r for h in cells) / len(cells),
        ),
    )
    section._names[data.id] = names
    return section


def _unique_names(
    data: BoardFile,
    cells: Mapping[Hex, tuple[int, int, CellKind]],
    problems: list[tuple[tuple[str | int, ...], str]],
) -> dict[Hex, str]:
    """The printed name of each hex (the board's id as its section letter), and a problem when
    two hexes share one: a board of 200 columns named ``{col:02d}{row:02d}`` printed column 10,
    row 101 and column 101, row 1 both '10101', and only one of them could be named."""
    name = compile_printed_id(data.printed_id)
    names: dict[Hex, str] = {}
    seen: dict[str, tuple[int, int]] = {}
    for h, (column, row, _) in cells.items():
        text = names[h] = name(data.id, column, row)
        first = seen.setdefault(text, (column, row))
        if first != (column, row):
            problems.append(
                (
                    ("printed_id",),
                    f"two hexes are named '{text}' (column {first[0]}, row {first[1]} and "
                    f"column {column}, row {row}); give the numbers more digits "
                    "({col:03d}{row:03d}) or the board at most 99 columns and rows",
                )
            )
            break
    return names


def _read_terrain_map(
    data: BoardFile,
    grid: PrintedGrid,
    by_printed: Mapping[tuple[int, int], Hex],
    problems: list[tuple[tuple[str | int, ...], str]],
) -> dict[Hex, str]:
    terrain: dict[Hex, str] = {}
    legend = data.terrain.legend
    lines: dict[int, int] = {}  # each row's map line
    for number, line in enumerate(data.terrain.map.splitlines()):
        if not line.strip():
            continue
        head, _, body = line.partition(" ")
        if not head.isdigit():
            problems.append((("terrain", "map"), f"map line {number + 1} must start with its row"))
            continue
        row = int(head)
        before = lines.setdefault(row, number)
        if before != number:  # the later line's letters silently replaced the earlier's
            problems.append(
                (
                    ("terrain", "map"),
                    f"map line {number + 1}: row {head} again (map line {before + 1} is row "
                    f"{head}); give each row one line",
                )
            )
            continue
        for offset, char in enumerate(body):
            if char == " ":
                continue
            column = grid.first_column + offset
            h = by_printed.get((column, row))
            where = ("terrain", "map")
            if h is None:
                problems.append((where, f"map line {number + 1}: no hex {column:02d}{row:02d}"))
            elif char not in legend:
                problems.append((where, f"map line {number + 1}: '{char}' is not in the legend"))
            else:
                terrain[h] = legend[char]
    missing = [h for h in by_printed.values() if h not in terrain]
    if missing:
        col, row = grid.to_printed(min(missing))
        problems.append(
            (("terrain", "map"), f"{len(missing)} hexes have no terrain, first {col:02d}{row:02d}")
        )
    return terrain


def _hexside_features(
    data: BoardFile,
    local: _LocalFn,
    problems: _Problems,
    first: dict[tuple[Hexside, str], Hex],
) -> dict[Hexside, frozenset[str]]:
    result: dict[Hexside, set[str]] = {}
    for i, feature in enumerate(data.hexsides):
        for j, text in enumerate(feature.sides):
            a_text, b_text = text.split("/")
            a = local(a_text, ("hexsides", i, "sides", j))
            b = local(b_text, ("hexsides", i, "sides", j))
            if a is None or b is None:
                continue
            if a.direction_to(b) is None:
                problems.append((("hexsides", i, "sides", j), f"{text}: hexes are not adjacent"))
                continue
            side = Hexside.between(a, b)
            result.setdefault(side, set()).add(feature.feature)
            first[(side, feature.feature)] = a
    return {k: frozenset(v) for k, v in result.items()}


def _path_features(
    data: BoardFile, local: _LocalFn, problems: _Problems
) -> dict[Hexside, frozenset[str]]:
    result: dict[Hexside, set[str]] = {}
    for i, path in enumerate(data.paths):
        hexes = [local(t, ("paths", i, "hexes", j)) for j, t in enumerate(path.hexes)]
        for j in range(1, len(hexes)):
            a, b = hexes[j - 1], hexes[j]
            if a is None or b is None:
                continue
            if a.direction_to(b) is None:
                where = ("paths", i, "hexes", j)
                problems.append((where, f"{path.hexes[j - 1]} to {path.hexes[j]} is not one step"))
                continue
            result.setdefault(Hexside.between(a, b), set()).add(path.feature)
    return {k: frozenset(v) for k, v in result.items()}
