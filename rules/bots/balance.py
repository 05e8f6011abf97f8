"""Balance: many auto-played games of one scenario, and what they say about it.

A batch is a list of :class:`GameSpec` (scenario file, seed, one bot per side) run through any
:class:`concurrent.futures.Executor`: a ``ProcessPoolExecutor`` on one machine, or a cluster's
executor (Dask's ``Client.get_executor()``) for a large sweep, without changing this module.
:func:`play_game` is a plain top-level function of picklable values, so every executor can ship
it; each worker process loads a scenario once and keeps it for the games that follow.

Each game is the same as ``hexwright play FILE --bots A,B --seed N``: the bots are seeded the
same way (:func:`bot_seed`), so any game of a batch, and every engine error it hits, can be
played again from its seed alone; a failed game also carries the replay of its actions up to the
failure.
"""

from __future__ import annotations

import math
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.engine.core import Game, State
from rules.records.replay import Replay
from rules.registry import load_game

__all__ = [
    "BalanceReport",
    "GameResult",
    "GameSpec",
    "bot_seed",
    "play_game",
    "run_batch",
    "specs_for",
    "summarize",
    "wilson_interval",
]

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


@dataclass(frozen=True)
class GameSpec:
    """One game to play: the scenario file, the dice seed and the bot of each side (in the
    scenario's side order)."""

    scenario: str
    seed: int
    bots: tuple[str, ...]


@dataclass(frozen=True)
class GameResult:
    """How one game went. ``error`` is set when the engine or a bot raised: then ``replay`` is
    the game's replay up to the failure and ``failed_action`` the action that raised, if any."""

    seed: int
    bots: tuple[str, ...]
    winner: str | None = None
    reason: str = ""
    vp: Mapping[str, float] = field(default_factory=dict)
    met: tuple[int, ...] = ()
    unevaluated: int = 0
    actions: int = 0
    turns: int | None = None
    seconds: float = 0.0
    fingerprint: str = ""  # the final state's, as ``hexwright play --json`` prints it
    error: str | None = None
    failed_action: str | None = None
    replay: str | None = None


def bot_seed(game_seed: int, side_index: int) -> int:
    """The seed of a side's bot in the game with ``game_seed`` (as ``hexwright play`` does)."""
    return game_seed * 10 + side_index + 1


def specs_for(
    scenario: str | Path, games: int, bots: Sequence[str], first_seed: int = 1
) -> list[GameSpec]:
    """``games`` games of a scenario with consecutive seeds from ``first_seed``."""
    return [GameSpec(str(scenario), first_seed + i, tuple(bots)) for i in range(games)]


# --- one game (runs in a worker) -------------------------------------------------------------

_games: dict[str, Game] = {}  # per worker process: scenario file -> its game


def _game(path: str) -> Game:
    game = _games.get(path)
    if game is None:
        game = _games[path] = load_game(load_scenario(path))
    return game


class _Recording:
    """Wraps a bot to remember the action it chose last (the one that raised, on failure)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.last: str | None = None

    def choose(self, state: State, side: str) -> Any:
        self.last = None
        action = self.bot.choose(state, side)
        self.last = action.text()
        return action


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to its end; engine errors are caught and returned, never raised."""
    start = time.perf_counter()
    state: State | None = None
    recorders: dict[str, _Recording] = {}
    try:
        game = _game(spec.scenario)
        if len(spec.bots) != len(game.sides):
            raise ValueError(f"give one bot per side ({', '.join(game.sides)})")
        recorders = {
            side: _Recording(make_bot(name, bot_seed(spec.seed, i)))
            for i, (side, name) in enumerate(zip(game.sides, spec.bots, strict=True))
        }
        state = game.new_initial_state(spec.seed)
        actions = play(state, recorders)
        outcome = state.outcome()
        assert outcome is not None  # play() returns only when the game is over
        return GameResult(
            spec.seed,
            spec.bots,
            outcome.winner,
            outcome.reason,
            dict(outcome.vp),
            outcome.met,
            len(outcome.unevaluated),
            actions,
            state.progress().turn,
            time.perf_counter() - start,
            state.fingerprint(),
        )
    except Exception as exc:  # an engine error is a finding of the batch, not its end
        where = traceback.extract_tb(exc.__traceback__)[-1]
        message = f"{type(exc).__name__}: {exc} (at {Path(where.filename).name}:{where.lineno})"
        failed = next((r.last for r in recorders.values() if r.last is not None), None)
        replay = None
        if state is not None:
            replay = Replay.of(state, with_fingerprints=False).to_text()
        return GameResult(
            spec.seed,
            spec.bots,
            actions=len(state.history) if state is not None else 0,
            seconds=time.perf_counter() - start,
            error=message,
            failed_action=failed,
            replay=replay,
        )


# --- a batch ---------------------------------------------------------------------------------


def run_batch(
    specs: Sequence[GameSpec],
    executor: Executor,
    on_result: Callable[[GameResult, int, int], None] | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    window: int = 0,
) -> list[GameResult]:
    """Play the games on ``executor``; results in the order they finish.

    At most ``window`` games are submitted ahead (default 64, fewer for a small batch), so that
    cancelling stops soon: once ``cancelled()`` is true, games not yet submitted or started are
    dropped and the results so far are returned. ``on_result(result, done, total)``
    is called in the caller's thread as each game finishes.
    """
    total = len(specs)
    ahead = window or max(8, min(total, 64))
    pending: set[Future[GameResult]] = set()
    results: list[GameResult] = []
    queue = iter(specs)

    def top_up() -> None:
        while len(pending) < ahead and not cancelled():
            spec = next(queue, None)
            if spec is None:
                return
            pending.add(executor.submit(play_game, spec))

    top_up()
    while pending:
        done, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
        for future in done:
            pending.discard(future)
            result = future.result()
            results.append(result)
            if on_result is not None:
                on_result(result, len(results), total)
        if cancelled():
            for future in pending:
                future.cancel()
            finished = [f for f in pending if f.done() and not f.cancelled()]
            results.extend(f.result() for f in finished)
            return results
        top_up()
    return results


# --- the report ------------------------------------------------------------------------------


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) with no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class SideRecord:
    side: str
    bot: str
    wins: int
    rate: float
    low: float
    high: float
    vp: tuple[float, ...]  # each finished game's points, in seed order


@dataclass(frozen=True)
class ConditionRecord:
    index: int
    text: str
    met: int


@dataclass(frozen=True)
class ErrorRecord:
    seed: int
    error: str
    failed_action: str | None
    replay_file: str | None
    again: str  # the command that plays the game again


@dataclass(frozen=True)
class BalanceReport:
    """What a batch says: win rates with their 95% intervals, points, length, conditions, errors."""

    scenario: str
    scenario_id: str
    title: str
    games: int  # games played to their end
    requested: int
    sides: tuple[SideRecord, ...]
    no_winner: int
    actions_mean: float
    turns: Mapping[int, int]  # game length in turns -> games
    conditions: tuple[ConditionRecord, ...]
    unevaluated_games: int
    errors: tuple[ErrorRecord, ...]
    seconds: float

    def lopsided(self, threshold: float = 0.5) -> str | None:
        """Why the batch finds the scenario lopsided, or None: a side whose 95% interval for
        its win rate lies wholly above ``threshold``."""
        for s in self.sides:
            if self.games and s.low > threshold:
                return f"{s.side} wins {s.rate:.0%} (95% CI {s.low:.0%}-{s.high:.0%})"
        return None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["turns"] = {str(k): v for k, v in self.turns.items()}
        data["lopsided"] = self.lopsided()
        return data


def summarize(
    scenario: str,
    results: Iterable[GameResult],
    requested: int,
    seconds: float,
    replay_files: Mapping[int, str] | None = None,
) -> BalanceReport:
    """The report of a batch's results (any order; sorted by seed here)."""
    loaded = load_scenario(scenario)
    sc = loaded.scenario
    ordered = sorted(results, key=lambda r: r.seed)
    finished = [r for r in ordered if r.error is None]
    n = len(finished)
    bots = finished[0].bots if finished else (ordered[0].bots if ordered else ())
    sides = []
    for i, side in enumerate(sc.sides):
        wins = sum(1 for r in finished if r.winner == side.id)
        low, high = wilson_interval(wins, n)
        sides.append(
            SideRecord(
                side.id,
                bots[i] if i < len(bots) else "?",
                wins,
                wins / n if n else 0.0,
                low,
                high,
                tuple(float(r.vp.get(side.id, 0.0)) for r in finished),
            )
        )
    turns: dict[int, int] = {}
    for r in finished:
        if r.turns is not None:
            turns[r.turns] = turns.get(r.turns, 0) + 1
    conditions = tuple(
        ConditionRecord(i, _condition_text(c), sum(1 for r in finished if i in r.met))
        for i, c in enumerate(sc.victory.conditions)
    )
    files = replay_files or {}
    errors = tuple(
        ErrorRecord(
            r.seed,
            r.error or "",
            r.failed_action,
            files.get(r.seed),
            f"hexwright play {scenario} --bots {','.join(r.bots)} --seed {r.seed}",
        )
        for r in ordered
        if r.error is not None
    )
    return BalanceReport(
        scenario,
        sc.id,
        sc.title,
        n,
        requested,
        tuple(sides),
        sum(1 for r in finished if r.winner is None),
        sum(r.actions for r in finished) / n if n else 0.0,
        dict(sorted(turns.items())),
        conditions,
        sum(1 for r in finished if r.unevaluated),
        errors,
        seconds,
    )


def _condition_text(cond: Any) -> str:
    kind = getattr(cond, "kind", "?")
    side = getattr(cond, "side", None)
    note = getattr(cond, "note", "") or getattr(cond, "text", "")
    text = f"{kind} for {side}" if side else kind
    return f"{text}: {note}" if note else text
