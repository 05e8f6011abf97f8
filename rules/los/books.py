"""Line-of-sight rules of Panzer '44, Soldiers and Panzer Command, as their books give them.

Each function reads one line (:class:`~rules.los.core.Sight`) and returns the obstacles that
block it, in order from the observer, and the rule (with a short why) that makes the line clear
when none does. Which terrain blocks comes from the system's terrain data
(:mod:`rules.los.terrain`); the geometry (hexes passed through, corners clipped, hexsides
crossed or run along) is exact (:mod:`rules.los.geometry`). Armor, with its heights, is in
:mod:`rules.armor.los`.
"""

from __future__ import annotations

from model.hexes import Hex, Hexside
from rules.los.core import Obstacle, Sight, touches, with_data
from rules.los.geometry import AlongStep, CrossStep, HexStep, clips_corner
from rules.los.terrain import TerrainLos

Ruling = tuple[list[Obstacle], str, str]  # obstacles; if none, the rule and why


def _blocking_features(s: Sight, side: Hexside) -> list[TerrainLos]:
    return [f for f in s.features(side) if f.blocks]


# --- Panzer '44 [11.0] ---------------------------------------------------------------------------

P44 = "Panzer '44"
P44_ALONG = (
    f"{P44} [11.11]; placeholder: the book does not speak of a line running along a hexside; read "
    "as passing through that hexside, which blocking terrain in either of its hexes covers in part "
    "(a hexside covered in whole or in part by blocking terrain blocks)"
)


def panzer44(s: Sight) -> Ruling:
    """Blocked by a blocking hex or hexside that is not the firer's or the target's [11.0; 11.13]
    (terrain data: ``los: blocked``). No elevation: hilltops see over nothing [11.12]."""
    if s.adjacent:
        return [], f"{P44} [11.13]", "nothing lies between adjacent hexes but their common side"
    found: list[Obstacle] = []
    for step in s.between():
        if isinstance(step, HexStep):
            found.extend(_p44_hex(s, step.hex))
            continue
        if not s.borders_an_end(step.side):
            for f in _blocking_features(s, step.side):
                reason = (
                    f"a {f.name.lower()} hexside blocks unless it is a side of the firer's or "
                    "the target's hex"
                )
                rule = with_data(f"{P44} [11.11; 11.13]", f)
                found.append(s.at_side(step.side, f.id, rule, reason))
        if isinstance(step, AlongStep):
            found.extend(_p44_along(s, step))
    return found, f"{P44} [11.0; 11.13]", "no blocking hex or hexside lies between them"


def _p44_hex(s: Sight, h: Hex) -> list[Obstacle]:
    t = s.terrain(h)
    if not (t and t.blocks):
        return []
    reason = f"{t.name} in {s.name(h)} blocks a line passing through any part of it"
    return [s.at_hex(h, t.id, with_data(f"{P44} [11.11]", t), reason)]


def _p44_along(s: Sight, step: AlongStep) -> list[Obstacle]:
    for h in (step.left, step.right):
        t = s.terrain(h)
        if t and t.blocks:
            reason = (
                f"the line runs along the side of {t.name.lower()} in {s.name(h)}, which the "
                "blocking terrain covers in part"
            )
            return [s.at_side(step.side, t.id, with_data(P44_ALONG, t), reason)]
    return []


# --- Soldiers [6.4] -----------------------------------------------------------------------------

SOL = "Soldiers"


def soldiers(s: Sight) -> Ruling:
    """Blocked by any part of a blocking hex [6.41; 6.43], a corner of one [6.45], a blocking
    hexside crossed away from both ends [6.44], a blocking hexside run along unless both ends
    are next to it [6.44], and a hexside run along between two blocking hexes [6.45]. The
    book has no elevation (ridges are hexsides).

    A line through a corner point only is not blocked by the hexsides ending there ("crosses
    only a corner of a blocking hexside" [6.45]) nor by the third hex there, which it touches
    at that point only: a line along a whole side of one blocking hex is not blocked [6.45].
    """
    if s.adjacent:
        return [], f"{SOL} [6.41; 6.44]", "adjacent hexes have only their common side between them"
    found: list[Obstacle] = []
    for step in s.between():
        if isinstance(step, HexStep):
            found.extend(_sol_hex(s, step))
        elif isinstance(step, CrossStep):
            found.extend(_sol_crossed(s, step.side))
        else:
            found.extend(_sol_along(s, step))
    return found, f"{SOL} [6.41]", "the line passes through no part of a blocking hex or hexside"


def _sol_hex(s: Sight, step: HexStep) -> list[Obstacle]:
    t = s.terrain(step.hex)
    if not (t and t.blocks):
        return []
    name = s.name(step.hex)
    if clips_corner(s.a, s.b, step.hex):
        reason = f"the line crosses a corner of {name} ({t.name.lower()}), which blocks"
        return [s.at_hex(step.hex, t.id, with_data(f"{SOL} [6.45]", t), reason)]
    reason = f"{t.name} in {name} blocks: a line may go into a blocking hex but not through it"
    return [s.at_hex(step.hex, t.id, with_data(f"{SOL} [6.41; 6.43]", t), reason)]


def _sol_crossed(s: Sight, side: Hexside) -> list[Obstacle]:
    if s.borders_an_end(side):
        return []
    found = []
    for f in _blocking_features(s, side):
        reason = (
            f"a {f.name.lower()} blocks a line crossing it unless it borders the observer's or "
            "the target's hex"
        )
        found.append(s.at_side(side, f.id, with_data(f"{SOL} [6.44]", f), reason))
    return found


def _sol_along(s: Sight, step: AlongStep) -> list[Obstacle]:
    found = []
    if not (touches(s.a, step.side) and touches(s.b, step.side)):
        for f in _blocking_features(s, step.side):
            reason = (
                f"the line runs along a {f.name.lower()} hexside, and the observer's and the "
                "target's hexes are not both next to it"
            )
            found.append(s.at_side(step.side, f.id, with_data(f"{SOL} [6.44]", f), reason))
    left, right = s.terrain(step.left), s.terrain(step.right)
    if left and right and left.blocks and right.blocks:
        reason = (
            f"the line runs along the side between {left.name.lower()} in {s.name(step.left)} "
            f"and {right.name.lower()} in {s.name(step.right)}: blocking terrain in both hexes"
        )
        rule = with_data(with_data(f"{SOL} [6.45]", left), right)
        found.append(s.at_side(step.side, left.id, rule, reason))
    return found


# --- Panzer Command [§6] ------------------------------------------------------------------------

PC = "Panzer Command"
PC_BETWEEN = (
    f"{PC} [§6.3]; placeholder: the book gives no rule for woods or town between the two units' "
    "elevations; treated as blocking, as woods or town on the units' own level does"
)
Hit = tuple[str, str, str]  # terrain, rule, reason


def panzer_command(s: Sight) -> Ruling:
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
        for f in _blocking_features(s, step.side):
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
