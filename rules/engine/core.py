"""The rules engine's Game/State API, shared by the test-play panel, the CLI, bots and tests.

In the style of OpenSpiel and python-chess (STYLE point 2)::

    game = load_game(loaded_scenario)        # immutable: map, costs, units, set-up
    state = game.new_initial_state(seed=1234)
    while not state.is_terminal():
        side = state.to_act()[0]
        events = state.apply(bot.choose(state, side))   # IllegalActionError if not legal
    state.outcome()

A state owns its dice (:class:`~rules.engine.dice.Dice`, seeded from ``seed``), its event log and
the actions applied so far; :meth:`State.fingerprint` hashes all of it, so two states with the
same seed and actions have the same fingerprint at every step (STYLE point 5), which
:mod:`rules.records.replay` checks. A system's rules subclass :class:`Game` and :class:`State`
(:mod:`rules.panzer44.game` for Panzer '44).
"""

from __future__ import annotations

import copy
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from model.scenario import Scenario
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from rules.engine.actions import Action, ForceDice
from rules.engine.dice import Dice
from rules.engine.errors import (
    ActionSyntaxError,
    IllegalActionError,
    RulesError,
)
from rules.engine.events import DiceForced, DieRolled, Event
from rules.engine.positions import UnitPosition

__all__ = [
    "Action",
    "ActionSyntaxError",
    "Game",
    "IllegalActionError",
    "Outcome",
    "RulesError",
    "State",
]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: each side's victory points, the winner (None: no winner, a draw or
    undecided) and why. ``placeholder`` says what is not the book's evaluation, if anything;
    ``findings`` explains each victory condition evaluated, and ``unevaluated`` lists the
    conditions the engine cannot evaluate yet (never silently ignored)."""

    vp: Mapping[str, float]
    winner: str | None
    reason: str
    placeholder: str | None = None
    findings: tuple[str, ...] = ()
    unevaluated: tuple[str, ...] = ()
    met: tuple[int, ...] = ()  # indices of the scenario's victory conditions met


class Game(ABC):
    """One scenario made playable: everything that does not change during play."""

    system: GameSystem
    rules_version: str

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.scenario: Scenario = loaded.scenario
        self.sides: tuple[str, ...] = tuple(s.id for s in loaded.scenario.sides)

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action, its dice seeded with ``seed``."""


class State(ABC):
    """A game in progress. :meth:`apply` changes it; :meth:`clone` gives an independent copy."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.dice = Dice(seed)
        self.log: list[Event] = []
        self.history: list[Action] = []
        self._log_digest = hashlib.sha256(f"{game.rules_version}|{seed}".encode()).hexdigest()
        self._digested = 0  # how many events of the log _log_digest holds (see _digest)

    # --- the API ------------------------------------------------------------------------------

    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """The sides that may act now (both while plotting simultaneously); empty when over."""

    @abstractmethod
    def legal_actions(self, side: str | None = None) -> list[Action]:
        """Every action legal now, for ``side`` or for every side that may act, in a stable
        order (driver actions such as ``force-dice`` are never listed)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def view_for(self, side: str) -> Any:
        """What ``side`` may know of the state: the other side's secrets left out."""

    def positions(self) -> list[UnitPosition]:
        """The units on the map now, where they stand, for a map view; a system whose state
        does not list them gives none."""
        return []

    def apply(self, action: Action | str) -> list[Event]:
        """Apply an action (or its text) and return the events it caused, in order.

        Raises:
            ActionSyntaxError: a text that is not an action.
            IllegalActionError: the action is not legal now; the state is unchanged.
        """
        if isinstance(action, str):
            action = Action.from_text(action)
        if self.is_terminal():
            raise IllegalActionError(f"'{action.text()}': the game is over")
        start = len(self.log)
        if isinstance(action, ForceDice):
            try:
                self.dice.force(*action.results)
            except ValueError as exc:
                raise IllegalActionError(f"'{action.text()}': {exc}") from None
            self.emit(DiceForced(action.results))
        else:
            self._apply(action)
        self.history.append(action)
        self._advance()
        return self.log[start:]

    def force_dice(self, *results: int) -> list[Event]:
        """Force the next die results (recorded as a ``force-dice`` action, so it replays)."""
        return self.apply(ForceDice(tuple(results)))

    def roll(self, purpose: str, sides: int = 6) -> int:
        """Roll one die for ``purpose`` and log it; the only way the rules roll."""
        rolled = self.dice.roll(sides)
        self.emit(DieRolled(sides, rolled.result, purpose, rolled.forced))
        return rolled.result

    def clone(self) -> State:
        """An independent copy: same position, same dice, same log and history."""
        new = copy.copy(self)
        new.dice = self.dice.clone()
        new.log = list(self.log)
        new.history = list(self.history)
        new._detach()
        return new

    def fingerprint(self) -> str:
        """A stable hash of the whole state: position, dice, log and the actions applied."""
        data = {
            "position": self._snapshot(),
            "dice": self.dice.snapshot(),
            "log": self._digest(),
            "history": [a.text() for a in self.history],
        }
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def emit(self, event: Event) -> None:
        """Add an event to the log (the fingerprint's running hash takes it in when asked)."""
        self.log.append(event)

    def _digest(self) -> str:
        """The running hash of the log, each event chained onto the hash before it.

        Worked out only when a fingerprint is asked for, from the events not yet in it: an
        event is a frozen value, so hashing it later gives what hashing it at once would."""
        digest = self._log_digest
        for event in self.log[self._digested :]:
            text = json.dumps(event.data(), sort_keys=True, separators=(",", ":"))
            digest = hashlib.sha256((digest + text).encode()).hexdigest()
        self._log_digest, self._digested = digest, len(self.log)
        return digest

    def events_for(self, side: str) -> list[Event]:
        """The log as ``side`` may see it."""
        return [e for e in self.log if e.visible_to(side)]

    # --- what a system's rules provide -------------------------------------------------------

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Check the action in full, raising IllegalActionError, and only then carry it out."""

    @abstractmethod
    def _advance(self) -> None:
        """Resolve what needs no decision until someone must act or the game is over."""

    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """The position as plain JSON data (sorted where order does not matter)."""

    @abstractmethod
    def _detach(self) -> None:
        """After a shallow copy: copy the mutable containers of the position."""
