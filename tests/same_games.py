"""What a seeded game plays, as the same-games pins record it (issues 20, 21): speed work must
not change a game (tests/test_pc_same_games.py, tests/test_armor_same_games.py)."""

from __future__ import annotations

import hashlib
from typing import Any

from rules.bots.base import Bot, RandomBot, make_bot, play
from rules.engine.actions import Action
from rules.engine.core import Game, State


class ListingBot(RandomBot):
    """The random bot, hashing every list of legal actions it is offered (order included)."""

    def __init__(self, seed: int, digest: Any) -> None:
        super().__init__(seed)
        self.digest = digest

    def choose(self, state: State, side: str) -> Action:
        actions = state.legal_actions(side)
        self.digest.update(("\n".join(a.text() for a in actions) + "\n--\n").encode())
        return super().choose(state, side)


def play_seed(game: Game, seed: int, heuristic: int | None = None) -> tuple[int, str, str, str]:
    """(actions, legal-lists hash, played hash, fingerprint) of one random game, seeded as the
    CLI does (the bot of side i seeded ``seed * 10 + i + 1``); the side numbered ``heuristic``
    (if any) played by the heuristic bot."""
    digest = hashlib.sha256()
    bots: dict[str, Bot] = {
        s: make_bot("heuristic", seed * 10 + i + 1)
        if i == heuristic
        else ListingBot(seed * 10 + i + 1, digest)
        for i, s in enumerate(game.sides)
    }
    state = game.new_initial_state(seed)
    count = play(state, bots)
    played = hashlib.sha256("\n".join(a.text() for a in state.history).encode())
    return count, digest.hexdigest()[:16], played.hexdigest()[:16], state.fingerprint()
