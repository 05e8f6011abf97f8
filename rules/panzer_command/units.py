"""Panzer Command counters, HQ ratings and tables, read from ``resources/panzer-command``.

The book's text has no counter values and no charts [digest §3]: the catalogue's values and
the tables' cells are the data library's placeholders, and every number used here keeps its
provenance (:class:`Cell`) so a fire's explanation can name them.

Set-up: forces are spread over their set-up or entry region in printed-ID order, standing in
for the owner's choice (the book leaves placement to the players [§3.1 Start of Game
Preparation]). HQs (category ``hq``) are not counters on the map [§4.1]; their ratings come
from the Division HQ Track space the scenario names (``settings.division_hq_space``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.hexes import Hex
from model.provenance import Field_, unwrap
from model.regions import Region
from model.scenario import AreaPlacement, EntryPlacement, HexPlacement, Scenario, Side
from model.systems import GameSystem
from model.tables import Cell, table_cell
from rules.engine.errors import RulesError, UnsupportedGameError

SYSTEM = GameSystem.PANZER_COMMAND
CHOICE = "standing in for the owner's choice [§3.1]: spread along {where} in printed-ID order"


@dataclass(frozen=True)
class PcUnit:
    """One counter's printed values [§2.5]."""

    id: str
    side: str
    type_id: str
    name: str
    category: str
    weapon_class: str | None
    attack: int | None
    attack_reduced: int | None
    defense: int | None
    target_class: str
    movement: int
    movement_class: str
    range: int
    steps: int
    placeholder: str | None
    independent: bool = False  # commanded by the Division HQ, always In Command [§2.5; §4.4]
    tank: bool = False  # a tank for Close Assault: D Class, tracked [§9.2]
    infantry: bool = False  # infantry or engineer: the Troop Quality roll against tanks [§9.2]
    close_assault: bool = False  # may initiate a Close Assault [§9.1]
    carried_by: tuple[str, ...] = ()  # the transports that may carry it: truck, spw, tank [§13]
    shots: int | None = None  # attacks it may make, then removed: the Katyusha's 3 [§14.7]
    abilities: tuple[str, ...] = ()  # special Actions: the modern tanks' [§24]

    def strength(self, steps: int) -> int | None:
        """The printed Attack Strength of the side showing [§2.5]."""
        if steps < self.steps and self.attack_reduced is not None:
            return self.attack_reduced
        return self.attack


@dataclass(frozen=True)
class Arrival:
    """Reinforcements of a side: due on ``turn``, entering in ``region`` [§15.2]."""

    side: str
    turn: int
    units: tuple[str, ...]
    region: Region


def cell(table_id: str, row: str | int, column: str | int) -> Cell:
    return table_cell(SYSTEM, table_id, row, column)


def division_ratings(side: Side) -> dict[str, Cell]:
    """The Division HQ Track's ratings at the side's space [§4.2]: Direct Commands Rating,
    Initiative Rating, Troop Quality."""
    space = str(side.settings.get("division_hq_space", "G"))
    return {
        key: cell("division-hq-track", space, column)
        for key, column in (
            ("direct_commands", "Direct Commands Rating"),
            ("initiative", "Initiative Rating"),
            ("troop_quality", "Troop Quality"),
        )
    }


def _raw(values: Mapping[str, Field_], key: str, default: object = None) -> object:
    item = values.get(key)
    found = unwrap(item) if item is not None else None
    return default if found is None else found


def _int_or_none(raw: object) -> int | None:
    return None if raw is None else int(str(raw))


def _type(side: Side, code: str) -> UnitType:
    found = unit_types(SYSTEM).get(code)
    if found is None:
        raise RulesError(f"side {side.id}: no unit type '{code}' in the Panzer Command catalogue")
    return found


def unit_of(side: Side, code: str, number: int) -> PcUnit:
    entry = _type(side, code)
    v = entry.values
    rng = _raw(v, "range", 0)
    return PcUnit(
        id=f"{side.id}.{entry.id}.{number}",
        side=side.id,
        type_id=entry.id,
        name=entry.name,
        category=entry.category,
        weapon_class=None if _raw(v, "weapon_class") is None else str(_raw(v, "weapon_class")),
        attack=_int_or_none(_raw(v, "attack")),
        attack_reduced=_int_or_none(_raw(v, "attack_reduced")),
        defense=_int_or_none(_raw(v, "defense")),
        target_class=str(_raw(v, "target_class", "unarmored")),
        movement=int(str(_raw(v, "movement", 0))),
        movement_class=str(_raw(v, "movement_class", "immobile")),
        range=int(str(rng)) if str(rng).isdigit() else 0,
        steps=int(str(_raw(v, "steps", 1))),
        placeholder=entry.placeholder if entry.values_placeholder or not entry.source else None,
        independent=_raw(v, "independent") is True,
        tank=_raw(v, "tank") is True,
        infantry=_raw(v, "infantry") is True or _raw(v, "engineer") is True,
        close_assault=_raw(v, "close_assault") is True,
        carried_by=tuple(str(k) for k in _listed(_raw(v, "carried_by", []))),
        shots=_int_or_none(_raw(v, "shots")),
        abilities=tuple(str(k) for k in _listed(_raw(v, "abilities", []))),
    )


def _listed(raw: object) -> list[object]:
    return list(raw) if isinstance(raw, list) else []


def is_counter(side: Side, code: str) -> bool:
    """HQs live on the HQ Tracks, not the map [§4.1]; chits and markers are not units; trucks
    and SPWs appear only under the unit they carry [§13.1]."""
    return _type(side, code).category not in ("hq", "chit", "marker", "transport")


@dataclass(frozen=True)
class Deployment:
    """The counters, where each starts and why, the reinforcements, and the units whose force
    entry says they start in an Improved Position (``in-ip`` [§19]) or an entrenchment
    (``entrenched`` [§16.5])."""

    units: tuple[PcUnit, ...]
    hexes: dict[str, Hex]
    how: dict[str, str]
    arrivals: tuple[Arrival, ...]
    in_ip: frozenset[str] = frozenset()
    entrenched: frozenset[str] = frozenset()
    #: The units that start mounted: on their truck (``truck``) or on a tank (its unit) [§13].
    mounted: tuple[tuple[str, str], ...] = ()
    #: The scenario's off-map artillery batteries (its sides' ``off-map artillery`` support),
    #: which never enter the map [§14.5].
    offmap: tuple[str, ...] = ()
    #: The counters of each labelled force or reinforcement entry, by ``side:label``.
    labels: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)


def setup_regions(
    scenario: Scenario, region: Callable[[Region], frozenset[Hex]]
) -> dict[int, frozenset[Hex]]:
    """The hexes of each set-up area :func:`deploy` spreads units in, by ``id(region)``
    (``region``: the caller's own evaluation, cached)."""
    found: dict[int, frozenset[Hex]] = {}
    for side in scenario.sides:
        for p in [side.setup, *(e.placement for e in side.forces)]:
            if isinstance(p, (AreaPlacement, EntryPlacement)):
                found[id(p.region)] = region(p.region)
    return found


def deploy(
    scenario: Scenario, hexes_of: dict[int, frozenset[Hex]], names: dict[Hex, str]
) -> Deployment:
    """Every counter of the scenario and where it starts; reinforcements wait off the map.

    ``hexes_of`` maps ``id(region)`` to the region's hexes (the game's cached regions).
    """
    units: list[PcUnit] = []
    placed: dict[str, Hex] = {}
    how: dict[str, str] = {}
    arrivals: list[Arrival] = []
    taken: dict[Hex, str] = {}
    load: dict[Hex, int] = {}  # the Steps set up in each hex so far [§5.2]
    in_ip: set[str] = set()
    entrenched: set[str] = set()
    mounted: list[tuple[str, str]] = []
    offmap: list[str] = []
    labels: dict[str, tuple[str, ...]] = {}
    for side in scenario.sides:
        numbers: dict[str, int] = {}

        def make(
            code: str, count: int, side: Side = side, numbers: dict[str, int] = numbers
        ) -> list[PcUnit]:
            made = []
            for _ in range(count):
                numbers[code] = numbers.get(code, 0) + 1
                made.append(unit_of(side, code, numbers[code]))
            return made

        labelled: dict[str, list[PcUnit]] = {}
        riders: list[tuple[list[PcUnit], str]] = []
        for entry in side.forces:
            if not is_counter(side, entry.unit):
                continue
            made = make(entry.unit, entry.count)
            units.extend(made)
            if entry.label:
                labelled[entry.label] = made
                labels[f"{side.id}:{entry.label}"] = tuple(u.id for u in made)
            if entry.mounted_on:
                riders.append((made, entry.mounted_on))
            if "entrenched" in entry.state:
                entrenched.update(u.id for u in made)
            elif "in-ip" in entry.state:
                in_ip.update(u.id for u in made)
            placement = entry.placement or side.setup
            if isinstance(placement, HexPlacement):
                region_hexes = [h for h, n in names.items() if n == placement.hex.upper()]
            elif isinstance(placement, (AreaPlacement, EntryPlacement)):
                region_hexes = sorted(
                    hexes_of[id(placement.region)], key=lambda h: names.get(h, "")
                )
            elif placement is None:
                raise UnsupportedGameError(
                    f"{side.id}: a unit with no placement, and the side has no set-up area "
                    "('hexwright validate' shows where)"
                )
            else:
                raise UnsupportedGameError(f"{side.id}: this placement is not in the PC engine yet")
            steps = rider_steps(side, entry.mounted_on) if entry.mounted_on else None
            area = [h for h in region_hexes if h in names]
            _spread(made, area, taken, placed, how, names, load, steps)
        for rein in side.reinforcements:
            made = []
            for e in rein.units:
                if is_counter(side, e.unit):
                    made += make(e.unit, e.count)
                    if e.label:
                        labels[f"{side.id}:{e.label}"] = tuple(u.id for u in made[-e.count :])
            units.extend(made)
            arrivals.append(Arrival(side.id, rein.turn or 1, tuple(u.id for u in made), rein.entry))
        mounted += _mounted(side, riders, labelled, placed, how)
        for support in side.support:
            if support.kind.strip().lower() != OFF_MAP_ARTILLERY:
                continue
            made = [_battery(side, u) for u in make(support.strength.strip(), support.count)]
            units.extend(made)
            offmap.extend(u.id for u in made)
    return Deployment(
        tuple(units),
        placed,
        how,
        tuple(arrivals),
        frozenset(in_ip),
        frozenset(entrenched),
        tuple(mounted),
        tuple(offmap),
        labels,
    )


#: The kind of a side's ``support`` entry that lists off-map batteries: ``strength`` names the
#: unit type (``{kind: off-map artillery, count: 2, strength: de-lefh}``) [§14.5].
OFF_MAP_ARTILLERY = "off-map artillery"


def _battery(side: Side, unit: PcUnit) -> PcUnit:
    """An off-map battery of the scenario's support: an H or Hm unit. Our reading: it is the
    division's or corps' artillery, independent of the regiment, so always In Command [§4.4]."""
    if unit.weapon_class not in ("H", "Hm") or unit.attack is None:
        raise UnsupportedGameError(
            f"side {side.id}: off-map artillery '{unit.type_id}' is no H or Hm Class unit able "
            "to fire indirect [§14.1; §14.5]: name one in the support entry's 'strength'"
        )
    return dataclasses.replace(unit, independent=True)


def _mounted(
    side: Side,
    riders: list[tuple[list[PcUnit], str]],
    labelled: dict[str, list[PcUnit]],
    placed: dict[str, Hex],
    how: dict[str, str],
) -> list[tuple[str, str]]:
    """The units a force entry mounts on its carrier's entry (``mounted_on``): on a truck
    (the truck is no counter of its own [§13.2]) or on a tank, in the tank's hex [§13.3]."""
    found: list[tuple[str, str]] = []
    kinds = {e.label: _type(side, e.unit) for e in side.forces if e.label}
    for made, label in riders:
        kind = kinds.get(label)
        if kind is not None and kind.category == "transport":
            carrier = "spw" if kind.id.endswith("spw") else "truck"
            found += [(u.id, carrier) for u in made]
            continue
        tanks = labelled.get(label, [])
        for u, tank in zip(made, tanks, strict=False):
            if tank.id in placed:
                placed[u.id] = placed[tank.id]
                how[u.id] = f"rides on {tank.id} [§13.3]"
            found.append((u.id, tank.id))
    return found


def rider_steps(side: Side, label: str) -> int:
    """The Steps a unit set up mounted on the entry labelled ``label`` counts: one on a truck
    or SPW (the vehicle's), none on a tank [§13.1-13.3]."""
    carrier = next((e for e in side.forces if e.label == label), None)
    kind = _type(side, carrier.unit) if carrier is not None else None
    return 1 if kind is not None and kind.category == "transport" else 0


class SetupRoomError(UnsupportedGameError):
    """A side's set-up area has no room for its units [§5.2] (``side``: whose)."""

    def __init__(self, side: str, why: str) -> None:
        super().__init__(f"side {side}: {why} [§5.2]")
        self.side, self.why = side, why


def _spread(
    made: list[PcUnit],
    area: list[Hex],
    taken: dict[Hex, str],
    placed: dict[str, Hex],
    how: dict[str, str],
    names: dict[Hex, str],
    load: dict[Hex, int],
    steps: int | None = None,
) -> None:
    """Spread evenly; never in a hex the enemy holds, nor over 6 Steps in a hex [§5.2]: a
    unit whose even place is full takes the next hex of the area with room. ``load``: the
    Steps set up in each hex so far; ``steps``: what each unit counts (a rider's), else its
    own."""
    from rules.panzer_command.moves import STACKING_LIMIT

    if not made:
        return
    side = made[0].side
    free = [h for h in area if taken.get(h, side) == side]
    if not free:
        raise SetupRoomError(side, "no hex of a set-up area is free of the enemy's units")
    step = max(1, len(free) // (len(made) + 1))
    where = f"{names[free[0]]}-{names[free[-1]]}"
    for i, unit in enumerate(made):
        counts = unit.steps if steps is None else steps
        first = min(len(free) - 1, step * (i + 1))
        room = (free[(first + k) % len(free)] for k in range(len(free)))
        h = next((x for x in room if load.get(x, 0) + counts <= STACKING_LIMIT), None)
        if h is None:
            raise SetupRoomError(
                unit.side,
                f"the set-up area {where} has no room left for {unit.id}: at most "
                f"{STACKING_LIMIT} Steps a hex, and none in a hex the enemy holds",
            )
        load[h] = load.get(h, 0) + counts
        taken[h] = unit.side
        placed[unit.id] = h
        how[unit.id] = CHOICE.format(where=where)
