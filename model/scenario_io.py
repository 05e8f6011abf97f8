"""Reading, checking and writing scenario files.

Loading runs four stages and reports every problem of a stage at once, each located
``file:line:col`` with a dotted path and a hint:

1. parse with source positions, refusing hostile input (:mod:`model.yamlio`);
2. migrate older ``schema_version`` files by registered migrators, one version at a time;
3. validate against the strict models (:mod:`model.scenario`);
4. cross-reference: the boards exist and make a legal layout, every hex and region resolves on
   it, unit types and terrain exist in the system's catalogues, and sides are named correctly.

Saving writes only what differs from the defaults, in the models' field order, as block YAML
through an atomic rename, so that load, save, load gives an equal model and diffs stay small.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import gc
import os
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from model.board import BoardSection
from model.catalog import terrain_types, unit_types
from model.errors import Problem, ProblemList, did_you_mean, dotted
from model.hexes import Hex
from model.joins import JoinType, NotationError, layout_from_notation, preset_layout
from model.layout import AssembledMap, LayoutError, SectionPlacement, assemble
from model.overlays import OverlayMap, place_overlays
from model.regions import (
    PathBetween,
    RegionContext,
    SideOf,
    TerrainFilter,
    evaluate,
)
from model.regions import Region as RegionType
from model.resources import board_ids, load_board
from model.scenario import (
    SCENARIO_SCHEMA_VERSION,
    ForceEntry,
    HexPlacement,
    IntelligenceBracket,
    LayoutSpec,
    MapSetup,
    OverlayPlacement,
    RulesSetup,
    Scenario,
    TerrainEdit,
)
from model.tables import overlays as overlay_catalog
from model.terrainoptions import board_key, terrain_options, water_choice
from model.validation import validate_document
from model.victory import ArmorDifferential, TerrainOverride, UnitFilter
from model.yamlio import Document, atomic_write_text, dump_yaml, read_yaml, read_yaml_text

Migrator = Callable[[dict[str, Any]], dict[str, Any]]

#: Migrators by the version they read; each returns the data at the next version.
MIGRATIONS: dict[int, Migrator] = {}

_REGION_TYPES = tuple(typing.get_args(typing.get_args(RegionType)[0]))


def migrator(from_version: int) -> Callable[[Migrator], Migrator]:
    """Register a function that turns scenario data of ``from_version`` into the next version."""

    def register(func: Migrator) -> Migrator:
        if from_version in MIGRATIONS:
            raise ValueError(f"a migrator from version {from_version} is already registered")
        MIGRATIONS[from_version] = func
        return func

    return register


@dataclass(frozen=True)
class LoadedScenario:
    """A checked scenario with its assembled map."""

    scenario: Scenario
    path: str
    map: AssembledMap
    sections: Mapping[str, BoardSection]
    overlays: OverlayMap


def load_scenario(path: str | os.PathLike[str]) -> LoadedScenario:
    """Read and check a scenario file; raises :class:`ProblemList` with every problem found."""
    with _collector_paused():
        return check_document(read_yaml(path))


def parse_scenario(text: str, path: str = "<string>") -> LoadedScenario:
    """Like :func:`load_scenario`, from text."""
    with _collector_paused():
        return check_document(read_yaml_text(text, path))


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a file is loaded.

    Why: loading builds a hundred thousand small objects that all stay alive; the collector's
    passes over them find nothing to free and cost a quarter of the load time of a large file.
    Reference counting still frees everything as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def check_document(doc: Document) -> LoadedScenario:
    """Migrate, validate and cross-reference a parsed document."""
    migrate(doc)
    scenario = validate_document(doc, Scenario)
    amap, sections, problems = build_map(scenario, doc)
    if amap is None:
        raise ProblemList(problems)
    overlay_map, overlay_problems = overlays_of(scenario, amap, doc)
    problems.extend(overlay_problems)
    problems.extend(cross_reference(scenario, amap, doc, overlay_map.stacks))
    if problems:
        raise ProblemList(problems)
    return LoadedScenario(scenario, doc.path, amap, sections, overlay_map)


def overlays_of(
    scenario: Scenario, amap: AssembledMap, doc: Document | None = None
) -> tuple[OverlayMap, list[Problem]]:
    """The scenario's overlay counters laid on its map, and every placement that does not fit."""
    overlay_map, errors = place_overlays(
        scenario.map.overlays, overlay_catalog(scenario.system), amap
    )
    problems = []
    for error in errors:
        key = ("map", "overlays", *error.path)
        pos = doc.position(key) if doc else None
        problems.append(
            Problem(
                doc.path if doc else "<scenario>",
                pos.line if pos else 0,
                pos.column if pos else 0,
                dotted(key),
                error.message,
            )
        )
    return overlay_map, problems


def migrate(doc: Document) -> None:
    """Bring ``doc.data`` to the current schema version in place."""
    data = doc.data
    if not isinstance(data, dict):
        raise ProblemList(
            [
                Problem(
                    doc.path,
                    1,
                    1,
                    "",
                    "a scenario file must be a mapping of keys",
                    "start from a built-in scenario or File > New",
                )
            ]
        )
    version = data.get("schema_version")
    if version is None:
        raise ProblemList(
            [
                Problem(
                    doc.path,
                    1,
                    1,
                    "schema_version",
                    "missing required key 'schema_version'",
                    f"add 'schema_version: {SCENARIO_SCHEMA_VERSION}' at the top",
                )
            ]
        )

    def refuse(message: str, hint: str) -> ProblemList:
        pos = doc.position(("schema_version",))
        return ProblemList(
            [Problem(doc.path, pos.line, pos.column, "schema_version", message, hint)]
        )

    if not isinstance(version, int) or version < 1:
        raise refuse(f"'{version}' is not a schema version", "it is a whole number such as 1")
    if version > SCENARIO_SCHEMA_VERSION:
        raise refuse(
            f"this scenario is schema version {version}, newer than this Hexwright "
            f"reads ({SCENARIO_SCHEMA_VERSION})",
            "update Hexwright to open it",
        )
    while version < SCENARIO_SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise refuse(
                f"no migration from schema version {version}",
                "this Hexwright cannot read files that old",
            )
        data = step(data)
        version += 1
        data["schema_version"] = version
    doc.data = data


def placements_for(
    layout: LayoutSpec, sections: Mapping[str, BoardSection]
) -> list[SectionPlacement]:
    """The placements a layout spec describes (raises NotationError or LayoutError)."""
    if layout.sections is not None:
        return [
            SectionPlacement(s.section, Hex(*s.offset), s.flipped, s.label or "")
            for s in layout.sections
        ]
    if layout.joins is not None:
        return layout_from_notation(layout.joins, sections)
    assert layout.preset is not None
    return preset_layout(
        JoinType(layout.preset), layout.order, sections, layout.flipped, layout.stagger
    )


def _layout_section_ids(layout: LayoutSpec) -> list[tuple[tuple[str | int, ...], str]]:
    if layout.sections is not None:
        return [(("sections", i, "section"), s.section) for i, s in enumerate(layout.sections)]
    if layout.preset is not None:
        return [(("order", i), s) for i, s in enumerate(layout.order)]
    return []


def build_map(
    scenario: Scenario, doc: Document | None = None
) -> tuple[AssembledMap | None, dict[str, BoardSection], list[Problem]]:
    """Load the boards a scenario uses and assemble its layout."""
    path = doc.path if doc else "<scenario>"
    base = ("map", "layout")
    system = scenario.system
    known = board_ids(system)
    problems: list[Problem] = []

    def problem(key: tuple[str | int, ...], message: str, hint: str = "") -> None:
        pos = doc.position(key) if doc else None
        problems.append(
            Problem(
                path, pos.line if pos else 0, pos.column if pos else 0, dotted(key), message, hint
            )
        )

    wanted = {sid for _, sid in _layout_section_ids(scenario.map.layout)}
    if scenario.map.layout.joins is not None:
        wanted = set(known)
    sections: dict[str, BoardSection] = {}
    for key, sid in _layout_section_ids(scenario.map.layout):
        if sid not in known:
            problem(
                (*base, *key),
                f"there is no {system.display_name} board '{sid}'",
                did_you_mean(sid, known) or f"boards: {', '.join(known)}",
            )
    for sid in sorted(wanted & set(known)):
        try:
            sections[sid] = load_board(system, sid)
        except ProblemList as exc:
            problems.extend(exc.problems)
    if problems:
        return None, sections, problems
    try:
        placements = placements_for(scenario.map.layout, sections)
        amap = assemble(placements, sections, scenario.map.layout.copies)
    except NotationError as exc:
        problem((*base, "joins"), str(exc))
        return None, sections, problems
    except LayoutError as exc:
        for reason in exc.reasons:
            problem(base, reason)
        return None, sections, problems
    return amap, sections, problems


Visit = tuple[tuple[str | int, ...], BaseModel, bool]


@functools.cache
def _model_children(cls: type[BaseModel]) -> tuple[str, ...]:
    """Fields of a model class whose values can hold other models (the rest are skipped)."""
    return tuple(
        name for name, field in cls.model_fields.items() if _holds_models(field.annotation)
    )


def _holds_models(annotation: Any) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return True
    return any(_holds_models(arg) for arg in typing.get_args(annotation))


def _walk(value: Any, path: tuple[str | int, ...], in_region: bool = False) -> list[Visit]:
    """Every model inside ``value`` with its path, outermost first, and whether it lies inside
    a region. Iterative: a scenario can hold thousands of entries."""
    found: list[Visit] = []
    stack: list[tuple[Any, tuple[str | int, ...], bool]] = [(value, path, in_region)]
    containers = (BaseModel, list, tuple, dict)
    while stack:
        item, where, inside = stack.pop()
        if isinstance(item, BaseModel):
            found.append((where, item, inside))
            inner = inside or type(item) in _REGION_SET
            children = [
                (child, (*where, name), inner)
                for name in _model_children(type(item))
                if isinstance(child := getattr(item, name), containers)
            ]
            stack.extend(reversed(children))
        elif isinstance(item, list | tuple):
            stack.extend(
                (child, (*where, i), inside)
                for i, child in reversed(list(enumerate(item)))
                if isinstance(child, containers)
            )
        elif isinstance(item, dict):
            stack.extend(
                (child, (*where, str(key)), inside)
                for key, child in reversed(list(item.items()))
                if isinstance(child, containers)
            )
    return found


_SIDE_FIELDS = ("side", "chosen_by", "deploys_first", "advantage", "first_player")
_SIDE_OR_DRAW_FIELDS = ("default_winner", "tie", "both_win")
_SIDE_LIST_FIELDS = ("sides", "deployment_order", "operational_moves", "reinforcements")


@functools.cache
def _side_fields(cls: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The fields of a model class that name sides: single, single-or-draw, lists."""
    names = cls.model_fields
    return (
        tuple(n for n in _SIDE_FIELDS if n in names),
        tuple(n for n in _SIDE_OR_DRAW_FIELDS if n in names),
        tuple(n for n in _SIDE_LIST_FIELDS if n in names),
    )


def cross_reference(
    scenario: Scenario,
    amap: AssembledMap,
    doc: Document | None = None,
    overlay_terrain: Mapping[Hex, Sequence[str]] | None = None,
) -> list[Problem]:
    """Every reference in the scenario that does not resolve, located in the file."""
    checker = _References(scenario, amap, doc, overlay_terrain or {})
    for path, model, nested in _walk(scenario, ()):
        checker.visit(path, model, nested)
    return checker.problems


class _References:
    def __init__(
        self,
        scenario: Scenario,
        amap: AssembledMap,
        doc: Document | None,
        overlay_terrain: Mapping[Hex, Sequence[str]],
    ) -> None:
        self.scenario = scenario
        self.doc = doc
        self.path = doc.path if doc else "<scenario>"
        self.ctx = RegionContext(amap, overlay_terrain=overlay_terrain)
        self.problems: list[Problem] = []
        self.side_ids = [s.id for s in scenario.sides]
        self.units = unit_types(scenario.system)
        self.terrain = terrain_types(scenario.system)
        self.labels = {s.id: {f.label for f in s.forces if f.label} for s in scenario.sides}

    def add(
        self, key: tuple[str | int, ...], message: str, hint: str = "", at_key: bool = False
    ) -> None:
        """Report a problem at the node ``key`` (at the mapping key itself with ``at_key``)."""
        if self.doc is None:
            pos = None
        else:
            pos = self.doc.key_position(key) if at_key else self.doc.position(key)
        self.problems.append(
            Problem(
                self.path,
                pos.line if pos else 0,
                pos.column if pos else 0,
                dotted(key),
                message,
                hint,
            )
        )

    def visit(self, path: tuple[str | int, ...], model: BaseModel, nested: bool) -> None:
        cls = type(model)
        if cls in _REGION_SET:
            self._region(path, model, nested)
            return  # a region's 'side' is a compass side, not a scenario side
        handler = _VISITORS.get(cls)
        if handler is not None:
            handler(self, path, model)
        if _side_fields(cls) != ((), (), ()) or cls is IntelligenceBracket:
            self._sides_of(path, model)

    def _force_entry(self, path: tuple[str | int, ...], entry: ForceEntry) -> None:
        self._unit((*path, "unit"), entry.unit)
        self._mounted(path, entry)

    def _unit_filter(self, path: tuple[str | int, ...], units: UnitFilter) -> None:
        for i, t in enumerate(units.types):
            self._unit((*path, "types", i), t)
        for i, t in enumerate(units.exclude_types):
            self._unit((*path, "exclude_types", i), t)

    def _hex_placement(self, path: tuple[str | int, ...], placement: HexPlacement) -> None:
        self._hex((*path, "hex"), placement.hex)

    def _overlay(self, path: tuple[str | int, ...], overlay: OverlayPlacement) -> None:
        for name in ("triangle", "code", "hex"):
            value = getattr(overlay, name)
            if value:
                self._hex((*path, name), value)

    def _override(self, path: tuple[str | int, ...], override: TerrainOverride) -> None:
        self._terrain_id((*path, "terrain"), override.terrain)

    def _map_setup(self, path: tuple[str | int, ...], setup: MapSetup) -> None:
        """Terrain option choices name options and choices of the system; board-scoped ones
        (``water:C``, and Soldiers' ``map.water``) name boards of the map."""
        options = terrain_options(self.scenario.system)
        boards = {p.name for p in self.ctx.amap.placements} | {
            p.section for p in self.ctx.amap.placements
        }
        system = self.scenario.system.display_name
        for key, value in setup.terrain_options.items():
            where = (*path, "terrain_options", key)
            option_id, _, board = key.partition(":")
            option = options.get(option_id)
            if option is not None and option.stored_in == "water":
                example = board or min(boards, default="C")
                hint = f"write it under map.water, e.g. water: {{{example}: {value}}}"
                self.add(where, f"'{option_id}' is chosen per map in map.water", hint, True)
                continue
            if option is None:
                names = [o.id for o in options.values() if o.stored_in == "terrain_options"]
                hint = did_you_mean(option_id, names) or (
                    "options: " + ", ".join(names) if names else f"{system} has none"
                )
                self.add(where, f"unknown terrain option '{option_id}'", hint, at_key=True)
                continue
            if option.scope == "board" and board not in boards:
                hint = f"write it as {board_key(option_id, sorted(boards)[0])}" if boards else ""
                message = f"terrain option '{option_id}' is chosen per board: name one of the map"
                self.add(where, message, hint, at_key=True)
                continue
            if option.scope == "map" and board:
                message = f"terrain option '{option_id}' is chosen for the whole map"
                self.add(where, message, f"write it as {option_id}", at_key=True)
                continue
            self._choice(where, option_id, value, [c.id for c in option.choices])
        water = next((o for o in options.values() if o.stored_in == "water"), None)
        for board, text in setup.water.items():
            where = (*path, "water", board)
            if board not in boards:
                hint = did_you_mean(board, boards) or "boards: " + ", ".join(sorted(boards))
                self.add(where, f"there is no board '{board}' on the map", hint, at_key=True)
            elif water is not None and water_choice(text, water) is None:
                self._choice(where, water.id, text, [c.id for c in water.choices])

    def _choice(
        self, where: tuple[str | int, ...], option: str, value: str, ids: list[str]
    ) -> None:
        if value not in ids:
            hint = did_you_mean(value, ids) or "choices: " + ", ".join(ids)
            self.add(where, f"unknown choice '{value}' for terrain option '{option}'", hint)

    def _rules(self, path: tuple[str | int, ...], rules: RulesSetup) -> None:
        for side in rules.side_options:
            self._side((*path, "side_options", side), side)

    def _differential(self, path: tuple[str | int, ...], rule: ArmorDifferential) -> None:
        for name in ("favours", "hidden_favours"):
            value = getattr(rule, name)
            if value:
                self._side((*path, name), value)

    def _region(self, path: tuple[str | int, ...], model: BaseModel, nested: bool) -> None:
        if isinstance(model, TerrainFilter):
            for i, t in enumerate(model.terrain):
                self._terrain_id((*path, "terrain", i), t)
        elif isinstance(model, SideOf | PathBetween):
            self._terrain_id((*path, "feature"), model.feature)
        if nested:
            return  # evaluating the outermost region evaluates this one too
        errors_before = len(self.ctx.errors)
        evaluate(model, self.ctx, ())  # type: ignore[arg-type]
        for error in self.ctx.errors[errors_before:]:
            key = (*path, *error.path)
            if not any(p.path == dotted(key) and p.message == error.message for p in self.problems):
                self.add(key, error.message)
        del self.ctx.errors[errors_before:]

    def _hex(self, key: tuple[str | int, ...], name: str) -> None:
        try:
            self.ctx.amap.resolve(name)
        except KeyError as exc:
            self.add(key, str(exc.args[0]))

    def _unit(self, key: tuple[str | int, ...], unit: str) -> None:
        if self.units and unit not in self.units:
            ids = sorted({u.id for u in self.units.values()})
            hint = did_you_mean(unit, ids) or "see the unit catalogue"
            self.add(key, f"unknown unit type '{unit}'", hint)

    def _terrain_id(self, key: tuple[str | int, ...], terrain: str) -> None:
        if self.terrain and terrain not in self.terrain:
            hint = did_you_mean(terrain, self.terrain) or "terrain: " + ", ".join(self.terrain)
            self.add(key, f"unknown terrain '{terrain}'", hint)

    def _terrain_edit(self, path: tuple[str | int, ...], edit: TerrainEdit) -> None:
        for i, name in enumerate(edit.hexes):
            self._hex((*path, "hexes", i), name)
        for i, side in enumerate(edit.hexsides):
            a, _, b = side.partition("/")
            try:
                ha, hb = self.ctx.amap.resolve(a), self.ctx.amap.resolve(b)
            except KeyError as exc:
                self.add((*path, "hexsides", i), str(exc.args[0]))
                continue
            if ha.distance(hb) != 1:
                self.add((*path, "hexsides", i), f"{a} and {b} are not adjacent")
        if edit.terrain:
            self._terrain_id((*path, "terrain"), edit.terrain)
        if edit.feature:
            self._terrain_id((*path, "feature"), edit.feature)

    def _mounted(self, path: tuple[str | int, ...], entry: ForceEntry) -> None:
        if entry.mounted_on is None:
            return
        side = path[1] if len(path) > 1 and path[0] == "sides" else None
        labels = (
            self.labels.get(self.scenario.sides[side].id, set()) if isinstance(side, int) else set()
        )
        if labels and entry.mounted_on not in labels:
            self.add(
                (*path, "mounted_on"),
                f"no force entry labelled '{entry.mounted_on}'",
                did_you_mean(entry.mounted_on, labels),
            )

    def _side(self, key: tuple[str | int, ...], value: str, draw: bool = False) -> None:
        allowed = [*self.side_ids, "draw"] if draw else self.side_ids
        if value not in allowed:
            hint = did_you_mean(value, allowed) or "sides: " + ", ".join(allowed)
            self.add(key, f"unknown side '{value}'", hint)

    def _sides_of(self, path: tuple[str | int, ...], model: BaseModel) -> None:
        single, or_draw, lists = _side_fields(type(model))
        for name in single:
            value = getattr(model, name)
            if isinstance(value, str):
                self._side((*path, name), value)
        for name in or_draw:
            value = getattr(model, name)
            if isinstance(value, str):
                self._side((*path, name), value, draw=True)
        for name in lists:
            values = getattr(model, name)
            if isinstance(values, list) and all(isinstance(v, str) for v in values):
                for i, v in enumerate(values):
                    self._side((*path, name, i), v)
        if isinstance(model, IntelligenceBracket):
            for key in model.modes:
                self._side((*path, "modes", key), key)


_REGION_SET = frozenset(_REGION_TYPES)
_VISITORS: dict[type, Callable[[_References, tuple[str | int, ...], Any], None]] = {
    ForceEntry: _References._force_entry,
    UnitFilter: _References._unit_filter,
    HexPlacement: _References._hex_placement,
    OverlayPlacement: _References._overlay,
    TerrainEdit: _References._terrain_edit,
    TerrainOverride: _References._override,
    ArmorDifferential: _References._differential,
    RulesSetup: _References._rules,
    MapSetup: _References._map_setup,
}


# --- saving ---------------------------------------------------------------------------------

_ALWAYS = frozenset({"kind", "schema_version"})


def to_data(model: BaseModel) -> dict[str, Any]:
    """Plain data for a model: only fields that differ from their defaults (plus ``kind``)."""
    out: dict[str, Any] = {}
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        if name not in _ALWAYS and not field.is_required():
            default = field.get_default(call_default_factory=True)
            if value == default:
                continue
        out[name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return to_data(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, str):
        return str(value)  # a str subclass (a GameSystem) as the plain text YAML writes
    return value


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as deterministic YAML text."""
    return dump_yaml(to_data(scenario))


def save_scenario(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write a scenario atomically (temporary file, then rename)."""
    atomic_write_text(path, dump_scenario(scenario))
