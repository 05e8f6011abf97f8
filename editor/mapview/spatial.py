"""Which of a layer's pieces lie in an area of the map: a bucket grid over their anchor points.

The map view paints the map in tiles (``editor.mapview.tiles``); a tile must not walk every
hexside, road segment and hex label of a 20,000-hex map to find the few dozen it shows.
Each piece is filed under the grid cell of its anchor point (a hex centre, a hexside's middle);
``reach`` is how far from its anchor a piece can draw, so an area grown by it finds every piece
that can touch it. Pieces come back in the order they were given, whichever cells they sit in:
two tiles painting the same piece paint the same layers in the same order, so they meet
without a seam.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Generic, TypeVar

from PySide6.QtCore import QRectF

T = TypeVar("T")


class Buckets(Generic[T]):
    """Pieces by the cell of their anchor point; :meth:`within` an area, in their first order."""

    def __init__(self, pieces: Iterable[tuple[float, float, T]], reach: float, cell: float) -> None:
        self.reach = reach
        self.cell = cell
        cells: dict[tuple[int, int], list[tuple[int, T]]] = {}
        get = cells.get
        for index, (x, y, piece) in enumerate(pieces):  # a hot loop: 40,000 road segments
            key = (int(x // cell), int(y // cell))
            bucket = get(key)
            if bucket is None:
                cells[key] = [(index, piece)]
            else:
                bucket.append((index, piece))
        self._cells = cells

    def within(self, area: QRectF) -> list[T]:
        """The pieces that can draw inside ``area``, in the order they were given."""
        r, c = self.reach, self.cell
        x0, x1 = math.floor((area.left() - r) / c), math.floor((area.right() + r) / c)
        y0, y1 = math.floor((area.top() - r) / c), math.floor((area.bottom() + r) / c)
        found: list[tuple[int, T]] = []
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(self._cells):  # a large area: walk the cells
            for (x, y), pieces in self._cells.items():
                if x0 <= x <= x1 and y0 <= y <= y1:
                    found.extend(pieces)
        else:
            for x in range(x0, x1 + 1):
                for y in range(y0, y1 + 1):
                    found.extend(self._cells.get((x, y), ()))
        found.sort(key=lambda p: p[0])
        return [piece for _, piece in found]
