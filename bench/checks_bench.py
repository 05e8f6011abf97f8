"""Static validation of every built-in scenario (issue 5: under 1 s in total).

The scenarios are loaded first (not timed: loading has its own benchmark, ``load_bench``);
then :func:`rules.checks.run_checks` runs over each, best of three. The issue names no
baseline; the slowest scenario is printed beside the total, and the loading time of the same
files for scale (``hexwright validate`` does both).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from importlib import resources

from model.scenario_io import LoadedScenario, load_scenario
from rules.checks import run_checks


def built_in() -> list[str]:
    root = resources.files("scenarios")
    return sorted(
        str(root / system / f.name)
        for system in ("armor", "panzer44", "soldiers", "panzer-command")
        for f in (root / system).iterdir()
        if f.name.endswith(".yaml")
    )


def _timed(func: Callable[[], object]) -> float:
    start = time.perf_counter()
    func()
    return (time.perf_counter() - start) * 1000.0


def main() -> list[str]:
    paths = built_in()
    loads: list[float] = []
    loaded: list[LoadedScenario] = []
    for path in paths:
        start = time.perf_counter()
        loaded.append(load_scenario(path))
        loads.append((time.perf_counter() - start) * 1000.0)
    best: dict[str, float] = {}
    for _ in range(3):
        for path, scenario in zip(paths, loaded, strict=True):
            ms = _timed(lambda scenario=scenario: run_checks(scenario))
            best[path] = min(best.get(path, ms), ms)
    total = sum(best.values())
    slowest = max(best, key=lambda p: best[p])
    verdict = "meets" if total <= 1000.0 else "MISSES"
    name = slowest.rsplit("/", 2)[-2] + "/" + slowest.rsplit("/", 1)[-1]
    return [
        f"{'checks, all ' + str(len(paths)) + ' built-in scenarios':<46} {total:8.1f} ms   "
        f"target < 1000 ms, {verdict}",
        f"{'  slowest: ' + name:<46} {best[slowest]:8.1f} ms",
        f"{'  (loading the same files, for scale)':<46} {sum(loads):8.1f} ms",
    ]


if __name__ == "__main__":
    print("\n".join(main()))
