"""Soldiers' Force Points [19.2-19.4]: squads (full or depleted, initial or reinforcement),
heavy-weapons soldiers, the platoon leader, intelligence, artillery support, defensive
preparations and extra equipment, and the rules that bind them.

The Force Costs Chart [2.34] is not in the text: the prices come from the unit catalogue,
where only the platoon leader's (19.46), intelligence's (19.41) and the radio's (17.1) are the
book's; every other price is a placeholder that says what it is based on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from model.catalog import UnitType
from model.scenario import Mission, Purchase, RequiredRule, Scenario, Side
from model.systems import GameSystem
from model.victory import Demolition, UnitFilter
from rules.forces.units import PathKey, value_of
from rules.pointbuy.base import (
    BotNeed,
    BudgetLine,
    PointBuy,
    RuleResult,
    RuleState,
    line_total,
    price,
    resolve_unit,
    tags_of,
)
from rules.soldiers.pistols import is_pistol

SYSTEM = GameSystem.SOLDIERS

#: The scenario whose zone-6 pillbox costs no FPs [23.2].
_FREE_PILLBOX = "soldiers-23"

#: Units only a scenario file uses to say "what the side bought" (19.31, 26.2).
_STAND_INS = "purchase-group"

#: Categories the counter mix holds once each: squads, MG teams, named men, leaders (19.2).
_ONCE = frozenset({"squad", "team", "leader", "heavy-weapons"})


def lines(scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
    """Everything the side bought, in file order: forces, reinforcements, purchases."""
    found: list[BudgetLine] = []
    for j, entry in enumerate(side.forces):
        path: PathKey = ("sides", index, "forces", j)
        found.extend(_unit_line(side, path, entry.unit, entry.count, entry.state, False))
    for j, group in enumerate(side.reinforcements):
        # Scenario 26: the German's initial squads enter as reinforcements at full price.
        initial = any(u.unit == "INITIAL-SQUADS" for u in group.units)
        for k, entry in enumerate(group.units):
            path = ("sides", index, "reinforcements", j, "units", k)
            found.extend(_unit_line(side, path, entry.unit, entry.count, entry.state, not initial))
    free_pillboxes = 1 if scenario.id == _FREE_PILLBOX else 0
    for k, purchase in enumerate(side.purchases):
        line = _purchase_line(side, ("sides", index, "purchases", k), purchase, free_pillboxes)
        free_pillboxes -= 1 if line.item == "PILLBOX" and free_pillboxes else 0
        found.append(line)
    return found


def _unit_line(
    side: Side, path: PathKey, code: str, count: int, state: Sequence[str], reinforcement: bool
) -> list[BudgetLine]:
    unit = resolve_unit(SYSTEM, code, side)
    if unit is None:
        return [BudgetLine(code, code, count, None, 1, 0, "unknown", frozenset(), path, None, None)]
    if unit.category == _STAND_INS:
        return []
    depleted = "depleted" in state and unit.category == "squad"
    key = "cost" + ("_depleted" if depleted else "") + ("_reinforcement" if reinforcement else "")
    cost, source, placeholder = price(unit, key)
    if cost is None and reinforcement:
        cost, source, placeholder = price(unit, key.replace("_reinforcement", ""))
    category = _category(unit.category, depleted, reinforcement)
    extra = ("depleted",) * ("depleted" in state) + ("reinforcement",) * reinforcement
    tags = tags_of(unit, category, *extra)
    total = line_total(count, cost, 1)
    return [
        BudgetLine(
            code,
            code,
            count,
            cost,
            1,
            total,
            category,
            tags,
            path,
            source,
            placeholder,
            reinforcement,
            unit,
        )
    ]


def _category(unit_category: str, depleted: bool, reinforcement: bool) -> str:
    base = {"squad": "squads", "team": "heavy-weapons", "heavy-weapons": "heavy-weapons"}.get(
        unit_category, "platoon-leader" if unit_category == "leader" else unit_category
    )
    if base == "squads" and depleted:
        base = "depleted squads"
    return f"reinforcement {base}" if reinforcement else base


def _purchase_line(side: Side, path: PathKey, purchase: Purchase, free: int) -> BudgetLine:
    unit = resolve_unit(SYSTEM, purchase.item, side)
    if unit is None:
        return BudgetLine(
            purchase.item,
            purchase.item,
            purchase.count,
            None,
            1,
            0,
            "unknown",
            frozenset(),
            path,
            None,
            None,
        )
    cost, source, placeholder = price(unit, "cost")
    per_value = value_of(unit, "per")[0]
    per = per_value if isinstance(per_value, int) and per_value > 0 else 1
    total = line_total(purchase.count, cost, per)
    if unit.id == "PILLBOX" and free and cost is not None:
        total = line_total(purchase.count - 1, cost, per)
        source, placeholder = "Soldiers [23.2]: the zone-6 pillbox is free", placeholder
    categories = value_of(unit, "purchase_category")[0]
    category = str(categories[0]) if isinstance(categories, list) and categories else unit.category
    return BudgetLine(
        unit.name,
        unit.id,
        purchase.count,
        cost,
        per,
        total,
        category,
        tags_of(unit),
        path,
        source,
        placeholder,
        False,
        unit,
    )


# --- the book's rules ------------------------------------------------------------------------


def _sum(lines: Sequence[BudgetLine], *tags: str) -> int:
    return sum(line.total for line in lines if line.tags & set(tags))


def book_rules(
    scenario: Scenario,
    side: Side,
    lines: Sequence[BudgetLine],
    budget: int,
    budget_path: PathKey,
    mission: Mission | None,
) -> list[RuleResult]:
    """Every rule of 19.2-19.4 on what the side bought."""
    return [
        _squads_half(lines, budget, budget_path),
        _reinforcement_cap(lines, budget_path),
        _reinforcements_allowed(side, lines, budget_path, mission),
        _intelligence(lines, budget, budget_path),
        _platoon_leader(lines, budget_path),
        _depleted(lines, budget_path),
        _preparations(side, lines, budget_path),
        _artillery(lines, budget_path),
        _counter_mix(lines, budget_path),
    ]


def _squads_half(lines: Sequence[BudgetLine], budget: int, path: PathKey) -> RuleResult:
    need = (budget + 1) // 2
    spent = _sum(lines, "squads")
    state: RuleState = "met" if spent >= need else "broken"
    why = f"squads {spent} of {budget} FP: at least {need} required"
    return RuleResult(
        "squads-half", "At least half on squads", state, why, "Soldiers [19.2; 19.31]", path
    )


def _reinforcement_cap(lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "Reinforcements no more than initial squads", "Soldiers [19.31]"
    bought = [line for line in lines if line.reinforcement]
    if not bought:
        return RuleResult(
            "reinforcement-cap", name, "n/a", "no reinforcements bought", source, path
        )
    spent = sum(line.total for line in bought)
    initial = sum(line.total for line in lines if "squads" in line.tags and not line.reinforcement)
    why = f"reinforcements {spent} FP, initially deployed squads {initial} FP"
    if spent <= initial:
        return RuleResult("reinforcement-cap", name, "met", why + ": within", source, path)
    return RuleResult(
        "reinforcement-cap", name, "broken", why + ": may not exceed them", source, bought[-1].path
    )


def _reinforcements_allowed(
    side: Side, lines: Sequence[BudgetLine], path: PathKey, mission: Mission | None
) -> RuleResult:
    name, source = "Reinforcements only where allowed", "Soldiers [19.31]"
    bought = [line for line in lines if line.reinforcement]
    if not bought:
        return RuleResult(
            "reinforcements-allowed", name, "n/a", "no reinforcements bought", source, path
        )
    if mission is not None and not mission.reinforcements:
        why = f"{bought[0].what} is a reinforcement, but the {mission.name} mission forbids them"
        return RuleResult("reinforcements-allowed", name, "broken", why, source, bought[0].path)
    why = f"{sum(line.total for line in bought)} FP of reinforcements; the scenario allows them"
    return RuleResult("reinforcements-allowed", name, "met", why, source, path)


def _intelligence(lines: Sequence[BudgetLine], budget: int, path: PathKey) -> RuleResult:
    cap, spent = budget // 2, _sum(lines, "intelligence")
    state: RuleState = "met" if spent <= cap else "broken"
    where = next((line.path for line in lines if "intelligence" in line.tags), path)
    why = f"intelligence {spent} of {budget} FP: at most {cap} allowed"
    return RuleResult(
        "intelligence-half",
        "Intelligence at most half",
        state,
        why,
        "Soldiers [19.41]",
        where if state == "broken" else path,
    )


def _platoon_leader(lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "Platoon leader after 3 FP of heavy weapons", "Soldiers [19.46]"
    leaders = [line for line in lines if "platoon-leader" in line.tags]
    if not leaders:
        return RuleResult("platoon-leader", name, "n/a", "no platoon leader bought", source, path)
    count = sum(line.count for line in leaders)
    if count > 1:
        why = f"{count} platoon leaders bought: each side has only one"
        return RuleResult("platoon-leader", name, "broken", why, source, leaders[-1].path)
    heavy = sum(line.total for line in lines if "heavy-weapons" in line.tags)
    why = f"heavy-weapons soldiers {heavy} FP: at least 3 required for the platoon leader"
    state: RuleState = "met" if heavy >= 3 else "broken"
    return RuleResult(
        "platoon-leader", name, state, why, source, leaders[0].path if state == "broken" else path
    )


def _depleted(lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "Only squads bought depleted", "Soldiers [19.21]"
    marked = [line for line in lines if "depleted" in line.tags]
    if not marked:
        return RuleResult("depleted", name, "n/a", "no depleted squads", source, path)
    bad = next((line for line in marked if "squads" not in line.tags), None)
    if bad is not None:
        why = f"{bad.what} is marked depleted, but only squads are bought depleted"
        return RuleResult("depleted", name, "broken", why, source, bad.path)
    count = sum(line.count for line in marked)
    return RuleResult(
        "depleted", name, "met", f"{count} depleted squad(s), at the depleted price", source, path
    )


def _preparations(side: Side, lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "Defensive preparations for the defender only", "Soldiers [19.43]"
    bought = [line for line in lines if "defensive-preparations" in line.tags]
    if not bought:
        return RuleResult(
            "preparations", name, "n/a", "no defensive preparations bought", source, path
        )
    if side.role == "defender":
        why = f"{side.name} is the defender"
        return RuleResult("preparations", name, "met", why, source, path)
    why = f"{bought[0].what} is a defensive preparation, but {side.name} is not the defender"
    return RuleResult("preparations", name, "broken", why, source, bought[0].path)


def _artillery(lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "One level of artillery support", "Soldiers [19.42; 19.52]"
    bought = [line for line in lines if "artillery-support" in line.tags and line.item != "RADIO"]
    count = sum(line.count for line in bought)
    if not count:
        return RuleResult("artillery", name, "n/a", "no artillery support bought", source, path)
    if count == 1:
        why = f"{bought[0].what} bought; it comes with the radio"
        return RuleResult("artillery", name, "met", why, source, path)
    why = f"{count} artillery supports bought: the squad sheet has one level, none, light or heavy"
    return RuleResult("artillery", name, "broken", why, source, bought[-1].path)


def _counter_mix(lines: Sequence[BudgetLine], path: PathKey) -> RuleResult:
    name, source = "Each squad of the counter mix once", "Soldiers [19.2]"
    counts: Counter[str] = Counter()
    for line in lines:
        if line.unit is None or line.unit.category not in _ONCE:
            continue
        if value_of(line.unit, "counters")[0] is None and "counters" in line.unit.values:
            continue  # how many the mix holds is not in the text
        counts[line.unit.id] += line.count
        if counts[line.unit.id] > 1:
            why = f"{line.unit.id} bought {counts[line.unit.id]} times: the counter mix has one"
            return RuleResult("counter-mix", name, "broken", why, source, line.path)
    if not counts:
        return RuleResult("counter-mix", name, "n/a", "no squads or named men bought", source, path)
    return RuleResult(
        "counter-mix", name, "met", f"{len(counts)} counter(s) of the mix, each once", source, path
    )


class SoldiersPointBuy(PointBuy):
    """Soldiers' Force Points [19.2-19.4]."""

    book = True
    citation = "Soldiers [19.2]"
    budget_kind = "force-points"
    depleted = True

    def lines(self, scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
        return lines(scenario, side, index)

    def book_rules(
        self,
        scenario: Scenario,
        side: Side,
        lines: Sequence[BudgetLine],
        points: int,
        budget_path: PathKey,
        mission: Mission | None,
    ) -> list[RuleResult]:
        return book_rules(scenario, side, lines, points, budget_path, mission)

    def buyable(self, unit: UnitType) -> bool:
        categories = value_of(unit, "purchase_category")[0]
        return bool(categories) and unit.category not in _COUNTERS

    def item_line(self, side: Side, path: PathKey, purchase: Purchase) -> BudgetLine:
        return _purchase_line(side, path, purchase, 0)

    # --- the purchase bot --------------------------------------------------------------------

    def stand_in_kind(self, unit: UnitType) -> Literal["reinforcements", "initial"]:
        """``INITIAL-SQUADS`` (26.2) stands for the initially deployed squads."""
        categories = value_of(unit, "purchase_category")[0]
        return (
            "initial"
            if isinstance(categories, list) and "squads" in categories
            else "reinforcements"
        )

    def role(self, unit: UnitType) -> str:
        """Squads are the infantry; heavy weapons and MG teams the "armour" a strategy that
        wants firepower buys first; intelligence its own role [19.41]."""
        if unit.category == "squad":
            return "infantry"
        if unit.category in ("team", "heavy-weapons"):
            return "armour"
        return "intelligence" if unit.id == "INTELLIGENCE" else "support"

    def plays(self, scenario: Scenario, unit: UnitType) -> bool:
        """Test play plays all the book lets a side buy: squads [19.2], MMG and HMG teams
        [14], flamethrower men [15] and engineers [16] (heavy-weapons soldiers, 19.45), the
        platoon leader [19.46], intelligence [19.41], artillery support and its radio [17;
        19.42], defensive preparations [18; 19.43], and grenades, smoke grenades, clips,
        satchel charges and pistols dealt to the men [19.44; 11; 12; 16.21]
        (:mod:`rules.soldiers.pistols`: an MG crewman relieved of his part fires his)."""
        return unit.category != "weapon" or is_pistol(unit.id)

    def offered(self, scenario: Scenario, side: Side, unit: UnitType) -> bool:
        """Defensive preparations to the defender only [19.43]; no pillbox where the map has
        the scenario's free one (23.2: the report prices a bought pillbox's first as that one,
        our reading: the bot buys no other)."""
        if unit.id == "PILLBOX" and scenario.id == _FREE_PILLBOX:
            return False
        return "defensive-preparations" not in tags_of(unit) or side.role == "defender"

    def bot_allows(self, line: BudgetLine, have: Sequence[BudgetLine]) -> bool:
        """One level of artillery support [19.42; 19.52]; the platoon leader once at least 3 FP
        are spent on heavy-weapons soldiers [19.46]; satchel charges only with an engineer to
        throw them, two a man (our reading: 16.21 deals them to the engineers, at most two a
        man, and only an engineer throws one [16.22]); no pistols (our reading: a pistol fires
        only for a man with no other weapon, a relieved MG crewman [14.13], worth too little
        for the bot's budget)."""
        if is_pistol(line.item):
            return False
        tags = line.tags
        if "artillery-support" in tags and line.item != "RADIO":
            return not any(_support(h) for h in have)
        if "platoon-leader" in tags:
            return sum(h.total for h in have if "heavy-weapons" in h.tags) >= 3
        if line.item == "SATCHEL":
            engineers = sum(h.count for h in have if "engineer" in h.tags)
            satchels = sum(h.count for h in have if h.item == "SATCHEL")
            return satchels + line.count <= _SATCHELS_A_MAN * engineers
        return True

    def bot_needs(self, scenario: Scenario, side: Side) -> list[BotNeed]:
        """Bridge Destruction [26.2]: "The German may need to blow the bridges on map C so he'll
        want engineers and satchel charges." The side that blows a scenario's bridges (the
        defender, :mod:`rules.soldiers.bridges`) buys an engineer and the two satchel charges
        he may carry [16.21] (our reading: one a bridge, or a second try after an 8-10)."""
        from rules.soldiers import bridges
        from rules.soldiers.preparations import defender

        rule = next((r for r in scenario.special_rules if isinstance(r, Demolition)), None)
        if rule is None or bridges.not_enforced(rule) or side.id != defender(scenario):
            return []
        why = "to wire and blow the bridges, Bridge Destruction [26.2; 16.21]"
        return [
            BotNeed(RequiredRule(units=UnitFilter(categories=["engineer"])), 1, why),
            BotNeed(RequiredRule(units=UnitFilter(types=["SATCHEL"])), _SATCHELS_A_MAN, why),
        ]

    def reserved(self, unit: UnitType) -> bool:
        """The airborne squads are scenario 26's own [26.3]."""
        return "airborne-squad" in tags_of(unit)

    def bot_limit(self, unit: UnitType, budget: int) -> int | None:
        """Each squad, team and named man of the counter mix once [19.2]; intelligence at most
        half the budget [19.41]; one platoon leader [19.46]."""
        if unit.category in _ONCE:
            return 1
        return budget // 2 if unit.id == "INTELLIGENCE" else None

    def bot_states(self, unit: UnitType) -> tuple[tuple[str, ...], ...]:
        """Squads full or depleted [19.21]."""
        return ((), ("depleted",)) if unit.category == "squad" else ((),)

    def reinforces(self, unit: UnitType) -> bool:
        """Squads and heavy-weapons soldiers may be bought as reinforcements [19.31]."""
        return unit.category in ("squad", "team", "heavy-weapons")

    def bot_minimums(self, scenario: Scenario, side: Side, budget: int) -> list[tuple[str, int]]:
        """At least half the Force Points on squads [19.2]."""
        return [("squads", (budget + 1) // 2)]


#: Satchel charges a man may carry [16.21].
_SATCHELS_A_MAN = 2


def _support(line: BudgetLine) -> bool:
    """Light or heavy artillery support (not the radio that comes with it) [19.42]."""
    return "artillery-support" in line.tags and line.item != "RADIO"


#: Soldiers' categories bought as counters of the forces (or a scenario's stand-ins).
_COUNTERS = frozenset({"squad", "team", "leader", "heavy-weapons", "purchase-group", "man"})
