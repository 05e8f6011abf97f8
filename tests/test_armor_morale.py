"""Armor's Morale and Panic - Training and Experience [OP XVII], switched on by the scenario's
``rules.options: [morale]`` (our name): Morale grades [XVII.A], the fire modifiers of Initial
Training and Experience [XVII.I], Panic and Rally Morale Checks [XVII.B; XVII.D] and Aces
[XVII.G]. The book's one worked number is the Crack range "01-20" [XVII.B.1]: forced dice on
made positions, each range checked against the Game Card's Morale Tables."""

from __future__ import annotations

import functools
import itertools

from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.fire import aim
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import gp_aim
from rules.armor.optional import morale
from rules.registry import load_game

SCENARIO = """
schema_version: 1
id: test-armor-morale
title: Test position
system: armor
original: true
rules: {{level: advanced-game, options: [{options}], side_options: {{{side_options}}}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
#: unit code, hex, compass facing, force entry ``state`` words
Force = tuple[str, Hex, int, str]
M4, PZ = "us.M4.1", "german.PZIVJ.1"
US_SQUAD, GE_SQUAD = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"


@functools.cache
def _base() -> ArmorGame:
    text = SCENARIO.format(options="", side_options="") + two_sides(
        "      - {unit: M4, placement: {kind: hex, hex: L3830}}",
        "      - {unit: PZIVJ, placement: {kind: hex, hex: L3831}}",
    )
    game = load_game(parse_scenario(text, "base.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    game = _base()
    for h in sorted(game.terrain.hexes()):
        line = [h]
        for _ in range(length - 1):
            line.append(line[-1].neighbor(0))
        if all(x in game.amap.hexes and game.terrain.terrain(x) == "clear" for x in line) and all(
            not game.movement.cost("vehicle", b, a).parts[1:] for a, b in itertools.pairwise(line)
        ):
            return line
    raise AssertionError("no straight clear line on the map")


def _state(
    us: list[Force], german: list[Force], options: str = "morale", side_options: str = ""
) -> ArmorState:
    amap = _base().amap

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, state: [{words}], placement: {{kind: hex, hex: "
            f"{amap.name(h)}, facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, h, compass, words in units
        )

    text = SCENARIO.format(options=options, side_options=side_options) + two_sides(
        forces(us), forces(german), turns=3
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


# --- Morale grades [OP XVII.A] and Initial Training and Experience [OP XVII.I] ---------------


def test_op_xvii_a_grades_from_force_entries_and_side_default_average_otherwise() -> None:
    """[OP XVII.A]: a force entry's ``crack``/``poor`` word is its units' grade; a side's
    ``morale-poor`` in ``rules.side_options`` is its default; else Average (our reading)."""
    line = _line(5)
    state = _state(
        [("M4", line[0], 0, "crack"), ("INFANTRY-SQUAD", line[1], 0, "")],
        [("PZIVJ", line[4], 3, ""), ("GE-INFANTRY-SQUAD", line[3], 3, "average")],
        side_options="german: [morale-poor]",
    )
    assert morale.grade(state, M4) == morale.CRACK
    assert morale.grade(state, US_SQUAD) == morale.AVERAGE
    assert morale.grade(state, PZ) == morale.POOR
    assert morale.grade(state, GE_SQUAD) == morale.AVERAGE


def test_op_xvii_i_crack_adds_3_and_poor_subtracts_3_from_the_ap_base_modifier() -> None:
    """[OP XVII.I.1; XVII.I.3]: the same shot's Modifier Number is 3 higher for a Crack firer
    and 3 lower for a Poor one than for an Average one; nothing without the option."""
    line = _line(5)

    def number(words: str, options: str = "morale") -> tuple[int, list[str]]:
        state = _state([("M4", line[0], 0, words)], [("PZIVJ", line[4], 3, "")], options)
        shot = aim(state, M4, PZ)
        return shot.number, [m.rule for m in shot.modifiers if "XVII" in m.rule]

    average, none = number("")
    assert none == []
    assert number("crack") == (average + 3, ["[OP XVII.I.1]"])
    assert number("poor") == (average - 3, ["[OP XVII.I.3]"])
    assert number("crack", options="")[0] == average


def test_op_xvii_i_poor_subtracts_10_from_the_gp_dice_and_crack_adds_10_our_reading() -> None:
    """[OP XVII.I.3]: Poor -10 to the GP dice roll; [OP XVII.I.1] printed "subtract 10 for
    Poor" under CRACK, a misprint: our reading +10 for Crack, marked a placeholder."""
    line = _line(5)

    def dice(words: str) -> list[tuple[int, str, str | None]]:
        state = _state(
            [("INFANTRY-SQUAD", line[0], 0, words)], [("GE-INFANTRY-SQUAD", line[2], 3, "")]
        )
        shot = gp_aim(state, US_SQUAD, GE_SQUAD)
        return [(m.value, m.rule, m.placeholder) for m in shot.dice_modifiers if "XVII" in m.rule]

    assert dice("") == []
    assert dice("poor") == [(-10, "[OP XVII.I.3]", None)]
    [(value, rule, note)] = dice("crack")
    assert (value, rule) == (10, "[OP XVII.I.1]") and note and "our reading" in note
