"""A new, empty scenario of a game system on a layout the designer picks.

It is a scenario of Hexwright's own (``original: true``), with two sides of the system's two
most represented nations, no forces, and a game length marked as a placeholder, so it loads,
validates and saves at once, and the designer fills it in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal

from model.catalog import unit_types
from model.joins import JoinType
from model.layout import LayoutError
from model.resources import board_ids, load_boards
from model.scenario import SCENARIO_SCHEMA_VERSION, Budget, GameLength, Scenario, Side
from model.scenario_io import LoadedScenario, dump_scenario, parse_scenario
from model.scenario_map import LayoutSpec, MapSetup, SectionSpec
from model.systems import GameSystem
from model.victory import VictoryRules

#: How a side is first named after its nation (the designer renames it).
NATION_NAMES = {
    "us": "American",
    "britain": "British",
    "germany": "German",
    "ussr": "Soviet",
    "west-germany": "West German",
}


@dataclass(frozen=True)
class LayoutChoice:
    """A layout offered for a new scenario: a title and the layout it makes."""

    title: str
    layout: LayoutSpec


def layout_choices(system: GameSystem) -> list[LayoutChoice]:
    """The presets that work with the system's sections, then each section alone."""
    from model.edits import try_layout

    boards = board_ids(system)
    sections = load_boards(system, boards)
    choices: list[LayoutChoice] = []
    if len(boards) > 1:
        for join in JoinType:
            layout = LayoutSpec(preset=join, order=list(boards))
            try:
                amap, reasons = try_layout(layout, sections)
            except LayoutError:  # pragma: no cover - try_layout reports, never raises
                continue
            if amap is not None and not reasons:
                names = ", ".join(boards)
                choices.append(LayoutChoice(f"{join.value.capitalize()}: {names}", layout))
    for board in boards:
        layout = LayoutSpec(sections=[SectionSpec(section=board)])
        choices.append(LayoutChoice(f"One section: {board}", layout))
    return choices


def nations_of(system: GameSystem) -> list[str]:
    """The system's nations, the most represented in its catalogue first."""
    counted = Counter(u.nation for u in unit_types(system).values()).most_common()
    return [n for n, _ in counted if n != "any"]


def default_nations(system: GameSystem) -> tuple[str, str]:
    """Germany against its most represented enemy: the books are all about the Second World
    War, and the two most represented nations may be allies (Armor's US and Britain)."""
    nations = nations_of(system) or ["side-a", "side-b"]
    if "germany" in nations and len(nations) > 1:
        return next(n for n in nations if n != "germany"), "germany"
    first, second = ([*nations, "enemy"])[:2]
    return first, second


def side_name(nation: str) -> str:
    """A side's first name after its nation (the designer renames it)."""
    return NATION_NAMES.get(nation, nation.replace("-", " ").title())


@dataclass(frozen=True)
class NewSide:
    """One side as the New Scenario dialog describes it: its nation, name and, when its forces
    are bought with points, the budget (None: the designer lists its forces)."""

    nation: str
    name: str = ""
    budget: int | None = None


def new_scenario(
    system: GameSystem,
    layout: LayoutSpec,
    title: str = "New scenario",
    scenario_id: str = "",
    sides: tuple[NewSide, NewSide] | None = None,
    date: str | None = None,
    budget_kind: Literal["points", "force-points"] = "points",
) -> Scenario:
    """A scenario with nothing in it yet but its map and two sides (as given, else the
    system's usual enemies), each with the forces listed by the designer or a budget of
    ``budget_kind`` to buy them with (the system's point-buy says which: Soldiers' Force
    Points)."""
    chosen = sides or tuple(NewSide(n) for n in default_nations(system))
    kind = budget_kind
    made: list[Side] = []
    for i, side in enumerate(chosen):
        base = side.nation.replace("_", "-") or f"side-{i + 1}"
        side_id = base if base not in {s.id for s in made} else f"{base}-{i + 1}"
        budget = Budget(points=side.budget, kind=kind) if side.budget is not None else None
        made.append(
            Side(
                id=side_id,
                name=side.name.strip() or side_name(side.nation),
                nation=side.nation,
                budget=budget,
            )
        )
    return Scenario(
        schema_version=SCENARIO_SCHEMA_VERSION,
        id=scenario_id or "new-scenario",
        title=title,
        system=system,
        original=True,
        date=date or None,
        map=MapSetup(layout=layout),
        sides=made,
        length=GameLength(turns=10, placeholder="a starting length: set the scenario's own"),
        victory=VictoryRules(),
    )


def open_new(scenario: Scenario) -> LoadedScenario:
    """The new scenario as if loaded from its file: checked the same way, nothing skipped."""
    return parse_scenario(dump_scenario(scenario), "untitled.yaml")
