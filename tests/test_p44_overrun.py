"""Panzer '44 overruns [13.0]: the +1 MP, the attack and counterattack, the restrictions.

The book gives no worked example of an overrun; the cases are ours, with forced dice. The
position: an M4a (Attack 9 M, Defense [7], MA 5 [3.21]) east of a German rifle platoon (6 R,
Defense 5, MA 1) in the clear hex 1011, and a second M4a by a German platoon in the woods of
1208.
"""

from __future__ import annotations

import functools

import pytest

from model.provenance import unwrap
from model.scenario_io import LoadedScenario, parse_scenario
from model.systems import GameSystem
from model.tables import tables
from rules.engine.actions import SHARED, Action, Done, Move, parse_action
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import HexEntered, MoveEnded, MoveStopped, OverrunResolved, ResultApplied
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.overrun import _attack, why_not_overrunner
from rules.registry import load_game

POSITION = """
schema_version: 1
id: test-p44-overrun
title: Engine test position for overruns
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
      - {unit: M4a, placement: {kind: hex, hex: "1110"}}
      - {unit: Inf, placement: {kind: hex, hex: "0812"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1011"}}
      - {unit: Inf, placement: {kind: hex, hex: "1208"}}
      - {unit: PzV, placement: {kind: hex, hex: "1520"}}
first_player: us
length: {turns: 2, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "overrun.yaml")


def new_state() -> Panzer44State:
    game = load_game(position())
    assert isinstance(game, Panzer44Game)
    return game.new_initial_state(1)


def to_movement(state: Panzer44State, *units: str) -> None:
    for unit in units:
        state.apply(Plot(unit, "MV"))
    state.apply(Done("us"))
    state.apply(Done("german"))
    assert state.segment.id == "first-player-movement"


def crt(roll: int, superiority: int) -> str:
    return str(unwrap(tables(GameSystem.PANZER44)["combat-results"].cell(roll, superiority)))


@pytest.mark.parametrize(
    "text",
    [
        "move us.M4a.1 0911 overrun 1011 1012",
        "move us.M4a.1 overrun 0911 0810",
        "move us.T.1 mount 0812",
        "move us.T.1 dismount 0810",
        "move us.Inf.1 scatter",
    ],
)
def test_the_new_moves_parse_and_round_trip(text: str) -> None:
    action = parse(text)
    assert isinstance(action, Move) and action.text() == text
    assert parse(action.text()) == action


def test_only_an_afv_of_5_and_more_overruns() -> None:
    state = new_state()
    assert why_not_overrunner(state, "us.M4a.1") is None
    assert "Hard target of M Weapons Class" in (why_not_overrunner(state, "us.Inf.1") or "")


def test_an_overrun_is_listed_costs_one_more_and_ignores_roads() -> None:
    state = new_state()
    to_movement(state, "us.M4a.1")
    overruns = [m.text() for m in state.legal_actions("us") if "overrun" in m.text()]
    assert "move us.M4a.1 0911 overrun 1011 1012" in overruns
    # 0911 1 + 1011 clear 1 and the overrun's 1 [13.0] + 1012 1 + 1013 1 = 5 of 5: legal ...
    state.clone().apply("move us.M4a.1 0911 overrun 1011 1012 1013")
    # ... one more hex is not [7.13], [13.4].
    with pytest.raises(IllegalActionError, match=r"6 MP of 5.*\[13\.4\]"):
        state.apply("move us.M4a.1 0911 overrun 1011 1012 1013 1014")


def test_the_attack_and_counterattack_with_forced_dice_and_the_stop() -> None:
    state = new_state()
    to_movement(state, "us.M4a.1")
    state.force_dice(4, 5)  # the overrun attack, then the counterattack
    events = state.apply("move us.M4a.1 0911 overrun 1011 1012 1013")
    entered = [(e.hex, e.cost, e.spent) for e in events if isinstance(e, HexEntered)]
    assert entered == [("0911", 1, 1), ("1011", 2, 3), ("1012", 1, 4)]  # +1 in 1011 [13.0]
    attack, counter = [e for e in events if isinstance(e, OverrunResolved)]
    # Printed 9 less Defense 5 = +4, no terrain [13.0]; the R Class counterattacks: 6 - 7.
    assert (attack.superiority, attack.roll, attack.result) == (4, 4, crt(4, 4))
    assert (counter.attacker, counter.superiority, counter.roll) == ("german.Inf.1", -1, 5)
    assert counter.result == crt(5, -1) == "(P)"
    # Both results at once [13.11]; a (P) from the counterattack stops the AFV [13.22] in its
    # exit hex, where it takes its result.
    applied = [(e.unit, e.result) for e in events if isinstance(e, ResultApplied)]
    assert applied[:2] == [("german.Inf.1", crt(4, 4)), ("us.M4a.1", "(P)")]
    assert any(isinstance(e, MoveStopped) and "[13.22]" in e.reason for e in events)
    ended = next(e for e in events if isinstance(e, MoveEnded))
    assert (ended.hex, ended.spent) == ("1012", 4)
    assert state.game.name(state.board.hexes["german.Inf.1"]) == "1011"


def test_a_counterattack_is_made_at_minus_3_at_worst() -> None:
    state = new_state()
    state.force_dice(3)
    # A rifle platoon (5) against a Panther's Defense 10: -5, raised to -3 [13.6].
    assert _attack(state, "us.Inf.1", "german.PzV.1", "1520", "counterattack", -5) == crt(3, -3)
    resolved = [e for e in state.log if isinstance(e, OverrunResolved)][-1]
    assert resolved.superiority == -3 and "[13.6]" in resolved.note


def test_an_overrun_into_woods_is_refused() -> None:
    state = new_state()
    to_movement(state, "us.M4a.2")
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=r"woods hex .*\[13\.23\]"):
        state.apply("move us.M4a.2 1109 overrun 1208 1209")
    assert state.fingerprint() == before
    assert not [m for m in state.legal_actions("us") if "1208" in m.text()]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("move us.M4a.1 0911 overrun 1011", r"must leave 1011 .*\[13\.24\]"),
        ("move us.M4a.1 0911 overrun 1011 1012 overrun 1013", r"one overrun .*\[13\.22\]"),
        ("move us.M4a.1 0911 1011 1012", r"an enemy unit is there \[7\.21\]"),
    ],
)
def test_overruns_that_break_the_rules_are_refused(text: str, message: str) -> None:
    state = new_state()
    to_movement(state, "us.M4a.1")
    with pytest.raises(IllegalActionError, match=message):
        state.apply(text)


def parse(text: str) -> Action:
    """A text read by the verbs of a Panzer '44 game."""
    return parse_action(text, (*SHARED, *Panzer44Game.actions))
