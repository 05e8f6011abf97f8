"""Limited Intelligence [§22]: optional rules a scenario names in ``rules.options``.

- ``hidden-segments`` [§22.1]: the segment markers put in the cup and on the Game Turn Track,
  and the Dispatch Points spent and received, are secret: those events are private to their
  side and the cup's public count is not shown.
- ``hidden-direct-commands`` [§22.2]: the Direct Command totals and the Direct Command
  Segment's die roll are secret.
- ``hidden-hq-values`` [§22.3]: each HQ's space is rolled on a d10 within the level of the
  space the scenario names (re-rolled outside it), secretly.
- ``hidden-concentrations`` [§22.4]: a Concentration is recorded secretly and revealed the
  instant it modifies an attack of the Concentrated unit.
- ``hidden-units`` [§22.5] (:mod:`rules.panzer_command.hidden`): the Reaction player's units
  are off the Initiative player's map until sighted.
- ``limited-intelligence``: all of them but Hidden Units, as the compiler plays [§22 note].

A secret is an event ``private_to`` its side (:meth:`rules.engine.core.State.events_for`):
Test Play's hot seat shows each player only his own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.scenario import Scenario
from model.tables import Cell
from rules.engine.record import OMIT, Record, plain, state_field
from rules.panzer_command.units import cell

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

SEGMENTS = "hidden-segments"
COMMANDS = "hidden-direct-commands"
HQ_VALUES = "hidden-hq-values"
CONCENTRATIONS = "hidden-concentrations"
UNITS = "hidden-units"
LIMITED = "limited-intelligence"
#: Each option and its section.
OPTIONS = {
    SEGMENTS: "§22.1",
    COMMANDS: "§22.2",
    HQ_VALUES: "§22.3",
    CONCENTRATIONS: "§22.4",
    UNITS: "§22.5",
}
DIVISION_TRACK, REGIMENT_TRACK = "division-hq-track", "regimental-hq-track"
MAX_REROLLS = 100  # a level always holds a face of the d10; a guard all the same


def _unless_empty(value: object) -> object:
    return plain(value) if value else OMIT


@dataclass
class Intel(Record):
    """What Limited Intelligence keeps [§22]: each side's Division and Regimental HQ spaces
    when rolled secretly [§22.3], the units whose Concentration is still secret [§22.4], and
    the Reaction player's units on the map that are revealed [§22.5]."""

    division: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    regiment: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    secret_concentrations: set[str] = state_field(default_factory=set, encode=_unless_empty)
    revealed: set[str] = state_field(default_factory=set, encode=_unless_empty)


def options_of(scenario: Scenario) -> frozenset[str]:
    """The Limited Intelligence options the scenario plays (``limited-intelligence``: all but
    Hidden Units [§22 compiler's note])."""
    chosen = set(scenario.rules.options)
    if LIMITED in chosen:
        chosen |= {SEGMENTS, COMMANDS, HQ_VALUES, CONCENTRATIONS}
    return frozenset(o for o in OPTIONS if o in chosen)


def secret_to(state: PcState, side: str, option: str) -> str | None:
    """The side an event is private to under ``option``, or None (everyone sees it)."""
    return side if option in state.game.intel else None


def roll_hq_spaces(state: PcState) -> None:
    """[§22.3] "rolls one die separately for each HQ and places the marker in the space
    indicated by the roll in the same level ... Some die rolls will have to be re-rolled until
    a result in the correct range is rolled": the Division HQ, then the Regimental HQ, of each
    side, each kept secret."""
    from rules.panzer_command.actions import HqPlaced

    game = state.game
    for side in game.sides:
        named = str(game.settings[side].get("division_hq_space", "G"))
        space = _roll_in_level(state, side, DIVISION_TRACK, named)
        state.intel.division[side] = space
        why = f"rolled secretly within the level of space {named} [§22.3]"
        state.emit(HqPlaced(side, "Division", space, why, private_to=side))
        hq = game.hqs.get(side)
        if hq is None:
            continue
        space = _roll_in_level(state, side, REGIMENT_TRACK, hq.space)
        state.intel.regiment[side] = space
        radius = cell(REGIMENT_TRACK, space, "Command Radius").value
        why = f"rolled secretly within the level of space {hq.space}, Command Radius {radius}"
        state.emit(HqPlaced(side, "Regimental", space, f"{why} [§22.3]", private_to=side))


def _roll_in_level(state: PcState, side: str, track: str, named: str) -> str:
    """A space of ``track`` rolled on the d10 within the level of space ``named`` [§22.3]."""
    from model.tables import tables
    from rules.panzer_command.fire import d10
    from rules.panzer_command.units import SYSTEM

    level = cell(track, named, "level").value
    rows = {
        int(str(cell(track, str(r.key), "die roll").value)): str(r.key)
        for r in tables(SYSTEM)[track].rows
    }
    for _ in range(MAX_REROLLS):
        roll = d10(state, f"{side} HQ space on the {track} [§22.3]", private_to=side)
        space = rows.get(roll)
        if space is not None and cell(track, space, "level").value == level:
            return space
    return named


def division_rating(state: PcState, side: str, key: str) -> int:
    """The Division HQ's rating ``key`` at its space: the secretly rolled one under
    §22.3, else the scenario's [§4.2]."""
    space = state.intel.division.get(side)
    if space is None:
        return state.game.rating(side, key)
    column = {
        "direct_commands": "Direct Commands Rating",
        "initiative": "Initiative Rating",
        "troop_quality": "Troop Quality",
    }[key]
    return int(str(cell(DIVISION_TRACK, space, column).value))


def command_radius(state: PcState, side: str) -> int:
    """The Regimental HQ's Command Radius at its space [§4.3], rolled secretly under §22.3."""
    space = state.intel.regiment.get(side)
    if space is None:
        return state.game.hqs[side].reach
    found: Cell = cell(REGIMENT_TRACK, space, "Command Radius")
    return int(str(found.value))
