"""Soldiers' movement costs [7.21], [7.25]: Action Points per hex, plus hedges and walls
crossed; rivers and the pond impassable, the pond's hexsides uncrossable in every scenario."""

from __future__ import annotations

from model.hexes import Hexside
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.movement.costs import (
    CostPart,
    CostTally,
    Movement,
    MovementClass,
    MovementRules,
    MoveView,
    terrain_effect,
)


class SoldiersMovement(MovementRules):
    """Soldiers [7.21]: every man pays Action Points."""

    classes = (MovementClass("man", "Man", "ap", ("men", "foot", "infantry")),)

    def uncrossable(self, terrain: MapTerrain) -> dict[Hexside, CostPart]:
        return _pond_sides(terrain)

    def base(self, m: Movement, cls: MovementClass, view: MoveView, tally: CostTally) -> None:
        """Soldiers [7.21], [7.25]: AP per hex, plus hedges crossed; river and pond impassable."""
        impassable = m.effect(view.terrain, "impassable")
        if impassable is not None and impassable.value is True:
            tally.prohibit(impassable.part(view.terrain, "P"))
            return
        if view.side is not None and view.side in m.uncrossable:
            tally.prohibit(m.uncrossable[view.side])
            return
        river = m.terrain.option_choice("water", view.h) == "river"
        if view.terrain == "bridge" and river:
            rule = m.effect("bridge", "entry")
            if view.f is None:
                tally.notes.append("a river bridge is entered only through a road hexside")
            elif "road" not in view.side_paths and rule is not None:
                tally.prohibit(rule.part("bridge over a river", "P"))
                return
        m.hex_cost(view, cls.key, tally)
        extra = m.effect(view.terrain, "ap_extra")
        if extra is not None and extra.value:
            tally.add(float(str(extra.value)), extra.part(view.terrain, f"+{extra.value}"))
        for feature in sorted(view.side_features):
            cross = m.effect(feature, "ap_cross")
            if cross is not None and cross.value:
                tally.add(float(str(cross.value)), cross.part(f"{feature} hexside", "+1"))
        leave = m.effect(view.from_terrain or "", "ap_leave")
        if leave is not None:
            tally.add(float(str(leave.value)), leave.part(f"leaving {view.from_terrain}"))
        if m.effect(view.terrain, "stop"):
            tally.notes.append(f"entering {view.terrain} ends the man's movement")


def _pond_sides(terrain: MapTerrain) -> dict[Hexside, CostPart]:
    """Soldiers [7.25]: the pond's hexsides that may not be crossed, in every scenario."""
    found = terrain_effect(GameSystem.SOLDIERS, "pond", "uncrossable_hexsides")
    if found is None or not isinstance(found.value, list):
        return {}
    result: dict[Hexside, CostPart] = {}
    for placement in terrain.amap.placements:
        section = terrain.amap.section_of(placement)
        if "pond" not in set(section.terrain.values()):
            continue
        for text in found.value:
            a, b = (section.hex_at(int(t[:2]), int(t[2:])) for t in str(text).split("/"))
            if a is not None and b is not None:
                side = Hexside.between(placement.to_global(a), placement.to_global(b))
                result[side] = found.part("pond hexside", "P")
    return result
