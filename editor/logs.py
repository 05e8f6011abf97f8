"""The editor's log: warnings and errors the user was told of in passing (a failed autosave, a
save refused by the disk, a recovery copy that would not restore, a check that crashed) go to
a log file in the platform's log folder, with Python's :mod:`logging`, so they can be found
after the status bar has moved on: Help > Open Log Folder.

``HEXWRIGHT_LOGS`` names another folder (tests).
"""

from __future__ import annotations

import logging
import os
from logging.handlers import RotatingFileHandler
from pathlib import Path

import platformdirs

#: The logger every part of the editor writes to (``logging.getLogger("hexwright.…")``).
LOGGER = "hexwright"
LOGS_ENV = "HEXWRIGHT_LOGS"


def log_dir() -> Path:
    """Where the log file is: the platform's convention (``~/.local/state/hexwright/log`` on
    Linux, ``~/Library/Logs/hexwright`` on macOS, ``%LOCALAPPDATA%\\hexwright\\Logs`` on
    Windows), or ``$HEXWRIGHT_LOGS``."""
    override = os.environ.get(LOGS_ENV)
    if override:
        return Path(override)
    return platformdirs.user_log_path("hexwright", appauthor=False)


def log_file() -> Path:
    return log_dir() / "hexwright.log"


def start_logging() -> Path | None:
    """Send the editor's warnings and errors to the log file (kept to a few hundred KB);
    the file, or None when the folder cannot be written or the log is not a regular file
    (then they go nowhere, and the editor still runs: a pipe in the log's place held its
    start for ever, opening it to write)."""
    logger = logging.getLogger(LOGGER)
    logger.setLevel(logging.INFO)
    path = log_file()
    if any(getattr(h, "baseFilename", None) == str(path) for h in logger.handlers):
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and not path.is_file():
            return None
        handler = RotatingFileHandler(path, maxBytes=256_000, backupCount=2, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path
