"""Printed grids: column/row numbering, half-hexes on board edges, and pixel layout.

Every book numbers hexes CCRR (column, then row; rows grow southward) on flat-topped hexes in
vertical columns. The books differ in which printed columns sit half a hex lower
(``docs/geometry.md``): Panzer '44 shifts its even columns, Soldiers and Armor their
odd ones. :class:`PrintedGrid` converts a board's printed ``(column, row)`` to a local axial
:class:`~model.hexes.Hex` and back.

A section whose long edges are cut straight, as geomorphic boards are, has half-hexes there:
the lower columns lose half a hex at the north edge and the south edge. Armor's sections have
this shape: higher columns hold full rows ``first_row..last_row``, lower columns hold half a hex
at ``first_row - 1``, full rows ``first_row..last_row - 1`` and half a hex at ``last_row``.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from model.hexes import Hex

SQRT3: Final = math.sqrt(3.0)


class Parity(enum.StrEnum):
    """Which printed columns sit half a hex lower than their neighbours."""

    ODD = "odd"
    EVEN = "even"


class CellKind(enum.StrEnum):
    """How much of a hex a board section holds.

    ``NORTH_HALF`` is the northern half of a hex cut by the section's south edge; ``SOUTH_HALF``
    the southern half of a hex cut by its north edge. A flipped section swaps them.
    """

    FULL = "full"
    NORTH_HALF = "north-half"
    SOUTH_HALF = "south-half"

    def flipped(self) -> CellKind:
        if self is CellKind.NORTH_HALF:
            return CellKind.SOUTH_HALF
        if self is CellKind.SOUTH_HALF:
            return CellKind.NORTH_HALF
        return self

    def completes(self, other: CellKind) -> bool:
        """True when the two halves make one whole hex."""
        return {self, other} == {CellKind.NORTH_HALF, CellKind.SOUTH_HALF}


@dataclass(frozen=True, slots=True)
class PrintedGrid:
    """A board's printed numbering and extent.

    Attributes:
        first_column, last_column: printed column numbers at the west and east edges.
        first_row, last_row: printed rows of the higher columns' full hexes.
        lower_columns: which printed columns sit half a hex lower.
        half_hex_edges: whether the north and south edges cut hexes in half (geomorphic
            sections) or follow the hexes' outline (a single fixed map).
        paths_cross_ends: whether a path that ends at the east or west end of the section runs
            on into the path that ends next to it on a section laid end to end
            (:attr:`model.layout.AssembledMap.paths_across_joins`).
    """

    first_column: int
    last_column: int
    first_row: int
    last_row: int
    lower_columns: Parity
    half_hex_edges: bool
    paths_cross_ends: bool = False

    def is_lower(self, column: int) -> bool:
        """True for a printed column that sits half a hex lower than its neighbours."""
        return (column % 2 == 1) == (self.lower_columns is Parity.ODD)

    def to_hex(self, column: int, row: int) -> Hex:
        """Local axial coordinates of printed ``(column, row)``; no check that it is on the board.

        Why this formula: axial ``r`` must drop by one every two columns; the lower columns
        round the other way so that their hexes sit half a hex further south.
        """
        if self.lower_columns is Parity.ODD:
            return Hex(column, row - (column - (column & 1)) // 2)
        return Hex(column, row - (column + (column & 1)) // 2)

    def to_printed(self, h: Hex) -> tuple[int, int]:
        """Printed ``(column, row)`` of a local hex (the inverse of :meth:`to_hex`)."""
        column = h.q
        if self.lower_columns is Parity.ODD:
            return column, h.r + (column - (column & 1)) // 2
        return column, h.r + (column + (column & 1)) // 2

    def rows_in(self, column: int) -> Iterator[tuple[int, CellKind]]:
        """Printed rows of one column, north to south, with how much of each hex is on board."""
        if not (self.half_hex_edges and self.is_lower(column)):
            for row in range(self.first_row, self.last_row + 1):
                yield row, CellKind.FULL
            return
        yield self.first_row - 1, CellKind.SOUTH_HALF
        for row in range(self.first_row, self.last_row):
            yield row, CellKind.FULL
        yield self.last_row, CellKind.NORTH_HALF

    def cells(self) -> Iterator[tuple[int, int, CellKind]]:
        """Every ``(column, row, kind)`` of the board, column by column."""
        for column in range(self.first_column, self.last_column + 1):
            for row, kind in self.rows_in(column):
                yield column, row, kind

    @property
    def columns(self) -> int:
        return self.last_column - self.first_column + 1

    @property
    def rows(self) -> int:
        return self.last_row - self.first_row + 1


def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of a flat-topped hex in pixels (y down); ``size`` is the centre-to-corner radius."""
    return size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)


def pixel_to_hex(x: float, y: float, size: float) -> Hex:
    """The hex containing pixel ``(x, y)``; the inverse of :func:`hex_to_pixel`."""
    fq = (2.0 / 3.0 * x) / size
    fr = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / size
    return cube_round(fq, fr)


def cube_round(fq: float, fr: float) -> Hex:
    """The hex nearest fractional axial coordinates."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def hex_corners(h: Hex, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, clockwise from the east corner (y down)."""
    cx, cy = hex_to_pixel(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
