"""Sweeps: games per second with 1 and 2 local worker processes and on a 2-worker local Dask
cluster, on the same batch, and what that projects for a large sweep on many machines.

The batch is ``GAMES`` heuristic-vs-heuristic games of Armor's 4A Ambush (default 20; set
``HEXWRIGHT_BENCH_GAMES`` for fewer on a busy machine), run through
:func:`rules.bots.balance.run_batch` as ``hexwright balance``/``sweep`` run it, every game
carrying the scenario's text. Workers start cold (each parses the scenario on its first game).
The Dask cluster's start-up is timed apart from its games (a sweep starts it once).

The projection of a 10,000-game sweep on 10 machines assumes: each machine has ``CORES`` cores as
fast as this one's, one worker per core; the speed-up measured from 1 to 2 workers here holds per
core up to ``CORES`` (the efficiency per worker, ``speed-up / 2``); the Dask cost per game measured
here (its games/s against the 2-process pool's) is per task and does not grow with the cluster;
the scheduler and the network keep up (a game's task ships ~15 KB of scenario text and returns a
small result: 10,000 games move ~150 MB); and the sweep's games are as long as 4A's.
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rules.bots.balance import (
    ClusterUnavailableError,
    DaskCluster,
    GameResult,
    run_batch,
    specs_for,
)

SCENARIO = Path(__file__).parent.parent / "scenarios" / "armor" / "4a-ambush.yaml"
GAMES = int(os.environ.get("HEXWRIGHT_BENCH_GAMES", "20"))
BOTS = ["heuristic", "heuristic"]
SWEEP, MACHINES, CORES = 10_000, 10, 8


def _check(results: list[GameResult], games: int) -> None:
    failed = [r.seed for r in results if r.error]
    if len(results) != games or failed:
        raise RuntimeError(f"the batch lost games or hit engine errors (seeds {failed})")


def pool(processes: int) -> float:
    """Games per second on a process pool."""
    specs = specs_for(SCENARIO, GAMES, BOTS)
    start = time.perf_counter()
    with ProcessPoolExecutor(processes) as executor:
        results = run_batch(specs, executor)
    elapsed = time.perf_counter() - start
    _check(results, GAMES)
    return GAMES / elapsed


def dask(workers: int) -> tuple[float, float]:
    """Games per second on a local Dask cluster, and its start-up in seconds."""
    specs = specs_for(SCENARIO, GAMES, BOTS)
    start = time.perf_counter()
    with DaskCluster(workers) as cluster:
        started = time.perf_counter() - start
        begin = time.perf_counter()
        results = run_batch(specs, cluster.executor())
        elapsed = time.perf_counter() - begin
    _check(results, GAMES)
    return GAMES / elapsed, started


def main() -> list[str]:
    one = pool(1)
    two = pool(2)
    try:
        cluster, startup = dask(2)
    except ClusterUnavailableError as exc:
        return [f"sweep batch: 1 process {one:.3f} games/s, 2 processes {two:.3f}; {exc}"]
    lines = [
        f"sweep batch: {SCENARIO.stem}, {GAMES} heuristic-vs-heuristic games, cold workers",
        f"{'where':<28} {'games/s':>8} {'s/game':>7} {'speed-up':>9}",
        f"{'1 local process':<28} {one:>8.3f} {1 / one:>7.1f} {1.0:>8.2f}x",
        f"{'2 local processes':<28} {two:>8.3f} {1 / two:>7.1f} {two / one:>8.2f}x",
        f"{'Dask LocalCluster, 2 workers':<28} {cluster:>8.3f} {1 / cluster:>7.1f} "
        f"{cluster / one:>8.2f}x   (+{startup:.1f} s to start the cluster)",
    ]
    efficiency = min(1.0, two / one / 2)
    dask_cost = max(0.0, 1 / cluster - 1 / two) * 2  # seconds of a worker per game
    per_worker = one * efficiency  # games/s of one worker of a full machine
    rate = MACHINES * CORES / (1 / per_worker + dask_cost)
    wall = SWEEP / rate
    lines += [
        "",
        f"projection: {SWEEP:,} games on {MACHINES} machines x {CORES} cores (Dask): "
        f"{rate:.2f} games/s, about {wall / 60:.0f} min wall time",
        f"  assumed: per-worker efficiency {efficiency:.0%} (measured 1 -> 2 workers), "
        f"Dask cost {dask_cost:.2f} s of a worker per game (measured), games as long as 4A's",
    ]
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
