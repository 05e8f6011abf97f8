"""Armor Game rules beyond the worked examples: disputed hexes [AG VII.D], Long Range fire
with movement [AG V.A.2.c], Building hexsides [AG VII.E], damage and Victory Points [AG IX]
over whole games."""

from __future__ import annotations

import functools
import itertools
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from armor_scenes import position_head
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.armor.events import ApFire, Bounced, BuildingCheck, Damaged
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.move import enter_cost
from rules.armor.opportunity import OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.bots.base import play
from rules.engine.actions import Action
from rules.engine.core import State
from rules.engine.errors import IllegalActionError
from rules.records.position import load_position
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"
POSITIONS = Path(__file__).parent / "positions" / "armor"

POSITION = (
    position_head("test-armor-position")
    + """
rules: {{level: armor-game}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)


@functools.cache
def spearheads() -> ArmorGame:
    game = load_game(load_scenario(SCENARIOS / "1a-spearheads.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _line_of_clear(length: int) -> list[Hex]:
    """``length`` clear hexes in a straight line going north, no hexside features."""
    game = spearheads()
    terrain = game.terrain
    for h in sorted(terrain.hexes()):
        line = [h]
        for _ in range(length - 1):
            line.append(line[-1].neighbor(0))
        if all(x in game.amap.hexes and terrain.terrain(x) == "clear" for x in line) and all(
            not game.movement.cost("vehicle", b, a).parts[1:] for a, b in itertools.pairwise(line)
        ):
            return line
    raise AssertionError("no straight clear line on the map")


def _position(us: list[tuple[str, Hex, int]], german: list[tuple[str, Hex, int]]) -> ArmorState:
    amap = spearheads().amap

    def forces(units: list[tuple[str, Hex, int]]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, "
            f"facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, h, compass in units
        )

    loaded: LoadedScenario = parse_scenario(
        POSITION.format() + two_sides(forces(us), forces(german)),
        "position.yaml",
    )
    state = load_game(loaded).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _at(name: str) -> ArmorState:
    """A test position (tests/positions/armor/)."""
    _, state = load_position(POSITIONS / name)
    assert isinstance(state, ArmorState)
    return state


def test_disputed_hex_goes_to_the_higher_die_roll() -> None:
    """[AG VII.D.3-4]: both entered for 1 SF; the lower roll moves back where it came from."""
    state = _at("head-on.yaml")  # a line of Clear: the Sherman in a, the Panzer IV in b
    a, b = state.troops.hexes["us.M4.1"], state.troops.hexes["german.PZIVJ.1"]
    mid = state.game.amap.resolve("J0101")
    assert a.distance(mid) == mid.distance(b) == 1
    state.force_dice(3, 7)  # german rolls 3, us 7 (sides in id order)
    state.apply(Order("us.M4.1", moves="1"))
    events = state.apply(Order("german.PZIVJ.1", moves="1"))
    bounced = [e for e in events if isinstance(e, Bounced)]
    assert [(e.unit, e.back_to) for e in bounced] == [("german.PZIVJ.1", state.game.name(b))]
    assert state.troops.hexes["us.M4.1"] == mid and state.troops.hexes["german.PZIVJ.1"] == b


def test_disputed_hex_stays_with_the_unit_that_did_not_move() -> None:
    """[AG VII.D.1]."""
    state = _at("next-to-each-other.yaml")  # the Sherman in a, the Panzer IV next to it
    a = state.troops.hexes["us.M4.1"]
    state.apply(Order("us.M4.1", moves="1"))
    events = state.apply(Order("german.PZIVJ.1", moves="V"))
    assert [e.unit for e in events if isinstance(e, Bounced)] == ["us.M4.1"]
    assert state.troops.hexes["us.M4.1"] == a


def test_opportunity_fire_stops_the_unit_it_knocks_out() -> None:
    """[AG VII.F]: N-hex is triggered by the first enemy unit entering the line of sight to the
    hex; its owner fires (Slow Rate of Fire, -8); a knocked-out mover ends its move where it
    was hit."""
    line = _line_of_clear(10)
    state = _position([("M4", line[0], 0)], [("PZIVJ", line[9], 3)])
    name = state.game.name
    state.apply(Order("us.M4.1", opportunity=name(line[6])))
    state.force_dice(5, 50, 10)  # a hit; UH (AB 16 < Penetration 17); Damage Caused 10: KO
    events = state.apply(Order("german.PZIVJ.1", moves="3"))
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert (trigger.firer, trigger.target, trigger.hex) == (
        "us.M4.1",
        "german.PZIVJ.1",
        name(line[6]),
    )
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))  # the owner fires
    [fire] = [e for e in events if isinstance(e, ApFire)]
    mods = {m.what.split(" (")[0]: m.value for m in fire.modifiers}
    assert mods == {"Movement": -4, "target Size": -1, "Opportunity Fire": -8}
    assert (fire.modifier_number, fire.shots, fire.hits) == (7, 1, 1)
    assert state.damage.knocked_out == ["german.PZIVJ.1"] and state.damage.wrecks == [line[6]]


def test_no_long_range_fire_with_movement_orders() -> None:
    """[AG V.A.2.c]: any movement order rules out Long Range fire (the Range Line of the
    placeholder Gunnery Table: 12 hexes for the Sherman's 75mm)."""
    line = _line_of_clear(15)
    state = _position([("M4", line[0], 0)], [("PZIVJ", line[14], 3)])
    assert state.troops.hexes["us.M4.1"].distance(state.troops.hexes["german.PZIVJ.1"]) == 14
    state.apply(Order("us.M4.1", fire="german.PZIVJ.1"))  # no movement: Long Range allowed
    fresh = _position([("M4", line[0], 0)], [("PZIVJ", line[14], 3)])
    with pytest.raises(IllegalActionError, match="Long Range"):
        fresh.apply(Order("us.M4.1", fire="german.PZIVJ.1", moves="R"))


def test_building_hexside_rolls_for_track_and_gun() -> None:
    """[AG VII.E.2]: entering a Building hex rolls TK then GN; a Track hit stops the vehicle
    before the Building [AG VII.E.2.e]."""
    # the position: the tank beside the Building, facing it, before any order is written
    state = _at("tank-beside-a-building.yaml")
    game = state.game
    building = game.amap.resolve("K2218")
    assert game.terrain.terrain(building) == "brick-building"
    tank = "us.M4.1"
    start = state.troops.hexes[tank]
    assert start.neighbor(state.troops.facing[tank]) == building
    state.force_dice(10)  # Brick TK, the Sherman's row 2 (45): Track damage
    events = state.apply(Order(tank, moves="1"))
    events += _finish_plot(state)
    checks = [e for e in events if isinstance(e, BuildingCheck)]
    assert checks and checks[0].column == "Brick TK" and checks[0].damage
    assert state.troops.hexes[tank] == start and "track" in state.damage.hits[tank]


def _finish_plot(state: ArmorState) -> list[object]:
    found: list[object] = []
    while state.segment.id == "plot" and state.to_act():
        found += state.apply(f"done {state.to_act()[0]}")
    return found


class FireBot:
    """Fires whenever it can, else acts at random: whole games with damage and Wrecks."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, side: str) -> Action:
        actions = state.legal_actions(side)
        fire = [a for a in actions if isinstance(a, Order) and a.fire and not a.moves]
        pool = fire or actions
        return pool[math.floor(self._rng.random() * len(pool))]


@pytest.mark.parametrize("seed", [1, 2])
def test_games_of_fire_score_points_for_losses(seed: int) -> None:
    """[AG IX.B]: Total, Compartment or Track-or-Gun points for each damaged enemy unit."""
    game = load_game(load_scenario(SCENARIOS / "demo-crossroads.yaml"))
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    play(state, {s: FireBot(seed + i) for i, s in enumerate(game.sides)})
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    damaged = {e.unit for e in state.log if isinstance(e, Damaged)}
    assert damaged, "a game of fire damages something"
    assert sum(outcome.vp.values()) > 0
    for unit in state.damage.knocked_out:
        assert unit not in state.troops.hexes
    assert len(state.damage.wrecks) == len(state.damage.knocked_out)


def test_a_blocked_road_costs_the_other_terrain() -> None:
    """[AG V.C.5; AG VII.C.4]: along a road the card's Road Movement Cost (2/3 for the STG
    IIIG); with a new Wreck or a newly moved enemy unit on it, the hex's other terrain."""
    game = spearheads()
    stug = next(u for u in game.units.values() if u.type_id == "STGIIIG-75")
    step = next(
        (a, b)
        for a in sorted(game.terrain.hexes())
        for b in a.neighbors()
        if b in game.amap.hexes
        and game.terrain.terrain(b) == "clear"
        and game.movement.cost("vehicle", b, a).per_unit is not None
    )
    assert enter_cost(game.movement, stug, *step) == Fraction(2, 3)
    assert enter_cost(game.movement, stug, *step, blocked=True) == 1
