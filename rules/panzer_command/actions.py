"""Panzer Command actions and events.

The action grammar (the ``move`` and ``done`` verbs are the shared ones of
:mod:`rules.engine.actions`)::

    dispatch german          # Preparation Phase C: 1 Dispatch Point, the Regiment Action chit
                             # onto next turn's Game Turn Track [§3.1]
    select soviet            # Action Phase A/B: 2 Dispatch Points, activate the available
                             # Regiment Action chit at once [§3.1]
    move soviet.su-t34.1 0605 0606   # Move Action: the hexes entered [§5]
    fire soviet.su-t34.1 german.de-pak.1   # Direct Fire Action [§7]
    rally german.de-pak.1    # Rally Action [§11.2]
    improve german.de-pak.1  # Improve Position Action [§19]
    opfire german.de-pak.1 soviet.su-t34.1 roll    # Opportunity Fire announced, paid for
                             # with a Troop Quality roll or a command [§8.2]
    assault soviet.su-t34.1 german.de-pak.1   # Close Assault Action on the target's hex [§9]
    retreat german.de-pak.1 1308 1309   # a Close Assaulted unit retreats [§9.4]
    concentrate german.de-pak.1 1306   # Concentrate Fire Action on a hex [§10]
    mount soviet.su-motor-rifle.1 soviet.su-t34.1   # Mount a tank, truck or spw [§13]
    dismount soviet.su-motor-rifle.1   # Dismount Action [§13]
    indirect german.de-lefh.1 soviet.su-t34.1 german.de-pak.1   # Indirect Fire, the PaK
                             # spotting (or the battery itself, counter-battery, or plotted
                             # at a pre-plotted hex) [§14.3-14.4; §14.6]
    offmap german.de-lefh.1 soviet.su-t34.1 german.de-pak.1 0115   # off-map Indirect Fire,
                             # range counted from edge hex 0115 [§14.5]
    air german               # call the airpower for airstrikes [§18.2]
    airstrike german soviet.su-t34.1   # an airstrike, for a Direct Command [§18.4]
    done soviet              # the side passes (spends no more points; ends its Segment)

The game reads these verbs (:data:`ACTIONS`, :meth:`rules.engine.core.Game.parse_action`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action, Move, WordsAction, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event


@dataclass(frozen=True)
class Dispatch(WordsAction):
    """Spend 1 Dispatch Point: the side's Regiment Action chit goes onto the Game Turn Track
    for the next turn [§3.1 Preparation Phase C]."""

    verb: ClassVar[str] = "dispatch"
    words: ClassVar[tuple[str, ...]] = ("side id",)
    usage: ClassVar[str] = "SIDE"
    side: str


@dataclass(frozen=True)
class Select(WordsAction):
    """Spend 2 Dispatch Points to activate an available Regiment Action chit at once
    [§3.1 Action Phase A-B]."""

    verb: ClassVar[str] = "select"
    words: ClassVar[tuple[str, ...]] = ("side id",)
    usage: ClassVar[str] = "SIDE"
    side: str


@dataclass(frozen=True)
class Fire(WordsAction):
    """Direct Fire Action at an enemy unit in the firer's Fire Zone and LOS [§7.1]."""

    verb: ClassVar[str] = "fire"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id")
    usage: ClassVar[str] = "UNIT TARGET"
    unit: str
    target: str


@dataclass(frozen=True)
class UnitAction(WordsAction):
    """An Action of one unit and nothing else, written ``VERB UNIT``."""

    words: ClassVar[tuple[str, ...]] = ("unit id",)
    usage: ClassVar[str] = "UNIT"
    unit: str


@dataclass(frozen=True)
class Rally(UnitAction):
    """Rally Action: try to remove a Suppression, else a Cohesion Hit [§11.2]."""

    verb: ClassVar[str] = "rally"


@dataclass(frozen=True)
class Improve(UnitAction):
    """Improve Position Action: the unit digs in where it stands [§19]."""

    verb: ClassVar[str] = "improve"


#: How an Opportunity Fire is paid for: a Command, or a Troop Quality roll [§8.2].
COMMAND, ROLL = "command", "roll"


@dataclass(frozen=True)
class OpFire(Action):
    """Announce an Opportunity Fire at the enemy unit leaving a hex in the firer's Fire Zone,
    or Close Assaulting it, paid for with a Command or tried on a Troop Quality roll [§8.2]."""

    verb: ClassVar[str] = "opfire"
    unit: str
    target: str
    mode: str = ROLL

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.target} {self.mode}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> OpFire:
        if len(args) != 3 or args[2] not in (COMMAND, ROLL):
            raise ActionSyntaxError(f"'{line}': write 'opfire UNIT TARGET command|roll'")
        return cls(token(args[0], "unit id", line), token(args[1], "unit id", line), args[2])


@dataclass(frozen=True)
class Assault(WordsAction):
    """Close Assault Action: the unit assaults the adjacent hex of the enemy ``target`` [§9]."""

    verb: ClassVar[str] = "assault"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id")
    usage: ClassVar[str] = "UNIT TARGET"
    unit: str
    target: str


@dataclass(frozen=True)
class Concentrate(WordsAction):
    """Concentrate Fire Action: the unit's Fire Zone becomes the one hex ``hex`` [§10]."""

    verb: ClassVar[str] = "concentrate"
    words: ClassVar[tuple[str, ...]] = ("unit id", "hex")
    usage: ClassVar[str] = "UNIT HEX"
    unit: str
    hex: str


@dataclass(frozen=True)
class Retreat(Action):
    """A defender in a Close Assault retreats along ``path`` (one or two hexes) [§9.4]."""

    verb: ClassVar[str] = "retreat"
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return " ".join((self.verb, self.unit, *self.path))

    @classmethod
    def parse(cls, args: list[str], line: str) -> Retreat:
        if len(args) not in (2, 3):
            raise ActionSyntaxError(f"'{line}': write 'retreat UNIT HEX [HEX]'")
        hexes = tuple(token(a, "hex", line) for a in args[1:])
        return cls(token(args[0], "unit id", line), hexes)


@dataclass(frozen=True)
class IndirectFire(WordsAction):
    """Indirect Fire Action of an H or Hm battery at ``target``, Spotted by ``spotter`` (the
    battery itself, another friendly unit, or ``counter-battery``) [§14.3-14.4]."""

    verb: ClassVar[str] = "indirect"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id", "unit id")
    usage: ClassVar[str] = "UNIT TARGET SPOTTER|counter-battery"
    unit: str
    target: str
    spotter: str


@dataclass(frozen=True)
class OffMapFire(WordsAction):
    """Indirect Fire Action of an off-map battery at ``target``, Spotted by ``spotter`` (a
    friendly unit on the map, or ``plotted`` at a pre-plotted hex), its range counted from
    ``edge``, a hex of its owner's map edge chosen the first time it fires [§14.5-14.6]."""

    verb: ClassVar[str] = "offmap"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id", "unit id", "hex")
    usage: ClassVar[str] = "UNIT TARGET SPOTTER|plotted EDGE-HEX"
    unit: str
    target: str
    spotter: str
    edge: str


@dataclass(frozen=True)
class AirCall(WordsAction):
    """The side calls its airpower for airstrikes in its Direct Command Segment [§18.2]."""

    verb: ClassVar[str] = "air"
    words: ClassVar[tuple[str, ...]] = ("side id",)
    usage: ClassVar[str] = "SIDE"
    side: str


@dataclass(frozen=True)
class Airstrike(WordsAction):
    """One of the side's airstrikes of this Segment at an enemy unit, for a Direct Command
    [§18.4]."""

    verb: ClassVar[str] = "airstrike"
    words: ClassVar[tuple[str, ...]] = ("side id", "unit id")
    usage: ClassVar[str] = "SIDE TARGET"
    side: str
    target: str


@dataclass(frozen=True)
class Mount(WordsAction):
    """Mount Action: the unit mounts ``carrier`` (``truck``, ``spw`` or a tank's unit) [§13]."""

    verb: ClassVar[str] = "mount"
    words: ClassVar[tuple[str, ...]] = ("unit id", "carrier")
    usage: ClassVar[str] = "UNIT truck|spw|TANK"
    unit: str
    carrier: str


@dataclass(frozen=True)
class Dismount(UnitAction):
    """Dismount Action: the unit leaves its truck, SPWs or tank [§13]."""

    verb: ClassVar[str] = "dismount"


@dataclass(frozen=True)
class MoveFire(UnitAction):
    """The Move/Fire Action of a modern tank company [§24.1]: announced, it lets the unit
    move at half its allowance and make one Direct Fire at -4, in either order."""

    verb: ClassVar[str] = "movefire"


@dataclass(frozen=True)
class SplitFire(WordsAction):
    """A modern tank company's Direct Fire split in two, each at half its Attack Strength,
    at two targets or the same one twice [§24.3]."""

    verb: ClassVar[str] = "splitfire"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id", "unit id")
    usage: ClassVar[str] = "UNIT TARGET TARGET"
    unit: str
    target: str
    second: str


#: The Actions of one unit in a Segment [§3.2].
UNIT_ACTIONS = (
    Move,
    Fire,
    Rally,
    Improve,
    Assault,
    Concentrate,
    Mount,
    Dismount,
    IndirectFire,
    OffMapFire,
    MoveFire,
    SplitFire,
)
UnitActionType = (
    Move
    | Fire
    | Rally
    | Improve
    | Assault
    | Concentrate
    | Mount
    | Dismount
    | IndirectFire
    | OffMapFire
    | MoveFire
    | SplitFire
)

#: Panzer Command's verbs (with the shared ``move``, ``done`` and ``force-dice``).
ACTIONS: tuple[type[Action], ...] = (
    Move,
    Dispatch,
    Select,
    Fire,
    Rally,
    Improve,
    OpFire,
    Assault,
    Concentrate,
    Retreat,
    Mount,
    Dismount,
    IndirectFire,
    OffMapFire,
    AirCall,
    Airstrike,
    MoveFire,
    SplitFire,
)


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PointsChanged(Event):
    """Dispatch Points or Direct Commands gained or spent, and why."""

    kind: ClassVar[str] = "pc-points"
    side: str
    points: str  # "dispatch" | "commands"
    change: int
    total: int
    why: str

    def describe(self) -> str:
        return f"{self.side}: {self.change:+d} {self.points} (now {self.total}): {self.why}"


@dataclass(frozen=True)
class ChitsInCup(Event):
    kind: ClassVar[str] = "pc-cup"
    turn: int
    chits: tuple[str, ...]

    def describe(self) -> str:
        return f"Turn {self.turn}: in the cup {', '.join(self.chits)} [§3.1 Preparation B]"


@dataclass(frozen=True)
class ChitDrawn(Event):
    """A Segment begins: a chit drawn from the cup, or selected with Dispatch Points."""

    kind: ClassVar[str] = "pc-chit"
    chit: str
    how: str

    def describe(self) -> str:
        return f"{self.chit}: {self.how}"


@dataclass(frozen=True)
class UnitMoved(Event):
    kind: ClassVar[str] = "pc-moved"
    unit: str
    path: tuple[str, ...]
    cost: float
    allowance: int
    explanation: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{self.unit} moves {' '.join(self.path)}: {self.cost:g} of {self.allowance} MP [§5.1]"
        )


@dataclass(frozen=True)
class FireExplained(Event):
    """One attack, every step with its rule and the placeholders it used."""

    kind: ClassVar[str] = "pc-fire"
    firer: str
    target: str
    steps: tuple[str, ...]
    final: int
    roll: int
    hit: bool
    result: str | None
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        outcome = f"result {self.result}" if self.hit else "no effect"
        return (
            f"{self.firer} fires at {self.target}: Final {self.final}, roll {self.roll}, {outcome}"
        )


@dataclass(frozen=True)
class UnitHit(Event):
    kind: ClassVar[str] = "pc-hit"
    unit: str
    effect: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.effect} {self.rule}"


@dataclass(frozen=True)
class HqPlaced(Event):
    """A side's HQ placed on its HQ Track, in ``space`` (rolled secretly [§22.3])."""

    kind: ClassVar[str] = "pc-hq-space"
    side: str
    hq: str  # "Division" | "Regimental"
    space: str
    why: str

    def describe(self) -> str:
        return f"{self.side} {self.hq} HQ in space {self.space}: {self.why}"


@dataclass(frozen=True)
class HqAssigned(Event):
    """A side's Regimental HQ assigned to a unit, or lost with it (``unit`` None) [§4.1; §4.3]."""

    kind: ClassVar[str] = "pc-hq"
    side: str
    unit: str | None
    why: str

    def describe(self) -> str:
        where = f"with {self.unit}" if self.unit else "lost"
        return f"{self.side} Regimental HQ {where}: {self.why}"


@dataclass(frozen=True)
class PositionChanged(Event):
    """A unit's Improved Position or entrenchment made, taken or left [§16.5; §19]."""

    kind: ClassVar[str] = "pc-position"
    unit: str
    change: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.change} {self.rule}"


@dataclass(frozen=True)
class OpportunityOffered(Event):
    """A unit of the active side leaves a hex in enemy Fire Zones, assaults, retreats or
    advances: the other side may answer with Opportunity Fire [§8]."""

    kind: ClassVar[str] = "pc-opportunity"
    side: str
    target: str
    trigger: str
    firers: tuple[str, ...]
    rule: str

    def describe(self) -> str:
        return (
            f"{self.side} may fire at {self.target} ({self.trigger}): "
            f"{', '.join(self.firers)} {self.rule}"
        )


@dataclass(frozen=True)
class AssaultReport(Event):
    """A step of a Close Assault: its Troop Quality rolls, Rounds, retreats and advance
    [§9]."""

    kind: ClassVar[str] = "pc-assault"
    unit: str
    what: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.what} {self.rule}"
