"""Panzer '44 entry onto the map and reinforcements [18.6] (rules/panzer44/entry.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from p44_positions import p44_position

from model.scenario_io import load_scenario
from rules.engine.core import IllegalActionError
from rules.panzer44.entry import entry_cost
from rules.panzer44.events import MapEntered
from rules.panzer44.game import Panzer44State
from rules.registry import load_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "panzer44"


def _state(name: str, seed: int = 1) -> Panzer44State:
    game = load_game(load_scenario(SCENARIOS / name))
    state = game.new_initial_state(seed)
    assert isinstance(state, Panzer44State)
    return state


def _plot_all_and_finish(state: Panzer44State, side: str, units: list[str]) -> None:
    for unit in units:
        state.apply(f"plot {unit} MV")
    state.apply(f"done {side}")


def _to_us_movement(state: Panzer44State, us_units: list[str]) -> None:
    """Luneville: the US plots ``us_units`` to move, the Germans plot nothing."""
    _plot_all_and_finish(state, "us", us_units)
    state.apply("done german")
    assert state.segment.id == "first-player-movement"  # the US is the First Player


def test_a_force_entering_on_turn_one_waits_off_the_map_and_may_be_plotted() -> None:
    state = _state("19.4-luneville.yaml")
    assert not state.board.hexes  # both sides enter on Game-Turn One [18.4]
    texts = {a.text() for a in state.legal_actions("us")}
    assert "plot us.AH.1 MV" in texts
    assert "plot us.M1.1 MV" not in texts  # a passenger enters with its carrier [18.67]
    assert state.board.carried_by["us.M1.1"] == "us.M3.1"


def test_a_column_pays_for_the_hypothetical_hexes_ahead_and_keeps_its_order() -> None:
    state = _state("19.4-luneville.yaml")
    _to_us_movement(state, ["us.AH.1", "us.M8.1", "us.M8.2"])
    entry = state.game.amap.resolve("0534")
    lead = entry_cost(state, "us.AH.1", entry)
    assert lead is not None and lead.queue == 0
    with pytest.raises(IllegalActionError, match=r"enters after us\.AH\.1.*\[18\.63\]"):
        state.apply("move us.M8.1 0534")
    onward = [a for a in state.legal_actions("us") if len(a.text().split()) > 3]
    state.apply(onward[0])  # the lead enters and drives on, leaving the entry hex free
    second = entry_cost(state, "us.M8.1", entry)
    assert second is not None and second.queue == 1
    per = 0.5 if second.road else second.cost - lead.cost
    assert second.cost == pytest.approx(lead.cost + per)  # [18.62]: one more hex ahead
    events = state.apply("move us.M8.1 0534")
    entered = [e for e in events if isinstance(e, MapEntered)]
    assert [e.unit for e in entered] == ["us.M8.1"]
    assert entered[0].cost == pytest.approx(second.cost)
    assert "[18.62]" in entered[0].why
    assert state.board.hexes["us.M8.1"] == entry


def test_a_unit_may_not_enter_elsewhere_than_its_entry_hexes() -> None:
    state = _state("19.4-luneville.yaml")
    _to_us_movement(state, ["us.AH.1"])
    with pytest.raises(IllegalActionError, match=r"may not enter the map at 0533.*0534"):
        state.apply("move us.AH.1 0533")


def test_a_carrier_brings_its_passenger_onto_the_map() -> None:
    from rules.bots.base import make_bot

    state = _state("19.4-luneville.yaml")
    # The heuristic bot plots every waiting unit to enter, so the column moves up [18.64].
    bots = {"us": make_bot("heuristic", 3), "german": make_bot("random", 4)}
    while not state.is_terminal() and "us.M3.1" not in state.board.hexes:
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert "us.M3.1" in state.board.hexes, "the M3 should have entered behind the column"
    assert state.board.carried_by["us.M1.1"] == "us.M3.1"
    assert state.board.hexes["us.M1.1"] == state.board.hexes["us.M3.1"]


def test_reinforcements_enter_from_their_game_turn() -> None:
    state = _state("19.3-bridgehead-at-wallendorf.yaml")
    late = [a for a in state.game.arrivals.values() if a.turn > 1]
    assert late, "19.3 has reinforcements after Game-Turn One"
    unit = late[0].unit
    texts = {a.text() for a in state.legal_actions(late[0].side)}
    assert f"plot {unit} MV" not in texts
    with pytest.raises(IllegalActionError, match=rf"enters on Game-Turn {late[0].turn}"):
        state.apply(f"plot {unit} MV")


def test_bots_bring_every_force_of_the_entry_scenarios_into_play() -> None:
    from rules.bots.base import make_bot, play

    for name in ("19.4-luneville.yaml", "19.9-sarre-river.yaml"):
        state = _state(name, seed=2)
        bots = {s: make_bot("random", 5 + i) for i, s in enumerate(state.game.sides)}
        play(state, bots)
        entered = [e for e in state.log if isinstance(e, MapEntered)]
        assert len(entered) >= 10, name
        assert state.is_terminal()


def test_an_entry_hex_held_by_the_enemy_moves_the_entry_to_the_nearest_free_hexes() -> None:
    from rules.panzer44.entry import entry_hexes

    state = p44_position("luneville-puma-in-the-entry-hex.yaml")  # the Puma in 0534
    amap = state.game.amap
    found = {amap.name(h) for h in entry_hexes(state, "us.AH.1")}
    assert found and "0534" not in found
    assert all(amap.resolve(n).distance(amap.resolve("0534")) == 1 for n in found)  # [18.68]


def _at_the_east_edge() -> Panzer44State:
    """Sarre River with a US M4 set down by the east edge, plotted to move, in the US
    Movement Phase (the US may exit off the East edge for points [19.9])."""
    state = p44_position("sarre-river-m4-by-the-east-edge.yaml")
    assert state.segment.id == "first-player-movement"
    return state


def test_units_leave_the_map_where_the_scenario_lets_them_and_score() -> None:
    from rules.panzer44.events import MapLeft

    state = _at_the_east_edge()
    leaving = [a.text() for a in state.legal_actions("us") if a.text().endswith(" off")]
    assert "move us.M4.1 6110 off" in leaving
    events = state.apply("move us.M4.1 6110 off")
    left = [e for e in events if isinstance(e, MapLeft)]
    assert [(e.unit, e.hex) for e in left] == [("us.M4.1", "6110")]
    assert left[0].spent == pytest.approx(left[0].cost + 0.5)  # 6110 by road, then beyond
    assert "us.M4.1" not in state.board.hexes
    assert state.entry.exits_at["us.M4.1"] == state.game.amap.resolve("6110")
    later = state.clone()
    while later.segment.id != "plot":
        later.apply(later.legal_actions()[0])
    assert not [a for a in later.legal_actions("us") if "us.M4.1" in a.text()]  # gone [7.23]
    clone = state.clone()
    clone.play.over = True
    outcome = clone.outcome()
    assert outcome is not None
    spec = state.game.specs["us.M4.1"]
    worth = spec.attack_strength + spec.defense_strength + spec.movement_allowance
    assert outcome.vp["us"] == worth  # [19.9]: Attack + Defense + Movement of the exited unit


def test_units_may_not_leave_the_map_elsewhere() -> None:
    state = _at_the_east_edge()
    with pytest.raises(IllegalActionError, match=r"may not leave the map from 6010.*\[7\.23\]"):
        state.apply("move us.M4.1 off")
    west = _state("19.9-sarre-river.yaml")
    assert not any(a.text().endswith(" off") for a in west.legal_actions("us"))


def test_a_wreck_in_a_road_entry_hex_takes_the_road_rate_away() -> None:
    """[18.62] a column entering on a road hex pays the road rate; [10.4] a wreck in a road hex
    negates the road benefit for units moving into it."""
    state = _state("19.4-luneville.yaml")
    _to_us_movement(state, ["us.AH.1"])
    entry = state.game.amap.resolve("0534")
    by_road = entry_cost(state, "us.AH.1", entry)
    assert by_road is not None and by_road.road and by_road.cost == 0.5
    state.losses.wrecks.append("0534")
    wrecked = entry_cost(state, "us.AH.1", entry)
    assert wrecked is not None and not wrecked.road and wrecked.cost > by_road.cost
