"""Dice: seeded, owned by the game state, and forceable by tests.

Why not the global ``random``: two states must never share a generator, or one game's rolls
would change another's (STYLE point 4). Faces come from ``random()`` alone
(``floor(r * sides) + 1``), the only method whose results Python promises for a seed across
versions. Recording is the state's job (:meth:`rules.engine.core.State.roll` logs a ``DieRolled``
event for every roll), so a roll can never bypass the log.
"""

from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from model.position import MAX_FACES, MAX_FORCED
from rules.engine.errors import ForcedDiceError

__all__ = ["MAX_FACES", "MAX_FORCED", "Dice", "DieRoll"]


@dataclass(frozen=True)
class DieRoll:
    """One die rolled: its size, the face, and whether a test or user forced it."""

    sides: int
    result: int
    forced: bool = False


class Dice:
    """A seeded die roller with a queue of forced results.

    Args:
        seed: the game's seed; the same seed gives the same rolls.
    """

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._forced: deque[int] = deque()
        #: How many draws the generator has given since the seed (a position file keeps it).
        self.draws = 0

    @classmethod
    def at(cls, seed: int, draws: int, forced: tuple[int, ...] = ()) -> Dice:
        """A roller in the state it reaches after ``draws`` draws from ``seed``, with the
        ``forced`` results still queued (a position file's dice)."""
        dice = cls(seed)
        for _ in range(draws):
            dice._rng.random()
        dice.draws = draws
        dice.force(*forced)
        return dice

    def roll(self, sides: int = 6) -> DieRoll:
        """Roll one die with ``sides`` faces: the next forced result if any, else random.

        A forced result does not draw from the generator, so forcing a roll does not shift the
        rolls after it.

        Raises:
            ValueError: ``sides`` < 1.
            ForcedDiceError: the forced result is not a face of this die.
        """
        if sides < 1:
            raise ValueError(f"a die has at least one face, not {sides}")
        if self._forced:
            result = self._forced.popleft()
            if not 1 <= result <= sides:
                raise ForcedDiceError(f"the forced result {result} is not a face of a d{sides}")
            return DieRoll(sides, result, forced=True)
        self.draws += 1
        return DieRoll(sides, math.floor(self._rng.random() * sides) + 1)

    def force(self, *results: int) -> None:
        """Make the next rolls give ``results``, in order (after any forced already)."""
        for r in results:
            if not 1 <= r <= MAX_FACES:
                raise ForcedDiceError(f"a die result is 1 to {MAX_FACES}, not {r}")
        if len(self._forced) + len(results) > MAX_FORCED:
            raise ForcedDiceError(f"at most {MAX_FORCED} forced results may wait to be rolled")
        self._forced.extend(results)

    @property
    def forced(self) -> tuple[int, ...]:
        """The forced results not yet used."""
        return tuple(self._forced)

    def random(self) -> float:
        """A raw draw in [0, 1) from the state's generator (for choices that are not dice)."""
        self.draws += 1
        return self._rng.random()

    def clone(self) -> Dice:
        """An independent roller in the same state (same next rolls, same forced queue)."""
        copy = Dice(0)
        copy._rng.setstate(self._rng.getstate())
        copy._forced = deque(self._forced)
        copy.draws = self.draws
        return copy

    def snapshot(self) -> dict[str, Any]:
        """The generator's state and the forced queue, as plain data (for fingerprints)."""
        version, internal, gauss = self._rng.getstate()
        return {"version": version, "state": list(internal), "gauss": gauss, "forced": self.forced}
