"""Checks of the forces: counter mix, where units stand at the start, and stacking."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from model.catalog import UnitType
from model.hexes import Hex
from model.scenario import AreaPlacement, ForceEntry, Side
from model.systems import GameSystem
from model.victory import AreaBan, DeploymentLimit
from rules.checks.base import CheckContext, Finding, Placed, Severity, check
from rules.forces.units import PathKey, value_of
from rules.registry import rules_for


def movement_class(system: GameSystem, unit: UnitType) -> str | None:
    """The movement class whose costs say where a unit may stand and move (by its system's
    rules); None when it cannot move on its own."""
    return rules_for(system).forces.movement_class(unit)


def movement_allowance(system: GameSystem, unit: UnitType) -> float | None:
    """What a unit may spend on movement in a turn, or None when it cannot move alone."""
    return rules_for(system).forces.movement_allowance(unit)


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


@check("unplaced")
def unplaced(ctx: CheckContext) -> Iterator[Finding]:
    """A unit of a side's forces with no placement, of a side with no set-up of its own, or a
    side that buys its forces with no set-up for them: nothing says where they start. The
    Armor, Soldiers and Panzer Command engines cannot start such a game (an error); Panzer
    '44's leaves the units off the map, out of the game (a warning: the book's 19.1 gives
    three of its units no deployment)."""
    from rules.pointbuy.purchase import needs_purchase

    kept = "unplaced" in ctx.rules.features
    severity: Severity = "warning" if kept else "error"
    citation = ctx.rules.citations.setup
    bought = set(needs_purchase(ctx.scenario))

    def told(where: str, them: str, fix: str, path: PathKey) -> Finding:
        then = f"test play leaves {them} off the map, out of the game" if kept else fix
        return ctx.finding(severity, "unplaced", f"{where}: {then}", citation, path)

    for i, side in enumerate(ctx.scenario.sides):
        if side.setup is not None:
            continue
        # what the purchase buys sets up in the side's area, unless a reinforcement group
        # brings it on (Soldiers 26's INITIAL-SQUADS [26.2])
        if side.id in bought and not _initial_enter(ctx, side):
            where = f"{side.name} buys its forces and has no set-up area for them"
            yield told(where, "them", "give the side a set-up", ("sides", i))
        for j, entry in enumerate(side.forces):
            if entry.placement is None:
                where = f"{entry.unit} has no placement and {side.name} no set-up area"
                fix = "give it a hex or an area, or give the side a set-up"
                yield told(where, "it", fix, ("sides", i, "forces", j))


def _initial_enter(ctx: CheckContext, side: Side) -> bool:
    """Whether the side's initially deployed squads, bought, enter with a reinforcement group
    that stands for them (Soldiers 26 [26.2])."""
    from rules.pointbuy.base import resolve_unit

    buy = ctx.rules.pointbuy
    for group in side.reinforcements:
        for entry in group.units:
            unit = resolve_unit(ctx.system, entry.unit, side)
            if unit is not None and buy.stand_in(unit) and buy.stand_in_kind(unit) == "initial":
                return True
    return False


@check("empty-side")
def empty_side(ctx: CheckContext) -> Iterator[Finding]:
    """A side with no units at all: no forces, no reinforcements, no off-map support and
    nothing to buy. Where the engine plays it on (Panzer '44, Panzer Command: the registry's
    ``empty-side`` feature) its game is decided before it starts (a Panzer '44 side without
    units lost every test game "by default"), seldom what the designer meant: a warning.
    Armor's and Soldiers' engines have no side to play and refuse the game: an error."""
    from rules.pointbuy.purchase import needs_purchase

    plays = "empty-side" in ctx.rules.features
    buying = set(needs_purchase(ctx.scenario))
    for i, side in enumerate(ctx.scenario.sides):
        units = side.forces or any(r.units for r in side.reinforcements)
        if units or side.support or side.purchases or side.id in buying:
            continue
        then = (
            "its game is decided before it starts"
            if plays
            else "test play cannot start it; give it forces in the Order of Battle"
        )
        message = (
            f"{side.name} has no units: no forces, reinforcements, support or points to buy "
            f"them with; {then}"
        )
        severity: Severity = "warning" if plays else "error"
        yield ctx.finding(severity, "empty-side", message, ctx.rules.citations.setup, ("sides", i))


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
    citation = ctx.rules.citations.setup
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
        citation = rule.source or ctx.scenario.source or ctx.rules.citations.setup
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
        citation = rule.source or ctx.scenario.source or ctx.rules.citations.setup
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


@check("stacking")
def stacking(ctx: CheckContext) -> Iterator[Finding]:
    """Units on one hex at the start within the book's stacking limit (and, in Panzer '44,
    never units of both sides)."""
    for _, finding in stacks_over_limit(ctx):
        yield finding


def stacks_over_limit(ctx: CheckContext) -> Iterator[tuple[Hex, Finding]]:
    """Each hex whose stack at the start breaks the book's stacking rule, with the finding
    (the Order of Battle panel flags these hexes; :func:`stacking` reports them)."""
    by_hex: dict[Hex, list[Placed]] = defaultdict(list)
    for placed in ctx.placed:
        by_hex[placed.hex].append(placed)
    for h, stack in by_hex.items():
        for finding in ctx.rules.forces.stacking(ctx, stack):
            yield h, finding
