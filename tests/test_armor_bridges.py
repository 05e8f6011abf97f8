"""Weight Limitations [OP XIII]: the scenarios' optional bridge limits [OP XIII.B; SCN V.A.3,
V.B, VII.A.3, VII.B.3] and Stream rules [SCN VI.A.3; VII.B.3; OP XXVII.F], and the Soft Hex
Table [OP XIII.A] (:mod:`rules.armor.bridges`, :mod:`rules.armor.bogging`). The book has no
worked example of them: forced dice on made positions, and the built-in scenarios' rules turned
on the way a designer does (their (Optional) mark taken off)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import yaml
from armor_scenes import plot_to_next_plot as _plot
from armor_scenes import position_head
from armor_sides import bought, two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import bogging, bridges
from rules.armor.events import Moved, OrderCut, PhaseNote
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import Order
from rules.bots.base import make_bot, play
from rules.bots.knobs import apply
from rules.engine.special_rules import not_enforced
from rules.registry import load_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (
    position_head("test-armor-bridges")
    + """
rules: {{level: armor-game}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  terrain_options: {{{terrain}}}
special_rules: [{rules}]
"""
)
PARK = "L3830"
LIMIT_20 = '{kind: bridge-limit, tons: 20, source: "Armor [SCN V.A.3]"}'
LIMIT_50 = '{kind: bridge-limit, tons: 50, source: "Armor [SCN VII.B.3]"}'
UNFORDABLE = (
    '{kind: terrain-override, terrain: stream, impassable: true, source: "Armor [SCN VII.B.3]"}'
)
#: A force entry: unit code, hex (None: parked out of the way), compass facing.
Force = tuple[str, Hex | None, int]
LIMITED = ("1a-spearheads", "1b-confused-situation", "3a-frontal-attack", "3b-surrounded")


@functools.cache
def _game(
    us: tuple[Force, ...], german: tuple[Force, ...] = (), rules: str = "", **map_: str
) -> ArmorGame:
    def forces(units: tuple[Force, ...]) -> str:
        lines = []
        for code, h, compass in units or (("PZIVJ", None, 0),):
            place = f"{{kind: hex, hex: {PARK}}}"
            if h is not None:
                amap = _plain().amap
                place = (
                    f"{{kind: hex, hex: {amap.name(h)}, "
                    f"facing: {amap.global_to_direction(h, compass)}}}"
                )
            lines.append(f"      - {{unit: {code}, placement: {place}}}")
        return "\n".join(lines)

    text = SCENARIO.format(
        edits=map_.get("edits", ""), terrain=map_.get("terrain", ""), rules=rules
    ) + two_sides(forces(us), forces(german), turns=3)
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _plain() -> ArmorGame:
    return _game((("M4", None, 0),))


def _state(*us: Force, rules: str = "", **map_: str) -> ArmorState:
    state = _game(tuple(us), (), rules, **map_).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


@functools.cache
def _bridge() -> tuple[Hex, Hex, int]:
    """A Stream Bridge hex (a road crossing the Stream), the road hex before it and the
    compass direction from that hex into it."""
    game = _plain()
    state = game.new_initial_state(1)
    for h in sorted(game.amap.hexes):
        if not bridges.crossing(state, h):
            continue
        for d in range(6):
            a = h.neighbor((d + 3) % 6)
            if a in game.amap.hexes and game.movement.cost("vehicle", h, a).per_unit:
                return h, a, d
    raise AssertionError("no road crosses a Stream on the J, K, L boards")


# --- bridge limits [OP XIII.B] --------------------------------------------------------------------


def test_op_xiii_b_a_tank_over_the_limit_fords_the_stream_at_its_full_cost() -> None:
    """[OP XIII.B; SCN V.A.3] "Units too heavy to cross must find another route, or enter the
    Stream hex at the full cost in Speed Factors": with 1A's 20-ton limit in force, the
    25-ton PZIVJ pays the Stream's 4 SF for the Bridge hex (without it, its Road Movement
    Cost); the 7.9-ton M8 Greyhound still crosses by the road."""
    h, a, d = _bridge()
    free = _state(("PZIVJ", a, d))
    pz = free.game.units["us.PZIVJ.1"]
    assert free.cost_for(pz)(a, h) == pz.road_cost
    limited = _state(("PZIVJ", a, d), ("M8-GREYHOUND", None, 0), rules=LIMIT_20)
    assert limited.cost_for(limited.game.units["us.PZIVJ.1"])(a, h) == 4
    m8 = limited.game.units["us.M8-GREYHOUND.1"]
    assert limited.cost_for(m8)(a, h) == m8.road_cost
    _plot(limited, Order("us.PZIVJ.1", moves="1"))
    moved = [e for e in limited.log if isinstance(e, Moved) and e.unit == "us.PZIVJ.1"]
    assert moved and moved[-1].spent == "4"
    assert any("at most 20 tons" in n.note and "[SCN V.A.3]" in n.rule for n in _notes(limited))


def test_op_xiii_b_scn_vii_b_3_unfordable_stream_refuses_a_tank_over_50_tons() -> None:
    """[OP XIII.B; SCN VII.B.3] "The Stream is unfordable except in the Bridge hexes, where the
    Bridges are still usable and can hold up to 50 tons weight": the 57-ton Tiger's order onto
    the Bridge is refused with the rule; the 25-ton PZIVJ crosses it."""
    h, a, d = _bridge()
    state = _state(("TIGER-IE", a, d), ("PZIVJ", None, 0), rules=f"{UNFORDABLE}, {LIMIT_50}")
    why = state.why_not(Order("us.TIGER-IE.1", moves="1"))
    assert why is not None
    assert "over the 50-ton limit Armor [SCN VII.B.3] [OP XIII.B]" in why
    assert "57 tons" in why
    pz = state.game.units["us.PZIVJ.1"]
    assert state.cost_for(pz)(a, h) == pz.road_cost


def test_op_xiii_b_weight_counts_what_the_vehicle_transports() -> None:
    """[OP XIII.A.2; XIII.B]: a unit's weight includes the Leg and Towed units it transports:
    an 18-ton limit (our test's, not a scenario's) over an unfordable Stream lets the 17.7-ton
    M18 cross alone, and refuses it carrying a 1-ton Infantry Squad."""
    h, a, d = _bridge()
    rules = UNFORDABLE + ", {kind: bridge-limit, tons: 18}"
    state = _state(("M18", a, d), ("US-INFANTRY-SQUAD", a, d), rules=rules)
    m18 = state.game.units["us.M18.1"]
    assert state.cost_for(m18)(a, h) == m18.road_cost
    state.troops.carried["us.US-INFANTRY-SQUAD.1"] = "us.M18.1"
    assert state.passengers("us.M18.1") == ["us.US-INFANTRY-SQUAD.1"]
    assert state.cost_for(m18)(a, h) is None
    why = state.why_not(Order("us.M18.1", moves="1"))
    assert why is not None and "with us.US-INFANTRY-SQUAD.1: 18.7 tons" in why


def _notes(state: ArmorState) -> list[PhaseNote]:
    return [e for e in state.log if isinstance(e, PhaseNote)]


# --- the built-in scenarios [SCN II.C] ------------------------------------------------------------


def _turned_on(name: str, *kinds: str) -> Any:
    """The built-in scenario ``name`` bought, with its (Optional) rules of ``kinds`` turned on
    by the balance knob (which takes the mark off, as a designer does in the rule's form)."""
    loaded = bought(f"scenarios/armor/{name}.yaml")
    return apply(loaded.scenario, {f"rule:{kind}": True for kind in kinds})


def _played(name: str, *kinds: str, **top: Any) -> ArmorGame:
    """The built-in scenario ``name`` bought and played with its rules of ``kinds`` turned
    on as :func:`_turned_on` does (the same mark taken off its YAML)."""
    data = yaml.safe_load((ROOT / f"scenarios/armor/{name}.yaml").read_text(encoding="utf-8"))
    rules = [dict(r) for r in data["special_rules"]]
    for rule in rules:
        if rule["kind"] in kinds:
            rule.pop("optional", None)
    on = _turned_on(name, *kinds)
    assert [r.optional for r in on.special_rules] == [r.get("optional", False) for r in rules]
    if top.pop("soft", False):  # all Soft hexes Soft [SCN III.B.2; OP XIII.A]
        top["map"] = {**data["map"], "terrain_options": {"soft-ground": "soft"}}
    game = load_game(bought(f"scenarios/armor/{name}.yaml", special_rules=rules, **top))
    assert isinstance(game, ArmorGame)
    return game


@pytest.mark.parametrize("name", LIMITED)
def test_scn_ii_c_the_optional_bridge_limit_is_listed_until_turned_on(name: str) -> None:
    """[SCN II.C; SCN V.A.3, V.B, VII.A.3, VII.B.3]: the book's "(Optional)" bridge limit is
    listed among the rules not in force, with why; turned on it is enforced, not listed."""
    loaded = bought(f"scenarios/armor/{name}.yaml")
    game = load_game(loaded)
    listed = not_enforced(loaded.scenario, game.enforces)
    assert any("bridge-limit" in line and "optional" in line for line in listed)
    on = _turned_on(name, "bridge-limit")
    assert not any("bridge-limit" in line for line in not_enforced(on, game.enforces))


def test_scn_vi_a_3_streams_as_clear_turned_on_is_the_terrain_option() -> None:
    """[SCN VI.A.3; OP XXVII.F.1] "Ignore the Stream hexes, and treat them as Clear hexes
    (Optional)": off, a Stream hex costs a Vehicle 4 and the rule is listed as not in force;
    on, the map is played with Streams as Clear (for sight and fire as well as movement), the
    Stream hex costs the Clear 1 and the rule is not listed."""
    off = load_game(bought("scenarios/armor/2a-trading-ground.yaml"))
    assert isinstance(off, ArmorGame)
    stream = next(
        h
        for h in sorted(off.amap.hexes)
        if "stream" in off.terrain.effective(h).paths
        and off.terrain.effective(h).terrain == "clear"
        and not off.terrain.effective(h).printed_paths & {"road", "track"}
    )
    assert off.movement.cost("vehicle", stream).cost == 4
    listed = not_enforced(off.scenario, off.enforces)
    assert any("terrain-override" in line and "optional" in line for line in listed)
    on = _played("2a-trading-ground", "terrain-override")
    assert on.terrain.options["streams"] == "clear"
    assert "stream" not in on.terrain.effective(stream).paths
    assert on.movement.cost("vehicle", stream).cost == 1
    assert not any("terrain-override" in line for line in not_enforced(on.scenario, on.enforces))


def test_scn_vii_b_3_unfordable_stream_and_50_ton_bridges_turned_on() -> None:
    """[SCN VII.B.3] "The Stream is unfordable except in the Bridge hexes, where the Bridges
    are still usable and can hold up to 50 tons weight (Optional)", both rules turned on in
    the built-in 3B: a Stream hex off the roads may not be entered, a Bridge hex may, and the
    57-ton Tiger may not enter a Bridge hex at all; neither rule is listed."""
    game = _played("3b-surrounded", "terrain-override", "bridge-limit")
    assert game.terrain.options["streams"] == "bridges-only"
    state = game.new_initial_state(1)
    h, a, _ = _bridge()
    assert bridges.crossing(state, h)
    pz = next(u for u in game.units.values() if u.type_id == "PZIVJ")
    assert state.cost_for(pz)(a, h) == pz.road_cost
    limit = bridges.limit(game)
    assert limit is not None and limit[0] == 50
    ford = next(
        x
        for x in sorted(game.amap.hexes)
        if "stream" in game.terrain.effective(x).paths and not bridges.crossing(state, x)
    )
    assert game.movement.cost("vehicle", ford).prohibited
    listed = not_enforced(game.scenario, game.enforces)
    assert not any("terrain-override" in x or "bridge-limit" in x for x in listed)
    heavy = _state(("TIGER-IE", a, 0), rules=f"{UNFORDABLE}, {LIMIT_50}")
    assert heavy.cost_for(heavy.game.units["us.TIGER-IE.1"])(a, h) is None


# --- the Soft Hex Table [OP XIII.A] ---------------------------------------------------------------


@functools.cache
def _soft_line() -> tuple[Hex, Hex, Hex]:
    """Three Clear hexes in a line going compass 0, off the roads, and a fourth beyond; the
    middle one of the three to be painted Soft."""
    game = _plain()
    for h in sorted(game.amap.hexes):
        line = (h, h.neighbor(0), h.neighbor(0).neighbor(0))
        beyond = line[2].neighbor(0)
        if all(
            x in game.amap.hexes
            and game.terrain.effective(x).terrain == "clear"
            and not game.terrain.effective(x).paths
            for x in (*line, beyond)
        ) and all(game.level(x) == game.level(h) for x in (*line, beyond)):
            return line
    raise AssertionError("no line of three Clear hexes")


def _soft(unit: str, at: int) -> ArmorState:
    """``unit`` (US) in the ``at``th hex of :func:`_soft_line`, facing along it, the middle
    hex Soft (``soft-ground: soft`` [SCN III.B.2; OP XIII.A])."""
    line = _soft_line()
    edits = f"{{hexes: [{_plain().amap.name(line[1])}], terrain: soft}}"
    return _state((unit, line[at], 0), edits=edits, terrain="soft-ground: soft")


def _rolls(state: ArmorState) -> list[Any]:
    from rules.engine.events import DieRolled

    return [e for e in state.log if isinstance(e, DieRolled) and "Soft Hex" in e.purpose]


@pytest.mark.parametrize(("roll", "stuck"), [(15, True), (16, False)])
def test_op_xiii_a_2_exiting_a_soft_hex_rolls_weight_against_turn_cost(
    roll: int, stuck: bool
) -> None:
    """[OP XIII.A.1-2; GC2 Soft Hex Table] "before ... exiting from a Soft hex, the controlling
    player must roll the dice ... Crossgrid the Vehicle unit's weight ... with its Turn Cost":
    the 5.8-ton SdKfz 250/1 (row 4-6) with Turn Cost 0-1/2-1 is stuck on 01-15; a 15 keeps
    it in the Soft hex, its order cut; a 16 lets it leave."""
    state = _soft("SPW-250-1", 1)
    unit, line = "us.SPW-250-1.1", _soft_line()
    assert bogging.soft(state, line[1])
    state.force_dice(roll)
    _plot(state, Order(unit, moves="1"))
    assert len(_rolls(state)) == 1
    assert state.troops.hexes[unit] == (line[1] if stuck else line[2])
    cut = [e for e in state.log if isinstance(e, OrderCut) and e.unit == unit]
    assert bool(cut) is stuck
    if stuck:
        assert "[OP XIII.A.2]" in cut[0].reason
    note = next(n for n in _notes(state) if n.phase == "Soft hex")
    assert "row 4-6, 01-15" in note.note and "[OP XIII.A.1-2" in note.rule


def test_op_xiii_a_1_turning_in_a_soft_hex_entered_rolls_and_a_stuck_unit_keeps_its_facing() -> (
    None
):
    """[OP XIII.A.1-2] "before turning in ... a Soft hex": the SdKfz 250/1 enters the Soft
    hex (6 SF [XIII.A.3]) and plots a turn there; a forced 01 sticks it: it stays facing the
    way it entered, "movement for the Turn ends at that point"."""
    state = _soft("SPW-250-1", 0)
    unit, line = "us.SPW-250-1.1", _soft_line()
    state.force_dice(1)
    _plot(state, Order(unit, moves="1R"))
    assert state.troops.hexes[unit] == line[1]
    assert state.troops.facing[unit] == 0
    assert len(_rolls(state)) == 1


def test_op_xiii_a_2_no_roll_on_a_dash_cell_nor_for_a_weight_the_text_cuts() -> None:
    """[OP XIII.A.2; GC2 Soft Hex Table]: the 1.1-ton Jeep's Turn Cost 0-0-1/2 reads "--" on
    row 0-3 (never stuck: no roll); the 25-ton PZIVJ's row is cut from the text: no roll, and
    the log says so (our reading: not stuck). The 7.9-ton M8's row 7-9 is a placeholder, and
    the log says that too."""
    jeep = _soft("JEEP", 1)
    _plot(jeep, Order("us.JEEP.1", moves="1"))
    assert not _rolls(jeep) and jeep.troops.hexes["us.JEEP.1"] == _soft_line()[2]
    tank = _soft("PZIVJ", 1)
    _plot(tank, Order("us.PZIVJ.1", moves="1"))
    assert not _rolls(tank)
    assert any("cut from the text" in n.note for n in _notes(tank) if n.phase == "Soft hex")
    m8 = _soft("M8-GREYHOUND", 1)
    m8.force_dice(50)
    _plot(m8, Order("us.M8-GREYHOUND.1", moves="1"))
    note = next(n.note for n in _notes(m8) if n.phase == "Soft hex")
    assert "row 7-9" in note and "placeholder" in note


def test_op_xiii_a_a_soft_hex_position_replays_the_same_game() -> None:
    """Same seed and orders, same game: the Soft Hex Table's roll comes from the seeded dice."""
    logs = []
    for _ in range(2):
        state = _soft("SPW-250-1", 1)
        _plot(state, Order("us.SPW-250-1.1", moves="1"))
        logs.append([str(e) for e in state.log])
    assert logs[0] == logs[1]


def test_op_xiii_a_4_infantry_move_at_speed_1_in_a_turn_started_in_a_soft_hex() -> None:
    """[OP XIII.A.4] "Infantry units may move only at a Speed of '1' during any Turn started in
    a Soft hex": a Squad (Speed 2) in the Soft hex may plot one hex, not two; from the Clear
    hex before it, two."""
    squad = "us.US-INFANTRY-SQUAD.1"
    slow = _soft("US-INFANTRY-SQUAD", 1)
    assert slow.why_not(Order(squad, moves="1")) is None
    why = slow.why_not(Order(squad, moves="2"))
    assert why is not None and "exceed 1 SF" in why
    free = _soft("US-INFANTRY-SQUAD", 0)
    assert free.why_not(Order(squad, moves="2")) is None


@pytest.mark.parametrize(
    ("name", "kinds", "bot"),
    [
        ("1a-spearheads", ("bridge-limit",), "heuristic"),
        ("3b-surrounded", ("terrain-override", "bridge-limit"), "random"),
    ],
)
def test_op_xiii_bots_finish_with_the_optional_rules_on_and_soft_ground(
    name: str, kinds: tuple[str, ...], bot: str
) -> None:
    """[OP XIII; SCN V.A.3; VII.B.3]: with the scenario's optional rules turned on and every
    Soft hex Soft, both bots play the game to its end, and the rules turned on are not listed
    as unenforced."""
    game = _played(name, *kinds, soft=True)
    state = game.new_initial_state(3)
    play(state, {s: make_bot(bot, 3 + i) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None and state.is_terminal()
    assert not any(kind in line for line in outcome.not_enforced for kind in kinds)


def test_op_xiii_a_1_ending_in_a_soft_hex_without_turning_rolls_nothing() -> None:
    """[OP XIII.A.1]: the roll comes "before turning in, pivoting in, or exiting from a Soft
    hex": the SdKfz 250/1 entering the Soft hex and stopping there rolls nothing."""
    state = _soft("SPW-250-1", 0)
    _plot(state, Order("us.SPW-250-1.1", moves="1"))
    assert state.troops.hexes["us.SPW-250-1.1"] == _soft_line()[1]
    assert not _rolls(state)
