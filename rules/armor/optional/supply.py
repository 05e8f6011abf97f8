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
  gun with fewer Factors left than its Rate fires what it has (our reading; at GP, its GP
  Factor halved for each shot less, as if announced [A.2.b]); with none it may not fire
  [A.2]. Leg units and Vehicle machineguns (a main gun that is a machinegun) are unlimited
  [A.1.a]; a card with no Ammo value is unlimited (placeholder).
- Towed units [A.1.c]: unlimited while "the Vehicle unit that originally Transported" the gun
  (the one it was set up or held on) stands in its hex or a hex adjacent, or when the gun was
  in place on the map at the start; while that Vehicle is away or Knocked Out its Ammunition
  Factor is 6 (:data:`TOWED_AWAY`), measured when the gun fires. Our readings: the shots fired
  meanwhile are counted against the 6; after the Movement Execution Phases a gun whose Vehicle
  is back beside it is filled up (:func:`resupply`); a Vehicle whose crew Bailed Out still
  supplies it (the ammunition is aboard).
- Fewer "shots" announced [A.2.a-b]: written on the Direct Fire order, "F-<target> ROF-1"
  (:data:`ANNOUNCE_READING`), for a counted gun with a Rate above one; an AP fire is figured at
  the lower Rate, a GP fire's Factor halved for each shot less; each shot fired one Factor.
  Offered with the standing fire orders (with movement it may be written by hand), never
  with Opportunity or Tracking Fire (our reading: their orders name a hex or a unit to come).
- ``variable-supply`` [C]: when the game begins, each Vehicle's Fuel Factors (three rolls of a
  ten-sided die, "0" 10) and, with ``limited-ammunition``, its Ammunition Factor (its card's
  dice, capped at the card's Factor) are rolled; a Turn in which it enters a new hex costs one
  Fuel Factor, and with none left it may not move (our reading: nor pivot; it may still turn
  its turret).

Not played: the Ammunition Allotment by type [B] (Smoke and Flamethrowers are not counted by
type; APCR: :mod:`rules.armor.optional.apcr`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.cards import gun_of
from rules.armor.events import PhaseNote
from rules.armor.optional import AMMUNITION, VARIABLE, card_value, in_use
from rules.armor.optional.events import TableRoll

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[OP XXIV]"
UNLIMITED_PLACEHOLDER = "no Ammo value on the catalogue's card: unlimited (placeholder)"


#: A Towed unit's Ammunition Factor while its Transporting Vehicle is away [OP XXIV.A.1.c].
TOWED_AWAY = 6


def towed_by(state: ArmorState, unit: str) -> str | None:
    """The Vehicle that originally Transported a Towed unit: the one it was set up on (or held
    on, to enter with it), None for a Towed unit in place on the map at the start ("a nearby
    'dump'") [OP XXIV.A.1.c]. "Only the Vehicle unit that originally Transported the Towed
    unit may be used to supply ammunition": a Vehicle it Loads onto later never does."""
    return state.game.deployment.carried.get(unit)


def towed_cut(state: ArmorState, unit: str) -> str | None:
    """Why a Towed unit's ammunition is down to :data:`TOWED_AWAY` now, or None while it is
    unlimited [OP XXIV.A.1.c]: its Transporting Vehicle Knocked Out, or neither in its hex nor
    in a hex adjacent to it. Our reading: measured when the gun fires (or is plotted to); a
    Vehicle whose crew Bailed Out still holds the ammunition and supplies it."""
    vehicle = towed_by(state, unit)
    if vehicle is None or unit not in state.troops.hexes:
        return None  # in place at the start: a nearby dump, unlimited all game
    if vehicle not in state.troops.hexes:
        return f"its Transporting Vehicle {vehicle} is Knocked Out"
    away = state.troops.hexes[unit].distance(state.troops.hexes[vehicle])
    if away > 1:
        return f"its Transporting Vehicle {vehicle} has moved away ({away} hexes)"
    return None


def ammunition_factor(state: ArmorState, unit: str) -> int | None:
    """The main gun's Ammunition Factor for this game, None when unlimited [OP XXIV.A.1]; a
    Towed unit's :data:`TOWED_AWAY` while its Transporting Vehicle is away [A.1.c]."""
    spec = state.game.units[unit]
    if not in_use(state.game, AMMUNITION):
        return None
    if spec.towed:  # [A.1.c]
        return TOWED_AWAY if towed_cut(state, unit) is not None else None
    if not spec.vehicle or spec.mg_main_gun:
        return None  # Leg, Vehicle machineguns: unlimited [A.1.a]
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
        cut = towed_cut(state, unit) if state.game.units[unit].towed else None
        if cut is not None:
            return (
                f"out of ammunition: {cut}, its Ammunition Factor is reduced to "
                f"{TOWED_AWAY}, all expended [OP XXIV.A.1.c; A.2]"
            )
        return (
            f"out of ammunition: all {factor} Ammunition Factors expended, the gun may no "
            "longer be fired [OP XXIV.A.2]"
        )
    return None


def shots(state: ArmorState, unit: str, rate: int, announced: int | None = None) -> int:
    """The shots of a fire at Rate ``rate``: no more than the player ``announced``
    [OP XXIV.A.2.a-b], nor than the Factors left (our reading)."""
    have = left(state, unit)
    rate = rate if announced is None else min(rate, announced)
    return rate if have is None else min(rate, have)


def normal_rate(state: ArmorState, unit: str, rng: int, moving: bool, opportunity: bool) -> int:
    """The shots of the unit's normal Rate of Fire, as :func:`rules.armor.fire.aim` figures an
    AP fire's (Rapid when not moving, not Opportunity Fire and at Short Range); a GP fire's
    "at the same rate as if AP Fire were being used in the same situation and range"
    [OP XXIV.A.2]."""
    spec = state.game.units[unit]
    gun = gun_of(spec, state.game.nation[spec.side])
    rapid = gun is not None and not opportunity and not moving and rng <= gun.short
    return spec.rof_rapid if rapid else spec.rof_slow


def gp_shots(state: ArmorState, unit: str, rng: int, moving: bool, opportunity: bool) -> int:
    """The Factors a GP fire expends: what an AP fire would in the same situation and range
    [OP XXIV.A.2]."""
    return shots(state, unit, normal_rate(state, unit, rng, moving, opportunity))


# --- Fewer "shots" announced [OP XXIV.A.2.a-b] ----------------------------------------------------

#: Our reading of the announcement on the Command Sheet, after the Direct Fire order.
ANNOUNCE_READING = (
    "the book has the player announce fewer shots 'before the fire is resolved'; our reading "
    "writes the announcement on the fire order, 'F-<target> ROF-<shots>' (the Rate of Fire "
    "fired), as the orders are plotted secretly and the engine resolves the fire"
)


def rated(state: ArmorState, unit: str) -> bool:
    """Whether ``unit``'s main gun may announce fewer shots: Limited Ammunition in use, a gun
    whose shots are counted (a Vehicle's main gun that is no machinegun, or a Towed unit's
    [OP XXIV.A.1.c-d]) with a Rate of Fire above one [A.2.a]."""
    spec = state.game.units[unit]
    if not in_use(state.game, AMMUNITION) or spec.mortar:
        return False
    counted = (spec.vehicle and not spec.mg_main_gun) or spec.towed
    return counted and max(spec.rof_slow, spec.rof_rapid) > 1


def announcements(state: ArmorState, unit: str) -> range:
    """The shots ``unit`` may announce: one up to one fewer than its highest Rate of Fire."""
    if not rated(state, unit):
        return range(0)
    spec = state.game.units[unit]
    return range(1, max(spec.rof_slow, spec.rof_rapid))


def why_not_rate(state: ArmorState, unit: str, rate: int, fire: str | None) -> str | None:
    """Why a fire order may not announce ``rate`` shots, or None [OP XXIV.A.2.a-b]."""
    if not in_use(state.game, AMMUNITION):
        return (
            "announcing fewer shots is part of Limited Ammunition [OP XXIV.A.2.a-b], an "
            "Optional Rule the scenario does not use"
        )
    if fire is None:
        return "fewer shots are announced for a Direct Fire order [OP XXIV.A.2.a-b]"
    if rate not in announcements(state, unit):
        spec = state.game.units[unit]
        top = max(spec.rof_slow, spec.rof_rapid)
        if not rated(state, unit):
            return (
                f"{unit} has no main gun with a Rate of Fire above one whose shots are counted "
                "[OP XXIV.A.1; A.2.a]"
            )
        return f"fewer shots than its Rate of Fire: 1 to {top - 1} [OP XXIV.A.2.a]"
    return None


def announced(state: ArmorState, firer: str, target: str, opportunity: bool) -> int | None:
    """The shots announced on the firer's Direct Fire order at ``target`` (None: its normal
    Rate); never for an Opportunity or Tracking Fire (our reading: the order names a hex)."""
    if opportunity or not in_use(state.game, AMMUNITION):
        return None
    order = state.orders_of(firer)
    return order.rate if order.fire == target else None


def fire_note(
    state: ArmorState, firer: str, normal: int, fired: int, announced: int | None, gp: bool
) -> str:
    """What a fire's log says of its ammunition, before it is expended: fewer shots than the
    normal Rate [A.2.a-b] and a Towed unit's Factor of 6 [A.1.c]; "" when nothing is to say."""
    words = []
    if fired < normal:
        why = "as announced" if announced is not None and announced == fired else "all it has left"
        fewer = f"{fired} of its {normal} shots, {why}"
        if gp:
            words.append(f"{fewer}: the GP Factor halved for each shot less [OP XXIV.A.2.b]")
        else:
            words.append(f"{fewer}: the Combat figured at that Rate of Fire [OP XXIV.A.2.a]")
    if state.game.units[firer].towed:
        cut = towed_cut(state, firer)
        if cut is not None and ammunition_factor(state, firer) is not None:
            words.append(
                f"{cut}: its Ammunition Factor is reduced to {TOWED_AWAY}, "
                f"{left(state, firer)} left before this fire [OP XXIV.A.1.c]"
            )
    return "; ".join(words)


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


def resupply(state: ArmorState) -> None:
    """The Movement Execution Phases are over: a Towed unit whose Transporting Vehicle is again
    in its hex or a hex adjacent has unlimited ammunition once more [OP XXIV.A.1.c]; our
    reading: the Vehicle fills it up, the shots expended while it was away no longer count
    against the next time it moves away (a full :data:`TOWED_AWAY` again)."""
    for unit in sorted(state.supply.spent):
        spec = state.game.units[unit]
        if not spec.towed or unit not in state.troops.hexes or towed_by(state, unit) is None:
            continue
        if towed_cut(state, unit) is None:
            del state.supply.spent[unit]
            vehicle = towed_by(state, unit)
            state.emit(
                PhaseNote(
                    "Limited Ammunition",
                    f"{unit}: its Transporting Vehicle {vehicle} is in or next to its hex "
                    "again: unlimited ammunition, its Ammunition Factor of "
                    f"{TOWED_AWAY} filled up (our reading)",
                    "[OP XXIV.A.1.c]",
                )
            )


def out_of_fuel(state: ArmorState, unit: str) -> bool:
    """No Fuel Factors left: the Vehicle may not move [OP XXIV.C.1]."""
    return state.supply.fuel.get(unit, 1) <= 0


def burn(state: ArmorState) -> None:
    """The Movement Execution Phase is over: a Fuel Factor from each Vehicle that entered at
    least one new hex this Turn [OP XXIV.C.1]."""
    for unit, walk in sorted(state.execution.walks.items()):
        if unit in state.supply.fuel and walk.moved:
            state.supply.fuel[unit] -= 1
