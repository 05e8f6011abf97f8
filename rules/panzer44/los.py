"""Panzer '44's line of sight [11.0]: blocking hexes and hexsides, none of the firer's or the
target's own; no elevation."""

from __future__ import annotations

from model.catalog import TerrainType
from model.hexes import Hex
from rules.los.core import Heights, Obstacle, Ruling, Sight, blocking_features, with_data
from rules.los.geometry import AlongStep, HexStep
from rules.los.terrain import TerrainLos, provenance, text_effect


def los_terrain(t: TerrainType) -> TerrainLos:
    """A terrain type as this book's lines of sight see it."""
    return TerrainLos(
        t.id, t.name, t.applies_to, text_effect(t, "los") == "blocked", cite=provenance(t, "los")
    )


# --- Panzer '44 [11.0] ---------------------------------------------------------------------------

P44 = "Panzer '44"
P44_ALONG = (
    f"{P44} [11.11]; placeholder: the book does not speak of a line running along a hexside; read "
    "as passing through that hexside, which blocking terrain in either of its hexes covers in part "
    "(a hexside covered in whole or in part by blocking terrain blocks)"
)


#: No heights but the ground [11.12]: the LOS tool says why.
HEIGHTS = Heights(
    note=(
        "Panzer '44 has no heights: units on hilltops have no observation advantage and do "
        "not see over blocking terrain [11.12]; no upper storeys, and no aircraft that sight "
        "(Close Air Support strikes as Off-Board Artillery does [16.0])."
    )
)


def sight(s: Sight) -> Ruling:
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
            for f in blocking_features(s, step.side):
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
