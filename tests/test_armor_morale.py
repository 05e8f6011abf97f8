"""Armor's Morale and Panic - Training and Experience [OP XVII], switched on by the scenario's
``rules.options: [morale]`` (our name): Morale grades [XVII.A], the fire modifiers of Initial
Training and Experience [XVII.I], Panic and Rally Morale Checks [XVII.B; XVII.D] and Aces
[XVII.G]. The book's one worked number is the Crack range "01-20" [XVII.B.1]: forced dice on
made positions, each range checked against the Game Card's Morale Tables."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from armor_scenes import jkl_base as _base
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import load_scenario, parse_scenario
from rules.armor.fire import aim
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import gp_aim
from rules.armor.optional import morale
from rules.armor.orders import Order, Panic
from rules.armor.turn import damage
from rules.bots.base import RandomBot, make_bot, play
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-morale")
    + """
rules: {{level: advanced-game, options: [{options}], side_options: {{{side_options}}}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)
#: unit code, hex, compass facing, force entry ``state`` words
Force = tuple[str, Hex, int, str]
M4, PZ = "us.M4.1", "german.PZIVJ.1"
US_SQUAD, GE_SQUAD = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(_base(), length)


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


# --- Panic Morale Checks [OP XVII.B] and Rally Morale Checks [OP XVII.D] ----------------------


def _checks(events: list[object]) -> list[morale.MoraleCheck]:
    return [e for e in events if isinstance(e, morale.MoraleCheck)]


def _until(state: ArmorState, segment: str, turn: int) -> list[object]:
    """``done`` for every side that acts until the segment of the Turn begins."""
    events: list[object] = []
    while not (state.segment.id == segment and state.play.turn == turn):
        assert not state.play.over
        events += state.apply(Done(state.to_act()[0]))
    return events


def test_op_xvii_b_1_a_crack_unit_panics_on_01_to_20_the_books_example() -> None:
    """[OP XVII.B.1; B.3]: "the range of numbers for Crack units is 01-20": a Crack squad
    Suppressed with a roll of 20 is panicked, its plotted order cancelled and "P" its order
    (no order may be plotted for it); with 21 it is not. The check is logged with the grade,
    range, roll and the Morale Tables."""
    line = _line(5)
    forces = ([("INFANTRY-SQUAD", line[0], 0, "crack")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    state = _state(*forces)
    order = Order(US_SQUAD, moves="1")
    state.apply(order)
    assert state.sheets.orders["us"][US_SQUAD] == order
    state.force_dice(20)
    damage(state, US_SQUAD, "suppressed")
    [check] = _checks(state.log)
    assert (check.check, check.grade, check.base, check.modified, check.roll) == (
        "Panic",
        "Crack",
        20,
        20,
        20,
    )
    assert check.outcome.startswith("panicked") and "[OP XVII.B; Morale Tables (OP)]" in check.rule
    assert "Crack 01-20" in check.describe() and "roll 20" in check.describe()
    assert US_SQUAD in state.morale.panicked and US_SQUAD not in state.sheets.orders["us"]
    assert "[OP XVII.B.3" in (state.why_not_order(Order(US_SQUAD, moves="1")) or "")
    assert state.order_options(US_SQUAD) == []
    [shown] = [p for p in state.positions() if p.unit == US_SQUAD]
    assert "P" in shown.markers
    calm = _state(*forces)
    calm.force_dice(21)
    damage(calm, US_SQUAD, "suppressed")
    assert _checks(calm.log)[0].outcome == "no effect" and not calm.morale.panicked
    assert calm.suppressed(US_SQUAD)


def test_op_xvii_b_grades_ranges_and_only_the_first_suppressed_of_the_turn() -> None:
    """[OP XVII.B; Morale Tables]: Average panics on 01-40, Poor on 01-60; "once ... the
    first time it is Suppressed during the Turn": a second Suppressed result that Turn rolls
    no check; nothing at all without the option."""
    line = _line(5)
    for words, edge in (("", 40), ("poor", 60)):
        for roll, panics in ((edge, True), (edge + 1, False)):
            state = _state(
                [("INFANTRY-SQUAD", line[0], 0, words)], [("GE-INFANTRY-SQUAD", line[3], 3, "")]
            )
            state.force_dice(roll)
            damage(state, US_SQUAD, "suppressed")
            assert (US_SQUAD in state.morale.panicked) is panics
            assert _checks(state.log)[0].base == edge
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    state.force_dice(99)
    damage(state, US_SQUAD, "suppressed")
    damage(state, US_SQUAD, "suppressed")
    assert len(_checks(state.log)) == 1
    plain = _state(
        [("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")], options=""
    )
    damage(plain, US_SQUAD, "suppressed")
    assert not _checks(plain.log) and not plain.morale.panicked


def test_op_xvii_b_2_b_terrain_cover_and_b_2_c_formation_losses_modify_the_range() -> None:
    """[OP XVII.B.2.b]: a Leg unit in Scrub (a GP Defense better than in Clear) subtracts
    10: an Average squad there panics on 01-30 only; [OP XVII.B.2.c]: each other unit of its
    Formation Knocked Out or panicked adds 10."""
    game = _base()
    woods = next(
        h
        for h in sorted(game.terrain.hexes())
        if game.terrain.terrain(h) == "scrub" and all(n in game.amap.hexes for n in h.neighbors())
    )
    far = _line(5)[4]
    state = _state([("INFANTRY-SQUAD", woods, 0, "")], [("GE-INFANTRY-SQUAD", far, 3, "")])
    state.force_dice(31)
    damage(state, US_SQUAD, "suppressed")
    [check] = _checks(state.log)
    assert check.modified == 30 and check.outcome == "no effect"
    assert [(m.value, m.rule) for m in check.modifiers] == [(-10, "[OP XVII.B.2.b]")]
    line = _line(5)
    text = SCENARIO.format(options="morale", side_options="") + two_sides(
        "\n".join(
            f"      - {{unit: INFANTRY-SQUAD, formation: able, placement: {{kind: hex, hex: "
            f"{game.amap.name(h)}}}}}"
            for h in line[:2]
        ),
        f"      - {{unit: GE-INFANTRY-SQUAD, placement: {{kind: hex, hex: {game.amap.name(far)}}}}}",
    )
    loaded = load_game(parse_scenario(text, "formation.yaml"))
    assert isinstance(loaded, ArmorGame)
    team = loaded.new_initial_state(1)
    assert isinstance(team, ArmorState)
    team.morale.panicked.add("us.INFANTRY-SQUAD.2")
    team.force_dice(50)
    damage(team, US_SQUAD, "suppressed")
    [check] = _checks(team.log)
    assert check.modified == 50 and US_SQUAD in team.morale.panicked
    assert [m.rule for m in check.modifiers] == ["[OP XVII.B.2.c]"]


def test_op_xvii_b_2_a_minus_10_per_hq_in_command_range_plus_10_to_rally() -> None:
    """[OP XVII.B.2.a] "-10 PER HQ IN COMMAND RANGE: Command Range is one hex. For each HQ
    (Player or Formation) in the hex with or adjacent to the unit being checked subtract
    '10' ... the Combat unit must be in the Formation HQ unit's Formation or commanded by the
    player with the Player Headquarters": with Command Control [OP XIV], the Player HQ (an
    M4) and the squad's Formation HQ beside it make the Average 01-40 an 01-20, so a 25 does
    not panic it; the HQ of another Formation beside it does not count, nor does an HQ count
    for itself; the Rally Morale Check reverses it, +10 each [OP XVII.D.2]. Without Command
    Control the same units give no HQ modifier (our reading: its Organization makes HQs)."""
    game = _base()
    names = game.amap.name
    far = _line(5)[4]

    def four(h: Hex) -> list[Hex]:  # a hex, one beside it, and the two next to both
        return [h, h.neighbor(0), *(n for n in h.neighbors() if n in h.neighbor(0).neighbors())]

    line = four(
        next(
            h
            for h in sorted(game.amap.hexes)
            if h.distance(far) > 4
            and all(x in game.amap.hexes and game.terrain.terrain(x) == "clear" for x in four(h))
        )
    )
    beside = line[2:]

    def entry(code: str, h: Hex, more: str) -> str:
        return f"      - {{unit: {code}, {more}placement: {{kind: hex, hex: {names(h)}}}}}"

    us = "\n".join(
        [
            entry("INFANTRY-SQUAD", line[0], "formation: able, "),
            entry("INFANTRY-SQUAD", line[1], "formation: able, state: [hq], "),
            entry("INFANTRY-SQUAD", beside[0], "formation: baker, state: [hq], "),
            entry("M4", beside[1], "state: [player-hq], "),
        ]
    )
    german = entry("GE-INFANTRY-SQUAD", far, "")

    def state_with(options: str) -> ArmorState:
        text = SCENARIO.format(options=options, side_options="") + two_sides(us, german)
        loaded = load_game(parse_scenario(text, "hq.yaml"))
        assert isinstance(loaded, ArmorGame)
        found = loaded.new_initial_state(1)
        assert isinstance(found, ArmorState)
        return found

    state = state_with("morale, command-control")
    state.force_dice(25)
    damage(state, US_SQUAD, "suppressed")
    [check] = _checks(state.log)
    assert (check.base, check.modified, check.roll, check.outcome) == (40, 20, 25, "no effect")
    assert morale.hqs_in_range(state, US_SQUAD) == [M4, "us.INFANTRY-SQUAD.2"]
    assert morale.hqs_in_range(state, "us.INFANTRY-SQUAD.2") == [M4]  # not itself
    [hq] = check.modifiers
    assert (hq.value, hq.rule) == (-20, "[OP XVII.B.2.a]") and M4 in hq.what
    [rally] = morale.modifiers(state, US_SQUAD, rally=True)
    assert (rally.value, rally.rule) == (20, "[OP XVII.D.2; B.2.a]")
    plain = state_with("morale")
    assert morale.hqs_in_range(plain, US_SQUAD) == [] and morale.modifiers(plain, US_SQUAD) == []


def test_op_xvii_d_the_rally_morale_phase_opens_the_turn_modifiers_reversed() -> None:
    """[OP XVII.D; Sequence of Play Using All Options 1]: the Rally Morale Phase comes first in
    the Turn; a panicked Poor squad rallies on 01-30 (Rally Morale, Morale Tables), fails on
    31 and keeps "P"; rallied, it plots orders again."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, "poor")], [("GE-INFANTRY-SQUAD", line[4], 3, "")]
    )
    assert state.game.steps[0][1].id == morale.SEGMENT
    morale.panic(state, US_SQUAD, "[OP XVII.E]", "test")
    north = state.game.amap.global_to_direction(line[0], 0)
    state.force_dice(north, 31)  # its Panic Movement [OP XVII.C], then the Rally check
    events = _until(state, "plot", 2)
    [check] = _checks(events)
    assert (check.check, check.base, check.roll) == ("Rally", 30, 31)
    assert US_SQUAD in state.morale.panicked and state.order_options(US_SQUAD) == []
    state.force_dice(north, 30)
    events = _until(state, "plot", 3)
    [check] = _checks(events)
    assert check.outcome.startswith("rallied") and "[OP XVII.D" in check.rule
    assert not state.morale.panicked and state.order_options(US_SQUAD)


def test_op_v_c_1_rangers_and_commandos_are_crack_for_morale_purposes() -> None:
    """[OP V.C.1] "Ranger and Commando units always have a Radio, and are Crack for Morale
    purposes": with the Special Infantry option a Ranger is Crack whatever its force entry
    ("average") or its side ("morale-poor") says, so Crack's +10 to its GP dice and its Rally
    Morale Check on Crack's 01-70 (a 70 rallies), the log naming [OP V.C.1]; the Squad beside
    it keeps its side's Poor; without the option the Ranger is graded as any unit."""
    line = _line(5)
    ranger = "us.US-RANGER.1"
    forces: tuple[list[Force], list[Force]] = (
        [("US-RANGER", line[0], 0, "average"), ("INFANTRY-SQUAD", line[1], 0, "")],
        [("GE-INFANTRY-SQUAD", line[4], 3, "")],
    )
    state = _state(*forces, options="morale, special-infantry", side_options="us: [morale-poor]")
    assert morale.initial_grade(state, ranger) == morale.CRACK
    assert morale.initial_grade(state, US_SQUAD) == morale.POOR
    found = morale.gp_modifier(state, ranger)
    assert found is not None and found.value == 10 and "[OP V.C.1]" in found.rule
    morale.panic(state, ranger, "[OP XVII.E]", "test")
    north = state.game.amap.global_to_direction(line[0], 0)
    state.force_dice(north, 70)  # its Panic Movement [OP XVII.C], then the Rally check
    [check] = _checks(_until(state, "plot", 2))
    assert (check.check, check.base, check.roll) == ("Rally", 70, 70)
    assert check.outcome.startswith("rallied") and "[OP V.C.1]" in check.grade
    plain = _state(*forces, options="morale", side_options="us: [morale-poor]")
    assert morale.initial_grade(plain, ranger) == morale.AVERAGE


# --- Aces [OP XVII.G] ------------------------------------------------------------------------


def test_op_xvii_g_five_knock_outs_make_an_ace_a_grade_up_and_two_rolls() -> None:
    """[OP XVII.G.1-3]: the fifth enemy unit a unit Knocks Out makes it an Ace: its grade one
    step better (Average to Crack, so +3 to its AP Base Modifier [OP XVII.I.1]), and its AP
    fire rolled twice, the lower (the better) kept and both logged (our reading of the
    owner's choice); its Panic Morale Check keeps the higher."""
    line = _line(5)
    state = _state([("M4", line[0], 0, "")], [("PZIVJ", line[4], 3, "")])
    assert morale.grade(state, M4) == morale.AVERAGE and not morale.is_ace(state, M4)
    before = aim(state, M4, PZ).number
    for _ in range(4):
        morale.knocked_out(state, PZ, M4)
    assert not morale.is_ace(state, M4)
    morale.knocked_out(state, PZ, M4)
    assert morale.is_ace(state, M4) and morale.grade(state, M4) == morale.CRACK
    assert any(isinstance(e, morale.MoraleNote) and "[OP XVII.G.1-3]" in e.rule for e in state.log)
    assert aim(state, M4, PZ).number == before + 3
    state.force_dice(80, 15)
    assert morale.roll(state, M4, "AP fire", low=True) == (15, (80, 15))
    assert any("80 and 15, 15 kept" in e.describe() for e in state.log)
    state.force_dice(10, 90)
    state.morale.checked.clear()
    damage(state, M4, "suppressed")
    [check] = _checks(state.log)
    assert check.rolls == (10, 90) and check.roll == 90 and check.outcome == "no effect"
    assert check.grade.startswith("Crack")
    morale.knocked_out(state, M4, M4)  # a unit of its own side never counts
    assert state.morale.kills == {M4: 5}


# --- whole games: bots, clones, position files, replays -----------------------------------


@pytest.mark.parametrize(("bot", "seed"), [("random", 1), ("heuristic", 1)])
def test_op_xvii_the_advanced_demo_plays_to_the_end_with_morale(bot: str, seed: int) -> None:
    """[OP XVII]: scenarios/armor/demo-advanced.yaml with ``morale`` and a Poor German side:
    both bots finish it, every Turn opens with the Rally Morale Phase [OP XVII.D], a clone
    keeps the fingerprint, the position file keeps the panicked units, Knock Outs and checks
    and reads back the whole position, and the text replay replays to the same state."""
    loaded = load_scenario(Path(__file__).parent.parent / "scenarios/armor/demo-advanced.yaml")
    german = next(s.id for s in loaded.scenario.sides if s.nation == "germany")
    rules = loaded.scenario.rules.model_copy(
        update={
            "options": [*loaded.scenario.rules.options, "morale"],
            "side_options": {german: ["morale-poor"]},
        }
    )
    scenario = loaded.scenario.model_copy(update={"rules": rules})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame) and game.steps[0][1].id == morale.SEGMENT
    state = game.new_initial_state(seed)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    play(state, bots)
    assert state.is_terminal() and state.outcome() is not None
    rallies = [e for e in state.log if getattr(e, "segment", None) == morale.SEGMENT]
    assert len(rallies) == game.turns
    assert state.clone().fingerprint() == state.fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, ArmorState)
    assert back.morale.snapshot() == state.morale.snapshot()
    assert back.position_fingerprint() == state.position_fingerprint()
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=game.loaded).state.fingerprint() == state.fingerprint()


# --- Panic Movement [OP XVII.C] --------------------------------------------------------------


def _to_facing(state: ArmorState) -> list[object]:
    """``done`` for every side until the Final Facing of the Turn (movement carried out)."""
    return _until(state, "first-facing", state.play.turn)


def test_op_xvii_c_a_panicked_unit_runs_straight_in_the_rolled_direction() -> None:
    """[OP XVII.C.1-3]: a panicked squad (Speed 2) rolls a d10 in its side's Movement
    Execution: a "1" sends it by direction 1 of the Directional Hexagon (here north) in a
    straight line as far as its Speed Factors go: two Clear hexes; the move is logged."""
    line = _line(8)
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[7], 3, "")])
    north = state.game.amap.global_to_direction(line[0], 0)
    morale.panic(state, US_SQUAD, "[OP XVII.E]", "test")
    state.force_dice(north)
    events = _to_facing(state)
    assert state.troops.hexes[US_SQUAD] == line[2]
    [note] = [e for e in events if isinstance(e, morale.MoraleNote)]
    assert f"d10 {north}: direction {north}" in note.describe() and "[OP XVII.C.3]" in note.rule
    assert state.morale.moved == {US_SQUAD: 1}


def test_op_xvii_c_2_on_7_to_0_it_runs_away_from_the_nearest_enemy_our_reading() -> None:
    """[OP XVII.C.2]: on "7" through "0" the owner chooses; our reading: the engine sends it
    the way that leads farthest from the nearest enemy: two hexes, each farther away."""
    line = _line(8)
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[7], 3, "")])
    morale.panic(state, US_SQUAD, "[OP XVII.E]", "test")
    state.force_dice(10)
    events = _to_facing(state)
    assert state.troops.hexes[US_SQUAD].distance(line[7]) == 9
    assert any("the owner's choice" in e.describe() for e in events)


def test_op_xvii_c_3_off_the_mapboard_it_is_out_for_good_not_knocked_out() -> None:
    """[OP XVII.C.3]: "Any unit that exits the mapboard will be out of the game for good,
    although it is not counted as Knocked Out"; the position file keeps it so."""
    game = _base()
    edge, out = next(
        (h, c)
        for h in sorted(game.amap.hexes)
        if game.terrain.terrain(h) == "clear"
        for c in range(6)
        if not game.on_map(h.neighbor(c))
    )
    far = _line(5)[4]
    state = _state([("INFANTRY-SQUAD", edge, 0, "")], [("GE-INFANTRY-SQUAD", far, 3, "")])
    morale.panic(state, US_SQUAD, "[OP XVII.E]", "test")
    state.force_dice(game.amap.global_to_direction(edge, out))
    _to_facing(state)
    assert US_SQUAD not in state.troops.hexes and US_SQUAD in state.morale.gone
    assert US_SQUAD not in state.damage.eliminated and US_SQUAD not in state.troops.exited
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState) and back.morale.snapshot() == state.morale.snapshot()
    assert back.position_fingerprint() == state.position_fingerprint()


# --- Voluntary Panic [OP XVII.E] -------------------------------------------------------------


def test_op_xvii_e_voluntary_panic_is_an_order_the_owner_may_plot() -> None:
    """[OP XVII.E]: "players may voluntarily give a unit Panic orders": ``panic UNIT`` is
    offered in the Order Plot for a unit without orders, round-trips as text and leaves the
    unit panicked, with no orders; without the option it is refused."""
    line = _line(5)
    forces = ([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[4], 3, "")])
    state = _state(*forces)
    action = Panic(US_SQUAD)
    assert action.text() == f"panic {US_SQUAD}"
    assert state.game.parse_action(action.text()) == action
    assert action in state.legal_actions("us")
    assert "[OP XVII.E]" in state.describe(action)
    events = state.apply(action)
    assert US_SQUAD in state.morale.panicked and US_SQUAD not in state.sheets.orders["us"]
    assert any(isinstance(e, morale.MoraleNote) and e.rule == "[OP XVII.E]" for e in events)
    assert action not in state.legal_actions("us")
    plain = _state(*forces, options="")
    assert "does not use [OP XVII]" in (plain.why_not(action) or "")
    assert action not in plain.legal_actions("us")
