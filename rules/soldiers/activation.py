"""Scenario 26's German Command Chit Activation [26.4], when the German Deployment Table reads
Surprised: "No German command chits are placed on the Command Track at the beginning of the
game. ... During the End Phase of each turn, the German rolls the 6-sided die on the German
Command Chit Activation Table; the result is the number of command chits, in addition to those
already on the track, that may be placed on the Command Track. Once a command chit is placed on
the track, it may be committed in the immediately-following Command Phase. The German player
rolls in the End Phase of each turn until all his command chits are on the track."

The table (``s26-german-chit-activation``, the book's): 1 none, 2-5 one, 6 two, 7 three, +1 to
the 5th and later rolls. Our readings: a chit placed goes to the Start space (it may be
committed at once [5.2]); which chits is the owner's choice, played in the chits' printed
order; a turn is an Action Phase (the End Phase follows it [3]), so a Command Cycle both
players pass rolls nothing; a chit removed for catastrophic loss [6.28] is never placed.
Scenario 26's First Event A, German Surprise Corrected, places every chit still off
(:mod:`rules.soldiers.scenario_events`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers.actions import ChitMoved, SetupNote
from rules.soldiers.airdrop import on_table
from rules.soldiers.records import OFF

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

TABLE = "s26-german-chit-activation"
#: From this roll on, +1 to the die [26.4].
LATE_ROLL, LATE_BONUS = 5, 1


def hold_back(state: SoldiersState, side: str) -> None:
    """Surprised [26.4]: the side's chits on the track from the start go off it, to be placed
    by the Chit Activation Table."""
    held = sorted(
        c
        for c, chit in state.game.chits.items()
        if chit.side == side and state.track.space[c] == "Start"
    )
    for c in held:
        state.track.space[c] = OFF
    state.arrivals.inactive = held
    if held:
        state.emit(
            SetupNote(
                f"{side} is Surprised: none of his command chits starts on the Command Track; "
                "the Chit Activation Table places them in the End Phase of each turn [26.4]"
            )
        )


def end_phase(state: SoldiersState) -> None:
    """The End Phase's roll on the Chit Activation Table, while chits are still off [26.4]."""
    waiting = [c for c in state.arrivals.inactive if c not in state.track.removed]
    if not waiting:
        state.arrivals.inactive = []
        return
    side = state.game.chits[waiting[0]].side
    state.arrivals.activation_rolls += 1
    late = LATE_BONUS if state.arrivals.activation_rolls >= LATE_ROLL else 0
    d6 = state.roll(f"{side} Command Chit Activation Table [26.4]", 6)
    count = int(on_table(TABLE, d6 + late))
    words = f"Chit Activation Table roll {state.arrivals.activation_rolls}: d6 {d6}" + (
        f" +{late} (the 5th and later rolls)" if late else ""
    )
    place(state, waiting[:count], f"{words}: {count} chit(s) placed [26.4]")
    if not count:
        state.emit(SetupNote(f"{side}: {words}: no chit placed [26.4]"))


def place(state: SoldiersState, chits: list[str], why: str) -> None:
    """The chits go on the track, in Start (our reading) [26.4]."""
    for c in chits:
        state.track.space[c] = "Start"
        state.emit(ChitMoved(c, "Start", why))
    state.arrivals.inactive = [
        c for c in state.arrivals.inactive if c not in chits and c not in state.track.removed
    ]


def surprise_corrected(state: SoldiersState) -> list[str]:
    """First Event A of scenario 26, German Surprise Corrected [26.5]: every chit the
    activation still holds off is placed (our reading: not a reinforcement's, which waits for
    its own event [19.32]); the chits placed."""
    waiting = [c for c in state.arrivals.inactive if c not in state.track.removed]
    place(state, waiting, "German Surprise Corrected: every command chit on the track [26.5]")
    return waiting
