"""Bailed Out Vehicle Crews and Transported Units [ADV IX], with the Game Card's Bail Out Tables
[GC2 Bail Out Tables], in the Advanced Game.

Checked "after all fire at the Vehicle unit is resolved and completed in a Phase" [IX]: once the
Direct Fire Phase's results are applied, once the Close Assault Phase's are, and (our reading,
each Opportunity Fire being resolved and applied at once [AG VII.F]) after each Opportunity Fire.

- Crew Bail Out [IX.A]: a Vehicle with penetrating AP hits that did not Knock it Out rolls once
  [IX.A.1]; the crew bails out if the roll falls in the range of any of those hits, by its
  result (No Damage; Compartment, a Track hit counting as one; no roll for a Gun hit) and its
  location [IX.A.2]. A Bailed Out Crew unit is placed in the Vehicle's hex [IX.A.3] (an Infantry
  unit: Stacking Factor 1, no Close Assault, its Vehicle's crew losses kept for the -10 [IX.A.5],
  4 Victory Points when Knocked Out [IX.A.3.c]) and the Vehicle is abandoned: it never moves or
  fires again (our reading: nobody may crew it [IX.A.3.a]). A Vehicle with no Bailed Out Crew
  section is Knocked Out instead [IX.A.4].
- Transported units [IX.B]: when the crew bails out they bail out with it [IX.B.1]; when the
  Vehicle is Knocked Out the crew is eliminated and each transported unit rolls on its own, by
  the hit that Knocked the Vehicle Out and whether it is Leg or Towed, Knocked Out if it fails
  [IX.B.2-3] (a Close Assault's Knock Out reads the TK, HD, HR, HS column [IX.B.3]). A unit that
  bailed out stands in the hex and must carry out Unloading before it operates [ADV IV.B.1.e]
  (:mod:`rules.armor.transport`).

Placeholders: the Towed row's last cell (GM, TF, TR, TS, TT) is cut from the text; which Data
Cards have no Bailed Out Crew section (:data:`rules.armor.units.SMALL_CREWS`); the crew's
Gunnery Table (not in the text: it fires with the Infantry Squad's placeholder GP Factors).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.armor.optional import morale
from rules.armor.transport import turns
from rules.armor.units import SMALL_CREWS_PLACEHOLDER, ArmorUnit, resolve_type
from rules.engine.errors import RulesError
from rules.engine.events import Event

if TYPE_CHECKING:
    from model.scenario import Scenario
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState

SOURCE = "Armor [GC2 Bail Out Tables]"
#: The Bail Out Tables' hit-location columns [GC2].
COLUMNS = {
    "LH": 0,
    "UH": 0,
    "HD": 1,
    "HR": 1,
    "HS": 1,
    "TK": 1,
    "": 1,  # a Knock Out by GP fire (Close Assault) [ADV IX.B.3]
    "GM": 2,
    "TF": 2,
    "TR": 2,
    "TS": 2,
    "TT": 2,
    "FT": 1,  # a flamethrower's automatic attempt: the GP Knock Out column [OP XXV.D.5]
}
#: The highest roll that bails out, by row and column [GC2 Bail Out Tables].
TABLE: dict[str, tuple[int, int, int]] = {
    "no-damage": (15, 15, 30),
    "compartment": (30, 30, 60),
    "leg": (80, 40, 40),
    "towed": (40, 20, 20),
}
TOWED_PLACEHOLDER = (
    "the Towed row's GM, TF, TR, TS, TT cell is cut from the text: 01-20, the GP Knock Out, HD, "
    "HR, HS, TK cell beside it"
)
CREW_PLACEHOLDER = (
    "the Bailed Out Crew's Gunnery Table is on the Data Card, not in the text: the Infantry "
    "Squad's placeholder GP Factors"
)
#: What a penetrating hit is on the crew's rows: ``penetrated`` is a penetration with No Damage.
_ROWS = {"penetrated": "no-damage", "hull": "compartment", "turret": "compartment"}
#: The cell of a flamethrower's automatic Bail Out attempt [OP XXV.D.5].
_FLAME_CELL = "No Damage line, GP Knock Out column: a flamethrower's attempt [OP XXV.D.5]"


@dataclass(frozen=True)
class BailOut(Event):
    """A roll on the Bail Out Tables and what it did [ADV IX; GC2 Bail Out Tables]."""

    kind: ClassVar[str] = "armor-bail-out"
    unit: str
    vehicle: str
    roll: int | None
    needed: int | None
    result: str
    rule: str
    placeholder: str = ""

    def describe(self) -> str:
        dice = f" rolled {self.roll:02d}, 01-{self.needed:02d} bails out:" if self.roll else ""
        note = f" (placeholder: {self.placeholder})" if self.placeholder else ""
        return f"{self.unit} ({self.vehicle}){dice} {self.result} {self.rule}{note}"


def crew_id(vehicle: str) -> str:
    return f"{vehicle}.crew"


def crews(units: Iterable[ArmorUnit], scenario: Scenario) -> Iterator[ArmorUnit]:
    """A Bailed Out Crew unit for each Vehicle whose card has the section [Intro IV BAILED OUT
    CREW; ADV IX.A.3], off the map until its crew bails out."""
    sides = {s.id: s for s in scenario.sides}
    for u in units:
        if not u.crew_unit:
            continue
        try:
            squad = resolve_type(sides[u.side], "INFANTRY-SQUAD").id
        except RulesError:
            squad = u.type_id
        yield dataclasses.replace(
            u,
            id=crew_id(u.id),
            code="CREW",
            type_id=squad,
            name=f"Bailed Out Crew ({u.name})",
            category="leg",
            points=4,  # "an additional four Victory Points" [ADV IX.A.3.c]
            points_compartment=0,
            points_track_gun=0,
            speed=2,
            stacking=1,  # [ADV IX.A.3.b]
            size=0,
            gun=None,
            turret_turn=0,
            rear_gun=False,
            no_buildings=False,
            ca_defense_nm=None,
            mg_team=False,
            transport=0,
            carries="",
            load_turns=1,
            crew_unit=False,
            crew_of=u.id,
            counter="small-leg",
            values_placeholder=CREW_PLACEHOLDER,
        )


def check(state: ArmorState, results: Iterable[Pending]) -> None:
    """Bail Out once the fire of a Phase is applied [ADV IX]: ``results`` are its results,
    the AP hits with their location."""
    if not state.game.advanced:
        return
    hits: dict[str, list[Pending]] = {}
    for r in results:
        if state.game.units[r.unit].vehicle:
            hits.setdefault(r.unit, []).append(r)
    if hits:  # what units may be ordered to do changes (caches of the Order Plot)
        state.sheets.options, state.sheets.foci = {}, {}
    for vehicle, found in sorted(hits.items()):
        killer = next((h for h in found if h.effect == "knocked-out"), None)
        if killer is not None and vehicle in state.damage.knocked_out:
            _knocked_out(state, vehicle, killer.location)
        elif vehicle in state.troops.hexes and vehicle not in state.troops.abandoned:
            _crew_roll(state, vehicle, found)


def _riders(state: ArmorState, vehicle: str) -> list[str]:
    return sorted(
        u
        for u, v in state.troops.carried.items()
        if v == vehicle and u in state.troops.hexes and u not in state.troops.stage
    )


def _knocked_out(state: ArmorState, vehicle: str, location: str) -> None:
    """[ADV IX.B.2-3]: the crew eliminated, each transported unit rolls to bail out."""
    if crew_id(vehicle) in state.game.units:
        what = "the Crew is eliminated with its Knocked Out Vehicle"
        state.emit(BailOut(crew_id(vehicle), vehicle, None, None, what, "[ADV IX.B.2]"))
    column = COLUMNS.get(location, 1)
    for unit in _riders(state, vehicle):
        row = "towed" if state.game.units[unit].towed else "leg"
        needed = TABLE[row][column]
        roll = state.roll(f"Bail Out {unit} from {vehicle}", 100)
        cut = TOWED_PLACEHOLDER if row == "towed" and column == 2 else ""
        where = location or "Knocked Out by GP fire: the TK, HD, HR, HS column"
        rule = f"[ADV IX.B.2-3; GC2 Bail Out Tables: Knocked Out, {row.title()}, {where}]"
        if roll <= needed:
            state.troops.stage[unit] = turns(state, unit)
            what = "Bails Out safely: it must carry out Unloading first [ADV IV.B.1.e]"
            state.emit(BailOut(unit, vehicle, roll, needed, what, rule, cut))
            morale.bailed_out(state, unit)  # a Panic Morale Check [OP XVII.B]
        else:
            state.emit(BailOut(unit, vehicle, roll, needed, "fails: Knocked Out", rule, cut))
            state.inflict(unit, "knocked-out")


def _crew_roll(state: ArmorState, vehicle: str, found: list[Pending]) -> None:
    """[ADV IX.A.1-2]: one roll for all the penetrating hits of the Phase."""
    ranges = []
    for h in found:
        row = _ROWS.get(h.effect, "compartment" if h.effect == "track" else None)
        if row is not None and h.location:
            where = _FLAME_CELL if h.location == "FT" else f"{row} {h.location}"
            ranges.append((TABLE[row][COLUMNS.get(h.location, 1)], where))
    if not ranges:
        return  # no penetrating hit, or a Gun hit only [IX.A.2]
    needed, cell = max(ranges)
    roll = state.roll(f"Crew Bail Out {vehicle}", 100)
    rule = f"[ADV IX.A.1-2; GC2 Bail Out Tables: {cell}]"
    if roll > needed:
        state.emit(BailOut(vehicle, vehicle, roll, needed, "the Crew stays", rule))
        return
    crew_bails_out(state, vehicle, roll, needed, rule)


def crew_bails_out(
    state: ArmorState, vehicle: str, roll: int | None, needed: int | None, rule: str
) -> None:
    """The crew of ``vehicle`` Bails Out [ADV IX.A.3-4], its transported units with it
    [IX.B.1], each checking Panic Morale [OP XVII.B]: after a roll on the table (``roll`` in
    ``needed``), or automatically (``None``: a panicked Vehicle that cannot move [OP
    XVII.C.7])."""
    riders = _riders(state, vehicle)
    crew = crew_id(vehicle)
    troops = state.troops
    if crew not in state.game.units:
        what = "the Crew Bails Out; no Bailed Out Crew section: the Vehicle is Knocked Out"
        state.emit(
            BailOut(
                vehicle,
                vehicle,
                roll,
                needed,
                what,
                f"{rule} [ADV IX.A.4]",
                SMALL_CREWS_PLACEHOLDER,
            )
        )
        state.inflict(vehicle, "knocked-out")
    else:
        troops.abandoned.add(vehicle)
        h = troops.hexes[vehicle]
        troops.hexes[crew], troops.facing[crew], troops.turret[crew] = h, troops.facing[vehicle], 0
        losses = state.damage.crew_losses.get(vehicle, 0)
        if losses:  # the -10 for its losses when it fires GP [ADV IX.A.5]
            state.damage.crew_losses[crew] = losses
        what = (
            f"the Crew Bails Out: {crew} placed in {state.game.name(h)} facing as the Vehicle "
            "(our reading; it turns freely in the Final Facing [ADV V.A.2]), the Vehicle "
            "abandoned [ADV IX.A.3]"
        )
        state.emit(BailOut(vehicle, vehicle, roll, needed, what, rule, CREW_PLACEHOLDER))
        morale.bailed_out(state, crew)  # a Panic Morale Check [OP XVII.B]
    for unit in riders:
        troops.stage[unit] = turns(state, unit)
        what = (
            "Bails Out with the Crew [ADV IX.B.1]: it must carry out Unloading first [ADV IV.B.1.e]"
        )
        state.emit(BailOut(unit, vehicle, None, None, what, "[ADV IX.B.1]"))
        morale.bailed_out(state, unit)  # a Panic Morale Check [OP XVII.B]
