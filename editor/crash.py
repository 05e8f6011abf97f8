"""An error nobody caught: a bug. Python prints its traceback to a terminal the user of a
desktop application never sees, and the editor goes on as if nothing happened. Instead
(:func:`install`, at start): the traceback goes to the log, the document's recovery copy is
written at once (whatever the bug left behind, the last edit is not lost) and a test game
being played is saved as a replay beside the log, to play it again up to the bug. The status
bar says so in a line, and a window (not modal, one at a time: a bug hit on every bot move
does not bury the user in windows) says what happened, where the log and the game are, and
that the work is kept. The editor goes on; a terminal still gets the traceback.

An error nobody caught in another thread (``threading.excepthook``: a worker's own bug) is
told the same way, on the GUI thread: its window is never touched from the worker.

A failure of this handler itself falls back to Python's own (never a loop of errors), and
Ctrl+C in the terminal stays Python's.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from editor.logs import log_file

LOG = logging.getLogger("hexwright.crash")
TITLE = "Hexwright hit a bug"

Hook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


class _Window(Protocol):
    def say(self, text: str, error: bool = False) -> None: ...

    def autosave_now(self) -> None: ...

    def keep_game(self) -> Path | None: ...


def words(error: BaseException) -> str:
    """The error in one short line, as the status bar says it."""
    text = " ".join(str(error).split())
    if len(text) > 80:
        text = text[:77] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def told(error: BaseException, game: Path | None) -> str:
    """What the bug's window says."""
    found = [
        f"Something went wrong inside Hexwright: {words(error)}.",
        "Your work is kept: what is not saved yet is in the scenario's recovery copy, "
        "written now, and your files are as you last saved them.",
        f"The details are in the log, {log_file()} (Help > Open Log Folder).",
    ]
    if game is not None:
        found.append(
            f"The test game is saved beside it as {game.name}: Open Replay plays it again "
            "up to the bug."
        )
    found.append("Hexwright goes on; if something looks wrong, save and restart it.")
    return "\n\n".join(found)


class _Relay(QObject):
    """Made on the GUI thread: a worker's emit is queued to it, and told there."""

    caught = Signal(object, object, object)


def install(window: _Window) -> Hook:
    """Make ``window`` tell of errors nobody caught, on any thread; returns the hook it
    replaced (``sys.excepthook``; ``threading.excepthook`` is replaced too)."""
    previous = sys.excepthook
    shown: list[QMessageBox] = []

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        previous(kind, error, tb)  # the terminal's traceback, as before
        if not issubclass(kind, Exception):
            return  # Ctrl+C, SystemExit: Python's
        try:
            LOG.error("an error nobody caught (a bug)", exc_info=(kind, error, tb))
            window.autosave_now()
            game = window.keep_game()
            window.say(
                f"{TITLE} ({words(error)}); your work is kept. Help > Open Log Folder",
                error=True,
            )
            if shown and shown[0].isVisible():
                return  # one window at a time; the log has every bug
            for old in shown:
                old.deleteLater()
            shown.clear()
            parent = window if isinstance(window, QWidget) else None
            box = QMessageBox(QMessageBox.Icon.Warning, TITLE, told(error, game), parent=parent)
            box.setWindowModality(Qt.WindowModality.NonModal)
            shown.append(box)
            box.show()
        except Exception:  # the handler's own failure: Python's words, never a loop
            previous(*sys.exc_info())

    relay = _Relay(window if isinstance(window, QWidget) else None)
    relay.caught.connect(hook)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return  # a thread's own way to end, as Python's hook has it
        error = args.exc_value if args.exc_value is not None else args.exc_type()
        if threading.current_thread() is threading.main_thread():
            hook(args.exc_type, error, args.exc_traceback)
        else:
            try:
                relay.caught.emit(args.exc_type, error, args.exc_traceback)
            except RuntimeError:  # the window is gone: Python's own words
                threading.__excepthook__(args)

    sys.excepthook = hook
    threading.excepthook = thread_hook
    return previous
