"""88mm FLAK 38 AT Gun [OP XIX] (option ``flak-88``).

The book: "This particular gun could be quickly placed in action and fired while still on its
road wheels, this taking the two Turns listed on the card. This 'quick' way of getting the gun
into action did not allow the barrel to be elevated or depressed, and an additional, third,
Turn of Unloading is required for the gun to be completely ready for action. If this Option is
used, a third Turn of Unloading is required for the gun to fire at target units on different
elevation levels than the 88 unit. Once the third Turn of Unloading has been completed, it will
then require three Turns to Load the gun for Transporting by a Vehicle unit."

The engine plays it for the units whose card lists the optional Load/Unload Turns (the
catalogue's ``load_unload_optional``: the FLAK of Data Card 132, never its PAK [ADV III.A]):

- a FLAK Unloaded in the two Turns of its card stands on its road wheels
  (:attr:`rules.armor.records.Troops.wheeled`); it fires only at targets on its own elevation
  level (the levels the AP fire reads, :meth:`rules.armor.game.ArmorGame.level`);
- the third Turn of Unloading is a "U" order plotted again for the gun on its feet (our
  reading: the gun alone, no Vehicle order needed, as it is no longer hooked up); carried out
  in the Movement Execution Phase, the gun is completely ready for action;
- a FLAK completely ready takes three Turns to Load (the card's optional value); one on its
  wheels, the card's two. Our readings: a gun set up on the map (not transported) starts
  completely ready; a Load reversed by "U" part way leaves it on its wheels; any Unloading
  from a Vehicle, or a Bail Out [ADV IX.B], puts it on its wheels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import FLAK88, card_value, in_use

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[OP XIX]"


def applies(state: ArmorState, unit: str) -> bool:
    """Whether the option is used and ``unit`` is an 88mm FLAK whose card lists the optional
    Load/Unload Turns [OP XIX; ADV III.A]."""
    if not in_use(state.game, FLAK88):
        return False
    spec = state.game.units.get(unit)
    return spec is not None and spec.towed and _optional_turns(spec.type_id) is not None


def _optional_turns(type_id: str) -> int | None:
    found = card_value(type_id, "load_unload_optional")
    return int(str(found)) if found is not None else None


def on_wheels(state: ArmorState, unit: str) -> bool:
    """The FLAK stands on the map on its road wheels: Unloaded in the card's two Turns, not yet
    the third [OP XIX]."""
    return unit in state.troops.wheeled and not state.transported(unit)


def load_turns(state: ArmorState, unit: str) -> int | None:
    """The Turns ``unit`` takes to Load while completely ready for action (three [OP XIX]), or
    None for the card's Load/Unload Turns."""
    if not applies(state, unit) or unit in state.troops.wheeled or state.transported(unit):
        return None
    carrier = state.troops.carried.get(unit)
    if carrier is not None and (
        carrier not in state.troops.hexes or carrier in state.troops.abandoned
    ):
        return None  # Bailed Out [ADV IX.B], its Vehicle gone: the card's Turns (our reading)
    return _optional_turns(state.game.units[unit].type_id)


def third_turn_due(state: ArmorState, unit: str) -> bool:
    """A "U" order on its feet is the FLAK's third Turn of Unloading [OP XIX]."""
    return (
        applies(state, unit)
        and on_wheels(state, unit)
        and unit not in state.troops.stage
        and unit not in state.troops.carried
    )


def stepped(state: ArmorState, unit: str, letter: str, done: bool) -> str:
    """Note a Turn of Loading (``D``) or Unloading (``U``) of ``unit``: Unloading, or Loading
    completed, leaves it on its road wheels. The words the log adds, or ''."""
    if not applies(state, unit):
        return ""
    if letter == "U" or done:
        state.troops.wheeled.add(unit)
    if letter == "U" and done:
        return (
            "; on its road wheels: a third Turn of Unloading ('U') before it fires at another "
            f"elevation level {RULE}"
        )
    return ""


def emplace(state: ArmorState, unit: str) -> str:
    """Carry out the third Turn of Unloading: the FLAK is completely ready for action."""
    state.troops.wheeled.discard(unit)
    turns = _optional_turns(state.game.units[unit].type_id)
    return (
        "third Turn of Unloading: completely ready for action, it fires at any elevation "
        f"level; {turns} Turns to Load it again {RULE}"
    )


def why_not_fire(state: ArmorState, unit: str, target: str) -> str | None:
    """Why a FLAK on its road wheels may not fire at ``target`` [OP XIX], or None."""
    if not applies(state, unit) or not on_wheels(state, unit):
        return None
    game = state.game
    mine, theirs = game.level(state.troops.hexes[unit]), game.level(state.troops.hexes[target])
    if mine == theirs:
        return None
    return (
        f"the 88 FLAK is on its road wheels: its barrel cannot be elevated or depressed to a "
        f"target on level {theirs} from level {mine} until a third Turn of Unloading {RULE}"
    )
