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
  geometry of each displacement is traced once (:func:`rules.los.geometry.trace`, exact integer
  arithmetic) and kept as two tuples of integer offsets (:func:`_template`); a map of 61 x 34
  hexes has about 14,000 displacements, shared by every map and game in the process.
- What blocks is read from the map once (:class:`SightTable`): the integer keys of the hexes
  whose terrain blocks [11.11] and of the hexsides with a blocking feature. Panzer '44 has no
  elevation [11.12] and nothing on the map changes during play, so a line is blocked exactly
  when one of its offsets, moved to ``a``, is one of those keys.

Panzer '44 [11.0; 11.13], as :func:`rules.panzer44.los.sight` reads it: adjacent hexes always
see each other; otherwise a blocking hex passed through (corners clipped included) other than
the two ends blocks, a blocking hexside crossed or run along blocks unless it is a side of the
firer's or the target's hex, and a line run along a hexside is blocked by blocking terrain in
either hex of that side (our reading, cited there).
"""

from __future__ import annotations

import functools

from model.hexes import Hex, Hexside
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.los.geometry import AlongStep, CrossStep, HexStep, trace
from rules.los.terrain import terrain_table

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
    along) and the hexsides (crossed or run along, other than the ends' own sides)."""
    a, b = Hex(0, 0), Hex(dq, dr)
    if a.distance(b) <= 1:
        return (), ()  # [11.13]: nothing lies between adjacent hexes but their common side
    ends = {Hexside.of(h, d) for h in (a, b) for d in range(6)}
    hexes: list[int] = []
    sides: list[int] = []
    for step in trace(a, b).steps:
        if isinstance(step, HexStep):
            if step.hex not in (a, b):
                hexes.append(_key(step.hex))
        elif isinstance(step, CrossStep | AlongStep):
            if step.side not in ends:
                sides.append(_side_key(step.side))
            if isinstance(step, AlongStep):
                hexes.extend((_key(step.left), _key(step.right)))
    return tuple(dict.fromkeys(hexes)), tuple(dict.fromkeys(sides))


def forget_shapes() -> None:
    """Empty the process's table of line shapes (for a benchmark that starts cold)."""
    _template.cache_clear()


class SightTable:
    """Panzer '44's verdict for any two hexes of one map: :meth:`clear` is True exactly when
    :func:`rules.los.query.line_of_sight` would not say ``blocked``."""

    def __init__(self, view: MapTerrain) -> None:
        table = terrain_table(GameSystem.PANZER44)
        blocking = {t for t, los in table.items() if los.blocks}
        self._hexes = frozenset(_key(h) for h in view.hexes() if view.terrain(h) in blocking)
        self._sides = frozenset(
            _side_key(side)
            for side, features in view.all_hexside_features().items()
            if blocking.intersection(features)
        )

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
