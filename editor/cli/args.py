"""Argument types for the command line that refuse what would hang or mislead: numbers out of
their range, ``nan`` and infinities, with argparse's own usage error (exit status 2)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def whole(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (None: no upper limit)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is out of range: give {span}")
        return value

    return parse


def number(low: float, high: float) -> Callable[[str], float]:
    """A finite number from ``low`` to ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range: give {low:g} to {high:g}")
        return value

    return parse
