"""The Armor Game engine [AG I-IX]: the book's worked examples with forced dice, hidden orders,
movement costs, the to-hit modifiers, action texts, replays and seeded random games.

The Direct Fire Examples [AG VI.C] are played on section L, where the book's hexes 4032, 3331
and 3328 stand exactly as the example needs (range 7 each way, the Sherman sees the PZIV's side
(S 0) and the PZIV the Sherman's front (F 0), both in the Fields of Fire). L3331 is a Depression
on Hexwright's board, so the position paints it Clear: the example's shot is Level.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest

from model.hexes import Hex
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.armor.events import ApFire, ApHit, Damaged, OrderPlotted
from rules.armor.fire import sighting_range
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.move import destinations, walk
from rules.armor.orders import Face, Order, parse_moves
from rules.bots.base import RandomBot, play
from rules.engine.actions import SHARED, Action, Done, parse_action
from rules.engine.errors import ActionSyntaxError, IllegalActionError, UnsupportedGameError
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"

EXAMPLE = """
schema_version: 1
id: test-armor-direct-fire
title: Direct Fire Examples [AG VI.C]
system: armor
original: true
rules: {level: armor-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
  terrain_edits:
    - {hexes: [L3331], terrain: clear, elevation: 0}
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4, placement: {kind: hex, hex: L4032, facing: 6}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: PZIVJ, placement: {kind: hex, hex: L3331, facing: 4}}
      - {unit: PZIVJ, placement: {kind: hex, hex: L3328, facing: 3}}
length: {turns: 2}
victory:
  scoring: most-vp
  conditions:
    - {kind: enemy-losses, side: us, award: {per: unit-value}}
    - {kind: enemy-losses, side: german, award: {per: unit-value}}
"""
SHERMAN, PZIV_859, PZIV_858 = "us.M4.1", "german.PZIVJ.1", "german.PZIVJ.2"


@functools.cache
def example() -> LoadedScenario:
    return parse_scenario(EXAMPLE, "direct-fire.yaml")


def example_state() -> ArmorState:
    game = load_game(example())
    assert isinstance(game, ArmorGame)
    return game.new_initial_state(seed=5)


@functools.cache
def spearheads() -> LoadedScenario:
    return load_scenario(SCENARIOS / "1a-spearheads.yaml")


# --- the worked examples --------------------------------------------------------------------


def test_direct_fire_examples_reproduced_with_forced_dice() -> None:
    """[AG VI.C]: Sherman 874 F-859, PZIV 858 F-874, PZIV 859 moves 4 hexes."""
    state = example_state()
    assert state.segment.id == "plot"
    # German fire first: 858 rolls 60 (one hit), 29 (GM), 70 (Damage Caused: no damage);
    # then the Sherman: 47 (one hit), 68 (TS), 25 (compartment) [AG VI.C.1.d-f; VI.C.2.c-d].
    state.force_dice(60, 29, 70, 47, 68, 25)
    state.apply(Order(SHERMAN, fire=PZIV_859))
    state.apply(Order(PZIV_858, fire=SHERMAN))
    events = state.apply(Order(PZIV_859, moves="4"))  # the last order: the Turn goes on
    fires = {e.firer: e for e in events if isinstance(e, ApFire)}
    hits = {e.firer: e for e in events if isinstance(e, ApHit)}

    sherman = fires[SHERMAN]
    assert (sherman.range, sherman.ap_factor, sherman.penetration) == (7, 16, 17)
    mods = {m.what.split(" (")[0]: m.value for m in sherman.modifiers if m.applied}
    assert mods == {"Movement": -4, "target Size": -1, "Side Shot": 3}
    assert (sherman.modifier_number, sherman.hit_number) == (18, 58)
    assert (sherman.shots, sherman.roll, sherman.hits) == (2, 47, 1)
    hit = hits[SHERMAN]
    assert (hit.elevation, hit.sector, hit.location, hit.armour) == ("Level", "S 0", "TS", 7)
    assert hit.damage_roll == 25 and "compartment" in hit.result

    panzer = fires[PZIV_858]
    assert (panzer.range, panzer.ap_factor, panzer.penetration) == (7, 17, 25)
    assert (panzer.modifier_number, panzer.hit_number, panzer.hits) == (19, 65, 1)
    assert [m.what for m in panzer.modifiers if m.value] == ["target Size"]
    hit = hits[PZIV_858]
    assert (hit.sector, hit.location, hit.armour, hit.penetration) == ("F 0", "GM", 18, 25)
    assert "penetrates" in hit.result

    damaged = [e for e in events if isinstance(e, Damaged)]
    assert [(e.unit, e.effect.split(":")[0]) for e in damaged] == [
        (PZIV_859, "Turret compartment hit")
    ]
    assert state.gun_lost(PZIV_859)  # "PZIV 859 will no longer be able to fire"
    assert state.troops.hexes[PZIV_859] != state.game.amap.resolve("L3331")  # it still moves


def test_the_shot_is_explained_a_step_a_line() -> None:
    """[AG VI.B; VI.C.1]: the Sherman's shot in the log as the book works it, each step on a line
    of its own: the Gunnery Table, the modifiers to 20, the Hit Number, the roll; then the hit."""
    state = example_state()
    state.force_dice(60, 29, 70, 47, 68, 25)
    state.apply(Order(SHERMAN, fire=PZIV_859))
    state.apply(Order(PZIV_858, fire=SHERMAN))
    events = state.apply(Order(PZIV_859, moves="4"))
    fire = next(e for e in events if isinstance(e, ApFire) and e.firer == SHERMAN)
    head, gunnery, modifiers, number, roll, *note = fire.describe().splitlines()
    assert head.startswith(f"{SHERMAN} fires AP at {PZIV_859}, range 7") and "1 hit(s)" in head
    assert gunnery == "Gunnery Table: AP Factor 16, Penetration 17 [AG VI.B.1]"
    assert modifiers.startswith("Modifiers to the base 20 [AG VI.B.3]: ")
    assert "Movement" in modifiers and "Side Shot" in modifiers
    assert number.startswith("Modifier Number 18 with AP Factor 16: Hit Number 58")
    assert roll == "2 shot(s), roll 47: 1 hit(s)"
    assert [n.split(":")[0] for n in note] == ["placeholder"]  # the card's values are ours
    hit = next(e for e in events if isinstance(e, ApHit) and e.firer == SHERMAN)
    hit_head, wheel, location, *_ = hit.describe().splitlines()
    assert hit_head.startswith(f"hit on {PZIV_859}: ") and "compartment" in hit_head
    assert wheel.startswith("Target Angle Wheel: Level at S 0")
    assert location.startswith("Hit Determination roll 68 = TS, AB 7 vs Penetration 17")


def test_two_hits_on_a_roll_of_01_to_08() -> None:
    """[AG VI.C.1.d]: "if '01' to '08' had been rolled, two hits would have been scored"."""
    state = example_state()
    state.force_dice(8, 95, 95)  # two hits, both on TK (95 on the Side column)
    state.apply(Order(SHERMAN, fire=PZIV_859))
    state.apply(Order(PZIV_859, moves="4"))
    events = state.apply(Done("german"))
    fire = next(e for e in events if isinstance(e, ApFire))
    assert fire.hits == 2
    assert [e.location for e in events if isinstance(e, ApHit)] == ["TK", "TK"]


def test_sighting_example_rough_fifteen_hexes() -> None:
    """[AG IV.C.7]: a Normal (Open) sighter sees a vehicle in Rough up to 15 hexes."""
    state = load_game(spearheads()).new_initial_state(1)
    assert isinstance(state, ArmorState)
    terrain = state.game.terrain
    rough = next(h for h in sorted(terrain.hexes()) if terrain.terrain(h) == "rough")
    clear = next(h for h in sorted(terrain.hexes()) if terrain.terrain(h) == "clear")
    assert sighting_range(state, clear, rough) == 15
    assert sighting_range(state, rough, clear) == 60  # Clear, VH, Normal [GC2]


# --- movement [AG V.B-C] ---------------------------------------------------------------------


def _stug() -> ArmorGame:
    game = load_game(spearheads())
    assert isinstance(game, ArmorGame)
    return game


def _costs(per_hex: dict[int, Fraction]) -> object:
    """A straight test track: the hex n steps north of the origin costs per_hex[n]."""

    def cost(frm: Hex, to: Hex) -> Fraction | None:
        return per_hex.get(-to.r, Fraction(1)) if to.q == 0 else Fraction(1)

    return cost


@pytest.mark.parametrize(
    ("moves", "per_hex", "fires", "spent", "stopped"),
    [
        ("2RR1", {}, False, Fraction(4), None),  # [AG V.C.1]
        ("1", {1: Fraction(5)}, False, Fraction(5), None),  # crest + scrub, one hex [AG V.C.3]
        ("1", {1: Fraction(5)}, True, Fraction(0), "exceed"),  # not with fire [AG V.B.3]
        ("BL1", {}, False, Fraction(3), None),  # reverse 2, L 0, forward 1 [AG V.C.4]
        ("3", {n: Fraction(2, 3) for n in (1, 2, 3)}, True, Fraction(2), None),  # [AG V.C.5]
        ("2V", {}, False, Fraction(4), None),  # move 2, Pivot in Place 2 [AG V.C.6]
        ("5", {}, False, Fraction(4), "exceed"),  # beyond 4 SF: cut [AG VII.C.2]
    ],
)
def test_sample_command_sheet_notations(
    moves: str, per_hex: dict[int, Fraction], fires: bool, spent: Fraction, stopped: str | None
) -> None:
    """[AG V.C]: the STG IIIG/75 (card 138: 4 SF, Turn Cost 0-1-2, Road 2/3) examples."""
    game = _stug()
    stug = next(u for u in game.units.values() if u.type_id == "STGIIIG-75")
    assert (stug.speed, stug.turn_costs, stug.road_cost) == (
        4,
        (Fraction(0), Fraction(1), Fraction(2)),
        Fraction(2, 3),
    )
    start = Hex(0, 0)
    w = walk(stug, start, 0, parse_moves(moves), _costs(per_hex), lambda h: True, fires)  # type: ignore[arg-type]
    assert w.spent == spent
    assert (stopped is None) == (w.stopped is None)
    if stopped:
        assert stopped in (w.stopped or "")


def test_scrub_clear_turn_road_example() -> None:
    """[AG V.C.2]: Scrub (2) + Clear (1) + L (0) + road (2/3) = 3 2/3 SF."""
    stug = next(u for u in _stug().units.values() if u.type_id == "STGIIIG-75")

    def cost(frm: Hex, to: Hex) -> Fraction:
        return {Hex(0, -1): Fraction(2), Hex(0, -2): Fraction(1)}.get(to, Fraction(2, 3))

    w = walk(stug, Hex(0, 0), 0, parse_moves("2L1"), cost, lambda h: True)
    assert (w.spent, w.stopped, w.moved) == (Fraction(11, 3), None, 3)


def test_map_costs_match_the_vehicle_movement_costs_chart() -> None:
    """[CS Vehicle Movement Costs]: Clear 1, Scrub 2, Rough 4, by the map's own terrain."""
    game = _stug()
    stug = next(u for u in game.units.values() if u.type_id == "STGIIIG-75")
    terrain = game.terrain
    cost = game.cost_for(stug)
    seen: dict[str, Fraction | None] = {}
    for h in sorted(terrain.hexes()):
        kind = terrain.terrain(h)
        if kind in ("clear", "scrub", "rough") and kind not in seen:
            frm = next(n for n in h.neighbors() if n in game.amap.hexes)
            if not terrain.hexside_features(_side(frm, h)):
                seen[kind] = cost(frm, h)
    assert seen == {"clear": 1, "scrub": 2, "rough": 4}


def _side(a: Hex, b: Hex) -> object:
    from model.hexes import Hexside

    return Hexside.between(a, b)


def test_destinations_give_the_cheapest_order_to_each_hex_and_facing() -> None:
    stug = next(u for u in _stug().units.values() if u.type_id == "STGIIIG-75")
    found = {(d.hex, d.facing): d for d in destinations(stug, Hex(0, 0), 0, _costs({}), bool)}  # type: ignore[arg-type]
    assert found[(Hex(0, -4), 0)].moves == "4"
    assert found[(Hex(0, 0), 3)].moves == "RRR" and found[(Hex(0, 0), 3)].cost == 2
    assert found[(Hex(0, 1), 0)].moves == "B"  # reverse one hex: 2 SF


# --- orders, hidden information, actions ----------------------------------------------------


def test_orders_are_hidden_from_the_other_side() -> None:
    state = example_state()
    state.apply(Order(PZIV_859, moves="4"))
    assert "order german.PZIVJ.1 4" in state.view_for("german").own_orders
    assert not any("german" in o for o in state.view_for("us").own_orders)
    assert all(a.text().split()[1].startswith("us") for a in state.legal_actions("us"))
    plotted = [e for e in state.events_for("us") if isinstance(e, OrderPlotted)]
    assert plotted == []
    with pytest.raises(IllegalActionError, match="has its orders"):
        state.apply(Order(PZIV_859, moves="1"))


def test_illegal_orders_are_refused() -> None:
    state = example_state()
    with pytest.raises(IllegalActionError, match="exceed"):
        state.apply(Order(PZIV_859, moves="9"))
    with pytest.raises(IllegalActionError, match="no other orders"):
        state.apply(Order(PZIV_859, opportunity="L3030", moves="1"))
    with pytest.raises(IllegalActionError, match="the hex it occupies"):
        state.apply(Order(PZIV_859, opportunity="L3331"))
    with pytest.raises(IllegalActionError, match="Field of Fire"):
        state.apply(Order(PZIV_859, fire=SHERMAN))  # it faces away [AG VI.A.3]
    with pytest.raises(IllegalActionError, match="exceed"):
        state.apply(Order(PZIV_858, fire=SHERMAN, moves="3"))  # F: 2 SF at most [AG V.A.2.a]


@pytest.mark.parametrize(
    "text",
    [
        "order german.PZIVJ.1 2RR1",
        "order german.PZIVJ.1 F-us.M4.2",
        "order german.PZIVJ.1 F-us.M4.2 L1",
        "order us.M4.1 BL1V",
        "order us.M4.1 N-L1802",
        "face us.M4.1 3 2",
        "done german",
    ],
)
def test_action_text_round_trip(text: str) -> None:
    action = parse(text)
    assert action.text() == text
    assert parse(action.text()) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("order us.M4.1", "write 'order"),
        ("order us.M4.1 2X", "not a movement notation"),
        ("order us.M4.1 V2", "not a movement notation"),
        ("face us.M4.1 7 1", "directions 1-6"),
    ],
)
def test_action_syntax_errors(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        parse(text)


def test_final_facing_pivot_and_turret() -> None:
    state = example_state()
    state.apply(Order(SHERMAN, moves="V"))
    state.apply(Done("german"))
    assert state.segment.id in ("first-facing", "second-facing")
    while "us" not in state.to_act():
        state.apply(Done(state.to_act()[0]))
    options = [a for a in state.legal_actions("us") if isinstance(a, Face)]
    assert {a.hull for a in options} == {1, 2, 3, 4, 5, 6}  # up to 3 hexsides [AG VIII.A.1]
    with pytest.raises(IllegalActionError):
        state.apply(Face(PZIV_858, 1, 1))  # not the German side's turn to face
    state.apply(options[0])
    assert (
        state.game.amap.global_to_direction(
            state.troops.hexes[SHERMAN], state.troops.facing[SHERMAN]
        )
        == options[0].hull
    )


# --- whole games --------------------------------------------------------------------------


def _random_game(path: Path, seed: int) -> ArmorState:
    game = load_game(load_scenario(path))
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    play(state, {s: RandomBot(seed + i) for i, s in enumerate(game.sides)})
    return state


@pytest.mark.parametrize("name", ["1a-spearheads.yaml", "demo-crossroads.yaml"])
def test_random_games_end(name: str) -> None:
    state = _random_game(SCENARIOS / name, 3)
    assert state.is_terminal() and state.play.turn == state.game.turns
    outcome = state.outcome()
    assert outcome is not None and set(outcome.vp) == set(state.game.sides)


def test_replay_of_a_random_game_reaches_the_same_fingerprint() -> None:
    state = _random_game(SCENARIOS / "demo-crossroads.yaml", 11)
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    again = replay(record, load=lambda p: load_scenario(SCENARIOS / "demo-crossroads.yaml"))
    assert again.state.fingerprint() == state.fingerprint()


def test_same_seed_same_game() -> None:
    a = _random_game(SCENARIOS / "1a-spearheads.yaml", 2)
    b = _random_game(SCENARIOS / "1a-spearheads.yaml", 2)
    assert a.fingerprint() == b.fingerprint()


@pytest.mark.parametrize(
    "name",
    [
        "1b-confused-situation.yaml",
        "2a-trading-ground.yaml",
        "2b-the-bridge.yaml",
        "3a-frontal-attack.yaml",
        "3b-surrounded.yaml",
        "3c-assault-river-crossing.yaml",
        "4a-ambush.yaml",
        "4b-raid.yaml",
    ],
)
def test_point_buy_scenarios_say_why_they_cannot_be_played(name: str) -> None:
    with pytest.raises(UnsupportedGameError, match="has no forces: the book leaves them"):
        load_game(load_scenario(SCENARIOS / name))


def test_random_play_keeps_the_invariants() -> None:
    """Seeded fuzz [STYLE 17]: legal actions exist until the end, every one listed applies,
    a clone has the same fingerprint, and during the Order Plot no side sees the other's
    orders."""
    game = load_game(load_scenario(SCENARIOS / "demo-crossroads.yaml"))
    state = game.new_initial_state(21)
    bots = {s: RandomBot(40 + i) for i, s in enumerate(game.sides)}
    steps = 0
    while not state.is_terminal():
        side = state.to_act()[0]
        actions = state.legal_actions(side)
        assert actions and Done(side) in actions
        assert state.clone().fingerprint() == state.fingerprint()
        if isinstance(state, ArmorState) and state.segment.id == "plot":
            other = next(s for s in game.sides if s != side)
            assert not any(o.split()[1].startswith(other) for o in state.view_for(side).own_orders)
        state.apply(bots[side].choose(state, side))
        steps += 1
    assert steps > 50 and state.legal_actions() == []


def parse(text: str) -> Action:
    """A text read by the verbs of an Armor game."""
    return parse_action(text, (*SHARED, *ArmorGame.actions))
