"""The players' choices waiting, in a Soldiers position file (:mod:`rules.soldiers.position`):
the suppressed men who stand up at the end of a Command Cycle (``stand_up``, step
``cycle-end`` [4]), a leaderless squad's reassignment (``attaching`` [6.27]), the chit a
squad's catastrophic loss removes (``losing`` [6.28]), the equipment a
destroy equipment action destroys (``turn.wrecking`` [9.5]) and the fire types of alert
reaction fire (``turn.fire_types`` [8.63]); each written from its record and read back
checked against the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from model.yamlio import PathKey
from rules.records.places import sides, units
from rules.records.position import PositionReader
from rules.soldiers.destroying import ITEMS
from rules.soldiers.reaction_choice import FIRE_TYPES
from rules.soldiers.records import (
    OFF,
    AttachChoice,
    ChitLossChoice,
    FireTypeChoice,
    StandUpChoice,
    WreckChoice,
)
from rules.soldiers.stand_up import PHASE

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame

PIECES = ITEMS  # the equipment a man destroys: weapon, grenades and his other kit [9.5]


class StandUpPosition(StrictModel):
    """The end of a Command Cycle waiting on the players' choice of the suppressed men who
    stand up [4]: the side choosing, his suppressed men not yet stood up, the sides after."""

    side: str
    men: list[str]
    later: list[str] = Field(default_factory=list)


class AttachingPosition(StrictModel):
    """A leaderless squad waiting on its owner's choice of the squad whose leaders order its
    men [6.27]: the squad, its side, the squads he may choose from."""

    squad: str
    side: str
    squads: list[str]


class LosingPosition(StrictModel):
    """A squad's catastrophic loss waiting on its owner's choice of the chit removed [6.28]:
    the squad, its side, the chits he may remove, the men disabled out of the squad's men."""

    squad: str
    side: str
    chits: list[str]
    lost: int
    whole: int


class WreckingPosition(StrictModel):
    """A destroy equipment action paid for and waiting on its player's choice [9.5]: the man
    destroying, his side, the equipment still to choose (``OTHER weapon``, ``OTHER
    grenades``) and what he destroyed so far."""

    man: str
    side: str
    items: list[str]
    chosen: list[str] = Field(default_factory=list)


class FireTypesPosition(StrictModel):
    """Reaction fire waiting on the reacting player's choice of its fire types [8.63]: the
    reacting side, the hex fired at, each shot's man and fire type (empty: to choose)."""

    side: str
    hex: str
    shots: list[tuple[str, str]]


# --- writing ------------------------------------------------------------------------------------


def write_stand_up(found: StandUpChoice | None) -> StandUpPosition | None:
    if found is None:
        return None
    return StandUpPosition(side=found.side, men=list(found.men), later=list(found.later))


def write_attaching(found: AttachChoice | None) -> AttachingPosition | None:
    if found is None:
        return None
    return AttachingPosition(squad=found.squad, side=found.side, squads=list(found.squads))


def write_losing(found: ChitLossChoice | None) -> LosingPosition | None:
    if found is None:
        return None
    return LosingPosition(
        squad=found.squad,
        side=found.side,
        chits=list(found.chits),
        lost=found.lost,
        whole=found.whole,
    )


def write_wrecking(found: WreckChoice | None) -> WreckingPosition | None:
    if found is None:
        return None
    return WreckingPosition(
        man=found.man, side=found.side, items=list(found.items), chosen=list(found.chosen)
    )


def write_fire_types(found: FireTypeChoice | None) -> FireTypesPosition | None:
    if found is None:
        return None
    return FireTypesPosition(side=found.side, hex=found.hex, shots=list(found.shots))


# --- reading ------------------------------------------------------------------------------------


def _side(game: SoldiersGame, side: str, path: PathKey, reader: PositionReader) -> None:
    if side not in game.sides:
        reader.problem(path, f"the scenario has no side '{side}'")


def read_stand_up(
    game: SoldiersGame, phase: str, found: StandUpPosition | None, reader: PositionReader
) -> StandUpChoice | None:
    """The players' choice of the suppressed men who stand up [4], checked against the game
    (whether the men are suppressed: :func:`check_stand_up`)."""
    path: PathKey = ("state", "stand_up")
    if (phase == PHASE) != (found is not None):
        reader.problem(path, f"the step {PHASE} has the choice of the men who stand up [4]")
    if found is None:
        return None
    _side(game, found.side, (*path, "side"), reader)
    men = tuple(units(found.men, game.men, (*path, "men"), reader))
    if not men or any(game.men[m].side != found.side for m in men):
        reader.problem((*path, "men"), "suppressed men of the side choosing [4]")
    later = sides(found.later, game.sides, (*path, "later"), reader)
    return StandUpChoice(found.side, men, tuple(later))


def check_stand_up(
    found: StandUpChoice | None, suppressed: set[str], reader: PositionReader
) -> None:
    """The men asked about are suppressed [4]."""
    if found is not None and not set(found.men) <= suppressed:
        reader.problem(("state", "stand_up", "men"), "men listed suppressed [4]")


def read_attaching(
    game: SoldiersGame, found: AttachingPosition | None, reader: PositionReader
) -> AttachChoice | None:
    """A leaderless squad's reassignment waiting [6.27], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "attaching")
    squads = {c.squad for c in game.chits.values()}
    if found.squad not in squads or not found.squads or not set(found.squads) <= squads:
        reader.problem(path, "squads of the game, by their ids [6.27]")
    _side(game, found.side, (*path, "side"), reader)
    return AttachChoice(found.squad, found.side, tuple(found.squads))


def read_losing(
    game: SoldiersGame, found: LosingPosition | None, reader: PositionReader
) -> ChitLossChoice | None:
    """A squad's chit to remove waiting [6.28], checked against the game (whether its chits
    are on the track: :func:`check_losing`)."""
    if found is None:
        return None
    path: PathKey = ("state", "losing")
    _side(game, found.side, (*path, "side"), reader)
    chits = [c for c in found.chits if c in game.chits]
    if len(chits) != len(found.chits) or len(chits) < 2:
        reader.problem((*path, "chits"), "two or more chits of the game, by their ids [6.28]")
    elif any(game.chits[c].squad != found.squad or game.chits[c].side != found.side for c in chits):
        reader.problem((*path, "chits"), f"chits of {found.squad}, of {found.side} [6.28]")
    if not 0 < found.lost <= found.whole:
        reader.problem(path, "the men disabled out of the squad's men (lost, whole) [6.28]")
    return ChitLossChoice(found.squad, found.side, tuple(chits), found.lost, found.whole)


def check_losing(
    found: ChitLossChoice | None, space: dict[str, str], reader: PositionReader
) -> None:
    """The chits offered are on the Command Track [6.28]."""
    if found is not None and any(space.get(c, OFF) == OFF for c in found.chits):
        reader.problem(("state", "losing", "chits"), "chits on the Command Track, not Off [6.28]")


def read_wrecking(
    game: SoldiersGame, found: WreckingPosition | None, reader: PositionReader
) -> WreckChoice | None:
    """A destroy equipment action waiting on its choice [9.5], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "wrecking")
    reader.unit(found.man, game.men, (*path, "man"))
    _side(game, found.side, (*path, "side"), reader)
    for key in ("items", "chosen"):
        for i, piece in enumerate(getattr(found, key)):
            words = piece.split()
            if len(words) != 2 or words[0] not in game.men or words[1] not in PIECES:
                reader.problem((*path, key, i), f"a man's id and one of {', '.join(PIECES)} [9.5]")
    if not found.items:
        reader.problem((*path, "items"), "the equipment still to choose [9.5]")
    return WreckChoice(found.man, found.side, tuple(found.items), tuple(found.chosen))


def read_fire_types(
    game: SoldiersGame, found: FireTypesPosition | None, reader: PositionReader
) -> FireTypeChoice | None:
    """Reaction fire waiting on its fire types [8.63], checked against the game."""
    if found is None:
        return None
    path: PathKey = ("state", "turn", "fire_types")
    _side(game, found.side, (*path, "side"), reader)
    at = reader.hex(found.hex, (*path, "hex"))
    shots = []
    for i, (man, how) in enumerate(found.shots):
        reader.unit(man, game.men, (*path, "shots", i))
        if how and how not in FIRE_TYPES:
            reader.problem((*path, "shots", i), "quick, aimed, sustained or '' (to choose) [8.63]")
        shots.append((man, how))
    if all(how for _, how in shots):
        reader.problem((*path, "shots"), "a man whose fire type is still to choose [8.63]")
    return FireTypeChoice(found.side, game.name(at) if at else found.hex, tuple(shots))
