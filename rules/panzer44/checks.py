"""The static checks only Panzer '44 has: units set up in Improved Positions [12.0]; [18.4]."""

from __future__ import annotations

from collections.abc import Iterator

from model.hexes import Hex
from model.scenario import ForceEntry, HexPlacement, Side
from rules.checks.base import CheckContext, Finding
from rules.forces.units import PathKey

# --- fortifications ------------------------------------------------------------------------


def fortifications(ctx: CheckContext) -> Iterator[Finding]:
    """Units set up in Improved Positions only where the scenario grants the side IPs, no
    more IP hexes than it grants, and none where it forbids them ([12.0]; [18.4])."""
    for i, side in enumerate(ctx.scenario.sides):
        in_ip: list[tuple[PathKey, ForceEntry]] = [
            (("sides", i, "forces", j), e) for j, e in enumerate(side.forces) if "in-ip" in e.state
        ]
        if not in_ip:
            continue
        allowed = side.fortifications
        limit = allowed.improved_positions if allowed is not None else 0
        if limit == 0:
            message = (
                f"{in_ip[0][1].unit} starts in an Improved Position, but the scenario grants "
                f"{side.name} none (give the side fortifications, or remove 'in-ip')"
            )
            yield ctx.finding("error", "fortifications", message, "Panzer '44 [12.0]", in_ip[0][0])
            continue
        yield from _ip_hexes(ctx, side, in_ip, limit)


def _ip_hexes(
    ctx: CheckContext, side: Side, in_ip: list[tuple[PathKey, ForceEntry]], limit: int | None
) -> Iterator[Finding]:
    """Improved Positions placed on hexes: how many, and whether each may be there."""
    allowed = side.fortifications
    assert allowed is not None
    source = f"{ctx.scenario.source}; [12.21]" if ctx.scenario.source else _SOURCE
    area = ctx.region(allowed.region) if allowed.region is not None else None
    hexes: dict[Hex, PathKey] = {}
    for path, entry in in_ip:
        placement = entry.placement
        if not isinstance(placement, HexPlacement):
            continue
        h = ctx.amap.resolve(placement.hex)
        name = ctx.amap.name(h)
        terrain = ctx.terrain.terrain(h)
        if terrain in allowed.not_in:
            message = f"{entry.unit} is in an Improved Position on {name}, {terrain}: {_NOT_IN}"
            yield ctx.finding("error", "fortifications", message, source, (*path, "placement"))
        elif area is not None and h not in area:
            message = f"{entry.unit} is in an Improved Position on {name}, outside {_WHERE}"
            yield ctx.finding("error", "fortifications", message, source, (*path, "placement"))
        hexes.setdefault(h, path)
        if limit is not None and len(hexes) == limit + 1:
            message = (
                f"{len(hexes)} Improved Positions of {side.name} at the start; the scenario "
                f"grants {limit} (put units together, or out of Improved Positions)"
            )
            yield ctx.finding("error", "fortifications", message, source, path)


_SOURCE = "Panzer '44 [12.21]; the scenario's fortifications"
_NOT_IN = "the scenario forbids fortifications in that terrain (move the unit)"
_WHERE = "the area where the scenario allows fortifications (move the unit)"
