"""Soldiers explosive grenades [12.1-12.4]: the ordered man throws one at a hex for 2 AP.

Who [12; 12.13]: a man with a grenade left (:func:`rules.soldiers.weapons.starting_grenades`),
not suppressed, no guard [9.4]; by the risk level, Cautious only from a hex not in enemy sight,
Wary also from a covered or protected hex not enemy-occupied, Bold or Aggressive from any hex
(enemy sight as judged when his actions started [7.23]). Where [12.11]: a hex 1 to 5 hexes away
that he sees, 1 to 4 one he does not see, and not an unseen hex whose line of sight passes
through more than one woods hex, nor, from a building, an unseen hex whose line of sight passes
through a hex of his own building (our reading: a building is its building hexes side by side,
as for control [19.7]; the line passes through a hex it enters, not one whose hexside it runs
along, as for the woods). The Test Play list offers only hexes holding able enemy men
(any hex in range may be written). A throw is no fire: it is not one of the man's two shots
[8.22] and draws no reaction [8.6].

Resolution [12.2]: the Grenade Table's seen or unseen line at the range; only the Grenade/Satchel
Charge modifiers [12.21] (terrain ``grenade``, ``grenade_adjacent``/``grenade_not_adjacent``;
night -2 and mist -1 for a seen target). A d10: 10, a malfunction check [12.3] on the Grenade
Table's weapon check line (Scatter, Dud, or Explode in the thrower's hand: a d10 on Dmg/in for
him, each other man in his hex on his own line); above the hit chance, or any roll when the hit
chance is below 1, the grenade scatters [12.4]: a d6 on the scatter indicator (the map section's
direction numbers) to the adjacent hex that way; never into the thrower's hex (it lands in the
target hex), into a building or pillbox it bounces off harmlessly [12.41]. It explodes: a d10
for each man in the hex, Dmg/in for a man in a building or pillbox (``indoors``), else Dmg/out;
a suppressed man subtracts 2; an unmodified 10 always kills, below 1 is Sup [12.22].

Smoke grenades [12.5]: :mod:`rules.soldiers.smoke`; rifle grenades [12.6]:
:mod:`rules.soldiers.rifle_grenades`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.worked import Working
from rules.los.geometry import HexStep, trace
from rules.movement.costs import terrain_effect
from rules.soldiers.actions import GrenadeThrown, Throw
from rules.soldiers.fire import apply_damage
from rules.soldiers.preparations import camouflage_note, overriding
from rules.soldiers.units import SYSTEM, cell
from rules.soldiers.weapons import in_enemy_sight

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

THROW_AP = 2  # [12.12; Action Summary]
RANGE_SEEN, RANGE_UNSEEN = 5, 4  # [12.11]
MALFUNCTION = 10  # a throw roll of 10 [12.3]


def grenades_left(state: SoldiersState, man: str) -> int:
    taken = state.troops.grenades_taken.get(man, 0)  # by exchange [7.33]
    return state.game.grenades.get(man, 0) + taken - state.troops.grenades_thrown.get(man, 0)


def _effect(state: SoldiersState, h: Hex, key: str) -> tuple[object, str | None]:
    # a pillbox cancels the other terrain in its hex [18.52]: its Grenade/Satchel row [12.21];
    # rubble and craters stand for the hex's terrain [17.51]
    instead = overriding(state, h)
    for t in (instead,) if instead else state.game.terrains(h):
        effect = terrain_effect(SYSTEM, t, key)
        if effect is not None:
            return effect.value, effect.placeholder
    return None, None


def indoors(state: SoldiersState, h: Hex) -> bool:
    """Men in a building or pillbox are indoors [12.22]."""
    return _effect(state, h, "indoors")[0] is True


def _woods_between(state: SoldiersState, a: Hex, b: Hex) -> int:
    inner = {s.hex for s in trace(a, b).steps if isinstance(s, HexStep)} - {a, b}
    return sum(1 for h in inner if "woods" in state.game.terrains(h))


def _building_of(state: SoldiersState, h: Hex) -> frozenset[Hex]:
    """The building hex ``h`` is part of: the building hexes side by side with it (our
    reading, as :func:`rules.soldiers.victory.buildings_in`); empty when it is none."""
    terrains = state.game.terrains
    if "building" not in terrains(h):
        return frozenset()
    todo, found = [h], {h}
    while todo:
        for n in todo.pop().neighbors():
            if n not in found and n in state.game.amap.hexes and "building" in terrains(n):
                found.add(n)
                todo.append(n)
    return frozenset(found)


def through_own_building(state: SoldiersState, a: Hex, b: Hex) -> bool:
    """Whether the line from ``a`` to ``b`` passes through another hex of the building ``a``
    is in [12.11]."""
    building = _building_of(state, a)
    inner = {s.hex for s in trace(a, b).steps if isinstance(s, HexStep)} - {a, b}
    return bool(building & inner)


def why_not_throw(state: SoldiersState, action: Throw) -> str | None:
    game, man = state.game, action.man
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if state.active.current != man or man not in state.troops.hexes:
        return "only the man under orders acts [6.2]"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if man in state.troops.captured.values():
        return "a guard may not conduct combat actions [9.4]"
    if grenades_left(state, man) < 1:
        return "he has no explosive grenade left [12; 19.5]"
    if state.active.ap < THROW_AP:
        return f"a throw costs {THROW_AP} AP, {state.active.ap:g} left [12.12]"
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    at = state.troops.hexes[man]
    dist = at.distance(target)
    seen = state.sees(at, target)
    reach = RANGE_SEEN if seen else RANGE_UNSEEN
    if not 1 <= dist <= reach:
        sight = "sees" if seen else "does not see"
        return f"the range is {dist}: 1-{reach} hexes into a hex he {sight} [12.11]"
    if not seen and _woods_between(state, at, target) > 1:
        return "an unseen hex behind more than one woods hex [12.11]"
    if not seen and through_own_building(state, at, target):
        return "an unseen hex through a hex of his own building [12.11]"
    return _why_not_risk(state, man, at)


def _why_not_risk(state: SoldiersState, man: str, at: Hex) -> str | None:
    from rules.soldiers.moves import category

    risk = state.active.risk
    if risk in ("Bold", "Aggressive") or not in_enemy_sight(state, at):
        return None
    if risk == "Cautious":
        return "at Cautious a man throws only from a hex not in enemy sight [12.13]"
    side = state.game.men[man].side
    if category(state, at, side) != "open" and not state.able_enemies_in(at, side):  # [18.1]
        return None
    note = camouflage_note(state, at, side)
    return (
        "at Wary a man throws only from a hex not in enemy sight, or a covered or protected "
        f"hex not enemy-occupied [12.13]{note}"
    )


def throw_chance(state: SoldiersState, action: Throw) -> tuple[int, Working]:
    """The throw's modified hit chance, step by step [12.2; 12.21]."""
    game = state.game
    at = state.troops.hexes[action.man]
    target = game.by_name[action.hex.upper()]
    dist, seen = at.distance(target), state.sees(at, target)
    line = "seen" if seen else "unseen"
    work = Working()
    base = cell("grenade", line, dist)
    chance = int(str(base.value))
    work.steps.append(f"Grenade Table {line} at {dist} hexes: hit chance {chance} [12.2]")
    if base.placeholder:
        work.placeholders.append(f"grenade {line}/{dist}: {base.placeholder}")
    chance += throw_modifiers(state, target, dist, seen, work, "target hex terrain [12.21]")
    return chance, work


def throw_modifiers(
    state: SoldiersState, target: Hex, dist: int, seen: bool, work: Working, terrain: str
) -> int:
    """The Grenade/Satchel Charge modifiers [12.21] a throw at ``target`` adds to its hit
    chance, each written into ``work`` (``terrain``: how the target hex's line reads)."""
    key = "grenade_adjacent" if dist == 1 else "grenade_not_adjacent"
    value, ph = _effect(state, target, key)
    if not isinstance(value, int):
        value, ph = _effect(state, target, "grenade")
    added = 0
    if isinstance(value, int) and value:
        added += work.add(terrain, value, ph)
    condition = state.condition
    if seen and condition in ("Night", "Mist"):
        row = "seen target at night" if condition == "Night" else "seen target in mist"
        c = cell("grenade-modifiers", row, "thrower adjacent")
        added += work.add(f"{row} [12.21]", int(str(c.value)), c.placeholder)
    return added


def throw(state: SoldiersState, action: Throw) -> None:
    """Resolve one explosive grenade throw (legality already checked) [12.2-12.4]."""
    man = action.man
    state.active.ap -= THROW_AP
    state.troops.grenades_thrown[man] = state.troops.grenades_thrown.get(man, 0) + 1
    chance, work = throw_chance(state, action)
    resolve_throw(
        state,
        man,
        action.hex,
        chance,
        work,
        GRENADE,
        lambda lands: _emit(state, action, work, lands),
        _explode,
    )


@dataclass(frozen=True)
class Thrown:
    """What a throw throws, as the throw procedure words and rolls it: a grenade [12.2-12.4],
    a satchel charge [16.22] (its own damage table, the same procedure)."""

    noun: str  # "grenade"
    table: str  # its damage table, whose "weapon check" column is the malfunction check
    throw_rule: str  # cited by the throw roll and a hit
    check_rule: str  # cited by the malfunction check
    scatter_rule: str  # cited by a miss
    hit_rule: str  # cited when it explodes in the target hex


GRENADE = Thrown("grenade", "grenade-damage", "[12.2]", "[12.3]", "[12.21; 12.4]", "[12.2]")


def resolve_throw(
    state: SoldiersState,
    man: str,
    target_name: str,
    chance: int,
    work: Working,
    thrown: Thrown,
    emit: Callable[[Hex | None], None],
    explode: Callable[..., None],
) -> None:
    """The throw roll, a malfunction on 10 [12.3] (dud, explodes in the hand, or scatters),
    a miss scattering [12.4], a hit exploding in the target hex; ``emit`` says where it came
    down (None: a dud), ``explode(state, hex, hand=...)`` does the damage."""
    game = state.game
    at = state.troops.hexes[man]
    target = game.by_name[target_name.upper()]
    noun = thrown.noun
    roll = state.roll(f"{man} throws a {noun} at {game.name(target)} {thrown.throw_rule}", 10)
    lands: Hex | None = target
    if roll == MALFUNCTION:
        raw = state.roll(f"{man}'s {noun} malfunction check {thrown.check_rule}", 10)
        c = cell(thrown.table, "weapon check", raw)
        result = str(c.value)
        work.steps.append(f"rolled 10: malfunction check {raw}, {result} {thrown.check_rule}")
        if c.placeholder:
            work.placeholders.append(f"{noun.split()[0]} weapon check/{raw}: {c.placeholder}")
        if result == "Dud":
            lands = None
        elif result == "Explode":
            emit(at)
            explode(state, at, hand=man)
            return
        else:
            lands = _scatter(state, at, target, work)
    elif chance < 1 or roll > chance:
        why = f"hit chance {chance} < 1" if chance < 1 else f"rolled {roll} > {chance}"
        work.steps.append(f"{why}: the {noun} scatters {thrown.scatter_rule}")
        lands = _scatter(state, at, target, work)
    else:
        work.steps.append(
            f"rolled {roll} against {chance}: it explodes in the target hex {thrown.hit_rule}"
        )
    emit(lands)
    if lands is not None:
        explode(state, lands)


def _emit(state: SoldiersState, action: Throw, work: Working, lands: Hex | None) -> None:
    name = state.game.name(lands) if lands is not None else None
    state.emit(
        GrenadeThrown(
            action.man,
            action.hex.upper(),
            tuple(work.steps),
            name,
            tuple(work.placeholders),
        )
    )


def _scatter(state: SoldiersState, at: Hex, target: Hex, work: Working) -> Hex | None:
    """Where a scattering grenade lands [12.4; 12.41], None when it bounces off harmlessly."""
    game = state.game
    d6 = state.roll(f"grenade scatter from {game.name(target)} [12.4]", 6)
    compass = game.amap.direction_to_global(target, d6)
    to = target.neighbor(compass)
    direction = ("N", "NE", "SE", "S", "SW", "NW")[compass]
    if to == at:
        work.steps.append(
            f"scatter {d6} ({direction}) is the thrower's hex: it lands in the target hex [12.41]"
        )
        return target
    if to not in game.amap.hexes:
        work.steps.append(f"scatter {d6} ({direction}): off the map, no harm (our reading)")
        return None
    if indoors(state, to):
        work.steps.append(
            f"scatter {d6} ({direction}) into {game.name(to)}, a building or pillbox: it "
            "bounces off the wall harmlessly [12.41]"
        )
        return None
    work.steps.append(f"scatter {d6} ({direction}): it lands in {game.name(to)} [12.41]")
    return to


def _explode(state: SoldiersState, h: Hex, hand: str | None = None) -> None:
    """Damage to every man in the hex [12.22; 12.3]: Dmg/in indoors (and for the thrower
    whose grenade explodes in his hand), else Dmg/out; a suppressed man -2."""
    troops = state.troops
    men = sorted(m for m, where in troops.hexes.items() if where == h)
    men = [m for m in men if troops.disabled.get(m) != "killed"]
    if hand is not None:
        men = [hand] + [m for m in men if m != hand]
    inside = indoors(state, h)
    for m in men:
        line = "Dmg/in" if inside or m == hand else "Dmg/out"
        raw = state.roll(f"grenade damage to {m} [12.22]", 10)
        modified = raw - 2 if m in troops.suppressed else raw
        if raw == 10:
            result, why = "Kill", "an unmodified 10 always kills [12.22]"
        elif modified < 1:
            result, why = "Sup", f"modified {modified} below 1 is Sup [12.22]"
        else:
            c = cell("grenade-damage", line, modified)
            result = str(c.value)
            why = f"grenade {line} at {modified} (rolled {raw}"
            why += ", suppressed -2)" if m in troops.suppressed else ")"
            why += " [12.22]" + (" (placeholder)" if c.placeholder else "")
        if m == hand:
            why += "; it exploded in his hand [12.3]"
        apply_damage(state, m, result, why)
