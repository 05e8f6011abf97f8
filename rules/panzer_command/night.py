"""Panzer Command Night [§20].

- "Game Turn 10 is the night turn" [§20.1] (on the absolute Game Turn Track the scenarios
  count on). After its Action Phase, the Regiment Action chits picked from the cup (only: not
  those selected with Dispatch Points) go back into the cup for a second Action Phase, then the
  End Phase [§20.1].
- Restrictions [§20.2]: every hex entered costs 1 MP more (hexside costs unchanged); the line
  of sight, and so every Fire Zone, reaches 1 hex; no unit moves into an enemy Fire Zone (one
  in a Fire Zone may only enter a hex outside every enemy Fire Zone); -2 to every attack but a
  minefield's (the Combat Modifiers Summary's night row); spotting for Indirect Fire only of
  units adjacent to the spotter, pre-plotted hexes unaffected. No airpower: the engine plays
  none yet [§18].

Our reading: a reinforcement's entry hex and the step off the map are hexes entered, so they
cost the extra MP too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: The night turn on the absolute Game Turn Track [§20.1].
NIGHT_TURN = 10
#: Night's extra Movement Point for every hex entered [§20.2].
NIGHT_MP = 1.0
#: The line of sight, and every Fire Zone, at night [§20.2].
NIGHT_SIGHT = 1
#: The Combat Modifiers Summary's row for night [§20.2].
NIGHT_ROW = "night (Game Turn 10)"


def is_night(state: PcState) -> bool:
    """Whether this Game Turn is the night turn [§20.1]."""
    return state.play.turn == NIGHT_TURN


def in_enemy_zone(state: PcState, unit: str, h: Hex) -> bool:
    """Hex ``h`` lies in an enemy unit's Fire Zone (at night, the hexes next to it) [§20.2]."""
    from rules.panzer_command.zones import in_fire_zone

    side = state.game.units[unit].side
    return any(
        state.game.units[e].side != side
        and at.distance(h) <= NIGHT_SIGHT
        and in_fire_zone(state, e, h)
        for e, at in sorted(state.troops.hexes.items())
    )
