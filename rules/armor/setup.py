"""Armor set-up: the scenario's forces as counters on the map, each with a facing.

Units that arrive on a die roll (2B's Engineers and their Transport Vehicles [SCN VI.B.5], the
units of a reinforcement with a ``die-roll`` condition, or force entries it names) are made
here and held off the map (:attr:`Deployment.held`) until
:func:`rules.armor.scenario_rules.reinforce` brings them in; a Leg unit among them enters on its
own (our reading: Loading and Unloading are not in this slice). Reinforcements on other
conditions are not played (none of the book's scenarios has one).

A force placed on a hex stands there facing the scenario's direction number [AG VI.C; SCN
III.H]. Where the scenario gives an area or an entry edge ("One side anywhere on Side A" [SCN
V.A.5]), the owning player chooses [SCN III.H]; the engine, which needs a position, stands in
for that choice deterministically and says so in the event: the units go on the region's
hexes spread evenly along it in printed-ID order, facing the middle of the map. Units entering
on Turn 1 are placed on their entry hexes (the entry move itself is not charged: a named
simplification). Scenarios without forces (the book's point-buy scenarios) cannot be set up.

A Leg or Towed entry ``mounted_on`` another starts transported: each counter rides on the first
counter of the carrying entry with room for its Stacking Factors (the card's Transport
[ADV IV.B.1.a]), in its hex, "stacked under the Vehicle unit" [ADV IV.B.1.f]; one that finds no
room is set up on its own (the scenario checks report the overload).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from model.hexes import Hex, spiral
from model.regions import RegionContext, evaluate
from model.scenario import (
    AreaPlacement,
    DieRollCondition,
    EntryPlacement,
    ForceEntry,
    HexPlacement,
    Placement,
    Scenario,
    Side,
)
from model.terrainview import MapTerrain
from rules.armor.events import Placed
from rules.armor.move import enter_cost
from rules.armor.optional.airborne import is_drop
from rules.armor.scenario_rules import held as held_entries
from rules.armor.support.setup import support_kind
from rules.armor.units import ArmorUnit, unit_of
from rules.engine.errors import UnsupportedGameError
from rules.movement.costs import Movement

CHOICE = "standing in for the owner's choice [SCN III.H]: spread evenly along {where}, facing "
CHOICE += "the middle of the map"


@dataclass(frozen=True)
class Deployment:
    units: tuple[ArmorUnit, ...]
    hexes: dict[str, Hex]
    facing: dict[str, int]
    events: tuple[Placed, ...]
    carried: dict[str, str] = field(default_factory=dict)
    #: Each unit of a labelled force entry, with its label (2B's ``engineers``).
    labels: dict[str, str] = field(default_factory=dict)
    #: The units held off the map for a die-roll reinforcement, with its index [SCN VI.B.5].
    held: dict[str, int] = field(default_factory=dict)
    #: Each unit of a force entry with a ``state`` (what its Unit Identification Box notes:
    #: "+2 SB" [OP XXI.A], "+" or "AS" [OP V.A-B; ADV II.B]), with those words.
    marks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Each unit of a force entry with a ``formation``, with its name [OP XVII.B.2.c-d].
    formations: dict[str, str] = field(default_factory=dict)


@dataclass
class _Deployer:
    """The counters placed so far (see :func:`deploy`)."""

    terrain: MapTerrain
    movement: Movement
    ctx: RegionContext
    centre: Hex
    hexes: dict[str, Hex] = field(default_factory=dict)
    facing: dict[str, int] = field(default_factory=dict)
    events: list[Placed] = field(default_factory=list)
    taken: dict[Hex, str] = field(default_factory=dict)
    carried: dict[str, str] = field(default_factory=dict)

    def place(self, side: Side, made: list[ArmorUnit], placement: Placement | None) -> None:
        amap = self.terrain.amap
        if isinstance(placement, HexPlacement):
            for u in made:
                h = _at(amap.resolve(placement.hex), u, self.movement, self.taken)
                number = placement.facing or amap.global_to_direction(h, _toward(h, self.centre))
                self.hexes[u.id], self.facing[u.id] = h, amap.direction_to_global(h, number)
                how = (
                    "its hex"
                    if amap.name(h) == placement.hex.upper()
                    else (f"the nearest hex it may stand in to {placement.hex} [AG III.B.2]")
                )
                self.events.append(Placed(u.id, amap.name(h), number, how))
        elif isinstance(placement, (AreaPlacement, EntryPlacement)):
            area = sorted(evaluate(placement.region, self.ctx), key=amap.name)
            spread(
                made,
                area,
                self.centre,
                self.movement,
                self.terrain,
                self.taken,
                self.hexes,
                self.facing,
                self.events,
            )
        elif placement is None:
            raise UnsupportedGameError(
                f"{side.id}: a unit with no placement, and the side has no set-up area "
                "('hexwright validate' shows where)"
            )
        else:
            raise UnsupportedGameError(
                f"{side.id}: a '{placement.kind}' placement is not in this slice of the Armor "
                "engine"
            )

    def assign(
        self, made: list[ArmorUnit], carriers: list[ArmorUnit], units: list[ArmorUnit]
    ) -> None:
        """Put held riders on their held carriers, room allowing [ADV IV.B.1.a], to enter
        with them; they stand in the carrier's hex once it enters."""
        factors = {u.id: u.stacking for u in units}
        for unit in made:
            for carrier in carriers:
                load = sum(factors[p] for p, c in self.carried.items() if c == carrier.id)
                if load + unit.stacking <= carrier.transport:
                    self.carried[unit.id] = carrier.id
                    break

    def mount(self, unit: ArmorUnit, carriers: list[ArmorUnit], units: list[ArmorUnit]) -> bool:
        """Put a Leg or Towed unit on the first of its carriers with room for its Stacking
        Factors [ADV IV.B.1.a], in the carrier's hex ("stacked under the Vehicle unit"
        [ADV IV.B.1.f]); False when none has room."""
        factors = {u.id: u.stacking for u in units}
        for carrier in carriers:
            load = sum(factors[p] for p, c in self.carried.items() if c == carrier.id)
            if carrier.id not in self.hexes or load + unit.stacking > carrier.transport:
                continue
            h = self.hexes[carrier.id]
            self.carried[unit.id] = carrier.id
            self.hexes[unit.id], self.facing[unit.id] = h, self.facing[carrier.id]
            number = self.terrain.amap.global_to_direction(h, self.facing[carrier.id])
            how = (
                f"transported by {carrier.id}, stacked under it [ADV IV.B.1.f]; its Stacking "
                "Factors do not count while transported [AG III.B.1; ADV V.C.2]"
            )
            self.events.append(Placed(unit.id, self.terrain.amap.name(h), number, how))
            return True
        return False


def deploy(scenario: Scenario, terrain: MapTerrain, movement: Movement) -> Deployment:
    """Every counter of the scenario, where it starts and which way it faces; an entry
    ``mounted_on`` another rides on its counters, room allowing [ADV IV.B.1].

    Raises:
        UnsupportedGameError: a side has no forces, or a placement this engine cannot make.
    """
    amap = terrain.amap
    ctx = RegionContext(amap, overlay_terrain=terrain.overlays.stacks)
    placed = _Deployer(terrain, movement, ctx, centre(list(amap.hexes)))
    units: list[ArmorUnit] = []
    labels: dict[str, str] = {}
    held: dict[str, int] = {}
    marks: dict[str, tuple[str, ...]] = {}
    formations: dict[str, str] = {}
    for side in scenario.sides:
        if not any(support_kind(side, e.unit) is None for e in side.forces):
            if side.budget is None:
                raise UnsupportedGameError(
                    f"side '{side.id}' has no Combat units at the start [SCN III.D]: give it "
                    "forces in the editor's order of battle, or points to buy them with"
                )
            raise UnsupportedGameError(
                f"side '{side.id}' has no forces: the book leaves them to a point purchase "
                f"({side.budget.points} points [SCN III.D]); buy them in the editor's order of "
                "battle before playing"
            )
        numbers: dict[str, int] = {}
        by_label: dict[str, list[ArmorUnit]] = {}
        riders: list[tuple[list[ArmorUnit], ForceEntry]] = []
        waits = _waiting(side, held_entries(scenario, side.id))
        for entry in side.forces:
            if support_kind(side, entry.unit) is not None:
                continue  # a Terrain Support unit [SCN III.F] (rules.armor.support.setup)
            made = []
            for _ in range(entry.count):
                numbers[entry.unit] = numbers.get(entry.unit, 0) + 1
                made.append(unit_of(side, entry.unit, numbers[entry.unit]))
            units.extend(made)
            if entry.state:
                marks.update((u.id, tuple(entry.state)) for u in made)
            if entry.formation:
                formations.update((u.id, entry.formation) for u in made)
            if entry.label:
                by_label.setdefault(entry.label, []).extend(made)
                labels.update((u.id, entry.label) for u in made)
            if id(entry) in waits:  # off the map until its die roll [SCN VI.B.5]
                held.update((u.id, waits[id(entry)]) for u in made)
                if entry.mounted_on:
                    riders.append((made, entry))
            elif entry.mounted_on:
                riders.append((made, entry))
            else:
                placed.place(side, made, entry.placement or side.setup)
        for i, group in enumerate(side.reinforcements):
            if not isinstance(group.condition, DieRollCondition) and not is_drop(group):
                continue  # our reading: only 2B's die-roll entry and drops [OP XXXI.A] played
            arriving: list[ArmorUnit] = []
            for entry in group.units:
                for _ in range(entry.count):
                    numbers[entry.unit] = numbers.get(entry.unit, 0) + 1
                    arriving.append(unit_of(side, entry.unit, numbers[entry.unit]))
                    if entry.state:
                        marks[arriving[-1].id] = tuple(entry.state)
                    if entry.label:
                        labels[arriving[-1].id] = entry.label
            # Our reading: the Leg units enter beside their Transport Vehicles, not on them,
            # since Loading and Unloading [ADV IV.B.1] are not in this slice and a unit on a
            # Vehicle could never get off to do its work (2B's Engineers [SCN VI.B.3]).
            units.extend(arriving)
            held.update((u.id, i) for u in arriving)
        for made, entry in riders:
            carriers = by_label.get(entry.mounted_on or "", [])
            if made[0].id in held:  # rides its held carrier in when it enters
                placed.assign(made, [c for c in carriers if c.id in held], units)
                continue
            alone = [u for u in made if not placed.mount(u, carriers, units)]
            if alone:  # no carrier with room: the checks say so; set up on its own
                placed.place(side, alone, entry.placement or side.setup)
    return Deployment(
        tuple(units),
        placed.hexes,
        placed.facing,
        tuple(placed.events),
        placed.carried,
        labels,
        held,
        marks,
        formations,
    )


def _waiting(side: Side, keys: dict[str, int]) -> dict[int, int]:
    """The force entries (by ``id``) held off the map, each with its reinforcement's index:
    those whose label or unit a die-roll reinforcement lists, and the carriers they are
    mounted on (2B: the Engineers "and any Transport Vehicles ... for them" [SCN VI.B.5])."""
    found: dict[int, int] = {}
    carriers: dict[str, int] = {}
    for entry in side.forces:
        for key in (entry.label, entry.unit):
            if key and key in keys:
                found[id(entry)] = keys[key]
                if entry.mounted_on:
                    carriers.setdefault(entry.mounted_on, keys[key])
                break
    for entry in side.forces:
        if entry.label in carriers and id(entry) not in found:
            found[id(entry)] = carriers[entry.label]
    return found


def _at(target: Hex, unit: ArmorUnit, movement: Movement, taken: dict[Hex, str]) -> Hex:
    """The hex itself, else the nearest hex the unit could stand in that no enemy holds
    (opposing units never share a hex [AG III.B.2])."""
    for h in sorted(spiral(target, 2), key=lambda h: (h.distance(target), h)):
        if taken.get(h, unit.side) != unit.side:
            continue
        if h in movement.terrain and _enterable(movement, unit, h):
            taken[h] = unit.side
            return h
    taken[target] = unit.side
    return target


def _enterable(movement: Movement, unit: ArmorUnit, h: Hex) -> bool:
    if not (unit.vehicle or unit.leg):
        return True
    return any(
        n in movement.terrain and enter_cost(movement, unit, n, h) is not None
        for n in h.neighbors()
    )


def spread(
    made: list[ArmorUnit],
    area: list[Hex],
    centre: Hex,
    movement: Movement,
    terrain: MapTerrain,
    taken: dict[Hex, str],
    hexes: dict[str, Hex],
    facing: dict[str, int],
    events: list[Placed],
) -> None:
    """Set ``made`` on the hexes of ``area``, spread evenly, each facing the map's middle
    (standing in for the owner's choice [SCN III.H]). A hex an enemy holds is never used:
    opposing units never share a hex [AG III.B.2]. When the area has fewer empty hexes than
    units, the rest stack with friendly units, which the book allows without limit
    [AG III.B.1]; our reading: on the hex with the fewest counters, so a hex goes over four
    Stacking Factors (fired at as Clear, sighted at twice the range [AG III.B.1]) only when
    every hex must.

    Raises:
        UnsupportedGameError: the area has no hex a unit may stand in.
    """
    amap = terrain.amap
    if not made:
        return
    side = made[0].side
    usable = [h for h in area if taken.get(h, side) == side]
    if not usable:
        what = "has no hexes" if not area else "is held by the enemy in every hex"
        raise UnsupportedGameError(
            f"{side}: the set-up area {what}, and opposing units never share a hex "
            "[AG III.B.2]; give the side a set-up area of its own in the scenario's Setup page"
        )
    free = [h for h in usable if h not in taken] or usable
    counters = Counter(hexes.values())
    step = max(1, len(free) // (len(made) + 1))
    where = f"{amap.name(free[0])}-{amap.name(free[-1])}"
    for i, unit in enumerate(made):
        start = min(len(free) - 1, step * (i + 1))
        order = free[start:] + free[:start]
        h = next((c for c in order if c not in taken and _enterable(movement, unit, c)), None)
        if h is None:  # every empty hex used: stack with friends [AG III.B.1]
            fit = [c for c in usable if _enterable(movement, unit, c)] or usable
            h = min(fit, key=lambda c: counters[c])
            how = CHOICE.format(where=where) + "; stacked with friendly units [AG III.B.1]"
        else:
            how = CHOICE.format(where=where)
        taken[h] = unit.side
        counters[h] += 1
        compass = _toward(h, centre)
        hexes[unit.id], facing[unit.id] = h, compass
        number = amap.global_to_direction(h, compass)
        events.append(Placed(unit.id, amap.name(h), number, how))


def centre(hexes: list[Hex]) -> Hex:
    q = round(sum(h.q for h in hexes) / len(hexes))
    r = round(sum(h.r for h in hexes) / len(hexes))
    return Hex(q, r)


def _toward(h: Hex, centre: Hex) -> int:
    """The compass direction from ``h`` whose neighbour is nearest the map's middle."""
    return min(range(6), key=lambda d: (h.neighbor(d).distance(centre), d))
