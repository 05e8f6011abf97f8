"""Panzer '44 as the registry knows it (:mod:`rules.registry`): one object saying what its rules
offer the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

from model.systems import GameSystem
from rules.checks.base import RegisteredCheck
from rules.panzer44.checks import fortifications
from rules.panzer44.costs import Panzer44Movement
from rules.panzer44.forces import Panzer44Forces
from rules.panzer44.los import HEIGHTS, los_terrain, sight
from rules.panzer44.pointbuy import Panzer44PointBuy
from rules.registry import Citations, SystemRules, lazy

SYSTEM = SystemRules(
    system=GameSystem.PANZER44,
    new_game=lazy("rules.panzer44.game:Panzer44Game"),
    movement=Panzer44Movement(),
    sight=sight,
    los_terrain=los_terrain,
    sight_heights=HEIGHTS,
    citations=Citations(
        setup="Panzer '44 [18.41]",
        entry="Panzer '44 [18.6]; [18.61]",
        turns="Panzer '44 [18.1]; [18.6]",
        victory="Panzer '44 [18.5]",
        reach="Panzer '44 [7.0]; [10.4]",
    ),
    forces=Panzer44Forces(),
    pointbuy=Panzer44PointBuy(),
    checks=(RegisteredCheck("fortifications", fortifications),),
    bots={
        "random": lazy("rules.bots.base:RandomBot"),
        "heuristic": lazy("rules.panzer44.bot.heuristic:HeuristicBot"),
    },
    fast_sight=lazy("rules.panzer44.sight_table:SightTable"),
    features=frozenset({"panic", "fortifications", "unplaced", "empty-side"}),
    coverage="rules.panzer44:coverage.yaml",
    invariants=lazy("rules.panzer44.invariants:invariants"),
)
