"""A bought pillbox blocks sight [18.52]: "Like buildings, a pillbox blocks LOS".

The map's sight is worked out once from its terrain (a pillbox marker painted on the map blocks
there, terrain.yaml ``blocks_los``); the pillboxes the defender bought, or a scenario's map object
places (:func:`rules.soldiers.preparations.bought`), are not in it, so the state's sight
(:meth:`rules.soldiers.game.SoldiersState.sees`) asks here too: a line that enters such a hex
between the two ends is blocked; a line along a hexside, when the hexes on both sides are such
pillboxes (as for blocking terrain [6.45], our reading). A pillbox an artillery D result made
rubble [17.51] no longer blocks (:func:`rules.soldiers.preparations.kinds`). A man in the
pillbox sees out in all directions [18.51]: its own hex never blocks a line from or to it.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.los.geometry import AlongStep, HexStep, trace

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

_PLACED: weakref.WeakKeyDictionary[SoldiersGame, frozenset[Hex]] = weakref.WeakKeyDictionary()


def placed(game: SoldiersGame) -> frozenset[Hex]:
    """The pillboxes placed at the start that the map's sight does not know of."""
    found = _PLACED.get(game)
    if found is None:
        found = _PLACED[game] = frozenset(
            h for h, kind in game.prepared.items() if kind == "pillbox"
        )
    return found


def blocks(state: SoldiersState, a: Hex, b: Hex) -> bool:
    """Whether a placed pillbox between ``a`` and ``b`` blocks the line [18.52]."""
    if not state.game.prepared or a == b:
        return False  # no preparation placed: the common case, at once
    boxes = placed(state.game)
    if not boxes:
        return False
    if not any(
        h != a and h != b and h.distance(a) + h.distance(b) <= a.distance(b) + 1 for h in boxes
    ):
        return False  # none near the line: no trace needed
    from rules.soldiers.preparations import kinds

    def standing(h: Hex) -> bool:
        return h in boxes and "pillbox" in kinds(state, h)

    for step in trace(a, b).steps:
        if isinstance(step, HexStep) and step.hex not in (a, b) and standing(step.hex):
            return True
        if isinstance(step, AlongStep) and standing(step.left) and standing(step.right):
            return True
    return False
