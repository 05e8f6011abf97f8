"""The books' own validation rules not covered elsewhere: entry areas on the map, transport,
fortification allowances, Soldiers' deployment zones, Panzer Command's HQs and settings.

Each check cites the section it rests on. Left to other modules: counter mix and stacking
(:mod:`rules.checks.forces`), units' introduction dates against the period (the ``budget``
check's Armor purchase rules), and Armor overlays used more often than the game supplies them
(refused when the overlays are laid, :func:`model.overlays.place_overlays`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from model.catalog import UnitType
from model.hexes import Hex
from model.regions import EdgeRegion, Region
from model.scenario import AirdropPlacement, EntryPlacement, Side
from rules.checks.base import CheckContext, Finding, check
from rules.forces.transport import carriage, over_capacity
from rules.forces.units import PathKey

# --- entry areas ---------------------------------------------------------------------------


@check("entry-region")
def entry_region(ctx: CheckContext) -> Iterator[Finding]:
    """Every area units enter by (a side's or an entry's entry placement, a reinforcement's
    entry unless its units are dropped from the air, an event's) holds at least one hex of
    the current map, and one on the edge of the map or of the play area: units enter from off
    the map (Panzer '44 [18.61]: "deployed off map ... adjacent to the map entry hex")."""
    citation = ctx.rules.citations.entry
    rim: frozenset[Hex] | None = None
    for path, region in _entry_regions(ctx):
        if _whole_edge(region):
            continue
        hexes = ctx.region(region)
        if not hexes:
            message = (
                "the entry area holds no hex of this map: no unit can enter there "
                "(name hexes or an edge the layout has)"
            )
            yield ctx.finding("error", "entry-region", message, citation, path)
            continue
        rim = _rim(ctx) if rim is None else rim
        if not hexes & rim:
            names = ", ".join(sorted(ctx.amap.name(h) for h in hexes)[:3])
            more = ", ..." if len(hexes) > 3 else ""
            message = (
                f"the entry area ({names}{more}) touches no edge of the map or the play area: "
                "units enter from off the map (move it to the edge)"
            )
            yield ctx.finding("warning", "entry-region", message, citation, path)


def _rim(ctx: CheckContext) -> frozenset[Hex]:
    """The hexes on the edge of the play area (the whole map when the scenario sets none)."""
    play_area = ctx.scenario.map.play_area
    inside = ctx.region(play_area) if play_area is not None else None
    area = inside if inside else frozenset(ctx.amap.hexes)
    return frozenset(h for h in area if any(n not in area for n in h.neighbors()))


def _whole_edge(region: Region) -> bool:
    """A whole edge or Side of the map, which every map has (no need to work it out)."""
    return isinstance(region, EdgeRegion) and not (region.board or region.start or region.end)


def _entry_regions(ctx: CheckContext) -> Iterator[tuple[PathKey, Region]]:
    for i, side in enumerate(ctx.scenario.sides):
        if isinstance(side.setup, EntryPlacement):
            yield ("sides", i, "setup", "region"), side.setup.region
        for j, entry in enumerate(side.forces):
            if isinstance(entry.placement, EntryPlacement):
                yield ("sides", i, "forces", j, "placement", "region"), entry.placement.region
        for j, reinforcement in enumerate(side.reinforcements):
            if reinforcement.units and all(
                isinstance(e.placement, AirdropPlacement) for e in reinforcement.units
            ):
                continue  # dropped from the air on its entry (Armor [OP XXXI.A.1.a]): no edge
            yield ("sides", i, "reinforcements", j, "entry"), reinforcement.entry
    for i, event in enumerate(ctx.scenario.events):
        if event.entry is not None:
            yield ("events", i, "entry"), event.entry


# --- transport -----------------------------------------------------------------------------


@check("transport")
def transport(ctx: CheckContext) -> Iterator[Finding]:
    """A unit mounted at the start rides on a carrier that may carry it, and the carriers of
    an entry have room for everything mounted on them (Panzer '44 [9.0]-[9.12], Armor
    [ADV IV.B.1.b], Panzer Command [§13.2-§13.3]); for systems whose catalogue says who
    carries whom."""
    if not ctx.rules.forces.transport:
        return
    for i, side in enumerate(ctx.scenario.sides):
        yield from _mounted_setup(ctx, i, side)
        carriers = {e.label: (j, e) for j, e in enumerate(side.forces) if e.label}
        loads: dict[str, list[tuple[int, UnitType, int]]] = defaultdict(list)
        for j, entry in enumerate(side.forces):
            found = carriers.get(entry.mounted_on) if entry.mounted_on else None
            rider = ctx.unit(entry.unit, side)
            if found is None or rider is None:
                continue  # loading reports a label that names no entry
            carrier = ctx.unit(found[1].unit, side)
            if carrier is None:
                continue
            verdict = carriage(ctx.system, carrier, rider)
            path = ("sides", i, "forces", j, "mounted_on")
            if not verdict.allowed:
                reason, cite = _split(verdict.reason)
                message = (
                    f"{entry.unit} may not ride on {found[1].unit}: {reason} (mount it on a "
                    "carrier that may carry it, or dismount it)"
                )
                yield ctx.finding("error", "transport", message, cite, path)
                continue
            loads[found[1].label or ""].append((j, rider, entry.count))
        for label, load in loads.items():
            j, carrying = carriers[label]
            carrier = ctx.unit(carrying.unit, side)
            problem = carrier and over_capacity(
                ctx.system, carrier, carrying.count, [(u, n) for _, u, n in load]
            )
            if problem:
                riders = ", ".join(side.forces[k].unit for k, _, _ in load)
                reason, cite = _split(problem)
                message = (
                    f"too much rides on '{label}' ({riders}): {reason} (add carriers, or "
                    "dismount some)"
                )
                path = ("sides", i, "forces", load[-1][0], "mounted_on")
                yield ctx.finding("error", "transport", message, cite, path)


def _mounted_setup(ctx: CheckContext, i: int, side: Side) -> Iterator[Finding]:
    """The scenario's word on starting mounted: ``required``, every unit some carrier of the
    side may carry starts mounted; ``forbidden``, none does."""
    rule = side.mounted_setup
    if rule not in ("required", "forbidden"):
        return
    citation = ctx.scenario.source or "Panzer '44 [9.0]"
    units = [ctx.unit(e.unit, side) for e in side.forces]
    for j, entry in enumerate(side.forces):
        rider = units[j]
        path = ("sides", i, "forces", j)
        if rule == "forbidden" and entry.mounted_on:
            message = f"{entry.unit} starts mounted, which the scenario forbids (dismount it)"
            yield ctx.finding("error", "transport", message, citation, (*path, "mounted_on"))
        elif rule == "required" and not entry.mounted_on and _could_ride(ctx, rider, units, j):
            message = (
                f"{entry.unit} starts dismounted, but the scenario requires units to start "
                "mounted (mount it on a carrier of the side)"
            )
            yield ctx.finding("error", "transport", message, citation, path)


def _could_ride(
    ctx: CheckContext, rider: UnitType | None, units: list[UnitType | None], j: int
) -> bool:
    """Whether some other entry's unit of the side may carry ``rider`` (entry ``j``)."""
    if rider is None:
        return False
    return any(
        c is not None and carriage(ctx.system, c, rider).allowed
        for k, c in enumerate(units)
        if k != j
    )


def _split(reason: str) -> tuple[str, str]:
    """A transport verdict without the book's section it ends with in parentheses, and that
    section."""
    start = reason.rfind(" (")
    if start < 0 or not reason.endswith(")"):
        return reason, "Panzer '44 [9.0]"
    return reason[:start], reason[start + 2 : -1]
