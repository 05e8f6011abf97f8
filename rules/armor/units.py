"""Armor units as the engine plays them: Data Card values from ``resources/armor/units.yaml``
and, where the cards' tables are not in the book's text, named placeholders.

Every game counter gets a game id ``<side>.<code>.<n>`` (as Panzer '44's). The Data Card
values the engine reads [Intro IV]: Points (Total / Compartment / Track-or-Gun), Speed with the
Road and Track Movement Costs, Turn Cost, Stacking, Size, Rate of Fire, Turret Turn and the
main gun. The text prints none of the cards' Gunnery, Hit Determination or Damage Caused Tables
[digest §10.3], so :mod:`rules.armor.cards` supplies placeholders for them, fitted to the few
values the worked examples quote.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from model.catalog import UnitType, unit_types
from model.provenance import Field_, unwrap
from model.scenario import Side
from model.systems import GameSystem
from rules.engine.errors import RulesError

#: The unit categories that move as vehicles [AG V.B]; the others are Leg or Towed [ADV V].
VEHICLE_CATEGORIES = (
    "tracked",
    "half-track",
    "armored-car",
    "bren-carrier",
    "jeep",
    "truck",
    "transport",
)

#: The Vehicle categories whose crews are "too small to worry about": no Bailed Out Crew
#: section, so a bail-out leaves no crew unit and the Vehicle counts as Knocked Out
#: [Intro IV BAILED OUT CREW; ADV IX.A.4]. Placeholder: which cards lack the section is not in
#: the text; our reading takes the unarmoured carriers (trucks, jeeps, the Bren Carrier).
SMALL_CREWS = ("truck", "jeep", "bren-carrier")
SMALL_CREWS_PLACEHOLDER = (
    "which Data Cards have no Bailed Out Crew section is not in the text: our reading, the "
    "trucks, jeeps and the Bren Carrier"
)


@dataclass(frozen=True)
class ArmorUnit:
    """What does not change about an Armor counter during play.

    Attributes:
        id: the game id (``german.PZIVJ.2``).
        side: the owning side's id.
        code: the unit code of the scenario (``PZIVJ``).
        type_id: the catalogue entry (``PZIVJ``; a stand-in resolved per nation).
        name: the card's unit name.
        category: tracked, half-track, wheeled, leg, towed...
        points: Total Point Value; ``points_compartment``, ``points_track_gun`` [AG IX.B].
        speed: Speed Factors [AG V.B.1]; 0 for Towed units.
        road_cost, track_cost: the card's Road and Track Movement Costs [Intro IV SPEED].
        turn_costs: SF to turn 1, 2, 3 hexsides in one hex [AG V.B.2.a].
        stacking: Stacking Factor [AG III.B].
        transport: the Stacking Factors of Leg or Towed units it may transport [ADV IV.B.1.a].
        counter: the counter style [Intro III.B] (``large-towed`` is sighted in the LG
            column [AG IV.C.3]).
        mg_team: a Leg unit that may not fire after moving one hex (a Machinegun Team
            [ADV V.A.3], or a Mortar Team, which moves as one [OP II.E.4]): not Infantry.
        mortar: a Mortar Team unit [OP II.E] (its card gives Scatter numbers): it fires at a
            hex, Direct or Indirect (:mod:`rules.armor.indirect.mortars`).
        carries: the kinds of unit it may transport, "L" Leg and/or "T" Towed (the card's
            Transport section [Intro IV TRANSPORT; ADV IV.B.1.b]).
        load_turns: Turns a Leg or Towed unit takes to Load or Unload [Intro IV LOAD/UNLOAD;
            ADV IV.B.1.d].
        crew_unit: a Bailed Out Crew unit is placed when its crew bails out (the card has a
            Bailed Out Crew section) [ADV IX.A.3-4].
        crew_of: for a Bailed Out Crew unit, its Vehicle [ADV IX.A.3].
        ca_defense_nm: the card's NM Close Assault Defense Factor, None where the text does not
            print it (every card: :func:`rules.armor.buildings.close_assault_defense`).
        size: the AP to-hit Size modifier [GC1 Miscellaneous Modifiers].
        gun: the main gun ("75mm"), or None (no gun, or an MG main gun: no AP fire).
        rof_slow, rof_rapid: main gun shots at the Slow and Rapid Rate of Fire.
        turret_turn: hexsides the turret turns a Turn; 0 for no movable turret [AG VIII.A.2].
        rear_gun: the gun fires to the rear (the Archer [AG VI.A.3.c]).
        turretless: the card's Turret Turn reads "Turretless" or "Turretless (360 degrees)"
            [Intro IV TURRET TURN; ADV VI.D] ("None" is a fixed superstructure, not this).
        mg_locations: the independently fired machineguns by location, "UH", "TT", "HR"
            [Intro IV MG LOCATIONS; ADV VI.A.2] ("TT(AA)" is read as "TT").
        mg_main_gun: the main gun is a machinegun (Half-Tracks: guns ``[MG]``), which fires GP.
        no_buildings: the card's Notes forbid passing through buildings [AG VII.E].
        no_wire: the card's Notes forbid entering Wire hexes [ADV V.D.1].
        values_placeholder: what the values rest on when not the book's, else None.
        reverse_factor: a reverse move's cost as a multiple of the forward cost: 2 [CS
            Vehicle Movement Costs], 1 for the SDKFZ 234/1 with German Armored Car Reverse
            Movement [OP XX] (:mod:`rules.armor.optional.vehicles`).
    """

    id: str
    side: str
    code: str
    type_id: str
    name: str
    category: str
    points: int
    points_compartment: int
    points_track_gun: int
    speed: int
    road_cost: Fraction
    track_cost: Fraction
    turn_costs: tuple[Fraction, Fraction, Fraction]
    stacking: int
    size: int
    gun: str | None
    rof_slow: int
    rof_rapid: int
    turret_turn: int
    rear_gun: bool = False
    no_buildings: bool = False
    no_wire: bool = False
    values_placeholder: str | None = None
    transport: int = 0
    ca_defense_nm: int | None = None
    mg_team: bool = False
    mortar: bool = False
    counter: str = ""
    turretless: bool = False
    mg_locations: tuple[str, ...] = ()
    mg_main_gun: bool = False
    carries: str = ""
    load_turns: int = 1
    crew_unit: bool = False
    crew_of: str | None = None
    reverse_factor: int = 2

    @property
    def vehicle(self) -> bool:
        """A Vehicle unit [AG I]: it pays the Vehicle Movement Costs and Turn Costs."""
        return self.category in VEHICLE_CATEGORIES

    @property
    def leg(self) -> bool:
        return self.category == "leg"

    @property
    def towed(self) -> bool:
        return self.category == "towed"

    @property
    def large_towed(self) -> bool:
        return self.counter == "large-towed"

    @property
    def armed(self) -> bool:
        """Has a main gun that fires AP [AG VI.A.1]."""
        return self.gun is not None


def _catalogue() -> dict[str, UnitType]:
    return unit_types(GameSystem.ARMOR)


def resolve_type(side: Side, code: str) -> UnitType:
    """The catalogue entry a side's unit code names; a stand-in ("INFANTRY-SQUAD") becomes the
    unit of the side's nation.

    Raises:
        RulesError: no unit type has this code.
    """
    entries = list({id(u): u for u in _catalogue().values()}.values())
    found = next((u for u in entries if code == u.id or code in u.aliases), None)
    if found is None:
        raise RulesError(f"side {side.id}: no unit type '{code}' in the Armor catalogue")
    stand_in = found.values.get("per_nation")
    if stand_in is not None:
        choices = unwrap(stand_in)
        assert isinstance(choices, list)
        by_id = {u.id: u for u in entries}
        for choice in choices:
            entry = by_id.get(str(choice))
            if entry is not None and entry.nation == side.nation:
                return entry
        raise RulesError(f"side {side.id}: no '{code}' of nation {side.nation}")
    return found


def _raw(values: Mapping[str, Field_], key: str, default: object = None) -> object:
    item = values.get(key)
    if item is None:
        return default
    found = unwrap(item)
    return default if found is None else found


def _fraction(raw: object) -> Fraction:
    if isinstance(raw, (int, float)):
        return Fraction(raw).limit_denominator(12)
    text = str(raw).strip()
    if " " in text:  # "1 1/2"
        whole, part = text.split(" ", 1)
        return Fraction(int(whole)) + Fraction(part)
    return Fraction(text)


def _int(raw: object, default: int = 0) -> int:
    try:
        return int(str(raw))
    except (TypeError, ValueError):
        return default


def _optional_int(raw: object) -> int | None:
    return None if raw is None else _int(raw)


def _turret_turn(raw: object) -> int:
    """[Intro IV TURRET TURN]: a number of hexsides ("3 power-traversed"), or None/Turretless:
    no movable turret."""
    found = re.match(r"\s*(\d+)", str(raw))
    return int(found.group(1)) if found else 0


def _mg_locations(raw: object) -> tuple[str, ...]:
    """[Intro IV MG LOCATIONS]: each independently fired machinegun's location (UH, TT, HR),
    the anti-aircraft mark "(AA)" dropped."""
    if not isinstance(raw, list):
        return ()
    return tuple(str(x).split("(")[0].strip().upper() for x in raw if str(x).strip())


def _main_gun(values: Mapping[str, Field_]) -> str | None:
    guns = _raw(values, "guns", [])
    if not isinstance(guns, list) or not guns:
        return None
    first = str(guns[0])
    if first in ("MG", "FT") or "Mortar" in first:
        return None  # an MG main gun or a flamethrower fires GP, not AP [Intro IV GUN SIZE]
    return first


def card_values(entry: UnitType) -> dict[str, Field_]:
    """The Data Card values of a catalogue entry; a variant named in a card's Notes
    (``variant_of``: the Sherman "Crab", the Churchill AVREs and "Crocodile" [OP XXV]) has its
    base card's values where it gives none of its own ("values not given here are the
    base's")."""
    base_id = _raw(entry.values, "variant_of")
    base = _catalogue().get(str(base_id)) if base_id is not None else None
    if base is None:
        return dict(entry.values)
    own = {k: f for k, f in entry.values.items() if unwrap(f) is not None}
    return {**card_values(base), **own}


def unit_of(side: Side, code: str, number: int) -> ArmorUnit:
    """Counter ``number`` (from 1) of a side's unit code, with its Data Card values (a
    variant's with its base card's [OP XXV])."""
    entry = resolve_type(side, code)
    v = card_values(entry)
    speed_raw = _raw(v, "speed", _raw(v, "river_speed", 0))  # a Boat's: 2 [OP XXVI.B]
    notes = _raw(v, "notes", [])
    note_text = " ".join(str(n) for n in notes) if isinstance(notes, list) else str(notes)
    rapid = _int(_raw(v, "main_gun_rof_rapid", 1), 1)
    return ArmorUnit(
        id=f"{side.id}.{code.replace(' ', '_')}.{number}",
        side=side.id,
        code=code,
        type_id=entry.id,
        name=entry.name,
        category=entry.category,
        points=_int(_raw(v, "points", _raw(v, "points_squad", 0))),
        points_compartment=_int(_raw(v, "points_compartment", 0)),
        points_track_gun=_int(_raw(v, "points_track_gun", 0)),
        speed=_int(speed_raw, 0),
        road_cost=_fraction(_raw(v, "road_cost", 1)),
        track_cost=_fraction(_raw(v, "track_cost", 1)),
        turn_costs=(
            _fraction(_raw(v, "turn_cost_1", 0)),
            _fraction(_raw(v, "turn_cost_2", 0)),
            _fraction(_raw(v, "turn_cost_3", 0)),
        ),
        stacking=_int(_raw(v, "stacking", 2), 2),
        size=_int(_raw(v, "size", 0)),
        gun=_main_gun(v),
        rof_slow=_int(_raw(v, "main_gun_rof_slow", 1), 1),
        rof_rapid=rapid,
        turret_turn=_turret_turn(_raw(v, "turret_turn", 0)),
        rear_gun=entry.card == 109,
        no_buildings="buildings" in note_text.lower(),
        no_wire="wire" in note_text.lower(),
        values_placeholder=entry.placeholder if entry.values_placeholder else None,
        transport=_int(_raw(v, "transport", 0)),
        ca_defense_nm=_optional_int(_raw(v, "ca_defense_nm")),
        mg_team=_raw(v, "fire_after_moving_one_hex", True) is False,
        mortar="mortar_scatter" in v,  # a Mortar Team's card [OP II.E.5]
        counter=str(_raw(v, "counter", "")),
        turretless=str(_raw(v, "turret_turn", "")).startswith("Turretless"),
        mg_locations=_mg_locations(_raw(v, "mg_locations", [])),
        mg_main_gun=_first_gun(v) == "MG",
        carries=str(_raw(v, "transport_types", "")).replace(",", "").replace(" ", ""),
        load_turns=_int(_raw(v, "load_unload", 1), 1),
        crew_unit=entry.category in VEHICLE_CATEGORIES and entry.category not in SMALL_CREWS,
    )


def _first_gun(values: Mapping[str, Field_]) -> str | None:
    guns = _raw(values, "guns", [])
    return str(guns[0]) if isinstance(guns, list) and guns else None
