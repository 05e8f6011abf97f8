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
import dataclasses
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from model.hexes import Hex
from model.scenario import Scenario
from model.scenario_io import LoadedScenario

if TYPE_CHECKING:
    from model.position import GamePosition
    from rules.records.position import PositionReader
from model.systems import GameSystem
from rules.engine.actions import MAX_MESSAGE, SHARED, Action, ForceDice, parse_action, shortened
from rules.engine.dice import Dice
from rules.engine.errors import (
    ActionSyntaxError,
    IllegalActionError,
    RulesError,
    UnsupportedGameError,
)
from rules.engine.events import DiceForced, DieRolled, Event, ForcesBought
from rules.engine.play import ActionFocus, Preview, Progress, SideView, Verdict
from rules.engine.positions import UnitPosition
from rules.engine.record import Record, snapshot_keys
from rules.engine.special_rules import Enforce, not_enforced

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
    conditions the engine cannot evaluate yet (never silently ignored); ``not_enforced`` lists
    the scenario's special rules the engine did not enforce in the game, each with why
    (:mod:`rules.engine.special_rules`; every system's outcome has it, see
    :meth:`State.outcome`). ``verdict``, where the book adjudicates the points
    (Armor [SCN IV]), gives the level of victory and the numbers behind it."""

    vp: Mapping[str, float]
    winner: str | None
    reason: str
    placeholder: str | None = None
    findings: tuple[str, ...] = ()
    unevaluated: tuple[str, ...] = ()
    met: tuple[int, ...] = ()  # indices of the scenario's victory conditions met
    verdict: Verdict | None = None
    not_enforced: tuple[str, ...] = ()


class Game(ABC):
    """One scenario made playable: everything that does not change during play.

    Attributes:
        system: the game system.
        rules_version: the version of the rules that play it (replays and positions say it).
        actions: the system's own action types; :meth:`parse_action` reads them and the shared
            ones (:data:`rules.engine.actions.SHARED`).
        position_state: the shape of the ``state`` section of its position files.
        enforces: what its engine enforces of a scenario's special rules, by kind
            (:mod:`rules.engine.special_rules`); every other rule is listed in each outcome.
        plays_missions: whether its engine plays a scenario's missions (Soldiers [19]) and so
            may enforce their special rules.
    """

    system: GameSystem
    rules_version: str
    actions: ClassVar[tuple[type[Action], ...]] = ()
    #: The shape of a position file's ``state`` section for this system (None: it has none).
    position_state: ClassVar[type[BaseModel] | None] = None
    enforces: ClassVar[Mapping[str, Enforce]] = {}
    plays_missions: ClassVar[bool] = False

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.scenario: Scenario = loaded.scenario
        self.sides: tuple[str, ...] = tuple(s.id for s in loaded.scenario.sides)
        #: How each point-buy side got its forces (:class:`rules.pointbuy.purchase.Bought`),
        #: set by :func:`rules.pointbuy.purchase.game_for`; replays record it.
        self.purchases: tuple[Any, ...] = ()

    @abstractmethod
    def new_initial_state(self, seed: int = 0) -> State:
        """The state before the first action, its dice seeded with ``seed``."""

    @classmethod
    def rules_not_enforced(cls, scenario: Scenario) -> tuple[str, ...]:
        """Each special rule of ``scenario`` this system's engine does not enforce, with why
        (from :attr:`enforces`): what every outcome of its games lists. A class method, so
        that it answers for a scenario the engine refuses to start (forces not bought)."""
        return not_enforced(scenario, cls.enforces, cls.plays_missions)

    def parse_action(self, text: str) -> Action:
        """The action ``text`` writes, among this game's verbs.

        Raises:
            ActionSyntaxError: the text is not one of its actions.
        """
        return parse_action(text, (*SHARED, *self.actions))

    def unit_name(self, unit: str) -> str:
        """A unit's name for people (``PzKpfw V, 2nd platoon``); its id when it has none."""
        return unit

    def hex_name(self, h: Hex) -> str:
        """A hex's printed name on this game's map."""
        return f"{h.q},{h.r}"

    def hex_named(self, name: str) -> Hex | None:
        """The hex a printed name names, or None when the map has no such hex."""
        return None

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> State:
        """The state a position file describes (:meth:`State.to_position` writes them); what
        does not fit the game (an unknown unit, a hex off the map) goes to ``reader``, which
        reports it located in the file.

        Raises:
            UnsupportedGameError: the system cannot start from a position.
        """
        raise UnsupportedGameError(
            f"{self.system.display_name}: the engine cannot start from a position yet"
        )


#: The kinds of state whose records' snapshot keys were told apart (:meth:`State._check_keys`).
_KEYS_CHECKED: set[type] = set()


class State(ABC):
    """A game in progress. :meth:`apply` changes it; :meth:`clone` gives an independent copy."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.dice = Dice(seed)
        # A point-buy side's purchase opens the log (rules.pointbuy.purchase.game_for).
        self.log: list[Event] = [
            ForcesBought(b.side, tuple(b.describe()), private_to=b.side) for b in game.purchases
        ]
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

    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None: the system's :meth:`judge`, with the
        scenario's special rules its engine did not enforce (:meth:`Game.rules_not_enforced`),
        the same for every system, so none can forget them."""
        found = self.judge()
        if found is None or found.not_enforced:
            return found
        missing = type(self.game).rules_not_enforced(self.game.scenario)
        return dataclasses.replace(found, not_enforced=missing) if missing else found

    @abstractmethod
    def judge(self) -> Outcome | None:
        """The system's result once the game is over, else None (by its book's victory
        rules); callers ask :meth:`outcome`."""

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know of the state: the other side's secrets left out. By default,
        for a system with no secrets: where play is, every unit, the log as ``side`` sees it.

        Raises:
            KeyError: the game has no such side.
        """
        if side not in self.game.sides:
            raise KeyError(f"there is no side '{side}'")
        return SideView(
            side,
            self.progress(),
            tuple(self.positions()),
            log=tuple(e.describe() for e in self.events_for(side)),
        )

    @abstractmethod
    def progress(self) -> Progress:
        """Where play is: the turn, the phase and step, who decides and what is left."""

    def describe(self, action: Action) -> str:
        """An action in words, as a player would say it (``Move to 1215 (3 MP)``)."""
        return action.text()

    def arrange(self, actions: list[Action]) -> list[Action]:
        """Actions in the order a player reads them (the engine's order by default)."""
        return actions

    def concerns(self, action: Action) -> ActionFocus:
        """The unit an action is for and the hexes it goes to or aims at."""
        unit = getattr(action, "unit", None)
        return ActionFocus(unit if isinstance(unit, str) else None)

    def reach(self, unit: str) -> dict[Hex, float | None]:
        """The hexes ``unit`` could move to now and what each costs (None: not known), for a
        map's shading. By default where its legal moves end (:meth:`concerns`); a system
        whose moves are planned before they are made (a plotted move task) gives where the
        unit could go once it moves."""
        found: dict[Hex, float | None] = {}
        for action in self.legal_actions():
            focus = self.concerns(action)
            if focus.unit == unit and focus.kind == "move" and focus.hex is not None:
                known = [c for c in (found.get(focus.hex), focus.cost) if c is not None]
                found[focus.hex] = min(known) if known else None
        return found

    def route(self, unit: str, hexes: Sequence[Hex]) -> Action | None:
        """The cheapest move of ``unit`` that enters ``hexes`` in this order and ends in the
        last (the hexes a player clicked: the path's, or only its destination), as the system
        writes it; None when none does. By default among its legal moves, by their foci (a
        move with no path enters its own hex only), the first in reading order among the
        cheapest; a system whose moves are written as steps (a plotted order) may build one
        for any path its rules allow."""
        if not hexes:
            return None
        found: list[tuple[float, Action]] = []
        for action in self.arrange(self.legal_actions()):
            if getattr(action, "unit", unit) != unit:  # another unit's, by the default's test
                continue
            focus = self.concerns(action)
            if focus.unit != unit or focus.kind != "move" or focus.hex != hexes[-1]:
                continue
            if _enters_in_order(focus.path or (focus.hex,), hexes):
                cost = focus.cost if focus.cost is not None else float("inf")
                found.append((cost, action))
        return min(found, key=lambda f: f[0])[1] if found else None

    def preview(self, action: Action) -> Preview:
        """What ``action`` would do now, without applying it and without the game's dice:
        whether it is legal, what it costs, the odds of each attack and the rules used."""
        legal = action in self.legal_actions()
        return Preview(self.describe(action), legal, None if legal else "not legal now")

    def to_position(self) -> GamePosition:
        """The state as a position file's data (:meth:`Game.state_from_position` reads it)."""
        raise UnsupportedGameError(
            f"{self.game.system.display_name}: the engine cannot write a position yet"
        )

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
            action = self.game.parse_action(action)
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
            try:
                self._apply(action)
            except IllegalActionError as exc:  # the rules quote the action: cut a long one
                message = str(exc)
                if len(message) <= MAX_MESSAGE:
                    raise
                raise type(exc)(shortened(message, action.text())) from None
        self.history.append(action)
        self._advance()
        return self.log[start:]

    def force_dice(self, *results: int) -> list[Event]:
        """Force the next die results (recorded as a ``force-dice`` action, so it replays)."""
        return self.apply(ForceDice(tuple(results)))

    def roll(self, purpose: str, sides: int = 6, private_to: str | None = None) -> int:
        """Roll one die for ``purpose`` and log it; the only way the rules roll. A roll kept
        secret from the other sides is logged ``private_to`` its side."""
        rolled = self.dice.roll(sides)
        self.emit(DieRolled(sides, rolled.result, purpose, rolled.forced, private_to=private_to))
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

    def position_fingerprint(self) -> str:
        """A stable hash of the position alone (with the dice, without the log and history):
        a state read from a position file has the one it was written from."""
        data = {"position": self._snapshot(), "dice": self.dice.snapshot()}
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def position_header(self) -> dict[str, Any]:
        """The fields every position file has, for a system's :meth:`to_position`."""
        return {
            "scenario": self.game.loaded.path,
            "scenario_id": self.game.scenario.id,
            "system": self.game.system,
            "rules_version": self.game.rules_version,
            "seed": self.seed,
            "draws": self.dice.draws,
            "forced": list(self.dice.forced),
            "to_act": list(self.to_act()),
        }

    def restore_dice(self, position: GamePosition) -> None:
        """Put the dice where a position file says they are."""
        self.dice = Dice.at(position.seed, position.draws, tuple(position.forced))

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

    def _snapshot(self) -> dict[str, Any]:
        """The position as plain JSON data (sorted where order does not matter): by default
        the snapshots of the state's records (:mod:`rules.engine.record`), merged. The keys
        the records may write are told apart once for each kind of state
        (:meth:`_check_keys`): a key left out while empty would collide only in the rare game
        that fills both."""
        if type(self) not in _KEYS_CHECKED:
            self._check_keys()
        found: dict[str, Any] = {}
        for name, value in vars(self).items():
            if isinstance(value, Record):
                part = value.snapshot()
                if found.keys() & part.keys():
                    raise RulesError(f"{name}: a key of its snapshot is another record's")
                found.update(part)
        return found

    def _check_keys(self) -> None:
        """Every key the state's records may write in the snapshot belongs to one record only
        (a record with a snapshot of its own is checked as it is written)."""
        owners: dict[str, str] = {}
        for name, value in vars(self).items():
            keys = snapshot_keys(type(value)) if isinstance(value, Record) else None
            for key in keys or ():
                if key in owners:
                    raise RulesError(f"{name}: its snapshot key '{key}' is {owners[key]}'s too")
                owners[key] = name
        _KEYS_CHECKED.add(type(self))

    def _detach(self) -> None:
        """After a shallow copy: copy the mutable parts of the position (by default, each
        record of the state)."""
        for name, value in list(vars(self).items()):
            if isinstance(value, Record):
                setattr(self, name, value.copy())


def _enters_in_order(path: Sequence[Hex], hexes: Sequence[Hex]) -> bool:
    """Whether ``path`` enters each of ``hexes`` in this order (others may come between)."""
    at = 0
    for h in path:
        if at < len(hexes) and h == hexes[at]:
            at += 1
    return at == len(hexes)
