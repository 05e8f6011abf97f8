"""Point-buy: what a side's points bought, what is left, and each purchase rule met or broken
with the figures, the book's section and where every price comes from::

    report = budget_report(loaded, "defender")
    report.spent, report.left              # 185, 15
    for line in report.lines:              # each bought item: count, unit cost, total, provenance
        ...
    for rule in report.rules:              # state "met" | "broken" | "n/a", why, source
        ...

Each system's :class:`~rules.pointbuy.base.PointBuy` prices its forces (Armor with its Data
Cards' point values [SCN III.D.2]; Soldiers with Force Points [19.2-19.4] whose chart is
missing, placeholders saying what each price is based on). A system whose book has no
point-buy (Panzer '44, Panzer Command) is costed by Hexwright's own formulas
(:mod:`rules.pointbuy.derived`) for a side given a budget, or a report asked for with
``derived=True``.
The static check ``budget`` (``rules.checks.budget``) reports the broken rules as findings.
"""

from __future__ import annotations

from collections import Counter

from model.scenario import Budget, Mission, Scenario, Side
from model.scenario_io import LoadedScenario
from rules.forces.units import PathKey
from rules.pointbuy.base import (
    BudgetLine,
    BudgetReport,
    RuleResult,
    priced,
    scenario_rules,
    within_budget,
)
from rules.registry import rules_for

__all__ = ["BudgetLine", "BudgetReport", "RuleResult", "budget_report", "side_missions"]


def side_missions(scenario: Scenario, side_id: str) -> list[tuple[int, Mission]]:
    """The missions of a side that carry its budget (Soldiers' attacker [19.1])."""
    return [(i, m) for i, m in enumerate(scenario.missions) if m.side == side_id and m.budget]


def budget_report(
    loaded: LoadedScenario, side_id: str, mission: str | None = None, derived: bool = False
) -> BudgetReport | None:
    """What the side's points bought and each purchase rule judged.

    Args:
        loaded: the scenario.
        side_id: the side's id (``KeyError`` if there is none).
        mission: the Soldiers mission whose budget applies (its id); None: the side's own
            budget, else its first mission with one.
        derived: for Panzer '44 and Panzer Command, cost the side's units by Hexwright's
            own formula even when it has no budget.

    Returns:
        The report, or None when there is nothing to report: the side has no budget (nor a
        mission with one) and the system's book has no point-buy, unless ``derived``.
    """
    scenario = loaded.scenario
    side = scenario.side(side_id)
    index = next(i for i, s in enumerate(scenario.sides) if s is side)  # not ==: a deep compare
    missions = side_missions(scenario, side_id)
    played = side.mission if any(m.id == side.mission for _, m in missions) else None
    chosen = _mission(missions, mission or played)
    budget, budget_path = _budget(side, index, chosen)
    system = scenario.system
    buy = rules_for(system).pointbuy
    if budget is None and not (derived and not buy.book):
        return None
    lines = buy.lines(scenario, side, index)
    spent = sum(line.total for line in lines)
    included: RuleResult | None = None
    if budget is not None and budget.includes:
        budget, included = _with_included(scenario, side, index, budget, budget_path, lines)
    rules = _rules(scenario, side, index, lines, budget, budget_path, chosen[1] if chosen else None)
    if included is not None:
        rules.insert(1, included)
    return BudgetReport(
        system=system,
        side=side_id,
        budget=budget.points if budget else None,
        kind=budget.kind if budget else "points",
        budget_path=budget_path,
        mission=chosen[1].id if chosen else None,
        missions=tuple(m.id for _, m in missions),
        spent=spent,
        left=budget.points - spent if budget else None,
        lines=tuple(lines),
        rules=tuple(rules),
        derived=not buy.book,
    )


def _with_included(
    scenario: Scenario,
    side: Side,
    index: int,
    budget: Budget,
    budget_path: PathKey,
    lines: list[BudgetLine],
) -> tuple[Budget, RuleResult]:
    """A budget that comes with units (Soldiers 26: "both Airborne squads and 7 FPs" [26.3]):
    our reading prices the units as bought and adds their value to the points, so that
    upgrading a depleted one or depleting a full one spends or frees the difference, as the
    book allows; a rule checks that every included unit is among the side's forces."""
    buy = rules_for(scenario.system).pointbuy
    # the units alone: not the side's purchases (its grenades are not the units' worth)
    trial = side.model_copy(
        update={"forces": list(budget.includes), "reinforcements": [], "purchases": []}
    )
    value = sum(line.total for line in buy.lines(scenario, trial, index))
    word = "FP" if budget.kind == "force-points" else "points"
    names = ", ".join(
        e.unit + (f" ({', '.join(e.state)})" if e.state else "") for e in budget.includes
    )
    have = Counter(e.unit for e in side.forces for _ in range(e.count))
    missing = []
    for entry in budget.includes:
        if have[entry.unit] > 0:
            have[entry.unit] -= 1
        else:
            missing.append(entry.unit)
    name, source = "The units the budget comes with", scenario.source or scenario.id
    total = budget.points + value
    if missing:
        why = f"the budget comes with {names}: {', '.join(missing)} not among the forces"
        result = RuleResult("includes", name, "broken", why, source, budget_path)
    else:
        why = f"{budget.points} {word} and {names} (worth {value} {word}): {total} {word} in all"
        result = RuleResult("includes", name, "met", why, source, budget_path)
    return budget.model_copy(update={"points": total}), result


def _mission(missions: list[tuple[int, Mission]], wanted: str | None) -> tuple[int, Mission] | None:
    if wanted is not None:
        for found in missions:
            if found[1].id == wanted:
                return found
        raise KeyError(f"no mission '{wanted}' with a budget for this side")
    return missions[0] if missions else None


def _budget(
    side: Side, index: int, chosen: tuple[int, Mission] | None
) -> tuple[Budget | None, PathKey]:
    if chosen is not None and chosen[1].budget is not None:
        return chosen[1].budget, ("missions", chosen[0], "budget")
    return side.budget, ("sides", index, "budget")


def _rules(
    scenario: Scenario,
    side: Side,
    index: int,
    lines: list[BudgetLine],
    budget: Budget | None,
    budget_path: PathKey,
    mission: Mission | None,
) -> list[RuleResult]:
    if budget is None:
        return [priced(lines, budget_path)]
    points, word = budget.points, "FP" if budget.kind == "force-points" else "points"
    buy = rules_for(scenario.system).pointbuy
    found = [within_budget(points, lines, budget_path, word, buy.citation)]
    found += buy.book_rules(scenario, side, lines, points, budget_path, mission)
    found += scenario_rules(scenario, side, index, lines, points, word)
    found.append(priced(lines, budget_path))
    return found
