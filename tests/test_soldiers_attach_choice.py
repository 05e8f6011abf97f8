"""A leaderless squad's reassignment [6.27]: the owning player chooses, through the engine's
actions.

"If there are other friendly squads on the map, men in the leaderless squad may receive orders
from leaders of one other squad. If more than one other squad is in play, the owning player
chooses the reassignment" [6.27]. Scenario 22 bought: the US Elite squad's leaders (Austin,
Black) disabled, its man us.e.3's neighbour Allston (squad 5's leader) and, 2 hexes off in
sight, Adams (the veteran squad's leader, brought on the map with his chit); every other man
far off.
"""

from __future__ import annotations

import pytest
from soldiers_bought import bought
from soldiers_scenes import clear, declare_tactical, stage

from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import attach_choice
from rules.soldiers.actions import ChoiceAsked, CommandPassed, Commit, OrderMan
from rules.soldiers.attach_choice import Attach
from rules.soldiers.game import SoldiersGame, SoldiersState

ELITE, FIFTH, VETERAN = "us.e", "us.us-squad-5", "us.us-veteran"
PRIVATE, ALLSTON, ADAMS = "us.e.3", "us.allston", "us.adams"
ADAMS_CHIT = "us.us-veteran.sl"


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    found = load_game(bought("22-street-fighting-in-grave", 0))
    assert isinstance(found, SoldiersGame)
    return found


def _scene(game: SoldiersGame, adams: bool = True) -> SoldiersState:
    """The Command Phase after the operational moves, the US (advantage) to act; the Elite
    squad's leaders killed; Adams on the map 2 hexes from us.e.3 in sight (or still to come)."""
    state = game.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    here, near, far = next(
        (a, b, c)
        for a in hexes
        for b in a.neighbors()
        if clear(game, b) and game.sees(a, b)
        for c in hexes
        if c.distance(a) == 2 and c.distance(b) == 3 and game.sees(a, c)
    )
    spots = {PRIVATE: here, ALLSTON: near}
    if adams:
        state.troops.waiting.discard(ADAMS)
        state.troops.hexes[ADAMS] = far
        state.track.space[ADAMS_CHIT] = "Start"
        spots[ADAMS] = far
    stage(state, spots)
    for m in ("us.austin", "us.black"):
        state.troops.disabled[m] = "killed"
    return state


def test_6_27_the_owner_chooses_which_other_squad_orders_the_leaderless_men(
    game: SoldiersGame,
) -> None:
    """[6.27]: after the US commits Adams' chit the Elite squad is found leaderless with two
    other squads on the map: the US player is asked (the bots would give it to Allston's, the
    nearest); he gives it to Adams' veteran squad. The Germans pass; Adams' leader turn (forced
    dice: a d10 of 10, Aggressive; a d6 of 1) may order us.e.3, 2 hexes off in sight [6.21]."""
    state = _scene(game)
    start = len(state.log)
    state.apply(Commit(ADAMS_CHIT))
    assert state.to_act() == ("us",)
    offered = [Attach(ELITE, FIFTH), Attach(ELITE, VETERAN)]
    assert state.legal_actions() == offered and state.legal_actions("german") == []
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and asked[0].chooser == "us" and "[6.27]" in asked[0].describe()
    assert state.progress().rule == "Soldiers (6.27)"
    assert attach_choice.default(state) == FIFTH  # the former stand-in: the nearest
    preview = state.preview(offered[1])
    assert preview.legal and preview.rules == ("disabled leaders [6.27]",)
    assert "chooses: the owning player chooses the reassignment [6.27]" in preview.cost
    state.apply(offered[1])
    assert state.track.attached == {ELITE: VETERAN} and state.track.attaching is None
    passed = [e for e in state.log[start:] if isinstance(e, CommandPassed)]
    assert [(e.squad, e.to) for e in passed] == [(ELITE, VETERAN)]
    assert "us's choice) [6.27]" in passed[0].describe()
    assert state.to_act() == ("german",)
    state.force_dice(10, 1)
    state.apply(Done("german"))
    declare_tactical(state)
    assert state.active.chit == ADAMS_CHIT and state.active.risk == "Aggressive"
    assert PRIVATE in state.active.in_command and OrderMan(PRIVATE) in state.legal_actions("us")


def test_6_27_one_other_squad_on_the_map_takes_them_unasked(game: SoldiersGame) -> None:
    """[6.27]: with Adams still to come only Allston's squad is on the map: it takes the
    Elite squad's men at once, nothing asked."""
    state = _scene(game, adams=False)
    state.apply(Commit("us.us-squad-5.sl"))
    assert state.track.attaching is None and state.track.attached == {ELITE: FIFTH}
    assert not [e for e in state.log if isinstance(e, ChoiceAsked)]
    assert state.to_act() == ("german",)


def test_6_27_while_the_choice_waits_nothing_else_is_legal(game: SoldiersGame) -> None:
    """[6.27]: the German pass and a squad not offered are refused with the section; an
    attach with no leaderless squad waiting too."""
    early = _scene(game)
    with pytest.raises(IllegalActionError, match=r"no leaderless squad waits"):
        early.apply(Attach(ELITE, FIFTH))
    state = _scene(game)
    state.apply(Commit(ADAMS_CHIT))
    for refused in (Done("german"), Done("us"), Attach(ELITE, "german.ge-squad-2")):
        with pytest.raises(IllegalActionError, match=r"\[6\.27\]"):
            state.apply(refused)


def test_6_27_a_waiting_choice_survives_clone_position_file_and_replay(
    game: SoldiersGame,
) -> None:
    """[6.27]: the choice waiting is part of the state: a clone and a position file carry it
    and play on alike; the actions replay to the same fingerprint."""
    state = _scene(game)
    state.apply(Commit(ADAMS_CHIT))
    clone = state.clone()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.track.attaching == state.track.attaching and back.to_act() == ("us",)
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, clone, back):
        s.apply(Attach(ELITE, VETERAN))
        assert s.track.attached == {ELITE: VETERAN} and s.to_act() == ("german",)
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = _scene(game)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_6_27_the_heuristic_bot_gives_them_to_the_nearest_the_random_bot_a_legal_squad(
    game: SoldiersGame,
) -> None:
    """[6.27]: the heuristic bot keeps the engine's former stand-in (the nearest squad); the
    random bot picks one of the legal choices."""
    state = _scene(game)
    state.apply(Commit(ADAMS_CHIT))
    assert make_bot("heuristic", 3).choose(state, "us") == Attach(ELITE, FIFTH)
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "us") in state.legal_actions("us")
