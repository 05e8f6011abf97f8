"""The Data Card tables the book's text does not print, as named placeholders, and the Game
Card tables read from ``resources/armor/tables``.

The 49 Data Cards are separate components: the text quotes only a handful of their cells
[digest §3.2, §10.3]. Every number here that is not one of those cells is Hexwright's and says
so (:data:`GUNNERY_PLACEHOLDER`, :data:`ARMOUR_PLACEHOLDER`, :data:`HIT_LOCATION_PLACEHOLDER`,
:data:`DAMAGE_PLACEHOLDER`); the fire events carry these texts, so a log never passes a
placeholder off as the book's. The fits reproduce every value the worked examples quote
[AG VI.B.1; AG VI.C]: M4 at range 7 AP 16 / Penetration 17, PZIV at 7 AP 17 / Penetration 25,
the "M4A3 (119)" (card 119 is the M5A1) at 13-14 AP 14 / Penetration 11, the Sherman's Gun
Mantle AB 18 (Front, Level 0), the PZIV's Turret Side AB 7 (Side, Level 0), a roll of 29 on the
Sherman's Front column a GM hit, 68 on the PZIV's Side column a TS hit, and 25 on the
Sherman's Damage Caused Table a compartment hit.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from model.catalog import unit_types
from model.systems import GameSystem
from model.tables import Cell, Table, table_cell, tables
from rules.armor.units import ArmorUnit

GUNNERY_PLACEHOLDER = (
    "Gunnery Table not in the text: columns of two hexes (1-2, 3-4 ... as the book's 13-14), "
    "AP Factor = AP@7 + (7 - column) // 3, Penetration = Pen@7 x (1 + (7 - column) / 60), "
    "column = the column's first range, per gun, fitted to the M4, PZIV and M5A1 cells "
    "[AG VI.B.1; AG VI.C]; Range Line and maximum range guessed per gun"
)
ARMOUR_PLACEHOLDER = (
    "Hit Determination Table AB not in the text: the historical armour in mm / 5 (one Armor "
    "Factor is about 5 mm [Intro II]), times 1/cos(angle) for the 30/45/60 columns; fitted to "
    "the Sherman GM 18 and PZIV TS 7 cells [AG VI.C]; Rising and Falling as Level"
)
HIT_LOCATION_PLACEHOLDER = (
    "Hit Determination HT ranges not in the text: one table for every vehicle, fitted to "
    "29 = GM (Front) and 68 = TS (Side) [AG VI.C]"
)
DAMAGE_PLACEHOLDER = (
    "Damage Caused Table not in the text: 01-20 Knocked Out, 21-60 compartment, 61-00 No "
    "Damage for every gun, fitted to 25 = compartment [AG VI.C.1.f]; a penetrating TK hit is a "
    "Track hit and a GN hit a Gun hit without a roll"
)


@dataclass(frozen=True)
class Gun:
    """One main gun's placeholder Gunnery Table: AP Factor and Penetration at range 7, the last
    Short Range hex (the Range Line) and the longest range."""

    name: str
    ap7: int
    pen7: int
    short: int
    longest: int

    def ap_factor(self, rng: int) -> int:
        """The AP Factor in the range's column [AG VI.B.1]."""
        return max(1, min(20, self.ap7 + (7 - column(rng)) // 3))

    def penetration(self, rng: int) -> int:
        """The Penetration in the range's column [AG VI.B.1]."""
        return max(1, round(self.pen7 * (1 + (7 - column(rng)) / 60)))


def column(rng: int) -> int:
    """The first range of the Gunnery Table column holding ``rng``: columns of two hexes, 1-2,
    3-4 ... as the book's "13-14" [AG VI.B.1] (a placeholder: the cards' columns are not in
    the text), so ranges 13 and 14 read one column."""
    return rng - 1 + rng % 2


_GUNS: dict[str, Gun] = {
    "75mm-allied": Gun("75mm M3", 16, 17, 12, 32),
    "75mm-german": Gun("75mm L/48", 17, 25, 12, 32),
    "75mm-l70": Gun("75mm L/70", 18, 34, 14, 40),
    "88mm": Gun("88mm L/56", 18, 32, 14, 40),
    "88mm-l71": Gun("88mm L/71", 18, 40, 16, 40),
    "76mm": Gun("76mm", 16, 24, 12, 32),
    "76.2mm": Gun("76.2mm", 16, 24, 12, 32),
    "90mm": Gun("90mm", 17, 30, 14, 40),
    "17pdr": Gun("17pdr", 17, 36, 14, 40),
    "6pdr": Gun("6pdr", 16, 20, 10, 24),
    "57mm": Gun("57mm", 16, 20, 10, 24),
    "37mm": Gun("37mm", 16, 12, 10, 24),
    "40mm": Gun("40mm", 16, 13, 10, 24),
    "20mm": Gun("20mm", 14, 8, 8, 16),
    "howitzer": Gun("howitzer", 13, 14, 10, 32),
}
_BY_UNIT = {"PANTHER-A": "75mm-l70", "PAK-43": "88mm-l71", "FLAK-88": "88mm"}


@functools.cache
def _card_nation(type_id: str) -> str | None:
    """The nation of a unit type's card, None for a card of no one nation."""
    card = unit_types(GameSystem.ARMOR).get(type_id)
    return card.nation if card is not None and card.nation != "any" else None


def gun_of(unit: ArmorUnit, nation: str) -> Gun | None:
    """The placeholder Gunnery Table of the unit's main gun, None if it fires no AP. The gun is
    its card's: a captured Vehicle [OP XXII.A] keeps its nation's gun, whoever uses it (the
    side's ``nation`` serves only a card of no one nation)."""
    if unit.gun is None:
        return None
    nation = _card_nation(unit.type_id) or nation
    key = _BY_UNIT.get(unit.type_id)
    if key is None:
        if unit.gun == "75mm":
            key = "75mm-german" if nation == "germany" else "75mm-allied"
        elif "How" in unit.gun or unit.gun.startswith(("95", "105")):
            key = "howitzer"
        else:
            key = unit.gun
    return _GUNS.get(key, Gun(unit.gun, 15, 15, 12, 32))


#: Armour in mm: hull front, hull side, hull rear, turret front, turret side, turret rear, top.
_ARMOUR: dict[str, tuple[int, int, int, int, int, int, int]] = {
    "PZIVJ": (80, 30, 20, 50, 35, 30, 10),
    "PANTHER-A": (140, 45, 40, 110, 45, 45, 16),
    "STGIIIG-75": (80, 30, 50, 80, 30, 30, 10),
    "SGIV": (80, 30, 20, 80, 30, 30, 10),
    "TIGER-IE": (100, 80, 80, 120, 80, 80, 25),
    "M4": (90, 38, 38, 90, 51, 51, 25),
    "SHERMAN-76": (100, 38, 38, 89, 63, 63, 25),
    "M36B1": (90, 38, 38, 76, 32, 32, 5),
    "M10A1": (90, 25, 25, 57, 25, 25, 5),
    "M18": (25, 13, 13, 25, 13, 13, 5),
    "M5A1": (64, 28, 28, 51, 32, 32, 13),
    "CROMWELL": (64, 32, 32, 76, 63, 57, 20),
    "FIREFLY": (90, 38, 38, 89, 51, 51, 25),
    "ACHILLES": (90, 25, 25, 57, 25, 25, 5),
}

#: Hit Determination HT ranges (highest roll of each location), by aspect.
_LOCATIONS: dict[str, tuple[tuple[int, str], ...]] = {
    "front": ((12, "TF"), (35, "GM"), (38, "TT"), (40, "GN"), (60, "UH"), (80, "LH"), (88, "HD"),
              (100, "TK")),
    "side": ((20, "UH"), (45, "HS"), (55, "LH"), (60, "TT"), (80, "TS"), (84, "GN"), (90, "HD"),
             (100, "TK")),
    "rear": ((30, "HR"), (45, "LH"), (60, "TR"), (65, "TT"), (75, "HD"), (100, "TK")),
}  # fmt: skip

TURRET_LOCATIONS = ("TF", "GM", "TT", "TS", "TR")
HULL_LOCATIONS = ("UH", "LH", "HD", "HS", "HR")


def hit_location(aspect: str, roll: int) -> str:
    """The location a d100 roll hits on the target's Hit Determination Table (placeholder)."""
    return next(loc for top, loc in _LOCATIONS[aspect] if roll <= top)


def armour_basis(unit: ArmorUnit, aspect: str, angle: int, location: str) -> int:
    """The AB of a location at an aspect and angle column (placeholder, see module doc)."""
    mm = _ARMOUR.get(unit.type_id)
    if mm is None:  # by weight: a 30-ton vehicle about a Sherman
        w = max(3, unit.points)
        mm = (3 * w, w + 10, w + 5, 3 * w, w + 15, w + 10, 10)
    hf, hs, hr, tf, ts, tr, top = mm
    hull = {"front": hf, "side": hs, "rear": hr}[aspect]
    by_location = {
        "TF": tf,
        "GM": tf,
        "TS": ts,
        "TR": tr,
        "TT": top,
        "HD": top,
        "UH": hull,
        "LH": hull,
        "HS": hs,
        "HR": hr,
        "GN": 25,
        "TK": 20,
    }
    factor = 1 / math.cos(math.radians(angle))
    return max(1, round(by_location[location] / 5 * factor))


def damage_caused(roll: int) -> str:
    """The firer's Damage Caused Table (placeholder): knocked-out, compartment or no-damage."""
    if roll <= 20:
        return "knocked-out"
    if roll <= 60:
        return "compartment"
    return "no-damage"


# --- the Game Card tables, from resources/armor/tables ------------------------------------


def table(table_id: str) -> Table:
    return tables(GameSystem.ARMOR)[table_id]


def cell(table_id: str, row: str | int, column: str | int) -> Cell:
    return table_cell(GameSystem.ARMOR, table_id, row, column)


def hit_number(modifier_number: int, ap_factor: int) -> Cell:
    """The AP Hit Table [GC1]: Modifier Number row ("30+" from 30 up) x AP Factor column."""
    if modifier_number < 1:
        return Cell(0, "below the AP Hit Table's rows: no hit possible (fitted rule, see table)")
    row: str | int = "30+" if modifier_number >= 30 else modifier_number
    found = cell("ap-hit", row, ap_factor)
    return Cell(int(str(found.value)) if found.value is not None else 0, found.placeholder)


def hits_scored(hit_no: int, shots: int, roll: int) -> tuple[int, str | None]:
    """The Number of Hits Table [GC1]: how many hits a roll scores with ``shots`` shots."""
    if shots <= 1 or hit_no <= 0:
        return (1 if roll <= hit_no else 0), None
    shots = min(shots, 4)
    band = _band(hit_no)
    placeholders: list[str] = []
    for hits in range(shots, 0, -1):
        found = cell("number-of-hits", band, f"{shots} shots: {hits} hit{'s' if hits > 1 else ''}")
        if found.placeholder:
            placeholders.append(found.placeholder)
        limit = hit_no if found.value in ("H", None) and hits == 1 else found.value
        if limit is None:
            continue
        if roll <= int(str(limit)):
            return hits, "; ".join(dict.fromkeys(placeholders)) or None
    return 0, "; ".join(dict.fromkeys(placeholders)) or None


def _band(hit_no: int) -> str:
    if hit_no >= 70:
        return "70+"
    if hit_no < 10:
        return "01-09"
    low = hit_no // 10 * 10
    return f"{low}-{low + 9}"
