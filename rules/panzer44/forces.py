"""Panzer '44's forces at the start: movement classes [10.13], stacking [8.0]-[8.32] and who
carries whom [9.0]-[9.12], read from the unit catalogue."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from model.catalog import UnitType
from rules.forces.rules import ForceRules
from rules.forces.transport import Carriage, cite
from rules.forces.units import value_of

if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding, Placed

_CARRIERS = "Panzer '44 [9.5]"
_PASSENGERS = "Panzer '44 [9.0]"
_CAPACITY = "Panzer '44 [9.12]"


class Panzer44Forces(ForceRules):
    allowance_key = "movement_allowance"
    transport = True

    def movement_class(self, unit: UnitType) -> str | None:
        value = value_of(unit, "movement_class")[0]
        return "foot" if value == "none" else str(value) if value else None

    def stacking(self, ctx: CheckContext, stack: list[Placed]) -> Iterator[Finding]:
        """Units of opposing sides never share a hex [8.32]; then each side's limit."""
        sides = list(dict.fromkeys(p.side.id for p in stack))
        if len(sides) > 1:
            name = ctx.amap.name(stack[0].hex)
            message = f"units of {' and '.join(sides)} share {name} at the start"
            yield ctx.finding("error", "stacking", message, "Panzer '44 [8.32]", stack[-1].path)
        yield from super().stacking(ctx, stack)

    def side_stack(self, ctx: CheckContext, own: list[Placed]) -> Finding | None:
        """Panzer '44 [8.0]: one unit per hex, but a carrier on its passenger [8.2] and an
        infantry unit with an anti-tank gun in an Improved Position [8.1]."""
        stack = own
        units = [(p, ctx.unit(p.entry.unit, p.side)) for p in stack for _ in range(p.entry.count)]
        if len(units) <= 1:
            return None
        name = ctx.amap.name(stack[0].hex)
        if len(units) == 2:
            a, b = (u for _, u in units)
            if a is not None and b is not None:
                if _carried(a, b) or _carried(b, a):
                    return None
                if {a.category, b.category} == {"infantry", "gun"}:
                    side = stack[0].side
                    ips = side.fortifications.improved_positions if side.fortifications else 0
                    if ips is None or ips > 0:
                        return None
                    message = (
                        f"infantry and a gun share {name}, which only an Improved Position "
                        f"allows, and {side.name} has none"
                    )
                    return ctx.finding(
                        "error", "stacking", message, "Panzer '44 [8.1]", stack[-1].path
                    )
        message = f"{len(units)} units of {stack[0].side.name} stand on {name}; the limit is one"
        return ctx.finding("error", "stacking", message, "Panzer '44 [8.0]", stack[-1].path)

    def carriage(self, carrier: UnitType, passenger: UnitType) -> Carriage:
        if value_of(carrier, "carrier")[0] is not True:
            source = cite(carrier, "carrier", _CARRIERS)
            why = f"{carrier.id} is not a carrier: only trucks and halftracks (APCs) carry units"
            return Carriage(False, f"{why} ({source})")
        if value_of(passenger, "movement_class")[0] not in ("foot", "none"):
            why = (
                f"{passenger.id} is a vehicle: carriers take only non-vehicle units "
                "(Movement Allowance 0 or 1)"
            )
            return Carriage(False, f"{why} ({_PASSENGERS})")
        return Carriage(True)

    def over_capacity(
        self, carrier: UnitType, carriers: int, load: Iterable[tuple[UnitType, int]]
    ) -> str | None:
        each = value_of(carrier, "transport_capacity")[0]
        room = (each if isinstance(each, int) else 1) * carriers
        riders = sum(n for _, n in load)
        if riders > room:
            return (
                f"{carriers} {carrier.id} carry {room} non-vehicle "
                f"unit{'s' if room != 1 else ''}, not {riders} ({_CAPACITY})"
            )
        return None


def _carried(carrier: UnitType, passenger: UnitType) -> bool:
    return value_of(carrier, "carrier")[0] is True and value_of(passenger, "movement_class")[0] in (
        "foot",
        "none",
    )
