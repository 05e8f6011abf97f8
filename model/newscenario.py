"""A new, empty scenario of a game system on a layout the designer picks.

It is a scenario of Hexwright's own (``original: true``), with two sides of the system's two
most represented nations, no forces, and a game length marked as a placeholder, so it loads,
validates and saves at once, and the designer fills it in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from model.catalog import unit_types
from model.joins import JoinType
from model.layout import LayoutError
from model.resources import board_ids, load_boards
from model.scenario import SCENARIO_SCHEMA_VERSION, GameLength, Scenario, Side
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


def new_scenario(
    system: GameSystem, layout: LayoutSpec, title: str = "New scenario", scenario_id: str = ""
) -> Scenario:
    """A scenario with nothing in it yet but its map and two sides."""
    nations = [n for n, _ in Counter(u.nation for u in unit_types(system).values()).most_common()]
    nations = [n for n in nations if n != "any"] or ["side-a", "side-b"]
    # Germany against its most represented enemy: the books are all about the Second World
    # War, and the two most represented nations may be allies (Armor's US and Britain).
    if "germany" in nations and len(nations) > 1:
        first, second = next(n for n in nations if n != "germany"), "germany"
    else:
        first, second = ([*nations, "enemy"])[:2]
    sides = [Side(id=n, name=NATION_NAMES.get(n, n.replace("-", " ").title()), nation=n)
             for n in (first, second)]  # fmt: skip
    return Scenario(
        schema_version=SCENARIO_SCHEMA_VERSION,
        id=scenario_id or "new-scenario",
        title=title,
        system=system,
        original=True,
        map=MapSetup(layout=layout),
        sides=sides,
        length=GameLength(turns=10, placeholder="a starting length: set the scenario's own"),
        victory=VictoryRules(),
    )


def open_new(scenario: Scenario) -> LoadedScenario:
    """The new scenario as if loaded from its file: checked the same way, nothing skipped."""
    return parse_scenario(dump_scenario(scenario), "untitled.yaml")
