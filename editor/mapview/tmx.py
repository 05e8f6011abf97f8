"""Export a map to Tiled: the TMX (:mod:`model.tmx`) and its terrain tileset's picture.

The tiles are painted here because the colours are the editor's: each tile is a hexagon
filled as the map view fills that terrain at that ground level (its hatching included), so a
map drawn by Tiled looks like Hexwright's.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPolygonF

from editor.style import HEXSIDE_STYLES, PATH_STYLES, hex_style, shaded
from model.counters import MapCounter
from model.terrainview import MapTerrain
from model.tmx import SIDE, TILE_HEIGHT, TILE_WIDTH, Tile, map_tiles, tmx_text
from model.yamlio import atomic_write_text

#: Tiles to a row of the tileset's picture.
TILESET_COLUMNS = 8
#: The object layers' colours in Tiled: paths as the map view draws them (a road by its
#: casing, its fill being paper-pale), hexsides in the crest's brown, places and units in the
#: counters' dark ink.
LAYER_COLOURS = {
    **{feature: style.casing or style.color for feature, style in PATH_STYLES.items()},
    "hexsides": HEXSIDE_STYLES["crest"].color,
    "places": "#303030",
    "units": "#303030",
}


def tile_colour(terrain: str, level: int) -> QColor:
    """The colour a tile of ``terrain`` at ``level`` (above the map's base) is filled with."""
    return shaded(hex_style(terrain).fill, level)


def tileset_image(tiles: Sequence[Tile], base: int) -> QImage:
    """The tiles' picture, ``TILESET_COLUMNS`` to a row; levels shaded above ``base``."""
    rows = max(1, -(-len(tiles) // TILESET_COLUMNS))
    image = QImage(TILESET_COLUMNS * TILE_WIDTH, rows * TILE_HEIGHT, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    w, h, s = TILE_WIDTH / 2, TILE_HEIGHT / 2, SIDE / 2
    for i, (terrain, level) in enumerate(tiles):
        cx = (i % TILESET_COLUMNS) * TILE_WIDTH + w
        cy = (i // TILESET_COLUMNS) * TILE_HEIGHT + h
        hexagon = QPolygonF(
            [
                QPointF(cx + dx, cy + dy)
                for dx, dy in ((w, 0), (s, h), (-s, h), (-w, 0), (-s, -h), (s, -h))
            ]
        )
        style = hex_style(terrain)
        painter.setBrush(tile_colour(terrain, level - base))
        painter.drawPolygon(hexagon)
        if style.pattern is not None:
            painter.setBrush(QBrush(QColor(style.pattern_color), style.pattern))
            painter.drawPolygon(hexagon)
    painter.end()
    return image


def save_tmx(
    terrain: MapTerrain, path: Path, title: str, counters: Sequence[MapCounter] = ()
) -> Path:
    """Write the map as ``path`` (a .tmx) and its tileset picture beside it; returns the
    picture's path.

    Raises:
        OSError: a file cannot be written.
    """
    tiles = map_tiles(terrain)
    base = min(terrain.amap.section_of(p).base_elevation for p in terrain.amap.placements)
    picture = path.with_name(f"{path.stem}-terrain.png")
    tmp = picture.with_name(f".{picture.name}.tmp")
    # PySide6's stubs want the format as bytes, but the call takes only a str.
    if not tileset_image(tiles, base).save(str(tmp), "PNG"):  # type: ignore[call-overload]
        raise OSError(f"cannot write {picture}")
    tmp.replace(picture)
    text = tmx_text(
        terrain,
        title=title,
        tileset_image=picture.name,
        tileset_columns=TILESET_COLUMNS,
        tiles=tiles,
        counters=counters,
        colours=LAYER_COLOURS,
    )
    atomic_write_text(path, text)
    return picture
