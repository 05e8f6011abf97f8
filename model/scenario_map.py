"""The map part of a scenario file: the layout of board sections, the overlays laid on them,
terrain painted over them, the named objects, and a loose scenario's layout constraints
(the rest of the file is :mod:`model.scenario`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from model.base import StrictModel
from model.edges import Compass
from model.errors import form
from model.joins import JoinType
from model.limits import MAX_BOARD_SPAN, MAX_SECTIONS
from model.regions import HexName, Region

#: A hexside written as two hex names (for :func:`model.errors.form`).
_HEXSIDE = (r"^\S+/\S+$", "a hexside", "two adjacent hexes' names: J1203/J1204")

Identifier = Annotated[
    str,
    Field(
        pattern=form(
            r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$",
            "an id",
            "letters, digits, '_', '.', '+' or '-', not starting with a sign: J or board-2",
        )
    ),
]


class SectionSpec(StrictModel):
    """One section placed by a whole-hex offset (axial ``[q, r]``) and an optional flip."""

    section: str
    offset: tuple[int, int] = (0, 0)
    flipped: bool = False
    label: str | None = Field(default=None, description="printed-name prefix of a second copy")


class LayoutSpec(StrictModel):
    """How the sections are put together: exactly one of ``sections`` (explicit offsets),
    ``joins`` (Armor's notation, ``K3813-J3801, J1412-L1436``) or ``preset``."""

    sections: list[SectionSpec] | None = Field(default=None, max_length=MAX_SECTIONS)
    joins: str | None = None
    preset: JoinType | None = None
    order: list[str] = Field(
        default_factory=list, max_length=MAX_SECTIONS, description="sections of a preset, in order"
    )
    flipped: list[str] = Field(
        default_factory=list, max_length=MAX_SECTIONS, description="preset sections turned 180°"
    )
    stagger: int = Field(
        default=0,
        ge=-MAX_BOARD_SPAN,
        le=MAX_BOARD_SPAN,
        description="columns between staggered sections",
    )
    copies: dict[str, Annotated[int, Field(ge=1, le=MAX_SECTIONS)]] = Field(
        default_factory=dict, description="copies of a board owned"
    )
    side_a: Compass | None = Field(default=None, description="map edge that is Armor's Side A")
    open_order: bool = Field(
        default=False,
        description="the book leaves the order and facing of the sections to the players",
    )
    note: str = ""

    @model_validator(mode="after")
    def _one_way(self) -> LayoutSpec:
        ways = [self.sections is not None, self.joins is not None, self.preset is not None]
        if sum(ways) != 1:
            raise ValueError("give exactly one of 'sections', 'joins' or 'preset'")
        if self.preset is not None and not self.order:
            raise ValueError("a preset needs 'order', the sections from first to last")
        if self.joins is not None and self.joins.count(",") >= MAX_SECTIONS:
            raise ValueError(
                f"more than {MAX_SECTIONS} sections joined; a layout has at most {MAX_SECTIONS} "
                "(Hexwright's limit, far beyond any book's)"
            )
        return self


class OverlayPlacement(StrictModel):
    """A terrain overlay counter on the map: by its anchors (Armor [Setup II.C.1]: the hex under
    the triangle, then the hex under the number code), or by one hex and a rotation."""

    overlay: str = Field(description="overlay id from the system's overlay catalogue")
    triangle: HexName | None = None
    code: HexName | None = None
    hex: HexName | None = None
    rotation: int = Field(default=0, ge=0, le=5)
    level: int | None = Field(default=None, description="stacking level (hills)")

    @model_validator(mode="after")
    def _anchored(self) -> OverlayPlacement:
        if self.hex is None and self.triangle is None:
            raise ValueError("place an overlay by 'triangle' and 'code', or by 'hex'")
        if (self.triangle is None) != (self.code is None):
            raise ValueError("give both 'triangle' and 'code'")
        return self


class TerrainEdit(StrictModel):
    """Terrain painted over the boards for this scenario; the boards are never changed."""

    hexes: list[HexName] = Field(default_factory=list)
    terrain: str | None = None
    elevation: int | None = None
    hexsides: list[Annotated[str, Field(pattern=form(*_HEXSIDE))]] = Field(
        default_factory=list, description="'J1203/J1204' pairs of adjacent hexes"
    )
    feature: str | None = Field(default=None, description="hexside feature to add")
    remove: bool = Field(default=False, description="remove the feature instead of adding it")


class MapObjects(StrictModel):
    """A named set of objective objects (the bridge, supply dumps, IPs, buildings)."""

    name: str
    region: Region
    kind: str = Field(default="object", description="bridge, building, dump, fortification...")
    defense: int | None = None
    note: str = ""


class JoinTypeConstraint(StrictModel):
    """Every join of the layout is one of the allowed types (Armor 1A: edge-to-edge only)."""

    kind: Literal["join-type"] = "join-type"
    joins: list[JoinType] = Field(default_factory=list)
    text: str = ""


class RoadsMeetConstraint(StrictModel):
    """Across every join a road runs from one section into the other."""

    kind: Literal["roads-meet"] = "roads-meet"
    text: str = ""


class CountWithinConstraint(StrictModel):
    """At least ``count`` units of ``overlay`` within ``distance`` hexes of ``near``."""

    kind: Literal["count-within"] = "count-within"
    overlay: str | None = None
    count: int | None = None
    distance: int | None = None
    near: Region | None = None
    text: str = ""


class OverlayInConstraint(StrictModel):
    """Units of ``overlay`` only inside ``region``."""

    kind: Literal["overlay-in"] = "overlay-in"
    overlay: str | None = None
    region: Region | None = None
    text: str = ""


class AtLeastPerSectionConstraint(StrictModel):
    """Each section holds at least ``count`` units of ``overlay`` (none named: Building and
    Alley units)."""

    kind: Literal["at-least-per-section"] = "at-least-per-section"
    overlay: str | None = None
    count: int | None = None
    text: str = ""


class TextConstraint(StrictModel):
    """A layout constraint in the book's words, for the players to check by eye."""

    kind: Literal["text"] = "text"
    text: str = ""


#: A condition on the layout of a loose scenario (Armor's templates), checked by the editor
#: (``rules/checks/layout.py``): one model per ``kind``, so a field of another kind is an error.
LayoutConstraint = Annotated[
    JoinTypeConstraint
    | RoadsMeetConstraint
    | CountWithinConstraint
    | OverlayInConstraint
    | AtLeastPerSectionConstraint
    | TextConstraint,
    Field(discriminator="kind"),
]


class MapSetup(StrictModel):
    """Layout, overlays, painted terrain, terrain options and the playing area."""

    layout: LayoutSpec
    alternatives: dict[str, LayoutSpec] = Field(
        default_factory=dict, description="other layouts the scenario allows, by name"
    )
    terrain_options: dict[str, str] = Field(
        default_factory=dict, description="system terrain options, e.g. streams: clear"
    )
    overlays: list[OverlayPlacement] = Field(default_factory=list)
    overlay_pool: list[str] = Field(
        default_factory=list, description="overlay kinds the scenario uses (loose placement)"
    )
    terrain_edits: list[TerrainEdit] = Field(default_factory=list)
    play_area: Region | None = None
    objects: list[MapObjects] = Field(default_factory=list)
    constraints: list[LayoutConstraint] = Field(default_factory=list)
    water: dict[str, str] = Field(
        default_factory=dict, description="Soldiers: water type per map (river, stream...)"
    )
