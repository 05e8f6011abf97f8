"""Set-up zones and entry areas of a scenario, as hex sets (issue 5: shown on the map).

:func:`zones` resolves every area a side sets up in or enters through: the side's own
set-up, force entries with an area or entry placement of their own, reinforcements' entry
areas, scenario events' entry areas and deployment modes. A region that does not resolve on
the map is left out (validation reports it); nothing here raises for a bad region.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from model.hexes import Hex
from model.layout import AssembledMap
from model.overlays import OverlayMap
from model.regions import Region, RegionContext, evaluate
from model.scenario import (
    AirdropPlacement,
    AreaPlacement,
    EntryPlacement,
    Placement,
    Scenario,
    Side,
)

ZoneKind = Literal["set-up", "entry", "reinforcement", "deployment-mode"]


@dataclass(frozen=True, slots=True)
class Zone:
    """One area of the map where a side sets up or enters.

    Attributes:
        side_id: the side's id.
        nation: the side's nation (its counters' colour).
        kind: ``set-up``, ``entry`` (at the start), ``reinforcement`` or ``deployment-mode``.
        label: a short caption ("German set-up", "American enters turn 1").
        hexes: the hexes of the area (never empty).
    """

    side_id: str
    nation: str
    kind: ZoneKind
    label: str
    hexes: frozenset[Hex]


def zones(
    scenario: Scenario,
    amap: AssembledMap,
    overlays: OverlayMap | Mapping[Hex, Sequence[str]] | None = None,
) -> list[Zone]:
    """Every set-up zone and entry area of ``scenario`` on ``amap``, side by side in file
    order; identical areas of one side and kind are given once."""
    stacks = overlays.stacks if isinstance(overlays, OverlayMap) else (overlays or {})
    ctx = RegionContext(amap, overlay_terrain=stacks)
    found: list[Zone] = []
    seen: set[tuple[str, str, frozenset[Hex]]] = set()

    def add(side: Side, kind: ZoneKind, label: str, hexes: frozenset[Hex] | None) -> None:
        if not hexes:
            return
        key = (side.id, kind, hexes)
        if key in seen:
            return
        seen.add(key)
        found.append(Zone(side.id, side.nation, kind, label, hexes))

    for side in scenario.sides:
        name = side.name or side.id
        if side.setup is not None:
            _placement(side, side.setup, name, ctx, add)
        for entry in side.forces:
            if entry.placement is not None:
                _placement(side, entry.placement, f"{name} {entry.label or entry.unit}", ctx, add)
        for reinforcement in side.reinforcements:
            when = f" turn {reinforcement.turn}" if reinforcement.turn is not None else ""
            hexes = _resolve(reinforcement.entry, ctx)
            add(side, "reinforcement", f"{name} reinforcements{when}", hexes)
        for mode, region in side.deployment_modes.items():
            add(side, "deployment-mode", f"{name} {mode} deployment", _resolve(region, ctx))
    by_id = {side.id: side for side in scenario.sides}
    for event in scenario.events:
        if event.entry is None:
            continue
        for side_id in event.reinforcements:
            owner = by_id.get(side_id)
            if owner is not None:
                label = f"{owner.name or owner.id} reinforcements event {event.slot}"
                add(owner, "reinforcement", label, _resolve(event.entry, ctx))
    return found


_Add = Callable[[Side, ZoneKind, str, frozenset[Hex] | None], None]


def _placement(side: Side, placement: Placement, name: str, ctx: RegionContext, add: _Add) -> None:
    if isinstance(placement, AreaPlacement):
        hexes = _resolve(placement.region, ctx)
        if hexes and placement.adjacent:
            grown = {n for h in hexes for n in h.neighbors() if n in ctx.amap.hexes}
            hexes = hexes | grown
        add(side, "set-up", f"{name} set-up", hexes)
    elif isinstance(placement, EntryPlacement):
        add(side, "entry", f"{name} enters turn {placement.turn}", _resolve(placement.region, ctx))
    elif isinstance(placement, AirdropPlacement) and placement.region is not None:
        add(side, "set-up", f"{name} drop zone", _resolve(placement.region, ctx))


def _resolve(region: Region, ctx: RegionContext) -> frozenset[Hex] | None:
    """The hexes of ``region``, or None when it does not resolve at all."""
    try:
        hexes = evaluate(region, ctx)
    except Exception:  # a region the map cannot answer is skipped, never fatal
        return None
    finally:
        ctx.errors.clear()
    return hexes or None
