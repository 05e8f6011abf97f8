"""Tracking Fire [OP XV] and Limited Intelligence [OP X], Optional Rules of Armor.

Each position is a small scenario on sections J, K and L naming the option in ``rules.options``
(or a side's ``rules.side_options``), with forced dice where dice matter.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Any

import pytest
from armor_sides import bought, two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import scenario_rules
from rules.armor.events import ApFire, Moved, PhaseNote
from rules.armor.fire import aim
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityAnswered, OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = """
schema_version: 1
id: test-armor-intel
title: Test position
system: armor
original: true
rules: {{level: armor-game, options: [{options}]{side_options}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  overlays: [{overlays}]
"""
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
        options=", ".join(options), side_options=per_side, edits=edits, overlays=overlays
    )
    game = load_game(parse_scenario(text + two_sides(forces(us), forces(german)), "pos.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(us: list[Force], german: list[Force], **kw: Any) -> ArmorState:
    state = _game(us, german, **kw).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _clear(hexes: Iterable[Hex]) -> bool:
    game = base()
    found = list(hexes)
    if not all(h in game.amap.hexes and game.terrain.terrain(h) == "clear" for h in found):
        return False
    return all(
        not game.movement.cost("vehicle", b, a).parts[1:]
        for a, b in itertools.permutations(found, 2)
        if a.distance(b) == 1
    )


@functools.cache
def _line(length: int, direction: int = 0) -> list[Hex]:
    """``length`` Clear hexes in a straight line going ``direction`` (compass)."""
    for h in sorted(base().terrain.hexes()):
        line = [h]
        for _ in range(length - 1):
            line.append(line[-1].neighbor(direction))
        if _clear(line):
            return line
    raise AssertionError("no straight clear line on the map")


def _plot(state: ArmorState, *orders: Order) -> list[object]:
    """Each order, then ``done`` for every side still plotting."""
    events: list[object] = []
    for order in orders:
        events += state.apply(order)
    while state.segment.id == "plot" and state.to_act():
        events += state.apply(Done(state.to_act()[0]))
    return events


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
