"""Vehicle options that change a unit's card values for the game: German Armored Car Reverse
Movement [OP XX] (option ``armored-car-reverse``).

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
from rules.armor.optional import REVERSE, in_use

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame
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
