"""Armor's movement costs [AG V.B; CS Vehicle Movement Costs; ADV V.A.1]: Vehicles pay the
Vehicle Movement Costs, Leg units 1 a hex; along a road or track the path's rate (a Data Card's
own where the card sets it); a crest hexside adds to the cost.

A road or track comes two ways: a path the boards or the scenario run across hexsides, or a hex
a scenario paints Road or Track. Either way a vehicle moving along it pays the card's Road (or
Track) Movement Cost ("move one hex using Road Movement (2/3 Speed Factors)" [AG V.C.2];
"three hexes using Road Movement (2 Speed Factors)" [AG V.C.5]). Our reading for painted hexes:
a move follows the road from a hex that carries it too (painted, or with a road path through
it); a Road or Track hex entered off the road costs the other terrain in it ("Road, and Track
hexes are determined by other terrain in hex", as the Game Card says of sighting [GC2]).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from model.hexes import Hex
from rules.movement.costs import (
    CostPart,
    CostTally,
    Movement,
    MovementClass,
    MovementRules,
    MoveView,
)


class ArmorMovement(MovementRules):
    """Armor [AG V.B; ADV V.A.1]: Vehicles pay the Vehicle Movement Costs, Leg units 1 a hex."""

    classes = (
        MovementClass("vehicle", "Vehicle", "vehicle_cost", ("vehicle", "vehicles", "truck")),
        MovementClass("leg", "Leg", "leg_cost", ("leg", "infantry", "foot", "non-vehicle")),
    )
    #: Terrain ids a special rule may use for a family of the catalogue's ids (Armor's overlay
    #: catalogue: "'building' means any of wood-building, brick-building, stone-building").
    families: Mapping[str, frozenset[str]] = {
        "building": frozenset({"building", "wood-building", "brick-building", "stone-building"})
    }

    def ids(self, m: Movement, view: MoveView) -> set[str]:
        ids = super().ids(m, view)
        if "stream" in ids and _armor_crossing(view):
            ids = (ids - {"stream"}) | {"bridge"}
        return ids

    def along(self, view: MoveView) -> str | None:
        return _armor_along(view)

    def base(self, m: Movement, cls: MovementClass, view: MoveView, tally: CostTally) -> None:
        """Armor [AG V.B.2; CS Vehicle Movement Costs; ADV V.A.1]."""
        along = _armor_along(view) or _painted_along(m, view)
        if along is not None:
            found = m.effect(along, cls.key)
            assert found is not None  # road and track price both classes
            if isinstance(found.value, str) and found.value.startswith("card"):
                tally.per_unit = str(found.value)
                tally.parts.append(found.part(f"along {along}"))
                tally.notes.append(f"the unit's Data Card {along.title()} Movement Cost")
            else:
                tally.add(float(str(found.value)), found.part(f"along {along}"))
            return
        terrain = view.terrain
        if terrain in _ROUTES:  # a Road or Track hex entered off the road: its other terrain
            tally.parts.append(CostPart(f"{terrain} hex, not along the {terrain}", "OT", OFF_ROAD))
            below = view.under[0] if view.under else "clear"
            m.hex_cost(replace(view, under=view.under[1:]), cls.key, tally, below)
            return
        if view.layer != "overlay" and "stream" in view.paths and terrain != "ford":
            terrain = "bridge" if _armor_crossing(view) else "stream"
        m.hex_cost(view, cls.key, tally, terrain)
        if "crest" in view.side_features and not tally.prohibited:
            crest = m.effect("crest", f"{cls.key}_added")
            if crest is not None:
                tally.add(float(str(crest.value)), crest.part("crest hexside", f"+{crest.value}"))


_ROUTES = ("road", "track")
OFF_ROAD = (
    "Armor [AG V.C.2; GC2 Sighting Ranges note]: our reading, a Road or Track hex entered off "
    "the road costs the other terrain in it"
)


def _painted_along(m: Movement, view: MoveView) -> str | None:
    """The road or track a move follows between two hexes that both carry one, at least one of
    them a hex painted Road or Track (our reading, see the module): the road where both carry
    a road, else a track."""
    if view.f is None or view.layer == "overlay":
        return None
    if view.terrain not in _ROUTES and view.from_terrain not in _ROUTES:
        return None
    here, there = _carries(m, view.h), _carries(m, view.f)
    if not (here and there):
        return None
    return "road" if "road" in here & there else "track"


def _carries(m: Movement, h: Hex) -> set[str]:
    """The roads and tracks in ``h``: painted as its terrain, or paths through it."""
    if h not in m.terrain:
        return set()
    eff = m.terrain.effective(h)
    if eff.layer == "overlay" and eff.terrain != "span":
        return set()  # a terrain unit negates the printed terrain [Setup II.C.7]
    return ({eff.terrain} | set(eff.paths)) & set(_ROUTES)


def _armor_along(view: MoveView) -> str | None:
    """The road or track a vehicle moves along into the hex, if any: the path crosses the
    hexside and the hex is not covered by a terrain unit other than a Span (a terrain unit
    negates the printed terrain [Setup II.C.7]); a Ford hex takes the Stream cost."""
    if view.layer == "overlay" and view.terrain != "span":
        return None
    if view.terrain == "ford":
        return None
    return next((p for p in ("road", "track") if p in view.side_paths), None)


def _armor_crossing(view: MoveView) -> bool:
    """Armor: a stream hex that is a Bridge hex (a road or track crosses the stream there on
    Hexwright's boards, or a Bridge is painted, or a Span lies on it)."""
    return view.terrain in ("bridge", "span") or bool({"road", "track"} & view.printed_paths)
