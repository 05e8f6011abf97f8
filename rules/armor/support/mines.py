"""Mine Attacks [OP IV.C]: "Mines will 'attack' Combat units passing through their hex".

- When a unit moves into or through a mined hex, the Mines there attack it, resolved before
  its movement continues [OP IV.C.1]: Anti-Tank Mines attack Vehicle units, Anti-personnel
  Mines Leg and Towed units; both may be in one hex [OP IV.A].
- **Anti-Tank** [OP IV.C.1.a]: a roll at or under the Mine's TK value is a Track hit (no
  movement [AG VII.C.1]: the unit stops in the hex).
- **Anti-personnel** [OP IV.C.1.b]: resolved as GP Direct Fire, the Mine's GP Factor against a
  GP Defense Factor of 1, on the GP Hit Table (:func:`rules.armor.gp.hit_line`); Knocked Out
  or Suppressed (its "S" order cancels the rest of its move [ADV IV.D]).
- Leg and Towed units transported by a Vehicle are not attacked by Anti-personnel Mines;
  those Unloading in a Minefield hex are, when their Unloading is completed [OP IV.C.2]
  (:func:`unloaded`).
- Mines are never used up [OP IV.B.4]. They attack the units of either side (the book names
  no exception: our reading).
- What the moving side knows: the Mine unit is on the map, so its Minefield (every hex within
  two hexes [OP IV.B.2]) is known to both sides; the Mines' hexes, types and sizes are the
  owner's secret [OP IV.B] until they attack a unit, when "the player who placed the Mines
  will inform the moving player" [OP IV.C.1] (the hex is then known: ``revealed``).
- The owner may write his Mines himself (:mod:`rules.armor.support.laying`); until he does,
  the engine's stand-in (:mod:`rules.armor.support.setup`) lies.
- A Sherman "Crab" clears a Minefield hex it enters, and a cleared hex attacks nobody
  [OP XXV.A.2] (:mod:`rules.armor.optional.specials`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.gp import column, hit_line, result_of
from rules.armor.optional import specials
from rules.armor.support.events import MineAttack
from rules.armor.support.laying import mines_at
from rules.armor.support.works import Mine

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: What every stop a Mine Attack causes says (:func:`rules.armor.support.effects.stops_here`).
RULE_MARK = "Mine [OP IV.C"
AT_RULE = "[OP IV.C.1.a]"
AP_RULE = "[OP IV.C.1.b; GC1 GP Hit Table, GP Defense 1]"


def attacks(state: ArmorState, unit: str, mine: Mine) -> bool:
    """Whether ``mine`` attacks ``unit`` [OP IV.C; IV.C.2]."""
    spec = state.game.units[unit]
    if mine.type == "AT":
        return spec.vehicle
    return (spec.leg or spec.towed) and not state.transported(unit)


#: An Anti-personnel Mine Attack on a unit Unloading in the Minefield hex [OP IV.C.2].
UNLOADING_RULE = "[OP IV.C.2; OP IV.C.1.b; GC1 GP Hit Table, GP Defense 1]"


def unloaded(state: ArmorState, unit: str) -> None:
    """``unit``, a Leg or Towed unit, has just Unloaded from its Vehicle: "Leg and/or Towed
    units unloading in a Minefield hex will be attacked by Anti-personnel Mines" [OP IV.C.2]
    (our reading: once, when its Unloading is completed and it stands on the ground; while
    part way through, it is still on its Vehicle)."""
    h = state.troops.hexes.get(unit)
    if h is not None:
        attack(state, unit, h, UNLOADING_RULE)


def attack(state: ArmorState, unit: str, h: Hex, ap_rule: str = AP_RULE) -> str | None:
    """The Mines in ``h`` attack ``unit``, which has just entered it [OP IV.C.1] (or Unloaded
    there, ``ap_rule`` saying so [OP IV.C.2]); why its move stops there, or None."""
    stop = None
    if specials.cleared(state, h) or specials.sweep(state, unit, h):  # a Crab [OP XXV.A.2]
        return None
    for mine in mines_at(state, h):  # the engine's or the owner's own [OP IV.B]
        if unit not in state.troops.hexes or not attacks(state, unit, mine):
            continue
        state.fieldworks.revealed.add(h)  # the moving player is told [OP IV.C.1]
        found = (
            _at(state, unit, h, mine) if mine.type == "AT" else _ap(state, unit, h, mine, ap_rule)
        )
        stop = stop or found
    return stop


def _at(state: ArmorState, unit: str, h: Hex, mine: Mine) -> str | None:
    roll = state.roll(f"Anti-Tank Mine Attack on {unit} in {state.game.name(h)}", 100)
    hit = roll <= mine.size
    needed = f"01-{mine.size:02d} a Track hit"
    result = "Track hit" if hit else "no damage"
    state.emit(MineAttack(unit, state.game.name(h), mine.words(), roll, needed, result, AT_RULE))
    if not hit:
        return None
    state.inflict(unit, "track")
    return "Track hit by an Anti-Tank Mine [OP IV.C.1.a]: no movement [AG VII.C.1]"


def _ap(state: ArmorState, unit: str, h: Hex, mine: Mine, rule: str = AP_RULE) -> str | None:
    col = column(mine.size)
    n, s, placeholder = hit_line(1, col)
    roll = state.roll(f"Anti-personnel Mine Attack on {unit} in {state.game.name(h)}", 100)
    result = result_of(roll, roll, n, s)
    needed = f"GP {mine.size} ({col}) against Defense 1: N 01-{n:02d}, S to {s:02d}, K above"
    if placeholder:
        needed += f"; {placeholder}"
    words = {"N": "no damage", "S": "Suppressed", "K": "Knocked Out"}[result]
    state.emit(MineAttack(unit, state.game.name(h), mine.words(), roll, needed, words, rule))
    if result == "N":
        return None
    state.inflict(unit, "knocked-out" if result == "K" else "suppressed")
    return f"{words} by an Anti-personnel Mine [OP IV.C.1.b]"


def danger(state: ArmorState, unit: str, h: Hex) -> str | None:
    """Whether entering ``h`` is a danger to ``unit`` its side knows of [OP IV.B; IV.C.1]:
    ``known`` (its side's own Mines, or Mines revealed by an attack, that would attack it),
    ``maybe`` (a hex of an enemy Minefield whose Mines it does not know), else None."""
    works = state.game.works
    field = works.minefield(h)
    if field is None or specials.cleared(state, h):  # cleared by a Crab [OP XXV.A.2]
        return None
    if state.game.units[unit].side == field.side or h in state.fieldworks.revealed:
        found = any(attacks(state, unit, m) for m in mines_at(state, h))
        return "known" if found else None
    return "maybe"


def risk(state: ArmorState, unit: str, h: Hex) -> str | None:
    """What entering ``h`` risks, as ``unit``'s side may know it [OP IV.B; IV.C.1], or None."""
    works = state.game.works
    field = works.minefield(h)
    if field is None or specials.cleared(state, h):  # cleared by a Crab [OP XXV.A.2]
        return None
    spec = state.game.units[unit]
    name = state.game.name(h)
    if spec.side == field.side or h in state.fieldworks.revealed:
        found = [m for m in mines_at(state, h) if attacks(state, unit, m)]
        if not found:
            return None
        known = "its side's Mines" if spec.side == field.side else "Mines known from an attack"
        what = ", ".join(m.words() for m in found)
        return f"{known} in {name}: {what} will attack it [OP IV.C]"
    return (
        f"{name} is in the Minefield of Mine unit {field.id} (within two hexes of "
        f"{state.game.name(field.hex)}): Mines may attack it there [OP IV.B-C]"
    )
