"""The Event Table's own results [4; 6.12; 12.52] beyond the scenario's events and the
Advantage Check (:mod:`rules.soldiers.arrivals`).

- End Command Cycle [4]: the Command Cycle ends "if the End Command Cycle event occurs when
  the reactive player is unable to commit any command chits (all his command chits are in
  exhausted spaces and/or in the 0 space)". Our reading: the Action Phase in which it is rolled
  is played to its end (the event is rolled at its start and the book ends cycles between
  turns), then the cycle ends as when both players pass [4]. With a chit the reactive player
  could commit, nothing happens.
- Smoke Dissipates [12.52]: every smoke grenade's marker outside a building or pillbox is
  removed (:func:`rules.soldiers.smoke.dissipates`); smoke inside stays to the end of the
  Command Cycle [12.53]; a scenario event's lasting smoke stays [10.6].
- Unusual Event (a scenario's event, 10.6, 20.6, 25.6): the Unusual Event Table is not in the
  text: logged as not applied (placeholder).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers.actions import EventDrawn
from rules.soldiers.records import OFF

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

END_COMMAND_CYCLE = "End Command Cycle"
SMOKE_DISSIPATES = "Smoke Dissipates"
OWN = (END_COMMAND_CYCLE, SMOKE_DISSIPATES)


def unable_to_commit(state: SoldiersState, side: str) -> bool:
    """Whether every command chit of ``side`` on the track is in the 0 space or an Exhausted
    one [4; 5.22] (a chit off the track, waiting for its event, is not on it [19.32])."""
    spaces = [
        state.track.space[c]
        for c, chit in state.game.chits.items()
        if chit.side == side and state.track.space[c] != OFF
    ]
    return all(s.startswith("X") or s == "0" for s in spaces)


def apply(state: SoldiersState, name: str, where: str) -> bool:
    """Apply one of the table's own results; False when ``name`` is not one of them."""
    if name == END_COMMAND_CYCLE:
        _end_command_cycle(state, where)
        return True
    if name == SMOKE_DISSIPATES:
        from rules.soldiers.smoke import dissipates

        gone = dissipates(state)  # smoke grenades' markers outside [12.52; 12.53]
        why = gone or "no smoke marker outside a building or pillbox is on the map [12.52]"
        if state.field.lasting_smoke:
            why += "; the scenario event's smoke stays for the rest of the scenario [10.6; 12.52]"
        state.emit(EventDrawn(where, "", why))
        return True
    return False


def _end_command_cycle(state: SoldiersState, where: str) -> None:
    chit = state.active.chit
    if chit is None:
        state.emit(EventDrawn(where, "", "no Action Phase to end after [4]"))
        return
    reactive = state.game.other(state.game.chits[chit].side)
    if not unable_to_commit(state, reactive):
        why = f"{reactive} may still commit a chit: the Command Cycle goes on [4]"
        state.emit(EventDrawn(where, "", why))
        return
    state.play.ending = True
    why = (
        f"{reactive} is unable to commit any chit (0 or Exhausted): the Command Cycle ends "
        "after this Action Phase (our reading) [4]"
    )
    state.emit(EventDrawn(where, "", why))
