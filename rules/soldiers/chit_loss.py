"""The owner's choice of the command chit a squad loses to catastrophic loss [6.28].

"If at least 50% of a squad's men (including any leader) have been disabled, remove one of the
squad's command chits (your choice) from the Command Track. If 75% of the squad's men
(including any leader) have been disabled, remove another of the squad's chits" [6.28]. "Men
lost to depletion do not count towards catastrophic loss (6.28)" [19.21].

- When: after the action that brought the squad to 50% (then 75%) disabled
  (:func:`rules.soldiers.leaders.catastrophic_loss`), in either side's Action Phase or Command
  Phase: the squad's owner answers (a man's damage choice or a reaction's fire types waiting
  come first; the choice waits before the next action, and before a leaderless squad's
  reassignment [6.27]). A squad brought past both at once is asked twice, one chit at a time.
- Which: the squad's chits on the Command Track (not removed, not ``Off`` before its
  reinforcement event [19.32]), a committed one too, but not the chit active now while
  another may go (our reading: the chit acting finishes its Action Phase; when it is the
  squad's last chit it goes, as before, unasked). Only one chit he may remove: it goes
  without asking.
- How: ``remove-chit CHIT`` (no AP, no action of the men); the chit goes Off the track for
  good (``track.removed``). Kept in the state (:class:`rules.soldiers.records.ChitLossChoice`,
  ``track.losing``) and in position files (``losing``).
- The bots: the heuristic bot keeps the engine's former stand-in (:func:`stand_in`: not a
  committed chit while another may go, Exhausted and the lowest space first, an independent
  chit before a leader's on the same space), so seeded bot games play as before; the random
  bot picks among the legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, WordsAction
from rules.soldiers.actions import ChitMoved, ChoiceAsked
from rules.soldiers.command import number
from rules.soldiers.names import chit_title, chit_words
from rules.soldiers.records import OFF, ChitLossChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

RULE = "6.28"


@dataclass(frozen=True)
class RemoveChit(WordsAction):
    """The owner names the command chit his squad's catastrophic loss removes [6.28]."""

    verb: ClassVar[str] = "remove-chit"
    words: ClassVar[tuple[str, ...]] = ("chit id",)
    usage: ClassVar[str] = "CHIT"
    chit: str


def _side_name(state: SoldiersState, side: str) -> str:
    return next((s.name for s in state.game.scenario.sides if s.id == side), side) or side


def _squad_name(squad: str) -> str:
    return f"squad {squad.split('.')[-1].upper()}"


def removable(state: SoldiersState, squad: str) -> list[str]:
    """The squad's chits its owner may remove [6.28]: those on the Command Track (not
    removed, not Off before their reinforcement event [19.32]), not the chit active now while
    another may go (our reading); the active chit alone when it is the last."""
    track = state.track
    left = sorted(
        c
        for c, ch in state.game.chits.items()
        if ch.squad == squad and c not in track.removed and track.space[c] != OFF
    )
    others = [c for c in left if c != state.active.chit]
    return others or left


def ask(state: SoldiersState, squad: str, chits: list[str], lost: int, whole: int) -> None:
    """The squad's owner is asked which of ``chits`` its catastrophic loss removes [6.28]."""
    side = state.game.chits[chits[0]].side
    state.track.losing = ChitLossChoice(squad, side, tuple(chits), lost, whole)
    why = (
        f"catastrophic loss: {lost} of {_squad_name(squad)}'s {whole} men disabled: remove one "
        "of its command chits (your choice) [6.28]"
    )
    active = state.active.chit
    if active is not None and active not in chits and state.game.chits[active].squad == squad:
        why += f"; not {chit_words(state, active)}, acting now (our reading)"
    state.emit(ChoiceAsked(side, f"the chit {_squad_name(squad)} loses", why))


def remove(state: SoldiersState, chit: str, lost: int, whole: int, how: str) -> None:
    """The chit leaves the Command Track for good [6.28]; a committed one is no longer."""
    track = state.track
    track.removed.add(chit)
    track.space[chit] = OFF
    side = state.game.chits[chit].side
    if track.committed.get(side) == chit:
        track.committed[side] = None
    why = f"catastrophic loss: {lost} of the squad's {whole} men disabled, chit removed ({how}) "
    state.emit(ChitMoved(chit, OFF, why + "[6.28]"))


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    pending = state.track.losing
    if pending is None or side not in (None, pending.side):
        return []
    return [RemoveChit(c) for c in pending.chits]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; the choice only then [6.28]."""
    pending = state.track.losing
    if isinstance(action, RemoveChit):
        if pending is None:
            return "no squad waits for its owner's choice of the chit it loses [6.28]"
        if action.chit not in pending.chits:
            return (
                f"{action.chit} may not be removed: one of {', '.join(pending.chits)} "
                f"({_squad_name(pending.squad)}'s chits on the track, not the active one) [6.28]"
            )
        return None
    if pending is None:
        return None
    return f"{pending.side} chooses the chit {_squad_name(pending.squad)} loses first [6.28]"


def choose(state: SoldiersState, action: RemoveChit) -> None:
    """The chosen chit is removed from the Command Track [6.28]."""
    pending = state.track.losing
    assert pending is not None
    state.track.losing = None
    remove(state, action.chit, pending.lost, pending.whole, f"{pending.side}'s choice")


def _order(state: SoldiersState, chit: str) -> tuple[bool, bool, int, bool, str]:
    """The former stand-in's order: not committed, Exhausted, the lowest space, independent."""
    space = state.track.space[chit]
    busy = chit == state.active.chit or chit in state.track.committed.values()
    independent = state.game.chits[chit].kind == "ind"
    return (busy, not space.startswith("X"), number(space), not independent, chit)


def stand_in(state: SoldiersState, chits: list[str] | tuple[str, ...]) -> str:
    """The engine's former stand-in for the owner [6.28]: a chit neither active nor committed
    first, then Exhausted spaces and the lowest space first, an independent chit before a
    leader's on the same space."""
    return min(chits, key=lambda c: _order(state, c))


def default(state: SoldiersState) -> str:
    """The bots' choice (:func:`stand_in`)."""
    pending = state.track.losing
    assert pending is not None
    return stand_in(state, pending.chits)


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    pending = state.track.losing
    assert pending is not None
    return (
        f"Catastrophic loss: {pending.lost} of {_squad_name(pending.squad)}'s {pending.whole} "
        f"men disabled: {_side_name(state, pending.side)} removes one of its chits [6.28]"
    )


def describe(state: SoldiersState, action: RemoveChit) -> str:
    return f"Remove {chit_words(state, action.chit)} from the Command Track [6.28]"


def preview(state: SoldiersState, action: RemoveChit) -> tuple[str, tuple[str, ...]]:
    """What the choice does [6.28]: the chit, where it stands, what the squad keeps."""
    pending = state.track.losing
    assert pending is not None
    track = state.track
    space = track.space[action.chit]
    text = f"no AP; {chit_title(state, action.chit)}, in {space}, leaves the Command Track for "
    text += "good: never committed again [6.28]"
    if action.chit in track.committed.values():
        text += "; it is committed now: its commitment ends with it"
    kept = [c for c in pending.chits if c != action.chit]
    if kept:
        text += "; kept: " + ", ".join(f"{chit_words(state, c)} ({track.space[c]})" for c in kept)
    if action.chit == stand_in(state, pending.chits):
        text += " (the engine's former stand-in)"
    return text, ("catastrophic loss [6.28]",)
