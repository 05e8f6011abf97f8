"""Armor's Terrain Support units [Setup II.D; SCN III.F; ADV V] and Mines [OP IV] in play.

- Set-up [Setup II.D.1-8; SCN III.F]: where each kind may go, a scenario's own listed units on
  their hexes, bought ones where the engine chooses for the owner; none in the Armor Game.
- Movement [ADV V.A.4; V.D]: Block and Ditch closed to Vehicles, Wire closed to Leg units and
  +1 SF for a Vehicle, which removes it; a Leg unit stays a Turn in a Ditch. ``reach`` and the
  preview show it.
- Pillbox and Bunker [AG III.B.4; OP XVII.B.4]: 2 Stacking Factors, Leg units set up inside,
  never Suppressed while inside.
- Mines [OP IV]: Anti-Tank and Anti-personnel attacks with forced dice, the Minefield known and
  the Mines secret.
- Clone, replay and position round trips with Mines and a Pillbox; point-buy scenarios whose
  defender buys Terrain Support played to the end by the heuristic and random bots.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
import yaml
from armor_scenes import plot_rest as _plot
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.bot import MINE_KNOWN, MINE_MAYBE, _mine_risk
from rules.armor.events import Damaged, GpFire, OrderCut, PhaseNote
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityTriggered
from rules.armor.orders import Order
from rules.armor.support.events import MineAttack, MinesLaid, SupportEffect, SupportSetUp
from rules.armor.support.mines import danger
from rules.armor.support.setup import _Placing, edge_ranges
from rules.armor.support.works import Mine
from rules.bots.base import make_bot, play
from rules.engine.actions import Done
from rules.engine.special_rules import not_enforced
from rules.pointbuy.purchase import PurchaseChoice, game_for
from rules.records.position import PositionReader
from rules.registry import load_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (
    position_head("test-armor-support")
    + """
rules: {{level: {level}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
)
PARK = "L3830"
#: A force entry: unit code, hex (None: parked out of the way), compass facing.
Force = tuple[str, Hex | None, int]


@functools.cache
def base() -> ArmorGame:
    """The map the positions are built on."""
    return _game((("M4", None, 0),), (("PZIVJ", None, 0),))


@functools.cache
def _game(
    us: tuple[Force, ...], german: tuple[Force, ...], level: str = "advanced-game", edits: str = ""
) -> ArmorGame:
    def forces(units: tuple[Force, ...]) -> str:
        lines = []
        for code, h, compass in units:
            place = f"{{kind: hex, hex: {PARK}}}"
            if h is not None:
                amap = base().amap
                number = amap.global_to_direction(h, compass)
                place = f"{{kind: hex, hex: {amap.name(h)}, facing: {number}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}}}")
        return "\n".join(lines)

    text = SCENARIO.format(level=level, edits=edits) + two_sides(
        forces(us), forces(german), turns=4
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _line(length: int) -> tuple[Hex, ...]:
    """``length`` Clear hexes in a line going compass 0, each at least 6 hexes range from a
    mapboard side, with no path through them and no Crest between them."""
    game = base()
    edge = edge_ranges(game)
    fits = functools.partial(_open, game, edge)
    return tuple(straight_line(game, length, fits=fits))


def _open(game: ArmorGame, edge: dict[Hex, int], h: Hex) -> bool:
    """Clear, with no road, track or stream through it, 6 or more hexes from a side."""
    eff = game.terrain.effective(h)
    return edge.get(h, 0) >= 6 and eff.terrain == "clear" and not eff.paths


def _to_plot(state: ArmorState) -> None:
    """On to the next Order Plot, nobody doing anything."""
    while not (state.segment.id == "plot" and state.to_act()):
        state.apply(Done(state.to_act()[0]))


def _events(state: ArmorState, kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in state.log if isinstance(e, kind)]


# --- set-up [Setup II.D; SCN III.F] ----------------------------------------------------------


def test_setup_ii_d_each_kind_may_not_go_where_its_section_says() -> None:
    """[Setup II.D.1-8]: Block, Wire, Pillbox and Bunker not in Building or Stream hexes; a
    Ditch not in a Depression; Mines may be in a Stream hex but not a Building; none closer
    than five hexes range from a mapboard side; a Block not with a Wire unit, a Pillbox not with
    a Mine unit, a Mine unit not with a Pillbox (and the other pairs the sections name)."""
    line = _line(6)
    building, stream, depression, clear, other = line[0], line[1], line[2], line[4], line[5]
    names = [base().name(h) for h in line]
    edits = (
        f"{{hexes: [{names[0]}], terrain: wood-building}}, {{hexes: [{names[1]}], terrain: "
        f"stream}}, {{hexes: [{names[2]}], terrain: depression}}"
    )
    game = _game((("M4", None, 0),), (("PZIVJ", None, 0),), edits=edits)
    edge = edge_ranges(game)
    placing = _Placing(game, edge)
    assert "building" in (placing.why_not("block", building) or "")
    assert "[Setup II.D.1]" in (placing.why_not("block", building) or "")
    assert "stream" in (placing.why_not("wire", stream) or "")
    assert placing.why_not("mines", stream) is None  # [Setup II.D.5] names no Stream
    assert "building" in (placing.why_not("mines", building) or "")
    assert "depression" in (placing.why_not("ditch", depression) or "")
    assert placing.why_not("block", depression) is None
    near_edge = next(h for h, r in sorted(edge.items()) if r == 4)
    assert placing.why_not("wire", near_edge) == (
        "closer than 5 hexes range from a mapboard side [Setup II.D.8]"
    )
    assert placing.why_not("wire", clear) is None
    placing.add(game.scenario.sides[1], "wire", 1, "WIRE", clear, "test")
    assert "wire" in (placing.why_not("block", clear) or "")  # [Setup II.D.1]
    assert placing.why_not("mines", clear) is None  # Wire and Mines may share a hex
    placing.add(game.scenario.sides[1], "mines", 1, "MINES", clear, "test")
    assert "mines" in (placing.why_not("pillbox", clear) or "")  # [Setup II.D.6]
    placing.add(game.scenario.sides[1], "pillbox", 1, "PILLBOX", other, "test")
    assert "pillbox" in (placing.why_not("mines", other) or "")  # [Setup II.D.5]
    assert "pillbox" in (placing.why_not("bunker", other) or "")  # [Setup II.D.7]


def test_setup_ii_d_8_a_listed_unit_stands_on_its_hex_or_is_moved_saying_why() -> None:
    """[SCN III.F; Setup II.D.8]: a scenario's own Wire on an allowed hex stands there; one
    listed four hexes from a mapboard side is set up elsewhere, the event saying why."""
    line = _line(3)
    edge = edge_ranges(base())
    near = next(
        h for h, r in sorted(edge.items()) if r == 2 and base().terrain.terrain(h) == "clear"
    )
    game = _game((("M4", None, 0),), (("PZIVJ", None, 0), ("WIRE", line[1], 0), ("WIRE", near, 0)))
    wires = [u for u in game.works.units if u.kind == "wire"]
    assert wires[0].hex == line[1]
    assert wires[1].hex != near and edge[wires[1].hex] >= 5
    said = [e for e in game.support_events if isinstance(e, SupportSetUp)]
    assert "its hex" in said[0].how
    assert f"{base().name(near)} may not hold it" in said[1].how
    assert "[Setup II.D.8]" in said[1].how
    assert all(u.id != "german.WIRE.1" for u in game.deployment.units)  # not a Combat unit


def test_scn_vii_a_5_terrain_support_over_five_hexes_from_the_mapboard_sides() -> None:
    """[SCN VII.A.5; VII.C.5] "Terrain Support units may be placed anywhere on the mapboard over
    five hexes from the mapboard sides": with 3A's and 3C's rule (a ``text`` rule) a Wire listed
    five hexes from a side, where the general rule lets it stand [Setup II.D.8], is set up six
    or more out, the event naming the scenario's rule; the rule is not reported as in words
    only."""
    edge = edge_ranges(base())
    five = next(
        h for h, r in sorted(edge.items()) if r == 5 and base().terrain.terrain(h) == "clear"
    )
    plain = _game((("M4", None, 0),), (("PZIVJ", None, 0), ("WIRE", five, 0)))
    assert [u.hex for u in plain.works.units] == [five]  # [Setup II.D.8]: not closer than five
    rule = (
        'special_rules:\n  - kind: text\n    text: "Terrain Support units may be placed anywhere '
        'on the mapboard over five hexes from the mapboard sides."\n    source: "Armor '
        '[SCN VII.A.5]"\n'
    )
    amap = base().amap
    wire = f"{{unit: WIRE, placement: {{kind: hex, hex: {amap.name(five)}}}}}"
    text = SCENARIO.format(level="advanced-game", edits="") + two_sides(
        f"      - {{unit: M4, placement: {{kind: hex, hex: {PARK}}}}}",
        f"      - {{unit: PZIVJ, placement: {{kind: hex, hex: {PARK}}}}}\n      - {wire}",
        turns=4,
    )
    game = load_game(parse_scenario(text + rule, "over-five.yaml"))
    assert isinstance(game, ArmorGame)
    [unit] = game.works.units
    assert unit.hex != five and edge[unit.hex] >= 6
    [said] = [e for e in game.support_events if isinstance(e, SupportSetUp)]
    assert f"{amap.name(five)} may not hold it (not over 5 hexes from the mapboard sides " in (
        said.how
    )
    assert "[SCN VII.A.5]" in said.how and said.how.endswith("(Armor [SCN VII.A.5])")
    assert not any("over five hexes" in n for n in not_enforced(game.scenario, game.enforces))


def test_setup_ii_d_8_none_is_used_in_the_armor_game() -> None:
    """[Setup II.D.8]: "None of these units is used in the Armor Game": at the Armor Game's
    rule level nothing is set up, and the log and the outcome say so, with the rule."""
    line = _line(3)
    game = _game((("M4", None, 0),), (("PZIVJ", None, 0), ("WIRE", line[1], 0)), "armor-game")
    assert game.works.units == ()
    state = game.new_initial_state(1)
    (note,) = [e.note for e in _events(state, PhaseNote) if e.phase == "Set-up"]
    assert "german WIRE x1: not used in the Armor Game [Setup II.D.8]" in note


# --- movement [ADV V.A.4; ADV V.D] -----------------------------------------------------------


def test_adv_v_d_3_no_vehicle_enters_block_or_ditch_and_leg_units_may() -> None:
    """[ADV V.D.3; CS Vehicle Movement Costs "P"]: a Block or Ditch hex is prohibited to
    Vehicle units; a Leg unit enters either at 1 SF [ADV V.A.1]."""
    line = _line(4)
    game = _game(
        (("M4", line[0], 0), ("US-INFANTRY-SQUAD", line[0], 0)),
        (("PZIVJ", None, 0), ("BLOCK", line[1], 0), ("DITCH", line[1].neighbor(1), 0)),
    )
    state = game.new_initial_state(1)
    tank, squad = "us.M4.1", "us.US-INFANTRY-SQUAD.1"
    assert line[1] not in state.reach(tank) and line[1].neighbor(1) not in state.reach(tank)
    assert line[2] in state.reach(tank)  # around the Block
    assert state.reach(squad)[line[1]] == 1.0
    ditch = line[1].neighbor(1)
    assert state.reach(squad)[ditch] == float(line[0].distance(ditch))  # 1 SF a hex


def test_adv_v_d_2_wire_costs_a_vehicle_one_more_sf_and_the_vehicle_removes_it() -> None:
    """[ADV V.D.2]: a Vehicle enters a Wire hex at one more Speed Factor than the hex costs
    (``reach`` and the preview say so), and the Wire unit is removed when it enters; a Leg unit
    may not enter a Wire hex [ADV V.A.4]."""
    line = _line(4)
    game = _game(
        (("M4", line[0], 0), ("US-INFANTRY-SQUAD", line[0], 0)),
        (("PZIVJ", None, 0), ("WIRE", line[1], 0)),
    )
    state = game.new_initial_state(1)
    tank = "us.M4.1"
    shown = {p.unit: p for p in state.view_for("us").units}
    assert shown["german.WIRE.1"].hex == line[1] and shown["german.WIRE.1"].type_id == "WIRE"
    assert state.reach(tank)[line[1]] == 2.0  # Clear 1 + Wire 1
    assert state.reach(tank)[line[2]] == 3.0
    assert line[1] not in state.reach("us.US-INFANTRY-SQUAD.1")
    order = Order(tank, moves="2")
    preview = state.preview(order)
    assert preview.cost is not None and preview.cost.startswith("3 of")
    assert any("Wire in" in r and "[ADV V.D.2]" in r for r in preview.rules)
    _plot(state, order)
    (removed,) = _events(state, SupportEffect)
    assert "Wire unit german.WIRE.1 is removed" in removed.effect and removed.rule == "[ADV V.D.2]"
    assert state.troops.hexes[tank] == line[2]
    assert state.fieldworks.removed == {"german.WIRE.1"}
    assert "german.WIRE.1" not in {p.unit for p in state.positions()}
    _to_plot(state)
    assert state.reach("us.US-INFANTRY-SQUAD.1")[line[1]] == 1.0  # the Wire is gone


def test_adv_v_a_4_a_leg_unit_must_remain_a_turn_in_the_ditch_it_entered() -> None:
    """[ADV V.A.4]: "Leg units may enter Ditch hexes, but must remain for at least one Turn
    after entering": its move ends in the Ditch, it may not leave on the next Turn, and may on
    the Turn after (our reading)."""
    line = _line(4)
    game = _game(
        (("US-INFANTRY-SQUAD", line[0], 0),),
        (("PZIVJ", None, 0), ("DITCH", line[1], 0)),
    )
    state = game.new_initial_state(1)
    squad = "us.US-INFANTRY-SQUAD.1"
    assert line[2] not in state.reach(squad)  # not through the Ditch this Turn
    _plot(state, Order(squad, moves="1"))
    assert state.troops.hexes[squad] == line[1]
    assert any("must remain in the Ditch" in e.effect for e in _events(state, SupportEffect))
    _to_plot(state)
    assert state.reach(squad) == {}  # Turn 2: held [ADV V.A.4]
    _plot(state)
    _to_plot(state)
    assert line[2] in state.reach(squad)  # Turn 3: free to go


def test_adv_v_a_4_a_leg_unit_must_remain_a_turn_in_a_painted_ditch_hex() -> None:
    """[ADV V.A.4]: "Leg units may enter Ditch hexes, but must remain for at least one Turn
    after entering", said of Ditch hexes: a hex painted Ditch (terrain ``ditch``) holds a Leg
    unit as a Ditch unit does: its move ends there (the preview says so), it may not be given
    a move out on the next Turn, and may on the Turn after (our reading)."""
    line = _line(4)
    ditch = base().amap.name(line[1])
    game = _game(
        (("US-INFANTRY-SQUAD", line[0], 0),),
        (("PZIVJ", None, 0),),
        edits=f"{{hexes: [{ditch}], terrain: ditch}}",
    )
    assert game.terrain.effective(line[1]).terrain == "ditch" and not game.works.units
    state = game.new_initial_state(1)
    squad = "us.US-INFANTRY-SQUAD.1"
    assert state.reach(squad)[line[1]] == 1.0
    assert line[2] not in state.reach(squad)  # not through the Ditch this Turn
    preview = state.preview(Order(squad, moves="1"))
    assert any("must remain in the Ditch" in r and "[ADV V.A.4]" in r for r in preview.rules)
    assert state.why_not_order(Order(squad, moves="2")) is not None
    _plot(state, Order(squad, moves="1"))
    assert state.troops.hexes[squad] == line[1]  # its move ends in the Ditch
    [held] = _events(state, SupportEffect)
    assert "must remain in the Ditch" in held.effect and "[ADV V.A.4]" in held.effect
    _to_plot(state)
    assert state.reach(squad) == {}  # Turn 2: held [ADV V.A.4]
    assert state.why_not_order(Order(squad, moves="1")) is not None
    _plot(state)
    _to_plot(state)
    assert line[2] in state.reach(squad)  # Turn 3: free to go


# --- Pillbox and Bunker [AG III.B.4; OP XVII.B.4] --------------------------------------------


def test_ag_iii_b_4_a_pillbox_is_two_stacking_factors_and_a_squad_inside_is_never_suppressed() -> (
    None
):
    """[AG III.B.4]: a Pillbox is worth 2 Stacking Factors in its hex; a Leg unit set up in its
    hex is inside, and "units inside Pillbox and Bunker units ... cannot be Suppressed"
    [OP XVII.B.4]; once it has moved out it can be."""
    line = _line(4)
    game = _game(
        (("M4", None, 0),),
        (("GE-INFANTRY-SQUAD", line[1], 0), ("PILLBOX", line[1], 0)),
    )
    state = game.new_initial_state(1)
    squad = "german.GE-INFANTRY-SQUAD.1"
    assert game.works.inside == {squad: "german.PILLBOX.1"}
    assert state.stacking(line[1]) == 2 + 2  # the squad's 2 and the Pillbox's 2
    shown = {p.unit: p for p in state.positions()}
    assert "In" in shown[squad].markers and shown["german.PILLBOX.1"].hex == line[1]
    state.inflict(squad, "suppressed")
    assert not state.suppressed(squad)
    assert _events(state, Damaged)[-1].rule == "[OP XVII.B.4]"
    _plot(state, Order(squad, moves="1"))
    assert squad in state.fieldworks.left
    state.inflict(squad, "suppressed")
    assert state.suppressed(squad)


# --- Mines [OP IV] ---------------------------------------------------------------------------


def _mined(us: tuple[Force, ...]) -> ArmorState:
    """A German Mine unit two hexes ahead of the American units on a clear line: its Mines in
    its hex and the six around it (the engine's choice for the owner)."""
    line = _line(6)
    game = _game(us, (("PZIVJ", None, 0), ("MINES", line[3], 0)))
    assert set(game.works.mines) == {line[3], *line[3].neighbors()}
    return game.new_initial_state(1)


def test_op_iv_c_1_a_an_anti_tank_mine_of_50tk_hits_the_track_on_01_to_50() -> None:
    """[OP IV.C.1.a]: "a '50TK' Mine would cause a Track hit if the numbers '01' through '50'
    are rolled": on 50 the Sherman takes a Track hit in the mined hex and stops there; on 51
    it goes on, and the Mines of each mined hex it enters attack it in turn [OP IV.C.1]."""
    line = _line(6)
    tank = "us.M4.1"
    for roll, stops in ((50, True), (51, False)):
        state = _mined((("M4", line[0], 0),))
        state.force_dice(roll, 99, 99)
        _plot(state, Order(tank, moves="4"))
        attacks = _events(state, MineAttack)
        assert attacks[0].hex == base().name(line[2]) and attacks[0].rule == "[OP IV.C.1.a]"
        assert attacks[0].needed == "01-50 a Track hit"
        if stops:
            assert attacks[0].result == "Track hit" and len(attacks) == 1
            assert state.troops.hexes[tank] == line[2] and state.immobile(tank)
        else:
            assert [a.result for a in attacks] == ["no damage"] * 3  # line[2], [3] and [4]
            assert state.troops.hexes[tank] == line[4]
        assert line[2] in state.fieldworks.revealed


def test_op_iv_c_1_a_unit_stopped_by_a_mine_is_still_watched_in_the_hex_it_entered() -> None:
    """[OP IV.C.1; AG VII.F.3]: the Mine Attack is resolved before the movement continues; a
    Panzer IV stopped by a Track hit in the hex it entered has still entered it, so an
    Opportunity Fire order on that hex is triggered, and the order's cut says why."""
    line = _line(6)
    game = _game((("M4", line[0], 0), ("MINES", line[3], 0)), (("PZIVJ", line[5], 3),))
    state = game.new_initial_state(1)
    name = game.name
    state.force_dice(50)
    _plot(state, Order("us.M4.1", opportunity=name(line[4])), Order("german.PZIVJ.1", moves="2"))
    (attack,) = _events(state, MineAttack)
    assert attack.result == "Track hit" and attack.hex == name(line[4])
    (trigger,) = _events(state, OpportunityTriggered)
    assert (trigger.target, trigger.hex, trigger.crossing) == (
        "german.PZIVJ.1",
        name(line[4]),
        False,
    )
    assert state.troops.hexes["german.PZIVJ.1"] == line[4]
    state.apply(Done("us"))  # declined
    (cut,) = [e for e in state.log if isinstance(e, OrderCut) and e.unit == "german.PZIVJ.1"]
    assert "Anti-Tank Mine" in cut.reason
    assert state.troops.hexes["german.PZIVJ.1"] == line[4]


def test_sop_5_op_iv_c_1_an_overruns_movement_meets_the_mines_before_it_goes_on() -> None:
    """[Sequence of Play 5] "Minefield movement (OP) would also have to be resolved before
    movement could continue"; [OP IV.C.1]: the Sherman Overrunning a German squad three hexes
    on is attacked by the Mines of the first mined hex it enters, in the Overrun Phase, after
    the Overrun is announced; a Track hit (50 on a 50TK Mine) stops it there, short of the
    squad: no Defensive or Overrun Fire. (The Overrun's walk is the Movement Execution
    Phase's, :func:`rules.armor.execution.walk_on`, Mines included.)"""
    line = _line(6)
    squad, tank = "german.GE-INFANTRY-SQUAD.1", "us.M4.1"
    game = _game((("M4", line[0], 0),), (("GE-INFANTRY-SQUAD", line[4], 3), ("MINES", line[3], 0)))
    state = game.new_initial_state(1)
    state.force_dice(50)
    events = _plot(state, Order(tank, moves="4", overrun=squad))
    said = [
        e
        for e in events
        if isinstance(e, MineAttack | GpFire)
        or (isinstance(e, PhaseNote) and e.phase == "Overrun Phase")
    ]
    assert isinstance(said[0], PhaseNote) and "Overruns german.GE-INFANTRY-SQUAD.1" in said[0].note
    assert isinstance(said[1], MineAttack) and (said[1].unit, said[1].hex) == (
        tank,
        game.name(line[2]),
    )
    assert said[1].result == "Track hit" and said[1].rule == "[OP IV.C.1.a]"
    assert not [e for e in said if isinstance(e, GpFire)]
    assert state.troops.hexes[tank] == line[2] and squad in state.troops.hexes


def test_op_iv_c_1_b_an_anti_personnel_mine_attacks_as_gp_fire_against_defense_1() -> None:
    """[OP IV.C.1.b]: the Mine's GP Factor (20) against a GP Defense Factor of 1 on the GP Hit
    Table (the 16-20 column): a high roll Knocks Out the squad, which leaves the map; the
    Anti-Tank Mine in the same hex does not attack a Leg unit [OP IV.C]."""
    line = _line(6)
    state = _mined((("US-INFANTRY-SQUAD", line[1], 0),))
    squad = "us.US-INFANTRY-SQUAD.1"
    state.force_dice(99)
    _plot(state, Order(squad, moves="1"))
    (attack,) = _events(state, MineAttack)
    assert attack.mine == "20 GP Anti-personnel" and attack.result == "Knocked Out"
    assert attack.needed.startswith("GP 20 (16-20) against Defense 1")
    assert squad not in state.troops.hexes and squad in state.damage.eliminated


def test_op_iv_c_2_a_squad_unloading_in_a_minefield_hex_is_attacked_by_its_ap_mines() -> None:
    """[OP IV.C.2]: "Leg and/or Towed units which are being Transported on a Vehicle" are not
    attacked, but "units unloading in a Minefield hex will be attacked by Anti-personnel
    Mines": the squad riding the halftrack that stands in the mined hex is attacked when its
    Unloading is completed (99: Knocked Out, as GP fire against Defense 1 [IV.C.1.b]); the
    Anti-Tank Mine there does not attack it; unloaded outside the Minefield, no attack."""
    line = _line(6)
    squad = "us.US-INFANTRY-SQUAD.1"
    riders = (
        ("M3-HALFTRACK, label: ht", line[3], 0),
        ("US-INFANTRY-SQUAD, mounted_on: ht", line[3], 0),
    )
    for where, attacked in ((line[3], True), (line[0], False)):
        us = tuple((code, where, facing) for code, _, facing in riders)
        game = _game(us, (("PZIVJ", None, 0), ("MINES", line[3], 0)))
        state = game.new_initial_state(1)
        assert state.transported(squad)
        state.force_dice(99)
        _plot(state, Order(squad, transfer="U"), Order("us.M3-HALFTRACK.1", transfer="U"))
        attacks = _events(state, MineAttack)
        assert not state.transported(squad)
        if attacked:
            [attack] = attacks
            assert attack.unit == squad and attack.result == "Knocked Out"
            assert attack.mine.endswith("Anti-personnel") and "[OP IV.C.2" in attack.rule
            assert "[OP IV.C.2" in attack.describe()
            assert squad in state.damage.eliminated
        else:
            assert attacks == [] and squad in state.troops.hexes


def test_op_iv_b_the_minefield_is_known_and_the_mines_are_the_owners_secret() -> None:
    """[OP IV.B]: the Mine unit is on the map, so the other side's preview of a move into its
    Minefield warns that Mines may attack; where the Mines are is noted secretly (the event is
    the owner's alone), and the owner's preview names them; an attack tells the moving side
    [OP IV.C.1]."""
    line = _line(6)
    state = _mined((("M4", line[0], 0),))
    shown = {p.unit: p.hex for p in state.view_for("us").units}
    assert shown["german.MINES.1"] == line[3]  # the Mine unit shows the Minefield
    (laid,) = _events(state, MinesLaid)
    assert laid.private_to == "german"
    assert all("Mines in" not in text for text in state.view_for("us").log)
    preview = state.preview(Order("us.M4.1", moves="2"))
    assert any("in the Minefield of Mine unit german.MINES.1" in r for r in preview.rules)
    assert not any("50TK" in r for r in preview.rules)
    risk = [r for r in preview.rules if "[OP IV.B-C]" in r]
    assert len(risk) == 2  # line[1] and line[2] are both within two hexes of the Mine unit
    assert Mine("german", "german.MINES.1", "AT", 50).words() == "50TK Anti-Tank"


def test_op_iv_b_the_bots_weigh_what_their_side_knows_of_a_minefield() -> None:
    """[OP IV.B-C]: the owner knows where its Mines are, the other side only the Minefield
    until an attack reveals a mined hex [OP IV.C.1]; the heuristic bot weighs a move's path by
    that knowledge, so it may avoid known Minefields."""
    line = _line(6)
    state = _mined((("M4", line[0], 0),))
    assert danger(state, "us.M4.1", line[2]) == "maybe"
    assert danger(state, "us.M4.1", line[0]) is None  # outside the Minefield
    assert danger(state, "german.PZIVJ.1", line[2]) == "known"
    far = line[3].neighbor(0).neighbor(0)  # in the Minefield, but no Mine laid there
    assert danger(state, "german.PZIVJ.1", far) is None
    assert _mine_risk(state, Order("us.M4.1", moves="2")) == 2 * MINE_MAYBE
    assert _mine_risk(state, Order("us.M4.1", moves="1")) == MINE_MAYBE
    state.fieldworks.revealed.add(line[2])
    assert danger(state, "us.M4.1", line[2]) == "known"
    assert _mine_risk(state, Order("us.M4.1", moves="2")) == MINE_MAYBE + MINE_KNOWN


# --- round trips and whole games ----------------------------------------------------------------


def test_clone_replay_and_position_round_trip_with_mines_and_a_pillbox() -> None:
    """[OP IV; AG III.B.4]: a game with Mines that attacked, a Wire removed and a squad in a
    Pillbox clones to the same fingerprint, replays from seed and actions to the same one,
    and a position file of it reads back to the same position."""
    line = _line(6)
    game = _game(
        (("M4", line[0], 0),),
        (("GE-INFANTRY-SQUAD", line[5], 3), ("PILLBOX", line[5], 0), ("MINES", line[3], 0)),
    )
    state = game.new_initial_state(3)
    state.force_dice(60, 99)
    _plot(state, Order("us.M4.1", moves="3"))
    assert state.fieldworks.revealed
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    copy.fieldworks.revealed.clear()
    assert copy.fingerprint() != state.fingerprint() and state.fieldworks.revealed
    again = game.new_initial_state(3)
    for action in state.history:
        again.apply(action)
    assert again.fingerprint() == state.fingerprint()
    position = state.to_position()
    assert position.state["support"]["revealed"]
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.fieldworks == state.fieldworks


BOUGHT = ("scenarios/armor/3b-surrounded.yaml", "scenarios/armor/4b-raid.yaml")


@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("path", BOUGHT, ids=lambda p: Path(p).stem)
def test_scn_iii_f_a_defender_that_bought_terrain_support_plays_to_the_end(
    path: str, bot: str
) -> None:
    """[SCN III.D.2.a; SCN III.F]: 3B's and 4B's Defender buys Terrain Support units (at least
    50 and 80 Points), the purchase bot buying both sides, at the Advanced Game's level: the
    units are set up and the bots play the scenario to its end; only the Improved Positions,
    if any were bought, are said not to be set up."""
    data = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    data["rules"] = {**(data.get("rules") or {}), "level": "advanced-game"}
    loaded = parse_scenario(yaml.safe_dump(data, sort_keys=False), path)
    game = game_for(loaded, PurchaseChoice("balanced", 1))
    assert isinstance(game, ArmorGame)
    assert game.works.units, "the defender bought Terrain Support units and they are set up"
    assert all("IMPROVED-POSITION" in why for why in game.works.left_out)
    state = game.new_initial_state(1)
    play(state, {s: make_bot(bot, 1 + i) for i, s in enumerate(game.sides)})
    assert state.is_terminal() and state.outcome() is not None
