"""Armor's Panic Movement of transported units, immobile Vehicles and units upstairs [OP
XVII.C.5-8] (:mod:`rules.armor.optional.panic`), with the Morale option in the Advanced Game:
no Unloading from a panicked Vehicle [C.5], a panicked rider Bailing Out to run [C.6], an
immobile panicked Vehicle's crew Bailing Out [C.7] and a panicked squad coming Down before it
leaves its Building [C.8]; forced dice on made positions (the book prints no worked example)."""

from __future__ import annotations

from armor_scenes import jkl_base as _base
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import bailout
from rules.armor.bailout import BailOut
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional import morale
from rules.armor.orders import Order
from rules.armor.storeys import StoreyChanged
from rules.armor.transport import Transferred
from rules.engine.actions import Done
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-panic")
    + """
rules: {{level: advanced-game, options: [morale]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  overlays: [{overlays}]
"""
)
#: unit code, hex, compass facing, extra keys of the force entry
Force = tuple[str, Hex, int, str]
TRUCK, SQUAD = "us.US-MEDIUM-TRUCK.1", "us.US-INFANTRY-SQUAD.1"
HALFTRACK = "us.M3-HALFTRACK.1"


def _line(length: int = 8) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(_base(), length)


def _state(us: list[Force], overlays: str = "") -> ArmorState:
    amap, line = _base().amap, _line()

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, facing: "
            f"{amap.global_to_direction(h, compass)}}}{extra}}}"
            for code, h, compass, extra in units
        )

    german = forces([("PZIVJ", line[-1], 3, "")])
    text = SCENARIO.format(overlays=overlays) + two_sides(forces(us), german, turns=3)
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _truck() -> ArmorState:
    """A US truck with a squad aboard on the line's first hex, facing north."""
    h = _line()[0]
    return _state(
        [
            ("US-MEDIUM-TRUCK", h, 0, ", label: truck"),
            ("US-INFANTRY-SQUAD", h, 0, ", mounted_on: truck"),
        ]
    )


def _until(state: ArmorState, segment: str) -> list[object]:
    """``done`` for every side until ``segment`` of this Turn begins."""
    events: list[object] = []
    turn = state.play.turn
    while not (state.segment.id == segment and state.play.turn == turn):
        assert not state.play.over
        events += state.apply(Done(state.to_act()[0]))
    return events


def _north(state: ArmorState, h: Hex) -> int:
    """The Directional Hexagon's number of north in ``h`` (a Panic Movement die) [C.2]."""
    return state.game.amap.global_to_direction(h, 0)


def _notes(events: list[object], rule: str) -> list[morale.MoraleNote]:
    return [e for e in events if isinstance(e, morale.MoraleNote) and rule in e.rule]


# --- [OP XVII.C.5] no Unloading from a panicked Vehicle --------------------------------------


def test_op_xvii_c_5_no_unload_order_for_units_carried_by_a_panicked_vehicle() -> None:
    """[OP XVII.C.5]: "Unloading Leg and Towed units Transported by a panicked Vehicle or
    Glider unit is not possible": the squad aboard a panicked truck is offered no 'U' and the
    order is refused, naming the section; aboard a steady truck it is offered."""
    state = _truck()
    unload = Order(SQUAD, transfer="U")
    assert unload in state.order_options(SQUAD)
    morale.panic(state, TRUCK, "[OP XVII.E]", "test")
    assert unload not in state.order_options(SQUAD)
    assert Order(SQUAD, transfer="U", moves="V") not in state.order_options(SQUAD)
    why = state.why_not(unload) or ""
    assert "[OP XVII.C.5]" in why and TRUCK in why


def test_op_xvii_c_5_an_unload_plotted_before_the_vehicle_panics_is_not_carried_out() -> None:
    """[OP XVII.C.5]: both plotted 'U' [ADV IV.B.1.b]; then the truck panics (its "P" cancels
    its orders [OP XVII.B.3]): its Panic Movement carries the squad, whose Unloading is not
    carried out, the log naming the section."""
    state = _truck()
    line = _line()
    state.apply(Order(SQUAD, transfer="U"))
    state.apply(Order(TRUCK, transfer="U"))
    morale.panic(state, TRUCK, "[OP XVII.B.3]", "test")
    assert state.sheets.orders["us"] == {SQUAD: Order(SQUAD, transfer="U")}
    state.force_dice(_north(state, line[0]))
    events = _until(state, "first-facing")
    [cut] = [e for e in events if isinstance(e, Transferred) and e.unit == SQUAD]
    assert "not carried out" in cut.what and "[OP XVII.C.5]" in cut.what
    assert state.transported(SQUAD) and state.troops.hexes[SQUAD] == state.troops.hexes[TRUCK]
    assert state.troops.hexes[TRUCK] != line[0]  # it ran, the squad aboard [ADV V.C.1]


# --- [OP XVII.C.6] a panicked rider Bails Out and runs ---------------------------------------


def test_op_xvii_c_6_a_panicked_leg_unit_aboard_bails_out_and_makes_its_panic_movement() -> None:
    """[OP XVII.C.6]: "Transported Leg units that have Panic orders will Bail Out and make
    their Panic movement": the squad leaves the truck in its hex, no longer transported, and
    runs north two hexes (Speed 2); the truck stays where it is."""
    state = _truck()
    line = _line()
    morale.panic(state, SQUAD, "[OP XVII.E]", "test")
    state.force_dice(_north(state, line[0]))
    events = _until(state, "first-facing")
    assert not state.transported(SQUAD) and SQUAD not in state.troops.carried
    assert SQUAD not in state.troops.stage  # no Unloading Turn (our reading)
    assert state.troops.hexes[SQUAD] == line[2] and state.troops.hexes[TRUCK] == line[0]
    [bail] = _notes(events, "[OP XVII.C.6]")
    assert "Bails Out of us.US-MEDIUM-TRUCK.1" in bail.change
    assert _notes(events, "[OP XVII.C.3]")  # then its Panic Movement


# --- [OP XVII.C.7] an immobile panicked Vehicle's crew Bails Out -----------------------------


def test_op_xvii_c_7_the_crew_of_an_immobile_panicked_vehicle_bails_out() -> None:
    """[OP XVII.C.7]: "The crew of a panicked Vehicle unit that cannot move will automatically
    Bail Out": a half-track with Track damage [AG VII.C.1] makes no Panic Movement (no die):
    its crew is placed in its hex and the Vehicle abandoned [ADV IX.A.3], the squad aboard
    Bails Out with it [ADV IX.B.1]; each checks Panic Morale on Bailing Out [OP XVII.B]
    (forced 99 and 98: no effect)."""
    h = _line()[0]
    state = _state(
        [("M3-HALFTRACK", h, 0, ", label: ht"), ("US-INFANTRY-SQUAD", h, 0, ", mounted_on: ht")]
    )
    state.inflict(HALFTRACK, "track")
    morale.panic(state, HALFTRACK, "[OP XVII.E]", "test")
    state.force_dice(99, 98)
    events = _until(state, "first-facing")
    crew = bailout.crew_id(HALFTRACK)
    assert HALFTRACK in state.troops.abandoned and state.troops.hexes[HALFTRACK] == h
    assert state.troops.hexes[crew] == h and state.troops.stage == {SQUAD: 1}
    assert HALFTRACK not in state.morale.panicked  # abandoned (our reading)
    [note] = _notes(events, "[OP XVII.C.7]")
    assert "automatically Bails Out" in note.change
    [bail] = [e for e in events if isinstance(e, BailOut) and e.unit == HALFTRACK]
    assert bail.roll is None and "[OP XVII.C.7" in bail.rule
    checks = [e for e in events if isinstance(e, morale.MoraleCheck)]
    assert [(c.unit, c.why, c.roll) for c in checks] == [
        (crew, "Bailed Out", 99),
        (SQUAD, "Bailed Out", 98),
    ]
    assert not any("Panic Movement" in getattr(e, "purpose", "") for e in events)


# --- [OP XVII.C.8] Down to the ground first --------------------------------------------------


def _upstairs(at: int) -> tuple[ArmorState, list[Hex]]:
    """A US squad (Speed 2) in storey ``at`` of a three-storey Building on the line's first
    hex, panicked."""
    line = _line()
    name = _base().amap.name(line[0])
    overlays = ", ".join(f"{{overlay: brick-building, hex: {name}}}" for _ in range(3))
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], overlays)
    state.storeys.upstairs["us.INFANTRY-SQUAD.1"] = at
    morale.panic(state, "us.INFANTRY-SQUAD.1", "[OP XVII.E]", "test")
    return state, line


def test_op_xvii_c_8_a_panicked_squad_upstairs_comes_down_before_it_leaves_the_hex() -> None:
    """[OP XVII.C.8]: "Units with Panic orders in the upper stories of a Building unit will use
    their movement to reach ground level prior to leaving the hex": from the second storey the
    squad spends 1 SF coming Down [ADV IV.B.2.b], then runs one Clear hex north with the 1 SF
    left (two hexes on the ground)."""
    squad = "us.INFANTRY-SQUAD.1"
    state, line = _upstairs(2)
    state.force_dice(_north(state, line[0]))
    events = _until(state, "first-facing")
    assert state.troops.hexes[squad] == line[1] and squad not in state.storeys.upstairs
    [down] = [e for e in events if isinstance(e, StoreyChanged)]
    assert down.storey == 1
    assert [n.change for n in _notes(events, "[OP XVII.C.8")] == [
        "comes Down 1 storey(s) to storey 1 (1 SF) before leaving the hex"
    ]
    [run] = _notes(events, "[OP XVII.C.3]")
    assert "1 hex(es)" in run.change and "(2 SF)" in run.change


def test_op_xvii_c_8_from_the_third_storey_all_its_movement_goes_down() -> None:
    """[OP XVII.C.8]: from the third storey the squad's 2 SF take it to the ground floor and it
    stays in the hex (it leaves it only with movement left)."""
    squad = "us.INFANTRY-SQUAD.1"
    state, line = _upstairs(3)
    state.force_dice(_north(state, line[0]))
    events = _until(state, "first-facing")
    assert state.troops.hexes[squad] == line[0] and squad not in state.storeys.upstairs
    notes = [n.change for n in _notes(events, "[OP XVII.C.8")]
    assert notes[0] == "comes Down 2 storey(s) to storey 1 (2 SF) before leaving the hex"
    assert not _notes(events, "[OP XVII.C.3]")
