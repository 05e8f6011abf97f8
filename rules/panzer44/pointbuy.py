"""Panzer '44's unit costs, Hexwright's own (the book has no point-buy): ``attack + defense +
movement + range // 5``. The first three are the Victory Points the book pays for a unit exited
off the map ([19.9]: a Panther 10+10+6); the range term, our own, values the long-ranged guns
and mortars that exit scoring ignores."""

from __future__ import annotations

from model.catalog import UnitType
from model.systems import GameSystem
from rules.pointbuy.derived import DerivedPointBuy, number

PLACEHOLDER = (
    "Hexwright's own cost: attack + defense + movement + range // 5, after the exit "
    "Victory Points of Panzer '44 [19.9]; the book has no point-buy"
)


class Panzer44PointBuy(DerivedPointBuy):
    def __init__(self) -> None:
        super().__init__(GameSystem.PANZER44)

    def unit_cost(self, unit: UnitType) -> tuple[int, str]:
        cost = (
            number(unit, "attack_strength")
            + number(unit, "defense_strength")
            + number(unit, "movement_allowance")
            + number(unit, "range") // 5
        )
        return cost, PLACEHOLDER
