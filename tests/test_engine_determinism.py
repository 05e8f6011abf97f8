"""Seeded games pinned to their fingerprints (STYLE point 17: same seed, same game).

Each row is a whole bot game on a Panzer '44 scenario with the bots of :mod:`rules.bots`
(seeded as ``bench/engine_bench.py`` seeds them): its number of actions, winner, victory
points and final :meth:`~rules.core.State.fingerprint`. A speed change to the engine (a cache,
a faster search) must leave all of them byte-identical; a rules change that alters play on
purpose updates them, and says so (last: Panzer '44 panic [14.0], transport [9.0], overrun
[13.0], indirect fire, counterbattery and off-board support [6.4], [6.7], [15.0], [16.0],
opportunity fire [6.5], Improved Positions [12.0] and mines [17.0]).
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
        223,
        "french",
        {"french": 78, "german": 11},
        "7d39741b1a5d7e352591856022497df6aef284599480eaa1c894e1dfce176710",
    ),
    (
        "19.2-sedan-revenged.yaml",
        1,
        "random",
        333,
        "german",
        {"french": 33, "german": 43},
        "a935fbf189d48219368bb7133e98c3992f6922dd80918ec6f31be14b3ffcacf0",
    ),
    (
        "19.2-sedan-revenged.yaml",
        2,
        "random",
        358,
        "french",
        {"french": 38, "german": 36},
        "f6fe03f132e7b4b9e320d274771cbdadf24a7eb96e2ef3947506855ed1bba78e",
    ),
    (
        "19.2-sedan-revenged.yaml",
        3,
        "random",
        362,
        "german",
        {"french": 38, "german": 58},
        "d050a901642f130a44645c941fe19ed77f9747e0fee764fa7b3b0d7251f1a21d",
    ),
    (
        "20.1-villers-bocage.yaml",
        1,
        "random",
        475,
        "british",
        {"british": 1, "german": 0},
        "c04e2cbc8313626cb3b2c17d70da1804ce68ba3f4f8b32477aee9479fd54a68f",
    ),
    (
        "20.1-villers-bocage.yaml",
        2,
        "random",
        504,
        "british",
        {"british": 1, "german": 0},
        "db78bf82dac34659c3acb8d2368835f4c4c5053002952ddd9d6eeb3a88856a7b",
    ),
    (
        "20.1-villers-bocage.yaml",
        3,
        "random",
        523,
        "british",
        {"british": 1, "german": 0},
        "e425063178841ed24c68f8064c5fe976d09e35064ac2f963506edd610dcdc54a",
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
