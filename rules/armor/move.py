"""Armor movement: Speed Factors, Turn Costs, terrain and road costs [AG V.B; AG VII].

A vehicle turns within a hex paying its card's Turn Cost for the hexsides turned there (the
count starts over in each new hex [AG V.B.2.a]), enters hexes at the Vehicle Movement Costs
(:class:`rules.movement.costs.Movement`, Armor's ``vehicle`` class: terrain, Crest hexsides, the
card's Road and Track Movement Costs along a road or track), pays double in reverse [CS], may always
enter one new hex if it does nothing else [AG V.B.3], and may not spend over 2 SF with a Direct
Fire order [AG V.A.2.a]. A Pivot in Place costs 2 SF [AG V.C.6] (Leg units pivot free, pay 1 a
hex and turn free [ADV V.A.1]). Towed units never move alone [ADV V.B].

:func:`walk` plays an order step by step and says where it must stop; :func:`destinations`
lists, for the plot, the cheapest order reaching each hex and facing (Dijkstra over hexes and
facings, ties broken by the notation, so the list is the same every time).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.optional import boats
from rules.armor.orders import Order, notation
from rules.armor.units import ArmorUnit
from rules.movement.costs import Movement

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

PIVOT_COST = Fraction(2)  # [AG V.C.6]
FIRE_LIMIT = Fraction(2)  # [AG V.A.2.a]
#: Why a walk stops at a hex it may not enter.
PROHIBITED = "a prohibited hex [AG V.B.2.b(1)]"

#: The cost of entering ``to`` from ``frm`` (None: may not), for one unit.
EnterCost = Callable[[Hex, Hex], Fraction | None]


def enter_cost(
    movement: Movement, unit: ArmorUnit, frm: Hex, to: Hex, blocked: bool = False
) -> Fraction | None:
    """What entering ``to`` from the adjacent ``frm`` costs the unit, forward; None if it may
    not (prohibited terrain [AG V.B.2.b(1)], buildings for a card that forbids them [AG VII.E]).
    ``blocked``: a Wreck or an enemy unit stands on the road or track in ``to``, so the hex
    costs its other terrain [AG VII.C.4]."""
    if unit.leg:
        found = movement.cost("leg", to, frm)
        return None if found.prohibited else Fraction(1)
    if boats.is_boat(unit):  # River and dry ground [OP XXVI.A.2; B]
        return boats.enter_cost(movement, frm, to)
    if not unit.vehicle:
        return None
    found = movement.cost("vehicle", to, frm)
    if found.prohibited:
        return None
    if found.per_unit is not None and blocked:
        found = movement.cost("vehicle", to)  # the hex's own terrain, no road along
    if found.per_unit is not None:
        along = found.parts[0].what if found.parts else ""
        return unit.track_cost if "track" in along else unit.road_cost
    if found.cost is None:
        return None
    if unit.no_buildings and movement.terrain.terrain(to).endswith("building"):
        return None
    return Fraction(found.cost).limit_denominator(12)


def movement_key(unit: ArmorUnit) -> tuple[object, ...]:
    """All that :func:`enter_cost` reads of a unit: units with the same key pay the same to
    enter every hex (a Leg unit 1 [ADV V.A.1], a Boat by River and dry ground [OP XXVI], a
    Vehicle the Vehicle Movement Costs with its card's Road and Track Movement Costs and its
    Notes' ban on buildings [AG V.B; AG VII.E]; a Towed unit never moves alone [ADV V.B])."""
    if unit.leg:
        return ("leg",)
    if boats.is_boat(unit):
        return ("boat",)
    if not unit.vehicle:
        return ("none",)
    return ("vehicle", unit.road_cost, unit.track_cost, unit.no_buildings)


#: The most searches :class:`TerrainCost` keeps the answers of (first in, first out): enough
#: for a side's units listed by the plot and asked again by its bot in the same Turn; more
#: kept only cost memory (a game's searches rarely come back a Turn later).
SEARCHES_KEPT = 64


class TerrainCost:
    """:func:`enter_cost` of one kind of unit (:func:`movement_key`) on one terrain, each
    hexside worked out once: the map's own costs, with nothing of a game in progress in them
    (:meth:`rules.armor.game.ArmorState.cost_for` wraps it for those, and hands it out as it
    is when nothing in play changes a cost).

    Why an object and not a closure: the order searches that use it may share what depends on
    it alone (its costs in twelfths, :meth:`twelfths`, and whole searches,
    :meth:`searched`): it is a function of the terrain (a new terrain brings new objects,
    :meth:`rules.armor.game.ArmorGame.forget_terrain`)."""

    def __init__(self, movement: Movement, unit: ArmorUnit) -> None:
        self.movement, self.unit = movement, unit
        self.fractions: dict[tuple[Hex, Hex], Fraction | None] = {}
        self._twelfths: dict[Callable[[Hex], bool], Twelfths] = {}
        self._searches: dict[Hashable, list[Destination]] = {}

    def __call__(self, frm: Hex, to: Hex) -> Fraction | None:
        key = (frm, to)
        try:
            return self.fractions[key]
        except KeyError:
            found = self.fractions[key] = enter_cost(self.movement, self.unit, frm, to)
            return found

    def twelfths(self, on_map: Callable[[Hex], bool]) -> Twelfths:
        """The tables of entry costs in twelfths (None: may not enter, or off the map as
        ``on_map`` says) :class:`_Search` fills, shared by every search on these costs; one
        for each of a few map tests (a game asks with its own; a bound method equals
        another of the same game's)."""
        table = self._twelfths.get(on_map)
        if table is None:
            if len(self._twelfths) >= 4:
                self._twelfths.clear()
            table = self._twelfths[on_map] = Twelfths()
        return table

    def searched(self, key: Hashable) -> list[Destination] | None:
        """The answer of :func:`destinations` already found for ``key`` (the unit's movement,
        where it stands, the limit and the map test), else None."""
        return self._searches.get(key)

    def keep(self, key: Hashable, found: list[Destination]) -> None:
        if len(self._searches) >= SEARCHES_KEPT:
            del self._searches[next(iter(self._searches))]  # the oldest
        self._searches[key] = found


def fire_limit(unit: ArmorUnit) -> Fraction:
    """The most SF a unit with a Direct Fire order may spend: 2 for a Vehicle [AG V.A.2.a];
    a Leg unit pays 1 a hex [ADV V.A.1], and an Infantry unit may fire moving one hex, a
    Machinegun Team not at all [ADV V.A.3]."""
    if not unit.leg:
        return FIRE_LIMIT
    return Fraction(0) if unit.mg_team else Fraction(1)


def turn_cost(unit: ArmorUnit, hexsides: int) -> Fraction:
    """Turning ``hexsides`` (1-3) in one hex [AG V.B.2.a]; free for Leg units."""
    if hexsides <= 0 or not unit.vehicle:
        return Fraction(0)
    return unit.turn_costs[min(hexsides, 3) - 1]


@dataclass
class Walk:
    """An order played out: the hexes entered (with the facing and SF spent on entering each),
    the final facing, the SF spent, hexes moved, and why it stopped early (else None)."""

    start: Hex
    facing: int
    hexes: list[tuple[Hex, int, Fraction]] = field(default_factory=list)
    spent: Fraction = Fraction(0)
    other: Fraction = Fraction(0)  # SF spent on anything but entering the one hex
    pivot: bool = False
    stopped: str | None = None
    off_map: bool = False

    @property
    def hex(self) -> Hex:
        return self.hexes[-1][0] if self.hexes else self.start

    @property
    def moved(self) -> int:
        return len(self.hexes)

    def clone(self) -> Walk:
        """An independent copy (the disputed hexes cut its hexes [AG VII.D])."""
        return replace(self, hexes=list(self.hexes))

    def snapshot(self) -> dict[str, object]:
        """As plain data, for a fingerprint taken while a side decides in the middle of the
        Movement Execution Phase (an Opportunity Fire [AG VII.F])."""
        return {
            "start": [self.start.q, self.start.r],
            "facing": self.facing,
            "hexes": [[h.q, h.r, f, str(c)] for h, f, c in self.hexes],
            "spent": str(self.spent),
            "other": str(self.other),
            "pivot": self.pivot,
            "stopped": self.stopped,
            "off_map": self.off_map,
        }


def walk(
    unit: ArmorUnit,
    start: Hex,
    facing: int,
    steps: tuple[str, ...],
    cost: EnterCost,
    on_map: Callable[[Hex], bool],
    fires: bool = False,
    storey: int = 1,
    floors: Callable[[Hex], int] | None = None,
) -> Walk:
    """Play ``steps`` from ``start`` facing the compass direction ``facing``; stop at the first
    step that is not allowed [AG VII.C] (what is left is erased). ``storey``: the storey the
    unit starts in, ``floors``: the storeys of a hex's Building, for the Up and Down steps
    [ADV IV.B.2] (:mod:`rules.armor.storeys`)."""
    w = Walk(start, facing)
    here, turned = start, 0
    limit = fire_limit(unit) if fires else Fraction(unit.speed)
    for i, step in enumerate(steps):
        if step in "MW":  # Up and Down: the cost of one new hex [ADV IV.B.2.b]
            from rules.armor.storeys import stair_step

            storey, why = stair_step(unit, here, storey, step, floors)
            if why is not None:
                w.stopped = why
                return w
            if w.spent + 1 > limit:
                w.stopped = f"going {'Up' if step == 'M' else 'Down'} would exceed {limit} SF "
                w.stopped += "[ADV IV.B.2.b; AG VII.C.2]"
                return w
            w.spent += 1
            w.other += 1
        elif step in "LR":
            turned += 1
            if turned > 3:
                w.stopped = "more than three hexsides turned in one hex [AG V.B.2.a]"
                return w
            extra = turn_cost(unit, turned) - turn_cost(unit, turned - 1)
            if w.spent + extra > limit:
                w.stopped = f"the turn would exceed {limit} SF [AG VII.C.2]"
                return w
            w.spent += extra
            w.other += extra
            w.facing = (w.facing + (1 if step == "R" else -1)) % 6
        elif step == "V":
            extra = PIVOT_COST if unit.vehicle else Fraction(0)
            if w.spent + extra > limit:
                w.stopped = f"the Pivot in Place would exceed {limit} SF [AG VII.C.2]"
                return w
            w.spent += extra
            w.other += extra
            w.pivot = True
        else:
            if not unit.vehicle and not unit.leg and not boats.is_boat(unit):
                w.stopped = "a Towed unit never moves alone [ADV V.B]"
                return w
            if step == "B" and not unit.vehicle:
                w.stopped = "only vehicles move in reverse"
                return w
            if storey > 1:
                from rules.armor.storeys import LEAVE_FIRST

                w.stopped = LEAVE_FIRST
                return w
            direction = w.facing if step == "F" else (w.facing + 3) % 6
            nxt = here.neighbor(direction)
            if not on_map(nxt):
                w.off_map = True
                w.stopped = "moved off the mapboard: out of the game [AG VII.C.5]"
                return w
            entry = cost(here, nxt)
            if entry is None:
                w.stopped = PROHIBITED
                return w
            if step == "B":  # double in reverse [CS]; not for OP XX's armoured car
                entry *= unit.reverse_factor
            one_hex = not fires and w.moved == 0 and w.other == 0 and _last_move(steps, i)
            if w.spent + entry > limit and not one_hex:
                w.stopped = f"entering it would exceed {limit} SF [AG VII.C.2]"
                return w
            w.spent += entry
            here, turned = nxt, 0
            w.hexes.append((nxt, w.facing, entry))
    return w


def _last_move(steps: tuple[str, ...], i: int) -> bool:
    """[AG V.B.3]: the one-hex rule holds when nothing else follows that costs SF."""
    return all(s in "LR" for s in steps[i + 1 :])


@dataclass(frozen=True)
class Destination:
    hex: Hex
    facing: int
    cost: Fraction
    steps: tuple[str, ...]
    #: The steps in the book's notation, when the maker wrote it (a search, from its paths
    #: written once: :func:`_written`); else :attr:`moves` writes it.
    written: str | None = field(default=None, compare=False, repr=False)

    @property
    def moves(self) -> str:
        """The book's notation of the steps [AG V.A.3]."""
        return notation(self.steps) if self.written is None else self.written


@lru_cache(maxsize=8192)
def _written(path: str) -> tuple[tuple[str, ...], str]:
    """A search's path (one letter a step) as steps and in the book's notation: the same few
    thousand paths come back search after search."""
    return tuple(path), notation(tuple(path))


def destinations(
    unit: ArmorUnit,
    start: Hex,
    facing: int,
    cost: EnterCost,
    on_map: Callable[[Hex], bool],
    limit: Fraction | None = None,
    fixed: Callable[[Hex], bool] | None = None,
) -> list[Destination]:
    """The cheapest order to each hex and final facing the unit can reach this Turn (its own
    hex with another facing included, staying put left out), plus the one-hex moves of
    [AG V.B.3]; ``limit`` caps the SF (2 with Direct Fire); ``fixed``: the hexes it may not
    turn in (an Alley, for a Vehicle that may not enter Building hexes [OP XXVII.D.4])."""
    if not (unit.vehicle or unit.leg or boats.is_boat(unit)):  # a Boat moves [OP XXVI]
        return []
    # The same search again on the map's own costs: its answer, kept. Why it holds: with
    # such costs (nothing in play changing them) and no hex closed to turns, the answer is
    # a function of the arguments alone; the key holds all the search reads of the unit
    # (category: Vehicle, Leg, Boat; Speed; Turn Costs; reverse factor).
    keeper = cost if isinstance(cost, TerrainCost) and fixed is None else None
    key: tuple[object, ...] = (start, facing, limit, on_map, unit.category, unit.speed)
    key += (unit.turn_costs, unit.reverse_factor)
    if keeper is not None:
        kept = keeper.searched(key)
        if kept is not None:
            return list(kept)
    search = _Search(unit, cost, on_map, limit, fixed=fixed)
    _, ends = search.run({(start, facing): (0, "")})
    if limit is None:
        _one_hex(unit, start, facing, search.entry12, ends, fixed)
    ends.pop((start, facing), None)
    twelfths, written = _TWELFTHS, _written
    found = [
        Destination(h, f, twelfths[c], *written(p))
        for (h, f), (c, p) in sorted(ends.items())  # by hex, then facing (keys differ)
        if p
    ]
    if keeper is not None:
        keeper.keep(key, found)
        return list(found)
    return found


class _Twelfths(dict[int, Fraction]):
    """``Fraction(c, 12)`` for each ``c``, made once (a search's hundreds of ends share a few
    dozen values; Fractions are immutable)."""

    def __missing__(self, c: int) -> Fraction:
        found = self[c] = Fraction(c, 12)
        return found


_TWELFTHS = _Twelfths()


def through(
    unit: ArmorUnit,
    start: Hex,
    facing: int,
    hexes: Sequence[Hex],
    cost: EnterCost,
    on_map: Callable[[Hex], bool],
    fixed: Callable[[Hex], bool] | None = None,
) -> Destination | None:
    """The cheapest order that enters ``hexes`` in this order and stops in the last, with no
    turn after it (its facing is the way it entered), within the unit's Speed Factor
    [AG V.B.1-2, V.B.5], or the one hex of [AG V.B.3]; None when no order does. Between two
    of ``hexes`` the order takes the cheapest way, turns and reverse moves included, by the
    same costs as :func:`destinations` and :func:`walk`; at equal cost, the fewer reverse
    moves (our reading: a path laid hex by hex is driven forward unless backing up saves
    SF), then the shorter notation. ``fixed``: the hexes it may not turn in (see
    :func:`destinations`)."""
    if not hexes or not (unit.vehicle or unit.leg or boats.is_boat(unit)):
        return None
    search = _Search(unit, cost, on_map, rank=_forward_first, fixed=fixed)
    labels: dict[tuple[Hex, int], tuple[int, str]] = {(start, facing): (0, "")}
    for h in hexes:
        best, _ = search.run(labels)
        labels = {(at, f): label for (at, f), label in best.items() if at == h}
        if not labels:
            break
    if not labels and len(hexes) == 1:  # one new hex at any cost, after free turns only
        ends: dict[tuple[Hex, int], tuple[int, str]] = {}
        _one_hex(unit, start, facing, search.entry12, ends, fixed)
        labels = {key: label for key, label in ends.items() if key[0] == hexes[0]}
    if not labels:
        return None
    (h, f), (c, p) = min(labels.items(), key=lambda kv: _forward_first(*kv[1]))
    return Destination(h, f, Fraction(c, 12), tuple(p))


class _Search:
    """Dijkstra over hexes and facings, in twelfths of a Speed Factor.

    Why twelfths: every cost on the cards is a whole number of twelfths (1/2, 2/3, 3/4,
    1 1/2), and integers keep this search several times faster than Fractions."""

    def __init__(
        self,
        unit: ArmorUnit,
        cost: EnterCost,
        on_map: Callable[[Hex], bool],
        limit: Fraction | None = None,
        rank: Callable[[int, str], tuple[int | str, ...]] | None = None,
        fixed: Callable[[Hex], bool] | None = None,
    ) -> None:
        self.cost, self.on_map, self.fixed = cost, on_map, fixed
        self.rank = rank or _shortest
        self.budget = int((Fraction(unit.speed) if limit is None else limit) * 12)
        self.turns12 = [
            (turns, letters, int(turn_cost(unit, turns) * 12)) for turns, letters in _rotations()
        ]
        self.steps = ("F", "B") if unit.vehicle else ("F",)
        self.reverse = unit.reverse_factor
        # the map's own costs: their tables in twelfths shared with the other searches on them
        table = cost.twelfths(on_map) if isinstance(cost, TerrainCost) else Twelfths()
        self.entries, self.rows = table.entries, table.rows

    def entry12(self, frm: Hex, to: Hex) -> int | None:
        if (frm, to) not in self.entries:
            found = self.cost(frm, to) if self.on_map(to) else None
            # whole twelfths (see the class's docstring), without a Fraction product
            self.entries[(frm, to)] = (
                None if found is None else found.numerator * 12 // found.denominator
            )
        return self.entries[(frm, to)]

    def row(self, here: Hex) -> tuple[tuple[Hex, int | None], ...]:
        """The six hexes around ``here`` (by compass direction) and what entering each from
        ``here`` costs (:meth:`entry12`)."""
        found = self.rows.get(here)
        if found is None:
            found = self.rows[here] = tuple((n, self.entry12(here, n)) for n in here.neighbors())
        return found

    def run(
        self, seeds: dict[tuple[Hex, int], tuple[int, str]]
    ) -> tuple[dict[tuple[Hex, int], tuple[int, str]], dict[tuple[Hex, int], tuple[int, str]]]:
        """From the ``seeds`` (hex and facing: SF spent, steps so far), the cheapest steps to
        enter each hex with each facing (``best``), and to stand in each hex with each facing
        once turned there (``ends``); "cheapest" is the search's ranking (SF first; then the
        shortest notation, then the first in writing order, :func:`_shortest`), a total
        order on the orders, so each answer is the one best order, however the search
        reaches it.

        Written for speed (each unit's orders are listed by one search a Turn, some twenty a
        Turn in a built-in scenario): the hex's neighbours and their entry costs read from a
        table (:meth:`row`), the default ranking compared inline, an order's notation made
        only when its SF tie; and no move made from a hex and facing whose standing order
        (``ends``) is no better than one found before: every move from it was made from
        that one, for no more (the ranking keeps its order when the same steps follow)."""
        budget, reverse, rank = self.budget, self.reverse, self.rank
        rows, row_of = self.rows, self.row
        shortest = rank is _shortest
        turns = [(_delta(letters), letters, tc) for _, letters, tc in self.turns12]
        fixed, straight = self.fixed, turns[:1]  # no turn in a fixed hex: "" only
        backs = "B" in self.steps  # B: the hex behind (the opposite side), at reverse factor
        best: dict[tuple[Hex, int], tuple[int, str]] = {}
        ends: dict[tuple[Hex, int], tuple[int, str]] = {}
        frontier = [(spent, path, h, f) for (h, f), (spent, path) in seeds.items()]
        heapq.heapify(frontier)
        push, pop = heapq.heappush, heapq.heappop
        while frontier:
            spent, path, here, f = pop(frontier)
            known = best.get((here, f))
            if known is not None and (known[0] != spent or known[1] != path):
                continue  # a stale entry: a cheaper order reached this hex and facing
            row = rows.get(here) or row_of(here)
            for delta, letters, tc in straight if fixed is not None and fixed(here) else turns:
                turned = spent + tc
                if turned > budget:
                    continue
                nf = (f + delta) % 6
                key = (here, nf)
                old = ends.get(key)
                here_path = path + letters
                if old is not None and turned >= old[0]:
                    if turned > old[0]:
                        continue  # no better than the order standing here already
                    if shortest:
                        was = old[1]
                        if len(here_path) > len(was) or (
                            len(here_path) == len(was) and here_path >= was
                        ):
                            continue
                    elif rank(turned, here_path) >= rank(*old):
                        continue
                ends[key] = (turned, here_path)
                for step, (nxt, entry) in (
                    (("F", row[nf]), ("B", row[(nf + 3) % 6])) if backs else (("F", row[nf]),)
                ):
                    if entry is None:
                        continue
                    total = turned + (entry * reverse if step == "B" else entry)
                    if total > budget:
                        continue
                    key = (nxt, nf)
                    old = best.get(key)
                    if old is not None and total >= old[0]:
                        if total > old[0]:
                            continue
                        step_path = here_path + step
                        if shortest:
                            was = old[1]
                            if len(step_path) > len(was) or (
                                len(step_path) == len(was) and step_path >= was
                            ):
                                continue
                        elif rank(total, step_path) >= rank(*old):
                            continue
                    else:
                        step_path = here_path + step
                    best[key] = (total, step_path)
                    push(frontier, (total, step_path, nxt, nf))
        return best, ends


class Twelfths:
    """The entry costs in twelfths a :class:`_Search` works out (None: may not enter):
    ``entries`` by hexside, ``rows`` the six around a hex (:meth:`_Search.row`)."""

    def __init__(self) -> None:
        self.entries: dict[tuple[Hex, Hex], int | None] = {}
        self.rows: dict[Hex, tuple[tuple[Hex, int | None], ...]] = {}


def _one_hex(
    unit: ArmorUnit,
    start: Hex,
    facing: int,
    entry12: Callable[[Hex, Hex], int | None],
    ends: dict[tuple[Hex, int], tuple[int, str]],
    fixed: Callable[[Hex], bool] | None = None,
) -> None:
    """[AG V.B.3]: one new hex at any cost, after free turns only (none in a ``fixed``
    hex)."""
    for turns, letters in _rotations():
        if turn_cost(unit, turns) != 0 or (turns and fixed is not None and fixed(start)):
            continue
        nf = (facing + _delta(letters)) % 6
        entry = entry12(start, start.neighbor(nf))
        if entry is not None:
            _keep(ends, (start.neighbor(nf), nf), entry, letters + "F")


def _keep(
    table: dict[tuple[Hex, int], tuple[int, str]],
    key: tuple[Hex, int],
    spent: int,
    path: str,
    rank: Callable[[int, str], tuple[int | str, ...]] | None = None,
) -> bool:
    old = table.get(key)
    rank = rank or _shortest
    if old is None or rank(spent, path) < rank(*old):
        table[key] = (spent, path)
        return True
    return False


def _shortest(spent: int, path: str) -> tuple[int | str, ...]:
    """The cheapest order, then the shortest notation, then the first in writing order."""
    return (spent, len(path), path)


def _forward_first(spent: int, path: str) -> tuple[int | str, ...]:
    """The cheapest order, then the one with the fewest reverse moves, then as
    :func:`_shortest`."""
    return (spent, path.count("B"), len(path), path)


def _rotations() -> tuple[tuple[int, str], ...]:
    return ((0, ""), (1, "R"), (1, "L"), (2, "RR"), (2, "LL"), (3, "RRR"))


def _delta(letters: str) -> int:
    return letters.count("R") - letters.count("L")


def order_walk(state: ArmorState, order: Order) -> Walk:
    """The order's movement walked by the engine's own rules from where the unit stands, as it
    would be executed now with no one else moving [AG V.B; VII.C]."""
    from rules.armor.storeys import mover, standing, storey

    spec = mover(state, order)  # its Speed this Turn [OP XXI.B; OP XXX.A; ADV IV.B.2.c]
    return walk(
        spec,
        state.troops.hexes[order.unit],
        state.troops.facing[order.unit],
        order.steps,
        state.cost_for(spec),
        state.game.on_map,
        # a machinegun's fire order too (our reading: "(UH)F-19" is Direct Fire [ADV IV.E.2])
        fires=order.fire is not None or bool(order.mg),
        storey=storey(state, order.unit),  # Up and Down [ADV IV.B.2]
        floors=lambda h: standing(state, h),  # none once Destroyed [OP XVIII.C]
    )
