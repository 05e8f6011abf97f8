"""Panzer Command Opportunity Fire [§8]: the other side's answer to a unit that moves, Close
Assaults, retreats or advances.

- When a unit is about to exit a hex in the Fire Zone and line of sight of enemy units, its Action
  is held (the move announces the hex it will enter) and the enemy side is offered Opportunity
  Fire: each eligible unit may be announced, paid for with one Command (only if In Command
  [§4.4]) or tried on a Troop Quality roll; ``done`` ends the announcements [§8.1-8.2]. A unit may
  fire each time it is eligible, unlike other Actions [§8.1].
- Eligible: a unit with an Attack Strength, not a mortar [§14.2], not Suppressed [§6.5], whose
  Fire Zone (and so line of sight) holds the hex [§6.5; §8.1]; a unit that has Concentrated its
  fire has its Fire Zone in that hex only [§10.3]. During a Close Assault, the units in the
  assaulted hex fire at the assaulting unit [§8.1; §9.2 step 3]; at a retreating unit, every enemy
  unit with a Fire Zone into the hex it leaves, the assaulting unit too [§9.4]; at an advancing
  unit, every enemy unit but those that retreated [§9.5].
- Announced Commands are spent at once, even if the target is destroyed before the fire
  [§8.2]. The fires are then resolved one after another, in the order announced: a Troop
  Quality roll first for those not paid with a Command (at or under it, the attack is made),
  then a Direct Fire roll with the Opportunity Fire modifiers (no Range, no Troop Quality
  [§8.4]), the Steps of the hex left counting for stacking (those assaulting in a Close
  Assault [§8.3]); the results are applied after all the fires [§8.2], every fire resolved even
  if an earlier one Suppresses the target [§8.1].
- Then the Action goes on: a moving unit that is Suppressed or destroyed does not leave the hex;
  otherwise it must enter the announced hex [§8.1].

Our reading: the one-Command-a-unit limit of a Segment [§3.2] is about the active side's
Actions; a reacting unit may be paid a Command for each Opportunity Fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rules.panzer_command.actions import COMMAND, OpFire, OpportunityOffered, PositionChanged
from rules.panzer_command.command import why_out_of_command
from rules.panzer_command.fire import OF, apply_results, attacks, d10
from rules.panzer_command.hidden import check, is_hidden
from rules.panzer_command.records import Reaction
from rules.panzer_command.zones import in_fire_zone

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: The rule each trigger's Opportunity Fire follows.
RULES = {
    "move": "[§8.1-8.2]",
    "assault": "[§8.1; §9.2 step 3]",
    "retreat": "[§8.1; §9.4]",
    "advance": "[§8.1; §9.5]",
}


def why_cannot_fire(state: PcState, unit: str) -> str | None:
    """Why the unit can make no Opportunity Fire at all now, or None."""
    spec = state.game.units[unit]
    if unit not in state.troops.hexes:
        return "the unit is not on the map"
    if spec.attack is None or spec.weapon_class in (None, "Hm"):
        return "no Attack Strength, or a mortar (Indirect Fire only) [§7.1; §14.2]"
    if unit in state.troops.suppressed:
        return "a Suppressed unit has no Fire Zone [§6.5; §8.1]"
    if unit in state.troops.mounted:
        return "a passenger has no Fire Zone [§13.2-13.3]"
    return None


def eligible(state: PcState, reaction: Reaction) -> list[str]:
    """The units that may announce Opportunity Fire at the reaction's target, in printed-ID
    order (announced ones included); asked once while the legal actions are listed."""
    listing = state.listing
    if listing is None:
        return _eligible(state, reaction)
    key = ("eligible", reaction.trigger, reaction.target, reaction.exiting)
    if key not in listing:
        listing[key] = _eligible(state, reaction)
    return list(cast(list[str], listing[key]))


def _eligible(state: PcState, reaction: Reaction) -> list[str]:
    target = reaction.target
    side = state.game.units[target].side
    at = state.game.by_name[reaction.exiting]
    held = [u for u, h in state.troops.hexes.items() if state.game.name(h) == state.assaulting.hex]
    left = state.assaulting.retreated
    found = []
    for e in sorted(state.troops.hexes):
        if state.game.units[e].side == side or why_cannot_fire(state, e) is not None:
            continue
        if reaction.trigger == "assault" and e not in held:
            continue  # only the assaulted hex's units fire at the assault [§9.2 step 3]
        if reaction.trigger == "advance" and e in left:
            continue  # a unit that retreated does not fire at the advance [§9.5]
        if in_fire_zone(state, e, at):
            found.append(e)
    return found


def offer(state: PcState, reaction: Reaction) -> bool:
    """Hold the target's Action (``reaction`` says where it stands: the move's path so far, the
    assault's state) for the enemy's Opportunity Fire if any enemy unit may fire at it as it
    leaves its hex or assaults from it; whether it is held."""
    target = reaction.target
    check(state, target)  # sighted as it leaves its hex? [§22.5]
    if is_hidden(state, target):
        return False  # the enemy does not know it is there [§22.5]
    reaction.side = next(s for s in state.game.sides if s != state.game.units[target].side)
    reaction.exiting = state.game.name(state.troops.hexes[target])
    reaction.fires = []
    firers = eligible(state, reaction)
    if not firers:
        return False
    state.reaction = reaction
    state.emit(
        OpportunityOffered(
            reaction.side, target, reaction.trigger, tuple(firers), RULES[reaction.trigger]
        )
    )
    return True


def options(state: PcState, side: str) -> list[OpFire]:
    """The Opportunity Fires ``side`` may announce now."""
    reaction = state.reaction
    if not reaction.trigger or reaction.side != side:
        return []
    found = []
    for e in eligible(state, reaction):
        for mode in (COMMAND, "roll"):
            action = OpFire(e, reaction.target, mode)
            if why_not(state, action) is None:
                found.append(action)
    return found


def why_not(state: PcState, action: OpFire) -> str | None:
    """Why the Opportunity Fire may not be announced now, or None [§8.1-8.3]."""
    reaction = state.reaction
    spec = state.game.units.get(action.unit)
    if reaction.trigger in ("", "choose") or spec is None or spec.side != reaction.side:
        return "no Opportunity Fire is offered to this unit's side now [§8.1]"
    if action.target != reaction.target:
        return f"only the unit that triggered it, {reaction.target}, can be attacked [§8.3]"
    if any(f == action.unit for f, _ in reaction.fires):
        return "the unit's Opportunity Fire is announced already: one attack [§8.1]"
    if action.unit not in eligible(state, reaction):
        why = why_cannot_fire(state, action.unit)
        return why or f"{reaction.exiting} is not in the unit's Fire Zone and sight [§6.5; §8.1]"
    if action.mode == COMMAND:
        if state.command.dc[reaction.side] < 1:
            return "no Command left to spend: roll against the Troop Quality [§8.2]"
        why = why_out_of_command(state, action.unit)
        if why is not None:
            return f"only an In Command unit may be paid a Command ({why}) [§4.4; §8.2]"
    return None


def announce(state: PcState, action: OpFire) -> None:
    """An Opportunity Fire announced; its Command spent at once [§8.2]."""
    reaction = state.reaction
    reaction.fires.append((action.unit, action.mode))
    if action.mode == COMMAND:
        state.spend_points(
            reaction.side, "commands", -1, f"a Command for {action.unit}'s Opportunity Fire [§8.2]"
        )
    else:
        state.emit(
            PositionChanged(
                action.unit,
                f"announces Opportunity Fire at {action.target}, on a TQ roll",
                "[§8.2]",
            )
        )


def resolve(state: PcState) -> list[str]:
    """Resolve the announced fires in order, then apply their results [§8.2]; the units that
    fired. The reaction stays for the caller to go on with the held Action."""
    reaction = state.reaction
    target, results, fired = reaction.target, [], []
    steps: int | None = None
    if reaction.trigger == "assault":
        steps = state.troops.steps[target]  # only the assaulting Steps count [§8.3]
    for firer, mode in reaction.fires:
        if firer not in state.troops.hexes or target not in state.troops.hexes:
            continue
        if mode != COMMAND:
            tq = state.troop_quality(firer)
            roll = d10(state, f"{firer} Troop Quality for Opportunity Fire [§8.2]")
            if reaction.trigger == "assault":  # its result for the Rounds [§9.2 step 3]
                state.assaulting.tq[firer] = "pass" if roll <= tq else "fail"
            if roll > tq:
                state.emit(
                    PositionChanged(
                        firer, f"rolled {roll} > TQ {tq}: cannot perform the attack", "[§8.2]"
                    )
                )
                continue
        fired.append(firer)
        results += attacks(state, firer, target, OF, steps)
    apply_results(state, results)  # applied after all the fires have been made [§8.2]
    return fired


def stopped(state: PcState, unit: str) -> bool:
    """A unit Suppressed or destroyed by Opportunity Fire does not leave its hex [§8.1]."""
    return unit not in state.troops.hexes or unit in state.troops.suppressed
