"""``hexwright tune``: how a scenario's balance moves with its knobs, and the setting that
brings it closest to even (issue 22; Qt-free).

    hexwright tune FILE --knob K [--knob K2 ...] -n GAMES --bots heuristic[,heuristic]
        [--seed-from N] [--jobs N | --cluster local:K | --scheduler tcp://HOST:PORT]
        [--buy STRATEGY] [--no-pairs] [--json [OUT]] [--apply-best -o OUT.yaml] [--list]

Prints a table per knob (value, the first side's wins and draws, its share with the 95%
interval) and the suggestion (:func:`rules.bots.tune.tune`); ``--json`` the whole report.
``--apply-best -o OUT.yaml`` writes the scenario with the suggestion applied and a note of what
was measured in its notes (:func:`rules.bots.tune.apply_suggestion`, as the editor does).
A knob the scenario does not have: a message listing those it has, exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from editor.cli.args import bots_of, whole
from editor.cli.balance import add_batch_options
from model.limits import MAX_GAMES, MAX_JOBS

#: The ``--knob`` grammar (:func:`rules.bots.knobs.parse_knob` reads it).
KNOB_GRAMMAR = (
    "a knob of the scenario: ID, or ID=LOW..HIGH to set the range searched (ID:LOW..HIGH also "
    "works: length:4..10). IDs: length, vp-threshold:SIDE, vp-award:N, budget:SIDE, "
    "mission-budget:MISSION, reinforcement-turn:SIDE.N, unit:SIDE.ENTRY (on/off), "
    "count:SIDE.ENTRY, support:SIDE.N, panic:SIDE, rule:KIND (on/off), option:NAME (on/off), "
    "setup-depth:SIDE; --list shows the scenario's own. Repeat for several knobs"
)


def add_parser(sub: Any) -> None:
    tune = sub.add_parser(
        "tune",
        help="how a scenario's balance moves with its knobs, and settings that even it",
        description="Plays batches of games at each value of each knob (the same bots and "
        "seeds for every value), then searches the knobs one at a time and in pairs, coarse "
        "then fine, for the setting whose first side is closest to 50% (draws count half), "
        "ties to the smallest change. Games already played for a setting are reused.",
    )
    tune.add_argument("file", metavar="FILE")
    tune.add_argument("--knob", action="append", default=[], metavar="K", help=KNOB_GRAMMAR)
    tune.add_argument("--list", action="store_true", help="list the scenario's knobs and stop")
    tune.add_argument(
        "-n", "--games", type=whole(1, MAX_GAMES), default=100, help="games per setting (100)"
    )
    tune.add_argument(
        "--bots",
        default="heuristic",
        help="one bot for every side, or one per side in the scenario's order (random, "
        "heuristic; default heuristic)",
    )
    tune.add_argument("--seed-from", type=int, default=1, help="first game's seed (1)")
    tune.add_argument(
        "--jobs",
        type=whole(0, MAX_JOBS),
        default=0,
        help=f"worker processes (default: one per core; at most {MAX_JOBS})",
    )
    add_batch_options(tune)
    tune.add_argument("--no-pairs", action="store_true", help="search one knob at a time only")
    tune.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="OUT",
        help="the whole report as JSON: to OUT, or standard output without OUT",
    )
    tune.add_argument(
        "--apply-best",
        action="store_true",
        help="write the scenario with the suggestion applied (and a note of what was "
        "measured) to -o OUT.yaml",
    )
    tune.add_argument("-o", "--output", metavar="OUT.yaml", help="where --apply-best writes")
    tune.add_argument("--quiet", action="store_true", help="no progress on stderr")
    tune.set_defaults(handler=cmd_tune)


def cmd_tune(args: argparse.Namespace) -> int:
    from model.scenario_io import load_scenario
    from rules.bots.knobs import KnobError, knobs_of, parse_knob

    loaded = load_scenario(args.file)  # a bad file: file:line problems, exit 1 (in main)
    scenario = loaded.scenario
    knobs = knobs_of(scenario)
    if args.list:
        for k in knobs:
            span = "on/off" if k.kind == "bool" else f"{k.low}..{k.high}"
            print(f"{k.id:<32} {_word(k.value):>6}  {span:<12} {k.title}")
        return 0
    if not args.knob:
        ids = ", ".join(k.id for k in knobs) or "none"
        print(f"give at least one --knob; this scenario's knobs: {ids}", file=sys.stderr)
        return 2
    if args.apply_best and not args.output:
        print("--apply-best needs -o OUT.yaml: where the tuned scenario goes", file=sys.stderr)
        return 2
    try:
        chosen = [parse_knob(text, knobs) for text in args.knob]
    except KnobError as exc:
        print(f"--knob: {exc}", file=sys.stderr)
        return 2
    if len({c.id for c in chosen}) != len(chosen):
        print("--knob: each knob once", file=sys.stderr)
        return 2
    try:
        bots = bots_of(args.bots, [s.id for s in scenario.sides])
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    return _run(args, loaded, chosen, bots)


def _run(args: argparse.Namespace, loaded: Any, chosen: list[Any], bots: list[str]) -> int:
    from model.scenario_io import save_scenario
    from model.yamlio import atomic_write_text
    from rules.bots.balance import ClusterUnavailableError, batch_executor
    from rules.bots.tune import apply_suggestion, tune

    text = Path(args.file).read_text(encoding="utf-8")
    jobs = args.jobs or os.cpu_count() or 1
    progress = None if args.quiet else _Progress()
    try:
        with batch_executor(jobs, args.cluster, args.scheduler) as pool:
            report = tune(
                args.file,
                text,
                chosen,
                args.games,
                bots,
                pool,
                seed_from=args.seed_from,
                buy=args.buy,
                pairs=not args.no_pairs,
                progress=progress,
            )
    except (ClusterUnavailableError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json == "-":
        print(json.dumps(report.to_json(), indent=2))
    else:
        if args.json:
            atomic_write_text(Path(args.json), json.dumps(report.to_json(), indent=2) + "\n")
        print("\n".join(report_lines(report)))
    if args.apply_best:
        if report.suggestion is None:
            print("--apply-best: nothing was measured, nothing written", file=sys.stderr)
            return 1
        save_scenario(apply_suggestion(loaded.scenario, report), args.output, text)
        print(f"wrote {args.output}", file=sys.stderr if args.json == "-" else sys.stdout)
    return 0


class _Progress:
    """Games done of those planned, on stderr, at most ten times a second."""

    def __init__(self) -> None:
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:  # a log file: a line at each tenth of the plan
            if done == total or done * 10 // total != (done - 1) * 10 // total:
                print(f"tune: {done}/{total} games (at most)", file=sys.stderr, flush=True)
            return
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        end = "\n" if done == total else ""
        print(f"\rtune: {done}/{total} games (at most)", end=end, file=sys.stderr, flush=True)


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def report_lines(report: Any) -> list[str]:
    """The report as text: a table per knob, then the suggestion."""
    first = report.first_side()
    lines = [
        f"{report.title} ({report.scenario_id}): bots {','.join(report.bots)}, "
        f"{report.games} games a setting, seeds {report.seeds[0]}-{report.seeds[1]}, "
        f"{report.played} games played, {report.reused} reused, {report.seconds:.1f} s",
        f"  share: {first}'s wins plus half the draws, with its 95% interval",
    ]
    if report.baseline is not None:
        lines.append(f"  as it is: {_share(report.baseline)}")
    for sweep in report.sweeps:
        lines += ["", f"  {sweep.knob}: {sweep.title} (now {_word(sweep.current)})"]
        lines.append(f"    {'value':>7}  {'wins':>5} {'draws':>5}  {'share':>6}  95% interval")
        for p in sweep.points:
            value = _word(p.settings[0][1]) if p.settings else "?"
            if p.error:
                lines.append(f"    {value:>7}  cannot be played: {p.error}")
                continue
            lines.append(
                f"    {value:>7}  {p.wins[0]:>5} {p.draws:>5}  {p.share:>6.0%}  "
                f"{p.low:>4.0%} - {p.high:.0%}"
            )
    lines.append("")
    best = report.suggestion
    if best is not None:
        lines.append(f"  suggestion: {best.label()} (change {best.change:g})")
        lines.append(f"    {_share(best)}")
    lines.append(f"  {report.verdict}")
    if not report.complete:
        lines.append("  CANCELLED: a partial report")
    return lines


def _share(p: Any) -> str:
    return (
        f"{p.share:.0%} (95% {p.low:.0%}-{p.high:.0%}) over {p.games} games, "
        f"{p.draws} without a winner"
    )
