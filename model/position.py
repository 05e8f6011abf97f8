"""A position file: a game in progress as data (chess's FEN, OpenSpiel's serialized state).

A position names its scenario and says where play is, where each unit stands and in what state
(in the system's own terms: disrupted, damaged, suppressed, its plotted orders where they are
public), the markers on the map, the dice, and the rest of the system's state in a section of
its own (``state``, whose shape each system's rules give: :mod:`rules.records.position`)::

    schema_version: 1
    scenario: ../scenarios/panzer44/19.7-assault-on-fort-driant.yaml
    scenario_id: "19.7"
    system: panzer44
    rules_version: panzer44-0.1
    seed: 7
    turn: 2
    step: plot
    units:
      - {id: us.M4.1, hex: "1215", status: [pinned]}
      - {id: german.Inf.2, hex: "1412", carried_by: german.SPW.1}
    markers:
      - {kind: wreck, hex: "1316", unit: us.M4.3}

Loading a position and playing on gives the same game as the one it was written from
(:meth:`rules.engine.core.State.to_position`). Files are versioned like scenarios; a newer
version is refused with a clear message.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from model.base import StrictModel
from model.systems import GameSystem

POSITION_SCHEMA_VERSION = 1
#: The most draws a position's dice may have made: reading one draws them again from the seed
#: (a second per few million), and a long game draws tens of thousands.
MAX_DRAWS = 5_000_000
#: The most faces a forced die result may have: no die (nor draw from a cup of chits) of these
#: games has more, so a result above it is a face of none.
MAX_FACES = 1000
#: The most forced results queued at once (a worked example forces a few dozen).
MAX_FORCED = 1000


class UnitPlace(StrictModel):
    """One unit in a position.

    Attributes:
        id: the unit's game id (``us.M4.1``), as actions name it.
        hex: the printed name of its hex; None when it is off the map (not yet entered,
            exited, eliminated: ``status`` says which).
        facing: the book's direction number it faces, where the system has facings.
        status: its states in the system's words (``pinned``, ``disrupted``, ``suppressed``,
            ``gun-hit``, ``eliminated``...), in order.
        carried_by: the unit carrying it, if it rides on one.
        values: numbers the system keeps per unit (steps left, Action Points...).
    """

    id: str
    hex: str | None = None
    facing: int | None = None
    status: list[str] = Field(default_factory=list)
    carried_by: str | None = None
    values: dict[str, int | float | str | bool] = Field(default_factory=dict)


class Marker(StrictModel):
    """A marker on the map: a wreck, an Improved Position, a known minefield, smoke."""

    kind: str
    hex: str
    side: str | None = None
    unit: str | None = None


class GamePosition(StrictModel):
    """A game in progress: where play is, the units and markers, the dice and the system's
    state.

    Attributes:
        scenario: the scenario file, relative to the position file or absolute.
        scenario_id: the scenario's id, checked against the file.
        system: the game system.
        rules_version: the rules version the position was written by.
        seed: the game's seed (it seeds the dice).
        draws: how many times the dice's generator has been drawn from since the seed.
        forced: die results forced and not yet used.
        turn: the turn (Game-Turn, Command Cycle) now.
        step: where in the turn, by the system's id for it (a segment, a phase).
        to_act: the sides that decide now.
        units: every unit of the scenario, on the map or off it.
        markers: the markers on the map.
        orders: each side's orders plotted so far (action texts). The file is the whole game
            (bug reports, test set-ups): a system whose plots are secret in play writes every
            side's (Panzer '44's do).
        state: the rest of the system's state, in its own terms.
        purchases: how each point-buy side got its forces, as replays write it
            (``german=balanced:3``, ``allied=sample:NAME``): reading the position buys them
            again the same, so a game whose forces were bought reads back.
        notes: anything the writer wants to say (a bug report's words).
    """

    schema_version: int = POSITION_SCHEMA_VERSION
    scenario: str
    scenario_id: str
    system: GameSystem
    rules_version: str
    seed: int = Field(default=0, ge=0, le=2**63 - 1)
    draws: int = Field(default=0, ge=0, le=MAX_DRAWS)
    forced: list[Annotated[int, Field(ge=1, le=MAX_FACES)]] = Field(
        default_factory=list, max_length=MAX_FORCED
    )
    turn: int
    step: str
    to_act: list[str] = Field(default_factory=list)
    units: list[UnitPlace] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    orders: dict[str, list[str]] = Field(default_factory=dict)
    state: dict[str, Any] = Field(default_factory=dict)
    purchases: list[str] = Field(default_factory=list)
    notes: str = ""
