"""Panzer '44's line of sight as a yes/no answer, fast enough to ask for every pair of hexes.

:func:`rules.los.query.line_of_sight` works a line out in full (every hex and hexside, the obstacle
that decides it, the rule and a sentence for the designer). The engine mostly needs only the
verdict, and asks it thousands of times a game (Opportunity Fire lines, indirect fire spotters, the
bots' cover, victory by sight). :class:`SightTable` answers that verdict in a few microseconds, and
exactly the same verdict: ``tests/test_los_fast.py`` compares the two over every pair of a
sample of hexes on each book map.

Why it is fast, and still exact:

- A straight line from the centre of ``a`` to the centre of ``b`` meets the same hexes and
  hexsides, relative to ``a``, wherever ``a`` is: the trace depends only on ``b - a``. So the
  geometry of each displacement is worked out once (:func:`rules.los.shapes.line_shape`: exact
  integer arithmetic, one displacement in twelve traced, the others turned or mirrored from
  it) and kept as two tuples of integer offsets (:func:`_template`); a map of 61 x 34 hexes
  has about 8,000 displacements, shared by every map and game in the process.
- What blocks is read from the map once (:class:`SightTable`): the integer keys of the hexes
  whose terrain blocks [11.11] and of the hexsides with a blocking feature. Panzer '44 has no
  elevation [11.12] and nothing on the map changes during play, so a line is blocked exactly
  when one of its offsets, moved to ``a``, is one of those keys.
- Every pair at once (:meth:`SightTable.clear_pairs`): the same shapes, all starting hexes of
  a displacement together as bits of one integer (:mod:`rules.los.allpairs`).

Panzer '44 [11.0; 11.13], as :func:`rules.panzer44.los.sight` reads it: adjacent hexes always
see each other; otherwise a blocking hex passed through (corners clipped included) other than
the two ends blocks, a blocking hexside crossed or run along blocks unless it is a side of the
firer's or the target's hex, and a line run along a hexside is blocked by blocking terrain in
either hex of that side (our reading, cited there).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.los.allpairs import clear_pairs
from rules.los.shapes import forget_shapes as forget_line_shapes
from rules.los.shapes import line_shape
from rules.los.terrain import terrain_table

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

#: Keys: hex (q, r) -> q * _STRIDE + r, so moving a hex by (dq, dr) adds dq * _STRIDE + dr to its
#: key. Any stride larger than twice the largest |r| keeps keys distinct.
_STRIDE = 1 << 16


def _key(h: Hex) -> int:
    return h.q * _STRIDE + h.r


def _side_key(side: Hexside) -> int:
    """A hexside by its canonical hex and direction (0-2); moving the side moves its hex."""
    return 3 * _key(side.hex) + side.direction


@functools.cache
def _template(dq: int, dr: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What the line from the centre of (0, 0) to the centre of (dq, dr) must not meet, as
    offsets: the hexes (passed through between the ends, and both hexes of a side it runs
    along) and the hexsides (crossed or run along, other than the ends' own sides); for
    adjacent hexes nothing [11.13] (their shape is empty)."""
    shape = line_shape(dq, dr)
    return (
        tuple(q * _STRIDE + r for q, r in shape.hexes),
        tuple(3 * (q * _STRIDE + r) + d for q, r, d in shape.sides),
    )


def forget_shapes() -> None:
    """Empty the process's tables of line shapes (for a benchmark that starts cold)."""
    _template.cache_clear()
    forget_line_shapes()


class SightTable:
    """Panzer '44's verdict for any two hexes of one map: :meth:`clear` is True exactly when
    :func:`rules.los.query.line_of_sight` would not say ``blocked``."""

    def __init__(self, view: MapTerrain) -> None:
        table = terrain_table(GameSystem.PANZER44)
        blocking = {t for t, los in table.items() if los.blocks}
        self._blocking_hexes = tuple(h for h in view.hexes() if view.terrain(h) in blocking)
        self._blocking_sides = tuple(
            side
            for side, features in view.all_hexside_features().items()
            if blocking.intersection(features)
        )
        self._hexes = frozenset(_key(h) for h in self._blocking_hexes)
        self._sides = frozenset(_side_key(side) for side in self._blocking_sides)

    def clear(self, a: Hex, b: Hex) -> bool:
        """Whether the line of sight from ``a`` to ``b`` is clear [11.0]; both must be on the
        map (not checked: the engine only asks about hexes it has placed units in or plotted)."""
        hexes, sides = _template(b.q - a.q, b.r - a.r)
        base = a.q * _STRIDE + a.r
        blocked = self._hexes
        for offset in hexes:
            if base + offset in blocked:
                return False
        if sides:
            base *= 3
            blocked = self._sides
            for offset in sides:
                if base + offset in blocked:
                    return False
        return True

    def clear_pairs(self, hexes: Sequence[Hex]) -> npt.NDArray[np.bool_]:
        """:meth:`clear` for every ordered pair of ``hexes`` at once [11.0; 11.13]:
        ``result[i, j]`` for ``hexes[i]`` to ``hexes[j]``, a numpy array of booleans (the whole
        map of 2,074 hexes in a fraction of a second; :mod:`rules.los.allpairs`)."""
        return clear_pairs(hexes, self._blocking_hexes, self._blocking_sides)
