"""Armor's range: the Range Scale laid from Dot to Dot [AG III.D], not the count of hexes.

The book measures every range for sighting and firing with the Range Scales, whose marks are
exactly one hex distance apart: the "1" end on the firer's (or sighter's) Dot, the edge run to
the target's Dot; a mark falling exactly on the Dot gives the number printed before that mark
[AG III.D.1.a], otherwise the range is the number of the section that covers the Dot
[AG III.D.1.b]. Section ``k`` of the scale covers the distances from ``k - 1`` to ``k`` hex
distances from the firer's Dot, the far end included, so the range is the straight distance
between the two Dots in hex distances, rounded up.

On Armor's grid (flat-topped hexes in vertical columns, odd columns lower [AG VI.C; see
``model.grid``]) the Dots are the hex centres. Every layout joins the sections on one lattice
(a whole-hex offset, perhaps a half turn: :mod:`model.layout`), so the distance between two
Dots follows from the axial difference ``(dq, dr)`` alone, whatever the sections and their
join: its square is ``dq² + dq·dr + dr²`` hex distances squared, an integer, so the range is
worked out exactly (no floating point at a mark).

What that gives: along one of the six hex directions the Dots lie on the scale's marks, and
the range equals the hex count; off those lines the straight line is shorter than the path of
hexes. With ``a`` steps one way and ``b`` steps 60 degrees off it (``a + b`` hexes counted),
the square is ``(a + b)² - a·b``: the range is one less than the count from 4 and 4 hexes
(8 counted, range 7) or 3 and 5 (a mark exactly on the Dot: 7), two less from 8 and 8 (16
counted, range 14); never less than ``sqrt(3)/2`` of the count. The book's own ranges agree:
4032 to 3331 and 3328 to 4032 on section L are both 7 [AG VI.C.1.a, VI.C.2.a] (the first 6.08
hex distances, the second exactly 7, on a mark).

Ranges over 48 hexes are measured by leap-frogging the scales [AG III.D.3]; our reading: the
same straight measure, as leap-frogged scales laid along one straight edge give it.
"""

from __future__ import annotations

import math

from model.hexes import Hex

RULE = "Armor [AG III.D]"


def range_between(a: Hex, b: Hex) -> int:
    """The range from ``a``'s Dot to ``b``'s by the Range Scale [AG III.D]; 0 for one hex."""
    dq, dr = b.q - a.q, b.r - a.r
    squared = dq * dq + dq * dr + dr * dr  # the Dots' distance squared, in hex distances
    root = math.isqrt(squared)
    return root if root * root == squared else root + 1


def describe_range(a: Hex, b: Hex) -> str:
    """The range from ``a`` to ``b`` in words (:func:`range_words`)."""
    return range_words(range_between(a, b), a.distance(b))


def range_words(found: int, counted: int) -> str:
    """``range 7`` and, where the Range Scale and the count of hexes differ, both:
    ``range 7 by the Range Scale (8 hexes counted) [AG III.D]``."""
    if found == counted:
        return f"range {found}"
    return f"range {found} by the Range Scale ({counted} hexes counted) [AG III.D]"
