"""Armor victory by the book [SCN IV]: the adjudication of unequal forces with the Percentage
and Differential Numbers, the Points adjustments [SCN IV.F-H], the Victory Point Differential
Table at its edges, the scenarios' own Numbers, and games that end with the book's verdict.

The book's only worked number is [SCN IV.B]'s "a side that had 200 Points at the start of the
game gained 100 Victory Points. 100 / 200 = .50 x 100 = '50'". The procedure rolls no dice; the
game below that reaches it does, and its dice are forced: the Direct Fire Examples [AG VI.C]
(the Sherman's compartment hit on PZIV 859, PZIV 858's hit on the Sherman doing no damage).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.testplay.log import victory_html
from model.scenario import ForceEntry
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.armor.adjudication import (
    CLEARLY,
    DRAW,
    HANDILY,
    PAST_THE_TABLE,
    WON,
    Differential,
    SidePoints,
    adjudicate,
    closest,
    table_number,
)
from rules.armor.events import Adjudged
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.armor.victory import evaluate_outcome, given_number, side_points
from rules.bots.base import make_bot, play
from rules.engine.actions import Done
from rules.engine.core import Outcome
from rules.engine.events import GameEnded
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"


def pts(side: str, points: int, *shares: Fraction) -> SidePoints:
    return SidePoints(side, points, "test", tuple((f"+{s}", s) for s in shares))


def number(n: int | None, favours: str | None = None) -> Differential:
    return Differential(n, f"the scenario's Number {n}", "[SCN VI-VIII]", favours)


# --- the procedure [SCN IV.A-E] ----------------------------------------------------------------


def test_the_books_percentage_example_200_points_100_vp_is_50() -> None:
    """[SCN IV.B]: "200 Points ... gained 100 Victory Points. 100 / 200 = .50 x 100 = '50'"; the
    weaker side's 50 beats the stronger's 40 (120 VP of 300), so the weaker side has won."""
    judged = adjudicate({"a": 120, "w": 100}, (pts("a", 300), pts("w", 200)), None)
    assert judged.percentages == {"a": 40, "w": 50}
    assert (judged.winner, judged.level, judged.rule) == ("w", WON, "[SCN IV.B]")
    assert any(
        s.startswith("B: a 120 / 300 x 100 = 40; w 100 / 200 x 100 = 50") for s in judged.steps
    )


def test_a_weaker_side_with_more_vp_wins_quite_handily() -> None:
    """[SCN IV.A]: "If the weaker ... side has more Victory Points, the weaker side has won the
    game quite handily"; no percentages are worked out."""
    judged = adjudicate({"s": 30, "w": 31}, (pts("s", 300), pts("w", 200)), None)
    assert (judged.winner, judged.level, judged.rule) == ("w", HANDILY, "[SCN IV.A]")
    assert judged.percentages is None and judged.vp_number is None


def test_most_vp_is_wrong_with_unequal_forces_and_the_procedure_is_right() -> None:
    """[SCN IV.C-E] with 2A's "8 for the Defender" [SCN VI.A.6]: the attacker (275) has more VP
    (30 against 25), but its 10.91 against the defender's 25 / 247.5 = 10.10 is a Victory Point
    Number of 0.81, less than 8: the defender has won."""
    points = (pts("attacker", 275), pts("defender", 225, Fraction(1, 10)))
    judged = adjudicate({"attacker": 30, "defender": 25}, points, number(8, "defender"))
    assert max(judged.vp, key=lambda s: judged.vp[s]) == "attacker"  # "most VP" would say
    assert (judged.winner, judged.level, judged.rule) == ("defender", WON, "[SCN IV.E]")
    assert judged.vp_number == Fraction(30, 275) * 100 - Fraction(25) / Fraction(495, 2) * 100
    assert "E: the Differential Number 8 is larger" in judged.steps[-1]


def test_the_stronger_side_wins_when_the_vp_number_reaches_the_differential() -> None:
    """[SCN IV.E]: "If the Victory Point Number is equal to or larger than the ... Differential
    Number, the stronger side has won": 125 against 100 Points (the printed 20), 45 VP (36)
    against 16 VP (16) is a VP Number of exactly 20; one VP more for the weaker, 19."""
    points = (pts("s", 125), pts("w", 100))
    judged = adjudicate({"s": 45, "w": 16}, points, None)
    assert judged.vp_number == 20 and judged.differential is not None
    assert judged.differential.number == 20 and judged.differential.placeholder is None
    assert (judged.winner, judged.rule) == ("s", "[SCN IV.E]")
    judged = adjudicate({"s": 45, "w": 17}, points, None)
    assert judged.vp_number == 19 and (judged.winner, judged.rule) == ("w", "[SCN IV.E]")


def test_equal_vp_and_equal_percentages_are_evaluated_further() -> None:
    """[SCN IV.A-B] at their edges, our reading: equal VP is not "more" (to B), equal
    percentages are not "larger" (to C-E, a VP Number of 0, under any Differential Number)."""
    judged = adjudicate({"s": 0, "w": 0}, (pts("s", 300), pts("w", 200)), None)
    assert judged.vp_number == 0 and (judged.winner, judged.rule) == ("w", "[SCN IV.E]")
    assert "equal numbers, our reading" in judged.steps[3]
    judged = adjudicate({"s": 30, "w": 20}, (pts("s", 300), pts("w", 200)), None)
    assert judged.percentages == {"s": 10, "w": 10} and judged.winner == "w"


def test_equal_forces_the_most_vp_wins_and_a_tie_is_no_winner() -> None:
    """[SCN IV]: "with two forces of equal Point values, the side that gains the most Victory
    Points is clearly the winner"; our reading: equal VP is no winner, or the scenario's tie."""
    points = (pts("a", 175), pts("b", 175))
    judged = adjudicate({"a": 10, "b": 12}, points, None)
    assert (judged.winner, judged.level) == ("b", CLEARLY)
    judged = adjudicate({"a": 10, "b": 10}, points, None)
    assert (judged.winner, judged.level) == (None, DRAW)
    assert adjudicate({"a": 10, "b": 10}, points, None, tie="a").winner == "a"


def test_a_scenario_number_for_a_side_makes_it_the_weaker() -> None:
    """[SCN VI.A.6]: with hidden units 2A's Number is "4 for the Attacker": the defender
    counts 225 x 130% = 292.5 Points, more than the attacker's 275."""
    points = (pts("attacker", 275), pts("defender", 225, Fraction(1, 5), Fraction(1, 10)))
    assert points[1].adjusted == Fraction(585, 2)
    judged = adjudicate({"attacker": 20, "defender": 40}, points, number(4, "attacker"))
    assert (judged.weaker, judged.stronger) == ("attacker", "defender")
    assert judged.differential is not None and judged.differential.number == 4


# --- the Victory Point Differential Table [SCN IV.D] --------------------------------------------


@pytest.mark.parametrize(
    ("points", "listed"),
    [(112, 100), (113, 125), (Fraction(225, 2), 125), (50, 100), (475, 475), (2000, 500)],
)
def test_closest_listed_numbers_halfway_goes_higher(points: Fraction, listed: int) -> None:
    """[SCN IV.D] "use the listed numbers closest to the actual number of Points"; our
    reading: halfway goes to the higher; beyond the table, its last listed number."""
    assert closest(range(100, 501, 25), Fraction(points)) == listed


@pytest.mark.parametrize(
    ("row", "cells"),
    [
        (525, {300: 60, 325: 48, 350: 40, 375: 32, 400: 24, 425: 16, 450: 12, 475: 8, 500: 4}),
        (550, {325: 52, 350: 44, 375: 36, 400: 28, 425: 20, 450: 16, 475: 12, 500: 8}),
        (125, {100: 20}),
    ],
)
def test_the_printed_cells(row: int, cells: dict[int, int]) -> None:
    """[SCN IV.D]: every printed cell, read as printed (no placeholder)."""
    for column, value in cells.items():
        found = table_number(Fraction(row), Fraction(column))
        assert (found.number, found.placeholder) == (value, None), (row, column)


def test_the_table_at_its_edges() -> None:
    """[SCN IV.D]: the part 1 / part 2 boundary (500 / 525 rows), a fitted cell, a shaded cell
    past the printed range (60, our reading), the largest totals, and one listed number for
    both sides (the game is even, our reading)."""
    assert table_number(Fraction(512), Fraction(475)).words.startswith("row 500, column 475")
    assert table_number(Fraction(1025, 2), Fraction(475)).words.startswith("row 525, column 475")
    fitted = table_number(Fraction(275), Fraction(250))
    assert fitted.number == 8 and fitted.placeholder and "fitted" in fitted.placeholder
    for larger, smaller in ((550, 300), (200, 100), (875, 100), (1000, 40)):
        shaded = table_number(Fraction(larger), Fraction(smaller))
        assert (shaded.number, shaded.placeholder) == (60, PAST_THE_TABLE), (larger, smaller)
    even = table_number(Fraction(300), Fraction(294))
    assert even.number is None and "even" in even.words
    judged = adjudicate({"s": 10, "w": 20}, (pts("s", 300), pts("w", 294)), None)
    assert (judged.winner, judged.level) == ("w", CLEARLY)


# --- the scenarios' Numbers and the Points adjustments [SCN IV.F-H; VI-VIII] --------------------


def scenario(name: str, **rules: object) -> LoadedScenario:
    loaded = load_scenario(SCENARIOS / name)
    if not rules:
        return loaded
    s = loaded.scenario
    return dataclasses.replace(
        loaded, scenario=s.model_copy(update={"rules": s.rules.model_copy(update=rules)})
    )


HIDDEN_DEFENDER = {"side_options": {"defender": ["completely-hidden-units"]}}


@pytest.mark.parametrize(
    ("name", "rules", "printed"),
    [
        ("2a-trading-ground.yaml", {}, (8, "defender")),
        ("2a-trading-ground.yaml", HIDDEN_DEFENDER, (4, "attacker")),
        ("3a-frontal-attack.yaml", {}, (16, None)),
        ("3a-frontal-attack.yaml", HIDDEN_DEFENDER, (8, None)),
        ("3b-surrounded.yaml", {}, (24, None)),
        ("3b-surrounded.yaml", HIDDEN_DEFENDER, (16, None)),
        ("3c-assault-river-crossing.yaml", {}, (16, None)),
        ("3c-assault-river-crossing.yaml", HIDDEN_DEFENDER, (4, None)),
        ("4b-raid.yaml", {}, (60, None)),
    ],
)
def test_the_table_and_adjustments_give_each_scenarios_printed_number(
    name: str, rules: dict[str, object], printed: tuple[int | None, str | None]
) -> None:
    """[SCN IV.F-H] with the closest listed numbers give each Number a scenario prints
    [SCN VI.A.6, VI.B.6, VII.A.6, VII.B.6, VII.C.6, VIII.B.6]: the defender +10%, +10% more
    for 3C's channelled attack, +20% for the side with Completely Hidden units (4B's attacker;
    the defender in the others), each a share of the actual Points (our reading)."""
    s = scenario(name, **rules).scenario
    given = given_number(s)
    assert given is not None and (given.number, given.favours) == printed
    a, b = side_points(s, {})
    larger, smaller = max(a.adjusted, b.adjusted), min(a.adjusted, b.adjusted)
    assert table_number(larger, smaller).number == printed[0]
    if printed[1] is not None:  # the side the Number is "for" is the weaker
        assert min((a, b), key=lambda p: p.adjusted).side == printed[1]


def test_2b_prints_16_where_the_table_gives_24_without_a_channelled_attack() -> None:
    """[SCN VI.B.6] prints 16 for 300 against 210 Points, and "even" with hidden units; the
    defender's +10% [SCN IV.G] gives 231, the table 24 (hidden: 273, 4); only with
    [SCN IV.H]'s +10% for the bridge (252; hidden 294) does it give 16 and even, though the
    book does not call 2B channelled. The engine uses the scenario's own 16 and "even"."""
    s = scenario("2b-the-bridge.yaml").scenario
    a, d = side_points(s, {})
    assert (a.adjusted, d.adjusted) == (300, Fraction(231))
    assert table_number(a.adjusted, d.adjusted).number == 24
    assert table_number(a.adjusted, Fraction(252)).number == 16
    assert table_number(a.adjusted, Fraction(294)).number is None
    given = given_number(s)
    assert given is not None and given.number == 16
    hidden = given_number(scenario("2b-the-bridge.yaml", **HIDDEN_DEFENDER).scenario)
    assert hidden is not None and hidden.number is None


def test_points_are_the_allowance_and_the_adjustments_add() -> None:
    """[SCN IV.A; IV.F-H]: 4A's defender, 200 Points with Completely Hidden units [SCN
    VIII.A.3], counts 200 + 20% + 10% = 260; 1A's 175 each is equal whatever its sample forces
    (the German 165) [SCN V.A.4]. 4A prints no Number: the table's 250 / 100 cell is past its
    printed range (60, our reading)."""
    attacker, defender = side_points(scenario("4a-ambush.yaml").scenario, {})
    assert (attacker.adjusted, defender.adjusted) == (100, 260)
    assert [w for w, _ in defender.adjustments] == [
        "Completely Hidden units +20% [SCN IV.F]",
        "the defender +10% [SCN IV.G]",
    ]
    assert table_number(defender.adjusted, attacker.adjusted).number == 60
    german, us = side_points(scenario("1a-spearheads.yaml").scenario, {"german": 165, "us": 175})
    assert german.adjusted == us.adjusted == 175


# --- games that end with the book's verdict -------------------------------------------------


DIRECT_FIRE = """
schema_version: 1
id: test-armor-adjudication
title: Direct Fire Examples [AG VI.C], unequal forces
system: armor
original: true
rules: {level: armor-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
  terrain_edits:
    - {hexes: [L3331], terrain: clear, elevation: 0}
sides:
  - id: us
    name: American
    nation: us
    budget: {points: 125}
    forces:
      - {unit: M4, placement: {kind: hex, hex: L4032, facing: 6}}
  - id: german
    name: German
    nation: germany
    budget: {points: 100}
    forces:
      - {unit: PZIVJ, placement: {kind: hex, hex: L3331, facing: 4}}
      - {unit: PZIVJ, placement: {kind: hex, hex: L3328, facing: 3}}
length: {turns: 1}
victory:
  scoring: most-vp
  conditions:
    - {kind: enemy-losses, side: us, award: {per: unit-value}}
    - {kind: enemy-losses, side: german, award: {per: unit-value}}
"""


def test_a_forced_game_ends_with_the_procedure_not_the_most_vp() -> None:
    """[AG VI.C] with forced dice, then [SCN IV]: the Sherman's Turret compartment hit on PZIV
    859 is worth its Compartment value, 11 VP [AG IX.B.2]; PZIV 858's hit does no damage. The
    Americans (125 Points) have the most VP, but 11 / 125 x 100 = 8.8 against the Germans' 0 is
    a VP Number of 8.8, less than the printed 20 for 125 against 100: the Germans have won
    [SCN IV.E]; each step is in the log before the game's end."""
    state = load_game(parse_scenario(DIRECT_FIRE, "adjudication.yaml")).new_initial_state(5)
    assert isinstance(state, ArmorState)
    state.force_dice(60, 29, 70, 47, 68, 25)
    state.apply(Order("us.M4.1", fire="german.PZIVJ.1"))
    state.apply(Order("german.PZIVJ.2", fire="us.M4.1"))
    state.apply(Order("german.PZIVJ.1", moves="4"))
    while not state.is_terminal():
        state.apply(Done(state.to_act()[0]))
    outcome = state.outcome()
    assert outcome is not None and outcome.verdict is not None
    assert outcome.vp == {"us": 11, "german": 0}
    assert (outcome.winner, outcome.verdict.level, outcome.verdict.rule) == (
        "german",
        WON,
        "[SCN IV.E]",
    )
    figures = {(f.name, f.side): f.value for f in outcome.verdict.figures}
    assert figures[("Percentage Number", "us")] == pytest.approx(8.8)
    assert figures[("Victory Point Number", None)] == pytest.approx(8.8)
    assert figures[("Differential Number", None)] == 20
    logged = [e.step for e in state.log if isinstance(e, Adjudged)]
    assert logged == list(outcome.verdict.steps)
    assert [s[:2] for s in logged[2:]] == ["A:", "B:", "C:", "D:", "E:"]
    assert all("[SCN IV" in s for s in logged)
    end = state.log[-1]
    assert isinstance(end, GameEnded) and end.winner == "german"
    assert end.reason == outcome.reason and "[SCN IV.E]" in end.reason


@functools.cache
def frontal_attack() -> LoadedScenario:
    """3A "Frontal Attack" [SCN VII.A] with forces bought (the German and American Armor Game
    samples of [SCN V.A.4]) inside the scenario's 275 and 200 Points."""
    loaded = load_scenario(SCENARIOS / "3a-frontal-attack.yaml")
    forces = {
        "attacker": ("germany", [("PZIVJ", 4), ("PANTHER-A", 1), ("STGIIIG-75", 2)]),
        "defender": ("us", [("M4", 3), ("SHERMAN-76", 1), ("M36B1", 1)]),
    }
    sides = []
    for side in loaded.scenario.sides:
        nation, units = forces[side.id]
        entries = [ForceEntry(unit=u, count=n) for u, n in units]
        sides.append(side.model_copy(update={"nation": nation, "forces": entries}))
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"sides": sides}))


def test_a_headless_game_of_3a_ends_with_the_books_verdict() -> None:
    """[SCN VII.A.6; SCN IV]: a seeded bot game of 3A ends with the procedure's verdict: the
    attacker's 275 Points against the defender's 200 + 10% = 220, and the scenario's Number 16
    where the procedure reaches D; the winner is the procedure's for the game's VP."""
    state = load_game(frontal_attack()).new_initial_state(1)
    assert isinstance(state, ArmorState)
    play(state, {"attacker": make_bot("heuristic", 1), "defender": make_bot("random", 2)})
    outcome = state.outcome()
    assert outcome is not None and outcome.verdict is not None
    verdict = outcome.verdict
    assert "attacker 275 Points" in verdict.steps[0] and "counted as 220" in verdict.steps[0]
    again = adjudicate(
        outcome.vp, side_points(state.game.scenario, {}), given_number(state.game.scenario)
    )
    assert (outcome.winner, verdict.level, verdict.rule) == (again.winner, again.level, again.rule)
    assert verdict.rule in ("[SCN IV.A]", "[SCN IV.B]", "[SCN IV.E]")
    if verdict.rule == "[SCN IV.E]":
        assert any(f.name == "Differential Number" and f.value == 16 for f in verdict.figures)
    assert [e.step for e in state.log if isinstance(e, Adjudged)] == list(verdict.steps)


def test_hexwright_play_shows_the_level_and_the_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``hexwright play`` prints the level of victory, the numbers and the steps [SCN IV]; its
    JSON carries them."""
    path = tmp_path / "adjudication.yaml"
    path.write_text(DIRECT_FIRE, encoding="utf-8")
    assert main(["play", str(path), "--bots", "random,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "  level:       " in out and "[SCN IV" in out
    assert "Points at the start: us 125, german 100" in out
    assert "    Points at the start of the game [SCN IV.A; IV.F-H]" in out
    assert main(["play", str(path), "--bots", "random,random", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == data["verdict"]["level"]
    assert {"name": "Points at the start", "value": 125, "side": "us", "rule": "[SCN IV.A]"} in (
        data["verdict"]["figures"]
    )


def test_test_plays_victory_report_shows_the_level_and_the_numbers() -> None:
    """Test Play's end page: the level of victory with its section, the numbers (placeholders
    marked) and the procedure step by step [SCN IV]."""
    points = (pts("s", 550), pts("w", 300))
    judged = adjudicate({"s": 90, "w": 30}, points, None)
    outcome = Outcome(judged.vp, judged.winner, "r", verdict=judged.verdict())
    html = victory_html(outcome, ["s", "w"], str.upper)
    assert "Level of victory:</b> won the game [SCN IV.E]" in html
    assert "Differential Number [SCN IV.D]" in html and "(placeholder)" in html
    assert "<li>C: Victory Point Number = 16.36 - 10 = 6.36 [SCN IV.C]</li>" in html


def test_each_building_or_alley_unit_controlled_is_worth_10_vp() -> None:
    """[SCN VII.A.6]: "Each Building or Alley unit is worth 10 Victory Points to the side that
    controls it" (each a one-hex unit [Setup II.C]); control read as occupying it (the book's
    "Scenario One" conditions are not printed: a placeholder, said in the finding)."""
    state = load_game(frontal_attack()).new_initial_state(1)
    assert isinstance(state, ArmorState)
    hex_ = state.game.amap.resolve
    state.troops.hexes["attacker.PZIVJ.1"] = hex_("J2005")
    state.troops.hexes["attacker.PZIVJ.2"] = hex_("J2007")
    state.troops.hexes["defender.M4.1"] = hex_("K2016")
    outcome = evaluate_outcome(state)
    assert outcome.vp == {"attacker": 20, "defender": 10}
    assert (
        "attacker controls 2 (J2005, J2007) (occupy (placeholder: not in the book)): 10 VP each"
        in (outcome.findings)
    )
