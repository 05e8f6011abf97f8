"""Panzer '44 legal actions: the plots [5.4] and moves [7.0] a side may make now.

- In the Mutual Plot Phase each unit without a task may be plotted MV (if it can move, enter
  the map [18.6], be mounted or dismount [9.6]), or to fire at each target it may engage
  (:mod:`rules.panzer44.fire`, :mod:`rules.panzer44.opportunity`, :mod:`rules.panzer44.indirect`).
- In a Movement Phase each unit plotted MV that has not moved and is not held [6.82] may move
  to each vacant hex it can reach by a cheapest path, out and back into its own hex [7.12], off
  the map where the scenario allows [7.23], mount or dismount [9.0]
  (:mod:`rules.panzer44.transport`) and overrun [13.0] (:mod:`rules.panzer44.overrun`); a panicked
  unit only scatters [14.11], a unit inside an Improved Position only climbs out and one on top
  of it may go back inside [12.4].

What a unit can reach is worked out once a segment and kept on the state (``_reach``,
``_overruns``, ``_fire``), since enemy units stand still while a side moves; the state forgets
them at each new segment and when units leave the map (:meth:`Panzer44State.clear_reach`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Action, Done, Move
from rules.panzer44.actions import Plot
from rules.panzer44.entry import OFF, OFF_MAP, exit_cost, exit_hexes, waiting, why_not_enter
from rules.panzer44.fire import Targets, fire_plots, targets_now
from rules.panzer44.fortifications import is_inside, may_go_inside
from rules.panzer44.indirect import ALLOCATE, indirect_plots, support_plots
from rules.panzer44.movement import (
    INTO_IP,
    OUT_OF_IP,
    OVERRUN,
    may_stack,
    passengers,
    reach,
    stepper,
)
from rules.panzer44.opportunity import opportunity_plots
from rules.panzer44.overrun import overrun_moves
from rules.panzer44.panic import held as panic_held
from rules.panzer44.transport import mountable, transport_moves

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

MOVEMENT_SEGMENTS = ("first-player-movement", "second-player-movement")


def legal_actions(state: Panzer44State, side: str | None = None) -> list[Action]:
    """Every action of the sides to act now (or of ``side`` alone)."""
    sides = [s for s in state.to_act() if side is None or s == side]
    found: list[Action] = []
    for s in sides:
        if state.segment.id == "plot":
            for u in units_of(state, s):
                if u not in state.orders.plots[s]:
                    found.extend(plots_of(state, u))
            found.append(Done(s))
        elif state.segment.id == ALLOCATE:
            found.extend(support_plots(state, s))
            found.append(Done(s))
        elif state.segment.id in MOVEMENT_SEGMENTS:
            occupied = occupancy(state)
            for unit in to_move(state, s):
                found.extend(moves_of(state, unit, occupied))
    return found


def units_of(state: Panzer44State, side: str) -> tuple[str, ...]:
    """The units of ``side``, in the order of the deployment (the game's, fixed)."""
    return state.game.side_units[side]


def plottable(state: Panzer44State, side: str) -> tuple[str, ...]:
    """The units of ``side`` that may be given a task now; worked out once a segment, as
    their plots are (:func:`plots_of`)."""
    found = state.worked.plottable.get(side)
    if found is None:
        targets = targets_now(state)  # the same for every unit: nothing moves meanwhile
        found = state.worked.plottable[side] = tuple(
            u for u in units_of(state, side) if plots_of(state, u, targets)
        )
    return found


def plots_of(state: Panzer44State, unit: str, targets: Targets | None = None) -> tuple[Plot, ...]:
    """Every task ``unit`` may be plotted now [5.4]: MV, then its DF, CA, OF, IF and CB
    targets (``targets``: :func:`rules.panzer44.fire.targets_now`, if the caller has it)."""
    found = state.worked.fire.get(unit)
    if found is None:
        mv = [Plot(unit, "MV")] if why_not_plot_mv(state, unit) is None else []
        found = state.worked.fire[unit] = (
            *mv,
            *fire_plots(state, unit, targets),
            *opportunity_plots(state, unit),
            *indirect_plots(state, unit),
        )
    return found


def why_not_plot_mv(state: Panzer44State, unit: str) -> str | None:
    """Why ``unit`` may not be plotted MV now, or None [5.4], [6.82], [9.6], [18.6]."""
    spec = state.game.specs[unit]
    if waiting(state, unit) and spec.movement_allowance >= 1:
        return why_not_enter(state, unit)
    if unit not in state.board.hexes:
        return "it is not on the map"
    if unit in state.board.carried_by:
        return None  # to dismount: both units are plotted MV [9.6]
    if spec.movement_class == "none" or spec.movement_allowance < 1:
        if mountable(state, unit):
            return None  # to be mounted by the carrier beside it [9.6], [9.13]
        if may_go_inside(state, unit):
            return None  # to go inside its IP from on top, at no cost (our reading of [12.4])
        return "it has no Movement Allowance and moves only when carried [9.0]"
    if state.fire.disruption.get(unit):
        return f"it is disrupted (D{state.fire.disruption[unit]}) and may not move [6.82]"
    return None


def to_move(state: Panzer44State, side: str) -> list[str]:
    """The units of ``side`` plotted MV that have yet to move and are free to."""
    plotted = state.orders.plots[side]
    return [
        u
        for u in units_of(state, side)
        if u in plotted and u not in state.orders.moved and why_held(state, u) is None
    ]


def why_held(state: Panzer44State, unit: str) -> str | None:
    """Why a unit plotted to move may not move now, or None [6.82]."""
    if unit not in state.board.hexes and not waiting(state, unit):
        return "it was destroyed [6.82]"
    if state.orders.plots[state.game.specs[unit].side][unit].task != "MV":
        return "it was not plotted to move [5.3]"
    if unit in state.fire.pins:
        return "it is pinned: no move in this Movement Phase [6.82]"
    if state.fire.disruption.get(unit):
        return f"it is disrupted (D{state.fire.disruption[unit]}) [6.82]"
    return panic_held(state, unit)


def moves_of(state: Panzer44State, unit: str, occupied: dict[Hex, set[str]]) -> list[Move]:
    """A move to each vacant hex the unit can reach (by a cheapest path), and the cheapest
    way out and back into its own hex [7.12]."""
    if unit in state.panic.determined.panicked:
        return [Move(unit, ("scatter",))]  # its only move [14.11]
    if unit in state.board.carried_by:
        return []  # a passenger moves with its carrier [9.0]
    if is_inside(state, unit):  # its only move: climbing out [12.4]
        allowance = state.game.specs[unit].movement_allowance
        return [Move(unit, (OUT_OF_IP,))] if allowance >= 1 else []
    held = _held(state, unit, occupied)
    found = [m for h, m in _candidates(state, unit) if h not in held]
    if state.game.specs[unit].carrier:
        found.extend(transport_moves(state, unit))
    found.extend(_overrun_moves(state, unit, held))
    if may_go_inside(state, unit):  # from on top of its IP, at no cost [12.4]
        found.append(Move(unit, (INTO_IP,)))
    return found


def has_moves(state: Panzer44State, unit: str, occupied: dict[Hex, set[str]]) -> bool:
    """Whether :func:`moves_of` lists any move for the unit: the same tests, in its order,
    stopping at the first move found (the sequence asks this after every move [7.0])."""
    if unit in state.panic.determined.panicked:
        return True
    if unit in state.board.carried_by:
        return False
    if is_inside(state, unit):
        return state.game.specs[unit].movement_allowance >= 1
    held = _held(state, unit, occupied)
    if any(h not in held for h, _ in _candidates(state, unit)):
        return True
    if state.game.specs[unit].carrier and transport_moves(state, unit):
        return True
    return bool(_overrun_moves(state, unit, held)) or may_go_inside(state, unit)


def _held(state: Panzer44State, unit: str, occupied: dict[Hex, set[str]]) -> set[Hex]:
    """The hexes other units hold, where ``unit`` may not end its move [8.0]; an IP's
    infantry and anti-tank gun may stack [8.1], [12.3]. Why not test each occupied hex: only
    the hexes of the unit and its passengers can hold none but them, and only IP hexes let
    units stack."""
    mine = {unit, *passengers(state, unit)}
    held = set(occupied)
    hexes = state.board.hexes
    for u in mine:
        h = hexes.get(u)
        if h is not None and h in held and occupied[h] <= mine:
            held.discard(h)
    for h in state.forts.ips:
        if h in held and may_stack(state, unit, h):
            held.discard(h)
    return held


def _overrun_moves(state: Panzer44State, unit: str, held: set[Hex]) -> tuple[Move, ...]:
    """The unit's overruns [13.0], worked out once a segment (until an overrun changes
    the map), those whose approach or exit hex other units now hold left out [13.24]."""
    found = state.worked.overruns.get(unit)
    if found is None:
        found = state.worked.overruns[unit] = tuple(overrun_moves(state, unit))
    if not found:
        return found
    resolve = state.game.hex_at

    def free(move: Move) -> bool:  # the hexes before and after the overrun hex [13.24]
        i = move.path.index(OVERRUN)
        approach = [move.path[i - 1]] if i else []
        return all(resolve(n) not in held for n in [*approach, move.path[-1]])

    return tuple(m for m in found if free(m))


def _candidates(state: Panzer44State, unit: str) -> tuple[tuple[Hex, Move], ...]:
    """Every destination with its move, vacant or not, worked out once a segment: enemy
    units stand still while a side moves, so what the unit can reach does not change."""
    found = state.worked.reach.get(unit)
    if found is not None:
        return found
    if waiting(state, unit):  # entry costs change as the queue enters [18.62]
        return _entries(state, unit)
    where = reach(state, unit)
    name = state.game.name
    previous = where.previous
    paths: dict[Hex, tuple[str, ...]] = {where.start: ()}

    def path(h: Hex) -> tuple[str, ...]:  # where.path(h) by name, sharing the prefixes
        known = paths.get(h)
        if known is None:
            chain = [h]
            while (p := previous[chain[-1]]) not in paths:
                chain.append(p)
            known = paths[p]
            for step in reversed(chain):
                known = paths[step] = (*known, name(step))
        return known

    moves = [(h, Move(unit, path(h))) for h in sorted(where.costs, key=name) if h != where.start]
    back = _round_trip(state, unit, where.start)
    if back is not None:
        moves.append((where.start, Move(unit, (name(back), name(where.start)))))
    moves.extend(_exits(state, unit, where.costs, path))
    state.worked.reach[unit] = tuple(moves)
    return state.worked.reach[unit]


def _exits(
    state: Panzer44State,
    unit: str,
    costs: Mapping[Hex, float],
    path: Callable[[Hex], tuple[str, ...]],
) -> list[tuple[Hex, Move]]:
    """A move off the map from each exit hex the unit can reach and still pay to leave
    [7.23], [18.5] (keyed by :data:`OFF_MAP`: the destination is never occupied)."""
    spec = state.game.specs[unit]
    found = []
    for h in sorted(exit_hexes(state, spec.side) & costs.keys(), key=state.game.name):
        cost = exit_cost(state, unit, h)
        leave = cost.cost if cost is not None else None
        if leave is not None and costs[h] + leave <= spec.movement_allowance:
            found.append((OFF_MAP, Move(unit, (*path(h), OFF))))
    return found


def _entries(state: Panzer44State, unit: str) -> tuple[tuple[Hex, Move], ...]:
    """Every destination of a unit entering the map, by a cheapest path [18.6]."""
    where = reach(state, unit)
    name = state.game.name
    return tuple(
        (h, Move(unit, tuple(name(s) for s in where.path(h))))
        for h in sorted((h for h in where.costs if h != where.start), key=name)
    )


def occupancy(state: Panzer44State) -> dict[Hex, set[str]]:
    """The units in each occupied hex."""
    found: dict[Hex, set[str]] = {}
    for u, h in state.board.hexes.items():
        found.setdefault(h, set()).add(u)
    return found


def _round_trip(state: Panzer44State, unit: str, start: Hex) -> Hex | None:
    """The neighbour of the cheapest affordable step out and back, if any."""
    allowance = state.game.specs[unit].movement_allowance
    best: tuple[float, Hex] | None = None
    cost = stepper(state, unit)
    for n in start.neighbors():
        out = cost(start, n)
        back = cost(n, start)
        if out is None or back is None or out.cost is None or back.cost is None:
            continue
        total = out.cost + back.cost
        if total <= allowance and (best is None or (total, n) < best):
            best = (total, n)
    return best[1] if best else None
