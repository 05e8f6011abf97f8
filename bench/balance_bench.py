"""Balance batches: games per second with 1 and 2 worker processes, and what reporting costs.

Target (issue 7, issue 20): 2 worker processes at least 1.8 times the games per second of 1 on
the same batch, on two free cores. The batch runs through :func:`rules.bots.balance.run_batch`
on a ``ProcessPoolExecutor``, as ``hexwright balance`` does: the parent has loaded the scenario
first (``hexwright balance`` checks the file and the sides before its clock starts), and the
batch makes its first game in the parent before the workers are forked, so that each starts
with it (``run_batch``; a spawned pool's workers would parse the scenario and build the game on
their first game).

Run it as one command (``python -m bench.balance_bench``); it prints:

- the load average first: with another process holding a core, two workers cannot show their
  gain, and the wall-clock rows say nothing about scaling;
- per batch, games per second (wall clock), the workers' CPU seconds (all of them, from
  ``getrusage``), and a speed-up from CPU time: the 1-worker batch's CPU seconds over half the
  2-worker batch's, what two free cores would give if the games split evenly (an estimate:
  it leaves out the last game's wait; the wall-clock speed-up on a quiet machine is the figure);
- how long the first game of a fresh worker takes against the later ones (what each worker
  repeats: importing the system, parsing the scenario, building the game and its tables);
- the overhead of progress reporting: the same batch with a callback that does what the
  editor's does per result (format a line and keep the result), against no callback.

Two batches: random bots (24 games of a fraction of a second: the warm-up weighs most) and
the bots ``hexwright balance`` plays by default (heuristic, 12 games).
"""

from __future__ import annotations

import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from model.scenario_io import load_scenario
from rules.bots.balance import GameResult, run_batch, specs_for
from rules.registry import load_game

SCENARIO = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
GAMES = 24
TARGET = 1.8


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def batch(processes: int, bots: list[str], games: int, report: bool) -> tuple[float, float]:
    """Games per second for one batch, and the CPU seconds its workers used."""
    specs = specs_for(SCENARIO, games, bots)
    lines: list[str] = []

    def progress(result: GameResult, done: int, total: int) -> None:
        lines.append(f"{done}/{total} seed {result.seed}: {result.winner} {result.error or ''}")

    cpu = _children_cpu()
    start = time.perf_counter()
    with ProcessPoolExecutor(processes) as pool:
        results = run_batch(specs, pool, progress if report else None)
    elapsed = time.perf_counter() - start
    failed = [r.seed for r in results if r.error]
    if len(results) != games or failed:
        raise RuntimeError(f"the batch lost games or hit engine errors (seeds {failed})")
    return games / elapsed, _children_cpu() - cpu


def first_game(bots: list[str]) -> tuple[float, float]:
    """In a fresh worker of a batch (run as ``hexwright balance`` runs it, one worker: the
    games in order): the first game's seconds, and the mean of the next three."""
    specs = specs_for(SCENARIO, 4, bots)
    with ProcessPoolExecutor(1) as pool:
        results = run_batch(specs, pool)
    return results[0].seconds, sum(r.seconds for r in results[1:]) / 3


def rows(bots: list[str], games: int, repeat: int, report: bool) -> list[str]:
    head = f"{'processes':>9} {'games/s':>8} {'speed-up':>9} {'worker cpu':>11}"
    head += f" {'cpu speed-up':>13}"
    lines = [head + (f" {'with progress':>14} {'overhead':>9}" if report else "")]
    single: tuple[float, float] | None = None
    for processes in (1, 2):
        runs = [batch(processes, bots, games, False) for _ in range(repeat)]
        plain, cpu = max(runs)
        single = single or (plain, cpu)
        estimate = single[1] / (cpu / processes)
        line = (
            f"{processes:>9} {plain:>8.2f} {plain / single[0]:>8.2f}x {cpu:>10.2f}s "
            f"{estimate:>12.2f}x"
        )
        if report:
            reported = max(batch(processes, bots, games, True)[0] for _ in range(repeat))
            line += f" {reported:>14.2f} {(plain / reported - 1) * 100:>8.1f}%"
        lines.append(line)
    first, later = first_game(bots)
    lines.append(f"  a fresh worker's first game {first:.2f} s, the next ones {later:.2f} s each")
    return lines


def main() -> list[str]:
    load_game(load_scenario(SCENARIO))  # as hexwright balance does before its clock starts
    load = os.getloadavg()
    return [
        f"balance batches, {SCENARIO.stem}: 2 workers against 1, target >= {TARGET}x on two "
        f"free cores",
        f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores "
        "(above about 0.3 another process holds a core: the wall-clock speed-up cannot show)",
        f"{GAMES} random-vs-random games",
        *rows(["random", "random"], GAMES, 2, True),
        "12 heuristic-vs-heuristic games (hexwright balance's default bots)",
        *rows(["heuristic", "heuristic"], 12, 1, False),
    ]


if __name__ == "__main__":
    print("\n".join(main()))
