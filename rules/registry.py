"""The game systems' rules, one registered object each: shared code asks here, never which system.

Each system package (``rules/<system>/``) declares one :class:`SystemRules` in its ``system``
module: how to make its game, its movement classes and costs, its line of sight, where its book
says what the static checks cite, how its forces stack and ride, its point-buy, the checks only
it has, its bots, the scenario features its editor forms show and which of its book's sections
the engine plays (its coverage list). The LOS query, movement costs, checks, point-buy, bots,
the editor and ``hexwright rules`` read that object (OpenSpiel's ``pyspiel.register_game``,
pytest's plugins)::

    rules = rules_for(scenario.system)
    game = rules.new_game(loaded)

:data:`BUILT_IN` is the one line a system adds to be known; a system from elsewhere (the toy
system of the tests) calls :func:`register`. A built-in system's package is imported only when
its rules are first asked for, so a Panzer '44 scenario never loads the Armor engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from model.hexes import Hex
from model.systems import GameSystem
from rules.engine.errors import UnsupportedGameError

if TYPE_CHECKING:  # types only: the shared packages themselves ask this module at run time
    from model.catalog import TerrainType
    from model.scenario_io import LoadedScenario
    from model.terrainview import MapTerrain
    from rules.bots.base import Bot
    from rules.bots.greedy import Adapter
    from rules.checks.base import RegisteredCheck
    from rules.engine.core import Game, State
    from rules.engine.sheets import Sheet
    from rules.forces.rules import ForceRules
    from rules.los.core import Heights, Ruling, Sight
    from rules.los.terrain import TerrainLos
    from rules.movement.costs import MovementRules
    from rules.pointbuy.base import PointBuy

#: The systems that come with Hexwright: id -> the module that holds its ``SYSTEM``.
BUILT_IN: Mapping[str, str] = {
    "panzer44": "rules.panzer44.system",
    "armor": "rules.armor.system",
    "soldiers": "rules.soldiers.system",
    "panzer-command": "rules.panzer_command.system",
}

#: What a scenario of the system may use, for the editor's forms and the checks:
#: ``panic`` Panzer '44's panic levels [14.0]; ``fortifications`` Improved Positions and mines;
#: ``command`` Panzer Command's side settings [§4]; ``missions`` Soldiers' missions and Force
#: Points [19.1]; ``formations`` Armor's formations of 3-5 units; ``layout-constraints`` loose
#: scenarios' layouts (Armor's [SCN III.C]).
Feature = Literal[
    "panic",
    "fortifications",
    "command",
    "missions",
    "formations",
    "layout-constraints",
    "unplaced",  # a unit the scenario gives no placement stays off the map (the player's)
    "empty-side",  # a side with no units plays on, its game decided by default
]


class SightTable(Protocol):
    """A verdict-only line of sight for one map, for systems that can answer it fast."""

    def clear(self, a: Hex, b: Hex) -> bool:
        """Whether the line from ``a`` to ``b`` is not blocked."""
        ...


@dataclass(frozen=True)
class Citations:
    """Where the book says what the shared checks judge, for their findings."""

    setup: str  # where the forces set up
    entry: str  # where reinforcements come on
    turns: str  # how long a scenario lasts, when things happen
    victory: str  # victory conditions and special rules
    reach: str  # movement costs (objectives in reach)


@dataclass(frozen=True)
class SystemRules:
    """All a system's rules offer the shared code.

    Attributes:
        system: the system (its data: ``resources/<id>/``).
        new_game: the game of a loaded scenario (raises UnsupportedGameError when it cannot
            be played).
        movement: the movement classes and what entering a hex costs each.
        sight: the book's line-of-sight ruling over a traced line.
        los_terrain: a terrain type as lines of sight see it.
        sight_heights: the heights above the ground the book lets the ends of a line take
            (upper storeys, planes), and what it says of heights; None: the ground only.
        citations: where the book says what the shared checks judge.
        forces: movement class and allowance of a unit, stacking, transport.
        pointbuy: the point purchase (the book's, or Hexwright's own costs).
        checks: the static checks only this system has.
        bots: the bots that play it, by name, each made from a seed.
        greedy: makes what the greedy bot needs of its states; None: it does not play it.
        fast_sight: a verdict-only LOS table for the map, or None (the full query is used).
        features: what its scenarios may use (:data:`Feature`).
        coverage: its rules coverage list, the book's sections and what the engine does about
            each, as a package resource ``"package:file"``
            (:func:`rules.engine.coverage.load_coverage`); None: it has none.
        generator: a scenario file's text rolled from a seed (its book's scenario generation,
            ``hexwright generate``); None: it has none.
        invariants: what must hold of every position of its games, in words (empty: all
            holds); the seeded fuzz (``tools.fuzz``, the fuzz tests) asks it after every
            action. None: only the State API's own promises are checked.
        sheets: the paper sheets the book has players keep, written from a game (Armor's
            Command Sheet identifications and Unit Record Sheet, ``hexwright sheet``); None:
            it has none.
    """

    system: GameSystem
    new_game: Callable[[LoadedScenario], Game]
    movement: MovementRules
    sight: Callable[[Sight], Ruling]
    los_terrain: Callable[[TerrainType], TerrainLos]
    citations: Citations
    forces: ForceRules
    pointbuy: PointBuy
    checks: tuple[RegisteredCheck, ...] = ()
    bots: Mapping[str, Callable[[int], Bot]] = field(default_factory=dict)
    greedy: Callable[[], Adapter] | None = None
    fast_sight: Callable[[MapTerrain], SightTable] | None = None
    features: frozenset[Feature] = frozenset()
    coverage: str | None = None
    generator: Callable[[int], str] | None = None
    sight_heights: Heights | None = None
    invariants: Callable[[State], list[str]] | None = None
    sheets: Callable[[State], list[Sheet]] | None = None


def lazy(target: str) -> Callable[..., Any]:
    """``module:name``, imported when first called and then called: a system's engine and
    bots load only when a game of it is played (``lazy("rules.armor.game:ArmorGame")``)."""
    module, _, name = target.partition(":")

    def call(*args: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args)

    call.__qualname__ = call.__name__ = name
    return call


_REGISTERED: dict[GameSystem, SystemRules] = {}


def register(rules: SystemRules) -> None:
    """Make a system's rules known (again: replaces them)."""
    _REGISTERED[rules.system] = rules


def unregister(system: GameSystem) -> None:
    """Forget a system's rules (a test's toy system)."""
    _REGISTERED.pop(system, None)


def find(system: GameSystem) -> SystemRules | None:
    """The system's rules, or None when no rules are known for it."""
    found = _REGISTERED.get(system)
    if found is None and system.value in BUILT_IN:
        module = importlib.import_module(BUILT_IN[system.value])
        found = module.SYSTEM
        register(found)
    return found


def rules_for(system: GameSystem) -> SystemRules:
    """The system's rules.

    Raises:
        UnsupportedGameError: Hexwright has data for the system but no rules.
    """
    found = find(system)
    if found is None:
        raise UnsupportedGameError(
            f"Hexwright has no rules for {system.display_name}: its scenarios can be edited and "
            "checked against the data, not played"
        )
    return found


def known() -> Iterator[SystemRules]:
    """The rules of every system Hexwright has data for and rules of, in the systems' order."""
    for system in GameSystem:
        found = find(system)
        if found is not None:
            yield found


def load_game(loaded: LoadedScenario) -> Game:
    """The game of a loaded scenario, made by its system's rules.

    Raises:
        UnsupportedGameError: Hexwright has no rules for the system, or they cannot play this
            scenario (the error says why).
    """
    return rules_for(loaded.scenario.system).new_game(loaded)
