"""Vehicles crossing Building hexsides [AG VII.E.2]: the Vehicle/Building Table [GC2], read on
the row of the vehicle's NM Close Assault Defense Factor.

The book: "Crossgrid the Vehicle unit's NM Close Assault Defense Factor with the type of
Building unit ... If the dice roll equals or is less than the listed number in a column, Track
or Gun Damage will occur" [AG VII.E.2.a]. The table's rows are that factor: the text prints
rows 1 and 2 and the key of row 3, its cells cut (``resources/armor/tables/vehicle-building.yaml``
fills row 3 by extrapolation and marks it; rows from 4 are lost). The Data Cards' factors are not
in the text either, so a card without one gets Hexwright's estimate from its armour, as the
designer made it: "The close assault defense is a factored average of the armour values"
[REF II]; see :func:`close_assault_defense`. Every check's event names the row read and what of
it is a placeholder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.cards import armour_basis, cell, table
from rules.armor.events import BuildingCheck
from rules.armor.units import ArmorUnit

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

TABLE = "vehicle-building"
ESTIMATE = (
    "the Data Card's NM Close Assault Defense is not in the text: Hexwright's estimate, 'a "
    "factored average of the armour values' [REF II]: the mean Armor Factor of the (placeholder) "
    "hull and turret front, side and rear and the top, divided by 5, rounded, at least 1"
)
CUT_ROWS = (
    "the table's rows from 4 are cut from the text: row {row}, the last with numbers, is read"
)
#: Where the hull and turret armour is read for the estimate (aspect, location).
_ARMOUR = (
    ("front", "UH"),
    ("side", "HS"),
    ("rear", "HR"),
    ("front", "TF"),
    ("side", "TS"),
    ("rear", "TR"),
    ("front", "TT"),
)


@dataclass(frozen=True)
class Defense:
    """A vehicle's NM Close Assault Defense Factor and, when it is not the card's, why."""

    value: int
    placeholder: str | None = None


def close_assault_defense(unit: ArmorUnit) -> Defense:
    """The NM Close Assault Defense Factor [Intro IV CLOSE ASSAULT DEFENSE]: the card's, else
    Hexwright's estimate from the armour [REF II] (see :data:`ESTIMATE`)."""
    if unit.ca_defense_nm is not None:
        return Defense(unit.ca_defense_nm)
    factors = [armour_basis(unit, aspect, 0, where) for aspect, where in _ARMOUR]
    mean = sum(factors) / len(factors)
    return Defense(max(1, round(mean / 5)), ESTIMATE)


def table_row(defense: int) -> tuple[int, str | None]:
    """The Vehicle/Building Table's row for a Close Assault Defense Factor [AG VII.E.2.a]: the
    factor itself, from 1 up to the last row with numbers (the rest are cut from the text)."""
    rows = [r.key for r in table(TABLE).rows if isinstance(r.key, int)]
    last = max(rows)
    if defense > last:
        return last, CUT_ROWS.format(row=last)
    return max(defense, min(rows)), None


def check(state: ArmorState, unit: str, previous: Hex, h: Hex, facing: int) -> str | None:
    """[AG VII.E.2]: a vehicle crossing a Building hexside, in or out, rolls for Track and Gun
    damage; with Track damage it stops "before" the Building (entering) or "inside" it
    (leaving) [AG VII.E.2.e]. Hexes of one large Building are crossed freely [AG VII.E.2.f],
    its Alley hexes included; an Alley hex alone is entered and left freely [OP XXVII.D.4]."""
    spec = state.game.units[unit]
    if not spec.vehicle:
        return None
    a, b = state.game.terrain.terrain(previous), state.game.terrain.terrain(h)
    building = next((t for t in (b, a) if t.endswith("-building")), None)
    if building is None or (_large(a) and _large(b)):
        return None
    kind = building.split("-")[0].title()
    side = f"{state.game.name(previous)}-{state.game.name(h)}"
    backwards = previous.neighbor(facing) != h  # a reverse move [AG VII.E.2.c]
    turret_back = state.troops.turret[unit] in (2, 3, 4)
    gun = "GN Rev" if backwards != turret_back else "GN Fwd"
    if _roll(state, unit, side, f"{kind} TK"):
        state.inflict(unit, "track")
        return "before" if b.endswith("building") else "inside"
    if _roll(state, unit, side, f"{kind} {gun}"):
        state.inflict(unit, "gun")
    return None


def _large(terrain: str) -> bool:
    """Part of a Large Building, crossed freely [AG VII.E.2.f]: a Building, or an Alley played
    as an Alley ("A large building could consist of adjacent Building and Alley units" [Setup
    II.C.2]; our reading of "All rules for Buildings apply" [OP XXVII.D])."""
    return terrain.endswith("building") or terrain == "alley"


def row_limit(state: ArmorState, unit: str, column: str) -> tuple[int, str, str | None]:
    """The number in ``column`` of the vehicle's row [AG VII.E.2.a], the rule naming the row,
    and what of it is a placeholder (None when nothing is)."""
    defense = close_assault_defense(state.game.units[unit])
    row, cut = table_row(defense.value)
    found = cell(TABLE, row, column)
    notes = "; ".join(n for n in (defense.placeholder, cut, found.placeholder) if n) or None
    rule = (
        f"[AG VII.E.2.a; GC2 Vehicle/Building Table, row {row}: NM Close Assault Defense "
        f"{defense.value}]"
    )
    return int(str(found.value)), rule, notes


def _roll(state: ArmorState, unit: str, hexside: str, column: str) -> bool:
    """One roll on the table, on the vehicle's row [AG VII.E.2.a]: damage on the number or
    less."""
    limit, rule, notes = row_limit(state, unit, column)
    roll = state.roll(f"Vehicle/Building {column} for {unit}", 100)
    state.emit(BuildingCheck(unit, hexside, column, roll, limit, roll <= limit, rule, notes))
    return roll <= limit
