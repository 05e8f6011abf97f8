"""Entering and leaving a Pillbox or Bunker: the "E" and "G" orders [CS Order Notations].

The book lists "E  Enter Pillbox or Bunker" and "G  Exit Pillbox or Bunker" among the Command
Sheet's Order Notations and says "Units inside a Bunker or Pillbox are stacked under the Bunker
or Pillbox unit" [CS]; a Pillbox or Bunker is worth 2 Stacking Factors [AG III.B.4]; units
inside "cannot be Suppressed" [OP XVII.B.4]; a Pillbox or Bunker hex costs its other terrain
[CS Vehicle Movement Costs: "BKR/PBX depend on other terrain"]; Terrain Support units "do not
negate the original terrain in the hex" and stay where they were set up [Setup II.D.8]. It
says nothing more: not who may enter, when, at what cost, nor how many fit. What the engine
plays, each an "our reading" where the book is silent:

- **Who**: a Leg or Towed unit (the units the set-up puts inside, stacked under it [CS]; a
  Vehicle is never inside), of the Pillbox's or Bunker's own side (our reading: an enemy one
  is a target [ADV IV.A.1; IV.E.5], not a shelter), in the Advanced Game (Terrain Support
  units are not used in the Armor Game [Setup II.D.8]).
- **Where**: "E" enters the Pillbox or Bunker standing in the unit's own hex; the unit gets
  there by an ordinary move on an earlier Turn, paying the hex's other terrain [CS]. "G" leaves
  it and the unit stays in the hex, outside. A unit inside may also simply move out: it has
  left as it enters the next hex (:func:`rules.armor.support.effects.entered`).
- **Alone**: "E" and "G" are written alone, as Load is ("Leg and Towed units with Load orders
  may not be given any other orders" [ADV IV.B.1.c]) and Full Cover is [ADV IV.C.3]; not for a
  unit transported or part way through Loading or Unloading [ADV IV.B.1.d], under a Full Cover
  unit [ADV IV.C.4], or Suppressed (it "may be given no other order but Full Cover"
  [ADV IV.C.1; IV.D]).
- **When**: in the Movement Execution and Opportunity Fire Phase, with its side's movement,
  after its moves and before its Load and Unload orders (as Load and Unload "take place during"
  that Phase [ADV IV.B.1]); a unit Suppressed, or whose Pillbox or Bunker was Knocked Out,
  earlier in the Turn does not carry it out [ADV IV.D].
- **How many**: no limit (the book sets none: "there is no limit on the number of units of one
  side that may be present in the same hex" [AG III.B.1], and the 2 Stacking Factors of
  [AG III.B.4] are the Pillbox's own, not a capacity); the set-up puts every Leg and Towed
  unit of its side in the hex inside, and "E" does the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor import transport
from rules.armor.orders import Order
from rules.armor.support.effects import leave, shelter_of
from rules.armor.support.events import SupportEffect
from rules.armor.support.works import SHELTERS, SupportUnit

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

ENTER_RULE = "[CS Order Notations E]"
EXIT_RULE = "[CS Order Notations G]"
#: The "our reading" words the log and the plot's refusals carry.
READING = (
    "our reading: a Leg or Towed unit of its side, in its hex, with no other orders, in the "
    "Movement Execution Phase; the book sets no limit on how many fit [AG III.B.1; III.B.4]"
)


def here_shelter(state: ArmorState, unit: str) -> SupportUnit | None:
    """The Pillbox or Bunker of ``unit``'s side standing in its hex, if any."""
    h = state.troops.hexes.get(unit)
    if h is None:
        return None
    side = state.game.units[unit].side
    removed = state.fieldworks.removed
    return next(
        (
            w
            for w in state.game.works.at(h)
            if w.kind in SHELTERS and w.side == side and w.id not in removed
        ),
        None,
    )


def _may_order(state: ArmorState, unit: str, what: str) -> str | None:
    """Why ``unit`` may be given neither "E" nor "G" whatever its place, or None."""
    spec = state.game.units[unit]
    if not state.game.advanced:
        return f"'{what}' is an order of the Advanced Game (Terrain Support units [Setup II.D.8])"
    if unit not in state.troops.hexes:
        return f"{unit} is not on the map"
    if not (spec.leg or spec.towed):
        return (
            "only Leg and Towed units are inside a Pillbox or Bunker (stacked under it [CS]; "
            f"{READING})"
        )
    if state.transported(unit) or transport.bound(state, unit):
        return (
            f"{unit} is transported, or part way through Loading or Unloading: complete it "
            "first [ADV IV.B.1.d]"
        )
    return None


def why_not_enter(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not be given the "E" order now, or None [CS Order Notations E]."""
    why = _may_order(state, unit, "E")
    if why is not None:
        return why
    inside = shelter_of(state, unit)
    if inside is not None:
        return f"{unit} is already inside its {inside.name} {ENTER_RULE}"
    if here_shelter(state, unit) is None:
        return (
            f"no Pillbox or Bunker of its side stands in {unit}'s hex: move into its hex first "
            f"{ENTER_RULE} ({READING})"
        )
    return None


def why_not_leave(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not be given the "G" order now, or None [CS Order Notations G]."""
    why = _may_order(state, unit, "G")
    if why is not None:
        return why
    if shelter_of(state, unit) is None:
        return f"{unit} is not inside a Pillbox or Bunker {EXIT_RULE}"
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """The "E" or "G" order ``unit`` may be given now, if any."""
    if not state.game.advanced or not state.game.works.units:
        return []
    found: list[Order] = []
    if why_not_enter(state, unit) is None:
        found.append(Order(unit, enter=True))
    if why_not_leave(state, unit) is None:
        found.append(Order(unit, leave=True))
    return found


def why_not_order(state: ArmorState, order: Order, held: bool, covered: bool) -> str | None:
    """Why an order with "E" or "G" may not be plotted, or None; ``held``: the unit is
    Suppressed, ``covered``: it is under a Full Cover unit."""
    unit = order.unit
    what = "E" if order.enter else "G"
    if order not in (Order(unit, enter=True), Order(unit, leave=True)):
        return (
            f"'{what}' is written alone: no other orders with it (our reading, as with Load "
            "[ADV IV.B.1.c] and Full Cover [ADV IV.C.3])"
        )
    if held:
        return (
            f"{unit} is Suppressed: the 'S' order cancels all its other orders; it may be "
            "given no other order but Full Cover [ADV IV.D; ADV IV.C.1]"
        )
    if covered:
        return (
            f"{unit} is stacked with a Full Cover unit: no other orders until it is removed in "
            "the Final Facing and Adjustment Phase [ADV IV.C.4]"
        )
    return why_not_enter(state, unit) if order.enter else why_not_leave(state, unit)


def execute(state: ArmorState, side: str) -> None:
    """Carry out ``side``'s plotted "E" and "G" orders, unit by unit in id order, in the
    Movement Execution Phase (see the module)."""
    ex = state.execution
    for unit, order in sorted(state.sheets.orders.get(side, {}).items()):
        if not (order.enter or order.leave) or unit in ex.executed:
            continue
        ex.executed.add(unit)
        if unit not in state.troops.hexes:
            continue
        name = state.game.name(state.troops.hexes[unit])
        rule = ENTER_RULE if order.enter else EXIT_RULE
        if state.suppressed(unit):
            why: str | None = "Suppressed: the 'S' order cancels its other orders [ADV IV.D]"
        else:
            why = why_not_enter(state, unit) if order.enter else why_not_leave(state, unit)
        if why is not None:
            said = f"'{order.notation}' not carried out: {why}"
            state.emit(SupportEffect(unit, name, said, rule))
            continue
        if order.enter:
            shelter = here_shelter(state, unit)
            if shelter is None:  # why_not_enter found it: not reached
                continue
            state.fieldworks.entered[unit] = shelter.id
            state.fieldworks.left.discard(unit)
            said = (
                f"entered the {shelter.name} {shelter.id}: stacked under it, it cannot be "
                f"Suppressed [CS; OP XVII.B.4] ({READING})"
            )
        else:
            said = f"{leave(state, unit)}: it stays in the hex, outside ({READING})"
        state.sheets.options, state.sheets.foci = {}, {}  # what may be ordered changes
        state.emit(SupportEffect(unit, name, said, rule))


def words(state: ArmorState, order: Order) -> str:
    """An "E" or "G" order in words, for the plot and Test Play."""
    if order.enter:
        there = here_shelter(state, order.unit)
        what = f"the {there.name} in its hex" if there else "a Pillbox or Bunker"
        return f"Enter {what}: stacked under it, never Suppressed [CS; OP XVII.B.4] ({READING})"
    inside = shelter_of(state, order.unit)
    what = f"its {inside.name}" if inside else "its Pillbox or Bunker"
    return f"Exit {what}, staying in the hex [CS Order Notations G] ({READING})"
