"""Soldiers' command chits as a player names them [5.1; 6.2], for the list of choices, the
header and the log: a leader's chit by its leader (``Black's chit``), an independent chit by
its squad (``squad E's independent chit``); the whole title (``squad E's assistant squad
leader's chit (Black)``) where there is room for it, as in an action's preview."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: A chit's kind in words [5.1; 6.2].
CHIT_KINDS = {
    "sl": "squad leader's chit",
    "asl": "assistant squad leader's chit",
    "ind": "independent chit",
    "pl": "platoon leader's chit",
}


def chit_words(state: SoldiersState, chit_id: str) -> str:
    """A command chit as a player names it, short: ``Black's chit`` (a leader's: the name on
    it), ``squad E's independent chit``; an id the game does not know is given as it is."""
    chit = state.game.chits.get(chit_id)
    if chit is None:
        return chit_id
    leader = state.game.men.get(chit.leader) if chit.leader else None
    if leader is not None:
        return f"{leader.name}'s chit"
    return _owner(chit.kind, chit.squad) + " " + CHIT_KINDS.get(chit.kind, f"{chit.kind} chit")


def chit_title(state: SoldiersState, chit_id: str) -> str:
    """A command chit's whole title: ``squad E's assistant squad leader's chit (Black)``."""
    chit = state.game.chits.get(chit_id)
    if chit is None:
        return chit_id
    kind = CHIT_KINDS.get(chit.kind, f"{chit.kind} chit")
    leader = state.game.men.get(chit.leader) if chit.leader else None
    who = f" ({leader.name})" if leader is not None else ""
    return f"{_owner(chit.kind, chit.squad)} {kind}{who}"


def _owner(kind: str, squad: str) -> str:
    return "the platoon's" if kind == "pl" else f"squad {squad.split('.')[-1].upper()}'s"
