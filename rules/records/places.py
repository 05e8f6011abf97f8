"""What every system's reading of a position file checks the same way: the units listed once
each and all of them, statuses among the system's words, sides and unit ids that exist, and the
typed ``state`` section. Each problem goes to the :class:`~rules.records.position.PositionReader`,
located in the file.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TypeVar

from pydantic import BaseModel

from model.errors import did_you_mean
from model.position import GamePosition, UnitPlace
from model.yamlio import PathKey
from rules.records.position import PositionReader

Shape = TypeVar("Shape", bound=BaseModel)


def state_section(position: GamePosition, shape: type[Shape]) -> Shape:
    """The position's ``state`` section as the game's model (a file read by
    :func:`~rules.records.position.read_position` has it typed already; a position made in
    memory has it as plain data)."""
    found = position.state
    if isinstance(found, shape):
        return found
    return shape.model_validate(found)


def listed_units(
    position: GamePosition, known: Collection[str], reader: PositionReader
) -> Iterator[tuple[PathKey, UnitPlace]]:
    """Each unit of the file with its path, unknown and repeated ones reported and left out;
    then every unit of the game the file leaves out is reported."""
    seen: set[str] = set()
    for i, place in enumerate(position.units):
        path: PathKey = ("units", i)
        if not reader.unit(place.id, known, (*path, "id")):
            continue
        if place.id in seen:
            reader.problem((*path, "id"), f"'{place.id}' is listed twice")
            continue
        seen.add(place.id)
        yield path, place
    for unit in known:
        if unit not in seen:
            reader.problem(
                ("units",),
                f"unit '{unit}' is not listed: every unit of the scenario is, on the map or off it",
            )


def statuses(
    place: UnitPlace, path: PathKey, words: tuple[str, ...], system: str, reader: PositionReader
) -> list[str]:
    """The unit's statuses that are among the system's ``words``, each once (the others
    reported)."""
    for j, word in enumerate(place.status):
        if word not in words:
            reader.problem(
                (*path, "status", j),
                f"no status '{word}' in {system} (one of {', '.join(words)})",
                did_you_mean(word, words),
            )
        elif word in place.status[:j]:
            reader.problem((*path, "status", j), f"'{word}' is listed twice")
    return list(dict.fromkeys(w for w in place.status if w in words))


def known_values(
    place: UnitPlace, path: PathKey, names: tuple[str, ...], system: str, reader: PositionReader
) -> None:
    """Report each value of the unit that the system does not keep."""
    for key in place.values:
        if key not in names:
            reader.problem(
                (*path, "values", key),
                f"no value '{key}' of a {system} unit ({', '.join(names)})",
                did_you_mean(key, names),
            )


def whole(value: object, low: int, high: int | None = None) -> int | None:
    """``value`` when it is a whole number from ``low`` (to ``high``), else None."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        return None
    return value if high is None or value <= high else None


def sides(
    names: list[str], known: tuple[str, ...], path: PathKey, reader: PositionReader
) -> list[str]:
    """The names that are sides of the game (the others reported)."""
    found = []
    for i, side in enumerate(names):
        if side in known:
            found.append(side)
        else:
            hint = did_you_mean(side, known)
            reader.problem((*path, i), f"the scenario has no side '{side}'", hint)
    return found


def units(
    names: list[str], known: Collection[str], path: PathKey, reader: PositionReader
) -> list[str]:
    """The names that are units of the game, each once (the others reported)."""
    found: dict[str, None] = {}
    for i, u in enumerate(names):
        if u in found:
            reader.problem((*path, i), f"'{u}' is listed twice")
        elif reader.unit(u, known, (*path, i)):
            found[u] = None
    return list(found)
