"""GP fire of the Advanced Game [ADV VI.B], with the placeholders the missing card tables need.

Who fires what at whom [ADV VI.B]: "AP Shells may only be fired at Vehicle units. GP weapons
must be fired at all other types of units, and can be used against Vehicle units." So a unit
with a main gun that fires AP fires AP at a Vehicle unit and GP at a Leg or Towed unit; a unit
with no AP gun (an Infantry Squad, a Machinegun Team) fires GP at anything. GP fire is one roll
("Rate of Fire is built in to the GP Factor" [ADV VI.B.2]):

1. the NM or MV GP Factor in the range's column of the firer's Gunnery Table [ADV VI.B.1]
   (MV when the firer's orders move it [ADV V.A.3; ADV VI.A.1]);
2. the GP Factor Modifiers [ADV VI.B.2; GC1 GP Fire Modifiers]: half for Opportunity Fire
   [a], for a Suppressed Vehicle's main gun [b] and for transported Infantry [c], combined and
   rounded down [d];
3. the GP Hit Table's column holding that GP Factor ("18" reads "16-20" [ADV VI.B.3]);
4. the target's GP Defense Factor [ADV VI.B.4]: a Vehicle's NM or MV [a], a Leg or Towed
   unit's from the Target Information Chart by its orders and the terrain of its hex [b] (as
   Clear over 4 Stacking Factors [GC1 GP Fire Modifiers]; "1" while transported [ADV V.C.5]);
5. the roll, 01-00, plus the dice modifiers (-10 a crew loss [GC1]): at or under N No Damage,
   at or under S Suppressed, above S Knocked Out, "00" always Knocked Out [GC1 GP Hit Table];
6. the Effects of GP Hits [GC1]: against a Leg or Towed unit Knocked Out or Suppressed;
   against an Open Vehicle Knocked Out becomes Suppressed with one crew loss and Suppressed
   stays Suppressed; against a Buttoned one [AG VIII.B] (:mod:`rules.armor.hatches`) both
   Suppress, no crew loss, and Infantry or MG fire at Long Range has no effect.

Placeholders (the Data Cards and most of the Game Card are not in the text): the Gunnery
Tables' GP Factors (:data:`GP_FACTOR_PLACEHOLDER`), the Target Information Chart
(:data:`LEG_DEFENSE_PLACEHOLDER`), the Vehicles' GP Defense Factors
(:data:`VEHICLE_DEFENSE_PLACEHOLDER`) and the GP Hit Table's rows for Defense 2 and up, whose
cells are cut (:data:`GP_HIT_PLACEHOLDER`). Every :class:`~rules.armor.events.GpFire` says
which it used. A Vehicle's independently fired machinegun fires through the same steps with its
MG NM or MG MV GP Factor (``mg``: its mount; :mod:`rules.armor.machineguns`) [ADV VI.A.2;
VI.B.1]; a squad's Bazooka, PIAT, Panzerfaust or Panzerschreck (``mg``: its letter code)
with the weapon's GP Factor, only at units in Building hexes [ADV IV.E.6]
(:mod:`rules.armor.antitank`, where its AP fire at Vehicles is). A unit in Full Cover
[ADV IV.C] takes the chart's FC column (:mod:`rules.armor.cover`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.armor import alleys, antitank, machineguns
from rules.armor import cover as full_cover
from rules.armor.cards import cell, gun_of, table
from rules.armor.events import GpFire
from rules.armor.optional import (
    blaze,
    boats,
    entrench,
    gp_terrain,
    handheld,
    morale,
    pinning,
    reduction,
    special_infantry,
    specials,
    supply,
)
from rules.armor.range import describe_range, range_between, range_words
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState
    from rules.armor.units import ArmorUnit

GC1 = "Armor [GC1"

GP_FACTOR_PLACEHOLDER = (
    "Gunnery Table GP Factors not in the text: an Infantry Squad NM 30 at 1-2 hexes, 25 at "
    "3-4, 20 at 5-6, 15 at 7-8, 10 at 9-10, 6 at 11-12, 3 at 13-16; a Machinegun Team NM 35 to "
    "4, 25 to 8, 18 to 12, 12 to 16, 6 to 20; a main gun NM its calibre in mm / 3 to its "
    "longest range; MV half of NM, rounded down; Range Line after 6 hexes (Squad), 8 (MG)"
)
LEG_DEFENSE_PLACEHOLDER = (
    "Target Information Chart not in the text: Leg and Towed GP Defense NM 2 / MV 1 in Clear, "
    "Road, Track, Stream, Ford, Bridge; 4 / 3 in Scrub, Rough, Depression, Alley, Hedgerow, "
    "Woods; 6 / 5 in a Wood Building, Defilade, Ditch, Improved Position; 8 / 7 in a Brick or "
    "Stone Building"
)
VEHICLE_DEFENSE_PLACEHOLDER = (
    "Vehicle GP Defense Factors not in the text: NM 8 / MV 7 tracked, 4 / 3 half-tracked and "
    "Bren Carriers, 3 / 2 other wheeled vehicles"
)
GP_HIT_PLACEHOLDER = (
    "GP Hit Table rows for Defense 2 and up are cut from the text: N = Defense 1's N + 8 per "
    "Defense above 1, S = Defense 1's S + 4 per Defense above 1, each at most 99 and S at "
    "least N"
)

#: Terrain of the target's hex -> the placeholder Target Information Chart's NM Defense.
_LEG_NM = {
    "scrub": 4,
    "rough": 4,
    "depression": 4,
    "hedgerow": 4,
    "woods": 4,
    "wood-building": 6,
    "building": 6,
    "defilade": 6,
    "ditch": 6,
    "improved-position": 6,
    "brick-building": 8,
    "stone-building": 8,
}
#: A Leg or Towed unit's NM GP Defense Factor in Clear Terrain (the placeholder chart's), the
#: measure of "Any Terrain Cover" [OP XVII.B.2.b].
CLEAR_DEFENSE = 2

_VEHICLE_NM = {"tracked": 8, "half-track": 4, "bren-carrier": 4}

#: Squad, MG Team: (last range of the band, NM GP Factor).
_INFANTRY = ((2, 30), (4, 25), (6, 20), (8, 15), (10, 10), (12, 6), (16, 3))
_MG_TEAM = ((4, 35), (8, 25), (12, 18), (16, 12), (20, 6))
#: The Range Line (last Short Range hex) of the Squad's and the MG Team's tables (placeholder).
_RANGE_LINE = {"squad": 6, "mg": 8}


def uses_gp(state: ArmorState, firer: str, target: str) -> bool:
    """Whether a shot is GP fire [ADV VI.B]: at a Leg or Towed unit always; at a Vehicle only
    by a unit with no main gun that fires AP."""
    spec, other = state.game.units[firer], state.game.units[target]
    if not other.vehicle:
        return True
    if specials.flamethrower_tank(state, firer):  # the Crocodile's flamethrower [OP XXV.D.2]
        rng = range_between(state.troops.hexes[firer], state.troops.hexes[target])
        if specials.flames(state, firer, rng, bool(state.orders_of(firer).moves)):
            return True
    return gun_of(spec, state.game.nation[spec.side]) is None


def _kind(spec: ArmorUnit) -> str:
    if spec.mortar:  # its own Gunnery Table; neither Infantry nor a Machinegun [OP II.E]
        return "mortar"
    if spec.leg:
        return "mg" if spec.mg_team else "squad"
    return "gun"


def _calibre(spec: ArmorUnit) -> int:
    found = re.match(r"(\d+)", spec.gun or "")
    if found is None:
        return 0
    size = int(found.group(1))
    return {17: 76, 6: 57, 2: 40, 25: 88}.get(size, size) if "pdr" in (spec.gun or "") else size


def gp_factor(state: ArmorState, firer: str, rng: int, moving: bool) -> int:
    """The firer's NM or MV GP Factor at range ``rng`` (placeholder, see
    :data:`GP_FACTOR_PLACEHOLDER`) [ADV VI.B.1]; 0 beyond its range."""
    spec = state.game.units[firer]
    kind = _kind(spec)
    special = specials.special_fire(state, firer, rng, moving)  # mortar, flamethrower [OP XXV]
    if special is not None:
        nm = special.factor(rng)
    elif kind == "gun":
        gun = gun_of(spec, state.game.nation[spec.side])
        nm = _calibre(spec) // 3 if gun is not None and rng <= gun.longest else 0
    elif kind == "mortar":  # the card's Gunnery Table (placeholder) [OP II.E.5.b]
        from rules.armor.indirect.mortars import card

        nm = card(spec.type_id).factor(rng)
    else:
        bands = _MG_TEAM if kind == "mg" else _INFANTRY
        nm = next((f for top, f in bands if rng <= top), 0)
    return nm // 2 if moving else nm


def long_range(state: ArmorState, firer: str, rng: int) -> bool:
    """Beyond the Range Line of an Infantry or MG fire [GC1 Effects of GP Hits] (placeholder
    Range Lines)."""
    spec = state.game.units[firer]
    kind = _kind(spec)
    return kind in _RANGE_LINE and rng > _RANGE_LINE[kind]


def max_range(state: ArmorState, firer: str) -> int:
    spec = state.game.units[firer]
    kind = _kind(spec)
    special = specials.weapon(state, firer)  # the mortar, a flamethrower [OP XXV.B.1; D.3]
    if kind == "gun":
        gun = gun_of(spec, state.game.nation[spec.side])
        longest = gun.longest if gun is not None else 0
        return max(longest, special.longest if special is not None else 0)
    if kind == "mortar":
        from rules.armor.indirect.mortars import card

        return card(spec.type_id).longest
    return (_MG_TEAM if kind == "mg" else _INFANTRY)[-1][0]


def may_fire_gp(spec: ArmorUnit) -> bool:
    """Has a GP weapon this slice plays: a main gun, an Infantry Squad or MG Team [ADV VI]."""
    return spec.leg or spec.gun is not None


def column(factor: int) -> str:
    """The GP Hit Table's column holding ``factor`` [ADV VI.B.3]: "1-5" ... "41-45", "46+"."""
    if factor >= 46:
        return "46+"
    low = (max(1, factor) - 1) // 5 * 5 + 1
    return f"{low}-{low + 4}"


@dataclass(frozen=True)
class Defense:
    value: int
    why: str
    placeholder: str | None


def defense(state: ArmorState, target: str, moving: bool) -> Defense:
    """The target's GP Defense Factor [ADV VI.B.4]."""
    spec = state.game.units[target]
    orders = "MV" if moving else "NM"
    if spec.vehicle:
        nm = _VEHICLE_NM.get(spec.category, 3)
        value = nm - 1 if moving else nm
        why = f"Vehicle's {orders} GP Defense Factor [ADV VI.B.4.a]"
        return Defense(value, why, VEHICLE_DEFENSE_PLACEHOLDER)
    if boats.is_boat(spec):
        return Defense(boats.GP_DEFENSE, "a Boat unit's GP Defense Factor 2 [OP XXVI.B.1]", None)
    if state.transported(target):
        why = "transported: GP Defense Factor 1 [ADV V.C.5]"
        return Defense(1, why, None)
    h = state.troops.hexes[target]
    terrain = state.game.terrain.terrain(h)
    if state.stacking(h) > 4:
        terrain = "clear (over 4 Stacking Factors: as Clear [GC1 GP Fire Modifiers])"
        nm = 2
    elif (remains := blaze.remains(state, h)) is not None:  # a Block hex [OP XVIII.C]
        terrain = f"{remains} (a Destroyed Building: a Block hex, the Building gone [OP XVIII.C])"
        nm = _LEG_NM.get(remains, 2)
    else:
        building = alleys.leg_defense_terrain(state.game, h)  # as a Building [OP XXVII.D.3]
        nm = _LEG_NM.get(building or terrain, 2)
        if building is not None:
            terrain += f" (as in a Building hex {alleys.GP_RULE})"
    if full_cover.covered(state, target):  # the chart's FC column [ADV IV.C; VI.B.4.b]
        why = f"Target Information Chart, FC (Full Cover) in {terrain} [ADV VI.B.4.b; ADV IV.C]"
        return Defense(nm + full_cover.FC_BONUS, why, full_cover.FC_PLACEHOLDER)
    value = nm - 1 if moving else nm
    why = f"Target Information Chart, {orders} in {terrain} [ADV VI.B.4.b]"
    return Defense(value, why, LEG_DEFENSE_PLACEHOLDER)


def hit_line(defense_factor: int, col: str) -> tuple[int, int, str | None]:
    """The GP Hit Table's N and S for a Defense Factor and column [GC1 GP Hit Table]; the
    Defense 1 row is the book's (its S cells from 31-35 on extrapolated in the data), the rows
    above it fitted (:data:`GP_HIT_PLACEHOLDER`)."""
    n_cell, s_cell = cell("gp-hit", "1 N", col), cell("gp-hit", "1 S", col)
    n1, s1 = int(str(n_cell.value)), int(str(s_cell.value))
    notes = [s_cell.placeholder] if s_cell.placeholder else []
    d = max(1, defense_factor)
    if d > 1:
        keys = {r.key for r in table("gp-hit").rows}
        printed = cell("gp-hit", f"{d} N", col).value if f"{d} N" in keys else None
        if printed is None:
            notes.append(GP_HIT_PLACEHOLDER)
            n = min(99, n1 + 8 * (d - 1))
            s = max(n, min(99, s1 + 4 * (d - 1)))
            return n, s, "; ".join(notes)
        s_printed = cell("gp-hit", f"{d} S", col)
        n1, s1 = int(str(printed)), int(str(s_printed.value))
        notes = [s_printed.placeholder] if s_printed.placeholder else []
    return n1, s1, "; ".join(notes) or None


def result_of(roll: int, modified: int, n: int, s: int) -> str:
    """[GC1 GP Hit Table]: "00" (a roll of 100) is always K; else the modified roll at or
    under N is No Damage, at or under S Suppressed, above S Knocked Out."""
    if roll == 100 or modified > s:
        return "K"
    return "N" if modified <= n else "S"


_CLOSE_OPEN = (
    "Close Range Inf, MG, Strafing, Direct, Opportunity, Tracking or Overrun Defensive vs. "
    "Open Vehicle"
)
_CLOSE_BUTTONED = _CLOSE_OPEN.replace("Open Vehicle", "Buttoned Vehicle")


def effects_row(state: ArmorState, firer: str, target: str, rng: int, mg: str | None = None) -> str:
    """The Effects of GP Hits row of a shot [GC1]: against Leg or Towed, or against an Open or
    a Buttoned Vehicle [AG VIII.B] by Infantry or an MG at Long Range (a Vehicle's own
    machinegun, ``mg``, beyond its Range Line too: our reading of "MG"), or at Close Range and
    by any other Direct or Opportunity Fire."""
    if not state.game.units[target].vehicle:
        return "Any vs. Leg or Towed"
    shut = target in state.hatches.buttoned  # a Buttoned Vehicle's rows [AG VIII.B]
    if state.game.units[firer].leg and long_range(state, firer, rng):
        return f"Inf, MG at Long Range vs. {'Buttoned' if shut else 'Open'} Vehicle"
    if mg is not None and rng > machineguns.RANGE_LINE:  # a Vehicle's MG (our reading: "MG")
        return f"Inf, MG at Long Range vs. {'Buttoned' if shut else 'Open'} Vehicle"
    return _CLOSE_BUTTONED if shut else _CLOSE_OPEN


def effects(
    state: ArmorState, firer: str, target: str, rng: int, result: str, mg: str | None = None
) -> tuple[str, ...]:
    """The Effects of GP Hits [GC1] of result ``N``, ``S`` or ``K``: ``knocked-out``,
    ``suppressed``, ``crew`` (one crew loss)."""
    if result == "N":
        return ()
    column_ = "Knocked Out result" if result == "K" else "Suppressed result"
    row = effects_row(state, firer, target, rng, mg)
    text = str(cell("effects-of-gp-hits", row, column_).value)
    found: list[str] = []
    if "knocked out" in text:
        found.append("knocked-out")
    if "suppressed" in text:
        found.append("suppressed")
    if "crew loss" in text:
        found.append("crew")
    return tuple(found)


def why_not_gp(state: ArmorState, unit: str, target: str, moving: bool) -> str | None:
    """Why ``unit`` may not fire GP at ``target`` (sighting and Field of Fire are checked by
    :func:`rules.armor.fire.why_not_fire`), or None."""
    spec = state.game.units[unit]
    special = specials.weapon(state, unit)  # the mortar, a flamethrower [OP XXV.B.1; D.3]
    if special is None and not may_fire_gp(spec):
        return "it has no GP weapon this slice plays [ADV VI.B]"
    if state.gun_lost(unit) and (spec.gun is not None or special is not None):
        return "its gun is lost to a Gun or Turret hit [GC1 Effects of AP Hits]"
    if spec.leg and state.suppressed(unit):
        return "Suppressed: a Leg or Towed unit may not fire [ADV IV.D; Order Combination note 7]"
    if state.transported(unit) and (spec.mg_team or not spec.leg):
        return "Towed units and Machinegun units may not fire while being Transported [ADV V.C.3]"
    aboard = boats.why_not_fire_aboard(state, unit)  # only Infantry [OP XXVI.B.2]
    if aboard is not None:
        return aboard
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    rng = range_between(a, b)
    if gp_factor(state, unit, rng, moving) <= 0:
        return f"beyond its GP range ({describe_range(a, b)}; a placeholder Gunnery Table)"
    return None


@dataclass(frozen=True)
class GpAim:
    """A GP shot worked out up to the die [ADV VI.B.1-4]."""

    range: int
    hexes: int
    moving: bool
    factor: int
    modifiers: tuple[Modifier, ...]
    modified_factor: int
    column: str
    defense: Defense
    target_moving: bool
    dice_modifiers: tuple[Modifier, ...]
    n: int
    s: int
    hit_placeholder: str | None
    #: the main gun's shots and its normal Rate's, the Ammunition Factors the fire expends
    #: [OP XXIV.A.2] (a machinegun's or an infantry weapon's: 0, unlimited [A.1.a])
    shots: int = 0
    rate: int = 0
    kind: str = "GP"  # its type with the Ammunition Allotment: "GP" or "FT" [OP XXIV.B.1]


def gp_aim(
    state: ArmorState,
    firer: str,
    target: str,
    opportunity: bool = False,
    moving: bool | None = None,
    target_moving: bool | None = None,
    tracking: bool = False,
    mg: str | None = None,
    rate: int | None = None,
) -> GpAim:
    """The GP shot up to the die (``moving``, ``target_moving`` stand in for the orders); a
    Tracking Fire's (``tracking``) GP Factor is not halved [OP XV.B.3]; ``mg``: the mount of
    the Vehicle's independently fired machinegun that fires [ADV VI.A.2; VI.B.1]; ``rate``:
    the fewer shots announced (else the order's), the GP Factor halved for each shot less
    [OP XXIV.A.2.b]."""
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    rng = range_between(a, b)  # by the Range Scale [AG III.D; ADV VI.B.1]
    riding = state.transported(firer)  # moving or not as its Vehicle is [ADV V.C.3]
    if moving is None:
        moving = bool(state.orders_of(state.troops.carried[firer] if riding else firer).moves)
    if target_moving is None:  # Close Assault counts as moving [ADV V.A.3]
        orders = state.orders_of(target)
        target_moving = state.hexes_ordered(target) > 0 or orders.assault is not None
    hand = mg == handheld.FT  # the Assault Squad's hand-held Flamethrower [OP V.B.2]
    launcher = antitank.WEAPONS.get(mg) if mg is not None else None  # (B), (PT) ...
    if hand:
        factor = handheld.factor(rng, moving)
    elif launcher is not None:  # its GP Factor, at a unit in a Building [ADV IV.E.6]
        factor = launcher.gp_factor(rng, moving)
    elif mg is not None:  # the card's MG NM / MG MV GP Factor [ADV VI.B.1] (placeholder)
        factor = machineguns.mg_factor(rng, moving)
    else:
        factor = gp_factor(state, firer, rng, moving)
    mods: list[Modifier] = []
    rule = f"{GC1} GP Fire Modifiers; ADV VI.B.2"
    if opportunity and not tracking:
        mods.append(Modifier("Opportunity Fire: x1/2", 0, rule + ".a]"))
    if state.game.units[firer].vehicle and state.suppressed(firer) and mg is None:
        mods.append(Modifier("Suppressed Vehicle's main gun: x1/2", 0, rule + ".b]"))
    if riding:
        mods.append(Modifier("Transported Infantry: x1/2", 0, rule + ".c; ADV V.C.3]"))
    # a Half Squad [OP XII]; its special weapons "remain with the reduced unit", unhalved
    own = hand or launcher is not None
    half = None if own else reduction.gp_modifier(state, firer)
    if half is not None:
        mods.append(half)
    shots = normal = 0
    kind = supply.FT if mg is None and specials.flames(state, firer, rng, moving) else supply.GP
    if mg is None:  # the main gun's shots [OP XXIV.A.2], of its type [OP XXIV.B]
        normal = supply.normal_rate(state, firer, rng, moving, opportunity)
        if rate is None:
            rate = supply.announced(state, firer, target, opportunity)
        shots = supply.shots(state, firer, normal, rate, kind)
        fewer = "Limited Ammunition [OP XXIV.A.2.b]"
        mods.extend(Modifier("One shot fewer: x1/2", 0, fewer) for _ in range(normal - shots))
    halves = len(mods)
    plus = None if own else special_infantry.gp_bonus(state, firer, close_assault=False)
    if plus is not None:
        mods.insert(0, plus)
    added = factor + (plus.value if plus is not None else 0)
    modified = added >> halves  # each halves, fractions rounded down [ADV VI.B.2.d]
    col = column(modified)
    found = defense(state, target, target_moving)
    dice: list[Modifier] = []
    losses = state.damage.crew_losses.get(firer, 0)
    if losses:
        dice.append(Modifier(f"{losses} crew loss(es)", -10 * losses, f"{GC1} GP Fire Modifiers]"))
    # a Vehicle's terrain [OP XXIX], never against a flamethrower [OP XXIX.D]
    cover = None if hand else gp_terrain.modifier(state, firer, target)
    if cover is None and not hand:  # a Vehicle in an Alley hex, -10 [OP XXVII.D.3]
        cover = alleys.gp_modifier(state, target)
    if cover is not None:
        dice.append(cover)
    if pinning.pins(state, firer, target, opportunity):  # +10 [OP XXVIII.A]
        dice.append(pinning.BONUS)
    if entrench.shelters(state, target):  # -10 [OP XXXII.D]
        dice.append(entrench.SHELTER)
    trained = morale.gp_modifier(state, firer)  # Poor -10 [OP XVII.I]
    if trained is not None:
        dice.append(trained)
    flame = None if mg else specials.dice_modifier(state, firer, rng, moving)  # [OP XXV.D.3]
    if hand:
        flame = handheld.BONUS  # +10 [OP V.B.3]
    if flame is not None:
        dice.append(flame)
    n, s, note = hit_line(found.value, col)
    hexes = a.distance(b)
    return GpAim(rng, hexes, moving, factor, tuple(mods), modified, col, found, target_moving,
                 tuple(dice), n, s, note, shots, normal, kind)  # fmt: skip


def resolve_gp(
    state: ArmorState,
    firer: str,
    target: str,
    opportunity: bool = False,
    tracking: bool = False,
    mg: str | None = None,
    how: str = "",
    moving: bool | None = None,
) -> list[Pending]:
    """One GP fire, explained in a :class:`~rules.armor.events.GpFire`; its results, not yet
    applied [AG VI.A] (``tracking``: a Tracking Fire [OP XV.B.3]; ``mg``: the mount of the
    Vehicle's independently fired machinegun that fires [ADV VI.A.2; VI.B], or the letter code
    of a squad's weapon [ADV IV.E.3]; ``how``: words added to its rule; ``moving`` stands in
    for the orders)."""
    from rules.armor.fire import Pending

    shot = gp_aim(state, firer, target, opportunity, moving=moving, tracking=tracking, mg=mg)
    # an Ace rolls twice, the higher (better) kept [OP XVII.G.3]
    what = f"GP fire {firer} ({mg} machinegun)" if mg else f"GP fire {firer}"
    roll, _ = morale.roll(state, firer, f"{what} at {target}", low=False)
    ammo = ""
    if mg is None:  # Vehicle machineguns: unlimited ammunition [OP XXIV.A.1.a]
        said = supply.announced(state, firer, target, opportunity)
        ammo = supply.fire_note(state, firer, shot.rate, shot.shots, said, shot.kind)
        supply.expend(state, firer, shot.shots, shot.kind)  # as AP would [OP XXIV.A.2; B]
    modified = roll + sum(m.value for m in shot.dice_modifiers)
    result = result_of(roll, modified, shot.n, shot.s) if shot.modified_factor > 0 else "N"
    rule = "[ADV VI.B; GC1 GP Hit Table, Effects of GP Hits]"
    if ammo:
        rule += f" ({ammo})"
    if result == "K" and pinning.pins(state, firer, target, opportunity):
        result = "S"  # Pinning Fire's Knock Out is a Suppressed result [OP XXVIII.A]
        rule += " (Pinning Fire: Knock Out treated as Suppressed [OP XXVIII.A])"
    found = effects(state, firer, target, shot.range, result, mg)
    blaze.note_gp(state, target, shot.modified_factor, result)  # [OP XI.C; XVIII.A]
    special = None if mg else specials.special_fire(state, firer, shot.range, shot.moving)
    notes = [GP_FACTOR_PLACEHOLDER, shot.defense.placeholder, shot.hit_placeholder]
    verb, factor_rule = "fires GP at", "[ADV VI.B.1]"
    if mg == handheld.FT:
        rule += " (its hand-held Flamethrower, own fire orders [ADV IV.E.3; OP V.B.2-3])"
        if firer in state.squads.half_squads:  # "will remain with the reduced unit" [OP XII]
            rule += " (our reading: a Half Squad's Flamethrower fires its 25 unhalved)"
        notes[0] = None  # NM 25, MV 0 at one hex: the book's [OP V.B.2]
        verb = "fires its (FT) hand-held Flamethrower at"
        factor_rule = "[OP V.B.2: NM 25, MV 0 at one hex]"
    elif mg in antitank.WEAPONS:  # a Bazooka's, PIAT's ... GP Factor [ADV IV.E.6]
        launcher = antitank.WEAPONS[mg]
        rule += (
            f" (its ({mg}) {launcher.name}{how}: its GP Factors only against Block, Wire, "
            "Pillbox or Bunker units or units in Building hexes [ADV IV.E.3; ADV IV.E.6])"
        )
        notes[0] = launcher.gp_placeholder
        verb = f"fires its ({mg}) {launcher.name} GP at"
        factor_rule = "[ADV IV.E.6; ADV VI.B.1: the weapon's GP Factor]"
    elif mg is not None:
        rule += f" (its {mg} machinegun, fired as a separate unit [ADV IV.E.2; VI.A.2])"
        notes[0] = machineguns.MG_FACTOR_PLACEHOLDER
        verb = f"fires its ({mg}) machinegun at"
        factor_rule = "[ADV VI.B.1: the MG NM / MG MV GP Factor]"
    if special is not None:  # the mortar's or a flamethrower's GP Factors [OP XXV.B.1; D.3]
        rule += f" ({special.name} [OP XXV.{'D.3' if special.name == 'flamethrower' else 'B.1'}])"
        notes[0] = special.placeholder
    state.emit(
        GpFire(
            firer,
            target,
            shot.range,
            shot.hexes,
            "MV" if shot.moving else "NM",
            shot.factor,
            shot.modifiers,
            shot.modified_factor,
            shot.column,
            shot.defense.value,
            shot.defense.why,
            shot.dice_modifiers,
            shot.n,
            shot.s,
            roll,
            modified,
            result,
            effects_row(state, firer, target, shot.range, mg),
            found,
            rule,
            placeholder="; ".join(dict.fromkeys(n for n in notes if n)),
            verb=verb,
            factor_rule=factor_rule,
        )
    )
    pending = [Pending(target, e, firer) for e in found]
    flamed = mg is None and specials.fired(state, firer, target, special)  # [OP XXV.B.2; D.4]
    if mg == handheld.FT:
        handheld.fired(state, target)  # a Fire in an Alley or Building hex [OP V.B.4]
        flamed = True  # and a Vehicle's Bail Out attempt [OP V.B.5], as below
    if flamed and state.game.units[target].vehicle and "knocked-out" not in found:
        # the automatic Bail Out attempt: GP Knock Out column, No Damage line [OP XXV.D.5]
        pending.append(Pending(target, "penetrated", firer, specials.FLAME))
    return pending


def gp_chance(
    state: ArmorState,
    firer: str,
    target: str,
    opportunity: bool = False,
    moving: bool = False,
    pinning_fire: bool = False,
    tracking: bool = False,
    mg: str | None = None,
    rate: int | None = None,
) -> tuple[str, float]:
    """A GP shot up to the die, in words, and the chance (0-1) of a Suppressed or Knocked
    Out result, the target taken as not moving (its orders are secret [AG V]); with
    ``pinning_fire``, an order's Pinning Fire not yet plotted (+10 [OP XXVIII.A])."""
    shot = gp_aim(
        state,
        firer,
        target,
        opportunity,
        moving=moving,
        target_moving=False,
        tracking=tracking,
        mg=mg,
        rate=rate,
    )
    if shot.modified_factor <= 0:
        return "GP Factor 0: no effect possible", 0.0
    shift = sum(m.value for m in shot.dice_modifiers)
    if pinning_fire and pinning.BONUS not in shot.dice_modifiers:
        shift += pinning.BONUS.value
    hurt = sum(1 for r in range(1, 101) if result_of(r, r + shift, shot.n, shot.s) != "N")
    # each step as the book takes it [ADV VI.B.1-5], so the odds can be checked by hand
    factor = f"{'MV' if shot.moving else 'NM'} GP Factor {shot.factor}"
    if mg == handheld.FT:  # [OP V.B.2]
        factor = f"(FT) hand-held Flamethrower: {factor} [OP V.B.2]"
    elif mg in antitank.WEAPONS:  # [ADV IV.E.6; ADV VI.B.1]
        name = antitank.WEAPONS[mg].name
        factor = f"({mg}) {name}: {factor} (a placeholder Gunnery Table) [ADV IV.E.6]"
    elif mg is not None:  # [ADV VI.B.1]
        factor = f"({mg}) machinegun: MG {factor} (a placeholder Gunnery Table)"
    halved = "".join(f", {m.what}" for m in shot.modifiers)
    if halved:
        factor += f"{halved} = {shot.modified_factor}"
    rolled = [f"{m.value:+d} {m.what}" for m in shot.dice_modifiers]
    if pinning_fire and pinning.BONUS not in shot.dice_modifiers:
        rolled.append(f"{pinning.BONUS.value:+d} {pinning.BONUS.what}")
    roll = f"; roll {' '.join(rolled)}" if rolled else ""
    words = (
        f"{factor} at {range_words(shot.range, shot.hexes)} (column {shot.column}) against "
        f"GP Defense {shot.defense.value} ({shot.defense.why}){roll}: N {shot.n:02d}, "
        f"S {shot.s:02d}; Suppressed or Knocked Out on {hurt} in 100 [ADV VI.B; GC1 GP Hit "
        "Table]"
    )
    return words, hurt / 100
