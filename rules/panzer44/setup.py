"""Panzer '44 units and their set-up: the scenario's forces as counters on the map.

A force entry's unit code is resolved in the side's counter pool (``resources/panzer44/
units.yaml`` explains the pools: the French use US counters [19.2], the British and Canadians
British ones, then US ones [20.1]-[20.5]). Every counter gets a game id ``<side>.<code>.<n>``.

Where a scenario places a force in an area ("in or adjacent to Arracourt", a quadrilateral),
the owning player chooses the hexes [18.41]; the engine, which needs a position to start from,
puts the units deterministically in the area's legal hexes nearest the places the scenario's
victory conditions name (then in printed-ID order: where an owner would stand to hold or take
them), and says so in an event. Legal: on the map, in the play area, enterable by the unit's
movement class, and vacant, one unit per hex [8.0] except a carrier on top of its passenger
[8.2].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.hexes import Hex, spiral
from model.provenance import Field_, Value, unwrap
from model.regions import Region, RegionContext, evaluate
from model.scenario import (
    AreaPlacement,
    EntryPlacement,
    ForceEntry,
    HexPlacement,
    Placement,
    Scenario,
    Side,
)
from model.systems import GameSystem
from model.victory import AreaBan, DeploymentLimit, Exit
from rules.engine.errors import RulesError
from rules.engine.events import Event, UnitDeployed, UnitOffMap
from rules.movement.costs import Movement
from rules.panzer44.entry import Arrival

#: The nations whose counters a side's nation uses, in order (units.yaml, IDS AND COUNTER POOLS).
POOLS: Mapping[str, tuple[str, ...]] = {
    "germany": ("germany",),
    "us": ("us",),
    "france": ("us",),
    "britain": ("britain", "us"),
    "canada": ("britain", "us"),
}

AREA_RULE = (
    "the first legal hex of its area nearest the scenario's objectives (then in printed-ID "
    "order), standing in for the owner's choice [18.41]"
)


@dataclass(frozen=True)
class UnitSpec:
    """What does not change about a counter during play.

    Attributes:
        id: the game id (``german.PzV.3``), unique in the game.
        side: the owning side's id.
        code: the unit code the scenario uses (``PzV``).
        type_id: the catalogue entry (``Inf@germany``).
        name: the catalogue's name.
        movement_allowance: the printed Movement Allowance.
        movement_class: ``hard-vehicle``, ``soft-vehicle``, ``foot`` or ``none`` [10.13].
        carrier: may carry one non-vehicle unit [9.5], [9.12].
        allowance_source: where the Movement Allowance comes from (book or placeholder).
        attack_strength: the printed Attack Strength; 0 for trucks and APCs [18.5].
        weapon_class: ``R``, ``M`` or ``H`` [3.4]; None where the counter prints "-".
        range: the printed maximum range in hexes [6.92].
        defense_strength: the printed Defense Strength.
        hard: a Hard target (Defense printed in brackets) [3.4].
        label: the force entry's label, if any (victory conditions name it).
        values_placeholder: where the combat values come from when not the book's, else None.
        category: the catalogue's category (``infantry``, ``gun``, ``tank``, ...).
    """

    id: str
    side: str
    code: str
    type_id: str
    name: str
    movement_allowance: int
    movement_class: str
    carrier: bool
    allowance_source: str
    attack_strength: int = 0
    weapon_class: str | None = None
    range: int = 0
    defense_strength: int = 0
    hard: bool = False
    label: str | None = None
    values_placeholder: str | None = None
    category: str = ""

    @property
    def anti_tank_gun(self) -> bool:
        """An anti-tank gun: a gun whose catalogue name says so (what [8.1] and [12.3] let
        stack with one infantry unit in an Improved Position)."""
        return self.category == "gun" and "anti-tank" in self.name.lower()

    def stacks_in_ip_with(self, other: UnitSpec) -> bool:
        """Whether the two, of one side, are the one infantry unit and one anti-tank gun that
        may share an Improved Position [8.1], [12.3]."""
        pair = {self.category, other.category} == {"infantry", "gun"}
        return self.side == other.side and pair and (self.anti_tank_gun or other.anti_tank_gun)

    @property
    def vehicle(self) -> bool:
        """A vehicle has MA 2 or more; a non-vehicle unit MA 0 or 1 [13.0]."""
        return self.movement_allowance >= 2

    @property
    def combat_unit(self) -> bool:
        """ "Any unit with an Attack Strength (not trucks or APC's)" [18.5]."""
        return self.attack_strength > 0 and self.weapon_class is not None


@dataclass(frozen=True)
class Deployment:
    """The units of a game and where each starts: a hex, carried, or off the map."""

    units: tuple[UnitSpec, ...]
    hexes: Mapping[str, Hex]
    carried_by: Mapping[str, str]
    events: tuple[Event, ...]
    arrivals: tuple[Arrival, ...] = ()
    #: Units whose force entry says ``in-ip``: set up inside an Improved Position [12.0].
    in_ip: frozenset[str] = frozenset()


def pool(side: Side) -> tuple[str, ...]:
    """The nations whose counters ``side`` uses, in the order a code is looked up."""
    named = side.counter_pool
    first = [named] if isinstance(named, str) else list(named or [])
    return tuple(dict.fromkeys([*first, *POOLS.get(side.nation, (side.nation,))]))


def resolve_type(side: Side, code: str) -> UnitType:
    """The catalogue entry a side's unit code names.

    Raises:
        RulesError: no entry of the side's counter pool has this code (loading reports it).
    """
    entries = {id(u): u for u in unit_types(GameSystem.PANZER44).values()}.values()
    matches = [u for u in entries if code in (u.id, u.id.split("@")[0], *u.aliases)]
    for nation in pool(side):
        for entry in matches:
            if entry.nation == nation:
                return entry
    if matches:
        return matches[0]
    raise RulesError(f"side {side.id}: no unit type '{code}' in the Panzer '44 catalogue")


def _int_value(values: Mapping[str, Field_], key: str) -> int:
    found = values.get(key)
    raw = unwrap(found) if found is not None else 0
    return int(str(raw)) if raw is not None else 0


def _values_placeholder(entry: UnitType) -> str | None:
    """What the combat values rest on when the book does not give them all."""
    keys = ("attack_strength", "weapon_class", "range", "defense_strength", "target_type")
    marked = [k for k in keys if isinstance(entry.values.get(k), Value)]
    unmarked = [k for k in keys if k in entry.values and k not in marked]
    placeholders = [
        k
        for k in marked
        if isinstance(v := entry.values.get(k), Value) and v.placeholder is not None
    ]
    if entry.plain_values_are_placeholders and unmarked:
        placeholders.extend(unmarked)
    if not placeholders:
        return None
    why = entry.placeholder or "the data library's placeholder"
    return f"{entry.id} {', '.join(sorted(placeholders))}: {why}"


def spec_of(side: Side, code: str, number: int, label: str | None = None) -> UnitSpec:
    """The counter ``number`` (from 1) of a side's unit code."""
    entry = resolve_type(side, code)
    values = entry.values
    allowance = int(str(unwrap(values.get("movement_allowance", 0))))
    found = values.get("movement_class")
    movement_class = str(unwrap(found)) if found is not None else _class_of(allowance)
    item = values.get("movement_allowance")
    if isinstance(item, Value):
        source = item.source or f"placeholder: {item.placeholder}"
    elif entry.plain_values_are_placeholders:
        source = f"placeholder: {entry.placeholder or 'the entry is a placeholder'}"
    else:
        source = entry.source or ""
    return UnitSpec(
        id=f"{side.id}.{code.replace(' ', '_')}.{number}",
        side=side.id,
        code=code,
        type_id=entry.id,
        name=entry.name,
        movement_allowance=allowance,
        movement_class=movement_class,
        carrier=bool(unwrap(values.get("carrier", False))),
        allowance_source=source,
        attack_strength=_int_value(values, "attack_strength"),
        weapon_class=(None if (w := values.get("weapon_class")) is None else _opt(unwrap(w))),
        range=_int_value(values, "range"),
        defense_strength=_int_value(values, "defense_strength"),
        hard=str(unwrap(values.get("target_type", "soft"))) == "hard",
        label=label,
        values_placeholder=_values_placeholder(entry),
        category=entry.category,
    )


def _opt(raw: object) -> str | None:
    return None if raw in (None, "", "-") else str(raw)


def _class_of(allowance: int) -> str:
    """[10.13]: foot units have MA 1; MA 0 units move only when carried [9.0]."""
    return {0: "none", 1: "foot"}.get(allowance, "hard-vehicle")


class _Placer:
    """Puts one side's counters on the map, one at a time, keeping stacking legal."""

    def __init__(
        self, scenario: Scenario, movement: Movement, play_area: frozenset[Hex] | None
    ) -> None:
        self.scenario = scenario
        self.movement = movement
        self.amap = movement.terrain.amap
        self.play_area = play_area
        self.ctx = RegionContext(self.amap, overlay_terrain=movement.terrain.overlays.stacks)
        self.hexes: dict[str, Hex] = {}
        self.occupied: dict[Hex, str] = {}
        self.carried_by: dict[str, str] = {}
        self.events: list[Event] = []
        self.arrivals: dict[str, Arrival] = {}
        self._orders: dict[int, list[Hex]] = {}  # an area's hexes in placing order, by area
        self._goals: frozenset[Hex] | None = None
        self._groups: dict[tuple[str, int], int] = {}  # (side, id of its entry) -> group
        self.in_ip: set[str] = set()
        self.specs: dict[str, UnitSpec] = {}
        #: The scenario's caps on a side's units set up in an area (20.5: one in Moncourt).
        self.limits = [
            (rule.side, evaluate(rule.region, self.ctx), rule.at_most)
            for rule in scenario.special_rules
            if isinstance(rule, DeploymentLimit) and rule.at_most is not None and not rule.per_zone
        ]
        #: The scenario's areas where sides (none: both) may not deploy (20.4: Ley).
        self.no_deploy = [
            (tuple(rule.sides), evaluate(rule.region, self.ctx))
            for rule in scenario.special_rules
            if isinstance(rule, AreaBan) and rule.deploy
        ]

    def legal(self, spec: UnitSpec, h: Hex) -> bool:
        if h not in self.amap.hexes or h in self.occupied:
            return False
        for side, area, at_most in self.limits:
            if side == spec.side and h in area and self._placed_in(side, area) >= at_most:
                return False  # the scenario's deployment limit is reached there
        for sides, area in self.no_deploy:
            if (not sides or spec.side in sides) and h in area:
                return False  # the scenario bans the side from deploying there
        if self.play_area is not None and h not in self.play_area:
            return False
        cls = spec.movement_class if spec.movement_class != "none" else "foot"
        return not self.movement.cost(cls, h).prohibited

    def _placed_in(self, side: str, area: frozenset[Hex]) -> int:
        """How many of ``side``'s units were set in ``area`` (passengers ride uncounted)."""
        return sum(1 for u, s in self.specs.items() if s.side == side and self.hexes[u] in area)

    def put(self, spec: UnitSpec, h: Hex, how: str) -> None:
        self.hexes[spec.id] = h
        self.occupied.setdefault(h, spec.id)  # the first of an IP's stack [8.1] names it
        self.specs[spec.id] = spec
        self.events.append(UnitDeployed(spec.id, self.amap.name(h), how))

    def stacks_in_ip(self, spec: UnitSpec, h: Hex) -> bool:
        """Whether ``spec`` may be set up in ``h`` on the one unit there: both placed inside
        the Improved Position of that hex, one infantry unit and one anti-tank gun of a side
        [8.1], [12.3]."""
        there = [u for u, w in self.hexes.items() if w == h]
        if len(there) != 1 or spec.id not in self.in_ip or there[0] not in self.in_ip:
            return False
        return spec.stacks_in_ip_with(self.specs[there[0]])

    def off_map(self, spec: UnitSpec, reason: str) -> None:
        self.events.append(UnitOffMap(spec.id, reason))

    def place(self, spec: UnitSpec, placement: Placement | None) -> None:
        if isinstance(placement, HexPlacement):
            self._at_hex(spec, placement)
        elif isinstance(placement, AreaPlacement):
            self._in_area(spec, placement)
        elif isinstance(placement, EntryPlacement):
            self.entering(spec, placement.region, placement.turn, placement.formation, placement)
        elif placement is None:
            self.off_map(spec, "the scenario gives no placement: left to the player")
        else:
            self.off_map(spec, f"placement '{placement.kind}' is not in this slice of the engine")

    def _at_hex(self, spec: UnitSpec, placement: HexPlacement) -> None:
        try:
            target = self.amap.resolve(placement.hex)
        except KeyError:
            self.off_map(spec, f"no hex '{placement.hex}' on the map")
            return
        if self.stacks_in_ip(spec, target):
            other = self.occupied[target]
            self.put(spec, target, f"its hex, with {other} in its Improved Position [8.1], [12.3]")
            return
        on_map = [h for h in spiral(target, 3) if h in self.amap.hexes]  # near an edge
        ring = sorted(on_map, key=lambda h: (h.distance(target), self._name(h)))
        for h in ring:
            if self.legal(spec, h):
                how = (
                    "its hex"
                    if h == target
                    else (
                        f"the nearest legal vacant hex to {placement.hex}: one unit per hex [8.0]"
                    )
                )
                self.put(spec, h, how)
                return
        self.off_map(spec, f"no legal vacant hex near {placement.hex}")

    def _in_area(self, spec: UnitSpec, placement: AreaPlacement) -> None:
        for h in self._area_order(placement):
            if self.legal(spec, h):
                self.put(spec, h, AREA_RULE)
                return
        self.off_map(spec, "no legal vacant hex left in its area")

    def _area_order(self, placement: AreaPlacement) -> list[Hex]:
        """The hexes of an area in the order units take them: nearest the scenario's
        objectives first (the places its victory conditions name, where an owner would stand),
        then by printed ID; worked out once per area."""
        found = self._orders.get(id(placement))
        if found is None:
            area = set(evaluate(placement.region, self.ctx))
            if placement.adjacent:
                area |= {n for h in area for n in h.neighbors() if n in self.amap.hexes}
            goals = self._objectives()

            def near(h: Hex) -> int:
                return min((h.distance(g) for g in goals), default=0)

            found = self._orders[id(placement)] = sorted(
                area, key=lambda h: (near(h), self._name(h))
            )
        return found

    def _objectives(self) -> frozenset[Hex]:
        """Every hex a victory condition of the scenario names (not exits: an edge is where
        units leave, not where they stand)."""
        if self._goals is None:
            found: set[Hex] = set()

            def visit(cond: object) -> None:
                for sub in getattr(cond, "conditions", ()):
                    visit(sub)
                region = getattr(cond, "region", None)
                if region is not None and not isinstance(cond, Exit):
                    found.update(evaluate(region, self.ctx))

            for cond in self.scenario.victory.conditions:
                visit(cond)
            self._goals = frozenset(found)
        return self._goals

    def entering(
        self, spec: UnitSpec, region: Region, turn: int, formation: str | None, key: object
    ) -> None:
        """Off the map next to its entry hexes, entering from ``turn`` on [18.4], [18.6]."""
        hexes = evaluate(region, self.ctx)
        if self.play_area is not None:
            hexes = hexes & self.play_area
        group = self._groups.setdefault((spec.side, id(key)), len(self._groups))
        order = sum(1 for a in self.arrivals.values() if a.group == group)
        column = formation != "free"
        self.arrivals[spec.id] = Arrival(
            spec.id, spec.side, turn, tuple(sorted(hexes, key=self._name)), column, group, order
        )
        how = "in column [18.61]" if column else "in free formation [18.66]"
        where = ", ".join(self._name(h) for h in sorted(hexes, key=self._name)[:3])
        more = f" and {len(hexes) - 3} more" if len(hexes) > 3 else ""
        self.off_map(spec, f"enters on Game-Turn {turn} {how} at {where or 'no hex'}{more}")

    def mount(self, spec: UnitSpec, carriers: Iterable[str]) -> bool:
        """Put a passenger under the first free carrier on the map, or with a carrier waiting
        to enter [8.2], [18.67]; False if none."""
        for carrier in carriers:
            taken = carrier in self.carried_by.values()
            if carrier in self.arrivals and not taken:
                self.carried_by[spec.id] = carrier
                how = f"mounted on {carrier}, entering with it [18.67]"
                self.events.append(UnitOffMap(spec.id, how))
                return True
            if carrier in self.hexes and not taken:
                self.hexes[spec.id] = self.hexes[carrier]
                self.carried_by[spec.id] = carrier
                how = f"mounted on {carrier}: the carrier on top of its passenger [8.2], [9.0]"
                self.events.append(UnitDeployed(spec.id, self._name(self.hexes[carrier]), how))
                return True
        return False

    def _name(self, h: Hex) -> str:
        return self.amap.name(h)


def deploy(scenario: Scenario, movement: Movement, play_area: frozenset[Hex] | None) -> Deployment:
    """Every counter of the scenario and where it starts."""
    placer = _Placer(scenario, movement, play_area)
    order = [*scenario.deployment_order, *(s.id for s in scenario.sides)]
    units: list[UnitSpec] = []
    for side_id in dict.fromkeys(order):
        side = scenario.side(side_id)
        units.extend(_deploy_side(side, placer))
    return Deployment(
        tuple(units),
        placer.hexes,
        placer.carried_by,
        tuple(placer.events),
        tuple(placer.arrivals.values()),
        frozenset(placer.in_ip),
    )


def _deploy_side(side: Side, placer: _Placer) -> list[UnitSpec]:
    numbers: dict[str, int] = {}
    by_label: dict[str, list[str]] = {}
    specs: list[UnitSpec] = []
    passengers: list[tuple[UnitSpec, ForceEntry]] = []

    def new(entry: ForceEntry) -> list[UnitSpec]:
        made = []
        for _ in range(entry.count):
            numbers[entry.unit] = numbers.get(entry.unit, 0) + 1
            made.append(spec_of(side, entry.unit, numbers[entry.unit], entry.label))
        specs.extend(made)
        if "in-ip" in entry.state:  # inside an Improved Position (rules.panzer44.fortifications)
            placer.in_ip.update(s.id for s in made)
        if entry.label:
            by_label.setdefault(entry.label, []).extend(s.id for s in made)
        return made

    for entry in side.forces:
        made = new(entry)
        if entry.mounted_on:
            passengers.extend((s, entry) for s in made)
            continue
        for spec in made:
            placer.place(spec, entry.placement or side.setup)
    for spec, entry in passengers:
        if not placer.mount(spec, by_label.get(entry.mounted_on or "", [])):
            placer.place(spec, entry.placement or side.setup)
    for reinforcement in side.reinforcements:
        riders: list[tuple[UnitSpec, ForceEntry]] = []
        for entry in reinforcement.units:
            made = new(entry)
            if entry.mounted_on:
                riders.extend((s, entry) for s in made)
                continue
            for spec in made:
                if reinforcement.turn is None:
                    what = reinforcement.condition.kind if reinforcement.condition else "?"
                    placer.off_map(
                        spec,
                        f"a reinforcement arriving on a condition ({what}) this engine "
                        "does not evaluate yet: it stays off the map",
                    )
                    continue
                placer.entering(
                    spec,
                    reinforcement.entry,
                    reinforcement.turn,
                    reinforcement.formation,
                    reinforcement,
                )
        for spec, entry in riders:
            if not placer.mount(spec, by_label.get(entry.mounted_on or "", [])):
                placer.off_map(spec, f"its carrier {entry.mounted_on} does not enter")
    return specs
