"""Self suppression [7.41]: "Self suppression is 'free' (costs no APs); an active man may
suppress himself at any time. However, a man may not perform any further actions in an Action
Phase after voluntarily suppressing himself."

``suppress MAN``: the man under orders, or any man of the group under orders (the book's
example: "Gilbert and his buddy suppress themselves and their activation is complete" [8.6]),
able, not suppressed, not a prisoner, in a tactical Action Phase and not while the enemy reacts.
It costs nothing; he is suppressed (flipped face-down [7.4]) and his actions are over: alone,
his order ends (no AP left); in a group, the others go on with the group's AP without him
(as the group leaves a man suppressed by fire [7.11]). Allowed in an enemy-occupied hex
[8.83]. Our reading: an operational move is a move only [6.3], so no self suppression there.

The other ways a man suppresses himself are their own rules: in reaction [8.64]
(:mod:`rules.soldiers.reaction`) and when an artillery zone is announced [17.3]
(:mod:`rules.soldiers.artillery`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers import groups
from rules.soldiers.actions import SelfSuppress, SelfSuppressed

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _under_orders(state: SoldiersState, man: str) -> bool:
    return man == state.active.current or groups.in_group(state, man)


def why_not(state: SoldiersState, action: SelfSuppress) -> str | None:
    """Why ``action.man`` may not suppress himself now [7.41], or None."""
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in a tactical Action Phase [6; 7.41]"
    if man not in state.game.men or not _under_orders(state, man):
        return "only an active man suppresses himself: the man (or group) under orders [7.41]"
    if man not in troops.hexes or man in troops.disabled:
        return "he is not an able man on the map"
    if man in troops.captured:
        return "a prisoner may perform no action [9]"
    if man in troops.suppressed:
        return "he is suppressed already [7.4]"
    return None


def options(state: SoldiersState) -> list[SelfSuppress]:
    """Self suppression for the man under orders and each man of his group [7.41]."""
    men = groups.members(state) if state.active.group else [state.active.current]
    found = [SelfSuppress(m) for m in men if m is not None]
    return [a for a in found if why_not(state, a) is None]


def apply(state: SoldiersState, action: SelfSuppress) -> None:
    """He suppresses himself, free; his actions in this Action Phase are over [7.41]."""
    man, active = action.man, state.active
    state.troops.suppressed.add(man)
    alone = not groups.in_group(state, man)
    if alone:
        active.current, active.ap = None, 0.0
        active.friendly_eyes, active.enemy_eyes = set(), set()  # his sight, judged no more
        why = "suppresses himself, free; he performs no further actions this Action Phase [7.41]"
    else:
        groups.prune(state)  # the group goes on without him [7.11; 7.41]
        why = (
            "suppresses himself, free; he performs no further actions this Action Phase, the "
            f"group goes on without him with {active.ap:g} AP [7.41]"
        )
    state.emit(SelfSuppressed(man, why))
