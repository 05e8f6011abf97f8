"""Hex values: neighbours, distance, rings, lines, hexsides; property tests with hypothesis."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from model.hexes import (
    DIRECTIONS,
    Hex,
    Hexside,
    TieBreak,
    hex_line,
    line_steps,
    opposite,
    ring,
    spiral,
    within,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_for_equal(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_obeys_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbors_are_at_distance_one_and_opposites_return(h: Hex) -> None:
    for d, n in enumerate(h.neighbors()):
        assert h.distance(n) == 1
        assert n.neighbor(opposite(d)) == h
        assert h.direction_to(n) == d


def test_compass_directions_point_where_their_names_say() -> None:
    # Flat-topped columns: N is straight up (r - 1), S straight down, SE one column east.
    assert DIRECTIONS[0] == Hex(0, -1)
    assert DIRECTIONS[3] == Hex(0, 1)
    assert DIRECTIONS[2] == Hex(1, 0)
    assert DIRECTIONS[5] == Hex(-1, 0)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_ring_has_six_r_hexes_all_at_radius(center: Hex, radius: int) -> None:
    hexes_in_ring = ring(center, radius)
    assert len(hexes_in_ring) == max(1, 6 * radius)
    assert len(set(hexes_in_ring)) == len(hexes_in_ring)
    assert all(center.distance(h) == radius for h in hexes_in_ring)
    # Consecutive ring hexes are adjacent, and the ring closes.
    if radius > 0:
        for a, b in zip(hexes_in_ring, hexes_in_ring[1:] + hexes_in_ring[:1], strict=True):
            assert a.distance(b) == 1


@given(hexes, st.integers(min_value=0, max_value=6))
def test_spiral_and_within_cover_the_same_hexes(center: Hex, radius: int) -> None:
    spiral_hexes = spiral(center, radius)
    assert len(spiral_hexes) == 1 + 3 * radius * (radius + 1)
    assert set(spiral_hexes) == set(within(center, radius))


def test_ring_rejects_negative_radius() -> None:
    with pytest.raises(ValueError, match="radius"):
        ring(Hex(0, 0), -1)


@given(hexes, hexes, st.sampled_from(list(TieBreak)))
def test_hex_line_is_contiguous_and_ends_where_it_should(a: Hex, b: Hex, side: TieBreak) -> None:
    line = hex_line(a, b, side)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == a.distance(b) + 1
    for x, y in itertools.pairwise(line):
        assert x.distance(y) == 1


@given(hexes, hexes)
def test_line_steps_are_symmetric(a: Hex, b: Hex) -> None:
    forward = [set(s.hexes) for s in line_steps(a, b)]
    backward = [set(s.hexes) for s in line_steps(b, a)]
    assert forward == backward[::-1]


def test_line_along_a_hexside_offers_both_hexes_left_then_right() -> None:
    # Two columns east and one hex up: the line runs due east along the side shared by
    # (1,-1) (north of the line) and (1,0) (south of it).
    steps = line_steps(Hex(0, 0), Hex(2, -1))
    assert [s.ambiguous for s in steps] == [False, True, False]
    assert steps[1].hexes == (Hex(1, -1), Hex(1, 0))
    assert hex_line(Hex(0, 0), Hex(2, -1), TieBreak.LEFT)[1] == Hex(1, -1)
    assert hex_line(Hex(0, 0), Hex(2, -1), TieBreak.RIGHT)[1] == Hex(1, 0)
    # Travelling the other way, left and right swap.
    assert line_steps(Hex(2, -1), Hex(0, 0))[1].hexes == (Hex(1, 0), Hex(1, -1))


def test_straight_line_along_a_direction_is_never_ambiguous() -> None:
    steps = line_steps(Hex(0, 0), Hex(5, 0))
    assert not any(s.ambiguous for s in steps)
    assert [s.hexes[0] for s in steps] == [Hex(i, 0) for i in range(6)]


@given(hexes, st.integers(min_value=0, max_value=5))
def test_a_hexside_has_one_identity_whichever_hex_names_it(h: Hex, d: int) -> None:
    side = Hexside.of(h, d)
    other = h.neighbor(d)
    assert side == Hexside.of(other, opposite(d))
    assert side == Hexside.between(h, other) == Hexside.between(other, h)
    assert set(side.hexes) == {h, other}
    assert side.direction_from(h) == d
    assert side.direction_from(other) == opposite(d)
    assert hash(side) == hash(Hexside.of(other, opposite(d)))


def test_hexside_between_refuses_hexes_that_are_not_adjacent() -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        Hexside.between(Hex(0, 0), Hex(2, 0))


def test_hexside_constructor_refuses_non_canonical_direction() -> None:
    with pytest.raises(ValueError, match="direction"):
        Hexside(Hex(0, 0), 4)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_rotation_keeps_distance_and_six_turns_is_identity(h: Hex, k: int) -> None:
    assert h.rotate_cw(k).length() == h.length()
    assert h.rotate_cw(6) == h
    assert h.rotate_cw(3) == h.rotate180()
    # Rotating a direction vector clockwise by one sixth gives the next compass direction.
    for d in range(6):
        assert DIRECTIONS[d].rotate_cw(1) == DIRECTIONS[(d + 1) % 6]
