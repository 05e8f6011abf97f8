"""Opportunity Fire [AG VII.F]: an ``N-<hex>`` order fires at an enemy unit that enters the hex
or crosses the line of sight to it during the Movement Execution Phase.

The book leaves the trigger to the owner's will: he may let a unit pass and wait for a later
one, and a unit let pass is lost for good [AG VII.F]. The engine stands in for that choice and
says so in the event: it fires at the first enemy unit that triggers the order and that it may
fire at (sighted, in the Field of Fire, in range). The trigger is read hex by hex: a unit
entering the designated hex or a hex the line of sight passes through (the hexes of
:func:`rules.los.query.line_of_sight`), which covers crossing the line; a unit the fire stops ends
its move in that hex [AG VII.F.4]. The fire is resolved like Direct Fire [AG VII.F.5], at the Slow
Rate of Fire with the -8 Opportunity Fire modifier [AG VII.F.1], and its results apply at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex
from rules.armor.fire import resolve as resolve_fire
from rules.armor.fire import why_not_fire
from rules.armor.range import range_between
from rules.engine.events import Event

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

CHOICE = (
    "fires at the first unit that triggers it: the engine stands in for the owner's choice to "
    "fire or to wait for a later unit [AG VII.F]"
)
#: Results that stop a moving unit: knocked out, or no movement left [GC1 Effects of AP Hits].
STOPPING = ("knocked-out", "hull", "track")


@dataclass(frozen=True)
class OpportunityTriggered(Event):
    kind: ClassVar[str] = "armor-opportunity"
    firer: str
    target: str
    hex: str
    order: str
    how: str

    def describe(self) -> str:
        return f"{self.target} enters {self.hex}: {self.firer} ({self.order}) {self.how}"


def watched(state: ArmorState, firer: str) -> frozenset[Hex]:
    """The designated hex and the hexes on the line of sight to it, the firer's own left out."""
    order = state.orders_of(firer)
    here = state.troops.hexes.get(firer)
    if order.opportunity is None or here is None:
        return frozenset()
    target = state.game.amap.resolve(order.opportunity)
    line = state.game.los(here, target)
    return frozenset(h for h in (*line.hexes, target) if h != here)


def why_not_opportunity(state: ArmorState, unit: str, hex_name: str) -> str | None:
    """[AG V.A.2.b]: on a hex it can sight, never its own."""
    try:
        target = state.game.amap.resolve(hex_name)
    except KeyError:
        return f"no hex '{hex_name}' on the map"
    here = state.troops.hexes[unit]
    if target == here:
        return "not on the hex it occupies [AG V.A.2.b(2)]"
    if range_between(here, target) > 1 and not state.game.sees(here, target):
        return "it cannot sight that hex [AG V.A.2]"
    return None


def check(state: ArmorState, mover: str) -> bool:
    """Opportunity Fire triggered by ``mover`` having entered its present hex; True when a
    result stops it there [AG VII.F.3-4]."""
    side = state.game.units[mover].side
    h = state.troops.hexes[mover]
    for other in state.game.sides:
        if other == side:
            continue
        for firer, order in sorted(state.sheets.orders[other].items()):
            if order.opportunity is None or firer in state.firing.opportunity_used:
                continue
            if firer not in state.troops.hexes or h not in watched(state, firer):
                continue
            if why_not_fire(state, firer, mover) is not None:
                continue
            state.firing.opportunity_used.add(firer)
            state.firing.fired.add(firer)
            name = state.game.name(h)
            state.emit(OpportunityTriggered(firer, mover, name, order.notation, CHOICE))
            stopped = False
            for result in resolve_fire(state, firer, mover, opportunity=True):
                state.inflict(result.unit, result.effect)
                stopped = stopped or result.effect in STOPPING
            if stopped or mover not in state.troops.hexes:
                return True
    return False
