"""Panzer Command minefields [§17].

- Placement [§17.1]: a side's minefields are its secret record, one a hex, each with an Attack
  Strength. A scenario writes them in the owning side's settings, ``minefields: "0805:3 0806:2"``
  (hex:strength; our reading of "recorded on paper"). They stay for the game: entering units
  and combat never remove them (engineers' Clear Mines [§16.4] is not played). Our reading: Test
  Play does not hide them from the other side (Limited Intelligence [§22] is not played).
- A minefield has no effect on its owner's units [§17.2 note]. An enemy unit that enters it with
  the Move Action, or advancing after a Close Assault, stops there and is attacked: the owner
  rolls a d10 at or under the Strength, no modifiers, and the unit is Suppressed, treated as any
  other Suppression [§11.1; §17.2]. A unit that Close Assaults a unit in its own minefield is
  attacked each Round, the result applied with the Round's [§17.2].
- Exiting an enemy minefield hex costs 1 MP more for leg units, 3 for tracked and 6 for
  motorized ones; a unit without enough Movement Points may move one hex by spending all of
  them [§17.3].
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import Scenario
from rules.panzer_command.actions import UnitHit
from rules.panzer_command.units import cell

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: The Minefield Exit table's rows by movement class [§17.3].
EXIT_ROWS = {
    "leg": "Leg Infantry",
    "tracked": "Tracked Vehicles",
    "motorized": "Motorized Vehicles",
}
_FIELD = re.compile(r"^([0-9A-Za-z/]+):([0-9])$")


def read_minefields(scenario: Scenario, by_name: dict[str, Hex]) -> dict[Hex, tuple[str, int]]:
    """Each minefield's hex, its owner and its Strength, from the sides' settings [§17.1]."""
    found: dict[Hex, tuple[str, int]] = {}
    for side in scenario.sides:
        text = str(side.settings.get("minefields", ""))
        for item in text.replace(",", " ").split():
            match = _FIELD.match(item)
            h = by_name.get(match.group(1).upper()) if match else None
            if match is None or h is None:
                from rules.engine.errors import UnsupportedGameError

                raise UnsupportedGameError(
                    f"{side.id}: settings.minefields '{item}': write HEX:STRENGTH [§17.1]"
                )
            found.setdefault(h, (side.id, int(match.group(2))))  # one a hex [§17.1]
    return found


def enemy_strength(state: PcState, unit: str, h: Hex) -> int | None:
    """The Strength of an enemy minefield in ``h`` for the unit, None if there is none [§17.2]."""
    field = state.game.minefields.get(h)
    if field is None or field[0] == state.game.units[unit].side:
        return None
    return field[1]


def exit_cost(state: PcState, unit: str, movement_class: str, frm: Hex) -> float:
    """The Movement Points more that leaving an enemy minefield in ``frm`` costs [§17.3]."""
    if enemy_strength(state, unit, frm) is None or movement_class not in EXIT_ROWS:
        return 0.0
    return float(
        str(cell("minefield-exit", EXIT_ROWS[movement_class], "additional MP to exit").value)
    )


def mine_attack(state: PcState, unit: str, why: str) -> None:
    """A minefield attack on the unit in its hex [§17.2]: Suppressed on a d10 at or under the
    Strength (applied as any Suppression [§11.1])."""
    from rules.panzer_command.fire import apply_result, d10

    strength = enemy_strength(state, unit, state.troops.hexes[unit])
    if strength is None:
        return
    roll = d10(state, f"minefield attack on {unit} ({why}) [§17.2]")
    if roll > strength:
        state.emit(UnitHit(unit, f"the minefield attack fails (rolled {roll})", "[§17.2]"))
        return
    state.emit(UnitHit(unit, f"the minefield attack succeeds (rolled {roll})", "[§17.2]"))
    apply_result(state, unit, "S")


def mine_roll(state: PcState, unit: str) -> bool:
    """A Close Assault Round's minefield attack on the assaulting unit, its result left to
    apply with the Round's [§17.2]; whether it succeeds."""
    from rules.panzer_command.fire import d10

    a = state.assaulting
    field = state.game.minefields.get(state.game.by_name[a.hex])
    if field is None or field[0] == state.game.units[unit].side:
        return False
    roll = d10(state, f"minefield attack on {unit}, assaulting {a.hex} [§17.2]")
    hit = roll <= field[1]
    state.emit(UnitHit(unit, f"Round minefield attack: {'S' if hit else 'no effect'}", "[§17.2]"))
    return hit
