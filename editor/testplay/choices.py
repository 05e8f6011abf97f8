"""What one unit may do now, for the test-play panel and map: its legal actions, the hexes it
can reach with their costs, and the targets it may fire at with the odds of the engine's own
attack procedure (:func:`rules.panzer44.fire.prepare`). Qt-free: values read from a state."""

from __future__ import annotations

from dataclasses import dataclass, field

from model.hexes import Hex
from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import tables
from rules.engine.actions import Action, Done, Move
from rules.engine.core import State
from rules.panzer44.actions import Plot
from rules.panzer44.entry import OFF
from rules.panzer44.fire import prepare, targets_in, why_not_fire, why_not_target
from rules.panzer44.game import Panzer44State, reachable
from rules.panzer44.movement import DISMOUNT, MARKERS, MOUNT, OVERRUN, SCATTER

TASK_NAMES = {
    "MV": "Move",
    "DF": "Direct Fire",
    "CA": "Close Assault",
    "IF": "Indirect Fire",
    "OF": "Opportunity Fire",
    "CB": "Counterbattery",
}


@dataclass(frozen=True)
class Odds:
    """One attack as the engine would work it out now, up to the die."""

    target: str
    superiority: int
    terrain: int
    effects: int  # how many of the six die faces give a result other than "•"
    prohibited: str | None

    def describe(self) -> str:
        if self.prohibited:
            return f"{self.target}: {self.prohibited}"
        return (
            f"{self.target}: superiority {self.superiority:+d}, terrain {self.terrain:+d}, "
            f"{self.effects} in 6 to have an effect"
        )


@dataclass(frozen=True)
class FireChoice:
    plot: Plot
    hex: Hex
    odds: tuple[Odds, ...]


@dataclass
class UnitChoices:
    """What ``unit`` may do now (empty when it is not its side's turn)."""

    unit: str
    hex: Hex | None
    actions: list[Action] = field(default_factory=list)
    reach: dict[Hex, float] = field(default_factory=dict)
    moves: dict[Hex, Move] = field(default_factory=dict)
    fire: list[FireChoice] = field(default_factory=list)
    #: The ends of the Lines of Opportunity Fire it may be plotted along [6.52].
    watch: list[Hex] = field(default_factory=list)


def side_of(state: State, unit: str) -> str:
    assert isinstance(state, Panzer44State)
    return state.game.specs[unit].side


def unit_actions(state: State, side: str) -> dict[str, list[Action]]:
    """The legal actions of ``side`` grouped by unit, in the engine's order."""
    grouped: dict[str, list[Action]] = {}
    for action in state.legal_actions(side):
        if isinstance(action, (Plot, Move)):
            grouped.setdefault(action.unit, []).append(action)
    return grouped


def done_action(state: State, side: str) -> Done | None:
    return next((a for a in state.legal_actions(side) if isinstance(a, Done)), None)


def choices(state: State, unit: str, actions: list[Action]) -> UnitChoices:
    """What ``unit`` may do, given its legal actions now."""
    assert isinstance(state, Panzer44State)
    found = UnitChoices(unit, state.hexes.get(unit), list(actions))
    name = state.game.amap.resolve
    moves = [a for a in actions if isinstance(a, Move)]
    plots = [a for a in actions if isinstance(a, Plot)]
    if moves or any(p.task == "MV" for p in plots):
        found.reach = reachable(state, unit)
    for move in moves:
        end = move.path[-1]
        if end not in WORDS:  # a move that ends in a hex (not off the map, not a scatter)
            found.moves[name(end)] = move
    for plot in plots:
        if plot.task == "OF" and plot.target is not None:
            found.watch.append(name(plot.target))
        if plot.task in ("DF", "CA") and plot.target is not None:
            h = name(plot.target)
            found.fire.append(FireChoice(plot, h, odds(state, plot, h)))
    return found


def odds(state: Panzer44State, plot: Plot, h: Hex) -> tuple[Odds, ...]:
    """Each enemy unit in ``h`` as the plotted fire would attack it now [6.0], [6.85]."""
    crt = tables(GameSystem.PANZER44)["combat-results"]
    side = state.game.specs[plot.unit].side
    found = []
    for target in targets_in(state, plot, h):
        if state.game.specs[target].side == side:
            continue
        attack = prepare(state, plot.unit, target, plot)
        effects = 0
        if attack.prohibited is None:
            for roll in range(1, 7):
                cell = crt.cell(max(-3, roll + attack.terrain), attack.superiority)
                effects += str(unwrap(cell)) != "•"
        found.append(Odds(target, attack.superiority, attack.terrain, effects, attack.prohibited))
    return tuple(found)


def why_not_here(state: State, unit: str, h: Hex) -> str:
    """Why ``unit`` may do nothing with hex ``h`` now, for a refused click."""
    assert isinstance(state, Panzer44State)
    here = state.game.amap.name(h) if h in state.game.amap.hexes else "that point"
    if h not in state.game.amap.hexes:
        return "that is off the map"
    enemy = [
        u
        for u, where in state.hexes.items()
        if where == h and side_of(state, u) != side_of(state, unit)
    ]
    if state.segment.id == "plot" and enemy:
        why = why_not_fire(state, unit)
        if why is None:
            why = why_not_target(state, Plot(unit, "DF", here), h)
        return f"{unit} may not fire at {here}: {why}"
    if state.segment.id == "plot":
        return f"{unit} cannot reach {here} this Game-Turn (or may not be plotted to move)"
    return f"{unit} has no legal move to {here} [7.0]"


def describe(action: Action, state: State) -> str:
    """An action as the panel lists it."""
    if isinstance(action, Plot):
        task = TASK_NAMES.get(action.task, action.task)
        return f"Plot {action.task} ({task})" + (f" at {action.target}" if action.target else "")
    if isinstance(action, Move):
        special = _special_move(action)
        if special is not None:
            return special
        assert isinstance(state, Panzer44State)
        h = state.game.amap.resolve(action.path[-1])
        cost = reachable(state, action.unit).get(h)
        mp = f" ({cost:g} MP)" if cost is not None else " (out and back)"
        return f"Move to {action.path[-1]}{mp}"
    return action.text()


#: The words a move's path may hold besides hexes (rules/panzer44/movement.py,
#: rules/panzer44/entry.py).
WORDS = frozenset({*MARKERS, OFF})


def _special_move(move: Move) -> str | None:
    """A move that is more than a walk to a hex, in words; None for a plain move."""
    path = move.path
    if path[-1] == OFF:
        return f"Leave the map from {path[-2]} [7.23]" if len(path) > 1 else "Leave the map [7.23]"
    if SCATTER in path:
        return "Scatter (panic) [14.11]"
    if MOUNT in path:
        return f"Mount the unit in {path[path.index(MOUNT) + 1]} [9.1]"
    if DISMOUNT in path:
        return f"Dismount, the carrier to {path[path.index(DISMOUNT) + 1]} [9.1]"
    if OVERRUN in path:
        at = path.index(OVERRUN)
        return f"Overrun {path[at + 1]}, leaving by {path[at + 2]} [13.0]"
    return None
