"""Soldiers: the owner's choice of the man who carries his radio [17.1; 17.12; 19.53]
(:mod:`rules.soldiers.radio_choice`): asked at the start of each side with artillery support,
offered as legal actions, kept in clones, fingerprints, position files and replays; the radio's
use follows the man chosen; the bots' choices."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_scenes import DAWN

from model.errors import ProblemList
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.bots.base import RandomBot
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import artillery, radio_choice
from rules.soldiers.actions import ChoiceAsked, SetupNote
from rules.soldiers.artillery import LEADERS
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.kit import radio_carrier
from rules.soldiers.radio_choice import AssignRadio


def _game(sides: tuple[str, ...] = ("us", "german")) -> SoldiersGame:
    """Dawn Patrol with light artillery support bought by ``sides`` [19.42]."""
    loaded = load_scenario(DAWN)
    bought = [
        s.model_copy(
            update={"purchases": [Purchase(item="ART-LIGHT", count=1)] if s.id in sides else []}
        )
        for s in loaded.scenario.sides
    ]
    scenario = loaded.scenario.model_copy(update={"sides": bought})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    return found


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    return _game()


def _private(game: SoldiersGame, side: str) -> str:
    """A non-leader of the side's force on the map at the start."""
    state = game.new_initial_state(1)
    return next(
        m for m in state.able(side) if game.men[m].rank not in LEADERS and game.men[m].team is None
    )


def test_17_1_each_side_with_support_assigns_its_radio_first_the_advantage_first(
    game: SoldiersGame,
) -> None:
    """[17.1; 19.53] "he receives a radio and assigns it to any one man in his force": before
    any other action, the side with the advantage, then the other (our reading), chooses among
    every man of his own force; nothing else is legal until both have."""
    state = game.new_initial_state(1)
    first = state.play.advantage
    second = game.other(first)
    assert state.to_act() == (first,) and state.kit.choosing == (first, second)
    force = sorted(m for m, man in game.men.items() if man.side == first)
    assert state.legal_actions() == [AssignRadio(m) for m in force]
    assert state.legal_actions(second) == []
    asked = [e for e in state.log if isinstance(e, ChoiceAsked)]
    assert asked[-1].chooser == first and "[17.1; 19.42; 19.53]" in asked[-1].why
    assert "[17.1; 19.53]" in (state.why_not(Done(first)) or "")
    enemy = next(m for m, man in game.men.items() if man.side == second)
    assert "is not a man of" in (state.why_not(AssignRadio(enemy)) or "")
    with pytest.raises(IllegalActionError, match=r"\[17\.1\]"):
        state.apply(AssignRadio(enemy))
    chosen = _private(game, first)
    state.apply(f"assign-radio {chosen}")
    assert state.kit.assigned == {first: chosen} and state.to_act() == (second,)
    assert {a.man for a in state.legal_actions()} == {
        m for m, man in game.men.items() if man.side == second
    }
    state.apply(AssignRadio(radio_choice.stand_in(state, second)))
    assert state.kit.choosing == () and AssignRadio(chosen) not in state.legal_actions()
    assert "at the start" in (state.why_not(AssignRadio(chosen)) or "")
    assert radio_carrier(state, first) == chosen


def test_17_1_the_assignment_is_noted_on_his_squad_sheet_secret_from_the_enemy_19_5(
    game: SoldiersGame,
) -> None:
    """[17.1; 19.5] The log names the man to his own side only: the squad sheet is secret."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    man = _private(game, side)
    events = state.apply(AssignRadio(man))
    note = next(e for e in events if isinstance(e, SetupNote))
    assert note.private_to == side and game.unit_name(man) in note.describe()
    assert "[17.1; 19.53]" in note.describe() and "[17.12]" in note.describe()
    assert note not in state.events_for(game.other(side))
    assert note in state.events_for(side)


def test_17_12_the_man_assigned_the_radio_uses_it_the_stand_in_leader_does_not(
    game: SoldiersGame,
) -> None:
    """[17.12] "The man to which a radio is assigned at the start of the scenario, and any leader
    stacked with the man ... may use the radio": a private chosen uses it; the leader the
    engine used to give it to does not, until he stands with the private."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    man = _private(game, side)
    leader = radio_choice.stand_in(state, side)
    state.apply(AssignRadio(man))
    while state.kit.choosing:
        state.apply(AssignRadio(radio_choice.default(state)))
    far = next(h for h in game.amap.hexes if h != state.troops.hexes[man])
    state.troops.hexes[leader] = far
    assert artillery.users(state, side) == [man]
    state.troops.hexes[leader] = state.troops.hexes[man]
    assert artillery.users(state, side) == sorted([man, leader])


def test_17_1_no_choice_without_artillery_support_19_42() -> None:
    """[19.42; 17.1] A side that bought no support has no radio to assign: only the side that
    did is asked; with none bought nobody is."""
    one = _game(("german",))
    state = one.new_initial_state(1)
    assert state.kit.choosing == ("german",) and state.to_act() == ("german",)
    state.apply(AssignRadio(radio_choice.default(state)))
    assert state.kit.choosing == ()
    assert not any(isinstance(a, AssignRadio) for a in state.legal_actions())
    none = _game(())
    plain = none.new_initial_state(1)
    assert plain.kit.choosing == () and plain.to_act() == (plain.play.order[0],)
    assert not any(isinstance(a, AssignRadio) for a in plain.legal_actions())


def test_17_1_the_choice_survives_clone_fingerprint_position_file_and_replay(
    game: SoldiersGame,
) -> None:
    """[17.1]: the choice waiting and the man chosen are part of the state: a clone and a
    position file carry them and play on alike; the actions replay to the same fingerprint;
    another man chosen is another position."""
    state = game.new_initial_state(1)
    first = state.to_act()[0]
    man = _private(game, first)
    state.apply(AssignRadio(man))
    clone = state.clone()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.kit.choosing == state.kit.choosing and back.to_act() == state.to_act()
    assert back.kit.assigned == {first: man}
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, clone, back):
        s.apply(AssignRadio(radio_choice.default(s)))
        assert not s.kit.choosing
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = game.new_initial_state(1)
    for action in state.history:
        again.apply(action.text())
    assert again.fingerprint() == state.fingerprint()
    other = game.new_initial_state(1)
    other.apply(AssignRadio(radio_choice.stand_in(other, first)))
    other.apply(AssignRadio(radio_choice.default(other)))
    assert other.position_fingerprint() != state.position_fingerprint()
    clone.kit.assigned[first] = radio_choice.stand_in(clone, first)
    assert state.kit.assigned[first] == man


def test_17_1_a_position_file_naming_a_man_of_the_other_side_is_refused(
    game: SoldiersGame,
) -> None:
    """[17.1] A position file whose radio is assigned to an enemy man, or that waits on a side
    without support, is reported."""
    state = game.new_initial_state(1)
    first = state.to_act()[0]
    position = state.to_position()
    data = position.model_dump()
    enemy = next(m for m, man in game.men.items() if man.side != first)
    data["state"]["kit"] = {"radios_assigned": {first: enemy}, "radio_choice": ["nobody"]}
    bad = type(position).model_validate(data)
    with pytest.raises(ProblemList) as found:
        game.state_from_position(bad, PositionReader(game, bad, None))
    paths = [p.path for p in found.value.problems]
    assert f"state.kit.radios_assigned.{first}" in paths
    assert "state.kit.radio_choice[0]" in paths


def test_17_1_the_heuristic_bot_keeps_the_stand_in_the_random_bot_any_legal_man(
    game: SoldiersGame,
) -> None:
    """[17.1] The heuristic bot assigns the radio to the leader with the highest command on the
    map at the start (the engine's former stand-in, so its games change least); the random bot
    to any man of his force."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    made = GreedyBot(0).choose(state, side)
    assert made == AssignRadio(game.artillery_support[side].radioman)
    assert game.men[made.man].rank in LEADERS  # type: ignore[attr-defined]
    legal = state.legal_actions(side)
    picks = {RandomBot(seed).choose(state, side) for seed in range(12)}
    assert picks <= set(legal) and len(picks) > 1


def test_17_1_test_play_preview_and_step_text(game: SoldiersGame) -> None:
    """[17.1] Test Play's step, the action's words and its preview cite 17.1; the preview says
    who may use the radio [17.12]."""
    state: SoldiersState = game.new_initial_state(1)
    side = state.to_act()[0]
    progress = state.progress()
    assert progress.rule == "Soldiers (17.1)" and "[17.1]" in progress.step
    man = _private(game, side)
    action = AssignRadio(man)
    assert state.describe(action) == f"Assign the radio to {game.unit_name(man)} [17.1]"
    shown = state.preview(action)
    assert shown.legal and "[17.12]" in str(shown.cost) and "no AP" in str(shown.cost)
    assert "a non-leader who takes it from him may not" in str(shown.cost)
    leader = state.preview(AssignRadio(radio_choice.stand_in(state, side)))
    assert "a leader: he may use it" in str(leader.cost) and "stand-in" in str(leader.cost)
    refused = state.preview(Done(side))
    assert not refused.legal and "[17.1; 19.53]" in str(refused.why_not)
