"""The Validation panel's balance line: after Validate (F7), a short batch of random-versus-random
games of the scenario, summed up in one line, with a button to the full Balance dialog.

The batch runs in worker processes (:class:`editor.balance.run.BalanceRun`). Once asked for,
the line follows the scenario: an edit cancels the batch running and plays a new one when the
designer pauses. A scenario the rules engine cannot play says so instead.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from editor.balance.colours import GREEN, GREY, RED
from editor.files.changes import Change, follow

if TYPE_CHECKING:
    from editor.balance.run import BalanceRun, BatchOutcome
    from editor.files.document import ScenarioDocument


class BalanceLine(QWidget):
    """One line of balance under the static findings.

    Signals:
        updated: the line shows a finished batch of the scenario as it stands (or why none).
        open_dialog: the designer asked for the full Balance dialog.
    """

    updated = Signal()
    open_dialog = Signal()

    GAMES = 20
    DEBOUNCE_MS = 1500  # longer than the checks': a batch costs more

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.outcome: BatchOutcome | None = None
        self.live = False  # asked for since the document was opened: follows its edits
        self._run: BalanceRun | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DEBOUNCE_MS)
        self._timer.timeout.connect(self.start)
        self.summary = ""
        #: Why the rules engine cannot play the scenario as it stands, once asked; None: it
        #: can (or it was not asked yet).
        self.unplayable: str | None = None
        self.label = QLabel("")
        self.label.setWordWrap(True)
        self.button = QPushButton("Balance...")
        self.button.setToolTip("Open the Balance dialog: more games, other bots, the full report")
        self.button.clicked.connect(self.open_dialog)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.hide()

    @property
    def run(self) -> BalanceRun:
        """The batch's worker processes, made when first needed (with the rules engines)."""
        if self._run is None:
            from editor.balance.run import BalanceRun

            self._run = BalanceRun(self)
            self._run.progressed.connect(self._progressed)
            self._run.finished.connect(self._finished)
            self._run.failed.connect(self._failed)
        return self._run

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Follow another document; its line shows once Validate is asked for."""
        self.document = follow(self.document, document, self._edited)
        if self._run is not None:
            self._run.forget()
        self._timer.stop()
        self.live, self.outcome, self.unplayable = False, None, None
        self.hide()

    def _edited(self, _change: Change) -> None:
        if self.live:
            self.run.forget()  # its games are of a scenario that is no more
            self._say("Balance: waiting for the edits to end…")
            self._timer.start()

    def start(self) -> None:
        """Play the short batch of the scenario as it stands now."""
        self._timer.stop()
        if self.document is None:
            return
        self.live = True
        self.show()
        from editor.balance.run import BatchSettings, cores, unplayable

        why = self.unplayable = unplayable(self.document)
        if why:
            self.run.forget()
            self._say(f"Balance: {why}")
            self.updated.emit()
            return
        bots = ("random",) * len(self.document.scenario.sides)
        self.run.start(self.document, BatchSettings(self.GAMES, bots, 1, min(2, cores())))
        self._say(f"Balance: playing {self.GAMES} random games…")

    def text(self) -> str:
        """What the line says, as plain text."""
        return self.summary

    def _say(self, text: str, colour: str = GREY, bold: str = "") -> None:
        """``text`` in ``colour``, or when ``bold`` follows, ``text`` plain and ``bold`` in
        bold and ``colour`` (both plain text)."""
        self.summary = text + bold
        html = escape(text, quote=False)
        if bold:
            html += f"<b style='color:{colour}'>{escape(bold, quote=False)}</b>"
        else:
            html = f"<span style='color:{colour}'>{html}</span>"
        self.label.setText(html)

    def _progressed(self, done: int, total: int, _errors: int) -> None:
        self._say(f"Balance: {done} of {total} random games…")

    def _finished(self, outcome: BatchOutcome) -> None:
        self.outcome = outcome
        assert self.document is not None
        names = {s.id: s.name for s in self.document.scenario.sides}
        from editor.balance.report import one_line

        colour = RED if outcome.report.errors or outcome.report.lopsided() else GREEN
        self._say("Balance, random bots: ", colour, one_line(outcome.report, names))
        self.updated.emit()

    def _failed(self, message: str) -> None:
        self._say(message, RED)
        self.updated.emit()
