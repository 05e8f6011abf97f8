"""Words shared by the systems' invariants (each system's ``invariants.py``, asked by the fuzz
campaign after every action and of every position file read)."""

from __future__ import annotations

from collections.abc import Collection, Iterable


def on_map_and_gone(unit: str, gone: Iterable[tuple[str, Collection[str]]]) -> list[str]:
    """What is wrong of a unit on the map that a list of units gone from it holds too: each
    ``(where, units)`` pair names the list (``"eliminated [§11.1]"``) and its units."""
    return [f"{unit} is on the map and {where}" for where, units in gone if unit in units]
