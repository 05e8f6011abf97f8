"""Rules tables and Armor's overlay counters as data (``resources/<system>/tables/*.yaml``,
``resources/armor/overlays.yaml``).

A table is rows of cells under column headings, whole where the book prints it and marked cell
by cell where it does not: a plain cell inherits the table's ``source``; a cell the book lacks is
written ``{value: ..., placeholder: "<what it is based on>"}`` (``value: null`` when Hexwright has
no basis to fill it).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Literal, TypeVar

from pydantic import Field, model_validator

from model.base import StrictModel
from model.datacache import cached
from model.errors import LOWER_ID, form
from model.provenance import Field_, SourceCount, Value, unwrap
from model.systems import GameSystem
from model.validation import validate_document
from model.yamlio import read_yaml_text

TABLE_SCHEMA_VERSION = 1


class TableRow(StrictModel):
    key: str | int | float = Field(description="the row heading, e.g. a die roll or range band")
    cells: list[Field_]
    note: str = ""


class Table(StrictModel):
    """One rules table."""

    schema_version: int
    system: GameSystem
    id: str = Field(pattern=form(*LOWER_ID))
    name: str
    source: str | None = None
    placeholder: str | None = None
    row_heading: str = Field(description="what the row keys are, e.g. 'die roll'")
    columns: list[str | int | float] = Field(description="the column headings")
    column_heading: str = ""
    rows: list[TableRow] = Field(min_length=1)
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> Table:
        if not (self.source or self.placeholder):
            raise ValueError("say where the table comes from: 'source' or 'placeholder'")
        for row in self.rows:
            if len(row.cells) != len(self.columns):
                raise ValueError(
                    f"row {row.key!r} has {len(row.cells)} cells for {len(self.columns)} columns"
                )
        return self

    def tally(self) -> SourceCount:
        result = SourceCount()
        inherited = self.source is None
        for row in self.rows:
            for column, cell in zip(self.columns, row.cells, strict=True):
                result.count(cell, inherited, f"{self.id}[{row.key}][{column}]")
        return result

    def cell(self, row_key: str | int | float, column: str | int | float) -> Field_:
        for row in self.rows:
            if row.key == row_key:
                return row.cells[self.columns.index(column)]
        raise KeyError(f"table {self.id} has no row {row_key!r}")


class OverlayType(StrictModel):
    """An Armor terrain unit (overlay counter): the hexes it covers, relative to its triangle
    hex (axial offsets, in the counter's own orientation), and where its number code sits."""

    id: str
    kind: str = Field(description="terrain it gives the hexes it covers (terrain id)")
    code: int | None = Field(default=None, description="its printed ID code ('27'-'113')")
    hexes: list[tuple[int, int]] = Field(min_length=1)
    code_hex: tuple[int, int] | None = None
    count: int = Field(default=1, ge=1, description="how many such counters the game has")
    source: str | None = None
    placeholder: str | None = None

    @model_validator(mode="after")
    def _anchors(self) -> OverlayType:
        if not (self.source or self.placeholder):
            raise ValueError("say where this comes from: 'source' or 'placeholder'")
        if tuple(self.hexes[0]) != (0, 0):
            raise ValueError("the first hex is the triangle hex, offset (0, 0)")
        if self.code_hex is not None and tuple(self.code_hex) not in {tuple(h) for h in self.hexes}:
            raise ValueError("the code hex must be one of the overlay's hexes")
        return self


class PlacementRule(StrictModel):
    """A rule for placing overlays (Armor [Setup II.C]): ``max-levels``, ``not-in`` (overlay kinds
    not in hexes of these terrains), ``not-with`` (not in the same hex as), ``on-top-of`` (may
    stack on), ``should`` (a soft rule, warned about, not refused)."""

    rule: Literal["max-levels", "not-in", "not-with", "on-top-of", "should", "text"]
    overlays: list[str] = Field(default_factory=list, description="overlay kinds it applies to")
    terrain: list[str] = Field(default_factory=list)
    value: int | None = None
    text: str = ""
    source: str | None = None
    placeholder: str | None = None


class OverlayCatalog(StrictModel):
    schema_version: int
    system: GameSystem
    overlays: list[OverlayType]
    placement_rules: list[PlacementRule] = Field(default_factory=list)


@functools.cache
def tables(system: GameSystem) -> dict[str, Table]:
    """The system's tables by id."""
    from model.resources import system_dir

    folder = system_dir(system) / "tables"
    found: dict[str, Table] = {}
    if not folder.is_dir():
        return found
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            path = f"resources/{system.value}/tables/{entry.name}"
            text = entry.read_text(encoding="utf-8")
            # Kept between processes as validated (model.datacache: speed issue 20).
            table = cached(
                "Table",
                str(entry),
                [text],
                functools.partial(_validated, text, path, Table),
                Table,
            )
            found[table.id] = table
    return found


@functools.cache
def overlays(system: GameSystem) -> OverlayCatalog | None:
    """The system's overlay counters and placement rules, if it has any."""
    from model.resources import system_dir

    entry = system_dir(system) / "overlays.yaml"
    if not entry.is_file():
        return None
    path = f"resources/{system.value}/overlays.yaml"
    text = entry.read_text(encoding="utf-8")
    return cached(
        "OverlayCatalog",
        str(entry),
        [text],
        functools.partial(_validated, text, path, OverlayCatalog),
        OverlayCatalog,
    )


_M = TypeVar("_M", Table, OverlayCatalog)


def _validated(text: str, path: str, model: type[_M]) -> _M:
    return validate_document(read_yaml_text(text, path), model)


__all__ = ["OverlayCatalog", "OverlayType", "PlacementRule", "Table", "TableRow", "Value"]


@dataclass(frozen=True)
class Cell:
    """A table cell's value and, when it is not the book's, the placeholder it is."""

    value: object
    placeholder: str | None


def table_cell(system: GameSystem, table_id: str, row: str | int, column: str | int) -> Cell:
    """One cell of one of the system's tables, its value unwrapped, its placeholder kept.

    Raises:
        KeyError: no such table or row.
        ValueError: no such column.
    """
    found = tables(system)[table_id].cell(row, column)
    return Cell(unwrap(found), found.placeholder if isinstance(found, Value) else None)
