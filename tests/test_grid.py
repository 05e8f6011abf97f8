"""Printed numbering schemes against the books' own examples, pixels, and round trips."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from model.grid import CellKind, Parity, PrintedGrid, hex_to_pixel, pixel_to_hex
from model.hexes import Hex

ARMOR = PrintedGrid(1, 40, 1, 12, Parity.ODD, True)
SOLDIERS = PrintedGrid(1, 25, 1, 19, Parity.ODD, True)
PANZER44 = PrintedGrid(1, 61, 1, 34, Parity.EVEN, False)


def printed_distance(grid: PrintedGrid, a: str, b: str) -> int:
    ha = grid.to_hex(int(a[:2]), int(a[2:]))
    hb = grid.to_hex(int(b[:2]), int(b[2:]))
    return ha.distance(hb)


def printed_neighbors(grid: PrintedGrid, hex_id: str) -> set[str]:
    h = grid.to_hex(int(hex_id[:2]), int(hex_id[2:]))
    return {"{:02d}{:02d}".format(*grid.to_printed(n)) for n in h.neighbors()}


def test_armor_direct_fire_example_ranges_need_odd_columns_lower() -> None:
    # Armor [AG VI.C]: Sherman 874 in 4032 and the PZIVs in 3331 and 3328 are each 7 hexes away.
    assert printed_distance(ARMOR, "4032", "3331") == 7
    assert printed_distance(ARMOR, "3328", "4032") == 7
    # With even columns lower, 3328-4032 would be 8: the book rules that reading out.
    even = PrintedGrid(1, 40, 1, 12, Parity.EVEN, True)
    assert printed_distance(even, "3328", "4032") == 8


def test_soldiers_neighbours_from_the_bridge_walls() -> None:
    # Soldiers [6.44]: 1413 borders 1412, 1414, 1313 and 1512; 1508 borders 1507, 1509, 1409, 1608.
    assert {"1412", "1414", "1313", "1512"} <= printed_neighbors(SOLDIERS, "1413")
    assert {"1507", "1509", "1409", "1608"} <= printed_neighbors(SOLDIERS, "1508")


def test_soldiers_scatter_direction_five_is_south_west() -> None:
    # Soldiers [10.6]: scatter direction 5 (SW, counting 1 = N clockwise) from 2209 is 2109.
    h = SOLDIERS.to_hex(22, 9)
    south_west = h.neighbor(4)
    assert SOLDIERS.to_printed(south_west) == (21, 9)


def test_panzer44_line_0119_to_3134_is_straight_with_even_columns_lower() -> None:
    # Panzer '44 [18.41]: the line "0119 through 3134" passes 0119, 0219, 0320, 0420, 0521 ...
    # 2832, 2933, 3033, 3134.
    from model.hexes import line_steps

    a = PANZER44.to_hex(1, 19)
    b = PANZER44.to_hex(31, 34)
    on_line = set()
    for step in line_steps(a, b):
        for h in step.hexes:
            on_line.add("{:02d}{:02d}".format(*PANZER44.to_printed(h)))
    for cited in ["0119", "0219", "0320", "0420", "0521", "2832", "2933", "3033", "3134"]:
        assert cited in on_line


def test_armor_section_shape_has_half_hexes_in_odd_columns() -> None:
    rows_odd = list(ARMOR.rows_in(15))
    rows_even = list(ARMOR.rows_in(14))
    assert rows_odd[0] == (0, CellKind.SOUTH_HALF)
    assert rows_odd[-1] == (12, CellKind.NORTH_HALF)
    assert len(rows_odd) == 13
    assert rows_even == [(r, CellKind.FULL) for r in range(1, 13)]
    assert sum(1 for _ in ARMOR.cells()) == 20 * 12 + 20 * 13


@given(
    st.sampled_from([ARMOR, SOLDIERS, PANZER44]),
    st.integers(min_value=-5, max_value=70),
    st.integers(min_value=-5, max_value=70),
)
def test_printed_ids_round_trip(grid: PrintedGrid, column: int, row: int) -> None:
    assert grid.to_printed(grid.to_hex(column, row)) == (column, row)


@given(st.integers(min_value=-50, max_value=50), st.integers(min_value=-50, max_value=50))
def test_pixel_round_trip(q: int, r: int) -> None:
    h = Hex(q, r)
    x, y = hex_to_pixel(h, 20.0)
    assert pixel_to_hex(x, y, 20.0) == h
    # Points well inside the hex (within 80% of the inner radius) still find it.
    assert pixel_to_hex(x + 13.0, y + 4.0, 20.0) == h


def test_lower_columns_sit_half_a_hex_lower_in_pixels() -> None:
    y_odd = hex_to_pixel(ARMOR.to_hex(15, 5), 1.0)[1]
    y_even = hex_to_pixel(ARMOR.to_hex(14, 5), 1.0)[1]
    assert abs((y_odd - y_even) - 3**0.5 / 2) < 1e-9
    y_p44_even = hex_to_pixel(PANZER44.to_hex(14, 5), 1.0)[1]
    y_p44_odd = hex_to_pixel(PANZER44.to_hex(15, 5), 1.0)[1]
    assert abs((y_p44_even - y_p44_odd) - 3**0.5 / 2) < 1e-9


def test_nearest_hexside_is_the_side_facing_the_point() -> None:
    from model.geometry import nearest_hexside
    from model.hexes import Hexside

    h = Hex(3, 4)
    x, y = hex_to_pixel(h, 10.0)
    for direction in range(6):
        n = h.neighbor(direction)
        nx, ny = hex_to_pixel(n, 10.0)
        # A point a third of the way toward the neighbour lies by the shared side.
        px, py = x + (nx - x) / 3, y + (ny - y) / 3
        assert nearest_hexside(px, py, 10.0) == Hexside.of(h, direction)
