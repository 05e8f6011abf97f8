"""The Previous Hit modifier of AP fire [AG VI.B.3.c; GC1 Miscellaneous Modifiers (AP)].

The Game Card lists, among the Miscellaneous Modifiers (AP), "Previous Hit NM: +8; MV: +3",
and the text says no more of it (the digest notes it "not explained in the text"). Our
reading, written in the modifier the player sees:

- it is a modifier of an AP shot (the list is the AP list; GP fire has its own modifiers
  [ADV VI.B.2]) by a unit at the same target unit on which its own AP fire scored at least
  one hit (the AP Hit Table's roll, whether or not the hit penetrated) with its last shot,
  that shot fired this Turn or the Turn before (one target per Turn [AG VI.A.1]: the "second
  shot at the same target" is the next Turn's, or an Opportunity or Tracking Fire's);
- "NM" and "MV" read as everywhere else on the cards, not moving and moving [ADV VI.B.1;
  VI.B.4.a]: of the firing unit, by its orders as the Movement Modifiers read them
  [AG VI.B.3.a(1)]: +8 with no movement orders, +3 with any;
- a shot that misses ends the "previous hit"; so does a shot at another target.

The firer's last AP shot is kept in :class:`Ranging`, a record of the state, and in position
files (``previous_hits``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from rules.engine.events import Modifier
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from typing import Any

    from rules.armor.game import ArmorGame, ArmorState
    from rules.records.position import PositionReader

#: The Game Card's values [GC1 Miscellaneous Modifiers (AP)].
NOT_MOVING, MOVING = 8, 3
RULE = "Armor [GC1 Miscellaneous Modifiers (AP): Previous Hit; AG VI.B.3.c]"
READING = (
    "our reading: the firer's last AP shot, this Turn or the Turn before, hit this target; "
    "NM/MV by the firer's orders"
)


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Ranging(Record):
    """Each unit whose last AP shot scored a hit, with its target and the Turn
    [GC1 Miscellaneous Modifiers (AP): Previous Hit] (our reading, :mod:`rules.armor.ranging`).

    Attributes:
        previous_hits: firing unit -> (the target it hit, the Turn of that shot).
    """

    previous_hits: dict[str, tuple[str, int]] = state_field(
        default_factory=dict, encode=_unless_empty
    )


def previous_hit(state: ArmorState, firer: str, target: str) -> bool:
    """Whether ``firer``'s last AP shot, this Turn or the last, hit ``target``."""
    kept = state.ranging.previous_hits.get(firer)
    return kept is not None and kept[0] == target and kept[1] >= state.play.turn - 1


def modifier(state: ArmorState, firer: str, target: str, moving: bool) -> Modifier | None:
    """The Previous Hit modifier of a shot, or None: +8 NM, +3 MV (the firer's orders)."""
    if not previous_hit(state, firer, target):
        return None
    turn = state.ranging.previous_hits[firer][1]
    when = "this Turn" if turn == state.play.turn else "last Turn"
    value, mark = (MOVING, "MV") if moving else (NOT_MOVING, "NM")
    what = f"Previous Hit on {target} ({when}), firer {mark}"
    return Modifier(what, value, f"{RULE} ({READING})")


def note(state: ArmorState, firer: str, target: str, hits: int) -> None:
    """After ``firer``'s AP shot at ``target``: kept when it scored a hit, else forgotten."""
    if hits > 0:
        state.ranging.previous_hits[firer] = (target, state.play.turn)
    else:
        state.ranging.previous_hits.pop(firer, None)


# --- position files ---------------------------------------------------------------------------


class PreviousHitState(StrictModel):
    """A unit's last AP shot that hit: its target and the Turn [GC1 Previous Hit]."""

    target: str
    turn: int = Field(ge=1)


def previous_hits_of(state: ArmorState) -> dict[str, PreviousHitState]:
    """The position file's ``previous_hits``, by unit ids."""
    kept = state.ranging.previous_hits
    return {u: PreviousHitState(target=t, turn=n) for u, (t, n) in sorted(kept.items())}


def read_previous_hits(
    game: ArmorGame, kept: dict[str, PreviousHitState], turn: int, reader: PositionReader
) -> Ranging:
    """A position file's ``previous_hits``: each unit id checked, its target an enemy and its
    Turn come."""
    found = Ranging()
    for unit, hit in kept.items():
        path = ("state", "previous_hits", unit)
        if reader.unit(unit, game.units, path) and reader.unit(hit.target, game.units, path):
            if game.units[unit].side == game.units[hit.target].side:
                reader.problem((*path, "target"), f"'{hit.target}' is not an enemy of '{unit}'")
            elif hit.turn > turn:
                reader.problem(
                    (*path, "turn"), f"Turn {hit.turn} has not come: this is Turn {turn}"
                )
            else:
                found.previous_hits[unit] = (hit.target, hit.turn)
    return found
