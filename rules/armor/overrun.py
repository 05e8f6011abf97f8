"""Overrun [ADV IV.A.2; ADV VIII]: a Vehicle drives into the hex of an enemy Leg or Towed unit.

The order [ADV IV.A.2]: "K", the enemy unit and movement notation that enters or passes
through its hex ("K-19-RR3"); the movement must be plotted with it [Order Combination note 2]
and, our reading of the table's cut K row, nothing else is. Only a Vehicle unit with no Gun or
Turret compartment hit [a], no Light or Medium Truck [a(1)] (Half-Tracks, Bren Carriers, M20s and
Jeeps only when Open [a(2)]: :mod:`rules.armor.hatches`); only against an
enemy Leg or Towed unit it can reach, not one transported [b-c]; one a Turn (one order a unit).
Our reading: a Vehicle that may not move (Hull or Track damage [AG VII.C.1]) or fire (three
crew losses [GC1]) is not given one either.

The Overrun Phase [ADV VIII], after the Close Assault Phase: each Overrun not cancelled by a
Close Assault result is announced and its movement made, hex by hex as in the Movement
Execution Phase, Opportunity Fire included [VIII intro] (:func:`rules.armor.execution.walk_on`).

- **Defensive Fire** [VIII.A] by the target alone, "resolved the same as Direct Fire ... at a
  range of one or two hexes" [A.3]: a Leg unit fires its NM GP Factor regardless of its orders
  and facing [A.2]; a Towed unit fires AP at the Vehicle when the hex it comes from is in its
  Field of Fire [A.2]. It is **First Fire**, from the adjacent hex before the Vehicle enters,
  when the unit can fire, has no Direct Fire order and is not Suppressed [A.1; A.2.b]; if its
  damage stops the Vehicle there, no Overrun Fire [A.1]. Otherwise it is simultaneous with the
  Overrun Fire. A Squad's hand-held Flamethrower (:func:`_flamethrower_defends`) and its
  Bazooka, PIAT, Panzerfaust or Panzerschreck (AP, :func:`rules.armor.antitank.defends`) fire
  with it when the hex the Vehicle comes from is in its Field of Fire [A.2], not when the
  Squad has Load or Unload orders [A.2.a].
  Suppressed: GP halved or the Suppressed AP modifier [A.2.b]. A unit in Full Cover (under a
  Full Cover unit, or with a "C" order plotted this Turn: "with Full Cover orders") fires it,
  the only fire it may make, First Fire unless it is also Suppressed [A.2.c], the log says so
  (:func:`_full_cover_note`). A unit that fired
  its Opportunity Fire this Turn does not also fire Defensive Fire [A.2.d] (our reading: in this
  phase its Opportunity Fire can only have been at an Overrunning Vehicle). Bail Out [ADV IX]
  is checked once the Defensive Fire is applied (:func:`_bail_outs`, our reading of "after all
  fire at the Vehicle unit is resolved and completed in a Phase"): a crew bailed out on First
  Fire stops its Vehicle in the adjacent hex, with no Overrun Fire [A.1].
- **Overrun Fire** [VIII.B]: GP fire with the MV GP Factors of the main gun and every
  independently fired machinegun still there, added together, and the halved GP Factor of the
  Infantry it transports [B.1; ADV V.C.3.c], at 1-2 hexes; "20" added to the roll [B.2], -10 a
  crew loss [GC1]; a Suppressed Vehicle at half the GP Factor [Order Combination note 8];
  against the target's GP Defense Factor by its orders and terrain [ADV VI.B.4.b].
- **After** [VIII.C]: the Vehicle completes its plotted movement if it still can; the combat
  cancels the target's firing orders; its movement stays for the Movement Execution Phase.
  A Vehicle whose movement would end in a hex with enemy units (the target survived) ends it
  in the hex before [AG III.B.2] (our reading: its movement ends in the Overrun Phase).

Overrun Combats are "simultaneous but can be resolved in any convenient order": ours, the German
side's first, each unit in id order, each result applied as it is resolved (our reading).
Placeholders: the Gunnery Tables' GP Factors (:data:`rules.armor.gp.GP_FACTOR_PLACEHOLDER`,
:data:`MG_PLACEHOLDER` for vehicle machineguns) and the GP Hit Table's cut rows. Buttoned
Vehicles (:mod:`rules.armor.hatches`: an Open Turret unit for a TT machinegun, Half-Tracks,
Bren Carriers, M20s and Jeeps Overrun only Open [ADV IV.A.2.a(2)]) and a Suppressed result's
Panic Morale Check [OP XVII.B] (through ``state.inflict``) are played; a unit transported on
a Vehicle, or inside a Pillbox or Bunker unit, is refused as a target [ADV IV.A.2.c]. A Knock
Out in the combat, by the Overrun Fire or the target's Defensive Fire, counts toward an Ace for
the unit that made it [OP XVII.G.1] (with the Morale option).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rules.armor import antitank, execution, hatches, storeys, transport
from rules.armor import cover as full_cover
from rules.armor.cards import gun_of
from rules.armor.events import GpFire, OrderCut, PhaseNote
from rules.armor.fire import Pending, in_field_of_fire
from rules.armor.fire import resolve as resolve_fire
from rules.armor.gp import (
    GP_FACTOR_PLACEHOLDER,
    column,
    defense,
    effects,
    effects_row,
    gp_factor,
    hit_line,
    result_of,
)
from rules.armor.move import Walk, order_walk, through
from rules.armor.optional import handheld, specials, vehicles
from rules.armor.orders import Order
from rules.armor.support.effects import shelter_of
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.game import ArmorState

PHASE = "Overrun Phase"
OVERRUN_ROLL = 20  # [ADV VIII.B.2; GC1 Overruns]
MG_MV = 10
MG_PLACEHOLDER = (
    "Gunnery Table MG GP Factors not in the text: a Vehicle's machinegun MG NM 20 / MG MV 10 at "
    "1-2 hexes (our estimate, below the placeholder Machinegun Team's 35)"
)
#: Vehicles that may not Overrun [ADV IV.A.2.a(1)].
NO_OVERRUN = ("truck",)


def why_not_overrun(state: ArmorState, unit: str, target: str) -> str | None:
    """Why ``unit`` may not be ordered to Overrun ``target`` now (its movement aside), or None
    [ADV IV.A.2]."""
    if not state.game.advanced:
        return "Overrun is of the Advanced Game [ADV IV.A.2]"
    spec, other = state.game.units.get(unit), state.game.units.get(target)
    if spec is None or other is None:
        return f"there is no unit '{target if spec else unit}'"
    if not spec.vehicle:
        return "only Vehicle units may be given Overrun orders [ADV IV.A.2.a]"
    if spec.category in NO_OVERRUN:
        return "Light and Medium Trucks may not be given Overrun orders [ADV IV.A.2.a(1)]"
    if state.gun_lost(unit):
        return "it has a Gun or Turret compartment hit [ADV IV.A.2.a]"
    if state.immobile(unit):
        return "Hull compartment or Track damage: it may not move [AG VII.C.1]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits] (our reading)"
    if overrun_factor(state, unit)[0] <= 0:
        return "it has no GP weapon to Overrun with [ADV VIII.B.1]"
    if other.side == spec.side:
        return "it is not an enemy unit"
    if other.vehicle:
        return "Overrun is only against enemy Leg or Towed units [ADV IV.A.2.b]"
    if target not in state.troops.hexes:
        return "the target is not on the map"
    if state.transported(target):
        return "not against a unit transported on a Vehicle [ADV IV.A.2.c]"
    shelter = shelter_of(state, target)
    if shelter is not None:
        return f"not against a unit inside a {shelter.name} unit [ADV IV.A.2.c]"
    return storeys.why_not_overrun(state, target) or hatches.why_not_overrun(state, unit)


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why an Overrun order may not be plotted, or None [ADV IV.A.2; Order Combination
    note 2]."""
    assert order.overrun is not None
    if order.fire or order.opportunity or order.assault:
        return (
            "with Overrun, only its movement (our reading of the Order Combination Table, "
            "whose K row is cut)"
        )
    why = why_not_overrun(state, order.unit, order.overrun)
    if why is not None:
        return f"{order.unit} may not Overrun {order.overrun}: {why}"
    firing = transport.firing_riders(state, order.unit)
    if firing:
        return (
            f"{', '.join(firing)}, transported by {order.unit}, has Direct Fire orders plotted: "
            "no fire orders are plotted for Transported Infantry units if their Vehicle unit "
            "has Overrun orders plotted [ADV V.C.3.c] (our reading: the order plotted second "
            "is refused)"
        )
    if not order.moves or order.moves == "V":
        return "the movement must be plotted with the K order [Order Combination note 2]"
    w = order_walk(state, order)
    if w.stopped is not None:
        return f"'{order.moves}' is not possible: {w.stopped}"
    if state.troops.hexes[order.overrun] not in [h for h, _, _ in w.hexes]:
        return f"'{order.moves}' does not enter or pass through {order.overrun}'s hex [ADV IV.A.2]"
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """An Overrun order at each enemy Leg or Towed unit ``unit`` can reach: the cheapest
    movement ending in its hex [ADV IV.A.2]."""
    spec = state.game.units[unit]
    if not state.game.advanced or not spec.vehicle:
        return []
    here, found = state.troops.hexes[unit], []
    for s in state.game.sides:
        for t in state.alive(s) if s != spec.side else ():
            at = state.troops.hexes[t]
            speed = vehicles.speed_now(state, unit)  # [OP XXI.B; OP XXX.A]
            if at.distance(here) > speed + 1 or why_not_overrun(state, unit, t) is not None:
                continue
            facing, cost = state.troops.facing[unit], state.cost_for(spec)
            d = through(vehicles.mover(state, unit), here, facing, [at], cost, state.game.on_map)
            order = Order(unit, moves=d.moves, overrun=t) if d is not None else None
            if order is not None and why_not_order(state, order) is None:
                found.append(order)
    return found


# --- the Overrun Phase [ADV VIII] -----------------------------------------------------------


def overrun_phase(state: ArmorState) -> bool:
    """Carry out every plotted Overrun [ADV VIII]; False when it stops for an Opportunity
    Fire's owner to decide [AG VII.F], to go on from there when called again."""
    ex = state.execution
    plotted = [
        (unit, order)
        for side in (state.game.german, state.game.allied)
        for unit, order in sorted(state.sheets.orders[side].items())
        if order.overrun is not None
    ]
    if not plotted:
        note = "nothing to resolve: no unit has Overrun ('K-') orders"
        state.emit(PhaseNote(PHASE, note, "[ADV II; ADV IV.A.2; ADV VIII]"))
        return True
    for unit, order in plotted:
        if unit in ex.executed:
            continue
        if ex.mover != unit and not _start(state, unit, order):
            ex.executed.add(unit)
            continue
        if not _carry_out(state, unit, order):
            return False
        _end_before_enemy(state, unit, ex.walks[unit])
        execution.finish_walk(state, unit, order, ex.walks[unit])
        ex.overrun = ""
    ex.executed = set()  # the walks stay: blocked roads, disputed hexes [AG VII.C.4; VII.D]
    return True


def _start(state: ArmorState, unit: str, order: Order) -> bool:
    """Announce the Overrun and set the Vehicle on its way [ADV VIII intro; II.5]; False when
    it does not take place (a Close Assault result, or the order no longer possible)."""
    assert order.overrun is not None
    target = order.overrun
    if unit not in state.troops.hexes:
        note = f"{unit}'s Overrun of {target} does not take place: it is no longer on the map"
        state.emit(PhaseNote(PHASE, note, "[ADV II.5; ADV VIII]"))
        return False
    if target not in state.troops.hexes:  # Knocked Out by an earlier Overrun (our reading)
        note = f"{unit} Overruns {target}: gone before its turn; it makes its movement only"
    else:
        why = why_not_overrun(state, unit, target)
        if why is not None:
            note = f"{unit}'s Overrun of {target} does not take place: {why}"
            state.emit(PhaseNote(PHASE, note, "[ADV VIII; ADV X.C]"))
            state.emit(OrderCut(unit, order.moves, "its Overrun may not take place [ADV X.C]"))
            return False
        note = f"{unit} Overruns {target} ({order.notation}): announced, its movement made now"
    state.emit(PhaseNote(PHASE, note, "[ADV II.5; ADV IV.A.2; ADV VIII]"))
    state.execution.overrun = ""
    return execution.start_walk(state, unit, order)


def _carry_out(state: ArmorState, unit: str, order: Order) -> bool:
    """The Overrun's movement and combat, in stages that survive a stop for an Opportunity
    Fire's owner: up to the adjacent hex, First Fire, into the target's hex, the combat, the
    rest of the movement [ADV VIII.A-C]."""
    ex = state.execution
    w = ex.walks[unit]
    target = order.overrun or ""
    at = state.troops.hexes.get(target)
    path = [h for h, _, _ in w.hexes]
    if at is None or at not in path:
        ex.overrun = "fought"  # the target gone, or the movement cut short of its hex
        return execution.walk_on(state, unit, w)
    k = path.index(at)
    if ex.overrun == "":
        if not execution.walk_on(state, unit, w, until=k):
            return False
        if len(w.hexes) <= k:  # stopped short by Opportunity Fire
            ex.overrun = "fought"
        else:
            ex.overrun = _first_fire(state, unit, target, w, k)
    if ex.overrun in ("first-fire", "simultaneous"):
        if not execution.walk_on(state, unit, w, until=k + 1):
            return False
        if unit in state.troops.hexes and state.troops.hexes[unit] == at:
            came = w.hexes[k - 1][0] if k else w.start
            _combat(state, unit, target, came, first=ex.overrun == "first-fire")
        ex.overrun = "fought"
    return execution.walk_on(state, unit, w)


ENDS_BEFORE = (
    "units may never end their movement in a hex containing a unit from the other side, but "
    "must end their movement prior to entering such a hex [AG III.B.2] (our reading: an "
    "Overrun's movement ends in the Overrun Phase)"
)


def _end_before_enemy(state: ArmorState, unit: str, w: Walk) -> None:
    """[AG III.B.2]: a Vehicle whose Overrun movement ends where enemy units stand (the
    target survived, or others were in its hex) ends it in the last hex of its walk before,
    free of them (the hex it started from at worst)."""
    if unit not in state.troops.hexes or not _enemy_in(state, unit, w.hex):
        return
    keep = len(w.hexes) - 1
    while keep > 0 and _enemy_in(state, unit, w.hexes[keep - 1][0]):
        keep -= 1
    facing = w.hexes[keep - 1][1] if keep else w.hexes[0][1]
    execution.truncate(w, keep, facing, ENDS_BEFORE)
    state.put(unit, w.hex, facing)


def _enemy_in(state: ArmorState, unit: str, h: Hex) -> bool:
    side = state.game.units[unit].side
    return any(
        at == h and state.game.units[u].side != side and not state.transported(u)
        for u, at in state.troops.hexes.items()
    )


def _first_fire(state: ArmorState, unit: str, target: str, w: Walk, k: int) -> str:
    """First Fire from the adjacent hex [ADV VIII.A.1], when the target may; the Vehicle stopped
    by it does not enter. Whether the target fired first ("first-fire") or will fire with the
    Overrun Fire ("simultaneous")."""
    came = state.troops.hexes[unit]
    why = why_not_defend(state, target, unit, came, first=True)
    if why is not None:
        return "simultaneous"
    fired = defensive_fire(state, target, unit, came, first=True)
    for p in fired:  # an Overrun Combat's Knock Out counts for the Ace [OP XVII.G.1]
        state.inflict(p.unit, p.effect, p.by)
    _bail_outs(state, unit, fired)  # [ADV IX; OP V.B.5]
    # a crew Bailed Out [ADV IX.A; OP V.B.5] leaves its Vehicle stopped there
    if unit not in state.troops.hexes or state.immobile(unit) or unit in state.troops.abandoned:
        execution.truncate(
            w, k, w.hexes[k - 1][1] if k else state.troops.facing.get(unit, w.facing),
            "stopped by the Overrun Defensive First Fire: no Overrun Fire [ADV VIII.A.1]",
        )  # fmt: skip
    return "first-fire"


def _combat(state: ArmorState, unit: str, target: str, came: Hex, first: bool) -> None:
    """The Overrun Fire, with the target's simultaneous Defensive Fire when it did not fire
    first; both resolved, then applied [ADV VIII.A.1; VIII.B]; the target's firing orders
    cancelled [VIII.C]."""
    pending = [(target, e, unit) for e in overrun_fire(state, unit, target)]
    fired: list[Pending] = []
    if not first and why_not_defend(state, target, unit, came, first=False) is None:
        fired = defensive_fire(state, target, unit, came, first=False)
        pending.extend((p.unit, p.effect, p.by) for p in fired)
    for who, effect, by in pending:  # each Knock Out credited to its unit [OP XVII.G.1]
        state.inflict(who, effect, by)
    _bail_outs(state, unit, fired)  # [ADV IX; OP V.B.5]
    _cancel_fire(state, target)


def _bail_outs(state: ArmorState, vehicle: str, fired: list[Pending]) -> None:
    """Bail Out once the Overrun Defensive Fire at ``vehicle`` is applied [ADV IX], as after
    the Direct Fire Phase and each Opportunity Fire: a penetrating AP hit of a Towed gun or a
    Bazooka, PIAT, Panzerfaust or Panzerschreck that did not Knock it Out [ADV IX.A], the
    attempt a hand-held Flamethrower forces [OP V.B.5], one roll for them all [ADV IX.A.1];
    a Knock Out, the transported units' [ADV IX.B.2-3] (:mod:`rules.armor.bailout`). Our
    reading of "after all fire at the Vehicle unit is resolved and completed in a Phase": the
    Defensive Fire is the last fire at it in its Overrun Combat, so First Fire's Bail Out comes
    before the Vehicle enters the hex, and a crew that bails out stops it there [ADV VIII.A.1]."""
    from rules.armor import bailout

    if not state.game.advanced or not any(p.location or p.effect == "knocked-out" for p in fired):
        return
    note = (
        f"Bail Out is checked for {vehicle} now that the Overrun Defensive Fire at it is "
        "applied (our reading: after all fire at the Vehicle in its Overrun Combat)"
    )
    state.emit(PhaseNote(PHASE, note, "[ADV IX; ADV VIII.A]"))
    bailout.check(state, fired)


def _cancel_fire(state: ArmorState, target: str) -> None:
    """ "The Overrun Combat, successful or not, does cancel any firing orders the Leg or Towed
    unit may have had" [ADV VIII.C]: its Direct Fire (with a Pinning or APCR mark), its
    Opportunity Fire and its Tracking Fire [OP XV, "similar to" Opportunity Fire]; the rest of
    its orders (movement, Close Assault, Full Cover ...) stays."""
    side = state.game.units[target].side
    order = state.sheets.orders[side].get(target)
    if order is None or not (order.fire or order.opportunity or order.tracking):
        return
    kept = replace(
        order, fire=None, opportunity=None, tracking=None, pinning=False, apcr=False, rate=None
    )
    if kept != Order(target):
        state.sheets.orders[side][target] = kept
    else:
        del state.sheets.orders[side][target]
    note = f"{target}'s firing orders ({order.notation}) are cancelled by the Overrun"
    state.emit(PhaseNote(PHASE, note, "[ADV VIII.C]"))


# --- Defensive Fire [ADV VIII.A] ------------------------------------------------------------


def why_not_defend(
    state: ArmorState, defender: str, vehicle: str, came: Hex, first: bool
) -> str | None:
    """Why ``defender`` may not fire Defensive Fire at ``vehicle``, coming from the adjacent
    hex ``came`` (as First Fire when ``first``), or None [ADV VIII.A]."""
    if defender not in state.troops.hexes or vehicle not in state.troops.hexes:
        return "not on the map"
    spec = state.game.units[defender]
    if defender in state.firing.opportunity_used:
        return "it fired its Opportunity Fire: that or Defensive Fire, not both [ADV VIII.A.2.d]"
    if first and state.suppressed(defender):
        return "Suppressed units never get First Fire [ADV VIII.A.2.b]"
    if first and state.orders_of(defender).fire is not None:
        return "it has Direct Fire orders plotted: no First Fire [ADV VIII.A.1]"
    if spec.mortar:
        return "Mortar units may use only Direct or Indirect Fire [OP II.E.3]"
    if spec.leg:
        # "Leg units may use their NM GP Factor ... once the Vehicle unit enters the hex,
        # regardless of facing" [ADV VIII.A.2]: our reading, the hex adjacent to theirs, from
        # which First Fire is fired [A.1]
        return None
    gun = gun_of(spec, state.game.nation[spec.side])
    if gun is None or state.gun_lost(defender) or state.damage.crew_losses.get(defender, 0) >= 3:
        return "it has no gun to fire [ADV VIII.A.3]"
    here = state.troops.hexes[defender]
    if not in_field_of_fire(state.gun_facing(defender), here, came):
        return "the hex the Vehicle comes from is not in its Field of Fire [ADV VIII.A.2]"
    return None


def in_full_cover(state: ArmorState, unit: str) -> bool:
    """``unit`` is a Leg or Towed unit "with Full Cover orders" [ADV VIII.A.2.c]: under a Full
    Cover unit [ADV IV.C.2], or with a "C" order plotted this Turn, whose Full Cover unit is
    placed only in the Movement Execution Phase, after the Overrun Phase [ADV II; IV.C.2]."""
    return full_cover.covered(state, unit) or state.orders_of(unit).cover


def _full_cover_note(state: ArmorState, defender: str, first: bool) -> None:
    """The log's word on a Full Cover unit's Defensive Fire [ADV VIII.A.2.c]: "Leg or Towed
    units with Full Cover orders may use Defensive Fire, and this may be First Defensive Fire
    if the unit does not also have a Suppressed order ... This is the only case where Full
    Cover Leg or Towed units may fire"."""
    if not in_full_cover(state, defender):
        return
    if first:
        how = "First Defensive Fire, as it is not also Suppressed"
    elif state.suppressed(defender):
        how = "not First Fire: it is also Suppressed [ADV VIII.A.2.b]"
    else:
        how = "with the Overrun Fire"
    note = (
        f"{defender} is in Full Cover: it may use Defensive Fire, the only fire a Full Cover "
        f"unit may make; {how}"
    )
    state.emit(PhaseNote(PHASE, note, "[ADV VIII.A.2.c]"))


_DEFENSIVE = {
    True: "fires Overrun Defensive First Fire [ADV VIII.A.1] from the adjacent hex at",
    False: "fires Overrun Defensive Fire [ADV VIII.A.1] with the Overrun Fire at",
}


def defensive_fire(
    state: ArmorState, defender: str, vehicle: str, came: Hex, first: bool
) -> list[Pending]:
    """The Defensive Fire, explained in events; its results on the Vehicle, not yet applied
    [ADV VIII.A.2-3]: a Leg unit's NM GP fire at range 1-2, a Towed unit's AP fire as Direct
    Fire from where it stands at the hex the Vehicle comes from."""
    spec = state.game.units[defender]
    _full_cover_note(state, defender, first)  # [ADV VIII.A.2.c]
    if not spec.leg:
        how = "First Fire from the adjacent hex" if first else "with the Overrun Fire"
        note = f"{defender} fires Overrun Defensive Fire ({how}) at {vehicle}: AP, as Direct Fire"
        state.emit(PhaseNote(PHASE, note, "[ADV VIII.A.1-3]"))
        here = state.troops.hexes[vehicle]
        state.troops.hexes[vehicle] = came
        state.firing.fired.add(defender)  # sighted next Turn at any range [AG IV.C.5]
        try:  # fired at the Vehicle as it comes from the adjacent hex: range 1 [A.3]
            found = resolve_fire(state, defender, vehicle)
        finally:
            state.troops.hexes[vehicle] = here
        return found
    factor = gp_factor(state, defender, 1, moving=False)  # NM, regardless of orders [A.2]
    mods: list[Modifier] = []
    if state.suppressed(defender):
        mods.append(Modifier("Suppressed: x1/2", 0, "[ADV VIII.A.2.b]"))
    moving = state.hexes_ordered(vehicle) > 0
    found_def = defense(state, vehicle, moving)
    shot = _Shot(factor, tuple(mods), found_def.value, found_def.why, ())
    rolled = _roll(state, defender, vehicle, shot, "Overrun Defensive Fire")
    effects_found = rolled.effects
    notes = [GP_FACTOR_PLACEHOLDER, found_def.placeholder, shot.note]
    _emit(state, defender, vehicle, shot, rolled, "NM", notes,
          verb=_DEFENSIVE[first],
          factor_rule="(range 1-2 hexes, NM whatever its orders) [ADV VIII.A.2-3]",
          rule="[ADV VIII.A; GC1 GP Hit Table, Effects of GP Hits]")  # fmt: skip
    found = [Pending(vehicle, e, defender) for e in effects_found]
    if handheld.carries(state, defender):  # the Squad's hand-held Flamethrower [ADV VIII.A.2]
        found.extend(_flamethrower_defends(state, defender, vehicle, came, first))
    # its Bazooka, PIAT, Panzerfaust or Panzerschreck, AP [ADV VIII.A.2-3] (rules.armor.antitank)
    found.extend(antitank.defends(state, defender, vehicle, came, first, PHASE))
    return found


def _flamethrower_defends(
    state: ArmorState, defender: str, vehicle: str, came: Hex, first: bool
) -> list[Pending]:
    """The hand-held Flamethrower's Defensive Fire with its Squad's [ADV VIII.A.2]: only when
    the hex the Vehicle comes from is in the Squad's Field of Fire ("The same applies to ...
    hand-held Flamethrowers using Defensive Fire"); NM 25 at one hex [OP V.B.2] (our reading:
    NM as the Leg unit's, whatever its orders), +10 [OP V.B.3], halved when Suppressed
    [A.2.b]; not when the Squad has Load or Unload orders: "the special weapons with Infantry
    units may not use their GP Factors for Defensive Fire if they have orders to Load or
    Unload" [A.2.a]; the Vehicle not Knocked Out makes its Bail Out attempt [OP V.B.5]."""
    here = state.troops.hexes[defender]
    if state.orders_of(defender).transfer is not None:
        note = (
            f"{defender}'s hand-held Flamethrower does not fire Defensive Fire: the Squad has "
            "Load or Unload orders"
        )
        state.emit(PhaseNote(PHASE, note, "[ADV VIII.A.2.a]"))
        return []
    if not in_field_of_fire(state.gun_facing(defender), here, came):
        note = (
            f"{defender}'s hand-held Flamethrower does not fire: the hex {vehicle} comes from "
            "is not in its Field of Fire"
        )
        state.emit(PhaseNote(PHASE, note, "[ADV VIII.A.2; ADV IV.E.3]"))
        return []
    mods: list[Modifier] = []
    if state.suppressed(defender):
        mods.append(Modifier("Suppressed: x1/2", 0, "[ADV VIII.A.2.b]"))
    found_def = defense(state, vehicle, state.hexes_ordered(vehicle) > 0)
    shot = _Shot(handheld.NM_FACTOR, tuple(mods), found_def.value, found_def.why, (handheld.BONUS,))
    rolled = _roll(state, defender, vehicle, shot, "Overrun Defensive Fire (FT)")
    when = "First Fire from the adjacent hex" if first else "with the Overrun Fire"
    _emit(state, defender, vehicle, shot, rolled, "NM", [found_def.placeholder, shot.note],
          verb=f"fires its (FT) hand-held Flamethrower in Overrun Defensive Fire ({when}) at",
          factor_rule="[OP V.B.2: NM 25 at one hex; ADV VIII.A.2]",
          rule="[ADV VIII.A.2; OP V.B.2-3; GC1 GP Hit Table, Effects of GP Hits]")  # fmt: skip
    found = [Pending(vehicle, e, defender) for e in rolled.effects]
    if "knocked-out" not in rolled.effects:  # the forced Bail Out attempt [OP V.B.5]
        found.append(Pending(vehicle, "penetrated", defender, specials.FLAME))
    return found


# --- Overrun Fire [ADV VIII.B] --------------------------------------------------------------


def overrun_factor(state: ArmorState, unit: str) -> tuple[int, str]:
    """The Overrun Fire's GP Factor before modifiers and how it adds up [ADV VIII.B.1]: the
    MV GP Factors at 1-2 hexes of the main gun and each independently fired machinegun not
    destroyed, and half the MV GP Factor of each transported Infantry unit that can fire
    [ADV V.C.3.c]."""
    spec = state.game.units[unit]
    parts: list[tuple[str, int]] = []
    if spec.gun is not None and not state.gun_lost(unit):
        parts.append(("main gun", gp_factor(state, unit, 1, moving=True)))
    elif spec.mg_main_gun:
        parts.append(("MG main gun", MG_MV))
    lost = state.damage.hits.get(unit, set())
    for where in spec.mg_locations:
        # "some machineguns may only be used if the Vehicle unit has an Open Turret unit"
        # [ADV VIII.B.1]: a TT one [ADV VI.A.2.a] (rules.armor.machineguns)
        closed = where == "TT" and hatches.buttoned(state, unit)
        if f"mg-{where}" not in lost and not closed:
            parts.append((f"{where} machinegun", MG_MV))
    shut = hatches.buttoned(state, unit) and hatches.shuts_in(spec)  # [ADV V.C.3.a]
    for rider in state.passengers(unit) if not shut else ():
        r = state.game.units[rider]
        if r.leg and not r.mg_team and not state.suppressed(rider):
            parts.append((f"{rider} (1/2)", gp_factor(state, rider, 1, moving=True) // 2))
    total = sum(v for _, v in parts)
    return total, " + ".join(f"{what} {v}" for what, v in parts) or "no GP weapon"


@dataclass(frozen=True)
class _Shot:
    factor: int
    mods: tuple[Modifier, ...]
    defense: int
    defense_why: str
    dice: tuple[Modifier, ...]

    @property
    def modified(self) -> int:
        return self.factor >> len(self.mods)  # each halves, rounded down [ADV VI.B.2.d]

    @property
    def line(self) -> tuple[int, int, str | None]:
        return hit_line(self.defense, column(self.modified))

    @property
    def note(self) -> str | None:
        return self.line[2]


def _overrun_shot(state: ArmorState, unit: str, target: str, target_moving: bool) -> _Shot:
    factor, _ = overrun_factor(state, unit)
    mods: list[Modifier] = []
    if state.suppressed(unit):
        mods.append(Modifier("Suppressed Vehicle: x1/2", 0, "[Order Combination note 8]"))
    found = defense(state, target, target_moving)
    dice = [Modifier("Overrun Fire", OVERRUN_ROLL, "[ADV VIII.B.2]")]
    losses = state.damage.crew_losses.get(unit, 0)
    if losses:
        dice.append(Modifier(f"{losses} crew loss(es)", -10 * losses, "[GC1 GP Fire Modifiers]"))
    return _Shot(factor, tuple(mods), found.value, found.why, tuple(dice))


def overrun_fire(state: ArmorState, unit: str, target: str) -> tuple[str, ...]:
    """The Overrun Fire, explained in a :class:`~rules.armor.events.GpFire`; its effects on the
    target, not yet applied [ADV VIII.B]."""
    moving = state.hexes_ordered(target) > 0 or state.orders_of(target).assault is not None
    shot = _overrun_shot(state, unit, target, moving)
    _, adds = overrun_factor(state, unit)
    rolled = _roll(state, unit, target, shot, "Overrun Fire")
    spec = state.game.units[unit]
    mg = bool(spec.mg_locations) or spec.mg_main_gun
    notes = [GP_FACTOR_PLACEHOLDER, MG_PLACEHOLDER if mg else None]
    notes += [defense(state, target, moving).placeholder, shot.note]
    _emit(state, unit, target, shot, rolled, "MV", notes, verb="Overruns",
          factor_rule=f"({adds}; range 1-2 hexes, added together) [ADV VIII.B.1]",
          rule="[ADV VIII.B; GC1 GP Hit Table, Effects of GP Hits]")  # fmt: skip
    return rolled.effects


@dataclass(frozen=True)
class _Rolled:
    roll: int
    modified: int
    result: str
    effects: tuple[str, ...]


def _roll(state: ArmorState, firer: str, target: str, shot: _Shot, what: str) -> _Rolled:
    state.firing.fired.add(firer)  # it fired: sighted next Turn at any range [AG IV.C.5]
    n, s, _ = shot.line
    roll = state.roll(f"{what} {firer} at {target}", 100)
    modified = roll + sum(m.value for m in shot.dice)
    result = result_of(roll, modified, n, s) if shot.modified > 0 else "N"
    return _Rolled(roll, modified, result, effects(state, firer, target, 1, result))


def _emit(
    state: ArmorState,
    firer: str,
    target: str,
    shot: _Shot,
    rolled: _Rolled,
    orders: str,
    notes: list[str | None],
    verb: str,
    factor_rule: str,
    rule: str,
) -> None:
    n, s, _ = shot.line
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    state.emit(
        GpFire(
            firer,
            target,
            1,
            max(1, a.distance(b)),
            orders,
            shot.factor,
            shot.mods,
            shot.modified,
            column(shot.modified),
            shot.defense,
            shot.defense_why,
            shot.dice,
            n,
            s,
            rolled.roll,
            rolled.modified,
            rolled.result,
            effects_row(state, firer, target, 1),
            rolled.effects,
            rule,
            placeholder="; ".join(dict.fromkeys(x for x in notes if x)) or None,
            verb=verb,
            factor_rule=factor_rule,
        )
    )


def chance(state: ArmorState, unit: str, target: str) -> tuple[str, float, float]:
    """The Overrun Fire up to the die, in words, with the chances (0-1) of a Knocked Out and
    of a Suppressed result, the target taken as not moving (its orders are secret [AG V])."""
    shot = _overrun_shot(state, unit, target, False)
    if shot.modified <= 0:
        return "GP Factor 0: no effect possible", 0.0, 0.0
    n, s, _ = shot.line
    shift = sum(m.value for m in shot.dice)
    results = [result_of(r, r + shift, n, s) for r in range(1, 101)]
    kills, hurts = results.count("K"), results.count("S")
    _, adds = overrun_factor(state, unit)
    words = (
        f"Overrun Fire: GP Factor {shot.modified} ({adds}; column {column(shot.modified)}) "
        f"against GP Defense {shot.defense} ({shot.defense_why}), roll +{OVERRUN_ROLL}"
        + "".join(f" {m.value:+d} {m.what}" for m in shot.dice[1:])
        + f": N {n:02d}, S {s:02d}; Knocked Out on {kills} in 100, Suppressed on {hurts} "
        "[ADV VIII.B; GC1 GP Hit Table]; the target's Defensive Fire first if it may "
        "[ADV VIII.A]"
    )
    return words, kills / 100, hurts / 100
