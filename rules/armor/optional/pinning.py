"""Machinegun Team Pinning Fire [OP XXVIII] (option ``mg-pinning``): Normal Pinning Fire.

The book: "These Options apply only to the Leg Machinegun Team units and to no other
machineguns ... the player must first announce ... that 'Pinning Fire' is being employed, then
the GP Fire is resolved normally, with the following changes: A. NORMAL PINNING FIRE: The GP
Fire against a single Leg or Towed target unit is handled normally, but '10' is added to the
dice roll. Any Knock Out result obtained by Normal Pinning Fire is treated as a Suppressed
result, instead."

The engine offers a Machinegun Team's Direct Fire at a Leg or Towed unit also as Pinning Fire,
written ``F-<target> P`` (:class:`rules.armor.orders.Order`; our reading of the
announcement); its GP fire adds 10 to the roll and a Knock Out result becomes Suppressed. Our
readings: an Opportunity Fire is not Pinning Fire (its order names a hex, not the target).
Area Pinning Fire [OP XXVIII.B]: :mod:`rules.armor.optional.area_pinning`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import PINNING, in_use
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[OP XXVIII.A]"
BONUS = Modifier("Normal Pinning Fire", 10, RULE)


def may_pin(state: ArmorState, unit: str, target: str) -> bool:
    """Whether ``unit`` may fire Pinning Fire at ``target``: the option, a Machinegun Team,
    a Leg or Towed target [OP XXVIII; XXVIII.A]."""
    spec, other = state.game.units[unit], state.game.units[target]
    return in_use(state.game, PINNING) and spec.leg and spec.mg_team and not other.vehicle


def why_not(state: ArmorState, order: Order) -> str | None:
    """Why a Pinning Fire order may not be plotted (beyond its fire's checks), or None."""
    if not in_use(state.game, PINNING):
        return "Pinning Fire is an Optional Rule the scenario does not use [OP XXVIII]"
    if order.fire is None or order.opportunity or order.assault:
        return "Pinning Fire is a Direct Fire at one unit [OP XXVIII.A]"
    if not may_pin(state, order.unit, order.fire):
        return (
            "only Leg Machinegun Team units fire Pinning Fire, at a Leg or Towed unit "
            "[OP XXVIII; XXVIII.A]"
        )
    return None


def pins(state: ArmorState, firer: str, target: str, opportunity: bool) -> bool:
    """Whether this GP fire is the firer's plotted Pinning Fire at ``target``."""
    if opportunity or not in_use(state.game, PINNING):
        return False
    order = state.orders_of(firer)
    return order.pinning and order.fire == target
