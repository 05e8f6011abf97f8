"""A bought pillbox blocks sight [18.52]: "Like buildings, a pillbox blocks LOS"; a man inside
sees out [18.51]; made rubble by artillery [17.51], it no longer blocks."""

from __future__ import annotations

import dataclasses

from soldiers_scenes import DAWN, clear

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.registry import load_game
from rules.soldiers import pillbox_sight
from rules.soldiers.game import SoldiersGame


def _fortified() -> SoldiersGame:
    """Dawn Patrol with the second side the defender, who bought a pillbox [18.5; 19.43]."""
    loaded = load_scenario(DAWN)
    first, second = loaded.scenario.sides[0], loaded.scenario.sides[1]
    sides = [
        first.model_copy(update={"role": "attacker"}),
        second.model_copy(
            update={"role": "defender", "purchases": [Purchase(item="PILLBOX", count=1)]}
        ),
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game


def _across(game: SoldiersGame, box: Hex) -> tuple[Hex, Hex]:
    """Two hexes on either side of ``box`` in a straight line that the map's own sight lets
    see each other (clear ones first)."""
    found = []
    for d in range(6):
        for n in (1, 2):
            a, b = box, box
            for _ in range(n):
                a, b = a.neighbor(d), b.neighbor((d + 3) % 6)
            if a in game.amap.hexes and b in game.amap.hexes and game.sees(a, b):
                found.append((not (clear(game, a) and clear(game, b)), n, d, a, b))
    if found:
        return min(found, key=lambda f: f[:3])[3:]
    raise AssertionError("no clear line across the pillbox")


def test_pillbox_18_52_a_bought_pillbox_blocks_sight_but_not_its_own() -> None:
    """[18.52]: the line through the pillbox hex is blocked; [18.51]: from and into the
    pillbox it is not; [17.51]: made rubble, it blocks no more."""
    game = _fortified()
    assert list(game.prepared.values()) == ["pillbox"]  # bought, placed with his men [19.43]
    # stood where a line crosses it (the engine put it in a man's hex at the map's edge)
    box = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if clear(game, h)
        and all(clear(game, n) for n in h.neighbors())
        and game.sees(h.neighbor(0).neighbor(0), h.neighbor(3).neighbor(3))
    )
    game.prepared = {box: "pillbox"}
    assert pillbox_sight.placed(game) == {box}
    a, b = _across(game, box)
    state = game.new_initial_state(1)
    assert not state.sees(a, b) and not state.sees(b, a)
    assert state.sees(box, a) == game.sees(box, a) and state.sees(a, box) == game.sees(a, box)
    state.artillery.rubble.add(game.name(box))
    assert state.sees(a, b)
