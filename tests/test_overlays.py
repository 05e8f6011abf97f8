"""Armor's overlay counters placed by a scenario: anchors, rotation, refusals, terrain."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.errors import ProblemList
from model.hexes import Hex
from model.overlays import overlay_hexes, rotations_fitting
from model.scenario_io import parse_scenario
from model.tables import OverlayType

BASE = (Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml").read_text()


def with_overlays(*lines: str) -> str:
    block = "  overlays:\n" + "".join(f"    - {line}\n" for line in lines)
    return BASE.replace("  overlay_pool:", block + "  overlay_pool:", 1)


def problems(text: str) -> list[str]:
    with pytest.raises(ProblemList) as info:
        parse_scenario(text, "s.yaml")
    return [p.message for p in info.value.problems]


RIVER = OverlayType(
    id="r", kind="river", hexes=[(0, 0), (0, 1), (0, 2)], code_hex=(0, 2), placeholder="test"
)


def test_the_code_hex_fixes_the_rotation() -> None:
    # Triangle at the origin, code two hexes to the north-east: the strip is turned 3 sixths
    # from south (S -> SW -> NW -> N)... only the rotation that lands the code hex fits.
    code = Hex(0, 0) + Hex(0, 2).rotate_cw(2)
    assert rotations_fitting(RIVER, Hex(0, 0), code) == [2]
    assert overlay_hexes(RIVER, Hex(0, 0), 2) == (Hex(0, 0), Hex(-1, 0), Hex(-2, 0))
    assert rotations_fitting(RIVER, Hex(0, 0), Hex(5, 5)) == []


def test_overlays_replace_the_printed_terrain() -> None:
    text = with_overlays(
        "{overlay: woods-57, hex: J3006}",
        "{overlay: hill-27, hex: K1018}",
        "{overlay: hill-35, hex: K1018}",
        "{overlay: wood-building, hex: K2016}",
    )
    loaded = parse_scenario(text, "s.yaml")
    amap, overlays = loaded.map, loaded.overlays
    assert overlays.terrain(amap.resolve("J3006")) == "woods"
    assert overlays.hill_levels(amap.resolve("K1018")) == 2
    assert overlays.hill_levels(amap.resolve("K0818")) == 1  # only the big hill reaches it
    assert overlays.terrain(amap.resolve("K2016")) == "wood-building"
    assert overlays.terrain(amap.resolve("L2030")) is None


def test_placement_by_the_books_two_anchors() -> None:
    # river-105 is two hexes wide and six long, code at offset (1, 5) from the triangle.
    loaded = parse_scenario(
        with_overlays("{overlay: river-105, triangle: L1026, code: L1131}"), "s.yaml"
    )
    covered = {loaded.map.name(h) for h in loaded.overlays.stacks}
    assert {"L1026", "L1131"} <= covered
    assert len(covered) == 12


def test_bad_placements_are_refused_with_the_reason() -> None:
    found = problems(
        with_overlays(
            "{overlay: woods-999, hex: J3006}",
            "{overlay: river-105, triangle: L1026, code: L3033}",
            "{overlay: hill-27, hex: J0100}",
            "{overlay: stone-building, hex: K2016}",
            "{overlay: stone-building, hex: K2116}",
            "{overlay: stone-building, hex: K2216}",
        )
    )
    assert "there is no overlay 'woods-999'" in found
    assert any("cannot lie with its triangle on L1026 and its code on L3033" in m for m in found)
    assert any("hangs" in m and "off the map" in m for m in found)
    assert "overlay 'stone-building' is used 3 times; the game has 2" in found


def test_hills_stack_at_most_four_levels() -> None:
    hills = [f"{{overlay: hill-{n}, hex: K1018}}" for n in (27, 28, 29, 31, 35)]
    found = problems(with_overlays(*hills))
    assert "K0917 has 5 levels of hill; at most 4 (Armor [Setup II.C.3])" in found


def test_what_may_lie_on_what() -> None:
    # Woods on a hill is fine [Setup II.C.3]; a river on a hill is not (no rule lets it).
    assert parse_scenario(
        with_overlays("{overlay: hill-27, hex: K1018}", "{overlay: woods-69, hex: K1018}"),
        "s.yaml",
    )
    found = problems(
        with_overlays("{overlay: hill-27, hex: K1018}", "{overlay: river-105, hex: K1018}")
    )
    assert any(
        "overlay 'river-105' cannot lie on the hill unit 'hill-27' at" in m for m in found
    ), found


def test_only_smaller_hills_go_on_larger_ones() -> None:
    small_on_large = with_overlays(
        "{overlay: hill-27, hex: K1018}", "{overlay: hill-29, hex: K1018}"
    )
    assert parse_scenario(small_on_large, "s.yaml")
    found = problems(
        with_overlays("{overlay: hill-29, hex: K1018}", "{overlay: hill-27, hex: K1018}")
    )
    assert any(
        "hill 'hill-27' (19 hexes) lies on hill 'hill-29' (14 hexes)" in m
        and "only smaller Hill units go on top of larger ones (Armor [Setup II.C.3])" in m
        for m in found
    ), found
