"""The Artillery Impact Phase [AG seq. 8 (OP); OP II.D]: each Battery's fire plotted for this
Turn is placed, checked for Scatter and resolved against every unit in or adjacent to its
Impact hex.

1. Place the Artillery Impact unit in its target hex [OP II.D.1].
2. Scatter [OP II.D.2]: one roll per Impact unit; at or under the Scatter number (Designated
   01-20, Called 01-40; Continuous 01-10 in the same hex as the previous Turn, 01-30 in an
   adjacent hex [GC2 Artillery Tables]) it moves one hex in the direction the Scatter Diagram
   gives for a second roll (01-18 direction 1 ... 85-00 direction 6), read on the Directional
   Hexagon of the hex's section (on a join, the earliest letter [OP II.D.2.b]); off the
   mapboard, it is out of play.
3. When every Impact unit is placed, the fire is resolved against all units, friendly ones
   too, in the Impact hex and the six around it [OP II.D.3]: the Battery's GP Factor
   crossgridded with each unit's GP Defense Factor on the GP Hit Table, one roll each
   [OP II.D.3.b], as GP Fire [a]. Defilade and Ditch count as Clear [GC1 GP Hit Tables note];
   the GP Fire Modifiers (OP) do not apply [OP XXIX.D]. A Suppressed result Suppresses any
   Vehicle, Open or Buttoned [(1)]; Knocked Out knocks out a Vehicle (a Wreck) in the Impact
   hex only and Suppresses it in the adjacent hexes [(2)]; a Leg or Towed unit is Knocked Out
   or Suppressed [GC1 Effects of GP Hits].

4. "Additionally, Artillery Fire may be resolved during the Movement Execution and
   Opportunity Fire Phase against any units that enter or pass through a hex affected by
   Artillery Fire" [OP II.D]: a unit entering a hex in or next to this Turn's Impact hex is
   fired at as it enters (:func:`entered`), results at once as for Opportunity Fire; a
   Suppressed or Knocked Out unit stops there.

Our readings: results are applied when all the Phase's fire is resolved, as in the Direct Fire
Phase [AG VI.A]; a unit Transported by a Vehicle is not fired at on its own (it rides with its
Vehicle [ADV V.C]); each Battery's fire is resolved against a unit once a Turn (in the Impact
Phase or on its first hex entered under that fire), however many of its hexes it passes. With
the Smoke option a unit's "HS" Indirect Fire of Smoke lands in this Phase
(:func:`rules.armor.optional.smoke.indirect_smoke`) [OP IX.A.1]; not yet: the Batteries' Smoke
and Starshell shells [OP IX.A.2; IX.B].
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import bailout
from rules.armor.cards import cell, table
from rules.armor.fire import Pending
from rules.armor.gp import LEG_DEFENSE_PLACEHOLDER, Defense, column, defense, hit_line, result_of
from rules.armor.indirect.batteries import Battery
from rules.armor.indirect.events import ArtilleryFire, ArtilleryImpact
from rules.armor.indirect.plots import ArtilleryPlot, Plot, describe, why_not_plot
from rules.armor.optional import blaze, smoke
from rules.engine.play import Chance, Preview
from rules.engine.sequence import Phase, Segment

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

IMPACT_PHASE = Phase(
    "artillery-impact",
    "The Artillery Impact Phase",
    "Armor [Sequence of Play 8 (OP); OP II.D]",
    (
        Segment(
            "artillery-impact",
            "Artillery Impact units placed, checked for Scatter, and the fire resolved against "
            "the units in and adjacent to each Impact hex",
            "engine",
            "Armor [OP II.D]",
        ),
    ),
)
#: Continuous fire's Scatter [GC2 Artillery Tables: Continuous Fire].
SAME_HEX, ADJACENT_HEX = 10, 30
EFFECTS_ROW = "Close Assault, Artillery, Bombing, Rockets vs. Vehicle"
AS_CLEAR = frozenset({"defilade", "ditch"})


def with_impact_phase(phases: tuple[Phase, ...]) -> tuple[Phase, ...]:
    """The Sequence of Play with the Artillery Impact Phase right after the Direct Fire Phase
    [Sequence of Play 7-8]."""
    at = next(i for i, p in enumerate(phases) if p.id == "direct-fire") + 1
    return (*phases[:at], IMPACT_PHASE, *phases[at:])


@functools.cache
def _directions() -> tuple[tuple[int, int, int], ...]:
    """The Scatter Diagram's rows: (direction, lowest roll, highest roll), 00 as 100."""
    rows = []
    for row in table("scatter-diagram").rows:
        low, high = (int(x) or 100 for x in str(row.cells[0]).split("-"))
        rows.append((int(row.key), low, high))
    return tuple(rows)


def scatter_direction(roll: int) -> int:
    """The direction number the Scatter Diagram gives a roll [GC2 Scatter Diagram]."""
    return next(d for d, low, high in _directions() if low <= roll <= high)


def scatter_number(state: ArmorState, battery: Battery, plot: Plot) -> int:
    """The top of the Scatter numbers of this fire [GC2 Artillery Tables; OP II.D.2]."""
    if plot.kind != "R":
        return battery.scatter[plot.kind]
    last = state.artillery.last.get(battery.id)
    return SAME_HEX if last is not None and last[1] == plot.target else ADJACENT_HEX


def place(state: ArmorState, battery: Battery, plot: Plot) -> Hex | None:
    """Place the Impact unit and check Scatter [OP II.D.1-2]; None when it Scatters off."""
    notation = f"{plot.kind}{state.game.name(plot.target)}"
    top = scatter_number(state, battery, plot)
    return scatter(state, battery.id, notation, plot.target, top, f"Scatter {battery.id}")


def scatter(
    state: ArmorState,
    who: str,
    notation: str,
    target: Hex,
    top: int,
    label: str,
    made: type[ArtilleryImpact] = ArtilleryImpact,
) -> Hex | None:
    """The Scatter check of one fire at ``target`` [OP II.D.2], Artillery's, a unit's Indirect
    Fire's [OP II.F.4.b] or a Mortar's [OP II.E.5]: a roll (``label``) at or under ``top``
    moves the Impact hex one hex in the Scatter Diagram's direction, read on the hex's
    section [OP II.D.2.a-b]; the Impact hex, None off the mapboard (out of play). The event
    ``made`` says so."""
    roll = state.roll(label, 100)
    name = state.game.name(target)
    if roll > top:
        state.emit(made(who, notation, name, top, roll, None, name))
        return target
    direction = scatter_direction(state.roll(f"Scatter direction {who}", 100))
    compass = state.game.amap.direction_to_global(target, direction)
    moved = target.neighbor(compass)
    found = moved if state.game.on_map(moved) else None
    where = state.game.name(found) if found is not None else None
    state.emit(made(who, notation, name, top, roll, direction, where))
    return found


def impact_phase(state: ArmorState) -> None:
    """The Artillery Impact Phase [OP II.D]."""
    turn = state.play.turn
    state.artillery.struck = set()
    impacts: list[tuple[Battery, Hex]] = []
    for (battery_id, when), plot in sorted(state.artillery.plots.items()):
        if when != turn:
            continue
        battery = state.game.batteries[battery_id]
        h = place(state, battery, plot)
        del state.artillery.plots[(battery_id, when)]
        if h is None:
            state.artillery.last.pop(battery_id, None)  # new plots are needed [OP II.D.2.b]
            continue
        state.artillery.last[battery_id] = (turn, h)
        impacts.append((battery, h))
    from rules.armor.indirect.howitzers import impacts as indirect_fire  # (imports this module)

    pending = indirect_fire(state)  # Indirect Fire by Combat units [OP II.F.4]
    smoke.indirect_smoke(state)  # "HS": Indirect Fire of Smoke (OP) [OP IX.A.1; IX.A.3]
    for battery, h in impacts:
        pending.extend(resolve(state, battery, h))
    for p in pending:
        state.inflict(p.unit, p.effect, p.by)  # a unit's Indirect Fire counts [OP XVII.G.1]
    bailout.check(state, pending)


def under_fire(state: ArmorState, h: Hex) -> list[str]:
    """The units in ``h`` and the hexes adjacent, friendly ones too [OP II.D.3], not those
    Transported by a Vehicle (our reading)."""
    area = {h, *h.neighbors()}
    return sorted(
        u for u, at in state.troops.hexes.items() if at in area and not state.transported(u)
    )


def artillery_defense(
    state: ArmorState, unit: str, against: str = "Artillery", rule: str = "GC1 GP Hit Tables note"
) -> Defense:
    """The unit's GP Defense Factor [ADV VI.B.4] against Artillery (or Mortar Fire, ``against``
    [OP II.E.5.e]): Defilade and Ditch as Clear [GC1 GP Hit Tables note]."""
    moving = state.hexes_ordered(unit) > 0
    found = defense(state, unit, moving)
    spec = state.game.units[unit]
    terrain = state.game.terrain.terrain(state.troops.hexes[unit])
    if spec.vehicle or terrain not in AS_CLEAR:
        return found
    value = 1 if moving else 2
    why = f"{terrain} counts as Clear against {against} [{rule}]"
    return Defense(value, why, LEG_DEFENSE_PLACEHOLDER)


def effects(state: ArmorState, unit: str, result: str, in_impact_hex: bool) -> tuple[str, ...]:
    """The Effects of an Artillery result [OP II.D.3.b; GC1 Effects of GP Hits]."""
    if result == "N":
        return ()
    spec = state.game.units[unit]
    if not spec.vehicle:
        text = str(cell("effects-of-gp-hits", "Any vs. Leg or Towed", _col(result)).value)
    elif result == "K" and not in_impact_hex:
        return ("suppressed",)  # [OP II.D.3.b(2)]
    else:
        text = str(cell("effects-of-gp-hits", EFFECTS_ROW, _col(result)).value)
    return ("knocked-out",) if "knocked out" in text else ("suppressed",)


def _col(result: str) -> str:
    return "Knocked Out result" if result == "K" else "Suppressed result"


def resolve(state: ArmorState, battery: Battery, h: Hex, only: str | None = None) -> list[Pending]:
    """The Battery's fire at every unit in and adjacent to Impact hex ``h`` [OP II.D.3] (or
    at ``only``)."""
    found: list[Pending] = []
    col = column(battery.gp)
    for unit in under_fire(state, h) if only is None else [only]:
        state.artillery.struck.add((battery.id, unit))
        d = artillery_defense(state, unit)
        n, s, note = hit_line(d.value, col)
        roll = state.roll(f"Artillery {battery.id} at {unit}", 100)
        result = result_of(roll, roll, n, s)
        inside = state.troops.hexes[unit] == h
        got = effects(state, unit, result, inside)
        blaze.note_bombardment(state, state.troops.hexes[unit], result)  # [OP XVIII]
        where = "Impact hex" if inside else "adjacent to the Impact hex"
        notes = "; ".join(x for x in (d.placeholder, note) if x)
        rule = "[OP II.D.3; GC1 GP Hit Table, Effects of GP Hits]"
        state.emit(
            ArtilleryFire(
                battery.id,
                unit,
                f"{where} {state.game.name(h)}",
                battery.gp,
                col,
                d.value,
                d.why,
                n,
                s,
                roll,
                result,
                got,
                rule,
                notes,
            )
        )
        found.extend(Pending(unit, e, battery.id) for e in got)
    return found


def entered(state: ArmorState, unit: str, h: Hex) -> str | None:
    """A unit moving into ``h``, in or next to this Turn's Impact hex of a Battery that has not
    fired at it this Turn, is fired at [OP II.D]; why its move stops there, or None."""
    stop: str | None = None
    for battery_id, (turn, impact) in sorted(state.artillery.last.items()):
        if turn != state.play.turn or impact.distance(h) > 1 or unit not in state.troops.hexes:
            continue
        if (battery_id, unit) in state.artillery.struck or state.transported(unit):
            continue
        results = resolve(state, state.game.batteries[battery_id], impact, only=unit)
        for p in results:
            state.inflict(p.unit, p.effect)
            if p.effect in ("knocked-out", "suppressed"):
                stop = f"{p.effect.replace('-', ' ')} by Artillery Fire as it entered [OP II.D]"
        bailout.check(state, results)  # as after an Opportunity Fire (our reading) [ADV IX]
    return stop


def preview(state: ArmorState, plot: ArtilleryPlot) -> Preview:
    """What the plot would do if it Impacted on its target now, with no Scatter: each unit
    in and around the hex and its chance of a Suppressed or Knocked Out result [OP II.D.3]."""
    words = describe(state, plot)
    why = why_not_plot(state, plot)
    if why is not None:
        return Preview(words, False, why)
    battery = state.game.batteries[plot.battery]
    h = state.game.amap.resolve(plot.hex)
    col = column(battery.gp)
    chances: list[Chance] = []
    for unit in under_fire(state, h):
        d = artillery_defense(state, unit)
        n, s, _ = hit_line(d.value, col)
        hurt = sum(1 for r in range(1, 101) if result_of(r, r, n, s) != "N")
        where = "Impact hex" if state.troops.hexes[unit] == h else "adjacent"
        text = (
            f"{where}: GP {battery.gp} (column {col}) against GP Defense {d.value}: N {n:02d}, "
            f"S {s:02d}; Suppressed or Knocked Out on {hurt} in 100 [OP II.D.3]"
        )
        chances.append(Chance(unit, text, hurt / 100))
    rules = (
        "The Artillery Plot [OP II.A]",
        f"Scatter [OP II.D.2]: 01-{scatter_number(state, battery, Plot(plot.kind, h, 0)):02d}",
        "Impact hex and adjacent hexes, friendly units too [OP II.D.3]",
    )
    return Preview(words, True, chances=tuple(chances), rules=rules)
