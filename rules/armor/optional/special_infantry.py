"""Special Infantry Units and Equipment [OP V] (option ``special-infantry``): what the engine
plays of Squad Plus [OP V.A], Assault Infantry Squads [OP V.B] and Ranger and Commando
Infantry [OP V.C].

Squad Plus and Assault Squads, the book: "a Squad Plus may add 10 GP Factors to all fire and
combats" [V.A]; "an Assault Squad adds 10 GP Factors in Close Assault Combats, may fire Smoke
(one per Turn) into an adjacent hex, and may use Direct Fire against Block, Wire, Pillbox, or
Bunker units in adjacent hexes" [V.B]; both "cost and are worth more Victory Points than a
normal Squad" (the card's first Point Value [Intro IV POINTS]); reduced to a Half Squad they
"lose all their special capabilities" [OP XII]. A force entry marks them as the point-buy
prices them: ``state: [plus]`` (or ``squad-plus``) a Squad Plus, ``state: [assault]`` or the
``ASSAULT-INFANTRY`` unit code an Assault Squad. Our reading: the 10 GP Factors are added to
the Gunnery Table's factor before the halving modifiers [ADV VI.B.2].

The book: Rangers (American) and Commandos (British) "may only be used in games where all
players agree to their use" [OP V.C]; they "add '10' to the dice roll for Close Assault
Combats" [OP V.C.2]; they "are affected only by Knock Out results, and can ignore Suppressed
results from Combat" [OP V.C.3]. The catalogue records both on the Data Cards (113, 100:
``close_assault_roll_modifier``, ``ignores_suppressed``), and the engine reads them there.
Our reading of V.C.3, as the catalogue's: any Suppressed result of combat, not only on
landing. The Assault Squad's Smoke "into an adjacent hex" is the "FS" order of the Smoke
option (:mod:`rules.armor.optional.smoke`) [OP IX.A]. Their Radio [OP V.C.1] is the
catalogue's (``radio: yes``), read by Command Control and Spotting; the Assault Squad's Direct
Fire at Block, Wire, Pillbox and Bunker units in adjacent hexes is
:mod:`rules.armor.support.strikes` [OP V.B; ADV IV.E.5]. They "are Crack for Morale purposes"
[OP V.C.1]: :func:`rules.armor.optional.morale.card_grade`. They "can be Air-Dropped, the
same as Paratroops" [OP V.C.3]: :mod:`rules.armor.optional.airborne`. The hand-held
Flamethrower [OP V.B.1-5] is :mod:`rules.armor.optional.handheld`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import SPECIAL, card_value, in_use
from rules.engine.events import Modifier

PLUS_MARKS = frozenset({"plus", "squad-plus", "+"})
ASSAULT_MARKS = frozenset({"assault", "AS"})
ASSAULT_CODE = "ASSAULT-INFANTRY"
BONUS = 10  # GP Factors [OP V.A; V.B]

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


def ranger_or_commando(type_id: str) -> bool:
    """A Ranger (card 113) or Commando (card 100) unit type [OP V.C]: the Data Card that
    ignores Suppressed results [OP V.C.3] (a variant's base card's [OP XXV])."""
    return card_value(type_id, "ignores_suppressed") is True


def kind(state: ArmorState, unit: str) -> str | None:
    """``squad-plus`` [OP V.A], ``assault`` [OP V.B] or None: an Infantry Squad (not a Half
    Squad: it loses its capabilities [OP XII]) its force entry marks as one, with the
    option."""
    spec = state.game.units[unit]
    if not in_use(state.game, SPECIAL) or not spec.leg or spec.mg_team:
        return None
    if unit in state.squads.half_squads:
        return None
    marks = set(state.game.deployment.marks.get(unit, ()))
    if spec.code == ASSAULT_CODE or marks & ASSAULT_MARKS:
        return "assault"
    return "squad-plus" if marks & PLUS_MARKS else None


def gp_bonus(state: ArmorState, unit: str, close_assault: bool) -> Modifier | None:
    """The 10 GP Factors a Squad Plus adds to all fire and combats [OP V.A], an Assault Squad
    in Close Assault [OP V.B], or None."""
    found = kind(state, unit)
    if found == "squad-plus":
        return Modifier("Squad Plus: +10 GP Factors", BONUS, "[OP V.A]")
    if found == "assault" and close_assault:
        return Modifier("Assault Squad in Close Assault: +10 GP Factors", BONUS, "[OP V.B]")
    return None


def points(state: ArmorState, unit: str) -> tuple[int, str] | None:
    """A Squad Plus's or Assault Squad's Point Value, the card's first [Intro IV POINTS;
    OP V], or None."""
    found = kind(state, unit)
    value = card_value(state.game.units[unit].type_id, "points_assault_or_plus")
    if found is None or not isinstance(value, int):
        return None
    what = "Squad Plus" if found == "squad-plus" else "Assault Squad"
    return value, f"{what}'s Total Point Value: knocked out [AG IX.B.1; Intro IV POINTS; OP V]"
