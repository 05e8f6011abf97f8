"""The values a line of sight returns, and the view of one line the books' rules read.

:class:`Obstacle` and :class:`LosResult` are the public values (re-exported by
:mod:`rules.los.query`); :class:`Sight` bundles one line's trace with the map and the system's
terrain table, so that each book's rules (:mod:`rules.armor.los`, :mod:`rules.los.books`) read like
the book.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Literal

from model.hexes import Hex, Hexside
from model.terrainview import MapTerrain
from rules.los.geometry import AlongStep, CrossStep, HexStep, Trace
from rules.los.terrain import TerrainLos

Effect = Literal["hinders", "blocks"]
Verdict = Literal["clear", "hindered", "blocked"]


@dataclass(frozen=True)
class Height:
    """A height above its hex's ground that an end of a line of sight may take, as a book
    gives it (an upper storey, a plane). A unit on a hill is terrain, not a height.

    Attributes:
        id: ``ground`` (where every unit stands unless told otherwise), ``storey-3``, ``plane``.
        label: what the designer reads ("3rd storey (+2)").
        rule: the rule cited for it.
    """

    id: str
    label: str
    rule: str = ""


#: Where a unit stands when nothing else is said: at its hex's level, as the terrain makes it.
GROUND = Height("ground", "On the ground")


@dataclass(frozen=True)
class Heights:
    """The heights a system's book lets the two ends of a line of sight take.

    Attributes:
        choices: the ground first, then any others the book has.
        note: what the book says about heights, cited (shown beside the choices, or instead of
            them when the book has none but the ground).
    """

    choices: tuple[Height, ...] = (GROUND,)
    note: str = ""

    def find(self, height_id: str) -> Height | None:
        return next((h for h in self.choices if h.id == height_id), None)


@dataclass(frozen=True)
class Obstacle:
    """Something on the line that blocks it (or, in a book that had them, hinders it).

    Attributes:
        where: printed hex name ("J1203") or hexside ("J1203/J1204").
        hex: the hex, for an obstacle in a hex.
        hexside: the hexside, for a hexside feature or a line running along a hexside.
        terrain: the terrain id that obstructs.
        effect: ``blocks`` (no book of the four has terrain that only hinders).
        rule: the rule cited, e.g. "Panzer '44 [11.11]"; a choice of Hexwright's where a book
            is silent or cut short says ``placeholder: <what it is based on>``.
        reason: one plain sentence: why it obstructs (heights, etc.).
    """

    where: str
    hex: Hex | None
    hexside: Hexside | None
    terrain: str
    effect: Effect
    rule: str
    reason: str


@dataclass(frozen=True)
class LosResult:
    """The line of sight from ``hexes[0]`` to ``hexes[-1]`` and what decides it.

    Attributes:
        verdict: ``clear``, ``hindered`` or ``blocked``.
        hexes: the hexes the line passes through, a to b inclusive, including hexes whose
            corner it clips; where it runs exactly along a hexside, both hexes of that side
            (left, then right, seen from a). Hexes it meets at one corner point only, and hexes
            off the map (the notches of a staggered layout), are left out.
        along_hexsides: hexsides the line runs exactly along, if any.
        obstacles: everything that hinders or blocks, in order from a.
        decided_by: the first blocking obstacle (or None).
        rule: the rule that decided the verdict, cited.
        explanation: one or two sentences for the designer.
        notes: how an end raised above the ground was judged (its level, a storey the hex
            lacks), each cited; empty for two units on the ground.
    """

    verdict: Verdict
    hexes: tuple[Hex, ...]
    along_hexsides: tuple[Hexside, ...]
    obstacles: tuple[Obstacle, ...]
    decided_by: Obstacle | None
    rule: str
    explanation: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sight:
    """One line on one map, as the rules read it.

    Why the memos: the view works terrain options out on every query, and a rule may ask about
    a hex more than once (its ground for a crest beside it, its terrain for a blindspot).

    ``heights``: the observer's and the target's :class:`Height` ids; ``notes``: what a rule
    says about how it took them (it appends; the query hands them on in the result).
    """

    view: MapTerrain
    trace: Trace
    table: Mapping[str, TerrainLos]
    heights: tuple[str, str] = (GROUND.id, GROUND.id)
    notes: list[str] = field(default_factory=list, repr=False, compare=False)
    _terrain: dict[Hex, str] = field(default_factory=dict, repr=False, compare=False)
    _ground: dict[Hex, int] = field(default_factory=dict, repr=False, compare=False)
    _end_sides: frozenset[Hexside] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ends = (self.trace.a, self.trace.b)
        sides = frozenset(Hexside.of(h, d) for h in ends for d in range(6))
        object.__setattr__(self, "_end_sides", sides)

    @property
    def a(self) -> Hex:
        return self.trace.a

    @property
    def b(self) -> Hex:
        return self.trace.b

    @property
    def adjacent(self) -> bool:
        return self.a.distance(self.b) <= 1

    def between(self) -> Iterator[HexStep | CrossStep | AlongStep]:
        """The steps strictly between the two ends (the hexes passed through, hexsides crossed
        and hexsides run along), in order from a; corner points are left out."""
        for step in self.trace.steps:
            if isinstance(step, HexStep):
                if step.hex not in (self.a, self.b) and step.hex in self.view:
                    yield step
            elif isinstance(step, CrossStep | AlongStep):
                yield step

    def terrain_id(self, h: Hex) -> str:
        """The terrain that counts in ``h`` (terrain options applied); "" off the map."""
        found = self._terrain.get(h)
        if found is None:
            found = self._terrain[h] = self.view.terrain(h) if h in self.view else ""
        return found

    def terrain(self, h: Hex) -> TerrainLos | None:
        """The terrain of ``h`` as lines of sight see it (None: unknown to the system)."""
        return self.table.get(self.terrain_id(h))

    def features(self, side: Hexside) -> list[TerrainLos]:
        """The hexside's features the system knows, in a stable order."""
        found = self.view.hexside_features(side)
        return [self.table[f] for f in sorted(found) if f in self.table]

    def ground(self, h: Hex) -> int:
        """The ground level of ``h`` (0 off the map)."""
        found = self._ground.get(h)
        if found is None:
            found = self._ground[h] = self.view.ground(h) if h in self.view else 0
        return found

    def name(self, h: Hex) -> str:
        return self.view.amap.name(h) if h in self.view else str(h)

    def side_name(self, side: Hexside) -> str:
        return "/".join(sorted(self.name(h) for h in side.hexes))

    def borders_an_end(self, side: Hexside) -> bool:
        """The hexside is one of the six sides of the observer's or the target's hex."""
        return side in self._end_sides

    def at_hex(self, h: Hex, terrain: str, rule: str, reason: str) -> Obstacle:
        return Obstacle(self.name(h), h, None, terrain, "blocks", rule, reason)

    def at_side(self, side: Hexside, terrain: str, rule: str, reason: str) -> Obstacle:
        return Obstacle(self.side_name(side), None, side, terrain, "blocks", rule, reason)


def touches(h: Hex, side: Hexside) -> bool:
    """``h`` is one of the hexes of ``side`` or one of the two hexes at its ends."""
    x, y = side.hexes
    return h in (x, y) or (h.distance(x) == 1 and h.distance(y) == 1)


def with_data(rule: str, terrain: TerrainLos) -> str:
    """A rule citation, with the terrain value's placeholder appended when the book does not
    give that value (so a placeholder is never passed off as the book's)."""
    return f"{rule}; {terrain.id}: {terrain.cite}" if terrain.placeholder else rule


#: A book's ruling on a line: the obstacles that block it, in order from the observer; when
#: none does, the rule and why that make it clear.
Ruling = tuple[list[Obstacle], str, str]


def blocking_features(s: Sight, side: Hexside) -> list[TerrainLos]:
    """The features of a hexside that block lines of sight."""
    return [f for f in s.features(side) if f.blocks]
