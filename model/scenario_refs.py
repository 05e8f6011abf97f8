"""The fourth stage of loading a scenario: cross-referencing it against its map and the system's
catalogues. Every hex and region resolves on the assembled map, unit types and terrain exist,
sides are named correctly (:func:`cross_reference`; :mod:`model.scenario_io` runs the stages).
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from model.catalog import terrain_types, unit_types
from model.errors import Problem, did_you_mean, dotted
from model.hexes import Hex
from model.layout import AssembledMap
from model.limits import MAX_REGION_HEXES
from model.regions import (
    PathBetween,
    RegionContext,
    SideOf,
    TerrainFilter,
    evaluate,
)
from model.regions import Region as RegionType
from model.scenario import (
    ForceEntry,
    HexPlacement,
    IntelligenceBracket,
    RulesSetup,
    Scenario,
)
from model.scenario_map import MapSetup, OverlayPlacement, TerrainEdit
from model.terrainoptions import board_key, terrain_options, water_choice
from model.victory import ArmorDifferential, TerrainOverride, UnitFilter
from model.yamlio import Document

_REGION_TYPES = tuple(typing.get_args(typing.get_args(RegionType)[0]))


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
        self.ctx = RegionContext(amap, overlay_terrain=overlay_terrain, budget=MAX_REGION_HEXES)
        self.problems: list[Problem] = []
        self.side_ids = [s.id for s in scenario.sides]
        self.units = unit_types(scenario.system)
        self.terrain = terrain_types(scenario.system)
        self.labels = {s.id: {f.label for f in s.forces if f.label} for s in scenario.sides}
        #: Hex names seen to resolve: a large file names the same hexes many times (a 1 MB
        #: scenario's 82,000 names are 1,460 hexes), and each lookup normalises the name.
        self.resolved: set[str] = set()

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
        if name in self.resolved:
            return
        try:
            self.ctx.amap.resolve(name)
        except KeyError as exc:
            self.add(key, str(exc.args[0]))
        else:
            self.resolved.add(name)

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
            if name not in self.resolved:  # the key is built only for a name not yet seen
                self._hex((*path, "hexes", i), name)
        for i, side in enumerate(edit.hexsides):
            try:
                ha, hb = self.ctx.amap.resolve_hexside(side)
            except KeyError as exc:
                self.add((*path, "hexsides", i), str(exc.args[0]))
                continue
            if ha.distance(hb) != 1:
                names = self.ctx.amap.name(ha), self.ctx.amap.name(hb)
                self.add((*path, "hexsides", i), f"{names[0]} and {names[1]} are not adjacent")
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
