"""The check of the sides' bot plans (``Side.plan``, issue 17): what a plan names exists, and
its objectives can be reached.

No book has bot plans: the check rests on Hexwright's own rule for them
(:mod:`rules.bots.plan`), cited as :data:`CITATION`. Regions that name hexes or places the map
does not have are refused at load already; here a region that resolves to no hex of the map,
a hold naming no unit of the side, a release turn outside the game, and an objective no unit
of the side can reach in time (by movement cost alone, as the ``objective-reach`` check
estimates it) are reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from model.scenario import BotPlan, Side
from rules.checks.base import CheckContext, Finding, check
from rules.checks.reach import _best, _starts

CITATION = "Hexwright bot plans (issue 17; our rule, no book has one)"


@check("bot-plan")
def bot_plan(ctx: CheckContext) -> Iterator[Finding]:
    """Each side's plan: objectives and waypoints on the map, objectives reachable in time by
    some unit of the side, held units that exist, release turns within the game."""
    for i, side in enumerate(ctx.scenario.sides):
        if side.plan is not None:
            yield from _objectives(ctx, ("sides", i, "plan"), side, side.plan)
            yield from _holds(ctx, ("sides", i, "plan"), side, side.plan)
            yield from _route(ctx, ("sides", i, "plan"), side.plan)


def _objectives(
    ctx: CheckContext, path: tuple[str | int, ...], side: Side, plan: BotPlan
) -> Iterator[Finding]:
    span = ctx.game_turns
    starts = _starts(ctx, side, []) if span is not None else []
    for j, objective in enumerate(plan.objectives):
        where = (*path, "objectives", j)
        hexes = ctx.region(objective.region) & frozenset(ctx.amap.hexes)
        if not hexes:
            message = f"objective {j + 1} of {side.name}'s plan has no hex on the map"
            yield ctx.finding("error", "bot-plan", message, CITATION, (*where, "region"))
            continue
        if span is None or not starts:
            continue
        deadline = objective.by_turn or span[1]
        needs = _best(ctx, starts, hexes, deadline)
        if needs is not None:
            message = f"objective {j + 1} of {side.name}'s plan: {needs}"
            yield ctx.finding("warning", "bot-plan", message, CITATION, (*where, "region"))


def _holds(
    ctx: CheckContext, path: tuple[str | int, ...], side: Side, plan: BotPlan
) -> Iterator[Finding]:
    entries = [*side.forces, *(e for r in side.reinforcements for e in r.units)]
    names = {e.unit for e in entries} | {e.label for e in entries if e.label}
    span = ctx.game_turns
    unit = ctx.scenario.length.unit.replace("-", " ")
    for j, hold in enumerate(plan.hold):
        where = (*path, "hold", j)
        for k, name in enumerate(hold.units):
            if name not in names:
                known = ", ".join(sorted(names)) or "none"
                message = (
                    f"{side.name}'s plan holds '{name}', which is neither a label nor a unit "
                    f"type of its forces ({known})"
                )
                yield ctx.finding("error", "bot-plan", message, CITATION, (*where, "units", k))
        turn = hold.until_turn
        if span is not None and turn is not None and not span[0] <= turn <= span[1]:
            message = (
                f"{side.name}'s plan releases units on {unit} {turn}, outside the game "
                f"({unit}s {span[0]}-{span[1]})"
            )
            yield ctx.finding("error", "bot-plan", message, CITATION, (*where, "until_turn"))


def _route(ctx: CheckContext, path: tuple[str | int, ...], plan: BotPlan) -> Iterator[Finding]:
    for j, (waypoint, region) in enumerate(zip(plan.route, plan.route_regions(), strict=True)):
        if isinstance(waypoint, str):
            try:
                ctx.amap.resolve(waypoint)
            except (KeyError, ValueError) as exc:
                message = f"route waypoint {j + 1}: {exc.args[0] if exc.args else exc}"
                yield ctx.finding("error", "bot-plan", message, CITATION, (*path, "route", j))
            continue
        if not ctx.region(region) & frozenset(ctx.amap.hexes):
            message = f"route waypoint {j + 1} has no hex on the map"
            yield ctx.finding("error", "bot-plan", message, CITATION, (*path, "route", j))
