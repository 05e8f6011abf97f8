"""Panzer '44's movement costs [10.11]-[10.14], [10.31]-[10.33]: the three columns of the
Terrain Effects Chart; a hex's cost plus its hexsides', the road rate along a road ignoring all
other terrain, town to town by road; slopes and crests splash the hexes below them."""

from __future__ import annotations

from model.hexes import Hex, Hexside
from model.terrainview import MapTerrain
from rules.movement.costs import (
    CostTally,
    Movement,
    MovementClass,
    MovementRules,
    MoveView,
    number,
)


class Panzer44Movement(MovementRules):
    """Panzer '44 [10.13]: the three columns of the Terrain Effects Chart."""

    classes = (
        MovementClass(
            "hard-vehicle", "Other vehicles", "move_hard_vehicle", ("vehicle", "vehicles", "apc")
        ),
        MovementClass(
            "soft-vehicle", "Trucks", "move_soft_vehicle", ("truck", "trucks", "vehicle")
        ),
        MovementClass("foot", "Foot", "move_foot", ("infantry", "leg", "non-vehicle")),
    )
    paths = ("road",)

    def ids(self, m: Movement, view: MoveView) -> set[str]:
        ids = super().ids(m, view)
        if _splashed(m.terrain, view.h):
            ids.add("contour-splash")
        return ids

    def base(self, m: Movement, cls: MovementClass, view: MoveView, tally: CostTally) -> None:
        """Panzer '44 [10.11]-[10.14], [10.31]-[10.32]: hex cost plus hexside costs; along a
        road the road rate, ignoring all other terrain."""
        for path, what in (("road", "along road"), ("bridge", "bridge hexside")):
            if path in view.side_paths or path in view.side_features:
                found = m.effect(path, cls.key)
                assert found is not None
                tally.add(float(str(found.value)), found.part(what))
                return
        if view.terrain == "town" and view.from_terrain == "town":
            found = m.effect("town", "move_via_road")
            if found is not None:
                tally.add(float(str(found.value)), found.part("town to town"))
                return
        m.hex_cost(view, cls.key, tally)
        for feature in sorted(view.side_features):
            found = m.effect(feature, cls.key)
            if found is None:
                continue
            assert view.side is not None
            if m.effect(feature, "uphill_only") and m.terrain.lower(view.side, feature) != view.f:
                continue  # a slope costs only climbing it from the splashed hex [10.31]
            if found.value == "impassable":
                tally.prohibit(found.part(f"{feature} hexside", "P"))
            else:
                amount = float(str(found.value))
                tally.add(amount, found.part(f"{feature} hexside", f"+{number(amount)}"))


def _splashed(terrain: MapTerrain, h: Hex) -> bool:
    """Panzer '44 [10.31]-[10.33]: a hex below a slope (its lower side) or beside a crest."""
    for d in range(6):
        side = Hexside.of(h, d)
        features = terrain.hexside_features(side)
        if "crest" in features:
            return True
        if "slope" in features and terrain.lower(side, "slope") == h:
            return True
    return False
