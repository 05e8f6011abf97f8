"""Panzer Command faults found by trying the engine against the book, each pinned here with the
section it breaks and, where dice matter, forced dice (a forced face f reads as the d10's f-1
[§2.3])."""

from __future__ import annotations

import dataclasses

import pytest

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import Fire, Rally
from rules.panzer_command.game import PanzerCommandGame, PcState
from rules.registry import load_game

POINT_161 = "scenarios/panzer-command/point-161.yaml"
T34, KV, PAK = "soviet.su-t34.1", "soviet.su-kv.1", "german.de-pak.1"
PZGR, PZGR2 = "german.de-panzergrenadier.1", "german.de-panzergrenadier.2"


def _game() -> PanzerCommandGame:
    """A game of its own (tests change its counters)."""
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


@pytest.fixture(scope="module")
def game() -> PanzerCommandGame:
    return _game()


def _segment(game: PanzerCommandGame, side: str, seed: int = 3) -> PcState:
    """A Regiment Action Segment of ``side`` (its second chit, selected)."""
    state = game.new_initial_state(seed)
    state.apply(f"done {game.reaction}")
    state.apply(f"done {game.initiative}")
    if side != game.initiative:
        state.apply(f"done {game.initiative}")  # the Initiative player passes first [§3.1 A]
    state.apply(f"select {side}")
    assert state.play.phase == "segment" and state.owner == side
    return state


def _clear_board(state: PcState, keep: dict[str, str]) -> None:
    """Only the units of ``keep`` stay on the map, at the hexes named (column 01 is open
    ground)."""
    for u in list(state.troops.hexes):
        if u not in keep:
            state.troops.hexes.pop(u)
    for u, name in keep.items():
        state.troops.hexes[u] = state.game.by_name[name]


def _counter(game: PanzerCommandGame, unit: str, **values: object) -> None:
    """Give a counter other printed values (a test-made counter)."""
    game.units[unit] = dataclasses.replace(game.units[unit], **values)  # type: ignore[arg-type]


# --- 1. Line of sight reaches 8 hexes [§6.2] -----------------------------------------------------


def test_line_of_sight_ends_at_eight_hexes_6_2() -> None:
    """[§6.2] "The two units must be within 8 hexes of each other": a counter given a Range of 10
    fires at 8 hexes over open ground, not at 9, and its Fire Zone stops at 8."""
    game = _game()
    _counter(game, T34, range=10)
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PZGR: "0110", PAK: "0109"})
    assert game.sees(game.by_name["0101"], game.by_name["0110"])  # the terrain blocks nothing
    assert Fire(T34, PAK) in state.legal_actions()
    assert Fire(T34, PZGR) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"beyond 8 hexes.*\[§6.2\]"):
        state.apply(Fire(T34, PZGR))
    assert state.in_enemy_fire_zone(PAK) and not state.in_enemy_fire_zone(PZGR)


# --- 4. Fire Zones of artillery and the pin of an adjacent enemy [§6.5; §14.2] ----------------


def test_h_class_fire_zone_is_three_hexes_not_its_printed_range_14_2() -> None:
    """[§2.5; §14.2] "H Class weapons have a Fire Zone of 3 instead of the range printed on
    their counters": a howitzer printed with Range 21 fires at 3 hexes, not at 4."""
    game = _game()
    _counter(game, PAK, weapon_class="H", range=21)
    state = _segment(game, "german")
    _clear_board(state, {PAK: "0101", T34: "0104", KV: "0105"})
    assert Fire(PAK, T34) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"H Class.*\[§14.2\]"):
        state.apply(Fire(PAK, KV))
    assert state.in_enemy_fire_zone(T34) and not state.in_enemy_fire_zone(KV)


def test_mortar_has_no_fire_zone_and_does_not_stop_a_rally_14_2() -> None:
    """[§14.2] "Hm Class units are mortars, which have no Fire Zone at all": a T-34 with a
    Cohesion Hit two hexes from a mortar may Rally [§11.2], which it may not beside a gun."""
    game = _game()
    _counter(game, PAK, weapon_class="Hm", range=5)
    state = _segment(game, "soviet")
    _clear_board(state, {PAK: "0101", T34: "0103"})
    state.troops.cohesion[T34] = 1
    assert not state.in_enemy_fire_zone(T34)
    assert Rally(T34) in state.legal_actions()
    state.force_dice(1)  # a "0": at or under any Troop Quality [§11.2]
    state.apply(Rally(T34))
    assert not state.troops.cohesion.get(T34)
    gun = _game()  # the same with the PaK as printed (D Class): in its Fire Zone, no Rally
    state = _segment(gun, "soviet")
    _clear_board(state, {PAK: "0101", T34: "0103"})
    state.troops.cohesion[T34] = 1
    assert state.in_enemy_fire_zone(T34) and Rally(T34) not in state.legal_actions()


def test_adjacent_enemy_reduces_fire_zone_until_suppressed_6_5(game: PanzerCommandGame) -> None:
    """[§6.5] "A unit's Fire Zone is reduced to only adjacent hexes at the instant an enemy unit
    moves adjacent to it. The reduction lasts until the adjacent unit is Suppressed": the T-34
    that fires at the PaK two hexes off may not once Panzergrenadiers stand beside it, and may
    again when they are Suppressed."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PAK: "0103"})
    assert Fire(T34, PAK) in state.legal_actions()
    state.troops.hexes[PZGR] = game.by_name["0102"]  # moves next to the T-34
    assert Fire(T34, PAK) not in state.legal_actions()
    assert Fire(T34, PZGR) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"reduced to the adjacent hexes \[§6.5\]"):
        state.apply(Fire(T34, PAK))
    state.troops.suppressed.add(PZGR)
    assert Fire(T34, PAK) in state.legal_actions()
