"""What Test Play asks of a state, asked of random games' states in every system (issue 21's
fuzz, the State API's side): each side's view, where play is, the units on the map, the
paper sheets, the listed actions arranged (none lost, none added), and for some of them their
words, their focus and their preview (a listed action previews as legal), where some units
can go and a move routed to one of those hexes (which applies). None may raise, and none may
change the state. Found so: the Soldiers preview of a reinforcement's move onto the map, the
Panzer '44 reach of a close air support and the Panzer '44 view of a game over.
``HEXWRIGHT_QUERY_SEEDS`` sets the seeds (default 0,1)."""

from __future__ import annotations

import os
import random

import pytest

from rules.bots.base import make_bot
from rules.engine.core import State
from rules.registry import rules_for
from tools import fuzz

SEEDS = [int(s) for s in os.environ.get("HEXWRIGHT_QUERY_SEEDS", "0,1").split(",")]


def ask_everything(state: State, rng: random.Random) -> None:
    """Every question Test Play asks of ``state``; raises what goes wrong."""
    game = state.game
    before = state.fingerprint()
    for side in game.sides:
        state.view_for(side)
    state.progress()
    state.positions()
    sheets = rules_for(game.system).sheets
    if sheets is not None:
        sheets(state)
    listed = [] if state.is_terminal() else state.legal_actions()
    arranged = state.arrange(list(listed))
    assert sorted(map(repr, arranged)) == sorted(map(repr, listed)), "arrange lost or added"
    for action in rng.sample(listed, min(6, len(listed))):
        state.describe(action)
        state.concerns(action)
        preview = state.preview(action)
        assert preview.legal, (action.text(), preview.why_not)
    units = sorted({f.unit for f in map(state.concerns, listed) if f.unit})
    for unit in rng.sample(units, min(3, len(units))):
        reach = state.reach(unit)
        if reach:
            h = rng.choice(sorted(reach, key=lambda h: (h.q, h.r)))
            routed = state.route(unit, [h])
            if routed is not None:
                state.clone().apply(routed)
    assert state.fingerprint() == before, "a question changed the state"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system", sorted(fuzz.FOLDERS))
def test_what_test_play_asks_of_random_games_never_raises(system: str, seed: int) -> None:
    paths = fuzz.scenarios_of(system)
    path = paths[seed % len(paths)]
    state = fuzz._game(path, seed).new_initial_state(seed)  # type: ignore[attr-defined]
    bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(state.game.sides)}
    rng = random.Random(seed)
    asked = 0
    while True:
        if rng.random() < 1 / 15 or state.is_terminal():
            ask_everything(state, rng)
            asked += 1
        if state.is_terminal():
            break
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert asked >= 1  # the end at least
