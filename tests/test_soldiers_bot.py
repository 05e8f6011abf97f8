"""Soldiers' heuristic bot, one test a capability, each in a position where the choice is
clearly right and each citing the section it plays: groups [7.1; 6.24], the missions'
objectives [19.1; 19.7; 7.26], self suppression [7.41] and exchanging weapons [7.33] (overwatch
[13], grenades [12], satchels [16.22], hand-to-hand [8.8] and reaction fire [8.6] are pinned
beside their rules: tests/test_soldiers_support.py, test_soldiers_fire_rules.py,
test_soldiers_engineers.py, test_soldiers_melee.py). Men are staged by hand on Dawn Patrol's
map C, every man not named sharing one far hex with the enemy's."""

from __future__ import annotations

import pytest
from soldiers_bought import bought
from soldiers_scenes import acting, clear, dawn, stage

from model.hexes import Hex
from rules.bots.greedy import Evaluator, GreedyBot
from rules.registry import load_game
from rules.soldiers.actions import MoveOff, SelfSuppress
from rules.soldiers.bot import SoldiersAdapter, threat
from rules.soldiers.equipment import Exchange
from rules.soldiers.exits import exit_hexes
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup

OBJECTIVE = "C/1809"  # Dawn Patrol's one-hex objective building [10.5]


def _watchers(game: SoldiersGame, at: Hex, lo: int, hi: int) -> Hex:
    """A clear hex ``lo``-``hi`` hexes from ``at`` that sees it."""
    return next(
        e
        for e in sorted(game.amap.hexes, key=game.name)
        if clear(game, e) and lo <= e.distance(at) <= hi and game.sees(e, at)
    )


def _spent(state: SoldiersState, man: str) -> None:
    """His weapon out of ammo, every clip loaded, every grenade thrown [8.51; 8.52; 12]."""
    state.troops.ammo_out.add(man)
    state.troops.clips_spent[man] = state.game.clips[man] - 1
    state.troops.grenades_thrown[man] = state.game.grenades.get(man, 0)


def _in_the_building(seed: int) -> tuple[SoldiersState, str, Hex]:
    """A German man ordered alone in Dawn Patrol's objective building 1809, his weapon spent,
    three Americans in sight 5-8 hexes off and one in each other objective building (so what
    the man sees does not change who controls them [10.5]); no order left to give."""
    game = dawn()
    state = acting(game, "german")
    h = game.by_name[OBJECTIVE]
    e = _watchers(game, h, 5, 8)
    man = "german.e.6"
    held = {"us.e.8": game.by_name["C/1710"], "us.e.9": game.by_name["C/1209"]}
    stage(state, {man: h, "us.e.5": e, "us.e.6": e, "us.e.7": e, **held})
    _spent(state, man)
    state.active.in_command.add(man)
    state.apply(f"order-man {man}")
    state.active.orders_left = 0
    return state, man, h


# --- self suppression [7.41] ------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_41_the_bot_suppresses_a_man_who_can_do_nothing_more_in_enemy_sight(seed: int) -> None:
    """[7.41; 8.32]: a man holding the objective, his weapon out of ammo with no clip left and
    1 AP left, three enemies in sight: he suppresses himself (free, harder to hit in the
    enemy's coming phase) rather than stand, and stays in the building."""
    state, man, _ = _in_the_building(seed)
    state.active.ap = 1.0
    assert SelfSuppress(man) in state.legal_actions("german")
    assert GreedyBot(seed).choose(state, "german") == SelfSuppress(man)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_41_the_bot_does_not_suppress_a_man_with_a_loaded_weapon_and_his_ap(seed: int) -> None:
    """[7.41; 8; 13]: the same man with a loaded weapon and his 5 AP fires or watches;
    suppressing himself would end his actions [7.41]."""
    state, man, _ = _in_the_building(seed)
    state.troops.ammo_out.discard(man)
    state.troops.clips_spent.pop(man)
    assert GreedyBot(seed).choose(state, "german").verb in ("shoot", "overwatch")


# --- exchanging weapons [7.33] ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_33_the_bot_takes_a_dead_friend_s_loaded_weapon_when_his_own_is_spent(
    seed: int,
) -> None:
    """[7.33; 8.51]: out of ammo with no clip left, beside a killed friend's G43: the bot gives
    all his AP to take it (and stays on the objective) rather than suppress or wait."""
    state, man, h = _in_the_building(seed)
    state.troops.hexes["german.e.9"] = h
    state.troops.disabled["german.e.9"] = "killed"
    assert threat(state, man) < 0.5
    assert GreedyBot(seed).choose(state, "german") == Exchange(man, "german.e.9")
    state.apply(Exchange(man, "german.e.9"))
    assert threat(state, man) == 1.0


@pytest.mark.parametrize("seed", [1, 2])
def test_7_33_the_bot_keeps_his_loaded_weapon(seed: int) -> None:
    """[7.33]: with his own weapon loaded he does not spend his AP on a dead friend's."""
    state, man, h = _in_the_building(seed)
    state.troops.ammo_out.discard(man)
    state.troops.clips_spent.pop(man)
    state.troops.hexes["german.e.9"] = h
    state.troops.disabled["german.e.9"] = "killed"
    assert Exchange(man, "german.e.9") in state.legal_actions("german")
    assert GreedyBot(seed).choose(state, "german").verb != "exchange"


# --- groups [7.1; 6.24] -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_1_with_one_order_left_the_bot_orders_two_stacked_riflemen_as_a_group(
    seed: int,
) -> None:
    """[7.1; 6.24; 6.21]: one order left, two men of the squad holding objective 1809 with an
    enemy in reach (the other buildings held by friends: nowhere better to go): a group's
    order lets both act (each may fire on the same AP [8.2]), one man's order only him."""
    game = dawn()
    state = acting(game, "german")
    h = game.by_name[OBJECTIVE]
    e = _watchers(game, h, 3, 5)
    held = {"german.e.8": game.by_name["C/1710"], "german.e.9": game.by_name["C/1209"]}
    stage(state, {"german.e.6": h, "german.e.7": h, "us.e.5": e, **held})
    state.active.in_command = {"german.e.6", "german.e.7"}  # the leader is far off
    state.active.orders_left = 1
    pair = OrderGroup(("german.e.6", "german.e.7"))
    assert pair in state.legal_actions("german")
    choice = GreedyBot(seed).choose(state, "german")
    assert choice == pair, choice


def test_7_1_a_group_is_worth_its_men_only_when_orders_are_short() -> None:
    """[7.1; 6.21]: the group's worth counts the men who act by it and would otherwise go
    without an order: none when the leader has an order for each man."""
    game = dawn()
    state = acting(game, "german")
    h = game.by_name[OBJECTIVE]
    stage(state, {"german.e.6": h, "german.e.7": h})
    state.active.in_command |= {"german.e.6", "german.e.7"}
    adapter, pair = SoldiersAdapter(), OrderGroup(("german.e.6", "german.e.7"))
    state.active.orders_left = 1
    n = sum(1 for m in state.active.in_command if state.may_order(m))
    assert n >= 2 and adapter.selection_worth(state, pair) > 0
    state.active.orders_left = n
    assert adapter.selection_worth(state, pair) == 0


# --- the missions' objectives [19.1; 19.7] ----------------------------------------------------


def _advance_patrol() -> SoldiersGame:
    found = load_game(bought("20-vire-bridges", 1, None))
    assert isinstance(found, SoldiersGame)
    assert found.missions()["us"].id == "advance-patrol"
    return found


def test_19_1_the_bot_makes_for_its_mission_s_exit_edge() -> None:
    """[19.1; 20.3]: the Advance Patrol's exit (inside the mission's all-of) is a US objective
    of the bot: the north edge of map D."""
    game = _advance_patrol()
    state = game.new_initial_state(1)
    clone = state.clone()
    assert isinstance(clone, SoldiersState)
    clone.play.cycle = 4
    edge = exit_hexes(clone, "us")
    objectives = Evaluator(game, SoldiersAdapter()).objectives["us"]
    assert any(edge <= o.hexes for o in objectives)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_26_19_7_the_bot_moves_off_by_its_mission_s_exit(seed: int) -> None:
    """[7.26; 20.3]: in cycle 4 a US man under orders on the north edge of map D moves off the
    map, as the Advance Patrol's victory asks, rather than stand on the edge."""
    game = _advance_patrol()
    state = game.new_initial_state(1)
    man = state.able("us")[0]
    clone = state.clone()
    assert isinstance(clone, SoldiersState)
    clone.play.cycle = 4
    edge = sorted(exit_hexes(clone, "us"), key=game.name)
    chit = next(c for c, ch in game.chits.items() if ch.side == "us")
    state.play.cycle, state.play.phase = 4, "action"
    state.active.chit, state.active.current, state.active.ap = chit, man, 5.0
    state.troops.hexes[man] = edge[0]
    assert MoveOff(man) in state.legal_actions("us")
    assert GreedyBot(seed).choose(state, "us") == MoveOff(man)
