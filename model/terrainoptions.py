"""Terrain options of a game system (``resources/<system>/terrain-options.yaml``).

A terrain option is a choice the players make for one scenario about how the printed terrain
counts in play: Armor's roads redeclared as tracks or clear, hilltops as rough, streams
unfordable except at bridges, soft ground in force or not [OP XXVII; SCN III.B.2]; Soldiers'
water of each map a stream, a river or frozen [7.25; 24.1]. The boards are never changed: an
option is a switch that :class:`~model.terrainview.MapTerrain` lays on top of them.

Each choice says what it does as data (``effects``), and every option and choice says where it
comes from (``source: "<book> [section]"`` or ``placeholder: "<what it is based on>"``).
A scenario records its choices in ``map.terrain_options`` (option id -> choice id), and
Soldiers' water per map in ``map.water`` (map id -> water type, in the book's words).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.base import StrictModel
from model.datacache import cached
from model.errors import LOWER_ID, Problem, ProblemList, form
from model.scenario import Scenario
from model.systems import GameSystem
from model.validation import validate_document
from model.yamlio import read_yaml_text

TERRAIN_OPTIONS_SCHEMA_VERSION = 1

#: Where a board-scoped option's value sits in a scenario's option values: ``"water:C"``.
BOARD_KEY_SEPARATOR = ":"


class _Sourced(StrictModel):
    """Says where it comes from: the book (``source``), Hexwright (``placeholder``), or both
    (a choice the book names whose reading Hexwright had to supply)."""

    source: str | None = None
    placeholder: str | None = None

    @model_validator(mode="after")
    def _provenance(self) -> _Sourced:
        if not (self.source or self.placeholder):
            raise ValueError("say where this comes from: 'source' or 'placeholder'")
        return self

    @property
    def provenance(self) -> str:
        """The source, or ``placeholder: ...`` when the book does not give it."""
        if self.source and self.placeholder:
            return f"{self.source} (reading: {self.placeholder})"
        return self.source or f"placeholder: {self.placeholder}"


class _Effect(StrictModel):
    note: str = ""


class TerrainAs(_Effect):
    """Hexes of these terrains count as another terrain (soft as clear, hill as rough)."""

    kind: Literal["terrain-as"] = "terrain-as"
    terrain: list[str] = Field(min_length=1)
    becomes: str


class PathAs(_Effect):
    """Paths of these kinds count as another kind (road as track), or are gone (``becomes``
    unset: the hexes count as their own terrain, Armor's "treated as Clear")."""

    kind: Literal["path-as"] = "path-as"
    path: list[str] = Field(min_length=1)
    becomes: str | None = None


class Unfordable(_Effect):
    """Hexes a ``path`` (a stream) runs through may not be entered, except crossing hexes:
    hexes where one of ``crossings`` (a road, a track) also runs or an overlay of that terrain
    (a Span) lies. ``crossings_become``: the terrain the crossing hexes count as (fords)."""

    kind: Literal["unfordable"] = "unfordable"
    path: str
    crossings: list[str] = Field(default_factory=list)
    crossings_become: str | None = None


class GroundLevel(_Effect):
    """Hexes of these terrains lie ``change`` levels off their ground (a river at -1)."""

    kind: Literal["ground-level"] = "ground-level"
    terrain: list[str] = Field(min_length=1)
    change: int


class EffectFrom(_Effect):
    """A terrain's effect ``effect`` is read from its ``from_effect`` instead (Soft Ground's
    vehicle cost of 6 when soft ground is in force)."""

    kind: Literal["effect-from"] = "effect-from"
    terrain: str
    effect: str
    from_effect: str


class RolledAreas(_Effect):
    """Per board section one numbered area of ``terrain`` is rolled at set-up; the hexes of
    ``terrain`` outside it count as ``otherwise`` (Armor's random soft areas)."""

    kind: Literal["rolled-areas"] = "rolled-areas"
    terrain: str
    otherwise: str
    die: Literal["d6", "d10"] = "d10"
    secret: str = Field(default="", description="who rolls, and whether in secret")


class TextEffect(_Effect):
    """What the choice changes that the map does not show (a rule, not a terrain); listed for
    hexes of ``terrain`` (empty: the whole map)."""

    kind: Literal["text"] = "text"
    text: str
    terrain: list[str] = Field(default_factory=list)


OptionEffect = Annotated[
    TerrainAs | PathAs | Unfordable | GroundLevel | EffectFrom | RolledAreas | TextEffect,
    Field(discriminator="kind"),
]


class TerrainChoice(_Sourced):
    """One way to play an option, with what it does."""

    id: str = Field(pattern=form(*LOWER_ID))
    name: str
    effects: list[OptionEffect] = Field(default_factory=list)
    note: str = ""


class TerrainOption(_Sourced):
    """An option the players choose per scenario (per map of it, for ``scope: board``)."""

    id: str = Field(pattern=form(*LOWER_ID))
    name: str
    default: str = Field(description="the choice when the scenario names none")
    scope: Literal["map", "board"] = Field(
        default="map", description="board: chosen for each board section of the map"
    )
    stored_in: Literal["terrain_options", "water"] = Field(
        default="terrain_options",
        description="the scenario field holding the choice: map.terrain_options or map.water",
    )
    choices: list[TerrainChoice] = Field(min_length=2)
    note: str = ""

    @model_validator(mode="after")
    def _choices(self) -> TerrainOption:
        ids = [c.id for c in self.choices]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise ValueError(f"choice ids must differ; repeated: {', '.join(repeated)}")
        if self.default not in ids:
            raise ValueError(f"default '{self.default}' is not one of the choices {ids}")
        if self.stored_in == "water" and self.scope != "board":
            raise ValueError("an option stored in map.water is chosen per board ('scope: board')")
        return self

    def choice(self, choice_id: str) -> TerrainChoice | None:
        return next((c for c in self.choices if c.id == choice_id), None)

    @property
    def default_choice(self) -> TerrainChoice:
        found = self.choice(self.default)
        assert found is not None  # checked by the validator
        return found


class TerrainOptionsFile(StrictModel):
    """``resources/<system>/terrain-options.yaml``."""

    schema_version: int
    system: GameSystem
    options: list[TerrainOption]


def _path(system: GameSystem) -> str:
    return f"resources/{system.value}/terrain-options.yaml"


def read_terrain_options(text: str, path: str) -> TerrainOptionsFile:
    """Parse and validate a terrain-options file (raises :class:`ProblemList`)."""
    doc = read_yaml_text(text, path)
    data = doc.data
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > TERRAIN_OPTIONS_SCHEMA_VERSION:
        pos = doc.position(("schema_version",))
        raise ProblemList(
            [
                Problem(
                    path,
                    pos.line,
                    pos.column,
                    "schema_version",
                    f"this terrain-options file is schema version {version}, newer than this "
                    f"Hexwright reads ({TERRAIN_OPTIONS_SCHEMA_VERSION})",
                    "update Hexwright to open it",
                )
            ]
        )
    found = validate_document(doc, TerrainOptionsFile)
    ids = [o.id for o in found.options]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        message = f"option id '{repeated[0]}' is used twice"
        raise ProblemList([Problem(path, 0, 0, "options", message)])
    return found


@functools.cache
def terrain_options(system: GameSystem) -> dict[str, TerrainOption]:
    """The system's terrain options by id, in file order (empty when the book has none)."""
    from model.resources import system_dir  # local: resources imports the board loader

    entry = system_dir(system) / "terrain-options.yaml"
    if not entry.is_file():
        return {}
    text = entry.read_text(encoding="utf-8")
    # Kept between processes as validated (model.datacache: speed issue 20).
    found = cached(
        "TerrainOptionsFile",
        str(entry),
        [text],
        lambda: read_terrain_options(text, _path(system)),
        TerrainOptionsFile,
    )
    if found.system is not system:
        raise ProblemList(
            [Problem(_path(system), 0, 0, "system", f"the file is for '{found.system.value}'")]
        )
    return {o.id: o for o in found.options}


def board_key(option_id: str, board: str) -> str:
    """The key of a board-scoped option's value: ``"water:C"``."""
    return f"{option_id}{BOARD_KEY_SEPARATOR}{board}"


def water_choice(text: str, option: TerrainOption) -> str | None:
    """The choice named in a ``map.water`` entry, which is in the book's words ("river (an
    impassable creek)", "pond and stream"): the first choice id found as a word, or None."""
    words = re.findall(r"[a-z-]+", text.lower())
    return next((w for w in words if option.choice(w) is not None), None)


def option_values(scenario: Scenario) -> dict[str, str]:
    """A scenario's terrain option choices as :class:`~model.terrainview.MapTerrain` takes
    them: ``map.terrain_options`` plus, for options kept in ``map.water``, one
    ``"<option>:<board>"`` entry per map named there. Unreadable entries are left out (loading
    reports them)."""
    values = dict(scenario.map.terrain_options)
    for option in terrain_options(scenario.system).values():
        if option.stored_in != "water":
            continue
        for board, text in scenario.map.water.items():
            choice = water_choice(text, option)
            if choice is not None:
                values[board_key(option.id, board)] = choice
    return values


def chosen(
    options: Mapping[str, TerrainOption], values: Mapping[str, str], board: str | None = None
) -> list[tuple[TerrainOption, TerrainChoice]]:
    """Each option with the choice in force (the default where ``values`` names none or an
    unknown one); board-scoped options only when ``board`` is given."""
    result = []
    for option in options.values():
        if option.scope == "board":
            if board is None:
                continue
            picked = values.get(board_key(option.id, board))
        else:
            picked = values.get(option.id)
        choice = option.choice(picked) if picked is not None else None
        result.append((option, choice or option.default_choice))
    return result
