"""``hexwright sweep``: the balance of many scenarios, each under each purchase strategy (Qt-free).

    hexwright sweep PATH... -n 20 --bots heuristic[,heuristic] [--strategies s1,s2|all]
        [--jobs K] [--cluster local:K | --scheduler tcp://HOST:PORT] --json OUT --html OUT

PATH is a scenario file or a folder (every ``*.yaml`` beneath it; ``scenarios/`` is the
built-ins). A *row* of the sweep is a scenario and a purchase strategy: a scenario with point-buy
sides (:func:`rules.pointbuy.purchase.needs_purchase`) gets a row per strategy of
``--strategies`` (default ``balanced``; ``all``: every strategy), any other scenario one row
(strategy ``null``). Each row plays ``-n`` games with seeds from ``--seed-from`` exactly as
``hexwright balance FILE --buy STRATEGY`` does (:mod:`rules.bots.balance`), all rows' games
through one executor so that the workers never idle between scenarios. One ``--bots`` name is
every side's bot.

Before a row's games, its first game is set up here (the purchase made and the game loaded): a
scenario the engine refuses (an unsupported system, a slice of the rules not built yet, no legal
purchase) is reported once as an engine error of the row, with the ``hexwright play`` command that
shows it, instead of failing every game. A game that fails while played is an engine error too,
its replay written to ``--errors`` (default: ``<json stem>-errors/`` beside the JSON file).

Progress goes to stderr (a line as each row ends); the JSON and HTML files are rewritten as each
row ends, so an interrupted sweep leaves the rows it finished, and ``--resume OLD.json`` takes an
earlier report's finished rows (played with the same ``-n``, ``--seed-from`` and ``--bots``) as
they are, plays the rest, and writes one report of both. Exit status: 0, or 1 when a row
had an engine error or a file was not a valid scenario.

The JSON (``--json``), format 1. Rows are in the order of the paths given (files of a folder
sorted by name), then the order of ``--strategies``; keys are always present::

    {
      "format": 1,
      "complete": bool,              # false while the sweep runs (or after it was interrupted)
      "games_per_row": int, "first_seed": int, "bots": [str, ...],
      "strategies": [str, ...],      # the strategies asked for
      "where": str,                  # "2 process(es)", "a Dask cluster (local:2)", ...
      "seconds": float,              # wall time so far
      "rows": [{
        "scenario": str,             # the file, as given
        "scenario_id": str, "title": str, "system": str,
        "strategy": str | null,      # null: no side buys its forces
        "status": "done" | "pending" | "unplayable" | "invalid",
        "problem": str | null,       # why unplayable or invalid
        "games": int,                # games played to their end
        "requested": int,
        "sides": [{"side": str, "bot": str, "wins": int, "rate": float,
                   "low": float, "high": float, "vp_mean": float}],   # 95% Wilson interval
        "no_winner": int,
        "lopsided": str | null,      # a side whose whole interval is above one half
        "turns": {"<turn>": int},    # game length in turns -> games
        "turns_mean": float | null, "actions_mean": float,
        "conditions": [{"index": int, "text": str, "met": int}],
        "never_met": [str],          # conditions no finished game met
        "spent": {"<side>": float},  # mean points bought, point-buy sides only
        "errors": [{"seed": int | null, "error": str, "failed_action": str | null,
                    "replay_file": str | null, "again": str}],
        "seconds": float             # the games' own time, summed over workers
      }]
    }

The HTML (``--html``) is one self-contained file (no script, no external style or font): the
table of rows with each side's win rate drawn as its 95% interval bar around the rate, then the
engine errors with their commands.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from editor.cli.args import whole
from model.limits import MAX_GAMES, MAX_JOBS

FORMAT = 1
SIDE_COLOURS = ("#2a62c9", "#c0392b", "#2e8b57", "#8e44ad")


def add_parser(sub: Any) -> None:
    from editor.cli.balance import add_batch_options

    sweep = sub.add_parser(
        "sweep",
        help="balance many scenarios, each under each purchase strategy: a JSON and HTML report",
    )
    sweep.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders")
    sweep.add_argument(
        "-n", "--games", type=whole(1, MAX_GAMES), default=20, help="games per row (20)"
    )
    sweep.add_argument(
        "--bots",
        default="heuristic",
        help="one bot for every side, or one per side (random, heuristic; default heuristic)",
    )
    sweep.add_argument(
        "--strategies",
        default="balanced",
        help="purchase strategies for point-buy scenarios, comma-separated, or 'all' (balanced)",
    )
    sweep.add_argument(
        "--jobs",
        type=whole(0, MAX_JOBS),
        default=0,
        help=f"worker processes (default: one per core; at most {MAX_JOBS})",
    )
    sweep.add_argument("--seed-from", type=int, default=1, help="first game's seed (1)")
    sweep.add_argument("--json", metavar="OUT", help="write the report as JSON to OUT")
    sweep.add_argument("--html", metavar="OUT", help="write the report as HTML to OUT")
    sweep.add_argument("--errors", metavar="DIR", help="where replays of failed games go")
    sweep.add_argument(
        "--resume",
        metavar="JSON",
        help="keep the finished rows of this earlier report (same -n, --seed-from and --bots) "
        "instead of playing them again",
    )
    sweep.add_argument("--quiet", action="store_true", help="no progress")
    add_batch_options(sweep, buy=False)
    sweep.set_defaults(handler=cmd_sweep)


# --- what to play ------------------------------------------------------------------------------


def scenario_files(paths: Sequence[str]) -> list[Path]:
    """The files of ``paths``: a file as given, a folder's ``*.yaml`` beneath it by name."""
    found: list[Path] = []
    for p in (Path(x) for x in paths):
        if p.is_dir():
            found += sorted(p.rglob("*.yaml"))
        else:
            found.append(p)
    return list(dict.fromkeys(found))


@dataclass
class Row:
    """One scenario under one purchase strategy (None: no side buys)."""

    scenario: str
    strategy: str | None
    text: str = ""
    scenario_id: str = ""
    title: str = ""
    system: str = ""
    status: str = "pending"
    problem: str | None = None
    bots: tuple[str, ...] = ()
    again: str = ""  # the arguments of ``hexwright play`` that show an unplayable row
    prior: dict[str, Any] | None = None  # the row as an earlier report has it (``--resume``)
    results: list[Any] = field(default_factory=list)
    report: Any = None  # the BalanceReport once done

    @property
    def buy(self) -> str:
        return self.strategy or "balanced"


def plan(
    files: Sequence[Path], strategies: Sequence[str], first_seed: int, bots: Sequence[str]
) -> list[Row]:
    """The rows of the sweep, each checked by setting up its first game here."""
    from model.errors import ProblemList
    from model.scenario_io import parse_scenario
    from model.yamlio import YamlError, read_text_file
    from rules.bots.balance import play_args
    from rules.pointbuy.purchase import game_for, needs_purchase, parse_choices

    rows: list[Row] = []
    for path in files:
        name = str(path)
        try:
            text = read_text_file(path)  # a regular file, size-capped: a FIFO hung the sweep
            loaded = parse_scenario(text, name)
        except (ProblemList, YamlError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            rows.append(Row(name, None, status="invalid", problem=first))
            continue
        sc = loaded.scenario
        buying = bool(needs_purchase(sc))
        for strategy in strategies if buying else [None]:
            row = Row(name, strategy, text, sc.id, sc.title, str(sc.system.value))
            row.bots = _bots(bots, len(sc.sides))
            if len(row.bots) != len(sc.sides):
                sides = ", ".join(s.id for s in sc.sides)
                raise ValueError(f"--bots: one bot, or one per side of {name} ({sides})")
            try:
                game_for(loaded, parse_choices(row.buy, sc, first_seed))
            except Exception as exc:  # a finding of the sweep, not its end
                row.status = "unplayable"
                row.problem = f"{type(exc).__name__}: {exc}"
                row.again = play_args(row.bots, first_seed, row.buy)
            rows.append(row)
    return rows


def _bots(bots: Sequence[str], sides: int) -> tuple[str, ...]:
    return tuple(bots) if len(bots) != 1 else tuple(bots) * sides


# --- the report ---------------------------------------------------------------------------------


def resumed(rows: list[Row], path: str, args: argparse.Namespace) -> tuple[list[Row], int]:
    """The rows with those an earlier report finished taken from it (and its rows of other
    strategies for the same files added after their scenario's), and how many were taken.

    Raises:
        ValueError: the earlier report played other games (``-n``, ``--seed-from``, ``--bots``).
    """
    from editor.cli.sweep_json import read_report  # pydantic: only when resuming

    data = read_report(path)
    same = (data["games_per_row"], data["first_seed"], data["bots"])
    if same != (args.games, args.seed_from, list(args.bot_list)):
        raise ValueError(f"--resume: {path} played other games (-n, --seed-from or --bots differ)")
    done = {(r["scenario"], r["strategy"]): r for r in data["rows"] if r["status"] == "done"}
    out: list[Row] = []
    taken = 0
    for i, row in enumerate(rows):
        prior = done.pop((row.scenario, row.strategy), None)
        if prior is not None and row.status == "pending":
            row.prior, row.status = prior, "done"
            taken += 1
        out.append(row)
        last = i + 1 == len(rows) or rows[i + 1].scenario != row.scenario
        if last:  # the earlier report's other strategies of this scenario
            for key in [k for k in done if k[0] == row.scenario]:
                extra = done.pop(key)
                out.append(
                    Row(row.scenario, key[1], status="done", scenario_id=extra["scenario_id"],
                        title=extra["title"], system=extra["system"], prior=extra)
                )  # fmt: skip
                taken += 1
    return out, taken


def row_data(row: Row, games: int) -> dict[str, Any]:
    """One row of the JSON (see the module's docstring)."""
    if row.prior is not None:
        return row.prior
    data: dict[str, Any] = {
        "scenario": row.scenario,
        "scenario_id": row.scenario_id,
        "title": row.title,
        "system": row.system,
        "strategy": row.strategy,
        "status": row.status,
        "problem": row.problem,
        "games": 0,
        "requested": games if row.status in ("done", "pending") else 0,
        "sides": [],
        "no_winner": 0,
        "lopsided": None,
        "turns": {},
        "turns_mean": None,
        "actions_mean": 0.0,
        "conditions": [],
        "never_met": [],
        "spent": {},
        "errors": [],
        "seconds": 0.0,
    }
    if row.status == "unplayable":
        data["errors"] = [
            {
                "seed": None,
                "error": row.problem,
                "failed_action": None,
                "replay_file": None,
                "again": f"hexwright play {row.scenario} {row.again}",
            }
        ]
    report = row.report
    if report is None:
        return data
    turns = dict(report.turns)
    played = sum(turns.values())
    data.update(
        games=report.games,
        requested=report.requested,
        sides=[
            {
                "side": s.side,
                "bot": s.bot,
                "wins": s.wins,
                "rate": round(s.rate, 4),
                "low": round(s.low, 4),
                "high": round(s.high, 4),
                "vp_mean": round(sum(s.vp) / len(s.vp), 2) if s.vp else 0.0,
            }
            for s in report.sides
        ],
        no_winner=report.no_winner,
        lopsided=report.lopsided(),
        turns={str(k): v for k, v in turns.items()},
        turns_mean=round(sum(k * v for k, v in turns.items()) / played, 2) if played else None,
        actions_mean=round(report.actions_mean, 1),
        conditions=[{"index": c.index, "text": c.text, "met": c.met} for c in report.conditions],
        never_met=[c.text for c in report.conditions if c.met == 0 and report.games],
        spent={k: round(v, 1) for k, v in report.spent.items()},
        errors=[
            {
                "seed": e.seed,
                "error": e.error,
                "failed_action": e.failed_action,
                "replay_file": e.replay_file,
                "again": e.again,
            }
            for e in report.errors
        ],
        seconds=round(report.seconds, 1),
    )
    return data


def sweep_data(rows: Sequence[Row], args: argparse.Namespace, where: str, seconds: float) -> Any:
    return {
        "format": FORMAT,
        "complete": all(r.status != "pending" for r in rows),
        "games_per_row": args.games,
        "first_seed": args.seed_from,
        "bots": list(args.bot_list),
        "strategies": list(
            dict.fromkeys([*args.strategy_list, *(r.strategy for r in rows if r.strategy)])
        ),
        "where": where,
        "seconds": round(seconds, 1),
        "rows": [row_data(r, args.games) for r in rows],
    }


def _interval_svg(sides: Sequence[dict[str, Any]], width: int = 240) -> str:
    """Each side's win rate as a dot on its 95% interval bar, 0-100%, a mark at one half."""
    lane, pad = 14, 5  # pad: a dot at 0% or 100% is whole
    height = lane * max(1, len(sides)) + 4
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f6f6f6"/>',
        f'<line x1="{width / 2}" y1="0" x2="{width / 2}" y2="{height}" stroke="#999" '
        'stroke-dasharray="3,2"/>',
    ]
    for i, s in enumerate(sides):
        colour = SIDE_COLOURS[i % len(SIDE_COLOURS)]
        y = 2 + lane * i + lane / 2
        x0, x1, x = (pad + (width - 2 * pad) * s[k] for k in ("low", "high", "rate"))
        label = f"{s['side']}: {s['rate']:.0%} (95% CI {s['low']:.0%}-{s['high']:.0%})"
        parts += [
            f"<g><title>{html.escape(label)}</title>",
            f'<line x1="{x0:.1f}" y1="{y}" x2="{x1:.1f}" y2="{y}" stroke="{colour}" '
            'stroke-width="4" stroke-linecap="round" opacity="0.55"/>',
            f'<circle cx="{x:.1f}" cy="{y}" r="4" fill="{colour}"/></g>',
        ]
    parts.append("</svg>")
    return "".join(parts)


STYLE = """
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.bad { color: #b00; }
.muted { color: #777; }
.nowrap { white-space: nowrap; }
code { font-size: 12px; }
"""


def _cut(text: str, room: int = 90) -> str:
    """A condition's text in the table: cut with an ellipsis when long, whole on hover."""
    e = html.escape
    if len(text) <= room:
        return e(text)
    return f"<span title='{e(text, quote=True)}'>{e(text[: room - 1].rstrip())}&hellip;</span>"


def sweep_html(data: dict[str, Any]) -> str:
    """The report as one self-contained HTML page."""
    e = html.escape
    state = "complete" if data["complete"] else "INCOMPLETE (still running or interrupted)"
    rows = data["rows"]
    errors = sum(len(r["errors"]) for r in rows)
    played = sum(r.get("seconds") or 0 for r in rows)  # a resumed row's own time too
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>Hexwright balance sweep</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>Balance sweep</h1>",
        f"<p>{len(rows)} rows (scenario &times; purchase strategy), {data['games_per_row']} games "
        f"each from seed {data['first_seed']}, bots {e(', '.join(data['bots']))}, on "
        f"{e(data['where'])}, {data['seconds']:.0f} s (the rows' games: {played:.0f} s); "
        f"{state}; {errors} engine error(s).</p>",
        "<p class='muted'>Each side's win rate is a dot on its 95% Wilson interval "
        f"(0&ndash;100%, dashed: 50%); colours: {_legend()}.</p>",
        "<table><tr><th>scenario</th><th>strategy</th><th>games</th><th>win rates</th>"
        "<th>95% intervals</th><th>no winner</th><th>turns</th><th>never met</th>"
        "<th>errors</th></tr>",
    ]
    body = []
    for r in rows:
        if r["sides"]:
            rates = "<br>".join(
                f"<span class='nowrap'>{e(s['side'])} {s['rate']:.0%} "
                f"({s['low']:.0%}&ndash;{s['high']:.0%})</span>"
                for s in r["sides"]
            )
            plot = _interval_svg(r["sides"])
        else:
            tone = "muted" if r["status"] == "pending" else "bad"
            rates = f"<span class='{tone}'>{e(r['status'])}</span>"
            plot = ""
        spent = ", ".join(f"{e(k)} {v:.0f}" for k, v in r["spent"].items())
        strategy = e(r["strategy"] or "-")
        if spent:
            strategy += f"<br><span class='muted'>spent {spent}</span>"
        turns = f"{r['turns_mean']:.1f}" if r["turns_mean"] is not None else "-"
        never = "<br>".join(_cut(t) for t in dict.fromkeys(r["never_met"])) or "-"
        # Most games without a winner: the scenario's conditions do not decide it (flagged).
        undecided = str(r["no_winner"])
        if r["games"] and r["no_winner"] * 2 > r["games"]:
            undecided = f"<span class='bad' title='most games had no winner'>{undecided}</span>"
        n_err = len(r["errors"])
        err = f"<span class='bad'>{n_err}</span>" if n_err else "0"
        lopsided = "<br><span class='bad'>lopsided</span>" if r["lopsided"] else ""
        title = e(r["title"] or r["scenario"])
        body.append(
            f"<tr><td>{title}<br><span class='muted'>{e(r['scenario'])}</span></td>"
            f"<td>{strategy}</td><td class='num'>{r['games']}/{r['requested']}</td>"
            f"<td>{rates}{lopsided}</td><td>{plot}</td><td class='num'>{undecided}</td>"
            f"<td class='num'>{turns}</td><td>{never}</td><td class='num'>{err}</td></tr>"
        )
    tail = ["</table>"]
    failing = [r for r in rows if r["errors"] or r["problem"]]
    if failing:
        tail.append("<h2>Engine errors and problems</h2>")
        for r in failing:
            what = f"{r['scenario']} ({r['strategy'] or 'no purchase'})"
            tail.append(f"<h3>{e(what)}</h3><ul>")
            if r["status"] == "invalid":
                tail.append(f"<li>{e(r['problem'] or '')}</li>")
            shown = r["errors"][:5]
            for x in shown:
                seed = f"seed {x['seed']}: " if x["seed"] is not None else ""
                replay = ""
                if x["replay_file"]:
                    replay = f"<br>replay: <code>{e(x['replay_file'])}</code>"
                tail.append(
                    f"<li>{seed}{e(x['error'])}{replay}<br>again: <code>{e(x['again'])}</code></li>"
                )
            if len(r["errors"]) > len(shown):
                tail.append(f"<li>&hellip; and {len(r['errors']) - len(shown)} more</li>")
            tail.append("</ul>")
    tail.append("</body></html>")
    return "\n".join(head + body + tail) + "\n"


def _legend() -> str:
    names = ("first side", "second side", "third side", "fourth side")
    return ", ".join(
        f"<span style='color:{c}'>&#9679; {n}</span>"
        for c, n in zip(SIDE_COLOURS, names, strict=True)
    )


# --- the command ---------------------------------------------------------------------------------


def cmd_sweep(args: argparse.Namespace) -> int:
    from editor.cli.balance import where_text
    from rules.bots.balance import (
        ClusterUnavailableError,
        GameSpec,
        batch_executor,
        run_batch,
        summarize,
    )
    from rules.bots.base import BOT_NAMES
    from rules.pointbuy.purchase import STRATEGIES

    bots = [b.strip() for b in args.bots.split(",")]
    if any(b not in BOT_NAMES for b in bots):
        print(f"--bots: each one of {', '.join(BOT_NAMES)}, not '{args.bots}'", file=sys.stderr)
        return 2
    names = list(STRATEGIES) if args.strategies == "all" else args.strategies.split(",")
    strategies = [s.strip() for s in names if s.strip()]
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown or not strategies:
        print(
            f"--strategies: 'all' or some of {', '.join(STRATEGIES)}, not '{args.strategies}'",
            file=sys.stderr,
        )
        return 2
    if not args.json and not args.html:
        print("give --json OUT and/or --html OUT: where the report goes", file=sys.stderr)
        return 2
    args.bot_list, args.strategy_list = bots, strategies
    files = scenario_files(args.paths)
    missing = [str(f) for f in files if not f.exists()]
    if missing:
        print(f"no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    say(f"sweep: checking {len(files)} scenario file(s)")
    try:
        rows = plan(files, strategies, args.seed_from, bots)
        if args.resume:
            rows, taken = resumed(rows, args.resume, args)
            say(f"sweep: {taken} finished row(s) taken from {args.resume}")
    except (ValueError, OSError) as exc:
        print(exc, file=sys.stderr)
        return 2
    jobs = args.jobs or os.cpu_count() or 1
    where = where_text(args, jobs)
    errors_dir = Path(args.errors) if args.errors else _errors_dir(args)
    start = time.perf_counter()

    def write() -> None:
        from model.yamlio import atomic_write_text

        data = sweep_data(rows, args, where, time.perf_counter() - start)
        if args.json:
            atomic_write_text(Path(args.json), json.dumps(data, indent=2) + "\n")
        if args.html:
            atomic_write_text(Path(args.html), sweep_html(data))

    playing = [r for r in rows if r.status == "pending"]
    specs: list[GameSpec] = []
    owner: dict[tuple[str, str, int], Row] = {}
    for row in playing:
        for i in range(args.games):
            seed = args.seed_from + i
            specs.append(GameSpec(row.scenario, seed, row.bots, row.buy, row.text))
            owner[row.scenario, row.buy, seed] = row
    refused = [r for r in rows if r.status in ("unplayable", "invalid")]
    for row in refused:
        say(f"  {row.scenario} ({row.strategy or '-'}): {row.status}: {row.problem}")
    say(
        f"sweep: {len(playing)} row(s) to play, {len(specs)} games on {where}"
        f" ({len(refused)} row(s) not playable)"
    )
    write()
    done_rows = 0

    def on_result(result: Any, done: int, total: int) -> None:
        nonlocal done_rows
        row = owner[result.scenario, result.buy, result.seed]
        row.results.append(result)
        if len(row.results) < args.games:
            return
        files = _write_replays(row, errors_dir)
        seconds = sum(r.seconds for r in row.results)
        row.report = summarize(row.scenario, row.results, args.games, seconds, files, row.text)
        row.status = "done"
        done_rows += 1
        rates = ", ".join(f"{s.side} {s.rate:.0%}" for s in row.report.sides)
        failed = len(row.report.errors)
        say(
            f"[{done}/{total} games, {time.perf_counter() - start:.0f} s] "
            f"{row.scenario} ({row.strategy or '-'}): {rates}"
            + (f", {failed} engine error(s)" if failed else "")
        )
        write()

    try:
        with batch_executor(jobs, args.cluster, args.scheduler) as pool:
            run_batch(specs, pool, on_result)
    except (ClusterUnavailableError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    write()
    failed = sum(len(row_data(r, args.games)["errors"]) for r in rows)
    say(
        f"sweep: {done_rows} row(s) played in {time.perf_counter() - start:.0f} s; "
        f"{failed} engine error(s); report: {', '.join(filter(None, [args.json, args.html]))}"
    )
    return 1 if failed or any(r.status == "invalid" for r in rows) else 0


def _errors_dir(args: argparse.Namespace) -> Path:
    out = Path(args.json or args.html)
    return out.with_name(f"{out.stem}-errors")


def _write_replays(row: Row, folder: Path) -> dict[int, str]:
    from model.yamlio import atomic_write_text

    files: dict[int, str] = {}
    for r in row.results:
        if r.error is not None and r.replay is not None:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{row.scenario_id}-{row.buy}-seed-{r.seed}.replay.json"
            atomic_write_text(path, r.replay)
            files[r.seed] = str(path)
    return files
