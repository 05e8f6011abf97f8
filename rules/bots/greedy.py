"""A greedy heuristic bot for Armor, Panzer Command and Soldiers: one-ply lookahead.

Where the game is played one action at a time (Panzer Command's and Soldiers' Action Phases,
their chit and commitment choices), each candidate action is tried on a copy of the state and
the result is scored from the acting side's view (:func:`evaluate`):

- the victory evaluation now (the engines' own ``evaluate_outcome``, which reads the position
  only, so it can be asked mid-game): own points less the enemy's, and who would win;
- material: enemy losses less own losses (a small adapter per system says what a loss is);
- progress: each unit's distance to the regions the victory conditions name (its side's own,
  then the enemy's to contest them), or, where the side scores enemy losses or has no region,
  closing to its weapon's reach of the nearest enemy;
- lines of fire: a penalty for every enemy able to fire at a unit (in reach and in sight by
  :meth:`~rules.maps.game.MapGame.sees`), a smaller bonus for every enemy it can fire at.

A side with a bot plan (``Side.plan``) plays it (:mod:`rules.bots.plan`): its objectives in
priority order instead of the victory conditions' regions, its posture's weights, its held units
kept still until released, its route's waypoints before the objectives.

Fair play: the copy's dice are replaced by a generator seeded from the bot's own, so a
lookahead never sees (nor spends) the real game's future rolls; an action that rolls is tried
with several such seeds and its scores averaged. Armor's secret, simultaneous orders cannot be
tried one at a time: :mod:`rules.armor.bot` weighs them statically with the same
position score. Ties are broken by the bot's seeded generator (never the global ``random``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from model.hexes import Hex
from model.regions import AnyOf
from model.victory import Condition, Control, EnemyLosses, Exit, UnitsIn
from rules.bots.plan import PlanFollower, plan_of
from rules.engine.actions import Action, Done, Move
from rules.engine.core import Outcome, State
from rules.engine.dice import Dice
from rules.engine.errors import RulesError
from rules.engine.events import DieRolled
from rules.registry import rules_for

if TYPE_CHECKING:
    from rules.maps.game import MapGame

VP_WEIGHT = 1.0  # per Victory Point of difference
WIN_WEIGHT = 25.0  # the victory evaluation names this side the winner now
OWN_WEIGHT, CONTEST_WEIGHT = 1.0, 0.6  # a region of the side's own conditions, the enemy's
IN_OBJECTIVE = 2.0  # a unit standing in an objective region, in "turns of marching"
HOLD_WEIGHT = 1.5  # an objective region where the side outnumbers the enemy
UNHELD_PULL = 2.0  # an objective not held yet draws units from one already held
CLOSE_WEIGHT = 0.35  # per turn of marching off its weapon's reach of the nearest enemy
EXPOSURE_WEIGHT = 0.5  # per enemy able to fire at a unit, scaled by its threat
OFFENSE_WEIGHT = 0.3  # per enemy a unit can fire at
EXITED_WORTH = 4.5  # a unit off the map by its side's exit objective: more than standing there
ACTIVITY_BONUS = 0.4  # a chit committed or selected: a turn to act is worth having
CANDIDATES = 40  # actions tried per decision at most
MOVES_PER_UNIT = 6  # the best-looking moves of each unit kept before the sample
SAMPLES = 3  # lookaheads of an action that rolls dice
FOLLOW_UPS = 12  # a man given an order is worth his best next action (Soldiers)
SELECTIONS = 3  # men whose orders are weighed so, at most


@dataclass(frozen=True)
class Piece:
    """A unit as the evaluation sees it: side, hex, how far it fires, how dangerous its fire
    is (0: it cannot fire), hexes it moves in a turn, its category, and how much of the enemy's
    fire reaches it (1: all; a Soldiers man lying prone is harder to hit [7.4])."""

    side: str
    hex: Hex
    reach: int
    threat: float
    speed: float
    category: str | None = None
    cover: float = 1.0


@dataclass(frozen=True)
class Objective:
    """A region of the victory conditions: its hexes, worth, and the unit categories it counts
    (empty: any)."""

    hexes: frozenset[Hex]
    weight: float
    categories: tuple[str, ...] = ()
    priority: float = 0.0  # a bot plan's rank, in turns of marching (rules.bots.plan)


class Planner(Protocol):
    """Chooses a system's secret orders statically (Armor's), where a lookahead cannot."""

    def choose(self, state: Any, side: str, actions: list[Action]) -> Action: ...


class Adapter:
    """What the evaluation needs of one system's states; each system that the greedy bot plays
    subclasses it (``rules/<system>/bot.py``) and registers it (:mod:`rules.registry`)."""

    #: How far apart two hexes are for a Piece's ``reach``: the count of hexes, unless the
    #: system's book measures range otherwise (Armor's Range Scale [AG III.D]). A static
    #: function, not a method, so the common case costs no call of its own.
    fire_range: Callable[[Hex, Hex], int] = staticmethod(Hex.distance)

    def planner(self, evaluator: Evaluator, rng: random.Random) -> Planner | None:
        """A planner for systems that plot in secret, else None (the lookahead decides)."""
        return None

    def selects(self, action: Action) -> bool:
        """An action that only picks who acts next (a Soldiers order): worth its best
        follow-up."""
        return False

    def prior(self, action: Action) -> float:
        """What the one-ply score cannot see (a chit committed or selected gives a turn)."""
        return 0.0

    def prior_in(self, state: Any, action: Action) -> float:
        """:meth:`prior` for a choice whose worth the position decides, which the one-ply
        score cannot see either (a Soldiers turn declared operational, a hidden gun kept
        hidden); :meth:`prior` by default."""
        return self.prior(action)

    def selection_worth(self, state: Any, action: Action) -> float:
        """What a selection (:meth:`selects`) is worth beyond its best follow-up: the others it
        lets act (a Soldiers group's men [7.1]); none by default."""
        return 0.0

    def pieces(self, state: Any) -> dict[str, Piece]:
        """The units on the map and able to fight."""
        raise NotImplementedError

    def lost(self, state: Any, side: str) -> float:
        """What ``side`` has lost so far, in the evaluation's units (about one per unit)."""
        raise NotImplementedError

    def standing(self, state: Any) -> Outcome:
        """The victory evaluation of the position now."""
        raise NotImplementedError

    def hex_of(self, state: Any, name: str) -> Hex | None:
        """The hex of a hex name in an action."""
        raise NotImplementedError

    def plan_names(self, game: Any) -> dict[str, frozenset[str]]:
        """The names each unit answers to in a bot plan's holds: its unit code and its force
        entry's label (:func:`rules.bots.plan.numbered_names`); none by default."""
        return {}

    def conditions(self, game: Any) -> list[Condition]:
        """The victory conditions in force: the scenario's, unless the system adds others (a
        Soldiers side's mission [19.1])."""
        return list(game.scenario.victory.conditions)

    def exited(self, state: Any, side: str) -> int:
        """How many of ``side``'s units have left the map so far (none by default)."""
        return 0

    def unit_objectives(self, game: Any, side: str) -> list[Objective]:
        """Regions some of the side's units make for beyond the victory conditions' (each
        with its ``categories``, the Piece category that wants it: a Soldiers engineer to the
        bridge he wires [26.2]); they do not decide whether the side closes on the enemy.
        None by default."""
        return []

    def moved_by(self, action: Action) -> str | None:
        """The unit an action moves (a held unit may not), None if it moves none."""
        return action.unit if isinstance(action, Move) else None


def objectives(
    game: MapGame, side: str, conditions: list[Condition] | None = None
) -> list[Objective]:
    """The regions ``side`` wants to stand in: its own conditions', then the enemy's (to
    contest them); a condition that counts the enemy's units there is contested too. A
    control condition over any of several regions (Soldiers' buildings [10.5]) gives one
    objective per region, so the side spreads over them. ``conditions``: those in force
    (default: the scenario's)."""
    found: dict[frozenset[Hex], Objective] = {}
    if conditions is None:
        conditions = list(game.scenario.victory.conditions)
    for cond in conditions:
        if not isinstance(cond, UnitsIn | Control | Exit):
            continue
        deny = isinstance(cond, UnitsIn) and cond.enemy
        if cond.side == side and not deny:
            cats = tuple(cond.units.categories) if isinstance(cond, UnitsIn) else ()
            weight = OWN_WEIGHT
        elif isinstance(cond, Exit):
            continue
        else:
            cats, weight = (), CONTEST_WEIGHT
        parts = (
            cond.region.regions
            if isinstance(cond, Control) and isinstance(cond.region, AnyOf)
            else [cond.region]
        )
        for part in parts:
            hexes = frozenset(h for h in game.region(part) if h in game.amap.hexes)
            if hexes and (hexes not in found or found[hexes].weight < weight):
                found[hexes] = Objective(hexes, weight, cats)
    return list(found.values())


def scores_losses(conditions: list[Condition], side: str) -> bool:
    return any(isinstance(c, EnemyLosses) and c.side == side for c in conditions)


class Evaluator:
    """Scores positions for one game (objectives worked out once per side)."""

    def __init__(self, game: MapGame, adapter: Adapter) -> None:
        self.game, self.adapter = game, adapter
        conditions = adapter.conditions(game)
        self.objectives = {s: objectives(game, s, conditions) for s in game.sides}
        #: Sides with an exit objective of their own: a unit gone off the map by it counts.
        self.exits = {
            s for s in game.sides if any(isinstance(c, Exit) and c.side == s for c in conditions)
        }
        self.close = {
            s: scores_losses(conditions, s) or not any(o.weight == OWN_WEIGHT for o in objs)
            for s, objs in self.objectives.items()
        }
        self.plans: dict[str, PlanFollower] = {}
        for s in game.sides:
            plan = plan_of(game.scenario, s)
            if plan is None:
                continue
            follower = self.plans[s] = PlanFollower(game, s, plan, adapter.plan_names(game))
            if follower.objectives:  # the designer's objectives replace the conditions'
                self.objectives[s] = [Objective(h, w, (), p) for h, w, p in follower.objectives]
            self.close[s] = follower.posture.close and (
                scores_losses(conditions, s) or not follower.objectives
            )
        for s in game.sides:  # some units' own errands (Adapter.unit_objectives)
            self.objectives[s] = self.objectives[s] + adapter.unit_objectives(game, s)
        self._dist: dict[tuple[frozenset[Hex], Hex], int] = {}
        self._places: dict[
            tuple[Piece, tuple[Piece, ...], frozenset[int], frozenset[Hex] | None], float
        ] = {}

    def _distance(self, region: frozenset[Hex], h: Hex) -> int:
        """Hexes from ``h`` to the nearest hex of ``region``, worked out once."""
        found = self._dist.get((region, h))
        if found is None:
            found = self._dist[(region, h)] = min(h.distance(r) for r in region)
        return found

    def evaluate(self, state: State, side: str) -> float:
        """The position's worth to ``side`` (higher is better)."""
        outcome = (state.outcome() if state.is_terminal() else None) or self.adapter.standing(state)
        win = WIN_WEIGHT * (3.0 if state.is_terminal() else 1.0)
        others = [v for s, v in outcome.vp.items() if s != side]
        score = VP_WEIGHT * (outcome.vp.get(side, 0.0) - max(others, default=0.0))
        if outcome.winner is not None:
            score += win if outcome.winner == side else -win
        if side in self.exits:  # off the map by its objective, not lost to it
            score += EXITED_WORTH * self.adapter.exited(state, side)
        plan = self.plans.get(side)
        own = plan.posture.own_losses if plan is not None else 1.0
        for s in self.game.sides:
            score += self.adapter.lost(state, s) * (1.0 if s != side else -own)
        pieces = self.adapter.pieces(state)
        ours = [(u, p) for u, p in sorted(pieces.items()) if p.side == side]
        mine = [p for _, p in ours]
        theirs = [p for _, p in sorted(pieces.items()) if p.side != side]
        held = self.held(side, mine, theirs)
        score += HOLD_WEIGHT * sum(self.objectives[side][i].weight for i in held)
        key = tuple(theirs)
        if len(self._places) > 50_000:  # a long game: keep the cache bounded
            self._places.clear()
        for u, p in ours:
            way = plan.waypoint(u) if plan is not None else None
            found = self._places.get((p, key, held, way))
            if found is None:
                found = self._places[(p, key, held, way)] = self.place(p, theirs, held, way)
            score += found
        return score

    def waypoint(self, side: str, unit: str) -> frozenset[Hex] | None:
        """The next waypoint of the unit's route in its side's plan, if any."""
        plan = self.plans.get(side)
        return plan.waypoint(unit) if plan is not None else None

    def nearest_objective(self, piece: Piece) -> int | None:
        """Hexes from the piece to the nearest objective of its side, None if it has none."""
        found = [self._distance(o.hexes, piece.hex) for o in self.objectives[piece.side]]
        return min(found, default=None)

    def held(self, side: str, mine: list[Piece], theirs: list[Piece]) -> frozenset[int]:
        """The side's objectives where it has more units than the enemy."""
        found = set()
        for i, obj in enumerate(self.objectives[side]):
            own = sum(1 for p in mine if p.hex in obj.hexes)
            if own > sum(1 for p in theirs if p.hex in obj.hexes):
                found.add(i)
        return frozenset(found)

    def place(
        self,
        piece: Piece,
        enemies: list[Piece],
        held: frozenset[int] = frozenset(),
        waypoint: frozenset[Hex] | None = None,
    ) -> float:
        """One unit's standing: progress to its objectives (or its plan's next ``waypoint``),
        reach of the enemy, exposure (scaled by its plan's posture).

        Why the falloff and the caps: fire is weaker toward the end of its reach, and a unit
        seen by a whole squad is not dead many times over (without them, Soldiers' men, whose
        rifles reach 15 hexes, would rather stand next to a building than in it)."""
        score = self.progress(piece, enemies, held, waypoint)
        sees, measure = self.game.sees, self.adapter.fire_range
        exposure = offense = 0.0
        for e in enemies:
            d = measure(e.hex, piece.hex)
            if e.threat > 0 and d <= e.reach and (d == 0 or sees(e.hex, piece.hex)):
                exposure += e.threat * piece.cover * (1.0 - d / (e.reach + 1))
            if piece.threat > 0 and d <= piece.reach and (d == 0 or sees(piece.hex, e.hex)):
                offense += min(piece.threat, 1.0) * (1.0 - d / (piece.reach + 1))
        plan = self.plans.get(piece.side)
        scale = plan.posture.exposure if plan is not None else 1.0
        return (
            score
            - EXPOSURE_WEIGHT * min(exposure, 3.0) * scale
            + OFFENSE_WEIGHT * min(offense, 2.0)
        )

    def progress(
        self,
        piece: Piece,
        enemies: list[Piece],
        held: frozenset[int] = frozenset(),
        waypoint: frozenset[Hex] | None = None,
    ) -> float:
        """Objectives and closing, without lines of sight (cheap: used to prune moves); an
        objective the side does not hold yet pulls harder. A unit with a ``waypoint`` of its
        plan's route to pass makes for it first (our reading of a plan's route)."""
        pace = max(piece.speed, 1.0)
        if waypoint is not None:
            return OWN_WEIGHT * (IN_OBJECTIVE if piece.hex in waypoint else 0.0) - (
                OWN_WEIGHT * self._distance(waypoint, piece.hex) / pace
            )
        plan = self.plans.get(piece.side)
        inside = IN_OBJECTIVE * plan.posture.in_objective if plan is not None else IN_OBJECTIVE
        best: float | None = None
        for i, obj in enumerate(self.objectives[piece.side]):
            if obj.categories and piece.category not in obj.categories:
                continue
            d = self._distance(obj.hexes, piece.hex)
            value = obj.weight * (inside if d == 0 else -d / pace) + obj.priority
            if i not in held:
                value += obj.weight * UNHELD_PULL
            best = value if best is None else max(best, value)
        if (best is None or self.close[piece.side]) and enemies and piece.threat > 0:
            near = min(self.adapter.fire_range(e.hex, piece.hex) for e in enemies)
            closing = -CLOSE_WEIGHT * abs(near - max(piece.reach, 1)) / pace
            best = closing if best is None else max(best, closing)
        return best or 0.0


class GreedyBot:
    """One-ply lookahead for the victory conditions; the interface of
    :class:`~rules.bots.base.RandomBot`. Armor's plotting goes to :mod:`rules.armor.bot`."""

    def __init__(self, seed: int = 0, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)  # rng: a caller's, shared
        self._game: object | None = None
        self._evaluator: Evaluator | None = None
        self._planner: Planner | None = None

    def choose(self, state: State, side: str) -> Action:
        return self.choose_from(state, side, state.legal_actions(side))

    def choose_from(self, state: State, side: str, actions: list[Action]) -> Action:
        """The action ``side`` takes now, among its legal ``actions`` (already listed)."""
        if not actions:
            raise RulesError(f"{side} has no legal action")
        evaluator = self._evaluator_for(state)
        if evaluator is None:  # a system without an adapter: like the random bot
            return actions[math.floor(self._rng.random() * len(actions))]
        plan = evaluator.plans.get(side)
        if plan is not None:
            actions = self._follow(state, side, actions, evaluator, plan)
        if self._planner is not None:
            return self._planner.choose(state, side, actions)
        if len(actions) == 1:
            return actions[0]
        best, best_score = actions[0], -math.inf
        for action in self._candidates(state, side, actions, evaluator):
            score = self._value(state, side, action, evaluator) + self._rng.random() * 1e-6
            if score > best_score:
                best, best_score = action, score
        return best

    def _follow(
        self,
        state: State,
        side: str,
        actions: list[Action],
        evaluator: Evaluator,
        plan: PlanFollower,
    ) -> list[Action]:
        """The side's plan on the real game: waypoints passed noted, and no move for a unit
        its plan holds back (unless nothing else is left to do)."""
        adapter = evaluator.adapter
        pieces = adapter.pieces(state)
        mine = {u: p for u, p in sorted(pieces.items()) if p.side == side}
        plan.observe({u: p.hex for u, p in mine.items()})
        enemies = [p for _, p in sorted(pieces.items()) if p.side != side]
        sees, measure = evaluator.game.sees, adapter.fire_range

        def contact(unit: str) -> bool:
            h = mine[unit].hex
            return any(
                e.threat > 0 and measure(e.hex, h) <= e.reach and (e.hex == h or sees(e.hex, h))
                for e in enemies
            )

        held = plan.held(state.progress().turn, mine, contact)
        kept = [a for a in actions if adapter.moved_by(a) not in held]
        return kept or actions

    # --- the lookahead ------------------------------------------------------------------------

    def _lookahead(self, state: State, action: Action) -> tuple[State, bool]:
        """A copy of ``state`` with its own dice, after ``action``; whether it rolled."""
        sim = state.clone()
        sim.dice = Dice(self._rng.getrandbits(32))
        start = len(sim.log)
        sim.apply(action)
        return sim, any(isinstance(e, DieRolled) for e in sim.log[start:])

    def _value(self, state: State, side: str, action: Action, evaluator: Evaluator) -> float:
        sim, rolled = self._lookahead(state, action)
        total = evaluator.evaluate(sim, side)
        runs = 1
        while rolled and runs < SAMPLES:
            sim, _ = self._lookahead(state, action)
            total += evaluator.evaluate(sim, side)
            runs += 1
        value = total / runs + evaluator.adapter.prior_in(state, action)
        selects = evaluator.adapter.selects
        if selects(action) and side in sim.to_act() and not sim.is_terminal():
            follow = [a for a in sim.legal_actions(side) if not selects(a)]
            follow = [a for a in follow if not isinstance(a, Done)]
            if follow:
                picked = self._candidates(sim, side, follow, evaluator, FOLLOW_UPS)
                best = max(self._value(sim, side, a, evaluator) for a in picked)
                value = max(value, best + evaluator.adapter.selection_worth(state, action))
        return value

    def _candidates(
        self,
        state: State,
        side: str,
        actions: list[Action],
        evaluator: Evaluator,
        cap: int = CANDIDATES,
    ) -> list[Action]:
        """Every action but moves, the best-looking moves of each unit (progress alone) and
        a seeded sample of the rest, ``cap`` at most."""
        moves: dict[str, list[tuple[float, Move]]] = {}
        others: list[Action] = []
        pieces = evaluator.adapter.pieces(state)
        enemies = [p for _, p in sorted(pieces.items()) if p.side != side]
        for a in actions:
            if not isinstance(a, Move) or a.unit not in pieces:
                others.append(a)
                continue
            end = evaluator.adapter.hex_of(state, a.path[-1])
            if end is None:
                others.append(a)
                continue
            moved = _at(pieces[a.unit], end)
            way = evaluator.waypoint(side, a.unit)
            score = evaluator.progress(moved, enemies, waypoint=way) + self._rng.random() * 1e-6
            moves.setdefault(a.unit, []).append((score, a))
        kept: list[Action] = []
        spare: list[Action] = []
        for unit in sorted(moves):
            ranked = sorted(moves[unit], key=lambda m: -m[0])
            kept.extend(m for _, m in ranked[:MOVES_PER_UNIT])
            spare.extend(m for _, m in ranked[MOVES_PER_UNIT:])
        found = self._fewer_selections(others, pieces, enemies, evaluator) + kept
        if len(found) > cap:
            done = [a for a in found if isinstance(a, Done)]
            rest = [a for a in found if not isinstance(a, Done)]
            found = done + self._rng.sample(rest, cap - len(done))
        elif spare and len(found) < cap:
            found += self._rng.sample(spare, min(len(spare), (cap - len(found)) // 4))
        return found

    def _fewer_selections(
        self,
        actions: list[Action],
        pieces: dict[str, Piece],
        enemies: list[Piece],
        evaluator: Evaluator,
    ) -> list[Action]:
        """Of the men who could be given an order, the few with most to gain (able to reach an
        objective with this order, or with an enemy in reach): each costs a lookahead of his
        moves."""
        picks: list[tuple[float, Action]] = []
        rest: list[Action] = []
        for a in actions:
            piece = pieces.get(getattr(a, "man", "")) if evaluator.adapter.selects(a) else None
            if piece is None:
                rest.append(a)
                continue
            measure = evaluator.adapter.fire_range
            reach = any(measure(e.hex, piece.hex) <= piece.reach for e in enemies)
            near = evaluator.nearest_objective(piece)
            arrives = near is not None and 0 < near <= piece.speed + 1
            gain = (2.0 if arrives else 0.0) + (1.0 if reach else 0.0) - 0.1 * (near or 0)
            picks.append((gain + self._rng.random() * 1e-6, a))
        picks.sort(key=lambda p: -p[0])
        return rest + [a for _, a in picks[:SELECTIONS]]

    def _evaluator_for(self, state: State) -> Evaluator | None:
        if state.game is self._game:
            return self._evaluator
        self._game, self._evaluator, self._planner = state.game, None, None
        make = rules_for(state.game.system).greedy
        adapter = make() if make is not None else None
        if adapter is not None:
            game: MapGame = state.game  # type: ignore[assignment]
            self._evaluator = Evaluator(game, adapter)
            self._planner = adapter.planner(self._evaluator, self._rng)
        return self._evaluator


def _at(piece: Piece, h: Hex) -> Piece:
    return Piece(piece.side, h, piece.reach, piece.threat, piece.speed, piece.category, piece.cover)
