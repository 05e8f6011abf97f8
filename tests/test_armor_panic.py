"""Armor's Panic Movement of transported units [OP XVII.C.5], with the Morale option in the
Advanced Game: no Unloading from a panicked Vehicle; forced dice on made positions (the book
prints no worked example)."""

from __future__ import annotations

from armor_scenes import jkl_base as _base
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional import morale
from rules.armor.orders import Order
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
