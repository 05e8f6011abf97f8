"""Panzer Command's Close Assault Action [§9], with the defender's retreat [§9.4] and the
attacker's advance [§9.5].

The procedure [§9.2], one assaulting unit an Action (our reading: a stack assaults one unit after
another, which the book allows [§9.3]):

1. The unit announces its target, an enemy unit in an adjacent hex; it must be able to initiate
   a Close Assault: not Suppressed, no truck, SPW or passenger, no artillery, not immobile
   [§9.1] (the catalogue's ``close_assault``), and not Concentrated on another hex [§10.3].
2. Infantry or engineers against a hex with a tank (D Class, tracked) roll against their Troop
   Quality: failed, the Assault ends and the Action is wasted [§9.2 step 2].
3. The units in the assaulted hex may answer with Opportunity Fire
   (:mod:`rules.panzer_command.opportunity`); a roll made for it is the unit's Troop Quality
   result for the Rounds [§9.2 step 3]. An assaulting unit Suppressed or destroyed by it ends
   the Assault [§9.2 step 4].
4. Up to three Rounds of simultaneous combat [§9.2]: the assaulting unit attacks a defender (the
   one announced while it is in the hex, else the first in printed-ID order: standing in for the
   assaulting player's choice each Round [§9.3]), every defender able to fire attacks the
   assaulting unit (not those without an Attack Strength, mortars, trucks and SPWs; a
   Suppressed defender at -2 [§9.2 step 4]). Each Final Attack Strength uses the Close Assault
   column of the Combat Modifiers Summary [§9.6]: Troop Quality (rolled once, at the first
   chance, +1 for every Round when passed [§9.2]), combined arms (infantry or engineers against
   tanks not stacked with infantry or engineers +2 [§13.3 note; §7 intro]), elevation (higher
   than its opponent; a placeholder value [§7 intro]), defending Steps in the hex and only the
   assaulting Steps for stacking [§9.3], terrain, works [§16.5; §19], Concentrated Fire
   [§10.3]. All results are applied after the Round's attacks [§9.6].
5. After each of the first two Rounds the defender may retreat (our reading of the cut Step 5
   [§9.4], confirmed by "at the conclusion of this combat ... the option to retreat" [§13.3]):
   each un-Suppressed, mobile defender, one hex, or two if its Movement Point Allowance is
   greater than the assaulting unit's [§9.4]. A unit without a printed Attack Strength must
   retreat when it can [§9.4 note]. The path enters no enemy-held or prohibited hex, costs no
   Movement Points, and ends in a hex not adjacent to an enemy unit when one can be reached
   [§9.4]; our reading: it ends where the 6 Steps limit allows [§5.2]. Each hex it leaves in
   an enemy Fire Zone may draw Opportunity Fire, the assaulting unit's too; Suppressed, it stays
   and fights on [§9.4 note].
6. When no defender is left in the hex, the assaulting unit, unless Suppressed, must advance
   into it if it could enter it moving; enemy units other than those that retreated may fire
   at it as it leaves its hex [§9.5]. After the third Round the Assault ends.

Standing in for the assaulting player's choice, the assaulting unit never calls off its Assault
[§9.3] (it stops when Suppressed or destroyed: a Suppressed unit performs no Action but Rally
[§11.1]). A Regimental HQ whose unit is eliminated in a Close Assault is destroyed for good
[§3.1 Preparation A].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.panzer_command.actions import Assault, AssaultReport, Retreat
from rules.panzer_command.digging import arrive, leave
from rules.panzer_command.fire import CA, apply_result, attack, d10, end_concentration
from rules.panzer_command.minefields import mine_attack, mine_roll
from rules.panzer_command.moves import pinned_out, step_cost, why_overstacked
from rules.panzer_command.opportunity import offer, stopped
from rules.panzer_command.records import Assaulting, Reaction
from rules.panzer_command.transport import (
    SPW,
    TRUCK,
    carrier_of,
    involuntary,
    moves_as,
    on_vehicle,
    riders,
)
from rules.panzer_command.zones import why_concentrated_elsewhere

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

ROUNDS = 3  # "essentially three Rounds of combat" [§9.2]
PURSUIT = "pursuit"  # a modern tank's ability [§24.2]
TQ_PASSED, TQ_FAILED = "troop quality: roll passed", "troop quality: roll failed"
COMBINED = (
    "combined arms: infantry or engineer assaulting tanks not stacked with infantry or engineers"
)
ELEVATION = "elevation: unit higher than its Close Assault opponent"
SUPPRESSED = "suppressed (firing in Close Assault Rounds)"
CHOOSE = "choose"  # the Reaction's trigger while the defender decides to retreat [§9.4]


def why_not_assault(state: PcState, action: Assault) -> str | None:
    """Why the unit may not Close Assault the target now, or None [§9.1]."""
    game, unit, target = state.game, action.unit, action.target
    spec = game.units[unit]
    if target not in state.troops.hexes or game.units[target].side == spec.side:
        return f"'{target}' is not an enemy unit on the map"
    if unit not in state.troops.hexes:
        return "the unit is not on the map"
    if unit in state.play.movefire:
        return "a unit performing the Move/Fire Action cannot Close Assault [§24.1]"
    if unit in state.troops.mounted:
        return "a unit being transported cannot initiate a Close Assault [§9.1]"
    if not spec.close_assault or spec.movement <= 0 or spec.attack is None:
        return (
            "this unit cannot initiate a Close Assault (trucks, SPWs, artillery, immobile "
            "units and units without an Attack Strength) [§9.1]"
        )
    if unit in state.troops.suppressed:
        return "a Suppressed unit cannot initiate a Close Assault [§9.1]"
    at, there = state.troops.hexes[unit], state.troops.hexes[target]
    if at.distance(there) != 1:
        return "the units must begin the Close Assault adjacent to one another [§9.1]"
    return why_concentrated_elsewhere(state, unit, there)


def defenders(state: PcState) -> list[str]:
    """The units in the assaulted hex, in printed-ID order."""
    a = state.assaulting
    side = state.game.units[a.unit].side
    h = state.game.by_name[a.hex]
    return sorted(
        u for u, at in state.troops.hexes.items() if at == h and state.game.units[u].side != side
    )


def assault(state: PcState, action: Assault) -> None:
    """Announce the Close Assault and go as far as the next decision [§9.2 steps 1-3]."""
    unit, target = action.unit, action.target
    name = state.game.name(state.troops.hexes[target])
    state.assaulting = Assaulting(unit, target, name)
    state.emit(AssaultReport(unit, f"Close Assaults {target} in {name}", "[§9.2 step 1]"))
    for rider in riders(state, unit):  # standing in for the owner: they dismount [§13.3]
        involuntary(state, rider, f"{unit} Close Assaults; it may dismount at no cost [§13.3]")
    held = defenders(state)
    tanks = state.game.units[unit].infantry and any(state.game.units[d].tank for d in held)
    if tanks and not _tq(state, unit, "to Close Assault a hex with tanks [§9.2 step 2]"):
        _end(state, "the Troop Quality roll failed: the Assault ends, the Action wasted")
        return
    if offer(state, Reaction("assault", target=unit)):
        return
    fight(state)


def resume_assault(state: PcState, reaction: Reaction) -> None:
    """After the defender's Opportunity Fire [§9.2 step 4]."""
    if stopped(state, state.assaulting.unit):
        _end(state, "Suppressed or destroyed by Opportunity Fire: the Assault is over")
        return
    fight(state)


def fight(state: PcState) -> None:
    """Rounds, retreats and the advance until a decision is needed or the Assault ends."""
    a = state.assaulting
    while a.unit:
        if stopped(state, a.unit):
            _end(state, "the assaulting unit is Suppressed or destroyed: the Assault ends")
            return
        if not defenders(state):
            advance(state)
            return
        if a.offered < a.round < ROUNDS:
            if _offer_retreat(state):
                return
            a.offered = a.round
            continue
        if a.round >= ROUNDS:
            _end(state, f"{ROUNDS} Rounds fought: the Assault ends, the defender holds")
            return
        _round(state)


def _end(state: PcState, why: str) -> None:
    state.emit(AssaultReport(state.assaulting.unit, why, "[§9.2]"))
    state.assaulting = Assaulting()


def _tq(state: PcState, unit: str, why: str) -> bool:
    """A Troop Quality roll for the Assault, kept for its every Round [§9.2]."""
    tq = state.troop_quality(unit)
    roll = d10(state, f"{unit} Troop Quality {why}")
    passed = roll <= tq
    state.assaulting.tq[unit] = "pass" if passed else "fail"
    verdict = "passes (+1 each Round)" if passed else "fails"
    state.emit(AssaultReport(unit, f"rolled {roll} against TQ {tq}: {verdict} {why}", "[§9.2]"))
    return passed


def can_fight(state: PcState, unit: str) -> bool:
    """The unit fires in the Rounds: an Attack Strength, no mortar, no truck or SPW
    [§9.2 step 4]."""
    spec = state.game.units[unit]
    return (
        unit not in state.troops.mounted  # a passenger never attacks [§13.2-13.3]
        and spec.attack is not None
        and spec.weapon_class not in (None, "Hm")
        and spec.category not in ("transport", "truck", "spw")
    )


def rows(state: PcState, firer: str, target: str) -> tuple[tuple[str, str], ...]:
    """The Close Assault rows of the Combat Modifiers Summary for this attack [§9.6]."""
    game, a = state.game, state.assaulting
    found: list[tuple[str, str]] = []
    if a.tq.get(firer) == "pass":
        found.append((TQ_PASSED, "a passed Troop Quality roll [§9.2; §9.6]"))
    if firer == a.unit and game.units[firer].infantry:
        held = defenders(state)
        tanks = any(game.units[d].tank for d in held)
        if tanks and not any(game.units[d].infantry for d in held):
            found.append((COMBINED, "infantry against tanks with no infantry [§9.2; §13.3]"))
    mine, theirs = state.troops.hexes[firer], state.troops.hexes[target]
    if game.terrain.ground(mine) > game.terrain.ground(theirs):
        found.append((ELEVATION, "higher than its opponent [§7 intro; §9.6]"))
    if firer != a.unit and firer in state.troops.suppressed:
        found.append((SUPPRESSED, "a Suppressed defender [§9.2 step 4; §11.2]"))
    return tuple(found)


def _round(state: PcState) -> None:
    """One Round of simultaneous combat [§9.2 step 4; §9.6]."""
    a = state.assaulting
    a.round += 1
    state.emit(AssaultReport(a.unit, f"Round {a.round} against {a.hex}", "[§9.2 step 4]"))
    held = defenders(state)
    fighters = [d for d in held if can_fight(state, d)]
    for u in [a.unit, *fighters]:
        if u not in a.tq:
            _tq(state, u, "for the Close Assault Rounds [§9.2 step 4]")
    target = a.target if a.target in held else held[0]
    results: list[tuple[str, str]] = []
    plans = [(a.unit, target, None), *((d, a.unit, state.troops.steps[a.unit]) for d in fighters)]
    for firer, aim, steps in plans:
        found = attack(state, firer, aim, CA, steps, rows(state, firer, aim))
        if found is not None:
            results.append((aim, found))
    if mine_roll(state, a.unit):  # the defender's minefield, each Round [§17.2]
        results.append((a.unit, "S"))
    for aim, result in results:  # simultaneous: applied after the Round's attacks [§9.6]
        if aim in state.troops.hexes:
            apply_result(state, aim, result)


# --- the defender's retreat [§9.4] ---------------------------------------------------------------


def retreat_paths(state: PcState, unit: str) -> list[tuple[str, ...]]:
    """The retreats open to a defender now, each a path of one or two hexes [§9.4]."""
    game, a = state.game, state.assaulting
    spec = moves_as(state, unit)
    if unit in state.troops.suppressed or spec.movement <= 0 or spec.movement_class == "immobile":
        return []
    if carrier_of(state, unit) not in (None, TRUCK, SPW):
        return []  # a tank's passenger retreats with its tank [§13.3]
    at = state.troops.hexes[unit]
    longest = 2 if spec.movement > game.units[a.unit].movement else 1
    paths: list[tuple[Hex, ...]] = []
    for first in at.neighbors():
        if step_cost(state, unit, at, first) is None:
            continue
        paths.append((first,))
        if longest == 2:
            for second in first.neighbors():
                if second != at and step_cost(state, unit, first, second) is not None:
                    paths.append((first, second))
    paths = [p for p in paths if why_overstacked(state, unit, p[-1]) is None]
    safe = [p for p in paths if not _next_to_enemy(state, unit, p[-1])]
    return sorted({tuple(game.name(h) for h in p) for p in (safe or paths)})


def _next_to_enemy(state: PcState, unit: str, h: Hex) -> bool:
    side = state.game.units[unit].side
    return any(
        at.distance(h) == 1 and state.game.units[e].side != side
        for e, at in state.troops.hexes.items()
    )


def must_retreat(state: PcState, unit: str) -> bool:
    """A unit without a printed Attack Strength must retreat when it can, so must a truck or
    SPW with its passenger [§9.4 note; §13.2]."""
    unarmed = state.game.units[unit].attack is None or on_vehicle(state, unit)
    return unarmed and bool(retreat_paths(state, unit))


def _offer_retreat(state: PcState) -> bool:
    """Step 5: the defending side may retreat its units; whether it is asked [§9.4]."""
    a = state.assaulting
    able = [d for d in defenders(state) if retreat_paths(state, d)]
    if not able:
        return False
    side = state.game.units[able[0]].side
    state.reaction = Reaction(CHOOSE, side, a.unit, a.hex)
    state.emit(
        AssaultReport(
            a.unit, f"after Round {a.round}, {side} may retreat {', '.join(able)}", "[§9.4]"
        )
    )
    return True


def retreat_options(state: PcState) -> list[Retreat]:
    return [Retreat(d, p) for d in defenders(state) for p in retreat_paths(state, d)]


def why_not_retreat(state: PcState, action: Retreat) -> str | None:
    if state.reaction.trigger != CHOOSE or action.unit not in defenders(state):
        return "only a Close Assaulted unit retreats, after a Round [§9.4]"
    path = tuple(p.upper() for p in action.path)
    if path not in retreat_paths(state, action.unit):
        return (
            "not a retreat open to the unit: one hex (two if faster than the assaulting unit), "
            "no enemy-held or prohibited hex, away from enemy units when it can [§9.4]"
        )
    return None


def why_not_stand(state: PcState) -> str | None:
    """Why the defender may not stand (pass) now: a unit without an Attack Strength that can
    retreat must [§9.4 note]."""
    for d in defenders(state):
        if must_retreat(state, d):
            return f"{d} has no printed Attack Strength and must retreat [§9.4 note]"
    return None


def stand(state: PcState) -> None:
    """The defender retreats no more units after this Round; the passengers of its tanks that
    stay dismount [§13.3]."""
    for d in defenders(state):
        for rider in riders(state, d):
            involuntary(state, rider, "its tank did not retreat after the Round [§13.3]")
    state.assaulting.offered = state.assaulting.round
    fight(state)


def retreat(state: PcState, action: Retreat) -> None:
    """The unit retreats hex by hex; each hex it leaves may draw Opportunity Fire [§9.4]."""
    state.reaction = Reaction()
    unit = action.unit
    leave(state, unit, "the unit retreats")
    end_concentration(state, unit, "the unit retreats")
    _retreat_on(state, Reaction("retreat", target=unit, rest=[p.upper() for p in action.path]))


def _retreat_on(state: PcState, move: Reaction) -> None:
    while move.rest:
        move.entering, move.rest = move.rest[0], move.rest[1:]
        if offer(state, move):
            return
        _retreat_step(state, move)
    _retreated(state, move)


def resume_retreat(state: PcState, move: Reaction) -> None:
    if stopped(state, move.target):
        state.emit(
            AssaultReport(
                move.target, f"does not exit {move.exiting}: Suppressed or destroyed", "[§9.4 note]"
            )
        )
        fight(state)
        return
    _retreat_step(state, move)
    _retreat_on(state, move)


def _retreat_step(state: PcState, move: Reaction) -> None:
    unit = move.target
    if not move.walked and unit not in state.assaulting.retreated:
        state.assaulting.retreated.append(unit)
    state.troops.hexes[unit] = state.game.by_name[move.entering]
    for rider in riders(state, unit):  # they retreat together, mounted [§13.3]
        state.troops.hexes[rider] = state.troops.hexes[unit]
    move.walked.append(move.entering)
    pinned_out(state, unit)


def _retreated(state: PcState, move: Reaction) -> None:
    unit = move.target
    state.assaulting.trail[unit] = list(move.walked)
    state.emit(
        AssaultReport(unit, f"retreats {' '.join(move.walked)}, no Movement Points", "[§9.4]")
    )
    arrive(state, unit, state.troops.hexes[unit])
    fight(state)


# --- the attacker's advance [§9.5] ---------------------------------------------------------------


def advance(state: PcState) -> None:
    """No defender is left: the assaulting unit must advance, if it can [§9.5]."""
    a = state.assaulting
    unit, to = a.unit, state.game.by_name[a.hex]
    if stopped(state, unit):
        _end(state, "Suppressed: it cannot advance")
        return
    if step_cost(state, unit, state.troops.hexes[unit], to) is None:
        _end(state, f"it could not enter {a.hex} moving: no advance [§9.5]")
        return
    leave(state, unit, "the unit advances")
    end_concentration(state, unit, "the unit advances")
    if offer(state, Reaction("advance", target=unit, entering=a.hex)):
        return
    _advanced(state)


def resume_advance(state: PcState, move: Reaction) -> None:
    if stopped(state, move.target):
        _end(state, "Suppressed or destroyed by Opportunity Fire: it does not advance [§9.5]")
        return
    _advanced(state)


def _advanced(state: PcState) -> None:
    a = state.assaulting
    to = state.game.by_name[a.hex]
    state.troops.hexes[a.unit] = to
    state.emit(AssaultReport(a.unit, f"advances into {a.hex}, no Movement Points", "[§9.5]"))
    mine_attack(state, a.unit, "advancing into it")  # [§17.2]
    if a.unit not in state.troops.hexes:
        _end(state, "the Assault is over")
        return
    arrive(state, a.unit, to)
    pinned_out(state, a.unit)
    if pursue(state):
        fight(state)
        return
    _end(state, "the Assault is over")


# --- a modern tank's pursuit [§24.2] -------------------------------------------------------------


def pursue(state: PcState) -> bool:
    """[§24.2] "If the defending unit retreats, the assaulting unit can occupy each hex the
    retreating unit vacates, even if the retreating unit is 'faster.' Furthermore, the unit can
    continue to Assault as long as it remains adjacent to the retreated unit, up to the three
    round limit": a modern tank that advanced follows the announced target (else the first
    unit that retreated) through the hexes it vacated and assaults its new hex, if Rounds are
    left. Standing in for the owner: it always pursues (our reading; no Opportunity Fire at the
    pursuit's steps beyond the advance's, a minefield attacks as on an advance [§17.2]).
    Whether it goes on."""
    a = state.assaulting
    unit = a.unit
    if PURSUIT not in state.game.units[unit].abilities or a.round >= ROUNDS:
        return False
    fled = [u for u in a.retreated if u in state.troops.hexes and u in a.trail]
    if not fled:
        return False
    quarry = a.target if a.target in fled else fled[0]
    for name in a.trail[quarry][:-1]:  # each hex it vacated, to the one beside it
        h = state.game.by_name[name]
        at = state.troops.hexes[unit]
        if step_cost(state, unit, at, h) is None or why_overstacked(state, unit, h) is not None:
            break
        leave(state, unit, "the unit pursues")
        state.troops.hexes[unit] = h
        state.emit(AssaultReport(unit, f"pursues into {name}, no Movement Points", "[§24.2]"))
        mine_attack(state, unit, "pursuing into it")
        if unit not in state.troops.hexes or unit in state.troops.suppressed:
            return False
        arrive(state, unit, h)
    there = state.troops.hexes[quarry]
    if state.troops.hexes[unit].distance(there) != 1:
        return False
    a.hex, a.target, a.retreated, a.offered = state.game.name(there), quarry, [], a.round
    state.emit(
        AssaultReport(unit, f"pursues {quarry}: the Assault goes on against {a.hex}", "[§24.2]")
    )
    return True
