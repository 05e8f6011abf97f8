"""Panzer Command as the registry knows it (:mod:`rules.registry`): one object saying what its rules
offer the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

from model.systems import GameSystem
from rules.checks.base import RegisteredCheck
from rules.panzer_command.checks import command, setup_room
from rules.panzer_command.costs import PanzerCommandMovement
from rules.panzer_command.forces import PanzerCommandForces
from rules.panzer_command.los import HEIGHTS, los_terrain, sight
from rules.panzer_command.pointbuy import PanzerCommandPointBuy
from rules.registry import Citations, SystemRules, lazy

SYSTEM = SystemRules(
    system=GameSystem.PANZER_COMMAND,
    new_game=lazy("rules.panzer_command.game:PanzerCommandGame"),
    movement=PanzerCommandMovement(),
    sight=sight,
    los_terrain=los_terrain,
    sight_heights=HEIGHTS,
    citations=Citations(
        setup="Panzer Command [§15.2]",
        entry="Panzer Command [§15.2]",
        turns="Panzer Command [§15.1]",
        victory="Panzer Command [§12]",
        reach="Panzer Command [§5.1]",
    ),
    forces=PanzerCommandForces(),
    pointbuy=PanzerCommandPointBuy(),
    checks=(
        RegisteredCheck("command", command),  # [§4]
        RegisteredCheck("setup-room", setup_room),  # [§5.2]
    ),
    bots={
        "random": lazy("rules.bots.base:RandomBot"),
        "heuristic": lazy("rules.bots.greedy:GreedyBot"),
    },
    greedy=lazy("rules.panzer_command.bot:PcAdapter"),
    features=frozenset({"command", "empty-side"}),
    coverage="rules.panzer_command:coverage.yaml",
    generator=lazy("rules.panzer_command.generate:generate_text"),  # [§23]
    invariants=lazy("rules.panzer_command.invariants:invariants"),
)
