"""Timing helpers: best of several runs, reported in milliseconds; the baseline checkout and the
clean environment the game benches run their child processes in."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def best_ms(func: Callable[[], Any], repeat: int = 7) -> float:
    """The fastest of ``repeat`` runs, in milliseconds (the least disturbed by other load)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times) * 1000.0


def row(name: str, ours: float, baseline: float, target: float | None) -> str:
    verdict = "" if target is None else ("meets" if ours <= target else "MISSES")
    goal = "" if target is None else f"target < {target:.0f} ms, {verdict}"
    speedup = baseline / ours
    return f"{name:<46} {ours:8.1f} ms   baseline {baseline:8.1f} ms   x{speedup:5.1f}   {goal}"


def clean_env() -> dict[str, str]:
    """This environment without PYTHONDONTWRITEBYTECODE (an installed package has its byte-code)
    and PYTHONPATH (each child imports the checkout it runs in)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("PYTHONPATH", None)
    return env


def baseline_checkout(rev: str) -> Path:
    """main's code at ``rev`` (before a speed change), in a scratch folder (extracted once);
    ``HEXWRIGHT_BASELINE`` names another checkout instead."""
    given = os.environ.get("HEXWRIGHT_BASELINE")
    if given:
        return Path(given)
    folder = Path(tempfile.gettempdir()) / f"hexwright-baseline-{rev}"
    if not (folder / "rules").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def load_average() -> str:
    """The machine's load averages (1, 5, 15 minutes), printed beside a figure taken under load."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"
