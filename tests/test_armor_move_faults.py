"""Four faults of the Armor engine found against the book, each pinned by the rule it breaks:

- Opportunity Fire is the owner's to fire or decline [AG VII.F], and a unit stopped while
  crossing a hexside ends in the hex it left [AG VII.F.4];
- transported units do not count towards stacking [AG III.B.1; ADV V.C.2];
- a Road costs the card's Road Movement Cost, wherever the road comes from [AG V.C.2; V.C.5];
- the Vehicle/Building check reads the row of the vehicle's Close Assault Defense
  [AG VII.E.2.a].

Each position is a small scenario on sections J, K and L, with forced dice where dice matter.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable
from fractions import Fraction

from armor_scenes import clear_run, position_head, straight_line
from armor_scenes import plot_rest as _plot
from armor_sides import two_sides

from model.hexes import Hex, Hexside
from model.scenario_io import parse_scenario
from rules.armor import opportunity
from rules.armor.buildings import close_assault_defense, table_row
from rules.armor.events import ApFire, BuildingCheck, Damaged, Moved, OrderCut, Placed
from rules.armor.fire import aim
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.move import walk
from rules.armor.opportunity import OpportunityAnswered, OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-faults")
    + """
rules: {{level: armor-game}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  overlays: [{overlays}]
"""
)
#: A force entry: unit code, hex, compass facing, and extra keys (label, mounted_on).
Force = tuple[str, Hex, int, str]
#: Where a unit a position does not need stands: section L, far from the hexes used (the
#: positions are found from the west end of section J).
PARKED = Hex(0, 0)
PARK = "L3830"


@functools.cache
def base() -> ArmorGame:
    """The map the positions are built on (the units of this one are never used)."""
    return _game([("M4", PARKED, 0, "")], [("PZIVJ", PARKED, 0, "")])


def _game(
    us: list[Force],
    german: list[Force],
    edits: str = "",
    overlays: str = "",
) -> ArmorGame:
    def forces(units: list[Force]) -> str:
        lines = []
        for code, h, compass, extra in units:
            place = f"{{kind: hex, hex: {PARK}}}"
            if h != PARKED:
                amap = base().amap
                number = amap.global_to_direction(h, compass)
                place = f"{{kind: hex, hex: {amap.name(h)}, facing: {number}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}{extra}}}")
        return "\n".join(lines)

    text = SCENARIO.format(edits=edits, overlays=overlays) + two_sides(forces(us), forces(german))
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(us: list[Force], german: list[Force], **kw: str) -> ArmorState:
    state = _game(us, german, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _clear(hexes: Iterable[Hex]) -> bool:
    """Every hex on the map and Clear, and no Crest between neighbours in the list."""
    return clear_run(base(), hexes)


def _line(length: int, direction: int = 0) -> list[Hex]:
    """``length`` Clear hexes in a straight line going ``direction`` (compass)."""
    return straight_line(base(), length, direction, both_ways=True)


# --- 1. Opportunity Fire [AG VII.F] ---------------------------------------------------------


def test_opportunity_fire_waits_for_its_owner_to_fire_or_decline() -> None:
    """[AG VII.F; AG VII.F.3]: "Opportunity Fire is only 'triggered' at the will of the player
    who wrote the order": the movement stops at the trigger, and the owner's side alone acts,
    with two choices: fire, or decline (``done``)."""
    line = _line(10)
    state = _state([("M4", line[0], 0, "")], [("PZIVJ", line[9], 3, "")])
    name = state.game.name
    events = _plot(
        state, Order("us.M4.1", opportunity=name(line[6])), Order("german.PZIVJ.1", moves="3")
    )
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert (trigger.firer, trigger.target, trigger.hex, trigger.crossing) == (
        "us.M4.1",
        "german.PZIVJ.1",
        name(line[6]),
        False,
    )
    assert "[AG VII.F.3]" in trigger.describe()
    assert state.to_act() == ("us",)
    assert state.legal_actions() == [OpportunityFire("us.M4.1", "german.PZIVJ.1"), Done("us")]
    assert state.legal_actions("german") == []
    assert state.troops.hexes["german.PZIVJ.1"] == line[6]  # stopped in the hex it entered
    assert not any(isinstance(e, (ApFire, Moved)) for e in events)  # nothing fired, not done
    progress = state.progress()
    assert "Opportunity Fire" in progress.step and progress.rule == "Armor [AG VII.F]"
    assert progress.done_label.startswith("Decline")
    assert state.preview(OpportunityFire("us.M4.1", "german.PZIVJ.1")).chances[0].effect
    assert state.game.parse_action("opportunity-fire us.M4.1 german.PZIVJ.1") == (
        OpportunityFire("us.M4.1", "german.PZIVJ.1")
    )
    assert not state.preview(OpportunityFire("us.M4.1", "german.PZIVJ.2")).legal


def test_a_declined_unit_goes_on_and_the_order_waits_for_a_later_one() -> None:
    """[AG VII.F]: "the player may decline to fire and wait for later units before firing.
    Once firing is declined, the crossing unit may not be fired at": the first Panzer IV goes
    on along the line without a shot; the second triggers the order again and is fired at."""
    line = _line(10)
    state = _state([("M4", line[0], 0, "")], [("PZIVJ", line[8], 3, ""), ("PZIVJ", line[9], 3, "")])
    name = state.game.name
    _plot(
        state,
        Order("us.M4.1", opportunity=name(line[6])),
        Order("german.PZIVJ.1", moves="4"),
        Order("german.PZIVJ.2", moves="3"),
    )
    assert state.execution.asked == opportunity.Trigger(
        "us.M4.1", "german.PZIVJ.1", name(line[6]), False
    )
    events = state.apply(Done("us"))  # decline: let it pass
    [answer] = [e for e in events if isinstance(e, OpportunityAnswered)]
    assert not answer.fires and "[AG VII.F]" in answer.describe()
    [moved] = [e for e in events if isinstance(e, Moved) and e.unit == "german.PZIVJ.1"]
    assert moved.path == tuple(name(h) for h in line[7:3:-1])  # on along the line, not asked
    assert not any(isinstance(e, ApFire) for e in events)
    assert state.execution.asked is not None
    assert state.execution.asked.target == "german.PZIVJ.2"  # a later unit: asked again
    state.force_dice(5, 50, 10)  # a hit; UH (AB 16 < Penetration 17); Damage Caused 10: KO
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.2"))
    assert [e.target for e in events if isinstance(e, ApFire)] == ["german.PZIVJ.2"]
    assert state.damage.knocked_out == ["german.PZIVJ.2"] and state.damage.wrecks == [line[6]]
    assert state.troops.hexes["german.PZIVJ.1"] == line[4]


def _along() -> tuple[Hex, Hex, Hex, Hex, int]:
    """A firer's hex, the hex two diagonals away (the line of sight runs exactly along two
    hexsides), the far hexside's two hexes ``left`` and ``right``, and the direction from left
    to right; all Clear, with the hex beyond ``right``."""
    for a in sorted(base().terrain.hexes()):
        for d in range(6):
            diagonal = a.neighbor(d).neighbor((d + 1) % 6)
            b = Hex(2 * diagonal.q - a.q, 2 * diagonal.r - a.r)
            left, right = diagonal.neighbor(d), diagonal.neighbor((d + 1) % 6)
            k = left.direction_to(right)
            assert k is not None
            if _clear([a, diagonal, b, left, right, right.neighbor(k)]):
                return a, b, left, right, k
    raise AssertionError("no clear diagonal on the map")


def test_a_unit_stopped_crossing_a_hexside_ends_in_the_hex_it_left() -> None:
    """[AG VII.F.4]: "If the Opportunity Fire was triggered by the target unit crossing a
    hexside, and the fire stops the target unit, the target unit (or the Wreck unit replacing
    it) ends its move in the hex prior to crossing the hexside." The line of sight runs
    exactly along the hexside between ``left`` and ``right``: crossing it triggers the order
    [AG VII.F.3]; knocked out there, the Wreck stands in ``left``."""
    a, b, left, right, k = _along()
    line = opportunity.line_of(a, b)
    assert Hexside.between(left, right) in line.sides
    assert left not in line.hexes and right not in line.hexes  # only touched along an edge
    facing = min(range(6), key=lambda d: a.neighbor(d).distance(b))
    state = _state([("M4", a, facing, "")], [("PZIVJ", left, k, "")])
    name = state.game.name
    _plot(state, Order("us.M4.1", opportunity=name(b)), Order("german.PZIVJ.1", moves="2"))
    asked = state.execution.asked
    assert asked is not None and asked.crossing and asked.where == f"{name(left)}/{name(right)}"
    assert state.troops.hexes["german.PZIVJ.1"] == left
    shot = aim(state, "us.M4.1", "german.PZIVJ.1", opportunity=True)
    assert shot.aspect.aspect == "side" and shot.hit_number >= 5
    state.force_dice(5, 10, 10)  # a hit; side UH (AB 6); Damage Caused 10: Knocked Out
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    assert any(isinstance(e, Damaged) and e.unit == "german.PZIVJ.1" for e in events)
    [cut] = [e for e in events if isinstance(e, OrderCut)]
    assert "hex before the hexside [AG VII.F.4]" in cut.reason
    [moved] = [e for e in events if isinstance(e, Moved)]
    assert moved.path == ()  # it never entered right
    assert state.damage.wrecks == [left]


def test_a_unit_the_fire_does_not_stop_crosses_and_completes_its_move() -> None:
    """[AG VII.F.4]: "If the Opportunity Fire fails to stop the target unit, the target unit
    completes its movement after the firing is resolved"."""
    a, b, left, right, k = _along()
    facing = min(range(6), key=lambda d: a.neighbor(d).distance(b))
    state = _state([("M4", a, facing, "")], [("PZIVJ", left, k, "")])
    name = state.game.name
    _plot(state, Order("us.M4.1", opportunity=name(b)), Order("german.PZIVJ.1", moves="2"))
    state.force_dice(99)  # a miss
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    [fire] = [e for e in events if isinstance(e, ApFire)]
    assert fire.hits == 0
    assert state.troops.hexes["german.PZIVJ.1"] == right.neighbor(k)
    assert state.firing.opportunity_used == {"us.M4.1"}  # once a Turn [AG VII.F]


def test_a_position_taken_while_an_opportunity_fire_waits_reads_back() -> None:
    """[AG VII.F]: the Movement Execution Phase stopped for the owner's word is a position
    like any other: written, read back to the same state, and played on to the same end."""
    line = _line(10)
    state = _state([("M4", line[0], 0, "")], [("PZIVJ", line[8], 3, ""), ("PZIVJ", line[9], 3, "")])
    name = state.game.name
    _plot(
        state,
        Order("us.M4.1", opportunity=name(line[6])),
        Order("german.PZIVJ.1", moves="2"),
        Order("german.PZIVJ.2", moves="1RL2"),
    )
    state.apply(Done("us"))  # declined: german.PZIVJ.2 triggers it next
    assert state.execution.asked is not None and state.execution.declined
    assert state.execution.mover == "german.PZIVJ.2" and state.execution.progress == 2
    position = state.to_position()
    assert position.state["movement"]["asked"]["target"] == "german.PZIVJ.2"
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, back):
        s.force_dice(5, 50, 10)
        s.apply(OpportunityFire("us.M4.1", "german.PZIVJ.2"))
    assert back.position_fingerprint() == state.position_fingerprint()


def test_the_greedy_bot_fires_an_opportunity_it_can_hit() -> None:
    """The bots get the choice too: the greedy bot fires when its shot can hit."""
    line = _line(10)
    state = _state([("M4", line[0], 0, "")], [("PZIVJ", line[9], 3, "")])
    name = state.game.name
    _plot(state, Order("us.M4.1", opportunity=name(line[6])), Order("german.PZIVJ.1", moves="3"))
    assert state.to_act() == ("us",)
    assert GreedyBot(1).choose(state, "us") == OpportunityFire("us.M4.1", "german.PZIVJ.1")


# --- 2. Transported units and stacking [AG III.B.1; ADV V.C.2] -----------------------------------


def _truck(mounted: bool, terrain: str = "scrub") -> tuple[ArmorState, Hex]:
    """A Medium Truck with two Infantry Squads (mounted on it or not) in a hex painted
    ``terrain``, a Sherman facing it from 4 hexes."""
    line = _line(6)
    ride = ", mounted_on: truck" if mounted else ""
    edits = f"{{hexes: [{base().amap.name(line[4])}], terrain: {terrain}}}"
    state = _state(
        [("M4", line[0], 0, "")],
        [
            ("GE-MEDIUM-TRUCK", line[4], 3, ", label: truck"),
            ("GE-INFANTRY-SQUAD", line[4], 3, f", count: 2{ride}"),
        ],
        edits=edits,
    )
    return state, line[4]


def test_transported_units_do_not_count_towards_stacking() -> None:
    """[AG III.B.1; ADV V.C.2]: "a Medium Truck unit Transporting two Infantry Squad units does
    not count as six Stacking Factors (two for the Truck and four for the two Infantry
    Squads), but only as the Truck unit's two Stacking Factors"; so the hex keeps its terrain
    against fire (over four: as Clear [AG III.B.1])."""
    loose, h = _truck(mounted=False)
    assert loose.stacking(h) == 6
    riding, h = _truck(mounted=True)
    squads = ["german.GE-INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.2"]
    assert riding.troops.carried == dict.fromkeys(squads, "german.GE-MEDIUM-TRUCK.1")
    assert all(riding.troops.hexes[s] == h for s in squads)
    assert riding.stacking(h) == 2
    placed = [e.how for e in riding.log if isinstance(e, Placed) and e.unit in squads]
    assert len(placed) == 2 and all("[AG III.B.1; ADV V.C.2]" in how for how in placed)
    truck = "german.GE-MEDIUM-TRUCK.1"
    for state, applied in ((loose, False), (riding, True)):
        [terrain] = [m for m in aim(state, "us.M4.1", truck).modifiers if "scrub" in m.what]
        assert terrain.applied is applied and terrain.value == -3


def test_transported_units_move_with_their_vehicle_without_orders() -> None:
    """[ADV V.C.1]: "no movement notations need to be made for the Transported Leg or Towed
    units. They will simply move along with their Vehicle unit"."""
    state, h = _truck(mounted=True, terrain="clear")
    squad, truck = "german.GE-INFANTRY-SQUAD.1", "german.GE-MEDIUM-TRUCK.1"
    assert state.order_options(squad) == []
    assert "moves with it" in (state.why_not_order(Order(squad, moves="1")) or "")
    _plot(state, Order(truck, moves="1"))
    assert state.troops.hexes[truck] == h.neighbor(3)
    assert state.troops.hexes[squad] == h.neighbor(3) and state.stacking(h.neighbor(3)) == 2
    position = state.to_position()  # a position says who rides on what [ADV V.C]
    assert {p.id: p.values.get("transported_by") for p in position.units}[squad] == truck
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()


# --- 3. Road movement [AG V.C.2; AG V.C.5] --------------------------------------------------------


def test_a_painted_road_costs_the_cards_road_movement_cost() -> None:
    """[AG V.C.5]: "move three hexes using Road Movement (2 Speed Factors)" (the STG IIIG/75,
    Road Movement Cost 2/3), on hexes a scenario paints Road; a 4-SF vehicle goes 6 road hexes,
    not 11 for nothing [AG VII.C.2]. A Road hex entered off the road costs its other terrain,
    Clear's 1 (our reading)."""
    line = _line(13)
    road = ", ".join(base().amap.name(h) for h in line[1:])
    state = _state(
        [("M4", PARKED, 0, "")],
        [("STGIIIG-75", line[0], 0, "")],
        edits=f"{{hexes: [{road}], terrain: road}}",
    )
    game, stug = state.game, state.game.units["german.STGIIIG-75.1"]
    cost = game.cost_for(stug)
    assert cost(line[0], line[1]) == 1  # onto the road from Clear: the other terrain
    assert [cost(a, b) for a, b in itertools.pairwise(line[1:5])] == [Fraction(2, 3)] * 3
    part = game.movement.cost("vehicle", line[2], line[1]).parts[0]
    assert part.what == "along road" and "AG V.C.2" in (part.source or "")
    w = walk(stug, line[1], 0, tuple("F" * 11), cost, game.on_map)
    assert w.moved == 6 and w.spent == 4 and "[AG VII.C.2]" in (w.stopped or "")
    assert walk(stug, line[1], 0, ("F",) * 3, cost, game.on_map).spent == 2


def test_a_road_path_costs_the_cards_road_movement_cost_too() -> None:
    """[AG V.C.2]: the boards' own roads (paths across hexsides) cost the card's Road Movement
    Cost, as before; a track the card's Track Movement Cost."""
    game = base()
    jeep = dataclasses.replace(game.units["us.M4.1"], type_id="JEEP", road_cost=Fraction(1, 2))
    step = next(
        (a, b)
        for a in sorted(game.terrain.hexes())
        for b in a.neighbors()
        if b in game.amap.hexes and "road" in game.terrain.routes(Hexside.between(a, b))
    )
    assert game.cost_for(jeep)(*step) == Fraction(1, 2)
    part = game.movement.cost("vehicle", step[1], step[0]).parts[0]
    assert part.what == "along road"


# --- 4. The Vehicle/Building check's row [AG VII.E.2.a] ---------------------------------------


def test_the_building_check_reads_the_row_of_the_close_assault_defense() -> None:
    """[AG VII.E.2.a]: "Crossgrid the Vehicle unit's NM Close Assault Defense Factor with the
    type of Building unit". The Panzer IV (estimated factor 1) reads row 1 (Brick TK 50), the
    Sherman (2) row 2 (Brick TK 45): a roll of 48 damages the one, not the other."""
    assert close_assault_defense(base().units["german.PZIVJ.1"]).value == 1
    assert close_assault_defense(base().units["us.M4.1"]).value == 2
    line = _line(3, 0)
    building = line[1]
    overlays = f"{{overlay: brick-building, hex: {base().amap.name(building)}}}"
    results = {}
    for code in ("M4", "PZIVJ"):
        us = [(code, line[0], 0, "")] if code == "M4" else [("M4", PARKED, 0, "")]
        german = [(code, line[0], 0, "")] if code == "PZIVJ" else [("PZIVJ", PARKED, 0, "")]
        state = _state(us, german, overlays=overlays)
        unit = f"{'us' if code == 'M4' else 'german'}.{code}.1"
        assert state.game.terrain.terrain(building) == "brick-building"
        state.force_dice(48, 99)
        events = _plot(state, Order(unit, moves="1"))
        check = next(e for e in events if isinstance(e, BuildingCheck))
        results[code] = (check.column, check.limit, check.damage)
        row = 2 if code == "M4" else 1
        assert f"row {row}" in check.rule and "[AG VII.E.2.a" in check.rule
        assert "estimate" in (check.placeholder or "")
    assert results == {"M4": ("Brick TK", 45, False), "PZIVJ": ("Brick TK", 50, True)}


def test_a_cards_own_close_assault_defense_chooses_the_row() -> None:
    """[AG VII.E.2.a]: a card's factor is read as printed; rows from 4 are cut from the text,
    so the last row with numbers is read and the event says so."""
    tank = dataclasses.replace(base().units["us.M4.1"], ca_defense_nm=1)
    assert close_assault_defense(tank).value == 1
    assert close_assault_defense(tank).placeholder is None
    assert table_row(2) == (2, None)
    row, note = table_row(5)
    assert row == 3 and note is not None and "cut" in note
