"""Vehicle options that change a unit's card values: German Armored Car Reverse Movement
[OP XX] (option ``armored-car-reverse``), Additional Vehicle Armor [OP XXI] (option
``additional-armor``) and Emergency Vehicle Speed [OP XXX] (option ``emergency-speed``).

Additional Vehicle Armor, the book: "A. All Vehicle units except Light and Medium Trucks and
Jeeps may add '2' to the Armor Basis (AB) at all angles to the Upper Hull (UH) and Lower Hull
(LH) only, by marking '+2 SB' in the Unit Identification Box ... B. All Vehicle units that have
this additional armor must subtract one Speed Factor from the Vehicle's movement on all odd
numbered Turns." The engine reads the mark from the force entry's ``state: [sandbags]`` (or
``"+2 SB"``).

Emergency Vehicle Speed, the book: "A. Emergency Speed is twice the Vehicle unit's normal Speed
Factor. The movement is plotted normally, using up to double the normal number of Speed
Factors. B. Before actually executing the movement, the player must consult the Emergency Speed
Table ... Crossgrid the Vehicle unit's weight (including Leg and/or Towed units being
Transported) with ... Tracked TK ... or Wheel TK ... If the dice roll equals or is less than
the listed number in the column, Track Damage occurs ... C. If Track Damage occurs, the Vehicle
unit does not move, but remains in its original hex." The engine offers every Vehicle movement
up to twice its Speed Factor; a movement spending more than the normal is Emergency Speed and
rolls when its execution begins (our reading: a movement within the normal Speed Factor is not
Emergency Speed and does not roll). The weights are the catalogue's estimates.

The book: "The German Armored Car SDKFZ 234/1 (Data Card 146) had dual controls, and could
move full speed in reverse as well as forward. If this Option is used, this type of Vehicle
unit may make forward and reverse movements at the same movement costs, and does not have to
expend twice the normal movement costs for reverse movement." The engine gives the units of
Data Card 146 a reverse move at the forward cost (:attr:`rules.armor.units.ArmorUnit.
reverse_factor`), in the orders offered, their cost and their execution alike.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.systems import GameSystem
from rules.armor import bogging
from rules.armor.cards import cell
from rules.armor.optional import EMERGENCY, REVERSE, SANDBAGS, card_value, in_use
from rules.armor.optional.events import TableRoll

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.units import ArmorUnit

#: The Data Card of the SDKFZ 234/1 [OP XX].
DUAL_CONTROLS_CARD = 146


def adjusted(game: ArmorGame, units: dict[str, ArmorUnit]) -> dict[str, ArmorUnit]:
    """The game's units with the options' card changes."""
    if not in_use(game, REVERSE):
        return units
    catalogue = unit_types(GameSystem.ARMOR)
    return {
        u: dataclasses.replace(spec, reverse_factor=1)
        if catalogue[spec.type_id].card == DUAL_CONTROLS_CARD
        else spec
        for u, spec in units.items()
    }


# --- Additional Vehicle Armor [OP XXI] and Emergency Vehicle Speed [OP XXX] ---------------------

#: The force entry ``state`` words that note "+2 SB" in the Unit Identification Box [OP XXI.A].
SANDBAG_MARKS = frozenset({"sandbags", "+2 SB", "+2-sb"})
#: Vehicles that may not add it: "except Light and Medium Trucks and Jeeps" [OP XXI.A] (our
#: reading: every truck).
NO_SANDBAGS = frozenset({"truck", "jeep"})
SANDBAG_ARMOUR = 2  # [OP XXI.A]
SANDBAG_LOCATIONS = ("UH", "LH")


def sandbagged(state: ArmorState, unit: str) -> bool:
    """Whether ``unit`` carries additional armor: the option, a Vehicle that may, its force
    entry marked ``sandbags`` ("+2 SB") [OP XXI.A]."""
    spec = state.game.units[unit]
    marks = state.game.deployment.marks.get(unit, ())
    return (
        in_use(state.game, SANDBAGS)
        and spec.vehicle
        and spec.category not in NO_SANDBAGS
        and any(m in SANDBAG_MARKS for m in marks)
    )


def extra_armour(state: ArmorState, unit: str, location: str) -> int:
    """The "2" added to the AB at all angles of the Upper and Lower Hull [OP XXI.A]."""
    return SANDBAG_ARMOUR if location in SANDBAG_LOCATIONS and sandbagged(state, unit) else 0


def normal_speed(state: ArmorState, unit: str) -> int:
    """The Speed Factor this Turn without Emergency Speed: one less on odd Turns with
    additional armor [OP XXI.B]."""
    spec = state.game.units[unit]
    less = 1 if state.play.turn % 2 and sandbagged(state, unit) else 0
    return max(0, spec.speed - less)


def speed_now(state: ArmorState, unit: str) -> int:
    """The Speed Factors a movement may spend this Turn: with Emergency Speed twice the
    normal [OP XXX.A] (our reading: twice the card's, less the additional armor's one on odd
    Turns [OP XXI.B]); a Leg unit's Speed is 1 in a Turn started in a Soft hex
    [OP XIII.A.4] (:func:`rules.armor.bogging.leg_speed`)."""
    spec = state.game.units[unit]
    if not spec.vehicle:
        return bogging.leg_speed(state, unit)
    if in_use(state.game, EMERGENCY):
        less = spec.speed - normal_speed(state, unit)
        return max(0, 2 * spec.speed - less)
    return normal_speed(state, unit)


def mover(state: ArmorState, unit: str) -> ArmorUnit:
    """The unit as its movement this Turn sees it (its Speed Factor as :func:`speed_now`)."""
    spec = state.game.units[unit]
    speed = speed_now(state, unit)
    return spec if speed == spec.speed else dataclasses.replace(spec, speed=speed)


def emergency_weight(state: ArmorState, unit: str) -> tuple[float, str]:
    """The Vehicle's weight with the Leg and Towed units it transports [OP XXX.B.1], and what
    it rests on (the catalogue's weights are estimates)."""
    spec = state.game.units[unit]
    total = _weight(spec.type_id)
    riders = state.passengers(unit)
    for rider in riders:
        total += _weight(state.game.units[rider].type_id)
    carried = f" with {', '.join(riders)}" if riders else ""
    return total, f"{spec.name}{carried}: {total:g} tons (catalogue weights, placeholders)"


def _weight(type_id: str) -> float:
    value = card_value(type_id, "weight")
    return float(value) if isinstance(value, int | float) else 0.0


def emergency_row(weight: float) -> str:
    """The Emergency Speed Table's weight row [GC2]: "0-10", "10+-20" ... "60+"."""
    if weight > 60:
        return "60+"
    if weight <= 10:
        return "0-10"
    top = int(-(-weight // 10)) * 10
    return f"{top - 10}+-{top}"


def emergency_check(state: ArmorState, unit: str, spent: float) -> bool:
    """Before a movement spending more than the normal Speed Factor is executed, the
    Emergency Speed Table [OP XXX.B]: a roll at or under the Tracked TK (fully tracked) or
    Wheel TK (wheeled and half-tracked) number of its weight is Track Damage, and the Vehicle
    stays in its hex [XXX.B.2; C]. True when it may move."""
    if not in_use(state.game, EMERGENCY) or spent <= normal_speed(state, unit):
        return True
    spec = state.game.units[unit]
    weight, why = emergency_weight(state, unit)
    row = emergency_row(weight)
    column = "Tracked TK" if spec.category == "tracked" else "Wheel TK"
    limit = int(str(cell("emergency-speed", row, column).value))
    roll = state.roll(f"Emergency Speed of {unit}", 100)
    damaged = roll <= limit
    outcome = "Track Damage: it stays in its hex" if damaged else "no damage"
    reads = f"{why}, row {row}, {column} {limit:02d} or less"
    state.emit(TableRoll("Emergency Speed", unit, reads, roll, outcome, "[OP XXX.B-C]"))
    return not damaged
