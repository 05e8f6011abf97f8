"""Armor's forces at the start: Vehicle and Leg movement [AG V.B; ADV V.A.1], Stacking Factors
[AG III.B.1] and transport by Data Card [ADV IV.B.1.b], read from the unit catalogue."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.catalog import UnitType
from rules.forces.rules import ForceRules
from rules.forces.transport import Carriage, cite
from rules.forces.units import value_of

if TYPE_CHECKING:
    from rules.checks.base import CheckContext, Finding, Placed

_VEHICLES = frozenset(
    {"tracked", "half-track", "armored-car", "jeep", "truck", "bren-carrier", "transport"}
)
_TRANSPORT = "Armor [ADV IV.B.1.b]"
_CARD = "Armor [Intro IV]"
#: A Boat rides the Vehicles that transport Leg units [OP XXVI.A.1].
_LETTER = {"leg": "L", "towed": "T", "boat": "L"}


class ArmorForces(ForceRules):
    allowance_key = "speed"
    transport = True

    def movement_class(self, unit: UnitType) -> str | None:
        if unit.category in _VEHICLES:
            return "vehicle"
        return "leg" if unit.category in ("leg", "towed") else None

    def side_stack(self, ctx: CheckContext, own: list[Placed]) -> Finding | None:
        """Armor [AG III.B.1]: no limit, but over four Stacking Factors the hex is fired on as
        Clear and sighted at twice the range; loaded units do not count [ADV V.C.2]."""
        factors = 0
        for p in own:
            unit = ctx.unit(p.entry.unit, p.side)
            value = value_of(unit, "stacking")[0] if unit else None
            if isinstance(value, int | float) and not p.entry.mounted_on:
                factors += int(value) * p.entry.count
        if factors <= 4:
            return None
        name = ctx.amap.name(own[0].hex)
        message = (
            f"{factors} Stacking Factors of {own[0].side.name} on {name}: units there are fired "
            f"on as in Clear terrain and sighted at twice the range"
        )
        return ctx.finding("info", "stacking", message, "Armor [AG III.B.1]", own[-1].path)

    def carriage(self, carrier: UnitType, passenger: UnitType) -> Carriage:
        room, _, placeholder = value_of(carrier, "transport")
        kinds = str(value_of(carrier, "transport_types")[0] or "")
        source = cite(carrier, "transport_types", _TRANSPORT)
        if not isinstance(room, int | float) or room <= 0 or not kinds:
            why = f"{carrier.id} transports nothing: its Data Card gives no Transport capacity"
            return Carriage(False, f"{why} ({_CARD})")
        letter = _LETTER.get(passenger.category)
        if passenger.category == "boat" and carrier.category == "boat":
            letter = None  # "Boat units may only transport Leg units" [Intro IV TRANSPORT]
        if letter is None:
            why = f"{passenger.id} is not a Leg or Towed unit: only those are transported"
            return Carriage(False, f"{why} ({source})")
        if letter not in kinds.replace(" ", "").split(","):
            what = "Leg" if letter == "L" else "Towed"
            why = f"{carrier.id} transports {kinds} units, not {what} ones like {passenger.id}"
            return Carriage(False, f"{why} ({source})")
        note = f"capacity {room} SF is a placeholder: {placeholder}" if placeholder else ""
        return Carriage(True, note)

    def over_capacity(
        self, carrier: UnitType, carriers: int, load: Iterable[tuple[UnitType, int]]
    ) -> str | None:
        each, _, placeholder = value_of(carrier, "transport")
        if not isinstance(each, int | float):
            return None
        need = 0.0
        for unit, n in load:
            factor = value_of(unit, "stacking")[0]
            need += (factor if isinstance(factor, int | float) else 1) * n
        space = each * carriers
        if need > space:
            guessed = f"; the capacity is a placeholder: {placeholder}" if placeholder else ""
            source = cite(carrier, "transport_types", _TRANSPORT)
            return (
                f"{carriers} {carrier.id} transport {space:g} Stacking Factors, "
                f"not {need:g}{guessed} ({source})"
            )
        return None
