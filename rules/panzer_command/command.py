"""Panzer Command's Regimental HQ, its Command Radius and In Command [§4.1; §4.3; §4.4].

- Each regiment's HQ is assigned to one of its units and moves with it [§4.1; §4.3]. The engine
  plays one regiment a side (its Regiment Action chits): the side's Regimental HQ entry of the
  scenario (a ``hq`` counter on the Regimental HQ Track) commands every counter of the side that
  is not independent. Standing in for the owner's secret choice [§4.1], the HQ goes to the
  side's first unit on the map at set-up, in printed-ID order (to the first waiting
  reinforcement when none is on the map). The engine does not keep the assignment secret.
- The HQ's space on the Regimental HQ Track is the side's ``settings.regimental_hq_space``; when
  the scenario sets none, our reading: the track's first space of the HQ type's default level.
  Its Command Radius is read there (the track's values are placeholders).
- A unit of the regiment is In Command when the hexes from the HQ's hex (excluded) to its own
  (included) are no more than the Command Radius, through enemy units and any terrain [§4.3];
  off the map, it is In Command while the HQ is off the map too [§4.4; §15.2]. Independent units
  are always In Command [§4.4]; our reading: so are the units of a side whose scenario gives no
  Regimental HQ.
- If the HQ's unit is eliminated, the regiment is Out of Command until the next Preparation
  Phase, when the HQ is reassigned to another of its units [§3.1 Preparation A; §4.3] (the
  engine plays no Close Assault, the one way an HQ is destroyed for good).
- Being Out of Command means a unit receives no Direct Command except in its side's Direct
  Command Segment [§4.4]: in a Regiment Action Segment it has its one Action only [§3.2].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.provenance import unwrap
from model.scenario import Scenario
from model.tables import Cell, tables
from rules.panzer_command.units import SYSTEM, cell

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

TRACK = "regimental-hq-track"


@dataclass(frozen=True)
class RegimentalHq:
    """A side's Regimental HQ: its counter type, its space on the track and its Command Radius
    there [§4.3]."""

    side: str
    type_id: str
    space: str
    radius: Cell

    @property
    def reach(self) -> int:
        return int(str(self.radius.value))


def _default_space(type_id: str) -> str:
    """Our reading: the track's first space of the HQ type's default level."""
    entry = unit_types(SYSTEM)[type_id]
    item = entry.values.get("default_level")
    level = str(unwrap(item)) if item is not None else "veteran"
    for row in tables(SYSTEM)[TRACK].rows:
        if str(cell(TRACK, str(row.key), "level").value) == level:
            return str(row.key)
    return str(tables(SYSTEM)[TRACK].rows[0].key)


def regimental_hqs(scenario: Scenario) -> dict[str, RegimentalHq]:
    """Each side's Regimental HQ, for the sides whose forces list one [§4.1]."""
    found: dict[str, RegimentalHq] = {}
    types = unit_types(SYSTEM)
    for side in scenario.sides:
        for entry in side.forces:
            unit = types.get(entry.unit)
            track = unit.values.get("track") if unit is not None else None
            if unit is None or unit.category != "hq" or track is None or unwrap(track) != TRACK:
                continue
            space = str(side.settings.get("regimental_hq_space") or _default_space(unit.id))
            found[side.id] = RegimentalHq(
                side.id, unit.id, space, cell(TRACK, space, "Command Radius")
            )
            break
    return found


def regiment(state: PcState, side: str) -> list[str]:
    """The units the side's Regimental HQ commands (all but independent ones), in printed-ID
    order."""
    return [u for u, spec in state.game.units.items() if spec.side == side and not spec.independent]


def first_holder(state: PcState, side: str) -> str | None:
    """The unit the HQ goes to: the regiment's first unit on the map, else its first waiting
    reinforcement (standing in for the owner's choice [§4.1])."""
    units = [u for u in regiment(state, side) if u not in state.troops.eliminated]
    on_map = [u for u in units if u in state.troops.hexes]
    found = on_map or [u for u in units if state.waiting(u)]
    return found[0] if found else None


def in_command(state: PcState, unit: str) -> bool:
    """Whether the unit is In Command now [§4.3; §4.4]."""
    return why_out_of_command(state, unit) is None


def why_out_of_command(state: PcState, unit: str) -> str | None:
    """Why the unit is Out of Command, or None when it is In Command [§4.3; §4.4]."""
    spec = state.game.units[unit]
    hq = state.game.hqs.get(spec.side)
    if spec.independent or hq is None:
        return None
    holder = state.troops.hq.get(spec.side)
    if holder is None:
        return "its Regimental HQ was lost with its unit and is reassigned next turn [§4.3]"
    at, base = state.troops.hexes.get(unit), state.troops.hexes.get(holder)
    if at is None or base is None:
        if at is None and base is None:
            return None  # off the map with its HQ [§4.4]
        if at is None:
            return "off the map while its Regimental HQ is on it [§4.4; §15.2]"
        return "its Regimental HQ is not on the map yet [§4.4]"
    reach = command_radius(state, spec.side)
    if at.distance(base) > reach:
        return (
            f"{at.distance(base)} hexes from its Regimental HQ, beyond the Command Radius "
            f"{reach} [§4.3]"
        )
    return None


def command_radius(state: PcState, side: str) -> int:
    """The side's Regimental HQ's Command Radius: at its space on the track [§4.3], rolled
    secretly under Hidden HQ Values [§22.3]."""
    from rules.panzer_command.intel import command_radius as rolled

    return rolled(state, side)
