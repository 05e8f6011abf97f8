"""The brushes' settings: the terrain to paint (the Terrain panel, a swatch per terrain of the
game), and on the toolbar the brush shape, its radius and the elevation it sets."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QListWidget, QListWidgetItem, QSpinBox, QToolBar

from editor.style import hex_style
from model.brushes import BrushShape
from model.catalog import terrain_types
from model.systems import GameSystem


class BrushBar(QObject):
    """What the Paint, Erase and Elevation brushes paint, and how (``changed``: a setting was
    chosen, so the tool's line in the status bar says it again)."""

    changed = Signal()

    def __init__(self, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self.level_box = QSpinBox()
        self.level_box.setRange(-3, 9)
        self.level_box.setPrefix("level ")
        self.level_box.setToolTip("The elevation the Set Elevation brush paints")
        toolbar.addSeparator()
        self.shape_box = QComboBox()
        for shape in BrushShape:
            self.shape_box.addItem(shape.value.capitalize(), shape)
        self.shape_box.setToolTip(
            "Brush shape: one hex, a line (press at one end, release at the other), every hex "
            "within a radius, or a flood fill of the connected hexes like the one clicked"
        )
        self.radius_box = QSpinBox()
        self.radius_box.setRange(1, 12)
        self.radius_box.setPrefix("radius ")
        self.radius_box.setToolTip("How far the radius brush reaches, in hexes")
        for widget in (self.shape_box, self.radius_box, self.level_box):
            toolbar.addWidget(widget)
        self.shape_box.currentIndexChanged.connect(lambda *_: self.changed.emit())
        self.radius_box.valueChanged.connect(lambda *_: self.changed.emit())
        self.level_box.valueChanged.connect(lambda *_: self.changed.emit())
        #: The Terrain panel: the terrains of the game, hexside features marked so.
        self.terrain_list = QListWidget()
        self.terrain_list.currentItemChanged.connect(lambda *_: self.changed.emit())
        #: The ids of the terrains listed that are hexside features.
        self.hexside_terrain: set[str] = set()

    def set_system(self, system: GameSystem | None) -> None:
        """List the terrains of ``system`` (nothing: no document)."""
        self.terrain_list.clear()
        if system is None:
            return
        self.hexside_terrain = set()
        for terrain in terrain_types(system).values():
            if terrain.applies_to in ("hex", "hexside"):
                name = terrain.name
                if terrain.applies_to == "hexside":
                    self.hexside_terrain.add(terrain.id)
                    name += " (hexside)"
                item = QListWidgetItem(swatch(terrain.id), name)
                item.setData(Qt.ItemDataRole.UserRole, terrain.id)
                item.setToolTip(terrain.source or terrain.placeholder or "")
                self.terrain_list.addItem(item)
        self.terrain_list.setCurrentRow(0)

    def terrain(self) -> str | None:
        """The terrain chosen in the Terrain panel."""
        item = self.terrain_list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def choose_paint(self, terrain: str) -> bool:
        """Choose the terrain to paint in the Terrain panel (False: the game has no such one)."""
        for row in range(self.terrain_list.count()):
            if self.terrain_list.item(row).data(Qt.ItemDataRole.UserRole) == terrain:
                self.terrain_list.setCurrentRow(row)
                return True
        return False

    def shape(self) -> BrushShape:
        shape: BrushShape = self.shape_box.currentData()
        return shape

    def radius(self) -> int:
        return self.radius_box.value()

    def level(self) -> int:
        return self.level_box.value()


def swatch(terrain: str) -> QIcon:
    """A small sample of how a terrain is drawn, for the Terrain panel."""
    style = hex_style(terrain)
    pixmap = QPixmap(18, 18)
    pixmap.fill(QColor(style.fill))
    if style.pattern is not None:
        painter = QPainter(pixmap)
        painter.fillRect(pixmap.rect(), QBrush(QColor(style.pattern_color), style.pattern))
        painter.end()
    return QIcon(pixmap)
