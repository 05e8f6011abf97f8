"""The greedy bot's infantry anti-tank weapons [ADV IV.E.3; ADV VI.A.1] (:mod:`rules.armor.bot`).

A squad's Bazooka, PIAT, Panzerfaust or Panzerschreck fires with the squad at its target by
the book's automatic order [ADV IV.E.3], so the bot weighs a squad's Direct Fire at a Vehicle
with the weapon's shot in it (:func:`rules.armor.antitank.with_squad`). Once the bot has
weighed the squad's order (or chosen none), a weapon that would not fire by that order is
given its own "(B)F-" order at the enemy Vehicle in range where its AP fire pays best: the
engine's own shot (:func:`rules.armor.antitank.resolve`) rolled a few times on the bot's copy
of the state, worth the Victory Points of its results. Never with two hexes of movement
[ADV VI.A.1], nor with orders a fire order may not join (Close Assault, Full Cover, Load ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.armor import antitank
from rules.armor.orders import Order

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

SAMPLES = 6


def with_weapon(
    state: ArmorState,
    public: ArmorState,
    unit: str,
    order: Order | None,
    worth: Callable[[ArmorState, str, set[str]], float],
    overkill: Callable[[str], float],
) -> Order | None:
    """``order`` (None: no order) with the squad's anti-tank weapon's own fire at the enemy
    Vehicle (AP) or unit in a Building hex (GP [ADV IV.E.6]) where it pays best, when the
    order does not fire it already; ``worth`` gives a result's Victory Points, ``overkill``
    the factor for a target already shot at."""
    from rules.armor import plot

    launcher = antitank.weapon(state, unit)
    if launcher is None or state.transported(unit):
        return order
    base = order if order is not None else Order(unit)
    bare = Order(unit, base.fire, moves=base.moves, pinning=base.pinning)
    if base != bare or antitank.hexes_moved(base) >= 2:
        return order  # it may not join these orders, or moves two hexes [ADV VI.A.1]
    if antitank.automatic(state, unit, base) is not None:
        return order  # it fires with the squad at the squad's target [ADV IV.E.3]
    moving = bool(base.moves)
    best: tuple[float, str] | None = None
    for target in antitank.targets(state, unit, moving):
        value = _value(public, unit, target, moving, worth) * overkill(target)
        if best is None or value > best[0]:
            best = (value, target)
    if best is None or best[0] <= 0:
        return order
    found = replace(base, mg=((launcher.code, best[1]),))
    return found if plot.why_not_order(state, found) is None else order


def _value(
    public: ArmorState,
    unit: str,
    target: str,
    moving: bool,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """Expected Victory Points of the weapon's shot: the engine's fire rolled
    :data:`SAMPLES` times, a sample's hit kept from the next (no Previous Hit [GC1])."""
    hits = dict(public.ranging.previous_hits)
    total = 0.0
    for _ in range(SAMPLES):
        public.ranging.previous_hits = dict(hits)
        effects = {p.effect for p in antitank.resolve(public, unit, target, moving)}
        total += worth(public, target, effects)
    public.ranging.previous_hits = hits
    return total / SAMPLES
