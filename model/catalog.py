"""Catalogues of a game system: terrain types and unit types (``resources/<system>/*.yaml``).

Every entry says where it comes from: ``source: "<book> [section]"`` when the book gives it,
``placeholder: "<what it is based on>"`` when Hexwright had to supply it.
"""

from __future__ import annotations

import functools
from typing import Literal, TypeVar

from pydantic import Field, model_validator

from model.base import StrictModel
from model.datacache import cached
from model.errors import Problem, ProblemList
from model.provenance import Field_
from model.systems import GameSystem
from model.validation import validate_document
from model.yamlio import read_yaml_text

CATALOG_SCHEMA_VERSION = 1


class _Provenanced(StrictModel):
    """An entry that says where it comes from. Its plain values inherit this provenance: they
    count as the book's when the entry has a ``source``, as placeholders when it has only a
    ``placeholder`` (an entry may have both: a unit the book names whose values we supply)."""

    source: str | None = None
    placeholder: str | None = None
    values_placeholder: bool = Field(
        default=False,
        description="the entry's plain values are placeholders even though it has a source",
    )

    @model_validator(mode="after")
    def _provenance(self) -> _Provenanced:
        if not (self.source or self.placeholder):
            raise ValueError("say where this comes from: 'source' or 'placeholder'")
        return self

    @property
    def plain_values_are_placeholders(self) -> bool:
        return self.values_placeholder or not self.source


class TerrainType(_Provenanced):
    """A kind of terrain the book names."""

    id: str
    name: str
    abbreviation: str | None = None
    applies_to: Literal["hex", "hexside", "path"] = "hex"
    effects: dict[str, Field_] = Field(
        default_factory=dict,
        description="movement cost per class, line of sight, combat modifiers (keys per system)",
    )


class UnitType(_Provenanced):
    """A unit type of the system's catalogue (values come with the data library)."""

    id: str
    name: str
    nation: str
    category: str
    card: int | None = Field(default=None, description="Armor Data Card number")
    aliases: list[str] = Field(default_factory=list)
    values: dict[str, Field_] = Field(
        default_factory=dict, description="every value the book gives, by name"
    )


class TerrainCatalog(StrictModel):
    schema_version: int
    system: GameSystem
    terrain: list[TerrainType]


class UnitCatalog(StrictModel):
    schema_version: int
    system: GameSystem
    units: list[UnitType]


_C = TypeVar("_C", TerrainCatalog, UnitCatalog)


def _load(system: GameSystem, name: str, model: type[_C]) -> tuple[_C, str] | None:
    """A catalogue file of the system, validated, with its display path; None if absent."""
    from model.resources import system_dir  # local: resources imports the board loader

    entry = system_dir(system) / name
    if not entry.is_file():
        return None
    path = f"resources/{system.value}/{name}"
    text = entry.read_text(encoding="utf-8")
    # Kept between processes as validated (model.datacache: speed issue 20).
    found = cached(
        model.__name__,
        str(entry),
        [text],
        lambda: validate_document(read_yaml_text(text, path), model),
        model,
    )
    return found, path


@functools.cache
def terrain_types(system: GameSystem) -> dict[str, TerrainType]:
    """The system's terrain types by id (empty when it has no catalogue yet)."""
    found = _load(system, "terrain.yaml", TerrainCatalog)
    return _unique(found[0].terrain, found[1]) if found else {}


@functools.cache
def unit_types(system: GameSystem) -> dict[str, UnitType]:
    """The system's unit types by id and alias (empty when it has no catalogue yet)."""
    found = _load(system, "units.yaml", UnitCatalog)
    if found is None:
        return {}
    catalog, path = found
    by_id = _unique(catalog.units, path)
    for unit in catalog.units:
        for alias in unit.aliases:
            by_id.setdefault(alias, unit)
    return by_id


_E = TypeVar("_E", TerrainType, UnitType)


def _unique(entries: list[_E], path: str) -> dict[str, _E]:
    result: dict[str, _E] = {}
    problems = []
    for entry in entries:
        if entry.id in result:
            problems.append(Problem(path, 0, 0, "", f"id '{entry.id}' is used twice"))
        result[entry.id] = entry
    if problems:
        raise ProblemList(problems)
    return result
