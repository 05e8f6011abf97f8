"""Soldiers fire [8.1-8.4]: one man's shot at a hex, its hit and its damage.

A shot: the hit chance of the weapon's table at the fire type and range (hexes counted with the
target's, without the firer's [8.31]; at most the battle condition's sighting distance [6.42];
0 into his own hex, at the enemy men in it only [8.83], range 1's cell standing in as a
placeholder and none of his own men there hit, our reading),
plus the cumulative modifiers of the target's terrain and of a hedge, wall or ridge the line of
sight crosses next to the target (``hit`` effects of terrain.yaml), mist (not between adjacent
hexes) or night [8.32], the number of men in the hex and all of them
suppressed (fire-modifiers.yaml); below 1 no roll, the AP spent all the same [8.3]; a d10 at
or under it hits [8.3]. The victim: on a 1 the firer's choice, else the target player's, a
non-suppressed man first [8.41]; the player chooses through the engine's actions where more
than one man may be chosen (:mod:`rules.soldiers.damage_choice`). Damage: a d10 minus the
terrain's ``damage`` modifier read on the weapon's damage line; an unmodified 10 always kills,
1 or less is Sup [8.42]; sustained fire chains while each new roll is at or under the one
before [8.43]. Effects [8.44].

A fire roll among the Weapon Check Summary's numbers calls for a weapon check after the damage
[8.5] (:mod:`rules.soldiers.weapons`); a jammed weapon or one out of ammo does not fire [8.51].
Sustained fire gives the enemy a chance to react [8.6] (:mod:`rules.soldiers.reaction`).

Fire with the same APs [8.34]: the men of a group firing into the step's hex
(:mod:`rules.soldiers.groups`) take the hit chance modifiers of the men in it as they stood
when the APs were paid, "unaffected by the results of the first fire"; and a man suppressed by
fire paid with those APs may still be chosen for the damage, where a man suppressed before may
not while a non-suppressed one is there [8.41].

Spotting [8.21]: an active man firing at a hex none of whose enemy men was in friendly sight
when he received his order (:func:`rules.soldiers.moves.judge_sight`), has been fired at in
this Action Phase or bears a Reaction Fire marker (men on overwatch [13.2] and in a pillbox
[18.52] are always spotted) first rolls a d6 against the highest initiative in his group: over
it, no fire, the 2 APs spent; a group failing may not fire with those APs [8.21; 8.22].

No fire through a hex holding only friendly, non-suppressed men [8.12]
(:mod:`rules.soldiers.fire_lanes`).

Simplifications, named: a flamethrower's fire needs no spotting roll (our reading: its
rules, 15, say nothing of it). Fire into a
hex both sides hold [8.84]: a roll of exactly the modified hit chance hits one of the firer's
own men, and a sustained chain there goes on to the other side's men on a roll equal to the
last; the players choose who is hit there too (the firer's own man: the enemy player [8.84]).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from rules.engine.worked import Working
from rules.los.geometry import CrossStep, trace
from rules.movement.costs import terrain_effect
from rules.soldiers import equipment, machineguns, preparations, scenario_events
from rules.soldiers.actions import DamageAsked, ManHit, Shoot, ShotExplained, Spotting
from rules.soldiers.fire_lanes import why_not_through
from rules.soldiers.pistols import pistol
from rules.soldiers.records import DamageChoice
from rules.soldiers.units import SYSTEM, cell, table_title
from rules.soldiers.weapons import carried, weapon_check, why_not_fire_weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

FIRE_AP = 2  # quick, aimed or sustained fire [7.1; Action Summary]
MAX_SHOTS = 2  # per man per Action Phase [8.1]
FIRE_BY_RISK = {
    "Cautious": ("quick",),
    "Wary": ("quick",),
    "Bold": ("quick", "aimed", "sustained"),
    "Aggressive": ("quick", "aimed", "sustained"),
}


def fire_types(state: SoldiersState, man: str) -> tuple[str, ...]:
    """The fire types the risk level allows [8.11]; a man in a pillbox may fire aimed or
    sustained at Wary [18.52]."""
    found = FIRE_BY_RISK[state.active.risk]
    if state.active.risk == "Wary" and preparations.fires_from_pillbox(state, man):
        return FIRE_BY_RISK["Bold"]
    return found


def rifle_mode(state: SoldiersState, man: str, fire_type: str) -> str | None:
    """The mode an assault rifle fires in [8.71] (None for any other weapon): aimed fire is
    semi-automatic, sustained fire automatic, quick fire in the mode he has fired it in this
    Action Phase, else automatic (our reading of the player's declaration: the mode of the
    rifle's sustained fire, its strongest)."""
    if not carried(state, man).semi_hit_table:
        return None
    if fire_type == "aimed":
        return "semi"
    if fire_type == "sustained":
        return "auto"
    return state.active.modes.get(man, "auto")


def why_not_mode(state: SoldiersState, man: str, fire_type: str) -> str | None:
    """Why the assault rifle may not fire this type now: another mode held this Action Phase
    [8.71]; None when it may."""
    held, need = state.active.modes.get(man), rifle_mode(state, man, fire_type)
    if held is None or need is None or held == need:
        return None
    words = {"semi": "semi-automatic", "auto": "automatic"}
    return (
        f"his assault rifle fires {words[held]} this Action Phase: no {fire_type} fire "
        f"({words[need]}) [8.71]"
    )


def why_not_shoot(state: SoldiersState, action: Shoot) -> str | None:
    game, man = state.game, action.man
    spec = game.men.get(man)
    if spec is None or state.active.current != man:
        return "only the man under orders acts [6.2]"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if state.active.ap < FIRE_AP:
        return f"fire costs {FIRE_AP} AP, {state.active.ap:g} left [7.1]"
    if state.active.shots.get(man, 0) >= MAX_SHOTS:
        return "a man fires at most twice in an Action Phase [8.1]"
    weapon = why_not_fire_weapon(state, man)
    if weapon is not None:
        return weapon
    if state.smoke.inside:  # smoke inside his building or pillbox: no fire [12.53]
        from rules.soldiers.smoke import why_not_fire

        blind = why_not_fire(state, man)
        if blind is not None:
            return blind
    if man in state.troops.captured:
        return "a prisoner may perform no action [9]"
    if man in state.troops.captured.values():
        return "a guard may not conduct combat actions [9.4]"
    arm = carried(state, man)  # his counter's, or one he took [7.33]
    if "continuous" in arm.fire:
        return "a flamethrower fires with the flame action, sustained or continuous [15.1]"
    if action.fire_type not in arm.fire:
        return f"the {arm.code} has no {action.fire_type} fire [8.1]"
    if action.fire_type not in fire_types(state, man):
        return f"at risk level {state.active.risk} only quick fire [8.11]"
    mode = why_not_mode(state, man, action.fire_type)  # the assault rifle's mode [8.71]
    if mode is not None:
        return mode
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    at = state.troops.hexes[man]
    dist = at.distance(target)
    if dist > arm.max_range:
        return f"the range is {dist} hexes (0, his own hex, to {arm.max_range}) [8.31]"
    if dist == 0:  # his own hex: at enemy men in it only [8.83; 8.31]
        return _why_not_own_hex(state, man, target)
    if dist > state.sight_range:
        return (
            f"the range is {dist} hexes, beyond the {state.sight_range} hexes a man sees in "
            f"{state.condition} [6.42]"
        )
    if not state.able_enemies_in(target, spec.side):
        return "the hex holds no able enemy man [8.1]"
    if not state.sees(at, target):
        return "the hex is not in sight [6.4]"
    through = why_not_through(state, man, target)  # [8.12]
    if through is not None:
        return through
    return machineguns.why_not_fire(state, man, target)  # an MG's crew and arc [14]


def _why_not_own_hex(state: SoldiersState, man: str, target: Hex) -> str | None:
    """Fire into the firer's own hex, range 0 ("including the target's hex but excluding the
    firer's hex" [8.31]): "any fire action (at enemy men in the hex only)" [8.83] (and fire at
    a hex both sides hold [8.84]). A man sees his own hex; no friendly man stands between
    [8.12]; an MG's arc holds no hex of its own (:func:`rules.soldiers.machineguns.in_arc`)."""
    if not state.able_enemies_in(target, state.game.men[man].side):
        return "his own hex holds no able enemy man: fire there is at enemy men only [8.83]"
    return machineguns.why_not_fire(state, man, target)  # an MG's crew and arc [14]


def own_hex(state: SoldiersState, action: Shoot) -> bool:
    """Whether the shot is into the firer's own hex (range 0 [8.31; 8.83])."""
    at = state.troops.hexes.get(action.man)
    return at is not None and state.game.name(at) == action.hex.upper()


#: The Weapon Table's range for fire into the firer's own hex: its columns begin at 1 [8.31];
#: range 1's cell stands in (a placeholder, as every Weapon Table cell is: our reading, the
#: nearest range the table gives).
OWN_HEX_COLUMN = 1


def _terrain(state: SoldiersState, h: Hex, key: str) -> tuple[int, str, str | None]:
    # a pillbox cancels the other terrain in its hex [18.52]; rubble, craters [17.51]
    terrain = preparations.overriding(state, h) or state.game.terrain.terrain(h)
    effect = terrain_effect(SYSTEM, terrain, key)
    value = effect.value if effect is not None and isinstance(effect.value, int) else 0
    if key == "damage":
        value += preparations.damage_modifier(state, h)  # entrenchment -2 [18.2]
    return value, terrain, effect.placeholder if effect is not None else None


def entry_side(firer: Hex, target: Hex) -> Hexside | None:
    """The target hex's hexside the line of sight crosses as it enters it [8.32], None when it
    enters through a corner (our reading: a line crossing only a corner of a hexside does not
    cross it, as for blocking [6.45])."""
    steps = trace(firer, target).steps
    last = steps[-2] if len(steps) >= 2 else None
    return last.side if isinstance(last, CrossStep) else None


def hit_chance(state: SoldiersState, action: Shoot) -> tuple[int, Working]:
    """The shot's modified hit chance, worked out step by step [8.3]: the die is not rolled
    yet (a d10 at or under it hits; below 1, no roll)."""
    game, man = state.game, action.man
    spec = game.men[man]
    target = game.by_name[action.hex.upper()]
    dist = state.troops.hexes[man].distance(target)
    work = Working()
    mode = rifle_mode(state, man, action.fire_type)  # [8.71]
    hit_table, _ = carried(state, man).tables(action.fire_type, mode)
    base = cell(hit_table, action.fire_type, max(dist, OWN_HEX_COLUMN))
    chance = int(str(base.value))
    title = table_title(hit_table)
    if dist == 0:
        work.steps.append(
            f"{title}, {action.fire_type} into his own hex (range 0 [8.31; 8.83]): range "
            f"{OWN_HEX_COLUMN}'s hit chance {chance} stands in [8.3]"
        )
        work.placeholders.append(
            f"{hit_table} {action.fire_type}/0: the table has no range 0; range "
            f"{OWN_HEX_COLUMN}'s cell stands in (our reading)"
        )
    else:
        work.steps.append(f"{title}, {action.fire_type} at {dist} hexes: hit chance {chance} [8.3]")
    if pistol(state, man) is not None:
        work.steps.append(
            "he fires his pistol: he has no other weapon to fire (our reading of 11.1; 14.13)"
        )
    if base.placeholder:
        work.placeholders.append(f"{hit_table} {action.fire_type}/{dist}: {base.placeholder}")
    chance += machineguns.hit_modifier(state, man, work)  # an MG one man short [14.3]
    chance += equipment.hit_modifier(state, man, work)  # another man's weapon [8.72; 8.73]
    value, terrain, ph = _terrain(state, target, "hit")
    if value:
        chance += work.add(f"target in {terrain} [8.32]", value, ph)
    for words, mod in preparations.hit_modifiers(state, target, spec.side):
        chance += work.add(f"target in {words}", mod, None)
    at = state.troops.hexes[man]
    side = entry_side(at, target)
    for feature in sorted(game.terrain.hexside_features(side)) if side is not None else ():
        effect = terrain_effect(SYSTEM, feature, "hit")
        if effect is not None and isinstance(effect.value, int) and effect.value:
            chance += work.add(
                f"the line of sight crosses a {feature} next to the target [8.32]",
                effect.value,
                effect.placeholder,
            )
    if scenario_events.in_smoke(state, target) or scenario_events.in_smoke(state, at):
        chance += work.add("fire into or out of a smoke hex [12.51; 10.6]", -1, None)
    if state.condition == "Mist" and dist > 1:
        c = cell("fire-modifiers", "mist (not between adjacent hexes)", "hit chance")
        chance += work.add("mist, not adjacent [8.32]", int(str(c.value)), c.placeholder)
    elif state.condition == "Night":
        c = cell("fire-modifiers", "night", "hit chance")
        chance += work.add("night [8.32]", int(str(c.value)), c.placeholder)
    # the enemy men in the target hex [8.32; 8.33]: a friendly man sharing it is not counted;
    # fire with the same APs counts them as they stood when the APs were paid [8.34]
    inside, standing, same = _targets(state, action, target)
    if same:
        work.steps.append(
            "fired with the same APs as the group's fire before: the men in the target hex as "
            "they stood then [8.34]"
        )
    row = None
    if len(inside) >= 5:
        row = "5 or more men in the target hex (suppressed or not)"
    elif len(standing) >= 3:
        row = "3 or 4 non-suppressed men in the target hex"
    if row is not None:
        c = cell("fire-modifiers", row, "hit chance")
        chance += work.add(f"{row} [8.32]", int(str(c.value)), c.placeholder)
    if inside and not standing:
        category, _, _ = _category(state, target)
        c = cell(
            "fire-modifiers",
            f"all men in the target hex suppressed, {category} terrain",
            "hit chance",
        )
        if isinstance(c.value, int):
            chance += work.add(
                f"all men suppressed, {category} terrain [8.32]", c.value, c.placeholder
            )
    return chance, work


def same_aps(state: SoldiersState, man: str, hex_name: str) -> bool:
    """Whether ``man``'s fire into ``hex_name`` is paid with the APs of the group's open fire
    step [7.1; 8.34]: the group's man, not yet fired in the step, into its hex."""
    active = state.active
    return (
        len(active.group) > 1
        and man in active.group
        and man not in active.step_men
        and active.step == f"combat {float(FIRE_AP):g}"
        and active.step_hex == hex_name.upper()
        and bool(active.step_targets)
    )


def _targets(state: SoldiersState, action: Shoot, target: Hex) -> tuple[list[str], list[str], bool]:
    """The enemy men in the target hex and the non-suppressed ones among them, and whether
    they are taken as they stood when the APs were paid: "the same hit chance modifiers apply
    to all fires ... unaffected by the results of the first fire" [8.34]."""
    if same_aps(state, action.man, action.hex):
        snap = state.active.step_targets
        return sorted(snap), sorted(m for m, down in snap.items() if not down), True
    inside = state.able_enemies_in(target, state.game.men[action.man].side)
    return inside, [m for m in inside if m not in state.troops.suppressed], False


def must_spot(state: SoldiersState, man: str, hex_name: str) -> bool:
    """Whether the active man must spot the enemy in the hex before he fires [8.21]: none of
    its able enemy men (a) was in friendly sight when he received his order (the sight judged
    then [7.23]), (b) has been fired at in this Action Phase, or (c) bears a Reaction Fire
    marker [8.65]; men on overwatch [13.2] and in a pillbox [18.52] are always spotted. Our
    reading: one man of the hex spotted spots the hex (fire is at a hex [8.2])."""
    game, active = state.game, state.active
    target = game.by_name[hex_name.upper()]
    eyes = [game.by_name[o] for o in sorted(active.friendly_eyes)]
    if any(e == target or state.sees(e, target) for e in eyes):
        return False
    for m in state.able_enemies_in(target, game.men[man].side):
        if m in active.fired_at or m in active.reacted or m in state.support.overwatch:
            return False
        if preparations.fires_from_pillbox(state, m):
            return False
    return True


def spot_chance(state: SoldiersState, man: str) -> int:
    """The highest initiative in the active group (the man alone: his), a suppressed man's one
    less [2.11]: a d6 at or under it spots [8.21]."""
    group = [m for m in state.active.group if m in state.troops.hexes] or [man]
    at = state.troops.hexes[man]
    best = 0
    for m in group:
        if state.troops.hexes.get(m) != at or m in state.troops.disabled:
            continue
        init = state.game.men[m].initiative
        best = max(best, max(0, init - 1) if m in state.troops.suppressed else init)
    return best


def _spot(state: SoldiersState, action: Shoot) -> bool:
    """The spotting roll, when one is needed: a d6 at or under the highest initiative in the
    group spots; else the moving men may not fire, the APs spent all the same [8.21]."""
    if not must_spot(state, action.man, action.hex):
        return True
    best = spot_chance(state, action.man)
    roll = state.roll(f"{action.man} spotting at {action.hex.upper()} [8.21]", 6)
    spotted = roll <= best
    said = "spotted, he fires" if spotted else "not spotted: no fire, the 2 APs spent"
    why = (
        f"{action.man} must spot the enemy in {action.hex.upper()} (not in friendly sight when "
        f"he received his order, not fired at, no Reaction Fire marker): d6 {roll} against the "
        f"highest initiative {best} in the group: {said} [8.21]"
    )
    state.emit(Spotting(action.man, action.hex.upper(), roll, best, spotted, why))
    return spotted


def shoot(state: SoldiersState, action: Shoot) -> bool:
    """Resolve one shot of the active man (legality already checked), after the spotting roll
    it may need [8.21]; sustained fire gives the enemy a chance to react [8.6]. False when the
    enemy was not spotted: no fire, the APs spent (our reading: not one of his two fires, 8.22,
    since he did not fire)."""
    state.active.ap -= FIRE_AP
    if not _spot(state, action):
        return False
    state.active.shots[action.man] = state.active.shots.get(action.man, 0) + 1
    target = state.game.by_name[action.hex.upper()]
    state.active.fired_at |= set(state.able_enemies_in(target, state.game.men[action.man].side))
    resolve(state, action)
    if state.active.damage is not None:
        return True  # the damage waits on a player's choice [8.41]; the rest after it
    after_shot(state, action)
    return True


def after_shot(state: SoldiersState, action: Shoot) -> None:
    """What follows a shot of the active man, once its damage is done: sustained fire gives
    the enemy a chance to react [8.6]."""
    if action.fire_type == "sustained":
        from rules.soldiers.reaction import offer

        offer(state, action.man, "sustained", action.hex.upper())


def resolve(state: SoldiersState, action: Shoot, worked: tuple[int, Working] | None = None) -> None:
    """Resolve one shot [8.3-8.5]: the hit chance (``worked``: already worked out, for
    simultaneous reaction fire [8.6]), the roll, the damage, then any weapon check."""
    man = action.man
    spec = state.game.men[man]
    target = state.game.by_name[action.hex.upper()]
    chance, work = worked if worked is not None else hit_chance(state, action)
    mode = rifle_mode(state, man, action.fire_type)
    if mode is not None:
        state.active.modes[man] = mode  # the same mode for the rest of the phase [8.71]
    _, damage_table = carried(state, man).tables(action.fire_type, mode)
    friends = _able_of(state, spec.side, target)
    if friends and own_hex(state, action):
        # "at enemy men in the hex only" [8.83]: none of his own men there is hit (our reading:
        # 8.84's own-man hit and chain are for fire into another hex both sides hold)
        work.steps.append(
            "fire into his own hex, at the enemy men in it only: his own men there are never "
            "hit (our reading of 8.83) [8.83]"
        )
        friends = []
    scenario_events.fired_at(state, target)  # the fuel dump's trigger [10.6]
    roll: int | None = None
    hit = own = False
    if chance < 1:
        work.steps.append(f"modified hit chance {chance} < 1: no roll, the AP are spent [8.3]")
    else:
        roll = state.roll(f"{man} {action.fire_type} fire at {action.hex.upper()} [8.3]", 10)
        hit = roll <= chance
        own = hit and bool(friends) and roll == chance
        if own:
            work.steps.append(
                f"rolled {roll}, exactly the modified hit chance, into a hex friendly men share: "
                "one of the firer's own men is hit [8.84]"
            )
        else:
            work.steps.append(f"rolled {roll} against {chance}: {'hit' if hit else 'miss'} [8.3]")
    state.emit(
        ShotExplained(
            man,
            action.hex.upper(),
            action.fire_type,
            tuple(work.steps),
            chance,
            roll,
            hit,
            tuple(work.placeholders),
        )
    )
    if hit and roll is not None:
        first = spec.side if own else state.game.other(spec.side)
        before = state.active.step_targets if same_aps(state, man, action.hex) else {}
        chain = DamageChoice(
            chooser="",
            side=first,
            men=(),
            shooter=man,
            fire_type=action.fire_type,
            hex=action.hex.upper(),
            table=damage_table,
            fire_roll=roll,
            firer=spec.side,
            first=first,
            sustained=action.fire_type == "sustained",
            mutual=bool(friends),
            standing_before=tuple(sorted(m for m, down in before.items() if not down)),
        )
        _damage(state, chain)  # then the weapon check [8.5], once every man is chosen
    elif roll is not None:
        weapon_check(state, man, action.fire_type, roll)  # [8.5]


def _able_of(state: SoldiersState, side: str, h: Hex) -> list[str]:
    """The able men of ``side`` in ``h``."""
    return sorted(
        m
        for m, at in state.troops.hexes.items()
        if at == h and m not in state.troops.disabled and state.game.men[m].side == side
    )


def _category(state: SoldiersState, h: Hex) -> tuple[str, str, str | None]:
    terrain = state.game.terrain.terrain(h)
    effect = terrain_effect(SYSTEM, terrain, "category")
    found = str(effect.value) if effect is not None else "open"
    return (found if found in ("open", "covered", "protected") else "open"), terrain, None


def eligible(
    state: SoldiersState,
    side: str,
    target: Hex,
    hit: tuple[str, ...] | set[str],
    standing_before: frozenset[str] | tuple[str, ...] = frozenset(),
) -> list[str]:
    """The men of ``side``'s able men in ``target`` who may be chosen to take the hit [8.41],
    whoever chooses: "A non-suppressed man must be chosen over a suppressed man unless the
    suppression was caused by fire paid for with the same APs" (``standing_before``: the men
    not suppressed when those APs were paid); "otherwise, any man may be chosen". Not a man
    who has taken a hit of this fire already [8.43]."""
    men = [m for m in _able_of(state, side, target) if m not in hit]
    down = state.troops.suppressed - set(standing_before)
    return [m for m in men if m not in down] or men


def stand_in(state: SoldiersState, men: list[str] | tuple[str, ...], by_owner: bool) -> str:
    """The bots' choice among the men who may be chosen [8.41] (the engine's before the players
    chose): the player against the men picks a leader first, the highest command rating;
    their own player a non-suppressed man first, the lowest initiative (his leaders spared)."""
    if not by_owner:
        return min(men, key=lambda m: (-state.game.men[m].command, m))
    standing = [m for m in men if m not in state.troops.suppressed] or list(men)
    return min(standing, key=lambda m: (state.game.men[m].initiative, m))


def _damage(state: SoldiersState, chain: DamageChoice) -> None:
    """Damage rolls [8.42-8.43] for a hit (``chain``: the shot, nothing chosen yet); the chain
    waits for a player's choice where more than one man may be chosen
    (:mod:`rules.soldiers.damage_choice`), then goes on with :func:`go_on`.

    Who chooses the first man [8.41; 8.84]: on a fire roll of 1 the firer; else the target
    player, and for a hit on the firer's own man the enemy player; he is chosen before the
    damage roll ("the German will choose which of his men will be affected by the first damage
    roll. The US player rolls for damage" [8.43]). The sustained chain [8.43]: each next roll at
    or under the last goes on to another man, of the target player's choice, chosen once the
    roll is made (our reading: the roll decides whether another man is hit at all, and, into a
    hex both sides hold, of which side [8.84 (b)]: a roll exactly the last one hits a man of the
    side opposite the first damaged man's, a lower one a man of his side). When the side so
    named has no man left unhit, the chain ends (our reading: "until all men in the hex have
    taken damage" [8.43])."""
    go_on(state, chain, None)


def go_on(state: SoldiersState, chain: DamageChoice, chosen: str | None) -> None:
    """Go on with the damage procedure: ``chosen`` takes the damage the chain waits for (None:
    the next man is to be found); stops at a choice to make (``state.active.damage``), else
    ends with the weapon check [8.5]."""
    state.active.damage = None
    while True:
        if chosen is None:
            found = _next_man(state, chain)
            if found is None:
                break
            chain = found
            if len(chain.men) > 1:
                state.active.damage = chain
                _ask(state, chain)
                return
            chosen = chain.men[0]
        chain = _take(state, chain, chosen)
        chosen = None
        if not chain.sustained:
            break
    weapon_check(state, chain.shooter, chain.fire_type, chain.fire_roll)  # after damage [8.5]


def _ask(state: SoldiersState, chain: DamageChoice) -> None:
    if chain.previous is None:
        who = "the firer" if chain.chooser == chain.firer else "the target player"
        why = f"the fire roll was {chain.fire_roll}: {who} chooses, before the damage roll [8.41"
        why += "; 8.84]" if chain.side == chain.firer else "; 8.43]"
    else:
        why = f"damage roll {chain.raw}: another man, the target player's choice [8.43]"
    state.emit(DamageAsked(chain.chooser, chain.men, why))


def _next_man(state: SoldiersState, chain: DamageChoice) -> DamageChoice | None:
    """The next man's damage: the side it falls on, who chooses and among whom, and (after the
    first) the roll that carries the chain on; None when the chain ends [8.41; 8.43; 8.84]."""
    game = state.game
    target = game.by_name[chain.hex]
    sides = (chain.first, game.other(chain.first)) if chain.mutual else (chain.first,)
    # Each man takes one hit of a chain at most [8.43]: no roll once every able man has one.
    if not any(m not in chain.hit for s in sides for m in _able_of(state, s, target)):
        return None
    raw: int | None = None
    if chain.previous is None:
        side = chain.first
        # on a fire roll of 1 the firer picks [8.41], also among his own men [8.84]; else the
        # target player, who picks the firer's own man too [8.84]
        firer_picks = chain.fire_roll == 1
        by_owner = firer_picks != (side != chain.firer)
    else:
        raw = state.roll(f"damage at {chain.hex} [8.42]", 10)
        if raw > chain.previous:
            state.emit(ManHit("-", "chain ends", f"rolled {raw} > {chain.previous} [8.43]"))
            return None
        side = chain.first
        if chain.mutual and raw == chain.previous:
            side = game.other(chain.first)
        by_owner = side != chain.firer  # after the first man the target player's [8.43]
    men = eligible(state, side, target, chain.hit, chain.standing_before)
    if not men:
        if raw is None:
            state.roll(f"damage at {chain.hex} [8.42]", 10)  # rolled before, as ever
        why = "every able man of the side named has taken damage: the chain ends [8.43]"
        if chain.mutual:
            why = why[:-1] + "; 8.84 (b), our reading]"
        state.emit(ManHit("-", "chain ends", why))
        return None
    chooser = side if by_owner else game.other(side)
    return dataclasses.replace(chain, side=side, chooser=chooser, men=tuple(men), raw=raw)


def _take(state: SoldiersState, chain: DamageChoice, man: str) -> DamageChoice:
    """``man`` takes the damage the chain waits for: the roll (the first man's now), the
    Damage Table, its effect [8.42; 8.44]."""
    target = state.game.by_name[chain.hex]
    value, terrain, ph = _terrain(state, target, "damage")
    raw = chain.raw
    if raw is None:
        raw = state.roll(f"damage at {chain.hex} [8.42]", 10)
    result, why = damage_line(chain.table, raw, value, terrain, ph)
    if chain.previous is not None and chain.mutual:
        rel = "the same number" if raw == chain.previous else "lower"
        why += f"; {rel} than the last roll: a {chain.side} man [8.84]"
    if len(chain.men) > 1:
        rule = "8.41" if chain.previous is None else "8.43"
        why += f"; {chain.chooser}'s choice [{rule}]"
    apply_damage(state, man, result, why)
    return dataclasses.replace(chain, hit=(*chain.hit, man), previous=raw, raw=None, men=())


def damage_line(
    table: str, raw: int, value: int, terrain: str, placeholder: str | None
) -> tuple[str, str]:
    """The Damage Table's result for a d10 of ``raw`` and the terrain's ``value``, and why:
    an unmodified 10 always kills, a modified 1 or less is always Sup [8.42]."""
    modified = raw + value
    if raw == 10:
        return "Kill", "an unmodified 10 always kills [8.42]"
    if modified <= 1:
        return "Sup", f"modified {modified} <= 1 is always Sup [8.42]"
    c = cell(table, "damage", min(10, modified))
    why = f"{table} at {modified} (rolled {raw}, {terrain} {value:+d}) [8.42]"
    return str(c.value), why + " (placeholder)" if c.placeholder or placeholder else why


def apply_damage(state: SoldiersState, man: str, result: str, why: str) -> None:
    """A damage result on a man [8.44]: a wounded man wounded again is incapacitated; an
    incapacitated man wounded or incapacitated again is killed; suppression does nothing more
    to a suppressed or disabled man; a prisoner [9] wounded stays captured, incapacitated or
    killed he is so (an incapacitated prisoner stays captured while guarded)."""
    if state.troops.disabled.get(man) == "killed":
        state.emit(ManHit(man, "Kill", why + "; already dead [8.44]"))
        return
    from rules.soldiers.carrying import damaged

    damaged(state, man, result)  # a carrier hit drops the man [11.3]
    if state.troops.disabled.get(man) == "incapacitated":
        if result in ("Wound", "Incap"):
            result, why = (
                "Kill",
                why + "; an incapacitated man wounded or incapacitated is killed [8.44]",
            )
        elif result == "Sup":
            state.emit(ManHit(man, "Incap", why + "; a disabled man stays incapacitated [8.44]"))
            return
    if state.troops.disabled.get(man) == "captured" and result == "Sup":
        state.emit(ManHit(man, "Sup", why + "; a prisoner: no further effect [8.44; 9]"))
        return
    if result == "Wound" and man in state.troops.wounded:
        result, why = "Incap", why + "; a second wound incapacitates [8.44]"
    if result == "Sup":
        state.troops.suppressed.add(man)
    elif result == "Wound" and state.troops.disabled.get(man) == "captured":
        state.troops.wounded.add(man)  # a wounded prisoner stays captured [8.44; 9]
    elif result == "Wound":
        state.troops.wounded.add(man)
        state.troops.suppressed.add(man)
    else:
        state.troops.disabled[man] = "killed" if result == "Kill" else "incapacitated"
        state.troops.suppressed.discard(man)
    state.emit(ManHit(man, result, why))
