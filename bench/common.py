"""Timing helpers: best of several runs, reported in milliseconds."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


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
