"""Hexwright's own unit costs for the systems whose books have no point-buy.

Panzer '44's orders of battle are all historical and fixed; Panzer Command's scenario
generation (§23) is cut from the text. For a side given a budget anyway, or when asked, a
unit costs what these formulas say, every line marked as Hexwright's own:

- Panzer '44: ``attack + defense + movement + range // 5``. The first three are the Victory
  Points the book pays for a unit exited off the map (Panzer '44 [19.9]: a Panther 10+10+6);
  the range term, our own, values the long-ranged guns and mortars that exit scoring ignores.
- Panzer Command: ``ceil((attack - defense + movement + range) * steps / 2)``. Defense is a
  die-roll modifier, lower for better armour, hence subtracted; each step is a share of the
  company's strength. HQs, chits and markers cost nothing.
"""

from __future__ import annotations

import math
import re

from model.catalog import UnitType
from model.scenario import Scenario, Side
from model.systems import GameSystem
from rules.checks.base import PathKey, value_of
from rules.pointbuy.base import BudgetLine, resolve_unit, side_entries, tags_of

P44_PLACEHOLDER = (
    "Hexwright's own cost: attack + defense + movement + range // 5, after the exit "
    "Victory Points of Panzer '44 [19.9]; the book has no point-buy"
)
PC_PLACEHOLDER = (
    "Hexwright's own cost: ceil((attack - defense + movement + range) x steps / 2); "
    "Panzer Command's scenario generation (§23) is not in the text"
)
_FREE_PLACEHOLDER = "Hexwright's own cost: HQs, chits and markers cost nothing"
_NOT_UNITS = frozenset({"hq", "marker", "chit"})


def _number(unit: UnitType, key: str) -> int:
    """A value as a whole number: ``"2(4)"`` (a hard-target defense) reads as 2."""
    value = value_of(unit, key)[0]
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return int(value)
    found = re.match(r"-?\d+", str(value or ""))
    return int(found.group()) if found else 0


def unit_cost(system: GameSystem, unit: UnitType) -> tuple[int, str]:
    """Hexwright's own cost of a unit and the placeholder that says how it was made."""
    if system is GameSystem.PANZER44:
        cost = (
            _number(unit, "attack_strength")
            + _number(unit, "defense_strength")
            + _number(unit, "movement_allowance")
            + _number(unit, "range") // 5
        )
        return cost, P44_PLACEHOLDER
    if unit.category in _NOT_UNITS:
        return 0, _FREE_PLACEHOLDER
    raw = (
        _number(unit, "attack")
        - _number(unit, "defense")
        + _number(unit, "movement")
        + _number(unit, "range")
    )
    steps = _number(unit, "steps") or 1
    return max(0, math.ceil(raw * steps / 2)), PC_PLACEHOLDER


def lines(system: GameSystem, scenario: Scenario, side: Side, index: int) -> list[BudgetLine]:
    """Every unit of the side's forces and reinforcements at Hexwright's own cost."""
    found = []
    for path, entry, reinforcement in side_entries(side, index):
        unit = resolve_unit(system, entry.unit, side)
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
        cost, placeholder = unit_cost(system, unit)
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
