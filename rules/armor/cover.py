"""Full Cover ("C") orders of the Advanced Game [ADV IV.C].

The book: "The notation 'C' is an order for Leg or Towed units to make maximum use of the
cover in the hex. 1. Only Leg and Towed units may be given Full Cover orders. Suppressed units
may be given no other order but Full Cover. a. ... not ... to units that are being
Transported. b. ... not ... to units that have not completed Unloading, or have started
Loading. 2. Plotted Full Cover orders take place during the Movement Execution and Opportunity
Fire Phase and are shown by placing a Full Cover unit on top of the Combat unit ... 3. Units
given Full Cover orders may be given no other orders. 4. Units stacked with a Full Cover unit
may be given no other orders until the Full Cover unit is removed. Full Cover units may be
removed only during the Final Facing and Adjustment Phase."

What the engine plays:

- the order ``C``, alone, offered to a Leg or Towed unit not transported nor part way through
  Loading or Unloading, and the only order offered to a Suppressed one [IV.C.1; IV.D];
- the Full Cover unit is placed when the Movement Execution Phase begins (our reading of "take
  place during": the units with the order do not move, so nothing turns on the moment), a
  Suppressed unit's "C" included ("A 'S' order will cancel all other plotted orders, except
  Full Cover" [IV.D]);
- a unit under a Full Cover unit may be given no orders but "C" again (and, with Hasty
  Entrenchments, "Y" [OP XXXII.A]); in the Final Facing and Adjustment Phase its owner may
  remove the Full Cover unit (``uncover UNIT``) [IV.C.4], and otherwise it does not turn (our
  reading: the Leg unit's free pivot [ADV V.A.2] is an order it may not be given);
- its GP Defense Factor is the Target Information Chart's FC column [Intro IV GP DEFENSE;
  ADV VI.B.4.b] (a placeholder: the chart is not in the text, :data:`FC_PLACEHOLDER`);
- it fires only Defensive Fire against an Overrun [ADV VIII.A.2.c] (it has no fire orders).

With the Optional Sighting Rule ``sighting-full-cover`` a unit under a Full Cover unit is
sighted at the Sighting Ranges Table's second numbers under LG and SM [OP X.C.2]
(:func:`rules.armor.optional.intel.full_cover_row`). A Mortar Team under its Full Cover unit
may still fire, and stays covered [OP II.E.2] (:mod:`rules.armor.indirect.mortars`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor import transport
from rules.armor.optional import entrench
from rules.armor.optional.events import CoverChanged
from rules.armor.orders import Order, Uncover

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[ADV IV.C]"
FC_PLACEHOLDER = (
    "Target Information Chart not in the text: a Leg or Towed unit in Full Cover has its NM "
    "GP Defense Factor + 2 (our estimate: the chart's FC column better than NM as MV is worse)"
)
#: What Full Cover adds to the placeholder chart's NM GP Defense Factor (:data:`FC_PLACEHOLDER`).
FC_BONUS = 2


def covered(state: ArmorState, unit: str) -> bool:
    """Whether a Full Cover unit stands on ``unit`` [ADV IV.C.2]."""
    return unit in state.cover.covered


def may_cover(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not be given a Full Cover order, or None [ADV IV.C.1]."""
    spec = state.game.units[unit]
    if not state.game.advanced:
        return "Full Cover is an order of the Advanced Game [ADV IV.C]"
    if not (spec.leg or spec.towed):  # a Vehicle, a Boat [OP XXVI]
        return "only Leg and Towed units may be given Full Cover orders [ADV IV.C.1]"
    if state.transported(unit):
        return "Full Cover orders may not be given to units being Transported [ADV IV.C.1.a]"
    if transport.bound(state, unit):
        return (
            "Full Cover orders may not be given to units that have not completed Unloading, or "
            "have started Loading [ADV IV.C.1.b]"
        )
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """The Full Cover order of ``unit`` where it may be given one, and Hasty Entrenchment where
    it may dig [ADV IV.C.1; OP XXXII.A]."""
    if may_cover(state, unit) is not None:
        return []
    found = [Order(unit, cover=True)]
    if entrench.may_dig(state, unit) is None:
        found.append(Order(unit, entrench=True))
    return found


def why_not_order(state: ArmorState, order: Order, held: bool) -> str | None:
    """Why ``order`` may not be plotted under the Full Cover rules, or None; ``held``: the unit
    is Suppressed [ADV IV.C.1; IV.D]. Orders other than "C" and "Y" pass when the unit is
    neither covered nor Suppressed (the other rules check them)."""
    unit = order.unit
    plain = Order(unit, cover=order.cover, entrench=order.entrench)
    if order.cover or order.entrench:
        if order != plain or (order.cover and order.entrench):
            return "units given Full Cover orders may be given no other orders [ADV IV.C.3]"
        if order.entrench:
            return entrench.may_dig(state, unit)
        return may_cover(state, unit)
    if held:
        return (
            f"{unit} is Suppressed: the 'S' order cancels all its other orders; it may be "
            "given no other order but Full Cover [ADV IV.D; ADV IV.C.1]"
        )
    if covered(state, unit):
        return (
            f"{unit} is stacked with a Full Cover unit: no other orders until it is removed in "
            "the Final Facing and Adjustment Phase [ADV IV.C.4]"
        )
    return None


def execute(state: ArmorState) -> None:
    """The Movement Execution Phase begins: a Full Cover unit on each unit with a "C" order
    [ADV IV.C.2] (a Suppressed unit's too [ADV IV.D]), then the Hasty Entrenchments
    [OP XXXII.B-C]."""
    for side in state.game.sides:
        for unit, order in sorted(state.sheets.orders.get(side, {}).items()):
            if order.cover and unit in state.troops.hexes and unit not in state.cover.covered:
                state.cover.covered.add(unit)
                state.emit(CoverChanged(unit, "a Full Cover unit placed on top", "[ADV IV.C.2]"))
    entrench.dig(state)


def uncover_options(state: ArmorState, unit: str) -> list[Uncover]:
    """In the Final Facing and Adjustment Phase, removing the Full Cover unit from ``unit``
    [ADV IV.C.4]."""
    return [Uncover(unit)] if covered(state, unit) else []


def why_not_uncover(state: ArmorState, action: Uncover) -> str | None:
    """Why the Full Cover unit may not be removed now, or None [ADV IV.C.4]."""
    if state.segment.id not in ("first-facing", "second-facing"):
        return "Full Cover units may be removed only during the Final Facing Phase [ADV IV.C.4]"
    if not covered(state, action.unit):
        return f"{action.unit} has no Full Cover unit [ADV IV.C.2]"
    if action.unit in state.sheets.faced:
        return f"{action.unit} has been faced"
    return None


def uncover(state: ArmorState, action: Uncover) -> None:
    """Remove the Full Cover unit [ADV IV.C.4]; the unit is adjusted for this Phase (our
    reading: it does not also turn)."""
    state.cover.covered.discard(action.unit)
    state.sheets.faced.add(action.unit)
    state.cover.digging.pop(action.unit, None)  # no longer stacked with it [OP XXXII.A]
    state.emit(CoverChanged(action.unit, "the Full Cover unit removed", "[ADV IV.C.4]"))


def forget(state: ArmorState, unit: str) -> None:
    """``unit`` left the map (eliminated): its Full Cover unit and digging go with it."""
    state.cover.covered.discard(unit)
    state.cover.digging.pop(unit, None)
