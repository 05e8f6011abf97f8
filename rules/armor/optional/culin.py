"""The Culin Hedgerow Device [OP XXV.E] (its state in :class:`rules.armor.optional.specials.
Specials`).

Which Vehicles carry one: a force entry of a card whose Notes show it (``culin_capable``:
Data Cards 119, 120, 123, 124 and 126) marked ``state: [culin]`` (our way of writing "the
standard Vehicle equipped with the Culin Hedgerow Device"); no ``rules.options`` entry.

- Plotting [E.1.a]: it may plot into or through a Hedgerow hex, counted as Clear Terrain
  (1 SF, the Clear cost [CS Vehicle Movement Costs]), unless the hex holds Combat units of
  either side [E.1.c].
- Executing [E.1.b]: as it enters the Hedgerow hex the dice are rolled; in the card's range
  ("01-20 Move"; the M4's "01-40 Move" [Data Card Corrections]) it breaks through and
  completes its movement, else it stays in the hex it left and its movement ends there. One
  attempt a Turn [E.1.c]: a second Hedgerow hex stops it before it (our reading of how the
  plotted move is cut), as do Combat units that have come into the hex.
- A broken-through hexes [E.2]: every Vehicle enters it as Clear Terrain (Leg and Towed units
  still find a Hedgerow there: their costs and cover are unchanged).
- Carrying the hedgerow [E.3]: from the break-through to the end of the following Turn the
  Vehicle may not fire to its 0 F direction nor be fired at from it (our reading: the Target
  Angle Wheel's F 0 sector of its hull, to 10 degrees, a placeholder edge).
- Heavy Woods [OP XXVII.E.1]: the Device is of no use where the scenario plays Hedgerows as
  Heavy Woods (terrain option ``hedgerows: heavy-woods`` or ``woods-heavy``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.terrainoptions import option_values
from rules.armor.optional import card_value
from rules.armor.optional.events import HexChanged, TableRoll

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.move import EnterCost
    from rules.armor.units import ArmorUnit

RULE = "[OP XXV.E]"
ONE_RULE = "[OP XXV.E.1.c]"
CARRY_RULE = "[OP XXV.E.3] (our reading: the Target Angle Wheel's F 0 sector of the hull)"
#: The force entry ``state`` word for a Vehicle with the Device.
MARK = "culin"
#: "count the Hedgerow hex as Clear Terrain" [E.1.a; E.2]: Clear's Vehicle cost [CS].
CLEAR_COST = Fraction(1)
HEDGEROW = "hedgerow"
#: The terrain option choices that make Hedgerows Heavy Woods [OP XXVII.E.1].
HEAVY_WOODS = frozenset({"heavy-woods", "woods-heavy"})


def equipped(state: ArmorState, unit: str) -> bool:
    """A Vehicle whose card may carry the Device, its force entry marked ``culin``."""
    spec = state.game.units.get(unit)
    if spec is None or not spec.vehicle:
        return False
    marks = state.game.deployment.marks.get(unit, ())
    return MARK in marks and card_value(spec.type_id, "culin_capable") is True


def _usable(state: ArmorState) -> bool:
    choice = option_values(state.game.scenario).get("hedgerows")
    return choice not in HEAVY_WOODS  # no use against Heavy Woods [OP XXVII.E.1]


def hedgerow(state: ArmorState, h: Hex) -> bool:
    """A Hedgerow hex not broken through."""
    return state.game.terrain.terrain(h) == HEDGEROW and h not in state.specials.broken


def _occupied(state: ArmorState, h: Hex) -> bool:
    return any(where == h for where in state.troops.hexes.values())


def cost(state: ArmorState, unit: ArmorUnit, base: EnterCost) -> EnterCost:
    """Entering costs with the Device and the broken hedgerows [E.1.a; E.2]; ``base`` itself
    when neither is in play (a game without them keeps its costs)."""
    kept = state.specials
    device = equipped(state, unit.id) and _usable(state)
    if not unit.vehicle or not (device or kept.broken):
        return base

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        if to in kept.broken:
            return CLEAR_COST  # a narrow path cleared through the hex [E.2]
        if device and hedgerow(state, to) and not _occupied(state, to):
            return CLEAR_COST  # plotted as Clear [E.1.a]
        return base(frm, to)

    return enter


def _range(state: ArmorState, unit: str) -> tuple[int, int, str]:
    spec = state.game.units[unit]
    text = str(card_value(spec.type_id, "culin") or "01-20 Move")
    found = re.match(r"\s*(\d+)\s*-\s*(\d+)", text)
    low, high = (int(found.group(1)), int(found.group(2))) if found else (1, 20)
    return low, high, text


def enter(state: ArmorState, unit: str, h: Hex) -> str | None:
    """The Vehicle is about to enter ``h``: the break-through attempt when ``h`` is a Hedgerow
    hex [E.1.b-c]; why it stays in the hex it left, or None (it enters)."""
    if not hedgerow(state, h) or not equipped(state, unit) or not _usable(state):
        return None
    kept, turn = state.specials, state.play.turn
    if kept.attempted.get(unit) == turn:
        return f"a Culin Device may attempt no more than one Hedgerow hex per Turn {ONE_RULE}"
    if _occupied(state, h):
        return f"a Culin Device may not enter a Hedgerow hex holding Combat units {ONE_RULE}"
    kept.attempted[unit] = turn
    low, high, text = _range(state, unit)
    roll = state.roll(f"Culin Device break-through of {unit}", 100)
    through = low <= roll <= high
    outcome = (
        "broken through: it completes its movement"
        if through
        else "fails to break through: back in the hex it left, its movement ends"
    )
    reads = f"{unit} into {state.game.name(h)}, the card's Notes: {text}"
    state.emit(TableRoll("Culin Device", unit, reads, roll, outcome, "[OP XXV.E.1.b]"))
    if not through:
        return "failed to break through the hedgerow [OP XXV.E.1.b]"
    kept.broken.add(h)
    kept.carrying[unit] = turn
    what = "hedgerow broken through (a blank unit): Vehicles enter it as Clear Terrain"
    state.emit(HexChanged(state.game.name(h), what, "[OP XXV.E.2]"))
    return None


def _carrying(state: ArmorState, unit: str) -> bool:
    """[E.3]: from the break-through to the end of the Turn following it."""
    turn = state.specials.carrying.get(unit)
    return turn is not None and state.play.turn <= turn + 1


def why_not_fire(state: ArmorState, firer: str, target: str) -> str | None:
    """No fire to or from the 0 F direction of a Vehicle carrying the hedgerow [E.3]."""
    from rules.armor.fire import target_aspect

    troops = state.troops
    a, b = troops.hexes[firer], troops.hexes[target]
    if _carrying(state, firer) and target_aspect(troops.facing[firer], a, b).sector == "F 0":
        return f"carrying the hedgerow it broke through: no fire to its 0 F direction {CARRY_RULE}"
    if _carrying(state, target) and target_aspect(troops.facing[target], b, a).sector == "F 0":
        return f"the target carries a hedgerow: no fire from its 0 F direction {CARRY_RULE}"
    return None
