"""Soldiers bidding [5.3]: two committed chits bid for the Action Phase.

When both players have a committed chit at the end of the Command Phase [5.3], they bid by
alternately moving their committed chits down the Command Track [5.31]:

- The player whose chit is in the higher-numbered space bids first; in the same space, the
  player without the advantage [5.31].
- A bid (``bid CHIT SPACE``) moves the player's committed chit to any lower-numbered space, never
  past 0 [5.32]; a player is never required to bid (``done``: unwilling) [5.31].
- Bidding ends when both are unable or unwilling to go on [5.31]: here, when a player declines
  while the other's chit wins as the chits stand (our reading: the winner would not bid
  against himself; "if the US player refuses to bid, the German will win the bid", the first
  example), or when neither chit can move lower.
- The lower space wins; in the same space, the advantage [5.33]
  (:func:`rules.soldiers.command.resolve_commitments`).

The track's ``bidding`` is None before bidding, the side to bid while it runs, ``done`` after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import WordsAction
from rules.soldiers.actions import ChitMoved
from rules.soldiers.command import number

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

DONE = "done"


@dataclass(frozen=True)
class Bid(WordsAction):
    """Move the committed chit down the Command Track to a lower space [5.31; 5.32]."""

    verb: ClassVar[str] = "bid"
    words: ClassVar[tuple[str, ...]] = ("chit id", "space")
    usage: ClassVar[str] = "CHIT SPACE"
    chit: str
    space: str


def _chits(state: SoldiersState) -> dict[str, str]:
    return {s: c for s, c in state.track.committed.items() if c is not None}


def leader_side(state: SoldiersState) -> str | None:
    """The side whose committed chit would win now: the lower space, a tie to the advantage
    [5.33]."""
    held = _chits(state)
    if len(held) != 2:
        return None
    (a, ca), (b, cb) = sorted(held.items())
    na, nb = number(state.track.space[ca]), number(state.track.space[cb])
    if na == nb:
        return state.play.advantage
    return a if na < nb else b


def bidding(state: SoldiersState) -> bool:
    """Whether a bid is being made now (the track's ``bidding`` names the side)."""
    return state.track.bidding in state.game.sides


def begin(state: SoldiersState) -> bool:
    """At the end of the Command Phase, with two committed chits: bidding begins (the player
    whose chit is in the higher space, or without the advantage, first [5.31]); True while a
    bid is awaited."""
    if bidding(state):
        return True
    held = _chits(state)
    if state.track.bidding == DONE or len(held) != 2:
        return False
    if all(number(state.track.space[c]) == 0 for c in held.values()):
        state.track.bidding = DONE
        return False
    winner = leader_side(state)
    assert winner is not None
    first = state.game.other(winner)
    state.track.bidding = first
    chit = held[first]
    why = f"bidding begins: {first} bids first (the higher space or no advantage) [5.31]"
    state.emit(ChitMoved(chit, state.track.space[chit], why))
    return True


def options(state: SoldiersState, side: str) -> list[Bid]:
    """Every lower space the side's committed chit may go to, down to 0 [5.31; 5.32]."""
    if state.track.bidding != side:
        return []
    chit = state.track.committed.get(side)
    if chit is None:
        return []
    return [Bid(chit, str(n)) for n in range(number(state.track.space[chit]) - 1, -1, -1)]


def why_not_bid(state: SoldiersState, action: Bid) -> str | None:
    chit = state.game.chits.get(action.chit)
    if chit is None or state.track.bidding != chit.side:
        return "not the side to bid now [5.31]"
    if state.track.committed.get(chit.side) != action.chit:
        return "only the committed chit is bid [5.32]"
    if not action.space.isdigit() or not 0 <= int(action.space) < number(
        state.track.space[action.chit]
    ):
        return "a bid moves the chit to a lower-numbered space, never past 0 [5.32]"
    return None


def bid(state: SoldiersState, action: Bid) -> None:
    """The chit goes down; the other player bids next [5.31]."""
    side = state.game.chits[action.chit].side
    state.track.space[action.chit] = action.space
    state.emit(ChitMoved(action.chit, action.space, "bids down the track [5.31]"))
    _next(state, state.game.other(side))


def decline(state: SoldiersState, side: str) -> None:
    """The player does not bid [5.31]: bidding ends if the other's chit wins as they stand,
    else the other may bid."""
    chit = state.track.committed[side]
    assert chit is not None
    other = state.game.other(side)
    if leader_side(state) == other:
        state.track.bidding = DONE
        state.emit(ChitMoved(chit, state.track.space[chit], "does not bid: bidding ends [5.31]"))
        return
    state.emit(ChitMoved(chit, state.track.space[chit], "does not bid [5.31]"))
    _next(state, other)


def _next(state: SoldiersState, side: str) -> None:
    chit = state.track.committed[side]
    if chit is not None and number(state.track.space[chit]) > 0:
        state.track.bidding = side
        return
    other = state.game.other(side)
    held = state.track.committed[other]
    if held is not None and number(state.track.space[held]) > 0 and leader_side(state) == side:
        state.track.bidding = other  # the other may still go lower [5.31]
        return
    state.track.bidding = DONE  # neither is able to go on [5.31]
