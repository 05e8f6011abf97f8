"""Painting an assembled map with QPainter: for the map view and for ``hexwright render``.

Layers, bottom to top: paper, hex fills (each section's own half of a seam hex), elevation
shading, hexside features, paths (streams under roads), the hex grid, section outlines and
seams, Center hexes and Directional Hexagons, printed hex IDs (each on a pale plate), ground
levels as numbers (the editor's map), and section letters.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPainter,
    QPainterPath,
    QPixmap,
    QPolygonF,
    QTransform,
)

from editor.mapview.counter_art import paint_counters
from editor.mapview.shapes import (
    BoardChunk,
    BoardGeometry,
    board_chunks,
    board_geometry,
    cell_paths,
    hexes_outline,
    line_pen,
    qpolygon,
    section_frame,
)
from editor.mapview.spatial import Buckets
from editor.style import (
    GRID,
    HEXSIDE_STYLES,
    ID_TEXT,
    PAPER,
    PATH_STYLES,
    SEAM,
    LineStyle,
    hex_style,
    shaded,
)
from model.counters import MapCounter
from model.geometry import cell_polygon, corners, hexside_segment, map_bounds
from model.grid import SQRT3, CellKind, hex_to_pixel
from model.hexes import Hex, Hexside
from model.layout import AssembledMap
from model.mapstate import TerrainEdits
from model.overlays import OverlayMap
from model.terrainview import BoardSides, MapTerrain


@dataclass
class RenderOptions:
    """What to draw."""

    size: float = 24.0
    hex_ids: bool = True
    grid: bool = True
    seams: bool = True
    margin: float = 24.0
    #: How counters are printed (:data:`~editor.mapview.counter_art.COUNTER_STYLES`).
    counter_style: str = "values"
    #: Each laid section's letter, large and faint at its middle.
    section_letters: bool = True
    #: The ground level as a number in each hex above or below its board's ground (where hex
    #: IDs show), beside the tint (the editor's map).
    levels: bool = False


_T = TypeVar("_T")

#: Hexes across the flats when a map is printed (16 mm, about 5/8 inch: the common counter size).
DEFAULT_HEX_MM = 16.0

#: A map drawn small: no hex numbers, no grid (the Sections palette, the scenario browser).
THUMBNAIL = RenderOptions(size=6.0, hex_ids=False, grid=False)


class MapPainter:
    """Draws one assembled map; geometry that does not change is computed once."""

    def __init__(
        self,
        amap: AssembledMap,
        options: RenderOptions | None = None,
        overlays: OverlayMap | None = None,
        edits: TerrainEdits | None = None,
        board_sides: BoardSides | None = None,
        counters: Sequence[MapCounter] = (),
    ) -> None:
        """``board_sides``: the boards' hexside index when the caller has it already (the
        document's :class:`~model.terrainview.MapTerrain` does), so it is not worked out twice."""
        self.amap = amap
        self.counters = tuple(counters)
        self.options = options or RenderOptions()
        self.overlays = overlays
        self.edits = edits or TerrainEdits()
        size = self.options.size
        self.bounds = map_bounds(amap, size)
        # Each board's cells are drawn once into paths in its own frame and reused for every
        # placement of it (a 20,000-hex layout repeats three boards); painted terrain is a
        # layer on top.
        self._boards = [board_geometry(amap.section_of(p), size) for p in amap.placements]
        self._frames = [section_frame(p, size) for p in amap.placements]
        self._outlines = [
            frame.map(g.outline) for g, frame in zip(self._boards, self._frames, strict=True)
        ]
        self._labelled = _directional_hexes(amap)
        self._path_segments = self._path_features(size)
        self._board_sides = board_sides or BoardSides.of(amap)
        self._edit_paths = self._painted_paths(size)
        self._overlay_shapes = _overlay_shapes(overlays, size) if overlays else []
        self._sides = self.hexside_features()
        # Spatial indexes of the layers, made on the first painting of a part of the map (a
        # tile) and kept while what they index is the same object: name -> (source, index).
        self._indexes: dict[str, tuple[object, Buckets[Any]]] = {}
        # The ground levels shown, with the edits and overlays they were worked out from.
        self._levels_of: tuple[TerrainEdits, OverlayMap | None, dict[Hex, int]] | None = None

    def redrawn(self, overlays: OverlayMap | None, edits: TerrainEdits) -> MapPainter:
        """This map with the scenario's overlays and painted terrain as they are now.

        Only what changed is worked out again: a brush stroke asks for this at every step, and
        the boards' geometry, paths and hexside features stay as they are.
        """
        new = copy.copy(self)
        size = self.options.size
        if edits is not self.edits:
            new.edits = edits
            new._edit_paths = new._painted_paths(size)
            new._sides = new.hexside_features()
        if overlays is not self.overlays:
            new.overlays = overlays
            new._overlay_shapes = _overlay_shapes(overlays, size) if overlays else []
        return new

    def cropped(self, area: QRectF) -> MapPainter:
        """This map drawing only what lies in ``area`` (map pixels) and a hex around it: one
        page of a tiled print, whose file then holds that page's cells only, not the whole
        map's paths clipped."""
        new = copy.copy(self)
        size = self.options.size
        grown = area.adjusted(-2 * size, -2 * size, 2 * size, 2 * size)
        boards = []
        for placement, frame, geometry in zip(
            self.amap.placements, self._frames, self._boards, strict=True
        ):
            section = self.amap.section_of(placement)
            local = frame.inverted()[0].mapRect(grown)
            cells = [h for h in section.cells if local.contains(QPointF(*hex_to_pixel(h, size)))]
            fills, grid = cell_paths(section, cells, size)
            boards.append(replace(geometry, fills=fills, grid=grid, bounds=grid.boundingRect()))
        new._boards = boards
        new._sides = {
            side: features
            for side, features in self._sides.items()
            if any(grown.contains(QPointF(*hex_to_pixel(h, size))) for h in side.hexes)
        }
        new._path_segments = {
            feature: [(a, b) for a, b in segments if grown.contains(a) or grown.contains(b)]
            for feature, segments in self._path_segments.items()
        }
        new.counters = tuple(
            c for c in self.counters if grown.contains(QPointF(*hex_to_pixel(c.hex, size)))
        )
        return new

    def changed_area(self, old: MapPainter) -> QRectF | None:
        """Where this painter draws differently from ``old`` (the same map with other scenario
        layers), so the view repaints only that; ``None`` when it cannot tell (repaint all)."""
        if old.amap is not self.amap or (old.counters, old.options) != (
            self.counters,
            self.options,
        ):
            return None
        hexes: set[Hex] = set()
        sides: set[Hexside] = set()
        if old.edits is not self.edits:
            a, b = old.edits, self.edits
            for before, after in ((a.terrain, b.terrain), (a.elevation, b.elevation)):
                hexes |= {h for h in set(before) | set(after) if before.get(h) != after.get(h)}
            for before_sides, after_sides in ((a.added, b.added), (a.removed, b.removed)):
                sides |= {
                    s
                    for s in set(before_sides) | set(after_sides)
                    if before_sides.get(s) != after_sides.get(s)
                }
        area = QRectF()
        if old._overlay_shapes is not self._overlay_shapes:
            before_shapes = {(k, tuple(h)) for k, _, h in old._overlay_shapes}
            after_shapes = {(k, tuple(h)) for k, _, h in self._overlay_shapes}
            if before_shapes != after_shapes:
                # A counter laid, moved or taken up is one discrete edit, not a stroke: repaint
                # everything. A piece the size of a counter's shape, repainted clipped, rasterises
                # the lines crossing it a shade differently from the whole (seen at a stream's
                # joint beside an overlay taken up).
                return None
        for side in sides:
            hexes |= set(side.hexes)
        size = self.options.size
        for h in hexes:
            x, y = hex_to_pixel(h, size)
            area = area.united(QRectF(x - size, y - size, 2 * size, 2 * size))
        # Pens and patterns reach a little past a hex: repaint a margin around it.
        return area.adjusted(-size * 0.3, -size * 0.3, size * 0.3, size * 0.3)

    def image_size(self) -> tuple[int, int]:
        return _image_size(self.bounds, self.options)

    def origin(self) -> QPointF:
        """Where map pixel (0, 0) lands in the image."""
        x0, y0, _, _ = self.bounds
        return QPointF(self.options.margin - x0, self.options.margin - y0)

    def paint(
        self,
        painter: QPainter,
        visible: QRectF | None = None,
        scale: float = 1.0,
        screen: bool = False,
    ) -> None:
        """Paint the map in map pixel coordinates (the caller sets any transform).

        ``scale`` is screen pixels per map pixel: small print is left out when it would be
        too small to read. ``screen``: the painter's device is the screen at that scale (the
        map view's tiles), where thin lines may be drawn the fast way.
        """
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        # Hatching is laid in map coordinates (see pattern_brush), so a partial repaint (one hex
        # after a brush step, drawn into a piece of the view's cache) matches what is around it.
        painter.setRenderHint(QPainter.RenderHint.NonCosmeticBrushPatterns, True)
        detail = self.options.size * scale  # the hex radius on screen, in pixels
        self._fills(painter, visible, patterns=detail >= 8)
        self._overlays(painter, visible)
        self._hexsides(painter, visible)
        self._paths(painter, visible)
        if self.options.grid and detail >= 5:
            self._grid(painter, visible, scale if screen else 0)
        self._outlines_and_seams(painter, visible)
        self._markers(painter, visible)
        if self.options.hex_ids and self.options.size * scale >= 16:
            self._hex_ids(painter, visible)
            if self.options.levels:
                self._levels(painter, visible)
        if self.options.section_letters:
            self._section_letters(painter, visible, detail)
        self._counters(painter, detail, visible)

    def _within(
        self,
        name: str,
        source: object,
        pieces: Callable[[], Iterable[tuple[float, float, _T]]],
        visible: QRectF,
        reach: float,
    ) -> list[_T]:
        """The pieces of one layer that can draw in ``visible``, through that layer's spatial
        index (made the first time, again only when ``source`` is another object)."""
        kept = self._indexes.get(name)
        if kept is None or kept[0] is not source:
            kept = (source, Buckets(pieces(), reach, cell=self.options.size * 8))
            self._indexes[name] = kept
        found: list[_T] = kept[1].within(visible)
        return found

    def render_image(self, scale: float = 1.0) -> QImage:
        width, height = self.image_size()
        image = QImage(int(width * scale), int(height * scale), QImage.Format.Format_ARGB32)
        image.fill(QColor(PAPER))
        painter = QPainter(image)
        painter.scale(scale, scale)
        painter.translate(self.origin())
        self.paint(painter)
        painter.end()
        return image

    # --- layers ---------------------------------------------------------------------------

    def _fills(self, painter: QPainter, visible: QRectF | None, patterns: bool = True) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for geometry, frame, chunks in self._board_parts(visible):
            painter.save()
            painter.setTransform(frame, combine=True)
            for fills in [geometry.fills] if chunks is None else [c.fills for c in chunks]:
                _fill_paths(painter, fills, patterns)
            painter.restore()
        _fill_paths(painter, self._edit_paths, patterns)

    def _board_parts(
        self, visible: QRectF | None
    ) -> list[tuple[BoardGeometry, QTransform, list[BoardChunk] | None]]:
        """Each board in ``visible`` with its frame, and the chunks of it in ``visible`` (None:
        the whole board's paths, when everything is drawn or the board was cropped)."""
        parts: list[tuple[BoardGeometry, QTransform, list[BoardChunk] | None]] = []
        for placement, geometry, frame in zip(
            self.amap.placements, self._boards, self._frames, strict=True
        ):
            if visible is None:
                parts.append((geometry, frame, None))
                continue
            if not frame.mapRect(geometry.bounds).intersects(visible):
                continue
            whole = board_geometry(self.amap.section_of(placement), self.options.size)
            if geometry is not whole:  # a cropped page's own cells
                parts.append((geometry, frame, None))
                continue
            local = frame.inverted()[0].mapRect(visible)
            chunks = board_chunks(self.amap.section_of(placement), self.options.size)
            parts.append((geometry, frame, [c for c in chunks if c.bounds.intersects(local)]))
        return parts

    def _painted_paths(self, size: float) -> dict[tuple[str, int], QPainterPath]:
        """Hexes whose terrain or elevation the scenario paints, by (terrain, level)."""
        paths: dict[tuple[str, int], QPainterPath] = {}
        for h in set(self.edits.terrain) | set(self.edits.elevation):
            if h not in self.amap.hexes:
                continue
            part = self.amap.hexes[h].parts[0]
            section = self.amap.section_of(self.amap.placements[part.placement])
            terrain = self.edits.terrain.get(h) or section.terrain.get(part.local, "clear")
            level = self.edits.elevation.get(h, section.elevation_of(part.local))
            path = paths.setdefault((terrain, level - section.base_elevation), QPainterPath())
            # A half-hex on the map's edge is painted as the half the board holds.
            kind = part.kind if self.amap.hexes[h].is_edge_half else CellKind.FULL
            path.addPolygon(qpolygon(cell_polygon(h, kind, size)))
            path.closeSubpath()
        return paths

    def _overlays(self, painter: QPainter, visible: QRectF | None = None) -> None:
        """Overlay counters as cut-out pieces laid on the map, hills darker as they stack."""
        size = self.options.size
        hills: dict[Hex, int] = {}
        near = None if visible is None else visible.adjusted(-size, -size, size, size)
        for kind, outline, hexes in self._overlay_shapes:
            style = hex_style(kind)
            level = 0
            if kind == "hill":  # counted for every hill, drawn or not: a stack's shade
                for h in hexes:
                    hills[h] = hills.get(h, 0) + 1
                level = max(hills[h] for h in hexes)
            if near is not None and not outline.boundingRect().intersects(near):
                continue
            painter.setPen(line_pen(shaded(style.fill, 2).name(), max(1.0, size / 14)))
            painter.setBrush(shaded(style.fill, level))
            painter.drawPath(outline)
            if style.pattern is not None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(pattern_brush(painter, style.pattern_color, style.pattern))
                painter.drawPath(outline)
            if kind.endswith("building") or kind == "alley":
                painter.setPen(line_pen("#3a3026", max(1.0, size / 18)))
                painter.setBrush(QColor("#8c7b6b" if kind != "alley" else "#b5aa98"))
                for h in hexes:
                    cx, cy = hex_to_pixel(h, size)
                    painter.drawRect(
                        QRectF(cx - size * 0.42, cy - size * 0.3, size * 0.84, size * 0.6)
                    )

    def _counters(self, painter: QPainter, detail: float, visible: QRectF | None = None) -> None:
        if not self.counters:
            return
        first = self.amap.placements[0]
        system = self.amap.section_of(first).system.value
        size = self.options.size
        shown: Sequence[MapCounter] = self.counters
        if visible is not None:  # whole stacks: a hex's counters are all near its centre
            shown = self._within(
                "counters",
                self.counters,
                lambda: ((*hex_to_pixel(c.hex, size), c) for c in self.counters),
                visible,
                size * 1.5,
            )
        paint_counters(painter, shown, size, detail, system, self.options.counter_style)

    def with_counters(self, counters: Sequence[MapCounter]) -> MapPainter:
        """This map with other counters on it (test play shows the game's units, not the
        scenario's set-up); everything else is shared."""
        new = copy.copy(self)
        new.counters = tuple(counters)
        return new

    def outline(self) -> QPainterPath:
        """The map's edge: its boards' outlines together (a board's half hexes cut by it),
        for what is drawn over the map to stop where the map does."""
        found = QPainterPath()
        for polygon in self._outlines:
            found.addPolygon(polygon)
        return found.simplified()

    def hexside_features(self) -> dict[Hexside, frozenset[str]]:
        """Every hexside feature on the map: the boards', then the scenario's edits."""
        view = MapTerrain(self.amap, edits=self.edits, board_sides=self._board_sides)
        return view.all_hexside_features()

    def _hexsides(self, painter: QPainter, visible: QRectF | None = None) -> None:
        size = self.options.size
        sides: Iterable[tuple[Hexside, frozenset[str]]] = self._sides.items()
        if visible is not None:
            sides = self._within(
                "hexsides",
                self._sides,
                lambda: (
                    (*_middle(hexside_segment(s, size)), (s, f)) for s, f in self._sides.items()
                ),
                visible,
                size,
            )
        for side, features in sides:
            p, q = hexside_segment(side, size)
            for feature in sorted(features, key=_hexside_order):
                style = HEXSIDE_STYLES.get(feature)
                if style is None:
                    continue
                painter.setPen(line_pen(style.color, style.width * size, Qt.PenCapStyle.RoundCap))
                painter.drawLine(QPointF(*p), QPointF(*q))

    def _path_features(self, size: float) -> dict[str, list[tuple[QPointF, QPointF]]]:
        """The boards' path features (roads, streams) as centre-to-centre segments."""
        by_feature: dict[str, list[tuple[QPointF, QPointF]]] = {}
        for placement in self.amap.placements:
            section = self.amap.section_of(placement)
            for side, features in section.path_features.items():
                a, b = (placement.to_global(h) for h in side.hexes)
                pa, pb = QPointF(*hex_to_pixel(a, size)), QPointF(*hex_to_pixel(b, size))
                for feature in features:
                    by_feature.setdefault(feature, []).append((pa, pb))
        for side, features in self.amap.paths_across_joins.items():  # meeting end to end
            pa, pb = (QPointF(*hex_to_pixel(h, size)) for h in side.hexes)
            for feature in features:
                by_feature.setdefault(feature, []).append((pa, pb))
        return by_feature

    def _paths(self, painter: QPainter, visible: QRectF | None = None) -> None:
        size = self.options.size
        by_feature = self._path_segments
        order = ["river", "canal", "stream", "railroad", "track", "road"]
        for feature in sorted(by_feature, key=lambda f: order.index(f) if f in order else -1):
            style = PATH_STYLES.get(feature, LineStyle("#555555", 0.08))
            segments = by_feature[feature]
            if visible is not None:  # a segment runs centre to centre: a hex from its middle
                segments = self._within(
                    f"path:{feature}",
                    segments,
                    lambda segments=segments: (  # type: ignore[misc]
                        ((a.x() + b.x()) / 2, (a.y() + b.y()) / 2, (a, b)) for a, b in segments
                    ),
                    visible,
                    size * 1.2,
                )
            if style.casing:
                painter.setPen(
                    line_pen(style.casing, style.width * size * 1.45, Qt.PenCapStyle.RoundCap)
                )
                _draw_segments(painter, segments)
            pen = line_pen(style.color, style.width * size, Qt.PenCapStyle.RoundCap)
            if style.dash:
                pen.setCapStyle(Qt.PenCapStyle.FlatCap)
                pen.setDashPattern(list(style.dash))
            painter.setPen(pen)
            _draw_segments(painter, segments)

    def _grid(self, painter: QPainter, visible: QRectF | None = None, scale: float = 0) -> None:
        """``scale``: screen pixels per map pixel when drawing for the screen (0: a file), where
        the grid's thin lines are drawn with a cosmetic pen of the same width on screen, which
        Qt draws as lines instead of outlining and filling every hex's edge (5 ms a tile)."""
        color = QColor(GRID)
        color.setAlpha(110)
        width = max(0.6, self.options.size / 40)
        on_screen = width * scale
        if 0 < on_screen <= 1.5:  # Qt's one-pixel line drawer: a tenth of the time a tile
            # A line thinner than a pixel covers that share of it: as faint one pixel wide.
            color.setAlpha(min(255, round(110 * on_screen)))
            pen = line_pen(color.name(QColor.NameFormat.HexArgb), 1.0)
            pen.setCosmetic(True)
        else:
            pen = line_pen(color.name(QColor.NameFormat.HexArgb), width)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for geometry, frame, chunks in self._board_parts(visible):
            if geometry.grid.isEmpty():  # a board off a cropped page
                continue
            painter.save()
            painter.setTransform(frame, combine=True)
            for grid in [geometry.grid] if chunks is None else [c.grid for c in chunks]:
                painter.drawPath(grid)
            painter.restore()

    def _outlines_and_seams(self, painter: QPainter, visible: QRectF | None = None) -> None:
        size = self.options.size
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(line_pen("#3d3829", max(1.5, size / 12)))
        near = None if visible is None else visible.adjusted(-size, -size, size, size)
        for outline in self._outlines:
            if near is None:
                painter.drawPolygon(outline)
            elif outline.boundingRect().intersects(near):
                # Only the part near the area is stroked (the cut's own edges lie outside it).
                painter.drawPolygon(outline.intersected(QPolygonF(near)))
        if not self.options.seams:
            return
        pen = line_pen(SEAM, max(1.2, size / 14))
        pen.setDashPattern([4.0, 3.0])
        painter.setPen(pen)
        seams: Iterable[Hex] = (h for h, mh in self.amap.hexes.items() if mh.is_seam)
        if visible is not None:
            seams = self._within(
                "seams",
                self.amap,
                lambda: (
                    (*hex_to_pixel(h, size), h) for h, m in self.amap.hexes.items() if m.is_seam
                ),
                visible,
                size,
            )
        for h in seams:
            points = corners(h, size)
            painter.drawLine(QPointF(*points[3]), QPointF(*points[0]))

    def _markers(self, painter: QPainter, visible: QRectF | None = None) -> None:
        size = self.options.size
        near = None if visible is None else visible.adjusted(-size, -size, size, size)
        for placement, outline in zip(self.amap.placements, self._outlines, strict=True):
            if near is not None and not outline.boundingRect().intersects(near):
                continue
            section = self.amap.section_of(placement)
            for local in section.center_hexes:
                centre = QPointF(*hex_to_pixel(placement.to_global(local), size))
                if near is None or near.contains(centre):
                    _star(painter, centre, size * 0.42)
            hexagon = section.directional_hexagon
            if hexagon is None:
                continue
            col, row = int(hexagon.hex[:2]), int(hexagon.hex[2:])
            found = section.hex_at(col, row)
            if found is None:
                continue
            h = placement.to_global(found)
            if near is None or near.contains(QPointF(*hex_to_pixel(h, size))):
                self._directional_hexagon(painter, h)

    def _directional_hexagon(self, painter: QPainter, h: Hex) -> None:
        size = self.options.size
        cx, cy = hex_to_pixel(h, size)
        painter.setPen(line_pen("#2f2a20", max(1.0, size / 14)))
        painter.setBrush(QColor("#fffaf0"))
        painter.drawPolygon(qpolygon(corners(h, size, size * 0.94)))
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(6, int(size * 0.3)))
        font.setBold(True)
        painter.setFont(font)
        for number in range(1, 7):
            compass = self.amap.direction_to_global(h, number)
            # The middle of the side facing `compass`, pulled a little toward the centre.
            dx, dy = hex_to_pixel(Hex(0, 0).neighbor(compass), size)
            px, py = cx + dx * 0.36, cy + dy * 0.36
            box = QRectF(px - size * 0.25, py - size * 0.25, size * 0.5, size * 0.5)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(number))

    def _hex_ids(self, painter: QPainter, visible: QRectF | None) -> None:
        """The printed hex numbers, each on a pale plate: legible on every terrain (woods'
        hatching, a town's grey, water), and all but invisible on clear ground, whose colour
        the plate nearly has. Why a plate, not a halo round the letters: a halo drawn as eight
        shifted copies or an outlined text path costs 5 to 15 times the text on every tile."""
        size = self.options.size
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(5, int(size * 0.27)))
        painter.setFont(font)
        text = QColor(ID_TEXT)
        plate = QColor(PAPER)
        plate.setAlpha(185)
        width = QFontMetricsF(font).horizontalAdvance("0000") + size * 0.08
        height = font.pixelSize() * 1.12
        # A label whose hex lies just outside the area still reaches into it.
        hexes: Iterable[tuple[Hex, Any]] = self.amap.hexes.items()
        if visible is not None:
            hexes = self._within(
                "hex_ids",
                self.amap,
                lambda: ((*hex_to_pixel(h, size), (h, m)) for h, m in self.amap.hexes.items()),
                visible,
                size,
            )
        for h, mh in hexes:
            cx, cy = hex_to_pixel(h, size)
            if mh.is_seam or h in self._labelled:
                continue  # the books print no number on seam hexes
            name = mh.name
            digits = name[-4:]
            if mh.is_edge_half:
                part = mh.parts[0].kind.value
                ty = cy - size * 0.55 if part == "north-half" else cy + size * 0.2
            else:
                ty = cy - size * 0.78
            box = QRectF(cx - size * 0.6, ty, size * 1.2, size * 0.36)
            middle = box.center()
            painter.fillRect(
                QRectF(middle.x() - width / 2, middle.y() - height / 2, width, height), plate
            )
            painter.setPen(text)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, digits)

    def _levels(self, painter: QPainter, visible: QRectF | None) -> None:
        """Each hex's ground level as a number in a small spot near its foot, where it is not
        its board's ground level (painted elevation, a board's hills, stacked hill counters)."""
        size = self.options.size
        levels = self._ground_levels()
        shown: Iterable[tuple[Hex, int]] = levels.items()
        if visible is not None:
            shown = self._within(
                "levels",
                levels,
                lambda: ((*hex_to_pixel(h, size), (h, n)) for h, n in levels.items()),
                visible,
                size,
            )
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(5, int(size * 0.3)))
        font.setBold(True)
        painter.setFont(font)
        radius = size * 0.2
        for h, level in shown:
            cx, cy = hex_to_pixel(h, size)
            # In the hex's lower half, clear of its centre (counters, Center stars) and of the
            # next hex's number below.
            spot = QRectF(cx - radius * 1.15, cy + size * 0.42 - radius, radius * 2.3, radius * 2)
            painter.setPen(line_pen("#3b3222", max(0.8, size / 30)))
            painter.setBrush(QColor("#fffaf0"))
            painter.drawRoundedRect(spot, radius, radius)
            painter.setPen(QColor("#3b3222"))
            painter.drawText(spot, Qt.AlignmentFlag.AlignCenter, str(level))

    def _ground_levels(self) -> dict[Hex, int]:
        """The hexes whose ground is not their board's ground level, with their level: the
        boards' elevation, painted elevation, and hill counters stacked (as
        :meth:`model.terrainview.MapTerrain.ground` counts them before terrain options).
        Worked out when the edits or the overlays are other objects than last time."""
        kept = self._levels_of
        if kept is not None and kept[0] is self.edits and kept[1] is self.overlays:
            return kept[2]
        amap = self.amap
        candidates: set[Hex] = set(self.edits.elevation)
        for placement in amap.placements:
            section = amap.section_of(placement)
            candidates.update(placement.to_global(local) for local in section.elevation)
        if self.overlays is not None:
            candidates.update(self.overlays.stacks)
        levels: dict[Hex, int] = {}
        for h in candidates:
            if h not in amap.hexes:
                continue
            part = amap.hexes[h].parts[0]
            section = amap.section_of(amap.placements[part.placement])
            level = self.edits.elevation.get(h, section.elevation_of(part.local))
            if self.overlays is not None:
                level += self.overlays.hill_levels(h)
            if level != section.base_elevation:
                levels[h] = level
        self._levels_of = (self.edits, self.overlays, levels)
        return levels

    def _section_letters(
        self, painter: QPainter, visible: QRectF | None = None, detail: float = 0.0
    ) -> None:
        """Each laid section's letter (its label), large and faint at its middle: on a
        geomorphic map, which section is which at a glance, at any zoom. Sized to the section
        (half its height, at most a third of its width per letter), so it reads when the
        whole map is fitted and stays behind the hexes' own marks when zoomed in, where it
        fades further (``detail``: a hex's radius on screen, in pixels)."""
        size = self.options.size
        color = QColor("#3d3829")
        fade = min(1.0, max(0.0, (detail - 12.0) / 18.0))  # 0 when small, 1 when close up
        color.setAlpha(round(42 - 20 * fade))
        painter.setPen(color)
        font = QFont("DejaVu Sans")
        font.setBold(True)
        for outline, placement in zip(self._outlines, self.amap.placements, strict=True):
            box = outline.boundingRect()
            if visible is not None and not box.intersects(visible):
                continue
            name = placement.name
            height = min(box.height() * 0.5, box.width() / (3 * max(1, len(name))))
            font.setPixelSize(max(int(size * 3), int(height)))
            painter.setFont(font)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)


# Water first, then ground features, bridges last so that they show over the water they cross.
_HEXSIDE_ORDER = ("lake", "river", "canal", "stream", "embankment", "slope", "crest", "ridge")


def _middle(segment: tuple[tuple[float, float], tuple[float, float]]) -> tuple[float, float]:
    (ax, ay), (bx, by) = segment
    return (ax + bx) / 2, (ay + by) / 2


def _hexside_order(feature: str) -> tuple[int, str]:
    if feature == "bridge":
        return (len(_HEXSIDE_ORDER) + 1, feature)
    if feature in _HEXSIDE_ORDER:
        return (_HEXSIDE_ORDER.index(feature), feature)
    return (len(_HEXSIDE_ORDER), feature)


def pattern_brush(painter: QPainter, color: str, style: Qt.BrushStyle) -> QBrush:
    """A hatching brush anchored to the map but one screen pixel per pattern pixel at any zoom:
    the painter's scale and turn are undone in the brush's own transform."""
    brush = QBrush(QColor(color), style)
    t = painter.worldTransform()
    linear = QTransform(t.m11(), t.m12(), t.m21(), t.m22(), 0.0, 0.0)
    inverse, invertible = linear.inverted()
    if invertible:
        brush.setTransform(inverse)
    return brush


def _fill_paths(
    painter: QPainter, paths: dict[tuple[str, int], QPainterPath], patterns: bool
) -> None:
    for (terrain, level), path in paths.items():
        style = hex_style(terrain)
        painter.setBrush(shaded(style.fill, level))
        painter.drawPath(path)
        if patterns and style.pattern is not None:
            painter.setBrush(pattern_brush(painter, style.pattern_color, style.pattern))
            painter.drawPath(path)


def _overlay_shapes(
    overlays: OverlayMap, size: float
) -> list[tuple[str, QPainterPath, tuple[Hex, ...]]]:
    """Each placed overlay as one outline (the union of its hexes), in placing order."""
    return [(overlay.kind, hexes_outline(hexes, size), hexes) for overlay, hexes in overlays.placed]


def _directional_hexes(amap: AssembledMap) -> set[Hex]:
    """Hexes that carry a Directional Hexagon (their numbers replace the hex ID)."""
    found = set()
    for placement in amap.placements:
        section = amap.section_of(placement)
        if section.directional_hexagon is None:
            continue
        hexagon = section.directional_hexagon.hex
        local = section.hex_at(int(hexagon[:2]), int(hexagon[2:]))
        if local is not None:
            found.add(placement.to_global(local))
    return found


def _draw_segments(painter: QPainter, segments: list[tuple[QPointF, QPointF]]) -> None:
    for a, b in segments:
        painter.drawLine(a, b)


def _star(painter: QPainter, centre: QPointF, radius: float) -> None:
    """A black six-pointed star, as the books mark Center hexes."""
    path = QPainterPath()
    for i in range(12):
        r = radius if i % 2 == 0 else radius * 0.5
        angle = math.radians(-90 + 30 * i)
        point = QPointF(centre.x() + r * math.cos(angle), centre.y() + r * math.sin(angle))
        if i == 0:
            path.moveTo(point)
        else:
            path.lineTo(point)
    path.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#1f1b14"))
    painter.drawPath(path)


def fitted_pixmap(map_painter: MapPainter, size: QSize, ratio: float | None = None) -> QPixmap:
    """The whole map drawn small, fitted and centred in ``size`` (a thumbnail), in the
    screen's pixels (``ratio``, the screen's device pixel ratio unless given): at 150% scaling
    a thumbnail drawn in logical pixels was scaled up, blurred."""
    if ratio is None:
        screen = QGuiApplication.primaryScreen()
        ratio = screen.devicePixelRatio() if screen is not None else 1.0
    pixmap = QPixmap(round(size.width() * ratio), round(size.height() * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QColor(PAPER))
    width, height = map_painter.image_size()
    scale = min(size.width() / width, size.height() / height)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate((size.width() - width * scale) / 2, (size.height() - height * scale) / 2)
    painter.scale(scale, scale)
    painter.translate(map_painter.origin())
    map_painter.paint(painter, None, scale * 0.5)
    painter.end()
    return pixmap


#: The largest picture :func:`save_png` draws (400 MB of pixels): a 200 x 200 board at the
#: largest hex size asked for 420 million and ran for minutes in 2 GB before it was stopped.
MAX_IMAGE_PIXELS = 100_000_000


def _image_size(
    bounds: tuple[float, float, float, float], options: RenderOptions
) -> tuple[int, int]:
    x0, y0, x1, y1 = bounds
    m = 2 * options.margin
    return int(x1 - x0 + m) + 1, int(y1 - y0 + m) + 1


def check_png_size(amap: AssembledMap, options: RenderOptions) -> None:
    """Refuse a PNG picture larger than :data:`MAX_IMAGE_PIXELS` from the map's extent alone,
    before its geometry is worked out (that took 1.3 s of the 1.4 s a 200 x 200 board's
    refusal took).

    Raises:
        ValueError: the picture's size, the limit and what to do.
    """
    _check_pixels(*_image_size(map_bounds(amap, options.size), options))


def _check_pixels(width: int, height: int) -> None:
    if width * height > MAX_IMAGE_PIXELS:
        raise ValueError(
            f"the picture would be {width:,} x {height:,} pixels, more than "
            f"{MAX_IMAGE_PIXELS // 1_000_000} million; draw it with smaller hexes (--size), "
            "or as SVG or PDF"
        )


def save_png(map_painter: MapPainter, path: Path) -> None:
    """Render to a PNG file (written atomically).

    Raises:
        ValueError: the picture would be larger than :data:`MAX_IMAGE_PIXELS` (said with its
            size and what to do); nothing is drawn or written.
        OSError: the file cannot be written.
    """
    _check_pixels(*map_painter.image_size())
    image = map_painter.render_image()
    tmp = path.with_name(f".{path.name}.tmp")
    # PySide6's stubs want the format as bytes, but the call takes only a str.
    if not image.save(str(tmp), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"cannot write {path}")
    tmp.replace(path)


def save_svg(
    map_painter: MapPainter, path: Path, title: str = "", hex_mm: float = DEFAULT_HEX_MM
) -> None:
    """Render to an SVG file (written atomically) whose declared size is real: a hex measures
    ``hex_mm`` across the flats when printed at 100%.

    The picture is drawn into memory and written with :func:`model.yamlio.atomic_write_text`:
    a full disk or an unwritable folder raises ``OSError`` and leaves no file (Qt's SVG writer
    says nothing when a write to its file fails, so a full disk left a truncated picture that
    was reported as saved).
    """
    from PySide6.QtCore import QBuffer, QIODevice, QSize
    from PySide6.QtSvg import QSvgGenerator

    from model.yamlio import atomic_write_text

    width, height = map_painter.image_size()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(title)
    generator.setDescription("Drawn by Hexwright")
    painter = QPainter(generator)
    painter.fillRect(QRectF(0, 0, width, height), QColor(PAPER))
    painter.translate(map_painter.origin())
    map_painter.paint(painter)
    painter.end()
    text = bytes(buffer.data().data()).decode("utf-8")
    if not text.rstrip().endswith("</svg>"):
        raise OSError(f"the picture for {path.name} was not drawn whole")
    # Qt declares the size at its own resolution (whole dots per inch); say it exactly.
    mm = hex_mm / (SQRT3 * map_painter.options.size)
    text = re.sub(
        r'<svg width="[^"]*" height="[^"]*"',
        f'<svg width="{width * mm:.2f}mm" height="{height * mm:.2f}mm"',
        text,
        count=1,
    )
    atomic_write_text(path, text)
