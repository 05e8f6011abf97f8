"""Panzer Command reinforcements entering the map [§15].

- A reinforcement waits off the map until its turn and may enter from then on, or later: entry
  may be delayed [§15.1-15.2]. It enters with the Move Action, in its side's Regiment Action
  Segment (its one Action, or a second for a Direct Command while In Command: off the map, while
  its Regimental HQ is off the map too [§4.4]) or for a Direct Command in the Direct Command
  Segment [§3.2; §15.2].
- Its first hex is one of the scenario's entry hexes; it pays the Movement Points of that hex's
  terrain, entering across the map edge (our reading: by the cheapest edge hexside, so a road or
  track crossing the edge is used [§15.2]), and may go on with what is left [§15.2]. Never into
  an enemy-held hex: when all its entry hexes are held, the nearest free hexes to them [§15.2].
- The column [§15.2]: "If more than six Steps of units enter the same hex as reinforcements
  during the same Segment, the second group of six Steps pays twice the Movement Point cost for
  the hex, the third group pays three times the cost, and so forth"; a unit that cannot pay does
  not enter. Our reading: a unit belongs to the group its last Step falls in (the Steps that
  entered the hex before it, in the order they entered, plus its own).
- An immobile unit enters only by transport [§15.2 note], which the engine does not play: it
  stays off the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.panzer_command.night import NIGHT_MP, is_night
from rules.panzer_command.transport import moves_as
from rules.panzer_command.units import Arrival

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: Steps in each group of a column entering one hex [§15.2].
COLUMN_GROUP = 6


def arrival_of(state: PcState, unit: str) -> Arrival | None:
    return next((a for a in state.game.deployment.arrivals if unit in a.units), None)


def due(state: PcState, unit: str) -> Arrival | None:
    """The unit's arrival when it waits off the map and its turn has come [§15.1]."""
    arrival = arrival_of(state, unit)
    if arrival is None or not state.waiting(unit) or arrival.turn > state.play.turn:
        return None
    return arrival


def entry_hexes(state: PcState, unit: str) -> list[Hex]:
    """The hexes the unit may enter: its entry hexes not held by the enemy, else the nearest
    hexes to them not held by the enemy [§15.2]."""
    arrival = due(state, unit)
    if arrival is None:
        return []
    game, side = state.game, state.game.units[unit].side
    region = [h for h in game.region(arrival.region) if h in game.amap.hexes]
    free = [h for h in region if not state.enemies_in(h, side)]
    if free or not region:
        return sorted(free, key=game.name)
    others = [h for h in game.amap.hexes if not state.enemies_in(h, side)]
    if not others:
        return []
    near = min(min(h.distance(r) for r in region) for h in others)
    return sorted((h for h in others if min(h.distance(r) for r in region) == near), key=game.name)


def terrain_cost(state: PcState, unit: str, h: Hex) -> float | None:
    """What entering ``h`` from off the map costs by the terrain, None where prohibited: the
    cheapest hexside on the map edge [§5.1; §15.2]."""
    game = state.game
    edges: list[Hex | None] = [n for n in h.neighbors() if n not in game.amap.hexes]
    found = [
        game.movement.cost(moves_as(state, unit).movement_class, h, n) for n in edges or [None]
    ]
    costs = [f.cost for f in found if not f.prohibited and f.cost is not None]
    if not costs:
        return None
    return min(costs) + (NIGHT_MP if is_night(state) else 0.0)  # our reading [§20.2]


def column_group(state: PcState, unit: str, h: Hex) -> int:
    """Which group of six Steps entering ``h`` this Segment the unit is in [§15.2]."""
    before = state.play.entered.get(state.game.name(h), 0)
    return (before + state.troops.steps[unit] - 1) // COLUMN_GROUP + 1


def entry_cost(state: PcState, unit: str, h: Hex) -> tuple[float | None, str]:
    """The Movement Points of entering ``h`` from off the map and how they are made up."""
    cost = terrain_cost(state, unit, h)
    name = state.game.name(h)
    if cost is None:
        return None, f"{name} may not be entered (prohibited terrain) [§5.1]"
    group = column_group(state, unit, h)
    if group == 1:
        return cost, f"enters {name} from off the map: {cost:g} MP [§15.2]"
    return (
        cost * group,
        f"enters {name} from off the map in the column's group {group} of six Steps: "
        f"{group} x {cost:g} MP [§15.2]",
    )
