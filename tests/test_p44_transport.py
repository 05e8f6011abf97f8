"""Panzer '44 transport [9.0]: mount, move and dismount as plotted MV tasks; a passenger's
fate with its carrier; mounted set-up.

The book gives no worked example of transport; the cases are ours. The position: a US truck
(a carrier [9.5]) beside a rifle platoon (MA 1) and a 57mm AT gun (MA 0), the Germans far off.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import Dismounted, Mounted, ResultApplied
from rules.panzer44.fire import fire_plots, why_not_fire
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.results import apply_results
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

POSITION = """
schema_version: 1
id: test-p44-transport
title: Engine test position for transport
system: panzer44
original: true
map:
  layout:
    sections: [{section: P44}]
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: T, placement: {kind: hex, hex: "0712"}}
      - {unit: Inf, placement: {kind: hex, hex: "0812"}}
      - {unit: 57a, placement: {kind: hex, hex: "0713"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: PzV, placement: {kind: hex, hex: "1520"}}
first_player: us
length: {turns: 4, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "transport.yaml")


def new_state() -> Panzer44State:
    game = load_game(position())
    assert isinstance(game, Panzer44Game)
    return game.new_initial_state(1)


def plot(state: Panzer44State, *units: str) -> None:
    for unit in units:
        state.apply(Plot(unit, "MV"))
    if "us" in state.to_act():
        state.apply(Done("us"))
    if "german" in state.to_act():
        state.apply(Done("german"))


def where(state: Panzer44State, unit: str) -> str:
    return state.game.name(state.board.hexes[unit])


def test_mount_then_move_then_dismount() -> None:
    state = new_state()
    plot(state, "us.T.1", "us.Inf.1")  # both plotted MV [9.6]
    moves = [m.text() for m in state.legal_actions("us")]
    assert "move us.T.1 mount 0812" in moves
    events = state.apply(Move("us.T.1", ("mount", "0812")))
    assert [e.passenger for e in events if isinstance(e, Mounted)] == ["us.Inf.1"]
    # The carrier on top of its passenger [8.2]; both spent their whole allowance [9.11]: the
    # Movement Phase is over, the passenger met the must-move rule [9.6].
    assert state.board.carried_by == {"us.Inf.1": "us.T.1"}
    assert where(state, "us.T.1") == where(state, "us.Inf.1") == "0812"
    assert state.play.turn == 2
    # Game-Turn 2: the truck moves, the passenger with it [9.0]; the passenger may not fire.
    assert why_not_fire(state, "us.Inf.1") == "a passenger may not fire [9.4]"
    assert fire_plots(state, "us.Inf.1") == []
    plot(state, "us.T.1")
    state.apply(Move("us.T.1", ("0811",)))
    assert where(state, "us.Inf.1") == "0811" and state.play.turn == 3
    # Game-Turn 3: both plotted MV; the truck is placed in an adjacent hex [9.13].
    plot(state, "us.T.1", "us.Inf.1")
    assert Move("us.T.1", ("dismount", "0810")) in state.legal_actions("us")
    assert not [m for m in state.legal_actions("us") if m.text().startswith("move us.Inf.1")]
    events = state.apply(Move("us.T.1", ("dismount", "0810")))
    assert [(e.hex, e.carrier_hex) for e in events if isinstance(e, Dismounted)] == [
        ("0811", "0810")
    ]
    assert state.board.carried_by == {} and where(state, "us.Inf.1") == "0811"
    assert state.play.turn == 4


def test_an_at_gun_is_plotted_to_move_only_to_be_mounted() -> None:
    state = new_state()
    # MA 0, but the truck is beside it: it may be plotted MV to be mounted [9.6], [9.13].
    assert Plot("us.57a.1", "MV") in state.legal_actions("us")
    plot(state, "us.T.1", "us.57a.1")
    assert [m.text() for m in state.legal_actions("us") if m.unit == "us.57a.1"] == []
    state.apply(Move("us.T.1", ("mount", "0713")))
    assert state.board.carried_by == {"us.57a.1": "us.T.1"}


def test_one_passenger_per_carrier_and_both_plotted() -> None:
    state = new_state()
    plot(state, "us.T.1")  # the rifle platoon was not plotted MV [9.6]
    with pytest.raises(IllegalActionError, match=r"us\.Inf\.1 was not plotted MV.*\[9\.6\]"):
        state.apply(Move("us.T.1", ("mount", "0812")))
    state = new_state()
    plot(state, "us.T.1", "us.Inf.1")
    state.apply(Move("us.T.1", ("mount", "0812")))
    # Full: the AT gun may no longer be plotted to be mounted [9.12].
    assert Plot("us.57a.1", "MV") not in state.legal_actions("us")
    with pytest.raises(IllegalActionError, match="moves only when carried"):
        state.apply(Plot("us.57a.1", "MV"))


def test_a_mount_from_a_hex_not_adjacent_is_refused() -> None:
    state = new_state()
    plot(state, "us.T.1", "us.Inf.1")
    with pytest.raises(IllegalActionError, match=r"\[9\.13\]"):
        state.apply(Move("us.T.1", ("mount", "0912")))


def test_a_carrier_destroyed_takes_its_passenger_with_it() -> None:
    state = new_state()
    plot(state, "us.T.1", "us.Inf.1")
    state.apply(Move("us.T.1", ("mount", "0812")))
    start = len(state.log)
    apply_results(state, [("us.T.1", "D-4")])
    applied = [e for e in state.log[start:] if isinstance(e, ResultApplied)]
    assert [(e.unit, e.destroyed) for e in applied] == [("us.T.1", True), ("us.Inf.1", True)]
    assert "[9.22]" in applied[1].rule
    assert "us.Inf.1" not in state.board.hexes and "us.Inf.1" not in state.board.carried_by


def test_mounted_set_up_from_the_scenario() -> None:
    # 19.2: "All units for both Players must be mounted": each M1 rides an M3.
    game = load_game(load_scenario(SCENARIOS / "19.2-sedan-revenged.yaml"))
    assert isinstance(game, Panzer44Game)
    state = game.new_initial_state(1)
    riders = {p for p in state.board.carried_by if p.startswith("french.")}
    assert riders and all(
        state.board.hexes[p] == state.board.hexes[c] for p, c in state.board.carried_by.items()
    )


@pytest.mark.parametrize(
    ("rule", "forces", "carried"),
    [
        (
            "required",
            '[{unit: T, placement: {kind: hex, hex: "0712"}},'
            ' {unit: Inf, placement: {kind: hex, hex: "0812"}}]',
            {"us.Inf.1": "us.T.1"},
        ),
        (
            "forbidden",
            '[{unit: T, label: t, placement: {kind: hex, hex: "0712"}},'
            " {unit: Inf, mounted_on: t}]",
            {},
        ),
    ],
)
def test_side_mounted_setup(rule: str, forces: str, carried: dict[str, str]) -> None:
    text = POSITION.replace(
        "    nation: us\n    forces:\n"
        '      - {unit: T, placement: {kind: hex, hex: "0712"}}\n'
        '      - {unit: Inf, placement: {kind: hex, hex: "0812"}}\n'
        '      - {unit: 57a, placement: {kind: hex, hex: "0713"}}\n',
        f"    nation: us\n    mounted_setup: {rule}\n    forces: {forces}\n",
    )
    game = load_game(parse_scenario(text, f"{rule}.yaml"))
    assert isinstance(game, Panzer44Game)
    state = game.new_initial_state(1)
    assert state.board.carried_by == carried
    assert len(set(state.board.hexes.values())) == len(state.board.hexes) - len(carried)
    note = [e.describe() for e in state.log if "mounted" in e.describe()][-1]
    assert "[9.0]" in note
