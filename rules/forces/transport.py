"""Who may carry whom at the start: the book's transport rules read from the unit catalogue.

Each game writes transport differently in its catalogue (``resources/<system>/units.yaml``):

- Panzer '44: a carrier has ``carrier: true`` (trucks and halftracks/APCs [9.5]) and carries
  ``transport_capacity`` non-vehicle units [9.12]; a passenger moves on foot or not at all [9.0].
- Armor: a carrier has ``transport`` (Stacking Factors it carries) and ``transport_types``
  ("L" Leg, "T" Towed) [ADV IV.B.1.b]; a passenger takes its ``stacking`` factor of that room.
- Panzer Command: a passenger lists ``carried_by`` (truck, spw, tank) [§13.2-13.3]; a carrier is a
  tank (``tank: true``), an SPW (``transport`` lists mech infantry) or a truck (leg infantry).
- Soldiers: no transport data; anything is allowed and :attr:`Carriage.checked` says so.

Why here and not in the editor: the Order of Battle panel, the checks and the engines must agree
on what a carrier can carry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from model.catalog import UnitType
from model.scenario import Side
from model.systems import GameSystem
from rules.checks.base import value_of

_P44_CARRIERS = "Panzer '44 [9.5]"
_P44_PASSENGERS = "Panzer '44 [9.0]"
_P44_CAPACITY = "Panzer '44 [9.12]"
_ARMOR_TRANSPORT = "Armor [ADV IV.B.1.b]"
_ARMOR_CARD = "Armor [Intro IV]"
_PC_TRANSPORT = "Panzer Command [§13.2; §13.3]"
_ARMOR_LETTER = {"leg": "L", "towed": "T"}


@dataclass(frozen=True)
class Carriage:
    """Whether one unit type may carry another.

    Attributes:
        allowed: the carrier may carry the passenger (or nothing in the data says otherwise).
        reason: why not, with the book's section; or a note when the data cannot tell.
        checked: False when the catalogue has no transport data to check against.
    """

    allowed: bool
    reason: str = ""
    checked: bool = True


def _cite(unit: UnitType, key: str, default: str) -> str:
    source = value_of(unit, key)[1]
    return source or default


def carriage(system: GameSystem, carrier: UnitType, passenger: UnitType) -> Carriage:
    """May a unit of type ``carrier`` carry one of type ``passenger``, by the book?"""
    if system is GameSystem.PANZER44:
        return _panzer44(carrier, passenger)
    if system is GameSystem.ARMOR:
        return _armor(carrier, passenger)
    if system is GameSystem.PANZER_COMMAND:
        return _panzer_command(carrier, passenger)
    return Carriage(True, f"{system.display_name}: the catalogue has no transport data", False)


def _panzer44(carrier: UnitType, passenger: UnitType) -> Carriage:
    if value_of(carrier, "carrier")[0] is not True:
        cite = _cite(carrier, "carrier", _P44_CARRIERS)
        why = f"{carrier.id} is not a carrier: only trucks and halftracks (APCs) carry units"
        return Carriage(False, f"{why} ({cite})")
    if value_of(passenger, "movement_class")[0] not in ("foot", "none"):
        why = (
            f"{passenger.id} is a vehicle: carriers take only non-vehicle units "
            "(Movement Allowance 0 or 1)"
        )
        return Carriage(False, f"{why} ({_P44_PASSENGERS})")
    return Carriage(True)


def _armor(carrier: UnitType, passenger: UnitType) -> Carriage:
    room, _, placeholder = value_of(carrier, "transport")
    kinds = str(value_of(carrier, "transport_types")[0] or "")
    cite = _cite(carrier, "transport_types", _ARMOR_TRANSPORT)
    if not isinstance(room, int | float) or room <= 0 or not kinds:
        why = f"{carrier.id} transports nothing: its Data Card gives no Transport capacity"
        return Carriage(False, f"{why} ({_ARMOR_CARD})")
    letter = _ARMOR_LETTER.get(passenger.category)
    if letter is None:
        why = f"{passenger.id} is not a Leg or Towed unit: only those are transported"
        return Carriage(False, f"{why} ({cite})")
    if letter not in kinds.replace(" ", "").split(","):
        what = "Leg" if letter == "L" else "Towed"
        why = f"{carrier.id} transports {kinds} units, not {what} ones like {passenger.id}"
        return Carriage(False, f"{why} ({cite})")
    note = f"capacity {room} SF is a placeholder: {placeholder}" if placeholder else ""
    return Carriage(True, note)


def _panzer_command_kind(carrier: UnitType) -> str | None:
    if value_of(carrier, "tank")[0] is True:
        return "tank"
    carries = value_of(carrier, "transport")[0]
    carries = carries if isinstance(carries, list) else []
    if "mech-infantry" in carries:
        return "spw"
    if "leg-infantry" in carries:
        return "truck"
    return None


def _panzer_command(carrier: UnitType, passenger: UnitType) -> Carriage:
    kind = _panzer_command_kind(carrier)
    if kind is None:
        why = f"{carrier.id} is not a transport: trucks, SPWs and tanks carry units"
        return Carriage(False, f"{why} ({_PC_TRANSPORT})")
    rides = value_of(passenger, "carried_by")[0]
    rides = rides if isinstance(rides, list) else []
    if kind not in rides:
        cite = _cite(passenger, "carried_by", _PC_TRANSPORT)
        by = " or ".join(rides) if rides else "nothing"
        why = f"{passenger.id} rides only on {by}; {carrier.id} is a {kind}"
        return Carriage(False, f"{why} ({cite})")
    return Carriage(True)


def over_capacity(
    system: GameSystem, carrier: UnitType, carriers: int, load: Iterable[tuple[UnitType, int]]
) -> str | None:
    """Why ``carriers`` units of ``carrier`` cannot take ``load`` (unit type, count) pairs
    at once, or None when they can or the book's data does not say."""
    load = list(load)
    if system is GameSystem.PANZER44:
        each = value_of(carrier, "transport_capacity")[0]
        room = (each if isinstance(each, int) else 1) * carriers
        riders = sum(n for _, n in load)
        if riders > room:
            return (
                f"{carriers} {carrier.id} carry {room} non-vehicle "
                f"unit{'s' if room != 1 else ''}, not {riders} ({_P44_CAPACITY})"
            )
    if system is GameSystem.ARMOR:
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
            cite = _cite(carrier, "transport_types", _ARMOR_TRANSPORT)
            return (
                f"{carriers} {carrier.id} transport {space:g} Stacking Factors, "
                f"not {need:g}{guessed} ({cite})"
            )
    return None


def mount(
    system: GameSystem,
    side: Side,
    rider: int,
    carrier: int,
    unit_of: Callable[[str], UnitType | None],
) -> Carriage:
    """May the side's entry ``rider`` ride on its entry ``carrier``, together with whatever
    already rides on it? ``unit_of`` resolves the side's unit codes (its counter pool)."""
    forces = side.forces
    passenger, carrying = forces[rider], forces[carrier]
    passenger_unit, carrier_unit = unit_of(passenger.unit), unit_of(carrying.unit)
    if passenger_unit is None or carrier_unit is None:
        return Carriage(True, "a unit is not in the catalogue: not checked", False)
    verdict = carriage(system, carrier_unit, passenger_unit)
    if not verdict.allowed or not verdict.checked:
        return verdict
    load = [(passenger_unit, passenger.count)]
    for i, entry in enumerate(forces):
        other = unit_of(entry.unit)
        if i != rider and carrying.label and entry.mounted_on == carrying.label and other:
            load.append((other, entry.count))
    problem = over_capacity(system, carrier_unit, carrying.count, load)
    return Carriage(False, problem) if problem else verdict
