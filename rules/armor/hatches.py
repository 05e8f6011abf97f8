"""Open and Buttoned Vehicles: the Turret unit adjustments of the Advanced Game [AG VIII.B].

The book: "In the Armor Game there is no reason for players to use anything but their Open
Turret units ... However, in the Advanced Game, the decision to use an Open or a Buttoned
Turret unit can be critical" [AG VIII.B]; "Turret units may be freely exchanged during this
Phase [the Final Facing and Adjustment Phase], but at no other time during a Turn. Thus, the
Turret unit chosen for a Vehicle unit during this Phase will determine its ability to sight and
fire at enemy units during the next Turn" [VIII.B.2]; Vehicles without movable turrets carry
one too, only to show Open or Buttoned [VIII.B.3].

What the engine plays, at ``level: advanced-game`` (the Armor Game's Vehicles stay Open):

- the choice: the Final Facing action's last word, ``face us.M4.1 3 2 buttoned`` or ``... open``
  [VIII.B.2] (with the facing unchanged when only the Turret unit is exchanged), once per
  Vehicle and Phase like the facing; every Vehicle sets up Open (our reading: the book names no
  default; a position file's status ``buttoned`` sets one up Buttoned); Trucks and Jeeps "are
  always considered to be 'Open'" [ADV X.B; IV.A.2.a(2)], and a Vehicle whose crew Bailed Out
  is not offered the choice; the heuristic bot keeps its Vehicles Open (our weighting);
- sighting: a Buttoned Vehicle reads the Sighting Ranges Table's Buttoned row [AG IV.C.2; GC2];
  with the Optional Rule ``sighting-buttoned`` it sights only hexes inside the FS 45 sections
  of the Target Angle Wheel off its hull's or its turret's front [OP X.C.5] (the sector edges
  are the Target Angle Wheel's placeholder ones, :data:`rules.armor.fire.SECTOR_PLACEHOLDER`),
  even an adjacent hex or one that fired;
- fire at it: the Effects of GP Hits rows "vs. Buttoned Vehicle" (Infantry or MG at Long
  Range: no effect; at Close Range and other Direct or Opportunity GP fire, a Knocked Out or
  Suppressed result Suppresses, no crew loss) [GC1 Effects of GP Hits], and no "+10 Open
  Vehicle" in a Close Assault on it [ADV VII.B.3; GC1 GP Fire Modifiers];
- carried units: Infantry transported by a Buttoned Half-Track, Bren Carrier or Kangaroo may
  not fire [ADV V.C.3.a], and Leg and Towed units it transports may not be fired at [V.C.5];
- Overrun: a Half-Track, Bren Carrier or M20 only when Open [ADV IV.A.2.a(2)].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.armor.optional import BUTTONED_SIGHTING, in_use
from rules.engine.events import Event
from rules.engine.record import OMIT, Record, state_field

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.game import ArmorState
    from rules.armor.units import ArmorUnit

RULE = "[AG VIII.B]"
BUTTONED, OPEN = "buttoned", "open"
#: The carriers whose passengers a Buttoned Turret unit shuts in [ADV V.C.3.a; V.C.5].
_SHUT_IN = ("half-track", "bren-carrier")
_SHUT_IN_TYPES = ("KANGAROO",)
#: The Vehicles that Overrun only when Open [ADV IV.A.2.a(2)] (the Jeep is always Open).
_OPEN_TO_OVERRUN = ("half-track", "bren-carrier", "jeep")
_OPEN_TO_OVERRUN_TYPES = ("M20",)
#: "Turret units never need to be placed on Medium or Light Truck units, or on Jeep units. These
#: units are always considered to be 'Open'" [ADV X.B].
ALWAYS_OPEN = ("truck", "jeep")
#: The FS 45 sections' outer edge off the front, in degrees [OP X.C.5; TAW card].
FS45_EDGE = 50


def _unless_empty(value: set[str]) -> object:
    return sorted(value) if value else OMIT


@dataclass
class Hatches(Record):
    """The Vehicles with a Buttoned Turret unit [AG VIII.B]; left out of the fingerprint while
    empty, so games where every Vehicle stays Open keep theirs."""

    buttoned: set[str] = state_field(default_factory=set, encode=_unless_empty)


@dataclass(frozen=True)
class HatchesChanged(Event):
    """A Vehicle's Turret unit exchanged in the Final Facing and Adjustment Phase [AG VIII.B.2]."""

    kind: ClassVar[str] = "armor-hatches"
    unit: str
    status: str

    def describe(self) -> str:
        if self.status == BUTTONED:
            what = "buttons up: its Buttoned Turret unit is placed, hatches closed"
        else:
            what = "opens up: its Open Turret unit is placed, crew in the hatches"
        return f"{self.unit} {what} for the next Turn {RULE}.2"


def buttoned(state: ArmorState, unit: str | None) -> bool:
    """Whether ``unit`` is a Vehicle with its Buttoned Turret unit on [AG VIII.B]."""
    return unit is not None and unit in state.hatches.buttoned


def status(state: ArmorState, unit: str) -> str:
    return BUTTONED if buttoned(state, unit) else OPEN


def may_button(state: ArmorState, unit: str) -> bool:
    """Whether the unit's Turret unit may be exchanged now: a Vehicle of the Advanced Game
    [AG VIII.B], not a Truck or Jeep, always Open [ADV X.B; IV.A.2.a(2)], crewed [ADV IX.A.3]."""
    spec = state.game.units[unit]
    return (
        state.game.advanced
        and spec.vehicle
        and spec.category not in ALWAYS_OPEN
        and unit not in state.troops.abandoned
    )


def describe(hatch: str | None) -> str:
    """The Face action's Turret unit exchange in words [AG VIII.B.2]."""
    if hatch is None:
        return ""
    return f", {'Buttoned' if hatch == BUTTONED else 'Open'} Turret unit placed {RULE}.2"


def apply(state: ArmorState, unit: str, hatch: str | None) -> None:
    """The Face action's Turret unit exchange [AG VIII.B.2]."""
    if hatch is None or hatch == status(state, unit):
        return
    if hatch == BUTTONED:
        state.hatches.buttoned.add(unit)
    else:
        state.hatches.buttoned.discard(unit)
    state.emit(HatchesChanged(unit, hatch))


def sight_row(state: ArmorState, unit: str) -> str:
    """The Sighting Ranges Table's row of the sighting unit [AG IV.C.2; GC2]: Buttoned for a
    Vehicle with its Buttoned Turret unit, else Normal."""
    return "Day Buttoned" if buttoned(state, unit) else "Day Normal"


def why_not_in_arc(state: ArmorState, unit: str, target: Hex) -> str | None:
    """Buttoned Sighting [OP X.C.5], when the scenario plays it: a Buttoned Vehicle sights
    only hexes in the FS 45 sections off the front of its hull or its turret, "even if fire is
    coming from those outside hexes"."""
    if not buttoned(state, unit) or not in_use(state.game, BUTTONED_SIGHTING):
        return None
    from rules.armor.fire import SECTOR_PLACEHOLDER, angle_between

    here = state.troops.hexes[unit]
    if here == target:
        return None
    hull = state.troops.facing[unit]
    turret = (hull + state.troops.turret.get(unit, 0)) % 6
    if any(angle_between(front, here, target) < FS45_EDGE for front in {hull, turret}):
        return None
    return (
        "Buttoned: it sights only hexes in the FS 45 sections off its hull's or its turret's "
        f"front [OP X.C.5] ({SECTOR_PLACEHOLDER})"
    )


def shuts_in(spec: ArmorUnit) -> bool:
    """A Half-Track, Bren Carrier or Kangaroo [ADV V.C.3.a; V.C.5]."""
    return spec.category in _SHUT_IN or spec.type_id in _SHUT_IN_TYPES


def _shut_carrier(state: ArmorState, unit: str) -> str | None:
    carrier = state.troops.carried.get(unit) if state.transported(unit) else None
    if carrier is not None and buttoned(state, carrier) and shuts_in(state.game.units[carrier]):
        return carrier
    return None


def why_not_fire(state: ArmorState, unit: str, target: str) -> str | None:
    """Infantry transported by a Buttoned Half-Track, Bren Carrier or Kangaroo may not fire
    [ADV V.C.3.a]; units it transports may not be fired at [ADV V.C.5]."""
    mine = _shut_carrier(state, unit)
    if mine is not None:
        return (
            f"it rides in {mine}, Buttoned: Infantry transported by a Half-Track, Bren Carrier "
            "or Kangaroo fire only when it is Open [ADV V.C.3.a]"
        )
    theirs = _shut_carrier(state, target)
    if theirs is not None:
        return (
            f"the target rides in {theirs}, Buttoned: units transported by a Buttoned "
            "Half-Track, Bren Carrier or Kangaroo may not be fired at [ADV V.C.5]"
        )
    return None


def why_not_overrun(state: ArmorState, unit: str) -> str | None:
    """Half-Track, Bren Carrier, M20 and Jeep units Overrun only when Open [ADV IV.A.2.a(2)]."""
    spec = state.game.units[unit]
    limited = spec.category in _OPEN_TO_OVERRUN or spec.type_id in _OPEN_TO_OVERRUN_TYPES
    if limited and buttoned(state, unit):
        return "Half-Track, Bren Carrier, M20 and Jeep units Overrun only if Open [ADV IV.A.2.a(2)]"
    return None


def write(state: ArmorState, unit: str, status_words: list[str]) -> None:
    """A position file's ``buttoned`` status [AG VIII.B]."""
    if buttoned(state, unit):
        status_words.append(BUTTONED)


def read(state: ArmorState, unit: str) -> str | None:
    """Read a position file's ``buttoned`` status; the problem, else None."""
    if not state.game.units[unit].vehicle:
        return f"only Vehicle units carry a Buttoned Turret unit {RULE}"
    if state.game.units[unit].category in ALWAYS_OPEN:
        return "Trucks and Jeeps are always Open [ADV X.B; IV.A.2.a(2)]"
    state.hatches.buttoned.add(unit)
    return None
