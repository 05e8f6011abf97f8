"""Play > Balance... (Ctrl+Shift+B): auto-play the open scenario many times in worker processes
and show what the games say about its balance (``hexwright balance`` in a window).

The designer chooses the number of games, a bot for each side, the first seed and the worker
processes; Run plays the batch off the GUI thread (:class:`editor.balance.run.BalanceRun`)
with a progress bar, the games done and the time left; Cancel stops soon and reports the
games so far. The report (:class:`editor.balance.report.ReportView`) can be saved as JSON.
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
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.balance.report import RED, ReportView, clock
from editor.balance.run import BalanceRun, BatchOutcome, BatchSettings, cores, unplayable
from rules.bots.base import BOT_NAMES

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
        form.addRow("Games:", self.games)
        form.addRow("Bots:", self.bots_row)
        form.addRow("First seed:", self.first_seed)
        form.addRow("Worker processes:", self.workers)
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
        self.placeholder.setStyleSheet("color: #5d6d7e")
        self.report_area.setWidget(self.placeholder)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.report_area, 1)

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
        why = unplayable(document)
        if why:
            self._refuse(f"Balance batches need the rules engine to play the scenario. {why}")
        else:
            self.message.hide()
            self.run_button.setEnabled(not self.run.running)

    def _refuse(self, why: str) -> None:
        self.message.setText(why)
        self.message.show()
        self.run_button.setEnabled(False)

    def sides(self) -> dict[str, tuple[str, str]]:
        if self.document is None:
            return {}
        return {s.id: (s.name, s.nation) for s in self.document.scenario.sides}

    def settings(self) -> BatchSettings:
        return BatchSettings(
            self.games.value(),
            tuple(box.currentText() for box in self.bot_boxes),
            self.first_seed.value(),
            self.workers.value(),
        )

    # --- a batch --------------------------------------------------------------------------------

    def start(self) -> None:
        """Run a batch with the settings shown."""
        if self.document is None or self.run.running:
            return
        if self.message.isVisible():  # unplayable, as set_document found
            return
        settings = self.settings()
        self.progress.setRange(0, settings.games)
        self.progress.setValue(0)
        self.status.setText(f"Starting {min(settings.workers, settings.games)} worker processes…")
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        if self.report_view is None:
            self.placeholder.setText("The report shows here when the games end, or on Cancel.")
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
        self.status.setText(
            f"{done} of {total} games · {clock(elapsed)} elapsed · about {clock(left)} left{failed}"
        )

    def _finished(self, outcome: BatchOutcome) -> None:
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
        self.cancel_button.setEnabled(False)
        self.export_button.setEnabled(True)
        self.report_view = ReportView(outcome, self.sides())
        self.report_area.setWidget(self.report_view)  # deletes the previous report's view

    def _failed(self, message: str) -> None:
        self.status.setText("")
        self._refuse(message)
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

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
        self.run.cancel()  # closing means stop: the workers end with their current games
        super().closeEvent(event)
