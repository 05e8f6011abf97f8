"""4B's Supply Dumps [SCN VIII.B.3]: "These Supply Dumps have a GP Defense Factor of '5' each,
and can be destroyed with a Knocked Out result from GP Fire. When destroyed, they
automatically Burn, with the usual effects."

Each hex of a scenario's map objects of kind ``dump`` is one Supply Dump (a Building unit is a
one-hex unit [Setup II.C]); its target id in an order is ``<objects>@<hex>``
(``supply-dumps@K2016``). In the Advanced Game (GP fire [ADV VI.B]) a unit that may fire GP
may be ordered to fire at a dump it sees (a clear line of sight [AG IV.B]; our reading: a
Supply Dump, terrain, is sighted at any range along a clear line), in its Field of Fire
[AG VI.A.3] and GP range, without movement: the shot is one GP roll as at a unit
(:mod:`rules.armor.gp`), against the dump's Defense Factor, its results applied with the
Direct Fire Phase's. A "K" destroys the dump. Not played: the dump's burning (OP XI is
played, :mod:`rules.armor.optional.blaze`; the Burn is not built); a destroyed dump stays
Clear terrain. The Armor Game
fires only AP [ADV VI.B], so there its dumps cannot be destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.events import PhaseNote
from rules.armor.fire import field_of_fire
from rules.armor.gp import column, gp_factor, hit_line, may_fire_gp, result_of
from rules.armor.optional import sbg
from rules.armor.range import describe_range, range_between

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

RULE = "[SCN VIII.B.3; ADV VI.B; GC1 GP Hit Table]"


def dumps(state: ArmorState) -> dict[str, Hex]:
    """Every Supply Dump not yet destroyed, by target id (``supply-dumps@K2016``)."""
    game = state.game
    found: dict[str, Hex] = {}
    for obj in game.scenario.map.objects:
        if obj.kind != "dump":
            continue
        for h in sorted(game.region(obj.region), key=game.name):
            target = f"{obj.name}@{game.name(h)}"
            if target not in state.objectives.destroyed_objects:
                found[target] = h
    found.update(sbg.targets(state))  # the SBG Bridge AVREs' Span units [OP XXV.C.4]
    return found


def is_dump(target: str) -> bool:
    """Whether an order's fire target names a Supply Dump rather than a unit."""
    return "@" in target


def _defense(state: ArmorState, target: str) -> int:
    if sbg.is_span(target):
        return sbg.DEFENSE  # [OP XXV.C.4]
    name = target.split("@", 1)[0]
    obj = next(o for o in state.game.scenario.map.objects if o.name == name)
    return obj.defense or 0


def why_not_dump(state: ArmorState, unit: str, target: str, moving: bool) -> str | None:
    """Why ``unit`` may not be ordered to fire at the Supply Dump ``target``, or None."""
    h = dumps(state).get(target)
    if h is None:
        return f"there is no Supply Dump or Span unit '{target}' standing"
    if not state.game.advanced:
        return "Supply Dumps are destroyed by GP fire, which the Armor Game does not play"
    spec = state.game.units[unit]
    if sbg.is_span(target) and sbg.why_not_fire(state, unit) is not None:
        return sbg.why_not_fire(state, unit)
    if not may_fire_gp(spec) or (spec.gun is not None and state.gun_lost(unit)):
        return "it has no GP weapon this slice plays [ADV VI.B]"
    if spec.leg and state.suppressed(unit):
        return "Suppressed: a Leg or Towed unit may not fire [ADV IV.D]"
    if state.transported(unit):
        return "transported: firing from a Vehicle is not in this slice [ADV V.C.3]"
    if moving:
        return "our reading: a Supply Dump is fired at without movement"
    a = state.troops.hexes[unit]
    if a != h and a.distance(h) > 1 and state.game.los(a, h).verdict == "blocked":
        return "the line of sight to it is blocked [AG IV.B]"
    arc = field_of_fire(state, unit, a, h)  # from inside a Pillbox: 180 degrees [VI.A.4.e]
    if arc is not None:
        return arc
    if gp_factor(state, unit, range_between(a, h), False) <= 0:
        return f"beyond its GP range ({describe_range(a, h)}; a placeholder Gunnery Table)"
    return None


def options(state: ArmorState, unit: str) -> list[str]:
    """The Supply Dumps ``unit`` may be ordered to fire at now."""
    return [t for t in dumps(state) if why_not_dump(state, unit, t, False) is None]


def fire(state: ArmorState, unit: str, target: str) -> bool:
    """``unit``'s GP fire at a Supply Dump, logged step by step; True on a Knocked Out result
    (the dump destroyed, applied by the caller with the phase's other results)."""
    h = dumps(state)[target]
    a = state.troops.hexes[unit]
    rng = range_between(a, h)
    factor = gp_factor(state, unit, rng, False)
    col = column(factor)
    d = _defense(state, target)
    n, s, note = hit_line(d, col)
    roll = state.roll(f"GP fire {unit} at {target}", 100)
    result = result_of(roll, roll, n, s)
    words = {"K": "Knocked Out: destroyed", "S": "Suppressed: no effect", "N": "No Damage"}
    what = "Span unit [OP XXV.C.4]" if sbg.is_span(target) else "Supply Dump"
    said = (
        f"{unit} fires GP at the {what} in {state.game.name(h)} "
        f"({describe_range(a, h)}): GP Factor {factor}, column {col}, Defense Factor {d}; "
        f"N {n}, S {s}; rolls {roll}: {words[result]}"
    )
    if note:
        said += f" (placeholder: {note})"
    state.emit(PhaseNote("Direct Fire", said, RULE))
    return result == "K"


def destroy(state: ArmorState, target: str) -> None:
    """A Supply Dump destroyed [SCN VIII.B.3] (its burning is not played); a Span unit
    [OP XXV.C.4]."""
    if sbg.is_span(target):
        sbg.destroy(state, target)
        return
    state.objectives.destroyed_objects.add(target)
    name = target.split("@", 1)[1]
    note = f"the Supply Dump in {name} is destroyed (its burning [OP XI] is not played)"
    state.emit(PhaseNote("Direct Fire", note, "[SCN VIII.B.3]"))
