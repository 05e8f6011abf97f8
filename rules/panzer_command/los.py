"""Panzer Command's line of sight [§6]: woods, town, crests, embankments and higher ground,
judged against the two units' elevations, with blindspots; adjacent units always see each
other."""

from __future__ import annotations

from model.catalog import TerrainType
from model.hexes import Hex
from rules.los.core import Heights, Obstacle, Ruling, Sight, blocking_features, with_data
from rules.los.geometry import AlongStep, CrossStep, HexStep
from rules.los.terrain import TerrainLos, provenance, text_effect


def los_terrain(t: TerrainType) -> TerrainLos:
    """A terrain type as this book's lines of sight see it."""
    los = text_effect(t, "los")
    return TerrainLos(
        t.id,
        t.name,
        t.applies_to,
        blocks=los in ("blocking", "conditional"),
        conditional=los == "conditional",
        cite=provenance(t, "los"),
    )


# --- Panzer Command [§6] ------------------------------------------------------------------------

PC = "Panzer Command"
PC_BETWEEN = (
    f"{PC} [§6.3]; placeholder: the book gives no rule for woods or town between the two units' "
    "elevations; treated as blocking, as woods or town on the units' own level does"
)
Hit = tuple[str, str, str]  # terrain, rule, reason


#: No heights but the ground: the LOS tool says why.
HEIGHTS = Heights(
    note=(
        "Panzer Command: a unit is at its hex's elevation, the map's 20 m contours [§6.3] "
        "(set a hex's elevation to raise it); the book has no upper storeys and no aircraft "
        "that sight (airstrikes come from the Airstrike Table [§18.4])."
    )
)


def sight(s: Sight) -> Ruling:
    """Woods and town hexes, crest and embankment hexsides and higher ground, each judged
    against the two units' elevations [§6.2; §6.3]. Adjacent units always see each other."""
    if s.adjacent:
        return [], f"{PC} [§6.3 note]", "the line of sight between adjacent units is always clear"
    levels = (s.ground(s.a), s.ground(s.b))
    found: list[Obstacle] = []
    for step in s.between():
        if isinstance(step, HexStep):
            hit = _pc_hex(s, step.hex, levels)
            if hit:
                found.append(s.at_hex(step.hex, *hit))
            continue
        for f in blocking_features(s, step.side):
            side_hit = _pc_feature(s, step, f, levels)
            if side_hit:
                found.append(s.at_side(step.side, *side_hit))
        if isinstance(step, AlongStep):
            found.extend(_pc_between(s, step, levels))
    return found, f"{PC} [§6.2; §6.3]", "nothing on the line blocks at these elevations"


def _pc_hex(s: Sight, h: Hex, levels: tuple[int, int]) -> Hit | None:
    """(terrain, rule, reason) when hex ``h`` blocks a line between units at ``levels``."""
    lo, hi = min(levels), max(levels)
    w, t = s.ground(h), s.terrain(h)
    where = f"{s.name(h)} (elevation {w})"
    if t and t.blocks and w >= lo:
        return _pc_woods(s, h, t, levels, where)
    if w > hi:
        reason = f"{where} is higher than both units (elevations {levels[0]} and {levels[1]})"
        return s.terrain_id(h), f"{PC} [§6.3 Elevation Changes]", reason
    return None


def _pc_woods(s: Sight, h: Hex, t: TerrainLos, levels: tuple[int, int], where: str) -> Hit | None:
    """Woods and town at or above the lower unit's elevation [§6.3]."""
    lo, hi = min(levels), max(levels)
    w, kind, rule = s.ground(h), t.name.lower(), with_data(f"{PC} [§6.3]", t)
    if w > hi:
        return t.id, rule, f"{kind} in {where} is higher than both units"
    if lo == hi:
        return t.id, rule, f"{kind} in {where} is on the units' level: a line enters, not through"
    if w > lo:
        return t.id, with_data(PC_BETWEEN, t), f"{kind} in {where} is above the lower unit ({lo})"
    lower = s.a if levels[0] < levels[1] else s.b
    if h.distance(lower) == 1:
        return (
            t.id,
            rule,
            f"{kind} in {where} is level with the lower unit, next to it: a blindspot",
        )
    return None


def _pc_feature(
    s: Sight, step: CrossStep | AlongStep, f: TerrainLos, levels: tuple[int, int]
) -> Hit | None:
    """A crest (``blocking``) or embankment (``conditional``) hexside [§6.3]."""
    side, rule, kind = step.side, with_data(f"{PC} [§6.3]", f), f.name.lower()
    if f.conditional:
        # Placeholder where the line runs along an embankment: no unit's hex borders it, so it
        # is read as never blocking (the book speaks only of crossing one).
        lower = s.a if levels[0] < levels[1] else s.b if levels[1] < levels[0] else None
        if isinstance(step, CrossStep) and lower is not None and lower in side.hexes:
            return f.id, rule, f"the lower unit is next to the {kind} the line crosses: a blindspot"
        return None
    crest = max(s.ground(h) for h in side.hexes)
    if crest < min(levels):
        return None
    if isinstance(step, AlongStep):
        return (
            f.id,
            rule,
            f"the line runs along a {kind} at elevation {crest}, not below both units",
        )
    if s.borders_an_end(side):
        return None
    reason = (
        f"a {kind} at elevation {crest} (its higher hex) is not lower than both units and "
        "borders neither unit's hex"
    )
    return f.id, rule, reason


def _pc_between(s: Sight, step: AlongStep, levels: tuple[int, int]) -> list[Obstacle]:
    """A line exactly between two hexes is blocked only when both block [§6.2]."""
    left, right = _pc_hex(s, step.left, levels), _pc_hex(s, step.right, levels)
    if not (left and right):
        return []
    reason = f"the line runs exactly between two blocking hexes: {left[2]}; {right[2]}"
    return [s.at_side(step.side, left[0], f"{PC} [§6.2]; {left[1]}", reason)]
