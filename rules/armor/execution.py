"""The Movement Execution and Opportunity Fire Phase [AG VII]: each side's plotted movement
carried out unit by unit and hex by hex, cut where it is illegal [AG VII.C], checked at Building
hexsides [AG VII.E], and watched by the enemy's Opportunity Fire orders [AG VII.F]; the
Terrain Support units and Mines in each hex entered act on it (:mod:`rules.armor.support`).

The phase stops in the middle when an Opportunity Fire is triggered: its owner fires or declines
(:mod:`rules.armor.opportunity`). :class:`rules.armor.records.Execution` keeps where it stopped
(the unit moving, the hexes of its walk behind it, whether it has crossed into the next), and
:func:`move_side` goes on from there once the owner has answered. Units set up transported move
with their Vehicle [ADV V.C.1].
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import alleys, bogging, bridges, buildings, opportunity, storeys, transport
from rules.armor.events import LeftMap, Moved, OrderCut, OrdersRevealed
from rules.armor.indirect.impact import entered as artillery_entered
from rules.armor.move import EnterCost, Walk, enter_cost, walk
from rules.armor.optional import culin, sbg, vehicles
from rules.armor.optional.intel import concealment
from rules.armor.orders import Order
from rules.armor.support import effects as support
from rules.armor.support import shelters

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

CROSSING_STOP = (
    "stopped by Opportunity Fire while crossing a hexside: it ends its move in the hex before "
    "the hexside [AG VII.F.4]"
)
HEX_STOP = "stopped by Opportunity Fire: it ends its move in the hex where it was hit [AG VII.F.4]"


def reveal_orders(state: ArmorState) -> None:
    """The Command Sheets laid out in full view for movement [AG VII.A]; the orders of a
    side's concealed units stay its own (our reading of [OP X.A-B]: hidden units move in
    secret [OP X.B.4], and an order names its unit's type). Where the Optional Rules' SPECIAL
    NOTE [OP XXXII] says not to display the Command Sheets until the game is over, our reading:
    only the orders are laid out, never the sheet's other marks (Ammunition and APCR spent
    [OP XXIV; XXIII.B], grades [OP XVII]), and a concealed unit's orders as above."""
    shown: list[str] = []
    for side in state.game.sides:
        kept: list[str] = []
        for unit, order in state.sheets.orders[side].items():
            secret = state.game.conceals and any(
                concealment(state, unit, other) is not None
                for other in state.game.sides
                if other != side
            )
            (kept if secret else shown).append(order.text())
        if kept:
            state.emit(OrdersRevealed(tuple(sorted(kept)), private_to=side))
    state.emit(OrdersRevealed(tuple(sorted(shown))))


def move_side(state: ArmorState, side: str) -> bool:
    """Carry out ``side``'s movement orders, unit by unit in id order [AG VII] (the book lets a
    player move his units in any order; ours); False when it stops for an Opportunity Fire's
    owner to decide [AG VII.F], to go on from there when called again."""
    ex = state.execution
    for unit, order in sorted(state.sheets.orders[side].items()):
        if order.span and unit not in ex.executed:  # the Span laid [OP XXV.C.1]
            sbg.lay(state, unit)
            ex.executed.add(unit)
        if not order.moves or unit in ex.executed or order.overrun is not None:
            continue  # an Overrun's movement is made in the Overrun Phase [ADV VIII]
        if ex.mover != unit and not start_walk(state, unit, order):
            ex.executed.add(unit)
            continue
        w = ex.walks[unit]
        if not walk_on(state, unit, w):
            return False
        finish_walk(state, unit, order, w)
    shelters.execute(state, side)  # "E" and "G" orders [CS Order Notations E, G]
    transport.execute(state, side)  # Load and Unload orders [ADV IV.B.1]
    return True


def start_walk(state: ArmorState, unit: str, order: Order) -> bool:
    """Set the unit on its way; False when it does not move (gone, or damaged [AG VII.C.1])."""
    if unit not in state.troops.hexes:
        return False
    if unit in state.troops.abandoned:
        reason = "its crew has Bailed Out: the Vehicle is abandoned [ADV IX.A.3]"
        state.emit(OrderCut(unit, order.moves, reason))
        return False
    if state.immobile(unit):
        reason = "Hull compartment or Track damage erases all movement [AG VII.C.1]"
        state.emit(OrderCut(unit, order.moves, reason))
        return False
    if not state.game.units[unit].vehicle and state.suppressed(unit):
        reason = "Suppressed: the 'S' order cancels its other orders [ADV IV.D; ADV X.C]"
        state.emit(OrderCut(unit, order.moves, reason))
        return False
    w = walk(
        storeys.mover(state, order),  # its Speed this Turn [OP XXI.B; OP XXX.A; ADV IV.B.2.c]
        state.troops.hexes[unit],
        state.troops.facing[unit],
        order.steps,
        _executed_cost(state, unit),
        state.game.on_map,
        order.fire is not None,
        storeys.storey(state, unit),  # Up and Down [ADV IV.B.2]
        lambda h: storeys.standing(state, h),  # none once Destroyed [OP XVIII.C]
    )
    if not vehicles.emergency_check(state, unit, float(w.spent)):  # [OP XXX.B-C]
        state.inflict(unit, "track")
        state.emit(OrderCut(unit, order.moves, "Track Damage at Emergency Speed [OP XXX.C]"))
        return False
    if bogging.moves_on(w, state.troops.facing[unit], -1):  # turning, pivoting or exiting
        why = bogging.stuck(state, unit, state.troops.hexes[unit])
        if why is not None:
            state.emit(OrderCut(unit, order.moves, why))
            return False
    # turning or Pivoting in Place in an Alley hex, before the turn [OP XXVII.D.4]
    why = alleys.turn_check(state, unit, w, -1, state.troops.facing[unit])
    if why is not None:
        state.emit(OrderCut(unit, order.moves, why))
        return False
    ex = state.execution
    ex.walks[unit], ex.mover, ex.progress, ex.entered = w, unit, 0, False
    return True


def _executed_cost(state: ArmorState, unit: str) -> EnterCost:
    """Entering costs as the unit moves: a road or track hex where a new Wreck or a newly
    moved enemy unit stands costs its other terrain, and the unit moves as far as it can
    [AG VII.C.4]."""
    spec, plotted = state.game.units[unit], state.cost_for(state.game.units[unit])
    blocked = set(state.damage.wrecks[state.damage.old_wrecks :]) | {
        state.troops.hexes[u]
        for u, w in state.execution.walks.items()
        if w.hexes and u in state.troops.hexes and state.game.units[u].side != spec.side
    }

    def cost(frm: Hex, to: Hex) -> Fraction | None:
        if to not in blocked:
            return plotted(frm, to)

        def other(f: Hex, t: Hex) -> Fraction | None:
            return enter_cost(state.game.movement, spec, f, t, blocked=True)

        return bridges.cost(state, spec, other)(frm, to)  # still the bridge limit [OP XIII.B]

    return cost


def walk_on(state: ArmorState, unit: str, w: Walk, until: int | None = None) -> bool:
    """Move the unit on, hex by hex, from where it stands in its walk: across each hexside
    (Opportunity Fire on a line of sight along it [AG VII.F.3], the Building check
    [AG VII.E.2]), then into the hex (Opportunity Fire on the hex [AG VII.F.3]). False when an
    Opportunity Fire's owner must decide first; what a stop leaves of the order is erased.
    ``until``: stop once that many hexes of the walk are entered (an Overrun's combat comes
    between [ADV VIII])."""
    ex = state.execution
    last = len(w.hexes) if until is None else min(until, len(w.hexes))
    while ex.progress < min(last, len(w.hexes)):
        i = ex.progress
        h, facing, _ = w.hexes[i]
        previous = w.hexes[i - 1][0] if i else w.start
        if not ex.entered:
            state.troops.facing[unit] = facing  # turned in the hex before the hexside
            answer = _opportunity(state, unit, previous, h, crossing=True)
            if answer is None:
                return False
            if answer:
                truncate(w, i, facing, CROSSING_STOP)
                break
            hedge = culin.enter(state, unit, h)  # a Culin Device's attempt [OP XXV.E.1]
            if hedge is not None:
                truncate(w, i, facing, hedge)
                break
            where = buildings.check(state, unit, previous, h, facing)
            if where == "before":
                truncate(w, i, facing, "Track damage entering a Building hex [AG VII.E.2.e]")
                break
            state.put(unit, h, facing)
            ex.entered = True
            if where == "inside":
                truncate(w, i + 1, facing, "Track damage leaving a Building hex [AG VII.E.2.e]")
                break
            # an overweight unit on a Span [OP XXV.C.3]; Wire, Ditch, Mines [ADV V; OP IV.C]
            stop = sbg.entered(state, unit, h) or support.entered(state, unit, h)
            if stop is None and unit in state.troops.hexes:
                stop = artillery_entered(state, unit, h)  # a hex under Artillery Fire [OP II.D]
            if stop is not None:  # it stops here, still watched on entering the hex [AG VII.F]
                truncate(w, i + 1, facing, stop)
            if unit not in state.troops.hexes:
                break
        held = len(w.hexes) == i + 1 and support.stops_here(w.stopped)
        answer = _opportunity(state, unit, previous, h, crossing=False, held=held)
        if answer is None:
            return False
        if answer:
            truncate(w, i + 1, facing, w.stopped if held and w.stopped else HEX_STOP)
            break
        ex.progress, ex.entered = i + 1, False
        opportunity.moved_on(state, unit)  # a Tracking Fire may ask again [OP XV.B.2]
        if bogging.moves_on(w, facing, i):  # turning, pivoting or exiting [OP XIII.A.1-2]
            why = bogging.stuck(state, unit, h)
            if why is not None:
                truncate(w, i + 1, facing, why)
                break
        why = alleys.turn_check(state, unit, w, i, facing)  # in an Alley [OP XXVII.D.4]
        if why is not None:
            truncate(w, i + 1, facing, why)
            break
    if unit in state.troops.hexes and (until is None or len(w.hexes) <= until):
        state.put(unit, w.hex, w.facing)
    return True


def _opportunity(
    state: ArmorState, unit: str, before: Hex, here: Hex, crossing: bool, held: bool = False
) -> bool | None:
    """Whether Opportunity Fire stopped the unit here [AG VII.F.4]; None when an order is
    triggered and its owner must say whether it fires [AG VII.F.3]. ``held``: a Mine or a
    Ditch stopped it in this hex before any fire (:func:`rules.armor.support.effects.entered`),
    so a Track hit does not mean a fire stopped it; entering the hex still triggers."""
    if unit not in state.troops.hexes or (not held and opportunity.stopped(state, unit)):
        return True  # the fire its owner just chose stopped it
    trigger = opportunity.triggered(state, unit, before, here, crossing)
    if trigger is None:
        return False
    opportunity.ask(state, trigger)
    return None


def truncate(w: Walk, keep: int, facing: int, why: str) -> None:
    """Cut the walk to its first ``keep`` hexes, ending it facing ``facing`` for ``why``."""
    del w.hexes[keep:]
    w.facing, w.stopped, w.off_map = facing, why, False


def finish_walk(state: ArmorState, unit: str, order: Order, w: Walk) -> None:
    """The unit's order carried out, as far as it went."""
    ex = state.execution
    ex.executed.add(unit)
    ex.mover, ex.progress, ex.entered = None, 0, False
    if w.stopped and not w.off_map:
        state.emit(OrderCut(unit, order.moves, w.stopped))
    names = tuple(state.game.name(h) for h, _, _ in w.hexes)
    number = state.game.amap.global_to_direction(w.hex, w.facing)
    state.emit(Moved(unit, order.moves, names, number, f"{w.spent}"))
    storeys.settle(state, unit, order, len(w.hexes), w.stopped is not None)  # [ADV IV.B.2]
    if w.off_map and unit in state.troops.hexes:
        _leave(state, unit, w.hex)


def _leave(state: ArmorState, unit: str, h: Hex) -> None:
    """Off the map: out of the game [AG VII.C.5], with the units it transports."""
    for u in (unit, *state.passengers(unit)):
        del state.troops.hexes[u]
        state.troops.exited[u] = h
        scores = any(
            c.kind == "exit" and c.side == state.game.units[u].side
            for c in state.game.scenario.victory.conditions
        )
        state.emit(LeftMap(u, state.game.name(h), scores))
