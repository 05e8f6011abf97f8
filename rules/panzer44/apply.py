"""Panzer '44 actions applied: plots [5.0], moves [7.0] and a side's end of plotting.

- A plot is checked against the task's rules and kept hidden from the other side [5.3]: MV
  (:func:`rules.panzer44.legal.why_not_plot_mv`), DF, CA and OF at a target
  (:mod:`rules.panzer44.fire`, :mod:`rules.panzer44.opportunity`), IF and CB
  (:mod:`rules.panzer44.indirect`); support is allocated in its own segment
  (:func:`rules.panzer44.indirect.allocate`).
- A move is checked and walked hex by hex: a panicked unit scatters [14.11]
  (:mod:`rules.panzer44.panic`), a unit climbs out of an Improved Position or goes back inside
  from on top [12.4]
  (:mod:`rules.panzer44.fortifications`), mounts or dismounts [9.0]
  (:mod:`rules.panzer44.transport`), overruns [13.0] (:mod:`rules.panzer44.overrun`), enters the
  map [18.6] or leaves it [7.23] (:mod:`rules.panzer44.entry`). Opportunity Fire and mines may stop
  it at each hex entered [6.5], [17.13], [17.14] (:mod:`rules.panzer44.opportunity`).
- ``done`` ends a side's plotting; a Movement Phase ends by itself [4.1] 4, [7.12].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Action, Done, Move
from rules.engine.errors import IllegalActionError
from rules.engine.events import SideDone
from rules.panzer44.actions import Plot
from rules.panzer44.entry import OFF, entry_cost, exit_cost, waiting
from rules.panzer44.events import HexEntered, MapEntered, MapLeft, MoveEnded, MoveStopped, Plotted
from rules.panzer44.fire import why_not_direct_fire, why_not_fire, why_not_target
from rules.panzer44.fortifications import climb_out, go_inside, is_inside, settle, unstack
from rules.panzer44.indirect import ALLOCATE, allocate, check_indirect_plot
from rules.panzer44.legal import MOVEMENT_SEGMENTS, why_held, why_not_plot_mv
from rules.panzer44.movement import (
    DISMOUNT,
    INTO_IP,
    MOUNT,
    OUT_OF_IP,
    Step,
    check_path,
    passengers,
)
from rules.panzer44.opportunity import interrupt, why_not_line
from rules.panzer44.overrun import execute as execute_overrun
from rules.panzer44.overrun import split as split_overrun
from rules.panzer44.panic import check_move as check_scatter
from rules.panzer44.panic import scatter
from rules.panzer44.transport import execute as execute_transport

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

_NOT_YET = "not in this slice of the engine (issue 6)"

#: The tasks this slice plays [5.4].
PLAYABLE_TASKS = ("MV", "DF", "CA", "IF", "CB", "OF")


def apply(state: Panzer44State, action: Action) -> None:
    """Apply a legal ``action``; raise :class:`IllegalActionError` if it is not legal now."""
    if isinstance(action, Plot):
        _plot(state, action)
    elif isinstance(action, Move):
        _move(state, action)
    elif isinstance(action, Done):
        _done(state, action)
    else:
        raise IllegalActionError(f"'{action.text()}': not an action of Panzer '44")


def _side_of(state: Panzer44State, action: Action, unit: str) -> str:
    spec = state.game.specs.get(unit)
    if spec is None:
        raise IllegalActionError(f"'{action.text()}': there is no unit '{unit}'")
    if spec.side not in state.to_act():
        raise IllegalActionError(
            f"'{action.text()}': {spec.side} may not act now ({_where(state)})"
        )
    return spec.side


def _where(state: Panzer44State) -> str:
    acting = ", ".join(state.to_act()) or "nobody"
    return f"Game-Turn {state.play.turn}, {state.segment.name}; to act: {acting}"


def _plot(state: Panzer44State, action: Plot) -> None:
    if state.segment.id == ALLOCATE or action.unit in state.game.support:
        allocate(state, action)
        return
    if state.segment.id != "plot":
        raise IllegalActionError(f"'{action.text()}': plot only in the Mutual Plot Phase [4.1]")
    side = _side_of(state, action, action.unit)
    if action.task not in PLAYABLE_TASKS:
        raise IllegalActionError(f"'{action.text()}': the {action.task} task is {_NOT_YET}")
    if action.unit in state.orders.plots[side]:
        raise IllegalActionError(
            f"'{action.text()}': {action.unit} already has its task for this Game-Turn [5.3]"
        )
    if action.task == "MV":
        why = why_not_plot_mv(state, action.unit)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {action.unit} cannot move: {why}")
    elif action.task in ("IF", "CB"):
        target = _hex(state, action, action.target) if action.target else None
        check_indirect_plot(state, action, target)
    else:
        _check_fire_plot(state, action)
    state.orders.plots[side][action.unit] = action
    state.emit(Plotted(action.unit, action.text(), private_to=side))


def _check_fire_plot(state: Panzer44State, action: Plot) -> None:
    why = why_not_fire(state, action.unit)
    if why is None and action.task in ("DF", "CA"):
        why = why_not_direct_fire(state, action.unit, action.task)  # 19.1, 19.2
    h_class = state.game.specs[action.unit].weapon_class == "H"
    if why is None and action.pattern is not None and not h_class:
        why = "only H Class fire has a pattern [6.21]"
    if why is None and action.task == "OF":
        why = why_not_line(state, action, _hex(state, action, action.target or ""))
    elif why is None:
        why = why_not_target(state, action, _hex(state, action, action.target or ""))
    if why is not None:
        raise IllegalActionError(f"'{action.text()}': {action.unit} may not fire: {why}")


def _done(state: Panzer44State, action: Done) -> None:
    if action.side not in state.game.sides:
        raise IllegalActionError(f"'{action.text()}': there is no side '{action.side}'")
    if action.side not in state.to_act():
        raise IllegalActionError(f"'{action.text()}': {action.side} may not act now")
    if state.segment.id not in ("plot", ALLOCATE):
        raise IllegalActionError(
            f"'{action.text()}': a Movement Phase ends by itself once every unit plotted "
            "to move has moved [4.1] 4, [7.12]"
        )
    state.play.done.add(action.side)
    state.emit(SideDone(action.side, state.segment.id))


def _move(state: Panzer44State, action: Move) -> None:
    if state.segment.id not in MOVEMENT_SEGMENTS:
        raise IllegalActionError(f"'{action.text()}': units move in the Movement Phase [4.1]")
    side = _side_of(state, action, action.unit)
    unit = action.unit
    plot = state.orders.plots[side].get(unit)
    if plot is None or plot.task != "MV":
        raise IllegalActionError(f"'{action.text()}': {unit} was not plotted to move [5.3]")
    if unit in state.orders.moved:
        raise IllegalActionError(f"'{action.text()}': {unit} has moved this turn [7.0]")
    held = why_held(state, unit)
    if held is not None:
        raise IllegalActionError(f"'{action.text()}': {unit} may not move: {held}")
    if check_scatter(state, action):
        scatter(state, unit, interrupt)  # [14.11]
        return
    if action.path == (OUT_OF_IP,):
        climb_out(state, unit, action.text())  # [12.4]
        state.watch.sample(state)
        return
    if action.path == (INTO_IP,):
        go_inside(state, unit, action.text())  # [12.4]
        state.watch.sample(state)
        return
    if is_inside(state, unit):
        raise IllegalActionError(
            f"'{action.text()}': {unit} is inside an Improved Position: it climbs out "
            f"first ('move {unit} {OUT_OF_IP}'), with its entire Movement Allowance [12.4]"
        )
    if action.path[0] in (MOUNT, DISMOUNT) and len(action.path) == 2:
        execute_transport(state, action, _hex(state, action, action.path[1]))  # [9.0]
        return
    names, overrun = split_overrun(action)
    if overrun is not None:
        path = tuple(_hex(state, action, name) for name in names)
        execute_overrun(state, action, path, overrun)  # [13.0]
        return
    leaving = action.path[-1] == OFF
    names = action.path[:-1] if leaving else action.path
    path = tuple(_hex(state, action, name) for name in names)
    entering = waiting(state, unit)
    if leaving and (entering or not path):
        _leave(state, action, unit, side, [])
        return
    entry = entry_cost(state, unit, path[0]) if entering and path else None
    walked = check_path(state, unit, path, ends_here=not leaving)
    riders = passengers(state, unit)
    if entry is not None:
        key = (side, walked[0].hex)
        state.entry.entered[key] = state.entry.entered.get(key, 0) + 1
        state.emit(MapEntered(unit, state.game.name(entry.hex), entry.cost, entry.why))
    before = None if entry is not None else state.board.hexes[unit]
    for step in walked:
        state.board.hexes[unit] = step.hex
        state.fire.spotted.pop(unit, None)  # spotted until it leaves the hex [11.14]
        for p in riders:
            state.board.hexes[p] = step.hex
        name = state.game.amap.name(step.hex)
        state.emit(HexEntered(unit, name, step.cost, step.spent, step.placeholder))
        why = interrupt(state, unit, before, step.hex)  # [6.5], [17.13], [17.14]
        if why is not None:
            _stop(state, unit, side, riders, step, why)
            return
        before = step.hex
    if leaving:
        _leave(state, action, unit, side, walked)
        return
    state.orders.moved.add(unit)
    # its passengers plotted this Game-Turn are carried along [9.0]
    state.orders.moved.update(p for p in riders if p in state.orders.plots[side])
    end = state.game.amap.name(state.board.hexes[unit])
    allowance = state.game.specs[unit].movement_allowance
    carrying = ", ".join(riders) or None
    state.emit(MoveEnded(unit, end, walked[-1].spent, allowance, carrying))
    settle(state, unit)  # into an Improved Position [12.4]
    state.watch.sample(state)


def _stop(
    state: Panzer44State, unit: str, side: str, riders: list[str], step: Step, why: str
) -> None:
    """The move ends where it was interrupted [6.55], [17.13], [17.14]."""
    state.orders.moved.add(unit)
    state.orders.moved.update(p for p in riders if p in state.orders.plots[side])
    if unit in state.board.hexes:
        state.emit(MoveStopped(unit, state.game.name(step.hex), why))
        unstack(state, unit)  # [8.33]
        allowance = state.game.specs[unit].movement_allowance
        end = state.game.name(state.board.hexes[unit])
        state.emit(MoveEnded(unit, end, step.spent, allowance, ", ".join(riders) or None))
        settle(state, unit)
    state.watch.sample(state)


def _leave(state: Panzer44State, action: Move, unit: str, side: str, walked: list[Step]) -> None:
    """The unit (with what it carries) leaves the map from where it stands [7.23]."""
    here = state.board.hexes.get(unit)
    spent = walked[-1].spent if walked else 0.0
    cost = exit_cost(state, unit, here) if here is not None else None
    if here is None or cost is None or cost.cost is None:
        where = state.game.name(here) if here is not None else "off the map"
        raise IllegalActionError(
            f"'{action.text()}': {unit} may not leave the map from {where}: units exit "
            "only where the scenario says [7.23]"
        )
    allowance = state.game.specs[unit].movement_allowance
    if spent + cost.cost > allowance:
        raise IllegalActionError(
            f"'{action.text()}': leaving the map from {state.game.name(here)} costs "
            f"{cost.cost:g} MP more; {spent:g} of {allowance} are spent [18.5]"
        )
    riders = passengers(state, unit)
    for u in (unit, *riders):
        del state.board.hexes[u]
        state.fire.spotted.pop(u, None)
    state.entry.exited[unit] = tuple(riders)
    for p in riders:
        state.entry.exited[p] = ()
    state.entry.exits_at[unit] = here
    state.orders.moved.add(unit)
    state.emit(MapLeft(unit, state.game.name(here), cost.cost, spent + cost.cost, tuple(riders)))
    state.watch.sample(state)


def _hex(state: Panzer44State, action: Action, name: str) -> Hex:
    try:
        return state.game.hex_at(name)
    except KeyError:
        raise IllegalActionError(f"'{action.text()}': no hex '{name}' on the map") from None
