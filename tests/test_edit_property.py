"""Undo brings back what was (issue 21): seeded random sequences of the editor's edits on every
built-in scenario of every system, then undo all equals the original, redo all equals the end,
and every scenario along the way saves and reads back the same.

The map the editor shows is kept up to date edit by edit (:meth:`ScenarioDocument._set`
reworks only the layers an edit touched), so the test also compares what the document shows
after undo all and after redo all (each hex's terrain, its hexside features, the counters)
with a document made afresh from the same scenario."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from model import edits_plan, edits_setup
from model.catalog import terrain_types, unit_types
from model.hexes import Hex, Hexside
from model.regions import HexesRegion
from model.scenario import BotPlan, PlanObjective, Scenario
from model.scenario_io import dump_scenario, parse_scenario
from model.scenario_map import OverlayPlacement
from model.tables import overlays

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("*/*.yaml"))
EDITS = 60


def _random_edit(document: ScenarioDocument, rng: random.Random, sides: set[Hexside]) -> None:
    """One edit the way the editor makes them (each one undoable); ``sides`` gathers the
    hexsides the edits touched."""
    scenario = document.scenario
    hexes = sorted(document.map.hexes)
    side = rng.choice(scenario.sides)
    kind = rng.randrange(14)
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
    elif kind == 6 and side.forces:
        facing = rng.choice([None, *range(1, 7)])  # the book's direction numbers
        document.place_force(side.id, rng.randrange(len(side.forces)), rng.choice(hexes), facing)
    elif kind == 7 and side.forces:
        document.set_force_facing(side.id, rng.randrange(len(side.forces)), rng.randint(1, 6))
    elif kind == 8 and side.forces:
        document.clear_force_placement(side.id, rng.randrange(len(side.forces)))
    elif kind == 9:
        _hexside_edit(document, rng, hexes, sides)
    elif kind == 10:
        _overlay_edit(document, rng, hexes)
    elif kind == 11:  # the set-up zone tool: a hex painted into (or out of) a side's zone
        names, amap, out = [_name(document, rng, hexes)], document.map, rng.random() < 0.3
        refused = document.edit(
            lambda s: edits_setup.paint_setup(s, side.id, names, amap, out),
            "Paint set-up zone",
            Change.FORCES,
        )
        if refused and "not hexes painted" in refused[0]:  # a rule: the tool offers its hexes
            document.edit(
                lambda s: edits_setup.setup_as_hexes(s, side.id, amap), "As hexes", Change.FORCES
            )
    elif kind == 12 and side.plan is None:  # the Plan tab: a plan for the side's bot
        plan = BotPlan(posture=rng.choice(["attack", "defend", "delay"]))
        document.edit(lambda s: edits_plan.set_plan(s, side.id, plan), "Plan", Change.SETUP)
    elif kind == 12:  # then an objective of hexes
        objective = PlanObjective(region=HexesRegion(hexes=[_name(document, rng, hexes)]))
        document.edit(
            lambda s: edits_plan.put_objective(s, side.id, None, objective, document.map),
            "Add an objective",
            Change.SETUP,
        )
    else:
        document.rename_side(side.id, f"{side.name} {rng.randint(1, 99)}")


def _hexside_edit(
    document: ScenarioDocument, rng: random.Random, hexes: list[Hex], sides: set[Hexside]
) -> None:
    features = sorted(
        t
        for t, kind in terrain_types(document.scenario.system).items()
        if kind.applies_to == "hexside"
    )
    a = rng.choice(hexes)
    near = [b for b in a.neighbors() if b in document.map]
    if features and near:
        side = Hexside.between(a, rng.choice(near))
        sides.add(side)
        document.set_hexside_feature([side], rng.choice(features), present=rng.random() < 0.7)


def _overlay_edit(document: ScenarioDocument, rng: random.Random, hexes: list[Hex]) -> None:
    catalog = overlays(document.scenario.system)
    laid = document.scenario.map.overlays
    if laid and rng.random() < 0.4:
        index = rng.randrange(len(laid))
        if rng.random() < 0.5:
            document.remove_overlay(index)
        else:
            moved = laid[index].model_copy(
                update={"triangle": None, "code": None, "hex": _name(document, rng, hexes)}
            )
            document.move_overlay(index, moved)
    elif catalog is not None:
        overlay = rng.choice(catalog.overlays).id
        placement = OverlayPlacement(
            overlay=overlay, hex=_name(document, rng, hexes), rotation=rng.randrange(6)
        )
        document.add_overlay(placement)  # refused where the book's placement rules say no


def _name(document: ScenarioDocument, rng: random.Random, hexes: list[Hex]) -> str:
    return document.map.name(rng.choice(hexes))


def shown(document: ScenarioDocument, sides: set[Hexside]) -> tuple[object, ...]:
    """What the document shows of its map: every hex's terrain as it counts and as drawn, the
    hexside features along ``sides``, and the counters."""
    terrain = document.terrain
    return (
        {h: (terrain.effective(h), terrain.shown(h)) for h in document.map.hexes},
        {s: terrain.hexside_features(s) for s in sides},
        document.counters,
    )


def afresh(scenario: Scenario) -> ScenarioDocument:
    return ScenarioDocument(parse_scenario(dump_scenario(scenario)))


@pytest.mark.parametrize("name", SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_edits_undo_to_the_original_and_redo_to_the_end(name: str, seed: int) -> None:
    document = ScenarioDocument.open(ROOT / name)
    original = document.scenario
    rng = random.Random(f"{name}|{seed}")
    sides: set[Hexside] = set()
    for _ in range(EDITS):
        _random_edit(document, rng, sides)
    end = document.scenario
    assert end != original
    assert parse_scenario(dump_scenario(end)).scenario == end  # it saves and reads back
    assert shown(document, sides) == shown(afresh(end), sides)
    stack = document.undo_stack
    assert stack.count() > EDITS // 2  # most edits were made, not refused
    while stack.canUndo():
        stack.undo()
    assert document.scenario == original
    assert not document.modified
    assert shown(document, sides) == shown(afresh(original), sides)
    while stack.canRedo():
        stack.redo()
    assert document.scenario == end
    assert shown(document, sides) == shown(afresh(end), sides)
    document.undo_stack.setClean()
