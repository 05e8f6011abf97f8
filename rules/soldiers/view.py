"""What a Soldiers game says of itself through the State API (:mod:`rules.engine.play`): where
play is in the Command Cycle [5.2] and its Action Phase [6], and actions in words. What one
side may know is :meth:`rules.soldiers.game.SoldiersState.view_for`'s: the enemy's hidden MGs
left out [14.11], an enemy radio's mark only once its marker is placed [17.11]
(:mod:`rules.soldiers.radio_marker`); the men's marks are
:meth:`rules.soldiers.game.SoldiersState.positions`'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.actions import Action, Done, Move
from rules.engine.play import ActionFocus, Progress
from rules.soldiers import (
    airborne_turns,
    attach_choice,
    bidding,
    bridges,
    chit_loss,
    damage_choice,
    destroying,
    fire_support,
    radio_choice,
    reaction_choice,
    rifle_grenades,
    smoke,
    stand_up,
    support,
    wire,
)
from rules.soldiers.actions import (
    ClearJam,
    Commit,
    MoveOff,
    OrderMan,
    React,
    Reload,
    SelfSuppress,
    Shoot,
    Throw,
)
from rules.soldiers.carrying import Drop, PickUp
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.destroying import DestroyEquipment
from rules.soldiers.equipment import Exchange, weaponless
from rules.soldiers.fire_support_actions import CancelCall, Radio, ThrowSatchel
from rules.soldiers.groups import OrderGroup
from rules.soldiers.handover import TakeGrenades
from rules.soldiers.hidden_gun_choice import HiddenGunChoice
from rules.soldiers.kit import TakeKit
from rules.soldiers.kit import describe as describe_kit
from rules.soldiers.melee import HandToHand, LineUp
from rules.soldiers.moves import step_cost
from rules.soldiers.names import chit_title, chit_words
from rules.soldiers.operational_turns import Declare, leader_waits
from rules.soldiers.prisoners import KillPrisoner
from rules.soldiers.support_actions import SupportAction
from rules.soldiers.weapons import carried

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _damage_step(state: SoldiersState) -> tuple[str, str, str]:
    """A choice of the man waiting [8.41; 8.43; 8.82; 18.41]: the step, its rule, what is
    left."""
    pending = damage_choice.waiting(state)
    assert pending is not None
    rule = damage_choice.rule(pending)
    left = "choose the man: one of the take-damage actions"
    if rule == "8.81":
        left = "place the man: one of the line-up actions"
    return damage_choice.step(state), f"Soldiers ({rule})", left


def progress(state: SoldiersState) -> Progress:
    """The Command Cycle, its phase and the chit acting, and what is left."""
    game = state.game
    if state.play.over:
        return Progress(
            state.play.cycle, game.cycles, "Command Cycle", "", "the game is over", over=True
        )
    side = state.to_act()[0] if state.to_act() else None
    if state.play.phase == "action" and state.active.chit is not None:
        turn = state.active
        chit = _capital(chit_title(state, state.active.chit))
        step = f"{chit} at {turn.risk}, {turn.orders_left} order(s) left"
        if turn.operational_turn:
            step = f"{chit}, an operational turn: 8 AP moves, {turn.orders_left} order(s) left"
        elif airborne_turns.asked(state):
            step = f"{chit}: {airborne_turns.step(state)}"
        elif leader_waits(state):
            step = f"{chit}: declare an operational or a tactical turn [3B; 6.3]"
        elif not turn.rolled:
            step = f"{chit}: select the man to act; his initiative sets the risk [6.23]"
        if turn.current is not None:
            step += f"; {_acting(state)} has {turn.ap:g} AP"
        if state.artillery.free_call is not None:
            step += f"; {state.artillery.free_call} may make a free artillery call [17.25]"
        if turn.held is not None:
            step = f"{turn.held.owner} may reveal a hidden MG before the operational move [14.12]"
        if turn.reaction is not None:
            step = (
                f"{turn.reaction.side} may react to the enemy in {turn.reaction.hex}: declare "
                "reaction fire or suppression, then resolve [8.6]"
            )
        phase, rule, done = "Action Phase", "Soldiers (6)", "End the Action Phase"
        left = f"{state.active.orders_left} order(s) to give, then End"
        if airborne_turns.asked(state):
            rule, left = "Soldiers (26.3)", "choose a leader turn or an independent turn"
        if turn.reaction is not None:
            rule, done = "Soldiers (8.6)", "Resolve the reactions (or hold fire)"
            left = "declare each man's reaction, then resolve"
        if damage_choice.waiting(state) is not None:
            step, rule, left = _damage_step(state)
        if turn.fire_types is not None:
            step, rule = reaction_choice.step(state), "Soldiers (8.63)"
            left = "choose the fire type: one of the reaction-type actions"
        if turn.wrecking is not None:
            step, rule = destroying.step(state), "Soldiers (9.5)"
            left = "name the equipment destroyed, then keep the rest"
    elif state.play.phase == "operational":
        phase, rule, done = "Operational moves", "Soldiers (6.33)", "End the operational moves"
        step = "Give each man one operational move: 8 AP, never near or in sight of the enemy"
        if state.active.current is not None:
            step += f"; {state.active.current} has {state.active.ap:g} AP"
        if state.active.held is not None:
            step = f"{state.active.held.owner} may reveal a hidden MG before the move [14.12]"
        left = "order men to move, then End"
        if damage_choice.waiting(state) is not None:
            step, rule, left = _damage_step(state)
    elif state.play.standing is not None:
        phase, rule, done = "End of the Command Cycle", "Soldiers (4)", "Leave the rest suppressed"
        step, left = stand_up.step(state), "stand men up, then leave the rest suppressed"
    elif state.track.bidding in game.sides:
        phase, rule, done = "Command Phase", "Soldiers (5.31)", "Do not bid"
        step, left = _bidding(state)
    else:
        phase, rule, done = "Command Phase", "Soldiers (5.2)", "Pass"
        step, left = "Commit a chit one space down, or pass", "commit a chit, or pass"
    if state.track.attaching is not None and damage_choice.waiting(state) is None:
        step, rule = attach_choice.step(state), "Soldiers (6.27)"
        left = "choose the squad: one of the attach actions"
    if (
        state.track.losing is not None
        and damage_choice.waiting(state) is None
        and state.active.fire_types is None
    ):  # the chit his squad loses [6.28]
        step, rule = chit_loss.step(state), "Soldiers (6.28)"
        left = "remove a chit: one of the remove-chit actions"
    if state.kit.choosing:  # before any other action [17.1]
        step, rule = radio_choice.step(state), "Soldiers (17.1)"
        left = "assign the radio: one of the assign-radio actions"
    return Progress(
        turn=state.play.cycle,
        last_turn=game.cycles,
        turn_word="Command Cycle",
        phase=phase,
        step=step,
        rule=rule,
        step_id=state.play.phase,
        to_act=state.to_act(),
        left={side: left} if side else {},
        done_label=done,
        side_actions="Command chits",
    )


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _acting(state: SoldiersState) -> str:
    """The man under orders, or the group acting together, by name [6.24; 7.1]."""
    turn, name = state.active, state.game.unit_name
    men = [m for m in turn.group if m in state.troops.hexes] if turn.group else []
    if len(men) > 1:
        return f"the group ({', '.join(name(m) for m in men[:-1])} and {name(men[-1])})"
    return name(turn.current) if turn.current is not None else ""


def _bidding(state: SoldiersState) -> tuple[str, str]:
    """Bidding [5.31-5.33] in words: where each committed chit stands, who wins as they
    stand, what the side to bid may do."""
    track = state.track
    names = {s.id: s.name or s.id for s in state.game.scenario.sides}
    held = [(s, c) for s, c in track.committed.items() if c is not None]
    stand = "; ".join(f"{names[s]}: {chit_words(state, c)} in {track.space[c]}" for s, c in held)
    winner = bidding.leader_side(state)
    wins = f"; {names.get(winner or '', winner)} would win (the lower space; a tie, the advantage"
    step = f"Bid for the Action Phase: {stand}{wins + ' [5.33])' if winner else ''}"
    return step, "move the committed chit lower, or do not bid"


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, SupportAction):
        return support.describe(state, action)
    if isinstance(action, Move):
        steps = len(action.path)
        group = [m for m in state.active.group if m in state.troops.hexes]
        who = f"the group of {len(group)} " if len(group) > 1 and action.unit in group else ""
        ap = _ap(state, action)
        spent = f", {ap:g} AP" if ap is not None else ""  # [7.21]
        return f"Move {who}to {action.path[-1]} ({steps} hex{'es' if steps != 1 else ''}{spent})"
    if isinstance(action, OrderMan):
        return "Give an order [6.21]"
    if isinstance(action, Declare):
        if action.kind == "operational":
            return "Declare an operational turn: 8 AP moves, no risk roll [6.3; 6.32]"
        return "Declare a tactical turn: roll for risk level and event [6.1]"
    if isinstance(action, reaction_choice.ReactionType):
        return reaction_choice.describe(state, action)  # [8.63]
    if isinstance(action, attach_choice.Attach):
        return attach_choice.describe(state, action)  # [6.27]
    if isinstance(action, airborne_turns.ChitAs):
        return airborne_turns.describe(state, action)  # [26.3]
    if isinstance(action, radio_choice.AssignRadio):
        return radio_choice.describe(state, action)  # [17.1]
    if isinstance(action, chit_loss.RemoveChit):
        return chit_loss.describe(state, action)  # [6.28]
    if isinstance(action, destroying.DestroyItem) or (
        isinstance(action, Done) and state.active.wrecking is not None
    ):
        return destroying.describe(state, action)  # [9.5]
    if isinstance(action, stand_up.StandUp) or (
        isinstance(action, Done) and state.play.standing is not None
    ):
        return stand_up.describe(state, action)  # [4]
    if isinstance(action, TakeDamage):
        return damage_choice.describe(state, action.man)  # [8.41; 8.82; 18.41]
    if isinstance(action, LineUp):
        return damage_choice.describe(state, action.man, action.opposite)  # [8.81]
    if isinstance(action, HiddenGunChoice):
        if action.choice == "reveal":
            return f"Reveal the hidden {action.gun}: the operational move is not made [14.12]"
        return f"Keep the {action.gun} hidden until the mover enters its sight [14.12]"
    if isinstance(action, bidding.Bid):
        return f"Bid {chit_words(state, action.chit)} down to {action.space} [5.31]"
    if isinstance(action, OrderGroup):
        names = ", ".join(state.game.unit_name(m) for m in action.men)
        return f"Order a group of {len(action.men)}: {names} [6.24]"
    if isinstance(action, Shoot):
        return f"Shoot at {action.hex} ({action.fire_type} fire)"
    if isinstance(action, Commit):
        where = state.track.space[action.chit]
        return f"Commit {chit_words(state, action.chit)} (in {where}) [5.2]"
    if isinstance(action, MoveOff):
        return "Move off the map [7.26]"
    if isinstance(action, Exchange):
        mine, theirs = carried(state, action.man).code, carried(state, action.other).code
        other = state.game.unit_name(action.other)
        if weaponless(state, action.man):  # a relieved crewman, his pistol kept [14.13; 11.1]
            return f"Take the weapon of {other}: his {theirs}, giving none [7.33; 14.13]"
        return f"Exchange weapons with {other}: {mine} for {theirs} [7.33]"
    if isinstance(action, KillPrisoner):
        return f"Kill the prisoner {state.game.unit_name(action.prisoner)} [9.7]"
    if isinstance(action, smoke.ACTIONS):
        return smoke.describe(state, action)  # [12.5; 12.54]
    if isinstance(action, wire.RemoveWire):
        return wire.describe(state, action)  # [18.32]
    if isinstance(action, bridges.ACTIONS):
        return bridges.describe(state, action)  # [26.2]
    if isinstance(action, rifle_grenades.FireGrenade):
        return rifle_grenades.describe(state, action)  # [12.6]
    if isinstance(action, DestroyEquipment):
        return "Destroy equipment of the disabled and captured men in his hex: 1 AP [9.5]"
    if isinstance(action, PickUp):
        other = state.game.unit_name(action.other)
        return f"Pick up {other}: all his AP; +1 AP a hex, only movement while carrying [11.3]"
    if isinstance(action, Drop):
        return "Drop the disabled man he carries: free [11.3]"
    if isinstance(action, TakeGrenades):
        some = f"{action.count} of the grenades" if action.count else "the grenades"
        return f"Take {some} of {state.game.unit_name(action.other)} [7.33; 12]"
    if isinstance(action, TakeKit):
        return describe_kit(state, action)  # [7.33; 14.13; 16.21; 17.11]
    if isinstance(action, SelfSuppress):
        return f"{state.game.unit_name(action.man)}: suppress himself, ending his actions [7.41]"
    if isinstance(action, ClearJam):
        return "Clear the jammed weapon [7.32]"
    if isinstance(action, Reload):
        return "Reload a clip [8.52]"
    if isinstance(action, Throw):
        return f"Throw a grenade at {action.hex} [12.1]"
    if isinstance(action, HandToHand):
        how = ", trying to capture [9.1]" if action.capture else ""
        return f"Hand-to-hand combat with every enemy in the hex{how} [8.8]"
    if isinstance(action, Radio | CancelCall | ThrowSatchel):
        return fire_support.describe(state, action)  # [16.22; 17.2]
    if isinstance(action, React):
        window = state.active.reaction
        at = window.hex if window is not None else "the active man"
        name = state.game.unit_name(action.man)
        if action.how == "fire":
            return f"{name}: reaction fire at {at} [8.6]"
        return f"{name}: suppress himself in reaction [8.64]"
    if isinstance(action, Done) and state.active.reaction is not None:
        if state.active.reaction.declared:
            return "Resolve the declared reactions [8.62]"
        return "Hold fire [8.62]"
    if (
        isinstance(action, Done)
        and state.play.phase == "command"
        and state.track.bidding in state.game.sides
    ):
        return "Do not bid [5.31]"
    if isinstance(action, Done):
        if state.play.phase == "operational":
            return "End the operational moves [6.33]"
        return "End the Action Phase" if state.play.phase == "action" else "Pass"
    return action.text()


def concerns(state: SoldiersState, action: Action) -> ActionFocus:
    named = state.game.hex_named
    if isinstance(action, SupportAction):
        return support.concerns(state, action)
    if isinstance(action, Move):
        path = tuple(h for h in (named(p) for p in action.path) if h is not None)
        return ActionFocus(action.unit, "move", named(action.path[-1]), path, _ap(state, action))
    if isinstance(action, Shoot):
        return ActionFocus(action.man, "fire", state.game.hex_named(action.hex))
    if isinstance(action, Throw):
        return ActionFocus(action.man, "fire", state.game.hex_named(action.hex))
    if isinstance(action, Radio | CancelCall | ThrowSatchel):
        return fire_support.concerns(state, action)  # [16.22; 17.2]
    if isinstance(action, reaction_choice.ReactionType):
        typed = state.active.fire_types
        at = state.game.hex_named(typed.hex) if typed is not None else None
        return ActionFocus(action.man, "fire", at)
    if isinstance(action, React):
        window = state.active.reaction
        at = state.game.hex_named(window.hex) if window is not None else None
        return ActionFocus(action.man, "fire" if action.how == "fire" else "other", at)
    if isinstance(action, HandToHand):
        return ActionFocus(action.man, "fire", state.troops.hexes.get(action.man))
    if isinstance(action, destroying.DestroyItem):
        return ActionFocus(action.other, "other", state.troops.hexes.get(action.other))
    if isinstance(action, TakeDamage | LineUp | stand_up.StandUp | radio_choice.AssignRadio):
        return ActionFocus(action.man, "other", state.troops.hexes.get(action.man))
    if isinstance(
        action,
        OrderMan
        | MoveOff
        | ClearJam
        | Reload
        | SelfSuppress
        | Exchange
        | PickUp
        | Drop
        | TakeGrenades
        | TakeKit,
    ):
        return ActionFocus(action.man)
    if isinstance(action, smoke.ACTIONS):
        return smoke.concerns(state, action)  # [12.5; 12.54]
    if isinstance(action, wire.RemoveWire):
        return wire.concerns(state, action)  # [18.32]
    if isinstance(action, bridges.ACTIONS):
        return bridges.concerns(state, action)  # [26.2]
    if isinstance(action, rifle_grenades.FireGrenade):
        return rifle_grenades.concerns(state, action)  # [12.6]
    if isinstance(action, DestroyEquipment):
        return ActionFocus(action.man, "other", state.troops.hexes.get(action.man))
    if isinstance(action, KillPrisoner):
        return ActionFocus(action.man, "other", state.troops.hexes.get(action.prisoner))
    if isinstance(action, OrderGroup):
        return ActionFocus(action.men[0])
    return ActionFocus(None)


def _ap(state: SoldiersState, action: Move) -> float | None:
    """The Action Points a move's path costs [7.21], for the map's reach; None when a step of
    it may not be taken (or the move is not one from where the man stands: one made before)."""
    at, spent = state.troops.hexes.get(action.unit), 0.0
    for name in action.path:
        to = state.game.by_name.get(name.upper())
        if to is None or (at is not None and at.distance(to) != 1):
            return None
        cost = step_cost(state, action.unit, at, to)
        if cost is None:
            return None
        spent, at = spent + cost, to
    return spent
