"""Soldiers medium and heavy machineguns [14]: a gun, its crew, preparing it, its fire arc.

The crew [14.1]: each MMG or HMG bought is a team, its crewmen heavy-weapons soldiers who take
orders from any friendly leader or independent chit [6.29]; each carries a part of the gun and
no other weapon [14.13] (:func:`rules.soldiers.units.entry_men`). The gun is one weapon: its
Jam and Ammo Out markers and its three clips [19.54] are the crew's, kept by the gun's own id
(:func:`rules.soldiers.weapons.holder`; our reading of 19.54's sharing), shown on the crewman
who shows the gun; a crewman relieved, its first one too, has his own marks for what he fires
then [7.33; 14.13].

Set-up [14.11]: the crew in one hex, the gun prepared, its arrow toward the nearest enemy man
(our reading, standing in for the owner's choice); out of every enemy man's sight it deploys
hidden, revealed when it moves, fires or is sighted [14.11; 14.12]
(:mod:`rules.soldiers.hidden_guns`).

Moving and preparing [14.2]: any move of a crewman dismantles the gun; a dismantled gun does
not fire. With all its parts in one hex (every crewman's, a disabled one's part lying with him),
the crew prepare it: the ordered crewman's ``prepare-mg`` action with at least as many able,
non-suppressed crewmen there as may fire it (our reading: the others need not be ordered, every
order is to one man, 7.1); 3 AP and, below Bold, the maintenance restrictions (the Action
Summary's placeholders [7.31]). Each preparing points the arrow at a hexside or hex corner
[14.21] (a clock hour, :mod:`rules.soldiers.support_actions`); a prepared gun turns its arc by
the same action with as many friendly able men in the hex as its crew, in an Action Phase it
does not fire (then it may not fire in it) [14.22].

Fire [14.3]: quick or sustained like other automatic weapons [8.1; 8.11], at targets in the
120-degree arc centred on the arrow (our reading of the missing diagram: a hex whose centre lies
within 60 degrees either side, the edge included) and never in its own hex [14.21]; with its
full crew, or one man short: -2 to the hit chance and +3 to a weapon check roll, above 10 read as
10. Our readings: the crew fire the gun as one, so it fires at most twice in an Action Phase
[8.1] whichever crewman is ordered, and in reaction once a phase, from one crewman [8.65].

Non-crew members [14.13]: a man takes a crewman's part by exchange equipment
(:mod:`rules.soldiers.kit`) and is of the crew from then on: he counts for the crew in the hex,
prepares the gun, dismantles it by moving, and fires it while it is prepared with him; "when a
non-original crewmember participates in the firing", -1 to the hit chance (once a fire, our
reading); the crewman who gave his part is unarmed.

An enemy gun [7.33; 8.73; 14.13] (our reading): a man may take a part of the enemy's gun from a
disabled or captured enemy crewman ("a disabled or captured enemy man", 7.33) and is of its crew
for his side: the crew in a hex who work a gun are its part carriers of the side of the man who
fires or prepares it (:func:`crew_here`); his side fires it as "an enemy weapon (he has exchanged
equipment with an enemy man)": -2 to the hit chance and +2 to any weapon check roll [8.73],
instead of 14.13's -1 (that -1 is "for firing an unfamiliar automatic weapon", 8.72's case of a
gun of his own side). Its Jam and Ammo Out markers and clips stay the gun's (on its first
original crewman, 19.54).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.worked import Working
from rules.soldiers import hidden_guns
from rules.soldiers.kit import crew_of, gun_of, newcomer, part_destroyed, works
from rules.soldiers.support_actions import HOURS, PrepareGun, SupportNote, hour_words
from rules.soldiers.units import Man, cell
from rules.soldiers.weapons import in_enemy_sight, why_not_here

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The crew fire the gun at most twice an Action Phase (our reading of 8.1 for a crew).
GUN_SHOTS = 2
ARC_HALF = 60.0  # degrees either side of the arrow: a 120-degree arc [14.21]
SHORT_HIT, SHORT_CHECK = -2, 3  # one man short of the full crew [14.3]
NEWCOMER_HIT = -1  # a non-original crewmember takes part in its fire [14.13]
ENEMY_HIT, ENEMY_CHECK = -2, 2  # an enemy gun fired by the men who took its parts [8.73]


def crews(men: Iterable[Man]) -> dict[str, tuple[str, ...]]:
    """Each gun's crew in crew order (a, b, c) [14.1]."""
    found: dict[str, list[str]] = {}
    for m in men:
        if m.team is not None:
            found.setdefault(m.team, []).append(m.id)
    return {gun: tuple(crew) for gun, crew in found.items()}


def prepare_cost() -> int:
    """The AP of the prepare MG action (the Action Summary's row, a placeholder)."""
    return int(str(cell("action-summary", "prepare MG", "AP").value))


def _angle(a: Hex, b: Hex) -> float:
    """Degrees clockwise from north of ``b``'s centre seen from ``a``'s (flat-topped hexes)."""
    x = 1.5 * (b.q - a.q)
    y = math.sqrt(3) * ((b.r - a.r) + (b.q - a.q) / 2)
    return math.degrees(math.atan2(x, -y)) % 360


def in_arc(at: Hex, hour: int, target: Hex) -> bool:
    """Whether ``target`` lies in the 120-degree arc of a gun in ``at`` whose arrow points at
    ``hour`` [14.21] (a hex's centre within 60 degrees either side, the edge included)."""
    if target == at:
        return False
    diff = abs((_angle(at, target) - (hour % 12) * 30.0 + 180.0) % 360.0 - 180.0)
    return diff <= ARC_HALF + 1e-6


def facing_toward(at: Hex, target: Hex) -> int:
    """The clock hour nearest the direction from ``at`` to ``target``."""
    hour = round(_angle(at, target) / 30.0) % 12
    return hour or 12


def crew_here(state: SoldiersState, gun: str, h: Hex, side: str | None = None) -> list[str]:
    """The gun's crewmen in ``h`` who may work it: able, not suppressed, no prisoner [14.3];
    whoever carries one of its parts now [14.13]; of ``side`` only, when given (our reading:
    each side works a gun with its own men, an enemy gun's parts taken by exchange [7.33])."""
    troops, men = state.troops, state.game.men
    return [
        m
        for m in crew_of(state, gun)
        if troops.hexes.get(m) == h and m not in troops.disabled and m not in troops.suppressed
        if m not in troops.captured and (side is None or men[m].side == side)
    ]


def gun_side(state: SoldiersState, gun: str) -> str:
    """The side whose gun it is: its original crew's [14.1]."""
    return state.game.men[state.game.guns[gun][0]].side


def enemy_gun(state: SoldiersState, man: str) -> bool:
    """The gun whose fire is ``man``'s is the enemy's: he fires "an enemy weapon" [8.73]."""
    gun = works(state, man)
    return gun is not None and gun_side(state, gun) != state.game.men[man].side


def parts_hex(state: SoldiersState, gun: str) -> Hex | None:
    """The hex holding every part of the gun (each crewman carries one), None when they are
    apart or one is off the map [14.2]."""
    found = {state.troops.hexes.get(m) for m in crew_of(state, gun)}
    return found.pop() if len(found) == 1 else None


def _code(state: SoldiersState, gun: str) -> str:
    return state.game.men[state.game.guns[gun][0]].weapon.code


def _broken(code: str, man: str) -> str:
    return (
        f"{man}'s part of the {code} was destroyed [9.5]: the gun may not be prepared nor "
        "fired (our reading: the book is silent)"
    )


def why_not_gun(state: SoldiersState, man: str, target: Hex | None) -> str | None:
    """Why the gun ``man`` crews may not fire now (at ``target``, if given), or None; None for a
    man who crews no gun, or a newcomer away from it, who fires his own weapon [14.2; 14.21;
    14.3; 14.13]."""
    gun = works(state, man)
    if gun is None:
        return None
    code = _code(state, gun)
    prepared = state.support.guns.get(gun)
    at = state.troops.hexes.get(man)
    broken = part_destroyed(state, gun)
    if broken is not None:
        return _broken(code, broken)
    if prepared is None:
        return f"the {code} is dismantled: its crew must prepare it first [14.2]"
    if at is None or state.game.name(at) != prepared[0]:
        return f"he is not with the {code} [14.2]"
    size, side = len(state.game.guns[gun]), state.game.men[man].side
    crew = crew_here(state, gun, at, side)
    if len(crew) < size - 1:
        return (
            f"the {code} fires with its crew of {size}, or one man short; {len(crew)} able, "
            "unsuppressed crewman/men with it [14.3]"
        )
    if gun in state.support.guns_turned:
        return f"the {code}'s fire arc was turned this Action Phase: it may not fire [14.22]"
    if target is not None and not in_arc(at, prepared[1], target):
        return (
            f"the target is outside the {code}'s 120-degree fire arc, toward "
            f"{hour_words(prepared[1])} [14.21]"
        )
    return None


def why_not_fire(state: SoldiersState, man: str, target: Hex) -> str | None:
    """Why the ordered crewman may not fire his gun at ``target`` as an active man: the gun's
    own rules [14], and its two fires an Action Phase (our reading of 8.1 for a crew)."""
    why = why_not_gun(state, man, target)
    gun = works(state, man)
    if why is None and gun is not None and state.support.gun_shots.get(gun, 0) >= GUN_SHOTS:
        return "the crew fire their gun at most twice in an Action Phase (our reading of 8.1)"
    return why


def fired(state: SoldiersState, man: str) -> None:
    """An active crewman fired his gun: one of its two fires this Action Phase."""
    gun = works(state, man)
    if gun is not None:
        state.support.gun_shots[gun] = state.support.gun_shots.get(gun, 0) + 1


def _short(state: SoldiersState, man: str) -> bool:
    gun = works(state, man)
    at = state.troops.hexes.get(man)
    if gun is None or at is None:
        return False
    side = state.game.men[man].side
    return len(crew_here(state, gun, at, side)) < len(state.game.guns[gun])


def hit_modifier(state: SoldiersState, man: str, work: Working) -> int:
    """The gun fired one man short of its crew: -2 to the hit chance [14.3]; a man not
    originally of its crew among those firing it: -1 [14.13]; an enemy gun: -2 [8.73] instead
    (our reading)."""
    found = 0
    if _short(state, man):
        found += work.add("the MG fires one man short of its crew [14.3]", SHORT_HIT, None)
    new = _newcomers(state, man)
    if enemy_gun(state, man):
        why = f"an enemy weapon, the enemy's {_code(state, works(state, man) or '')}, fired by"
        why += f" {', '.join(new)} (our reading: instead of 14.13's -1)"
        found += work.add(f"{why} [8.73]", ENEMY_HIT, None)
    elif new:
        why = f"{', '.join(new)} not originally of the MG's crew: an unfamiliar automatic weapon"
        found += work.add(f"{why} [14.13]", NEWCOMER_HIT, None)
    return found


def _newcomers(state: SoldiersState, man: str) -> list[str]:
    """The men firing the gun ``man`` works who were not originally of its crew [14.13]: the
    crew in his hex (our reading: all of them take part in its fire)."""
    gun, at = works(state, man), state.troops.hexes.get(man)
    if gun is None or at is None:
        return []
    return [m for m in crew_here(state, gun, at, state.game.men[man].side) if newcomer(state, m)]


def check_modifier(state: SoldiersState, man: str) -> tuple[int, str]:
    """The gun fired one man short of its crew: +3 to the weapon check roll [14.3]; an enemy
    gun: +2 [8.73]."""
    added, why = 0, []
    if _short(state, man):
        added, why = SHORT_CHECK, ["one man short of the MG's crew [14.3]"]
    if enemy_gun(state, man):
        added += ENEMY_CHECK
        why.append("an enemy weapon, the enemy's MG [8.73]")
    return added, "; ".join(why)


def one_fire_a_gun(state: SoldiersState, men: list[str]) -> list[str]:
    """The men who may fire in reaction, one crewman a gun: none of a gun that reacted this
    Action Phase or whose fire another crewman has declared (our reading: the crew fire their
    gun as one [14.1; 8.65])."""
    window = state.active.reaction
    declared = {m for m, how in window.declared if how == "fire"} if window else set()
    busy = {g for m in (*state.active.reacted, *declared) if (g := works(state, m)) is not None}
    found, taken = [], set()
    for m in men:
        gun = works(state, m)
        if gun is None:
            found.append(m)
        elif gun not in busy and (gun not in taken or m in declared):
            taken.add(gun)
            found.append(m)
    return found


# --- preparing and dismantling ----------------------------------------------------------------


def why_not_prepare(state: SoldiersState, action: PrepareGun) -> str | None:
    """Why the ordered crewman may not prepare his gun (or turn its arc) now [14.2; 14.22]."""
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if state.active.current != man or man not in troops.hexes:
        return "only the man under orders acts [6.2]"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    gun = gun_of(state, man)
    if gun is None:
        return "he crews no MMG or HMG [14.1]"
    if action.hour not in HOURS:
        return "the arrow points at a clock hour, 1 to 12 [14.21]"
    at, code = troops.hexes[man], _code(state, gun)
    broken = part_destroyed(state, gun)
    if broken is not None:
        return _broken(code, broken)
    if parts_hex(state, gun) != at:
        return f"every part of the {code} must be in his hex: its crew together [14.2]"
    size = len(state.game.guns[gun])
    prepared = state.support.guns.get(gun)
    if prepared is None and len(crew_here(state, gun, at, state.game.men[man].side)) < size - 1:
        return (
            f"the {code} needs at least {size - 1} able, unsuppressed crewmen to prepare it "
            "(our reading of 14.2)"
        )
    if prepared is not None:
        why = _why_not_turn(state, man, gun, action.hour, prepared[1])
        if why is not None:
            return why
    if state.active.ap < prepare_cost():
        ap = f"{prepare_cost()} AP, {state.active.ap:g} left"
        return f"preparing the {code} costs {ap} (placeholder)"
    if state.active.risk == "Cautious" and in_enemy_sight(state, at):
        return "at Cautious a man prepares an MG only out of enemy sight [7.31] (placeholder)"
    return why_not_here(state, man, "prepare an MG")


def _why_not_turn(state: SoldiersState, man: str, gun: str, hour: int, now: int) -> str | None:
    """Turning a prepared gun's arc [14.22]."""
    code, size = _code(state, gun), len(state.game.guns[gun])
    if hour == now:
        return f"the {code} is prepared with its arrow toward {hour_words(now)} already [14.21]"
    if state.support.gun_shots.get(gun, 0):
        return (
            f"the {code} fired this Action Phase: its arc turns only in a turn it does not fire "
            "[14.22]"
        )
    at, side = state.troops.hexes[man], state.game.men[man].side
    men = [
        m
        for m, h in state.troops.hexes.items()
        if h == at and state.game.men[m].side == side
        if m not in state.troops.disabled and m not in state.troops.suppressed
    ]
    if len(men) < size:
        return f"turning the {code}'s arc takes as many men in the hex as its crew, {size} [14.22]"
    return None


def prepare(state: SoldiersState, action: PrepareGun) -> None:
    """Prepare the gun, or turn its arc (legality already checked) [14.2; 14.22]."""
    man = action.man
    gun = gun_of(state, man)
    assert gun is not None
    state.active.ap -= prepare_cost()
    at = state.game.name(state.troops.hexes[man])
    code = _code(state, gun)
    toward = hour_words(action.hour)
    if gun in state.support.guns:
        state.support.guns_turned.add(gun)
        what = f"turns the {code}'s fire arc toward {toward}; it may not fire this Action Phase"
        what += " [14.22]"
    else:
        what = f"the crew prepare the {code} in {at}, its arrow toward {toward} [14.2; 14.21]"
    state.support.guns[gun] = (at, action.hour)
    state.emit(SupportNote(man, f"{what}: {prepare_cost()} AP (placeholder)"))


def options(state: SoldiersState, man: str) -> list[PrepareGun]:
    """The prepare actions open to the ordered man, one a clock hour [14.21]."""
    if gun_of(state, man) is None:
        return []
    return [a for a in (PrepareGun(man, h) for h in HOURS) if why_not_prepare(state, a) is None]


def moved(state: SoldiersState, man: str) -> None:
    """A crewman moved: his gun is dismantled [14.2] (any man carrying a part [14.13])."""
    gun = gun_of(state, man)
    if gun is not None and gun in state.support.guns:
        del state.support.guns[gun]
        state.emit(SupportNote(man, f"moves: the {_code(state, gun)} is dismantled [14.2]"))


def _centre(state: SoldiersState) -> Hex:
    """The map hex nearest the mean of the map's hexes."""
    hexes = sorted(state.game.amap.hexes)
    q = round(sum(h.q for h in hexes) / len(hexes))
    r = round(sum(h.r for h in hexes) / len(hexes))
    return min(hexes, key=lambda h: (h.distance(Hex(q, r)), state.game.name(h)))


def set_up(state: SoldiersState) -> None:
    """Each gun whose crew sets up together starts prepared, its arrow toward the nearest enemy
    man on the map (our reading, standing in for the owner's choice of 14.11)."""
    game, troops = state.game, state.troops
    for gun in sorted(game.guns):
        at = parts_hex(state, gun)
        if at is None:
            continue
        side = game.men[game.guns[gun][0]].side
        enemies = sorted(
            (at.distance(h), game.name(h), h)
            for m, h in troops.hexes.items()
            if game.men[m].side != side and m not in troops.disabled and h != at
        )
        toward = enemies[0][2] if enemies else _centre(state)
        hour = facing_toward(at, toward) if toward != at else 12
        state.support.guns[gun] = (game.name(at), hour)
        text = (
            f"the {_code(state, gun)} sets up prepared in {game.name(at)}, its arrow toward "
            f"{hour_words(hour)} (our reading of 14.11: the owner's choice, toward the "
            "nearest enemy man)"
        )
        openly = hidden_guns.revealing(state, side)
        if openly is not None:  # his hidden equipment revealed [20.4; 21.4; 23.4; 24.4; 25.4]
            text += f"; deployed openly, not hidden: {openly}"
        if hidden_guns.hides(state, gun):  # deployed hidden: on his squad sheet [14.11]
            state.support.hidden.add(gun)
            text += "; deployed hidden, out of every enemy man's sight (our reading of 14.11)"
            side = game.men[game.guns[gun][0]].side
            state.emit(SupportNote(game.guns[gun][0], text, private_to=side))
        else:
            state.emit(SupportNote(game.guns[gun][0], text))
    hidden_guns.hide_deployment(state)  # their set-up on the squad sheet only [14.11]
