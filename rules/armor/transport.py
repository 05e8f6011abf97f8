"""Transporting and Towed units [ADV IV.B.1; ADV V.B; ADV V.C] of the Advanced Game.

Loading ("D") and Unloading ("U") [ADV IV.B.1], in the book's notation, plotted for both the
Leg or Towed unit and its Vehicle [IV.B.1.b]:

- a Leg or Towed unit on its feet writes ``D-<vehicle>``: Load onto that Vehicle, which stands
  in its hex (our reading: the book shows it by stacking the counters [IV.B.1.f]; the notation
  names the Vehicle), and writes nothing else [IV.B.1.c];
- a transported unit writes ``U`` (with ``V``, a Pivot in Place, on the Turn its Unloading is
  completed [IV.B.1.c]);
- the Vehicle writes ``D`` or ``U``, never both [IV.B.1.b], with Direct Fire if it likes
  [IV.B.1.c]; our reading of the Order Combination Table: it does not move that Turn.

They take place in the Movement Execution Phase [IV.B.1], each side's when its units move. A unit
takes its card's Load/Unload Turns [Intro IV LOAD/UNLOAD] (Towed units two [IV.B.1.d]), one a
Turn with the order plotted again, and until it is done or reversed (a "D" reverses a "U" and
the other way round [IV.B.1.d]) it and its Vehicle may do nothing else (our reading for the
Vehicle: it stays). Room: the Stacking Factors loaded never exceed the card's Transport
[IV.B.1.a]; only Vehicles whose card carries Towed units ("T") tow them [IV.B.1.b]. Units part
way through are counted for stacking [AG III.B.1]; once aboard they move with the Vehicle without
orders [V.C.1] and are not counted [V.C.2] (:meth:`rules.armor.game.ArmorState.transported`).

Bail Out [ADV IX] is in :mod:`rules.armor.bailout`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.armor import storeys, towed
from rules.armor.optional import boats, flak
from rules.armor.orders import Order
from rules.engine.events import Event

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[ADV IV.B.1]"


@dataclass(frozen=True)
class Transferred(Event):
    """A Turn of Loading or Unloading carried out, or cut, and where it leaves the unit."""

    kind: ClassVar[str] = "armor-transfer"
    unit: str
    vehicle: str
    what: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit} ({self.vehicle}): {self.what} {self.rule}"


def turns(state: ArmorState, unit: str) -> int:
    """Turns the unit takes to Load or Unload [Intro IV LOAD/UNLOAD; ADV IV.B.1.d]; an 88mm
    FLAK completely ready for action, three to Load [OP XIX]."""
    return max(1, flak.load_turns(state, unit) or state.game.units[unit].load_turns)


def loaded(state: ArmorState, unit: str) -> int:
    """Turns of Loading done: 0 on its feet, :func:`turns` aboard."""
    if unit in state.troops.stage:
        return state.troops.stage[unit]
    return turns(state, unit) if state.transported(unit) else 0


def staged(state: ArmorState, vehicle: str) -> list[str]:
    """The units part way through Loading onto or Unloading from ``vehicle``."""
    return sorted(
        u
        for u, v in state.troops.carried.items()
        if v == vehicle and u in state.troops.stage and u in state.troops.hexes
    )


def bound(state: ArmorState, unit: str) -> bool:
    """Part way through Loading or Unloading, or the Vehicle of such a unit: it must complete
    or reverse the process before operating normally [ADV IV.B.1.d-e]."""
    if unit in state.troops.stage:
        return True
    return bool(staged(state, unit)) and unit not in state.troops.abandoned


def load_of(state: ArmorState, vehicle: str) -> int:
    """Stacking Factors aboard or part way through Loading [ADV IV.B.1.a]."""
    return sum(
        state.game.units[u].stacking
        for u, v in state.troops.carried.items()
        if v == vehicle and u in state.troops.hexes
    )


def overrunning(state: ArmorState, unit: str) -> bool:
    """``unit`` is transported by a Vehicle with Overrun orders plotted: "No fire orders are
    plotted for Transported Infantry units if their Vehicle unit has Overrun orders plotted"
    [ADV V.C.3.c]."""
    carrier = state.troops.carried.get(unit)
    return (
        carrier is not None
        and state.transported(unit)
        and state.orders_of(carrier).overrun is not None
    )


def firing_riders(state: ArmorState, vehicle: str) -> list[str]:
    """The units ``vehicle`` transports that have Direct Fire orders plotted: then it may not
    be given Overrun orders (our reading of [ADV V.C.3.c], whichever is plotted second is
    refused)."""
    return [u for u in state.passengers(vehicle) if state.orders_of(u).fire is not None]


def replotted(state: ArmorState, unit: str) -> None:
    """An order plotted for ``unit`` changes what its Vehicle, or the units it transports, may
    be ordered (an Overrun and their Direct Fire exclude each other [ADV V.C.3.c]): their
    option lists are worked out again."""
    carrier = state.troops.carried.get(unit)
    riders = state.passengers(unit) + (state.passengers(carrier) if carrier else [])
    for u in (carrier, *riders):
        if u is not None:
            state.sheets.options.pop(u, None)


def why_not_panicked_carrier(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` (aboard, or part way through Unloading) may not Unload, or None:
    "Unloading Leg and Towed units Transported by a panicked Vehicle or Glider unit is not
    possible" [OP XVII.C.5]. Our reading: a Vehicle whose crew has Bailed Out carries no
    panic (its units Unload alone [ADV IV.B.1.e]); a Boat is not named (its riders' panic:
    [OP XVII.C.6 NOTE], :mod:`rules.armor.optional.panic`)."""
    carrier = state.troops.carried.get(unit)
    if carrier is None or carrier not in state.morale.panicked:
        return None
    if not state.game.units[carrier].vehicle or carrier in state.troops.abandoned:
        return None
    return (
        f"{carrier}, which transports {unit}, is panicked: Unloading Leg and Towed units "
        "Transported by a panicked Vehicle or Glider unit is not possible [OP XVII.C.5]"
    )


def why_not_carry(state: ArmorState, unit: str, vehicle: str) -> str | None:
    """Why ``unit`` may not Load onto ``vehicle`` now, or None [ADV IV.B.1.a-b; V.B.3] (a
    Towed unit in a Building hex: :func:`rules.armor.towed.why_not_fetch`)."""
    spec, car = state.game.units[unit], state.game.units.get(vehicle)
    if car is None or vehicle not in state.troops.hexes:
        return f"no Vehicle '{vehicle}' on the map"
    if car.side != spec.side or not (car.vehicle or boats.is_boat(car)):
        return f"{vehicle} is not a Vehicle unit of its side [ADV IV.B.1]"
    if vehicle in state.troops.abandoned:
        return f"{vehicle}'s crew has Bailed Out [ADV IX.A.3]"
    if state.troops.hexes[vehicle] != state.troops.hexes[unit]:
        return f"{vehicle} is not in its hex (the unit is stacked under it [ADV IV.B.1.f])"
    upstairs = storeys.why_not_load(state, unit)  # [ADV IV.B.2; AG VII.E.2.g]
    if upstairs is not None:
        return upstairs
    afloat = boats.why_not_aboard(state, unit, vehicle)  # Assault Boats [OP XXVI.A]
    if afloat is not None:
        return afloat
    fetch = towed.why_not_fetch(state, unit)  # not out of a Building hex [ADV V.B.3]
    if fetch is not None:
        return fetch
    letter = "T" if spec.towed else "L"
    if not car.transport or letter not in car.carries:
        what = "Towed" if spec.towed else "Leg"
        return (
            f"{vehicle} does not transport {what} units (its card's Transport section "
            "[ADV IV.B.1.b])"
        )
    mine = spec.stacking if state.troops.carried.get(unit) == vehicle else 0
    room = car.transport - (load_of(state, vehicle) - mine)
    if spec.stacking > room:
        return (
            f"{vehicle} has room for {room} more Stacking Factors of its Transport "
            f"{car.transport}, and {unit} is {spec.stacking} [ADV IV.B.1.a]"
        )
    return None


def why_not_transfer(state: ArmorState, order: Order) -> str | None:
    """Why a Load or Unload order may not be plotted, or None [ADV IV.B.1]."""
    if not state.game.advanced:
        return "Loading and Unloading are orders of the Advanced Game [ADV IV.B.1]"
    if order.assault or order.opportunity:
        return "Load and Unload orders take no Close Assault or Opportunity Fire [ADV IV.B.1.c]"
    spec = state.game.units[order.unit]
    if spec.vehicle or boats.carrier_order(state, order):  # a Boat carries too [OP XXVI.A]
        return _why_not_vehicle(state, order)
    if order.fire:
        return "Leg and Towed units with Load or Unload orders may not fire [ADV IV.B.1.c]"
    if spec.crew_of is not None and order.vehicle == spec.crew_of:
        return "a Bailed Out Crew may never re-enter its Vehicle [ADV IX.A.3.a]"
    if order.transfer == "D":
        return _why_not_load(state, order)
    return _why_not_unload(state, order)


def _why_not_vehicle(state: ArmorState, order: Order) -> str | None:
    unit = order.unit
    if order.vehicle:
        return "a Vehicle writes 'D' or 'U' alone; the unit Loading names the Vehicle"
    if order.moves:
        return (
            "a Vehicle Loading or Unloading stays in its hex and facing (our reading of "
            "[ADV IV.B.1.c] and the Order Combination Table: only Direct Fire)"
        )
    if unit in state.troops.abandoned:
        return f"{unit}'s crew has Bailed Out [ADV IX.A.3]"
    here = state.troops.hexes[unit]
    if order.transfer == "D":
        ready = [
            u
            for u in state.alive(state.game.units[unit].side)
            if state.troops.hexes[u] == here
            and not state.game.units[u].vehicle
            and (state.troops.carried.get(u) == unit or u not in state.troops.carried)
            and why_not_carry(state, u, unit) is None
        ]
        if not ready:
            return "no Leg or Towed unit in its hex it could Load [ADV IV.B.1.a-b]"
        return None
    if not state.passengers(unit) and not staged(state, unit):
        return f"{unit} transports nothing to Unload [ADV IV.B.1]"
    return boats.why_not_unload(state, unit)  # not in a River hex [OP XXVI.C]


def _why_not_load(state: ArmorState, order: Order) -> str | None:
    unit = order.unit
    if order.moves:
        return "Leg and Towed units with Load orders may be given no other orders [ADV IV.B.1.c]"
    if order.vehicle is None:
        return "name the Vehicle to Load onto: 'D-<vehicle>' [ADV IV.B.1.b]"
    carrier = state.troops.carried.get(unit)
    if state.transported(unit):
        return f"{unit} is transported by {carrier} already [ADV V.C]"
    if unit in state.troops.stage and carrier != order.vehicle:
        return f"{unit} is part way through Loading onto or Unloading from {carrier} [ADV IV.B.1.d]"
    if loaded(state, unit) >= turns(state, unit):
        return f"{unit} Bailed Out: it must carry out Unloading first [ADV IV.B.1.e]"
    return why_not_carry(state, unit, order.vehicle)


def _why_not_unload(state: ArmorState, order: Order) -> str | None:
    unit = order.unit
    if order.vehicle is not None:
        return "'U' names no Vehicle"
    if flak.third_turn_due(state, unit):
        return None  # the 88 FLAK's third Turn of Unloading, alone [OP XIX]
    if not state.transported(unit) and unit not in state.troops.stage:
        return f"{unit} is not transported: nothing to Unload [ADV IV.B.1]"
    panicked = why_not_panicked_carrier(state, unit)  # [OP XVII.C.5]
    if panicked is not None:
        return panicked
    if order.moves and order.moves != "V":
        return "with Unload orders, only a Pivot in Place [ADV IV.B.1.c]"
    afloat = boats.why_not_unload(state, unit)  # not in a River hex [OP XXVI.C]
    if afloat is not None:
        return afloat
    ground = towed.why_not_unload(state, unit)  # no Ditch, Wire or Building hex [ADV V.B.3]
    if ground is not None:
        return ground
    if order.moves and loaded(state, unit) > 1:
        return (
            "a Pivot in Place only on the Turn in which Unloading is completed [ADV IV.B.1.c] "
            f"({loaded(state, unit) - 1} more Turn(s) to go)"
        )
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """The Load and Unload orders ``unit`` may be given now [ADV IV.B.1] (the Vehicle's with
    Direct Fire at each target it may fire at: ``targets``) ."""
    if not state.game.advanced or unit not in state.troops.hexes:
        return []
    spec = state.game.units[unit]
    found: list[Order] = []
    if spec.vehicle or boats.is_boat(spec):  # a Boat carries Leg units [OP XXVI.A]
        found = [Order(unit, transfer=t) for t in "DU"]
    if not spec.vehicle:
        found.append(Order(unit, transfer="U"))
        found.append(Order(unit, transfer="U", moves="V"))
        here = state.troops.hexes[unit]
        found.extend(
            Order(unit, transfer="D", vehicle=v)
            for v in state.alive(spec.side)
            if (state.game.units[v].vehicle or boats.is_boat(state.game.units[v]))
            and state.troops.hexes[v] == here
            and v != unit
        )
    found = list(dict.fromkeys(found))  # a Boat's "U" is the carrier's and the rider's
    return [o for o in found if why_not_transfer(state, o) is None]


# --- the Movement Execution Phase [ADV IV.B.1] ----------------------------------------------


def execute(state: ArmorState, side: str) -> None:
    """Carry out ``side``'s plotted Load and Unload orders, one Turn of each [ADV IV.B.1]."""
    for unit, order in sorted(state.sheets.orders[side].items()):
        spec = state.game.units[unit]
        if order.transfer is None or spec.vehicle or unit not in state.troops.hexes:
            continue
        if boats.carrier_order(state, order):  # a Boat's own, as its load's carrier
            continue
        if unit in state.execution.executed:
            continue
        state.execution.executed.add(unit)
        if order.transfer == "U" and flak.third_turn_due(state, unit):  # [OP XIX]
            if state.suppressed(unit):
                sup = "Suppressed: the 'S' order cancels its other orders [ADV IV.D]"
                cut = f"'{order.notation}' not carried out: {sup}"
                state.emit(Transferred(unit, "", cut, RULE))
            else:
                state.emit(Transferred(unit, "", flak.emplace(state, unit), flak.RULE))
            continue
        vehicle = order.vehicle or state.troops.carried.get(unit, "")
        why = _cut(state, unit, order, vehicle)
        if why is not None:
            state.emit(
                Transferred(unit, vehicle, f"'{order.notation}' not carried out: {why}", RULE)
            )
            continue
        _step(state, unit, vehicle, order.transfer)


def _cut(state: ArmorState, unit: str, order: Order, vehicle: str) -> str | None:
    """Why the order cannot be carried out now, or None."""
    if state.suppressed(unit):
        return "Suppressed: the 'S' order cancels its other orders [ADV IV.D]"
    if order.transfer == "D":
        why = why_not_carry(state, unit, vehicle)
        if why is not None:
            return why
    if order.transfer == "U":
        why = why_not_panicked_carrier(state, unit) or towed.why_not_unload(state, unit)
        if why is not None:
            return why
    alone = vehicle not in state.troops.hexes or vehicle in state.troops.abandoned
    if order.transfer == "U" and alone:
        return None  # Bailed Out, or its Vehicle gone: it Unloads alone (our reading [IV.B.1.e])
    theirs = state.orders_of(vehicle).transfer
    if theirs != order.transfer:
        return (
            f"{vehicle} has no '{order.transfer}' order: the notation is written for both the "
            "unit and the Vehicle [ADV IV.B.1.b]"
        )
    return None


def _step(state: ArmorState, unit: str, vehicle: str, letter: str) -> None:
    need, done = turns(state, unit), loaded(state, unit)
    done = done + 1 if letter == "D" else done - 1
    troops = state.troops
    if letter == "D" and done >= need:
        troops.stage.pop(unit, None)
        troops.carried[unit] = vehicle
        troops.facing[unit] = troops.facing[vehicle]
        what = "Loaded: transported, it moves with its Vehicle [ADV IV.B.1; ADV V.C.1]"
    elif letter == "U" and done <= 0:
        troops.stage.pop(unit, None)
        troops.carried.pop(unit, None)
        what = "Unloaded: it operates normally [ADV IV.B.1]"
    else:
        troops.carried[unit], troops.stage[unit] = vehicle, done
        verb = "Loading" if letter == "D" else "Unloading"
        what = (
            f"{verb}: {done} of {need} Turns loaded; it must complete or reverse it before "
            "operating [ADV IV.B.1.d]"
        )
    finished = unit not in troops.stage
    what += flak.stepped(state, unit, letter, finished)  # on its road wheels [OP XIX]
    state.emit(Transferred(unit, vehicle, what, "[ADV IV.B.1; Intro IV LOAD/UNLOAD]"))
    if letter == "U" and finished:
        from rules.armor.support import mines

        mines.unloaded(state, unit)  # in a Minefield hex: its Anti-personnel Mines [OP IV.C.2]
