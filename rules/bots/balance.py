"""Balance: many auto-played games of one scenario, and what they say about it.

A batch is a list of :class:`GameSpec` (the scenario's text and file, seed, one bot per side,
purchase strategy) run through any :class:`concurrent.futures.Executor`: a
``ProcessPoolExecutor`` on one machine, or a cluster's executor (Dask's
``Client.get_executor(pure=False)``, :func:`cluster_executor`) for a large sweep, without changing
this module. :func:`play_game` is a plain top-level function of picklable values, so every
executor can ship it.

A spec carries the scenario's *text*, not only its path: a worker on another machine cannot read
the designer's file, and a worker that keeps a scenario between games must notice that the file
changed. Each worker process keeps the scenario it parsed (and, for a scenario without point-buy
sides, its game) keyed by the SHA-256 of that text, so an edited file is a new scenario and an
unchanged one is parsed once per worker.

Each game is the same as ``hexwright play FILE --bots A,B --seed N --buy STRATEGY``: the bots are
seeded the same way (:func:`bot_seed`) and each point-buy side buys its force with the game's
seed (:func:`rules.pointbuy.purchase.game_for`), so every game of a batch buys its own force, and
any game, and every engine error it hits, can be played again from its seed alone; a failed game
also carries the replay of its actions up to the failure.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import math
import socket
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

from model.limits import MAX_JOBS
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.bots.base import make_bot, play
from rules.engine.core import Game, State
from rules.pointbuy.purchase import game_for, needs_purchase, parse_choices
from rules.records.replay import Replay

__all__ = [
    "BalanceReport",
    "ClusterUnavailableError",
    "DaskCluster",
    "GameResult",
    "GameSpec",
    "batch_executor",
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
    """One game to play: the scenario file, the dice seed, the bot of each side (in the
    scenario's side order), how point-buy sides buy their forces (``--buy``: a strategy, whose
    seed is the game's) and the scenario's text.

    ``text`` is what the worker plays (``scenario`` names it in reports and replays); left
    out, the file is read here, where the spec is made, never in the worker.
    """

    scenario: str
    seed: int
    bots: tuple[str, ...]
    buy: str = "balanced"
    text: str = ""

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", Path(self.scenario).read_text(encoding="utf-8"))

    @property
    def digest(self) -> str:
        """The SHA-256 of the scenario's text: what a worker keeps its parse under."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def command(self) -> str:
        """The ``hexwright play`` command that plays this game again."""
        return f"hexwright play {self.scenario} {play_args(self.bots, self.seed, self.buy)}"


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
    buy: str = "balanced"
    #: What each point-buy side bought: (side, choice as ``--buy`` writes it, spent, budget).
    purchases: tuple[tuple[str, str, int, int], ...] = ()
    scenario: str = ""  # the spec's file, to tell the games of a sweep's scenarios apart


def play_args(bots: Sequence[str], seed: int, buy: str = "balanced") -> str:
    """The arguments of ``hexwright play`` after the file for one game of a batch."""
    again = f"--bots {','.join(bots)} --seed {seed}"
    return again if buy == "balanced" else f"{again} --buy {buy}"


def bot_seed(game_seed: int, side_index: int) -> int:
    """The seed of a side's bot in the game with ``game_seed`` (as ``hexwright play`` does)."""
    return game_seed * 10 + side_index + 1


def specs_for(
    scenario: str | Path,
    games: int,
    bots: Sequence[str],
    first_seed: int = 1,
    buy: str = "balanced",
    text: str | None = None,
) -> list[GameSpec]:
    """``games`` games of a scenario with consecutive seeds from ``first_seed``; the file is
    read once, here (or ``text`` is the scenario as it stands), and every spec carries it."""
    if text is None:
        text = Path(scenario).read_text(encoding="utf-8")
    return [GameSpec(str(scenario), first_seed + i, tuple(bots), buy, text) for i in range(games)]


# --- one game (runs in a worker) -------------------------------------------------------------

#: Per worker process, by the SHA-256 of the scenario's text: the parsed scenario, the sides
#: that buy their forces, and the game when no side buys (a bought game differs by seed).
_loaded: dict[str, tuple[LoadedScenario, tuple[str, ...]]] = {}
_games: dict[tuple[str, str], Game] = {}  # by (digest, how it buys): a sample force differs
CACHED = 8  # scenarios a worker keeps (a sweep plays many, one after another)


def _game(spec: GameSpec) -> Game:
    key = spec.digest
    game = _games.get((key, spec.buy))
    if game is not None:
        return game
    entry = _loaded.get(key)
    if entry is None:
        if len(_loaded) >= CACHED:  # the oldest first: a sweep does not come back to it
            oldest = next(iter(_loaded))
            del _loaded[oldest]
            for gone in [k for k in _games if k[0] == oldest]:
                del _games[gone]
        loaded = parse_scenario(spec.text, spec.scenario)
        entry = _loaded[key] = (loaded, needs_purchase(loaded.scenario))
    loaded, buying = entry
    game = game_for(loaded, parse_choices(spec.buy, loaded.scenario, spec.seed))
    if not buying:
        _games[key, spec.buy] = game
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
        game = _game(spec)
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
            buy=spec.buy,
            purchases=_purchases(game),
            scenario=spec.scenario,
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
            buy=spec.buy,
            purchases=_purchases(state.game) if state is not None else (),
            scenario=spec.scenario,
        )


def _purchases(game: Game) -> tuple[tuple[str, str, int, int], ...]:
    return tuple((b.side, b.choice.text(), b.spent, b.budget) for b in game.purchases)


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
    _warm_before_fork(executor, specs)
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


def _warm_before_fork(executor: Executor, specs: Sequence[GameSpec]) -> None:
    """Make the batch's first game here, once, when the pool's workers are yet to be forked
    from this process: each worker then starts with the scenario read and checked, its game
    made, a first position set up and the system's rules imported, instead of doing all that
    again in every worker (speed issue 20: a fresh worker's first game took 0.36 s against
    0.09 s for the next ones, Panzer '44 19.2, random bots; balance on two workers fell short
    of 1.8x one worker's speed by that). Only a local pool that forks (Linux's default) shares
    it; a spawned pool or a cluster's workers are left as they are."""
    context = getattr(executor, "_mp_context", None)
    if not specs or context is None or context.get_start_method() != "fork":
        return
    if getattr(executor, "_processes", None):  # its workers are running: too late to share
        return
    spec = specs[0]
    with contextlib.suppress(Exception):  # a worker meets the same error and reports it
        _game(spec).new_initial_state(spec.seed)


# --- where the games run --------------------------------------------------------------------

INSTALL_CLUSTER = "pip install 'hexwright[cluster]'  (or: pip install 'dask[distributed]')"


class ClusterUnavailableError(RuntimeError):
    """Dask is not installed, or the scheduler cannot be reached (the message says what to do)."""


def parse_cluster(text: str) -> int:
    """The workers of ``--cluster local:K``.

    Raises:
        ValueError: not ``local:`` and a positive whole number.
    """
    head, _, count = text.partition(":")
    if head != "local" or not count.isdigit() or int(count) < 1:
        raise ValueError(f"--cluster: write local:K with K worker processes, not '{text}'")
    return int(count)


class DaskCluster:
    """A connection to a Dask cluster, kept for as many batches as wanted: a local cluster of
    ``workers`` processes started here, or the cluster whose scheduler is at ``scheduler``
    (``tcp://HOST:PORT``). Dask is optional (the ``cluster`` extra). A remote cluster's workers
    must have the same Hexwright installed (they import this module to play): each game brings
    its scenario, not the code that plays it.

    Raises:
        ClusterUnavailableError: no Dask (the message says how to install it), or no scheduler.
    """

    def __init__(self, workers: int = 0, scheduler: str | None = None) -> None:
        try:  # untyped, and optional: as a module of unknown type
            dask: Any = importlib.import_module("distributed")
        except ImportError:
            raise ClusterUnavailableError(
                f"running on a Dask cluster needs Dask, which is not installed: {INSTALL_CLUSTER}"
            ) from None
        self.local: Any = None
        try:
            if scheduler is not None:
                # A Client that fails to connect leaves its event-loop thread running for
                # good (nothing can close it: its constructor raised); a scheduler that does
                # not answer is found out first, with no Client made.
                _answers(scheduler)
                self.client: Any = dask.Client(scheduler, timeout="10s")
            else:
                self.local = dask.LocalCluster(
                    n_workers=max(1, workers),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    silence_logs=40,  # logging.ERROR: a cancelled batch is not worth a warning
                )
                self.client = dask.Client(self.local)
        except OSError as exc:
            self.close()
            raise ClusterUnavailableError(f"no Dask scheduler at {scheduler}: {exc}") from None

    def executor(self) -> Executor:
        """An executor for one batch, for :func:`run_batch`.

        Its tasks are not *pure*: with Dask's default, a task's key is a hash of its function and
        arguments, so a game submitted again (the same batch run again) shares its key with the
        game of the run being cancelled, and the cancel of the old one cancels the new one too
        (``CancelledError``). Every submission is a task of its own.
        """
        return cast(Executor, self.client.get_executor(pure=False))

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.local is not None:
            self.local.close()

    def __enter__(self) -> DaskCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _answers(address: str, timeout: float = 10.0) -> None:
    """Raise OSError unless something accepts a connection at a ``tcp://HOST:PORT`` (or
    ``HOST:PORT``) scheduler address; other protocols are left to Dask."""
    rest = address.removeprefix("tcp://")
    if "://" in rest:
        return
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        return  # Dask says what is wrong with it
    with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
        pass


#: How often a worker looks whether the process that started it is still there.
ORPHAN_CHECK_SECONDS = 1.0


def watch_parent(nice: int = 0) -> None:
    """A worker's initializer: lower its priority by ``nice`` (the editor's own thread comes
    first) and end the worker when the process that started it is gone. Killing ``hexwright
    balance`` (even with ``kill -9``) left its workers blocked on a pipe for ever."""
    import os
    import threading
    import time

    if nice and hasattr(os, "nice"):
        os.nice(nice)
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(ORPHAN_CHECK_SECONDS)
            if os.getppid() != parent:  # adopted by init: the batch is gone
                os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


@contextlib.contextmanager
def batch_executor(
    jobs: int = 0,
    cluster: str | None = None,
    scheduler: str | None = None,
    **pool_options: Any,
) -> Iterator[Executor]:
    """Where a batch runs: ``jobs`` local worker processes (default one per core), a local Dask
    cluster of K worker processes (``cluster="local:K"``), or the Dask cluster whose scheduler
    is at ``scheduler`` (:class:`DaskCluster`); ``pool_options`` go to the process pool.

    Raises:
        ClusterUnavailableError: no Dask (the message says how to install it), or no scheduler.
        ValueError: a bad ``cluster``.
    """
    if cluster is None and scheduler is None:
        import os

        count = min(jobs or os.cpu_count() or 1, MAX_JOBS)
        options = {"initializer": watch_parent, **pool_options}
        with ProcessPoolExecutor(count, **options) as pool:
            yield pool
        return
    workers = parse_cluster(cluster) if cluster is not None else 0
    with DaskCluster(workers, scheduler) as dask:
        yield dask.executor()


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
    buy: str = "balanced"
    #: Each point-buy side's mean points spent over the games played to their end (none when no
    #: side buys its forces).
    spent: Mapping[str, float] = field(default_factory=dict)

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
    text: str | None = None,
) -> BalanceReport:
    """The report of a batch's results (any order; sorted by seed here). ``text`` is the
    scenario played, when the file ``scenario`` may no longer hold it."""
    loaded = load_scenario(scenario) if text is None else parse_scenario(text, scenario)
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
            f"hexwright play {scenario} {play_args(r.bots, r.seed, r.buy)}",
        )
        for r in ordered
        if r.error is not None
    )
    spent: dict[str, list[int]] = {}
    for r in finished:
        for bought_side, _, points, _ in r.purchases:
            spent.setdefault(bought_side, []).append(points)
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
        ordered[0].buy if ordered else "balanced",
        {side_id: sum(points) / len(points) for side_id, points in spent.items()},
    )


def _condition_text(cond: Any) -> str:
    kind = getattr(cond, "kind", "?")
    side = getattr(cond, "side", None)
    note = getattr(cond, "note", "") or getattr(cond, "text", "")
    text = f"{kind} for {side}" if side else kind
    return f"{text}: {note}" if note else text
