"""Panzer Command: exiting the map [§5.3].

"A unit cannot voluntarily exit the map unless allowed to by specific instructions in the
scenario being played. An exiting unit pays Movement Points as if it were entering another hex
of the same type as its exit hex. The road or track cost is used if the unit exits via such a
hexside" [§5.3].

- Where a scenario allows it: a side's ``exit-allowed`` special rules (their region's edge
  hexes, from their turn, for the units their filter names) and its ``exit`` victory
  conditions (their region's edge hexes, from the start).
- A move that exits ends with ``off`` (``move german.de-pz4.1 0102 0101 off``); the step off
  the map costs what entering a hex of the exit hex's terrain across its edge hexside costs,
  the cheapest such hexside (so a road or track crossing the edge is used) (our reading of
  "as if it were entering another hex of the same type"). Leaving the exit hex is leaving a
  hex: the enemy may answer with Opportunity Fire first [§8.1]; a unit Suppressed or destroyed
  by it stays.
- An exited unit never returns; its passengers on a tank leave with it [§13.3]; it is no loss
  of Steps. The victory conditions of kind ``exit`` count the side's units that left through
  their region (:mod:`rules.panzer_command.victory`).
- Our reading: the Regimental HQ of a unit that exits leaves with it and is reassigned in the
  next Preparation Phase [§3.1 A; §4.3].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.victory import AllConditions, AnyCondition, Condition, Exit, ExitAllowed, UnitFilter

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState
    from rules.panzer_command.units import PcUnit

#: The last word of a move that leaves the map [§5.3].
OFF = "OFF"


@dataclass(frozen=True)
class ExitZone:
    """Edge hexes a side's units may leave the map from, from ``turn``, those of ``units``."""

    side: str
    hexes: frozenset[Hex]
    turn: int
    units: UnitFilter


def read_exits(game: PanzerCommandGame) -> tuple[ExitZone, ...]:
    """The scenario's exits: its ``exit-allowed`` rules and ``exit`` victory conditions."""
    hexes = game.amap.hexes
    edge = frozenset(h for h in hexes if any(n not in hexes for n in h.neighbors()))
    found: list[ExitZone] = []

    def visit(cond: Condition) -> None:
        if isinstance(cond, Exit):
            zone = game.region(cond.region) & edge
            found.append(ExitZone(cond.side, frozenset(zone), game.first_turn, cond.units))
        elif isinstance(cond, AllConditions | AnyCondition):
            for sub in cond.conditions:
                visit(sub)

    for cond in game.scenario.victory.conditions:
        visit(cond)
    for rule in game.scenario.special_rules:
        if isinstance(rule, ExitAllowed):
            turn = rule.from_turn or game.first_turn
            found.append(
                ExitZone(rule.side, frozenset(game.region(rule.region) & edge), turn, rule.units)
            )
    return tuple(found)


def matches(spec: PcUnit, units: UnitFilter) -> bool:
    """Whether a unit is of the filter's types and categories (empty: any)."""
    if units.types and spec.type_id not in units.types:
        return False
    if spec.type_id in units.exclude_types:
        return False
    return not units.categories or spec.category in units.categories


def exit_hexes(state: PcState, unit: str) -> frozenset[Hex]:
    """The hexes the unit may leave the map from now [§5.3]."""
    spec = state.game.units[unit]
    found: set[Hex] = set()
    for zone in state.game.exits:
        if zone.side == spec.side and state.play.turn >= zone.turn and matches(spec, zone.units):
            found |= zone.hexes
    return frozenset(found)


def why_not_exit(state: PcState, unit: str, at: Hex) -> str | None:
    """Why the unit may not leave the map from ``at``, or None [§5.3]."""
    if at not in exit_hexes(state, unit):
        return (
            f"{state.game.name(at)} is no hex the scenario lets {unit} leave the map from: no "
            "unit exits unless the scenario allows it [§5.3]"
        )
    return None


def off_map_cost(state: PcState, unit: str, at: Hex) -> float | None:
    """The step off the map: entering a hex of ``at``'s terrain across its edge hexside, the
    cheapest (a road or track crossing the edge) [§5.3]; None where prohibited."""
    from rules.panzer_command.reinforcements import terrain_cost

    return terrain_cost(state, unit, at)


def leave_map(state: PcState, unit: str, at: str) -> None:
    """The unit (and a tank's passengers) leaves the map from ``at`` for good [§5.3]."""
    from rules.panzer_command.transport import riders

    for u in [*riders(state, unit), unit]:
        state.support.exited[u] = at
        state.take_off(u, f"exits the map from {at}: it never returns, no loss", "[§5.3]")
