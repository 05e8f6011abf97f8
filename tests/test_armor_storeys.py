"""Up ("M") and Down ("W") orders: Leg units in the upper storeys of Buildings [ADV IV.B.2],
their level for sight [AG IV.B.1.h(3)], the plot's checks with their reasons, the Movement
Execution Phase, and position files."""

from __future__ import annotations

import pytest
from armor_scenes import jkl_base as _base
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.errors import ProblemList
from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import storeys
from rules.armor.fire import why_not_sighted
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import Order, parse_moves
from rules.armor.storeys import StoreyChanged, final_storey
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-storeys")
    + """
rules: {{level: {level}, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  overlays: [{overlays}]
"""
)
#: unit code, hex, compass facing (and extra keys of the force entry)
Force = tuple[str, Hex, int] | tuple[str, Hex, int, str]
SQUAD, MG, TANK = "us.INFANTRY-SQUAD.1", "us.US-MG-TEAM.1", "german.PZIVJ.1"


def _name(h: Hex) -> str:
    return _base().amap.name(h)


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(_base(), length)


def _buildings(*stacks: tuple[Hex, int], kind: str = "brick-building") -> str:
    return ", ".join(f"{{overlay: {kind}, hex: {_name(h)}}}" for h, n in stacks for _ in range(n))


def _state(
    us: list[Force],
    german: list[Force],
    overlays: str = "",
    level: str = "advanced-game",
    options: str = "",
) -> ArmorState:
    amap = _base().amap

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {f[0]}, placement: {{kind: hex, hex: {amap.name(f[1])}, "
            f"facing: {amap.global_to_direction(f[1], f[2])}}}{f[3] if len(f) > 3 else ''}}}"
            for f in units
        )

    text = SCENARIO.format(level=level, options=options, overlays=overlays) + two_sides(
        forces(us), forces(german), turns=3
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _plot(state: ArmorState, *orders: Order) -> list[object]:
    """Each order, then ``done`` for every side until the next Order Plot."""
    events: list[object] = []
    for order in orders:
        events += state.apply(order)
    turn = state.play.turn
    while state.play.turn == turn and not state.is_terminal():
        events += state.apply(Done(state.to_act()[0]))
    while state.segment.id != "plot" and not state.is_terminal():
        events += state.apply(Done(state.to_act()[0]))
    return events


def _scene() -> tuple[ArmorState, list[Hex]]:
    """A US squad in a three-storey Building, a one-storey Building two hexes on, a German
    Panzer IV on the ground four hexes off (the geometry of the LOS tool's test)."""
    line = _line(5)
    overlays = _buildings((line[0], 3)) + ", " + _buildings((line[2], 1), kind="wood-building")
    state = _state([("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[4], 3)], overlays)
    return state, line


def test_adv_iv_b_2_up_and_down_are_steps_of_the_movement_notation() -> None:
    """[ADV IV.B.2]: "UP ("M") AND DOWN ("W")"; written in the unit's movement notation and
    read back the same."""
    assert parse_moves("1M") == ("F", "M")
    assert parse_moves("W1") == ("W", "F")
    for text in ("order us.INFANTRY-SQUAD.1 MM", "order us.INFANTRY-SQUAD.1 W1"):
        order = _base().parse_action(text)
        assert isinstance(order, Order) and order.text() == text


def test_adv_iv_b_2_a_squad_climbs_to_the_third_storey_and_sees_over_the_building_between() -> None:
    """[ADV IV.B.2; AG IV.B.1.h(3)]: from the ground floor the one-storey Building two hexes on
    blocks the line to the Panzer IV; the squad plots "MM" (1 SF a storey, its Speed 2 [ADV
    IV.B.2.b]) and in the Movement Execution Phase goes up to the third storey, level +2, from
    where the line passes over the Building (level 1) midway. The line is the same both ways;
    the Panzer still does not sight the squad at range 4 in a Building hex (SM: 2 [GC2])."""
    state, line = _scene()
    before = why_not_sighted(state, SQUAD, TANK) or ""
    assert "blocked [AG IV.B]" in before and "levels 0 and 0" in before
    offered = [a.text() for a in state.legal_actions("us") if isinstance(a, Order)]
    assert f"order {SQUAD} M" in offered and f"order {SQUAD} MM" in offered
    assert state.describe(Order(SQUAD, moves="MM")).endswith(
        "ending in storey 3 (+2 level) [ADV IV.B.2]"
    )
    events = _plot(state, Order(SQUAD, moves="MM"))
    [climbed] = [e for e in events if isinstance(e, StoreyChanged)]
    assert climbed.describe() == (
        f"{SQUAD} is now in storey 3 of the Building in {_name(line[0])}: level 2 "
        "[AG IV.B.1.h(3)] [ADV IV.B.2]"
    )
    assert storeys.storey(state, SQUAD) == 3 and storeys.level(state, SQUAD) == 2
    assert state.troops.hexes[SQUAD] == line[0]
    assert why_not_sighted(state, SQUAD, TANK) is None
    back = why_not_sighted(state, TANK, SQUAD) or ""
    assert "blocked" not in back and "gives 2 in its SM column" in back


def test_adv_iv_b_2_the_plot_refuses_what_the_book_forbids_with_reasons() -> None:
    """[ADV IV.B.2.a; AG VII.E.2.g]: only Leg units go upstairs, in a Building of that many
    storeys, never below the first; each storey costs one new hex's SF [IV.B.2.b]; our
    reading: a unit above the first storey comes Down before it leaves the hex."""
    line = _line(5)
    overlays = _buildings((line[0], 2))
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0), ("M4", line[0], 0), ("INFANTRY-SQUAD", line[1], 0)],
        [("PZIVJ", line[4], 3)],
        overlays,
    )
    tank, other = "us.M4.1", "us.INFANTRY-SQUAD.2"
    assert "only Leg units go above the first storey [ADV IV.B.2].a" in (
        state.why_not_order(Order(tank, moves="M")) or ""
    )
    assert "[AG VII.E.2.g]" in (state.why_not_order(Order(tank, moves="M")) or "")
    assert "no multi-storey Building in the hex [ADV IV.B.2]" in (
        state.why_not_order(Order(other, moves="M")) or ""
    )
    assert "has 2 storey(s) and the unit is in the top one" in (
        state.why_not_order(Order(SQUAD, moves="MM")) or ""
    )
    assert "already in the first storey" in (state.why_not_order(Order(SQUAD, moves="W")) or "")
    with pytest.raises(IllegalActionError):
        state.apply(Order(tank, moves="M"))
    # into the Building and up: 2 SF, the Leg unit's Speed
    assert Order(other, moves="RRR1M") in state.order_options(other)
    _plot(state, Order(SQUAD, moves="M"), Order(other, moves="RRR1M"))
    assert storeys.storey(state, SQUAD) == 2 and storeys.storey(state, other) == 2
    leave = state.why_not_order(Order(SQUAD, moves="1")) or ""
    assert "comes Down ('W') before it leaves the hex (our reading" in leave
    assert state.why_not_order(Order(SQUAD, moves="W1")) is None
    assert "exceed 2 SF" in (state.why_not_order(Order(SQUAD, moves="W2")) or "")
    # upstairs, its moves out begin with the Down order
    moves = {a.moves for a in state.order_options(SQUAD) if isinstance(a, Order) and a.moves}
    assert "W" in moves and "W1" in moves and "1" not in moves and "M" not in moves


def test_adv_iv_b_2_b_going_up_counts_as_movement_for_combat() -> None:
    """[ADV IV.B.2.b; V.A.3]: "Going Up or Down counts as movement for Combat purposes": an
    Infantry unit may fire and go up one storey (as one hex), a Machinegun Team may not, and
    the storey counts as a hex ordered (the Movement Modifier's column)."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[2], 3)], _buildings((line[0], 2))
    )
    assert state.why_not_order(Order(SQUAD, fire=TANK, moves="M")) is None
    assert "exceed 1 SF" in (state.why_not_order(Order(SQUAD, fire=TANK, moves="MW")) or "")
    state.apply(Order(SQUAD, moves="M"))
    assert state.hexes_ordered(SQUAD) == 1
    mg = _state([("US-MG-TEAM", line[0], 0)], [("PZIVJ", line[2], 3)], _buildings((line[0], 2)))
    why = mg.why_not_order(Order(MG, fire=TANK, moves="M")) or ""
    assert "exceed 0 SF" in why


def test_adv_iv_b_2_a_unit_that_leaves_the_building_is_on_the_ground() -> None:
    """[ADV IV.B.2]: "W1" from the second storey: down (1 SF), out one hex (1 SF); its storey is
    the first again, and so is its level."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[4], 3)], _buildings((line[0], 2))
    )
    _plot(state, Order(SQUAD, moves="M"))
    assert storeys.storey(state, SQUAD) == 2
    events = _plot(state, Order(SQUAD, moves="W1"))
    assert state.troops.hexes[SQUAD] == line[1] and storeys.storey(state, SQUAD) == 1
    assert state.storeys.upstairs == {}
    assert any(isinstance(e, StoreyChanged) and e.storey == 1 for e in events)


@pytest.mark.parametrize(
    ("start", "notation", "entered", "stopped", "expected"),
    [
        (1, "MM", 0, False, 3),
        (3, "W", 0, False, 2),
        (1, "1M", 1, False, 2),
        (1, "1M", 1, True, 1),  # stopped in the hex by Opportunity Fire: the rest erased
        (2, "W1", 0, True, 1),  # stopped crossing the hexside: it had come down
        (2, "W1", 1, False, 1),
    ],
)
def test_adv_iv_b_2_an_order_cut_short_loses_its_later_storeys(
    start: int, notation: str, entered: int, stopped: bool, expected: int
) -> None:
    """Our reading, as [AG VII.F.4]'s "ends its move in the hex where it was hit": the Up and
    Down steps before the first hex not entered are made, those after the last hex are lost
    when the order is cut."""
    assert final_storey(start, parse_moves(notation), entered, stopped) == expected


def test_adv_iv_b_2_the_storey_is_kept_in_a_position_file() -> None:
    """A position file keeps the storey (``values: {storey: 3}``) and reads it back to the same
    fingerprint; a storey the Building lacks, or a Vehicle upstairs, is refused with where."""
    state, _ = _scene()
    _plot(state, Order(SQUAD, moves="MM"))
    position = state.to_position()
    [place] = [p for p in position.units if p.id == SQUAD]
    assert place.values["storey"] == 3
    again = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(again, ArmorState)
    assert storeys.storey(again, SQUAD) == 3
    assert again.position_fingerprint() == state.position_fingerprint()
    too_high = position.model_copy(deep=True)
    for p in too_high.units:
        if p.id == TANK:
            p.values["storey"] = 2
    reader = PositionReader(state.game, too_high, None)
    with pytest.raises(ProblemList, match="only Leg units go above the first storey"):
        state.game.state_from_position(too_high, reader)
    no_such = position.model_copy(deep=True)
    for p in no_such.units:
        if p.id == SQUAD:
            p.values["storey"] = 4
    reader = PositionReader(state.game, no_such, None)
    with pytest.raises(ProblemList, match=r"a Building of 3 storey\(s\)"):
        state.game.state_from_position(no_such, reader)


def test_adv_iv_b_2_c_snow_does_not_slow_a_squad_going_upstairs() -> None:
    """[ADV IV.B.2.c; OP VIII.A]: "Weather (Snow or Mud) does not reduce the Speed Factors of
    units moving from story to story - the Speed Factor remains '2,' as they are indoors": in
    Snow the squad's Speed is 1 (its weather Speed), yet it climbs two storeys; an order that
    also moves through a hex is out of doors (our reading)."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0), ("INFANTRY-SQUAD", line[1], 3)],
        [("PZIVJ", line[4], 3)],
        _buildings((line[0], 3)),
        level="advanced-game, weather: snow",
    )
    other = "us.INFANTRY-SQUAD.2"
    assert state.game.units[SQUAD].speed == 1
    assert state.why_not_order(Order(SQUAD, moves="MM")) is None
    assert Order(SQUAD, moves="MM") in state.order_options(SQUAD)
    assert "exceed 1 SF" in (state.why_not_order(Order(other, moves="1M")) or "")
    _plot(state, Order(SQUAD, moves="MM"))
    assert storeys.storey(state, SQUAD) == 3


def test_adv_iv_b_2_test_play_lays_a_move_from_upstairs_with_its_down_order() -> None:
    """Test Play through the State API: from the second storey the squad's reach is the hexes
    it can enter after coming Down (1 SF left), and a clicked path is written "W1" [ADV
    IV.B.2]; the order's focus and preview are those of the walk."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[4], 3)], _buildings((line[0], 2))
    )
    assert set(state.reach(SQUAD)) >= {line[1]} and line[2] in state.reach(SQUAD)
    _plot(state, Order(SQUAD, moves="M"))
    reach = state.reach(SQUAD)
    assert line[1] in reach and line[2] not in reach
    order = state.route(SQUAD, [line[1]])
    assert order == Order(SQUAD, moves="W1")
    assert state.preview(order).legal
    assert state.concerns(order).path[-1] == line[1]
