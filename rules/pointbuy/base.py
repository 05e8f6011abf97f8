"""What a point-buy report is made of, and what every system's point-buy shares: pricing
lines, the scenario's own purchase rules, and the total within the budget.

The system modules (``rules/armor/pointbuy.py``, ``rules/soldiers/pointbuy.py``,
``rules/pointbuy/derived.py``) build :class:`BudgetLine` values from a side's forces,
reinforcements and purchases, and judge them with :class:`RuleResult` values;
:func:`rules.pointbuy.report.budget_report` puts them together.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from model.catalog import UnitType, unit_types
from model.errors import dotted
from model.scenario import (
    BanRule,
    ForceEntry,
    MaxSpendRule,
    MinSpendRule,
    Mission,
    OnlyRule,
    Purchase,
    PurchaseRule,
    RequiredRule,
    Scenario,
    SharePerEntryRule,
    Side,
)
from model.systems import GameSystem
from rules.forces.units import PathKey, counter_pool, value_of

RuleState = Literal["met", "broken", "n/a"]


@dataclass(frozen=True, slots=True)
class BudgetLine:
    """One thing a side bought, what it costs and where the price comes from.

    Attributes:
        what: what was bought, for display ("PZIVJ", "Intelligence").
        item: the id as the scenario writes it (a catalogue id or stand-in, or ``APCR``).
        count: how many.
        unit_cost: the price of ``per`` of them; None when nothing gives a price.
        per: how many one price buys (Soldiers' grenades: 2 for 1 FP).
        total: what the line costs (0 when unpriced or free).
        category: the book's purchase category, for display ("squads", "artillery").
        tags: every category a purchase rule may name (the unit's category, its purchase
            categories, its tags).
        path: where the entry is in the scenario (``("sides", 0, "forces", 3)``).
        source: the book and section the price comes from, or None.
        placeholder: what an invented price is based on, or None.
        reinforcement: bought as a reinforcement.
        unit: the resolved catalogue entry, when the line is a unit of the catalogue.
    """

    what: str
    item: str
    count: int
    unit_cost: int | None
    per: int
    total: int
    category: str
    tags: frozenset[str]
    path: PathKey
    source: str | None
    placeholder: str | None
    reinforcement: bool = False
    unit: UnitType | None = None

    @property
    def location(self) -> str:
        """The dotted path of the entry (``sides[0].forces[3]``)."""
        return dotted(self.path)


@dataclass(frozen=True, slots=True)
class RuleResult:
    """One purchase rule judged against what a side bought.

    Attributes:
        id: a short stable id (``squads-half``, ``scenario-1``).
        name: the rule in a few words.
        state: ``met``, ``broken`` or ``n/a`` (the rule does not apply to this purchase).
        why: one sentence with the figures ("squads 12 of 30 FP: at least 15 required").
        source: the book and section the rule comes from.
        path: the scenario entry a finding points at (the offending entry, else the rule).
        severity: how a broken rule is reported: ``error`` (a book rule) or ``warning``.
    """

    id: str
    name: str
    state: RuleState
    why: str
    source: str
    path: PathKey
    severity: Literal["error", "warning"] = "error"


@dataclass(frozen=True, slots=True)
class BotNeed:
    """What the purchase bot buys for a side because the scenario's play asks for it, not a
    purchase rule (Soldiers 26: the engineers and satchel charges that blow the bridges
    [26.2]).

    Attributes:
        rule: what to buy, as a ``required`` rule names it (types or categories).
        count: how many at least.
        why: the reason, with the book's section, for the purchase log.
    """

    rule: RequiredRule
    count: int
    why: str


@dataclass(frozen=True, slots=True)
class BudgetReport:
    """What a side's points bought and whether the purchase keeps the rules.

    Attributes:
        system: the game system.
        side: the side's id.
        budget: the points to spend (None: no budget, derived costs shown for information).
        kind: ``points`` or ``force-points``.
        budget_path: where the budget is in the scenario.
        mission: the Soldiers mission whose budget applies, if any.
        missions: the side's missions that carry a budget, for a mission chooser.
        spent: what the lines cost together.
        left: budget minus spent (negative when overspent; None without a budget).
        lines: every bought item, in file order.
        rules: every purchase rule of the book and of the scenario, judged.
        derived: the costs are Hexwright's own (Panzer '44, Panzer Command).
    """

    system: GameSystem
    side: str
    budget: int | None
    kind: Literal["points", "force-points"]
    budget_path: PathKey
    mission: str | None
    missions: tuple[str, ...]
    spent: int
    left: int | None
    lines: tuple[BudgetLine, ...]
    rules: tuple[RuleResult, ...]
    derived: bool = False

    @property
    def broken(self) -> tuple[RuleResult, ...]:
        """The rules the purchase breaks."""
        return tuple(r for r in self.rules if r.state == "broken")

    @property
    def placeholders(self) -> tuple[BudgetLine, ...]:
        """The lines priced by Hexwright rather than by the book."""
        return tuple(line for line in self.lines if line.placeholder)


# --- units ----------------------------------------------------------------------------------


@functools.cache
def _by_code(system: GameSystem) -> dict[str, tuple[UnitType, ...]]:
    found: dict[str, list[UnitType]] = {}
    unique = {id(u): u for u in unit_types(system).values()}
    for unit in unique.values():
        for code in (unit.id, *unit.aliases):
            found.setdefault(code, []).append(unit)
    return {code: tuple(units) for code, units in found.items()}


def resolve_unit(system: GameSystem, code: str, side: Side) -> UnitType | None:
    """The catalogue entry a side's unit code means (the side's nation first), with Armor's
    stand-ins (``INFANTRY-SQUAD``) resolved to the card of the side's nation when it has one."""
    candidates = _by_code(system).get(code, ())
    pool = counter_pool(side)
    unit = next((u for n in pool for u in candidates if u.nation == n), None)
    unit = unit or unit_types(system).get(code)
    if unit is None:
        return None
    stand_in = value_of(unit, "per_nation")[0]
    if isinstance(stand_in, list) and stand_in:
        cards = [c for c in (unit_types(system).get(str(s)) for s in stand_in) if c is not None]
        # A side whose nation is open ("any") is priced as the first nation's card.
        return next((c for n in pool for c in cards if c.nation == n), cards[0] if cards else unit)
    return unit


def tags_of(unit: UnitType | None, *extra: str) -> frozenset[str]:
    """Every category a purchase rule may name for a unit: its category, its purchase
    categories (Soldiers) and its tags."""
    found = set(extra)
    if unit is not None:
        found.add(unit.category)
        for key in ("purchase_category", "tags"):
            value = value_of(unit, key)[0]
            if isinstance(value, list):
                found.update(str(v) for v in value)
    return frozenset(found)


def side_entries(side: Side, index: int) -> Iterator[tuple[PathKey, ForceEntry, bool]]:
    """Every force entry of a side with its path and whether it is a reinforcement."""
    for j, entry in enumerate(side.forces):
        yield ("sides", index, "forces", j), entry, False
    for j, group in enumerate(side.reinforcements):
        for k, entry in enumerate(group.units):
            yield ("sides", index, "reinforcements", j, "units", k), entry, True


def price(unit: UnitType, key: str) -> tuple[int | None, str | None, str | None]:
    """A price from a unit's values: (points, source, placeholder); None when the value is
    missing or null."""
    value, source, placeholder = value_of(unit, key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, source, placeholder
    return int(value), source, placeholder


def line_total(count: int, unit_cost: int | None, per: int) -> int:
    """What ``count`` items cost when one price buys ``per`` of them."""
    if unit_cost is None:
        return 0
    return math.ceil(count / max(per, 1)) * unit_cost


# --- the rules every system shares -----------------------------------------------------------


def within_budget(
    report_budget: int,
    lines: Sequence[BudgetLine],
    budget_path: PathKey,
    unit_word: str,
    source: str,
) -> RuleResult:
    """Spent at most the budget; a finding points at the entry that crosses it."""
    spent = 0
    crossing: PathKey | None = None
    for line in lines:
        spent += line.total
        if crossing is None and spent > report_budget:
            crossing = line.path
    if crossing is None:
        why = f"{spent} of {report_budget} {unit_word} spent, {report_budget - spent} left"
        return RuleResult("budget", "Within the budget", "met", why, source, budget_path)
    why = f"{spent} {unit_word} spent of {report_budget}: {spent - report_budget} over"
    return RuleResult("budget", "Within the budget", "broken", why, source, crossing)


def priced(lines: Sequence[BudgetLine], budget_path: PathKey) -> RuleResult:
    """Every line has a price (a warning: the book's value is missing, not a rule broken)."""
    missing = [line for line in lines if line.unit_cost is None]
    name = "Every purchase priced"
    source = "Hexwright (the value is not in the text)"
    if not missing:
        return RuleResult("priced", name, "met", "every item has a price", source, budget_path)
    what = ", ".join(dict.fromkeys(line.what for line in missing))
    why = f"no price for {what}: counted as 0 (the book's value is not in the text)"
    return RuleResult("priced", name, "broken", why, source, missing[0].path, "warning")


def matches(line: BudgetLine, categories: Iterable[str]) -> bool:
    return bool(line.tags & set(categories))


def filter_match(line: BudgetLine, rule: RequiredRule | OnlyRule | BanRule) -> bool:
    """Whether a bought line is what a ``required``, ``only`` or ``ban`` rule names."""
    f = rule.units
    if f is None:
        return matches(line, rule.categories)
    ids = {line.item} | ({line.unit.id} if line.unit else set())
    if ids & set(f.exclude_types):
        return False
    return bool(ids & set(f.types)) or matches(line, f.categories)


def scenario_rules(
    scenario: Scenario,
    side: Side,
    index: int,
    lines: Sequence[BudgetLine],
    budget: int,
    unit_word: str,
) -> list[RuleResult]:
    """The side's own ``purchase_rules``, each judged; ``text`` rules are for the players."""
    citation = scenario.source or scenario.id
    results = []
    for k, rule in enumerate(side.purchase_rules):
        path: PathKey = ("sides", index, "purchase_rules", k)
        judged = _judge(rule, lines, budget, unit_word, side)
        if judged is None:
            why = f"for the players to check: {rule.text}"
            results.append(
                RuleResult(f"scenario-{k + 1}", "Scenario rule", "n/a", why, citation, path)
            )
            continue
        name, state, why, where = judged
        results.append(RuleResult(f"scenario-{k + 1}", name, state, why, citation, where or path))
    return results


_Judged = tuple[str, RuleState, str, PathKey | None]


def _judge(
    rule: PurchaseRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged | None:
    """The rule judged by its kind; None for a rule kept in words (``text``)."""
    match rule:
        case MinSpendRule():
            return _min_spend(rule, lines, budget, unit, side)
        case MaxSpendRule():
            return _max_spend(rule, lines, budget, unit, side)
        case BanRule():
            return _ban(rule, lines, budget, unit, side)
        case OnlyRule():
            return _only(rule, lines, budget, unit, side)
        case RequiredRule():
            return _required(rule, lines, budget, unit, side)
        case SharePerEntryRule():
            return _share_per_entry(rule, lines, budget, unit, side)
    return None


def _spend(rule: MinSpendRule | MaxSpendRule, lines: Sequence[BudgetLine], *_: object) -> int:
    return sum(line.total for line in lines if rule.category and rule.category in line.tags)


def _min_spend(
    rule: MinSpendRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged:
    spent, need = _spend(rule, lines), rule.points or 0
    name = f"At least {need} {unit} on {rule.category}"
    state: RuleState = "met" if spent >= need else "broken"
    return (
        name,
        state,
        f"{rule.category} {spent} of {budget} {unit}: at least {need} required",
        None,
    )


def _max_spend(
    rule: MaxSpendRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged:
    spent, cap = _spend(rule, lines), rule.points or 0
    name = f"At most {cap} {unit} on {rule.category}"
    over = (
        next((line for line in lines if rule.category in line.tags), None) if spent > cap else None
    )
    state: RuleState = "broken" if over else "met"
    return (
        name,
        state,
        f"{rule.category} {spent} {unit}: at most {cap} allowed",
        over.path if over else None,
    )


def _ban(rule: BanRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side) -> _Judged:
    banned = ", ".join(rule.categories)
    name = f"No {banned}"
    bad = [line for line in lines if filter_match(line, rule)]
    if not bad:
        return name, "met", f"nothing of {banned} bought", None
    why = f"{bad[0].what} is {bad[0].category}, which the scenario forbids: {rule.text}".rstrip(
        ": "
    )
    return name, "broken", why, bad[0].path


def _only(
    rule: OnlyRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged:
    allowed = ", ".join(rule.categories)
    name = f"Only {allowed}"
    bad = [
        line
        for line in lines
        if line.unit is not None and "combat" in line.tags and not filter_match(line, rule)
    ]
    if not bad:
        return name, "met", f"every combat unit is one of {allowed}", None
    why = f"{bad[0].what} is {bad[0].category}; only {allowed} may be bought"
    return name, "broken", why, bad[0].path


def _required(
    rule: RequiredRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged:
    f = rule.units
    wanted = ", ".join((f.types + f.categories) if f else rule.categories)
    name = f"Must buy {wanted}"
    found = sum(line.count for line in lines if filter_match(line, rule))
    if found:
        return name, "met", f"{found} of {wanted} bought", None
    why = f"no {wanted} bought: {rule.text}".rstrip(": ")
    return name, "broken", why, None


def _share_per_entry(
    rule: SharePerEntryRule, lines: Sequence[BudgetLine], budget: int, unit: str, side: Side
) -> _Judged:
    from model.scenario import EntryPlacement  # local: keeps the import list short

    fraction = rule.fraction or 0.0
    need = math.ceil(fraction * budget - 1e-6)
    name = f"At least {need} {unit} on each entry side"
    setup = side.setup
    region = setup.region if isinstance(setup, EntryPlacement) else None
    entries = list(getattr(region, "regions", [region])) if region is not None else []
    if len(entries) < 2:
        return name, "n/a", "the side has a single entry area", None
    on = [0] * len(entries)
    for line in lines:
        placement = _entry_of(side, line)
        if isinstance(placement, EntryPlacement) and placement.region in entries:
            on[entries.index(placement.region)] += line.total
    low = min(range(len(on)), key=on.__getitem__)
    figures = ", ".join(f"{_region_name(r)} {p}" for r, p in zip(entries, on, strict=True))
    state: RuleState = "met" if on[low] >= need else "broken"
    return name, state, f"{figures} of {budget} {unit}: at least {need} on each", None


def _entry_of(side: Side, line: BudgetLine) -> object:
    path = line.path
    if len(path) == 4 and path[2] == "forces" and isinstance(path[3], int):
        return side.forces[path[3]].placement
    return None


def _region_name(region: object) -> str:
    edge = getattr(region, "edge", None)
    return f"edge {edge}" if edge is not None else getattr(region, "kind", "area")


class PointBuy:
    """A system's point purchase: what a side's forces and purchases cost and the book's rules on
    them. Each system package subclasses it (``rules/<system>/pointbuy.py``) and registers it
    (:mod:`rules.registry`).

    Attributes:
        book: the book has a point-buy (Armor, Soldiers); otherwise the costs are Hexwright's
            own and are reported only for a side given a budget or when asked.
        citation: the book's section on spending within the budget.
        budget_kind: what a new budget counts (Soldiers' ``force-points``, else ``points``).
        depleted: units may be bought depleted (Soldiers' squads [19.2]).
    """

    book: bool = False
    citation: str = "Hexwright's own costs (the book has no point-buy)"
    budget_kind: Literal["points", "force-points"] = "points"
    depleted: bool = False

    def lines(self, scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
        """Every unit and purchase of the side, priced."""
        raise NotImplementedError

    def book_rules(
        self,
        scenario: Scenario,
        side: Side,
        lines: Sequence[BudgetLine],
        points: int,
        budget_path: PathKey,
        mission: Mission | None,
    ) -> list[RuleResult]:
        """The book's purchase rules judged on what the side bought (none by default)."""
        return []

    def buyable(self, unit: UnitType) -> bool:
        """Whether a catalogue entry is bought as a purchase rather than as a unit of the
        forces (Soldiers' intelligence, Armor's batteries)."""
        return False

    def item_line(self, side: Side, path: PathKey, purchase: Purchase) -> BudgetLine:
        """One purchase priced as the report prices it."""
        raise NotImplementedError(f"{type(self).__name__} buys nothing but units")

    # --- what the purchase bot may buy (rules/pointbuy/purchase.py) -------------------------

    #: The nations a side of nation ``any`` may be, for the purchase bot (Armor's three).
    nations: tuple[str, ...] = ()

    def allies(self, nation: str) -> frozenset[str]:
        """The nations on ``nation``'s side: a side of nation ``any`` is never one of them when
        the other side is ``nation`` (our reading: one side German, the other Allied)."""
        return frozenset({nation})

    def stand_in(self, unit: UnitType) -> bool:
        """Whether a catalogue entry only stands for what a side buys (Soldiers'
        ``REINFORCEMENTS``): never bought itself, replaced by the purchase."""
        return unit.category == "purchase-group"

    def stand_in_kind(self, unit: UnitType) -> Literal["reinforcements", "initial"]:
        """What a stand-in of a reinforcement group stands for: the reinforcements bought, or
        the initially deployed units entering as reinforcements (Soldiers 26)."""
        return "reinforcements"

    def role(self, unit: UnitType) -> str:
        """The unit's role for a purchase strategy: ``armour``, ``infantry``, ``support`` or
        ``intelligence`` (:data:`rules.pointbuy.purchase.ROLES`)."""
        return "support"

    def plays(self, scenario: Scenario, unit: UnitType) -> bool:
        """Whether test play plays the unit in this scenario; the purchase bot buys others only
        when a rule requires them."""
        return True

    def reserved(self, unit: UnitType) -> bool:
        """Whether the purchase bot buys the unit only when a rule requires it (a scenario's
        own counters: Soldiers 26's airborne squads)."""
        return False

    def bot_limit(self, unit: UnitType, budget: int) -> int | None:
        """How many of the unit a side may have (None: no limit)."""
        return None

    def bot_states(self, unit: UnitType) -> tuple[tuple[str, ...], ...]:
        """The states the unit may be bought in (Soldiers: full or depleted)."""
        return ((),)

    def reinforces(self, unit: UnitType) -> bool:
        """Whether the unit may be bought as a reinforcement."""
        return False

    def offered(self, scenario: Scenario, side: Side, unit: UnitType) -> bool:
        """Whether the purchase bot offers the unit to this side at all (Soldiers: defensive
        preparations to the defender only [19.43]); every unit by default."""
        return True

    def bot_allows(self, line: BudgetLine, have: Sequence[BudgetLine]) -> bool:
        """Whether one more of ``line`` may join what the bot has bought so far (``have``, in
        buying order): a system's rule on the purchase as a whole (Soldiers: one level of
        artillery support [19.42], the platoon leader after 3 FP of heavy weapons [19.46]);
        always by default."""
        return True

    def bot_needs(self, scenario: Scenario, side: Side) -> list[BotNeed]:
        """What the side's play of the scenario asks it to buy, beyond the purchase rules
        (Soldiers 26: engineers and satchel charges for the side that blows the bridges
        [26.2]); nothing by default."""
        return []

    def bot_minimums(self, scenario: Scenario, side: Side, budget: int) -> list[tuple[str, int]]:
        """What the book requires to be spent, as (category, points) (Soldiers: half the
        budget on squads [19.2])."""
        return []
