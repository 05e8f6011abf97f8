"""Seeded games pinned to their fingerprints (STYLE point 17: same seed, same game).

Each row is a whole bot game on a Panzer '44 scenario with the bots of :mod:`rules.bots.base`
(seeded as ``bench/engine_bench.py`` seeds them): its number of actions, winner, victory
points and final :meth:`~rules.engine.core.State.fingerprint`. A speed change to the engine (a cache,
a faster search) must leave all of them byte-identical; a rules change that alters play on
purpose updates them, and says so (last: Panzer '44 panic [14.0], transport [9.0], overrun
[13.0], indirect fire, counterbattery and off-board support [6.4], [6.7], [15.0], [16.0],
opportunity fire [6.5], Improved Positions [12.0] and mines [17.0]; units placed in an area
nearest the scenario's objectives [18.41]; wrecks negating the road rate [10.4], which changed
the paths and play of four rows and the text of a wreck's event in a fifth, 19.2 seed 2; the
heuristic row: the heuristic bot's support, Opportunity Fire, group movement and overruns;
19.2's ban on German Direct Fire on Game-Turn One, which changed its four rows: with the ban
switched off they give their former values).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.bots.base import Bot, make_bot, play
from rules.engine.core import Game, State
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

#: (scenario, seed, the first side's bot, actions, winner, victory points, fingerprint); the
#: second side plays the random bot.
PINNED = [
    (
        "19.2-sedan-revenged.yaml",
        1,
        "heuristic",
        292,
        "french",
        {"french": 86, "german": 0},
        "255cf8ebb39a7f811daa5a750bcfe30075cf99810e64d3b0caca58adba195523",
    ),
    (
        "19.2-sedan-revenged.yaml",
        1,
        "random",
        326,
        "french",
        {"french": 55, "german": 23},
        "eb6f836329368a8f460266d25ed08b53d5f9dde81110da39c06d43c0fd455070",
    ),
    (
        "19.2-sedan-revenged.yaml",
        2,
        "random",
        374,
        "french",
        {"french": 61, "german": 6},
        "c2f8ad793f7cd5782c591bf8f3bddd889c85cfda1b537ed8390a4b07673dd045",
    ),
    (
        "19.2-sedan-revenged.yaml",
        3,
        "random",
        361,
        "french",
        {"french": 42, "german": 28},
        "ad4146d178876d02df53385b211594155647d52a97d5225eb4a794cfe30d9990",
    ),
    (
        "20.1-villers-bocage.yaml",
        1,
        "random",
        433,
        "british",
        {"british": 3, "german": 0},
        "aa30545bca832fe605643e6e90a1b071bbcfed564cb42f94f94f9bd8c3cafea1",
    ),
    (
        "20.1-villers-bocage.yaml",
        2,
        "random",
        508,
        "british",
        {"british": 3, "german": 0},
        "b3c91e8d293b368d855d4e32aaa31691263c2942ccfb2dc63304decd853db0eb",
    ),
    (
        "20.1-villers-bocage.yaml",
        3,
        "random",
        510,
        "british",
        {"british": 4, "german": 0},
        "62021f9074653a558c6c62114819d5dfb57853bd96062766c75b31560f4e8036",
    ),
]


@functools.cache
def game(name: str) -> Game:
    return load_game(load_scenario(SCENARIOS / name))


def start(scenario: str, seed: int, first: str) -> tuple[State, dict[str, Bot]]:
    g = game(scenario)
    state = g.new_initial_state(seed)
    bots = {
        s: make_bot(first if i == 0 else "random", seed * 10 + i) for i, s in enumerate(g.sides)
    }
    return state, bots


@pytest.mark.parametrize(
    ("scenario", "seed", "first", "actions", "winner", "vp", "fingerprint"), PINNED
)
def test_a_seeded_game_ends_with_its_pinned_fingerprint(
    scenario: str,
    seed: int,
    first: str,
    actions: int,
    winner: str | None,
    vp: dict[str, float],
    fingerprint: str,
) -> None:
    state, bots = start(scenario, seed, first)
    assert play(state, bots) == actions
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winner, dict(outcome.vp)) == (winner, vp)
    assert state.fingerprint() == fingerprint


def test_asking_for_fingerprints_along_the_way_changes_nothing() -> None:
    """The log's hash is worked out when a fingerprint is asked for: asking often, and from a
    clone, gives the same as asking once at the end."""
    scenario, seed, first, actions, _, _, fingerprint = PINNED[0]
    state, bots = start(scenario, seed, first)
    seen = []
    for _ in range(actions):
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        if len(state.history) % 25 == 0:
            seen.append(state.fingerprint())
            assert state.clone().fingerprint() == seen[-1]
    assert state.is_terminal()
    assert state.fingerprint() == fingerprint
    assert len(set(seen)) == len(seen)
