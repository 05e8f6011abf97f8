"""The units a scenario puts on single hexes at the start, as counters for the map view.

A force entry placed on one hex (``placement: {kind: hex, hex: ..., facing: ...}``) is that
many counters in that hex; a facing is the book's direction number read in the hex's own
section (turned sections turn it, :meth:`AssembledMap.direction_to_global`). Entries placed
in areas, at entry edges or off the map are not on a hex yet: the designer places them with the
order of battle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.hexes import Hex
from model.layout import AssembledMap
from model.scenario import HexPlacement, Scenario
from model.systems import GameSystem


@dataclass(frozen=True)
class MapCounter:
    """One unit counter on the map."""

    hex: Hex
    side: str
    nation: str
    unit: str
    facing: int | None  # global compass direction 0 (N) .. 5 (NW), or None
    label: str  # the counter's identification, or the unit type


def counters(scenario: Scenario, amap: AssembledMap) -> list[MapCounter]:
    """Every counter standing on a hex at the start, side by side, in the file's order."""
    found: list[MapCounter] = []
    catalogue = unit_types(scenario.system)
    for side in scenario.sides:
        for entry in side.forces:
            placement = entry.placement or side.setup
            if not isinstance(placement, HexPlacement):
                continue
            try:
                h = amap.resolve(placement.hex)
            except KeyError:
                continue  # loading reports names that do not resolve
            facing = (
                amap.direction_to_global(h, placement.facing)
                if placement.facing is not None
                else None
            )
            for i in range(entry.count):
                label = entry.ids[i] if i < len(entry.ids) else short_name(catalogue, entry.unit)
                found.append(MapCounter(h, side.id, side.nation, entry.unit, facing, label))
    return found


def short_name(catalogue: Mapping[str, UnitType], unit: str) -> str:
    """What a counter says: the first word of the unit's name ("Panther", "Sherman", "M36B1"),
    or its id when the catalogue does not know it."""
    known = catalogue.get(unit)
    words = known.name.replace('"', " ").split() if known else []
    return words[0] if words else unit


# --- the counter's face ---------------------------------------------------------------------

#: The unit-type symbol a category is drawn with (NATO-style boxes, after APP-6's basic
#: shapes: our choice, not the books').
SYMBOLS: Mapping[str, str] = {
    **dict.fromkeys(("infantry", "leg", "squad", "team", "man", "engineer"), "infantry"),
    **dict.fromkeys(("mech-infantry", "apc", "half-track", "bren-carrier"), "mech-infantry"),
    **dict.fromkeys(("tank", "tracked", "assault-gun", "tank-destroyer"), "armour"),
    **dict.fromkeys(("armored-car", "armoured-car", "recon", "motorcycle", "jeep"), "recon"),
    **dict.fromkeys(("artillery", "sp-artillery", "mortar", "towed"), "artillery"),
    **dict.fromkeys(("gun", "weapon", "heavy-weapons"), "gun"),
    **dict.fromkeys(("sp-aa",), "air-defence"),
    **dict.fromkeys(("truck", "transport"), "transport"),
    **dict.fromkeys(("plane", "glider", "air-spotting"), "aircraft"),
    **dict.fromkeys(("hq", "leader"), "hq"),
}


@dataclass(frozen=True)
class CounterFace:
    """What a unit type's counter shows: its symbol, and its values as the counter prints
    them (``"10M 10 10 6"``), each value with its heading and whether the book gives it
    (False: Hexwright's placeholder, told on hover, never on the face)."""

    symbol: str
    values: tuple[tuple[str, str, bool], ...]  # (heading, value, from the book)
    #: The first two values print as one: Panzer '44's attack strength and weapon class, "10M".
    glued: bool = False

    @property
    def text(self) -> str:
        """The values in a line, as the counter prints them."""
        printed = [v for _, v, _ in self.values]
        if self.glued and len(printed) >= 2:
            printed[:2] = [printed[0] + printed[1]]
        return " ".join(v for v in printed if v)

    def tip(self) -> str:
        """Each value with its heading, placeholders marked: for a tooltip."""
        return ", ".join(
            f"{h} {v}" + ("" if book else " (placeholder)") for h, v, book in self.values if v
        )


def face_value(unit: UnitType, key: str) -> tuple[str, bool]:
    """One value of a unit type as a counter prints it, and whether the book gives it."""
    if key == "card":
        return (str(unit.card) if unit.card is not None else ""), unit.source is not None
    item = unit.values.get(key)
    value = getattr(item, "value", item)
    if item is None or value is None or isinstance(value, (list, dict)):
        return "", True
    if hasattr(item, "value"):  # a Value with its own provenance
        from_book = getattr(item, "placeholder", None) is None
    else:  # a plain number: the unit's own provenance says
        from_book = not unit.plain_values_are_placeholders
    if isinstance(value, bool):
        return ("•" if value else ""), from_book
    return str(value), from_book


def counter_face(system: str, unit: UnitType | None) -> CounterFace:
    """The face of ``unit``'s counter in ``system`` (no values for an unknown unit)."""
    if unit is None:
        return CounterFace("unknown", ())
    data = GameSystem(system).data
    values = []
    for key, heading in data.counter_face:  # the system's own choice (its system.yaml)
        value, from_book = face_value(unit, key)
        values.append((heading, value, from_book))
    return CounterFace(
        SYMBOLS.get(unit.category, "unknown"), tuple(values), data.counter_face_glued
    )
