"""Killing prisoners [9.7]: "Although not allowed by the Geneva Code, men may opt to kill their
prisoners. To do so costs 1 AP per prisoner executed."

``kill-prisoner MAN PRISONER``: the man under orders (or a man of the group under orders) kills
a prisoner of his side in his hex for 1 AP; the prisoner is killed [2.5] and no longer
captured. Our readings, where the book is silent:

- Who: any able man of the capturing side in the prisoner's hex, the guard too (the book names
  no action type; it is not fire, so the guard's ban on combat actions [9.4] does not reach it).
- Not suppressed: a suppressed man unsuppresses before any other action [7.42].
- In a group it is an action of its own type, paid anew from the group's AP (it opens no step
  another man may use [7.1]).
- No risk level restriction (the Action Summary's lines are not in the text).

Victory [19.7]: the man counts as killed from then on, no longer as captured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import WordsAction
from rules.soldiers import groups
from rules.soldiers.actions import ManHit

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

KILL_AP = 1.0  # [9.7]


@dataclass(frozen=True)
class KillPrisoner(WordsAction):
    """The ordered man kills a prisoner in his hex: 1 AP [9.7]."""

    verb: ClassVar[str] = "kill-prisoner"
    words: ClassVar[tuple[str, ...]] = ("man id", "prisoner id")
    usage: ClassVar[str] = "MAN PRISONER"
    man: str
    prisoner: str


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def why_not(state: SoldiersState, action: KillPrisoner) -> str | None:
    """Why ``action.man`` may not kill the prisoner now [9.7], or None."""
    man, prisoner, troops, men = action.man, action.prisoner, state.troops, state.game.men
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if prisoner not in troops.captured or men[prisoner].side == men[man].side:
        return f"{prisoner} is not a prisoner of his side [9; 9.7]"
    if troops.hexes.get(prisoner) != troops.hexes[man]:
        return "the prisoner must be in his hex [9.7]"
    if state.active.ap < KILL_AP:
        return f"it costs {KILL_AP:g} AP a prisoner, {state.active.ap:g} left [9.7]"
    return None


def options(state: SoldiersState) -> list[KillPrisoner]:
    """Each prisoner the man (or a man of the group) under orders may kill now [9.7]."""
    found = []
    for man in _acting(state):
        at = state.troops.hexes.get(man)
        for prisoner in sorted(p for p in state.troops.captured if state.troops.hexes.get(p) == at):
            action = KillPrisoner(man, prisoner)
            if why_not(state, action) is None:
                found.append(action)
    return found


def kill(state: SoldiersState, action: KillPrisoner) -> None:
    """The prisoner is killed, 1 AP paid [9.7]."""
    troops = state.troops
    state.active.ap -= KILL_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own: the next pays anew [7.1]
    troops.disabled[action.prisoner] = "killed"
    del troops.captured[action.prisoner]
    why = (
        f"killed by {action.man}, {KILL_AP:g} AP, {state.active.ap:g} left; no longer a "
        "prisoner: he counts as killed [9.7; 19.7]"
    )
    state.emit(ManHit(action.prisoner, "killed", why))
