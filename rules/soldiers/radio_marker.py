"""The radio marker [17.11]: "The radio marker is not placed on the map until the man carrying
it is in sight of an able, non-suppressed enemy man."

Each side's radio (artillery support [17.1]) is shown by a ``Radio`` mark on the man carrying
it (:func:`rules.soldiers.kit.radio_carrier`). Its owner always sees it there: he noted the
carrier on his squad sheet [17.1; 19.5]. The enemy sees it only once the marker is placed: the
first time, checked after every action (as a hidden MG's sighting [14.12]), that the carrier
is on the map in sight of an able enemy man on the map who is not suppressed (in his hex, or
his hex sees the carrier's [6.41; 6.42]; a suppressed man sees nothing out of his hex [7.4]).
Our readings: once placed the marker stays on the map, on whoever carries the radio from then
on (the book never takes it off; it goes with the radio, 7.33); a destroyed radio [9.5] has no
marker. A side whose intelligence bracket has it deploy first "revealing hidden equipment
(except minefields)" has its radio marker on the map from the start [20.4; 21.4; 23.4; 24.4;
25.4] (:func:`rules.soldiers.hidden_guns.revealing`).

The all-knowing view (:meth:`rules.soldiers.game.SoldiersState.positions`, Test Play watching
bots) shows every radio; a side's view (``view_for``) shows its own and the enemy's placed
ones (:func:`view_marks`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from rules.engine.positions import UnitPosition
from rules.soldiers import hidden_guns, kit
from rules.soldiers.support_actions import SupportNote

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The mark on the man carrying a radio [17.11; 2.1].
MARK = "Radio"


def carried(state: SoldiersState, man: str) -> bool:
    """Whether ``man`` carries a radio not destroyed [17.11; 9.5]."""
    return any(
        kit.radio_carrier(state, s) == man and not kit.radio_destroyed(state, s)
        for s in state.game.artillery_support
    )


def placed(state: SoldiersState, side: str) -> bool:
    """Whether ``side``'s radio marker is on the map [17.11], for the enemy to see."""
    return side in state.kit.radios_shown or hidden_guns.revealing(state, side) is not None


def seer(state: SoldiersState, man: str) -> str | None:
    """The first enemy man (by id) in whose sight ``man`` is now, or None [17.11]: able, on
    the map, not suppressed, in his hex or seeing it [6.41; 6.42]."""
    troops = state.troops
    at = troops.hexes.get(man)
    if at is None:
        return None
    side = state.game.men[man].side
    for m, h in sorted(troops.hexes.items()):
        if state.game.men[m].side == side or m in troops.disabled or m in troops.suppressed:
            continue
        if h == at or state.sees(h, at):
            return m
    return None


def refresh(state: SoldiersState) -> None:
    """After every action: a radio whose carrier is in sight of an able, non-suppressed enemy
    man has its marker placed on the map, for good (our reading) [17.11]."""
    for side in sorted(state.game.artillery_support):
        if placed(state, side) or kit.radio_destroyed(state, side):
            continue
        carrier = kit.radio_carrier(state, side)
        found = seer(state, carrier) if carrier is not None else None
        if carrier is None or found is None:
            continue
        state.kit.radios_shown.add(side)
        state.emit(
            SupportNote(
                carrier,
                f"the radio marker is placed on the map: he carries {side}'s radio and is in "
                f"sight of {found}, an able, non-suppressed enemy man [17.11]; it stays on the "
                "map with the radio (our reading)",
            )
        )


def view_marks(state: SoldiersState, side: str, units: list[UnitPosition]) -> list[UnitPosition]:
    """The men on the map as ``side`` sees them: an enemy radio's mark only once its marker is
    placed [17.11]; his own always (his squad sheet)."""
    if state.play.over:
        return units
    found = []
    for u in units:
        if u.side != side and MARK in u.markers and not placed(state, u.side):
            u = dataclasses.replace(u, markers=tuple(m for m in u.markers if m != MARK))
        found.append(u)
    return found
