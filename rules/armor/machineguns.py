"""Independently fired machineguns of Vehicle units [ADV IV.E.2; ADV VI.A.2-4; ADV VI.B].

The Data Card's MG Locations [Intro IV] list a Vehicle's independently fired machineguns: UH
(Upper Hull), TT (Turret Top) and, on no card of the catalogue yet, HR (Hull Rear). In the
Advanced Game each "fire[s] as if [it] were [a] separate unit[]" [ADV VI.A.2]:

- **Orders** [ADV IV.E.2]: "add the machinegun's letter codes to the firing plot. For example,
  the notation "(UH)F-19" orders the Upper Hull machinegun to use Direct Fire on enemy unit
  19" (:attr:`rules.armor.orders.Order.mg`, written after the main gun's own fire, if any).
- **The automatic order** [ADV IV.E.2]: "If no separate fire orders are written for these
  machineguns, they are assumed to be automatically ordered to fire in the same way and at
  the same target as the main gun, if possible" (:func:`automatic`). Each machinegun with
  no order of its own fires with the main gun: with its Direct Fire at its target in the
  Direct Fire Phase (:func:`fire`), with its Opportunity or Tracking Fire at the unit that
  triggered it, when the owner fires it (:func:`opportunity_fire`) [AG VII.F; OP XV.B], the
  GP Factor halved for Opportunity Fire [ADV VI.B.2.a], not for Tracking Fire [OP XV.B.3].
  "If possible" (our reading): a machinegun that may not fire at that target now (out of its
  Field of Fire or range, a TT one because the main gun fires [ADV VI.A.2.b], Buttoned,
  Suppressed, destroyed) does not, and the log says why; the main gun's Smoke [OP IX.A.1]
  and a Supply Dump [SCN VIII.B.3] are no machinegun's fire; the Flammen III's machineguns
  never fire with its flamethrower [OP XXV.D.1].
- **A machinegun's own Opportunity Fire** (our reading of "separate fire orders" [ADV IV.E.2]
  with "N-1802" [AG V.A.2.b]): "(UH)N-1802" (:attr:`rules.armor.orders.Order.mg_opportunity`,
  :func:`why_not_opportunity_order`), triggered, fired or declined as the main gun's
  Opportunity Fire is [AG VII.F] (:mod:`rules.armor.opportunity`), once a Turn, at half the
  GP Factor [ADV VI.B.2.a]; with it the Vehicle does not move [AG V.A.2.b(1)].
- **Who may fire** [ADV VI.A.2.a-b; VI.A.3; VI.B.2.b]: a TT machinegun only with an Open
  Turret unit [AG VIII.B] (:mod:`rules.armor.hatches`) and "only if the main gun is not
  fired" (checked when the order is plotted: a TT machinegun's order and a main gun's
  Direct Fire order are never written together); the machineguns of a Half-Track, an M20
  or a Bren Carrier only when it is Open [A.3]; "only the main gun (no machineguns) of
  Vehicle units may fire while the Vehicle unit is Suppressed"; a machinegun destroyed by a
  hit (the Command Sheet's "(UH)" [ADV VI.C.2; ADV VI.E]) fires no more; three crew losses
  end all fire [GC1 Effects of AP Hits]; a crew that Bailed Out fires nothing [ADV IX.A.3].
  The Flammen III fires "either the flamethrower or the machineguns ... during any one Turn,
  not both" [OP XXV.D.1]; the Crocodile's flamethrower replaces its UH machinegun [OP XXV.D.2]
  (its card lists none); the Petard's UH machinegun "operates normally" [OP XXV.B.3] and it is
  the SBG Bridge AVRE's only armament [OP XXV.C].
- **Field of Fire by mount** [ADV VI.A.4]: TT 360 degrees [b]; UH 60 degrees from the front
  of the Vehicle [c]; every machinegun of a Half-Track, Jeep or M20 360 degrees, of another
  Turretless Vehicle 60 degrees to the front [d]. HR (no card has it; our reading): 60 degrees
  from the rear of the hull.
- **Fire** [ADV VI.B]: GP fire, one roll, with the card's MG NM or MG MV GP Factor
  [ADV VI.B.1] (MV when the Vehicle's orders move it). The catalogue has no Gunnery Table
  (the Data Cards are not in the text), so the factors are :data:`MG_FACTOR_PLACEHOLDER`'s;
  halved in Opportunity Fire [ADV VI.B.2.a] (:func:`rules.armor.gp.gp_aim`). Vehicle
  machineguns have unlimited ammunition [OP XXIV.A.1.a]; Gun Depression does not touch them
  [OP VI]. The results of Direct Fire wait for the end of the Direct Fire Phase with every
  other fire [AG VI.A]; those of Opportunity Fire are applied with the main gun's, at once
  [AG VII.F].
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from rules.armor import hatches
from rules.armor.optional import specials
from rules.armor.range import describe_range, range_between
from rules.engine.events import Event

if TYPE_CHECKING:
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

#: The mounts a card's MG Locations name [Intro IV MG LOCATIONS].
MOUNTS = ("UH", "TT", "HR")

MOUNT_NAMES = {"UH": "Upper Hull", "TT": "Turret Top", "HR": "Hull Rear"}

MG_FACTOR_PLACEHOLDER = (
    "Gunnery Table MG GP Factors not in the text (no Data Card's): a Vehicle's machinegun MG NM "
    "20 at 1-2 hexes, 15 at 3-4, 10 at 5-8, 6 at 9-12, 3 at 13-16; MG MV half of MG NM, rounded "
    "down; Range Line after 8 hexes (our estimate: one machinegun, below the placeholder "
    "Machinegun Team's 35; at 1-2 hexes the Overrun's placeholder 20 / 10 [ADV VIII.B.1])"
)

#: (last range of the band, MG NM GP Factor), placeholder (:data:`MG_FACTOR_PLACEHOLDER`).
_BANDS = ((2, 20), (4, 15), (8, 10), (12, 6), (16, 3))
#: The last Short Range hex of the placeholder MG columns [GC1 Effects of GP Hits].
RANGE_LINE = 8
LONGEST = _BANDS[-1][0]

#: Vehicles whose machineguns all fire all round [ADV VI.A.4.d] (by category; the M20 by type).
_ALL_ROUND = ("half-track", "jeep")


def mg_factor(rng: int, moving: bool) -> int:
    """The MG NM or MG MV GP Factor at range ``rng`` [ADV VI.B.1] (placeholder); 0 beyond."""
    nm = next((f for top, f in _BANDS if rng <= top), 0)
    return nm // 2 if moving else nm


def mounts(state: ArmorState, unit: str) -> tuple[str, ...]:
    """The independently fired machineguns ``unit`` still has [Intro IV; ADV VI.C.2; VI.E]:
    the card's MG Locations, less those destroyed by hits."""
    spec = state.game.units[unit]
    lost = state.damage.hits.get(unit, set())
    return tuple(m for m in spec.mg_locations if f"mg-{m}" not in lost)


def field_words(state: ArmorState, unit: str, mount: str) -> tuple[int | None, str]:
    """The machinegun's Field of Fire [ADV VI.A.4]: the compass direction of its 60 degree
    arc (None: 360 degrees) and the words with the rule."""
    spec = state.game.units[unit]
    hull = state.troops.facing[unit]
    if spec.category in _ALL_ROUND or spec.type_id == "M20":
        return None, "a Half-Track's, Jeep's or M20's machineguns: 360 degrees [ADV VI.A.4.d]"
    if spec.turretless:
        return hull, "a Turretless Vehicle's machineguns: 60 degrees to the front [ADV VI.A.4.d]"
    if mount == "TT":
        return None, "a TT machinegun: 360 degrees [ADV VI.A.4.b]"
    if mount == "HR":
        return (hull + 3) % 6, "an HR machinegun: 60 degrees to the hull rear (our reading)"
    return hull, "a UH machinegun: 60 degrees from the Vehicle's front [ADV VI.A.4.c]"


def why_not_mg(
    state: ArmorState, unit: str, mount: str, target: str, moving: bool = False
) -> str | None:
    """Why ``unit``'s ``mount`` machinegun may not fire at ``target`` now (with movement
    orders when ``moving``), or None [ADV VI.A.2-4; ADV VI.B]."""
    from rules.armor import antitank
    from rules.armor.fire import in_field_of_fire, why_not_sighted  # fire imports gp, gp this
    from rules.armor.optional import handheld
    from rules.armor.support import strikes

    if mount == handheld.FT:  # the hand-held Flamethrower's own order "(FT)F-" [ADV IV.E.3]
        return handheld.why_not(state, unit, target, moving)
    if mount in antitank.CODES:  # a Bazooka's, PIAT's ... own order "(B)F-" [ADV IV.E.3]
        return antitank.why_not(state, unit, mount, target, moving)
    if strikes.is_target(state, target):  # a Block, Wire, Pillbox or Bunker [ADV IV.E.5]
        return f"not by a machinegun: {strikes.WHO_READING}"
    spec, other = state.game.units.get(unit), state.game.units.get(target)
    if spec is None or other is None:
        return f"there is no unit '{target if spec else unit}'"
    if not state.game.advanced:
        return "independently fired machineguns are of the Advanced Game [ADV VI.A.2]"
    name = f"its ({mount}) machinegun"
    if mount not in spec.mg_locations:
        listed = ", ".join(spec.mg_locations) or "none"
        return f"no {mount} machinegun on its card (MG Locations: {listed}) [Intro IV; ADV IV.E.2]"
    if mount not in mounts(state, unit):
        return f"{name} was destroyed by a hit [ADV VI.C.2; ADV VI.E]"
    if other.side == spec.side:
        return "it is not an enemy unit"
    if target not in state.troops.hexes or unit not in state.troops.hexes:
        return "it is not on the map"
    if unit in state.troops.abandoned:
        return "its crew has Bailed Out [ADV IX.A.3]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits]"
    if mount == "TT" and hatches.buttoned(state, unit):
        return "a TT machinegun may only be fired with an Open Turret unit [ADV VI.A.2.a]"
    if hatches.buttoned(state, unit) and (
        spec.category in ("half-track", "bren-carrier") or spec.type_id == "M20"
    ):
        return (
            "a Half-Track's, M20's or Bren Carrier's machineguns may only be fired with an Open "
            "Turret unit [ADV VI.A.3]"
        )
    if state.suppressed(unit):
        return (
            "Suppressed: only the main gun (no machineguns) of a Vehicle unit may fire "
            "[ADV VI.B.2.b]"
        )
    unseen = why_not_sighted(state, unit, target)
    if unseen is not None:
        return f"it does not sight the target [AG IV; AG VI.A.1]: {unseen}"
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    arc, words = field_words(state, unit, mount)
    if arc is not None and not in_field_of_fire(arc, a, b):
        return f"the target is not in {name}'s Field of Fire ({words})"
    if mg_factor(range_between(a, b), moving) <= 0:
        return (
            f"beyond {name}'s range ({describe_range(a, b)}; {LONGEST} hexes, a placeholder "
            "Gunnery Table)"
        )
    return None


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why the order's machinegun fire may not be plotted, or None [ADV IV.E.2; VI.A.2]; an
    infantry weapon's too [ADV IV.E.3; VI.A.1]."""
    from rules.armor import antitank

    seen: set[str] = set()
    for mount, target in order.mg:
        if mount in seen:
            return f"one fire order per machinegun: ({mount}) twice [ADV IV.E.2]"
        seen.add(mount)
        if mount == "TT" and order.fire is not None:
            return (
                "a TT machinegun may only be fired if the main gun is not fired: no Direct "
                "Fire order with it [ADV VI.A.2.b]"
            )
        if mount == "TT" and order.smoke is not None:  # the main gun fires the Smoke [OP IX.A.1]
            return (
                "a TT machinegun may only be fired if the main gun is not fired: no Smoke "
                "order with it [ADV VI.A.2.b; OP IX.A.1]"
            )
        if order.fire is not None and specials.flamethrower_tank(state, order.unit):
            return (
                "the Flammen III fires either the flamethrower or the machineguns in one Turn, "
                "not both [OP XXV.D.1]"
            )
        why = why_not_mg(state, order.unit, mount, target, bool(order.moves))
        if why is None and mount in antitank.CODES:  # not with two hexes [ADV VI.A.1]
            why = antitank.why_not_moves(order, mount)
        if why is not None:
            what = "hand-held Flamethrower" if mount == "FT" else "machinegun"  # [ADV IV.E.3]
            what = antitank.WEAPONS[mount].name if mount in antitank.CODES else what
            return f"{order.unit}'s ({mount}) {what} may not fire at {target}: {why}"
    return None


def why_not_opportunity_order(state: ArmorState, order: Order) -> str | None:
    """Why the machineguns' own Opportunity Fire orders ("(UH)N-1802") may not be plotted, or
    None (our reading of "separate fire orders" [ADV IV.E.2] with [AG V.A.2.b]): a
    machinegun fires "as if [it] were [a] separate unit[]" [ADV VI.A.2], so each has one fire
    order, on a hex the Vehicle sights, not its own [AG V.A.2.b(2)]; "with Opportunity Fire,
    no other orders of any kind" [AG V.A.2.b(1)] (our reading: the Vehicle may not move, nor
    Load, Unload or Overrun; the main gun's Direct, Smoke or Opportunity Fire and the other
    machineguns' orders may go with it). A TT machinegun's only when the main gun has no
    fire order [ADV VI.A.2.b]; none of the Flammen III's with its flamethrower [OP XXV.D.1].
    Whether it may fire at a unit (Open, Suppressed, Field of Fire, range) is checked when
    the unit triggers it [AG VII.F.2]."""
    from rules.armor.opportunity import why_not_opportunity
    from rules.armor.orders import Order

    unit = order.unit
    spec = state.game.units[unit]
    if not state.game.advanced or not spec.vehicle:
        return "independently fired machineguns are of the Advanced Game [ADV VI.A.2]"
    rest = Order(unit, order.fire, order.opportunity, smoke=order.smoke, mg=order.mg)
    if replace(order, mg_opportunity=()) != rest or order.smoke_indirect:
        return (
            "with a machinegun's Opportunity Fire order, no other orders but fire orders: the "
            "Vehicle does not move [AG V.A.2.b(1); ADV IV.E.2] (our reading)"
        )
    main = order.fire or order.opportunity or order.smoke
    seen = {m for m, _ in order.mg}
    for mount, hex_name in order.mg_opportunity:
        name = f"{unit}'s ({mount}) machinegun"
        if mount in seen:
            return f"one fire order per machinegun: ({mount}) twice [ADV IV.E.2]"
        seen.add(mount)
        if mount not in spec.mg_locations:
            listed = ", ".join(spec.mg_locations) or "none"
            return f"no {mount} machinegun on its card (MG Locations: {listed}) [Intro IV]"
        if mount not in mounts(state, unit):
            return f"{name} was destroyed by a hit [ADV VI.C.2; ADV VI.E]"
        if mount == "TT" and main:
            return (
                "a TT machinegun may only be fired if the main gun is not fired: no main gun "
                "fire order with its Opportunity Fire [ADV VI.A.2.b]"
            )
        if main and specials.flamethrower_tank(state, unit):
            return (
                "the Flammen III fires either the flamethrower or the machineguns in one Turn, "
                "not both [OP XXV.D.1]"
            )
        why = why_not_opportunity(state, unit, hex_name)
        if why is not None:
            return f"{name} may not watch {hex_name}: {why}"
    return None


def opportunity_options(state: ArmorState, unit: str) -> list[Order]:
    """Each machinegun's own Opportunity Fire order alone on the hex of each enemy unit it
    may fire at now [ADV IV.E.2; AG V.A.2.b]."""
    from rules.armor.orders import Order

    if not state.game.advanced or not state.game.units[unit].vehicle or state.suppressed(unit):
        return []
    found: list[Order] = []
    for m in mounts(state, unit):
        at = {state.game.name(state.troops.hexes[t]) for t in targets(state, unit, m)}
        found.extend(Order(unit, mg_opportunity=((m, h),)) for h in sorted(at))
    return [o for o in found if why_not_opportunity_order(state, o) is None]


@dataclass(frozen=True)
class WithMainGun(Event):
    """A Vehicle's machineguns with no order of their own fire with the main gun, in the same
    way and at the same target, where they may [ADV IV.E.2]; those that may not, and why."""

    kind: ClassVar[str] = "armor-mg-with-main-gun"
    unit: str
    target: str
    how: str  # "Direct Fire", "Opportunity Fire", "Tracking Fire"
    firing: tuple[str, ...]
    held: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        guns = ", ".join(f"({m})" for m in self.firing)
        said = (
            f"{self.unit}'s {guns} machinegun{'s' if len(self.firing) > 1 else ''} "
            f"fire{'' if len(self.firing) > 1 else 's'} with the main gun's {self.how} at "
            f"{self.target}"
            if self.firing
            else f"{self.unit}'s machineguns do not fire with the main gun's {self.how} at "
            f"{self.target}"
        )
        said += (
            ": no separate fire order written, so automatically ordered to fire in the same "
            "way and at the same target, if possible [ADV IV.E.2]"
        )
        return said + "".join(f"; not ({m}): {why}" for m, why in self.held)


def automatic(
    state: ArmorState, unit: str, order: Order, target: str, moving: bool = False
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The machineguns of ``unit`` that fire with its main gun's fire at ``target`` by the
    book's automatic order [ADV IV.E.2]: those with no separate order written in ``order``
    that may fire at it now (our reading of "if possible"); and those that may not, with why.
    None fire with the Flammen III's flamethrower [OP XXV.D.1]."""
    spec = state.game.units.get(unit)
    if spec is None or not spec.vehicle or not state.game.advanced:
        return (), ()
    if target not in state.game.units:  # a Supply Dump or a Span: no machinegun's target
        return (), ()
    written = {m for m, _ in (*order.mg, *order.mg_opportunity, *order.mg_tracking)}
    free = [m for m in mounts(state, unit) if m not in written]
    if not free:
        return (), ()
    if specials.flamethrower_tank(state, unit):
        ft = "the Flammen III fires either the flamethrower or the machineguns [OP XXV.D.1]"
        return (), tuple((m, ft) for m in free)
    firing: list[str] = []
    held: list[tuple[str, str]] = []
    for m in free:
        why = (
            "a TT machinegun may only be fired if the main gun is not fired [ADV VI.A.2.b]"
            if m == "TT"
            else why_not_mg(state, unit, m, target, moving)
        )
        if why is None:
            firing.append(m)
        else:
            held.append((m, why))
    return tuple(firing), tuple(held)


def fire(state: ArmorState, unit: str, order: Order) -> list[Pending]:
    """The Direct Fire Phase's fire of ``unit``'s machineguns, each a GP fire as a separate
    unit [ADV IV.E.2; VI.A.2; VI.B]: by their own orders (an infantry anti-tank weapon's own
    order too, AP as a Vehicle's [ADV IV.E.3; VI.A.1]), and those with none with the main
    gun's Direct Fire at its target [ADV IV.E.2]; the results, not yet applied [AG VI.A]. A
    machinegun that may not fire now (its target gone out of sight or range, the Vehicle
    Suppressed) does not, and the log says why."""
    from rules.armor import antitank
    from rules.armor.events import FireCancelled
    from rules.armor.gp import resolve_gp

    found: list[Pending] = []
    for mount, target in order.mg:
        why = why_not_mg(state, unit, mount, target, bool(order.moves))
        if why is not None:
            state.emit(FireCancelled(unit, f"({mount})F-{target}", why))
            continue
        state.firing.fired.add(unit)  # it fired: sighted next Turn at any range [AG IV.C.5]
        if mount in antitank.CODES:  # AP as a Vehicle's [ADV VI.A.1]
            found.extend(antitank.resolve(state, unit, target, bool(order.moves)))
            continue
        found.extend(resolve_gp(state, unit, target, mg=mount))
    if order.fire is not None and order.smoke is None:
        found.extend(_with_main(state, unit, order, order.fire, "Direct Fire"))
    return found


def opportunity_fire(state: ArmorState, unit: str, target: str, tracking: bool) -> list[Pending]:
    """The machineguns' fire with the main gun's Opportunity (or Tracking) Fire at the unit
    that triggered it [ADV IV.E.2; AG VII.F.5; OP XV.B], the GP Factor halved for
    Opportunity Fire [ADV VI.B.2.a], not for Tracking Fire [OP XV.B.3]; the results, to be
    applied with the main gun's."""
    how = "Tracking Fire" if tracking else "Opportunity Fire"
    return _with_main(state, unit, state.orders_of(unit), target, how, tracking=tracking)


def _with_main(
    state: ArmorState, unit: str, order: Order, target: str, how: str, tracking: bool = False
) -> list[Pending]:
    from rules.armor.gp import resolve_gp

    moving = bool(order.moves)
    firing, held = automatic(state, unit, order, target, moving)
    if not firing and not held:
        return []
    state.emit(WithMainGun(unit, target, how, firing, held))
    found: list[Pending] = []
    opportunity = how != "Direct Fire"
    if firing:
        state.firing.fired.add(unit)  # sighted next Turn at any range [AG IV.C.5]
    for mount in firing:
        found.extend(resolve_gp(state, unit, target, opportunity, tracking, mg=mount))
    return found


def targets(state: ArmorState, unit: str, mount: str, moving: bool = False) -> list[str]:
    """The enemy units ``unit``'s ``mount`` machinegun may fire at now."""
    spec = state.game.units[unit]
    enemies = state.enemies(spec.side)
    return [t for t in enemies if why_not_mg(state, unit, mount, t, moving) is None]


def options(state: ArmorState, unit: str) -> list[Order]:
    """The machinegun orders offered in the Order Plot [ADV IV.E.2]: each machinegun alone at
    each enemy unit it may fire at (the Vehicle standing). The main gun's Direct Fire needs
    none for them: they fire with it at its target by the automatic order (:func:`automatic`)."""
    from rules.armor.orders import Order

    if not state.game.advanced or not mounts(state, unit) or state.suppressed(unit):
        return []
    return [Order(unit, mg=((m, t),)) for m in mounts(state, unit) for t in targets(state, unit, m)]
