"""Panzer Command's forces at the start: leg, tracked and motorized movement [§5.1], six Steps
a hex [§5.2] and transport by truck, SPW and tank [§13.2-13.3], read from the unit catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.catalog import UnitType
from rules.forces.rules import ForceRules
from rules.forces.transport import Carriage, cite
from rules.forces.units import value_of

if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding, Placed

_TRANSPORT = "Panzer Command [§13.2; §13.3]"


class PanzerCommandForces(ForceRules):
    allowance_key = "movement"
    transport = True

    def movement_class(self, unit: UnitType) -> str | None:
        value = value_of(unit, "movement_class")[0]
        return "leg" if value == "immobile" else str(value) if value else None

    def side_stack(self, ctx: CheckContext, own: list[Placed]) -> Finding | None:
        """Panzer Command [§5.2]: at most 6 Steps in a hex; trucks and SPWs count one Step,
        markers and HQs none, passengers none [§13]."""
        steps = 0
        for p in own:
            unit = ctx.unit(p.entry.unit, p.side)
            if unit is None or unit.category in ("hq", "marker", "chit") or p.entry.mounted_on:
                continue
            value = value_of(unit, "steps")[0]
            steps += (value if isinstance(value, int) else 1) * p.entry.count
        if steps <= 6:
            return None
        name = ctx.amap.name(own[0].hex)
        message = f"{steps} steps of {own[0].side.name} stand on {name}; the limit is 6"
        return ctx.finding("error", "stacking", message, "Panzer Command [§5.2]", own[-1].path)

    def carriage(self, carrier: UnitType, passenger: UnitType) -> Carriage:
        kind = _carrier_kind(carrier)
        if kind is None:
            why = f"{carrier.id} is not a transport: trucks, SPWs and tanks carry units"
            return Carriage(False, f"{why} ({_TRANSPORT})")
        rides = value_of(passenger, "carried_by")[0]
        rides = rides if isinstance(rides, list) else []
        if kind not in rides:
            source = cite(passenger, "carried_by", _TRANSPORT)
            by = " or ".join(rides) if rides else "nothing"
            why = f"{passenger.id} rides only on {by}; {carrier.id} is a {kind}"
            return Carriage(False, f"{why} ({source})")
        return Carriage(True)


def _carrier_kind(carrier: UnitType) -> str | None:
    if value_of(carrier, "tank")[0] is True:
        return "tank"
    carries = value_of(carrier, "transport")[0]
    carries = carries if isinstance(carries, list) else []
    if "mech-infantry" in carries:
        return "spw"
    if "leg-infantry" in carries:
        return "truck"
    return None
