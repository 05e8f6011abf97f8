"""Panzer Command: every worked example of the book, indexed.

The abbreviated rulebook we have says it omits "charts, tables, examples, and explanatory and
most background paragraphs" [§1], so its diagrams and numbered examples are gone. What remains
are the worked consequences the text spells out ("Thus, ...", "i.e., ..."). Each is reproduced
with forced dice and its section cited (here, or in the test named), or named with the reason it
cannot be. Dice: a forced face f reads as the d10's f-1 [§2.3]; the counters' values are the
data library's placeholders (the text has none).

Reproduced here:

- [§1; §3.2] "a single unit could conceivably be activated four times within one game turn":
  ``test_1_3_2_one_unit_acts_four_times_in_a_turn``.
- [§9.6] "if a unit suffered a Cohesion Hit in Round 2, the Hit would have no effect on the
  unit's Final Attack Strength until Round 3":
  ``test_9_6_a_cohesion_hit_in_round_2_counts_from_round_3``.

Reproduced elsewhere:

- [§3.1 A] an available chit is "not in the cup, and not having been drawn from the cup this
  turn, i.e. Unavailable": tests/test_pc_engine.py::test_preparation_phase_reaction_player_first.
- [§3.2] "i.e., it is not necessary to use all Regiment Actions before you begin spending
  Commands ... i.e. a unit can perform a maximum of two Actions per Segment":
  tests/test_pc_faults.py::test_second_action_costs_a_direct_command_and_never_repeats_3_2.
- [§4.3] "If eliminated at any time during a Close Assault Action (i.e. during Opportunity Fire,
  Assault Rounds, retreat, or advance), the HQ is permanently destroyed":
  tests/test_pc_assault.py::test_a_regimental_hq_lost_in_a_close_assault_is_not_reassigned_3_1.
- [§6.2] "within 8 hexes of each other (i.e., there can be no more than 7 intervening hexes)":
  tests/test_pc_faults.py::test_line_of_sight_ends_at_eight_hexes_6_2.
- [§6.3] "Thus, if a crest borders two hexes of different elevations, it would be considered the
  higher of the two": tests/test_los.py::test_pc_crests_block_unless_next_to_a_unit_or_lower_than_both.
- [§6.3] "the dreaded 'wedding cake' effect ... is avoided" (only ground higher than both units
  blocks): tests/test_los.py::test_pc_ground_higher_than_both_units_blocks.
- [§6.3] the blindspot, "Thus, trace the LOS from the higher unit to the lower":
  tests/test_los.py::test_pc_woods_level_with_the_lower_unit_make_a_blindspot_next_to_it.
- [§6.5 note] one unit "pins" a long-ranged enemy while others move past it:
  tests/test_pc_opportunity.py::test_a_pinned_unit_lets_others_move_past_without_opportunity_fire_6_5.
- [§7 intro] "Thus, in the game when tanks attack infantry, there are no special modifiers, but
  when infantry Close Assault tanks, the infantry receive a benefit":
  tests/test_pc_assault.py::test_combined_arms_and_a_two_hex_retreat_for_the_faster_defender_9_4_13_3.
- [§9.2 step 3 note] "Thus, if the check was successful, the unit's Attack Strength is increased
  by +1 during each round, but not during Opportunity Fire":
  tests/test_pc_assault.py::test_a_close_assault_round_retreat_and_advance_9_2_9_4_9_5.
- [§10.3] "Thus, you cannot voluntarily cease Concentration during the enemy player's Segment":
  tests/test_pc_concentrate.py::test_ceasing_is_free_in_the_owners_segment_only_10_3.
- [§11.1 note] "Suppress an enemy target which is in your way and then bypass it once its Fire
  Zone is gone": tests/test_pc_opportunity.py::test_a_suppressed_or_mortar_unit_makes_no_opportunity_fire_8_1_14_2.
- [§11.1] "Thus, a unit which fails an S? Troop Quality roll could then make a second Troop
  Quality roll to take a Cohesion Hit": tests/test_pc_faults.py::test_s_query_failed_then_cohesion_hit_instead_11_1.
- [§13.2] a remounted artillery truck "returns without Cohesion Hits or Suppression results":
  tests/test_pc_transport.py::test_trucks_results_and_who_remounts_13_2.
- [§13.3] "Thus, the combat allows a single attacking unit to attack two targets in a single
  Action": tests/test_pc_transport.py::test_fire_at_tank_transport_hits_the_passenger_first_in_clear_terrain_13_3.
- [§14.3] "the Indirect Fire Action has been wasted (i.e., you cannot roll again for the other
  unit)": tests/test_pc_artillery.py::test_another_unit_spots_after_radio_contact_and_a_failed_spot_wastes_the_fire_14_3.
- [§19] "Thus, if the other player uses Opportunity Fire, the Improved Position will have
  already been removed": tests/test_pc_opportunity.py::test_the_improved_position_is_gone_before_the_opportunity_fire_19.

Examples with no test, and why:

- [§2.1] "(i.e. 547 yards across)": the map's scale, no rule to play.
- [§6.3] "studying the examples along with the rules": the line-of-sight diagrams are omitted.
- [§7 intro] "Thus, a strong unit is not only more likely to hit, it is more likely to inflict
  greater damage": a statement about the Combat Results Table, whose cells are lost (ours are
  placeholders).
- [§11 intro] "50 tank losses ... yet 'eliminated' the entire corps": a historical anecdote.
- [§14.6] pre-plotted hexes "(i.e. H and Hm Class units)", [§18] airpower "(i.e., a player can
  add or use Direct Commands before he uses his airpower)" and the off-map road costs of air
  interdiction [§18.3], [§22.5] hidden units' Fire Zones and spotting: rules the engine does not
  play (``hexwright rules panzer-command`` lists them as not).
"""

from __future__ import annotations

import importlib
import re

from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.panzer_command.actions import Assault, Fire, FireExplained, PointsChanged
from rules.panzer_command.game import PanzerCommandGame
from rules.registry import load_game

T34, PAK, PZGR = "soviet.su-t34.1", "german.de-pak.1", "german.de-panzergrenadier.1"


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_1_3_2_one_unit_acts_four_times_in_a_turn() -> None:
    """[§1; §3.2] "once by drawing a Regimental Activation Chit; once by spending Dispatch Points
    to select that regiment ... and once for each of these activations by spending a Direct
    Command": the T-34 (its HQ's unit, In Command) moves and fires in the Segment of the chit
    selected with 2 Dispatch Points, then again in the Segment of the chit drawn; the German
    PaK lets each move go (no Opportunity Fire)."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    commands = state.command.dc["soviet"]
    actions = 0
    for hex_ in ("0102", "0103"):
        state.apply(f"move soviet.su-t34.1 {hex_}")
        state.apply("done german")  # no Opportunity Fire [§8.2]
        state.force_dice(10)  # a 9: a miss [§2.3]
        state.apply(Fire(T34, PAK))  # its second Action, for a Direct Command [§3.2]
        actions += 2
        state.apply("done soviet")  # the Segment ends
        if hex_ == "0102":
            state.apply("done soviet")  # the Initiative player passes; then the German
            state.force_dice(2)  # the second chit of the cup: soviet:regiment [§3.1 C]
            state.apply("done german")
            assert state.play.chit == "soviet:regiment"
    spent = [e for e in state.log if isinstance(e, PointsChanged) and e.points == "commands"]
    assert actions == 4 and state.command.dc["soviet"] == commands - 2
    assert [e.change for e in spent if e.side == "soviet"] == [-1, -1]
    assert state.troops.hexes[T34] == game.by_name["0103"]


def test_9_6_a_cohesion_hit_in_round_2_counts_from_round_3() -> None:
    """[§9.6] "A unit's Final Attack Strength is determined each Round and is not affected by
    adverse combat results during that Round. Thus, if a unit suffered a Cohesion Hit in Round
    2, the Hit would have no effect on the unit's Final Attack Strength until Round 3": the
    T-34 assaulting the Panzergrenadiers attacks at 7, 7, then 6."""
    state = segment(_game(), "soviet", {T34: "0101", PZGR: "0102"})
    state.apply(Assault(T34, PZGR))
    state.force_dice(1, 1, 10, 10)  # Round 1: TQ rolls 0 and 0; both attacks 9s
    state.apply("done german")  # no Opportunity Fire
    # Round 2: the T-34 misses; the Panzergrenadiers' 3 (at 4 - 2 + 1 = 3) is an S, and the
    # T-34 takes a Cohesion Hit instead (a 0 against its TQ 6 [§11.1])
    state.force_dice(10, 4, 1)
    state.apply("done german")  # they stand
    assert state.troops.cohesion[T34] == 1
    state.force_dice(10, 10)  # Round 3
    state.apply("done german")
    finals = [e.final for e in of(FireExplained, state.log) if e.firer == T34]
    assert finals == [7, 7, 6]
    assert not state.assaulting.unit


def test_every_test_this_index_names_exists() -> None:
    """The index above names tests that exist (as the coverage list's are checked)."""
    doc = __doc__ or ""
    named = re.findall(r"tests/(test_\w+)\.py::(test_\w+)", doc.replace("\n  ", ""))
    here = re.findall(r"``(test_\w+)``", doc)
    assert len(named) >= 15 and len(here) == 2
    for module, name in named:
        assert hasattr(importlib.import_module(module), name), f"{module}::{name}"
    for name in here:
        assert name in globals(), name
