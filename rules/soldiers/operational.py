"""Scenario-start operational moves [6.3; 6.33]: where the intelligence bracket grants them
[19.41], each side it names (in the bracket's order) may give every man on the map one
operational move before the first Command Cycle.

An operational move [6.3]: 8 AP (3 for a wounded man [7.11], our reading of "but see 7.11"),
movement only; no risk level is rolled [6.32], so the risk level's limits do not apply (our
reading); the man may not enter a hex in the sight of an able enemy man (6.4; any such man,
not only those who see him now, our reading of "enemy sight" [7.23]) nor one within 8 hexes
of an able enemy man; a hidden MG's crew do not count, unknown to him, until his move enters
their sight [14.12] (:mod:`rules.soldiers.hidden_guns`). The side ends its operational moves
with ``done``; the first Command Cycle then begins [19].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.events import SegmentBegan

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

PHASE = "operational"
#: An operational move's Action Points and its distance from the enemy [6.3].
OPERATIONAL_AP = 8.0
WOUNDED_AP = 3.0
KEEP_AWAY = 8


def begin(state: SoldiersState, sides: list[str]) -> bool:
    """Start the operational moves of ``sides`` (those of the game), if any; whether begun."""
    order = [s for s in sides if s in state.game.sides]
    if not order:
        return False
    state.play.phase, state.play.acted = PHASE, []
    state.play.operational = order
    state.emit(
        SegmentBegan(
            0, "Operational moves", f"{', '.join(order)}: one move a man before cycle 1 [6.33]"
        )
    )
    begin_side(state)
    return True


def side_to_move(state: SoldiersState) -> str | None:
    left = [s for s in state.play.operational if s not in state.play.acted]
    return left[0] if left else None


def begin_side(state: SoldiersState) -> None:
    """The next side's men may each take one operational move."""
    side = side_to_move(state)
    if side is None:
        return
    state.active.in_command = set(state.able(side))
    state.active.ordered, state.active.current = set(), None
    state.active.orders_left = len(state.active.in_command)


def order(state: SoldiersState, man: str) -> float:
    """The Action Points of a man's operational move [6.3; 7.11]."""
    return WOUNDED_AP if man in state.troops.wounded else OPERATIONAL_AP


def why_not_enter(state: SoldiersState, man: str, to: Hex) -> str | None:
    """Why an operational move may not enter ``to`` [6.3], or None."""
    from rules.soldiers.hidden_guns import unseen

    game = state.game
    side = game.men[man].side
    hidden = unseen(state, side)  # a hidden MG's crew, unknown to him [14.12]
    for m, at in state.troops.hexes.items():
        if m in state.troops.disabled or game.men[m].side == side or m in hidden:
            continue
        if at.distance(to) <= KEEP_AWAY:
            return f"within {KEEP_AWAY} hexes of an able enemy man [6.3]"
        if state.sees(at, to):
            return "in enemy sight [6.3]"
    return None


def done(state: SoldiersState, side: str) -> bool:
    """The side ends its operational moves; whether all sides have (the cycles begin)."""
    state.play.acted.append(side)
    state.active.current = None
    if side_to_move(state) is not None:
        begin_side(state)
        return False
    state.play.operational = []
    state.active.in_command, state.active.ordered = set(), set()
    state.active.orders_left = 0
    return True
