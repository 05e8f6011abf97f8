"""Whole processes, as a user starts them: ``hexwright --help``, ``hexwright validate FILE``,
the editor from launch to its first painted window, and validating every built-in scenario.

Targets (speed issue): ``--help`` <= 100 ms, ``validate FILE`` <= 150 ms, editor start to first
painted window <= 500 ms, all built-in scenarios validated in one process < 1 s.

Each row is the best of several fresh processes (wall time, from before the process starts to
its exit, or to the editor's first paint of its map), with byte-code compiled beforehand as an
installed package has it. Beside each, its baseline in the same run:

- ``--help``: the command line as it was, importing the data model at the top (the same process
  with those imports done first);
- ``validate``: the floor under any validator built on the data model: Python started and the
  scenario models imported, before any file is read;
- the editor: the same window with test play and balance imported before it shows (as they
  were);
- all scenarios: each validated in its own ``hexwright validate`` process, as a script would.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"
RUNS = 5

_OLD_CLI_IMPORTS = (
    "import model.counters, model.edges, model.joins, model.layout, model.mapstate, "
    "model.overlays, model.yamlio"
)

_FIRST_PAINT = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
{before}
from editor.app import MainWindow
from editor.files.recent import default_scenario_path
from model.boardedit import use_board_library

class First(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: (print("painted", flush=True), app.exit(0)))
        return False

app = QApplication(sys.argv[:1])
use_board_library()
window = MainWindow()
window.open_file(default_scenario_path())
first = First()
window.view.viewport().installEventFilter(first)
window.show()
app.exec()
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its byte-code
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def _best(args: list[str], runs: int = RUNS) -> float:
    """Best wall time of ``runs`` fresh processes, in ms (one run first to compile byte-code)."""
    subprocess.run(args, env=_env(), capture_output=True, cwd=ROOT, check=False)
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, env=_env(), capture_output=True, cwd=ROOT, check=False)
        best = min(best, (time.perf_counter() - start) * 1000.0)
    return best


def _cli(*args: str, before: str = "") -> list[str]:
    code = f"{before}\nimport sys\nfrom editor.cli.main import main\nsys.exit(main({list(args)!r}))"
    return [PY, "-c", code]


def _row(what: str, ours: float, base: float, base_name: str, target: float) -> str:
    verdict = "meets" if ours <= target else "MISSES"
    return (
        f"{what:<46} {ours:7.0f} ms   {base_name} {base:7.0f} ms   "
        f"target <= {target:g} ms: {verdict}"
    )


def main() -> list[str]:
    lines = [f"whole processes, best of {RUNS}"]
    help_ours = _best(_cli("--help"))
    help_base = _best(_cli("--help", before=_OLD_CLI_IMPORTS))
    lines.append(_row("hexwright --help", help_ours, help_base, "model imported first", 100))
    val_ours = _best(_cli("validate", "-q", str(DEMO)))
    floor = _best([PY, "-c", "import model.scenario, model.scenario_io"])
    lines.append(_row("hexwright validate (Armor demo)", val_ours, floor, "models alone", 150))
    paint = _best([PY, "-c", _FIRST_PAINT.format(before="")], runs=3)
    paint_base = _best(
        [
            PY,
            "-c",
            _FIRST_PAINT.format(before="import editor.testplay.mode, editor.balance.dialog"),
        ],
        runs=3,
    )
    lines.append(_row("editor start to first painted map", paint, paint_base, "eager", 500))
    scenarios = sorted(str(p) for p in (ROOT / "scenarios").glob("*/*.yaml"))
    all_ours = _best(_cli("validate", "-q", *scenarios), runs=2)
    start = time.perf_counter()
    for name in scenarios:
        subprocess.run(_cli("validate", "-q", name), env=_env(), capture_output=True, cwd=ROOT)
    each = (time.perf_counter() - start) * 1000.0
    lines.append(
        _row(
            f"validate all {len(scenarios)} built-ins, one process",
            all_ours,
            each,
            "one each",
            1000,
        )
    )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
