"""The Balance dialog's Tune page: which knobs of the scenario may move and how far, a tune run
off the GUI thread (:func:`rules.bots.tune.tune`), a plot per knob of the first side's share of
the games against the knob's value (the 50% line, the 95% interval as a band), the setting the
search suggests, and Apply, one undoable edit that also writes what was measured into the
scenario's notes.

The run uses the dialog's bots, first seed, worker processes and purchase strategy; games are
kept in a :class:`~rules.bots.tune.GameCache` for as long as the scenario's text is unchanged,
so a second run over other knobs or ranges reuses every setting already played.
"""

from __future__ import annotations

import functools
import itertools
import logging
import multiprocessing
import operator
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.balance.widgets import AXIS, TRACK
from editor.files.changes import Change
from editor.scrolling import scrolled
from model.scenario_io import save_scenario

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument
    from rules.bots.knobs import Knob, KnobRange
    from rules.bots.tune import GameCache, KnobSweep, TuneReport

#: Every part of a scenario a knob may change: applying a suggestion announces them all.
ANY_PART = functools.reduce(operator.or_, Change)
BAND = QColor(41, 128, 185, 60)
LINE = QColor("#2471a3")
BEST = QColor("#c0392b")


class KnobPlot(QWidget):
    """The first side's share of the games (wins plus half the draws) against one knob's
    values: a line through the measured points, their 95% intervals as a band, the 50% line
    dashed, the scenario's own value marked with a tick."""

    def __init__(self, sweep: KnobSweep, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sweep = sweep
        self.side = side
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip(
            "\n".join(
                f"{p.label()}: {p.share:.0%} ({p.low:.0%}-{p.high:.0%}), {p.games} games"
                for p in sweep.points
                if p.error is None
            )
        )

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(420, 170)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(240, 150)

    def values(self) -> list[tuple[float, float, float, float]]:
        """(knob value, share, low, high) of each point measured without error."""
        return [
            (
                float(dict(p.settings).get(self.sweep.knob, self.sweep.current)),
                p.share,
                p.low,
                p.high,
            )
            for p in self.sweep.points
            if p.error is None and p.games
        ]

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetrics(self.font())
        title = f"{self.sweep.title} ({self.sweep.knob})"
        painter.setPen(self.palette().text().color())
        painter.drawText(
            QRectF(0, 0, self.width(), metrics.height()),
            Qt.AlignmentFlag.AlignLeft,
            metrics.elidedText(title, Qt.TextElideMode.ElideRight, self.width()),
        )
        left = metrics.horizontalAdvance("100%") + 8
        plot = QRectF(left, metrics.height() + 6, self.width() - left - 10, 0)
        plot.setBottom(self.height() - metrics.height() - 8)
        painter.fillRect(plot, TRACK)
        points = self.values()
        low_v = float(self.sweep.low)
        high_v = float(max(self.sweep.high, self.sweep.low + 1))

        def at(value: float, share: float) -> QPointF:
            x = plot.left() + (value - low_v) / (high_v - low_v) * plot.width()
            return QPointF(x, plot.bottom() - share * plot.height())

        painter.setPen(QPen(AXIS, 1))
        for share in (0.0, 0.5, 1.0):
            y = at(low_v, share).y()
            painter.drawText(
                QRectF(0, y - metrics.height() / 2, left - 4, metrics.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                f"{share:.0%}",
            )
        painter.setPen(QPen(AXIS, 1, Qt.PenStyle.DashLine))
        middle = at(low_v, 0.5).y()
        painter.drawLine(QPointF(plot.left(), middle), QPointF(plot.right(), middle))
        painter.setPen(QPen(AXIS, 1))
        for value in sorted({p[0] for p in points} | {low_v, high_v}):
            x = at(value, 0).x()
            painter.drawText(
                QRectF(x - 30, plot.bottom() + 2, 60, metrics.height()),
                Qt.AlignmentFlag.AlignHCenter,
                self._word(value),
            )
        if points:
            band = QPainterPath(at(points[0][0], points[0][3]))
            for value, _share, _low, high in points[1:]:
                band.lineTo(at(value, high))
            for value, _share, low, _high in reversed(points):
                band.lineTo(at(value, low))
            band.closeSubpath()
            painter.fillPath(band, BAND)
            painter.setPen(QPen(LINE, 2))
            for a, b in itertools.pairwise(points):
                painter.drawLine(at(a[0], a[1]), at(b[0], b[1]))
            painter.setBrush(LINE)
            for value, share, _low, _high in points:
                painter.drawEllipse(at(value, share), 3, 3)
        current = self.sweep.current
        if not isinstance(current, bool):
            x = at(float(current), 0).x()
            painter.setPen(QPen(BEST, 2))
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.top() + 8))

    def _word(self, value: float) -> str:
        if self.sweep.low == 0 and self.sweep.high == 1 and isinstance(self.sweep.current, bool):
            return "on" if value else "off"
        return str(round(value))


class _Relay(QObject):
    progressed = Signal(int, int, int)  # token, done, planned
    finished = Signal(int, object)  # token, TuneReport
    failed = Signal(int, str)


def process_pool(workers: int) -> Executor:
    """Spawned, niced worker processes that end with the editor (as a balance batch's)."""
    from rules.bots.balance import watch_parent

    return ProcessPoolExecutor(
        max(1, workers),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=partial(watch_parent, 10),
    )


class TuneRun(QObject):
    """One tune run at a time, in a Python thread over worker processes (as a balance batch:
    editor.balance.run); games kept across runs of the same scenario text.

    Signals: progressed(done, planned), finished(TuneReport), failed(message).
    """

    progressed = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._token = 0
        self._relay = _Relay(self)
        self._relay.progressed.connect(
            lambda t, d, n: self.progressed.emit(d, n) if t == self._token else None
        )
        self._relay.finished.connect(
            lambda t, r: self.finished.emit(r) if t == self._token else None
        )
        self._relay.failed.connect(lambda t, m: self.failed.emit(m) if t == self._token else None)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._cache: GameCache | None = None
        self._cache_text = ""
        #: Where the games run, given the number of workers (a test may play in threads).
        self.make_executor: Callable[[int], Executor] = process_pool

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(
        self,
        document: ScenarioDocument,
        knobs: list[KnobRange],
        games: int,
        bots: tuple[str, ...],
        first_seed: int,
        workers: int,
        buy: str,
        pairs: bool,
    ) -> None:
        from rules.bots.tune import GameCache

        self.cancel()
        self._token += 1
        token, stop = self._token, threading.Event()
        self._stop = stop
        folder = Path(tempfile.mkdtemp(prefix=f"hexwright-tune-{document.scenario.id}-"))
        path = folder / f"{document.scenario.id}.yaml"
        save_scenario(document.scenario, path)
        text = path.read_text(encoding="utf-8")
        if self._cache is None or text != self._cache_text:
            self._cache, self._cache_text = GameCache(), text
        cache, relay = self._cache, self._relay

        def emit(name: str, *args: object) -> None:
            try:
                getattr(relay, name).emit(token, *args)
            except RuntimeError:  # the dialog is gone
                stop.set()

        make_executor = self.make_executor

        def work() -> None:
            from rules.bots.tune import tune

            pool = make_executor(workers)
            try:
                report = tune(
                    str(path),
                    text,
                    knobs,
                    games,
                    bots,
                    pool,
                    seed_from=first_seed,
                    buy=buy,
                    pairs=pairs,
                    cache=cache,
                    progress=lambda done, planned: emit("progressed", done, planned),
                    cancelled=stop.is_set,
                )
            except Exception as exc:  # a bug, or a scenario the engine refuses: say so
                logging.getLogger("hexwright.balance").exception("the tune run failed")
                emit("failed", f"The tune run failed: {type(exc).__name__}: {exc}")
                return
            finally:
                pool.shutdown(wait=not stop.is_set(), cancel_futures=True)
            emit("finished", report)

        self._thread = threading.Thread(target=work, name="tune-run", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        self._stop.set()

    def shutdown(self, seconds: float = 10.0) -> None:
        self.cancel()
        self._token += 1
        if self._thread is not None:
            self._thread.join(seconds)


class TunePage(QWidget):
    """Knobs, a tune run, its plots and suggestion, and Apply (see the module docstring).

    ``settings`` gives the dialog's (bots, first seed, workers, purchase strategy) when a run
    starts."""

    applied = Signal(str)  # the note written into the scenario

    def __init__(
        self,
        settings: Callable[[], tuple[tuple[str, ...], int, int, str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.document: ScenarioDocument | None = None
        self.knobs: list[Knob] = []
        self.report: TuneReport | None = None
        self.run = TuneRun(self)
        self.run.progressed.connect(self._progressed)
        self.run.finished.connect(self._finished)
        self.run.failed.connect(self._failed)
        intro = QLabel(
            "Tick the knobs that may move and narrow their ranges: each value is played with "
            "the same bots and seeds, then the knobs one at a time and in pairs are searched "
            "for the setting closest to even."
        )
        intro.setWordWrap(True)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Knob", "Now", "From", "To"])
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.table.setMinimumHeight(90)
        self.games = QSpinBox()
        self.games.setRange(2, 10_000)
        self.games.setValue(40)
        self.games.setSuffix(" games a setting")
        self.games.setToolTip("How many games each setting is played; more, narrower intervals")
        self.pairs = QCheckBox("Search pairs of knobs too")
        self.pairs.setChecked(True)
        self.tune_button = QPushButton("Tune")
        self.tune_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.run.cancel)
        row = QHBoxLayout()
        for widget in (self.games, self.pairs):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.tune_button)
        row.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of about %m games")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.suggestion = QLabel("")
        self.suggestion.setWordWrap(True)
        self.suggestion.setTextFormat(Qt.TextFormat.RichText)
        self.apply_button = QPushButton("Apply Suggestion")
        self.apply_button.setEnabled(False)
        self.apply_button.setToolTip(
            "Set the suggested values in the scenario (one step Undo takes back) and write what "
            "was measured into its notes"
        )
        self.apply_button.clicked.connect(self.apply)
        apply_row = QHBoxLayout()
        apply_row.addWidget(self.suggestion, 1)
        apply_row.addWidget(self.apply_button, 0, Qt.AlignmentFlag.AlignTop)
        self.plots = QWidget()
        self.plots_layout = QVBoxLayout(self.plots)
        self.plots_layout.addStretch(1)
        area = scrolled(self.plots)
        results = QWidget()
        below = QVBoxLayout(results)
        below.setContentsMargins(0, 0, 0, 0)
        below.addLayout(row)
        below.addWidget(self.progress)
        below.addWidget(self.status)
        below.addLayout(apply_row)
        below.addWidget(area, 1)
        # The knobs above, the run and its plots below, the line between them draggable: on a
        # small screen (150% scaling) there is room for the plots once the knobs are chosen.
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(results)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.splitter, 1)

    # --- the knobs --------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        from rules.bots.knobs import knobs_of

        self.document = document
        self.knobs = knobs_of(document.scenario) if document is not None else []
        self.table.setRowCount(len(self.knobs))
        for row, knob in enumerate(self.knobs):
            name = QTableWidgetItem(knob.title)
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            name.setCheckState(Qt.CheckState.Unchecked)
            name.setToolTip(f"{knob.id}: {knob.title} (in the file at {knob.path})")
            self.table.setItem(row, 0, name)
            now = QTableWidgetItem(_word(knob.value))
            now.setFlags(now.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.table.setItem(row, 1, now)
            for column, value in ((2, knob.low), (3, knob.high)):
                box = QSpinBox()
                box.setRange(knob.min, knob.max)
                box.setValue(value)
                box.setEnabled(knob.kind == "int")
                box.setFrame(False)
                self.table.setCellWidget(row, column, box)
        self.table.resizeColumnsToContents()
        self.tune_button.setEnabled(bool(self.knobs))
        self.status.setText("" if self.knobs else "This scenario has no knob the search can move.")

    def check(self, knob_id: str, on: bool = True) -> None:
        row = next(i for i, k in enumerate(self.knobs) if k.id == knob_id)
        item = self.table.item(row, 0)
        assert item is not None
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def chosen(self) -> list[KnobRange]:
        """The ticked knobs with their ranges (refused ranges raise KnobError)."""
        from rules.bots.knobs import KnobRange

        chosen = []
        for row, knob in enumerate(self.knobs):
            item = self.table.item(row, 0)
            if item is None or item.checkState() != Qt.CheckState.Checked:
                continue
            if knob.kind == "bool":
                chosen.append(KnobRange(knob, 0, 1))
                continue
            low, high = (self.table.cellWidget(row, c) for c in (2, 3))
            assert isinstance(low, QSpinBox)
            assert isinstance(high, QSpinBox)
            chosen.append(KnobRange(knob, low.value(), high.value()))
        return chosen

    # --- the run ----------------------------------------------------------------------------

    def start(self) -> None:
        from rules.bots.knobs import KnobError

        if self.document is None:
            return
        try:
            knobs = self.chosen()
        except KnobError as exc:
            self.status.setText(f"<span style='color:#c0392b'>{exc}</span>")
            return
        if not knobs:
            self.status.setText("Tick at least one knob to tune.")
            return
        bots, first_seed, workers, buy = self.settings()
        self.report = None
        self.apply_button.setEnabled(False)
        self.suggestion.setText("")
        self._clear_plots()
        self.tune_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.status.setText("Playing…")
        self.run.start(
            self.document,
            knobs,
            self.games.value(),
            bots,
            first_seed,
            workers,
            buy,
            self.pairs.isChecked(),
        )

    def _progressed(self, done: int, planned: int) -> None:
        self.progress.setMaximum(max(planned, 1))
        self.progress.setValue(done)

    def _failed(self, message: str) -> None:
        self.tune_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.status.setText(message)

    def _finished(self, report: TuneReport) -> None:
        self.report = report
        self.tune_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setMaximum(max(self.progress.value(), 1))
        done = "" if report.complete else "Cancelled: what was measured so far. "
        self.status.setText(
            f"{done}{report.played} games played, {report.reused} reused, in "
            f"{report.seconds:.0f} s; bots {', '.join(report.bots)}, seeds "
            f"{report.seeds[0]}-{report.seeds[1]}."
        )
        first = report.first_side() if report.sides else "the first side"
        for sweep in report.sweeps:
            self.plots_layout.insertWidget(self.plots_layout.count() - 1, KnobPlot(sweep, first))
        sizes = self.splitter.sizes()  # the plots get the room; the knobs are chosen
        knobs = min(sizes[0], 140)
        self.splitter.setSizes([knobs, sum(sizes) - knobs])
        best = report.suggestion
        if best is None:
            self.suggestion.setText("<b>No suggestion</b>: nothing was measured.")
            return
        base = report.baseline
        share = (
            f"{first}'s share (wins plus half the draws) {best.share:.0%} of {best.games} "
            f"games, 95% interval {best.low:.0%}-{best.high:.0%}"
        )
        if not best.settings or best.change == 0:
            self.suggestion.setText(
                f"<b>No change suggested</b>: the scenario as it is comes nearest to even "
                f"({share}); {report.verdict}."
            )
            return
        now = f"; now {base.share:.0%} ({base.low:.0%}-{base.high:.0%})" if base else ""
        self.suggestion.setText(
            f"<b>Suggestion: {best.label()}</b><br>{share}{now}; {report.verdict}."
        )
        self.apply_button.setEnabled(True)

    def _clear_plots(self) -> None:
        while self.plots_layout.count() > 1:
            item = self.plots_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()

    def apply(self) -> list[str]:
        """Apply the suggestion: one undo step; the note of what was measured in the
        scenario's notes. Returns the reasons it was refused."""
        from rules.bots.knobs import KnobError
        from rules.bots.tune import apply_suggestion, suggestion_note

        report = self.report
        if self.document is None or report is None:
            return ["nothing to apply: run a tune first"]
        try:
            reasons = self.document.edit(
                lambda s: apply_suggestion(s, report), "Apply tune suggestion", ANY_PART
            )
        except KnobError as exc:
            reasons = [str(exc)]
        if reasons:
            self.status.setText("Refused: " + "; ".join(reasons))
            return reasons
        note = suggestion_note(report)
        self.status.setText(f"Applied; the scenario's notes say: {note}")
        self.apply_button.setEnabled(False)
        self.applied.emit(note)
        return []


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
