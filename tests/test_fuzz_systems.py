"""Seeded fuzz for every system through the State API alone (issue 21, "Fuzzing every
system"): random games never raise; while a game is not over some side may act and has a
legal action; a clone has its original's fingerprint and plays on identically; the game ends
with an outcome; its replay round-trips to the same fingerprint at every step; the same seed
gives the same game.

Panzer '44 and Armor have their own fuzz with their books' invariants (tests/test_p44_fuzz.py,
tests/test_armor_fuzz.py); this one covers Soldiers and Panzer Command, whose built-in
scenarios it plays ``HEXWRIGHT_FUZZ_GAMES`` times in all (default: one game each), the
point-buy ones with forces bought by the purchase bot. ``make fuzz-tests`` plays a thousand
(``make fuzz``, :mod:`tools.fuzz`, plays a thousand of each system).
"""

from __future__ import annotations

import functools
import os
import random
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.bots.base import RandomBot
from rules.engine.core import Game, State
from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase
from rules.records.replay import Replay, replay

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS = [
    "soldiers/10-dawn-patrol.yaml",
    "soldiers/20-vire-bridges.yaml",
    "soldiers/21-hedgerow-assault.yaml",
    "soldiers/22-street-fighting-in-grave.yaml",
    "soldiers/23-pre-dawn-pillbox-assault.yaml",
    "soldiers/24-beaufort-crossroads.yaml",
    "soldiers/25-counterattack.yaml",
    "soldiers/26-airborne.yaml",
    "panzer-command/point-161.yaml",
    "panzer-command/sowchos-79.yaml",
]
GAMES = int(os.environ.get("HEXWRIGHT_FUZZ_GAMES", str(len(SCENARIOS))))
CASES = [(SCENARIOS[i % len(SCENARIOS)], 7000 + i) for i in range(GAMES)]
#: A clone is compared with its original every so many actions (each costs a fingerprint).
CLONE_EVERY = 17
#: No game of these scenarios is longer; a longer one is stuck.
MAX_ACTIONS = 20_000


@functools.cache
def game(name: str, seed: int) -> Game:
    loaded = load_scenario(ROOT / name)
    choices = {s: PurchaseChoice("random", seed) for s in needs_purchase(loaded.scenario)}
    return game_for(loaded, choices)


def play_out(state: State, seed: int, check: bool) -> None:
    bots = {side: RandomBot(seed * 10 + i) for i, side in enumerate(state.game.sides)}
    rng = random.Random(seed)
    while not state.is_terminal():
        assert len(state.history) < MAX_ACTIONS, "the game does not end"
        acting = state.to_act()
        assert acting, "not over, yet nobody may act"
        side = acting[0]
        action = bots[side].choose(state, side)  # raises when the side has no legal action
        if check and rng.random() < 1 / CLONE_EVERY:
            twin = state.clone()
            assert twin.fingerprint() == state.fingerprint()
            twin.apply(action)
            state.apply(action)
            assert twin.fingerprint() == state.fingerprint(), "a clone plays on differently"
        else:
            state.apply(action)


@pytest.mark.parametrize(("name", "seed"), CASES, ids=lambda v: str(v))
def test_a_random_game_keeps_the_state_api_promises(name: str, seed: int) -> None:
    found = game(name, seed)
    state = found.new_initial_state(seed)
    play_out(state, seed, check=True)
    outcome = state.outcome()
    assert outcome is not None
    # the replay plays the same game again, step by step
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    again = replay(record, loaded=load_scenario(ROOT / name))
    assert again.state.fingerprint() == state.fingerprint()
    # the same seed, the same game
    twin = found.new_initial_state(seed)
    play_out(twin, seed, check=False)
    assert twin.fingerprint() == state.fingerprint()
