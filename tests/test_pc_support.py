"""Panzer Command support: off-map artillery [§14.5], pre-plotted barrages [§14.6], the Katyusha
[§14.7], exiting the map [§5.3].

Dice are forced: a forced face f reads as the d10's f-1 [§2.3]. Column 01 of Point 161's map is
open ground and the map's west edge, the German side's own (its reinforcements enter there):
an off-map German battery fires from beyond a hex of column 01. Values are the data library's
placeholders: the 10.5 cm battery (de-lefh) Attack Strength 5, Range 21, Defense Rating +1; the
T-34 Defense Rating -2, TQ 6; German radio contact on 0-7 (TQ 7), spotting at 3 hexes on 0-5;
CRT 'IF H/Hm vs armored' rows 2-4 read S.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from pydantic import TypeAdapter, ValidationError
from test_pc_opportunity import POINT_161, _game, of, segment

from model.scenario import Barrage
from model.scenario_io import load_scenario
from model.victory import Condition, SpecialRule
from rules.bots.base import RandomBot
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.panzer_command.actions import (
    AirCall,
    Airstrike,
    ChitDrawn,
    FireExplained,
    IndirectFire,
    OffMapFire,
)
from rules.panzer_command.game import PanzerCommandGame, PcState
from rules.panzer_command.units import unit_of
from rules.panzer_command.victory import evaluate_outcome
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay
from rules.registry import load_game

T34, KV, AT45 = "soviet.su-t34.1", "soviet.su-kv.1", "soviet.su-at45.1"
PZGR, PZ4 = "german.de-panzergrenadier.1", "german.de-pz4.1"
LEFH, LEFH2 = "german.de-lefh.1", "german.de-lefh.2"
SOWCHOS = "scenarios/panzer-command/sowchos-79.yaml"


def howitzer(game: PanzerCommandGame, unit: str, rng: int = 21) -> None:
    """Give the counter an H Class weapon [§14.1] (a test-made counter)."""
    game.units[unit] = dataclasses.replace(game.units[unit], weapon_class="H", range=rng)


# --- §14.5 Off-map artillery ------------------------------------------------------------------


def test_the_scenarios_off_map_batteries_are_units_off_the_map_14_5() -> None:
    """[§14.5] "Artillery units capable of Indirect Fire can do so even though they are not on
    the map": Point 161's support, two 10.5 cm batteries, are German units never on the map;
    the German edge is the west one, where its reinforcements enter (our reading)."""
    game = _game()
    assert game.offmap == {LEFH, LEFH2}
    assert all(game.units[u].independent for u in game.offmap)
    assert {game.name(h)[:2] for h in game.home_edges["german"]} == {"01"}
    state = game.new_initial_state(1)
    assert not set(game.offmap) & set(state.troops.hexes)


def test_an_off_map_battery_fires_spotted_by_a_unit_on_the_map_forced_dice_14_5() -> None:
    """[§14.5] "To do so the owner must use a unit on the map to Spot for the off-map unit. If
    the Spotting attempt is successful, the artillery unit can attack": the Panzergrenadiers
    make radio contact (a 0 <= 7), spot the T-34 3 hexes off (a 0 <= 5); the battery attacks
    at 5 - 2 = 3, rolls a 3: S on 'IF H/Hm vs armored'; the T-34 fails its try for a Cohesion
    Hit (9 > 6) and is Suppressed. Its range is counted from 0110, chosen as it first fires."""
    state = segment(_game(), "german", {PZGR: "0107", T34: "0110"})
    action = OffMapFire(LEFH, T34, PZGR, "0110")
    assert action in state.legal_actions()
    assert state.describe(action).startswith("Off-map fire from beyond 0110")
    [chance] = state.preview(action).chances
    assert chance.effect == pytest.approx(0.8 * 0.6 * 0.4)  # contact, spot, 4 rows of effect
    state.force_dice(1, 1, 4, 10)
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert (fired.firer, fired.final, fired.roll, fired.result) == (LEFH, 3, 3, "S")
    assert any("[§14.5]" in e.describe() for e in events)
    assert T34 in state.troops.suppressed
    assert state.support.anchors == {LEFH: "0110"} and state.troops.fired[LEFH] == 1


def test_an_off_map_battery_never_spots_for_itself_14_5() -> None:
    """[§14.5] A unit on the map spots: the battery off the map has no sight of its own; with
    no friendly unit seeing the target, no off-map fire is offered."""
    state = segment(_game(), "german", {PZGR: "0101", T34: "0120"})
    assert not [a for a in state.legal_actions() if isinstance(a, OffMapFire)]
    with pytest.raises(IllegalActionError, match=r"sees nothing.*\[§14.5\]"):
        state.apply(OffMapFire(LEFH, T34, LEFH, "0120"))


def test_range_is_counted_from_the_first_edge_hex_ever_after_14_5() -> None:
    """[§14.5] "Range ... is determined by counting from one hex along the owner's map edge, as
    chosen by the owner the first time the unit fires. Thereafter, that unit must always count
    range from that first hex": after a fire from beyond 0110, 0109 is refused; a hex of another
    edge is no hex of the German edge; beyond the printed Range (our reading: the edge hex's
    distance + 1) the fire is refused."""
    game = _game()
    state = segment(game, "german", {PZGR: "0107", T34: "0110"})
    with pytest.raises(IllegalActionError, match=r"'4010' is no hex of german's map edge"):
        state.apply(OffMapFire(LEFH, T34, PZGR, "4010"))
    state.force_dice(10)  # no radio contact: wasted, but the edge hex is chosen
    state.apply(OffMapFire(LEFH, T34, PZGR, "0110"))
    state.apply("done german")
    state = _to_next_german_segment(state)
    with pytest.raises(IllegalActionError, match=r"counted from 0110.*\[§14.5\]"):
        state.apply(OffMapFire(LEFH, T34, PZGR, "0109"))
    game.units[LEFH2] = dataclasses.replace(game.units[LEFH2], range=3)
    state = segment(game, "german", {PZGR: "0506", T34: "0508"})
    with pytest.raises(IllegalActionError, match=r"beyond its printed Range 3"):
        state.apply(OffMapFire(LEFH2, T34, PZGR, "0108"))


def _to_next_german_segment(state: PcState) -> PcState:
    """Play on (everyone passing) to the next German Segment, keeping the units in place."""
    for _ in range(200):
        if state.play.phase == "segment" and state.owner == "german":
            return state
        side = state.to_act()[0]
        state.apply(f"done {side}")
    raise AssertionError("no German Segment came")


def test_counter_battery_fire_at_an_off_map_battery_14_5() -> None:
    """[§14.5] "If it has fired twice, a 0 or 1 is a successful Spotting attempt ... This off-map
    unit is considered to occupy clear terrain. Range is determined by counting hexes to the
    first imaginary hex off-map adjacent to the hex the off-map unit is firing from": the Soviet
    gun (made H) 9 hexes from 0110, so 10 from the imaginary hex beyond it, spots the battery
    that fired twice on a 1 and attacks at 3 + 1 (the battery's Defense Rating), in clear
    terrain; with a Range of 9 it may not."""
    game = _game()
    howitzer(game, AT45)
    state = segment(game, "soviet", {AT45: "1010"})
    assert IndirectFire(AT45, LEFH, "counter-battery") not in state.legal_actions()
    state.support.anchors[LEFH] = "0110"
    state.troops.fired[LEFH] = 2
    action = IndirectFire(AT45, LEFH, "counter-battery")
    assert action in state.legal_actions()
    state.force_dice(2, 10)  # spotted on a 1; the attack a 9
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert fired.final == 4 and any("clear terrain" in s for s in fired.steps)
    assert any("off the map" in e.describe() and "[§14.5]" in e.describe() for e in events)
    howitzer(game, AT45, rng=9)
    state = segment(game, "soviet", {AT45: "1010"})
    state.support.anchors[LEFH], state.troops.fired[LEFH] = "0110", 1
    with pytest.raises(IllegalActionError, match=r"10 hexes away, beyond the Range 9"):
        state.apply(action)


def test_artillery_reinforcements_fire_off_map_from_their_turn_15_2_14_5() -> None:
    """[§15.2 note] "An H or Hm Class artillery unit is capable of off-map Indirect Fire
    beginning the turn it is eligible to enter as a reinforcement, and not before. Such units
    are not required to ever enter the map": the Pz IV (made H) is due on Turn 6."""
    game = _game()
    howitzer(game, PZ4)
    state = segment(game, "german", {PZGR: "0107", T34: "0110"})
    assert state.play.turn == 5
    assert not [a for a in state.legal_actions() if isinstance(a, OffMapFire) and a.unit == PZ4]
    state.play.turn = 6
    assert OffMapFire(PZ4, T34, PZGR, "0110") in state.legal_actions()


def test_an_off_map_fire_mission_clones_replays_and_round_trips_as_a_position_14_5() -> None:
    """The state of an off-map fire mission (its edge hex, its fires) is copied by a clone,
    written to a position file and read back, and a game through it replays from its seed and
    actions to the same fingerprint [§14.5]."""
    game = _game()
    state = game.new_initial_state(11)
    rng = random.Random(11)
    fired = 0
    while not state.is_terminal() and fired < 2:
        side = state.to_act()[0]
        actions = state.legal_actions(side)
        offmap = [a for a in actions if isinstance(a, OffMapFire)]
        action = offmap[0] if offmap else actions[int(rng.random() * len(actions))]
        if offmap:
            twin = state.clone()
            assert twin.fingerprint() == state.fingerprint()
            twin.apply(action)
        state.apply(action)
        if offmap:
            fired += 1
            assert twin.fingerprint() == state.fingerprint() and twin.support == state.support
    assert fired == 2 and state.support.anchors
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert isinstance(back, PcState) and back.support == state.support
    record = Replay.from_text(Replay.of(state, with_fingerprints=True).to_text())
    again = replay(record, loaded=load_scenario(POINT_161))
    assert again.state.fingerprint() == state.fingerprint()


def test_the_heuristic_bot_calls_the_artillery_on_a_good_target_14_5() -> None:
    """The greedy bot, its Panzergrenadiers seeing a T-34 stack, fires the off-map batteries
    [§14.5] rather than end the Segment."""
    state = segment(_game(), "german", {PZGR: "0105", T34: "0108", KV: "0108"})
    bot = GreedyBot(seed=5)
    chosen = [bot.choose(state, "german") for _ in range(2)]
    assert any(isinstance(a, OffMapFire) for a in chosen)


@pytest.mark.parametrize("path", [POINT_161, SOWCHOS])
def test_the_built_in_scenarios_play_to_the_end_with_off_map_fire_14_5(path: str) -> None:
    """Both built-in scenarios play to their end with random bots, which fire the off-map
    batteries on the way [§14.5]."""
    found = load_game(load_scenario(path))
    state = found.new_initial_state(3)
    bots = {s: RandomBot(30 + i) for i, s in enumerate(found.sides)}
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert state.outcome() is not None
    assert any(a.verb == "offmap" for a in state.history)


# --- §14.6 Pre-plotted barrages ---------------------------------------------------------------


def _with_barrages(*barrages: Barrage, side: int = 0) -> PanzerCommandGame:
    """Point 161 with the German side's ``barrages`` set [§14.6]."""
    loaded = load_scenario(POINT_161)
    sides = list(loaded.scenario.sides)
    sides[side] = sides[side].model_copy(update={"barrages": list(barrages)})
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_a_scenario_plots_at_most_three_hexes_a_battery_and_names_real_ones_14_6() -> None:
    """[§14.6] "Each unit can have up to three pre-plotted target hexes listed for it on the
    owner's Artillery Record": the scenario's ``barrages`` hold at most three hexes, name an H
    or Hm unit of the side (a label or unit type, and which counter) and hexes of the map; else
    the scenario is refused, saying what to write."""
    game = _with_barrages(Barrage(unit="de-lefh", hexes=["1306", "1407"]))
    assert game.barrages == {LEFH: ("1306", "1407")}
    with pytest.raises(ValidationError, match="at most 3 items"):
        Barrage(unit="de-lefh", hexes=["0101", "0102", "0103", "0104"])
    with pytest.raises(UnsupportedGameError, match=r"'de-pak' number 1 is no H or Hm unit"):
        _with_barrages(Barrage(unit="de-pak"))
    with pytest.raises(UnsupportedGameError, match=r"'de-lefh' number 3 is no H or Hm unit"):
        _with_barrages(Barrage(unit="de-lefh", number=3))
    with pytest.raises(UnsupportedGameError, match=r"barrages\[0\]: '9999' is no hex of the map"):
        _with_barrages(Barrage(unit="de-lefh", hexes=["9999"]))


def test_the_owner_plots_a_battery_listed_without_hexes_at_set_up_14_6() -> None:
    """[§14.6] A battery the scenario lists without hexes has them plotted at set-up, the
    engine standing in for the owner (our reading: the enemy-held hexes with most Steps in
    range, then the victory regions' hexes in range nearest the enemy); the hexes are in the
    log and the state. The Soviets set up beyond the off-map battery's reach: it plots three
    hexes of the heights they must take. The KV (made an H battery of Range 30) plots the three
    German-held hexes with most Steps."""
    game = _with_barrages(Barrage(unit="de-lefh", number=2))
    state = game.new_initial_state(1)
    plotted = state.support.plots[LEFH2]
    goals = {game.name(h) for c in game.scenario.victory.conditions for h in game.region(c.region)}
    soviet = {game.name(h) for u, h in state.troops.hexes.items() if u.startswith("soviet")}
    assert len(plotted) == 3 and set(plotted) <= goals - soviet
    assert any("pre-plotted hexes" in e.describe() for e in state.log)
    howitzer(game, KV, rng=30)
    game.barrages[KV] = ()
    state = game.new_initial_state(1)
    steps: dict[str, int] = {}
    for u, h in state.troops.hexes.items():
        if u.startswith("german"):
            steps[game.name(h)] = steps.get(game.name(h), 0) + state.troops.steps[u]
    plotted = state.support.plots[KV]
    assert len(plotted) == 3 and sorted(plotted, key=lambda n: (-steps[n], n)) == plotted
    rest = [v for k, v in steps.items() if k not in plotted]
    assert min(steps[n] for n in plotted) >= max(rest, default=0)


def test_a_plotted_hex_is_always_spotted_no_roll_no_spotter_forced_dice_14_6() -> None:
    """[§14.6] "A hex that is pre-plotted by a unit is always successfully Spotted by the unit.
    That is, when making an Indirect Fire attack against a unit in a plotted hex, no Spotting
    roll is made; the artillery simply attacks the unit in the target hex": no German unit sees
    the T-34 in plotted 0110; the battery's two dice are the attack (a 3: S) and the T-34's
    try for a Cohesion Hit (a 9)."""
    game = _with_barrages(Barrage(unit="de-lefh", hexes=["0110"]))
    state = segment(game, "german", {PZGR: "3030", T34: "0110"})
    assert state.support.plots == {LEFH: ["0110"]}
    action = OffMapFire(LEFH, T34, "plotted", "0110")
    assert action in state.legal_actions()
    assert OffMapFire(LEFH2, T34, "plotted", "0110") not in state.legal_actions()
    [chance] = state.preview(action).chances
    assert chance.effect == pytest.approx(0.4)
    state.force_dice(4, 10)
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert fired.result == "S" and T34 in state.troops.suppressed
    assert not any("radio" in e.describe() or "spots" in e.describe() for e in events)
    assert any("pre-plotted" in e.describe() and "[§14.6]" in e.describe() for e in events)


def test_a_battery_that_moves_loses_its_plotted_hexes_for_good_14_6() -> None:
    """[§14.6] "A hex remains plotted for the duration of the scenario as long as the artillery
    unit remains on its starting hex. If it moves, its pre-plotted hexes are permanently lost":
    the KV (made a self-propelled H battery) fires at its plotted hex without sight, then moves
    and may not."""
    game = _game()
    howitzer(game, KV)
    state = segment(game, "soviet", {KV: "0105", PZGR: "0118"})
    state.support.plots[KV] = ["0118"]
    assert IndirectFire(KV, PZGR, "plotted") in state.legal_actions()
    assert IndirectFire(KV, PZGR, KV) not in state.legal_actions()  # no sight at 13 hexes
    events = state.apply("move soviet.su-kv.1 0106")
    assert KV not in state.support.plots and any("[§14.6]" in e.describe() for e in events)
    state.apply("done soviet")
    with pytest.raises(IllegalActionError):
        state.apply(IndirectFire(KV, PZGR, "plotted"))


# --- §14.7 The Katyusha -----------------------------------------------------------------------


def _katyusha(game: PanzerCommandGame, unit: str) -> None:
    """The counter takes the catalogue's Katyusha values (Hm, truck-mounted, 3 shots) [§14.7]."""
    soviet = next(s for s in game.scenario.sides if s.id == "soviet")
    game.units[unit] = dataclasses.replace(unit_of(soviet, "su-katyusha", 1), id=unit)


def test_the_katyusha_fires_three_times_then_leaves_the_game_not_eliminated_14_7() -> None:
    """[§14.7] "treated like a normal Hm unit except that it is truck mounted and can fire only 3
    times. After its third attack, remove the unit from the game. It is not considered
    eliminated": its first fire is attack 1 of 3; after its third it is off the map, not among
    the eliminated, its Steps no loss; a position file says so and reads back."""
    game = _game()
    _katyusha(game, AT45)
    assert game.units[AT45].shots == 3 and game.units[AT45].weapon_class == "Hm"
    state = segment(game, "soviet", {AT45: "0101", PZGR: "0104"})
    assert not [a for a in state.legal_actions() if a.verb == "fire" and a.unit == AT45]
    state.force_dice(1, 10)  # spotted with its own sight; the attack a 9
    events = state.apply(IndirectFire(AT45, PZGR, AT45))
    assert state.support.shots == {AT45: 1}
    assert any("attack 1 of its 3 [§14.7]" in e.describe() for e in events)
    state = segment(game, "soviet", {AT45: "0101", PZGR: "0104"})
    state.support.shots[AT45] = 2
    steps = state.troops.steps[AT45]
    state.force_dice(10)  # not spotted: the fire is wasted, but it was fired (our reading)
    events = state.apply(IndirectFire(AT45, PZGR, AT45))
    assert AT45 not in state.troops.hexes and AT45 in state.support.removed
    assert AT45 not in state.troops.eliminated and state.troops.steps[AT45] == steps
    assert any("removed, not eliminated [§14.7]" in e.describe() for e in events)
    assert not [a for a in state.legal_actions() if getattr(a, "unit", "") == AT45]
    position = state.to_position()
    [place] = [p for p in position.units if p.id == AT45]
    assert place.status == ["removed"] and place.hex is None


def test_a_katyusha_reinforcement_firing_off_the_map_never_enters_once_removed_14_7() -> None:
    """[§14.7; §15.2 note] A Katyusha due as a reinforcement fires off the map; after its third
    attack it is removed and no longer waits to enter."""
    game = _game()
    rifle = "soviet.su-rifle.1"  # due on Turn 7
    _katyusha(game, rifle)
    state = segment(game, "soviet", {T34: "3707", PZGR: "3710"})
    state.play.turn = 7
    state.support.shots[rifle] = 2
    action = OffMapFire(rifle, PZGR, T34, "4010")
    assert state.why_not(action) is None and state.waiting(rifle)
    state.force_dice(10)  # no radio contact
    state.apply(action)
    assert rifle in state.support.removed and not state.waiting(rifle)
    assert not [a for a in state.legal_actions() if getattr(a, "unit", "") == rifle]


# --- §5.3 Exiting the map ---------------------------------------------------------------------

WEST_EDGE = {"kind": "hexrow", "column": 1, "side": "west", "inclusive": True}


def _with_exits(
    rules: list[dict[str, object]], conditions: list[dict[str, object]]
) -> PanzerCommandGame:
    """Sowchos 79 with special rules and victory conditions added (as the YAML writes them)."""
    loaded = load_scenario(SOWCHOS)
    scenario = loaded.scenario
    added = [TypeAdapter(SpecialRule).validate_python(r) for r in rules]
    victory = scenario.victory.model_copy(
        update={
            "conditions": [
                *scenario.victory.conditions,
                *(TypeAdapter(Condition).validate_python(c) for c in conditions),
            ]
        }
    )
    scenario = scenario.model_copy(
        update={"special_rules": [*scenario.special_rules, *added], "victory": victory}
    )
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, PanzerCommandGame)
    return game


def _german_segment(game: PanzerCommandGame, keep: dict[str, str]) -> PcState:
    state = game.new_initial_state(2)
    for _ in range(50):
        if state.play.phase == "segment" and state.owner == "german":
            break
        if state.play.phase == "action" and "german" in state.to_act():
            state.apply("select german")
            break
        state.apply(f"done {state.to_act()[0]}")
    assert state.play.phase == "segment" and state.owner == "german"
    for u in list(state.troops.hexes):
        if u not in keep:
            state.troops.hexes.pop(u)
    for u, name in keep.items():
        state.troops.hexes[u] = game.by_name[name]
    return state


PZ3 = "german.de-pz3.1"


def test_no_unit_leaves_the_map_unless_the_scenario_allows_it_5_3() -> None:
    """[§5.3] "A unit cannot voluntarily exit the map unless allowed to by specific instructions
    in the scenario being played": Sowchos 79 allows no exit; a move off the map is refused and
    none is offered."""
    game = load_game(load_scenario(SOWCHOS))
    assert isinstance(game, PanzerCommandGame) and not game.exits
    state = _german_segment(game, {PZ3: "0110"})
    assert not [a for a in state.legal_actions() if a.verb == "move" and a.path[-1] == "off"]
    with pytest.raises(IllegalActionError, match=r"no unit exits unless the scenario allows it"):
        state.apply("move german.de-pz3.1 off")


def test_an_exit_pays_for_a_hex_of_the_exit_hexs_terrain_and_scores_5_3() -> None:
    """[§5.3] "An exiting unit pays Movement Points as if it were entering another hex of the
    same type as its exit hex": an ``exit-allowed`` rule opens the west edge to the Germans;
    the Pz III moves 0210-0110 and off (1 + 1 MP in the clear); it is off the map for good,
    no loss, and an ``exit`` victory condition of 4 VP each counts it."""
    game = _with_exits(
        [{"kind": "exit-allowed", "side": "german", "region": WEST_EDGE}],
        [
            {
                "kind": "exit",
                "side": "german",
                "region": WEST_EDGE,
                "award": {"vp": 4, "per": "each"},
            }
        ],
    )
    assert "exit-allowed" in game.enforces
    state = _german_segment(game, {PZ3: "0310"})
    action = Move(PZ3, ("0210", "0110", "off"))
    assert state.describe(action) == "Exit the map from 0110 [§5.3]"
    assert state.preview(action).cost.startswith("3 of ")  # two clear hexes and the step off
    offered = [a for a in state.legal_actions() if isinstance(a, Move) and a.path[-1] == "off"]
    assert [a.unit for a in offered] == [PZ3]
    events = state.apply(action)
    assert PZ3 not in state.troops.hexes and state.support.exited == {PZ3: "0110"}
    assert PZ3 not in state.troops.eliminated and not state.waiting(PZ3)
    assert any(
        "exits the map from 0110" in e.describe() and "[§5.3]" in e.describe() for e in events
    )
    outcome = evaluate_outcome(state)
    assert any("1 unit(s) of german exited" in f and "4 VP" in f for f in outcome.findings)
    position = state.to_position()
    [place] = [p for p in position.units if p.id == PZ3]
    assert place.status == ["exited"]


# --- §20 Night ----------------------------------------------------------------------------------

SU_T34 = "soviet.su-t34.1"


def _night_game(first_turn: int = 10, turns: int = 1) -> PanzerCommandGame:
    """Sowchos 79 played on the absolute Game Turns given (10 is the night turn [§20.1])."""
    loaded = load_scenario(SOWCHOS)
    length = loaded.scenario.length.model_copy(update={"first_turn": first_turn, "turns": turns})
    scenario = loaded.scenario.model_copy(update={"length": length})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_the_night_turn_has_a_second_action_phase_of_the_regiment_chits_drawn_20_1() -> None:
    """[§20.1] "At the conclusion of the Action Phase, the Regiment Action chits that were picked
    from the cup (only) are put back into the cup. The players then go through a second Action
    Phase using these chits": everyone passing, the four chits of Turn 10 are drawn, then the two
    Regiment Action chits again, then the game ends; Turn 9 has no second phase."""
    for first, draws in ((10, 6), (9, 10)):
        game = _night_game(first, 11 - first)
        state = game.new_initial_state(4)
        while not state.is_terminal():
            state.apply(f"done {state.to_act()[0]}")
        drawn = [e for e in state.log if isinstance(e, ChitDrawn)]
        assert len(drawn) == draws
        second = [e for e in state.log if "second Action Phase" in e.describe()]
        assert len(second) == 1 and "[§20.1]" in second[0].describe()
        after = drawn[-2:]
        assert sorted(e.chit for e in after) == ["german:regiment", "soviet:regiment"]


def test_at_night_sight_and_fire_zones_reach_one_hex_and_fire_is_minus_two_20_2() -> None:
    """[§20.2] "The Line of Sight, and thus all Fire Zones, are reduced to one hex range ...
    There is an additional Attack Strength modifier of -2 applied to all forms of combat":
    the Pz III may not fire at the T-34 2 hexes off in the open; adjacent, its attack counts
    the night's -2."""
    game = _night_game()
    state = _german_segment(game, {PZ3: "0110", SU_T34: "0112"})
    with pytest.raises(
        IllegalActionError,
        match=r"at night the line of sight and Fire Zones reach 1 hex\(es\) \[§20.2: night\]",
    ):
        state.apply(f"fire {PZ3} {SU_T34}")
    state = _german_segment(game, {PZ3: "0111", SU_T34: "0112"})
    state.force_dice(10, 10)
    [fired] = of(FireExplained, state.apply(f"fire {PZ3} {SU_T34}"))
    assert any(s.startswith("at night [§20.2") and "-2" in s for s in fired.steps)


def test_at_night_a_hex_costs_one_more_and_no_unit_enters_an_enemy_fire_zone_20_2() -> None:
    """[§20.2] "The Movement Point cost to enter all hexes is increased by one Movement Point
    ... A unit cannot move into an Enemy Fire Zone at night": 0110-0109 costs the Pz III 2 MP
    in the open; 0113, next to the T-34 in 0114, may not be entered."""
    game = _night_game()
    state = _german_segment(game, {PZ3: "0110", SU_T34: "0115"})
    assert state.preview(Move(PZ3, ("0109",))).cost.startswith("2 of ")
    with pytest.raises(IllegalActionError, match=r"0114 may not be entered"):
        state.apply(Move(PZ3, ("0111", "0112", "0113", "0114")))
    state.apply(Move(PZ3, ("0111", "0112", "0113")))
    assert game.name(state.troops.hexes[PZ3]) == "0113"


def test_at_night_a_spotter_spots_only_adjacent_units_plotted_hexes_unaffected_20_2() -> None:
    """[§20.2] "Spotting for Indirect Fire can be made only against units adjacent to the
    Spotting unit (although firing at pre-plotted hexes is unaffected; 14.6)"."""
    game = _night_game()
    state = _german_segment(game, {PZ3: "0111", SU_T34: "0113"})
    edge = game.name(
        min(
            game.home_edges["german"],
            key=lambda h: (h.distance(game.by_name["0113"]), game.name(h)),
        )
    )
    assert not [a for a in state.legal_actions() if isinstance(a, OffMapFire)]
    state.troops.hexes[PZ3] = game.by_name["0112"]
    assert OffMapFire(LEFH, SU_T34, PZ3, edge) in state.legal_actions()
    state.troops.hexes[PZ3] = game.by_name["3030"]
    state.support.plots[LEFH] = ["0113"]
    assert OffMapFire(LEFH, SU_T34, "plotted", edge) in state.legal_actions()


# --- §18 Airpower -------------------------------------------------------------------------------


def _direct_command_segment(game: PanzerCommandGame, keep: dict[str, str]) -> PcState:
    """A German Segment made its Direct Command Segment (the chit set by hand), 6 Commands."""
    state = segment(game, "german", keep)
    state.play.chit = "german:direct-command"
    state.command.dc["german"] = 6
    return state


def test_airpower_called_in_the_direct_command_segment_strikes_for_a_command_18_4() -> None:
    """[§18.2; §18.4] "The effects of airpower are determined when a player with Air Strength
    picks his Direct Command chit ... he rolls one die and locates the result under his Air
    Strength ... He can then execute his strikes at a cost of one Command per strike ... The die
    roll result for a successful attack is cross-referenced on the Direct Fire H row": the
    Germans (Air Strength 1, uncontested) roll a 0: one strike of 5; at the T-34, 5 - 2 = 3,
    rolled 2: S; the T-34 fails its try for a Cohesion Hit and is Suppressed."""
    game = _game()
    state = segment(game, "german", {PZGR: "0101", T34: "0110"})
    assert AirCall("german") not in state.legal_actions()  # a Regiment Action Segment
    state = _direct_command_segment(game, {PZGR: "0101", T34: "0110"})
    assert AirCall("german") in state.legal_actions()
    state.force_dice(1)
    events = state.apply(AirCall("german"))
    assert state.support.strikes == [5]
    assert any("1 strike(s) of Attack Strength 5" in e.describe() for e in events)
    assert AirCall("german") not in state.legal_actions()  # once a Segment
    action = Airstrike("german", T34)
    assert action in state.legal_actions()
    [chance] = state.preview(action).chances
    assert chance.effect == pytest.approx(0.4)  # 0-3 succeed, all with an effect
    state.force_dice(3, 10)
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert (fired.final, fired.roll, fired.result) == (3, 2, "S")
    assert state.command.dc["german"] == 5 and not state.support.strikes
    assert T34 in state.troops.suppressed and not state.reaction.trigger  # no Opportunity Fire


def test_no_airstrike_into_woods_unless_a_friend_is_adjacent_and_none_at_night_18_4() -> None:
    """[§18.4] "Airstrikes cannot be made against units occupying woods hexes, town hexes, and
    entrenchments, unless the enemy units occupying such hexes are adjacent to a hex occupied
    by a friendly un-Suppressed ground unit"; [§20.2] "There is no Airpower at night"."""
    game = _game()
    state = _direct_command_segment(game, {PZGR: "0110", T34: "0716"})
    state.support.strikes = [5]
    with pytest.raises(IllegalActionError, match=r"woods, a town or an entrenchment.*\[§18.4\]"):
        state.apply(Airstrike("german", T34))
    state.troops.hexes[PZGR] = game.by_name["0715"]
    assert Airstrike("german", T34) in state.legal_actions()
    state.play.turn = 10
    with pytest.raises(IllegalActionError, match=r"no airpower at night \[§20.2\]"):
        state.apply(AirCall("german"))


def test_contested_air_the_caller_losing_the_air_battle_gets_no_strikes_18_2() -> None:
    """[§18.2] "each player rolls one die and compares the result to his Air Strength; if equal
    to or less than the strength, his opponent's Air Strength is reduced by one ... The player
    whose Direct Command segment is in progress can use his Airpower unless he loses an Air
    Strength Point and his opponent does not": both sides have 1; the Germans roll 9, the
    Soviets 0; the Germans drop to 0 and get no strikes (the engine answers for the Soviets,
    always contesting: our reading)."""
    game = _game()
    state = _direct_command_segment(game, {PZGR: "0101", T34: "0110"})
    state.support.air["soviet"] = 1
    state.force_dice(10, 1)
    events = state.apply(AirCall("german"))
    assert state.support.air == {"german": 0, "soviet": 1} and not state.support.strikes
    assert any("no airpower this Segment [§18.2]" in e.describe() for e in events)


def test_a_unit_leaving_the_map_from_an_enemy_fire_zone_draws_opportunity_fire_5_3_8_1() -> None:
    """[§5.3; §8.1] The step off the map leaves a hex: the T-34 with the exit hex in its Fire
    Zone may fire first; when it does not, the Pz III leaves."""
    game = _with_exits([{"kind": "exit-allowed", "side": "german", "region": WEST_EDGE}], [])
    state = _german_segment(game, {PZ3: "0110", SU_T34: "0112"})
    state.apply(Move(PZ3, ("off",)))
    assert state.reaction.trigger == "move" and state.to_act() == ("soviet",)
    assert PZ3 in state.troops.hexes
    state.apply("done soviet")
    assert PZ3 not in state.troops.hexes and state.support.exited == {PZ3: "0110"}
