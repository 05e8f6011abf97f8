"""Panzer Command's invariants (:mod:`rules.panzer_command.invariants`): what the seeded fuzz asks
after every action and a position file is held to. Each is broken here on a real game's state,
and named in words with its section; random games keep them all."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.bots.base import RandomBot
from rules.panzer_command.invariants import invariants
from rules.pointbuy.purchase import game_for
from tools import fuzz

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

POINT = fuzz.SCENARIOS / "panzer-command" / "point-161.yaml"
PGR, PAK = "german.de-panzergrenadier.1", "german.de-pak.1"
T34, T34B, T34C, KV, AT45 = (
    "soviet.su-t34.1",
    "soviet.su-t34.2",
    "soviet.su-t34.3",
    "soviet.su-kv.1",
    "soviet.su-at45.1",
)


def _state() -> PcState:
    """Point 161 at its set-up: Turn 5's Preparation Phase, the German Panzergrenadiers holding
    the German Regimental HQ, the KV and the 45 mm gun together in 3108."""
    state = game_for(load_scenario(POINT)).new_initial_state(1)
    assert invariants(state) == []
    return state  # type: ignore[return-value]


def test_units_on_the_map_are_of_the_game_on_its_hexes_with_their_steps() -> None:
    state = _state()
    troops = state.troops
    troops.hexes[T34] = Hex(500, 500)
    troops.steps[PAK] = 3  # a counter has 1 or 2 Steps [§2.5]
    troops.steps[PGR] = 0
    troops.hexes["soviet.nobody"] = troops.hexes[KV]
    troops.eliminated.extend([T34B, T34B])
    wrong = invariants(state)
    assert f"{T34} stands off the map at (500,500)" in wrong
    assert f"{PAK} has 3 Steps on the map, of its 2 [§2.5]" in wrong
    assert f"{PGR} has 0 Steps on the map, of its 2 [§2.5]" in wrong
    assert "soviet.nobody is on the map but not of the game" in wrong
    assert f"{T34B} is on the map and eliminated [§11.1]" in wrong
    assert f"{T34B} is eliminated 2 times" in wrong
    assert f"{T34B} is eliminated with 2 Steps [§11.1]" in wrong


def test_a_unit_removed_or_exited_is_off_the_map() -> None:
    state = _state()
    state.support.removed.append(T34B)
    state.support.exited[KV] = "3108"
    wrong = invariants(state)
    assert wrong == [
        f"{T34B} is on the map and removed [§14.7]",
        f"{KV} is on the map and exited [§5.3]",
    ]


def test_no_hex_holds_both_sides() -> None:
    """A retreat never enters an enemy-occupied hex [§9.4], an advance only the hex left
    [§9.5], a reinforcement no enemy-held hex [§15.2]."""
    state = _state()
    state.troops.hexes[T34] = state.troops.hexes[PAK]
    assert invariants(state) == [f"{PAK}, {T34}: enemies in one hex, 1307 [§9.4-9.5; §15.2]"]


def test_more_than_six_steps_end_no_segment_in_a_hex() -> None:
    """No more than 6 Steps end a Segment in one hex [§5.2]; during a Segment units pass through
    freely, and a tank's passengers count none [§13.3]."""
    state = _state()
    troops = state.troops
    troops.hexes[T34B] = troops.hexes[T34C] = troops.hexes[KV]  # 8 Steps in 3108
    over = f"{AT45}, {KV}, {T34B}, {T34C}: 8 Steps end a Segment in 3108, over 6 [§5.2]"
    assert invariants(state) == [over]
    state.play.phase, state.play.chit = "segment", state.command.cup.pop(1)  # drawn
    assert state.play.chit == "soviet:regiment"
    assert invariants(state) == []  # moving through
    state.play.phase, state.play.chit = "action", None
    troops.mounted[AT45] = T34B  # riding a tank: no Steps for stacking [§13.3]
    assert invariants(state) == []
    state.play.over = True
    troops.mounted.pop(AT45)
    assert invariants(state) == [over]


def test_markers_are_of_units_on_the_map() -> None:
    state = _state()
    troops = state.troops
    troops.eliminated.append("soviet.su-rifle.1")
    gone = "soviet.su-rifle.1"
    troops.steps[gone] = 0
    troops.suppressed.add(gone)
    troops.cohesion[gone] = 1
    troops.cohesion[T34] = 3
    troops.concentrations[gone] = "3108"
    troops.in_ip.add(gone)
    troops.entrenchments["1307"] = T34  # the PaK's hex, not the T-34's
    troops.entrenchments["9999"] = ""
    troops.concentrations[T34B] = "3107"
    troops.suppressed.add(T34B)  # a Suppressed unit loses its Concentration [§10.3]
    wrong = invariants(state)
    assert f"{gone} is Suppressed and not on the map [§11.1]" in wrong
    assert f"{gone} has 1 Cohesion Hits (0 to 2, on the map) [§11.1]" in wrong
    assert f"{T34} has 3 Cohesion Hits (0 to 2, on the map) [§11.1]" in wrong
    assert f"{gone} Concentrates its fire and is not on the map [§10]" in wrong
    assert f"{gone} is in an Improved Position and not on the map [§19]" in wrong
    assert f"{T34} occupies the entrenchment in 1307 and is not there [§16.5]" in wrong
    assert "an entrenchment in 9999, no hex of the map [§16.5]" in wrong
    assert f"{T34B} Concentrates its fire and is Suppressed [§10.3]" in wrong
    assert f"{gone} Concentrates its fire and is Suppressed [§10.3]" in wrong
    assert len(wrong) == 9


def test_a_passenger_rides_its_own_sides_tank_in_its_hex() -> None:
    state = _state()
    troops = state.troops
    troops.mounted[PGR] = T34  # the enemy's tank
    troops.mounted["soviet.su-motor-rifle.1"] = T34B  # a tank of its side, in another hex
    troops.mounted["soviet.su-motor-rifle.2"] = "truck"
    wrong = invariants(state)
    assert wrong == [
        f"{PGR} rides {T34}, no tank of its side [§13.3]",
        f"soviet.su-motor-rifle.1 is not in its tank {T34B}'s hex [§13.3]",
    ]


def test_a_regimental_hq_is_with_a_unit_of_its_regiment_in_play() -> None:
    state = _state()
    troops = state.troops
    troops.hq["german"] = T34
    troops.hq["soviet"] = KV
    troops.hq_destroyed.add("soviet")
    wrong = invariants(state)
    assert wrong == [
        f"german's Regimental HQ is with {T34}, no unit of its regiment in play [§4.1]",
        f"soviet's Regimental HQ was destroyed and is with {KV} [§3.1 A]",
    ]


def test_points_chits_and_where_play_is() -> None:
    state = _state()
    command, play = state.command, state.play
    command.dp["german"] = 10
    command.dc["soviet"] = -1
    command.cup.append("german:regiment-3")
    command.track[5] = ["soviet:regiment-2"]  # for this turn: the chit went into the cup
    command.track[6] = ["german:regiment-2"]  # for the next: bought with a Dispatch Point
    play.chit = "german:regiment-2"  # in the Preparation Phase
    play.turn = 99
    wrong = invariants(state)
    assert wrong == [
        "german has 10 Dispatch Points, 0 to 9 [§4.2]",
        "soviet has -1 Direct Commands, 0 to 19 [§4.2]",
        "chit 'german:regiment-3' is no side's Regimental Action or Direct Command chit [§3.1]",
        "chits on the Game Turn Track for Turn 5, now Turn 99 [§3.1 C]",
        "chits on the Game Turn Track for Turn 6, now Turn 99 [§3.1 C]",
        "the prep phase with chit german:regiment-2: only a Segment has a chit [§3.2]",
        f"Turn 99, not one of the scenario's {state.game.first_turn}-{state.game.last_turn}",
    ]


@pytest.mark.parametrize(("name", "seed"), [("point-161.yaml", 3), ("sowchos-79.yaml", 4)])
def test_random_games_keep_the_invariants_after_every_action(name: str, seed: int) -> None:
    state = game_for(load_scenario(fuzz.SCENARIOS / "panzer-command" / name)).new_initial_state(
        seed
    )
    bots = {side: RandomBot(seed + i) for i, side in enumerate(state.game.sides)}
    done = 0
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        done += 1
        assert invariants(state) == [], done
    assert done > 50


def test_a_chit_is_one_counter_and_only_a_second_chit_goes_on_the_track() -> None:
    """[§3.1] A chit is one counter: never twice in the cup, nor in the cup while in play in
    the Segment; the Game Turn Track gets only a side's second Regimental Action chit, bought
    with a Dispatch Point, once [§3.1 Preparation C]."""
    state = _state()
    command, play = state.command, state.play
    assert sorted(command.cup) == [
        "german:direct-command",
        "german:regiment",
        "soviet:direct-command",
        "soviet:regiment",
    ]
    command.cup.append("german:regiment")
    play.phase, play.chit = "segment", "soviet:direct-command"  # and still in the cup
    command.track[6] = ["soviet:regiment-2", "soviet:regiment-2", "german:direct-command"]
    track = "only a side's second Regimental Action chit goes there, once, for a Dispatch Point"
    assert invariants(state) == [
        "chit 'german:regiment' is in the cup 2 times: a chit is one counter [§3.1]",
        "chit 'soviet:direct-command' is both in play in the Segment and in the cup [§3.1]",
        f"chit 'german:direct-command' on the Game Turn Track for Turn 6: {track} [§3.1 "
        "Preparation C]",
        f"chit 'soviet:regiment-2' on the Game Turn Track for Turn 6 2 times: {track} [§3.1 "
        "Preparation C]",
    ]
    command.cup.remove("german:regiment")
    command.cup.remove("soviet:direct-command")
    command.track[6] = ["soviet:regiment-2"]
    assert invariants(state) == []


def test_only_the_segments_side_has_actions_in_it_and_no_chit_is_drawn_twice() -> None:
    """[§3.2] A Segment's Actions are its side's units'; [§3.1] a chit drawn from the cup is
    drawn once in a phase."""
    state = _state()
    command, play = state.command, state.play
    play.phase, play.chit = "segment", command.cup.pop(command.cup.index("soviet:regiment"))
    command.drawn = ["soviet:regiment", "soviet:regiment"]
    play.acted.add(PAK)
    play.commanded.add(T34)
    assert invariants(state) == [
        "chit 'soviet:regiment' drawn from the cup 2 times this phase [§3.1]",
        f"{PAK} has an Action in soviet's Segment [§3.2]",
    ]
    command.drawn = ["soviet:regiment"]
    play.acted = {T34}
    play.verbs = {T34: ["move"]}
    assert invariants(state) == []


def _sowchos_with(extra: str) -> PcState:
    """Sowchos 79 with more German units entering in column by the same edges."""
    from model.scenario_io import parse_scenario

    path = fuzz.SCENARIOS / "panzer-command" / "sowchos-79.yaml"
    text = path.read_text(encoding="utf-8")
    old = "      - {unit: de-pionier}\n"
    assert old in text
    loaded = parse_scenario(text.replace(old, old + extra), str(path))
    return game_for(loaded).new_initial_state(1)  # type: ignore[return-value]


def test_a_set_up_spread_never_puts_more_than_six_steps_in_a_hex() -> None:
    """[§5.2] The engine sets up the owner's units standing in for his choice, spread evenly
    over the area; each force entry spread from the area's start, so with one StuG more in
    Sowchos 79 four German units (8 Steps) stood in 0630, and the first Segment ended
    overstacked (found by random editor edits followed by a game). A unit whose even place is
    full takes the next hex with room."""
    from rules.panzer_command.moves import STACKING_LIMIT, steps_in

    state = _sowchos_with("      - {unit: de-stug}\n")
    for h in set(state.troops.hexes.values()):
        for side in state.game.sides:
            assert steps_in(state, h, side) <= STACKING_LIMIT, state.game.name(h)
    state.apply("done soviet")
    assert invariants(state) == []


def test_a_set_up_area_too_small_for_the_side_is_refused_with_the_rule() -> None:
    from rules.engine.errors import UnsupportedGameError

    with pytest.raises(UnsupportedGameError) as caught:
        _sowchos_with(  # two hexes: room for 12 Steps, not for 8 StuGs
            "      - {unit: de-stug, count: 8, placement: {kind: area, region: "
            "{kind: hexes, hexes: ['0630', '0629']}}}\n"
        )
    assert "has no room left for german.de-stug." in str(caught.value)
    assert str(caught.value).endswith(
        "at most 6 Steps a hex, and none in a hex the enemy holds [§5.2]"
    )
