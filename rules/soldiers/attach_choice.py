"""The owner's choice of the squad whose leaders order a leaderless squad [6.27].

"If there are other friendly squads on the map, men in the leaderless squad may receive orders
from leaders of one other squad. If more than one other squad is in play, the owning player
chooses the reassignment" [6.27].

- When: after an action, a squad of the side has every leader disabled
  (:func:`rules.soldiers.leaders.leaderless`) and more than one other squad of the side has an
  able leader on the map (and is not itself attached). One such squad: its leaders take the
  men over without asking. The owner chooses even in the enemy's Action Phase (the choice
  waits before the next action; a man's damage choice waiting comes first).
- How: ``attach SQUAD OTHER`` (no AP, no action of the men); kept while OTHER has an able
  leader on the map (a leader of its own back ends it, as before); kept in the state
  (:class:`rules.soldiers.records.AttachChoice`, ``track.attaching``) and in position files
  (``attaching``). One squad's choice at a time; another squad left leaderless is asked after.
- The bots: the heuristic bot keeps the engine's former stand-in, the squad whose able leader
  on the map is nearest to the leaderless squad's able men (then the squad's id)
  (:func:`stand_in`), so seeded bot games play as before; the random bot picks among the
  legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, WordsAction
from rules.soldiers.actions import ChoiceAsked, CommandPassed
from rules.soldiers.records import AttachChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class Attach(WordsAction):
    """The owner names the other squad whose leaders order the leaderless squad's men
    [6.27]."""

    verb: ClassVar[str] = "attach"
    words: ClassVar[tuple[str, ...]] = ("squad id", "squad id")
    usage: ClassVar[str] = "SQUAD OTHER"
    squad: str
    other: str


def _side_name(state: SoldiersState, side: str) -> str:
    return next((s.name for s in state.game.scenario.sides if s.id == side), side) or side


def ask(state: SoldiersState, squad: str, others: list[str]) -> None:
    """The leaderless ``squad``'s owner is asked which of ``others`` takes it [6.27]."""
    side = next(c.side for c in state.game.chits.values() if c.squad == squad)
    state.track.attached.pop(squad, None)  # its former squad has no able leader now
    state.track.attaching = AttachChoice(squad, side, tuple(others))
    why = (
        f"squad {squad}'s leaders are all disabled and {len(others)} other squads of his have "
        "an able leader on the map: the owning player chooses the reassignment [6.27]"
    )
    state.emit(ChoiceAsked(side, f"the squad whose leaders order {squad}'s men", why))


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    pending = state.track.attaching
    if pending is None or side not in (None, pending.side):
        return []
    return [Attach(pending.squad, o) for o in pending.squads]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; the choice only then [6.27]."""
    pending = state.track.attaching
    if isinstance(action, Attach):
        if pending is None or action.squad != pending.squad:
            return "no leaderless squad waits for its owner's reassignment [6.27]"
        if action.other not in pending.squads:
            return (
                f"{action.other} may not take {action.squad}: one of {', '.join(pending.squads)}"
                " (a squad of his with an able leader on the map) [6.27]"
            )
        return None
    if pending is None:
        return None
    return f"{pending.side} chooses the squad whose leaders order {pending.squad} first [6.27]"


def choose(state: SoldiersState, action: Attach) -> None:
    """The leaderless squad's men take orders from the chosen squad's leaders [6.27]."""
    pending = state.track.attaching
    assert pending is not None
    state.track.attaching = None
    state.track.attached[action.squad] = action.other
    why = (
        f"its leaders disabled: {action.other}'s leaders order its men ({pending.side}'s "
        "choice) [6.27]"
    )
    state.emit(CommandPassed(action.squad, action.other, why))


def stand_in(state: SoldiersState, squad: str, others: list[str] | tuple[str, ...]) -> str:
    """The engine's former stand-in for the owner: the nearest squad (then its id) [6.27]."""
    from rules.soldiers.leaders import squad_distance

    return min(others, key=lambda o: (squad_distance(state, squad, o), o))


def default(state: SoldiersState) -> str:
    """The bots' choice (:func:`stand_in`)."""
    pending = state.track.attaching
    assert pending is not None
    return stand_in(state, pending.squad, pending.squads)


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    pending = state.track.attaching
    assert pending is not None
    return (
        f"Squad {pending.squad} has no able leader: {_side_name(state, pending.side)} chooses "
        f"which of {', '.join(pending.squads)} orders its men [6.27]"
    )


def describe(state: SoldiersState, action: Attach) -> str:
    return f"{action.other}'s leaders order squad {action.squad}'s men [6.27]"


def preview(state: SoldiersState, action: Attach) -> tuple[str, tuple[str, ...]]:
    """What the choice does, and why this player makes it [6.27]."""
    from rules.soldiers.leaders import able_leaders_on_map, squad_distance

    pending = state.track.attaching
    assert pending is not None
    leaders = ", ".join(state.game.unit_name(m) for m in able_leaders_on_map(state, action.other))
    far = squad_distance(state, action.squad, action.other)
    text = (
        f"no AP; {leaders} ({far} hexes from its nearest able man) order its men in their "
        f"leader turns, within 2 hexes and in sight [6.21]; its own chits act as independent "
        f"chits [6.27]. {_side_name(state, pending.side)} chooses: the owning player chooses "
        "the reassignment [6.27]"
    )
    return text, ("disabled leaders [6.27]",)
