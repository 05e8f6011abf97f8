"""Armor (Yaquinto, 1985) on the engine core: the Armor Game's Turn, orders, movement and fire.

What this slice plays, by the book (the basic Armor Game rules [AG I-IX]):

- The Sequence of Play [AG II] as data (:data:`rules.armor.sequence.ARMOR_SEQUENCE`), for the
  scenario's number of Turns; the German side moves and faces first on odd Turns, the Allied
  side on even Turns [AG II.D-E].
- Set-up from the scenario's forces, with facings (:mod:`rules.armor.setup`).
- The Sighting Phase [AG IV] (:mod:`rules.armor.fire`).
- The Order Plot Phase [AG V]: secret, simultaneous orders in the book's notation
  (:mod:`rules.armor.orders`): forward moves, turns, reverse, Pivot in Place, Direct Fire;
  each side's orders are hidden from the other (``view_for``, ``private_to`` events, legal
  actions per side) until the Command Sheets are laid out for movement [AG VII.A].
- The Direct Fire Phase [AG VI]: AP fire, every shot explained with its modifiers and rules,
  results applied once all fire is done.
- The Movement Execution Phase [AG VII] (:mod:`rules.armor.execution`): orders executed as
  plotted, cut where illegal [AG VII.C], Building hexside checks on the row of the vehicle's
  Close Assault Defense [AG VII.E] (:mod:`rules.armor.buildings`), Opportunity Fire: a
  triggered order stops the movement until its owner fires (``opportunity-fire``) or declines
  (``done``) [AG VII.F] (:mod:`rules.armor.opportunity`), units leaving the map [AG VII.C.5],
  hexes disputed with the enemy [AG VII.D] (:mod:`rules.armor.turn`).
- The Final Facing and Adjustment Phase [AG VIII]: Pivot in Place and turret turns.
- Victory Points [AG IX] and the scenario's objectives [SCN II.F] (:mod:`rules.armor.victory`),
  and the winner by the book's adjudication of equal and unequal forces, with the Percentage
  and Differential Numbers [SCN IV] (:mod:`rules.armor.adjudication`), each step in the log.

- The scenario's special rules [SCN II.C; SCN V-VIII] (:mod:`rules.armor.scenario_rules`,
  :attr:`ArmorGame.enforces`): fire bans (no Opportunity Fire on Turn 1), 4B's Defender held
  until shots or a sighting, 2B's Engineers entering on a die roll and their demolition of the
  bridge, 3C's bridge control, 4A's straight-line advance, 4B's Supply Dumps fired at with GP
  (:mod:`rules.armor.dumps`), and, once a designer turns them on, the (Optional) bridge weight
  limits [OP XIII.B] and 2A's and 3B's Stream rules (:mod:`rules.armor.bridges`); the rest are
  listed in every outcome with why.
- Soft hexes [OP XIII.A] (:mod:`rules.armor.bogging`): the Soft Hex Table rolled before a
  Vehicle turns, pivots in or leaves one; a Leg unit's Speed 1 in a Turn started in one.

A road or track blocked by a new Wreck or a newly moved enemy unit costs the hex's other
terrain [AG VII.C.4]. Leg and Towed units set up transported (``mounted_on``) ride with their
Vehicle and do not count towards stacking [AG III.B.1; ADV V.C]; in the Advanced Game they Load
and Unload [ADV IV.B.1] (:mod:`rules.armor.transport`) and Bail Out [ADV IX]
(:mod:`rules.armor.bailout`).

At ``rules: {level: advanced-game}`` a first slice of the Advanced Game: its Sequence of Play
with the Close Assault and Overrun Phases [ADV II] (:data:`rules.armor.sequence.LEVELS`),
Close Assault orders and combats [ADV IV.A.1; VII] (:mod:`rules.armor.assault`), Leg units
firing and fired at with GP weapons, Suppressed results [ADV IV.D; VI.B]
(:mod:`rules.armor.gp`); Overrun orders and the Overrun Phase's movement, Defensive Fire and
Overrun Fire [ADV IV.A.2; VIII] (:mod:`rules.armor.overrun`); machineguns destroyed by
non-penetrating and compartment hits and the Special Turretless Hull Down of turretless
Vehicles only [ADV VI.C-E]; Loading, Unloading, towing, carrying and Bail Out [ADV IV.B.1; V.B;
V.C; IX] (:mod:`rules.armor.transport`, :mod:`rules.armor.bailout`); the Terrain Support
units a side lists or buys, set up by [Setup II.D; SCN III.F], with their movement effects,
Pillboxes and Bunkers, and the Mines [OP IV] their Mine units bring
(:mod:`rules.armor.support`); Full Cover [ADV IV.C] (:mod:`rules.armor.cover`); with
``rules: {options: [artillery]}`` off-board Artillery Batteries, Designated, Called and
Continuous fire, the Artillery Impact Phase, Indirect Fire by units and Air Spotting [OP II;
OP III.E; SCN III.G] (:mod:`rules.armor.indirect`); Snow and Mud [OP VIII.A]
(:mod:`rules.armor.weather`); Up and Down orders of Leg units in multi-storey Buildings
[ADV IV.B.2] (:mod:`rules.armor.storeys`); Open and Buttoned Turret units [AG VIII.B]
(:mod:`rules.armor.hatches`; the Armor Game's are always Open). Not yet: the rest of the
Advanced Game and the Optional Rules (time of day...). A
Vehicle's machineguns fire by their own Direct and Opportunity Fire orders and, with none,
with the main gun's Direct, Opportunity and Tracking Fire [ADV IV.E.2; VI.A.2-4]
(:mod:`rules.armor.machineguns`). The Data Cards' tables are not in the book's text:
:mod:`rules.armor.cards` names the placeholders used.

Optional Rules a scenario names in ``rules.options`` [OP I] (:mod:`rules.armor.optional`):
Effects of Turret Facing [OP VII] (:mod:`rules.armor.turret`), Main Gun Depression [OP VI],
Infantry Unit Reduction [OP XII], Fires in Buildings and Alleys [OP XI] and Building
Destruction [OP XVIII] in a Fire and Smoke Phase at the end of the Turn, German Armored Car
Reverse Movement [OP XX], Machinegun Team Normal Pinning Fire [OP XXVIII.A], GP Fire Terrain
Modifiers Against Vehicles [OP XXIX], Special Infantry [OP V], Additional Vehicle Armor
[OP XXI], American APCR Ammunition [OP XXIII], Limited Ammunition and Fuel [OP XXIV],
Emergency Vehicle Speed [OP XXX], Hasty Entrenchments [OP XXXII], Tracking Fire [OP XV]
(:mod:`rules.armor.opportunity`) and Limited Intelligence: inverted and completely hidden units
and the elevation and dust sighting options [OP X.A-C] (:mod:`rules.armor.optional.intel`),
Assault Boats [OP XXVI] (:mod:`rules.armor.optional.boats`) and Paratroop drops [OP XXXI.A]
(:mod:`rules.armor.optional.airborne`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction

from model.hexes import Hex
from model.position import GamePosition
from model.regions import Region
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.victory import Exit
from rules.armor import (
    bridges,
    cover,
    dumps,
    hatches,
    opportunity,
    plot,
    preview,
    soft,
    storeys,
    transport,
    view,
)
from rules.armor import position as position_io
from rules.armor.bailout import crews
from rules.armor.events import OrderPlotted, Placed
from rules.armor.fire import level
from rules.armor.indirect import howitzers
from rules.armor.indirect import impact as artillery_impact
from rules.armor.indirect import plots as artillery
from rules.armor.indirect.batteries import air_spotting, batteries, plays_artillery
from rules.armor.move import (
    EnterCost,
    TerrainCost,
    movement_key,
)
from rules.armor.optional import (
    airborne,
    blaze,
    boats,
    command,
    culin,
    intel,
    morale,
    reduction,
    sbg,
    smoke,
    supply,
    vehicles,
)
from rules.armor.optional.records import Blazes, Cover, Intel, Morale, Squads, Supply
from rules.armor.optional.specials import Specials
from rules.armor.orders import ACTIONS, Face, OpportunityFire, Order, Panic, Uncover
from rules.armor.position import ArmorPositionState
from rules.armor.ranging import Ranging
from rules.armor.records import (
    CommandSheets,
    Damage,
    Execution,
    Fieldworks,
    Firing,
    Objectives,
    Play,
    Troops,
)
from rules.armor.scenario_rules import ENFORCED, advances, announce, blown
from rules.armor.sequence import LEVELS
from rules.armor.setup import centre, deploy, spread
from rules.armor.support import effects as support
from rules.armor.support import laying
from rules.armor.support.setup import set_up as set_up_support
from rules.armor.turn import advance, apply_face, begin_segment, damage
from rules.armor.units import ArmorUnit
from rules.armor.victory import evaluate_outcome
from rules.armor.weather import weather
from rules.engine.actions import Action, Done
from rules.engine.core import Outcome, State
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.engine.events import Event, SideDone
from rules.engine.play import ActionFocus, Preview, Progress, SideView
from rules.engine.positions import UnitPosition
from rules.engine.sequence import Phase, Segment, steps
from rules.maps.game import MapGame
from rules.records.position import PositionReader

RULES_VERSION = "armor-0.10"


class ArmorGame(MapGame):
    """An Armor scenario made playable: map, movement costs, counters and their set-up."""

    system = GameSystem.ARMOR
    rules_version = RULES_VERSION
    #: With the Artillery Plot [OP II.A], Indirect Fire's "H" order [OP II.F.3] and the
    #: selection of a new Player HQ [OP XIV.B.3].
    actions = (
        *ACTIONS,
        artillery.ArtilleryPlot,
        howitzers.IndirectFire,
        command.PlayerHeadquarters,
        laying.LayMines,  # the owner's own Mines [OP IV.B]
    )
    position_state = ArmorPositionState
    #: The special rules its engine enforces (:mod:`rules.armor.scenario_rules`; terrain
    #: overrides in its movement costs; the rest are listed in each outcome).
    enforces = ENFORCED

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        scenario = loaded.scenario
        bridges.with_streams(self)  # 2A's and 3B's Stream rules in force [OP XXVII.F]
        #: 4B's Building hexes played as Clear level +1 [SCN VIII.B.3], with the Fire Tables
        #: row of each as laid out, for the Fire a destroyed dump becomes (:mod:`dumps`).
        self.dump_rows: dict[Hex, str] = dumps.as_clear(self)
        if len(self.sides) != 2:
            raise UnsupportedGameError("an Armor scenario of this engine has two sides")
        self.turns: int = self._length()
        self.deployment = deploy(scenario, self.terrain, self.movement)
        self.deployment_centre = centre(list(self.amap.hexes))
        self.units: dict[str, ArmorUnit] = {u.id: u for u in self.deployment.units}
        if scenario.rules.level == "advanced-game":  # Bailed Out Crew units [ADV IX.A.3]
            self.units.update({c.id: c for c in crews(self.deployment.units, scenario)})
        self.units = vehicles.adjusted(self, self.units)  # card changes of options [OP XX]
        #: Snow or Mud [OP VIII.A] (:mod:`rules.armor.weather`): the units' speeds in it.
        self.ground, self.units, self.weather_events = weather(scenario, self.units)
        self.nation: dict[str, str] = {s.id: s.nation for s in scenario.sides}
        german = [s for s in self.sides if self.nation[s] == "germany"]
        #: The German side moves first on odd Turns [AG II.D]; with no German side, the first.
        self.german: str = german[0] if german else self.sides[0]
        self.allied: str = next(s for s in self.sides if s != self.german)
        self.rule_level: str = scenario.rules.level or "armor-game"
        if self.rule_level not in LEVELS:
            raise UnsupportedGameError(
                f"rule level '{self.rule_level}' is not played by the Armor engine (it plays "
                f"{', '.join(repr(k) for k in LEVELS)})"
            )
        #: The Advanced Game [ADV]: its Sequence of Play [ADV II] and GP fire [ADV VI.B].
        self.advanced: bool = self.rule_level == "advanced-game"
        #: 4B's Supply Dumps are on the map (:mod:`rules.armor.dumps`).
        self.has_dumps: bool = any(o.kind == "dump" for o in scenario.map.objects)
        #: Its destroyed dumps Burn [SCN VIII.B.3]: only GP fire destroys them [ADV VI.B].
        burns = self.has_dumps and self.advanced
        # the Fire and Smoke Phase of the Optional Rules, when used [OP XI.A; XVIII.A]
        phases = blaze.sequence(LEVELS[self.rule_level], scenario.rules.options, burns)
        # the Rally Morale Phase first, when used [OP XVII.D]
        phases = morale.sequence(phases, scenario.rules.options)
        phases = airborne.sequence(phases, self)  # the Paratroop Drop Phase [OP XXXI.A.2]
        self.steps: tuple[tuple[Phase, Segment], ...] = steps(phases)
        #: A side's units are inverted or completely hidden [OP X.A-B]
        #: (:mod:`rules.armor.optional.intel`).
        self.conceals: bool = intel.concealing(self)
        #: 4A's straight-line advance is a rule of the scenario [SCN VIII.A.5].
        self.straight_advance: bool = bool(advances(self))
        #: Hexes to each Side of the map (4A's advance, :mod:`rules.armor.scenario_rules`).
        self.side_distance: dict[tuple[str, Hex], int] = {}
        self._levels: dict[Hex, int] = {}
        #: The map's own entry costs, one table for each kind of mover (:meth:`cost_for`).
        self._costs: dict[tuple[object, ...], TerrainCost] = {}
        #: The Terrain Support units and Mines set up [SCN III.F] (:mod:`rules.armor.support`).
        self.works, self.support_events = set_up_support(self)
        #: Off-board Artillery Batteries [OP II; SCN III.G] (:mod:`rules.armor.indirect`).
        self.batteries, self.battery_events = batteries(self)
        self.artillery_rule: bool = plays_artillery(self)
        #: The sides with an Air Spotting unit [OP III.E] (with the Artillery option).
        self.air_spotters = air_spotting(self) if self.artillery_rule else frozenset()
        if self.artillery_rule:
            if not self.advanced:
                raise UnsupportedGameError(
                    "the Artillery Optional Rule [OP II] adds to the Advanced Game: give "
                    "'rules: {level: advanced-game}'"
                )
            impact = artillery_impact.with_impact_phase(LEVELS[self.rule_level])
            impact = morale.sequence(impact, scenario.rules.options)  # [OP XVII.D]
            if smoke.used(self) or burns:  # the Fire and Smoke Phase [OP IX.A.4; SCN VIII.B.3]
                impact = blaze.sequence(impact, scenario.rules.options, burns)
            self.steps = steps(airborne.sequence(impact, self))  # [OP XXXI.A.2]
        command.check(self)  # Radio Jamming needs Command Control [OP XIV.C]
        supply.check(self)  # the force entries' Ammunition Allotments [OP XXIV.B]
        airborne.check(self)  # paratroop drops [OP XXXI.A.1]
        airborne.check_units(self)

    def forget_terrain(self) -> None:
        super().forget_terrain()
        self.side_distance, self._levels, self._costs = {}, {}, {}
        vars(self).pop("_storeys_cache", None)  # rules.armor.storeys.floors
        vars(self).pop("_ditch_cache", None)  # rules.armor.support.effects.painted_ditches

    def _length(self) -> int:
        """The scenario's Turns; by the layout's join type where it depends on it (2A: 14
        Edge-to-Edge, 40 End-to-End, 30 Staggered [SCN VI.A.6])."""
        length = self.scenario.length
        if length.turns is not None:
            return length.turns
        join = self.scenario.map.layout.preset
        if join is not None and join in length.by_join:
            return length.by_join[join]
        raise UnsupportedGameError(
            "the scenario's length is open or depends on a layout this engine cannot tell "
            "(give 'length.turns'): not in this slice of the Armor engine"
        )

    def unit_name(self, unit: str) -> str:
        spec = self.units.get(unit)
        return spec.name if spec is not None else unit

    def new_initial_state(self, seed: int = 0) -> ArmorState:
        return ArmorState(self, seed)

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> ArmorState:
        return position_io.state_from_position(self, position, reader, ArmorState)

    def level(self, h: Hex) -> int:
        found = self._levels.get(h)
        if found is None:
            found = self._levels[h] = level(self, h)
        return found

    def cost_for(self, unit: ArmorUnit) -> EnterCost:
        """Entering a hex, for one unit, on the map's own terrain [AG V.B; AG VII]: one
        :class:`rules.armor.move.TerrainCost` for all the units that pay the same
        (:func:`rules.armor.move.movement_key`), each hexside worked out once."""
        key = movement_key(unit)
        found = self._costs.get(key)
        if found is None:
            found = self._costs[key] = TerrainCost(self.movement, unit)
        return found

    def on_map(self, h: Hex) -> bool:
        return h in self.amap.hexes

    def enter(self, state: ArmorState, units: list[str], region: Region) -> list[Placed]:
        """Set units held off the map on the hexes of ``region`` (a reinforcement's entry
        [SCN VI.B.5]), as the set-up spreads an entry (:func:`rules.armor.setup.spread`); the
        units they transport stand in their carrier's hex [ADV IV.B.1.f]."""
        taken = {h: self.units[u].side for u, h in state.troops.hexes.items()}
        riders = [u for u in units if state.troops.carried.get(u) in units]
        alone = [self.units[u] for u in units if u not in riders]
        hexes: dict[str, Hex] = {}
        facing: dict[str, int] = {}
        events: list[Placed] = []
        area = sorted(self.region(region), key=self.name)
        spread(
            alone,
            area,
            self.deployment_centre,
            self.movement,
            self.terrain,
            taken,
            hexes,
            facing,
            events,
        )
        for u in riders:
            carrier = state.troops.carried[u]
            hexes[u], facing[u] = hexes[carrier], facing[carrier]
        for u in units:
            state.troops.hexes[u], state.troops.facing[u] = hexes[u], facing[u]
            state.troops.turret[u] = 0
        return events

    def exits_for(self, side: str) -> frozenset[Hex]:
        """The hexes from which ``side`` scores for leaving the map (its exit conditions)."""
        found: set[Hex] = set()
        for c in self.scenario.victory.conditions:
            if isinstance(c, Exit) and c.side == side:
                found |= self.region(c.region)
        return frozenset(found)

    def first(self, turn: int) -> str:
        """Who moves and faces first: German on odd Turns, Allied on even [AG II.D]."""
        return self.german if turn % 2 else self.allied

    def second(self, turn: int) -> str:
        return self.allied if turn % 2 else self.german


class ArmorState(State):
    """An Armor game in progress."""

    game: ArmorGame

    def __init__(self, game: ArmorGame, seed: int) -> None:
        super().__init__(game, seed)
        if soft.rule(game) is not None:  # the Soft areas rolled, Terrain Set Up [SCN III.B.2]
            self.game = game = soft.roll(self)
        dep = game.deployment
        self.play = Play(game.scenario.id)
        self.troops = Troops(
            hexes=dict(dep.hexes),
            facing=dict(dep.facing),  # compass
            turret=dict.fromkeys(dep.hexes, 0),  # hexsides off the hull
            carried=dict(dep.carried),
        )
        self.sheets = CommandSheets({s: {} for s in game.sides})
        self.damage = Damage()
        self.firing = Firing()
        self.ranging = Ranging()  # the Previous Hit modifier [GC1; AG VI.B.3.c]
        self.smoke = smoke.Smoke()  # Smoke fired in play [OP IX.A]
        self.execution = Execution()
        self.objectives = Objectives(off_map=dict(dep.held))
        self.fieldworks = Fieldworks()
        self.squads = Squads()  # Optional Rules (rules.armor.optional)
        self.blazes = Blazes()
        self.artillery = artillery.Artillery()  # the Artillery Plots [OP II.A]
        self.cover = Cover()  # Full Cover [ADV IV.C], Hasty Entrenchments [OP XXXII]
        self.supply = Supply()  # Limited Ammunition and Fuel [OP XXIV], APCR [OP XXIII]
        self.intel = Intel()  # dust [OP X.C.3]
        self.morale = Morale()  # Morale and Panic, Aces [OP XVII]
        self.specials = Specials()  # Special Vehicle Units [OP XXV]
        self.command = command.Command()  # Command Control, Radio Jamming [OP XIV]
        self.storeys = storeys.Storeys()  # Leg units upstairs [ADV IV.B.2]
        self.hatches = hatches.Hatches()  # Buttoned Vehicles [AG VIII.B]
        for event in (
            *dep.events,
            *game.support_events,
            *game.battery_events,
            *game.weather_events,
        ):
            self.emit(event)
        as_clear = dumps.as_clear_note(game)  # 4B's dumps as Clear level +1 [SCN VIII.B.3]
        if as_clear is not None:
            self.emit(as_clear)
        supply.issue(self)  # Variable Fuel and Ammunition rolled [OP XXIV.C]
        announce(self)
        begin_segment(self)
        self._advance()

    def _advance(self) -> None:
        advance(self)

    def emit(self, event: Event) -> None:
        """Log an event; one about a concealed unit's own doings is its owner's alone
        [OP X.A-B] (:func:`rules.armor.optional.intel.private`)."""
        if self.game.conceals and getattr(self, "intel", None) is not None:
            event = intel.private(self, event)
        super().emit(event)

    def inflict(self, unit: str, effect: str, by: str | None = None) -> None:
        """Apply one result to a unit at once [GC1 Effects of AP Hits]; ``by``: the unit whose
        fire or combat it is [OP XVII.G.1]."""
        damage(self, unit, effect, by)

    # --- where play is ----------------------------------------------------------------------

    @property
    def segment(self) -> Segment:
        return self.game.steps[self.play.step][1]

    def actors(self) -> tuple[str, ...]:
        asked = self.execution.asked
        if asked is not None:  # the owner of a triggered Opportunity Fire [AG VII.F]
            return (self.game.units[asked.firer].side,)
        actor = self.segment.actor
        if actor == "both":
            return self.game.sides
        if actor == "first":
            return (self.game.first(self.play.turn),)
        if actor == "second":
            return (self.game.second(self.play.turn),)
        return ()

    def to_act(self) -> tuple[str, ...]:
        if self.play.over:
            return ()
        return tuple(s for s in self.actors() if s not in self.play.done)

    def is_terminal(self) -> bool:
        return self.play.over

    def judge(self) -> Outcome | None:
        return evaluate_outcome(self) if self.play.over else None

    # --- what units may do -----------------------------------------------------------------

    def cost_for(self, unit: ArmorUnit) -> EnterCost:
        """Entering a hex for ``unit`` now: the game's costs (:meth:`ArmorGame.cost_for`),
        and no entering the Span hexes of a bridge destroyed by demolition: the Span units
        are removed [SCN VI.B.3] (our reading: the River below may not be entered); the
        Terrain Support units' Block, Ditch and Wire [ADV V.A.4; V.D]
        (:func:`rules.armor.support.effects.cost`)."""
        cost = support.cost(self, unit, self.game.cost_for(unit))
        cost = blaze.cost(self, unit.vehicle, cost)  # Fire and Destroyed hexes [OP XI.E; XVIII.C]
        cost = smoke.cost(self, unit.vehicle, cost)  # a Smoke hex: +1 SF [OP IX.A.5]
        cost = culin.cost(self, unit, cost)  # the Culin Device, broken hedgerows [OP XXV.E]
        cost = sbg.cost(self, unit, cost)  # the SBG Bridge AVREs' Spans [OP XXV.C.3; C.5]
        cost = boats.cost(self, unit, cost)  # a Boat's River and dry ground [OP XXVI.A.2; B]
        cost = bridges.cost(self, unit, cost)  # the scenario's bridge limit [OP XIII.B]
        if not self.objectives.destroyed_objects:
            return cost

        def after(frm: Hex, to: Hex) -> Fraction | None:
            return None if blown(self, to) else cost(frm, to)

        return after

    def alive(self, side: str) -> list[str]:
        return [u for u, s in self.game.units.items() if s.side == side and u in self.troops.hexes]

    def orders_of(self, unit: str) -> Order:
        spec = self.game.units[unit]
        return self.sheets.orders[spec.side].get(unit) or Order(unit)

    def hexes_ordered(self, unit: str) -> int:
        """Hexes the unit is ordered to move this Turn (the AP Movement Modifier's column)."""
        return sum(1 for s in self.orders_of(unit).steps if s in "FBMW")  # Up, Down [ADV IV.B.2.b]

    def gun_lost(self, unit: str) -> bool:
        return bool(self.damage.hits.get(unit, set()) & {"gun", "turret"})

    def immobile(self, unit: str) -> bool:
        """Hull compartment or Track damage: no movement, no Pivot [AG VII.C.1]; or out of
        Fuel Factors [OP XXIV.C.1]."""
        damaged = bool(self.damage.hits.get(unit, set()) & {"hull", "track"})
        return damaged or supply.out_of_fuel(self, unit)

    def gun_facing(self, unit: str) -> int:
        """Where the gun's Field of Fire points [AG VI.A.3]: the turret, else the hull front
        (the Archer's hull rear)."""
        spec = self.game.units[unit]
        base = self.troops.facing[unit] + (3 if spec.rear_gun else 0)
        return (base + (self.troops.turret[unit] if spec.turret_turn else 0)) % 6

    def stacking(self, h: Hex) -> int:
        """Stacking Factors in a hex, Wrecks at 2 each [AG III.B.3], Pillbox and Bunker
        units at 2 each [AG III.B.4]; Leg and Towed units transported by a Vehicle do not
        count [AG III.B.1; ADV V.C.2]; a Half Squad stacks its 1/2 Squad value [OP XII]."""
        units = sum(
            reduction.stacking(self, u)  # a Half Squad's is its own [OP XII]
            for u, at in self.troops.hexes.items()
            if at == h and not self.transported(u)
        )
        return units + 2 * self.damage.wrecks.count(h) + support.stacking(self, h)

    def suppressed(self, unit: str) -> bool:
        """The unit has an "S" order this Turn [ADV IV.D] (:mod:`rules.armor.gp`)."""
        return self.damage.suppressed.get(unit, 0) >= self.play.turn

    def transported(self, unit: str) -> bool:
        """The unit rides on a Vehicle on the map [ADV V.C]: Loaded, not part way through
        Loading or Unloading, nor Bailed Out [ADV IV.B.1.d-e] (:mod:`rules.armor.transport`).
        In the Armor Game a unit whose Vehicle is knocked out stands in the hex on its own (our
        reading; the Advanced Game's Bail Out [ADV IX.B]: :mod:`rules.armor.bailout`)."""
        carrier = self.troops.carried.get(unit)
        return (
            carrier is not None
            and carrier in self.troops.hexes
            and unit in self.troops.hexes
            and unit not in self.troops.stage
        )

    def passengers(self, carrier: str) -> list[str]:
        """The units on the map that ``carrier`` transports [ADV V.C]."""
        return sorted(
            u
            for u, c in self.troops.carried.items()
            if c == carrier and u in self.troops.hexes and u not in self.troops.stage
        )

    def put(self, unit: str, h: Hex, facing: int) -> None:
        """Stand ``unit`` in ``h`` facing ``facing``, with the units it transports: they "move
        along with their Vehicle unit" [ADV V.C.1]."""
        for u in (unit, *self.passengers(unit)):
            storeys.left(self, u, h)  # a new hex: its first storey [ADV IV.B.2]
            self.troops.hexes[u], self.troops.facing[u] = h, facing

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self, side: str | None = None) -> list[Action]:
        found: list[Action] = []
        for s in self.to_act():
            if side is not None and s != side:
                continue
            if self.execution.asked is not None:  # fire, or decline with 'done' [AG VII.F]
                found.extend(opportunity.choices(self, s))
                continue
            for group in self._choices(s):
                found.extend(group)
            if self._may_finish(s):
                found.append(Done(s))
        return found

    def nothing_to_decide(self, side: str) -> bool:
        """Whether ``side``'s only legal action is Done: :meth:`legal_actions` is ``[Done]``,
        found without working out every unit's orders (each unit's stop at the first)."""
        if self.execution.asked is not None:  # an Opportunity Fire's choices [AG VII.F]
            only = self.legal_actions(side)
            return len(only) == 1 and isinstance(only[0], Done)
        return self._may_finish(side) and not any(self._choices(side))

    def _may_finish(self, side: str) -> bool:
        """Whether Done is legal: in the Order Plot only with every bound move plotted
        [OP XIV.B.2]."""
        return self.segment.id != "plot" or not command.unplotted(self, side)

    def _choices(self, side: str) -> Iterator[Sequence[Action]]:
        """``side``'s legal actions but Done, a group at a time, each worked out only when
        asked for (:meth:`nothing_to_decide` stops at the first that is not empty)."""
        if self.segment.id == "plot":
            if self.game.artillery_rule:  # [OP II.A; II.F]
                yield artillery.plot_options(self, side)
                yield howitzers.options(self, side)
            for u in self.alive(side):
                if u not in self.sheets.orders[side] and u not in self.artillery.indirect:
                    yield self.order_options(u)  # (an "H" order [OP II.F.3])
            yield laying.options(self, side)  # the owner's own Mines [OP IV.B]
            yield morale.voluntary_options(self, side)  # [OP XVII.E]
            yield command.choices(self, side)  # a new Player HQ [OP XIV.B.3]
        elif self.segment.id in ("first-facing", "second-facing"):
            for u in self.alive(side):
                if u not in self.sheets.faced:
                    yield self.facing_options(u)

    def order_options(self, unit: str) -> list[Action]:
        """Each legal order of ``unit`` (:func:`rules.armor.plot.order_options`)."""
        return command.options(self, unit, plot.order_options(self, unit))  # [OP XIV.B.2]

    def enemies(self, side: str) -> list[str]:
        return [u for s in self.game.sides if s != side for u in self.alive(s)]

    def facing_options(self, unit: str) -> list[Action]:
        """Each Final Facing of ``unit`` (:func:`rules.armor.plot.facing_options`)."""
        return plot.facing_options(self, unit)

    # --- applying actions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {why}")
        if isinstance(action, Order):
            side = self.game.units[action.unit].side
            self.sheets.orders[side][action.unit] = action
            self.emit(OrderPlotted(action.unit, action.notation, private_to=side))
            command.plotted(self, action)  # next Turn's orders in advance [OP XIV.B.2]
            transport.replotted(self, action.unit)  # Overrun or riders' fire [ADV V.C.3.c]
        elif isinstance(action, Face):
            apply_face(self, action)
        elif isinstance(action, artillery.ArtilleryPlot):
            artillery.write(self, action)  # [OP II.A]
        elif isinstance(action, howitzers.IndirectFire):
            howitzers.write(self, action)  # [OP II.F.3]
        elif isinstance(action, laying.LayMines):
            laying.write(self, action)  # [OP IV.B.1]
        elif isinstance(action, OpportunityFire):
            opportunity.fire(self)
        elif isinstance(action, Uncover):
            cover.uncover(self, action)  # [ADV IV.C.4]
        elif isinstance(action, Panic):
            morale.panic(self, action.unit, "[OP XVII.E]", "Voluntary Panic")
        elif isinstance(action, command.PlayerHeadquarters):
            command.choose(self, action)  # [OP XIV.B.3]
        elif isinstance(action, Done) and self.execution.asked is not None:
            opportunity.decline(self)
        elif isinstance(action, Done):
            self.play.done.add(action.side)
            self.emit(SideDone(action.side, self.segment.id))

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be applied now, or None (:func:`rules.armor.plot.why_not`;
        an Artillery Plot's, :func:`rules.armor.indirect.plots.why_not_plot`)."""
        if isinstance(action, artillery.ArtilleryPlot):
            return artillery.why_not_plot(self, action)
        if isinstance(action, laying.LayMines):
            return laying.why_not(self, action)  # [OP IV.A-B]
        if isinstance(action, howitzers.IndirectFire):
            if not self.game.artillery_rule:
                return "Indirect Fire is an Optional Rule the scenario does not use [OP II.F]"
            return howitzers.why_not_indirect(self, action)
        if isinstance(action, Order) and action.unit in self.artillery.indirect:
            return f"{action.unit} has its orders: Indirect Fire [AG V.A.1; OP II.F.3]"
        return plot.why_not(self, action)

    def why_not_order(self, order: Order) -> str | None:
        """Why the order may not be plotted, or None (:func:`rules.armor.plot.why_not_order`)."""
        return plot.why_not_order(self, order)

    # --- views and hashes -------------------------------------------------------------------

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know: never the other side's orders before they are executed."""
        return view.side_view(self, side)

    def progress(self) -> Progress:
        return view.progress(self)

    def describe(self, action: Action) -> str:
        if isinstance(action, artillery.ArtilleryPlot):
            return artillery.describe(self, action)
        if isinstance(action, laying.LayMines):
            return laying.describe(self, action)
        if isinstance(action, howitzers.IndirectFire):
            return howitzers.describe(self, action)
        return view.describe(self, action)

    def concerns(self, action: Action) -> ActionFocus:
        if isinstance(action, artillery.ArtilleryPlot):
            return artillery.concerns(self, action)
        if isinstance(action, laying.LayMines):
            return laying.concerns(self, action)
        if isinstance(action, howitzers.IndirectFire):
            return howitzers.concerns(self, action)
        return view.concerns(self, action)

    def reach(self, unit: str) -> dict[Hex, float | None]:
        """In the Order Plot, each hex the unit's order could take it to this Turn, with the
        fewest Speed Factors that reach it [AG V.B; CS Vehicle Movement Costs], the one new
        hex of [AG V.B.3] included: what :func:`rules.armor.plot.order_options` offers and
        :func:`rules.armor.move.walk` executes. Nothing outside the Order Plot, for a unit
        with its orders, or one that may not move [AG VII.C.1]."""
        return plot.reach(self, unit)

    def route(self, unit: str, hexes: Sequence[Hex]) -> Action | None:
        """The order that moves ``unit`` through ``hexes`` in this order and stops in the
        last, the cheapest in Speed Factors, in the book's notation (``2R1``) [AG V.A.3; V.B];
        None when no legal order does (:func:`rules.armor.plot.route`)."""
        return plot.route(self, unit, hexes)

    def preview(self, action: Action) -> Preview:
        """Legal or why not, the SF it spends, the odds of its fire (:mod:`rules.armor.preview`;
        a triggered Opportunity Fire's, :func:`rules.armor.opportunity.preview`)."""
        if isinstance(action, OpportunityFire) and self.why_not(action) is None:
            return opportunity.preview(self, action, self.describe(action))
        if isinstance(action, artillery.ArtilleryPlot):
            return artillery_impact.preview(self, action)
        if isinstance(action, howitzers.IndirectFire):
            return howitzers.preview(self, action, self.why_not(action))
        if isinstance(action, laying.LayMines):
            return laying.preview(self, action)
        return preview.preview(self, action)

    def arrange(self, actions: list[Action]) -> list[Action]:
        """Fire alone, fire and move, Opportunity Fire, Pivot, then moves by where they end."""
        return sorted(actions, key=lambda a: view.display_key(self, a))

    def to_position(self) -> GamePosition:
        """The state as a position file (:mod:`rules.armor.position`)."""
        return position_io.to_position(self)

    def positions(self) -> list[UnitPosition]:
        """Every unit on the map, with its facing and damage (no hidden units [AG])."""
        return view.positions(self)
