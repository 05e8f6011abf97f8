"""Soldiers' line of sight [6.4]: any part of a blocking hex, corners included; blocking
hexsides unless they border an end; the book's rules for lines along a hexside. No elevation."""

from __future__ import annotations

from model.catalog import TerrainType
from model.hexes import Hexside
from rules.los.core import Heights, Obstacle, Ruling, Sight, blocking_features, touches, with_data
from rules.los.geometry import AlongStep, CrossStep, HexStep, clips_corner
from rules.los.terrain import TerrainLos, flag_effect, provenance


def los_terrain(t: TerrainType) -> TerrainLos:
    """A terrain type as this book's lines of sight see it."""
    return TerrainLos(
        t.id, t.name, t.applies_to, flag_effect(t, "blocks_los"), cite=provenance(t, "blocks_los")
    )


# --- Soldiers [6.4] -----------------------------------------------------------------------------

SOL = "Soldiers"


#: No heights but the ground: the LOS tool says why.
HEIGHTS = Heights(
    note=(
        "Soldiers has no heights: a line is blocked by any part of a blocking hex, buildings "
        "included, whatever the ground [6.41; 6.43], and ridges are hexsides [6.44]; the book "
        "has no elevation, no upper floors and no aircraft."
    )
)


def sight(s: Sight) -> Ruling:
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
    for f in blocking_features(s, side):
        reason = (
            f"a {f.name.lower()} blocks a line crossing it unless it borders the observer's or "
            "the target's hex"
        )
        found.append(s.at_side(side, f.id, with_data(f"{SOL} [6.44]", f), reason))
    return found


def _sol_along(s: Sight, step: AlongStep) -> list[Obstacle]:
    found = []
    if not (touches(s.a, step.side) and touches(s.b, step.side)):
        for f in blocking_features(s, step.side):
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
