"""The units a scenario puts on single hexes at the start, as counters for the map view.

A force entry placed on one hex (``placement: {kind: hex, hex: ..., facing: ...}``) is that
many counters in that hex; a facing is the book's direction number read in the hex's own
section (turned sections turn it, :meth:`AssembledMap.direction_to_global`). Entries placed
in areas, at entry edges or off the map are not on a hex yet: the designer places them with the
order of battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.hexes import Hex
from model.layout import AssembledMap
from model.scenario import HexPlacement, Scenario


@dataclass(frozen=True)
class MapCounter:
    """One unit counter on the map."""

    hex: Hex
    side: str
    nation: str
    unit: str
    facing: int | None  # global compass direction 0 (N) .. 5 (NW), or None
    label: str  # the counter's identification, or the unit type


def counters(scenario: Scenario, amap: AssembledMap) -> list[MapCounter]:
    """Every counter standing on a hex at the start, side by side, in the file's order."""
    found: list[MapCounter] = []
    catalogue = unit_types(scenario.system)
    for side in scenario.sides:
        for entry in side.forces:
            placement = entry.placement or side.setup
            if not isinstance(placement, HexPlacement):
                continue
            try:
                h = amap.resolve(placement.hex)
            except KeyError:
                continue  # loading reports names that do not resolve
            facing = (
                amap.direction_to_global(h, placement.facing)
                if placement.facing is not None
                else None
            )
            for i in range(entry.count):
                label = entry.ids[i] if i < len(entry.ids) else short_name(catalogue, entry.unit)
                found.append(MapCounter(h, side.id, side.nation, entry.unit, facing, label))
    return found


def short_name(catalogue: Mapping[str, UnitType], unit: str) -> str:
    """What a counter says: the first word of the unit's name ("Panther", "Sherman", "M36B1"),
    or its id when the catalogue does not know it."""
    known = catalogue.get(unit)
    words = known.name.replace('"', " ").split() if known else []
    return words[0] if words else unit
