"""Unit counters on the map: which units stand on hexes, their facing, their labels."""

from __future__ import annotations

from pathlib import Path

from model.counters import counters
from model.scenario_io import load_scenario

DEMO = Path(__file__).parent.parent / "scenarios" / "armor" / "demo-crossroads.yaml"


def test_counters_of_the_demonstration() -> None:
    loaded = load_scenario(DEMO)
    found = counters(loaded.scenario, loaded.map)
    assert len(found) == sum(
        entry.count for side in loaded.scenario.sides for entry in side.forces
    )  # every force entry of the demonstration stands on a hex
    by_unit = {c.unit: c for c in found}
    assert by_unit["PANTHER-A"].label == "Panther"  # the first word of the catalogue's name
    assert by_unit["M4"].label == "M4A1"
    assert by_unit["INFANTRY-SQUAD"].facing is None  # no facing given
    # J's direction 4 is due south on the map (compass 3); K's 1 is due north (compass 0).
    assert by_unit["PANTHER-A"].facing == 3
    assert by_unit["M4"].facing == 0


def test_entries_placed_in_areas_are_not_on_a_hex() -> None:
    book = load_scenario(
        Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"
    )
    assert counters(book.scenario, book.map) == []  # 1A's forces enter along the map edges
