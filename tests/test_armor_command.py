"""Armor's Organization and Command Control [OP XIV], switched on by the scenario's
``rules.options: [command-control]`` (our name), with Radio Jamming [OP XIV.C]
(``radio-jamming``): Formations and HQs from the order of battle [XIV.A], Command Control at
the start of the Order Plot Phase [XIV.B.1], orders plotted in advance out of it [XIV.B.2],
the Player HQ Knocked Out [XIV.B.3] and the Radio Jamming Table [XIV.C.2.b], on made
positions with forced dice."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from armor_scenes import on_clear, position_head, straight_line

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario, parse_scenario
from model.systems import GameSystem
from model.tables import tables
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional import command
from rules.armor.orders import Order
from rules.armor.turn import damage
from rules.bots.base import RandomBot, make_bot, play
from rules.engine.actions import Done, parse_action
from rules.engine.errors import ActionSyntaxError, IllegalActionError, UnsupportedGameError
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-command")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
sides:
  - id: us
    name: American
    nation: us
    purchases: [{us_buys}]
    forces:
{us}
  - id: german
    name: German
    nation: germany
    purchases: [{german_buys}]
    forces:
{german}
length: {{turns: 4}}
victory:
  scoring: most-vp
  conditions:
    - {{kind: enemy-losses, side: us, award: {{per: unit-value}}}}
    - {{kind: enemy-losses, side: german, award: {{per: unit-value}}}}
"""
)
OPTIONS = "command-control"
#: unit code, hex, compass facing, state words, formation
Force = tuple[str, Hex, int, str, str]


@functools.cache
def _base() -> ArmorGame:
    text = SCENARIO.format(
        options="",
        us_buys="",
        german_buys="",
        us="      - {unit: M4, placement: {kind: hex, hex: L3830}}",
        german="      - {unit: PZIVJ, placement: {kind: hex, hex: L3831}}",
    )
    game = load_game(parse_scenario(text, "base.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _clear(h: Hex) -> bool:
    return on_clear(_base(), h)


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes in a straight line going north, no Crest between them."""
    return straight_line(_base(), length)


@functools.cache
def _blocked() -> tuple[Hex, Hex]:
    """Two Clear hexes four apart whose Line of Sight is blocked by terrain between them."""
    game = _base()
    for a in sorted(game.terrain.hexes()):
        if not _clear(a):
            continue
        for b in sorted(game.terrain.hexes()):
            if a.distance(b) == 4 and _clear(b) and game.los(a, b).verdict == "blocked":
                return a, b
    raise AssertionError("no blocked line of sight between Clear hexes")


def _forces(units: list[Force]) -> str:
    amap = _base().amap
    lines = []
    for code, h, compass, words, formation in units:
        group = f"formation: {formation}, " if formation else ""
        lines.append(
            f"      - {{unit: {code}, {group}state: [{words}], placement: {{kind: hex, hex: "
            f"{amap.name(h)}, facing: {amap.global_to_direction(h, compass)}}}}}"
        )
    return "\n".join(lines)


def _game(
    us: list[Force], german: list[Force], options: str = OPTIONS, us_buys: str = ""
) -> ArmorGame:
    text = SCENARIO.format(
        options=options,
        us_buys=us_buys,
        german_buys="",
        us=_forces(us),
        german=_forces(german),
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(us: list[Force], german: list[Force], options: str = OPTIONS) -> ArmorState:
    state = _game(us, german, options).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _until(state: ArmorState, segment: str, turn: int) -> None:
    """``done`` for every side that acts until the segment of the Turn begins."""
    while not (state.segment.id == segment and state.play.turn == turn):
        assert not state.play.over
        state.apply(Done(state.to_act()[0]))


def _far_german(line: list[Hex]) -> list[Force]:
    return [("PZIVJ", line[-1], 3, "", "")]


# --- Organization [OP XIV.A] ----------------------------------------------------------------


def test_op_xiv_a_4_hqs_named_in_the_order_of_battle_and_radios_from_the_card() -> None:
    """[OP XIV.A.4]: ``player-hq`` and ``hq`` in an entry's words mark the Player HQ (the
    circled "HQ") and a Formation's HQ; the Formation is the entry's ``formation``. Radios
    [Intro IV RADIO]: the card's "yes" (M4), "no" (MG team), a share "1/10" (German
    squads: the 1st of each ten, our reading); ``radio`` / ``no-radio`` words override."""
    line = _line(8)
    game = _game(
        [
            ("M4", line[0], 0, "player-hq", ""),
            ("M4", line[1], 0, "no-radio", "able"),
            ("INFANTRY-SQUAD", line[2], 0, "hq, radio", "able"),
            ("US-MG-TEAM", line[3], 0, "", "able"),
        ],
        [
            ("GE-INFANTRY-SQUAD", line[7], 3, "", "berta"),
            ("GE-INFANTRY-SQUAD", line[6], 3, "", "berta"),
        ],
    )
    org = command.organization(game)
    assert org.player_hq["us"] == "us.M4.1"
    assert org.hq_of[("us", "able")] == "us.INFANTRY-SQUAD.1"
    assert org.formation["us.US-MG-TEAM.1"] == ("us", "able")
    assert "us.M4.1" in org.radios and "us.M4.2" not in org.radios
    assert "us.INFANTRY-SQUAD.1" in org.radios and "us.US-MG-TEAM.1" not in org.radios
    assert "german.GE-INFANTRY-SQUAD.1" in org.radios
    assert "german.GE-INFANTRY-SQUAD.2" not in org.radios
    # none named: the first unit with a Radio (our reading), said so
    assert org.player_hq["german"] == "german.GE-INFANTRY-SQUAD.1"
    assert org.hq_of[("german", "berta")] == "german.GE-INFANTRY-SQUAD.1"
    assert any("german's Player HQ" in r and "our reading" in r for r in org.readings)


def test_op_xiv_c_radio_jamming_needs_command_control_and_its_table_is_the_books() -> None:
    """[OP XIV.C]: the Radio Jamming option alone is refused (it interrupts Command
    Control); the Radio Jamming Table's ranges are the Game Card's (Formation 01-20 vs.
    Allies, 01-30 vs. German; Player HQ 01-10, 01-20) [GC2; OP XIV.C.2.b]."""
    line = _line(3)
    with pytest.raises(UnsupportedGameError, match=r"OP XIV.C"):
        _game([("M4", line[0], 0, "", "")], _far_german(line), options="radio-jamming")
    assert command.jamming_range("us", player=False) == ("Vs. Allies", 20)
    assert command.jamming_range("britain", player=True) == ("Vs. Allies", 10)
    assert command.jamming_range("germany", player=False) == ("Vs. German", 30)
    assert command.jamming_range("germany", player=True) == ("Vs. German", 20)
    table = tables(GameSystem.ARMOR)["radio-jamming"]
    assert "OP XIV.C" in (table.source or "")


# --- Command Control [OP XIV.B.1] -----------------------------------------------------------


def test_op_xiv_b_1_units_in_or_adjacent_to_the_player_hq_are_in_command_control() -> None:
    """[OP XIV.B.1]: the units in or adjacent to the Player HQ's hex are in Command Control,
    a unit without a Radio two hexes off is not; shown in the side's log note and on the
    counters (PHQ, NC); nothing of it without the option."""
    line = _line(9)
    us = [
        ("US-MG-TEAM", line[0], 0, "player-hq", ""),
        ("US-MG-TEAM", line[1], 0, "", ""),
        ("US-MG-TEAM", line[3], 0, "", ""),
    ]
    state = _state(us, _far_german(line))
    assert state.command.cc_out["us"] == ("us.US-MG-TEAM.3",)
    notes = [e for e in state.log if isinstance(e, command.CommandNote) and e.side == "us"]
    assert any("out of Command Control: us.US-MG-TEAM.3" in e.describe() for e in notes)
    assert all(e.private_to == "us" for e in notes if "[OP XIV.B.1]" in e.rule)
    marks = {p.unit: p.markers for p in state.positions()}
    assert "PHQ" in marks["us.US-MG-TEAM.1"] and "NC" in marks["us.US-MG-TEAM.3"]
    assert "NC" not in marks["us.US-MG-TEAM.2"]
    plain = _state(us, _far_german(line), options="")
    assert plain.command.snapshot() == {}
    assert not any("NC" in p.markers for p in plain.positions())


def test_op_xiv_b_1_a_an_hq_adjacent_to_the_player_hq_controls_its_own_formation_only() -> None:
    """[OP XIV.B.1; B.1.a]: units adjacent to an HQ adjacent to the Player HQ are in Command
    Control when of the HQ's Formation; a unit of another Formation there is not."""
    line = _line(9)
    us = [
        ("US-MG-TEAM", line[0], 0, "player-hq", ""),
        ("US-MG-TEAM", line[1], 0, "hq", "able"),
        ("US-MG-TEAM", line[2], 0, "", "able"),
        ("US-MG-TEAM", line[2], 0, "", "baker"),
    ]
    state = _state(us, _far_german(line))
    assert state.command.cc_out["us"] == ("us.US-MG-TEAM.4",)


def _in_sight(a: Hex, away: Hex) -> Hex:
    """A Clear hex three from ``a`` in its clear Line of Sight, not near ``away``."""
    game = _base()
    for c in sorted(game.terrain.hexes()):
        near = a.distance(c) == 3 and c.distance(away) > 2
        if near and _clear(c) and game.los(a, c).verdict != "blocked":
            return c
    raise AssertionError("no hex in clear sight")


def test_op_xiv_b_1_b_a_radio_at_the_player_hq_links_units_with_radios_in_sight() -> None:
    """[OP XIV.B.1; B.1.b]: with a Radio at the Player HQ every unit with a Radio it has a
    clear Line of Sight to is in Command Control; one whose Line of Sight is blocked is not,
    nor is one in sight without a Radio at the Player HQ."""
    a, b = _blocked()
    c = _in_sight(a, b)
    german = [("PZIVJ", _line(3)[0], 3, "", "")]
    us = [("M4", a, 0, "player-hq", ""), ("M4", b, 0, "", ""), ("M4", c, 0, "", "")]
    state = _state(us, german)
    assert state.command.cc_out["us"] == ("us.M4.2",)
    no_radio = _state([("M4", a, 0, "player-hq, no-radio", ""), *us[1:]], german)
    assert no_radio.command.cc_out["us"] == ("us.M4.2", "us.M4.3")


def test_op_xiv_b_1_c_an_hq_with_a_radio_in_control_controls_its_formations_radios() -> None:
    """[OP XIV.B.1.c]: an HQ with a Radio in Command Control (here adjacent to a Player HQ
    with no Radio) controls the units with Radios of its Formation it sights; not those of
    another Formation, nor ones without a Radio."""
    line = _line(10)
    us = [
        ("US-MG-TEAM", line[0], 0, "player-hq", ""),
        ("M4", line[1], 0, "hq", "able"),
        ("M4", line[5], 0, "", "able"),
        ("M4", line[6], 0, "", "baker"),
        ("M4", line[7], 0, "no-radio", "able"),
    ]
    state = _state(us, _far_german(line))
    assert state.command.cc_out["us"] == ("us.M4.3", "us.M4.4")


# --- Units out of Command Control [OP XIV.B.2] ----------------------------------------------


def _alone() -> ArmorState:
    """A US M4 five hexes from its Player HQ, which has no Radio: out of Command Control."""
    line = _line(10)
    us = [("US-MG-TEAM", line[0], 0, "player-hq", ""), ("M4", line[5], 0, "", "")]
    return _state(us, [("PZIVJ", line[9], 3, "", "")])


def test_op_xiv_b_2_out_of_control_a_move_needs_the_next_turns_orders_written_with_it() -> None:
    """[OP XIV.B.2]: a unit out of Command Control is plotted normally while its orders do not
    enter a new hex (a Pivot, Direct Fire); an order to move into one is refused without the
    next Turn's orders and offered with "then -" and "then F" (our reading of how the engine
    asks); a unit in Command Control may not write orders in advance."""
    state = _alone()
    m4 = "us.M4.1"
    assert state.command.cc_out["us"] == (m4,)
    assert state.why_not(Order(m4, moves="V")) is None
    with pytest.raises(IllegalActionError, match=r"next Turn's orders.*\[OP XIV.B.2\]"):
        state.apply(Order(m4, moves="1"))
    offered = {a.text() for a in state.legal_actions("us") if getattr(a, "unit", None) == m4}
    assert f"order {m4} 1 then -" in offered and f"order {m4} 1 then F" in offered
    assert f"order {m4} 1" not in offered
    hq = "us.US-MG-TEAM.1"
    why = state.why_not(Order(hq, moves="1", ahead="F"))
    assert why is not None and "in Command Control" in why


def test_op_xiv_b_2_orders_in_advance_bind_the_unit_next_turn() -> None:
    """[OP XIV.B.2]: "1 then 1" written on Turn 1 binds the unit still out of Command
    Control on Turn 2 to exactly "1" (and, still out, its own next Turn's orders); any other
    order is refused [B.2.b "specific and exact"], and the side may not finish its plot
    without it; the text round-trips."""
    state = _alone()
    m4 = "us.M4.1"
    order = parse_action("order us.M4.1 1 then 1", state.game.actions)
    assert order == Order(m4, moves="1", ahead="1")
    state.apply(order)
    assert state.command.cc_ahead == {m4: "1"}
    _until(state, "plot", 2)
    assert state.command.cc_bound == {m4: "1"} and state.command.cc_ahead == {}
    with pytest.raises(IllegalActionError, match=r"bound by its orders plotted in advance"):
        state.apply(Order(m4, moves="V"))
    offered = [a for a in state.legal_actions("us") if getattr(a, "unit", None) == m4]
    assert {a.text() for a in offered} == {f"order {m4} 1 then -", f"order {m4} 1 then F"}
    assert Done("us") not in state.legal_actions("us")  # it binds: not left unwritten
    with pytest.raises(IllegalActionError, match=r"must be plotted .*\[OP XIV.B.2\]"):
        state.apply(Done("us"))
    state.apply(Order(m4, moves="1", ahead="-"))
    state.apply(Done("us"))
    assert "us" in state.play.done or state.segment.id != "plot"


def test_op_xiv_b_2_a_orders_in_advance_are_erased_when_the_unit_enters_command_control() -> None:
    """[OP XIV.B.2.a]: a unit that moves into Command Control has its orders plotted in
    advance erased, and its orders are plotted normally."""
    line = _line(10)
    us = [("US-MG-TEAM", line[0], 0, "player-hq", ""), ("M4", line[3], 3, "", "")]
    state = _state(us, [("PZIVJ", line[9], 3, "", "")])
    m4 = "us.M4.1"
    assert state.command.cc_out["us"] == (m4,)
    state.apply(Order(m4, moves="2", ahead="-"))
    _until(state, "plot", 2)
    assert state.troops.hexes[m4] == line[1]
    assert m4 not in state.command.cc_bound and m4 not in state.command.cc_out["us"]
    assert any(isinstance(e, command.CommandNote) and e.rule == "[OP XIV.B.2.a]" for e in state.log)
    assert state.why_not(Order(m4, moves="V")) is None


def test_op_xiv_b_2_b_fire_in_advance_leaves_the_target_to_the_next_order_plot() -> None:
    """[OP XIV.B.2.b]: "then F" binds the unit next Turn to Direct Fire at a target named in
    that Order Plot (any it may fire at), and to no movement; "then -" to no orders at all
    (our reading)."""
    line = _line(10)
    us = [("US-MG-TEAM", line[0], 0, "player-hq", ""), ("M4", line[5], 0, "", "")]
    state = _state(us, [("PZIVJ", line[9], 3, "", "")])
    m4, pz = "us.M4.1", "german.PZIVJ.1"
    state.apply(Order(m4, moves="1", ahead="F"))
    _until(state, "plot", 2)
    assert state.command.cc_bound == {m4: "F"}
    offered = [a for a in state.legal_actions("us") if getattr(a, "unit", None) == m4]
    assert offered and all(isinstance(a, Order) and a.fire and not a.moves for a in offered)
    assert Order(m4, fire=pz) in offered
    assert state.why_not(Order(m4, moves="1", ahead="-")) is not None
    held = _alone()
    held.apply(Order(m4, moves="1", ahead="-"))
    _until(held, "plot", 2)
    assert not [a for a in held.legal_actions("us") if getattr(a, "unit", None) == m4]


def test_op_xiv_b_2_the_then_notation_reads_and_refuses() -> None:
    """[OP XIV.B.2]: ``then`` is followed by one word, a movement notation, F, N or -."""
    actions = _base().actions
    assert parse_action("order us.M4.1 2R1 then rr1", actions) == Order(
        "us.M4.1", moves="2R1", ahead="RR1"
    )
    assert parse_action("order us.M4.1 1 then -", actions).text() == "order us.M4.1 1 then -"
    for bad in ("order us.M4.1 1 then", "order us.M4.1 1 then X", "order us.M4.1 then F"):
        with pytest.raises(ActionSyntaxError):
            parse_action(bad, actions)
    line = _line(3)
    plain = _state([("M4", line[0], 0, "", "")], _far_german(line), options="")
    assert "Command Control" in (plain.why_not(Order("us.M4.1", moves="1", ahead="F")) or "")


# --- the Player HQ Knocked Out [OP XIV.B.3] -------------------------------------------------


def test_op_xiv_b_3_player_hq_knocked_out_two_turns_out_then_a_new_one_selected() -> None:
    """[OP XIV.B.3]: the Player HQ Knocked Out on Turn 1: every unit of the side is out of
    Command Control on Turns 2 and 3; on Turn 4 the player selects a new Player HQ (the
    ``player-hq`` action, before any order: our reading) and Command Control resumes."""
    line = _line(10)
    us = [
        ("M4", line[0], 0, "player-hq", ""),
        ("M4", line[1], 0, "", ""),
        ("M4", line[2], 0, "", ""),
    ]
    state = _state(us, [("PZIVJ", line[9], 3, "", "")])
    assert state.command.cc_out["us"] == ()
    damage(state, "us.M4.1", "knocked-out")
    _until(state, "plot", 2)
    assert state.command.cc_lost == {"us": 1}
    assert state.command.cc_out["us"] == ("us.M4.2", "us.M4.3")
    choice = command.PlayerHeadquarters("us.M4.2")
    assert "until Turn 4" in (state.why_not(choice) or "")
    _until(state, "plot", 3)
    assert state.command.cc_out["us"] == ("us.M4.2", "us.M4.3")
    _until(state, "plot", 4)
    offered = [a for a in state.legal_actions("us") if isinstance(a, command.PlayerHeadquarters)]
    assert {a.unit for a in offered} == {"us.M4.2", "us.M4.3"}
    state.apply(parse_action("player-hq us.M4.3", state.game.actions))
    assert state.command.cc_out["us"] == () and state.command.cc_lost == {}
    assert command.player_hq(state, "us") == "us.M4.3"
    assert "PHQ" in {p.unit: p.markers for p in state.positions()}["us.M4.3"]


# --- Radio Jamming [OP XIV.C] ---------------------------------------------------------------


def _jamming(german: list[Force]) -> ArmorState:
    """The Americans, with Radio Jamming Equipment, against ``german``; the first die rolled
    after Turn 1 (nothing rolls during it) forced by the caller."""
    line = _line(10)
    text = SCENARIO.format(
        options=f"{OPTIONS}, radio-jamming",
        us_buys="{item: RADIO-JAMMING}",
        german_buys="",
        us=_forces([("M4", line[0], 0, "", "")]),
        german=_forces(german),
    )
    game = load_game(parse_scenario(text, "jam.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _player_linked() -> list[Force]:
    """A German Player HQ with a Radio linking two tanks of no Formation five hexes off."""
    line = _line(10)
    return [
        ("PZIVJ", line[9], 3, "player-hq", ""),
        ("PZIVJ", line[4], 3, "", ""),
        ("PZIVJ", line[5], 3, "", ""),
    ]


@pytest.mark.parametrize(("roll", "jammed"), [(20, True), (21, False)])
def test_op_xiv_c_2_b_a_roll_in_the_range_jams_the_player_hq_frequency_for_the_turn(
    roll: int, jammed: bool
) -> None:
    """[OP XIV.C.1-2]: the side with Radio Jamming Equipment attempts one Jam at the start of
    each Order Plot Phase (the side without makes none); against a German Player HQ the
    range is 01-20 [GC2 Radio Jamming Table]: 20 Jams its frequency for that Turn, its radio
    links lost and the two tanks out of Command Control; 21 has no effect."""
    state = _jamming(_player_linked())
    [first] = [e for e in state.log if isinstance(e, command.JamAttempt)]
    assert first.side == "us" and first.column == "Vs. German" and first.range_high == 20
    assert bool(state.command.cc_out["german"]) == first.jammed
    state.force_dice(roll)
    _until(state, "plot", 2)
    jam = [e for e in state.log if isinstance(e, command.JamAttempt)][-1]
    assert (jam.roll, jam.jammed) == (roll, jammed)
    assert "Player HQ frequency" in jam.frequency and "[OP XIV.C.2.b]" in jam.describe()
    if jammed:
        assert state.command.cc_jammed == {"german:player-hq"}
        assert state.command.cc_out["german"] == ("german.PZIVJ.2", "german.PZIVJ.3")
    else:
        assert state.command.cc_jammed == set() and state.command.cc_out["german"] == ()
    assert not any(isinstance(e, command.JamAttempt) and e.side == "german" for e in state.log)
    _until(state, "plot", 3)  # for that Turn only
    assert "german.PZIVJ.2" not in state.command.cc_out["german"] or state.command.cc_jammed


def test_op_xiv_c_jamming_a_formation_frequency_cuts_its_hqs_radio_links() -> None:
    """[OP XIV.C; B.1.c]: the Player HQ has no Radio; the Formation HQ adjacent to it links
    its Formation's tanks by radio. The engine attempts the frequency that would cost the
    most (our reading): the Formation's, at the Formation range vs. German, 01-30; a 30 Jams
    it and the tanks are out of Command Control."""
    line = _line(10)
    german = [
        ("PZIVJ", line[9], 3, "player-hq, no-radio", ""),
        ("PZIVJ", line[8], 3, "hq", "anton"),
        ("PZIVJ", line[4], 3, "", "anton"),
        ("PZIVJ", line[5], 3, "", "anton"),
    ]
    state = _jamming(german)
    state.force_dice(30)
    _until(state, "plot", 2)
    jam = [e for e in state.log if isinstance(e, command.JamAttempt)][-1]
    assert "Formation anton" in jam.frequency and (jam.range_high, jam.jammed) == (30, True)
    assert state.command.cc_jammed == {"german:formation:anton"}
    assert state.command.cc_out["german"] == ("german.PZIVJ.3", "german.PZIVJ.4")


# --- whole games: bots, clones, position files, replays -----------------------------------


def test_op_xiv_position_file_and_clone_keep_command_control() -> None:
    """[OP XIV.B-C]: a clone keeps the fingerprint; the position file keeps the units out of
    Command Control, the orders in advance and the lost Player HQ, and reads them back."""
    state = _alone()
    state.apply(Order("us.M4.1", moves="1", ahead="F"))
    for snap in (state.clone(), state):
        assert snap.command.snapshot() == state.command.snapshot()
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState)
    assert back.command.snapshot() == state.command.snapshot()
    assert back.sheets.orders["us"]["us.M4.1"].ahead == "F"
    assert back.position_fingerprint() == state.position_fingerprint()


@pytest.mark.parametrize(("bot", "seed"), [("random", 3), ("heuristic", 3)])
def test_op_xiv_the_advanced_demo_plays_to_the_end_with_command_control(
    bot: str, seed: int
) -> None:
    """[OP XIV]: scenarios/armor/demo-advanced.yaml with ``command-control`` and
    ``radio-jamming``, both sides with Radio Jamming Equipment: both bots finish it, each
    Turn's Order Plot opens with Command Control determined, a clone keeps the fingerprint,
    the position file reads back, and the text replay replays to the same state."""
    loaded = load_scenario(Path(__file__).parent.parent / "scenarios/armor/demo-advanced.yaml")
    sides = [
        s.model_copy(update={"purchases": [*s.purchases, Purchase(item="RADIO-JAMMING")]})
        for s in loaded.scenario.sides
    ]
    options = [*loaded.scenario.rules.options, "command-control", "radio-jamming"]
    rules = loaded.scenario.rules.model_copy(update={"options": options})
    scenario = loaded.scenario.model_copy(update={"rules": rules, "sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(seed)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    play(state, bots)
    assert state.is_terminal() and state.outcome() is not None
    notes = [e for e in state.log if isinstance(e, command.CommandNote) and "B.1" in e.rule]
    assert len(notes) >= game.turns
    assert any(isinstance(e, command.JamAttempt) for e in state.log)
    assert state.clone().fingerprint() == state.fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, ArmorState)
    assert back.command.snapshot() == state.command.snapshot()
    assert back.position_fingerprint() == state.position_fingerprint()
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=game.loaded).state.fingerprint() == state.fingerprint()


def test_op_xiv_a_4_a_formation_of_three_to_seven_combat_units_is_a_validation_warning() -> None:
    """[OP XIV.A.4] "Formations should be organized to have not less than three Combat units,
    but no more than seven Combat units in a Formation": the scenario check warns (a
    guideline, "should": the game still loads) of a Formation of two or eight Combat units,
    counting each entry's counters across its entries; three and seven pass."""

    def sizes(counts: tuple[int, ...]) -> list[str]:
        return _findings("formation-size", "\n".join(_entry("M4", n) for n in counts))

    assert sizes((1, 1)) == [
        "American's Formation able has 2 Combat unit(s), fewer than 3: Formations should have "
        '"not less than three Combat units, but no more than seven"'
    ]
    assert sizes((2, 1)) == [] and sizes((4, 3)) == []
    (eight,) = sizes((4, 4))
    assert "has 8 Combat unit(s), more than 7" in eight


def _findings(code: str, us: str, text: str = "") -> list[str]:
    """The scenario check ``code``'s messages for the American ``us`` force lines."""
    from model.scenario_io import check_document
    from model.yamlio import read_yaml_text
    from rules.checks import run_checks

    scenario = SCENARIO.format(
        options="",
        us_buys="",
        german_buys="",
        us=us,
        german="      - {unit: PZIVJ, placement: {kind: hex, hex: L3831}}",
    )
    doc = read_yaml_text(scenario.replace("map:\n", f"map:\n{text}", 1), "s.yaml")
    return [f.message for f in run_checks(check_document(doc), doc) if f.code == code]


def _entry(unit: str, count: int = 1, formation: str = "able", at: str = "L3830") -> str:
    return (
        f"      - {{unit: {unit}, count: {count}, formation: {formation}, "
        f"placement: {{kind: hex, hex: {at}}}}}"
    )


def test_op_xiv_a_1_3_vehicle_leg_and_towed_units_each_in_their_own_formations() -> None:
    """[OP XIV.A.1-3] "All Vehicle units should be formed in their own Formations ... An
    exception to this would be Truck and Half-Track Vehicle units used to Transport Leg or
    Towed units"; "All Leg units should be formed into their own Formations"; "All Towed units
    should be formed into their own Formations": warned at the Formation, not refused."""

    def kinds(*lines: str) -> list[str]:
        return _findings("formation-kind", "\n".join(lines))

    (tanks_and_men,) = kinds(_entry("M4", 2), _entry("US-INFANTRY-SQUAD", 2))
    assert "Formation able mixes Vehicle and Leg units" in tanks_and_men
    (men_and_guns,) = kinds(_entry("US-INFANTRY-SQUAD", 2), _entry("AT-57MM", 2))
    assert "mixes Leg and Towed units" in men_and_guns
    # the Half-Tracks and Trucks carrying them are part of the Leg or Towed Formation [A.1]
    assert kinds(_entry("US-INFANTRY-SQUAD", 3), _entry("M3-HALFTRACK", 3)) == []
    assert kinds(_entry("AT-57MM", 2), _entry("US-LIGHT-TRUCK", 2)) == []
    # Vehicles "mixed if necessary"; Trucks with tanks are Vehicles too
    assert kinds(_entry("M4", 2), _entry("M3-HALFTRACK", 1), _entry("US-LIGHT-TRUCK", 1)) == []
    # two Formations, each of one kind
    assert kinds(_entry("M4", 3), _entry("US-INFANTRY-SQUAD", 3, formation="baker")) == []


def test_op_xiv_a_5_allied_formations_by_nationality() -> None:
    """[OP XIV.A.5] "Allied units should be organized into separate Formations by nationality,
    if used on the same battlefield": a Formation of American and British Squads is warned of;
    each nation in its own Formation is not."""
    mixed = _findings(
        "formation-kind", "\n".join([_entry("US-INFANTRY-SQUAD", 2), _entry("GB-INFANTRY-SQUAD")])
    )
    assert mixed == [
        "American's Formation able has units of britain, us: \"Allied units should be organized "
        'into separate Formations by nationality"'
    ]
    apart = [_entry("US-INFANTRY-SQUAD", 3), _entry("GB-INFANTRY-SQUAD", 3, formation="baker")]
    assert _findings("formation-kind", "\n".join(apart)) == []


def test_adv_v_b_3_no_towed_unit_is_placed_with_wire_or_ditch() -> None:
    """[ADV V.B.3] "Towed units may never be placed in Ditch or Wire hexes": a Towed unit set
    up with a Wire or Ditch unit of the forces, or on a hex painted Ditch, is an error at the
    Towed unit's placement; beside them it is not."""
    gun = "      - {unit: AT-57MM, placement: {kind: hex, hex: L3830}}"
    (wired,) = _findings("towed-placement", gun + "\n" + _entry("WIRE", formation="w"))
    assert wired.startswith("AT-57MM is placed on L3830 with a Wire unit:")
    assert "place it elsewhere" in wired
    (ditched,) = _findings("towed-placement", gun + "\n" + _entry("DITCH", formation="w"))
    assert "with a Ditch unit" in ditched
    painted = "  terrain_edits: [{hexes: [L3830], terrain: ditch}]\n"
    (dug,) = _findings("towed-placement", gun, painted)
    assert "with ditch terrain" in dug
    beside = gun + "\n" + _entry("WIRE", formation="w", at="L3829")
    assert _findings("towed-placement", beside) == []
