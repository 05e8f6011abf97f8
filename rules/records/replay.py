"""Replays: a game as text (scenario, rules version, seed, actions), like a PGN.

A replay file is JSON::

    {"format": "hexwright-replay", "version": 1,
     "scenario": "scenarios/panzer44/19.2-sedan-revenged.yaml", "scenario_id": "p44-19.2",
     "rules_version": "panzer44-0.1", "seed": 7,
     "actions": ["plot french.M4.1 MV", "done french", ...],
     "fingerprints": ["<initial state>", "<after action 1>", ...]}

:func:`replay` rebuilds the game from the seed and the actions and, when the file records
fingerprints, checks the state's fingerprint after every action (PettingZoo's determinism
check, STYLE point 5): the first difference raises :class:`~rules.engine.errors.ReplayError` naming
the step.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from model.scenario_io import REPLAY_FORMAT, LoadedScenario, load_scenario
from rules.engine.core import State
from rules.engine.errors import ReplayError, RulesError
from rules.pointbuy.purchase import (
    PurchaseChoice,
    PurchaseError,
    game_for,
    purchases_of,
    read_purchases,
)

FORMAT = REPLAY_FORMAT
VERSION = 1


@dataclass(frozen=True)
class Replay:
    """A game as text: enough to play it again, step by step."""

    scenario: str
    scenario_id: str
    rules_version: str
    seed: int
    actions: tuple[str, ...]
    fingerprints: tuple[str, ...] = field(default=())
    #: How each point-buy side got its forces, ``side=balanced:7`` or ``side=sample:NAME``
    #: (:class:`rules.pointbuy.purchase.PurchaseChoice`); replaying buys them again the same.
    purchases: tuple[str, ...] = field(default=())

    @classmethod
    def of(cls, state: State, with_fingerprints: bool = True) -> Replay:
        """The replay of a state's game so far (fingerprints by replaying it from the start)."""
        game = state.game
        actions = tuple(a.text() for a in state.history)
        prints: tuple[str, ...] = ()
        if with_fingerprints:
            fresh = game.new_initial_state(state.seed)
            found = [fresh.fingerprint()]
            for action in state.history:
                fresh.apply(action)
                found.append(fresh.fingerprint())
            prints = tuple(found)
        bought = tuple(purchases_of(game))
        return cls(
            game.loaded.path,
            game.scenario.id,
            game.rules_version,
            state.seed,
            actions,
            prints,
            bought,
        )

    def to_text(self) -> str:
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "scenario": self.scenario,
            "scenario_id": self.scenario_id,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "actions": list(self.actions),
        }
        if self.purchases:
            data["purchases"] = list(self.purchases)
        if self.fingerprints:
            data["fingerprints"] = list(self.fingerprints)
        return json.dumps(data, indent=1) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Replay:
        """Read a replay; raises :class:`ReplayError` when it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"not a replay file: {exc}") from None
        except RecursionError:
            raise ReplayError("not a replay file: nested too deeply") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ReplayError(f'not a replay file (no "format": "{FORMAT}")')
        if data.get("version") != VERSION:
            raise ReplayError(f"replay format version {data.get('version')!r} is not {VERSION}")
        if "seed" not in data:
            raise ReplayError("replay file: missing field 'seed'")
        return cls(
            _text(data, "scenario"),
            _text(data, "scenario_id"),
            _text(data, "rules_version"),
            _seed(data["seed"]),
            _texts(data, "actions", required=True),
            _texts(data, "fingerprints"),
            _texts(data, "purchases"),
        )


def _text(data: dict[str, Any], key: str) -> str:
    """A replay's field ``key``, a text."""
    if key not in data:
        raise ReplayError(f"replay file: missing field '{key}'")
    value = data[key]
    if not isinstance(value, str):
        raise ReplayError(f"replay file: '{key}' is {_kind(value)}, not a text")
    return value


def _texts(data: dict[str, Any], key: str, required: bool = False) -> tuple[str, ...]:
    """A replay's field ``key``, a list of texts (an optional one absent: none)."""
    if key not in data and not required:
        return ()
    if key not in data:
        raise ReplayError(f"replay file: missing field '{key}'")
    value = data[key]
    if not isinstance(value, list):
        raise ReplayError(f"replay file: '{key}' is {_kind(value)}, not a list of texts")
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise ReplayError(f"replay file: {key}[{i}] is {_kind(item)}, not a text")
    return tuple(value)


def _kind(value: Any) -> str:
    """What a JSON value is, in words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if isinstance(value, list) else "a text"


def _seed(value: Any) -> int:
    """A replay's seed: a whole number, as written (3.7 or "7" is not one)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise ReplayError(
            f"replay file: the seed {value!r} is not a whole number from 0 to 2**63-1"
        )
    return value


@dataclass
class Replayed:
    """A replayed game: the final state and the fingerprint after every step (the initial
    state's first)."""

    state: State
    fingerprints: list[str]


def replay(
    record: Replay,
    loaded: LoadedScenario | None = None,
    load: Callable[[str], LoadedScenario] = load_scenario,
    stop_after: int | None = None,
) -> Replayed:
    """Play a replay again and check it.

    Args:
        record: the replay.
        loaded: the scenario, already loaded (else ``load(record.scenario)``).
        load: how to load the scenario file.
        stop_after: replay only this many actions (the state after action N).

    Raises:
        ReplayError: another scenario or rules version, a fingerprint differs, or
            ``stop_after`` is past the replay's last action.
        IllegalActionError, ActionSyntaxError: an action does not replay.
    """
    if stop_after is not None and stop_after > len(record.actions):
        # not the game's end instead, unsaid: the state asked for is not in the file
        last = len(record.actions)
        raise ReplayError(f"no action {stop_after} to stop after: the replay has 0 to {last}")
    loaded = loaded or load(record.scenario)
    if loaded.scenario.id != record.scenario_id:
        raise ReplayError(
            f"the replay is of scenario '{record.scenario_id}', not '{loaded.scenario.id}'"
        )
    game = game_for(loaded, _choices(record.purchases) if record.purchases else None)
    if game.rules_version != record.rules_version:
        raise ReplayError(
            f"the replay was made with rules {record.rules_version}, these are "
            f"{game.rules_version}: it may not replay the same"
        )
    state = game.new_initial_state(record.seed)
    prints = [state.fingerprint()]
    _check(record.fingerprints, prints, 0)
    actions: Sequence[str] = record.actions[:stop_after]
    for i, text in enumerate(actions, start=1):
        try:
            state.apply(text)
        except RulesError as exc:  # say which action: a replay may hold thousands
            raise type(exc)(f"action {i}: {exc}") from None
        prints.append(state.fingerprint())
        _check(record.fingerprints, prints, i)
    return Replayed(state, prints)


def _choices(purchases: Sequence[str]) -> dict[str, PurchaseChoice]:
    """The replay's ``side=choice`` purchases, read."""
    try:
        return read_purchases(purchases)
    except PurchaseError as exc:
        raise ReplayError(f"replay file: {exc}") from None


def _check(expected: Sequence[str], found: Sequence[str], step: int) -> None:
    if step < len(expected) and expected[step] != found[step]:
        where = "the initial state" if step == 0 else f"action {step}"
        raise ReplayError(
            f"the replay diverges at {where}: fingerprint {found[step][:12]}, "
            f"the file has {expected[step][:12]}"
        )
