"""The smoke markers a smoke grenade leaves [12.5; 12.51; 12.53], kept by the state and read
by sight, fire and the hex's category (:mod:`rules.soldiers.scenario_events`); the grenades and
actions are :mod:`rules.soldiers.smoke`'s. A leaf module: sight reads it without importing the
actions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.hexes import Hex
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty: a game without smoke keeps its fingerprint."""
    return plain(value) if value else OMIT


def _unless_none(value: Any) -> Any:
    return plain(value) if value is not None else OMIT


@dataclass
class Smoke(Record):
    """The smoke on the map [12.5]: the wind's direction once rolled (0-5, north clockwise),
    the smoke markers outside (``outside``) and inside buildings and pillboxes (``inside``), by
    printed name, and the smoke grenades each man has thrown."""

    wind: int | None = state_field(default=None, encode=_unless_none, key="smoke_wind")
    outside: set[str] = state_field(default_factory=set, encode=_unless_empty, key="smoke_outside")
    inside: set[str] = state_field(default_factory=set, encode=_unless_empty, key="smoke_inside")
    thrown: dict[str, int] = state_field(
        default_factory=dict, encode=_unless_empty, key="smoke_thrown"
    )


def outside(state: SoldiersState, h: Hex) -> bool:
    """A smoke marker outside a building or pillbox in ``h`` [12.51]."""
    found = getattr(state, "smoke", None)
    if found is None or not found.outside or h not in state.game.amap.hexes:
        return False  # off the map (a line along the map's edge): no marker
    return state.game.name(h) in found.outside


def any_outside(state: SoldiersState) -> bool:
    found = getattr(state, "smoke", None)
    return found is not None and bool(found.outside)


def inside(state: SoldiersState, h: Hex) -> bool:
    """Smoke inside the building or pillbox ``h`` [12.53]."""
    found = getattr(state, "smoke", None)
    if found is None or not found.inside or h not in state.game.amap.hexes:
        return False
    return state.game.name(h) in found.inside


def blinded(state: SoldiersState, a: Hex) -> bool:
    """Men in a building or pillbox hex with smoke inside do not see out [12.53]."""
    return inside(state, a)
