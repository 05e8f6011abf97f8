"""The players' choice of the suppressed men who stand up at the end of a Command Cycle [4].

"When the Command Cycle ends, conduct the following, in sequence: ... Flip suppressed men of
your choice back to their front (non-suppressed) sides" [4].

- When: the cycle ends (both players passed, or the End Command Cycle event [4]), the game
  goes on (no victory [4; 19.7]), the chits are back on the track; a side with an able
  suppressed man on the map is asked (phase ``cycle-end``). A side with none is not asked.
- Who first: the side with the advantage, then the other (our reading: the book has both
  players flip their men at once, and neither's choice changes the other's).
- How: ``stand-up MAN`` flips one of his suppressed men (free, no order); ``done SIDE`` leaves
  the rest suppressed (a suppressed man is harder to hit [8.32; 8.43]). When every one of his
  men has stood up his choice ends by itself. Then the next Command Cycle begins.
- A disabled or captured man is not suppressed [8.44; 9] and is not asked about.
- Kept in the state (:class:`rules.soldiers.records.StandUpChoice`, ``play.standing``) and in
  position files (``stand_up``, step ``cycle-end``).
- The bots: the heuristic bot stands every man up, as the engine did before the players
  chose, so seeded bot games play as before; the random bot picks among the legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Done, WordsAction
from rules.engine.events import UnitDeployed
from rules.soldiers.actions import ChoiceAsked
from rules.soldiers.records import StandUpChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The phase while the end of a Command Cycle waits on the players' choice [4].
PHASE = "cycle-end"
RULE = "4"


@dataclass(frozen=True)
class StandUp(WordsAction):
    """At the end of a Command Cycle, the owner flips one of his suppressed men back to his
    front side [4]."""

    verb: ClassVar[str] = "stand-up"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def _side_name(state: SoldiersState, side: str) -> str:
    return next((s.name for s in state.game.scenario.sides if s.id == side), side) or side


def suppressed_of(state: SoldiersState, side: str) -> tuple[str, ...]:
    """The side's able suppressed men on the map, who may stand up [4]."""
    troops, men = state.troops, state.game.men
    return tuple(
        sorted(
            m
            for m in troops.suppressed
            if men[m].side == side
            and m in troops.hexes
            and m not in troops.disabled
            and m not in troops.captured
        )
    )


def ask(state: SoldiersState) -> bool:
    """At the end of a Command Cycle, ask each side with suppressed men which stand up [4];
    whether a choice waits. A suppressed man who may not be asked (none, unless a position
    file says so) stands up as before."""
    advantage = state.play.advantage
    order = (advantage, state.game.other(advantage))
    asked = [s for s in order if suppressed_of(state, s)]
    choosable = {m for s in asked for m in suppressed_of(state, s)}
    for m in sorted(state.troops.suppressed - choosable):
        _stood(state, m, "stands up [4]")
    if not asked:
        return False
    _next(state, asked)
    return True


def _next(state: SoldiersState, sides: list[str]) -> None:
    """The next side's choice, asked."""
    side, later = sides[0], tuple(sides[1:])
    men = suppressed_of(state, side)
    state.play.standing = StandUpChoice(side, men, later)
    state.emit(ChoiceAsked(side, "which of his suppressed men stand up", _why(state, side)))


def _why(state: SoldiersState, side: str) -> str:
    first = state.play.advantage == side
    order = "first, having the advantage" if first else "after the advantage"
    return (
        f"the Command Cycle ends: {_side_name(state, side)} flips the suppressed men of his "
        f"choice back to their front sides ({order}: our reading) [4]"
    )


def _stood(state: SoldiersState, man: str, how: str) -> None:
    state.troops.suppressed.discard(man)
    state.emit(UnitDeployed(man, state.game.name(state.troops.hexes[man]), how))


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    """The side choosing may stand any of his suppressed men up, or leave the rest down [4]."""
    pending = state.play.standing
    if pending is None or side not in (None, pending.side):
        return []
    return [*(StandUp(m) for m in pending.men), Done(pending.side)]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; a stand-up only then [4]."""
    pending = state.play.standing
    if isinstance(action, StandUp):
        if pending is None:
            return "suppressed men stand up only when the Command Cycle ends [4]"
        if action.man not in pending.men:
            names = ", ".join(pending.men)
            return f"{action.man} is not a suppressed man of {pending.side}'s: one of {names} [4]"
        return None
    if pending is None:
        return None
    if isinstance(action, Done) and action.side == pending.side:
        return None
    return f"{pending.side} chooses which of his suppressed men stand up first [4]"


def choose(state: SoldiersState, action: StandUp | Done) -> bool:
    """Apply the choice: a man stands up, or the rest stay suppressed; whether the players'
    choices are over (the next Command Cycle may begin) [4]."""
    pending = state.play.standing
    assert pending is not None
    if isinstance(action, StandUp):
        _stood(state, action.man, f"stands up: {pending.side}'s choice [4]")
        men = tuple(m for m in pending.men if m != action.man)
        if men:
            state.play.standing = StandUpChoice(pending.side, men, pending.later)
            return False
    else:
        for m in pending.men:
            where = state.game.name(state.troops.hexes[m])
            state.emit(UnitDeployed(m, where, f"stays suppressed: {pending.side}'s choice [4]"))
    later = [s for s in pending.later if suppressed_of(state, s)]
    if later:
        _next(state, later)
        return False
    state.play.standing = None
    return True


def default(state: SoldiersState, action: Action) -> bool:
    """The bots' choice: every man stands up, as the engine did before the players chose."""
    return isinstance(action, StandUp)


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    """The step while the choice waits [4]."""
    pending = state.play.standing
    assert pending is not None
    names = ", ".join(state.game.unit_name(m) for m in pending.men)
    return (
        f"The Command Cycle ends: {_side_name(state, pending.side)} chooses which of his "
        f"suppressed men stand up ({names}); the rest stay suppressed [4]"
    )


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, StandUp):
        return f"{state.game.unit_name(action.man)} stands up (non-suppressed) [4]"
    return "Leave the rest suppressed [4]"


def preview(state: SoldiersState, action: Action) -> tuple[str, tuple[str, ...]]:
    """What the choice does and why this side makes it [4]."""
    pending = state.play.standing
    assert pending is not None
    why = _why(state, pending.side)
    if isinstance(action, StandUp):
        at = state.game.name(state.troops.hexes[action.man])
        text = (
            f"free; in {at} he is no longer suppressed: he sees out of his hex and acts without "
            f"unsuppressing, but is easier to hit [7.4; 8.32]. {_side_name(state, pending.side)} "
            f"chooses: {why}"
        )
    else:
        rest = ", ".join(state.game.unit_name(m) for m in pending.men)
        text = (
            f"{rest} stay suppressed: harder to hit, but each must unsuppress before he acts "
            f"[7.4; 7.42]. {_side_name(state, pending.side)} chooses: {why}"
        )
    return text, ("ending the Command Cycle [4]",)
