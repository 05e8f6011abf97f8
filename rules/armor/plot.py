"""The Order Plot and Final Facing choices of an Armor side: which orders and facings are
legal [AG V; AG VI.A.4; AG VIII.A].

For the plot, each unit is offered the cheapest notation to every hex and facing it can reach
(:func:`rules.armor.move.destinations`), a Pivot in Place, Direct Fire at each enemy unit it
may fire at, alone or with up to 2 SF of movement (never at Long Range with movement
[AG V.A.2.c]), Opportunity Fire on each such enemy's hex, Tracking Fire at each enemy it sights
when the scenario plays it [OP XV], and, where its side scores for exiting, a move off the
map. Worked out once per unit and Order Plot Phase.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.armor import (
    alleys,
    antitank,
    antitank_opportunity,
    assault,
    bridges,
    cover,
    dumps,
    hatches,
    machineguns,
    overrun,
    own_tracking,
    storeys,
    transport,
)
from rules.armor.fire import gp_shot, why_not_fire
from rules.armor.indirect import mortars
from rules.armor.move import (
    PROHIBITED,
    Destination,
    destinations,
    fire_limit,
    order_walk,
    through,
)
from rules.armor.opportunity import (
    watch_hexes,
    why_not_fire_now,
    why_not_opportunity,
    why_not_tracking,
)
from rules.armor.optional import (
    TRACKING,
    apcr,
    area_pinning,
    boats,
    command,
    in_use,
    morale,
    pinning,
    sbg,
    smoke,
    specials,
    supply,
    vehicles,
)
from rules.armor.orders import Face, OpportunityFire, Order, Panic, Uncover, notation
from rules.armor.scenario_rules import fire_banned, move_banned, moves, why_not_straight
from rules.armor.support import shelters, strikes
from rules.engine.actions import Action, Done

if TYPE_CHECKING:
    from collections.abc import Sequence

    from model.hexes import Hex
    from rules.armor.game import ArmorState


def order_options(state: ArmorState, unit: str) -> list[Action]:
    """Each legal order of ``unit``: the cheapest notation to every hex and facing it can
    reach, a Pivot in Place, and Direct Fire at each target alone or with up to 2 SF of
    movement [AG V]; worked out once per Order Plot Phase."""
    cached = state.sheets.options.get(unit)
    if cached is not None:
        return cached
    spec, here = state.game.units[unit], state.troops.hexes[unit]
    found: list[Action] = []
    if unit in state.troops.abandoned or unit in state.morale.panicked:
        state.sheets.options[unit] = found
        return found  # its crew Bailed Out [ADV IX.A.3]; panicked: "P" [OP XVII.B.3]
    if _held(state, unit) or cover.covered(state, unit):
        # Suppressed: only Full Cover [ADV IV.D; IV.C.1]; under a Full Cover unit: "C" and "Y"
        # only [ADV IV.C.4; OP XXXII.A]
        found.extend(cover.options(state, unit))
        if spec.mortar and cover.covered(state, unit):  # fire from Full Cover [OP II.E.2]
            found.extend(mortars.options(state, unit))
        state.sheets.options[unit] = found
        return found
    carrying: list[Action] = [*transport.options(state, unit)]  # Load, Unload [ADV IV.B.1]
    if state.transported(unit) or (transport.bound(state, unit) and not spec.vehicle):
        overrunning = transport.overrunning(state, unit)  # no fire orders [ADV V.C.3.c]
        if state.transported(unit) and fire_banned(state, spec.side, "direct") is None:
            # Infantry fire from their Vehicle at half GP, all round [ADV V.C.3]
            targets = [  # whether alone: the blocked lines' obstacles are not worked out
                t
                for t in state.enemies(spec.side)
                if why_not_fire(state, unit, t, explain=False) is None and not overrunning
            ]
            carrying = [*(Order(unit, fire=t) for t in targets), *carrying]
        state.sheets.options[unit] = carrying
        return carrying  # it moves with its Vehicle [ADV V.C.1]
    cost, on_map = state.cost_for(spec), state.game.on_map
    # a scenario's ban on moving [SCN VIII.B.3] (a Pivot in Place stays)
    stays = move_banned(state, spec.side) is not None
    if not state.immobile(unit):
        if not stays:
            mover = vehicles.mover(state, unit)  # its Speed this Turn [OP XXI.B; OP XXX.A]
            closed = alleys.fixed(state, unit)  # no turn in an Alley [OP XXVII.D.4]
            ends = destinations(mover, here, state.troops.facing[unit], cost, on_map, None, closed)
            found.extend(Order.moving(unit, d.moves) for d in ends)
            if state.game.exits_for(spec.side):
                found.extend(_exit_orders(state, unit, ends))
        if spec.speed >= 2 or not spec.vehicle:
            found.append(Order(unit, moves="V"))
    if state.game.advanced and spec.leg:  # Close Assault [ADV IV.A.1]
        found.extend(Order(unit, assault=t) for t in assault.options(state, unit))
    if state.game.advanced and spec.vehicle and not stays:  # Overrun [ADV IV.A.2]
        found.extend(overrun.options(state, unit))
    if state.game.advanced and not spec.vehicle:  # Full Cover [ADV IV.C.1]
        found.extend(cover.options(state, unit))
        found.extend(shelters.options(state, unit))  # "E", "G" [CS Order Notations]
    targets = [  # whether alone: the blocked lines' obstacles are not worked out
        t for t in state.enemies(spec.side) if why_not_fire(state, unit, t, explain=False) is None
    ]
    if fire_banned(state, spec.side, "opportunity") is None:  # [SCN VI.A.3]
        # Opportunity Fire on the hex of each enemy unit it may fire at, and on the hexes
        # around each enemy unit it knows of where it may come (our bound of "any hexes that
        # can be sighted" [AG V.A.2]: rules.armor.opportunity.watch_hexes)
        watch = {state.troops.hexes[t] for t in targets}
        found.extend(
            Order(unit, opportunity=state.game.name(h))
            for h in sorted(watch.union(watch_hexes(state, unit)))
        )
        if apcr.why_not(state, Order(unit, opportunity="-", apcr=True)) is None:  # [OP XXIII]
            found.extend(  # with APCR, on and around each enemy Vehicle (our reading)
                Order(unit, opportunity=state.game.name(h), apcr=True)
                for h in sorted(
                    {state.troops.hexes[t] for t in targets if state.game.units[t].vehicle}
                    | set(watch_hexes(state, unit, vehicles=True))
                )
            )
        found.extend(machineguns.opportunity_options(state, unit))  # [ADV IV.E.2]
        found.extend(antitank_opportunity.options(state, unit))  # "(B)N-" [ADV IV.E.3]
    if in_use(state.game, TRACKING) and fire_banned(state, spec.side, "tracking") is None:
        found.extend(  # Tracking Fire at each enemy unit it sights [OP XV.A; OP XV.B.1]
            Order(unit, tracking=t)
            for t in state.enemies(spec.side)
            if why_not_tracking(state, unit, t) is None
        )
        found.extend(own_tracking.options(state, unit))  # "(UH)T-", "(B)T-" [ADV IV.E.2-3]
    if fire_banned(state, spec.side, "direct") is not None:
        targets = []
    elif state.game.advanced and (state.game.has_dumps or state.specials.spans):
        # 4B's Supply Dumps [SCN VIII.B.3]; the SBG Bridge AVREs' Spans [OP XXV.C.4]
        found.extend(Order(unit, fire=t) for t in dumps.options(state, unit))
    if targets:
        light = []
        pivot = state.game.advanced and spec.towed and not state.immobile(unit)
        if not state.immobile(unit) and not stays:
            facing, limit = state.troops.facing[unit], fire_limit(spec)
            mover = vehicles.mover(state, unit)
            closed = alleys.fixed(state, unit)  # no turn in an Alley [OP XXVII.D.4]
            light = destinations(mover, here, facing, cost, on_map, limit, closed) if limit else []
        # out of AP Shots with APCR left: only the APCR fire [OP XXIV.B; OP XXIII]
        cr_only = {t for t in targets if _ap_out(state, unit, t)}
        for t in targets:
            if t not in cr_only:
                found.append(Order(unit, fire=t))
                if pinning.may_pin(state, unit, t):  # Pinning Fire [OP XXVIII.A]
                    found.append(Order(unit, fire=t, pinning=True))
            if apcr.why_not(state, Order(unit, fire=t, apcr=True)) is None:  # [OP XXIII]
                found.append(Order(unit, fire=t, apcr=True))
            if t in cr_only:
                continue
            # fewer shots announced, standing (Limited Ammunition) [OP XXIV.A.2.a-b]
            found.extend(Order(unit, fire=t, rate=n) for n in supply.announcements(state, unit))
            if why_not_fire(state, unit, t, moving=True) is None:
                found.extend(Order(unit, fire=t, moves=d.moves) for d in light)
                if pivot:  # a Towed unit's Pivot in Place, moving (MV) [ADV V.B.2; VI.A.1]
                    found.append(Order(unit, fire=t, moves="V"))
        targets = [t for t in targets if t not in cr_only]
        found.extend(area_pinning.options(state, unit, targets))  # [OP XXVIII.B]
    if fire_banned(state, spec.side, "direct") is None:
        if state.game.advanced and state.game.works.units:  # "F" and the hex [ADV IV.E.5]
            found.extend(Order(unit, fire=t) for t in strikes.options(state, unit))
        found.extend(machineguns.options(state, unit))  # [ADV IV.E.2]
        found.extend(antitank.options(state, unit, targets))  # "(B)F-865" [ADV IV.E.3]
    found.extend(sbg.options(state, unit))  # lay the Span [OP XXV.C.1]
    found.extend(smoke.options(state, unit))  # FS (OP) [OP IX.A.1]
    if spec.mortar:  # "F" and the hex: Mortar Direct Fire [OP II.E.3; E.5.c]
        found.extend(mortars.options(state, unit))
    if state.game.straight_advance:  # 4A [SCN VIII.A.5]
        found = [a for a in found if not isinstance(a, Order) or why_not_straight(state, a) is None]
    if transport.bound(state, unit):  # a Vehicle with a unit part way loaded stays [IV.B.1.d]
        found = [a for a in found if isinstance(a, Order) and not a.moves]
    found = storeys.options(state, unit, found)  # Up and Down [ADV IV.B.2]
    if spec.vehicle and spec.no_buildings:  # no turn or pivot in an Alley [OP XXVII.D.4]
        found = [a for a in found if not _turns_in_alley(state, a)]
    found.extend(carrying)
    state.sheets.options[unit] = found
    return found


def _ap_out(state: ArmorState, unit: str, target: str) -> bool:
    """A unit carrying APCR whose AP fire at ``target`` finds no AP Shots left of its
    Ammunition Allotment [OP XXIV.B] (its other fire checks made by ``why_not_fire``)."""
    if not supply.allotting(state.game) or not apcr.carries(state, unit):
        return False
    if gp_shot(state, unit, target):
        return False
    return supply.why_not_fire(state, unit, supply.AP) is not None


def _turns_in_alley(state: ArmorState, action: Action) -> bool:
    """A movement order of a Vehicle that may not enter Building hexes turning or Pivoting in
    Place in an Alley hex [OP XXVII.D.4]."""
    if not isinstance(action, Order) or not action.moves or action.overrun is not None:
        return False
    return alleys.why_not_turn(state, action, order_walk(state, action)) is not None


def movable(state: ArmorState, unit: str) -> bool:
    """Whether ``unit`` may be given a movement order now: the Order Plot, on the map, its
    orders not yet written [AG V.A.1], no Hull compartment or Track damage [AG VII.C.1]."""
    if state.segment.id != "plot" or unit not in state.troops.hexes:
        return False
    side = state.game.units[unit].side
    return (
        side in state.to_act()
        and unit not in state.sheets.orders[side]
        and not (state.immobile(unit))
        and move_banned(state, side) is None
    )


def reach(state: ArmorState, unit: str) -> dict[Hex, float | None]:
    """Each hex ``unit``'s order could take it to this Turn with the fewest Speed Factors
    [AG V.B], the one new hex at any cost of [AG V.B.3] included; its own hex left out."""
    if not movable(state, unit):
        return {}
    spec, here = state.game.units[unit], state.troops.hexes[unit]
    least: dict[Hex, Fraction] = {}
    facing, cost, on_map = state.troops.facing[unit], state.cost_for(spec), state.game.on_map
    down = storeys.storey(state, unit) - 1  # upstairs, it comes Down first [ADV IV.B.2]
    limit = Fraction(vehicles.mover(state, unit).speed - down) if down else None
    closed = alleys.fixed(state, unit)  # no turn in an Alley [OP XXVII.D.4]
    for d in destinations(vehicles.mover(state, unit), here, facing, cost, on_map, limit, closed):
        if d.hex != here and (d.hex not in least or d.cost < least[d.hex]):
            least[d.hex] = d.cost
    return {h: float(c) for h, c in least.items()}


def route(state: ArmorState, unit: str, hexes: Sequence[Hex]) -> Order | None:
    """The cheapest movement order entering ``hexes`` in this order and stopping in the last
    (:func:`rules.armor.move.through`), written in the book's notation [AG V.A.3]; None when
    the unit may not move now or no legal order does."""
    if not movable(state, unit):
        return None
    spec = state.game.units[unit]
    found = through(
        vehicles.mover(state, unit),  # its Speed this Turn [OP XXI.B; OP XXX.A]
        state.troops.hexes[unit],
        state.troops.facing[unit],
        hexes,
        state.cost_for(spec),
        state.game.on_map,
        alleys.fixed(state, unit),  # no turn in an Alley [OP XXVII.D.4]
    )
    if found is None:
        return None
    down = storeys.DOWN * (storeys.storey(state, unit) - 1)  # Down first [ADV IV.B.2]
    order = Order(unit, moves=down + found.moves)
    return order if why_not_order(state, order) is None else None


def _exit_orders(state: ArmorState, unit: str, moves: list[Destination]) -> list[Order]:
    """Orders that move the unit off the map where its side scores for exiting
    [AG VII.C.5]: one more hex forward from an edge hex of the exit region."""
    exits = state.game.exits_for(state.game.units[unit].side)
    return [
        Order(unit, moves=notation([*d.steps, "F"]))
        for d in moves
        if d.hex in exits and not state.game.on_map(d.hex.neighbor(d.facing))
    ]


def facing_options(state: ArmorState, unit: str) -> list[Action]:
    """[AG VIII.A]: any new hull facing after a Pivot in Place order, and the turret within
    its Turret Turn; only the changes, never the unit's present facing. In the Advanced Game
    Leg units pivot without an order, "unless Suppressed" [ADV V.A.2]."""
    spec = state.game.units[unit]
    if unit in state.troops.abandoned:
        return []  # nobody aboard to turn it [ADV IX.A.3]
    if cover.covered(state, unit):  # only the Full Cover unit's removal [ADV IV.C.4]
        return [*cover.uncover_options(state, unit)]
    plotted = "V" in state.orders_of(unit).steps or (state.game.advanced and spec.leg)
    pivot = plotted and not state.immobile(unit) and not _held(state, unit)
    hulls = range(6) if pivot else [state.troops.facing[unit]]
    turn = min(spec.turret_turn, 3) if not state.gun_lost(unit) else 0
    faces: list[Face] = []
    for hull in hulls:
        for t in range(-turn, turn + 1):
            offset = (state.troops.turret[unit] + t) % 6
            if hull == state.troops.facing[unit] and t == 0:
                continue
            faces.append(_face(state, unit, hull, (hull + offset) % 6))
    if hatches.may_button(state, unit):  # Open or Buttoned Turret unit [AG VIII.B.2]
        other = hatches.OPEN if hatches.buttoned(state, unit) else hatches.BUTTONED
        now, turret = state.troops.facing[unit], state.troops.turret[unit]
        kept = _face(state, unit, now, (now + turret) % 6)  # the facing kept
        faces = [*faces, replace(kept, hatch=other), *(replace(f, hatch=other) for f in faces)]
    return list(faces)


def _held(state: ArmorState, unit: str) -> bool:
    """A Suppressed Leg or Towed unit: no orders but Full Cover [ADV IV.C.1; IV.D; Order
    Combination notes 7, 10, 11] (Suppressed vehicles may move and fire)."""
    spec = state.game.units[unit]
    return not spec.vehicle and state.suppressed(unit)


def _face(state: ArmorState, unit: str, hull: int, turret: int) -> Face:
    to_number = state.game.amap.global_to_direction
    h = state.troops.hexes[unit]
    return Face(unit, to_number(h, hull), to_number(h, turret))


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why the order may not be plotted, or None [AG V; AG VI.A.4]."""
    unit, spec = order.unit, state.game.units[order.unit]
    if unit in state.troops.abandoned:
        return f"{unit}'s crew has Bailed Out: it may never be crewed again [ADV IX.A.3.a]"
    panicked = morale.why_not_order(state, unit)  # "P" [OP XVII.B.3; XVII.C]
    if panicked is not None:
        return panicked
    commanded = command.why_not_order(state, order)  # out of Command Control [OP XIV.B.2]
    if commanded is not None:
        return commanded
    if spec.mortar:  # Direct or Indirect Fire at a hex only, no Close Assault [OP II.E.3-4]
        why = mortars.why_not_order(state, order)
        if why is not None or order.fire is not None:
            return why  # its fire from Full Cover too [OP II.E.2]
    if order.mg_tracking:  # the weapons' own Tracking Fire (OP) [OP XV; ADV IV.E.2-3]
        why = own_tracking.why_not_order(state, order)
        rest = replace(order, mg_tracking=())
        return why if why is not None or rest == Order(unit) else why_not_order(state, rest)
    if order.mg_opportunity:  # the machineguns' own Opportunity Fire [ADV IV.E.2; AG V.A.2.b]
        why = fire_banned(state, spec.side, "opportunity")
        if antitank_opportunity.is_weapon_order(order):  # "(B)N-1802" [ADV IV.E.3]
            why = why or antitank_opportunity.why_not_order(state, order)
        else:
            why = why or machineguns.why_not_opportunity_order(state, order)
        rest = replace(order, mg_opportunity=())
        return why if why is not None or rest == Order(unit) else why_not_order(state, rest)
    fire_and_move = Order(
        unit,
        order.fire,
        moves=order.moves,
        pinning=order.pinning,
        apcr=order.apcr,
        mg=order.mg,
        rate=order.rate,
    )
    if not order.smoke_indirect:  # FS is the main gun's Direct Fire of Smoke [OP IX.A.1]
        fire_and_move = replace(fire_and_move, smoke=order.smoke)
    if order.mg and order != fire_and_move:
        return (
            "a machinegun's fire order goes with the main gun's Direct Fire (of AP, GP or "
            "Smoke) and movement orders only [ADV IV.E.2] (our reading: not with Opportunity, "
            "Tracking, Overrun or Indirect Fire orders, which have no other orders, nor with "
            "Load, Unload or the Span)"
        )
    if order.span:  # the SBG Bridge AVRE's "SPAN" [OP XXV.C.1]
        return sbg.why_not_span(state, order)
    held = _held(state, unit)
    if order.enter or order.leave:  # [CS Order Notations E, G]
        return shelters.why_not_order(state, order, held, cover.covered(state, unit))
    if held or order.cover or order.entrench or cover.covered(state, unit):
        return cover.why_not_order(state, order, held)  # [ADV IV.C; IV.D; OP XXXII]
    if order.transfer is not None:  # Load or Unload [ADV IV.B.1]
        why = transport.why_not_transfer(state, order)
        return why if why is not None or order.fire is None else _why_not_direct(state, order)
    if state.transported(unit) and (order.moves or order.opportunity or order.fire is None):
        carrier = state.troops.carried[unit]
        return (
            f"{unit} is transported by {carrier} and moves with it: no orders but 'U' or Direct "
            "Fire [ADV V.C.1; V.C.3; IV.B.1]"
        )
    if order.fire is not None and transport.overrunning(state, unit):
        carrier = state.troops.carried[unit]
        return (
            f"{carrier}, which transports {unit}, has Overrun orders plotted: no fire orders are "
            "plotted for its Infantry, who add their halved MV GP Factor to the Overrun "
            "[ADV V.C.3.c]"
        )
    if transport.bound(state, unit) and (order.moves or not spec.vehicle):
        return (
            f"{unit} is part way through Loading or Unloading (or Bailed Out): complete or "
            "reverse it first, with 'D' or 'U' [ADV IV.B.1.d-e] (our reading: its Vehicle "
            "stays in its hex meanwhile)"
        )
    if order.overrun is not None:  # [ADV IV.A.2]
        banned = move_banned(state, spec.side) or why_not_straight(state, order)
        return banned or overrun.why_not_order(state, order)
    if order.assault is not None:
        if order.fire or order.moves or order.opportunity:
            return "with Close Assault, no other orders [ADV IV.A.1.c]"
        why = assault.why_not_assault(state, unit, order.assault)
        return None if why is None else f"{unit} may not Close Assault {order.assault}: {why}"
    if order.tracking is not None:
        return _why_not_tracking(state, order)
    if order.smoke is not None:  # Smoke (OP) [OP IX.A.1]; with movement or machineguns,
        why = smoke.why_not_order(state, order)  # checked on below
        if why is not None or not (order.moves or order.mg):
            return why
    if order.opportunity is not None:
        if order.fire or order.moves:
            return "with Opportunity Fire, no other orders of any kind [AG V.A.2.b(1)]"
        banned = fire_banned(state, spec.side, "opportunity")
        if banned is not None:
            return banned
        if order.apcr:  # "N-1802 CR" (our reading) [OP XXIII]
            why = apcr.why_not(state, order)
            if why is not None:
                return why
        # Leg units fire GP [ADV VI.B]; the mortar and flamethrowers are GP weapons [OP XXV]
        gp = state.game.advanced and (spec.leg or specials.weapon(state, unit) is not None)
        if not (spec.armed or gp) or state.gun_lost(unit):
            return f"{unit} has no main gun that fires AP [AG VI.A.1]"
        return why_not_opportunity(state, unit, order.opportunity)
    if moves(order.moves):
        banned = move_banned(state, spec.side) or why_not_straight(state, order)
        if banned is not None:
            return banned
    if order.fire is not None:
        why = _why_not_direct(state, order)
        if why is not None:
            return why
    if order.mg:  # the machineguns' own fire orders [ADV IV.E.2; VI.A.2-4]
        why = fire_banned(state, spec.side, "direct") or machineguns.why_not_order(state, order)
        if why is not None:
            return why
    if order.pinning:
        why = pinning.why_not(state, order)
        if why is not None:
            return why
    if order.area:
        why = area_pinning.why_not(state, order)  # [OP XXVIII.B]
        if why is not None:
            return why
    if order.apcr:
        why = apcr.why_not(state, order)
        if why is not None:
            return why
    if order.rate is not None:  # fewer shots announced [OP XXIV.A.2.a-b]
        why = supply.why_not_rate(state, unit, order.rate, order.fire)
        if why is not None:
            return why
    if not order.moves:
        return None if order.fire or order.mg else "an order needs a notation"
    if supply.out_of_fuel(state, unit):
        return f"{unit} has no Fuel Factors left and may not move [OP XXIV.C.1]"
    if state.immobile(unit):
        return f"{unit} has Hull compartment or Track damage and may not move [AG VII.C.1]"
    w = order_walk(state, order)
    if w.stopped is not None and not w.off_map:
        ahead = w.hex.neighbor(w.facing)
        why = boats.why_stopped(state, unit, ahead) or w.stopped
        if why == PROHIBITED:  # too heavy for a bridge? [OP XIII.B]
            why = bridges.why_stopped(state, unit, ahead) or why
        return f"'{order.moves}' is not possible: {why}"
    return alleys.why_not_turn(state, order, w)  # no turn in an Alley [OP XXVII.D.4]


def _why_not_tracking(state: ArmorState, order: Order) -> str | None:
    """Why the order's Tracking Fire may not be plotted, or None [OP XV]: the Optional Rule in
    use, no other orders (an Opportunity Fire rule [AG V.A.2.b(1); OP XV.B]), no scenario ban
    (2A's "No Opportunity or Tracking Fire ... on Turn One" [SCN VI.A.3]), and a target it
    sights now (:func:`rules.armor.opportunity.why_not_tracking`)."""
    assert order.tracking is not None
    if not in_use(state.game, TRACKING):
        return "Tracking Fire is an Optional Rule the scenario does not use [OP XV]"
    bare = Order(order.unit, tracking=order.tracking)
    if order != bare:
        return "with Tracking Fire, no other orders of any kind [AG V.A.2.b(1); OP XV.B]"
    banned = fire_banned(state, state.game.units[order.unit].side, "tracking")
    if banned is not None:
        return banned
    return why_not_tracking(state, order.unit, order.tracking)


def _why_not_direct(state: ArmorState, order: Order) -> str | None:
    """Why the order's Direct Fire may not be plotted, or None [AG VI.A]."""
    unit, fire = order.unit, order.fire
    assert fire is not None
    banned = fire_banned(state, state.game.units[unit].side, "direct")
    if banned is not None:
        return banned
    if dumps.is_dump(fire):
        why = dumps.why_not_dump(state, unit, fire, bool(order.moves))
        if why is None and order.rate is not None:
            why = "fewer shots are announced at units (our reading) [OP XXIV.A.2.a-b]"
    elif strikes.is_target(state, fire):  # a Block, Wire, Pillbox or Bunker [ADV IV.E.5]
        why = strikes.why_not(state, unit, fire, bool(order.moves))
        if why is None and (order.pinning or order.area or order.apcr):
            why = "Pinning Fire and APCR are at units, not at Terrain Support units [ADV IV.E.5]"
        if why is None and order.rate is not None:
            why = "fewer shots are announced at units (our reading) [OP XXIV.A.2.a-b]"
    else:
        why = why_not_fire(state, unit, fire, bool(order.moves))
        if why is None and not order.apcr and _ap_out(state, unit, fire):
            why = supply.why_not_fire(state, unit, supply.AP)  # AP, not APCR [OP XXIV.B]
    return None if why is None else f"{unit} may not fire at {fire}: {why}"


def why_not(state: ArmorState, action: Action) -> str | None:
    """Why ``action`` may not be applied now, or None: the checks the state makes before
    applying it, and :func:`rules.armor.preview.preview` before saying what it would do."""
    if isinstance(action, Done):
        if action.side not in state.to_act():
            return f"{action.side} may not act now"
        if state.segment.id == "plot" and state.execution.asked is None:
            return command.why_not_done(state, action.side)  # bound moves [OP XIV.B.2]
        return None
    if isinstance(action, OpportunityFire):
        return why_not_fire_now(state, action)
    if state.execution.asked is not None:
        return "an Opportunity Fire waits for its owner to fire or decline [AG VII.F]"
    if isinstance(action, Uncover):
        return _why_not_uncover(state, action)
    if isinstance(action, Panic):
        return morale.why_not_voluntary(state, action.unit)  # [OP XVII.E]
    if isinstance(action, command.PlayerHeadquarters):
        return command.why_not_choice(state, action)  # [OP XIV.B.3]
    if not isinstance(action, Order | Face):
        return "not an action of Armor"
    if isinstance(action, Order) and state.segment.id != "plot":
        return "orders are plotted in the Order Plot"
    if isinstance(action, Face) and state.segment.id not in ("first-facing", "second-facing"):
        return "only in the Final Facing Phase"
    spec = state.game.units.get(action.unit)
    if spec is None or action.unit not in state.troops.hexes:
        return f"no unit '{action.unit}' on the map"
    if spec.side not in state.to_act():
        return f"{spec.side} may not act now"
    if isinstance(action, Face):
        if action.unit in state.sheets.faced:
            return f"{action.unit} has been faced"
        if action not in state.facing_options(action.unit):
            return (
                "a pivot needs a V order and turns at most 3 hexsides; the turret turns at most "
                "its Turret Turn [AG VIII.A]"
            )
        return None
    if action.unit in state.sheets.orders[spec.side]:
        return f"{action.unit} has its orders [AG V.A.1]"
    return why_not_order(state, action)


def _why_not_uncover(state: ArmorState, action: Uncover) -> str | None:
    """Why the Full Cover unit may not be removed now [ADV IV.C.4], or None."""
    spec = state.game.units.get(action.unit)
    if spec is None or action.unit not in state.troops.hexes:
        return f"no unit '{action.unit}' on the map"
    if spec.side not in state.to_act():
        return f"{spec.side} may not act now"
    return cover.why_not_uncover(state, action)
