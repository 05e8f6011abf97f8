"""Victory conditions and special rules of a scenario, as typed entries.

Every kind the four books use has its own entry (see ``docs/scenario-requirements.md`` §2.9 and
§2.10): victory points for enemy losses, exits by an edge, control or occupation of hexes,
buildings and bridges, lines of sight, destruction of objects, casualty thresholds, VP
thresholds, Armor's unequal-forces adjudication, and all-of / any-of combinations. A condition
the engine cannot evaluate is still written down as ``kind: text`` so that nothing in a book is
lost.

Each condition names the side it benefits and its award: victory points (``vp``) or a result
(``result: win | draw | lose``), and when it is judged (``when``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.base import StrictModel
from model.limits import MAX_TURNS
from model.regions import Region

Timing = Literal[
    "end",  # at the end of the last turn (the default in every book)
    "instant",  # the moment it happens
    "end-of-any-turn",  # checked at the end of every turn / command cycle
    "throughout-final-turn",  # held for the whole last turn (Panzer '44 [19.3])
    "during-final-turn",  # achieved during the last turn (Panzer '44 [20.4])
]
Result = Literal["win", "draw", "lose"]
Comparison = Literal[">", ">=", "<", "<=", "=="]


class UnitFilter(StrictModel):
    """Which units a condition counts."""

    types: list[str] = Field(default_factory=list, description="unit type ids; empty: any")
    exclude_types: list[str] = Field(default_factory=list)
    categories: list[str] = Field(
        default_factory=list, description="combat, vehicle, leg, leader, engineer, ..."
    )
    states: list[str] = Field(
        default_factory=list, description="undisrupted, dismounted, able, loaded, ..."
    )
    labels: list[str] = Field(default_factory=list, description="named force entries")


class Award(StrictModel):
    """What a condition gives its side."""

    vp: float | None = Field(default=None, description="victory points (per item when 'per')")
    per: (
        Literal[
            "each",
            "unit-value",
            "attack-strength",
            "attack+defense+movement",
        ]
        | None
    ) = None
    multiplier: float = 1.0
    result: Result | None = None
    cap: float | None = None

    @model_validator(mode="after")
    def _something(self) -> Award:
        if self.vp is None and self.result is None and self.per is None:
            raise ValueError("an award needs 'vp', 'per' or 'result'")
        return self


class _Condition(StrictModel):
    side: str = Field(description="the side this condition benefits")
    award: Award
    when: Timing = "end"
    turn: int | None = Field(
        default=None, le=MAX_TURNS, description="judged at this turn or cycle only"
    )
    from_turn: int | None = Field(
        default=None, le=MAX_TURNS, description="judged from this turn on"
    )
    by_turn: int | None = Field(
        default=None, le=MAX_TURNS, description="must happen by the end of this turn"
    )
    note: str = ""


class EnemyLosses(_Condition):
    """Points for enemy units destroyed or damaged (Armor [SCN II.F]; Panzer '44 [19.2])."""

    kind: Literal["enemy-losses"] = "enemy-losses"


class Exit(_Condition):
    """Units leaving the map through a region (Armor 2A: Side B; Panzer '44 19.1: South edge)."""

    kind: Literal["exit"] = "exit"
    region: Region
    units: UnitFilter = Field(default_factory=UnitFilter)
    at_least: int | None = Field(default=None, description="a quota of units or men")
    at_least_fraction: float | None = Field(default=None, ge=0, le=1)
    compare: Comparison = Field(default=">=", description="'>' for 'more than half'")
    including: list[UnitFilter] = Field(
        default_factory=list, description="each must be among those exiting (a leader...)"
    )


class Control(_Condition):
    """Control or occupation of hexes or objects (towns, buildings, bridges, IPs)."""

    kind: Literal["control"] = "control"
    region: Region
    objects: Literal["hexes", "any-hex", "buildings", "bridges", "places", "objects"] = "any-hex"
    object_set: str | None = Field(
        default=None, description="a named set of the scenario's map objects (with 'objects')"
    )
    rule: Literal["occupy", "last-occupied", "sole", "majority", "book"] = "book"
    units: UnitFilter = Field(default_factory=UnitFilter)
    at_least: int | None = None
    at_least_fraction: float | None = Field(default=None, ge=0, le=1)


class UnitsIn(_Condition):
    """A count of units inside a region, possibly per unit (Panzer '44 19.4, 19.5)."""

    kind: Literal["units-in"] = "units-in"
    region: Region
    units: UnitFilter = Field(default_factory=UnitFilter)
    compare: Comparison = ">="
    count: int = 1
    enemy: bool = Field(default=False, description="count the enemy's units (area denial)")


class LineOfSight(_Condition):
    """A unit that can see a region (Panzer '44 20.2, 20.3; Soldiers 20, 21)."""

    kind: Literal["line-of-sight"] = "line-of-sight"
    to: Region
    units: UnitFilter = Field(default_factory=UnitFilter)
    enemy: bool = Field(default=False, description="no enemy unit may see it (when negated)")
    negate: bool = False
    all_hexes: bool = Field(default=False, description="every hex of the region, not any")


class Destroyed(_Condition):
    """Objects destroyed (Armor 2B: the bridge; Panzer '44 19.8: every IP in an area)."""

    kind: Literal["destroyed"] = "destroyed"
    objects: str = Field(description="object set named in the scenario's map objects")
    region: Region | None = None
    at_least: int | None = None
    all: bool = False


class Survives(_Condition):
    """Objects still standing at the end (Armor 4B: 8 VP per supply dump)."""

    kind: Literal["survives"] = "survives"
    objects: str
    at_least: int | None = None


class Casualties(_Condition):
    """A share of a force lost (Soldiers 20-26: 'at least 50% of the US force disabled')."""

    kind: Literal["casualties"] = "casualties"
    of: Literal["enemy", "own"] = "enemy"
    measure: Literal[
        "killed", "disabled", "disabled-or-captured", "killed-or-captured", "destroyed"
    ] = "disabled"
    compare: Comparison = ">="
    fraction: float | None = Field(default=None, ge=0, le=1)
    count: int | None = None


class VpThreshold(_Condition):
    """A side's victory points against a number (Panzer '44 19.5: under 30, the German loses)."""

    kind: Literal["vp-threshold"] = "vp-threshold"
    of: Literal["enemy", "own"] = "own"
    compare: Comparison = "<"
    vp: float


class ArmorDifferential(StrictModel):
    """Armor's adjudication between unequal sides [SCN IV]: VP as a percentage of starting
    points, compared with the scenario's Victory Point Differential Number."""

    kind: Literal["armor-differential"] = "armor-differential"
    number: int | None = Field(default=None, description="None: use the Differential Table")
    favours: str | None = Field(default=None, description="side the number is given to")
    hidden_number: int | None = Field(
        default=None, description="the number when the Completely Hidden units rule is used"
    )
    hidden_favours: str | None = None
    even_when_hidden: bool = False
    channelled: bool = Field(default=False, description="defender +10% [SCN IV.H]")
    note: str = ""


class ForceShare(_Condition):
    """A share of a force still in the fight (Soldiers 20.3: 'at least 50% of the US force
    must be on the map and able'; 26.3: 'at least 50% of your force remaining')."""

    kind: Literal["force-share"] = "force-share"
    of: Literal["enemy", "own"] = "own"
    state: Literal["able", "able-on-map"] = Field(
        default="able", description="able: not disabled or captured; able-on-map: and not exited"
    )
    compare: Comparison = ">="
    fraction: float = Field(ge=0, le=1)


class LossesCompared(_Condition):
    """The enemy's men disabled against the side's own (Soldiers 20.3: 'the number of disabled
    US men exceeds the number of disabled German men'): enemy's ``compare`` own."""

    kind: Literal["losses-compared"] = "losses-compared"
    compare: Comparison = ">"


class NotWon(_Condition):
    """The enemy has not won (nor drawn, with ``or_draw``) when the condition is judged: at
    its ``turn`` ('the US has not won by the end of the fourth Command Cycle', Soldiers 21.3),
    or ``turns_after`` the turn in which the scenario's event ``after_event`` occurs
    (Soldiers 21.3: 'by the end of the Command Cycle following the one in which Second Event
    B occurs')."""

    kind: Literal["not-won"] = "not-won"
    or_draw: bool = False
    after_event: str | None = Field(default=None, description="an event slot, e.g. B2")
    turns_after: int = Field(default=1, ge=0)


class TextCondition(_Condition):
    """A condition in the book's words that the engine does not evaluate."""

    kind: Literal["text"] = "text"
    text: str


class AllConditions(_Condition):
    """Every sub-condition holds (their own awards are ignored)."""

    kind: Literal["all-of"] = "all-of"
    conditions: list[Condition] = Field(min_length=1)


class AnyCondition(_Condition):
    """At least one sub-condition holds (their own awards are ignored)."""

    kind: Literal["any-of"] = "any-of"
    conditions: list[Condition] = Field(min_length=1)


Condition = Annotated[
    EnemyLosses
    | Exit
    | Control
    | UnitsIn
    | LineOfSight
    | Destroyed
    | Survives
    | Casualties
    | VpThreshold
    | ForceShare
    | LossesCompared
    | NotWon
    | TextCondition
    | AllConditions
    | AnyCondition,
    Field(discriminator="kind"),
]


class VictoryRules(StrictModel):
    """How a scenario is won."""

    conditions: list[Condition] = Field(default_factory=list)
    scoring: Literal["most-vp", "conditions"] = Field(
        default="most-vp",
        description="most-vp: the side with more points wins; conditions: first 'win' result",
    )
    default_winner: str | None = Field(
        default=None, description="side that wins when no condition gives a result, or 'draw'"
    )
    tie: str | None = Field(default=None, description="side that wins a tie, 'draw', or unset")
    both_win: str | None = Field(
        default=None, description="side that wins when both meet their conditions (Soldiers 23)"
    )
    adjudication: ArmorDifferential | None = None
    source: str | None = None
    placeholder: str | None = None
    note: str = ""


class TurnSpan(StrictModel):
    """Turns a rule applies to, both inclusive; ``last`` unset means to the end."""

    first: int = 1
    last: int | None = None

    @model_validator(mode="after")
    def _in_order(self) -> TurnSpan:
        if self.last is not None and self.last < self.first:
            raise ValueError(f"turns {self.first} to {self.last}: the last is before the first")
        return self


class _Rule(StrictModel):
    optional: bool = Field(default=False, description="the book marks it (Optional)")
    source: str | None = None
    note: str = ""


class FireBan(_Rule):
    """No fire of some kinds (Armor 2A: no Opportunity or Tracking Fire on Turn One)."""

    kind: Literal["fire-ban"] = "fire-ban"
    sides: list[str] = Field(default_factory=list, description="empty: both sides")
    fire: list[str] = Field(min_length=1, description="direct, opportunity, tracking, indirect...")
    turns: TurnSpan


class ActionBan(_Rule):
    """An action forbidden to a side (Panzer '44 19.6: no US overrun on GT10)."""

    kind: Literal["action-ban"] = "action-ban"
    sides: list[str] = Field(default_factory=list)
    action: str
    turns: TurnSpan = Field(default_factory=TurnSpan)
    until: str | None = Field(default=None, description="lifted when this happens")


class UsageCap(_Rule):
    """At most N uses per turn (Panzer '44 19.2: one CAS strike per Game-Turn)."""

    kind: Literal["usage-cap"] = "usage-cap"
    side: str
    what: str
    per_turn: int = Field(ge=0)


class AreaBan(_Rule):
    """A side may not enter or deploy in an area (Panzer '44 20.4: Ley)."""

    kind: Literal["area-ban"] = "area-ban"
    sides: list[str] = Field(default_factory=list)
    region: Region
    turns: TurnSpan = Field(default_factory=TurnSpan)
    deploy: bool = True


class ExitAllowed(_Rule):
    """Units may leave the map here (exits are otherwise forbidden in most books)."""

    kind: Literal["exit-allowed"] = "exit-allowed"
    side: str
    region: Region
    units: UnitFilter = Field(default_factory=UnitFilter)
    from_turn: int | None = None
    after: str | None = Field(default=None, description="an event or condition in words")


class TerrainOverride(_Rule):
    """A terrain effect changed for the scenario (mud, flooding, frozen water...)."""

    kind: Literal["terrain-override"] = "terrain-override"
    terrain: str
    treat_as: str | None = None
    movement_cost: dict[str, float] = Field(
        default_factory=dict, description="movement class -> cost (replaces the book's)"
    )
    extra_cost: float | None = Field(default=None, description="added to the normal cost")
    applies_to: list[str] = Field(default_factory=list, description="movement classes; empty: all")
    except_along: str | None = Field(default=None, description="not when moving along a path")
    region: Region | None = Field(default=None, description="only here (e.g. one zone)")
    impassable: bool | None = None
    text: str = ""


class Demolition(_Rule):
    """A demolition procedure (Armor 2B; Soldiers 26)."""

    kind: Literal["demolition"] = "demolition"
    objects: str
    by: UnitFilter = Field(default_factory=UnitFilter)
    preparation_turns: int | None = None
    die: Literal["d6", "d10", "d100"] = "d10"
    success: list[int] = Field(default_factory=list, description="rolls that destroy")
    text: str = ""


class BridgeLimit(_Rule):
    """Bridges carry at most this weight (Armor 1A: 20 tons)."""

    kind: Literal["bridge-limit"] = "bridge-limit"
    tons: float = Field(gt=0)


class DeploymentLimit(_Rule):
    """A limit on set-up in an area: at most or at least so many units or men there
    (Panzer '44 20.5: one unit in Moncourt; Soldiers 20: a man in each of 7 zones)."""

    kind: Literal["deployment-limit"] = "deployment-limit"
    side: str
    region: Region
    at_most: int | None = None
    at_least: int | None = None
    per_zone: bool = Field(default=False, description="count in each zone of the region")
    zones_at_least: int | None = Field(default=None, description="in at least this many zones")


class RuleOverride(_Rule):
    """A book rule switched on, off, or changed ("[12.22] in full effect")."""

    kind: Literal["rule-override"] = "rule-override"
    rule: str
    text: str


class TextRule(_Rule):
    """A special rule in the book's words."""

    kind: Literal["text"] = "text"
    text: str


SpecialRule = Annotated[
    FireBan
    | ActionBan
    | UsageCap
    | AreaBan
    | ExitAllowed
    | TerrainOverride
    | Demolition
    | BridgeLimit
    | DeploymentLimit
    | RuleOverride
    | TextRule,
    Field(discriminator="kind"),
]
