"""Where the Movement Execution Phase stands, in a position file: a position taken while an
Opportunity Fire waits for its owner's word [AG VII.F] (:class:`rules.armor.records.Execution`)
written as data and read back; in the Overrun Phase also how far the moving unit's Overrun
Combat is (``overrun: first-fire``) [ADV VIII].

Each unit's movement so far is written with hex names and the book's direction numbers at each
hex (the facing at the end of a walk is its last hex's), the Speed Factors as fractions::

    movement:
      walks:
        german.PZIVJ.1: {start: J2108, facing: 4, spent: "2",
                         hexes: [{hex: J2008, facing: 4, cost: "1"}, ...]}
      mover: german.PZIVJ.1
      progress: 1
      asked: {firer: us.M4.1, target: german.PZIVJ.1, where: J1909}
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from model.yamlio import PathKey
from rules.armor.move import Walk
from rules.armor.records import Execution, Trigger
from rules.records.places import units
from rules.records.position import PositionReader

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


class WalkStep(StrictModel):
    """A hex entered: its name, the direction faced there and the SF it cost [AG VII]."""

    hex: str
    facing: int = Field(ge=1, le=6)
    cost: str


class WalkState(StrictModel):
    """A unit's movement this Turn as executed so far [AG VII] (:class:`rules.armor.move.Walk`):
    where it started, the direction it faces at the end (its last hex's), the hexes it entered,
    the SF spent (``other``: on anything but entering hexes), a Pivot, why it stopped and
    whether it left the map."""

    start: str
    facing: int = Field(ge=1, le=6)
    hexes: list[WalkStep] = Field(default_factory=list)
    spent: str = "0"
    other: str = "0"
    pivot: bool = False
    stopped: str | None = None
    off_map: bool = False


class AskedState(StrictModel):
    """An Opportunity Fire waiting for its owner's word [AG VII.F.3] (``tracking``: a Tracking
    Fire [OP XV])."""

    firer: str
    target: str
    where: str
    crossing: bool = False
    tracking: bool = False


class MovementState(StrictModel):
    """The Movement Execution Phase stopped for an Opportunity Fire's owner [AG VII.F]
    (:class:`rules.armor.records.Execution`)."""

    walks: dict[str, WalkState] = Field(default_factory=dict)
    executed: list[str] = Field(default_factory=list)
    mover: str | None = None
    progress: int = Field(default=0, ge=0)
    entered: bool = False
    asked: AskedState | None = None
    declined: dict[str, list[str]] = Field(default_factory=dict)
    overrun: str = ""  # the mover's Overrun Combat so far [ADV VIII] (records.Execution)


def movement_of(state: ArmorState) -> MovementState | None:
    """Where the Movement Execution Phase stands, None when it is not under way."""
    ex, game = state.execution, state.game
    if ex.snapshot() == {}:
        return None
    compass = game.amap.global_to_direction
    walks = {
        u: WalkState(
            start=game.name(w.start),
            facing=compass(w.hex, w.facing),
            hexes=[
                WalkStep(hex=game.name(h), facing=compass(h, f), cost=str(c)) for h, f, c in w.hexes
            ],
            spent=str(w.spent),
            other=str(w.other),
            pivot=w.pivot,
            stopped=w.stopped,
            off_map=w.off_map,
        )
        for u, w in sorted(ex.walks.items())
    }
    asked = ex.asked
    declined: dict[str, list[str]] = {}
    for firer, target in sorted(ex.declined):
        declined.setdefault(firer, []).append(target)
    return MovementState(
        walks=walks,
        executed=sorted(ex.executed),
        mover=ex.mover,
        progress=ex.progress,
        entered=ex.entered,
        asked=None
        if asked is None
        else AskedState(
            firer=asked.firer,
            target=asked.target,
            where=asked.where,
            crossing=asked.crossing,
            tracking=asked.tracking,
        ),
        declined=declined,
        overrun=ex.overrun,
    )


def read_movement(
    state: ArmorState, found: MovementState | None, reader: PositionReader
) -> Execution:
    """The Movement Execution Phase as the file says it stands; what does not fit the game goes
    to ``reader``."""
    ex = Execution()
    if found is None:
        return ex
    path: PathKey = ("state", "movement")
    known = state.game.units
    for unit, data in found.walks.items():
        if reader.unit(unit, known, (*path, "walks", unit)):
            w = _read_walk(state, data, (*path, "walks", unit), reader)
            if w is not None:
                ex.walks[unit] = w
    ex.executed = set(units(found.executed, known, (*path, "executed"), reader))
    if found.mover is not None and found.mover not in ex.walks:
        reader.problem((*path, "mover"), f"'{found.mover}' moves: its walk is listed (walks)")
    elif found.mover is not None:
        ex.mover, ex.progress, ex.entered = found.mover, found.progress, found.entered
        if found.progress >= len(ex.walks[found.mover].hexes):
            reader.problem((*path, "progress"), "fewer hexes behind it than its walk enters")
    asked = found.asked
    if asked is not None and all(
        reader.unit(u, known, (*path, "asked", k))
        for u, k in ((asked.firer, "firer"), (asked.target, "target"))
    ):
        ex.asked = Trigger(asked.firer, asked.target, asked.where, asked.crossing, asked.tracking)
    for firer, targets in found.declined.items():
        if reader.unit(firer, known, (*path, "declined", firer)):
            where = (*path, "declined", firer)
            ex.declined |= {(firer, t) for t in units(targets, known, where, reader)}
    if found.overrun not in ("", "first-fire", "simultaneous", "fought"):
        reader.problem((*path, "overrun"), "first-fire, simultaneous or fought [ADV VIII]")
    else:
        ex.overrun = found.overrun
    return ex


def _read_walk(
    state: ArmorState, data: WalkState, path: PathKey, reader: PositionReader
) -> Walk | None:
    amap = state.game.amap
    start = reader.hex(data.start, (*path, "start"))
    steps: list[tuple[Hex, int, Fraction]] = []
    for j, step in enumerate(data.hexes):
        h = reader.hex(step.hex, (*path, "hexes", j, "hex"))
        cost = _fraction(step.cost, (*path, "hexes", j, "cost"), reader)
        if h is not None and cost is not None:
            steps.append((h, amap.direction_to_global(h, step.facing), cost))
    spent = _fraction(data.spent, (*path, "spent"), reader)
    other = _fraction(data.other, (*path, "other"), reader)
    if start is None or spent is None or other is None:
        return None
    end = steps[-1][0] if steps else start
    facing = amap.direction_to_global(end, data.facing)
    return Walk(start, facing, steps, spent, other, data.pivot, data.stopped, data.off_map)


def _fraction(text: str, path: PathKey, reader: PositionReader) -> Fraction | None:
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        reader.problem(path, f"'{text}' is not a number of Speed Factors (3, 2/3)")
        return None
