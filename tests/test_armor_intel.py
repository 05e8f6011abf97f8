"""Tracking Fire [OP XV] and Limited Intelligence [OP X], Optional Rules of Armor.

Each position is a small scenario on sections J, K and L naming the option in ``rules.options``
(or a side's ``rules.side_options``), with forced dice where dice matter.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable
from typing import Any

import pytest
from armor_scenes import clear_run, position_head, straight_line
from armor_scenes import plot_rest as _plot
from armor_sides import bought, two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import scenario_rules
from rules.armor.events import ApFire, Moved, OrdersRevealed, PhaseNote, Placed
from rules.armor.fire import aim, sights, why_not_sighted
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityAnswered, OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-intel")
    + """
rules: {{level: armor-game, options: [{options}]{side_options}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  overlays: [{overlays}]
"""
)
#: A force entry: unit code, hex, compass facing.
Force = tuple[str, Hex, int]
PARKED = Hex(0, 0)
PARK = "L3830"
TRACKING = "tracking-fire"


@functools.cache
def base() -> ArmorGame:
    """The map the positions are built on (its units never used)."""
    return _game([("M4", PARKED, 0)], [("PZIVJ", PARKED, 0)])


def _game(
    us: list[Force],
    german: list[Force],
    options: Iterable[str] = (),
    side_options: dict[str, list[str]] | None = None,
    edits: str = "",
    overlays: str = "",
    turns: int = 2,
    level: str = "armor-game",
) -> ArmorGame:
    def forces(units: list[Force]) -> str:
        lines = []
        for code, h, compass in units:
            place = f"{{kind: hex, hex: {PARK}}}"
            if h != PARKED:
                amap = base().amap
                number = amap.global_to_direction(h, compass)
                place = f"{{kind: hex, hex: {amap.name(h)}, facing: {number}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}}}")
        return "\n".join(lines)

    per_side = ""
    if side_options:
        inner = ", ".join(f"{s}: [{', '.join(o)}]" for s, o in side_options.items())
        per_side = f", side_options: {{{inner}}}"
    text = SCENARIO.format(
        options=", ".join(options),
        side_options=per_side,
        edits=edits,
        overlays=overlays,
    ).replace("level: armor-game", f"level: {level}")
    sides = two_sides(forces(us), forces(german), turns)
    game = load_game(parse_scenario(text + sides, "pos.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(us: list[Force], german: list[Force], **kw: Any) -> ArmorState:
    state = _game(us, german, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _clear(hexes: Iterable[Hex]) -> bool:
    return clear_run(base(), hexes)


@functools.cache
def _line(length: int, direction: int = 0) -> list[Hex]:
    """``length`` Clear hexes in a straight line going ``direction`` (compass)."""
    return straight_line(base(), length, direction, both_ways=True)


def _facing_off(options: Iterable[str] = (TRACKING,)) -> ArmorState:
    """An M4 at one end of a Clear line of ten hexes facing along it, a Panzer IV at the
    other facing back: each sights the other (range 9)."""
    line = _line(10)
    return _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=options)


# --- Tracking Fire [OP XV] ------------------------------------------------------------------


def test_tracking_fire_notation_reads_and_writes_as_the_book_writes_it_op_xv_a() -> None:
    """[OP XV.A]: "Tracking is plotted by using the notation 'T' and the identification number
    of the target unit"; written "T-700" as "F-700" is [AG V.A.2.a], read back the same."""
    state = _facing_off()
    action = state.game.parse_action("order us.M4.1 T-german.PZIVJ.1")
    assert action == Order("us.M4.1", tracking="german.PZIVJ.1")
    assert action.text() == "order us.M4.1 T-german.PZIVJ.1"
    assert isinstance(action, Order) and action.notation == "T-german.PZIVJ.1"
    assert "Tracking Fire at german.PZIVJ.1" in state.describe(action)
    assert "[OP XV]" in state.describe(action)


def test_tracking_fire_is_offered_only_where_the_scenario_plays_the_option_op_xv() -> None:
    """[OP I; OP XV]: an Optional Rule: without ``tracking-fire`` no "T" order is offered
    and one written is refused; with it, a unit is offered Tracking Fire at each enemy unit it
    sights, and the order's preview says how it fires."""
    tracking = Order("us.M4.1", tracking="german.PZIVJ.1")
    without = _facing_off(options=())
    assert tracking not in without.legal_actions("us")
    why = without.why_not(tracking)
    assert why is not None and "Optional Rule" in why and "[OP XV]" in why
    state = _facing_off()
    assert tracking in state.legal_actions("us")
    preview = state.preview(tracking)
    assert preview.legal and any("[OP XV.A-B]" in r for r in preview.rules)
    assert state.concerns(tracking).hex == _line(10)[9]


def test_tracking_fire_takes_no_other_orders_and_needs_the_target_sighted_op_xv_b1() -> None:
    """[OP XV.B; AG V.A.2.b(1)]: with Tracking Fire no other orders of any kind; [OP XV.B.1]:
    "The unit using Tracking Fire must be able to sight the target unit at the start of the
    Turn": a Panzer IV in Defilade 9 hexes off (the Sighting Ranges Table gives 5 from the
    same level [GC2]) may not be tracked."""
    state = _facing_off()
    why = state.why_not(Order("us.M4.1", tracking="german.PZIVJ.1", moves="1"))
    assert why is not None and "no other orders" in why and "OP XV.B]" in why
    line = _line(10)
    edits = f"{{hexes: [{base().amap.name(line[9])}], terrain: defilade}}"
    distant = _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=[TRACKING], edits=edits)
    why = distant.why_not(Order("us.M4.1", tracking="german.PZIVJ.1"))
    assert why is not None and "at the start of the Turn [OP XV.B.1]" in why
    assert not any(isinstance(a, Order) and a.tracking for a in distant.legal_actions("us"))


def test_tracking_fire_is_not_triggered_when_its_target_does_not_move_op_xv_b2() -> None:
    """[OP XV.B.2]: "The Tracking Fire is triggered only if the designated target unit moves.
    If it does not move ... no firing takes place"; another unit moving along the same line
    does not trigger it either (it is directed against one specific unit [OP XV])."""
    line = _line(10)
    state = _state(
        [("M4", line[0], 0)], [("PZIVJ", line[9], 3), ("PZIVJ", line[8], 3)], options=[TRACKING]
    )
    events = _plot(
        state,
        Order("us.M4.1", tracking="german.PZIVJ.1"),
        Order("german.PZIVJ.2", moves="3"),
    )
    assert not any(isinstance(e, OpportunityTriggered) for e in events)
    assert state.execution.asked is None
    assert "us.M4.1" not in state.firing.fired


def test_tracking_fire_fires_without_the_opportunity_modifier_op_xv_b3() -> None:
    """[OP XV.B.2-3]: the target moves, the owner is asked in the first hex it enters where
    firing is possible, and the shot is as Direct Fire at the Slow Rate of Fire [AG VII.F.1]
    but without the -8 Opportunity Fire Modifier [OP XV.B.3]; knocked out, it ends its move
    in the hex where it was hit [AG VII.F.4]."""
    line = _line(10)
    state = _facing_off()
    name = state.game.name
    events = _plot(
        state, Order("us.M4.1", tracking="german.PZIVJ.1"), Order("german.PZIVJ.1", moves="4")
    )
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert (trigger.firer, trigger.target, trigger.hex) == (
        "us.M4.1",
        "german.PZIVJ.1",
        name(line[8]),
    )
    assert "[OP XV.B.3]" in trigger.describe()
    asked = state.execution.asked
    assert asked is not None and asked.tracking
    assert state.legal_actions() == [OpportunityFire("us.M4.1", "german.PZIVJ.1"), Done("us")]
    assert "[OP XV.B]" in state.describe(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    assert state.progress().rule == "Armor [OP XV.B]"
    assert state.progress().step.startswith("Tracking Fire")
    as_opportunity = aim(state, "us.M4.1", "german.PZIVJ.1", opportunity=True)
    tracked = aim(state, "us.M4.1", "german.PZIVJ.1", opportunity=True, tracking=True)
    assert tracked.number == as_opportunity.number + 8 and tracked.shots == as_opportunity.shots
    state.force_dice(5, 50, 10)  # a hit; UH; Damage Caused 10: Knocked Out
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    [answer] = [e for e in events if isinstance(e, OpportunityAnswered)]
    assert answer.fires and answer.tracking and "[OP XV.B.3]" in answer.describe()
    [fire] = [e for e in events if isinstance(e, ApFire)]
    assert not any("Opportunity" in m.what for m in fire.modifiers)
    assert fire.shots == state.game.units["us.M4.1"].rof_slow  # Slow Rate [AG VII.F.1]
    assert state.damage.knocked_out == ["german.PZIVJ.1"]
    assert state.damage.wrecks == [line[8]]
    assert state.firing.opportunity_used == {"us.M4.1"}
    assert fire.modifier_number == tracked.number


def test_a_declined_tracking_fire_asks_again_in_the_next_hex_op_xv_b2() -> None:
    """[OP XV.B.2]: "The firing unit may fire at the target unit at any point during its
    movement when firing is possible": our reading, letting it pass one hex is not declining
    it for good (unlike Opportunity Fire [AG VII.F]); the order asks again in the next hex, and
    fires once."""
    line = _line(10)
    state = _facing_off()
    name = state.game.name
    _plot(state, Order("us.M4.1", tracking="german.PZIVJ.1"), Order("german.PZIVJ.1", moves="3"))
    assert state.execution.asked is not None and state.execution.asked.where == name(line[8])
    events = state.apply(Done("us"))
    [answer] = [e for e in events if isinstance(e, OpportunityAnswered)]
    assert not answer.fires and "[OP XV.B.2]" in answer.describe()
    asked = state.execution.asked
    assert asked is not None and asked.tracking and asked.where == name(line[7])
    state.apply(Done("us"))
    assert state.execution.asked is not None and state.execution.asked.where == name(line[6])
    state.force_dice(99)  # a miss
    events = state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    assert [e.hits for e in events if isinstance(e, ApFire)] == [0]
    [moved] = [e for e in events if isinstance(e, Moved) and e.unit == "german.PZIVJ.1"]
    assert moved.path[-1] == name(line[6]) and state.execution.asked is None


def test_tracking_fire_asks_nothing_where_the_target_is_out_of_the_field_of_fire_op_xv_b2() -> None:
    """[OP XV.B.2]: "If it ... moves out of the firing unit's sight, range, or Field of Fire no
    firing takes place": a Panzer IV crossing behind the M4's Field of Fire (the M4 faces away)
    is never asked about, though the M4 sights it at the start of the Turn."""
    line = _line(6)
    state = _state([("M4", line[0], 3)], [("PZIVJ", line[3], 0)], options=[TRACKING])
    assert state.why_not(Order("us.M4.1", tracking="german.PZIVJ.1")) is None
    events = _plot(
        state, Order("us.M4.1", tracking="german.PZIVJ.1"), Order("german.PZIVJ.1", moves="2")
    )
    assert not any(isinstance(e, OpportunityTriggered) for e in events)
    assert state.troops.hexes["german.PZIVJ.1"] == line[5]


def test_a_position_taken_while_a_tracking_fire_waits_reads_back_op_xv() -> None:
    """[OP XV; AG VII.F]: the phase stopped for a Tracking Fire's owner is a position: written
    (``tracking: true``), read back to the same fingerprint, and a clone and the read-back
    state play on alike."""
    state = _facing_off()
    _plot(state, Order("us.M4.1", tracking="german.PZIVJ.1"), Order("german.PZIVJ.1", moves="3"))
    state.apply(Done("us"))  # let it pass one hex: the declined pair stands for that hex
    position = state.to_position()
    assert position.state["movement"]["asked"]["tracking"] is True
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    twin = state.clone()
    assert twin.fingerprint() == state.fingerprint()
    for s in (state, back, twin):
        s.force_dice(5, 50, 10)
        s.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert twin.fingerprint() == state.fingerprint()


def test_the_greedy_bot_fires_a_tracking_fire_it_can_hit_op_xv() -> None:
    """The bots get the choice: the greedy bot fires a triggered Tracking Fire it can hit."""
    state = _facing_off()
    _plot(state, Order("us.M4.1", tracking="german.PZIVJ.1"), Order("german.PZIVJ.1", moves="3"))
    assert GreedyBot(1).choose(state, "us") == OpportunityFire("us.M4.1", "german.PZIVJ.1")


def test_scenario_2a_bans_tracking_fire_on_turn_one_when_it_is_played_scn_vi_a3() -> None:
    """[SCN VI.A.3]: "No Opportunity or Tracking Fire is allowed on Turn One": 2A played with
    the ``tracking-fire`` option refuses "T" orders on Turn 1, in the rule's words, and the log
    no longer says Tracking Fire is out of the game."""
    loaded = bought("scenarios/armor/2a-trading-ground.yaml", rules={"options": [TRACKING]})
    game = load_game(loaded)
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    why = scenario_rules.fire_banned(state, "defender", "tracking")
    assert why is not None and "no Tracking Fire ('T') orders on Turn 1" in why
    assert not any(isinstance(a, Order) and a.tracking for a in state.legal_actions())
    said = [e.note for e in state.log if isinstance(e, PhaseNote) and e.phase == "Special rule"]
    assert said and not any("not in this game's options" in s for s in said)
    state.play.turn = 2
    assert scenario_rules.fire_banned(state, "defender", "tracking") is None


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_finish_a_game_with_tracking_fire_and_replay_it_op_xv(seed: int) -> None:
    """[OP XV]: the greedy bots play a short game with Tracking Fire to its end; the same seed
    and actions replay to the same fingerprint."""
    line = _line(10)
    game = _game(
        [("M4", line[0], 0), ("M4", line[1], 0)],
        [("PZIVJ", line[9], 3), ("PZIVJ", line[8], 3)],
        options=[TRACKING],
    )
    state = game.new_initial_state(seed)
    bots = {s: GreedyBot(seed) for s in game.sides}
    actions = []
    while not state.is_terminal():
        side = state.to_act()[0]
        action = bots[side].choose(state, side)
        actions.append(action)
        state.apply(action)
    again = game.new_initial_state(seed)
    for action in actions:
        again.apply(action)
    assert again.fingerprint() == state.fingerprint()
    with pytest.raises(IllegalActionError):
        state.apply(Done("us"))


# --- Limited Intelligence [OP X] ------------------------------------------------------------

INVERTED, HIDDEN = "inverted-units", "completely-hidden-units"


def _unseen_m4(**kw: Any) -> ArmorState:
    """An American M4 in Defilade at one end of a line of ten hexes (the Sighting Ranges Table
    gives 5 from the same level [GC2]), a Panzer IV at the other: the M4 sights the Panzer
    (Clear, 60), the Panzer does not sight the M4 (range 9)."""
    line = _line(10)
    edits = f"{{hexes: [{base().amap.name(line[0])}], terrain: defilade}}"
    return _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], edits=edits, **kw)


def _units(state: ArmorState, side: str) -> dict[str, str]:
    return {p.unit: p.type_id for p in state.view_for(side).units}


def test_an_unsighted_inverted_unit_shows_only_its_shape_op_x_a1() -> None:
    """[OP X.A.1]: "The opposing player can still, of course, tell tracked Vehicle units from
    other units by their shape, but not knowing exactly what type of Vehicle unit it is": the
    German view shows a tracked vehicle in the M4's hex under a name that is not its id; the
    American view of its own M4 is unchanged, and both see the Panzer face up."""
    state = _unseen_m4(side_options={"us": [INVERTED]})
    german = _units(state, "german")
    assert "us.M4.1" not in german and german["us.tracked-vehicle.1"] == "tracked-vehicle"
    [shown] = [p for p in state.view_for("german").units if p.side == "us"]
    assert shown.hex == _line(10)[0] and shown.label == "Tracked vehicle 1"
    assert shown.facing == state.troops.facing["us.M4.1"]  # the counter stands as it faces
    assert _units(state, "us") == {"us.M4.1": "M4", "german.PZIVJ.1": "PZIVJ"}


def test_an_inverted_unit_is_face_up_in_sighting_range_not_when_it_fired_op_x_a2() -> None:
    """[OP X.A.2]: "As soon as a unit is sighted, it must be placed face up ... A unit is only
    placed face up when it is in the sighting range of an enemy unit, not when it is sighted
    due to firing": the M4 that fired last Turn is sighted at any range [AG IV.C.5] and may be
    fired at, but stays inverted; in Clear (range 9 of 60) it is face up."""
    state = _unseen_m4(side_options={"us": [INVERTED]})
    state.firing.fired_last_turn = {"us.M4.1"}
    assert sights(state, "german.PZIVJ.1", "us.M4.1")  # by its firing [AG IV.C.5]
    assert "us.M4.1" not in _units(state, "german")
    line = _line(10)
    clear = _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=[INVERTED])
    assert _units(clear, "german")["us.M4.1"] == "M4"
    assert _units(clear, "us")["german.PZIVJ.1"] == "PZIVJ"  # options: both sides invert


def test_a_completely_hidden_unit_is_not_on_the_enemys_map_until_sighted_op_x_b3() -> None:
    """[OP X.B.3]: "The player does not place any units on the mapboard until they are
    sighted": the German view has no American unit; once the M4 fired last Turn it is sighted
    by the German with a clear line [AG IV.C.5] and placed on the map, face up."""
    state = _unseen_m4(side_options={"us": [HIDDEN]})
    assert _units(state, "german") == {"german.PZIVJ.1": "PZIVJ"}
    state.firing.fired_last_turn = {"us.M4.1"}
    assert _units(state, "german")["us.M4.1"] == "M4"


def test_a_hidden_units_move_and_orders_are_its_owners_alone_op_x_b4() -> None:
    """[OP X.B.4]: "Hidden units can be moved by erasing the previous mark, and making a new one
    in the new location": the M4's order, set-up and move while unsighted are in the American
    log only; the Command Sheets laid out [AG VII.A] show the German its own order only."""
    state = _unseen_m4(side_options={"us": [HIDDEN]})
    events = _plot(state, Order("us.M4.1", moves="V"), Order("german.PZIVJ.1", moves="V"))
    revealed = [e for e in events if isinstance(e, OrdersRevealed)]
    public = [e for e in revealed if e.private_to is None]
    assert [e.orders for e in public] == [("order german.PZIVJ.1 V",)]
    assert [e.orders for e in revealed if e.private_to == "us"] == [("order us.M4.1 V",)]
    placed = [e for e in state.log if isinstance(e, Placed) and e.unit == "us.M4.1"]
    assert placed and all(e.private_to == "us" for e in placed)
    german_log = "\n".join(state.view_for("german").log)
    assert "us.M4.1" not in german_log


def test_the_bot_weighs_only_the_enemy_units_its_side_may_know_of_op_x() -> None:
    """Our reading for bots [OP X]: the greedy bot's Armor planner weighs the enemy units its
    side's view holds: a hidden one not at all, an inverted one by its place only."""
    from rules.armor.bot import INVERTED_REACH, ArmorAdapter, ArmorPlanner
    from rules.bots.greedy import Evaluator

    for option, expected in ((HIDDEN, 0), (INVERTED, 1)):
        state = _unseen_m4(side_options={"us": [option]})
        ev = Evaluator(state.game, ArmorAdapter())
        planner = ArmorPlanner(ev, random.Random(1))
        known = planner._enemies(state, "german", ev.adapter.pieces(state))
        assert len(known) == expected
        if known:
            assert known[0].reach == INVERTED_REACH and known[0].category is None
        assert len(planner._enemies(state, "german", {})) == expected  # kept for the step


def test_elevation_level_differences_add_five_hexes_of_sighting_range_op_x_c1() -> None:
    """[OP X.C.1]: "Add five hexes to the range at which a unit may see or be seen for every
    elevation level difference between the units ... only to units being sighted in Clear,
    Defilade, Depression, or Soft Terrain": a Panzer IV in a Depression hex (level -1; the
    table gives 15 into Depression) 17 hexes from an M4 at level 0 is sighted with the option
    (15 + 5), not without it; in Woods (not named) the option adds nothing."""
    line = _line(18)
    target = base().amap.name(line[17])
    edits = f"{{hexes: [{target}], terrain: depression}}"
    units = ([("M4", line[0], 0)], [("PZIVJ", line[17], 3)])
    without = _state(*units, edits=edits)
    why = why_not_sighted(without, "us.M4.1", "german.PZIVJ.1")
    assert why is not None and "gives 15" in why
    with_option = _state(*units, edits=edits, options=["sighting-elevation"])
    assert with_option.game.level(line[17]) == -1
    assert why_not_sighted(with_option, "us.M4.1", "german.PZIVJ.1") is None
    assert why_not_sighted(with_option, "german.PZIVJ.1", "us.M4.1") is None  # and be seen
    woods = _state(
        *units,
        edits=f"{{hexes: [{target}], terrain: woods}}",
        options=["sighting-elevation"],
    )
    assert "[OP X.C.1]" not in (why_not_sighted(woods, "us.M4.1", "german.PZIVJ.1") or "")


def test_a_vehicle_that_moved_two_hexes_raises_dust_for_the_next_turn_op_x_c3() -> None:
    """[OP X.C.3.a]: "any Vehicle unit that moved two or more hexes during the previous Turn
    will be considered to have thrown up dust": the Panzer's three hexes of Turn 1 are dust on
    Turn 2 (the M4's one hex raises none), and it settles on Turn 3."""
    line = _line(10)
    state = _state(
        [("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=["sighting-dust"], turns=3
    )
    _plot(state, Order("us.M4.1", moves="1"), Order("german.PZIVJ.1", moves="3"))
    while state.play.turn == 1:
        state.apply(state.legal_actions()[-1])
    assert state.intel.dust == {"german.PZIVJ.1": tuple(line[8:5:-1])}
    assert state.clone().intel.dust == state.intel.dust
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    _plot(state)
    while state.play.turn == 2:
        state.apply(state.legal_actions()[-1])
    assert state.play.turn == 3 and state.intel.dust == {}


def test_dust_shows_its_vehicle_as_in_clear_and_hides_what_is_behind_it_op_x_c3() -> None:
    """[OP X.C.3.b]: a Vehicle throwing up dust "can be seen from the same range as if it were
    in Clear Terrain": a Panzer IV in Woods (the table gives 10) 12 hexes off is sighted;
    [OP X.C.3.c]: the dust hexes are "the same as if these hexes all contained a Smoke unit":
    a second Panzer beyond the dust is not sighted."""
    line = _line(14)
    edits = f"{{hexes: [{base().amap.name(line[12])}], terrain: woods}}"
    state = _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[12], 3), ("PZIVJ", line[7], 3)],
        edits=edits,
        options=["sighting-dust"],
    )
    assert "gives 10" in (why_not_sighted(state, "us.M4.1", "german.PZIVJ.1") or "")
    state.intel.dust = {"german.PZIVJ.1": (line[12],)}
    assert why_not_sighted(state, "us.M4.1", "german.PZIVJ.1") is None
    assert why_not_sighted(state, "us.M4.1", "german.PZIVJ.2") is None  # not behind it
    clear = _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[11], 3), ("PZIVJ", line[13], 3)],
        options=["sighting-dust"],
    )
    clear.intel.dust = {"german.PZIVJ.1": (line[9], line[10], line[11])}
    assert why_not_sighted(clear, "us.M4.1", "german.PZIVJ.1") is None  # its own dust
    why = why_not_sighted(clear, "us.M4.1", "german.PZIVJ.2")
    assert why is not None and "[OP X.C.3.c]" in why
    clear.intel.dust = {}
    assert why_not_sighted(clear, "us.M4.1", "german.PZIVJ.2") is None


def test_4a_ambush_plays_its_defender_completely_hidden_scn_viii_a3() -> None:
    """[SCN VIII.A.3]: "The Defender should definitely use the Completely Hidden Units Option"
    (4A's ``side_options``): bought, the Attacker's view holds only the Defender's units it
    sights [OP X.B.3], the Defender's view every Attacker unit (face up: the Attacker does not
    invert), and the rule is no longer listed as not enforced; the reduced visibility stays
    listed (its Sighting Ranges are cut from the text)."""
    game = load_game(bought("scenarios/armor/4a-ambush.yaml"))
    assert isinstance(game, ArmorGame) and game.conceals
    state = game.new_initial_state(1)
    attacker_sees = {p.unit for p in state.view_for("attacker").units}
    defenders = state.alive("defender")
    sighted = {d for d in defenders if any(sights(state, a, d) for a in state.alive("attacker"))}
    assert attacker_sees & set(defenders) == sighted
    assert sighted != set(defenders)  # some of the Defender are hidden at the start
    assert set(state.alive("attacker")) <= {p.unit for p in state.view_for("defender").units}
    listed = type(game).rules_not_enforced(game.scenario)
    assert not any("SCN VIII.A.3" in line for line in listed)
    assert any("reduced visibility" in line for line in listed)


def test_4b_raid_plays_a_hidden_attacker_and_an_inverted_defender_scn_viii_b3() -> None:
    """[SCN VIII.B.3]: "The Attacker should use the Completely Hidden Units Option; the
    Defender should use the Inverted Units Option" (4B's ``side_options``): bought, the
    Defender's view holds only the Attackers it sights; the Attacker's view holds every
    Defender unit, each out of its sighting range inverted, by its shape only [OP X.A.1]."""
    game = load_game(bought("scenarios/armor/4b-raid.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    attackers, defenders = state.alive("attacker"), state.alive("defender")
    seen = {p.unit for p in state.view_for("defender").units}
    sighted = {a for a in attackers if any(sights(state, d, a) for d in defenders)}
    assert seen & set(attackers) == sighted
    shown = [p for p in state.view_for("attacker").units if p.side == "defender"]
    inverted = [p for p in shown if p.type_id in ("tracked-vehicle", "unit")]
    face_up = [p for p in shown if p.unit in game.units]
    assert len(face_up) + len(inverted) == len(defenders)
    assert inverted and all(p.unit.startswith("defender.") for p in inverted)
    assert not any(p.unit in game.units for p in inverted)
    listed = type(game).rules_not_enforced(game.scenario)
    assert not any("Inverted Units Option" in line for line in listed)


# --- Smoking Wreck units [OP X.C.4] ---------------------------------------------------------

WRECKS = "smoking-wrecks"


def _behind_a_wreck(options: Iterable[str] = (WRECKS,), **kw: Any) -> ArmorState:
    """An M4 at one end of a Clear line of ten hexes, a Panzer IV at the other, a second
    Panzer IV knocked out half way (a Wreck unit in line[5]) [AG VI.B.7]."""
    from rules.armor.turn import damage

    line = _line(10)
    state = _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[9], 3), ("PZIVJ", line[5], 3)],
        options=options,
        **kw,
    )
    damage(state, "german.PZIVJ.2", "knocked-out")
    assert state.damage.wrecks == [line[5]]
    return state


def test_op_x_c_4_a_wreck_blocks_sight_through_and_into_its_hex_as_smoke() -> None:
    """[OP X.C.4]: "Any hex containing a Wreck unit can be considered to be a Smoke hex, and
    has the same effect as a Smoke unit on ... sighting"; Smoke "will block Lines of Sight from
    all elevation levels including into the Smoke hex" [OP IX.A.5]: with the option the M4 no
    longer sights the Panzer behind the Wreck (the log's reason names [OP X.C.4]), nor a
    Panzer standing in the Wreck's hex; an adjacent hex stays sighted [AG IV]. Without the
    option the Wreck is no obstacle [AG IV.B.1.g]."""
    line = _line(10)
    without = _behind_a_wreck(options=())
    assert why_not_sighted(without, "us.M4.1", "german.PZIVJ.1") is None
    state = _behind_a_wreck()
    why = why_not_sighted(state, "us.M4.1", "german.PZIVJ.1")
    assert why is not None and "[OP X.C.4]" in why and state.game.name(line[5]) in why
    assert not sights(state, "us.M4.1", "german.PZIVJ.1")  # the verdict-only twin agrees
    assert not sights(state, "german.PZIVJ.1", "us.M4.1")  # both ways
    state.put("german.PZIVJ.1", line[5], 3)  # into the Wreck's hex
    assert not sights(state, "us.M4.1", "german.PZIVJ.1")
    state.put("german.PZIVJ.1", line[6], 3)  # beside it, the Wreck's hex adjacent to neither
    assert not sights(state, "us.M4.1", "german.PZIVJ.1")
    state.put("us.M4.1", line[4], 0)  # adjacent to the Wreck: out of its hex is blocked
    assert not sights(state, "us.M4.1", "german.PZIVJ.1")  # line[4] -> line[6] crosses it
    state.put("german.PZIVJ.1", line[5], 3)  # adjacent: always sighted [GC2 note]
    assert sights(state, "us.M4.1", "german.PZIVJ.1")


def test_op_x_c_4_the_map_s_own_wreck_is_a_smoke_hex_too() -> None:
    """[OP X.C.4]: "Any hex containing a Wreck unit": a Wreck unit the map holds (its terrain
    painted Wreck) blocks the line as one knocked out in play, only with the option."""
    line = _line(10)
    edits = f"{{hexes: [{base().amap.name(line[5])}], terrain: wreck}}"
    units = ([("M4", line[0], 0)], [("PZIVJ", line[9], 3)])
    plain = _state(*units, edits=edits)
    assert "wreck" in plain.game.terrain.mixed(line[5])
    assert sights(plain, "us.M4.1", "german.PZIVJ.1")
    smoking = _state(*units, edits=edits, options=[WRECKS])
    why = why_not_sighted(smoking, "us.M4.1", "german.PZIVJ.1")
    assert why is not None and "[OP X.C.4]" in why
    enter = smoking.cost_for(smoking.game.units["us.M4.1"])
    assert (
        enter(line[4], line[5]) == plain.cost_for(plain.game.units["us.M4.1"])(line[4], line[5]) + 1
    )


def test_op_x_c_4_a_wreck_hex_costs_a_vehicle_one_more_speed_factor_to_enter() -> None:
    """[OP X.C.4] "the same effect as a Smoke unit on moving": a Smoke hex "costs an additional
    Speed Factor for Vehicle units to enter" [OP IX.A.5]: entering the Wreck's hex costs the
    M4 one more with the option (Clear's cost without); a hex both Smoke and Wreck costs its
    +1 once (our reading)."""
    line = _line(10)
    without = _behind_a_wreck(options=())
    state = _behind_a_wreck()
    m4 = state.game.units["us.M4.1"]
    plain = without.cost_for(m4)(line[4], line[5])
    assert plain is not None
    assert state.cost_for(m4)(line[4], line[5]) == plain + 1
    assert state.cost_for(m4)(line[3], line[4]) == without.cost_for(m4)(line[3], line[4])
    state.smoke.smoke_face_up = {line[5]}
    assert state.cost_for(m4)(line[4], line[5]) == plain + 1  # once


def test_op_x_c_4_a_wreck_made_by_opportunity_fire_blocks_later_sighting_and_keeps() -> None:
    """[OP X.C.4]: the Wreck counts from when it is placed (our reading); the Smoking Wreck is
    the Wreck the state already keeps [AG VI.B.7], so a clone and a position file read back
    block the same line."""
    state = _behind_a_wreck()
    again = state.clone()
    assert not sights(again, "us.M4.1", "german.PZIVJ.1")
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert not sights(back, "us.M4.1", "german.PZIVJ.1")
    assert back.position_fingerprint() == state.position_fingerprint()


# --- Dust [OP X.C.3] in full, and the Optional Noise Rules [OP X.D] -------------------------

DUST, NOISE = "sighting-dust", "noise"


def _creeping(options: Iterable[str], *, german_at: int = 12, **kw: Any) -> ArmorState:
    """A Completely Hidden American M4 in Defilade at the start of a Clear line, with
    Defilade in the two hexes ahead of it (the Sighting Ranges Table gives 5 into Defilade
    from the same level [GC2]); a Panzer IV ``german_at`` hexes down the line, facing back:
    the M4 may creep two hexes unseen."""
    line = _line(14)
    names = ", ".join(base().amap.name(h) for h in line[:3])
    return _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[german_at], 3)],
        options=options,
        side_options={"us": [HIDDEN]},
        edits=f"{{hexes: [{names}], terrain: defilade}}",
        turns=3,
        **kw,
    )


def _told(state: ArmorState, side: str, rule: str) -> list[Any]:
    from rules.armor.optional.events import Told

    return [e for e in state.log if isinstance(e, Told) and rule in e.rule and e.visible_to(side)]


def test_op_x_c_3_c_a_dust_hex_costs_a_vehicle_one_more_speed_factor_to_enter() -> None:
    """[OP X.C.3.c]: the dust hexes are handled "the same as if these hexes all contained a
    Smoke unit", and a Smoke hex "costs an additional Speed Factor for Vehicle units to enter"
    [OP IX.A.5]: an M4 entering a hex of the Panzer's dust pays one more; no dust, no more; a
    dust hex with Smoke fired into it pays its +1 once (our reading)."""
    line = _line(10)
    state = _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=[DUST])
    m4 = state.game.units["us.M4.1"]
    plain = state.cost_for(m4)(line[1], line[2])
    assert plain is not None
    state.intel.dust = {"german.PZIVJ.1": (line[2], line[3])}
    assert state.cost_for(m4)(line[1], line[2]) == plain + 1
    assert state.cost_for(m4)(line[0], line[1]) == plain  # not a dust hex
    state.smoke.smoke_face_up = {line[2]}
    assert state.cost_for(m4)(line[1], line[2]) == plain + 1


def test_op_x_c_3_a_no_dust_is_thrown_up_in_mud_weather() -> None:
    """[OP X.C.3.a]: "Except in Mud weather, any Vehicle unit that moved two or more hexes
    during the previous Turn will be considered to have thrown up dust": the Panzer's three
    hexes in Mud (the scenario's ground) throw up none, so nothing is revealed either."""
    line = _line(10)
    state = _state([("M4", line[0], 0)], [("PZIVJ", line[9], 3)], options=[DUST], turns=3)
    state.game.ground = "mud"
    _plot(state, Order("german.PZIVJ.1", moves="3"))
    while state.play.turn == 1:
        state.apply(state.legal_actions()[-1])
    assert state.intel.dust == {} and state.intel.raised == {}


def test_op_x_c_3_b_a_hidden_units_dusty_route_is_revealed_to_the_opponent() -> None:
    """[OP X.C.3.b]: "If the Completely Hidden Units Option is used, the whole route taken by
    an otherwise secret move must be revealed to the opposing player": the hidden M4 creeps
    two hexes unseen; the German log is told the two hexes it entered, in order, without the
    unit; the American log says its route was revealed; the M4 is still not on the German map
    (its move stays private [OP X.B.4]). Without dust, nothing is told."""
    line = _line(14)
    name = base().amap.name
    state = _creeping([DUST])
    _plot(state, Order("us.M4.1", moves="2"))
    assert state.troops.hexes["us.M4.1"] == line[2]
    [german] = _told(state, "german", "[OP X.C.3.b]")[:1]
    assert german.private_to == "german" and german.where == (name(line[1]), name(line[2]))
    assert "us.M4.1" not in german.describe()
    assert "revealed" in german.describe() and "[OP X.C.3.b]" in german.describe()
    [own] = [e for e in _told(state, "us", "[OP X.C.3.b]") if e.private_to == "us"]
    assert "us.M4.1" in own.describe() and own.where == german.where
    assert "us.M4.1" not in {p.unit for p in state.view_for("german").units}
    german_log = "\n".join(state.view_for("german").log)
    assert name(line[2]) in german_log and "us.M4.1" not in german_log
    quiet = _creeping([])
    _plot(quiet, Order("us.M4.1", moves="2"))
    assert _told(quiet, "german", "[OP X.C.3.b]") == []


def test_op_x_d_1_a_hidden_vehicle_moving_is_heard_up_to_ten_hexes_off() -> None:
    """[OP X.D.1; X.D.3]: "Moving Vehicle units can be 'heard' up to ten hexes from the unit
    which 'hears' them ... The controlling player does not place the moving unit on the
    mapboard, but must tell the opponent what (Vehicle or Leg) was heard, and where": the
    Panzer 12 hexes down the line hears the M4 in the hex it entered 10 hexes off, not the one
    11 off; the German view holds a "Heard vehicle" mark there, not the M4; each side's log
    has its line; the American view has no mark."""
    line = _line(14)
    name = base().amap.name
    state = _creeping([NOISE])
    _plot(state, Order("us.M4.1", moves="2"))
    assert state.intel.heard == {"german": (("vehicle", line[2]),)}
    german = state.view_for("german").units
    assert "us.M4.1" not in {p.unit for p in german}
    [mark] = [p for p in german if p.type_id == "heard-vehicle"]
    assert (mark.hex, mark.side, mark.label, mark.facing) == (
        line[2],
        "us",
        "Heard vehicle 1",
        None,
    )
    assert mark.unit not in state.game.units
    assert not any(p.type_id.startswith("heard") for p in state.view_for("us").units)
    [told] = _told(state, "german", "[OP X.D.1; X.D.3]")[:1]
    assert told.private_to == "german" and told.where == (name(line[2]),)
    assert "a Vehicle" in told.describe() and "us.M4.1" not in told.describe()
    [own] = [e for e in _told(state, "us", "[OP X.D.1; X.D.3]") if e.private_to == "us"]
    assert "us.M4.1" in own.describe() and "german" in own.describe()
    far = _creeping([NOISE], german_at=13)  # 11 and 12 hexes off: not heard
    _plot(far, Order("us.M4.1", moves="2"))
    assert far.intel.heard == {} and _told(far, "german", "[OP X.D") == []


def test_op_x_d_a_heard_mark_keeps_for_the_turn_in_clones_and_position_files() -> None:
    """[OP X.D]: the heard marks are the Turn's (our reading): a clone and a position file
    read back keep them, with the same fingerprint; the next Turn forgets them. A unit in
    sight is not "heard" (the Option "is helpful only concerning units that are out of
    sight" [OP X.D]): the M4 moving in Clear, sighted, leaves no mark."""
    state = _creeping([NOISE])
    _plot(state, Order("us.M4.1", moves="2"))
    assert state.intel.heard
    again = state.clone()
    assert again.intel.heard == state.intel.heard
    assert again.fingerprint() == state.fingerprint()
    position = state.to_position()
    assert position.state is not None
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.intel.heard == state.intel.heard
    assert back.position_fingerprint() == state.position_fingerprint()
    assert [p.type_id for p in back.view_for("german").units].count("heard-vehicle") == 1
    while state.play.turn == 1:
        state.apply(state.legal_actions()[-1])
    assert state.intel.heard == {}
    assert not any(p.type_id.startswith("heard") for p in state.view_for("german").units)
    line = _line(14)
    seen = _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[12], 3)],
        options=[NOISE],
        side_options={"us": [HIDDEN]},
    )
    _plot(seen, Order("us.M4.1", moves="2"))
    assert "us.M4.1" in {p.unit for p in seen.view_for("german").units}
    assert seen.intel.heard == {}


def test_op_x_d_2_a_hidden_leg_unit_moving_is_heard_up_to_four_hexes_off() -> None:
    """[OP X.D.2]: "Moving Leg units can be heard up to four hexes from the unit which hears
    them": a hidden Infantry Squad creeping one hex in Woods is heard by a Panzer four hexes
    from the hex it entered ("Leg" told, a "Heard leg unit" mark); five hexes off it is not."""
    line = _line(10)
    name = base().amap.name

    def creep(panzer_at: int) -> ArmorState:
        woods = ", ".join(name(h) for h in line[:2])
        state = _state(
            [("INFANTRY-SQUAD", line[0], 0)],
            [("PZIVJ", line[panzer_at], 3)],
            options=[NOISE],
            side_options={"us": [HIDDEN]},
            edits=f"{{hexes: [{woods}], terrain: woods}}",
            level="advanced-game",
        )
        _plot(state, Order("us.INFANTRY-SQUAD.1", moves="1"))
        assert state.troops.hexes["us.INFANTRY-SQUAD.1"] == line[1]
        return state

    near = creep(5)
    assert near.intel.heard == {"german": (("leg", line[1]),)}
    [mark] = [p for p in near.view_for("german").units if p.side == "us"]
    assert mark.type_id == "heard-leg" and mark.label == "Heard leg unit 1"
    [told] = _told(near, "german", "[OP X.D.2; X.D.3]")
    assert "a Leg unit" in told.describe() and told.where == (name(line[1]),)
    far = creep(6)
    assert far.intel.heard == {}


# --- a fleeting glimpse [OP X.B.4] -----------------------------------------------------------


def _dashing(defilade: list[int]) -> ArmorState:
    """A Completely Hidden American M4 at the start of a line, a Panzer IV nine hexes down it
    facing back; Defilade in the line's hexes ``defilade`` (the Sighting Ranges Table gives 5
    into Defilade, 60 into Clear, from the same level [GC2])."""
    line = _line(10)
    names = ", ".join(base().amap.name(line[i]) for i in defilade)
    return _state(
        [("M4", line[0], 0)],
        [("PZIVJ", line[9], 3)],
        side_options={"us": [HIDDEN]},
        edits=f"{{hexes: [{names}], terrain: defilade}}",
        turns=3,
    )


def test_op_x_b_4_a_hidden_unit_glimpsed_on_its_way_is_told_to_the_opponent() -> None:
    """[OP X.B.4]: "As the units are moved, be sure to tell the opponent if he sights even a
    fleeting glimpse of the moving unit": the hidden M4 dashes from Defilade across a Clear
    hex (range 8 of the Panzer's 60) into Defilade again (range 7, beyond 5): it ends unseen
    and off the German map [OP X.B.3], but the German log is told the M4 was glimpsed in the
    Clear hex, the American log that it was. Across Defilade all the way, nothing is told."""
    line = _line(10)
    name = base().amap.name
    state = _dashing([0, 2])
    _plot(state, Order("us.M4.1", moves="2"))
    assert state.troops.hexes["us.M4.1"] == line[2]
    assert "us.M4.1" not in {p.unit for p in state.view_for("german").units}
    [german] = [e for e in _told(state, "german", "[OP X.B.4]") if e.private_to == "german"]
    assert german.where == (name(line[1]),)
    assert "M4" in german.describe() and "fleeting glimpse" in german.describe()
    [own] = [e for e in _told(state, "us", "[OP X.B.4]") if e.private_to == "us"]
    assert "us.M4.1" in own.describe() and own.where == (name(line[1]),)
    assert state.troops.facing["us.M4.1"] == 0  # put back as it stands: straight ahead
    quiet = _dashing([0, 1, 2])
    _plot(quiet, Order("us.M4.1", moves="2"))
    assert quiet.troops.hexes["us.M4.1"] == line[2]
    assert _told(quiet, "german", "[OP X.B.4]") == []
