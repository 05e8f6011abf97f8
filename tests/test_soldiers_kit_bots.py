"""Soldiers equipment follow-ups [7.33; 11; 14.13; 16.21; 17.1-17.31]: Target Acquisition counts
whoever carries the radio now [17.31; 17.11]; the heuristic bot takes equipment when it pays
(clips when out of ammo [11; 8.51], a dead crewman's MG part [14.13], a dead radioman's radio
for a leader [17.12], grenades [12]). Dice are forced; men are staged by hand."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import US, Buy, bought
from soldiers_scenes import acting, clear, dawn, stage, start_game

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.bots.greedy import GreedyBot
from rules.registry import load_game
from rules.soldiers import artillery, kit
from rules.soldiers.actions import OrderMan
from rules.soldiers.bot import threat
from rules.soldiers.fire_support_actions import ArtilleryNote
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.grenades import grenades_left
from rules.soldiers.handover import TakeGrenades
from rules.soldiers.kit import TakeKit
from rules.soldiers.machineguns import in_arc
from rules.soldiers.weapons import spare_clips

DAWN = "scenarios/soldiers/10-dawn-patrol.yaml"
#: A US rifleman of Dawn Patrol, no leader [2.1].
PRIVATE = "us.e.5"
#: Dawn Patrol's one-hex objective building [10.5]; a German man (MP) and a dead friend (G43).
OBJECTIVE, MAN, FRIEND = "C/1809", "german.e.6", "german.e.9"
#: Scenario 22 bought: the German MMG team, a German machinepistol man, the US radioman.
GUN = "german.h.ge-mmg-team"
A, B = "german.h.ge-mmg-a", "german.h.ge-mmg-b"
RIFLEMAN = "german.ge-squad-2.2"
RADIOMAN = "us.pl"


def _heavy_support() -> SoldiersGame:
    """Dawn Patrol with heavy artillery support bought for the US (its squad leader the
    radioman) [17.1; 19.42]."""
    loaded = load_scenario(DAWN)
    sides = [
        s.model_copy(update={"purchases": [Purchase(item="ART-HEAVY", count=1)]})
        if s.id == "us"
        else s
        for s in loaded.scenario.sides
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    assert found.men[PRIVATE].rank not in artillery.LEADERS
    return found


def _clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _strike(state: SoldiersState, target: Hex) -> list[object]:
    """A US strike on ``target``: heavy support's 6 is light shells, then 1 on target [17.3]."""
    start = len(state.log)
    state.force_dice(6, 1)
    artillery.resolve_strike(state, "us", target)
    return list(state.log[start:])


def test_17_31_target_acquisition_counts_the_man_carrying_the_radio_now() -> None:
    """[17.31; 17.11] A private who took the radio is "the radioman": in sight of the target
    hex he places the Target Acquisition marker (-2); without the radio he does not (our
    reading), and the assigned radioman, out of sight, places none."""
    game = _heavy_support()
    state = start_game(game, 1)
    hexes = sorted((h for h in game.amap.hexes if _clear(game, h)), key=game.name)
    eye, target = next(
        (a, b) for a in hexes for b in hexes if a.distance(b) == 6 and game.sees(a, b)
    )
    far = max(hexes, key=lambda h: (h.distance(target), game.name(h)))
    for m in state.troops.hexes:
        state.troops.hexes[m] = eye if m == PRIVATE else far
    name = game.name(target)

    without = state.clone()  # the private does not carry the radio
    _strike(without, target)
    assert name not in without.artillery.acquired

    state.kit.radios["us"] = PRIVATE  # he took it from the squad leader [7.33; 17.11]
    events = _strike(state, target)
    assert state.artillery.acquired[name] == 2
    note = [e for e in events if isinstance(e, ArtilleryNote)][-1]
    assert note.text.startswith(f"{PRIVATE} (carrying the radio")
    assert "Target Acquisition marker -2 [17.31]" in note.text

    _strike(state, target)  # the second strike flips it while he still sees the hex
    assert state.artillery.acquired[name] == 4


# --- the heuristic bot takes equipment when it pays [7.33] -------------------------------------


def _spent(state: SoldiersState, man: str) -> None:
    """His weapon out of ammo, every clip loaded, every grenade thrown [8.51; 8.52; 12]."""
    state.troops.ammo_out.add(man)
    state.troops.clips_spent[man] = state.game.clips[man] - 1
    state.troops.grenades_thrown[man] = grenades_left(state, man)


def _in_the_building() -> SoldiersState:
    """Dawn Patrol, the German leader's turn: MAN ordered alone in the objective building, his
    weapon spent, no grenade left; three Americans in sight 5-8 hexes off and one in each other
    objective building; FRIEND killed beside him, his G43 out of ammo too (so an exchange of
    weapons gains nothing); no order left to give."""
    game = dawn()
    state = acting(game, "german")
    h = game.by_name[OBJECTIVE]
    e = next(
        e
        for e in sorted(game.amap.hexes, key=game.name)
        if clear(game, e) and 5 <= e.distance(h) <= 8 and game.sees(e, h)
    )
    held = {"us.e.8": game.by_name["C/1710"], "us.e.9": game.by_name["C/1209"]}
    stage(state, {MAN: h, FRIEND: h, "us.e.5": e, "us.e.6": e, "us.e.7": e, **held})
    _spent(state, MAN)
    state.troops.disabled[FRIEND] = "killed"
    state.troops.ammo_out.add(FRIEND)
    state.active.in_command.add(MAN)
    state.apply(OrderMan(MAN))
    state.active.orders_left = 0
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_33_11_the_bot_takes_a_dead_friend_s_spare_clips_when_out_of_ammo(seed: int) -> None:
    """[7.33; 11; 8.51] Out of ammo with no clip left, beside a dead friend with spare clips:
    the bot gives all his AP to take them (then he may reload [8.52]) rather than suppress or
    wait; with his own weapon loaded he fires or watches instead."""
    state = _in_the_building()
    before = threat(state, MAN)
    assert GreedyBot(seed).choose(state, "german") == TakeKit(MAN, FRIEND, "clip")
    state.apply(TakeKit(MAN, FRIEND, "clip"))
    assert spare_clips(state, MAN) > 0 and threat(state, MAN) > before
    loaded = _in_the_building()
    loaded.troops.ammo_out.discard(MAN)
    loaded.troops.clips_spent.pop(MAN)
    assert TakeKit(MAN, FRIEND, "clip") in loaded.legal_actions("german")
    assert GreedyBot(seed).choose(loaded, "german").verb in ("shoot", "overwatch")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_7_33_12_the_bot_takes_a_dead_friend_s_grenades_when_he_has_none(seed: int) -> None:
    """[7.33; 12] Spent, no grenade left, the dead friend with two grenades (taken earlier)
    and neither clips nor a loaded weapon to give: the bot takes the grenades for all his AP;
    with a grenade of his own left he throws it [12.1] or suppresses himself [7.41] instead
    (our reading: the first grenades are what he lacks)."""
    state = _in_the_building()
    state.troops.clips_spent[FRIEND] = state.game.clips[FRIEND] - 1
    state.troops.grenades_taken[FRIEND] = 2
    own = state.clone()
    assert isinstance(own, SoldiersState)
    assert GreedyBot(seed).choose(state, "german") == TakeGrenades(MAN, FRIEND)
    state.apply(TakeGrenades(MAN, FRIEND))
    assert grenades_left(state, MAN) == 2
    own.troops.grenades_taken[MAN] = 1
    assert TakeGrenades(MAN, FRIEND) in own.legal_actions("german")
    assert GreedyBot(seed).choose(own, "german").verb in ("throw", "suppress")


def _kit_game() -> SoldiersGame:
    """Scenario 22 bought: the German MMG team (A, B); US light artillery support, the platoon
    leader its radioman [17.1; 19.42]."""
    us = Buy(US.forces, (*US.purchases, ("ART-LIGHT", 1)), US.reinforcements)
    found = load_game(dataclasses.replace(bought("22-street-fighting-in-grave", 0, {"us": us})))
    assert isinstance(found, SoldiersGame)
    assert found.guns[GUN] == (A, B) and found.artillery_support["us"].radioman == RADIOMAN
    return found


def _order(state: SoldiersState, man: str) -> None:
    """``man`` ordered, the leader's other orders given up."""
    state.active.in_command.add(man)
    state.apply(OrderMan(man))
    state.active.orders_left = 0


def _gun_scene(b_killed: bool) -> SoldiersState:
    """The German leader's turn: the MMG prepared in a, its arc on an American 13 hexes off
    (beyond the rifleman's machinepistol, within the gun's reach); its crew and the rifleman in
    a, the rifleman ordered; crewman B killed if ``b_killed``."""
    game = _kit_game()
    state = acting(game, "german")
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    a, b = next((a, b) for a in hexes for b in hexes if a.distance(b) == 13 and game.sees(a, b))
    stage(state, {A: a, B: a, RIFLEMAN: a, state.able("us")[0]: b})
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    if b_killed:
        state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_14_13_14_3_the_bot_takes_a_dead_crewman_s_part_to_fill_the_mg_s_crew(seed: int) -> None:
    """[14.13; 14.3] The MMG's crewman B is dead: the gun fires one man short (-2 to hit, +3 to
    its checks) and its parts lie apart from any able man [14.2]. The rifleman, no target in
    his machinepistol's reach, takes B's part (all his AP) and crews the gun, never the able
    crewman A's (A would be relieved, unarmed); with B alive he takes no part."""
    state = _gun_scene(b_killed=True)
    assert TakeKit(RIFLEMAN, A, "part") in state.legal_actions("german")
    short = threat(state, A)
    assert GreedyBot(seed).choose(state, "german") == TakeKit(RIFLEMAN, B, "part")
    state.apply(TakeKit(RIFLEMAN, B, "part"))
    assert kit.crew_of(state, GUN) == (A, RIFLEMAN) and threat(state, A) > short
    full = _gun_scene(b_killed=False)
    assert TakeKit(RIFLEMAN, B, "part") in full.legal_actions("german")
    assert GreedyBot(seed).choose(full, "german").verb != "take"


def _radio_scene(who: str) -> SoldiersState:
    """The US leader's turn: the radioman killed in a hex with the leader and a US man (no
    leader) of his command; ``who`` ("leader" or "man") ordered."""
    game = _kit_game()
    state = acting(game, "us")
    leader = game.chits[state.active.chit or ""].leader
    assert leader is not None and game.men[leader].rank in artillery.LEADERS
    man = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].rank == "man" and game.men[m].team is None
    )
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    stage(state, {man: hexes[0], leader: hexes[0], RADIOMAN: hexes[0]})
    state.troops.disabled[RADIOMAN] = "killed"
    _order(state, leader if who == "leader" else man)
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_17_12_the_bot_s_leader_takes_a_dead_radioman_s_radio_a_man_does_not(seed: int) -> None:
    """[17.11; 17.12] The radioman is dead: a leader who takes the radio may use it, so the
    bot's leader takes it (all his AP [7.33]) rather than march off without it; a man who is
    no leader may not use it, so the bot's man does not take it."""
    state = _radio_scene("leader")
    leader = state.active.current
    assert leader is not None
    assert GreedyBot(seed).choose(state, "us") == TakeKit(leader, RADIOMAN, "radio")
    state.apply(TakeKit(leader, RADIOMAN, "radio"))
    assert kit.radio_carrier(state, "us") == leader and artillery.users(state, "us") == [leader]
    other = _radio_scene("man")
    man = other.active.current
    assert man is not None and TakeKit(man, RADIOMAN, "radio") in other.legal_actions("us")
    assert GreedyBot(seed).choose(other, "us") != TakeKit(man, RADIOMAN, "radio")
