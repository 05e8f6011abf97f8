"""Line of sight on the Panzer '44 map, and how a game's cost grows with its size.

Target (issue 6): a line-of-sight query under 20 microseconds on average over all hex pairs,
side by side with a naive baseline that intersects a shapely line with the hex polygons.

- The engine's verdict (:meth:`rules.panzer44.sight_table.SightTable.clear`, what the rules
  ask): timed over every one of the 4.3 million ordered pairs of the 2,074 hexes, starting cold
  (the table of line shapes per displacement emptied first, so building it is in the figure), then
  warm.
- The full query (:func:`rules.los.query.line_of_sight`: every hex and hexside on the line, the
  deciding obstacle, the rule and an explanation; what the editor's LOS tool and the game log
  show) and the naive baseline are timed on a fixed sample (every hex against 25 spread
  targets): at a few hundred microseconds a pair, all pairs would take half an hour.

Every pair at once (issue 20: under 1 s end to end, cold): :meth:`SightTable.clear_pairs` from
the scenario file to the table of all 4.3 million verdicts, beside the pair-by-pair loop, and
whether the two agree on every pair.

Scaling: whole random-vs-random games of three scenarios of growing size (units and map area
in play), games per second and the time per action.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from shapely import STRtree
from shapely.geometry import LineString, Polygon

from model.grid import hex_corners, hex_to_pixel
from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.los.query import line_of_sight
from rules.panzer44.game import Panzer44Game
from rules.panzer44.sight_table import SightTable, forget_shapes
from rules.registry import load_game

ROOT = Path(__file__).parent.parent / "scenarios" / "panzer44"
TARGET_US = 20.0
ALL_PAIRS_TARGET_S = 1.0
SIZE = 10.0


def _pairs(hexes: list[Hex]) -> list[tuple[Hex, Hex]]:
    targets = hexes[:: max(1, len(hexes) // 25)]
    return [(a, b) for a in hexes for b in targets if a != b]


def naive(game: Panzer44Game, pairs: list[tuple[Hex, Hex]]) -> float:
    """Microseconds a pair: the hexes a shapely line crosses, then the first blocking one."""
    hexes = list(game.amap.hexes)
    polygons = [Polygon(hex_corners(h, SIZE)) for h in hexes]
    tree = STRtree(polygons)
    blocking = {h for h in hexes if game.terrain.terrain(h) in ("woods", "town")}
    start = time.perf_counter()
    for a, b in pairs:
        line = LineString([hex_to_pixel(a, SIZE), hex_to_pixel(b, SIZE)])
        crossed = [hexes[i] for i in tree.query(line, predicate="intersects")]
        any(h in blocking for h in crossed if h not in (a, b))
    return (time.perf_counter() - start) / len(pairs) * 1e6


def ours(game: Panzer44Game, pairs: list[tuple[Hex, Hex]], cached: bool) -> float:
    start = time.perf_counter()
    if cached:
        for a, b in pairs:
            game.los(a, b)
    else:
        for a, b in pairs:
            line_of_sight(game.terrain, game.system, a, b)
    return (time.perf_counter() - start) / len(pairs) * 1e6


def verdicts(game: Panzer44Game) -> tuple[int, float, float]:
    """Pairs, then microseconds a pair cold and warm, for the verdict over every pair."""
    hexes = list(game.amap.hexes)
    forget_shapes()
    times = []
    for _ in range(2):
        start = time.perf_counter()
        table = SightTable(game.terrain)
        clear = table.clear
        for a in hexes:
            for b in hexes:
                clear(a, b)
        times.append((time.perf_counter() - start) / len(hexes) ** 2 * 1e6)
    return len(hexes) ** 2, times[0], times[1]


_FRESH = """
from model.scenario_io import load_scenario
from rules.panzer44.sight_table import SightTable
from rules.registry import load_game
game = load_game(load_scenario({path!r}))
SightTable(game.terrain).clear_pairs(sorted(game.amap.hexes))
"""


def _fresh_process() -> tuple[float, float]:
    """Seconds, wall and CPU, of a whole new Python process that loads the scenario and
    answers every pair (the interpreter's start and the imports included)."""
    code = _FRESH.format(path=str(ROOT / "19.2-sedan-revenged.yaml"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent.parent)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def all_pairs() -> list[str]:
    """Issue 20's row: the verdict for every ordered pair of the map, cold (no line shapes in
    the process), end to end: the scenario file loaded, the table built, every pair answered.
    Beside it the pair-by-pair loop (the baseline, also cold), whose answers it must equal."""
    forget_shapes()
    wall, cpu = time.perf_counter(), time.process_time()
    game = load_game(load_scenario(ROOT / "19.2-sedan-revenged.yaml"))
    assert isinstance(game, Panzer44Game)
    hexes = sorted(game.amap.hexes, key=game.name)
    loaded = time.perf_counter()
    fast = SightTable(game.terrain).clear_pairs(hexes)
    ours = time.perf_counter() - wall, time.perf_counter() - loaded, time.process_time() - cpu
    forget_shapes()
    wall, cpu = time.perf_counter(), time.process_time()
    clear = SightTable(game.terrain).clear
    slow = [[clear(a, b) for b in hexes] for a in hexes]
    base = time.perf_counter() - wall, time.process_time() - cpu
    same = all(bool(fast[i, j]) == v for i, row in enumerate(slow) for j, v in enumerate(row))
    whole, whole_cpu = _fresh_process()
    verdict = "meets" if ours[0] < ALL_PAIRS_TARGET_S else "MISSES"
    return [
        f"all-pairs visibility, Panzer '44 map, {len(hexes) ** 2:,} ordered pairs, cold "
        f"(load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores)",
        f"  every pair at once, end to end {ours[0]:6.2f} s (cpu {ours[2]:.2f} s; without the "
        f"scenario's load {ours[1]:.2f} s)   target < {ALL_PAIRS_TARGET_S:.0f} s, {verdict}",
        f"  pair by pair (baseline)        {base[0]:6.2f} s (cpu {base[1]:.2f} s; table only)",
        f"  a fresh process, all at once   {whole:6.2f} s (cpu {whole_cpu:.2f} s; Python, the "
        "imports, the load and the table)",
        f"  the same answer for every pair: {'yes' if same else 'NO'} "
        f"({int(fast.sum()):,} pairs clear)",
    ]


def scaling() -> list[str]:
    head = f"{'scenario':<38} {'units':>5} {'hexes':>6} {'games/s':>8} {'actions':>8}"
    lines = [f"{head} {'µs/action':>10}"]
    for name in ("19.7-assault-on-fort-driant", "19.2-sedan-revenged", "20.4-action-at-menzelen"):
        game = load_game(load_scenario(ROOT / f"{name}.yaml"))
        assert isinstance(game, Panzer44Game)
        area = len(game.play_area) if game.play_area is not None else len(game.amap.hexes)
        state = game.new_initial_state(0)
        play(state, {s: make_bot("random", i) for i, s in enumerate(game.sides)})  # warm
        actions, start = 0, time.perf_counter()
        for seed in range(1, 5):
            state = game.new_initial_state(seed)
            bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(game.sides)}
            actions += play(state, bots)
        elapsed = time.perf_counter() - start
        lines.append(
            f"{name:<38} {len(game.specs):>5} {area:>6} {4 / elapsed:>8.2f} {actions // 4:>8} "
            f"{elapsed / actions * 1e6:>10.0f}"
        )
    return lines


def main() -> list[str]:
    game = load_game(load_scenario(ROOT / "19.2-sedan-revenged.yaml"))
    assert isinstance(game, Panzer44Game)
    hexes = sorted(game.amap.hexes, key=game.name)
    pairs = _pairs(hexes)
    base = naive(game, pairs)
    cold = ours(game, pairs, cached=False)
    ours(game, pairs, cached=True)  # fill the game's cache
    warm = ours(game, pairs, cached=True)
    n, fast_cold, fast_warm = verdicts(game)
    verdict = "meets" if fast_cold <= TARGET_US else "MISSES"
    return [
        f"line of sight, Panzer '44 map: the verdict over all {n:,} ordered pairs",
        f"  engine verdict, cold         {fast_cold:8.2f} µs a pair   "
        f"target < {TARGET_US:.0f} µs, {verdict} (line shapes traced on first use)",
        f"  engine verdict, warm         {fast_warm:8.2f} µs a pair",
        f"the same map, {len(pairs)} pairs (every hex x 25 targets)",
        f"  full query with explanation  {cold:8.1f} µs a pair   (the LOS tool, the game log)",
        f"  full query, the game's cache {warm:8.1f} µs a pair",
        f"  naive shapely baseline       {base:8.1f} µs a pair   (hexes crossed only, no rules)",
        "",
        *all_pairs(),
        "",
        "how a game's cost grows (random vs random, 4 games each)",
        *scaling(),
    ]


if __name__ == "__main__":
    print("\n".join(main()))
