"""The rules engine: Qt-free, headless. ``rules.load_game(loaded_scenario)`` starts a game."""

from rules.registry import load_game

__all__ = ["load_game"]
