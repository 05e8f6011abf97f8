"""The Optional Rules' state in a position file (:mod:`rules.armor.position`): the Fires, the
GP fire at Building hexes this Turn, the Buildings to check for collapse and the Destroyed
hexes [OP XI; OP XVIII] and the Hasty Entrenchments [OP XXXII.C], by the hexes' board names;
a Half Squad (``half-squad`` [OP XII]) and a unit under a Full Cover unit (``full-cover``
[ADV IV.C]) are unit statuses, the Turns of a Hasty Entrenchment dug a unit value
(``entrenching_turns`` [OP XXXII.B])."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from rules.armor.optional.records import Blazes, Cover, Intel, Supply

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.records.position import PositionReader

HALF_SQUAD = "half-squad"
#: A unit under a Full Cover unit [ADV IV.C.2].
FULL_COVER = "full-cover"


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


def write_cover(
    state: ArmorState, unit: str, status: list[str], values: dict[str, int | float | str | bool]
) -> None:
    """A unit's Full Cover status and Hasty Entrenchment Turns [ADV IV.C; OP XXXII.B]."""
    if unit in state.cover.covered:
        status.append(FULL_COVER)
    if unit in state.cover.digging:
        values["entrenching_turns"] = state.cover.digging[unit]


def read_cover(game: ArmorGame, entrenchments: list[str], reader: PositionReader) -> Cover:
    """The Hasty Entrenchment hexes of a position file [OP XXXII.C]; the units' Full Cover and
    digging come with the units."""
    found = Cover()
    for name in entrenchments:
        h = reader.hex(name, ("state", "entrenchments", name))
        if h is not None:
            found.entrenched.add(h)
    return found


class SupplyState(StrictModel):
    """:class:`rules.armor.optional.records.Supply` by unit ids [OP XXIV; OP XXIII]."""

    ammo: dict[str, int] = Field(default_factory=dict)
    spent: dict[str, int] = Field(default_factory=dict)
    fuel: dict[str, int] = Field(default_factory=dict)
    apcr: dict[str, int] = Field(default_factory=dict)
    by_type: dict[str, dict[str, int]] = Field(default_factory=dict)  # [OP XXIV.B]


def supply_of(state: ArmorState) -> SupplyState | None:
    kept = state.supply
    if kept.snapshot() == {}:
        return None
    return SupplyState(
        ammo=dict(sorted(kept.ammo.items())),
        spent=dict(sorted(kept.spent.items())),
        fuel=dict(sorted(kept.fuel.items())),
        apcr=dict(sorted(kept.apcr.items())),
        by_type={u: dict(sorted(n.items())) for u, n in sorted(kept.by_type.items())},
    )


def read_supply(game: ArmorGame, kept: SupplyState | None, reader: PositionReader) -> Supply:
    found = Supply()
    if kept is None:
        return found
    for key in ("ammo", "spent", "fuel", "apcr"):
        given: dict[str, int] = getattr(kept, key)
        known = {
            u: n for u, n in given.items() if reader.unit(u, game.units, ("state", "supply", key))
        }
        setattr(found, key, known)
    found.by_type = {
        u: dict(n)
        for u, n in kept.by_type.items()
        if reader.unit(u, game.units, ("state", "supply", "by_type"))
    }
    return found


class HeardState(StrictModel):
    """One heard mark [OP X.D.3]: what was heard, ``vehicle`` or ``leg``, and where."""

    what: Literal["vehicle", "leg"]
    hex: str


class IntelState(StrictModel):
    """:class:`rules.armor.optional.records.Intel` by unit ids and hex names: the dust of
    moving Vehicles [OP X.C.3], and what each side heard this Turn [OP X.D]."""

    dust: dict[str, list[str]] = Field(default_factory=dict)
    raised: dict[str, list[str]] = Field(default_factory=dict)
    heard: dict[str, list[HeardState]] = Field(default_factory=dict)


def intel_of(state: ArmorState) -> IntelState | None:
    kept = state.intel
    if kept.snapshot() == {}:
        return None
    name = state.game.name
    return IntelState(
        dust={u: [name(h) for h in path] for u, path in sorted(kept.dust.items())},
        raised={u: [name(h) for h in path] for u, path in sorted(kept.raised.items())},
        heard={
            side: [HeardState(what=what, hex=name(h)) for what, h in marks]
            for side, marks in sorted(kept.heard.items())
        },
    )


def read_intel(game: ArmorGame, kept: IntelState | None, reader: PositionReader) -> Intel:
    found = Intel()
    if kept is None:
        return found
    for key in ("dust", "raised"):
        given: dict[str, list[str]] = getattr(kept, key)
        paths: dict[str, tuple[Hex, ...]] = {}
        for unit, names in given.items():
            if not reader.unit(unit, game.units, ("state", "intel", key)):
                continue
            hexes = [reader.hex(n, ("state", "intel", key, unit, i)) for i, n in enumerate(names)]
            paths[unit] = tuple(h for h in hexes if h is not None)
        setattr(found, key, paths)
    for side, marks in kept.heard.items():  # [OP X.D.3]
        if side not in game.sides:
            reader.problem(("state", "intel", "heard", side), f"no side '{side}' in the game")
            continue
        heard = []
        for i, mark in enumerate(marks):
            h = reader.hex(mark.hex, ("state", "intel", "heard", side, i, "hex"))
            if h is not None:
                heard.append((mark.what, h))
        found.heard[side] = tuple(heard)
    return found
