"""Checks of the forces: counter mix, where units stand at the start, and stacking."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from model.catalog import UnitType
from model.hexes import Hex
from model.scenario import AreaPlacement, ForceEntry, Side
from model.systems import GameSystem
from model.victory import AreaBan, DeploymentLimit
from rules.checks.base import CheckContext, Finding, PathKey, Placed, check, value_of

#: Where each book says where the forces set up.
SETUP_CITATION = {
    GameSystem.ARMOR: "Armor [SCN II.E]",
    GameSystem.PANZER44: "Panzer '44 [18.41]",
    GameSystem.SOLDIERS: "Soldiers (19; the scenario's Deployment)",
    GameSystem.PANZER_COMMAND: "Panzer Command [§15.2]",
}

_ARMOR_VEHICLES = frozenset(
    {"tracked", "half-track", "armored-car", "jeep", "truck", "bren-carrier", "transport"}
)
_SOLDIERS_MEN = frozenset({"man", "leader", "heavy-weapons", "squad", "team"})
_ALLOWANCE_KEY = {
    GameSystem.ARMOR: "speed",
    GameSystem.PANZER44: "movement_allowance",
    GameSystem.PANZER_COMMAND: "movement",
}


def movement_class(system: GameSystem, unit: UnitType) -> str | None:
    """The movement class whose costs say where a unit may stand and move; units that move
    only when carried (towed guns, immobile artillery) stand where leg units may."""
    if system is GameSystem.ARMOR:
        if unit.category in _ARMOR_VEHICLES:
            return "vehicle"
        return "leg" if unit.category in ("leg", "towed") else None
    if system is GameSystem.SOLDIERS:
        return "man" if unit.category in _SOLDIERS_MEN else None
    value = value_of(unit, "movement_class")[0]
    if system is GameSystem.PANZER44:
        return "foot" if value == "none" else str(value) if value else None
    return "leg" if value == "immobile" else str(value) if value else None


def movement_allowance(system: GameSystem, unit: UnitType) -> float | None:
    """What a unit may spend on movement in a turn, or None when it cannot move alone."""
    key = _ALLOWANCE_KEY.get(system)
    value = value_of(unit, key)[0] if key else None
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        return float(value)
    return None


def _entries(ctx: CheckContext) -> Iterator[tuple[PathKey, Side, ForceEntry]]:
    """Every force entry of every side that will be on the map: initial forces and
    reinforcements, in file order."""
    for i, side in enumerate(ctx.scenario.sides):
        for j, entry in enumerate(side.forces):
            yield ("sides", i, "forces", j), side, entry
        for j, reinforcement in enumerate(side.reinforcements):
            for k, entry in enumerate(reinforcement.units):
                yield ("sides", i, "reinforcements", j, "units", k), side, entry


def counters_in_mix(unit: UnitType) -> tuple[int, str] | None:
    """How many counters of a unit type the game has, and the book's section saying so;
    None when the catalogue does not give it or only estimates it."""
    count, source, _ = value_of(unit, "counters")
    return (count, source) if isinstance(count, int) and source is not None else None


def counters_in_use(ctx: CheckContext) -> dict[str, dict[str, int]]:
    """Counters each side's orders of battle use (initial forces and reinforcements), by
    catalogue unit id and then side id; codes resolve through each side's counter pool."""
    used: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for _, side, entry in _entries(ctx):
        unit = ctx.unit(entry.unit, side)
        if unit is not None:
            used[unit.id][side.id] += entry.count
    return used


@check("counter-mix")
def counter_mix(ctx: CheckContext) -> Iterator[Finding]:
    """No more counters of a unit type than the game has, where the catalogue gives the
    count from the book (Panzer '44's Unit ID ranges); counts the catalogue only estimates
    are not checked."""
    limited: list[tuple[PathKey, ForceEntry, UnitType, int, str]] = []
    totals: dict[str, int] = defaultdict(int)
    for path, side, entry in _entries(ctx):
        unit = ctx.unit(entry.unit, side)
        mix = counters_in_mix(unit) if unit else None
        if unit is None or mix is None:
            continue
        count, source = mix
        totals[unit.id] += entry.count
        limited.append((path, entry, unit, count, source))
    used: dict[str, int] = defaultdict(int)
    for path, entry, unit, count, source in limited:
        before = used[unit.id]
        used[unit.id] += entry.count
        if before <= count < used[unit.id]:
            first, last = value_of(unit, "first_id")[0], value_of(unit, "last_id")[0]
            ids = f" (IDs {first}-{last})" if first and last else ""
            named = entry.unit if entry.unit == unit.id else f"{entry.unit} ({unit.id})"
            message = (
                f"{totals[unit.id]} {named} counters in the orders of battle, "
                f"{used[unit.id]} by this entry; the counter mix has {count}{ids}"
            )
            yield ctx.finding("error", "counter-mix", message, source, path)


@check("placement-terrain")
def placement_terrain(ctx: CheckContext) -> Iterator[Finding]:
    """A unit placed on a hex stands on terrain its movement class may enter."""
    for placed in ctx.placed:
        unit = ctx.unit(placed.entry.unit, placed.side)
        cls = movement_class(ctx.system, unit) if unit else None
        if cls is None:
            continue
        cost = ctx.movement.cost(cls, placed.hex)
        if not cost.prohibited:
            continue
        part = next((p for p in reversed(cost.parts) if p.amount == "P"), cost.parts[-1])
        name = ctx.amap.name(placed.hex)
        message = (
            f"{placed.entry.unit} is placed on {name}, {ctx.terrain.terrain(placed.hex)}: "
            f"{part.what} is prohibited to {cls} movement"
        )
        yield ctx.finding(
            "error", "placement-terrain", message, part.provenance, (*placed.path, "placement")
        )


@check("setup-region")
def setup_region(ctx: CheckContext) -> Iterator[Finding]:
    """A unit placed on a hex stands inside its side's set-up area when the side has one,
    and outside the areas a special rule forbids it to deploy in."""
    citation = SETUP_CITATION[ctx.system]
    areas: dict[str, frozenset[object]] = {}
    for placed in ctx.placed:
        setup = placed.side.setup
        if not isinstance(setup, AreaPlacement) or placed.entry.placement is None:
            continue
        if placed.side.id not in areas:
            areas[placed.side.id] = frozenset(ctx.placement_hexes(setup) or ())
        if placed.hex not in areas[placed.side.id]:
            name = ctx.amap.name(placed.hex)
            message = f"{placed.entry.unit} on {name} is outside the {placed.side.name} set-up area"
            yield ctx.finding("error", "setup-region", message, citation, placed.path)
    yield from _area_bans(ctx)
    yield from _deployment_limits(ctx)


def _deployment_limits(ctx: CheckContext) -> Iterator[Finding]:
    """Units placed on hexes beyond a special rule's cap on the side's set-up in an area (the
    rule's per-zone and at-least forms are the Soldiers deployment-zone check's)."""
    for i, rule in enumerate(ctx.scenario.special_rules):
        if not isinstance(rule, DeploymentLimit) or rule.at_most is None or rule.per_zone:
            continue
        area = ctx.region(rule.region)
        inside = [p for p in ctx.placed if p.side.id == rule.side and p.hex in area]
        if len(inside) <= rule.at_most:
            continue
        citation = rule.source or ctx.scenario.source or SETUP_CITATION[ctx.system]
        extra = inside[rule.at_most]
        many = f"{len(inside)} {extra.side.name} units are" if len(inside) > 1 else "a unit is"
        message = (
            f"{many} placed in the area of special rule {i + 1}, which allows at most "
            f"{rule.at_most}; move {extra.entry.unit} out"
        )
        yield ctx.finding("error", "setup-region", message, citation, extra.path)


def _area_bans(ctx: CheckContext) -> Iterator[Finding]:
    for i, rule in enumerate(ctx.scenario.special_rules):
        if not isinstance(rule, AreaBan) or not rule.deploy:
            continue
        banned = ctx.region(rule.region)
        citation = rule.source or ctx.scenario.source or SETUP_CITATION[ctx.system]
        for placed in ctx.placed:
            if rule.sides and placed.side.id not in rule.sides:
                continue
            if placed.hex in banned:
                name = ctx.amap.name(placed.hex)
                message = (
                    f"{placed.entry.unit} is placed on {name}, where special rule {i + 1} "
                    f"forbids {placed.side.name} units to deploy"
                )
                yield ctx.finding("error", "setup-region", message, citation, placed.path)


@check("stacking", systems=(GameSystem.PANZER44, GameSystem.PANZER_COMMAND, GameSystem.ARMOR))
def stacking(ctx: CheckContext) -> Iterator[Finding]:
    """Units of one side on one hex at the start within the book's stacking limit; units of
    opposing sides never share a hex (Panzer '44)."""
    for _, finding in stacks_over_limit(ctx):
        yield finding


def stacks_over_limit(ctx: CheckContext) -> Iterator[tuple[Hex, Finding]]:
    """Each hex whose stack at the start breaks the book's stacking rule, with the finding
    (the Order of Battle panel flags these hexes; :func:`stacking` reports them)."""
    by_hex: dict[Hex, list[Placed]] = defaultdict(list)
    for placed in ctx.placed:
        by_hex[placed.hex].append(placed)
    limit = _STACKING.get(ctx.system)
    for h, stack in by_hex.items():
        sides = list(dict.fromkeys(p.side.id for p in stack))
        if len(sides) > 1 and ctx.system is GameSystem.PANZER44:
            name = ctx.amap.name(stack[0].hex)
            message = f"units of {' and '.join(sides)} share {name} at the start"
            yield h, ctx.finding("error", "stacking", message, "Panzer '44 [8.32]", stack[-1].path)
        for side in sides:
            own = [p for p in stack if p.side.id == side]
            found = limit(ctx, own) if limit is not None else None
            if found is not None:
                yield h, found


def _panzer44_stack(ctx: CheckContext, stack: list[Placed]) -> Finding | None:
    """Panzer '44 [8.0]: one unit per hex, but a carrier on its passenger [8.2] and an
    infantry unit with an anti-tank gun in an Improved Position [8.1]."""
    units = [(p, ctx.unit(p.entry.unit, p.side)) for p in stack for _ in range(p.entry.count)]
    if len(units) <= 1:
        return None
    name = ctx.amap.name(stack[0].hex)
    if len(units) == 2:
        a, b = (u for _, u in units)
        if a is not None and b is not None:
            if _carried(a, b) or _carried(b, a):
                return None
            if {a.category, b.category} == {"infantry", "gun"}:
                side = stack[0].side
                ips = side.fortifications.improved_positions if side.fortifications else 0
                if ips is None or ips > 0:
                    return None
                message = (
                    f"infantry and a gun share {name}, which only an Improved Position "
                    f"allows, and {side.name} has none"
                )
                return ctx.finding("error", "stacking", message, "Panzer '44 [8.1]", stack[-1].path)
    message = f"{len(units)} units of {stack[0].side.name} stand on {name}; the limit is one"
    return ctx.finding("error", "stacking", message, "Panzer '44 [8.0]", stack[-1].path)


def _carried(carrier: UnitType, passenger: UnitType) -> bool:
    return value_of(carrier, "carrier")[0] is True and value_of(passenger, "movement_class")[0] in (
        "foot",
        "none",
    )


def _panzer_command_stack(ctx: CheckContext, stack: list[Placed]) -> Finding | None:
    """Panzer Command [§5.2]: at most 6 Steps in a hex; trucks and SPWs count one Step,
    markers and HQs none, passengers none [§13]."""
    steps = 0
    for p in stack:
        unit = ctx.unit(p.entry.unit, p.side)
        if unit is None or unit.category in ("hq", "marker", "chit") or p.entry.mounted_on:
            continue
        value = value_of(unit, "steps")[0]
        steps += (value if isinstance(value, int) else 1) * p.entry.count
    if steps <= 6:
        return None
    name = ctx.amap.name(stack[0].hex)
    message = f"{steps} steps of {stack[0].side.name} stand on {name}; the limit is 6"
    return ctx.finding("error", "stacking", message, "Panzer Command [§5.2]", stack[-1].path)


def _armor_stack(ctx: CheckContext, stack: list[Placed]) -> Finding | None:
    """Armor [AG III.B.1]: no limit, but over four Stacking Factors the hex is fired on as
    Clear and sighted at twice the range; loaded units do not count [ADV V.C.2]."""
    factors = 0
    for p in stack:
        unit = ctx.unit(p.entry.unit, p.side)
        value = value_of(unit, "stacking")[0] if unit else None
        if isinstance(value, int | float) and not p.entry.mounted_on:
            factors += int(value) * p.entry.count
    if factors <= 4:
        return None
    name = ctx.amap.name(stack[0].hex)
    message = (
        f"{factors} Stacking Factors of {stack[0].side.name} on {name}: units there are fired "
        f"on as in Clear terrain and sighted at twice the range"
    )
    return ctx.finding("info", "stacking", message, "Armor [AG III.B.1]", stack[-1].path)


_STACKING = {
    GameSystem.PANZER44: _panzer44_stack,
    GameSystem.PANZER_COMMAND: _panzer_command_stack,
    GameSystem.ARMOR: _armor_stack,
}
