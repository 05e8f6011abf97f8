"""Catastrophic loss [6.28]: the owning player chooses the command chit his squad loses,
through the engine's actions.

"If at least 50% of a squad's men (including any leader) have been disabled, remove one of the
squad's command chits (your choice) from the Command Track. If 75% of the squad's men
(including any leader) have been disabled, remove another of the squad's chits" [6.28]; "Men
lost to depletion do not count towards catastrophic loss (6.28)" [19.21]. Dawn Patrol: the
German squad E has ten men and three chits (Adler's, Bach's, the independent one); in the US
leader turn (Aggressive) the M1 rifleman us.e.5 fires at German riflemen 2 clear hexes off,
four of squad E already disabled. Forced dice: the fire roll, then the damage roll (an
unmodified 10 always kills [8.42]).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from soldiers_scenes import acting, dawn
from test_soldiers_bought import _depleted_elite, _forced_state
from test_soldiers_damage_choice import RIFLEMAN, SHOOTER, _scene

from model.errors import ProblemList
from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader, load_position, position_text
from rules.soldiers import chit_loss
from rules.soldiers.actions import ChitMoved, ChoiceAsked, Commit, OrderMan, Shoot
from rules.soldiers.chit_loss import RemoveChit
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.invariants import invariants
from rules.soldiers.records import OFF

SQUAD = "german.e"
SL, ASL, IND = "german.e.sl", "german.e.asl", "german.e.ind"
EARLIER = ("german.e.10", "german.e.3", "german.e.4", "german.e.5")  # disabled before
SECOND = "german.e.9"  # the second rifleman fired at


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    return dawn()


def _half(game: SoldiersGame) -> tuple[SoldiersState, str, int]:
    """The US M1 rifleman's aimed shot (forced: a roll of 1 hits, a damage roll of 10 kills)
    kills german.e.6, the fifth of squad E's ten men disabled; the hex fired at, and the
    log's length before the shot."""
    state, hex_name = _scene(game, [RIFLEMAN])
    for m in EARLIER:
        state.troops.disabled[m] = "killed"
    start = len(state.log)
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    assert state.troops.disabled[RIFLEMAN] == "killed"
    return state, hex_name, start


def _removed(state: SoldiersState, start: int) -> list[tuple[str, str]]:
    return [
        (e.chit, e.why) for e in state.log[start:] if isinstance(e, ChitMoved) and e.space == OFF
    ]


def test_6_28_half_disabled_in_the_enemy_turn_the_owner_chooses_the_chit(
    game: SoldiersGame,
) -> None:
    """[6.28]: the US shot disables the fifth of squad E's ten men (50%): in the US Action
    Phase the German player is asked (the US has nothing legal); all three chits are offered;
    he removes Adler's chit, not the independent one the bots would: it goes Off the Command
    Track for good and is never committed again; the US plays on."""
    state, _, start = _half(game)
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and asked[0].chooser == "german"
    assert "5 of squad E's 10 men disabled" in asked[0].why and "[6.28]" in asked[0].why
    assert state.to_act() == ("german",)
    offered = [RemoveChit(ASL), RemoveChit(IND), RemoveChit(SL)]
    assert state.legal_actions() == offered and state.legal_actions("us") == []
    assert state.legal_actions("german") == offered
    assert chit_loss.default(state) == IND  # the former stand-in: all in Start
    assert not _removed(state, start)  # nothing removed before he chooses
    state.apply(RemoveChit(SL))
    assert state.track.removed == {SL} and state.track.space[SL] == OFF
    assert state.track.losing is None
    assert [c for c, _ in _removed(state, start)] == [SL]
    why = _removed(state, start)[0][1]
    assert "5 of the squad's 10 men disabled" in why and "(german's choice) [6.28]" in why
    assert state.to_act() == ("us",) and state.active.chit == "us.e.sl"
    assert SL not in state.committable("german")


def test_6_28_three_quarters_disabled_asks_for_another_chit(game: SoldiersGame) -> None:
    """[6.28]: after Adler's chit went at 50%, two more of squad E disabled and a second US
    shot (forced: 1, 10) kills german.e.9: 8 of 10 (80%, at least 75%): the German is asked
    again, between the two chits left; he removes Bach's; the independent chit stays."""
    state, hex_name, _ = _half(game)
    state.apply(RemoveChit(SL))
    for m in ("german.e.7", "german.e.8"):
        state.troops.disabled[m] = "killed"
    state.troops.hexes[SECOND] = game.by_name[hex_name]
    start = len(state.log)
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "quick"))
    assert state.troops.disabled[SECOND] == "killed"
    assert state.to_act() == ("german",)
    assert state.legal_actions() == [RemoveChit(ASL), RemoveChit(IND)]
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and "8 of squad E's 10 men disabled" in asked[0].why
    state.apply(RemoveChit(ASL))
    assert state.track.removed == {SL, ASL} and state.track.space[IND] == "Start"
    assert state.to_act() == ("us",)


def test_6_28_the_acting_chit_is_not_offered_and_a_single_chit_goes_unasked(
    game: SoldiersGame,
) -> None:
    """[6.28] our reading: in the German leader turn (Adler's chit active) squad E is found
    with 8 of 10 disabled, both chits due at once: he chooses between Bach's and the
    independent chit only (the log says why the active one is not offered); the other then
    goes unasked, the only chit he may remove; Adler's chit acts on."""
    state = acting(game, "german")
    assert state.active.chit == SL
    for m in (*EARLIER, RIFLEMAN, "german.e.7", "german.e.8", SECOND):
        state.troops.disabled[m] = "killed"
    start = len(state.log)
    state.apply(OrderMan("german.adler"))
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and "not Adler's chit, acting now (our reading)" in asked[0].why
    assert state.legal_actions() == [RemoveChit(ASL), RemoveChit(IND)]
    with pytest.raises(IllegalActionError, match=r"may not be removed.*\[6\.28\]"):
        state.apply(RemoveChit(SL))
    state.apply(RemoveChit(IND))
    assert state.track.removed == {IND, ASL} and state.active.chit == SL
    removed = _removed(state, start)
    assert [c for c, _ in removed] == [IND, ASL]
    assert "(the only chit he may remove) [6.28]" in removed[1][1]
    assert len([e for e in state.log[start:] if isinstance(e, ChoiceAsked)]) == 1
    assert state.to_act() == ("german",) and state.active.current == "german.adler"


def test_6_28_while_the_choice_waits_nothing_else_is_legal(game: SoldiersGame) -> None:
    """[6.28]: the US end of phase, a German pass and a chit of another squad are refused with
    the section; a remove-chit with no choice waiting too."""
    state, _, _ = _half(game)
    early = acting(game, "us")
    with pytest.raises(IllegalActionError, match=r"no squad waits"):
        early.apply(RemoveChit(IND))
    for refused in (Done("us"), Done("german"), RemoveChit("us.e.ind")):
        with pytest.raises(IllegalActionError, match=r"\[6\.28\]"):
            state.apply(refused)
    assert state.progress().rule == "Soldiers (6.28)"
    assert state.progress().to_act == ("german",)


def test_6_28_preview_and_view_say_what_each_chit_s_removal_does(game: SoldiersGame) -> None:
    """[6.28]: Play's step names the loss and who chooses; each line names the chit, its
    preview where it stands, what is kept, and marks the engine's former stand-in."""
    state, _, _ = _half(game)
    step = state.progress().step
    assert step == (
        "Catastrophic loss: 5 of squad E's 10 men disabled: German removes one of its chits [6.28]"
    )
    assert state.describe(RemoveChit(SL)) == "Remove Adler's chit from the Command Track [6.28]"
    assert state.describe(RemoveChit(IND)) == (
        "Remove squad E's independent chit from the Command Track [6.28]"
    )
    shown = state.preview(RemoveChit(IND))
    assert shown.legal and shown.rules == ("catastrophic loss [6.28]",)
    assert shown.cost.startswith("no AP; squad E's independent chit, in Start, leaves the")
    assert "kept: Bach's chit (Start), Adler's chit (Start)" in shown.cost
    assert shown.cost.endswith("(the engine's former stand-in)")
    assert "stand-in" not in state.preview(RemoveChit(ASL)).cost
    refused = state.preview(RemoveChit("us.e.ind"))
    assert not refused.legal and refused.why_not is not None and "[6.28]" in refused.why_not


def test_6_28_a_waiting_choice_survives_clone_position_file_and_replay(
    game: SoldiersGame, tmp_path: Path
) -> None:
    """[6.28]: the choice waiting is part of the state: a clone and a position file (through
    its text) carry it and play on alike; the actions replay to the same fingerprint."""
    state, _, _ = _half(game)
    clone = state.clone()
    path = tmp_path / "losing.yaml"
    path.write_text(position_text(state.to_position()))
    assert "losing:" in path.read_text()
    _, back = load_position(path, game.loaded)
    assert isinstance(back, SoldiersState)
    assert back.track.losing == state.track.losing and back.to_act() == ("german",)
    assert back.legal_actions() == state.legal_actions()
    assert back.position_fingerprint() == state.position_fingerprint()
    assert not invariants(state) and not invariants(back)
    for s in (state, clone, back):
        s.apply(RemoveChit(ASL))
        assert not invariants(s)
        assert s.track.removed == {ASL} and s.to_act() == ("us",)
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    wrong = clone.clone()
    wrong.track.space[ASL] = "Start"  # a removed chit back on the track: caught
    assert invariants(wrong) == [f"chit {ASL} removed [6.28] but on the track or committed"]
    again, _, _ = _half(game)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.fingerprint() == state.fingerprint()


def test_6_28_a_position_file_with_a_wrong_choice_is_refused(game: SoldiersGame) -> None:
    """[6.28]: a position's choice waiting names chits of the squad on the Command Track."""
    state, _, _ = _half(game)
    position = state.to_position()
    losing = position.state["losing"]
    losing["chits"] = ["us.e.sl", IND]
    with pytest.raises(ProblemList, match=r"state\.losing\.chits: chits of german\.e.*\[6\.28\]"):
        game.state_from_position(position, PositionReader(game, position, None))


def test_6_28_the_heuristic_bot_removes_the_former_stand_in_the_random_bot_a_legal_chit(
    game: SoldiersGame,
) -> None:
    """[6.28]: the heuristic bot keeps the engine's former stand-in (the independent chit,
    all in Start); the random bot picks one of the legal chits."""
    state, _, _ = _half(game)
    assert make_bot("heuristic", 3).choose(state, "german") == RemoveChit(IND)
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "german") in state.legal_actions("german")


def test_19_21_men_lost_to_depletion_do_not_count_towards_6_28(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """[19.21; 6.28]: the depleted Elite squad drew us.e.3 and Black (two of twelve lost). Four
    of its ten left disabled: 40%, no chit lost (6 of 12 would be half); a fifth: half of the
    ten: the US is asked, the log counting 5 of 10."""
    game, cup = _depleted_elite()
    rest = [m for m in cup if m != "us.e.3"]
    draws = [cup.index("us.e.3") + 1, rest.index("us.black") + 1]
    state = _forced_state(game, draws, monkeypatch)
    assert {m for m in state.troops.lost if game.men[m].squad == "us.e"} == {"us.e.3", "us.black"}
    while state.kit.choosing or state.play.phase == "operational":
        state.apply(state.legal_actions()[0] if state.kit.choosing else Done(state.to_act()[0]))
    left = [m for m in cup if m not in state.troops.lost]
    assert len(left) == 10
    for m in left[:4]:
        state.troops.disabled[m] = "killed"
    side = state.to_act()[0]
    chit = state.committable(side)[0]
    state.apply(Commit(chit))
    assert state.track.losing is None and not state.track.removed
    state.troops.disabled[left[4]] = "killed"
    start = len(state.log)
    state.apply(Done(state.to_act()[0]))
    assert state.track.losing is not None and state.track.losing.squad == "us.e"
    assert (state.track.losing.lost, state.track.losing.whole) == (5, 10)
    assert state.to_act() == ("us",)
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert "5 of squad E's 10 men disabled" in asked[0].why
