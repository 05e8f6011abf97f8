"""Taking another man's grenades by exchange equipment [7.33; 11.1; 12] (``take-grenades MAN
OTHER``).

"A man in a hex with any friendly man or with a disabled or captured enemy man may take or give
equipment and weapons to or from any of those men. Any amount of equipment may be exchanged as
long as no active man ends up with more than he can carry (11)" [7.33]; grenades are carried in
any number [11.1], a flamethrower man and an MG crewman may carry them [15.2; 14.13].

Our reading, played: the active man takes all the other man's explosive grenades left, for all
his AP (none spent before), where the risk level allows a maintenance action [7.31]; from the
same men as a weapon exchange (:func:`rules.soldiers.equipment.why_not_active`): a disabled
friendly man, a disabled or captured enemy man, or an able friendly man of the group under
orders (both conduct it [7.33]). Destroyed grenades [9.5] are none left to take.

Not played (our reading): giving grenades, taking only some of them, clips, pistols, satchel
charges and radios (their owners and types are not tracked man by man).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import WordsAction
from rules.soldiers.actions import Maintained

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class TakeGrenades(WordsAction):
    """The ordered man takes every grenade another man in his hex has left: all his AP
    [7.33; 12]."""

    verb: ClassVar[str] = "take-grenades"
    words: ClassVar[tuple[str, ...]] = ("man id", "man id")
    usage: ClassVar[str] = "MAN OTHER"
    man: str
    other: str


def why_not(state: SoldiersState, action: TakeGrenades) -> str | None:
    """Why the man may not take the other's grenades now, or None [7.33]."""
    from rules.soldiers.equipment import why_not_active, why_not_partner
    from rules.soldiers.grenades import grenades_left

    found = why_not_active(state, action.man) or why_not_partner(state, action.man, action.other)
    if found is not None:
        return found
    if grenades_left(state, action.other) < 1:
        return "he has no grenades left [12; 9.5]"
    return None


def options(state: SoldiersState) -> list[TakeGrenades]:
    """Each taking of grenades open to the man (or a man of the group) under orders [7.33]."""
    from rules.soldiers.equipment import hex_mates

    found = [TakeGrenades(man, other) for man, other in hex_mates(state)]
    return [action for action in found if why_not(state, action) is None]


def take(state: SoldiersState, action: TakeGrenades) -> None:
    """Every grenade the other has left goes to the man; all his AP [7.33; 12]."""
    from rules.soldiers.grenades import grenades_left

    troops, man, other = state.troops, action.man, action.other
    count = grenades_left(state, other)
    troops.grenades_taken[other] = troops.grenades_taken.get(other, 0) - count
    troops.grenades_taken[man] = troops.grenades_taken.get(man, 0) + count
    for m in (man, other):
        if not troops.grenades_taken[m]:
            del troops.grenades_taken[m]
    state.active.ap = 0.0
    why = f"{count} grenade{'s' if count != 1 else ''} from {other}: all his AP [7.33; 12]"
    if state.active.group:
        why += "; the group's AP are spent (both conduct it)"
    state.emit(Maintained(man, "takes grenades", why))
