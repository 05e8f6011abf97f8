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

Operational turns in play [3B; 6; 6.3; 6.31; 6.32] (:mod:`rules.soldiers.operational_turns`)
share these limits: :func:`underway` is true in the scenario-start moves and in an Action Phase
declared operational.
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


def underway(state: SoldiersState) -> bool:
    """Whether men now make operational moves: the scenario-start ones [6.33], or an Action
    Phase declared an operational turn [6.3]."""
    in_turn = state.play.phase == "action" and state.active.operational_turn
    return state.play.phase == PHASE or in_turn


def clear_of_enemy(state: SoldiersState, side: str, h: Hex) -> bool:
    """Whether ``h`` is 8 or more hexes from and out of the sight of every able enemy man
    ``side`` knows of [6.3; 6.31; 6.4]: a hidden MG's crew count only once revealed [14.12]."""
    from rules.soldiers.hidden_guns import unseen

    game, troops = state.game, state.troops
    hidden = unseen(state, side)
    for m, at in troops.hexes.items():
        if m in troops.disabled or game.men[m].side == side or m in hidden:
            continue
        if at.distance(h) < KEEP_AWAY or state.sees(at, h):
            return False
    return True


def _entering(state: SoldiersState, man: str) -> bool:
    """A reinforcement off the map whose group may enter now [19.32]."""
    from rules.soldiers.arrivals import eligible

    return man not in state.troops.hexes and eligible(state, man)


def leader_may_declare(state: SoldiersState, leader: str) -> bool:
    """Whether the active leader may declare an operational turn: 8 or more hexes from and out
    of sight of every enemy man at the beginning of the Action Phase [6.3]; a reinforcing
    leader still off the map is (our reading: off the map no enemy man is near him or sees
    him; his men's moves onto the map keep the operational limits, hex by hex)."""
    at = state.troops.hexes.get(leader)
    if at is None:
        return _entering(state, leader)
    return clear_of_enemy(state, state.game.men[leader].side, at)


def may_move(state: SoldiersState, man: str) -> bool:
    """Whether ``man`` may receive an order for an operational move in play [6.31; 6.3]: 8 or
    more hexes from and out of sight of every enemy man (a reinforcement off the map whose
    group may enter is, our reading: his entry hex must then be clear of the enemy as every hex
    of an operational move [6.3; 19.32]), and not suppressed (our reading: unsuppressing is
    not a movement action [7.2; 7.42], and its cost is the risk level's, which an operational
    turn does not roll [6.32])."""
    troops = state.troops
    at = troops.hexes.get(man)
    if at is None:
        return _entering(state, man)
    if man in troops.disabled or man in troops.suppressed:
        return False
    return clear_of_enemy(state, state.game.men[man].side, at)


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
