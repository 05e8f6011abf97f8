"""Soldiers weapons in play: ammunition, weapon checks and the maintenance that clears them
[7.3; 8.5; 11; 19.53].

Each man starts with his weapon and his clips [11; 19.53]: two (one in a depleted squad), an
MG team's three going with its gun (our reading of 19.54: the owner shares them). Our reading of
a clip [11]: the first is in the weapon when the game starts; an Ammo result empties it and a
reload [8.52] marks off the next, so a man fires as many loads as he has clips.

Weapon checks [8.5]: a fire roll among the Weapon Check Summary's numbers for the fire type
calls for a d10 on the weapon's weapon check line, after any damage: Jam, the weapon may not
fire until a clear jam succeeds [8.51; 7.32]; Ammo, out of ammo until a reload [8.51; 8.52];
NE, nothing. Ammo results are ignored in the Learning Scenario [8.51 note] (the engine: a
scenario played at the ``standard`` rules level, which only the Learning Scenario is).

Maintenance [7.3]: clear jam (2 AP, a d10 on the weapon check line: NE or Ammo clears it [7.32])
and reload (2 AP, one clip marked off [8.52]), where the risk level allows [7.31]: Bold or
Aggressive in any hex; Wary or Cautious out of enemy sight, or in a covered or protected hex in
enemy sight not enemy-occupied (Cautious: the Action Summary is not in the text; the data
library's placeholder gives both actions the Wary rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import Scenario
from rules.soldiers import kit, pistols
from rules.soldiers.actions import ClearJam, Maintained, Reload, WeaponChecked
from rules.soldiers.units import Man, Weapon, cell, weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

MAINTENANCE_AP = 2  # clear jam [7.32] and reload [8.52]
#: The Weapon Check Summary's row of each fire type [8.5].
CHECK_ROWS = {"quick": "quick fire", "aimed": "aimed fire", "sustained": "sustained fire"}
CHECK_COLUMN = "fire rolls calling for a weapon check"


def starting_clips(scenario: Scenario, men: list[Man], depleted: list[str]) -> dict[str, int]:
    """Each man's clips at the start [11; 19.21; 19.53], and the extra clips his side bought
    (CLIP purchases) dealt as :func:`dealt` deals grenades, each for his own weapon (our
    reading of 19.44 and 19.53: clips are typed by weapon, the owner types them)."""
    found = {m.id: m.clips_depleted if m.squad in depleted else m.clips for m in men}
    for m in men:  # a team's clips are its gun's, by the gun's id (holder) [19.54]
        if m.team is not None:
            found[m.team] = found.get(m.team, 0) + found.pop(m.id)
    loaders = [m for m in men if not m.weapon.id.endswith("-FT")]  # no FT ammo bought [15.2]
    for man, extra in dealt(scenario, loaders, "CLIP").items():
        team = next((m.team for m in men if m.id == man), None)
        key = team if team is not None else man
        found[key] = found.get(key, 0) + extra  # the gun's ammo [19.54]
    return found


def holder(state: SoldiersState, man: str) -> str:
    """Whose Jam and Ammo Out markers and clips stand for the weapon ``man`` fires: an MMG's or
    HMG's own, by the gun's id, for its whole crew (our reading: the crew fire one gun and
    share its ammo [14.1; 19.54]), whoever of its crew fires it [14.13]; else the man himself,
    so that a crewman relieved, the gun's first one too, has marks of his own for the pistol
    or the weapon he fires then [7.33; 14.13]."""
    gun = kit.works(state, man)
    return gun if gun is not None else man


def starting_grenades(scenario: Scenario, men: list[Man]) -> dict[str, int]:
    """The explosive grenades each man carries [12; 19.44] (GRENADE purchases, :func:`dealt`)."""
    return dealt(scenario, men, "GRENADE")


def dealt(scenario: Scenario, men: list[Man], item: str) -> dict[str, int]:
    """Each side's purchases of ``item`` dealt one at a time to its men in roster order (our
    reading: the owner distributes extra equipment as he sees fit [19.44]; the engine deals it
    evenly, whatever entry a purchase names)."""
    found: dict[str, int] = {}
    for side in scenario.sides:
        count = sum(p.count for p in side.purchases if p.item.upper() == item)
        roster = [m.id for m in men if m.side == side.id]
        for i in range(count if roster else 0):
            man = roster[i % len(roster)]
            found[man] = found.get(man, 0) + 1
    return found


def spare_clips(state: SoldiersState, man: str) -> int:
    """Clips left to load by a reload (our reading of 11: the first is loaded at the start),
    with those he took or gave [7.33]; ``man`` a gun's id, the gun's [19.54] (:func:`holder`)."""
    start = state.game.clips.get(man, 0) + kit.clips_taken(state, man)
    return max(0, start - 1 - state.troops.clips_spent.get(man, 0))


def why_not_fire_weapon(state: SoldiersState, man: str) -> str | None:
    """Why the man's weapon may not fire now, or None [8.51]; a man with no other weapon fires
    his pistol [11.1; 14.13] (:mod:`rules.soldiers.pistols`)."""
    if man in state.troops.destroyed:
        return "his weapon was destroyed: he is unarmed [9.5; 9.6]"
    if pistols.pistol(state, man) is not None:
        return pistols.why_not_pistol(state, man)
    if kit.unarmed(state, man):
        return "he gave his part of the MG away: relieved, he is unarmed [14.13]"
    if man in state.troops.weaponless:
        return "a man without a weapon took his: he carries none [7.33; 14.13]"
    man = holder(state, man)
    if man in state.troops.jammed:
        return "his weapon is jammed: a clear jam action first [8.51; 7.32]"
    if man in state.troops.ammo_out:
        if spare_clips(state, man):
            return "his weapon is out of ammo: a reload first [8.51; 8.52]"
        return "his weapon is out of ammo and he has no clip left [8.51; 8.52]"
    return None


def carried(state: SoldiersState, man: str) -> Weapon:
    """The weapon ``man`` carries now: his counter's, or one he took [7.33; 11.2]; a man not
    originally of an MG's crew, the gun while it is prepared with him [14.13]; a man with no
    other weapon to fire, his pistol [11.1; 14.13]."""
    found = pistols.pistol(state, man)
    if found is not None:
        return found
    gun = kit.works(state, man)
    if gun is not None and gun != state.game.men[man].team:
        return state.game.men[state.game.guns[gun][0]].weapon
    taken = state.troops.carried.get(man)
    return weapon(taken) if taken is not None else state.game.men[man].weapon


def ammo_ignored(state: SoldiersState) -> bool:
    """Ammo results are ignored in the Learning Scenario [8.51 note]."""
    return state.game.scenario.rules.level == "standard"


def weapon_check(state: SoldiersState, man: str, fire_type: str, roll: int) -> None:
    """The weapon check a fire roll may call for [8.5], after the fire's damage."""
    summary = cell("weapon-check-summary", CHECK_ROWS[fire_type], CHECK_COLUMN)
    numbers = summary.value if isinstance(summary.value, list) else []
    if roll not in numbers:
        return
    from rules.soldiers.fire import rifle_mode

    _, table = carried(state, man).tables(fire_type, rifle_mode(state, man, fire_type))
    from rules.soldiers.equipment import modifiers
    from rules.soldiers.machineguns import check_modifier

    added, reason = check_modifier(state, man)
    _, other, why = modifiers(state, man)  # another man's weapon [8.72; 8.73]
    if other:
        added, reason = added + other, "; ".join(r for r in (reason, why) if r)
    run_check(
        state,
        man,
        table,
        f"fire roll {roll} calls for a weapon check",
        bool(summary.placeholder),
        added,
        reason,
    )


def run_check(
    state: SoldiersState,
    man: str,
    table: str,
    cause: str,
    placeholder: bool = False,
    added: int = 0,
    reason: str = "",
) -> str:
    """A d10 on the weapon check line of ``table`` and its result for the man's weapon
    [8.5; 8.51] (``added`` to the roll for ``reason``, a result above 10 read as 10 [14.3]):
    Jam, Ammo or NE; the markers go on the weapon's :func:`holder`."""
    raw = state.roll(f"{man} weapon check [8.5]", 10)
    read = min(10, raw + added)
    found = cell(table, "weapon check", read)
    result = str(found.value)
    at = f"{raw}" if not added else f"{raw} {added:+d} ({reason}) = {read}"
    why = f"{cause}: {table} at {at}, {result} [8.5; 8.51]"
    if placeholder or found.placeholder:
        why += " (placeholder)"
    weapon = holder(state, man)
    if result == "Jam":
        state.troops.jammed.add(weapon)
        why += "; Jam marker: no fire until a clear jam succeeds [7.32]"
    elif result == "Ammo" and ammo_ignored(state):
        why += "; ignored in the Learning Scenario [8.51 note]"
        result = "NE"
    elif result == "Ammo":
        state.troops.ammo_out.add(weapon)
        spare = spare_clips(state, weapon)
        why += f"; Ammo Out marker: {'a reload' if spare else 'no clip left for a reload'} [8.52]"
    state.emit(WeaponChecked(man, raw, result, why))
    return result


def in_enemy_sight(state: SoldiersState, h: Hex) -> bool:
    """Whether ``h`` is in enemy sight as judged when the man's actions started [7.23]."""
    game = state.game
    return any(
        game.by_name[o] == h or state.sees(game.by_name[o], h)
        for o in sorted(state.active.enemy_eyes)
    )


def why_not_here(state: SoldiersState, man: str, action: str) -> str | None:
    """Whether the risk level lets the man perform a maintenance action where he is [7.31]
    (his hex's category for his side: camouflage is not the attacker's [18.1])."""
    from rules.soldiers.moves import category
    from rules.soldiers.preparations import camouflage_note

    risk = state.active.risk
    if risk in ("Bold", "Aggressive"):
        return None
    at = state.troops.hexes[man]
    if not in_enemy_sight(state, at):
        return None
    side = state.game.men[man].side
    occupied = bool(state.able_enemies_in(at, side))
    if (
        category(state, at, side) != "open" and not occupied
    ):  # camouflage: not the attacker's [18.1]
        return None
    note = camouflage_note(state, at, side)
    return (
        f"at {risk} a man may {action} only out of enemy sight, or in a covered or protected "
        f"hex in enemy sight not enemy-occupied [7.31]{note}"
    )


def why_not_maintain(state: SoldiersState, action: ClearJam | Reload) -> str | None:
    man = action.man
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if state.active.current != man or man not in state.troops.hexes:
        return "only the man under orders acts [6.2]"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if pistols.pistol(state, man) is not None:
        if isinstance(action, Reload):
            return "his pistol has no spare clip to load (our reading of 19.53) [8.52]"
    elif kit.unarmed(state, man):
        return "he gave his part of the MG away: relieved, he is unarmed [14.13]"
    elif man in state.troops.weaponless:
        return "a man without a weapon took his: he carries none [7.33; 14.13]"
    weapon = holder(state, man)
    if isinstance(action, ClearJam):
        if weapon not in state.troops.jammed:
            return "his weapon is not jammed [7.32]"
    elif weapon not in state.troops.ammo_out:
        return "his weapon is not out of ammo [8.52]"
    elif not spare_clips(state, weapon):
        return "he has no clip left to load [8.52]"
    if state.active.ap < MAINTENANCE_AP:
        return f"it costs {MAINTENANCE_AP} AP, {state.active.ap:g} left [7.32; 8.52]"
    return why_not_here(state, man, "clear a jam" if isinstance(action, ClearJam) else "reload")


def maintain(state: SoldiersState, action: ClearJam | Reload) -> None:
    """Clear a jam [7.32] or reload [8.52] (legality already checked)."""
    man = action.man
    weapon = holder(state, man)  # an MG's crew share its markers and clips [14.1]
    state.active.ap -= MAINTENANCE_AP
    if isinstance(action, Reload):
        state.troops.clips_spent[weapon] = state.troops.clips_spent.get(weapon, 0) + 1
        state.troops.ammo_out.discard(weapon)
        left = spare_clips(state, weapon)
        state.emit(Maintained(man, "reload", f"one clip marked off, {left} left [8.52]"))
        return
    table = carried(state, man).damage_table
    raw = state.roll(f"{man} clears a jam [7.32]", 10)
    found = cell(table, "weapon check", raw)
    result = str(found.value)
    cleared = result in ("NE", "Ammo")
    why = f"{table} weapon check line at {raw}: {result}"
    why += "; the jam is cleared [7.32]" if cleared else "; still jammed [7.32]"
    if found.placeholder:
        why += " (placeholder)"
    if cleared:
        state.troops.jammed.discard(weapon)
    state.emit(Maintained(man, "clear jam", why))
