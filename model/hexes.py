"""Hex grid values: flat-topped hexes standing in vertical columns.

All four books print flat-topped hexes in columns, so that is the only orientation here.
Coordinates are axial ``(q, r)`` with the implied cube coordinate ``s = -q - r`` (Red Blob Games'
conventions). ``q`` grows to the east (one column per step); ``r`` grows to the south-south-west
so that ``(0, +1)`` is the hex directly south.

Printed board IDs and pixel positions are conversions at the edges (see :mod:`model.grid`:
``PrintedGrid`` and ``hex_to_pixel``); a :class:`Hex` is the identity of a position on an
assembled map.

Compass directions are numbered clockwise from north, 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW,
5 = NW. A book's own direction numbers (Armor's Directional Hexagon, Soldiers' scatter
indicator) are per board section and convert to these with
:meth:`model.board.BoardSection.direction_number_to_compass` (on an assembled map,
:meth:`model.layout.AssembledMap.direction_to_global`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, NamedTuple

#: Why: a hex made by ``tuple.__new__`` skips the named tuple's ``__new__`` written in Python
#: (the same value; a third of the time of the hot arithmetic below).
_new: Final = tuple.__new__


class Hex(NamedTuple):
    """One hex in axial coordinates. Immutable and hashable, ordered by ``q`` then ``r``.

    Why a named tuple and not a frozen dataclass: hashing and equality run in C. A game's rules
    look hexes up in dicts and sets millions of times; a dataclass's generated ``__eq__`` and
    ``__hash__`` were a sixth of a Panzer '44 game's time. The cost: a hex equals the plain
    tuple ``(q, r)``, and ``+`` is vector addition, not concatenation.
    """

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate; ``q + r + s == 0``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return _new(Hex, (self[0] + other[0], self[1] + other[1]))

    def __sub__(self, other: Hex) -> Hex:
        return _new(Hex, (self[0] - other[0], self[1] - other[1]))

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def scale(self, k: int) -> Hex:
        """This vector multiplied by ``k``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin in hexes."""
        return max(abs(self.q), abs(self.r), abs(self.q + self.r))

    def distance(self, other: Hex) -> int:
        """Number of hex steps between two hexes (``(self - other).length()``, without making
        the difference: the rules engine asks this some hundred thousand times a game)."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in compass direction ``direction`` (0 = N, clockwise)."""
        dq, dr = DIRECTIONS[direction % 6]
        return _new(Hex, (self[0] + dq, self[1] + dr))

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, clockwise from north (:data:`DIRECTIONS`), written out:
        searches and regions ask for them a few hundred thousand times a run."""
        q, r = self
        return (
            _new(Hex, (q, r - 1)),
            _new(Hex, (q + 1, r - 1)),
            _new(Hex, (q + 1, r)),
            _new(Hex, (q, r + 1)),
            _new(Hex, (q - 1, r + 1)),
            _new(Hex, (q - 1, r)),
        )

    def direction_to(self, other: Hex) -> int | None:
        """The compass direction of an adjacent hex, or ``None`` when not adjacent."""
        return _DIRECTION_INDEX.get(other - self)

    def rotate180(self) -> Hex:
        """Half a turn about the origin (a flipped board section)."""
        return Hex(-self.q, -self.r)

    def rotate_cw(self, sixths: int = 1) -> Hex:
        """Rotate clockwise about the origin by ``sixths`` of a full turn."""
        x, y, z = self.q, self.r, self.s
        for _ in range(sixths % 6):
            x, y, z = -y, -z, -x
        return Hex(x, y)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


ORIGIN: Final = Hex(0, 0)

#: Unit vectors in compass order, clockwise from north.
DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(0, -1),  # N
    Hex(1, -1),  # NE
    Hex(1, 0),  # SE
    Hex(0, 1),  # S
    Hex(-1, 1),  # SW
    Hex(-1, 0),  # NW
)
_DIRECTION_INDEX: Final[dict[Hex, int]] = {d: i for i, d in enumerate(DIRECTIONS)}

COMPASS_NAMES: Final[tuple[str, ...]] = ("N", "NE", "SE", "S", "SW", "NW")


def opposite(direction: int) -> int:
    """The compass direction pointing the other way."""
    return (direction + 3) % 6


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` steps from ``center``, clockwise from the north-west corner.

    Radius 0 is the centre alone.
    """
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = center + DIRECTIONS[5].scale(radius)  # start north-west, then walk the six sides
    for side in range(6):
        # Walking direction for each side, turning clockwise: NE, SE, S, SW, NW, N.
        step = DIRECTIONS[(side + 1) % 6]
        for _ in range(radius):
            result.append(h)
            h = h + step
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` steps: the centre, then ring 1, ring 2, ..."""
    result: list[Hex] = []
    for k in range(radius + 1):
        result.extend(ring(center, k))
    return result


def within(center: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within ``radius`` steps, in axial order (cheaper than :func:`spiral`)."""
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            yield Hex(center.q + dq, center.r + dr)


class TieBreak(enum.Enum):
    """Which of two tied hexes a line takes, seen facing from its start toward its end."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class LineStep:
    """One step of a hex line: one hex, or two when the line runs exactly along their hexside."""

    hexes: tuple[Hex, ...]

    @property
    def ambiguous(self) -> bool:
        """True when the line passes exactly along a hexside here."""
        return len(self.hexes) > 1


def line_steps(a: Hex, b: Hex) -> tuple[LineStep, ...]:
    """The hexes a straight line from centre ``a`` to centre ``b`` passes through.

    There are ``distance + 1`` steps, sampled at equal intervals along the line. Where a sample
    falls exactly on a hexside (the line runs along that hexside, as it does between hexes that
    are two columns and one hex apart), the step holds both hexes that share the side, ordered
    left then right as seen from ``a`` facing ``b``. Arithmetic is exact (integers), so there
    are no epsilon nudges and every book's along-a-hexside rule can be applied by the caller.
    """
    n = a.distance(b)
    if n == 0:
        return (LineStep((a,)),)
    steps: list[LineStep] = []
    dq, dr = b.q - a.q, b.r - a.r
    for i in range(n + 1):
        # The sample point, scaled by n so that it is an integer cube vector.
        x = a.q * n + dq * i
        y = a.r * n + dr * i
        steps.append(LineStep(_nearest(x, y, n, dq, dr)))
    return tuple(steps)


def hex_line(a: Hex, b: Hex, side: TieBreak = TieBreak.RIGHT) -> list[Hex]:
    """A contiguous hex line from ``a`` to ``b``, resolving along-hexside ties to one ``side``.

    Why a fixed side: choosing the same side at every tie keeps the line contiguous, and it is
    the rule the books leave to the players ("either hex"). Callers that need both candidates
    use :func:`line_steps`.
    """
    index = 0 if side is TieBreak.LEFT else -1
    return [step.hexes[index] for step in line_steps(a, b)]


def _nearest(x: int, y: int, n: int, dq: int, dr: int) -> tuple[Hex, ...]:
    """The hex or hexes nearest the point ``(x/n, y/n)``, tied hexes ordered left to right."""
    z = -x - y
    base = Hex(_round_div(x, n), _round_div(y, n))
    best: list[Hex] = []
    best_d2 = -1
    for h in (base, *base.neighbors()):
        # Squared Euclidean distance is proportional to the sum of squared cube differences.
        d2 = (x - h.q * n) ** 2 + (y - h.r * n) ** 2 + (z - h.s * n) ** 2
        if best_d2 < 0 or d2 < best_d2:
            best, best_d2 = [h], d2
        elif d2 == best_d2:
            best.append(h)
    if len(best) > 1:
        best.sort(key=lambda h: _side_key(h, x, y, n, dq, dr))
    return tuple(best)


def _side_key(h: Hex, x: int, y: int, n: int, dq: int, dr: int) -> int:
    """Positive for a hex to the right of travel direction ``(dq, dr)``, negative to the left.

    Uses pixel space with y pointing down (screen convention): x = 3q, y = 2r + q, both scaled
    by a common factor that does not change the sign of the cross product.
    """
    px, py = 3 * (h.q * n - x), 2 * (h.r * n - y) + (h.q * n - x)
    tx, ty = 3 * dq, 2 * dr + dq
    # With y down, a positive cross product t x p means p lies clockwise of t, i.e. to the right.
    return tx * py - ty * px


def _round_div(num: int, den: int) -> int:
    """``num / den`` rounded half away from zero, exactly."""
    q, rem = divmod(abs(num), den)
    if 2 * rem >= den:
        q += 1
    return q if num >= 0 else -q


@dataclass(frozen=True, slots=True, order=True)
class Hexside:
    """The side shared by two adjacent hexes; the same value whichever hex names it.

    Stored canonically as the hex that sees the side to its N, NE or SE (direction 0, 1 or 2),
    so equality and hashing do not depend on which of the two hexes was used to name it.
    Build one with :meth:`of` or :meth:`between`.
    """

    hex: Hex
    direction: int

    def __post_init__(self) -> None:
        if self.direction not in (0, 1, 2):
            raise ValueError("use Hexside.of() or Hexside.between(); direction must be 0, 1 or 2")

    @staticmethod
    def of(h: Hex, direction: int) -> Hexside:
        """The side of ``h`` facing compass ``direction``."""
        direction %= 6
        if direction > 2:
            return Hexside(h.neighbor(direction), direction - 3)
        return Hexside(h, direction)

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        """The side shared by two adjacent hexes; raises ``ValueError`` otherwise."""
        d = a.direction_to(b)
        if d is None:
            raise ValueError(f"hexes {a} and {b} are not adjacent")
        return Hexside.of(a, d)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes that share this side."""
        return (self.hex, self.hex.neighbor(self.direction))

    def direction_from(self, h: Hex) -> int:
        """The compass direction of this side as seen from one of its two hexes."""
        a, b = self.hexes
        if h == a:
            return self.direction
        if h == b:
            return opposite(self.direction)
        raise ValueError(f"hexside {self} does not belong to hex {h}")

    def __str__(self) -> str:
        a, b = self.hexes
        return f"{a}|{b}"
