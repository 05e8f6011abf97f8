"""Taking another man's grenades by exchange equipment [7.33; 11.1; 12] (``take-grenades MAN
OTHER``).

"A man in a hex with any friendly man or with a disabled or captured enemy man may take or give
equipment and weapons to or from any of those men. Any amount of equipment may be exchanged as
long as no active man ends up with more than he can carry (11)" [7.33]; grenades are carried in
any number [11.1], a flamethrower man and an MG crewman may carry them [15.2; 14.13].

Played: the active man takes "any amount" of the other man's explosive grenades left
(``take-grenades MAN OTHER``: all of them; ``take-grenades MAN OTHER N``: N of them), for all
his AP (none spent before), where the risk level allows a maintenance action [7.31]; from the
same men as a weapon exchange (:func:`rules.soldiers.equipment.why_not_active`): a disabled
friendly man, a disabled or captured enemy man, or an able friendly man of the group under
orders (both conduct it [7.33]). Destroyed grenades [9.5] are none left to take. Giving is the
other man of the group taking (our reading: one verb); giving to a disabled man is not played
(our reading: it would only leave the grenades with a man who cannot use them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rules.engine.actions import Action, token
from rules.engine.errors import ActionSyntaxError
from rules.soldiers.actions import Maintained

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class TakeGrenades(Action):
    """The ordered man takes grenades another man in his hex has left, ``count`` of them (0:
    every one): all his AP [7.33; 12]."""

    verb: ClassVar[str] = "take-grenades"
    man: str
    other: str
    count: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.other}" + (f" {self.count}" if self.count else "")

    @classmethod
    def parse(cls, args: list[str], line: str) -> TakeGrenades:
        return cls(*parse_take(cls.verb, "MAN OTHER [N]", ("man id", "man id"), args, line))


def parse_take(
    verb: str, usage: str, words: tuple[str, ...], args: list[str], line: str
) -> tuple[Any, ...]:
    """The words of a taking with an optional count last: the words, then the count (0: all)
    [7.33]."""
    if len(args) not in (len(words), len(words) + 1):
        raise ActionSyntaxError(f"'{line}': write '{verb} {usage}'")
    count = 0
    if len(args) > len(words):
        if not args[-1].isdigit() or int(args[-1]) < 1:
            raise ActionSyntaxError(f"'{line}': the count is a whole number from 1 [7.33]")
        count = int(args[-1])
    return (*(token(a, what, line) for a, what in zip(args, words, strict=False)), count)


def why_not(state: SoldiersState, action: TakeGrenades) -> str | None:
    """Why the man may not take the other's grenades now, or None [7.33]."""
    from rules.soldiers.equipment import why_not_active, why_not_partner
    from rules.soldiers.grenades import grenades_left

    found = why_not_active(state, action.man) or why_not_partner(state, action.man, action.other)
    if found is not None:
        return found
    left = grenades_left(state, action.other)
    if left < 1:
        return "he has no grenades left [12; 9.5]"
    if action.count > left:
        return f"he has {left} grenade{'s' if left != 1 else ''} left [7.33; 12]"
    return None


def options(state: SoldiersState) -> list[TakeGrenades]:
    """Each taking of grenades open to the man (or a man of the group) under orders: all of
    them, or any fewer [7.33]."""
    from rules.soldiers.equipment import hex_mates
    from rules.soldiers.grenades import grenades_left

    found = []
    for man, other in hex_mates(state):
        whole = TakeGrenades(man, other)
        if why_not(state, whole) is None:
            left = grenades_left(state, other)
            found += [whole, *(TakeGrenades(man, other, n) for n in range(1, left))]
    return found


def take(state: SoldiersState, action: TakeGrenades) -> None:
    """The grenades go to the man (every one the other has left, or ``count``); all his AP
    [7.33; 12]."""
    from rules.soldiers.grenades import grenades_left

    troops, man, other = state.troops, action.man, action.other
    count = action.count or grenades_left(state, other)
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
