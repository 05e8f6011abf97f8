"""A state's clone (test play's step back, every action a bot looks ahead): state as records.

The records copy themselves by one function compiled per record class
(:mod:`rules.engine.record`). Side by side, the fair baseline: the same state copied the way a
competent engineer copies an object graph without writing a copy per field, ``copy.deepcopy``
of the state's records (the dice and log copied as the engine copies them). The figure before
records, a hand-written ``_detach`` listing every field, was 27-35 µs on this machine.

    python -m bench.clone_bench
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from pathlib import Path

from model.scenario_io import load_scenario
from rules import load_game
from rules.bots.base import RandomBot
from rules.engine.core import State
from rules.engine.record import Record

SEDAN = (
    Path(__file__).resolve().parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
)


def _state(actions: int = 120) -> State:
    game = load_game(load_scenario(SEDAN))
    state = game.new_initial_state(1)
    bots = {s: RandomBot(i) for i, s in enumerate(game.sides)}
    for _ in range(actions):
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    return state


def _deepcopy_clone(state: State) -> State:
    new = copy.copy(state)
    new.dice = state.dice.clone()
    new.log, new.history = list(state.log), list(state.history)
    for name, value in vars(state).items():
        if isinstance(value, Record):
            setattr(new, name, copy.deepcopy(value))
    return new


def _best_us(func: Callable[[], object], n: int = 2000, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(n):
            func()
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1e6


def main() -> list[str]:
    state = _state()
    ours = _best_us(state.clone)
    naive = _best_us(lambda: _deepcopy_clone(state), n=200)
    assert (
        _deepcopy_clone(state).fingerprint() == state.clone().fingerprint() == state.fingerprint()
    )
    return [
        "Clone of a Panzer '44 state (19.2 Sedan after 120 random actions)",
        f"  records, compiled copy   {ours:8.1f} µs",
        f"  copy.deepcopy baseline   {naive:8.1f} µs   x{naive / ours:5.1f}",
    ]


if __name__ == "__main__":
    print("\n".join(main()))
