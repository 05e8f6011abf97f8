"""The Artillery Plots and Indirect Fire in a position file [OP II.A; II.F]: the ``artillery``
section of an Armor position's state (:class:`rules.armor.indirect.plots.Artillery`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from rules.armor.indirect.plots import KINDS, Artillery, Plot
from rules.records.position import PositionReader

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState


class PlotState(StrictModel):
    """A line of a Battery's Artillery Plot: its Turn of Impact, kind (D, C, R), target hex and
    the Turn it was plotted [OP II.A]."""

    battery: str
    turn: int = Field(ge=1)
    kind: str
    hex: str
    plotted: int = Field(ge=1)


class ImpactState(StrictModel):
    """A last Impact (a Battery's) or target (a unit's "H" order): the Turn and the hex."""

    turn: int = Field(ge=1)
    hex: str


class ArtilleryState(StrictModel):
    """What :class:`~rules.armor.indirect.plots.Artillery` keeps, hexes by their names."""

    plots: list[PlotState] = Field(default_factory=list)
    last: dict[str, ImpactState] = Field(default_factory=dict)
    indirect: dict[str, str] = Field(default_factory=dict)
    indirect_last: dict[str, ImpactState] = Field(default_factory=dict)
    struck: list[tuple[str, str]] = Field(default_factory=list)


def artillery_of(state: ArmorState) -> ArtilleryState | None:
    """The section, None when there is nothing to keep."""
    kept, name = state.artillery, state.game.name
    if kept.snapshot() == {}:
        return None
    return ArtilleryState(
        plots=[
            PlotState(battery=b, turn=t, kind=p.kind, hex=name(p.target), plotted=p.plotted)
            for (b, t), p in sorted(kept.plots.items())
        ],
        last={b: ImpactState(turn=t, hex=name(h)) for b, (t, h) in sorted(kept.last.items())},
        indirect={u: name(h) for u, h in sorted(kept.indirect.items())},
        indirect_last={
            u: ImpactState(turn=t, hex=name(h)) for u, (t, h) in sorted(kept.indirect_last.items())
        },
        struck=sorted(kept.struck),
    )


def read_artillery(
    game: ArmorGame, kept: ArtilleryState | None, reader: PositionReader
) -> Artillery:
    """The state's :class:`Artillery` from the position's ``artillery`` section."""
    found = Artillery()
    if kept is None:
        return found
    path = ("state", "artillery")
    for i, p in enumerate(kept.plots):
        h = reader.hex(p.hex, (*path, "plots", i, "hex"))
        if p.battery not in game.batteries:
            reader.problem((*path, "plots", i, "battery"), f"no Battery '{p.battery}' [OP II.C]")
        elif p.kind not in KINDS:
            reader.problem((*path, "plots", i, "kind"), f"not a kind of fire: {', '.join(KINDS)}")
        elif h is not None:
            found.plots[(p.battery, p.turn)] = Plot(p.kind, h, p.plotted)
    for b, last in kept.last.items():
        h = reader.hex(last.hex, (*path, "last", b))
        if h is not None and b in game.batteries:
            found.last[b] = (last.turn, h)
    for u, name in kept.indirect.items():
        h = reader.hex(name, (*path, "indirect", u))
        if h is not None and reader.unit(u, game.units, (*path, "indirect")):
            found.indirect[u] = h
    for u, last in kept.indirect_last.items():
        h = reader.hex(last.hex, (*path, "indirect_last", u))
        if h is not None and reader.unit(u, game.units, (*path, "indirect_last")):
            found.indirect_last[u] = (last.turn, h)
    found.struck = {(b, u) for b, u in kept.struck}
    return found
