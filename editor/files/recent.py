"""The user's settings, the built-in scenarios, and File > Open Recent."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QMenu, QWidget


def settings() -> QSettings:
    """The user's settings (``HEXWRIGHT_SETTINGS`` names another file, for tests).

    A settings file that is there but not a regular file (a pipe, a link to a device) is not
    opened: Qt reads it as the settings are made, and a pipe held the editor's start for
    ever. The settings are then kept in a file of this run's own, and not remembered."""
    override = os.environ.get("HEXWRIGHT_SETTINGS")
    where = Path(override) if override else _native_file()
    if where is not None and where.exists() and not where.is_file():
        return QSettings(str(_stand_in(str(where))), QSettings.Format.IniFormat)
    if override:
        return QSettings(override, QSettings.Format.IniFormat)
    return QSettings("Hexwright", "hexwright")


def _native_file() -> Path | None:
    """Where Qt keeps the settings on a platform that keeps them in a file (Linux and other
    Unixes: ``$XDG_CONFIG_HOME/Hexwright/hexwright.conf``); None on Windows (the registry)
    and macOS (the preferences system)."""
    if sys.platform.startswith(("win", "darwin")):
        return None
    config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    return Path(config) / "Hexwright" / "hexwright.conf"


@functools.cache
def _stand_in(unusable: str) -> Path:
    """A settings file for this run, in place of ``unusable`` (said once in the log)."""
    import atexit
    import logging
    import tempfile

    handle, name = tempfile.mkstemp(prefix="hexwright-settings-", suffix=".ini")
    os.close(handle)
    atexit.register(Path(name).unlink, missing_ok=True)
    logging.getLogger("hexwright.files").warning(
        "%s is not a regular file: settings are not kept this run (remove it)", unusable
    )
    return Path(name)


def default_scenario_path() -> Path:
    """The built-in scenario the editor opens with."""
    from editor.cli.main import DEFAULT_SCENARIO

    return Path(str(resources.files("scenarios") / DEFAULT_SCENARIO))


def is_built_in(path: Path) -> bool:
    """Whether a file is one of Hexwright's built-in scenarios (however the path is written:
    ``tests/../scenarios/...`` is one too), which are never saved over."""
    return path.resolve().is_relative_to(_built_in_folder().resolve())


def _built_in_folder() -> Path:
    return Path(str(resources.files("scenarios")))


class RecentFiles:
    """File > Open Recent: the scenarios the user opened or saved last, newest first (the
    built-in ones are always at hand, so they are not listed)."""

    #: How many files the menu keeps.
    RECENT = 10

    def __init__(self, parent: QWidget, open_file: Callable[[str], object]) -> None:
        self.menu = QMenu("Open &Recent", parent)
        self._open_file = open_file
        self.fill()

    def files(self) -> list[str]:
        """The files remembered that are still there, the first :attr:`RECENT` of them (a
        settings file edited by hand to list 100,000 filled the menu with them all)."""
        value = settings().value("recent_files", [])
        # One file comes back from an INI file as a string, more as a list.
        files = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        found: list[str] = []
        for f in files:
            name = str(f)
            if name not in found and Path(name).is_file():
                found.append(name)
                if len(found) == self.RECENT:
                    break
        return found

    def remember(self, path: Path) -> None:
        if is_built_in(path):
            return
        name = str(path.resolve())
        files = [name, *(f for f in self.files() if f != name)][: self.RECENT]
        settings().setValue("recent_files", files)
        self.fill()

    def fill(self) -> None:
        self.menu.clear()
        files = self.files()
        for name in files:
            action = self.menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _checked=False, name=name: self._open_file(name))
        self.menu.setEnabled(bool(files))
