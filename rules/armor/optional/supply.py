"""Limited Ammunition and Fuel [OP XXIV] (options ``limited-ammunition`` and
``variable-supply``).

The book: "1. AMMUNITION LIMITS: a. LEG, VEHICLE MACHINEGUNS, AND ARTILLERY BATTERIES: Unlimited
... c. TOWED UNITS: Unlimited ammunition, as long as the Transporting Vehicle unit is in the same
hex as or in a hex adjacent ... or the Towed unit was already in place on the mapboard at the
start of the game ... d. VEHICLE MAIN GUNS: The maximum number of 'shots' the gun can make is
listed on its Data Card on the Ammo line ... 2. AMMUNITION EXPENDITURE: Each 'shot' fired by a
unit expends one from its Ammunition Factor ... Figure expenditures for GP Fire at the same rate
as if AP Fire were being used in the same situation and range ... When all Ammunition Factors
are expended, the gun may no longer be fired." And [C]: "1. VARIABLE FUEL: One Fuel Factor is
expended for every Turn in which a Vehicle unit enters at least one new hex. The number of Fuel
Factors available for each Vehicle unit is determined by rolling one die three times and adding
the numbers rolled together ('0' is '10') ... 2. VARIABLE AMMUNITION: ... rolling one die the
number of times given in parenthesis on the Ammo line ... If the rolled number exceeds the
listed Ammunition Factor, use the listed Ammunition Factor instead."

What the engine plays:

- ``limited-ammunition`` [A]: a Vehicle's main gun has its card's Ammunition Factor (the
  catalogue's estimate: the cards are not in the text); each AP shot expends one (two at a Rapid
  Rate of Fire of 2), a GP fire what an AP fire would in the same situation and range [A.2]; a
  gun with fewer Factors left than its Rate fires what it has (our reading); with none it may
  not fire [A.2]. Leg units, Vehicle machineguns (a main gun that is a machinegun) and Towed
  units (our reading: every Towed unit is set up in place or with its Vehicle, A.1.c) are
  unlimited; a card with no Ammo value is unlimited (placeholder).
- ``variable-supply`` [C]: when the game begins, each Vehicle's Fuel Factors (three rolls of a
  ten-sided die, "0" 10) and, with ``limited-ammunition``, its Ammunition Factor (its card's
  dice, capped at the card's Factor) are rolled; a Turn in which it enters a new hex costs one
  Fuel Factor, and with none left it may not move (our reading: nor pivot; it may still turn
  its turret).

Not played: fewer shots announced than the Rate of Fire [A.2.a-b]; the Ammunition Allotment
by type [B] (Smoke and Flamethrowers are not played; APCR: :mod:`rules.armor.optional.apcr`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.cards import gun_of
from rules.armor.optional import AMMUNITION, VARIABLE, card_value, in_use
from rules.armor.optional.events import TableRoll

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[OP XXIV]"
UNLIMITED_PLACEHOLDER = "no Ammo value on the catalogue's card: unlimited (placeholder)"


def ammunition_factor(state: ArmorState, unit: str) -> int | None:
    """The main gun's Ammunition Factor for this game, None when unlimited [OP XXIV.A.1]."""
    spec = state.game.units[unit]
    if not in_use(state.game, AMMUNITION) or not spec.vehicle or spec.mg_main_gun:
        return None  # Leg, Towed, Vehicle machineguns: unlimited [A.1.a; A.1.c]
    if unit in state.supply.ammo:
        return state.supply.ammo[unit]  # rolled [C.2]
    listed = card_value(spec.type_id, "ammo")
    return listed if isinstance(listed, int) else None


def left(state: ArmorState, unit: str) -> int | None:
    """The Ammunition Factors the unit's main gun has left, None when unlimited."""
    factor = ammunition_factor(state, unit)
    return None if factor is None else max(0, factor - state.supply.spent.get(unit, 0))


def why_not_fire(state: ArmorState, unit: str) -> str | None:
    """Why the unit's main gun may not fire for want of ammunition, or None [OP XXIV.A.2]."""
    if left(state, unit) == 0:
        factor = ammunition_factor(state, unit)
        return (
            f"out of ammunition: all {factor} Ammunition Factors expended, the gun may no "
            "longer be fired [OP XXIV.A.2]"
        )
    return None


def shots(state: ArmorState, unit: str, rate: int) -> int:
    """The shots of a fire at Rate ``rate``: no more than the Factors left (our reading)."""
    have = left(state, unit)
    return rate if have is None else min(rate, have)


def gp_shots(state: ArmorState, unit: str, rng: int, moving: bool, opportunity: bool) -> int:
    """The Factors a GP fire expends: what an AP fire would in the same situation and range
    [OP XXIV.A.2] (Rapid when not moving, not Opportunity Fire and at Short Range, as
    :func:`rules.armor.fire.aim`)."""
    spec = state.game.units[unit]
    gun = gun_of(spec, state.game.nation[spec.side])
    rapid = gun is not None and not opportunity and not moving and rng <= gun.short
    return shots(state, unit, spec.rof_rapid if rapid else spec.rof_slow)


def expend(state: ArmorState, unit: str, count: int) -> None:
    """``count`` Ammunition Factors expended [OP XXIV.A.2] (nothing when unlimited)."""
    if ammunition_factor(state, unit) is not None and count > 0:
        state.supply.spent[unit] = state.supply.spent.get(unit, 0) + count


def issue(state: ArmorState) -> None:
    """The game begins: each Vehicle's Fuel Factors and Ammunition Factor rolled [OP XXIV.C]."""
    if not in_use(state.game, VARIABLE):
        return
    for unit, spec in state.game.units.items():
        if not spec.vehicle or spec.crew_of is not None:
            continue
        rolls = [state.roll(f"Fuel Factors of {unit}", 10) for _ in range(3)]
        state.supply.fuel[unit] = sum(rolls)
        reads = " + ".join(str(r) for r in rolls)
        state.emit(TableRoll("Fuel Factors", unit, f"three dice: {reads}", sum(rolls),
                             f"{sum(rolls)} Fuel Factors", "[OP XXIV.C.1]"))  # fmt: skip
        listed, dice = card_value(spec.type_id, "ammo"), card_value(spec.type_id, "ammo_dice")
        if not in_use(state.game, AMMUNITION) or spec.mg_main_gun:
            continue
        if not isinstance(listed, int) or not isinstance(dice, int):
            continue
        got = [state.roll(f"Ammunition Factor of {unit}", 10) for _ in range(dice)]
        factor = min(listed, sum(got))
        state.supply.ammo[unit] = factor
        reads = f"{dice} dice: " + " + ".join(str(r) for r in got) + f", at most {listed}"
        state.emit(TableRoll("Ammunition Factor", unit, reads, sum(got),
                             f"{factor} Ammunition Factors", "[OP XXIV.C.2]"))  # fmt: skip


def out_of_fuel(state: ArmorState, unit: str) -> bool:
    """No Fuel Factors left: the Vehicle may not move [OP XXIV.C.1]."""
    return state.supply.fuel.get(unit, 1) <= 0


def burn(state: ArmorState) -> None:
    """The Movement Execution Phase is over: a Fuel Factor from each Vehicle that entered at
    least one new hex this Turn [OP XXIV.C.1]."""
    for unit, walk in sorted(state.execution.walks.items()):
        if unit in state.supply.fuel and walk.moved:
            state.supply.fuel[unit] -= 1
