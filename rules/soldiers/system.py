"""Soldiers as the registry knows it (:mod:`rules.registry`): one object saying what its rules
offer the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

from model.systems import GameSystem
from rules.checks.base import RegisteredCheck
from rules.registry import Citations, SystemRules, lazy
from rules.soldiers.checks import deployment_zone, men_counters, setup_kind
from rules.soldiers.costs import SoldiersMovement
from rules.soldiers.forces import SoldiersForces
from rules.soldiers.los import HEIGHTS, los_terrain, sight
from rules.soldiers.pointbuy import SoldiersPointBuy

SYSTEM = SystemRules(
    system=GameSystem.SOLDIERS,
    new_game=lazy("rules.soldiers.game:SoldiersGame"),
    movement=SoldiersMovement(),
    sight=sight,
    los_terrain=los_terrain,
    sight_heights=HEIGHTS,
    citations=Citations(
        setup="Soldiers (19; the scenario's Deployment)",
        entry="Soldiers (19.34)",
        turns="Soldiers (19.3)",
        victory="Soldiers (19.1)",
        reach="Soldiers (7.21)",
    ),
    forces=SoldiersForces(),
    pointbuy=SoldiersPointBuy(),
    checks=(
        RegisteredCheck("deployment-zone", deployment_zone),  # [19.41]
        RegisteredCheck("men-counters", men_counters),  # [2.1; 19.2-19.45]
        RegisteredCheck("setup-kind", setup_kind),  # [19.32; 19.41]
    ),
    bots={
        "random": lazy("rules.bots.base:RandomBot"),
        "heuristic": lazy("rules.bots.greedy:GreedyBot"),
    },
    greedy=lazy("rules.soldiers.bot:SoldiersAdapter"),
    features=frozenset({"missions"}),
    coverage="rules.soldiers:coverage.yaml",
    invariants=lazy("rules.soldiers.invariants:invariants"),
)
