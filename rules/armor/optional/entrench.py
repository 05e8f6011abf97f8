"""Hasty Entrenchments ("Y") [OP XXXII] (option ``hasty-entrenchments``).

The book: "A. Only Infantry units that are not Suppressed, remain in the same hex without
moving or turning, and are stacked with a Full Cover unit may construct Hasty Entrenchments.
B. ... a 'Y' order must be plotted for the Infantry unit for three consecutive Turns. C. During
the Movement Execution and Opportunity Fire Phase of the third Turn of construction, a Hasty
Entrenchment unit may be placed in the hex. Once placed, a Hasty Entrenchment unit may be used
by any Leg units, not just Infantry units, and remains in the hex for the rest of the game.
D. For GP Fire '10' is subtracted from the dice roll when firing at Leg units in a Hasty
Entrenchment hex."

What the engine plays: the order ``Y``, alone, offered to an Infantry unit (not a Machinegun
Team nor a Bailed Out Crew) under a Full Cover unit [ADV IV.C] and not Suppressed (a unit under
a Full Cover unit neither moves nor turns: :mod:`rules.armor.cover`); each Turn's "Y" is counted
when the Movement Execution Phase begins, and on the third consecutive one the Hasty
Entrenchment unit is placed (always: our reading of "may be placed"). A Turn without "Y", a
Suppressed result (its "S" cancels the "Y" [ADV IV.D]) or the Full Cover unit's removal starts
the count again (our reading of "consecutive"). GP fire of any kind at a Leg unit in the hex
subtracts 10 from the roll [XXXII.D] (Towed units are not Leg units: not for them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import ENTRENCH, in_use
from rules.armor.optional.events import CoverChanged, HexChanged
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[OP XXXII]"
TURNS = 3  # [OP XXXII.B]
SHELTER = Modifier("Leg unit in a Hasty Entrenchment hex", -10, "[OP XXXII.D]")


def may_dig(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not be plotted "Y" now, or None [OP XXXII.A]."""
    spec = state.game.units[unit]
    if not in_use(state.game, ENTRENCH):
        return "Hasty Entrenchments are an Optional Rule the scenario does not use [OP XXXII]"
    if not spec.leg or spec.mg_team or spec.crew_of is not None:
        return "only Infantry units may construct Hasty Entrenchments [OP XXXII.A]"
    if state.suppressed(unit):
        return "a Suppressed unit may not construct Hasty Entrenchments [OP XXXII.A]"
    if unit not in state.cover.covered:
        return (
            "only Infantry units stacked with a Full Cover unit may construct Hasty "
            "Entrenchments [OP XXXII.A; Order Combination note 12]"
        )
    return None


def dig(state: ArmorState) -> None:
    """The Movement Execution Phase begins: each unit's "Y" of this Turn counted, the Hasty
    Entrenchment placed on the third [OP XXXII.B-C]; a unit without one (or Suppressed, its
    "S" cancelling it [ADV IV.D]) starts again."""
    digging = state.cover.digging
    ordered = {
        u
        for side in state.game.sides
        for u, o in state.sheets.orders.get(side, {}).items()
        if o.entrench and u in state.troops.hexes and not state.suppressed(u)
    }
    for unit in sorted(set(digging) - ordered):
        del digging[unit]
    for unit in sorted(ordered):
        turns = digging.get(unit, 0) + 1
        h = state.troops.hexes[unit]
        if turns < TURNS:
            digging[unit] = turns
            dug = f"Turn {turns} of {TURNS} of a Hasty Entrenchment dug"
            state.emit(CoverChanged(unit, dug, "[OP XXXII.B]"))
            continue
        digging.pop(unit, None)
        state.cover.entrenched.add(h)
        where = state.game.name(h)
        state.emit(HexChanged(where, f"a Hasty Entrenchment unit placed by {unit}", "[OP XXXII.C]"))


def shelters(state: ArmorState, target: str) -> bool:
    """Whether GP fire at ``target`` subtracts 10: a Leg unit, not transported, in a Hasty
    Entrenchment hex [OP XXXII.C-D]."""
    h = state.troops.hexes.get(target)
    return (
        h is not None
        and h in state.cover.entrenched
        and state.game.units[target].leg
        and not state.transported(target)
    )
