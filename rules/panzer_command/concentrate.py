"""Panzer Command's Concentrate Fire Action [§10].

- Any unit with a printed Attack Strength (not a mortar, which has no Fire Zone [§14.2]) and not
  Suppressed [§11.1] may Concentrate its fire on one hex in its Fire Zone and line of sight,
  occupied or not, even by a friendly unit [§10.1]; it is an Action, in its Segment or for a
  Command [§10.2].
- Effects [§10.3]: the Concentrated Fire modifier of the Combat Modifiers Summary against units
  in that hex (:func:`rules.panzer_command.fire.attack_strength`; the value is a placeholder);
  the unit attacks only units there and has no Fire Zone anywhere else
  (:func:`rules.panzer_command.zones.in_fire_zone`), so it makes no Opportunity Fire elsewhere
  either. One hex at a time: our reading, Concentrating on another hex moves the Concentration.
- It ends [§10.3] when the unit is attacked from another hex (before that combat is resolved),
  is Suppressed, moves, or is eliminated; when an enemy unit moves adjacent to it while it is
  Concentrated on a hex not adjacent to it; or when its owner ceases it, in any Segment of his
  (``concentrate UNIT off``: our reading, ceasing is no Action and costs nothing, but never in the
  enemy's Segment).
- Our reading: Test Play and the bots are offered the hexes in the Fire Zone that hold enemy
  units (any hex of the Fire Zone is accepted when written).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.panzer_command.actions import Concentrate, PositionChanged
from rules.panzer_command.fire import end_concentration
from rules.panzer_command.hidden import is_hidden
from rules.panzer_command.intel import CONCENTRATIONS, secret_to
from rules.panzer_command.zones import fire_zone_range, sees

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

OFF = "off"


def why_not_concentrate(state: PcState, action: Concentrate) -> str | None:
    """Why the unit may not Concentrate its fire on the hex now, or None [§10.1-10.3]."""
    unit, game = action.unit, state.game
    spec = game.units[unit]
    if action.hex.lower() == OFF:
        if unit not in state.troops.concentrations:
            return "the unit has no Concentration to cease [§10.3]"
        return None
    at, h = state.troops.hexes.get(unit), game.by_name.get(action.hex.upper())
    if at is None or h is None:
        return f"'{action.hex}' is no hex of the map, or the unit is not on it"
    if spec.attack is None or spec.weapon_class in (None, "Hm"):
        return (
            "only a unit with a printed Attack Strength, not a mortar, Concentrates [§10.1; §14.2]"
        )
    if unit in state.troops.suppressed:
        return "a Suppressed unit performs no Action but Rally [§11.1]"
    if unit in state.troops.mounted:
        return "a passenger has no Fire Zone [§13.2-13.3]"
    if state.troops.concentrations.get(unit) == game.name(h):
        return f"the unit has Concentrated on {game.name(h)} already [§10.3]"
    if at.distance(h) > fire_zone_range(state, unit) or not sees(state, at, h):
        return f"{game.name(h)} is not in the unit's Fire Zone and line of sight [§10.1]"
    return None


def concentrate(state: PcState, action: Concentrate) -> None:
    """The Concentrate Fire Action, or ceasing a Concentration [§10.2-10.3]."""
    unit = action.unit
    if action.hex.lower() == OFF:
        end_concentration(state, unit, "its owner ceases it")
        return
    name = state.game.name(state.game.by_name[action.hex.upper()])
    if unit in state.troops.concentrations:
        end_concentration(state, unit, f"it Concentrates on {name} instead (one hex at a time)")
    state.troops.concentrations[unit] = name
    side = state.game.units[unit].side
    secret = secret_to(state, side, CONCENTRATIONS)
    if secret is not None:  # recorded secretly, revealed when first used [§22.4]
        state.intel.secret_concentrations.add(unit)
    state.emit(
        PositionChanged(unit, f"Concentrates its fire on {name}", "[§10.2]", private_to=secret)
    )


def concentrate_options(state: PcState, unit: str) -> list[Concentrate]:
    """The Concentrations offered: hexes of the Fire Zone holding enemy units."""
    side = state.game.units[unit].side
    held = sorted(
        {
            state.game.name(h)
            for e, h in state.troops.hexes.items()
            if state.game.units[e].side != side and not is_hidden(state, e)  # [§22.5]
        }
    )
    found = [Concentrate(unit, n) for n in held]
    return [a for a in found if why_not_concentrate(state, a) is None]
