"""Where a game's units stand now, for a map: one :class:`UnitPosition` per unit on the map.

Each system's state lists its units with :meth:`rules.engine.core.State.positions`, so a map view
(the editor's test play) draws any system's game without knowing how the state keeps its
units. Plain values, Qt-free.
"""

from __future__ import annotations

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
