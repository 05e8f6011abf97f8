"""What a side set up besides its Combat units, and where each may go [Setup II.D].

Terrain Support units are fixed once placed [Setup II.D.8], so the set-up belongs to the game
(:class:`Works`); what play changes (a Wire removed, a mined hex made known) is the state's
(:class:`rules.armor.records.Fieldworks`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from model.hexes import Hex

if TYPE_CHECKING:
    from model.scenario import Scenario

#: The catalogue's Terrain Support unit ids and the kind each sets up [Intro III.B.3.a].
KINDS: Mapping[str, str] = {
    "BLOCK": "block",
    "DITCH": "ditch",
    "WIRE": "wire",
    "MINES": "mines",
    "PILLBOX": "pillbox",
    "BUNKER": "bunker",
    "IMPROVED-POSITION": "improved-position",
}
NAMES: Mapping[str, str] = {
    "block": "Block",
    "ditch": "Ditch",
    "wire": "Wire",
    "mines": "Mine",
    "pillbox": "Pillbox",
    "bunker": "Bunker",
    "improved-position": "Improved Position",
}

#: The kinds this engine plays; an Improved Position unit is not set up yet (its hex's AP
#: Target Terrain Modifier, Hull Down and sighting column are in the terrain catalogue,
#: ``improved-position``, and read by fire and sight for painted terrain; the unit's set-up
#: [Setup II.D.3] is not built).
PLAYED = frozenset({"block", "ditch", "wire", "mines", "pillbox", "bunker"})

#: The hexes each may not be set up in [Setup II.D.1-7].
NOT_IN: Mapping[str, frozenset[str]] = {
    "block": frozenset({"building", "stream", "river"}),
    "ditch": frozenset({"building", "depression", "stream", "river"}),
    "improved-position": frozenset({"building", "stream", "river"}),
    "wire": frozenset({"building", "stream", "river"}),
    "mines": frozenset({"building", "river"}),
    "pillbox": frozenset({"building", "stream", "river"}),
    "bunker": frozenset({"building", "stream", "river"}),
}
#: The units each may not share a hex with [Setup II.D.1-7] (``span``: a Span unit).
NOT_WITH: Mapping[str, frozenset[str]] = {
    "block": frozenset({"ditch", "improved-position", "wire"}),
    "ditch": frozenset({"block", "improved-position", "pillbox", "bunker", "span"}),
    "improved-position": frozenset({"block", "wire", "ditch", "pillbox", "bunker"}),
    "wire": frozenset({"block", "improved-position"}),
    "mines": frozenset({"ditch", "improved-position", "pillbox", "bunker"}),
    "pillbox": frozenset({"ditch", "improved-position", "mines", "bunker", "pillbox"}),
    "bunker": frozenset({"ditch", "improved-position", "mines", "pillbox", "bunker"}),
}
#: The section of [Setup II.D] each kind's restrictions are in.
SECTION: Mapping[str, str] = {
    "block": "Setup II.D.1",
    "ditch": "Setup II.D.2",
    "improved-position": "Setup II.D.3",
    "wire": "Setup II.D.4",
    "mines": "Setup II.D.5",
    "pillbox": "Setup II.D.6",
    "bunker": "Setup II.D.7",
}
#: "No Terrain Support units may be set up closer than five hexes range from a mapboard side"
#: [Setup II.D.8].
EDGE_RANGE = 5
#: 3A's and 3C's Entry/Set Up: "Terrain Support units may be placed anywhere on the mapboard
#: over five hexes from the mapboard sides" [SCN VII.A.5; VII.C.5], a ``text`` rule.
OVER = re.compile(
    r"Terrain Support units may be placed anywhere on the mapboard over (\w+) hexes from the "
    r"mapboard sides"
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def over_range(text: str) -> int | None:
    """The least range from a mapboard side a scenario's words :data:`OVER` allow ("over five
    hexes": 6, more than five [SCN VII.A.5; VII.C.5]), or None when ``text`` is not that rule."""
    found = OVER.search(text)
    if found is None:
        return None
    word = found.group(1).lower()
    number = _NUMBERS.get(word) or (int(word) if word.isdigit() else None)
    return None if number is None else number + 1


def edge_rule(scenario: Scenario) -> tuple[int, str]:
    """The least range from a mapboard side a Terrain Support unit may be set up at, and the
    rule: the scenario's "over N hexes" [SCN VII.A.5; VII.C.5] (:func:`over_range`), else "No
    Terrain Support units may be set up closer than five hexes range from a mapboard side"
    [Setup II.D.8]."""
    from model.victory import TextRule

    for rule in scenario.special_rules:
        if isinstance(rule, TextRule) and not rule.optional:
            least = over_range(rule.text)
            if least is not None:
                return least, rule.source or scenario.source or "the scenario"
    return EDGE_RANGE, "Armor [Setup II.D.8]"


#: How far from its Mine unit a Mine may be [OP IV.B].
MINEFIELD_RADIUS = 2
#: The sizes of each type of Mine [OP IV.A]: Anti-personnel in GP Factors, Anti-Tank in TK.
AP_SIZES = (10, 20, 30)
AT_SIZES = (25, 50, 75)
#: Pillbox and Bunker units are worth 2 Stacking Factors [AG III.B.4].
STACKING = 2
#: Kinds a Leg or Towed unit may be inside [AG III.B.4; CS Order Notations E, G].
SHELTERS = frozenset({"pillbox", "bunker"})


@dataclass(frozen=True)
class SupportUnit:
    """A Terrain Support unit on the map: its id (``defender.WIRE.1``), owner, kind and hex."""

    id: str
    side: str
    kind: str
    hex: Hex

    @property
    def name(self) -> str:
        return NAMES[self.kind]


@dataclass(frozen=True)
class Mine:
    """Mines in one hex [OP IV.A-B]: whose, of which Mine unit, ``AT`` or ``AP``, and its size
    (TK for Anti-Tank, GP Factor for Anti-personnel)."""

    owner: str
    unit: str
    type: str
    size: int

    def words(self) -> str:
        return f"{self.size}TK Anti-Tank" if self.type == "AT" else f"{self.size} GP Anti-personnel"

    def snapshot(self) -> list[object]:
        return [self.owner, self.unit, self.type, self.size]


@dataclass(frozen=True)
class Works:
    """What the sides set up [SCN III.F]: the Terrain Support units, the Mines in each hex
    (known only to their owner [OP IV.B]), the Leg and Towed units set up inside a Pillbox
    or Bunker (by the unit's id), and what was not set up, with why, for the log."""

    units: tuple[SupportUnit, ...] = ()
    mines: Mapping[Hex, tuple[Mine, ...]] = field(default_factory=dict)
    inside: Mapping[str, str] = field(default_factory=dict)
    left_out: tuple[str, ...] = ()

    def at(self, h: Hex) -> tuple[SupportUnit, ...]:
        return tuple(u for u in self.units if u.hex == h)

    def by_id(self, unit: str) -> SupportUnit | None:
        return next((u for u in self.units if u.id == unit), None)

    def minefield(self, h: Hex) -> SupportUnit | None:
        """The Mine unit whose Minefield holds ``h`` (within two hexes [OP IV.B.2]), if any:
        what the other side knows [OP IV.B]."""
        return next(
            (u for u in self.units if u.kind == "mines" and u.hex.distance(h) <= MINEFIELD_RADIUS),
            None,
        )
