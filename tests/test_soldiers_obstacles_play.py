"""Smoke and rifle grenades, wire and minefields in whole games: Dawn Patrol with the defender's
bought wire, minefields and a pillbox [18; 19.43] and both sides' grenades and smoke grenades
[12; 19.44]; the heuristic and random bots play it to the end, every action legal, and a clone
taken on the way plays on to the same fingerprint."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_scenes import DAWN

from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.bots.base import make_bot
from rules.registry import load_game
from rules.soldiers.game import SoldiersGame, SoldiersState


def _equipped() -> SoldiersGame:
    loaded = load_scenario(DAWN)
    first, second = loaded.scenario.sides[0], loaded.scenario.sides[1]
    kit = [Purchase(item="GRENADE", count=6), Purchase(item="SMOKE-GRENADE", count=6)]
    works = [Purchase(item=i, count=2) for i in ("WIRE", "MINEFIELD")]
    sides = [
        first.model_copy(update={"role": "attacker", "purchases": kit}),
        second.model_copy(
            update={
                "role": "defender",
                "purchases": [*kit, *works, Purchase(item="PILLBOX", count=1)],
            }
        ),
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_with_smoke_wire_and_minefields_plays_to_the_end_and_replays(seed: int) -> None:
    """[12.5; 12.6; 18.3; 18.4]: the bots finish the game; a clone replays the same."""
    game = _equipped()
    assert game.laid_wire and game.prepared
    state = game.new_initial_state(seed)
    bots = {s: make_bot(("heuristic", "random")[i], seed) for i, s in enumerate(game.sides)}
    twin: SoldiersState | None = None
    steps = 0
    while not state.is_terminal():
        acting = state.to_act()[0]
        action = bots[acting].choose(state, acting)
        assert state.why_not(action) is None
        state.apply(action)
        steps += 1
        if twin is None and steps == 40:
            copy = state.clone()
            assert isinstance(copy, SoldiersState)
            twin = copy
    assert any(e.kind == "soldiers-smoke" for e in state.log)  # smoke was thrown [12.5]
    assert twin is not None
    for action in state.history[len(twin.history) :]:
        twin.apply(action)
    assert twin.fingerprint() == state.fingerprint()
