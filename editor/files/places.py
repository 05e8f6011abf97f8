"""Where things are on a scenario's map, for the document's verbs and the map's tools: the hexes
where a side's enemy sets up or enters, the facing toward them, the overlay counter covering a
hex. Qt-free: each is worked out from the scenario value and its assembled map.
"""

from __future__ import annotations

from model.grid import hex_to_pixel
from model.hexes import Hex
from model.layout import AssembledMap
from model.overlays import overlay_hexes, rotations_fitting
from model.regions import RegionContext, RegionError, evaluate
from model.scenario import AreaPlacement, EntryPlacement, HexPlacement, Scenario
from model.tables import OverlayType
from model.tables import overlays as overlay_catalog


def enemy_hexes(scenario: Scenario, amap: AssembledMap, side_id: str) -> set[Hex]:
    """The hexes of the map where the other sides set up, enter or stand placed."""
    context = RegionContext(amap)
    found: set[Hex] = set()
    for side in scenario.sides:
        if side.id == side_id:
            continue
        for placement in [side.setup, *(e.placement for e in side.forces)]:
            try:
                if isinstance(placement, HexPlacement):
                    found.add(amap.resolve(placement.hex))
                elif isinstance(placement, AreaPlacement | EntryPlacement):
                    found |= evaluate(placement.region, context)
            except (KeyError, RegionError):
                continue
    return found & set(amap.hexes)


def facing_toward(amap: AssembledMap, h: Hex, targets: set[Hex]) -> int:
    """The direction number (1-6) at ``h`` that points to the nearest of ``targets``; 1 when
    there are none (or ``h`` is one of them)."""
    if not targets or h not in amap:
        return 1
    target = min(targets, key=lambda t: (h.distance(t), t))
    if target == h:
        return 1
    x, y = hex_to_pixel(target - h, 1.0)
    # The compass direction whose neighbour lies most nearly along the line to the target.
    compass = max(range(6), key=lambda d: _dot(hex_to_pixel(Hex(0, 0).neighbor(d), 1.0), x, y))
    return amap.global_to_direction(h, compass)


def _dot(vector: tuple[float, float], x: float, y: float) -> float:
    return vector[0] * x + vector[1] * y


def overlay_at(
    scenario: Scenario, amap: AssembledMap, h: Hex
) -> tuple[int, OverlayType, Hex, int] | None:
    """The top overlay counter covering ``h``: its index in the scenario, its type, the hex
    under its triangle and its turn; None when no counter covers ``h``."""
    catalog = overlay_catalog(scenario.system)
    by_id = {o.id: o for o in catalog.overlays} if catalog else {}
    for index in reversed(range(len(scenario.map.overlays))):
        placement = scenario.map.overlays[index]
        overlay = by_id.get(placement.overlay)
        try:
            if overlay is None:
                continue
            if placement.hex is not None:
                triangle, turn = amap.resolve(placement.hex), placement.rotation
            else:
                triangle = amap.resolve(placement.triangle or "")
                code = amap.resolve(placement.code or "")
                turns = rotations_fitting(overlay, triangle, code)
                if not turns:
                    continue
                turn = turns[0]
        except KeyError:
            continue
        if h in overlay_hexes(overlay, triangle, turn):
            return index, overlay, triangle, turn
    return None
