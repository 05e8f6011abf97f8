"""Armor's Advanced Game: Towed units [ADV V.B] and their fire [ADV VI.A.1], and Transporting
units' Overrun [ADV V.C.3.c] and Suppressed passengers [ADV V.C.6], with forced dice (the book
prints no worked example of these rules)."""

from __future__ import annotations

import functools

from armor_scenes import plot_this_turn as _plot
from armor_scenes import position_head, straight_line
from armor_scenes import to_next_plot as _to_next_plot
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import transport
from rules.armor.events import ApFire, Damaged, GpFire, Moved, PhaseNote
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import OpportunityFire, Order
from rules.armor.transport import Transferred
from rules.engine.actions import Done
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-towed")
    + """
rules: {{level: {level}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
)
#: unit code, hex, compass facing, extra keys
Force = tuple[str, Hex, int, str]
PARK = "L3830"
GUN, HT = "us.AT-57MM.1", "us.M3-HALFTRACK.1"
TANK, GE_SQUAD = "german.PZIVJ.1", "german.GE-INFANTRY-SQUAD.1"
SPW, RIDER, US_SQUAD = "german.SPW-251-1.1", "german.GE-INFANTRY-SQUAD.1", "us.INFANTRY-SQUAD.1"
TRUCK, PASSENGER = "us.US-MEDIUM-TRUCK.1", "us.US-INFANTRY-SQUAD.1"


def _game(
    us: list[Force], german: list[Force], level: str = "advanced-game", edits: str = ""
) -> ArmorGame:
    def forces(units: list[Force]) -> str:
        lines = []
        for code, h, compass, extra in units:
            place = f"{{kind: hex, hex: {PARK}}}"
            if h != Hex(0, 0):
                amap = base().amap
                number = amap.global_to_direction(h, compass)
                place = f"{{kind: hex, hex: {amap.name(h)}, facing: {number}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}{extra}}}")
        return "\n".join(lines)

    text = SCENARIO.format(level=level, edits=edits) + two_sides(
        forces(us), forces(german), turns=4
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def base() -> ArmorGame:
    return _game([("M4", Hex(0, 0), 0, "")], [("PZIVJ", Hex(0, 0), 0, "")], "armor-game")


@functools.cache
def _line(length: int = 8) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(base(), length)


def _state(us: list[Force], german: list[Force], **kw: str) -> ArmorState:
    state = _game(us, german, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _ap(events: list[object], firer: str) -> ApFire:
    [shot] = [e for e in events if isinstance(e, ApFire) and e.firer == firer]
    return shot


def _gp(events: list[object], firer: str) -> GpFire:
    [shot] = [e for e in events if isinstance(e, GpFire) and e.firer == firer]
    return shot


# --- a Towed unit's Pivot in Place is moving [ADV V.B.2; ADV VI.A.1] --------------------------


def _gun_and(target: str, level: str = "advanced-game") -> ArmorState:
    line = _line()
    return _state([("AT-57MM", line[0], 0, "")], [(target, line[4], 3, "")], level=level)


def test_adv_v_b_2_a_towed_gun_pivoting_in_place_fires_ap_as_moving() -> None:
    """[ADV V.B.2; ADV VI.A.1]: "Towed units ordered to Pivot in Place are considered to be
    moving (MV)" and fire AP "the same as Vehicle units": the AP Movement Modifiers' firer row
    'Turn, 1-2' (-8 against a standing target, where standing it is '0', +0) and the Slow Rate
    of Fire [ADV IV.E.1; AG VI.B] (fewer shots than standing, Rapid at Short Range); the
    same forced roll 50 hits standing and misses moving. The pivot costs nothing and needs no
    Vehicle [V.B.2]: the gun ends faced as its Final Facing chooses."""
    shots = {}
    for moves in ("", "V"):
        state = _gun_and("PZIVJ")
        state.dice.force(50, 99, 99, 99)
        shots[moves] = _ap(_plot(state, Order(GUN, fire=TANK, moves=moves)), GUN)
    still, pivot = shots[""], shots["V"]
    movement = [m for m in pivot.modifiers if m.what.startswith("Movement")]
    assert movement[0].value == -8 and "firer 'Turn, 1-2'" in movement[0].what
    assert "a Towed unit Pivoting in Place is moving [ADV V.B.2; ADV VI.A.1]" in movement[0].what
    assert [m.value for m in still.modifiers if m.what.startswith("Movement")] == [0]
    assert "Towed" not in still.describe()
    assert still.modifier_number - pivot.modifier_number == 8
    assert still.shots > pivot.shots  # Rapid standing, Slow moving (the engine's reading)
    assert still.hits >= 1 and pivot.hits == 0  # the roll 50 hits standing, not moving
    assert still.hit_number >= 50 > pivot.hit_number


def test_adv_v_b_2_the_pivot_in_place_then_faces_the_gun_free() -> None:
    """[ADV V.B.2]: the gun "expend[s] no Speed Factors" pivoting, and needs no Vehicle: with
    "F-<tank> V" it fires, its 'V' is executed in place for 0 SF, and the Final Facing Phase
    offers it each of the five other facings [AG VIII.A]; without the 'V' none."""
    state = _gun_and("PZIVJ")
    state.dice.force(99, 99, 99, 99)
    events = _plot(state, Order(GUN, fire=TANK, moves="V"))
    [moved] = [e for e in events if isinstance(e, Moved) and e.unit == GUN]
    assert moved.order == "V" and moved.spent == "0" and moved.path == ()
    assert state.segment.id == "first-facing"
    faces = {a.text() for a in state.facing_options(GUN)}
    assert faces == {f"face {GUN} {n} {n}" for n in (2, 3, 4, 5, 6)}
    still = _gun_and("PZIVJ")
    still.dice.force(99, 99, 99, 99)
    _plot(still, Order(GUN, fire=TANK))
    assert still.segment.id == "first-facing" and still.facing_options(GUN) == []


def test_adv_v_b_2_the_plot_offers_fire_with_the_pivot_and_the_preview_says_why() -> None:
    """[ADV V.B.2; VI.A.1]: the Order Plot offers the Towed gun Direct Fire at each target
    alone and with a Pivot in Place ("F-<target> V"); the preview's odds are the moving
    shot's and name the rule; no "2 SF with Direct Fire" line (a Towed unit has no Speed
    Factors). The Armor Game's lists are as before (no such combined order offered)."""
    state = _gun_and("PZIVJ")
    texts = {a.text() for a in state.order_options(GUN)}
    assert f"order {GUN} F-{TANK} V" in texts and f"order {GUN} F-{TANK}" in texts
    still = state.preview(Order(GUN, fire=TANK))
    pivot = state.preview(Order(GUN, fire=TANK, moves="V"))
    assert pivot.legal and any("[ADV V.B.2; ADV VI.A.1]" in r for r in pivot.rules)
    assert not any("2 SF with Direct Fire" in r for r in pivot.rules)
    assert pivot.chances[0].effect < still.chances[0].effect
    basic = _gun_and("PZIVJ", level="armor-game")
    assert f"order {GUN} F-{TANK} V" not in {a.text() for a in basic.order_options(GUN)}


def test_adv_vi_a_1_a_pivoting_towed_gun_fires_its_mv_gp_factor_at_a_squad() -> None:
    """[ADV VI.A.1; VI.B.1]: at a squad the gun fires GP, its NM GP Factor standing (19,
    placeholder) and its MV GP Factor pivoting (9); the log says why before the shot; the
    same forced roll 26 leaves the squad unharmed at MV (column 6-10: N up to 27) where NM
    (column 16-20: N up to 25) Suppresses it."""
    shots = {}
    logs = {}
    for moves in ("", "V"):
        state = _gun_and("GE-INFANTRY-SQUAD")
        state.dice.force(26)
        events = _plot(state, Order(GUN, fire=GE_SQUAD, moves=moves))
        shots[moves] = _gp(events, GUN)
        logs[moves] = [e for e in events if isinstance(e, PhaseNote) and e.phase == GUN]
    assert shots[""].firer_orders == "NM" and shots["V"].firer_orders == "MV"
    assert shots["V"].gp_factor < shots[""].gp_factor
    [note] = logs["V"]
    assert "MV GP Factor" in note.note and note.rule == "[ADV V.B.2; ADV VI.A.1]"
    assert logs[""] == []
    assert (shots[""].result, shots["V"].result) == ("S", "N")


def test_adv_vi_a_1_a_towed_gun_fires_opportunity_fire_with_ap_as_a_vehicle() -> None:
    """[ADV VI.A.1; AG VII.F]: "Towed units ... use Direct or Opportunity Fire with AP Shells
    the same as Vehicle units": the gun's "N-<hex>" triggers on the tank entering the hex, and
    its owner fires AP, the tank's movement in the modifiers, the gun standing ('0')."""
    line = _line()
    state = _state([("AT-57MM", line[0], 0, "")], [("PZIVJ", line[5], 3, "")])
    watch = state.game.name(line[5])  # offered on the hex of each unit it may fire at
    assert Order(GUN, opportunity=watch) in state.order_options(GUN)
    _plot(state, Order(GUN, opportunity=watch), Order(TANK, moves="1"))
    while state.execution.asked is None and state.segment.id != "plot":
        state.apply(Done(state.to_act()[0]))
    assert state.execution.asked is not None and state.execution.asked.firer == GUN
    state.dice.force(99, 99, 99, 99)
    shot = _ap(state.apply(OpportunityFire(GUN, TANK)), GUN)
    assert shot.target == TANK
    assert any("firer '0'" in m.what for m in shot.modifiers)


# --- no Ditch or Wire, no fetching out of Buildings [ADV V.B.3] -------------------------------


def _paint(h: Hex, terrain: str) -> str:
    return f"{{hexes: [{base().amap.name(h)}], terrain: {terrain}}}"


def test_adv_v_b_3_no_vehicle_fetches_a_towed_gun_out_of_a_building_hex() -> None:
    """[ADV V.B.3]: Towed units "may be placed in Building hexes at the start of a game, but
    the Vehicle units that can Transport them can not enter the Building hex to get them out":
    the gun set up in a Building hex with a Half-Track may not Load (the refusal says why) and
    the Half-Track's "D" finds nothing to Load; in Clear the same Load is offered."""
    h = _line()[0]
    edits = _paint(h, "building")
    state = _state(
        [("AT-57MM", h, 0, ""), ("M3-HALFTRACK", h, 0, "")],
        [("PZIVJ", _line()[7], 3, "")],
        edits=edits,
    )
    assert state.game.terrain.terrain(h) == "building"
    load = Order(GUN, transfer="D", vehicle=HT)
    why = state.why_not(load) or ""
    assert "Building hex" in why and "[ADV V.B.3]" in why
    assert load not in state.order_options(GUN)
    assert "no Leg or Towed unit" in (state.why_not(Order(HT, transfer="D")) or "")
    assert "[ADV V.B.3]" in (transport.why_not_carry(state, GUN, HT) or "")
    clear = _state(
        [("AT-57MM", h, 0, ""), ("M3-HALFTRACK", h, 0, "")], [("PZIVJ", _line()[7], 3, "")]
    )
    assert load in clear.order_options(GUN)


def test_adv_v_b_3_a_towed_gun_is_never_unloaded_into_wire_ditch_or_building() -> None:
    """[ADV V.B.3]: "Towed units may never be placed in Ditch or Wire hexes", nor (our reading
    of "at the start of a game") Unloaded into a Building hex: the gun aboard a Half-Track in
    a painted Wire hex or a Building hex may not Unload (each refusal says why); in Clear it
    Unloads in the card's two Turns as before."""
    h = _line()[0]
    riders = [("M3-HALFTRACK", h, 0, ", label: ht"), ("AT-57MM", h, 0, ", mounted_on: ht")]
    enemy = [("PZIVJ", _line()[7], 3, "")]
    for terrain, words in (("wire", "Ditch or Wire"), ("building", "Building")):
        state = _state(riders, enemy, edits=_paint(h, terrain))
        assert state.transported(GUN)
        why = state.why_not(Order(GUN, transfer="U")) or ""
        assert words in why and "[ADV V.B.3]" in why, (terrain, why)
        assert Order(GUN, transfer="U") not in state.order_options(GUN)
    state = _state(riders, enemy)
    assert state.why_not(Order(GUN, transfer="U")) is None
    events = _plot(state, Order(GUN, transfer="U"), Order(HT, transfer="U"))
    assert any(isinstance(e, Transferred) and e.unit == GUN for e in events)
    assert state.troops.stage == {GUN: 1}


def test_adv_v_b_3_no_ditch_or_wire_unit_is_set_up_where_a_towed_gun_stands() -> None:
    """[ADV V.B.3]: "Towed units may never be placed in Ditch or Wire hexes": the Terrain
    Support set-up refuses a Ditch or Wire unit in the gun's hex, saying why, and takes it where
    only the gun's Half-Track stands (a Vehicle pays for Wire [ADV V.D.2])."""
    from rules.armor.support.setup import _Placing, edge_ranges

    probe = _state([("M4", Hex(0, 0), 0, "")], [("PZIVJ", Hex(0, 0), 0, "")])
    edge = edge_ranges(probe.game)
    inner = [h for h, r in sorted(edge.items()) if r >= 6 and base().terrain.terrain(h) == "clear"]
    gun_at, car_at = inner[0], next(h for h in inner[1:] if h.distance(inner[0]) > 2)
    game = _game(
        [("AT-57MM", gun_at, 0, ""), ("M3-HALFTRACK", car_at, 0, "")], [("PZIVJ", Hex(0, 0), 0, "")]
    )
    placing = _Placing(game, edge_ranges(game))
    for kind in ("ditch", "wire"):
        why = placing.why_not(kind, gun_at) or ""
        assert "Towed unit" in why and "[ADV V.B.3]" in why, why
    assert placing.why_not("wire", car_at) is None


# --- Overrun with transported Infantry [ADV V.C.3.c] ------------------------------------------


def _spw() -> ArmorState:
    line = _line(5)
    return _state(
        [("INFANTRY-SQUAD", line[2], 3, "")],
        [
            ("SPW-251-1", line[0], 0, ", label: ht"),
            ("GE-INFANTRY-SQUAD", line[0], 0, ", mounted_on: ht"),
        ],
    )


def test_adv_v_c_3_c_no_fire_orders_for_the_infantry_of_an_overrunning_vehicle() -> None:
    """[ADV V.C.3.c]: "No fire orders are plotted for Transported Infantry units if their
    Vehicle unit has Overrun orders plotted": once the Half-Track's Overrun is plotted, its
    squad's Direct Fire is no longer offered and is refused, saying why."""
    state = _spw()
    fire = Order(RIDER, fire=US_SQUAD)
    assert fire in state.order_options(RIDER)
    overrun = next(
        a for a in state.order_options(SPW) if isinstance(a, Order) and a.overrun == US_SQUAD
    )
    state.apply(overrun)
    assert fire not in state.order_options(RIDER)
    why = state.why_not(fire) or ""
    assert "Overrun orders plotted" in why and "[ADV V.C.3.c]" in why
    assert Order(RIDER, transfer="U") in state.order_options(RIDER)


def test_adv_v_c_3_c_the_overrun_is_refused_once_the_infantry_has_fire_orders() -> None:
    """[ADV V.C.3.c] (our reading: whichever order is plotted second is refused): the squad's
    Direct Fire plotted first, the Half-Track's Overrun is no longer offered and is refused,
    saying why."""
    state = _spw()
    overruns = [a for a in state.order_options(SPW) if isinstance(a, Order) and a.overrun]
    assert overruns
    state.apply(Order(RIDER, fire=US_SQUAD))
    assert not [a for a in state.order_options(SPW) if isinstance(a, Order) and a.overrun]
    why = state.why_not(overruns[0]) or ""
    assert "has Direct Fire orders plotted" in why and "[ADV V.C.3.c]" in why


def test_adv_v_c_3_c_the_infantry_add_their_halved_mv_factor_to_the_overrun_fire() -> None:
    """[ADV V.C.3.c; VIII.B]: the squad, plotted no fire, adds its halved MV GP Factor (7) to
    the Half-Track's Overrun Fire (MG main gun 10, placeholder): one GP fire of 17 in the
    Overrun Phase, the squad firing nothing of its own; the forced roll 99 (+20) Knocks Out
    the American squad (the Defensive First Fire, 01, missing first [ADV VIII.A.1])."""
    state = _spw()
    overrun = next(
        a for a in state.order_options(SPW) if isinstance(a, Order) and a.overrun == US_SQUAD
    )
    state.dice.force(1, 99)  # the squad's Defensive First Fire misses; the Overrun Fire
    events = _plot(state, overrun)
    fires = [e for e in events if isinstance(e, GpFire)]
    assert not [f for f in fires if f.firer == RIDER]
    [ride] = [f for f in fires if f.firer == SPW]
    assert ride.gp_factor == 17
    assert US_SQUAD in state.damage.knocked_out or US_SQUAD in state.damage.eliminated


# --- Suppressed passengers [ADV V.C.6] --------------------------------------------------------


def test_adv_v_c_6_a_suppressed_passenger_does_not_affect_its_vehicle() -> None:
    """[ADV V.C.6]: "The presence of Suppressed Leg and/or Towed units on a Transporting
    Vehicle unit will not affect the Vehicle unit": a squad on a truck Suppressed by GP fire
    (forced 60: S) has no orders [ADV IV.D; VI.B.2.c] and the log says its Vehicle is not
    affected; the truck's orders are those it has with the squad unharmed, it is not Suppressed, and it moves on
    carrying the squad [ADV V.C.1]."""
    line = _line()
    us = [
        ("US-MEDIUM-TRUCK", line[0], 0, ", label: truck"),
        ("US-INFANTRY-SQUAD", line[0], 0, ", mounted_on: truck"),
    ]
    state = _state(us, [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    control = state.clone()  # the same Turn with the passenger unharmed
    control.dice.force(*([1] * 6))
    _plot(control)
    _to_next_plot(control)
    before = {a.text() for a in control.order_options(TRUCK)}
    assert not control.suppressed(PASSENGER) and before
    for roll in range(1, 101):
        trial = state.clone()
        trial.dice.force(roll, *([1] * 6))
        events = _plot(trial, Order(GE_SQUAD, fire=PASSENGER))
        if trial.suppressed(PASSENGER) and PASSENGER not in trial.damage.knocked_out:
            break
    else:
        raise AssertionError("no forced roll Suppresses the passenger")
    hit = [e for e in events if isinstance(e, Damaged) and e.unit == PASSENGER]
    assert hit and f"its Vehicle {TRUCK} is not affected [ADV V.C.6]" in hit[0].rule
    _to_next_plot(trial)
    assert trial.suppressed(PASSENGER) and not trial.suppressed(TRUCK)
    assert trial.order_options(PASSENGER) == []
    assert {a.text() for a in trial.order_options(TRUCK)} == before
    trial.dice.force(*([1] * 6))
    _plot(trial, Order(TRUCK, moves="1"))
    assert trial.troops.hexes[TRUCK] == trial.troops.hexes[PASSENGER] == line[1]
    assert trial.transported(PASSENGER)
