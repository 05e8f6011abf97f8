"""Airborne Operations: Paratroop drops [OP XXXI.A] (:mod:`rules.armor.optional.airborne`):
the drop as a reinforcement placed ``airdrop``, the Paratroop Drop Phase [Sequence of Play 10],
Scatter on the Paratroop Scatter Table (the book's worked example as forced dice), Landing
Status, the German limit, position files and the bots."""

from __future__ import annotations

import functools
from typing import Any

import pytest
import yaml
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.events import Damaged
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional.airborne import (
    Dropped,
    landing_result,
    scatter_direction,
    scatter_hexes,
)
from rules.bots.base import make_bot, play
from rules.engine.actions import Done
from rules.engine.errors import UnsupportedGameError
from rules.engine.events import SegmentBegan
from rules.records.position import PositionReader
from rules.registry import load_game

PARK = "L3830"
PARA = "german.INFANTRY-SQUAD.1"


def _text(
    zone: str,
    turn: int = 2,
    count: int = 1,
    options: tuple[str, ...] = ("airborne-operations",),
    level: str = "advanced-game",
    side: int = 1,
    unit: str = "INFANTRY-SQUAD",
    turns: int = 4,
    drop: bool = True,
    edits: str = "",
    wire: str = "",
) -> str:
    us = f"      - {{unit: M4, placement: {{kind: hex, hex: {PARK}}}}}"
    if wire:
        us += f"\n      - {{unit: WIRE, placement: {{kind: hex, hex: {wire}}}}}"
    german = "      - {unit: PZIVJ, placement: {kind: hex, hex: J0101}}"
    head = f"""
schema_version: 1
id: test-armor-airborne
title: Test position
system: armor
original: true
rules: {{level: {level}, options: [{", ".join(options)}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
    data: dict[str, Any] = yaml.safe_load(head + two_sides(us, german, turns=turns))
    if not drop:
        return yaml.safe_dump(data, sort_keys=False)
    data["sides"][side]["reinforcements"] = [
        {
            "turn": turn,
            "entry": {"kind": "hexes", "hexes": [zone]},
            "units": [{"unit": unit, "count": count, "placement": {"kind": "airdrop"}}],
        }
    ]
    return yaml.safe_dump(data, sort_keys=False)


@functools.cache
def _load(text: str) -> ArmorGame:
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _game(zone: str | None = None, **kwargs: Any) -> ArmorGame:
    return _load(_text(zone or _name(_centre()), **kwargs))


@functools.cache
def _plain() -> ArmorGame:
    return _load(_text("K1716", options=(), drop=False))


@functools.cache
def _centre() -> Hex:
    """A Clear hex on K with the mapboard for six hexes around it."""
    game = _load(_text("K1716"))
    for h in sorted(game.terrain.hexes(), key=lambda x: (game.name(x)[0] != "K", x)):
        ring = [x for x in game.amap.hexes if x.distance(h) <= 6]
        if len(ring) == 127 and game.terrain.mixed(h) == ("clear",):
            return h
    raise AssertionError("no open ground")


def _name(h: Hex) -> str:
    return _load(_text("K1716")).name(h)


def _to(state: ArmorState, turn: int, segment: str) -> None:
    """Every side says 'done' until play reaches the Turn's segment (for one the engine plays
    alone, the first decision after it)."""
    at = [s.id for _, s in state.game.steps].index(segment)
    while not state.play.over and (state.play.turn, state.play.step) < (turn, at):
        state.apply(Done(state.to_act()[0]))


def _drop(*dice: int, zone: Hex | None = None) -> tuple[ArmorState, Hex]:
    """The German side's one Paratroop Squad dropped on ``zone`` (the centre) on Turn 2, the
    dice forced from the Turn's Order Plot (nothing rolls before the drop)."""
    c = zone or _centre()
    state = _game(_name(c), turn=2).new_initial_state(seed=5)
    _to(state, 2, "plot")
    state.dice.force(*dice)
    _to(state, 2, "first-facing")
    return state, c


# --- the tables [TAW Paratroop Scatter Table; GC2 Landing Status] -----------------------------


def test_scatter_direction_table_white_and_colored_dice_op_xxxi_a_2_a_2() -> None:
    """[OP XXXI.A.2.a(2)]: "if a white '2' and a colored '8' were rolled, the Scatter
    Directions would be '2' and '5'"; a 0 is no Scatter; the example's colored 6 is 3."""
    assert scatter_direction(2, "white die")[0] == 2
    assert scatter_direction(8, "colored die")[0] == 5
    assert scatter_direction(6, "colored die")[0] == 3
    assert scatter_direction(1, "colored die")[0] == 4
    assert scatter_direction(0, "white die")[0] is None
    assert scatter_direction(0, "colored die")[0] is None
    assert scatter_direction(7, "white die")[1] is not None  # cut: a placeholder, said so


def test_number_hexes_scatter_with_the_day_modifier_op_xxxi_a_2_a_3() -> None:
    """[OP XXXI.A.2.a(4)]: a "17" is 2 hexes, a "31" 4 hexes (the example's unmodified rolls);
    by Day 20 is subtracted and a roll under 01 counts as 01 [TAW Paratroop Scatter Table]."""
    assert scatter_hexes(17, 0) == 2
    assert scatter_hexes(31, 0) == 4
    assert scatter_hexes(37) == 2
    assert scatter_hexes(51) == 4
    assert scatter_hexes(5) == 0
    assert scatter_hexes(100) == 11  # 80: 76-80


def test_landing_status_table_rows_gc2() -> None:
    """[GC2 Paratroop/Glider Landing Status Table]: each row's bands."""
    assert landing_result("CLR/DPN/SFT", 80) == "No Effect"
    assert landing_result("CLR/DPN/SFT", 81) == "Suppressed One Turn"
    assert landing_result("SCB", 100) == "Suppressed Two Turns"
    assert landing_result("BLK/RGH/WIR", 81) == "Half Knock Out"
    assert landing_result("BDG/DCH/SPN/WDS", 100) == "Knock Out"
    assert landing_result("BDG/DCH/SPN/WDS", 20) == "No Effect"


# --- the drop [OP XXXI.A] ----------------------------------------------------------------------


def test_the_paratroop_drop_phase_only_with_a_drop_sequence_of_play_10() -> None:
    """[Sequence of Play 10]: the Paratroop Drop Phase comes after the Movement Execution
    Phase and before Final Facing, in a game that drops paratroops only."""
    ids = [seg.id for _, seg in _game().steps]
    assert ids.index("disputed-hexes") < ids.index("paratroop-drop") < ids.index("first-facing")
    assert "paratroop-drop" not in [seg.id for _, seg in _plain().steps]


def test_paratroops_wait_off_the_map_until_their_turn_of_entry_op_xxxi_a_1_b() -> None:
    """[OP XXXI.A.1.b; A.2]: off the map until the Paratroop Drop Phase of the Turn of entry
    (Turn 2), then on the map."""
    state = _game(turn=2).new_initial_state(seed=1)
    assert PARA not in state.troops.hexes and PARA in state.objectives.off_map
    _to(state, 2, "plot")
    assert PARA not in state.troops.hexes
    _to(state, 2, "first-facing")
    assert PARA in state.troops.hexes and PARA not in state.objectives.off_map
    at = next(i for i, e in enumerate(state.log) if isinstance(e, Dropped))
    began = [e for e in state.log[:at] if isinstance(e, SegmentBegan)][-1]
    assert (state.log[at].unit, began.turn, began.segment) == (PARA, 2, "paratroop-drop")


def test_the_books_scatter_example_forced_dice_op_xxxi_a_2_a_4() -> None:
    """[OP XXXI.A.2.a(4)]: a white "5" (direction 5) and a colored "6" (direction 3); the unit
    Scatters 2 hexes in direction 5 and 4 hexes in direction 3. The book's 17 and 31 are
    unmodified: by Day (-20) the same distances are rolls of 37 and 51. Landing roll 01."""
    state, c = _drop(5, 6, 37, 51, 1)
    amap = state.game.amap
    five, three = amap.direction_to_global(c, 5), amap.direction_to_global(c, 3)
    want = c
    for _ in range(2):
        want = want.neighbor(five)
    for _ in range(4):
        want = want.neighbor(three)
    assert state.troops.hexes[PARA] == want
    drop = next(e for e in state.log if isinstance(e, Dropped))
    assert (drop.zone, drop.landed) == (_name(c), _name(want))
    assert "direction 5" in drop.how and "direction 3" in drop.how and "No Effect" in drop.how
    assert "[OP XXXI.A]" in drop.describe()
    assert not state.suppressed(PARA)


def test_no_scatter_on_two_zeros_lands_in_the_drop_zone_op_xxxi_a_2_a_2() -> None:
    """[TAW Paratroop Scatter Table]: a 0 on each die is no Scatter Direction: the unit lands
    in its Drop Zone hex."""
    state, c = _drop(10, 10, 1)
    assert state.troops.hexes[PARA] == c


@pytest.mark.parametrize(
    ("roll", "result", "until"),
    [(81, "Suppressed One Turn", 3), (100, "Suppressed One Turn", 3)],
)
def test_landing_suppressed_in_clear_gc2(roll: int, result: str, until: int) -> None:
    """[GC2]: in a Clear hex 81-00 is Suppressed One Turn: an "S" this Turn and the next."""
    state, _ = _drop(10, 10, roll)
    drop = next(e for e in state.log if isinstance(e, Dropped))
    assert result in drop.how
    assert state.damage.suppressed[PARA] == until


@pytest.mark.parametrize("roll", [50, 70, 90])
def test_landing_results_in_woods_two_turns_half_and_knock_out_gc2(roll: int) -> None:
    """[GC2] the BDG/DCH/SPN/WDS row: 41-60 Suppressed Two Turns, 61-80 Half Knock Out (a
    Squad becomes a Half Squad, our reading as [OP XII]), 81-00 Knock Out (removed)."""
    h = _centre()
    state = _game(_name(h), edits=f"{{hexes: [{_name(h)}], terrain: woods}}").new_initial_state(5)
    _to(state, 2, "plot")
    state.dice.force(10, 10, roll)
    _to(state, 2, "first-facing")
    drop = next(e for e in state.log if isinstance(e, Dropped))
    assert drop.landed == _name(h) and "woods: row BDG/DCH/SPN/WDS" in drop.how
    if roll == 50:
        assert "Suppressed Two Turns" in drop.how and state.damage.suppressed[PARA] == 4
    elif roll == 70:
        assert PARA in state.squads.half_squads and PARA in state.troops.hexes
        assert any(isinstance(e, Damaged) and "Half Squad" in e.describe() for e in state.log)
    else:
        assert PARA not in state.troops.hexes and PARA in state.damage.eliminated
        assert PARA not in state.squads.half_squads


def test_scatter_stops_at_the_mapboards_edge_our_reading() -> None:
    """Our reading: a unit Scattered past the mapboard's edge stops on its last hex."""
    game = _game("J0101")
    state = game.new_initial_state(seed=2)
    edge = game.amap.resolve("J0101")
    off = next(
        d
        for d in range(1, 7)
        if not game.on_map(edge.neighbor(game.amap.direction_to_global(edge, d)))
    )
    _to(state, 2, "plot")
    state.dice.force(off, 10, 100, 1)
    _to(state, 2, "first-facing")
    assert state.troops.hexes[PARA] == edge
    assert "mapboard's edge" in next(e for e in state.log if isinstance(e, Dropped)).how


def test_a_drop_is_refused_without_the_option_or_the_advanced_game_op_xxxi() -> None:
    """Airborne Operations is an Optional Rule [OP XXXI] of the Advanced Game's Leg units."""
    with pytest.raises(UnsupportedGameError, match="airborne-operations"):
        _game(options=())
    with pytest.raises(UnsupportedGameError, match="advanced-game"):
        _game(level="armor-game")


def test_the_german_side_drops_at_most_one_unit_op_xxxi_a_1_d() -> None:
    """[OP XXXI.A.1.d]: "The German side may never 'drop' more than one Parachute Infantry
    unit per game"; the Americans may drop any number."""
    with pytest.raises(UnsupportedGameError, match=r"OP XXXI\.A\.1\.d"):
        _game(count=2, unit="GE-INFANTRY-SQUAD")
    assert len(_game(count=3, side=0).deployment.held) == 3


def test_a_drop_needs_its_turn_within_the_game_op_xxxi_a_1_b() -> None:
    with pytest.raises(UnsupportedGameError, match=r"OP XXXI\.A\.1\.b"):
        _game(turn=9)


def test_a_position_file_keeps_the_paratroops_waiting_op_xxxi_a_1() -> None:
    """A position written before the drop reads back with the unit off the map, and the
    drop then plays as from the original (same dice, same landing) [OP XXXI.A.1-2]."""
    game = _game()
    state = game.new_initial_state(seed=4)
    _to(state, 1, "first-facing")
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert PARA in back.objectives.off_map
    _to(state, 2, "first-facing")
    _to(back, 2, "first-facing")
    assert back.troops.hexes[PARA] == state.troops.hexes[PARA]
    assert back.position_fingerprint() == state.position_fingerprint()


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_play_to_the_end_with_a_drop(bot: str) -> None:
    """Both bots finish a game in which paratroops drop on Turn 2 [OP XXXI.A]."""
    game = _game(count=2, side=0, turns=5)
    state = game.new_initial_state(seed=3)
    play(state, {s: make_bot(bot, seed=2) for s in game.sides})
    assert state.is_terminal()
    assert len([e for e in state.log if isinstance(e, Dropped)]) == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_drops_keep_the_invariants(seed: int) -> None:
    """Random play with three American units dropped on Turn 2 keeps every invariant of
    :mod:`rules.armor.invariants` after each action, and a replay of the same seed and actions
    reaches the same fingerprint [OP XXXI.A]."""
    from rules.armor.invariants import invariants
    from rules.bots.base import RandomBot

    game = _game(count=3, side=0, turns=5)
    state = game.new_initial_state(seed=seed)
    again = game.new_initial_state(seed=seed)
    bots = {s: RandomBot(seed * 10 + i) for i, s in enumerate(game.sides)}
    while not state.is_terminal():
        side = state.to_act()[0]
        action = bots[side].choose(state, side)
        state.apply(action)
        again.apply(action)
        assert invariants(state) == []
    assert again.fingerprint() == state.fingerprint()
    assert len([e for e in state.log if isinstance(e, Dropped)]) == 3


def test_a_drop_zone_inside_the_map_is_no_entry_area_warning_op_xxxi_a_1_a() -> None:
    """[OP XXXI.A.1.a]: "Any hex on the mapboard may be designated ... as a Drop Zone hex": the
    scenario checks do not ask a drop's entry to touch the map's edge."""
    from rules.checks import run_checks

    loaded = parse_scenario(_text(_name(_centre()), side=0), "drop.yaml")
    assert not [f for f in run_checks(loaded) if f.code == "entry-region"]


def test_a_wire_hex_is_an_automatic_knock_out_for_parachute_infantry_gc2_note_1() -> None:
    """[GC2 Landing Status Table note (1)]: "A Wire hex is an automatic Knock Out for
    Parachute Infantry": no landing roll."""
    c = _centre()
    game = _game(_name(c), wire=_name(c))
    state = game.new_initial_state(seed=5)
    _to(state, 2, "plot")
    state.dice.force(10, 10)
    _to(state, 2, "first-facing")
    drop = next(e for e in state.log if isinstance(e, Dropped))
    assert "Wire hex: an automatic Knock Out" in drop.how
    assert PARA in state.damage.eliminated and PARA not in state.troops.hexes


def test_a_paratrooper_landing_on_the_enemy_takes_the_nearest_free_hex_our_reading() -> None:
    """Opposing units never share a hex [AG III.B.2]: dropped onto the American M4's hex with
    no Scatter, the German paratrooper lands in the nearest hex no enemy holds (our reading)."""
    game = _game(PARK)
    state = game.new_initial_state(seed=5)
    _to(state, 2, "plot")
    state.dice.force(10, 10, 1)
    _to(state, 2, "first-facing")
    tank = state.troops.hexes["us.M4.1"]
    landed = state.troops.hexes[PARA]
    assert landed != tank and landed.distance(tank) == 1
    assert "held by the enemy" in next(e for e in state.log if isinstance(e, Dropped)).how


@pytest.mark.parametrize(
    ("nation", "vehicle", "unit"),
    [("us", "M4", "US-RANGER"), ("britain", "FIREFLY", "GB-COMMANDO")],
)
def test_rangers_and_commandos_are_air_dropped_the_same_as_paratroops_op_v_c_3(
    nation: str, vehicle: str, unit: str
) -> None:
    """[OP V.C.3] "Ranger and Commando units can be Air-Dropped, the same as Paratroops": an
    Allied side's Ranger (or Commando) drop is placed in its Drop Zone hex in the Paratroop
    Drop Phase, Scatter and Landing Status as Parachute Infantry's [OP XXXI.A.2], and the
    drop's log line cites V.C.3; a Paratroop Squad's does not."""
    c = _centre()
    data = yaml.safe_load(
        _text(_name(c), side=0, unit=unit, options=("airborne-operations", "special-infantry"))
    )
    data["sides"][0]["nation"] = nation
    data["sides"][0]["forces"][0]["unit"] = vehicle
    state = _load(yaml.safe_dump(data, sort_keys=False)).new_initial_state(seed=5)
    dropped = f"us.{unit}.1"
    assert dropped in state.objectives.off_map
    _to(state, 2, "plot")
    state.dice.force(10, 10, 1)  # no Scatter, No Effect
    _to(state, 2, "first-facing")
    assert state.troops.hexes[dropped] == c
    (drop,) = [e for e in state.log if isinstance(e, Dropped)]
    assert drop.unit == dropped and "No Effect" in drop.how
    said = drop.describe()
    assert "Air-Dropped the same as Paratroops [OP V.C.3]" in said
    assert "[OP XXXI.A]; [OP V.C.3]" in said
    para, _ = _drop(10, 10, 1)
    assert "[OP V.C.3]" not in next(e for e in para.log if isinstance(e, Dropped)).describe()
