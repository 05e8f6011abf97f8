"""What a Panzer '44 game says of itself through the State API (:mod:`rules.engine.play`):
where play is, what one side may know, actions in words and what they concern, and what an
action would do.

Both sides plot "secretly and simultaneously" [4.1] 1: a side sees its own plots and, of the
other side's, only whether it has finished plotting. There is no fog of war in this slice (the
optional inverted counters of [11.5] are for later), so every unit's hex is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.provenance import unwrap
from model.tables import tables
from rules.engine.actions import Action, Done, Move
from rules.engine.play import ActionFocus, Chance, Preview, Progress, SideView
from rules.engine.positions import UnitPosition, short_label
from rules.panzer44.actions import Plot
from rules.panzer44.entry import OFF
from rules.panzer44.fire import prepare, targets_in
from rules.panzer44.indirect import ALLOCATE
from rules.panzer44.legal import plottable, to_move
from rules.panzer44.movement import (
    DISMOUNT,
    INTO_IP,
    MARKERS,
    MOUNT,
    OUT_OF_IP,
    OVERRUN,
    SCATTER,
    reachable_hexes,
)

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

#: The tasks of the Task Summary [5.4] in words.
TASK_NAMES = {
    "MV": "Move",
    "DF": "Direct Fire",
    "CA": "Close Assault",
    "IF": "Indirect Fire",
    "OF": "Opportunity Fire",
    "CB": "Counterbattery",
}

#: The words a move's path may hold besides hexes (rules/panzer44/movement.py, entry.py).
WORDS = frozenset({*MARKERS, OFF})


def positions(state: Panzer44State) -> list[UnitPosition]:
    """The units on the map in the order of the deployment, with their Pin and Disruption."""
    found = []
    for spec in state.game.deployment.units:
        h = state.board.hexes.get(spec.id)
        if h is None:
            continue
        markers = ["Pin"] if spec.id in state.fire.pins else []
        if state.fire.disruption.get(spec.id):
            markers.append(f"D{state.fire.disruption[spec.id]}")
        found.append(
            UnitPosition(
                spec.id, spec.side, spec.code, short_label(spec.id), h, None, tuple(markers)
            )
        )
    return found


def progress(state: Panzer44State) -> Progress:
    """The Game-Turn, the phase and segment of the Sequence of Play [4.1], and what each side
    to act has left."""
    game = state.game
    if state.play.over:
        return Progress(state.play.turn, game.turns, "Game-Turn", "", "the game is over", over=True)
    segment = state.segment
    left = {side: _left(state, side) for side in state.to_act()}
    return Progress(
        turn=state.play.turn,
        last_turn=game.turns,
        turn_word="Game-Turn",
        phase=state.phase.name,
        step=segment.name[:1].upper() + segment.name[1:],
        rule=segment.source,
        step_id=segment.id,
        to_act=state.to_act(),
        left=left,
        done_label="Done plotting" if segment.id == "plot" else "Done",
        side_actions="Off-board support",
    )


def _left(state: Panzer44State, side: str) -> str:
    if state.segment.id == "plot":
        plotted = state.orders.plots[side]
        done = len(plotted)
        left = sum(1 for u in plottable(state, side) if u not in plotted)
        return f"plot {done} of {done + left} units, then Done"
    if state.segment.id == ALLOCATE:
        return "allocate off-board artillery and air support, then Done"
    return f"move {len(to_move(state, side))} more unit(s) plotted to move"


def side_view(state: Panzer44State, side: str) -> SideView:
    """What ``side`` may know now: never the other side's plots [4.1] 1."""
    if side not in state.game.sides:
        raise KeyError(f"there is no side '{side}'")
    plotting = not state.play.over and state.segment.id == "plot"  # over: past the last step
    return SideView(
        side=side,
        progress=progress(state),
        units=tuple(positions(state)),
        own_orders=tuple(p.text() for p in state.orders.plots[side].values()),
        others_done={
            s: (s in state.play.done or not plotting) for s in state.game.sides if s != side
        },
        log=tuple(e.describe() for e in state.events_for(side)),
    )


def describe(state: Panzer44State, action: Action) -> str:
    """An action as a player says it."""
    if isinstance(action, Plot):
        task = TASK_NAMES.get(action.task, action.task)
        return f"Plot {action.task} ({task})" + (f" at {action.target}" if action.target else "")
    if isinstance(action, Move):
        special = _special_move(action)
        if special is not None:
            return special
        h = state.game.hex_named(action.path[-1])
        cost = reachable_hexes(state, action.unit).get(h) if h is not None else None
        mp = f" ({cost:g} MP)" if cost is not None else " (out and back)"
        return f"Move to {action.path[-1]}{mp}"
    if isinstance(action, Done):
        return "Done"
    return action.text()


def _special_move(move: Move) -> str | None:
    """A move that is more than a walk to a hex, in words; None for a plain move."""
    path = move.path
    if path[-1] == OFF:
        return f"Leave the map from {path[-2]} [7.23]" if len(path) > 1 else "Leave the map [7.23]"
    if SCATTER in path:
        return "Scatter (panic) [14.11]"
    if OUT_OF_IP in path:
        return "Climb out of the Improved Position, with the whole Movement Allowance [12.4]"
    if INTO_IP in path:
        return "Go back inside the Improved Position (no Movement Point cost) [12.4]"
    if MOUNT in path:
        return f"Mount the unit in {path[path.index(MOUNT) + 1]} [9.1]"
    if DISMOUNT in path:
        return f"Dismount, the carrier to {path[path.index(DISMOUNT) + 1]} [9.1]"
    if OVERRUN in path:
        at = path.index(OVERRUN)
        return f"Overrun {path[at + 1]}, leaving by {path[at + 2]} [13.0]"
    return None


def concerns(state: Panzer44State, action: Action) -> ActionFocus:
    """The unit of a plot or move and the hex it goes to or aims at."""
    named = state.game.hex_named
    if isinstance(action, Move):
        hexes = tuple(h for h in (named(p) for p in action.path if p not in WORDS) if h)
        end = named(action.path[-1]) if action.path[-1] not in WORDS else None
        cost = reachable_hexes(state, action.unit).get(end) if end is not None else None
        return ActionFocus(action.unit, "move", end, hexes, cost)
    if isinstance(action, Plot):
        target = named(action.target) if action.target else None
        if action.task == "MV":
            return ActionFocus(action.unit, "move")
        if action.task in ("DF", "CA", "IF", "OF") and target is not None:
            return ActionFocus(action.unit, "fire", target)
        return ActionFocus(action.unit)
    return ActionFocus(None)


def preview(state: Panzer44State, action: Action) -> Preview:
    """Whether the action is legal now, and for a fire plot each enemy unit in the target hex
    as the engine's Attack Procedure would attack it now, up to the die [6.0], [6.85]."""
    legal = action in state.legal_actions()
    words = describe(state, action)
    if not legal:
        return Preview(words, False, "not legal now")
    focus = concerns(state, action)
    cost = f"{focus.cost:g} MP" if focus.cost is not None else None
    chances: tuple[Chance, ...] = ()
    if isinstance(action, Plot) and action.task in ("DF", "CA") and focus.hex is not None:
        chances = _odds(state, action, focus.hex)
    return Preview(words, True, None, cost, chances, ("Panzer '44 [6.85]",) if chances else ())


def _odds(state: Panzer44State, plot: Plot, h: object) -> tuple[Chance, ...]:
    crt = tables(state.game.system)["combat-results"]
    side = state.game.specs[plot.unit].side
    found = []
    for target in targets_in(state, plot, h):  # type: ignore[arg-type]
        if state.game.specs[target].side == side:
            continue
        attack = prepare(state, plot.unit, target, plot)
        if attack.prohibited is not None:
            found.append(Chance(target, f"{target}: {attack.prohibited}", None, attack.prohibited))
            continue
        effects = sum(
            str(unwrap(crt.cell(max(-3, roll + attack.terrain), attack.superiority))) != "•"
            for roll in range(1, 7)
        )
        words = (
            f"{target}: superiority {attack.superiority:+d}, terrain {attack.terrain:+d}, "
            f"{effects} in 6 to have an effect"
        )
        found.append(Chance(target, words, effects / 6))
    return tuple(found)
