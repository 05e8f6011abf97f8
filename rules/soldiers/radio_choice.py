"""The owner's choice of the man who carries his side's radio [17.1; 19.53].

"When a player purchases artillery support, he receives a radio and assigns it to any one man
in his force (the assignment must be noted on the squad sheet)" [17.1]; "Radio: If you
purchased artillery support, assign the radio to one man by writing it into one of the blank
spaces provided" [19.53].

- When: at the start, before any other action (the squad sheet is filled in before deployment
  and play [19.5]); each side with artillery support [19.42] is asked, the side with the
  advantage first (our reading: the book has both players fill in their sheets at once, and
  neither's choice changes the other's).
- Whom: any one man of his force [17.1], a reinforcement too (our reading: "any one man in
  his force"; until he enters the map no one may use the radio [17.12], as for any man off the
  map).
- How: ``assign-radio MAN`` (no AP, no order). Kept in the state (``kit.assigned``, side ->
  man; ``kit.choosing``, the sides still to choose, :class:`rules.soldiers.kit.Kit`) and in
  position files (``kit.radios_assigned``, ``kit.radio_choice``). The man assigned it is the
  one who may use it [17.12] (:func:`rules.soldiers.kit.radio_users`); a position file with no
  assignment (written before the choice was the player's) reads as the stand-in's.
- Secret: the assignment is noted on the squad sheet, kept from the opponent [19.5]; the log
  shows it to its side only (the radio marker's own visibility [17.11] is not played).
- The bots: the heuristic bot keeps the engine's former stand-in, the side's leader with the
  highest command on the map at the start (:attr:`rules.soldiers.artillery.Support.radioman`),
  so seeded bot games play as before; the random bot picks any legal man.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, WordsAction
from rules.soldiers.actions import ChoiceAsked, SetupNote

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

RULE = "17.1"


@dataclass(frozen=True)
class AssignRadio(WordsAction):
    """The owner assigns his side's radio to one man of his force [17.1; 19.53]."""

    verb: ClassVar[str] = "assign-radio"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def _side_name(state: SoldiersState, side: str) -> str:
    return next((s.name for s in state.game.scenario.sides if s.id == side), side) or side


def choosing(state: SoldiersState) -> str | None:
    """The side to assign his radio now, or None [17.1]."""
    return state.kit.choosing[0] if state.kit.choosing else None


def ask(state: SoldiersState) -> bool:
    """At the start, each side with artillery support assigns its radio, the advantage's
    first (our reading) [17.1; 19.53]; whether a choice waits."""
    order = (state.play.advantage, state.game.other(state.play.advantage))
    sides = tuple(s for s in order if s in state.game.artillery_support)
    state.kit.choosing = sides
    if sides:
        _asked(state, sides[0])
    return bool(sides)


def _asked(state: SoldiersState, side: str) -> None:
    why = (
        f"{_side_name(state, side)} bought artillery support: he receives a radio and assigns "
        "it to any one man in his force, noted on his squad sheet [17.1; 19.42; 19.53]"
    )
    state.emit(ChoiceAsked(side, "the man who carries his radio", why))


def force(state: SoldiersState, side: str) -> list[str]:
    """The men of the side's force, any of whom may be assigned its radio [17.1]."""
    return sorted(m for m, man in state.game.men.items() if man.side == side)


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    """The side choosing may assign the radio to any one man of his force [17.1]."""
    chooser = choosing(state)
    if chooser is None or side not in (None, chooser):
        return []
    return [AssignRadio(m) for m in force(state, chooser)]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; the choice only then [17.1]."""
    chooser = choosing(state)
    if isinstance(action, AssignRadio):
        if chooser is None:
            return "the radio is assigned at the start, on the squad sheet [17.1; 19.53]"
        man = state.game.men.get(action.man)
        if man is None:
            return f"there is no man '{action.man}' [17.1]"
        if man.side != chooser:
            return f"{action.man} is not a man of {chooser}'s force: he assigns his own [17.1]"
        return None
    if chooser is None:
        return None
    return f"{chooser} assigns his radio to one man of his force first [17.1; 19.53]"


def choose(state: SoldiersState, action: AssignRadio) -> None:
    """The man is assigned the side's radio: he carries it and may use it [17.1; 17.12]."""
    side = choosing(state)
    assert side is not None
    state.kit.assigned[side] = action.man
    state.kit.choosing = state.kit.choosing[1:]
    state.kit.radios.pop(side, None)  # he carries it from the start [17.11]
    who = state.game.unit_name(action.man)
    text = (
        f"{_side_name(state, side)} assigns the radio to {who}, noted on his squad sheet "
        f"({side}'s choice) [17.1; 19.53]: he, and any leader stacked with him, may use it "
        "[17.12]"
    )
    state.emit(SetupNote(text, private_to=side))
    if state.kit.choosing:
        _asked(state, state.kit.choosing[0])


def stand_in(state: SoldiersState, side: str) -> str:
    """The engine's former stand-in: the side's leader with the highest command on the map at
    the start (:func:`rules.soldiers.artillery.support_of`)."""
    return state.game.artillery_support[side].radioman


def default(state: SoldiersState) -> str:
    """The bots' choice (:func:`stand_in`)."""
    side = choosing(state)
    assert side is not None
    return stand_in(state, side)


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    side = choosing(state)
    assert side is not None
    return (
        f"{_side_name(state, side)} bought artillery support: he assigns the radio to any one "
        "man of his force [17.1]"
    )


def describe(state: SoldiersState, action: AssignRadio) -> str:
    return f"Assign the radio to {state.game.unit_name(action.man)} [17.1]"


def preview(state: SoldiersState, action: AssignRadio) -> tuple[str, tuple[str, ...]]:
    """What the choice does, and who may use the radio after it [17.1; 17.12]."""
    from rules.soldiers.artillery import LEADERS

    man = state.game.men[action.man]
    side = man.side
    text = f"no AP; noted on {_side_name(state, side)}'s squad sheet [17.1; 19.53]: "
    if man.rank in LEADERS:
        text += "a leader: he may use it, and so may any leader stacked with him [17.12]"
    else:
        text += (
            "he may use it though no leader, being the man assigned it, and so may any leader "
            "stacked with him; a non-leader who takes it from him may not [17.12]"
        )
    if action.man not in state.troops.hexes:
        text += "; he is not on the map yet: no one uses it before he enters [17.12; 19.32]"
    if action.man == stand_in(state, side):
        text += " (the engine's former stand-in: his leader with the highest command)"
    return text, ("artillery support [19.42]",)
