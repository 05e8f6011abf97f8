"""Bunker units as obstacles to the line of sight [AG IV.B.1.c].

"LEVEL +1: This is terrain that is higher than the general ground level elevation - Building and
Alley units, Bunker units, Span units bridging River hexes, Crest hexsides, and lone Hill units"
[AG IV.B.1.c]; the other Terrain Support units are level 0 [IV.B.1.b]. A Bunker unit is set up
in play (:mod:`rules.armor.support`), not printed on the map, and a Knock Out removes it
(:mod:`rules.armor.support.strikes`), so the map's line of sight (:mod:`rules.armor.los`, and
its verdict-only twin :mod:`rules.armor.sight_table`) does not hold it: this module adds it to
a line the map leaves clear, by the same rules the map's obstacles follow there.

- A hex the line passes through with a standing Bunker unit rises to the higher of its own top
  and its ground plus one level (a Building on a Hill is +2 [IV.B.1.d]: our reading, a Bunker
  stacks on the ground the same way); it blocks when that top is above the line between the
  units' levels (the engine's height rule, :func:`rules.armor.los.blocks_line`).
- A line run exactly along a hexside is blocked by the lower of its two hexes' tops, as for the
  map's obstacles (:data:`rules.armor.los.ALONG`, our reading).
- The sighter's and the target's own hexes never block (the units inside a Bunker fire out of
  it; "Friendly and/or enemy Combat units will never block the line of sight" [IV.B.1.g]), nor
  does anything between adjacent hexes [GC2 note].
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.terrainview import MapTerrain
from rules.armor import storeys
from rules.armor.los import blocks_line, side_weights
from rules.armor.sight_table import SightTable
from rules.los.geometry import AlongStep, HexStep, trace

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

RULE = "[AG IV.B.1.c]"
BUNKER = "bunker"

#: A game's verdict table of its map view (the view is made afresh whenever the terrain
#: changes: a new view, a new table).
_TABLES: weakref.WeakKeyDictionary[ArmorGame, tuple[MapTerrain, SightTable]] = (
    weakref.WeakKeyDictionary()
)


def _table(game: ArmorGame) -> SightTable:
    found = _TABLES.get(game)
    if found is None or found[0] is not game.terrain:
        found = _TABLES[game] = (game.terrain, SightTable(game.terrain))
    return found[1]


def bunkers(state: ArmorState) -> frozenset[Hex]:
    """The hexes holding a standing Bunker unit."""
    works = state.game.works.units
    if not works:
        return frozenset()
    gone = state.fieldworks.removed
    return frozenset(u.hex for u in works if u.kind == BUNKER and u.id not in gone)


def why_not_seen(state: ArmorState, unit: str, target: str) -> str | None:
    """Why a standing Bunker unit blocks the line of sight from ``unit`` to ``target`` that
    the map leaves clear, or None [AG IV.B.1.c]."""
    standing = bunkers(state)
    if not standing:
        return None
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    if a.distance(b) <= 1:
        return None  # [GC2 note]
    table = _table(state.game)
    ends = (
        table.level(a) + storeys.storey(state, unit) - 1,
        table.level(b) + storeys.storey(state, target) - 1,
    )

    def top(h: Hex) -> int:
        found = table.top(h)
        return max(found, table.ground(h) + 1) if h in standing else found

    for step in trace(a, b).steps:
        if isinstance(step, HexStep):
            h = step.hex
            if h in (a, b) or h not in standing:
                continue
            if blocks_line(top(h), ends, (2 * a.distance(h), 2 * b.distance(h))):
                return _words(state, h)
        elif isinstance(step, AlongStep) and {step.left, step.right} & standing:
            lower = min(top(step.left), top(step.right))
            if blocks_line(lower, ends, side_weights(a, b, step.side)):
                return _words(state, *sorted({step.left, step.right} & standing))
    return None


def _words(state: ArmorState, *where: Hex) -> str:
    names = " and ".join(state.game.name(h) for h in where)
    return (
        f"the Bunker unit in {names} is a level +1 obstacle above the line {RULE} "
        "(on its hex's ground: our reading)"
    )
