"""Infantry anti-tank weapons: Bazookas, PIATs, Panzerfausts and Panzerschrecks [ADV III.B;
ADV IV.E.3; ADV IV.E.6; ADV V.A; ADV VI.A.1; ADV VIII.A.2].

What the book says and the engine plays:

- **Who carries one** [ADV III.B; ADV V.A]: the Command Sheet writes a squad's "special
  equipment ("B" for a Bazooka, "PT" for a Panzerfaust, "PK" for a Panzerschreck, "PA" for a
  PIAT ...)", as in "1/2 Armored B15"; the weapons "are never used as separate units, but are
  always part of an Infantry unit, moving with the Infantry unit". A force entry marks the
  squad so (``state: [B]``, or the weapon's name, ``bazooka``); the weapon must be one its
  Data Card's ``attachments`` list (the catalogue: B on the American cards, PA on the British,
  PT and PK on the German). A Half Squad keeps it [OP XII: "any special weapons carried by a
  squad (Bazookas, Flamethrowers, etc.) will remain with the reduced unit"]. Our reading: one
  weapon a squad (the first its marks name), no Machinegun or Mortar Team, no Bailed Out Crew.
- **Orders** [ADV IV.E.3]: "(B)F-865" orders the weapon apart from the Infantry; "If no
  separate Fire orders are written for these weapons, they are automatically ordered to Fire
  in the same way and at the same target as the Infantry" (our reading, as the hand-held
  Flamethrower's: only where the weapon can fire at that target, else nothing is logged).
  Their Field of Fire is the Infantry's [ADV IV.E.3].
- **Fire** [ADV VI.A.1]: they "use Direct ... Fire with AP Shells the same as Vehicle units in
  the Armor Game": the AP Hit Table with the Modifier Number (20 and the Movement, Target
  Terrain and Miscellaneous Modifiers [AG VI.B.3]), Hit Determination on the target's card,
  Penetration against AB, the Damage Caused Table [AG VI.B.5-7]. "Infantry weapons are
  considered to be moving if ordered to move one hex (firing is impossible if two hexes of
  movement are ordered)". "Infantry weapons use HEAT shells and do not rely on velocity for
  penetration" [Designer's Notes II]: the Penetration is the same at every range. AP fire is
  only at Vehicle units [ADV VI.B]. "Infantry units, but not any attached weapons, may Direct
  Fire while being Transported" [ADV V.C.3]. Suppressed Leg units fire only in Overrun
  Defensive Fire [ADV VIII.A.2.b].
- **GP fire** [ADV IV.E.6]: "The PIAT, Bazooka, Panzerfaust, and Panzerschreck may only use
  their GP Factors against Block, Wire, Pillbox, or Bunker units, or against units in Building
  hexes". At an enemy Leg or Towed unit in a Building hex (any storey) the weapon fires its GP
  Factor by the GP procedure [ADV VI.B] (:func:`rules.armor.gp.resolve_gp` with its letter
  code): by its own order "(B)F-865", with the squad's Direct Fire at that unit by the
  automatic order [ADV IV.E.3], and with the squad's triggered Opportunity Fire (halved
  [ADV VI.B.2.a]) or Tracking Fire (not halved [OP XV.B.3]); MV when the squad is ordered one
  hex [ADV VI.A.1]; a Half Squad's weapon is not halved and a Squad Plus adds nothing to it
  (our reading: the special weapons "remain with the reduced unit" [OP XII], the halving and
  the +10 are the Squad's own GP). Our readings: at a Vehicle, in a Building hex too, it fires
  AP ("AP Shells may only be fired at Vehicle units" [ADV VI.B] and the weapons use AP "the
  same as Vehicle units" [ADV VI.A.1]); a unit inside a Pillbox or Bunker is not the Pillbox
  unit, so no GP; its own Opportunity Fire order "(B)N-" watches for Vehicles only. Refused,
  saying why: GP at a unit outside a Building hex. "(B)F-hex" at a Block, Wire, Pillbox or
  Bunker unit [ADV IV.E.5-6] fires the weapon's GP Factor against its GP Defense Factor
  (:mod:`rules.armor.support.strikes`, placeholders), by its own order or with the squad's
  "F-hex" (an Assault Squad's [OP V.B]).
- **Overrun Defensive Fire** [ADV VIII.A.2-3]: with the squad's, "only if the hex adjacent to
  the target hex entered by the Vehicle unit is in their Field of Fire", "resolved the same as
  Direct Fire by AP ... at a range of one ... hex[]"; Suppressed, "with the Suppressed AP
  Modifier" [A.2.b]; not with Load or Unload orders [A.2.a]. Our reading: it fires as not
  moving (the Overrun Phase comes before any movement, and the Leg unit's own Defensive Fire
  is NM "regardless of the Leg unit's movement orders").
- **Close Assault** [ADV VII]: the book uses the Infantry's MV GP Factor only and names no
  weapon: the weapons add nothing there.
- **Ammunition**: the book gives no one-shot limit for any of them; with Limited Ammunition
  Leg units have "Unlimited supplies of ammunition" [OP XXIV.A.1.a], so a Panzerfaust fires
  every Turn as the others do (the book's, not ours).

Placeholders (the Data Cards' Gunnery Tables, Damage Caused Tables and Point Values are not
in the text): each weapon's AP Factors by range, its Penetration, its longest range, its GP
Factor and its Point Value are rows of ``resources/armor/tables/anti-tank-weapons.yaml``
(:data:`TABLE`, read by :func:`launchers`; each cell says what it rests on, and ``hexwright
data report`` counts them); one shot a Turn; the firer's Damage Caused Table is the shared
placeholder's. Opportunity Fire: the weapon fires with its squad's triggered Opportunity (or
Tracking) Fire at a Vehicle, -8 [AG VII.F.1] (our reading of the automatic order), or by its
own order "(B)N-1802" (:mod:`rules.armor.antitank_opportunity`, our reading, as the
machineguns'), which replaces the automatic one. Its Point Value is added to the squad's
[ADV V.A] in the point-buy and when the squad is knocked out. The GP Factor (NM at every
range the weapon has an AP Factor, MV half) is a placeholder too.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.provenance import Value, unwrap
from model.systems import GameSystem
from model.tables import Table
from rules.armor.cards import Gun, hit_number, table
from rules.armor.events import ApFire, PhaseNote
from rules.armor.range import describe_range, range_between
from rules.armor.turret import turret_aspect
from rules.armor.units import card_values
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.fire import Aim, Pending
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[ADV IV.E.3; ADV VI.A.1; AG VI.B; GC1 AP Hit Table]"
#: The resources table of the weapons' Gunnery Tables and Point Values (all placeholders but
#: their names): ``resources/armor/tables/anti-tank-weapons.yaml``.
TABLE = "anti-tank-weapons"
_AP_COLUMNS = ("ap_factor@1", "ap_factor@2", "ap_factor@3")


@dataclass(frozen=True)
class Launcher(Gun):
    """An infantry anti-tank weapon's Gunnery Table: AP Factor per range from one hex, one
    Penetration at every range (HEAT [Designer's Notes II]), the NM GP Factor it may use only
    at fortifications and units in Building hexes [ADV IV.E.6], the Point Value it adds to its
    squad's [ADV V.A]; each read from :data:`TABLE` with what it rests on (placeholders)."""

    code: str = ""
    factors: tuple[int, ...] = ()
    gp: int = 0
    points: int = 0
    placeholder: str = ""
    gp_placeholder: str = ""
    points_placeholder: str = ""

    def ap_factor(self, rng: int) -> int:
        """The AP Factor at ``rng`` [AG VI.B.1]; 0 out of range."""
        return self.factors[rng - 1] if 1 <= rng <= len(self.factors) else 0

    def penetration(self, rng: int) -> int:
        """The same at every range: HEAT does not rely on velocity [Designer's Notes II]."""
        return self.pen7

    def gp_factor(self, rng: int, moving: bool) -> int:
        """The NM or MV GP Factor at ``rng`` [ADV VI.B.1; ADV IV.E.6]: the NM at every range
        it has an AP Factor, MV half of it rounded down (placeholders); 0 out of range."""
        if self.ap_factor(rng) <= 0:
            return 0
        return self.gp // 2 if moving else self.gp


def _number(table: Table, row: str, column: str) -> tuple[int | None, str]:
    """A whole-number cell of ``table`` (None for an empty one) and its placeholder text."""
    found = table.cell(row, column)
    value = unwrap(found)
    basis = (found.placeholder or "") if isinstance(found, Value) else (table.placeholder or "")
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value, basis
    raise ValueError(f"table {table.id}[{row}][{column}]: {value!r} is not a whole number")


def _whole(table: Table, row: str, column: str) -> tuple[int, str]:
    value, basis = _number(table, row, column)
    if value is None:
        raise ValueError(f"table {table.id}[{row}][{column}] is empty: give a number")
    return value, basis


def launchers(table: Table) -> dict[str, Launcher]:
    """The weapons of a (pydantic-validated) :data:`TABLE`, by their Command Sheet letter
    codes [ADV III.B]: the rows B, PA, PT, PK, whose order notations the Order Plot reads.

    Raises:
        ValueError: a row missing or extra, a cell not a whole number, an AP Factor after the
            weapon's longest range.
    """
    keys = [str(r.key) for r in table.rows]
    if sorted(keys) != sorted(_CODES):
        raise ValueError(f"table {table.id}: rows {keys}, expected one each of {list(_CODES)}")
    found: dict[str, Launcher] = {}
    for code in _CODES:
        cells = [_number(table, code, c) for c in _AP_COLUMNS]
        factors = tuple(v for v, _ in cells if v is not None)
        if not factors or any(v is None for v, _ in cells[: len(factors)]):
            raise ValueError(f"table {table.id}[{code}]: AP Factors from one hex, then empty")
        pen, pen_basis = _whole(table, code, "penetration")
        gp, gp_basis = _whole(table, code, "nm_gp_factor")
        points, points_basis = _whole(table, code, "points")
        basis = "; ".join(dict.fromkeys(b for b in (cells[0][1], pen_basis) if b))
        longest = len(factors)
        name = str(unwrap(table.cell(code, "name")))
        found[code] = Launcher(
            name,
            factors[0],
            pen,
            longest,
            longest,
            code=code,
            factors=factors,
            gp=gp,
            points=points,
            placeholder=basis,
            gp_placeholder=gp_basis,
            points_placeholder=points_basis,
        )
    return found


#: The Command Sheet letter codes [ADV III.B], as the order notations read them [ADV IV.E.3].
_CODES = ("B", "PA", "PT", "PK")
#: The weapons by their letter codes, read from the resources (placeholder tables).
WEAPONS: dict[str, Launcher] = launchers(table(TABLE))
CODES = tuple(WEAPONS)
_NAMES = {w.name.lower(): code for code, w in WEAPONS.items()}


@functools.cache
def attachments(type_id: str) -> frozenset[str]:
    """The special equipment a unit type's Data Card lists (the catalogue's ``attachments``
    [ADV III.B])."""
    entry = unit_types(GameSystem.ARMOR).get(type_id)
    raw = card_values(entry).get("attachments") if entry is not None else None
    found = unwrap(raw) if raw is not None else None
    return frozenset(str(x) for x in found) if isinstance(found, list) else frozenset()


def carried(type_id: str, marks: Sequence[str]) -> Launcher | None:
    """The weapon a force entry of ``type_id`` marked ``marks`` carries [ADV III.B]: the first
    mark naming one the card lists (our reading: one a squad), or None."""
    listed = attachments(type_id)
    for mark in marks:
        code = mark.upper() if mark.upper() in WEAPONS else _NAMES.get(mark.lower())
        if code is not None and code in listed:
            return WEAPONS[code]
    return None


def weapon(state: ArmorState, unit: str) -> Launcher | None:
    """The anti-tank weapon ``unit`` carries, or None [ADV III.B; ADV V.A]: an Infantry Squad
    or Half Squad [OP XII] whose force entry marks one its card lists."""
    spec = state.game.units.get(unit)
    if spec is None or not spec.leg or spec.mg_team or spec.crew_of is not None:
        return None
    return carried(spec.type_id, state.game.deployment.marks.get(unit, ()))


def priced(type_id: str, marks: Sequence[str]) -> tuple[int, str | None]:
    """The Point Value a weapon adds to its squad's [ADV V.A] (its row of :data:`TABLE`, a
    placeholder), and what it rests on; (0, None) with no weapon."""
    found = carried(type_id, marks)
    if found is None:
        return 0, None
    return found.points, f"+{found.points} for its {found.name}: {found.points_placeholder}"


def with_points(state: ArmorState, unit: str, value: tuple[int, str]) -> tuple[int, str]:
    """A knocked out squad's Point Value with its weapon's added [ADV V.A; AG IX.B.1]."""
    launcher = weapon(state, unit)
    if launcher is None:
        return value
    points, why = value
    more = launcher.points
    return points + more, f"{why} + {more} for its {launcher.name} [ADV V.A] (placeholder)"


def hexes_moved(order: Order) -> int:
    """Hexes of movement the order plots (a storey Up or Down counts as a hex [ADV IV.B.2.b])."""
    return sum(1 for s in order.steps if s in "FBMW")


IV_E_6 = (
    "may only use their GP Factors against Block, Wire, Pillbox, or Bunker units, or against "
    "units in Building hexes [ADV IV.E.6]"
)


def in_building(state: ArmorState, target: str) -> bool:
    """``target`` stands in a Building hex (any of the Building terrains, a storey up or not)
    [ADV IV.E.6]."""
    h = state.troops.hexes.get(target)
    return h is not None and state.game.terrain.terrain(h).endswith("building")


def fires_gp(state: ArmorState, target: str) -> bool:
    """The weapon's fire at ``target`` is GP fire: at any unit but a Vehicle [ADV VI.B]; at a
    Vehicle it fires AP, in a Building hex too (our reading: "AP Shells may only be fired at
    Vehicle units", and the weapons "use ... AP Shells the same as Vehicle units" [VI.A.1])."""
    if target not in state.game.units:  # a Block, Wire, Pillbox or Bunker's hex [ADV IV.E.5]
        return True
    return not state.game.units[target].vehicle


def why_not(
    state: ArmorState, unit: str, code: str, target: str, moving: bool = False
) -> str | None:
    """Why ``unit``'s weapon ``code`` may not fire at ``target`` now (its squad with movement
    orders when ``moving``), or None [ADV IV.E.3; IV.E.6; V.C.3; VI.A.1]: AP at an enemy
    Vehicle [ADV VI.A.1], GP only at an enemy unit in a Building hex [ADV IV.E.6]."""
    from rules.armor.fire import why_not_fire
    from rules.armor.support import strikes

    carried = weapon(state, unit)
    name = WEAPONS[code].name
    if carried is None or carried.code != code:
        return (
            f"it carries no {name}: an Infantry Squad marked {code} whose Data Card lists it "
            "[ADV III.B; ADV V.A]"
        )
    if strikes.is_target(state, target):  # "(B)F-hex" [ADV IV.E.5-6]
        if state.transported(unit):
            return (
                "Infantry units, but not any attached weapons, may Direct Fire while being "
                "Transported [ADV V.C.3]"
            )
        return strikes.why_not(state, unit, target, moving, code)
    if unit not in state.troops.hexes or target not in state.troops.hexes:
        return "it is not on the map"
    other = state.game.units[target]
    if other.side == state.game.units[unit].side:
        return "it is not an enemy unit"
    gp = fires_gp(state, target)
    if gp and not in_building(state, target):
        where = state.game.terrain.terrain(state.troops.hexes[target])
        return (
            f"the {name} fires AP only at Vehicle units [ADV VI.B]; it {IV_E_6}: {target} is "
            f"in {where}"
        )
    if state.transported(unit):
        return (
            "Infantry units, but not any attached weapons, may Direct Fire while being "
            "Transported [ADV V.C.3]"
        )
    why = why_not_fire(state, unit, target, moving)  # the squad's: sight, Field of Fire ...
    if why is not None:
        return why
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    if carried.ap_factor(range_between(a, b)) <= 0:
        return (
            f"beyond the {name}'s range ({describe_range(a, b)}; {carried.longest} hex(es), a "
            "placeholder Gunnery Table)"
        )
    if gp and carried.gp_factor(range_between(a, b), moving) <= 0:
        return f"the {name}'s GP Factor is 0 here (a placeholder Gunnery Table) [ADV IV.E.6]"
    return None


def why_not_moves(order: Order, code: str) -> str | None:
    """[ADV VI.A.1]: "firing is impossible if two hexes of movement are ordered"."""
    if hexes_moved(order) >= 2:
        return (
            f"its {WEAPONS[code].name} may not fire: two hexes of movement are ordered [ADV VI.A.1]"
        )
    return None


def aim(
    state: ArmorState,
    firer: str,
    target: str,
    moving: bool | None = None,
    target_hexes: int | None = None,
    opportunity: bool = False,
) -> Aim:
    """The weapon's AP shot up to the die, as a Vehicle's [ADV VI.A.1; AG VI.B]: the Target
    Angle Wheel's aspect, every AP modifier (the squad moving one hex is moving [ADV VI.A.1];
    -8 for an ``opportunity`` fire [AG VII.F.1]), the Modifier Number, the Hit Number; one
    shot (placeholder)."""
    from rules.armor.fire import GC1, Aim, modifiers, target_aspect

    launcher = weapon(state, firer)
    assert launcher is not None
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    rng = range_between(a, b)  # by the Range Scale, Dot to Dot [AG III.D]
    aspect = target_aspect(state.troops.facing[target], b, a)
    if moving is None:
        moving = bool(state.orders_of(firer).moves)
    mods = modifiers(state, firer, target, aspect, moving, target_hexes)
    if opportunity:
        mods.append(Modifier("Opportunity Fire", -8, f"{GC1} Misc. (AP); AG VII.F.1]"))
    number = 20 + sum(m.value for m in mods if m.applied)
    hit = hit_number(number, launcher.ap_factor(rng))
    turret = turret_aspect(state, firer, target)
    return Aim(launcher, rng, a.distance(b), aspect, tuple(mods), number, hit, 1, turret)


def resolve(
    state: ArmorState,
    firer: str,
    target: str,
    moving: bool | None = None,
    how: str = "",
    opportunity: bool = False,
) -> list[Pending]:
    """The weapon's fire at ``target``, explained in events (``how``: words added to its
    rule; ``opportunity``: an Opportunity Fire's -8 [AG VII.F.1], or its GP Factor halved
    [ADV VI.B.2.a]); the results, not yet applied [AG VI.A]. AP at a Vehicle [ADV VI.A.1];
    GP at a unit in a Building hex [ADV IV.E.6] by the GP procedure [ADV VI.B]
    (:func:`rules.armor.gp.resolve_gp` with the weapon's letter code)."""
    from rules.armor import ranging
    from rules.armor.fire import _hit
    from rules.armor.gp import resolve_gp
    from rules.armor.support import strikes

    if strikes.is_target(state, target):  # at a Block, Wire, Pillbox or Bunker [IV.E.5-6]
        carried = weapon(state, firer)
        assert carried is not None
        if moving is None:
            moving = bool(state.orders_of(firer).moves)
        return strikes.resolve(state, firer, target, moving, code=carried.code)
    if fires_gp(state, target):  # its GP Factor, at a unit in a Building hex [ADV IV.E.6]
        carried = weapon(state, firer)
        assert carried is not None
        state.firing.fired.add(firer)  # sighted next Turn at any range [AG IV.C.5]
        return resolve_gp(
            state, firer, target, opportunity, mg=carried.code, how=how, moving=moving
        )
    shot = aim(state, firer, target, moving, opportunity=opportunity)
    launcher = shot.gun
    assert isinstance(launcher, Launcher)
    state.firing.fired.add(firer)  # sighted next Turn at any range [AG IV.C.5]
    roll = state.roll(f"AP fire {firer} ({launcher.code}) at {target}", 100)
    hits = 1 if roll <= shot.hit_number else 0
    ranging.note(state, firer, target, hits)  # for a Previous Hit next time [GC1]
    rule = f"with its ({launcher.code}) {launcher.name}{how} {RULE}"
    notes = [launcher.placeholder, shot.hit.placeholder]
    pen = launcher.penetration(shot.range)
    state.emit(
        ApFire(
            firer,
            target,
            shot.range,
            shot.hexes,
            launcher.ap_factor(shot.range),
            pen,
            shot.modifiers,
            shot.number,
            shot.hit_number,
            1,
            roll,
            hits,
            rule,
            placeholder="; ".join(n for n in notes if n),
        )
    )
    found: list[Pending] = []
    for _ in range(hits):
        found.extend(_hit(state, firer, target, shot, pen))
    return found


def written(order: Order, code: str) -> bool:
    """The order has a separate fire order for the weapon ("(B)F-865" [ADV IV.E.3], or its
    own Opportunity Fire "(B)N-1802", :mod:`rules.armor.antitank_opportunity`)."""
    mine = (*order.mg, *order.mg_opportunity, *order.mg_tracking)  # "(B)T-" [OP XV]
    return any(mount == code for mount, _ in mine)


def automatic(state: ArmorState, unit: str, order: Order) -> Launcher | None:
    """The weapon that fires with the squad at its Direct Fire target by the automatic order
    [ADV IV.E.3], or None: no separate order written for it and it can fire at that target
    now (our reading)."""
    launcher = weapon(state, unit)
    if launcher is None or order.fire is None or written(order, launcher.code):
        return None
    if why_not_moves(order, launcher.code) is not None:
        return None
    if why_not(state, unit, launcher.code, order.fire, bool(order.moves)) is not None:
        return None
    return launcher


def with_squad(state: ArmorState, unit: str, order: Order) -> list[Pending]:
    """The Direct Fire Phase: the weapon's automatic fire with its squad [ADV IV.E.3]."""
    if automatic(state, unit, order) is None or order.fire is None:
        return []
    return resolve(state, unit, order.fire, bool(order.moves), ", fired with the Infantry")


def with_opportunity(
    state: ArmorState, unit: str, target: str, tracking: bool = False
) -> list[Pending]:
    """The weapon's Opportunity Fire with its squad's, at the Vehicle that triggered it
    [ADV VI.A.1: "Direct or Opportunity Fire with AP Shells"; ADV IV.E.3: "in the same way
    and at the same target as the Infantry"]: -8 [AG VII.F.1], a Tracking Fire's without it
    [OP XV.B.3]; nothing when it may not fire at that Vehicle now, nor when a separate fire
    order is written for it [ADV IV.E.3]. The results, not yet applied."""
    launcher = weapon(state, unit)
    if launcher is None or why_not(state, unit, launcher.code, target) is not None:
        return []
    if written(state.orders_of(unit), launcher.code):  # its own order instead [ADV IV.E.3]
        return []
    how = ", Tracking Fire" if tracking else ", Opportunity Fire"
    how += " with the Infantry [ADV VI.A.1; AG VII.F]"
    return resolve(state, unit, target, False, how, opportunity=not tracking)


def options(state: ArmorState, unit: str, squad_targets: list[str]) -> list[Order]:
    """The separate weapon orders offered in the Order Plot [ADV IV.E.3]: the weapon alone at
    each enemy unit it may fire at (the squad standing): a Vehicle (AP [ADV VI.A.1]) or a unit
    in a Building hex (GP [ADV IV.E.6]); and with each Direct Fire of the squad at another
    target (the squad's own fire at that unit takes the weapon with it by the automatic
    order)."""
    from rules.armor.orders import Order
    from rules.armor.support import strikes

    launcher = weapon(state, unit)
    if launcher is None or state.transported(unit) or state.suppressed(unit):
        return []
    code = launcher.code
    aims = [
        t
        for t in state.enemies(state.game.units[unit].side)
        if why_not(state, unit, code, t) is None
    ]
    if state.game.works.units:  # "(B)F-hex": GP at a Block, Wire, Pillbox or Bunker [IV.E.6]
        aims.extend(strikes.options(state, unit, code))
    found = [Order(unit, mg=((code, t),)) for t in aims]
    found.extend(
        Order(unit, fire=s, mg=((code, t),)) for s in squad_targets for t in aims if s != t
    )
    return found


def targets(state: ArmorState, unit: str, moving: bool = False) -> list[str]:
    """The enemy units ``unit``'s weapon may fire at now: Vehicles (AP [ADV VI.A.1]) and units
    in Building hexes (GP [ADV IV.E.6])."""
    launcher = weapon(state, unit)
    if launcher is None:
        return []
    enemies = state.enemies(state.game.units[unit].side)
    return [t for t in enemies if why_not(state, unit, launcher.code, t, moving) is None]


# --- Overrun Defensive Fire [ADV VIII.A.2] ---------------------------------------------------


def defends(
    state: ArmorState, defender: str, vehicle: str, came: Hex, first: bool, phase: str
) -> list[Pending]:
    """The weapon's Overrun Defensive Fire with its squad's [ADV VIII.A.2-3]: AP as Direct
    Fire at the Vehicle in the adjacent hex ``came`` when that hex is in the squad's Field of
    Fire; not with Load or Unload orders [A.2.a]; Suppressed with the Suppressed AP Modifier
    [A.2.b]; as not moving (our reading). The results, not yet applied."""
    from rules.armor.fire import in_field_of_fire

    launcher = weapon(state, defender)
    if launcher is None or state.transported(defender):
        return []
    name = f"{defender}'s ({launcher.code}) {launcher.name}"
    here = state.troops.hexes[defender]
    why = None
    if state.orders_of(defender).transfer is not None:
        why = "it has Load or Unload orders (A.2.a)"
    elif (defender, launcher.code) in state.firing.mg_used:
        why = (
            "it fired its own Opportunity Fire: that or Defensive Fire, not both (A.2.d; our "
            "reading for the weapon's own order)"
        )
    elif not in_field_of_fire(state.gun_facing(defender), here, came):
        why = f"the hex {vehicle} comes from is not in its Field of Fire"
    if why is not None:
        state.emit(
            PhaseNote(phase, f"{name} does not fire Defensive Fire: {why}", "[ADV VIII.A.2]")
        )
        return []
    now = state.troops.hexes[vehicle]
    state.troops.hexes[vehicle] = came  # fired at as it comes from the adjacent hex [A.3]
    when = "First Fire from the adjacent hex" if first else "with the Overrun Fire"
    try:
        return resolve(
            state,
            defender,
            vehicle,
            moving=False,
            how=f", Overrun Defensive Fire ({when}) [ADV VIII.A.2-3]; as not moving (our reading)",
        )
    finally:
        state.troops.hexes[vehicle] = now
