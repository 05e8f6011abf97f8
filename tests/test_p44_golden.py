"""The engine's lines of sight and reachable hexes on the Panzer '44 map, compared exactly with
the golden fixtures (``tests/golden_p44.py`` says what is sampled and how to rewrite them when
a change is meant: ``python -m tests.golden_p44``, then review the diff of the JSON files).
Hand-checked movement and line-of-sight cases from the book are in test_p44_movement.py and
test_los.py; these pin everything else the sample covers."""

from __future__ import annotations

import json

import pytest
from golden_p44 import FOLDER, lines_of_sight, p44_game, reaches


def _differences(expected: dict, found: dict) -> list[str]:  # type: ignore[type-arg]
    keys = sorted(set(expected) | set(found))
    return [k for k in keys if expected.get(k) != found.get(k)]


@pytest.mark.parametrize(
    ("name", "work"), [("p44-los.json", lines_of_sight), ("p44-reach.json", reaches)]
)
def test_the_engine_matches_the_golden_fixture(name: str, work) -> None:  # type: ignore[no-untyped-def]
    expected = json.loads((FOLDER / name).read_text())
    found = json.loads(json.dumps(work(p44_game())))  # as written: tuples to lists
    differ = _differences(expected, found)
    assert not differ, (
        f"{len(differ)} of {len(expected)} entries of {name} differ, e.g. {differ[:3]}: "
        "if the change is meant, run 'python -m tests.golden_p44' and review the diff"
    )


def test_the_fixtures_cover_both_verdicts_and_every_movement_class() -> None:
    los = json.loads((FOLDER / "p44-los.json").read_text())
    assert {v["verdict"] for v in los.values()} == {"clear", "blocked"}
    assert all(v["decided_by"] for v in los.values() if v["verdict"] == "blocked")
    reach = json.loads((FOLDER / "p44-reach.json").read_text())
    assert {k.split()[1] for k in reach} == {"hard-vehicle", "soft-vehicle", "foot"}
