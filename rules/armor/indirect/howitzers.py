"""Indirect Fire by Combat units [OP II.F]: "the main guns of other Combat units with the words
'Has Indirect Fire Capability' printed in the Firing Information section of their Data Cards
may use Indirect Fire against target hexes which they cannot sight".

The order "H" and the target hex [OP II.F.3], the action ``indirect UNIT HEX``, in the Order
Plot Phase (with the Artillery option on). It is the unit's order for the Turn, alone (our
reading): the unit is offered no other order, neither moves nor fires otherwise.

- The firing unit and its Spotting unit must both have Radios; the Spotting unit must sight
  the target hex [F.1]. It must be "any Combat unit in the same Formation as the firing unit
  (see the Organization and Command Control Optional Rules)" [F.1]: a firer the order of
  battle puts in a Formation (:mod:`rules.armor.setup` ``formations``) is spotted for by the
  units of that Formation only; a firer in none, by any friendly unit with a Radio but itself
  (our reading: with no Formations given there is none to share); or "an Air Spotting unit"
  [F.1; OP III.E]. The target must be at Long Range, right of the Range Line [F.2].
- Resolved in the Artillery Impact Phase [F.4]: Scatter on 01-70, or 01-40 when Continuous
  (the same target hex as the previous Turn) [F.4.b(2); F.5]; then the MV GP Factor of the
  firer against the total GP Defense Factors of all units in the Impact hex, one roll, effects
  as Direct GP Fire on each unit there [F.4.e] (Defilade and Ditch as Clear [GC1 note]). A
  firer Knocked Out or with its gun lost before the Phase does not fire.

Mortar Teams [OP II.E; F.4.b(1); F.4.d] fire "H" too (:mod:`rules.armor.indirect.mortars`):
"Mortar units" with a Radio (a placeholder: the cards are not in the text), at Long Range by
their card's Range Line, not from a Building hex [E.1], not Suppressed; their own Scatter
numbers doubled, 01-20 when Continuous [F.4.b(1)]; their GP Factor against each unit in the
Impact hex, as their Direct Fire [F.4.d].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.catalog import unit_types
from model.hexes import Hex
from model.provenance import unwrap
from model.systems import GameSystem
from rules.armor.cards import gun_of
from rules.armor.events import FireCancelled
from rules.armor.fire import Pending, why_hex_unseen
from rules.armor.gp import column, effects, gp_factor, hit_line, result_of
from rules.armor.indirect import mortars
from rules.armor.indirect.batteries import air_sights, has_radio
from rules.armor.indirect.events import (
    ArtilleryImpact,
    ArtilleryPlotted,
    IndirectFireResolved,
    MortarImpact,
)
from rules.armor.indirect.impact import artillery_defense, scatter
from rules.armor.optional import blaze
from rules.armor.range import range_between
from rules.engine.actions import WordsAction
from rules.engine.play import ActionFocus, Chance, Preview

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: Scatter numbers of Indirect Fire by units other than Mortar Teams [OP II.F.4.b(2)].
INITIAL, CONTINUOUS = 70, 40
RULE = "[OP II.F]"


@dataclass(frozen=True)
class IndirectFire(WordsAction):
    """An "H" order: Indirect Fire at a hex [OP II.F.3] (``H1504`` on the Command Sheet)."""

    verb: ClassVar[str] = "indirect"
    words: ClassVar[tuple[str, ...]] = ("unit id", "hex")
    usage: ClassVar[str] = "UNIT HEX"
    unit: str
    hex: str


def capable(state: ArmorState, unit: str) -> bool:
    """The unit's card says "Has Indirect Fire Capability" and it fires a main gun, or it is a
    Mortar Team ("Mortar units" [OP II.F]); and it has a Radio [OP II.F.1]."""
    spec = state.game.units[unit]
    if spec.mortar:  # "Mortar units ... may use Indirect Fire" [OP II.F]
        return has_radio(state.game, unit)
    entry = unit_types(GameSystem.ARMOR).get(spec.type_id)
    flag = entry.values.get("indirect_fire") if entry is not None else None
    return (
        flag is not None
        and unwrap(flag) is True
        and not spec.leg
        and gun_of(spec, state.game.nation[spec.side]) is not None
        and has_radio(state.game, unit)
    )


def spotters(state: ArmorState, unit: str, h: Hex) -> list[str]:
    """The friendly units with a Radio, but the firer, that sight ``h`` (of the firer's
    Formation, when it has one: "any Combat unit in the same Formation as the firing unit"),
    or its side's Air Spotting unit ("air") [OP II.F.1; III.E]."""
    side = state.game.units[unit].side
    found = ["air"] if side in state.game.air_spotters and air_sights(state.game, h) else []
    formations = state.game.deployment.formations
    formation = formations.get(unit)
    for u in state.alive(side):
        if u == unit or (formation is not None and formations.get(u) != formation):
            continue
        # as every sighting: the line, Smoke, Fires, Smoking Wrecks, dust [AG IV.B; OP IX.A.5]
        sighted = why_hex_unseen(state, state.troops.hexes[u], h) is None
        if sighted and has_radio(state.game, u):
            found.append(u)
    return found


def _no_spotter(state: ArmorState, unit: str) -> str:
    """Why no unit spots for ``unit``'s Indirect Fire [OP II.F.1]."""
    formation = state.game.deployment.formations.get(unit)
    whose = f" of its Formation ({formation})" if formation is not None else ""
    return f"no other friendly unit{whose} with a Radio sights that hex [OP II.F.1] (our reading)"


def why_not_indirect(state: ArmorState, action: IndirectFire) -> str | None:
    """Why the "H" order may not be plotted now, or None [OP II.F]."""
    spec = state.game.units.get(action.unit)
    if spec is None or action.unit not in state.troops.hexes:
        return f"no unit '{action.unit}' on the map"
    if state.segment.id != "plot" or state.execution.asked is not None:
        return "orders are plotted in the Order Plot"
    if spec.side not in state.to_act():
        return f"{spec.side} may not act now"
    if action.unit in state.sheets.orders[spec.side] or action.unit in state.artillery.indirect:
        return f"{action.unit} has its orders [AG V.A.1]"
    if not capable(state, action.unit):
        return "its card has no Indirect Fire Capability, or it has no Radio [OP II.F; F.1]"
    if state.gun_lost(action.unit):
        return "its main gun is lost"
    try:
        h = state.game.amap.resolve(action.hex)
    except KeyError:
        return f"no hex '{action.hex}' on the map"
    if spec.mortar:  # [OP II.E.1; F.2]
        why = _why_not_mortar(state, action.unit, h)
        if why is not None:
            return why
        if not spotters(state, action.unit, h):
            return _no_spotter(state, action.unit)
        return None
    gun = gun_of(spec, state.game.nation[spec.side])
    assert gun is not None
    rng = range_between(state.troops.hexes[action.unit], h)
    if not gun.short < rng <= gun.longest:
        return (
            f"range {rng}: Indirect Fire is at Long Range, right of the Range Line "
            f"({gun.short + 1}-{gun.longest}, a placeholder Gunnery Table) [OP II.F.2]"
        )
    if not spotters(state, action.unit, h):
        return _no_spotter(state, action.unit)
    return None


def _why_not_mortar(state: ArmorState, unit: str, h: Hex) -> str | None:
    """A Mortar Team's Indirect Fire: it may fire now [OP II.E.1], the hex at Long Range by its
    card's Range Line [OP II.F.2]."""
    why = mortars.why_not_firer(state, unit)
    if why is not None:
        return why
    found = mortars.card_of(state, unit)
    rng = range_between(state.troops.hexes[unit], h)
    if not found.range_line < rng <= found.longest:
        return (
            f"range {rng}: Indirect Fire is at Long Range, right of the Range Line "
            f"({found.range_line + 1}-{found.longest}, a placeholder Gunnery Table) [OP II.F.2]"
        )
    return None


def options(state: ArmorState, side: str) -> list[IndirectFire]:
    """The "H" orders ``side`` may plot now: at each hex of an enemy unit (any legal hex is
    accepted by :func:`why_not_indirect`)."""
    targets = sorted({h for u in state.enemies(side) if (h := state.troops.hexes.get(u))})
    found: list[IndirectFire] = []
    for unit in state.alive(side):
        if unit in state.sheets.orders[side] or unit in state.artillery.indirect:
            continue
        if not capable(state, unit):
            continue
        for h in targets:
            action = IndirectFire(unit, state.game.name(h))
            if why_not_indirect(state, action) is None:
                found.append(action)
    return found


def write(state: ArmorState, action: IndirectFire) -> None:
    """Plot the "H" order (checked by :func:`why_not_indirect`): the unit's only order."""
    side = state.game.units[action.unit].side
    state.artillery.indirect[action.unit] = state.game.amap.resolve(action.hex)
    notation = f"H{action.hex}"
    rule = "Indirect Fire [OP II.F.3], resolved in the Artillery Impact Phase [OP II.F.4]"
    event = ArtilleryPlotted(action.unit, notation, state.play.turn, rule, private_to=side)
    state.emit(event)


def place(state: ArmorState, unit: str, target: Hex) -> Hex | None:
    """The Impact hex after the Scatter check [OP II.F.4.a-c]; None off the mapboard. A
    Mortar Team's Scatter numbers are its own, doubled [OP II.F.4.b(1)]."""
    if state.game.units[unit].mortar:
        top = mortars.scatter_number(state, unit, target, indirect=True)
        made: type[ArtilleryImpact] = MortarImpact
    else:
        top = CONTINUOUS if continuous(state, unit, target) else INITIAL
        made = ArtilleryImpact
    notation = f"H{state.game.name(target)}"
    return scatter(state, unit, notation, target, top, f"Scatter {unit} (Indirect Fire)", made)


def continuous(state: ArmorState, unit: str, target: Hex) -> bool:
    """The unit fired at the same target hex the previous Turn: Continuous fire [OP II.F.5;
    OP II.E.5.c]."""
    return state.artillery.indirect_last.get(unit) == (state.play.turn - 1, target)


def resolve(state: ArmorState, unit: str, h: Hex) -> list[Pending]:
    """The MV GP Factor against the total GP Defense in the Impact hex, one roll, Direct GP
    Fire effects on each unit there [OP II.F.4.e]."""
    targets = sorted(
        u for u, at in state.troops.hexes.items() if at == h and not state.transported(u)
    )
    if not targets:
        empty = IndirectFireResolved(unit, state.game.name(h), 0, False, "", 0, (), 0, 0, 0, "", ())
        state.emit(empty)
        return []
    rng = range_between(state.troops.hexes[unit], h)
    factor = gp_factor(state, unit, rng, moving=True)  # the MV GP Factor [F.4.e]
    halved = state.suppressed(unit)
    if halved:  # a Suppressed Vehicle's main gun [GC1 GP Fire Modifiers]
        factor //= 2
    total = sum(artillery_defense(state, u).value for u in targets)
    col = column(factor)
    n, s, note = hit_line(total, col)
    roll = state.roll(f"Indirect Fire {unit} at {state.game.name(h)}", 100)
    result = result_of(roll, roll, n, s) if factor > 0 else "N"
    blaze.note_bombardment(state, h, result)  # a collapse [OP XVIII]
    found: list[Pending] = []
    for u in targets:
        found.extend(Pending(u, e, unit) for e in effects(state, unit, u, rng, result))
    state.emit(
        IndirectFireResolved(
            unit, state.game.name(h), factor, halved, col, total, tuple(targets), n, s, roll,
            result, tuple(f"{p.unit}: {p.effect}" for p in found), note or "",
        )
    )  # fmt: skip
    return found


def impacts(state: ArmorState) -> list[Pending]:
    """Place and resolve this Turn's Indirect Fire [OP II.F.4]."""
    placed: list[tuple[str, Hex]] = []
    for unit, target in sorted(state.artillery.indirect.items()):
        if unit not in state.troops.hexes or state.gun_lost(unit):
            continue
        if state.game.units[unit].mortar and state.suppressed(unit):
            why = "Suppressed before it fires: a Leg unit's orders are cancelled [ADV IV.D]"
            state.emit(FireCancelled(unit, f"H{state.game.name(target)}", why))
            continue
        h = place(state, unit, target)
        state.artillery.indirect_last[unit] = (state.play.turn, target)
        if h is not None:
            placed.append((unit, h))
    state.artillery.indirect = {}
    found: list[Pending] = []
    for unit, h in placed:
        if state.game.units[unit].mortar:  # as Direct Mortar Fire [OP II.F.4.d]
            rng = range_between(state.troops.hexes[unit], h)
            found.extend(mortars.fire_at(state, unit, h, rng, indirect=True))
        else:
            found.extend(resolve(state, unit, h))
    return found


def describe(state: ArmorState, action: IndirectFire) -> str:
    spec = state.game.units.get(action.unit)
    what = "Mortar Indirect Fire" if spec is not None and spec.mortar else "Indirect Fire"
    return f"{what} (H{action.hex}) {RULE}, resolved in the Artillery Impact Phase"


def concerns(state: ArmorState, action: IndirectFire) -> ActionFocus:
    try:
        h = state.game.amap.resolve(action.hex)
    except KeyError:
        return ActionFocus(action.unit)
    return ActionFocus(action.unit, "fire", h)


def preview(state: ArmorState, action: IndirectFire, why: str | None) -> Preview:
    """The "H" order's odds if it Impacted on its target now, with no Scatter [OP II.F.4]."""
    words = describe(state, action)
    if why is not None:
        return Preview(words, False, why)
    h = state.game.amap.resolve(action.hex)
    if state.game.units[action.unit].mortar:  # [OP II.F.4.b(1); F.4.d]
        chances = mortars.chances(state, action.unit, h, indirect=True)
        return Preview(words, True, chances=chances, rules=mortars.rules_words(True))
    targets = [u for u, at in state.troops.hexes.items() if at == h and not state.transported(u)]
    rng = range_between(state.troops.hexes[action.unit], h)
    factor = gp_factor(state, action.unit, rng, moving=True)
    if state.suppressed(action.unit):
        factor //= 2
    total = sum(artillery_defense(state, u).value for u in targets)
    n, s, _ = hit_line(max(1, total), column(factor))
    hurt = sum(1 for r in range(1, 101) if result_of(r, r, n, s) != "N") if factor else 0
    text = (
        f"MV GP Factor {factor} against the total GP Defense {total}: Suppressed or Knocked Out "
        f"on {hurt} in 100 [OP II.F.4.e]"
    )
    rules = (
        "Indirect Fire [OP II.F]",
        f"Scatter [OP II.F.4.b(2)]: 01-{INITIAL} (01-{CONTINUOUS} Continuous)",
    )
    chances = (Chance(action.hex, text, hurt / 100),) if targets else ()
    return Preview(words, True, chances=chances, rules=rules)
