"""Line shapes: what lies between the centres of two hexes, worked out once per displacement.

The straight line from the centre of ``a`` to the centre of ``b`` meets the same hexes and
hexsides, relative to ``a``, wherever ``a`` is: its shape depends on ``b - a`` alone. And the hex
grid looks the same turned by a sixth of a turn or mirrored about a hex centre, so the line to a
displacement turned or mirrored meets the same hexes and hexsides, turned or mirrored. So only
one displacement of each set of (up to) twelve is traced (:func:`rules.los.geometry.trace`,
exact integer arithmetic); the others are mapped from it by integer matrices, exactly.

Why: tracing is a few hundred microseconds a displacement in Python, and a map of 61 x 34 hexes
has some 8,000 displacements; every game, worker process and all-pairs table started by tracing
them all (a second and more before the first answer).

How hexsides are mapped: a side is written as its midpoint in doubled axial coordinates
(twice its hex, plus the unit vector toward the side), which a symmetry maps like any vector.
The parity of a midpoint says the side's axis (north, north-east or south-east of its
canonical hex), so the canonical :class:`~model.hexes.Hexside` comes back from it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from model.hexes import DIRECTIONS, Hex
from rules.los.geometry import AlongStep, CrossStep, HexStep, trace

#: A symmetry of the hex grid about the centre of (0, 0), as the integer matrix ``(a, b, c, d)``
#: taking axial ``(q, r)`` to ``(a q + b r, c q + d r)``.
Matrix = tuple[int, int, int, int]


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d = m
    e, f, g, h = n
    return (a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h)


def _group() -> tuple[tuple[Matrix, Matrix], ...]:
    """The twelve symmetries, each with its inverse: six turns (a sixth of a turn clockwise
    takes N to NE: ``(q, r) -> (-r, q + r)``), each alone and after a mirror that swaps the
    cube coordinates q and s (``(q, r) -> (-q - r, r)``)."""
    turn: Matrix = (0, -1, 1, 1)
    mirror: Matrix = (-1, -1, 0, 1)
    turns: list[Matrix] = [(1, 0, 0, 1)]
    for _ in range(5):
        turns.append(_times(turn, turns[-1]))
    elements = turns + [_times(t, mirror) for t in turns]
    identity = (1, 0, 0, 1)
    return tuple((m, next(n for n in elements if _times(n, m) == identity)) for m in elements)


_GROUP = _group()

#: A canonical hexside's axis by the parity of its doubled midpoint: (direction, unit vector).
_AXES: dict[tuple[int, int], tuple[int, int, int]] = {
    (d.q & 1, d.r & 1): (i, d.q, d.r) for i, d in enumerate(DIRECTIONS[:3])
}


@dataclass(frozen=True, slots=True)
class LineShape:
    """What the line from the centre of (0, 0) to the centre of a displacement meets between
    its ends, as offsets from the first end.

    Attributes:
        hexes: ``(q, r)`` of the hexes whose inside it passes through (corners clipped
            included) other than the two ends, and of both hexes of each side it runs along,
            in order from the first end, each once. May include hexes off any map.
        sides: ``(q, r, direction)`` of the canonical :class:`~model.hexes.Hexside` of each side
            it crosses or runs along, other than the six sides of either end, in order.
    """

    hexes: tuple[tuple[int, int], ...]
    sides: tuple[tuple[int, int, int], ...]


#: The six sides of a hex as offsets of their doubled midpoints from twice the hex.
_AROUND = frozenset((d.q, d.r) for d in DIRECTIONS)

#: A traced shape: the hexes, then the doubled midpoints of the sides (:class:`LineShape`).
Traced = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


@functools.cache
def traced_shape(dq: int, dr: int) -> Traced:
    """The shape of one displacement, traced: :class:`LineShape`'s hexes, and its sides as
    doubled midpoints (use :func:`line_shape`, which traces one displacement in twelve)."""
    if Hex(0, 0).distance(Hex(dq, dr)) <= 1:
        return (), ()  # nothing lies between a hex and itself or its neighbour
    hexes: list[tuple[int, int]] = []
    sides: list[tuple[int, int]] = []
    for step in trace(Hex(0, 0), Hex(dq, dr)).steps:
        if isinstance(step, HexStep):
            h = step.hex
            if h != (0, 0) and h != (dq, dr):
                hexes.append((h.q, h.r))
        elif isinstance(step, CrossStep | AlongStep):
            side, unit = step.side, DIRECTIONS[step.side.direction]
            mq, mr = 2 * side.hex.q + unit.q, 2 * side.hex.r + unit.r
            if (mq, mr) not in _AROUND and (mq - 2 * dq, mr - 2 * dr) not in _AROUND:
                sides.append((mq, mr))  # not one of the six sides of either end
            if isinstance(step, AlongStep):
                hexes.extend(((step.left.q, step.left.r), (step.right.q, step.right.r)))
    return tuple(dict.fromkeys(hexes)), tuple(dict.fromkeys(sides))


@functools.cache
def traced_sides_by_axis(dq: int, dr: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:func:`traced_shape`'s sides (doubled midpoints) in three groups by axis: north,
    north-east, south-east of their canonical hex (a symmetry maps a whole group to one axis:
    :func:`axis_after`)."""
    groups: tuple[list[tuple[int, int]], ...] = ([], [], [])
    for mq, mr in traced_shape(dq, dr)[1]:
        groups[_AXES[mq & 1, mr & 1][0]].append((mq, mr))
    return tuple(tuple(g) for g in groups)


def axis_after(m: Matrix, axis: int) -> tuple[int, int, int]:
    """The axis that ``m`` maps hexsides of ``axis`` to, and that axis's unit vector (the
    offset of a side's doubled midpoint from twice its canonical hex)."""
    a, b, c, d = m
    u = DIRECTIONS[axis]
    return _AXES[(a * u.q + b * u.r) & 1, (c * u.q + d * u.r) & 1]


def symmetry(dq: int, dr: int) -> tuple[tuple[int, int], Matrix]:
    """The displacement traced for ``(dq, dr)``'s class (the least of its twelve images), and
    the symmetry that takes it to ``(dq, dr)``."""
    return min((((a * dq + b * dr), (c * dq + d * dr)), n) for (a, b, c, d), n in _GROUP)


def side_of(mq: int, mr: int) -> tuple[int, int, int]:
    """The canonical hexside ``(q, r, direction)`` whose doubled midpoint is ``(mq, mr)``."""
    direction, eq, er = _AXES[mq & 1, mr & 1]
    return (mq - eq) >> 1, (mr - er) >> 1, direction


@functools.cache
def line_shape(dq: int, dr: int) -> LineShape:
    """The shape of the line from the centre of (0, 0) to the centre of ``(dq, dr)``: traced
    for one displacement of its symmetry class, mapped to this one (exact)."""
    (cq, cr), (a, b, c, d) = symmetry(dq, dr)
    hexes, midpoints = traced_shape(cq, cr)
    return LineShape(
        tuple((a * x + b * y, c * x + d * y) for x, y in hexes),
        tuple(side_of(a * x + b * y, c * x + d * y) for x, y in midpoints),
    )


def forget_shapes() -> None:
    """Empty the process's tables of line shapes (for a benchmark that starts cold)."""
    traced_shape.cache_clear()
    traced_sides_by_axis.cache_clear()
    line_shape.cache_clear()
