"""Panzer '44 on the engine core: the Game-Turn's sequence of play, plotting and movement.

What this slice plays, by the book:

- The Sequence of Play [4.1] as data (:data:`rules.panzer44.sequence.PANZER44_SEQUENCE`), walked
  segment by segment for the scenario's number of Game-Turns [18.2].
- The Mutual Plot Phase [4.1] 1, [5.0]-[5.4]: both sides plot at once, each unit at most one
  task [5.3]; each side's plots are hidden from the other (:meth:`Panzer44State.view_for`,
  ``private_to`` events) and all are collected before anything is resolved.
- The Direct Fire Phase [4.1] 3, [6.3], [6.6]: each side's DF and CA plots, First Player
  first, each attack explained (:mod:`rules.panzer44.fire`); results placed for both sides' fire
  together at the end of the phase [5.1] (:mod:`rules.panzer44.results`).
- The Movement Phase [4.1] 4, [5.2], [7.0]: the First Player moves his units plotted MV, then
  the Second Player; only units plotted MV move, and each must move if it can [4.1] 4, [7.12];
  a carrier takes its passenger along [8.2], [9.2]. Pinned and disrupted units stay [6.82].
- The Pin and Disruption Removal Phase [4.1] 5, [6.83].
- Entry onto the map of forces that enter on Game-Turn One and of reinforcements, in column or
  free formation [18.6], and exits where the scenario allows them [7.23]
  (:mod:`rules.panzer44.entry`).
- Victory at the end of the last Game-Turn [18.5] (:mod:`rules.panzer44.victory`).
- Panic [14.0] in the Panic Determination Phase, its effects on fire and movement (scatter)
  (:mod:`rules.panzer44.panic`); mounting and dismounting [9.0] (:mod:`rules.panzer44.transport`)
  and overruns [13.0] (:mod:`rules.panzer44.overrun`) as moves of units plotted MV.

- Off-board artillery and close air support allocated in the Mutual Plot Phase [4.1] 1, [15.0],
  [16.0], and the Indirect Fire Phase [4.1] 6: Indirect Fire, counterbattery, off-board
  artillery and air strikes with scatter, each attack explained (:mod:`rules.panzer44.indirect`,
  :mod:`rules.panzer44.indirect_fire`).

- Opportunity Fire [6.5] and mines [17.13]-[17.14], interrupting a move at each hex entered,
  a scatter's and an overrun's too, and OF at a carrier's step to mount or dismount [9.32]
  (:mod:`rules.panzer44.opportunity`); what meets an overrun in the hex overrun is taken in its exit
  hex [13.8], [17.15]. Improved Positions [12.0] and mined hexes [17.0] placed at the
  deployment, the IP's benefit, its cost to climb out, the way back inside from on top [12.4],
  its infantry unit and anti-tank gun stacked [8.1], [12.3]
  (:mod:`rules.panzer44.fortifications`). Wrecks negate the road rate [10.4]
  (:mod:`rules.panzer44.roads`).

- The scenario's special rules (:attr:`Panzer44Game.enforces`,
  :mod:`rules.panzer44.scenario_rules`): its bans on Direct, Opportunity and Indirect Fire, on
  overruns and on entering an area, never offered and refused with the rule cited; caps on
  support, exits, deployment limits, overrides of [10.4] and [12.22], terrain overrides. Those
  it does not enforce are listed in every outcome (:mod:`rules.engine.special_rules`).
- The optional Alternate Procedure of counterbattery spotting [6.79], when the scenario names
  it in ``rules.options`` (:mod:`rules.panzer44.indirect_fire`).

Not yet: reinforcements that arrive on a condition (none of the book's 14 scenarios has one:
they stay off the map with an event saying so); mines on a carrier's mount or dismount step.
Every task can be plotted.

This module holds the game (:class:`Panzer44Game`: the scenario's set-up), the state's data and
its API (:class:`Panzer44State`) and the walk through the sequence of play, which resolves the
segments that need no decision. The actions a side may take are listed in
:mod:`rules.panzer44.legal` (plots and moves) and applied in :mod:`rules.panzer44.apply`; the
state's ``legal_actions`` and ``apply`` delegate to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.position import GamePosition
from model.regions import RegionContext, evaluate
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.victory import AreaBan
from rules.engine.actions import Action, Move
from rules.engine.core import Outcome, State
from rules.engine.errors import UnsupportedGameError
from rules.engine.events import GameEnded, SegmentBegan, SegmentSkipped, SideDone
from rules.engine.play import ActionFocus, Preview, Progress, SideView
from rules.engine.positions import UnitPosition
from rules.engine.sequence import Phase, Segment, steps
from rules.maps.game import MapGame
from rules.panzer44 import view
from rules.panzer44.actions import Plot
from rules.panzer44.apply import PLAYABLE_TASKS as PLAYABLE_TASKS
from rules.panzer44.apply import apply
from rules.panzer44.entry import Arrival, exit_regions, outside
from rules.panzer44.events import NotMoved
from rules.panzer44.fire import resolve
from rules.panzer44.fortifications import Fortified, fortify, mines_known_to
from rules.panzer44.fortifications import end_of_turn as positions_end_of_turn
from rules.panzer44.indirect import ALLOCATE, concentrations, support_plots
from rules.panzer44.indirect_fire import INDIRECT_FIRE_SEGMENTS, resolve_indirect_fire
from rules.panzer44.legal import (
    MOVEMENT_SEGMENTS,
    has_moves,
    legal_actions,
    occupancy,
    plottable,
    to_move,
    units_of,
    why_held,
)
from rules.panzer44.movement import MoveCosts, reachable_hexes
from rules.panzer44.panic import Panic, cancel_fire, determine, fire_cancelled
from rules.panzer44.position import Panzer44PositionState, read_position, write_position
from rules.panzer44.records import (
    Board,
    Entry,
    Fire,
    Fortifications,
    Losses,
    Orders,
    Play,
    Support,
    Worked,
)
from rules.panzer44.results import apply_direct_fire, remove_disruption, remove_pins
from rules.panzer44.scenario_rules import ENFORCED, area_bans
from rules.panzer44.sequence import PANZER44_SEQUENCE
from rules.panzer44.setup import UnitSpec, deploy
from rules.panzer44.transport import mounted_setup
from rules.panzer44.victory import VictoryWatch, evaluate_outcome

if TYPE_CHECKING:
    from rules.records.position import PositionReader

RULES_VERSION = "panzer44-0.1"

#: The segments this slice does not resolve, and the rules their handlers will implement.
EXTENSIONS: dict[str, str] = {}

DIRECT_FIRE_SEGMENTS = ("first-player-direct-fire", "second-player-direct-fire")


class Panzer44Game(MapGame):
    """A Panzer '44 scenario made playable: map, costs, counters and their set-up."""

    system = GameSystem.PANZER44
    rules_version = RULES_VERSION
    actions = (Plot, Move)
    position_state = Panzer44PositionState
    enforces = ENFORCED

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
        #: Each side's units in the order of the deployment.
        self.side_units: dict[str, tuple[str, ...]] = {
            s: tuple(u.id for u in self.deployment.units if u.side == s) for s in self.sides
        }
        #: Off-board artillery concentrations and air strikes, by id [15.0], [16.0].
        self.support = concentrations(scenario)
        #: Units that enter the map during play, and when and where [18.6].
        self.arrivals: dict[str, Arrival] = {a.unit: a for a in self.deployment.arrivals}
        #: The First Player moves first [4.1] 4; named by the scenario [18.43].
        self.first: str = scenario.first_player or self.sides[0]
        self.second: str = next(s for s in self.sides if s != self.first)
        self.steps: tuple[tuple[Phase, Segment], ...] = steps(PANZER44_SEQUENCE)
        #: The Opportunity Fire plots listed from a hex at a range (rules/panzer44/opportunity.py).
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
        #: The scenario's areas its sides may not enter, and those banned by side and Game-Turn
        #: (20.4; :mod:`rules.panzer44.scenario_rules`).
        self.area_bans: tuple[tuple[AreaBan, frozenset[Hex]], ...] = area_bans(self)
        self.banned: dict[tuple[str, int], frozenset[Hex]] = {}

    def _play_area(self) -> frozenset[Hex] | None:
        region = self.scenario.map.play_area
        if region is None:
            return None
        ctx = RegionContext(self.amap, overlay_terrain=self.terrain.overlays.stacks)
        return evaluate(region, ctx)

    def new_initial_state(self, seed: int = 0) -> Panzer44State:
        return Panzer44State(self, seed)

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> Panzer44State:
        """The state a position file describes (:mod:`rules.panzer44.position`)."""
        return read_position(self, position, reader, Panzer44State)

    def unit_name(self, unit: str) -> str:
        """A unit's catalogue name, or an off-board concentration's or strike's [15.0]."""
        if unit in self.specs:
            return self.specs[unit].name
        if unit in self.support:
            return self.support[unit].spec().name
        return unit

    def actor(self, segment: Segment) -> tuple[str, ...]:
        """The sides that decide in a segment."""
        return {"both": self.sides, "first": (self.first,), "second": (self.second,)}.get(
            segment.actor, ()
        )


class Panzer44State(State):
    """A Panzer '44 game in progress. Its position is records grouped by concern
    (:mod:`rules.panzer44.records`; panic's and victory's in their modules): where play is
    (``play``), where units stand (``board``), this Game-Turn's plots (``orders``), ``fire``,
    ``losses``, ``entry`` and exit, off-board ``support``, fortifications (``forts``),
    ``panic``, the victory ``watch`` and what is worked out once (``worked``); the base
    :class:`~rules.engine.core.State` clones and fingerprints them."""

    game: Panzer44Game

    def __init__(self, game: Panzer44Game, seed: int, *, begin: bool = True) -> None:
        """A game at its start; ``begin=False``: the records only, nothing logged or resolved
        (a position file fills them in: :mod:`rules.panzer44.position`)."""
        super().__init__(game, seed)
        self.play = Play(game.scenario.id)
        self.board = Board(dict(game.deployment.hexes), dict(game.deployment.carried_by))
        self.orders = Orders({s: {} for s in game.sides})
        self.fire = Fire()
        self.losses = Losses()
        self.entry = Entry(arrivals=bool(game.arrivals))
        self.support = Support(offboard=bool(game.support))
        self.forts = Fortifications(
            dict(game.fortified.ips), dict(game.fortified.inside), mined=bool(game.fortified.mines)
        )
        self.panic = Panic()
        self.watch = VictoryWatch()
        self.worked = Worked()
        if not begin:
            return
        for event in (*game.deployment.events, *game.fortified.events):
            self.emit(event)
        self._begin()
        self._advance()

    # --- where play is ----------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.game.steps[self.play.step][0]

    @property
    def segment(self) -> Segment:
        return self.game.steps[self.play.step][1]

    def to_act(self) -> tuple[str, ...]:
        if self.play.over:
            return ()
        return tuple(s for s in self.game.actor(self.segment) if s not in self.play.done)

    def is_terminal(self) -> bool:
        return self.play.over

    def judge(self) -> Outcome | None:
        return self._evaluate() if self.play.over else None

    def _evaluate(self) -> Outcome:
        return evaluate_outcome(self)

    def plotted_to_move(self) -> set[str]:
        """Units plotted MV this Game-Turn [7.4], [6.66]."""
        return {
            u for plots in self.orders.plots.values() for u, p in plots.items() if p.task == "MV"
        }

    # --- actions: listed in rules/panzer44/legal.py, applied in rules/panzer44/apply.py
    # ----------------

    def legal_actions(self, side: str | None = None) -> list[Action]:
        return legal_actions(self, side)

    def _apply(self, action: Action) -> None:
        apply(self, action)

    def clear_reach(self) -> None:
        """Forget the moves worked out this segment: units were removed from the map."""
        self.worked.reach = {}
        self.worked.overruns = {}

    # --- the sequence -----------------------------------------------------------------------

    def _begin(self) -> None:
        self.emit(SegmentBegan(self.play.turn, self.phase.name, self.segment.id))
        self.watch.sample(self)

    def _advance(self) -> None:
        while not self.play.over:
            segment = self.segment
            if segment.id == "plot":
                for s in self.to_act():
                    plotted = self.orders.plots[s]
                    if all(u in plotted for u in plottable(self, s)):
                        self.play.done.add(s)
                        self.emit(SideDone(s, "plot"))
                if self.to_act():
                    return
            elif segment.id == ALLOCATE:
                for s in self.to_act():
                    if not support_plots(self, s):
                        self.play.done.add(s)
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
            for unit in units_of(self, side):
                plot = self.orders.plots[side].get(unit)
                if plot is not None and plot.task in ("DF", "CA"):
                    if fire_cancelled(self, unit):
                        cancel_fire(self, unit, plot.text())  # [14.31]
                        continue
                    self.fire.pending.extend(resolve(self, plot))
        elif segment == "apply-direct-fire":
            apply_direct_fire(self)
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
        occupied = occupancy(self)
        return any(has_moves(self, u, occupied) for s in self.to_act() for u in to_move(self, s))

    def _end_movement(self) -> None:
        for side in self.game.actor(self.segment):
            for unit in to_move(self, side):
                reason = "no legal move: hemmed in, or short of Movement Points [7.12]"
                self.emit(NotMoved(unit, reason))
            for unit, plot in self.orders.plots[side].items():
                held = why_held(self, unit) if plot.task == "MV" else None
                if held is not None and unit in self.board.hexes:
                    self.emit(NotMoved(unit, held))

    def _next_segment(self) -> None:
        self.play.done.clear()
        self.worked.reach = {}
        self.worked.overruns = {}
        self.worked.fire = {}
        self.worked.plottable = {}
        self.play.step += 1
        if self.play.step == len(self.game.steps):
            positions_end_of_turn(self)  # [12.22]
            if self.play.turn == self.game.turns:
                self.play.over = True
                outcome = self._evaluate()
                self.emit(GameEnded(outcome.winner, outcome.reason))
                return
            self.play.turn += 1
            self.play.step = 0
            self.orders.plots = {s: {} for s in self.game.sides}
            self.orders.moved = set()
            self.orders.overran = set()
            self.entry.entered = {}
            self.fire.of_used = set()
            self.fire.by_direct_fire = set()
        self._begin()

    # --- views and hashes -------------------------------------------------------------------

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know now: never the other side's plots [4.1] 1."""
        return view.side_view(self, side)

    def progress(self) -> Progress:
        return view.progress(self)

    def positions(self) -> list[UnitPosition]:
        return view.positions(self)

    def reach(self, unit: str) -> dict[Hex, float | None]:
        """Where ``unit`` could move now with its cost in MP [7.1], [10.1]: in the Mutual
        Plot Phase too, where a plot MV says no hex yet."""
        return dict(reachable_hexes(self, unit))

    def describe(self, action: Action) -> str:
        return view.describe(self, action)

    def concerns(self, action: Action) -> ActionFocus:
        return view.concerns(self, action)

    def preview(self, action: Action) -> Preview:
        return view.preview(self, action)

    def to_position(self) -> GamePosition:
        """The state as a position file's data (:mod:`rules.panzer44.position`)."""
        return write_position(self)

    def mines_known_to(self, side: str) -> list[str]:
        """The mined hexes ``side`` knows of, by name: its own, and the enemy's revealed by a
        Mine Attack [17.0]; the rest are hidden from it."""
        return mines_known_to(self, side)


def reachable(state: Panzer44State, unit: str) -> dict[Hex, float]:
    """Each hex ``unit`` can reach now with its cheapest cost in Movement Points, the hex it
    stands in left out [7.1], [10.1] (see :mod:`rules.panzer44.movement`)."""
    return reachable_hexes(state, unit)
