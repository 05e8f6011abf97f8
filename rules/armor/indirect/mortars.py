"""Mortar Teams [OP II.E; OP II.F.4.b(1); F.4.d]: "Mortar Team units are Leg units, and follow
most of the Leg unit rules, but their fire is resolved similarly to Artillery Fire" [OP II.E].

What the book says and the engine plays:

- **A Leg unit that moves as a Machinegun Team** [E.4]: its card marks it as one that may not
  fire after moving one hex [ADV V.A.3] (``ArmorUnit.mg_team``), so it is no Infantry unit: no
  Close Assault [E.4; ADV IV.A.1.a], and its GP Defense is a Leg unit's, as a Machinegun
  Team's [E.4]. Its fire order has no movement with it.
- **Where it fires from**: not a Building hex, an Alley hex allowed [E.1; OP XXVII.D.7] (the
  terrain's ``mortar_may_fire_from``); from Full Cover [E.2]: a Mortar Team under a Full Cover
  unit is still offered its fire, and stays covered. A 360 degree Field of Fire [E.5.d]. Not
  Suppressed [ADV IV.D]; not while transported (our reading, as Machinegun units
  [ADV V.C.3]).
- **Only Direct or Indirect Fire, at a hex** [E.3]: "F" and the hex, ``order UNIT F-K2105``
  (as a Terrain Support unit's "F" and the hex [ADV IV.E.5]), resolved in the Direct Fire
  Phase, at "any sighted hex in range" (adjacent, or the line of sight clear, as a hex is
  sighted for Opportunity Fire [AG V.A.2.b]), "replotted every Turn" [E.5.c]; or "H", Indirect
  Fire (:mod:`rules.armor.indirect.howitzers`, ``indirect UNIT HEX``) [OP II.F]. No
  Opportunity, Tracking, Pinning or machinegun fire. Our readings: never at its own hex; no
  minimum range.
- **Scatter** [E.5]: "The Impact hex may Scatter from the designated target hex, the same as
  Artillery Fire Scatters" (the Scatter Diagram, off the mapboard out of play [OP II.D.2]),
  with the card's Scatter numbers, "different on both sides of the Range Line" (not in the
  text: a placeholder in ``resources/armor/units.yaml``, ``mortar_scatter``: Short Range,
  Long Range); Continuous Fire, the same target hex as the previous Turn [E.5.c], on 01-10
  [E.5; GC2 Artillery Tables]. Indirect Fire doubles them: 01-30 becomes 01-60, Continuous
  01-20 [OP II.F.4.b(1)].
- **The fire** [E.5.a-b; F.4.d]: only the units in the Impact hex, friendly ones too; the
  Mortar's GP Factor (the card's Gunnery Table: a placeholder, ``mortar_gp``) against each
  unit's GP Defense Factor, one roll each, "Effects are the same as for normal Direct GP
  Fire" [GC1 Effects of GP Hits: the Direct Fire rows, a Mortar being neither Infantry nor a
  Machinegun]; Defilade and Ditch count as Clear [E.5.e]; the GP Fire Modifiers (OP) do not
  apply [OP XXIX.D]. Results are applied with the Phase's other fire [AG VI.A]. A unit
  Transported by a Vehicle is not fired at on its own (our reading, as Artillery's).

Its Smoke, "FS" and "HS" with the Smoke option, lands after this Scatter check [OP IX.A.1;
IX.A.3] (:mod:`rules.armor.optional.smoke`). No ammunition is counted: a Mortar
Team is a Leg unit [OP II.E] and Leg units have "Unlimited supplies of ammunition"
[OP XXIV.A.1.a]. Our reading: the fire is at the Combat
units in the Impact hex, never at a Block, Wire, Pillbox or Bunker unit there (the book
names none; the units inside a Pillbox or Bunker are fired at as the others).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.hexes import Hex
from model.provenance import Value, unwrap
from model.systems import GameSystem
from rules.armor.fire import Pending
from rules.armor.gp import column, effects, hit_line, result_of
from rules.armor.indirect.events import MortarFire, MortarImpact
from rules.armor.indirect.impact import artillery_defense, scatter
from rules.armor.optional.intel import concealment
from rules.armor.range import describe_range, range_between
from rules.armor.units import card_values
from rules.engine.play import Chance

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[OP II.E]"
FIRE_RULE = "[OP II.E.5.b; GC1 GP Hit Table, Effects of GP Hits]"
INDIRECT_RULE = "[OP II.F.4.d; OP II.E.5.b; GC1 GP Hit Table, Effects of GP Hits]"
#: Continuous Fire's Same Hex Scatter, "Artillery & Mortar" [GC2 Artillery Tables; OP II.E.5].
CONTINUOUS = 10
#: Indirect Fire doubles a Mortar Team's Scatter numbers [OP II.F.4.b(1)].
INDIRECT_TIMES = 2
#: The words of the Defilade and Ditch reading [OP II.E.5.e].
AS_CLEAR = ("Mortar Fire", "OP II.E.5.e")


@dataclass(frozen=True)
class MortarCard:
    """A Mortar Team card's fire values (placeholders: the cards are not in the text).

    Attributes:
        bands: the Gunnery Table: (last range of the band, NM GP Factor).
        range_line: the last Short Range hex.
        short, long: the Scatter numbers (the top of "01-NN") left and right of the Range
            Line [OP II.E.5].
        placeholder: what the values rest on.
    """

    bands: tuple[tuple[int, int], ...]
    range_line: int
    short: int
    long: int
    placeholder: str

    @property
    def longest(self) -> int:
        return self.bands[-1][0]

    def factor(self, rng: int) -> int:
        return next((f for top, f in self.bands if rng <= top), 0)


@functools.cache
def card(type_id: str) -> MortarCard:
    """The catalogue's values of a Mortar Team card (``mortar_gp``, ``mortar_range_line``,
    ``mortar_scatter``)."""
    values = card_values(unit_types(GameSystem.ARMOR)[type_id])
    notes: list[str] = []
    raw: dict[str, object] = {}
    for key in ("mortar_gp", "mortar_range_line", "mortar_scatter"):
        item = values[key]
        raw[key] = unwrap(item)
        if isinstance(item, Value) and item.placeholder:
            notes.append(f"{key}: {item.placeholder}")
    bands_raw, scatter_raw = raw["mortar_gp"], raw["mortar_scatter"]
    if not isinstance(bands_raw, list) or not isinstance(scatter_raw, list):
        raise TypeError(f"{type_id}: mortar_gp and mortar_scatter are lists in units.yaml")
    bands = tuple((int(top), int(f)) for top, f in (str(b).split(":") for b in bands_raw))
    short, long = (int(str(x)) for x in scatter_raw)
    line = int(str(raw["mortar_range_line"]))
    return MortarCard(bands, line, short, long, "; ".join(notes))


def is_mortar(state: ArmorState, unit: str) -> bool:
    """A Mortar Team unit [OP II.E]."""
    spec = state.game.units.get(unit)
    return spec is not None and spec.mortar


def card_of(state: ArmorState, unit: str) -> MortarCard:
    return card(state.game.units[unit].type_id)


def continuous(state: ArmorState, unit: str, target: Hex) -> bool:
    """The same target hex as the previous Turn: Continuous Fire [OP II.E.5.c; II.F.5]."""
    return state.artillery.indirect_last.get(unit) == (state.play.turn - 1, target)


def scatter_number(state: ArmorState, unit: str, target: Hex, indirect: bool = False) -> int:
    """The top of the Scatter numbers of the Mortar's fire at ``target`` now: the card's on
    the target's side of the Range Line, 01-10 when Continuous [OP II.E.5; GC2 Artillery
    Tables], doubled for Indirect Fire [OP II.F.4.b(1)]."""
    found = card_of(state, unit)
    rng = range_between(state.troops.hexes[unit], target)
    if continuous(state, unit, target):
        top = CONTINUOUS
    else:
        top = found.long if rng > found.range_line else found.short
    return top * INDIRECT_TIMES if indirect else top


# --- who may fire, and where -----------------------------------------------------------------


def why_not_fire_from(state: ArmorState, unit: str) -> str | None:
    """[OP II.E.1]: "Mortar Teams may not fire from Building hexes. They may fire from Alley
    hexes" (the terrain's ``mortar_may_fire_from``)."""
    h = state.troops.hexes[unit]
    allowed: list[bool] = []
    for terrain in state.game.terrain.mixed(h):
        found = state.game.movement.effect(terrain, "mortar_may_fire_from")
        if found is not None:
            allowed.append(bool(found.value))
    if allowed and not any(allowed):
        where = state.game.terrain.terrain(h)
        return f"Mortar Teams may not fire from Building hexes ({where}) [OP II.E.1]"
    return None


def why_not_firer(state: ArmorState, unit: str) -> str | None:
    """Why the Mortar Team may not fire at all now, or None [OP II.E]."""
    if not is_mortar(state, unit):
        return "only Mortar Teams fire Mortar Fire [OP II.E]"
    if unit not in state.troops.hexes:
        return f"{unit} is not on the map"
    if state.suppressed(unit):
        return "Suppressed: a Leg unit may not fire [ADV IV.D; Order Combination note 7]"
    if state.transported(unit):
        return (
            "not while transported (our reading, as Machinegun units may not fire while "
            "being Transported [ADV V.C.3])"
        )
    return why_not_fire_from(state, unit)


def why_not_target(state: ArmorState, unit: str, hex_name: str) -> str | None:
    """Why the Mortar Team may not fire Direct Fire at ``hex_name`` now, or None: a sighted hex
    in range [OP II.E.5.c], any direction [E.5.d]."""
    from rules.armor.optional import blaze, smoke

    why = why_not_firer(state, unit)
    if why is not None:
        return why
    h = state.game.hex_named(hex_name)
    if h is None:
        if hex_name in state.game.units:
            return "a Mortar Team fires at a hex, 'F' and the hex number, not at a unit [OP II.E.3]"
        return f"no hex '{hex_name}' on the map"
    here = state.troops.hexes[unit]
    if h == here:
        return "not at the hex it occupies (our reading)"
    found = card_of(state, unit)
    if range_between(here, h) > found.longest:
        return (
            f"beyond its range ({describe_range(here, h)}; {found.longest} hexes, a "
            "placeholder Gunnery Table)"
        )
    if here.distance(h) > 1:
        unseen = None if state.game.sees(here, h) else "the line of sight is blocked [AG IV.B]"
        unseen = unseen or blaze.why_not_seen(state, here, h) or smoke.why_not_seen(state, here, h)
        if unseen is not None:
            return f"it does not sight that hex [OP II.E.5.c]: {unseen}"
    return None


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why a Mortar Team's order may not be plotted, or None for the checks that follow
    (movement, Full Cover, Load and Unload) [OP II.E.3-4]."""
    from rules.armor.orders import Order
    from rules.armor.scenario_rules import fire_banned

    other_fire = (
        order.opportunity or order.tracking or order.mg or order.mg_opportunity
        or order.mg_tracking or order.pinning or order.area or order.apcr or order.rate
        or order.overrun
    )  # fmt: skip
    if order.assault is not None:
        return "Mortar Team units may not use Close Assault Combat [OP II.E.4]"
    if other_fire:
        return "Mortar units may use only Direct or Indirect Fire, at a hex [OP II.E.3]"
    if order.fire is None:
        return None
    if order != Order(order.unit, fire=order.fire):
        return (
            "a Mortar Team's Direct Fire has no other orders: it moves as a Machinegun Team, "
            "which may not fire after moving [OP II.E.4; ADV V.A.3]"
        )
    banned = fire_banned(state, state.game.units[order.unit].side, "direct")
    why = banned or why_not_target(state, order.unit, order.fire)
    return None if why is None else f"{order.unit} may not fire at {order.fire}: {why}"


def options(state: ArmorState, unit: str) -> list[Order]:
    """Direct Fire at each hex of an enemy unit the Mortar Team may fire at, of those its side
    may know of (our choice of hexes to offer; any other legal hex may be typed)
    [OP II.E.3; E.5.c]."""
    from rules.armor.orders import Order
    from rules.armor.scenario_rules import fire_banned

    spec = state.game.units[unit]
    if why_not_firer(state, unit) is not None or fire_banned(state, spec.side, "direct"):
        return []
    found: list[Order] = []
    for h in known_enemy_hexes(state, spec.side):
        name = state.game.name(h)
        if why_not_target(state, unit, name) is None:
            found.append(Order(unit, fire=name))
    return found


def known_enemy_hexes(state: ArmorState, side: str) -> list[Hex]:
    """The hexes of the enemy units ``side`` may know of: all of them, but those completely
    hidden from it [OP X.B] when the scenario conceals units."""
    found = set()
    for u in state.enemies(side):
        if state.game.conceals and concealment(state, u, side) == "hidden":
            continue
        found.add(state.troops.hexes[u])
    return sorted(found)


# --- the fire --------------------------------------------------------------------------------


def in_impact_hex(state: ArmorState, h: Hex) -> list[str]:
    """The units the fire is resolved against: those in ``h``, friendly ones too [E.5.b],
    not those Transported by a Vehicle (our reading)."""
    return sorted(u for u, at in state.troops.hexes.items() if at == h and not state.transported(u))


def fire_at(state: ArmorState, unit: str, h: Hex, rng: int, indirect: bool) -> list[Pending]:
    """The Mortar's GP Factor against each unit in Impact hex ``h`` [OP II.E.5.b; F.4.d]."""
    from rules.armor.optional.blaze import note_bombardment

    factor = card_of(state, unit).factor(rng)
    col = column(factor)
    rule = INDIRECT_RULE if indirect else FIRE_RULE
    targets = in_impact_hex(state, h)
    name = state.game.name(h)
    if not targets:
        state.emit(MortarFire(unit, "", name, factor, col, 0, "", 0, 0, 0, "N", (), rule))
        return []
    found: list[Pending] = []
    for target in targets:
        d = artillery_defense(state, target, *AS_CLEAR)
        n, s, note = hit_line(d.value, col)
        roll = state.roll(f"Mortar Fire {unit} at {target}", 100)
        result = result_of(roll, roll, n, s) if factor > 0 else "N"
        got = effects(state, unit, target, rng, result)
        note_bombardment(state, h, result)  # a collapse [OP XVIII]
        notes = "; ".join(x for x in (card_of(state, unit).placeholder, d.placeholder, note) if x)
        state.emit(
            MortarFire(
                unit, target, name, factor, col, d.value, d.why, n, s, roll, result, got, rule,
                notes,
            )
        )  # fmt: skip
        found.extend(Pending(target, e, unit) for e in got)
    return found


def fire(state: ArmorState, unit: str, order: Order) -> list[Pending]:
    """A Mortar Team's Direct Fire in the Direct Fire Phase [OP II.E.5.c]: Scatter, then the
    fire at the units in the Impact hex; its results, not yet applied [AG VI.A]."""
    from rules.armor.events import FireCancelled

    assert order.fire is not None
    why = why_not_target(state, unit, order.fire)
    if why is not None:
        state.emit(FireCancelled(unit, order.notation, why))
        return []
    target = state.game.amap.resolve(order.fire)
    top = scatter_number(state, unit, target)
    state.artillery.indirect_last[unit] = (state.play.turn, target)  # Continuous [E.5.c]
    state.firing.fired.add(unit)
    notation = f"F-{order.fire}"  # the book's "F2105" [OP II.E.3], as the order writes it
    h = scatter(state, unit, notation, target, top, f"Scatter {unit} (Mortar Fire)", MortarImpact)
    if h is None:
        return []
    return fire_at(state, unit, h, range_between(state.troops.hexes[unit], h), indirect=False)


# --- the odds, for the preview and the bot ------------------------------------------------------


def odds(state: ArmorState, unit: str, h: Hex, rng: int) -> list[tuple[str, float, str]]:
    """Each unit in ``h``, its chance of a Suppressed or Knocked Out result if the fire lands
    there, and the sum in words [OP II.E.5.b]."""
    factor = card_of(state, unit).factor(rng)
    col = column(factor)
    found = []
    for target in in_impact_hex(state, h):
        d = artillery_defense(state, target, *AS_CLEAR)
        n, s, _ = hit_line(d.value, col)
        hurt = sum(1 for r in range(1, 101) if result_of(r, r, n, s) != "N") if factor else 0
        words = (
            f"GP Factor {factor} (column {col}) against GP Defense {d.value} ({d.why}): N "
            f"{n:02d}, S {s:02d}; Suppressed or Knocked Out on {hurt} in 100 [OP II.E.5.b]"
        )
        found.append((target, hurt / 100, words))
    return found


def chances(state: ArmorState, unit: str, h: Hex, indirect: bool) -> tuple[Chance, ...]:
    """The preview of the Mortar's fire at ``h``: the Scatter chance, then each unit's odds
    if it does not Scatter [OP II.E.5; II.F.4.b(1)]."""
    top = scatter_number(state, unit, h, indirect)
    how = "Continuous Fire, " if continuous(state, unit, h) else ""
    rule = "[OP II.E.5; OP II.F.4.b(1): doubled for Indirect Fire]" if indirect else "[OP II.E.5]"
    said = (
        f"{how}Scatter on 01-{top:02d} ({top} in 100), one hex in the Scatter Diagram's "
        f"direction {rule}; only the units in the Impact hex are fired at, friendly ones too"
    )
    found = [Chance(state.game.name(h), said, top / 100)]
    rng = range_between(state.troops.hexes[unit], h)
    found.extend(Chance(t, words, p) for t, p, words in odds(state, unit, h, rng))
    return tuple(found)


def rules_words(indirect: bool) -> tuple[str, ...]:
    """The rules a Mortar's fire order follows, for the preview."""
    placeholder = "the card's Gunnery Table and Scatter numbers are placeholders"
    if indirect:
        return (
            f"Mortar Teams' Indirect Fire [OP II.F; II.F.4.b(1); II.F.4.d] ({placeholder})",
            "Only the units in the Impact hex, each against its GP Defense Factor; Defilade "
            "and Ditch as Clear [OP II.E.5.b, e]",
        )
    return (
        f"Mortar Direct Fire at a sighted hex in range, in the Direct Fire Phase [OP II.E.3; "
        f"II.E.5.c] ({placeholder})",
        "360 degree Field of Fire [OP II.E.5.d]; not from Building hexes [OP II.E.1]",
        "Only the units in the Impact hex, each against its GP Defense Factor; effects as "
        "Direct GP Fire; Defilade and Ditch as Clear [OP II.E.5.b, e]",
    )


def expected_worth(state: ArmorState, side: str, unit: str, h: Hex, indirect: bool) -> float:
    """The Victory Points the Mortar's fire at ``h`` is expected to gain ``side`` where the
    units stand now (enemy units gained, its own lost, the fire hits both [OP II.E.5.b]),
    times the chance it does not Scatter; a Scattered Impact counted at nothing (our
    weighting: it hits only one hex)."""
    rng = range_between(state.troops.hexes[unit], h)
    value = 0.0
    for target, p, _ in odds(state, unit, h, rng):
        spec = state.game.units[target]
        if state.game.conceals and concealment(state, target, side) == "hidden":
            continue  # what the side may not know of [OP X.B]
        value += (1.0 if spec.side != side else -1.5) * p * spec.points
    top = scatter_number(state, unit, h, indirect) / 100
    return value * (1 - top)
