"""Seeded games pinned to their fingerprints (STYLE point 17: same seed, same game).

Each row is a whole bot game on a Panzer '44 scenario with the bots of :mod:`rules.bots`
(seeded as ``bench/engine_bench.py`` seeds them): its number of actions, winner, victory
points and final :meth:`~rules.core.State.fingerprint`. A speed change to the engine (a cache,
a faster search) must leave all of them byte-identical; a rules change that alters play on
purpose updates them, and says so (last: Panzer '44 panic [14.0], transport [9.0], overrun
[13.0] and indirect fire, counterbattery and off-board support [6.4], [6.7], [15.0], [16.0]).
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
        209,
        "french",
        {"french": 58, "german": 23},
        "bdea6bda24b14ee2b8d010ad16d9bcf45cec14ab87b7e61143828acaa8a18cc4",
    ),
    (
        "19.2-sedan-revenged.yaml",
        1,
        "random",
        323,
        "german",
        {"french": 36, "german": 40},
        "ae84e917a5d2396f48f59c09d84a34c3059583121eebfd68cb9b91f671fc9322",
    ),
    (
        "19.2-sedan-revenged.yaml",
        2,
        "random",
        344,
        "french",
        {"french": 58, "german": 54},
        "b13568de1962ab6467aadab25ddb53b5f80fdf269c9938b73ed46dd434b9586d",
    ),
    (
        "19.2-sedan-revenged.yaml",
        3,
        "random",
        364,
        "french",
        {"french": 51, "german": 27},
        "2dec898bbd1764abb48442d43502c7d3c551552b3a2952772963af4622278dc0",
    ),
    (
        "20.1-villers-bocage.yaml",
        1,
        "random",
        427,
        None,
        {"british": 0, "german": 0},
        "26ac5e606557a5a32fc54011d206b54f804999f917bcf11afde3a78ed12120c8",
    ),
    (
        "20.1-villers-bocage.yaml",
        2,
        "random",
        488,
        "british",
        {"british": 2, "german": 0},
        "2ece5f3417973797c1b2d76c571de9fca344bd01e3aa3be1a90444237d0356b2",
    ),
    (
        "20.1-villers-bocage.yaml",
        3,
        "random",
        502,
        None,
        {"british": 0, "german": 0},
        "f42e389c3e13b52b818e9e88c9417948f87a2fc01fe697a69d52fa44607caa77",
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
