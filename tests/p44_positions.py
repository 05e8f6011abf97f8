"""Panzer '44 test situations read from position files (STYLE point 25).

``tests/positions/panzer44/`` holds the files, each with ``notes`` saying what situation it is
(the small scenarios some of them are positions of are in its ``scenarios/`` folder): a test
starts where the file says instead of setting state fields by hand.
"""

from __future__ import annotations

from pathlib import Path

from model.scenario_io import load_scenario
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.records.position import load_position
from rules.registry import load_game

POSITIONS = Path(__file__).parent / "positions" / "panzer44"


def p44_position(name: str) -> Panzer44State:
    """The state the position file ``name`` of ``tests/positions/panzer44`` describes."""
    _, state = load_position(POSITIONS / name)
    assert isinstance(state, Panzer44State)
    return state


def p44_scenario_game(name: str) -> Panzer44Game:
    """The game of a scenario of ``tests/positions/panzer44/scenarios``."""
    game = load_game(load_scenario(POSITIONS / "scenarios" / name))
    assert isinstance(game, Panzer44Game)
    return game
