"""The scenario file: one YAML document per scenario (``scenarios/<system>/<id>.yaml``).

A scenario refers to boards, unit types and tables by id and stores only what it adds or
changes: the layout, overlays and painted terrain as edits on top of the boards, the sides with
their forces and placements, reinforcements, special rules, victory conditions and game length.
A correction to a board or a unit therefore reaches every scenario that uses it.

The shape was designed against every scenario of the four books (``docs/scenario-
requirements.md``). What the engine must understand is typed; what it need not is kept as text
in the book's words, so nothing is lost. The JSON Schema generated from these models is
committed as ``docs/scenario.schema.json``.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from model.base import StrictModel
from model.errors import form
from model.joins import JoinType
from model.limits import MAX_COUNT, MAX_POINTS, MAX_SIDE_UNITS, MAX_SIDES, MAX_TURNS
from model.regions import HexesRegion, HexName, Region
from model.scenario_map import Identifier, MapSetup
from model.systems import GameSystem
from model.victory import SpecialRule, UnitFilter, VictoryRules

SCENARIO_SCHEMA_VERSION = 1


class HexPlacement(StrictModel):
    """On one hex, optionally facing a direction (the book's direction number, 1-6)."""

    kind: Literal["hex"] = "hex"
    hex: HexName
    facing: int | None = Field(default=None, ge=1, le=6)


class AreaPlacement(StrictModel):
    """Anywhere in a region at set-up; ``adjacent`` widens it by one hex ("in or adjacent")."""

    kind: Literal["area"] = "area"
    region: Region
    adjacent: bool = False


class EntryPlacement(StrictModel):
    """Entering the map on a turn through a region: in column at a hex, or free formation."""

    kind: Literal["entry"] = "entry"
    region: Region
    turn: int = Field(default=1, le=MAX_TURNS)
    formation: Literal["column", "free"] | None = None


class AirdropPlacement(StrictModel):
    """Dropped on planned hexes, then scattered (Panzer '44 19.1; Armor [OP XXXI])."""

    kind: Literal["airdrop"] = "airdrop"
    region: Region | None = None
    scatter: str = ""


class ModePlacement(StrictModel):
    """Placed by a deployment mode chosen later (Soldiers' intelligence brackets)."""

    kind: Literal["mode"] = "mode"


class OffMapPlacement(StrictModel):
    """Off the map (artillery, air support, units that never enter)."""

    kind: Literal["off-map"] = "off-map"


Placement = Annotated[
    HexPlacement
    | AreaPlacement
    | EntryPlacement
    | AirdropPlacement
    | ModePlacement
    | OffMapPlacement,
    Field(discriminator="kind"),
]


class ForceEntry(StrictModel):
    """Units of one type with one placement: ``count`` counters of ``unit``."""

    unit: str = Field(description="unit type id from the system's catalogue")
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    label: str | None = Field(default=None, description="name other entries refer to")
    ids: list[str] = Field(default_factory=list, description="counter identification numbers")
    placement: Placement | None = Field(default=None, description="unset: the side's set-up")
    mounted_on: str | None = Field(default=None, description="label of the carrying entry")
    formation: str | None = Field(
        default=None,
        description="the formation the entry belongs to (Armor's formations with their HQ, "
        "Panzer Command's HQ and its units): entries of a side with the same name form one",
    )
    state: list[str] = Field(default_factory=list, description="reduced, depleted, in-ip...")
    note: str = ""


class DieRollCondition(StrictModel):
    """Arrival on a die roll (Armor 2B: the Engineers enter on a 0 or 1)."""

    kind: Literal["die-roll"] = "die-roll"
    die: Literal["d6", "d10", "d100"] = "d10"
    succeed_on: list[int] = Field(min_length=1)
    roll: str = Field(default="each turn", description="when the roll is made")


class EventCondition(StrictModel):
    """Arrival when a scenario event happens (Soldiers' Event A2 and so on)."""

    kind: Literal["event"] = "event"
    event: str
    text: str = ""


class TextArrival(StrictModel):
    """Arrival under a condition in the book's words."""

    kind: Literal["text"] = "text"
    text: str


ArrivalCondition = Annotated[
    DieRollCondition | EventCondition | TextArrival, Field(discriminator="kind")
]


class Reinforcement(StrictModel):
    """Units that arrive during play: listed, or whatever the side bought as reinforcements."""

    turn: int | None = Field(
        default=None, le=MAX_TURNS, description="unset when a condition decides"
    )
    units: list[ForceEntry] = Field(default_factory=list)
    purchased: bool = Field(default=False, description="the units bought as reinforcements")
    entry: Region
    formation: Literal["column", "free"] | None = None
    mounted: bool = False
    condition: ArrivalCondition | None = None
    note: str = ""

    @model_validator(mode="after")
    def _who(self) -> Reinforcement:
        if not self.units and not self.purchased:
            raise ValueError("list the 'units', or say 'purchased: true'")
        return self


class Budget(StrictModel):
    """Points a side buys its forces with (Armor points, Soldiers force points), with any
    units the budget comes with (Soldiers 26: both Airborne squads and 7 FP)."""

    points: int = Field(ge=0, le=MAX_POINTS)
    kind: Literal["points", "force-points"] = "points"
    includes: list[ForceEntry] = Field(default_factory=list)
    note: str = ""


class MinSpendRule(StrictModel):
    """At least ``points`` spent on ``category``."""

    kind: Literal["min-spend"] = "min-spend"
    category: str | None = None
    points: int | None = None
    text: str = ""


class MaxSpendRule(StrictModel):
    """At most ``points`` spent on ``category``."""

    kind: Literal["max-spend"] = "max-spend"
    category: str | None = None
    points: int | None = None
    text: str = ""


class SharePerEntryRule(StrictModel):
    """At least ``fraction`` of the points on each of the side's entry regions."""

    kind: Literal["share-per-entry"] = "share-per-entry"
    fraction: float | None = Field(default=None, ge=0, le=1)
    text: str = ""


class RequiredRule(StrictModel):
    """The ``units`` (or, without a filter, the ``categories``) must be bought."""

    kind: Literal["required"] = "required"
    units: UnitFilter | None = None
    categories: list[str] = Field(default_factory=list)
    text: str = ""


class OnlyRule(StrictModel):
    """Only combat units of these ``categories`` (or matching ``units``) may be bought."""

    kind: Literal["only"] = "only"
    units: UnitFilter | None = None
    categories: list[str] = Field(default_factory=list)
    text: str = ""


class BanRule(StrictModel):
    """Nothing of these ``categories`` (or matching ``units``) may be bought."""

    kind: Literal["ban"] = "ban"
    units: UnitFilter | None = None
    categories: list[str] = Field(default_factory=list)
    text: str = ""


class TextPurchaseRule(StrictModel):
    """A purchase rule in the book's words, for the players to check."""

    kind: Literal["text"] = "text"
    text: str = ""


#: A constraint on buying forces beyond the book's general rules, judged by
#: ``rules/pointbuy/base.py``: one model per ``kind``, so a field of another kind is an error.
PurchaseRule = Annotated[
    MinSpendRule
    | MaxSpendRule
    | SharePerEntryRule
    | RequiredRule
    | OnlyRule
    | BanRule
    | TextPurchaseRule,
    Field(discriminator="kind"),
]


class Purchase(StrictModel):
    """Something a side buys with its points that is not a counter of its forces: Soldiers'
    intelligence, artillery support, defensive preparations and extra equipment [19.4];
    Armor's artillery batteries, Air Spotting, Radio Jamming, Terrain Support units and costed
    extras [SCN III.D.2.a]. Squads, heavy-weapons soldiers, leaders and Armor's combat units
    are bought as entries of ``forces`` (``state: [depleted]``, Armor ``state: [half]``) or, as
    reinforcements, of ``reinforcements`` (``rules/pointbuy/report.py`` prices them all).
    """

    item: str = Field(
        description="id in the system's unit catalogue (INTELLIGENCE, ART-LIGHT, GRENADE, "
        "CAMOUFLAGE; ARTILLERY-MEDIUM, AIR-SPOTTING, RADIO-JAMMING, BOAT, WIRE), or APCR (Armor)"
    )
    count: int = Field(
        default=1, ge=1, le=MAX_COUNT, description="how many (intelligence: FP spent on it)"
    )
    for_entry: str | None = Field(
        default=None,
        description="label of the force entry it goes with: the M18 or Sherman '76' firing "
        "APCR, the Assault Squad carrying a flamethrower, the man carrying a satchel charge",
    )
    note: str = ""


class PanicLevel(StrictModel):
    """Panic level from a turn on (Panzer '44 [14.0])."""

    from_turn: int = 1
    percent: int = Field(ge=0, le=100)


class Panic(StrictModel):
    levels: list[PanicLevel] = Field(min_length=1)
    per_loss: int | None = Field(
        default=None, description="added per own combat unit lost (Panzer '44 20.5)"
    )
    note: str = ""


class Support(StrictModel):
    """Off-map support: Panzer '44 ``OFBDA-3(10H)``, ``CAS-4(10H)``; Armor batteries; air."""

    kind: str
    count: int = Field(default=1, ge=0, le=MAX_COUNT)
    strength: str = ""
    note: str = ""


class Barrage(StrictModel):
    """An artillery unit's pre-plotted target hexes (Panzer Command [§14.6]: up to three for
    each H or Hm unit, on the owner's Artillery Record)."""

    unit: str = Field(
        description="the artillery: a force, reinforcement or support entry's label, or its "
        "unit type id"
    )
    number: int = Field(default=1, ge=1, description="which counter of that entry or type")
    hexes: list[str] = Field(
        default_factory=list,
        max_length=3,
        description="the plotted hexes (at most three); empty: plotted at set-up by the owner "
        "(the engine stands in for him)",
    )
    note: str = ""


class Fortifications(StrictModel):
    """Fortifications a side may place, ``None`` meaning no limit."""

    improved_positions: int | None = None
    mined_hexes: int | None = None
    mine_kind: str | None = Field(default=None, description="e.g. hasty (Panzer '44 [17.0])")
    region: Region | None = Field(default=None, description="where they may go")
    not_in: list[str] = Field(default_factory=list, description="terrain they may not go in")
    mines_not_in: list[str] = Field(
        default_factory=list,
        description="terrain mined hexes alone may not go in (Panzer '44 20.5: town hexes)",
    )
    note: str = ""


class NamedForce(StrictModel):
    """A sample or alternative order of battle (Armor 1A's sample forces per rule level)."""

    name: str
    units: list[ForceEntry] = Field(min_length=1)
    source: str | None = None

    @model_validator(mode="after")
    def _bounded(self) -> NamedForce:
        _check_units(sum(e.count for e in self.units), "units")
        return self


class PlanObjective(StrictModel):
    """One objective of a bot plan: a region (a named place is ``{kind: place, name: ...}``),
    optionally to be reached by a turn."""

    region: Region
    by_turn: int | None = Field(
        default=None,
        ge=1,
        le=MAX_TURNS,
        description="the turn the designer wants it reached by (checked)",
    )
    note: str = ""


class Hold(StrictModel):
    """Units a bot keeps where they are until a turn or an event (a reserve, an ambush)."""

    units: list[str] = Field(
        min_length=1, description="force entry labels or unit type ids of the side"
    )
    until_turn: int | None = Field(
        default=None, ge=1, le=MAX_TURNS, description="released on this turn"
    )
    until_contact: bool = Field(
        default=False,
        description="released once an enemy unit could fire at one of them (in reach and sight)",
    )
    note: str = ""

    @model_validator(mode="after")
    def _release(self) -> Hold:
        if self.until_turn is None and not self.until_contact:
            raise ValueError("say when they are released: 'until_turn', 'until_contact', or both")
        return self


#: A waypoint of a bot plan's route: a printed hex name, or a region.
Waypoint = HexName | Region


class BotPlan(StrictModel):
    """How the heuristic bots play a side, in the scenario's own terms (issue 17; like the A/I
    scripts of Tiller's games). Without a plan a bot plays for the victory conditions alone."""

    posture: Literal["attack", "defend", "delay"] = Field(
        description="attack: objectives before losses; defend: hold the objectives, losses "
        "weigh more; delay: keep out of the enemy's fire, give ground slowly"
    )
    objectives: list[PlanObjective] = Field(
        default_factory=list, description="regions or places to take or hold, first first"
    )
    hold: list[Hold] = Field(default_factory=list, description="units held back")
    route: list[Waypoint] = Field(
        default_factory=list, description="waypoints the side's units go through, in order"
    )
    note: str = ""

    def route_regions(self) -> list[Region]:
        """The route's waypoints as regions (a hex name is the region of that one hex)."""
        return [HexesRegion(hexes=[w]) if isinstance(w, str) else w for w in self.route]


class Side(StrictModel):
    """One side of the scenario."""

    id: Identifier
    name: str
    nation: str
    counter_pool: str | list[str] | None = Field(
        default=None, description="nations whose counters it uses (Panzer '44 British: us)"
    )
    mounted_setup: Literal["required", "allowed", "forbidden"] | None = Field(
        default=None, description="may units start loaded on their carriers?"
    )
    role: Literal["attacker", "defender", "none"] = "none"
    starts_on_map: bool | None = None
    budget: Budget | None = None
    mission: str | None = Field(
        default=None,
        description="the id of the mission this side plays, chosen before its purchase "
        "(Soldiers [19.1]); unset: not yet chosen",
    )
    purchase_rules: list[PurchaseRule] = Field(default_factory=list)
    purchases: list[Purchase] = Field(
        default_factory=list, description="what the budget bought besides its forces' counters"
    )
    setup: Placement | None = Field(default=None, description="default placement of its forces")
    forces: list[ForceEntry] = Field(default_factory=list)
    sample_forces: list[NamedForce] = Field(default_factory=list)
    reinforcements: list[Reinforcement] = Field(default_factory=list)
    support: list[Support] = Field(default_factory=list)
    barrages: list[Barrage] = Field(
        default_factory=list,
        description="pre-plotted barrages: the side may plot target hexes for these artillery "
        "units (Panzer Command [§14.6])",
    )
    fortifications: Fortifications | None = None
    panic: Panic | None = None
    deployment_modes: dict[str, Region] = Field(default_factory=dict)
    settings: dict[str, int | str] = Field(
        default_factory=dict,
        description="the system's starting values for the side, e.g. Panzer Command's "
        "division_hq_space, dispatch_points, direct_commands, air_strength",
    )
    plan: BotPlan | None = Field(
        default=None, description="how the heuristic bots play this side; unset: as they see fit"
    )
    note: str = ""

    @model_validator(mode="after")
    def _bounded(self) -> Side:
        _check_units(self.listed_units(), "forces and reinforcements")
        return self

    def listed_units(self) -> int:
        """The units the side lists: its forces' and its reinforcements' counts."""
        return sum(e.count for e in self.forces) + sum(
            e.count for r in self.reinforcements for e in r.units
        )


def _check_units(count: int, where: str) -> None:
    if count > MAX_SIDE_UNITS:
        raise ValueError(
            f"{count:,} units in its {where}; a side has at most {MAX_SIDE_UNITS} (Hexwright's "
            "limit, five times the largest side of a book scenario)"
        )


class Mission(StrictModel):
    """A secret mission a side chooses (Soldiers [19]): its budget and its victory rules."""

    id: Identifier
    name: str
    side: str
    budget: Budget | None = None
    victory: VictoryRules
    special_rules: list[SpecialRule] = Field(default_factory=list)
    reinforcements: bool = True
    note: str = ""


class IntelligenceBracket(StrictModel):
    """One row of a Soldiers Intelligence Summary: what an intelligence difference decides."""

    difference: str = Field(description="e.g. 'us 6+', 'german 1-3'")
    deploys_first: str | None = Field(default=None, description="side id, or unset: together")
    reveal: str | None = Field(
        default=None, description="what the first side reveals, e.g. hidden equipment"
    )
    modes: dict[str, str] = Field(default_factory=dict, description="side id -> mode name")
    operational_moves: list[str] = Field(default_factory=list)
    advantage: str | None = None
    note: str = ""


class ScenarioEvent(StrictModel):
    """A scenario event slot (Soldiers: the 1st, 2nd, 3rd occurrence of Event A or B)."""

    slot: str = Field(
        pattern=form(r"^[A-Z][0-9]+$", "an event slot", "a capital letter and a number: A1")
    )
    text: str
    reinforcements: list[str] = Field(default_factory=list, description="side ids")
    entry: Region | None = Field(default=None, description="where those reinforcements enter")


class RandomTableRow(StrictModel):
    roll: str = Field(description="a result or range, e.g. '1-5'")
    result: str


class RandomTable(StrictModel):
    """A small die table inside a scenario (Soldiers 26's airdrop tables)."""

    name: str
    die: Literal["d6", "d10", "d100"]
    rows: list[RandomTableRow] = Field(min_length=1)
    modifiers: str = ""


class GameLength(StrictModel):
    """How long the game lasts: a number of turns, per join type, or open-ended."""

    turns: int | None = Field(default=None, ge=1, le=MAX_TURNS)
    by_join: dict[JoinType, Annotated[int, Field(ge=1, le=MAX_TURNS)]] = Field(
        default_factory=dict, description="turn limit by join type (Armor 2A)"
    )
    first_turn: int = Field(
        default=1, ge=1, le=MAX_TURNS, description="start on an absolute turn track"
    )
    unit: Literal["turn", "game-turn", "command-cycle"] = "turn"
    ends_early: str | None = Field(default=None, description="an event that ends the game")
    open_ended: bool = Field(default=False, description="until a side wins (Soldiers 22)")
    source: str | None = None
    placeholder: str | None = None

    @model_validator(mode="after")
    def _some_length(self) -> GameLength:
        if self.turns is None and not self.by_join and not self.open_ended:
            raise ValueError("give 'turns', 'by_join', or 'open_ended: true'")
        return self


class RulesSetup(StrictModel):
    """Rule level, optional rules and conditions of play."""

    level: str | None = Field(default=None, description="e.g. armor-game, advanced, standard")
    options: list[str] = Field(default_factory=list, description="optional rules in use")
    side_options: dict[str, list[str]] = Field(
        default_factory=dict, description="optional rules one side uses (Armor 4A hidden units)"
    )
    weather: str | None = None
    visibility: str | None = None
    period: str | None = None


class CheckException(StrictModel):
    """A rule of its own book that a book scenario breaks, kept as printed: the validation
    finding ``code`` at ``path`` is reported as information, with the reason."""

    code: str = Field(description="the validation check's code, e.g. counter-mix")
    path: str = Field(description="dotted path of the entry, e.g. sides[1].forces[7]")
    reason: str = Field(description="what the book does and why it is kept")
    source: str = Field(description='book and section, e.g. "Panzer \'44 [19.5]"')


class Scenario(StrictModel):
    """A complete scenario."""

    schema_version: int
    id: Identifier
    title: str
    system: GameSystem
    source: str | None = Field(
        default=None, description="book and section, e.g. 'Armor [SCN VI.A]'"
    )
    original: bool = Field(default=False, description="designed for Hexwright, not in a book")
    placeholder: str | None = None
    date: str | None = None
    location: str | None = None
    description: str = ""
    rules: RulesSetup = Field(default_factory=RulesSetup)
    map: MapSetup
    sides: list[Side] = Field(min_length=2)
    first_player: str | None = None
    deployment_order: list[str] = Field(
        default_factory=list, description="side ids, first to deploy first; empty: together"
    )
    length: GameLength
    special_rules: list[SpecialRule] = Field(default_factory=list)
    victory: VictoryRules
    missions: list[Mission] = Field(default_factory=list)
    intelligence: list[IntelligenceBracket] = Field(default_factory=list)
    events: list[ScenarioEvent] = Field(default_factory=list)
    tables: list[RandomTable] = Field(default_factory=list)
    exceptions: list[CheckException] = Field(
        default_factory=list, description="book rules the scenario breaks as printed"
    )
    notes: str = ""

    @field_validator("sides", mode="before")
    @classmethod
    def _few_sides(cls, value: object) -> object:
        """At most :data:`~model.limits.MAX_SIDES`, refused before the sides are read."""
        if isinstance(value, list) and len(value) > MAX_SIDES:
            raise ValueError(
                f"{len(value):,} sides; a scenario has at most {MAX_SIDES} (Hexwright's limit; "
                "the books' scenarios have two)"
            )
        return value

    @model_validator(mode="after")
    def _provenance(self) -> Scenario:
        if not (self.source or self.original or self.placeholder):
            raise ValueError(
                "say where the scenario comes from: 'source' (book and section), "
                "'original: true', or 'placeholder'"
            )
        counts = Counter(s.id for s in self.sides)
        duplicates = sorted(i for i, n in counts.items() if n > 1)
        if duplicates:
            raise ValueError(f"side ids must differ; repeated: {', '.join(duplicates)}")
        return self

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)
