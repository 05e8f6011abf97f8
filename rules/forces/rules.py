"""How a system's forces move, stack and ride, as the static checks, point-buy and the editor's
order of battle need it. Each system package subclasses :class:`ForceRules`
(``rules/<system>/forces.py``) and registers it (:mod:`rules.registry`); the defaults say the
book gives nothing to check."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from model.catalog import UnitType
from rules.forces.transport import Carriage
from rules.forces.units import value_of

if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding, Placed


class ForceRules:
    """A system's rules for its units at the start.

    Attributes:
        allowance_key: the unit catalogue's key of what a unit spends moving in a turn.
        transport: the catalogue says who may carry whom (the ``transport`` check runs).
    """

    allowance_key: str | None = None
    transport: bool = False

    def movement_class(self, unit: UnitType) -> str | None:
        """The movement class whose costs say where a unit may stand and move; units that move
        only when carried (towed guns, immobile artillery) stand where leg units may."""
        return None

    def movement_allowance(self, unit: UnitType) -> float | None:
        """What a unit may spend on movement in a turn, or None when it cannot move alone."""
        key = self.allowance_key
        value = value_of(unit, key)[0] if key else None
        if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
            return float(value)
        return None

    def stacking(self, ctx: CheckContext, stack: list[Placed]) -> Iterator[Finding]:
        """What breaks the book's stacking rule among one hex's units at the start: each
        side's units against its limit (:meth:`side_stack`)."""
        for side in dict.fromkeys(p.side.id for p in stack):
            found = self.side_stack(ctx, [p for p in stack if p.side.id == side])
            if found is not None:
                yield found

    def side_stack(self, ctx: CheckContext, own: list[Placed]) -> Finding | None:
        """One side's units on one hex against the book's limit (no limit by default)."""
        return None

    def carriage(self, carrier: UnitType, passenger: UnitType) -> Carriage:
        """May a unit of type ``carrier`` carry one of type ``passenger``, by the book?"""
        return Carriage(True, "the catalogue has no transport data", False)

    def over_capacity(
        self, carrier: UnitType, carriers: int, load: Iterable[tuple[UnitType, int]]
    ) -> str | None:
        """Why ``carriers`` units of ``carrier`` cannot take ``load`` (unit type, count) at
        once, or None when they can or the book's data does not say."""
        return None
