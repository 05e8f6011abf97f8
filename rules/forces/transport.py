"""Who may carry whom at the start: the book's transport rules read from the unit catalogue.

Each game writes transport differently in its catalogue (``resources/<system>/units.yaml``),
so each system's :class:`~rules.forces.rules.ForceRules` reads it (``rules/<system>/forces.py``):
Panzer '44's carriers [9.5]-[9.12], Armor's Data Card transport [ADV IV.B.1.b], Panzer
Command's trucks, SPWs and tanks [§13.2-13.3]; Soldiers has no transport data, so anything is
allowed and :attr:`Carriage.checked` says so.

Why here and not in the editor: the Order of Battle panel, the checks and the engines must agree
on what a carrier can carry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from model.catalog import UnitType
from model.scenario import Side
from model.systems import GameSystem
from rules.forces.units import value_of
from rules.registry import rules_for


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


def cite(unit: UnitType, key: str, default: str) -> str:
    """Where a unit's catalogue value comes from, else the book's section ``default``."""
    source = value_of(unit, key)[1]
    return source or default


def carriage(system: GameSystem, carrier: UnitType, passenger: UnitType) -> Carriage:
    """May a unit of type ``carrier`` carry one of type ``passenger``, by the book?"""
    return rules_for(system).forces.carriage(carrier, passenger)


def over_capacity(
    system: GameSystem, carrier: UnitType, carriers: int, load: Iterable[tuple[UnitType, int]]
) -> str | None:
    """Why ``carriers`` units of ``carrier`` cannot take ``load`` (unit type, count) pairs
    at once, or None when they can or the book's data does not say."""
    return rules_for(system).forces.over_capacity(carrier, carriers, list(load))


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
