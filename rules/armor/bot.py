"""The greedy bot's Armor orders and Final Facings, weighed statically.

Armor's orders are secret and simultaneous [AG V]: one order tried alone resolves nothing, so
each unit's legal orders are weighed by where they leave it (the shared position score of
:class:`rules.bots.greedy.Evaluator` at the order's end hex, plus its facing toward the
nearest enemy and the enemies in its gun's Field of Fire) and, for Direct Fire, by the
expected Victory Points of the shot: the engine's own AP fire (:func:`rules.armor.fire.resolve`)
rolled a few times on a copy of the state with dice of the bot's own and the enemy's orders
left out (what the side may know [AG V]). An Overrun [ADV VIII] of an enemy Leg or Towed
unit with no gun of its side near it is weighed by its Overrun Fire's odds (the
:func:`rules.armor.overrun.chance`) times the unit's value; a Close Assault [ADV VII] by an
Infantry unit on an adjacent enemy Vehicle likewise (:func:`rules.armor.assault.chance`), and
on a Pillbox or Bunker as a Direct Fire at it is (:func:`_assault_value`). A unit whose best
order is no better than standing still gets none. Final Facing turns the hull's front and the
gun toward the enemy. A unit that stands, with nowhere it must go
(:meth:`ArmorPlanner._must_move`), may instead plot its main gun's Opportunity Fire,
"N-<hex>" [AG V.A.2.b] (or "N-<hex> CR" [OP XXIII]), on the hex where an approaching known
enemy unit could be hit, when that is worth more than its best other order
(:func:`rules.armor.bot_watch.main_gun_watch`: the engine's odds with -8 and the Slow Rate
[AG VII.F.1] times the chance the enemy comes, our weighting). A triggered Opportunity Fire
[AG VII.F] is fired when its shot can hit, else declined (to wait for a later unit); a
triggered Tracking Fire [OP XV.B] likewise (declined, it waits for the target's next hex).
Where the scenario plays Tracking Fire, a Tracking order at an enemy in cover is weighed as
the Direct Fire's worth scaled by how much better the shot is once the target leaves its
cover (the book's reason for it [OP XV.A]), times the chance that the target moves
(:data:`TRACK_MOVES`, our weighting). A machinegun or a squad's anti-tank weapon left with
nothing to shoot is given its own Opportunity or Tracking Fire order where an
enemy unit may come into its reach (:mod:`rules.armor.bot_watch`). With Limited Intelligence
[OP X] the bot weighs only the enemy units its side may know of: no hidden unit, an inverted
one by its place (:meth:`ArmorPlanner._enemies`). With Command Control [OP XIV] it selects a
new Player HQ as soon as it may, the engine's first choice (a unit with a Radio, most units
about it) [B.3]. A Mortar Team's Direct Fire at a hex [OP II.E] is weighed as other GP fire,
by its expected Victory Points (:func:`rules.armor.indirect.mortars.expected_worth`: each unit
in the hex, its own side's counted against, times the chance the fire does not Scatter).
Of a Direct Fire offered plain, with APCR [OP XXIII] and with fewer shots announced
[OP XXIV.A.2], it weighs the one form it would plot, chosen by the engine's odds
(:mod:`rules.armor.bot_ammo`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from model.hexes import Hex
from rules.armor import alleys, antitank, assault, overrun, scenario_rules, transport
from rules.armor.bot_ammo import fire_variants
from rules.armor.bot_at import with_weapon
from rules.armor.bot_mg import opportunity_odds, with_machineguns
from rules.armor.bot_watch import main_gun_watch, with_watch
from rules.armor.cards import hit_number
from rules.armor.dumps import is_dump
from rules.armor.fire import (
    aim,
    angle_between,
    gp_shot,
    in_field_of_fire,
    resolve,
    sights,
    why_not_fire,
)
from rules.armor.gp import gp_chance
from rules.armor.indirect import mortars
from rules.armor.indirect.bot import choose_plot
from rules.armor.move import destinations, order_walk, walk
from rules.armor.optional import area_pinning, vehicles
from rules.armor.optional.command import PlayerHeadquarters
from rules.armor.optional.intel import concealment
from rules.armor.optional.sbg import is_span
from rules.armor.orders import Face, OpportunityFire, Order, Uncover
from rules.armor.range import range_between
from rules.armor.support import strikes
from rules.armor.support.laying import bot_choice
from rules.armor.support.mines import danger
from rules.bots.greedy import Adapter, Evaluator, Piece, scores_losses
from rules.bots.plan import numbered_names
from rules.engine.actions import Action, Done
from rules.engine.core import Outcome
from rules.engine.dice import Dice

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

FACE_WEIGHT = 0.3  # the hull's front toward the nearest enemy (armour is thickest there)
FIELD_WEIGHT = 0.25  # per enemy in the gun's Field of Fire and reach
GAIN = 0.05  # an order must beat standing still by this much
SHORTLIST = 25  # orders whose position is scored in full (lines of sight are the costly part)
FIRE_SAMPLES = 6
OVERKILL = 0.5  # a target already shot at this Turn is worth this much less per shot
#: What a Suppressed result on an enemy Leg or Towed unit is worth to Area Pinning Fire, a
#: share of the unit's Victory Points (our weighting: it stops it firing and moving [ADV IV.D]).
PINNED = 0.15
#: What the bot reckons a shot at a Supply Dump is worth: the 8 VP a standing dump gives the
#: enemy [SCN VIII.B.6] (our estimate, whatever the odds of the roll).
DUMP_VALUE = 8.0
#: What a Block, Wire, Pillbox or Bunker destroyed is worth to the bot besides the units
#: inside (our weighting: it gives no Victory Points, but it stops or shelters the enemy).
FORTIFICATION_VALUE = 2.0
#: How much a hex nearer its task is worth to an Engineer of a demolition (our weighting).
GOAL_WEIGHT = 4.0
SAME_HEX = 1.0  # two units of the side ordered into the same hex
#: What the bot reckons entering a hex its side knows Mines would attack costs, and a hex of
#: an enemy Minefield whose Mines it does not know (our weighting) [OP IV.B-C].
MINE_KNOWN, MINE_MAYBE = 2.0, 0.5
#: How far the bot reckons an inverted enemy unit's gun reaches [OP X.A.1] (our weighting:
#: a 75mm gun's Short Range, 12 hexes, as the cards' placeholders have it).
INVERTED_REACH = 12
#: The chance the bot reckons an enemy unit in cover moves out of it this Turn, for a Tracking
#: Fire order [OP XV.A] (our weighting).
TRACK_MOVES = 0.5


class ArmorPlanner:
    """Chooses one order (or Final Facing) at a time, unit by unit, then ``done``."""

    def __init__(self, evaluator: Evaluator, rng: random.Random) -> None:
        self.ev, self.rng = evaluator, rng
        self._key: tuple[int, str, str] | None = None
        self._skip: set[str] = set()
        self._shots: dict[str, int] = {}
        self._ends: set[Hex] = set()
        self._fire: dict[tuple[str, str, bool, bool, int | None], float] = {}
        self._known: list[Piece] | None = None
        #: The enemy units' hexes at this Turn's Order Plot and at the last one the bot saw,
        #: for :meth:`_coming` (what the side saw on the map [AG IV]).
        self._seen_turn = 0
        self._before: dict[str, Hex] = {}
        self._at: dict[str, Hex] = {}

    def choose(self, state: ArmorState, side: str, actions: list[Action]) -> Action:
        shot = next((a for a in actions if isinstance(a, OpportunityFire)), None)
        if shot is not None:  # fire if it can hit, else let the unit pass [AG VII.F; OP XV.B]
            asked = state.execution.asked
            track = asked is not None and asked.tracking
            if asked is not None and asked.mount in antitank.CODES:  # "(B)N-", "(B)T-" [IV.E.3]
                aimed = antitank.aim(state, shot.unit, shot.target, opportunity=not track)
                can_hit = aimed.hit_number > 0
            elif asked is not None and asked.mount:  # a machinegun's own order [ADV IV.E.2]
                odds = gp_chance(
                    state, shot.unit, shot.target, True, tracking=track, mg=asked.mount
                )
                can_hit = odds[1] > 0
            elif gp_shot(state, shot.unit, shot.target):  # [ADV VI.B]
                odds = gp_chance(state, shot.unit, shot.target, opportunity=True, tracking=track)
                can_hit = odds[1] > 0
            else:
                aimed = aim(state, shot.unit, shot.target, opportunity=True, tracking=track)
                can_hit = aimed.hit_number > 0
            # or its machineguns with it, no order of their own [ADV IV.E.2; VI.B.2.a]
            if asked is None or not asked.mount:
                can_hit = can_hit or opportunity_odds(state, shot.unit, shot.target, track) > 0
            return shot if can_hit else next(a for a in actions if isinstance(a, Done))
        if state.segment.id == "plot":
            chosen = next((a for a in actions if isinstance(a, PlayerHeadquarters)), None)
            if chosen is not None:  # a new Player HQ, the engine's first choice [OP XIV.B.3]
                return chosen
            laid = bot_choice(state, side, actions)  # its own Mines [OP IV.B]
            if laid is not None:
                return laid
            plotted = choose_plot(state, side, actions)  # Artillery [OP II.A]
            if plotted is not None:
                return plotted
        key = (state.play.turn, state.segment.id, side)
        if state.segment.id == "plot" and state.play.turn != self._seen_turn:
            self._seen_turn, self._before = state.play.turn, self._at
            self._at = {e: state.troops.hexes[e] for e in state.enemies(side)}
        if key != self._key:
            self._key, self._skip, self._shots, self._ends, self._fire = key, set(), {}, set(), {}
            self._known = None
        units: list[str] = []
        for a in actions:
            unit = getattr(a, "unit", None)
            if (
                isinstance(a, Order | Face | Uncover)
                and unit not in units
                and unit not in self._skip
            ):
                units.append(a.unit)
        for unit in units:
            mine = [a for a in actions if getattr(a, "unit", None) == unit]
            best = self._order(state, side, unit, mine) if state.segment.id == "plot" else None
            if state.segment.id != "plot":
                best = self._facing(state, side, unit, mine)
            self._skip.add(unit)
            if best is not None:
                return best
        return next((a for a in actions if isinstance(a, Done)), actions[-1])

    # --- orders -------------------------------------------------------------------------------

    @staticmethod
    def _under_fire(state: ArmorState, side: str, unit: str) -> bool:
        """Whether an enemy unit may fire at ``unit`` now: then it enters the Pillbox or
        Bunker in its hex, where it cannot be Suppressed [OP XVII.B.4] (our weighting)."""
        return any(why_not_fire(state, e, unit, explain=False) is None for e in state.enemies(side))

    def _order(
        self, state: ArmorState, side: str, unit: str, options: list[Action]
    ) -> Action | None:
        advance = state.command.cc_bound.get(unit)
        if advance not in (None, "-", "F", "N") and options:
            return options[0]  # its movement orders plotted in advance [OP XIV.B.2]
        cover = Order(unit, cover=True)
        if state.suppressed(unit) and cover in options:
            return cover  # it may do nothing else: Full Cover's defense [ADV IV.C.1; IV.D]
        carry = self._carry(state, unit, options)  # Load and Unload [ADV IV.B.1]
        bound = transport.bound(state, unit) and not state.game.units[unit].vehicle
        if carry is not None or bound or state.transported(unit):
            return carry  # aboard, it moves with its Vehicle [ADV V.C.1]
        enter = Order(unit, enter=True)
        if enter in options and self._under_fire(state, side, unit):
            return enter  # into its Pillbox or Bunker [CS Order Notations E] (our weighting)
        game = state.game
        spec, here, facing = game.units[unit], state.troops.hexes[unit], state.troops.facing[unit]
        spec = vehicles.mover(state, unit)  # its Speed this Turn [OP XXI.B; OP XXX.A]
        pieces = self.ev.adapter.pieces(state)
        piece = pieces[unit]
        enemies = self._enemies(state, side, pieces)
        closed = alleys.fixed(state, unit)  # no turn in an Alley [OP XXVII.D.4]
        cost = state.cost_for(spec)
        ends = {
            d.moves: (d.hex, d.facing)
            for d in destinations(spec, here, facing, cost, game.on_map, None, closed)
        }
        public = self._public(state, side)
        exits = game.exits_for(side)
        rough: list[tuple[float, Order, Hex, int]] = []
        way = self.ev.waypoint(side, unit)  # a bot plan's route [rules.bots.plan]
        # of a fire's plain, APCR and fewer-shots forms, the one it would plot [OP XXIII;
        # OP XXIV.A.2] (rules.armor.bot_ammo)
        options = fire_variants(state, unit, options)
        for a in options:
            if (
                not isinstance(a, Order)
                or a.opportunity
                or a.cover
                or a.entrench
                or a.enter
                or a.leave
                or a.mg
                or a.mg_opportunity
                or a.mg_tracking
            ):
                continue  # Opportunity Fire on an enemy's hex, offered: weighed apart, on
                # the hex it would come to (rules.armor.bot_watch.main_gun_watch, below); nor
                # Full Cover and Hasty Entrenchments [ADV IV.C; OP XXXII], nor "E" and "G"
                # [CS Order Notations] but as :meth:`_under_fire` says (our weighting)
            end = ends.get(a.moves) if a.moves else (here, facing)
            if end is None:
                w = walk(spec, here, facing, a.steps, state.cost_for(spec), game.on_map)
                if w.off_map:
                    if w.hexes and w.hexes[-1][0] in exits:
                        return a  # leaving the map there scores [AG VII.C.5]
                    continue
                end = (w.hex, w.hexes[-1][1] if w.hexes else facing)
            fire = self._fire_value(public, side, a) if a.fire else 0.0
            if a.tracking:  # [OP XV]
                fire = self._tracking_value(state, public, side, a)
            if a.overrun:
                if _supported(state, a.overrun, side):
                    continue  # only an Overrun that is clearly good (our weighting)
                fire = _overrun_value(state, side, a)
            if a.assault:  # [ADV IV.A.1; ADV VII.B]
                fire = _assault_value(state, side, a)
            moved = _at(piece, end[0])
            value = fire + self.ev.progress(moved, enemies, waypoint=way)
            value -= SAME_HEX * (end[0] in self._ends)
            value += _goal(state, unit, end[0])
            rough.append((value + self.rng.random() * 1e-6, a, end[0], end[1]))
        rough.sort(key=lambda r: -r[0])
        stay = self._place(state, unit, piece, facing, enemies, way) + _goal(state, unit, here)
        best: tuple[float, Order, Hex] | None = None
        for value, a, h, f in rough[:SHORTLIST]:
            moved = _at(piece, h)
            full = value - self.ev.progress(moved, enemies, waypoint=way)
            full += self._place(state, unit, moved, f, enemies, way)
            full -= _mine_risk(state, a)
            if best is None or full > best[0]:
                best = (full, a, h)
        chosen = None if best is None or best[0] < stay + GAIN else best[1]

        def overkill(target: str) -> float:  # a target already shot at (or watched for)
            return OVERKILL ** self._shots.get(target, 0)

        # the main gun's own Opportunity Fire, "N-<hex>" [AG V.A.2.b; AG VII.F], where an
        # enemy unit may come into its sight and reach and that beats its best other order
        if not self._must_move(state, side, unit, way):
            bar = stay + GAIN if best is None or chosen is None else best[0]
            watched = main_gun_watch(
                state, public, unit, _worth, overkill, lambda e: self._coming(state, unit, e)
            )
            if watched is not None and stay + _scale(state, side) * watched[0] > bar:
                chosen = watched[1]
                self._shots[watched[2]] = self._shots.get(watched[2], 0) + 1
        if best is not None and chosen is not None and chosen is best[1]:
            self._ends.add(best[2])
        # its machineguns' own fire where it pays [ADV IV.E.2] (rules.armor.bot_mg)
        chosen = with_machineguns(state, public, unit, chosen, _worth, overkill)
        # a squad's Bazooka, PIAT ... at a Vehicle where it pays [ADV IV.E.3] (rules.armor.bot_at)
        chosen = with_weapon(state, public, unit, chosen, _worth, overkill)
        # an idle weapon's own Opportunity or Tracking Fire [ADV IV.E.2-3; AG VII.F; OP XV]
        # where an enemy unit may come into its reach (rules.armor.bot_watch)
        chosen = with_watch(state, public, unit, chosen, _worth)
        if chosen is not None:
            for shoots in (chosen.fire or chosen.tracking, *(t for _, t in chosen.mg)):
                if shoots:
                    self._shots[shoots] = self._shots.get(shoots, 0) + 1
        return chosen

    def _coming(self, state: ArmorState, unit: str, enemy: str) -> bool:
        """Whether ``enemy`` approaches ``unit``, for its Opportunity Fire (our reading of an
        ambush's reason): nearer it now than at the last Order Plot the bot saw, or not seen
        there (come into view, or the bot's first Turn). An enemy unit that stood or drew off
        is not waited for, so two sides' units do not wait on each other for good."""
        before = self._before.get(enemy)
        if before is None:
            return True
        here, now = state.troops.hexes[unit], state.troops.hexes[enemy]
        return range_between(here, now) < range_between(here, before)

    @staticmethod
    def _must_move(state: ArmorState, side: str, unit: str, way: frozenset[Hex] | None) -> bool:
        """Whether the unit has somewhere to go that an Opportunity Fire order, which stands
        it still [AG V.A.2.b(1)], would keep it from (our reading): its side's plan routes it
        to a waypoint it is not in, it has a scenario's task (:func:`_goal`), its side scores by
        leaving the map [AG VII.C.5], or 4A's Attacker must still advance [SCN VIII.A.5]."""
        here = state.troops.hexes[unit]
        if way is not None and here not in way:
            return True
        if _goal(state, unit, here) < 0 or state.game.exits_for(side):
            return True
        attacker = any(s.id == side and s.role == "attacker" for s in state.game.scenario.sides)
        lifted = state.objectives.bans_lifted
        return attacker and any(i not in lifted for i, _, _ in scenario_rules.advances(state.game))

    def _enemies(self, state: ArmorState, side: str, pieces: dict[str, Piece]) -> list[Piece]:
        """The enemy units ``side`` may know of [OP X] (our reading: the bot uses no more than
        its side's view): its hidden enemies left out [OP X.B.3]; an inverted one by its place
        only, reckoned a gun of :data:`INVERTED_REACH` hexes (our weighting) [OP X.A.1]. Worked
        out once per step (no counter moves while orders or facings are chosen)."""
        if self._known is None:
            found: list[Piece] = []
            for u, p in sorted(pieces.items()):
                if p.side == side:
                    continue
                how = concealment(state, u, side) if state.game.conceals else None
                if how == "hidden":
                    continue
                if how == "inverted":
                    p = Piece(p.side, p.hex, INVERTED_REACH, 1.0, p.speed, None)
                found.append(p)
            self._known = found
        return self._known

    def _carry(self, state: ArmorState, unit: str, options: list[Action]) -> Order | None:
        """Unload when the Vehicle is near the enemy or an objective, immobile or abandoned,
        or the game nears its end (:func:`unload_here`); a Loading or Unloading under way
        is completed (our heuristic). The Vehicle and its units judge alike, so both write the
        order [ADV IV.B.1.b]. The bot never starts a Loading."""
        orders = [a for a in options if isinstance(a, Order) and a.transfer and not a.moves]
        if not orders:
            return None
        spec = state.game.units[unit]
        vehicle = unit if spec.vehicle else state.troops.carried.get(unit, "")
        under_way = unit in state.troops.stage or transport.staged(state, vehicle)
        if not under_way and not unload_here(self.ev, state, vehicle):
            return None  # aboard and far from the fight: ride on
        # the bot starts no Loading, so what is under way is an Unloading or a Bail Out
        return next((o for o in orders if o.transfer == "U"), None)

    def _place(
        self,
        state: ArmorState,
        unit: str,
        piece: Piece,
        facing: int,
        enemies: list[Piece],
        way: frozenset[Hex] | None = None,
    ) -> float:
        """The shared position score plus facing and Field of Fire toward the enemy."""
        turret = state.troops.turret.get(unit, 0)
        return self.ev.place(piece, enemies, waypoint=way) + self._aim(
            state, unit, piece, facing, turret, enemies
        )

    def _aim(
        self,
        state: ArmorState,
        unit: str,
        piece: Piece,
        facing: int,
        turret: int,
        enemies: list[Piece],
    ) -> float:
        """The hull's front toward the nearest enemy, and enemies in the gun's Field of Fire
        [AG VI.A.3] (``turret``: the turret's turn off the hull)."""
        if not enemies:
            return 0.0
        spec, h = state.game.units[unit], piece.hex
        near = min(enemies, key=lambda e: (range_between(e.hex, h), e.hex.q, e.hex.r))
        score = -FACE_WEIGHT * angle_between(facing, h, near.hex) / 180.0
        if piece.threat > 0:
            gun = (facing + (3 if spec.rear_gun else 0) + (turret if spec.turret_turn else 0)) % 6
            in_field = sum(
                1
                for e in enemies
                if range_between(e.hex, h) <= piece.reach and in_field_of_fire(gun, h, e.hex)
            )
            score += FIELD_WEIGHT * min(in_field, 3)
        return score

    def _public(self, state: ArmorState, side: str) -> ArmorState:
        """A copy with the other side's orders left out and dice of the bot's own."""
        public = cast("ArmorState", state.clone())
        public.sheets.orders = {
            s: (dict(o) if s == side else {}) for s, o in state.sheets.orders.items()
        }
        public.dice = Dice(self.rng.getrandbits(32))
        return public

    def _fire_value(self, public: ArmorState, side: str, order: Order) -> float:
        """Expected worth of the order's Direct Fire: the engine's AP fire rolled a few times."""
        target = order.fire or ""
        if public.game.units[order.unit].mortar:  # at a hex [OP II.E] (our weighting)
            aimed = public.game.hex_named(target)
            if aimed is None:
                return 0.0
            worth = mortars.expected_worth(public, side, order.unit, aimed, indirect=False)
            return worth * OVERKILL ** self._shots.get(target, 0)
        if is_span(target):  # a Span unit gives no Victory Points (our bot leaves it) [OP XXV.C]
            return 0.0
        if is_dump(target):  # the 8 VP a standing Supply Dump gives the enemy [SCN VIII.B.6]
            return DUMP_VALUE * OVERKILL ** self._shots.get(target, 0)
        if order.area:  # Area Pinning Fire [OP XXVIII.B]
            return _area_value(public, order)
        if strikes.is_target(public, target):  # a Block, Wire, Pillbox or Bunker [ADV IV.E.5]
            return _fortification_value(public, order) * OVERKILL ** self._shots.get(target, 0)
        key = (order.unit, target, bool(order.moves), order.apcr, order.rate)
        value = self._fire.get(key)
        if value is None:
            before = public.sheets.orders[side].get(order.unit)
            public.sheets.orders[side][order.unit] = order
            total = 0.0
            hits = public.ranging.previous_hits  # a sample's hit is no Previous Hit [GC1]
            for _ in range(FIRE_SAMPLES):
                public.ranging.previous_hits = dict(hits)
                effects = {p.effect for p in resolve(public, order.unit, target)}
                # a squad's weapon fires with it [ADV IV.E.3] (rules.armor.antitank)
                effects |= {p.effect for p in antitank.with_squad(public, order.unit, order)}
                total += _worth(public, target, effects)
            public.ranging.previous_hits = hits
            if before is None:
                del public.sheets.orders[side][order.unit]
            else:
                public.sheets.orders[side][order.unit] = before
            value = self._fire[key] = _scale(public, side) * total / FIRE_SAMPLES
        return value * OVERKILL ** self._shots.get(target, 0)

    def _tracking_value(
        self, state: ArmorState, public: ArmorState, side: str, order: Order
    ) -> float:
        """What a Tracking Fire order is worth [OP XV] (our weighting): nothing unless the
        target is in cover that spoils a Direct Fire now (an AP Target Terrain Modifier); then
        the Direct Fire's worth times how many more rolls hit once it is out of the cover, times
        :data:`TRACK_MOVES`. The moving target's modifier is left out: a guess, not a sum."""
        unit, target = order.unit, order.tracking or ""
        if why_not_fire(state, unit, target) is not None or gp_shot(state, unit, target):
            return 0.0
        shot = aim(state, unit, target, moving=False, target_hexes=0)
        cover = sum(m.value for m in shot.modifiers if m.applied and "Terrain" in m.rule)
        if cover >= 0:
            return 0.0
        clear = hit_number(shot.number - cover, shot.gun.ap_factor(shot.range)).value
        ratio = (clear if isinstance(clear, int) else 0) / max(shot.hit_number, 1)
        direct = self._fire_value(public, side, Order(unit, fire=target))
        return TRACK_MOVES * ratio * direct

    # --- Final Facing ---------------------------------------------------------------------------

    def _facing(
        self, state: ArmorState, side: str, unit: str, options: list[Action]
    ) -> Action | None:
        if Uncover(unit) in options:  # out of Full Cover once its "S" order ends [ADV IV.C.4]
            return (
                Uncover(unit) if state.damage.suppressed.get(unit, 0) <= state.play.turn else None
            )
        h = state.troops.hexes[unit]
        pieces = self.ev.adapter.pieces(state)
        enemies = self._enemies(state, side, pieces)
        compass = {state.game.amap.global_to_direction(h, c): c for c in range(6)}
        piece = pieces[unit]
        stay = self._aim(
            state, unit, piece, state.troops.facing[unit], state.troops.turret[unit], enemies
        )
        best: tuple[float, Action] | None = None
        for a in options:
            if not isinstance(a, Face) or a.hull not in compass or a.turret not in compass:
                continue
            if a.hatch is not None:  # it keeps its Vehicles Open [AG VIII.B] (our weighting)
                continue
            hull, gun = compass[a.hull], compass[a.turret]
            value = self._aim(state, unit, piece, hull, (gun - hull) % 6, enemies)
            value += self.rng.random() * 1e-6
            if best is None or value > best[0]:
                best = (value, a)
        if best is None or best[0] < stay + GAIN:
            return None
        return best[1]


#: An Overrun target is supported when an enemy unit with a gun stands this near it (hexes).
SUPPORT = 3
#: A Suppressed result of an Overrun is worth this share of the target's points (our weighting).
SUPPRESSED_WORTH = 0.2


def _supported(state: ArmorState, target: str, viewer: str) -> bool:
    """Whether another unit of the target's side with a gun (a Vehicle or a Towed gun) stands
    within :data:`SUPPORT` hexes of it, as ``viewer`` may know (no hidden unit [OP X.B]): then
    the bot does not Overrun it (our weighting)."""
    side, at = state.game.units[target].side, state.troops.hexes[target]
    return any(
        u != target
        and not _hidden(state, u, viewer)
        and state.game.units[u].gun is not None
        and not state.transported(u)
        and state.troops.hexes[u].distance(at) <= SUPPORT
        for u in state.alive(side)
    )


def _overrun_value(state: ArmorState, side: str, order: Order) -> float:
    """Expected Victory Points of an Overrun [ADV VIII.B]: its chances of a Knocked Out and
    of a Suppressed result (:func:`rules.armor.overrun.chance`) times the target's value."""
    target = order.overrun or ""
    _, kills, hurts = overrun.chance(state, order.unit, target)
    points = float(state.game.units[target].points)
    scale = 2.0 if scores_losses(list(state.game.scenario.victory.conditions), side) else 1.0
    return scale * points * (kills + SUPPRESSED_WORTH * hurts)


def _assault_value(state: ArmorState, side: str, order: Order) -> float:
    """Expected Victory Points of a Close Assault [ADV VII.B]: on an enemy Vehicle, its
    chances of a Knocked Out and of a Suppressed result (:func:`rules.armor.assault.chance`,
    the Vehicle taken as not moving) times the Vehicle's value, as an Overrun is weighed; on a
    Pillbox or Bunker (named by its hex [ADV IV.A.1]), its chance of a Knock Out times what the
    construction and the units inside are worth, as a Direct Fire at it is
    (:func:`_fortification_value`)."""
    target = order.assault or ""
    if strikes.is_target(state, target):  # as the Close Assault Phase tells them apart
        aimed = strikes.assault_target(state, target)
        shot = strikes.aim(state, order.unit, aimed, True, close_assault=True)
        inside = strikes.occupants(state, shot.aimed)
        return shot.chance * (
            FORTIFICATION_VALUE + sum(_worth(state, u, {"knocked-out"}) for u in inside)
        )
    _, kills, hurts = assault.chance(state, order.unit, target)
    points = float(state.game.units[target].points)
    scale = 2.0 if scores_losses(list(state.game.scenario.victory.conditions), side) else 1.0
    return scale * points * (kills + SUPPRESSED_WORTH * hurts)


#: Hexes from the nearest enemy or objective at which transported units Unload (our heuristic).
UNLOAD_NEAR = 10


def unload_here(ev: Evaluator, state: ArmorState, vehicle: str) -> bool:
    """Whether the bot Unloads the units of ``vehicle`` now [ADV IV.B.1] (our heuristic): near
    the enemy or sighted by it, next to one of its side's objectives, the Vehicle unable to move
    or abandoned (or gone: Bailed Out units [ADV IV.B.1.e]), or in the last three Turns."""
    h = state.troops.hexes.get(vehicle)
    if h is None or vehicle in state.troops.abandoned or state.immobile(vehicle):
        return True
    if state.play.turn > state.game.turns - 3:
        return True
    side = state.game.units[vehicle].side
    enemies = [e for e in state.enemies(side) if not _hidden(state, e, side)]  # [OP X.B]
    if any(h.distance(state.troops.hexes[e]) <= UNLOAD_NEAR for e in enemies):
        return True
    if any(sights(state, e, vehicle) for e in enemies):
        return True  # its units may be fired at aboard [ADV V.C.5]
    near = ev.nearest_objective(ev.adapter.pieces(state)[vehicle])
    return near is not None and near <= 1


def _hidden(state: ArmorState, unit: str, viewer: str) -> bool:
    """The unit is not on ``viewer``'s map [OP X.B.3]."""
    return state.game.conceals and concealment(state, unit, viewer) == "hidden"


def _area_value(public: ArmorState, order: Order) -> float:
    """Expected worth of an Area Pinning Fire [OP XXVIII.B]: its one roll's Suppressed result
    on every target, :data:`PINNED` of each target's Victory Points (our weighting), from the
    engine's odds (:func:`rules.armor.optional.area_pinning.chance`)."""
    odds = area_pinning.chance(public, order).effect or 0.0
    aimed = area_pinning.targets(order)
    return odds * PINNED * sum(public.game.units[t].points for t in aimed)


def _fortification_value(state: ArmorState, order: Order) -> float:
    """Expected worth of a Direct Fire at a Block, Wire, Pillbox or Bunker unit
    (:mod:`rules.armor.support.strikes`): its chance of a Knock Out times the Victory Points
    of the units inside it, Knocked Out with it, and :data:`FORTIFICATION_VALUE` for the
    construction itself, which stops Vehicles or Leg units (our weighting)."""
    assert order.fire is not None
    if strikes.why_not(state, order.unit, order.fire, bool(order.moves)) is not None:
        return 0.0
    shot = strikes.aim(state, order.unit, order.fire, bool(order.moves))
    inside = strikes.occupants(state, shot.aimed)
    gain = FORTIFICATION_VALUE + sum(_worth(state, u, {"knocked-out"}) for u in inside)
    return shot.chance * gain


def _scale(state: ArmorState, side: str) -> float:
    """What the bot multiplies a fire's Victory Points by: 2 where the side scores the enemy's
    losses (our weighting)."""
    return 2.0 if scores_losses(list(state.game.scenario.victory.conditions), side) else 1.0


def _worth(state: ArmorState, target: str, effects: set[str]) -> float:
    """Victory Points a set of results on ``target`` gives its enemy [AG IX.B]."""
    spec = state.game.units[target]
    if "knocked-out" in effects:
        return float(spec.points)
    if effects & {"hull", "turret"}:
        return float(spec.points_compartment)
    if effects & {"gun", "track"}:
        return float(spec.points_track_gun)
    return 0.1 * spec.points if "crew" in effects else 0.0


def _at(piece: Piece, h: Hex) -> Piece:
    return Piece(piece.side, h, piece.reach, piece.threat, piece.speed, piece.category)


class ArmorAdapter(Adapter):
    """What the greedy bot needs of an Armor state; a unit's loss is its Victory Point value
    [AG IX.B] over 10 (an invented scale); reach is by the Range Scale [AG III.D]."""

    fire_range = staticmethod(range_between)

    def planner(self, evaluator: Evaluator, rng: random.Random) -> ArmorPlanner:
        """Secret simultaneous orders cannot be tried one at a time: weighed statically."""
        return ArmorPlanner(evaluator, rng)

    def pieces(self, state: ArmorState) -> dict[str, Piece]:
        from rules.armor.cards import gun_of

        game = state.game
        found = {}
        for u, h in state.troops.hexes.items():
            spec = game.units[u]
            gun = gun_of(spec, game.nation[spec.side])
            able = (
                gun is not None and not state.gun_lost(u) and state.damage.crew_losses.get(u, 0) < 3
            )
            reach = gun.short if gun is not None else 0
            found[u] = Piece(spec.side, h, reach, 1.0 if able else 0.0, spec.speed, spec.category)
        return found

    def lost(self, state: ArmorState, side: str) -> float:
        from rules.armor.victory import unit_points

        units = state.game.units
        return sum(unit_points(state, u)[0] for u in units if units[u].side == side) / 10.0

    def standing(self, state: ArmorState) -> Outcome:
        from rules.armor.victory import evaluate_outcome

        return evaluate_outcome(state)

    def hex_of(self, state: ArmorState, name: str) -> Hex | None:
        return None

    def plan_names(self, game: ArmorGame) -> dict[str, frozenset[str]]:
        """Counters numbered per unit code as the set-up makes them."""
        from rules.armor.units import unit_of

        return numbered_names(game.scenario, lambda side, code, n: unit_of(side, code, n).id)

    def moved_by(self, action: Action) -> str | None:
        """An order with movement notation moves its unit [AG V.B]."""
        return action.unit if isinstance(action, Order) and action.moves else None


def _goal(state: ArmorState, unit: str, h: Hex) -> float:
    """What the bot reckons a hex is worth to a unit with a scenario's task: an Engineer of a
    demolition not yet done (2B [SCN VI.B.3]) is drawn to the hexes beside the Spans, where
    it prepares the bridge and rolls to blow it (our weighting, ``GOAL_WEIGHT`` a hex)."""
    spans = scenario_rules.demolition_targets(state, unit)
    if not spans:
        return 0.0
    near = min(h.distance(s) for s in spans)
    return -GOAL_WEIGHT * (abs(near - 1) if near else 1)


def _mine_risk(state: ArmorState, order: Order) -> float:
    """What the order's path risks from Mines, as its side may know it [OP IV.B-C]: a known
    mined hex :data:`MINE_KNOWN`, a hex of an enemy Minefield :data:`MINE_MAYBE` (0 with no
    Mine units on the map)."""
    if not order.moves or not (state.game.works.mines or state.fieldworks.laid):
        return 0.0
    weights = {"known": MINE_KNOWN, "maybe": MINE_MAYBE}
    path = [h for h, _, _ in order_walk(state, order).hexes]
    return sum(weights.get(danger(state, order.unit, h) or "", 0.0) for h in path)
