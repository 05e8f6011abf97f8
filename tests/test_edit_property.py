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
from model import edits_details, edits_plan, edits_rules, edits_setup
from model.catalog import terrain_types, unit_types
from model.hexes import Hex, Hexside
from model.regions import HexesRegion
from model.scenario import BotPlan, ForceEntry, PlanObjective, Reinforcement, Scenario
from model.scenario_io import dump_scenario, parse_scenario
from model.scenario_map import MapObjects, OverlayPlacement
from model.tables import overlays
from model.victory import Award, Control

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("*/*.yaml"))
EDITS = 60
#: Kinds of edit, and the first few: terrain, forces and a side's name (any kind not made,
#: such as an edit of a side's forces when it has none, renames the side).
KINDS, BASIC = 17, 7


def _random_edit(
    document: ScenarioDocument,
    rng: random.Random,
    sides: set[Hexside] | None = None,
    kinds: int = KINDS,
) -> None:
    """One edit the way the editor makes them (each one undoable), of the first ``kinds``
    kinds; ``sides`` gathers the hexsides the edits touched. The first :data:`BASIC` kinds
    (terrain, forces, a side's name) are those ``tests/test_edits_then_play.py`` makes."""
    scenario = document.scenario
    hexes = sorted(document.map.hexes)
    side = rng.choice(scenario.sides)
    kind = rng.randrange(kinds)
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
    elif kind == 7 and side.forces:
        facing = rng.choice([None, *range(1, 7)])  # the book's direction numbers
        document.place_force(side.id, rng.randrange(len(side.forces)), rng.choice(hexes), facing)
    elif kind == 8 and side.forces:
        document.set_force_facing(side.id, rng.randrange(len(side.forces)), rng.randint(1, 6))
    elif kind == 9 and side.forces:
        document.clear_force_placement(side.id, rng.randrange(len(side.forces)))
    elif kind == 10:
        _hexside_edit(document, rng, hexes, set() if sides is None else sides)
    elif kind == 11:
        _overlay_edit(document, rng, hexes)
    elif kind == 12:  # the set-up zone tool: a hex painted into (or out of) a side's zone
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
    elif kind == 13 and side.plan is None:  # the Plan tab: a plan for the side's bot
        plan = BotPlan(posture=rng.choice(["attack", "defend", "delay"]))
        document.edit(lambda s: edits_plan.set_plan(s, side.id, plan), "Plan", Change.SETUP)
    elif kind == 13:  # then an objective of hexes
        objective = PlanObjective(region=HexesRegion(hexes=[_name(document, rng, hexes)]))
        document.edit(
            lambda s: edits_plan.put_objective(s, side.id, None, objective, document.map),
            "Add an objective",
            Change.SETUP,
        )
    elif kind == 14:
        _rule_edit(document, rng, hexes, side.id)
    elif kind == 15:
        _object_edit(document, rng, hexes)
    elif kind == 16:
        _reinforcement_edit(document, rng, hexes, side.id, side.nation)
    else:
        document.rename_side(side.id, f"{side.name} {rng.randint(1, 99)}")


def _rule_edit(document: ScenarioDocument, rng: random.Random, hexes: list[Hex], side: str) -> None:
    """The Rules tab: a victory condition to control a hex added, or the last one taken out."""
    conditions = document.scenario.victory.conditions
    if conditions and rng.random() < 0.3:
        path = (len(conditions) - 1,)
        document.edit(lambda s: edits_rules.remove_condition(s, path), "Remove", Change.SETUP)
        return
    item = Control(
        side=side, award=Award(vp=rng.randint(1, 9)), region=_hexes(document, rng, hexes)
    )
    amap = document.map
    document.edit(lambda s: edits_rules.add_condition(s, item, (), amap), "Add", Change.SETUP)


def _object_edit(document: ScenarioDocument, rng: random.Random, hexes: list[Hex]) -> None:
    """The Scenario tab: a named set of map objects (a bridge, a building) added or removed."""
    objects = document.scenario.map.objects
    if objects and rng.random() < 0.3:
        index = rng.randrange(len(objects))
        document.edit(lambda s: edits_details.remove_object(s, index), "Remove", Change.SETUP)
        return
    item = MapObjects(
        name=f"objects {rng.randint(1, 999)}",
        region=_hexes(document, rng, hexes),
        kind=rng.choice(["bridge", "building", "object"]),
    )
    amap = document.map
    document.edit(lambda s: edits_details.add_object(s, item, amap), "Add", Change.SETUP)


def _reinforcement_edit(
    document: ScenarioDocument, rng: random.Random, hexes: list[Hex], side: str, nation: str
) -> None:
    """The Set-up tab: units that enter on a turn at hexes of the map, or the last taken out."""
    scenario = document.scenario
    listed = scenario.side(side).reinforcements
    if listed and rng.random() < 0.3:
        index = len(listed) - 1
        document.edit(
            lambda s: edits_rules.remove_reinforcement(s, side, index), "Remove", Change.FORCES
        )
        return
    units = sorted(u for u, t in unit_types(scenario.system).items() if t.nation == nation)
    if not units:
        return
    first, last = edits_rules.turn_range(scenario.length)
    item = Reinforcement(
        turn=rng.randint(first, last if last is not None else first + 5),
        units=[ForceEntry(unit=rng.choice(units), count=rng.randint(1, 3))],
        entry=_hexes(document, rng, hexes),
    )
    amap = document.map
    document.edit(
        lambda s: edits_rules.add_reinforcement(s, side, item, amap), "Add", Change.FORCES
    )


def _hexes(document: ScenarioDocument, rng: random.Random, hexes: list[Hex]) -> HexesRegion:
    return HexesRegion(hexes=[document.map.name(h) for h in rng.sample(hexes, rng.randint(1, 3))])


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
    at_end = shown(afresh(end), sides)
    assert shown(document, sides) == at_end
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
    assert shown(document, sides) == at_end
    document.undo_stack.setClean()
