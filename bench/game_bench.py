"""Whole Panzer '44 games as a user meets them (issue 20), side by side with the baseline.

Rows, each measured for our code and for the baseline in the same run (alternating, so both
meet the same load; the load average is printed with every figure):

- **Menzelen random game** (20.4, ~80 units, random bots on both sides): a warm game, the
  median of ``SEEDS`` seeded games in one process whose game object has played one game
  first (as a balance worker or a sweep plays game after game), then the same seeds again
  (every line shape and line of sight they ask already worked out: the engine alone).
  Target <= 0.25 s.
- **First game in a fresh process** (19.2 Sedan, random bots, seed 1): what ``hexwright play``
  does after its imports (load the scenario, make the game, play it, its outcome and
  fingerprint), the first time in a fresh process against the same again in that process
  (median of three). ``hexwright play`` keeps a checked scenario between processes
  (:mod:`model.datacache`, as ``validate`` and the editor do), so the rows are taken with the
  file played once before in another process, and once more with nothing kept (a first run
  after an install, or a file just edited: every file read and checked, the scenario model's
  validator built in the first game). The baseline loads as its own ``play`` did. The
  imports of the command (``editor.cli.main`` and what ``play`` imports) are timed apart; so
  is the import of the system's rules package (every module of ``rules.panzer44``), which the
  first game pulls in: the ratio is shown with it counted in the first game and without.
  Target <= 1.3x.
- **Whole process** ``hexwright play`` (Sedan, random bots), wall time, and Python started
  with nothing imported, for scale.

The baseline is main's code at ``BASELINE`` (before the speed work), extracted with
``git archive`` into a scratch folder (``HEXWRIGHT_BASELINE`` names another checkout); each
figure is taken in a child process whose working folder is that checkout, so it imports that
code.

    python -m bench.game_bench
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import baseline_checkout, clean_env, load_average

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "21b2c94"
PY = sys.executable
SEEDS = (1, 2, 3, 4, 5)
ROUNDS = int(os.environ.get("GAME_BENCH_ROUNDS", "3"))
MENZELEN = "scenarios/panzer44/20.4-action-at-menzelen.yaml"
SEDAN = "scenarios/panzer44/19.2-sedan-revenged.yaml"

_WARM = """
import json, statistics, sys, time
from model.scenario_io import load_scenario
from rules.bots.base import RandomBot, play
from rules.registry import load_game
game = load_game(load_scenario({path!r}))
def one(seed):
    state = game.new_initial_state(seed)
    bots = {{s: RandomBot(seed * 10 + i + 1) for i, s in enumerate(game.sides)}}
    start, cpu = time.perf_counter(), time.process_time()
    play(state, bots)
    return time.perf_counter() - start, time.process_time() - cpu
one(0)
first = [one(s) for s in {seeds!r}]
print(json.dumps([first, [one(s) for s in {seeds!r}]]))
"""

_COLD = """
import inspect, json, os, statistics, sys, time
os.environ["HEXWRIGHT_CACHE"] = {cache!r}
def clocks():
    return time.perf_counter(), time.process_time()
def since(then):
    now = clocks()
    return now[0] - then[0], now[1] - then[1]
start = clocks()
import editor.cli.main
from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.pointbuy.purchase import game_for, parse_choices
from rules.records.replay import Replay
imports = since(start)
# as that checkout's 'hexwright play' loads a file: kept between processes where it can be
KEEP = {{"keep": True}} if "keep" in inspect.signature(load_scenario).parameters else {{}}
system = (0.0, 0.0)
if {system_first!r}:
    start = clocks()
    import importlib, pkgutil
    import rules.panzer44
    for found in pkgutil.walk_packages(rules.panzer44.__path__, "rules.panzer44."):
        importlib.import_module(found.name)
    system = since(start)
def one(seed):
    start = clocks()
    loaded = load_scenario({path!r}, **KEEP)
    game = game_for(loaded, parse_choices("balanced", loaded.scenario, seed))
    bots = {{s: make_bot("random", seed * 10 + i + 1) for i, s in enumerate(game.sides)}}
    state = game.new_initial_state(seed)
    play(state, bots)
    state.outcome()
    state.fingerprint()
    return since(start)
first = one(1)
warm = [one(1) for _ in range(3)]
warm = tuple(statistics.median(w[k] for w in warm) for k in (0, 1))
print(json.dumps({{"imports": imports, "system": system, "first": first, "warm": warm}}))
"""


def _child(code: str, where: Path) -> object:
    done = subprocess.run(
        [PY, "-c", code], cwd=where, env=clean_env(), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _whole(where: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [PY, "-m", "editor.cli.main", "play", SEDAN, "--bots", "random,random", "--seed", "1"],
        cwd=where,
        env=clean_env(),
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - start


def main() -> list[str]:
    base = baseline_checkout(BASELINE)
    places = {"ours": ROOT, "baseline": base}
    for where in places.values():  # byte-code compiled, as an installed package has it
        subprocess.run([PY, "-m", "compileall", "-q", "rules", "model", "editor"], cwd=where,
                       env=clean_env(), capture_output=True, check=False)  # fmt: skip
    lines = [
        f"Panzer '44 games, ours against main at {BASELINE} ({load_average()} at the start; "
        "CPU seconds of the process, wall seconds beside them: on a loaded machine the CPU "
        "figure is the one to compare)"
    ]
    menzelen: dict[str, list[list[tuple[float, float]]]] = {k: [[], []] for k in places}
    for _ in range(ROUNDS):
        for key, where in places.items():
            passes = _child(_WARM.format(path=MENZELEN, seeds=SEEDS), where)
            assert isinstance(passes, list)
            for i, games in enumerate(passes):
                menzelen[key][i].append(
                    (statistics.median(g[1] for g in games), statistics.median(g[0] for g in games))
                )
    for i, what in enumerate(("after one game", "the same seeds again")):
        ours, was = min(menzelen["ours"][i]), min(menzelen["baseline"][i])
        verdict = "meets" if ours[0] <= 0.25 else "MISSES"
        lines.append(
            f"  Menzelen random game, warm: {what} (median of {len(SEEDS)} seeds, best of "
            f"{ROUNDS} processes): ours {ours[0]:.3f} s (wall {ours[1]:.3f})   baseline "
            f"{was[0]:.3f} s (wall {was[1]:.3f})   x{was[0] / ours[0]:.2f}   target <= 0.25 s: "
            f"{verdict}   ({load_average()})"
        )
    kept = Path(tempfile.mkdtemp(prefix="hexwright-bench-cache-"))
    for system_first, cache in ((False, kept), (True, kept), (True, None)):
        cold: dict[str, list[dict[str, list[float]]]] = {k: [] for k in places}
        folder = "" if cache is None else str(cache)
        for _ in range(ROUNDS):
            for key, where in places.items():
                code = _COLD.format(path=SEDAN, system_first=system_first, cache=folder)
                if cache is not None:  # the file played once before, in another process
                    _child(code, where)
                got = _child(code, where)
                assert isinstance(got, dict)
                cold[key].append(got)
        what = "imported before the clock" if system_first else "imported by the first game"
        seen = (
            "the file played before (its checked scenario kept)"
            if cache is not None
            else "a first run: nothing kept, every file read and checked"
        )
        lines.append(
            f"  first game in a fresh process, Sedan random bots (the system's rules {what}; "
            f"{seen}):"
        )
        for key in places:
            runs = cold[key]
            ratio = statistics.median(r["first"][1] / r["warm"][1] for r in runs)
            wall = statistics.median(r["first"][0] / r["warm"][0] for r in runs)
            mid = sorted(runs, key=lambda r: r["first"][1] / r["warm"][1])[len(runs) // 2]
            verdict = "meets" if ratio <= 1.3 else "MISSES"
            lines.append(
                f"    {key:<8} first {mid['first'][1]:.3f} s  warm {mid['warm'][1]:.3f} s  "
                f"first/warm {ratio:.2f}x (wall {wall:.2f}x; median of {ROUNDS} processes)  "
                f"target <= 1.3x: {verdict}   imports {mid['imports'][1]:.3f} s"
                + (f", the system's {mid['system'][1]:.3f} s" if system_first else "")
                + f"   ({load_average()})"
            )
    shutil.rmtree(kept, ignore_errors=True)
    whole = {k: min(_whole(w) for _ in range(ROUNDS)) for k, w in places.items()}
    bare = min(_bare() for _ in range(ROUNDS))
    lines.append(
        f"  whole 'hexwright play' process, Sedan random bots, wall (best of {ROUNDS}):   "
        f"ours {whole['ours']:.3f} s   baseline {whole['baseline']:.3f} s   "
        f"python alone {bare:.3f} s   ({load_average()})"
    )
    return lines


def _bare() -> float:
    start = time.perf_counter()
    subprocess.run([PY, "-c", "pass"], env=clean_env(), check=False)
    return time.perf_counter() - start


if __name__ == "__main__":
    print("\n".join(main()))
