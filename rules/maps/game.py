"""What every system's game on a map shares: the scenario's terrain, movement costs, and the
lines of sight, regions and hex names a game asks for again and again (the map never changes
during play, so each is worked out once)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Literal, Self

from model.hexes import Hex
from model.mapstate import terrain_edits
from model.regions import Region, RegionContext, evaluate
from model.scenario_io import LoadedScenario
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.engine.core import Game
from rules.los.query import LosResult, line_of_sight
from rules.movement.costs import Movement
from rules.registry import SightTable, rules_for

#: Lines of sight a game keeps worked out; past this many it forgets them and starts again
#: (a balance worker plays hundreds of games of one scenario: kept without bound they filled
#: 669 MB after 240 Armor games). A game of a large map asks a few tens of thousands.
LOS_CACHE_LIMIT = 100_000


class MapGame(Game):
    """A scenario's game on its map: ``amap``, ``terrain`` (the boards with the scenario's
    overlays, painted terrain and terrain options) and ``movement``, with cached queries."""

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        scenario = loaded.scenario
        self.amap = loaded.map
        self.terrain = MapTerrain(
            loaded.map,
            loaded.overlays,
            terrain_edits(scenario, loaded.map),
            option_values(scenario),
        )
        self.movement = Movement.for_scenario(scenario, self.terrain)
        #: The overlays as the scenario lays them out, which its regions read (:meth:`region`)
        #: though a rule of play takes some off the terrain (Armor 4B's dumps as Clear).
        self.laid_overlays = self.terrain.overlays
        self._los: dict[tuple[Hex, Hex], LosResult] = {}
        self._sight: SightTable | Literal[False] | None = None  # False: the system has none
        #: The fast table's verdicts asked for (a dict look-up is several times quicker than
        #: the table; the same pairs come back turn after turn while units stand still).
        self._seen: dict[tuple[Hex, Hex], bool] = {}
        # by id, with the region itself: kept alive, its id is not reused by another region
        self._regions: dict[int, tuple[Region, frozenset[Hex]]] = {}
        self._names: dict[Hex, str] = {}
        self._hexes_named: dict[str, Hex] = {}

    def with_terrain(self, terrain: MapTerrain) -> Self:
        """A copy of the game on ``terrain`` (one rolled at the start of a game, Armor's Soft
        areas): its movement costs worked out again and every query cached on the old terrain
        forgotten; the map, the units, the set-up and the tables are shared."""
        new = copy.copy(self)
        new.terrain = terrain
        new.movement = Movement.for_scenario(self.scenario, terrain)
        new.forget_terrain()
        return new

    def forget_terrain(self) -> None:
        """Start the caches of queries on the terrain afresh (a system's game adds its own)."""
        self._los, self._sight, self._seen, self._regions = {}, None, {}, {}

    def name(self, h: Hex) -> str:
        """The hex's name on the map, worked out once."""
        found = self._names.get(h)
        if found is None:
            found = self._names[h] = self.amap.name(h)
        return found

    def hex_name(self, h: Hex) -> str:
        return self.name(h)

    def hex_at(self, name: str) -> Hex:
        """The hex a name resolves to on the map, worked out once (``amap.resolve``).

        Raises:
            KeyError, ValueError: as ``amap.resolve`` does for a name that is not a hex.
        """
        found = self._hexes_named.get(name)
        if found is None:
            found = self.amap.resolve(name)
            if len(self._hexes_named) < LOS_CACHE_LIMIT:
                self._hexes_named[name] = found
        return found

    def hex_named(self, name: str) -> Hex | None:
        try:
            return self.amap.resolve(name)
        except (KeyError, ValueError):
            return None

    def los(self, a: Hex, b: Hex) -> LosResult:
        """The line of sight from ``a`` to ``b`` by the system's rules, worked out once."""
        found = self._los.get((a, b))
        if found is None:
            if len(self._los) >= LOS_CACHE_LIMIT:
                self._los.clear()  # bounded: the lines are worked out again as asked
            found = self._los[(a, b)] = line_of_sight(self.terrain, self.system, a, b)
        return found

    def sight_table(self) -> SightTable | None:
        """The system's verdict-only line of sight table of the terrain now (made when first
        asked, forgotten with the terrain's other caches), None when the system has none."""
        if self._sight is None:
            fast = rules_for(self.system).fast_sight
            self._sight = fast(self.terrain) if fast is not None else False
        return self._sight or None

    def sees(self, a: Hex, b: Hex) -> bool:
        """Whether the line of sight from ``a`` to ``b`` is not blocked: the verdict alone, for
        the many questions that need no explanation (a system with a verdict-only table,
        Panzer '44's, answers from it in a microsecond or two; the others, whose lines depend on
        heights, from :meth:`los`)."""
        key = (a, b)
        found = self._seen.get(key)
        if found is not None:
            return found
        table = self.sight_table()
        if table is not None:
            found = table.clear(a, b)
            if len(self._seen) >= LOS_CACHE_LIMIT:
                self._seen.clear()  # bounded, as the full lines are
            self._seen[key] = found
            return found
        return self.los(a, b).verdict != "blocked"

    def sees_any(self, sources: Iterable[Hex], target: Hex) -> bool:
        """Whether the line of sight from any of ``sources`` to ``target`` is not blocked
        (:meth:`sees` for each until one is clear; the same verdict).

        Why the verdicts already worked out are read first: one of them may settle it, and a
        line not yet asked costs a trace of its shape the first time (tens of microseconds)."""
        seen = self._seen
        unknown = []
        for a in sources:
            found = seen.get((a, target))
            if found:
                return True
            if found is None:
                unknown.append(a)
        return any(self.sees(a, target) for a in unknown)

    def region(self, region: Region) -> frozenset[Hex]:
        """The hexes of a region of the scenario, worked out once, on the map as the scenario
        lays it out (:attr:`laid_overlays`)."""
        found = self._regions.get(id(region))
        if found is None:
            ctx = RegionContext(self.amap, overlay_terrain=self.laid_overlays.stacks)
            found = self._regions[id(region)] = (region, evaluate(region, ctx))
        return found[1]
