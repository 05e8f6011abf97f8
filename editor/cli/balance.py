"""``hexwright balance``: auto-play a scenario many times and report its balance (Qt-free).

    hexwright balance FILE -n 500 --jobs 2 --bots heuristic,heuristic [--json] [--seed-from N]
        [--buy STRATEGY] [--cluster local:K | --scheduler tcp://HOST:PORT]

Games run in worker processes (``--jobs``, default every core), or on a Dask cluster
(``--cluster local:K`` starts one here with K worker processes, ``--scheduler`` uses a running
one; Dask is the optional ``cluster`` extra), through :func:`rules.bots.balance.run_batch`; a
progress bar with the time left goes to stderr. Point-buy sides buy their forces under ``--buy``
(a purchase strategy), each game with its own seed. Every game that hits an engine error is
written as a replay file (``--errors DIR``) and named in the report with the ``hexwright play``
command that plays it again. Exit status: 0, or 1 when a game failed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from editor.cli.args import bots_of, whole
from model.limits import MAX_GAMES, MAX_JOBS


def add_parser(sub: Any) -> None:
    balance = sub.add_parser(
        "balance", help="auto-play a scenario many times: win rates and what decides them"
    )
    balance.add_argument("file", metavar="FILE")
    balance.add_argument(
        "-n", "--games", type=whole(1, MAX_GAMES), default=100, help="games to play (100)"
    )
    balance.add_argument(
        "--jobs",
        type=whole(0, MAX_JOBS),
        default=0,
        help=f"worker processes (default: one per core; at most {MAX_JOBS})",
    )
    balance.add_argument(
        "--bots",
        default="heuristic,heuristic",
        help="one bot for every side, or one per side in the scenario's order (random, "
        "heuristic; default heuristic)",
    )
    balance.add_argument("--seed-from", type=int, default=1, help="first game's seed (1)")
    add_batch_options(balance)
    balance.add_argument(
        "--errors",
        metavar="DIR",
        help="where replays of failed games go (default: balance-errors-<scenario id>)",
    )
    balance.add_argument("--json", action="store_true", help="print the report as JSON")
    balance.add_argument("--quiet", action="store_true", help="no progress bar")
    balance.set_defaults(handler=cmd_balance)


def add_batch_options(parser: Any, buy: bool = True) -> None:
    """``--buy`` (unless ``buy`` is false: ``sweep`` has ``--strategies``), ``--cluster`` and
    ``--scheduler``: shared by ``balance`` and ``sweep``. Nothing of ``rules`` is imported here:
    ``hexwright --help`` stays fast (the strategies are named as ``hexwright play`` names them)."""
    if buy:
        parser.add_argument(
            "--buy",
            default="balanced",
            metavar="STRATEGY",
            help="how point-buy sides buy their forces, each game with its own seed (balanced, "
            "armour-heavy, infantry-heavy, cheapest-many, random; default balanced)",
        )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--cluster",
        metavar="local:K",
        help="play on a local Dask cluster of K worker processes (needs hexwright[cluster])",
    )
    where.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="play on the Dask cluster of this scheduler (needs hexwright[cluster])",
    )


def where_text(args: argparse.Namespace, jobs: int) -> str:
    """Where the games ran, for the report."""
    if args.scheduler:
        return f"the Dask cluster at {args.scheduler}"
    if args.cluster:
        return f"a Dask cluster ({args.cluster})"
    return f"{jobs} process(es)"


class Progress:
    """A one-line progress bar with the games done and an estimate of the time left."""

    def __init__(self, total: int, out: TextIO, width: int = 30) -> None:
        self.total, self.out, self.width = total, out, width
        self.start = time.perf_counter()
        self.errors = 0
        self.last = 0.0

    def __call__(self, result: Any, done: int, total: int) -> None:
        if result.error is not None:
            self.errors += 1
        now = time.perf_counter()
        if not self.out.isatty():  # a log file: a line at each tenth of the batch
            if done == total or done * 10 // total != (done - 1) * 10 // total:
                errors = f", {self.errors} failed" if self.errors else ""
                self.out.write(f"{done}/{total} games{errors}\n")
            return
        if done < total and now - self.last < 0.1:
            return  # at most ten redraws a second
        self.last = now
        elapsed = now - self.start
        left = elapsed / done * (total - done)
        filled = round(self.width * done / total)
        bar = "#" * filled + "-" * (self.width - filled)
        errors = f", {self.errors} failed" if self.errors else ""
        self.out.write(
            f"\r[{bar}] {done}/{total} games, {_clock(elapsed)} elapsed, "
            f"{_clock(left)} left{errors} "
        )
        if done == total:
            self.out.write("\n")
        self.out.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def cmd_balance(args: argparse.Namespace) -> int:
    from model.scenario_io import load_scenario
    from model.yamlio import atomic_write_text
    from rules.bots.balance import (
        ClusterUnavailableError,
        batch_executor,
        run_batch,
        specs_for,
        summarize,
    )
    from rules.engine.errors import RulesError
    from rules.pointbuy.purchase import STRATEGIES, game_for, parse_choices

    loaded = load_scenario(args.file)  # a bad file: file:line problems, exit 1 (in main)
    if args.buy not in STRATEGIES:
        print(f"--buy: one of {', '.join(STRATEGIES)}, not '{args.buy}'", file=sys.stderr)
        return 2
    try:
        sides = game_for(loaded, parse_choices(args.buy, loaded.scenario, args.seed_from)).sides
    except RulesError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        bots = bots_of(args.bots, sides)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    specs = specs_for(args.file, args.games, bots, args.seed_from, args.buy)
    progress = None if args.quiet else Progress(len(specs), sys.stderr)
    start = time.perf_counter()
    try:
        with batch_executor(jobs, args.cluster, args.scheduler) as pool:
            results = run_batch(specs, pool, progress)
    except (ClusterUnavailableError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    failed = [r for r in results if r.error is not None]
    files: dict[int, str] = {}
    if failed:
        folder = Path(args.errors or f"balance-errors-{loaded.scenario.id}")
        folder.mkdir(parents=True, exist_ok=True)
        for r in failed:
            if r.replay is not None:
                path = folder / f"seed-{r.seed}.replay.json"
                atomic_write_text(path, r.replay)
                files[r.seed] = str(path)
    report = summarize(args.file, results, len(specs), seconds, files, specs[0].text)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print("\n".join(report_lines(report, where_text(args, jobs))))
    return 1 if failed else 0


def report_lines(report: Any, where: str = "1 process(es)") -> list[str]:
    """The report as text: win rates, points, length, conditions, errors."""
    lines = [
        f"{report.title} ({report.scenario_id}): {report.games} games"
        f" of {report.requested} in {report.seconds:.1f} s on {where}",
    ]
    if report.spent:
        spent = ", ".join(f"{side} {points:.0f}" for side, points in report.spent.items())
        lines.append(f"  forces bought ({report.buy} strategy), mean points spent: {spent}")
    lines += [
        "",
        f"  {'side':<12} {'bot':<10} {'wins':>5} {'rate':>6}   95% interval   VP mean (min-max)",
    ]
    for s in report.sides:
        vp = s.vp or (0.0,)
        mean = sum(vp) / len(vp)
        lines.append(
            f"  {s.side:<12} {s.bot:<10} {s.wins:>5} {s.rate:>6.0%}   "
            f"{s.low:>5.0%} - {s.high:<5.0%}   {mean:.1f} ({min(vp):g}-{max(vp):g})"
        )
    lines.append(f"  {'no winner':<23} {report.no_winner:>5}")
    verdict = report.lopsided()
    lines += ["", f"  lopsided: {verdict}" if verdict else "  not shown lopsided at 95%"]
    if report.turns:
        length = ", ".join(f"turn {t}: {n}" for t, n in report.turns.items())
        lines.append(f"  game ends: {length}; {report.actions_mean:.0f} actions on average")
    lines += ["", "  victory conditions (games met):"]
    for c in report.conditions:
        never = "   NEVER MET" if c.met == 0 and report.games else ""
        lines.append(f"    #{c.index + 1} {c.text[:70]}: {c.met}{never}")
    if report.unevaluated_games:
        lines.append(f"  {report.unevaluated_games} games had conditions the engine cannot judge")
    if report.errors:
        lines += ["", f"  engine errors: {len(report.errors)}"]
        for e in report.errors:
            lines.append(f"    seed {e.seed}: {e.error}")
            if e.failed_action:
                lines.append(f"      while applying: {e.failed_action}")
            if e.replay_file:
                lines.append(f"      replay: {e.replay_file}")
            lines.append(f"      again:  {e.again}")
    else:
        lines += ["", "  engine errors: none"]
    return lines
