"""Where a scenario entry lies on the map: the hexes a dotted path into a scenario stands for
(a placed unit's hex, a set-up area, an objective's region, an overlay counter, painted hexes).
The Validation panel shows a finding's place with it; it is Qt-free for any other caller.
"""

from __future__ import annotations

import re
from typing import get_args

from pydantic import BaseModel

from model.hexes import Hex
from model.layout import AssembledMap
from model.overlays import OverlayMap, place_overlays
from model.regions import Region, RegionContext, evaluate
from model.scenario import (
    CheckException,
    ForceEntry,
    GameLength,
    HexPlacement,
    RulesSetup,
    Scenario,
    Side,
)
from model.scenario_map import MapSetup, OverlayPlacement
from model.tables import overlays as overlay_catalog
from model.victory import VictoryRules

_REGION_TYPES = get_args(get_args(Region)[0])
#: Entries too wide to be a finding's place: a finding about a whole side or the game length
#: has no place on the map, rather than the side's whole set-up area.
_TOO_WIDE = (Scenario, Side, MapSetup, VictoryRules, GameLength, RulesSetup)
_PLACE_FIELDS = ("placement", "hex", "hexes", "region", "entry", "to", "near", "triangle")


def parse_path(path: str) -> tuple[str | int, ...]:
    """``sides[1].forces[7]`` as ``("sides", 1, "forces", 7)`` (the inverse of ``dotted``)."""
    return tuple(
        int(index) if index else name for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", path)
    )


def finding_hexes(
    scenario: Scenario, amap: AssembledMap, overlays: OverlayMap, path: str
) -> frozenset[Hex]:
    """The hexes the scenario entry at a finding's dotted path stands for: a placed unit's hex,
    a set-up area, an objective's region, an overlay counter, painted hexes; the nearest
    enclosing entry that has a place when the path names a part of one. Empty: no place."""
    ctx = RegionContext(amap, overlay_terrain=overlays.stacks)
    return _Places(scenario, amap, ctx).at(parse_path(path))


class _Places:
    def __init__(self, scenario: Scenario, amap: AssembledMap, ctx: RegionContext) -> None:
        self.scenario = scenario
        self.amap = amap
        self.ctx = ctx
        self.depth = 0

    def at(self, keys: tuple[str | int, ...]) -> frozenset[Hex]:
        chain: list[object] = [self.scenario]
        for key in keys:
            child = _child(chain[-1], key)
            if child is None:
                break
            chain.append(child)
        from_entry = False
        for value in reversed(chain):
            if isinstance(value, Side) and from_entry and value.setup is not None:
                return self.of(value.setup)  # an entry placed by its side's set-up
            if isinstance(value, _TOO_WIDE):
                break
            found = self.of(value)
            if found:
                return found
            from_entry = from_entry or isinstance(value, ForceEntry)
        return frozenset()

    def of(self, value: object) -> frozenset[Hex]:
        if isinstance(value, HexPlacement):
            return self.named([value.hex])
        if isinstance(value, _REGION_TYPES):
            found = evaluate(value, self.ctx)
            self.ctx.errors.clear()
            return found
        if isinstance(value, OverlayPlacement):
            laid, _ = place_overlays([value], overlay_catalog(self.scenario.system), self.amap)
            return frozenset(laid.placed[0][1]) if laid.placed else frozenset()
        if isinstance(value, CheckException) and self.depth < 2:
            self.depth += 1  # an exception's place is that of the finding it excuses
            return self.at(parse_path(value.path))
        if not isinstance(value, BaseModel):
            return frozenset()
        for name in _PLACE_FIELDS:
            part = getattr(value, name, None)
            if isinstance(part, str):
                found = self.named([part])
            elif isinstance(part, list) and all(isinstance(p, str) for p in part):
                found = self.named(part)
            else:
                found = self.of(part) if isinstance(part, BaseModel) else frozenset()
            if found:
                return found
        return self.objects(getattr(value, "objects", None))

    def named(self, names: list[str]) -> frozenset[Hex]:
        found = set()
        for name in names:
            try:
                found.add(self.amap.resolve(name))
            except KeyError:
                continue
        return frozenset(found)

    def objects(self, name: object) -> frozenset[Hex]:
        """A named set of map objects (a condition's "the bridge")."""
        for objects in self.scenario.map.objects:
            if objects.name == name:
                return self.of(objects.region)
        return frozenset()


def _child(value: object, key: str | int) -> object | None:
    if isinstance(key, int):
        return value[key] if isinstance(value, list) and 0 <= key < len(value) else None
    if isinstance(value, dict):
        found: object = value.get(key)
        return found
    if isinstance(value, BaseModel) and key in type(value).model_fields:
        field: object = getattr(value, key)
        return field
    return None
