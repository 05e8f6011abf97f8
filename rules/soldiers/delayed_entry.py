"""Delaying reinforcements [19.34; 2.22].

"Reinforcements that enter the map during the Command Cycle in which the reinforcement event
occurs must enter the map in the zone(s) specified by the scenario instructions. If they are held
off map until subsequent Command Cycles, they may enter in any map-edge zone adjacent to those
specified. You may not delay some members of a squad and not others. If any member of a
reinforcing squad enters the map, the squad as a whole is required to enter in that zone."

- The zones: each map's nine zones [2.22] (the boards' ``zones``), by board label and number
  (``B/9``). The zones specified: those holding the group's entry hexes (its entry region's
  map-edge hexes [19.32]; our reading for an entry region given otherwise than by zones, an
  edge say). A zone is adjacent to them when one of its hexes neighbours one of theirs (across
  a map seam too: our reading, zones are areas of the map the players see); a map-edge zone
  is one with a hex on the map's edge, where the men enter [19.32].
- The Command Cycle of the event: the cycle the group's event came in (a group arriving with
  a Command Cycle: that cycle; one on the track from the start: the first). In a later cycle
  the men may enter by the map-edge hexes of the adjacent zones as well.
- The squad as a whole (by squad, heavy-weapons soldiers by their own squad): once a man of it
  has entered, the rest enter where he could: in the zones specified if he entered by them
  (no delay for some and not others), in the zone he entered if he entered by an adjacent one
  (:attr:`rules.soldiers.records.Arrivals.entry_zones`, kept in position files).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.layout import AssembledMap
from rules.soldiers import zone_groups

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState
    from rules.soldiers.setup import Group

#: A squad whose first man entered in the zones specified [19.34].
ON_TIME = "specified"


def zones_of(amap: AssembledMap) -> dict[Hex, str]:
    """Each hex's zone [2.22], ``BOARD/N`` (the placement's label, else the board's id)."""
    found: dict[Hex, str] = {}
    for placement in amap.placements:
        section = amap.section_of(placement)
        label = placement.label or placement.section
        for zone, hexes in sorted(section.zones.items()):
            for h in hexes:
                g = placement.to_global(h)
                if g in amap.hexes:
                    found.setdefault(g, f"{label}/{zone}")
    return found


def arrived(state: SoldiersState, group: Group) -> int:
    """The Command Cycle the group's reinforcement event came in [19.34]."""
    if group.slot is not None:
        return state.arrivals.came.get(group.slot, state.play.cycle)
    return group.cycle or 1


def delayed(state: SoldiersState, group: Group) -> bool:
    """Whether the group's men were held off the map past the event's Command Cycle [19.34]."""
    return state.play.cycle > arrived(state, group)


def specified(state: SoldiersState, group: Group) -> set[str]:
    """The zones the scenario specifies for the group: those of its entry hexes [19.34]."""
    zones = state.game.zones
    return {zones[h] for h in zone_groups.entry(state, group) if h in zones}


def adjacent_edge_hexes(state: SoldiersState, group: Group) -> frozenset[Hex]:
    """The map-edge hexes of the zones adjacent to the group's zones [19.34; 2.22]."""
    game = state.game
    zones = game.zones
    mine = specified(state, group)
    near = {
        zones[n]
        for h, z in zones.items()
        if z in mine
        for n in h.neighbors()
        if n in zones and zones[n] not in mine
    }
    return frozenset(h for h in game.edge if zones.get(h) in near)


def entry(state: SoldiersState, man: str, group: Group) -> frozenset[Hex]:
    """The hexes the man may enter by now [19.32; 19.34]."""
    squad = state.game.men[man].squad
    first = state.arrivals.entry_zones.get(squad)
    own = zone_groups.entry(state, group)  # scenario 25: the zone group's zone [25.6]
    if first == ON_TIME:
        return own  # his squad entered on time: no delay for some [19.34]
    if first is not None:
        zones = state.game.zones
        return frozenset(h for h in adjacent_edge_hexes(state, group) if zones.get(h) == first)
    if not delayed(state, group):
        return own
    return own | adjacent_edge_hexes(state, group)


def entered(state: SoldiersState, man: str, at: Hex) -> None:
    """A man entered the map at ``at``: his squad's zone from now on [19.34]."""
    squad = state.game.men[man].squad
    if squad in state.arrivals.entry_zones:
        return
    group = next(g for g in state.game.groups if g.id == state.game.group_of[man])
    zone = ON_TIME if at in zone_groups.entry(state, group) else state.game.zones.get(at, ON_TIME)
    state.arrivals.entry_zones[squad] = zone
