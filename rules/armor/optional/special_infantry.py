"""Special Infantry Units and Equipment [OP V] (option ``special-infantry``): what the engine
plays of Ranger and Commando Infantry [OP V.C].

The book: Rangers (American) and Commandos (British) "may only be used in games where all
players agree to their use" [OP V.C]; they "add '10' to the dice roll for Close Assault
Combats" [OP V.C.2]; they "are affected only by Knock Out results, and can ignore Suppressed
results from Combat" [OP V.C.3]. The catalogue records both on the Data Cards (113, 100:
``close_assault_roll_modifier``, ``ignores_suppressed``), and the engine reads them there.
Our reading of V.C.3, as the catalogue's: any Suppressed result of combat, not only on
landing. Not played: their Radio and Crack Morale [OP V.C.1] (Command Control and Morale are
not played), the air-drop, Squad Plus and Assault Squads [OP V.A-B] (no force entry marks a
squad as one yet) and the Flamethrower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import SPECIAL, card_value, in_use
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


def close_assault_modifier(state: ArmorState, unit: str) -> Modifier | None:
    """A Ranger's or Commando's "+10" to the Close Assault roll [OP V.C.2], or None."""
    if not in_use(state.game, SPECIAL):
        return None
    found = card_value(state.game.units[unit].type_id, "close_assault_roll_modifier")
    if found is None:
        return None
    return Modifier("Ranger or Commando", int(str(found)), "[OP V.C.2]")


def ignores_suppressed(state: ArmorState, unit: str) -> bool:
    """A Ranger or Commando ignores Suppressed results from combat [OP V.C.3]."""
    if not in_use(state.game, SPECIAL):
        return False
    return card_value(state.game.units[unit].type_id, "ignores_suppressed") is True
