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

A machinegun's own Opportunity Fire order [ADV IV.E.2] adds its mount where it is asked
(``asked: {..., mount: UH}``) or declined (``mg_declined: {us.M4.1: {UH: [german.PZIVJ.1]}}``);
the machineguns whose own orders have fired this Turn are listed by unit
(``mg_opportunity_used``, :func:`mounts_by_unit`). A Bazooka's, PIAT's ... own order "(B)N-"
[ADV IV.E.3] is kept the same way, by its letter code (``mount: B``).
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
    mount: str = ""  # a machinegun's own order [ADV IV.E.2]


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
    mg_declined: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
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
            mount=asked.mount,
        ),
        declined=declined,
        mg_declined=_mg_declined_of(ex),
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
        if asked.mount and _mount_known(state, asked.firer, asked.mount, (*path, "asked"), reader):
            ex.asked = Trigger(*_fields(ex.asked), mount=asked.mount)
    for firer, targets in found.declined.items():
        if reader.unit(firer, known, (*path, "declined", firer)):
            where = (*path, "declined", firer)
            ex.declined |= {(firer, t) for t in units(targets, known, where, reader)}
    for firer, by_mount in found.mg_declined.items():
        where = (*path, "mg_declined", firer)
        for mount, targets in by_mount.items():
            if reader.unit(firer, known, where) and _mount_known(
                state, firer, mount, where, reader
            ):
                got = units(targets, known, (*where, mount), reader)
                ex.mg_declined |= {(firer, mount, t) for t in got}
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


def _fields(t: Trigger) -> tuple[str, str, str, bool, bool]:
    return t.firer, t.target, t.where, t.crossing, t.tracking


def _mg_declined_of(ex: Execution) -> dict[str, dict[str, list[str]]]:
    found: dict[str, dict[str, list[str]]] = {}
    for firer, mount, target in sorted(ex.mg_declined):
        found.setdefault(firer, {}).setdefault(mount, []).append(target)
    return found


def _mount_known(
    state: ArmorState, unit: str, mount: str, path: PathKey, reader: PositionReader
) -> bool:
    """Whether ``mount`` is a machinegun on ``unit``'s card [Intro IV], or the Bazooka, PIAT
    ... the squad carries [ADV III.B] (a problem when not)."""
    from rules.armor import antitank

    if mount in antitank.CODES:  # a weapon's own Opportunity Fire order [ADV IV.E.3]
        launcher = antitank.weapon(state, unit)
        if launcher is not None and launcher.code == mount:
            return True
        reader.problem(path, f"{unit} carries no {antitank.WEAPONS[mount].name} [ADV III.B]")
        return False
    listed = state.game.units[unit].mg_locations
    if mount in listed:
        return True
    have = ", ".join(listed) or "none"
    reader.problem(path, f"{unit} has no {mount} machinegun (MG Locations: {have}) [Intro IV]")
    return False


def mounts_by_unit(used: set[tuple[str, str]]) -> dict[str, list[str]]:
    """The machineguns whose own Opportunity Fire orders fired this Turn [ADV IV.E.2], by unit,
    as a position file lists them."""
    found: dict[str, list[str]] = {}
    for unit, mount in sorted(used):
        found.setdefault(unit, []).append(mount)
    return found


def read_mounts(
    state: ArmorState, data: dict[str, list[str]], path: PathKey, reader: PositionReader
) -> set[tuple[str, str]]:
    """:func:`mounts_by_unit` read back; what does not fit the game goes to ``reader``."""
    found: set[tuple[str, str]] = set()
    for unit, listed in data.items():
        if reader.unit(unit, state.game.units, (*path, unit)):
            where = (*path, unit)
            found |= {(unit, m) for m in listed if _mount_known(state, unit, m, where, reader)}
    return found
