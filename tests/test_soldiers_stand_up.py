"""The end of a Command Cycle: the suppressed men of each owner's choice stand up [4].

"When the Command Cycle ends, conduct the following, in sequence: ... Flip suppressed men of
your choice back to their front (non-suppressed) sides" [4]. Dawn Patrol (the Germans have
the advantage, two Command Cycles); the US leader's turn at Aggressive (forced dice: a d10 of
10, a d6 of 1), then both pass and the cycle ends.
"""

from __future__ import annotations

import pytest
from soldiers_scenes import acting, dawn

from model.errors import ProblemList
from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.engine.events import UnitDeployed
from rules.records.position import PositionReader
from rules.soldiers import stand_up
from rules.soldiers.actions import ChoiceAsked, OrderMan
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.stand_up import StandUp

ADLER, BACH = "german.adler", "german.bach"
AUSTIN, US_MAN = "us.austin", "us.e.5"


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    return dawn()


def _cycle_ends(game: SoldiersGame, suppressed: set[str]) -> tuple[SoldiersState, int]:
    """The US leader's Action Phase with ``suppressed`` down; it ends, both pass, the cycle
    ends; the state and where its log stood before the passes."""
    state = acting(game, "us")
    state.troops.suppressed |= suppressed
    state.apply(Done("us"))
    start = len(state.log)
    while state.play.phase == "command" and state.play.cycle == 1:
        state.apply(Done(state.to_act()[0]))
    return state, start


def _stood(state: SoldiersState, start: int) -> list[tuple[str, str]]:
    return [(e.unit, e.how) for e in state.log[start:] if isinstance(e, UnitDeployed)]


def test_4_each_owner_stands_up_the_suppressed_men_of_his_choice(game: SoldiersGame) -> None:
    """[4]: the cycle ends and waits (step cycle-end): the Germans (the advantage, first: our
    reading) may stand Adler or Bach up, or leave the rest down; they stand Adler up and leave
    Bach suppressed. Then the US: Austin stands up, the last of his men, so his choice ends by
    itself and Command Cycle 2 begins with Bach still suppressed."""
    state, start = _cycle_ends(game, {ADLER, BACH, AUSTIN})
    assert state.play.phase == stand_up.PHASE and state.play.cycle == 1
    assert state.to_act() == ("german",)
    assert state.legal_actions("us") == []
    assert state.legal_actions("german") == [StandUp(ADLER), StandUp(BACH), Done("german")]
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert [e.chooser for e in asked] == ["german"] and "[4]" in asked[0].describe()
    progress = state.progress()
    assert progress.rule == "Soldiers (4)" and "German chooses which" in progress.step
    assert state.troops.suppressed == {ADLER, BACH, AUSTIN}  # nobody flipped unasked
    state.apply(StandUp(ADLER))
    assert state.to_act() == ("german",)
    assert state.legal_actions() == [StandUp(BACH), Done("german")]
    state.apply(Done("german"))
    assert state.to_act() == ("us",) and state.play.standing is not None
    assert state.legal_actions() == [StandUp(AUSTIN), Done("us")]
    state.apply(StandUp(AUSTIN))
    assert state.play.standing is None and state.play.cycle == 2
    assert state.play.phase == "command" and state.to_act() == ("german",)
    assert state.troops.suppressed == {BACH}
    assert _stood(state, start) == [
        (ADLER, "stands up: german's choice [4]"),
        (BACH, "stays suppressed: german's choice [4]"),
        (AUSTIN, "stands up: us's choice [4]"),
    ]


def test_4_a_side_without_suppressed_men_is_not_asked(game: SoldiersGame) -> None:
    """[4]: only the US has a suppressed man: the Germans are not asked; with nobody
    suppressed the next cycle begins at once, as before."""
    state, start = _cycle_ends(game, {US_MAN})
    assert state.to_act() == ("us",) and state.legal_actions() == [StandUp(US_MAN), Done("us")]
    state.apply(Done("us"))
    assert state.play.cycle == 2 and state.troops.suppressed == {US_MAN}
    assert [e.chooser for e in state.log[start:] if isinstance(e, ChoiceAsked)] == ["us"]
    calm, _ = _cycle_ends(game, set())
    assert calm.play.standing is None and calm.play.cycle == 2 and calm.play.phase == "command"


def test_4_while_the_choice_waits_nothing_else_is_legal(game: SoldiersGame) -> None:
    """[4]: while the Germans choose, another side's pass, a US man's stand-up and an order
    are refused with the section; a stand-up outside the end of a cycle is refused too."""
    early = acting(game, "us")
    early.troops.suppressed.add(AUSTIN)
    with pytest.raises(IllegalActionError, match=r"only when the Command Cycle ends \[4\]"):
        early.apply(StandUp(AUSTIN))
    state, _ = _cycle_ends(game, {ADLER, AUSTIN})
    for action in (Done("us"), StandUp(AUSTIN), OrderMan(ADLER)):
        with pytest.raises(IllegalActionError, match=r"\[4\]"):
            state.apply(action)
    preview = state.preview(StandUp(ADLER))
    assert preview.legal and preview.rules == ("ending the Command Cycle [4]",)
    assert "German chooses: the Command Cycle ends" in preview.cost
    assert "stay suppressed" in state.preview(Done("german")).cost
    assert not state.preview(StandUp(AUSTIN)).legal


def test_4_a_waiting_choice_survives_clone_position_file_and_replay(game: SoldiersGame) -> None:
    """[4]: the choice waiting is part of the state: a clone and a position file read back
    (step cycle-end) carry it and play on alike; the actions replay to the same fingerprint."""
    state, _ = _cycle_ends(game, {ADLER, BACH, AUSTIN})
    state.apply(StandUp(BACH))
    clone = state.clone()
    position = state.to_position()
    assert position.step == "cycle-end"
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.play.standing == state.play.standing and back.to_act() == ("german",)
    for s in (state, clone, back):
        s.apply(Done("german"))
        s.apply(Done("us"))
        assert s.play.cycle == 2 and s.troops.suppressed == {ADLER, AUSTIN}
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = acting(game, "us")
    again.troops.suppressed |= {ADLER, BACH, AUSTIN}
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_4_the_heuristic_bot_stands_every_man_up_the_random_bot_chooses_legally(
    game: SoldiersGame,
) -> None:
    """[4]: the heuristic bot stands its suppressed men up, as the engine did before the
    players chose; the random bot picks one of the legal choices."""
    state, _ = _cycle_ends(game, {ADLER, BACH, AUSTIN})
    heuristic = make_bot("heuristic", 3)
    while state.play.standing is not None:
        side = state.to_act()[0]
        picked = heuristic.choose(state, side)
        assert isinstance(picked, StandUp)
        state.apply(picked)
    assert state.troops.suppressed == set() and state.play.cycle == 2
    other, _ = _cycle_ends(game, {ADLER, BACH, AUSTIN})
    for seed in range(4):
        legal = other.legal_actions()
        assert make_bot("random", seed).choose(other, "german") in legal


def test_4_a_position_file_s_waiting_choice_is_checked(game: SoldiersGame) -> None:
    """[4]: a position whose step is cycle-end must carry the choice, whose men are the side's
    suppressed men; else it is refused, each problem located."""
    state, _ = _cycle_ends(game, {ADLER, BACH})
    position = state.to_position()
    assert position.state is not None
    lost = position.model_copy(update={"state": {**position.state, "stand_up": None}})
    with pytest.raises(ProblemList) as caught:
        game.state_from_position(lost, PositionReader(game, lost, None))
    assert any("cycle-end has the choice" in p.format() for p in caught.value.problems)
    standing = {**position.state["stand_up"], "men": [ADLER, AUSTIN]}
    wrong = position.model_copy(update={"state": {**position.state, "stand_up": standing}})
    with pytest.raises(ProblemList) as caught:
        game.state_from_position(wrong, PositionReader(game, wrong, None))
    found = [p.format() for p in caught.value.problems]
    assert any("state.stand_up.men: suppressed men of the side choosing [4]" in p for p in found)
