"""Panzer Command's unit costs, Hexwright's own (the scenario generation of §23 is cut from the
text): ``ceil((attack - defense + movement + range) * steps / 2)``. Defense is a die-roll
modifier, lower for better armour, hence subtracted; each step is a share of the company's
strength. HQs, chits and markers cost nothing."""

from __future__ import annotations

import math

from model.catalog import UnitType
from model.systems import GameSystem
from rules.pointbuy.derived import DerivedPointBuy, number

PLACEHOLDER = (
    "Hexwright's own cost: ceil((attack - defense + movement + range) x steps / 2); "
    "Panzer Command's scenario generation (§23) is not in the text"
)
_FREE_PLACEHOLDER = "Hexwright's own cost: HQs, chits and markers cost nothing"
_NOT_UNITS = frozenset({"hq", "marker", "chit"})


class PanzerCommandPointBuy(DerivedPointBuy):
    def __init__(self) -> None:
        super().__init__(GameSystem.PANZER_COMMAND)

    def unit_cost(self, unit: UnitType) -> tuple[int, str]:
        if unit.category in _NOT_UNITS:
            return 0, _FREE_PLACEHOLDER
        raw = (
            number(unit, "attack")
            - number(unit, "defense")
            + number(unit, "movement")
            + number(unit, "range")
        )
        steps = number(unit, "steps") or 1
        return max(0, math.ceil(raw * steps / 2)), PLACEHOLDER
