"""Infantry Unit Reduction [OP XII] (option ``infantry-reduction``).

The book: "When a Knock Out result occurs to an Infantry Squad unit, except as a result of
Artillery Fire, Overrun Combat, or Airborne Landing Status Knock Outs, the unit may be reduced
to half size instead of being totally eliminated ... The Victory Point Value of a Squad reduced
to a Half Squad is the difference between the Squad and Half Squad Point Values."

What the engine plays:

- a Knock Out result on a full Infantry Squad (a Leg unit whose Data Card has a Half Squad
  Point Value, not a Machinegun Team) reduces it to a Half Squad; a Half Squad Knocked Out is
  eliminated. Our reading of "may": the owner always takes the reduction, as it is never worse
  for him (the unit stays, and the enemy scores only the difference of the Point Values);
- not in the Overrun Phase (our reading: every Knock Out there is of Overrun Combat
  [ADV VIII]) nor in the Fire and Smoke Phase (a collapsed Building's units are "removed from
  the game" [OP XVIII.B], a unit left in a Fire is "Knocked Out and eliminated" [OP XI.E]);
  Artillery Fire and Airborne Landing Status are not played by this engine yet: a rule that
  adds them names its segment in :data:`NOT_REDUCED`;
- a Half Squad stacks 1 SF (the card's 1/2 Squad Stacking Factor [Intro IV]) and, as its
  Gunnery Table is not in the text, fires at half the squad's GP Factor (our reading, a
  placeholder);
- Victory Points: a Half Squad on the map is worth Squad minus Half Squad Points to the enemy,
  eliminated the Squad's Total [OP XII; AG IX.B].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.events import Damaged
from rules.armor.optional import REDUCTION, card_value, in_use
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[OP XII]"
#: The segments whose Knock Outs are never reduced (see the module).
#: "except as a result of Artillery Fire, Overrun Combat, or Airborne Landing Status Knock Outs"
#: [OP XII]: the Artillery Impact Phase's (rules.armor.indirect) among them.
#: A Knock Out on landing [OP XXXI.A.2] neither: the Landing Status Table has its own Half
#: Knock Out (our reading).
NOT_REDUCED = frozenset({"overrun", "fire-and-smoke", "artillery-impact", "paratroop-drop"})
HALF_GP = "a Half Squad's Gunnery Table is not in the text: our reading, half the Squad's GP Factor"


def _card_value(type_id: str, key: str) -> int | None:
    found = card_value(type_id, key)
    return int(str(found)) if found is not None else None


def is_squad(state: ArmorState, unit: str) -> bool:
    """An Infantry Squad unit (its card has a Half Squad Point Value), not a Machinegun Team."""
    spec = state.game.units[unit]
    if not spec.leg or spec.mg_team or spec.crew_of is not None:
        return False
    return _card_value(spec.type_id, "points_half_squad") is not None


def is_half(state: ArmorState, unit: str) -> bool:
    return unit in state.squads.half_squads


def reduce(state: ArmorState, unit: str) -> bool:
    """A Knock Out result on ``unit``: reduce it to a Half Squad instead, if the rule does
    [OP XII]; whether it did (the caller eliminates it otherwise)."""
    if not in_use(state.game, REDUCTION) or not is_squad(state, unit) or is_half(state, unit):
        return False
    if state.segment.id in NOT_REDUCED:
        return False
    state.squads.half_squads.add(unit)
    half = _card_value(state.game.units[unit].type_id, "points_half_squad")
    state.emit(
        Damaged(
            unit,
            f"Knocked Out: reduced to a Half Squad instead of eliminated (1/2; Half Squad "
            f"Point Value {half})",
            RULE,
        )
    )
    return True


def stacking(state: ArmorState, unit: str) -> int:
    """The unit's Stacking Factor: a Half Squad's is its card's 1/2 Squad value [Intro IV]."""
    spec = state.game.units[unit]
    if is_half(state, unit):
        found = _card_value(spec.type_id, "stacking_half_squad")
        return found if found is not None else spec.stacking
    return spec.stacking


def gp_modifier(state: ArmorState, unit: str) -> Modifier | None:
    """A Half Squad fires at half the Squad's GP Factor (our reading, :data:`HALF_GP`)."""
    if not is_half(state, unit):
        return None
    return Modifier("Half Squad: x1/2 (our reading)", 0, f"{RULE}; placeholder: {HALF_GP}")


def points(state: ArmorState, unit: str) -> tuple[int, str] | None:
    """What a Half Squad still on the map is worth to the enemy [OP XII]; None otherwise."""
    if not is_half(state, unit) or unit not in state.troops.hexes:
        return None
    spec = state.game.units[unit]
    half = _card_value(spec.type_id, "points_half_squad") or 0
    why = f"reduced to a Half Squad: Squad {spec.points} less Half Squad {half} Points {RULE}"
    return spec.points - half, why
