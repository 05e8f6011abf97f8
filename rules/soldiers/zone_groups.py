"""Scenario 25's US zone group [25.5; 25.6], rolled once when the game starts.

"Before the US deploys his force he must secretly roll the 6-sided die to determine which side
of the map the gap in his line is on: on a 1 or 2 deploy in zone group 1; on a 3-6 deploy in
zone group 2" [25.5]. The roll is the engine's seeded d6 on the table ``s25-zone-group``, made
at the start of the set-up (after the depleted squads' draws); the zone group is kept in
``state.arrivals.zone_group`` (clones and position files keep it). "Secretly": the die and the
log's note are the US side's alone (``private_to``); the German sees the US men once they are
deployed, as the engine deploys for both players (our reading).

- The US men set up in that zone group: the deployment mode's ``choice`` region's option of
  that number (the set-up spreads the men over each option beforehand:
  :attr:`rules.soldiers.setup.Deployment.options`).
- Every US reinforcement enters by the zone the book gives that zone group: "If zone group 1
  was used, reinforcements enter zone 2 map B. If zone group 2 was used reinforcements enter
  zone 9 map B" [25.6]. The scenario file lists one US group a zone (its only way to say
  this); a bought reinforcement dealt to either group enters by the rolled zone group's zone,
  so no man bought is lost and no man enters by the other zone (our reading: the book has one
  set of US reinforcements, entering where the zone group says).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import Zones
from rules.soldiers.actions import SetupNote
from rules.soldiers.airdrop import on_table

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState
    from rules.soldiers.setup import Group

COUNTERATTACK = "soldiers-25"
#: The side that rolls for its zone group, and the table, by scenario [25.5].
ROLLED: dict[str, tuple[str, str]] = {COUNTERATTACK: ("us", "s25-zone-group")}
#: Where the side's reinforcements enter, by zone group: (map, zone) [25.6].
ENTRY: dict[str, dict[int, tuple[str, int]]] = {COUNTERATTACK: {1: ("B", 2), 2: ("B", 9)}}


def roll(state: SoldiersState) -> dict[str, str]:
    """The zone group roll [25.5], when the scenario has one: the group is kept, the side's men
    moved to it; returns how each man came there, by man."""
    found = ROLLED.get(state.game.scenario.id)
    dep = state.game.deployment
    if found is None or not dep.options:
        return {}
    side, table = found
    d6 = state.roll(f"{side} secret Zone Group roll [25.5]", 6, private_to=side)
    group = int(on_table(table, d6))
    state.arrivals.zone_group = group
    entry = ENTRY.get(state.game.scenario.id, {}).get(group)
    where = f"; his reinforcements enter zone {entry[1]} of map {entry[0]} [25.6]" if entry else ""
    text = f"{side} Zone Group: d6 {d6}: zone group {group} [25.5]{where}"
    state.emit(SetupNote(text, private_to=side))  # "secretly roll" [25.5]
    return place(state, group)


def place(state: SoldiersState, group: int) -> dict[str, str]:
    """The side's men set in the zone group's hexes (option ``group`` of its mode's choice)."""
    dep = state.game.deployment
    hexes = dep.options.get(group, {})
    how: dict[str, str] = {}
    for man, h in hexes.items():
        if man in state.troops.hexes:  # not a man a depleted squad lost [19.21]
            state.troops.hexes[man] = h
            how[man] = f"{dep.how[man]}; zone group {group}, rolled [25.5]"
    return how


def entry(state: SoldiersState, group: Group) -> frozenset[Hex]:
    """The hexes the reinforcement group enters by: the rolled zone group's zone for the side
    that rolled [25.6], else the group's own [19.32]."""
    found = ROLLED.get(state.game.scenario.id)
    zone = ENTRY.get(state.game.scenario.id, {}).get(state.arrivals.zone_group)
    if found is None or zone is None or group.side != found[0]:
        return group.entry
    game = state.game
    region = game.region(Zones(board=zone[0], zones=[zone[1]]))
    edge = frozenset(h for h in region if h in game.edge and h in game.enterable)
    return edge or frozenset(h for h in region if h in game.enterable)
