"""Panzer '44 movement: costs per step, reachable hexes, and the check of a plotted move.

A unit pays for each hex it enters the hexside's cost plus the hex's [10.11] (along a road
only the road's 1/2 [10.14]), read from :class:`rules.movement.costs.Movement` for its movement
class [10.13]; it may not spend more than its Movement Allowance [7.13], nor enter an enemy
unit's hex [7.21], an impassable hex or hexside [7.21], or a hex off the map or outside the
scenario's play area [7.23]. Friendly units are passed through freely [7.22], [8.31].

Stacking [8.0] is checked where the move ends (:func:`may_stack`: one unit per hex, but one
infantry unit and one anti-tank gun unit in an Improved Position hex [8.1], [12.3]). The book
checks it only at the end of the Movement Phase [8.31], so a unit could end in a friendly hex
that another unit leaves later in the phase; this engine is stricter and refuses a move that
ends in an occupied hex (a unit that has moved cannot move again to mend the stack).

A wreck takes the road rate away into and out of its hex [10.4] (:mod:`rules.panzer44.roads`).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.errors import IllegalActionError
from rules.movement.costs import MoveCost, Movement
from rules.movement.reach import Reach
from rules.panzer44.entry import OFF_MAP, ahead_in_column, entry_cost, entry_steps, waiting
from rules.panzer44.roads import wreck_cost, wreck_hexes
from rules.panzer44.scenario_rules import banned_hexes, why_banned

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State


class MoveCosts:
    """The costs of single steps, worked out once per game (the map does not change)."""

    def __init__(self, movement: Movement) -> None:
        self.movement = movement
        self._cache: dict[tuple[str, Hex, Hex], MoveCost] = {}
        self._edges: dict[tuple[str, Hex], tuple[tuple[Hex, float], ...]] = {}
        self._within: dict[tuple[str, Hex], tuple[tuple[Hex, float], ...]] = {}
        self._area: frozenset[Hex] | None = None

    def step(self, movement_class: str, from_hex: Hex, to_hex: Hex) -> MoveCost:
        """What entering ``to_hex`` from the adjacent ``from_hex`` costs the class."""
        key = (movement_class, from_hex, to_hex)
        found = self._cache.get(key)
        if found is None:
            found = self.movement.cost(movement_class, to_hex, from_hex)
            self._cache[key] = found
        return found

    def edges(self, movement_class: str, h: Hex) -> tuple[tuple[Hex, float], ...]:
        """The steps out of ``h`` the class may take, on the map, with their costs."""
        key = (movement_class, h)
        found = self._edges.get(key)
        if found is None:
            terrain = self.movement.terrain
            steps = []
            for n in h.neighbors():
                if n in terrain:
                    cost = self.step(movement_class, h, n)
                    if not cost.prohibited and cost.cost is not None:
                        steps.append((n, cost.cost))
            found = self._edges[key] = tuple(steps)
        return found

    def within(
        self, movement_class: str, h: Hex, area: frozenset[Hex] | None
    ) -> tuple[tuple[Hex, float], ...]:
        """:meth:`edges` into ``area`` only (all of them when None). Kept for one area, the
        scenario's play area (fixed for the game); another area starts the table afresh."""
        if area is not self._area:
            self._within, self._area = {}, area
        key = (movement_class, h)
        found = self._within.get(key)
        if found is None:
            steps = self.edges(movement_class, h)
            if area is not None:
                steps = tuple((n, c) for n, c in steps if n in area)
            found = self._within[key] = steps
        return found


@dataclass(frozen=True)
class Step:
    """One hex entered on a move: its cost, the total so far, and whether a placeholder value
    of the data library decided the cost."""

    hex: Hex
    cost: float
    spent: float
    placeholder: bool


def _blocked(state: Panzer44State, unit: str) -> tuple[set[Hex], frozenset[Hex] | None]:
    """The hexes the unit may not enter, enemy units' [7.21] and those the scenario bans to
    its side this Game-Turn (20.4), and the scenario's play area."""
    side = state.game.specs[unit].side
    enemy = {h for u, h in state.board.hexes.items() if state.game.specs[u].side != side}
    banned = banned_hexes(state, side)
    return (enemy | banned if banned else enemy), state.game.play_area


def step_cost(state: Panzer44State, unit: str, from_hex: Hex, to_hex: Hex) -> MoveCost | None:
    """The cost of one step of the unit, or None when it may not take it."""
    return stepper(state, unit)(from_hex, to_hex)


def stepper(state: Panzer44State, unit: str) -> Callable[[Hex, Hex], MoveCost | None]:
    """:func:`step_cost` for the unit as the board stands now, for many steps: the hexes it
    may not enter and the wrecks are gathered once, not at every step."""
    game = state.game
    spec = game.specs[unit]
    enemy, play_area = _blocked(state, unit)
    wrecks = wreck_hexes(state)

    def cost_of(from_hex: Hex, to_hex: Hex) -> MoveCost | None:
        if spec.movement_class == "none" or to_hex not in game.terrain:
            return None
        if to_hex in enemy or (play_area is not None and to_hex not in play_area):
            return None
        cost: MoveCost | None = game.costs.step(spec.movement_class, from_hex, to_hex)
        if cost is not None and wrecks:
            cost = wreck_cost(state, unit, from_hex, to_hex, cost, wrecks)  # [10.4]
        if cost is None or cost.prohibited or cost.cost is None:
            return None
        return cost

    return cost_of


def reach(state: Panzer44State, unit: str) -> Reach:
    """Every hex the unit can reach this Movement Phase, with the cheapest cost (Dijkstra)."""
    game = state.game
    spec = game.specs[unit]
    entering = waiting(state, unit)
    start = OFF_MAP if entering else state.board.hexes[unit]
    if spec.movement_class == "none":
        return Reach(start, {start: 0.0}, {})
    enemy, play_area = _blocked(state, unit)
    costs = game.costs
    movement_class = spec.movement_class
    first = entry_steps(state, unit) if entering else []
    banned = banned_hexes(state, spec.side)
    if banned:  # 20.4
        first = [(h, c) for h, c in first if h not in banned]
    wrecks = wreck_hexes(state)
    near = wrecks.union(*(w.neighbors() for w in wrecks))  # a wreck's hex and those beside it
    # rules.movement.reach.reachable's search (the same order, ties broken by the hex), with
    # the steps out of each hex read here rather than through a function returning a list:
    # the legal moves of a movement segment spend much of their time in it.
    allowance = spec.movement_allowance
    within = costs.within
    found: dict[Hex, float] = {start: 0.0}
    previous: dict[Hex, Hex] = {}
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    done: set[Hex] = set()
    inf = float("inf")
    while frontier:
        spent, h = heapq.heappop(frontier)
        if h in done:
            continue
        done.add(h)
        steps: Iterable[tuple[Hex, float]]
        blocked: AbstractSet[Hex]
        if h == OFF_MAP:  # from the queue beyond the map's edge [18.62]
            steps, blocked = first, frozenset()
        else:
            steps, blocked = within(movement_class, h, play_area), enemy
            if h in near and (h in wrecks or any(n in wrecks for n, _ in steps)):
                steps = _wrecked(state, unit, h, steps, enemy, wrecks)
        for n, cost in steps:
            if n in blocked:
                continue
            total = spent + cost
            if total <= allowance and total < found.get(n, inf):
                found[n] = total
                previous[n] = h
                heapq.heappush(frontier, (total, n))
    return Reach(start, found, previous)


def _wrecked(
    state: Panzer44State,
    unit: str,
    h: Hex,
    steps: Iterable[tuple[Hex, float]],
    enemy: set[Hex],
    wrecks: frozenset[Hex],
) -> list[tuple[Hex, float]]:
    """The steps out of ``h`` with the road rate a wreck negates taken away [10.4]."""
    cls = state.game.specs[unit].movement_class
    found = []
    for n, c in steps:
        if n in enemy:
            continue
        if h in wrecks or n in wrecks:
            cost = wreck_cost(state, unit, h, n, state.game.costs.step(cls, h, n), wrecks)
            if cost is None or cost.cost is None:
                continue
            c = cost.cost
        found.append((n, c))
    return found


def reachable_hexes(state: Panzer44State, unit: str) -> dict[Hex, float]:
    """Each hex the unit can reach with its cheapest cost; the hex it stands in left out;
    none for a unit neither on the map nor waiting to enter (a passenger, an air strike,
    one destroyed or exited)."""
    if unit not in state.board.hexes and not waiting(state, unit):
        return {}
    found = reach(state, unit)
    return {h: c for h, c in found.costs.items() if h != found.start}


def check_path(
    state: Panzer44State, unit: str, path: tuple[Hex, ...], ends_here: bool = True
) -> list[Step]:
    """The steps of a move along ``path`` (the hexes entered), checked against [7.1]-[7.2],
    [8.0] and [10.1].

    Raises:
        IllegalActionError: the move breaks a rule; the message says which.
    """
    spec = state.game.specs[unit]
    name = state.game.amap.name
    if not path:
        raise IllegalActionError(f"{unit}: a unit plotted to move enters one hex at least [7.12]")
    steps: list[Step] = []
    if waiting(state, unit):
        _check_banned(state, unit, path[0])
        entry = _entry_step(state, unit, path[0])
        steps.append(entry)
        here, spent, path = entry.hex, entry.spent, path[1:]
    else:
        here, spent = state.board.hexes[unit], 0.0
    step = stepper(state, unit)
    for h in path:
        if h.distance(here) != 1:
            raise IllegalActionError(f"{unit}: {name(h)} is not adjacent to {name(here)} [7.0]")
        cost = step(here, h)
        if cost is None or cost.cost is None:
            raise IllegalActionError(
                f"{unit}: may not enter {name(h)} ({_why_not(state, unit, h)})"
            )
        spent += cost.cost
        if spent > spec.movement_allowance:
            raise IllegalActionError(
                f"{unit}: entering {name(h)} would spend {spent:g} MP of "
                f"{spec.movement_allowance} [7.13], [10.11]"
            )
        steps.append(Step(h, cost.cost, spent, cost.placeholder))
        here = h
    others = occupants(state, here) - {unit, *passengers(state, unit)}
    if ends_here and not may_stack(state, unit, here):  # one leaving the map [7.23] does not
        raise IllegalActionError(
            f"{unit}: may not end its move in {name(here)}, held by {', '.join(sorted(others))}:"
            " one unit per hex [8.0] (checked where each move ends)"
        )
    return steps


def _check_banned(state: Panzer44State, unit: str, h: Hex) -> None:
    """Refuse a unit entering the map into a hex the scenario bans to its side (20.4)."""
    why = why_banned(state, state.game.specs[unit].side, h)
    if why is not None:
        raise IllegalActionError(f"{unit}: may not enter {state.game.amap.name(h)} ({why})")


def _entry_step(state: Panzer44State, unit: str, h: Hex) -> Step:
    """The first step of a unit entering the map at ``h`` [18.6]."""
    name = state.game.amap.name
    ahead = ahead_in_column(state, unit)
    if ahead:
        raise IllegalActionError(
            f"{unit}: enters after {', '.join(ahead)}, ahead of it in its column [18.63]"
        )
    usable = dict(entry_steps(state, unit))
    if h not in usable:
        where = ", ".join(name(e) for e in usable) or "none this Game-Turn"
        raise IllegalActionError(
            f"{unit}: may not enter the map at {name(h)} (its entry hexes: {where}) [18.6]"
        )
    found = entry_cost(state, unit, h)
    assert found is not None  # entry_steps lists only hexes with a cost
    return Step(h, found.cost, found.cost, found.placeholder)


def _why_not(state: Panzer44State, unit: str, h: Hex) -> str:
    game = state.game
    if game.specs[unit].movement_class == "none":
        return "it has no Movement Allowance: it moves only when carried [9.0]"
    if h not in game.terrain:
        return "off the map [7.23]"
    if game.play_area is not None and h not in game.play_area:
        return "outside the scenario's play area"
    banned = why_banned(state, game.specs[unit].side, h)
    if banned is not None:
        return banned
    enemy, _ = _blocked(state, unit)
    if h in enemy:
        return "an enemy unit is there [7.21]"
    return "impassable terrain [7.21]"


def occupants(state: Panzer44State, h: Hex) -> set[str]:
    return {u for u, where in state.board.hexes.items() if where == h}


def may_stack(state: Panzer44State, unit: str, h: Hex) -> bool:
    """Whether ``unit`` (with what it carries) may end its move in ``h`` [8.0]: no other unit
    there, or an Improved Position hex its side may use where it makes the one infantry unit
    and one anti-tank gun unit the book lets stack [8.1], [12.3] (inside or on top)."""
    riders = {p for p, c in state.board.carried_by.items() if c == unit}
    carrier = state.board.carried_by.get(unit)
    others = {u for u, w in state.board.hexes.items() if w == h} - riders - {unit, carrier}
    if not others:
        return True
    if len(others) != 1 or riders or carrier is not None or h not in state.forts.ips:
        return False
    other = next(iter(others))
    specs = state.game.specs
    a, b = specs[unit], specs[other]
    if (
        a.side != b.side
        or other in state.board.carried_by
        or other in state.board.carried_by.values()
    ):
        return False
    if not (state.game.fortified.persist or state.forts.ips[h] == a.side):
        return False  # never garrisoned by the enemy [12.22]
    return a.stacks_in_ip_with(b)


def passengers(state: Panzer44State, carrier: str) -> list[str]:
    return sorted(p for p, c in state.board.carried_by.items() if c == carrier)


#: Words a move's path may hold besides hex names (``off`` is :data:`rules.panzer44.entry.OFF`):
#: ``scatter`` alone is a panicked unit's Panic Movement [14.11]; ``mount`` and ``dismount``
#: precede the hex the carrier is placed in [9.0]; ``overrun`` precedes the hex overrun [13.0];
#: ``out-of-ip`` alone climbs out of an Improved Position, ``into-ip`` alone goes back inside
#: from on top [12.4].
SCATTER, MOUNT, DISMOUNT, OVERRUN = "scatter", "mount", "dismount", "overrun"
OUT_OF_IP, INTO_IP = "out-of-ip", "into-ip"
MARKERS = frozenset({SCATTER, MOUNT, DISMOUNT, OVERRUN, OUT_OF_IP, INTO_IP})


def plain(path: tuple[str, ...]) -> bool:
    """Whether a move's path is hexes only (perhaps ending ``off``): no marker of
    :data:`MARKERS`."""
    return not MARKERS.intersection(path)


def place(state: Panzer44State, unit: str, h: Hex) -> None:
    """Put the unit and what it carries in ``h``; it is no longer spotted for having fired
    from its old hex [11.14]."""
    state.board.hexes[unit] = h
    state.fire.spotted.pop(unit, None)
    for p in passengers(state, unit):
        state.board.hexes[p] = h
