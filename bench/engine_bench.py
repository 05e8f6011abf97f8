"""Whole games, bot against bot, on a Panzer '44 scenario: games per second.

Target (engine issue): at least 5 games per second per core with the random bot on a
Panzer '44 scenario; the heuristic bot's rate is reported beside it. Each pairing is timed in
one process and in two (``concurrent.futures.ProcessPoolExecutor``, each worker loading the
scenario once before the clock starts). Every game has its own seed; a process keeps its game
object, so lines of sight worked out in one game serve the next (as in a batch auto-play).
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.engine.core import Game
from rules.registry import load_game

SCENARIO = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
PAIRINGS = (("random", 16), ("heuristic", 6))  # the bot of both sides, games per run
TARGET = 5.0  # games per second per core, random bot

_game: Game | None = None


def _load() -> None:
    global _game
    _game = load_game(load_scenario(SCENARIO))


def play_one(bot: str, seed: int) -> int:
    """Play one game with ``bot`` on both sides; the number of actions it took."""
    if _game is None:
        _load()
    assert _game is not None
    state = _game.new_initial_state(seed)
    bots = {s: make_bot(bot, seed * 10 + i) for i, s in enumerate(_game.sides)}
    return play(state, bots)


def rate(bot: str, games: int, processes: int) -> tuple[float, int]:
    """(games per second, actions per game) over ``games`` seeded games."""
    seeds = list(range(1, games + 1))
    if processes == 1:
        play_one(bot, 0)  # warm: the scenario loaded, the first lines of sight worked out
        start = time.perf_counter()
        actions = [play_one(bot, s) for s in seeds]
        elapsed = time.perf_counter() - start
    else:
        with ProcessPoolExecutor(processes, initializer=_load) as pool:
            list(pool.map(play_one, [bot] * processes, [0] * processes))  # warm each worker
            start = time.perf_counter()
            actions = list(pool.map(play_one, [bot] * games, seeds))
            elapsed = time.perf_counter() - start
    return games / elapsed, sum(actions) // games


def main() -> list[str]:
    lines = [
        f"bot-vs-bot games, {SCENARIO.stem} (both sides the same bot)",
        f"{'bots':<24} {'processes':>9} {'games/s':>9} {'per core':>9} {'actions':>8}   target",
    ]
    for bot, games in PAIRINGS:
        for processes in (1, 2):
            per_second, actions = rate(bot, games, processes)
            per_core = per_second / processes
            goal = ""
            if bot == "random":
                verdict = "meets" if per_core >= TARGET else "MISSES"
                goal = f">= {TARGET:.0f}/s per core, {verdict}"
            lines.append(
                f"{bot + ' vs ' + bot:<24} {processes:>9} {per_second:>9.2f} {per_core:>9.2f} "
                f"{actions:>8}   {goal}"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
