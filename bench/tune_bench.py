"""Tune: one ``hexwright tune`` run, games played and wall time with and without reusing games
across its steps (issue 22).

The run is Panzer '44 19.2 Sedan Revenged (about a second a game, heuristic bots), knobs
``panic:german`` (10..50) and ``length`` (6..10), ``GAMES`` games a setting (default 3; set
``HEXWRIGHT_BENCH_GAMES``), pairs searched, on ``JOBS`` local worker processes (default 2). With
reuse, a setting that writes a scenario already played (the current value of a knob, a pair with
one knob at its current value) takes its games from the cache; without, every step plays its
own. Both runs must suggest the same setting (the games are the same).
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from model.scenario_io import load_scenario
from rules.bots.knobs import knobs_of, parse_knob
from rules.bots.tune import TuneReport, tune

SCENARIO = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
GAMES = int(os.environ.get("HEXWRIGHT_BENCH_GAMES", "3"))
JOBS = int(os.environ.get("HEXWRIGHT_BENCH_JOBS", "2"))
KNOBS = ["panic:german=10..50", "length=6..10"]


def run(reuse: bool) -> tuple[TuneReport, float]:
    """One tune run and its wall time in seconds (fresh workers each time)."""
    text = SCENARIO.read_text(encoding="utf-8")
    knobs = knobs_of(load_scenario(SCENARIO).scenario)
    chosen = [parse_knob(k, knobs) for k in KNOBS]
    start = time.perf_counter()
    with ProcessPoolExecutor(JOBS) as pool:
        report = tune(
            str(SCENARIO), text, chosen, GAMES, ["heuristic", "heuristic"], pool, reuse=reuse
        )
    return report, time.perf_counter() - start


def main() -> list[str]:
    reused, with_time = run(True)
    alone, without_time = run(False)
    if reused.suggestion != alone.suggestion:
        raise RuntimeError("the runs with and without reuse suggest different settings")
    settings = len(reused.measured)
    lines = [
        f"tune: {SCENARIO.stem}, knobs {' '.join(KNOBS)}, {GAMES} games a setting, "
        f"{settings} settings, pairs, {JOBS} processes",
        f"{'':<16} {'played':>7} {'reused':>7} {'wall s':>8} {'s/game':>7}",
    ]
    for name, report, seconds in (
        ("with reuse", reused, with_time),
        ("without reuse", alone, without_time),
    ):
        per_game = seconds / report.played if report.played else 0.0
        lines.append(
            f"{name:<16} {report.played:>7} {report.reused:>7} {seconds:>8.1f} {per_game:>7.2f}"
        )
    lines.append(f"suggestion: {reused.suggestion.label() if reused.suggestion else 'none'}")
    lines.append(f"verdict: {reused.verdict}")
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
