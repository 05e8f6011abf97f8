"""The editor's garbage collector: cycles are collected on the GUI thread only, never on a
background thread that happens to allocate (editor/collector.py)."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject
from pytestqt.qtbot import QtBot

from editor.collector import GuiThreadCollector


class _Holder:
    """A reference cycle holding a Qt object that Python owns (no Qt parent)."""

    def __init__(self) -> None:
        self.qt = QObject()
        self.me = self


def _cycle_reporting_its_thread(freed_on: list[int]) -> None:
    """The cycle (and its Qt object with it) is freed by one collection; the finalizer says on
    which thread."""
    weakref.finalize(_Holder(), lambda: freed_on.append(threading.get_ident()))


def _allocate_on_a_thread() -> None:
    """Containers by the hundred thousand: the automatic collector's thresholds trip here."""
    worker = threading.Thread(target=lambda: [[] for _ in range(200_000)])
    worker.start()
    worker.join()


def test_without_it_a_background_thread_frees_the_qt_object() -> None:
    """The hazard the collector removes (why the editor needs it)."""
    assert gc.isenabled()
    gc.collect()
    freed_on: list[int] = []
    _cycle_reporting_its_thread(freed_on)
    _allocate_on_a_thread()
    assert freed_on and freed_on[0] != threading.get_ident()


def test_with_it_the_gui_thread_frees_the_qt_object(qtbot: QtBot) -> None:
    gc.collect()
    collector = GuiThreadCollector(interval_ms=10)
    try:
        assert not gc.isenabled()
        freed_on: list[int] = []
        _cycle_reporting_its_thread(freed_on)
        _allocate_on_a_thread()
        assert freed_on == []  # the thread allocated, and collected nothing
        kept = [[] for _ in range(2 * gc.get_threshold()[0])]  # past the first threshold
        qtbot.waitUntil(lambda: bool(freed_on), timeout=5000)
        assert freed_on == [threading.get_ident()]
        assert collector.collections[0] >= 1 and len(kept) > 0
    finally:
        collector.uninstall()
    assert gc.isenabled()


def test_nothing_is_collected_below_the_thresholds(qtbot: QtBot) -> None:
    gc.collect()
    collector = GuiThreadCollector(interval_ms=10_000)
    try:
        collector.check()
        assert collector.collections == [0, 0, 0]
    finally:
        collector.uninstall()
