"""No firing at friendlies [8.12]: "A man may not fire through a hex containing only friendly,
non-suppressed men (but see 8.84)."

A hex between the firer's and the target's (neither counted: fire into a hex both sides hold is
8.84's) stops the fire when its able men are all of the firer's side and none of them is
suppressed. Our readings, where the book is silent:

- "Through" is every hex whose inside the centre-to-centre line enters (a corner clipped
  included, as a corner crossed blocks sight [6.45]); a hex met at a corner point only is not
  passed through.
- A line running exactly along a hexside passes between two hexes: it is stopped only when
  both hold only friendly, non-suppressed men, as the engine reads such a line for sight
  (:mod:`rules.soldiers.los`).
- Disabled men and prisoners are no men "in" the hex for this rule (they lie down); a hex with a
  suppressed friendly man among standing ones is not "only non-suppressed men", so the fire
  passes (the men in it are hugging the ground).

Applied to every fire at a hex: a shot (quick, aimed, sustained; an MG's), reaction fire [8.6]
and a flamethrower's [15.1]. Grenades and satchel charges are thrown, not fired [12; 16.22].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.los.geometry import AlongStep, HexStep, trace

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _only_friends_standing(state: SoldiersState, side: str, h: Hex) -> bool:
    """The hex holds able men, all of ``side``, none suppressed [8.12]."""
    troops, men = state.troops, state.game.men
    inside = [m for m, at in troops.hexes.items() if at == h and m not in troops.disabled]
    return bool(inside) and all(men[m].side == side and m not in troops.suppressed for m in inside)


def friends_in_the_way(state: SoldiersState, side: str, at: Hex, target: Hex) -> str | None:
    """The first hex (by name) between ``at`` and ``target`` that stops ``side``'s fire
    [8.12], or None when the line of fire is free of friendly men."""
    for step in trace(at, target).steps:
        if isinstance(step, HexStep) and step.hex not in (at, target):
            if _only_friends_standing(state, side, step.hex):
                return state.game.name(step.hex)
        elif isinstance(step, AlongStep):
            pair = (step.left, step.right)
            if all(_only_friends_standing(state, side, h) for h in pair):
                return "/".join(state.game.name(h) for h in pair)
    return None


def why_not_through(state: SoldiersState, man: str, target: Hex) -> str | None:
    """Why ``man`` may not fire at ``target`` for the friendly men in the way [8.12]."""
    at = state.troops.hexes.get(man)
    if at is None:
        return None
    found = friends_in_the_way(state, state.game.men[man].side, at, target)
    if found is None:
        return None
    return f"no firing through {found}: it holds only friendly, non-suppressed men [8.12]"
