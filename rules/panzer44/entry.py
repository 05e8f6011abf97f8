"""Panzer '44 entry onto the map: forces that enter on Game-Turn One and reinforcements [18.6].

A force that "enters the map" waits off the map next to its entry hexes [18.4]; from its
Game-Turn on it is plotted MV like any unit and enters in the Movement Phase [18.61]-[18.66]:

- The first hex a unit enters is one of its entry hexes. A unit entering pays for the entry hex
  plus every hypothetical hex ahead of it in the queue through that hex this Game-Turn [18.62]:
  along a road the road rate for each (the lead unit ½ MP, the second 1, the third 1½), else
  clear terrain for each. The entry hex is priced as entered from off the map across the map
  edge, or from outside the play area; a road hex on the edge is entered along the
  hypothetical road that stretches off the map away from it [18.61], at the road rate.
- In column [18.61], [18.63] the units enter in the order the scenario lists them (standing in
  for the column the owner composes): a unit may not enter before every unit ahead of it in its
  column has, so a unit ahead that is not plotted to move holds up the units behind it. In free
  formation [18.66] any entry hex will do, in any order; units sharing a hex still pay as a
  column.
- Units that do not enter wait for a later Game-Turn in the same order [18.64]; a passenger
  enters with its carrier [18.67]. An entry hex held by an enemy unit is not used: the unit
  enters at the nearest hexes that are not [18.68].

Reinforcements whose arrival depends on a condition the engine does not evaluate stay off the
map, and an event says so.

Exits [7.23]: units may leave the map only where the scenario says: through the regions of its
side's exit victory conditions and its ``exit-allowed`` special rules (from their Game-Turn).
A move that exits ends with ``off`` (``move us.M4.1 6110 off``); leaving costs the hypothetical
hex beyond the edge, whose terrain is the exit hex's [18.5], priced as the exit hex entered
across that edge. An exited unit, and what it carries, never returns [7.23].
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from model.regions import Region
from model.systems import GameSystem
from model.victory import AllConditions, AnyCondition, Condition, Exit, ExitAllowed
from rules.movement.costs import MoveCost, terrain_effect
from rules.panzer44.costs import Panzer44Movement
from rules.panzer44.roads import wreck_hexes

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

#: The hex an entering unit's search starts from: off every map (the queue beyond the edge).
OFF_MAP = Hex(-10_000, -10_000)


@dataclass(frozen=True)
class Arrival:
    """When and where one unit enters the map.

    Attributes:
        unit: the game id.
        side: the owning side.
        turn: the first Game-Turn it may enter.
        hexes: its entry hexes, in printed-ID order.
        column: in column [18.61] (else free formation [18.66]).
        group: its force or reinforcement, numbered per side; ``order`` is its place there.
    """

    unit: str
    side: str
    turn: int
    hexes: tuple[Hex, ...]
    column: bool
    group: int
    order: int


@dataclass(frozen=True)
class EntryCost:
    """What entering the map at ``hex`` costs a unit now: the hex, then the queue ahead."""

    hex: Hex
    cost: float
    queue: int  # units of its side that entered through the hex this Game-Turn
    road: bool
    placeholder: bool
    why: str


#: The word that ends the path of a move leaving the map [7.23].
OFF = "off"


def waiting(state: Panzer44State, unit: str) -> bool:
    """Whether ``unit`` is off the map waiting to enter (not a passenger, not destroyed, not
    exited)."""
    return (
        unit in state.game.arrivals
        and unit not in state.board.hexes
        and unit not in state.board.carried_by
        and unit not in state.entry.exited
        and unit not in state.losses.destroyed
    )


def why_not_enter(state: Panzer44State, unit: str) -> str | None:
    """Why a waiting unit may not be plotted to enter now, or None [18.4], [18.64]."""
    arrival = state.game.arrivals[unit]
    if state.play.turn < arrival.turn:
        return f"it enters on Game-Turn {arrival.turn} [18.6]"
    return None


def ahead_in_column(state: Panzer44State, unit: str) -> list[str]:
    """The units of its column that must enter before ``unit`` [18.63] (none in free
    formation)."""
    arrival = state.game.arrivals[unit]
    if not arrival.column:
        return []
    return [
        a.unit
        for a in state.game.arrivals.values()
        if a.side == arrival.side
        and a.group == arrival.group
        and a.order < arrival.order
        and waiting(state, a.unit)
    ]


def entry_hexes(state: Panzer44State, unit: str) -> list[Hex]:
    """The hexes ``unit`` may enter through now: its entry hexes not held by an enemy unit,
    else the nearest hexes on the map that are not [18.68]."""
    game = state.game
    side = game.specs[unit].side
    enemy = {h for u, h in state.board.hexes.items() if game.specs[u].side != side}
    listed = game.arrivals[unit].hexes
    free = [h for h in listed if h not in enemy]
    if free or not listed:
        return free
    area = game.play_area if game.play_area is not None else frozenset(game.terrain.amap.hexes)
    for ring in range(1, 6):
        near = {
            h
            for e in listed
            for h in area
            if h.distance(e) == ring and h not in enemy and h in game.terrain
        }
        if near:
            return sorted(near, key=game.name)
    return []


def _outside(state: Panzer44State, h: Hex) -> list[Hex]:
    """The neighbours of an edge hex beyond the edge: off the map or the play area."""
    return outside(state.game.terrain, state.game.play_area, h)


def outside(on_map: Container[Hex], area: frozenset[Hex] | None, h: Hex) -> list[Hex]:
    """The neighbours of ``h`` off the map or outside the play area (none: not an edge hex)."""
    return [n for n in h.neighbors() if n not in on_map or (area is not None and n not in area)]


def edge_cost(state: Panzer44State, unit: str, h: Hex) -> MoveCost | None:
    """The cheapest way for ``unit`` into the edge hex ``h`` from beyond the edge (off the map
    or the play area), or None when it may not enter it so."""
    game = state.game
    cls = game.specs[unit].movement_class
    best: MoveCost | None = None
    for n in _outside(state, h) or [None]:  # type: ignore[list-item]
        found = game.movement.cost(cls, h, n)
        if found.prohibited or found.cost is None:
            continue
        if best is None or found.cost < (best.cost or 0.0):
            best = found
    return best


def road_entry_cost(state: Panzer44State, unit: str, h: Hex) -> MoveCost | None:
    """Entering the road hex ``h`` along the hypothetical road that stretches off the map
    away from it [18.61]: priced as entering ``h`` along its road from the map (the road rate,
    all other terrain ignored [10.14]); None when ``h`` is not a road hex or a wreck there
    negates the road [10.4]."""
    game = state.game
    cls = game.specs[unit].movement_class
    if h in wreck_hexes(state):
        return None  # a wreck in a road hex negates the road benefit [10.4]
    for n in h.neighbors():
        if n not in game.terrain or "road" not in game.terrain.routes(Hexside.between(h, n)):
            continue
        found = game.movement.cost(cls, h, n)
        if found.cost is not None and any(p.what == "along road" for p in found.parts):
            return found
    return None


def entry_cost(state: Panzer44State, unit: str, h: Hex) -> EntryCost | None:
    """What entering through ``h`` costs ``unit`` now, or None when it may not [18.62]."""
    spec = state.game.specs[unit]
    cls = spec.movement_class
    best = edge_cost(state, unit, h)
    if best is None or best.cost is None:
        return None
    by_road = road_entry_cost(state, unit, h)
    if by_road is not None and by_road.cost is not None and by_road.cost < best.cost:
        best = by_road
    assert best.cost is not None
    queue = state.entry.entered.get((spec.side, h), 0)
    road = any(p.what == "along road" for p in best.parts)
    if road:
        ahead, placeholder = best.cost * queue, best.placeholder
        what = f"road: {best.cost:g} MP for each of {queue} hypothetical road hexes ahead"
    else:
        key = next(c.key for c in Panzer44Movement.classes if c.id == cls)
        clear = terrain_effect(GameSystem.PANZER44, "clear", key)
        per = float(str(clear.value)) if clear is not None else 1.0
        placeholder = best.placeholder or (clear is not None and clear.placeholder is not None)
        ahead = per * queue
        what = f"{queue} hypothetical clear hexes ahead at {per:g} MP"
    total = best.cost + ahead
    why = f"entry hex {best.cost:g} MP" + (f" + {what}" if queue else "") + " [18.62]"
    return EntryCost(h, total, queue, road, placeholder, why)


def entry_steps(state: Panzer44State, unit: str) -> list[tuple[Hex, float]]:
    """The first steps of an entering unit's search from :data:`OFF_MAP`: each usable entry
    hex with its cost, within the unit's Movement Allowance."""
    if why_not_enter(state, unit) is not None or ahead_in_column(state, unit):
        return []
    allowance = state.game.specs[unit].movement_allowance
    steps = []
    for h in entry_hexes(state, unit):
        found = entry_cost(state, unit, h)
        if found is not None and found.cost <= allowance:
            steps.append((h, found.cost))
    return steps


# --- exits [7.23] ------------------------------------------------------------------------------


def exit_regions(
    conditions: Sequence[Condition], rules: Sequence[object], side: str
) -> list[tuple[Region, int]]:
    """The regions ``side`` may exit through, each with its first Game-Turn."""
    found: list[tuple[Region, int]] = []

    def visit(cond: Condition) -> None:
        if isinstance(cond, Exit) and cond.side == side:
            found.append((cond.region, 1))
        elif isinstance(cond, AllConditions | AnyCondition):
            for sub in cond.conditions:
                visit(sub)

    for cond in conditions:
        visit(cond)
    for rule in rules:
        if isinstance(rule, ExitAllowed) and rule.side == side:
            found.append((rule.region, rule.from_turn or 1))
    return found


def exit_hexes(state: Panzer44State, side: str) -> frozenset[Hex]:
    """The edge hexes ``side`` may leave the map from this Game-Turn [7.23]."""
    return frozenset(
        h
        for hexes, turn in state.game.exits.get(side, ())
        if state.play.turn >= turn
        for h in hexes
    )


def exit_cost(state: Panzer44State, unit: str, h: Hex) -> MoveCost | None:
    """What leaving the map from ``h`` costs ``unit``: the hypothetical hex beyond, of the exit
    hex's terrain [18.5]; None when it may not leave from there."""
    if h not in exit_hexes(state, state.game.specs[unit].side):
        return None
    return edge_cost(state, unit, h)
