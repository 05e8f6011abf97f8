"""Line of sight for the four game systems, each as its rulebook gives it (no Qt).

The editor's LOS tool and the rules engine call :func:`line_of_sight` with the scenario's
:class:`~model.terrainview.MapTerrain` (the single query for a map's terrain) and two hexes::

    result = line_of_sight(view, scenario.system, a, b)
    result.verdict        # "clear" | "hindered" | "blocked"
    result.decided_by     # the first blocking Obstacle: where, terrain, rule cited, reason

What each book says (details in the rule modules):

- Armor [AG IV.B; GC2]: heights against the units' levels (:mod:`rules.armor.los`; the
  Sighting Elevation Table is lost beyond one row, so the height rule is a placeholder fitted
  to it); adjacent hexes are always sighted; Smoke blocks at every level, in the sighter's
  and the target's hexes too [OP IX.A.5].
- Panzer '44 [11.0]: blocking hexes and hexsides, none of the firer's or target's; no elevation.
- Soldiers [6.4]: any part of a blocking hex, corners included; blocking hexsides unless they
  border an end; the book's rules for lines along a hexside. No elevation.
- Panzer Command [§6]: woods, town, crests, embankments and higher ground, judged against the
  two units' elevations, with blindspots; adjacent units always see each other.

No book has terrain that only hinders a line, so the verdict is ``clear`` or ``blocked`` (the
``hindered`` value is kept for the API). Sighting ranges, weather and units (smoke in a
building) are the rules engine's, not this module's. Heights above the ground are each book's
(:func:`sight_heights`): only Armor has any, upper storeys and planes [AG IV.B.1.h(3); OP III.C];
the designer's LOS tool asks with them, the engine's own lines are from the ground.

Why fast enough without caches per map: the line's geometry is exact integer arithmetic over
the few dozen hexes it meets, terrain is read through the view only for those, and each
system's terrain table is built once (:func:`rules.los.terrain.terrain_table`).
"""

from __future__ import annotations

from model.hexes import Hex
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.los.core import GROUND, Effect, Height, Heights, LosResult, Obstacle, Sight, Verdict
from rules.los.geometry import trace
from rules.los.terrain import terrain_table
from rules.registry import rules_for

__all__ = [
    "Effect",
    "Height",
    "Heights",
    "LosResult",
    "Obstacle",
    "Verdict",
    "line_of_sight",
    "sight_heights",
]


def sight_heights(system: GameSystem) -> Heights:
    """The heights above the ground ``system``'s book lets an observer and a target take."""
    return rules_for(system).sight_heights or Heights()


def line_of_sight(
    view: MapTerrain,
    system: GameSystem,
    a: Hex,
    b: Hex,
    observer: str = GROUND.id,
    target: str = GROUND.id,
) -> LosResult:
    """The line of sight from the centre of ``a`` to the centre of ``b`` under ``system``'s rules.

    Args:
        view: the map's terrain (boards, painted edits, overlays).
        system: whose rules apply.
        a: the observer's (firer's, sighting unit's) hex.
        b: the target hex.
        observer: the observer's height above its hex's ground, one of
            :func:`sight_heights` (``ground``: where the terrain puts a unit).
        target: the target's.

    Returns:
        The verdict, every hex the line passes through, every obstacle in order from ``a``,
        the first blocking one, the rule cited for the verdict, and how raised ends were taken.

    Raises:
        ValueError: ``a`` or ``b`` is not on the map, or a height the book does not have.
    """
    for end in (a, b):
        if end not in view:
            raise ValueError(f"hex {end} is not on the map")
    raised = (observer, target) != (GROUND.id, GROUND.id)
    if raised:
        offered = sight_heights(system)
        for height in (observer, target):
            if offered.find(height) is None:
                names = ", ".join(h.id for h in offered.choices)
                raise ValueError(
                    f"{system.display_name} has no height {height!r} for a line of sight "
                    f"(it has: {names})"
                )
    line = trace(a, b)
    sight = Sight(view, line, terrain_table(system), (observer, target))
    found: list[Obstacle] = []
    rule, why = f"{system.display_name}: the observer's own hex", ""
    if a != b or raised:  # a plane over its target's own hex still has a ruling
        found, rule, why = rules_for(system).sight(sight)
    obstacles = tuple(found)
    decided_by = next((o for o in obstacles if o.effect == "blocks"), None)
    if decided_by is not None:
        verdict: Verdict = "blocked"
        rule = decided_by.rule
        explanation = f"Blocked at {decided_by.where}: {decided_by.reason}."
        if len(obstacles) > 1:
            explanation += f" {len(obstacles) - 1} more obstacle(s) lie farther along."
    else:
        verdict = "hindered" if obstacles else "clear"
        explanation = _clear_text(sight, why)
    hexes = tuple(h for h in line.hexes if h in view)  # a staggered layout's notches are not
    return LosResult(
        verdict,
        hexes,
        line.along_hexsides,
        obstacles,
        decided_by,
        rule,
        explanation,
        tuple(sight.notes),
    )


def _clear_text(sight: Sight, why: str) -> str:
    a, b = sight.name(sight.a), sight.name(sight.b)
    if sight.a == sight.b and not why:
        return f"{a} is the observer's own hex."
    return f"Clear from {a} to {b}: {why}."
