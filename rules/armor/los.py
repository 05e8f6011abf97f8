"""Armor's line of sight: terrain heights against the units' elevation levels [AG IV.B].

The book: a straight line from Dot to Dot [AG IV.B]; terrain sits at one of six levels, -1 to
+4 [AG IV.B.1] (the levels per terrain are the data's ``level``); Woods, Hedgerow and single
Buildings do not raise a unit, Hills do, a Ditch lowers it [AG IV.B.1.h]; Smoke (and Fire)
blocks at every level [OP IX.A.5; OP XI.D]; combat units never block [AG IV.B.1.g]; a unit can
always sight an adjacent hex [GC2 Sighting Elevation Table note]. The Sighting Elevation Table
gives, for the sighter's and the target's levels and the obstacle closer, midway or farther,
the lowest obstacle level that blocks; the text keeps only the row of a level -1 sighter:
NP (not possible) against a -1 target, 1+ everywhere against 0 and +1, 1+ closer and midway
against +2.

Placeholder for the lost rest of the table (HEIGHTS below): the sight line runs straight from
the sighter's level to the target's; an obstacle blocks when its top is higher than the line
where it stands, and the general ground (level 0 or lower) blocks only when it is higher than
both units. That reproduces every surviving cell: a -1 sighter sees 0 and +1 targets past any
ground-level terrain, level 1 blocks anywhere against 0 and +1 and closer or midway against +2,
and two units in hollows (-1) do not see each other across the ground between them (NP).
Positions along the line are measured in hexes from each end, so the verdict is the same both
ways. Terrain in the sighter's and the target's own hexes is not between them and never blocks;
hexsides are between them, so a Crest on a unit's own hexside counts.

Smoke is the exception: it blocks "from all elevation levels including into the Smoke hex"
[OP IX.A.5], so Smoke in the target's hex blocks the line into it, and so does Fire, which is
Smoke for sighting [OP XI.D]. Our reading for the two cases the book leaves open: Smoke in the
sighter's own hex blocks the line out of it too (a line of sight is one line, Dot to Dot, and
its verdict is the same both ways), and an adjacent hex is still always sighted, as the
Sighting Elevation Table's note says "regardless of terrain" and lists Smoke among that
terrain [GC2]. The map's Smoke stays as long as the scenario's map holds it; Smoke fired in
play with the Smoke option (placed inverted and lasting the following Turn [OP IX.A.3-4]) is
:mod:`rules.armor.optional.smoke`'s, read the same way.

Heights above the ground (:data:`SIGHT_HEIGHTS`, the designer's LOS tool; the engine's units
stand on the ground): a unit in the 2nd storey of a Building is at +1, the 3rd +2, and so on
[AG IV.B.1.h(3)], in a Building of that many stacked units (up to four [Setup II.C.4]; only Leg
units go upstairs [ADV IV.B.2.a]); asked for a storey the hex's Building lacks, the unit is in
its top storey (or on the ground: no Building), and a note says so. A Plane sights every hex
but Building, Woods, Hedgerow, Improved Position and Alley hexes [OP III.C] (the terrain data's
``hidden_from_planes``), over any terrain between; units firing at a Plane ignore terrain
obstacles [OP III.D.2]. Our readings where the book is silent: Smoke (or Fire) in the hex a
Plane looks into hides it too (Smoke blocks "from all elevation levels, including into the
Smoke hex" [OP IX.A.5]); a Plane over its target's own hex is judged as any other (a Plane is
placed in the hex it attacks [OP III.D.1]); nothing on the ground stands between two Planes.
"""

from __future__ import annotations

from fractions import Fraction

from model.catalog import TerrainType
from model.hexes import Hex, Hexside
from rules.los.core import GROUND, Height, Heights, Obstacle, Sight, with_data
from rules.los.geometry import AlongStep, CrossStep, HexStep
from rules.los.terrain import TerrainLos, flag_effect, int_effect, provenance

Ruling = tuple[list[Obstacle], str, str]  # obstacles; if none, the rule and why

ARMOR = "Armor"
TABLE = f"{ARMOR} [GC2 Sighting Elevation Table]"
HEIGHTS = (
    "placeholder: the Sighting Elevation Table [GC2] is lost beyond its -1 row; a straight line "
    "from the sighter's level to the target's, which an obstacle higher than the line blocks "
    "(ground at level 0 or below only when higher than both units), fitted to that row"
)
SMOKE = f"{ARMOR} [OP IX.A.5]"
INTO = f"{SMOKE}: Smoke blocks lines of sight from all levels, including into the Smoke hex"
STOREY = f"{ARMOR} [AG IV.B.1.h(3)]"
UPSTAIRS = f"{ARMOR} [ADV IV.B.2.a]"
PLANE = f"{ARMOR} [OP III.C]"
AA_FIRE = f"{ARMOR} [OP III.D.2]"
PLANE_ID = "plane"


def _storey(n: int) -> Height:
    ordinal = {2: "2nd", 3: "3rd", 4: "4th"}[n]
    rule = f"{STOREY}; only Leg units go above the 1st storey {UPSTAIRS}"
    return Height(f"storey-{n}", f"{ordinal} storey ({n - 1:+d})", rule)


#: The heights the book gives a unit above its hex's level (see the module's docstring).
SIGHT_HEIGHTS = Heights(
    choices=(
        Height(GROUND.id, GROUND.label, f"{ARMOR} [AG IV.B.1.h]"),
        *(_storey(n) for n in (2, 3, 4)),
        Height(PLANE_ID, "Plane (in the air)", f"{PLANE}; {AA_FIRE}"),
    ),
    note=(
        "A unit stands at its hex's level: Hills raise it, a Depression or Ditch lowers it "
        "[AG IV.B.1.h]. Upstairs in a Building of that many storeys it is higher: 2nd +1, "
        "3rd +2, 4th +3 [AG IV.B.1.h(3); Setup II.C.4] (Leg units only [ADV IV.B.2.a]). A Plane "
        "sights every hex but Building, Woods, Hedgerow, Improved Position and Alley hexes "
        "[OP III.C]; fire at a Plane ignores terrain [OP III.D.2]."
    ),
)

ALONG = (
    "placeholder: the book does not say how a line along a hexside is judged; as Soldiers [6.45] "
    "and Panzer Command [§6.2], the lower of the two hexes counts (both must block)"
)


def armor(s: Sight) -> Ruling:
    """Obstacles (hexes and Crest hexsides) higher than the line between the units' levels;
    a Plane's sight [OP III.C; III.D.2] when an end is one."""
    if PLANE_ID in s.heights:
        return _plane(s)
    # The levels first, so that the notes say where a raised unit stands even when it is next
    # to the other (the engine's units are on the ground: their line gets to adjacency first).
    observer, target = s.heights
    raised = (observer, target) != (GROUND.id, GROUND.id)
    if raised:
        ends = (_end_level(s, s.a, observer, "observer"), _end_level(s, s.b, target, "target"))
    if s.a == s.b:
        return [], f"{ARMOR} [AG IV.B]", "both are in the same hex, with nothing between them"
    if s.adjacent:
        return [], f"{TABLE} note", "a unit can always sight an adjacent hex, regardless of terrain"
    if not raised:
        ends = (unit_level(s, s.a), unit_level(s, s.b))
    found: list[Obstacle] = _smoke_at_end(s, s.a, "the sighter's own hex: out of it")
    for step in s.between():
        if isinstance(step, HexStep):
            found.extend(_hex(s, step.hex, ends))
        else:
            found.extend(_side(s, step, ends))
            if isinstance(step, AlongStep):
                found.extend(_along(s, step, ends))
    found.extend(_smoke_at_end(s, s.b, "the target's hex: into it"))
    why = "no terrain between the two units rises above the line between their levels"
    return found, f"{ARMOR} [AG IV.B]; {HEIGHTS}", why


def _smoke_at_end(s: Sight, h: Hex, which: str) -> list[Obstacle]:
    """Smoke (or Fire, as Smoke) in an end hex of the line blocks it [OP IX.A.5; OP XI.D]; the
    sighter's hex is our reading (see the module's docstring)."""
    t = base_terrain(s, h)
    if t is None or not t.all_levels:
        return []
    rule = INTO if t.all_levels_cite == SMOKE else f"{t.all_levels_cite} (as Smoke); {INTO}"
    if h == s.a:
        rule += "; out of it too: our reading (one line, the same both ways)"
    reason = f"{t.name} in {s.name(h)}, {which}, blocks sight at every level"
    return [s.at_hex(h, t.id, rule, reason)]


def unit_level(s: Sight, h: Hex) -> int:
    """The level of a unit in ``h``: the ground (with stacked Hills), raised by a painted Hill,
    lowered by a Depression or Ditch [AG IV.B.1.h]; the first storey of a Building."""
    ground = s.ground(h)
    t = base_terrain(s, h)
    if t is None:
        return ground
    if t.raises_units and not s.view.overlays.kinds(h):
        return ground + t.level  # a painted Hill: no Hill unit is counted in the ground
    return ground + t.unit_level


def storeys(s: Sight, h: Hex) -> int:
    """How many storeys the Building in ``h`` has: its stacked Building units, or one for a
    Building painted or printed there; 0 without a Building [Setup II.C.4]."""
    stacked = sum(1 for kind in s.view.overlays.kinds(h) if _is_building(s.table.get(kind)))
    return stacked or (1 if _is_building(base_terrain(s, h)) else 0)


def _is_building(t: TerrainLos | None) -> bool:
    return t is not None and t.storeys > 0


def _end_level(s: Sight, h: Hex, height: str, who: str) -> int:
    """The level of the observer or the target in ``h`` at ``height`` (a storey: its
    Building's, as far as it goes [AG IV.B.1.h(3)]); how it was taken goes in the notes."""
    ground = unit_level(s, h)
    if not height.startswith("storey-"):
        return ground
    wanted, have = int(height.removeprefix("storey-")), storeys(s, h)
    name = s.name(h)
    if have == 0:
        s.notes.append(
            f"{name} has no Building: the {who} stands on the ground, at level {ground} ({STOREY})"
        )
        return ground
    storey = min(wanted, have)
    level = ground + storey - 1
    if storey < wanted:
        s.notes.append(
            f"{name}'s Building has {have} storey(s): the {who} is in its top one, at level "
            f"{level} ({STOREY}; {have} stacked Building unit(s) [Setup II.C.4])"
        )
    else:
        s.notes.append(
            f"the {who} is in storey {storey} of {name}'s Building: level {level} (the unit's "
            f"ground level {ground}, {storey - 1:+d}) {STOREY}; Leg units only {UPSTAIRS}"
        )
    return level


def _plane(s: Sight) -> Ruling:
    """A Plane sights every hex but a Building, Woods, Hedgerow, Improved Position or Alley hex
    [OP III.C]; fire at a Plane ignores terrain obstacles [OP III.D.2]."""
    up_a, up_b = (height == PLANE_ID for height in s.heights)
    if up_a and up_b:
        s.notes.append("both ends are Planes: our reading, nothing on the ground is between them")
        return [], f"{PLANE}; our reading", "nothing on the ground stands between two Planes"
    if up_b:
        s.notes.append(f"the target is a Plane over {s.name(s.b)} {AA_FIRE}")
        why = "terrain obstacles are ignored for fire at a Plane (Anti-Aircraft Fire)"
        return [], AA_FIRE, why
    s.notes.append(f"the observer is a Plane over {s.name(s.a)} {PLANE}")
    found = []
    for tid in dict.fromkeys(s.view.mixed(s.b)):  # every terrain in the hex, top first
        t = s.table.get(tid)
        if t is None:
            continue
        if t.hidden_from_air:
            reason = f"a Plane cannot sight a {t.name} hex, and {s.name(s.b)} holds {t.name}"
            found.append(s.at_hex(s.b, t.id, PLANE, reason))
        elif t.all_levels:
            rule = f"{PLANE}; {SMOKE}; our reading: Smoke hides the hex from a Plane too"
            reason = f"{t.name} in {s.name(s.b)} hides it from the air"
            found.append(s.at_hex(s.b, t.id, rule, reason))
    why = (
        "a Plane sights every hex but Building, Woods, Hedgerow, Improved Position and Alley hexes"
    )
    return found, PLANE, why


def height(s: Sight, h: Hex) -> tuple[int, TerrainLos | None]:
    """The top of hex ``h`` as an obstacle, and its (top) terrain: the ground (with stacked
    Hills) plus every unit on it that does not raise units (Woods +3, each storey +1...)."""
    top = base_terrain(s, h)
    level = top.level if top and (not top.raises_units or not s.view.overlays.kinds(h)) else 0
    below = s.view.overlays.kinds(h)[:-1]
    for kind in below:  # storeys and anything else under the top unit
        t = s.table.get(kind)
        if t is not None and not t.raises_units:
            level += t.level
    return s.ground(h) + level, top


def base_terrain(s: Sight, h: Hex) -> TerrainLos | None:
    """The hex's terrain before terrain options: heights are the map's, whatever a hex counts
    as (Hill units keep their elevation when hilltops count as Rough [OP XXVII.B])."""
    return s.table.get(s.view.layers(h)[0]) if h in s.view else None


def _hex(s: Sight, h: Hex, ends: tuple[int, int]) -> list[Obstacle]:
    top, t = height(s, h)
    tid = t.id if t else s.terrain_id(h)
    name = t.name if t else tid
    if t and t.all_levels:
        reason = f"{name} in {s.name(h)} blocks sight at every level"
        return [s.at_hex(h, tid, t.all_levels_cite, reason)]
    weights = (2 * s.a.distance(h), 2 * s.b.distance(h))
    if not blocks_line(top, ends, weights):
        return []
    rule = _cite(top, ends, weights)
    rule = with_data(rule, t) if t else rule
    reason = f"{name} in {s.name(h)} tops out at level {top}, {_above(ends, weights)}"
    return [s.at_hex(h, tid, rule, reason)]


def _side(s: Sight, step: CrossStep | AlongStep, ends: tuple[int, int]) -> list[Obstacle]:
    found = []
    side = step.side
    for f in s.features(side):
        if not f.blocks:
            continue
        top = max(s.ground(h) for h in side.hexes) + f.level
        weights = _side_weights(s, side)
        if blocks_line(top, ends, weights):
            rule = with_data(_cite(top, ends, weights), f)
            if isinstance(step, AlongStep):
                rule = f"{rule}; {ALONG}"
            reason = f"a {f.name.lower()} hexside at level {top}, {_above(ends, weights)}"
            found.append(s.at_side(side, f.id, rule, reason))
    return found


def _along(s: Sight, step: AlongStep, ends: tuple[int, int]) -> list[Obstacle]:
    """A line between two hexes: the lower of the two counts (placeholder, see ALONG)."""
    (top_l, t_l), (top_r, t_r) = height(s, step.left), height(s, step.right)
    if t_l and t_r and t_l.all_levels and t_r.all_levels:
        reason = (
            f"the line runs between two hexes of {t_l.name.lower()}, which blocks at every level"
        )
        return [s.at_side(step.side, t_l.id, f"{t_l.all_levels_cite}; {ALONG}", reason)]
    top, t, h = min((top_l, t_l, step.left), (top_r, t_r, step.right), key=lambda x: x[0])
    weights = _side_weights(s, step.side)
    if not blocks_line(top, ends, weights):
        return []
    tid = t.id if t else s.terrain_id(h)
    reason = (
        f"the line runs between {s.name(step.left)} and {s.name(step.right)}, the lower of "
        f"them topping out at level {top}, {_above(ends, weights)}"
    )
    return [s.at_side(step.side, tid, f"{_cite(top, ends, weights)}; {ALONG}", reason)]


def _side_weights(s: Sight, side: Hexside) -> tuple[int, int]:
    return side_weights(s.a, s.b, side)


def side_weights(a: Hex, b: Hex, side: Hexside) -> tuple[int, int]:
    """Where a hexside stands along the line from ``a`` to ``b``: its two hexes' distances
    from each end, summed (twice a hex's own, as :func:`_hex` weighs hexes)."""
    x, y = side.hexes
    return a.distance(x) + a.distance(y), b.distance(x) + b.distance(y)


def _line(ends: tuple[int, int], weights: tuple[int, int]) -> Fraction:
    """The sight line's level at a point ``weights`` (from a, from b) along it."""
    (la, lb), (wa, wb) = ends, weights
    return Fraction(la * wb + lb * wa, wa + wb)


def blocks_line(top: int, ends: tuple[int, int], weights: tuple[int, int]) -> bool:
    """The placeholder height rule (see the module's docstring and HEIGHTS): higher than the
    line there (``top > line``, multiplied out to integers), and ground at level 0 or below
    only when higher than both units."""
    (la, lb), (wa, wb) = ends, weights
    above = top * (wa + wb) > la * wb + lb * wa
    return above and (top > 0 or top > max(ends))


def _cite(top: int, ends: tuple[int, int], weights: tuple[int, int]) -> str:
    """The surviving row of the Sighting Elevation Table when it covers the case, else the
    placeholder. The row is a -1 sighter's; a line of sight is the same line both ways."""
    for low, other, (w_low, w_other) in ((0, 1, weights), (1, 0, weights[::-1])):
        if ends[low] != -1:
            continue
        level = ends[other]
        midway_or_closer = w_low <= w_other
        both_ways = " (read both ways: the target is the unit at -1)" if low == 1 else ""
        if level == -1 and top > -1:
            return f"{TABLE}, row -1: NP against a -1 target"
        if level in (0, 1) or (level == 2 and midway_or_closer):
            return f"{TABLE}, row -1: 1+ against a {level:+d} target{both_ways}"
    return HEIGHTS


def _above(ends: tuple[int, int], weights: tuple[int, int]) -> str:
    line = _line(ends, weights)
    shown = f"{float(line):.2f}".rstrip("0").rstrip(".")
    return (
        f"above the line of sight, which passes there at level {shown} "
        f"between units at levels {ends[0]} and {ends[1]}"
    )


def los_terrain(t: TerrainType) -> TerrainLos:
    """A terrain type as Armor's lines of sight see it: its level [AG IV.B.1]."""
    smoke_key = "blocks_los_all_levels" if "blocks_los_all_levels" in t.effects else None
    if smoke_key is None and "as_smoke_for_sighting" in t.effects:
        smoke_key = "as_smoke_for_sighting"
    level = int_effect(t, "level")
    return TerrainLos(
        t.id,
        t.name,
        t.applies_to,
        blocks=level > 0,
        level=level,
        raises_units=flag_effect(t, "raises_units"),
        unit_level=int_effect(t, "unit_level"),
        all_levels=smoke_key is not None and flag_effect(t, smoke_key),
        cite=provenance(t, "level") if "level" in t.effects else "",
        all_levels_cite=provenance(t, smoke_key) if smoke_key else "",
        storeys=int_effect(t, "storeys"),
        hidden_from_air=flag_effect(t, "hidden_from_planes"),
    )
