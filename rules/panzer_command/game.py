"""Panzer Command (Victory Games, 1984) on the engine core: the first slice (issue 6).

What this slice plays, by the book's Sequence of Play [§3.1-3.2]:

- Start of Game Preparation: the scenario's Dispatch Points and Direct Commands; the Division
  HQ's ratings from its space on the Division HQ Track [§4.2] (placeholder values); the
  scenario's first player is the Initiative player [§3.2].
- Preparation Phase: B the cup gets each side's Regiment Action chit, its Direct Command chit
  and the chits on the Game Turn Track for this turn; C each side may spend 1 Dispatch Point to
  put its second Regiment Action chit on next turn's track (Reaction player first); D each
  side rolls d10 <= Initiative Rating for +1 Dispatch Point (cap 9) [§3.1; §4.2].
- Action Phase: before each draw the Initiative, then the Reaction player may spend 2 Dispatch
  Points to select an available chit; else a chit is drawn through the state's seeded dice
  [§3.1 A-C]. A Regiment Action Segment: each unit one Action, or pass, and a second, different
  Action for a Direct Command if In Command [§3.2; §4.4]; reinforcements enter by moving, paying
  for their entry hex in column [§15.2] (:mod:`rules.panzer_command.reinforcements`). A Direct
  Command Segment: d10/2 rounded down plus the Direct Commands Rating is gained (cap 19), then
  each Command gives one unit one Action, In Command or not [§3.2; §4.2; §4.4].
- Regimental HQs with their Command Radius [§4.3] (:mod:`rules.panzer_command.command`).
- Actions: Move [§5] (costs from :mod:`rules.movement.costs`; at most 6 Steps end in a hex
  [§5.2]), Direct Fire [§7] within the Fire Zone and an 8-hex line of sight [§6.2; §6.5;
  §14.2] (:mod:`rules.panzer_command.zones`), Rally [§11.2] and Improve Position [§19]
  (:mod:`rules.panzer_command.fire`, :mod:`rules.panzer_command.digging`), results [§11.1],
  Close Assault with its retreats and advance [§9] (:mod:`rules.panzer_command.assault`),
  Concentrate Fire [§10] (:mod:`rules.panzer_command.concentrate`).
- Opportunity Fire [§8]: a move, Close Assault, retreat or advance is held
  (:class:`~rules.panzer_command.records.Reaction`) while the other side announces its fires
  and is done (:mod:`rules.panzer_command.opportunity`, :mod:`rules.panzer_command.reacting`).
- End of Turn when the cup is empty [§3.1]; the game ends after the scenario's turns, and the
  scenario's typed victory conditions decide (:mod:`rules.panzer_command.victory`).

Simplifications, named: one regiment per side (the scenarios assign no regiments), whose
Troop Quality is still the Division HQ's; transport [§13]
(:mod:`rules.panzer_command.transport`), Indirect and Counter-Battery Fire [§14.3-14.4]
(:mod:`rules.panzer_command.artillery`), off-map artillery, pre-plotted barrages and the
Katyusha [§14.5-14.7] (:mod:`rules.panzer_command.offmap`) and minefields [§17]
(:mod:`rules.panzer_command.minefields`), exits [§5.3] (:mod:`rules.panzer_command.exits`)
the night turn [§20] (:mod:`rules.panzer_command.night`) and airstrikes [§18]
(:mod:`rules.panzer_command.air`) are played; not yet engineers [§16] (so no Entrench
Action) and Air Interdiction [§18.3].
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from model.hexes import Hex
from model.position import GamePosition
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.tables import Cell
from rules.engine.actions import Action, Done, Move
from rules.engine.core import Outcome, State
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.engine.events import (
    DieRolled,
    Event,
    GameEnded,
    SegmentBegan,
    SideDone,
    UnitDeployed,
    UnitOffMap,
)
from rules.engine.play import ActionFocus, Preview, Progress, SideView
from rules.engine.positions import UnitPosition
from rules.engine.special_rules import Enforce
from rules.maps.game import MapGame
from rules.maps.named import HexesByName
from rules.movement.costs import ENFORCED_BY_MOVEMENT
from rules.panzer_command import hidden, modern, preview, view
from rules.panzer_command import position as position_io
from rules.panzer_command.actions import (
    ACTIONS,
    UNIT_ACTIONS,
    AirCall,
    Airstrike,
    Assault,
    ChitDrawn,
    ChitsInCup,
    Concentrate,
    Dismount,
    Dispatch,
    Fire,
    HqAssigned,
    Improve,
    IndirectFire,
    Mount,
    MoveFire,
    OffMapFire,
    OpFire,
    PointsChanged,
    PositionChanged,
    Rally,
    Retreat,
    Select,
    SplitFire,
    UnitActionType,
)
from rules.panzer_command.air import air_options, air_strengths, call_air, strike
from rules.panzer_command.artillery import indirect, indirect_options
from rules.panzer_command.assault import assault, retreat, why_not_assault
from rules.panzer_command.command import (
    command_radius,
    first_holder,
    regimental_hqs,
    why_out_of_command,
)
from rules.panzer_command.concentrate import OFF, concentrate, concentrate_options
from rules.panzer_command.digging import improve, leave, why_not_improve
from rules.panzer_command.exits import read_exits
from rules.panzer_command.fire import d10, fire, rally, why_not_fire, why_not_rally
from rules.panzer_command.intel import (
    COMMANDS,
    HQ_VALUES,
    SEGMENTS,
    Intel,
    division_rating,
    options_of,
    roll_hq_spaces,
    secret_to,
)
from rules.panzer_command.minefields import read_minefields
from rules.panzer_command.moves import move, move_options, why_not_end_segment
from rules.panzer_command.night import is_night
from rules.panzer_command.offmap import (
    batteries,
    home_edge,
    offmap_battery,
    offmap_fire,
    offmap_options,
    plot_barrages,
    read_barrages,
)
from rules.panzer_command.opportunity import announce
from rules.panzer_command.position import PcPositionState
from rules.panzer_command.reacting import answered, reaction_options, why_not_done
from rules.panzer_command.records import (
    MAX_COMMANDS,
    MAX_DISPATCH,
    Assaulting,
    Command,
    Play,
    Reaction,
    Support,
    Troops,
)
from rules.panzer_command.reinforcements import due
from rules.panzer_command.transport import (
    dismount,
    involuntary,
    mount,
    riders,
    transport_options,
)
from rules.panzer_command.units import PcUnit, deploy, division_ratings, setup_regions
from rules.panzer_command.victory import evaluate_outcome
from rules.panzer_command.zones import in_fire_zone
from rules.records.position import PositionReader

RULES_VERSION = "panzer-command-0.3"


class PanzerCommandGame(MapGame):
    """A Panzer Command scenario made playable."""

    system = GameSystem.PANZER_COMMAND
    rules_version = RULES_VERSION
    actions = ACTIONS
    position_state = PcPositionState
    #: The special rules its engine enforces: terrain overrides, in its movement costs, and
    #: exits [§5.3] (:mod:`rules.engine.special_rules`; the rest are listed in each outcome).
    enforces: ClassVar[Mapping[str, Enforce]] = {
        **ENFORCED_BY_MOVEMENT,
        "exit-allowed": Enforce(
            ignores={
                "after": "the exit is allowed from its turn, whatever happens",
                "units": "only its types and categories are read",
            }
        ),
    }

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        scenario = loaded.scenario
        if len(self.sides) != 2:
            raise UnsupportedGameError("a Panzer Command scenario of this engine has two sides")
        if scenario.length.turns is None:
            raise UnsupportedGameError("give the scenario's 'length.turns'")
        self.first_turn = scenario.length.first_turn
        self.last_turn = self.first_turn + scenario.length.turns - 1
        self.initiative = scenario.first_player or self.sides[0]
        self.reaction = next(s for s in self.sides if s != self.initiative)
        self.by_name: dict[str, Hex] = {self.name(h): h for h in self.amap.hexes}
        names = {h: n for n, h in self.by_name.items()}
        self.deployment = deploy(scenario, setup_regions(scenario, self.region), names)
        self.units: dict[str, PcUnit] = {u.id: u for u in self.deployment.units}
        self.ratings: dict[str, dict[str, Cell]] = {
            s.id: division_ratings(s) for s in scenario.sides
        }
        self.settings = {s.id: s.settings for s in scenario.sides}
        self.hqs = regimental_hqs(scenario)
        self.reinforcements = frozenset(u for a in self.deployment.arrivals for u in a.units)
        self.minefields = read_minefields(scenario, self.by_name)
        #: The scenario's off-map artillery batteries [§14.5], each side's map edge (our
        #: reading) and the batteries' pre-plotted hexes [§14.6] (:mod:`.offmap`).
        self.offmap = frozenset(self.deployment.offmap)
        self.home_edges = {s: home_edge(self, s) for s in self.sides}
        self.barrages = read_barrages(self)
        self.exits = read_exits(self)  # where units may leave the map [§5.3]
        #: The Limited Intelligence options played [§22] (:mod:`rules.panzer_command.intel`).
        self.intel = options_of(scenario)

    def unit_name(self, unit: str) -> str:
        spec = self.units.get(unit)
        return spec.name if spec is not None else unit

    def new_initial_state(self, seed: int = 0) -> PcState:
        return PcState(self, seed)

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> PcState:
        return position_io.state_from_position(self, position, reader, PcState)

    def rating(self, side: str, key: str) -> int:
        return int(str(self.ratings[side][key].value))


class PcState(State):
    """A Panzer Command game in progress."""

    game: PanzerCommandGame
    #: While the legal actions are listed (nothing changes meanwhile), the answers to the
    #: questions the listing asks again and again, by question (:meth:`listed`); else None.
    #: No record: never part of the position, never copied into a clone.
    listing: dict[tuple[str, ...], object] | None = None

    def __init__(self, game: PanzerCommandGame, seed: int) -> None:
        super().__init__(game, seed)
        dep = game.deployment
        self.play = Play(game.first_turn)
        self.troops = Troops(
            HexesByName(game.name, dep.hexes), steps={u.id: u.steps for u in dep.units}
        )
        settings = game.settings
        self.command = Command(
            dp={s: int(settings[s].get("dispatch_points", 0)) for s in game.sides},
            dc={s: int(settings[s].get("direct_commands", 0)) for s in game.sides},
        )
        self.reaction = Reaction()
        self.assaulting = Assaulting()
        self.support = Support()
        self.support.air = air_strengths(self)
        self.intel = Intel()
        if HQ_VALUES in game.intel:
            roll_hq_spaces(self)  # [§22.3]
        for u, h in sorted(dep.hexes.items()):
            self.emit(UnitDeployed(u, game.name(h), dep.how[u]))
        for u in sorted(dep.entrenched & set(dep.hexes)):
            self.troops.entrenchments[game.name(dep.hexes[u])] = u
            self.emit(PositionChanged(u, "sets up in an entrenchment", "[§16.5]"))
        for u in sorted((dep.in_ip - dep.entrenched) & set(dep.hexes)):
            self.troops.in_ip.add(u)
            self.emit(PositionChanged(u, "sets up in an Improved Position", "[§19]"))
        for u, carrier in dep.mounted:
            self.troops.mounted[u] = carrier
            if carrier == "truck":
                self.troops.trucks.add(u)
            self.emit(PositionChanged(u, f"sets up mounted on {carrier}", "[§13.1]"))
        for arrival in dep.arrivals:
            for u in arrival.units:
                self.emit(UnitOffMap(u, f"reinforcement due on Turn {arrival.turn} [§15.2]"))
        for u in dep.offmap:
            self.emit(UnitOffMap(u, "off-map artillery: fires from off the map [§14.5]"))
        plot_barrages(self)
        for side in sorted(game.hqs):
            self._assign_hq(side, "at set-up [§3.1; §4.1]")
        hidden.update(self)  # the Reaction player's units in sight at set-up [§22.5]
        self._begin_turn()
        self._advance()

    # --- the sequence of play ------------------------------------------------------------------

    def _assign_hq(self, side: str, when: str) -> None:
        """The side's Regimental HQ goes to a unit of its regiment
        (:func:`rules.panzer_command.command.first_holder`) [§4.1; §4.3]."""
        holder = first_holder(self, side)
        if holder is None:
            return
        self.troops.hq[side] = holder
        hq = self.game.hqs[side]
        space = self.intel.regiment.get(side, hq.space)
        self.emit(
            HqAssigned(
                side,
                holder,
                f"{when}; space {space}, Command Radius {command_radius(self, side)}; standing "
                "in for the owner's choice: the regiment's first unit on the map [§4.1; §4.3]",
            )
        )

    def _begin_turn(self) -> None:
        for side in sorted(self.game.hqs):
            if side not in self.troops.hq and side not in self.troops.hq_destroyed:
                self._assign_hq(side, "reassigned in the Preparation Phase [§3.1 Preparation A]")
        self.emit(SegmentBegan(self.play.turn, "Preparation Phase", "B: chits into the cup"))
        self.command.cup = [f"{s}:regiment" for s in self.game.sides]
        self.command.cup += [f"{s}:direct-command" for s in self.game.sides]
        self.command.cup += self.command.track.pop(self.play.turn, [])
        self.command.used, self.play.passed, self.play.phase = set(), set(), "prep"
        self.command.drawn, self.play.second_phase = [], False
        if SEGMENTS not in self.game.intel:
            self.emit(ChitsInCup(self.play.turn, tuple(self.command.cup)))
            return
        for side in self.game.sides:  # the enemy's chits off the track are secret [§22.1]
            seen = tuple(c for c in self.command.cup if not _secret_chit(c, side))
            self.emit(ChitsInCup(self.play.turn, seen, private_to=side))

    def _advance(self) -> None:
        while not self.play.over:
            if self.play.phase == "prep" and len(self.play.passed) == 2:
                self._initiative_rolls()
            elif self.play.phase == "action" and not self.command.cup:
                self._end_turn()
            elif self.play.phase == "action" and len(self.play.passed) == 2:
                cup = self.command.cup
                index = self.roll(f"chit drawn from a cup of {len(cup)} [§3.1 C]", len(cup))
                chit = cup.pop(index - 1)
                self.command.drawn.append(chit)
                self._segment(chit, "drawn from the cup [§3.1 Action Phase C]")
            else:
                return

    def _initiative_rolls(self) -> None:
        for side in (self.game.initiative, self.game.reaction):
            rating = division_rating(self, side, "initiative")
            roll = d10(
                self,
                f"{side} Initiative Rating {rating} [§3.1 Preparation D; §4.2]",
                secret_to(self, side, SEGMENTS),  # Dispatch Points received [§22.1]
            )
            if roll <= rating:
                self._points(side, "dispatch", 1, f"rolled {roll} <= Initiative Rating {rating}")
        self.play.phase, self.play.passed = "action", set()
        self.emit(SegmentBegan(self.play.turn, "Action Phase", "chit draws"))

    def spend_points(self, side: str, what: str, change: int, why: str) -> None:
        """Change a side's Dispatch Points (``dispatch``) or Direct Commands (``commands``)
        within their caps, and say why [§4.2]."""
        self._points(side, what, change, why)

    def _points(self, side: str, what: str, change: int, why: str) -> None:
        points = self.command
        pool, cap = (points.dp, MAX_DISPATCH) if what == "dispatch" else (points.dc, MAX_COMMANDS)
        total = max(0, min(cap, pool[side] + change))
        pool[side] = total
        secret = secret_to(self, side, SEGMENTS if what == "dispatch" else COMMANDS)
        self.emit(
            PointsChanged(side, what, change, total, f"{why} (cap {cap}) [§4.2]", private_to=secret)
        )

    def _segment(self, chit: str, how: str) -> None:
        self._unstacked()
        self.command.used.add(chit)
        self.play.chit, self.play.acted, self.play.phase = chit, set(), "segment"
        self.play.verbs, self.play.commanded, self.play.entered = {}, set(), {}
        self.play.movefire = {}
        self.play.spent = {}
        self.support.strikes, self.support.air_called = [], False
        self.emit(ChitDrawn(chit, how))
        side = self.owner
        if chit.endswith(":direct-command"):
            rating = division_rating(self, side, "direct_commands")
            roll = d10(
                self, f"{side} Direct Commands [§3.2; §4.2]", secret_to(self, side, COMMANDS)
            )  # the roll is secret under Hidden Direct Command Totals [§22.2]
            self._points(
                side, "commands", roll // 2 + rating, f"d10 {roll} halved + rating {rating}"
            )

    def _unstacked(self) -> None:
        """The hexes overstacked unavoidably that hold no more than the limit now are no longer
        marked [§5.2]."""
        from rules.panzer_command.moves import STACKING_LIMIT, steps_in

        by_name, sides = self.game.by_name, self.game.sides
        self.troops.overstacked = {
            name
            for name in self.troops.overstacked
            if any(steps_in(self, by_name[name], side) > STACKING_LIMIT for side in sides)
        }

    def _end_turn(self) -> None:
        if is_night(self) and not self.play.second_phase:
            back = [c for c in self.command.drawn if ":regiment" in c]
            self.play.second_phase, self.play.passed = True, set()
            self.command.cup, self.command.drawn = back, []
            self.emit(
                SegmentBegan(
                    self.play.turn,
                    "second Action Phase",
                    f"night: the Regiment Action chits picked from the cup go back in "
                    f"({', '.join(back) or 'none'}) [§20.1]",
                )
            )
            return
        self.emit(SegmentBegan(self.play.turn, "End of Turn Phase", "turn ends [§3.1]"))
        if self.play.turn >= self.game.last_turn:
            self.play.over = True
            result = evaluate_outcome(self)
            self.emit(GameEnded(result.winner, result.reason))
            return
        self.play.turn += 1
        self._begin_turn()

    @property
    def owner(self) -> str:
        assert self.play.chit is not None
        return self.play.chit.split(":", 1)[0]

    # --- queries -----------------------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        if self.play.over:
            return ()
        if self.reaction.trigger:
            return (self.reaction.side,)  # Opportunity Fire or a retreat is answered [§8; §9.4]
        if self.play.phase == "segment":
            return (self.owner,)
        order = (self.game.reaction, self.game.initiative)
        if self.play.phase == "action":
            order = (self.game.initiative, self.game.reaction)
        return tuple(s for s in order if s not in self.play.passed)[:1]

    def is_terminal(self) -> bool:
        return self.play.over

    def judge(self) -> Outcome | None:
        return evaluate_outcome(self) if self.play.over else None

    def alive(self, side: str) -> list[str]:
        return [u for u in self.troops.hexes if self.game.units[u].side == side]

    def enemies_in(self, h: Hex, side: str) -> bool:
        return any(
            at == h and self.game.units[u].side != side for u, at in self.troops.hexes.items()
        )

    def troop_quality(self, unit: str) -> int:
        """The Division HQ's TQ stands in for the regiment's (one regiment per side)."""
        return division_rating(self, self.game.units[unit].side, "troop_quality")

    def in_enemy_fire_zone(self, unit: str) -> bool:
        """The unit's hex is in an enemy unit's Fire Zone (:mod:`rules.panzer_command.zones`:
        8-hex sight, H Class 3 hexes, mortars none, pinned by an adjacent enemy) [§6.5]."""
        if unit not in self.troops.hexes:
            return False  # off the map [§14.5]
        side, h = self.game.units[unit].side, self.troops.hexes[unit]
        return any(
            self.game.units[e].side != side and in_fire_zone(self, e, h)
            for e in sorted(self.troops.hexes)
        )

    def second_chit_available(self, side: str) -> bool:
        chit = f"{side}:regiment-2"
        return (
            chit not in self.command.cup
            and chit not in self.command.used
            and chit not in self.command.track.get(self.play.turn + 1, [])
        )

    def waiting(self, unit: str) -> bool:
        """A reinforcement not yet on the map [§15.1]."""
        return (
            unit in self.game.reinforcements
            and unit not in self.troops.hexes
            and unit not in self.troops.eliminated
            and unit not in self.support.removed
            and unit not in self.support.exited
        )

    def in_command(self, unit: str) -> bool:
        """In Command: independent, or within its Regimental HQ's Command Radius [§4.3-4.4]."""
        return why_out_of_command(self, unit) is None

    def direct_command_segment(self) -> bool:
        return (self.play.chit or "").endswith(":direct-command")

    def needs_command(self, unit: str, verb: str = "") -> bool:
        """Whether the unit's next Action (``verb``) costs a Direct Command: every Action of a
        Direct Command Segment, a second Action in a Regiment Action Segment [§3.2]; never a
        part of a Move/Fire Action announced [§24.1]."""
        if modern.part_of_move_fire(self, unit, verb):
            return False
        return self.direct_command_segment() or unit in self.play.acted

    def why_not_act(self, unit: str, verb: str) -> str | None:
        """Why the unit may not perform Action ``verb`` now, or None [§3.2; §4.4]: in a Regiment
        Action Segment one Action, and a second, different one for a Direct Command if In
        Command; in a Direct Command Segment one Action for a Direct Command, In Command or
        not; never the same Action twice, never two Direct Commands on a unit."""
        off_map = verb in ("offmap", "rally") and offmap_battery(self, unit)
        entering = verb == "move" and due(self, unit) is not None
        if unit not in self.troops.hexes and not off_map and not entering:
            return "the unit is not on the map (nor a reinforcement due to enter) [§15.2]"
        if modern.part_of_move_fire(self, unit, verb):
            return None  # a part of its Move/Fire Action [§24.1]
        if unit in self.play.movefire and verb in modern.HALVES:
            return f"the Move/Fire Action has made its {verb} already [§24.1]"
        if unit in self.play.movefire and verb == "assault":
            return "a unit performing the Move/Fire Action cannot Close Assault [§24.1]"
        if unit in self.play.movefire and verb == "splitfire":
            return "Split Fire cannot be used with the Move/Fire Action [§24.3]"
        if verb in self.play.verbs.get(unit, []):
            return f"a unit cannot perform the same Action ({verb}) twice in a Segment [§3.2]"
        if unit in self.play.commanded:
            return "only one Direct Command can be spent on a unit in a Segment [§3.2]"
        if not self.needs_command(unit):
            return None
        if self.command.dc[self.owner] < 1:
            return "no Direct Command left to spend [§3.2]"
        if not self.direct_command_segment():
            why = why_out_of_command(self, unit)
            if why is not None:
                return (
                    "a second Action needs a Direct Command, which an Out of Command unit "
                    f"receives only in the Direct Command Segment ({why}) [§3.2; §4.4]"
                )
        return None

    def legal_actions(self, side: str | None = None) -> list[Action]:
        if self.listing is not None:
            return self._legal_actions(side)
        self.listing = {}  # the listing's answers, forgotten when it is made
        try:
            return self._legal_actions(side)
        finally:
            self.listing = None

    def _legal_actions(self, side: str | None) -> list[Action]:
        memo: dict[tuple[str, str], str | None] = {}

        def why_not_act(unit: str, verb: str) -> str | None:
            key = (unit, verb)  # the same for each of a unit's options of one Action
            if key not in memo:
                memo[key] = self.why_not_act(unit, verb)
            return memo[key]

        found: list[Action] = []
        for s in self.to_act():
            if side is not None and s != side:
                continue
            if self.reaction.trigger:
                found.extend(reaction_options(self, s))
                if why_not_done(self) is None:
                    found.append(Done(s))
                continue
            if (
                self.play.phase == "prep"
                and self.command.dp[s] >= 1
                and self.second_chit_available(s)
            ):
                found.append(Dispatch(s))
            if (
                self.play.phase == "action"
                and self.command.dp[s] >= 2
                and self.second_chit_available(s)
            ):
                found.append(Select(s))
            if self.play.phase == "segment":
                found.extend(air_options(self, s))
                mine = [u for u in self.game.units if self.game.units[u].side == s]
                entering = [u for u in mine if due(self, u) is not None]
                off = [u for u in batteries(self, s) if u not in entering]
                for u in sorted([*self.alive(s), *entering, *off]):
                    if self._acts_no_more(u):
                        continue  # each of its options would be refused
                    found.extend(a for a in self.unit_options(u) if why_not_act(u, a.verb) is None)
                if why_not_end_segment(self, s) is not None:
                    continue  # a unit moves out of an overstacked hex first [§5.2]
            found.append(Done(s))
        if hidden.plays(self):  # no action aims at a unit its side has not sighted [§22.5]
            found = [a for a in found if not hidden.is_hidden(self, getattr(a, "target", ""))]
        return found

    def _acts_no_more(self, unit: str) -> bool:
        """No Action of the unit may be performed now, whatever it is (:meth:`why_not_act`
        refuses every verb): not amid a Move/Fire Action [§24.1], and a Direct Command spent on
        it in this Segment already, or one needed with none left [§3.2]."""
        if unit in self.play.movefire:
            return False
        if unit in self.play.commanded:
            return True
        return self.needs_command(unit) and self.command.dc[self.owner] < 1

    def unit_options(self, unit: str) -> list[Action]:
        found: list[Action] = list(move_options(self, unit))
        if unit not in self.troops.hexes:  # a reinforcement enters by moving [§15.2]
            if offmap_battery(self, unit):  # or fires from off the map [§14.5]
                found.extend(offmap_options(self, unit))
                if why_not_rally(self, unit) is None:
                    found.append(Rally(unit))
            return found
        for t in sorted(self.troops.hexes):
            mine = self.game.units[t].side == self.game.units[unit].side
            if not mine and why_not_fire(self, unit, t) is None:
                found.append(Fire(unit, t))
        if why_not_rally(self, unit) is None:
            found.append(Rally(unit))
        if why_not_improve(self, unit) is None:
            found.append(Improve(unit))
        for t in sorted(self.troops.hexes):
            enemy = self.game.units[t].side != self.game.units[unit].side
            if enemy and why_not_assault(self, Assault(unit, t)) is None:
                found.append(Assault(unit, t))
        found.extend(concentrate_options(self, unit))
        found.extend(modern.split_options(self, unit))
        if modern.why_not_move_fire(self, unit) is None:
            found.append(MoveFire(unit))
        found.extend(transport_options(self, unit))
        found.extend(indirect_options(self, unit))
        return found

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {why}")
        if isinstance(action, Fire | Assault | IndirectFire | OpFire):
            hidden.reveal(self, action.unit, "it engages in combat [§22.5 Combat]")
        self._apply_checked(action)
        hidden.update(self)  # sighting after each Action [§22.5], our reading

    def _apply_checked(self, action: Action) -> None:
        if isinstance(action, Done):
            self._done(action)
        elif isinstance(action, (Dispatch, Select)):
            self._spend(action)
        elif isinstance(action, OpFire):
            announce(self, action)
        elif isinstance(action, AirCall):
            call_air(self, action)
        elif isinstance(action, Airstrike):
            strike(self, action)
        elif isinstance(action, Retreat):
            retreat(self, action)
        elif isinstance(action, Concentrate) and action.hex.lower() == OFF:
            concentrate(self, action)  # ceasing is no Action (our reading) [§10.3]
        elif isinstance(action, UNIT_ACTIONS):
            self._unit_action(action)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be applied now, or None
        (:func:`rules.panzer_command.preview.why_not`)."""
        return preview.why_not(self, action)

    def _done(self, action: Done) -> None:
        if self.reaction.trigger:
            self.emit(SideDone(action.side, f"{self.reaction.trigger} reaction"))
            answered(self)
            return
        self.emit(SideDone(action.side, self.play.phase))
        if self.play.phase == "segment":
            self.play.chit, self.play.acted = None, set()
            self.play.verbs, self.play.commanded, self.play.entered = {}, set(), {}
            self.play.spent, self.play.movefire = {}, {}
            self.support.strikes, self.support.air_called = [], False  # [§18.4]
            self.play.phase, self.play.passed = "action", set()
        else:
            self.play.passed.add(action.side)

    def _spend(self, action: Dispatch | Select) -> None:
        side, chit = action.side, f"{action.side}:regiment-2"
        if isinstance(action, Dispatch):
            self._points(side, "dispatch", -1, "chit onto next turn's Game Turn Track [§3.1 C]")
            self.command.track.setdefault(self.play.turn + 1, []).append(chit)
        else:
            self._points(side, "dispatch", -2, "immediate activation [§3.1 Action Phase A-B]")
            self._segment(chit, "selected with 2 Dispatch Points [§3.1 Action Phase A-B]")

    def _unit_action(self, action: UnitActionType) -> None:
        unit = action.unit
        if modern.part_of_move_fire(self, unit, action.verb):
            modern.made(self, unit, action.verb)  # no new Action [§24.1]
            self.play.verbs.setdefault(unit, []).append(action.verb)
            if isinstance(action, Move):
                move(self, action)
            elif isinstance(action, Fire):
                fire(self, unit, action.target)
            return
        if self.needs_command(unit):
            second = "" if self.direct_command_segment() else ", its second Action (In Command)"
            self._points(
                self.owner, "commands", -1, f"a Direct Command for {unit}{second} [§3.2; §4.4]"
            )
            self.play.commanded.add(unit)
        self.play.acted.add(unit)
        self.play.verbs.setdefault(unit, []).append(action.verb)
        if isinstance(action, Move):
            move(self, action)
        elif isinstance(action, Fire):
            fire(self, unit, action.target)
        elif isinstance(action, Improve):
            improve(self, unit)
        elif isinstance(action, Assault):
            assault(self, action)
        elif isinstance(action, Concentrate):
            concentrate(self, action)
        elif isinstance(action, Mount):
            mount(self, unit, action.carrier)
        elif isinstance(action, Dismount):
            dismount(self, unit)
        elif isinstance(action, IndirectFire):
            indirect(self, action)
        elif isinstance(action, OffMapFire):
            offmap_fire(self, action)
        elif isinstance(action, MoveFire):
            modern.announce(self, unit)
        elif isinstance(action, SplitFire):
            self.play.verbs[unit].append("fire")  # the Direct Fire Action, split [§24.3]
            modern.split_fire(self, action)
        else:
            rally(self, unit)

    def remove_from_game(self, unit: str, why: str) -> None:
        """The unit leaves the game, not eliminated (its Steps are no loss): the Katyusha after
        its last attack [§14.7]."""
        self.support.removed.append(unit)
        self.take_off(unit, why, "[§14.7]")

    def take_off(self, unit: str, why: str, rule: str) -> None:
        """The unit leaves the map for good, not eliminated: removed [§14.7] or exited [§5.3].
        Its Regimental HQ, if it held it, is reassigned next Preparation Phase (our reading,
        as for a unit lost [§3.1 A; §4.3])."""
        leave(self, unit, "the unit leaves the map")
        for rider in riders(self, unit):
            involuntary(self, rider, f"{unit} leaves the map", unit)
        self.troops.mounted.pop(unit, None)
        self.troops.carrier_hits.pop(unit, None)
        self.troops.hexes.pop(unit, None)
        self.troops.concentrations.pop(unit, None)
        self.troops.suppressed.discard(unit)
        self.troops.cohesion.pop(unit, None)
        self.emit(PositionChanged(unit, why, rule))
        side = self.game.units[unit].side
        if self.troops.hq.get(side) == unit:
            del self.troops.hq[side]
            self.emit(
                HqAssigned(
                    side,
                    None,
                    f"leaves the map with {unit}: reassigned next Preparation Phase (our "
                    "reading) [§3.1 A; §4.3]",
                )
            )

    def eliminate(self, unit: str) -> None:
        from rules.panzer_command.actions import UnitHit

        leave(self, unit, "the unit is eliminated")
        for rider in riders(self, unit):
            involuntary(self, rider, f"{unit} is eliminated", unit)
        self.troops.mounted.pop(unit, None)
        self.troops.carrier_hits.pop(unit, None)
        self.troops.hexes.pop(unit, None)
        side = self.game.units[unit].side
        if self.troops.hq.get(side) == unit and self.assaulting.unit:
            del self.troops.hq[side]
            self.troops.hq_destroyed.add(side)
            self.emit(
                HqAssigned(
                    side,
                    None,
                    f"the Regimental HQ is destroyed with {unit} in a Close Assault: it is not "
                    "reassigned [§3.1 Preparation A]",
                )
            )
        elif self.troops.hq.get(side) == unit:
            del self.troops.hq[side]
            self.emit(
                HqAssigned(
                    side,
                    None,
                    f"the Regimental HQ is lost with {unit}: its regiment is Out of Command "
                    "until the HQ is reassigned next Preparation Phase [§3.1 A; §4.3]",
                )
            )
        self.troops.steps[unit] = 0
        self.troops.concentrations.pop(unit, None)
        self.troops.suppressed.discard(unit)
        self.troops.cohesion.pop(unit, None)
        self.troops.eliminated.append(unit)
        self.emit(UnitHit(unit, "eliminated", "[§11.1]"))

    # --- views and hashes ----------------------------------------------------------------------

    def emit(self, event: Event) -> None:
        """Log an event; where a Regimental HQ is, and any event about a hidden unit, is its
        owner's alone [§4.1 note; §22.5]."""
        if isinstance(event, HqAssigned) and event.private_to is None:
            event = dataclasses.replace(event, private_to=event.side)
        if event.private_to is None and getattr(self, "intel", None) is not None:
            secret = hidden.hidden_units(self)
            named = {getattr(event, k, None) for k in ("unit", "firer", "target")}
            purpose = event.purpose if isinstance(event, DieRolled) else ""
            if secret & named or any(u in purpose for u in secret):
                event = dataclasses.replace(event, private_to=self.game.reaction)
        super().emit(event)

    def view_for(self, side: str) -> SideView:
        """What ``side`` may know: the events not private to the other side [§22.1-22.4], and
        the units on the map but the enemy's hidden ones [§22.5]."""
        if side not in self.game.sides:
            raise KeyError(f"there is no side '{side}'")
        secret = hidden.hidden_units(self) if side != self.game.reaction else set()
        return SideView(
            side,
            self.progress(),
            tuple(p for p in self.positions() if p.unit not in secret),
            log=tuple(e.describe() for e in self.events_for(side)),
        )

    def progress(self) -> Progress:
        return view.progress(self)

    def describe(self, action: Action) -> str:
        return view.describe(self, action)

    def concerns(self, action: Action) -> ActionFocus:
        return view.concerns(self, action)

    def preview(self, action: Action) -> Preview:
        """Legal or why not, its MP or points, the odds of its fire or rally
        (:mod:`rules.panzer_command.preview`)."""
        return preview.preview(self, action)

    def to_position(self) -> GamePosition:
        """The state as a position file (:mod:`rules.panzer_command.position`)."""
        return position_io.to_position(self)

    def positions(self) -> list[UnitPosition]:
        """Every unit on the map; reduced (one step lost) and suppressed ones marked [§11.1]."""
        found = []
        for u, h in sorted(self.troops.hexes.items()):
            spec = self.game.units[u]
            marks = ["Red"] if self.troops.steps[u] < spec.steps else []
            marks += ["Sup"] if u in self.troops.suppressed else []
            marks += ["Hidden"] if hidden.is_hidden(self, u) else []  # [§22.5]
            found.append(
                UnitPosition(u, spec.side, spec.type_id, pc_label(u), h, None, tuple(marks))
            )
        return found


def _secret_chit(chit: str, side: str) -> bool:
    """The other side's second Regiment Action chit, put on the track with a Dispatch Point:
    secret from ``side`` until drawn [§22.1]."""
    return chit.endswith(":regiment-2") and not chit.startswith(f"{side}:")


def pc_label(unit: str) -> str:
    """A counter's label: the type less its nation, ``german.de-pak.1`` -> ``PAK 1``."""
    _, type_id, *number = unit.split(".")
    words = type_id.split("-")
    name = "-".join(words[1:]) if len(words) > 1 and len(words[0]) == 2 else type_id
    name = name.upper() if len(name) <= 4 else name[:1].upper() + name[1:]
    return " ".join([name, *number])
