"""Soldiers flamethrowers [15]: Murphy's and Marck's fire (the ``flame`` action).

Who and when [15; 15.1]: the man carrying a flamethrower, under orders, at Bold or Aggressive;
sustained fire (2 AP, the Action Summary's placeholder) or continuous fire (4 AP [15.12]),
never quick fire, never in reaction [15.17] (a flamethrower has no quick fire, so
:mod:`rules.soldiers.reaction` never offers it). A fire action: one of the man's two fires an
Action Phase [8.1]; its weapon must fire (not jammed, not out of fuel [8.51]).

Where [15.13; 15.14]: at enemy men he sees [8.1], 1 hex at least, at most the Weapon Table's
range (a placeholder: the table is not in the text); into a building or pillbox only from an
adjacent hex; not through a wall hexside that does not border his own hex.

Resolution [15.11-15.16]: the Flamethrower Weapon Table's sustained or continuous row at the
range; terrain does not modify it, nor does suppression [15.14; 15.15]; the battle condition's
and the number of men's modifiers do (our reading: they are not terrain [8.32]). A d10 at or
under it hits every man in the hex, as a grenade does [15.11] (our reading: friend or foe, and
continuous fire too, "resolved in the same way" [15.12]): a d10 for each on the heavy damage row
(sustained at 1-2 hexes, continuous at 1-3) or the light one [15.16], unmodified (terrain does
not affect it [15.14], a suppressed man has no benefit [15.15]), 10 always a kill [8.42]. A
weapon check follows every fire, +1 after continuous fire (above 10 read as 10) [15.11; 15.12].
Like sustained fire it draws enemy reaction fire [15.12; 8.6].

Carrying [15.2]: no extra fuel is bought (:func:`rules.soldiers.weapons.starting_clips`); his two
clips are his fuel (our reading of 19.54), reloaded as any weapon [8.52].

Exchange [15.21]: a man may take the flamethrower from the friendly man it was originally
assigned to by an exchange equipment action (:mod:`rules.soldiers.equipment`); he then fires
it "less effectively": the hit chance -3 after all other modifiers, +4 to the weapon check
die-roll (with continuous fire's +1; above 10 read as 10). The fire reads the weapon the man
carries now [11.2]: Murphy or Marck carrying another man's weapon fires that one instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.play import Chance
from rules.engine.worked import Working
from rules.los.geometry import CrossStep, trace
from rules.soldiers import scenario_events
from rules.soldiers.equipment import modifiers
from rules.soldiers.fire import MAX_SHOTS, apply_damage
from rules.soldiers.fire_lanes import why_not_through
from rules.soldiers.grenades import indoors
from rules.soldiers.support_actions import FLAME_TYPES, Flame, FlameExplained
from rules.soldiers.units import cell, table_title
from rules.soldiers.weapons import carried, run_check, why_not_fire_weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The Action Summary's rows of the two fires.
AP_ROWS = {"sustained": "flamethrower sustained fire", "continuous": "flamethrower continuous fire"}
#: The longest range that reads the heavy damage row [15.16].
HEAVY_UP_TO = {"sustained": 2, "continuous": 3}
CONTINUOUS_CHECK = 1  # added to the weapon check roll after continuous fire [15.12]


def carries(state: SoldiersState, man: str) -> bool:
    """Whether the weapon the man carries now is a flamethrower [11.2; 15.21]."""
    return "continuous" in carried(state, man).fire


def cost(fire_type: str) -> int:
    """The AP of a flamethrower fire [15.12; Action Summary]."""
    return int(str(cell("action-summary", AP_ROWS[fire_type], "AP").value))


def _walls(state: SoldiersState, at: Hex, target: Hex) -> bool:
    """Whether the line of fire crosses a wall hexside that does not border ``at`` [15.14]."""
    for step in trace(at, target).steps:
        if not isinstance(step, CrossStep) or at in step.side.hexes:
            continue
        if "wall" in state.game.terrain.hexside_features(step.side):
            return True
    return False


def why_not(state: SoldiersState, action: Flame) -> str | None:
    """Why the ordered man may not fire his flamethrower so now [15.1-15.14], or None."""
    game, man, troops = state.game, action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if state.active.current != man or man not in troops.hexes:
        return "only the man under orders acts [6.2]"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if not carries(state, man):
        return "he carries no flamethrower [15]"
    if action.fire_type not in FLAME_TYPES:
        return "a flamethrower fires sustained or continuous fire [15.1]"
    if man in troops.captured or man in troops.captured.values():
        return "a prisoner or a guard may not conduct combat actions [9; 9.4]"
    if state.active.risk not in ("Bold", "Aggressive"):
        return "a flamethrower fires only at Bold or Aggressive [15.1]"
    if state.active.shots.get(man, 0) >= MAX_SHOTS:
        return "a man fires at most twice in an Action Phase [8.1]"
    why = why_not_fire_weapon(state, man)
    if why is not None:
        return why
    if state.active.ap < cost(action.fire_type):
        ap = cost(action.fire_type)
        return f"{action.fire_type} fire costs {ap} AP, {state.active.ap:g} left [15.12]"
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    return _why_not_target(state, man, target)


def _why_not_target(state: SoldiersState, man: str, target: Hex) -> str | None:
    game = state.game
    at, weapon = state.troops.hexes[man], carried(state, man)
    dist = at.distance(target)
    if dist < 1:
        return "a flamethrower may not fire at its own hex [15.13]"
    if dist > weapon.max_range:
        reach = weapon.max_range
        return f"the range is {dist} hexes, the flamethrower reaches {reach} [15.13] (placeholder)"
    if dist > state.sight_range or not state.sees(at, target):
        return "the hex is not in sight [6.4; 6.42]"
    if not state.able_enemies_in(target, game.men[man].side):
        return "the hex holds no able enemy man [8.1]"
    if indoors(state, target) and dist > 1:
        return "into a building or pillbox only from an adjacent hex [15.14]"
    if _walls(state, at, target):
        return "not through a wall hexside that does not border his hex [15.14]"
    return why_not_through(state, man, target)  # [8.12]


def hit_chance(state: SoldiersState, action: Flame) -> tuple[int, Working]:
    """The fire's modified hit chance [15.1; 15.14; 15.15]: no terrain, no suppression; an
    unfamiliar user's -3 after all other modifiers [15.21]."""
    game, man = state.game, action.man
    spec = game.men[man]
    arm = carried(state, man)
    target = game.by_name[action.hex.upper()]
    dist = state.troops.hexes[man].distance(target)
    work = Working()
    base = cell(arm.hit_table, action.fire_type, dist)
    chance = int(str(base.value))
    work.steps.append(
        f"{table_title(arm.hit_table)}, {action.fire_type} at {dist} hexes: "
        f"hit chance {chance} [15.1]"
    )
    if base.placeholder:
        work.placeholders.append(f"{arm.hit_table} {action.fire_type}/{dist}: {base.placeholder}")
    work.steps.append("terrain and suppression do not modify it [15.14; 15.15]")
    if state.condition == "Mist" and dist > 1:
        c = cell("fire-modifiers", "mist (not between adjacent hexes)", "hit chance")
        chance += work.add("mist, not adjacent [8.32]", int(str(c.value)), c.placeholder)
    elif state.condition == "Night":
        c = cell("fire-modifiers", "night", "hit chance")
        chance += work.add("night [8.32]", int(str(c.value)), c.placeholder)
    inside = state.able_enemies_in(target, spec.side)
    standing = [m for m in inside if m not in state.troops.suppressed]
    row = None
    if len(inside) >= 5:
        row = "5 or more men in the target hex (suppressed or not)"
    elif len(standing) >= 3:
        row = "3 or 4 non-suppressed men in the target hex"
    if row is not None:
        c = cell("fire-modifiers", row, "hit chance")
        chance += work.add(f"{row} [8.32]", int(str(c.value)), c.placeholder)
    hit, _, why = modifiers(state, man)  # after all other modifiers [15.21]
    if hit:
        chance += work.add(why, hit, None)
    return chance, work


def damage_row(fire_type: str, dist: int) -> str:
    """The heavy or light damage row [15.16]."""
    return "heavy" if dist <= HEAVY_UP_TO[fire_type] else "light"


def flame(state: SoldiersState, action: Flame) -> None:
    """Resolve one flamethrower fire (legality already checked) [15.1-15.16], then the weapon
    check [15.11] and the enemy's chance to react [15.12]."""
    game, man = state.game, action.man
    arm = carried(state, man)
    target = game.by_name[action.hex.upper()]
    dist = state.troops.hexes[man].distance(target)
    state.active.ap -= cost(action.fire_type)
    state.active.shots[man] = state.active.shots.get(man, 0) + 1
    chance, work = hit_chance(state, action)
    scenario_events.fired_at(state, target)  # the fuel dump's trigger [10.6]
    roll: int | None = None
    hit = False
    if chance < 1:
        work.steps.append(f"modified hit chance {chance} < 1: no roll, the AP are spent [8.3]")
    else:
        roll = state.roll(
            f"{man} {action.fire_type} flamethrower fire at {game.name(target)} [15.1]", 10
        )
        hit = roll <= chance
        work.steps.append(f"rolled {roll} against {chance}: {'hit' if hit else 'miss'} [8.3]")
    state.emit(
        FlameExplained(
            man,
            game.name(target),
            action.fire_type,
            tuple(work.steps),
            chance,
            roll,
            hit,
            tuple(work.placeholders),
        )
    )
    if hit:
        _burn(state, target, arm.damage_table, damage_row(action.fire_type, dist))
    added, reasons = 0, []
    if action.fire_type == "continuous":
        added, reasons = CONTINUOUS_CHECK, ["continuous fire [15.12]"]
    _, unfamiliar, why = modifiers(state, man)  # +4 to the check [15.21]
    if unfamiliar:
        added, reasons = added + unfamiliar, [*reasons, why]
    run_check(
        state,
        man,
        arm.damage_table,
        "a weapon check after every flamethrower fire [15.11]",
        False,
        added,
        "; ".join(reasons),
    )
    from rules.soldiers.reaction import offer

    offer(state, man, "sustained", game.name(target))  # as sustained fire [15.12; 8.6]


def _burn(state: SoldiersState, h: Hex, table: str, row: str) -> None:
    """A d10 for every man in the hex on the damage row, unmodified [15.11; 15.15; 15.16]."""
    troops = state.troops
    men = sorted(
        m for m, at in troops.hexes.items() if at == h and troops.disabled.get(m) != "killed"
    )
    for m in men:
        raw = state.roll(f"flamethrower damage to {m} [15.11]", 10)
        if raw == 10:
            result, why = "Kill", "an unmodified 10 always kills [8.42]"
        else:
            c = cell(table, row, raw)
            result = str(c.value)
            why = f"{table} {row} row at {raw}, unmodified [15.15; 15.16]"
            why += " (placeholder)" if c.placeholder else ""
        apply_damage(state, m, result, why)


def options(state: SoldiersState, man: str) -> list[Flame]:
    """The flamethrower fires open to the ordered man at hexes holding able enemy men."""
    if not carries(state, man) or man not in state.troops.hexes:
        return []
    game, at = state.game, state.troops.hexes[man]
    reach = carried(state, man).max_range
    targets = {
        h
        for m, h in state.troops.hexes.items()
        if game.men[m].side != game.men[man].side and m not in state.troops.disabled
        if 1 <= at.distance(h) <= reach
    }
    return [
        a
        for h in sorted(targets, key=game.name)
        for a in (Flame(man, game.name(h), t) for t in FLAME_TYPES)
        if why_not(state, a) is None
    ]


def odds(state: SoldiersState, action: Flame) -> Chance:
    """The fire's odds in words, for the preview."""
    chance, work = hit_chance(state, action)
    rolls = max(0, min(10, chance))
    target = state.game.by_name[action.hex.upper()]
    dist = state.troops.hexes[action.man].distance(target)
    said = (
        "no roll, a miss [8.3]"
        if chance < 1
        else f"a d10 of {rolls} or less hits every man in the hex"
    )
    row = damage_row(action.fire_type, dist)
    words = f"{'; '.join(work.steps)}; modified hit chance {chance}: {said}"
    words += f"; the {row} damage row [15.16]"
    return Chance(action.hex.upper(), words, rolls / 10 if chance >= 1 else 0.0)
