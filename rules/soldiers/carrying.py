"""Carrying a disabled man [11.3] (``pick-up MAN OTHER``, ``drop MAN``).

"A man in the same hex as a disabled man may pick up that man by performing an exchange
equipment action": all his AP, none spent before, where the risk level allows a maintenance
action [7.31; 7.33] (:func:`rules.soldiers.equipment.why_not_active`). A disabled man is a
killed or incapacitated one [8.44], friendly or enemy (the book does not say whose: our
reading, either); never a man another carries.

- A man carries one item of the column that holds a disabled man [11.1]: the man carrying
  the radio [17.1] and a man carrying an MG's part [14.1; 14.13] (:mod:`rules.soldiers.kit`)
  may not pick one up; nor a man with a flamethrower, who may carry only pistols and grenades
  [15.2].
- "A man or group that moves while carrying a disabled man must spend one additional AP for
  each hex entered": +1 AP a hex, to the whole group when one of its men carries (they move
  together [7.1]); the carried man goes with him.
- "A man may drop a disabled man for free, at any risk level": ``drop MAN``, 0 AP, while he
  acts.
- "A man that suffers damage while carrying a disabled man automatically drops the man": any
  damage result but NE (our reading: suppression is damage [8.44]).
- "A man may perform only movement actions while carrying a man": move and move off the map
  (our reading: he carries the man off with him [7.26]); no fire, no reaction (our reading:
  reaction fire and suppression are actions [8.6]), no other action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Move, WordsAction
from rules.soldiers import kit
from rules.soldiers.actions import Maintained, MoveOff, OrderMan
from rules.soldiers.weapons import carried

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The AP a carrier pays more for each hex entered [11.3].
EXTRA_AP = 1.0


@dataclass(frozen=True)
class PickUp(WordsAction):
    """The ordered man picks up a disabled man in his hex: all his AP [11.3; 7.33]."""

    verb: ClassVar[str] = "pick-up"
    words: ClassVar[tuple[str, ...]] = ("man id", "man id")
    usage: ClassVar[str] = "MAN OTHER"
    man: str
    other: str


@dataclass(frozen=True)
class Drop(WordsAction):
    """The ordered man drops the disabled man he carries: free, at any risk level [11.3]."""

    verb: ClassVar[str] = "drop"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


ACTIONS = (PickUp, Drop)


def _acting(state: SoldiersState, man: str) -> bool:
    return state.play.phase == "action" and man in (state.active.current, *state.active.group)


def why_not(state: SoldiersState, action: PickUp | Drop) -> str | None:
    """Why the man may not pick up or drop a disabled man now, or None [11.3]."""
    from rules.soldiers.equipment import why_not_active

    troops, man = state.troops, action.man
    if isinstance(action, Drop):
        if not _acting(state, man):
            return "only the man (or group) under orders acts [6.2]"
        if man not in troops.carrying:
            return "he carries no disabled man [11.3]"
        return None
    found = why_not_active(state, man)
    if found is not None:
        return found
    other = action.other
    if other not in state.game.men or troops.hexes.get(other) != troops.hexes.get(man):
        return "the disabled man must be in his hex [11.3]"
    if troops.disabled.get(other) not in ("killed", "incapacitated"):
        return "only a disabled (killed or incapacitated) man is picked up [11.3; 8.44]"
    if other in troops.carrying.values():
        return "another man carries him"
    if man in troops.carrying:
        return "he carries a disabled man already [11.1]"
    if kit.carries_radio(state, man):
        return "he carries the radio: one item of that column [11.1; 17.1]"
    if kit.gun_of(state, man) is not None:
        return "an MG crewman carries his part of the gun: one item of that column [11.1; 14.1]"
    if "continuous" in carried(state, man).fire:
        return "a man with a flamethrower carries only pistols and grenades [15.2]"
    return None


def options(state: SoldiersState) -> list[PickUp | Drop]:
    """The pick-ups and drops open to the man (or the group's men) under orders [11.3]."""
    men = state.active.group or ([state.active.current] if state.active.current else [])
    found: list[PickUp | Drop] = []
    for man in men:
        at = state.troops.hexes.get(man)
        candidates: list[PickUp | Drop] = [Drop(man)]
        candidates += [
            PickUp(man, o)
            for o in sorted(m for m, h in state.troops.hexes.items() if h == at and m != man)
        ]
        found += [a for a in candidates if why_not(state, a) is None]
    return found


def apply(state: SoldiersState, action: PickUp | Drop) -> None:
    """Pick up (all his AP) or drop (free) a disabled man [11.3]."""
    troops, man = state.troops, action.man
    if isinstance(action, Drop):
        other = troops.carrying.pop(man)
        state.emit(Maintained(man, f"drops {other}", "free, at any risk level [11.3]"))
        return
    troops.carrying[man] = action.other
    state.active.ap = 0.0
    why = "an exchange equipment action, all his AP [11.3; 7.33]"
    why += "; +1 AP for each hex he enters while he carries him, and only movement actions"
    state.emit(Maintained(man, f"picks up {action.other}", why))


def extra_ap(state: SoldiersState, man: str) -> float:
    """The AP more a hex entered costs the man (or his group) while carrying [11.3]."""
    group = state.active.group if man in state.active.group else [man]
    return EXTRA_AP if any(m in state.troops.carrying for m in group) else 0.0


def follow(state: SoldiersState) -> None:
    """Each carried man goes where his carrier is; off the map with him [11.3; 7.26]."""
    troops = state.troops
    for carrier, other in sorted(troops.carrying.items()):
        if carrier in troops.disabled or carrier in troops.captured:
            troops.carrying.pop(carrier)  # our reading: no longer able to carry [11.3]
            state.emit(Maintained(carrier, f"drops {other}", "disabled or captured [11.3]"))
        elif carrier in troops.hexes:
            troops.hexes[other] = troops.hexes[carrier]
        elif carrier in troops.exited and other in troops.hexes:
            del troops.hexes[other]
            troops.exited.add(other)
            troops.carrying.pop(carrier)
            state.emit(
                Maintained(carrier, f"carries {other} off the map", "our reading [11.3; 7.26]")
            )


def damaged(state: SoldiersState, man: str, result: str) -> None:
    """A carrier who suffers damage drops the man at once [11.3]."""
    if result != "NE" and man in state.troops.carrying:
        other = state.troops.carrying.pop(man)
        state.emit(Maintained(man, f"drops {other}", f"{result}: damage drops him [11.3]"))


def why_not_carrying(state: SoldiersState, action: Action) -> str | None:
    """A man carrying a disabled man performs only movement actions [11.3], or None."""
    actor = getattr(action, "man", None)
    if actor is None or actor not in state.troops.carrying:
        return None
    if isinstance(action, Move | MoveOff | Drop | OrderMan):
        return None
    return "a man carrying a disabled man performs only movement actions (or drops him) [11.3]"
