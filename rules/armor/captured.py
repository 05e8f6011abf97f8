"""Captured and Borrowed Equipment [OP XXII] (option ``captured-equipment``): which nation's
units a side may field, for the scenario checks (``hexwright validate``) and the point-buy.

The book: "A. CAPTURED EQUIPMENT: At the players' mutual agreement, before the start of a game,
enemy Vehicle units may be 'purchased' for use during the game. Turret units can be used to
show ownership of these Vehicle units. For example, the German player could place a German
Turret unit on a M4 American Vehicle unit to show that the M4 was being used by the German
side. B. ALLIED EQUIPMENT: The American forces used a few pieces of British equipment, but the
American equipment formed a substantial part of the inventory of the British forces. The
Allied player may freely use Trucks and Jeeps from both countermixes together, regardless of
which force is represented. The British forces also employed large numbers of tanks of the M4
'Sherman' series and American Half-Tracks."

What Hexwright does:

- an enemy unit in a side's forces (a German card on an Allied side, an American or British
  one on the German side) is an error unless the scenario names the option in
  ``rules.options`` (the players' agreement, [A]) and it is a Vehicle unit; then it is noted
  (info). In play the unit is its side's in every way: the engine's counters show their side
  (the Turret unit's job), and its gun is its card's (:func:`rules.armor.cards.gun_of` reads
  the card's nation, not the side's);
- a British side fields American units freely (our reading of [B]: the British used the
  American inventory, tanks and half-tracks named); an American side fields British Trucks
  and Jeeps freely, and any other British unit with a warning ("a few pieces" by agreement,
  our reading);
- a side whose nation is open (``any``) is not judged until it is chosen [SCN III.C], with its
  purchase; one whose forces are given, not bought, keeps it open, so a stand-in of its
  (ASSAULT-INFANTRY: the side's nation's unit) names nothing: an error where it is written.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Literal

from model.catalog import UnitType, unit_types
from model.scenario import Scenario, Side
from model.systems import GameSystem
from rules.armor.optional import CAPTURED
from rules.pointbuy.base import BudgetLine, RuleResult, resolve_unit, side_entries

if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding, Severity
    from rules.forces.units import PathKey

RULE = "Armor [OP XXII]"
ALLIED = frozenset({"us", "britain"})
#: The categories the Allied player uses "from both countermixes together" [OP XXII.B].
SHARED = frozenset({"truck", "jeep"})
VEHICLES = frozenset(
    {"tracked", "half-track", "armored-car", "bren-carrier", "jeep", "truck", "transport"}
)


def judge(scenario: Scenario, side: Side, unit: UnitType) -> tuple[Severity, str] | None:
    """Whether ``side`` may field ``unit`` [OP XXII]: None when it is its own (or borrowed
    freely), else the severity and why."""
    mine, theirs = side.nation, unit.nation
    if mine == theirs or "any" in (mine, theirs) or mine not in ALLIED | {"germany"}:
        return None
    if mine in ALLIED and theirs in ALLIED:
        if mine == "britain" or unit.category in SHARED:
            return None  # [OP XXII.B]
        return (
            "warning",
            f"{unit.name} is British: the American forces used only a few pieces of British "
            "equipment, by the players' agreement (Trucks and Jeeps freely) [OP XXII.B]",
        )
    if unit.category not in VEHICLES:
        return (
            "error",
            f"{unit.name} is an enemy ({theirs}) unit: only enemy Vehicle units may be "
            "captured and used [OP XXII.A]",
        )
    if CAPTURED not in scenario.rules.options:
        return (
            "error",
            f"{unit.name} is an enemy ({theirs}) Vehicle unit: it may be used only by the "
            f"players' agreement, rules.options: [{CAPTURED}] [OP XXII.A]",
        )
    return (
        "info",
        f"{unit.name} is a captured enemy Vehicle unit, used by {side.name} (a Turret unit of "
        "its side shows ownership) [OP XXII.A]",
    )


def judged(scenario: Scenario, side: Side, index: int) -> Iterator[tuple[PathKey, Severity, str]]:
    """Every force entry of the side that is not its own nation's, with the verdict; and a
    stand-in of a side whose nation stays open because its forces are given, not bought."""
    from rules.pointbuy.purchase import needs_purchase

    open_nation = side.nation == "any" and side.id not in needs_purchase(scenario)
    for path, entry, _ in side_entries(side, index):
        unit = resolve_unit(GameSystem.ARMOR, entry.unit, side)
        if unit is None:
            continue  # loading reports an unknown unit
        listed = unit_types(GameSystem.ARMOR).get(entry.unit)
        if open_nation and listed is not None and "per_nation" in listed.values:
            yield (
                (*path, "unit"),
                "error",
                f"{entry.unit} stands for a unit of the side's nation, and {side.name}'s "
                "nation is open (any) with its forces given, not bought: give the side a "
                "nation, or leave its forces to the purchase [SCN III.C]",
            )
            continue
        verdict = judge(scenario, side, unit)
        if verdict is not None:
            yield (*path, "unit"), verdict[0], verdict[1]


def nationality(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: each side's units of another nation [OP XXII]."""
    for i, side in enumerate(ctx.scenario.sides):
        for path, severity, message in judged(ctx.scenario, side, i):
            yield ctx.finding(severity, "nationality", message, RULE, path)


def purchase_rule(
    scenario: Scenario, side: Side, lines: Sequence[BudgetLine], budget_path: PathKey
) -> RuleResult:
    """The point-buy's rule [OP XXII]: a side buys its own nation's units, enemy Vehicle units
    only with the option, borrowed Allied equipment as [OP XXII.B] allows."""
    name = "Units of the side's nation, or captured and borrowed equipment"
    worst: tuple[BudgetLine, Severity, str] | None = None
    noted = 0
    for line in lines:
        if line.unit is None:
            continue
        verdict = judge(scenario, side, line.unit)
        if verdict is None:
            continue
        noted += 1
        if verdict[0] != "info" and (worst is None or worst[1] == "warning"):
            worst = (line, verdict[0], verdict[1])
    if worst is not None:
        level: Literal["error", "warning"] = "error" if worst[1] == "error" else "warning"
        return RuleResult(
            "nationality", name, "broken", worst[2], RULE, worst[0].path, severity=level
        )
    if not noted:
        return RuleResult("nationality", name, "n/a", "every unit is its side's", RULE, budget_path)
    why = f"{noted} captured or borrowed unit(s), as [OP XXII] allows"
    return RuleResult("nationality", name, "met", why, RULE, budget_path)
