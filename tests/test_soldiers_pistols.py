"""Soldiers pistols [11.1; 14.13; 19.44; 19.53]: bought pistols dealt to the men (MG crewmen
first, one a man, none to a man with two satchel charges: our reading), and fired by a man with
no other weapon to fire: a relieved MG crewman [14.13], a man whose weapon was taken [7.33].
Dice are forced; men are staged by hand as in :mod:`test_soldiers_kit`."""

from __future__ import annotations

import dataclasses

from soldiers_bought import GERMAN, US, Buy, bought
from soldiers_scenes import acting, stage
from test_soldiers_kit import _pair

from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import kit, support
from rules.soldiers.actions import ClearJam, OrderMan, Reload, Shoot, ShotExplained
from rules.soldiers.engineers import satchels_left
from rules.soldiers.equipment import Exchange, modifiers
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.kit import TakeKit
from rules.soldiers.machineguns import in_arc
from rules.soldiers.pistols import pistol, starting_pistols
from rules.soldiers.weapons import carried, why_not_fire_weapon

GUN = "german.h.ge-mmg-team"
A, B = "german.h.ge-mmg-a", "german.h.ge-mmg-b"
RIFLEMAN = "german.ge-squad-2.2"


def _game(pistols: int = 3) -> SoldiersGame:
    """Scenario 22 bought, the Germans with ``pistols`` pistols, the US with two satchel
    charges (its engineer's) and a pistol."""
    extra = (("GE-PISTOL", pistols),) if pistols else ()
    german = Buy(GERMAN.forces, (*GERMAN.purchases, *extra), GERMAN.reinforcements)
    us = Buy(US.forces, (*US.purchases, ("SATCHEL", 2), ("US-PISTOL", 1)), US.reinforcements)
    buys = {"german": german, "us": us}
    found = load_game(dataclasses.replace(bought("22-street-fighting-in-grave", 0, buys)))
    assert isinstance(found, SoldiersGame)
    return found


def _relieved(pistols: int = 3) -> tuple[SoldiersState, str]:
    """The German leader's turn at Aggressive: the MMG prepared in a, an American in its arc two
    hexes off; the rifleman has taken B's part [14.13], B is ordered. Returns the target hex."""
    game = _game(pistols)
    state = acting(game, "german")
    a, b = _pair(game)
    stage(state, {A: a, B: a, RIFLEMAN: a, state.able("us")[0]: b})
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    state.active.in_command.add(RIFLEMAN)
    state.apply(OrderMan(RIFLEMAN))
    state.apply(TakeKit(RIFLEMAN, B, "part"))
    state.active.in_command.add(B)
    state.apply(OrderMan(B))
    return state, game.name(b)


def test_19_44_11_1_pistols_are_dealt_one_a_man_the_mg_crewmen_first() -> None:
    """[19.44] pistols "distributed to his men as the player sees fit": our reading, one a man,
    the MMG's crewmen first (14.13: "unless you gave him a pistol"), then the other men in
    roster order; each side's purchase names its pistol; a fourth German man gets none of three."""
    game = _game(3)
    germans = [m.id for m in game.deployment.men if m.side == "german" and m.team is None]
    assert {m for m, p in game.pistols.items() if p == "GE-PISTOL"} == {A, B, germans[0]}
    us = [m.id for m in game.deployment.men if m.side == "us"]
    assert [m for m, p in game.pistols.items() if p == "US-PISTOL"] == [us[0]]
    assert not any(p == "GE-PISTOL" for p in _game(0).pistols.values())


def test_11_1_a_man_with_two_satchel_charges_gets_no_pistol() -> None:
    """[11.1] "two items from this column: satchel charge, pistol": a man carrying two satchel
    charges is passed over; the next man of the roster gets the pistol."""
    game = _game(0)
    us = [m for m in game.deployment.men if m.side == "us"]
    scenario = _game(3).scenario
    dealt = starting_pistols(scenario, us, {us[0].id: 2})
    assert dealt == {us[1].id: "US-PISTOL"}
    assert starting_pistols(scenario, us, {us[0].id: 1}) == {us[0].id: "US-PISTOL"}


def test_14_13_a_relieved_crewman_fires_his_pistol_on_its_table_forced_dice() -> None:
    """[14.13] "a crewmember has no weapon other than his part of the MG (unless you gave him a
    pistol ...), and, if relieved, will be unarmed": B, relieved, fires the pistol he was given,
    on the pistol's Weapon Table, no 8.72 modifier (his own); a roll of its chance hits. His mark
    is Pistol, not Unarmed; clones and position files keep it (the pistols are the game's)."""
    state, target = _relieved()
    game = state.game
    assert kit.unarmed(state, B) and carried(state, B).id == "GE-PISTOL"
    assert "Pistol" in support.marks(state, B) and "Unarmed" not in support.marks(state, B)
    assert modifiers(state, B) == (0, 0, "")
    shot = Shoot(B, target, "quick")
    assert shot in state.legal_actions()
    words = state.preview(shot).chances[0].words
    assert "Pistol (German) Weapon Table" in words and "he fires his pistol" in words
    assert "our reading of 11.1; 14.13" in words and "[8.72]" not in words
    back = game.state_from_position(
        state.to_position(), PositionReader(game, state.to_position(), None)
    )
    assert isinstance(back, SoldiersState) and carried(back, B).id == "GE-PISTOL"
    assert back.position_fingerprint() == state.position_fingerprint()
    clone = state.clone()
    assert isinstance(clone, SoldiersState) and pistol(clone, B) is not None
    chance, _ = hit_chance(state, shot)
    assert chance >= 1
    state.force_dice(chance, 1)
    state.apply(shot)
    fired = next(e for e in state.log if isinstance(e, ShotExplained))
    assert fired.man == B and fired.hit and fired.chance == chance
    assert any("he fires his pistol" in step and "14.13" in step for step in fired.steps)


def test_14_13_without_a_pistol_the_relieved_crewman_is_unarmed() -> None:
    """[14.13] No pistol bought: B, relieved, is unarmed: no fire, the Unarmed mark."""
    state, target = _relieved(0)
    assert pistol(state, B) is None and "Unarmed" in support.marks(state, B)
    assert "unarmed [14.13]" in (state.why_not(Shoot(B, target, "quick")) or "")


def test_19_53_8_52_the_pistol_has_its_one_load_a_jam_is_cleared_on_its_line() -> None:
    """[19.53; 8.51; 8.52; 7.32] Out of ammo, the pistol has no spare clip (our reading of 19.53:
    the book gives no pistol ammo): no fire, no reload. Jammed, a clear jam rolls on the
    pistol's weapon check line."""
    state, target = _relieved()
    state.troops.ammo_out.add(B)
    assert "no spare clip" in (why_not_fire_weapon(state, B) or "")
    assert "no spare clip" in (state.why_not(Reload(B)) or "")
    assert Reload(B) not in state.legal_actions()
    state.troops.ammo_out.discard(B)
    state.troops.jammed.add(B)
    assert "pistol is jammed" in (state.why_not(Shoot(B, target, "quick")) or "")
    assert ClearJam(B) in state.legal_actions()
    state.force_dice(1)
    told = " ".join(e.describe() for e in state.apply(ClearJam(B)))
    assert "weapon-ge-pistol-damage" in told


def test_14_13_the_gun_s_first_crewman_relieved_fires_his_pistol_forced_dice() -> None:
    """[14.13] A, the gun's first crewman, relieved, fires the pistol he was given as any
    relieved crewman does (not played while his marks stood for the gun's): the gun's Jam is
    the gun's own, so it does not stop his pistol; his mark is Pistol; a roll of its chance
    hits."""
    game = _game(3)
    state = acting(game, "german")
    a, b = _pair(game)
    stage(state, {A: a, B: a, RIFLEMAN: a, state.able("us")[0]: b})
    state.support.hidden.discard(GUN)
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    state.active.in_command |= {RIFLEMAN, A}
    state.apply(OrderMan(RIFLEMAN))
    state.apply(TakeKit(RIFLEMAN, A, "part"))
    state.troops.jammed.add(GUN)
    state.apply(OrderMan(A))
    assert kit.unarmed(state, A) and game.pistols[A] == "GE-PISTOL"
    assert pistol(state, A) is not None and why_not_fire_weapon(state, A) is None
    assert "Pistol" in support.marks(state, A) and "Unarmed" not in support.marks(state, A)
    shot = Shoot(A, game.name(b), "quick")
    assert shot in state.legal_actions()
    chance, _ = hit_chance(state, shot)
    state.force_dice(chance, 1)
    state.apply(shot)
    fired = next(e for e in state.log if isinstance(e, ShotExplained))
    assert fired.man == A and fired.hit
    assert any("he fires his pistol" in step and "14.13" in step for step in fired.steps)
    assert GUN in state.troops.jammed  # the gun's marker stays the gun's


def test_7_33_a_man_whose_weapon_was_taken_fires_his_pistol() -> None:
    """[7.33; 11.1] A man whose weapon a man without one took carries none: with a pistol he
    fires it; his equipment destroyed [9.5], he has none."""
    state, _target = _relieved()
    man = next(m for m, p in state.game.pistols.items() if m not in (A, B))
    assert carried(state, man).id != "GE-PISTOL"
    state.troops.weaponless.add(man)
    assert carried(state, man).id == "GE-PISTOL" and why_not_fire_weapon(state, man) is None
    state.troops.destroyed.add(man)
    assert pistol(state, man) is None and "destroyed" in (why_not_fire_weapon(state, man) or "")


def test_11_1_16_21_a_man_with_a_pistol_takes_one_satchel_charge() -> None:
    """[11.1] "two items from this column: satchel charge, pistol": the US man given the pistol
    takes one of the dead engineer's two satchel charges [16.21; 7.33], and no second."""
    game = _game(0)
    state = acting(game, "us")
    man = next(m for m, p in game.pistols.items() if p == "US-PISTOL")
    engineer = "us.h.us-engineer"
    a, _b = _pair(game)
    stage(state, {man: a, engineer: a})
    state.troops.disabled[engineer] = "killed"
    state.active.in_command.add(man)
    state.apply(OrderMan(man))
    told = " ".join(e.describe() for e in state.apply(TakeKit(man, engineer, "satchel")))
    assert "1 satchel charge from" in told
    assert satchels_left(state, man) == 1 and satchels_left(state, engineer) == 1
    state.active.ap = 5.0
    assert "two items of that column [11.1; 16.21]" in (
        state.why_not(TakeKit(man, engineer, "satchel")) or ""
    )


def test_14_13_7_33_the_relieved_crewman_with_a_pistol_takes_a_dead_man_s_weapon() -> None:
    """[14.13; 7.33] B, relieved, with his pistol, still takes a dead man's weapon giving none
    (the pistol is no weapon of his to give, 11.1): the line says so; he then fires the MP, not
    the pistol."""
    state, _target = _relieved()
    dead = "german.ge-squad-3.1"
    state.troops.hexes[dead] = state.troops.hexes[B]
    state.troops.disabled[dead] = "killed"
    action = Exchange(B, dead)
    assert action in state.legal_actions()
    assert "giving none [7.33; 14.13]" in state.describe(action)
    state.apply(action)
    assert carried(state, B).id == "GE-MP" and pistol(state, B) is None
