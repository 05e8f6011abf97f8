"""The ``budget`` check: a side that overspends its points or breaks a purchase rule of its
book or its scenario (``rules.pointbuy.report``).

A side that has bought nothing yet leaves the purchase to the players, as the books' scenarios
do: nothing to check. The Soldiers attacker's budget depends on the mission he chooses in
secret [19.1]; his purchase is accepted when some mission allows it, and otherwise judged
under the mission it breaks the fewest rules of, or under the one it plays (``Side.mission``).
"""

from __future__ import annotations

from collections.abc import Iterator

from model.scenario import Budget, Side
from model.yamlio import PathKey
from rules.checks.base import CheckContext, Finding, check
from rules.pointbuy.report import BudgetReport, budget_report, side_missions


@check("budget-includes")
def budget_includes(ctx: CheckContext) -> Iterator[Finding]:
    """A budget that comes with units (Soldiers 26's airborne squads [26.3]) the side cannot
    buy: of another nation (the side's nation changed), or in a state not bought. The purchase
    that test play makes is refused ("the budget comes with ..."); it was called valid."""
    from rules.pointbuy.purchase import unbuyable_includes

    budgets: list[tuple[Side, str | None, Budget, PathKey]] = [
        (side, None, side.budget, ("sides", i, "budget"))
        for i, side in enumerate(ctx.scenario.sides)
        if side.budget is not None and side.budget.includes
    ]
    for k, mission in enumerate(ctx.scenario.missions):
        side = next((s for s in ctx.scenario.sides if s.id == mission.side), None)
        if side is not None and mission.budget is not None and mission.budget.includes:
            budgets.append((side, mission.id, mission.budget, ("missions", k, "budget")))
    names = {m.id: m.name for m in ctx.scenario.missions}
    for side, mission_id, budget, path in budgets:
        owner = f"the {names[mission_id]} mission's budget" if mission_id else "the budget"
        for j in unbuyable_includes(ctx.loaded, side.id, mission_id):
            entry = budget.includes[j]
            state = f" ({', '.join(entry.state)})" if entry.state else ""
            message = (
                f"{owner} comes with {entry.unit}{state}, which {side.name} ({side.nation}) "
                "cannot buy, and test play's purchase would be refused: list a unit the side may "
                "buy, or take it out of the budget"
            )
            where = (*path, "includes", j)
            citation = ctx.rules.pointbuy.citation
            yield ctx.finding("error", "budget-includes", message, citation, where)


@check("budget")
def budget(ctx: CheckContext) -> Iterator[Finding]:
    """Within the budget, and every purchase rule met; rules that do not apply say nothing."""
    for side in ctx.scenario.sides:
        report = _report(ctx, side.id)
        if report is None or not any(line.count for line in report.lines):
            continue
        names = {m.id: m.name for m in ctx.scenario.missions}
        mission = names.get(report.mission or "", "")
        named = f"under the {mission} mission ({report.budget} FP): " if mission else ""
        for rule in report.broken:
            message = f"{side.name}: {named}{rule.why}"
            yield ctx.finding(rule.severity, "budget", message, rule.source, rule.path)


def _report(ctx: CheckContext, side_id: str) -> BudgetReport | None:
    missions = side_missions(ctx.scenario, side_id)
    chosen = ctx.scenario.side(side_id).mission
    if chosen is not None:
        if not any(m.id == chosen for _, m in missions):
            return None  # an unknown mission: the references check says so
        return budget_report(ctx.loaded, side_id, chosen)  # the mission the side plays [19.1]
    if not missions:
        return budget_report(ctx.loaded, side_id)
    reports = [budget_report(ctx.loaded, side_id, m.id) for _, m in missions]
    found = [r for r in reports if r is not None]
    return min(found, key=_errors, default=None)


def _errors(report: BudgetReport) -> int:
    return sum(1 for rule in report.broken if rule.severity == "error")
