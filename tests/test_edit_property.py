"""Undo brings back what was (issue 21): seeded random sequences of the editor's edits on a
scenario of every system, then undo all equals the original, redo all equals the end, and
every scenario along the way saves and reads back the same."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from editor.files.document import ScenarioDocument
from model.catalog import terrain_types, unit_types
from model.scenario_io import dump_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS = [
    "armor/demo-crossroads.yaml",
    "panzer44/19.7-assault-on-fort-driant.yaml",
    "soldiers/10-dawn-patrol.yaml",
    "panzer-command/point-161.yaml",
]
EDITS = 60


def _random_edit(document: ScenarioDocument, rng: random.Random) -> None:
    """One edit the way the editor makes them (each one undoable)."""
    scenario = document.scenario
    hexes = sorted(document.map.hexes)
    side = rng.choice(scenario.sides)
    kind = rng.randrange(7)
    if kind == 0:
        terrain = rng.choice(sorted(terrain_types(scenario.system)))
        document.paint_terrain(rng.sample(hexes, rng.randint(1, 4)), terrain)
    elif kind == 1:
        document.set_elevation(rng.sample(hexes, rng.randint(1, 3)), rng.randint(0, 3))
    elif kind == 2:
        document.erase_terrain(rng.sample(hexes, 2))
    elif kind == 3:
        units = sorted(u for u, t in unit_types(scenario.system).items() if t.nation == side.nation)
        if units:
            document.add_force(side.id, rng.choice(units), rng.randint(1, 3))
    elif kind == 4 and side.forces:
        document.set_force_count(side.id, rng.randrange(len(side.forces)), rng.randint(1, 5))
    elif kind == 5 and side.forces:
        document.remove_force(side.id, rng.randrange(len(side.forces)))
    else:
        document.rename_side(side.id, f"{side.name} {rng.randint(1, 99)}")


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_edits_undo_to_the_original_and_redo_to_the_end(name: str, seed: int) -> None:
    document = ScenarioDocument.open(ROOT / name)
    original = document.scenario
    rng = random.Random(f"{name}|{seed}")
    for _ in range(EDITS):
        _random_edit(document, rng)
    end = document.scenario
    assert end != original
    assert parse_scenario(dump_scenario(end)).scenario == end  # it saves and reads back
    stack = document.undo_stack
    assert stack.count() > EDITS // 2  # most edits were made, not refused
    while stack.canUndo():
        stack.undo()
    assert document.scenario == original
    assert not document.modified
    while stack.canRedo():
        stack.redo()
    assert document.scenario == end
    document.undo_stack.setClean()
