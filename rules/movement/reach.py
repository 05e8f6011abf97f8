"""Reachable hexes within a movement allowance: Dijkstra over hexes, costs on the steps.

Terrain comes in as a function (hexutil's ``reachable(start, mp, cost)``, STYLE point 6), so
the same search serves every system: ``step_cost(from_hex, to_hex)`` is the cost of entering
``to_hex`` from the adjacent ``from_hex``, or None when that step is not allowed; or, faster
when the costs are tabled, ``edges(h)`` lists the allowed steps out of ``h`` with their costs.
A step may be taken only when the points left pay for it in full (Panzer '44 [10.11]: "no
unit may enter a hex if it lacks the Movement Points to pay both the cost of crossing the
entry hexside and the hex itself").
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from model.hexes import Hex

StepCost = Callable[[Hex, Hex], float | None]
Edges = Callable[[Hex], Iterable[tuple[Hex, float]]]


@dataclass(frozen=True)
class Reach:
    """The cheapest cost to every reachable hex and the step that gets there.

    Attributes:
        start: where the unit stands.
        costs: the cheapest cost of each reachable hex, the start included at 0.
        previous: for each reachable hex but the start, the hex it is entered from.
    """

    start: Hex
    costs: Mapping[Hex, float]
    previous: Mapping[Hex, Hex]

    def path(self, to: Hex) -> tuple[Hex, ...]:
        """The hexes entered on a cheapest path from the start to ``to`` (the start left out).

        Raises:
            KeyError: ``to`` is not reachable.
        """
        if to not in self.costs:
            raise KeyError(f"{to} is not reachable")
        found: list[Hex] = []
        h = to
        while h != self.start:
            found.append(h)
            h = self.previous[h]
        return tuple(reversed(found))


def reachable(
    start: Hex,
    allowance: float,
    step_cost: StepCost | None = None,
    edges: Edges | None = None,
) -> Reach:
    """Every hex reachable from ``start`` spending at most ``allowance``; give ``step_cost``
    or ``edges``.

    Why deterministic: ties are broken by the hex's coordinates (the heap orders by cost, then
    hex), so the same map and unit always give the same paths, which replays need.
    """
    if edges is None:
        if step_cost is None:
            raise TypeError("give step_cost or edges")
        edges = _edges_of(step_cost)
    costs: dict[Hex, float] = {start: 0.0}
    previous: dict[Hex, Hex] = {}
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    done: set[Hex] = set()
    while frontier:
        spent, h = heapq.heappop(frontier)
        if h in done:
            continue
        done.add(h)
        for n, cost in edges(h):
            total = spent + cost
            if total <= allowance and total < costs.get(n, float("inf")):
                costs[n] = total
                previous[n] = h
                heapq.heappush(frontier, (total, n))
    return Reach(start, costs, previous)


def _edges_of(step_cost: StepCost) -> Edges:
    def edges(h: Hex) -> Iterable[tuple[Hex, float]]:
        for n in h.neighbors():
            cost = step_cost(h, n)
            if cost is not None:
                yield n, cost

    return edges
