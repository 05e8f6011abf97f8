"""Narrow Streets and Alleys [OP XXVII.D]: Alley units played as Alleys (the terrain option
``alleys: alley``), against the default "Alleys are Buildings".

The scene: a straight line of Clear hexes going north on the J-K-L map, Alley units on its
second and third hexes, a Sherman (or a Medium Truck, whose card forbids buildings [AG VII.E])
at its first and the Germans far off; every roll is forced."""

from __future__ import annotations

import functools
import itertools

import pytest
import yaml
from armor_scenes import jkl_base, on_clear, plot_rest, position_head
from armor_sides import ROOT, two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import alleys, plot, towed
from rules.armor.events import AlleyTurnCheck, BuildingCheck, GpFire, OrderCut
from rules.armor.fire import (
    hull_down,
    modifiers,
    shot_elevation,
    sight_group,
    sighting_range,
    target_aspect,
)
from rules.armor.game import ArmorState
from rules.armor.gp import defense, gp_aim, resolve_gp
from rules.armor.optional.blaze import fire_row
from rules.armor.orders import Order
from rules.armor.preview import preview
from rules.engine.errors import IllegalActionError
from rules.registry import load_game

TANK = "us.M4.1"
TRUCK = "us.US-MEDIUM-TRUCK.1"
SQUAD = "german.GE-INFANTRY-SQUAD.1"


@functools.cache
def _line() -> tuple[Hex, ...]:
    """Eight Clear hexes north in a line, at one level; round the first four (the scene's
    Alleys and the hexes beside them) Clear at that level too, a Vehicle entering any of them
    from any other beside it for 1 SF (no Crest, no stream)."""
    game = jkl_base()

    def flat(h: Hex, level: int) -> bool:
        return on_clear(game, h) and game.level(h) == level

    def open_ground(h: Hex) -> bool:
        around = [h, *h.neighbors()]
        return all(flat(x, game.level(h)) for x in around) and all(
            game.movement.cost("vehicle", b, a).cost == 1
            for a, b in itertools.permutations(around, 2)
            if a.distance(b) == 1
        )

    for h in sorted(game.terrain.hexes()):
        line = [h]
        for _ in range(7):
            line.append(line[-1].neighbor(0))
        if all(open_ground(x) for x in line[:4]) and all(flat(x, game.level(h)) for x in line[4:]):
            return tuple(line)
    raise AssertionError("no such line on the map")


def _scene(
    unit: str = "M4",
    at: int = 0,
    facing: int = 0,
    alleys_as: str = "alley",
    squad_at: int = 7,
    brick: bool = False,
) -> ArmorState:
    """The line with Alley units on its 2nd and 3rd hexes (played as ``alleys_as``) and, with
    ``brick``, a Brick Building unit on its 4th, ``unit`` at its ``at``th hex facing ``facing``
    (compass), a German Squad at ``squad_at`` and a Panzer IV far off."""
    game, line = jkl_base(), _line()
    name, amap = game.name, game.amap
    far = max(sorted(game.terrain.hexes()), key=line[0].distance)
    text = (
        position_head("test-armor-alleys")
        + f"""
rules: {{level: advanced-game, options: []}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_options: {{alleys: {alleys_as}}}
  overlays:
    - {{overlay: alley, hex: {name(line[1])}}}
    - {{overlay: alley, hex: {name(line[2])}}}
"""
        + (f"    - {{overlay: brick-building, hex: {name(line[3])}}}\n" if brick else "")
        + two_sides(
            f"      - {{unit: {unit}, placement: {{kind: hex, hex: {name(line[at])}, "
            f"facing: {amap.global_to_direction(line[at], facing)}}}}}",
            f"      - {{unit: GE-INFANTRY-SQUAD, placement: {{kind: hex, hex: "
            f"{name(line[squad_at])}}}}}\n"
            f"      - {{unit: PZIVJ, placement: {{kind: hex, hex: {name(far)}}}}}",
        )
    )
    state = load_game(parse_scenario(text, "alleys.yaml")).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _checks(events: list[object]) -> list[BuildingCheck]:
    return [e for e in events if isinstance(e, BuildingCheck)]


# --- [OP XXVII.D] the option ----------------------------------------------------------------


def test_op_xxvii_d_the_option_plays_alley_units_as_alleys_or_as_buildings() -> None:
    """[OP XXVII.D]: "Alley units may be used as standard Building units, or ... as Alley
    units": the option's choice is the hex's terrain, and only Alleys are Alley hexes."""
    line = _line()
    as_alleys, as_buildings = _scene(), _scene(alleys_as="building")
    assert as_alleys.game.terrain.terrain(line[1]) == "alley"
    assert alleys.is_alley(as_alleys.game, line[1])
    assert as_buildings.game.terrain.terrain(line[1]) == "building"
    assert not alleys.is_alley(as_buildings.game, line[1])


# --- [OP XXVII.D.1-2] the Game Cards' Alley column and row ---------------------------------


def test_op_xxvii_d1_sighting_into_an_alley_reads_the_alley_column() -> None:
    """[OP XXVII.D.1]: "The sighting ranges into Buildings and Alleys are different": the
    Sighting Ranges Table's "Ford, Alley, Stream or Scrub" column (a Vehicle at 20), not
    "Imp Pos or Building"'s [GC2]."""
    line = _line()
    as_alleys, as_buildings = _scene(), _scene(alleys_as="building")
    sighter = line[7]
    assert sight_group("alley") == "ford-alley-stream-scrub"
    assert sighting_range(as_alleys, sighter, line[1], "VH") == 20
    assert sight_group(as_buildings.game.terrain.terrain(line[1])) == "imp-building"
    assert sighting_range(as_buildings, sighter, line[1], "VH") != 20


def test_op_xxvii_d2_fires_in_an_alley_read_the_alley_row() -> None:
    """[OP XXVII.D.2]: "The Fire Tables for Building and Alley units are different": an
    Alley hex reads the Alley row, the same hex as a Building the (generic: Wood) row."""
    line = _line()
    assert fire_row(_scene().game, line[1]) == "Alley"
    assert fire_row(_scene(alleys_as="building").game, line[1]) == "Wood"


# --- [OP XXVII.D.3] fire at units in Alley hexes -------------------------------------------


def test_op_xxvii_d3_a_vehicle_in_an_alley_is_not_hull_down_and_ap_fire_takes_minus_2() -> None:
    """[OP XXVII.D.3]: "Vehicle units in Alley hexes are not Hull Down. For AP Fire against
    Vehicle units in Alley hexes a modifier of '-2' from the Base Modifier applies" (the GC1
    AP Target Terrain Modifiers' "Alley (OP)")."""
    line = _line()
    state = _scene(at=1)
    tank, panzer = state.troops.hexes[TANK], line[5]
    state.put("german.PZIVJ.1", panzer, 3)
    assert hull_down(state, panzer, tank, shot_elevation(state, panzer, tank)) is None
    aspect = target_aspect(state.troops.facing[TANK], tank, panzer)
    found = {m.what: m.value for m in modifiers(state, "german.PZIVJ.1", TANK, aspect)}
    assert found["target in alley"] == -2
    plain = _scene(at=1, alleys_as="building")
    plain.put("german.PZIVJ.1", panzer, 3)
    aspect = target_aspect(plain.troops.facing[TANK], tank, panzer)
    assert not [m for m in modifiers(plain, "german.PZIVJ.1", TANK, aspect) if "alley" in m.what]


def test_op_xxvii_d3_gp_fire_at_a_vehicle_in_an_alley_subtracts_10_from_the_roll() -> None:
    """[OP XXVII.D.3]: "For GP Fire against Vehicle units in Alley hexes, '10' is subtracted
    from the dice roll" (without the GP Fire Terrain Modifiers option [OP XXIX]); the Squad
    beside the Truck rolls 60, 50 after the -10."""
    state = _scene("US-MEDIUM-TRUCK", at=1, squad_at=2)
    shot = gp_aim(state, SQUAD, TRUCK)
    assert [(m.value, m.rule) for m in shot.dice_modifiers] == [(-10, "[OP XXVII.D.3]")]
    state.force_dice(60)
    before = len(state.log)
    resolve_gp(state, SQUAD, TRUCK)
    [fire] = [e for e in state.log[before:] if isinstance(e, GpFire)]
    assert (fire.roll, fire.modified_roll) == (60, 50)
    plain = _scene("US-MEDIUM-TRUCK", at=1, squad_at=2, alleys_as="building")
    assert not gp_aim(plain, SQUAD, TRUCK).dice_modifiers  # no -10 for a Building [OP XXIX]


def test_op_xxvii_d3_gp_fire_at_leg_units_in_an_alley_is_as_in_a_building() -> None:
    """[OP XXVII.D.3]: "GP Fire against Leg and Towed units is treated the same as if they
    were in a Building hex": the Squad in the Alley has the Building's GP Defense Factor
    (the placeholder chart's 6 NM, not the Scrub-like 4)."""
    in_alley = _scene(squad_at=1)
    as_building = _scene(squad_at=1, alleys_as="building")
    found = defense(in_alley, SQUAD, moving=False)
    assert found.value == defense(as_building, SQUAD, moving=False).value == 6
    assert "as in a Building hex [OP XXVII.D.3]" in found.why


# --- [OP XXVII.D.4] Vehicles entering, leaving and turning in Alley hexes -----------------


def test_op_xxvii_d4_entering_and_leaving_alley_hexes_rolls_nothing() -> None:
    """[OP XXVII.D.4]: "Vehicle units may enter and exit Alley hexes without the player having
    to roll the dice on the Vehicle/Building Table": the Sherman drives through both Alley
    hexes and out, no check."""
    line = _line()
    state = _scene()
    events = plot_rest(state, Order(TANK, moves="3"))
    assert not _checks(events)
    assert state.troops.hexes[TANK] == line[3] and not state.damage.hits.get(TANK)


def test_op_xxvii_d4_an_alley_and_a_building_beside_it_are_one_large_building() -> None:
    """[AG VII.E.2.f; Setup II.C.2]: "A large building could consist of adjacent Building and
    Alley units", whose hexes are crossed without a check: from the Alley into the Brick
    Building beside it, no roll (our reading of "All rules for Buildings apply" [OP XXVII.D]);
    from the Clear hex on its other side, the Brick Building's check [AG VII.E.2]."""
    line = _line()
    state = _scene(at=2, brick=True)
    assert state.game.terrain.terrain(line[3]) == "brick-building"
    assert not _checks(plot_rest(state, Order(TANK, moves="1")))
    assert state.troops.hexes[TANK] == line[3]
    outside = _scene(at=4, facing=3, brick=True)
    outside.force_dice(99, 99)
    checks = _checks(plot_rest(outside, Order(TANK, moves="1")))
    assert [(type(c), c.column) for c in checks] == [
        (BuildingCheck, "Brick TK"),
        (BuildingCheck, "Brick GN Fwd"),
    ]


def test_op_xxvii_d4_turning_in_an_alley_rolls_as_a_brick_building_track_damage_stops() -> None:
    """[OP XXVII.D.4]: "Players that turn ... with Vehicle units in an Alley hex must roll the
    dice and consult the Vehicle/Building Table ... (treat as a Brick Building)": the Sherman
    turns in the first Alley hex; Brick TK on its row (45) rolled 10: Track damage, and it
    stays in the Alley facing as it entered (our reading)."""
    line = _line()
    state = _scene()
    state.force_dice(10)
    events = plot_rest(state, Order(TANK, moves="1R1"))
    [check] = _checks(events)
    assert isinstance(check, AlleyTurnCheck)
    assert (check.column, check.roll, check.limit, check.damage) == ("Brick TK", 10, 45, True)
    assert "[OP XXVII.D.4]" in check.rule and "Alley hex" in check.describe()
    assert state.troops.hexes[TANK] == line[1] and state.troops.facing[TANK] == 0
    assert "track" in state.damage.hits[TANK]
    [cut] = [e for e in events if isinstance(e, OrderCut)]
    assert "[OP XXVII.D.4]" in cut.reason


def test_op_xxvii_d4_turning_in_an_alley_gun_damage_and_it_goes_on() -> None:
    """[OP XXVII.D.4; AG VII.E.2]: TK missed (99 over 45), then GN Fwd (the turret to the
    front; 60 on the Sherman's row 2 is 50) rolled 20: Gun damage, and the turn and the move
    go on."""
    line = _line()
    state = _scene()
    state.force_dice(99, 20)
    events = plot_rest(state, Order(TANK, moves="1R1"))
    checks = _checks(events)
    assert [(c.column, c.roll, c.damage) for c in checks] == [
        ("Brick TK", 99, False),
        ("Brick GN Fwd", 20, True),
    ]
    assert "gun" in state.damage.hits[TANK] and "track" not in state.damage.hits[TANK]
    assert state.troops.hexes[TANK] == line[1].neighbor(1)


def test_op_xxvii_d4_pivot_in_place_in_an_alley_rolls_and_straight_on_does_not() -> None:
    """[OP XXVII.D.4]: a Pivot in Place in the Alley hex it stands in rolls TK and GN before
    it moves (our reading: as the Soft hex's [OP XIII.A.2]); driving straight on out of it
    does not."""
    state = _scene(at=1)
    state.force_dice(99, 99)
    checks = _checks(plot_rest(state, Order(TANK, moves="V")))
    assert [(c.column, c.damage) for c in checks] == [("Brick TK", False), ("Brick GN Fwd", False)]
    assert all(isinstance(c, AlleyTurnCheck) for c in checks)
    straight = _scene(at=1)
    assert not _checks(plot_rest(straight, Order(TANK, moves="2")))


def test_op_xxvii_d4_alleys_played_as_buildings_roll_no_turning_check() -> None:
    """[OP XXVII.D]: with "Alleys are Buildings" the Alley rules are not played: no turning
    check (the Sherman stands in the Building hex and turns)."""
    state = _scene(at=1, alleys_as="building")
    events = plot_rest(state, Order(TANK, moves="R1"))
    assert not [e for e in events if isinstance(e, AlleyTurnCheck)]


def test_op_xxvii_d4_a_vehicle_that_may_not_enter_buildings_may_not_turn_in_an_alley() -> None:
    """[OP XXVII.D.4]: "Vehicle units that cannot enter Building hexes may not turn or Pivot
    in Place in an Alley hex": the Medium Truck ("may not pass through buildings") may drive
    through the Alleys, but a turn or a Pivot in Place there is refused when plotted, with the
    reason, and is not among its orders."""
    line = _line()
    state = _scene("US-MEDIUM-TRUCK", at=1)
    assert plot.why_not_order(state, Order(TRUCK, moves="2")) is None
    for moves in ("V", "R1", "1L1", "1V"):
        why = plot.why_not_order(state, Order(TRUCK, moves=moves))
        assert why is not None and "[OP XXVII.D.4]" in why, moves
    with pytest.raises(IllegalActionError, match=r"OP XXVII\.D\.4"):
        state.apply(Order(TRUCK, moves="V"))
    offered = [a.moves for a in plot.order_options(state, TRUCK) if isinstance(a, Order)]
    assert "2" in offered and "V" not in offered and "R1" not in offered
    moving = [Order(TRUCK, moves=m) for m in offered if m]
    assert len(moving) > 10  # its other orders stay: straight on, and turns outside the Alleys
    assert not [o for o in moving if alleys.why_not_turn(state, o, plot.order_walk(state, o))]
    refused = preview(state, Order(TRUCK, moves="V"))
    assert not refused.legal and "[OP XXVII.D.4]" in (refused.why_not or "")
    beyond = _scene("US-MEDIUM-TRUCK", at=3)  # past the Alleys: it turns freely
    assert plot.why_not_order(beyond, Order(TRUCK, moves="V")) is None
    assert line[3] == beyond.troops.hexes[TRUCK]


def test_op_xxvii_d4_the_preview_says_a_turn_in_an_alley_rolls() -> None:
    """Test Play's preview of a Sherman's order turning in an Alley names the roll and its
    rule [OP XXVII.D.4]; a straight drive's says nothing of it."""
    state = _scene()
    seen = preview(state, Order(TANK, moves="1R1"))
    assert seen.legal
    [line] = [r for r in seen.rules if "Alley" in r]
    assert "Brick Building" in line and "[OP XXVII.D.4]" in line
    assert not [r for r in preview(state, Order(TANK, moves="3")).rules if "Alley" in r]


def test_op_xxvii_d5_d6_no_card_carries_the_alley_notes() -> None:
    """[OP XXVII.D.5-6]: which Towed units may not Pivot in an Alley and which cards say
    "Alley restrictions on turret turn" is on the Data Cards, not in the text; no unit's
    notes say so, so none is restricted (and the rule says why)."""
    catalogue = yaml.safe_load((ROOT / "resources" / "armor" / "units.yaml").read_text())
    notes = [
        str(n).lower()
        for unit in catalogue["units"]
        for n in (unit.get("values", {}).get("notes") or [])
    ]
    assert "may not pass through buildings" in notes  # the notes the cards have are read
    assert not [n for n in notes if "alley" in n]
    assert "Data Cards" in alleys.CARDS_NOTE


def test_op_xxvii_d4_the_plot_finds_a_way_round_without_turning_in_an_alley() -> None:
    """[OP XXVII.D.4]: the Truck's cheapest way to stand in the first Alley facing north-east,
    entering it and turning there ('1R', 2 SF), is refused; the order search goes round
    instead, turning outside the Alley and entering it already facing so ('L1RR1', 3 1/2 SF),
    so that end stays among its orders."""
    line = _line()
    state = _scene("US-MEDIUM-TRUCK")
    assert "[OP XXVII.D.4]" in (plot.why_not_order(state, Order(TRUCK, moves="1R")) or "")
    ends = {}
    for a in plot.order_options(state, TRUCK):
        if isinstance(a, Order) and a.moves and not a.fire:
            w = plot.order_walk(state, a)
            ends[(w.hex, w.facing)] = a
    way_round = ends[(line[1], 1)]
    assert way_round.moves == "L1RR1"
    assert plot.why_not_order(state, way_round) is None
    assert plot.route(state, TRUCK, [line[0].neighbor(5), line[1]]) == way_round


def test_op_xxvii_d4_towed_units_enter_and_leave_alleys_without_problems() -> None:
    """[OP XXVII.D.4]: "Towed units may enter and exit Alley hexes without problems": a Towed
    gun in an Alley may be fetched by its Vehicle, which it may not in a Building hex
    [ADV V.B.3] (the same Alley played as a Building)."""
    in_alley = _scene("AT-76MM", at=1)
    assert towed.why_not_fetch(in_alley, "us.AT-76MM.1") is None
    as_building = _scene("AT-76MM", at=1, alleys_as="building")
    assert "[ADV V.B.3]" in (towed.why_not_fetch(as_building, "us.AT-76MM.1") or "")
