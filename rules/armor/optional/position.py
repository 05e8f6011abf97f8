"""The Optional Rules' state in a position file (:mod:`rules.armor.position`): the Fires, the
GP fire at Building hexes this Turn, the Buildings to check for collapse and the Destroyed
hexes [OP XI; OP XVIII], by the hexes' board names; a Half Squad is a unit status
(``half-squad`` [OP XII])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from rules.armor.optional.records import Blazes

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.records.position import PositionReader

HALF_SQUAD = "half-squad"


class BlazesState(StrictModel):
    """:class:`rules.armor.optional.records.Blazes` by hex names."""

    fires: dict[str, int] = Field(default_factory=dict)
    gp_at: dict[str, int] = Field(default_factory=dict)
    flamed: list[str] = Field(default_factory=list)
    struck: list[str] = Field(default_factory=list)
    destroyed: list[str] = Field(default_factory=list)


def blazes_of(state: ArmorState) -> BlazesState | None:
    kept, name = state.blazes, state.game.name
    if kept.snapshot() == {}:
        return None
    return BlazesState(
        fires={name(h): t for h, t in sorted(kept.fires.items())},
        gp_at={name(h): f for h, f in sorted(kept.gp_at.items())},
        flamed=[name(h) for h in sorted(kept.flamed)],
        struck=[name(h) for h in sorted(kept.struck)],
        destroyed=[name(h) for h in sorted(kept.destroyed)],
    )


def read_blazes(game: ArmorGame, kept: BlazesState | None, reader: PositionReader) -> Blazes:
    found = Blazes()
    if kept is None:
        return found
    path = ("state", "blazes")

    def hexes(names: list[str] | dict[str, int], key: str) -> list[tuple[str, Hex]]:
        got = ((n, reader.hex(n, (*path, key, n))) for n in names)
        return [(n, h) for n, h in got if h is not None]

    found.fires = {h: kept.fires[n] for n, h in hexes(kept.fires, "fires")}
    found.gp_at = {h: kept.gp_at[n] for n, h in hexes(kept.gp_at, "gp_at")}
    found.flamed = {h for _, h in hexes(kept.flamed, "flamed")}
    found.struck = {h for _, h in hexes(kept.struck, "struck")}
    found.destroyed = {h for _, h in hexes(kept.destroyed, "destroyed")}
    return found
