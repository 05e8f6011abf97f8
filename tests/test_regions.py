"""The region language evaluated on Armor's J, K, L laid edge-to-edge."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from model.layout import AssembledMap, SectionPlacement, assemble
from model.region_eval import path_graph
from model.regions import Region, RegionContext, evaluate
from model.resources import load_boards
from model.systems import GameSystem

REGION: TypeAdapter[Any] = TypeAdapter(Region)


@pytest.fixture(scope="module")
def amap() -> AssembledMap:
    sections = load_boards(GameSystem.ARMOR, ("J", "K", "L"))
    return assemble([SectionPlacement("J"), SectionPlacement("K"), SectionPlacement("L")], sections)


def hexes(amap: AssembledMap, spec: dict[str, Any]) -> set[str]:
    ctx = RegionContext(amap)
    found = evaluate(REGION.validate_python(spec), ctx)
    assert ctx.errors == [], [e.message for e in ctx.errors]
    return {amap.name(h) for h in found}


def errors(amap: AssembledMap, spec: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    ctx = RegionContext(amap)
    evaluate(REGION.validate_python(spec), ctx)
    return [(e.path, e.message) for e in ctx.errors]


def test_listed_hexes(amap: AssembledMap) -> None:
    assert hexes(amap, {"kind": "hexes", "hexes": ["J1511", "K1512", "4032"]}) == {
        "J1511",
        "J1512",
        "L4032",
    }


def test_hexrow_half_planes_inclusive_and_exclusive(amap: AssembledMap) -> None:
    east_incl = hexes(amap, {"kind": "hexrow", "column": 37, "side": "east", "inclusive": True})
    east_excl = hexes(amap, {"kind": "hexrow", "column": 37, "side": "east", "inclusive": False})
    assert {n[1:3] for n in east_incl} == {"37", "38", "39", "40"}
    assert {n[1:3] for n in east_excl} == {"38", "39", "40"}
    north = hexes(amap, {"kind": "hexrow", "row": 12, "side": "north", "inclusive": True})
    assert "J2012" in north and "K2013" not in north and "J0100" in north


def test_hexrow_refuses_a_column_with_north_and_south(amap: AssembledMap) -> None:
    assert errors(amap, {"kind": "hexrow", "column": 3, "side": "north", "inclusive": True}) == [
        (("side",), "a column hexrow has sides east and west")
    ]


def test_within_distance_of_a_corner(amap: AssembledMap) -> None:
    # Armor 1B: "on or within five hexes of a mapboard corner".
    area = hexes(amap, {"kind": "within", "distance": 5, "of": {"kind": "corners", "corners": [2]}})
    corner = amap.resolve("J0100")  # Corner 2 is the north-west corner when Side A is north
    expected = {amap.name(h) for h in amap.hexes if h.distance(corner) <= 5}
    assert area == expected
    assert len(area) == 27 and "J0603" in area and "J0604" not in area


def test_sections_without_side_a(amap: AssembledMap) -> None:
    # Armor 2A: "the two mapboard sections that do not include Side A" are K and L.
    area = hexes(amap, {"kind": "sections", "excluding_side": "A"})
    seams = {amap.name(h) for h in amap.seams[("J", "K")]}
    assert {n[0] for n in area - seams} == {"K", "L"}
    assert "J1512" in area  # the J-K seam hexes belong to K as well
    center = hexes(amap, {"kind": "sections", "center": True})
    assert {n[0] for n in center} <= {"J", "K"} and "K2018" in center


def test_what_regions_derive_from_the_map_alone_is_worked_out_once_per_map() -> None:
    """Speed issue: a placement's hexes and printed coordinates are kept on the map, so many
    regions (and scenarios sharing the map) reuse them; the answers are those worked out
    afresh, and a region that changes its set leaves the kept one alone."""
    sections = load_boards(GameSystem.ARMOR, ("J", "K", "L"))
    placements = [SectionPlacement("J"), SectionPlacement("K"), SectionPlacement("L")]
    shared = assemble(placements, sections)
    specs: list[dict[str, Any]] = [
        {"kind": "hexrow", "column": 20, "side": "west", "inclusive": True, "board": "K"},
        {"kind": "hexrow", "row": 7, "side": "south", "inclusive": False},
        {"kind": "sections", "sections": ["K"]},
        {"kind": "sections", "excluding_side": "A"},
        {"kind": "sections", "center": True},
    ]
    first = [hexes(shared, spec) for spec in specs]
    assert shared.derived  # kept
    again = [hexes(shared, spec) for spec in specs]
    fresh = [hexes(assemble(placements, sections), spec) for spec in specs]
    assert first == again == fresh
    assert all(first)


def test_center_hexes_of_the_center_section(amap: AssembledMap) -> None:
    assert hexes(amap, {"kind": "center-hexes", "center_section": True}) == {"K2018", "K2118"}


def test_away_from_side_a(amap: AssembledMap) -> None:
    # Armor 4A: the defender sets up "at least 8 hexes from Side A".
    area = hexes(amap, {"kind": "away-from", "distance": 8, "of": {"kind": "edge", "edge": "A"}})
    assert "J2009" in area and "J2008" not in area


def test_edge_segment_between_two_hexes(amap: AssembledMap) -> None:
    segment = hexes(amap, {"kind": "edge", "edge": "east", "start": "J4003", "end": "J4008"})
    assert segment == {f"J40{r:02d}" for r in range(3, 9)}
    assert errors(amap, {"kind": "edge", "edge": "east", "start": "J2005", "end": "J4008"}) == [
        ((), "J2005 is not on the east edge")
    ]


def test_polygon_and_line_side(amap: AssembledMap) -> None:
    quad = hexes(amap, {"kind": "polygon", "corners": ["J1003", "J1403", "J1407", "J1007"]})
    assert "J1205" in quad and "J1003" in quad and "J0905" not in quad
    south = hexes(
        amap,
        {
            "kind": "line-side",
            "start": "J0106",
            "end": "J4006",
            "side": "south",
            "inclusive": False,
        },
    )
    assert "J2010" in south and "J2002" not in south and "L2030" in south


def test_path_between_follows_the_road(amap: AssembledMap) -> None:
    road = hexes(amap, {"kind": "path", "feature": "road", "start": "J2001", "end": "J2111"})
    graph = path_graph(amap, "road")
    assert "J2001" in road and "J2111" in road
    for name in road:
        assert amap.resolve(name) in graph
    assert errors(amap, {"kind": "path", "feature": "road", "start": "J2001", "end": "J0505"}) == [
        ((), "no road runs from J2001 to J0505")
    ]


def test_side_of_a_stream() -> None:
    # On J alone the brook runs from the west end to the east end and divides the section.
    j_only = assemble([SectionPlacement("J")], load_boards(GameSystem.ARMOR, ("J",)))
    north = hexes(j_only, {"kind": "side-of", "feature": "stream", "side": "north"})
    south = hexes(j_only, {"kind": "side-of", "feature": "stream", "side": "south"})
    assert "J0105" in north and "J0105" not in south
    assert "J3012" in south and "J3012" not in north
    assert not north & south
    away = hexes(
        j_only, {"kind": "side-of", "feature": "stream", "side": "north", "adjacent": False}
    )
    assert away < north


def test_terrain_filter_and_set_algebra(amap: AssembledMap) -> None:
    soft_in_j = hexes(
        amap,
        {"kind": "terrain", "terrain": ["soft"], "within": {"kind": "sections", "sections": ["J"]}},
    )
    assert soft_in_j and all(n.startswith("J") for n in soft_in_j)
    both = hexes(
        amap,
        {
            "kind": "all-of",
            "regions": [
                {"kind": "sections", "sections": ["J"]},
                {"kind": "hexrow", "column": 2, "side": "on", "inclusive": True},
            ],
        },
    )
    assert both == {f"J02{r:02d}" for r in range(1, 13)}
    rest = hexes(amap, {"kind": "outside", "region": {"kind": "sections", "sections": ["J", "K"]}})
    assert {n[0] for n in rest} == {"L"}


def test_unknown_names_are_reported_with_their_path(amap: AssembledMap) -> None:
    assert errors(
        amap,
        {
            "kind": "any-of",
            "regions": [
                {"kind": "hexes", "hexes": ["J0101", "Q0101"]},
                {"kind": "place", "name": "Coincourt"},
                {"kind": "zones", "board": "J", "zones": [7]},
            ],
        },
    ) == [
        (("regions", 0, "hexes", 1), "no hex 'Q0101' on this layout"),
        (("regions", 1, "name"), "no place named 'Coincourt' on the map"),
        (("regions", 2, "zones", 0), "board J has no zone 7"),
    ]


def _maps() -> list[AssembledMap]:
    from model.scenario_io import load_scenario

    scenarios = Path(__file__).parent.parent / "scenarios"
    return [
        load_scenario(scenarios / name).map
        for name in ("armor/2a-trading-ground-staggered.yaml", "soldiers/26-airborne.yaml")
    ]


@pytest.mark.parametrize("seed", range(6))
def test_within_by_every_route_is_the_hexes_at_that_distance(seed: int) -> None:
    """`within` walks each core hex's disk, measures the map from a small core, or searches
    from a large core at once, by the sizes (a hostile file's thousands of large disks took
    minutes): each route gives exactly the map's hexes within the distance of some core hex,
    on a staggered layout and on Soldiers' maps."""
    rng = random.Random(seed)
    for amap in _maps():
        names = [amap.name(h) for h in amap.hexes]
        for size, distance in ((1, 2), (1, 150), (5, 40), (100, 3), (100, 25), (300, 200)):
            core = rng.sample(names, size)
            spec = {"kind": "within", "distance": distance, "of": {"kind": "hexes", "hexes": core}}
            centres = [amap.resolve(n) for n in core]
            expected = {
                amap.name(h) for h in amap.hexes if min(c.distance(h) for c in centres) <= distance
            }
            assert hexes(amap, spec) == expected, (size, distance)


def test_a_reader_stops_working_out_regions_past_its_budget(amap: AssembledMap) -> None:
    ctx = RegionContext(amap, budget=len(amap) * 2)
    whole = REGION.validate_python({"kind": "map"})
    assert [len(evaluate(whole, ctx, ("r", i))) for i in range(4)] == [len(amap)] * 2 + [0, 0]
    [error] = ctx.errors  # said once, by the region that crossed it
    assert error.path == ("r", 2) and "regions hold more than" in error.message
    unbounded = RegionContext(amap)
    assert all(len(evaluate(whole, unbounded)) == len(amap) for _ in range(4))
