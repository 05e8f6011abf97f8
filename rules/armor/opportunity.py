"""Opportunity Fire [AG VII.F]: an ``N-<hex>`` order fires at an enemy unit that enters the hex
or crosses the line of sight to it during the Movement Execution Phase.

By the book:

- **Trigger** [AG VII.F.3]: an enemy unit "enters the designated hex or crosses the Opportunity
  Fire Line of Sight to that hex"; it "must enter or attempt to enter at least one new hex". The
  line is read exactly, from the firer's Dot to the hex's (:func:`rules.los.geometry.trace`): a
  unit triggers it by entering a hex the line passes through (the designated hex is one), or by
  crossing a hexside the line runs exactly along. Our reading: a hex the line only runs along
  the edge of, or meets at a corner, is not crossed by entering it; crossing that edge is.
- **The owner's will** [AG VII.F]: "Opportunity Fire is only 'triggered' at the will of the
  player who wrote the order ... the player may decline to fire and wait for later units". The
  engine stops the movement and asks the owner (:attr:`rules.armor.records.Execution.asked`):
  ``opportunity-fire FIRER TARGET`` fires, ``done`` declines. "Once firing is declined, the
  crossing unit may not be fired at" by that order; the order waits for later units.
- **Where a stopped unit ends** [AG VII.F.4]: a result that stops it (knocked out, Hull or Track
  damage [GC1 Effects of AP Hits]) ends its move in the hex where it was hit; when the trigger
  was its crossing a hexside, in the hex before the hexside (its Wreck too). A unit the fire
  does not stop completes its move.
- **Resolution** [AG VII.F.1; AG VII.F.5]: as Direct Fire, at the Slow Rate of Fire with the -8
  Opportunity Fire modifier, its results applied at once; an order fires once a Turn. A
  Vehicle's machineguns with no order of their own fire with it at the same unit, each a GP
  fire with its GP Factor halved [ADV IV.E.2; VI.B.2.a] (:mod:`rules.armor.machineguns`). An order
  whose unit can no longer fire is cancelled [AG VII.F.2] (:func:`rules.armor.fire.why_not_fire`).

Tracking Fire [OP XV] (the Optional Rule ``tracking-fire``): a ``T-<unit>`` order, "similar to
Opportunity Fire, but ... directed against one specific unit" [OP XV; OP XV.A]. All Opportunity
Fire rules apply [OP XV.B] (the owner's word, once a Turn, the Slow Rate of Fire, where a stopped
unit ends, cancelled when the firer can no longer fire), with the book's changes:

- plotted only at a unit the firer sights at the start of the Turn (the Order Plot follows the
  Sighting Phase), and fired only while it sights it [OP XV.B.1];
- triggered only when the designated unit moves: each hex it enters where the firer may fire at
  it (sight, range, Field of Fire) asks the owner; a hex where firing is not possible asks
  nothing [OP XV.B.2];
- "The firing unit may fire at the target unit at any point during its movement when firing is
  possible" [OP XV.B.2]: our reading, a decline lets the unit pass that hex only, and the order
  asks again in the next hex it enters (an Opportunity Fire's decline is for good [AG VII.F]);
  hexsides crossed do not trigger it (its trigger is the unit, not a line of sight);
- no -8 Opportunity Fire Modifier for AP shots, no halved GP Factor for GP shots [OP XV.B.3].

A machinegun's or an infantry anti-tank weapon's own Tracking Fire order ("(UH)T-19",
"(B)T-865", :mod:`rules.armor.own_tracking`) is triggered, asked, fired and declined the same
way, by the weapon alone [OP XV.B; ADV IV.E.2-3].
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex, Hexside
from rules.armor import antitank, antitank_opportunity, bailout, machineguns, own_tracking
from rules.armor.cards import hits_scored
from rules.armor.fire import aim, gp_shot, why_not_fire, why_not_sighted
from rules.armor.fire import resolve as resolve_fire
from rules.armor.gp import gp_chance, resolve_gp, uses_gp
from rules.armor.orders import OpportunityFire, Order
from rules.armor.range import range_between
from rules.armor.records import Trigger
from rules.engine.actions import Action, Done
from rules.engine.events import Event
from rules.engine.play import Chance, Preview
from rules.los.geometry import HexStep, trace

if TYPE_CHECKING:
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState

#: The rule of the machineguns' fire with the main gun (as :data:`rules.armor.preview.AUTOMATIC`).
AUTOMATIC = (
    "Machineguns with no order of their own fire with the main gun at the same unit, GP "
    "Factor halved in Opportunity Fire [ADV IV.E.2; VI.A.2-4; VI.B.2.a; OP XV.B.3]"
)

RULE = "[AG VII.F]"
TRACKING_RULE = "[OP XV]"


@dataclass(frozen=True)
class OpportunityTriggered(Event):
    """An enemy unit triggered an Opportunity Fire order: its owner fires or declines
    [AG VII.F.3]."""

    kind: ClassVar[str] = "armor-opportunity"
    firer: str
    target: str
    hex: str
    order: str
    how: str
    crossing: bool = False

    def describe(self) -> str:
        moves = "crosses the hexside" if self.crossing else "enters"
        return f"{self.target} {moves} {self.hex}: {self.firer} ({self.order}) {self.how}"


TRACKING_HOW = (
    "may fire (Tracking Fire: Slow Rate of Fire, no -8 Opportunity Fire Modifier, GP Factor not "
    "halved [OP XV.B.3]), or decline and wait for a later hex of its move (our reading of "
    "[OP XV.B.2])"
)


@dataclass(frozen=True)
class OpportunityAnswered(Event):
    """The owner's word on a triggered Opportunity Fire: fire, or decline [AG VII.F]."""

    kind: ClassVar[str] = "armor-opportunity-answer"
    firer: str
    target: str
    fires: bool
    tracking: bool = False
    mount: str = ""  # a machinegun's own order [ADV IV.E.2]

    def describe(self) -> str:
        if self.mount and self.tracking:  # its own Tracking Fire [OP XV.B; ADV IV.E.2-3]
            return own_tracking.answer_words(self.firer, self.mount, self.target, self.fires)
        if self.mount in antitank.CODES:  # a Bazooka's, PIAT's ... own order [ADV IV.E.3]
            return antitank_opportunity.answer_words(
                self.firer, self.mount, self.target, self.fires
            )
        if self.mount:
            gun = f"{self.firer}'s ({self.mount}) machinegun"
            if self.fires:
                return (
                    f"{gun} fires at {self.target}: its own Opportunity Fire, GP Factor halved "
                    "[ADV IV.E.2; VI.B.2.a; AG VII.F.5]"
                )
            return (
                f"{gun} declines to fire at {self.target}: that unit may not be fired at by "
                "this order again [AG VII.F]"
            )
        if self.tracking and self.fires:
            return (
                f"{self.firer} fires Tracking Fire at {self.target}: as Direct Fire, Slow Rate "
                "of Fire [AG VII.F.1; OP XV.B], no -8 Opportunity Fire Modifier [OP XV.B.3]"
            )
        if self.tracking:
            return (
                f"{self.firer} lets {self.target} pass this hex: its Tracking Fire may fire at "
                "any later hex of the move where firing is possible (our reading of "
                "[OP XV.B.2])"
            )
        if self.fires:
            return (
                f"{self.firer} fires at {self.target}: as Direct Fire, Slow Rate of Fire, -8 "
                "[AG VII.F.1; AG VII.F.5]"
            )
        return (
            f"{self.firer} declines to fire at {self.target}: that unit may not be fired at by "
            "this order again; the order waits for later units [AG VII.F]"
        )


@dataclass(frozen=True)
class Line:
    """An Opportunity Fire Line of Sight: the hexes it passes through (the firer's left out,
    the designated hex's in) and the hexsides it runs exactly along [AG VII.F.3]."""

    hexes: frozenset[Hex]
    sides: frozenset[Hexside]


@functools.lru_cache(maxsize=1 << 12)
def line_of(firer: Hex, designated: Hex) -> Line:
    """The line from the firer's hex to the designated hex (pure geometry, kept)."""
    found = trace(firer, designated)
    hexes = {s.hex for s in found.steps if isinstance(s, HexStep)} - {firer}
    return Line(frozenset(hexes), frozenset(found.along_hexsides))


#: How many hexes around a known enemy unit the legal Orders offer the main gun's Opportunity
#: Fire on (our bound: where the enemy unit may come in its next Turn's first hexes, a trigger
#: being "at least one new hex" [AG VII.F.3]; one hex proved too few where a crest hides the
#: enemy's surroundings. The book allows "any hexes that can be sighted" [AG V.A.2], which no
#: list could hold for every unit; each hex more costs a line of sight per unit per Turn).
WATCH_RADIUS = 2


def watch_hexes(state: ArmorState, unit: str, vehicles: bool = False) -> list[Hex]:
    """The hexes the legal Orders offer for the main gun's "N-<hex>" [AG V.A.2.b] besides
    the enemy units' own: each hex within :data:`WATCH_RADIUS` of an enemy unit its side
    may know of (not hidden [OP X.B.3]) that the gun could fire at: a Vehicle, or in the
    Advanced Game a Leg unit [ADV VI.B] (with ``vehicles``, a Vehicle only, for APCR
    [OP XXIII]), within the gun's longest range, that the unit may plot Opportunity Fire on
    (:func:`why_not_opportunity`), in the hexes' order. Empty for a unit with no main
    gun or a lost one [AG VI.A.1]. Our reading of how to list a bounded part of what the book
    allows: an ambush is laid where the enemy may come; :func:`why_not_opportunity` accepts
    every sightable hex when an order is given by hand."""
    from model.hexes import within
    from rules.armor.cards import gun_of
    from rules.armor.optional.intel import concealment
    from rules.armor.range import range_between

    spec = state.game.units[unit]
    gun = gun_of(spec, state.game.nation[spec.side])
    if gun is None or state.gun_lost(unit) or unit not in state.troops.hexes:
        return []
    here, amap = state.troops.hexes[unit], state.game.amap
    reach = gun.longest
    found: set[Hex] = set()
    for enemy in state.enemies(spec.side):
        kind = state.game.units[enemy]
        if not (kind.vehicle or (state.game.advanced and kind.leg and not vehicles)):
            continue  # AP at Vehicles; GP at Leg units in the Advanced Game [ADV VI.B]
        if state.game.conceals and concealment(state, enemy, spec.side) == "hidden":
            continue
        at = state.troops.hexes.get(enemy)
        if at is None or range_between(here, at) > reach + WATCH_RADIUS:
            continue
        found.update(
            h
            for h in within(at, WATCH_RADIUS)
            if h != here and h in amap.hexes and range_between(here, h) <= reach
        )
    return sorted(h for h in found if why_not_opportunity(state, unit, state.game.name(h)) is None)


def why_not_opportunity(state: ArmorState, unit: str, hex_name: str) -> str | None:
    """[AG V.A.2.b]: on a hex it can sight, never its own: the map's line of sight, and the
    Smoke fired in play, Smoking Wrecks and Fires on the line as the Order Plot finds them
    [OP IX.A.5; OP X.C.4; OP XI.D] (an adjacent hex is always sighted)."""
    from rules.armor.optional import blaze
    from rules.armor.optional import smoke as fired_smoke

    try:
        target = state.game.amap.resolve(hex_name)
    except KeyError:
        return f"no hex '{hex_name}' on the map"
    here = state.troops.hexes[unit]
    if target == here:
        return "not on the hex it occupies [AG V.A.2.b(2)]"
    if range_between(here, target) <= 1:
        return None
    if not state.game.sees(here, target):
        return "it cannot sight that hex [AG V.A.2]"
    smoke = blaze.why_not_seen(state, here, target) or fired_smoke.why_not_seen(state, here, target)
    if smoke is not None:
        return f"it cannot sight that hex [AG V.A.2]: {smoke}"
    return None


def why_not_tracking(state: ArmorState, unit: str, target: str) -> str | None:
    """Why ``unit`` may not plot Tracking Fire at ``target`` now, or None [OP XV.A-B]: an
    enemy unit it sights at the start of the Turn [OP XV.B.1], with a weapon that could fire
    at it (a main gun for AP, at a Vehicle; a Leg unit's GP [ADV VI.B]). Its range and Field
    of Fire are checked when it fires, as the target moves into or out of them [OP XV.B.2]."""
    spec, other = state.game.units[unit], state.game.units.get(target)
    if other is None or target not in state.troops.hexes:
        return f"no unit '{target}' on the map"
    if other.side == spec.side:
        return f"{target} is not an enemy unit [OP XV.A]"
    unseen = why_not_sighted(state, unit, target)
    if unseen is not None:
        return f"{unit} must sight {target} at the start of the Turn [OP XV.B.1]: {unseen}"
    gp = state.game.advanced and uses_gp(state, unit, target)  # [ADV VI.B]
    if not gp and (not spec.armed or state.gun_lost(unit)):
        return f"{unit} has no main gun that fires AP [AG VI.A.1]"
    if not gp and not other.vehicle:
        return "AP fire is only at Vehicle units [ADV VI.B]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits]"
    return None


def triggered(
    state: ArmorState, mover: str, before: Hex, here: Hex, crossing: bool
) -> Trigger | None:
    """The first Opportunity Fire order (by side, then unit) that ``mover`` triggers by
    crossing the hexside from ``before`` into ``here`` (``crossing``) or by entering ``here``,
    that has not fired, has not declined this unit, and may fire at it now [AG VII.F.2-3]."""
    side = state.game.units[mover].side
    for other in state.game.sides:
        if other == side:
            continue
        for firer, order in sorted(state.sheets.orders[other].items()):
            found = None
            if order.tracking is not None:
                if not crossing:
                    found = _tracked(state, firer, order, mover, here)
            else:
                found = _main_gun(state, firer, order, mover, before, here, crossing)
            for mount, watched in () if found else order.mg_opportunity:  # [ADV IV.E.2]
                found = _machinegun(state, firer, mount, watched, mover, before, here, crossing)
                if found is not None:
                    break
            for mount, tracked in () if found or crossing else order.mg_tracking:  # [OP XV]
                found = _tracked_own(state, firer, mount, tracked, mover, here)
                if found is not None:
                    break
            if found is not None:
                return found
    return None


def _crossed(
    state: ArmorState, firer: str, watched: str, before: Hex, here: Hex, crossing: bool
) -> str | None:
    """Where the mover crosses the Opportunity Fire Line of Sight from ``firer`` to the
    ``watched`` hex (the hex entered, or the hexside ``A/B``), or None [AG VII.F.3]."""
    line = line_of(state.troops.hexes[firer], state.game.amap.resolve(watched))
    hit = Hexside.between(before, here) in line.sides if crossing else here in line.hexes
    if not hit:
        return None
    name = state.game.name
    return f"{name(before)}/{name(here)}" if crossing else name(here)


def _main_gun(
    state: ArmorState, firer: str, order: Order, mover: str, before: Hex, here: Hex, crossing: bool
) -> Trigger | None:
    """The trigger of the main gun's (or a Leg or Towed unit's) "N" order [AG VII.F.2-3]."""
    if order.opportunity is None or firer in state.firing.opportunity_used:
        return None
    if (firer, mover) in state.execution.declined or firer not in state.troops.hexes:
        return None
    where = _crossed(state, firer, order.opportunity, before, here, crossing)
    if where is None or why_not_fire(state, firer, mover) is not None:
        return None
    return Trigger(firer, mover, where, crossing)


def _machinegun(
    state: ArmorState,
    firer: str,
    mount: str,
    watched: str,
    mover: str,
    before: Hex,
    here: Hex,
    crossing: bool,
) -> Trigger | None:
    """The trigger of a machinegun's own "(UH)N-" order [ADV IV.E.2; AG VII.F.2-3]: not yet
    fired this Turn nor declined at ``mover``, and the machinegun may fire at it now (Open,
    not Suppressed, Field of Fire, range [ADV VI.A.2-4; VI.B.2.b])."""
    if (firer, mount) in state.firing.mg_used or firer not in state.troops.hexes:
        return None
    if mount in antitank.CODES and antitank.fires_gp(state, mover):
        return None  # a weapon's own "(B)N-" order watches for Vehicles, AP (our reading)
    if (firer, mount, mover) in state.execution.mg_declined:
        return None
    where = _crossed(state, firer, watched, before, here, crossing)
    if where is None or machineguns.why_not_mg(state, firer, mount, mover) is not None:
        return None
    return Trigger(firer, mover, where, crossing, mount=mount)


def _tracked(state: ArmorState, firer: str, order: Order, mover: str, here: Hex) -> Trigger | None:
    """The Tracking Fire trigger of ``firer``'s order when its designated unit ``mover``
    enters ``here`` and firing at it is possible, or None [OP XV.B.2]: the order has not fired
    this Turn, the owner has not let the unit pass this hex, and the firer sights it, has it
    in range and in its Field of Fire now [OP XV.B.1-2; AG VII.F.2]."""
    if order.tracking != mover or firer in state.firing.opportunity_used:
        return None
    if (firer, mover) in state.execution.declined or firer not in state.troops.hexes:
        return None
    if why_not_fire(state, firer, mover) is not None:
        return None
    return Trigger(firer, mover, state.game.name(here), False, tracking=True)


def _tracked_own(
    state: ArmorState, firer: str, mount: str, tracked: str, mover: str, here: Hex
) -> Trigger | None:
    """The trigger of a weapon's own Tracking Fire "(UH)T-19", "(B)T-865" when its unit
    ``mover`` enters ``here`` [OP XV.B.1-2; ADV IV.E.2-3]: not yet fired this Turn, not let
    pass in this hex, and the weapon may fire at it now (sight, range, Field of Fire; a
    machinegun Open, not Suppressed [ADV VI.A.2-4; VI.B.2.b]; a weapon's AP at a Vehicle
    [ADV VI.A.1])."""
    if tracked != mover or (firer, mount) in state.firing.mg_used:
        return None
    if (firer, mount, mover) in state.execution.mg_declined or firer not in state.troops.hexes:
        return None
    if machineguns.why_not_mg(state, firer, mount, mover) is not None:
        return None
    return Trigger(firer, mover, state.game.name(here), False, tracking=True, mount=mount)


def moved_on(state: ArmorState, mover: str) -> None:
    """``mover`` leaves the hex where a Tracking Fire's owner let it pass: the order may ask
    again in the next hex it enters (our reading of "at any point during its movement"
    [OP XV.B.2])."""
    declined = state.execution.declined
    for firer, target in list(declined):
        if target == mover and state.orders_of(firer).tracking == mover:
            declined.discard((firer, target))
    mg_declined = state.execution.mg_declined  # a weapon's own Tracking Fire [OP XV.B.2]
    for firer, mount, target in list(mg_declined):
        if target == mover and own_tracking.watched(state.orders_of(firer), mount) == mover:
            mg_declined.discard((firer, mount, target))


def ask(state: ArmorState, trigger: Trigger) -> None:
    """Stop the movement for the owner's word [AG VII.F.3; OP XV.B]."""
    state.execution.asked = trigger
    order = state.orders_of(trigger.firer).notation
    how = "may fire, or decline and wait for later units [AG VII.F.3]"
    if trigger.tracking:
        how = TRACKING_HOW
    if trigger.mount and trigger.tracking:  # a weapon's own Tracking Fire [OP XV.B]
        tracked = own_tracking.watched(state.orders_of(trigger.firer), trigger.mount)
        order, how = f"({trigger.mount})T-{tracked}", own_tracking.asked_words(trigger.mount)
    elif trigger.mount:  # a machinegun's own order [ADV IV.E.2]
        watched = dict(state.orders_of(trigger.firer).mg_opportunity).get(trigger.mount, "")
        order = f"({trigger.mount})N-{watched}"
        how = (
            f"its ({trigger.mount}) machinegun may fire, GP Factor halved [ADV VI.B.2.a], or "
            "decline and wait for later units [AG VII.F.3]"
        )
        if trigger.mount in antitank.CODES:  # a Bazooka's, PIAT's ... own order [ADV IV.E.3]
            how = antitank_opportunity.asked_words(trigger.mount)
    firer, target = trigger.firer, trigger.target
    state.emit(OpportunityTriggered(firer, target, trigger.where, order, how, trigger.crossing))


def stopped(state: ArmorState, mover: str) -> bool:
    """The fire stopped the unit: knocked out, or Hull or Track damage [GC1 Effects of AP
    Hits; AG VII.F.4]."""
    return mover not in state.troops.hexes or state.immobile(mover)


def fire(state: ArmorState) -> None:
    """The owner fires [AG VII.F.1; AG VII.F.5]: the order's one shot this Turn, resolved as
    Direct Fire, its results applied at once; a Tracking Fire without the -8 and the halved GP
    Factor [OP XV.B.3]."""
    trigger = state.execution.asked
    assert trigger is not None
    state.execution.asked = None
    state.firing.fired.add(trigger.firer)
    if trigger.mount:  # a machinegun's own Opportunity Fire [ADV IV.E.2; VI.B.2.a]
        state.firing.mg_used.add((trigger.firer, trigger.mount))
        firer, target, mount = trigger.firer, trigger.target, trigger.mount
        track = trigger.tracking  # its own Tracking Fire: no -8, no halving [OP XV.B.3]
        state.emit(OpportunityAnswered(firer, target, True, track, mount=mount))
        if mount in antitank.CODES:  # AP as a Vehicle's, -8 [ADV IV.E.3; VI.A.1; AG VII.F.1]
            how = f", its own Opportunity Fire {antitank_opportunity.RULE}"
            how = f", its own Tracking Fire {own_tracking.RULE}" if track else how
            found = antitank.resolve(state, firer, target, False, how, opportunity=not track)
            _apply(state, found)
            return
        found = resolve_gp(state, firer, target, opportunity=True, tracking=track, mg=mount)
        _apply(state, found)
        return
    state.firing.opportunity_used.add(trigger.firer)
    state.emit(OpportunityAnswered(trigger.firer, trigger.target, True, trigger.tracking))
    results = resolve_fire(
        state, trigger.firer, trigger.target, opportunity=True, tracking=trigger.tracking
    )  # with it, its machineguns with no order of their own [ADV IV.E.2; VI.B.2.a]
    results += machineguns.opportunity_fire(state, trigger.firer, trigger.target, trigger.tracking)
    # a squad's Bazooka, PIAT ... fires with it [ADV VI.A.1; IV.E.3] (rules.armor.antitank)
    results += antitank.with_opportunity(state, trigger.firer, trigger.target, trigger.tracking)
    _apply(state, results)


def _apply(state: ArmorState, results: list[Pending]) -> None:
    """An Opportunity Fire's results, applied at once [AG VII.F]."""
    for result in results:
        state.inflict(result.unit, result.effect, result.by)
    bailout.check(state, results)  # our reading: after each Opportunity Fire [ADV IX]


def decline(state: ArmorState) -> None:
    """The owner declines: this unit may not be fired at by the order again [AG VII.F]; by a
    Tracking Fire order, not in this hex (:func:`moved_on`) [OP XV.B.2]."""
    trigger = state.execution.asked
    assert trigger is not None
    state.execution.asked = None
    if trigger.mount:  # a machinegun's own order [ADV IV.E.2]
        state.execution.mg_declined.add((trigger.firer, trigger.mount, trigger.target))
        firer, target = trigger.firer, trigger.target
        track = trigger.tracking  # its own Tracking Fire: this hex only [OP XV.B.2]
        state.emit(OpportunityAnswered(firer, target, False, track, mount=trigger.mount))
        return
    state.execution.declined.add((trigger.firer, trigger.target))
    state.emit(OpportunityAnswered(trigger.firer, trigger.target, False, trigger.tracking))


def choices(state: ArmorState, side: str) -> list[Action]:
    """The owner's two answers to a triggered Opportunity Fire: fire, or decline (``done``)."""
    trigger = state.execution.asked
    if trigger is None or state.game.units[trigger.firer].side != side:
        return []
    return [OpportunityFire(trigger.firer, trigger.target), Done(side)]


def why_not_fire_now(state: ArmorState, action: OpportunityFire) -> str | None:
    """Why ``action`` may not be applied now, or None: only the Opportunity Fire asked about."""
    trigger = state.execution.asked
    if trigger is None:
        return "no Opportunity Fire is triggered now [AG VII.F.3]"
    if (action.unit, action.target) != (trigger.firer, trigger.target):
        return (
            f"the Opportunity Fire triggered now is {trigger.firer}'s at {trigger.target} "
            "[AG VII.F.3]"
        )
    return None


def preview(state: ArmorState, action: OpportunityFire, words: str) -> Preview:
    """The shot up to the die: its Modifier Number and Hit Number, and the chance of a hit."""
    asked = state.execution.asked
    tracking = asked is not None and asked.tracking
    kind = "Tracking Fire [OP XV.B]" if tracking else "Opportunity Fire [AG VII.F]"
    if asked is not None and asked.mount:  # a machinegun's own order [ADV IV.E.2]
        from rules.armor.preview import mg_chance

        chance = mg_chance(
            state, action.unit, asked.mount, action.target, False, True, tracking=tracking
        )
        rules: tuple[str, ...] = (
            kind,
            f"its ({asked.mount}) machinegun's own order: GP fire [ADV IV.E.2; VI.B]",
        )
        if tracking and asked.mount not in antitank.CODES:  # [OP XV.B.3]
            rules = (*rules, "GP Factor not halved in Tracking Fire [OP XV.B.3]")
        if asked.mount in antitank.CODES:  # a Bazooka's, PIAT's ... own order [ADV IV.E.3]
            name = antitank.WEAPONS[asked.mount].name
            said = f"its ({asked.mount}) {name}'s own order: AP, -8 [ADV VI.A.1; AG VII.F.1]"
            if tracking:
                said = f"its ({asked.mount}) {name}'s own order: AP, no -8 [ADV VI.A.1; OP XV.B.3]"
            rules = (kind, said)
        return Preview(words, True, chances=(chance,), rules=rules)
    guns = _with_guns(state, action, tracking)
    more = (AUTOMATIC,) if guns else ()
    if gp_shot(state, action.unit, action.target):  # [ADV VI.B.2.a]: GP Factor halved
        said, odds = gp_chance(
            state, action.unit, action.target, opportunity=True, tracking=tracking
        )
        weapon = _weapon(state, action.unit, action.target)
        also = ("its anti-tank weapon fires AP with it [ADV VI.A.1; AG VII.F.1]",) if weapon else ()
        rules = (kind, "GP fire [ADV VI.B; GC1 GP Hit Table]", *more, *also)
        chances = (Chance(action.target, said, odds), *guns, *weapon)
        return Preview(words, True, chances=chances, rules=rules)
    shot = aim(state, action.unit, action.target, opportunity=True, tracking=tracking)
    mods = " ".join(f"{m.value:+d} {m.what}" for m in shot.modifiers if m.applied)
    said = (
        f"Modifier Number {shot.number} (20 {mods}); Hit Number {shot.hit_number}; "
        f"{shot.shots} shot(s) at the Slow Rate of Fire"
    )
    rules = (kind, "as Direct Fire [AG VI.B; GC1 AP Hit Table]", *more)
    hit = sum(1 for roll in range(1, 101) if hits_scored(shot.hit_number, shot.shots, roll)[0])
    chance = Chance(action.target, said, hit / 100)
    return Preview(words, True, chances=(chance, *guns), rules=rules)


def _with_guns(state: ArmorState, action: OpportunityFire, tracking: bool) -> tuple[Chance, ...]:
    """The odds of the machineguns that fire with the main gun at the unit [ADV IV.E.2], the
    GP Factor halved unless it is a Tracking Fire [ADV VI.B.2.a; OP XV.B.3]."""
    from rules.armor.preview import mg_chance

    order = state.orders_of(action.unit)
    firing, _ = machineguns.automatic(state, action.unit, order, action.target)
    return tuple(
        mg_chance(state, action.unit, m, action.target, False, opportunity=True, tracking=tracking)
        for m in firing
    )


def _weapon(state: ArmorState, unit: str, target: str) -> tuple[Chance, ...]:
    """The odds of the squad's Bazooka, PIAT ... firing with its Opportunity Fire at the
    Vehicle that triggered it [ADV VI.A.1] (:func:`rules.armor.antitank.with_opportunity`)."""
    from rules.armor.preview import weapon_chance

    asked = state.execution.asked
    tracking = asked is not None and asked.tracking
    launcher = antitank.weapon(state, unit)
    if launcher is None or antitank.why_not(state, unit, launcher.code, target) is not None:
        return ()
    if antitank.written(state.orders_of(unit), launcher.code):  # its own order [ADV IV.E.3]
        return ()
    return (weapon_chance(state, unit, target, False, opportunity=not tracking),)
