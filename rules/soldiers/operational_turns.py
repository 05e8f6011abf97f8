"""Soldiers operational turns in play [3B; 6; 6.3; 6.31; 6.32].

"If the active leader or selected independent group is at least 8 hexes away from and not
within sight (6.4) of any enemy man at the beginning of the Action Phase, the active player may
declare an operational turn instead of a tactical turn" [6.3]:

- A leader turn whose leader is so placed waits for the declaration before anything is rolled
  (:func:`rules.soldiers.command.begin_action_phase`): ``declare SIDE tactical`` rolls for risk
  level and events as any leader turn [6.11; 6.12]; ``declare SIDE operational`` rolls nothing
  [6.32], and the leader may order only the men in his command who are themselves 8 or more
  hexes from and out of sight of every enemy man [6.31], as many orders as his command rating
  (our reading: 6.31 names who may be ordered, 6.2 how many orders).
- An independent turn may be declared operational before its man or group is selected (our
  reading of 6.23's order, selection then the roll, which an operational turn does not make):
  then only a man or a group (of one squad, stacked [6.24]) so placed may be selected. Selecting
  one with no declaration is a tactical turn, as before.
- The men ordered get 8 AP (3 when one is wounded [7.11], our reading of "but see 7.11"), spent
  only on movement [6.3; 7.2]: they may not enter a hex in enemy sight nor within 8 hexes of an
  able enemy man (:func:`rules.soldiers.operational.why_not_enter`); moving off the map is a
  movement action [7.26], allowed where the scenario allows it; reinforcements off the map
  whose group may enter take operational orders too, and their entry hex keeps the limits
  (our reading: off the map no enemy man is near them or sees them [6.3; 19.32]); the enemy
  does not react [8.6], but for a hidden MG revealed by the move [14.12]. A suppressed man is
  not ordered (our reading: unsuppressing is not a movement action and costs by the risk level
  [7.42], which is not rolled).
- Its cost in time is the chit's commitment and bid alone: no Cautious adjustment, no event
  [6.13; 6.32]. After the moves the End Phase flips the chit back and the Command Phase follows
  [3B; 3C], as after a tactical turn; the men ordered may not be ordered in the next Action Phase
  [6.21; 6.23].

The enemy sighted: the turn is declared only while no enemy man the side knows of is near or in
sight; a hidden MG's crew is unknown to it and its owner chooses when to reveal it
(:mod:`rules.soldiers.hidden_gun_choice` [14.12]).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Done, Move
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event
from rules.soldiers import operational
from rules.soldiers.actions import MoveOff, OrderMan, React

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

OPERATIONAL, TACTICAL = "operational", "tactical"
KINDS = (OPERATIONAL, TACTICAL)


@dataclass(frozen=True)
class Declare(Action):
    """The active player declares his Action Phase an operational or a tactical turn [3B; 6.3]."""

    verb: ClassVar[str] = "declare"
    side: str
    kind: str

    def text(self) -> str:
        return f"{self.verb} {self.side} {self.kind}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Declare:
        if len(args) != 2 or args[1].lower() not in KINDS:
            raise ActionSyntaxError(f"'{line}': write 'declare SIDE operational|tactical'")
        return cls(args[0], args[1].lower())


@dataclass(frozen=True)
class TurnDeclared(Event):
    """An Action Phase declared operational or tactical, and why it may be [6.3]."""

    kind: ClassVar[str] = "soldiers-turn-declared"
    side: str
    turn: str
    why: str

    def describe(self) -> str:
        return f"{self.side} declares an {self.turn} turn: {self.why}"


def _leader(state: SoldiersState) -> str | None:
    """The active leader of a leader turn whose declaration is awaited, else None."""
    from rules.soldiers.airborne_turns import LEADER
    from rules.soldiers.command import _squad

    chit_id = state.active.chit
    if chit_id is None or state.active.chit_as not in (None, LEADER):
        return None  # 26's first cycle: asked, or played as an independent chit [26.3]
    leader = state.game.chits[chit_id].leader
    return leader if leader is not None and leader in _squad(state, chit_id) else None


def undeclared(state: SoldiersState) -> bool:
    """Whether the Action Phase has not begun its orders nor been declared: nothing rolled,
    no order given, no reaction pending."""
    turn = state.active
    return (
        state.play.phase == "action"
        and turn.chit is not None
        and not turn.rolled
        and not turn.operational_turn
        and not turn.ordered
        and turn.reaction is None
    )


def leader_waits(state: SoldiersState) -> bool:
    """A leader turn waiting for its declaration [3B; 6.3]."""
    return undeclared(state) and _leader(state) is not None


def _eligible_men(state: SoldiersState) -> set[str]:
    return {m for m in state.active.in_command if operational.may_move(state, m)}


def options(state: SoldiersState, side: str) -> list[Action]:
    """The declarations the active side may make now [3B; 6.3]: both in a leader turn that
    waits; operational in an independent turn while a man or group of its may be selected."""
    if not undeclared(state) or state.game.chits[str(state.active.chit)].side != side:
        return []
    if _leader(state) is not None:
        return [Declare(side, OPERATIONAL), Declare(side, TACTICAL)]
    if _eligible_men(state) and state.active.orders_left > 0:
        return [Declare(side, OPERATIONAL)]
    return []


def why_not(state: SoldiersState, action: Action) -> str | None:
    """Why an action may not be taken now for the declaration or an operational turn, or None
    (the other checks follow)."""
    if isinstance(action, Declare):
        if action not in options(state, action.side):
            return (
                "a turn is declared at the start of the active side's Action Phase: operational "
                "only with the active leader, or a man or group to select, 8 or more hexes from "
                "and out of sight of every enemy man [3B; 6.3]"
            )
        return None
    if state.play.phase == "action" and state.active.operational_turn:
        return _why_not_in_turn(state, action)
    return None


def _why_not_in_turn(state: SoldiersState, action: Action) -> str | None:
    """In an operational turn: orders to men still clear of the enemy (a hidden MG revealed
    counts now [14.12]), then movement only [6.3; 6.31]."""
    from rules.soldiers.groups import OrderGroup
    from rules.soldiers.hidden_gun_choice import HiddenGunChoice

    men = [action.man] if isinstance(action, OrderMan) else []
    men += list(action.men) if isinstance(action, OrderGroup) else []
    if any(m in state.game.men and not operational.may_move(state, m) for m in men):
        return (
            "an operational move is ordered only to a man 8 or more hexes from and out of "
            "sight of every enemy man, not suppressed [6.3; 6.31]"
        )
    if not isinstance(
        action, OrderMan | OrderGroup | Move | MoveOff | Done | React | HiddenGunChoice
    ):
        return "an operational turn allows movement only [6.3]"
    return None


def declare(state: SoldiersState, action: Declare) -> None:
    """Apply the declaration [6.3; 6.31; 6.32]."""
    leader = _leader(state)
    if action.kind == TACTICAL:
        assert leader is not None
        _roll(state, leader, "risk level and event rolled [6.11]")
        return
    state.active.operational_turn = True
    if leader is not None:
        who = f"{leader} is 8 or more hexes from and out of sight of every enemy man [6.3]"
    else:
        who = "a man or group so placed is selected [6.3; 6.23]"
    state.active.in_command = _eligible_men(state)
    state.emit(
        TurnDeclared(
            action.side,
            OPERATIONAL,
            f"{who}; no risk level nor event [6.32]; orders of 8 AP to men 8 or more hexes "
            "from and out of sight of the enemy, movement only, never into enemy sight nor "
            "within 8 hexes of an able enemy man [6.3; 6.31]",
        )
    )


def _roll(state: SoldiersState, leader: str, why: str) -> None:
    from rules.soldiers.command import initiative, roll_risk

    chit = state.game.chits[str(state.active.chit)]
    state.emit(TurnDeclared(chit.side, TACTICAL, why))
    init = initiative(state, leader)
    why = f"leader turn: {leader}, initiative {init} [6.11; 2.12]"
    roll_risk(state, str(state.active.chit), leader, why)


def tactical_by_order(state: SoldiersState) -> bool:
    """An order given in a leader turn still undeclared declares it tactical: the risk level
    and event are rolled first [3B; 6.11]; whether it did (else the independent turn's
    selection rolls, 6.23)."""
    leader = _leader(state) if undeclared(state) else None
    if leader is None:
        return False
    _roll(state, leader, "an order given: a tactical turn, risk level and event rolled [6.11]")
    return True


def order_ap(state: SoldiersState, men: list[str]) -> tuple[float, str]:
    """The Action Points of an operational move's order, and why [6.3; 7.11]."""
    if any(m in state.troops.wounded for m in men):
        return operational.WOUNDED_AP, "an operational move, wounded: 3 AP [6.3; 7.11]"
    return operational.OPERATIONAL_AP, "an operational move: 8 AP [6.3]"
