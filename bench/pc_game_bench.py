"""Whole Panzer Command games (issues 20, 21), ours side by side with the baseline.

Rows, each measured for our code and for the baseline in the same run (alternating, so both
meet the same load; the load average is printed with every row). The CPU seconds of the
process are the figure to compare on a loaded machine; wall seconds are beside them.

- **Random games**: ``GAMES`` seeded random-bot games of each built-in scenario (Point 161,
  Sowchos 79) in one process, the bots seeded as the command line seeds them; the game object
  made once per scenario (as a balance worker plays game after game). Per game: the mean.
- **Heuristic games**: the heuristic bot against the random bot, one seed a side a scenario.
- **Fuzz campaign games**: ``tools.fuzz.play_game`` on the campaign's first ``GAMES * 2``
  seeds (game ``i`` on scenario ``i mod 2``): the checked game (sampled clones and listed
  actions), its replay played back on a fresh game, and one game in ten played again.

The baseline is main's code at ``BASELINE`` (before the speed work), extracted with
``git archive`` into a scratch folder (``HEXWRIGHT_BASELINE`` names another checkout); each
figure is taken in a child process whose working folder is that checkout, so it imports that
code (the child prints where ``rules`` came from, and the bench refuses a mix-up).

    python -m bench.pc_game_bench            # PC_BENCH_GAMES=5 by default
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.common import baseline_checkout, clean_env, load_average

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "2de1b41"
PY = sys.executable
GAMES = int(os.environ.get("PC_BENCH_GAMES", "5"))
ROUNDS = int(os.environ.get("PC_BENCH_ROUNDS", "1"))

_CHILD = """
import json, sys, time
sys.path.insert(0, ".")
import rules
from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.pointbuy.purchase import game_for
from tools import fuzz

def clocks():
    return time.perf_counter(), time.process_time()

def since(then):
    now = clocks()
    return now[0] - then[0], now[1] - then[1]

def games(heuristic):
    found = []
    for path in fuzz.scenarios_of("panzer-command"):
        game = game_for(load_scenario(path))
        runs = [(s, None) for s in range(1, {games} + 1)] if not heuristic else [(1, 0), (1, 1)]
        for seed, side in runs:
            bots = {{
                s: make_bot("heuristic" if i == side else "random", seed * 10 + i + 1)
                for i, s in enumerate(game.sides)
            }}
            state = game.new_initial_state(seed)
            start = clocks()
            count = play(state, bots)
            found.append([path.stem, seed, count, *since(start), state.fingerprint()])
    return found

def fuzzed():
    found = []
    for system, path, seed in fuzz.plan("panzer-command", {games} * 2):
        start = clocks()
        result = fuzz.play_game(system, __import__("pathlib").Path(path), seed)
        found.append([result.scenario, seed, result.actions, *since(start), result.failure])
    return found

kind = {kind!r}
rows = games(kind == "heuristic") if kind != "fuzz" else fuzzed()
print(json.dumps({{"rules": rules.__file__, "rows": rows}}))
"""


def _child(kind: str, where: Path) -> list[list[object]]:
    done = subprocess.run(
        [PY, "-c", _CHILD.format(games=GAMES, kind=kind)],
        cwd=where,
        env=clean_env(),
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    came_from = Path(found["rules"]).resolve()
    if not came_from.is_relative_to(where.resolve()):
        raise RuntimeError(f"the child in {where} imported rules from {came_from}")
    rows: list[list[object]] = found["rows"]
    return rows


def main() -> list[str]:
    base = baseline_checkout(BASELINE)
    places = {"ours": ROOT, "baseline": base}
    lines = [
        f"Panzer Command games, ours against main at {BASELINE} ({load_average()} at the start; "
        "CPU seconds of the process, wall beside them: on a loaded machine compare the CPU)"
    ]
    kinds = (
        ("random", f"random games ({GAMES} seeds a scenario)"),
        ("heuristic", "heuristic against random (seed 1, each side, each scenario)"),
        ("fuzz", f"fuzz campaign games ({GAMES * 2}: checked game, replay, 1 in 10 again)"),
    )
    for kind, what in kinds:
        best: dict[str, tuple[float, float]] = {}
        same = True
        played: dict[str, list[object]] = {}
        for _ in range(ROUNDS):
            for key, where in places.items():
                rows = _child(kind, where)
                played[key] = [[*r[:3], r[5]] for r in rows]  # count, fingerprint / failure
                cpu = sum(float(r[4]) for r in rows) / len(rows)  # type: ignore[arg-type]
                wall = sum(float(r[3]) for r in rows) / len(rows)  # type: ignore[arg-type]
                if key not in best or cpu < best[key][0]:
                    best[key] = (cpu, wall)
                if kind == "fuzz" and any(r[5] is not None for r in rows):
                    same = False  # a failure
        same = same and played["ours"] == played["baseline"]
        ours, was = best["ours"], best["baseline"]
        lines.append(
            f"  {what}: per game ours {ours[0]:.2f} s CPU (wall {ours[1]:.2f})   baseline "
            f"{was[0]:.2f} s CPU (wall {was[1]:.2f})   x{was[0] / ours[0]:.2f}   "
            f"{'same games' if same else 'GAMES DIFFER OR FAILED'}   ({load_average()})"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
