"""Every pair of hexes at once: which lines no blocking hex or hexside lies on.

For a book whose line of sight is blocked by what lies between the two hexes and nothing else
(Panzer '44 [11.0]: no elevation, blocking terrain never changes during play), the whole map's
answer is a table: :func:`clear_pairs` returns it for every ordered pair of the hexes given,
exactly as the line-by-line answer would (``tests/test_los_allpairs.py`` compares them on every
pair of a book map).

How, and why it is fast: a line's shape depends only on the displacement ``b - a``
(:func:`rules.los.shapes.line_shape`), so the pairs are taken a displacement at a time, all
starting hexes together. The map is a grid of bits (one per hex, column after column); moving a
set of hexes by an offset is shifting that number. For one displacement, the starting hexes
whose line is blocked are the union, over the hexes and hexsides of its shape, of the blocking
bits shifted by that offset: some 50 shifts and ors of a few-thousand-bit integer, instead of 50
set look-ups for each of the 2,000 starting hexes. Lines of most displacements are all blocked
after a few offsets, and the rest of that shape is skipped.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from rules.los.shapes import axis_after, symmetry, traced_shape, traced_sides_by_axis

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: Offsets of a shape taken between two checks of whether every line is blocked already.
_CHECK = 4


class _Grid:
    """The hexes' bounding box, padded, as one bit per cell: cell ``(q, r)`` is bit
    ``(q - q0) * width + (r - r0)``. A line between two hexes of the box meets only hexes
    within one row or column of it (a point of a hex is within 2/3 of its centre in q and r),
    so the padding keeps every offset read of a real pair in its own column."""

    PAD = 2

    def __init__(self, hexes: Sequence[Hex]) -> None:
        qs, rs = [h.q for h in hexes], [h.r for h in hexes]
        self.q0, self.r0 = min(qs) - self.PAD, min(rs) - self.PAD
        self.width = max(rs) - self.r0 + 1 + self.PAD
        self.rows = max(qs) - self.q0 + 1 + self.PAD
        self.size = self.rows * self.width

    def cell(self, q: int, r: int) -> int | None:
        x, y = q - self.q0, r - self.r0
        return x * self.width + y if 0 <= x < self.rows and 0 <= y < self.width else None

    def at(self, h: Hex) -> int:
        """The bit of a hex of the box."""
        return (h.q - self.q0) * self.width + h.r - self.r0

    def bits(self, cells: Collection[tuple[int, int]]) -> int:
        found = 0
        for q, r in cells:
            k = self.cell(q, r)
            if k is not None:
                found |= 1 << k
        return found

    def rows_where(self, dr: int) -> int:
        """The cells from which moving ``dr`` along r stays in the cell's own column."""
        column = sum(1 << y for y in range(self.width) if 0 <= y + dr < self.width)
        repeat = sum(1 << (x * self.width) for x in range(self.rows))
        return column * repeat  # no carries: each column's pattern fits in its width


def _shift(bits: int, offset: int) -> int:
    """Bit ``k`` of the result is bit ``k + offset`` of ``bits``."""
    return bits >> offset if offset >= 0 else bits << -offset


class _Blocking:
    """The blocking hexes and hexsides of the grid as bits, shifted up by the grid's size so
    that reading them at any offset of a pair in the grid is one right shift."""

    def __init__(self, grid: _Grid, hexes: Collection[Hex], sides: Collection[Hexside]) -> None:
        self.grid = grid
        self.lift = grid.size
        self.hexes = grid.bits([(h.q, h.r) for h in hexes]) << self.lift
        self.sides = tuple(
            grid.bits([(s.hex.q, s.hex.r) for s in sides if s.direction == axis]) << self.lift
            for axis in range(3)
        )

    def lines(self, dq: int, dr: int, valid: int) -> int:
        """The starting hexes (bits) whose line to the hex ``(dq, dr)`` away meets a blocking
        hex or hexside; only those of ``valid`` are sure to be worked out to the end."""
        (cq, cr), m = symmetry(dq, dr)
        a, b, c, d = m
        width, lift = self.grid.width, self.lift
        # The symmetry and the grid's columns in one: (x, y) moves to bit x * along + y * across.
        along, across = a * width + c, b * width + d
        blocking, blocked = self.hexes, 0
        for n, (x, y) in enumerate(traced_shape(cq, cr)[0], 1):
            blocked |= blocking >> (x * along + y * across + lift)
            if n % _CHECK == 0 and not valid & ~blocked:
                return blocked
        # A side's bit: its doubled midpoint moved, less its axis's unit vector, halved.
        for axis, group in enumerate(traced_sides_by_axis(cq, cr)):
            if not group or not valid & ~blocked:
                continue
            to, uq, ur = axis_after(m, axis)
            blocking, base = self.sides[to], 2 * lift - uq * width - ur
            for x, y in group:
                blocked |= blocking >> ((x * along + y * across + base) >> 1)
        return blocked


def clear_pairs(
    hexes: Sequence[Hex], blocking_hexes: Collection[Hex], blocking_sides: Collection[Hexside]
) -> npt.NDArray[np.bool_]:
    """Whether no blocking hex and no blocking hexside lies on the line between each ordered
    pair of ``hexes`` (distinct): ``result[i, j]`` for ``hexes[i]`` to ``hexes[j]``. Blocking
    hexes and hexsides need not be among ``hexes``: those near them count too.

    "Lies on the line" as :func:`~rules.los.shapes.line_shape` has it: a hex whose inside it
    passes through (corners clipped included) other than the two ends, either hex of a side
    it runs along, a side it crosses or runs along other than the ends' own sides. So a hex
    sees itself and its neighbours.
    """
    import numpy as np

    if not hexes:
        return np.zeros((0, 0), dtype=np.bool_)
    grid = _Grid(hexes)
    on = grid.bits([(h.q, h.r) for h in hexes])
    blocking = _Blocking(grid, blocking_hexes, blocking_sides)
    span_q = max(h.q for h in hexes) - min(h.q for h in hexes)
    span_r = max(h.r for h in hexes) - min(h.r for h in hexes)
    offsets: list[int] = []
    visible: list[int] = []
    for dr in range(-span_r, span_r + 1):
        in_column = on & grid.rows_where(dr)
        for dq in range(-span_q, span_q + 1):
            flat = dq * grid.width + dr
            valid = in_column & _shift(on, flat)
            if valid:
                offsets.append(flat)
                visible.append(valid & ~blocking.lines(dq, dr, valid))
    index = np.full(grid.size, -1, dtype=np.int64)
    index[[grid.at(h) for h in hexes]] = np.arange(len(hexes))
    # Only the bytes with a bit set are unpacked: a few lines in seven are clear.
    nbytes = (grid.size + 7) // 8
    data = b"".join(v.to_bytes(nbytes, "little") for v in visible)
    raw = np.frombuffer(data, dtype=np.uint8).reshape(len(visible), nbytes)
    which, byte = np.nonzero(raw)
    bits = np.unpackbits(raw[which, byte][:, None], axis=1, bitorder="little")
    row, bit = np.nonzero(bits)
    cells = byte[row] * 8 + bit
    shifts = np.array(offsets, dtype=np.int64)[which[row]]
    result = np.zeros((len(hexes), len(hexes)), dtype=np.bool_)
    result[index[cells], index[cells + shifts]] = True
    return result
