"""Armor's Advanced Game, first slice: the Sequence of Play with the Close Assault and Overrun
Phases [ADV II], Leg units on the map (movement [ADV V.A], stacking [AG III.B; ADV V.C.2],
sighting in the SM column [AG IV.C.3]) and GP fire [ADV VI.B] with the GP Hit Table and the
Effects of GP Hits [GC1], forced dice, each step and table cell in the event's description."""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest
from armor_scenes import plot_this_turn as _plot
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import load_scenario, parse_scenario
from rules.armor.buildings import close_assault_defense
from rules.armor.events import Damaged, GpFire, OrderCut, PhaseNote
from rules.armor.fire import aim, sighting_range, target_size, why_not_sighted
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import column, defense, gp_factor, hit_line, uses_gp
from rules.armor.move import enter_cost, fire_limit, turn_cost, walk
from rules.armor.orders import Order
from rules.armor.victory import unit_points
from rules.bots.base import RandomBot, make_bot, play
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"

SCENARIO = (
    position_head("test-armor-advanced")
    + """
rules: {{level: {level}, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
)
#: unit code, hex, compass facing, extra keys
Force = tuple[str, Hex, int, str]
PARK = "L3830"


def _game(
    us: list[Force],
    german: list[Force],
    level: str = "advanced-game",
    edits: str = "",
    options: str = "",
) -> ArmorGame:
    def forces(units: list[Force]) -> str:
        lines = []
        for code, h, compass, extra in units:
            if h == Hex(0, 0):
                place = f"{{kind: hex, hex: {PARK}}}"
            else:
                amap = base().amap
                place = (
                    f"{{kind: hex, hex: {amap.name(h)}, "
                    f"facing: {amap.global_to_direction(h, compass)}}}"
                )
            lines.append(f"      - {{unit: {code}, placement: {place}{extra}}}")
        return "\n".join(lines)

    text = SCENARIO.format(level=level, edits=edits, options=options) + two_sides(
        forces(us), forces(german), turns=3
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def base() -> ArmorGame:
    return _game([("M4", Hex(0, 0), 0, "")], [("PZIVJ", Hex(0, 0), 0, "")], "armor-game")


def _state(us: list[Force], german: list[Force], **kw: str) -> ArmorState:
    state = _game(us, german, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(base(), length)


# --- the Sequence of Play [ADV II] ---------------------------------------------------------------


def test_the_advanced_sequence_adds_close_assault_and_overrun_after_the_order_plot() -> None:
    """[ADV II]: "two new Phases are added ... the Close Assault Phase, which comes right after
    the Order Plot Phase, and the Overrun Phase, which comes right after the Close Assault
    Phase"; the Armor Game's sequence stays as it was; the phases say they had nothing to do."""
    line = _line(3)
    advanced = _state([("M4", line[0], 0, "")], [("PZIVJ", line[2], 3, "")])
    armor = _state([("M4", line[0], 0, "")], [("PZIVJ", line[2], 3, "")], level="armor-game")
    phases = [p.id for p, _ in advanced.game.steps]
    assert list(dict.fromkeys(phases)) == [
        "sighting",
        "order-plot",
        "close-assault",
        "overrun",
        "direct-fire",
        "movement",
        "final-facing",
    ]
    assert advanced.game.advanced and not armor.game.advanced
    assert "close-assault" not in [p.id for p, _ in armor.game.steps]
    events = _plot(advanced)
    notes = [e for e in events if isinstance(e, PhaseNote)]
    assert [n.phase for n in notes] == ["Close Assault Phase", "Overrun Phase"]
    assert "[ADV II; ADV IV.A.1; ADV VII]" in notes[0].describe()
    assert "nothing to resolve" in notes[1].describe()


def test_an_unknown_rule_level_is_refused() -> None:
    with pytest.raises(UnsupportedGameError, match="rule level 'standard'"):
        _game([("M4", Hex(0, 0), 0, "")], [("PZIVJ", Hex(0, 0), 0, "")], level="standard")


# --- Leg units [ADV V.A; AG III.B; AG IV.C.3] --------------------------------------------------


def test_leg_units_pay_one_speed_factor_a_hex_whatever_the_terrain() -> None:
    """[ADV V.A.1-2]: "one Speed Factor per hex entered, regardless of the terrain"; no SF for
    turning; Speed 2; an Infantry unit may fire moving one hex, a Machinegun Team not at all
    [ADV V.A.3]."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, ""), ("US-MG-TEAM", line[1], 0, "")],
        [("PZIVJ", line[3], 3, "")],
        edits=f"{{hexes: [{base().amap.name(line[1])}], terrain: woods}}",
    )
    squad, mg = (state.game.units[u] for u in ("us.INFANTRY-SQUAD.1", "us.US-MG-TEAM.1"))
    movement = state.game.movement
    assert state.game.terrain.terrain(line[1]) == "woods"
    assert enter_cost(movement, squad, line[0], line[1]) == 1  # woods
    assert enter_cost(movement, squad, line[1], line[2]) == 1  # clear
    assert movement.cost("vehicle", line[1], line[0]).cost != 1  # vehicles pay more in woods
    assert turn_cost(squad, 3) == 0 and squad.speed == 2
    cost, on_map = state.game.cost_for(squad), state.game.on_map
    w = walk(squad, line[0], 0, ("R", "L", "F", "F"), cost, on_map)
    assert w.stopped is None and w.spent == 2 and w.hex == line[2]
    assert fire_limit(squad) == 1 and fire_limit(mg) == 0
    assert walk(squad, line[0], 0, ("F", "F"), cost, on_map, fires=True).moved == 1


def test_leg_units_stack_by_their_factors_and_transported_ones_do_not_count() -> None:
    """[AG III.B; ADV V.C.2]: two squads on foot are 4 Stacking Factors; "a Medium Truck unit
    Transporting two Infantry Squad units ... only as the Truck unit's two Stacking Factors";
    a transported unit is sighted with its Vehicle [ADV V.C.4] (the VH column)."""
    line = _line(6)
    state = _state(
        [("M4", line[0], 0, "")],
        [
            ("GE-MEDIUM-TRUCK", line[4], 3, ", label: truck"),
            ("GE-INFANTRY-SQUAD", line[4], 3, ", count: 2, mounted_on: truck"),
            ("GE-INFANTRY-SQUAD", line[5], 3, ", count: 2"),
        ],
    )
    assert state.stacking(line[4]) == 2
    assert state.stacking(line[5]) == 4
    assert target_size(state, "german.GE-INFANTRY-SQUAD.1") == "VH"
    assert target_size(state, "german.GE-INFANTRY-SQUAD.3") == "SM"


def test_a_squad_is_sighted_in_the_sm_column() -> None:
    """[AG IV.C.3; GC2 Sighting Ranges Table, Day Normal]: into Woods a Vehicle is sighted at
    10, a Leg unit (SM) at 3; into Clear 60 and 15."""
    line = _line(8)
    woods = base().amap.name(line[7])
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, "")],
        [("GE-INFANTRY-SQUAD", line[7], 3, "")],
        edits=f"{{hexes: [{woods}], terrain: woods}}",
    )
    assert sighting_range(state, line[0], line[7], "VH") == 10
    assert sighting_range(state, line[0], line[7], "SM") == 3
    assert sighting_range(state, line[0], line[6], "SM") == 15
    why = why_not_sighted(state, "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1")
    assert why is not None and "in its SM column" in why


# --- GP fire [ADV VI.B] --------------------------------------------------------------------------


def test_the_gp_factor_18_reads_the_16_20_column() -> None:
    """[ADV VI.B.3]: "if the GP Factor is '18,' the '16-20' column is used"."""
    assert column(18) == "16-20"
    assert [column(f) for f in (1, 5, 6, 45, 46, 90)] == [
        "1-5",
        "1-5",
        "6-10",
        "41-45",
        "46+",
        "46+",
    ]
    assert hit_line(1, "16-20") == (17, 64, None)  # the printed Defense 1 row [GC1]


def test_gp_fire_at_a_squad_explained_step_by_step() -> None:
    """[ADV VI.B.1-4; GC1 GP Hit Table, Effects of GP Hits]: a US squad fires at a German squad
    4 hexes off, which is ordered to move: the firer's NM GP Factor 25 (placeholder) reads the
    21-25 column, the target's MV GP Defense 1 in Clear (placeholder chart) the book's Defense
    1 row: N 15, S 59; roll 50: Suppressed. Its orders are cancelled for the rest of the Turn and the next
    [ADV IV.D]."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[4], 3, "")])
    us, ge = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"
    assert uses_gp(state, us, ge)
    state.force_dice(50)
    events = _plot(state, Order(us, fire=ge), Order(ge, moves="1"))
    [fire] = [e for e in events if isinstance(e, GpFire)]
    assert (fire.range, fire.firer_orders, fire.gp_factor, fire.column) == (4, "NM", 25, "21-25")
    assert (fire.defense, fire.n, fire.s, fire.roll, fire.result) == (1, 15, 59, 50, "S")
    lines = fire.describe().splitlines()
    assert lines[0].startswith(f"{us} fires GP at {ge}, range 4: Suppressed (suppressed)")
    assert "[ADV VI.B.1]" in lines[1] and "[ADV VI.B.2]" in lines[2]
    assert "column 21-25 [ADV VI.B.3" in lines[3]
    assert "MV in clear [ADV VI.B.4.b]" in lines[4]
    assert "row Defense 1, column 21-25: N 15, S 59" in lines[5]
    assert lines[6] == "roll 50: Suppressed"
    assert "'Any vs. Leg or Towed': suppressed [GC1 Effects of GP Hits]" in lines[7]
    assert "placeholder: Gunnery Table GP Factors not in the text" in lines[8]
    assert any(isinstance(e, OrderCut) and "[ADV IV.D" in e.reason for e in events)
    assert state.troops.hexes[ge] == line[4]  # its move was cancelled
    assert state.damage.suppressed[ge] == 2
    while state.segment.id != "plot":
        state.apply(Done(state.to_act()[0]))
    # no order but Full Cover [ADV IV.C.1; IV.D]
    assert state.order_options(ge) == [Order(ge, cover=True)] and "german" in state.to_act()
    why = state.why_not_order(Order(ge, moves="1")) or ""
    assert "is Suppressed" in why and "[ADV IV.D" in why
    with pytest.raises(IllegalActionError):
        state.apply(Order(ge, moves="1"))


def test_gp_fire_not_moving_uses_nm_factors_and_the_fitted_defense_row() -> None:
    """Both standing: NM GP Factor 25 (the 21-25 column) against NM Defense 2, whose row is a
    named placeholder (N 15+8 = 23, S 59+4 = 63); "00" always Knocks Out [GC1]."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[4], 3, "")])
    us, ge = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"
    assert gp_factor(state, us, 4, moving=False) == 25
    state.force_dice(100)
    events = _plot(state, Order(us, fire=ge))
    [fire] = [e for e in events if isinstance(e, GpFire)]
    assert (fire.column, fire.defense, fire.n, fire.s) == ("21-25", 2, 23, 63)
    assert fire.result == "K" and fire.effects == ("knocked-out",)
    assert "GP Hit Table rows for Defense 2 and up are cut" in (fire.placeholder or "")
    assert ge not in state.troops.hexes and state.damage.eliminated == [ge]
    assert not state.damage.wrecks  # a squad leaves no Wreck
    assert any(isinstance(e, Damaged) and e.unit == ge for e in events)


def test_gp_fire_at_a_vehicle_suppresses_it_with_a_crew_loss() -> None:
    """[ADV VI.B; GC1 Effects of GP Hits]: GP "can be used against Vehicle units": at Close
    Range against an Open Vehicle a Knocked Out result is Suppressed with one crew loss; a
    Suppressed tank fires AP at -5 [GC1 Miscellaneous Modifiers (AP)]. A tank fires AP at a
    tank and GP at a squad."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, ""), ("M4", line[1], 0, "")],
        [("PZIVJ", line[4], 3, "")],
    )
    us, tank = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1"
    assert uses_gp(state, us, tank) and not uses_gp(state, "us.M4.1", tank)
    assert uses_gp(state, tank, us)
    state.force_dice(100)
    events = _plot(state, Order(us, fire=tank))
    [fire] = [e for e in events if isinstance(e, GpFire)]
    assert fire.result == "K" and fire.effects == ("suppressed", "crew")
    assert fire.effects_row.startswith("Close Range Inf, MG")
    assert tank in state.troops.hexes and state.damage.crew_losses[tank] == 1
    assert state.suppressed(tank)
    mods = {m.what: m.value for m in aim(state, tank, "us.M4.1").modifiers}
    assert mods["Firer Suppressed"] == -5


def test_the_armor_game_still_refuses_fire_at_leg_units() -> None:
    """The Armor Game plays vehicles only: AP fire is only at Vehicle units [ADV VI.B]."""
    line = _line(5)
    state = _state(
        [("M4", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[4], 3, "")], level="armor-game"
    )
    why = state.why_not_order(Order("us.M4.1", fire="german.GE-INFANTRY-SQUAD.1"))
    assert why is not None and "AP fire is only at Vehicle units [ADV VI.B]" in why


def test_a_position_keeps_suppressed_and_knocked_out_squads() -> None:
    """A Knocked Out squad leaves no Wreck (our reading) but scores its Total Point Value
    [AG IX.B.1]; a Suppressed one keeps its "S" order to the end of the next Turn [ADV IV.D];
    both survive a position file; the GP shot's preview gives its odds [ADV VI.B]; in the
    Advanced Game a Leg unit pivots without an order, unless Suppressed [ADV V.A.2]."""
    line = _line(5)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, ", count: 2")],
        [("GE-INFANTRY-SQUAD", line[4], 3, ""), ("GE-INFANTRY-SQUAD", line[3], 3, "")],
    )
    us1, us2 = "us.INFANTRY-SQUAD.1", "us.INFANTRY-SQUAD.2"
    ge1, ge2 = "german.GE-INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.2"
    chance = state.preview(Order(us2, fire=ge2)).chances[0]
    assert "NM GP Factor 25 at range 3 (column 21-25) against GP Defense 2" in chance.words
    assert "(Target Information Chart, NM in clear [ADV VI.B.4.b]): N 23, S 63" in chance.words
    assert "as if it stands (NM Defense)" in chance.words  # not the AP Movement Modifiers
    assert chance.effect == pytest.approx(0.77)  # rolls 24-100
    state.force_dice(100, 50)
    _plot(state, Order(us1, fire=ge1), Order(us2, fire=ge2))
    assert state.damage.eliminated == [ge1] and not state.damage.knocked_out
    assert state.damage.suppressed == {ge2: 2}
    assert unit_points(state, ge1)[0] == state.game.units[ge1].points > 0
    assert state.segment.id in ("first-facing", "second-facing")
    assert state.facing_options(us1) and not state.facing_options(ge2)
    position = state.to_position()
    places = {p.id: p for p in position.units}
    assert "knocked-out" in places[ge1].status and places[ge2].values["suppressed_until"] == 2
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.damage.eliminated == [ge1] and back.damage.suppressed == {ge2: 2}


def test_gp_defense_by_terrain_and_as_clear_over_four_stacking_factors() -> None:
    """[ADV VI.B.4.b]: a Leg unit's GP Defense by its orders and the terrain of its hex (the
    Target Information Chart, a placeholder: Woods NM 4); over four Stacking Factors the hex
    is fired at as Clear [AG III.B.1; GC1 GP Fire Modifiers] (NM 2); transported, "1"
    [ADV V.C.5]."""
    line = _line(6)
    woods = f"{{hexes: [{base().amap.name(line[4])}, {base().amap.name(line[5])}], terrain: woods}}"
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, "")],
        [
            ("GE-INFANTRY-SQUAD", line[4], 3, ", count: 2"),
            ("GE-INFANTRY-SQUAD", line[5], 3, ", count: 3"),
        ],
        edits=woods,
    )
    assert state.stacking(line[4]) == 4 and state.stacking(line[5]) == 6
    two = defense(state, "german.GE-INFANTRY-SQUAD.1", moving=False)
    assert two.value == 4 and "NM in woods [ADV VI.B.4.b]" in two.why
    assert defense(state, "german.GE-INFANTRY-SQUAD.1", moving=True).value == 3
    crowd = defense(state, "german.GE-INFANTRY-SQUAD.3", moving=False)
    assert crowd.value == 2 and "over 4 Stacking Factors" in crowd.why


# --- Close Assault [ADV IV.A.1; ADV VII] -----------------------------------------------------


def test_close_assault_orders_only_by_infantry_against_an_adjacent_vehicle() -> None:
    """[ADV IV.A.1.a-c]: only Infantry units (not MG Teams), only against an enemy Vehicle in
    an adjacent hex, and no other orders with it."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", line[0], 0, ""), ("US-MG-TEAM", line[0], 0, "")],
        [("PZIVJ", line[1], 3, ""), ("GE-INFANTRY-SQUAD", line[3], 3, "")],
    )
    squad, mg, tank = "us.INFANTRY-SQUAD.1", "us.US-MG-TEAM.1", "german.PZIVJ.1"
    assert Order(squad, assault=tank) in state.order_options(squad)
    assert not [o for o in state.order_options(mg) if isinstance(o, Order) and o.assault]
    assert "only Infantry units [ADV IV.A.1.a]" in (
        state.why_not_order(Order(mg, assault=tank)) or ""
    ).replace("may be given Close Assault orders ", "")
    far = state.why_not_order(Order(squad, assault="german.GE-INFANTRY-SQUAD.1")) or ""
    assert "only against enemy Vehicle units [ADV IV.A.1.b]" in far
    both = state.why_not_order(Order(squad, assault=tank, moves="1")) or ""
    assert "no other orders [ADV IV.A.1.c]" in both
    assert Order.parse([squad, f"A-{tank}"], "").text() == f"order {squad} A-{tank}"
    shown = state.preview(Order(squad, assault=tank))
    assert shown.legal and state.describe(Order(squad, assault=tank)).startswith("Close Assault")
    armor = _state(
        [("INFANTRY-SQUAD", line[0], 0, "")], [("PZIVJ", line[1], 3, "")], level="armor-game"
    )
    assert "Advanced Game" in (armor.why_not_order(Order(squad, assault=tank)) or "")


def test_close_assault_knocks_out_the_vehicle_with_forced_dice() -> None:
    """[ADV VII.B.1-3]: the Infantry's MV GP Factor at 1-2 hexes (15, placeholder: the 11-15
    column) against the Vehicle's NM Close Assault Defense (it does not move), "10" added to
    the roll for an Open Vehicle; above S it is Knocked Out and leaves a Wreck, the result
    applied to the Vehicle."""
    line = _line(4)
    state = _state([("INFANTRY-SQUAD", line[0], 0, "")], [("PZIVJ", line[1], 3, "")])
    squad, tank = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1"
    defense = close_assault_defense(state.game.units[tank]).value
    n, s, _ = hit_line(defense, "11-15")
    roll = s - 9  # + 10 for the Open Vehicle: one above S
    assert roll >= 1
    state.force_dice(roll)
    events = _plot(state, Order(squad, assault=tank))
    [fight] = [e for e in events if isinstance(e, GpFire)]
    assert (fight.gp_factor, fight.column, fight.defense) == (15, "11-15", defense)
    assert (fight.n, fight.s, fight.roll, fight.modified_roll) == (n, s, roll, s + 1)
    assert fight.result == "K" and fight.effects == ("knocked-out",)
    lines = fight.describe().splitlines()
    assert lines[0].startswith(f"{squad} Close Assaults {tank}, range 1: Knocked Out")
    assert "MV GP Factor 15 (range 1-2 hexes) [ADV VII.B.1]" in lines[1]
    assert "NM Close Assault Defense Factor [ADV VII.B.1]" in lines[4]
    assert f"roll {roll:02d} +10 (Open Vehicle [ADV VII.B.3" in lines[6]
    assert "'Close Assault, Artillery, Bombing, Rockets vs. Vehicle': knocked out" in lines[7]
    assert tank not in state.troops.hexes and state.damage.wrecks == [line[1]]
    notes = [e for e in events if isinstance(e, PhaseNote)]
    assert [n.phase for n in notes] == ["Overrun Phase"]


# --- the demonstration scenario ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bot", "seed"), [("random", 1), ("random", 2), ("heuristic", 1), ("heuristic", 3)]
)
def test_the_advanced_demo_plays_to_the_end(bot: str, seed: int) -> None:
    """scenarios/armor/demo-advanced.yaml: tanks and squads each side, played to the end by
    both bots; GP fire happens, the squads move on foot."""
    game = load_game(load_scenario(SCENARIOS / "demo-advanced.yaml"))
    assert isinstance(game, ArmorGame) and game.advanced
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    play(state, bots)
    assert state.is_terminal() and state.outcome() is not None
    assert any(isinstance(e, GpFire) for e in state.log)
    overrun = [e for e in state.log if isinstance(e, PhaseNote) and e.phase == "Overrun Phase"]
    assert len(overrun) == game.turns
    leg = [u for u, s in game.units.items() if s.leg]
    assert leg and all(game.units[u].speed == 2 for u in leg)
    assert Fraction(1) == fire_limit(game.units[leg[0]])
