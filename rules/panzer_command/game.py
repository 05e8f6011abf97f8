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
  [§3.1 A-C]. A Regiment Action Segment: each unit one Action, or pass [§3.2]; reinforcements
  enter when their side's chit is drawn [§3.2; §15.2]. A Direct Command Segment: d10/2 rounded
  down plus the Direct Commands Rating is gained (cap 19), then each Command gives one unit
  one Action [§3.2; §4.2].
- Actions: Move [§5] (costs from :mod:`rules.movement.costs`), Direct Fire [§7] and Rally [§11.2]
  (:mod:`rules.panzer_command.fire`), results [§11.1].
- End of Turn when the cup is empty [§3.1]; the game ends after the scenario's turns, and the
  scenario's typed victory conditions decide (:mod:`rules.panzer_command.victory`).

Simplifications, named: one regiment per side (the scenarios do not assign regiments), so
every unit is In Command and Troop Quality is the Division HQ's; no Direct Commands spent
in a Regiment Segment; no Opportunity Fire [§8], Close Assault [§9], Concentrated Fire [§10],
transport [§13], artillery and Indirect Fire [§14], engineers [§16], minefields [§17], air
[§18], night [§20], stacking limits [§5.2].
"""

from __future__ import annotations

from model.hexes import Hex
from model.position import GamePosition
from model.scenario import AreaPlacement, EntryPlacement
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from model.tables import Cell
from rules.engine.actions import Action, Done, Move
from rules.engine.core import Outcome, State
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.engine.events import GameEnded, SegmentBegan, SideDone, UnitDeployed, UnitOffMap
from rules.engine.play import ActionFocus, Preview, Progress
from rules.engine.positions import UnitPosition
from rules.maps.game import MapGame
from rules.maps.named import HexesByName
from rules.movement.costs import ENFORCED_BY_MOVEMENT
from rules.panzer_command import position as position_io
from rules.panzer_command import preview, view
from rules.panzer_command.actions import (
    ACTIONS,
    ChitDrawn,
    ChitsInCup,
    Dispatch,
    Fire,
    PointsChanged,
    Rally,
    Select,
)
from rules.panzer_command.fire import d10, fire, rally, why_not_fire, why_not_rally
from rules.panzer_command.moves import move, move_options
from rules.panzer_command.position import PcPositionState
from rules.panzer_command.records import MAX_COMMANDS, MAX_DISPATCH, Command, Play, Troops
from rules.panzer_command.units import PcUnit, deploy, division_ratings
from rules.panzer_command.victory import evaluate_outcome
from rules.records.position import PositionReader

RULES_VERSION = "panzer-command-0.1"


class PanzerCommandGame(MapGame):
    """A Panzer Command scenario made playable."""

    system = GameSystem.PANZER_COMMAND
    rules_version = RULES_VERSION
    actions = ACTIONS
    position_state = PcPositionState
    #: The special rules its engine enforces: terrain overrides, in its movement costs
    #: (:mod:`rules.engine.special_rules`; the rest are listed in each outcome).
    enforces = ENFORCED_BY_MOVEMENT

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
        regions: dict[int, frozenset[Hex]] = {}
        for s in scenario.sides:
            for p in [s.setup, *(e.placement for e in s.forces)]:
                if isinstance(p, (AreaPlacement, EntryPlacement)):
                    regions[id(p.region)] = self.region(p.region)
        self.deployment = deploy(scenario, regions, names)
        self.units: dict[str, PcUnit] = {u.id: u for u in self.deployment.units}
        self.ratings: dict[str, dict[str, Cell]] = {
            s.id: division_ratings(s) for s in scenario.sides
        }
        self.settings = {s.id: s.settings for s in scenario.sides}

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
        for u, h in sorted(dep.hexes.items()):
            self.emit(UnitDeployed(u, game.name(h), dep.how[u]))
        for arrival in dep.arrivals:
            for u in arrival.units:
                self.emit(UnitOffMap(u, f"reinforcement due on Turn {arrival.turn} [§15.2]"))
        self._begin_turn()
        self._advance()

    # --- the sequence of play ------------------------------------------------------------------

    def _begin_turn(self) -> None:
        self.emit(SegmentBegan(self.play.turn, "Preparation Phase", "B: chits into the cup"))
        self.command.cup = [f"{s}:regiment" for s in self.game.sides]
        self.command.cup += [f"{s}:direct-command" for s in self.game.sides]
        self.command.cup += self.command.track.pop(self.play.turn, [])
        self.command.used, self.play.passed, self.play.phase = set(), set(), "prep"
        self.emit(ChitsInCup(self.play.turn, tuple(self.command.cup)))

    def _advance(self) -> None:
        while not self.play.over:
            if self.play.phase == "prep" and len(self.play.passed) == 2:
                self._initiative_rolls()
            elif self.play.phase == "action" and not self.command.cup:
                self._end_turn()
            elif self.play.phase == "action" and len(self.play.passed) == 2:
                cup = self.command.cup
                index = self.roll(f"chit drawn from a cup of {len(cup)} [§3.1 C]", len(cup))
                self._segment(cup.pop(index - 1), "drawn from the cup [§3.1 Action Phase C]")
            else:
                return

    def _initiative_rolls(self) -> None:
        for side in (self.game.initiative, self.game.reaction):
            rating = self.game.rating(side, "initiative")
            roll = d10(self, f"{side} Initiative Rating {rating} [§3.1 Preparation D; §4.2]")
            if roll <= rating:
                self._points(side, "dispatch", 1, f"rolled {roll} <= Initiative Rating {rating}")
        self.play.phase, self.play.passed = "action", set()
        self.emit(SegmentBegan(self.play.turn, "Action Phase", "chit draws"))

    def _points(self, side: str, what: str, change: int, why: str) -> None:
        points = self.command
        pool, cap = (points.dp, MAX_DISPATCH) if what == "dispatch" else (points.dc, MAX_COMMANDS)
        total = max(0, min(cap, pool[side] + change))
        pool[side] = total
        self.emit(PointsChanged(side, what, change, total, f"{why} (cap {cap}) [§4.2]"))

    def _segment(self, chit: str, how: str) -> None:
        self.command.used.add(chit)
        self.play.chit, self.play.acted, self.play.phase = chit, set(), "segment"
        self.emit(ChitDrawn(chit, how))
        side = self.owner
        if chit.endswith(":direct-command"):
            rating = self.game.rating(side, "direct_commands")
            roll = d10(self, f"{side} Direct Commands [§3.2; §4.2]")
            self._points(
                side, "commands", roll // 2 + rating, f"d10 {roll} halved + rating {rating}"
            )
        else:
            self._reinforce(side)

    def _reinforce(self, side: str) -> None:
        """Reinforcements enter when their side's Regiment Action chit is drawn [§3.2]: placed
        on free hexes of their entry region (the entry move is not charged: a simplification)."""
        for i, arrival in enumerate(self.game.deployment.arrivals):
            if arrival.side != side or arrival.turn > self.play.turn or i in self.troops.arrived:
                continue
            self.troops.arrived.add(i)
            free = sorted(
                (
                    h
                    for h in self.game.region(arrival.region)
                    if h in self.game.amap.hexes and not self.enemies_in(h, side)
                ),
                key=self.game.name,
            )
            for k, u in enumerate(arrival.units):
                if free:
                    h = free[k % len(free)]
                    self.troops.hexes[u] = h
                    self.emit(
                        UnitDeployed(u, self.game.name(h), "enters as a reinforcement [§15.2]")
                    )

    def _end_turn(self) -> None:
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
        if self.play.phase == "segment":
            return (self.owner,)
        order = (self.game.reaction, self.game.initiative)
        if self.play.phase == "action":
            order = (self.game.initiative, self.game.reaction)
        return tuple(s for s in order if s not in self.play.passed)[:1]

    def is_terminal(self) -> bool:
        return self.play.over

    def outcome(self) -> Outcome | None:
        return evaluate_outcome(self) if self.play.over else None

    def alive(self, side: str) -> list[str]:
        return [u for u in self.troops.hexes if self.game.units[u].side == side]

    def enemies_in(self, h: Hex, side: str) -> bool:
        return any(
            at == h and self.game.units[u].side != side for u, at in self.troops.hexes.items()
        )

    def troop_quality(self, unit: str) -> int:
        """The Division HQ's TQ stands in for the regiment's (one regiment per side)."""
        return self.game.rating(self.game.units[unit].side, "troop_quality")

    def in_enemy_fire_zone(self, unit: str) -> bool:
        side, h = self.game.units[unit].side, self.troops.hexes[unit]
        for e, at in self.troops.hexes.items():
            spec = self.game.units[e]
            if spec.side == side or e in self.troops.suppressed or spec.attack is None:
                continue
            if at.distance(h) <= spec.range and self.game.sees(at, h):
                return True
        return False

    def second_chit_available(self, side: str) -> bool:
        chit = f"{side}:regiment-2"
        return (
            chit not in self.command.cup
            and chit not in self.command.used
            and chit not in self.command.track.get(self.play.turn + 1, [])
        )

    def may_act(self, unit: str) -> bool:
        if unit in self.play.acted or unit not in self.troops.hexes:
            return False
        return (
            not (self.play.chit or "").endswith(":direct-command")
            or self.command.dc[self.owner] > 0
        )

    def legal_actions(self, side: str | None = None) -> list[Action]:
        found: list[Action] = []
        for s in self.to_act():
            if side is not None and s != side:
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
                for u in sorted(self.alive(s)):
                    if self.may_act(u):
                        found.extend(self.unit_options(u))
            found.append(Done(s))
        return found

    def unit_options(self, unit: str) -> list[Action]:
        found: list[Action] = list(move_options(self, unit))
        for t in sorted(self.troops.hexes):
            mine = self.game.units[t].side == self.game.units[unit].side
            if not mine and why_not_fire(self, unit, t) is None:
                found.append(Fire(unit, t))
        if why_not_rally(self, unit) is None:
            found.append(Rally(unit))
        return found

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        why = self.why_not(action)
        if why is not None:
            raise IllegalActionError(f"'{action.text()}': {why}")
        if isinstance(action, Done):
            self._done(action)
        elif isinstance(action, (Dispatch, Select)):
            self._spend(action)
        elif isinstance(action, (Move, Fire, Rally)):
            self._unit_action(action)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be applied now, or None
        (:func:`rules.panzer_command.preview.why_not`)."""
        return preview.why_not(self, action)

    def _done(self, action: Done) -> None:
        self.emit(SideDone(action.side, self.play.phase))
        if self.play.phase == "segment":
            self.play.chit, self.play.acted = None, set()
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

    def _unit_action(self, action: Move | Fire | Rally) -> None:
        unit = action.unit
        self.play.acted.add(unit)
        if (self.play.chit or "").endswith(":direct-command"):
            self._points(self.owner, "commands", -1, f"a Direct Command for {unit} [§3.2]")
        if isinstance(action, Move):
            move(self, action)
        elif isinstance(action, Fire):
            fire(self, unit, action.target)
        else:
            rally(self, unit)

    def eliminate(self, unit: str) -> None:
        from rules.panzer_command.actions import UnitHit

        self.troops.hexes.pop(unit, None)
        self.troops.steps[unit] = 0
        self.troops.suppressed.discard(unit)
        self.troops.cohesion.pop(unit, None)
        self.troops.eliminated.append(unit)
        self.emit(UnitHit(unit, "eliminated", "[§11.1]"))

    # --- views and hashes ----------------------------------------------------------------------

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
            found.append(
                UnitPosition(u, spec.side, spec.type_id, pc_label(u), h, None, tuple(marks))
            )
        return found


def pc_label(unit: str) -> str:
    """A counter's label: the type less its nation, ``german.de-pak.1`` -> ``PAK 1``."""
    _, type_id, *number = unit.split(".")
    words = type_id.split("-")
    name = "-".join(words[1:]) if len(words) > 1 and len(words[0]) == 2 else type_id
    name = name.upper() if len(name) <= 4 else name[:1].upper() + name[1:]
    return " ".join([name, *number])
