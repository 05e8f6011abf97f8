"""The greedy bot's machinegun fire [ADV IV.E.2; VI.A.2; VI.B] (:mod:`rules.armor.bot`).

Once the bot has weighed a Vehicle's order (or chosen none), each of its independently fired
machineguns is given its own fire order at the enemy Leg or Towed unit where it pays best,
unless it pays as much to let it fire with the main gun's Direct Fire at its target, as it
does with no order of its own [ADV IV.E.2] (our weighting: the main gun's order is chosen
on the main gun's fire alone, as before; :func:`opportunity_odds` lets a triggered
Opportunity Fire be fired when only the machineguns can do harm):
the engine's own machinegun GP shot up to the die (:func:`rules.armor.gp.gp_aim`, the target
taken as standing: its orders are secret [AG V]) and each of the 100 rolls' results
(:func:`rules.armor.gp.result_of`, :func:`rules.armor.gp.effects`), worth the Victory Points
they give. Firing reveals
the Vehicle to the enemy for the next Turn at any range [AG IV.C.5], so a Vehicle that does
not fire its main gun fires its machineguns only when the shot is worth at least
:data:`REVEAL_COST` (our weighting); with the main gun firing it is seen anyway. The book's
limits hold: a TT machinegun fires only if the main gun does not [ADV VI.A.2.b], the
Flammen III's machineguns not with its flamethrower [OP XXV.D.1], and the order with its
movement must stay legal (our reading: 2 SF at most with fire [AG V.A.2.a]).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.armor import machineguns
from rules.armor.gp import GpAim, effects, gp_aim, result_of
from rules.armor.orders import Order

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: Expected Victory Points a machinegun's fire must be worth for a Vehicle that does not fire
#: its main gun to give itself away by firing [AG IV.C.5] (our weighting).
REVEAL_COST = 0.5


def with_machineguns(
    state: ArmorState,
    public: ArmorState,
    unit: str,
    order: Order | None,
    worth: Callable[[ArmorState, str, set[str]], float],
    overkill: Callable[[str], float],
) -> Order | None:
    """``order`` (None: no order) with its machineguns' fire where it pays; ``worth`` gives a
    result's Victory Points, ``overkill`` the factor for a target already shot at."""
    from rules.armor import plot

    spec = state.game.units[unit]
    if not state.game.advanced or not spec.vehicle or not spec.mg_locations:
        return order
    if order is not None and (order.mg or not _may_add(order)):
        return order
    base = order if order is not None else Order(unit)
    moving = bool(base.moves)
    chosen: list[tuple[str, str]] = []
    gain = 0.0
    firing: tuple[str, ...] = ()
    if base.fire is not None:  # with the main gun at its target unless ordered apart [IV.E.2]
        firing, _ = machineguns.automatic(state, unit, base, base.fire, moving)
    for mount in machineguns.mounts(state, unit):
        if mount == "TT" and base.fire is not None:
            continue  # [ADV VI.A.2.b]
        best: tuple[float, str] | None = None
        if mount in firing and base.fire is not None:
            auto = _value(public, unit, mount, base.fire, moving, worth) * overkill(base.fire)
            best = (auto, base.fire)
        for target in machineguns.targets(state, unit, mount, moving):
            if state.game.units[target].vehicle:
                continue  # against infantry and guns (our weighting)
            value = _value(public, unit, mount, target, moving, worth) * overkill(target)
            if best is None or value > best[0]:
                best = (value, target)
        if best is not None and best[0] > 0 and best[1] != base.fire:
            chosen.append((mount, best[1]))  # its own order: better than with the main gun
            gain += best[0]
    if not chosen or (base.fire is None and gain < REVEAL_COST):
        return order
    found = replace(base, mg=tuple(chosen))
    return found if plot.why_not_order(state, found) is None else order


def opportunity_odds(state: ArmorState, unit: str, target: str, tracking: bool) -> float:
    """The best chance (0-1) of a result by the machineguns that fire with a main gun's
    Opportunity or Tracking Fire at ``target`` [ADV IV.E.2; VI.B.2.a; OP XV.B.3]."""
    from rules.armor.gp import gp_chance

    order = state.orders_of(unit)
    firing, _ = machineguns.automatic(state, unit, order, target)
    odds = [gp_chance(state, unit, target, True, tracking=tracking, mg=m)[1] for m in firing]
    return max(odds, default=0.0)


def _may_add(order: Order) -> bool:
    """An order a machinegun's fire may go with [ADV IV.E.2] (as :mod:`rules.armor.plot`)."""
    bare = Order(
        order.unit,
        order.fire,
        moves=order.moves,
        pinning=order.pinning,
        apcr=order.apcr,
        rate=order.rate,
    )
    return order == bare


def _value(
    public: ArmorState,
    unit: str,
    mount: str,
    target: str,
    moving: bool,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """The expected worth of one machinegun's fire over the 100 rolls [ADV VI.B; GC1 GP Hit
    Table, Effects of GP Hits]."""
    shot = gp_aim(public, unit, target, moving=moving, target_moving=False, mg=mount)
    return shot_worth(public, unit, mount, target, shot, worth)


def shot_worth(
    public: ArmorState,
    unit: str,
    mount: str | None,
    target: str,
    shot: GpAim,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """A machinegun's aimed GP ``shot`` at ``target``, worth over the 100 rolls [ADV VI.B;
    GC1 GP Hit Table, Effects of GP Hits]: each result's effects by ``worth``; ``mount``
    None: the main gun's GP (:func:`rules.armor.bot_watch.main_gun_watch`)."""
    if shot.modified_factor <= 0:
        return 0.0
    shift = sum(m.value for m in shot.dice_modifiers)
    counts: dict[str, int] = {}
    for roll in range(1, 101):
        found = result_of(roll, roll + shift, shot.n, shot.s)
        counts[found] = counts.get(found, 0) + 1
    total = 0.0
    for found, count in counts.items():
        done = set(effects(public, unit, target, shot.range, found, mount))
        total += count * worth(public, target, done)
    return total / 100
