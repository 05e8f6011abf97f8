"""The region language: sets of hexes as the books describe them.

Scenarios place forces, name objectives and restrict play with phrases such as "east of hexrow
3700, inclusive" (Panzer '44 [19.1]), "within 5 hexes of a corner" (Armor [SCN V.B]), "zones 7
and 8 of map C" (Soldiers 10), "the two mapboard sections that do not include Side A" (Armor
[SCN VI.A]) or "on road between hex 2912 and hex 3520" (Panzer '44 [20.1]). Each phrase is one
typed :data:`Region`; :func:`evaluate` turns a region into the hexes of an assembled map, and
reports every hex or name that does not exist as a :class:`RegionError` with its path.

Regions in files are written as mappings with a ``kind``::

    {kind: hexrow, column: 37, side: east, inclusive: true}
    {kind: within, distance: 5, of: {kind: corners, corners: [1, 4]}}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field

from model.base import StrictModel
from model.edges import MapEdges
from model.errors import form
from model.hexes import Hex
from model.layout import AssembledMap
from model.limits import MAX_DISTANCE

HexName = Annotated[
    str,
    Field(
        pattern=form(
            r"^\s*([A-Za-z][A-Za-z0-9_]*\s*/?\s*)?\d{4}\s*$",
            "a hex name",
            "write it like K1216, C/1508, or 0119 on a single map",
        ),
        description="a printed hex name: J1511, C/1508, or 0119 on a single map",
    ),
]


class HexesRegion(StrictModel):
    """Listed hexes."""

    kind: Literal["hexes"] = "hexes"
    hexes: list[HexName] = Field(min_length=1)


class WholeMap(StrictModel):
    """Every hex of the map ("anywhere on the mapboard")."""

    kind: Literal["map"] = "map"


class Hexrow(StrictModel):
    """One side of a printed hexrow: Panzer '44 writes a column as "hexrow 3700" and a row as
    "hexrow 0012" [18.41]. Columns and rows are printed numbers of the map named, or of the
    first section."""

    kind: Literal["hexrow"] = "hexrow"
    column: int | None = None
    row: int | None = None
    side: Literal["north", "south", "east", "west", "on"]
    inclusive: bool = Field(description="does the hexrow itself belong to the region?")
    board: str | None = Field(default=None, description="section whose numbering applies")


class LineSide(StrictModel):
    """One side of the straight line between two hex centres ("south of the line hex 0119
    through hex 3134, inclusive", Panzer '44 [18.41])."""

    kind: Literal["line-side"] = "line-side"
    start: HexName
    end: HexName
    side: Literal["north", "south", "east", "west"]
    inclusive: bool


class Polygon(StrictModel):
    """Hexes inside the polygon through the centres of the corner hexes ("the quadrilateral
    1316-1718-2215-1813, inclusive", Panzer '44 [19.2])."""

    kind: Literal["polygon"] = "polygon"
    corners: list[HexName] = Field(min_length=3)
    inclusive: bool = True


class PathBetween(StrictModel):
    """Hexes along a road or other path feature between two hexes, both inclusive ("on road
    between hex 2912 and hex 3520", Panzer '44 [20.1])."""

    kind: Literal["path"] = "path"
    feature: str = "road"
    start: HexName
    end: HexName


class Place(StrictModel):
    """A named place on the boards (a town, a wood, a height, a building)."""

    kind: Literal["place"] = "place"
    name: str
    board: str | None = None


class Zones(StrictModel):
    """Numbered zones of a map or section (Soldiers' nine zones per map [2.22])."""

    kind: Literal["zones"] = "zones"
    board: str
    zones: list[int] = Field(min_length=1)


class Sections(StrictModel):
    """Whole sections ("the mapboard section that includes Side B")."""

    kind: Literal["sections"] = "sections"
    sections: list[str] = Field(default_factory=list)
    including_side: str | None = Field(default=None, description="sections touching this Side")
    excluding_side: str | None = Field(default=None, description="sections not touching it")
    center: bool = Field(default=False, description="the middle section of the line")


class EdgeRegion(StrictModel):
    """Map-edge hexes: a compass edge, an Armor Side (A-D) or a board's own edge, optionally
    only between two hexes ("6101-6125, inclusive")."""

    kind: Literal["edge"] = "edge"
    edge: Literal["north", "south", "east", "west", "A", "B", "C", "D"]
    board: str | None = Field(default=None, description="only this board's part of the edge")
    start: HexName | None = None
    end: HexName | None = None


class Corners(StrictModel):
    """Armor's numbered Corners 1-4 [SCN V.A.1] (use inside ``within``)."""

    kind: Literal["corners"] = "corners"
    corners: list[int] = Field(min_length=1)


class CenterHexes(StrictModel):
    """The Center hexes of sections (Armor [Intro III.A.1.b]); all sections when none named."""

    kind: Literal["center-hexes"] = "center-hexes"
    sections: list[str] = Field(default_factory=list)
    center_section: bool = False


class Within(StrictModel):
    """Hexes within ``distance`` of another region (``inclusive`` of that region itself)."""

    kind: Literal["within"] = "within"
    distance: int = Field(ge=0, le=MAX_DISTANCE)
    of: Region


class AwayFrom(StrictModel):
    """Hexes at least ``distance`` hexes from a region ("at least 8 hexes from Side A")."""

    kind: Literal["away-from"] = "away-from"
    distance: int = Field(ge=0, le=MAX_DISTANCE)
    of: Region


class SideOf(StrictModel):
    """Hexes on one side of a linear feature: flood fill from a map edge without crossing it
    ("south of the Rhine-Meuse Canal", Panzer '44 [19.3])."""

    kind: Literal["side-of"] = "side-of"
    feature: str
    side: Literal["north", "south", "east", "west"]
    adjacent: bool = Field(default=True, description="may a hex next to the feature belong?")


class TerrainFilter(StrictModel):
    """Hexes of given terrain (or carrying a path feature) inside another region."""

    kind: Literal["terrain"] = "terrain"
    terrain: list[str] = Field(min_length=1)
    within: Region | None = None


class AllOf(StrictModel):
    """Hexes in every one of the regions (intersection)."""

    kind: Literal["all-of"] = "all-of"
    regions: list[Region] = Field(min_length=1)


class AnyOf(StrictModel):
    """Hexes in any of the regions (union)."""

    kind: Literal["any-of"] = "any-of"
    regions: list[Region] = Field(min_length=1)


class Outside(StrictModel):
    """Hexes of the map not in the region."""

    kind: Literal["outside"] = "outside"
    region: Region


class Choice(StrictModel):
    """One of several regions, chosen (secretly, by a side) before play ("exit zone 3 or 2")."""

    kind: Literal["choice"] = "choice"
    chosen_by: str | None = None
    options: list[Region] = Field(min_length=2)


Region = Annotated[
    HexesRegion
    | WholeMap
    | Hexrow
    | LineSide
    | Polygon
    | PathBetween
    | Place
    | Zones
    | Sections
    | EdgeRegion
    | Corners
    | CenterHexes
    | Within
    | AwayFrom
    | SideOf
    | TerrainFilter
    | AllOf
    | AnyOf
    | Outside
    | Choice,
    Field(discriminator="kind"),
]


class RegionError(ValueError):
    """A region names something the map does not have; ``path`` is relative to the region."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass
class RegionContext:
    """What evaluating a region needs: the map, its edges, and errors found so far."""

    amap: AssembledMap
    terrain_of: Callable[[Hex], Iterable[str]] | None = None
    #: Terrain laid over the boards by the scenario (overlay counters), top last, by hex.
    overlay_terrain: Mapping[Hex, Sequence[str]] = field(default_factory=dict)
    errors: list[RegionError] = field(default_factory=list)
    _edges: MapEdges | None = None
    #: The most hexes all the regions worked out with this context may hold together, nested
    #: ones counted too (None: no limit). A file's reader and its checks set it
    #: (:data:`~model.limits.MAX_REGION_HEXES`): ten thousand regions each as large as the map
    #: would take minutes and gigabytes.
    budget: int | None = None
    #: The hexes counted against ``budget`` so far.
    counted: int = 0
    #: The map's hexes and their axial coordinates as arrays, made by the first region that
    #: measures distances over the whole map (``model.region_eval``).
    _coords: Any = None

    @property
    def edges(self) -> MapEdges:
        if self._edges is None:
            self._edges = self.amap.edges
        return self._edges

    def resolve(self, name: str, path: tuple[str | int, ...]) -> Hex | None:
        try:
            return self.amap.resolve(name)
        except KeyError as exc:
            self.errors.append(RegionError(path, str(exc.args[0])))
            return None


def evaluate(
    region: Region, ctx: RegionContext, path: tuple[str | int, ...] = ()
) -> frozenset[Hex]:
    """The hexes of ``region`` on ``ctx.amap``. Problems go to ``ctx.errors``; a region with a
    problem evaluates to what could be resolved (:mod:`model.region_eval` works it out)."""
    from model.region_eval import hexes_of  # local: the evaluation reads these types

    return hexes_of(region, ctx, path)
