"""The machinery of static validation: findings, the registry of checks, and what checks read.

A check is a function of a :class:`CheckContext` that yields :class:`Finding` values; it is
registered with :func:`check` under a short code and the systems it applies to. The checks
themselves live in the other modules of ``rules/checks/``; :func:`rules.checks.run_checks` runs
them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pydantic import BaseModel

from model.catalog import UnitType, unit_types
from model.errors import dotted
from model.hexes import Hex
from model.layout import AssembledMap
from model.limits import MAX_REGION_HEXES
from model.mapstate import terrain_edits
from model.regions import Region, RegionContext, evaluate
from model.scenario import ForceEntry, HexPlacement, Placement, Scenario, Side
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from model.yamlio import Document
from rules.forces.units import PathKey, counter_pool
from rules.movement.costs import Movement
from rules.registry import Feature, SystemRules, rules_for

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a check found, where it is in the file, and the book's rule it rests on.

    Attributes:
        severity: ``error`` (the scenario breaks a rule), ``warning`` (it probably does, or
            cannot be played as meant), ``info`` (worth knowing; also a documented exception).
        code: the check's code (``counter-mix``).
        message: what is wrong, in the book's words where possible.
        citation: the book and section the check rests on (``Panzer '44 [3.22]``).
        path: dotted path of the scenario entry concerned (``sides[1].forces[7]``).
        line, column: where that entry is in the file (0 when unknown).
        file: the scenario file.
    """

    severity: Severity
    code: str
    message: str
    citation: str
    path: str
    line: int = 0
    column: int = 0
    file: str = "<scenario>"

    def format(self) -> str:
        """``file:line:col: severity code: message [citation]``."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.severity} {self.code}: {self.message} [{self.citation}]"

    def __str__(self) -> str:
        return self.format()


CheckFunction = Callable[["CheckContext"], Iterable[Finding]]


@dataclass(frozen=True)
class RegisteredCheck:
    """A check: its code, the function, and the scenario feature a system must have for it to
    run (:data:`rules.registry.Feature`; None: every system)."""

    code: str
    function: CheckFunction
    feature: Feature | None = None


#: The shared checks, by code, in registration order; a system's own are in its
#: :attr:`rules.registry.SystemRules.checks`.
CHECKS: dict[str, RegisteredCheck] = {}


def check(code: str, feature: Feature | None = None) -> Callable[[CheckFunction], CheckFunction]:
    """Register a shared check under ``code``, for every system or those with ``feature``."""

    def register(function: CheckFunction) -> CheckFunction:
        if code in CHECKS:
            raise ValueError(f"a check '{code}' is already registered")
        CHECKS[code] = RegisteredCheck(code, function, feature)
        return function

    return register


@dataclass(frozen=True)
class Placed:
    """A force entry standing on one hex at the start."""

    path: PathKey
    side: Side
    entry: ForceEntry
    hex: Hex
    placement: HexPlacement


class CheckContext:
    """What the checks read: the loaded scenario, its file positions and shared derived data
    (terrain, movement costs, regions, units resolved by side), each computed once."""

    def __init__(self, loaded: LoadedScenario, doc: Document | None = None) -> None:
        self.loaded = loaded
        self.doc = doc
        self.scenario: Scenario = loaded.scenario
        self.system: GameSystem = loaded.scenario.system
        self.rules: SystemRules = rules_for(self.system)
        self.amap: AssembledMap = loaded.map
        self.file = doc.path if doc is not None else loaded.path
        self._costs: dict[tuple[str, Hex, Hex], float | None] = {}
        self._entries: dict[tuple[str, Hex], list[tuple[Hex, float]]] = {}

    # --- findings ---------------------------------------------------------------------------

    def finding(
        self, severity: Severity, code: str, message: str, citation: str, path: PathKey
    ) -> Finding:
        pos = self.doc.position(path) if self.doc is not None else None
        return Finding(
            severity,
            code,
            message,
            citation,
            dotted(path),
            pos.line if pos else 0,
            pos.column if pos else 0,
            self.file,
        )

    # --- the map ----------------------------------------------------------------------------

    @cached_property
    def terrain(self) -> MapTerrain:
        edits = terrain_edits(self.scenario, self.amap)
        return MapTerrain(self.amap, self.loaded.overlays, edits, option_values(self.scenario))

    @cached_property
    def movement(self) -> Movement:
        return Movement.for_scenario(self.scenario, self.terrain)

    def move_cost(self, movement_class: str, h: Hex, from_hex: Hex) -> float | None:
        """What entering ``h`` from the adjacent ``from_hex`` costs a class, None when
        prohibited; a cost the unit's own data sets (Armor's Data Card road cost) counts as
        the cheapest card's, 1/2. Remembered: several checks walk the same hexes."""
        key = (movement_class, h, from_hex)
        if key not in self._costs:
            cost = self.movement.cost(movement_class, h, from_hex)
            if cost.prohibited:
                self._costs[key] = None
            else:
                self._costs[key] = cost.cost if cost.cost is not None else 0.5
        return self._costs[key]

    def entry_costs(self, movement_class: str, h: Hex) -> list[tuple[Hex, float]]:
        """Each hex of the map next to ``h`` from which a class may enter ``h``, with what
        that costs (:meth:`move_cost`): the edges a backward search from ``h`` follows,
        worked out once per run."""
        key = (movement_class, h)
        found = self._entries.get(key)
        if found is None:
            hexes = self.amap.hexes
            found = []
            for n in h.neighbors():
                if n in hexes:
                    cost = self.move_cost(movement_class, h, n)
                    if cost is not None:
                        found.append((n, cost))
            self._entries[key] = found
        return found

    @cached_property
    def _regions(self) -> RegionContext:
        return RegionContext(
            self.amap, overlay_terrain=self.loaded.overlays.stacks, budget=MAX_REGION_HEXES
        )

    def region(self, region: Region) -> frozenset[Hex]:
        """The hexes of a region (loading has reported names that do not resolve); each
        distinct region is worked out once per run (several units share a set-up area)."""
        key = repr(region)
        found = self._region_hexes.get(key)
        if found is None:
            found = evaluate(region, self._regions)
            self._regions.errors.clear()
            self._region_hexes[key] = found
        return found

    @cached_property
    def _region_hexes(self) -> dict[str, frozenset[Hex]]:
        return {}

    def placement_hexes(self, placement: Placement) -> frozenset[Hex] | None:
        """Where a set-up placement allows a unit to stand, or None when it says no hexes."""
        if isinstance(placement, HexPlacement):
            return frozenset({self.amap.resolve(placement.hex)})
        if placement.kind != "area":
            return None
        hexes = self.region(placement.region)
        if placement.adjacent:
            grown = {n for h in hexes for n in h.neighbors() if n in self.amap.hexes}
            hexes = hexes | grown
        return hexes

    # --- units ------------------------------------------------------------------------------

    @cached_property
    def _catalogue(self) -> dict[str, list[UnitType]]:
        by_code: dict[str, list[UnitType]] = {}
        unique = {id(u): u for u in unit_types(self.system).values()}
        for unit in unique.values():
            for code in (unit.id, *unit.aliases):
                by_code.setdefault(code, []).append(unit)
        return by_code

    def unit(self, code: str, side: Side) -> UnitType | None:
        """The catalogue entry a side's unit code means: the one of the side's counter pool
        when several nations share the code (Panzer '44 ``Inf``: German, US or British)."""
        candidates = self._catalogue.get(code, [])
        for nation in counter_pool(side):
            for unit in candidates:
                if unit.nation == nation:
                    return unit
        return unit_types(self.system).get(code)

    @cached_property
    def placed(self) -> list[Placed]:
        """Every force entry placed on a single hex at the start, in file order."""
        found = []
        for i, side in enumerate(self.scenario.sides):
            for j, entry in enumerate(side.forces):
                placement = entry.placement or side.setup
                if not isinstance(placement, HexPlacement):
                    continue
                try:
                    h = self.amap.resolve(placement.hex)
                except KeyError:
                    continue  # loading reports it
                found.append(Placed(("sides", i, "forces", j), side, entry, h, placement))
        return found

    @cached_property
    def game_turns(self) -> tuple[int, int] | None:
        """The first and last turn of the game (the longest where it depends on the join),
        or None when the game is open-ended."""
        length = self.scenario.length
        turns = length.turns or max(length.by_join.values(), default=0)
        if not turns:
            return None
        return length.first_turn, length.first_turn + turns - 1


def walk(value: object, path: PathKey = ()) -> Iterator[tuple[PathKey, BaseModel]]:
    """Every model inside ``value`` with its path, outermost first."""
    if isinstance(value, BaseModel):
        yield path, value
        for name in type(value).model_fields:
            child = getattr(value, name)
            if isinstance(child, BaseModel | list | dict):
                yield from walk(child, (*path, name))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from walk(child, (*path, i))
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from walk(child, (*path, str(key)))
