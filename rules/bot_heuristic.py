"""A heuristic bot for Panzer '44 that plays for the scenario's victory conditions.

The strategy, one decision at a time through the Game/State API (STYLE point 2):

- **Objectives** come from the scenario's typed victory conditions (:mod:`model.victory`): the
  regions of the units-in, control, exit and line-of-sight conditions its side scores (only
  for the units a condition counts: its types, labels and categories), the same regions of the
  enemy's conditions to contest them (any combat unit, lower weight), and, where the side
  scores enemy losses or has nothing else to do, closing to its weapon's range of the nearest
  enemy. Distances to a region are Movement Point fields per movement class (a Dijkstra from
  the region over the map's step costs, worked out once a game), so a river or a swamp is seen.
- **Plotting** [5.0]: for each unit, the best Direct Fire or Close Assault among its legal plots
  by expected result, worked out by the engine's own attack preparation
  (:func:`rules.p44_fire.prepare`: range attenuation, Defense, superiority, terrain) and the
  Combat Results Table over the six die faces; a target already shot at this turn is worth
  less (no overkill). It is weighed against what moving gains (the best reachable hex's score
  less the present hex's); a unit that gains nothing either way is left unplotted.
- **Moving** [7.0]: each unit plotted MV goes to the legal destination with the best score:
  progress to its objective (a bonus for standing in it), the terrain benefit of the hex
  [10.21], and a penalty for every enemy that could fire at it there (range, clear line of
  sight, spotting range [11.14]); lines of sight are checked for the few best hexes only.

Fair play: positions and its own plots come from ``state.view_for(side)``; the rules'
evaluation runs on a copy of the state with the other side's plots removed (what the view
says the side may know), so the hidden plots never change a choice. Ties are broken by a
seeded generator of its own (never the global ``random``, never the game's dice).
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from model.base import GameSystem
from model.hexes import Hex
from model.provenance import unwrap
from model.regions import Region
from model.tables import tables
from model.victory import (
    AllConditions,
    AnyCondition,
    Condition,
    Control,
    EnemyLosses,
    Exit,
    LineOfSight,
    UnitFilter,
    UnitsIn,
)
from rules.actions import Action, Done, Move, Plot
from rules.core import State
from rules.errors import RulesError
from rules.p44_entry import OFF, exit_cost, exit_hexes, waiting, why_not_enter
from rules.p44_fire import effect, prepare, victims
from rules.p44_movement import plain, reachable_hexes
from rules.p44_setup import UnitSpec
from rules.p44_victory import UnevaluableError, matches

if TYPE_CHECKING:
    from rules.p44 import Panzer44Game, Panzer44State

#: Utility of each Combat Results Table result, as a share of the target's worth [6.82].
RESULT_WORTH = {"•": 0.0, "Pin": 0.08, "(P)": 0.1}
#: A unit standing in an objective region scores this (in "turns of marching" units).
IN_OBJECTIVE = 3.0
OWN_WEIGHT, CONTEST_WEIGHT, CLOSE_WEIGHT = 1.0, 0.6, 0.35
COVER_WEIGHT = 0.25  # per point of terrain die-roll benefit [10.21]
EXPOSURE_WEIGHT = 0.6  # per enemy unit able to fire at the hex, scaled by its threat
MOVE_THRESHOLD = 0.3  # below this gain, moving is not worth losing fire and cover [7.4]
FIRE_THRESHOLD = 0.05
SHORTLIST = 8  # hexes whose exposure (lines of sight) is worked out
ENTER_GAIN = 100.0  # a unit waiting off the map always plots to enter [18.6]


@dataclass(frozen=True)
class Objective:
    """A region to reach, how much it matters, and which units it is for (None: any combat
    unit)."""

    key: str
    hexes: frozenset[Hex]
    weight: float
    units: UnitFilter | None
    exit: bool = False  # reached by leaving the map from its hexes [7.23]


def objectives(game: Panzer44Game, side: str) -> list[Objective]:
    """The regions ``side`` wants to stand in: its own conditions', then the enemy's."""
    found: list[Objective] = []

    def visit(cond: Condition, path: str) -> None:
        if isinstance(cond, AllConditions | AnyCondition):
            for i, sub in enumerate(cond.conditions):
                visit(sub, f"{path}.{i}")
            return
        if isinstance(cond, UnitsIn | Control | Exit | LineOfSight):
            goal = _goal(cond)
            if goal is None:
                return
            hexes = game.region(goal)
            if cond.side == side:
                units = cond.units.model_copy(update={"states": []})  # states change, types not
                found.append(Objective(path, hexes, OWN_WEIGHT, units, isinstance(cond, Exit)))
            elif not isinstance(cond, Exit):  # an exit is contested by fire, not by standing
                found.append(Objective(path, hexes, CONTEST_WEIGHT, None))

    for i, cond in enumerate(game.scenario.victory.conditions):
        visit(cond, str(i))
    return [o for o in found if o.hexes]


def _goal(cond: UnitsIn | Control | Exit | LineOfSight) -> Region | None:
    """The region a condition sends units to: None when standing there does not help (area
    denial, or a line of sight the side must not have)."""
    if isinstance(cond, LineOfSight):
        return None if cond.negate or cond.enemy else cond.to
    if isinstance(cond, UnitsIn) and cond.enemy:
        return None
    return cond.region


def scores_losses(game: Panzer44Game, side: str) -> bool:
    """Whether ``side`` scores points for enemy losses."""
    return any(
        isinstance(c, EnemyLosses) and c.side == side for c in game.scenario.victory.conditions
    )


def distance_field(
    game: Panzer44Game, goal: frozenset[Hex], movement_class: str
) -> dict[Hex, float]:
    """Movement Points from every hex to the nearest hex of ``goal`` for the class (a
    Dijkstra run backwards from the goal over the map's step costs; enemy units ignored)."""
    costs, area = game.costs, game.play_area
    best: dict[Hex, float] = dict.fromkeys(goal, 0.0)
    queue = [(0.0, h.q, h.r) for h in goal]
    heapq.heapify(queue)
    while queue:
        cost, q, r = heapq.heappop(queue)
        h = Hex(q, r)
        if cost > best.get(h, math.inf):
            continue
        for n, _ in costs.edges(movement_class, h):
            if area is not None and n not in area:
                continue
            step = costs.step(movement_class, n, h)  # from n into h
            if step.prohibited or step.cost is None:
                continue
            total = cost + step.cost
            if total < best.get(n, math.inf):
                best[n] = total
                heapq.heappush(queue, (total, n.q, n.r))
    return best


def _counts(public: Panzer44State, spec: UnitSpec, units: UnitFilter) -> bool:
    try:
        return matches(public, spec, units)
    except UnevaluableError:
        return False


def _closing(spec: UnitSpec, h: Hex, enemies: dict[Hex, int]) -> float:
    """Closing to the unit's range of the nearest enemy (adjacent, when it cannot fire)."""
    near = enemies.get(h)
    if near is None:
        return 0.0
    want = min(max(spec.range, 1), 4) if spec.combat_unit else 1
    return -CLOSE_WEIGHT * abs(near - want) / max(spec.movement_allowance, 1)


@dataclass
class _Plan:
    """The plots chosen for one side in one Mutual Plot Phase."""

    state: State
    turn: int
    plots: list[Plot]


class HeuristicBot:
    """Plays Panzer '44 for the victory conditions; the same interface as
    :class:`~rules.bots.RandomBot`. On another system it picks like the random bot."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._plan: _Plan | None = None
        self._fields: dict[tuple[int, str, str], dict[Hex, float]] = {}
        self._objectives: dict[tuple[int, str], list[Objective]] = {}
        self._game: Panzer44Game | None = None
        self._near: tuple[frozenset[Hex], dict[Hex, int]] | None = None

    def choose(self, state: State, side: str) -> Action:
        actions = state.legal_actions(side)
        if not actions:
            raise RulesError(f"{side} has no legal action")
        from rules.p44 import Panzer44State  # local: rules.p44 is heavy and imports this layer

        if not isinstance(state, Panzer44State):  # the other systems: the greedy bot
            from rules.bot_greedy import GreedyBot  # local: it loads the other systems' rules

            if not hasattr(self, "_greedy"):
                self._greedy = GreedyBot(rng=self._rng)
            return self._greedy.choose_from(state, side, actions)
        if state.game is not self._game:  # a new game: caches are per game
            self._game, self._fields, self._objectives = state.game, {}, {}
            self._plan = self._near = None
        view = state.view_for(side)
        if view.segment == "plot":
            return self._next_plot(state, side, actions)
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            return self._best_move(state, side, moves)
        return actions[0]

    # --- what the side may know ---------------------------------------------------------------

    def _public(self, state: Panzer44State, side: str) -> Panzer44State:
        """A copy of the state as ``side`` may know it: positions from its view, the other
        side's plots left out [4.1] 1."""
        view = state.view_for(side)
        public = cast("Panzer44State", state.clone())
        resolve = state.game.amap.resolve
        public.hexes = {u.id: resolve(u.hex) for u in view.units if u.hex is not None}
        public.plots = {s: (dict(p) if s == side else {}) for s, p in state.plots.items()}
        return public

    # --- plotting ---------------------------------------------------------------------------

    def _next_plot(self, state: Panzer44State, side: str, actions: list[Action]) -> Action:
        plan = self._plan
        if plan is None or plan.state is not state or plan.turn != state.turn:
            plan = self._plan = _Plan(state, state.turn, self._make_plan(state, side, actions))
        legal = set(actions)
        while plan.plots:
            plot = plan.plots.pop(0)
            if plot in legal:
                return plot
        return Done(side)

    def _make_plan(self, state: Panzer44State, side: str, actions: list[Action]) -> list[Plot]:
        public = self._public(state, side)
        options: dict[str, list[Plot]] = {}
        for a in actions:
            if isinstance(a, Plot):
                options.setdefault(a.unit, []).append(a)
        shots: dict[str, int] = {}
        chosen: list[Plot] = []
        for unit, plots in options.items():
            # A Counterbattery plot has no hex to weigh [6.73]: the bot never plots one.
            # Nor Opportunity Fire: its worth depends on the enemy's moves, not weighed here.
            fire = [
                (self._fire_value(public, p, shots), p)
                for p in plots
                if p.target and p.task != "OF"
            ]
            best_fire = max(fire, key=lambda f: f[0], default=(0.0, None))
            move = any(p.task == "MV" for p in plots)
            gain = self._move_gain(public, unit) if move else -math.inf
            if gain >= MOVE_THRESHOLD and gain >= best_fire[0]:
                chosen.append(Plot(unit, "MV"))
            elif best_fire[1] is not None and best_fire[0] >= FIRE_THRESHOLD:
                chosen.append(best_fire[1])
                target = best_fire[1].target or ""
                shots[target] = shots.get(target, 0) + 1
        return chosen

    def _fire_value(self, public: Panzer44State, plot: Plot, shots: dict[str, int]) -> float:
        """The expected worth of a fire plot: each victim's CRT results over the die faces."""
        game = public.game
        spec = game.specs[plot.unit]
        h = game.amap.resolve(plot.target or "")
        total = 0.0
        for target in victims(public, plot, h):
            attack = prepare(public, plot.unit, target, plot)
            if attack.prohibited is not None:
                continue
            value = self._expected(public, target, attack.superiority, attack.terrain)
            total += value if game.specs[target].side != spec.side else -2.0 * value
        return total * 0.5 ** shots.get(plot.target or "", 0) + self._rng.random() * 1e-6

    def _expected(
        self, public: Panzer44State, target: str, superiority: int, terrain: int
    ) -> float:
        crt = tables(GameSystem.PANZER44)["combat-results"]
        spec = public.game.specs[target]
        worth = 1.0 + spec.attack_strength + 0.25 * spec.defense_strength
        disrupted = public.disruption.get(target, 0)
        total = 0.0
        for roll in range(1, 7):
            result = str(unwrap(crt.cell(min(6, max(-3, roll + terrain)), superiority)))
            if result.startswith("D-"):
                hits = int(result[2:])
                share = 1.0 if disrupted + hits >= 4 else 0.2 * hits  # D4 destroys [6.82]
            else:
                share = RESULT_WORTH.get(result, 0.0)
            total += share * worth
        return total / 6.0

    # --- moving -----------------------------------------------------------------------------

    def _move_gain(self, public: Panzer44State, unit: str) -> float:
        if waiting(public, unit):  # off the map: entering is the only way into the game
            return ENTER_GAIN if why_not_enter(public, unit) is None else -math.inf
        if unit in public.carried_by:
            return -math.inf  # it moves with its carrier; transport is left alone [9.0]
        here = public.hexes[unit]
        if self._exits_for(public, unit) and self._can_exit(public, unit):
            return ENTER_GAIN  # leaving the map scores: do it [7.23], [18.5]
        occupied = set(public.hexes.values())
        spots_ = [h for h in reachable_hexes(public, unit) if h not in occupied]
        if not spots_:
            return -math.inf
        best = self._rank(public, unit, spots_)[0][0]
        return best - self._rank(public, unit, [here])[0][0]

    def _best_move(self, state: Panzer44State, side: str, moves: list[Move]) -> Move:
        unit = moves[0].unit  # one unit at a time, in the engine's order
        # Scatter, mount, dismount and overrun are left alone: a panicked unit's scatter is
        # its only move [14.11], and the others are never chosen.
        mine = [m for m in moves if m.unit == unit and plain(m.path)]
        if not mine:
            return moves[0]
        resolve = state.game.amap.resolve
        public = self._public(state, side)
        leaving = [m for m in mine if m.path[-1] == OFF]
        if leaving and self._exits_for(public, unit):
            return min(leaving, key=lambda m: len(m.path))
        ends = {resolve(m.path[-1]): m for m in mine if m.path[-1] != OFF}
        if not ends:
            return leaving[0]
        ranked = self._rank(public, unit, list(ends))
        return ends[ranked[0][1]]

    def _exits_for(self, public: Panzer44State, unit: str) -> bool:
        """Whether the unit scores for its side by leaving the map (an exit objective)."""
        spec = public.game.specs[unit]
        return any(
            o.exit and (o.units is None or _counts(public, spec, o.units))
            for o in self._objectives_of(public.game, spec.side)
        )

    def _can_exit(self, public: Panzer44State, unit: str) -> bool:
        """Whether the unit can reach an exit hex and pay to leave this Movement Phase."""
        spec = public.game.specs[unit]
        exits = exit_hexes(public, spec.side)
        if not exits:
            return False
        costs = {public.hexes[unit]: 0.0, **reachable_hexes(public, unit)}
        for h in exits & costs.keys():
            cost = exit_cost(public, unit, h)
            if cost is not None and costs[h] + (cost.cost or 0.0) <= spec.movement_allowance:
                return True
        return False

    def _rank(self, public: Panzer44State, unit: str, hexes: list[Hex]) -> list[tuple[float, Hex]]:
        """The hexes by score, best first: objective and cover for all, exposure for the
        shortlist (lines of sight are the costly part)."""
        spec = public.game.specs[unit]
        enemies = self._nearest_enemy(public, spec.side)
        base = sorted(
            (
                (self._place_score(public, spec, h, enemies) + self._rng.random() * 1e-6, h)
                for h in hexes
            ),
            key=lambda s: -s[0],
        )
        short = [
            (s - EXPOSURE_WEIGHT * self._exposure(public, spec, h), h) for s, h in base[:SHORTLIST]
        ]
        return sorted(short, key=lambda s: -s[0])

    def _place_score(
        self, public: Panzer44State, spec: UnitSpec, h: Hex, enemies: dict[Hex, int]
    ) -> float:
        game = public.game
        pace = max(spec.movement_allowance, 1)
        best: float | None = None
        for obj in self._objectives_of(game, spec.side):
            if obj.units is None and not spec.combat_unit:
                continue
            if obj.units is not None and not _counts(public, spec, obj.units):
                continue
            mp = self._field(game, obj, spec.movement_class).get(h, math.inf)
            if math.isinf(mp):
                continue
            value = obj.weight * ((IN_OBJECTIVE if mp == 0 else 0.0) - mp / pace)
            best = value if best is None else max(best, value)
        if best is None or scores_losses(game, spec.side):
            best = max(best if best is not None else -math.inf, _closing(spec, h, enemies))
        modifier, _ = effect(game.terrain.terrain(h), "die_roll_modifier")
        cover = -int(str(unwrap(modifier))) if modifier is not None else 0
        return best + COVER_WEIGHT * max(cover, 0)

    def _exposure(self, public: Panzer44State, spec: UnitSpec, h: Hex) -> float:
        """How many enemy units could fire at ``h``, each by how much it outguns the unit."""
        game = public.game
        total = 0.0
        reach, _ = effect(game.terrain.terrain(h), "spotting_range")
        for u, where in public.hexes.items():
            enemy = game.specs[u]
            if enemy.side == spec.side or not enemy.combat_unit or u in public.carried_by:
                continue
            distance = where.distance(h)
            if distance > enemy.range or public.disruption.get(u):
                continue
            if spec.hard and enemy.weapon_class == "R" and distance > 1:
                continue  # R fire may not attack Hard targets but in a Close Assault [6.62]
            if reach is not None and distance > int(str(unwrap(reach))):
                continue  # not spotted there from that far [11.14]
            if distance and not game.sees(where, h):
                continue
            total += max(0.0, enemy.attack_strength - spec.defense_strength + 4) / 8.0
        return total

    def _nearest_enemy(self, public: Panzer44State, side: str) -> dict[Hex, int]:
        """Hexes from each map hex to the nearest enemy unit (a breadth-first search, kept
        while the enemy stands still)."""
        specs = public.game.specs
        enemies = frozenset(h for u, h in public.hexes.items() if specs[u].side != side)
        if self._near is not None and self._near[0] == enemies:
            return self._near[1]
        found = dict.fromkeys(enemies, 0)
        frontier = list(enemies)
        terrain = public.game.terrain
        while frontier:
            after = []
            for h in frontier:
                for n in h.neighbors():
                    if n not in found and n in terrain:
                        found[n] = found[h] + 1
                        after.append(n)
            frontier = after
        self._near = (enemies, found)
        return found

    # --- caches -----------------------------------------------------------------------------

    def _objectives_of(self, game: Panzer44Game, side: str) -> list[Objective]:
        key = (id(game), side)
        found = self._objectives.get(key)
        if found is None:
            found = self._objectives[key] = objectives(game, side)
        return found

    def _field(self, game: Panzer44Game, obj: Objective, movement_class: str) -> dict[Hex, float]:
        key = (id(game), obj.key, movement_class)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = distance_field(game, obj.hexes, movement_class)
        return found
