"""Sighting [AG IV] and AP Direct Fire [AG VI] of the Armor Game.

Every range, for sighting and for fire, is the Range Scale's from Dot to Dot [AG III.D], not the
count of hexes (:func:`rules.armor.range.range_between`).

Sighting: a clear line of sight Dot to Dot (:func:`rules.los.query.line_of_sight`, Armor's levels;
Smoke blocks it into and out of its hex [OP IX.A.5]) and a range no longer than the Sighting
Ranges Table gives for the target's hex (Day, Normal:
the Armor Game's turrets are Open [AG IV.C.2; AG VIII.B]), twice that when the hex holds over
4 Stacking Factors [AG IV.C.6]; an adjacent hex is always sighted, and a unit that fired is
sighted for the next Turn at any range with a clear line [AG IV.C.5]. With the Optional
Sighting Rules (:mod:`rules.armor.optional.intel`): +5 hexes a level [OP X.C.1], a Leg or Towed
unit in Full Cover at the table's second number [OP X.C.2], dust [OP X.C.3].

Direct Fire [AG VI.A-B]: from the positions before movement, at one sighted enemy vehicle in
the gun's 60 degree Field of Fire; Modifier Number = 20 + the Movement, Target Terrain and
Miscellaneous Modifiers (each with its rule in the :class:`~rules.armor.events.ApFire` event),
crossed with the AP Factor on the AP Hit Table; the Number of Hits Table for more than one shot;
each hit's location and AB from the target's Hit Determination Table (Level/Rising/Falling, the
Target Angle Wheel's sector; the turret's facing moves TF, GM and TR hits where the scenario
plays Effects of Turret Facing [OP VII], :mod:`rules.armor.turret`), a penetration when
Penetration exceeds AB, then the firer's Damage Caused Table. Results wait until every Direct
Fire is done [AG VI.A].
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.systems import GameSystem
from model.tables import Cell
from rules.armor import hatches, ranging, storeys, towed
from rules.armor.cards import (
    ARMOUR_PLACEHOLDER,
    DAMAGE_PLACEHOLDER,
    GUNNERY_PLACEHOLDER,
    HIT_LOCATION_PLACEHOLDER,
    HULL_LOCATIONS,
    TURRET_LOCATIONS,
    Gun,
    armour_basis,
    cell,
    damage_caused,
    gun_of,
    hit_location,
    hit_number,
    hits_scored,
)
from rules.armor.events import ApFire, ApHit, FireCancelled
from rules.armor.gp import resolve_gp, uses_gp, why_not_gp
from rules.armor.los import unit_level
from rules.armor.optional import (
    apcr,
    blaze,
    depression,
    flak,
    intel,
    morale,
    specials,
    supply,
    vehicles,
)
from rules.armor.optional import smoke as fired_smoke
from rules.armor.range import describe_range, range_between
from rules.armor.support import obstacles
from rules.armor.turret import TurretAspect, turret_aspect
from rules.engine.events import Modifier
from rules.los.core import Sight
from rules.los.geometry import trace
from rules.los.terrain import terrain_table

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.units import ArmorUnit

GC1 = "Armor [GC1"

#: Sighting Ranges Table column groups by terrain id [GC2]; Hill, Road, Track and Wreck use
#: the other terrain in the hex [AG IV.C], which on these boards is Clear.
_SIGHT_GROUP = {
    "block": "block",
    "improved-position": "imp-building",
    "building": "imp-building",
    "wood-building": "imp-building",
    "brick-building": "imp-building",
    "stone-building": "imp-building",
    "defilade": "defilade-ditch",
    "ditch": "defilade-ditch",
    "depression": "depression-rough",
    "rough": "depression-rough",
    "ford": "ford-alley-stream-scrub",
    "alley": "ford-alley-stream-scrub",
    "stream": "ford-alley-stream-scrub",
    "scrub": "ford-alley-stream-scrub",
    "woods": "woods-hedgerow",
    "hedgerow": "woods-hedgerow",
}
_TERRAIN_MODIFIER = {"scrub": "Scrub", "rough": "Rough", "woods": "Woods", "alley": "Alley (OP)"}


def pixel(h: Hex) -> tuple[float, float]:
    """The hex's Dot (flat-topped columns; one hex = sqrt 3 between Dots)."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


def _vector(compass: int) -> tuple[float, float]:
    return pixel(Hex(0, 0).neighbor(compass))


def angle_between(compass: int, frm: Hex, to: Hex) -> float:
    """Degrees (0-180) between the compass direction and the line from ``frm`` to ``to``."""
    (ax, ay), (bx, by), (cx, cy) = _vector(compass), pixel(frm), pixel(to)
    dx, dy = cx - bx, cy - by
    norm = math.hypot(ax, ay) * math.hypot(dx, dy)
    if norm == 0:
        return 0.0
    return math.degrees(math.acos(max(-1.0, min(1.0, (ax * dx + ay * dy) / norm))))


def in_field_of_fire(gun_facing: int, frm: Hex, to: Hex) -> bool:
    """[AG VI.A.3]: a 60 degree arc from the gun's face; a hex even partly inside counts."""
    if frm == to:
        return False
    distance = math.hypot(*(a - b for a, b in zip(pixel(frm), pixel(to), strict=True)))
    slack = math.degrees(math.asin(min(1.0, (math.sqrt(3) / 2) / distance)))
    return angle_between(gun_facing, frm, to) < 30 + slack - 1e-9


def in_half_circle(front: int, frm: Hex, to: Hex) -> bool:
    """[ADV VI.A.4.e]: a 180 degree arc to the front of a Pillbox or Bunker unit; a hex even
    partly inside counts, as for the 60 degree arc [AG VI.A.3]."""
    if frm == to:
        return False
    distance = math.hypot(*(a - b for a, b in zip(pixel(frm), pixel(to), strict=True)))
    slack = math.degrees(math.asin(min(1.0, (math.sqrt(3) / 2) / distance)))
    return angle_between(front, frm, to) < 90 + slack - 1e-9


def field_of_fire(state: ArmorState, unit: str, frm: Hex, to: Hex) -> str | None:
    """Why the hex ``to`` is not in ``unit``'s Field of Fire from ``frm``, or None: the gun's
    60 degree arc [AG VI.A.3; ADV VI.A.4] (Leg and Towed units alike), all round for
    transported Infantry [ADV VI.A.4.a], and for a unit inside a Pillbox or Bunker the 180
    degrees to the front of the Pillbox or Bunker unit [ADV VI.A.4.e]
    (:func:`rules.armor.support.strikes.front`, our reading of where it faces)."""
    from rules.armor.support.effects import shelter_of
    from rules.armor.support.strikes import front

    if state.transported(unit):
        return None  # [ADV VI.A.4.a]
    shelter = shelter_of(state, unit)
    if shelter is not None:
        if in_half_circle(front(state, shelter), frm, to):
            return None
        return (
            f"the target is not in the 180 degree Field of Fire to the front of its "
            f"{shelter.name} [ADV VI.A.4.e]"
        )
    if in_field_of_fire(state.gun_facing(unit), frm, to):
        return None
    return "the target is not in its Field of Fire [AG VI.A.3]"


@dataclass(frozen=True)
class Aspect:
    sector: str
    aspect: str
    angle: int
    side_shot: bool
    placeholder: str | None


#: Target Angle Wheel sectors by the angle off the target's front (placeholder boundaries).
_SECTORS = (
    (10, "F 0"),
    (30, "FS 30"),
    (50, "FS 45"),
    (70, "FS 60"),
    (110, "S 0"),
    (130, "RS 60"),
    (150, "RS 45"),
    (170, "RS 30"),
    (181, "R 0"),
)
SECTOR_PLACEHOLDER = (
    "the Target Angle Wheel's sector edges are not in the text: the half circle cut into "
    "F 0 (to 10 degrees), FS 30, FS 45, FS 60 (20 each), S 0 (70-110), RS 60, RS 45, RS 30, R 0"
)


def target_aspect(target_facing: int, target: Hex, firer: Hex) -> Aspect:
    """The Target Angle Wheel laid on the target facing its hull [TAW card]."""
    theta = angle_between(target_facing, target, firer)
    sector = next(name for top, name in _SECTORS if theta < top)
    aspect = cell("target-angle-wheel", sector, "aspect")
    angle = cell("target-angle-wheel", sector, "angle")
    side = cell("target-angle-wheel", sector, "side shot")
    notes = [SECTOR_PLACEHOLDER, aspect.placeholder, side.placeholder]
    return Aspect(
        sector,
        str(aspect.value),
        int(str(angle.value)),
        bool(side.value),
        "; ".join(n for n in notes if n),
    )


@functools.cache
def _sight_table(key: str = "Day Normal") -> dict[str, object]:
    """A row of the Sighting Ranges Table: Day Normal, or Day Buttoned for a Buttoned Vehicle
    [AG IV.C.2; GC2]."""
    from rules.armor.cards import table

    t = table("sighting-ranges")
    row = next(r for r in t.rows if r.key == key)
    from model.provenance import unwrap

    return {str(c): unwrap(v) for c, v in zip(t.columns, row.cells, strict=True)}


def level(game: ArmorGame, h: Hex) -> int:
    """A unit's elevation level in ``h`` [AG IV.B.1.h]."""
    return unit_level(Sight(game.terrain, trace(h, h), terrain_table(GameSystem.ARMOR)), h)


def sighting_range(
    state: ArmorState,
    sighter: Hex,
    target: Hex,
    size: str = "VH",
    row: str = "Day Normal",
    higher: bool | None = None,
) -> int:
    """The longest range at which a unit of the Sighting Ranges Table's class ``size`` in
    ``target`` is sighted [GC2; AG IV.C] (VH a Vehicle, LG a Large Towed unit, SM a Leg or
    Small Towed unit [AG IV.C.3]); in a hex of mixed terrain (an overlay unit on other
    terrain) the terrain that lists the smallest range [AG IV.C.3], a Block Terrain Support
    unit on its printed terrain too (the book's example: "if a Block unit is placed in a Scrub
    hex, the ranges listed under Block would be used as they are smaller"). ``row``: the
    sighting unit's row (Normal or Buttoned [AG IV.C.2]); ``higher``: the sighter is higher
    than the target (its storey counted [AG IV.B.1.h(3)]), else the hexes' levels decide. A
    Full Cover row (``"Day Normal, Full Cover target (OP)"``) reads the second numbers under LG
    and SM [OP X.C.2] (:func:`rules.armor.optional.intel.full_cover_row`)."""
    terrains = _mixed(state, target)
    if size != "VH" and target in state.blazes.destroyed:
        terrains = blaze.destroyed_terrains(terrains)  # a Block hex [OP XVIII.C]
    elif size != "VH" and any(u.kind == "block" for u in state.game.works.at(target)):
        # Our reading: Terrain Support units "do not negate the printed terrain" [Setup
        # II.D.8], so a Block unit and the hex's terrain are mixed [AG IV.C.3]. Not for a VH
        # target: the Block column's "--" says no Vehicle is there (none enters [ADV V.D.3]).
        terrains.append("block")
    found = min(_sighting_in(state, sighter, target, t, size, row, higher) for t in terrains)
    if state.stacking(target) > 4:
        found *= 2  # [AG IV.C.6]
    return found


#: Terrain units that make a hex their own terrain rather than lie on it: Hills (a level),
#: Rivers and Spans (a Bridge hex) [Setup II.C.3-6].
_WHOLE_HEX = frozenset({"hill", "river", "span"})


def _mixed(state: ArmorState, h: Hex) -> list[str]:
    """The terrains of ``h`` that sighting reads [AG IV.C.3]: the top one, and while the top
    unit lies on other terrain (Woods, Hedgerow, Buildings, Alley), what is under it down to a
    unit that makes the hex its own (our reading: the book's example is a Block in Scrub)."""
    top, *beneath = state.game.terrain.mixed(h)
    stack = state.game.terrain.overlays.kinds(h)
    found = [top]
    if stack and stack[-1] not in _WHOLE_HEX:
        for terrain in beneath:
            if terrain in _WHOLE_HEX:
                break
            found.append(terrain)
    return found


def target_size(state: ArmorState, unit: str) -> str:
    """The Sighting Ranges Table's target class [GC2; AG IV.C.3]: VH for a Vehicle, LG for a
    Large Towed unit, SM for a Leg or Small Towed unit; a transported unit is sighted with its
    Vehicle [ADV V.C.4]."""
    carrier = state.troops.carried.get(unit) if state.transported(unit) else None
    spec = state.game.units[carrier or unit]
    if spec.vehicle:
        return "VH"
    return "LG" if spec.large_towed else "SM"


def sight_group(terrain: str) -> str:
    """The Sighting Ranges Table's column group of a terrain [GC2; AG IV.C]."""
    return _SIGHT_GROUP.get(terrain, "clear-river-bridge")


def _sighting_in(
    state: ArmorState,
    sighter: Hex,
    target: Hex,
    terrain: str,
    size: str = "VH",
    row: str = "Day Normal",
    higher: bool | None = None,
) -> int:
    """The Sighting Ranges Table's Day range (the ``row``: Normal, or Buttoned [AG IV.C.2])
    into ``terrain`` for the target class ``size`` [GC2; AG IV.C]."""
    group = sight_group(terrain)
    if group == "defilade-ditch":
        if higher is None:
            higher = state.game.level(sighter) > state.game.level(target)
        group += " higher" if higher else " same-or-lower"
    raw = _sight_table(row)[f"{group} {size}"]
    return 0 if raw in (None, "--") else int(str(raw))


def sights(state: ArmorState, unit: str, target: str) -> bool:
    """Whether ``unit`` sights ``target`` now [AG IV]: :func:`why_not_sighted` is None.

    The verdict alone, for the Sighting Phase's every pair of enemy units: the same tests,
    taken cheapest first (the range by the Range Scale before the line of sight, which is
    traced only for a target within sighting range), so the answer is the same and the many
    pairs out of range cost no line."""
    a, b = state.troops.hexes.get(unit), state.troops.hexes.get(target)
    if a is None or b is None:
        return False
    if hatches.why_not_in_arc(state, unit, b) is not None:  # [OP X.C.5]
        return False
    if a.distance(b) <= 1:
        return True  # [AG IV; GC2 note]
    if _why_out_of_range(state, unit, target, a, b, True) is not None:
        return False
    works = obstacles.verdict(state, unit, target)  # Bunker and Ditch units [AG IV.B.1]
    return (  # the tests of _why_unseen, without the full line's explanation
        (storeys.sees(state, unit, target) if works is None else works[0])
        and obscured(state, a, b, target) is None  # a Fire, Smoke, Smoking Wrecks, dust
    )


def obscured(state: ArmorState, a: Hex, b: Hex, target: str | frozenset[str]) -> str | None:
    """What in play hides ``b`` from ``a`` (not adjacent) on a line terrain leaves open, or
    None: a Fire started in play [OP XI.D], Smoke fired in play [OP IX.A.5] and a Smoking
    Wreck unit's hex [OP X.C.4], dust [OP X.C.3.c] raised by a unit other than ``target``
    (one unit, or the units of a hex). Every sighting reads it: of a unit
    (:func:`why_not_sighted`, :func:`sights`) and of a hex (:func:`why_hex_unseen`)."""
    smoke = blaze.why_not_seen(state, a, b) or fired_smoke.why_not_seen(state, a, b)
    return smoke or intel.why_not_seen(state, a, b, target)


def why_hex_unseen(state: ArmorState, a: Hex, h: Hex) -> str | None:
    """Why hex ``h`` is not sighted from ``a`` now, or None: an adjacent hex always is
    [AG IV]; else the map's line of sight [AG IV.B] and what hides a unit from Direct Fire
    (:func:`obscured`: "A hex containing a Smoke unit will block Lines of Sight from all
    elevation levels" [OP IX.A.5], Fires, Smoking Wrecks, dust; our reading: the dust of the
    units in ``h`` does not hide their own hex, as a Vehicle's own dust does not hide it).
    For the Spotting units of Artillery and Indirect Fire [OP II.A.2.a; II.B; II.F.1]."""
    if a.distance(h) <= 1:
        return None
    if not state.game.sees(a, h):
        return "the line of sight is blocked [AG IV.B]"
    there = frozenset(u for u, at in state.troops.hexes.items() if at == h)
    hidden = obscured(state, a, h, there)
    return None if hidden is None else f"the line of sight is blocked [AG IV.B]: {hidden}"


def why_not_sighted(
    state: ArmorState, unit: str, target: str, by_firing: bool = True, explain: bool = True
) -> str | None:
    """Why ``unit`` does not sight ``target`` now, or None [AG IV]: the line of sight blocked
    (by terrain between them, or Smoke in either hex [OP IX.A.5], or dust [OP X.C.3.c]), or
    the range by the Range Scale [AG III.D] beyond the Sighting Ranges Table's [GC2; AG IV.C]
    (with the Optional Sighting Rules' changes [OP X.C.1-3]). ``by_firing``: a unit
    that fired last Turn is sighted at any range [AG IV.C.5] (not for turning an inverted unit
    face up [OP X.A.2]). ``explain`` False: a blocked line's reason without the obstacle that
    blocks it (the full line is not worked out: for callers that need only whether), and the
    range judged before the line (a target both out of range and unseen is told out of
    range)."""
    a, b = state.troops.hexes.get(unit), state.troops.hexes.get(target)
    if a is None or b is None:
        return "it is not on the map"
    arc = hatches.why_not_in_arc(state, unit, b)  # Buttoned Sighting [OP X.C.5]
    if arc is not None:
        return arc
    if a.distance(b) <= 1:
        return None  # [AG IV; GC2 note]: an adjacent hex can always be sighted
    if not explain:  # whether only: the range first, the many targets beyond it cost no line
        far = _why_out_of_range(state, unit, target, a, b, by_firing)
        return far if far is not None else _why_unseen(state, unit, target, a, b, False)
    unseen = _why_unseen(state, unit, target, a, b, explain)
    if unseen is not None:
        return unseen
    return _why_out_of_range(state, unit, target, a, b, by_firing)


def _why_unseen(
    state: ArmorState, unit: str, target: str, a: Hex, b: Hex, explain: bool = True
) -> str | None:
    """Why the line of sight from ``unit`` in ``a`` to ``target`` in ``b`` is blocked, or
    None: terrain [AG IV.B] from storey to storey [AG IV.B.1.h(3)], a Fire [OP XI.D] or Smoke
    fired in play [OP IX.A.5], dust [OP X.C.3.c]."""
    works = obstacles.verdict(state, unit, target)  # Bunker and Ditch units [AG IV.B.1]
    if works is not None and not works[0]:
        return f"the line of sight is blocked [AG IV.B] with the Terrain Support units: {works[1]}"
    if works is None and not storeys.sees(state, unit, target):  # storey to storey [IV.B.1.h(3)]
        if not explain:
            return "the line of sight is blocked [AG IV.B]"
        line = storeys.line(state, unit, target)  # why, for the log
        return f"the line of sight is blocked [AG IV.B]: {line.explanation} ({line.rule})"
    # a Fire [OP XI.D], Smoke fired in play [OP IX.A.5], a Smoking Wreck [OP X.C.4], dust
    hidden = obscured(state, a, b, target)
    if hidden is not None:
        return f"the line of sight is blocked [AG IV.B]: {hidden}"
    return None


def _why_out_of_range(
    state: ArmorState, unit: str, target: str, a: Hex, b: Hex, by_firing: bool
) -> str | None:
    """Why ``target`` in ``b`` is beyond ``unit``'s sighting range from ``a``, or None: the
    range by the Range Scale [AG III.D] against the Sighting Ranges Table's [GC2; AG IV.C],
    any range for a unit that fired last Turn [AG IV.C.5] (when ``by_firing``); a unit in Full
    Cover by the second numbers, with ``sighting-full-cover`` [OP X.C.2]."""
    if by_firing and target in state.firing.fired_last_turn:
        return None  # [AG IV.C.5]
    size = target_size(state, target)
    row = hatches.sight_row(state, unit)  # Normal or Buttoned [AG IV.C.2]
    notes = " (Buttoned: the Buttoned row [AG IV.C.2])" if row != "Day Normal" else ""
    covered = intel.full_cover_row(state, target, row)  # [OP X.C.2]
    if covered != row:
        row = covered
        notes += " (in Full Cover: the second number under LG and SM [OP X.C.2])"
    higher = storeys.level(state, unit) > storeys.level(state, target)  # [AG IV.C.4]
    limit = sighting_range(state, a, b, size, row, higher)
    if intel.dusty(state, target):  # seen as if in Clear [OP X.C.3.b]
        clear = _sighting_in(state, a, b, "clear", size, row) * (2 if state.stacking(b) > 4 else 1)
        if clear > limit:
            limit, notes = clear, " (its dust: as if in Clear [OP X.C.3.b])"
    bonus = intel.range_bonus(state, unit, target, _mixed(state, b))
    if bonus:
        limit += bonus
        notes += f" (+{bonus} for the elevation levels between them [OP X.C.1])"
    if range_between(a, b) <= limit:
        return None
    column = "" if size == "VH" else f" in its {size} column"
    if size != "VH" and b in state.blazes.destroyed:
        column += " (a Destroyed Building: a Block hex [OP XVIII.C])"
    elif size != "VH" and any(u.kind == "block" for u in state.game.works.at(b)):
        column += (
            " (a Block unit on the hex's terrain: the smaller ranges [AG IV.C.3], our reading)"
        )
    return (
        f"out of sighting range: {describe_range(a, b)}, the Sighting Ranges Table gives "
        f"{limit}{column}{notes} [GC2; AG IV.C]"
    )


def why_not_fire(
    state: ArmorState, unit: str, target: str, moving: bool = False, explain: bool = True
) -> str | None:
    """Why ``unit`` may not be ordered to fire at ``target`` now (with movement orders when
    ``moving``), or None [AG VI.A]; ``explain``: as :func:`why_not_sighted`'s."""
    spec, other = state.game.units.get(unit), state.game.units.get(target)
    if spec is None or other is None:
        return f"there is no unit '{target if spec else unit}'"
    if other.side == spec.side:
        return "it is not an enemy unit"
    if spec.mortar:
        return "a Mortar Team fires at a hex, 'F' and the hex number, not at a unit [OP II.E.3]"
    if unit in state.troops.abandoned:
        return "its crew has Bailed Out [ADV IX.A.3]"
    shut = hatches.why_not_fire(state, unit, target)  # [ADV V.C.3.a; V.C.5]
    if shut is not None:
        return shut
    gp = state.game.advanced and uses_gp(state, unit, target)  # [ADV VI.B]
    if not gp and (gun_of(spec, state.game.nation[spec.side]) is None or state.gun_lost(unit)):
        return "it has no main gun that fires AP [AG VI.A.1]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits]"
    if not gp and not other.vehicle:
        return "AP fire is only at Vehicle units [ADV VI.B]"
    unseen = why_not_sighted(state, unit, target, explain=explain)
    if unseen is not None:
        return f"it does not sight the target [AG IV; AG VI.A.1]: {unseen}"
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    arc = field_of_fire(state, unit, a, b)  # 60, 360 [VI.A.4.a] or 180 [VI.A.4.e] degrees
    if arc is not None:
        return arc
    low = depression.why_not(state, unit, target)  # Main Gun Depression [OP VI]
    if low is not None:
        return low
    wheels = flak.why_not_fire(state, unit, target)  # the 88 FLAK on its wheels [OP XIX]
    if wheels is not None:
        return wheels
    # Limited Ammunition [OP XXIV.A.2], of the fire's type with the Allotment [OP XXIV.B]
    empty = supply.why_not_fire(state, unit, fire_type(state, unit, target, gp, moving))
    if empty is not None:
        return empty
    special = specials.why_not_fire(state, unit, target, moving)  # [OP XXV.A.1; B.2; D.3]
    if special is not None:
        return special
    if gp:
        return why_not_gp(state, unit, target, moving)
    gun = gun_of(spec, state.game.nation[spec.side])
    assert gun is not None
    rng = range_between(a, b)
    if rng > gun.longest:
        return (
            f"beyond its gun's range ({describe_range(a, b)}; {gun.longest} hexes, a placeholder)"
        )
    if moving and rng > gun.short:
        return (
            "with movement orders, no main gun fire at Long Range [AG V.A.2.c] "
            f"({describe_range(a, b)}; Range Line after {gun.short} hexes, a placeholder)"
        )
    return None


def _movement_modifier(
    state: ArmorState, firer: str, target: str, moving: bool | None, target_hexes: int | None
) -> Modifier:
    moves = bool(state.orders_of(firer).moves) if moving is None else moving
    hexes = state.hexes_ordered(target) if target_hexes is None else target_hexes
    column = "0" if hexes == 0 else "1-2" if hexes <= 2 else "3-5" if hexes <= 5 else "6+"
    row = "Turn, 1-2" if moves else "0"
    value = int(str(cell("ap-movement-modifiers", row, column).value))
    what = f"Movement (firer '{row}', target {hexes} hex(es) ordered)"
    what += towed.movement_note(state, firer, moves)  # a pivoting Towed unit [ADV V.B.2]
    return Modifier(what, value, f"{GC1} AP Movement Modifiers; AG VI.B.3.a]")


def _terrain_modifier(state: ArmorState, target: Hex, shot: str) -> Modifier | None:
    terrain = state.game.terrain.terrain(target)
    key = _TERRAIN_MODIFIER.get(terrain)
    if terrain == "defilade":
        key = "Falling vs. Defilade" if shot == "Falling" else "Level, Rising vs. Defilade"
    elif terrain == "improved-position":
        key = "Improved Position"
    if key is None:
        return None
    value = int(str(cell("ap-target-terrain-modifiers", key, "modifier").value))
    rule = f"{GC1} AP Target Terrain Modifiers; AG VI.B.3.b]"
    if state.stacking(target) > 4:
        return Modifier(f"target in {terrain} (over 4 SF: as Clear)", value, rule, applied=False)
    return Modifier(f"target in {terrain}", value, rule)


def hull_down(state: ArmorState, firer: Hex, target: Hex, shot: str) -> str | None:
    """[GC1 Hull Down]: why LH and TK hits miss, or None."""
    terrain = state.game.terrain.terrain(target)
    rise = state.game.level(target) - state.game.level(firer)
    if shot == "Rising" and range_between(firer, target) < rise:  # the range [AG III.D]
        return "Rising, range less than elevation difference"
    if terrain == "defilade" and shot in ("Rising", "Level"):
        return "Rising or Level vs. Defilade"
    if terrain == "improved-position":
        return "Vs. Improved Position"
    if terrain in ("brick-building", "stone-building"):
        return "Vs. Brick or Stone Building"
    return None


def modifiers(
    state: ArmorState,
    firer: str,
    target: str,
    aspect: Aspect,
    moving: bool | None = None,
    target_hexes: int | None = None,
) -> list[Modifier]:
    """Every modifier of one shot, each with its rule [AG VI.B.3]; ``moving`` (the firer has
    movement orders) and ``target_hexes`` (hexes the target is ordered to move) stand in for
    the plotted orders when given."""
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    spec = state.game.units[target]
    shot = shot_elevation(state, a, b)
    found = [_movement_modifier(state, firer, target, moving, target_hexes)]
    terrain = _terrain_modifier(state, b, shot)
    if terrain is not None:
        found.append(terrain)
    found.append(Modifier("target Size", spec.size, f"{GC1} Miscellaneous Modifiers (AP)]"))
    if aspect.side_shot:
        found.append(
            Modifier(
                f"Side Shot ({aspect.sector})",
                3,
                f"{GC1} Miscellaneous Modifiers (AP); AG VI.C.1.b]",
                placeholder=None if aspect.sector == "S 0" else aspect.placeholder,
            )
        )
    losses = state.damage.crew_losses.get(firer, 0)
    if losses:
        found.append(Modifier(f"{losses} crew loss(es)", -4 * losses, f"{GC1} Misc. (AP)]"))
    if state.suppressed(firer):  # only the Advanced Game suppresses [ADV IV.D]
        found.append(Modifier("Firer Suppressed", -5, f"{GC1} Misc. (AP)]"))
    moves = bool(state.orders_of(firer).moves) if moving is None else moving
    again = ranging.modifier(state, firer, target, moves)  # Previous Hit [GC1; AG VI.B.3.c]
    if again is not None:
        found.append(again)
    trained = morale.ap_modifier(state, firer)  # Crack +3, Poor -3 [OP XVII.I]
    if trained is not None:
        found.append(trained)
    down = hull_down(state, a, b, shot)
    if down is not None and _special_hull_down(state, spec):
        rule = f"{GC1} Misc. (AP)" + ("; ADV VI.D]" if state.game.advanced else "]")
        found.append(Modifier("Special Turretless Hull Down", -8, rule))
    return found


def _special_hull_down(state: ArmorState, target: ArmorUnit) -> bool:
    """Whether the Special Turretless Hull Down Modifier may apply to ``target`` [GC1]: in
    the Advanced Game "only to Vehicle units whose Turret Turn ... lists 'Turretless' or
    'Turretless (360 degrees)'" [ADV VI.D]; the Armor Game's engine has always read it as
    any Vehicle with no movable turret (kept, so its results do not change)."""
    if state.game.advanced:
        return target.vehicle and target.turretless
    return target.turret_turn == 0


def shot_elevation(state: ArmorState, firer: Hex, target: Hex) -> str:
    """Level, Rising (target higher) or Falling (target lower): the book never defines them;
    the Hit Determination columns read so [digest §5.5]."""
    diff = state.game.level(target) - state.game.level(firer)
    return "Level" if diff == 0 else "Rising" if diff > 0 else "Falling"


@dataclass
class Pending:
    """A result waiting for the end of the Direct Fire Phase [AG VI.A]."""

    unit: str
    effect: str  # knocked-out, hull, turret, gun, track, crew; penetrated: with No Damage
    by: str
    location: str = ""  # where an AP hit struck (the Bail Out Tables' column [ADV IX])


@dataclass(frozen=True)
class Aim:
    """One unit's AP fire at one target worked out up to the die [AG VI.B]: its gun, the range
    (by the Range Scale [AG III.D]) and the hexes counted, the Target Angle Wheel's aspect,
    every modifier, the Modifier Number, the Hit Number of the AP Hit Table, the shots of
    its Rate of Fire, and how the line meets the target's turret when the scenario plays
    Effects of Turret Facing [OP VII] (else None)."""

    gun: Gun
    range: int
    hexes: int
    aspect: Aspect
    modifiers: tuple[Modifier, ...]
    number: int
    hit: Cell
    shots: int
    turret: TurretAspect | None = None
    rate: int = 1  # the shots of the normal Rate of Fire, before any announced [OP XXIV.A.2]

    @property
    def hit_number(self) -> int:
        return self.hit.value if isinstance(self.hit.value, int) else 0


def fire_type(state: ArmorState, unit: str, target: str, gp: bool, moving: bool) -> str | None:
    """The type of ammunition a main gun's fire at ``target`` spends with the Ammunition
    Allotment [OP XXIV.B.1]: "FT" a flamethrower's [OP XXV.D], "GP", or "AP"; None (any
    type) where an AP fire may still be APCR ("CR"), decided on the order [OP XXIII]."""
    if not supply.allotting(state.game):
        return None
    if gp:
        rng = range_between(state.troops.hexes[unit], state.troops.hexes[target])
        return supply.FT if specials.flames(state, unit, rng, moving) else supply.GP
    if apcr.carries(state, unit) and apcr.left(state, unit) > 0:
        return None  # the order says AP or CR (plot.why_not_order)
    return supply.AP


def aim(
    state: ArmorState,
    firer: str,
    target: str,
    opportunity: bool = False,
    moving: bool | None = None,
    target_hexes: int | None = None,
    tracking: bool = False,
    rate: int | None = None,
    cr: bool | None = None,
) -> Aim:
    """The shot up to the die (``moving`` and ``target_hexes`` as for :func:`modifiers`); an
    Opportunity Fire's (``opportunity``) at the Slow Rate of Fire with -8 [AG VII.F.1], a
    Tracking Fire's (``tracking`` too) without the -8 [OP XV.B.3]; at the fewer shots
    announced, ``rate`` (else the order's) [OP XXIV.A.2.a]; with APCR where ``cr`` says so
    and the unit may fire it at this range (else as the order says) [OP XXIII.A]."""
    spec = state.game.units[firer]
    gun = gun_of(spec, state.game.nation[spec.side])
    assert gun is not None
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    rng = range_between(a, b)  # by the Range Scale, Dot to Dot [AG III.D; AG VI.B.1]
    if cr is None:
        cr = apcr.fires(state, firer, target, rng, opportunity)
    else:  # an order not yet written (a preview, the bot weighing it) [OP XXIII.A]
        cr = cr and apcr.may_fire(state, firer, rng)
    if cr:
        gun = apcr.gun(gun)  # the Gunnery Table's "CR" lines [OP XXIII.A]
    aspect = target_aspect(state.troops.facing[target], b, a)
    if moving is None:
        moving = bool(state.orders_of(firer).moves)
    mods = modifiers(state, firer, target, aspect, moving, target_hexes)
    if opportunity and not tracking:
        mods.append(Modifier("Opportunity Fire", -8, f"{GC1} Misc. (AP); AG VII.F.1]"))
    number = 20 + sum(m.value for m in mods if m.applied)
    rapid = not opportunity and not moving and rng <= gun.short
    if rate is None:  # fewer shots announced on the order [OP XXIV.A.2.a]
        rate = supply.announced(state, firer, target, opportunity)
    normal = spec.rof_rapid if rapid else spec.rof_slow
    kind = supply.CR if cr else supply.AP
    shots = supply.shots(state, firer, normal, rate, kind)  # [OP XXIV.A.2; B]
    hit = hit_number(number, gun.ap_factor(rng))
    turret = turret_aspect(state, firer, target)
    return Aim(gun, rng, a.distance(b), aspect, tuple(mods), number, hit, shots, turret, normal)


def resolve(
    state: ArmorState,
    firer: str,
    target: str,
    opportunity: bool = False,
    tracking: bool = False,
) -> list[Pending]:
    """One unit's fire at one target, explained in events; the results, not yet applied. In
    the Advanced Game, GP fire where the book asks for it [ADV VI.B] (:mod:`rules.armor.gp`),
    else AP fire; ``tracking``: a Tracking Fire [OP XV.B.3]."""
    if gp_shot(state, firer, target):
        if towed.pivots(state, firer, not opportunity and bool(state.orders_of(firer).moves)):
            state.emit(towed.gp_note(firer))  # its MV GP Factor [ADV V.B.2; VI.A.1; VI.B.1]
        return resolve_gp(state, firer, target, opportunity, tracking)
    shot = aim(state, firer, target, opportunity, tracking=tracking)
    gun, rng, hit, shots = shot.gun, shot.range, shot.hit, shot.shots
    # an Ace rolls twice, the lower (better) kept [OP XVII.G.3]
    cr = apcr.fires(state, firer, target, rng, opportunity)
    kind = supply.CR if cr else supply.AP
    if shots <= 0:  # an APCR order beyond 10 hexes with no AP Shots left [OP XXIV.B]
        why = supply.why_not_fire(state, firer, kind) or "no shots left [OP XXIV.A.2]"
        state.emit(FireCancelled(firer, state.orders_of(firer).notation, why))
        return []
    roll, _ = morale.roll(state, firer, f"AP fire {firer} at {target}", low=True)
    said = supply.announced(state, firer, target, opportunity)
    ammo = supply.fire_note(state, firer, shot.rate, shots, said, kind)  # [OP XXIV]
    supply.expend(state, firer, shots, kind)  # each shot one Ammunition Factor [OP XXIV.A.2]
    hits, table_note = hits_scored(shot.hit_number, shots, roll)
    ranging.note(state, firer, target, hits)  # for a Previous Hit next time [GC1]
    rule = "[AG III.D; AG VI.B; GC1 AP Hit Table, Number of Hits Table]"
    if ammo:
        rule += f" ({ammo})"
    if cr:
        apcr.expend(state, firer, shots)  # [OP XXIII.B]
        rule = f"APCR, the 'CR' lines [OP XXIII.A]; {rule}"
    notes = [
        GUNNERY_PLACEHOLDER,
        apcr.CR_PLACEHOLDER if cr else None,
        hit.placeholder,
        table_note,
        "Rapid Rate of Fire when not moving and at Short Range, else Slow: the book never "
        "says when Rapid is allowed [digest §5.5]",
    ]
    state.emit(
        ApFire(
            firer,
            target,
            rng,
            shot.hexes,
            gun.ap_factor(rng),
            gun.penetration(rng),
            shot.modifiers,
            shot.number,
            int(str(hit.value)),
            shots,
            roll,
            hits,
            rule,
            placeholder="; ".join(n for n in notes if n),
        )
    )
    found: list[Pending] = []
    for _ in range(hits):
        found.extend(_hit(state, firer, target, shot, gun.penetration(rng)))
    return found


def gp_shot(state: ArmorState, firer: str, target: str) -> bool:
    """The shot is GP fire: the Advanced Game's, at a Leg or Towed unit or by a unit with no
    AP gun [ADV VI.B]; the Armor Game fires only AP."""
    return state.game.advanced and uses_gp(state, firer, target)


def hit_verdict(location: str, armour: int, pen: int, down: str | None) -> str:
    """What a hit on ``location`` does: a ``miss`` (hull down: LH and TK hits miss [GC1 Hull
    Down]), ``penetrates`` (Penetration greater than the AB [AG VI.B.6]) or ``holds``."""
    if down is not None and location in ("LH", "TK"):
        return "miss"
    return "penetrates" if pen > armour else "holds"


def locate(aspect: Aspect, turret: TurretAspect | None, roll: int) -> tuple[str, str]:
    """Where a Hit Determination roll hits [AG VI.B.5] by the hull's aspect, turned by the
    turret's facing when the scenario plays it [OP VII]; with the sentence saying so, or ""."""
    location = hit_location(aspect.aspect, roll)
    return (location, "") if turret is None else turret.turn(location)


def _hit(state: ArmorState, firer: str, target: str, fired: Aim, pen: int) -> list[Pending]:
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    tspec, aspect = state.game.units[target], fired.aspect
    shot = shot_elevation(state, a, b)
    roll = state.roll(f"Hit Determination on {target}", 100)
    location, turned = locate(aspect, fired.turret, roll)
    armour = armour_basis(tspec, aspect.aspect, aspect.angle, location)
    armour += vehicles.extra_armour(state, target, location)  # "+2 SB" [OP XXI.A]
    down = hull_down(state, a, b, shot)
    damage_roll: int | None = None
    pending: list[Pending] = []
    rule = "[AG VI.B.5-7; GC1 Effects of AP Hits" + ("; OP VII]" if turned else "]")
    if vehicles.extra_armour(state, target, location):
        rule += " (AB + 2: additional armor, '+2 SB' [OP XXI.A])"
    verdict = hit_verdict(location, armour, pen, down)
    if verdict == "miss":
        result = f"a miss: hull down ({down}) [GC1 Hull Down]"
    elif verdict == "penetrates":
        if location == "TK":
            result, effect = "penetrates: Track hit", "track"
        elif location == "GN":
            result, effect = "penetrates: Gun hit", "gun"
        else:
            damage_roll = state.roll(f"Damage Caused by {firer}", 100)
            caused = damage_caused(damage_roll)
            where = "turret" if location in TURRET_LOCATIONS else "hull"
            effect = {"knocked-out": "knocked-out", "compartment": where}.get(caused, "none")
            result = f"penetrates: {caused.replace('-', ' ')}" + (
                f" ({where} compartment)" if caused == "compartment" else ""
            )
        pending.append(
            Pending(target, "penetrated" if effect == "none" else effect, firer, location)
        )
        if state.game.advanced and effect in ("hull", "turret"):
            result += _machineguns_lost(state, target, effect, firer, pending)
    else:
        result = "does not penetrate (Penetration not greater than AB [AG VI.B.6])"
        if location in ("TT", "HD"):
            result += "; a TT or HD hit on an Open vehicle: one crew loss [GC1"
            result += "; ADV VI.C.1]" if state.game.advanced else "]"
            pending.append(Pending(target, "crew", firer, location))
        if state.game.advanced and location in ("TT", "UH", "HR"):
            result += _machineguns_lost(state, target, location, firer, pending)
    notes = [ARMOUR_PLACEHOLDER, HIT_LOCATION_PLACEHOLDER, aspect.placeholder]
    if damage_roll is not None:
        notes.append(DAMAGE_PLACEHOLDER)
    assert location in TURRET_LOCATIONS + HULL_LOCATIONS + ("GN", "TK")
    state.emit(
        ApHit(
            firer,
            target,
            shot,
            aspect.sector,
            aspect.aspect,
            aspect.angle,
            roll,
            location,
            armour,
            pen,
            result,
            damage_roll,
            rule,
            placeholder="; ".join(n for n in notes if n),
            turret=turned,
        )
    )
    return pending


#: The independently fired machineguns a hit destroys, by what it hit [GC1 Effects of AP Hits;
#: ADV VI.C.2; ADV VI.E]: a non-penetrating hit on UH, TT or HR those there; a Hull compartment
#: hit the UH and HR ones; a Turret compartment hit the TT ones.
MG_LOST = {
    "UH": ("UH",),
    "TT": ("TT",),
    "HR": ("HR",),
    "hull": ("UH", "HR"),
    "turret": ("TT",),
}


def _machineguns_lost(
    state: ArmorState, target: str, struck: str, firer: str, pending: list[Pending]
) -> str:
    """The Advanced Game's machineguns destroyed by a hit [ADV VI.C.2; ADV VI.E] (the card's
    MG Locations [Intro IV]), added to ``pending``; the words for the hit's result, or ""."""
    spec = state.game.units[target]
    lost = state.damage.hits.get(target, set())
    gone = [w for w in MG_LOST[struck] if w in spec.mg_locations and f"mg-{w}" not in lost]
    pending.extend(Pending(target, f"mg-{w}", firer) for w in dict.fromkeys(gone))
    if not gone:
        return ""
    rule = "ADV VI.E" if struck in ("hull", "turret") else "ADV VI.C.2"
    names = " and ".join(dict.fromkeys(gone))
    return f"; its {names} machinegun(s) destroyed [{rule}; GC1 Effects of AP Hits]"
