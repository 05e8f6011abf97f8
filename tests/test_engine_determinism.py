"""Seeded games pinned to their fingerprints (STYLE point 17: same seed, same game).

Each row is a whole bot game on a Panzer '44 scenario with the bots of :mod:`rules.bots`
(seeded as ``bench/engine_bench.py`` seeds them): its number of actions, winner, victory
points and final :meth:`~rules.core.State.fingerprint`. A speed change to the engine (a cache,
a faster search) must leave all of them byte-identical; a rules change that alters play on
purpose updates them, and says so (last: Panzer '44 panic [14.0], transport [9.0], overrun
[13.0], indirect fire, counterbattery and off-board support [6.4], [6.7], [15.0], [16.0],
opportunity fire [6.5], Improved Positions [12.0] and mines [17.0]; units placed in an area
nearest the scenario's objectives [18.41]; the heuristic row: the heuristic bot's support,
Opportunity Fire, group movement and overruns).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.bots import Bot, make_bot, play
from rules.core import Game, State, load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

#: (scenario, seed, the first side's bot, actions, winner, victory points, fingerprint); the
#: second side plays the random bot.
PINNED = [
    (
        "19.2-sedan-revenged.yaml",
        1,
        "heuristic",
        270,
        "french",
        {"french": 106, "german": 12},
        "19894da4e6b69553478b8b5a5f11649c1c943e7e60f02a73dabd7281084ed691",
    ),
    (
        "19.2-sedan-revenged.yaml",
        1,
        "random",
        333,
        "german",
        {"french": 33, "german": 43},
        "64c398c1505adc8055824d0b0a6ae5aa2b2f6f0c7a23f9b83035a9ca3ef25861",
    ),
    (
        "19.2-sedan-revenged.yaml",
        2,
        "random",
        358,
        "french",
        {"french": 38, "german": 36},
        "8d2d4b9a7d052d519679a6ac345badc44f2f37888695c75e99c7ad99e4a8a8f9",
    ),
    (
        "19.2-sedan-revenged.yaml",
        3,
        "random",
        362,
        "german",
        {"french": 38, "german": 58},
        "4fe96f398de5e0da97184367cdac6b73ca51c4986fa035b913379e9bc414ceeb",
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
        509,
        "british",
        {"british": 4, "german": 0},
        "015858b20d0d4090d2a84025bc9bead71987e4377bd37ab210290f4f76055c2c",
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
