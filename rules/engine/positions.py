"""Where a game's units stand now, for a map: one :class:`UnitPosition` per unit on the map.

Each system's state lists its units with :meth:`rules.engine.core.State.positions`, so a map view
(the editor's test play) draws any system's game without knowing how the state keeps its
units. Plain values, Qt-free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from model.hexes import Hex


@dataclass(frozen=True)
class UnitPosition:
    """One unit on the map.

    Attributes:
        unit: the unit's game id (``us.M4.1``), as the actions name it.
        side: the owning side's id.
        type_id: the unit type (catalogue entry) it is, for a picture.
        label: a short name for its counter (``M4 1``).
        hex: where it stands.
        facing: the global compass direction it faces (0 N .. 5 NW), or None.
        markers: short states shown on the counter (``Sup``, ``Trk``...), in order.
    """

    unit: str
    side: str
    type_id: str
    label: str
    hex: Hex
    facing: int | None = None
    markers: tuple[str, ...] = ()


def short_label(unit: str) -> str:
    """A game id less its side, as a counter's label: ``german.PzV.3`` -> ``PzV 3``."""
    return " ".join(unit.split(".")[1:]) or unit


def shared_units(views: Mapping[str, Sequence[UnitPosition]]) -> list[UnitPosition]:
    """What every side knows of the units on the map, from each side's view of them
    (:attr:`rules.engine.play.SideView.units`, by side): a screen that any player may be
    looking at (Test Play's hand-over page) shows no more.

    Each side's units as the other sides see them (its owner knows them better): a unit
    hidden from another side is left out, and one that another side sees only as a
    concealed counter under another name (Armor's inverted units [OP X.A]) is shown as that
    counter, where it stands. With several other sides, only what they all see alike; a
    unit of no side in ``views``, only as every view shows it. With one side, its own view."""
    sets = {side: set(units) for side, units in views.items()}
    every = dict.fromkeys(p for units in views.values() for p in units)  # in order, once
    return [p for p in every if all(p in units for side, units in sets.items() if side != p.side)]
