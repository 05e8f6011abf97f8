"""What the map of a scenario is, hex by hex and hexside by hexside.

The boards print terrain, elevation, hexside features (crests, hedges, walls) and paths (roads,
streams running across hexsides); a scenario paints terrain and elevation, adds or removes
hexside features, and lays overlay counters on top. :class:`MapTerrain` answers every question
about the result in one place, for the map painter, the Inspector, the line-of-sight tool and
the rules engine's movement. The boards themselves are never changed.

The boards' part is worked out once per assembled map (:class:`BoardSides`); the scenario's
layers are cheap to put on again after an edit (:meth:`MapTerrain.with_layers`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from model.hexes import Hex, Hexside
from model.layout import AssembledMap
from model.mapstate import TerrainEdits
from model.overlays import OverlayMap

TerrainSource = Literal["printed", "painted", "overlay"]


@dataclass(frozen=True)
class BoardSides:
    """The hexside features and paths the boards print, in map coordinates."""

    features: Mapping[Hexside, frozenset[str]]
    paths: Mapping[Hexside, frozenset[str]]

    @classmethod
    def of(cls, amap: AssembledMap) -> BoardSides:
        features: dict[Hexside, set[str]] = {}
        paths: dict[Hexside, set[str]] = {}
        for placement in amap.placements:
            section = amap.section_of(placement)
            for source, target in (
                (section.hexside_features, features),
                (section.path_features, paths),
            ):
                for side, found in source.items():
                    a, b = (placement.to_global(h) for h in side.hexes)
                    if a in amap.hexes or b in amap.hexes:
                        target.setdefault(Hexside.between(a, b), set()).update(found)
        return cls(
            {s: frozenset(f) for s, f in features.items()},
            {s: frozenset(f) for s, f in paths.items()},
        )


@dataclass(frozen=True)
class MapTerrain:
    """The terrain of an assembled map with a scenario's edits and overlays.

    Attributes:
        amap: the assembled map.
        overlays: the overlay counters placed (top of the stack wins a hex's terrain).
        edits: the scenario's painted terrain, elevation and hexside edits.
        options: the scenario's terrain options (``map.terrain_options``), by option id.
    """

    amap: AssembledMap
    overlays: OverlayMap = field(default_factory=OverlayMap)
    edits: TerrainEdits = field(default_factory=TerrainEdits)
    options: Mapping[str, str] = field(default_factory=dict)
    board_sides: BoardSides | None = None

    def __post_init__(self) -> None:
        if self.board_sides is None:
            object.__setattr__(self, "board_sides", BoardSides.of(self.amap))

    def with_layers(
        self,
        overlays: OverlayMap | None = None,
        edits: TerrainEdits | None = None,
        options: Mapping[str, str] | None = None,
    ) -> MapTerrain:
        """The same map with other scenario layers; the boards' index is shared."""
        return replace(
            self,
            overlays=self.overlays if overlays is None else overlays,
            edits=self.edits if edits is None else edits,
            options=self.options if options is None else options,
        )

    @property
    def _sides(self) -> BoardSides:
        assert self.board_sides is not None  # set in __post_init__
        return self.board_sides

    # --- hexes ----------------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self.amap.hexes

    def hexes(self) -> Iterator[Hex]:
        return iter(self.amap.hexes)

    def printed(self, h: Hex) -> str:
        """The terrain the board prints in ``h`` (a seam hex: the earliest section's half)."""
        part = self.amap.hexes[h].parts[0]
        section = self.amap.section_of(self.amap.placements[part.placement])
        return section.terrain.get(part.local, "clear")

    def layers(self, h: Hex) -> tuple[str, TerrainSource]:
        """The terrain of ``h`` before terrain options, and which layer gives it."""
        overlay = self.overlays.terrain(h)
        if overlay is not None:
            return overlay, "overlay"
        painted = self.edits.terrain.get(h)
        if painted is not None:
            return painted, "painted"
        return self.printed(h), "printed"

    def terrain(self, h: Hex) -> str:
        """The terrain that counts in ``h``: the top overlay, else painted, else printed."""
        return self.layers(h)[0]

    def ground(self, h: Hex) -> int:
        """The ground level of ``h``: the board's (or painted) elevation plus stacked hills."""
        part = self.amap.hexes[h].parts[0]
        section = self.amap.section_of(self.amap.placements[part.placement])
        level = self.edits.elevation.get(h, section.elevation_of(part.local))
        return level + self.overlays.hill_levels(h)

    # --- hexsides -------------------------------------------------------------------------

    def hexside_features(self, side: Hexside) -> frozenset[str]:
        """Features along a hexside (crest, hedge, wall, stream...): the boards', then the
        scenario's additions and removals."""
        found = set(self._sides.features.get(side, ()))
        found |= self.edits.added.get(side, set())
        found -= self.edits.removed.get(side, set())
        return frozenset(found)

    def paths(self, side: Hexside) -> frozenset[str]:
        """Paths (roads, tracks, streams drawn centre to centre) that cross a hexside."""
        return self._sides.paths.get(side, frozenset())

    def all_hexside_features(self) -> dict[Hexside, frozenset[str]]:
        """Every hexside that has a feature, with its features."""
        sides = set(self._sides.features) | set(self.edits.added)
        found = {side: self.hexside_features(side) for side in sides}
        return {side: features for side, features in found.items() if features}

    def sides_of(self, h: Hex) -> list[tuple[int, frozenset[str], frozenset[str]]]:
        """(compass direction, features, paths) for each of the six sides of ``h``."""
        return [
            (d, self.hexside_features(side), self.paths(side))
            for d in range(6)
            for side in (Hexside.of(h, d),)
        ]
