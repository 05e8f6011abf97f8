"""Armor: every worked and numbered example of the book, indexed (issue 14).

Every example of the Armor rulebook (each passage it calls an example, each "for example" or
"i.e." with numbers or a notation) is in one of three lists: reproduced here, with forced dice
where dice matter and its section cited; reproduced by a named test elsewhere; or named with
the reason it cannot be. The sections are the book's; its text is not in the repository.

Reproduced here:

- [Intro III.G] the Cromwell units serve Data Cards 105 and 106 (the catalogue's Cromwell C/S
  is drawn with the CROMWELL counter).
- [Intro IV RADIO] "4/10" means four units out of ten have a Radio (our reading: the first four
  of every ten in the numbering), a Squad card's "2/10" over twelve Squads.
- [AG IV.B.1.h] a Vehicle in a Woods hex stays at Level 0.
- [AG IV.C.3] the Block in Scrub: a Squad there is sighted at Block's 4 (SM), not Scrub's 5; and
  mixed terrain with overlay units (an Alley unit on Rough, a Woods unit on Rough).
- [AG V.A.2.a-b; V.A.3.b] "F-700", "N-1802", "RR"; [AG V.B.1.a] the Turn Cost "0-1-2".
- [AG VI.B.1] the "M4A3 (119)" at range 14 reads the 13-14 column: AP Factor 14, Penetration 11.
- [ADV IV.A.1-2] Close Assault "A-703" and Overrun "K-19-RR3".
- [ADV IV.E.2] "(UH)F-19": the Upper Hull machinegun's own Direct Fire order.
- [OP II.D.2] Called Artillery Fire Scatters on "01-40" (40 and a "27": direction 2; 41 stays).
- [OP II.F.3] Indirect Fire "H1504": written "H" and the hex, the Impact placed there.
- [OP XXIV.A.2] a Rate of Fire "1-2" expends one Ammunition Factor Slow, two Rapid.
- [OP XXIV.C.1] Fuel rolls "0" ("10"), "6" and "8": 24 Fuel Factors.

Reproduced elsewhere:

- [Intro III.A] the unnumbered hex between J1511 and K3723 is J1512 or K3724: test_layout.py
  ``test_seam_hex_has_both_names_and_the_earliest_letter_is_canonical``.
- [Setup II.B] the staggered join "K3813-J3801, J1412-L1436": test_layout.py
  ``test_book_staggered_notation_builds_and_prints_itself``.
- [AG IV.C.7] a Firefly (Open) sights a Panther in Rough at 15: test_armor_engine.py
  ``test_sighting_example_rough_fifteen_hexes``.
- [AG V.B.1.b] Clear costs 1 SF, Scrub 2: test_armor_engine.py
  ``test_map_costs_match_the_vehicle_movement_costs_chart``.
- [AG V.C.1-6] the six STG IIIG/75 sample notations: test_armor_engine.py
  ``test_sample_command_sheet_notations`` and ``test_scrub_clear_turn_road_example``; the
  same orders written by clicking their path: test_armor_testplay.py
  ``test_the_sample_notations_are_the_paths_clicked``.
- [AG VI.C] the Direct Fire Examples (Sherman 874, PZIV 858 and 859: Hit Numbers 58 and 65,
  the TS and GM hits, the turret compartment): test_armor_engine.py
  ``test_direct_fire_examples_reproduced_with_forced_dice`` and
  ``test_two_hits_on_a_roll_of_01_to_08``; their ranges of 7 by the Range Scale:
  test_armor_fire_faults.py ``test_the_direct_fire_examples_ranges_are_seven_on_section_l``;
  the Hit Numbers in the table: test_book_values.py
  ``test_armor_ap_hit_table_printed_row_and_worked_examples``.
- [AG VIII.A.2] the Flammen III's Turret Turn "2": the catalogue (``turret_turn`` of
  FLAMMEN-III, source-cited); turrets turned within it: test_armor_engine.py
  ``test_final_facing_pivot_and_turret``.
- [ADV IV.A.2] "K-19-RR3" also: test_armor_overrun.py
  ``test_overrun_order_is_written_as_the_book_writes_it``.
- [ADV IV.B.1.d] "a "D" would reverse an "U" order": test_armor_transport.py
  ``test_a_d_reverses_a_u_half_way``.
- [ADV V.C.2] a Medium Truck carrying two squads counts 2 Stacking Factors, not 6:
  test_armor_move_faults.py ``test_transported_units_do_not_count_towards_stacking``.
- [ADV IV.E.2] "(UH)F-19" also, fired with forced dice: test_armor_machineguns.py
  ``test_the_machinegun_order_is_written_as_the_book_writes_it`` and
  ``test_a_uh_machinegun_fires_gp_at_infantry_with_its_mg_factor``.
- [ADV VI.B.3] a GP Factor of "18" reads the "16-20" column: test_armor_advanced.py
  ``test_the_gp_factor_18_reads_the_16_20_column``.
- [ADV VI.C.2] the "(UH)" notation, the Upper Hull machinegun destroyed by a hit that fails to
  penetrate (kept as ``uh-mg-lost``): test_armor_overrun.py
  ``test_a_non_penetrating_uh_hit_destroys_the_upper_hull_machinegun``.
- [OP II.A.2.b] a Medium Battery's Delay of two Turns, plotted on Turn 3, Impacts on Turn 5:
  test_armor_indirect.py ``test_designated_fire_impacts_after_the_delay_op_ii_a_2_b``.
- [OP II.D.2.b] a Scatter roll of "27" moves the Impact unit in direction "2":
  test_armor_indirect.py
  ``test_scatter_uses_the_scatter_diagram_the_books_27_is_direction_2_op_ii_d_2_b``.
- [OP IV.C.1.a] a "50TK" Mine makes a Track hit on "01" through "50": test_armor_support.py
  ``test_op_iv_c_1_a_an_anti_tank_mine_of_50tk_hits_the_track_on_01_to_50``.
- [OP XXIV.B.3] the M4 Sherman's 24 Ammunition Factors: test_armor_optional.py
  ``test_op_xxiv_a_each_shot_expends_an_ammunition_factor_until_the_gun_is_empty``.
- [SCN IV.B] 200 Points at the start, 100 VP gained: 50: test_armor_victory.py
  ``test_the_books_percentage_example_200_points_100_vp_is_50``.

Examples with no test, and why:

- [AG III.A] the white "6" and coloured "7" read as "67": a description of the components;
  the engine rolls one number from 1 to 100 ("00" the highest), the same numbers, forced in
  AG III.A's tests as the book rolls them.
- [ADV III.A-C] the Command Sheet identifications "40mm AA 215", "PAK" and "FLAK", "1/2
  Armored B15", "MG" and "Mort": units are named by the scenario's game ids, their type and
  size read from the catalogue and the force entry; the sheet's text is not kept.
- [ADV IV.E.3] "(B)F-865": PIATs, Bazookas, Panzerfausts and Panzerschrecks are not played.
- [OP II.E.3] the Mortar's "F2105" and [OP II.F.4.b(1)] its doubled Scatter ("01-30" to
  "01-60", Continuous "01-20"): Mortar Teams are not played (their cards' Scatter numbers and
  Gunnery Tables are not in the text).
- [OP IX.A.2] "CS1112", Called Artillery Fire using Smoke: firing Smoke is not played (Smoke
  on the map is, [OP IX.A.5]).
- [OP X.C.1] five hexes of sighting per elevation level: pending, the Optional Sighting Rules
  are another branch's work (Limited Intelligence [OP X]).
- [OP XIV.B.1.a] and [OP XIV.B.2] a Headquarters and another Formation, orders plotted a Turn
  ahead: Organization and Command Control are not played.
- [OP XVII.B.1] Crack units panic on "01-20": Morale and Panic are not played.
- [OP XXII.A] a German Turret unit on a captured M4: Captured Equipment is not played.
- [OP XXIV.B.3] the M4's 24 Factors divided between AP, GP and Smoke shots: the Ammunition
  Allotment by type is not played (the 24 is, above).
- [OP XXV.E.1.b] the Culin Device's "01-20 Move": Special Vehicle units are not played.
- [OP XXXI.A.2.a(2)] and [(4)] the Paratroop Scatter ("2" and "8": directions 2 and 5; "17"
  and "31": 2 and 4 hexes) and [OP XXXI.B.2.a] the Glider entry diagram: Airborne Operations
  are not played.
- [SCN IX] a quarter of both sides' Points in terrain objectives is advice to designers; the
  editor's checks could weigh it, the engine has nothing to play.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest

from model import edits
from model.hexes import Hex
from model.scenario_io import dump_scenario, load_scenario, parse_scenario
from model.scenario_map import OverlayPlacement
from rules.armor.cards import column, gun_of
from rules.armor.fire import level, sighting_range, why_not_sighted
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.move import walk
from rules.armor.orders import Order, parse_moves
from rules.armor.range import range_between
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"

CARDS = """
schema_version: 1
id: test-armor-examples
title: The Armor book's examples
system: armor
original: true
rules: {level: armor-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M5A1, placement: {kind: hex, hex: L4032, facing: 6}}
      - {unit: M4, placement: {kind: hex, hex: L4031, facing: 6}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: STGIIIG-75, placement: {kind: hex, hex: L3328, facing: 3}}
length: {turns: 2}
victory:
  scoring: most-vp
  conditions:
    - {kind: enemy-losses, side: us, award: {per: unit-value}}
    - {kind: enemy-losses, side: german, award: {per: unit-value}}
"""


@functools.cache
def cards() -> ArmorGame:
    game = load_game(parse_scenario(CARDS, "examples.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _unit(type_id: str) -> str:
    return next(u for u, spec in cards().units.items() if spec.type_id == type_id)


# --- [AG VI.B.1] -------------------------------------------------------------------------------


def test_the_m4a3_card_119_at_range_14_reads_the_13_14_column() -> None:
    """[AG VI.B.1]: "on the M4A3 Data Card (119), if the range is "14" (use the "13-14"
    column), the AP Factor is "14", and the Penetration is "11"" (card 119 is the M5A1 in the
    Data Card Listing); ranges 13 and 14 are one column."""
    game = cards()
    gun = gun_of(game.units[_unit("M5A1")], "us")
    assert gun is not None
    assert (gun.ap_factor(14), gun.penetration(14)) == (14, 11)
    assert (gun.ap_factor(13), gun.penetration(13)) == (14, 11)
    assert column(13) == column(14) == 13 and column(7) == 7 and column(8) == 7


def test_every_gun_reads_one_value_per_column() -> None:
    """[AG VI.B.1]: a value is read from the range's column, so both ranges of a column give the
    same AP Factor and Penetration, for every gun of the catalogue's units."""
    game = cards()
    for spec in game.units.values():
        gun = gun_of(spec, "us")
        assert gun is not None
        for first in range(1, 48, 2):
            assert gun.ap_factor(first) == gun.ap_factor(first + 1)
            assert gun.penetration(first) == gun.penetration(first + 1)


# --- [AG V.A-B] --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fire", "opportunity", "moves"),
    [
        ("F-{target}", "{target}", None, ""),  # [AG V.A.2.a] "F-700"
        ("N-{hex}", None, "{hex}", ""),  # [AG V.A.2.b] "N-1802"
        ("RR", None, None, "RR"),  # [AG V.A.3.b] two turns to the right
    ],
)
def test_the_books_order_notations(
    text: str, fire: str | None, opportunity: str | None, moves: str
) -> None:
    """[AG V.A.2-3]: "F" and an enemy unit, "N" and a hex, "L" and "R" repeated, as the Command
    Sheet writes them, are the engine's orders (the unit ids are the scenario's)."""
    game = cards()
    stug, hex_name = _unit("STGIIIG-75"), game.name(game.hex_named("L3328").neighbor(0))
    words = {"target": stug, "hex": hex_name}
    order = game.parse_action(f"order {_unit('M4')} {text.format(**words)}")
    assert isinstance(order, Order)
    assert order.fire == (fire.format(**words) if fire else None)
    assert order.opportunity == (opportunity.format(**words) if opportunity else None)
    assert order.moves == moves


@pytest.mark.parametrize(("turns", "cost"), [("R", 0), ("RR", 1), ("RRR", 2), ("LLL", 2)])
def test_turn_cost_0_1_2(turns: str, cost: int) -> None:
    """[AG V.B.1.a]: a Turn Cost of "0-1-2" turns one hexside for 0 SF, two for 1, three for
    2; then one hex of Clear costs 1 and the next hex starts over."""
    game = cards()
    stug = game.units[_unit("STGIIIG-75")]
    assert stug.turn_costs == (Fraction(0), Fraction(1), Fraction(2))
    w = walk(
        stug, Hex(0, 0), 0, parse_moves(f"{turns}1R1"), lambda a, b: Fraction(1), lambda h: True
    )
    assert w.stopped is None
    assert w.spent == cost + 1 + 0 + 1


# --- [AG IV] -----------------------------------------------------------------------------------


def _with_overlays(placements: dict[str, str], **options: str) -> ArmorState:
    """1A's table with overlay units added (hex name: overlay id) and terrain options."""
    scenario = load_scenario(SCENARIOS / "1a-spearheads.yaml").scenario
    chosen = {**scenario.map.terrain_options, **options}
    scenario = scenario.model_copy(
        update={"map": scenario.map.model_copy(update={"terrain_options": chosen})}
    )
    for hex_name, overlay in placements.items():
        scenario = edits.add_overlay(scenario, OverlayPlacement(overlay=overlay, hex=hex_name))
    state = load_game(parse_scenario(dump_scenario(scenario))).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _bare(state: ArmorState, kind: str) -> Hex:
    """The hex of ``kind`` at level 0 with no overlay nearest the middle of section K."""
    terrain, middle = state.game.terrain, state.game.hex_named("K2018")
    return min(
        (
            h
            for h in terrain.hexes()
            if terrain.terrain(h) == kind
            and terrain.ground(h) == 0
            and not terrain.overlays.kinds(h)
        ),
        key=lambda h: (h.distance(middle), h),
    )


def test_mixed_terrain_reads_the_smaller_ranges() -> None:
    """[AG IV.C.3]: "If the terrain in the target hex is mixed, use the type of terrain that
    lists the smallest ranges" (the book's Block in Scrub): an Alley unit (20 for a vehicle)
    laid on Rough (15) is sighted at 15, on Clear (60) at 20; a Woods unit (10) on Rough at
    10."""
    plain = _with_overlays({})
    rough, clear = _bare(plain, "rough"), _bare(plain, "clear")
    name = plain.game.name
    far = max(sorted(plain.game.terrain.hexes()), key=rough.distance)  # the sighter
    alleys = {"alleys": "alley"}  # the Optional Rule's Alley units, not Buildings [OP XXVII.D]
    mixed = _with_overlays({name(rough): "alley", name(clear): "alley"}, **alleys)
    assert mixed.game.terrain.mixed(rough) == ("alley", "rough")
    assert sighting_range(plain, far, rough) == 15
    assert sighting_range(mixed, far, rough) == 15  # Rough's, not the Alley's 20
    assert sighting_range(mixed, far, clear) == 20  # the Alley's, not Clear's 60
    woods = _with_overlays({name(rough): "woods-57"})
    assert sighting_range(woods, far, rough) == 10


def test_a_vehicle_in_woods_stays_at_level_0() -> None:
    """[AG IV.B.1.h]: "a Woods unit is placed on Level 0 hexes. A Vehicle unit that enters these
    Woods hexes is considered to be at Level 0 elevation, not at Level +3 elevation"."""
    plain = _with_overlays({})
    clear = _bare(plain, "clear")
    woods = _with_overlays({plain.game.name(clear): "woods-57"})
    assert woods.game.terrain.terrain(clear) == "woods"
    assert level(woods.game, clear) == 0


# --- [AG IV.C.3] the Block in Scrub ------------------------------------------------------------


def test_a_block_unit_in_a_scrub_hex_is_sighted_at_the_block_ranges() -> None:
    """[AG IV.C.3]: "if a Block unit is placed in a Scrub hex, the ranges listed under Block
    would be used as they are smaller": a German squad in a Scrub hex with a Block Terrain
    Support unit is sighted at 4 (Block, SM), not Scrub's 5, and an LG target at 6, not 8 [GC2
    Sighting Ranges Table, Day Normal]; without the Block unit the hex reads Scrub's."""
    from test_armor_support import _game as support_game
    from test_armor_support import base as support_base
    from test_armor_support import edge_ranges

    plain = support_base()
    edge, terrain = edge_ranges(plain), plain.terrain
    scrub = min(
        h
        for h in terrain.hexes()
        if terrain.terrain(h) == "scrub"
        and terrain.ground(h) == 0
        and not terrain.overlays.kinds(h)
        and edge.get(h, 0) >= 6
    )
    game = support_game((("M4", None, 0),), (("GE-INFANTRY-SQUAD", scrub, 0), ("BLOCK", scrub, 0)))
    assert [u.kind for u in game.works.at(scrub)] == ["block"]  # set up on its hex
    bare = support_game((("M4", None, 0),), (("GE-INFANTRY-SQUAD", scrub, 0),))
    state, before = game.new_initial_state(1), bare.new_initial_state(1)
    assert isinstance(state, ArmorState) and isinstance(before, ArmorState)
    far = max(sorted(terrain.hexes()), key=scrub.distance)
    assert (sighting_range(before, far, scrub, "SM"), sighting_range(before, far, scrub, "LG")) == (
        5,
        8,
    )
    assert (sighting_range(state, far, scrub, "SM"), sighting_range(state, far, scrub, "LG")) == (
        4,
        6,
    )
    # an M4 with a clear line of sight at range 5 sights the squad without the Block, not with it
    tank, squad = "us.M4.1", "german.GE-INFANTRY-SQUAD.1"
    at = min(
        h
        for h in sorted(terrain.hexes())
        if range_between(h, scrub) == 5 and state.game.los(h, scrub).verdict != "blocked"
    )
    state.troops.hexes[tank] = before.troops.hexes[tank] = at
    assert why_not_sighted(before, tank, squad) is None
    why = why_not_sighted(state, tank, squad) or ""
    assert "gives 4 in its SM column (a Block unit" in why and "[AG IV.C.3]" in why


# --- [ADV IV.A] --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "assault", "overrun", "moves"),
    [
        ("A-{target}", "{target}", None, ""),  # [ADV IV.A.1] "A-703"
        ("K-{target}-RR3", None, "{target}", "RR3"),  # [ADV IV.A.2] "K-19-RR3"
    ],
)
def test_the_advanced_combat_order_notations(
    text: str, assault: str | None, overrun: str | None, moves: str
) -> None:
    """[ADV IV.A.1]: ""A-703" is an order to use Close Assault Combat against enemy unit 703";
    [ADV IV.A.2]: ""K-19-RR3" is an order to Overrun enemy unit 19 while moving RR3": the
    engine's orders, written back as read (the unit ids are the scenario's)."""
    game = cards()
    target = _unit("STGIIIG-75")
    written = f"order {_unit('M4')} {text.format(target=target)}"
    order = game.parse_action(written)
    assert isinstance(order, Order)
    assert order.assault == (assault.format(target=target) if assault else None)
    assert order.overrun == (overrun.format(target=target) if overrun else None)
    assert (order.moves, order.fire, order.text()) == (moves, None, written)


def test_the_upper_hull_machinegun_fire_notation() -> None:
    """[ADV IV.E.2]: "the notation "(UH)F-19" orders the Upper Hull machinegun to use Direct
    Fire on enemy unit 19": the engine's order names the mount and the enemy unit (the
    scenario's id for "19"), written back as read; alone, the main gun has no order."""
    game = cards()
    target = _unit("STGIIIG-75")
    written = f"order {_unit('M4')} (UH)F-{target}"
    order = game.parse_action(written)
    assert isinstance(order, Order)
    assert (order.mg, order.fire, order.moves, order.text()) == (
        (("UH", target),),
        None,
        "",
        written,
    )


# --- [OP II] Artillery and Indirect Fire ------------------------------------------------------


def test_called_artillery_fire_scatters_on_01_to_40() -> None:
    """[OP II.D.2]: "the Scatter numbers for Called Artillery Fire are "01-40"" (every Battery's
    [GC2 Artillery Tables]): Called fire plotted on Turn 1 (the Medium Called Delay, 3 Turns)
    Impacts on Turn 4; a roll of 40 moves the Impact unit ("27": direction 2 [OP II.D.2.b]),
    a 41 leaves it in the hex plotted."""
    from test_armor_indirect import _barrage, _to
    from test_armor_indirect import _game as artillery_game

    from rules.armor.indirect.events import ArtilleryImpact
    from rules.armor.indirect.plots import ArtilleryPlot

    items = ("ARTILLERY-LIGHT", "ARTILLERY-MEDIUM", "ARTILLERY-HEAVY")
    three = artillery_game(
        (("M4", "K1716"),), (("PZIVJ", "J2108"),), {"purchases": [{"item": i} for i in items]}
    )
    assert [b.scatter["C"] for b in three.batteries.values()] == [40, 40, 40]
    battery = "us.ARTILLERY-MEDIUM.1"
    for dice, moved in (((40, 27), True), ((41,), False)):
        state, _, near = _barrage()
        name = state.game.name
        state.apply(ArtilleryPlot(battery, "C", name(near)))
        _to(state, 4)
        state.force_dice(*dice)
        _to(state, 4, "artillery-impact")
        [impact] = [e for e in state.log if isinstance(e, ArtilleryImpact)]
        assert (impact.scatter_on, impact.roll) == (40, dice[0])
        there = near.neighbor(state.game.amap.direction_to_global(near, 2)) if moved else near
        assert (impact.direction, impact.impact) == ((2 if moved else None), name(there))


def test_indirect_fire_is_written_h_and_the_target_hex() -> None:
    """[OP II.F.3]: "the notation "H1504" indicates orders to use Indirect Fire against hex
    1504": the ``indirect UNIT HEX`` action goes on the owner's Command Sheet as "H" and the
    hex (the engine's hex ids carry their section's letter), and the Artillery Impact unit is
    placed in that hex [OP II.F.4.a] (a 71 is over the Scatter numbers, 01-70 [F.4.b(2)])."""
    from test_armor_indirect import _howitzer, _to

    from rules.armor.indirect.events import ArtilleryImpact, ArtilleryPlotted
    from rules.armor.indirect.howitzers import IndirectFire

    state, target = _howitzer()
    hex_id = state.game.name(target)
    state.apply(IndirectFire("german.STGIIIG-105.1", hex_id))
    [plotted] = [e for e in state.log if isinstance(e, ArtilleryPlotted)]
    assert (plotted.notation, plotted.private_to) == (f"H{hex_id}", "german")
    state.force_dice(71)
    _to(state, 1, "artillery-impact")
    [impact] = [e for e in state.log if isinstance(e, ArtilleryImpact)]
    assert (impact.notation, impact.roll, impact.impact) == (f"H{hex_id}", 71, hex_id)


# --- [OP XXIV] Limited Ammunition and Fuel -----------------------------------------------------


def test_a_rate_of_fire_1_2_expends_one_slow_and_two_rapid() -> None:
    """[OP XXIV.A.2]: "a unit with a Rate of Fire of "1-2" expends one Ammunition Factor when
    firing at its Slow Rate of Fire, and two Ammunition Factors when firing at its Rapid Rate
    of Fire": the M4 (1-2, its 24 Ammunition Factors [OP XXIV.B.3]) fires while it moves a hex
    (Slow) and spends one, standing at Short Range (Rapid) and spends two."""
    from test_armor_optional import _fire, _line, _state

    from rules.armor.events import ApFire
    from rules.armor.optional import supply

    m4, panzer = "us.M4.1", "german.PZIVJ.1"
    line = _line(5)
    for moves, shots in (("1", 1), ("", 2)):
        state = _state([("M4", line[0], 0)], [("PZIVJ", line[4], 3)], options="limited-ammunition")
        spec = state.game.units[m4]
        assert (spec.rof_slow, spec.rof_rapid) == (1, 2)
        state.force_dice(99)  # no hits
        events = _fire(state, Order(m4, fire=panzer, moves=moves))
        [fire] = [e for e in events if isinstance(e, ApFire)]
        assert fire.shots == shots and state.supply.spent == {m4: shots}
        assert supply.left(state, m4) == 24 - shots


def test_variable_fuel_rolls_0_6_8_give_24_fuel_factors() -> None:
    """[OP XXIV.C.1]: "if the three rolls were "0" ("10"), "6," and "8," the Vehicle unit would
    have "24" Fuel Factors available for the game": the game-begin roll, forced, for the only
    Vehicle on the map."""
    from test_armor_optional import _line, _state

    from rules.armor.optional import supply
    from rules.armor.optional.events import TableRoll

    line = _line(5)
    state = _state(
        [("M4", line[0], 0)], [("GE-INFANTRY-SQUAD", line[4], 3)], options="variable-supply"
    )
    state.force_dice(10, 6, 8)  # the engine's ten-sided die reads "0" as 10
    supply.issue(state)
    assert state.supply.fuel == {"us.M4.1": 24}
    roll = [e for e in state.log if isinstance(e, TableRoll)][-1]
    assert (roll.reads, roll.outcome, roll.rule) == (
        "three dice: 10 + 6 + 8",
        "24 Fuel Factors",
        "[OP XXIV.C.1]",
    )


# --- [Intro IV] the Data Cards' RADIO ----------------------------------------------------------


def test_a_radio_share_of_4_10_is_four_units_out_of_ten() -> None:
    """[Intro IV RADIO]: "If a fraction is listed, this is the proportion of units of that type
    which have a radio. For example, "4/10" means that four units out of ten will have a
    radio": four of every ten (our reading: the first four in the order of battle's
    numbering). The American Squad's card reads "2/10" (a catalogue estimate): of twelve
    Squads, numbers 1, 2, 11 and 12 have one; the M4's "Yes" has one; a Bailed Out Crew none
    [ADV IX.A.3.b]."""
    from armor_sides import two_sides

    from rules.armor.indirect.batteries import has_radio, in_share

    assert [k + 1 for k in range(20) if in_share(k, "4/10")] == [1, 2, 3, 4, 11, 12, 13, 14]
    assert not any(in_share(k, text) for k in range(10) for text in ("no", "0/10", "4/0"))
    game = cards()
    spots = sorted(h for h in game.terrain.hexes() if game.name(h).startswith("L"))[:13]
    squads = "\n".join(
        f"      - {{unit: US-INFANTRY-SQUAD, placement: {{kind: hex, hex: {game.name(h)}}}}}"
        for h in spots[1:]
    )
    text = (
        "schema_version: 1\nid: test-radio\ntitle: Radios\nsystem: armor\noriginal: true\n"
        "rules: {level: advanced-game}\n"
        "map:\n  layout: {preset: edge-to-edge, order: [J, K, L]}\n"
        + two_sides(
            f"      - {{unit: M4, placement: {{kind: hex, hex: {game.name(spots[0])}}}}}\n"
            + squads,
            "      - {unit: PZIVJ, placement: {kind: hex, hex: K2018}}",
        )
    )
    many = load_game(parse_scenario(text, "radios.yaml"))
    assert isinstance(many, ArmorGame)
    assert sorted(u for u in many.units if u.startswith("us.") and has_radio(many, u)) == [
        "us.M4.1",
        "us.US-INFANTRY-SQUAD.1",
        "us.US-INFANTRY-SQUAD.11",
        "us.US-INFANTRY-SQUAD.12",
        "us.US-INFANTRY-SQUAD.2",
    ]
    assert "us.M4.1.crew" in many.units and not has_radio(many, "us.M4.1.crew")


def test_the_cromwell_counters_serve_data_cards_105_and_106() -> None:
    """[Intro III.G]: "the Cromwell units may be used with the Cromwell or Cromwell C/S (Data
    Cards 105 and 106)": the catalogue's two cards, the C/S drawn with the CROMWELL counter."""
    from model.catalog import unit_types
    from model.provenance import unwrap
    from model.systems import GameSystem

    catalogue = unit_types(GameSystem.ARMOR)
    cromwell, close_support = catalogue["CROMWELL"], catalogue["CROMWELL-CS"]
    assert (cromwell.card, close_support.card) == (105, 106)
    assert unwrap(close_support.values["counter"]) == "CROMWELL"
