"""Armor's Point Selection of Forces [SCN III.D]: Combat units at their Data Card's Total
Point Value (Infantry by size), Terrain Support units for a defender on the map, Artillery
Batteries, Air Spotting, Radio Jamming and the costed extras of the Optional Rules; units
introduced after the scenario's period may not be bought."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from model.catalog import UnitType
from model.provenance import Value
from model.scenario import Mission, Purchase, Scenario, Side
from model.systems import GameSystem
from model.tables import tables
from rules.armor.optional import BOATS
from rules.forces.units import PathKey, counter_pool, value_of
from rules.pointbuy.base import (
    BudgetLine,
    PointBuy,
    RuleResult,
    line_total,
    price,
    resolve_unit,
    side_entries,
    tags_of,
)

SYSTEM = GameSystem.ARMOR
if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding

SELECTION = "Armor [SCN III.D.2.a]"

#: Categories that are not Combat units [SCN III.D.2.a]; everything else is one.
NOT_COMBAT = frozenset(
    {"terrain-support", "artillery", "air-spotting", "radio-jamming", "attachment"}
)

#: The Scenario Period Selection Chart's periods, earliest first [SCN III.D.1].
PERIODS = ("mid-1944", "late-1944", "early-1945", "mid-1945")

#: Rows of the purchase-costs table for the catalogue's priced extras.
_TABLE_ROWS = {
    "ARTILLERY-LIGHT": "Light Artillery Battery",
    "ARTILLERY-MEDIUM": "Medium Artillery Battery",
    "ARTILLERY-HEAVY": "Heavy Artillery Battery",
    "AIR-SPOTTING": "Air Spotting",
    "RADIO-JAMMING": "Radio Jamming Equipment",
    "BOAT": "Boat",
    "FLAMETHROWER": "Hand-held Flamethrower (Assault Squad)",
    # Terrain Support: Hexwright's estimates (the Data Cards that price them are not in the text)
    "BLOCK": "Terrain Support: Block",
    "DITCH": "Terrain Support: Ditch",
    "WIRE": "Terrain Support: Wire",
    "MINES": "Terrain Support: Mines",
    "PILLBOX": "Terrain Support: Pillbox",
    "BUNKER": "Terrain Support: Bunker",
    "IMPROVED-POSITION": "Terrain Support: Improved Position",
}

#: Infantry card sizes (``state`` of a force entry) and the card value each costs [Intro IV].
_SIZES = {
    "assault": "points_assault_or_plus",
    "plus": "points_assault_or_plus",
    "squad-plus": "points_assault_or_plus",
    "half": "points_half_squad",
    "half-squad": "points_half_squad",
}


def lines(scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
    """Everything the side bought: its forces and reinforcements, then its purchases."""
    found = [
        _unit_line(side, path, entry.unit, entry.count, entry.state, reinforcement)
        for path, entry, reinforcement in side_entries(side, index)
    ]
    for k, purchase in enumerate(side.purchases):
        found.append(_purchase_line(side, ("sides", index, "purchases", k), purchase, found))
    return found


def _unit_line(
    side: Side, path: PathKey, code: str, count: int, state: Sequence[str], reinforcement: bool
) -> BudgetLine:
    unit = resolve_unit(SYSTEM, code, side)
    if unit is None:
        return BudgetLine(code, code, count, None, 1, 0, "unknown", frozenset(), path, None, None)
    cost, source, placeholder = _card_price(unit, code, state)
    if cost is not None and "points_squad" in unit.values:  # its Bazooka, PIAT ... [ADV V.A]
        from rules.armor.antitank import priced

        extra, why = priced(unit.id, state)
        cost += extra
        placeholder = f"{placeholder}; {why}" if placeholder and why else placeholder or why
    if code != unit.id and unit.nation not in counter_pool(side):
        open_nation = f"the side's nation is open: priced as {unit.name}"
        placeholder = f"{placeholder}; {open_nation}" if placeholder else open_nation
    combat = () if unit.category in NOT_COMBAT else ("combat",)
    what = code if code == unit.id else f"{code} ({unit.id})"
    total = line_total(count, cost, 1)
    tags = tags_of(unit, *combat)
    return BudgetLine(
        what,
        code,
        count,
        cost,
        1,
        total,
        unit.category,
        tags,
        path,
        source,
        placeholder,
        reinforcement,
        unit,
    )


def _card_price(
    unit: UnitType, code: str, state: Sequence[str]
) -> tuple[int | None, str | None, str | None]:
    """The Total Point Value; an Infantry card's by size: an Assault Squad (the
    ``ASSAULT-INFANTRY`` stand-in or ``state: [assault]``), a Squad or a Half Squad."""
    if "points_squad" in unit.values:
        size = (
            "assault"
            if code == "ASSAULT-INFANTRY"
            else next((s for s in state if s in _SIZES), None)
        )
        return price(unit, _SIZES.get(size or "", "points_squad"))
    row = _TABLE_ROWS.get(unit.id)
    if row is not None:
        cell = tables(SYSTEM)["purchase-costs"].cell(row, "points")
        if isinstance(cell, Value) and isinstance(cell.value, int):
            return cell.value, cell.source, cell.placeholder
    return price(unit, "points")


def _purchase_line(
    side: Side, path: PathKey, purchase: Purchase, units: Sequence[BudgetLine]
) -> BudgetLine:
    if purchase.item.upper() != "APCR":
        line = _unit_line(side, path, purchase.item, purchase.count, (), False)
        return line
    carrier = next(
        (
            u
            for u in units
            if u.unit is not None and purchase.for_entry in (_label(side, u), u.item)
        ),
        None,
    )
    cost, source, _ = (
        price(carrier.unit, "apcr_extra_points") if carrier and carrier.unit else (None, None, None)
    )
    what = f"APCR for {purchase.for_entry}" if purchase.for_entry else "APCR"
    total = line_total(purchase.count, cost, 1)
    tags = frozenset({"apcr", "extra"})
    return BudgetLine(
        what, "APCR", purchase.count, cost, 1, total, "extra", tags, path, source, None
    )


def _label(side: Side, line: BudgetLine) -> str | None:
    path = line.path
    if len(path) == 4 and path[2] == "forces" and isinstance(path[3], int):
        return side.forces[path[3]].label
    return None


# --- the book's rules ------------------------------------------------------------------------


def book_rules(
    scenario: Scenario, side: Side, lines: Sequence[BudgetLine], budget_path: PathKey
) -> list[RuleResult]:
    """Availability by period, Terrain Support for a defender on the map, APCR only for the
    cards that carry it, the side's own nation's units or captured and borrowed ones [OP XXII]."""
    from rules.armor.captured import purchase_rule

    return [
        _availability(scenario, lines, budget_path),
        _terrain_support(side, lines, budget_path),
        _apcr(lines, budget_path),
        purchase_rule(scenario, side, lines, budget_path),
    ]


def _period(text: str | None) -> str | None:
    if not text:
        return None
    key = text.strip().lower().replace(" ", "-")
    return key if key in PERIODS else None


def _availability(
    scenario: Scenario, lines: Sequence[BudgetLine], budget_path: PathKey
) -> RuleResult:
    name, source = "Introduced by the scenario's period", "Armor [SCN III.D.1]"
    period = _period(scenario.rules.period)
    if period is None:
        said = scenario.rules.period
        why = (
            f"period '{said}' is not one of the chart's"
            if said
            else "the scenario sets no period: agreed or rolled on the Period Selection Chart"
        )
        return RuleResult("period", name, "n/a", why, source, budget_path)
    for line in lines:
        introduced = _introduced(line.unit)
        if introduced in PERIODS and PERIODS.index(introduced) > PERIODS.index(period):
            why = (
                f"{line.what} was introduced in {introduced}, after the scenario's period {period}"
            )
            return RuleResult("period", name, "broken", why, source, line.path)
    return RuleResult(
        "period", name, "met", f"every unit is available in {period}", source, budget_path
    )


def _introduced(unit: UnitType | None) -> str | None:
    if unit is None:
        return None
    value = value_of(unit, "introduced")[0] or value_of(unit, "available")[0]
    return str(value) if value else None


def _terrain_support(side: Side, lines: Sequence[BudgetLine], budget_path: PathKey) -> RuleResult:
    name = "Terrain Support only for a defender on the map"
    bought = [line for line in lines if line.category == "terrain-support"]
    if not bought:
        return RuleResult(
            "terrain-support", name, "n/a", "no Terrain Support bought", SELECTION, budget_path
        )
    if side.role == "defender" and side.starts_on_map:
        why = f"{side.name} defends and starts on the map"
        return RuleResult("terrain-support", name, "met", why, SELECTION, budget_path)
    who = "attacks" if side.role == "attacker" else "is not the defender"
    if side.role == "defender":
        who = "does not start on the map"
    why = f"{bought[0].what} is Terrain Support, but {side.name} {who}"
    return RuleResult("terrain-support", name, "broken", why, SELECTION, bought[0].path)


def _apcr(lines: Sequence[BudgetLine], budget_path: PathKey) -> RuleResult:
    name, source = "APCR only for an M18 or a Sherman '76'", "Armor [OP XXIII.C]"
    bought = [line for line in lines if line.item == "APCR"]
    if not bought:
        return RuleResult("apcr", name, "n/a", "no APCR bought", source, budget_path)
    bad = next((line for line in bought if line.unit_cost is None), None)
    if bad is not None:
        why = f"{bad.what}: 'for_entry' must name the label of an M18 or Sherman '76' entry"
        return RuleResult("apcr", name, "broken", why, source, bad.path)
    return RuleResult(
        "apcr",
        name,
        "met",
        f"{len(bought)} APCR purchase(s), each for a card that fires it",
        source,
        budget_path,
    )


class ArmorPointBuy(PointBuy):
    """Armor's Point Selection of Forces [SCN III.D.2]."""

    book = True
    citation = SELECTION

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
        return book_rules(scenario, side, lines, budget_path)

    def buyable(self, unit: UnitType) -> bool:
        return unit.category in _ITEMS

    def item_line(self, side: Side, path: PathKey, purchase: Purchase) -> BudgetLine:
        return _purchase_line(side, path, purchase, [])

    # --- the purchase bot --------------------------------------------------------------------

    nations = ("germany", "us", "britain")

    def allies(self, nation: str) -> frozenset[str]:
        """One side German, the other Allied: American or British [SCN III.C]."""
        return _ALLIED if nation in _ALLIED else frozenset({nation})

    def stand_in(self, unit: UnitType) -> bool:
        """``TRANSPORT`` stands for the transport a side buys (2B's engineers' trucks)."""
        return unit.category == "transport"

    def role(self, unit: UnitType) -> str:
        if unit.category in ("tracked", "armored-car") and _gun(unit):
            return "armour"
        return "infantry" if unit.category == "leg" else "support"

    def plays(self, scenario: Scenario, unit: UnitType) -> bool:
        """What test play plays at the scenario's rule level: in the Armor Game, the Vehicle
        units with a main gun ("only some of the Vehicle units are used" [AG I]; which Data
        Cards the book excludes is by card number, which the catalogue lacks: our reading);
        in the Advanced Game also Leg, Towed and transport units [ADV I], and Boat units
        when the scenario uses Assault Boats (``rules.options: [assault-boats]``): "Boat
        units are worth 2 Points each" [OP XXVI.A]. Never planes, gliders or batteries; nor
        Terrain Support, bought only where a rule requires it (the Advanced Game sets it up:
        :mod:`rules.armor.support`)."""
        level = scenario.rules.level or "armor-game"
        if unit.category == "boat":
            return level == "advanced-game" and BOATS in scenario.rules.options
        if unit.category in NOT_COMBAT or unit.category in ("plane", "glider"):
            return False
        if level == "armor-game":
            return unit.category in ("tracked", "armored-car") and _gun(unit)
        return unit.category in _ADVANCED


#: The Allied nations [SCN III.C].
_ALLIED = frozenset({"us", "britain"})

#: The categories the Advanced Game adds to the Armor Game's vehicles [ADV I].
_ADVANCED = frozenset(
    {"tracked", "armored-car", "half-track", "bren-carrier", "leg", "towed", "truck", "jeep"}
)


def _gun(unit: UnitType) -> bool:
    """A main gun that fires AP: the card has a Damage Caused Table [AG VI]."""
    return "damage_caused_table" in unit.values


#: Armor's purchases that are not Combat units. A Boat is a counter on the map, bought as a
#: force entry [OP XXVI.A] so that play sets it up (a purchase has no counter).
_ITEMS = NOT_COMBAT


def purchase_possible(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: a purchase rule that makes a side buy Terrain Support units (a
    ``min-spend`` on them, or them ``required``) only for a defender that starts on the map,
    the one side that may buy them [SCN III.D.2.a; III.F]. Otherwise no purchase meets the
    rules: it was called valid and the purchase bot found none (random editor edits made the
    Defender of 3B the attacker, or not on the map, and Test Play could not start)."""
    for i, side in enumerate(ctx.scenario.sides):
        if side.role == "defender" and side.starts_on_map:
            continue
        for k, rule in enumerate(side.purchase_rules):
            makes = (rule.kind == "min-spend" and rule.category == "terrain-support") or (
                rule.kind == "required"
                and rule.units is None
                and "terrain-support" in rule.categories
            )
            if not makes:
                continue
            who = "attacks" if side.role == "attacker" else "does not start on the map"
            if side.role not in ("attacker", "defender"):
                who = "is not the defender"
            message = (
                f"this rule makes {side.name} buy Terrain Support units, which only a defender "
                f"starting on the map may buy, and {side.name} {who}: no purchase meets it"
            )
            path = ("sides", i, "purchase_rules", k)
            yield ctx.finding("error", "purchase-possible", message, SELECTION, path)
