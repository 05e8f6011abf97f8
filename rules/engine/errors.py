"""The rules engine's exceptions: a rule violation raises, it is never an ``assert``.

``ActionSyntaxError`` (the text cannot be read as an action) differs from
``IllegalActionError`` (a well-formed action the rules do not allow now), as python-chess's
``InvalidMoveError`` differs from its ``IllegalMoveError``.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules engine raises on purpose."""


class ActionSyntaxError(RulesError, ValueError):
    """The text is not an action (unknown verb, missing or malformed argument)."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow in the current state."""


class ForcedDiceError(RulesError, ValueError):
    """A forced die result that cannot be rolled: not a face of any die of these games, or
    not of the die the rules roll next (a replay's or a position's forced dice)."""


class UnsupportedGameError(RulesError):
    """The engine cannot play this scenario's game system (yet)."""


class ReplayError(RulesError):
    """A replay file that cannot be read or does not replay to the fingerprints it records."""
