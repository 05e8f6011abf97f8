"""Destroying equipment [9.5]: "A man may destroy any or all equipment in a hex by expending
1 AP."

``destroy-equipment MAN``: the man under orders (or a man of the group under orders), able and
not suppressed, destroys for 1 AP the equipment the engine tracks of every disabled or captured
man in his hex, of either side: his weapon and his grenades. Our readings, where the book is
silent or leaves it to the player:

- "Any or all": all of it (the owner's choice of some, not played).
- The equipment "in a hex" is what its disabled and captured men carry (an able man's is his
  own, not lying in the hex).
- A destroyed weapon cannot be taken by an exchange [7.33]; its Destroyed mark goes with the
  weapon as Jam and Ammo Out do, so an escaped prisoner [9.6] whose weapon was destroyed is
  unarmed (no fire) until he takes another.
- His grenades destroyed are marked off as gone from him (``grenades_taken``), not as thrown:
  the grenades thrown stay the throws [12].
- In a group it is an action of its own, paid anew (it opens no step [7.1]); no risk level
  restriction (the Action Summary's lines are not in the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import WordsAction
from rules.soldiers import groups
from rules.soldiers.actions import Maintained

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

DESTROY_AP = 1.0  # [9.5]


@dataclass(frozen=True)
class DestroyEquipment(WordsAction):
    """The ordered man destroys the equipment of the disabled and captured men in his hex:
    1 AP [9.5]."""

    verb: ClassVar[str] = "destroy-equipment"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def lying(state: SoldiersState, man: str) -> list[str]:
    """The disabled or captured men in ``man``'s hex whose equipment is not destroyed yet."""
    troops = state.troops
    at = troops.hexes.get(man)
    return sorted(
        m
        for m, h in troops.hexes.items()
        if h == at
        and m != man
        and (m in troops.disabled or m in troops.captured)
        and m not in troops.destroyed
    )


def why_not(state: SoldiersState, action: DestroyEquipment) -> str | None:
    """Why ``action.man`` may not destroy equipment now [9.5], or None."""
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in state.game.men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if not lying(state, man):
        return "no disabled or captured man's equipment in his hex to destroy [9.5]"
    if state.active.ap < DESTROY_AP:
        return f"it costs {DESTROY_AP:g} AP, {state.active.ap:g} left [9.5]"
    return None


def options(state: SoldiersState) -> list[DestroyEquipment]:
    """The destruction the man (or a man of the group) under orders may do now [9.5]."""
    found = [DestroyEquipment(m) for m in _acting(state)]
    return [a for a in found if why_not(state, a) is None]


def destroy(state: SoldiersState, action: DestroyEquipment) -> None:
    """Every disabled or captured man's weapon and grenades in the hex destroyed, 1 AP [9.5]."""
    from rules.soldiers.grenades import grenades_left

    troops = state.troops
    gone = lying(state, action.man)
    state.active.ap -= DESTROY_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own: the next pays anew [7.1]
    for m in gone:
        troops.destroyed.add(m)
        left = grenades_left(state, m)
        if left > 0:  # gone, none thrown: the grenades thrown stay the throws [12]
            troops.grenades_taken[m] = troops.grenades_taken.get(m, 0) - left
    why = (
        f"{DESTROY_AP:g} AP, {state.active.ap:g} left: the weapons and grenades of "
        f"{', '.join(gone)} destroyed [9.5]"
    )
    state.emit(Maintained(action.man, "destroys the equipment in his hex", why))
