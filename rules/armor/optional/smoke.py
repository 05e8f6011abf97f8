"""Smoke and Starshells [OP IX] (option ``smoke``, our name): the Direct Fire of Smoke ("FS"),
its inverted Smoke unit, turned face up and removed in the Fire and Smoke Phase, and what a
face-up Smoke unit does to sighting and movement.

The book, and what the engine plays of it:

- "Smoke shells may be fired by Vehicle and Towed units, except those whose Notes indicate they
  may not, Mortar units, Artillery Batteries, and Assault Infantry Squads" [OP IX.A]. Played:
  a Vehicle or Towed unit with a main gun (not lost, fewer than three crew losses, not Bailed
  Out), unless its card's Notes mention Smoke (no card of the catalogue does: the Notes are
  placeholders, so every such unit may); an Assault Infantry Squad with the Special Infantry
  option, "one per Turn into an adjacent hex" [OP V.B]; a Mortar Team when it may fire
  [OP II.E], "FS" at a sighted hex in range all round, "HS" as its "H" (:mod:`rules.armor.
  indirect.mortars`), its Smoke placed "after checking for Scatter" [IX.A.3] with its own
  Scatter numbers (doubled for "HS" [OP II.F.4.b(1)]). Not played: the Artillery Batteries'
  "S" fire [IX.A.2].
- "FS" is the Direct Fire of Smoke, "followed by the target hex number" [OP IX.A.1]; written
  ``FS-L1802`` as ``N-L1802`` is (the hex names of Hexwright carry a section letter). It is
  fired "instead of firing AP or GP" [IX.A.1], so with no other fire order; our reading, as
  Direct Fire: with up to 2 SF of movement (never at Long Range) [AG V.A.2.a; V.A.2.c], at a
  hex the unit sights (adjacent, or the line of sight clear, as Opportunity Fire sights a hex
  [AG V.A.2.b]), in its Field of Fire [AG VI.A.3; ADV VI.A.4], in its gun's range (a
  placeholder Gunnery Table), never its own hex. Smoke "places Smoke in only one hex"
  [IX.A.3]: no roll but a Mortar's Scatter.
- "HS", Indirect Fire of Smoke [IX.A.1], by a unit "if unit has the capability": played as
  Indirect Fire's "H" order is [OP II.F] (:mod:`rules.armor.indirect.howitzers`), with the
  Artillery option: a unit whose card "Has Indirect Fire Capability", with a Radio, a Spotting
  unit sighting the hex, the hex at Long Range [F.1-2], its only order for the Turn (our
  reading, as "H"). In the Artillery Impact Phase ("new Starshell or Smoke firings are announced
  and the Smoke and/or Artillery Impact units placed" [Sequence of Play 8]) Scatter is checked
  as for "H" (01-70, Continuous 01-40 [OP II.F.4.b(2); F.5]) and the Smoke placed, inverted,
  in the Impact hex only [IX.A.3; GC2 Artillery Tables note]. The Artillery Batteries' "S"
  fire [IX.A.2] is not played.
- Fired in the Direct Fire Phase, noted by an inverted Smoke unit that has "no effects on play"
  [IX.A.3; Sequence of Play 7]. "During the Fire and Smoke Phase, all Smoke units that are face
  up are removed from the mapboard. After this is done, all inverted Smoke units are turned
  face up to count as Smoke hexes for the following Turn" [IX.A.4; Sequence of Play 12]: the
  option adds the Fire and Smoke Phase to the end of each Turn.
- A face-up Smoke unit "will block Lines of Sight from all elevation levels including into the
  Smoke hex" and "costs an additional Speed Factor for Vehicle units to enter" [IX.A.5]. As the
  map's Smoke (:mod:`rules.armor.los`), our readings: it blocks sight out of its hex too, an
  adjacent hex stays sighted [AG IV], and a line along a hexside is blocked only when both
  hexes hold Smoke (placeholder, as Soldiers [6.45]); a hex whose map already holds Smoke costs
  its +1 once.
- With Limited Ammunition, a Smoke shell expends one Ammunition Factor: "Figure Smoke Shells as
  being fired individually (i.e. a Rate of Fire of '1')" [OP XXIV.A.2].
- Starshells [OP IX.B] are fired only by Artillery Batteries and light "Night or Moonlight
  sighting conditions": the engine plays Day only, where they would change nothing, so none is
  offered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex, line_steps
from rules.armor.cards import gun_of
from rules.armor.events import FireCancelled
from rules.armor.optional import (
    SMOKE,
    SPECIAL,
    card_value,
    in_use,
    intel,
    special_infantry,
    supply,
)
from rules.armor.optional.events import HexChanged
from rules.armor.orders import Order
from rules.armor.range import describe_range, range_between
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.move import EnterCost
    from rules.records.position import PositionReader

FS_RULE = "[OP IX.A.1; IX.A.3; Sequence of Play 7]"


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Smoke(Record):
    """The Smoke units fired in play [OP IX.A.3-4].

    Attributes:
        smoke_inverted: the hexes with an inverted Smoke unit, fired this Turn: no effect
            until turned face up [IX.A.3].
        smoke_face_up: the hexes with a face-up Smoke unit: Smoke hexes this Turn [IX.A.4-5].
    """

    smoke_inverted: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    smoke_face_up: set[Hex] = state_field(default_factory=set, encode=_unless_empty)


def used(game: ArmorGame) -> bool:
    return SMOKE in game.scenario.rules.options


# --- who may fire Smoke, and where ----------------------------------------------------------


def why_not_firer(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not fire Smoke at all, or None [OP IX.A]."""
    spec = state.game.units[unit]
    if spec.mortar:  # "Mortar units" [OP IX.A]; when it may fire [OP II.E]
        from rules.armor.indirect import mortars

        return mortars.why_not_firer(state, unit)
    if spec.leg:
        if special_infantry.kind(state, unit) == "assault":
            return None  # [OP V.B]
        extra = "" if in_use(state.game, SPECIAL) else " (with the Special Infantry option)"
        return "of Leg units only Assault Infantry Squads fire Smoke" + extra + " [OP IX.A; OP V.B]"
    if not (spec.vehicle or spec.towed):
        return "Smoke is fired by Vehicle and Towed units [OP IX.A]"
    if unit in state.troops.abandoned:
        return "its crew has Bailed Out [ADV IX.A.3]"
    if gun_of(spec, state.game.nation[spec.side]) is None or state.gun_lost(unit):
        return "it has no main gun to fire Smoke [OP IX.A.1]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits]"
    notes = card_value(spec.type_id, "notes")
    if notes is not None and "smoke" in str(notes).lower():
        return f"its card's Notes say it may not fire Smoke ({notes}) [OP IX.A]"
    return supply.why_not_fire(state, unit, supply.SMOKE_SHOT)  # [OP XXIV.A.2; B]


def why_not_smoke(state: ArmorState, unit: str, hex_name: str, moving: bool) -> str | None:
    """Why ``unit`` may not fire Smoke at ``hex_name`` now (with movement orders when
    ``moving``), or None [OP IX.A.1; our reading: as Direct Fire, AG V.A.2; VI.A]."""
    from rules.armor.fire import in_field_of_fire
    from rules.armor.optional import blaze

    if not used(state.game):
        return "Smoke is an Optional Rule the scenario does not use [OP IX]"
    why = why_not_firer(state, unit)
    if why is not None:
        return why
    if state.game.units[unit].mortar:  # a sighted hex in range, all round [OP II.E.5.c-d]
        from rules.armor.indirect import mortars

        return mortars.why_not_target(state, unit, hex_name)
    try:
        h = state.game.amap.resolve(hex_name)
    except KeyError:
        return f"no hex '{hex_name}' on the map"
    here = state.troops.hexes[unit]
    if h == here:
        return "not into the hex it occupies (our reading, as Opportunity Fire [AG V.A.2.b(2)])"
    spec = state.game.units[unit]
    if spec.leg and here.distance(h) != 1:
        return "an Assault Squad fires Smoke only into an adjacent hex [OP V.B]"
    if here.distance(h) > 1:
        unseen = None if state.game.sees(here, h) else "the line of sight is blocked [AG IV.B]"
        unseen = unseen or blaze.why_not_seen(state, here, h) or why_not_seen(state, here, h)
        if unseen is not None:
            return f"it cannot sight that hex [AG V.A.2; OP IX.A.1]: {unseen}"
    if not in_field_of_fire(state.gun_facing(unit), here, h):
        return "the hex is not in its Field of Fire [AG VI.A.3; ADV VI.A.4]"
    if spec.leg:
        return None
    gun = gun_of(spec, state.game.nation[spec.side])
    assert gun is not None
    rng = range_between(here, h)
    if rng > gun.longest:
        where = describe_range(here, h)
        return f"beyond its gun's range ({where}; {gun.longest} hexes, a placeholder)"
    if moving and rng > gun.short:
        return (
            "with movement orders, no main gun fire at Long Range [AG V.A.2.c] "
            f"({describe_range(here, h)}; Range Line after {gun.short} hexes, a placeholder)"
        )
    return None


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why an order with "FS" or "HS" may not be plotted, or None [OP IX.A.1]."""
    from rules.armor.move import fire_limit, walk
    from rules.armor.optional.vehicles import mover
    from rules.armor.scenario_rules import fire_banned

    assert order.smoke is not None
    if order.smoke_indirect:
        return _why_not_hs(state, order)
    others = (
        order.fire,
        order.opportunity,
        order.tracking,
        order.assault,
        order.overrun,
        order.transfer,
        order.pinning,
        order.apcr,
        order.rate,
        order.cover,
        order.entrench,
        order.span,
    )
    if any(others):
        return "Smoke is fired instead of AP or GP: with FS, only movement orders [OP IX.A.1]"
    banned = fire_banned(state, state.game.units[order.unit].side, "direct")
    if banned is not None:
        return banned
    why = why_not_smoke(state, order.unit, order.smoke, bool(order.moves))
    if why is not None:
        return f"{order.unit} may not fire Smoke at {order.smoke}: {why}"
    if order.moves:
        spec = mover(state, order.unit)
        limit = fire_limit(spec)
        w = walk(
            spec,
            state.troops.hexes[order.unit],
            state.troops.facing[order.unit],
            order.steps,
            state.cost_for(spec),
            state.game.on_map,
            fires=True,
        )
        if w.stopped is not None or w.spent > limit:
            why = w.stopped or f"{w.spent} SF"
            return (
                f"'{order.moves}' with FS: at most {limit} SF with Direct Fire "
                f"[AG V.A.2.a; ADV V.A.3] ({why})"
            )
    return None


def _why_not_hs(state: ArmorState, order: Order) -> str | None:
    """Why an "HS" order may not be plotted, or None [OP IX.A.1; OP II.F]."""
    from rules.armor.indirect.howitzers import IndirectFire, why_not_indirect

    assert order.smoke is not None
    if not used(state.game):
        return "Smoke is an Optional Rule the scenario does not use [OP IX]"
    if not state.game.artillery_rule:
        return (
            "Indirect Fire of Smoke (HS) is fired in the Artillery Impact Phase of the "
            "Artillery option [OP II.F.4; OP IX.A.1]: the scenario does not use it"
        )
    if order != replace(Order(order.unit), smoke=order.smoke, smoke_indirect=True):
        return "with HS, no other orders (our reading, as Indirect Fire's 'H' [OP II.F.3])"
    why = why_not_indirect(state, IndirectFire(order.unit, order.smoke))
    if why is None:
        why = why_not_firer(state, order.unit)
    return None if why is None else f"{order.unit} may not fire HS at {order.smoke}: {why}"


def options(state: ArmorState, unit: str) -> list[Order]:
    """FS orders with no movement at each hex within 2 hexes of an enemy unit the unit may fire
    Smoke at (our choice of hexes to offer: the hexes of enemy units and those next to them,
    where Smoke screens; any other hex may be typed); none without the option."""
    if not used(state.game) or why_not_firer(state, unit) is not None:
        return []
    side = state.game.units[unit].side
    near: set[Hex] = set()
    for enemy in state.enemies(side):
        h = state.troops.hexes[enemy]
        near.add(h)
        near.update(n for n in h.neighbors() if state.game.on_map(n))
    found = []
    for h in sorted(near):
        order = Order(unit, smoke=state.game.name(h))
        if why_not_order(state, order) is None:
            found.append(order)
    return found


# --- the Direct Fire Phase and the Fire and Smoke Phase ----------------------------------------


def fire(state: ArmorState, unit: str, order: Order) -> None:
    """An FS order in the Direct Fire Phase: an inverted Smoke unit placed [OP IX.A.3] (an
    "HS" order waits for the Artillery Impact Phase)."""
    assert order.smoke is not None
    if order.smoke_indirect:
        return
    why = why_not_smoke(state, unit, order.smoke, bool(order.moves))
    if why is not None:
        state.emit(FireCancelled(unit, order.notation, why))
        return
    h: Hex | None = state.game.amap.resolve(order.smoke)
    state.firing.fired.add(unit)
    supply.expend(state, unit, 1, supply.SMOKE_SHOT)  # "a Rate of Fire of '1'" [OP XXIV.A.2]
    if state.game.units[unit].mortar:  # "after checking for Scatter" [IX.A.3; OP II.E.5]
        h = _mortar_scatter(state, unit, order, state.game.amap.resolve(order.smoke), False)
    if h is None:
        return  # off the mapboard: out of play [OP II.D.2.b]
    state.smoke.smoke_inverted.add(h)
    state.emit(
        HexChanged(
            state.game.name(h),
            f"{unit} fires Smoke (FS): an inverted Smoke unit placed, no effect on play until it "
            "is turned face up in the Fire and Smoke Phase",
            FS_RULE,
        )
    )


def _mortar_scatter(
    state: ArmorState, unit: str, order: Order, target: Hex, indirect: bool
) -> Hex | None:
    """A Mortar's Smoke lands "after checking for Scatter" [OP IX.A.3]: its own Scatter
    numbers, Continuous 01-10, doubled for "HS" [OP II.E.5; II.F.4.b(1)]."""
    from rules.armor.indirect import mortars
    from rules.armor.indirect.events import MortarImpact
    from rules.armor.indirect.impact import scatter

    top = mortars.scatter_number(state, unit, target, indirect)
    state.artillery.indirect_last[unit] = (state.play.turn, target)  # Continuous [E.5.c]
    label = f"Scatter {unit} ({'HS' if indirect else 'FS'})"
    return scatter(state, unit, order.notation, target, top, label, MortarImpact)


def indirect_smoke(state: ArmorState) -> None:
    """The "HS" orders in the Artillery Impact Phase [OP IX.A.1; A.3; Sequence of Play 8]:
    Scatter as Indirect Fire [OP II.F.4.b(2); F.5], then an inverted Smoke unit in the Impact
    hex only [GC2 Artillery Tables note]."""
    from rules.armor.indirect.events import ArtilleryImpact
    from rules.armor.indirect.howitzers import CONTINUOUS, INITIAL
    from rules.armor.indirect.impact import scatter_direction

    game = state.game
    for side in game.sides:
        for unit, order in sorted(state.sheets.orders[side].items()):
            if order.smoke is None or not order.smoke_indirect:
                continue
            if unit not in state.troops.hexes or state.gun_lost(unit):
                state.emit(FireCancelled(unit, order.notation, "Knocked Out or its gun lost"))
                continue
            target = game.amap.resolve(order.smoke)
            if game.units[unit].mortar:  # its Scatter numbers doubled [OP II.F.4.b(1)]
                if state.suppressed(unit):
                    why = "Suppressed before it fires: a Leg unit's orders are cancelled [ADV IV.D]"
                    state.emit(FireCancelled(unit, order.notation, why))
                    continue
                supply.expend(state, unit, 1, supply.SMOKE_SHOT)
                landed = _mortar_scatter(state, unit, order, target, indirect=True)
                if landed is not None:
                    _hs_landed(state, unit, landed)
                continue
            last = state.artillery.indirect_last.get(unit)
            top = CONTINUOUS if last == (state.play.turn - 1, target) else INITIAL
            state.artillery.indirect_last[unit] = (state.play.turn, target)
            supply.expend(state, unit, 1, supply.SMOKE_SHOT)  # one Smoke shell [OP XXIV.A.2]
            roll = state.roll(f"Scatter {unit} (HS)", 100)
            name = order.smoke
            h: Hex | None = target
            direction = None
            if roll <= top:
                direction = scatter_direction(state.roll(f"Scatter direction {unit}", 100))
                moved = target.neighbor(game.amap.direction_to_global(target, direction))
                h = moved if game.on_map(moved) else None
            where = game.name(h) if h is not None else None
            state.emit(ArtilleryImpact(unit, f"HS{name}", name, top, roll, direction, where))
            if h is None:
                continue  # off the mapboard: out of play [OP II.D.2.b]
            _hs_landed(state, unit, h)


def _hs_landed(state: ArmorState, unit: str, h: Hex) -> None:
    """An "HS" Smoke unit placed, inverted, in its Impact hex [OP IX.A.1; IX.A.3]."""
    state.smoke.smoke_inverted.add(h)
    state.emit(
        HexChanged(
            state.game.name(h),
            f"{unit}'s Indirect Fire of Smoke (HS): an inverted Smoke unit placed in "
            "the Impact hex, no effect on play until it is turned face up",
            "[OP IX.A.1; IX.A.3; Sequence of Play 8]",
        )
    )


def turn_over(state: ArmorState) -> None:
    """The Fire and Smoke Phase's first step [OP IX.A.4; Sequence of Play 12]: face-up Smoke
    removed, then inverted Smoke turned face up."""
    kept, name = state.smoke, state.game.name
    for h in sorted(kept.smoke_face_up):
        state.emit(HexChanged(name(h), "the face-up Smoke unit is removed", "[OP IX.A.4]"))
    kept.smoke_face_up = set()
    for h in sorted(kept.smoke_inverted):
        state.emit(
            HexChanged(
                name(h),
                "the inverted Smoke unit is turned face up: a Smoke hex for the following Turn "
                "(it blocks sight at every level, into the hex too; +1 SF for a Vehicle to "
                "enter)",
                "[OP IX.A.4-5]",
            )
        )
    kept.smoke_face_up, kept.smoke_inverted = kept.smoke_inverted, set()


# --- what a Smoke hex does -------------------------------------------------------------------


def why_not_seen(state: ArmorState, a: Hex, b: Hex) -> str | None:
    """Why a face-up Smoke unit blocks the line of sight from ``a`` to ``b``, or None
    [OP IX.A.5]: in either end hex or between (both hexes where the line runs along a
    hexside: placeholder, as the map's Smoke). With ``smoking-wrecks`` a hex holding a Wreck
    unit is a Smoke hex too [OP X.C.4] (:func:`rules.armor.optional.intel.smoking_wreck`)."""
    smoke = state.smoke.smoke_face_up
    wreck = intel.smoking_wreck(state)
    if not smoke and wreck is None:
        return None
    for step in line_steps(a, b):
        if not all(h in smoke or (wreck is not None and wreck(h)) for h in step.hexes):
            continue
        where = " and ".join(state.game.name(h) for h in step.hexes)
        if all(h in smoke for h in step.hexes):
            return (
                f"the Smoke fired into {where} blocks lines of sight from all elevation levels, "
                "including into the Smoke hex [OP IX.A.5] (out of it too: our reading)"
            )
        return (
            f"the Wreck unit in {where} is a Smoke hex [OP X.C.4]: it blocks lines of sight "
            "from all elevation levels, including into it [OP IX.A.5] (out of it too: our "
            "reading, as Smoke)"
        )
    return None


def cost(state: ArmorState, is_vehicle: bool, base: EnterCost) -> EnterCost:
    """A face-up Smoke hex "costs an additional Speed Factor for Vehicle units to enter"
    [OP IX.A.5; CS Vehicle Movement Costs: "+1 & OT"]; ``base`` itself otherwise. So do the
    hexes the Optional Sighting Rules make Smoke hexes: a Wreck unit's hex with
    ``smoking-wrecks`` [OP X.C.4] and a dust hex with ``sighting-dust`` [OP X.C.3.c]
    (:func:`rules.armor.optional.intel.smoke_hexes`). A hex that is a Smoke hex twice over
    (Smoke fired into a dust hex, the map's own Smoke) costs its +1 once (our reading)."""
    if not is_vehicle:
        return base
    smoke = state.smoke.smoke_face_up | intel.smoke_hexes(state)
    map_wrecks = intel.smoking_map_wrecks(state.game)
    if not smoke and not map_wrecks:
        return base
    terrain = state.game.terrain

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        found = base(frm, to)
        if found is None or not (to in smoke or map_wrecks):
            return found
        mixed = terrain.mixed(to)
        if "smoke" in mixed or (to not in smoke and "wreck" not in mixed):
            return found  # the map's own Smoke already costs its +1
        return found + 1

    return enter


# --- position files ---------------------------------------------------------------------------


class SmokeState(StrictModel):
    """:class:`Smoke` by hex names [OP IX.A.3-4]."""

    inverted: list[str] = Field(default_factory=list)
    face_up: list[str] = Field(default_factory=list)


def smoke_of(state: ArmorState) -> SmokeState | None:
    kept, name = state.smoke, state.game.name
    if not kept.smoke_inverted and not kept.smoke_face_up:
        return None
    return SmokeState(
        inverted=[name(h) for h in sorted(kept.smoke_inverted)],
        face_up=[name(h) for h in sorted(kept.smoke_face_up)],
    )


def read_smoke(game: ArmorGame, kept: SmokeState | None, reader: PositionReader) -> Smoke:
    found = Smoke()
    if kept is None:
        return found
    for key, names, into in (
        ("inverted", kept.inverted, found.smoke_inverted),
        ("face_up", kept.face_up, found.smoke_face_up),
    ):
        for n in names:
            h = reader.hex(n, ("state", "smoke", key, n))
            if h is not None:
                into.add(h)
    return found
