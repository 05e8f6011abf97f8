"""The scenario file: pinned error messages, migrations, round trips, built-in scenarios."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from model import scenario_io
from model.errors import ProblemList
from model.scenario import Scenario
from model.scenario_io import (
    MIGRATIONS,
    dump_scenario,
    load_scenario,
    parse_scenario,
    save_scenario,
)

SCENARIOS = Path(__file__).parent.parent / "scenarios"
BUILT_IN = sorted(SCENARIOS.glob("*/*.yaml"))
BASE = (SCENARIOS / "armor" / "1a-spearheads.yaml").read_text()


def problems_for(text: str) -> list[str]:
    with pytest.raises(ProblemList) as info:
        parse_scenario(text, "s.yaml")
    return [p.format() for p in info.value.problems]


def edited(old: str, new: str) -> str:
    assert old in BASE, old
    return BASE.replace(old, new, 1)


# (edit to the base scenario, the problem reported) - error wording is UI, so it is pinned.
CASES = [
    (
        ("title: Spearheads", "titel: Spearheads"),
        [
            "s.yaml:1:1: missing required key 'title'",
            "s.yaml:3:1: titel: unknown key 'titel' (did you mean 'title'?)",
        ],
    ),
    (
        ("system: armor", "system: armour"),
        [
            "s.yaml:4:9: system: 'armour' is not one of 'armor', 'panzer44', 'soldiers' or "
            "'panzer-command' (did you mean 'armor'?)"
        ],
    ),
    (
        ("{unit: PZIVJ, count: 4}", "{unit: PZIVH, count: 4}"),
        [
            "s.yaml:57:16: sides[0].forces[0].unit: unknown unit type 'PZIVH' (did you mean 'PZIVJ'?)"
        ],
    ),
    (
        ("{unit: PZIVJ, count: 4}", "{unit: PZIVJ, count: 0}"),
        ["s.yaml:57:30: sides[0].forces[0].count: input should be greater than or equal to 1"],
    ),
    (
        ("order: [J, K, L]", "order: [J, K, M]"),
        ["s.yaml:15:19: map.layout.order[2]: there is no Armor board 'M' (boards: J, K, L)"],
    ),
    (
        ("order: [J, K, L]", "order: [J, K, J]"),
        [
            "s.yaml:14:5: map.layout: two sections are labelled 'J'; give each copy its own label",
            "s.yaml:14:5: map.layout: section J is used 2 times but the game has 1 copy; "
            "say how many you own to use more",
        ],
    ),
    (
        (
            "region: {kind: edge, edge: A}\n      turn: 1\n    forces:\n      - {unit: PZIVJ",
            "region: {kind: edge, edge: E}\n      turn: 1\n    forces:\n      - {unit: PZIVJ",
        ),
        [
            "s.yaml:54:34: sides[0].setup.region.edge: 'E' is not one of 'north', 'south', 'east', "
            "'west', 'A', 'B', 'C' or 'D'"
        ],
    ),
    (
        ("near: {kind: corners, corners: [1]}", "near: {kind: corners, corners: [5]}"),
        [
            "s.yaml:24:39: map.constraints[1].near.corners[0]: there is no Corner 5; Corners are 1 to 4"
        ],
    ),
    (
        ("near: {kind: corners, corners: [1]}", "near: {kind: corner, corners: [1]}"),
        [
            "s.yaml:24:13: map.constraints[1].near: unknown kind 'corner'; expected 'hexes', 'map', "
            "'hexrow', 'line-side', 'polygon', 'path', 'place', 'zones', 'sections', 'edge', "
            "'corners', 'center-hexes', 'within', 'away-from', 'side-of', 'terrain', 'all-of', "
            "'any-of', 'outside', 'choice' (did you mean 'corners'?)"
        ],
    ),
    (
        ("- kind: join-type\n", "- kind: join-types\n"),
        [
            "s.yaml:18:7: map.constraints[0]: unknown kind 'join-types'; expected 'join-type', "
            "'roads-meet', 'count-within', 'overlay-in', 'at-least-per-section', 'text' "
            "(did you mean 'join-type'?)"
        ],
    ),
    (
        ("joins: [edge-to-edge]\n", "joins: [edge-to-edge]\n      count: 2\n"),
        [
            "s.yaml:20:7: map.constraints[0].count: unknown key 'count' (allowed keys: joins, "
            "kind, text; 'count' belongs to kind 'count-within' or 'at-least-per-section')"
        ],
    ),
    (  # counted in one pass (a count of each id among all ids was quadratic)
        ("  - id: us\n", "  - id: german\n"),
        ["s.yaml:1:1: side ids must differ; repeated: german"],
    ),
    (  # a name seen to resolve is looked up once; one that does not is told at each use
        (
            "  overlay_pool:",
            "  terrain_edits:\n    - hexes: [J0101, J9999, J0101, J9999]\n      terrain: scrub\n"
            "  overlay_pool:",
        ),
        [
            "s.yaml:17:22: map.terrain_edits[0].hexes[1]: no hex 'J9999' on this layout",
            "s.yaml:17:36: map.terrain_edits[0].hexes[3]: no hex 'J9999' on this layout",
        ],
    ),
    (
        ("region: {kind: edge, edge: B}", "region: {kind: hexes, hexes: [L4040, M0101, L4036]}"),
        [
            "s.yaml:77:37: sides[1].setup.region.hexes[0]: no hex 'L4040' on this layout",
            "s.yaml:77:44: sides[1].setup.region.hexes[1]: no hex 'M0101' on this layout",
        ],
    ),
    (
        ("side: german\n      award", "side: germans\n      award"),
        [
            "s.yaml:121:13: victory.conditions[0].side: unknown side 'germans' (did you mean 'german'?)"
        ],
    ),
    (
        ("  turns: 15\n", ""),
        ["s.yaml:115:3: length: give 'turns', 'by_join', or 'open_ended: true'"],
    ),
    (
        ('source: "Armor [SCN V.A]"\n', ""),
        [
            "s.yaml:1:1: say where the scenario comes from: 'source' (book and section), "
            "'original: true', or 'placeholder'"
        ],
    ),
    (
        ("schema_version: 1", "schema_version: 7"),
        [
            "s.yaml:1:17: schema_version: this scenario is schema version 7, newer than this "
            "Hexwright reads (1) (update Hexwright to open it)"
        ],
    ),
    (
        ("schema_version: 1\n", ""),
        [
            "s.yaml:1:1: schema_version: missing required key 'schema_version' "
            "(add 'schema_version: 1' at the top)"
        ],
    ),
    (
        ("    preset: edge-to-edge\n    order: [J, K, L]", "    joins: K3813-J3801, J1412-L9999"),
        ["s.yaml:14:12: map.layout.joins: there is no hex L9999 on section L"],
    ),
]


@pytest.mark.parametrize(("edit", "expected"), CASES, ids=[c[1][0][:60] for c in CASES])
def test_problems_are_located_and_worded(edit: tuple[str, str], expected: list[str]) -> None:
    assert problems_for(edited(*edit)) == expected


TRADING_GROUND = (SCENARIOS / "armor" / "2a-trading-ground.yaml").read_text()
BAN = "{kind: ban, categories: [terrain-support],"

# Purchase rules, one model per kind: (edit to Armor 2A's first rule, the problem reported).
PURCHASE_RULE_CASES = [
    (
        (BAN, "{kind: bans, categories: [terrain-support],"),
        [
            "s.yaml:162:9: sides[0].purchase_rules[0]: unknown kind 'bans'; expected "
            "'min-spend', 'max-spend', 'share-per-entry', 'required', 'only', 'ban', 'text' "
            "(did you mean 'ban'?)"
        ],
    ),
    (
        (BAN, BAN + " points: 50,"),
        [
            "s.yaml:162:52: sides[0].purchase_rules[0].points: unknown key 'points' (allowed "
            "keys: categories, kind, text, units; 'points' belongs to kind 'min-spend' or "
            "'max-spend')"
        ],
    ),
]


@pytest.mark.parametrize(
    ("edit", "expected"), PURCHASE_RULE_CASES, ids=[c[1][0][:60] for c in PURCHASE_RULE_CASES]
)
def test_purchase_rule_problems_are_located_and_worded(
    edit: tuple[str, str], expected: list[str]
) -> None:
    old, new = edit
    assert TRADING_GROUND.count(old) == 2  # both sides ban Terrain Support; the first is edited
    assert problems_for(TRADING_GROUND.replace(old, new, 1)) == expected


def test_all_problems_of_a_stage_are_reported_at_once() -> None:
    text = edited("{unit: PZIVJ, count: 4}", "{unit: PZIVH, count: 4}")
    text = text.replace("{unit: M4, count: 3}", "{unit: M44, count: 3}")
    text = text.replace("side: us\n", "side: usa\n")
    found = problems_for(text)
    assert len(found) == 3
    assert [p.split(": ", 1)[0] for p in found] == ["s.yaml:57:16", "s.yaml:80:16", "s.yaml:124:13"]


def test_not_a_mapping_is_refused() -> None:
    assert problems_for("- just\n- a list\n") == [
        "s.yaml:1:1: a scenario file must be a mapping of keys (start from a built-in scenario or File > New)"
    ]


@pytest.mark.parametrize("path", BUILT_IN, ids=[p.stem for p in BUILT_IN])
def test_built_in_scenarios_load(path: Path) -> None:
    loaded = load_scenario(path)
    assert loaded.scenario.id
    assert len(loaded.map) > 0


@pytest.mark.parametrize("path", BUILT_IN, ids=[p.stem for p in BUILT_IN])
def test_load_save_load_gives_an_equal_model(path: Path, tmp_path: Path) -> None:
    first = load_scenario(path).scenario
    out = tmp_path / "copy.yaml"
    save_scenario(first, out)
    second = load_scenario(out).scenario
    assert second == first
    # Saving is deterministic: the same model gives the same bytes.
    assert dump_scenario(second) == out.read_text()


def test_saving_stores_only_what_differs_from_defaults() -> None:
    text = dump_scenario(load_scenario(SCENARIOS / "armor" / "1a-spearheads.yaml").scenario)
    assert "original: false" not in text
    assert "special_rules:" in text
    assert "missions:" not in text  # empty lists are left out
    assert "kind: edge" in text  # discriminators are always written


def test_a_registered_migrator_upgrades_old_files(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pretend the current version is 2 and version 1 called the length 'duration'.
    monkeypatch.setattr(scenario_io, "SCENARIO_SCHEMA_VERSION", 2)
    monkeypatch.setattr(scenario_io, "MIGRATIONS", {})

    @scenario_io.migrator(1)
    def rename_duration(data: dict[str, Any]) -> dict[str, Any]:
        data["length"] = data.pop("duration")
        return data

    old = BASE.replace("\nlength:\n", "\nduration:\n")
    loaded = parse_scenario(old, "old.yaml")
    assert loaded.scenario.schema_version == 2
    assert loaded.scenario.length.turns == 15


def test_a_migrator_can_only_be_registered_once() -> None:
    before = dict(MIGRATIONS)
    try:
        scenario_io.migrator(99)(lambda d: d)
        with pytest.raises(ValueError, match="already registered"):
            scenario_io.migrator(99)(lambda d: d)
    finally:
        MIGRATIONS.clear()
        MIGRATIONS.update(before)


def test_missing_migration_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_io, "SCENARIO_SCHEMA_VERSION", 3)
    monkeypatch.setattr(scenario_io, "MIGRATIONS", {})
    assert problems_for(BASE) == [
        "s.yaml:1:17: schema_version: no migration from schema version 1 "
        "(this Hexwright cannot read files that old)"
    ]


def test_committed_json_schema_matches_the_models() -> None:
    from editor.cli.main import schema_text

    committed = (Path(__file__).parent.parent / "docs" / "scenario.schema.json").read_text()
    assert committed == schema_text()
    assert "Scenario" in Scenario.__name__
