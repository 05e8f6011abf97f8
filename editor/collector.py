"""Python's cyclic garbage collector, run on the GUI thread only, while the editor runs.

Why: Python collects reference cycles on whichever thread happens to allocate when the
collector's thresholds trip, and the editor runs Python on other threads too (the Validation
panel's check in a ``QThreadPool``, the balance and tune runs' threads). A Qt object owned by
Python and caught in a cycle is then destroyed on that thread: a running timer is left behind in
the GUI thread's event dispatcher, a widget's children go while the GUI thread paints them, and
the editor crashes later inside Qt's event processing, far from the cause. Qt objects must die
on the thread they live in.

So, while the editor runs, automatic collection is off and a timer on the GUI thread collects,
generation by generation, when the collector's own thresholds say it would have (the practice of
Calibre's ``GarbageCollector`` for PyQt). Cycles made between two checks wait at most
:attr:`GuiThreadCollector.INTERVAL_MS`; reference counting frees everything else at once, as
always.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer


class GuiThreadCollector(QObject):
    """Turns automatic collection off and collects from a GUI-thread timer instead, until
    :meth:`uninstall` (or the parent goes: call it from the thread that made it).

    ``collections`` counts the collections made, by generation (tests, the log)."""

    INTERVAL_MS = 1000

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self.collections = [0, 0, 0]
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        """Collect the generations whose thresholds are passed (as the automatic collector
        would on the next allocation)."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        generation = -1
        for g in range(3):
            if counts[g] <= thresholds[g]:
                break
            generation = g
        if generation >= 0:
            gc.collect(generation)
            self.collections[generation] += 1

    def uninstall(self) -> None:
        """Automatic collection as it was before (the editor is closing; a test ends)."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()
