"""Assault Boats [OP XXVI]: the Boat unit (catalogue ``BOAT``) in the Advanced Game.

The book: "A. Boat units can Transport two Stacking Factors of Leg units. The Boat units have a
Stacking Factor of one. Weight is .1 tons. Boat units are worth 2 Points each. 1. Boat units can
be Transported by any vehicle units that can Transport Leg units. The Loading and Unloading time
is one Turn. 2. Boat units may also be moved along dry ground at a rate of one hex per Turn, if
accompanied by at least one Squad or Half-Squad of Infantry. 3. Once a Boat unit is adjacent to
a River hex, Leg units may be Loaded to be Transported by the Boat unit into the River hex.
B. ... the Boat unit may be moved into an adjacent River hex, Transporting its Leg units with it.
A Boat unit has no crew of its own, and may only move on River hexes when Leg units are
Transported on it. A Boat unit may move up to two hexes per Turn in River hexes. While in a
River hex, treat a Boat unit exactly the same as an Open Vehicle unit Transporting the Leg units
on dry land. 1. The GP Defense Factor of a Boat unit is '2.' If a Boat unit is Knocked Out while
in a River hex, all units it is Transporting are also Knocked Out. 2. Only Infantry units may
fire while being Transported on a Boat unit. C. The Boat unit may be moved from a River hex into
an adjacent dry ground hex. There the Leg units may be Unloaded normally."

What the engine plays (the catalogue entry carries the book's values, with its source):

- A Boat is its own kind of unit, neither Vehicle nor Leg: its Speed is 2 (two River hexes a
  Turn [B]); a River hex costs it 1, a dry ground hex 2, so it moves one hex a Turn on dry
  ground [A.2] (our reading of "one hex per Turn": the whole Turn's movement); it turns and
  pivots free, as a Leg unit (our reading: it has no Turn Costs).
- It moves on River hexes only with Leg units aboard [B], on dry ground only with an Infantry
  Squad or Half Squad (not a Machinegun Team nor a Bailed Out Crew) of its side in its hex,
  aboard or beside it [A.2] (our reading of "accompanied": checked as it moves; the engine
  does not tie the two moves together).
- Loading and Unloading [ADV IV.B.1] onto a Vehicle whose card transports Leg units [A.1] (its
  1 Turn); Leg units Load onto it only while it is adjacent to a River hex [A.3], and Unload
  only on dry ground [C]; a Boat with units aboard does not Load onto a Vehicle, nor units onto
  a Boat that is aboard one (our reading).
- GP Defense Factor 2 [B.1]; the units aboard are fired at as transported units (GP Defense 1
  [ADV V.C.5]: the Open Vehicle of [B]). Knocked Out in a River hex, it takes its load with it
  [B.1], eliminated even where Infantry Unit Reduction [OP XII] would halve a Squad (our
  reading); on dry ground the units aboard stand in the hex (our reading).
- Only Infantry units aboard fire [B.2] (Machinegun Teams and Towed units never fire while
  transported [ADV V.C.3]; nor, our reading, a Bailed Out Crew).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.units import ArmorUnit

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.move import EnterCost
    from rules.armor.orders import Order
    from rules.movement.costs import Movement

RULE = "[OP XXVI]"
CATEGORY = "boat"
RIVER = "river"
#: SF to enter a River hex (two a Turn on its Speed of 2 [OP XXVI.B]) and a dry ground hex
#: (one a Turn [OP XXVI.A.2]).
RIVER_COST, DRY_COST = Fraction(1), Fraction(2)
GP_DEFENSE = 2  # [OP XXVI.B.1]


def is_boat(spec: ArmorUnit | None) -> bool:
    return spec is not None and spec.category == CATEGORY


def river(movement: Movement, h: Hex) -> bool:
    """A River hex: its terrain that counts is River (a Span over it is a crossing)."""
    return h in movement.terrain and movement.terrain.terrain(h) == RIVER


def enter_cost(movement: Movement, frm: Hex, to: Hex) -> Fraction | None:
    """A Boat entering ``to`` [OP XXVI.A.2; B]: 1 SF into a River hex, 2 into dry ground a Leg
    unit could enter; None where a Leg unit may not go (and it is no River)."""
    if river(movement, to):
        return RIVER_COST
    found = movement.cost("leg", to, frm)
    return None if found.prohibited else DRY_COST


def cost(state: ArmorState, spec: ArmorUnit, base: EnterCost) -> EnterCost:
    """``base`` for a Boat as it stands now: River hexes only with Leg units aboard [B], dry
    ground only with an Infantry Squad or Half Squad in its hex [A.2]."""
    if not is_boat(spec) or spec.id not in state.troops.hexes:
        return base
    movement = state.game.movement
    loaded = bool(state.passengers(spec.id))
    escorted = bool(escorts(state, spec.id))

    def boat(frm: Hex, to: Hex) -> Fraction | None:
        wet = river(movement, to)
        if (wet and not loaded) or (not wet and not escorted):
            return None
        return base(frm, to)

    return boat


def why_stopped(state: ArmorState, boat: str, to: Hex) -> str | None:
    """Why a Boat may not enter ``to`` now, in the book's words [OP XXVI.A.2; B]; None for
    another unit, or where the hex is closed for another reason."""
    spec = state.game.units[boat]
    if not is_boat(spec) or not state.game.on_map(to):
        return None
    if enter_cost(state.game.movement, state.troops.hexes[boat], to) is None:
        return None
    if river(state.game.movement, to) and not state.passengers(boat):
        return "a Boat moves on River hexes only with Leg units Transported on it [OP XXVI.B]"
    if not river(state.game.movement, to) and not escorts(state, boat):
        return (
            "a Boat moves on dry ground only accompanied by at least one Squad or Half-Squad "
            "of Infantry [OP XXVI.A.2]"
        )
    return None


def escorts(state: ArmorState, boat: str) -> list[str]:
    """The Infantry Squads and Half Squads of its side in the Boat's hex, aboard or not
    [OP XXVI.A.2]."""
    spec = state.game.units[boat]
    here = state.troops.hexes.get(boat)
    return [
        u
        for u in state.alive(spec.side)
        if state.troops.hexes[u] == here and infantry(state.game.units[u])
    ]


def infantry(spec: ArmorUnit) -> bool:
    """An Infantry unit: a Leg unit that is not a Machinegun Team nor a Bailed Out Crew."""
    return spec.leg and not spec.mg_team and spec.crew_of is None


def why_not_aboard(state: ArmorState, unit: str, carrier: str) -> str | None:
    """Why ``unit`` may not Load onto ``carrier`` under [OP XXVI.A], or None (the Transport
    rules [ADV IV.B.1] check the rest)."""
    spec, car = state.game.units[unit], state.game.units[carrier]
    if is_boat(car):
        if not spec.leg:
            return "Boat units may only transport Leg units [Intro IV TRANSPORT; OP XXVI.A]"
        if state.transported(carrier) or carrier in state.troops.stage:
            return f"{carrier} is aboard a Vehicle (our reading [OP XXVI.A.1])"
        here, movement = state.troops.hexes[carrier], state.game.movement
        if not any(river(movement, n) for n in here.neighbors()):
            return f"{carrier} is not adjacent to a River hex [OP XXVI.A.3]"
    if is_boat(spec) and state.passengers(unit):
        return f"{unit} has units aboard: it Loads onto a Vehicle empty (our reading)"
    return None


def why_not_unload(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` (a unit aboard, or a Boat Unloading its load) may not Unload here: not in
    a River hex [OP XXVI.C]."""
    carrier = unit if is_boat(state.game.units[unit]) else state.troops.carried.get(unit)
    if carrier is None or not is_boat(state.game.units.get(carrier)):
        return None
    h = state.troops.hexes.get(carrier)
    if h is not None and river(state.game.movement, h):
        return "in a River hex: the Boat lands on dry ground first, then Unloads [OP XXVI.C]"
    return None


def carrier_order(state: ArmorState, order: Order) -> bool:
    """A Boat's own "D" or "U" as the carrier of Leg units (not as a unit Loading onto, or
    aboard, a Vehicle)."""
    unit = order.unit
    if not is_boat(state.game.units[unit]) or order.transfer is None:
        return False
    return order.vehicle is None and not state.transported(unit) and unit not in state.troops.stage


def sunk(state: ArmorState, boat: str) -> list[str]:
    """The units aboard a Boat about to be Knocked Out in a River hex: Knocked Out with it
    [OP XXVI.B.1]; none on dry ground."""
    if not is_boat(state.game.units[boat]):
        return []
    h = state.troops.hexes.get(boat)
    if h is None or not river(state.game.movement, h):
        return []
    return state.passengers(boat)


def drown(state: ArmorState, rider: str, knock_out: Callable[[str], None]) -> None:
    """Knock Out a unit aboard a Boat Knocked Out in a River hex [OP XXVI.B.1]: eliminated,
    not reduced to a Half Squad by Infantry Unit Reduction [OP XII] (our reading: "also
    Knocked Out" with the Boat it rode). ``knock_out``: the engine's Knock Out result."""
    halved = rider in state.squads.half_squads
    state.squads.half_squads.add(rider)  # so [OP XII] does not halve it
    knock_out(rider)
    if not halved:
        state.squads.half_squads.discard(rider)


def why_not_fire_aboard(state: ArmorState, unit: str) -> str | None:
    """Only Infantry units fire while transported on a Boat [OP XXVI.B.2]."""
    carrier = state.troops.carried.get(unit)
    if carrier is None or not state.transported(unit):
        return None
    if is_boat(state.game.units[carrier]) and not infantry(state.game.units[unit]):
        return "only Infantry units may fire while transported on a Boat unit [OP XXVI.B.2]"
    return None
