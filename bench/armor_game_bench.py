"""Whole Armor games (issues 20 and 21: an Armor random game took 6-14 s, which keeps the fuzz
campaign's and a balance run's games few), ours side by side with the baseline.

Each row: the median CPU seconds of ``SEEDS`` seeded games of one built-in scenario in one
process (forces a scenario leaves to the Point Selection bought by the purchase bot's
``balanced`` strategy with the game's seed, as ``hexwright play`` does), played by the random
bots or the heuristic bots on both sides, after one game played first (warm: a balance worker
or the fuzz campaign plays game after game). Ours and the baseline alternate in child
processes, so both meet the same load; the best of ``ROUNDS`` processes is kept. The games
are the same games both ways (their fingerprints are compared and printed).

The baseline is main's code at ``BASELINE`` (before this speed work), extracted with
``git archive`` (``HEXWRIGHT_BASELINE`` names another checkout).

    python -m bench.armor_game_bench
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.common import baseline_checkout, clean_env, load_average

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "56f4074"
PY = sys.executable
SEEDS = (1, 2, 3)
ROUNDS = int(os.environ.get("ARMOR_BENCH_ROUNDS", "2"))
ROWS = (
    ("scenarios/armor/2a-trading-ground.yaml", "random"),
    # long lines of sight: three sections end to end (the fuzz campaign's slowest games)
    ("scenarios/armor/2a-trading-ground-end-to-end.yaml", "random"),
    ("scenarios/armor/3a-frontal-attack.yaml", "random"),
    ("scenarios/armor/1a-spearheads.yaml", "heuristic"),
)

_GAMES = """
import hashlib, json, statistics, time
from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.pointbuy.purchase import game_for, parse_choices
loaded = load_scenario({path!r})
def one(seed):
    game = game_for(loaded, parse_choices("balanced", loaded.scenario, seed))
    state = game.new_initial_state(seed)
    bots = {{s: make_bot({bot!r}, seed * 10 + i + 1) for i, s in enumerate(game.sides)}}
    cpu = time.process_time()
    play(state, bots)
    used = time.process_time() - cpu
    return used, hashlib.sha1(repr(state.fingerprint()).encode()).hexdigest()[:10]
one(0)
games = [one(s) for s in {seeds!r}]
print(json.dumps([statistics.median(g[0] for g in games), [g[1] for g in games]]))
"""


def _child(code: str, where: Path) -> list[object] | str:
    """The child's [median seconds, fingerprints], or the last line of its error."""
    done = subprocess.run(
        [PY, "-c", code], cwd=where, env=clean_env(), capture_output=True, text=True, check=False
    )
    if done.returncode:
        return (done.stderr.strip().splitlines() or ["no output"])[-1][:120]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(found, list)
    return found


def main() -> list[str]:
    base = baseline_checkout(BASELINE)
    places = {"ours": ROOT, "baseline": base}
    for where in places.values():  # byte-code compiled, as an installed package has it
        subprocess.run([PY, "-m", "compileall", "-q", "rules", "model", "editor"], cwd=where,
                       env=clean_env(), capture_output=True, check=False)  # fmt: skip
    lines = [
        f"Armor games, ours against main at {BASELINE} ({load_average()} at the start; CPU "
        f"seconds, median of seeds {SEEDS}, best of {ROUNDS} processes)"
    ]
    for path, bot in ROWS:
        best: dict[str, float] = {}
        prints: dict[str, list[str]] = {}
        failed = ""
        # The scenario file is ours (the baseline's code plays it): a scenario added since the
        # baseline is timed too, or its row says why the baseline cannot play it.
        code = _GAMES.format(path=str(ROOT / path), bot=bot, seeds=SEEDS)
        for _ in range(ROUNDS):
            for key, where in places.items():
                found = _child(code, where)
                if isinstance(found, str):
                    failed = f"{key} failed: {found}"
                    break
                seconds, games = found
                assert isinstance(seconds, float)
                assert isinstance(games, list)
                best[key] = min(best.get(key, seconds), seconds)
                prints[key] = [str(g) for g in games]
            if failed:
                break
        if failed:
            lines.append(f"  {Path(path).stem:<24} {bot:<9} bots: {failed}")
            continue
        same = "the same games" if prints["ours"] == prints["baseline"] else "GAMES DIFFER"
        lines.append(
            f"  {Path(path).stem:<24} {bot:<9} bots: ours {best['ours']:6.2f} s   baseline "
            f"{best['baseline']:6.2f} s   x{best['baseline'] / best['ours']:.2f}   {same}   "
            f"({load_average()})"
        )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
