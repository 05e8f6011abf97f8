"""What must hold of every Armor position (the seeded fuzz asks it after every action):

- every unit on the map stands on a hex of the map;
- stacking within the book's limit [AG III.B]: one side's units in a hex are not limited
  [AG III.B.1], but a transported unit (one with a carrier on the map) stands in its carrier's
  hex, rides with its own side, and a carrier holds no more than its Transport [ADV IV.B.1.a];
- no unit is both knocked out and on the map, and each knocked-out unit left one Wreck (a
  marker, not a unit); no unit is both exited and on the map;
- after the disputed-hexes step [AG VII.D] (outside the Movement Execution Phase), no hex
  holds both sides' units [AG III.B.2];
- each SBG Bridge AVRE has laid at most one Span [OP XXV.C.2], and each hedgerow broken
  through by a Culin Device is a Hedgerow hex [OP XXV.E.2].
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.hexes import Hex

if TYPE_CHECKING:
    from rules.engine.core import State

#: Where units may pass through enemy hexes: the Movement Execution Phase [AG VII.D] and the
#: Overrun Phase, whose movement enters the Overrun target's hex [ADV VIII].
MOVEMENT = ("overrun", "first-movement", "second-movement", "disputed-hexes")


def invariants(state: State) -> list[str]:
    """What is wrong with the position, in words (empty: nothing)."""
    from rules.armor.game import ArmorState

    assert isinstance(state, ArmorState)
    g = state.game
    wrong: list[str] = []
    troops, dmg = state.troops, state.damage
    for unit, h in troops.hexes.items():
        if h not in g.amap.hexes:
            wrong.append(f"{unit} stands off the map at {h}")
        if unit in dmg.knocked_out:
            wrong.append(f"{unit} is knocked out and on the map")
        if unit in troops.exited:
            wrong.append(f"{unit} has exited and is on the map")
    if len(dmg.wrecks) != len(dmg.knocked_out):
        wrong.append(f"{len(dmg.wrecks)} Wrecks for {len(dmg.knocked_out)} units knocked out")
    load: Counter[str] = Counter()
    for passenger, carrier in troops.carried.items():
        if g.units[passenger].side != g.units[carrier].side:
            wrong.append(f"{passenger} rides on the enemy's {carrier}")
        if state.transported(passenger):
            load[carrier] += g.units[passenger].stacking
            if troops.hexes[carrier] != troops.hexes[passenger]:
                wrong.append(f"{passenger} is not in its carrier {carrier}'s hex [ADV V.C.1]")
    for carrier, factors in load.items():
        if factors > g.units[carrier].transport:
            wrong.append(f"{carrier} carries {factors} Stacking Factors [ADV IV.B.1.a]")
    if state.play.over or state.segment.id not in MOVEMENT:
        sides: dict[Hex, set[str]] = {}
        for unit, h in troops.hexes.items():
            if not state.transported(unit):
                sides.setdefault(h, set()).add(g.units[unit].side)
        for h, s in sides.items():
            if len(s) > 1:
                wrong.append(f"both sides in {g.name(h)} after [AG VII.D] [AG III.B.2]")
    kept = state.specials
    for layer, spans in Counter(kept.spans.values()).items():
        if spans > 1 or layer not in kept.laid:
            wrong.append(f"{layer} has {spans} Span units, not its one laid [OP XXV.C.2]")
    wrong.extend(
        f"{g.name(h)} broken through by a Culin Device is not a Hedgerow hex [OP XXV.E.2]"
        for h in sorted(kept.broken)
        if g.terrain.terrain(h) != "hedgerow"
    )
    return wrong
