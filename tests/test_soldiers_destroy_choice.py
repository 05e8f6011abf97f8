"""Captured equipment [9.5]: "A man may destroy any or all equipment in a hex by expending
1 AP" — which of it is his player's choice, asked through the engine's actions.

Dawn Patrol: the US leader's turn at Aggressive (forced dice: a d10 of 10, a d6 of 1), two
German prisoners guarded by a US man in a clear hex with a second US man, who destroys.
"""

from __future__ import annotations

import pytest
from soldiers_scenes import acting, clear, dawn, stage

from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.soldiers.actions import ChoiceAsked, Maintained, OrderMan
from rules.soldiers.destroying import DestroyEquipment, DestroyItem
from rules.soldiers.destroying import pieces as pieces_left
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.grenades import grenades_left

GUARD, FRIEND = "us.e.5", "us.e.6"
TAKEN, HURT = "german.e.6", "german.e.7"  # surrendered; incapacitated


@pytest.fixture
def game() -> SoldiersGame:
    return dawn()


def _scene(game: SoldiersGame, grenades: int = 2) -> SoldiersState:
    """The prisoners in the US men's hex, TAKEN with ``grenades``; FRIEND ordered (5 AP)."""
    game.grenades[TAKEN] = grenades
    state = acting(game, "us")
    h = next(h for h in sorted(game.amap.hexes, key=game.name) if clear(game, h))
    stage(state, {GUARD: h, FRIEND: h, TAKEN: h, HURT: h})
    state.troops.disabled.update({TAKEN: "captured", HURT: "incapacitated"})
    state.troops.captured.update({TAKEN: GUARD, HURT: GUARD})
    state.active.in_command |= {GUARD, FRIEND}
    state.apply(OrderMan(FRIEND))
    return state


def test_9_5_his_player_chooses_any_of_the_equipment_for_the_1_ap(game: SoldiersGame) -> None:
    """[9.5]: destroy-equipment pays 1 AP, then the US player is asked what of the three
    pieces there (two weapons, one man's grenades) his man destroys; at least one (our
    reading), so no done before one is named. He destroys the prisoner's weapon and keeps the
    rest: the grenades and the other man's weapon are left (to destroy for 1 AP more, or to
    take [7.33])."""
    state = _scene(game)
    start = len(state.log)
    state.apply(DestroyEquipment(FRIEND))
    assert state.active.ap == 4.0 and state.to_act() == ("us",)
    pieces = [
        DestroyItem(TAKEN, "weapon"),
        DestroyItem(TAKEN, "grenades"),
        DestroyItem(HURT, "weapon"),
    ]
    assert state.legal_actions("us") == pieces and state.legal_actions("german") == []
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and asked[0].chooser == "us" and "[9.5]" in asked[0].describe()
    progress = state.progress()
    assert progress.rule == "Soldiers (9.5)" and "us chooses any or all" in progress.step
    for refused in (Done("us"), OrderMan(GUARD), DestroyItem(GUARD, "weapon")):
        with pytest.raises(IllegalActionError, match=r"\[9\.5\]"):
            state.apply(refused)
    preview = state.preview(pieces[0])
    assert preview.legal and preview.rules == ("captured equipment [9.5]",)
    assert "us chooses" in preview.cost
    state.apply(pieces[0])
    assert state.legal_actions("us") == [*pieces[1:], Done("us")]
    state.apply(Done("us"))
    assert state.active.wrecking is None and state.active.ap == 4.0
    assert state.troops.destroyed == {TAKEN} and grenades_left(state, TAKEN) == 2
    done = [e for e in state.log[start:] if isinstance(e, Maintained)]
    assert len(done) == 1 and f"{TAKEN} weapon destroyed (his player's choice) [9.5]" in done[0].why
    assert pieces_left(state, FRIEND) == [f"{TAKEN} grenades", f"{HURT} weapon"]  # kept
    assert DestroyEquipment(FRIEND) in state.legal_actions("us")  # the rest, for 1 AP more


def test_9_5_a_single_piece_is_destroyed_without_asking(game: SoldiersGame) -> None:
    """[9.5]: with no grenades and the incapacitated man's weapon already destroyed, only the
    prisoner's weapon lies there: it is destroyed for the 1 AP and nothing is asked."""
    state = _scene(game, grenades=0)
    state.troops.destroyed.add(HURT)
    state.apply(DestroyEquipment(FRIEND))
    assert state.active.wrecking is None and state.troops.destroyed == {HURT, TAKEN}
    assert not [e for e in state.log if isinstance(e, ChoiceAsked)]
    with pytest.raises(IllegalActionError, match="no destroy equipment action waits"):
        state.apply(DestroyItem(TAKEN, "weapon"))


def test_9_5_a_waiting_choice_survives_clone_position_file_and_replay(
    game: SoldiersGame,
) -> None:
    """[9.5]: the choice waiting (one piece already destroyed) is part of the state: a clone
    and a position file carry it and play on alike; the actions replay to the same state; the
    new verb's text parses back."""
    state = _scene(game)
    state.apply(DestroyEquipment(FRIEND))
    state.apply(DestroyItem(TAKEN, "grenades"))
    item = DestroyItem(HURT, "weapon")
    assert game.parse_action(item.text()) == item and item.text() == f"destroy-item {HURT} weapon"
    clone = state.clone()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.active.wrecking == state.active.wrecking
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, clone, back):
        s.apply(item)
        assert s.active.wrecking is not None  # the prisoner's weapon is left to choose
        s.apply(Done("us"))
        assert s.troops.destroyed == {HURT} and grenades_left(s, TAKEN) == 0
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = _scene(game)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_9_5_the_heuristic_bot_destroys_all_the_random_bot_a_legal_piece(
    game: SoldiersGame,
) -> None:
    """[9.5]: the heuristic bot destroys every piece, as the engine did before the player
    chose; the random bot names one of the legal choices."""
    state = _scene(game)
    state.apply(DestroyEquipment(FRIEND))
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "us") in state.legal_actions("us")
    heuristic = make_bot("heuristic", 3)
    while state.active.wrecking is not None:
        picked = heuristic.choose(state, "us")
        assert isinstance(picked, DestroyItem)
        state.apply(picked)
    assert state.troops.destroyed == {TAKEN, HURT} and grenades_left(state, TAKEN) == 0


def test_9_5_the_heuristic_bot_keeps_its_own_dead_man_s_equipment(game: SoldiersGame) -> None:
    """[9.5; 7.33]: "any or all": with a dead US man beside the prisoners, the heuristic bot
    destroys the German men's pieces and keeps its own man's weapon for its men to take (our
    reading), ending the choice with done; the log names only the German pieces."""
    state = _scene(game)
    dead = next(
        m
        for m, spec in sorted(game.men.items())
        if spec.side == "us" and m not in (GUARD, FRIEND) and m in state.troops.hexes
    )
    state.troops.hexes[dead] = state.troops.hexes[FRIEND]
    state.troops.disabled[dead] = "killed"
    state.apply(DestroyEquipment(FRIEND))
    assert DestroyItem(dead, "weapon") in state.legal_actions("us")
    heuristic = make_bot("heuristic", 3)
    picked = []
    while state.active.wrecking is not None:
        action = heuristic.choose(state, "us")
        picked.append(action)
        state.apply(action)
    assert isinstance(picked[-1], Done)
    assert all(a.other != dead for a in picked if isinstance(a, DestroyItem))
    assert state.troops.destroyed == {TAKEN, HURT} and dead not in state.troops.destroyed
