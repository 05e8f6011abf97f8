"""A heuristic bot for Panzer '44 that plays for the scenario's victory conditions.

The strategy, one decision at a time through the Game/State API (STYLE point 2):

- **Objectives** (:mod:`rules.panzer44.bot.objectives`): the regions the scenario's victory
  conditions name, its own and the enemy's to contest, with Movement Point fields to them; where
  the side scores enemy losses or has nothing else to do, closing to its weapon's range of the
  nearest enemy.
- **Plotting** [5.0]: for each unit, the best Direct Fire or Close Assault among its legal plots
  by expected result, worked out by the engine's own attack preparation
  (:func:`rules.panzer44.fire.prepare`: range attenuation, Defense, superiority, terrain) and the
  Combat Results Table over the six die faces; a target already shot at this turn is worth
  less (no overkill). It is weighed against what moving gains (the best reachable hex's score
  less the present hex's); a unit that gains nothing either way is left unplotted.
- **Moving** [7.0]: each unit plotted MV goes to the legal destination with the best score:
  progress to its objective (a bonus for standing in it), the terrain benefit of the hex
  [10.21], and a penalty for every enemy that could fire at it there (range, clear line of
  sight, spotting range [11.14]); lines of sight are checked for the few best hexes only.
  A line-of-sight condition's region is every hex that sees it
  (:func:`rules.panzer44.bot.tactics.sight_region`).
- **Moving as a group**: progress toward the side's own objectives counts only up to
  :func:`rules.panzer44.bot.tactics.group_lead` turns short of the side's median, so a unit far
  ahead waits (or takes cover) for the rest unless the Game-Turns left leave no time to spare.
- **Support and idle units**: IF plots are weighed over where they may scatter [6.48], Tight
  and Loose [6.21]; a unit with nothing to fire at and nowhere to go plots Opportunity Fire
  along the line an approaching enemy is likeliest to cross [6.5], or Counterbattery where
  enemy artillery stands in range [6.7]. In the allocate-support segment each off-board
  concentration or air strike goes to the hex where it is worth most, if that is worth
  spending it on now [15.0], [16.0].
- **Overruns** [13.0]: a vehicle plotted MV overruns when the attacks less the counterattacks
  are worth it and where it ends beats its best plain move.

- **A bot plan** (``Side.plan``, :mod:`rules.bots.plan`): its objectives, in priority order,
  replace the victory conditions' regions; its posture scales exposure and the bonus for
  standing in an objective, and (defend, delay) stops closing on the enemy for its losses
  (the plot weighs no losses of its own); a held unit is plotted no move (nor entry) until
  released;
  a unit makes for its route's next waypoint before the objectives.

Fair play: positions and its own plots come from ``state.view_for(side)``; the rules'
evaluation runs on a copy of the state with the other side's plots removed (what the view
says the side may know), so the hidden plots never change a choice. Ties are broken by a
seeded generator of its own (never the global ``random``, never the game's dice).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from model.hexes import Hex
from model.provenance import unwrap
from rules.bots.plan import PlanFollower, plan_of
from rules.engine.actions import Action, Done, Move
from rules.engine.core import State
from rules.engine.errors import RulesError
from rules.panzer44.actions import Plot
from rules.panzer44.bot.objectives import (
    Objective,
    closing,
    counts,
    distance_field,
    objectives,
    scores_losses,
)
from rules.panzer44.bot.tactics import (
    by_hex,
    counterbattery_value,
    expected,
    group_lead,
    h_fire_value,
    opportunity_value,
    overrun_value,
    threats,
)
from rules.panzer44.entry import OFF, exit_cost, exit_hexes, waiting, why_not_enter
from rules.panzer44.fire import prepare, victims
from rules.panzer44.indirect import ALLOCATE
from rules.panzer44.movement import OVERRUN, plain, reachable_hexes
from rules.panzer44.overrun import overrun_moves, split
from rules.panzer44.setup import UnitSpec
from rules.panzer44.terrain_fire import effect

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State

#: A unit standing in an objective region scores this (in "turns of marching" units).
IN_OBJECTIVE = 3.0
COVER_WEIGHT = 0.25  # per point of terrain die-roll benefit [10.21]
EXPOSURE_WEIGHT = 0.6  # per enemy unit able to fire at the hex, scaled by its threat
MOVE_THRESHOLD = 0.3  # below this gain, moving is not worth losing fire and cover [7.4]
FIRE_THRESHOLD = 0.05
IDLE_THRESHOLD = 0.01  # OF or CB rather than no task: they cost an idle unit nothing
SHORTLIST = 8  # hexes whose exposure (lines of sight) is worked out
ENTER_GAIN = 100.0  # a unit waiting off the map always plots to enter [18.6]
SUPPORT_THRESHOLD = 0.3  # the least worth a concentration is spent on, at the last turn
OVERRUN_THRESHOLD = 0.3  # the least net worth an overrun is made for
HELD_IN_OBJECTIVE = 0.2  # the objective bonus while the unit waits for its group (< MOVE_THRESHOLD)


@dataclass
class _Plan:
    """The plots chosen for one side in one Mutual Plot Phase."""

    state: State
    turn: int
    plots: list[Plot]


class HeuristicBot:
    """Plays Panzer '44 for the victory conditions; the same interface as
    :class:`~rules.bots.base.RandomBot` (the other systems' heuristic bot is
    :class:`~rules.bots.greedy.GreedyBot`, one action ahead)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._plan: _Plan | None = None
        self._fields: dict[tuple[int, str, str], dict[Hex, float]] = {}
        self._objectives: dict[tuple[int, str], list[Objective]] = {}
        self._game: Panzer44Game | None = None
        self._near: tuple[frozenset[Hex], dict[Hex, int]] | None = None
        self._lead: dict[
            str, float
        ] = {}  # per side: see :func:`rules.panzer44.bot.tactics.group_lead`
        self._plans: dict[str, PlanFollower | None] = {}  # per side: its bot plan, if any
        self._held: frozenset[str] = frozenset()

    def choose(self, state: State, side: str) -> Action:
        actions = state.legal_actions(side)
        if not actions:
            raise RulesError(f"{side} has no legal action")
        from rules.panzer44.game import (
            Panzer44State,  # local: rules.panzer44.game is heavy and imports this layer
        )

        if not isinstance(state, Panzer44State):
            raise RulesError("the heuristic bot of Panzer '44 plays Panzer '44 games only")
        if state.game is not self._game:  # a new game: caches are per game
            self._game, self._fields, self._objectives = state.game, {}, {}
            self._plan = self._near = None
            self._lead, self._plans = {}, {}
        self._follow(state, side)
        step = state.view_for(side).progress.step_id
        if step == "plot":
            return self._next_plot(state, side, actions)
        if step == ALLOCATE:
            return self._allocate(state, side, actions)
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            return self._best_move(state, side, moves)
        return actions[0]

    # --- the side's bot plan ------------------------------------------------------------------

    def _plan_of(self, game: Panzer44Game, side: str) -> PlanFollower | None:
        if side not in self._plans:
            plan = plan_of(game.scenario, side)
            self._plans[side] = (
                None if plan is None else PlanFollower(game, side, plan, _names(game))
            )
        return self._plans[side]

    def _follow(self, state: Panzer44State, side: str) -> None:
        """The plan on the real game: waypoints passed, and the units held now."""
        plan = self._plan_of(state.game, side)
        if plan is None:
            return
        specs, hexes = state.game.specs, state.board.hexes
        mine = {u: h for u, h in hexes.items() if specs[u].side == side}
        plan.observe(mine)
        units = [u for u, s in specs.items() if s.side == side]
        public: list[Panzer44State] = []  # made once, and only if a hold asks

        def contact(unit: str) -> bool:
            h = mine.get(unit)
            if h is None:
                return False
            if not public:
                public.append(self._public(state, side))
            return self._exposure(public[0], specs[unit], h) > 0

        self._held = plan.held(state.play.turn, units, contact)

    # --- what the side may know ---------------------------------------------------------------

    def _public(self, state: Panzer44State, side: str) -> Panzer44State:
        """A copy of the state as ``side`` may know it: positions from its view, the other
        side's plots left out [4.1] 1."""
        view = state.view_for(side)
        public = cast("Panzer44State", state.clone())
        public.board.hexes = {u.unit: u.hex for u in view.units}
        public.orders.plots = {
            s: (dict(p) if s == side else {}) for s, p in state.orders.plots.items()
        }
        return public

    # --- plotting ---------------------------------------------------------------------------

    def _next_plot(self, state: Panzer44State, side: str, actions: list[Action]) -> Action:
        plan = self._plan
        if plan is None or plan.state is not state or plan.turn != state.play.turn:
            plan = self._plan = _Plan(state, state.play.turn, self._make_plan(state, side, actions))
        legal = set(actions)
        while plan.plots:
            plot = plan.plots.pop(0)
            if plot in legal:
                return plot
        return Done(side)

    def _make_plan(self, state: Panzer44State, side: str, actions: list[Action]) -> list[Plot]:
        public = self._public(state, side)
        self._lead[side] = self._group_lead(public, side)
        options: dict[str, list[Plot]] = {}
        for a in actions:
            if isinstance(a, Plot):
                options.setdefault(a.unit, []).append(a)
        shots: dict[str, int] = {}
        chosen: list[Plot] = []
        occupied = by_hex(public)
        for unit, plots in options.items():
            fire = [
                (self._fire_value(public, p, shots, occupied), p)
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
            else:
                idle = self._idle_plot(public, unit, plots)
                if idle is not None:
                    chosen.append(idle)
        return chosen

    def _idle_plot(self, public: Panzer44State, unit: str, plots: list[Plot]) -> Plot | None:
        """For a unit with nothing to fire at and nowhere to go: Opportunity Fire along the
        line an approaching enemy is likeliest to cross [6.5], or Counterbattery where enemy
        artillery stands in range [6.7]; None when neither is worth anything."""
        if unit not in public.board.hexes:
            return None
        best: tuple[float, Plot | None] = (0.0, None)
        lines = [p for p in plots if p.task == "OF"]
        if lines:
            approaching = threats(public, unit)
            if approaching:
                best = max(
                    [(opportunity_value(public, p, approaching) + self._tie(), p) for p in lines],
                    key=lambda f: f[0],
                )
        cb = [p for p in plots if p.task == "CB"]
        if cb:
            value = counterbattery_value(public, unit)
            if value > best[0]:
                best = (value, next((p for p in cb if p.pattern == "L"), cb[0]))
        return best[1] if best[0] >= IDLE_THRESHOLD else None

    def _tie(self) -> float:
        return self._rng.random() * 1e-6

    # --- off-board support ------------------------------------------------------------------

    def _allocate(self, state: Panzer44State, side: str, actions: list[Action]) -> Action:
        """The allocation worth most (scatter and friendly units in the pattern weighed), if
        it is worth spending a concentration on now [15.0], [16.0]; else done."""
        plots = [a for a in actions if isinstance(a, Plot)]
        if not plots:
            return Done(side)
        public = self._public(state, side)
        occupied = by_hex(public)
        shots: dict[str, int] = {}
        for p in public.orders.plots[side].values():
            if p.target and p.task in ("DF", "IF"):
                shots[p.target] = shots.get(p.target, 0) + 1
        support = state.game.support
        best: tuple[float, Plot | None] = (0.0, None)
        for p in plots:
            c = support[p.unit]
            kind = "CAS" if c.kind == "CAS" else "IF"
            value = h_fire_value(public, c.spec(), None, p, occupied, kind)
            value = value * 0.5 ** shots.get(p.target or "", 0) + self._tie()
            if value > best[0]:
                best = (value, p)
        if best[1] is None or best[0] < self._support_threshold(state, side):
            return Done(side)
        return best[1]

    def _support_threshold(self, state: Panzer44State, side: str) -> float:
        """Spend concentrations on weak targets only when there are more of them left than
        Game-Turns to use them in."""
        left = sum(
            1
            for c in state.game.support.values()
            if c.side == side and c.id not in state.support.used
        )
        turns = state.game.turns - state.play.turn + 1
        return SUPPORT_THRESHOLD * max(1.0, turns / max(left, 1))

    def _fire_value(
        self,
        public: Panzer44State,
        plot: Plot,
        shots: dict[str, int],
        occupied: dict[Hex, list[str]],
    ) -> float:
        """The expected worth of a fire plot: each victim's CRT results over the die faces
        (for Indirect Fire, over where it may scatter to [6.48])."""
        game = public.game
        spec = game.specs[plot.unit]
        if plot.task == "IF":
            here = public.board.hexes[plot.unit]
            total = h_fire_value(public, spec, here, plot, occupied)
        else:
            h = game.amap.resolve(plot.target or "")
            total = 0.0
            for target in victims(public, plot, h):
                attack = prepare(public, plot.unit, target, plot)
                if attack.prohibited is not None:
                    continue
                value = expected(public, target, attack.superiority, attack.terrain)
                total += value if game.specs[target].side != spec.side else -2.0 * value
        return total * 0.5 ** shots.get(plot.target or "", 0) + self._tie()

    # --- moving -----------------------------------------------------------------------------

    def _move_gain(self, public: Panzer44State, unit: str) -> float:
        if unit in self._held and self._plan_of(public.game, public.game.specs[unit].side):
            return -math.inf  # its side's bot plan holds it back [rules.bots.plan]
        if waiting(public, unit):  # off the map: entering is the only way into the game
            return ENTER_GAIN if why_not_enter(public, unit) is None else -math.inf
        if unit in public.board.carried_by:
            return -math.inf  # it moves with its carrier; transport is left alone [9.0]
        here = public.board.hexes[unit]
        if self._exits_for(public, unit) and self._can_exit(public, unit):
            return ENTER_GAIN  # leaving the map scores: do it [7.23], [18.5]
        occupied = set(public.board.hexes.values())
        spots_ = [h for h in reachable_hexes(public, unit) if h not in occupied]
        gain = self._best_overrun(public, unit, overrun_moves(public, unit))[0]
        if not spots_:
            return gain
        best = self._rank(public, unit, spots_)[0][0]
        return max(gain, best - self._rank(public, unit, [here])[0][0])

    def _best_overrun(
        self, public: Panzer44State, unit: str, moves: list[Move]
    ) -> tuple[float, list[Move]]:
        """The best overrun's net worth (-inf if none is worth making) and its moves, one to
        each exit hex [13.0]."""
        resolve = public.game.amap.resolve
        by_target: dict[Hex, list[Move]] = {}
        for m in moves:
            path, k = split(m)
            if k is not None:
                by_target.setdefault(resolve(path[k]), []).append(m)
        best: tuple[float, list[Move]] = (-math.inf, [])
        for h, found in by_target.items():
            value = overrun_value(public, unit, h) + self._tie()
            if value >= OVERRUN_THRESHOLD and value > best[0]:
                best = (value, found)
        return best

    def _best_move(self, state: Panzer44State, side: str, moves: list[Move]) -> Move:
        unit = moves[0].unit  # one unit at a time, in the engine's order
        # Scatter, mount, dismount and overrun are left alone: a panicked unit's scatter is
        # its only move [14.11], and the others are never chosen.
        mine = [m for m in moves if m.unit == unit and plain(m.path)]
        overruns = [m for m in moves if m.unit == unit and OVERRUN in m.path]
        if not mine and not overruns:
            return moves[0]
        resolve = state.game.amap.resolve
        public = self._public(state, side)
        overrun = self._overrun_move(public, unit, overruns, mine)
        if overrun is not None:
            return overrun
        leaving = [m for m in mine if m.path[-1] == OFF]
        if leaving and self._exits_for(public, unit):
            return min(leaving, key=lambda m: len(m.path))
        ends = {resolve(m.path[-1]): m for m in mine if m.path[-1] != OFF}
        if not ends:
            return leaving[0] if leaving else moves[0]
        ranked = self._rank(public, unit, list(ends))
        return ends[ranked[0][1]]

    def _overrun_move(
        self, public: Panzer44State, unit: str, overruns: list[Move], plain_moves: list[Move]
    ) -> Move | None:
        """The overrun to make, if its worth and where it ends beat the best plain move."""
        value, found = self._best_overrun(public, unit, overruns)
        if not found:
            return None
        resolve = public.game.amap.resolve
        ends = {resolve(m.path[-1]): m for m in found}
        score, end = self._rank(public, unit, list(ends))[0]
        rest = [resolve(m.path[-1]) for m in plain_moves if m.path[-1] != OFF]
        stay = self._rank(public, unit, rest)[0][0] if rest else -math.inf
        return ends[end] if score + value > stay else None

    def _exits_for(self, public: Panzer44State, unit: str) -> bool:
        """Whether the unit scores for its side by leaving the map (an exit objective)."""
        spec = public.game.specs[unit]
        return any(
            o.exit and (o.units is None or counts(public, spec, o.units))
            for o in self._objectives_of(public.game, spec.side)
        )

    def _can_exit(self, public: Panzer44State, unit: str) -> bool:
        """Whether the unit can reach an exit hex and pay to leave this Movement Phase."""
        spec = public.game.specs[unit]
        exits = exit_hexes(public, spec.side)
        if not exits:
            return False
        costs = {public.board.hexes[unit]: 0.0, **reachable_hexes(public, unit)}
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
        plan = self._plan_of(public.game, spec.side)
        exposure = EXPOSURE_WEIGHT * (plan.posture.exposure if plan is not None else 1.0)
        base = sorted(
            (
                (self._place_score(public, spec, h, enemies) + self._rng.random() * 1e-6, h)
                for h in hexes
            ),
            key=lambda s: -s[0],
        )
        short = [(s - exposure * self._exposure(public, spec, h), h) for s, h in base[:SHORTLIST]]
        return sorted(short, key=lambda s: -s[0])

    def _place_score(
        self, public: Panzer44State, spec: UnitSpec, h: Hex, enemies: dict[Hex, int]
    ) -> float:
        game = public.game
        pace = max(spec.movement_allowance, 1)
        lead = self._lead.get(spec.side, 0.0)
        plan = self._plan_of(game, spec.side)
        way = plan.waypoint(spec.id) if plan is not None else None
        if plan is not None and way is not None:  # the plan's route first [rules.bots.plan]
            mp = self._field(game, _waypoint(way), spec.movement_class).get(h, math.inf)
            return (IN_OBJECTIVE if mp == 0 else 0.0) - min(mp, 99.0) / pace
        inside = IN_OBJECTIVE * (plan.posture.in_objective if plan is not None else 1.0)
        best: float | None = None
        for obj in self._objectives_of(game, spec.side):
            if obj.units is None and not spec.combat_unit:
                continue
            if obj.units is not None and not counts(public, spec, obj.units):
                continue
            mp = self._field(game, obj, spec.movement_class).get(h, math.inf)
            if math.isinf(mp):
                continue
            turns, bonus = mp / pace, inside
            if obj.units is not None and lead > 0:  # no gain from running ahead of the group
                turns, bonus = max(turns, lead), HELD_IN_OBJECTIVE
            value = obj.weight * ((bonus if mp == 0 else 0.0) - turns) + obj.priority
            best = value if best is None else max(best, value)
        close = scores_losses(game, spec.side) and (plan is None or plan.posture.close)
        if best is None or close:
            best = max(best if best is not None else -math.inf, closing(spec, h, enemies))
        modifier, _ = effect(game.terrain.terrain(h), "die_roll_modifier")
        cover = -int(str(unwrap(modifier))) if modifier is not None else 0
        return best + COVER_WEIGHT * max(cover, 0)

    def _exposure(self, public: Panzer44State, spec: UnitSpec, h: Hex) -> float:
        """How many enemy units could fire at ``h``, each by how much it outguns the unit."""
        game = public.game
        total = 0.0
        reach, _ = effect(game.terrain.terrain(h), "spotting_range")
        for u, where in public.board.hexes.items():
            enemy = game.specs[u]
            if enemy.side == spec.side or not enemy.combat_unit or u in public.board.carried_by:
                continue
            distance = where.distance(h)
            if distance > enemy.range or public.fire.disruption.get(u):
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
        enemies = frozenset(h for u, h in public.board.hexes.items() if specs[u].side != side)
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

    def _group_lead(self, public: Panzer44State, side: str) -> float:
        """How far ahead of its side's median a unit may march (see
        :func:`rules.panzer44.bot.tactics.group_lead`), from the units on the map and the turns
        left."""
        game = public.game
        own = [o for o in self._objectives_of(game, side) if o.units is not None and not o.exit]
        turns: list[float] = []
        for unit, h in public.board.hexes.items():
            spec = game.specs[unit]
            if spec.side != side or unit in public.board.carried_by or spec.movement_allowance < 1:
                continue  # a gun that moves only when towed does not set the pace
            pace = spec.movement_allowance
            mps = [
                self._field(game, o, spec.movement_class).get(h, math.inf)
                for o in own
                if o.units is not None and counts(public, spec, o.units)
            ]
            if mps:
                turns.append(min(mps) / pace)
        return group_lead(turns, game.turns - public.play.turn + 1)

    # --- caches -----------------------------------------------------------------------------

    def _objectives_of(self, game: Panzer44Game, side: str) -> list[Objective]:
        key = (id(game), side)
        found = self._objectives.get(key)
        if found is None:
            plan = self._plan_of(game, side)
            if plan is not None and plan.objectives:  # the designer's, first first
                found = [
                    Objective(f"plan.{i}", hexes, weight, None, priority=priority)
                    for i, (hexes, weight, priority) in enumerate(plan.objectives)
                ]
            else:
                found = objectives(game, side)
            self._objectives[key] = found
        return found

    def _field(self, game: Panzer44Game, obj: Objective, movement_class: str) -> dict[Hex, float]:
        key = (id(game), obj.key, movement_class)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = distance_field(game, obj.hexes, movement_class)
        return found


def _waypoint(hexes: frozenset[Hex]) -> Objective:
    """A route's waypoint as an objective, for its Movement Point field."""
    return Objective(f"route.{hash(hexes)}", hexes, 1.0, None)


def _names(game: Panzer44Game) -> dict[str, frozenset[str]]:
    """The names a unit answers to in a plan's holds: its unit code and its entry's label."""
    return {
        u: frozenset([spec.code, *([spec.label] if spec.label else [])])
        for u, spec in game.specs.items()
    }
