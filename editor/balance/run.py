"""A balance batch of the open scenario, run in worker processes off the GUI thread.

The editor's Balance dialog and the Validation panel's balance line both start batches through
:class:`BalanceRun`: it writes the scenario where the workers can load it, drives
:func:`rules.bots.balance.run_batch` from a Python thread over a ``ProcessPoolExecutor``, reports
each game as it ends, and hands back the :class:`~rules.bots.balance.BalanceReport`.

Why a thread that waits on the pool: ``run_batch`` already bounds how far ahead games are
submitted and stops soon when cancelled; run from a thread it never blocks the event loop,
and the progress reaches the dialog as queued signals. Why ``spawn`` processes: forking a
process that runs Qt's threads may deadlock the child; spawned workers import only ``rules``
and ``model``.

Where: local worker processes (the default), a local Dask cluster, or a running Dask cluster's
scheduler (:attr:`BatchSettings.where`; :class:`rules.bots.balance.DaskCluster`, Dask being the
optional ``cluster`` extra; without it the batch fails with the message saying how to install it).

Why a file: every game ships the scenario's text to its worker, but the report's replays and
``hexwright play`` commands name a file. A saved, unmodified document is played from its own
file; otherwise the scenario as it stands is written to a new folder under the system's temporary
folder, where the replays of failed games go too, so that every replay and command in the report
refers to a file that still exists. A folder with nothing to keep is removed at the end.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from model.scenario import Scenario
from model.scenario_io import save_scenario
from model.yamlio import atomic_write_text
from rules.bots.balance import (
    BalanceReport,
    ClusterUnavailableError,
    GameResult,
    GameSpec,
    batch_executor,
    run_batch,
    specs_for,
    summarize,
    watch_parent,
)
from rules.engine.errors import RulesError
from rules.pointbuy.purchase import game_for, needs_purchase, parse_choices

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument


#: Where a batch runs (:attr:`BatchSettings.where`): its id and the name the dialog shows.
WHERE = {
    "processes": "Local processes",
    "dask-local": "Local Dask cluster",
    "dask-scheduler": "Dask scheduler",
}


@dataclass(frozen=True)
class BatchSettings:
    """What to play: how many games, one bot per side (in the scenario's order of sides), the
    first game's seed, how many worker processes, how point-buy sides buy their forces (a
    purchase strategy, each game with its own seed) and where the games run (:data:`WHERE`;
    ``address``: the scheduler's, ``tcp://HOST:PORT``)."""

    games: int = 100
    bots: tuple[str, ...] = ("random", "random")
    first_seed: int = 1
    workers: int = 0  # 0: one per core
    buy: str = "balanced"
    where: str = "processes"
    address: str = ""


@dataclass(frozen=True)
class BatchOutcome:
    """A finished (or cancelled) batch: its report, and the folder that holds the replays of
    failed games and, when the document was not saved as it stands, the scenario they play."""

    report: BalanceReport
    cancelled: bool
    folder: str | None


def cores() -> int:
    return os.cpu_count() or 1


def buys(document: ScenarioDocument) -> tuple[str, ...]:
    """The sides of the document's scenario whose forces a purchase buys."""
    return needs_purchase(document.scenario)


def unplayable(document: ScenarioDocument, buy: str = "balanced") -> str | None:
    """Why the rules engine cannot play the document's scenario, its point-buy sides bought
    under the strategy ``buy`` (the first seed's purchase), or None when it can."""
    from editor.scenario.validation import loaded_of

    loaded = loaded_of(document)
    try:
        game_for(loaded, parse_choices(buy, loaded.scenario, 1))
    except RulesError as exc:
        return f"{str(exc)[:1].upper()}{str(exc)[1:]}."
    return None


class _Relay(QObject):
    """Carries the batch thread's news to the GUI thread (queued signals)."""

    progressed = Signal(int, int, int, int)  # token, games done, of total, engine errors
    finished = Signal(int, object)  # token, BatchOutcome
    failed = Signal(int, str)  # token, message


class BalanceRun(QObject):
    """One batch at a time; starting another cancels the one running (its news is dropped).

    Signals:
        progressed(done, total, errors): a game has ended.
        finished(BatchOutcome): the batch ended, or stopped after :meth:`cancel`.
        failed(str): the batch could not run (the message says why, for the designer).
    """

    progressed = Signal(int, int, int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay = _Relay(self)
        self._relay.progressed.connect(self._progressed)
        self._relay.finished.connect(self._finished)
        self._relay.failed.connect(self._failed)
        self._token = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.started_at = 0.0
        self.settings: BatchSettings | None = None  # the running (or last) batch's

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, document: ScenarioDocument, settings: BatchSettings) -> None:
        """Play a batch of the document's scenario as it stands now."""
        self.cancel()
        self._token += 1
        self._stop = threading.Event()
        self.settings = settings
        scenario = document.scenario
        saved = document.path if document.path is not None and not document.modified else None
        job = _Job(self._token, scenario, saved, settings, self._stop, self._relay)
        self.started_at = time.perf_counter()
        self._thread = threading.Thread(target=job.run, name="balance-batch", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop soon: games not started are dropped, the results so far are reported."""
        self._stop.set()

    def forget(self) -> None:
        """Cancel, and drop whatever the running batch would still report."""
        self.cancel()
        self._token += 1

    def shutdown(self, seconds: float = 10.0) -> None:
        """The window is closing: cancel, and wait for the batch thread to end, so that it
        never reports to objects already deleted (it crashed a later test's event loop)."""
        self.forget()
        self.wait(seconds)

    def wait(self, seconds: float = 60.0) -> bool:
        """Block until the batch thread has ended (tests, scripts)."""
        if self._thread is not None:
            self._thread.join(seconds)
        return not self.running

    def _progressed(self, token: int, done: int, total: int, errors: int) -> None:
        if token == self._token:
            self.progressed.emit(done, total, errors)

    def _finished(self, token: int, outcome: object) -> None:
        if token == self._token:
            self.finished.emit(outcome)

    def _failed(self, token: int, message: str) -> None:
        if token == self._token:
            self.failed.emit(message)


class _RefusedError(Exception):
    """The batch cannot run where it was asked to (the message is for the designer)."""


class _Job:
    """The batch thread's work (it touches no widget: it only emits the relay's signals)."""

    def __init__(
        self,
        token: int,
        scenario: Scenario,
        saved: Path | None,
        settings: BatchSettings,
        stop: threading.Event,
        relay: _Relay,
    ) -> None:
        self.token, self.scenario, self.saved = token, scenario, saved
        self.settings, self.stop, self.relay = settings, stop, relay
        self.folder: Path | None = None
        self.errors = 0

    def _emit(self, signal: str, *args: object) -> None:
        try:
            getattr(self.relay, signal).emit(self.token, *args)
        except RuntimeError:  # the dialog or panel is gone: nobody to tell
            self.stop.set()

    def run(self) -> None:
        try:
            outcome = self._play()
        except _RefusedError as exc:  # no Dask, no scheduler: the message says what to do
            self._emit("failed", f"{str(exc)[:1].upper()}{str(exc)[1:]}")
            return
        except Exception as exc:  # a bug or a full disk: say so rather than spin forever
            logging.getLogger("hexwright.balance").exception("the balance batch failed")
            self._emit("failed", f"The batch failed: {type(exc).__name__}: {exc}")
            return
        self._emit("finished", outcome)

    def _scenario_file(self) -> str:
        if self.saved is not None:
            return str(self.saved)
        folder = self._make_folder()
        path = folder / f"{self.scenario.id}.yaml"
        save_scenario(self.scenario, path)
        return str(path)

    def _make_folder(self) -> Path:
        if self.folder is None:
            prefix = f"hexwright-balance-{self.scenario.id}-"
            self.folder = Path(tempfile.mkdtemp(prefix=prefix))
        return self.folder

    def _on_result(self, result: GameResult, done: int, total: int) -> None:
        if result.error is not None:
            self.errors += 1
        self._emit("progressed", done, total, self.errors)

    def _play(self) -> BatchOutcome:
        s = self.settings
        scenario_file = self._scenario_file()
        specs = specs_for(scenario_file, s.games, s.bots, s.first_seed, s.buy)
        workers = max(1, min(s.workers or cores(), s.games))
        start = time.perf_counter()
        if s.where == "processes":
            results = self._in_processes(specs, workers)
        else:
            try:
                with batch_executor(
                    cluster=f"local:{workers}" if s.where == "dask-local" else None,
                    scheduler=s.address.strip() if s.where == "dask-scheduler" else None,
                ) as cluster:
                    results = run_batch(
                        specs, cluster, self._on_result, self.stop.is_set, window=workers * 3
                    )
            except (ClusterUnavailableError, ValueError) as exc:
                raise _RefusedError(str(exc)) from None
        seconds = time.perf_counter() - start
        files = self._write_replays(results)
        report = summarize(scenario_file, results, len(specs), seconds, files, specs[0].text)
        if self.folder is not None and not files:
            shutil.rmtree(self.folder, ignore_errors=True)  # nothing refers to it
            self.folder = None
        cancelled = len(results) < len(specs)
        return BatchOutcome(report, cancelled, str(self.folder) if self.folder else None)

    def _in_processes(self, specs: list[GameSpec], workers: int) -> list[GameResult]:
        # Nice workers: they fill every core, and must yield to the editor's own thread; they
        # end when the editor is gone (rules.bots.balance: no Qt in the workers).
        pool = ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=partial(watch_parent, 10),
        )
        try:
            return run_batch(
                specs, pool, self._on_result, cancelled=self.stop.is_set, window=workers * 3
            )
        finally:
            # Cancelled: the games still running end in their workers, unwaited for.
            pool.shutdown(wait=not self.stop.is_set(), cancel_futures=True)

    def _write_replays(self, results: list[GameResult]) -> dict[int, str]:
        files: dict[int, str] = {}
        for r in results:
            if r.error is not None and r.replay is not None:
                path = self._make_folder() / f"seed-{r.seed}.replay.json"
                atomic_write_text(path, r.replay)
                files[r.seed] = str(path)
        return files
