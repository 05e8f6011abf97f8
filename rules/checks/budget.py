"""The ``budget`` check: a side that overspends its points or breaks a purchase rule of its
book or its scenario (``rules.pointbuy.report``).

A side that has bought nothing yet leaves the purchase to the players, as the books' scenarios
do: nothing to check. The Soldiers attacker's budget depends on the mission he chooses in
secret [19.1]; his purchase is accepted when some mission allows it, and otherwise judged
under the mission it breaks the fewest rules of, or under the one it plays (``Side.mission``).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.checks.base import CheckContext, Finding, check
from rules.pointbuy.report import BudgetReport, budget_report, side_missions


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
