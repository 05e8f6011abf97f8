"""The user's settings, the built-in scenarios, and File > Open Recent."""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QWidget


def settings() -> QSettings:
    """The user's settings (``HEXWRIGHT_SETTINGS`` names another file, for tests)."""
    override = os.environ.get("HEXWRIGHT_SETTINGS")
    if override:
        return QSettings(override, QSettings.Format.IniFormat)
    return QSettings("Hexwright", "hexwright")


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
