"""``hexwright data report``: how much of each system's data comes from its book.

Counts, per system, the values that come from the book (``source``) and the placeholders
Hexwright supplied, in terrain effects, unit values, rules tables, overlay counters, terrain
option choices and boards, and lists the built-in scenarios that depend on placeholders and on
which.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pydantic import BaseModel

from model.catalog import terrain_types, unit_types
from model.errors import ProblemList
from model.provenance import SourceCount, tally
from model.resources import board_ids, load_board
from model.systems import GameSystem
from model.tables import overlays, tables
from model.terrainoptions import terrain_options
from model.yamlio import YamlError


@dataclass
class ScenarioDependence:
    scenario: str
    title: str
    reasons: list[str]


@dataclass
class SystemReport:
    system: GameSystem
    parts: dict[str, SourceCount] = field(default_factory=dict)
    types: dict[str, tuple[int, int]] = field(default_factory=dict)  # (entries, placeholders)
    scenarios: list[ScenarioDependence] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    @property
    def total(self) -> SourceCount:
        result = SourceCount()
        for part in self.parts.values():
            result.add(part)
        return result


def system_report(system: GameSystem) -> SystemReport:
    report = SystemReport(system)
    terrain = terrain_types(system)
    part = SourceCount()
    for t in terrain.values():
        part.add(tally(t.effects, t.plain_values_are_placeholders, f"terrain {t.id}"))
    report.parts["terrain effects"] = part
    report.types["terrain types"] = (len(terrain), sum(1 for t in terrain.values() if not t.source))
    units = {u.id: u for u in unit_types(system).values()}
    part = SourceCount()
    for u in units.values():
        part.add(tally(u.values, u.plain_values_are_placeholders, f"unit {u.id}"))
    report.parts["unit values"] = part
    report.types["unit types"] = (len(units), sum(1 for u in units.values() if not u.source))
    part = SourceCount()
    for table in tables(system).values():
        part.add(table.tally())
    report.parts["table cells"] = part
    catalog = overlays(system)
    part = SourceCount()
    if catalog is not None:
        for o in catalog.overlays:
            part.count(o, o.source is None, f"overlay {o.id}")
        for r in catalog.placement_rules:
            part.count(r, r.source is None, f"placement rule {r.rule}")
    report.parts["overlays and placement rules"] = part
    part = SourceCount()
    for option in terrain_options(system).values():
        for choice in option.choices:
            # A choice the book names but Hexwright had to read counts as a placeholder.
            part.count(choice, choice.placeholder is not None, f"terrain option {option.id}")
    report.parts["terrain option choices"] = part
    part = SourceCount()
    for board_id in board_ids(system):
        # The books carry no map art: every board is an original design, so a placeholder.
        part.count(load_board(system, board_id), True, f"board {board_id}")
    report.parts["boards (original designs)"] = part
    report.scenarios, report.unreadable = _scenario_dependence(system)
    return report


def _scenario_dependence(system: GameSystem) -> tuple[list[ScenarioDependence], list[str]]:
    from model.scenario_io import load_scenario

    folder = resources.files("scenarios") / system.value
    found: list[ScenarioDependence] = []
    unreadable: list[str] = []
    if not folder.is_dir():
        return found, unreadable
    units = unit_types(system)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        try:
            loaded = load_scenario(Path(str(entry)))
        except (ProblemList, YamlError):
            unreadable.append(entry.name)
            continue
        scenario = loaded.scenario
        reasons = [f"{where} (placeholder)" for where in _placeholders(scenario, "")]
        weak = sorted(
            {
                f.unit
                for side in scenario.sides
                for f in [
                    *side.forces,
                    *(u for r in side.reinforcements for u in r.units),
                    *(u for sample in side.sample_forces for u in sample.units),
                ]
                if f.unit in units
                and (
                    units[f.unit].plain_values_are_placeholders
                    or any(getattr(v, "placeholder", None) for v in units[f.unit].values.values())
                    or not units[f.unit].values
                )
            }
        )
        if weak:
            reasons.append("unit values: " + ", ".join(weak))
        boards = sorted({p.section for p in loaded.map.placements})
        reasons.append("boards " + ", ".join(boards) + " (original designs)")
        found.append(ScenarioDependence(scenario.id, scenario.title, reasons))
    return found, unreadable


def _placeholders(model: BaseModel, where: str) -> list[str]:
    found = []
    for name in type(model).model_fields:
        value = getattr(model, name)
        here = f"{where}.{name}" if where else name
        if name == "placeholder" and value:
            found.append(where or "scenario")
        elif isinstance(value, BaseModel):
            found.extend(_placeholders(value, here))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, BaseModel):
                    found.extend(_placeholders(item, f"{here}[{i}]"))
    return found


def format_report(reports: list[SystemReport]) -> str:
    lines = []
    for report in reports:
        total = report.total
        lines.append(
            f"{report.system.display_name}: {total.sourced} values from the book, "
            f"{total.placeholders} placeholders"
        )
        for name, (count, invented) in report.types.items():
            lines.append(f"  {name:<30} {count:5d} entries, {invented} not named by the book")
        for name, part in report.parts.items():
            lines.append(
                f"  {name:<30} {part.sourced:5d} from the book, {part.placeholders:5d} placeholders"
            )
        for dep in report.scenarios:
            lines.append(
                f"  scenario {dep.scenario} ({dep.title}) depends on: {'; '.join(dep.reasons)}"
            )
        for name in report.unreadable:
            lines.append(f"  scenario file {name} does not load (run hexwright validate)")
    return "\n".join(lines)
