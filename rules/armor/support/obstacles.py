"""Bunker and Ditch units in the line of sight [AG IV.B.1.a; IV.B.1.c; IV.B.1.h(2)].

"LEVEL +1: This is terrain that is higher than the general ground level elevation - Building and
Alley units, Bunker units, Span units bridging River hexes, Crest hexsides, and lone Hill units"
[AG IV.B.1.c]; "LEVEL -1: ... Depression hexes, Ditch units" [IV.B.1.a]: "Ditch units do
subtract one from the elevation of the hexes in which they are placed" [IV.B.1.h(2)]; the other
Terrain Support units are level 0 [IV.B.1.b]. They are set up in play
(:mod:`rules.armor.support`), not printed on the map, and a Knock Out removes a Bunker
(:mod:`rules.armor.support.strikes`), so the map's line of sight (:mod:`rules.armor.los`, and
its verdict-only twin :mod:`rules.armor.sight_table`) does not hold them. Where one stands on a
line, :func:`verdict` judges the line again with the map's rules
(:meth:`rules.armor.sight_table.SightTable.clear_with`):

- a hex passed through with a standing Bunker unit tops out at the higher of its terrain's top
  and its ground plus one level (a Building on a Hill is +2 [IV.B.1.d]: our reading, a Bunker
  stacks on the ground the same way); a hex with a Ditch unit one level lower than its terrain
  (its whole elevation lowered [IV.B.1.h(2)], our reading);
- a unit in a Ditch unit's hex stands one level lower [IV.B.1.h(2)];
- the sighter's and the target's own hexes never block (the units inside a Bunker fire out of
  it; "Friendly and/or enemy Combat units will never block the line of sight" [IV.B.1.g]), nor
  does anything between adjacent hexes [GC2 note].

A Destroyed Building hex "is now treated as a Block hex for the rest of the game. All Block
unit rules apply" [OP XVIII.C] (:mod:`rules.armor.optional.blaze`): a Block unit is level 0
terrain [AG IV.B.1.b; GC2 Elevation Levels: Destroyed 0], so a line through the hex is judged
with the hex topping out at its ground, the collapsed Building's storeys gone (our reading).

Our reading, not played: a unit on an upper storey [IV.B.1.h(3)] sights as the map says (the
Terrain Support units are on the ground, below such lines as a rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import storeys
from rules.armor.sight_table import SightTable
from rules.armor.support.effects import standing
from rules.los.geometry import AlongStep, HexStep, trace

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

BUNKER, DITCH = "bunker", "ditch"


def _table(game: ArmorGame) -> SightTable:
    """The game's own verdict table (:meth:`rules.maps.game.MapGame.sight_table`, Armor's
    :class:`SightTable`): its per-hex readings are shared with the Sighting Phase's."""
    table = game.sight_table()
    assert isinstance(table, SightTable)
    return table


def bunkers(state: ArmorState) -> frozenset[Hex]:
    """The hexes holding a standing Bunker unit."""
    if not state.game.works.units:
        return frozenset()
    return frozenset(h for h, kinds in standing(state).items() if BUNKER in kinds)


def verdict(state: ArmorState, unit: str, target: str) -> tuple[bool, str] | None:
    """Whether the line of sight from ``unit`` to ``target`` is clear with the Bunker and
    Ditch units on it, and what they do to it; None when none is on the line (or a unit is
    upstairs): the map's verdict stands [AG IV.B.1]."""
    destroyed = state.blazes.destroyed  # Destroyed Buildings [OP XVIII.C]
    if not state.game.works.units and not destroyed:
        return None
    kinds = standing(state) if state.game.works.units else {}
    if not kinds and not destroyed:
        return None
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    if a.distance(b) <= 1 or storeys.storey(state, unit) != 1:
        return None
    if storeys.storey(state, target) != 1:
        return None
    between: set[Hex] = set()
    for step in trace(a, b).steps:
        if isinstance(step, HexStep):
            between.add(step.hex)
        elif isinstance(step, AlongStep):
            between |= {step.left, step.right}
    between -= {a, b}
    raised = {h for h in between if BUNKER in kinds.get(h, ())}
    lowered = {h for h in between if DITCH in kinds.get(h, ())}
    sunk = [h for h in (a, b) if DITCH in kinds.get(h, ())]
    flattened = {h for h in between if h in destroyed} - raised - lowered
    if not (raised or lowered or sunk or flattened):
        return None
    table = _table(state.game)
    ends = (table.level(a) - (a in sunk), table.level(b) - (b in sunk))
    tops = {h: max(table.top(h), table.ground(h) + 1) for h in raised}
    tops |= {h: table.top(h) - 1 for h in lowered}
    tops |= {h: table.ground(h) for h in flattened}  # a Block hex: level 0 [OP XVIII.C]
    clear = table.clear_with(a, b, ends, tops)
    return clear, _words(state, sorted(raised), sorted(lowered), sunk, sorted(flattened))


def _words(
    state: ArmorState,
    raised: list[Hex],
    lowered: list[Hex],
    sunk: list[Hex],
    flattened: list[Hex],
) -> str:
    name = state.game.name
    said = []
    if flattened:
        said.append(
            f"the Destroyed Building in {', '.join(map(name, flattened))} is a Block hex "
            "[OP XVIII.C], level 0 terrain [AG IV.B.1.b; GC2 Elevation Levels]"
        )
    if raised:
        said.append(
            f"the Bunker unit in {', '.join(map(name, raised))} is level +1 terrain [AG IV.B.1.c]"
        )
    if sunk or lowered:
        where = ", ".join(name(h) for h in (*sunk, *lowered))
        said.append(
            f"the Ditch unit in {where} lowers its hex one level [AG IV.B.1.a; IV.B.1.h(2)]"
        )
    return "; ".join(said) + " (on its hex's ground: our reading)"
