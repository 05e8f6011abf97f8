"""Panzer Command Direct Fire [§7], combat results [§11.1] and Rally [§11.2].

An attack: the printed Attack Strength plus every modifier of the Combat Modifiers Summary
that applies (Direct Fire column), clamped to 0-8 [§7.3]; a d10 read 0-9 at or under it
succeeds, 0 always and 9 never [§2.3; §7.2]; the same roll is read on the CRT column of the
firer's Weapon Class against the target's Target Class [§7.2]. Each step is written into a
:class:`~rules.panzer_command.actions.FireExplained` event with its rule and its placeholder, if
any. Improved Positions and entrenchments modify it (:mod:`rules.panzer_command.digging`)
[§16.5; §19], and so does a Concentration on the target's hex [§10.3]. Opportunity Fire
[§8.4] and Close Assault [§9.6] read their own columns of the Combat Modifiers Summary
(:func:`attack_strength`); Direct Fire's Troop Quality modifier is not applied yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.worked import Working
from rules.movement.costs import terrain_effect
from rules.panzer_command.actions import FireExplained, PositionChanged, UnitHit
from rules.panzer_command.digging import combat_rows
from rules.panzer_command.night import NIGHT_ROW, is_night
from rules.panzer_command.offmap import offmap_battery
from rules.panzer_command.records import MAX_COHESION
from rules.panzer_command.transport import (
    SPW,
    TRUCK,
    carrier_of,
    defends_as,
    involuntary,
    on_vehicle,
    riders,
    targets,
    vehicle_result,
)
from rules.panzer_command.units import SYSTEM, cell
from rules.panzer_command.zones import (
    concentrated_on,
    fire_zone_range,
    printed_fire_zone,
    why_concentrated_elsewhere,
    why_no_sight,
)

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

DF, OF, CA, IF = "Direct Fire", "Opportunity Fire", "Close Assault", "Indirect Fire"
#: Each combat type's list of modifiers in the book.
RULE = {DF: "§7.3", OF: "§8.4", CA: "§9.6", IF: "§14.6"}
CONCENTRATED = "concentrated fire (firer concentrated on the target's hex)"
MOVE_FIRE = "modern tank Move/Fire Action"


def d10(state: PcState, purpose: str, private_to: str | None = None) -> int:
    """A d10 read 0-9 [§2.3]: the die's faces 1-10 (force 1 for a "0", 10 for a "9"); a
    secret roll is seen by ``private_to`` alone [§22]."""
    return state.roll(purpose, 10, private_to) - 1


def why_not_fire(state: PcState, unit: str, target: str) -> str | None:
    spec, game = state.game.units[unit], state.game
    if target not in state.troops.hexes or game.units[target].side == spec.side:
        return f"'{target}' is not an enemy unit on the map"
    if spec.attack is None or spec.weapon_class in (None, "Hm"):
        return "the unit has no Direct Fire (no Attack Strength, or a mortar) [§7.1]"
    if unit in state.troops.suppressed:
        return "a Suppressed unit has no Fire Zone and cannot attack [§6.5; §11.1]"
    if unit in state.troops.mounted:
        return "a passenger has no Fire Zone and cannot attack [§13.2-13.3]"
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    elsewhere = why_concentrated_elsewhere(state, unit, b)
    if elsewhere is not None:
        return elsewhere
    reach = fire_zone_range(state, unit)
    if is_night(state) and a.distance(b) > reach:
        return f"at night the line of sight and Fire Zones reach {reach} hex(es) [§20.2: night]"
    if a.distance(b) > reach:
        if reach < printed_fire_zone(state, unit):
            return (
                "an un-Suppressed enemy unit is adjacent: the Fire Zone is reduced to the "
                "adjacent hexes [§6.5]"
            )
        if spec.weapon_class == "H":
            return (
                f"the target is beyond the Fire Zone of an H Class weapon ({reach} hexes; its "
                "printed Range is for Indirect Fire) [§14.2]"
            )
        return f"the target is beyond the Fire Zone ({reach} hexes) [§6.5]"
    return why_no_sight(state, a, b)


def attack_strength(
    state: PcState,
    unit: str,
    target: str,
    kind: str = DF,
    steps: int | None = None,
    extra: tuple[tuple[str, str], ...] = (),
    split: bool = False,
) -> tuple[int, Working]:
    """The Final Attack Strength of ``unit`` at ``target`` (0-8), worked out step by step: the
    die is not rolled yet. ``kind`` is the Combat Modifiers Summary's column, whose list of
    modifiers applies: Direct Fire [§7.3], Opportunity Fire (no Range, no Troop Quality [§8.4])
    or Close Assault (no Range [§9.6]). ``steps``: the Steps that count for the stacking
    modifier when not those in the target's hex (only the assaulting Steps [§8.3; §9.3]);
    ``extra``: further rows of the summary (key, words), such as Close Assault's."""
    game = state.game
    spec, tgt = game.units[unit], defends_as(state, target)
    work = Working()
    rule = RULE[kind]

    base = spec.strength(state.troops.steps[unit]) or 0
    work.steps.append(f"printed Attack Strength {base} [§2.5]")
    if split:
        base //= 2
        work.steps.append(f"Split Fire: half of it, rounded down, {base} [§24.3]")
    if spec.placeholder:
        work.placeholders.append(f"{spec.type_id} values: {spec.placeholder}")
    total = base
    hits = state.troops.cohesion.get(unit, 0)
    if hits:
        total += work.add(f"{hits} Cohesion Hit(s) on the firer [§11.1; {rule}]", -hits, None)
    b = state.troops.hexes.get(target)
    if b is None:  # an off-map battery under Counter-Battery Fire [§14.5]
        work.steps.append("the off-map battery stands in clear terrain, alone [§14.5]")
        final = max(0, min(8, total + (tgt.defense or 0)))
        if tgt.defense:
            work.steps.append(f"target's Defense Rating {tgt.defense:+d} [§2.5; {rule}]")
        work.steps.append(f"Final Attack Strength {final} (clamped 0-8) [{rule}]")
        return final, work
    if kind == DF and unit in state.play.movefire:
        c = cell("combat-modifiers", MOVE_FIRE, kind)
        total += work.add(f"the Move/Fire Action [§24.1; {rule}]", int(str(c.value)), None)
    if concentrated_on(state, unit, b):
        c = cell("combat-modifiers", CONCENTRATED, kind)
        total += work.add(
            f"the firer has Concentrated its fire on the target's hex [§10.3; {rule}]",
            int(str(c.value)),
            c.placeholder,
        )
    if tgt.defense:
        total += work.add(f"target's Defense Rating [§2.5; {rule}]", tgt.defense, None)
    if kind == DF:
        total += _range_row(state, unit, target, work)
    held = steps
    if held is None:
        held = sum(combat_steps(state, u) for u, h in state.troops.hexes.items() if h == b)
    if held >= 3:
        c = cell("combat-modifiers", "stacking: target hex holds 3 or more steps", kind)
        total += work.add(
            f"3 or more steps in the target hex [§5.2; {rule}]", int(str(c.value)), c.placeholder
        )
    for key, words in (*combat_rows(state, unit, target), *extra):
        c = cell("combat-modifiers", key, kind)
        if int(str(c.value)):  # a firer's works count for nothing in Indirect Fire [§16.5; §19]
            total += work.add(words, int(str(c.value)), c.placeholder)
    if is_night(state):
        c = cell("combat-modifiers", NIGHT_ROW, kind)
        total += work.add(f"at night [§20.2; {rule}]", int(str(c.value)), c.placeholder)
    terrain = game.terrain.terrain(b)
    if carrier_of(state, target) not in (None, TRUCK, SPW):
        terrain = "clear"  # a tank's passenger is always in clear terrain [§13.3]
    which = "assault_modifier" if kind == CA else "fire_modifier"
    effect = terrain_effect(SYSTEM, terrain, which)
    if effect is not None and isinstance(effect.value, int) and effect.value:
        total += work.add(f"target in {terrain} [{rule}]", effect.value, effect.placeholder)
    final = max(0, min(8, total))
    work.steps.append(f"Final Attack Strength {final} (clamped 0-8) [{rule}]")
    return final, work


def _range_row(state: PcState, unit: str, target: str, work: Working) -> int:
    """Direct Fire's Range modifier, the one list with Range [§7.3]."""
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    dist = a.distance(b)
    row = "range: target adjacent" if dist == 1 else None
    # an H Class weapon's "Range" for Direct Fire is its Fire Zone of 3 (our reading) [§14.2]
    if dist > 1 and dist * 2 > printed_fire_zone(state, unit):
        row = "range: target beyond half the printed Range"
    if row is None:
        return 0
    c = cell("combat-modifiers", row, DF)
    return work.add(f"{row} [§7.3]", int(str(c.value)), c.placeholder)


def succeeds(roll: int, final: int) -> bool:
    """A d10 read 0-9 at or under the Final Attack Strength succeeds; 0 always, 9 never
    [§2.3; §7.2]."""
    return roll == 0 or (roll != 9 and roll <= final)


def crt_column(state: PcState, unit: str, target: str, kind: str = DF) -> str:
    """The CRT column: the firer's Weapon Class against the target's Target Class (a truck's or
    SPW's for its passenger [§13.2]) [§7.2]."""
    spec, tgt = state.game.units[unit], defends_as(state, target)
    if kind == IF:
        return f"IF H/Hm vs {tgt.target_class}"  # [§14.3]
    return f"DF {spec.weapon_class} vs {tgt.target_class}"


def fire(state: PcState, unit: str, target: str) -> None:
    """Resolve one Direct Fire Action (legality already checked) [§7.2]; at tank transport, on
    the passengers first, then the tank [§13.3]."""
    hits = attacks(state, unit, target, DF)
    apply_results(state, hits)


def attacks(
    state: PcState,
    unit: str,
    target: str,
    kind: str,
    steps: int | None = None,
    split: bool = False,
) -> list[tuple[str, str | None, bool]]:
    """An attack on ``target``, made on each unit it falls on (a tank and its passengers
    separately [§13.3]): each unit, its result (None for none), whether the attack succeeded."""
    found = []
    for aim in targets(state, target):
        if aim not in state.troops.hexes:
            continue
        n = len(state.log)
        result = attack(state, unit, aim, kind, steps, split=split)
        hit = any(isinstance(e, FireExplained) and e.hit for e in state.log[n:])
        found.append((aim, result, hit))
    return found


def apply_results(state: PcState, hits: list[tuple[str, str | None, bool]]) -> None:
    """Apply the results of attacks, then dismount the passengers of a tank transport that any
    of them succeeded against [§13.3]."""
    struck: set[str] = set()
    for aim, result, hit in hits:
        if result is not None and (aim in state.troops.hexes or offmap_battery(state, aim)):
            apply_result(state, aim, result)
        if hit:
            struck.add(aim)
    for aim in sorted(struck):
        carrier = carrier_of(state, aim)
        tank = carrier if carrier not in (None, TRUCK, SPW) else aim
        for rider in riders(state, tank):
            involuntary(state, rider, "a successful attack on the tank transport [§13.3]")


def attack(
    state: PcState,
    unit: str,
    target: str,
    kind: str,
    steps: int | None = None,
    extra: tuple[tuple[str, str], ...] = (),
    split: bool = False,
) -> str | None:
    """One attack of ``kind`` rolled and explained [§7.2]: the CRT result it inflicts (to be
    applied by the caller, at once or after other fires [§8.2; §9.2]), None for no effect. A
    target Concentrated on another hex than the firer's loses its Concentration first
    [§10.3]."""
    there, at = state.troops.concentrations.get(target), state.troops.hexes.get(unit)
    if there is not None and (at is None or there != state.game.name(at)):
        end_concentration(state, target, f"attacked from another hex than {there}")
    final, work = attack_strength(state, unit, target, kind, steps, extra, split)
    reveal_concentration(state, unit, target)
    roll = d10(state, f"{unit} fires at {target} ({kind}) [§7.2; {RULE[kind]}]")
    hit = succeeds(roll, final)
    work.steps.append(
        f"rolled {roll}: {'success' if hit else 'failure'} (0 always, 9 never) [§2.3; §7.2]"
    )
    result = None
    if hit:
        column = crt_column(state, unit, target, kind)
        c = cell("crt", roll, column)
        result = str(c.value)
        work.steps.append(f"CRT row {roll}, column '{column}': {result} [§7.2]")
        if c.placeholder:
            work.placeholders.append(f"CRT {roll}/{column}: {c.placeholder}")
    state.emit(
        FireExplained(
            unit, target, tuple(work.steps), final, roll, hit, result, tuple(work.placeholders)
        )
    )
    return None if result in (None, "-", "None") else result


def apply_result(state: PcState, unit: str, result: str) -> None:
    """A CRT result on a unit [§11.1]; on a truck's or SPW's passenger, the transport's results
    first [§13.2]."""
    if on_vehicle(state, unit):
        after = vehicle_result(state, unit, result)
        if after is None:
            return
        result = after
    if result == "S?":
        tq = state.troop_quality(unit)
        roll = d10(state, f"{unit} Troop Quality against S? [§11.1]")
        if roll <= tq:
            state.emit(UnitHit(unit, f"passes its TQ {tq} (rolled {roll}): no effect", "[§11.1]"))
            return
        state.emit(
            UnitHit(unit, f"fails its TQ {tq} (rolled {roll}): treated exactly as S", "[§11.1]")
        )
        result = "S"
    if result == "S":
        if unit in state.troops.suppressed:
            state.emit(UnitHit(unit, "a second Suppression becomes a Cohesion Hit", "[§11.1]"))
            result = "C"
        elif _cohesion_instead(state, unit):
            result = "C"
        else:
            state.troops.suppressed.add(unit)
            state.emit(UnitHit(unit, "Suppressed", "[§11.1]"))
            end_concentration(state, unit, "the unit is Suppressed")
            return
    if result == "C":
        if state.troops.cohesion.get(unit, 0) >= MAX_COHESION:
            state.emit(UnitHit(unit, "a third Cohesion Hit is a step loss", "[§11.1]"))
            result = "1"
        else:
            state.troops.cohesion[unit] = state.troops.cohesion.get(unit, 0) + 1
            state.emit(UnitHit(unit, f"Cohesion Hit ({state.troops.cohesion[unit]})", "[§11.1]"))
            return
    if result == "1" and state.troops.steps[unit] > 1:
        state.troops.steps[unit] -= 1
        state.emit(UnitHit(unit, "loses a step (flipped)", "[§11.1]"))
        if "spw" in state.game.units[unit].carried_by and unit not in state.troops.spw_lost:
            state.troops.spw_lost.add(unit)
            state.emit(UnitHit(unit, "loses its SPWs for good with the Step", "[§13.2]"))
        return
    state.eliminate(unit)


def _cohesion_instead(state: PcState, unit: str) -> bool:
    """The owner's roll to take a Cohesion Hit instead of a Suppression: a d10 at or under the
    unit's Troop Quality [§11.1]. Whether to try is the owner's choice; standing in for it, the
    engine tries unless the Cohesion Hit would be the unit's third, a Step Loss (our reading of a
    sensible owner: the book allows the try then too)."""
    if state.troops.cohesion.get(unit, 0) >= MAX_COHESION:
        state.emit(
            UnitHit(
                unit,
                "no try for a Cohesion Hit instead (it would be a Step Loss): standing in "
                "for the owner's choice",
                "[§11.1]",
            )
        )
        return False
    tq = state.troop_quality(unit)
    roll = d10(state, f"{unit} Troop Quality: a Cohesion Hit instead of Suppression [§11.1]")
    if roll <= tq:
        state.emit(
            UnitHit(
                unit, f"rolled {roll} <= TQ {tq}: a Cohesion Hit instead of Suppression", "[§11.1]"
            )
        )
        return True
    state.emit(UnitHit(unit, f"rolled {roll} > TQ {tq}: no Cohesion Hit instead", "[§11.1]"))
    return False


def rally(state: PcState, unit: str) -> None:
    """Rally: d10 <= TQ removes the Suppression first, else one Cohesion Hit [§11.2]."""
    tq = state.troop_quality(unit)
    marker = "Suppression" if unit in state.troops.suppressed else "Cohesion Hit"
    roll = d10(state, f"{unit} rallies ({marker}) [§11.2]")
    if roll > tq:
        state.emit(UnitHit(unit, f"fails to rally (rolled {roll} > TQ {tq})", "[§11.2]"))
    elif marker == "Suppression":
        state.troops.suppressed.discard(unit)
        state.emit(UnitHit(unit, f"Suppression removed (rolled {roll} <= TQ {tq})", "[§11.2]"))
    else:
        state.troops.cohesion[unit] -= 1
        if not state.troops.cohesion[unit]:
            del state.troops.cohesion[unit]  # none left: as a unit never hit (positions agree)
        state.emit(UnitHit(unit, f"a Cohesion Hit removed (rolled {roll} <= TQ {tq})", "[§11.2]"))


def why_not_rally(state: PcState, unit: str) -> str | None:
    if unit not in state.troops.suppressed and not state.troops.cohesion.get(unit):
        return "the unit has no Suppression or Cohesion Hit [§11.2]"
    if unit not in state.troops.suppressed and state.in_enemy_fire_zone(unit):
        return "a Cohesion Hit cannot be rallied in an enemy Fire Zone [§11.2]"
    return None


def combat_steps(state: PcState, unit: str) -> int:
    """The Steps the unit counts in combat: a truck or SPW one, a tank's passenger its own
    [§13.1-13.3]."""
    return 1 if on_vehicle(state, unit) else state.troops.steps[unit]


def reveal_concentration(state: PcState, unit: str, target: str) -> None:
    """[§22.4] "the instant that the Concentration is used to modify an attack made by the
    Concentrated unit, reveal the Concentration and place the two markers on the map"."""
    b = state.troops.hexes.get(target)
    secret = unit in state.intel.secret_concentrations
    if secret and b is not None and concentrated_on(state, unit, b):
        state.intel.secret_concentrations.discard(unit)
        there = state.troops.concentrations[unit]
        state.emit(
            PositionChanged(
                unit, f"its secret Concentration on {there} is revealed as it fires", "[§22.4]"
            )
        )


def end_concentration(state: PcState, unit: str, why: str) -> None:
    """The unit's Concentration ends [§10.3]."""
    there = state.troops.concentrations.pop(unit, None)
    if there is not None:
        # A secret Concentration ends as secretly as it began [§22.4].
        secret = unit in state.intel.secret_concentrations
        state.intel.secret_concentrations.discard(unit)
        owner = state.game.units[unit].side if secret else None
        state.emit(
            UnitHit(unit, f"Concentration on {there} ends: {why}", "[§10.3]", private_to=owner)
        )
