"""Armor as the registry knows it (:mod:`rules.registry`): one object saying what its rules offer
the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.systems import GameSystem
from rules.armor.costs import ArmorMovement
from rules.armor.forces import ArmorForces
from rules.armor.los import armor, los_terrain
from rules.armor.pointbuy import ArmorPointBuy
from rules.bots.base import RandomBot
from rules.registry import Citations, SystemRules

if TYPE_CHECKING:
    from model.scenario_io import LoadedScenario
    from rules.bots.base import Bot
    from rules.bots.greedy import Adapter
    from rules.engine.core import Game


def _new_game(loaded: LoadedScenario) -> Game:
    from rules.armor.game import ArmorGame

    return ArmorGame(loaded)


def _greedy(seed: int) -> Bot:
    from rules.bots.greedy import GreedyBot

    return GreedyBot(seed)


def _adapter() -> Adapter:
    from rules.armor.bot import ArmorAdapter

    return ArmorAdapter()


SYSTEM = SystemRules(
    system=GameSystem.ARMOR,
    new_game=_new_game,
    movement=ArmorMovement(),
    sight=armor,
    los_terrain=los_terrain,
    citations=Citations(
        setup="Armor [SCN II.E]",
        entry="Armor [SCN II.E]",
        turns="Armor [SCN II]",
        victory="Armor [SCN II.C; SCN II.F]",
        reach="Armor [AG V.B; CS Vehicle Movement Costs]",
    ),
    forces=ArmorForces(),
    pointbuy=ArmorPointBuy(),
    bots={"random": RandomBot, "heuristic": _greedy},
    greedy=_adapter,
    features=frozenset({"formations", "layout-constraints"}),
)
