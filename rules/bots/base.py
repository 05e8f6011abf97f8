"""Bots that play through the Game/State API, as the test-play panel and the CLI will.

A bot sees what its side may see: it chooses among ``state.legal_actions(side)``, which lists
only that side's options, never the other side's plots.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Protocol

from model.systems import GameSystem
from rules.engine.actions import Action
from rules.engine.core import State
from rules.engine.errors import RulesError
from rules.registry import rules_for


class Bot(Protocol):
    def choose(self, state: State, side: str) -> Action:
        """The action ``side`` takes now."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator (never the
    global ``random``, and not the state's, so the bot does not change the game's dice)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State, side: str) -> Action:
        actions = state.legal_actions(side)
        if not actions:
            raise RulesError(f"{side} has no legal action")
        return actions[math.floor(self._rng.random() * len(actions))]


#: The bots the CLI and the benchmarks name.
BOT_NAMES = ("random", "heuristic")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (see :data:`BOT_NAMES`), seeded: the random bot, or the game's system's
    own bot of that name (:attr:`rules.registry.SystemRules.bots`), made when it first plays.

    Raises:
        ValueError: no bot has that name.
    """
    if name == "random":
        return RandomBot(seed)
    if name in BOT_NAMES:
        return SystemBot(name, seed)
    raise ValueError(f"no bot '{name}' (one of {', '.join(BOT_NAMES)})")


class SystemBot:
    """A bot by name whose play is the system's own: Panzer '44's heuristic bot, the greedy bot
    of the others. Made per system from the same seed, so a game plays the same whichever
    other games the bot played before."""

    def __init__(self, name: str, seed: int) -> None:
        self.name, self.seed = name, seed
        self._bots: dict[GameSystem, Bot] = {}

    def choose(self, state: State, side: str) -> Action:
        system = state.game.system
        bot = self._bots.get(system)
        if bot is None:
            make = rules_for(system).bots.get(self.name)
            if make is None:
                raise RulesError(f"{system.display_name} has no '{self.name}' bot")
            bot = self._bots[system] = make(self.seed)
        return bot.choose(state, side)


def play(state: State, bots: Mapping[str, Bot], max_actions: int = 100_000) -> int:
    """Let the bots play until the game ends; returns how many actions were applied.

    Raises:
        RulesError: the game did not end within ``max_actions``, or a bot had no action.
    """
    for count in range(max_actions):
        if state.is_terminal():
            return count
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    if not state.is_terminal():
        raise RulesError(f"the game did not end within {max_actions} actions")
    return max_actions
