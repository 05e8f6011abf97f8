"""The players' choice of the man who takes the damage [8.41; 8.43; 8.84].

"If the result of the fire roll was 1, the firing player chooses which enemy man takes the
damage; if not the target player chooses who is damaged. A non-suppressed man must be chosen
over a suppressed man unless the suppression was caused by fire paid for with the same APs.
Otherwise, any man may be chosen" [8.41]; "the choice of who takes damage after the first man
is always up to the target player" [8.43]; a hit on the firer's own man in a hex both sides
hold is the enemy player's choice [8.84].

- When: a shot that hits (the active man's [8.3], a group's man's [7.1], a reaction shot
  [8.62]) stops where more than one man may be chosen (:func:`rules.soldiers.fire.eligible`),
  and the side choosing is the side to act; its legal actions are ``take-damage MAN`` for each
  man it may choose. One man only: he takes it, nothing is asked. The first man is chosen before
  the damage roll [8.43, its second example]; each further man of a sustained chain after the
  roll that carries the chain on to him (our reading: see :func:`rules.soldiers.fire._damage`).
- Then the shot goes on: its chain, its weapon check [8.5], what follows it (the enemy's
  chance to react to sustained fire [8.6], the group's step [7.1], the reaction shots left and
  the group going on without a man hit [8.62; 7.11]), kept in the state
  (:class:`rules.soldiers.records.DamageChoice`) and in position files (``turn.damage``).
- The bots: the heuristic bot keeps the engine's former stand-in (the firer picks a leader,
  the highest command rating; the owner a non-suppressed man of the lowest initiative, his
  leaders spared: :func:`rules.soldiers.fire.stand_in`),
  so seeded bot games play as before; the random bot picks among the legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, WordsAction
from rules.soldiers.actions import Shoot
from rules.soldiers.fire import after_shot, go_on, stand_in

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class TakeDamage(WordsAction):
    """The player choosing names the man who takes the damage [8.41; 8.43]."""

    verb: ClassVar[str] = "take-damage"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def options(state: SoldiersState) -> list[Action]:
    """The men the side choosing may name [8.41]."""
    pending = state.active.damage
    if pending is None:
        return []
    return [TakeDamage(m) for m in pending.men]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While a damage choice waits, only it is legal; the choice only then [8.41]."""
    pending = state.active.damage
    if not isinstance(action, TakeDamage):
        if pending is None:
            return None
        return f"{pending.chooser} chooses who takes the damage first [8.41]"
    if pending is None:
        return "no damage waits for its man [8.41]"
    if action.man not in pending.men:
        names = ", ".join(pending.men)
        return (
            f"{action.man} may not be chosen: one of {names} (a non-suppressed man before a "
            "suppressed one, unless suppressed by fire with the same APs) [8.41]"
        )
    return None


def default(state: SoldiersState) -> str:
    """The bots' choice of the man (:func:`rules.soldiers.fire.stand_in`)."""
    pending = state.active.damage
    assert pending is not None
    return stand_in(state, pending.men, by_owner=pending.chooser == pending.side)


def choose(state: SoldiersState, action: TakeDamage) -> None:
    """The man chosen takes the damage; the shot goes on, then what followed it."""
    from rules.soldiers import groups, reaction

    pending = state.active.damage
    assert pending is not None
    go_on(state, pending, action.man)
    if state.active.damage is not None:  # the chain's next man to choose [8.43]
        return
    shot = Shoot(pending.shooter, pending.hex, pending.fire_type)
    if pending.then == "reaction":
        reaction.fire_shots(state, list(pending.rest), pending.ap_left)  # [8.62]
        return
    after_shot(state, shot)  # [8.6]
    if pending.then == "member":
        groups.after_member(state, shot)  # the group's step [7.1]
