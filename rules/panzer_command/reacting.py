"""The other side's answers while an Action of the active side is held [§8; §9.4]: what it may
do, and how the held Action goes on once it is done (``done SIDE``).

A held move, Close Assault, retreat or advance waits for the enemy's Opportunity Fire
(:mod:`rules.panzer_command.opportunity`); a Close Assault waits, after a Round, for the
defending side's retreats (:mod:`rules.panzer_command.assault`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.actions import Action
from rules.panzer_command.assault import (
    CHOOSE,
    resume_advance,
    resume_assault,
    resume_retreat,
    retreat_options,
    stand,
    why_not_stand,
)
from rules.panzer_command.moves import resume_move
from rules.panzer_command.opportunity import options, resolve
from rules.panzer_command.records import Reaction

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState


def reaction_options(state: PcState, side: str) -> list[Action]:
    """What ``side`` may do while the Action is held, ``done`` aside."""
    if state.reaction.trigger == CHOOSE:
        return list(retreat_options(state))
    return list(options(state, side))


def why_not_done(state: PcState) -> str | None:
    """Why the reacting side may not be done now, or None."""
    return why_not_stand(state) if state.reaction.trigger == CHOOSE else None


def answered(state: PcState) -> None:
    """The reacting side is done: resolve its Opportunity Fires and go on with the held
    Action, or, after a Round, go on with the Close Assault [§8.2; §9.4]."""
    held = state.reaction
    if held.trigger == CHOOSE:
        state.reaction = Reaction()
        stand(state)
        return
    resolve(state)
    state.reaction = Reaction()
    go_on = {
        "move": resume_move,
        "assault": resume_assault,
        "retreat": resume_retreat,
        "advance": resume_advance,
    }[held.trigger]
    go_on(state, held)
