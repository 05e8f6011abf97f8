"""Soldiers rifle grenades [12.6-12.63]: the fire grenade maintenance action.

Action::

    fire-grenade us.austin C1811 explosive   # the ordered man fires a grenade from his rifle
    fire-grenade us.austin C1811 smoke       # ... or a smoke grenade [12.6; 12.5]

Who [12; 12.6]: a US man with an M1 or M1A1 rifle, a German man with a Mauser, 98K, G43 or
assault rifle (the weapon he carries now [7.33]), with a grenade of that kind left, under orders,
able, not suppressed, no guard [9.4], his weapon not jammed nor destroyed (our reading: the rifle
fires it). It costs 3 AP and at Cautious is made only out of enemy sight (the Action Summary's
lines are not in the text: placeholders, resources/soldiers/tables/action-summary.yaml); at Wary
the maintenance limits of 7.31. In a group it is an action of its own (our reading [7.1]).

Where [12.61]: a hex at least four hexes away holding no building or pillbox, and within the
Rifle Grenade Table's ranges (its last column: the table is not in the text, a placeholder).

Resolution [12.62; 12.63]: the Rifle Grenade Table's seen line if the firer sees the target hex,
else unseen; no modifiers. A d10: an unmodified 10 is a malfunction check on the table's weapon
check line (Scatter, Dud, Explode: in the firer's hex, Dmg/in for him, each other man there on
his own line [12.3]; a smoke grenade's smoke is released in his hex, he unharmed [12.5]); above
the hit chance it scatters: the scatter result is the die minus the hit chance, never more than
five [12.63], by the artillery scatter procedure [17.4] (a d6, n hexes; a d6 again, n - 1; off
the map no harm, our reading; a malfunction's Scatter scatters 1 hex, our reading). Where an
explosive grenade comes down, each man there rolls on the table's seen damage line if the target
was seen, else the unseen line [12.62] (a suppressed man -2, an unmodified 10 kills, below 1 Sup
[12.22]); a smoke grenade places its smoke as a thrown one [12.5; 12.53]. Landing in a building
or pillbox (a scatter) the grenade explodes there (our reading: 12.41's bounce is the thrown
grenade's).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex
from rules.engine.actions import Action
from rules.engine.errors import ActionSyntaxError
from rules.engine.play import ActionFocus, Chance, Preview
from rules.engine.worked import Working
from rules.soldiers import groups, smoke
from rules.soldiers.actions import GrenadeThrown
from rules.soldiers.artillery import scatter
from rules.soldiers.fire import apply_damage
from rules.soldiers.grenades import grenades_left, indoors
from rules.soldiers.units import cell
from rules.soldiers.weapons import carried, in_enemy_sight, why_not_fire_weapon, why_not_here

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

RIFLES = ("US-M1", "US-M1A1", "GE-M", "GE-98K", "GE-G43", "GE-AR")  # [12; 12.6]
KINDS = ("explosive", "smoke")
MIN_RANGE = 4  # [12.61]
MAX_SCATTER = 5  # [12.63]
MALFUNCTION = 10  # an unmodified 10 [12.62]


def _ap() -> float:
    return float(str(cell("action-summary", "fire grenade (rifle grenade)", "AP").value))


FIRE_AP = _ap()  # placeholder: the Action Summary is not in the text [7.3]


@functools.cache
def max_range() -> int:
    """The Rifle Grenade Table's longest range (a placeholder column)."""
    found = 0
    for r in range(MIN_RANGE, 30):
        try:
            cell("rifle-grenade", "seen", r)
        except (KeyError, ValueError):
            break
        found = r
    return found


@dataclass(frozen=True)
class FireGrenade(Action):
    """The ordered man fires a grenade from his rifle at a hex: explosive or smoke [12.6]."""

    verb: ClassVar[str] = "fire-grenade"
    man: str
    hex: str
    kind: str

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.hex} {self.kind}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> FireGrenade:
        if len(args) != 3 or args[2] not in KINDS:
            raise ActionSyntaxError(f"'{line}': use 'fire-grenade MAN HEX explosive|smoke'")
        return cls(args[0], args[1], args[2])


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def left(state: SoldiersState, man: str, kind: str) -> int:
    return grenades_left(state, man) if kind == "explosive" else smoke.left(state, man)


def why_not(state: SoldiersState, action: Action) -> str | None:
    """Why the fire grenade action may not be made now [12.6; 12.61; 7.31], or None."""
    if not isinstance(action, FireGrenade):
        return "not a fire grenade action"
    man, troops, game = action.man, state.troops, state.game
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in game.men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if man in troops.captured.values():
        return "a guard may not conduct combat actions [9.4]"
    if carried(state, man).id not in RIFLES:
        return "only an M1 or M1A1, a Mauser, 98K, G43 or assault rifle fires grenades [12.6]"
    blocked = why_not_fire_weapon(state, man)
    if blocked is not None:
        return blocked
    if smoke.why_not_fire(state, man) is not None:
        return "smoke inside his building or pillbox: no fire actions [12.53]"
    if left(state, man, action.kind) < 1:
        return f"he has no {action.kind} grenade left [12; 19.5]"
    if state.active.ap < FIRE_AP:
        return f"fire grenade costs {FIRE_AP:g} AP (placeholder), {state.active.ap:g} left [12.6]"
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    at = troops.hexes[man]
    dist, reach = at.distance(target), max_range()
    if dist < MIN_RANGE:
        return f"the range is {dist}: at least {MIN_RANGE} hexes [12.61]"
    if dist > reach:
        return f"the range is {dist}: the Rifle Grenade Table goes to {reach} (placeholder) [12.62]"
    if indoors(state, target):
        return "not at a building or pillbox hex [12.61]"
    if state.active.risk == "Cautious" and in_enemy_sight(state, at):
        return (
            "at Cautious fire grenade only out of enemy sight (Action Summary placeholder) [7.31]"
        )
    return why_not_here(state, man, "fire a grenade")


def options(state: SoldiersState) -> list[Action]:
    """Rifle grenades at hexes holding able enemy men in range [12.61] (any hex may be
    written; smoke too)."""
    found: list[Action] = []
    game, troops = state.game, state.troops
    reach = max_range()
    for man in _acting(state):
        at = troops.hexes.get(man)
        if at is None or carried(state, man).id not in RIFLES:
            continue
        side = game.men[man].side
        targets = {
            h
            for m, h in troops.hexes.items()
            if m not in troops.disabled and game.men[m].side != side
            if MIN_RANGE <= at.distance(h) <= reach
        }
        for h in sorted(targets, key=game.name):
            found.extend(FireGrenade(man, game.name(h), k) for k in KINDS)
    return [a for a in found if why_not(state, a) is None]


def hit_chance(state: SoldiersState, action: FireGrenade) -> tuple[int, bool, Working]:
    """The Rifle Grenade Table's hit chance: seen or unseen line, no modifiers [12.62]."""
    at = state.troops.hexes[action.man]
    target = state.game.by_name[action.hex.upper()]
    seen = state.sees(at, target)
    line = "seen" if seen else "unseen"
    found = cell("rifle-grenade", line, at.distance(target))
    work = Working()
    chance = int(str(found.value))
    work.steps.append(
        f"Rifle Grenade Table {line} at {at.distance(target)} hexes: hit chance {chance}, "
        "no modifiers [12.62]" + (" (placeholder)" if found.placeholder else "")
    )
    if found.placeholder:
        work.placeholders.append(f"rifle grenade {line}: {found.placeholder}")
    return chance, seen, work


def scatter_result(roll: int, chance: int) -> int:
    """The scatter result: the die minus the hit chance, never more than five [12.63]."""
    return min(MAX_SCATTER, roll - chance)


def fire(state: SoldiersState, action: FireGrenade) -> None:
    """Resolve the fire grenade action (legality already checked) [12.62; 12.63]."""
    game, man = state.game, action.man
    at = state.troops.hexes[man]
    target = game.by_name[action.hex.upper()]
    state.active.ap -= FIRE_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own (our reading) [7.1]
    if action.kind == "explosive":
        state.troops.grenades_thrown[man] = state.troops.grenades_thrown.get(man, 0) + 1
    else:
        found = smoke.smoke_of(state)
        found.thrown[man] = found.thrown.get(man, 0) + 1
    chance, seen, work = hit_chance(state, action)
    roll = state.roll(f"{man} fires a rifle grenade at {game.name(target)} [12.62]", 10)
    lands: Hex | None = target
    hand = False
    if roll == MALFUNCTION:
        raw = state.roll(f"{man}'s rifle grenade malfunction check [12.62; 12.3]", 10)
        c = cell("rifle-grenade-damage", "weapon check", raw)
        result = str(c.value)
        work.steps.append(f"rolled 10: malfunction check {raw}, {result} [12.62; 12.3]")
        if c.placeholder:
            work.placeholders.append(f"rifle grenade weapon check/{raw}: {c.placeholder}")
        if result == "Dud":
            lands = None
        elif result == "Explode":
            lands, hand = at, True
        else:
            lands = scatter(state, target, 1, work)  # 1 hex (our reading)
    elif roll > chance:
        n = scatter_result(roll, chance)
        work.steps.append(
            f"rolled {roll} > {chance}: scatter result {roll} - {chance}"
            + (f", at most {MAX_SCATTER}" if n < roll - chance else "")
            + f" = {n} [12.63; 17.4]"
        )
        lands = scatter(state, target, n, work)
    else:
        work.steps.append(f"rolled {roll} against {chance}: it lands in the target hex [12.62]")
    if action.kind == "smoke":
        if lands is None:
            work.steps.append("no smoke")
        else:
            if hand:
                work.steps.append("the smoke is released in his hex, unharmed [12.5]")
            smoke.place(state, lands, work.steps)
        state.emit(
            smoke.SmokeNote(
                man,
                f"fires a smoke rifle grenade at {action.hex.upper()}",
                tuple(work.steps),
                tuple(work.placeholders),
            )
        )
        return
    name = game.name(lands) if lands is not None else None
    state.emit(
        GrenadeThrown(man, action.hex.upper(), tuple(work.steps), name, tuple(work.placeholders))
    )
    if lands is not None:
        _explode(state, lands, "seen" if seen else "unseen", man if hand else None)


def _explode(state: SoldiersState, h: Hex, line: str, hand: str | None) -> None:
    """Damage to every man in the hex on the seen or unseen damage line [12.62; 12.22]; in the
    firer's hand, Dmg/in of the Grenade Table for him [12.3]."""
    troops = state.troops
    men = sorted(m for m, where in troops.hexes.items() if where == h)
    men = [m for m in men if troops.disabled.get(m) != "killed"]
    if hand is not None:
        men = [hand] + [m for m in men if m != hand]
    for m in men:
        table, row = ("grenade-damage", "Dmg/in") if m == hand else ("rifle-grenade-damage", line)
        raw = state.roll(f"rifle grenade damage to {m} [12.62]", 10)
        modified = raw - 2 if m in troops.suppressed else raw
        if raw == 10:
            result, why = "Kill", "an unmodified 10 always kills [12.22]"
        elif modified < 1:
            result, why = "Sup", f"modified {modified} below 1 is Sup [12.22]"
        else:
            c = cell(table, row, modified)
            result = str(c.value)
            why = f"rifle grenade {row} line at {modified} [12.62]"
            why += " (placeholder)" if c.placeholder else ""
        if m == hand:
            why += "; it exploded at his rifle [12.3]"
        apply_damage(state, m, result, why)


def preview(state: SoldiersState, action: Action, words: str) -> Preview:
    assert isinstance(action, FireGrenade)
    chance, _seen, work = hit_chance(state, action)
    rolls = max(0, min(9, chance))
    text = (
        f"{'; '.join(work.steps)}: a d10 of {rolls} or less lands in the hex, {rolls} in 10; "
        "else it scatters the die minus the hit chance, at most 5 [12.63]"
    )
    odds = Chance(action.hex.upper(), text, rolls / 10)
    cost = f"{FIRE_AP:g} of {state.active.ap:g} AP (placeholder)"
    return Preview(words, True, None, cost, (odds,), ("rifle grenades [12.6-12.63]",))


def describe(state: SoldiersState, action: Action) -> str:
    assert isinstance(action, FireGrenade)
    return f"Fire a {action.kind} rifle grenade at {action.hex} [12.6]"


def concerns(state: SoldiersState, action: FireGrenade) -> ActionFocus:
    return ActionFocus(action.man, "fire", state.game.hex_named(action.hex))
