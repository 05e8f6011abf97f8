"""Who takes the damage [8.41; 8.43]: the players choose, through the engine's actions.

"If the result of the fire roll was 1, the firing player chooses which enemy man takes the
damage; if not the target player chooses who is damaged. A non-suppressed man must be chosen
over a suppressed man unless the suppression was caused by fire paid for with the same APs"
[8.41]; "the choice of who takes damage after the first man is always up to the target player"
[8.43]. Forced dice: a fire roll, then the damage rolls (an unmodified 10 always kills [8.42]).
"""

from __future__ import annotations

import pytest
from soldiers_scenes import (
    acting,
    choose_as_bots,
    clear,
    dawn,
    fire_types_as_bots,
    reaction_hexes,
    stage,
)

from model.hexes import Hex
from rules.bots.base import make_bot
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.soldiers import damage_choice
from rules.soldiers.actions import DamageAsked, ManHit, OrderMan, React, Shoot, ShotExplained
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState

SHOOTER = "us.e.5"  # an M1: aimed fire
LEADER, RIFLEMAN = "german.adler", "german.e.6"  # command 4, initiative 5; command 0, 2


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    return dawn()


def _pair(game: SoldiersGame, dist: int) -> tuple[Hex, Hex]:
    """Two clear hexes ``dist`` apart in sight of each other."""
    hexes = sorted(game.amap.hexes, key=game.name)
    return next(
        (a, b)
        for a in hexes
        if clear(game, a)
        for b in hexes
        if a.distance(b) == dist and clear(game, b) and game.sees(a, b)
    )


def _scene(game: SoldiersGame, targets: list[str]) -> tuple[SoldiersState, str]:
    """The US M1 rifleman ordered (Aggressive) 2 clear hexes from ``targets`` in a clear hex."""
    a, b = _pair(game, 2)
    state = acting(game, "us")
    stage(state, {SHOOTER: a, **dict.fromkeys(targets, b)})
    state.active.in_command.add(SHOOTER)
    state.apply(OrderMan(SHOOTER))
    return state, game.name(b)


def _damaged(state: SoldiersState, start: int) -> list[tuple[str, str]]:
    return [(e.man, e.result) for e in state.log[start:] if isinstance(e, ManHit) and e.man != "-"]


def test_8_41_a_fire_roll_of_1_the_firer_chooses_the_enemy_man(game: SoldiersGame) -> None:
    """[8.41]: a fire roll of 1: the firing player (US) is asked, his legal actions the two
    Germans; he names the rifleman, not the leader the bots would pick, and the rifleman takes
    the damage roll made after the choice."""
    state, hex_name = _scene(game, [LEADER, RIFLEMAN])
    start = len(state.log)
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    assert state.to_act() == ("us",)
    assert state.legal_actions("us") == [TakeDamage(LEADER), TakeDamage(RIFLEMAN)]
    assert state.legal_actions("german") == []
    assert list(state.dice.forced) == [10]  # chosen before the damage roll [8.43]
    asked = [e for e in state.log[start:] if isinstance(e, DamageAsked)]
    assert len(asked) == 1 and "the fire roll was 1: the firer chooses" in asked[0].why
    assert "[8.41" in asked[0].describe()
    assert "[8.41" in state.progress().step
    assert damage_choice.default(state) == LEADER  # the bots': a leader first
    with pytest.raises(IllegalActionError, match=r"8\.41"):
        state.apply(Done("us"))
    state.apply(TakeDamage(RIFLEMAN))
    assert _damaged(state, start) == [(RIFLEMAN, "Kill")]
    assert state.active.damage is None and state.to_act() == ("us",)
    hit = next(e for e in state.log[start:] if isinstance(e, ManHit) and e.man == RIFLEMAN)
    assert "us's choice [8.41]" in hit.why


def test_8_41_any_other_roll_the_target_player_chooses(game: SoldiersGame) -> None:
    """[8.41]: a hit on a roll other than 1: the target player (German) chooses; he may give it
    to his leader (the bots would give it to the rifleman, the lowest initiative)."""
    state, hex_name = _scene(game, [LEADER, RIFLEMAN])
    chance, _ = hit_chance(state, Shoot(SHOOTER, hex_name, "aimed"))
    assert chance >= 2
    start = len(state.log)
    state.force_dice(2, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    assert state.to_act() == ("german",)
    assert {a.text() for a in state.legal_actions()} == {
        f"take-damage {LEADER}",
        f"take-damage {RIFLEMAN}",
    }
    assert damage_choice.default(state) == RIFLEMAN
    preview = state.preview(TakeDamage(LEADER))
    assert preview.legal and "8.41" in " ".join(preview.rules)
    assert "German chooses: the fire roll was 2, not 1, so the target player chooses" in (
        preview.cost
    )
    assert state.progress().step.startswith("E5 (M1)'s aimed fire hit ")
    assert not state.preview(TakeDamage(SHOOTER)).legal
    state.apply(TakeDamage(LEADER))
    assert _damaged(state, start) == [(LEADER, "Kill")]


def test_8_41_a_non_suppressed_man_before_a_suppressed_one_nothing_asked(
    game: SoldiersGame,
) -> None:
    """[8.41]: "A non-suppressed man must be chosen over a suppressed man" (fire with other
    APs): with one man standing there is no choice to make, and none is asked; he takes it.
    A choice when none waits is refused."""
    state, hex_name = _scene(game, [LEADER, RIFLEMAN])
    state.troops.suppressed.add(LEADER)
    with pytest.raises(IllegalActionError, match="no damage waits"):
        state.apply(TakeDamage(RIFLEMAN))
    start = len(state.log)
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    assert state.active.damage is None
    assert not [e for e in state.log[start:] if isinstance(e, DamageAsked)]
    assert _damaged(state, start) == [(RIFLEMAN, "Kill")]


def test_8_43_the_chain_asks_the_target_player_for_each_further_man(game: SoldiersGame) -> None:
    """[8.43]: sustained fire (the BAR) on a 1: the firer chooses the first man; the next
    damage roll at or under the last goes on to another man, chosen by the target player once
    the roll is made; the last man left takes his without being asked."""
    a, b = _pair(game, 2)
    state = acting(game, "us")
    three = [LEADER, RIFLEMAN, "german.e.7"]
    stage(state, {"us.e.3": a, **dict.fromkeys(three, b)})
    state.active.in_command.add("us.e.3")
    state.apply(OrderMan("us.e.3"))
    start = len(state.log)
    state.force_dice(1, 10, 10, 10)
    state.apply(Shoot("us.e.3", game.name(b), "sustained"))
    assert state.to_act() == ("us",) and state.active.damage is not None
    state.apply(TakeDamage("german.e.7"))
    pending = state.active.damage
    assert pending is not None and state.to_act() == ("german",)
    assert pending.men == (LEADER, RIFLEMAN) and pending.raw == 10
    state.apply(TakeDamage(LEADER))
    assert state.active.damage is None  # the rifleman, the only one left: not asked
    assert _damaged(state, start) == [("german.e.7", "Kill"), (LEADER, "Kill"), (RIFLEMAN, "Kill")]


def test_8_62_the_enemy_may_react_to_sustained_fire_once_the_damage_is_chosen(
    game: SoldiersGame,
) -> None:
    """[8.62; 8.41]: sustained fire gives the enemy a chance to react "after the fire is
    resolved": with the target player's choice waiting there is no reaction window yet; once
    he names the man (a Sup on a damage roll of 1; 10 ends the chain [8.43]) a German in sight
    of the firer may react."""
    a, b = _pair(game, 2)
    watcher = next(
        c
        for c in sorted(game.amap.hexes, key=game.name)
        if clear(game, c) and c not in (a, b) and 2 <= c.distance(a) <= 4 and game.sees(c, a)
    )
    state = acting(game, "us")
    stage(state, {"us.e.3": a, LEADER: b, RIFLEMAN: b, "german.e.7": watcher})
    state.active.in_command.add("us.e.3")
    state.apply(OrderMan("us.e.3"))
    shot = Shoot("us.e.3", game.name(b), "sustained")
    chance, _ = hit_chance(state, shot)
    assert chance >= 2
    state.force_dice(2, 1, 10)
    state.apply(shot)
    assert state.active.damage is not None and state.active.reaction is None
    assert state.to_act() == ("german",)
    state.apply(TakeDamage(RIFLEMAN))
    assert RIFLEMAN in state.troops.suppressed and LEADER not in state.troops.suppressed
    assert state.active.damage is None
    window = state.active.reaction
    assert window is not None and window.trigger == "sustained" and state.to_act() == ("german",)
    assert React("german.e.7", "fire") in state.legal_actions("german")


def test_8_41_a_waiting_choice_survives_clone_position_file_and_replay(
    game: SoldiersGame,
) -> None:
    """A damage choice waiting is part of the state: a clone and a position file read back
    carry it and play on alike; the game's actions replay to the same fingerprint."""
    state, hex_name = _scene(game, [LEADER, RIFLEMAN])
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    clone = state.clone()
    position = state.to_position()
    assert position.state is not None
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.active.damage == state.active.damage and back.to_act() == ("us",)
    for s in (state, clone, back):
        s.apply(TakeDamage(RIFLEMAN))
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    staged, _ = _scene(game, [LEADER, RIFLEMAN])
    for action in state.history[len(staged.history) :]:
        staged.apply(action)
    assert staged.position_fingerprint() == state.position_fingerprint()


def _reaction_scene(game: SoldiersGame) -> tuple[SoldiersState, list[str], str]:
    """A US group of three enters a clear hex in sight of two German riflemen, who fire in
    reaction [8.6]."""
    r, a, b = reaction_hexes(game)
    state = acting(game, "us")
    mates = ["us.e.5", "us.e.6"]
    reactors = ["german.e.6", "german.e.7"]
    stage(state, {"us.austin": a, **dict.fromkeys(mates, b), **dict.fromkeys(reactors, r)})
    state.apply(OrderMan("us.austin"))
    state.apply(Move("us.austin", (game.name(b),)))
    assert state.to_act() == ("german",)
    for m in reactors:
        state.apply(React(m, "fire"))
    return state, ["us.austin", *mates], game.name(b)


def test_8_62_a_reaction_shot_waits_for_the_choice_and_the_next_one_follows(
    game: SoldiersGame,
) -> None:
    """[8.62; 8.41]: the first reaction shot hits (a 2: the US player chooses among his three
    men); the second shot, worked out before any was resolved [8.6], follows the choice, also
    through a position file written while the choice waits."""
    state, three, hex_name = _reaction_scene(game)
    state.force_dice(1, 2, 10, 9)  # alertness 1: full fire; a hit, a kill; the second misses
    state.apply(Done("german"))
    fire_types_as_bots(state)  # aimed, as the bots name it [8.63]
    shots = [e for e in state.log if isinstance(e, ShotExplained)]
    assert len(shots) == 1 and shots[0].hit
    pending = state.active.damage
    assert pending is not None and pending.then == "reaction" and len(pending.rest) == 1
    assert state.to_act() == ("us",) and set(pending.men) == set(three)
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, back):
        start = len(s.log)
        s.apply(TakeDamage("us.e.6"))
        assert s.troops.disabled.get("us.e.6") == "killed"
        later = [e for e in s.log[start:] if isinstance(e, ShotExplained)]
        assert [(e.man, e.hex, e.hit) for e in later] == [("german.e.7", hex_name, False)]
        assert s.active.damage is None and s.to_act() == ("us",)
    assert back.position_fingerprint() == state.position_fingerprint()


def test_8_41_the_bots_choose_the_heuristic_as_the_stand_in_the_random_a_legal_man(
    game: SoldiersGame,
) -> None:
    """The heuristic bot names the engine's stand-in (the firer a leader first); the random bot
    one of the legal men; both only when their side chooses."""
    state, hex_name = _scene(game, [LEADER, RIFLEMAN])
    state.force_dice(1, 10)
    state.apply(Shoot(SHOOTER, hex_name, "aimed"))
    assert make_bot("heuristic", 3).choose(state, "us") == TakeDamage(LEADER)
    for seed in range(4):
        picked = make_bot("random", seed).choose(state, "us")
        assert picked in (TakeDamage(LEADER), TakeDamage(RIFLEMAN))
    assert choose_as_bots(state) == [("us", (LEADER, RIFLEMAN))]
    assert state.troops.disabled.get(LEADER) == "killed"
