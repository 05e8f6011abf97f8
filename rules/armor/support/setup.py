"""Terrain Support Unit Set Up [SCN III.F; Setup II.D]: "the defending player now places any
Terrain Support units on the mapboard", after the terrain and before the Combat units.

Where they come from:

- a side's force entries of Terrain Support units (``unit: WIRE``), the scenario's own: on the
  entry's ``hex`` placement when it gives one and the hex is allowed; else, as bought ones;
- a side's purchases of Terrain Support units (``purchases: [{item: WIRE, count: 2}]``), which
  the owner places [SCN III.D.2.a]; the engine, which needs a position, stands in for that
  choice deterministically and says so in the event.

Where each may go [Setup II.D.1-8]: not in the hexes its section names (Building, Stream,
River; Depression for a Ditch), not with the units it names (a Ditch not with a Span unit), and
never closer than five hexes range from a mapboard side (our reading of the range: the hexes
from the nearest edge hex, as the scenarios' regions count "at least 8 hexes from Side A");
3A's and 3C's "over five hexes from the mapboard sides" [SCN VII.A.5; VII.C.5], a ``text``
rule of the scenario, sets them up six or more out (:func:`rules.armor.support.works.edge_rule`).
The engine's choice: a Pillbox or Bunker on the hex of one of its side's Leg or Towed units
(they are set up inside it; our reading, the Enter order "E" not being in this slice), else
beside its side's units; Block, Ditch, Wire and Mine units three hexes out from its side's
units toward the enemy, one to a hex, in no hex a Combat unit stands in, nearest first, then
in printed-ID order.

Mines [OP IV.B]: the exact hexes, types and sizes are the owner's secret; the engine lays, for
the owner, a 50TK Anti-Tank and a 20 GP Anti-personnel Mine in the Mine unit's hex and each
hex around it that is not a Building or River hex nor holds its side's Combat units (a
placeholder: the middle sizes, since the points by size are on Data Cards 110 and 137, not in
the text). The event saying where is private to the owner. The owner may write his own instead
(:mod:`rules.armor.support.laying`, the ``mines`` action [OP IV.B.1]).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import HexPlacement, Side
from rules.armor.support.events import MinesLaid, Sheltered, SupportSetUp
from rules.armor.support.works import (
    EDGE_RANGE,
    KINDS,
    NOT_IN,
    NOT_WITH,
    PLAYED,
    SECTION,
    SHELTERS,
    Mine,
    SupportUnit,
    Works,
    edge_rule,
)
from rules.armor.units import resolve_type
from rules.engine.errors import RulesError
from rules.engine.events import Event

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame
    from rules.checks.base import CheckContext, Finding

CHOICE = "standing in for the owner's choice [SCN III.F]"
MINE_CHOICE = (
    "the engine's choice for the owner [OP IV.B]: a 50TK Anti-Tank and a 20 GP Anti-personnel "
    "Mine in each hex (placeholder: the middle sizes [OP IV.A]; the points by size are on Data "
    "Cards 110 and 137, not in the text)"
)
NOT_ARMOR_GAME = "not used in the Armor Game [Setup II.D.8]"
#: How far out from its side's units the engine sets up obstacles (our choice).
OUT = 3
MINE_AT, MINE_AP = 50, 20


def support_kind(side: Side, code: str) -> str | None:
    """The Terrain Support kind a unit code names (``wire``), None for any other unit."""
    try:
        unit = resolve_type(side, code)
    except RulesError:
        return None
    return KINDS.get(unit.id) if unit.category == "terrain-support" else None


@dataclass
class _Placing:
    """The set-up so far (see :func:`set_up`)."""

    game: ArmorGame
    edge: dict[Hex, int]
    #: The least range from a mapboard side, and its rule [Setup II.D.8; SCN VII.A.5; VII.C.5].
    least: tuple[int, str] = (EDGE_RANGE, "Armor [Setup II.D.8]")
    units: list[SupportUnit] = field(default_factory=list)
    mines: dict[Hex, tuple[Mine, ...]] = field(default_factory=dict)
    inside: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)

    def kinds_at(self, h: Hex) -> set[str]:
        """The units in ``h`` a restriction names: those set up, a painted Terrain Support
        terrain, a Span."""
        terrain = self.game.terrain.terrain(h)
        found = {u.kind for u in self.units if u.hex == h}
        return found | ({terrain} & (set(NOT_WITH) | {"span"}))

    def why_not(self, kind: str, h: Hex) -> str | None:
        """Why a ``kind`` unit may not be set up in ``h`` [Setup II.D], or None."""
        if h not in self.game.amap.hexes:
            return "not on the mapboard"
        least, rule = self.least
        if self.edge.get(h, -1) < least:
            if least == EDGE_RANGE:
                return f"closer than {EDGE_RANGE} hexes range from a mapboard side [Setup II.D.8]"
            return f"not over {least - 1} hexes from the mapboard sides ({rule})"
        banned = _classes(self.game, h) & NOT_IN[kind]
        if banned:
            return f"not in a {', '.join(sorted(banned))} hex [{SECTION[kind]}]"
        clash = self.kinds_at(h) & NOT_WITH[kind]
        if clash:
            return f"not in the same hex as a {', '.join(sorted(clash))} unit [{SECTION[kind]}]"
        return _combat_clash(self.game, kind, h)

    def add(self, side: Side, kind: str, number: int, code: str, h: Hex, how: str) -> None:
        unit = SupportUnit(f"{side.id}.{code}.{number}", side.id, kind, h)
        self.units.append(unit)
        self.events.append(SupportSetUp(unit.id, unit.name, self.game.name(h), how))
        if kind in SHELTERS:
            self._shelter(unit)
        if kind == "mines":
            self._lay(unit)

    def _shelter(self, unit: SupportUnit) -> None:
        """Its side's Leg and Towed units set up in its hex are inside (stacked under it [CS])."""
        dep = self.game.deployment
        for u in self.game.units.values():
            if u.side != unit.side or not (u.leg or u.towed) or u.id in dep.carried:
                continue
            if dep.hexes.get(u.id) == unit.hex and u.id not in self.inside:
                self.inside[u.id] = unit.id
                self.events.append(Sheltered(u.id, unit.name, self.game.name(unit.hex)))

    def _lay(self, unit: SupportUnit) -> None:
        """The Mines of a Mine unit, laid for its owner (see the module)."""
        hexes = self.game.deployment.hexes
        own = {h for u, h in hexes.items() if self.game.units[u].side == unit.side}
        laid: list[Hex] = []
        for h in sorted((unit.hex, *unit.hex.neighbors()), key=self.game.name):
            if h not in self.game.amap.hexes or h in own or h in self.mines:
                continue
            if _classes(self.game, h) & NOT_IN["mines"]:
                continue
            at = Mine(unit.side, unit.id, "AT", MINE_AT)
            ap = Mine(unit.side, unit.id, "AP", MINE_AP)
            self.mines[h] = (at, ap)
            laid.append(h)
        names = tuple(self.game.name(h) for h in laid)
        self.events.append(MinesLaid(unit.id, names, MINE_CHOICE, private_to=unit.side))


def set_up(game: ArmorGame) -> tuple[Works, tuple[Event, ...]]:
    """Every Terrain Support unit of the scenario, where it stands [SCN III.F], and the
    events that say so (the Mines' private to their owner [OP IV.B])."""
    wanted = list(_wanted(game))
    if not wanted:
        return Works(), ()
    placing = _Placing(
        game, {} if not game.advanced else edge_ranges(game), edge_rule(game.scenario)
    )
    numbers: dict[tuple[str, str], int] = {}
    for side, code, kind, hex_name in wanted:
        key = (side.id, code)
        numbers[key] = numbers.get(key, 0) + 1
        name = f"{side.id} {code}"
        if not game.advanced:
            placing.left_out.append(f"{name}: {NOT_ARMOR_GAME}")
            continue
        if kind not in PLAYED:
            placing.left_out.append(f"{name}: not set up nor played in this slice")
            continue
        h, how = _where(placing, side, kind, hex_name)
        if h is None:
            placing.left_out.append(f"{name}: {how}")
            continue
        placing.add(side, kind, numbers[key], code, h, how)
    works = Works(
        tuple(placing.units), dict(placing.mines), dict(placing.inside), tuple(placing.left_out)
    )
    return works, tuple(placing.events)


def _wanted(game: ArmorGame) -> Iterable[tuple[Side, str, str, str | None]]:
    """Each Terrain Support unit a side lists or bought: side, code, kind, the listed hex."""
    for side in game.scenario.sides:
        for entry in side.forces:
            kind = support_kind(side, entry.unit)
            if kind is None:
                continue
            placement = entry.placement
            hex_name = placement.hex if isinstance(placement, HexPlacement) else None
            for _ in range(entry.count):
                yield side, entry.unit, kind, hex_name
        for item in side.purchases:
            kind = support_kind(side, item.item)
            if kind is not None:
                for _ in range(item.count):
                    yield side, item.item, kind, None


def _where(
    placing: _Placing, side: Side, kind: str, hex_name: str | None
) -> tuple[Hex | None, str]:
    """The hex the unit goes in and how it was chosen; None and why when no hex may hold it."""
    game = placing.game
    if hex_name is not None:
        try:
            h = game.amap.resolve(hex_name)
        except KeyError as error:
            chosen, how = _choose(placing, side, kind)
            return chosen, f"{str(error).strip(chr(34) + chr(39))}; {how}"
        why = placing.why_not(kind, h)
        if why is None:
            return h, f"its hex [{SECTION[kind]}]"
        chosen, how = _choose(placing, side, kind)
        return chosen, f"{hex_name} may not hold it ({why}); {how}"
    return _choose(placing, side, kind)


def _choose(placing: _Placing, side: Side, kind: str) -> tuple[Hex | None, str]:
    game = placing.game
    own, enemy = _centres(game, side.id)
    taken = {u.hex for u in placing.units}
    if kind in SHELTERS:
        shelters = [
            game.deployment.hexes[u.id]
            for u in game.units.values()
            if u.side == side.id
            and (u.leg or u.towed)
            and u.id in game.deployment.hexes
            and u.id not in game.deployment.carried
        ]
        for h in sorted(set(shelters), key=lambda h: (h.distance(own), game.name(h))):
            if h not in taken and placing.why_not(kind, h) is None:
                return h, f"{CHOICE}: on its side's Leg or Towed unit, which is set up inside"

        def rank(h: Hex) -> tuple[int, int, str]:
            return (h.distance(own), 0, game.name(h))
    else:

        def rank(h: Hex) -> tuple[int, int, str]:
            return (abs(h.distance(own) - OUT), h.distance(enemy), game.name(h))

    occupied = set(game.deployment.hexes.values())
    for h in sorted((h for h in placing.edge if h not in taken and h not in occupied), key=rank):
        if placing.why_not(kind, h) is None:
            where = "beside its side's units" if kind in SHELTERS else "toward the enemy"
            how = f"{CHOICE}: {where}, the nearest hex it may go in [Setup II.D]"
            least, rule = placing.least
            if least != EDGE_RANGE:
                how += f"; over {least - 1} hexes from the mapboard sides ({rule})"
            return h, how
    return None, f"no hex may hold it [{SECTION[kind]}; Setup II.D.8]"


def _centres(game: ArmorGame, side: str) -> tuple[Hex, Hex]:
    """The middle of ``side``'s set-up and of the enemy's (the map's middle when empty)."""
    mine = [h for u, h in game.deployment.hexes.items() if game.units[u].side == side]
    theirs = [h for u, h in game.deployment.hexes.items() if game.units[u].side != side]
    middle = game.deployment_centre
    return _middle(mine) or middle, _middle(theirs) or middle


def _middle(hexes: list[Hex]) -> Hex | None:
    if not hexes:
        return None
    n = len(hexes)
    return Hex(round(sum(h.q for h in hexes) / n), round(sum(h.r for h in hexes) / n))


def edge_ranges(game: ArmorGame) -> dict[Hex, int]:
    """Each hex's range from the nearest mapboard side: the hexes from the nearest edge hex
    (one beside a hex off the map), an edge hex 0 (our reading of "range from a mapboard
    side" [Setup II.D.8], as the scenarios' regions read "at least 8 hexes from Side A")."""
    hexes = game.amap.hexes
    found: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for h in sorted(hexes):
        if any(n not in hexes for n in h.neighbors()):
            found[h] = 0
            queue.append(h)
    while queue:
        h = queue.popleft()
        for n in h.neighbors():
            if n in hexes and n not in found:
                found[n] = found[h] + 1
                queue.append(n)
    return found


def _classes(game: ArmorGame, h: Hex) -> set[str]:
    """What [Setup II.D] calls the hex: Building, Stream, River, Depression."""
    eff = game.terrain.effective(h)
    found: set[str] = set()
    if eff.terrain.endswith("building") or eff.terrain == "building":
        found.add("building")
    if eff.terrain in ("stream", "ford") or "stream" in eff.paths:
        found.add("stream")
    if eff.terrain in ("river", "depression"):
        found.add(eff.terrain)
    return found


def _combat_clash(game: ArmorGame, kind: str, h: Hex) -> str | None:
    """Combat units set up in ``h`` that may not be in such a hex: Vehicles in Block or Ditch
    [ADV V.D.3], Leg units in Wire [ADV V.A.4], Towed units in Ditch or Wire [ADV V.B.3]."""
    for u, at in game.deployment.hexes.items():
        if at != h:
            continue
        spec = game.units[u]
        if spec.vehicle and kind in ("block", "ditch"):
            return f"a Vehicle unit stands there, and may not be in a {kind} hex [ADV V.D.3]"
        if spec.leg and kind == "wire":
            return "a Leg unit stands there, and may not be in a Wire hex [ADV V.A.4]"
        if spec.towed and kind in ("ditch", "wire"):
            return f"a Towed unit stands there, and may never be in a {kind} hex [ADV V.B.3]"
    return None


def combat_forces(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: a side not left to the purchase has a Combat unit among its forces
    at the start. With reinforcements only, or Terrain Support units only [SCN III.F], the
    engine has no side to play ("has no forces") and the game does not start, though it was
    called valid (found by random editor edits followed by a game)."""
    from rules.pointbuy.purchase import needs_purchase

    bought = set(needs_purchase(ctx.scenario))
    for i, side in enumerate(ctx.scenario.sides):
        later = any(r.units for r in side.reinforcements)
        if side.id in bought or not (side.forces or later):
            continue  # bought, or no units at all (the check empty-side)
        if any(support_kind(side, e.unit) is None for e in side.forces):
            continue
        what = "only Terrain Support units" if side.forces else "only reinforcements"
        message = (
            f"{side.name} has no Combat unit at the start ({what}): test play starts a side "
            "from its forces; give it some, or leave all its forces to the purchase"
        )
        path = ("sides", i, "forces") if side.forces else ("sides", i)
        yield ctx.finding("error", "combat-forces", message, "Armor [SCN III.D; III.F]", path)
