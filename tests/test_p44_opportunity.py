"""Panzer '44 Opportunity Fire [6.5]: the Line of OF, its trigger, once per unit, at once.

The book has no worked example of Opportunity Fire; the position is our own on the Panzer '44
map, all clear hexes. The US M4a in 0810 plots OF at 1212: the line runs along one hex row,
0911 1011 1112 1212 [6.52]. The Germans move in the Second Player's Movement Phase.
"""

from __future__ import annotations

import functools

import pytest

from model.scenario_io import LoadedScenario, parse_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import FireResolved, MoveStopped, OpportunityTriggered, ResultApplied
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.opportunity import line_of_fire
from rules.registry import load_game

POSITION = """
schema_version: 1
id: test-p44-of
title: Opportunity fire test position
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
      - {unit: M4a, placement: {kind: hex, hex: "0810"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: PzV, placement: {kind: hex, hex: "1211"}}
      - {unit: Inf, placement: {kind: hex, hex: "1012"}}
      - {unit: Inf, placement: {kind: hex, hex: "1014"}}
first_player: us
length: {turns: 2, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "of.yaml")


def new_state() -> Panzer44State:
    game = load_game(position())
    assert isinstance(game, Panzer44Game)
    return game.new_initial_state(1)


def to_german_movement(state: Panzer44State, of: str = "plot us.M4a.1 OF 1212") -> None:
    state.apply(of)
    for unit in ("german.PzV.1", "german.Inf.1", "german.Inf.2"):
        state.apply(f"plot {unit} MV")  # the last plot ends the phase
    assert state.segment.id == "second-player-movement"


def test_the_line_runs_from_the_firers_hex_to_the_target_hex_inclusive() -> None:
    state = new_state()
    a, name = state.game.amap, state.game.name
    line = line_of_fire(a.resolve("0810"), a.resolve("1212"))
    assert sorted(name(h) for h in line.hexes) == ["0911", "1011", "1112", "1212"]


def test_of_plots_are_listed_and_checked() -> None:
    state = new_state()
    listed = [p for p in state.legal_actions("us") if isinstance(p, Plot) and p.task == "OF"]
    assert 1 <= len(listed) <= 6
    for plot in listed:
        state.clone().apply(plot)
    with pytest.raises(IllegalActionError, match=r"beyond its range of 10 \[6.92\]"):
        state.apply("plot us.M4a.1 OF 2110")
    with pytest.raises(IllegalActionError, match=r"pattern"):
        state.apply("plot us.M4a.1 OF 1212 T")


def test_a_move_off_the_line_does_not_trigger_and_one_onto_it_does_at_once() -> None:
    state = new_state()
    to_german_movement(state)
    quiet = state.apply("move german.Inf.2 1015")  # 1015 is off the line
    assert not [e for e in quiet if isinstance(e, OpportunityTriggered | FireResolved)]
    state.force_dice(6)
    events = state.apply("move german.PzV.1 1112 1113 1114")
    trigger = next(e for e in events if isinstance(e, OpportunityTriggered))
    assert (trigger.firer, trigger.unit, trigger.hex) == ("us.M4a.1", "german.PzV.1", "1112")
    fire = next(e for e in events if isinstance(e, FireResolved))
    assert fire.task == "OF" and "[6.5]" in fire.rule and fire.roll == 6
    assert fire.result.startswith("D-") or fire.result == "Pin"
    applied = next(e for e in events if isinstance(e, ResultApplied))
    assert applied.unit == "german.PzV.1"  # applied at once, not at the end of a phase [6.55]
    assert any(isinstance(e, MoveStopped) and "[6.55]" in e.reason for e in events)
    assert state.game.name(state.board.hexes["german.PzV.1"]) == "1112"  # it stops there
    assert state.fire.spotted["us.M4a.1"] == state.board.hexes["us.M4a.1"]  # it fired [11.14]


def test_an_of_unit_fires_once_a_game_turn() -> None:
    state = new_state()
    to_german_movement(state)
    state.force_dice(1)
    first = state.apply("move german.PzV.1 1112 1113 1114")
    assert any(isinstance(e, OpportunityTriggered) for e in first)
    again = state.apply("move german.Inf.1 1011")  # on the line too
    assert not [e for e in again if isinstance(e, OpportunityTriggered | FireResolved)]


def test_of_is_not_plotted_where_the_scenario_bans_it() -> None:
    text = POSITION.replace(
        "victory: {scoring: most-vp}",
        "special_rules:\n  - kind: fire-ban\n    sides: [us]\n    fire: [opportunity]\n"
        "    turns: {first: 1, last: 1}\n    note: test\nvictory: {scoring: most-vp}",
    )
    game = load_game(parse_scenario(text, "ban.yaml"))
    state = game.new_initial_state(1)
    assert not [p for p in state.legal_actions("us") if isinstance(p, Plot) and p.task == "OF"]
    with pytest.raises(IllegalActionError, match="bans us's opportunity fire"):
        state.apply("plot us.M4a.1 OF 1212")
