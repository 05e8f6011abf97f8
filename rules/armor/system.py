"""Armor as the registry knows it (:mod:`rules.registry`): one object saying what its rules offer
the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from model.systems import GameSystem
from rules.armor.captured import nationality
from rules.armor.costs import ArmorMovement
from rules.armor.forces import ArmorForces
from rules.armor.los import SIGHT_HEIGHTS, armor, los_terrain
from rules.armor.pointbuy import NOT_COMBAT, ArmorPointBuy
from rules.checks.base import CheckContext, Finding, RegisteredCheck
from rules.pointbuy.base import resolve_unit, side_entries
from rules.registry import Citations, SystemRules, lazy

if TYPE_CHECKING:
    from rules.forces.units import PathKey


def allotments(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: each force entry's Ammunition Allotment the book does not allow
    [OP XXIV.B] (the game refuses the first of them; the check shows them all at their line)."""
    if not any(e.state for side in ctx.scenario.sides for e in side.forces) and not any(
        u.state for side in ctx.scenario.sides for r in side.reinforcements for u in r.units
    ):
        return  # no marks: nothing to read (and the engine's modules stay unimported)
    from rules.armor.optional.supply import problems

    for path, unit, why in problems(ctx.scenario):
        cited = _CITED.search(why)  # the section the reason names, as the finding's citation
        message, section = (why[: cited.start()], cited.group(1)) if cited else (why, "OP XXIV.B")
        yield ctx.finding(
            "error", "ammunition-allotment", f"{unit}: {message}", f"Armor [{section}]", path
        )


#: A Formation's Combat units: "not less than three ... but no more than seven" [OP XIV.A.4].
FORMATION_SIZE = (3, 7)


def formation_sizes(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: "Formations should be organized to have not less than three Combat
    units, but no more than seven Combat units in a Formation" [OP XIV.A.4]. A guideline
    ("should"), so a warning, never a refusal; a Formation is the force entries (and
    reinforcements) of a side with the same ``formation`` (the line drawn on the Command Sheet
    [A.4]), its Combat units their counters of any category but Terrain Support, Artillery,
    Air Spotting, Radio Jamming and attachments [SCN III.D.2.a]. Found at the Formation's
    first entry."""
    low, high = FORMATION_SIZE
    for i, side in enumerate(ctx.scenario.sides):
        first: dict[str, PathKey] = {}
        size: dict[str, int] = {}
        for path, entry, _ in side_entries(side, i):
            if entry.formation is None:
                continue
            first.setdefault(entry.formation, (*path, "formation"))
            unit = resolve_unit(GameSystem.ARMOR, entry.unit, side)
            combat = unit is not None and unit.category not in NOT_COMBAT
            size[entry.formation] = size.get(entry.formation, 0) + (entry.count if combat else 0)
        for name, path in first.items():
            n = size[name]
            if low <= n <= high:
                continue
            which = f"fewer than {low}" if n < low else f"more than {high}"
            yield ctx.finding(
                "warning",
                "formation-size",
                f"{side.name}'s Formation {name} has {n} Combat unit(s), {which}: Formations "
                f'should have "not less than three Combat units, but no more than seven"',
                "Armor [OP XIV.A.4]",
                path,
            )


#: A reason's own section at its end ("... [OP XXIV.B.2]").
_CITED = re.compile(r"\s*\[([^\[\]]*)\]$")

SYSTEM = SystemRules(
    system=GameSystem.ARMOR,
    new_game=lazy("rules.armor.game:ArmorGame"),
    movement=ArmorMovement(),
    sight=armor,
    los_terrain=los_terrain,
    sight_heights=SIGHT_HEIGHTS,
    fast_sight=lazy("rules.armor.sight_table:SightTable"),
    citations=Citations(
        setup="Armor [SCN II.E]",
        entry="Armor [SCN II.E]",
        turns="Armor [SCN II]",
        victory="Armor [SCN II.C; SCN II.F]",
        reach="Armor [AG V.B; CS Vehicle Movement Costs]",
    ),
    forces=ArmorForces(),
    pointbuy=ArmorPointBuy(),
    bots={
        "random": lazy("rules.bots.base:RandomBot"),
        "heuristic": lazy("rules.bots.greedy:GreedyBot"),
    },
    greedy=lazy("rules.armor.bot:ArmorAdapter"),
    features=frozenset({"formations", "layout-constraints"}),
    coverage="rules.armor:coverage.yaml",
    invariants=lazy("rules.armor.invariants:invariants"),
    checks=(
        RegisteredCheck("nationality", nationality),  # [OP XXII]
        RegisteredCheck("ammunition-allotment", allotments),  # [OP XXIV.B]
        RegisteredCheck("formation-size", formation_sizes),  # [OP XIV.A.4]
    ),
    sheets=lazy("rules.armor.sheet:sheets"),  # [ADV III; OP XXXIV]
)
