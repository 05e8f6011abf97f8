"""Layouts of Armor's sections J, K, L: seams, names, notation, presets, refusals, edges."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from model.board import BoardSection
from model.edges import Compass, CornerName, map_edges
from model.hexes import Hex
from model.joins import (
    JoinType,
    NotationError,
    layout_from_notation,
    notation_of,
    parse_notation,
    preset_layout,
)
from model.layout import AssembledMap, LayoutError, SectionPlacement, assemble
from model.resources import load_boards
from model.scenario_io import build_map, load_scenario
from model.systems import GameSystem


@pytest.fixture(scope="module")
def sections() -> dict[str, BoardSection]:
    return load_boards(GameSystem.ARMOR, ("J", "K", "L"))


@pytest.fixture(scope="module")
def standard(sections: dict[str, BoardSection]) -> AssembledMap:
    return assemble([SectionPlacement("J"), SectionPlacement("K"), SectionPlacement("L")], sections)


def test_edge_to_edge_jkl_continues_one_numbering(standard: AssembledMap) -> None:
    # 500 hexes a section; each of the two seams merges 20 pairs of half-hexes into 20 hexes.
    assert len(standard) == 3 * 500 - 2 * 20
    assert len(standard.seams[("J", "K")]) == 20
    assert len(standard.seams[("K", "L")]) == 20
    # J's row 12 half-hexes and K's row 12 half-hexes are the same hexes.
    seam = standard.resolve("J1512")
    assert standard.resolve("K1512") == seam
    assert standard.hexes[seam].names == ("J1512", "K1512")
    assert standard.name(seam) == "J1512"


def test_seam_hex_has_both_names_and_the_earliest_letter_is_canonical(
    sections: dict[str, BoardSection],
) -> None:
    # Armor [Intro III.A]: the unnumbered hex between J1511 and K3723 is J1512 or K3724.
    k_local = sections["K"].hex_at(37, 24)
    j_local = sections["J"].hex_at(15, 12)
    assert k_local is not None
    assert j_local is not None
    k = SectionPlacement("K", j_local - k_local.rotate180(), flipped=True)
    amap = assemble([SectionPlacement("J"), k], sections)
    seam = amap.resolve("K3724")
    assert seam == amap.resolve("J1512")
    assert amap.hexes[seam].is_seam
    assert amap.name(seam) == "J1512"
    assert amap.resolve("J1511").distance(seam) == 1
    assert amap.resolve("K3723").distance(seam) == 1


def test_book_staggered_notation_builds_and_prints_itself(
    sections: dict[str, BoardSection],
) -> None:
    # Armor [Setup II.B]: "K3813-J3801, J1412-L1436".
    placements = layout_from_notation("K3813-J3801, J1412-L1436", sections)
    amap = assemble(placements, sections)
    assert amap.resolve("K3813").distance(amap.resolve("J3801")) == 1
    assert amap.resolve("J1412").distance(amap.resolve("L1436")) == 1
    by_section = {p.section: p for p in placements}
    # K meets J top to top and L meets J bottom to bottom: J is turned relative to both.
    assert by_section["K"].flipped == by_section["L"].flipped != by_section["J"].flipped
    assert notation_of(amap) == "K3813-J3801, J1412-L1436"


def test_notation_is_case_and_space_tolerant() -> None:
    pairs = parse_notation(" k3813 - J3801 ;j1412-l1436 ")
    assert [str(p) for p in pairs] == ["K3813-J3801", "J1412-L1436"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("K3813", "is not two hexes"),
        ("K3813-K3801", "names one section twice"),
        ("M0101-J0101", "there is no section M"),
        ("K3813-J9999", "there is no hex J9999"),
        ("K2020-J2006", "breaks the hex grid"),
        ("K3813-J3801, L1436-L1435", "names one section twice"),
        ("K3813-J3801, L1436-M0101", "does not connect"),
    ],
)
def test_bad_notation_is_refused_with_the_reason(
    sections: dict[str, BoardSection], text: str, message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        layout_from_notation(text, sections)


def test_overlapping_sections_are_refused(sections: dict[str, BoardSection]) -> None:
    with pytest.raises(LayoutError, match="sections J and K overlap in"):
        assemble([SectionPlacement("J"), SectionPlacement("K", Hex(0, -5))], sections)


def test_half_hexes_that_do_not_meet_are_refused(sections: dict[str, BoardSection]) -> None:
    # K one row lower than its edge-to-edge place leaves J's south half-hexes half empty.
    with pytest.raises(LayoutError, match="half-hexes of sections J and K do not meet"):
        assemble([SectionPlacement("J"), SectionPlacement("K", Hex(0, 1))], sections)


def test_a_map_in_pieces_is_refused(sections: dict[str, BoardSection]) -> None:
    with pytest.raises(LayoutError, match="2 pieces"):
        assemble([SectionPlacement("J"), SectionPlacement("K", Hex(0, 10))], sections)


def test_a_board_used_twice_needs_copies_and_labels(sections: dict[str, BoardSection]) -> None:
    twice = [SectionPlacement("J"), SectionPlacement("J", Hex(0, 12), label="J2")]
    with pytest.raises(LayoutError, match="used 2 times but the game has 1 copy"):
        assemble(twice, sections)
    amap = assemble(twice, sections, copies={"J": 2})
    assert amap.resolve("J2-0101".replace("-", "")) != amap.resolve("J0101")
    same_label = [SectionPlacement("J"), SectionPlacement("J", Hex(0, 12))]
    with pytest.raises(LayoutError, match="labelled 'J'"):
        assemble(same_label, sections, copies={"J": 2})


def test_unknown_section_is_refused(sections: dict[str, BoardSection]) -> None:
    with pytest.raises(LayoutError, match="no board section 'Q'"):
        assemble([SectionPlacement("Q")], sections)


def test_bare_number_resolves_when_one_section_has_it(standard: AssembledMap) -> None:
    # The book writes "4032" without a letter [AG VI.C]; rows 25-36 are on L only.
    assert standard.resolve("4032") == standard.resolve("L4032")
    assert standard.resolve("c/4032".replace("c/", "l")) == standard.resolve("L4032")
    with pytest.raises(KeyError, match="no hex"):
        standard.resolve("9999")


def test_direction_numbers_follow_each_sections_frame(sections: dict[str, BoardSection]) -> None:
    k_local = sections["K"].hex_at(37, 24)
    j_local = sections["J"].hex_at(15, 12)
    assert k_local is not None
    assert j_local is not None
    k = SectionPlacement("K", j_local - k_local.rotate180(), flipped=True)
    amap = assemble([SectionPlacement("J"), k], sections)
    # Direction 1 is north on each unflipped section; on the flipped K it points south.
    assert amap.direction_to_global(amap.resolve("J0505"), 1) == 0
    assert amap.direction_to_global(amap.resolve("K0520"), 1) == 3
    assert amap.global_to_direction(amap.resolve("K0520"), 3) == 1
    # On the seam hex, J's frame applies: the earliest letter [Armor OP II.D.2.b].
    assert amap.direction_to_global(amap.resolve("K3724"), 1) == 0


def test_edges_sides_and_corners_of_edge_to_edge(standard: AssembledMap) -> None:
    edges = map_edges(standard)
    assert edges.side_a is Compass.NORTH
    # Side A lies within J, so "the two sections that do not include Side A" are K and L.
    sections_on_a = {p.placement for h in edges.sides["A"] for p in standard.hexes[h].parts}
    assert sections_on_a == {0}
    assert standard.resolve("J2001") in edges.sides["A"]
    assert standard.resolve("L2036") in edges.sides["B"]
    assert standard.resolve("J0105") in edges.edges[Compass.WEST]
    assert standard.resolve("L4030") in edges.edges[Compass.EAST]
    # Column 01 sits lower, so the north-west corner of the board is the half-hex J0100.
    assert edges.corners[CornerName.NORTH_WEST] == standard.resolve("J0100")
    # Corners 1 and 2 at the Side A end, 3 and 4 at the Side B end; 1 and 3 on Side C.
    assert edges.numbered_corners[1] in edges.sides["A"]
    assert edges.numbered_corners[1] in edges.sides["C"]
    assert edges.numbered_corners[4] in edges.sides["B"]
    assert edges.numbered_corners[4] in edges.sides["D"]


def test_end_to_end_runs_west_to_east(sections: dict[str, BoardSection]) -> None:
    amap = assemble(preset_layout(JoinType.END_TO_END, ["J", "K", "L"], sections), sections)
    edges = map_edges(amap)
    assert edges.side_a is Compass.WEST
    assert amap.resolve("J0106") in edges.sides["A"]
    assert amap.resolve("L4030") in edges.sides["B"]
    assert len(amap.seams) == 0  # the short ends follow the hexes' outline


# Hypothesis draws layouts; the boards come from a module-level cache, not from the fixture,
# so failing examples print small.
layouts = st.tuples(
    st.sampled_from(list(JoinType)),
    st.permutations(["J", "K", "L"]),
    st.sets(st.sampled_from(["J", "K", "L"])),
    st.integers(min_value=0, max_value=20),
)


@settings(max_examples=25, deadline=None)
@given(layout=layouts)
def test_presets_assemble_and_notation_round_trips(
    layout: tuple[JoinType, list[str], set[str], int],
) -> None:
    sections = load_boards(GameSystem.ARMOR, ("J", "K", "L"))
    join, order, flipped, stagger = layout
    placements = preset_layout(join, order, sections, sorted(flipped), stagger)
    amap = assemble(placements, sections)
    text = notation_of(amap)
    rebuilt = assemble(layout_from_notation(text, sections), sections)
    # The notation fixes the map up to turning or moving it as a whole: the rebuilt map has the
    # same hexes under the same names, with the same neighbours, and prints the same text.
    assert notation_of(rebuilt) == text
    assert notation_of(amap) is text  # worked out once per map (the sections panel asks often)
    assert len(rebuilt) == len(amap)
    for h in itertools.islice(amap.hexes, 0, None, 7):
        image = rebuilt.resolve(amap.name(h))
        assert rebuilt.name(image) == amap.name(h)
        for n in h.neighbors():
            if n in amap:
                assert rebuilt.resolve(amap.name(n)).distance(image) == 1


@settings(max_examples=10, deadline=None)
@given(layout=layouts)
def test_every_name_resolves_back_to_its_hex(
    layout: tuple[JoinType, list[str], set[str], int],
) -> None:
    sections = load_boards(GameSystem.ARMOR, ("J", "K", "L"))
    join, order, flipped, stagger = layout
    amap = assemble(preset_layout(join, order, sections, sorted(flipped), stagger), sections)
    for h, mh in amap.hexes.items():
        for name in mh.names:
            assert amap.resolve(name) == h


def test_staggered_board_ends_are_the_outer_sections_short_sides(
    sections: dict[str, BoardSection],
) -> None:
    amap = assemble(layout_from_notation("K3813-J3801, J1412-L1436", sections), sections)
    edges = map_edges(amap)
    # The sections run west to east: Side A is K's west end only, Side B is L's east end.
    assert edges.side_a is Compass.WEST
    assert {p.placement for h in edges.sides["A"] for p in amap.hexes[h].parts} == {0}
    assert {amap.name(h)[0] for h in edges.sides["B"]} == {"L"}
    assert amap.resolve("J4006") not in edges.sides["A"]  # J's short side faces west too
    assert [amap.name(edges.numbered_corners[i]) for i in (1, 2, 3, 4)] == [
        "K0112",
        "K0124",
        "L4025",
        "L4036",
    ]


def _across(amap: AssembledMap) -> list[tuple[str, str, list[str]]]:
    return sorted(
        (amap.name(side.hexes[0]), amap.name(side.hexes[1]), sorted(features))
        for side, features in amap.paths_across_joins.items()
    )


def test_end_to_end_roads_and_the_brook_run_on_across_the_short_sides(
    sections: dict[str, BoardSection],
) -> None:
    """[Setup II.B.2; SCN VI.A.1] J, K and L laid end to end: each section's two roads and the
    brook end at its short sides where the next section's start, so across each join the
    hexside between the two ends carries them (a board's own paths stop at its last hex)."""
    amap = assemble(preset_layout(JoinType.END_TO_END, ["J", "K", "L"], sections), sections)
    assert _across(amap) == [
        ("J4003", "K0115", ["road"]),
        ("J4006", "K0118", ["stream"]),
        ("J4009", "K0121", ["road"]),
        ("K4015", "L0127", ["road"]),
        ("K4018", "L0130", ["stream"]),
        ("K4021", "L0133", ["road"]),
    ]
    # Only the two ends: J4003 touches K0114 too, which is no road's end.
    assert amap.resolve("K0114") not in {h for s in amap.paths_across_joins for h in s.hexes}


def test_turned_sections_end_to_end_still_meet(sections: dict[str, BoardSection]) -> None:
    """The roads meet whichever way round a section lies: K turned, its east end (K4015,
    K4018, K4021) meets J's and its west end L's, each road with the road across."""
    amap = assemble(
        preset_layout(JoinType.END_TO_END, ["J", "K", "L"], sections, flipped=["K"]), sections
    )
    assert _across(amap) == [
        ("J4003", "K4021", ["road"]),
        ("J4006", "K4018", ["stream"]),
        ("J4009", "K4015", ["road"]),
        ("K0115", "L0133", ["road"]),
        ("K0118", "L0130", ["stream"]),
        ("K0121", "L0127", ["road"]),
    ]


def test_seamed_joins_add_no_path_hexsides(
    standard: AssembledMap, sections: dict[str, BoardSection]
) -> None:
    """Edge-to-edge and staggered joins meet in seam hexes: nothing is added there."""
    assert standard.paths_across_joins == {}
    staggered = assemble(preset_layout(JoinType.STAGGERED, ["J", "K", "L"], sections), sections)
    assert staggered.paths_across_joins == {}


def test_boards_that_do_not_say_so_keep_their_ends_as_printed(
    sections: dict[str, BoardSection],
) -> None:
    """Only boards whose grid says ``paths_cross_ends`` (Armor's J, K, L) join their paths:
    the same two sections without it meet nowhere."""
    plain = {
        k: replace(s, grid=replace(s.grid, paths_cross_ends=False)) for k, s in sections.items()
    }
    assert all(s.grid.paths_cross_ends for s in sections.values())
    amap = assemble(preset_layout(JoinType.END_TO_END, ["J", "K", "L"], plain), plain)
    assert amap.paths_across_joins == {}


def test_a_hexside_is_read_whether_or_not_its_hexes_names_hold_a_slash(
    standard: AssembledMap,
) -> None:
    """``A/B`` names a hexside; Soldiers' hex names hold a slash themselves (C/1309)."""
    a, b = standard.resolve_hexside("J1203/J1204")
    assert (standard.name(a), standard.name(b)) == ("J1203", "J1204")
    assert standard.resolve_hexside("j1203/J/1204") == (a, b)  # "J/1204" is J1204 too
    soldiers = load_scenario(
        Path(__file__).parent.parent / "scenarios/soldiers/10-dawn-patrol.yaml"
    ).scenario
    amap, _, _ = build_map(soldiers)
    assert amap is not None
    c, d = amap.resolve_hexside("C/1309/C/1310")
    assert (amap.name(c), amap.name(d), c.distance(d)) == ("C/1309", "C/1310", 1)
    with pytest.raises(KeyError, match="no hex 'C/9999'"):
        amap.resolve_hexside("C/1309/C/9999")  # the split whose first name resolves is told
    with pytest.raises(KeyError, match="not a hexside: write two hexes' names"):
        standard.resolve_hexside("J1203")
