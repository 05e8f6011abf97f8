"""Soldiers combat engineers and satchel charges [16].

Engineers [16]: heavy-weapons soldiers (``tags: [engineer]`` in the catalogue) with their own
MP or SMG, ordered by any friendly leader or independent chit [16; 6.29] (the men of the
heavy-weapons pseudo-squad, :mod:`rules.soldiers.command`).

Satchel charges [16.2]: the SATCHEL purchases of a side are dealt to its engineers first, then
to its other men (our reading of 19.44: the owner gives them to the men who may use them), at
most two a man [16.21]. Only an engineer throws one [16.21], at Bold or Aggressive [16.22], for
4 AP, at most 3 hexes [16.22], by the grenade's procedure [12.2-12.4]: the Satchel Charge
Weapon Table's hit chance at the range plus the Grenade/Satchel Charge modifiers only [12.21]
(a building or pillbox target, woods, a seen target at night or in mist); a d10 of 10, a
malfunction check on the table's weapon check line (Scatter, Dud, or Explode in the thrower's
hand [12.3]); above the hit chance it scatters one hex by the d6 [12.4; 12.41]. It explodes:
a d10 for each man in the hex on Dmg/in (a building or pillbox) or Dmg/out, a suppressed man -2,
an unmodified 10 kills, below 1 is Sup [12.22]; outdoors, each man in an adjacent outdoor hex
rolls on the Dmg/Adj line (peripheral damage [16.23]), never a man in a building or pillbox.
The Satchel Charge Weapon Table is not in the text: its values are placeholders.

The engineers' +3 in hand-to-hand [16.11] is :mod:`rules.soldiers.melee`'s.

Minefield detection [16.12]: :mod:`rules.soldiers.minefields`; cutting wire [16.13]:
:mod:`rules.soldiers.wire`.

Missing: a satchel charge destroying a building (scenario 20's objectives).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.hexes import Hex
from model.scenario import Scenario
from rules.engine.play import Chance
from rules.engine.record import OMIT, Record, plain, state_field
from rules.engine.worked import Working
from rules.soldiers.fire import apply_damage
from rules.soldiers.fire_support_actions import SatchelThrown, ThrowSatchel
from rules.soldiers.grenades import (
    Thrown,
    _woods_between,
    indoors,
    resolve_throw,
    throw_modifiers,
)
from rules.soldiers.scenario_effects import struck
from rules.soldiers.units import Man, cell

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

ENGINEER = "engineer"
SATCHEL_AP = 4  # [16.22]
SATCHEL_RANGE = 3  # [16.22]
MAX_SATCHELS = 2  # a man carries at most two [16.21]
MALFUNCTION = 10  # a throw roll of 10 [12.3]


def is_engineer(man: Man) -> bool:
    """A combat engineer [16]."""
    return ENGINEER in man.tags


def starting_satchels(scenario: Scenario, men: list[Man]) -> dict[str, int]:
    """The satchel charges each man carries [16.21; 19.44]: a side's SATCHEL purchases dealt
    one at a time to its engineers, then to its other men, at most two each (our reading of
    the owner's distribution); charges beyond what the men may carry are not dealt."""
    found: dict[str, int] = {}
    for side in scenario.sides:
        count = sum(p.count for p in side.purchases if p.item.upper() == "SATCHEL")
        roster = [m for m in men if m.side == side.id]
        order = [m.id for m in roster if is_engineer(m)] + [
            m.id for m in roster if not is_engineer(m)
        ]
        slots = [m for m in order for _ in range(MAX_SATCHELS)]
        for man in slots[:count]:
            found[man] = found.get(man, 0) + 1
    return found


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Demolitions(Record):
    """The satchel charges each man has thrown [16.22] (what he started with is the game's:
    :attr:`SoldiersGame.satchels`)."""

    satchels_thrown: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)


def satchels_left(state: SoldiersState, man: str) -> int:
    """What he started with and took or gave [7.33; 16.21], less what he threw [16.22]."""
    from rules.soldiers.kit import satchels_taken

    start = state.game.satchels.get(man, 0) + satchels_taken(state, man)
    return start - state.demolitions.satchels_thrown.get(man, 0)


def why_not_satchel(state: SoldiersState, action: ThrowSatchel) -> str | None:
    """Why the satchel throw may not be made now, or None [16.21; 16.22]."""
    game, man = state.game, action.man
    spec = game.men.get(man)
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if spec is None or not is_engineer(spec):
        return "only engineers may use satchel charges [16.21]"
    if state.active.current != man or man not in state.troops.hexes:
        return "only the man under orders acts [6.2]"
    if satchels_left(state, man) < 1:
        return "he carries no satchel charge [16.21; 19.5]"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if man in state.troops.captured or man in state.troops.captured.values():
        return "a prisoner or a guard may not conduct combat actions [9; 9.4]"
    if state.active.risk not in ("Bold", "Aggressive"):
        return f"a satchel charge is thrown at Bold or Aggressive, not {state.active.risk} [16.22]"
    if state.active.ap < SATCHEL_AP:
        return f"a satchel throw costs {SATCHEL_AP} AP, {state.active.ap:g} left [16.22]"
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    at = state.troops.hexes[man]
    dist = at.distance(target)
    if not 1 <= dist <= SATCHEL_RANGE:
        return f"the range is {dist}: a satchel charge is thrown 1-{SATCHEL_RANGE} hexes [16.22]"
    if not state.sees(at, target) and _woods_between(state, at, target) > 1:
        return "an unseen hex behind more than one woods hex [12.11; 16.22]"
    return None


def satchel_chance(state: SoldiersState, action: ThrowSatchel) -> tuple[int, Working]:
    """The throw's modified hit chance [16.22; 12.21]: the Satchel Charge Weapon Table at the
    range and the Grenade/Satchel Charge modifiers only."""
    game = state.game
    at = state.troops.hexes[action.man]
    target = game.by_name[action.hex.upper()]
    dist, seen = at.distance(target), state.sees(at, target)
    work = Working()
    base = cell("satchel-charge", "throw", dist)
    chance = int(str(base.value))
    work.steps.append(f"Satchel Charge Weapon Table at {dist} hexes: hit chance {chance} [16.22]")
    if base.placeholder:
        work.placeholders.append(f"satchel-charge throw/{dist}: {base.placeholder}")
    chance += throw_modifiers(
        state, target, dist, seen, work, "target hex terrain, Grenade/Satchel modifiers [12.21]"
    )
    return chance, work


def satchel_odds(state: SoldiersState, action: ThrowSatchel) -> Chance:
    """The preview's odds of the throw [16.22]."""
    chance, work = satchel_chance(state, action)
    rolls = max(0, min(9, chance))  # a 10 never hits: it may malfunction [12.3]
    odds = (
        "below 1: it scatters unless it malfunctions [12.21]"
        if chance < 1
        else f"a d10 of {rolls} or less explodes in the hex: {rolls} in 10"
    )
    words = f"{'; '.join(work.steps)}; modified hit chance {chance}: {odds}; else it scatters"
    return Chance(action.hex.upper(), words, rolls / 10 if chance >= 1 else 0.0)


def satchel_options(state: SoldiersState, man: str) -> list[ThrowSatchel]:
    """Satchel throws at hexes holding able enemy men in range [16.22] (any hex in range may be
    written)."""
    spec = state.game.men[man]
    if not is_engineer(spec) or man not in state.troops.hexes or satchels_left(state, man) < 1:
        return []
    at = state.troops.hexes[man]
    targets = {
        h
        for m, h in state.troops.hexes.items()
        if m not in state.troops.disabled and state.game.men[m].side != spec.side
        if 1 <= at.distance(h) <= SATCHEL_RANGE
    }
    found = []
    for h in sorted(targets, key=state.game.name):
        action = ThrowSatchel(man, state.game.name(h))
        if why_not_satchel(state, action) is None:
            found.append(action)
    return found


def throw_satchel(state: SoldiersState, action: ThrowSatchel) -> None:
    """Resolve one satchel charge throw (legality already checked) [16.22; 12.2-12.4]."""
    man = action.man
    state.active.ap -= SATCHEL_AP
    thrown = state.demolitions.satchels_thrown
    thrown[man] = thrown.get(man, 0) + 1
    chance, work = satchel_chance(state, action)
    resolve_throw(
        state,
        man,
        action.hex,
        chance,
        work,
        SATCHEL,
        lambda lands: _emit(state, action, work, lands),
        explode,
    )


#: A satchel charge is thrown by the grenade procedure [16.22], with its own table.
SATCHEL = Thrown(
    "satchel charge",
    "satchel-charge-damage",
    "[16.22]",
    "[12.3; 16.22]",
    "[12.4; 16.22]",
    "[16.22]",
)


def _emit(state: SoldiersState, action: ThrowSatchel, work: Working, lands: Hex | None) -> None:
    name = state.game.name(lands) if lands is not None else None
    state.emit(
        SatchelThrown(
            action.man, action.hex.upper(), tuple(work.steps), name, tuple(work.placeholders)
        )
    )


def explode(state: SoldiersState, h: Hex, hand: str | None = None) -> None:
    """A satchel charge explodes in ``h`` [16.22; 16.23]: every man there rolls (Dmg/in in a
    building or pillbox and for the thrower whose charge explodes in his hand, else Dmg/out);
    outdoors, each man in an adjacent outdoor hex rolls on Dmg/Adj."""
    troops = state.troops
    struck(state, h, "a satchel charge exploded")  # the Raid's target [20.3]
    men = sorted(m for m, where in troops.hexes.items() if where == h)
    men = [m for m in men if troops.disabled.get(m) != "killed"]
    if hand is not None:
        men = [hand] + [m for m in men if m != hand]
    inside = indoors(state, h)
    for m in men:
        line = "Dmg/in" if inside or m == hand else "Dmg/out"
        tail = "; it exploded in his hand [12.3]" if m == hand else ""
        _roll(state, m, line, " [16.22; 12.22]" + tail)
    if inside:
        return  # no peripheral damage from a building or pillbox hex [16.23]
    near = sorted(
        m
        for m, where in troops.hexes.items()
        if where.distance(h) == 1 and not indoors(state, where)
        if troops.disabled.get(m) != "killed"
    )
    for m in near:
        _roll(state, m, "Dmg/Adj", f"; peripheral damage from {state.game.name(h)} [16.23]")


def _roll(state: SoldiersState, man: str, line: str, why_tail: str) -> None:
    raw = state.roll(f"satchel charge damage to {man}, {line} [16.22]", 10)
    modified = raw - 2 if man in state.troops.suppressed else raw
    if raw == 10:
        result, why = "Kill", "an unmodified 10 always kills [12.22]"
    elif modified < 1:
        result, why = "Sup", f"modified {modified} below 1 is Sup [12.22]"
    else:
        c = cell("satchel-charge-damage", line, modified)
        result = str(c.value)
        why = f"satchel charge {line} at {modified} (rolled {raw}"
        why += ", suppressed -2)" if man in state.troops.suppressed else ")"
        why += " (placeholder)" if c.placeholder else ""
    apply_damage(state, man, result, why + why_tail)
