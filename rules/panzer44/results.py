"""Panzer '44 combat results on the units, and the Pin and Disruption Removal Phase.

Results of Direct Fire are placed for both Players' fire together, at the end of the Direct Fire
Phase [4.1] 3, [5.1]. They accumulate [6.18], [6.84]: Pin and Delayed Panic ((P)) are markers of
their own; each D result raises the Disruption state by its number, and D4 destroys [6.82]:
Soft targets are removed, vehicles (trucks included) leave a wreck, which negates the road rate
into and out of its hex [10.4] (:mod:`rules.panzer44.roads`). A passenger shares its
carrier's result [9.22]. In the Removal Phase every Pin goes [6.83] and each disrupted unit
rolls against the Disruption Removal Table [6.83].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import tables
from rules.panzer44.events import DisruptionRoll, PinsRemoved, ResultApplied
from rules.panzer44.movement import passengers

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

DESTROYED_AT = 4  # D4 = elimination [6.82]


def apply_results(state: Panzer44State, results: list[tuple[str, str]]) -> None:
    """Place each result on its unit, in order [5.1], [6.84]; a passenger shares its carrier's
    markers and fate [9.22]."""
    for unit, result in results:
        if unit not in state.board.hexes:
            continue  # destroyed by an earlier result of the same phase
        riders = passengers(state, unit)
        _apply_one(state, unit, result, "")
        for rider in riders:
            _share(state, rider, unit, result)


def apply_direct_fire(state: Panzer44State) -> None:
    """The end of the Direct Fire Phase: both sides' results placed [5.1]; the units they
    disrupt are kept for the Game-Turn, their Indirect Fire cancelled [6.46]."""
    pending, state.fire.pending = state.fire.pending, []
    start = len(state.log)
    apply_results(state, pending)
    state.fire.by_direct_fire.update(
        e.unit
        for e in state.log[start:]
        if isinstance(e, ResultApplied) and e.result.startswith("D-")
    )


def _apply_one(state: Panzer44State, unit: str, result: str, note: str) -> None:
    rule = "[6.82]"
    if result == "Pin":
        state.fire.pins.add(unit)
    elif result == "(P)":
        state.panic.delayed.add(unit)
        rule = "[6.82], [14.71]"
    elif result.startswith("D-"):
        state.fire.disruption[unit] = state.fire.disruption.get(unit, 0) + int(result[2:])
        rule = "[6.82], [6.84]"
    if state.fire.disruption.get(unit, 0) >= DESTROYED_AT:
        note = "; ".join(n for n in (note, _destroy(state, unit)) if n)
    _report(state, unit, result, rule, note)


def _share(state: Panzer44State, rider: str, carrier: str, result: str) -> None:
    note = f"the passenger of {carrier} shares its markers and fate [9.22]"
    for marks in (state.fire.pins, state.panic.delayed):
        if carrier in marks:
            marks.add(rider)
    if carrier in state.board.hexes:
        if state.fire.disruption.get(carrier):
            state.fire.disruption[rider] = state.fire.disruption[carrier]
    else:
        note = f"{note}; {_destroy(state, rider)}"
    _report(state, rider, result, "[6.82], [9.22]", note)


def _report(state: Panzer44State, unit: str, result: str, rule: str, note: str) -> None:
    destroyed = unit not in state.board.hexes
    state.emit(
        ResultApplied(
            unit,
            result,
            DESTROYED_AT if destroyed else state.fire.disruption.get(unit, 0),
            unit in state.fire.pins,
            unit in state.panic.delayed,
            destroyed,
            rule,
            note,
        )
    )


def _destroy(state: Panzer44State, unit: str) -> str:
    spec = state.game.specs[unit]
    h = state.board.hexes.pop(unit)
    state.board.carried_by.pop(unit, None)
    state.fire.pins.discard(unit)
    state.panic.delayed.discard(unit)
    state.fire.disruption.pop(unit, None)
    state.losses.destroyed.append(unit)
    if spec.vehicle:
        name = state.game.amap.name(h)
        state.losses.wrecks.append(name)
        state.clear_reach()  # the wreck takes the road rate away [10.4]
        return (
            f"a vehicle: replaced by a wreck marker in {name} [6.82]; it negates the road "
            "benefit into and out of that hex [10.4]"
        )
    return "a Soft target: removed from the map [6.82]"


def remove_pins(state: Panzer44State) -> None:
    """Every Pin marker is removed [4.1] 5, [6.82], [6.83]."""
    state.emit(PinsRemoved(tuple(sorted(state.fire.pins))))
    state.fire.pins.clear()


def remove_disruption(state: Panzer44State) -> None:
    """Each Player rolls for each disrupted unit, unit by unit [6.83]: the First Player's,
    then the Second's (the book gives no order; it changes nothing)."""
    table = tables(GameSystem.PANZER44)["disruption-removal"]
    for side in (state.game.first, state.game.second):
        for unit in sorted(u for u, d in state.fire.disruption.items() if d):
            if state.game.specs[unit].side != side:
                continue
            level = state.fire.disruption[unit]
            needed = int(str(unwrap(table.cell(f"D{level}", table.columns[1]))))
            roll = state.roll(f"disruption removal of {unit} (D{level}) [6.83]")
            removed = roll <= needed
            if removed:
                del state.fire.disruption[unit]
            state.emit(DisruptionRoll(unit, level, roll, needed, removed))
