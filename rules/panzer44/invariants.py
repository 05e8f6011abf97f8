"""What must hold of every Panzer '44 position (the seeded fuzz asks it after every action):

- every unit on the map stands on a hex of the map and of the play area;
- one unit per hex [8.0], except a carrier with its passenger [8.2] (the passenger's hex is
  its carrier's) and an Improved Position's pair [8.1] (a non-vehicle unit with another);
- no unit in a hex with an enemy unit [7.21] (an overrun ends in its exit hex [13.24]);
- no unit is both on the map and destroyed, or on the map and exited;
- a passenger's carrier is its own side's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex

if TYPE_CHECKING:
    from rules.engine.core import State


def invariants(state: State) -> list[str]:
    """What is wrong with the position, in words (empty: nothing)."""
    from rules.panzer44.game import Panzer44State

    assert isinstance(state, Panzer44State)
    g = state.game
    wrong: list[str] = []
    by_hex: dict[Hex, list[str]] = {}
    for unit, h in state.board.hexes.items():
        if h not in g.amap.hexes:
            wrong.append(f"{unit} stands off the map at {h}")
        elif g.play_area is not None and h not in g.play_area:
            wrong.append(f"{unit} stands outside the play area in {g.name(h)}")
        by_hex.setdefault(h, []).append(unit)
        if unit in state.losses.destroyed:
            wrong.append(f"{unit} is destroyed and on the map")
        if unit in state.entry.exited:
            wrong.append(f"{unit} has exited and is on the map")
    for passenger, carrier in state.board.carried_by.items():
        if g.specs[passenger].side != g.specs[carrier].side:
            wrong.append(f"{passenger} rides on the enemy's {carrier}")
        if (
            passenger in state.board.hexes
            and state.board.hexes.get(carrier) != state.board.hexes[passenger]
        ):
            wrong.append(f"{passenger} is not in its carrier {carrier}'s hex")
    for h, units in by_hex.items():
        loose = [u for u in units if u not in state.board.carried_by]
        non_vehicles = [u for u in loose if not g.specs[u].vehicle]
        if len(loose) > 2 or (len(loose) == 2 and not non_vehicles):
            wrong.append(f"{', '.join(sorted(units))} share {g.name(h)} [8.0]")
        if len({g.specs[u].side for u in units}) > 1:
            wrong.append(f"{', '.join(sorted(units))}: enemies in one hex, {g.name(h)} [7.21]")
    return wrong
