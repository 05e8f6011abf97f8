"""A toy fifth game system that lives only in the tests: "Toy Skirmish".

It proves the system seam: a system is its data folder (``tests/toy/resources``: system.yaml,
a board, terrain and two unit types) and one :class:`~rules.registry.SystemRules`, registered
through the public functions (:func:`install`), with no shared file of Hexwright edited. It
plays headless (the random bot) and in the editor's Test Play through the State API alone.

The rules, invented: each turn Red acts, then Blue; each of the side's units may move (its
movement points over the terrain's ``move`` costs) or shoot once at an enemy unit in range and
in sight (one d6: 6 - attack + defense or more eliminates it); Done ends the side's turn. Each
enemy unit eliminated is a victory point; most points after the last turn wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from model.catalog import TerrainType, UnitType, unit_types
from model.hexes import Hex
from model.position import GamePosition, UnitPlace
from model.scenario import HexPlacement
from model.scenario_io import LoadedScenario
from model.systems import GameSystem, forget_system_data, register_system_data
from rules import registry
from rules.bots.base import RandomBot
from rules.engine.actions import Action, Done, Move, token
from rules.engine.core import Outcome, State
from rules.engine.errors import ActionSyntaxError, IllegalActionError, UnsupportedGameError
from rules.engine.events import Event, GameEnded, SideDone
from rules.engine.play import ActionFocus, Chance, Preview, Progress
from rules.engine.positions import UnitPosition, short_label
from rules.engine.record import Record, state_field
from rules.forces.rules import ForceRules
from rules.forces.units import value_of
from rules.los.core import Obstacle, Ruling, Sight
from rules.los.geometry import HexStep
from rules.los.terrain import TerrainLos, text_effect
from rules.maps.game import MapGame
from rules.movement.costs import CostTally, Movement, MovementClass, MovementRules, MoveView
from rules.pointbuy.derived import DerivedPointBuy, number
from rules.records.position import PositionReader
from rules.registry import Citations, SystemRules

DATA = Path(__file__).parent / "resources"
SCENARIO = Path(__file__).parent / "scenario.yaml"
TOY = "Toy Skirmish (the tests' own rules)"


# --- the data-facing rules ------------------------------------------------------------------


class ToyMovement(MovementRules):
    classes = (MovementClass("foot", "Foot", "move", ("infantry", "vehicle")),)

    def base(self, m: Movement, cls: MovementClass, view: MoveView, tally: CostTally) -> None:
        m.hex_cost(view, cls.key, tally)


def toy_terrain(t: TerrainType) -> TerrainLos:
    return TerrainLos(t.id, t.name, t.applies_to, text_effect(t, "los") == "blocked", cite=TOY)


def toy_sight(s: Sight) -> Ruling:
    """Blocked by a woods hex strictly between the two."""
    found: list[Obstacle] = []
    for step in s.between():
        if isinstance(step, HexStep):
            t = s.terrain(step.hex)
            if t is not None and t.blocks:
                found.append(s.at_hex(step.hex, t.id, TOY, f"{t.name} blocks"))
    return found, TOY, "nothing blocks between them"


class ToyForces(ForceRules):
    allowance_key = "movement"

    def movement_class(self, unit: UnitType) -> str | None:
        return "foot"


class ToyPointBuy(DerivedPointBuy):
    def unit_cost(self, unit: UnitType) -> tuple[int, str]:
        return number(unit, "attack") + number(unit, "defense"), "the toy's own cost"


# --- the game -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shoot(Action):
    """``shoot UNIT TARGET``: one unit fires at an enemy unit."""

    verb: ClassVar[str] = "shoot"
    unit: str
    target: str

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.target}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Shoot:
        if len(args) != 2:
            raise ActionSyntaxError(f"'{line}': write 'shoot UNIT TARGET'")
        return cls(token(args[0], "unit id", line), token(args[1], "unit id", line))


@dataclass(frozen=True)
class Shot(Event):
    kind: ClassVar[str] = "toy-shot"
    unit: str
    target: str
    need: int
    roll: int

    def describe(self) -> str:
        hit = "eliminates it" if self.roll >= self.need else "misses"
        return f"{self.unit} shoots at {self.target}: needs {self.need}, rolls {self.roll}, {hit}"


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    type_id: str
    name: str
    attack: int
    defense: int
    movement: int
    range: int


class ToyGame(MapGame):
    rules_version = "toy-1"
    actions = (Move, Shoot)

    def __init__(self, loaded: LoadedScenario) -> None:
        super().__init__(loaded)
        self.system = loaded.scenario.system
        catalogue = unit_types(self.system)
        self.units: dict[str, Unit] = {}
        self.start: dict[str, Hex] = {}
        for side in self.scenario.sides:
            for entry in side.forces:
                kind = catalogue[entry.unit]
                if not isinstance(entry.placement, HexPlacement):
                    raise UnsupportedGameError("the toy places every unit on a hex")
                for _ in range(entry.count):
                    n = (
                        sum(
                            1
                            for u in self.units.values()
                            if u.id.startswith(f"{side.id}.{entry.unit}.")
                        )
                        + 1
                    )
                    uid = f"{side.id}.{entry.unit}.{n}"
                    self.units[uid] = Unit(uid, side.id, entry.unit, kind.name, *_values(kind))
                    self.start[uid] = self.amap.resolve(entry.placement.hex)
        self.turns = self.scenario.length.turns or 4

    def new_initial_state(self, seed: int = 0) -> ToyState:
        return ToyState(self, seed)

    def unit_name(self, unit: str) -> str:
        found = self.units.get(unit)
        return found.name if found is not None else unit

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> ToyState:
        state = ToyState(self, position.seed)
        if position.step not in self.sides:
            reader.problem(
                ("step",), f"the step is the side acting, one of {', '.join(self.sides)}"
            )
            reader.done()
        state.where = Where(position.turn, self.sides.index(position.step), False)
        state.board = Board()
        for i, place in enumerate(position.units):
            if not reader.unit(place.id, self.units, ("units", i, "id")):
                continue
            h = reader.hex(place.hex, ("units", i, "hex"))
            if "eliminated" in place.status:
                state.board.eliminated.append(place.id)
            elif h is not None:
                state.board.hexes[place.id] = h
            if "acted" in place.status:
                state.board.acted.add(place.id)
        state.restore_dice(position)
        return state


def _values(kind: UnitType) -> tuple[int, int, int, int]:
    a, d, m, r = (
        int(str(value_of(kind, k)[0])) for k in ("attack", "defense", "movement", "range")
    )
    return a, d, m, r


@dataclass
class Where(Record):
    turn: int = 1
    acting: int = 0  # the index of the side acting
    over: bool = False


@dataclass
class Board(Record):
    hexes: dict[str, Hex] = state_field(default_factory=dict)
    eliminated: list[str] = state_field(default_factory=list)
    acted: set[str] = state_field(default_factory=set)


class ToyState(State):
    game: ToyGame

    def __init__(self, game: ToyGame, seed: int) -> None:
        super().__init__(game, seed)
        self.where = Where()
        self.board = Board(dict(game.start))

    # --- the API ------------------------------------------------------------------------------

    def side(self) -> str:
        return self.game.sides[self.where.acting]

    def to_act(self) -> tuple[str, ...]:
        return () if self.where.over else (self.side(),)

    def is_terminal(self) -> bool:
        return self.where.over

    def legal_actions(self, side: str | None = None) -> list[Action]:
        if self.where.over or (side is not None and side != self.side()):
            return []
        found: list[Action] = []
        for uid, h in self.board.hexes.items():
            unit = self.game.units[uid]
            if unit.side != self.side() or uid in self.board.acted:
                continue
            for path in self._reach(uid, h).values():
                found.append(Move(uid, tuple(self.game.name(x) for x in path)))
            found.extend(Shoot(uid, t) for t in self._targets(uid))
        found.append(Done(self.side()))
        return found

    def judge(self) -> Outcome | None:
        if not self.where.over:
            return None
        vp = dict.fromkeys(self.game.sides, 0.0)
        for uid in self.board.eliminated:
            loser = self.game.units[uid].side
            for s in vp:
                if s != loser:
                    vp[s] += 1
        best = max(vp.values())
        winners = [s for s, v in vp.items() if v == best]
        winner = winners[0] if len(winners) == 1 else None
        return Outcome(vp, winner, "the most enemy units eliminated" if winner else "a draw")

    def progress(self) -> Progress:
        if self.where.over:
            return Progress(self.where.turn, self.game.turns, "Turn", "", "over", over=True)
        side = self.side()
        left = sum(
            1
            for u, _ in self.board.hexes.items()
            if self.game.units[u].side == side and u not in self.board.acted
        )
        return Progress(
            turn=self.where.turn,
            last_turn=self.game.turns,
            turn_word="Turn",
            phase=f"{side.title()} acts",
            step="move or shoot with each unit",
            rule=TOY,
            step_id=side,
            to_act=(side,),
            left={side: f"{left} unit(s) to act, then Done"},
            done_label="End the turn",
        )

    def positions(self) -> list[UnitPosition]:
        return [
            UnitPosition(u, self.game.units[u].side, self.game.units[u].type_id, short_label(u), h)
            for u, h in self.board.hexes.items()
        ]

    def describe(self, action: Action) -> str:
        if isinstance(action, Move):
            return f"Move to {action.path[-1]}"
        if isinstance(action, Shoot):
            return f"Shoot at {action.target}"
        return "End the turn" if isinstance(action, Done) else action.text()

    def concerns(self, action: Action) -> ActionFocus:
        if isinstance(action, Move):
            path = tuple(self.game.amap.resolve(p) for p in action.path)
            return ActionFocus(action.unit, "move", path[-1], path, float(len(path)))
        if isinstance(action, Shoot):
            return ActionFocus(action.unit, "fire", self.board.hexes.get(action.target))
        return ActionFocus(None)

    def preview(self, action: Action) -> Preview:
        legal = action in self.legal_actions()
        if not legal or not isinstance(action, Shoot):
            return Preview(self.describe(action), legal, None if legal else "not legal now")
        need = self._need(action.unit, action.target)
        chance = Chance(action.target, f"needs {need}+ on a d6", max(0, 7 - need) / 6)
        return Preview(self.describe(action), True, None, None, (chance,), (TOY,))

    def to_position(self) -> GamePosition:
        units = [
            UnitPlace(
                id=uid,
                hex=self.game.name(self.board.hexes[uid]) if uid in self.board.hexes else None,
                status=(["eliminated"] if uid in self.board.eliminated else [])
                + (["acted"] if uid in self.board.acted else []),
            )
            for uid in self.game.units
        ]
        return GamePosition(
            **self.position_header(), turn=self.where.turn, step=self.side(), units=units
        )

    # --- the rules ----------------------------------------------------------------------------

    def _reach(self, uid: str, start: Hex) -> dict[Hex, tuple[Hex, ...]]:
        budget = float(self.game.units[uid].movement)
        occupied = set(self.board.hexes.values())
        best: dict[Hex, tuple[float, tuple[Hex, ...]]] = {start: (0.0, ())}
        frontier = [start]
        while frontier:
            here = frontier.pop(0)
            spent, path = best[here]
            for d in range(6):
                there = here.neighbor(d)
                if there not in self.game.amap.hexes or there in occupied:
                    continue
                cost = self.game.movement.cost("foot", there, here).cost or 0.0
                total = spent + cost
                if total <= budget and (there not in best or total < best[there][0]):
                    best[there] = (total, (*path, there))
                    frontier.append(there)
        return {h: p for h, (_, p) in best.items() if p}

    def _targets(self, uid: str) -> list[str]:
        unit, here = self.game.units[uid], self.board.hexes[uid]
        return [
            t
            for t, h in self.board.hexes.items()
            if self.game.units[t].side != unit.side
            and here.distance(h) <= unit.range
            and self.game.sees(here, h)
        ]

    def _need(self, uid: str, target: str) -> int:
        return 6 - self.game.units[uid].attack + self.game.units[target].defense

    def _apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"'{action.text()}': not legal now")
        if isinstance(action, Done):
            self.emit(SideDone(action.side, "turn"))
            self.board.acted.clear()
            self.where.acting += 1
            if self.where.acting == len(self.game.sides):
                self.where.acting = 0
                self.where.turn += 1
            return
        if isinstance(action, Move):
            self.board.hexes[action.unit] = self.game.amap.resolve(action.path[-1])
            self.board.acted.add(action.unit)
        elif isinstance(action, Shoot):
            need = self._need(action.unit, action.target)
            roll = self.roll(f"{action.unit} shoots at {action.target}")
            self.emit(Shot(action.unit, action.target, need, roll))
            if roll >= need:
                del self.board.hexes[action.target]
                self.board.eliminated.append(action.target)
            self.board.acted.add(action.unit)

    def _advance(self) -> None:
        if not self.where.over and self.where.turn > self.game.turns:
            self.where.over, self.where.turn = True, self.game.turns
            outcome = self.outcome()
            assert outcome is not None
            self.emit(GameEnded(outcome.winner, outcome.reason))


SYSTEM_ID = "toy"


def rules_of(system: GameSystem) -> SystemRules:
    """The toy's one registered object."""
    return SystemRules(
        system=system,
        new_game=ToyGame,
        movement=ToyMovement(),
        sight=toy_sight,
        los_terrain=toy_terrain,
        citations=Citations(TOY, TOY, TOY, TOY, TOY),
        forces=ToyForces(),
        pointbuy=ToyPointBuy(system),
        bots={"random": RandomBot},
    )


def install() -> GameSystem:
    """Make the toy system known: its data folder and its rules, through the public seam."""
    system = register_system_data(DATA)
    registry.register(rules_of(system))
    return system


def uninstall(system: GameSystem) -> None:
    registry.unregister(system)
    forget_system_data(system)
