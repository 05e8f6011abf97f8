"""Panzer Command transport [§13]: trucks, SPWs and tanks carrying units.

- A passenger is mounted on its truck (``truck``), its SPW (``spw``) or a tank (the tank's unit)
  (:attr:`rules.panzer_command.records.Troops.mounted`). Trucks and SPWs are no counters of their
  own: they appear only under the unit they carry [§13.1], with their catalogue values.
- Mount and Dismount are Actions of the passenger [§13.1]: a truck only for a unit with one
  assigned still, which only immobile artillery remounts (leg infantry loses its truck for good
  when it dismounts) [§13.2]; its SPW for a full-strength mech unit that has not lost it (a Step
  lost loses it) [§13.2]; a tracked tank (not an SPW) in its hex, one infantry or engineer Step
  for each of the tank's Steps [§13.3]. A unit that dismounts may not move after in that
  Segment, nor may its tank; a carrier that has moved more than half its allowance (rounded
  down) in the Segment may not dismount its passenger [§13.2-13.3] (our reading: the move and
  the dismount are the passenger's two Actions, or its tank's Move and its own Dismount).
  Dismounting is not movement: no Opportunity Fire [§13.2-13.3].
- While mounted: a truck's or SPW's passenger moves with the carrier's allowance and terrain
  costs and defends with its Defense Rating and Target Class [§13.1-13.2]; a tank's passenger
  moves with the tank [§13.3]. A passenger has no Fire Zone and never attacks [§13.2-13.3]. For
  stacking when moving, a passenger counts no Step, a truck or SPW one [§13.1-13.2].
- Combat against a truck or SPW [§13.2]: a Step Loss or Elimination eliminates it and its
  passenger; a Suppression (S? and the try for a Cohesion Hit instead on the transport's Troop
  Quality: the Division HQ's for a truck, the regiment's for an SPW, both the one Troop Quality
  the engine plays a side) removes the carrier and Suppresses the passenger (involuntary
  dismount); a Cohesion Hit falls on both, the carrier's third eliminating both.
- Combat against tank transport [§13.3]: an attack on either unit is made on the passenger
  first (in clear terrain), then on the tank, each with its own modifiers; any successful attack
  dismounts the passenger at its end.

Our reading where the book is cut: reinforcements enter by their own movement only, so an
immobile unit still waits off the map [§15.2 note].
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from rules.engine.actions import Action
from rules.panzer_command.actions import PositionChanged, UnitHit
from rules.panzer_command.units import PcUnit, unit_of

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState

TRUCK, SPW = "truck", "spw"
#: The catalogue's carriers [§13.2].
CARRIER_TYPES = {TRUCK: "truck", SPW: "de-spw"}


def carrier_of(state: PcState, unit: str) -> str | None:
    """The unit's carrier: ``truck``, ``spw``, a tank's unit, or None."""
    return state.troops.mounted.get(unit)


def on_vehicle(state: PcState, unit: str) -> bool:
    """Mounted on a truck or SPW (which stands in for it in combat [§13.2])."""
    return state.troops.mounted.get(unit) in (TRUCK, SPW)


def riders(state: PcState, tank: str) -> list[str]:
    """The units riding on ``tank`` [§13.3]."""
    return sorted(u for u, c in state.troops.mounted.items() if c == tank)


#: Per game: the catalogue values of a side's truck or SPW, by (side, carrier) [§13.2]; the
#: catalogue never changes in play, and the values are frozen.
_VEHICLES: WeakKeyDictionary[PanzerCommandGame, dict[tuple[str, str], PcUnit]] = WeakKeyDictionary()
#: Per game: each unit's values for moving, by (unit, halved for Move/Fire, its truck or SPW)
#: [§13.1; §24.1], made once from the unit's values (kept with them: made again if a unit's
#: values are replaced, as tests do).
_MOVING: WeakKeyDictionary[
    PanzerCommandGame, dict[tuple[str, bool, str | None], tuple[PcUnit, PcUnit]]
] = WeakKeyDictionary()


def vehicle(state: PcState, unit: str) -> PcUnit:
    """The values of the truck or SPW carrying ``unit`` [§13.2]."""
    kind = state.troops.mounted[unit]
    side_id = state.game.units[unit].side
    known = _VEHICLES.setdefault(state.game, {})
    key = (side_id, kind)
    found = known.get(key)
    if found is None:
        side = next(s for s in state.game.scenario.sides if s.id == side_id)
        found = known[key] = unit_of(side, CARRIER_TYPES[kind], 0)
    return found


def moves_as(state: PcState, unit: str) -> PcUnit:
    """The unit's values for moving: a truck's or SPW's allowance and class while on one
    [§13.1]."""
    spec = state.game.units[unit]
    halved = unit in state.play.movefire  # half the allowance, rounded down [§24.1]
    kind = state.troops.mounted.get(unit)
    carried = kind in (TRUCK, SPW)
    if not halved and not carried:
        return spec
    known = _MOVING.setdefault(state.game, {})
    key = (unit, halved, kind if carried else None)
    found = known.get(key)
    if found is None or found[0] is not spec:
        found = known[key] = (spec, _moves_as(state, unit, spec, halved, carried))
    return found[1]


def _moves_as(state: PcState, unit: str, spec: PcUnit, halved: bool, carried: bool) -> PcUnit:
    if halved:  # half the allowance, rounded down [§24.1]
        spec = dataclasses.replace(spec, movement=spec.movement // 2)
    if not carried:
        return spec
    carrier = vehicle(state, unit)
    return dataclasses.replace(
        spec, movement=carrier.movement, movement_class=carrier.movement_class
    )


def defends_as(state: PcState, unit: str) -> PcUnit:
    """The unit's values as a target: a truck's or SPW's Defense Rating and Target Class while
    on one [§13.2]."""
    spec = state.game.units[unit]
    if not on_vehicle(state, unit):
        return spec
    carrier = vehicle(state, unit)
    return dataclasses.replace(spec, defense=carrier.defense, target_class=carrier.target_class)


def moving_steps(state: PcState, unit: str) -> int:
    """The Steps the unit counts for stacking when moving: a passenger of a tank none, one on a
    truck or SPW one (the vehicle's) [§13.1-13.2]."""
    carrier = carrier_of(state, unit)
    if carrier is None:
        return state.troops.steps[unit]
    return 1 if carrier in (TRUCK, SPW) else 0


def why_not_mount(state: PcState, unit: str, carrier: str) -> str | None:
    """Why the unit may not Mount ``carrier`` now, or None [§13.1-13.3]."""
    game, troops = state.game, state.troops
    spec = game.units[unit]
    if unit not in troops.hexes:
        return "the unit is not on the map"
    if unit in troops.suppressed:
        return "a Suppressed unit performs no Action but Rally [§11.1]"
    if unit in troops.mounted:
        return "the unit is mounted already [§13.1]"
    if riders(state, unit):
        return "the unit carries a passenger [§13.3]"
    if carrier == TRUCK:
        if unit not in troops.trucks or spec.movement > 0:
            return "only immobile artillery with its truck still assigned remounts one [§13.2]"
        return None
    if carrier == SPW:
        if SPW not in spec.carried_by or unit in troops.spw_lost:
            return "only a mech unit that has its SPWs mounts them [§13.2]"
        if troops.steps[unit] < spec.steps:
            return "a unit that has lost a Step has lost its SPWs [§13.2]"
        return None
    return _why_not_tank(state, unit, carrier)


def _why_not_tank(state: PcState, unit: str, tank: str) -> str | None:
    game, troops = state.game, state.troops
    spec, carrier = game.units[unit], game.units.get(tank)
    if carrier is None or carrier.side != spec.side or troops.hexes.get(tank) != troops.hexes[unit]:
        return f"'{tank}' is no friendly unit in the unit's hex [§13.3]"
    if not carrier.tank or carrier.movement_class != "tracked" or tank in troops.mounted:
        return "only a tracked armor unit, not itself carried, carries a unit [§13.3]"
    if "tank" not in spec.carried_by:
        return "only infantry and engineers ride on tanks [§13.3]"
    load = sum(troops.steps[r] for r in riders(state, tank)) + troops.steps[unit]
    if load > troops.steps[tank]:
        return f"each tank Step carries one Step: {tank} has {troops.steps[tank]} [§13.3]"
    return None


def mount_options(state: PcState, unit: str) -> list[str]:
    """The carriers the unit may Mount now."""
    found = [TRUCK, SPW]
    at = state.troops.hexes.get(unit)
    found += sorted(u for u, h in state.troops.hexes.items() if h == at and u != unit)
    return [c for c in found if why_not_mount(state, unit, c) is None]


def mount(state: PcState, unit: str, carrier: str) -> None:
    """The Mount Action [§13.1]: the unit has no Fire Zone from now on."""
    from rules.panzer_command.fire import end_concentration

    state.troops.mounted[unit] = carrier
    end_concentration(state, unit, "the unit mounts its transport")
    state.emit(PositionChanged(unit, f"mounts {_named(carrier)}", "[§13.1]"))


def _named(carrier: str) -> str:
    return {TRUCK: "its truck", SPW: "its SPWs"}.get(carrier, carrier)


def why_not_dismount(state: PcState, unit: str) -> str | None:
    """Why the unit may not Dismount now, or None [§13.2-13.3]."""
    carrier = carrier_of(state, unit)
    if carrier is None:
        return "the unit is not mounted [§13.1]"
    mover = carrier if carrier not in (TRUCK, SPW) else unit
    allowance = (
        vehicle(state, unit).movement
        if carrier in (TRUCK, SPW)
        else state.game.units[carrier].movement
    )
    spent = state.play.spent.get(mover, 0.0)
    if spent > allowance // 2:
        return (
            f"its carrier has moved {spent:g} MP, more than half its allowance "
            f"({allowance} // 2) [§13.2-13.3]"
        )
    return why_overstacked_dismounting(state, unit)


def dismount(state: PcState, unit: str, why: str = "") -> None:
    """The unit leaves its carrier: a truck carrying a unit other than immobile artillery is
    gone for good; neither unit moves again in this Segment [§13.2-13.3]."""
    carrier = state.troops.mounted.pop(unit)
    state.troops.carrier_hits.pop(unit, None)
    if carrier == TRUCK and state.game.units[unit].movement > 0:
        state.troops.trucks.discard(unit)
    if not why:
        for u in (unit, carrier):
            if u in state.game.units and "move" not in state.play.verbs.get(u, []):
                state.play.verbs.setdefault(u, []).append("move")
    state.emit(PositionChanged(unit, f"dismounts from {_named(carrier)}{why}", "[§13.1-13.3]"))


def why_overstacked_dismounting(state: PcState, unit: str) -> str | None:
    """Why the unit may not Dismount: its Steps, counted again once off its carrier, would put
    its hex over the stacking limit [§5.2] (a tank's passenger counts none while it rides, a
    truck's or SPW's one [§13.1-13.3])."""
    from rules.panzer_command.moves import why_overstacked

    at = state.troops.hexes.get(unit)
    return None if at is None else why_overstacked(state, unit, at, state.troops.steps[unit])


def involuntary(state: PcState, unit: str, why: str, leaving: str | None = None) -> None:
    """An involuntary dismount [§13.2-13.3]. When it puts the hex over the stacking limit
    (``leaving``: the carrier, which leaves the hex, counted out), the overstack is unavoidable:
    the hex is marked for its owner to unstack at the first opportunity [§5.2]."""
    from rules.panzer_command.moves import mark_overstack

    if unit not in state.troops.mounted:
        return
    dismount(state, unit, f" (involuntary: {why})")
    mark_overstack(state, unit, leaving)


def vehicle_result(state: PcState, unit: str, result: str) -> str | None:
    """A CRT result on a unit carried by a truck or SPW [§13.2]: applied here, or the result
    left to apply to the passenger as usual (a Cohesion Hit, after the carrier's); None when
    done."""
    from rules.panzer_command.fire import d10

    carrier = _named(state.troops.mounted[unit])
    if result in ("1", "E"):
        state.emit(UnitHit(unit, f"{carrier} destroyed, and its passenger", "[§13.2]"))
        state.eliminate(unit)
        return None
    if result == "S?":
        tq = state.troop_quality(unit)
        roll = d10(state, f"{unit}'s transport Troop Quality against S? [§13.2]")
        if roll <= tq:
            state.emit(UnitHit(unit, f"{carrier} passes TQ {tq} (rolled {roll})", "[§13.2]"))
            return None
        result = "S"
    if result == "S":
        tq = state.troop_quality(unit)
        roll = d10(state, f"{unit}'s transport: a Cohesion Hit instead of Suppression [§13.2]")
        if roll > tq:
            involuntary(state, unit, f"{carrier} Suppressed and removed")
            state.troops.suppressed.add(unit)
            state.emit(UnitHit(unit, "Suppressed in the hex", "[§13.2]"))
            return None
        result = "C"
    hits = state.troops.carrier_hits.get(unit, 0) + 1
    if hits >= 3:
        state.emit(UnitHit(unit, f"{carrier}' third Cohesion Hit: both eliminated", "[§13.2]"))
        state.eliminate(unit)
        return None
    state.troops.carrier_hits[unit] = hits
    state.emit(
        UnitHit(
            unit, f"{carrier} takes a Cohesion Hit ({hits}), and so does the passenger", "[§13.2]"
        )
    )
    return "C"


def targets(state: PcState, target: str) -> list[str]:
    """Who an attack on ``target`` falls on: a tank and its passengers separately, the
    passengers first [§13.3]; else the target."""
    carrier = carrier_of(state, target)
    tank = carrier if carrier not in (None, TRUCK, SPW) else target
    passengers = riders(state, tank)
    return [*passengers, tank] if passengers else [target]


def transport_options(state: PcState, unit: str) -> list[Action]:
    """Mount and Dismount Actions open to the unit."""
    from rules.panzer_command.actions import Dismount, Mount

    found: list[Action] = [Mount(unit, c) for c in mount_options(state, unit)]
    if why_not_dismount(state, unit) is None:
        found.append(Dismount(unit))
    return found
