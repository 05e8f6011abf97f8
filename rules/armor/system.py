"""Armor as the registry knows it (:mod:`rules.registry`): one object saying what its rules offer
the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

import re
from collections.abc import Iterator

from model.systems import GameSystem
from rules.armor.captured import nationality
from rules.armor.costs import ArmorMovement
from rules.armor.forces import ArmorForces
from rules.armor.los import SIGHT_HEIGHTS, armor, los_terrain
from rules.armor.pointbuy import ArmorPointBuy
from rules.checks.base import CheckContext, Finding, RegisteredCheck
from rules.registry import Citations, SystemRules, lazy


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
    ),
    sheets=lazy("rules.armor.sheet:sheets"),  # [ADV III; OP XXXIV]
)
