"""Soldiers equipment follow-ups [7.33; 11; 14.13; 16.21; 17.1-17.31]: Target Acquisition counts
whoever carries the radio now [17.31; 17.11]; the heuristic bot takes equipment when it pays
(clips when out of ammo [11; 8.51], a dead crewman's MG part [14.13], a dead radioman's radio
for a leader [17.12], grenades [12]). Dice are forced; men are staged by hand."""

from __future__ import annotations

import dataclasses

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.registry import load_game
from rules.soldiers import artillery
from rules.soldiers.fire_support_actions import ArtilleryNote
from rules.soldiers.game import SoldiersGame, SoldiersState

DAWN = "scenarios/soldiers/10-dawn-patrol.yaml"
#: A US rifleman of Dawn Patrol, no leader [2.1].
PRIVATE = "us.e.5"


def _heavy_support() -> SoldiersGame:
    """Dawn Patrol with heavy artillery support bought for the US (its squad leader the
    radioman) [17.1; 19.42]."""
    loaded = load_scenario(DAWN)
    sides = [
        s.model_copy(update={"purchases": [Purchase(item="ART-HEAVY", count=1)]})
        if s.id == "us"
        else s
        for s in loaded.scenario.sides
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    assert found.men[PRIVATE].rank not in artillery.LEADERS
    return found


def _clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _strike(state: SoldiersState, target: Hex) -> list[object]:
    """A US strike on ``target``: heavy support's 6 is light shells, then 1 on target [17.3]."""
    start = len(state.log)
    state.force_dice(6, 1)
    artillery.resolve_strike(state, "us", target)
    return list(state.log[start:])


def test_17_31_target_acquisition_counts_the_man_carrying_the_radio_now() -> None:
    """[17.31; 17.11] A private who took the radio is "the radioman": in sight of the target
    hex he places the Target Acquisition marker (-2); without the radio he does not (our
    reading), and the assigned radioman, out of sight, places none."""
    game = _heavy_support()
    state = game.new_initial_state(1)
    hexes = sorted((h for h in game.amap.hexes if _clear(game, h)), key=game.name)
    eye, target = next(
        (a, b) for a in hexes for b in hexes if a.distance(b) == 6 and game.sees(a, b)
    )
    far = max(hexes, key=lambda h: (h.distance(target), game.name(h)))
    for m in state.troops.hexes:
        state.troops.hexes[m] = eye if m == PRIVATE else far
    name = game.name(target)

    without = state.clone()  # the private does not carry the radio
    _strike(without, target)
    assert name not in without.artillery.acquired

    state.kit.radios["us"] = PRIVATE  # he took it from the squad leader [7.33; 17.11]
    events = _strike(state, target)
    assert state.artillery.acquired[name] == 2
    note = [e for e in events if isinstance(e, ArtilleryNote)][-1]
    assert note.text.startswith(f"{PRIVATE} (carrying the radio")
    assert "Target Acquisition marker -2 [17.31]" in note.text

    _strike(state, target)  # the second strike flips it while he still sees the hex
    assert state.artillery.acquired[name] == 4
