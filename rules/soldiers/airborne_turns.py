"""Scenario 26's first Command Cycle: a US leader chit as a leader or an independent chit
[26.3].

"All US leader command chits may function either as leader or independent chits for the
entirety of the first Command Cycle; during the second and subsequent Command Cycles, leader
command chits may initiate only leader turns (unless, of course, the leader is disabled)"
(printed among 26.3's US Special Rules).

- When: in Command Cycle 1, an activated chit of the US whose leader may lead the turn (a squad,
  assistant squad or platoon leader's chit, its leader able: :func:`rules.soldiers.command.
  begin_action_phase`), in a game whose special rules in force hold the rule (scenario 26's text
  rule, :data:`rules.soldiers.scenario_rules.PLAYED`). Nothing is rolled before the choice. A
  disabled leader's chit is an independent chit anyway [6.27]; from Command Cycle 2 only leader
  turns, as in every other scenario.
- How: ``chit-as SIDE leader`` plays the leader turn as ever (rolled at once, or awaiting the
  operational or tactical declaration far from the enemy [3B; 6.3]); ``chit-as SIDE
  independent`` plays an independent turn as a disabled leader's chit does [6.27]: one man (or
  group [6.24]) of the chit's squad, or a heavy-weapons soldier [6.29], not ordered in the
  previous Action Phase, selected before the risk level is rolled on his initiative [6.23]. Our
  reading: a leaderless squad attached to the chit's squad [6.27] takes its leaders' orders in
  leader turns only, so it is not selected; a platoon leader's chit selects the platoon leader
  himself or a heavy-weapons soldier (as his chit does when he is disabled [6.27]); the leader
  of an independent turn was not "the active leader", so he may be ordered in the next Action
  Phase [6.21; 6.23].
- Kept: ``state.active.chit_as`` (``asked``, ``leader``, ``independent``; None where there was
  no choice) in clones, fingerprints and position files (``turn.chit_as``).
- The bots: the heuristic bot takes a leader turn when the leader has two or more other men in
  command (within two hexes and in sight [6.21]), else an independent turn (our reading: a
  leader turn's orders are worth more than one order only when there are men to give them to);
  the random bot picks either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action
from rules.engine.errors import ActionSyntaxError
from rules.soldiers.actions import ChitMoved, ChoiceAsked
from rules.soldiers.units import HEAVY

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The rule's words as the scenario gives them (its source and beginning), and the side.
SOURCE, WORDS = "Soldiers (26.3)", "All US leader command chits may function either as leader"
SIDE = "us"
ASKED, LEADER, INDEPENDENT = "asked", "leader", "independent"
KINDS = (LEADER, INDEPENDENT)
#: The heuristic bot's leader turn: the leader has at least this many other men in command.
LEADER_MEN = 2


@dataclass(frozen=True)
class ChitAs(Action):
    """The US player plays his activated leader chit as a leader or an independent chit in
    the first Command Cycle [26.3]."""

    verb: ClassVar[str] = "chit-as"
    side: str
    kind: str

    def text(self) -> str:
        return f"{self.verb} {self.side} {self.kind}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> ChitAs:
        if len(args) != 2 or args[1].lower() not in KINDS:
            raise ActionSyntaxError(f"'{line}': write 'chit-as SIDE leader|independent'")
        return cls(args[0], args[1].lower())


def in_force(state: SoldiersState) -> bool:
    """Whether the game's special rules in force hold 26.3's rule."""
    from rules.soldiers.scenario_rules import FIRST_CYCLE_CHITS, played

    return any(played(r) == FIRST_CYCLE_CHITS for r in state.game.rules_in_force())


def offers(state: SoldiersState, chit_id: str) -> bool:
    """Whether the activated chit, whose leader may lead its turn, may be played as an
    independent chit instead: a US chit in Command Cycle 1 [26.3]."""
    chit = state.game.chits[chit_id]
    return (
        state.play.cycle == 1 and chit.side == SIDE and chit.leader is not None and in_force(state)
    )


def ask(state: SoldiersState, chit_id: str) -> None:
    """The US player is asked how his activated leader chit acts; nothing is rolled yet
    [26.3]."""
    turn = state.active
    turn.chit_as, turn.rolled = ASKED, False
    turn.in_command, turn.orders_left = set(), 0
    leader = state.game.chits[chit_id].leader
    why = (
        "in the first Command Cycle all US leader command chits may function either as leader "
        "or independent chits [26.3]"
    )
    who = state.game.unit_name(str(leader))
    state.emit(ChoiceAsked(SIDE, f"a leader turn for {who} or an independent turn", why))


def asked(state: SoldiersState) -> bool:
    return state.play.phase == "action" and state.active.chit_as == ASKED


def independent(state: SoldiersState) -> bool:
    """Whether the active leader chit was played as an independent chit [26.3]."""
    return state.active.chit_as == INDEPENDENT


def options(state: SoldiersState, side: str | None = None) -> list[Action]:
    if not asked(state) or side not in (None, SIDE):
        return []
    return [ChitAs(SIDE, LEADER), ChitAs(SIDE, INDEPENDENT)]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits, only it is legal; the choice only then [26.3]."""
    if isinstance(action, ChitAs):
        if not asked(state) or action.side != SIDE or action.kind not in KINDS:
            return (
                "only a US leader chit activated in the first Command Cycle of scenario 26 is "
                "played as a leader or an independent chit [26.3]"
            )
        return None
    if asked(state):
        return "the US player first plays his leader chit as a leader or independent chit [26.3]"
    return None


def selectable(state: SoldiersState, chit_id: str, squad: list[str]) -> set[str]:
    """The men an independent turn of the chit may select [6.23; 6.29]: its squad's and the
    heavy-weapons soldiers, not ordered in the previous Action Phase."""
    game = state.game
    chit = game.chits[chit_id]
    heavy = f"{chit.side}.{HEAVY}"
    mine = {m for m in squad if game.men[m].squad in (chit.squad, heavy)}
    return mine - state.active.prev_ordered


def choose(state: SoldiersState, action: ChitAs) -> None:
    """Play the chit as chosen [26.3; 6.2; 6.23]."""
    from rules.soldiers.command import _squad, independent_turn, lead

    chit_id = str(state.active.chit)
    leader = str(state.game.chits[chit_id].leader)
    space = state.track.space[chit_id]
    state.active.chit_as = action.kind
    if action.kind == LEADER:
        why = f"a leader turn for {leader}, the first Command Cycle's choice [26.3; 6.21]"
        state.emit(ChitMoved(chit_id, space, why))
        lead(state, chit_id, leader)
        return
    why = (
        "an independent chit, the first Command Cycle's choice: one man or group of the squad "
        "selected before the risk level [26.3; 6.23; 6.27]"
    )
    state.emit(ChitMoved(chit_id, space, why))
    independent_turn(state, selectable(state, chit_id, _squad(state, chit_id)))


def in_command(state: SoldiersState, leader: str) -> int:
    """The other men the leader would have in command [6.21]."""
    from rules.soldiers.command import _squad

    chit_id = str(state.active.chit)
    hexes = state.troops.hexes
    at = hexes.get(leader)
    if at is None:
        return 0
    return sum(
        1
        for m in _squad(state, chit_id)
        if m != leader
        and m in hexes
        and m not in state.active.prev_ordered
        and at.distance(hexes[m]) <= 2
        and state.sees(at, hexes[m])
    )


def default(state: SoldiersState) -> str:
    """The heuristic bot's choice (our reading): a leader turn with two or more other men in
    the leader's command, else an independent turn [26.3; 6.21]."""
    leader = str(state.game.chits[str(state.active.chit)].leader)
    return LEADER if in_command(state, leader) >= LEADER_MEN else INDEPENDENT


# --- in words ----------------------------------------------------------------------------------


def step(state: SoldiersState) -> str:
    leader = str(state.game.chits[str(state.active.chit)].leader)
    return (
        f"Play the chit as a leader turn for {state.game.unit_name(leader)} or as an "
        "independent chit: the first Command Cycle [26.3]"
    )


def describe(state: SoldiersState, action: ChitAs) -> str:
    leader = str(state.game.chits[str(state.active.chit)].leader)
    if action.kind == LEADER:
        return f"A leader turn for {state.game.unit_name(leader)} [26.3]"
    return "An independent turn: one man or group of the squad [26.3; 6.23]"


def preview(state: SoldiersState, action: ChitAs) -> tuple[str, tuple[str, ...]]:
    """What the choice does [26.3]."""
    leader = str(state.game.chits[str(state.active.chit)].leader)
    if action.kind == LEADER:
        count = in_command(state, leader)
        text = (
            f"{state.game.unit_name(leader)} gives orders to men of his squad in command "
            f"({count} other(s) within 2 hexes and in sight), the risk level on his initiative "
            "[6.21; 6.11]"
        )
        return text, ("leader turn [26.3; 6.21]",)
    text = (
        "one man or group of the squad, selected first, takes one order; the risk level on "
        "his (the group's lowest) initiative [6.23; 6.11]"
    )
    return text, ("independent turn [26.3; 6.23; 6.27]",)
