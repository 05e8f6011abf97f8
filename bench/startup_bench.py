"""Whole processes, as a user starts them: ``hexwright --help``, ``hexwright validate FILE``,
the editor from launch to its first painted window, and validating every built-in scenario.

Targets (speed issue): ``--help`` <= 100 ms, ``validate FILE`` <= 150 ms, editor start to first
painted window <= 500 ms, all built-in scenarios validated in one process < 1 s.

Each row is the best of several fresh processes (wall time, from before the process starts to
its exit; the editor's process ends at the first paint of its map), with byte-code compiled
beforehand as an installed package has it, and beside it the best CPU time (user + system)
of the same runs: on a loaded machine the wall time measures the other work, the CPU time
what the process itself costs; the load average is printed first. Beside each, its baseline
in the same run:

- ``--help``: the command line as it was, importing the data model at the top (the same process
  with those imports done first);
- ``validate``: the floor under any validator built on the data model: Python started and the
  scenario models imported, before any file is read;
- the editor: the same window with test play and balance imported before it shows (as they
  were);
- all scenarios: each validated in its own ``hexwright validate`` process, as a script would.

The data cache (:mod:`model.datacache`) is warm in every row but one: each row's first,
untimed run fills it, as a user's first run does; ``validate, nothing kept`` turns it off
(``HEXWRIGHT_CACHE=''``): what a first run after an install or an edit of the data costs.

Measured 2026-12-04 (CPU ms, best of 5, 3 for the editor; ``--against`` main, interleaved),
on two cores under a load average of 9-10 (other helpers' test runs and a nice-19 fuzz
campaign), which inflates CPU time too: main's ``validate`` read 402 at a load of 1.0 the same
morning, 551 at 9. This code beside main at load 9-10:

- ``--help`` 76 (main 77), wall 156 (155): meets the target in CPU, untouched here;
- ``validate FILE`` 393 (main 551), wall 804 (1104); with nothing kept 509 (560), wall 1027
  (1136); "models alone" 288 (437): pydantic builds a class's validator on its first use
  (``defer_build``), not at import;
- the editor's first paint 1037 (main 1146), wall 2153 (2311) (then timed to the process's
  exit, its teardown included: see below for the figures since);
- all 37 built-ins in one process 1226 (main 1432), wall 3060 (3014).

What stands in the way (CPU ms inside one ``validate`` process at load 9, best of 5; about
three quarters of these figures at a load of 1): pydantic and ``BaseModel`` imported 60, PyYAML
and rapidyaml 15, the command line and the systems 15, the model modules 93 (their 136 classes
still made at import: pydantic collects every field's annotation even when it defers the
build), the checks' modules 20; then the file's own work only 43 (read, the kept scenario, three
kept boards, cross-references 22; the checks, with the Armor rules they import, 21). So about
200 of ``validate``'s time is imports before any file is read: 150 ms needs a process that
does not import pydantic's model machinery at all (a validator compiled ahead, or a
resident process), not a faster validation. A changed file also builds the scenario model's
validator (about 45 at load 1), which only such a precompiled validator would spare. All
built-ins in one process: the reach check's movement-cost walks (a quarter) and the regions,
the file's own work, not start-up.

The editor, measured 2026-12-04 afternoon (branch editor-startup beside main, interleaved,
CPU ms, best of 3, load average 6-8 on the two cores; the harness now ends the process at the
first paint, ``os._exit``, instead of timing Qt's and Python's teardown, about 80-170 ms
more): first paint 578 (main 788), wall 1188 (1597); another run 587 (768), wall 1206 (1605);
timed to the exit as before, 706 (main 939), wall 1441 (1995). Where the time went, and what
was done (CPU ms at load 7, one process):

- Python 20, Qt imported 77;
- the editor's modules 290 (main 320): the data models and pydantic about half; help (and its
  package metadata), the card and PDF writers, the LOS rules and the checks' package (every
  rule engine's checks) are imported when first used, the Order of Battle, Budget and
  Scenario panels' modules when those docks are first seen (:mod:`editor.lazyfill`);
- the window 27 (main 58): the docks behind another tab at start (Order of Battle, Budget,
  Scenario, Overlays) are made and filled when first seen (their dock's ``visibilityChanged``)
  or asked for (the window's ``oob_panel``, ``budget_panel``, ``rules_panel``,
  ``overlay_panel``); the LOS heights when the Line of Sight dock is first seen;
- opening the scenario 72 (main 128): the document 30, the map's painter 31, Sections 7;
- the first paint 56 (the map's tiles about 46). It no longer waits behind the Sections
  thumbnails (drawn one a turn once the palette has painted, on a paper-coloured sheet till
  then), the overview (drawn once the map has painted, its paper shown till then), nor the
  checks (their worker shared the interpreter; it starts 300 ms after the first paint).

What remains is mostly imports: the models with pydantic (about 150) and Qt (about 80). 500 ms
is missed at these loads; at a load of 1 the CPU time would be about 420 if it shrinks as the
``validate`` row's did (402 at 1, 551 at 9): not measured, no quiet machine was to be had.

``python -m bench.startup_bench --against /path/to/other/checkout`` also times every row with
that checkout's code (its own scenarios, the same interpreter), the two interleaved run by run,
so a change is compared with main's in one run under the same load.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"
RUNS = 5

_OLD_CLI_IMPORTS = (
    "import model.counters, model.edges, model.joins, model.layout, model.mapstate, "
    "model.overlays, model.yamlio"
)

#: The data cache off (model.datacache): what a first run, or a changed file, costs.
_NO_CACHE = "import os; os.environ['HEXWRIGHT_CACHE'] = ''"

#: The editor as ``hexwright`` starts it, up to the first paint of its map: then the process
#: ends at once (``os._exit``), its teardown (Qt's widgets and Python's modules freed, about
#: 80 ms) being no part of the start.
_FIRST_PAINT = """
import os, sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
{before}
from editor.app import MainWindow
from editor.files.recent import default_scenario_path
from model.boardedit import use_board_library

class First(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, lambda: (print("painted", flush=True), os._exit(0)))
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


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root)  # this checkout's code, whatever the installed one is
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its byte-code
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


class Timing(NamedTuple):
    """The best wall and the best CPU time (user + system) of some processes, in ms."""

    wall: float
    cpu: float


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000.0


def _run(args: list[str], root: Path) -> Timing:
    """One fresh process in checkout ``root``: its wall time and its CPU time."""
    cpu = _children_cpu()
    start = time.perf_counter()
    subprocess.run(args, env=_env(root), capture_output=True, cwd=root, check=False)
    return Timing((time.perf_counter() - start) * 1000.0, _children_cpu() - cpu)


def _best(args: list[str], roots: list[Path], runs: int = RUNS) -> list[Timing]:
    """Best wall and CPU time of ``runs`` fresh processes in each checkout, interleaved (one
    run first to compile byte-code)."""
    for root in roots:
        _run(args, root)
    timings: list[list[Timing]] = [[] for _ in roots]
    for _ in range(runs):
        for found, root in zip(timings, roots, strict=True):
            found.append(_run(args, root))
    return [Timing(min(t.wall for t in ts), min(t.cpu for t in ts)) for ts in timings]


def _cli(*args: str, before: str = "") -> list[str]:
    code = f"{before}\nimport sys\nfrom editor.cli.main import main\nsys.exit(main({list(args)!r}))"
    return [PY, "-c", code]


def _row(what: str, ours: Timing, base: Timing, base_name: str, target: float) -> str:
    verdict = "meets" if ours.wall <= target else "MISSES"
    if ours.wall > target >= ours.cpu:
        verdict += " (its CPU time meets it)"
    return (
        f"{what:<46} {ours.wall:7.0f} ms (CPU {ours.cpu:5.0f})   "
        f"{base_name} {base.wall:7.0f} ms (CPU {base.cpu:5.0f})   "
        f"target <= {target:g} ms: {verdict}"
    )


def main(against: Path | None = None) -> list[str]:
    roots = [ROOT] if against is None else [ROOT, against.resolve()]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"whole processes, best of {RUNS}; load average {load} on {os.cpu_count()} CPUs"]
    demo = str(DEMO.relative_to(ROOT))
    scenarios = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scenarios").glob("*/*.yaml"))
    eager = "import editor.testplay.mode, editor.balance.dialog"
    rows = [
        ("hexwright --help", _cli("--help"), _cli("--help", before=_OLD_CLI_IMPORTS), 100),
        (
            "hexwright validate (Armor demo)",
            _cli("validate", "-q", demo),
            [PY, "-c", "import model.scenario, model.scenario_io"],
            150,
        ),
        (
            "hexwright validate, nothing kept (cold cache)",
            _cli("validate", "-q", demo, before=_NO_CACHE),
            [PY, "-c", "import model.scenario, model.scenario_io"],
            150,
        ),
        (
            "editor start to first painted map",
            [PY, "-c", _FIRST_PAINT.format(before="")],
            [PY, "-c", _FIRST_PAINT.format(before=eager)],
            500,
        ),
    ]
    names = ("model imported first", "models alone", "models alone", "eager")
    for (what, ours, base, target), base_name in zip(rows, names, strict=True):
        runs = 3 if "editor" in what else RUNS
        found, based = _best(ours, roots, runs), _best(base, roots, runs)
        for root, timing, baseline in zip(roots, found, based, strict=True):
            lines.append(_row(_label(what, root), timing, baseline, base_name, target))
    everything = _cli("validate", "-q", *scenarios)
    found = _best(everything, roots, runs=2)
    for root, timing in zip(roots, found, strict=True):
        singles = [_run(_cli("validate", "-q", name), root) for name in scenarios]
        each = Timing(sum(t.wall for t in singles), sum(t.cpu for t in singles))
        what = f"validate all {len(scenarios)} built-ins, one process"
        lines.append(_row(_label(what, root), timing, each, "one each", 1000))
    return lines


def _label(what: str, root: Path) -> str:
    return what if root == ROOT else f"  {root.name}: {what}"


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--against", type=Path, help="another checkout to time beside this one")
    print("\n".join(main(parser.parse_args().against)))
