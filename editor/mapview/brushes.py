"""The brushes' settings: the terrain to paint (the Terrain panel, a swatch per terrain of the
game), and on the toolbar the brush shape, its radius and the elevation it sets."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QBrush,
    QColor,
    QIcon,
    QKeySequence,
    QPainter,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QSpinBox, QToolBar, QToolButton

from editor.style import hex_style
from model.brushes import BrushShape
from model.catalog import terrain_types
from model.systems import GameSystem


@dataclass(frozen=True)
class ShapeButton:
    """A brush shape's button on the toolbar: its word, key and what it does."""

    shape: BrushShape
    text: str
    key: str
    tip: str


#: The brush shapes, as buttons side by side on the toolbar.
#:
#: Why buttons, not a drop-down list: the list showed one shape and hid the others behind a
#: click, and its four words sat close together, so a slip of the pointer picked the next one
#: (a flood fill instead of a radius). Four buttons show every shape at once, each with a
#: picture of what it covers, the one in use pressed in; one click or one key (1-4) chooses.
#: Pictures without words (the words are in the tooltip, the Tools menu and the status bar's
#: tool line): with words the toolbar grew by 220 pixels and, in a window at 150% scaling on
#: a 1080p screen, pushed the radius and level boxes behind the toolbar's overflow arrow.
SHAPE_BUTTONS = (
    ShapeButton(BrushShape.ONE, "One", "1", "One hex at a time: click, or drag to paint a trail"),
    ShapeButton(
        BrushShape.LINE, "Line", "2", "A straight line: press at one end, release at the other"
    ),
    ShapeButton(
        BrushShape.RADIUS,
        "Radius",
        "3",
        "Every hex within the radius set beside it ([ and ] make it smaller and larger)",
    ),
    ShapeButton(
        BrushShape.FLOOD,
        "Flood",
        "4",
        "Flood fill: the connected hexes like the one clicked (hover to see them; a large "
        "fill asks first)",
    ),
)


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
        self.radius_box = QSpinBox()
        self.radius_box.setRange(1, 12)
        self.radius_box.setPrefix("radius ")
        self.radius_box.setToolTip("How far the radius brush reaches, in hexes ([ and ])")
        self.radius_box.setEnabled(False)
        toolbar.addSeparator()
        #: The brush shapes' buttons (checkable, one pressed at a time), by shape.
        self.shape_actions: dict[BrushShape, QAction] = {}
        group = QActionGroup(self)
        for spec in SHAPE_BUTTONS:
            action = QAction(shape_icon(spec.shape), spec.text, toolbar)
            action.setObjectName(f"brush.{spec.shape.name.lower()}")
            action.setCheckable(True)
            action.setShortcut(QKeySequence(spec.key))
            action.setToolTip(f"<b>{spec.text}</b> ({spec.key}): {spec.tip}")
            action.setStatusTip(spec.tip)
            group.addAction(action)
            toolbar.addAction(action)
            button = toolbar.widgetForAction(action)
            if isinstance(button, QToolButton):  # the picture alone: see SHAPE_BUTTONS
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            action.toggled.connect(self._shape_toggled)
            self.shape_actions[spec.shape] = action
        self.shape_actions[BrushShape.ONE].setChecked(True)
        for widget in (self.radius_box, self.level_box):
            toolbar.addWidget(widget)
        self.radius_box.valueChanged.connect(lambda *_: self.changed.emit())
        self.level_box.valueChanged.connect(lambda *_: self.changed.emit())
        #: Smaller and larger radius ([ and ]), in the Tools menu with the shapes.
        self.size_actions = [
            self._size_action(toolbar, "Smaller Brush", "[", -1),
            self._size_action(toolbar, "Larger Brush", "]", 1),
        ]
        #: The Terrain panel: the terrains of the game, hexside features marked so.
        self.terrain_list = QListWidget()
        self.terrain_list.currentItemChanged.connect(lambda *_: self.changed.emit())
        #: The ids of the terrains listed that are hexside features.
        self.hexside_terrain: set[str] = set()

    def _size_action(self, toolbar: QToolBar, title: str, key: str, step: int) -> QAction:
        action = QAction(title, toolbar)
        action.setShortcut(QKeySequence(key))
        action.setToolTip(f"The radius brush's radius {'-' if step < 0 else '+'}1 ({key})")
        action.triggered.connect(lambda: self.radius_box.setValue(self.radius_box.value() + step))
        return action  # in the Tools menu (menu_actions), where its shortcut works

    def menu_actions(self) -> list[QAction]:
        """The shapes' buttons and the radius keys, for the Tools menu (and the shortcuts
        list)."""
        return [*self.shape_actions.values(), *self.size_actions]

    def _shape_toggled(self, checked: bool) -> None:
        if checked:
            self.radius_box.setEnabled(self.shape() is BrushShape.RADIUS)
            self.changed.emit()

    def choose_shape(self, shape: BrushShape) -> None:
        """Press the button of ``shape`` (as a click on it does)."""
        self.shape_actions[shape].setChecked(True)

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

    def terrain_name(self) -> str:
        """The name of the terrain chosen, as the Terrain panel lists it."""
        item = self.terrain_list.currentItem()
        return "" if item is None else item.text()

    def choose_paint(self, terrain: str) -> bool:
        """Choose the terrain to paint in the Terrain panel (False: the game has no such one)."""
        for row in range(self.terrain_list.count()):
            if self.terrain_list.item(row).data(Qt.ItemDataRole.UserRole) == terrain:
                self.terrain_list.setCurrentRow(row)
                return True
        return False

    def shape(self) -> BrushShape:
        """The shape whose button is pressed."""
        return next(
            (shape for shape, action in self.shape_actions.items() if action.isChecked()),
            BrushShape.ONE,
        )

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


#: Where each shape's picture has a hex, in axial (q, r) steps: the flood fill's region is
#: ragged, as a region of one terrain is, and blue, as what spreads.
_SHAPE_CELLS: dict[BrushShape, tuple[tuple[int, int], ...]] = {
    BrushShape.ONE: ((0, 0),),
    BrushShape.LINE: ((-1, 0), (0, 0), (1, 0)),
    BrushShape.RADIUS: ((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)),
    BrushShape.FLOOD: ((0, 0), (1, -1), (2, -1), (0, 1), (-1, 1), (-1, 2)),
}


def shape_icon(shape: BrushShape, side: int = 48) -> QIcon:
    """A picture of the hexes one touch of ``shape`` covers, as large as its square allows
    (drawn large, shown at the toolbar's icon size, so it stays sharp at 150%)."""
    cells = _SHAPE_CELLS[shape]
    # Corners of each cell for a hex of radius 1, flat-topped (as the map's).
    unit = [
        [
            (
                1.5 * q + math.cos(math.radians(60 * i)),
                3**0.5 * (r + q / 2) + math.sin(math.radians(60 * i)),
            )
            for i in range(6)
        ]
        for q, r in cells
    ]
    xs = [x for cell in unit for x, _ in cell]
    ys = [y for cell in unit for _, y in cell]
    scale = side * 0.94 / max(max(xs) - min(xs), max(ys) - min(ys))
    dx = side / 2 - scale * (max(xs) + min(xs)) / 2
    dy = side / 2 - scale * (max(ys) + min(ys)) / 2
    pixmap = QPixmap(side, side)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#2b2620"), max(1.0, side / 20)))
    painter.setBrush(QColor("#3f6fa8") if shape is BrushShape.FLOOD else QColor("#6f8f4e"))
    for cell in unit:
        painter.drawPolygon(QPolygonF([QPointF(dx + x * scale, dy + y * scale) for x, y in cell]))
    painter.end()
    return QIcon(pixmap)
