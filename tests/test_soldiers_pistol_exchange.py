"""Soldiers pistols changing hands by exchange equipment [7.33; 11.1] (``take MAN OTHER
pistol``): from the men an exchange allows, all the taker's AP; one of the two satchel charge /
pistol items [11.1], one a man (our reading), a flamethrower man may carry one [15.2]; an enemy
man's pistol is an enemy weapon, -2 to hit and +2 to the weapon check [8.73] (forced dice); its
ammo and its Jam and Ammo Out marks go with it (our reading); position files keep it. Men are
staged by hand as in :mod:`test_soldiers_pistols`."""

from __future__ import annotations

import pytest
from soldiers_bought import Buy
from soldiers_scenes import acting, stage
from test_soldiers_exchange import MURPHY
from test_soldiers_exchange import _game as _game_with
from test_soldiers_kit import _pair
from test_soldiers_pistols import RIFLEMAN, A, B, _game, _relieved

from model.errors import ProblemList
from rules.engine.actions import parse_action
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.soldiers import support
from rules.soldiers.actions import OrderMan, Shoot, ShotExplained, WeaponChecked
from rules.soldiers.equipment import Exchange, modifiers
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersState
from rules.soldiers.kit import TakeKit
from rules.soldiers.pistols import pistol, pistol_of
from rules.soldiers.units import cell
from rules.soldiers.weapons import CHECK_COLUMN, carried, why_not_fire_weapon


def _told(state: SoldiersState, action: TakeKit) -> str:
    return " ".join(e.describe() for e in state.apply(action))


def _check_roll() -> int:
    """A quick fire roll that calls for a weapon check [8.5]."""
    found = cell("weapon-check-summary", "quick fire", CHECK_COLUMN).value
    assert isinstance(found, list)
    return int(found[0])


def _enemy_pistol() -> tuple[SoldiersState, str, str]:
    """B, relieved and without a pistol (no German pistol bought), stands with the dead
    American who was dealt the US pistol; another American is in the gun's arc. Returns the
    state, the dead American and the target hex."""
    state, target = _relieved(0)
    game = state.game
    american = next(m for m, p in game.pistols.items() if p == "US-PISTOL")
    aimed = next(m for m in state.able("us") if m != american)
    state.troops.hexes[american] = state.troops.hexes[B]
    state.troops.hexes[aimed] = game.by_name[target]
    state.troops.disabled[american] = "killed"
    return state, american, target


# --- 7.33 the taking ------------------------------------------------------------------------


def test_7_33_11_1_the_relieved_crewman_takes_the_dead_crewman_s_pistol_all_his_ap() -> None:
    """[7.33; 11.1; 14.13] B, relieved and unarmed, stands with A, dead, who was given a pistol:
    the State API offers "Take the pistol from A" for all his AP; taken, B carries it, fires it
    (no other weapon, our reading of 11.1; 14.13), his mark Pistol, A has none; the log cites
    7.33 and 11.1; clones and position files keep who carries it."""
    state, _target = _relieved(1)
    game = state.game
    assert pistol_of(state, A) == "GE-PISTOL" and pistol_of(state, B) is None
    assert "Unarmed" in support.marks(state, B)
    state.troops.disabled[A] = "killed"
    action = TakeKit(B, A, "pistol")
    assert action in state.legal_actions()
    assert state.describe(action) == f"Take the pistol from {game.unit_name(A)}: all his AP [7.33]"
    preview = state.preview(action)
    assert preview.legal and "all his AP (5); then he has no other weapon: he fires it" in (
        preview.cost or ""
    )
    told = _told(state, action)
    assert "(GE-PISTOL) [11.1]" in told and "our reading of 7.33" in told
    assert "all his AP [7.33]" in told and state.active.ap == 0
    assert pistol_of(state, B) == "GE-PISTOL" and pistol_of(state, A) is None
    assert carried(state, B).id == "GE-PISTOL" and pistol(state, B) is not None
    assert "Pistol" in support.marks(state, B) and modifiers(state, B) == (0, 0, "")
    assert state.kit.pistols == {A: "", B: "GE-PISTOL"}
    clone = state.clone()
    assert isinstance(clone, SoldiersState) and clone.kit == state.kit
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and pistol_of(again, B) == "GE-PISTOL"
    assert again.position_fingerprint() == state.position_fingerprint()
    assert parse_action(action.text(), (TakeKit,)) == action
    assert action.text() == f"take {B} {A} pistol"


def test_7_33_a_pistol_is_refused_from_an_able_enemy_an_able_friend_out_of_the_group() -> None:
    """[7.33] "A man in a hex with any friendly man or with a disabled or captured enemy man":
    an able American's pistol is refused; an able friend's only when both conduct it (the group
    under orders, our reading); a man with no pistol has none to give; after an AP is spent,
    refused (all his AP)."""
    state, _target = _relieved(1)
    american = next(m for m, p in state.game.pistols.items() if p == "US-PISTOL")
    state.troops.hexes[american] = state.troops.hexes[B]
    refusals = {
        TakeKit(B, american, "pistol"): "an enemy man only disabled or captured [7.33]",
        TakeKit(B, A, "pistol"): "both conduct the action",
        TakeKit(B, RIFLEMAN, "pistol"): "both conduct the action",
    }
    for action, words in refusals.items():
        assert words in (state.why_not(action) or ""), action
        assert action not in state.legal_actions()
    state.troops.disabled[RIFLEMAN] = "killed"
    assert "he carries no pistol [11.1; 19.44]" in (
        state.why_not(TakeKit(B, RIFLEMAN, "pistol")) or ""
    )
    state.troops.captured[american] = A  # a prisoner, A his guard [9.6]
    assert state.why_not(TakeKit(B, american, "pistol")) is None
    state.active.ap = 4.0
    assert "it costs all his AP (5)" in (state.why_not(TakeKit(B, american, "pistol")) or "")
    state.active.ap = 5.0
    state.troops.destroyed.add(american)
    assert "his equipment was destroyed: nothing to take [9.5]" in (
        state.why_not(TakeKit(B, american, "pistol")) or ""
    )


def test_11_1_one_pistol_a_man_and_two_satchel_charges_leave_no_room() -> None:
    """[11.1] "two items from this column: satchel charge, pistol": a man with two satchel
    charges takes no pistol, one with one satchel charge may; a man with a pistol takes no
    second (our reading: one a man)."""
    state, _target = _relieved(3)
    third = next(m for m in state.game.pistols if m not in (A, B))
    state.troops.disabled[A] = "killed"
    assert "one a man (our reading of 11.1)" in (state.why_not(TakeKit(B, A, "pistol")) or "")
    state.kit.pistols[B] = ""  # he gave his own away
    state.kit.satchels[B] = 2
    assert "two items of that column, no pistol [11.1; 16.21]" in (
        state.why_not(TakeKit(B, A, "pistol")) or ""
    )
    state.kit.satchels[B] = 1
    assert state.why_not(TakeKit(B, A, "pistol")) is None
    state.troops.hexes[third] = state.troops.hexes[B]
    state.troops.disabled[third] = "killed"
    state.apply(TakeKit(B, A, "pistol"))
    state.active.ap = 5.0
    assert "one a man (our reading of 11.1)" in (state.why_not(TakeKit(B, third, "pistol")) or "")


def test_15_2_a_flamethrower_man_may_carry_pistols_and_takes_a_dead_friend_s() -> None:
    """[15.2] "may carry pistols, pistol ammo, and grenades": Murphy, the flamethrower man, takes
    the dead rifleman's pistol (the other items of 11.1's columns he may not take); he keeps
    firing the flamethrower (our reading: the pistol only when he has no other weapon)."""
    game = _game_with(
        {"us": Buy((("US-SQUAD-5", False), ("US-MURPHY", False)), (("US-PISTOL", 1),))}
    )
    holder = next(m for m, p in game.pistols.items() if p == "US-PISTOL")
    assert holder != MURPHY
    state = acting(game, "us")
    a, _b = _pair(game)
    stage(state, {MURPHY: a, holder: a})
    state.troops.disabled[holder] = "killed"
    state.active.in_command.add(MURPHY)
    state.apply(OrderMan(MURPHY))
    told = _told(state, TakeKit(MURPHY, holder, "pistol"))
    assert "a flamethrower man may carry pistols [15.2]" in told
    assert "only when he has no other weapon" in told
    assert pistol_of(state, MURPHY) == "US-PISTOL" and pistol(state, MURPHY) is None
    assert carried(state, MURPHY).id == game.men[MURPHY].weapon.id


# --- 8.73 an enemy's pistol ------------------------------------------------------------------


def test_8_73_7_33_a_dead_enemy_s_pistol_fires_at_minus_2_to_hit_forced_dice() -> None:
    """[7.33; 8.73] B takes the dead American's pistol: "a disabled or captured enemy man"; it
    is an enemy weapon, told when taken; fired, its own table with -2 to hit: a roll of the
    chance hits."""
    state, american, target = _enemy_pistol()
    action = TakeKit(B, american, "pistol")
    assert action in state.legal_actions()
    assert "an enemy weapon, the pistol [8.73]: -2 to hit, +2 to weapon checks" in (
        state.preview(action).cost or ""
    )
    told = _told(state, action)
    assert "he fires it" in told and "-2 to hit, +2 to weapon checks" in told
    assert carried(state, B).id == "US-PISTOL" and modifiers(state, B)[:2] == (-2, 2)
    state.active.ap = 5.0
    shot = Shoot(B, target, "quick")
    chance, work = hit_chance(state, shot)
    assert work.steps[0].startswith("Pistol (US) Weapon Table")
    assert any("[8.73]" in s and s.endswith("-2") for s in work.steps)
    assert chance >= 1
    roll = chance if chance != _check_roll() else chance - 1
    state.force_dice(roll, 1)
    state.apply(shot)
    fired = next(e for e in reversed(state.log) if isinstance(e, ShotExplained))
    assert fired.man == B and fired.hit


@pytest.mark.parametrize(("enemy", "result"), [(True, "Ammo"), (False, "NE")])
def test_8_73_the_enemy_pistol_s_weapon_check_plus_2_forced_dice(enemy: bool, result: str) -> None:
    """[8.73] "any weapon check die-roll is increased by 2": a check rolled 6 reads 8, Ammo on
    the pistol's check line (Hexwright placeholders 1-7 NE, 8-9 Ammo); his own side's pistol,
    the same 6 is NE."""
    state, american, target = _enemy_pistol()
    if not enemy:
        state.kit.pistols[american] = "GE-PISTOL"
    state.apply(TakeKit(B, american, "pistol"))
    state.active.ap = 5.0
    shot = Shoot(B, target, "quick")
    chance, _ = hit_chance(state, shot)
    roll = _check_roll()
    state.force_dice(*((roll, 5, 6) if roll <= chance else (roll, 6)))
    state.apply(shot)
    check = next(e for e in reversed(state.log) if isinstance(e, WeaponChecked))
    assert (" 6 +2 (" in check.why and "[8.73]" in check.why) == enemy
    assert f", {result} [8.5; 8.51]" in check.why
    assert (B in state.troops.ammo_out) == enemy


# --- the pistol's marks go with it (our reading) ----------------------------------------------


def test_7_33_a_jammed_pistol_s_mark_goes_with_it_and_waits_while_he_has_a_weapon() -> None:
    """Our reading of 7.33: the pistol's Jam mark is the pistol's. A dead man whose weapon was
    taken and whose pistol jammed: the rifleman (armed) takes it, the jam kept with the pistol
    (his own MP is not jammed); then a man without a weapon takes his MP, and he fires the
    pistol, still jammed (a clear jam first); position files keep it."""
    game = _game(1)  # the one German pistol goes to A
    state = acting(game, "german")
    a, _b = _pair(game)
    free = [
        m
        for m in state.able("german")
        if m not in game.pistols and game.men[m].team is None and m != RIFLEMAN
    ]
    taker, bare, dead = free[0], free[1], RIFLEMAN
    stage(state, {taker: a, bare: a, dead: a})
    state.kit.pistols[dead] = "GE-PISTOL"  # he took one, as a position file would say
    state.troops.weaponless.add(dead)
    state.troops.jammed.add(dead)
    assert pistol(state, dead) is not None and "pistol is jammed" in (
        why_not_fire_weapon(state, dead) or ""
    )
    state.troops.disabled[dead] = "killed"
    state.active.in_command |= {taker, bare}
    state.apply(OrderMan(taker))
    told = _told(state, TakeKit(taker, dead, "pistol"))
    assert "only when he has no other weapon" in told
    assert taker not in state.troops.jammed and taker in state.kit.pistol_jammed
    assert dead not in state.troops.jammed and why_not_fire_weapon(state, taker) is None
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and again.kit.pistol_jammed == {taker}
    assert again.position_fingerprint() == state.position_fingerprint()
    state.troops.disabled[taker] = "killed"
    state.troops.weaponless.add(bare)  # a man whose weapon was taken [7.33]
    state.apply(OrderMan(bare))
    state.apply(Exchange(bare, taker))  # he takes the dead taker's weapon, giving none [7.33]
    assert pistol(state, taker) is not None and taker in state.troops.jammed
    assert not state.kit.pistol_jammed and bare not in state.troops.jammed
    assert "pistol is jammed" in (why_not_fire_weapon(state, taker) or "")


def test_7_33_taking_an_enemy_pistol_keeps_the_game_s_kit_text_and_refuses_an_unknown() -> None:
    """The text ``take MAN OTHER pistol`` round trips; a position file naming a pistol that is
    no pistol is refused with its path."""
    state, american, _target = _enemy_pistol()
    game = state.game
    state.apply(f"take {B} {american} pistol")
    assert pistol_of(state, B) == "US-PISTOL"
    position = state.to_position()
    assert position.state["kit"]["pistols_taken"] == {american: "", B: "US-PISTOL"}
    position.state["kit"]["pistols_taken"][B] = "GE-MP"
    with pytest.raises(ProblemList, match=r"state.kit.pistols_taken.*a pistol \[11.1\]"):
        game.state_from_position(position, PositionReader(game, position, None))
    state.active.ap = 5.0
    with pytest.raises(IllegalActionError, match="he carries no pistol"):
        state.apply(TakeKit(B, american, "pistol"))


def test_7_33_the_dealt_game_has_no_pistol_taken_until_one_is() -> None:
    """A game with pistols dealt writes no pistol record until one changes hands (the
    positions of games without it stay as they were)."""
    game = _game(3)
    state = acting(game, "german")
    assert state.kit.pistols == {} and "pistols_taken" not in str(state.to_position())


def test_14_13_the_gun_s_first_crewman_relieved_takes_a_pistol_and_fires_it() -> None:
    """[14.13; 7.33] A, the gun's first crewman, relieved of his part, takes a dead friend's
    pistol (an exchange allows it) and fires it, having no other weapon (it was not fired while
    his marks stood for the gun's); the log says so; his mark is Pistol."""
    game = _game(0)
    state = acting(game, "german")
    a, _b = _pair(game)
    dead = "german.ge-squad-3.1"
    stage(state, {A: a, B: a, RIFLEMAN: a, dead: a})
    state.support.hidden.discard("german.h.ge-mmg-team")
    state.kit.pistols[dead] = "GE-PISTOL"  # he took one, as a position file would say
    state.troops.disabled[dead] = "killed"
    state.active.in_command |= {RIFLEMAN, A}
    state.apply(OrderMan(RIFLEMAN))
    state.apply(TakeKit(RIFLEMAN, A, "part"))
    state.apply(OrderMan(A))
    told = _told(state, TakeKit(A, dead, "pistol"))
    assert "he has no other weapon: he fires it" in told and "14.13" in told
    assert pistol_of(state, A) == "GE-PISTOL" and pistol(state, A) is not None
    assert "Pistol" in support.marks(state, A) and "Unarmed" not in support.marks(state, A)
