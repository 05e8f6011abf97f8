"""Whether the units meant to take an objective can reach it in time, by movement cost alone.

An estimate, not a game: the cheapest path over the book's movement costs (enemy units, fire,
stacking and the turn's other actions ignored), from the nearest hex a unit of the side may
start on or enter by, at its full movement allowance every turn. A finding is a warning.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from model.catalog import UnitType
from model.hexes import Hex
from model.scenario import EntryPlacement, ForceEntry, Side
from model.victory import Control, UnitsIn
from rules.checks.base import CheckContext, Finding, check, walk
from rules.checks.forces import movement_allowance, movement_class
from rules.forces.units import PathKey


@dataclass(frozen=True)
class _Start:
    """Units of one entry that may start (or enter) on ``hexes`` on turn ``turn``."""

    unit: UnitType
    code: str
    hexes: frozenset[Hex]
    turn: int
    where: str


#: The objectives a file's reach check searches for (the built-in scenarios' most is 9): each
#: is a search of the map, and 5,000 control conditions took 6 s to validate.
MAX_OBJECTIVES = 100


@check("objective-reach")
def objective_reach(ctx: CheckContext) -> Iterator[Finding]:
    """For control and units-in victory conditions, some unit of the side that must take the
    objective can reach it within the game length at its movement allowance (the first
    :data:`MAX_OBJECTIVES`; an information finding says how many more were not checked)."""
    span = ctx.game_turns
    if span is None:
        return
    objectives = list(_objectives(ctx))
    if len(objectives) > MAX_OBJECTIVES:
        rest = len(objectives) - MAX_OBJECTIVES
        message = (
            f"the reach of this objective and the {rest - 1:,} after it is not checked: the "
            f"check searches the map for the first {MAX_OBJECTIVES} objectives of a file "
            "(Hexwright's limit, ten times a book scenario's)"
        )
        path = (*objectives[MAX_OBJECTIVES][0], "region")
        yield ctx.finding("info", "objective-reach", message, ctx.rules.citations.reach, path)
    for path, condition in objectives[:MAX_OBJECTIVES]:
        side = ctx.scenario.side(condition.side)
        starts = _starts(ctx, side, condition.units.types)
        if not starts:
            continue
        deadline = condition.by_turn or condition.turn or span[1]
        target = ctx.region(condition.region)
        if not target:
            continue
        best = _best(ctx, starts, target, deadline)
        if best is None:
            continue
        yield ctx.finding(
            "warning", "objective-reach", best, ctx.rules.citations.reach, (*path, "region")
        )


def _objectives(ctx: CheckContext) -> Iterator[tuple[PathKey, Control | UnitsIn]]:
    """Control and units-in conditions a side must achieve (not area denial), at the top of
    a victory section or inside an all-of."""
    for path, model in walk(ctx.scenario):
        if not isinstance(model, Control | UnitsIn):
            continue
        if isinstance(model, UnitsIn) and (model.enemy or model.compare in ("<", "<=")):
            continue
        parent = path[-2] if len(path) >= 2 else None
        if parent == "conditions" and _inside_any_of(ctx, path):
            continue
        yield path, model


def _inside_any_of(ctx: CheckContext, path: PathKey) -> bool:
    """Whether a condition is one alternative of an any-of (then it need not be reachable)."""
    node: object = ctx.scenario
    for part in path[:-1]:
        node = node[part] if isinstance(part, int) else getattr(node, part)  # type: ignore[index]
        if getattr(node, "kind", None) == "any-of":
            return True
    return False


def _starts(ctx: CheckContext, side: Side, types: Sequence[str]) -> list[_Start]:
    """Where and when the side's units (of ``types`` when given) start or enter."""
    span = ctx.game_turns
    assert span is not None
    unit_word = ctx.scenario.length.unit.replace("-", " ")
    places: list[tuple[ForceEntry, frozenset[Hex] | None, int, str]] = []
    for entry in side.forces:
        placement = entry.placement or side.setup
        if isinstance(placement, EntryPlacement):
            where = f"entry on {unit_word} {placement.turn}"
            places.append((entry, ctx.region(placement.region), placement.turn, where))
        elif placement is not None:
            places.append((entry, ctx.placement_hexes(placement), span[0], "set-up"))
    for r in side.reinforcements:
        if r.turn is not None:
            entry_hexes = ctx.region(r.entry)
            places += [(e, entry_hexes, r.turn, f"entry on {unit_word} {r.turn}") for e in r.units]
    found = []
    for entry, hexes, turn, where in places:
        unit = ctx.unit(entry.unit, side)
        if not hexes or unit is None or movement_allowance(ctx.system, unit) is None:
            continue
        if not types or entry.unit in types or unit.id in types:
            found.append(_Start(unit, entry.unit, hexes, turn, where))
    return found


def _best(
    ctx: CheckContext, starts: list[_Start], target: frozenset[Hex], deadline: int
) -> str | None:
    """None when some unit can make it; else what the nearest needs, in words."""
    by_class: dict[str, list[tuple[_Start, float, int]]] = {}
    for start in starts:
        cls = movement_class(ctx.system, start.unit)
        allowance = movement_allowance(ctx.system, start.unit)
        turns = deadline - start.turn + 1
        if cls is not None and allowance is not None and turns >= 1:
            by_class.setdefault(cls, []).append((start, allowance, turns))
    unit = ctx.scenario.length.unit.replace("-", " ")
    needs: list[tuple[float, str]] = []
    # The class likeliest to make it is searched first: one that does ends the check, and
    # a slow class that cannot (infantry beside the vehicles) is then never priced.
    middle = _middle(target)
    for cls, group in sorted(by_class.items(), key=lambda item: -_promise(item[1], middle)):
        costs = _search(ctx, cls, target, group)
        if costs is None:
            return None  # a unit of this class makes it
        for (start, allowance, turns), cost in zip(group, costs, strict=True):
            what = f"{start.code} ({start.where})"
            if cost == math.inf:
                needs.append((math.inf, f"{what}, cannot get there in {_n(turns, unit)}"))
            else:
                needed = math.ceil(cost / allowance)
                needs.append((needed - turns, f"{what}, needs {_n(needed, unit)}"))
    if not needs:
        return None
    return (
        f"no unit of this side can reach the objective by {unit} {deadline} on movement "
        f"costs alone; the nearest, {min(needs)[1]}"
    )


def _search(
    ctx: CheckContext, cls: str, target: frozenset[Hex], group: list[tuple[_Start, float, int]]
) -> list[float] | None:
    """A Dijkstra run backwards from the target over the costs of entering each hex from its
    neighbour. Stops with None as soon as a start is reached in time; else the cheapest cost
    from each start (infinite beyond the largest budget)."""
    budget = max(allowance * turns for _, allowance, turns in group)
    waiting: dict[Hex, list[int]] = {}
    for i, (start, _, _) in enumerate(group):
        for h in start.hexes:
            waiting.setdefault(h, []).append(i)
    if any(h in waiting for h in target):
        return None  # a unit starts on the objective (every start has a turn at least)
    if _probe(ctx, cls, target, group, waiting, budget):
        return None
    found = [math.inf] * len(group)
    unsettled = set(range(len(group)))
    best: dict[Hex, float] = dict.fromkeys(target, 0.0)
    queue = [(0.0, h.q, h.r, h) for h in target]
    heapq.heapify(queue)
    while queue and unsettled:  # a start settled first at its cheapest: the rest is moot
        dist, _, _, h = heapq.heappop(queue)
        if dist > best.get(h, math.inf):
            continue
        for i in waiting.pop(h, ()):
            found[i] = min(found[i], dist)
            unsettled.discard(i)
        for n, cost in ctx.entry_costs(cls, h):
            total = dist + cost
            if total <= budget and total < best.get(n, math.inf):
                if _in_time(group, waiting.get(n, ()), total):
                    return None  # the cheapest cost is no more than this
                best[n] = total
                heapq.heappush(queue, (total, n.q, n.r, n))
    return found


#: The least a hex costs to enter in any book (the road's 1/2; an Armor Data Card road cost
#: counts as 1/2 here too): the probe's estimate of what is left to pay, per hex.
_CHEAPEST_HEX = 0.5

#: How many hexes an aimed search may look at per hex between the target and its goal.
_PROBE_WIDTH = 20


def _probe(
    ctx: CheckContext,
    cls: str,
    target: frozenset[Hex],
    group: list[tuple[_Start, float, int]],
    waiting: dict[Hex, list[int]],
    budget: float,
) -> bool:
    """Whether a quick A* from the target towards the one start hex that looks easiest to
    bring in time finds a start reached in time on the way.

    Why: when some unit makes it (the usual case), a Dijkstra must still price every hex
    nearer than that unit; a search aimed at it prices few. Every path it finds is a real
    one, so True is certain; False says only that the full search must decide.
    """
    goal = _likeliest(target, group)
    queue = [(_CHEAPEST_HEX * h.distance(goal), 0.0, h.q, h.r, h) for h in target]
    heapq.heapify(queue)
    best: dict[Hex, float] = dict.fromkeys(target, 0.0)
    # A search that wanders far more widely than the way there is long is lost (the unit
    # will not make it): leave the rest to the full search. Aimed searches that succeed on
    # the built-in scenarios look at most 14 hexes per hex of distance.
    pops = _PROBE_WIDTH * min(goal.distance(h) for h in target) + _PROBE_WIDTH
    while queue and pops > 0:
        pops -= 1
        _, dist, _, _, h = heapq.heappop(queue)
        if dist > best.get(h, math.inf):
            continue
        if h == goal:
            return False
        for n, cost in ctx.entry_costs(cls, h):
            total = dist + cost
            if total <= budget and total < best.get(n, math.inf):
                if _in_time(group, waiting.get(n, ()), total):
                    return True
                best[n] = total
                heapq.heappush(
                    queue, (total + _CHEAPEST_HEX * n.distance(goal), total, n.q, n.r, n)
                )
    return False


def _middle(target: frozenset[Hex]) -> Hex:
    qs = [h.q for h in target]
    rs = [h.r for h in target]
    return Hex(round(sum(qs) / len(qs)), round(sum(rs) / len(rs)))


def _promise(group: list[tuple[_Start, float, int]], middle: Hex) -> float:
    """What the group's best unit may spend per hex between its start and the target's
    middle: an ordering of classes only (the searches decide)."""
    return max(
        allowance * turns / max(1, h.distance(middle))
        for start, allowance, turns in group
        for h in start.hexes
    )


def _likeliest(target: frozenset[Hex], group: list[tuple[_Start, float, int]]) -> Hex:
    """The start hex nearest the target for what its unit may spend (by hex distance to
    the target's middle), ties to the lowest coordinates."""
    middle = _middle(target)
    return min(
        (h.distance(middle) / (allowance * turns), h.q, h.r, h)
        for start, allowance, turns in group
        for h in start.hexes
    )[3]


def _in_time(group: list[tuple[_Start, float, int]], indices: Iterable[int], cost: float) -> bool:
    """Whether one of the starts ``indices`` reaches the target in its turns at ``cost``."""
    return any(math.ceil(cost / group[i][1]) <= group[i][2] for i in indices)


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
