"""Whether a Soldiers action is legal now and why not (the checks the state makes before
applying it), and what it would do without applying it and without the game's dice (STYLE point
24): the Action Points an order gives and a move or a shot spends [6.2; 7.1; 7.21], the chit's
move down the Command Track [5.2], and for a shot the hit chance worked out by the engine's own
procedure up to the die: the weapon's table at the fire type and range, and the cumulative
modifiers [8.3-8.32]; a d10 at or under it hits.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from rules.engine.actions import Action, Done, Move
from rules.engine.play import Chance, Preview
from rules.soldiers import (
    airborne_turns,
    attach_choice,
    bidding,
    bridges,
    carrying,
    chit_loss,
    damage_choice,
    destroying,
    equipment,
    fire_support,
    groups,
    handover,
    hidden_gun_choice,
    kit,
    melee,
    operational,
    operational_turns,
    prisoners,
    radio_choice,
    reaction_choice,
    rifle_grenades,
    smoke,
    stand_up,
    support,
    suppression,
    view,
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
from rules.soldiers.command import UNSUPPRESS_AP, number, why_not_leader
from rules.soldiers.exits import EXIT_AP, why_not_move_off
from rules.soldiers.fire import FIRE_AP, hit_chance, must_spot, spot_chance, why_not_shoot
from rules.soldiers.fire_support_actions import FIRE_SUPPORT_ACTIONS
from rules.soldiers.grenades import THROW_AP, throw_chance, why_not_throw
from rules.soldiers.moves import step_cost, why_not_move
from rules.soldiers.names import chit_title
from rules.soldiers.reaction import first_stop, reaction_odds, why_not_react
from rules.soldiers.support_actions import Overwatch, SupportAction
from rules.soldiers.weapons import MAINTENANCE_AP, why_not_maintain

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def why_not(state: SoldiersState, action: Action) -> str | None:
    """Why ``action`` may not be applied now, or None; a group's order and its men's actions
    by :mod:`rules.soldiers.groups` [6.24; 7.1]; the ordered men in an enemy-occupied hex
    limited [8.83]."""
    radio = radio_choice.why_not(state, action)  # the man who carries his radio [17.1]
    if radio is not None or isinstance(action, radio_choice.AssignRadio):
        return radio
    damage = damage_choice.why_not(state, action)  # the man who takes the damage [8.41]
    if damage is not None or isinstance(action, damage_choice.TakeDamage | melee.LineUp):
        return damage
    typed = reaction_choice.why_not(state, action)  # his reaction fire's types [8.63]
    if typed is not None or isinstance(action, reaction_choice.ReactionType):
        return typed
    losing = chit_loss.why_not(state, action)  # the chit his squad loses [6.28]
    if losing is not None or isinstance(action, chit_loss.RemoveChit):
        return losing
    attaching = attach_choice.why_not(state, action)  # a leaderless squad's owner [6.27]
    if attaching is not None or isinstance(action, attach_choice.Attach):
        return attaching
    standing = stand_up.why_not(state, action)  # the suppressed men who stand up [4]
    if standing is not None or isinstance(action, stand_up.StandUp):
        return standing
    if state.play.standing is not None:
        return None  # the rest stay suppressed [4]
    wrecking = destroying.choice_why_not(state, action)  # what his man destroys [9.5]
    if wrecking is not None or isinstance(action, destroying.DestroyItem):
        return wrecking
    if state.active.wrecking is not None:
        return None  # the rest of the equipment kept [9.5]
    chosen = hidden_gun_choice.why_not(state, action)  # a hidden MG's owner first [14.12]
    if chosen is not None or isinstance(action, hidden_gun_choice.HiddenGunChoice):
        return chosen
    chit_as = airborne_turns.why_not(state, action)  # 26's first cycle [26.3]
    if chit_as is not None or isinstance(action, airborne_turns.ChitAs):
        return chit_as
    declared = operational_turns.why_not(state, action)  # [3B; 6.3; 6.31]
    if declared is not None or isinstance(action, operational_turns.Declare):
        return declared
    engaged = melee.why_not_engaged(state, action)
    if engaged is not None and state.active.reaction is None:
        return engaged
    if isinstance(action, bidding.Bid):
        return bidding.why_not_bid(state, action)
    if isinstance(action, Commit) and bidding.bidding(state):
        return "bidding: move the committed chit lower, or done [5.31]"
    if isinstance(action, groups.OrderGroup):
        if state.active.reaction is not None:
            return f"{state.active.reaction.side} reacts first [8.6]"
        return groups.why_not_group(state, action)
    if (
        isinstance(action, groups.MEMBER_ACTIONS)
        and state.active.reaction is None
        and groups.in_group(state, action.man)
    ):
        return groups.why_not_member(state, action, lambda: _why_not(state, action))
    return _why_not(state, action)


def _why_not(state: SoldiersState, action: Action) -> str | None:
    if isinstance(action, Done):
        return None if action.side in state.to_act() else f"{action.side} may not act now"
    burdened = carrying.why_not_carrying(state, action)  # only movement [11.3]
    if burdened is not None:
        return burdened
    if isinstance(action, React):
        return why_not_react(state, action)
    if state.active.reaction is not None:
        return f"{state.active.reaction.side} reacts first [8.6]"
    if isinstance(action, SupportAction):
        return support.why_not(state, action)  # overwatch, MGs, flamethrowers [13-15]
    if isinstance(action, SelfSuppress):
        return suppression.why_not(state, action)  # [7.41]
    if isinstance(action, equipment.Exchange):
        return equipment.why_not(state, action)  # [7.33]
    if isinstance(action, carrying.ACTIONS):
        return carrying.why_not(state, action)  # [11.3]
    if isinstance(action, handover.TakeGrenades):
        return handover.why_not(state, action)  # [7.33; 12]
    if isinstance(action, kit.TakeKit):
        return kit.why_not(state, action)  # [7.33; 14.13; 16.21; 17.11]
    if isinstance(action, prisoners.KillPrisoner):
        return prisoners.why_not(state, action)  # [9.7]
    if isinstance(action, destroying.DestroyEquipment):
        return destroying.why_not(state, action)  # [9.5]
    if isinstance(action, smoke.ACTIONS):
        return smoke.why_not(state, action)  # [12.5; 12.54]
    if isinstance(action, wire.RemoveWire):
        return wire.why_not(state, action)  # [18.32]
    if isinstance(action, bridges.ACTIONS):
        return bridges.why_not(state, action)  # [26.2]
    if isinstance(action, rifle_grenades.FireGrenade):
        return rifle_grenades.why_not(state, action)  # [12.6]
    if isinstance(action, ClearJam | Reload):
        return why_not_maintain(state, action)
    if isinstance(action, FIRE_SUPPORT_ACTIONS):
        return fire_support.why_not(state, action)  # radio, satchel [16.2; 17.2]
    if isinstance(action, Throw):
        return why_not_throw(state, action)
    if isinstance(action, melee.HandToHand):
        return melee.why_not(state, action)  # [8.8]
    if isinstance(action, Commit):
        chit = state.game.chits.get(action.chit)
        if state.play.phase != "command" or chit is None or chit.side not in state.to_act():
            return "not a chit of the side to commit [5.2]"
        if action.chit not in state.committable(chit.side):
            return (
                "not from 0 or Exhausted, not the chit active in the previous Action Phase, one "
                "committed chit a side [5.2]"
            )
        return None
    if isinstance(action, OrderMan):
        if state.play.phase == "action" and action.man in state.active.in_command:
            rank = why_not_leader(state, action.man)  # leader-to-leader command [6.26]
            if rank is not None:
                return rank
        if state.play.phase not in ("action", "operational") or not state.may_order(action.man):
            return "not a man in command with an order left [6.21]"
        return None
    if isinstance(action, Move) and state.play.phase == "operational":
        return why_not_move(state, action)  # an operational move [6.3]
    if isinstance(action, Move | Shoot):
        if state.play.phase != "action":
            return "not in the Action Phase [6]"
        return (
            why_not_move(state, action)
            if isinstance(action, Move)
            else why_not_shoot(state, action)
        )
    if isinstance(action, MoveOff):
        if state.play.phase != "action":
            return "not in the Action Phase [6]"
        return why_not_move_off(state, action)
    return "not an action of Soldiers"


def preview(state: SoldiersState, action: Action) -> Preview:
    """What ``action`` would do now, by the rules the engine applies."""
    words = view.describe(state, action)
    why = why_not(state, action)
    if why is not None:
        return Preview(words, False, why)
    if isinstance(action, SupportAction):
        return support.preview(state, action, words)
    if isinstance(action, smoke.ACTIONS):
        return smoke.preview(state, action, words)  # [12.5; 12.54]
    if isinstance(action, wire.RemoveWire):
        return wire.preview(state, action, words)  # [18.32]
    if isinstance(action, bridges.ACTIONS):
        return bridges.preview(state, action, words)  # [26.2]
    if isinstance(action, rifle_grenades.FireGrenade):
        return rifle_grenades.preview(state, action, words)  # [12.6]
    if isinstance(action, operational_turns.Declare | hidden_gun_choice.HiddenGunChoice):
        return _preview_choice(action, words)
    if isinstance(action, reaction_choice.ReactionType):
        cost, used = reaction_choice.preview(state, action)  # [8.63]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, airborne_turns.ChitAs):
        cost, used = airborne_turns.preview(state, action)  # [26.3]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, attach_choice.Attach):
        cost, used = attach_choice.preview(state, action)  # [6.27]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, chit_loss.RemoveChit):
        cost, used = chit_loss.preview(state, action)  # [6.28]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, radio_choice.AssignRadio):
        cost, used = radio_choice.preview(state, action)  # [17.1]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, destroying.DestroyItem | Done) and state.active.wrecking is not None:
        cost, used = destroying.preview(state, action)  # [9.5]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, stand_up.StandUp | Done) and state.play.standing is not None:
        cost, used = stand_up.preview(state, action)  # [4]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, damage_choice.TakeDamage):
        cost, used = damage_choice.preview(state, action.man)  # [8.41; 8.82; 18.41]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, melee.LineUp):
        cost, used = damage_choice.preview(state, action.man, action.opposite)  # [8.81]
        return Preview(words, True, None, cost, rules=used)
    if isinstance(action, Commit):
        space = state.track.space[action.chit]
        title = chit_title(state, action.chit)
        if state.track.committed[state.game.chits[action.chit].side] == action.chit:
            cost = f"{title}: stays committed in {space}"
        else:
            cost = f"{title}: one space down the Command Track: {space} to {number(space) - 1}"
        return Preview(words, True, None, cost, rules=("Command Phase [5.2-5.3]",))
    if isinstance(action, OrderMan):
        return Preview(words, True, None, _order_cost(state, action.man), rules=("[6.2; 6.21]",))
    if isinstance(action, bidding.Bid):
        title = chit_title(state, action.chit)
        space = state.track.space[action.chit]
        cost = f"{title}: down the Command Track, {space} to {action.space}"
        return Preview(words, True, None, cost, rules=("bidding [5.31-5.33]",))
    if isinstance(action, groups.OrderGroup):
        wounded = any(m in state.troops.wounded for m in action.men)
        cost = f"1 of {state.active.orders_left} order(s): {3 if wounded else 5} AP shared"
        if not state.active.rolled:
            cost += "; first the risk level, on the lowest initiative in the group [6.23]"
        return Preview(words, True, None, cost, rules=("groups [6.24; 7.1; 7.11]",))
    if (
        isinstance(action, groups.MEMBER_ACTIONS)
        and groups.in_group(state, action.man)
        and groups.free(state, action)
    ):
        found = _preview_member(state, action, words)
        return dataclasses.replace(found, cost=f"in the group's step {state.active.step}: no AP")
    if isinstance(action, Move):
        stop = first_stop(state, action)
        spent = sum(_costs(state, stop))
        cost = f"{spent:g} of {state.active.ap:g} AP"
        told = [f"movement at {state.active.risk} [7.21-7.23]"]
        if stop != action:
            told.append(f"stops in {stop.path[-1].upper()}: in sight of men who may react [8.6]")
        return Preview(words, True, None, cost, rules=tuple(told))
    if isinstance(action, Shoot):
        cost = f"{FIRE_AP} of {state.active.ap:g} AP"
        rules = ("fire [8.1]", "hit chance [8.3-8.32]", "damage [8.41-8.44]")
        return Preview(words, True, None, cost, (_shot(state, action),), rules)
    if isinstance(action, equipment.Exchange):
        cost = f"all his AP ({state.active.ap:g}); then {equipment.then_fires(state, action)}"
        return Preview(words, True, None, cost, rules=("exchange equipment [7.33]",))
    if isinstance(action, handover.TakeGrenades):
        cost = f"all his AP ({state.active.ap:g})"
        return Preview(words, True, None, cost, rules=("exchange equipment [7.33]",))
    if isinstance(action, kit.TakeKit):
        cost = f"all his AP ({state.active.ap:g}); then {kit.then(state, action)}"
        return Preview(words, True, None, cost, rules=("exchange equipment [7.33]",))
    if isinstance(action, carrying.PickUp):
        cost = f"all his AP ({state.active.ap:g}); then +1 AP a hex entered, only movement"
        return Preview(words, True, None, cost, rules=("carrying a disabled man [11.3]",))
    if isinstance(action, carrying.Drop):
        return Preview(words, True, None, "free (0 AP)", rules=("dropping him [11.3]",))
    if isinstance(action, destroying.DestroyEquipment):
        cost = f"{destroying.DESTROY_AP:g} of {state.active.ap:g} AP"
        gone = ", ".join(destroying.pieces(state, action.man))
        return Preview(words, True, None, cost, rules=(f"destroying equipment: {gone} [9.5]",))
    if isinstance(action, prisoners.KillPrisoner):
        cost = f"{prisoners.KILL_AP:g} of {state.active.ap:g} AP"
        return Preview(words, True, None, cost, rules=("killing prisoners [9.7]",))
    if isinstance(action, SelfSuppress):
        cost = "free (0 AP); he performs no further actions this Action Phase"
        return Preview(words, True, None, cost, rules=("self suppression [7.41]",))
    if isinstance(action, MoveOff):
        cost = f"{EXIT_AP:g} of {state.active.ap:g} AP"
        return Preview(words, True, None, cost, rules=("moving off the map [7.26]",))
    if isinstance(action, ClearJam | Reload):
        cost = f"{MAINTENANCE_AP} of {state.active.ap:g} AP"
        rule = "clear jam [7.32]" if isinstance(action, ClearJam) else "reload [8.52]"
        return Preview(words, True, None, cost, rules=(rule, "risk level [7.31]"))
    if isinstance(action, Throw):
        cost = f"{THROW_AP} of {state.active.ap:g} AP"
        used = ("throw [12.1]", "hit chance [12.2; 12.21]", "scatter [12.4]", "damage [12.22]")
        return Preview(words, True, None, cost, (_throw(state, action),), used)
    if isinstance(action, FIRE_SUPPORT_ACTIONS):
        return fire_support.preview(state, action, words)  # radio, satchel [16.2; 17.2]
    if isinstance(action, melee.HandToHand):
        cost = f"{melee.hand_to_hand_ap()} of {state.active.ap:g} AP, then no more actions [8.8]"
        used = ("hand-to-hand [8.8]", "lines [8.81]", "resolution [8.82]", "capture [9.1]")
        return Preview(words, True, None, cost, melee.odds(state, action.man), used)
    if isinstance(action, React):
        said = ("reaction fire [8.6]", "alertness [8.63]", "suppression reaction [8.64]")
        if action.how == "suppress":
            chance = Chance(action.man, "a d10 of 9 or less: he suppresses himself [8.64]", 0.9)
            return Preview(words, True, None, "no AP", (chance,), said)
        window = state.active.reaction
        assert window is not None
        odds, how = reaction_odds(state, action.man, window.hex)
        return Preview(words, True, None, "no AP", (Chance(window.hex, how, odds),), said)
    if isinstance(action, Done) and state.active.reaction is not None:
        count = len(state.active.reaction.declared)
        cost = f"{count} declared reaction(s) resolved" if count else "holds fire"
        return Preview(words, True, None, cost, rules=("declared reactions resolved [8.62]",))
    return Preview(words, True)


def _preview_choice(action: Action, words: str) -> Preview:
    """A declaration [6.3] or a hidden MG's owner's choice [14.12]: what it costs."""
    if isinstance(action, operational_turns.Declare):
        if action.kind == operational_turns.OPERATIONAL:
            cost = "no risk level nor event; 8 AP orders, movement only, clear of the enemy"
            return Preview(words, True, None, cost, rules=("operational turn [6.3; 6.31; 6.32]",))
        cost = "roll for risk level and event (d10 + d6)"
        return Preview(words, True, None, cost, rules=("tactical turn [6.1; 6.11; 6.12]",))
    if isinstance(action, hidden_gun_choice.HiddenGunChoice) and action.choice == "reveal":
        cost = "the MG revealed for good; the enemy's operational move is not made"
    else:
        cost = "the MG stays hidden; the move stops in its sight, where it may fire in reaction"
    return Preview(words, True, None, cost, rules=("hidden MGs and operational moves [14.12]",))


def _preview_member(state: SoldiersState, action: Action, words: str) -> Preview:
    """A group man's action as he would do it, the step's AP lent [7.1]."""
    assert isinstance(action, groups.MEMBER_ACTIONS)
    before, ap = state.active.current, state.active.ap
    try:
        groups.lend(state, action)
        if isinstance(action, Shoot):
            return Preview(words, True, None, "", (_shot(state, action),), ("fire [8.1]",))
        if isinstance(action, Throw):
            return Preview(words, True, None, "", (_throw(state, action),), ("throw [12.1]",))
        if isinstance(action, Overwatch):
            return Preview(words, True, None, "", rules=("overwatch [13.1; 7.1]",))
        return Preview(words, True, None, "", rules=("maintenance [7.3]",))
    finally:
        state.active.current, state.active.ap = before, ap


def _order_cost(state: SoldiersState, man: str) -> str:
    """One of the turn's orders; the Action Points the man gets."""
    wounded = man in state.troops.wounded
    ap = 3 if wounded else 5
    if operational.underway(state):  # an operational move: 8 AP, 3 wounded [6.3; 7.11]
        ap = int(operational.WOUNDED_AP if wounded else operational.OPERATIONAL_AP)
    found = (
        f"1 of {state.active.orders_left} order(s): {ap} AP{' (wounded [7.11])' if wounded else ''}"
    )
    if operational.underway(state):
        found += ", movement only, clear of the enemy [6.3]"
    elif operational_turns.leader_waits(state):
        found += "; first the risk level, rolled on the leader's initiative: a tactical turn [3B]"
    elif not state.active.rolled:
        found += "; first the risk level, rolled on his initiative [6.11; 6.23]"
    elif man in state.troops.suppressed:
        cost = UNSUPPRESS_AP[state.active.risk]
        found += f", {cost} of them to unsuppress at {state.active.risk} [7.42]"
    return found


def _costs(state: SoldiersState, move: Move) -> list[float]:
    # a reinforcement entering comes from off the map [19.32]
    game, at = state.game, state.troops.hexes.get(move.unit)
    found = []
    for name in move.path:
        to = game.by_name[name.upper()]
        found.append(step_cost(state, move.unit, at, to) or 0.0)  # minefields too [18.44]
        at = to
    return found


def _shot(state: SoldiersState, action: Shoot) -> Chance:
    chance, work = hit_chance(state, action)
    rolls = max(0, min(10, chance))
    odds = (
        "no roll, a miss [8.3]" if chance < 1 else f"a d10 of {rolls} or less hits: {rolls} in 10"
    )
    words = f"{'; '.join(work.steps)}; modified hit chance {chance}: {odds}"
    p = rolls / 10 if chance >= 1 else 0.0
    if must_spot(state, action.man, action.hex):
        best = min(6, spot_chance(state, action.man))
        words = (
            f"first a spotting roll, a d6 of {best} or less ({best} in 6), else no fire and the "
            f"2 APs spent [8.21]; {words}"
        )
        p *= best / 6
    return Chance(action.hex.upper(), words, p)


def _throw(state: SoldiersState, action: Throw) -> Chance:
    chance, work = throw_chance(state, action)
    rolls = max(0, min(9, chance))  # a 10 never hits: it may malfunction [12.3]
    odds = (
        "below 1: it scatters unless it malfunctions [12.21]"
        if chance < 1
        else f"a d10 of {rolls} or less explodes in the hex: {rolls} in 10"
    )
    words = (
        f"{'; '.join(work.steps)}; modified hit chance {chance}: {odds}; else it scatters [12.4]"
    )
    return Chance(action.hex.upper(), words, rolls / 10 if chance >= 1 else 0.0)
