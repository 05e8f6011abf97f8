"""Seeded games pinned to their fingerprints (STYLE point 17: same seed, same game).

Each row is a whole bot game on a Panzer '44 scenario with the bots of :mod:`rules.bots`
(seeded as ``bench/engine_bench.py`` seeds them): its number of actions, winner, victory
points and final :meth:`~rules.core.State.fingerprint`. A speed change to the engine (a cache,
a faster search) must leave all of them byte-identical; a rules change that alters play on
purpose updates them, and says so.
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
        171,
        "french",
        {"french": 78, "german": 41},
        "211dc702b62b2c823bb71a9c2cb1df857e1f72d3b31450cd732e1e1064df5d62",
    ),
    (
        "19.2-sedan-revenged.yaml",
        1,
        "random",
        272,
        "german",
        {"french": 49, "german": 75},
        "31dd3568f255613cabea6b8f9700321af90f2c26428cddb3fe1b6c7a69c311c9",
    ),
    (
        "19.2-sedan-revenged.yaml",
        2,
        "random",
        226,
        "german",
        {"french": 39, "german": 72},
        "fd9dccae5c9e368b5d9de45f1b8e116cdc4b08dbad37570e403fcbd0c16945c3",
    ),
    (
        "19.2-sedan-revenged.yaml",
        3,
        "random",
        225,
        "german",
        {"french": 6, "german": 61},
        "1f96b3c7fd73599ab3d41b9a679ff4881e8fcfb52d46ebd12b8d3f816bc9b20f",
    ),
    (
        "20.1-villers-bocage.yaml",
        1,
        "random",
        411,
        None,
        {"british": 0, "german": 0},
        "d4b2a429a994724f38c28e080c66964587a177ec7327fc4b9c9b3ad3449fa4e1",
    ),
    (
        "20.1-villers-bocage.yaml",
        2,
        "random",
        452,
        "british",
        {"british": 2, "german": 1},
        "2ec422dc4e8ca53796b96293f0de1b878e4a46003bba44a9034d12830017e0a1",
    ),
    (
        "20.1-villers-bocage.yaml",
        3,
        "random",
        473,
        "german",
        {"british": 0, "german": 1},
        "f6ca647602164e4d3f64bc956c3fd533bfaf60b6b04d8f317702e6721bc8c837",
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
