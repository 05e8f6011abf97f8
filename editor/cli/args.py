"""Argument types for the command line that refuse what would hang or mislead: numbers out of
their range, ``nan`` and infinities, with argparse's own usage error (exit status 2)."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence


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


def bots_of(text: str, sides: Sequence[str]) -> list[str]:
    """``--bots``: one bot for every side, or one per side in the scenario's order, each a
    bot's name (:data:`rules.bots.base.BOT_NAMES`). Raises ValueError with the message.

    Why one place: ``play`` and ``balance`` wanted one per side while ``tune`` and ``sweep``
    took one for every side, and ``balance --bots heuristic`` was refused."""
    from rules.bots.base import BOT_NAMES

    bots = [b.strip() for b in text.split(",")]
    if len(bots) == 1:
        bots = bots * len(sides)
    if len(bots) != len(sides) or any(b not in BOT_NAMES for b in bots):
        raise ValueError(
            f"--bots: one of {', '.join(BOT_NAMES)} for every side, or one per side "
            f"({', '.join(sides)}), not '{text}'"
        )
    return bots
