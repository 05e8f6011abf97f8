"""Tune: how a scenario's balance moves with its knobs, and settings that bring it to even
(issue 22; ``hexwright tune`` and the editor's Tune page call :func:`tune`).

For each chosen knob (:class:`rules.bots.knobs.KnobRange`) a *sensitivity* sweep plays a batch
at each value of a coarse grid (at most seven values, whole numbers; on/off knobs both), every
batch with the same bots and the same seeds (game ``i`` of every value has seed
``seed_from + i``), so a difference between values is the knob's, not the dice's.

The *suggestion* is searched one knob at a time and in pairs, coarse then fine: the sweeps are
the single knobs' coarse pass; around each knob's best coarse value the whole numbers between
its grid neighbours are measured (at most four); then every pair of knobs on a grid of at most
four values each, and around the best pair its 3 x 3 neighbourhood at half the grid's step.
Each of these four steps is one batch (all its settings' games together), so the workers do
not idle at the end of every setting.

A setting's *score* is how far the first side's result is from even: ``|s - 0.5|`` where ``s``
is its wins plus half its games without a winner (draws count half to each side), over the
games played to their end. The best setting has the lowest score; equal scores go to the
smallest *change* from the designer's scenario: the sum over the knobs of ``|value - current|``
divided by the width of the knob's range (an on/off knob turned is a change of 1).

Games are reused: every game is kept in a :class:`GameCache` under (SHA-256 of the scenario's
text after the knobs are applied, bots, seed, purchase strategy), so a setting the sweeps or
the coarse pass measured (or that writes the same scenario as another) is never played again;
the report counts games played and reused. The same scenario, knobs, bots, seeds and games
give the same report (bar its date and time taken), on any executor.
"""

from __future__ import annotations

import datetime
import hashlib
import itertools
import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from typing import Any

from model.scenario import Scenario
from model.scenario_io import dump_scenario, parse_scenario
from rules.bots.balance import Z95, GameResult, GameSpec, run_batch, wilson_interval
from rules.bots.knobs import KnobRange, KnobValue, apply, record_note

__all__ = [
    "GameCache",
    "KnobSweep",
    "Point",
    "TuneReport",
    "apply_suggestion",
    "grid",
    "suggestion_note",
    "tune",
]

#: The most values of a knob's coarse grid (its current value may make it one more).
COARSE = 7
#: The most values of each knob of a pair's grid.
PAIR_COARSE = 4
#: An interval wider than this (a share's 95% interval, in parts of one) holds 50% for almost
#: any share: the verdict then asks for more games (12 games give about 0.45).
WIDE = 0.3
#: The most values measured between a knob's best coarse value and its grid neighbours.
FINE = 4

Settings = tuple[tuple[str, KnobValue], ...]
CacheKey = tuple[str, tuple[str, ...], int, str]


class GameCache:
    """Games already played, by (scenario text digest, bots, seed, purchase strategy).

    Keep one across tune runs of the same scenario (the editor's Tune page does) to reuse
    their games too; :attr:`played` and :attr:`reused` count what it saw."""

    def __init__(self) -> None:
        self.games: dict[CacheKey, GameResult] = {}
        self.played = 0
        self.reused = 0

    def key(self, spec: GameSpec) -> CacheKey:
        return (spec.digest, spec.bots, spec.seed, spec.buy)


@dataclass(frozen=True)
class Point:
    """One measured setting: its knob values, the games behind it and how they went.

    ``score`` is the first side's distance from even (module docstring), ``low``/``high``
    the 95% Wilson interval of ``share`` (its wins plus half its draws, over ``games``);
    ``rates`` each side's win rate with its own interval. ``error`` is set when the settings
    made a scenario that cannot be loaded (no games then)."""

    settings: Settings
    games: int
    wins: tuple[int, ...]
    draws: int
    failed: int
    share: float
    low: float
    high: float
    score: float
    change: float
    rates: tuple[tuple[str, float, float, float], ...] = ()
    error: str | None = None

    def label(self) -> str:
        """The settings as ``id=value`` words (``as it is`` for none)."""
        return ", ".join(f"{k}={_word(v)}" for k, v in self.settings) or "as it is"


def _word(value: KnobValue) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


@dataclass(frozen=True)
class KnobSweep:
    """The sensitivity of one knob: a point per value of its grid, in the value's order."""

    knob: str
    title: str
    current: KnobValue
    low: int
    high: int
    points: tuple[Point, ...]


@dataclass(frozen=True)
class TuneReport:
    """What a tune run measured and what it suggests.

    ``complete`` is false when it was cancelled: then it holds what was measured so far.
    ``verdict`` says in words whether the suggestion reaches even (its interval holds 50%)
    or why not."""

    scenario: str
    scenario_id: str
    title: str
    sides: tuple[str, ...]
    bots: tuple[str, ...]
    buy: str
    games: int
    seeds: tuple[int, int]
    date: str
    baseline: Point | None
    sweeps: tuple[KnobSweep, ...]
    suggestion: Point | None
    measured: tuple[Point, ...]
    played: int
    reused: int
    complete: bool
    verdict: str
    seconds: float = 0.0
    scoring: str = "|first side's wins plus half the draws, over the games, - 50%|"
    change: str = "sum over knobs of |value - current| / (range high - range low); on/off: 1"
    #: The sides as the scenario names them, in the order of ``sides`` ("American" for "us").
    side_names: tuple[str, ...] = ()

    def first_side(self) -> str:
        """The first side as the scenario names it (its id when it has no name)."""
        return self.side_names[0] if self.side_names else self.sides[0]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def grid(low: int, high: int, kind: str, current: KnobValue, most: int = COARSE) -> list[int]:
    """A knob's coarse grid: both values of an on/off knob; else at most ``most`` whole
    numbers evenly from ``low`` to ``high`` (both in), plus the current value when in range."""
    if kind == "bool":
        return [0, 1]
    if high - low + 1 <= most:
        values = set(range(low, high + 1))
    else:
        values = {round(low + i * (high - low) / (most - 1)) for i in range(most)}
    if low <= int(current) <= high:
        values.add(int(current))
    return sorted(values)


def _value(kind: str, v: int) -> KnobValue:
    return bool(v) if kind == "bool" else v


# --- the run -------------------------------------------------------------------------------------


@dataclass
class _Run:
    """One tune run's inputs and what it has measured so far."""

    path: str
    text: str
    scenario: Scenario
    knobs: Mapping[str, KnobRange]
    games: int
    bots: tuple[str, ...]
    seed_from: int
    buy: str
    executor: Executor
    cache: GameCache
    progress: Callable[[int, int], None] | None
    cancelled: Callable[[], bool]
    reuse: bool = True
    total: int = 0
    done: int = 0
    played: int = 0
    reused: int = 0
    stopped: bool = False
    points: dict[Settings, Point] = field(default_factory=dict)
    texts: dict[str, tuple[str, str | None]] = field(default_factory=dict)

    def measure(self, wanted: Sequence[Mapping[str, int]]) -> list[Point]:
        """The points of the settings ``wanted`` (knob id -> grid value), playing only the
        games no earlier step played; fewer when cancelled."""
        todo = []
        for raw in wanted:
            settings = self.settings_of(raw)
            if settings not in self.points and settings not in todo:
                todo.append(settings)
        if self.stopped or self.cancelled():
            self.stopped = True
            return [self.points[s] for s in map(self.settings_of, wanted) if s in self.points]
        specs: list[GameSpec] = []
        per_setting: dict[Settings, tuple[str | None, list[GameSpec]]] = {}
        for settings in todo:
            text, error = self.text_of(settings)
            # The name tells the batch's results apart by setting (the same scenario text:
            # the same name, the same games).
            name = f"{self.path}#{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}"
            these = [
                GameSpec(name, self.seed_from + i, self.bots, self.buy, text)
                for i in range(self.games if error is None else 0)
            ]
            per_setting[settings] = (error, these)
            specs += these
        self._play(specs)
        for settings, (error, these) in per_setting.items():
            results = [self.cache.games.get(self.cache.key(s)) for s in these]
            if error is None and any(r is None for r in results):
                continue  # cancelled before all its games: not a point
            self.points[settings] = self.point(settings, [r for r in results if r], error)
        return [self.points[s] for s in map(self.settings_of, wanted) if s in self.points]

    def _play(self, specs: list[GameSpec]) -> None:
        fresh: list[GameSpec] = []
        wanted: set[CacheKey] = set()
        for spec in specs:
            key = self.cache.key(spec)
            if self.reuse and (key in self.cache.games or key in wanted):
                self.reused += 1
                self.cache.reused += 1
                self.tick()
            else:
                fresh.append(spec)
                wanted.add(key)

        def finished(result: GameResult, done: int, total: int) -> None:
            self.played += 1
            self.cache.played += 1
            self.tick()

        by_name = {(s.scenario, s.seed): self.cache.key(s) for s in fresh}
        if fresh:
            results = run_batch(fresh, self.executor, finished, self.cancelled)
            for r in results:
                self.cache.games[by_name[r.scenario, r.seed]] = r
        if self.cancelled():
            self.stopped = True

    def tick(self) -> None:
        self.done += 1
        self.total = max(self.total, self.done)
        if self.progress is not None:
            self.progress(self.done, self.total)

    def settings_of(self, raw: Mapping[str, int]) -> Settings:
        return tuple((k, _value(self.knobs[k].knob.kind, v)) for k, v in sorted(raw.items()))

    def text_of(self, settings: Settings) -> tuple[str, str | None]:
        """The scenario's text with ``settings`` applied, and why it cannot be played (or
        None); each spec's ``scenario`` names the setting, to find its results again."""
        key = repr(settings)
        if key not in self.texts:
            try:
                changed = apply(self.scenario, dict(settings))
                text = dump_scenario(changed, self.text)
                parse_scenario(text, self.path)  # the map and the references, once here
                self.texts[key] = (text, None)
            except Exception as exc:  # a setting the model refuses is a finding, not the end
                self.texts[key] = ("", f"{type(exc).__name__}: {exc}")
        return self.texts[key]

    def point(self, settings: Settings, results: list[GameResult], error: str | None) -> Point:
        finished = [r for r in results if r.error is None]
        n = len(finished)
        sides = tuple(s.id for s in self.scenario.sides)
        wins = tuple(sum(1 for r in finished if r.winner == s) for s in sides)
        draws = sum(1 for r in finished if r.winner not in sides)
        share = (wins[0] + draws / 2) / n if n else 0.5
        low, high = share_interval(wins[0] + draws / 2, n)
        rates = tuple(
            (s, w / n if n else 0.0, *wilson_interval(w, n))
            for s, w in zip(sides, wins, strict=True)
        )
        return Point(
            settings,
            n,
            wins,
            draws,
            len(results) - n,
            share,
            low,
            high,
            abs(share - 0.5) if n else 1.0,
            self.change(settings),
            rates,
            error,
        )

    def change(self, settings: Settings) -> float:
        total = 0.0
        for knob_id, value in settings:
            chosen = self.knobs[knob_id]
            current = int(chosen.knob.value)
            width = max(1, chosen.high - chosen.low)
            total += abs(int(value) - current) / (1 if chosen.knob.kind == "bool" else width)
        return round(total, 6)


def share_interval(share: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a share that counts draws as halves (``share`` successes of
    ``trials``); :func:`rules.bots.balance.wilson_interval` for whole successes."""
    if trials == 0:
        return 0.0, 1.0
    p = share / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _best(points: Sequence[Point]) -> Point | None:
    playable = [p for p in points if p.games]
    if not playable:
        return None
    return min(playable, key=lambda p: (round(p.score, 9), p.change, repr(p.settings)))


def _between(values: list[int], best: int, most: int = FINE) -> list[int]:
    """The whole numbers strictly between ``best``'s neighbours in ``values`` (at most
    ``most``, evenly), not in ``values``."""
    i = values.index(best)
    lo = values[i - 1] if i > 0 else best
    hi = values[i + 1] if i + 1 < len(values) else best
    inside = [v for v in range(lo + 1, hi) if v not in values]
    if len(inside) <= most:
        return inside
    return sorted({inside[round(j * (len(inside) - 1) / (most - 1))] for j in range(most)})


def _half_steps(values: list[int], best: int) -> list[int]:
    """``best`` and the whole numbers half way to its grid neighbours."""
    i = values.index(best)
    out = {best}
    if i > 0:
        out.add((best + values[i - 1]) // 2)
    if i + 1 < len(values):
        out.add(-((-best - values[i + 1]) // 2))
    return sorted(out)


def tune(
    path: str,
    text: str,
    knobs: Sequence[KnobRange],
    games: int,
    bots: Sequence[str],
    executor: Executor,
    *,
    seed_from: int = 1,
    buy: str = "balanced",
    pairs: bool = True,
    cache: GameCache | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] = lambda: False,
    today: str | None = None,
    reuse: bool = True,
) -> TuneReport:
    """Measure the scenario ``text`` (its file ``path``) against ``knobs`` and suggest the
    setting closest to even (module docstring).

    Args:
        path: the scenario's file, named in the report and the games' replays.
        text: the scenario's text as it stands (played; its knobs applied to it).
        knobs: the knobs that may move, each with its range (:func:`rules.bots.knobs.parse_knob`).
        games: games per setting; seeds ``seed_from`` to ``seed_from + games - 1``.
        bots: one bot name per side, in the scenario's side order.
        executor: where games run (:func:`rules.bots.balance.batch_executor`).
        buy: how point-buy sides buy their forces (``--buy``).
        pairs: also search the knobs two at a time.
        cache: games already played (kept by the caller across runs); a new one by default.
        progress: called with (games done, games planned) as games finish or are reused; the
            plan is an upper bound until the last call, where both are equal.
        cancelled: checked between games; once true the run stops soon and the report,
            marked incomplete, holds what was measured.
        today: the date the report and the note carry (ISO; default today, UTC).
        reuse: False plays every game a step asks for, even one already played (the
            benchmark's baseline: ``bench/tune_bench.py``).
    """
    start = time.perf_counter()
    scenario = parse_scenario(text, path).scenario
    chosen = {k.id: k for k in knobs}
    run = _Run(
        path, text, scenario, chosen, games, tuple(bots), seed_from, buy, executor,
        cache or GameCache(), progress, cancelled, reuse,
    )  # fmt: skip
    grids = {k.id: grid(k.low, k.high, k.knob.kind, k.knob.value) for k in knobs}
    run.total = games * _planned(grids, chosen, pairs)
    # Each step is one batch, so that the workers do not idle at the end of each setting.
    singles = {k.id: [{k.id: v} for v in grids[k.id]] for k in knobs}
    run.measure([{}, *itertools.chain.from_iterable(singles.values())])
    baseline = run.measure([{}])
    sweeps = [
        KnobSweep(k.id, k.knob.title, k.knob.value, k.low, k.high, tuple(points))
        for k in knobs
        for points in [run.measure(singles[k.id])]
    ]
    fine: list[dict[str, int]] = []
    for k in knobs:  # around each knob's best coarse value
        best = _best(run.measure(singles[k.id]))
        if best is not None and k.knob.kind == "int":
            fine += [{k.id: v} for v in _between(grids[k.id], int(best.settings[0][1]))]
    run.measure(fine)
    if pairs:
        couples = list(itertools.combinations(knobs, 2))
        coarse = {(a.id, b.id): _pair_grid(a, b) for a, b in couples}
        run.measure(list(itertools.chain.from_iterable(coarse.values())))
        run.measure([s for a, b in couples for s in _pair_fine(run, a, b, coarse[a.id, b.id])])
    if progress is not None and not run.stopped:
        progress(run.done, run.done)
    suggestion = _best(list(run.points.values()))
    return TuneReport(
        path,
        scenario.id,
        scenario.title,
        tuple(s.id for s in scenario.sides),
        tuple(bots),
        buy,
        games,
        (seed_from, seed_from + games - 1),
        today or datetime.datetime.now(datetime.UTC).date().isoformat(),
        baseline[0] if baseline else None,
        tuple(sweeps),
        suggestion,
        tuple(sorted(run.points.values(), key=lambda p: (round(p.score, 9), p.change))),
        run.played,
        run.reused,
        not run.stopped,
        _verdict(scenario, suggestion, not run.stopped),
        time.perf_counter() - start,
        side_names=tuple(s.name or s.id for s in scenario.sides),
    )


def _pair_grid(a: KnobRange, b: KnobRange) -> list[dict[str, int]]:
    """A pair's coarse grid: at most four values of each knob (and its current one)."""
    ga = grid(a.low, a.high, a.knob.kind, a.knob.value, PAIR_COARSE)
    gb = grid(b.low, b.high, b.knob.kind, b.knob.value, PAIR_COARSE)
    return [{a.id: x, b.id: y} for x in ga for y in gb]


def _pair_fine(
    run: _Run, a: KnobRange, b: KnobRange, coarse: list[dict[str, int]]
) -> list[dict[str, int]]:
    """The 3 x 3 neighbourhood of the pair's best coarse setting at half the grid's step."""
    best = _best(run.measure(coarse))
    if best is None:
        return []
    values = dict(best.settings)
    ga = sorted({s[a.id] for s in coarse})
    gb = sorted({s[b.id] for s in coarse})
    fa = _half_steps(ga, int(values[a.id])) if a.knob.kind == "int" else [int(values[a.id])]
    fb = _half_steps(gb, int(values[b.id])) if b.knob.kind == "int" else [int(values[b.id])]
    return [{a.id: x, b.id: y} for x in fa for y in fb]


def _planned(grids: Mapping[str, list[int]], chosen: Mapping[str, KnobRange], pairs: bool) -> int:
    """An upper bound on the settings a run measures (for the progress bar)."""
    total = 1 + sum(len(g) + FINE for g in grids.values())
    if pairs:
        for a, b in itertools.combinations(chosen.values(), 2):
            na = len(grid(a.low, a.high, a.knob.kind, a.knob.value, PAIR_COARSE))
            nb = len(grid(b.low, b.high, b.knob.kind, b.knob.value, PAIR_COARSE))
            total += na * nb + 9
    return total


def _verdict(scenario: Scenario, best: Point | None, complete: bool) -> str:
    # The side as the scenario names it ("American", not "us"): the sentence is for a designer.
    first = scenario.sides[0].name or scenario.sides[0].id
    cut = "" if complete else " (cancelled: from what was measured before the stop)"
    if best is None:
        return f"no setting could be measured{cut}"
    where = f"{best.label()}: {first} {best.share:.0%} (95% {best.low:.0%}-{best.high:.0%})"
    if best.low <= 0.5 <= best.high:
        # An interval this wide holds 50% for almost any share: say that more games decide.
        few = (
            f"; only {best.games} games a setting: the interval is wide, check it with more"
            if best.high - best.low > WIDE
            else ""
        )
        return f"even within its 95% interval at {where}{few}{cut}"
    return (
        f"no setting within the allowed ranges brings {first} to 50% in these games; "
        f"the closest is {where}{cut}"
    )


# --- applying the suggestion ---------------------------------------------------------------------


def suggestion_note(report: TuneReport) -> str:
    """What a tune run measured, for the scenario's notes: the settings, the result, the bots,
    games, seeds and date."""
    best = report.suggestion
    if best is None:
        return f"Tune ({report.date}): nothing measured."
    bots = ",".join(report.bots)
    first, last = report.seeds
    return (
        f"Tune ({report.date}): set {best.label()}. Measured with bots {bots} "
        f"(--buy {report.buy}), {best.games} games a setting, seeds {first}-{last}: "
        f"{report.first_side()} wins or draws half {best.share:.0%} "
        f"(95% interval {best.low:.0%}-{best.high:.0%}); {report.verdict}."
    )


def apply_suggestion(scenario: Scenario, report: TuneReport) -> Scenario:
    """``scenario`` with the report's suggestion applied and the note of what was measured
    (:func:`suggestion_note`) in its notes: one edit for the editor's undo stack.

    Raises:
        rules.bots.knobs.KnobError: no suggestion, or settings the scenario refuses.
    """
    from rules.bots.knobs import KnobError

    if report.suggestion is None:
        raise KnobError("the tune run suggested nothing: no setting was measured")
    changed = apply(scenario, dict(report.suggestion.settings))
    return record_note(changed, suggestion_note(report))
