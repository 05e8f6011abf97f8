"""The reacting player's choice of the fire type of his alert men's reaction fire [8.63].

"If the result is equal to or less than the highest initiative rating in the hex, the reacting
men in the group may conduct quick, aimed, or sustained fire - any type of fire allowed by their
weapon types" [8.63]; "Reaction fire is strictly voluntary at the choice of the reacting player"
[8.62].

- When: the declared reaction fire is resolved (:func:`rules.soldiers.reaction.resolve_window`),
  the alertness rolls made; a man whose roll allows any fire type and whose weapon has more
  than one (an assault rifle only in the mode it fired in this Action Phase [8.71]) waits on
  the reacting player's choice, man by man in the shots' order (``reaction-type MAN TYPE``).
  Quick fire only, or one type only: nothing is asked.
- Then every hit chance is worked out, before any fire is resolved (simultaneous [8.6]), and
  the shots are fired in turn (:func:`rules.soldiers.reaction.fire_shots`). Kept in the state
  (:class:`rules.soldiers.records.FireTypeChoice`, ``turn.fire_types``) and position files.
- The bots: the heuristic bot takes the engine's former stand-in, the best type the weapon
  allows (sustained, else aimed: :func:`rules.soldiers.reaction.fire_type`), so seeded bot
  games play as before; the random bot picks among the legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, WordsAction
from rules.engine.errors import ActionSyntaxError
from rules.soldiers.actions import ChoiceAsked, ReactionNote, Shoot
from rules.soldiers.records import FireTypeChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

FIRE_TYPES = ("quick", "aimed", "sustained")


@dataclass(frozen=True)
class ReactionType(WordsAction):
    """The reacting player names the fire type of an alert man's reaction fire [8.63]."""

    verb: ClassVar[str] = "reaction-type"
    words: ClassVar[tuple[str, ...]] = ("man id", "fire type")
    usage: ClassVar[str] = "MAN quick|aimed|sustained"
    man: str
    fire_type: str

    @classmethod
    def parse(cls, args: list[str], line: str) -> ReactionType:
        found = super().parse(args, line)
        if found.fire_type not in FIRE_TYPES:
            raise ActionSyntaxError(f"'{line}': write '{cls.verb} {cls.usage}'")
        return found


def allowed(state: SoldiersState, man: str) -> list[str]:
    """The fire types his weapon allows him now, alert [8.63; 8.71]."""
    from rules.soldiers.fire import why_not_mode
    from rules.soldiers.weapons import carried

    weapon = carried(state, man)  # his counter's or one he took [7.33]
    return [t for t in FIRE_TYPES if t in weapon.fire and why_not_mode(state, man, t) is None]


def ask(state: SoldiersState, side: str, hex_name: str, shots: list[tuple[str, str]]) -> None:
    """Hold the reaction fire until the reacting player names the types left empty [8.63]."""
    state.active.fire_types = FireTypeChoice(side, hex_name, tuple(shots))
    men = [m for m, t in shots if not t]
    why = (
        f"the alertness roll allows {', '.join(men)} any fire type his weapon allows; reaction "
        "fire is the reacting player's choice [8.62; 8.63]"
    )
    state.emit(ChoiceAsked(side, "the fire type of his alert men's reaction fire", why))


def _next(pending: FireTypeChoice) -> str:
    return next(m for m, t in pending.shots if not t)


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    pending = state.active.fire_types
    if pending is None or side not in (None, pending.side):
        return []
    man = _next(pending)
    return [ReactionType(man, t) for t in allowed(state, man)]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; the choice only then [8.63]."""
    pending = state.active.fire_types
    if isinstance(action, ReactionType):
        if pending is None:
            return "no alert reaction fire waits for its fire type [8.63]"
        man = _next(pending)
        if action.man != man:
            return f"{man}'s fire type is the next to choose, not {action.man}'s [8.63]"
        types = allowed(state, man)
        if action.fire_type not in types:
            return f"his weapon fires {', '.join(types)} now, not {action.fire_type} [8.63; 8.71]"
        return None
    if pending is None:
        return None
    return f"{pending.side} chooses the fire type of his reaction fire first [8.63]"


def choose(state: SoldiersState, action: ReactionType) -> None:
    """The man's fire type named; once every one is, the reaction fire is resolved [8.62]."""
    from rules.soldiers.reaction import fire_all

    pending = state.active.fire_types
    assert pending is not None
    shots = tuple((m, action.fire_type if m == action.man else t) for m, t in pending.shots)
    note = f"{pending.side}'s choice: {action.fire_type} fire at {pending.hex} [8.63]"
    state.emit(ReactionNote(action.man, note))
    if any(not t for _, t in shots):
        state.active.fire_types = FireTypeChoice(pending.side, pending.hex, shots)
        return
    state.active.fire_types = None
    fire_all(state, pending.hex, list(shots))


def default(state: SoldiersState) -> str:
    """The bots' choice: the best type, as the engine chose before the player did."""
    from rules.soldiers.reaction import fire_type

    pending = state.active.fire_types
    assert pending is not None
    return fire_type(state, _next(pending), True)


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    pending = state.active.fire_types
    assert pending is not None
    man = state.game.unit_name(_next(pending))
    return (
        f"Reaction fire at {pending.hex}: {man} was alert; {pending.side} chooses his fire "
        "type, any his weapon allows [8.63]"
    )


def describe(state: SoldiersState, action: ReactionType) -> str:
    name = state.game.unit_name(action.man)
    return f"{name}: {action.fire_type} reaction fire [8.63]"


def preview(state: SoldiersState, action: ReactionType) -> tuple[str, tuple[str, ...]]:
    """The shot's hit chance, worked out as it will be, and why this player chooses [8.63]."""
    from rules.soldiers.fire import hit_chance

    pending = state.active.fire_types
    assert pending is not None
    chance, _ = hit_chance(state, Shoot(action.man, pending.hex, action.fire_type))
    text = (
        f"hit chance {chance} at {pending.hex}; the shots are fired once every type is named. "
        f"{pending.side} chooses: the alertness roll allows any fire type his weapon allows "
        "[8.63]"
    )
    return text, ("alertness rolls and types of reaction fire [8.63]",)
