"""Balance batches: games per second with 1 and 2 worker processes, and what reporting costs.

Target (issue 7): close to linear scaling from 1 to 2 worker processes. The batch runs through
:func:`rules.bots.balance.run_batch` on a ``ProcessPoolExecutor``, as ``hexwright balance`` and the
editor do (workers start cold: each loads the scenario on its first game, as in real use). The
overhead of progress reporting is the same batch with a progress callback that does what the
editor's does per result (format a line and keep the result), against no callback.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from rules.bots.balance import GameResult, run_batch, specs_for

SCENARIO = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
GAMES = 24


def batch(processes: int, report: bool) -> float:
    """Games per second for one batch of random-vs-random games."""
    specs = specs_for(SCENARIO, GAMES, ["random", "random"])
    lines: list[str] = []

    def progress(result: GameResult, done: int, total: int) -> None:
        lines.append(f"{done}/{total} seed {result.seed}: {result.winner} {result.error or ''}")

    start = time.perf_counter()
    with ProcessPoolExecutor(processes) as pool:
        results = run_batch(specs, pool, progress if report else None)
    elapsed = time.perf_counter() - start
    failed = [r.seed for r in results if r.error]
    if len(results) != GAMES or failed:
        raise RuntimeError(f"the batch lost games or hit engine errors (seeds {failed})")
    return GAMES / elapsed


def main() -> list[str]:
    lines = [
        f"balance batch, {SCENARIO.stem}, {GAMES} random-vs-random games, cold workers",
        f"{'processes':>9} {'games/s':>9} {'speed-up':>9} {'with progress':>14} {'overhead':>9}",
    ]
    single = 0.0
    for processes in (1, 2):
        plain = max(batch(processes, False) for _ in range(2))
        reported = max(batch(processes, True) for _ in range(2))
        single = single or plain
        overhead = (plain / reported - 1) * 100
        lines.append(
            f"{processes:>9} {plain:>9.2f} {plain / single:>8.2f}x {reported:>14.2f} "
            f"{overhead:>8.1f}%"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
