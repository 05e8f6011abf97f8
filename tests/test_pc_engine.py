"""Panzer Command engine, first slice: chit-pull sequence, actions, fire, replay, random play."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.bots.base import RandomBot, play
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import ChitDrawn, Dispatch, FireExplained, Rally, Select
from rules.panzer_command.fire import apply_result, fire
from rules.panzer_command.game import PcState
from rules.records.position import load_position
from rules.records.replay import Replay
from rules.registry import load_game

SCENARIOS = ["scenarios/panzer-command/point-161.yaml", "scenarios/panzer-command/sowchos-79.yaml"]
POSITIONS = Path(__file__).parent / "positions" / "panzer-command"


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return load_game(load_scenario(SCENARIOS[0]))


def test_preparation_phase_reaction_player_first(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_initial_state(1)
    assert state.play.phase == "prep"
    assert state.to_act() == ("german",)  # Soviet has the Initiative: German spends first [§3.1 C]
    assert Dispatch("german") in state.legal_actions()
    state.apply("dispatch german")
    assert state.command.dp["german"] == 3
    assert "german:regiment-2" in state.command.track[state.play.turn + 1]
    assert Dispatch("german") not in state.legal_actions()
    state.apply("done german")
    assert state.to_act() == ("soviet",)


def test_initiative_roll_and_draw_through_dice(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_initial_state(1)
    state.apply("done german")
    state.apply("done soviet")
    # Initiative rolls (soviet, then german), then Select chances in the Action Phase.
    assert state.play.phase == "action"
    assert Select("soviet") in state.legal_actions()
    state.force_dice(1)  # draws the first chit in the cup
    state.apply("done soviet")
    state.apply("done german")
    drawn = [e for e in state.log if isinstance(e, ChitDrawn)]
    assert drawn[-1].chit == "german:regiment"
    assert state.play.phase == "segment" and state.to_act() == ("german",)


def _segment(game, side: str) -> PcState:  # type: ignore[no-untyped-def]
    state: PcState = game.new_initial_state(3)
    state.apply(f"done {game.reaction}")
    state.apply(f"done {game.initiative}")
    state.apply(f"select {side}")
    assert state.play.phase == "segment" and state.owner == side
    return state


def _at(game, name: str) -> PcState:  # type: ignore[no-untyped-def]
    """A test position (tests/positions/panzer-command/) of the game's scenario."""
    _, state = load_position(POSITIONS / name, game.loaded)
    assert isinstance(state, PcState)
    return state


def test_fire_explained_with_forced_die(game) -> None:  # type: ignore[no-untyped-def]
    state = _at(game, "t34-beside-the-pak.yaml")  # a Soviet Segment, the T-34 next to the PaK
    tank, target = "soviet.su-t34.1", "german.de-pak.1"
    state.force_dice(1)  # a "0": always succeeds [§2.3]
    fire(state, tank, target)
    event = [e for e in state.log if isinstance(e, FireExplained)][-1]
    assert event.hit and event.roll == 0 and event.result is not None
    assert any("[§7.3]" in s for s in event.steps)
    assert event.placeholders  # the CRT and the unit values are placeholders


def test_nine_always_fails(game) -> None:  # type: ignore[no-untyped-def]
    state = _at(game, "t34-beside-the-panzergrenadiers.yaml")
    tank, target = "soviet.su-t34.1", "german.de-panzergrenadier.1"
    state.force_dice(10)
    fire(state, tank, target)
    assert not [e for e in state.log if isinstance(e, FireExplained)][-1].hit


def test_results_suppression_cohesion_step(game) -> None:  # type: ignore[no-untyped-def]
    state = _segment(game, "soviet")
    u = "german.de-panzergrenadier.1"
    state.force_dice(10)  # a "9": fails the Troop Quality roll for a Cohesion Hit instead
    apply_result(state, u, "S")
    apply_result(state, u, "S")  # a second S is a Cohesion Hit [§11.1]
    assert u in state.troops.suppressed and state.troops.cohesion[u] == 1
    apply_result(state, u, "C")
    apply_result(state, u, "C")  # the third Cohesion Hit is a step loss
    assert state.troops.steps[u] == 1
    apply_result(state, u, "E")
    assert u not in state.troops.hexes and u in state.troops.eliminated


def test_actions_round_trip_and_illegal(game) -> None:  # type: ignore[no-untyped-def]
    state = _segment(game, "soviet")
    actions = state.legal_actions()
    assert Done("soviet") in actions
    for a in actions:
        assert game.parse_action(a.text()) == a
    assert game.parse_action("rally x.y.1") == Rally("x.y.1")
    with pytest.raises(IllegalActionError):
        state.apply("fire german.de-pak.1 soviet.su-t34.1")


def test_move_pays_costs(game) -> None:  # type: ignore[no-untyped-def]
    state = _segment(game, "soviet")
    moves = [a for a in state.legal_actions() if a.verb == "move"]
    assert moves
    state.apply(moves[0])
    with pytest.raises(IllegalActionError):
        state.apply(moves[0])  # one Action per unit per Segment [§3.2]


@pytest.mark.parametrize("path", SCENARIOS)
def test_random_game_ends_and_replays(path: str) -> None:
    game = load_game(load_scenario(path))
    state = game.new_initial_state(7)
    play(state, {s: RandomBot(7) for s in game.sides})
    assert state.is_terminal() and state.outcome() is not None
    replay = Replay.of(state)
    again = game.new_initial_state(7)
    for text in replay.actions:
        again.apply(text)
    assert again.fingerprint() == state.fingerprint() == replay.fingerprints[-1]
