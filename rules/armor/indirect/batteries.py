"""Artillery Batteries [OP II.B-C; SCN III.G]: what a side's Batteries are, their Artillery
Table values, Artillery Impact unit numbers, Spotting units and Designated hexes.

A Battery is bought (``purchases: [{item: ARTILLERY-MEDIUM, count: 1}]``) [SCN III.D.2.a]; it
is "off-board": no counter, and it reaches any hex [OP II]. Each is represented by a numbered
Artillery Impact unit, #1-#10, the Artillery Plot's columns [OP II.C.1; CS]. Its Designated
hexes, "any two hexes on the mapboard", are written before the game [OP II.A.2; SCN III.G]: a
side's ``barrages`` entry naming the Battery's item (``{unit: ARTILLERY-MEDIUM, number: 1,
hexes: [K2017, K1917]}``).

The Spotting unit [OP II.B]: "any friendly unit with a Radio", one per Battery, named before
play. The engine names it for the owner (our choice, said in the log): the side's unit with a
Radio (:func:`has_radio`) standing nearest the enemy's set-up, ties by game id; the same unit
for all the side's Batteries ("The same Spotting unit may be used for more than one Battery").
With the Allied Spotting option (``rules.options: [allied-spotting]``, our name) an Allied side
(every nation but Germany, our reading, as [OP II.B.2]) has "one Allied Spotting unit per
Artillery Battery" [OP II.B.4]: its Batteries, in column order, take its units with a Radio in
that order of nearness (the nearest again once each has one, our reading); each of them acts
for any of the side's Batteries (:func:`rules.armor.indirect.plots.spotters`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.hexes import Hex
from model.provenance import unwrap
from model.scenario import Side
from model.systems import GameSystem
from rules.armor.indirect.events import BatteryReady
from rules.engine.errors import UnsupportedGameError

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame

#: The optional rule's name in a scenario's ``rules.options`` [OP I].
OPTION = "artillery"
#: Allied Spotting [OP II.B.4], a scenario option with Artillery (our name).
ALLIED_SPOTTING = "allied-spotting"
#: The Artillery Plot's columns [CS; OP II.C.1].
COLUMNS = 10
#: Designated hexes per Battery: "any two hexes" [OP II.A.2].
DESIGNATED = 2
SPOTTER_CHOICE = (
    "the engine names the Spotting unit for the owner [OP II.B]: the unit with a Radio nearest "
    "the enemy's set-up (our choice); a card's share of Radios, \"4/10\", goes to the first "
    "four of every ten units of the type (our reading) [Intro IV RADIO]"
)
#: How Allied Spotting names them [OP II.B.4].
ALLIED_CHOICE = (
    "; Allied Spotting: one Spotting unit per Artillery Battery, the next nearest for each "
    "Battery, each acting for any Artillery Battery [OP II.B.4]"
)


@dataclass(frozen=True)
class Battery:
    """One off-board Artillery Battery [OP II.C].

    Attributes:
        id: ``<side>.<item>.<n>`` (``us.ARTILLERY-MEDIUM.1``).
        side: the owning side.
        item: the catalogue item (``ARTILLERY-MEDIUM``).
        name: "Medium Artillery Battery".
        impact_unit: the number of its Artillery Impact unit (1-10) [OP II.C.1].
        gp: its GP Factor [GC2 Artillery Tables; OP II.C.2].
        scatter: the Scatter numbers (the top of "01-NN") by type of fire: ``P`` Planned,
            ``D`` Designated, ``C`` Called [GC2 Artillery Tables].
        delay: the Delay in Turns by type of fire: ``D`` and ``C`` [GC2 Artillery Tables].
        delay_placeholder: what a Delay rests on when the book's is cut, else "".
        spotter: its Spotting unit's game id, "" when the side has no unit with a Radio.
        designated: its two Designated hexes [OP II.A.2; SCN III.G].
    """

    id: str
    side: str
    item: str
    name: str
    impact_unit: int
    gp: int
    scatter: dict[str, int]
    delay: dict[str, int]
    delay_placeholder: str
    spotter: str
    designated: tuple[Hex, ...]


#: What a Plane, and so an Air Spotting unit, cannot sight: "Building, Woods, Hedgerow,
#: Improved Position, or Alley hexes" [OP III.C; III.E].
HIDDEN_FROM_PLANES = frozenset(
    {"building", "wood-building", "brick-building", "stone-building", "woods", "hedgerow",
     "improved-position", "alley"}
)  # fmt: skip


def air_spotting(game: ArmorGame) -> frozenset[str]:
    """The sides that bought Air Spotting (20 points, no counter) [OP III.E.1; II.B.3]."""
    return frozenset(
        side.id
        for side in game.scenario.sides
        if any(p.item == "AIR-SPOTTING" for p in side.purchases)
    )


def air_sights(game: ArmorGame, h: Hex) -> bool:
    """An Air Spotting unit sights ``h`` as a Plane does [OP III.C; III.E]: not a Building,
    Woods, Hedgerow, Improved Position or Alley hex (its map terrain, the overlays on it and
    its Terrain Support units)."""
    kinds = set(game.terrain.mixed(h)) | {w.kind for w in game.works.at(h)}
    return not kinds & HIDDEN_FROM_PLANES


def plays_artillery(game: ArmorGame) -> bool:
    """The scenario switches the Artillery Optional Rule on [OP I; OP II]."""
    return OPTION in game.scenario.rules.options


def _top(text: object) -> int:
    """The top of a range of numbers ("01-40" -> 40)."""
    return int(str(text).rsplit("-", 1)[-1])


def has_radio(game: ArmorGame, unit: str) -> bool:
    """The unit has a Radio [Intro IV RADIO]: its card says "Yes", or gives a share
    (:func:`in_share`). A Bailed Out Crew has none [ADV IX.A.3.b]."""
    spec = game.units[unit]
    if spec.crew_of is not None:
        return False
    entry = unit_types(GameSystem.ARMOR).get(spec.type_id)
    raw = entry.values.get("radio") if entry is not None else None
    text = "" if raw is None else str(unwrap(raw)).strip().lower()
    if text == "yes":
        return True
    same = sorted(
        (
            u
            for u, s in game.units.items()
            if (s.type_id, s.side, s.crew_of) == (spec.type_id, spec.side, None)
        ),
        key=_numbering,
    )
    return in_share(same.index(unit), text)


def in_share(position: int, share: str) -> bool:
    """Whether the unit at ``position`` (0 the first) among its side's units of one type has a
    Radio by its card's share: ""4/10" means that four units out of ten will have a radio"
    [Intro IV RADIO]. Any other text ("No") is no Radio.

    Our reading of which units: the book leaves it to the owner; the engine gives the Radios
    to the first of every ten (of every denominator) in the order of battle's numbering
    (``us.INFANTRY-SQUAD.1`` first), so "4/10" is units 1-4, 11-14 and so on.
    """
    found = _SHARE.fullmatch(share.strip())
    if found is None or int(found[2]) == 0:
        return False
    return position % int(found[2]) < int(found[1])


#: A share of a card's RADIO entry, "4/10" [Intro IV RADIO].
_SHARE = re.compile(r"([0-9]+)/([0-9]+)")


def _numbering(unit: str) -> tuple[str, int]:
    """A game id in the order of battle's numbering (``us.M4.2`` before ``us.M4.10``)."""
    head, _, number = unit.rpartition(".")
    return (head, int(number)) if number.isdigit() else (unit, 0)


def _spotters(game: ArmorGame, side: str) -> list[str]:
    """The side's units with a Radio, nearest the enemy's set-up first, ties by game id."""
    hexes = game.deployment.hexes
    mine = sorted(u for u in hexes if game.units[u].side == side and has_radio(game, u))
    enemy = [h for u, h in hexes.items() if game.units[u].side != side]

    def distance(u: str) -> int:
        return min((hexes[u].distance(h) for h in enemy), default=0)

    return sorted(mine, key=lambda u: (distance(u), u))


def allied_spotting(game: ArmorGame, side: str) -> bool:
    """Whether ``side`` plays Allied Spotting [OP II.B.4]: the scenario's option, and an Allied
    side (every nation but Germany, our reading)."""
    return ALLIED_SPOTTING in game.scenario.rules.options and game.nation.get(side) != "germany"


def _spotter(ranked: list[str], column: int, allied: bool) -> str:
    """The Spotting unit of the side's ``column``-th Battery (0 first): the nearest; with Allied
    Spotting one per Battery in that order, the nearest again once each has one [OP II.B.4]."""
    if not ranked:
        return ""
    return ranked[column] if allied and column < len(ranked) else ranked[0]


def _designated(game: ArmorGame, side: Side, item: str, number: int) -> tuple[Hex, ...]:
    found: list[Hex] = []
    for entry in side.barrages:
        if entry.unit != item or entry.number != number:
            continue
        if len(entry.hexes) > DESIGNATED:
            raise UnsupportedGameError(
                f"side {side.id}: {item} #{number} has {len(entry.hexes)} Designated hexes; a "
                f"Battery has two [OP II.A.2]"
            )
        for name in entry.hexes:
            try:
                found.append(game.amap.resolve(name))
            except KeyError:
                raise UnsupportedGameError(
                    f"side {side.id}: {item} #{number}'s Designated hex '{name}' is not on the "
                    "map [SCN III.G]"
                ) from None
    return tuple(found)


def batteries(game: ArmorGame) -> tuple[dict[str, Battery], list[BatteryReady]]:
    """The scenario's Batteries by id, and the events that announce them [OP II.B-C; SCN III.G].

    Raises:
        UnsupportedGameError: more Batteries than the Artillery Plot's ten columns, more than
            two Designated hexes for one, or a Designated hex not on the map.
    """
    found: dict[str, Battery] = {}
    events: list[BatteryReady] = []
    if not plays_artillery(game):
        return found, events
    catalogue = unit_types(GameSystem.ARMOR)
    for side in game.scenario.sides:
        column = 0
        numbers: dict[str, int] = {}
        ranked = _spotters(game, side.id)
        allied = allied_spotting(game, side.id)
        for purchase in side.purchases:
            entry = catalogue.get(purchase.item)
            if entry is None or entry.category != "artillery":
                continue
            for _ in range(purchase.count):
                column += 1
                if column > COLUMNS:
                    raise UnsupportedGameError(
                        f"side {side.id}: more than {COLUMNS} Artillery Batteries; the Artillery "
                        "Plot has ten columns [CS; OP II.C.1]"
                    )
                n = numbers[entry.id] = numbers.get(entry.id, 0) + 1
                spotter = _spotter(ranked, column - 1, allied)
                v = entry.values
                called = v["called_delay"]
                battery = Battery(
                    id=f"{side.id}.{entry.id}.{n}",
                    side=side.id,
                    item=entry.id,
                    name=entry.name,
                    impact_unit=column,
                    gp=int(str(unwrap(v["gp"]))),
                    scatter={
                        "P": _top(unwrap(v["planned_scatter"])),
                        "D": _top(unwrap(v["designated_scatter"])),
                        "C": _top(unwrap(v["called_scatter"])),
                    },
                    delay={
                        "D": int(str(unwrap(v["designated_delay"]))),
                        "C": int(str(unwrap(called))),
                    },
                    delay_placeholder=getattr(called, "placeholder", None) or "",
                    spotter=spotter,
                    designated=_designated(game, side, entry.id, n),
                )
                found[battery.id] = battery
                names = tuple(game.name(h) for h in battery.designated)
                events.append(
                    BatteryReady(
                        battery.id,
                        column,
                        battery.gp,
                        spotter,
                        names,
                        SPOTTER_CHOICE + (ALLIED_CHOICE if allied else ""),
                        private_to=side.id,
                    )
                )
    return found, events
