"""Soldiers: an enemy MG's parts taken by exchange equipment [7.33; 14.13; 8.73] (our reading).

7.33 lets a man take "equipment and weapons" from "a disabled or captured enemy man"; 14.13 lets
"any man not originally assigned" become a crewmember by an exchange with a crew member. So an
American takes a part of the German MMG from a dead or captured German crewman (never an able
one), crews it for his side, and his side fires it as "an enemy weapon": -2 to the hit chance,
+2 to any weapon check roll [8.73], instead of 14.13's -1. Forced dice; men staged by hand as
in :mod:`test_soldiers_kit`."""

from __future__ import annotations

import re

from soldiers_scenes import acting, stage
from test_soldiers_kit import GUN, RIFLEMAN, A, B, _game, _pair

from rules.records.position import PositionReader
from rules.soldiers import kit
from rules.soldiers.actions import OrderMan, Shoot, ShotExplained, WeaponChecked
from rules.soldiers.bot import _part_worth
from rules.soldiers.equipment import why_not_partner
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersState
from rules.soldiers.kit import TakeKit
from rules.soldiers.machineguns import crew_here, in_arc, why_not_gun
from rules.soldiers.support_actions import PrepareGun
from rules.soldiers.units import cell
from rules.soldiers.weapons import CHECK_COLUMN


def _scene() -> tuple[SoldiersState, list[str], str]:
    """The US leader's turn at Aggressive: the German MMG prepared in a, its arc on b, where a
    German rifleman stands; its crewman B dead in a with two Americans, A (able) far off with
    his part. Returns the state, the two Americans and b's name."""
    game = _game()
    state = acting(game, "us")
    a, b = _pair(game)
    us = [m for m in sorted(state.active.in_command) if game.men[m].team is None][:2]
    stage(state, {B: a, us[0]: a, us[1]: a, RIFLEMAN: b})
    state.support.hidden.discard(GUN)
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    state.troops.disabled[B] = "killed"
    state.active.in_command.update(us)
    state.apply(OrderMan(us[0]))
    return state, us, game.name(b)


def _us_crew(state: SoldiersState, us: list[str]) -> None:
    """Both German crewmen dead in the gun's hex, the two Americans carry their parts (as a
    position file would say) [14.13], the second American ordered."""
    state.troops.hexes[A] = state.troops.hexes[B]
    state.troops.disabled[A] = "killed"
    state.kit.parts.update({us[0]: GUN, us[1]: GUN, A: "", B: ""})
    state.active.current, state.active.ap = us[1], 5.0


def test_7_33_14_13_an_american_takes_a_dead_german_crewman_s_part_of_the_enemy_mmg() -> None:
    """[7.33; 14.13; 8.73] The American takes dead B's part of the German MMG for all his AP: the
    State API offers it, its preview names the enemy weapon's -2 / +2 [8.73]; he crews the gun
    for his side (A, able elsewhere, is no crewman of his), the gun stays prepared; position
    files keep it."""
    state, us, _target = _scene()
    game = state.game
    action = TakeKit(us[0], B, "part")
    assert action in state.legal_actions()
    assert "the enemy's, -2 to hit and +2 to checks when his side fires it [8.73]" in (
        state.preview(action).cost or ""
    )
    told = " ".join(e.describe() for e in state.apply(action))
    assert "part of the MMG [14.13]" in told
    assert "taken from a disabled or captured enemy man [7.33]" in told
    assert "-2 to the hit chance and +2 to weapon checks [8.73]" in told and "[14.13]" in told
    assert "instead of 14.13's -1" in told and state.active.ap == 0
    assert kit.crew_of(state, GUN) == (A, us[0]) and GUN in state.support.guns
    at = state.troops.hexes[us[0]]
    assert crew_here(state, GUN, at, "us") == [us[0]] and not crew_here(state, GUN, at, "german")
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and again.kit.parts == state.kit.parts


def test_7_33_an_able_enemy_crewman_s_part_is_refused_a_captured_one_s_taken() -> None:
    """[7.33] "with a disabled or captured enemy man": able A's part is refused with its reason
    (and by 8.83 in an enemy-occupied hex); A captured (a prisoner of the second American), it
    may be taken."""
    state, us, _target = _scene()
    state.troops.hexes[A] = state.troops.hexes[us[0]]
    action = TakeKit(us[0], A, "part")
    assert why_not_partner(state, us[0], A) == "an enemy man only disabled or captured [7.33]"
    assert state.why_not(action) is not None and action not in state.legal_actions()
    state.troops.captured[A] = us[1]
    assert state.why_not(action) is None and action in state.legal_actions()


def test_8_73_the_us_crew_fire_the_enemy_mmg_at_minus_2_to_hit_forced_dice() -> None:
    """[8.73; 14.13] The Americans carrying both parts fire the German MMG, full crewed: the hit
    chance is its table's less 2 for an enemy weapon (no 14.13 -1, no 14.3): a roll of the
    chance hits, one more misses."""
    state, us, target = _scene()
    _us_crew(state, us)
    shot = Shoot(us[1], target, "sustained")
    assert why_not_gun(state, us[1], state.game.by_name[target]) is None
    chance, work = hit_chance(state, shot)
    found = re.search(r"hit chance (\d+) \[8.3\]", work.steps[0])
    assert found is not None and work.steps[0].startswith("Medium machinegun (German)")
    assert chance == int(found.group(1)) - 2
    assert any("an enemy weapon" in s and "[8.73]" in s for s in work.steps)
    assert not any("[14.13]" in s or "[14.3]" in s for s in work.steps)
    missed = state.clone()
    assert isinstance(missed, SoldiersState)
    roll = chance if chance != _check_roll() else chance - 1
    state.force_dice(roll, 1)
    state.apply(shot)
    assert next(e for e in state.log if isinstance(e, ShotExplained)).hit
    missed.force_dice(chance + 1 if chance + 1 != _check_roll() else chance + 2)
    missed.apply(shot)
    assert not next(e for e in missed.log if isinstance(e, ShotExplained)).hit


def _check_roll() -> int:
    found = cell("weapon-check-summary", "sustained fire", CHECK_COLUMN).value
    assert isinstance(found, list)
    return int(found[0])


def test_8_73_the_enemy_mmg_s_weapon_check_plus_2_forced_dice() -> None:
    """[8.73] "any weapon check die-roll is increased by 2": the US crew's check rolled 6 reads
    8, Ammo on the MMG's check line (Hexwright placeholders 1-6 NE, 7-8 Ammo); the marker goes
    on the gun (its own, by its id, 19.54), not on any of its men."""
    state, us, target = _scene()
    _us_crew(state, us)
    shot = Shoot(us[1], target, "sustained")
    chance, _ = hit_chance(state, shot)
    roll = _check_roll()
    state.force_dice(*((roll, 5, 6) if roll <= chance else (roll, 6)))
    state.apply(shot)
    check = next(e for e in reversed(state.log) if isinstance(e, WeaponChecked))
    assert " 6 +2 (" in check.why and "[8.73]" in check.why and ", Ammo [8.5; 8.51]" in check.why
    assert state.troops.ammo_out == {GUN}


def test_14_2_the_us_crew_prepare_the_dismantled_enemy_mmg_their_side_alone() -> None:
    """[14.2] With every part in the hex (A's with him, dead), the American prepares the
    dismantled German MMG; the crew counted are the preparing man's side's (our reading): he
    alone, one man short of two, may (our reading of 14.2: its crew less one)."""
    state, us, _target = _scene()
    state.troops.hexes[A] = state.troops.hexes[B]
    state.troops.disabled[A] = "killed"
    state.apply(TakeKit(us[0], B, "part"))
    del state.support.guns[GUN]
    state.active.current, state.active.ap = us[0], 5.0
    assert state.why_not(PrepareGun(us[0], 3)) is None
    state.apply(PrepareGun(us[0], 3))
    assert state.support.guns[GUN][1] == 3


def test_14_13_the_heuristic_bot_gives_an_enemy_gun_s_part_no_worth_our_reading() -> None:
    """The heuristic bot fills its own guns' crews [14.3; 14.13]: the dead German's part is worth
    something to a German rifleman, nothing to the American (our reading)."""
    state, us, _target = _scene()
    assert _part_worth(state, TakeKit(us[0], B, "part")) == 0.0
    assert _part_worth(state, TakeKit(RIFLEMAN, B, "part")) > 0.0
