"""Play > Balance... (Ctrl+Shift+B): auto-play the open scenario many times in worker processes
and show what the games say about its balance (``hexwright balance`` in a window).

The designer chooses the number of games, a bot for each side, the first seed, the worker
processes and where they run (local processes, a local Dask cluster, a Dask scheduler's
cluster), and for a scenario with point-buy sides the purchase strategy that buys their forces;
Run plays the batch off the GUI thread (:class:`editor.balance.run.BalanceRun`) with a progress
bar, the games done and the time left; Cancel stops soon and reports the games so far. The
report (:class:`editor.balance.report.ReportView`) can be saved as JSON.

Sweep strategies plays the batch once per purchase strategy, one after another, and shows
which strategy wins for each side (:class:`editor.balance.sweep.StrategyTable`); Cancel ends the
sweep with the strategies played so far.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.balance.colours import RED
from editor.balance.report import ReportView, clock
from editor.balance.run import (
    WHERE,
    BalanceRun,
    BatchOutcome,
    BatchSettings,
    buys,
    cores,
    unplayable,
)
from editor.balance.sweep import StrategyTable
from editor.balance.tune_page import TunePage
from editor.style import MUTED_TEXT
from rules.bots.base import BOT_NAMES
from rules.pointbuy.purchase import STRATEGIES

if TYPE_CHECKING:
    from editor.app import MainWindow
    from editor.files.document import ScenarioDocument


#: Belongs in :data:`editor.actions.ACTIONS`; declared here while that file is edited elsewhere.
def show_balance(window: MainWindow) -> BalanceDialog:
    """Show the window's Balance dialog (one per window, kept between uses)."""
    dialog = window.findChild(BalanceDialog)
    if dialog is None:
        dialog = BalanceDialog(window)
    dialog.set_document(window.document)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


class BalanceDialog(QDialog):
    """The Balance dialog: settings, Run and Cancel, progress, and the report of the last batch."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Balance")
        self.setObjectName("balance_dialog")
        self.document: ScenarioDocument | None = None
        self.outcome: BatchOutcome | None = None
        self.report_view: ReportView | None = None
        self.sweep_table: StrategyTable | None = None
        self._sweep: list[str] = []  # the strategies a sweep has still to play
        self.swept: dict[str, BatchOutcome] = {}  # the sweep's batches so far, by strategy
        self.sweeping = False
        self.run = BalanceRun(self)
        self.run.progressed.connect(self._progressed)
        self.run.finished.connect(self._finished)
        self.run.failed.connect(self._failed)
        self._build()
        self.resize(760, 820)

    def _build(self) -> None:
        self.title = QLabel("")
        self.title.setWordWrap(True)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.games = QSpinBox()
        self.games.setMinimumWidth(110)
        self.games.setRange(1, 100_000)
        self.games.setValue(100)
        self.games.setToolTip("How many games to play; each has its own seed")
        self.first_seed = QSpinBox()
        self.first_seed.setMinimumWidth(110)
        self.first_seed.setRange(0, 2_000_000_000)
        self.first_seed.setValue(1)
        self.first_seed.setToolTip(
            "The first game's seed; the others follow. The same seeds play the same games"
        )
        self.workers = QSpinBox()
        self.workers.setMinimumWidth(110)
        self.workers.setRange(1, max(64, cores() * 4))
        self.workers.setValue(cores())
        self.workers.setToolTip(
            f"Worker processes playing games at once (this computer has {cores()} cores)"
        )
        self.bots_row = QHBoxLayout()
        self.bot_boxes: list[QComboBox] = []
        self.buy = QComboBox()
        for strategy in STRATEGIES.values():
            self.buy.addItem(strategy.name, strategy.id)
            self.buy.setItemData(
                self.buy.count() - 1, strategy.description, Qt.ItemDataRole.ToolTipRole
            )
        self.buy.currentIndexChanged.connect(self._check_playable)
        self.sweep_button = QPushButton("Sweep strategies")
        self.sweep_button.setToolTip(
            "Play the batch once per purchase strategy and compare which one wins"
        )
        self.sweep_button.clicked.connect(self.start_sweep)
        self.buy_note = QLabel("")
        self.buy_note.setStyleSheet(MUTED_TEXT)
        buy_row = QHBoxLayout()
        buy_row.addWidget(self.buy)
        buy_row.addWidget(self.sweep_button)
        buy_row.addWidget(self.buy_note)
        buy_row.addStretch(1)
        self.where = QComboBox()
        for key, name in WHERE.items():
            self.where.addItem(name, key)
        self.where.setToolTip(
            "Where the games run: worker processes here, a Dask cluster started here, or the "
            "Dask cluster of a running scheduler (Dask: pip install 'hexwright[cluster]')"
        )
        self.address = QLineEdit("tcp://127.0.0.1:8786")
        self.address.setMinimumWidth(220)
        self.address.setToolTip("The Dask scheduler's address, tcp://HOST:PORT")
        self.address.setEnabled(False)
        self.where.currentIndexChanged.connect(
            lambda: self.address.setEnabled(self.where.currentData() == "dask-scheduler")
        )
        # A batch refused where it was to run may run elsewhere: judge again on a change.
        self.where.currentIndexChanged.connect(self._check_playable)
        self.address.textEdited.connect(self._check_playable)
        where_row = QHBoxLayout()
        where_row.addWidget(self.where)
        where_row.addWidget(self.address)
        where_row.addStretch(1)
        form.addRow("Games:", self.games)
        form.addRow("Bots:", self.bots_row)
        form.addRow("Forces bought:", buy_row)
        form.addRow("First seed:", self.first_seed)
        form.addRow("Worker processes:", self.workers)
        form.addRow("Run on:", where_row)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {RED}")
        self.message.hide()
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button = QPushButton("Export JSON...")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._choose_export)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        buttons = QHBoxLayout()
        for button in (self.run_button, self.cancel_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(close)
        self.report_area = QScrollArea()
        self.report_area.setWidgetResizable(True)
        self.report_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.placeholder = QLabel("Run a batch: its report shows here.")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setStyleSheet(MUTED_TEXT)
        self.report_area.setWidget(self.placeholder)
        batch = QWidget()
        batch_layout = QVBoxLayout(batch)
        batch_layout.setContentsMargins(0, 6, 0, 0)
        batch_layout.addLayout(buttons)
        batch_layout.addWidget(self.progress)
        batch_layout.addWidget(self.status)
        batch_layout.addWidget(self.report_area, 1)
        self.tune_page = TunePage(self.tune_settings)
        self.pages = QTabWidget()
        self.pages.addTab(batch, "Batch")
        self.pages.addTab(self.tune_page, "Tune")
        self.pages.setTabToolTip(
            1, "What to change to bring the scenario to even: win rate against each knob"
        )
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.pages, 1)

    # --- the scenario ---------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Play this document's scenario (as it stands when Run is pressed)."""
        self.document = document
        self.bot_boxes = []
        while self.bots_row.count():
            item = self.bots_row.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.tune_page.set_document(
            document if document is not None and hasattr(document, "scenario") else None
        )
        if document is None or not hasattr(document, "scenario"):
            self.title.setText("Open a scenario to play it.")
            self._refuse("Balance batches play scenarios.")
            return
        scenario = document.scenario
        self.title.setText(f"<b>{scenario.title}</b> ({scenario.id}): auto-played games")
        for side in scenario.sides:
            box = QComboBox()
            box.addItems(list(BOT_NAMES))
            box.setToolTip(f"The bot that plays {side.name}")
            self.bots_row.addWidget(QLabel(f"{side.name}:"))
            self.bots_row.addWidget(box)
            self.bot_boxes.append(box)
        self.bots_row.addStretch(1)
        bought = buys(document)
        self.buy.setEnabled(bool(bought))
        self.sweep_button.setEnabled(bool(bought))
        self.buy_note.setText(
            f"(each game buys its own force for {', '.join(bought)})"
            if bought
            else "(no side buys its forces)"
        )
        self._check_playable()

    def _check_playable(self) -> None:
        """Refuse to run when the engine cannot play the scenario (bought as chosen)."""
        if self.document is None or not hasattr(self.document, "scenario"):
            return
        why = unplayable(self.document, self.buy_strategy())
        if why:
            self._refuse(f"Balance batches need the rules engine to play the scenario. {why}")
        else:
            self.message.hide()
            self.run_button.setEnabled(not self.run.running)
            self.sweep_button.setEnabled(self.buy.isEnabled() and not self.run.running)

    def _refuse(self, why: str) -> None:
        self.message.setText(why)
        self.message.show()
        self.run_button.setEnabled(False)

    def buy_strategy(self) -> str:
        """The purchase strategy chosen (``balanced`` when no side buys)."""
        return str(self.buy.currentData()) if self.buy.isEnabled() else "balanced"

    def sides(self) -> dict[str, tuple[str, str]]:
        if self.document is None:
            return {}
        return {s.id: (s.name, s.nation) for s in self.document.scenario.sides}

    def settings(self, buy: str | None = None) -> BatchSettings:
        return BatchSettings(
            self.games.value(),
            tuple(box.currentText() for box in self.bot_boxes),
            self.first_seed.value(),
            self.workers.value(),
            buy or self.buy_strategy(),
            str(self.where.currentData()),
            self.address.text(),
        )

    def tune_settings(self) -> tuple[tuple[str, ...], int, int, str]:
        """What the Tune page plays with: the bots, first seed, workers and strategy shown."""
        s = self.settings()
        return s.bots, s.first_seed, s.workers, s.buy

    # --- a batch --------------------------------------------------------------------------------

    def start(self) -> None:
        """Run a batch with the settings shown."""
        if self.document is None or self.run.running:
            return
        if self.message.isVisible():  # unplayable, as set_document found
            return
        self.sweeping = False
        self._start(self.settings())

    def start_sweep(self) -> None:
        """Run the batch once per purchase strategy, one after another."""
        if self.document is None or self.run.running or self.message.isVisible():
            return
        if not self.buy.isEnabled():
            return
        self.sweeping = True
        self._sweep = list(STRATEGIES)
        self.swept = {}
        self._next_strategy()

    def _next_strategy(self) -> None:
        strategy = self._sweep.pop(0)
        self._start(self.settings(strategy))
        done = len(self.swept) + 1
        self.status.setText(
            f"Strategy {done} of {len(STRATEGIES)} ({STRATEGIES[strategy].name}): "
            + self.status.text()
        )

    def _start(self, settings: BatchSettings) -> None:
        self.progress.setRange(0, settings.games)
        self.progress.setValue(0)
        workers = min(settings.workers, settings.games)
        where = {
            "processes": f"{workers} worker processes",
            "dask-local": f"a local Dask cluster of {workers} workers",
            "dask-scheduler": f"the Dask cluster at {settings.address}",
        }[settings.where]
        self.status.setText(f"Starting {where}…")
        self.run_button.setEnabled(False)
        self.sweep_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        if self.report_view is None and self.sweep_table is None:  # the placeholder still shows
            self.placeholder.setText("The report shows here when the games end, or on Cancel.")
        if self.document is not None:
            self.run.start(self.document, settings)

    def cancel(self) -> None:
        """Stop soon; the games played so far are reported."""
        if self.run.running:
            self.run.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText(self.status.text() + " — cancelling…")

    def _progressed(self, done: int, total: int, errors: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        elapsed = time.perf_counter() - self.run.started_at
        left = elapsed / done * (total - done)
        failed = f" · {errors} engine error{'' if errors == 1 else 's'}" if errors else ""
        which = ""
        if self.sweeping:
            strategy = STRATEGIES[self.run_strategy].name
            which = f"Strategy {len(self.swept) + 1} of {len(STRATEGIES)} ({strategy}): "
        self.status.setText(
            f"{which}{done} of {total} games · {clock(elapsed)} elapsed · "
            f"about {clock(left)} left{failed}"
        )

    @property
    def run_strategy(self) -> str:
        """The strategy of the batch running (or last run)."""
        return self.run.settings.buy if self.run.settings is not None else "balanced"

    def _finished(self, outcome: BatchOutcome) -> None:
        if self.sweeping:
            self.swept[self.run_strategy] = outcome
            if self._sweep and not outcome.cancelled:
                self._next_strategy()
                return
            self._sweep_finished(cancelled=outcome.cancelled)
            return
        self.outcome = outcome
        r = outcome.report
        done = r.games + len(r.errors)
        stopped = (
            f"Cancelled after {done} of {r.requested} games"
            if outcome.cancelled
            else (f"Played {done} games")
        )
        self.status.setText(f"{stopped} in {clock(r.seconds)}.")
        self.progress.setValue(done)
        self.run_button.setEnabled(True)
        self.sweep_button.setEnabled(self.buy.isEnabled())
        self.cancel_button.setEnabled(False)
        self.export_button.setEnabled(True)
        self.report_view = ReportView(outcome, self.sides())
        self.sweep_table = None
        self.report_area.setWidget(self.report_view)  # deletes the previous report's view

    def _sweep_finished(self, cancelled: bool) -> None:
        self.sweeping = False
        games = sum(o.report.games + len(o.report.errors) for o in self.swept.values())
        played = len(self.swept)
        head = "Sweep cancelled" if cancelled else "Swept"
        self.status.setText(
            f"{head}: {played} of {len(STRATEGIES)} strategies, {games} games in "
            f"{clock(sum(o.report.seconds for o in self.swept.values()))}."
        )
        self.run_button.setEnabled(True)
        self.sweep_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.outcome = None
        self.export_button.setEnabled(False)
        self.report_view = None
        names = {side: name for side, (name, _) in self.sides().items()}
        self.sweep_table = StrategyTable(
            {s: o.report for s, o in self.swept.items()}, names, cancelled
        )
        self.report_area.setWidget(self.sweep_table)

    def _failed(self, message: str) -> None:
        self.sweeping = False
        self.status.setText("")
        self._refuse(message)
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.sweep_button.setEnabled(self.buy.isEnabled())

    # --- export and closing ---------------------------------------------------------------------

    def export_json(self, path: str | Path) -> None:
        """Write the last report as JSON (as ``hexwright balance --json`` prints it)."""
        if self.outcome is None:
            raise ValueError("no report to export: run a batch first")
        data = self.outcome.report.to_json()
        data["cancelled"] = self.outcome.cancelled
        data["replay_folder"] = self.outcome.folder
        Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    def _choose_export(self) -> None:
        if self.outcome is None:
            return
        name = f"balance-{self.outcome.report.scenario_id}.json"
        path, _ = QFileDialog.getSaveFileName(self, "Export balance report", name, "JSON (*.json)")
        if path:
            self.export_json(path)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        self._sweep = []
        self.run.cancel()  # closing means stop: the workers end with their current games
        self.tune_page.run.cancel()
        super().closeEvent(event)
