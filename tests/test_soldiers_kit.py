"""Soldiers equipment other than weapons changing hands [7.33] (``take MAN OTHER ITEM``): the MG's
parts and the men who were not its crew [14.13; 14.2; 14.3], satchel charges [16.21], the radio
[17.11; 17.12], ammo clips [11]. Dice are forced; men are staged by hand, every man not named in
one far hex."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import US, Buy, bought
from soldiers_scenes import acting, clear, stage

from model.hexes import Hex, Hexside
from rules.engine.actions import Done, Move, parse_action
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import artillery, kit, support
from rules.soldiers.actions import ClearJam, OrderMan, Reload, Shoot, ShotExplained
from rules.soldiers.carrying import PickUp
from rules.soldiers.engineers import satchels_left
from rules.soldiers.equipment import Exchange, modifiers
from rules.soldiers.fire import entry_side, hit_chance
from rules.soldiers.fire_support_actions import Radio, ThrowSatchel
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.kit import TakeKit
from rules.soldiers.machineguns import in_arc, why_not_gun
from rules.soldiers.support_actions import PrepareGun
from rules.soldiers.weapons import carried, spare_clips, why_not_fire_weapon

GUN = "german.h.ge-mmg-team"
A, B = "german.h.ge-mmg-a", "german.h.ge-mmg-b"
#: A German machinepistol man in the German squad leader's command.
RIFLEMAN = "german.ge-squad-2.2"
ENGINEER = "us.h.us-engineer"
RADIOMAN = "us.pl"


def _game() -> SoldiersGame:
    """Scenario 22 bought: the German MMG team; the US engineer with two satchel charges, light
    artillery support (the platoon leader its radioman)."""
    us = Buy(US.forces, (*US.purchases, ("SATCHEL", 2), ("ART-LIGHT", 1)), US.reinforcements)
    found = load_game(dataclasses.replace(bought("22-street-fighting-in-grave", 0, {"us": us})))
    assert isinstance(found, SoldiersGame)
    assert found.guns[GUN] == (A, B) and found.satchels == {ENGINEER: 2}
    assert found.artillery_support["us"].radioman == RADIOMAN
    return found


def _pair(game: SoldiersGame) -> tuple[Hex, Hex]:
    """Clear hexes two apart in sight of each other, no hexside feature at the target."""
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    for a in hexes:
        for b in hexes:
            if a.distance(b) == 2 and game.sees(a, b):
                side: Hexside | None = entry_side(a, b)
                if side is None or not game.terrain.hexside_features(side):
                    return a, b
    raise AssertionError("no such hexes")


def _crew() -> tuple[SoldiersState, Hex, Hex]:
    """The German leader's turn at Aggressive: the MMG prepared in a, its arc on b, where an
    American stands; its crew and the rifleman in a."""
    game = _game()
    state = acting(game, "german")
    a, b = _pair(game)
    stage(state, {A: a, B: a, RIFLEMAN: a, state.able("us")[0]: b})
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    return state, a, b


def _order(state: SoldiersState, man: str) -> None:
    state.active.in_command.add(man)
    state.apply(OrderMan(man))


def _newcomer_crews(state: SoldiersState) -> None:
    """B is dead and the rifleman carries his part (as a position file would say) [14.13]."""
    state.troops.disabled[B] = "killed"
    state.kit.parts.update({RIFLEMAN: GUN, B: ""})


# --- 14.13 Non-crew members ---------------------------------------------------------------------


def test_14_13_a_man_takes_a_dead_crewman_s_part_for_all_his_ap_and_crews_the_gun() -> None:
    """[14.13] "Any man not originally assigned as a crewmember may become a crewmember ... A man
    performs an exchange equipment action with a crew member to take part of the weapon": the
    State API offers it with its cost, all his AP [7.33]; the gun's crew is A and the rifleman
    now, the gun still prepared (our reading: nobody moved, 14.2); clones and position files
    keep it."""
    state, _a, _b = _crew()
    game = state.game
    state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    action = TakeKit(RIFLEMAN, B, "part")
    assert action in state.legal_actions()
    assert state.describe(action) == f"Take an MG part from {game.unit_name(B)}: all his AP [7.33]"
    preview = state.preview(action)
    assert preview.legal and "all his AP (5); then he crews the MMG: -1" in (preview.cost or "")
    events = state.apply(action)
    told = " ".join(e.describe() for e in events)
    assert "part of the MMG [14.13]" in told and "-1 to the hit chance" in told
    assert "stays prepared" in told and "all his AP [7.33]" in told
    assert kit.crew_of(state, GUN) == (A, RIFLEMAN) and state.active.ap == 0
    assert GUN in state.support.guns
    clone = state.clone()
    assert isinstance(clone, SoldiersState) and clone.kit == state.kit
    clone.kit.parts.clear()
    assert state.kit.parts == {RIFLEMAN: GUN, B: ""}
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and again.kit.parts == state.kit.parts


def test_14_13_a_non_original_crewmember_in_the_fire_minus_1_to_hit_forced_dice() -> None:
    """[14.13] "When a non-original crewmember participates in the firing of the HMG or MMG, -1
    applies to the hit chance": A fires with the rifleman as his mate; the full crew is there, so
    not one man short [14.3]; a roll that hits the original crew's chance misses."""
    state, _a, b = _crew()
    game = state.game
    _order(state, A)
    shot = Shoot(A, game.name(b), "sustained")
    original = state.clone()
    assert isinstance(original, SoldiersState)
    full, _ = hit_chance(original, shot)
    _newcomer_crews(state)
    chance, _ = hit_chance(state, shot)
    assert chance == full - 1
    words = state.preview(shot).chances[0].words
    assert "german.ge-squad-2.2 not originally of the MG's crew" in words and "[14.13] -1" in words
    assert "one man short" not in words
    state.force_dice(full, 1)  # the original crew's chance: a miss now (1: any check's NE roll)
    state.apply(shot)
    fired = next(e for e in state.log if isinstance(e, ShotExplained))
    assert fired.chance == full - 1 and fired.roll == full and not fired.hit
    assert any("[14.13]" in step for step in fired.steps)


def test_14_13_the_newcomer_fires_the_prepared_gun_himself_else_his_own_weapon() -> None:
    """[14.13; 11.1] The newcomer carries his machinepistol and the part: while the gun is
    prepared with him his fire is the gun's, -1 once [14.13], not the 8.72 unfamiliar weapon's
    too (our reading); the gun dismantled, he fires his own weapon, no gun rule [14.2]."""
    state, _a, b = _crew()
    game = state.game
    _newcomer_crews(state)
    _order(state, RIFLEMAN)
    assert carried(state, RIFLEMAN).id == "GE-MMG"
    shot = Shoot(RIFLEMAN, game.name(b), "sustained")
    assert shot in state.legal_actions()
    words = state.preview(shot).chances[0].words
    assert words.count("[14.13]") == 1 and "[8.72]" not in words
    del state.support.guns[GUN]
    assert carried(state, RIFLEMAN) == game.men[RIFLEMAN].weapon
    assert state.why_not(Shoot(RIFLEMAN, game.name(b), "quick")) is None
    assert "dismantled" in (why_not_gun(state, A, b) or "")


def test_14_13_an_able_crewman_whose_part_is_taken_is_relieved_and_unarmed() -> None:
    """[14.13] "a crewmember has no weapon other than his part of the MG ... and, if relieved,
    will be unarmed": the rifleman takes able B's part by his own action (our reading of 14.13:
    one man performs it); B may not fire, clear or reload, and is marked Unarmed; A and the
    rifleman are the full crew."""
    state, _a, b = _crew()
    game = state.game
    _order(state, RIFLEMAN)
    assert "relieved, unarmed [14.13]" in (state.preview(TakeKit(RIFLEMAN, B, "part")).cost or "")
    events = state.apply(TakeKit(RIFLEMAN, B, "part"))
    told = " ".join(e.describe() for e in events)
    assert f"{B} is relieved, unarmed [14.13]" in told and "our reading of 14.13" in told
    assert "unarmed [14.13]" in (why_not_fire_weapon(state, B) or "")
    assert "Unarmed" in support.marks(state, B)
    state.troops.jammed.add(GUN)  # the gun's Jam marker, its own [14.1]
    _order(state, B)
    assert "unarmed [14.13]" in (state.why_not(ClearJam(B)) or "")
    assert "unarmed [14.13]" in (state.why_not(Shoot(B, game.name(b), "quick")) or "")
    state.troops.jammed.clear()
    _order(state, A)
    words = state.preview(Shoot(A, game.name(b), "sustained")).chances[0].words
    assert "one man short" not in words and "[14.13] -1" in words


def test_14_13_7_33_a_relieved_crewman_takes_a_dead_man_s_weapon_giving_none() -> None:
    """[14.13; 7.33; 8.72]: B, relieved and unarmed, takes a dead man's MP by an exchange
    equipment action, giving none (he has none): he is armed again (his fire an automatic
    weapon other than his counter's MMG, -1 to hit, +1 to checks [8.72]) and the dead man
    carries none, nothing more to take. A man carrying a part (the rifleman, crewing the gun
    now) exchanges no weapon; position files keep who carries none."""
    state, a, _b = _crew()
    dead = "german.ge-squad-3.1"
    assert state.game.men[dead].weapon.id == "GE-MP"
    state.troops.hexes[dead] = a
    state.troops.disabled[dead] = "killed"
    _order(state, RIFLEMAN)
    state.apply(TakeKit(RIFLEMAN, B, "part"))
    _order(state, B)
    assert Exchange(B, dead) in state.legal_actions()
    told = " ".join(e.describe() for e in state.apply(Exchange(B, dead)))
    assert "takes the weapon of" in told and "giving none" in told and "[14.13]" in told
    assert "[8.72]" in told
    assert carried(state, B).id == "GE-MP" and not kit.unarmed(state, B)
    assert why_not_fire_weapon(state, B) is None and "Unarmed" not in support.marks(state, B)
    assert modifiers(state, B)[:2] == (-1, 1)
    assert state.troops.weaponless == {dead} and state.active.ap == 0
    assert "carries none" in (why_not_fire_weapon(state, dead) or "")
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.troops.weaponless == {dead} and back.troops.carried[B] == "GE-MP"
    assert back.position_fingerprint() == state.position_fingerprint()
    # nothing more to take from the dead man; a part-carrying crewman exchanges no weapon
    from rules.soldiers.equipment import _with

    state.troops.hexes["german.ge-squad-2.4"] = a
    state.troops.disabled["german.ge-squad-2.4"] = "killed"
    assert "no weapon to give" in (_with(state, "german.ge-squad-2.4", dead) or "")
    assert "MG's crewman" in (_with(state, RIFLEMAN, "german.ge-squad-2.4") or "")


def test_2_1_9_6_a_man_whose_weapon_was_taken_shows_unarmed() -> None:
    """[2.1; 7.33; 14.13]: B, relieved, takes an incapacitated friend's MP, giving none: the
    friend, who carries no weapon now, shows the Unarmed mark (on the map, in both sides'
    views); B shows it no longer."""
    state, a, _b = _crew()
    friend = "german.ge-squad-3.1"
    state.troops.hexes[friend] = a
    state.troops.disabled[friend] = "incapacitated"
    _order(state, RIFLEMAN)
    state.apply(TakeKit(RIFLEMAN, B, "part"))
    assert "Unarmed" in support.marks(state, B)
    _order(state, B)
    state.apply(Exchange(B, friend))
    assert state.troops.weaponless == {friend}
    assert "Unarmed" in support.marks(state, friend) and "Unarmed" not in support.marks(state, B)
    for side in state.game.sides:
        shown = next(u for u in state.view_for(side).units if u.unit == friend)
        assert "Unarmed" in shown.markers and "Inc" in shown.markers


def test_9_6_9_5_an_escaped_prisoner_whose_weapon_was_destroyed_shows_unarmed() -> None:
    """[9.6; 9.5; 2.1]: "An escaped prisoner has an Unarmed marker placed on him": an American
    prisoner whose weapon his captors destroyed [9.5], no longer captured (no able enemy with
    him), shows Unarmed; a killed man whose weapon was destroyed does not (our reading)."""
    state, _a, b = _crew()
    prisoner = state.able("us")[0]
    state.troops.destroyed.add(prisoner)
    assert prisoner not in state.troops.captured and prisoner not in state.troops.disabled
    shown = next(u for u in state.positions() if u.unit == prisoner)
    assert "Unarmed" in shown.markers and state.troops.hexes[prisoner] == b
    state.troops.disabled[prisoner] = "killed"
    assert "Unarmed" not in support.marks(state, prisoner)


def test_14_13_7_33_the_gun_s_first_crewman_relieved_takes_a_weapon_his_marks_apart() -> None:
    """[14.13; 7.33]: A, the gun's first crewman, relieved ("if relieved, will be unarmed"),
    takes a dead man's MP by an exchange, giving none (it was refused while his marks stood for
    the gun's): the gun's Jam marker is the gun's own [14.1; 19.54], so it neither stops his MP
    nor shows on him (it shows on B, who shows the gun now); his own Jam stops his MP, not the
    gun."""
    state, a, b = _crew()
    dead = "german.ge-squad-3.1"
    state.troops.hexes[dead] = a
    state.troops.disabled[dead] = "killed"
    _order(state, RIFLEMAN)
    state.apply(TakeKit(RIFLEMAN, A, "part"))
    assert kit.unarmed(state, A)
    state.troops.jammed.add(GUN)  # the gun jammed
    _order(state, A)
    assert Exchange(A, dead) in state.legal_actions()
    told = " ".join(e.describe() for e in state.apply(Exchange(A, dead)))
    assert "a relieved MG crewman, unarmed [14.13]" in told and "[7.33]" in told
    assert carried(state, A).id == "GE-MP" and why_not_fire_weapon(state, A) is None
    marks = {u.unit: u.markers for u in state.positions()}
    assert "Jam" not in marks[A] and "Jam" in marks[B] and "Unarmed" not in marks[A]
    assert "jammed" in (why_not_fire_weapon(state, RIFLEMAN) or "")  # the gun, in his hex
    state.troops.jammed = {A}  # his MP jammed, the gun not
    assert "jammed" in (why_not_fire_weapon(state, A) or "")
    assert why_not_fire_weapon(state, RIFLEMAN) is None and why_not_gun(state, B, b) is None


def test_14_2_a_newcomer_moving_dismantles_the_gun_and_prepares_it_with_the_crew() -> None:
    """[14.2] "When any member of an HMG or MMG crew moves, the weapon is automatically
    considered dismantled": the newcomer is a member; with every part in his hex he prepares it
    (the prepare action offered to him) [14.2; 14.21]."""
    state, a, b = _crew()
    game = state.game
    _newcomer_crews(state)
    _order(state, RIFLEMAN)
    step = next(n for n in a.neighbors() if clear(game, n) and n != b)
    state.apply(Move(RIFLEMAN, (game.name(step),)))
    while state.active.reaction is not None:  # the Americans hold fire
        state.apply(Done(state.active.reaction.side))
    assert GUN not in state.support.guns
    assert any("the MMG is dismantled [14.2]" in e.describe() for e in state.log)
    assert "every part of the MMG" in (state.why_not(PrepareGun(RIFLEMAN, 4)) or "")
    state.troops.hexes[A] = step  # A brings his part
    assert PrepareGun(RIFLEMAN, 4) in state.legal_actions()
    state.apply(PrepareGun(RIFLEMAN, 4))
    assert state.support.guns[GUN] == (game.name(step), 4)


def test_14_13_11_1_one_item_of_the_part_column_not_hidden_nor_a_flamethrower_man() -> None:
    """[11.1] a part is one item of the radio / part / disabled man column: a man carrying a
    disabled man may not take one; a crewman carries his part already; a hidden gun's parts
    change hands once it is revealed (our reading of 14.12)."""
    state, _a, _b = _crew()
    state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    state.troops.carrying[RIFLEMAN] = B  # (the game offers a carrier only movement [11.3])
    assert "[11.1; 11.3]" in (kit.why_not(state, TakeKit(RIFLEMAN, B, "part")) or "")
    del state.troops.carrying[RIFLEMAN]
    state.support.hidden.add(GUN)
    assert "hidden MG" in (state.why_not(TakeKit(RIFLEMAN, B, "part")) or "")
    state.support.hidden.clear()
    _order(state, A)
    assert "one item of that column [11.1; 14.1]" in (state.why_not(TakeKit(A, B, "part")) or "")
    assert TakeKit(A, B, "part") not in state.legal_actions()


def test_14_13_7_33_a_part_is_refused_out_of_his_hex_and_from_a_man_not_of_the_crew() -> None:
    """[14.13; 7.33] "A man performs an exchange equipment action with a crew member": refused
    (and not offered) with a crewman in another hex [7.33] and from a man who carries no part,
    not of the crew [14.1]."""
    state, a, b = _crew()
    state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    offered = state.legal_actions()
    assert TakeKit(RIFLEMAN, B, "part") in offered
    state.troops.hexes[B] = b
    assert "must be in his hex [7.33]" in (state.why_not(TakeKit(RIFLEMAN, B, "part")) or "")
    assert TakeKit(RIFLEMAN, B, "part") not in state.legal_actions()
    state.troops.hexes[B] = a
    dead = "german.ge-squad-3.1"
    state.troops.hexes[dead] = a
    state.troops.disabled[dead] = "killed"
    assert "carries no part of an MMG or HMG [14.1]" in (
        state.why_not(TakeKit(RIFLEMAN, dead, "part")) or ""
    )
    assert TakeKit(RIFLEMAN, dead, "part") not in state.legal_actions()


def test_14_13_the_same_roll_hits_with_the_original_crew_and_misses_with_a_newcomer() -> None:
    """[14.13] Both ways, forced dice: the roll that hits for A firing with his original mate B
    misses when the rifleman, not originally of the crew, is the mate (-1 to the hit chance);
    the log of the original crew's shot names no [14.13]."""
    state, _a, b = _crew()
    game = state.game
    _order(state, A)
    shot = Shoot(A, game.name(b), "sustained")
    original = state.clone()
    assert isinstance(original, SoldiersState)
    full, _ = hit_chance(original, shot)
    original.force_dice(full, 1)  # a roll of the chance or less hits
    original.apply(shot)
    hit = next(e for e in original.log if isinstance(e, ShotExplained))
    assert hit.chance == full and hit.roll == full and hit.hit
    assert not any("[14.13]" in step for step in hit.steps)
    _newcomer_crews(state)
    state.force_dice(full, 1)
    state.apply(shot)
    missed = next(e for e in state.log if isinstance(e, ShotExplained))
    assert missed.chance == full - 1 and missed.roll == full and not missed.hit
    assert any(
        "not originally of the MG's crew" in step and "[14.13]" in step for step in missed.steps
    )


# --- 16.21 Satchel charges, 17.11-17.12 the radio, 11 clips -------------------------------------


def _us() -> tuple[SoldiersState, str, Hex]:
    """The US leader's turn at Aggressive; a US man (no leader) of his command, the engineer and
    the radioman in one hex."""
    game = _game()
    state = acting(game, "us")
    man = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].rank == "man" and game.men[m].team is None
    )
    a, _b = _pair(game)
    stage(state, {man: a, ENGINEER: a, RADIOMAN: a})
    return state, man, a


def test_16_21_a_dead_engineer_s_satchel_charges_any_man_carries_only_engineers_use() -> None:
    """[16.21] "Any man may carry a satchel charge, but only engineers may use them ... a
    maximum of two": the man takes both (all his AP [7.33]); he may not throw one [16.22]."""
    state, man, a = _us()
    game = state.game
    state.troops.disabled[ENGINEER] = "killed"
    _order(state, man)
    action = TakeKit(man, ENGINEER, "satchel")
    assert action in state.legal_actions()
    events = state.apply(action)
    told = " ".join(e.describe() for e in events)
    assert "2 satchel charges" in told and "only engineers may use them [16.21]" in told
    assert satchels_left(state, man) == 2 and satchels_left(state, ENGINEER) == 0
    target = game.name(next(h for h in a.neighbors() if h in game.amap.hexes))
    assert "only engineers" in (state.why_not(ThrowSatchel(man, target)) or "")
    state.kit.satchels[ENGINEER] = 1  # as if he had a third
    state.active.ap = 5.0
    assert "at most 2 satchel charges" in (state.why_not(action) or "")


def test_17_12_the_dead_radioman_s_radio_a_leader_who_takes_it_uses_it_a_man_does_not() -> None:
    """[17.11] any man may carry the radio; [17.12] "The man to which a radio is assigned ...
    and any leader stacked with the man (or who takes the radio from the man), may use the
    radio ... Non-leaders other than the man initially assigned the radio may not"; [11.1] the
    radio is one item of its column: its carrier picks up no disabled man."""
    state, man, a = _us()
    game = state.game
    leader = game.chits[state.active.chit or ""].leader
    assert leader is not None and game.men[leader].rank in artillery.LEADERS
    state.troops.hexes[leader] = a
    assert artillery.users(state, "us") == sorted([RADIOMAN, leader])
    state.troops.disabled[RADIOMAN] = "killed"
    taken = state.clone()
    assert isinstance(taken, SoldiersState)
    _order(state, man)
    assert "he may not use it: no leader [17.12]" in (
        state.preview(TakeKit(man, RADIOMAN, "radio")).cost or ""
    )
    events = state.apply(TakeKit(man, RADIOMAN, "radio"))
    assert any("may not use it [17.12]" in e.describe() for e in events)
    assert kit.radio_carrier(state, "us") == man and artillery.users(state, "us") == []
    state.active.ap = 5.0  # as in his next order
    assert "[11.1; 17.1]" in (state.why_not(PickUp(man, RADIOMAN)) or "")
    _order(taken, leader)
    events = taken.apply(TakeKit(leader, RADIOMAN, "radio"))
    assert any("he may use it [17.12]" in e.describe() for e in events)
    assert artillery.users(taken, "us") == [leader]
    seen = game.name(next(h for h in a.neighbors() if h in game.amap.hexes and game.sees(a, h)))
    for who, after in ((man, state), (leader, taken)):
        after.active.ap = 5.0  # as in his next order
        refused = after.why_not(Radio(who, seen)) or ""
        assert ("[17.12]" in refused) == (who == man), refused


def test_7_33_a_man_out_of_ammo_takes_a_dead_friend_s_spare_clips() -> None:
    """[7.33; 11] a man takes every spare clip (the loaded one stays) of a dead friend, all his
    AP (our reading: a clip is an abstract ammo supply [11, Developer's Note]); then he has a
    clip to reload [8.52]. An MG's clips are its crew's (our reading of 19.54)."""
    state, man, a = _us()
    game = state.game
    friend = next(
        m
        for m in sorted(state.active.in_command)
        if m != man and game.men[m].rank == "man" and game.men[m].team is None
    )
    state.troops.hexes[friend] = a
    state.troops.disabled[friend] = "killed"
    state.troops.ammo_out.add(man)
    state.troops.clips_spent[man] = game.clips[man] - 1
    assert spare_clips(state, man) == 0 and spare_clips(state, friend) == game.clips[friend] - 1
    _order(state, man)
    assert "no clip left" in (state.why_not(Reload(man)) or "")
    state.apply(TakeKit(man, friend, "clip"))
    assert spare_clips(state, man) == game.clips[friend] - 1 and spare_clips(state, friend) == 0
    assert "no clip left" not in (state.why_not(Reload(man)) or "")
    crew, _a, _b = _crew()
    crew.troops.disabled[A] = "killed"
    _order(crew, RIFLEMAN)
    assert "MG's clips" in (crew.why_not(TakeKit(RIFLEMAN, A, "clip")) or "")


def test_take_text_round_trips_refuses_an_unknown_item_and_positions_keep_the_kit() -> None:
    """The action's text form ``take MAN OTHER ITEM`` [7.33]; an unknown item refused; a
    position file keeps every kind of equipment that changed hands."""
    action = TakeKit(RIFLEMAN, B, "part")
    assert parse_action(action.text(), (TakeKit,)) == action
    state, _a, _b = _crew()
    game = state.game
    _order(state, RIFLEMAN)
    with pytest.raises(IllegalActionError, match=r"the item is one of part, satchel"):
        state.apply(TakeKit(RIFLEMAN, B, "helmet"))
    state.kit.parts.update({RIFLEMAN: GUN, B: ""})
    state.kit.satchels.update({RIFLEMAN: 1, ENGINEER: -1})
    state.kit.clips.update({RIFLEMAN: 1})
    state.kit.radios.update({"us": "us.e.5"})
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and again.kit == state.kit


def test_7_33_any_amount_some_satchel_charges_or_clips_of_a_dead_friend() -> None:
    """[7.33] "Any amount of equipment may be exchanged": one of the dead engineer's two
    satchel charges (``take MAN OTHER satchel 1``) [16.21], or one spare clip; a count beyond
    what he has (or may carry) is refused, and the radio and MG parts take none; the texts
    round-trip."""
    state, man, a = _us()
    game = state.game
    state.troops.disabled[ENGINEER] = "killed"
    state.troops.disabled[RADIOMAN] = "killed"
    _order(state, man)
    one = TakeKit(man, ENGINEER, "satchel", 1)
    assert one in state.legal_actions() and TakeKit(man, ENGINEER, "satchel") in (
        state.legal_actions()
    )
    assert TakeKit(man, ENGINEER, "satchel", 2) not in state.legal_actions()  # that is "all"
    assert one.text() == f"take {man} {ENGINEER} satchel 1"
    assert parse_action(one.text(), (TakeKit,)) == one
    assert state.describe(one).startswith("Take 1 of the satchel charges from ")
    assert "at most" in (state.why_not(TakeKit(man, ENGINEER, "satchel", 3)) or "")
    assert "taken whole" in (state.why_not(TakeKit(man, RADIOMAN, "radio", 1)) or "")
    twin = state.clone()
    events = state.apply(one)
    assert satchels_left(state, man) == 1 and satchels_left(state, ENGINEER) == 1
    assert "the number he chose (any amount [7.33])" in " ".join(e.describe() for e in events)
    # one clip of a dead friend's spare ones
    friend = next(
        m
        for m in sorted(twin.active.in_command)
        if m != man and game.men[m].rank == "man" and game.men[m].team is None
    )
    twin.troops.hexes[friend] = a
    twin.troops.disabled[friend] = "killed"
    spare = spare_clips(twin, friend)
    assert spare >= 1
    clip = TakeKit(man, friend, "clip", 1)
    assert twin.why_not(clip) is None
    before = spare_clips(twin, man)
    twin.apply(clip)
    assert spare_clips(twin, man) == before + 1 and spare_clips(twin, friend) == spare - 1
