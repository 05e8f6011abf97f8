"""Soldiers groups [6.24; 7.1; 7.11]: men of one squad stacked in one hex ordered as one.

``order-group MAN MAN ...`` gives one order (one of the leader's, or the independent turn's)
to two or more men of the same squad in the same hex, each in command and not ordered in this
or the previous Action Phase [6.21; 6.24]. On an independent turn the group is selected before
the risk level is rolled, on the lowest initiative in it [6.23]. The group as a whole gets 5
AP, 3 when a man in it is wounded [7.11], and pays APs for every action any man of it
performs [7.1]:

- A move moves the whole group: every man goes with the man who moves, for the AP paid once
  [7.1] ("movement actions ... all the same"). Our reading: the path is checked for the man
  who moves (his wire and minefields), the others follow; reaction to the move is to him [8.6].
- Fire, grenades and maintenance: an action opens a *step* of its type (combat or maintenance
  [7.1]) and AP cost, paid by the group; each other man of the group may perform one action of
  the same type and cost in that step without paying again ("two of the men fire ... they all
  have expended 3 APs"), fire and throws into the step's hex only ("all must fire into the
  same hex ... Fire into different hexes requires different AP expenditures" [8.2; 12.12]).
  Any other action (a move, a different type, cost or hex, a man acting a second time) pays
  anew and opens the next step. The step keeps the target hex's men as they stood when its
  APs were paid: its fires take the same hit chance modifiers [8.34; 8.41].
- Moving off the map [7.26] takes the group off together, 1 AP.
- Each man's own limits stay his (two shots a phase [8.1], his weapon, his grenades).
- A suppressed man of the group unsuppresses for the group, at the risk level's cost once
  [7.42; 7.1 example]; one who may not (Cautious, in the open) is left out of the group (our
  reading: he "may do nothing else"). A man wounded while acting does nothing more and the
  others abandon him [7.11], as they leave a disabled man or a prisoner.

The group is the turn's ``group`` (the men acting together; ``current`` the one acting now)
and ``step`` (``combat 3`` ...) with ``step_men``, the men who acted in it. A new order ends
the group's actions [6.25].
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Move, token
from rules.engine.errors import ActionSyntaxError
from rules.soldiers.actions import ClearJam, ManLeft, MoveOff, OrderGiven, Reload, Shoot, Throw
from rules.soldiers.command import UNSUPPRESS_AP, initiative, roll_risk, why_not_leader
from rules.soldiers.exits import EXIT_AP, lead_off
from rules.soldiers.fire import FIRE_AP
from rules.soldiers.grenades import THROW_AP
from rules.soldiers.moves import category, judge_sight
from rules.soldiers.preparations import camouflage_note
from rules.soldiers.support_actions import Overwatch
from rules.soldiers.weapons import MAINTENANCE_AP

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class OrderGroup(Action):
    """Give one order to a group: men of one squad stacked in one hex [6.24]."""

    verb: ClassVar[str] = "order-group"
    men: tuple[str, ...]

    def text(self) -> str:
        return " ".join((self.verb, *self.men))

    @classmethod
    def parse(cls, args: list[str], line: str) -> OrderGroup:
        if len(args) < 2:
            raise ActionSyntaxError(f"'{line}': write 'order-group MAN MAN ...' (two or more)")
        return cls(tuple(token(a, "man id", line) for a in args))


#: A member's action: its type and AP cost [7.1; Action Summary].
MemberAction = Shoot | Throw | ClearJam | Reload | Overwatch
MEMBER_ACTIONS = (Shoot, Throw, ClearJam, Reload, Overwatch)


def step_of(action: MemberAction) -> tuple[str, float]:
    """An action's type and cost: fire 3, a throw 2 and overwatch 4 are combat, clear jam and
    reload 2 maintenance [7.1; 7.32; 8.52; 12.12; 13.1; the 7.1 example's "overwatch (13)
    which costs 4 APs ... the only other combat action costing 4 APs is throw satchel
    charge"]."""
    if isinstance(action, Shoot):
        return "combat", float(FIRE_AP)
    if isinstance(action, Throw):
        return "combat", float(THROW_AP)
    if isinstance(action, Overwatch):
        from rules.soldiers.overwatch import cost

        return "combat", float(cost())
    return "maintenance", float(MAINTENANCE_AP)


def _step_name(kind: str, cost: float) -> str:
    return f"{kind} {cost:g}"


def acting(state: SoldiersState) -> list[str]:
    """The men of the group still acting together: able, not wounded in this phase's actions,
    not prisoners, on the map [7.11], not gone on overwatch (his actions end, our reading
    [13.1])."""
    troops, watching = state.troops, state.support.overwatch
    return [
        m
        for m in state.active.group
        if m in troops.hexes
        and m not in troops.disabled
        and m not in troops.captured
        and m not in watching
    ]


def in_group(state: SoldiersState, man: str) -> bool:
    return len(state.active.group) > 1 and man in acting(state)


def options(state: SoldiersState, side: str) -> list[OrderGroup]:
    """Each stack's men of one squad who may be ordered, as one group [6.24] (any two or more
    of them may be named in the action's text)."""
    if state.play.phase != "action" or state.active.orders_left < 1:
        return []
    stacks: dict[tuple[str, str], list[str]] = {}
    for m in sorted(state.active.in_command):
        at = state.troops.hexes.get(m)
        if at is None or not state.may_order(m) or state.game.men[m].side != side:
            continue
        stacks.setdefault((state.game.name(at), state.game.men[m].squad), []).append(m)
    return [OrderGroup(tuple(men)) for _, men in sorted(stacks.items()) if len(men) > 1]


def why_not_group(state: SoldiersState, action: OrderGroup) -> str | None:
    """Why the group may not be ordered now [6.21; 6.24]."""
    men = action.men
    if state.play.phase != "action":
        return "a group is ordered in a tactical Action Phase [6.24]"
    if len(set(men)) != len(men) or len(men) < 2:
        return "a group is two or more different men [6.24]"
    if any(m not in state.game.men for m in men):
        return "not men of this game"
    for m in men:
        rank = why_not_leader(state, m)  # leader-to-leader command [6.26]
        if rank is not None and m in state.active.in_command:
            return rank
    if not all(state.may_order(m) for m in men):
        return "every man must be in command, not yet ordered, with an order left [6.21; 6.25]"
    where = {state.troops.hexes.get(m) for m in men}
    if None in where or len(where) != 1:
        return "the men of a group are stacked in one hex [6.24]"
    if len({state.game.men[m].squad for m in men}) != 1:
        return "the men of a group are of the same squad [6.24]"
    return None


def order_group(state: SoldiersState, action: OrderGroup) -> None:
    """The group ordered: one order, 5 AP (3 with a wounded man) shared [6.24; 7.1; 7.11]."""
    active, troops = state.active, state.troops
    men = list(action.men)
    from rules.soldiers.operational_turns import tactical_by_order

    if not active.rolled and not active.operational_turn and not tactical_by_order(state):
        low = min(men, key=lambda m: (initiative(state, m), m))
        why = (
            f"independent turn: the group {', '.join(men)} selected, the lowest initiative "
            f"{initiative(state, low)} ({low}) [6.11; 6.23]"
        )
        assert active.chit is not None
        roll_risk(state, active.chit, low, why)
    active.orders_left -= 1
    active.ordered |= set(men)
    wounded = [m for m in men if m in troops.wounded]
    active.ap = 3.0 if wounded else 5.0
    why = f"a group of {len(men)} [6.24]: " + (
        f"{wounded[0]} wounded, 3 AP [7.11]" if wounded else "5 AP [6.2; 7.1]"
    )
    if active.operational_turn:
        from rules.soldiers.operational_turns import order_ap

        active.ap, why = order_ap(state, men)
        why = f"a group of {len(men)} [6.24]: {why}"
    for m in men:
        state.emit(OrderGiven(m, int(active.ap), why))
    active.group = men
    close_step(state)
    active.group_wounded = set(wounded)
    active.stopped = False
    active.friendly_eyes, active.enemy_eyes = set(), set()
    _unsuppress(state, men)
    left = acting(state)
    active.group = [m for m in left if m not in troops.suppressed]
    active.current = active.group[0] if active.group else None
    if active.current is not None:
        judge_sight(state, active.current)  # after unsuppressing [7.23]


def _unsuppress(state: SoldiersState, men: list[str]) -> None:
    """The group's suppressed men unsuppress, the group paying once [7.42; 7.1 example 2];
    at Cautious one in the open or in an enemy-occupied hex may not, and stays out of the
    group (our reading)."""
    troops, risk = state.troops, state.active.risk
    down = [m for m in men if m in troops.suppressed]
    if not down:
        return
    at = troops.hexes[men[0]]
    side = state.game.men[men[0]].side
    if risk == "Cautious" and (  # camouflage: not the attacker's [18.1]
        category(state, at, side) == "open" or state.able_enemies_in(at, side)
    ):
        for m in down:
            note = camouflage_note(state, at, side)
            why = f"stays suppressed and out of the group: Cautious, not covered [7.42]{note}"
            state.emit(OrderGiven(m, int(state.active.ap), why))
        return
    cost = UNSUPPRESS_AP[risk]
    state.active.ap = max(0.0, state.active.ap - cost)
    for m in down:
        troops.suppressed.discard(m)
        why = f"unsuppresses for the group: {cost} AP at {risk} [7.42; 7.1]"
        state.emit(OrderGiven(m, int(state.active.ap), why))


def _hex_of(action: MemberAction) -> str | None:
    """The hex a fire or a throw goes into (printed name), None for maintenance."""
    return action.hex.upper() if isinstance(action, Shoot | Throw) else None


def free(state: SoldiersState, action: MemberAction) -> bool:
    """Whether the man's action is in the group's open step: same type and cost, into the
    step's hex ("all must fire into the same hex ... Fire into different hexes requires
    different AP expenditures" [8.2; 12.12]), and he has not acted in it [7.1]."""
    if isinstance(action, Overwatch):
        # the 7.1 example: after one man's overwatch "the only other combat action costing 4
        # APs is throw satchel charge ... the group may do nothing else": no second watcher
        # in the step (our reading; a satchel charge is not a group man's action here)
        return False
    kind, cost = step_of(action)
    return (
        state.active.step == _step_name(kind, cost)
        and _hex_of(action) == state.active.step_hex
        and action.man not in state.active.step_men
        and in_group(state, action.man)
    )


def open_step(state: SoldiersState, action: MemberAction) -> None:
    """The man's action pays anew: it opens the group's next step, its hex and the enemy men
    in that hex as they stand now, before any fire paid with these APs is resolved [7.1; 8.34;
    8.41]."""
    active, troops = state.active, state.troops
    active.step, active.step_men = _step_name(*step_of(action)), set()
    active.step_hex = _hex_of(action)
    active.step_targets = {}
    if active.step_hex is not None:
        target = state.game.by_name[active.step_hex]
        side = state.game.men[action.man].side
        active.step_targets = {
            m: m in troops.suppressed for m in state.able_enemies_in(target, side)
        }


def close_step(state: SoldiersState) -> None:
    """No step is open: the next combat or maintenance action pays [7.1]."""
    active = state.active
    active.step, active.step_men, active.step_hex, active.step_targets = None, set(), None, {}


def lend(state: SoldiersState, action: MemberAction) -> bool:
    """The group's man acting now becomes the one under orders; in the open step his action's
    AP are already paid, so they are lent for the action to spend [7.1]."""
    is_free = free(state, action)
    state.active.current = action.man
    if is_free:
        state.active.ap += step_of(action)[1]
    return is_free


def why_not_member(
    state: SoldiersState, action: MemberAction, check: Callable[[], str | None]
) -> str | None:
    """Why a group's man may not perform the action now: the action's own checks, as the man
    acting, with the open step's AP already paid [7.1]."""
    before, ap = state.active.current, state.active.ap
    try:
        lend(state, action)
        return check()
    finally:
        state.active.current, state.active.ap = before, ap


def after_member(state: SoldiersState, action: MemberAction) -> None:
    """The man has acted in the step (the same step, or the one he opened, :func:`open_step`)
    [7.1]."""
    state.active.step_men.add(action.man)
    prune(state)


def after_move(state: SoldiersState, action: Move) -> None:
    """The rest of the group follows the man who moved, to his hex, for the AP he paid; a
    move closes the step [7.1]."""
    close_step(state)
    mover = action.unit
    at = state.troops.hexes.get(mover)
    if at is None:
        return
    for m in acting(state):
        if m != mover and state.troops.hexes[m] != at:
            state.troops.hexes[m] = at
            state.troops.last_in[state.game.name(at)] = state.game.men[m].side
    prune(state)


def after_move_off(state: SoldiersState, action: MoveOff, where: str) -> None:
    """The group moves off the map together, 1 AP [7.1; 7.26]."""
    for m in acting(state):
        if m == action.man:
            continue
        at = state.troops.hexes.pop(m)
        state.troops.exited.add(m)
        state.emit(ManLeft(m, where, f"with his group, {EXIT_AP:g} AP [7.1; 7.26]"))
        lead_off(state, m, at)  # his prisoners with him [7.26; 9]
    state.active.group = []


def disband(state: SoldiersState) -> None:
    """The group's actions are over: a new order is given [6.25]."""
    state.active.group, state.active.group_wounded = [], set()
    close_step(state)


def after_reaction(state: SoldiersState, held: float) -> None:
    """Reaction fire resolved: a man of the group hit or suppressed performs no more actions
    and the others may abandon him and go on with the group's AP left [7.11] (the engine
    always does, our reading)."""
    if len(state.active.group) < 2:
        return
    hit = state.active.current
    prune(state)
    if state.active.current is not None and state.active.current != hit and held > 0:
        state.active.ap = held
        state.emit(
            OrderGiven(
                state.active.current,
                int(held),
                f"the group goes on without {hit}, {held:g} AP [7.11]",
            )
        )


def prune(state: SoldiersState) -> None:
    """Men wounded while acting, disabled or captured leave the group: the others abandon
    them [7.11]."""
    if not state.active.group:
        return
    hurt = (state.troops.wounded - state.active.group_wounded) | state.troops.suppressed
    keep = [m for m in acting(state) if m not in hurt]
    state.active.group = keep
    if state.active.current is not None and state.active.current not in keep:
        state.active.current = keep[0] if keep else None


def members(state: SoldiersState) -> list[str]:
    """The group's men who may act now, the one acting now first."""
    return sorted(acting(state), key=lambda m: m != state.active.current)
