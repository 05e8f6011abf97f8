"""What a Panzer Command game says of itself through the State API (:mod:`rules.engine.play`):
where play is in the turn's Preparation and Action Phases [§3.1] and a chit's Segment [§3.2],
what one side may know (the enemy's Dispatch Points and Direct Commands are secret [§22.1]),
and actions in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.actions import Action, Done, Move
from rules.engine.play import ActionFocus, Progress
from rules.panzer_command.actions import Dispatch, Fire, Improve, Rally, Select

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState


def progress(state: PcState) -> Progress:
    """The Game Turn, its phase or the Segment of the chit drawn, and what is left."""
    last = state.game.last_turn
    if state.play.over:
        return Progress(state.play.turn, last, "Game Turn", "", "the game is over", over=True)
    side = state.to_act()[0] if state.to_act() else None
    if state.play.phase == "segment" and state.play.chit is not None:
        direct = state.play.chit.endswith("direct-command")
        kind = "Direct Command" if direct else "Regiment Action"
        units = {a.unit for a in state.legal_actions() if isinstance(a, Move | Fire | Rally)}
        points = f", {state.command.dc[side]} Direct Command(s) left" if direct and side else ""
        left = f"an Action for each of {len(units)} unit(s), or pass{points}"
        phase, step, rule = f"{kind} Segment", f"Chit {state.play.chit}", "Panzer Command [§3.2]"
        done = "End the Segment"
    elif state.play.phase == "prep":
        phase, step, rule = "Preparation Phase", "Dispatch Points", "Panzer Command [§3.1 C]"
        left = f"{state.command.dp[side]} Dispatch Point(s): spend or pass" if side else ""
        done = "Pass"
    else:
        phase, rule = "Action Phase", "Panzer Command [§3.1]"
        step = (
            f"{len(state.command.cup)} chit(s) in the cup; select one with 2 Dispatch Points, "
            "or pass and draw"
        )
        left = f"{state.command.dp[side]} Dispatch Point(s): spend or pass" if side else ""
        done = "Pass"
    return Progress(
        turn=state.play.turn,
        last_turn=last,
        turn_word="Game Turn",
        phase=phase,
        step=step,
        rule=rule,
        step_id=state.play.phase,
        to_act=state.to_act(),
        left={side: left} if side else {},
        done_label=done,
        side_actions="Dispatch Points",
    )


def describe(state: PcState, action: Action) -> str:
    if isinstance(action, Move):
        steps = len(action.path)
        return f"Move to {action.path[-1]} ({steps} hex{'es' if steps != 1 else ''})"
    if isinstance(action, Fire):
        return f"Fire at {action.target}"
    if isinstance(action, Rally):
        return "Rally [§11.2]"
    if isinstance(action, Improve):
        return "Improve Position [§19]"
    if isinstance(action, Dispatch):
        return "Spend 1 Dispatch Point: second Regiment chit onto next turn [§3.1 C]"
    if isinstance(action, Select):
        return "Spend 2 Dispatch Points: activate the second Regiment chit now [§3.1]"
    if isinstance(action, Done):
        return "End the Segment" if state.play.phase == "segment" else "Pass"
    return action.text()


def concerns(state: PcState, action: Action) -> ActionFocus:
    named = state.game.hex_named
    if isinstance(action, Move):
        path = tuple(h for h in (named(p) for p in action.path) if h is not None)
        return ActionFocus(action.unit, "move", named(action.path[-1]), path, float(len(path)))
    if isinstance(action, Fire):
        return ActionFocus(action.unit, "fire", state.troops.hexes.get(action.target))
    if isinstance(action, Rally | Improve):
        return ActionFocus(action.unit)
    return ActionFocus(None)
