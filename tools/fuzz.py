"""The seeded fuzz campaign: many random games of each system, every promise checked, each
game's result appended to a JSON Lines file so that a long run resumes where it stopped
(issue 21, "Fuzzing every system").

``python -m tools.fuzz --games 10000 --out build/fuzz`` plays 10,000 games of each system
(``--system armor`` for one), game ``i`` on the system's built-in scenario ``i mod n`` with
seed ``seed_from + i``; forces a scenario leaves to a purchase are bought by the purchase bot's
``random`` strategy with the game's seed. ``--report build/fuzz`` sums up what was played.

Every game, by the random bot on each side:

- after every action the system's invariants hold (:attr:`rules.registry.SystemRules.invariants`)
  and, while the game is not over, some side may act;
- at one step in :data:`SAMPLE` (chosen by the game's seed), up to three of the acting side's
  listed actions other than the one chosen apply to clones without an error, and a clone has
  its original's fingerprint and plays the chosen action on to the same fingerprint;
- it ends (in fewer than :data:`MAX_ACTIONS` actions) with an outcome;
- at those steps and at its end, its position file's text, read back (forces bought again as
  the file says), is the same position (position fingerprint, dice included);
- its replay, written and read back, plays the same game (on a game made afresh) to the same
  fingerprint at its end;
- one game in :data:`SAME_SEED` is played again from its seed, by new bots, to the same
  fingerprint (the bots as well as the engine are deterministic).

``--bots heuristic`` plays the same checks with the system's heuristic bot on one side (side
``seed mod 2``) against the random bot: it reaches what purposeful play reaches and random
play seldom does (a Panzer Command tank carrying infantry into a stack and dismounting them
there). Its results go to ``SYSTEM-heuristic.jsonl``.

The pytest fuzz files (tests/test_fuzz_campaign.py and each system's own) run a slice in CI.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import os
import random
import resource
import sys
import time
import traceback
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
#: The built-in scenarios of each system, by the system's id.
FOLDERS = {
    "panzer44": "panzer44",
    "armor": "armor",
    "soldiers": "soldiers",
    "panzer-command": "panzer-command",
}
#: One step in this many gets the clone and listed-action checks.
SAMPLE = 17
#: One game in this many is played again from its seed.
SAME_SEED = 10
#: No built-in scenario's random game is longer; a longer one is stuck.
MAX_ACTIONS = 20_000
#: The seed of game 0 (the pytest fuzz files use smaller seeds: the campaign plays others).
SEED_FROM = 100_000
#: Who plays: ``random`` on both sides, or ``heuristic`` on side ``seed mod 2``.
BOTS = ("random", "heuristic")


@dataclass(frozen=True)
class Result:
    """One game: where and how it was played and what was found (``failure`` None: none)."""

    system: str
    scenario: str
    seed: int
    actions: int
    seconds: float
    max_rss_mb: float
    failure: str | None = None
    detail: str = ""
    bots: str = "random"

    def line(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


class PromiseError(Exception):
    """A promise the game broke: ``kind`` (invariant, stuck, clone, replay, same-seed...)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def scenarios_of(system: str) -> list[Path]:
    """The system's built-in scenario files, in a stable order."""
    return sorted((SCENARIOS / FOLDERS[system]).glob("*.yaml"))


@functools.lru_cache(maxsize=64)
def _loaded(path: Path) -> object:
    from model.scenario_io import load_scenario

    return load_scenario(path)


@functools.lru_cache(maxsize=32)
def _fixed_game(path: Path) -> object:
    """The game of a scenario whose forces are all given (made once, played many times)."""
    from rules.pointbuy.purchase import game_for

    return game_for(_loaded(path))  # type: ignore[arg-type]


def _game(path: Path, seed: int) -> object:
    from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase

    loaded = _loaded(path)
    sides = needs_purchase(loaded.scenario)  # type: ignore[attr-defined]
    if not sides:
        return _fixed_game(path)
    return game_for(loaded, {s: PurchaseChoice("random", seed) for s in sides})  # type: ignore[arg-type]


def check_position(state: object, path: Path) -> None:
    """The state written as a position file's text and read back is the same position."""
    from model.yamlio import read_yaml_text
    from rules.records.position import position_of, position_text, read_position

    text = position_text(position_of(state, str(path)))  # type: ignore[arg-type]
    _, back = read_position(read_yaml_text(text, "position.yaml"), _loaded(path))  # type: ignore[arg-type]
    if back.position_fingerprint() != state.position_fingerprint():  # type: ignore[attr-defined]
        done = len(state.history)  # type: ignore[attr-defined]
        raise PromiseError("position", f"its position after {done} actions reads back otherwise")


def _play(
    game: object, seed: int, checked: bool, bots: str = "random", path: Path | None = None
) -> object:
    """A game from ``seed`` to its end, by the random bot (``bots`` ``heuristic``: the
    heuristic bot on side ``seed mod 2``); with ``checked``, every promise above."""
    from rules.bots.base import make_bot
    from rules.registry import rules_for

    state = game.new_initial_state(seed)  # type: ignore[attr-defined]
    invariants = rules_for(state.game.system).invariants if checked else None
    by_side = {
        side: make_bot(bots if bots != "random" and i == seed % 2 else "random", seed * 10 + i)
        for i, side in enumerate(state.game.sides)
    }
    rng = random.Random(seed)
    while not state.is_terminal():
        done = len(state.history)
        if done >= MAX_ACTIONS:
            raise PromiseError("stuck", f"not over after {done} actions")
        acting = state.to_act()
        if not acting:
            raise PromiseError("nobody-acts", f"not over, yet nobody may act after {done} actions")
        side = acting[0]
        sampled = checked and rng.random() < 1 / SAMPLE
        if sampled:
            listed = state.legal_actions(side)
            for other in rng.sample(listed, min(3, len(listed))):
                try:
                    state.clone().apply(other)
                except Exception as e:  # a listed action must apply
                    why = f"'{other.text()}' is listed but: {e}"
                    raise PromiseError("listed-action", why) from e
        action = by_side[side].choose(state, side)
        if sampled:
            twin = state.clone()
            if twin.fingerprint() != state.fingerprint():
                raise PromiseError("clone", f"a clone differs before '{action.text()}'")
            twin.apply(action)
            state.apply(action)
            if twin.fingerprint() != state.fingerprint():
                raise PromiseError("clone", f"a clone plays '{action.text()}' on differently")
            if path is not None:
                check_position(state, path)
        else:
            state.apply(action)
        if invariants is not None:
            wrong = invariants(state)
            if wrong:
                raise PromiseError("invariant", f"after '{action.text()}' ({done + 1}): {wrong}")
    if state.outcome() is None:
        raise PromiseError("no-outcome", "the game is over without an outcome")
    return state


def play_game(system: str, path: Path, seed: int, bots: str = "random") -> Result:
    """One fuzz game with every check; never raises (what went wrong is in the result)."""
    from rules.records.replay import Replay, replay

    start = time.perf_counter()
    actions = 0
    failure: str | None = None
    detail = ""
    try:
        game = _game(path, seed)
        state = _play(game, seed, checked=True, bots=bots, path=path)
        check_position(state, path)
        actions = len(state.history)  # type: ignore[attr-defined]
        record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())  # type: ignore[arg-type]
        # set up by the replay's own reading (scenario, rules version, purchases, seed), then
        # played on: only the end's fingerprint is compared (not one after every action)
        again = replay(record, loaded=_loaded(path), stop_after=0).state  # type: ignore[arg-type]
        for text in record.actions:
            again.apply(text)
        if again.fingerprint() != state.fingerprint():  # type: ignore[attr-defined]
            raise PromiseError("replay", "the replay ends on another fingerprint")
        if seed % SAME_SEED == 0:
            twin = _play(_game(path, seed), seed, checked=False, bots=bots)
            if twin.fingerprint() != state.fingerprint():  # type: ignore[attr-defined]
                raise PromiseError("same-seed", "the same seed played again ends elsewhere")
    except PromiseError as e:
        failure, detail = e.kind, e.detail
    except Exception as e:
        failure = "exception"
        detail = "".join(traceback.format_exception(e)[-6:])
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
    return Result(
        system,
        path.name,
        seed,
        actions,
        round(time.perf_counter() - start, 3),
        round(rss, 1),
        failure,
        detail,
        bots,
    )


def _task(args: tuple[str, str, int, str]) -> str:
    system, path, seed, bots = args
    return play_game(system, Path(path), seed, bots).line()


def plan(
    system: str, games: int, seed_from: int = SEED_FROM, bots: str = "random", first: int = 0
) -> list[tuple[str, str, int, str]]:
    """The campaign's games for a system: (system, scenario path, seed, bots), game ``i`` on
    scenario ``i mod n``, for ``i`` from ``first`` to ``games - 1``."""
    paths = scenarios_of(system)
    return [(system, str(paths[i % len(paths)]), seed_from + i, bots) for i in range(first, games)]


def done_in(out: Path) -> set[tuple[str, int]]:
    """The (system, seed) pairs a results file already holds."""
    if not out.exists():
        return set()
    found = set()
    for line in out.read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line)
            found.add((r["system"], r["seed"]))
        except (ValueError, KeyError, TypeError):
            continue  # a line cut by a kill: the game is played again
    return found


def run(
    system: str,
    games: int,
    out: Path,
    jobs: int = 1,
    seed_from: int = SEED_FROM,
    bots: str = "random",
    first: int = 0,
) -> Iterator[Result]:
    """Play the system's campaign from game ``first``, skipping the games ``out`` holds; append
    each result."""
    done = done_in(out)
    todo = [t for t in plan(system, games, seed_from, bots, first) if (t[0], t[2]) not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    cut = out.exists() and out.stat().st_size > 0 and not out.read_bytes().endswith(b"\n")
    with out.open("a", encoding="utf-8") as f:
        if cut:  # a line cut by a kill ends here, not glued to the next result
            f.write("\n")
        lines: Iterable[str]
        if jobs <= 1:
            lines = (_task(t) for t in todo)
            for line in lines:
                f.write(line + "\n")
                f.flush()
                yield Result(**json.loads(line))
            return
        # a fresh worker every 200 games: no cache grows through a long campaign
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs, maxtasksperchild=200) as pool:
            for line in pool.imap_unordered(_task, todo, chunksize=1):
                f.write(line + "\n")
                f.flush()
                yield Result(**json.loads(line))


def results(paths: Iterable[Path]) -> dict[str, list[dict[str, object]]]:
    """The results the files hold, by system (a line cut by a kill is left out)."""
    rows: dict[str, list[dict[str, object]]] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            bots = r.get("bots", "random")
            rows.setdefault(r["system"] + ("" if bots == "random" else f" ({bots})"), []).append(r)
    return rows


def summary(rows: dict[str, list[dict[str, object]]]) -> list[str]:
    """Per system: games, failures, actions, time and memory; then each failure."""
    width = max([15, *map(len, rows)])
    lines = [
        f"{'system':{width}} {'games':>6} {'failed':>6} {'actions':>8} {'mean s':>7} "
        f"{'worst s':>8} {'max RSS MB':>10}"
    ]
    failures: list[str] = []
    for system, found in sorted(rows.items()):
        bad = [r for r in found if r["failure"]]
        secs = [float(r["seconds"]) for r in found]  # type: ignore[arg-type]
        lines.append(
            f"{system:{width}} {len(found):>6} {len(bad):>6} "
            f"{sum(int(r['actions']) for r in found):>8} "  # type: ignore[call-overload]
            f"{sum(secs) / len(secs):>7.2f} {max(secs):>8.2f} "
            f"{max(float(r['max_rss_mb']) for r in found):>10.0f}"  # type: ignore[arg-type]
        )
        for r in bad:
            failures.append(f"{system} {r['scenario']} seed {r['seed']}: {r['failure']}")
            failures.append("    " + str(r["detail"]).strip().replace("\n", "\n    "))
    return lines + (["", "failures:", *failures] if failures else ["", "no failures"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.fuzz", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--system", action="append", choices=sorted(FOLDERS))
    parser.add_argument("--games", type=int, default=1000, help="games per system (1000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seed-from", type=int, default=SEED_FROM)
    parser.add_argument(
        "--from-game",
        type=int,
        default=0,
        help="play games N to --games - 1 only (the same seeds and scenarios as a whole run)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "fuzz", help="a folder")
    parser.add_argument(
        "--bots", choices=BOTS, default="random", help="heuristic: on one side (random)"
    )
    parser.add_argument("--report", action="store_true", help="sum up --out and stop")
    args = parser.parse_args(argv)
    systems = args.system or sorted(FOLDERS)
    suffix = "" if args.bots == "random" else f"-{args.bots}"
    files = [args.out / f"{s}{suffix}.jsonl" for s in systems]
    if not args.report:
        if not 1 <= args.jobs <= 64 or args.games < 0:
            parser.error("--jobs must be 1 to 64 and --games not negative")
        if not 0 <= args.from_game <= args.games:
            parser.error("--from-game must be 0 to --games")
        for system, out in zip(systems, files, strict=True):
            start = time.perf_counter()
            games = run(
                system, args.games, out, args.jobs, args.seed_from, args.bots, args.from_game
            )
            for n, r in enumerate(games, 1):
                if r.failure:
                    print(f"{system} {r.scenario} seed {r.seed}: {r.failure}", flush=True)
                if n % 100 == 0:
                    print(
                        f"{system}: {n} more games, {time.perf_counter() - start:.0f} s", flush=True
                    )
    rows = results(f for f in files if f.exists())
    print("\n".join(summary(rows)))
    return 1 if any(r["failure"] for found in rows.values() for r in found) else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader went away (``--report | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
