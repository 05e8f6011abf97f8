"""Main Gun Depression [OP VI] (option ``gun-depression``).

The book: "All Towed units and Vehicle units (main guns only - machineguns or AT Rifles if
these are the main guns) have their Gun Depression listed on their Data Cards. Independently
fired Vehicle machineguns and Leg units are unaffected"; "Gun Depression affects only a unit's
ability to fire at units which are at a lower elevation" [OP VI.A]; the five numbers are "the
minimum range at which the unit may fire at a target which is one [two, three, four, five]
elevation level(s) lower than the firing unit" [OP VI.B].

The engine refuses the order (and a triggered Opportunity Fire) of a Vehicle or Towed unit's
main gun, AP or GP, at a target lower by N levels at a range under the card's N-th number.
The Data Cards are not in the text: the catalogue's ``gun_depression`` values are estimates
from each gun's historical depression (``resources/armor/units.yaml``, its header); a card
without them is not limited. Our readings: the levels are the units' elevation levels as the
AP fire reads them (:meth:`rules.armor.game.ArmorGame.level`); more than five levels lower
reads the fifth number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import DEPRESSION, card_value, in_use
from rules.armor.range import range_between

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

PLACEHOLDER = (
    "the Data Cards' Gun Depression is not in the text: the catalogue's estimate from the "
    "gun's historical depression"
)


def minimum_ranges(state: ArmorState, unit: str) -> tuple[int, ...]:
    """The card's five minimum ranges, () where it has none or the unit is unaffected."""
    spec = state.game.units[unit]
    if spec.leg or not (spec.vehicle or spec.towed):
        return ()
    found = card_value(spec.type_id, "gun_depression")
    if not isinstance(found, list) or not found:
        return ()
    return tuple(int(str(x)) for x in found)


def why_not(state: ArmorState, unit: str, target: str) -> str | None:
    """Why ``unit``'s main gun may not fire down at ``target`` [OP VI], or None."""
    if not in_use(state.game, DEPRESSION):
        return None
    ranges = minimum_ranges(state, unit)
    if not ranges:
        return None
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    lower = state.game.level(a) - state.game.level(b)
    if lower <= 0:
        return None  # [OP VI.A]: no bearing at the same or higher elevations
    least = ranges[min(lower, len(ranges)) - 1]
    rng = range_between(a, b)
    if rng >= least:
        return None
    return (
        f"its gun cannot depress enough: the target is {lower} level(s) lower at range {rng}, "
        f"the Gun Depression's minimum is {least} [OP VI.B] (placeholder: {PLACEHOLDER})"
    )
