"""Soldiers (SPI / West End) on the engine core: the first slice (issue 6).

The game runs in Command Cycles of turns, each turn a Command Phase, an Action Phase and an End
Phase [3; 4] (:data:`SEQUENCE`). What this slice plays:

- Set-up: the scenario's fixed or bought forces, man by man [2.11; 10.2; 19]
  (:mod:`rules.soldiers.setup`: the intelligence difference and its bracket [19.41], the
  deployment modes, depleted squads' losses drawn [19.21]); every chit in Start [5.1], a
  reinforcing squad's off the track until its event [19.32]; the advantage by the bracket, else
  by a d10 roll-off, ties to the scenario's first player [10.4].
- Events and reinforcements [6.12; 19.32] (:mod:`rules.soldiers.arrivals`), a book scenario's
  own events (Dawn Patrol's weather, fuel dump and bridges [10.6]:
  :mod:`rules.soldiers.scenario_events`; scenarios 20-26's [20.6-26.5]:
  :mod:`rules.soldiers.scenario_effects`; their changes in the state's ``field``), the
  scenarios' rules and clauses in words the engine plays (:mod:`rules.soldiers.scenario_rules`,
  :mod:`rules.soldiers.scenario_victory`); moving off
  the map where the scenario allows, guards taking their prisoners [7.26]
  (:mod:`rules.soldiers.exits`).
- Missions [19.1]: each side plays its ``mission`` (the first of its missions when it names
  none), whose special rules and victory conditions join the scenario's
  (:mod:`rules.soldiers.victory`). An open-ended scenario [19.7] ends when a condition judged
  at the end of every Command Cycle is met, or after the last Command Cycle any played
  condition names (none named: :data:`OPEN_ENDED_CYCLES`, our reading).
- Command Phase [5.2-5.3]: the side that ran the last Action Phase (at a cycle's start, the
  advantage) commits one chit one space down, keeps an already committed chit, or passes; then
  the other side. Not from 0 or Exhausted, not the chit active in the previous Action Phase.
  Both pass: the cycle ends. Two committed: they bid, then the lower space wins, a tie to the
  advantage [5.3].
- Action Phase [6]: d10 + d6: the Risk Level Table at the chit's space plus the leader's
  initiative (-1 suppressed) or, on an independent turn, the initiative of the man selected
  before the roll [6.11; 6.23]; the Event Table's result is applied as far as reinforcements
  go [6.12]; a Cautious roll moves the chit down (d6 spaces on a 1) [6.13].
  A leader turn gives up to his command rating of orders to able men of his squad within 2
  hexes and in his sight; an independent turn one order [6.21]; never to a man ordered in the
  previous Action Phase. In scenario 26's first Command Cycle the US player plays an activated
  leader chit as a leader or an independent chit (:mod:`rules.soldiers.airborne_turns` [26.3]).
  An order: 5 AP, 3 if wounded [6.2; 7.11]; a suppressed man first unsuppresses, 2/2/1/0 AP
  by risk level [7.42]. Move [7.21-7.23] (:mod:`rules.movement.costs`, class "man"), fire
  (:mod:`rules.soldiers.fire`: spotting [8.21], the same APs' fire [8.34; 8.41]) with weapon
  checks, clear jam and reload
  [8.5; 7.32; 8.52] (:mod:`rules.soldiers.weapons`), explosive grenades [12.1-12.4]
  (:mod:`rules.soldiers.grenades`). The enemy reacts to a man entering a hex in its sight or
  firing sustained fire [8.6] (:mod:`rules.soldiers.reaction`); prisoners are taken
  automatically or surrender, and are guarded [9.2-9.4; 9.8] (:mod:`rules.soldiers.capture`).
  Support weapons [13-15] (:mod:`rules.soldiers.support`): overwatch, MMGs and HMGs with their
  crews, preparation and fire arcs, flamethrowers.
- Fire support [16; 17; 18]: the owner assigns his radio to a man of his force at the start
  (:mod:`rules.soldiers.radio_choice`, 17.1); the radio's calls and the Artillery Strike
  event's strikes (:mod:`rules.soldiers.artillery`), engineers' satchel charges
  (:mod:`rules.soldiers.engineers`), through :mod:`rules.soldiers.fire_support`; camouflage,
  entrenchments and pillboxes bought are placed (:mod:`rules.soldiers.preparations`).
- End Phase: the active chit flips back [6]. End of a cycle [4]: victory is checked; chits in
  numbered spaces return to Start, Exhausted ones drop below; suppressed men stand up.
- The game ends after the scenario's cycles, or when a side has no able man and none to come
  (a stand-in for the conditions' check [4]); the typed conditions decide
  (:mod:`rules.soldiers.victory`).

Groups [6.24; 7.1]: men of one squad stacked in one hex take one order and share its AP
(:mod:`rules.soldiers.groups`).

Bidding [5.31-5.33]: two committed chits bid down the track (:mod:`rules.soldiers.bidding`).
Catastrophic loss [6.28]: a squad half disabled loses a chit, three quarters another
(:mod:`rules.soldiers.leaders`), the owner's choice (:mod:`rules.soldiers.chit_loss`).

Hand-to-hand combat [8.8-8.82] and capture in it [9.1]: at Aggressive the man under orders or
his group fights every able enemy in his hex; a man ordered in an enemy-occupied hex is limited
to it [8.83] (:mod:`rules.soldiers.melee`). The assistant squad leader's restriction [6.22]
(:func:`rules.soldiers.command.command_rating`); a disabled platoon leader's chit [6.27].

Smoke and rifle grenades [12.5; 12.6] (:mod:`rules.soldiers.smoke`,
:mod:`rules.soldiers.rifle_grenades`), remove wire and bought wire [18.3]
(:mod:`rules.soldiers.wire`), hidden minefields [18.4] (:mod:`rules.soldiers.minefields`), a
bought pillbox's sight [18.52] (:mod:`rules.soldiers.pillbox_sight`), hidden MMGs and HMGs
and their reveal, during operational moves too [14.11; 14.12] (:mod:`rules.soldiers.hidden_guns`),
the owner's choice to reveal one before an enemy operational move [14.12]
(:mod:`rules.soldiers.hidden_gun_choice`). Operational turns in play: an Action Phase whose
leader (or independent man or group) is clear of the enemy is declared operational or tactical
first [3B; 6.3-6.32] (:mod:`rules.soldiers.operational_turns`).

Events [6.12] are played (:mod:`rules.soldiers.events`, the scenarios' own in
:mod:`rules.soldiers.scenario_effects`) but the Unusual Event (its table is not in the text);
equipment is exchanged [7.33; 9.5] (:mod:`rules.soldiers.equipment`, :mod:`rules.soldiers.kit`;
carrying a disabled man, 11.3, :mod:`rules.soldiers.carrying`); pre-game operational moves
[6.33] (:mod:`rules.soldiers.operational`). Fire into one's own hex [8.83] at range 1's
placeholder cell. Simplifications, named: hidden deployment other than the MGs' and the
minefields' [14.11; 18.4], the defender's own choice of where his bought preparations go (the
engine places them, our reading) [18; 19.43]. docs/soldiers-partly.md lists what each partly
section still lacks.
"""

from __future__ import annotations

import dataclasses

from model.hexes import Hex
from model.position import GamePosition
from model.scenario import Mission, Scenario
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.victory import SpecialRule
from rules.engine.actions import Action, Done, Move
from rules.engine.core import Outcome, State
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.engine.events import Event, GameEnded, SegmentBegan, SideDone
from rules.engine.play import ActionFocus, Preview, Progress, SideView
from rules.engine.positions import UnitPosition
from rules.engine.special_rules import Enforce, describe, special_rules, why_not_enforced
from rules.maps.game import MapGame
from rules.maps.named import HexesByName
from rules.movement.costs import ENFORCED_BY_MOVEMENT, MoveCost
from rules.records.position import PositionReader
from rules.soldiers import (
    activation,
    airborne_turns,
    artillery,
    attach_choice,
    bidding,
    bridges,
    capture,
    carrying,
    chit_loss,
    damage_choice,
    delayed_entry,
    destroying,
    engineers,
    equipment,
    fire_support,
    groups,
    handover,
    hidden_gun_choice,
    hidden_guns,
    kit,
    leaders,
    melee,
    minefields,
    operational,
    operational_turns,
    pillbox_sight,
    preparations,
    preview,
    prisoners,
    radio_choice,
    radio_marker,
    reaction,
    reaction_choice,
    rifle_grenades,
    scenario_effects,
    scenario_rules,
    scenario_victory,
    smoke,
    smoke_markers,
    stand_up,
    support,
    suppression,
    view,
    wire,
)
from rules.soldiers import position as position_io
from rules.soldiers.actions import (
    ACTIONS,
    ChitMoved,
    ClearJam,
    Commit,
    MoveOff,
    OrderGiven,
    OrderMan,
    React,
    Reload,
    SelfSuppress,
    Shoot,
    Throw,
    TurnBegan,
)
from rules.soldiers.arrivals import begin_cycle, eligible
from rules.soldiers.capture import after_move, guard_ap, refresh
from rules.soldiers.command import (
    UNSUPPRESS_AP,
    begin_action_phase,
    commit,
    resolve_commitments,
    select_independent,
    why_not_leader,
)
from rules.soldiers.exits import OFF_MAP_BAN, move_off
from rules.soldiers.exits import why_not_enforced as exit_not_enforced
from rules.soldiers.fire import fire_types, shoot, why_not_shoot
from rules.soldiers.fire_support_actions import FIRE_SUPPORT_ACTIONS
from rules.soldiers.grenades import grenades_left, throw, why_not_throw
from rules.soldiers.machineguns import crews, fired
from rules.soldiers.moves import category, judge_sight, move, move_options
from rules.soldiers.names import chit_words
from rules.soldiers.pistols import starting_pistols
from rules.soldiers.position import SoldiersPositionState
from rules.soldiers.records import (
    OFF,
    ActiveTurn,
    Arrivals,
    Battlefield,
    CommandTrack,
    Play,
    Troops,
)
from rules.soldiers.scenario_events import smoke_blocks
from rules.soldiers.setup import MapFacts, deploy, played_missions
from rules.soldiers.start import set_up
from rules.soldiers.support_actions import Overwatch, SupportAction
from rules.soldiers.units import Chit, Man, cell
from rules.soldiers.victory import decided, evaluate_outcome, played_victory
from rules.soldiers.weapons import (
    carried,
    maintain,
    starting_clips,
    starting_grenades,
)

RULES_VERSION = "soldiers-0.18"
#: The turn's sequence [3]: phase id, name, rule.
SEQUENCE = (
    ("command", "A. Command Phase", "[3A; 5.2-5.3]"),
    ("action", "B. Action Phase", "[3B; 6]"),
    ("end", "C. End Phase", "[3C; 6]"),
)


#: How many Command Cycles an open-ended scenario lasts at most when no condition of the
#: missions played names a cycle (our reading: the book's "until one player achieves his
#: victory objectives" [22.2] needs an end for a game the engine plays; its scenarios last 2-5).
OPEN_ENDED_CYCLES = 6

#: What the engine enforces of a scenario's special rules: terrain overrides in its movement
#: costs, exits [7.26] and the ban on moving off the map (20.3 Commando Assault).
ENFORCES: dict[str, Enforce] = {
    **ENFORCED_BY_MOVEMENT,
    "exit-allowed": Enforce(
        ignores={"units": "every man of the side may move off (our reading)"},
        check=exit_not_enforced,
    ),
    "action-ban": Enforce(
        names=frozenset({OFF_MAP_BAN}),
        ignores={"turns": "the ban holds for the whole game", "until": "never lifted"},
    ),
    # 26's ford in words, played by the map's terrain edit [26.1]
    "terrain-override": Enforce(
        ignores=ENFORCED_BY_MOVEMENT["terrain-override"].ignores,
        check=scenario_rules.terrain_not_enforced,
    ),
    # 23's free pillbox, placed from the map's pillbox object [23.2; 18.5]
    "rule-override": Enforce(names=frozenset({scenario_rules.PILLBOX_OVERRIDE})),
    # scenarios 20-26's rules in words the engine plays [22.2; 24.3; 26.4]
    "text": Enforce(check=scenario_rules.text_not_enforced),
    # 26's Bridge Destruction: wire-bridge and blow-bridge (rules.soldiers.bridges) [26.2]
    "demolition": Enforce(
        ignores={"preparation_turns": "a bridge is wired at the end of its Command Cycle [26.2]"},
        check=bridges.not_enforced,
    ),
}


def _named_cycles(conditions: list[object]) -> list[int]:
    found: list[int] = []
    for cond in conditions:
        if getattr(cond, "after_event", None) is not None:
            # a deadline counted from an event [21.3] may fall in any cycle (our reading)
            found.append(OPEN_ENDED_CYCLES)
        for key in ("turn", "by_turn", "from_turn"):
            value = getattr(cond, key, None)
            if isinstance(value, int):
                found.append(value)
        found.extend(_named_cycles(list(getattr(cond, "conditions", []) or [])))
    return found


def game_cycles(scenario: Scenario) -> tuple[int, str]:
    """How many Command Cycles the game lasts at most, and why [19.7]."""
    if scenario.length.turns is not None:
        return scenario.length.turns, "the scenario's length"
    if not scenario.length.open_ended:
        raise UnsupportedGameError("give the scenario's 'length.turns' (Command Cycles)")
    conditions: list[object] = list(scenario.victory.conditions)
    for mission in played_missions(scenario).values():
        conditions.extend(mission.victory.conditions)
    named = _named_cycles(conditions)
    if named:
        return max(named), "open-ended: the last Command Cycle a played condition names [19.7]"
    return OPEN_ENDED_CYCLES, "open-ended, no condition names a Command Cycle: our reading [19.7]"


#: The battle conditions [6.42; 8.32], as the scenario's ``rules.visibility`` names them.
CONDITIONS = {"night": "Night", "mist": "Mist", "clear": "Clear"}


def battle_condition(visibility: str | None) -> str:
    """The scenario's battle condition [6.42]: Night, Mist or Clear. None given is Clear (our
    reading: the book's scenarios all name one; Clear has no modifier). A choice in words
    ("night ... or mist ..., the US player's choice" [26.1]) is the first it names (our
    reading: the engine makes the owner's choice so)."""
    if visibility is None:
        return "Clear"
    text = visibility.strip().lower()
    found = CONDITIONS.get(text)
    if found is None:
        named = sorted((text.find(k), v) for k, v in CONDITIONS.items() if k in text)
        found = named[0][1] if named else None
    if found is None:
        raise UnsupportedGameError(
            f"the battle condition '{visibility}' is not one of Night, Mist or Clear [6.42]: "
            "choose one in the scenario's rules.visibility"
        )
    return found


class SoldiersGame(MapGame):
    """A Soldiers scenario made playable."""

    system = GameSystem.SOLDIERS
    rules_version = RULES_VERSION
    actions = (
        *ACTIONS,
        groups.OrderGroup,
        bidding.Bid,
        melee.HandToHand,
        equipment.Exchange,
        *carrying.ACTIONS,
        handover.TakeGrenades,
        kit.TakeKit,
        prisoners.KillPrisoner,
        destroying.DestroyEquipment,
        destroying.DestroyItem,
        *smoke.ACTIONS,
        wire.RemoveWire,
        rifle_grenades.FireGrenade,
        operational_turns.Declare,
        airborne_turns.ChitAs,
        hidden_gun_choice.HiddenGunChoice,
        damage_choice.TakeDamage,
        melee.LineUp,
        stand_up.StandUp,
        attach_choice.Attach,
        chit_loss.RemoveChit,
        radio_choice.AssignRadio,
        reaction_choice.ReactionType,
        *bridges.ACTIONS,
    )
    position_state = SoldiersPositionState
    #: The special rules its engine enforces (:data:`ENFORCES`; the rest are listed in each
    #: outcome, :mod:`rules.engine.special_rules`).
    enforces = ENFORCES
    plays_missions = True

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        scenario = loaded.scenario
        if len(self.sides) != 2:
            raise UnsupportedGameError("a Soldiers scenario of this engine has two sides")
        self.visibility = scenario.rules.visibility
        self.by_name: dict[str, Hex] = {self.name(h): h for h in self.amap.hexes}
        names = {h: n for n, h in self.by_name.items()}
        self._costs: dict[tuple[Hex, Hex | None], MoveCost] = {}
        self._terrains: dict[Hex, tuple[str, ...]] = {}
        hexes = self.amap.hexes
        enterable = frozenset(h for h in hexes if not self.movement.cost("man", h).prohibited)
        #: The hexes a man may enter (the set-up's; a zone group's entry [25.6]).
        self.enterable = enterable
        #: The map-edge hexes [7.26; 19.32]: those with a neighbour off the map.
        self.edge = frozenset(h for h in hexes if any(n not in hexes for n in h.neighbors()))
        #: Each hex's zone [2.22], ``BOARD/N``, for delayed reinforcements [19.34].
        self.zones = delayed_entry.zones_of(self.amap)
        self.deployment = deploy(scenario, MapFacts(self.region, names, enterable, self.edge))
        self.groups = tuple(self.deployment.groups)
        self.group_of = {m: g.id for g in self.groups for m in g.men}
        self.cycles, self.cycles_why = game_cycles(scenario)
        #: The victory rules in force: the scenario's and the played missions' [19.1; 19.7].
        self.victory = played_victory(scenario, self.missions().values())
        #: Whether a played condition is judged the moment it happens [19.7].
        self.instant = any(getattr(c, "when", None) == "instant" for c in self.victory.conditions)
        self.condition = battle_condition(scenario.rules.visibility)
        found = cell("battle-conditions", self.condition, "maximum sighting (hexes)")
        #: The maximum sighting distance of the battle condition [6.42]: Night 6, Mist 10,
        #: Clear 15.
        self.sight_range = int(str(found.value))
        self.men: dict[str, Man] = {m.id: m for m in self.deployment.men}
        self.chits: dict[str, Chit] = {c.id: c for c in self.deployment.chits}
        self.first = scenario.first_player or self.sides[0]
        #: Each man's ammo clips and explosive grenades at the start [11; 12; 19.44; 19.53].
        self.clips = starting_clips(scenario, self.deployment.men, self.deployment.depleted)
        self.grenades = starting_grenades(scenario, self.deployment.men)
        #: Each MMG's and HMG's crew, by the gun's id [14.1].
        self.guns = crews(self.deployment.men)
        #: Each side's artillery support and the stand-in radioman [17.1; 19.42].
        self.artillery_support = artillery.support_of(
            scenario, self.deployment.men, set(self.group_of)
        )
        #: Each man's satchel charges at the start [16.21; 19.44].
        self.satchels = engineers.starting_satchels(scenario, self.deployment.men)
        #: The pistol each man carries at the start, by his id [11.1; 19.44; 14.13].
        self.pistols = starting_pistols(scenario, self.deployment.men, self.satchels)
        #: Pillboxes, entrenchments and camouflage placed at the start [18; 19.43; 23.2].
        self.prepared = preparations.bought(self, self.deployment.men, self.deployment.hexes)
        #: The wire the defender bought, each marker's three hexes, painted on the map [18.31].
        self.laid_wire: tuple[tuple[Hex, ...], ...] = ()
        wire.lay_bought(self)

    def man_cost(self, to: Hex, frm: Hex | None = None) -> MoveCost:
        """A man's cost to enter ``to`` (from ``frm``) [7.21], worked out once: the map and
        its markers do not change during play."""
        key = (to, frm)
        found = self._costs.get(key)
        if found is None:
            found = self._costs[key] = self.movement.cost("man", to, frm)
        return found

    def terrains(self, h: Hex) -> tuple[str, ...]:
        """The hex's terrains and markers (:meth:`TerrainView.mixed`), worked out once."""
        found = self._terrains.get(h)
        if found is None:
            found = self._terrains[h] = tuple(self.terrain.mixed(h))
        return found

    def sees(self, a: Hex, b: Hex) -> bool:
        """A clear line of sight [6.41]: not blocked, and within the scenario's battle
        condition's maximum sighting distance [6.42] (Night 6, Mist 10, Clear 15 hexes). In
        play the state's condition counts, which an event may change
        (:meth:`SoldiersState.sees`)."""
        return a.distance(b) <= self.sight_range and super().sees(a, b)

    def sees_within(self, a: Hex, b: Hex, reach: int) -> bool:
        """A line of sight not blocked [6.41], ``reach`` hexes long at most [6.42]."""
        return a.distance(b) <= reach and super().sees(a, b)

    def sighting(self, condition: str) -> int:
        """The maximum sighting distance of a battle condition [6.42]."""
        return int(str(cell("battle-conditions", condition, "maximum sighting (hexes)").value))

    def unit_name(self, unit: str) -> str:
        """A man's name and his weapon as on his counter (``Austin (M1)``)."""
        man = self.men.get(unit)
        return f"{man.name} ({man.weapon.code})" if man is not None else unit

    def new_initial_state(self, seed: int = 0) -> SoldiersState:
        return SoldiersState(self, seed)

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> SoldiersState:
        return position_io.state_from_position(self, position, reader, SoldiersState)

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def missions(self) -> dict[str, Mission]:
        """The mission each side plays [19.1] (:func:`rules.soldiers.setup.played_missions`)."""
        return played_missions(self.scenario)

    def rules_in_force(self) -> list[SpecialRule]:
        """The scenario's special rules and those of the missions played [19.1]."""
        found = list(self.scenario.special_rules)
        for mission in self.missions().values():
            found.extend(mission.special_rules)
        return found

    @classmethod
    def rules_not_enforced(cls, scenario: Scenario) -> tuple[str, ...]:
        """The scenario's special rules and the played missions' that the engine does not
        enforce, with why; a mission not played has no rule in force [19.1]."""
        played = {m.id for m in played_missions(scenario).values()}
        found = []
        for label, rule in special_rules(scenario):
            mission = next(
                (m for m in scenario.missions if label.startswith(f"mission '{m.id}' ")), None
            )
            if mission is not None and mission.id not in played:
                why: str | None = f"the mission '{mission.name}' is not played [19.1]"
            else:
                why = why_not_enforced(rule, cls.enforces)
            if why is not None:
                found.append(f"{describe(label, rule)}: not enforced: {why}")
        return tuple(found)


class SoldiersState(State):
    """A Soldiers game in progress."""

    game: SoldiersGame

    def __init__(self, game: SoldiersGame, seed: int) -> None:
        super().__init__(game, seed)
        dep = game.deployment
        self.play = Play()
        self.troops = Troops(HexesByName(game.name, dep.hexes))
        self.troops.waiting = set(game.group_of)
        self.arrivals = Arrivals()
        self.field = Battlefield()  # what the scenario's events changed [10.6]
        late = {game.men[m].squad for m in game.group_of}
        self.track = CommandTrack(
            space={c: OFF if chit.squad in late else "Start" for c, chit in game.chits.items()},
            committed=dict.fromkeys(game.sides),
        )
        self.active = ActiveTurn()
        self.support = support.Support()  # overwatch and MGs [13; 14]
        self.artillery = artillery.Calls()  # calls, markers of strikes [17]
        self.demolitions = engineers.Demolitions()  # satchel charges thrown [16.2]
        self.kit = kit.Kit()  # MG parts, satchels, radios, clips that changed hands [7.33]
        self.smoke = smoke_markers.Smoke()  # smoke grenades and markers [12.5]
        self.wire = wire.WireCut()  # remove wire performed [18.32]
        self.minefields = minefields.Minefields()  # bought minefields revealed [18.41]
        set_up(self)
        scenario_rules.start(self)  # 24 Limited Attack's buildings [24.3]
        support.set_up(self)
        preparations.announce(self)  # [18; 19.43]
        minefields.announce(self)  # hidden minefields noted [18.4; 19.43]
        wire.announce(self)  # bought wire laid [18.31; 19.43]
        self.play.order = (self.play.advantage, game.other(self.play.advantage))
        radio_choice.ask(self)  # each owner assigns his radio, before any action [17.1]
        intel = game.deployment.intel
        moves = list(intel.bracket.operational_moves) if intel and intel.bracket else []
        moves = scenario_rules.opening_moves(self, moves)  # 22's both sides [22.2]
        moves = artillery.barrage(self, moves)  # no operational moves under a barrage [17.6]
        if not operational.begin(self, moves):
            self._begin_cycles()

    def _begin_cycles(self) -> None:
        """The first Command Cycle begins: the advantage commits first [19]."""
        self.emit(
            SegmentBegan(
                self.play.cycle, "Command Cycle 1", f"{self.play.advantage} has the advantage"
            )
        )
        self._begin_command()

    # --- the sequence of play ------------------------------------------------------------------

    def _begin_command(self) -> None:
        self.play.phase, self.play.acted = "command", []
        self.track.bidding = None
        self.emit(
            SegmentBegan(
                self.play.cycle, SEQUENCE[0][1], f"{self.play.order[0]} first {SEQUENCE[0][2]}"
            )
        )

    def _advance(self) -> None:
        if not self.play.over and self.game.instant and decided(self, ("instant",)):
            self._finish()  # a condition met the moment it happens [19.7]
            return
        if self.track.losing is not None:
            return  # the owner removes a chit of his squad first [6.28]
        if self.track.attaching is not None:
            return  # the owner reassigns a leaderless squad first [6.27]
        while not self.play.over and self.play.phase == "command" and len(self.play.acted) == 2:
            if bidding.begin(self):
                break  # a bid is awaited [5.31]
            found = resolve_commitments(self)
            if found is None:
                self._end_cycle()
            else:
                begin_action_phase(self, found)

    def end_action_phase(self) -> None:
        turn = self.active
        assert turn.chit is not None
        capture.order_ends(self)  # an escaping prisoner who did not act [9.6]
        support.phase_ends(self)  # [13.1; 14.22]
        chit = self.game.chits[turn.chit]
        flips = f"{turn.chit} flips back {SEQUENCE[2][2]}"
        self.emit(SegmentBegan(self.play.cycle, SEQUENCE[2][1], flips))
        self.track.committed[chit.side] = None
        self.track.last_chit = turn.chit
        artillery.end_phase(self)  # a free call not made is lost [17.25]
        activation.end_phase(self)  # scenario 26 Surprised: chits placed [26.4]
        # the active leader is not ordered next [6.21]; not so an independent turn's [26.3]
        leader = {chit.leader} if chit.leader and not airborne_turns.independent(self) else set()
        # The risk level stays as it was until the next chit rolls its own [6.11].
        self.active = ActiveTurn(risk=turn.risk, prev_ordered=turn.ordered | leader)
        self.play.order = (chit.side, self.game.other(chit.side))
        if self.play.ending:  # the End Command Cycle event [4]
            self.play.ending = False
            self._end_cycle("the End Command Cycle event [4]")
            return
        self._begin_command()

    def _finish(self) -> None:
        self.play.over = True
        result = evaluate_outcome(self)
        self.emit(GameEnded(result.winner, result.reason))

    def _end_cycle(self, why: str = "both passed [4]") -> None:
        """The Command Cycle's end, in the book's sequence [4]: "Remove all Smoke and Overwatch
        markers from the map. If either player has now fulfilled his Victory Conditions, the
        game ends." The markers come off first, so a condition of sight (24.3's look among
        them) is judged without the smoke; then the chits go back and the suppressed men of
        the players' choice stand up (:meth:`_next_cycle`). The scenarios' own cycle-end
        effects (the Maas bridges [22.6], a bridge's wiring [26.2]) come with the look, before
        victory (our reading: the book's sequence does not name them)."""
        self.emit(SegmentBegan(self.play.cycle, "End of the Command Cycle", why))
        support.cycle_ends(self)  # Overwatch markers off, first [4; 13.1]
        smoke.cycle_ends(self)  # all smoke removed, before victory is judged [4; 12.52; 12.53]
        scenario_effects.demolition(self)  # the Maas bridges, wired this cycle [22.6]
        bridges.cycle_ends(self)  # a bridge whose wiring began this cycle is wired [26.2]
        scenario_victory.look(self)  # what the Raid's Germans see [24.3]
        beaten = [s for s in self.game.sides if not self.able(s) and not self.to_come(s)]
        if self.play.cycle >= self.game.cycles or beaten or decided(self):
            self._finish()
            return
        for c, space in sorted(self.track.space.items()):
            if space == OFF:
                continue  # a reinforcing squad's chit waits for its event [19.32]
            back = "Start" if not space.startswith("X") else space[1:]
            if back != space:
                self.track.space[c] = back
                self.emit(ChitMoved(c, back, "end of the Command Cycle [4]"))
        self.track.committed = dict.fromkeys(self.game.sides)
        if stand_up.ask(self):  # the suppressed men of each owner's choice stand up [4]
            self.play.phase = stand_up.PHASE
            return
        self._next_cycle()

    def _next_cycle(self) -> None:
        """The rest of the cycle's end, once the suppressed men of the players' choice stood
        up [4]: the next Command Cycle begins (the markers came off first: :meth:`_end_cycle`)."""
        self.play.cycle += 1
        self.track.last_chit, self.active.prev_ordered = None, set()
        self.play.order = (self.play.advantage, self.game.other(self.play.advantage))
        self.emit(SegmentBegan(self.play.cycle, f"Command Cycle {self.play.cycle}", "begins [4]"))
        begin_cycle(self)
        self._begin_command()

    # --- queries -----------------------------------------------------------------------------

    @property
    def condition(self) -> str:
        """The battle condition now [6.42]: the scenario's, unless an event changed it
        (Dawn Patrol's First Event A: Clear [10.6])."""
        return self.field.weather or self.game.condition

    @property
    def sight_range(self) -> int:
        """The maximum sighting distance now [6.42]."""
        if not self.field.weather:
            return self.game.sight_range
        return self.game.sighting(self.field.weather)

    def sees(self, a: Hex, b: Hex) -> bool:
        """A clear line of sight now [6.41], within the battle condition's sighting distance
        [6.42], not through smoke [10.6; 12.51] nor a bought pillbox [18.52]."""
        return (
            self.game.sees_within(a, b, self.sight_range)
            and not smoke_blocks(self, a, b)
            and not pillbox_sight.blocks(self, a, b)  # a bought pillbox [18.52]
        )

    def to_act(self) -> tuple[str, ...]:
        if self.play.over:
            return ()
        if self.kit.choosing:
            return self.kit.choosing[:1]  # the man who carries his radio [17.1]
        waiting = damage_choice.waiting(self)
        if waiting is not None:
            return (waiting.chooser,)  # who takes the damage [8.41; 8.43; 8.82; 18.41]
        if self.active.fire_types is not None:
            return (self.active.fire_types.side,)  # his reaction fire's types [8.63]
        if self.track.losing is not None:
            return (self.track.losing.side,)  # the chit his squad loses [6.28]
        if self.track.attaching is not None:
            return (self.track.attaching.side,)  # a leaderless squad's reassignment [6.27]
        if self.play.standing is not None:
            return (self.play.standing.side,)  # the suppressed men who stand up [4]
        if self.active.wrecking is not None:
            return (self.active.wrecking.side,)  # what his man destroys [9.5]
        if self.active.held is not None:
            return (self.active.held.owner,)  # a hidden MG's owner chooses [14.12]
        if self.play.phase == "action":
            assert self.active.chit is not None
            if self.active.reaction is not None:
                return (self.active.reaction.side,)  # the enemy reacts first [8.6]
            return (self.game.chits[self.active.chit].side,)
        if self.play.phase == operational.PHASE:
            if self.active.reaction is not None:
                return (self.active.reaction.side,)  # a hidden MG revealed [14.12]
            side = operational.side_to_move(self)
            return (side,) if side is not None else ()
        if bidding.bidding(self):
            return (str(self.track.bidding),)  # [5.31]
        return tuple(s for s in self.play.order if s not in self.play.acted)[:1]

    def is_terminal(self) -> bool:
        return self.play.over

    def judge(self) -> Outcome | None:
        return evaluate_outcome(self) if self.play.over else None

    def able(self, side: str) -> list[str]:
        return sorted(
            m
            for m in self.troops.hexes
            if m not in self.troops.disabled and self.game.men[m].side == side
        )

    def to_come(self, side: str) -> list[str]:
        """The side's reinforcements still off the map [19.32]."""
        return sorted(m for m in self.troops.waiting if self.game.men[m].side == side)

    def present(self, side: str) -> list[str]:
        """The men who may take orders: able on the map, or off it with their group eligible
        to enter [19.32]."""
        return sorted([*self.able(side), *(m for m in self.to_come(side) if eligible(self, m))])

    def able_enemies_in(self, h: Hex, side: str) -> list[str]:
        return sorted(
            m
            for m, at in self.troops.hexes.items()
            if at == h and m not in self.troops.disabled and self.game.men[m].side != side
        )

    def committable(self, side: str) -> list[str]:
        held = self.track.committed[side]
        if held is not None:
            return [held]  # only one committed chit a side; it may stay committed [5.2]
        return [
            c
            for c, chit in sorted(self.game.chits.items())
            if chit.side == side
            and self.track.space[c] not in ("0", OFF)  # Off: its event has not come [19.32]
            and not self.track.space[c].startswith("X")
            and c != self.track.last_chit
        ]

    def may_order(self, man: str) -> bool:
        """Whether the man may take an order now: in command, not yet ordered, an order left
        [6.21; 6.25], and no leader of the active leader's rank or higher [6.26]."""
        return (
            self.active.orders_left > 0
            and man in self.active.in_command
            and man not in self.active.ordered
            and why_not_leader(self, man) is None
        )

    def legal_actions(self, side: str | None = None) -> list[Action]:
        found: list[Action] = []
        if self.kit.choosing:  # the man who carries his radio [17.1]
            return radio_choice.options(self, side)
        waiting = damage_choice.waiting(self)
        if waiting is not None:  # the man who takes the damage [8.41; 8.43; 8.82; 18.41]
            chooser = waiting.chooser
            return damage_choice.options(self) if side in (None, chooser) else []
        if self.active.fire_types is not None:  # his reaction fire's types [8.63]
            return reaction_choice.options(self, side)
        if self.track.losing is not None:  # the chit his squad loses [6.28]
            return chit_loss.options(self, side)
        if self.track.attaching is not None:  # a leaderless squad's reassignment [6.27]
            return attach_choice.options(self, side)
        if self.play.standing is not None:  # the suppressed men who stand up [4]
            return stand_up.options(self, side)
        if self.active.wrecking is not None:  # what his man destroys [9.5]
            chooser = self.active.wrecking.side
            return destroying.choice_options(self) if side in (None, chooser) else []
        if self.active.held is not None:  # a hidden MG's owner chooses [14.12]
            owner = self.active.held.owner
            return hidden_gun_choice.options(self, owner) if side in (None, owner) else []
        if airborne_turns.asked(self):  # 26's first cycle: leader or independent [26.3]
            return airborne_turns.options(self, side)
        for s in self.to_act():
            if side is not None and s != side:
                continue
            if self.play.phase == "command" and bidding.bidding(self):
                found.extend(bidding.options(self, s))  # [5.31]
            elif self.play.phase == "command":
                found.extend(Commit(c) for c in self.committable(s))
            elif self.active.reaction is not None:
                found.extend(reaction.options(self))  # [8.62]
            else:
                found.extend(operational_turns.options(self, s))  # [3B; 6.3]
                found.extend(
                    OrderMan(m) for m in sorted(self.active.in_command) if self.may_order(m)
                )
                found.extend(groups.options(self, s))  # [6.24]
                mine: list[Action] = []
                if (
                    self.active.current is not None
                    and self.active.current not in self.troops.disabled
                ):
                    mine.extend(move_options(self, self.active.current))
                    off = MoveOff(self.active.current)  # a movement action [6.3; 7.26]
                    if operational.underway(self) and self.why_not(off) is None:
                        mine.append(off)
                    if not operational.underway(self):  # an operational move moves only [6.3]
                        mine.extend(self.shots_of(self.active.current))
                        mine.extend(self.throws_of(self.active.current))
                        man = self.active.current
                        for extra in (MoveOff(man), ClearJam(man), Reload(man)):
                            if self.why_not(extra) is None:
                                mine.append(extra)
                        mine.extend(support.options(self, man))  # [13-15]
                        mine.extend(melee.options(self, man))  # hand-to-hand [8.8]
                        mine.extend(self._group_actions())  # the group's others [7.1]
                        mine.extend(suppression.options(self))  # self suppression [7.41]
                        mine.extend(equipment.options(self))  # exchange weapons [7.33]
                        mine.extend(carrying.options(self))  # carry a disabled man [11.3]
                        mine.extend(handover.options(self))  # take grenades [7.33; 12]
                        mine.extend(kit.options(self))  # MG parts, satchels, radio, clips [7.33]
                        mine.extend(prisoners.options(self))  # kill prisoners [9.7]
                        mine.extend(destroying.options(self))  # destroy equipment [9.5]
                        mine.extend(smoke.options(self))  # smoke grenades [12.5; 12.54]
                        mine.extend(wire.options(self))  # remove wire [18.32]
                        mine.extend(rifle_grenades.options(self))  # rifle grenades [12.6]
                        mine.extend(bridges.options(self))  # wire and blow bridges [26.2]
                if self.play.phase == "action" and not self.active.operational_turn:  # [16.2; 17.2]
                    mine.extend(fire_support.support_options(self, s))
                # in the enemy-occupied hex they began in, only what 8.83 allows
                found.extend(a for a in mine if melee.why_not_engaged(self, a) is None)
            found.append(Done(s))
        # a man carrying a disabled man performs only movement actions [11.3]
        return [a for a in found if carrying.why_not_carrying(self, a) is None]

    def _group_actions(self) -> list[Action]:
        """The combat and maintenance actions of the group's other men [7.1]: each as the
        man acting, then kept if legal with the group's step (:func:`groups.why_not_member`)."""
        found: list[Action] = []
        current, ap = self.active.current, self.active.ap
        for m in groups.members(self)[1:]:
            self.active.current, self.active.ap = m, 99.0  # every option, checked below
            try:
                tried: list[Action] = [*self.shots_of(m), *self.throws_of(m)]
            finally:
                self.active.current, self.active.ap = current, ap
            tried += [ClearJam(m), Reload(m), Overwatch(m)]  # overwatch: combat 4 [7.1; 13.1]
            found.extend(a for a in tried if self.why_not(a) is None)
        return found

    def shots_of(self, man: str) -> list[Shoot]:
        if man not in self.troops.hexes:
            return []  # not before he is on the map [19.32]
        side, at = self.game.men[man].side, self.troops.hexes[man]
        targets = sorted(
            {
                self.troops.hexes[m]
                for m in self.troops.hexes
                if m not in self.troops.disabled and self.game.men[m].side != side
            },
            key=self.game.name,
        )
        found = []
        for h in targets:
            if at.distance(h) > self.sight_range:
                continue  # beyond the battle condition's sighting distance [6.42]
            for t in fire_types(self, man):
                action = Shoot(man, self.game.name(h), t)
                if why_not_shoot(self, action) is None:
                    found.append(action)
        return found

    def throws_of(self, man: str) -> list[Throw]:
        """Grenade throws at hexes holding able enemy men in range [12.11]."""
        if man not in self.troops.hexes or grenades_left(self, man) < 1:
            return []
        side, at = self.game.men[man].side, self.troops.hexes[man]
        targets = {
            h
            for m, h in self.troops.hexes.items()
            if m not in self.troops.disabled and self.game.men[m].side != side
            if 1 <= at.distance(h) <= 5
        }
        found = []
        for h in sorted(targets, key=self.game.name):
            action = Throw(man, self.game.name(h))
            if why_not_throw(self, action) is None:
                found.append(action)
        return found

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {why}")
        hidden_guns.before(self, action)  # a hidden MG's crew fire: revealed first [14.12]
        capture.acts(self, action)  # an escaping prisoner acts: no longer captured [9.6]
        if isinstance(action, damage_choice.TakeDamage | melee.LineUp):
            # the man who takes the damage [8.41; 8.43]; the hand-to-hand line-up [8.81]
            damage_choice.choose(self, action)
        elif isinstance(action, stand_up.StandUp | Done) and self.play.standing is not None:
            if stand_up.choose(self, action):  # the suppressed men of his choice [4]
                self._next_cycle()
        elif isinstance(action, reaction_choice.ReactionType):
            reaction_choice.choose(self, action)  # the reacting player's fire type [8.63]
        elif isinstance(action, attach_choice.Attach):
            attach_choice.choose(self, action)  # the owner's reassignment [6.27]
        elif isinstance(action, chit_loss.RemoveChit):
            chit_loss.choose(self, action)  # the chit his squad loses [6.28]
        elif isinstance(action, radio_choice.AssignRadio):
            radio_choice.choose(self, action)  # the man who carries his radio [17.1]
        elif isinstance(action, destroying.DestroyItem | Done) and self.active.wrecking:
            destroying.choose(self, action)  # what his man destroys [9.5]
        elif isinstance(action, Done) and self.active.reaction is not None:
            # every declared reaction [8.62]; then the group abandons a man hit [7.11], and
            # a man stopped by a hidden MG revealed suppresses [14.12]
            reaction.resolve_window(self)
        elif isinstance(action, React):
            reaction.declare(self, action)
        elif isinstance(action, Done):
            self.emit(SideDone(action.side, self.play.phase))
            if self.play.phase == operational.PHASE:
                if operational.done(self, action.side):
                    self._begin_cycles()
            elif self.play.phase == "command" and bidding.bidding(self):
                bidding.decline(self, action.side)  # unwilling to bid [5.31]
            elif self.play.phase == "command":
                held = self.track.committed[action.side]
                if held is not None:
                    self.track.committed[action.side] = None
                    self.emit(ChitMoved(held, self.track.space[held], "passed: flipped back [5.2]"))
                self.play.acted.append(action.side)
            else:
                self.end_action_phase()
        elif isinstance(action, bidding.Bid):
            bidding.bid(self, action)
        elif isinstance(action, Commit):
            commit(self, action.chit)
            self.play.acted.append(self.game.chits[action.chit].side)
        elif isinstance(action, OrderMan):
            groups.disband(self)  # a new order ends the group's actions [6.25]
            capture.order_ends(self)  # an escaping prisoner who did not act [9.6]
            capture.escape_ordered(self, action.man)  # a prisoner left alone [9.6]
            self._order(action.man)
            melee.judge_engaged(self)  # [8.83]
        elif isinstance(action, groups.OrderGroup):
            groups.disband(self)
            capture.order_ends(self)  # an escaping prisoner who did not act [9.6]
            for m in action.men:
                capture.escape_ordered(self, m)  # a prisoner left alone [9.6]
                support.ordered(self, m)  # another order: off overwatch [13.1]
            groups.order_group(self, action)  # [6.24; 7.1]
            melee.judge_engaged(self)  # [8.83]
        elif isinstance(action, operational_turns.Declare):
            operational_turns.declare(self, action)  # [3B; 6.3; 6.32]
        elif isinstance(action, airborne_turns.ChitAs):
            airborne_turns.choose(self, action)  # leader or independent chit [26.3]
        elif isinstance(action, hidden_gun_choice.HiddenGunChoice):
            made = hidden_gun_choice.choose(self, action)  # [14.12]
            if made is not None:
                self._move(made)
        elif isinstance(action, Move):
            if not hidden_gun_choice.hold(self, action):  # the owner may reveal first [14.12]
                self._move(action)
        elif isinstance(action, groups.MEMBER_ACTIONS) and groups.in_group(self, action.man):
            self._member_acts(action)
        elif isinstance(action, Shoot):
            fired(self, action.man)  # an MG's fires this phase [8.1; 14.3]
            shoot(self, action)
        elif isinstance(action, MoveOff):
            where = self.game.name(self.troops.hexes[action.man])
            move_off(self, action)
            support.moved(self, action.man)
            if self.active.group:
                groups.after_move_off(self, action, where)  # together [7.1; 7.26]
        elif isinstance(action, equipment.Exchange):
            equipment.exchange(self, action)  # all his AP [7.33]
        elif isinstance(action, handover.TakeGrenades):
            handover.take(self, action)  # all his AP [7.33; 12]
        elif isinstance(action, kit.TakeKit):
            kit.take(self, action)  # all his AP [7.33; 14.13; 16.21; 17.11]
        elif isinstance(action, carrying.ACTIONS):
            carrying.apply(self, action)  # pick up, all his AP; drop, free [11.3]
        elif isinstance(action, prisoners.KillPrisoner):
            prisoners.kill(self, action)  # 1 AP a prisoner [9.7]
        elif isinstance(action, destroying.DestroyEquipment):
            destroying.destroy(self, action)  # 1 AP [9.5]
        elif isinstance(action, smoke.ACTIONS):
            smoke.apply(self, action)  # [12.5; 12.54]
        elif isinstance(action, wire.RemoveWire):
            wire.apply(self, action)  # [18.32; 16.13]
        elif isinstance(action, bridges.ACTIONS):
            bridges.apply(self, action)  # all his AP [26.2; 7.33]
        elif isinstance(action, rifle_grenades.FireGrenade):
            rifle_grenades.fire(self, action)  # [12.6-12.63]
        elif isinstance(action, SelfSuppress):
            suppression.apply(self, action)  # free; his actions end [7.41]
        elif isinstance(action, SupportAction):
            support.apply(self, action)  # [13.1; 14.2; 15.1]
        elif isinstance(action, ClearJam | Reload):
            maintain(self, action)
        elif isinstance(action, Throw):
            throw(self, action)
        elif isinstance(action, melee.HandToHand):
            melee.fight(self, action)  # [8.8-8.82; 9.1]
        elif isinstance(action, FIRE_SUPPORT_ACTIONS):
            fire_support.apply_support(self, action)  # [16.2; 17.2]
        if self.active.victim is not None:
            return  # the rest once the man struck is chosen [8.82; 18.41]
        carrying.follow(self)  # the carried man goes with his carrier [11.3]
        if self.play.phase == "action":
            refresh(self)  # prisoners taken, guarded or freed [9.2; 9.3]
            support.refresh(self)  # overwatch of a disabled or jammed man ends [13.1]
        hidden_guns.refresh(self)  # a hidden MG sighted by an enemy man: revealed [14.12]
        radio_marker.refresh(self)  # a radio's carrier in enemy sight: its marker [17.11]
        leaders.catastrophic_loss(self)  # a squad's chits lost [6.28]
        leaders.asl_command(self)  # a squad leader disabled: his assistant [6.22]
        leaders.platoon_leader_lost(self)  # his chit without heavy weapons men [6.27]
        leaders.leaderless(self)  # a leaderless squad to another's leaders [6.27]

    def _move(self, action: Move) -> None:
        action, gun = hidden_guns.operational_stop(self, action)  # [14.12]
        action, forbade = hidden_guns.risk_stop(self, action)  # [14.12; 7.22]
        move(self, reaction.first_stop(self, action))  # reaction may interrupt [8.6]
        if self.active.victim is not None:  # the minefield's man to choose first [18.41]
            self.active.victim = dataclasses.replace(
                self.active.victim, mover=action.unit, path=action.path, gun=gun, forbade=forbade
            )
            minefields.ask(self)
            return
        self.moved(action, gun, forbade)

    def moved(self, action: Move, gun: str | None, forbade: str | None) -> None:
        """What follows the man's (or group's) move [7.1; 8.6; 9.2; 14.12]; after a minefield's
        choice of its man too (:func:`rules.soldiers.damage_choice.choose`)."""
        hidden_guns.operational_reveal(self, action.unit, gun)  # reaction allowed [14.12]
        support.moved(self, action.unit)  # an MG crewman moved: dismantled [14.2]
        if self.active.group:
            groups.after_move(self, action)  # the group moves together [7.1]
            for m in groups.acting(self):
                support.moved(self, m)  # [14.2]
        after_move(self, action.unit)  # prisoners taken, prisoners led [9.2; 9.3]
        scenario_victory.moved(self)  # within sight of 25's crossroads: kept [25.3]
        reaction.offer(self, action.unit, "move")
        hidden_guns.risk_reveal(self, action.unit, forbade, action.path[-1].upper())

    def _member_acts(self, action: groups.MemberAction) -> None:
        """A man of the group acts: in the group's open step without paying again [7.1]."""
        was_free = groups.lend(self, action)
        if not was_free:
            groups.open_step(self, action)  # paid anew: the next step [7.1; 8.34]
        spotted = True
        if isinstance(action, Shoot):
            fired(self, action.man)  # an MG's fires this phase [8.1; 14.3]
            spotted = shoot(self, action)
            if self.active.damage is not None:
                self.active.damage = dataclasses.replace(self.active.damage, then="member")
                return  # the rest once the man hit is chosen [8.41]
        elif isinstance(action, Throw):
            throw(self, action)
        elif isinstance(action, Overwatch):
            support.apply(self, action)  # his actions end; the group goes on [7.1; 13.1]
        else:
            maintain(self, action)
        groups.after_member(self, action)
        if not spotted:
            # the group's spotting roll failed: none may fire with these APs [8.21; 8.22]
            groups.close_step(self)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be applied now, or None
        (:func:`rules.soldiers.preview.why_not`)."""
        return preview.why_not(self, action)

    def _order(self, man: str) -> None:
        support.ordered(self, man)  # another order: off overwatch [13.1]
        if operational.underway(self):
            self.active.orders_left -= 1
            self.active.ordered.add(man)
            self.active.current, self.active.stopped = man, False
            self.active.ap = operational.order(self, man)
            why = "an operational move [6.3; 6.33]"
            if self.active.operational_turn:
                self.active.ap, why = operational_turns.order_ap(self, [man])
            self.emit(OrderGiven(man, int(self.active.ap), why))
            return
        if not self.active.rolled and not operational_turns.tactical_by_order(self):
            select_independent(self, man)  # [6.23]: selected, then the risk level [6.11]
        self.active.orders_left -= 1
        self.active.ordered.add(man)
        self.active.current = man
        self.active.stopped = False
        self.active.friendly_eyes, self.active.enemy_eyes = set(), set()
        wounded = man in self.troops.wounded
        self.active.ap = 3.0 if wounded else 5.0
        why = "wounded: 3 AP [7.11]" if wounded else "5 AP [6.2]"
        guarding = guard_ap(self, man)
        if guarding is not None and not wounded:
            self.active.ap, why = guarding
        self.emit(OrderGiven(man, int(self.active.ap), why))
        if man in self.troops.suppressed:
            at = self.troops.hexes[man]
            if self.active.risk == "Cautious" and (
                category(self, at, self.game.men[man].side) == "open"  # [7.42; 18.1]
                or self.able_enemies_in(at, self.game.men[man].side)
            ):
                note = preparations.camouflage_note(self, at, self.game.men[man].side)
                why = (
                    "stays suppressed: at Cautious a man unsuppresses only in a covered or "
                    f"protected hex not enemy-occupied [7.42]{note}"
                )
                self.emit(OrderGiven(man, int(self.active.ap), why))
                return  # he may do nothing else [7.42]; sight is never judged [7.23]
            cost = UNSUPPRESS_AP[self.active.risk]
            self.active.ap -= cost
            self.troops.suppressed.discard(man)
            self.emit(
                OrderGiven(
                    man,
                    int(self.active.ap),
                    f"unsuppresses for {cost} AP at {self.active.risk} [7.42]",
                )
            )
        judge_sight(self, man)  # after unsuppressing [7.23]

    # --- views and hashes ----------------------------------------------------------------------

    def progress(self) -> Progress:
        return view.progress(self)

    def describe(self, action: Action) -> str:
        return view.describe(self, action)

    def emit(self, event: Event) -> None:
        """Log an event; a command chit's named as a player names it (``Black's chit``); one
        of a hidden MG's crewman is his owner's alone [14.11]."""
        if isinstance(event, ChitMoved | TurnBegan) and not event.name:
            event = dataclasses.replace(event, name=chit_words(self, event.chit))
        super().emit(hidden_guns.kept_secret(self, event))  # a hidden MG's crew [14.11]

    def concerns(self, action: Action) -> ActionFocus:
        return view.concerns(self, action)

    def preview(self, action: Action) -> Preview:
        """Legal or why not, its AP, the odds of its shot (:mod:`rules.soldiers.preview`)."""
        return preview.preview(self, action)

    def to_position(self) -> GamePosition:
        """The state as a position file (:mod:`rules.soldiers.position`)."""
        return position_io.to_position(self)

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know: every man on the map but the crews of the enemy's hidden
        MGs [14.11; 14.12], an enemy radio's mark only once its marker is placed [17.11], and
        the log as it may see it."""
        if side not in self.game.sides:
            raise KeyError(f"there is no side '{side}'")
        units = hidden_guns.view_units(self, side, self.positions())
        units = radio_marker.view_marks(self, side, units)  # placed radio markers [17.11]
        events = self.events_for(side)
        return SideView(
            side, self.progress(), tuple(units), log=tuple(e.describe() for e in events)
        )

    def positions(self) -> list[UnitPosition]:
        """Every man on the map by name, with his state: suppressed, wounded, killed,
        incapacitated or a prisoner (POW) [7.4; 8.44; 9], his weapon jammed or out of ammo
        [8.51], the radio he carries [17.11] (every radio: a side's view shows an enemy one
        only once placed, :mod:`rules.soldiers.radio_marker`)."""
        found = []
        for m, h in sorted(self.troops.hexes.items()):
            man = self.game.men[m]
            marks = (
                [{"killed": "KIA", "captured": "POW"}.get(self.troops.disabled[m], "Inc")]
                if m in self.troops.disabled
                else []
            )
            marks += ["Wnd"] if m in self.troops.wounded else []
            marks += ["Sup"] if m in self.troops.suppressed else []
            gun = kit.gun_of(self, m)  # the gun's own marks on the man showing it [14.1]
            own = (m, gun) if gun is not None and kit.crew_of(self, gun)[0] == m else (m,)
            marks += ["Jam"] if any(k in self.troops.jammed for k in own) else []
            marks += ["Ammo Out"] if any(k in self.troops.ammo_out for k in own) else []
            captive = m in self.troops.captured and self.troops.disabled.get(m) != "captured"
            captive = captive or m in capture.escaping(self)  # captured until he acts [9.6]
            marks += ["POW"] if captive else []  # an incapacitated prisoner [9.2]
            marks += support.marks(self, m)  # overwatch, the MG [13.1; 14.2]
            marks += [radio_marker.MARK] if radio_marker.carried(self, m) else []  # [17.11]
            if m in self.troops.carried:  # a weapon marker [11.2]
                marks += [f"carries {carried(self, m).code}"]
            found.append(
                UnitPosition(m, man.side, man.weapon.code, man.name, h, None, tuple(marks))
            )
        return found
