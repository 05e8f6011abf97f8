"""Loose scenarios' layout constraints: each kind met and unmet on a built-in Armor scenario
edited, the states :func:`rules.checks.layout.constraint_states` gives, and the
``layout-constraint`` finding with its line and message pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.scenario_io import check_document
from model.yamlio import read_yaml, read_yaml_text
from rules.checks import Finding, run_checks
from rules.checks.layout import ConstraintState, constraint_states

ARMOR = Path(__file__).parent.parent / "scenarios" / "armor"
SPEARHEADS = (ARMOR / "1a-spearheads.yaml").read_text()
CONFUSED = (ARMOR / "1b-confused-situation.yaml").read_text()
BRIDGE = (ARMOR / "2b-the-bridge.yaml").read_text()
FRONTAL = (ARMOR / "3a-frontal-attack.yaml").read_text()

EDGE_TO_EDGE = "    preset: edge-to-edge\n    order: [J, K, L]\n"
BOOK_STAGGERED = '    joins: "K3813-J3801, J1412-L1436"\n'


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def states(text: str) -> list[tuple[int, bool | None, str]]:
    loaded = check_document(read_yaml_text(text, "s.yaml"))
    return [(s.index, s.met, s.why) for s in constraint_states(loaded)]


def findings(text: str) -> list[Finding]:
    doc = read_yaml_text(text, "s.yaml")
    return [f for f in run_checks(check_document(doc), doc) if f.code == "layout-constraint"]


def test_a_laid_out_table_meets_its_constraints() -> None:
    assert states(CONFUSED) == [
        (0, True, "the joins are edge-to-edge"),
        (1, True, "1 building unit within 6 hexes of Corner 1 (1 needed)"),
        (2, True, "1 building unit within 6 hexes of Corner 2 (1 needed)"),
        (3, True, "1 building unit within 6 hexes of Corner 3 (1 needed)"),
        (4, True, "1 building unit within 6 hexes of Corner 4 (1 needed)"),
        (5, True, "4 building units within 6 hexes of the Center hexes (4 needed)"),
    ]
    assert findings(CONFUSED) == []


def test_text_constraints_are_left_to_the_eye() -> None:
    assert states(BRIDGE) == [
        (0, True, "the joins are edge-to-edge"),
        (1, True, "all 9 river units lie in the region"),
        (2, None, "kept in words only: check by eye"),
        (3, None, "kept in words only: check by eye"),
    ]


def test_a_building_moved_from_its_corner() -> None:
    text = edited(CONFUSED, ("hex: J3802}", "hex: J2012}"))
    assert states(text)[1] == (1, False, "0 building units within 6 hexes of Corner 1, 1 needed")
    assert [f.format() for f in findings(text)] == [
        "s.yaml:19:7: warning layout-constraint: the layout does not meet 'Place one Building "
        "unit within 6 hexes of each corner of the mapboard': 0 building units within 6 hexes "
        "of Corner 1, 1 needed (change the layout or the overlays to meet it) [Armor [SCN V.B]]"
    ]


def test_a_river_unit_outside_the_section_with_side_b() -> None:
    text = edited(BRIDGE, ("triangle: L4032, code: L3530", "triangle: K4020, code: K3518"))
    assert states(text)[1] == (1, False, "river units outside the region at K4020")
    assert [f.format() for f in findings(text)] == [
        "s.yaml:19:7: warning layout-constraint: the layout does not meet 'The River units "
        "should be placed in the mapboard section that includes Side B': river units outside "
        "the region at K4020 (change the layout or the overlays to meet it) [Armor [SCN VI.B]]"
    ]


def test_a_staggered_layout_where_edge_to_edge_is_required() -> None:
    text = edited(SPEARHEADS, (EDGE_TO_EDGE, BOOK_STAGGERED))
    assert states(text)[0] == (
        0,
        False,
        "K-J is staggered; J-L is staggered; allowed: edge-to-edge",
    )
    (join,) = (f for f in findings(text) if f.severity == "warning")
    assert join.format() == (
        "s.yaml:17:7: warning layout-constraint: the layout does not meet 'joins: "
        "edge-to-edge': K-J is staggered; J-L is staggered; allowed: edge-to-edge "
        "(change the layout or the overlays to meet it) [Armor [SCN V.A]]"
    )


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        (EDGE_TO_EDGE, (True, "the joins are edge-to-edge")),
        (EDGE_TO_EDGE + "    flipped: [K]\n", (True, "the joins are edge-to-edge")),
        (
            "    preset: end-to-end\n    order: [J, K, L]\n",
            (False, "J-K is end-to-end; K-L is end-to-end; allowed: edge-to-edge"),
        ),
        (
            "    preset: staggered\n    order: [J, K, L]\n",
            (False, "J-K is staggered; K-L is staggered; allowed: edge-to-edge"),
        ),
    ],
)
def test_join_types_told_from_the_layout(layout: str, expected: tuple[bool, str]) -> None:
    assert states(edited(SPEARHEADS, (EDGE_TO_EDGE, layout)))[0][1:] == expected


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        (EDGE_TO_EDGE, (True, "a road runs across every join")),
        ("    preset: staggered\n    order: [J, K, L]\n", (True, "a road runs across every join")),
        (
            "    preset: staggered\n    order: [J, K, L]\n    stagger: 10\n",
            (False, "no road runs across the join J-K, K-L"),
        ),
        (BOOK_STAGGERED, (False, "no road runs across the join K-J")),
    ],
)
def test_roads_meet_across_the_joins(layout: str, expected: tuple[bool, str]) -> None:
    text = edited(
        SPEARHEADS,
        (EDGE_TO_EDGE, layout),
        ("  constraints:\n", "  constraints:\n    - kind: roads-meet\n"),
    )
    assert states(text)[0][1:] == expected


def test_too_few_units_in_a_section() -> None:
    text = edited(FRONTAL, ("      count: 3\n", "      count: 5\n"))
    assert states(text)[2] == (
        2,
        False,
        "J has 4; K has 4; L has 4 building or alley units, 5 needed in each section",
    )
    assert [f.line for f in findings(text)] == [21]


def test_a_template_not_laid_out_yet_is_information() -> None:
    found = findings(SPEARHEADS)
    assert [(f.severity, f.path) for f in found] == [
        ("info", f"map.constraints[{i}]") for i in range(1, 6)
    ]
    assert found[0].message == (
        "the layout does not meet 'one Building unit within 6 hexes of each corner of the "
        "mapboard': 0 building units within 6 hexes of Corner 1, 1 needed (no overlays are "
        "placed yet: lay them out to meet it)"
    )


def test_the_built_in_armor_scenarios_meet_their_typed_constraints() -> None:
    unmet: list[tuple[str, ConstraintState]] = []
    for path in sorted(ARMOR.glob("*.yaml")):
        loaded = check_document(read_yaml(path))
        if not loaded.overlays.placed:
            continue  # a template the players lay out (1A)
        unmet += [(path.name, s) for s in constraint_states(loaded) if s.met is False]
    assert unmet == []
