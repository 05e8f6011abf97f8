"""Panzer '44 on the engine core: the Game-Turn's sequence of play, plotting and movement.

What this slice plays, by the book:

- The Sequence of Play [4.1] as data (:data:`rules.sequence.PANZER44_SEQUENCE`), walked
  segment by segment for the scenario's number of Game-Turns [18.2].
- The Mutual Plot Phase [4.1] 1, [5.0]-[5.4]: both sides plot at once, each unit at most one
  task [5.3]; each side's plots are hidden from the other (:meth:`Panzer44State.view_for`,
  ``private_to`` events) and all are collected before anything is resolved.
- The Direct Fire Phase [4.1] 3, [6.3], [6.6]: each side's DF and CA plots, First Player
  first, each attack explained (:mod:`rules.p44_fire`); results placed for both sides' fire
  together at the end of the phase [5.1] (:mod:`rules.p44_results`).
- The Movement Phase [4.1] 4, [5.2], [7.0]: the First Player moves his units plotted MV, then
  the Second Player; only units plotted MV move, and each must move if it can [4.1] 4, [7.12];
  a carrier takes its passenger along [8.2], [9.2]. Pinned and disrupted units stay [6.82].
- The Pin and Disruption Removal Phase [4.1] 5, [6.83].
- Entry onto the map of forces that enter on Game-Turn One and of reinforcements, in column or
  free formation [18.6], and exits where the scenario allows them [7.23] (:mod:`rules.p44_entry`).
- Victory at the end of the last Game-Turn [18.5] (:mod:`rules.p44_victory`).
- Panic [14.0] in the Panic Determination Phase, its effects on fire and movement (scatter)
  (:mod:`rules.p44_panic`); mounting and dismounting [9.0] (:mod:`rules.p44_transport`) and
  overruns [13.0] (:mod:`rules.p44_overrun`) as moves of units plotted MV.

- Off-board artillery and close air support allocated in the Mutual Plot Phase [4.1] 1, [15.0],
  [16.0], and the Indirect Fire Phase [4.1] 6: Indirect Fire, counterbattery, off-board
  artillery and air strikes with scatter, each attack explained (:mod:`rules.p44_indirect`,
  :mod:`rules.p44_indirect_fire`).

- Opportunity Fire [6.5] and mines [17.13]-[17.14], interrupting a move at each hex entered
  (:mod:`rules.p44_opportunity`); Improved Positions [12.0] and mined hexes [17.0] placed at
  the deployment, the IP's benefit and its cost to climb out (:mod:`rules.p44_positions`).

Not yet: reinforcements that arrive on a condition; OF and mines on overruns, scatter and
mounting moves. Every task can be plotted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from model.base import GameSystem
from model.hexes import Hex
from model.regions import RegionContext, evaluate
from model.scenario_io import LoadedScenario
from rules.actions import Action, Done, Move, Plot
from rules.core import Outcome, State
from rules.errors import IllegalActionError, UnsupportedGameError
from rules.events import (
    GameEnded,
    HexEntered,
    MapEntered,
    MapLeft,
    MoveEnded,
    MoveStopped,
    NotMoved,
    Plotted,
    SegmentBegan,
    SegmentSkipped,
    SideDone,
)
from rules.map_game import MapGame
from rules.p44_entry import (
    OFF,
    OFF_MAP,
    Arrival,
    entry_cost,
    exit_cost,
    exit_hexes,
    exit_regions,
    outside,
    waiting,
    why_not_enter,
)
from rules.p44_fire import fire_plots, resolve, why_not_fire, why_not_target
from rules.p44_indirect import (
    ALLOCATE,
    allocate,
    check_indirect_plot,
    concentrations,
    indirect_plots,
    support_plots,
)
from rules.p44_indirect_fire import INDIRECT_FIRE_SEGMENTS, resolve_indirect_fire
from rules.p44_movement import (
    DISMOUNT,
    MOUNT,
    OUT_OF_IP,
    MoveCosts,
    Step,
    check_path,
    passengers,
    reach,
    reachable_hexes,
    step_cost,
)
from rules.p44_opportunity import interrupt, opportunity_plots, why_not_line
from rules.p44_overrun import execute as execute_overrun
from rules.p44_overrun import overrun_moves
from rules.p44_overrun import split as split_overrun
from rules.p44_panic import PanicRecord, cancel_fire, determine, fire_cancelled, scatter
from rules.p44_panic import check_move as check_scatter
from rules.p44_panic import held as panic_held
from rules.p44_positions import (
    Fortified,
    climb_out,
    fortify,
    is_inside,
    mines_known_to,
    settle,
    unstack,
)
from rules.p44_positions import end_of_turn as positions_end_of_turn
from rules.p44_results import apply_results, remove_disruption, remove_pins
from rules.p44_setup import UnitSpec, deploy
from rules.p44_transport import execute as execute_transport
from rules.p44_transport import mountable, mounted_setup, transport_moves
from rules.p44_victory import VictoryWatch, evaluate_outcome
from rules.p44_view import SideView, side_view
from rules.sequence import PANZER44_SEQUENCE, Phase, Segment, steps

RULES_VERSION = "panzer44-0.1"

_NOT_YET = "not in this slice of the engine (issue 6)"

#: The segments this slice does not resolve, and the rules their handlers will implement.
EXTENSIONS: dict[str, str] = {}

MOVEMENT_SEGMENTS = ("first-player-movement", "second-player-movement")
DIRECT_FIRE_SEGMENTS = ("first-player-direct-fire", "second-player-direct-fire")
#: The tasks this slice plays [5.4].
PLAYABLE_TASKS = ("MV", "DF", "CA", "IF", "CB", "OF")


class Panzer44Game(MapGame):
    """A Panzer '44 scenario made playable: map, costs, counters and their set-up."""

    system = GameSystem.PANZER44
    rules_version = RULES_VERSION

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        scenario = loaded.scenario
        if len(self.sides) != 2:
            raise UnsupportedGameError("a Panzer '44 scenario has two sides")
        if scenario.length.turns is None:
            raise UnsupportedGameError("a Panzer '44 scenario has a number of Game-Turns [18.2]")
        self.turns: int = scenario.length.turns
        self.costs = MoveCosts(self.movement)
        self.play_area = self._play_area()
        self.deployment = mounted_setup(
            scenario, deploy(scenario, self.movement, self.play_area), self.movement
        )
        self.specs: dict[str, UnitSpec] = {u.id: u for u in self.deployment.units}
        #: Off-board artillery concentrations and air strikes, by id [15.0], [16.0].
        self.support = concentrations(scenario)
        #: Units that enter the map during play, and when and where [18.6].
        self.arrivals: dict[str, Arrival] = {a.unit: a for a in self.deployment.arrivals}
        #: The First Player moves first [4.1] 4; named by the scenario [18.43].
        self.first: str = scenario.first_player or self.sides[0]
        self.second: str = next(s for s in self.sides if s != self.first)
        self.steps: tuple[tuple[Phase, Segment], ...] = steps(PANZER44_SEQUENCE)
        #: The Opportunity Fire plots listed from a hex at a range (rules/p44_opportunity.py).
        self.of_lines: dict[tuple[Hex, int], tuple[str, ...]] = {}
        #: The edge hexes each side may exit from, and from which Game-Turn [7.23].
        self.exits: dict[str, tuple[tuple[frozenset[Hex], int], ...]] = {
            side: tuple(
                (
                    frozenset(
                        h for h in self.region(r) if outside(self.terrain, self.play_area, h)
                    ),
                    t,
                )
                for r, t in exit_regions(scenario.victory.conditions, scenario.special_rules, side)
            )
            for side in self.sides
        }
        #: Improved Positions and mined hexes of the deployment [12.21], [17.0].
        self.fortified: Fortified = fortify(self)

    def _play_area(self) -> frozenset[Hex] | None:
        region = self.scenario.map.play_area
        if region is None:
            return None
        ctx = RegionContext(self.amap, overlay_terrain=self.terrain.overlays.stacks)
        return evaluate(region, ctx)

    def new_initial_state(self, seed: int = 0) -> Panzer44State:
        return Panzer44State(self, seed)

    def actor(self, segment: Segment) -> tuple[str, ...]:
        """The sides that decide in a segment."""
        return {"both": self.sides, "first": (self.first,), "second": (self.second,)}.get(
            segment.actor, ()
        )


class Panzer44State(State):
    """A Panzer '44 game in progress."""

    game: Panzer44Game

    def __init__(self, game: Panzer44Game, seed: int) -> None:
        super().__init__(game, seed)
        self.turn = 1
        self.step = 0
        self.over = False
        self.hexes: dict[str, Hex] = dict(game.deployment.hexes)
        self.carried_by: dict[str, str] = dict(game.deployment.carried_by)
        self.plots: dict[str, dict[str, Plot]] = {s: {} for s in game.sides}
        self.done: set[str] = set()
        self.moved: set[str] = set()
        self._reach: dict[str, tuple[tuple[Hex, Move], ...]] = {}  # see _candidates
        self._fire: dict[str, list[Plot]] = {}  # fire plots per unit, for one plot segment
        self.pins: set[str] = set()
        self.delayed_panic: set[str] = set()
        self.disruption: dict[str, int] = {}
        self.destroyed: list[str] = []
        self.wrecks: list[str] = []
        #: Units that fired, with the hex: spotted at any range until they leave it [11.14].
        self.spotted: dict[str, Hex] = {}
        self.pending: list[tuple[str, str]] = []
        #: Units that left the map, with what they carried (exits are not in this slice yet).
        self.exited: dict[str, tuple[str, ...]] = {}
        #: The hex each exited unit left the map from [7.23].
        self.exits_at: dict[str, Hex] = {}
        #: Units of a side that entered the map through a hex this Game-Turn [18.62].
        self.entered: dict[tuple[str, Hex], int] = {}
        self.watch = VictoryWatch()
        #: Concentrations and strikes allocated, each used once [15.12].
        self.support_used: set[str] = set()
        #: Units spotted by counterbattery, with the hex: open to Indirect Fire there [6.78].
        self.cb_spotted: dict[str, Hex] = {}
        #: The Game-Turn each counterbattery unit last fired (once a turn [6.75]).
        self.cb_fired: dict[str, int] = {}
        self.if_targets: dict[tuple[int, int, str], tuple[Hex, ...]] = {}  # spotted_targets
        #: Panic this Game-Turn and when the shooting started [14.0], [14.82].
        self.panic = PanicRecord()
        #: Units that overran this Game-Turn: one overrun each [13.22].
        self.overran: set[str] = set()
        self._overruns: dict[str, list[Move]] = {}  # overrun moves per unit, for one segment
        #: Improved Positions standing, by owner [12.22]; the units inside them [12.1].
        self.ips: dict[Hex, str] = dict(game.fortified.ips)
        self.inside: dict[str, Hex] = dict(game.fortified.inside)
        #: Mined hexes whose marker a Mine Attack has placed: known to both sides [17.0].
        self.mines_revealed: set[Hex] = set()
        #: Units whose Opportunity Fire has fired this Game-Turn: once each [6.56].
        self.of_used: set[str] = set()
        for event in (*game.deployment.events, *game.fortified.events):
            self.emit(event)
        self._begin()
        self._advance()

    # --- where play is ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.game.steps[self.step][0]

    @property
    def segment(self) -> Segment:
        return self.game.steps[self.step][1]

    def to_act(self) -> tuple[str, ...]:
        if self.over:
            return ()
        return tuple(s for s in self.game.actor(self.segment) if s not in self.done)

    def is_terminal(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        return self._evaluate() if self.over else None

    def _evaluate(self) -> Outcome:
        return evaluate_outcome(self)

    def plotted_to_move(self) -> set[str]:
        """Units plotted MV this Game-Turn [7.4], [6.66]."""
        return {u for plots in self.plots.values() for u, p in plots.items() if p.task == "MV"}

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self, side: str | None = None) -> list[Action]:
        sides = [s for s in self.to_act() if side is None or s == side]
        found: list[Action] = []
        for s in sides:
            if self.segment.id == "plot":
                for u in self._units(s):
                    if u not in self.plots[s]:
                        found.extend(self._plots_of(u))
                found.append(Done(s))
            elif self.segment.id == ALLOCATE:
                found.extend(support_plots(self, s))
                found.append(Done(s))
            elif self.segment.id in MOVEMENT_SEGMENTS:
                occupied = self._occupied()
                for unit in self._to_move(s):
                    found.extend(self._moves(unit, occupied))
        return found

    def _units(self, side: str) -> list[str]:
        return [u.id for u in self.game.deployment.units if u.side == side]

    def _plottable(self, side: str) -> list[str]:
        return [u for u in self._units(side) if self._plots_of(u)]

    def _plots_of(self, unit: str) -> list[Plot]:
        """Every task ``unit`` may be plotted now [5.4]: MV, then its DF and CA targets."""
        found = self._fire.get(unit)
        if found is None:
            mv = [Plot(unit, "MV")] if self._why_not_plot_mv(unit) is None else []
            found = mv + fire_plots(self, unit) + opportunity_plots(self, unit)
            found = self._fire[unit] = found + indirect_plots(self, unit)
        return found

    def _why_not_plot_mv(self, unit: str) -> str | None:
        spec = self.game.specs[unit]
        if waiting(self, unit) and spec.movement_allowance >= 1:
            return why_not_enter(self, unit)
        if unit not in self.hexes:
            return "it is not on the map"
        if unit in self.carried_by:
            return None  # to dismount: both units are plotted MV [9.6]
        if spec.movement_class == "none" or spec.movement_allowance < 1:
            if mountable(self, unit):
                return None  # to be mounted by the carrier beside it [9.6], [9.13]
            return "it has no Movement Allowance and moves only when carried [9.0]"
        if self.disruption.get(unit):
            return f"it is disrupted (D{self.disruption[unit]}) and may not move [6.82]"
        return None

    def _to_move(self, side: str) -> list[str]:
        plotted = self.plots[side]
        return [
            u
            for u in self._units(side)
            if u in plotted and u not in self.moved and self._held(u) is None
        ]

    def _held(self, unit: str) -> str | None:
        """Why a unit plotted to move may not move now, or None [6.82]."""
        if unit not in self.hexes and not waiting(self, unit):
            return "it was destroyed [6.82]"
        if self.plots[self.game.specs[unit].side][unit].task != "MV":
            return "it was not plotted to move [5.3]"
        if unit in self.pins:
            return "it is pinned: no move in this Movement Phase [6.82]"
        if self.disruption.get(unit):
            return f"it is disrupted (D{self.disruption[unit]}) [6.82]"
        return panic_held(self, unit)

    def _moves(self, unit: str, occupied: dict[Hex, set[str]]) -> list[Move]:
        """A move to each vacant hex the unit can reach (by a cheapest path), and the cheapest
        way out and back into its own hex [7.12]."""
        if unit in self.panic.panicked:
            return [Move(unit, ("scatter",))]  # its only move [14.11]
        if unit in self.carried_by:
            return []  # a passenger moves with its carrier [9.0]
        if is_inside(self, unit):  # its only move: climbing out [12.4]
            allowance = self.game.specs[unit].movement_allowance
            return [Move(unit, (OUT_OF_IP,))] if allowance >= 1 else []
        mine = {unit, *passengers(self, unit)}
        held = {h for h, there in occupied.items() if not there <= mine}  # by other units
        found = [m for h, m in self._candidates(unit) if h not in held]
        if self.game.specs[unit].carrier:
            found.extend(transport_moves(self, unit))
        return found + self._overrun_moves(unit, held)

    def _overrun_moves(self, unit: str, held: set[Hex]) -> list[Move]:
        """The unit's overruns [13.0], worked out once a segment (until an overrun changes
        the map), those whose hexes other units now hold left out [13.24]."""
        found = self._overruns.get(unit)
        if found is None:
            found = self._overruns[unit] = overrun_moves(self, unit)
        if not found:
            return found
        resolve = self.game.amap.resolve
        return [m for m in found if resolve(m.path[-1]) not in held]

    def clear_reach(self) -> None:
        """Forget the moves worked out this segment: units were removed from the map."""
        self._reach = {}
        self._overruns = {}

    def _candidates(self, unit: str) -> tuple[tuple[Hex, Move], ...]:
        """Every destination with its move, vacant or not, worked out once a segment: enemy
        units stand still while a side moves, so what the unit can reach does not change."""
        found = self._reach.get(unit)
        if found is not None:
            return found
        if waiting(self, unit):  # entry costs change as the queue enters [18.62]
            return self._entries(unit)
        where = reach(self, unit)
        name = self.game.name
        previous = where.previous
        paths: dict[Hex, tuple[str, ...]] = {where.start: ()}

        def path(h: Hex) -> tuple[str, ...]:  # where.path(h) by name, sharing the prefixes
            known = paths.get(h)
            if known is None:
                chain = [h]
                while (p := previous[chain[-1]]) not in paths:
                    chain.append(p)
                known = paths[p]
                for step in reversed(chain):
                    known = paths[step] = (*known, name(step))
            return known

        moves = [
            (h, Move(unit, path(h))) for h in sorted(where.costs, key=name) if h != where.start
        ]
        back = self._round_trip(unit, where.start)
        if back is not None:
            moves.append((where.start, Move(unit, (name(back), name(where.start)))))
        moves.extend(self._exits(unit, where.costs, path))
        self._reach[unit] = tuple(moves)
        return self._reach[unit]

    def _exits(
        self, unit: str, costs: Mapping[Hex, float], path: Callable[[Hex], tuple[str, ...]]
    ) -> list[tuple[Hex, Move]]:
        """A move off the map from each exit hex the unit can reach and still pay to leave
        [7.23], [18.5] (keyed by :data:`OFF_MAP`: the destination is never occupied)."""
        spec = self.game.specs[unit]
        found = []
        for h in sorted(exit_hexes(self, spec.side) & costs.keys(), key=self.game.name):
            cost = exit_cost(self, unit, h)
            leave = cost.cost if cost is not None else None
            if leave is not None and costs[h] + leave <= spec.movement_allowance:
                found.append((OFF_MAP, Move(unit, (*path(h), OFF))))
        return found

    def _entries(self, unit: str) -> tuple[tuple[Hex, Move], ...]:
        """Every destination of a unit entering the map, by a cheapest path [18.6]."""
        where = reach(self, unit)
        name = self.game.name
        return tuple(
            (h, Move(unit, tuple(name(s) for s in where.path(h))))
            for h in sorted((h for h in where.costs if h != where.start), key=name)
        )

    def _occupied(self) -> dict[Hex, set[str]]:
        found: dict[Hex, set[str]] = {}
        for u, h in self.hexes.items():
            found.setdefault(h, set()).add(u)
        return found

    def _round_trip(self, unit: str, start: Hex) -> Hex | None:
        """The neighbour of the cheapest affordable step out and back, if any."""
        allowance = self.game.specs[unit].movement_allowance
        best: tuple[float, Hex] | None = None
        for n in start.neighbors():
            out = step_cost(self, unit, start, n)
            back = step_cost(self, unit, n, start)
            if out is None or back is None or out.cost is None or back.cost is None:
                continue
            total = out.cost + back.cost
            if total <= allowance and (best is None or (total, n) < best):
                best = (total, n)
        return best[1] if best else None

    # --- applying actions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, Plot):
            self._plot(action)
        elif isinstance(action, Move):
            self._move(action)
        elif isinstance(action, Done):
            self._done(action)
        else:
            raise IllegalActionError(f"'{action.text()}': not an action of Panzer '44")

    def _side_of(self, action: Action, unit: str) -> str:
        spec = self.game.specs.get(unit)
        if spec is None:
            raise IllegalActionError(f"'{action.text()}': there is no unit '{unit}'")
        if spec.side not in self.to_act():
            raise IllegalActionError(
                f"'{action.text()}': {spec.side} may not act now ({self._where()})"
            )
        return spec.side

    def _where(self) -> str:
        acting = ", ".join(self.to_act()) or "nobody"
        return f"Game-Turn {self.turn}, {self.segment.name}; to act: {acting}"

    def _plot(self, action: Plot) -> None:
        if self.segment.id == ALLOCATE or action.unit in self.game.support:
            allocate(self, action)
            return
        if self.segment.id != "plot":
            raise IllegalActionError(f"'{action.text()}': plot only in the Mutual Plot Phase [4.1]")
        side = self._side_of(action, action.unit)
        if action.task not in PLAYABLE_TASKS:
            raise IllegalActionError(f"'{action.text()}': the {action.task} task is {_NOT_YET}")
        if action.unit in self.plots[side]:
            raise IllegalActionError(
                f"'{action.text()}': {action.unit} already has its task for this Game-Turn [5.3]"
            )
        if action.task == "MV":
            why = self._why_not_plot_mv(action.unit)
            if why is not None:
                raise IllegalActionError(f"'{action.text()}': {action.unit} cannot move: {why}")
        elif action.task in ("IF", "CB"):
            target = self._hex(action, action.target) if action.target else None
            check_indirect_plot(self, action, target)
        else:
            self._check_fire_plot(action)
        self.plots[side][action.unit] = action
        self.emit(Plotted(action.unit, action.text(), private_to=side))

    def _check_fire_plot(self, action: Plot) -> None:
        why = why_not_fire(self, action.unit)
        h_class = self.game.specs[action.unit].weapon_class == "H"
        if why is None and action.pattern is not None and not h_class:
            why = "only H Class fire has a pattern [6.21]"
        if why is None and action.task == "OF":
            why = why_not_line(self, action, self._hex(action, action.target or ""))
        elif why is None:
            why = why_not_target(self, action, self._hex(action, action.target or ""))
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {action.unit} may not fire: {why}")

    def _done(self, action: Done) -> None:
        if action.side not in self.game.sides:
            raise IllegalActionError(f"'{action.text()}': there is no side '{action.side}'")
        if action.side not in self.to_act():
            raise IllegalActionError(f"'{action.text()}': {action.side} may not act now")
        if self.segment.id not in ("plot", ALLOCATE):
            raise IllegalActionError(
                f"'{action.text()}': a Movement Phase ends by itself once every unit plotted "
                "to move has moved [4.1] 4, [7.12]"
            )
        self.done.add(action.side)
        self.emit(SideDone(action.side, self.segment.id))

    def _move(self, action: Move) -> None:
        if self.segment.id not in MOVEMENT_SEGMENTS:
            raise IllegalActionError(f"'{action.text()}': units move in the Movement Phase [4.1]")
        side = self._side_of(action, action.unit)
        unit = action.unit
        plot = self.plots[side].get(unit)
        if plot is None or plot.task != "MV":
            raise IllegalActionError(f"'{action.text()}': {unit} was not plotted to move [5.3]")
        if unit in self.moved:
            raise IllegalActionError(f"'{action.text()}': {unit} has moved this turn [7.0]")
        held = self._held(unit)
        if held is not None:
            raise IllegalActionError(f"'{action.text()}': {unit} may not move: {held}")
        if check_scatter(self, action):
            scatter(self, unit)  # [14.11]
            return
        if action.path == (OUT_OF_IP,):
            climb_out(self, unit, action.text())  # [12.4]
            self.watch.sample(self)
            return
        if is_inside(self, unit):
            raise IllegalActionError(
                f"'{action.text()}': {unit} is inside an Improved Position: it climbs out "
                f"first ('move {unit} {OUT_OF_IP}'), with its entire Movement Allowance [12.4]"
            )
        if action.path[0] in (MOUNT, DISMOUNT) and len(action.path) == 2:
            execute_transport(self, action, self._hex(action, action.path[1]))  # [9.0]
            return
        names, overrun = split_overrun(action)
        if overrun is not None:
            path = tuple(self._hex(action, name) for name in names)
            execute_overrun(self, action, path, overrun)  # [13.0]
            return
        leaving = action.path[-1] == OFF
        names = action.path[:-1] if leaving else action.path
        path = tuple(self._hex(action, name) for name in names)
        entering = waiting(self, unit)
        if leaving and (entering or not path):
            self._leave(action, unit, side, [])
            return
        entry = entry_cost(self, unit, path[0]) if entering and path else None
        walked = check_path(self, unit, path, ends_here=not leaving)
        riders = passengers(self, unit)
        if entry is not None:
            key = (side, walked[0].hex)
            self.entered[key] = self.entered.get(key, 0) + 1
            self.emit(MapEntered(unit, self.game.name(entry.hex), entry.cost, entry.why))
        before = None if entry is not None else self.hexes[unit]
        for step in walked:
            self.hexes[unit] = step.hex
            self.spotted.pop(unit, None)  # spotted until it leaves the hex [11.14]
            for p in riders:
                self.hexes[p] = step.hex
            name = self.game.amap.name(step.hex)
            self.emit(HexEntered(unit, name, step.cost, step.spent, step.placeholder))
            why = interrupt(self, unit, before, step.hex)  # [6.5], [17.13], [17.14]
            if why is not None:
                self._stop(unit, side, riders, step, why)
                return
            before = step.hex
        if leaving:
            self._leave(action, unit, side, walked)
            return
        self.moved.add(unit)
        self.moved.update(p for p in riders if p in self.plots[side])  # carried along [9.0]
        end = self.game.amap.name(self.hexes[unit])
        allowance = self.game.specs[unit].movement_allowance
        carrying = ", ".join(riders) or None
        self.emit(MoveEnded(unit, end, walked[-1].spent, allowance, carrying))
        settle(self, unit)  # into an Improved Position [12.4]
        self.watch.sample(self)

    def _stop(self, unit: str, side: str, riders: list[str], step: Step, why: str) -> None:
        """The move ends where it was interrupted [6.55], [17.13], [17.14]."""
        self.moved.add(unit)
        self.moved.update(p for p in riders if p in self.plots[side])
        if unit in self.hexes:
            self.emit(MoveStopped(unit, self.game.name(step.hex), why))
            unstack(self, unit)  # [8.33]
            allowance = self.game.specs[unit].movement_allowance
            end = self.game.name(self.hexes[unit])
            self.emit(MoveEnded(unit, end, step.spent, allowance, ", ".join(riders) or None))
            settle(self, unit)
        self.watch.sample(self)

    def _leave(self, action: Move, unit: str, side: str, walked: list[Step]) -> None:
        """The unit (with what it carries) leaves the map from where it stands [7.23]."""
        here = self.hexes.get(unit)
        spent = walked[-1].spent if walked else 0.0
        cost = exit_cost(self, unit, here) if here is not None else None
        if here is None or cost is None or cost.cost is None:
            where = self.game.name(here) if here is not None else "off the map"
            raise IllegalActionError(
                f"'{action.text()}': {unit} may not leave the map from {where}: units exit "
                "only where the scenario says [7.23]"
            )
        allowance = self.game.specs[unit].movement_allowance
        if spent + cost.cost > allowance:
            raise IllegalActionError(
                f"'{action.text()}': leaving the map from {self.game.name(here)} costs "
                f"{cost.cost:g} MP more; {spent:g} of {allowance} are spent [18.5]"
            )
        riders = passengers(self, unit)
        for u in (unit, *riders):
            del self.hexes[u]
            self.spotted.pop(u, None)
        self.exited[unit] = tuple(riders)
        for p in riders:
            self.exited[p] = ()
        self.exits_at[unit] = here
        self.moved.add(unit)
        self.emit(MapLeft(unit, self.game.name(here), cost.cost, spent + cost.cost, tuple(riders)))
        self.watch.sample(self)

    def _hex(self, action: Action, name: str) -> Hex:
        try:
            return self.game.amap.resolve(name)
        except KeyError:
            raise IllegalActionError(f"'{action.text()}': no hex '{name}' on the map") from None

    # --- the sequence -----------------------------------------------------------------------

    def _begin(self) -> None:
        self.emit(SegmentBegan(self.turn, self.phase.name, self.segment.id))
        self.watch.sample(self)

    def _advance(self) -> None:
        while not self.over:
            segment = self.segment
            if segment.id == "plot":
                for s in self.to_act():
                    if not [u for u in self._plottable(s) if u not in self.plots[s]]:
                        self.done.add(s)
                        self.emit(SideDone(s, "plot"))
                if self.to_act():
                    return
            elif segment.id == ALLOCATE:
                for s in self.to_act():
                    if not support_plots(self, s):
                        self.done.add(s)
                        if any(c.side == s for c in self.game.support.values()):
                            self.emit(SideDone(s, ALLOCATE))
                if self.to_act():
                    return
            elif segment.id in MOVEMENT_SEGMENTS:
                if self._can_move():
                    return
                self._end_movement()
            elif not self._resolve_segment(segment.id):
                self.emit(SegmentSkipped(segment.id, EXTENSIONS[segment.id]))
            self._next_segment()

    def _resolve_segment(self, segment: str) -> bool:
        """Resolve a segment that needs no decision; False if this slice does not."""
        if segment in DIRECT_FIRE_SEGMENTS:
            side = self.game.first if segment.startswith("first") else self.game.second
            for unit in self._units(side):
                plot = self.plots[side].get(unit)
                if plot is not None and plot.task in ("DF", "CA"):
                    if fire_cancelled(self, unit):
                        cancel_fire(self, unit, plot.text())  # [14.31]
                        continue
                    self.pending.extend(resolve(self, plot))
        elif segment == "apply-direct-fire":
            pending, self.pending = self.pending, []
            apply_results(self, pending)
        elif segment in INDIRECT_FIRE_SEGMENTS:
            side = self.game.first if segment.startswith("first") else self.game.second
            resolve_indirect_fire(self, side)
        elif segment == "panic":
            determine(self)  # [14.0]
        elif segment == "remove-pins":
            remove_pins(self)
        elif segment == "remove-disruption":
            remove_disruption(self)
        else:
            return False
        return True

    def _can_move(self) -> bool:
        occupied = self._occupied()
        return any(self._moves(u, occupied) for s in self.to_act() for u in self._to_move(s))

    def _end_movement(self) -> None:
        for side in self.game.actor(self.segment):
            for unit in self._to_move(side):
                reason = "no legal move: hemmed in, or short of Movement Points [7.12]"
                self.emit(NotMoved(unit, reason))
            for unit, plot in self.plots[side].items():
                held = self._held(unit) if plot.task == "MV" else None
                if held is not None and unit in self.hexes:
                    self.emit(NotMoved(unit, held))

    def _next_segment(self) -> None:
        self.done.clear()
        self._reach = {}
        self._overruns = {}
        self._fire = {}
        self.step += 1
        if self.step == len(self.game.steps):
            positions_end_of_turn(self)  # [12.22]
            if self.turn == self.game.turns:
                self.over = True
                outcome = self._evaluate()
                self.emit(GameEnded(outcome.winner, outcome.reason))
                return
            self.turn += 1
            self.step = 0
            self.plots = {s: {} for s in self.game.sides}
            self.moved = set()
            self.overran = set()
            self.entered = {}
            self.of_used = set()
        self._begin()

    # --- views and hashes -------------------------------------------------------------------

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know now: never the other side's plots [4.1] 1."""
        return side_view(self, side)

    def mines_known_to(self, side: str) -> list[str]:
        """The mined hexes ``side`` knows of, by name: its own, and the enemy's revealed by a
        Mine Attack [17.0]; the rest are hidden from it."""
        return mines_known_to(self, side)

    def _snapshot(self) -> dict[str, Any]:
        return (
            {
                "scenario": self.game.scenario.id,
                "turn": self.turn,
                "step": self.step,
                "over": self.over,
                "hexes": {u: [h.q, h.r] for u, h in sorted(self.hexes.items())},
                "carried_by": dict(sorted(self.carried_by.items())),
                "plots": {s: sorted(p.text() for p in ps.values()) for s, ps in self.plots.items()},
                "done": sorted(self.done),
                "moved": sorted(self.moved),
                "pins": sorted(self.pins),
                "delayed_panic": sorted(self.delayed_panic),
                "disruption": dict(sorted(self.disruption.items())),
                "destroyed": list(self.destroyed),
                "wrecks": list(self.wrecks),
                "spotted": {u: [h.q, h.r] for u, h in sorted(self.spotted.items())},
                "pending": [list(p) for p in self.pending],
                "exited": {u: list(c) for u, c in sorted(self.exited.items())},
                "victory": self.watch.snapshot(),
                "panic": self.panic.snapshot(),
                "overran": sorted(self.overran),
            }
            | (  # only in games where units enter or leave, so the others' fingerprints stand
                {"entered": sorted([s, h.q, h.r, n] for (s, h), n in self.entered.items())}
                if self.game.arrivals
                else {}
            )
            | (
                {"exits_at": {u: [h.q, h.r] for u, h in sorted(self.exits_at.items())}}
                if self.exits_at
                else {}
            )
            | ({"support_used": sorted(self.support_used)} if self.game.support else {})
            | (
                {"cb_spotted": {u: [h.q, h.r] for u, h in sorted(self.cb_spotted.items())}}
                if self.cb_spotted
                else {}
            )
            | ({"cb_fired": dict(sorted(self.cb_fired.items()))} if self.cb_fired else {})
            | ({"of_used": sorted(self.of_used)} if self.of_used else {})
            | (
                {
                    "ips": sorted([h.q, h.r, s] for h, s in self.ips.items()),
                    "inside": {u: [h.q, h.r] for u, h in sorted(self.inside.items())},
                    "mines_revealed": sorted([h.q, h.r] for h in self.mines_revealed),
                }
                if self.ips or self.game.fortified.mines or self.inside
                else {}
            )
        )

    def _detach(self) -> None:
        self.hexes = dict(self.hexes)
        self.carried_by = dict(self.carried_by)
        self.plots = {s: dict(p) for s, p in self.plots.items()}
        self.done = set(self.done)
        self.moved = set(self.moved)
        self._reach = dict(self._reach)
        self._fire = dict(self._fire)
        self.pins = set(self.pins)
        self.delayed_panic = set(self.delayed_panic)
        self.disruption = dict(self.disruption)
        self.destroyed = list(self.destroyed)
        self.wrecks = list(self.wrecks)
        self.spotted = dict(self.spotted)
        self.pending = list(self.pending)
        self.exited = dict(self.exited)
        self.entered = dict(self.entered)
        self.exits_at = dict(self.exits_at)
        self.watch = self.watch.clone()
        self.panic = self.panic.clone()
        self.overran = set(self.overran)
        self._overruns = dict(self._overruns)
        self.support_used = set(self.support_used)
        self.cb_spotted = dict(self.cb_spotted)
        self.cb_fired = dict(self.cb_fired)
        self.if_targets = dict(self.if_targets)
        self.ips = dict(self.ips)
        self.inside = dict(self.inside)
        self.mines_revealed = set(self.mines_revealed)
        self.of_used = set(self.of_used)


def reachable(state: Panzer44State, unit: str) -> dict[Hex, float]:
    """Each hex ``unit`` can reach now with its cheapest cost in Movement Points, the hex it
    stands in left out [7.1], [10.1] (see :mod:`rules.p44_movement`)."""
    return reachable_hexes(state, unit)
