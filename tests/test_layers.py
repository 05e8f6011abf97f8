"""model and rules never import Qt: checked in a fresh interpreter (import-linter checks the code)."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("package", ["model", "rules"])
def test_importing_does_not_load_qt(package: str) -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        f"import {package}\n"
        f"for info in pkgutil.walk_packages({package}.__path__, '{package}.'):\n"
        "    importlib.import_module(info.name)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'editor')))\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
