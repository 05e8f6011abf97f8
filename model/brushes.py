"""Brush shapes: which hexes one touch of a brush covers (one hex, line, radius, flood fill).

Pure functions over the map, so the editor's tools and scripts share them; the document turns
the hexes into one undoable edit.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Hashable
from enum import Enum

from model.hexes import Hex, hex_line, within


class BrushShape(Enum):
    ONE = "one hex"
    LINE = "line"
    RADIUS = "radius"
    FLOOD = "flood fill"


def line(a: Hex, b: Hex, on_map: Container[Hex]) -> list[Hex]:
    """The hexes of the straight line from ``a`` to ``b`` that are on the map (where the line
    runs along a hexside, the hexes on its right: a painted line stays contiguous)."""
    return [h for h in hex_line(a, b) if h in on_map]


def radius(center: Hex, distance: int, on_map: Container[Hex]) -> list[Hex]:
    """Every map hex within ``distance`` of ``center`` (0: the hex alone)."""
    return [h for h in within(center, max(0, distance)) if h in on_map]


#: The most hexes one flood fill may change: a designer filling "clear" on a 20,000-hex map by
#: mistake gets a refusal, not a frozen window.
FLOOD_LIMIT = 5000


class FloodTooLargeError(ValueError):
    """The region is larger than :data:`FLOOD_LIMIT`."""


def flood(
    start: Hex,
    key: Callable[[Hex], Hashable],
    on_map: Container[Hex],
    limit: int = FLOOD_LIMIT,
) -> list[Hex]:
    """The connected region around ``start`` whose hexes share ``key(start)`` (for example the
    same terrain), in breadth-first order.

    Raises:
        FloodTooLargeError: when the region has more than ``limit`` hexes.
    """
    if start not in on_map:
        return []
    wanted = key(start)
    seen = {start}
    queue = deque([start])
    region: list[Hex] = []
    while queue:
        h = queue.popleft()
        region.append(h)
        if len(region) > limit:
            raise FloodTooLargeError(
                f"the region is larger than {limit} hexes; paint it with the radius brush"
            )
        for n in h.neighbors():
            if n not in seen and n in on_map and key(n) == wanted:
                seen.add(n)
                queue.append(n)
    return region
