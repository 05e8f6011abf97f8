"""The engine core: actions as text, errors, dice, fingerprints, replays and random play."""

from __future__ import annotations

import functools
import math
import random
from pathlib import Path

import pytest

from model.hexes import Hex
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.bots.base import RandomBot, play
from rules.engine.actions import SHARED, Action, Done, ForceDice, Move, parse_action
from rules.engine.core import State
from rules.engine.dice import Dice
from rules.engine.errors import (
    ActionSyntaxError,
    IllegalActionError,
    ReplayError,
    UnsupportedGameError,
)
from rules.engine.events import DieRolled
from rules.panzer44.actions import Plot
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios"

SMALL = """
schema_version: 1
id: test-p44-small
title: Engine core test position
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
      - {unit: Inf, placement: {kind: hex, hex: "0812"}}
      - {unit: T, placement: {kind: hex, hex: "0712"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: PzV, placement: {kind: hex, hex: "1213"}}
      - {unit: SMG, placement: {kind: hex, hex: "1214"}}
      - {unit: SPW, placement: {kind: hex, hex: "1312"}}
first_player: us
length: {turns: 10, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def small() -> LoadedScenario:
    return parse_scenario(SMALL, "small.yaml")


def new_state(seed: int = 7) -> State:
    return load_game(small()).new_initial_state(seed)


def bot_game(seed: int, bot_seed: int) -> State:
    state = new_state(seed)
    play(state, {"us": RandomBot(bot_seed), "german": RandomBot(bot_seed + 1)})
    return state


# --- actions --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "plot german.PzV.3 MV",
        "plot us.M4.1 DF 1215",
        "plot us.81m.1 IF 1215 L",
        "plot us.105f.1 CB T",
        "plot german.20/4.1 OF 3120 T",
        "plot us.Inf.2 CA 1216",
        "move german.PzV.3 1215 1216 1215",
        "done german",
        "force-dice 3 5 1",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    action = parse(text)
    assert action.text() == text
    assert parse(action.text()) == action
    assert hash(action) == hash(parse(text))  # frozen values


def test_every_legal_action_of_a_game_round_trips() -> None:
    state = new_state()
    bot = RandomBot(3)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions  # never empty unless the game is over
        for action in actions:
            assert parse(action.text()) == action
        side = state.to_act()[0]
        state.apply(bot.choose(state, side))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty text is not an action"),
        ("fly us.M4.1", "unknown action 'fly'"),
        ("plot us.M4.1", "write 'plot UNIT TASK"),
        ("plot us.M4.1 XX", "'XX' is not a task code"),
        ("plot us.M4.1 DF", r"a DF plot needs its target hex \[5\.0\]"),
        ("plot us.81m.1 IF 1215 Q", "'Q' is not a pattern"),
        ("plot us.105f.1 CB", r"a CB plot needs its pattern, T or L \[6\.73\]"),
        ("plot us.M4.1 MV 1215", "unexpected '1215'"),
        ("move us.M4.1", "write 'move UNIT HEX"),
        ("move us.M4.1 12,15", "'12,15' is not a hex"),
        ("done", "write 'done SIDE'"),
        ("force-dice 0", "whole numbers, each 1 to 1000"),
    ],
)
def test_text_that_is_not_an_action_is_a_syntax_error(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        parse(text)
    with pytest.raises(ActionSyntaxError):
        new_state().apply(text)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("plot nobody.X.1 MV", "there is no unit 'nobody.X.1'"),
        ("move us.M4a.1 0809", r"units move in the Movement Phase \[4\.1\]"),
        ("done russia", "there is no side 'russia'"),
        ("plot us.M4a.1 OF 3030", r"31 hexes is beyond its range of 10 \[6\.92\]"),
        ("plot us.M4a.1 IF 1213", r"artillery and mortars fire Indirect Fire \[6\.71\]"),
    ],
)
def test_an_illegal_action_raises_and_changes_nothing(action: str, message: str) -> None:
    state = new_state()
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert state.fingerprint() == before and state.history == []


def test_syntax_and_illegal_are_different_errors() -> None:
    assert not issubclass(IllegalActionError, ActionSyntaxError)
    assert not issubclass(ActionSyntaxError, IllegalActionError)


def test_a_scenario_whose_forces_are_bought_cannot_be_played_until_they_are() -> None:
    with pytest.raises(UnsupportedGameError, match=r"no fixed forces.*buy the forces"):
        load_game(load_scenario(SCENARIOS / "soldiers" / "21-hedgerow-assault.yaml"))


# --- dice -----------------------------------------------------------------------------------


def test_dice_are_seeded_from_random_alone() -> None:
    rng = random.Random(42)
    expected = [math.floor(rng.random() * 6) + 1 for _ in range(20)]
    dice = Dice(42)
    assert [dice.roll(6).result for _ in range(20)] == expected
    assert Dice(42).roll(10) == Dice(42).roll(10)


def test_forced_dice_come_first_are_recorded_and_replay() -> None:
    state = new_state()
    rng = random.Random(7)
    unforced = math.floor(rng.random() * 6) + 1
    state.force_dice(3, 5)
    assert [state.roll("a test") for _ in range(3)] == [3, 5, unforced]
    rolls = [e for e in state.log if isinstance(e, DieRolled)]
    assert [(r.result, r.forced, r.purpose) for r in rolls] == [
        (3, True, "a test"),
        (5, True, "a test"),
        (unforced, False, "a test"),
    ]
    assert state.history == [ForceDice((3, 5))]  # forcing is an action: a replay keeps it
    state.force_dice(7)
    with pytest.raises(ValueError, match="not a face of a d6"):
        state.roll("a test")


# --- determinism, clones and replays --------------------------------------------------------


def test_the_same_seed_and_actions_give_the_same_fingerprints() -> None:
    first = bot_game(seed=5, bot_seed=11)
    second = new_state(5)
    assert second.fingerprint() != first.fingerprint()
    for action in first.history:
        second.apply(action.text())
    assert second.fingerprint() == first.fingerprint()
    assert new_state(5).fingerprint() != new_state(6).fingerprint()  # the dice differ


def test_a_clone_is_independent() -> None:
    state = new_state()
    state.apply(Plot("us.M4a.1", "MV"))
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    copy.apply(Done("us"))
    copy.roll("a clone's roll")
    assert copy.fingerprint() != state.fingerprint()
    assert state.to_act() == ("us", "german") and state.log[-1].kind == "plotted"
    assert state.roll("the original's roll") == new_state().clone().roll("same seed")


def test_a_replay_is_text_and_replays_to_the_same_fingerprints() -> None:
    state = new_state(3)
    state.force_dice(6)  # a forced die is an action like any other: it replays
    play(state, {"us": RandomBot(4), "german": RandomBot(5)})
    record = Replay.of(state)
    text = record.to_text()
    assert '"rules_version": "panzer44-0.1"' in text and '"seed": 3' in text
    again = Replay.from_text(text)
    assert again == record
    result = replay(again, loaded=small())
    assert result.fingerprints == list(record.fingerprints)
    assert result.state.fingerprint() == state.fingerprint()
    assert len(result.fingerprints) == len(state.history) + 1
    halfway = replay(again, loaded=small(), stop_after=10)
    assert halfway.state.fingerprint() == record.fingerprints[10]


def test_a_replay_that_diverges_says_where() -> None:
    record = Replay.of(bot_game(seed=3, bot_seed=4))
    prints = list(record.fingerprints)
    prints[4] = "0" * 64
    tampered = Replay(
        record.scenario, record.scenario_id, record.rules_version, 3, record.actions, tuple(prints)
    )
    with pytest.raises(ReplayError, match="diverges at action 4"):
        replay(tampered, loaded=small())
    with pytest.raises(ReplayError, match="not a replay file"):
        Replay.from_text("{}")


def test_a_replay_of_a_book_scenario_loads_it_from_its_path() -> None:
    loaded = load_scenario(SCENARIOS / "panzer44" / "19.2-sedan-revenged.yaml")
    state = load_game(loaded).new_initial_state(9)
    bot = RandomBot(2)
    for _ in range(40):
        state.apply(bot.choose(state, state.to_act()[0]))
    result = replay(Replay.from_text(Replay.of(state).to_text()))
    assert result.state.fingerprint() == state.fingerprint()


# --- random play ----------------------------------------------------------------------------


def test_a_random_bot_plays_ten_turns_keeping_the_invariants() -> None:
    state = new_state(seed=21)
    assert isinstance(state, Panzer44State)
    bots = {"us": RandomBot(1), "german": RandomBot(2)}
    moves = 0
    while not state.is_terminal():
        side = state.to_act()[0]
        action = bots[side].choose(state, side)
        state.apply(action)
        moves += isinstance(action, Move)
        stacks: dict[Hex, list[str]] = {}
        for unit, h in state.board.hexes.items():
            stacks.setdefault(h, []).append(unit)
            assert h in state.game.terrain  # every unit on the map
        for units in stacks.values():  # one unit per hex, a carrier on its passenger [8.2]
            riders = [u for u in units if u in state.board.carried_by]
            assert len(units) - len(riders) == 1
    assert state.play.turn == 10 and moves > 0
    assert state.outcome() is not None


def test_a_book_scenario_with_carriers_plays_to_the_end() -> None:
    loaded = load_scenario(SCENARIOS / "panzer44" / "19.2-sedan-revenged.yaml")
    state = load_game(loaded).new_initial_state(4)
    assert isinstance(state, Panzer44State)
    assert len(state.board.carried_by) == 16  # 9 M1 on M3s, 7 German units on SPWs [19.2]
    play(state, {"french": RandomBot(5), "german": RandomBot(6)})
    assert state.is_terminal() and state.play.turn == 8
    for passenger, carrier in state.board.carried_by.items():
        assert state.board.hexes[passenger] == state.board.hexes[carrier]  # carried along [9.2]


def test_a_game_reads_its_own_verbs_and_no_others() -> None:
    """No process-wide table of verbs: each game reads its system's actions and the shared ones,
    whatever other systems are loaded."""
    from rules.armor.game import ArmorGame
    from rules.soldiers.game import SoldiersGame

    p44 = (*SHARED, *Panzer44Game.actions)
    assert type(parse_action("order us.M4.1 2RR1", (*SHARED, *ArmorGame.actions))).__module__ == (
        "rules.armor.orders"
    )
    soldiers = (*SHARED, *SoldiersGame.actions)
    assert type(parse_action("order-man us.austin", soldiers)).__module__ == (
        "rules.soldiers.actions"
    )
    with pytest.raises(ActionSyntaxError, match="unknown action 'order'"):
        parse_action("order us.M4.1 2RR1", p44)
    assert parse_action("done us", soldiers) == parse_action("done us", p44)


def parse(text: str) -> Action:
    """A text read by the verbs of a Panzer '44 game."""
    return parse_action(text, (*SHARED, *Panzer44Game.actions))
