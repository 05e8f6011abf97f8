"""Armor's Advanced Game: Loading and Unloading [ADV IV.B.1], Towed units [ADV V.B], Transporting
units [ADV V.C; AG III.B.1] and Bail Out [ADV IX; GC2 Bail Out Tables], with forced dice (the book
prints no worked example of these rules)."""

from __future__ import annotations

import functools

import pytest
from armor_scenes import plot_this_turn as _plot
from armor_scenes import position_head, straight_line
from armor_scenes import to_next_plot as _to_next_plot
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import bailout, transport
from rules.armor.bailout import BailOut
from rules.armor.events import GpFire
from rules.armor.fire import Pending
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import Order
from rules.armor.transport import Transferred
from rules.armor.victory import unit_points
from rules.bots.base import make_bot
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-transport")
    + """
rules: {{level: {level}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)
#: unit code, hex, compass facing, extra keys
Force = tuple[str, Hex, int, str]
PARK = "L3830"
TRUCK, SQUAD = "us.US-MEDIUM-TRUCK.1", "us.US-INFANTRY-SQUAD.1"
SQUAD2 = "us.US-INFANTRY-SQUAD.2"
GUN, CARRIER = "us.AT-57MM.1", "us.M3-HALFTRACK.1"


def _game(us: list[Force], german: list[Force], level: str = "advanced-game") -> ArmorGame:
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

    text = SCENARIO.format(level=level) + two_sides(forces(us), forces(german), turns=4)
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


def _state(us: list[Force], german: list[Force] | None = None, **kw: str) -> ArmorState:
    line = _line()
    enemy = german if german is not None else [("PZIVJ", line[-1], 3, "")]
    state = _game(us, enemy, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _texts(state: ArmorState, unit: str) -> set[str]:
    return {a.text() for a in state.order_options(unit)}


def _orders(state: ArmorState, unit: str) -> list[Order]:
    return [a for a in state.order_options(unit) if isinstance(a, Order)]


def _truck(mounted: bool) -> ArmorState:
    h = _line()[0]
    ride = ", mounted_on: truck" if mounted else ""
    return _state(
        [
            ("US-MEDIUM-TRUCK", h, 0, ", label: truck"),
            ("US-INFANTRY-SQUAD", h, 0, f", count: 2{ride}"),
        ]
    )


# --- Loading and Unloading [ADV IV.B.1] ------------------------------------------------------


def test_load_and_unload_orders_in_the_books_notation_round_trip() -> None:
    """[ADV IV.B.1]: "D" Load and "U" Unload, for the unit and for the Vehicle [IV.B.1.b]; the
    Vehicle may add Direct Fire [IV.B.1.c], an Unloading unit a Pivot in Place."""
    game = _truck(mounted=True).game
    for text in (
        f"order {SQUAD} D-{TRUCK}",
        f"order {TRUCK} D",
        f"order {SQUAD} U V",
        f"order {TRUCK} F-german.PZIVJ.1 U",
    ):
        action = game.parse_action(text)
        assert isinstance(action, Order) and action.transfer in ("D", "U")
        assert action.text() == text


def test_a_leg_unit_unloads_in_one_turn_with_both_orders_written() -> None:
    """[ADV IV.B.1; IV.B.1.b]: both the unit and its Vehicle write "U"; in the Movement
    Execution Phase the Infantry Squad (Load/Unload 1 Turn) stands on its feet, counted for
    stacking again [AG III.B.1], and may be given movement orders the next Turn."""
    state = _truck(mounted=True)
    assert state.transported(SQUAD) and state.stacking(_line()[0]) == 2
    assert Order(SQUAD, transfer="U") in state.order_options(SQUAD)
    assert Order(TRUCK, transfer="U") in state.order_options(TRUCK)
    assert "Unload: Turn 1 of 1 [ADV IV.B.1]" in state.describe(Order(SQUAD, transfer="U"))
    events = _plot(state, Order(SQUAD, transfer="U"), Order(TRUCK, transfer="U"))
    done = [e for e in events if isinstance(e, Transferred) and e.unit == SQUAD]
    assert done and "Unloaded" in done[0].what
    assert not state.transported(SQUAD) and SQUAD not in state.troops.carried
    assert state.transported(SQUAD2)  # its own orders were not written: it stays aboard
    assert state.stacking(_line()[0]) == 4
    _to_next_plot(state)
    assert any(o.moves and o.moves != "V" for o in _orders(state, SQUAD))


def test_unloading_needs_the_vehicles_order_too() -> None:
    """[ADV IV.B.1.b]: "The Loading or Unloading order notation must be written for both": a
    unit's 'U' without its Vehicle's is not carried out, and the log says why."""
    state = _truck(mounted=True)
    events = _plot(state, Order(SQUAD, transfer="U"))
    cut = [e for e in events if isinstance(e, Transferred) and e.unit == SQUAD]
    assert cut and "written for both" in cut[0].what and "[ADV IV.B.1]" in cut[0].rule
    assert state.transported(SQUAD)


def test_loading_onto_a_vehicle_in_the_hex_and_its_room() -> None:
    """[ADV IV.B.1.a-c]: a unit Loads onto a Vehicle of its side in its hex, within the card's
    Transport; with a Load order it may be given no other orders; once Loaded it moves with its
    Vehicle without orders [ADV V.C.1] and does not count for stacking [ADV V.C.2]."""
    state = _truck(mounted=False)
    h = _line()[0]
    assert state.stacking(h) == 6
    load = Order(SQUAD, transfer="D", vehicle=TRUCK)
    assert load in state.order_options(SQUAD)
    assert "no other orders" in (
        state.why_not(Order(SQUAD, transfer="D", vehicle=TRUCK, moves="1")) or ""
    )
    assert "may not fire" in (
        state.why_not(Order(SQUAD, fire="german.PZIVJ.1", transfer="D", vehicle=TRUCK)) or ""
    )
    assert "stays in its hex" in (state.why_not(Order(TRUCK, transfer="D", moves="1")) or "")
    preview = state.preview(load)
    assert preview.legal and any("[ADV IV.B.1]" in r for r in preview.rules)
    _plot(state, load, Order(SQUAD2, transfer="D", vehicle=TRUCK), Order(TRUCK, transfer="D"))
    assert state.transported(SQUAD) and state.transported(SQUAD2)
    assert state.stacking(h) == 2
    _to_next_plot(state)
    _plot(state, Order(TRUCK, moves="1"))
    assert state.troops.hexes[SQUAD] == state.troops.hexes[TRUCK] == h.neighbor(0)


def test_the_transport_section_limits_the_load() -> None:
    """[ADV IV.B.1.a]: "The Stacking Factors of Leg and/or Towed units loaded on a Vehicle unit
    may not exceed the number of Stacking Factors listed in the Transport section" (the Light
    Truck's 2, placeholder: one Squad)."""
    h = _line()[0]
    state = _state([("US-LIGHT-TRUCK", h, 0, ""), ("US-INFANTRY-SQUAD", h, 0, ", count: 2")])
    light = "us.US-LIGHT-TRUCK.1"
    state.apply(Order(SQUAD, transfer="D", vehicle=light))
    assert state.game.units[light].transport == 2
    events = _plot(state, Order(SQUAD2, transfer="D", vehicle=light), Order(light, transfer="D"))
    assert state.transported(SQUAD) and not state.transported(SQUAD2)  # in id order (ours)
    [cut] = [e for e in events if isinstance(e, Transferred) and e.unit == SQUAD2]
    assert "room for 0 more Stacking Factors" in cut.what and "[ADV IV.B.1.a]" in cut.what
    why = transport.why_not_carry(state, SQUAD2, light)
    assert why is not None and "[ADV IV.B.1.a]" in why


def test_a_towed_gun_takes_two_turns_to_hook_up_and_only_some_vehicles_tow() -> None:
    """[ADV IV.B.1.b, d; V.B.1]: a Towed unit is transported only by the Vehicles whose card
    carries Towed units (not a Sherman); it takes two Turns to Load, counted for stacking and
    doing nothing else meanwhile, its Vehicle staying in the hex (our reading); then it moves
    only with its Vehicle."""
    h = _line()[0]
    state = _state([("AT-57MM", h, 0, ""), ("M3-HALFTRACK", h, 0, ""), ("M4", h, 0, "")])
    assert "does not transport Towed" in (
        state.why_not(Order(GUN, transfer="D", vehicle="us.M4.1")) or ""
    )
    assert all(o.moves in ("", "V") for o in _orders(state, GUN))
    _plot(state, Order(GUN, transfer="D", vehicle=CARRIER), Order(CARRIER, transfer="D"))
    assert state.troops.stage == {GUN: 1} and not state.transported(GUN)
    _to_next_plot(state)
    assert _texts(state, GUN) == {f"order {GUN} U", f"order {GUN} U V", f"order {GUN} D-{CARRIER}"}
    assert all(not o.moves for o in _orders(state, CARRIER))
    assert "part way" in (state.why_not(Order(CARRIER, moves="1")) or "")
    _plot(state, Order(GUN, transfer="D", vehicle=CARRIER), Order(CARRIER, transfer="D"))
    assert state.transported(GUN) and not state.troops.stage
    _to_next_plot(state)
    _plot(state, Order(CARRIER, moves="2"))
    assert state.troops.hexes[GUN] == h.neighbor(0).neighbor(0)


def test_a_d_reverses_a_u_half_way() -> None:
    """[ADV IV.B.1.d]: "a 'D' would reverse an 'U' order": a gun one Turn into its Unloading
    is Loaded again in one Turn."""
    h = _line()[0]
    state = _state([("M3-HALFTRACK", h, 0, ", label: ht"), ("AT-57MM", h, 0, ", mounted_on: ht")])
    assert state.transported(GUN)
    _plot(state, Order(GUN, transfer="U"), Order(CARRIER, transfer="U"))
    assert state.troops.stage == {GUN: 1}
    assert "only on the Turn in which Unloading is completed" not in (
        state.why_not(Order(GUN, transfer="U", moves="V")) or ""
    )
    _to_next_plot(state)
    _plot(state, Order(GUN, transfer="D", vehicle=CARRIER), Order(CARRIER, transfer="D"))
    assert state.transported(GUN)


# --- Transporting units [ADV V.C] --------------------------------------------------------------


def test_transported_infantry_fire_at_half_gp_all_round() -> None:
    """[ADV V.C.3; VI.A.4.a; VI.B.2.c]: Infantry units "may Direct Fire while being Transported
    at one-half of their normal GP Factor (moving or non-moving, depending on what the Vehicle
    unit is doing)" with a 360 degree Field of Fire: a squad on a truck facing away fires at a
    tank behind it, NM as the truck stays, its GP Factor halved, rounded down."""
    line = _line()
    state = _state(
        [
            ("US-MEDIUM-TRUCK", line[0], 3, ", label: truck"),
            ("US-INFANTRY-SQUAD", line[0], 3, ", mounted_on: truck"),
            ("US-MG-TEAM", line[0], 3, ", mounted_on: truck"),
        ],
        [("PZIVJ", line[5], 3, "")],
    )
    tank = "german.PZIVJ.1"
    assert Order(SQUAD, fire=tank) in state.order_options(SQUAD)
    assert state.why_not(Order(SQUAD, fire=tank)) is None
    assert "no orders but 'U'" in (state.why_not(Order(SQUAD, moves="1")) or "")
    mg = "us.US-MG-TEAM.1"
    assert "[ADV V.C.3]" in (state.why_not(Order(mg, fire=tank)) or "")
    state.dice.force(99)
    events = _plot(state, Order(SQUAD, fire=tank))
    [shot] = [e for e in events if isinstance(e, GpFire) and e.firer == SQUAD]
    assert shot.firer_orders == "NM"
    assert [m.what for m in shot.modifiers] == ["Transported Infantry: x1/2"]
    assert shot.modified_factor == shot.gp_factor // 2


# --- Bail Out [ADV IX] -------------------------------------------------------------------------


def _hit(state: ArmorState, unit: str, effect: str, location: str) -> list[Pending]:
    """A result applied as the Direct Fire Phase applies it, then the Bail Out check."""
    results = [Pending(unit, effect, "german.PZIVJ.1", location)]
    for r in results:
        state.inflict(r.unit, r.effect)
    bailout.check(state, results)
    return results


def test_transported_units_bail_out_of_a_knocked_out_vehicle_by_the_table() -> None:
    """[ADV IX.B.2-3; GC2 Bail Out Tables]: the Vehicle Knocked Out by an UH hit, the Crew is
    eliminated and each Leg unit rolls: 01-80 bails out safely (and must Unload before it
    operates [ADV IV.B.1.e]), else it is Knocked Out."""
    state = _truck(mounted=True)
    state.dice.force(80, 81)
    _hit(state, TRUCK, "knocked-out", "UH")
    rolls = [e for e in state.log if isinstance(e, BailOut) and e.roll is not None]
    assert [(e.unit, e.roll, e.needed) for e in rolls] == [(SQUAD, 80, 80), (SQUAD2, 81, 80)]
    assert SQUAD in state.troops.hexes and state.troops.stage[SQUAD] == 1
    assert SQUAD2 in state.damage.eliminated
    assert "Leg, UH" in rolls[0].rule and "[ADV IX.B.2-3" in rolls[0].rule
    assert _texts(state, SQUAD) == {f"order {SQUAD} U", f"order {SQUAD} U V"}


def test_a_close_assault_knock_out_reads_the_tk_column_for_the_passengers() -> None:
    """[ADV IX.B.3]: "If the Vehicle unit is Knocked Out by GP Fire (only possible in the
    Advanced Game by Close Assault), the range of numbers for Bailing Out successfully is the
    same as for TK, HD, HR, and HS AP hits": a squad on a half-track Close Assaulted to a Knock
    Out ("00" [GC1 GP Hit Table]) bails out on 01-40; the check follows the Close Assault
    Phase's results [ADV IX]."""
    line = _line()
    state = _state(
        [("US-INFANTRY-SQUAD", line[0], 0, "")],
        [
            ("SPW-251-1", line[1], 3, ", label: spw"),
            ("GE-INFANTRY-SQUAD", line[1], 3, ", mounted_on: spw"),
        ],
    )
    spw, rider = "german.SPW-251-1.1", "german.GE-INFANTRY-SQUAD.1"
    state.dice.force(100, 40)
    _plot(state, Order(SQUAD, assault=spw))
    assert spw in state.damage.knocked_out
    [roll] = [e for e in state.log if isinstance(e, BailOut) and e.roll is not None]
    assert (roll.unit, roll.roll, roll.needed) == (rider, 40, 40)
    assert "TK, HD, HR, HS column" in roll.rule
    assert state.troops.stage == {rider: 1} and rider in state.troops.hexes


def test_a_towed_unit_bails_out_on_the_towed_row() -> None:
    """[GC2 Bail Out Tables]: Knocked Out, Towed, HD: 01-20."""
    h = _line()[0]
    state = _state([("M3-HALFTRACK", h, 0, ", label: ht"), ("AT-57MM", h, 0, ", mounted_on: ht")])
    state.dice.force(21)
    _hit(state, CARRIER, "knocked-out", "HD")
    assert GUN in state.damage.eliminated


def test_crew_bails_out_on_one_roll_for_the_phases_hits() -> None:
    """[ADV IX.A.1-3; GC2]: one roll for a Compartment hit on TT (01-60); the crew bails out:
    a Bailed Out Crew unit (Stacking Factor 1) is placed in the hex, the Vehicle is abandoned
    (no orders, no fire), and its transported units bail out with it [ADV IX.B.1]."""
    h = _line()[0]
    state = _state(
        [("M3-HALFTRACK", h, 0, ", label: ht"), ("US-INFANTRY-SQUAD", h, 0, ", mounted_on: ht")]
    )
    state.dice.force(60)
    results = [
        Pending(CARRIER, "penetrated", "x", "LH"),  # No Damage, LH: 01-15
        Pending(CARRIER, "turret", "x", "TT"),  # Compartment, TT: 01-60
    ]
    for r in results:
        state.inflict(r.unit, r.effect)
    bailout.check(state, results)
    [roll] = [e for e in state.log if isinstance(e, BailOut) and e.roll is not None]
    assert (roll.roll, roll.needed) == (60, 60) and "Bails Out" in roll.result
    crew = bailout.crew_id(CARRIER)
    assert state.troops.hexes[crew] == h and state.game.units[crew].stacking == 1
    assert CARRIER in state.troops.abandoned and state.order_options(CARRIER) == []
    assert "[ADV IX.A.3.a]" in (state.why_not(Order(CARRIER, moves="1")) or "")
    assert state.troops.stage == {SQUAD: 1}
    assert any(o.moves for o in _orders(state, crew))  # an Infantry unit on its feet
    why = state.why_not(Order(crew, assault="german.PZIVJ.1")) or ""
    assert "Bailed Out Crew units may not Close Assault [ADV IX.A.3.b]" in why
    state.inflict(crew, "knocked-out")  # "an additional four Victory Points" [ADV IX.A.3.c]
    assert unit_points(state, crew) == (4, "a Bailed Out Crew unit Knocked Out [ADV IX.A.3.c]")


def test_a_gun_hit_rolls_no_bail_out_and_a_roll_over_the_range_keeps_the_crew() -> None:
    """[ADV IX.A.2]: "a Gun hit will not cause a Bail Out roll"; a Track hit counts as a
    compartment hit (TK: 01-30), and 31 keeps the crew."""
    state = _state([("M4", _line()[0], 0, "")])
    before = state.dice.draws
    _hit(state, "us.M4.1", "gun", "GN")
    assert state.dice.draws == before
    state.dice.force(31)
    _hit(state, "us.M4.1", "track", "TK")
    [roll] = [e for e in state.log if isinstance(e, BailOut)]
    assert roll.needed == 30 and roll.result == "the Crew stays"
    assert "us.M4.1" not in state.troops.abandoned


def test_a_small_crew_bailing_out_leaves_a_wreck() -> None:
    """[ADV IX.A.4]: a Vehicle with no Bailed Out Crew section (a truck, our reading) whose crew
    bails out is Knocked Out; its passengers bail out with the crew [ADV IX.B.1]."""
    state = _truck(mounted=True)
    state.dice.force(10)
    _hit(state, TRUCK, "penetrated", "UH")
    assert TRUCK in state.damage.knocked_out
    assert state.troops.stage == {SQUAD: 1, SQUAD2: 1}


def test_the_armor_game_has_no_bail_out() -> None:
    """Bail Out is a rule of the Advanced Game [ADV IX]: the Armor Game rolls nothing."""
    state = _state([("M4", _line()[0], 0, "")], level="armor-game")
    before = state.dice.draws
    _hit(state, "us.M4.1", "track", "TK")
    assert state.dice.draws == before


# --- records: clone, fingerprint, position, replay ------------------------------------------------


def _mid_transfer() -> ArmorState:
    """A gun one Turn into its Loading, a half-track's crew Bailed Out with a squad aboard."""
    line = _line()
    state = _state(
        [
            ("AT-57MM", line[0], 0, ""),
            ("M3-HALFTRACK", line[0], 0, ", label: ht"),
            ("M3-HALFTRACK", line[2], 0, ", label: ht2"),
            ("US-INFANTRY-SQUAD", line[2], 0, ", mounted_on: ht2"),
        ]
    )
    _plot(state, Order(GUN, transfer="D", vehicle=CARRIER), Order(CARRIER, transfer="D"))
    _to_next_plot(state)
    state.dice.force(1)
    _hit(state, "us.M3-HALFTRACK.2", "hull", "UH")
    return state


def test_clone_and_position_keep_loading_bail_outs_and_crews() -> None:
    """Clone and fingerprint copy the Turns of Loading, the abandoned Vehicle and its Bailed Out
    Crew [ADV IV.B.1.d; IX.A.3]; a position file writes and reads them back."""
    state = _mid_transfer()
    crew = bailout.crew_id("us.M3-HALFTRACK.2")
    assert state.troops.stage == {GUN: 1, SQUAD: 1} and crew in state.troops.hexes
    twin = state.clone()
    assert twin.fingerprint() == state.fingerprint()
    assert twin.troops.stage == state.troops.stage and twin.troops.abandoned == {
        "us.M3-HALFTRACK.2"
    }
    position = state.to_position()
    values = {p.id: p.values for p in position.units}
    assert values[GUN]["loading_turns"] == 1 and values["us.M3-HALFTRACK.2"]["abandoned"] is True
    assert crew in values and bailout.crew_id(CARRIER) not in values  # only crews that bailed out
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()


def test_a_game_with_passengers_replays_to_the_same_fingerprint() -> None:
    """A seeded game with mounted infantry and a towed gun replays from seed and actions to
    the same fingerprint at every step (:mod:`rules.records.replay`)."""
    from rules.records.replay import Replay, replay

    state = _mounted_game().new_initial_state(5)
    bots = {s: make_bot("heuristic", 3) for s in state.game.sides}
    for _ in range(400):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        assert state.clone().fingerprint() == state.fingerprint()
    record = Replay.from_text(Replay.of(state).to_text())
    again = replay(record, loaded=state.game.loaded)
    assert again.state.fingerprint() == state.fingerprint()


# --- whole games with the bots -------------------------------------------------------------------

MOUNTED = """
schema_version: 1
id: test-armor-mounted
title: Mounted infantry
system: armor
original: true
rules: {level: advanced-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4, count: 2, placement: {kind: hex, hex: K2219, facing: 1}}
      - {unit: US-INFANTRY-SQUAD, placement: {kind: hex, hex: K2017, facing: 1}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: SPW-251-1, count: 2, label: spw, placement: {kind: hex, hex: J0707, facing: 4}}
      - {unit: GE-INFANTRY-SQUAD, count: 2, mounted_on: spw, placement: {kind: hex, hex: J0707}}
      - {unit: GE-MEDIUM-TRUCK, label: truck, placement: {kind: hex, hex: J0606, facing: 4}}
      - {unit: AT-75MM, mounted_on: truck, placement: {kind: hex, hex: J0606}}
      - {unit: PZIVJ, placement: {kind: hex, hex: J0807, facing: 4}}
length: {turns: 8}
victory:
  scoring: most-vp
  conditions:
    - {kind: enemy-losses, side: us, award: {per: unit-value}}
    - {kind: enemy-losses, side: german, award: {per: unit-value}}
"""


@functools.cache
def _mounted_game() -> ArmorGame:
    game = load_game(parse_scenario(MOUNTED, "mounted.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@pytest.mark.parametrize(("bot", "seed"), [("random", 1), ("random", 2), ("heuristic", 3)])
def test_an_advanced_game_with_mounted_infantry_plays_to_the_end(bot: str, seed: int) -> None:
    """[ADV IV.B.1; V.C; IX]: Infantry Squads riding half-tracks and a gun on a truck; the bots
    play it to its last Turn, every listed order legal; the heuristic bot Unloads its squads
    near the enemy (our heuristic), both the squads and their Vehicles writing 'U'."""
    state = _mounted_game().new_initial_state(seed)
    assert len(state.troops.carried) == 3
    bots = {s: make_bot(bot, seed * 10 + i) for i, s in enumerate(state.game.sides)}
    for _ in range(20_000):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        actions = state.legal_actions(side)
        for a in actions:
            assert state.why_not(a) is None, a.text()
        state.apply(bots[side].choose(state, side))
    assert state.is_terminal() and state.play.turn == state.game.turns
    unloaded = [e for e in state.log if isinstance(e, Transferred) and "Unloaded" in e.what]
    if bot == "heuristic":
        assert {e.unit for e in unloaded} & {
            "german.GE-INFANTRY-SQUAD.1",
            "german.GE-INFANTRY-SQUAD.2",
        }
