"""The Soldiers engine's first slice (issue 6): sequence, orders, movement, fire, victory."""

from __future__ import annotations

from pathlib import Path

import pytest
from soldiers_scenes import declare_tactical

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.bots.base import RandomBot, play
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.records.position import load_position
from rules.records.replay import Replay
from rules.registry import load_game
from rules.soldiers.actions import ChitMoved, Commit, ManHit, OrderMan, Shoot, ShotExplained
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.units import cell

SCENARIO = "scenarios/soldiers/10-dawn-patrol.yaml"
POSITIONS = Path(__file__).parent / "positions" / "soldiers"


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    found = load_game(load_scenario(SCENARIO))
    assert isinstance(found, SoldiersGame)
    return found


def _active(game: SoldiersGame, dice: tuple[int, int] = (10, 1)) -> tuple[SoldiersState, str]:
    """The first Action Phase: the side with the advantage commits its squad leader's chit,
    the other passes; ``dice`` are the d10 and d6 of the risk level roll [6.11]."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    state.apply(f"commit {side}.e.sl")
    state.force_dice(*dice)
    state.apply(f"done {game.other(side)}")
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    assert state.play.phase == "action" and state.active.chit == f"{side}.e.sl"
    return state, side


def _hex(game: SoldiersGame, name: str) -> Hex:
    return game.by_name[name]


def test_setup_men_chits_and_advantage(game: SoldiersGame) -> None:
    state = game.new_initial_state(1)
    assert len(state.able("us")) == 12 and len(state.able("german")) == 10  # [10.2]
    assert set(state.track.space.values()) == {"Start"}  # [5.1]
    assert state.to_act() == (state.play.advantage,)
    assert all(h in game.amap.hexes for h in state.troops.hexes.values())


def test_command_phase_commit_and_restrictions(game: SoldiersGame) -> None:
    state, side = _active(game)
    chit = f"{side}.e.sl"
    assert state.track.space[chit] == "5" and state.active.risk == "Aggressive"  # Start to 5 [5.2]
    leader = game.chits[chit].leader
    assert leader is not None and leader in state.active.in_command
    state.apply(Done(side))  # the Action Phase ends; the active side commits first [5.2]
    assert state.play.phase == "command" and state.to_act() == (side,)
    assert Commit(chit) not in state.legal_actions()  # active in the previous phase [5.2]
    with pytest.raises(IllegalActionError):
        state.apply(Commit(chit))


def test_bid_lower_space_wins(game: SoldiersGame) -> None:
    state = game.new_initial_state(3)
    first = state.to_act()[0]
    second = game.other(first)
    state.apply(f"commit {first}.e.sl")
    state.apply(f"commit {second}.e.sl")  # both in 5: bidding, no advantage first [5.31]
    assert state.play.advantage == first and state.to_act() == (second,)
    state.force_dice(5, 3)
    state.apply(f"done {second}")  # no bid: the same space, the advantage wins [5.33]
    assert state.active.chit == f"{state.play.advantage}.e.sl"
    wins = [e for e in state.log if isinstance(e, ChitMoved) and "wins" in e.why]
    assert wins and "[5.3]" in wins[-1].why


def test_cautious_roll_moves_chit_down(game: SoldiersGame) -> None:
    state, side = _active(game, dice=(1, 6))  # a d10 of 1 is Cautious everywhere [6.13]
    assert state.active.risk == "Cautious"
    assert state.track.space[f"{side}.e.sl"] == "X5"  # 5 - 6 < 0: the Exhausted space above [6.13]


def test_order_and_move_pay_action_points(game: SoldiersGame) -> None:
    state, side = _active(game)
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    with pytest.raises(IllegalActionError):
        state.apply(Move(leader, ("C/0101",)))  # not ordered yet [6.2]
    state.apply(OrderMan(leader))
    assert state.active.ap == 5.0
    moves = [a for a in state.legal_actions() if isinstance(a, Move)]
    assert moves
    longest = max(moves, key=lambda m: len(m.path))
    state.apply(longest)
    assert state.active.ap >= 0 and state.active.ap < 5.0
    assert game.name(state.troops.hexes[leader]) == longest.path[-1]


#: Test positions (tests/positions/soldiers/): the leader of the side with the advantage next to
#: the target hex, where that many enemies stand, that many of them suppressed.
FIRE_POSITIONS = {
    ("C/0105", 1, 0): "leader-beside-one-american.yaml",
    ("C/0704", 4, 1): "four-americans-in-brush.yaml",
    ("C/0102", 3, 3): "three-suppressed-in-woods.yaml",
    ("C/0102", 5, 5): "five-suppressed-in-woods.yaml",
}


def _fire_setup(
    game: SoldiersGame, target: str, men: int, suppressed: int = 0
) -> tuple[SoldiersState, str, list[str]]:
    _, state = load_position(POSITIONS / FIRE_POSITIONS[(target, men, suppressed)], game.loaded)
    assert isinstance(state, SoldiersState) and state.active.chit is not None
    side = game.chits[state.active.chit].side
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    h = _hex(game, target)
    enemies = [m for m in state.able(game.other(side)) if state.troops.hexes[m] == h]
    assert len(enemies) == men and state.troops.hexes[leader].distance(h) == 1
    state.apply(OrderMan(leader))
    return state, leader, enemies


@pytest.mark.parametrize(
    ("target", "men", "suppressed", "modifier"),
    [
        ("C/0704", 4, 1, 0),  # brush, 1 suppressed and 3 standing: -1 +1 = 0 [8.32 example]
        ("C/0102", 3, 3, -5),  # woods, all suppressed: -1 -4 [8.32 example]
        ("C/0102", 5, 5, -3),  # woods, 5 suppressed: -1 -4 +2 [8.32 example]
    ],
)
def test_hit_chance_modifiers_worked_examples(
    game: SoldiersGame, target: str, men: int, suppressed: int, modifier: int
) -> None:
    state, leader, _ = _fire_setup(game, target, men, suppressed)
    weapon = game.men[leader].weapon
    state.force_dice(10)  # a miss
    state.apply(Shoot(leader, target, "quick"))
    shot = next(e for e in reversed(state.log) if isinstance(e, ShotExplained))
    base = int(str(cell(weapon.tables("quick")[0], "quick", 1).value))
    assert shot.chance == base + modifier  # adjacent: no mist [8.32]
    assert any("[8.3]" in s for s in shot.steps)


def test_hit_and_damage_with_forced_dice(game: SoldiersGame) -> None:
    state, leader, enemies = _fire_setup(game, "C/0105", 1)
    state.force_dice(1, 10)  # a hit; an unmodified 10 always kills [8.42]
    state.apply(Shoot(leader, "C/0105", "quick"))
    assert state.troops.disabled == {enemies[0]: "killed"}
    hit = [e for e in state.log if isinstance(e, ManHit)]
    assert hit[-1].result == "Kill" and "[8.42]" in hit[-1].why
    assert state.active.shots[leader] == 1 and state.active.ap == 3.0  # 2 AP [7.1]


def test_damage_sup_and_wound_then_incap(game: SoldiersGame) -> None:
    state, leader, enemies = _fire_setup(game, "C/0105", 1)
    state.force_dice(1, 1)  # modified 1 or less is Sup [8.42]
    state.apply(Shoot(leader, "C/0105", "quick"))
    assert enemies[0] in state.troops.suppressed
    state.force_dice(1, 5)  # the damage line at 5: Wound (placeholder line)
    state.apply(Shoot(leader, "C/0105", "quick"))
    assert enemies[0] in state.troops.wounded
    with pytest.raises(IllegalActionError):  # at most twice an Action Phase [8.1]
        state.apply(Shoot(leader, "C/0105", "quick"))


def test_actions_round_trip_and_illegal(game: SoldiersGame) -> None:
    state, side = _active(game)
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    state.apply(OrderMan(leader))
    actions = state.legal_actions()
    for a in actions:
        assert game.parse_action(a.text()) == a
    for text in ("commit us.e.sl", "order-man us.austin", "shoot us.austin C/1710 sustained"):
        assert game.parse_action(text).text() == text
    with pytest.raises(IllegalActionError):
        state.apply(f"order-man {leader}")  # one order a man a turn [6.2]


def test_point_buy_scenario_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="buy the forces in the editor"):
        load_game(load_scenario("scenarios/soldiers/21-hedgerow-assault.yaml"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_game_ends_and_replays(game: SoldiersGame, seed: int) -> None:
    state = game.new_initial_state(seed)
    play(state, {s: RandomBot(seed) for s in game.sides})
    assert state.is_terminal() and state.outcome() is not None
    assert state.play.cycle <= game.cycles  # it ended by the scenario's last Command Cycle
    replay = Replay.of(state)
    again = game.new_initial_state(seed)
    for text in replay.actions:
        again.apply(text)
    assert again.fingerprint() == state.fingerprint() == replay.fingerprints[-1]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_close_combat_ends(game: SoldiersGame, seed: int) -> None:
    """The sides set close together so the random bots fire: the game still ends cleanly."""
    state = game.new_initial_state(seed)
    us = state.able("us")
    for i, m in enumerate(state.able("german")):
        state.troops.hexes[m] = next(
            n for n in state.troops.hexes[us[i % len(us)]].neighbors() if n in game.amap.hexes
        )
    play(state, {s: RandomBot(seed) for s in game.sides})
    assert state.is_terminal() and state.outcome() is not None


def test_a_sustained_chain_ends_when_every_able_man_in_the_hex_is_hit(
    game: SoldiersGame,
) -> None:
    """[8.43]: each man takes one hit of a chain at most; a lone man wounded by the first damage
    roll ends the chain (it once looked for a second victim among none, a ValueError)."""
    state, leader, enemies = _fire_setup(game, "C/0105", 1)
    state.force_dice(1, 5, 4)  # a hit; Wound at 5; a 4 would go on to another man
    state.apply(Shoot(leader, "C/0105", "sustained"))
    assert enemies[0] in state.troops.wounded
    assert state.dice.forced == (4,)  # no second damage roll: nobody left to hit


def test_a_chit_is_described_as_a_player_names_it_5_1(game: SoldiersGame) -> None:
    # [5.1; 6.2]: a leader's chit by the name on it ("Adler's chit"), an independent one by
    # its squad, never by its id "german.e.sl"; the whole title in the preview and the log.
    state = game.new_initial_state(5)
    commits = [a for a in state.legal_actions() if isinstance(a, Commit)]
    words = {state.describe(a) for a in commits}
    side = state.to_act()[0]
    leader = game.men[game.chits[f"{side}.e.sl"].leader or ""].name
    assert f"Commit {leader}'s chit (in Start) [5.2]" in words
    assert "Commit squad E's independent chit (in Start) [5.2]" in words
    assert not any(f"{side}.e." in w for w in words)
    sl = next(a for a in commits if a.chit == f"{side}.e.sl")
    cost = state.preview(sl).cost or ""
    assert cost.startswith(f"squad E's squad leader's chit ({leader}): one space down")
    state.apply(sl)
    assert state.log[-1].describe() == f"{leader}'s chit -> 5: committed: one space down [5.2]"


def test_a_side_with_no_men_and_nothing_to_buy_is_told_so() -> None:
    """A side with no forces, no reinforcements and no budget: the refusal said "the book
    leaves them to a point purchase [19.2]" of Dawn Patrol's US, whose forces the book gives
    (found by random editor edits followed by a game); it says what is missing."""
    from model.scenario_io import parse_scenario
    from rules.registry import load_game

    path = Path(__file__).parent.parent / "scenarios" / "soldiers" / "10-dawn-patrol.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("    forces:\n      - unit: US-ELITE-E")
    end = text.index("  - id: german")
    with pytest.raises(UnsupportedGameError) as caught:
        load_game(parse_scenario(text[:start] + text[end:], str(path)))
    assert str(caught.value) == (
        "side 'us' has no men: no forces, reinforcements or points to buy them with; give it "
        "forces in the Order of Battle"
    )
