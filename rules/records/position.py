"""Position files: a state written as data and read back into an equal state (STYLE point 25).

Writing asks the state (:meth:`rules.engine.core.State.to_position`); reading checks the file
like a scenario (every problem at its ``file:line:col``, a newer version refused), loads the
scenario it names, validates the system's own ``state`` section with the shape the game gives
(:attr:`rules.engine.core.Game.position_state`) and asks the game for the state
(:meth:`rules.engine.core.Game.state_from_position`), which reports what does not fit (a unit
the scenario does not have, a hex off the map) through a :class:`PositionReader`::

    save_position(state, "pos.yaml", scenario_path="scenarios/panzer44/19.7-....yaml")
    game, state = load_position("pos.yaml")
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, create_model

from model.errors import Problem, ProblemList, did_you_mean, dotted
from model.hexes import Hex
from model.position import POSITION_SCHEMA_VERSION, GamePosition
from model.scenario_io import LoadedScenario, load_scenario, to_data
from model.validation import validate_document
from model.yamlio import Document, PathKey, atomic_write_text, dump_yaml, read_yaml
from rules.engine.core import Game, State
from rules.engine.errors import RulesError
from rules.pointbuy.purchase import (
    PurchaseError,
    game_for,
    needs_purchase,
    purchases_of,
    read_purchases,
)
from rules.registry import load_game, rules_for


class PositionReader:
    """What a game reads a position with: names checked against its map and units, each
    problem kept with its place in the file, all reported together by :meth:`done`."""

    def __init__(self, game: Game, position: GamePosition, doc: Document | None) -> None:
        self.game = game
        self.position = position
        self.doc = doc
        self.problems: list[Problem] = []

    def problem(self, path: PathKey, message: str, hint: str = "") -> None:
        """Note a problem of the node at ``path``."""
        file = self.doc.path if self.doc is not None else "<position>"
        line, column = (0, 0)
        if self.doc is not None:
            pos = self.doc.position(path)
            line, column = pos.line, pos.column
        self.problems.append(Problem(file, line, column, dotted(path), message, hint))

    def hex(self, name: str | None, path: PathKey) -> Hex | None:
        """The hex a printed name names; None (and a problem) when the map has none."""
        if name is None:
            return None
        found = self.game.hex_named(name)
        if found is None:
            self.problem(path, f"no hex '{name}' on the scenario's map")
        return found

    def unit(self, unit: str, known: object, path: PathKey) -> bool:
        """Whether ``unit`` is one of the ``known`` ids (a problem, with a hint, when not)."""
        ids = list(known)  # type: ignore[call-overload]
        if unit in ids:
            return True
        self.problem(path, f"the scenario has no unit '{unit}'", did_you_mean(unit, ids))
        return False

    def done(self) -> None:
        """Raise every problem found, if any.

        Raises:
            ProblemList: the position does not fit the game.
        """
        if self.problems:
            raise ProblemList(self.problems)


def position_of(state: State, scenario_path: str) -> GamePosition:
    """The state's position, naming its scenario file as ``scenario_path``, with how its
    point-buy sides got their forces (read back, they are bought again the same)."""
    update: dict[str, Any] = {"scenario": scenario_path}
    if state.game.purchases:
        update["purchases"] = purchases_of(state.game)
    return state.to_position().model_copy(update=update)


def save_position(
    state: State, path: str | os.PathLike[str], scenario_path: str | os.PathLike[str]
) -> None:
    """Write the state's position to ``path`` (atomically), naming the scenario file relative
    to the position file where it can."""
    where = Path(path).resolve().parent
    scenario = Path(scenario_path).resolve()
    try:
        named = os.path.relpath(scenario, where)
    except ValueError:  # another drive
        named = str(scenario)
    atomic_write_text(path, position_text(position_of(state, Path(named).as_posix())))


def position_text(position: GamePosition) -> str:
    """A position as the YAML text of its file."""
    return dump_yaml(to_data(position))


def load_position(
    path: str | os.PathLike[str], scenario: LoadedScenario | None = None
) -> tuple[Game, State]:
    """Read a position file and make its game and state.

    Args:
        path: the position file.
        scenario: the scenario already loaded (test play's own); None: the file it names.

    Raises:
        ProblemList: the file, its scenario or its fit to the game has problems (located).
        RulesError: the system's rules cannot play the scenario or start from a position.
    """
    doc = read_yaml(path)
    return read_position(doc, scenario)


def read_position(doc: Document, scenario: LoadedScenario | None = None) -> tuple[Game, State]:
    """Like :func:`load_position`, from a parsed document."""
    _check_version(doc)
    common = validate_document(doc, GamePosition)
    if scenario is None:
        scenario = load_scenario(_scenario_path(doc, common))
    if scenario.scenario.id != common.scenario_id:
        raise _refused(
            doc,
            "scenario_id",
            f"the position is of scenario '{common.scenario_id}', the file "
            f"'{common.scenario}' is '{scenario.scenario.id}'",
        )
    if scenario.scenario.system != common.system:
        raise _refused(
            doc,
            "system",
            f"the position is of the system {common.system.value}, the scenario "
            f"'{scenario.scenario.id}' of {scenario.scenario.system.value}",
        )
    game = _game(doc, common, scenario)
    shape = game.position_state
    position = common
    if shape is not None:
        # A section whose every field has a default is left out when written with nothing in
        # it (scenario_io.to_data), so it may be left out when read.
        required = any(f.is_required() for f in shape.model_fields.values())
        section = (shape, ...) if required else (shape, Field(default_factory=shape))
        typed: type[BaseModel] = create_model("Position", __base__=GamePosition, state=section)
        position = validate_document(doc, typed)
    reader = PositionReader(game, position, doc)
    for i, side in enumerate(position.to_act):  # written for the reader; worked out again
        if side not in game.sides:
            known = ", ".join(game.sides)
            reader.problem(("to_act", i), f"the scenario has no side '{side}' (its sides: {known})")
    if position.rules_version != game.rules_version:
        reader.problem(
            ("rules_version",),
            f"written by the rules '{position.rules_version}', these are '{game.rules_version}'",
            "replay the game's actions instead, or write the position again",
        )
        reader.done()
    state = game.state_from_position(position, reader)
    if not reader.problems:
        check_invariants(state, position, reader)
    reader.done()
    return game, state


def check_invariants(state: State, position: GamePosition, reader: PositionReader) -> None:
    """What holds of every position of the system's games (the fuzz asks it after every
    action) holds of the one read, each break said at the first unit it names (else at the
    system's state): a position no game reaches (a Panzer '44 Sherman in the German
    platoon's hex) was taken, and its game then failed on the next fire. A system whose
    reader plays on to the next decision asks this first."""
    check = rules_for(state.game.system).invariants
    if check is None:
        return
    places = {place.id: i for i, place in enumerate(position.units)}
    for wrong in check(state):
        named = [places[w] for w in re.findall(r"[\w.'-]+", wrong) if w in places]
        # one that names no unit is of the system's own state (its chits, its points)
        where: PathKey = ("units", min(named)) if named else ("state",)
        reader.problem(where, f"no game reaches this position: {wrong}")


def _game(doc: Document, position: GamePosition, scenario: LoadedScenario) -> Game:
    """The position's game: its point-buy sides bought again as the position says (a side
    the scenario already gives forces, as the editor's test play does, keeps them)."""
    if not position.purchases:
        return load_game(scenario)
    try:
        choices = read_purchases(position.purchases)
    except PurchaseError as exc:
        raise _refused(
            doc,
            "purchases",
            str(exc),
            "write each as side=strategy:seed or side=sample:NAME",
        ) from None
    needed = set(needs_purchase(scenario.scenario))
    return game_for(scenario, {s: c for s, c in choices.items() if s in needed} or None)


def _refused(doc: Document, key: str, message: str, hint: str = "") -> ProblemList:
    """The problem of the position file's field ``key``, located, to raise."""
    where = doc.position((key,))
    return ProblemList([Problem(doc.path, where.line, where.column, key, message, hint)])


def _check_version(doc: Document) -> None:
    data: Any = doc.data
    version = data.get("schema_version") if isinstance(data, dict) else None
    if isinstance(version, int) and version > POSITION_SCHEMA_VERSION:
        raise _refused(
            doc,
            "schema_version",
            f"the file is of position version {version}; this Hexwright reads "
            f"version {POSITION_SCHEMA_VERSION} and older",
            "open it with a newer Hexwright",
        )


def _scenario_path(doc: Document, position: GamePosition) -> Path:
    """The scenario file the position names: as written, or beside the position file. Only a
    regular file: a name that is missing, a folder or a device is refused at ``scenario``
    (a missing absolute path was said of the scenario file, not where the position names it)."""
    named = Path(position.scenario)
    tried = [named] if named.is_absolute() else [named, Path(doc.path).parent / named]
    for path in tried:
        if path.is_file():
            return path
    beside = "" if named.is_absolute() else " (looked beside the position file too)"
    what = "file" if not any(p.exists() for p in tried) else "regular file"
    raise _refused(doc, "scenario", f"no scenario {what} '{position.scenario}'{beside}")


__all__ = [
    "PositionReader",
    "RulesError",
    "check_invariants",
    "load_position",
    "position_of",
    "position_text",
    "read_position",
    "save_position",
]
