"""Hexwright's own unit costs, for systems whose books have no point-buy (Panzer '44's orders of
battle are all historical and fixed; Panzer Command's scenario generation, §23, is cut from the
text). For a side given a budget anyway, or when asked, a unit costs what the system's formula
says (:meth:`DerivedPointBuy.unit_cost`, in ``rules/<system>/pointbuy.py``), every line marked
as Hexwright's own.
"""

from __future__ import annotations

import re

from model.catalog import UnitType
from model.scenario import Scenario, Side
from model.systems import GameSystem
from rules.forces.units import PathKey, value_of
from rules.pointbuy.base import BudgetLine, PointBuy, resolve_unit, side_entries, tags_of


def number(unit: UnitType, key: str) -> int:
    """A value as a whole number: ``"2(4)"`` (a hard-target defense) reads as 2."""
    value = value_of(unit, key)[0]
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return int(value)
    found = re.match(r"-?\d+", str(value or ""))
    return int(found.group()) if found else 0


class DerivedPointBuy(PointBuy):
    """Costs by a formula of Hexwright's own over the unit's values."""

    def __init__(self, system: GameSystem) -> None:
        self.system = system

    def unit_cost(self, unit: UnitType) -> tuple[int, str]:
        """Hexwright's own cost of a unit and the placeholder that says how it was made."""
        raise NotImplementedError

    def lines(self, scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
        return lines(self, scenario, side, index)

    def role(self, unit: UnitType) -> str:
        """Fighting vehicles are armour, foot and motorised infantry infantry, the rest
        (guns, artillery, transport, headquarters) support, for the purchase strategies."""
        if unit.category in _ARMOUR:
            return "armour"
        return "infantry" if unit.category in _INFANTRY else "support"

    def stand_in(self, unit: UnitType) -> bool:
        """Panzer Command's markers and chits are never bought."""
        return unit.category in ("marker", "chit") or super().stand_in(unit)


#: The categories of fighting vehicles and of infantry in the derived-cost systems' catalogues.
_ARMOUR = frozenset(
    {"tank", "tank-destroyer", "armoured-car", "assault-gun", "sp-aa", "sp-artillery", "recon"}
)
_INFANTRY = frozenset({"infantry", "mech-infantry", "engineer", "motorcycle"})


def lines(buy: DerivedPointBuy, scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
    """Every unit of the side's forces and reinforcements at Hexwright's own cost."""
    found = []
    for path, entry, reinforcement in side_entries(side, index):
        unit = resolve_unit(buy.system, entry.unit, side)
        where: PathKey = path
        if unit is None:
            found.append(
                BudgetLine(
                    entry.unit,
                    entry.unit,
                    entry.count,
                    None,
                    1,
                    0,
                    "unknown",
                    frozenset(),
                    where,
                    None,
                    None,
                )
            )
            continue
        cost, placeholder = buy.unit_cost(unit)
        found.append(
            BudgetLine(
                entry.unit,
                unit.id,
                entry.count,
                cost,
                1,
                cost * entry.count,
                unit.category,
                tags_of(unit),
                where,
                None,
                placeholder,
                reinforcement,
                unit,
            )
        )
    return found
