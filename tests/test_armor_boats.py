"""Assault Boats [OP XXVI] (:mod:`rules.armor.optional.boats`): the Boat unit's values, Leg
units Loading onto it beside a River, its moves on the River and on dry ground, Unloading on
dry ground, Knocked Out in a River hex with its load, only Infantry firing aboard, a Boat
carried by a truck, position files and the bots."""

from __future__ import annotations

import functools
from typing import Any

import pytest
import yaml
from armor_sides import two_sides

from model.catalog import unit_types
from model.hexes import Hex
from model.scenario_io import parse_scenario
from model.systems import GameSystem
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import defense
from rules.armor.optional import boats, morale
from rules.armor.orders import Order, notation
from rules.bots.base import make_bot, play
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.registry import load_game

BOAT, SQUAD, MG = "us.BOAT.1", "us.US-INFANTRY-SQUAD.1", "us.US-MG-TEAM.1"
TRUCK = "us.US-MEDIUM-TRUCK.1"


@functools.cache
def _ground() -> tuple[Hex, Hex, Hex]:
    """A Clear hex on K (the bank) with a Clear hex behind it, and the hex beyond it (the
    River's first hex, painted River with the two after it in a line)."""
    game = _load(_text("", ()))
    for h in sorted(game.terrain.hexes(), key=lambda x: (game.name(x)[0] != "K", x)):
        ring = [x for x in game.amap.hexes if x.distance(h) <= 4]
        if len(ring) == 61 and all(game.terrain.mixed(x) == ("clear",) for x in ring):
            return h.neighbor(3), h, h.neighbor(0)
    raise AssertionError("no open ground")


def _river() -> list[Hex]:
    start = _ground()[2]
    return [start, start.neighbor(0), start.neighbor(0).neighbor(0)]


def _text(river: str, us: tuple[tuple[str, str], ...], turns: int = 4, options: str = "") -> str:
    lines = [f"      - {{unit: {u}, placement: {{kind: hex, hex: {h}}}}}" for u, h in us]
    lines = lines or ["      - {unit: M4, placement: {kind: hex, hex: L3830}}"]
    german = "      - {unit: PZIVJ, placement: {kind: hex, hex: J0101}}"
    edits = f"{{hexes: [{river}], terrain: river}}" if river else ""
    head = f"""
schema_version: 1
id: test-armor-boats
title: Test position
system: armor
original: true
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
    data: dict[str, Any] = yaml.safe_load(head + two_sides("\n".join(lines), german, turns=turns))
    return yaml.safe_dump(data, sort_keys=False)


@functools.cache
def _load(text: str) -> ArmorGame:
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _name(h: Hex) -> str:
    return _load(_text("", ())).name(h)


def _game(*units: tuple[str, Hex], turns: int = 4, options: str = "") -> ArmorGame:
    river = ", ".join(_name(h) for h in _river())
    return _load(_text(river, tuple((u, _name(h)) for u, h in units), turns, options))


def _state(*units: tuple[str, Hex]) -> ArmorState:
    return _game(*units).new_initial_state(seed=3)


def _turn(state: ArmorState, *orders: Order) -> None:
    """Plot ``orders`` for the Americans, 'done' for everything else, to the next Order Plot."""
    turn = state.play.turn
    for order in orders:
        state.apply(order)
    while not state.play.over and not (state.play.turn > turn and state.segment.id == "plot"):
        state.apply(Done(state.to_act()[0]))


def _route(state: ArmorState, *hexes: Hex) -> Order:
    """The Boat's cheapest order through ``hexes`` (:meth:`ArmorState.route`)."""
    found = state.route(BOAT, list(hexes))
    assert isinstance(found, Order)
    return found


def _aboard(state: ArmorState) -> None:
    """The squad Loads onto the Boat on the bank [OP XXVI.A.3] (one Turn [A.1])."""
    _turn(state, Order(SQUAD, transfer="D", vehicle=BOAT), Order(BOAT, transfer="D"))
    assert state.troops.carried.get(SQUAD) == BOAT and state.transported(SQUAD)


def test_the_boat_units_values_op_xxvi_a() -> None:
    """[OP XXVI.A; B.1]: Transport 2 Stacking Factors of Leg units, Stacking Factor 1, 2 Points,
    GP Defense Factor 2, two hexes a Turn on the River."""
    _, bank, _ = _ground()
    state = _state(("BOAT", bank))
    spec = state.game.units[BOAT]
    assert (spec.transport, spec.carries, spec.stacking, spec.points) == (2, "L", 1, 2)
    assert spec.speed == 2 and boats.is_boat(spec) and not spec.vehicle and not spec.leg
    found = defense(state, BOAT, moving=False)
    assert found.value == 2 and "[OP XXVI.B.1]" in found.why


def test_leg_units_load_onto_a_boat_beside_a_river_op_xxvi_a_3() -> None:
    """[OP XXVI.A.3]: "Once a Boat unit is adjacent to a River hex, Leg units may be Loaded";
    one hex further back they may not."""
    back, bank, _ = _ground()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    _aboard(state)
    far = _state(("BOAT", back), ("US-INFANTRY-SQUAD", back))
    why = far.why_not(Order(SQUAD, transfer="D", vehicle=BOAT))
    assert why is not None and "adjacent to a River hex [OP XXVI.A.3]" in why


def test_a_boat_moves_on_the_river_only_with_leg_units_aboard_two_hexes_op_xxvi_b() -> None:
    """[OP XXVI.B]: the Boat moves into the River with its load, up to two River hexes a Turn;
    empty, it may not enter the River."""
    _, bank, _ = _ground()
    river = _river()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    empty = state.reach(BOAT)
    assert not set(empty) & set(river)
    _aboard(state)
    reach = state.reach(BOAT)
    assert river[0] in reach and river[1] in reach and river[2] not in reach
    _turn(state, _route(state, river[0], river[1]))
    assert state.troops.hexes[BOAT] == river[1] == state.troops.hexes[SQUAD]


def test_a_boat_on_dry_ground_one_hex_a_turn_with_infantry_op_xxvi_a_2() -> None:
    """[OP XXVI.A.2]: on dry ground one hex a Turn, with an Infantry Squad in its hex; alone
    (or with a Machinegun Team only) it does not move."""
    back, bank, _ = _ground()
    state = _state(("BOAT", back), ("US-INFANTRY-SQUAD", back))
    reach = state.reach(BOAT)
    assert bank in reach and all(h.distance(back) <= 1 for h in reach)
    alone = _state(("BOAT", back), ("US-MG-TEAM", back))
    assert not [h for h in alone.reach(BOAT) if h != back]


def test_units_unload_from_a_boat_on_dry_ground_not_in_the_river_op_xxvi_c() -> None:
    """[OP XXVI.C]: in a River hex no Unloading; the Boat lands on an adjacent dry ground
    hex, then the Leg units Unload normally."""
    _, bank, _ = _ground()
    river = _river()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    _aboard(state)
    _turn(state, _route(state, river[0]))
    why = state.why_not(Order(SQUAD, transfer="U"))
    assert why is not None and "[OP XXVI.C]" in why
    landing = next(
        n for n in river[0].neighbors() if n != bank and n not in river and state.game.on_map(n)
    )
    _turn(state, _route(state, landing))
    assert state.troops.hexes[BOAT] == landing
    _turn(state, Order(SQUAD, transfer="U"), Order(BOAT, transfer="U"))
    assert not state.transported(SQUAD) and state.troops.hexes[SQUAD] == landing


def test_a_panicked_squad_stays_in_the_boat_on_the_river_op_xvii_c_6_note() -> None:
    """[OP XVII.C.6 NOTE]: "If units Transported by a Boat unit have Panic orders, they will
    make their Panic movement in the Boat until a hex is reached where Bailing Out is
    possible": our reading, in a River hex the panicked squad stays aboard (no die rolled),
    the log naming the note; on dry ground it Bails Out as from a Vehicle [C.6]."""
    _, bank, _ = _ground()
    river = _river()
    units = (("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    state = _game(*units, options="morale").new_initial_state(seed=3)
    _aboard(state)
    _turn(state, _route(state, river[0]))
    morale.panic(state, SQUAD, "[OP XVII.E]", "test")
    before = len(state.log)
    _turn(state)
    assert state.transported(SQUAD) and state.troops.hexes[SQUAD] == river[0]
    notes = [e for e in state.log[before:] if isinstance(e, morale.MoraleNote)]
    assert any("[OP XVII.C.6 NOTE" in n.rule and "River hex" in n.change for n in notes)
    ashore = _game(*units, options="morale").new_initial_state(seed=3)
    _aboard(ashore)
    morale.panic(ashore, SQUAD, "[OP XVII.E]", "test")
    _turn(ashore)
    assert not ashore.transported(SQUAD) and SQUAD not in ashore.troops.carried


def test_a_boat_knocked_out_in_a_river_hex_takes_its_load_op_xxvi_b_1() -> None:
    """[OP XXVI.B.1]: "If a Boat unit is Knocked Out while in a River hex, all units it is
    Transporting are also Knocked Out"; on dry ground they stand in the hex."""
    _, bank, _ = _ground()
    river = _river()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    _aboard(state)
    ashore = state.clone()
    assert isinstance(ashore, ArmorState)
    ashore.inflict(BOAT, "knocked-out")
    assert SQUAD in ashore.troops.hexes and BOAT not in ashore.troops.hexes
    _turn(state, _route(state, river[0]))
    state.inflict(BOAT, "knocked-out")
    assert BOAT not in state.troops.hexes and SQUAD not in state.troops.hexes
    assert SQUAD in state.damage.eliminated
    assert any("[OP XXVI.B.1]" in e.describe() for e in state.log)
    # with Infantry Unit Reduction [OP XII] too: eliminated, not halved (our reading)
    game = _game(("BOAT", bank), ("US-INFANTRY-SQUAD", bank), options="infantry-reduction")
    reduced = game.new_initial_state(seed=3)
    _aboard(reduced)
    _turn(reduced, _route(reduced, river[0]))
    reduced.inflict(BOAT, "knocked-out")
    assert SQUAD in reduced.damage.eliminated and SQUAD not in reduced.squads.half_squads


def test_only_infantry_fire_aboard_a_boat_op_xxvi_b_2() -> None:
    """[OP XXVI.B.2]: a Machinegun Team aboard a Boat may not fire; an Infantry Squad may."""
    _, bank, _ = _ground()
    state = _state(("BOAT", bank), ("US-MG-TEAM", bank))
    _turn(state, Order(MG, transfer="D", vehicle=BOAT), Order(BOAT, transfer="D"))
    assert state.transported(MG)
    why = boats.why_not_fire_aboard(state, MG)
    assert why is not None and "[OP XXVI.B.2]" in why
    infantry = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    _aboard(infantry)
    assert boats.why_not_fire_aboard(infantry, SQUAD) is None


def test_a_truck_carries_a_boat_one_turn_to_load_op_xxvi_a_1() -> None:
    """[OP XXVI.A.1]: a Vehicle that transports Leg units carries a Boat; Loading and Unloading
    take one Turn each. A Boat with a unit aboard does not Load (our reading)."""
    back, _, _ = _ground()
    state = _state(("BOAT", back), ("US-MEDIUM-TRUCK", back))
    _turn(state, Order(BOAT, transfer="D", vehicle=TRUCK), Order(TRUCK, transfer="D"))
    assert state.troops.carried.get(BOAT) == TRUCK and state.transported(BOAT)
    _turn(state, Order(BOAT, transfer="U"), Order(TRUCK, transfer="U"))
    assert not state.transported(BOAT)


def test_a_position_file_keeps_a_boat_and_its_load_op_xxvi() -> None:
    """A position with a loaded Boat in a River hex reads back the same [OP XXVI.B]."""
    _, bank, _ = _ground()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    _aboard(state)
    _turn(state, _route(state, _river()[0]))
    position = state.to_position()
    game = state.game
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.passengers(BOAT) == [SQUAD]


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_play_to_the_end_with_boats(bot: str) -> None:
    """Both bots finish a game with a Boat, Infantry and a truck beside a River [OP XXVI]."""
    back, bank, _ = _ground()
    game = _game(
        ("BOAT", bank),
        ("US-INFANTRY-SQUAD", bank),
        ("US-MEDIUM-TRUCK", back),
        ("BOAT", back),
        turns=6,
    )
    state = game.new_initial_state(seed=5)
    play(state, {s: make_bot(bot, seed=4) for s in game.sides})
    assert state.is_terminal()


def test_a_boat_is_given_no_full_cover_nor_fire_orders_op_xxvi() -> None:
    """A Boat "has no crew of its own" [OP XXVI.B]: no Full Cover [ADV IV.C.1] and no fire;
    its orders are moves, a Pivot, and the Load and Unload of its load."""
    _, bank, _ = _ground()
    state = _state(("BOAT", bank), ("US-INFANTRY-SQUAD", bank))
    orders = [a for a in state.order_options(BOAT) if isinstance(a, Order)]
    assert orders and all(not o.cover and o.fire is None and o.opportunity is None for o in orders)
    assert {o.transfer for o in orders} >= {"D"}


def test_set_up_a_boat_on_a_truck_and_a_squad_in_a_boat_op_xxvi_a_1() -> None:
    """The force checks let a Boat ride a truck that transports Leg units [OP XXVI.A.1] and a
    Squad ride a Boat, never a Boat a Boat [Intro IV TRANSPORT]."""
    from model.catalog import unit_types
    from model.systems import GameSystem
    from rules.armor.forces import ArmorForces

    types = unit_types(GameSystem.ARMOR)
    rules = ArmorForces()
    assert rules.carriage(types["US-MEDIUM-TRUCK"], types["BOAT"]).allowed
    assert rules.carriage(types["BOAT"], types["US-INFANTRY-SQUAD"]).allowed
    assert not rules.carriage(types["BOAT"], types["BOAT"]).allowed


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_a_loaded_boat_keep_the_invariants(seed: int) -> None:
    """From a Boat loaded beside the River, random play keeps every invariant of
    :mod:`rules.armor.invariants` after each action (the load in its Boat's hex, within its
    Transport), clones keep the fingerprint, and the game ends [OP XXVI]."""
    from rules.armor.invariants import invariants
    from rules.bots.base import RandomBot

    back, bank, _ = _ground()
    state = _game(
        ("BOAT", bank), ("US-INFANTRY-SQUAD", bank), ("US-MEDIUM-TRUCK", back), turns=8
    ).new_initial_state(seed=seed)
    _aboard(state)
    bots = {s: RandomBot(seed * 10 + i) for i, s in enumerate(state.game.sides)}
    steps = 0
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        assert invariants(state) == []
        steps += 1
        if steps % 23 == 0:
            twin = state.clone()
            assert twin.fingerprint() == state.fingerprint()
    assert state.outcome() is not None


def test_a_boats_refused_move_says_why_op_xxvi_a_2_b() -> None:
    """An empty Boat's move into the River is refused "only with Leg units Transported on it"
    [OP XXVI.B]; a Boat alone on dry ground, "accompanied by at least one Squad" [A.2]."""
    back, bank, _ = _ground()
    state = _state(("BOAT", bank), ("US-MG-TEAM", back))
    facing = state.troops.facing[BOAT]
    turns = next(n for n in range(6) if bank.neighbor((facing + n) % 6) == _river()[0])
    into = notation([*("R" * turns if turns <= 3 else "L" * (6 - turns)), "F"])
    why = state.why_not(Order(BOAT, moves=into))
    assert why is not None and "[OP XXVI.B]" in why
    ashore = next(n for n in range(6) if bank.neighbor((facing + n) % 6) == back)
    away = notation([*("R" * ashore if ashore <= 3 else "L" * (6 - ashore)), "F"])
    why = state.why_not(Order(BOAT, moves=away))
    assert why is not None and "[OP XXVI.A.2]" in why


def _river_crossing(options: list[str]) -> Any:
    """3C, Assault River Crossing [SCN VII.C], at the Advanced Game with ``options``."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "scenarios/armor/3c-assault-river-crossing.yaml"
    data = yaml.safe_load(path.read_text())
    data["rules"] = {**(data.get("rules") or {}), "level": "advanced-game", "options": options}
    return parse_scenario(yaml.safe_dump(data, sort_keys=False), "3c.yaml")


def test_op_xxvi_a_the_point_selection_sells_boats_at_2_points_with_the_option() -> None:
    """[OP XXVI.A] "Boat units are worth 2 Points each": with ``rules.options:
    [assault-boats]`` the purchase bot buys Boat units as force entries (counters set up on the
    map), each priced 2 Points from the book; without the option, never."""
    from rules.armor.pointbuy import ArmorPointBuy
    from rules.pointbuy.purchase import PurchaseChoice, buy_forces
    from rules.pointbuy.report import budget_report

    with_boats, without = _river_crossing(["assault-boats"]), _river_crossing([])
    boat = next(u for u in unit_types(GameSystem.ARMOR).values() if u.id == "BOAT")
    assert ArmorPointBuy().plays(with_boats.scenario, boat)
    assert not ArmorPointBuy().plays(without.scenario, boat)
    bought, _ = buy_forces(with_boats, PurchaseChoice("infantry-heavy", 0))
    [side] = [s for s in bought.scenario.sides if any(e.unit == "BOAT" for e in s.forces)]
    assert not any(p.item == "BOAT" for p in side.purchases)
    report = budget_report(bought, side.id)
    assert report is not None
    [line] = [x for x in report.lines if x.item == "BOAT"]
    assert (line.unit_cost, line.source) == (2, "Armor [OP XXVI.A]")
    game = load_game(bought)
    assert isinstance(game, ArmorGame)
    assert any(boats.is_boat(u) for u in game.units.values())
    for seed in range(3):
        plain, _ = buy_forces(without, PurchaseChoice("cheapest-many", seed))
        assert not any(e.unit == "BOAT" for s in plain.scenario.sides for e in s.forces)
