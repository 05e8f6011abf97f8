"""Armor as the registry knows it (:mod:`rules.registry`): one object saying what its rules offer
the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

from model.systems import GameSystem
from rules.armor.captured import nationality
from rules.armor.costs import ArmorMovement
from rules.armor.forces import ArmorForces
from rules.armor.los import SIGHT_HEIGHTS, armor, los_terrain
from rules.armor.pointbuy import ArmorPointBuy
from rules.checks.base import RegisteredCheck
from rules.registry import Citations, SystemRules, lazy

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
    checks=(RegisteredCheck("nationality", nationality),),  # [OP XXII]
    sheets=lazy("rules.armor.sheet:sheets"),  # [ADV III; OP XXXIV]
)
