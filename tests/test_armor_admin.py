"""Armor's remaining Optional and game-administration sections: the 88mm FLAK 38 AT Gun
[OP XIX], Captured and Borrowed Equipment [OP XXII], Command Sheets Exposed [AG VII.A], the
Advanced Game's Command Sheet identifications [ADV III] and Notes [ADV X], Determining Sides
[SCN III.C] and the Unit Record Sheet [OP XXXIV] (the book prints no worked example of these:
situations with forced dice where dice are rolled)."""

from __future__ import annotations

import functools
import itertools

import pytest
from armor_sides import two_sides

from model.hexes import ring
from model.scenario_io import LoadedScenario, check_document, parse_scenario
from model.yamlio import Document, read_yaml_text
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional import flak
from rules.armor.orders import Order
from rules.armor.transport import Transferred
from rules.checks import run_checks
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.registry import load_game

#: unit type, hex name, compass facing, extra keys
Force = tuple[str, str, int, str]


def _game(
    us: list[Force], german: list[Force], options: str = "", level: str = "advanced-game"
) -> ArmorGame:
    head = f"""schema_version: 1
id: test-armor-admin
title: Test position
system: armor
original: true
rules: {{level: {level}, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
    probe = _probe()

    def forces(units: list[Force]) -> str:
        lines = []
        for code, name, compass, extra in units:
            h = probe.amap.resolve(name)
            number = probe.amap.global_to_direction(h, compass)
            place = f"{{kind: hex, hex: {name}, facing: {number}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}{extra}}}")
        return "\n".join(lines)

    text = head + two_sides(forces(us), forces(german), turns=6)
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _probe() -> ArmorGame:
    text = """schema_version: 1
id: probe
title: probe
system: armor
original: true
rules: {level: armor-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
""" + two_sides(
        "      - {unit: M4, placement: {kind: hex, hex: L3830}}",
        "      - {unit: PZIVJ, placement: {kind: hex, hex: L3729}}",
    )
    game = load_game(parse_scenario(text, "probe.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(game: ArmorGame) -> ArmorState:
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _turn(state: ArmorState, *orders: Order) -> list[object]:
    """Each order, then Done for every side until the next Turn's Order Plot."""
    events: list[object] = []
    turn = state.play.turn
    for order in orders:
        events += state.apply(order)
    while not state.is_terminal() and not (state.play.turn > turn and state.segment.id == "plot"):
        events += state.apply(Done(state.to_act()[0]))
    return events


# --- 88mm FLAK 38 AT Gun [OP XIX] ------------------------------------------------------------

#: The FLAK on level 0 at J0707 facing the depression hex J0708 (level -1), its truck with it.
HIGH, LOW = "J0707", "J0708"
GUN, TRUCK = "german.FLAK-88.1", "german.GE-MEDIUM-TRUCK.1"
SHERMAN = "us.M4.1"


def _flak(options: str = "flak-88", gun: str = "FLAK-88") -> ArmorState:
    state = _state(
        _game(
            [("M4", LOW, 0, "")],
            [("GE-MEDIUM-TRUCK", HIGH, 3, ", label: truck"), (gun, HIGH, 3, ", mounted_on: truck")],
            options,
        )
    )
    game = state.game
    assert game.level(game.amap.resolve(HIGH)) == 0 and game.level(game.amap.resolve(LOW)) == -1
    return state


def _unload_two_turns(state: ArmorState, gun: str = GUN) -> list[object]:
    events: list[object] = []
    for _ in range(2):
        events += _turn(state, Order(gun, transfer="U"), Order(TRUCK, transfer="U"))
    assert not state.transported(gun) and gun not in state.troops.carried
    return events


def test_op_xix_the_88_flak_on_its_road_wheels_fires_only_at_its_own_level() -> None:
    """[OP XIX]: Unloaded in the card's two Turns the 88 FLAK is on its road wheels, its barrel
    neither elevated nor depressed: a Sherman one level lower may not be fired at (on the same
    level it may); the log says a third Turn of Unloading is due."""
    state = _flak()
    events = _unload_two_turns(state)
    done = [e for e in events if isinstance(e, Transferred) and "Unloaded" in e.what]
    assert done and "third Turn of Unloading" in done[0].what and "[OP XIX]" in done[0].what
    assert flak.on_wheels(state, GUN)
    why = state.why_not(Order(GUN, fire=SHERMAN))
    assert why is not None and "road wheels" in why and "[OP XIX]" in why
    here, game = state.troops.hexes[GUN], state.game
    level_0 = [h for h in ring(here, 2) if h in game.amap and game.level(h) == 0]
    free = []
    for h in level_0:
        state.troops.hexes[SHERMAN] = h
        assert flak.why_not_fire(state, GUN, SHERMAN) is None
        if state.why_not(Order(GUN, fire=SHERMAN)) is None:
            free.append(h)
    assert free  # on its own level, in its Field of Fire, it fires


def test_op_xix_a_third_turn_of_unloading_readies_it_and_then_loading_takes_three() -> None:
    """[OP XIX]: "a third Turn of Unloading is required for the gun to fire at target units on
    different elevation levels ... it will then require three Turns to Load": the "U" plotted
    for the gun alone is carried out, it may fire down at the Sherman, and its Load order is
    Turn 1 of 3 (on its wheels it was Turn 1 of 2)."""
    state = _flak()
    _unload_two_turns(state)
    load = Order(GUN, transfer="D", vehicle=TRUCK)
    assert "Turn 1 of 2" in state.describe(load)
    third = Order(GUN, transfer="U")
    assert third in state.order_options(GUN)
    assert "third Turn" in state.describe(third) and "[OP XIX]" in state.describe(third)
    events = _turn(state, third)
    [ready] = [e for e in events if isinstance(e, Transferred) and e.unit == GUN]
    assert "completely ready for action" in ready.what and ready.rule == "[OP XIX]"
    assert not flak.on_wheels(state, GUN) and not state.troops.wheeled
    assert state.why_not(Order(GUN, fire=SHERMAN)) is None
    assert Order(GUN, transfer="U") not in state.order_options(GUN)  # nothing more to Unload
    assert "Turn 1 of 3" in state.describe(load)
    for n in (1, 2):
        _turn(state, load, Order(TRUCK, transfer="D"))
        assert state.troops.stage == {GUN: n} and not state.transported(GUN)
    _turn(state, load, Order(TRUCK, transfer="D"))
    assert state.transported(GUN) and not state.troops.stage


def test_op_xix_without_the_option_or_for_the_pak_the_card_rules() -> None:
    """[OP XIX] is an Optional Rule, and only the FLAK's ([ADV III.A] tells the two 88s of Data
    Card 132 apart): without it the Unloaded FLAK fires at any level and offers no third "U";
    with it the PAK 43 is not affected."""
    for options, gun, unit in (("", "FLAK-88", GUN), ("flak-88", "PAK-43", "german.PAK-43.1")):
        state = _flak(options, gun)
        _unload_two_turns(state, unit)
        assert not flak.on_wheels(state, unit) and not flak.applies(state, unit)
        assert state.why_not(Order(unit, fire=SHERMAN)) is None
        assert Order(unit, transfer="U") not in state.order_options(unit)


def test_op_xix_the_wheels_survive_a_position_file_and_a_clone() -> None:
    """[OP XIX]: the FLAK on its road wheels is written in a position file ("on-road-wheels")
    and read back; a clone keeps it and differs from the original once it is ready."""
    state = _flak()
    _unload_two_turns(state)
    data = state.to_position()
    [place] = [p for p in data.units if p.id == GUN]
    assert "on-road-wheels" in place.status
    again = state.game.state_from_position(data, PositionReader(state.game, data, None))
    assert isinstance(again, ArmorState) and flak.on_wheels(again, GUN)
    twin = state.clone()
    assert isinstance(twin, ArmorState)
    _turn(twin, Order(GUN, transfer="U"))
    assert flak.on_wheels(state, GUN) and not flak.on_wheels(twin, GUN)


# --- Command Sheets Exposed [AG VII.A] ------------------------------------------------------


@functools.cache
def _line(length: int) -> tuple[str, ...]:
    """``length`` Clear hexes in a straight line going north (compass 0), by name."""
    game = _probe()
    for h in sorted(game.terrain.hexes()):
        line = [h]
        for _ in range(length - 1):
            line.append(line[-1].neighbor(0))
        if all(x in game.amap.hexes and game.terrain.terrain(x) == "clear" for x in line) and all(
            not game.movement.cost("vehicle", b, a).parts[1:] for a, b in itertools.pairwise(line)
        ):
            return tuple(game.amap.name(x) for x in line)
    raise AssertionError("no straight clear line on the map")


def test_ag_vii_a_the_command_sheets_are_laid_out_when_movement_begins() -> None:
    """[AG VII.A]: "While moving their units players should lay out their Command Sheets in
    full view of the other players": while the German plots, the American's view holds its own
    order only; once movement has begun (stopped at the American's Opportunity Fire [AG VII.F])
    each side's view holds both sides' orders, and the log tells both sides every order."""
    line = _line(5)
    state = _state(_game([("M4", line[0], 0, "")], [("PZIVJ", line[4], 3, "")], level="armor-game"))
    watch = Order(SHERMAN, opportunity=line[2])
    advance = Order("german.PZIVJ.1", moves="3")
    state.apply(watch)  # its one unit plotted: the side is Done
    assert state.view_for("us").own_orders == (watch.text(),)
    assert state.view_for("german").own_orders == ()  # the American plot is secret [AG V]
    state.apply(advance)
    asked = state.execution.asked
    assert asked is not None and asked.firer == SHERMAN  # stopped in movement [AG VII.F]
    for side in ("us", "german"):
        view = state.view_for(side)
        assert set(view.own_orders) == {watch.text(), advance.text()}
        assert any(
            "[AG VII.A]" in line and watch.text() in line and advance.text() in line
            for line in view.log
        )


# --- Advanced Game Notes [ADV X] ------------------------------------------------------------


def test_adv_x_a_two_half_squads_are_never_combined_nor_a_squad_split() -> None:
    """[ADV X.A]: "An Infantry Squad may not be broken down into two Half Squads. Two Half
    Squads may not be combined into one full Squad": with Infantry Unit Reduction [OP XII] two
    Half Squads in one hex stay two Half Squads through a Turn, no action offered splits or
    combines, and the notation has no verb for it."""
    line = _line(3)
    state = _state(
        _game(
            [("US-INFANTRY-SQUAD", line[0], 0, ", count: 3")],
            [("PZIVJ", line[2], 3, "")],
            "infantry-reduction",
        )
    )
    halves = {"us.US-INFANTRY-SQUAD.1", "us.US-INFANTRY-SQUAD.2"}
    state.squads.half_squads.update(halves)
    verbs = {a.text().split()[0] for a in state.legal_actions("us")}
    assert verbs <= {"order", "done"}, verbs
    for word in ("split", "combine"):
        try:
            state.game.parse_action(f"{word} us.US-INFANTRY-SQUAD.1")
        except ValueError:
            continue
        raise AssertionError(f"'{word}' parsed")
    _turn(state)
    assert state.squads.half_squads == halves
    assert all(f"us.US-INFANTRY-SQUAD.{n}" in state.troops.hexes for n in (1, 2, 3))


def test_adv_x_b_trucks_and_jeeps_are_always_open() -> None:
    """[ADV X.B]: "Turret units never need to be placed on Medium or Light Truck units, or on
    Jeep units. These units are always considered to be 'Open'": a Close Assault on a Light
    Truck adds the Open Vehicle's "10" [ADV VII.B.3], and a Jeep may be given an Overrun order,
    which a Jeep may only when Open [ADV IV.A.2.a(2)]."""
    from rules.armor.events import GpFire
    from rules.armor.overrun import why_not_overrun

    line = _line(3)
    state = _state(
        _game(
            [("US-LIGHT-TRUCK", line[1], 3, ""), ("JEEP", line[2], 3, "")],
            [("GE-INFANTRY-SQUAD", line[0], 0, "")],
        )
    )
    squad, truck = "german.GE-INFANTRY-SQUAD.1", "us.US-LIGHT-TRUCK.1"
    assert why_not_overrun(state, "us.JEEP.1", squad) is None
    state.force_dice(1)
    events = _turn(state, Order(squad, assault=truck))
    [fight] = [e for e in events if isinstance(e, GpFire) and e.target == truck]
    assert any(m.what == "Open Vehicle" and m.value == 10 for m in fight.dice_modifiers)


def test_adv_x_c_a_suppressed_squads_plotted_movement_is_erased() -> None:
    """[ADV X.C]: "Remember that Suppressed results on Leg and Towed units cancels all of their
    other orders (except Full Cover)": a squad plotted to move and Suppressed before the
    Movement Execution Phase stays put; the log erases its notation citing the rule."""
    from rules.armor.events import OrderCut

    line = _line(4)
    state = _state(_game([("US-INFANTRY-SQUAD", line[0], 0, "")], [("PZIVJ", line[3], 3, "")]))
    squad = "us.US-INFANTRY-SQUAD.1"
    start = state.troops.hexes[squad]
    state.apply(Order(squad, moves="1"))
    state.damage.suppressed[squad] = state.play.turn  # an "S" result this Turn [ADV IV.D]
    events = _turn(state, Order("german.PZIVJ.1", moves="V"))
    [cut] = [e for e in events if isinstance(e, OrderCut) and e.unit == squad]
    assert cut.order == "1" and "[ADV IV.D; ADV X.C]" in cut.reason
    assert state.troops.hexes[squad] == start


# --- Command Sheet Preparation [ADV III] and the Unit Record Sheet [OP XXXIV] ----------------


def test_adv_iii_units_identified_on_the_command_sheet_as_the_book_writes_them() -> None:
    """[ADV III.A-C]: Towed units by size and kind ("40mm AA 215"; Card 132's two 88s "PAK"
    and "FLAK"), Infantry by size, type and equipment ("1/2 Armored B15"), "MG" and "Mort";
    Vehicles as before [AG V.A.1], "+2 SB" with Additional Armor [OP XXI.A]. Our reading: the
    identification number is the game id's."""
    from rules.armor.sheet import _towed_kind, command_sheet, identification

    line = _line(3)
    here = line[0]
    state = _state(
        _game(
            [
                ("US-INFANTRY-SQUAD", here, 0, ", count: 15, state: [armored, bazooka]"),
                ("US-MG-TEAM", here, 0, ""),
                ("US-MORTAR-TEAM", line[1], 0, ""),
                ("AT-57MM", line[1], 0, ""),
                ("US-RANGER", line[1], 0, ", state: [plus]"),
            ],
            [
                ("FLAK-88", line[2], 3, ""),
                ("PAK-43", line[2], 3, ""),
                ("AA-20MM", line[2], 3, ""),
                ("PZIVJ", line[2], 3, ", state: [sandbags]"),
                ("GE-INFANTRY-SQUAD", line[2], 3, ", state: [hq, radio]"),
            ],
            "infantry-reduction, additional-armor",
        )
    )
    state.squads.half_squads.add("us.US-INFANTRY-SQUAD.15")  # [OP XII]
    named = {
        "us.US-INFANTRY-SQUAD.15": "1/2 Armored B15",
        "us.US-INFANTRY-SQUAD.3": "Armored B3",
        "us.US-MG-TEAM.1": "MG 1",
        "us.US-MORTAR-TEAM.1": "Mort 1",
        "us.AT-57MM.1": "57mm AT 1",
        "us.US-RANGER.1": "Ranger +1",
        "german.FLAK-88.1": "88mm FLAK 1",
        "german.PAK-43.1": "88mm PAK 1",
        "german.AA-20MM.1": "20mm AA 1",
        "german.PZIVJ.1": "PZIVJ 1 +2 SB",
        "german.GE-INFANTRY-SQUAD.1": "Infantry RHQ1",
    }
    assert {u: identification(state, u) for u in named} == named
    assert _towed_kind("AA-40MM", "40mm") == "40mm AA"  # "40mm AA 215" [ADV III.A]
    sheet = command_sheet(state, "german")
    assert sheet.title == "Command Sheet [ADV III]" and sheet.columns[:2] == ("Unit", "Game id")
    assert ("88mm FLAK 1", "german.FLAK-88.1", "88mm FLAK 38 AT Gun") in sheet.rows
    assert all(row[1].startswith("german.") for row in sheet.rows)


def test_op_xxxiv_the_unit_record_sheet_of_a_finished_game() -> None:
    """[OP XXXIV; OP XVII.H]: the Unit Record Sheet's columns "Unit, ID No., Initial Grade,
    Winning Battles, and Knock Outs": after the game a unit of the winning side that survived
    has 1 Winning Battle, one Knocked Out none, the losing side's none; the grade is the one
    the scenario gave [OP XVII.A] and the Knock Outs those credited [OP XVII.G.1]."""
    from rules.armor.sheet import record_sheet

    line = _line(3)
    state = _state(
        _game(
            [("M4", line[0], 0, ", count: 2")],
            [
                ("PZIVJ", line[2], 3, ", count: 2, state: [crack]"),
                ("GE-INFANTRY-SQUAD", line[2], 3, ""),
            ],
            "morale",
        )
    )
    before = record_sheet(state, "german")
    assert before.columns == ("Unit", "ID No.", "Initial Grade", "Winning Battles", "Knock Outs")
    assert [r[3] for r in before.rows] == ["", "", ""]  # not over yet
    state.morale.kills["german.PZIVJ.1"] = 1
    state.damage.knocked_out.append("us.M4.2")
    state.damage.eliminated.append("german.GE-INFANTRY-SQUAD.1")
    state.troops.hexes.pop("us.M4.2")
    state.troops.hexes.pop("german.GE-INFANTRY-SQUAD.1")
    while not state.is_terminal():
        state.apply(state.legal_actions(state.to_act()[0])[-1])  # Done for every Turn
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == "us"  # by the Differential [SCN IV.D]
    assert record_sheet(state, "us").rows == (
        ("M4 1", "us.M4.1", "Average", "1", "0"),
        ("M4 2", "us.M4.2", "Average", "0", "0"),
    )
    assert record_sheet(state, "german").rows == (
        ("Infantry 1", "german.GE-INFANTRY-SQUAD.1", "Average", "0", "0"),
        ("PZIVJ 1", "german.PZIVJ.1", "Crack", "0", "1"),
        ("PZIVJ 2", "german.PZIVJ.2", "Crack", "0", "0"),
    )


def test_the_sheet_command_prints_a_sides_command_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    """``hexwright sheet`` [ADV III; OP XXXIV]: a scenario's Command Sheet of one side as JSON;
    a system without sheets exits 2."""
    import json

    from editor.cli.main import main

    cap = capsys
    args = ["sheet", "scenarios/armor/demo-advanced.yaml", "--side", "germany", "--only"]
    assert main([*args, "command", "--json"]) == 0
    data = json.loads(cap.readouterr().out)
    [sheet] = data["sheets"]
    assert sheet["title"] == "Command Sheet [ADV III]" and sheet["side"] == "germany"
    assert ["PZIVJ 1", "germany.PZIVJ.1", "PZIV (Ausf. J)"] in sheet["rows"]
    assert ["Infantry 1", "germany.INFANTRY-SQUAD.1", "Infantry Squad (German)"] in sheet["rows"]
    assert main([*args, "record"]) == 0
    text = cap.readouterr().out.splitlines()
    at = text.index("Unit Record Sheet [OP XXXIV]: germany")
    heads = "Unit  ID No.  Initial Grade  Winning Battles  Knock Outs"
    assert text[at + 1].split() == heads.split()
    assert text[at + 2].split()[:4] == ["Infantry", "1", "germany.INFANTRY-SQUAD.1", "Average"]
    assert main(["sheet", "scenarios/panzer44/19.1-behind-utah.yaml"]) == 2
    assert "no paper sheets" in cap.readouterr().err


# --- Captured and Borrowed Equipment [OP XXII] ----------------------------------------------


def _nations(
    allied: str, allied_units: list[str], german_units: list[str], options: str = ""
) -> tuple[LoadedScenario, Document]:
    """A scenario (loaded, with its document) of an Allied side of ``allied`` and a German side
    with the units given, every unit on the map."""

    def forces(units: list[str], where: str) -> str:
        return "\n".join(
            f"      - {{unit: {u}, placement: {{kind: hex, hex: {where}}}}}" for u in units
        )

    text = f"""schema_version: 1
id: test-armor-captured
title: Test position
system: armor
original: true
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
sides:
  - id: allied
    name: Allied
    nation: {allied}
    forces:
{forces(allied_units, "L3830")}
  - id: german
    name: German
    nation: germany
    forces:
{forces(german_units, "J0104")}
length: {{turns: 2}}
victory:
  scoring: most-vp
  conditions:
    - {{kind: enemy-losses, side: allied, award: {{per: unit-value}}}}
    - {{kind: enemy-losses, side: german, award: {{per: unit-value}}}}
"""
    doc = read_yaml_text(text, "captured.yaml")
    return check_document(doc), doc


def _findings(
    allied: str, allied_units: list[str], german_units: list[str], options: str = ""
) -> list[tuple[str, str, str]]:
    loaded, doc = _nations(allied, allied_units, german_units, options)
    return [
        (f.severity, f.path, f.message) for f in run_checks(loaded, doc) if f.code == "nationality"
    ]


def test_op_xxii_a_an_enemy_vehicle_only_by_the_players_agreement() -> None:
    """[OP XXII.A]: "At the players' mutual agreement ... enemy Vehicle units may be
    'purchased'": a German PZIVJ on the American side is an error without the option
    (``captured-equipment``), noted with it; a German squad is never allowed, and an American
    M4 on the German side is judged the same way."""
    [(severity, path, why)] = _findings("us", ["M4", "PZIVJ"], ["PZIVJ"])
    assert severity == "error" and path == "sides[0].forces[1].unit"
    assert "players' agreement" in why and "[OP XXII.A]" in why
    found = _findings("us", ["PZIVJ", "GE-INFANTRY-SQUAD"], ["M4"], options="captured-equipment")
    assert [(s, p) for s, p, _ in found] == [
        ("info", "sides[0].forces[0].unit"),
        ("error", "sides[0].forces[1].unit"),
        ("info", "sides[1].forces[0].unit"),
    ]
    assert "only enemy Vehicle units" in found[1][2]
    assert "Turret unit" in found[2][2]


def test_op_xxii_b_the_allies_share_trucks_and_jeeps_and_the_british_american_tanks() -> None:
    """[OP XXII.B]: "The Allied player may freely use Trucks and Jeeps from both countermixes
    ... The British forces also employed large numbers of tanks of the M4 'Sherman' series and
    American Half-Tracks": no finding for those; an American side's British tank is a warning
    ("a few pieces of British equipment", our reading)."""
    assert _findings("britain", ["M4", "M3-HALFTRACK", "JEEP", "CROMWELL"], ["PZIVJ"]) == []
    assert _findings("us", ["GB-LIGHT-TRUCK", "M4"], ["PZIVJ"]) == []
    [(severity, path, why)] = _findings("us", ["M4", "CHURCHILL"], ["PZIVJ"])
    assert severity == "warning" and path == "sides[0].forces[1].unit" and "[OP XXII.B]" in why


def test_op_xxii_the_point_buy_judges_captured_units_and_a_captured_m4_keeps_its_gun() -> None:
    """[OP XXII.A]: the point-buy's rule "Units of the side's nation, or captured and borrowed
    equipment" is broken by an enemy Vehicle without the option, met with it; in play the
    German side's captured M4 fires the M4's 75mm, not the PZIV's (its card's gun)."""
    from rules.armor.cards import gun_of
    from rules.armor.pointbuy import ArmorPointBuy

    buy = ArmorPointBuy()
    for options, state in (("", "broken"), ("captured-equipment", "met")):
        loaded, _ = _nations("us", ["M4"], ["PZIVJ", "M4"], options=options)
        german = loaded.scenario.sides[1]
        lines = buy.lines(loaded.scenario, german, 1)
        [rule] = [
            r
            for r in buy.book_rules(loaded.scenario, german, lines, 0, ("sides", 1), None)
            if r.id == "nationality"
        ]
        assert rule.state == state and rule.source == "Armor [OP XXII]"
    game = load_game(loaded)
    assert isinstance(game, ArmorGame)
    captured, theirs = game.units["german.M4.1"], game.units["allied.M4.1"]
    own = game.units["german.PZIVJ.1"]
    assert gun_of(captured, "germany") == gun_of(theirs, "us")
    assert gun_of(captured, "germany") != gun_of(own, "germany")


def test_op_xix_a_flak_bailed_out_of_its_truck_unloads_in_the_cards_two_turns() -> None:
    """[OP XIX; ADV IX.B; ADV IV.B.1.e]: a FLAK that Bailed Out of its knocked-out truck must
    carry out Unloading first, in the card's two Turns (our reading: it was on its wheels),
    then stands on its wheels."""
    from rules.armor import transport

    state = _flak()
    state.troops.hexes.pop(TRUCK)
    state.damage.knocked_out.append(TRUCK)
    state.troops.stage[GUN] = transport.turns(state, GUN)  # as the Bail Out sets it
    assert state.troops.stage[GUN] == 2 and transport.turns(state, GUN) == 2
    assert "Turn 1 of 2" in state.describe(Order(GUN, transfer="U"))
    for _ in range(2):
        _turn(state, Order(GUN, transfer="U"))
    assert GUN not in state.troops.stage and flak.on_wheels(state, GUN)


def test_op_xix_the_heuristic_bot_readies_a_flak_on_its_wheels() -> None:
    """[OP XIX]: the heuristic bot's Unload heuristic (an Unloading under way, or its Vehicle
    gone, is completed) gives a FLAK on its road wheels the third Turn of Unloading."""
    from rules.bots.base import make_bot

    state = _flak()
    _unload_two_turns(state)
    bot = make_bot("heuristic", 1)
    while state.segment.id == "plot" and "german" in state.to_act():
        state.apply(bot.choose(state, "german"))
    assert state.sheets.orders["german"][GUN] == Order(GUN, transfer="U")


def test_scn_iii_c_a_stand_in_of_an_open_nation_with_forces_given_is_an_error() -> None:
    """[SCN III.C]: a side of nation ``any`` has its nation chosen with its purchase, and a
    stand-in (ASSAULT-INFANTRY, TRANSPORT) names that nation's unit. Scenario 2b's Defender
    given a fixed force besides its budget is no longer bought: `validate` called it valid and
    the game refused to start ("no 'ASSAULT-INFANTRY' of nation any"), found by random edits
    then play. Now the stand-ins are errors, where they are written."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "scenarios" / "armor" / "2b-the-bridge.yaml"
    text = path.read_text(encoding="utf-8")

    def errors(text: str) -> list[tuple[str, str]]:
        doc = read_yaml_text(text, "2b.yaml")
        found = run_checks(check_document(doc), doc)
        return [(f.path, f.message) for f in found if f.severity == "error"]

    assert errors(text) == []  # bought: the purchase chooses the nation
    old = "      region: {kind: sections, excluding_side: A}\n    reinforcements:"
    assert old in text
    given = text.replace(
        old,
        old.replace("    reinforcements:", "    forces:\n      - unit: M4\n    reinforcements:"),
    )
    found = errors(given)
    assert [p for p, _ in found] == [
        "sides[1].reinforcements[0].units[0].unit",
        "sides[1].reinforcements[0].units[1].unit",
    ]
    assert found[0][1].startswith("ASSAULT-INFANTRY stands for a unit of the side's nation")
    assert "give the side a nation, or leave its forces to the purchase [SCN III.C]" in found[0][1]
    assert (
        errors(
            given.replace(
                "    nation: any\n    role: defender", "    nation: us\n    role: defender"
            )
        )
        == []
    )
