"""Panzer '44 transport [9.0]: mounting and dismounting, plotted MV and executed in movement.

By the book:

- Only trucks and halftracks (APCs) carry (``carrier`` in the catalogue) [9.5], one
  non-vehicle unit each (Movement Allowance 0 or 1) [9.12], [13.0].
- Both units are plotted MV [9.6]. Mounting: the carrier, which began the Game-Turn adjacent
  to the passenger, is placed on top of it [9.0], [9.13]; dismounting: the carrier is placed in
  a hex adjacent to its passenger [9.13]. Either spends the entire Movement Allowance of both
  units, which do nothing else that Game-Turn [9.11], and meets the must-move rule [9.6], [7.12].
- A pinned or disrupted unit does not move [6.82], so it neither mounts nor dismounts; a
  panicked unit may not mount [14.21]-[14.22] (its scatter is its only move).
- Passengers move with the carrier [9.0] and may not fire [9.4] (:mod:`rules.panzer44.fire`); fire
  aims at the carrier only and the passenger shares its result, destruction included [9.21]-
  [9.22] (:mod:`rules.panzer44.results`).

Written as moves of the carrier: ``move CARRIER mount HEX`` (HEX: the passenger's) and
``move CARRIER dismount HEX`` (HEX: the adjacent hex the carrier is placed in).

- The carrier's step into or out of the adjacent hex can trigger Opportunity Fire [9.32],
  resolved with the carrier alone in the hex entered (our reading: it does not carry the
  passenger yet, or no longer); "If any Pin or Disrupted effects are assessed on the unit, it
  is placed in the initial hex, and the mounting or dismounting operation does not take
  place", the results placed there (a dismounting carrier is back on its passenger, which
  shares them [9.22]). Both units have spent their move [9.11] (our reading).
- A unit inside an Improved Position may not mount [9.14]; on top of the marker it may.
- Not yet: mines on the carrier's step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.hexes import Hex, spiral
from model.scenario import Scenario
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError
from rules.engine.events import Event, UnitDeployed
from rules.movement.costs import Movement
from rules.panzer44.events import Dismounted, Mounted, MoveEnded, MoveStopped
from rules.panzer44.fortifications import is_inside
from rules.panzer44.movement import DISMOUNT, MOUNT, occupants, passengers, place, step_cost
from rules.panzer44.opportunity import opportunity
from rules.panzer44.results import apply_results

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State
    from rules.panzer44.setup import Deployment


def may_carry(state: Panzer44State, carrier: str, passenger: str) -> str | None:
    """Why ``carrier`` may not carry ``passenger``, or None [9.0], [9.5], [9.12]."""
    specs = state.game.specs
    c, p = specs[carrier], specs[passenger]
    if not c.carrier:
        return f"{carrier} is not a truck or halftrack: only they carry [9.5]"
    if p.vehicle:
        return f"{passenger} is a vehicle: only non-vehicle units are carried [9.0], [13.0]"
    if c.side != p.side:
        return f"{passenger} is not a friendly unit [9.0]"
    if passengers(state, carrier):
        return f"{carrier} carries {', '.join(passengers(state, carrier))} already [9.12]"
    return None


def _in_ip(state: Panzer44State, passenger: str) -> str | None:
    """Why ``passenger`` may not mount from where it is, or None [9.14]."""
    if is_inside(state, passenger):
        return (
            f"{passenger} is inside an Improved Position: it moves out first and mounts in a "
            "later Game-Turn [9.14]"
        )
    return None


def _ready(state: Panzer44State, unit: str) -> str | None:
    """Why ``unit`` may not take part in a mount or dismount now, or None [9.6], [9.11]."""
    side = state.game.specs[unit].side
    plot = state.orders.plots[side].get(unit)
    if plot is None or plot.task != "MV":
        return f"{unit} was not plotted MV: both units are [9.6]"
    if unit in state.orders.moved:
        return f"{unit} has moved this Game-Turn [9.11]"
    if unit in state.panic.determined.panicked:
        return f"{unit} panicked: it may not mount and scatters instead [14.21]-[14.22]"
    if unit in state.fire.pins:
        return f"{unit} is pinned: no move in this Movement Phase [6.82]"
    if state.fire.disruption.get(unit):
        return f"{unit} is disrupted (D{state.fire.disruption[unit]}) [6.82]"
    return None


def mountable(state: Panzer44State, unit: str) -> bool:
    """Whether a carrier of the unit's side stands adjacent, free to mount it [9.13]: what an
    MA 0 unit needs to be plotted MV [9.0], [9.6]."""
    h = state.board.hexes.get(unit)
    if h is None or unit in state.board.carried_by:
        return False
    side = state.game.specs[unit].side
    return (
        any(
            state.game.specs[c].side == side
            and c not in state.board.carried_by
            and where.distance(h) == 1
            and may_carry(state, c, unit) is None
            for c, where in state.board.hexes.items()
        )
        and _in_ip(state, unit) is None
    )


def why_not_mount(state: Panzer44State, carrier: str, h: Hex) -> tuple[str | None, str | None]:
    """(why not, the passenger): may ``carrier`` mount the unit in the adjacent hex ``h``?"""
    here = state.board.hexes[carrier]
    if h.distance(here) != 1:
        far = f"{state.game.name(h)} is not adjacent: the carrier begins the Game-Turn adjacent"
        return f"{far} to its passenger [9.13]", None
    side = state.game.specs[carrier].side
    there = [u for u in sorted(occupants(state, h)) if state.game.specs[u].side == side]
    riders = [
        u for u in there if u not in state.board.carried_by and may_carry(state, carrier, u) is None
    ]
    if not riders:
        return f"no friendly non-vehicle unit in {state.game.name(h)} for it to carry [9.0]", None
    passenger = riders[0]
    why: str | None = (
        _ready(state, carrier)
        or _ready(state, passenger)
        or may_carry(state, carrier, passenger)
        or _in_ip(state, passenger)
    )
    if why is None and len(there) > 1:
        why = f"{state.game.name(h)} holds {', '.join(there)}: one unit per hex [8.0], [8.2]"
    if why is None and step_cost(state, carrier, here, h) is None:
        why = f"{carrier} may not enter {state.game.name(h)} [7.21], [10.4]"
    return why, passenger


def why_not_dismount(state: Panzer44State, carrier: str, h: Hex) -> tuple[str | None, str | None]:
    """(why not, the passenger): may ``carrier`` leave its passenger for the adjacent ``h``?"""
    riders = passengers(state, carrier)
    if not riders:
        return f"{carrier} carries no unit [9.0]", None
    passenger = riders[0]
    here = state.board.hexes[carrier]
    why = _ready(state, carrier) or _ready(state, passenger)
    if why is None and h.distance(here) != 1:
        why = f"{state.game.name(h)} is not adjacent to its passenger [9.13]"
    if why is None and occupants(state, h):
        why = f"{state.game.name(h)} is not vacant: one unit per hex [8.0]"
    if why is None and step_cost(state, carrier, here, h) is None:
        why = f"{carrier} may not enter {state.game.name(h)} [7.21], [10.4]"
    return why, passenger


def transport_moves(state: Panzer44State, unit: str) -> list[Move]:
    """Every mount and dismount the carrier may make now, hexes by name."""
    spec = state.game.specs[unit]
    here = state.board.hexes.get(unit)
    if not spec.carrier or here is None or unit in state.board.carried_by:
        return []
    name = state.game.name
    word, check = (
        (DISMOUNT, why_not_dismount) if passengers(state, unit) else (MOUNT, why_not_mount)
    )
    # a mount needs a unit in the hex [9.0]: the vacant neighbours are left out before asking
    occupied = set(state.board.hexes.values()) if word == MOUNT else None
    found = []
    for n in sorted(here.neighbors(), key=lambda h: name(h) if h in state.game.terrain else ""):
        if occupied is not None and n not in occupied:
            continue
        if n in state.game.terrain and check(state, unit, n)[0] is None:
            found.append(Move(unit, (word, name(n))))
    return found


def execute(state: Panzer44State, action: Move, h: Hex) -> None:
    """Carry out ``move CARRIER mount|dismount HEX`` [9.0]-[9.1]. The carrier's step into or
    out of the adjacent hex can trigger Opportunity Fire; a Pin or D result puts it back in
    its starting hex and the mount or dismount does not take place [9.32].

    Raises:
        IllegalActionError: it breaks a rule; the message says which.
    """
    carrier = action.unit
    mounting = action.path[0] == MOUNT
    why, passenger = (why_not_mount if mounting else why_not_dismount)(state, carrier, h)
    if why is not None or passenger is None:
        raise IllegalActionError(f"'{action.text()}': {why}")
    name = state.game.name
    start = state.board.hexes[carrier]
    if not mounting:
        del state.board.carried_by[passenger]
    place(state, carrier, h)  # the carrier's step, alone [9.32]
    held: list[tuple[str, str]] = []
    opportunity(state, carrier, start, h, held)
    state.orders.moved.update((carrier, passenger))  # nothing else this Game-Turn [9.11]
    allowance = state.game.specs[carrier].movement_allowance
    if any(r == "Pin" or r.startswith("D-") for _, r in held):
        place(state, carrier, start)
        if not mounting:
            state.board.carried_by[passenger] = carrier  # still on top of it [9.33]
        what = "mount" if mounting else "dismount"
        reason = (
            f"a Pin or Disrupted result: placed back in {name(start)}; the {what} does not "
            "take place [9.32]"
        )
        state.emit(MoveStopped(carrier, name(start), reason))
        apply_results(state, held)  # where it stands; a passenger aboard shares it [9.22]
        if carrier in state.board.hexes:
            aboard = None if mounting else passenger
            state.emit(MoveEnded(carrier, name(start), float(allowance), allowance, aboard))
        state.watch.sample(state)
        return
    apply_results(state, held)  # a (P) at most: the carrier goes on [6.55]
    if mounting:
        state.board.carried_by[passenger] = carrier
        place(state, carrier, h)
        state.emit(Mounted(carrier, passenger, name(h)))
    else:
        state.emit(Dismounted(carrier, passenger, name(start), name(h)))
    carrying = passenger if mounting else None
    state.emit(MoveEnded(carrier, name(h), float(allowance), allowance, carrying))
    state.watch.sample(state)


# --- mounted set-up ---------------------------------------------------------------------------


def mounted_setup(scenario: Scenario, deployment: Deployment, movement: Movement) -> Deployment:
    """The set-up as the scenario's word on starting mounted makes it (``Side.mounted_setup``):
    ``required``, each non-vehicle unit on the map that no force entry mounts rides the nearest
    free carrier of its side (standing in for the owner's choice), its counter moved under the
    carrier [8.2], [9.0]; ``forbidden``, every carrier the forces mount a unit on is placed in
    the nearest vacant hex it may enter instead; ``allowed`` or unset, the forces' own
    ``mounted_on`` links stand. Units entering the map later are left as they are."""
    hexes, carried = dict(deployment.hexes), dict(deployment.carried_by)
    events: list[Event] = []
    amap = movement.terrain.amap
    specs = {u.id: u for u in deployment.units}
    for side in scenario.sides:
        mine = [u for u in deployment.units if u.side == side.id and u.id in hexes]
        if side.mounted_setup == "required":
            free = [c.id for c in mine if c.carrier and c.id not in carried.values()]
            for unit in [u for u in mine if not u.vehicle and u.id not in carried]:
                if not free:
                    break
                carrier = min(free, key=lambda c: (hexes[c].distance(hexes[unit.id]), c))
                free.remove(carrier)
                hexes[unit.id], carried[unit.id] = hexes[carrier], carrier
                how = (
                    f"mounted on {carrier}, the nearest free carrier: the scenario requires "
                    "its units to start mounted [8.2], [9.0]"
                )
                events.append(UnitDeployed(unit.id, amap.name(hexes[carrier]), how))
        elif side.mounted_setup == "forbidden":
            for rider, carrier in sorted(carried.items()):
                if specs[rider].side != side.id or carrier not in hexes:
                    continue
                taken = set(hexes.values())
                start = hexes[carrier]
                cls = specs[carrier].movement_class
                spot = next(
                    (
                        h
                        for h in sorted(spiral(start, 3), key=lambda h: (h.distance(start), h))
                        if h in movement.terrain
                        and h not in taken
                        and not movement.cost(cls, h).prohibited
                    ),
                    None,
                )
                if spot is None:
                    continue
                hexes[carrier] = spot
                del carried[rider]
                how = (
                    f"beside {rider}, not carrying it: the scenario forbids starting mounted [9.0]"
                )
                events.append(UnitDeployed(carrier, amap.name(spot), how))
    return replace(
        deployment, hexes=hexes, carried_by=carried, events=(*deployment.events, *events)
    )
