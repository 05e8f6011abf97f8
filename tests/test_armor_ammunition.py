"""Armor's Limited Ammunition [OP XXIV.A] played whole: Towed units and their Transporting
Vehicle [A.1.c], fewer "shots" announced [A.2.a-b] (our reading: "ROF-1" on the fire order).
The book prints no worked example of these: forced dice on made positions."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from armor_scenes import plot_this_turn, position_head, straight_line, to_next_plot
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import load_scenario, parse_scenario
from rules.armor.events import ApFire, GpFire, PhaseNote
from rules.armor.fire import aim, why_not_fire
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import gp_aim
from rules.armor.optional import supply
from rules.armor.orders import OpportunityFire, Order
from rules.armor.turn import damage
from rules.bots.base import RandomBot, make_bot, play
from rules.engine.actions import Done
from rules.engine.errors import ActionSyntaxError, UnsupportedGameError
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-ammunition")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)
#: unit code, hex, compass facing, extra keys of the force entry
Force = tuple[str, Hex, int, str]
GUN, HT, DUMP = "us.AT-57MM.1", "us.M3-HALFTRACK.1", "us.AT-57MM.2"
M4, PZIV, GE_SQUAD = "us.M4.1", "german.PZIVJ.1", "german.GE-INFANTRY-SQUAD.1"
LIMITED = "limited-ammunition"


def _game(us: list[Force], german: list[Force], options: str = LIMITED) -> ArmorGame:
    amap = _probe().amap

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, "
            f"facing: {amap.global_to_direction(h, compass)}}}{extra}}}"
            for code, h, compass, extra in units
        )

    text = SCENARIO.format(options=options) + two_sides(forces(us), forces(german), turns=4)
    game = load_game(parse_scenario(text, "ammunition.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _probe() -> ArmorGame:
    text = SCENARIO.format(options="") + two_sides(
        "      - {unit: M4, placement: {kind: hex, hex: L3830}}",
        "      - {unit: PZIVJ, placement: {kind: hex, hex: L3830}}",
    )
    game = load_game(parse_scenario(text, "probe.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _line() -> list[Hex]:
    """Eight Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(_probe(), 8)


def _state(us: list[Force], german: list[Force], options: str = LIMITED) -> ArmorState:
    state = _game(us, german, options).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _towed(options: str = LIMITED) -> ArmorState:
    """A 57mm AT gun set up on its Half-Track (force entry ``mounted_on``) and a second one in
    place on the map; the Half-Track has just Unloaded its gun (the carried mark taken off),
    both in the first hex; a PzIV six hexes off."""
    line = _line()
    state = _state(
        [
            ("M3-HALFTRACK", line[0], 0, ", label: ht"),
            ("AT-57MM", line[0], 0, ", mounted_on: ht"),
            ("AT-57MM", line[1], 0, ""),
        ],
        [("PZIVJ", line[6], 3, "")],
        options,
    )
    assert state.transported(GUN)
    state.troops.carried.pop(GUN)  # Unloaded [ADV IV.B.1]
    return state


def _move(state: ArmorState, unit: str, h: Hex) -> None:
    state.troops.hexes[unit] = h
    state.sheets.options.clear()


# --- Towed units [OP XXIV.A.1.c] -----------------------------------------------------------------


def test_op_xxiv_a_1_c_towed_gun_is_unlimited_beside_the_vehicle_that_brought_it() -> None:
    """[OP XXIV.A.1.c]: a Towed unit has "Unlimited ammunition, as long as the Transporting
    Vehicle unit is in the same hex as or in a hex adjacent": the gun set up on its Half-Track
    is supplied by it (only "the Vehicle unit that originally Transported" it), in its hex and
    next to it; the gun "already in place on the mapboard at the start" has no Vehicle and is
    unlimited all game; without the option nothing is counted."""
    state = _towed()
    assert supply.towed_by(state, GUN) == HT and supply.towed_by(state, DUMP) is None
    assert supply.ammunition_factor(state, GUN) is None
    _move(state, HT, _line()[1])
    assert supply.towed_cut(state, GUN) is None and supply.ammunition_factor(state, GUN) is None
    assert supply.ammunition_factor(state, DUMP) is None
    plain = _towed(options="")
    _move(plain, HT, _line()[3])
    assert supply.ammunition_factor(plain, GUN) is None


def test_op_xxiv_a_1_c_towed_gun_has_6_factors_while_its_vehicle_is_away() -> None:
    """[OP XXIV.A.1.c; A.2]: "The Ammunition Factor is reduced to '6' while the Transporting
    Vehicle unit moves away": the Half-Track two hexes off, the gun's fire expends its shots
    from 6 and its log says why; a Vehicle it did not come on does not supply it; once all 6
    are expended it may no longer fire [A.2]."""
    state = _towed()
    line = _line()
    _move(state, HT, line[2])
    why = supply.towed_cut(state, GUN) or ""
    assert "moved away (2 hexes)" in why
    assert supply.ammunition_factor(state, GUN) == supply.TOWED_AWAY == 6
    shots = aim(state, GUN, PZIV).shots
    assert shots == 3  # the 57mm's Rapid Rate of Fire, standing at Short Range
    state.force_dice(99)  # the AP roll: no hits
    events = plot_this_turn(state, Order(GUN, fire=PZIV))
    events += to_next_plot(state)
    [fire] = [e for e in events if isinstance(e, ApFire) and e.firer == GUN]
    assert fire.shots == 3 and "[OP XXIV.A.1.c]" in fire.rule and "reduced to 6" in fire.rule
    assert state.supply.spent == {GUN: 3} and supply.left(state, GUN) == 3
    state.supply.spent[GUN] = 6
    state.sheets.options.clear()
    why = why_not_fire(state, GUN, PZIV) or ""
    assert "out of ammunition" in why and "[OP XXIV.A.1.c; A.2]" in why
    assert not any(isinstance(a, Order) and a.fire for a in state.order_options(GUN))
    assert supply.left(state, DUMP) is None  # the other gun, in place: unlimited


def test_op_xxiv_a_1_c_a_knocked_out_vehicle_leaves_its_gun_6_factors() -> None:
    """[OP XXIV.A.1.c]: the Factor is reduced to 6 while the Transporting Vehicle "is Knocked
    Out", even in the gun's own hex; two shots fired leave 4, counted for the rest of the game
    (no Vehicle comes back)."""
    state = _towed()
    damage(state, HT, "knocked-out")
    assert HT not in state.troops.hexes
    assert "Knocked Out" in (supply.towed_cut(state, GUN) or "")
    assert supply.ammunition_factor(state, GUN) == 6
    supply.expend(state, GUN, 2)
    supply.resupply(state)
    assert supply.left(state, GUN) == 4


def test_op_xxiv_a_1_c_the_vehicle_back_beside_the_gun_fills_it_up_our_reading() -> None:
    """[OP XXIV.A.1.c] (our reading): after the Movement Execution Phases, a gun whose own
    Transporting Vehicle stands in or next to its hex again is unlimited once more and its 6
    filled up (the shots spent away no longer count), said in the log; the Vehicle still
    away, they stay counted. The state keeps them through a clone and a position file."""
    state = _towed()
    line = _line()
    _move(state, HT, line[3])
    supply.expend(state, GUN, 4)
    assert supply.left(state, GUN) == 2
    clone = state.clone()
    assert isinstance(clone, ArmorState) and clone.fingerprint() == state.fingerprint()
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState) and back.supply.spent == {GUN: 4}
    events = plot_this_turn(state)  # the Half-Track still away
    assert state.supply.spent == {GUN: 4}
    assert not [e for e in events if isinstance(e, PhaseNote) and e.phase == "Limited Ammunition"]
    to_next_plot(state)
    assert state.supply.spent == {GUN: 4}
    state.troops.hexes[HT] = line[1]  # driven back next to its gun
    events = plot_this_turn(state)
    [note] = [e for e in events if isinstance(e, PhaseNote) and e.phase == "Limited Ammunition"]
    assert GUN in note.note and note.rule == "[OP XXIV.A.1.c]" and "our reading" in note.note
    assert state.supply.spent == {}
    _move(state, HT, line[4])
    assert supply.left(state, GUN) == 6


# --- Fewer shots announced [OP XXIV.A.2.a-b] ----------------------------------------------------


def _tanks(options: str = LIMITED) -> ArmorState:
    """An M4 (Rate of Fire 1-2) and, at Short Range, a PzIV and a German squad."""
    line = _line()
    return _state(
        [("M4", line[0], 0, "")],
        [("PZIVJ", line[3], 3, ""), ("GE-INFANTRY-SQUAD", line[2], 3, "")],
        options,
    )


def test_op_xxiv_a_2_a_fewer_shots_are_written_on_the_fire_order_and_offered() -> None:
    """[OP XXIV.A.2.a-b]: a player may announce fewer shots than normal; our reading writes it
    on the Direct Fire order, "F-<target> ROF-1". Offered and legal only with Limited
    Ammunition, for a gun with a Rate above one, fewer than its highest Rate (the M4's 1-2:
    ROF-1 only); a squad's fire has none; ROF-0 is no notation."""
    announced = Order(M4, fire=PZIV, rate=1)
    assert announced.text() == f"order {M4} F-{PZIV} ROF-1"
    plain = _tanks(options="")
    assert plain.game.parse_action(announced.text()) == announced
    assert announced not in plain.order_options(M4)
    assert "Limited Ammunition" in (plain.why_not_order(announced) or "")
    state = _tanks()
    assert announced in state.order_options(M4)
    assert Order(M4, fire=GE_SQUAD, rate=1) in state.order_options(M4)
    assert "1 shot(s) announced [OP XXIV.A.2.a-b]" in state.describe(announced)
    assert "1 to 1" in (state.why_not_order(Order(M4, fire=PZIV, rate=2)) or "")
    assert supply.announcements(state, "us.M4.1") == range(1, 2)
    with pytest.raises(ActionSyntaxError, match="ROF-"):
        state.game.parse_action(f"order {M4} F-{PZIV} ROF-0")


def test_op_xxiv_a_2_a_ap_fire_at_the_lower_rate_expends_what_it_fires() -> None:
    """[OP XXIV.A.2.a]: "Simply figure the Combat at the lower announced Rate of Fire": the
    M4 standing at Short Range (Rapid, 2 shots) announced to 1 fires one shot on the Number of
    Hits Table and expends one Ammunition Factor [A.2], the log saying so. Test Play's preview
    shows the Number of Hits of the one shot: no 2 hits on 01-10 (the chance of any hit, on
    the same Hit Number, stays)."""
    state = _tanks()
    full = state.preview(Order(M4, fire=PZIV))
    one = state.preview(Order(M4, fire=PZIV, rate=1))
    assert one.legal and "1 shot(s): 01-65 1 hit;" in one.chances[0].words
    assert "2 shot(s): 01-10 2 hits, 11-65 1 hit;" in full.chances[0].words
    assert any("[OP XXIV.A.2.a-b]" in r for r in one.rules)
    assert aim(state, M4, PZIV, rate=1).shots == 1 and aim(state, M4, PZIV).shots == 2
    state.force_dice(99)  # the AP roll: no hits
    events = plot_this_turn(state, Order(M4, fire=PZIV, rate=1))
    events += to_next_plot(state)
    [fire] = [e for e in events if isinstance(e, ApFire) and e.firer == M4]
    assert fire.shots == 1 and state.supply.spent == {M4: 1}
    assert "1 of its 2 shots, as announced" in fire.rule and "[OP XXIV.A.2.a]" in fire.rule


def test_op_xxiv_a_2_b_gp_fire_with_a_shot_less_halves_the_gp_factor() -> None:
    """[OP XXIV.A.2.b]: "Divide the normal GP Factor by '1/2' for each 'shot' less than normal"
    (our reading: halved): the M4's GP fire at the squad, 2 shots normally (as AP would,
    [A.2]), announced to 1, takes half its GP Factor (rounded down [ADV VI.B.2.d]) and
    expends one Factor; the preview shows the halved Factor."""
    state = _tanks()
    normal = gp_aim(state, M4, GE_SQUAD)
    fewer = gp_aim(state, M4, GE_SQUAD, rate=1)
    assert normal.shots == normal.rate == 2 and fewer.shots == 1
    assert fewer.modified_factor == normal.modified_factor // 2
    assert [m.rule for m in fewer.modifiers] == ["Limited Ammunition [OP XXIV.A.2.b]"]
    preview = state.preview(Order(M4, fire=GE_SQUAD, rate=1))
    assert "One shot fewer: x1/2" in preview.chances[0].words
    state.force_dice(99)  # the GP roll
    events = plot_this_turn(state, Order(M4, fire=GE_SQUAD, rate=1))
    events += to_next_plot(state)
    [fire] = [
        e for e in events if isinstance(e, GpFire) and e.firer == M4 and e.verb == "fires GP at"
    ]
    assert fire.modified_factor == normal.modified_factor // 2
    assert "[OP XXIV.A.2.b]" in fire.rule and state.supply.spent == {M4: 1}


def test_op_xxiv_a_2_b_a_gun_short_of_factors_fires_fewer_gp_shots_halved_our_reading() -> None:
    """[OP XXIV.A.2; A.2.b] (our reading): a gun with fewer Factors left than its Rate fires
    what it has; at GP that is fewer shots than normal, so its GP Factor is halved as if
    announced, the log saying "all it has left"."""
    state = _tanks()
    state.supply.spent[M4] = 23
    shot = gp_aim(state, M4, GE_SQUAD)
    full = gp_aim(_tanks(), M4, GE_SQUAD)
    assert shot.shots == 1 and shot.modified_factor == full.modified_factor // 2
    state.force_dice(99)
    events = plot_this_turn(state, Order(M4, fire=GE_SQUAD))
    events += to_next_plot(state)
    [fire] = [
        e for e in events if isinstance(e, GpFire) and e.firer == M4 and e.verb == "fires GP at"
    ]
    assert "1 of its 2 shots, all it has left" in fire.rule and supply.left(state, M4) == 0


# --- Ammunition Allotment [OP XXIV.B] -----------------------------------------------------------

ALLOT = "ammunition-allotment"
DEMO = Path(__file__).resolve().parents[1] / "scenarios" / "armor" / "demo-crossroads.yaml"
M18, PANTHER = "us.M18.1", "german.PANTHER-A.1"


def _allotted(marks: str = "", options: str = ALLOT, unit: str = "M4") -> ArmorState:
    """An M4 (or ``unit``) with the force entry's ``state`` marks, a PzIV and a German squad
    at Short Range."""
    line = _line()
    extra = f", state: [{marks}]" if marks else ""
    return _state(
        [(unit, line[0], 0, extra)],
        [("PZIVJ", line[3], 3, ""), ("GE-INFANTRY-SQUAD", line[2], 3, "")],
        options,
    )


def test_op_xxiv_b_an_allotment_written_on_the_force_entry_divides_the_factor() -> None:
    """[OP XXIV.B; B.1; B.3]: "divide up each unit's Ammunition Factor into types of
    ammunition": the M4's 24 written on its force entry as the book records them, "AP 14",
    "GP 6", "S 4"; each fire spends its own type (its log says what is left); the option brings
    Limited Ammunition with it (our reading); "units may run out of some types of ammunition,
    while still having plenty of other types": out of AP Shots, no AP fire is offered or
    allowed, the GP fire at the squad still is."""
    state = _allotted('"AP 14", "GP 6", "S 4"')
    assert supply.limited(state.game)
    assert supply.allotment(state, M4) == {"AP": 14, "GP": 6, "S": 4}
    state.force_dice(99)  # the AP roll: no hits
    events = plot_this_turn(state, Order(M4, fire=PZIV))
    events += to_next_plot(state)
    [fire] = [e for e in events if isinstance(e, ApFire) and e.firer == M4]
    assert "'AP' AP Shots of its Ammunition Allotment: 14 of 14 left" in fire.rule
    assert state.supply.by_type == {M4: {"AP": 2}} and state.supply.spent == {M4: 2}
    assert supply.left(state, M4, "AP") == 12 and supply.left(state, M4) == 22
    state.supply.by_type[M4]["AP"] = 14
    state.sheets.options.clear()
    why = why_not_fire(state, M4, PZIV) or ""
    assert "out of AP Shots" in why and "[OP XXIV.B]" in why
    options = state.order_options(M4)
    assert Order(M4, fire=PZIV) not in options and Order(M4, fire=GE_SQUAD) in options
    clone = state.clone()
    assert isinstance(clone, ArmorState) and clone.fingerprint() == state.fingerprint()
    clone.supply.by_type[M4]["GP"] = 1
    assert "GP" not in state.supply.by_type[M4]  # a copy, not the same dict
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState) and back.supply.snapshot() == state.supply.snapshot()


def test_op_xxiv_b_with_no_allotment_written_the_types_share_the_factor_our_reading() -> None:
    """[OP XXIV.B] (our reading, :data:`supply.DEFAULT_PLACEHOLDER`): a scenario that gives no
    allotment shares the Factor equally among the types the unit fires in this game: the M4's
    24 in the Advanced Game AP 12, GP 12; with Smoke [OP IX] AP 8, GP 8, S 8; a rolled
    Variable Ammunition Factor [C.2] smaller than what is written cuts it in proportion."""
    assert supply.allotment(_allotted(), M4) == {"AP": 12, "GP": 12}
    smoky = _allotted(options=f"{ALLOT}, smoke")
    assert supply.allotment(smoky, M4) == {"AP": 8, "GP": 8, "S": 8}
    assert supply.allotment(_allotted(options=LIMITED), M4) is None
    rolled = _allotted('"AP 14", "GP 6", "S 4"')
    rolled.supply.ammo[M4] = 12  # as if rolled [OP XXIV.C.2]
    assert supply.allotment(rolled, M4) == {"AP": 7, "GP": 3, "S": 2}


def test_op_xxiv_b_out_of_smoke_shots_no_smoke_is_fired() -> None:
    """[OP XXIV.B.1; A.2]: Smoke Shots ("S") are their own type, one a shell: with its 4
    spent, the M4 is offered no "FS" order, saying why, while its AP fire stays."""
    state = _allotted('"AP 14", "GP 6", "S 4"', options=f"{ALLOT}, smoke")
    fs = [a for a in state.order_options(M4) if isinstance(a, Order) and a.smoke]
    assert fs
    state.supply.by_type[M4] = {"S": 4}
    state.sheets.options.clear()
    assert not [a for a in state.order_options(M4) if isinstance(a, Order) and a.smoke]
    assert "out of Smoke Shots" in (state.why_not_order(fs[0]) or "")
    assert Order(M4, fire=PZIV) in state.order_options(M4)


def test_op_xxiv_b_2_american_apcr_shots_are_their_own_type() -> None:
    """[OP XXIV.B.1-2; OP XXIII]: the M18's 12 written "AP 8", "CR 4" (40% of 12 at most):
    its APCR fire spends "CR" shots; out of AP Shots it is offered only the APCR fire, the
    plain AP order refused, saying why; out of both, no fire at all."""
    line = _line()
    state = _state(
        [("M18", line[0], 0, ', state: ["AP 8", "CR 4"]')],
        [("PANTHER-A", line[3], 3, "")],
        f"{ALLOT}, apcr",
    )
    cr = Order(M18, fire=PANTHER, apcr=True)
    assert supply.allotment(state, M18) == {"AP": 8, "CR": 4}
    assert cr in state.order_options(M18) and Order(M18, fire=PANTHER) in state.order_options(M18)
    state.force_dice(99)  # the AP roll: no hits
    events = plot_this_turn(state, cr)
    events += to_next_plot(state)
    [fire] = [e for e in events if isinstance(e, ApFire) and e.firer == M18]
    assert "[OP XXIII.A]" in fire.rule and "'CR' APCR Shots" in fire.rule
    assert state.supply.by_type == {M18: {"CR": fire.shots}}
    state.supply.by_type[M18] = {"AP": 8, "CR": 1}
    state.supply.apcr[M18] = 1
    state.sheets.options.clear()
    options = state.order_options(M18)
    assert cr in options and Order(M18, fire=PANTHER) not in options
    assert "out of AP Shots" in (state.why_not_order(Order(M18, fire=PANTHER)) or "")
    state.supply.by_type[M18]["CR"] = state.supply.apcr[M18] = 4
    state.sheets.options.clear()
    assert not [a for a in state.order_options(M18) if isinstance(a, Order) and a.fire]
    assert "[OP XXIV.B]" in (state.why_not_order(cr) or "")


@pytest.mark.parametrize(
    ("unit", "marks", "options", "words"),
    [
        ("M4", '"AP 20", "GP 10"', ALLOT, "30 shots allotted, more than its card's"),
        ("M4", '"AP 4"', LIMITED, "add 'ammunition-allotment' to 'rules.options'"),
        ("M4", '"AP 4", "AP 6"', ALLOT, "each type of ammunition is written once"),
        ("M4", '"CR 2"', ALLOT, "only the M18 and Sherman '76' cards fire APCR [OP XXIII]"),
        ("M18", '"AP 6", "CR 6"', ALLOT, "at most 40% of its Ammunition Factor 12 in APCR, 4"),
        ("INFANTRY-SQUAD", '"GP 4"', ALLOT, "its ammunition is unlimited"),
    ],
)
def test_op_xxiv_b_an_allotment_the_book_does_not_allow_is_refused_where_it_is_written(
    unit: str, marks: str, options: str, words: str
) -> None:
    """[OP XXIV.A.1; B; B.2; OP XXIII]: the scenario's allotment is checked when the game is
    loaded, the error naming the force entry and why: more than the card's Factor, without the
    option, a type twice, APCR on a card that does not fire it, an American unit's APCR over
    40%, a Leg unit's unlimited ammunition."""
    with pytest.raises(UnsupportedGameError) as err:
        _allotted(marks, options, unit)
    assert "sides[0].forces[0].state" in str(err.value) and words in str(err.value)


@pytest.mark.parametrize(
    ("marks", "words"),
    [
        ('"AP 20", "GP 10"', "30 shots allotted, more than its card's Ammunition Factor, 24"),
        ('"AP 3.5"', "'AP 3.5' is not an Ammunition Allotment mark"),
        ('"AP x"', "'AP x' is not an Ammunition Allotment mark"),
        ('"CR 2"', "only the M18 and Sherman '76' cards fire APCR"),
    ],
)
def test_op_xxiv_b_validate_shows_a_bad_allotment_at_its_line(
    marks: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """[OP XXIV.B]: ``hexwright validate`` finds what the game refuses, at the ``state`` line
    of the force entry (before, the file was "valid" and only play refused it; "AP 3.5" and a
    "AP x" were taken as no allotment at all), and the game refuses it too."""
    from editor.cli.main import main

    text = DEMO.read_text(encoding="utf-8")
    text = text.replace("  level: armor-game\n", f"  level: armor-game\n  options: [{ALLOT}]\n", 1)
    text = text.replace("  - unit: M4\n", f"  - unit: M4\n    state: [{marks}]\n", 1)
    path = tmp_path / "allotted.yaml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f"    state: [{marks}]") + 1
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert f"{path}:{line}:" in out and "error ammunition-allotment: M4: " in out and words in out
    assert main(["play", str(path), "--bots", "random,random", "--seed", "1"]) == 1
    assert words in capsys.readouterr().err


# --- Opportunity Fire with APCR [OP XXIII.A] (our reading) -------------------------------------


def test_op_xxiii_a_opportunity_fire_with_apcr_written_n_hex_cr_our_reading() -> None:
    """[OP XXIII.A; AG VII.F] (our reading): "APCR is fired exactly the same as normal AP", so
    an Opportunity Fire order may carry the choice too, "N-<hex> CR": offered on the hexes of
    enemy Vehicles to an M18 with APCR (not to an M4); triggered by the Panther within 10
    hexes, the M18 fires on the CR lines at the Slow Rate with -8 and one APCR is counted."""
    line = _line()
    state = _state(
        [("M18", line[0], 0, ""), ("M4", line[1], 0, "")],
        [("PANTHER-A", line[5], 3, "")],
        "apcr",
    )
    watch = state.game.name(line[5])
    cr = Order(M18, opportunity=watch, apcr=True)
    assert cr.text() == f"order {M18} N-{watch} CR" and state.game.parse_action(cr.text()) == cr
    assert cr in state.order_options(M18)
    assert Order(M4, opportunity=watch, apcr=True) not in state.order_options(M4)
    assert "Opportunity Fire on" in state.describe(cr) and "with APCR" in state.describe(cr)
    assert "[OP XXIII.A]" in state.preview(cr).chances[0].words
    plot_this_turn(state, cr, Order(PANTHER, moves="1"))
    while state.execution.asked is None and state.segment.id != "plot":
        state.apply(Done(state.to_act()[0]))
    assert state.execution.asked is not None and state.execution.asked.firer == M18
    state.force_dice(99, 99, 99, 99)
    [shot] = [e for e in state.apply(OpportunityFire(M18, PANTHER)) if isinstance(e, ApFire)]
    assert "[OP XXIII.A]" in shot.rule and shot.shots == 1
    assert any(m.value == -8 for m in shot.modifiers)
    assert state.supply.apcr == {M18: 1}


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize(("bot", "seed"), [("random", 3), ("heuristic", 2)])
def test_op_xxiv_the_advanced_demo_plays_to_the_end_with_the_whole_of_limited_ammunition(
    bot: str, seed: int
) -> None:
    """[OP XXIV.A-C; OP XXIII; OP IX]: scenarios/armor/demo-advanced.yaml with Limited
    Ammunition, the Ammunition Allotment, Variable Supply, APCR and Smoke: both bots finish it
    with the "ROF-" and "CR" orders among those offered, no unit spends more of a type than its
    allotment, a clone keeps the fingerprint, the position file keeps the shots spent by type,
    and the text replay replays to it."""
    loaded = load_scenario(Path(__file__).parent.parent / "scenarios/armor/demo-advanced.yaml")
    options = ["limited-ammunition", ALLOT, "variable-supply", "apcr", "smoke"]
    rules = loaded.scenario.rules.model_copy(update={"options": options})
    scenario = loaded.scenario.model_copy(update={"rules": rules})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    play(state, bots)
    assert state.is_terminal() and state.outcome() is not None
    for unit, spent in state.supply.by_type.items():
        shares = supply.allotment(state, unit) or {}
        assert all(n <= shares.get(kind, 0) for kind, n in spent.items()), (unit, spent, shares)
    assert state.clone().fingerprint() == state.fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, ArmorState) and back.supply.snapshot() == state.supply.snapshot()
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=game.loaded).state.fingerprint() == state.fingerprint()


def test_op_xxiv_b_a_towed_guns_6_are_allotted_and_filled_up_by_type() -> None:
    """[OP XXIV.A.1.c; B] (our readings): away from its Vehicle the gun's 6 are divided as any
    Factor (AP 3, GP 3 in the Advanced Game, none written); the AP it fires is counted by type,
    and its Vehicle back beside it fills up every type."""
    state = _towed(options=ALLOT)
    _move(state, HT, _line()[3])
    assert supply.allotment(state, GUN) == {"AP": 3, "GP": 3}
    supply.expend(state, GUN, 2, supply.AP)
    assert supply.left(state, GUN, supply.AP) == 1 and supply.left(state, GUN, supply.GP) == 3
    _move(state, HT, _line()[1])
    supply.resupply(state)
    assert state.supply.by_type == {} and state.supply.spent == {}
