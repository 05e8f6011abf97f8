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
from model.scenario import EntryPlacement, ForceEntry, HexPlacement, ModePlacement, Side
from model.systems import GameSystem
from rules.checks.base import CheckContext, Finding, PathKey, check, value_of
from rules.forces.transport import carriage, over_capacity

#: Where each book says where reinforcements and entering units come on.
ENTRY_CITATION = {
    GameSystem.ARMOR: "Armor [SCN II.E]",
    GameSystem.PANZER44: "Panzer '44 [18.6]; [18.61]",
    GameSystem.SOLDIERS: "Soldiers (19.34)",
    GameSystem.PANZER_COMMAND: "Panzer Command [§15.2]",
}

#: Panzer Command's side settings the scenario sets [§4.1-§4.2], with their limits.
PC_SETTINGS = {
    "division_hq_space": (None, "Panzer Command [§4.1]"),
    "dispatch_points": ((0, 9), "Panzer Command [§4.2]"),
    "direct_commands": ((0, 19), "Panzer Command [§3.2; §4.2]"),
    "air_strength": ((0, None), "Panzer Command [§18]"),
}


# --- entry areas ---------------------------------------------------------------------------


@check("entry-region")
def entry_region(ctx: CheckContext) -> Iterator[Finding]:
    """Every area units enter by (a side's or an entry's entry placement, a reinforcement's
    entry, an event's) holds at least one hex of the current map, and one on the edge of the
    map or of the play area: units enter from off the map (Panzer '44 [18.61]: "deployed off
    map ... adjacent to the map entry hex")."""
    citation = ENTRY_CITATION[ctx.system]
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
            yield ("sides", i, "reinforcements", j, "entry"), reinforcement.entry
    for i, event in enumerate(ctx.scenario.events):
        if event.entry is not None:
            yield ("events", i, "entry"), event.entry


# --- transport -----------------------------------------------------------------------------


@check("transport", systems=(GameSystem.PANZER44, GameSystem.ARMOR, GameSystem.PANZER_COMMAND))
def transport(ctx: CheckContext) -> Iterator[Finding]:
    """A unit mounted at the start rides on a carrier that may carry it, and the carriers of
    an entry have room for everything mounted on them (Panzer '44 [9.0]-[9.12], Armor
    [ADV IV.B.1.b], Panzer Command [§13.2-§13.3])."""
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


# --- fortifications ------------------------------------------------------------------------


@check("fortifications", systems=(GameSystem.PANZER44,))
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


# --- Soldiers' deployment -----------------------------------------------------------------


@check("deployment-zone", systems=(GameSystem.SOLDIERS,))
def deployment_zone(ctx: CheckContext) -> Iterator[Finding]:
    """A side that deploys by mode names its modes, every mode an Intelligence Summary row
    gives it is one of them, and a man placed on a hex stands in a zone of one of them
    (Soldiers 19.41: the intelligence difference decides the manner of deployment, the
    scenario's Deployment gives each manner's zones)."""
    source = ctx.scenario.source
    citation = f"{source}; [19.41]" if source else "Soldiers (19.41)"
    for i, side in enumerate(ctx.scenario.sides):
        by_mode = isinstance(side.setup, ModePlacement) or any(
            isinstance(e.placement, ModePlacement) for e in side.forces
        )
        if by_mode and not side.deployment_modes:
            message = f"{side.name} deploys by mode but names no deployment modes"
            yield ctx.finding("error", "deployment-zone", message, citation, ("sides", i))
        yield from _bracket_modes(ctx, side, citation)
        if not side.deployment_modes:
            continue
        zones: frozenset[Hex] = frozenset().union(
            *(ctx.region(r) for r in side.deployment_modes.values())
        )
        for j, entry in enumerate(side.forces):
            placement = entry.placement
            if not isinstance(placement, HexPlacement):
                continue
            h = ctx.amap.resolve(placement.hex)
            if h not in zones:
                modes = ", ".join(side.deployment_modes)
                message = (
                    f"{entry.unit} on {ctx.amap.name(h)} is in no zone of {side.name}'s "
                    f"deployment modes ({modes}): move him into one, or let the mode place him"
                )
                path = ("sides", i, "forces", j, "placement")
                yield ctx.finding("error", "deployment-zone", message, citation, path)


def _bracket_modes(ctx: CheckContext, side: Side, citation: str) -> Iterator[Finding]:
    for k, bracket in enumerate(ctx.scenario.intelligence):
        mode = bracket.modes.get(side.id)
        if mode is not None and mode not in side.deployment_modes:
            known = ", ".join(side.deployment_modes) or "none"
            message = (
                f"{side.name} has no deployment mode '{mode}' (modes: {known}; name one of "
                "them, or add the mode)"
            )
            path = ("intelligence", k, "modes", side.id)
            yield ctx.finding("error", "deployment-zone", message, citation, path)


# --- Panzer Command ------------------------------------------------------------------------


@check("command", systems=(GameSystem.PANZER_COMMAND,))
def command(ctx: CheckContext) -> Iterator[Finding]:
    """Each side has the settings the scenario must give (its Division HQ's space, Dispatch
    Points, Direct Commands, Air Strength) within the book's limits, and an HQ for each of its
    regiments (Panzer Command [§4.1]: one HQ per regiment, assigned to one of its units)."""
    for i, side in enumerate(ctx.scenario.sides):
        for key, (limits, citation) in PC_SETTINGS.items():
            value = side.settings.get(key)
            if value is None:
                message = f"{side.name} has no '{key}': the scenario sets it (settings.{key})"
                where: PathKey = ("sides", i, "settings") if side.settings else ("sides", i)
                yield ctx.finding("warning", "command", message, citation, where)
                continue
            low, high = limits or (None, None)
            if isinstance(value, int) and (
                (low is not None and value < low) or (high is not None and value > high)
            ):
                span = f"{low}-{high}" if high is not None else f"at least {low}"
                message = f"{key} {value} is outside the book's limits, {span}: set it within them"
                yield ctx.finding(
                    "error", "command", message, citation, ("sides", i, "settings", key)
                )
        yield from _headquarters(ctx, i, side)


def _headquarters(ctx: CheckContext, i: int, side: Side) -> Iterator[Finding]:
    """Each formation (entries with one ``formation`` name; all the side's entries when none
    is named) includes an HQ."""
    groups: dict[str, list[tuple[PathKey, ForceEntry]]] = defaultdict(list)
    for j, entry in enumerate(side.forces):
        groups[_formation(entry)].append((("sides", i, "forces", j), entry))
    for j, reinforcement in enumerate(side.reinforcements):
        for k, entry in enumerate(reinforcement.units):
            path = ("sides", i, "reinforcements", j, "units", k)
            groups[_formation(entry)].append((path, entry))
    for name, entries in groups.items():
        if any(_is_hq(ctx, side, e) for _, e in entries):
            continue
        if not any(_needs_command(ctx, side, e) for _, e in entries):
            continue
        what = f"formation '{name}'" if name else side.name
        message = (
            f"{what} has no HQ: each regiment has a Regimental HQ, assigned to one of its "
            "units (add the regiment's HQ entry)"
        )
        yield ctx.finding("warning", "command", message, "Panzer Command [§4.1]", entries[0][0])


def _formation(entry: ForceEntry) -> str:
    value = getattr(entry, "formation", None)  # a field other work may add
    return value if isinstance(value, str) else ""


def _is_hq(ctx: CheckContext, side: Side, entry: ForceEntry) -> bool:
    unit = ctx.unit(entry.unit, side)
    return unit is not None and unit.category == "hq"


def _needs_command(ctx: CheckContext, side: Side, entry: ForceEntry) -> bool:
    """Units a regiment commands (not markers, chits or independent units)."""
    unit = ctx.unit(entry.unit, side)
    if unit is None or unit.category in ("marker", "chit", "hq"):
        return False
    return value_of(unit, "independent")[0] is not True
