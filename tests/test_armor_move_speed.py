"""The order search made faster without changing an order [AG V.B; AG VII; AG V.B.3] (issues 20
and 21): the map's own entry costs kept per kind of mover (:class:`rules.armor.move.TerrainCost`),
a search's answer kept while only they count, and the search's pruning. Each test here would
fail if a kept answer were stale (a unit moved, Smoke or a Fire appeared, the terrain changed)
or if the faster search answered differently from all the orders written out one by one.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from fractions import Fraction

from test_armor_engine import PZIV_859, SHERMAN, example_state

from model.hexes import Hex
from rules.armor import plot
from rules.armor.move import (
    SEARCHES_KEPT,
    Destination,
    EnterCost,
    TerrainCost,
    destinations,
    enter_cost,
    movement_key,
    turn_cost,
)
from rules.armor.orders import Order
from rules.armor.units import ArmorUnit


def _plain(cost: EnterCost) -> EnterCost:
    """The same costs as a plain function: a search on it keeps nothing and shares nothing."""
    return lambda frm, to: cost(frm, to)


def _listed(found: list[Destination]) -> list[tuple[Hex, int, Fraction, tuple[str, ...], str]]:
    return [(d.hex, d.facing, d.cost, d.steps, d.moves) for d in found]


def test_a_search_asked_again_answers_as_a_fresh_one_ag_v_b() -> None:
    """[AG V.B]: the orders of PZIV 859 listed twice on the map's own costs (the second
    answer kept) are those of a search that keeps nothing; a caller emptying its list does
    not empty the kept one."""
    state = example_state()
    spec, game = state.game.units[PZIV_859], state.game
    here, facing = state.troops.hexes[PZIV_859], state.troops.facing[PZIV_859]
    cost = state.cost_for(spec)
    assert isinstance(cost, TerrainCost)  # nothing in play changes a cost here
    fresh = _listed(destinations(spec, here, facing, _plain(cost), game.on_map))
    first = destinations(spec, here, facing, cost, game.on_map)
    assert _listed(first) == fresh and len(fresh) > 50
    first.clear()
    assert _listed(destinations(spec, here, facing, cost, game.on_map)) == fresh
    limited = destinations(spec, here, facing, cost, game.on_map, Fraction(2))  # [AG V.A.2.a]
    assert _listed(limited) == _listed(
        destinations(spec, here, facing, _plain(cost), game.on_map, Fraction(2))
    )
    assert all(d.cost <= 2 for d in limited) and len(limited) < len(fresh)


def test_a_unit_that_moved_gets_the_orders_from_its_new_hex_ag_v_b() -> None:
    """[AG V.B]: the hexes a unit reaches, asked again after it stands elsewhere, are worked
    out from the new hex (the kept answer is the old hex's)."""
    state = example_state()
    before = plot.reach(state, PZIV_859)
    here = state.troops.hexes[PZIV_859]
    ahead = here.neighbor(state.troops.facing[PZIV_859])
    state.troops.hexes[PZIV_859] = ahead
    after = plot.reach(state, PZIV_859)
    assert ahead in before and ahead not in after and after != before
    spec = state.game.units[PZIV_859]
    fresh = destinations(
        spec, ahead, state.troops.facing[PZIV_859], _plain(state.cost_for(spec)), state.game.on_map
    )
    assert {d.hex for d in fresh} - {ahead} == set(after)  # its own hex left out


def test_smoke_in_play_costs_at_once_op_ix_a_5() -> None:
    """[OP IX.A.5]: a face-up Smoke hex costs a Vehicle +1 SF to enter; the orders asked for
    after it is placed pay it (no answer kept from before it), and again not once it goes."""
    state = example_state()
    here, facing = state.troops.hexes[PZIV_859], state.troops.facing[PZIV_859]
    ahead = here.neighbor(facing)
    before = plot.reach(state, PZIV_859)
    state.smoke.smoke_face_up.add(ahead)
    assert not isinstance(state.cost_for(state.game.units[PZIV_859]), TerrainCost)
    smoky = plot.reach(state, PZIV_859)
    assert smoky[ahead] == (before[ahead] or 0) + 1
    state.smoke.smoke_face_up.clear()
    assert plot.reach(state, PZIV_859) == before


def test_a_fire_closes_its_hex_at_once_op_xi_e() -> None:
    """[OP XI.E]: no Combat unit enters a Fire hex: the hex drops out of the orders asked for
    after the Fire starts, the orders from a search before it notwithstanding."""
    state = example_state()
    here, facing = state.troops.hexes[PZIV_859], state.troops.facing[PZIV_859]
    ahead = here.neighbor(facing)
    assert ahead in plot.reach(state, PZIV_859)
    state.blazes.fires[ahead] = state.play.turn
    assert ahead not in plot.reach(state, PZIV_859)


def test_a_new_terrain_keeps_nothing_of_the_old() -> None:
    """The map's own costs are a function of the terrain: a game on another terrain
    (``with_terrain``, Armor's Soft areas rolled) and a game told its terrain changed
    (``forget_terrain``, the Stream rule [OP XXVII.F]) work them out afresh."""
    state = example_state()
    game, spec = state.game, state.game.units[SHERMAN]
    kept = game.cost_for(spec)
    assert isinstance(kept, TerrainCost)
    here, facing = state.troops.hexes[SHERMAN], state.troops.facing[SHERMAN]
    destinations(spec, here, facing, kept, game.on_map)
    assert kept.searched((here, facing, None, game.on_map, spec.category, spec.speed,
                          spec.turn_costs, spec.reverse_factor)) is not None  # fmt: skip
    other = game.with_terrain(game.terrain)
    assert other.cost_for(spec) is not kept and game.cost_for(spec) is kept
    assert other.cost_for(spec).movement is other.movement  # type: ignore[attr-defined]
    game.forget_terrain()
    assert game.cost_for(spec) is not kept


def test_units_that_pay_the_same_share_one_table_ag_v_b() -> None:
    """[AG V.B; ADV V.A.1]: one table of entry costs for the units whose costs are the same
    (what ``enter_cost`` reads of them is the same), another for any other; each table's
    costs are each of its units' own."""
    state = example_state()
    game = state.game
    units = list(game.units.values())
    slower = dataclasses.replace(units[0], road_cost=units[0].road_cost + 1)
    units.append(slower)
    around = [
        (h, n)
        for h in sorted(set(state.troops.hexes.values()))
        for n in h.neighbors()
        if game.on_map(n)
    ]
    for a, b in itertools.combinations(units, 2):
        same = movement_key(a) == movement_key(b)
        assert (game.cost_for(a) is game.cost_for(b)) == same
    for u in units:
        cost = game.cost_for(u)
        assert [cost(h, n) for h, n in around] == [
            enter_cost(game.movement, u, h, n) for h, n in around
        ]
    assert movement_key(slower) != movement_key(units[0])


def test_the_kept_searches_are_bounded() -> None:
    """A :class:`TerrainCost` keeps at most ``SEARCHES_KEPT`` answers, the oldest going
    first."""
    state = example_state()
    game, spec = state.game, state.game.units[SHERMAN]
    cost = game.cost_for(spec)
    assert isinstance(cost, TerrainCost)
    starts = sorted(game.amap.hexes)[: SEARCHES_KEPT // 6 + 5]
    for h, f in itertools.product(starts, range(6)):
        destinations(dataclasses.replace(spec, speed=1), h, f, cost, game.on_map)
    assert len(cost._searches) == SEARCHES_KEPT


def test_order_moving_is_the_plain_movement_order_ag_v_a_3() -> None:
    """[AG V.A.3]: the plot's fast movement order is the same order: equal, the same hash,
    text and fields."""
    fast, plain = Order.moving(PZIV_859, "2RR1"), Order(PZIV_859, moves="2RR1")
    assert fast == plain and hash(fast) == hash(plain) and fast.text() == plain.text()
    assert vars(fast) == vars(plain) and list(vars(fast)) == list(vars(plain))
    assert fast.steps == ("F", "F", "R", "R", "F")


# --- the search against every order written out ------------------------------------------------

ROTATIONS = (("", 0), ("R", 1), ("L", -1), ("RR", 2), ("LL", -2), ("RRR", 3))


def _every_order(
    unit: ArmorUnit, start: Hex, facing: int, cost: EnterCost, on_map: object
) -> dict[tuple[Hex, int], tuple[Fraction, str]]:
    """Every order within the unit's Speed Factor written out [AG V.B.1-2] (turns of up to
    three hexsides in a hex, then a hex forward or, for a Vehicle, in reverse at double cost
    [CS]), the one-hex rule [AG V.B.3] added; the best for each hex and facing: the least
    SF, then the shortest notation, then the first in writing order."""
    found: dict[tuple[Hex, int], tuple[Fraction, str]] = {}
    speed = Fraction(unit.speed)

    def keep(key: tuple[Hex, int], spent: Fraction, path: str) -> None:
        old = found.get(key)
        if old is None or (spent, len(path), path) < (old[0], len(old[1]), old[1]):
            found[key] = (spent, path)

    def go(here: Hex, f: int, spent: Fraction, path: str) -> None:
        for letters, delta in ROTATIONS:
            turned = spent + turn_cost(unit, len(letters))
            if turned > speed:
                continue
            nf = (f + delta) % 6
            keep((here, nf), turned, path + letters)
            for step, side in (("F", 0), ("B", 3)) if unit.vehicle else (("F", 0),):
                nxt = here.neighbor((nf + side) % 6)
                entry = cost(here, nxt) if on_map(nxt) else None  # type: ignore[operator]
                if entry is None:
                    continue
                total = turned + (entry * unit.reverse_factor if side else entry)
                if total <= speed:
                    go(nxt, nf, total, path + letters + step)

    go(start, facing, Fraction(0), "")
    for letters, delta in ROTATIONS:  # one new hex at any cost, free turns only [AG V.B.3]
        if turn_cost(unit, len(letters)) == 0:
            nf = (facing + delta) % 6
            nxt = start.neighbor(nf)
            entry = cost(start, nxt) if on_map(nxt) else None  # type: ignore[operator]
            if entry is not None:
                keep((nxt, nf), entry, letters + "F")
    found.pop((start, facing), None)
    return {k: v for k, v in found.items() if v[1]}


def test_the_search_finds_the_best_of_every_order_written_out_ag_v_b() -> None:
    """[AG V.B; AG V.B.3; CS]: on small maps of random entry costs (prohibited hexsides
    among them), a Vehicle's and a Leg unit's orders from the search are, hex by hex and
    facing by facing, the best of all the orders written out one by one."""
    state = example_state()
    tank, squad = state.game.units[SHERMAN], state.game.units[PZIV_859]
    leg = dataclasses.replace(squad, category="leg", speed=3)
    rng = random.Random(20)
    prices = [Fraction(c, 12) for c in (6, 8, 9, 12, 18, 24, 36)] + [None]
    area = {Hex(q, r) for q in range(-4, 5) for r in range(-4, 5) if Hex(q, r).length() <= 4}
    for trial in range(24):
        table = {(h, n): rng.choice(prices) for h in area for n in h.neighbors()}

        def cost(
            frm: Hex, to: Hex, table: dict[tuple[Hex, Hex], Fraction | None] = table
        ) -> Fraction | None:
            return table[(frm, to)]

        unit = dataclasses.replace(tank, speed=3) if trial % 2 else leg
        facing = rng.randrange(6)
        found = destinations(unit, Hex(0, 0), facing, cost, area.__contains__)
        expected = _every_order(unit, Hex(0, 0), facing, cost, area.__contains__)
        assert {(d.hex, d.facing): (d.cost, "".join(d.steps)) for d in found} == expected
