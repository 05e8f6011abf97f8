"""Soldiers Command Phase [5.2-5.3] and the start of an Action Phase [6.1-6.2].

The Command Track's spaces are Start, 5, 4, 3, 2, 1, 0 and an Exhausted space above each
numbered one (``X5`` ... ``X0``) [5.1; command-track.yaml]; Start counts as 6 in a bid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers import airborne_turns, operational, scenario_events, support
from rules.soldiers.actions import ChitMoved, TurnBegan
from rules.soldiers.arrivals import draw_event
from rules.soldiers.capture import alone, surrender
from rules.soldiers.names import chit_words
from rules.soldiers.units import HEAVY, cell, columns

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: What unsuppressing costs an ordered man, by the risk level [7.42].
UNSUPPRESS_AP = {"Cautious": 2, "Wary": 2, "Bold": 1, "Aggressive": 0}


def number(space: str) -> int:
    """A space's number: Start 6, Exhausted n as n."""
    return 6 if space == "Start" else int(space.lstrip("X"))


def commit(state: SoldiersState, chit: str) -> None:
    """Commit a chit one space down, or keep a committed one where it is [5.2]."""
    side = state.game.chits[chit].side
    if state.track.committed[side] == chit:
        state.emit(ChitMoved(chit, state.track.space[chit], "stays committed [5.2]"))
        return
    space = str(number(state.track.space[chit]) - 1)
    state.track.space[chit] = space
    state.track.committed[side] = chit
    state.emit(ChitMoved(chit, space, "committed: one space down [5.2]"))


def resolve_commitments(state: SoldiersState) -> str | None:
    """The chit that wins the Command Phase, None when both passed [5.3]."""
    held = [c for c in state.track.committed.values() if c is not None]
    if not held:
        return None
    if len(held) == 1:
        return held[0]
    a, b = sorted(held, key=lambda c: number(state.track.space[c]))
    if number(state.track.space[a]) < number(state.track.space[b]):
        lower, higher = chit_words(state, a), chit_words(state, b)
        why = (
            f"{lower} in {state.track.space[a]} is lower than {higher} in "
            f"{state.track.space[b]} [5.3]"
        )
        winner = a
    else:
        winner = next(c for c in held if state.game.chits[c].side == state.play.advantage)
        why = f"equal spaces: the advantage ({state.play.advantage}) wins [5.3]"
    state.emit(ChitMoved(winner, state.track.space[winner], f"wins: {why}"))
    return winner


def _column(value: int) -> str:
    for col in columns("risk-level"):
        text = str(col)
        low, _, high = text.partition("-")
        if int(low) <= value <= int(high or low):
            return text
    return str(columns("risk-level")[-1])


def begin_action_phase(state: SoldiersState, chit_id: str) -> None:
    """The start of an Action Phase [6.1-6.23]. A leader turn rolls its risk level at once on
    the leader's initiative; an independent turn first selects the man to act [6.23] (the
    order to him, :func:`select_independent`), then rolls on his initiative [6.11].

    Who may take an order: the men of the chit's squad and the side's heavy-weapons soldiers,
    who take orders from any leader or independent chit [6.29]; the platoon leader's chit, any
    friendly man [6.26]; men off the map only once their group may enter [19.32], and a leader
    still off the map orders only men off the map, one in a map-edge hex those off the map as
    well as those in his command on it, who enter in a hex in his command [19.33]. First, the
    enemy's men outnumbered and alone may surrender [9.8]
    (:func:`rules.soldiers.capture.surrender`)."""
    game = state.game
    chit = game.chits[chit_id]
    state.play.phase, state.active.chit, state.play.acted = "action", chit_id, []
    scenario_events.phase_begins(state)  # the hexes fired at, phase by phase [10.6]
    surrender(state, chit.side)  # at the start of an enemy Action Phase [9.8]
    support.phase_begins(state, chit.side)  # overwatch malfunction rolls [13.1]
    if chit.kind == "pl" and chit.leader in state.troops.disabled:
        # a disabled platoon leader's chit: independent, heavy weapons soldiers only [6.27]
        why = f"{chit.leader} disabled: an independent chit for heavy weapons soldiers only [6.27]"
        state.emit(ChitMoved(chit_id, state.track.space[chit_id], why))
    squad = _squad(state, chit_id)
    leader = chit.leader if chit.leader in squad else None
    if leader is None:
        # [6.23]: any man of the chit's squad not ordered in the previous Action Phase
        independent_turn(state, set(squad) - state.active.prev_ordered)
        return
    if airborne_turns.offers(state, chit_id):
        airborne_turns.ask(state, chit_id)  # 26's first cycle: leader or independent [26.3]
        return
    lead(state, chit_id, leader)


def independent_turn(state: SoldiersState, men: set[str]) -> None:
    """An independent turn [6.23]: one of ``men`` (or a group of them) is selected, then the
    risk level is rolled on his initiative (:func:`select_independent`)."""
    state.active.in_command = men
    state.active.orders_left = 1
    state.active.rolled = False


def lead(state: SoldiersState, chit_id: str, leader: str) -> None:
    """A leader turn [6.21]: declared first when far from the enemy [3B; 6.3], else rolled."""
    if operational.leader_may_declare(state, leader):
        # far from the enemy: the turn is declared operational or tactical first [3B; 6.3]
        # (an order given first declares it tactical: rules.soldiers.operational_turns)
        leader_turn(state, chit_id, leader, roll=False)
        state.active.rolled = False
        return
    leader_turn(state, chit_id, leader)


def _squad(state: SoldiersState, chit_id: str) -> list[str]:
    """The men the chit may order [6.21; 6.23; 6.26; 6.27; 6.29; 19.32], and its side's
    prisoners left alone, with no guard [9.6]."""
    game = state.game
    chit = game.chits[chit_id]
    heavy = f"{chit.side}.{HEAVY}"
    squad = [
        m
        for m in [*state.present(chit.side), *alone(state, chit.side)]  # escape [9.6]
        if chit.kind == "pl" or game.men[m].squad in (chit.squad, heavy)
    ]
    if chit.kind == "pl" and chit.leader in state.troops.disabled:
        return [m for m in squad if game.men[m].squad == heavy]  # [6.27]
    if chit.leader in squad and chit.kind in ("sl", "asl"):
        # a leaderless squad's men take orders from this squad's leaders [6.27]
        squad += [
            m
            for m in [*state.present(chit.side), *alone(state, chit.side)]
            if state.track.attached.get(game.men[m].squad) == chit.squad
        ]
    return squad


def leader_turn(state: SoldiersState, chit_id: str, leader: str, roll: bool = True) -> None:
    """A leader turn's risk level rolled on the leader's initiative (not in an operational
    turn [6.32]: ``roll`` False), then the men in his command and his orders [6.21; 6.22]."""
    game = state.game
    squad = _squad(state, chit_id)
    if roll:
        init = initiative(state, leader)
        roll_risk(state, chit_id, leader, f"leader turn: {leader}, initiative {init} [6.11; 2.12]")
    at = state.troops.hexes.get(leader)
    hexes = state.troops.hexes
    if at is None:  # off the map: his men off the map [19.33]
        found = {m for m in squad if m not in hexes}
    else:
        found = {
            m
            for m in squad
            if m == leader
            or (m in hexes and at.distance(hexes[m]) <= 2 and state.sees(at, hexes[m]))
        }
        if at in game.edge:  # in a map-edge hex: his men still off the map too [19.33]
            found |= {m for m in squad if m not in hexes}
    state.active.in_command = found - state.active.prev_ordered
    rating, why = command_rating(state, leader)
    state.active.orders_left = rating
    if why:
        state.emit(ChitMoved(chit_id, state.track.space[chit_id], why))


#: The leaders' ranks, lowest first: a leader may receive an order only from a leader of
#: higher rank [6.26].
RANKS = ("assistant-squad-leader", "squad-leader", "platoon-leader")


def _rank(state: SoldiersState, man: str) -> int:
    """The man's rank as a number: 0 for a man who is no leader, then :data:`RANKS` from 1."""
    rank = state.game.men[man].rank
    return RANKS.index(rank) + 1 if rank in RANKS else 0


def active_leader(state: SoldiersState) -> str | None:
    """The leader whose leader turn it is, or None outside a leader turn: an independent turn
    [6.23], a disabled leader's chit [6.27], a US leader chit played as an independent one
    [26.3], the operational moves before cycle 1 [6.33]."""
    chit_id = state.active.chit
    if state.play.phase != "action" or chit_id is None:
        return None
    leader = state.game.chits[chit_id].leader
    if leader is None or leader in state.troops.disabled or airborne_turns.independent(state):
        return None
    return leader


def why_not_leader(state: SoldiersState, man: str) -> str | None:
    """Why the active leader may not order this leader [6.26]: "A leader may receive an order
    only from a leader of higher rank" (an assistant squad leader from a squad or platoon
    leader, a squad leader only from a platoon leader, a platoon leader only from himself); "The
    active leader, of course, may always give himself an order". Independent turns are not
    bound by it (6.26 is headed "During Leader Turns"; 6.23: "Any man (even a leader)")."""
    leader = active_leader(state)
    if leader is None or man == leader or man not in state.game.men:
        return None
    rank = _rank(state, man)
    if rank == 0 or rank < _rank(state, leader):
        return None
    theirs = state.game.men[man].rank.replace("-", " ")
    mine = state.game.men[leader].rank.replace("-", " ")
    return (
        f"{man} ({theirs}) may receive an order only from a leader of higher rank, not from "
        f"{leader} ({mine}) [6.26]"
    )


#: How far an assistant squad leader may be from his squad and platoon leaders and keep his
#: command rating [6.22]: 7 or more hexes reduce it.
ASL_REACH = 6


def command_rating(state: SoldiersState, leader: str) -> tuple[int, str]:
    """The active leader's command rating, and why when it is not his printed one [6.22]:
    an assistant squad leader 7 or more hexes from his squad leader and the platoon leader has
    1, unless his squad is Elite; with his squad leader disabled, command passed to him (he was
    within six hexes) or he has 1 for good (:func:`rules.soldiers.leaders.asl_command`). A
    squad or platoon leader off the map or disabled counts as out of reach; the assistant off the
    map is not reduced (our reading: 6.22 measures hexes on the map)."""
    game, track, hexes = state.game, state.track, state.troops.hexes
    man = game.men[leader]
    printed = man.command
    if man.rank != "assistant-squad-leader" or man.asl_exempt or leader in track.asl_free:
        return printed, ""
    if leader in track.asl_reduced:
        return min(printed, 1), f"{leader}: command rating 1 for good [6.22]"
    at = hexes.get(leader)
    if at is None:
        return printed, ""
    chiefs = [
        m
        for m, other in game.men.items()
        if other.side == man.side
        and (
            (other.squad == man.squad and other.rank == "squad-leader")
            or other.rank == "platoon-leader"
        )
        and m in hexes
        and m not in state.troops.disabled
    ]
    if any(at.distance(hexes[m]) <= ASL_REACH for m in chiefs):
        return printed, ""
    why = (
        f"{leader}: 7 or more hexes from his squad leader and platoon leader: command rating 1 "
        "[6.22]"
    )
    return min(printed, 1), why


def initiative(state: SoldiersState, man: str) -> int:
    """The initiative on the man's counter: one less when he is suppressed, 0 staying 0
    [2.11; 6.11]."""
    init = state.game.men[man].initiative
    return max(0, init - 1) if man in state.troops.suppressed else init


def select_independent(state: SoldiersState, man: str) -> None:
    """The man selected for an independent turn [6.23]: the risk level is rolled on his
    initiative (a group's lowest; every order is to one man here) [6.11]."""
    assert state.active.chit is not None
    init = initiative(state, man)
    why = f"independent turn: {man} selected, initiative {init} [6.11; 6.23]"
    roll_risk(state, state.active.chit, man, why)


def roll_risk(state: SoldiersState, chit_id: str, man: str, who: str) -> None:
    """Risk level, event number and the Cautious adjustment [6.11-6.13], on the initiative of
    ``man`` (the active leader, or the man selected for an independent turn)."""
    placeholder = state.game.men[man].placeholder
    init = initiative(state, man)
    steps: list[str] = [who]
    holders: list[str] = [f"{man}: {placeholder}"] if placeholder else []
    space = number(state.track.space[chit_id])
    modified = space + init
    d10 = state.roll(f"{chit_id} risk level d10 [6.11]", 10)
    d6 = state.roll(f"{chit_id} risk level d6 [6.11]", 6)
    col = _column(modified)
    found = cell("risk-level", d10, col)
    risk = str(found.value)
    if found.placeholder:
        holders.append(f"risk-level {d10}/{col}: {found.placeholder}")
    steps.append(f"space {space} + initiative {init} = {modified}; d10 {d10}: {risk} [6.11]")
    steps.append(f"Event Table number {d10 + d6} (d10 + d6) [6.12]")
    state.active.risk = risk
    state.active.rolled = True
    state.emit(TurnBegan(chit_id, tuple(steps), risk, tuple(holders)))
    if risk == "Cautious":
        _cautious(state, chit_id, d10, d6)
    draw_event(state, d10 + d6)


def _cautious(state: SoldiersState, chit: str, d10: int, d6: int) -> None:
    """A Cautious roll moves the chit down: d6 spaces on a d10 of 1, else one; below 0 to the
    Exhausted space above its space [6.13]."""
    space = state.track.space[chit]
    now = number(space)
    down = d6 if d10 == 1 else 1
    new = f"X{now}" if now - down < 0 else str(now - down)
    state.track.space[chit] = new
    state.emit(ChitMoved(chit, new, f"Cautious: {down} space(s) down [6.13]"))
