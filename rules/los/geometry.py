"""Exact geometry of a line of sight: what a centre-to-centre line meets, in order.

Every book draws its line of sight from the centre (Armor: the Dot) of one hex to the centre of
another and asks what it passes through. :func:`trace` answers exactly, with integers: every hex
whose inside the line enters (including a hex whose corner it only clips, which
:func:`model.hexes.line_steps` does not report: its samples miss such hexes), every hexside it
crosses, every hexside it runs exactly along, and every corner point it passes through.

Why our own walk and not ``line_steps``: the books' rules are about what the line touches
("any part of a hex" [Soldiers 6.41], "crosses a corner of a blocking hex" [Soldiers 6.45], "wholly
or partially" [Panzer '44 11.11]); sampling a point per hex misses clipped corners.

How: a point ``P`` lies inside hex ``h`` when ``(P - h) . d < 1`` for all six unit directions
``d`` (cube coordinates, where a unit vector has squared length 2). Along ``P(t) = a + t (b - a)``
each such bound is linear in ``t``, so the line leaves ``h`` at the smallest
``t = (1 - (a - h) . d) / ((b - a) . d)`` over the directions it moves toward. Two directions
tied for the smallest mean the line leaves through a corner; what it does next (into one of the
two hexes there, or along their common side) follows from the sign of ``(b - a) . (n2 - n1)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from model.hexes import DIRECTIONS, Hex, Hexside

#: The unit directions in cube coordinates (q, r, s), in compass order like ``DIRECTIONS``.
_CUBE: tuple[tuple[int, int, int], ...] = tuple((d.q, d.r, -d.q - d.r) for d in DIRECTIONS)


@dataclass(frozen=True, slots=True)
class HexStep:
    """The line passes through the inside of ``hex``."""

    hex: Hex


@dataclass(frozen=True, slots=True)
class CrossStep:
    """The line crosses ``side`` (not at its ends), from ``before`` into ``after``."""

    side: Hexside
    before: Hex
    after: Hex


@dataclass(frozen=True, slots=True)
class AlongStep:
    """The line runs exactly along ``side``, between ``left`` and ``right`` (seen from a)."""

    side: Hexside
    left: Hex
    right: Hex


@dataclass(frozen=True, slots=True)
class CornerStep:
    """The line passes exactly through a corner, from ``before`` to ``after``; ``touched`` is
    the third hex at that corner, which the line meets at that one point only."""

    before: Hex
    after: Hex
    touched: Hex


Step = HexStep | CrossStep | AlongStep | CornerStep


@dataclass(frozen=True, slots=True)
class Trace:
    """What the line from the centre of ``a`` to the centre of ``b`` meets, in order from a."""

    a: Hex
    b: Hex
    steps: tuple[Step, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        """Hexes passed through, a to b, with the two hexes of each side run along (left,
        right) in their place; hexes met at a corner point only are left out."""
        found: list[Hex] = []
        for step in self.steps:
            if isinstance(step, HexStep):
                found.append(step.hex)
            elif isinstance(step, AlongStep):
                found.extend((step.left, step.right))
        return tuple(found)

    @property
    def along_hexsides(self) -> tuple[Hexside, ...]:
        return tuple(s.side for s in self.steps if isinstance(s, AlongStep))


def trace(a: Hex, b: Hex) -> Trace:
    """Everything the straight line from the centre of ``a`` to the centre of ``b`` meets."""
    if a == b:
        return Trace(a, b, (HexStep(a),))
    dq, dr = b.q - a.q, b.r - a.r
    ds = -dq - dr
    rates = tuple(dq * x + dr * y + ds * z for x, y, z in _CUBE)
    # Only the sides the line moves toward can be where it leaves a hex.
    ahead = tuple((i, x, y, z, rates[i]) for i, (x, y, z) in enumerate(_CUBE) if rates[i] > 0)
    steps: list[Step] = []
    h = a
    while h != b:
        steps.append(HexStep(h))
        exits = _exits(a.q - h.q, a.r - h.r, ahead)
        if len(exits) == 1:
            d = DIRECTIONS[exits[0]]
            n = Hex(h.q + d.q, h.r + d.r)
            steps.append(CrossStep(Hexside.of(h, exits[0]), h, n))
            h = n
        else:
            h = _through_corner(h, exits, (dq, dr), rates, steps)
    steps.append(HexStep(b))
    return Trace(a, b, tuple(steps))


def clips_corner(a: Hex, b: Hex, h: Hex) -> bool:
    """The line from ``a`` to ``b`` crosses a corner of ``h``, not its middle: it misses the
    hex shrunk to half its size about its centre.

    Why this test: the books speak of a line that "crosses a corner" of a hex [Soldiers 6.45]
    without defining it. In the book's example the line from C/2212 to C/2008 "crosses a corner"
    of C/2009 (it passes 0.69 of the centre-to-corner distance from the centre) while the one to
    C/1909 is blocked by "the brush in 2010" (0.42 from its centre): the half-size middle
    separates the two. Signs of exact integer cross products, six times scaled.
    """
    dq, dr = b.q - a.q, b.r - a.r
    d = (dq, dr, -dq - dr)
    pq, pr = 6 * (h.q - a.q), 6 * (h.r - a.r)  # the centre of h seen from a, times 6
    sides = {_sign(_cross(d, (pq + x, pr + y, -pq - pr + z))) for x, y, z in _CORNERS3}
    return sides in ({1}, {-1})


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _cross(u: tuple[int, int, int], v: tuple[int, int, int]) -> int:
    """``(u x v) . (1, 1, 1)``: for vectors in the hex plane, proportional to the area they
    span, so ``|_cross(d, p)|`` is proportional to the distance of ``p`` from the line ``d``."""
    return (u[1] * v[2] - u[2] * v[1]) + (u[2] * v[0] - u[0] * v[2]) + (u[0] * v[1] - u[1] * v[0])


def _exits(oq: int, orr: int, ahead: tuple[tuple[int, int, int, int, int], ...]) -> list[int]:
    """The direction(s) of the side(s) through which the line leaves hex ``h`` first, given
    ``a - h`` as ``(oq, orr)`` and the sides ahead as (direction, cube vector, rate)."""
    os_ = -oq - orr
    best: list[int] = []
    best_num, best_den = 0, 1
    for i, x, y, z, den in ahead:
        num = 1 - (oq * x + orr * y + os_ * z)
        if not best or num * best_den < best_num * den:
            best, best_num, best_den = [i], num, den
        elif num * best_den == best_num * den:
            best.append(i)
    return best


def _through_corner(
    h: Hex,
    exits: list[int],
    direction: tuple[int, int],
    rates: tuple[int, ...],
    steps: list[Step],
) -> Hex:
    """Leave ``h`` through the corner between the sides ``exits``; return the next hex."""
    d1, d2 = exits
    n1, n2 = h.neighbor(d1), h.neighbor(d2)
    toward_n2 = rates[d2] - rates[d1]  # (b - a) . (n2 - n1)
    if toward_n2 > 0:
        steps.append(CornerStep(h, n2, n1))
        return n2
    if toward_n2 < 0:
        steps.append(CornerStep(h, n1, n2))
        return n1
    left, right = sorted((n1, n2), key=lambda n: _right_of(h, n, direction))
    steps.append(AlongStep(Hexside.between(n1, n2), left, right))
    # The line runs to the far end of the side and into the third hex at that corner.
    return Hex(n1.q + n2.q - h.q, n1.r + n2.r - h.r)


def _right_of(h: Hex, n: Hex, direction: tuple[int, int]) -> int:
    """Positive when ``n`` lies to the right of the line's direction, seen from ``h``."""
    # Pixel space with y down: x = 3q, y = 2r + q (a common scale does not change the sign).
    dq, dr = direction
    px, py = 3 * (n.q - h.q), 2 * (n.r - h.r) + (n.q - h.q)
    tx, ty = 3 * dq, 2 * dr + dq
    return tx * py - ty * px


#: The six corners of a hex, from its centre, in cube coordinates times 3 (half-way from the
#: centre to each corner, times 6).
_CORNERS3: tuple[tuple[int, int, int], ...] = (
    (2, -1, -1),
    (1, 1, -2),
    (-1, 2, -1),
    (-2, 1, 1),
    (-1, -1, 2),
    (1, -2, 1),
)
