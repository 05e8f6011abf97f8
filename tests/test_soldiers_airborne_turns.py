"""Scenario 26's first Command Cycle: a US leader chit played as a leader or an independent
chit [26.3].

"All US leader command chits may function either as leader or independent chits for the
entirety of the first Command Cycle; during the second and subsequent Command Cycles, leader
command chits may initiate only leader turns (unless, of course, the leader is disabled)"
[26.3, US Special Rules]. Scenario 26 bought with the Airborne squad 1 (whose leaders the
catalogue does not name, so its chits are independent anyway) and, for the test, the veteran
squad (Adams, command 4) dropped with it; the German all to come.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from soldiers_bought import Buy, bought

from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers import airborne_turns
from rules.soldiers.actions import ChitMoved, ChoiceAsked, Commit, OrderMan, TurnBegan
from rules.soldiers.airborne_turns import ChitAs
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.operational_turns import Declare

ADAMS, ADAMS_CHIT, VETERAN = "us.adams", "us.us-veteran.sl", "us.us-veteran"
BUYS = {
    "us": Buy((("US-AIRBORNE-1", False), ("US-VETERAN", False))),
    "german": Buy((), (), ("GE-SQUAD-2",)),
}


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    found = load_game(bought("26-airborne", 1, BUYS))
    assert isinstance(found, SoldiersGame)
    return found


def _activate(game: SoldiersGame, cycle: int = 1, chit: str = ADAMS_CHIT) -> SoldiersState:
    """The US commits the chit, the German passes: its Action Phase begins."""
    state = game.new_initial_state(1)
    state.play.cycle = cycle
    assert state.play.phase == "command" and state.to_act() == ("us",)
    state.apply(Commit(chit))
    while state.play.phase == "command":
        state.apply(Done(state.to_act()[0]))
    assert state.play.phase == "action" and state.active.chit == chit
    return state


def _veterans(state: SoldiersState) -> set[str]:
    return {m for m in state.present("us") if state.game.men[m].squad == VETERAN}


def test_26_3_the_first_cycle_offers_the_us_leader_chit_as_a_leader_or_independent_chit(
    game: SoldiersGame,
) -> None:
    """[26.3]: in Command Cycle 1 the activated US leader chit waits on its owner's choice:
    nothing rolled, only the two choices legal; the log and Test Play's step cite 26.3."""
    state = _activate(game)
    assert state.active.chit_as == airborne_turns.ASKED
    assert not state.active.rolled and not any(isinstance(e, TurnBegan) for e in state.log)
    assert state.legal_actions() == [ChitAs("us", "leader"), ChitAs("us", "independent")]
    asked = [e for e in state.log if isinstance(e, ChoiceAsked)][-1]
    assert "[26.3]" in asked.describe() and "independent" in asked.describe()
    assert "[26.3]" in state.progress().step and state.progress().rule == "Soldiers (26.3)"
    with pytest.raises(IllegalActionError, match=r"26\.3"):
        state.apply(OrderMan(ADAMS))
    with pytest.raises(IllegalActionError, match=r"26\.3"):
        state.apply(Done("us"))
    preview = state.preview(ChitAs("us", "independent"))
    assert preview.legal and "[6.23; 6.11]" in preview.cost
    assert state.describe(ChitAs("us", "leader")).startswith("A leader turn for Adams")


def test_26_3_a_leader_turn_chosen_plays_as_every_leader_turn(game: SoldiersGame) -> None:
    """[26.3; 6.21]: ``chit-as us leader``: Adams's leader turn, declared tactical [6.3] (no
    enemy man on the map yet), its risk level rolled on his initiative 5, his command 4 orders
    to the men of his squad in command."""
    state = _activate(game)
    state.apply(ChitAs("us", "leader"))
    assert state.active.chit_as == airborne_turns.LEADER
    moved = [e for e in state.log if isinstance(e, ChitMoved)][-1]
    assert "a leader turn for us.adams" in moved.why and "[26.3; 6.21]" in moved.why
    assert Declare("us", "tactical") in state.legal_actions()  # far from the enemy [6.3]
    state.force_dice(7, 3)  # d10 7, d6 3
    state.apply(Declare("us", "tactical"))
    began = [e for e in state.log if isinstance(e, TurnBegan)][-1]
    assert "leader turn: us.adams, initiative 5" in began.describe()
    assert "space 5 + initiative 5 = 10" in began.describe()
    assert state.active.orders_left == 4 and ADAMS in state.active.in_command
    assert state.active.in_command <= _veterans(state)


def test_26_3_an_independent_turn_chosen_selects_one_man_before_the_risk_roll(
    game: SoldiersGame,
) -> None:
    """[26.3; 6.23; 6.27]: ``chit-as us independent``: one order, to a man of the veteran squad
    selected first, the risk level then rolled on his initiative (2), not Adams's; no leader
    turn's declaration (only the independent turn's operational one [6.3]); Adams, not the
    active leader, may be ordered in the next Action Phase [6.21]."""
    state = _activate(game)
    state.apply(ChitAs("us", "independent"))
    assert state.active.chit_as == airborne_turns.INDEPENDENT
    assert state.active.orders_left == 1 and not state.active.rolled
    assert state.active.in_command == _veterans(state)
    legal = state.legal_actions()
    assert Declare("us", "tactical") not in legal  # no leader turn to declare
    assert Declare("us", "operational") in legal  # an independent one's, clear of the enemy
    man = "us.us-veteran.2"
    state.force_dice(7, 3)
    state.apply(OrderMan(man))
    began = [e for e in state.log if isinstance(e, TurnBegan)][-1]
    assert f"independent turn: {man} selected, initiative 2" in began.describe()
    assert "space 5 + initiative 2 = 7" in began.describe()
    assert state.active.orders_left == 0
    assert not any(isinstance(a, OrderMan) for a in state.legal_actions())
    state.apply(Done("us"))
    assert state.active.prev_ordered == {man}  # Adams was not the active leader [6.21]
    assert state.active.chit_as is None


def test_26_3_from_the_second_cycle_only_a_leader_turn(game: SoldiersGame) -> None:
    """[26.3]: "during the second and subsequent Command Cycles, leader command chits may
    initiate only leader turns": no choice, Adams's leader turn as ever."""
    state = _activate(game, cycle=2)
    assert state.active.chit_as is None
    legal = state.legal_actions()
    assert not any(isinstance(a, ChitAs) for a in legal)
    assert Declare("us", "tactical") in legal and Declare("us", "operational") in legal
    with pytest.raises(IllegalActionError, match=r"26\.3"):
        state.apply(ChitAs("us", "independent"))


def test_26_3_a_chit_without_its_leader_is_independent_without_asking(
    game: SoldiersGame,
) -> None:
    """[26.3; 6.27]: "unless, of course, the leader is disabled": the Airborne squad's chits
    (no leader in the catalogue) and the veteran's with Adams killed are independent chits in
    Command Cycle 1, no choice asked."""
    state = _activate(game, chit="us.us-airborne-1.sl")
    assert state.active.chit_as is None and state.active.orders_left == 1
    state = game.new_initial_state(1)
    state.troops.disabled[ADAMS] = "killed"
    state.apply(Commit(ADAMS_CHIT))
    while state.play.phase == "command":
        state.apply(Done(state.to_act()[0]))
    assert state.active.chit_as is None and not state.active.rolled
    assert not any(isinstance(a, ChitAs) for a in state.legal_actions())


def test_26_3_no_other_scenario_offers_the_choice() -> None:
    """[26.3]: the rule is scenario 26's: in scenario 22 (bought) a US leader chit in Command
    Cycle 1 plays its leader turn, no choice asked."""
    found = load_game(bought("22-street-fighting-in-grave", 0))
    assert isinstance(found, SoldiersGame)
    state = found.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    assert not airborne_turns.in_force(state)
    side = state.to_act()[0]
    chit = next(
        c
        for c in state.committable(side)
        if found.chits[c].leader is not None and found.chits[c].leader in state.present(side)
    )
    state.apply(Commit(chit))
    while state.play.phase == "command":
        state.apply(Done(state.to_act()[0]))
    assert state.play.cycle == 1 and state.active.chit == chit
    assert state.active.chit_as is None
    assert not any(isinstance(a, ChitAs) for a in state.legal_actions())
    assert not any(isinstance(e, ChoiceAsked) and "[26.3]" in e.describe() for e in state.log)


def test_26_3_the_rule_counts_as_played(game: SoldiersGame) -> None:
    """[26.3]: scenario 26's rule in words is played, not listed among those not enforced."""
    assert airborne_turns.in_force(game.new_initial_state(1))
    listed = SoldiersGame.rules_not_enforced(game.scenario)
    assert not any("All US leader command chits" in r for r in listed)


def test_26_3_the_pending_choice_survives_a_clone_and_a_position_file(
    game: SoldiersGame, tmp_path: Path
) -> None:
    """[26.3]: the choice waiting is kept in a clone and a position file (``turn.chit_as``);
    the copies play on as the original."""
    state = _activate(game)
    twin = state.clone()
    assert isinstance(twin, SoldiersState) and twin.fingerprint() == state.fingerprint()
    path = tmp_path / "pos.yaml"
    text = position_text(state.to_position())
    assert "chit_as: asked" in text
    path.write_text(text)
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.active.chit_as == airborne_turns.ASKED
    assert again.position_fingerprint() == state.position_fingerprint()
    assert again.legal_actions() == state.legal_actions()
    for copy in (state, twin, again):
        copy.apply(ChitAs("us", "independent"))
    assert twin.fingerprint() == state.fingerprint()
    assert again.position_fingerprint() == state.position_fingerprint()
    assert "chit_as: independent" in position_text(state.to_position())
    state.apply(Done("us"))
    assert "chit_as" not in position_text(state.to_position())  # none in the next phase


def test_26_3_the_heuristic_bot_leads_with_two_men_in_command_else_goes_independent(
    game: SoldiersGame,
) -> None:
    """[26.3] (our reading): the heuristic bot plays a leader turn when Adams has two or more
    other men in command (within 2 hexes, in sight [6.21]), else an independent turn."""
    state = _activate(game)
    hexes = state.troops.hexes
    at = hexes[ADAMS]
    others = sorted(_veterans(state) - {ADAMS})
    far = next(h for h in game.amap.hexes if h.distance(at) > 6)
    for m in others:
        hexes[m] = far
    assert airborne_turns.default(state) == airborne_turns.INDEPENDENT
    bot = make_bot("heuristic", seed=1)
    assert bot.choose(state, "us") == ChitAs("us", "independent")
    hexes[others[0]] = hexes[others[1]] = at  # two men in his hex
    assert airborne_turns.in_command(state, ADAMS) == 2
    assert airborne_turns.default(state) == airborne_turns.LEADER
    assert bot.choose(state, "us") == ChitAs("us", "leader")
    random = make_bot("random", seed=3)
    assert random.choose(state, "us") in state.legal_actions()
