"""What each terrain type means for a line of sight, read once per game system from its data.

The books say which terrain blocks in their terrain charts, and ``resources/<system>/terrain.yaml``
carries that with its provenance: Panzer '44 ``los: clear|blocked``, Soldiers ``blocks_los``,
Panzer Command ``los: clear|blocking|conditional``, Armor ``level`` (the height of the terrain
as a line-of-sight obstacle) with ``blocks_los_all_levels`` / ``as_smoke_for_sighting``. This
module turns those into one small record per terrain id, so the rules never name a terrain id
that the data can answer for.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

from model.catalog import TerrainType, terrain_types
from model.provenance import Value, unwrap
from model.systems import GameSystem
from rules.registry import rules_for


@dataclass(frozen=True, slots=True)
class TerrainLos:
    """One terrain type as a line of sight sees it.

    Attributes:
        id: the terrain id.
        name: its name in the book.
        applies_to: ``hex``, ``hexside`` or ``path``.
        blocks: the data says it blocks (Panzer '44 ``blocked``, Soldiers ``blocks_los``,
            Panzer Command ``blocking`` or ``conditional``; Armor: a height above the ground).
        conditional: Panzer Command's ``conditional`` (embankments: a blindspot rule).
        level: Armor's obstacle height above the hex's ground (``level``).
        raises_units: Armor: the terrain lifts a unit standing on it (hills).
        unit_level: Armor: a unit in the hex stands this far from the ground (depression -1).
        all_levels: Armor: blocks at every level (smoke; fire and smoking wrecks as smoke).
        cite: where the blocking value comes from: a book citation, or ``placeholder: ...``.
        all_levels_cite: the same for ``all_levels``.
        storeys: Armor: a Building unit, stacked up to this many storeys (0: not a Building).
        hidden_from_air: Armor: a Plane cannot sight a hex with this terrain.
    """

    id: str
    name: str
    applies_to: str
    blocks: bool
    conditional: bool = False
    level: int = 0
    raises_units: bool = False
    unit_level: int = 0
    all_levels: bool = False
    cite: str = ""
    all_levels_cite: str = ""
    storeys: int = 0
    hidden_from_air: bool = False

    @property
    def placeholder(self) -> bool:
        return self.cite.startswith("placeholder:")


def provenance(terrain: TerrainType, key: str) -> str:
    """Where ``terrain.effects[key]`` comes from: its own source or placeholder, else the
    entry's (a plain value inherits the entry's provenance)."""
    value = terrain.effects.get(key)
    if isinstance(value, Value):
        return value.source or f"placeholder: {value.placeholder}"
    if terrain.plain_values_are_placeholders:
        return f"placeholder: {terrain.placeholder or 'the entry gives no source'}"
    return terrain.source or ""


@functools.cache
def terrain_table(system: GameSystem) -> Mapping[str, TerrainLos]:
    """The system's terrain types as lines of sight see them, by id (built once per system)."""
    build = rules_for(system).los_terrain
    return {t.id: build(t) for t in terrain_types(system).values()}


def int_effect(terrain: TerrainType, key: str, default: int = 0) -> int:
    value = unwrap(terrain.effects[key]) if key in terrain.effects else default
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def flag_effect(terrain: TerrainType, key: str) -> bool:
    return key in terrain.effects and unwrap(terrain.effects[key]) is True


def text_effect(terrain: TerrainType, key: str) -> str:
    value = unwrap(terrain.effects[key]) if key in terrain.effects else None
    return value if isinstance(value, str) else ""
