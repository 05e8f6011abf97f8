"""Soldiers: every worked example of the book, indexed (issue 15).

Each example of the Soldiers rulebook (../shared/seeds/002_83f89819d185a1f6.txt), in the
book's order, is reproduced here with forced dice and its section cited, or named with the test
elsewhere that reproduces it (checked), or named with the reason it cannot be. The book's charts
are cut from the text: where an example reads a table, the test asserts the value the example
gives, which the data library records as ``source`` (the other cells are placeholders). The
examples' map diagrams are not reproduced either: a test stages the men on Hexwright's map C
(built so that the LOS examples hold with the book's hex numbers), or on a hex painted the
terrain the example names, and says so.

Reproduced here:

- [2.21] "hex A/1917 is hex 1917 on map A": ``test_2_21_hex_a_1917_is_hex_1917_on_map_a``.
- [4] a chit in the "4" Exhausted space moves to the "4" space:
  ``test_4_a_chit_in_the_4_exhausted_space_moves_to_the_4_space``.
- [5.33] Example (third Command Phase):
  ``test_5_33_third_command_phase_the_us_bids_to_3_and_wins``, and its "a bid to the 4 space
  would gain him nothing":
  ``test_5_33_third_command_phase_a_bid_to_4_gains_nothing``.
- [6.11] Example 1 (4 + 3 = 7, d10 7 Bold, 7 + 3 = 10 No Event):
  ``test_6_11_example_1_leader_initiative_4_in_the_3_space_rolls_bold_and_no_event``.
- [6.11] Example 2 (a group's lowest initiative 1 + 4 = 5, d10 3 Cautious, the chit to 3,
  3 + 2 = 5 Artillery Strike):
  ``test_6_11_example_2_independent_group_lowest_initiative_1_cautious_and_event_5``.
- [6.13] "had the 10-sided result been 1", the chit to the 2 space:
  ``test_6_13_example_had_the_d10_been_1_the_chit_moves_2_spaces_to_2``.
- [6.21] Example (Adams, command rating 4, orders the men in four hexes within two hexes and
  in his sight; not the man too far, the man out of sight, the man of another squad):
  ``test_6_21_example_adams_commands_four_hexes_not_too_far_unseen_or_of_another_squad``
  (the book's hexes are on a diagram not in the text: staged on scenario 22's maps).
- [7.1] Example 1 (move 1, two men fire 3, move 4, move 5):
  ``test_7_1_example_1_move_fire_move_move_spends_the_groups_5_ap``; Example 2 (the
  suppressed man unsuppresses for the Bold group, 1 AP; one man on overwatch for 4 APs, after
  which the group may do nothing else):
  ``test_7_1_example_2_the_suppressed_man_unsuppresses_for_the_bold_group_for_1_ap``; Example 3 (two fire and
  the third, out of ammo, throws a grenade at the same hex for the same 2 APs; he reloads for
  the last 2): ``test_7_1_example_3_fire_and_a_grenade_for_the_same_2_ap_then_a_reload``.
- [7.21] "entering a woods hex through a hedge hexside costs 2 APs":
  ``test_7_21_entering_a_woods_hex_through_a_hedge_hexside_costs_2_ap`` (a hex painted woods).
- [8.21] Example (Goode rolls 3 on the d6 against his initiative 2: Hauber not spotted, no
  fire, the 2 APs spent; "had Hauber conducted reaction fire ... Goode would not have had to
  roll"), [8.22] Example (the group's spotting roll, 3 against the squad leader's 5, then two
  aimed fires with the same APs miss) and the [8.6] example's Crane (6 against 3: Anger not
  spotted, his last 2 APs spent): the engine disagreed (it played no spotting roll: every able
  enemy in sight could be fired at) and now plays 8.21:
  ``test_8_21_example_goode_rolls_3_against_2_does_not_spot_hauber_the_2_ap_spent``,
  ``test_8_21_example_had_hauber_reaction_fired_goode_would_not_have_to_roll``,
  ``test_8_22_example_the_group_spots_on_3_against_5_then_two_aimed_fires_miss``,
  ``test_8_21_a_group_not_spotting_may_not_fire_with_those_aps``,
  ``test_8_6_example_crane_rolls_6_against_3_and_does_not_spot_anger``; a man on overwatch
  always spotted [13.2]: ``test_13_2_a_man_on_overwatch_is_always_spotted``. Not reproduced:
  8.22's "The third man could not now announce that he will fire using the same APs" (our
  reading: the men of a group acting one after another in a step are its declaration, so he
  may until another action closes the step).
- [8.32] the inline examples "-3 (building and wall)" and "-4 (building at night)":
  ``test_8_32_inline_building_behind_a_wall_is_minus_3``,
  ``test_8_32_inline_a_building_at_night_is_minus_4``; Examples 1-3 (M1 4 with woods and three
  men, a 6 misses; MP 6 - 1 - 2 + 2 = 5, a 5 hits; carbine 3 - 2 - 2 = -1, no roll, 2 AP spent):
  ``test_8_32_example_1_m1_aimed_at_three_men_in_woods_4_hexes_misses_on_6``,
  ``test_8_32_example_2_mp_sustained_at_six_men_in_a_building_in_mist_hits_on_5``,
  ``test_8_32_example_3_carbine_at_a_building_behind_a_hedge_has_no_chance``.
- [8.34] Example (the LMG's sustained fire suppresses two of four US men in a building; the
  G43 firing with the same APs keeps the +1 for four men): the engine disagreed (it worked out
  the second fire's hit chance after the first fire's results) and is fixed (a group's step
  keeps the target hex's men as they stood when its APs were paid):
  ``test_8_34_example_the_g43_keeps_the_plus_1_after_the_lmg_suppresses_two``; the step's
  record through a clone and a position file:
  ``test_8_34_the_open_steps_hex_and_men_survive_a_clone_and_a_position_file``.
- [8.41] Example (the man wounded by a first fire may be chosen for the damage of a second
  fire with the same APs, not for a fire with other APs): the engine disagreed when the firer
  chooses (a fire roll of 1: its stand-in chose a leader even when suppressed by earlier
  fire) and is fixed:
  ``test_8_41_example_the_same_aps_may_choose_the_wounded_man_other_aps_may_not``; with it,
  8.2's "all must fire into the same hex" for the same APs, which the engine did not enforce:
  ``test_8_2_fire_into_another_hex_pays_other_aps``.
- [8.43] Examples 1 and 2 (6 wound, 7 ends; 6, 5, 2, then 5 ends):
  ``test_8_43_example_1_a_6_wounds_a_7_ends_the_chain_then_an_aimed_shot_wounds``,
  ``test_8_43_example_2_five_germans_6_5_2_then_5_stops``.
- [8.6] Example (reaction fire), Diebler and Friebel's second roll, 2 against 1, quick fire:
  ``test_8_63_example_diebler_and_friebel_roll_2_against_1_quick_fire_and_miss``.
- [8.84] Example again with its three "Had he rolled" variants (9 or 10: no one else; 7 or
  less: the other US man; a last 3: the other German): ``test_8_84_example_and_its_variants``.
- [14.1] "If the US player purchases an HMG, he gets ... Reed, Scott, and Taylor":
  ``test_14_1_a_us_hmg_bought_comes_with_reed_scott_and_taylor``.
- [19.21] Example (a leader 4, a man 0, a leader 5 put back, a man 2: total 6):
  ``test_19_21_example_leader_4_man_0_leader_5_back_man_2_total_6``.
- [19.7] Example (force: 75% of the Germans on the map disabled wins, unless a fresh squad
  enters before the cycle ends and doubles the force):
  ``test_19_7_example_a_fresh_squad_entering_enlarges_the_force`` (a reinforcement that enters
  joins the force: also test_soldiers_bought.py
  ``test_the_second_event_a_brings_the_german_reinforcements``).

Reproduced elsewhere:

- [5.31] Example (first Command Phase): test_soldiers_command.py
  ``test_bidding_first_example_the_advantage_wins_an_equal_bid``.
- [5.33] Example (second Command Phase): test_soldiers_command.py
  ``test_bidding_second_example_the_lower_bid_wins``.
- [6.44] "an LOS from C/1809 to C/1710 is not blocked ... but one from C/2212 to C/1612 is":
  test_los.py ``test_a_line_along_a_wall_is_clear_when_both_ends_are_next_to_it`` and
  ``test_the_books_example_from_c2212`` (C/1612).
- [6.45] Example (LOS), every hex seen or not from C/2212 (2012, 1612, 1709, 1909, 2208, 2309,
  2008): test_los.py ``test_the_books_example_from_c2212``.
- [7.22] "if the risk level is bold ... he could enter hexes allowed under bold, wary, and
  cautious": test_soldiers_faults.py ``test_bold_and_aggressive_need_no_friendly_sight``.
- [7.25] Example (movement under Cautious risk level), in part: the rule it shows (a hex in
  sight of a friendly man the mover sees is in friendly sight, "because Ferris can now see it")
  is test_soldiers_faults.py ``test_cautious_and_wary_enter_only_hexes_in_friendly_sight``; the
  example's hexes (1406-1607, Hauber) are on a diagram not reproduced.
- [8.32] the inline examples "brush, 1 suppressed and 3 non-suppressed: 0", "woods, 1-4
  suppressed: -5", "5 or more suppressed: -3": test_soldiers_engine.py
  ``test_hit_chance_modifiers_worked_examples``.
- [8.6] Example (reaction fire): Cramer, initiative 2, rolls 5: quick fire, a miss, the marker:
  test_soldiers_fire_rules.py
  ``test_reaction_8_63_book_example_cramer_quick_fires_and_is_marked``; Diebler and Friebel
  roll 10: no fire, no marker: ``test_reaction_8_63_book_example_a_10_is_no_fire_and_no_marker``;
  Hansen (0) suppresses on a 6: ``test_reaction_8_64_book_example_hansen_suppresses_himself``.
- [8.82] Example (hand-to-hand, three against three, one suppressed): test_soldiers_melee.py
  ``test_8_82_worked_example_three_us_men_against_three_germans_one_suppressed``.
- [8.84] Example (the roll equals the hit chance: an own man; damage 8, 8 (a German), 3, 5):
  test_soldiers_faults.py ``test_a_roll_of_exactly_the_hit_chance_hits_the_firers_own_man``.
- [13.2] Examples 1 and 2 (an M1 and a BAR on overwatch: +3; an MP on overwatch: the BARs' 2
  becomes quick fire, their 8 becomes 10, no fire): test_soldiers_support.py
  ``test_overwatch_13_2_example_1_an_m1_and_a_bar_add_three_13_21_at_most_five`` and
  ``test_overwatch_13_2_book_example_two_bars_react_with_plus_two``.
- [17.4] and [17.52] Examples (heavy support 6: light shells, S3 south then 2 southwest, the
  building rubble, 9 - 2 = 7 kills the suppressed German, 9 incapacitates the US man):
  test_soldiers_engineers.py
  ``test_17_4_and_17_52_book_example_light_shells_scatter_3_south_2_southwest``; "had he made a
  double call ... heavy shells": ``test_17_23_a_double_call_adds_2_heavy_shells``.
- [19.2] "if he has 30 FPs ... at least 15 must be spent to buy squads": test_pointbuy.py
  ``test_soldiers_half_on_squads``.
- [19.41] "The US player spends 5 ... the German spends 8 ... a German 3":
  test_soldiers_bought.py ``test_the_intelligence_difference_of_the_book_example``.

Examples with no test, and why:

- [6.4] "for a man to receive an order from a leader, for example, he must be able to see the
  leader": the rule of 6.21, stated as an example (6.21's example, above, pins it).
- [10.6] Second Event A's smoke drifting by the scatter die ("if the die-roll were 5 ... hex
  2109"): the engine does not apply the Learning Scenario's fuel dump event (its Event A and B
  effects other than reinforcements are not played, rules/soldiers/game.py).
- [12.63] Example (a rifle grenade's scatter: hit chance 1, die 4: three; die 8: five): rifle
  grenades are not played (rules/soldiers/grenades.py names them missing).
- [19.11] "in the Vire Bridges scenario (20) if the attacker chooses "Raid" ... the munitions
  depot or the division HQ": a statement of the mission's objective choice, written in the
  scenario's file (scenarios/soldiers/20-vire-bridges.yaml), with no roll or outcome.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from soldiers_bought import Buy, bought
from soldiers_scenes import choose_as_bots, declare_tactical

from model import edits
from model.hexes import Hex, Hexside
from model.scenario_io import LoadedScenario, load_scenario
from rules.engine import core
from rules.engine.actions import Done, Move
from rules.engine.dice import Dice
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers.actions import (
    ChitMoved,
    Commit,
    EventDrawn,
    ManHit,
    OrderMan,
    React,
    ReactionNote,
    Reload,
    SelfSuppress,
    SetupNote,
    Shoot,
    ShotExplained,
    Spotting,
    Throw,
    TurnBegan,
)
from rules.soldiers.bidding import Bid
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.fire import entry_side, hit_chance, must_spot
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.support_actions import Overwatch
from rules.soldiers.units import HEAVY, cell
from rules.soldiers.victory import decided, evaluate_outcome, force

SCENARIO = "scenarios/soldiers/10-dawn-patrol.yaml"


def _loaded(visibility: str | None = None) -> LoadedScenario:
    loaded = load_scenario(SCENARIO)
    if visibility is None:
        return loaded
    rules = loaded.scenario.rules.model_copy(update={"visibility": visibility})
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"rules": rules}))


def _game(visibility: str | None = None, paint: tuple[str, str] | None = None) -> SoldiersGame:
    """The Learning Scenario's game on map C (Mist unless ``visibility``), a fresh one each
    call (tests give men the book's initiatives); ``paint``: a hex and the terrain painted."""
    loaded = _loaded(visibility)
    if paint is not None:
        scenario = edits.paint_terrain(loaded.scenario, [paint[0]], paint[1])
        loaded = dataclasses.replace(loaded, scenario=scenario)
    found = load_game(loaded)
    assert isinstance(found, SoldiersGame)
    return found


def _initiative(game: SoldiersGame, man: str, value: int) -> None:
    game.men[man] = dataclasses.replace(game.men[man], initiative=value)


def _first_phase(game: SoldiersGame, side: str, dice: tuple[int, int] = (10, 1)) -> SoldiersState:
    """The first Command Phase: ``side`` commits its squad leader's chit and the other passes;
    ``dice`` are the risk level's d10 and d6 [6.11] (10: Aggressive)."""
    state = game.new_initial_state(1)
    other = game.other(side)
    if state.to_act() == (side,):
        state.apply(Commit(f"{side}.e.sl"))
        state.force_dice(*dice)
        state.apply(Done(other))
    else:
        state.apply(Done(other))
        state.force_dice(*dice)
        state.apply(Commit(f"{side}.e.sl"))
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    assert state.play.phase == "action" and state.active.chit == f"{side}.e.sl"
    return state


def _far(game: SoldiersGame, *near: Hex) -> Hex:
    return max(game.amap.hexes, key=lambda h: (min(h.distance(n) for n in near), game.name(h)))


def _stage(state: SoldiersState, spots: dict[str, Hex]) -> None:
    """The named men where given; every other man of both sides in one far hex together (an
    enemy-occupied hex: none of them may react [8.61])."""
    far = _far(state.game, *spots.values())
    for m in state.troops.hexes:
        state.troops.hexes[m] = spots.get(m, far)


def _order(state: SoldiersState, man: str) -> None:
    """An order to ``man`` (put in command: the examples' men are the leader's to order)."""
    state.active.in_command.add(man)
    state.apply(OrderMan(man))


def _shot(state: SoldiersState) -> ShotExplained:
    return next(e for e in reversed(state.log) if isinstance(e, ShotExplained))


def _hits(state: SoldiersState, start: int) -> list[ManHit]:
    return [e for e in state.log[start:] if isinstance(e, ManHit) and e.man != "-"]


def _pairs(game: SoldiersGame, terrain: str, dist: int, feature: str | None) -> Iterator[Hex]:
    """Pairs (firer's clear hex, target hex of ``terrain``) ``dist`` apart in sight, the line
    entering the target across a ``feature`` hexside (None: across no feature)."""
    hexes = sorted(game.amap.hexes, key=game.name)
    for b in hexes:
        if game.terrain.terrain(b) != terrain:
            continue
        for a in hexes:
            if a.distance(b) != dist or game.terrain.terrain(a) != "clear":
                continue
            if not game.sees(a, b):
                continue
            side = entry_side(a, b)
            found = game.terrain.hexside_features(side) if side is not None else set()
            if found == ({feature} if feature else set()):
                yield a
                yield b


def _pair(game: SoldiersGame, terrain: str, dist: int, feature: str | None = None) -> list[Hex]:
    found = _pairs(game, terrain, dist, feature)
    return [next(found), next(found)]


# --- [2.21] hex references ---------------------------------------------------------------------


def test_2_21_hex_a_1917_is_hex_1917_on_map_a() -> None:
    """[2.21]: "hex A/1917 is hex 1917 on map A": the map letter names the map; scenario 24's
    maps A and B each have their own 1917."""
    game = load_game(bought("24-beaufort-crossroads"))
    assert isinstance(game, SoldiersGame)
    a, b = game.by_name["A/1917"], game.by_name["B/1917"]
    assert a != b and game.name(a) == "A/1917" and game.name(b) == "B/1917"


# --- [4] the end of the Command Cycle ----------------------------------------------------------


def test_4_a_chit_in_the_4_exhausted_space_moves_to_the_4_space() -> None:
    """[4]: "Move a chit in the "4" Exhausted space, for example, to the "4" space"; chits in
    numbered spaces go back to Start. Both players pass: the Command Cycle ends."""
    state = _game().new_initial_state(1)
    state.track.space["us.e.asl"] = "X4"
    state.track.space["german.e.asl"] = "2"
    state.apply(Done(state.to_act()[0]))
    state.apply(Done(state.to_act()[0]))
    assert state.play.cycle == 2
    assert state.track.space["us.e.asl"] == "4" and state.track.space["german.e.asl"] == "Start"


# --- [5.31-5.33] bidding: the third Command Phase ----------------------------------------------


def _third_command_phase() -> SoldiersState:
    """[5.33] Example (third Command Phase): the German, with the advantage, has his squad
    leader's chit committed in 4; the US ran the last Action Phase and commits first: his
    assistant squad leader's chit (Start to 5); the German says his chit is still committed."""
    state = _game().new_initial_state(1)
    assert state.play.advantage == "german"
    state.play.order = ("us", "german")
    state.track.space["german.e.sl"], state.track.committed["german"] = "4", "german.e.sl"
    state.apply(Commit("us.e.asl"))
    state.apply(Commit("german.e.sl"))  # still committed [5.23]
    assert state.track.space["us.e.asl"] == "5" and state.to_act() == ("us",)  # 5 bids first
    return state


def test_5_33_third_command_phase_the_us_bids_to_3_and_wins() -> None:
    """[5.31; 5.33] Third Command Phase example: the US (in 5, the higher space) begins the bid
    by moving to 3; the German does not bid; the lower chit wins: the US conducts the Action
    Phase and flips his chit back in the End Phase [3C]."""
    state = _third_command_phase()
    state.apply(Bid("us.e.asl", "3"))
    state.force_dice(10, 1)
    state.apply(Done("german"))
    assert state.active.chit == "us.e.asl" and state.track.space["us.e.asl"] == "3"
    assert any(isinstance(e, ChitMoved) and "[5.3]" in e.why for e in state.log)
    state.apply(Done("us"))
    assert state.track.committed["us"] is None and state.track.space["us.e.asl"] == "3"


def test_5_33_third_command_phase_a_bid_to_4_gains_nothing() -> None:
    """[5.33] Third Command Phase example: "a bid to the 4 space would gain him nothing - the
    German could announce that he's still committed and, if the US player wanted the next
    Action Phase, he'd have to move to the 3 space anyway": equal spaces go to the advantage,
    so the German's refusal leaves the US to bid again."""
    state = _third_command_phase()
    state.apply(Bid("us.e.asl", "4"))
    state.apply(Done("german"))
    assert state.play.phase == "command" and state.to_act() == ("us",)
    assert Bid("us.e.asl", "3") in state.legal_actions("us")


# --- [6.11; 6.13] risk level and events ------------------------------------------------------


def test_6_11_example_1_leader_initiative_4_in_the_3_space_rolls_bold_and_no_event() -> None:
    """[6.11] Example 1: a leader chit bid to the 3 space, the leader's initiative 4: modified
    initiative 7, the Risk Level Table's 7-8 column; d10 7: Bold; d6 3: 7 + 3 = 10 on the
    Event Table: No Event [6.12]. (Black, initiative 4, is the leader.)"""
    game = _game()
    assert game.men["us.black"].initiative == 4
    assert cell("risk-level", 7, "7-8").value == "Bold"
    state = game.new_initial_state(1)
    state.play.order = ("us", "german")
    state.track.space["us.e.asl"] = "4"
    state.apply(Commit("us.e.asl"))  # one space down: 3 [5.21]
    state.force_dice(7, 3)
    state.apply(Done("german"))
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    began = next(e for e in state.log if isinstance(e, TurnBegan))
    assert "space 3 + initiative 4 = 7; d10 7: Bold [6.11]" in began.steps
    assert "Event Table number 10 (d10 + d6) [6.12]" in began.steps
    assert state.active.risk == "Bold" and state.track.space["us.e.asl"] == "3"
    (event,) = [e for e in state.log if isinstance(e, EventDrawn)]
    assert event.result.startswith("Event Table 10: No Event")


def _german_independent_group(d10: int, d6: int) -> tuple[SoldiersState, list[str]]:
    """[6.11] Example 2: the German independent chit won in the 4 space; a stack of three men
    of its squad selected as the group, the lowest initiative in it 1; the dice rolled."""
    game = _game()
    group = ["german.e.6", "german.e.7", "german.e.8"]
    _initiative(game, "german.e.7", 1)
    state = game.new_initial_state(1)
    assert state.to_act() == ("german",)
    state.track.space["german.e.ind"] = "5"
    state.apply(Commit("german.e.ind"))  # to 4
    state.apply(Done("us"))
    where = state.troops.hexes[group[0]]
    for m in group:
        state.troops.hexes[m] = where
    state.force_dice(d10, d6)
    state.apply(OrderGroup(tuple(group)))  # selected before the roll [6.23; 6.24]
    return state, group


def test_6_11_example_2_independent_group_lowest_initiative_1_cautious_and_event_5() -> None:
    """[6.11] Example 2: the lowest initiative in the group is 1, the chit in 4: modified
    initiative 5, the 5-6 column; d10 3: Cautious, and the d10 not 1: the chit one space down,
    to 3 [6.13]; d6 2: 3 + 2 = 5 on the Event Table: an Artillery Strike [6.12] (ignored in
    the Learning Scenario [10.4])."""
    assert cell("risk-level", 3, "5-6").value == "Cautious"
    state, _ = _german_independent_group(3, 2)
    began = next(e for e in state.log if isinstance(e, TurnBegan))
    assert "lowest initiative 1 (german.e.7) [6.11; 6.23]" in began.steps[0]
    assert "space 4 + initiative 1 = 5; d10 3: Cautious [6.11]" in began.steps
    assert state.active.risk == "Cautious" and state.track.space["german.e.ind"] == "3"
    assert any(isinstance(e, ChitMoved) and "1 space(s) down [6.13]" in e.why for e in state.log)
    (event,) = [e for e in state.log if isinstance(e, EventDrawn)]
    assert event.result.startswith("Event Table 5: Artillery Strike")


def test_6_13_example_had_the_d10_been_1_the_chit_moves_2_spaces_to_2() -> None:
    """[6.13] "In example 2 above, had the 10-sided result been 1, the German would have had to
    move his committed chit to the 2 space (two spaces down the track)": the d6 result 2."""
    state, _ = _german_independent_group(1, 2)
    assert state.active.risk == "Cautious" and state.track.space["german.e.ind"] == "2"


# --- [7.1] group actions ----------------------------------------------------------------------


def _clear_lines(game: SoldiersGame, n: int) -> Iterator[list[Hex]]:
    """Rows of ``n`` clear hexes, each next to the last (no hexside feature between) and to no
    earlier one."""
    for a in sorted(game.amap.hexes, key=game.name):
        line = [a]
        while len(line) < n:
            nxt = next(
                (
                    h
                    for h in sorted(line[-1].neighbors(), key=str)
                    if h in game.amap.hexes
                    and game.terrain.terrain(h) == "clear"
                    and all(h.distance(x) > 1 for x in line[:-1])
                    and not game.terrain.hexside_features(Hexside.between(line[-1], h))
                    and h not in line
                ),
                None,
            )
            if nxt is None:
                break
            line.append(nxt)
        if len(line) == n and game.terrain.terrain(a) == "clear":
            yield line


def test_7_1_example_1_move_fire_move_move_spends_the_groups_5_ap() -> None:
    """[7.1] Example 1: three men in a group move to an adjacent hex (1 AP); two of them fire
    at the same hex (3 APs: one fire action for both); they move again (4), and again (5). The
    target is a suppressed German (no reaction [8.61]) in sight, 3 hexes from the first hex."""
    game = _game()
    group = ("us.e.5", "us.e.6", "us.e.7")
    line, target = next(
        (line, h)
        for line in _clear_lines(game, 4)
        for h in sorted(game.amap.hexes, key=game.name)
        if min(h.distance(x) for x in line) >= 2
        and line[1].distance(h) <= 3
        and game.sees(line[0], h)  # in their sight when ordered: no spotting [8.21]
        and game.sees(line[1], h)
    )
    state = _first_phase(game, "us")
    _stage(state, {**dict.fromkeys(group, line[0]), "german.e.6": target})
    state.troops.suppressed.add("german.e.6")
    state.active.in_command |= set(group)
    state.apply(OrderGroup(group))
    state.apply(Move(group[0], (game.name(line[1]),)))
    assert state.active.ap == 4
    for man in group[:2]:
        shot = Shoot(man, game.name(target), "quick")
        chance, _ = hit_chance(state, shot)
        assert chance < 9
        if chance >= 1:
            state.force_dice(9)  # a miss, no weapon check
        state.apply(shot)
        assert state.active.ap == 2  # the second man fires with the same APs [7.1]
    for h in line[2:]:
        mover = state.active.current  # the group moves with whichever man acts [7.1]
        assert mover in group
        state.apply(Move(mover, (game.name(h),)))
    assert state.active.ap == 0
    assert all(state.troops.hexes[m] == line[3] for m in group)


# --- [7.21] movement costs ----------------------------------------------------------------------


def test_7_21_entering_a_woods_hex_through_a_hedge_hexside_costs_2_ap() -> None:
    """[7.21]: "entering a woods hex through a hedge hexside costs 2 APs" (1 for the woods, 1
    more for the hedge); through no hedge, 1. (Map C has no woods behind a hedge: a clear hex
    behind one is painted woods.)"""
    probe = _game()
    side = next(
        side
        for side, features in sorted(probe.terrain.all_hexside_features().items(), key=str)
        if features == {"hedge"}
        and all(h in probe.amap.hexes and probe.terrain.terrain(h) == "clear" for h in side.hexes)
    )
    frm, to = sorted(side.hexes, key=probe.name)
    game = _game(paint=(probe.name(to), "woods"))
    assert game.terrain.terrain(to) == "woods"
    assert game.man_cost(to, frm).cost == 2
    plain = [
        n
        for n in to.neighbors()
        if n in game.amap.hexes
        and not game.terrain.hexside_features(Hexside.between(n, to))
        and not game.man_cost(to, n).prohibited
    ]
    assert plain and all(game.man_cost(to, n).cost == 1 for n in plain)


# --- [8.32] hit chance modifiers --------------------------------------------------------------


def test_8_32_inline_building_behind_a_wall_is_minus_3() -> None:
    """[8.32] "If the target is in a building, and the LOS crosses a wall hexside adjacent to
    the building hex, 3 is subtracted from the hit chance (-2 for the building, -1 for the
    wall)" (adjacent: no mist modifier)."""
    game = _game()
    a, b = _pair(game, "building", 1, "wall")
    state = _first_phase(game, "us")
    _stage(state, {"us.austin": a, "german.e.6": b})
    _order(state, "us.austin")
    chance, work = hit_chance(state, Shoot("us.austin", game.name(b), "quick"))
    base = int(str(cell(game.men["us.austin"].weapon.tables("quick")[0], "quick", 1).value))
    assert chance == base - 3
    assert "target in building [8.32] -2" in work.steps
    assert "the line of sight crosses a wall next to the target [8.32] -1" in work.steps


def test_8_32_inline_a_building_at_night_is_minus_4() -> None:
    """[8.32] "If firing into a building hex at night the cumulative hit chance modifier would
    be -4" (-2 the building, -2 night)."""
    game = _game("night")
    a, b = _pair(game, "building", 6)
    state = _first_phase(game, "us")
    _stage(state, {"us.austin": a, "german.e.6": b})
    _order(state, "us.austin")
    chance, work = hit_chance(state, Shoot("us.austin", game.name(b), "quick"))
    base = int(str(cell(game.men["us.austin"].weapon.tables("quick")[0], "quick", 6).value))
    assert chance == base - 4
    assert "night [8.32] -2" in work.steps and "target in building [8.32] -2" in work.steps


def test_8_32_example_1_m1_aimed_at_three_men_in_woods_4_hexes_misses_on_6() -> None:
    """[8.32] Example 1: an M1 fires aimed at 3 non-suppressed German men in woods 4 hexes
    away: unmodified 4; -1 woods, +1 three non-suppressed men: still 4; a 6 misses (Clear)."""
    game = _game("clear")
    a, b = _pair(game, "woods", 4)
    state = _first_phase(game, "us")
    _stage(state, {"us.e.5": a, "german.e.6": b, "german.e.7": b, "german.e.8": b})
    _order(state, "us.e.5")
    assert game.men["us.e.5"].weapon.code == "M1"
    state.force_dice(6)
    state.apply(Shoot("us.e.5", game.name(b), "aimed"))
    shot = _shot(state)
    assert shot.steps[0].endswith("aimed at 4 hexes: hit chance 4 [8.3]")
    assert "target in woods [8.32] -1" in shot.steps
    assert "3 or 4 non-suppressed men in the target hex [8.32] +1" in shot.steps
    assert (shot.chance, shot.roll, shot.hit) == (4, 6, False)


def test_8_32_example_2_mp_sustained_at_six_men_in_a_building_in_mist_hits_on_5() -> None:
    """[8.32] Example 2: a machinepistol's sustained fire at six US men (three suppressed) in a
    building 6 hexes away, in mist: 6, -1 mist, -2 building, +2 for six men (suppression
    irrelevant: not all are): 5; a 5 hits."""
    game = _game()
    a, b = _pair(game, "building", 6)
    state = _first_phase(game, "german")
    six = ["us.e.3", "us.e.4", "us.e.5", "us.e.6", "us.e.7", "us.e.8"]
    _stage(state, {"german.adler": a, **dict.fromkeys(six, b)})
    state.troops.suppressed |= set(six[:3])
    _order(state, "german.adler")
    assert game.men["german.adler"].weapon.code == "MP"
    state.force_dice(5, 4, 5)  # the hit; damage 4, then 5 > 4 ends the chain [8.43]
    state.apply(Shoot("german.adler", game.name(b), "sustained"))
    shot = _shot(state)
    assert shot.steps[0].endswith("sustained at 6 hexes: hit chance 6 [8.3]")
    assert "mist, not adjacent [8.32] -1" in shot.steps
    assert "target in building [8.32] -2" in shot.steps
    assert "5 or more men in the target hex (suppressed or not) [8.32] +2" in shot.steps
    assert not any("all men suppressed" in s for s in shot.steps)
    assert (shot.chance, shot.roll, shot.hit) == (5, 5, True)


def test_8_32_example_3_carbine_at_a_building_behind_a_hedge_has_no_chance() -> None:
    """[8.32] Example 3: a carbine's quick fire at a German in a building 6 hexes away, the LOS
    crossing a hedge next to the target, Clear: 3, -2 building, -2 hedge: -1, "no chance to hit
    the target, but the 2 APs spent to attempt the fire are still spent" [8.3]. (Map C has no
    building behind a hedge 6 hexes from clear ground: the target hex is painted one.)"""
    probe = _game("clear")
    a, b = _pair(probe, "clear", 6, "hedge")
    game = _game("clear", paint=(probe.name(b), "building"))
    a, b = game.by_name[probe.name(a)], game.by_name[probe.name(b)]
    assert game.terrain.terrain(b) == "building" and game.sees(a, b)
    state = _first_phase(game, "us")
    _stage(state, {"us.e.11": a, "german.e.6": b})
    _order(state, "us.e.11")
    assert game.men["us.e.11"].weapon.code == "C"
    ap = state.active.ap
    state.apply(Shoot("us.e.11", game.name(b), "quick"))
    shot = _shot(state)
    assert shot.steps[0].endswith("quick at 6 hexes: hit chance 3 [8.3]")
    assert "the line of sight crosses a hedge next to the target [8.32] -2" in shot.steps
    assert (shot.chance, shot.roll, shot.hit) == (-1, None, False)
    assert state.active.ap == ap - 2 and "german.e.6" not in state.troops.suppressed


# --- [8.43] sustained fire damage --------------------------------------------------------------


def _bar_and_m1(targets: int) -> tuple[SoldiersState, Hex, list[str]]:
    """A US group of two, a BAR (us.e.3) and an M1 (us.e.5), 2 clear hexes from ``targets``
    German men in a clear hex (damage unmodified) [8.43 examples]."""
    game = _game()
    a, b = _pair(game, "clear", 2)
    state = _first_phase(game, "us")
    germans = state.able("german")[:targets]
    _stage(state, {"us.e.3": a, "us.e.5": a, **dict.fromkeys(germans, b)})
    state.active.in_command |= {"us.e.3", "us.e.5"}
    state.apply(OrderGroup(("us.e.3", "us.e.5")))
    assert game.men["us.e.3"].weapon.code == "BAR" and game.men["us.e.5"].weapon.code == "M1"
    return state, b, germans


def test_8_43_example_1_a_6_wounds_a_7_ends_the_chain_then_an_aimed_shot_wounds() -> None:
    """[8.43] Example 1: the BAR's sustained fire hits 3 Germans on a 1 (the firer chooses the
    man [8.41]); damage 6 wounds him; 7 is higher than 6: no one else. The M1 fires aimed with
    the same APs and wounds too; the German chooses who (here another man, as he may)."""
    state, b, germans = _bar_and_m1(3)
    start = len(state.log)
    state.force_dice(1, 6, 7)
    state.apply(Shoot("us.e.3", state.game.name(b), "sustained"))
    # a fire roll of 1: the US player, the firer, chooses the German, before the damage roll
    pending = state.active.damage
    assert pending is not None and state.to_act() == ("us",)
    assert set(pending.men) == set(germans) and list(state.dice.forced) == [6, 7]
    state.apply(TakeDamage(germans[0]))
    hits = _hits(state, start)
    assert [(h.man, h.result) for h in hits] == [(germans[0], "Wound")]
    assert "us's choice [8.41]" in hits[0].why
    assert any(
        isinstance(e, ManHit) and e.result == "chain ends" and "rolled 7 > 6 [8.43]" in e.why
        for e in state.log
    )
    ap = state.active.ap
    wound = next(
        r for r in range(2, 10) if cell("weapon-us-m1-damage", "damage", r).value == "Wound"
    )
    state.force_dice(2, wound)  # not a 1: the German chooses [8.41]
    state.apply(Shoot("us.e.5", state.game.name(b), "aimed"))
    # the wounded man may be chosen again: suppressed by fire with the same APs [8.41]
    pending = state.active.damage
    assert pending is not None and state.to_act() == ("german",)
    assert set(pending.men) == set(germans)
    state.apply(TakeDamage(germans[1]))  # "or he could choose to wound another man"
    second = _hits(state, start)[1:]
    assert [h.result for h in second] == ["Wound"] and state.active.ap == ap  # the same APs
    wounded = {h.man for h in _hits(state, start)}
    assert wounded <= set(germans) and wounded == state.troops.wounded & set(germans)


def test_8_43_example_2_five_germans_6_5_2_then_5_stops() -> None:
    """[8.43] Example 2: sustained fire at 5 Germans hits on a 2 (the German chooses); damage 6
    wounds, 5 wounds another, 2 suppresses a third (each at or under the roll before), then 5
    is higher than 2: no one else."""
    state, b, germans = _bar_and_m1(5)
    start = len(state.log)
    chance, _ = hit_chance(state, Shoot("us.e.3", state.game.name(b), "sustained"))
    assert chance >= 2
    state.force_dice(2, 6, 5, 2, 5)
    state.apply(Shoot("us.e.3", state.game.name(b), "sustained"))
    # "He hits by rolling a 2 so the German will choose which of his men will be affected by
    # the first damage roll": asked before the roll; then each man after the roll that reaches
    # him, always the German's choice [8.43]
    asked = []
    for man, dice_left in zip(germans[:3], ([6, 5, 2, 5], [2, 5], [5]), strict=True):
        pending = state.active.damage
        assert pending is not None and state.to_act() == ("german",)
        assert list(state.dice.forced) == dice_left
        asked.append(len(pending.men))
        state.apply(TakeDamage(man))
    assert asked == [5, 4, 3] and state.active.damage is None
    hits = _hits(state, start)
    assert [(h.man, h.result) for h in hits] == list(
        zip(germans[:3], ["Wound", "Wound", "Sup"], strict=True)
    )
    assert any(
        isinstance(e, ManHit) and e.result == "chain ends" and "rolled 5 > 2 [8.43]" in e.why
        for e in state.log
    )
    assert not state.dice.forced


# --- [8.6] reaction fire: Diebler and Friebel -------------------------------------------------


def test_8_63_example_diebler_and_friebel_roll_2_against_1_quick_fire_and_miss() -> None:
    """[8.6 example; 8.63; 8.65]: Diebler and Friebel, best initiative 1 in their hex, react to
    Crane: one alertness roll for the hex, a 2, "not quite enough for aimed fire but they do
    take quick fire - and miss"; a Reaction Fire marker goes on them."""
    game = _game()
    pair = ("german.e.6", "german.e.7")  # M rifles: aimed fire if alert enough
    _initiative(game, pair[0], 1)
    _initiative(game, pair[1], 0)
    r, a, b = next(
        (r, a, b)
        for r, b in zip(*[_pairs(game, "clear", 3, None)] * 2, strict=False)
        for a in b.neighbors()
        if a in game.amap.hexes and game.terrain.terrain(a) == "clear" and a.distance(r) == 4
    )
    state = _first_phase(game, "us")
    _stage(state, {"us.e.5": a, pair[0]: r, pair[1]: r})
    _order(state, "us.e.5")
    state.apply(Move("us.e.5", (game.name(b),)))
    assert state.to_act() == ("german",)
    for m in pair:
        state.apply(React(m, "fire"))
    state.force_dice(2, 9, 9)  # one alertness roll for the hex; two quick shots miss
    state.apply(Done("german"))
    shots = [e for e in state.log if isinstance(e, ShotExplained)]
    assert [(s.man, s.fire_type, s.hit) for s in shots] == [
        (pair[0], "quick", False),
        (pair[1], "quick", False),
    ]
    notes = " ".join(e.text for e in state.log if isinstance(e, ReactionNote))
    assert "alertness roll 2 against initiative 1: quick fire only" in notes
    assert set(pair) <= state.active.reacted and not state.dice.forced


# --- [19.21] a depleted squad's draw ------------------------------------------------------------


class _ForcedDice(Dice):
    """Dice whose first results are forced from the start: a depleted squad's draws come
    before any action could force them [19.21]."""

    first: tuple[int, ...] = ()

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        if self.first:
            self.force(*self.first)


def test_19_21_example_leader_4_man_0_leader_5_back_man_2_total_6(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """[19.21] Example: "draws a leader with 4, then a man with 0, then another leader with 5
    (which he places back in the cup), then a man with 2. The last man drawn made the total
    initiative 6 so he stops drawing": Black (4), a man given initiative 0, Austin (5, back into
    the cup), a man with 2; three men lost, Austin kept."""
    buys = {"us": Buy((("US-ELITE-E", True),)), "german": Buy((("GE-SQUAD-2", False),))}
    game = load_game(bought("22-street-fighting-in-grave", buys=buys))
    assert isinstance(game, SoldiersGame)
    _initiative(game, "us.e.4", 0)
    cup = sorted(m for m in game.men if game.men[m].squad == "us.e")
    draws, left = [], list(cup)
    for man in ("us.black", "us.e.4", "us.austin", "us.e.3"):
        draws.append(left.index(man) + 1)  # a die over the men left in the cup
        if man != "us.austin":
            left.remove(man)
    monkeypatch.setattr(_ForcedDice, "first", tuple(draws))
    monkeypatch.setattr(core, "Dice", _ForcedDice)
    state = game.new_initial_state(1)
    lost = {m for m in state.troops.lost if game.men[m].side == "us"}
    assert lost == {"us.black", "us.e.4", "us.e.3"}
    assert "us.austin" in state.troops.hexes
    note = next(e.text for e in state.log if isinstance(e, SetupNote) and "depleted" in e.text)
    assert "lost (initiative 6) [19.21]" in note


# --- [14.1] the HMG and its crew ---------------------------------------------------------------


def test_14_1_a_us_hmg_bought_comes_with_reed_scott_and_taylor() -> None:
    """[14.1]: "If the US player purchases an HMG, he gets the HMG marker and soldiers Reed,
    Scott, and Taylor", each carrying part of the weapon, heavy weapons soldiers [6.29]."""
    buys = {
        "us": Buy((("US-ELITE-E", False), ("US-HMG-TEAM", False))),
        "german": Buy((("GE-SQUAD-2", False),)),
    }
    game = load_game(bought("22-street-fighting-in-grave", buys=buys))
    assert isinstance(game, SoldiersGame)
    crew = sorted(s.name for s in game.men.values() if s.weapon.code == "HMG" and s.side == "us")
    assert crew == ["Reed", "Scott", "Taylor"]
    assert {s.squad for s in game.men.values() if s.name in crew} == {f"us.{HEAVY}"}


# --- the index itself -------------------------------------------------------------------------


def test_every_test_the_index_names_exists() -> None:
    """The module docstring names tests here and elsewhere: each is a test function of the
    file it is named in (a rename shows here)."""
    import re

    tests = Path(__file__).parent
    sources = {p.name: p.read_text() for p in tests.glob("test_*.py")}
    assert __doc__ is not None
    names = set(re.findall(r"``(test_\w+)``", __doc__))
    assert len(names) >= 35
    for name in sorted(names):
        defined = [f for f, text in sources.items() if f"def {name}(" in text]
        assert defined, f"{name} is in no test file"


# --- [8.34; 8.41; 8.2] fire with the same APs --------------------------------------------------


def _german_pair_at(us_men: list[str], terrain: str) -> tuple[SoldiersState, Hex, Hex]:
    """A German group of the LMG (german.e.3) and the G43 (german.e.9) in a clear hex, 2 hexes
    from ``us_men`` in a ``terrain`` hex (Adler's leader turn, Aggressive)."""
    game = _game()
    a, b = _pair(game, terrain, 2)
    state = _first_phase(game, "german")
    _stage(state, {"german.e.3": a, "german.e.9": a, **dict.fromkeys(us_men, b)})
    state.active.in_command |= {"german.e.3", "german.e.9"}
    state.apply(OrderGroup(("german.e.3", "german.e.9")))
    assert game.men["german.e.3"].weapon.code == "LMG"
    assert game.men["german.e.9"].weapon.code == "G43"
    return state, a, b


def test_8_34_example_the_g43_keeps_the_plus_1_after_the_lmg_suppresses_two() -> None:
    """[8.34] Example: "The LMG fire suppresses two of the US men; when the G43 fires the +1
    modifier for the 4 men in the hex still applies because the Germans are firing using the
    same APs and the effects of suppression do not yet apply". (The engine once worked out the
    G43's hit chance after the LMG's results: two men standing, no +1.)"""
    four = ["us.e.5", "us.e.6", "us.e.7", "us.e.8"]
    state, _, b = _german_pair_at(four, "building")
    name = state.game.name(b)
    table = state.game.men["german.e.3"].weapon.tables("sustained")[1]
    sup = next(r for r in range(2, 10) if cell(table, "damage", r - 1).value == "Sup")
    state.force_dice(1, sup, sup, 10)  # a hit; two Sup (building -1); a higher roll ends it
    state.apply(Shoot("german.e.3", name, "sustained"))
    assert [who for who, _ in choose_as_bots(state)] == ["german", "us"]  # [8.41; 8.43]
    assert len(state.troops.suppressed & set(four)) == 2
    ap = state.active.ap
    state.force_dice(9)
    state.apply(Shoot("german.e.9", name, "aimed"))
    shot = _shot(state)
    assert "3 or 4 non-suppressed men in the target hex [8.32] +1" in shot.steps
    assert any("same APs" in s and "[8.34]" in s for s in shot.steps)
    assert state.active.ap == ap  # the same APs [7.1]
    # with other APs (the G43 again, a new step) the suppression applies: no +1
    _chance, work = hit_chance(state, Shoot("german.e.9", name, "aimed"))
    assert not any("+1" in s for s in work.steps)


def test_8_41_example_the_same_aps_may_choose_the_wounded_man_other_aps_may_not() -> None:
    """[8.41] Example: the first fire wounds (and so suppresses) one of two US men; for the
    next fire with the same APs "the wounded/suppressed man is treated as if he is not yet
    suppressed and may be chosen"; for a fire with other APs he "may not be chosen". Fire
    rolls of 1: the firer chooses (the stand-in: a leader first [8.41])."""
    state, _, b = _german_pair_at(["us.austin", "us.e.5"], "clear")
    name = state.game.name(b)
    lmg = state.game.men["german.e.3"].weapon.tables("sustained")[1]
    g43 = state.game.men["german.e.9"].weapon.tables("aimed")[1]
    wound = next(r for r in range(2, 10) if cell(lmg, "damage", r).value == "Wound")
    state.force_dice(1, wound, 10)  # Austin wounded; 10 is higher: the chain ends
    state.apply(Shoot("german.e.3", name, "sustained"))
    assert choose_as_bots(state) == [("german", ("us.austin", "us.e.5"))]
    assert state.troops.wounded == {"us.austin"}
    sup = next(r for r in range(2, 10) if cell(g43, "damage", r).value == "Sup")
    state.force_dice(1, sup)  # the same APs: the wounded leader may be chosen again
    state.apply(Shoot("german.e.9", name, "aimed"))
    assert choose_as_bots(state) == [("german", ("us.austin", "us.e.5"))]
    assert [h.man for h in _hits(state, 0)][-1] == "us.austin"
    state.force_dice(1, sup)  # the G43 again: other APs; Austin may not be chosen
    state.apply(Shoot("german.e.9", name, "aimed"))
    assert choose_as_bots(state) == []  # one man only: nothing to ask [8.41]
    assert [h.man for h in _hits(state, 0)][-1] == "us.e.5"


def test_8_2_fire_into_another_hex_pays_other_aps() -> None:
    """[8.2]: "If more than one man in a group is firing, using the same APs, all must fire into
    the same hex ... Fire into different hexes requires different AP expenditures" (and 12.12
    for grenades)."""
    state, a, b = _german_pair_at(["us.e.5"], "clear")
    game = state.game
    other = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if h not in (a, b)
        and 1 <= a.distance(h) <= 3
        and game.terrain.terrain(h) == "clear"
        and game.sees(a, h)
    )
    state.troops.hexes["us.e.6"] = other
    state.force_dice(9)
    state.apply(Shoot("german.e.9", game.name(b), "aimed"))
    ap = state.active.ap
    assert "no AP" in state.preview(Shoot("german.e.3", game.name(b), "quick")).cost
    assert "no AP" not in state.preview(Shoot("german.e.3", game.name(other), "quick")).cost
    state.force_dice(9)
    state.apply(Shoot("german.e.3", game.name(other), "quick"))
    assert state.active.ap == ap - 2


def test_8_34_the_open_steps_hex_and_men_survive_a_clone_and_a_position_file(
    tmp_path: Path,
) -> None:
    """The group's open step keeps its hex and its men as they stood [8.34] through a clone
    and a position file; the G43 fires the same after either."""
    state, _, b = _german_pair_at(["us.e.5", "us.e.6", "us.e.7"], "clear")
    name = state.game.name(b)
    state.force_dice(1, 2, 10)  # a hit; 2 (Sup or worse); 10 ends the chain
    state.apply(Shoot("german.e.3", name, "sustained"))
    assert state.active.step_hex == name and len(state.active.step_targets) == 3
    path = tmp_path / "step.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, state.game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.position_fingerprint() == state.position_fingerprint()
    for other in (state.clone(), again):
        assert isinstance(other, SoldiersState)
        assert (other.active.step_hex, other.active.step_targets) == (
            state.active.step_hex,
            state.active.step_targets,
        )
        a, _ = hit_chance(other, Shoot("german.e.9", name, "aimed"))
        assert a == hit_chance(state, Shoot("german.e.9", name, "aimed"))[0]


# --- [8.21; 8.22; 8.6] spotting ------------------------------------------------------------------


def _comes_into_sight(
    game: SoldiersGame, into: str = "clear", dist: tuple[int, int] = (2, 5)
) -> tuple[Hex, Hex, Hex]:
    """Hexes g0 (clear) and g1 (``into``), next to each other with no hexside feature between,
    and a clear hex h that g1 sees ``dist`` hexes away and g0 does not."""
    hexes = sorted(game.amap.hexes, key=game.name)
    for g0 in hexes:
        if game.terrain.terrain(g0) != "clear":
            continue
        for g1 in sorted(g0.neighbors(), key=str):
            if g1 not in game.amap.hexes or game.terrain.terrain(g1) != into:
                continue
            if game.terrain.hexside_features(Hexside.between(g0, g1)):
                continue
            for h in hexes:
                if (
                    game.terrain.terrain(h) == "clear"
                    and dist[0] <= g1.distance(h) <= dist[1]
                    and game.sees(g1, h)
                    and not game.sees(g0, h)
                ):
                    return g0, g1, h
    raise AssertionError("no such hexes")


def _goode(hauber_reacts: bool) -> tuple[SoldiersState, int]:
    """[8.21] Example: Goode (initiative 2) on an independent order; his squadmate Hayes sees
    Hauber, but Goode does not see Hayes, so Hauber is not in friendly sight [7.23]; Goode
    moves into Hauber's sight; Hauber holds his fire, or reaction fires and misses. The AP
    Goode has left."""
    game = _game()
    goode, hayes, hauber = "us.e.5", "us.e.6", "german.e.6"
    g0, g1, h = _comes_into_sight(game, dist=(2, 3))
    hayes_at = next(
        y
        for y in sorted(game.amap.hexes, key=game.name)
        if y not in (g0, g1, h) and game.sees(y, h) and not game.sees(g0, y)
    )
    state = game.new_initial_state(1)
    state.apply(Done("german"))
    state.apply(Commit("us.e.ind"))
    _stage(state, {goode: g0, hayes: hayes_at, hauber: h})
    state.force_dice(10, 1)  # space 5 + initiative 2: d10 10, Aggressive [6.11]
    state.apply(OrderMan(goode))  # selected for the independent turn [6.23]
    state.apply(Move(goode, (game.name(g1),)))
    assert state.to_act() == ("german",)  # Hauber may react [8.6]
    if hauber_reacts:
        state.apply(React(hauber, "fire"))
        state.force_dice(5, 9)  # alertness 5 > 2: quick fire; a 9 misses
    state.apply(Done("german"))
    return state, int(state.active.ap)


def test_8_21_example_goode_rolls_3_against_2_does_not_spot_hauber_the_2_ap_spent() -> None:
    """[8.21] Example: "The US player expends 2 more of Goode's APs and makes an alertness roll
    with the 6-sided die; the result is 3. Since Goode's initiative rating is 2 he did not notice
    Hauber and he may not fire"; he has 1 AP left for one more hex. (The engine once played no
    spotting roll: every enemy in sight could be fired at; it now plays 8.21.)"""
    state, ap = _goode(hauber_reacts=False)
    name = state.game.name(state.troops.hexes["german.e.6"])
    preview = state.preview(Shoot("us.e.5", name, "quick"))
    (chance,) = preview.chances
    assert "first a spotting roll, a d6 of 2 or less (2 in 6)" in chance.words
    hit, _ = hit_chance(state, Shoot("us.e.5", name, "quick"))
    assert chance.effect == pytest.approx(hit / 10 * 2 / 6)
    start = len(state.log)
    state.force_dice(3)
    state.apply(Shoot("us.e.5", name, "quick"))
    (spot,) = [e for e in state.log[start:] if isinstance(e, Spotting)]
    assert (spot.roll, spot.best, spot.spotted) == (3, 2, False) and "[8.21]" in spot.why
    assert not [e for e in state.log[start:] if isinstance(e, ShotExplained)]
    assert state.active.ap == ap - 2 == 2 and "german.e.6" not in state.active.fired_at
    assert state.active.shots.get("us.e.5", 0) == 0  # he did not fire (our reading, 8.22)


def test_8_21_example_had_hauber_reaction_fired_goode_would_not_have_to_roll() -> None:
    """[8.21] Example: "had Hauber conducted reaction fire (8.6) at Goode before the spotting
    attempt ... and missed, Goode would not have had to roll; Hauber would have been spotted
    automatically" (his Reaction Fire marker [8.65])."""
    state, _ = _goode(hauber_reacts=True)
    assert "german.e.6" in state.active.reacted
    name = state.game.name(state.troops.hexes["german.e.6"])
    start = len(state.log)
    state.force_dice(9)  # the fire roll itself: a miss
    state.apply(Shoot("us.e.5", name, "quick"))
    assert not [e for e in state.log[start:] if isinstance(e, Spotting)]
    assert _shot(state).roll == 9 and not state.dice.forced


def _three_into_a_building() -> tuple[SoldiersState, Hex]:
    """[8.22] Example: three US men as a group (the squad leader Austin, initiative 5, among
    them) move into a building hex (1 AP), from which a German group 3 hexes away is in sight
    that was not when they received their order."""
    game = _game()
    g0, g1, h = _comes_into_sight(game, "building", (3, 3))
    group = ("us.austin", "us.e.5", "us.e.6")
    state = _first_phase(game, "us")
    _stage(state, {**dict.fromkeys(group, g0), "german.e.6": h, "german.e.7": h})
    state.active.in_command |= set(group)
    state.apply(OrderGroup(group))
    state.apply(Move("us.austin", (game.name(g1),)))
    if state.to_act() == ("german",):
        state.apply(Done("german"))  # they hold their fire [8.62]
    assert state.active.ap == 4
    return state, h


def test_8_22_example_the_group_spots_on_3_against_5_then_two_aimed_fires_miss() -> None:
    """[8.22] Example: "The US group must attempt to spot the German group first. The highest
    initiative rating in the US group is 5 ...; the US player rolls a 3 on the 6-sided die so
    the German group was spotted. The US player rolls for his first fire - which misses. He
    then rolls for his second fire - which misses also", both with the same 2 APs [7.1]."""
    state, h = _three_into_a_building()
    name = state.game.name(h)
    start = len(state.log)
    state.force_dice(3, 9)
    state.apply(Shoot("us.e.5", name, "aimed"))
    state.force_dice(9)  # the second fire: no second spotting roll (the hex fired at)
    state.apply(Shoot("us.e.6", name, "aimed"))
    (spot,) = [e for e in state.log[start:] if isinstance(e, Spotting)]
    assert (spot.roll, spot.best, spot.spotted) == (3, 5, True)
    shots = [e for e in state.log[start:] if isinstance(e, ShotExplained)]
    assert [(s.man, s.roll, s.hit) for s in shots] == [("us.e.5", 9, False), ("us.e.6", 9, False)]
    assert state.active.ap == 2 and not state.dice.forced


def test_8_21_a_group_not_spotting_may_not_fire_with_those_aps() -> None:
    """[8.21]: "If the result is higher than the highest initiative in the group the enemy was
    not spotted and the moving men may not fire; the APs, however, are still spent": the next
    man's fire pays 2 more APs (and rolls to spot again)."""
    state, h = _three_into_a_building()
    name = state.game.name(h)
    state.force_dice(6)
    state.apply(Shoot("us.e.5", name, "aimed"))
    assert state.active.ap == 2 and state.active.step is None
    assert "no AP" not in state.preview(Shoot("us.e.6", name, "aimed")).cost


def test_8_6_example_crane_rolls_6_against_3_and_does_not_spot_anger() -> None:
    """[8.6] Example: Crane (initiative 3) "attempts to spot Anger ... (he has to attempt
    because Anger was not in friendly sight at the beginning of Crane's actions and has not
    fired in reaction nor been fired at) ... The US player rolls a 6 though, so Crane is
    oblivious to Anger. Having spent his last 2 APs looking for Anger Crane's activation is
    over." (Anger holds his fire.)"""
    game = _game()
    crane, anger = "us.e.7", "german.e.8"
    _initiative(game, crane, 3)
    g0, g1, h = _comes_into_sight(game)
    state = _first_phase(game, "us")
    _stage(state, {crane: g0, anger: h})
    _order(state, crane)
    state.active.ap = 3.0  # he has spent 2 of his APs before [8.6 example]
    state.apply(Move(crane, (game.name(g1),)))
    if state.to_act() == ("german",):
        state.apply(Done("german"))  # Anger holds his fire
    start = len(state.log)
    state.force_dice(6)
    state.apply(Shoot(crane, game.name(h), "quick"))
    (spot,) = [e for e in state.log[start:] if isinstance(e, Spotting)]
    assert (spot.roll, spot.best, spot.spotted) == (6, 3, False)
    assert state.active.ap == 0 and not any(isinstance(e, ShotExplained) for e in state.log)


def test_13_2_a_man_on_overwatch_is_always_spotted() -> None:
    """[13.2]: "A man on overwatch is always spotted: active men are never required to spot an
    overwatching man" (Goode's position, Hauber on overwatch)."""
    state, _ = _goode(hauber_reacts=False)
    name = state.game.name(state.troops.hexes["german.e.6"])
    assert must_spot(state, "us.e.5", name)
    state.support.overwatch.add("german.e.6")
    assert not must_spot(state, "us.e.5", name)


# --- [6.21] Adams' command ------------------------------------------------------------------


def test_6_21_example_adams_commands_four_hexes_not_too_far_unseen_or_of_another_squad() -> None:
    """[6.21] Example: Adams, squad leader of the US veteran squad, command rating 4, has the
    men in four hexes within two hexes and in his sight in command and may order each; a man
    three hexes away is not (not within two hexes), nor one two hexes away he cannot see, nor
    one of another squad. (The diagram is not in the text: the men are staged on scenario 22's
    maps, the hexes chosen for the same relations.)"""
    buys = {
        "us": Buy((("US-VETERAN", False), ("US-ELITE-E", False))),
        "german": Buy((("GE-SQUAD-2", False),)),
    }
    game = load_game(bought("22-street-fighting-in-grave", buys=buys))
    assert isinstance(game, SoldiersGame)
    adams = next(m for m, s in game.men.items() if s.name == "Adams")
    chit = next(c for c, ch in game.chits.items() if ch.leader == adams)
    squad = sorted(m for m, s in game.men.items() if s.squad == game.men[adams].squad)
    other = next(m for m, s in game.men.items() if s.side == "us" and s.squad == "us.e")
    hexes = sorted(game.amap.hexes, key=game.name)

    def open_ground(h: Hex) -> bool:
        return game.terrain.terrain(h) in ("clear", "broken", "road")

    for x in hexes:
        if not open_ground(x):
            continue
        seen = [h for h in hexes if 1 <= x.distance(h) <= 2 and game.sees(x, h) and open_ground(h)]
        unseen = [h for h in hexes if x.distance(h) == 2 and not game.sees(x, h) and open_ground(h)]
        far = [h for h in hexes if x.distance(h) == 3 and game.sees(x, h) and open_ground(h)]
        if len(seen) >= 5 and unseen and far:
            break
    else:
        raise AssertionError("no such hexes")
    men = [m for m in squad if m != adams]
    ordered, too_far, unseen_man = men[:4], men[4], men[5]
    state = game.new_initial_state(1)
    while state.play.phase != "command":
        state.apply(Done(state.to_act()[0]))  # no operational moves [22.2]
    _stage(
        state,
        {
            adams: x,
            **dict(zip(ordered, seen, strict=False)),
            other: seen[4],
            too_far: far[0],
            unseen_man: unseen[0],
        },
    )
    if state.to_act() == ("us",):
        state.apply(Commit(chit))
        state.force_dice(10, 1)
        state.apply(Done("german"))
    else:
        state.apply(Done("german"))
        state.force_dice(10, 1)
        state.apply(Commit(chit))
    assert state.play.phase == "action" and state.active.chit == chit
    assert state.active.orders_left == game.men[adams].command == 4
    assert state.active.in_command == {adams, *ordered}
    for m in ordered:
        assert OrderMan(m) in state.legal_actions("us")
    for m in (too_far, unseen_man, other):
        assert OrderMan(m) not in state.legal_actions("us")


def test_7_1_example_3_fire_and_a_grenade_for_the_same_2_ap_then_a_reload() -> None:
    """[7.1] Example 3: three men in a group move to an adjacent hex (1 AP); two fire and the
    third, his weapon out of ammo, throws a grenade at the same hex: "each of these combat
    actions cost 2 APs so they cost the group 2 APs" (3 spent); then he reloads (2 APs: all 5
    spent) and the other two, with no maintenance action of 2 APs to do, do nothing."""
    game = _game()
    group = ("us.e.5", "us.e.6", "us.e.7")
    line, target = next(
        (line, h)
        for line in _clear_lines(game, 2)
        for h in sorted(game.amap.hexes, key=game.name)
        if game.terrain.terrain(h) == "clear"
        and min(h.distance(x) for x in line) >= 2
        and line[1].distance(h) <= 3
        and game.sees(line[0], h)  # in their sight when ordered: no spotting [8.21]
        and game.sees(line[1], h)
    )
    game.grenades["us.e.7"] = 1
    state = _first_phase(game, "us")
    _stage(state, {**dict.fromkeys(group, line[0]), "german.e.6": target})
    state.troops.suppressed.add("german.e.6")  # no reaction [8.61]
    state.troops.ammo_out.add("us.e.7")  # [8.51]
    state.active.in_command |= set(group)
    state.apply(OrderGroup(group))
    state.apply(Move("us.e.5", (game.name(line[1]),)))
    name = game.name(target)
    for man in group[:2]:
        chance, _ = hit_chance(state, Shoot(man, name, "quick"))
        assert chance < 9
        if chance >= 1:
            state.force_dice(9)  # a miss, no weapon check
        state.apply(Shoot(man, name, "quick"))
    assert Shoot("us.e.7", name, "quick") not in state.legal_actions("us")  # out of ammo
    assert "no AP" in state.preview(Throw("us.e.7", name)).cost
    state.force_dice(1, 1)  # the grenade explodes in the hex; its damage roll
    state.apply(Throw("us.e.7", name))
    assert state.active.ap == 2  # 1 + 2: the fire and the throw are one expenditure [7.1]
    assert state.preview(Reload("us.e.7")).why_not is None
    state.apply(Reload("us.e.7"))
    assert state.active.ap == 0 and "us.e.7" not in state.troops.ammo_out
    # nothing that costs AP is left to them; suppressing himself [7.41] costs none
    acts = [
        a
        for a in state.legal_actions("us")
        if getattr(a, "man", getattr(a, "unit", None)) and not isinstance(a, SelfSuppress)
    ]
    assert not [a for a in acts if getattr(a, "man", getattr(a, "unit", None)) in group]


# --- [19.7] the force -------------------------------------------------------------------------


def test_19_7_example_a_fresh_squad_entering_enlarges_the_force() -> None:
    """[19.7] Example: the US wins at a cycle's end "if at least 50% of the German force is
    disabled"; 75% of the Germans on the map are disabled, but a fresh German squad enters
    before the cycle ends, so "the German now has twice as many men to consider"; "Had Second
    Event A not occurred ... the US player would have won". (Scenario 21's Limited Advance:
    "at least 50% of the German force is disabled or captured" at the end of any cycle; the
    German buys a squad and a reinforcement squad of the same size.)"""
    german = Buy((("GE-SQUAD-2", False),), (), ("GE-SQUAD-4",))
    game = load_game(bought("21-hedgerow-assault", 0, buys={"german": german}))
    assert isinstance(game, SoldiersGame)
    state = game.new_initial_state(1)
    state.play.cycle = 3
    on_map = state.able("german")
    coming = state.to_come("german")
    assert len(coming) == len(on_map)  # a fresh squad: twice as many men
    for m in on_map[: -(-3 * len(on_map) // 4)]:  # 75% (rounded up) disabled
        state.troops.disabled[m] = "killed"
    assert set(force(state, "german")) == set(on_map)
    assert decided(state)
    state.play.over = True
    assert evaluate_outcome(state).winner == "us"
    state.play.over = False
    where = state.troops.hexes[on_map[-1]]
    for m in coming:  # the reinforcements enter before the cycle ends
        state.troops.waiting.discard(m)
        state.troops.hexes[m] = where
    disabled = sum(1 for m in force(state, "german") if m in state.troops.disabled)
    assert set(force(state, "german")) == set(on_map) | set(coming)
    assert disabled / len(force(state, "german")) < 0.5
    assert not decided(state)


# --- [8.84] the example's variants ------------------------------------------------------------


@pytest.mark.parametrize(
    ("damage", "sides"),
    [
        ((8, 8, 3, 5), ["us", "german", "us"]),  # the example as played [8.84]
        ((8, 9), ["us"]),  # "Had he rolled 9 or 10 no one else ... would have been affected"
        ((8, 7, 9), ["us", "us"]),  # "Had he rolled a 7 or less the other US man"
        ((8, 8, 3, 3), ["us", "german", "us", "german"]),  # "a 3 ... the other German"
    ],
)
def test_8_84_example_and_its_variants(damage: tuple[int, ...], sides: list[str]) -> None:
    """[8.84] Example: sustained fire at a hex of two German and two US men; the fire roll is
    exactly the modified hit chance: one of the firer's own men; then each damage roll the same
    as the last affects a man of the other nationality, a lower one a man of the same, a higher
    one ends the chain; and the example's three "Had he rolled" variants."""
    game = _game()
    a, b = _pair(game, "clear", 2)
    state = _first_phase(game, "us")
    inside = ["german.e.6", "german.e.7", "us.e.5", "us.e.6"]
    _stage(state, {"us.e.3": a, **dict.fromkeys(inside, b)})
    _order(state, "us.e.3")
    shot = Shoot("us.e.3", game.name(b), "sustained")
    chance, _ = hit_chance(state, shot)
    assert 2 <= chance < 9  # no weapon check on the fire roll
    start = len(state.log)
    state.force_dice(chance, *damage)
    state.apply(shot)
    assert _shot(state).hit and any("[8.84]" in s for s in _shot(state).steps)
    # the firer's own man hit: the enemy player chooses which [8.84]; after him, the target
    # player [8.43]
    assert choose_as_bots(state)[0] == ("german", ("us.e.5", "us.e.6"))
    hit = [h.man for h in _hits(state, start)]
    assert [game.men[m].side for m in hit] == sides and len(set(hit)) == len(hit)
    assert not state.dice.forced


def test_7_1_example_2_the_suppressed_man_unsuppresses_for_the_bold_group_for_1_ap() -> None:
    """[7.1] Example 2: "The risk level is bold. Two men are performing actions as a group. One
    is suppressed and must unsuppress before performing other actions. The group spends 1 AP to
    unsuppress" [7.42]. "One of the men is assigned to overwatch (13) which costs 4 APs; since
    the only other combat action costing 4 APs is throw satchel charge and since no man in the
    group has a satchel charge the group may do nothing else" [13.1]."""
    game = _game()
    bold = next(r for r in range(2, 11) if cell("risk-level", r, "9-10").value == "Bold")
    state = _first_phase(game, "us", (bold, 1))  # space 5 + Austin's 5: the 9-10 column
    assert state.active.risk == "Bold"
    pair = ("us.e.5", "us.e.6")
    where = next(
        h for h in sorted(game.amap.hexes, key=game.name) if game.terrain.terrain(h) == "clear"
    )
    _stage(state, dict.fromkeys(pair, where))
    state.troops.suppressed.add("us.e.6")
    state.active.in_command |= set(pair)
    state.apply(OrderGroup(pair))
    assert state.active.ap == 4 and "us.e.6" not in state.troops.suppressed
    assert set(state.active.group) == set(pair)
    watch = next(a for a in state.legal_actions("us") if isinstance(a, Overwatch))
    state.force_dice(1)  # the malfunction roll: no weapon check [13.1]
    state.apply(watch)
    assert watch.man in state.support.overwatch and state.active.ap == 0
    other = next(m for m in pair if m != watch.man)
    left = [a for a in state.legal_actions("us") if getattr(a, "man", None) == other]
    # the group may do nothing else: only self suppression, free at any time [7.41]
    assert [a.verb for a in left] == ["suppress"], left
