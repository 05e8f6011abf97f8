"""The static checks only Panzer Command has: each side's settings and an HQ per regiment [§4]."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from model.scenario import ForceEntry, Side
from rules.checks.base import CheckContext, Finding
from rules.forces.units import PathKey, value_of

#: Panzer Command's side settings the scenario sets [§4.1-§4.2], with their limits.
PC_SETTINGS = {
    "division_hq_space": (None, "Panzer Command [§4.1]"),
    "dispatch_points": ((0, 9), "Panzer Command [§4.2]"),
    "direct_commands": ((0, 19), "Panzer Command [§3.2; §4.2]"),
    "air_strength": ((0, None), "Panzer Command [§18]"),
}


# --- Panzer Command ------------------------------------------------------------------------


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


def setup_room(ctx: CheckContext) -> Iterator[Finding]:
    """Each side's units set up in areas fit them at 6 Steps a hex [§5.2]: the Steps of the
    units the side sets up in areas (a rider its carrier's: one on a truck or SPW, none on a
    tank [§13.1-13.3]) within six times the hexes of those areas. More was called valid and
    the engine found no room to set them up (random editor edits, Sowchos 79)."""
    from model.scenario import AreaPlacement, EntryPlacement
    from rules.engine.errors import RulesError
    from rules.panzer_command.moves import STACKING_LIMIT
    from rules.panzer_command.units import _type, is_counter, rider_steps

    crowded = False
    for i, side in enumerate(ctx.scenario.sides):
        areas: dict[str, tuple[frozenset[object], int]] = {}
        for entry in side.forces:
            placement = entry.placement or side.setup
            if not isinstance(placement, (AreaPlacement, EntryPlacement)):
                continue
            try:
                if not is_counter(side, entry.unit):
                    continue
                each = _type(side, entry.unit)
            except RulesError:
                continue  # loading reports an unknown unit
            own = int(str(value_of(each, "steps")[0] or 1))
            counts = rider_steps(side, entry.mounted_on) if entry.mounted_on else own
            key = repr(placement.region)
            hexes, steps = areas.get(key, (frozenset(ctx.region(placement.region)), 0))
            areas[key] = (hexes, steps + counts * entry.count)
        every: frozenset[object] = frozenset().union(*(h for h, _ in areas.values()))
        found = [*areas.values(), (every, sum(n for _, n in areas.values()))]
        for hexes, steps in found:
            if steps > STACKING_LIMIT * len(hexes):
                message = (
                    f"{side.name} sets up {steps} Steps in an area of {len(hexes)} hexes: at "
                    f"most {STACKING_LIMIT} Steps a hex, {STACKING_LIMIT * len(hexes)} in all; "
                    "give them more room"
                )
                citation = "Panzer Command [§5.2]"
                yield ctx.finding("error", "setup-room", message, citation, ("sides", i))
                crowded = True
                break
    if not crowded:
        yield from _spread_refused(ctx)


def _spread_refused(ctx: CheckContext) -> Iterator[Finding]:
    """The engine's own set-up (:func:`rules.panzer_command.units.deploy`) when the counts fit:
    a hex the enemy holds takes no unit, and a unit placed in a hex of the area fills it, so
    an area can still be too small."""
    from rules.engine.errors import RulesError
    from rules.panzer_command.units import SetupRoomError, deploy, setup_regions

    names = {h: ctx.amap.name(h) for h in ctx.amap.hexes}
    try:
        deploy(ctx.scenario, setup_regions(ctx.scenario, ctx.region), names)
    except SetupRoomError as refused:
        i, side = next((k, s) for k, s in enumerate(ctx.scenario.sides) if s.id == refused.side)
        message = f"test play cannot set {side.name} up: {refused.why}; give its units more room"
        yield ctx.finding("error", "setup-room", message, "Panzer Command [§5.2]", ("sides", i))
    except RulesError:
        return  # another refusal: its own check, or the engine, says so
