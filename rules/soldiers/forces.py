"""Soldiers' men at the start: every man moves by Action Points [7.21]; the book's catalogue
gives no stacking limit and no transport to check."""

from __future__ import annotations

from model.catalog import UnitType
from rules.forces.rules import ForceRules
from rules.forces.transport import Carriage

_MEN = frozenset({"man", "leader", "heavy-weapons", "squad", "team"})


class SoldiersForces(ForceRules):
    def movement_class(self, unit: UnitType) -> str | None:
        return "man" if unit.category in _MEN else None

    def carriage(self, carrier: UnitType, passenger: UnitType) -> Carriage:
        return Carriage(True, "Soldiers: the catalogue has no transport data", False)
