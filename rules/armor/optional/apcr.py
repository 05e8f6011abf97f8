"""American APCR Ammunition [OP XXIII] (option ``apcr``, or APCR bought in the point-buy).

The book: "If this Option is used, the American player has the choice, when using units
equipped with this ammunition (Data Cards 126 and 127), of firing normal AP, or of using the AP
Factors and Penetration listed on the 'CR' lines of the Gunnery Tables. A. APCR is fired exactly
the same as normal AP Weapons, only using the APCR information ... No special notation is
required ... this can be decided when the firing takes place ... APCR uses a different Damage
Caused Table ... B. ... Unless the Limited Ammunition and Fuel Supply Option is used, the maximum
number of times a unit may fire APCR during a game is three times ... C. Add two Points to the
total Point Value of any M18 unit using APCR in a game. Add three Points to the Total Point Value
of any Sherman '76' using APCR in a game."

What the engine plays:

- who carries APCR: a unit whose card fires it (``apcr`` in the catalogue: the M18 and the
  Sherman "76") for which its side bought APCR (a purchase ``APCR`` whose ``for_entry`` names its
  force entry's label or its unit code, or names none: every such unit of the side; the
  point-buy prices it [OP XXIII.C]); in a scenario that names the option and buys none, every
  such unit (our reading);
- the choice is written on the order, ``F-<target> CR`` (our reading, as Pinning Fire's "P":
  the orders are plotted secretly and the engine resolves the fire), a Direct Fire of AP at a
  Vehicle; APCR is fired only up to 10 hexes ("up to about 500 meters", a hex 50 m [Intro II]):
  beyond, the fire is normal AP and no APCR is spent (our reading);
- at most three times a game [B]; with Limited Ammunition [OP XXIV] at most 40% of the
  Ammunition Factor in APCR shots [OP XXIV.B.2], each also an Ammunition Factor;
- a unit that fired APCR is worth its card's extra Points more [C].

- Opportunity Fire with APCR: "APCR is fired exactly the same as normal AP" [A]; our reading
  writes it on the Opportunity Fire order, ``N-<hex> CR``: triggered at a Vehicle within 10
  hexes it fires APCR (Slow Rate, -8, as any Opportunity Fire [AG VII.F.1]); beyond, or at
  another target, normal AP or GP. Offered on the hexes of enemy Vehicles.

Placeholders: the "CR" lines (the Data Cards are not in the text: :data:`CR_PLACEHOLDER`) and
APCR's Damage Caused Table (the AP one's placeholder).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.armor.optional import APCR, card_value, in_use
from rules.armor.optional.supply import allotment, ammunition_factor

if TYPE_CHECKING:
    from rules.armor.cards import Gun
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[OP XXIII]"
TIMES = 3  # [OP XXIII.B]
REACH = 10  # hexes: "up to about 500 meters"
CR_PLACEHOLDER = (
    "the Gunnery Tables' CR lines are not in the text: APCR's AP Factor is the AP one's + 1 "
    "and its Penetration the AP one's x 1.5, up to 10 hexes (500 m); APCR's Damage Caused "
    "Table as the AP one's placeholder"
)


def carries(state: ArmorState, unit: str) -> bool:
    """Whether ``unit`` carries APCR in this game (see the module's reading)."""
    spec = state.game.units[unit]
    if card_value(spec.type_id, "apcr") is not True:
        return False
    side = next(s for s in state.game.scenario.sides if s.id == spec.side)
    bought = [p for p in side.purchases if p.item.upper() == "APCR"]
    if not bought:
        return in_use(state.game, APCR)
    label = state.game.deployment.labels.get(unit)
    return any(p.for_entry in (None, label, spec.code) for p in bought)


def limit(state: ArmorState, unit: str) -> int:
    """The APCR a unit may fire in the game: three times [B], or with Limited Ammunition 40%
    of its Ammunition Factor in shots [OP XXIV.B.2], or with the Ammunition Allotment its
    "CR" shots [OP XXIV.B]."""
    shares = allotment(state, unit)
    if shares is not None:
        return shares.get("CR", 0)
    factor = ammunition_factor(state, unit)
    return TIMES if factor is None else factor * 4 // 10


def left(state: ArmorState, unit: str) -> int:
    return max(0, limit(state, unit) - state.supply.apcr.get(unit, 0))


def why_not(state: ArmorState, order: Order) -> str | None:
    """Why an order's APCR may not be plotted (beyond its fire's checks), or None."""
    unit, target = order.unit, order.fire
    watching = order.opportunity is not None and target is None  # "N-1802 CR" (our reading)
    if not watching and (target is None or order.opportunity or order.assault or order.pinning):
        return "APCR is a Direct or Opportunity Fire of AP at a Vehicle unit [OP XXIII.A]"
    if not carries(state, unit):
        return (
            f"{unit} carries no APCR: only the M18 and Sherman '76' cards fire it, with the "
            "Option or the APCR bought for them [OP XXIII; XXIII.C]"
        )
    if target is not None and not state.game.units[target].vehicle:
        return "APCR is AP fire, only at Vehicle units [OP XXIII.A; ADV VI.B]"
    if left(state, unit) <= 0:
        return f"{unit} has fired all its APCR ({limit(state, unit)}) [OP XXIII.B; OP XXIV.B.2]"
    return None


def may_fire(state: ArmorState, firer: str, rng: int) -> bool:
    """Whether an AP fire by ``firer`` at ``rng`` hexes may be APCR: it carries APCR, has some
    left and the range is within 10 hexes [OP XXIII; B]."""
    return rng <= REACH and carries(state, firer) and left(state, firer) > 0


def fires(state: ArmorState, firer: str, target: str, rng: int, opportunity: bool) -> bool:
    """Whether this AP fire is the firer's plotted APCR at ``target`` (or, an Opportunity
    Fire, its "N-<hex> CR" order's), within 10 hexes, with APCR left."""
    if not may_fire(state, firer, rng):
        return False
    order = state.orders_of(firer)
    if opportunity:  # "N-1802 CR" (our reading); never a Tracking Fire's "T-" [OP XV]
        return order.apcr and order.opportunity is not None and order.fire is None
    return order.apcr and order.fire == target


def gun(base: Gun) -> Gun:
    """The "CR" lines of the Gunnery Table (placeholder, :data:`CR_PLACEHOLDER`)."""
    return replace(base, name=f"{base.name} APCR", ap7=base.ap7 + 1, pen7=base.pen7 * 3 // 2)


def expend(state: ArmorState, unit: str, shots: int) -> None:
    """One more time [B] (shots, with Limited Ammunition [OP XXIV.B.2])."""
    used = 1 if ammunition_factor(state, unit) is None else shots
    state.supply.apcr[unit] = state.supply.apcr.get(unit, 0) + used


def extra_points(state: ArmorState, unit: str) -> int:
    """The Points added to a unit that used APCR in the game [OP XXIII.C]."""
    if not state.supply.apcr.get(unit):
        return 0
    extra = card_value(state.game.units[unit].type_id, "apcr_extra_points")
    return extra if isinstance(extra, int) else 0
