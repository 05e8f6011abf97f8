"""What a Panzer Command game says of itself through the State API (:mod:`rules.engine.play`):
where play is in the turn's Preparation and Action Phases [§3.1] and a chit's Segment [§3.2],
what one side may know (the enemy's Dispatch Points and Direct Commands are secret [§22.1]),
and actions in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.actions import Action, Done, Move
from rules.engine.play import ActionFocus, Progress
from rules.panzer_command.actions import (
    COMMAND,
    AirCall,
    Airstrike,
    Assault,
    Concentrate,
    Dismount,
    Dispatch,
    Fire,
    Improve,
    IndirectFire,
    Mount,
    MoveFire,
    OffMapFire,
    OpFire,
    Rally,
    Retreat,
    Select,
    SplitFire,
)
from rules.panzer_command.intel import SEGMENTS
from rules.panzer_command.moves import why_not_end_segment

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState


def progress(state: PcState) -> Progress:
    """The Game Turn, its phase or the Segment of the chit drawn, and what is left."""
    last = state.game.last_turn
    if state.play.over:
        return Progress(state.play.turn, last, "Game Turn", "", "the game is over", over=True)
    side = state.to_act()[0] if state.to_act() else None
    if state.reaction.trigger and side is not None:
        return _reaction_progress(state, side)
    if state.play.phase == "segment" and state.play.chit is not None:
        direct = state.play.chit.endswith("direct-command")
        kind = "Direct Command" if direct else "Regiment Action"
        units = {a.unit for a in state.legal_actions() if isinstance(a, Move | Fire | Rally)}
        points = f", {state.command.dc[side]} Direct Command(s) left" if direct and side else ""
        left = f"an Action for each of {len(units)} unit(s), or pass{points}"
        unstack = why_not_end_segment(state, side) if side else None
        if unstack is not None:  # the Segment does not end yet [§5.2]
            left = f"{unstack}; then {left}"
        phase, step, rule = f"{kind} Segment", f"Chit {state.play.chit}", "Panzer Command [§3.2]"
        done = "End the Segment"
    elif state.play.phase == "prep":
        phase, step, rule = "Preparation Phase", "Dispatch Points", "Panzer Command [§3.1 C]"
        left = f"{state.command.dp[side]} Dispatch Point(s): spend or pass" if side else ""
        done = "Pass"
    else:
        phase, rule = "Action Phase", "Panzer Command [§3.1]"
        # How many chits the cup holds is secret under Hidden Segment Determination [§22.1].
        count = "" if SEGMENTS in state.game.intel else f"{len(state.command.cup)} "
        step = f"{count}chit(s) in the cup; select one with 2 Dispatch Points, or pass and draw"
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


def _reaction_progress(state: PcState, side: str) -> Progress:
    """While an Action is held for the other side's answer [§8.2; §9.4]."""
    r = state.reaction
    if r.trigger == "choose":
        step, left = f"Close Assault on {r.exiting}: retreat?", "retreat units, or stand"
        rule, done = "Panzer Command [§9.4]", "Stand"
    else:
        step = f"Opportunity Fire at {r.target} ({r.trigger}, leaving {r.exiting})"
        left = f"{len(r.fires)} announced; announce more, or resolve"
        rule, done = "Panzer Command [§8.2]", "Resolve"
    return Progress(
        turn=state.play.turn,
        last_turn=state.game.last_turn,
        turn_word="Game Turn",
        phase="Opportunity Fire" if r.trigger != "choose" else "Close Assault",
        step=step,
        rule=rule,
        step_id=state.play.phase,
        to_act=(side,),
        left={side: left},
        done_label=done,
        side_actions="Dispatch Points",
    )


def describe(state: PcState, action: Action) -> str:
    if isinstance(action, Move):
        if action.path[-1].upper() == "OFF":
            where = action.path[-2] if len(action.path) > 1 else "its hex"
            return f"Exit the map from {where} [§5.3]"
        steps = len(action.path)
        return f"Move to {action.path[-1]} ({steps} hex{'es' if steps != 1 else ''})"
    if isinstance(action, Fire):
        return f"Fire at {action.target}"
    if isinstance(action, Rally):
        return "Rally [§11.2]"
    if isinstance(action, Improve):
        return "Improve Position [§19]"
    if isinstance(action, OpFire):
        paid = "for a Command" if action.mode == COMMAND else "on a Troop Quality roll"
        return f"Opportunity Fire at {action.target} {paid} [§8.2]"
    if isinstance(action, Assault):
        return f"Close Assault {action.target} [§9]"
    if isinstance(action, Concentrate):
        if action.hex.lower() == "off":
            return "Cease the Concentration [§10.3]"
        return f"Concentrate Fire on {action.hex} [§10]"
    if isinstance(action, Retreat):
        return f"Retreat to {action.path[-1]} [§9.4]"
    if isinstance(action, Mount):
        return f"Mount {action.carrier} [§13]"
    if isinstance(action, Dismount):
        return "Dismount [§13]"
    if isinstance(action, IndirectFire):
        if action.spotter == "counter-battery":
            return f"Counter-Battery Fire at {action.target} [§14.4; §14.5]"
        if action.spotter == "plotted":
            return f"Indirect Fire at {action.target} in a pre-plotted hex [§14.6]"
        who = "its own sight" if action.spotter == action.unit else action.spotter
        return f"Indirect Fire at {action.target}, spotted by {who} [§14.3]"
    if isinstance(action, OffMapFire):
        how = (
            "at a pre-plotted hex [§14.6]"
            if action.spotter == "plotted"
            else f"spotted by {action.spotter} [§14.3]"
        )
        return f"Off-map fire from beyond {action.edge} at {action.target}, {how} [§14.5]"
    if isinstance(action, MoveFire):
        return "Move/Fire: move at half allowance and fire at -4, in either order [§24.1]"
    if isinstance(action, SplitFire):
        return f"Split Fire at {action.target} and {action.second}, half strength each [§24.3]"
    if isinstance(action, AirCall):
        return "Call the airpower: airstrikes this Segment [§18.2; §18.4]"
    if isinstance(action, Airstrike):
        return f"Airstrike at {action.target}, for a Direct Command [§18.4]"
    if isinstance(action, Dispatch):
        return "Spend 1 Dispatch Point: second Regiment chit onto next turn [§3.1 C]"
    if isinstance(action, Select):
        return "Spend 2 Dispatch Points: activate the second Regiment chit now [§3.1]"
    if isinstance(action, Done):
        if state.reaction.trigger == "choose":
            return "Stand: no more retreats [§9.4]"
        if state.reaction.trigger:
            return "No more Opportunity Fire: resolve [§8.2]"
        return "End the Segment" if state.play.phase == "segment" else "Pass"
    return action.text()


def concerns(state: PcState, action: Action) -> ActionFocus:
    named = state.game.hex_named
    if isinstance(action, Move):
        path = tuple(h for h in (named(p) for p in action.path) if h is not None)
        end = path[-1] if path else state.troops.hexes.get(action.unit)
        return ActionFocus(action.unit, "move", end, path, float(len(path)))
    if isinstance(action, Airstrike):
        return ActionFocus(None, "fire", state.troops.hexes.get(action.target))
    if isinstance(action, Fire | OpFire | Assault | IndirectFire | OffMapFire | SplitFire):
        return ActionFocus(action.unit, "fire", state.troops.hexes.get(action.target))
    if isinstance(action, Concentrate):
        return ActionFocus(action.unit, "fire", named(action.hex))
    if isinstance(action, Retreat):
        path = tuple(h for h in (named(p) for p in action.path) if h is not None)
        return ActionFocus(action.unit, "move", named(action.path[-1]), path, 0.0)
    if isinstance(action, Rally | Improve | Mount | Dismount | MoveFire):
        return ActionFocus(action.unit)
    return ActionFocus(None)
