"""The Overlays panel: the system's terrain overlay counters (Armor's terrain units) to lay on
the map with the Place Overlay tool, turned in sixths, or by the two anchor hexes the book
writes (the hex under the triangle, then the hex under the number code [Armor Setup II.C.1]);
and the counters laid, to remove one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QPointF, QSignalBlocker, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.mapview.palette import DragPalette
from editor.style import hex_style, shaded
from model.geometry import corners
from model.hexes import Hex
from model.overlays import overlay_hexes, rotations_fitting
from model.scenario_map import OverlayPlacement
from model.tables import OverlayType
from model.tables import overlays as overlay_catalog

#: The drag-and-drop type of a counter dragged from the palette (its overlay id as UTF-8).
OVERLAY_MIME = "application/x-hexwright-overlay"


#: Compass names of the six turns, for the rotation read-out (the triangle's first hex runs
#: north from the triangle on the counter as drawn).
TURNS = ("as printed", "1/6 clockwise", "2/6 clockwise", "half turn", "2/6 anticlockwise",
         "1/6 anticlockwise")  # fmt: skip


def placement_for(
    overlay: OverlayType, triangle: Hex, rotation: int, name: Callable[[Hex], str]
) -> OverlayPlacement:
    """The placement as the book writes it (triangle and code hexes) when those two fix the
    turn; otherwise by one hex and the turn."""
    hexes = overlay_hexes(overlay, triangle, rotation)
    if overlay.code_hex is not None:
        code = triangle + Hex(*overlay.code_hex).rotate_cw(rotation)
        if rotations_fitting(overlay, triangle, code) == [rotation] and code in hexes:
            try:
                return OverlayPlacement(
                    overlay=overlay.id, triangle=name(triangle), code=name(code)
                )
            except KeyError:
                pass
    return OverlayPlacement(overlay=overlay.id, hex=name(triangle), rotation=rotation)


def counter_icon(overlay: OverlayType, size: QSize) -> QIcon:
    """A small picture of a counter's shape in its terrain's colour, triangle hex marked."""
    pixmap = QPixmap(size)
    pixmap.fill(Qt.GlobalColor.transparent)
    shapes = [corners(Hex(q, r), 1.0) for q, r in overlay.hexes]
    xs = [x for shape in shapes for x, _ in shape]
    ys = [y for shape in shapes for _, y in shape]
    scale = min((size.width() - 4) / (max(xs) - min(xs)), (size.height() - 4) / (max(ys) - min(ys)))
    style = hex_style(overlay.kind)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(
        (size.width() - (max(xs) - min(xs)) * scale) / 2 - min(xs) * scale,
        (size.height() - (max(ys) - min(ys)) * scale) / 2 - min(ys) * scale,
    )
    painter.setPen(QPen(shaded(style.fill, 2), 0.8))
    painter.setBrush(QColor(style.fill))
    for shape in shapes:
        painter.drawPolygon(QPolygonF([QPointF(x * scale, y * scale) for x, y in shape]))
    painter.setBrush(QBrush(QColor("#333333")))
    painter.setPen(Qt.PenStyle.NoPen)
    r = max(1.5, scale * 0.3)
    painter.drawPolygon(QPolygonF([QPointF(0, -r), QPointF(r, r * 0.8), QPointF(-r, r * 0.8)]))
    painter.end()
    return QIcon(pixmap)


class OverlayPanel(QWidget):
    """Choose a counter and a turn; place by anchors; see and remove what is laid."""

    #: Reasons a placement was refused (empty: it was made), for the status bar.
    refused = Signal(list)
    #: The chosen counter or its turn changed (the tool redraws its ghost).
    choice_changed = Signal()
    #: The counters to drag onto the map. The name hides ``QWidget.palette()``, which nothing
    #: asks of this panel; the map and the tests know the list by it.
    palette: DragPalette  # type: ignore[assignment]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self.rotation = 0
        self._by_id: dict[str, OverlayType] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.kind_box = QComboBox()
        self.kind_box.setToolTip("Show the counters of one kind")
        self.kind_box.currentIndexChanged.connect(lambda *_: self._fill())
        layout.addWidget(self.kind_box)
        self.palette = DragPalette(OVERLAY_MIME)
        self.palette.setIconSize(QSize(40, 32))
        self.palette.setToolTip("Drag a counter onto the map, or choose it and click on the map")
        self.palette.currentItemChanged.connect(lambda *_: self.choice_changed.emit())
        layout.addWidget(self.palette, 2)
        turn = QHBoxLayout()
        left = QPushButton("⟲")
        left.setToolTip("Turn the counter a sixth anticlockwise (Shift+R)")
        left.clicked.connect(lambda: self.turn(-1))
        right = QPushButton("⟳")
        right.setToolTip("Turn the counter a sixth clockwise (R, or right-click on the map)")
        right.clicked.connect(lambda: self.turn(1))
        self.turn_label = QLabel(TURNS[0])
        turn.addWidget(left)
        turn.addWidget(right)
        turn.addWidget(self.turn_label, 1)
        layout.addLayout(turn)
        anchors = QHBoxLayout()
        self.triangle = QLineEdit()
        self.triangle.setPlaceholderText("triangle hex")
        self.triangle.setToolTip("The hex under the counter's triangle [Armor Setup II.C.1]")
        self.code = QLineEdit()
        self.code.setPlaceholderText("code hex")
        self.code.setToolTip("The hex under the counter's number code [Armor Setup II.C.1]")
        place = QPushButton("Place")
        place.setToolTip("Lay the chosen counter by its two anchor hexes, as the book writes it")
        place.clicked.connect(self.place_by_anchors)
        self.code.returnPressed.connect(self.place_by_anchors)
        anchors.addWidget(self.triangle)
        anchors.addWidget(self.code)
        anchors.addWidget(place)
        layout.addLayout(anchors)
        layout.addWidget(QLabel("On the map"))
        self.laid = QListWidget()
        layout.addWidget(self.laid, 1)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected counter off the map")
        self.remove_button.clicked.connect(self.remove_selected)
        layout.addWidget(self.remove_button)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        layout.addWidget(self.message)

    # --- document -------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        catalog = overlay_catalog(document.scenario.system) if document else None
        self._by_id = {o.id: o for o in catalog.overlays} if catalog else {}
        self.kind_box.blockSignals(True)
        self.kind_box.clear()
        self.kind_box.addItem("All kinds", "")
        for kind in sorted({o.kind for o in self._by_id.values()}):
            self.kind_box.addItem(kind.replace("-", " ").capitalize(), kind)
        self.kind_box.blockSignals(False)
        self.setEnabled(self.usable)
        self._fill()
        self._fill_laid()
        # A message of the last document (a refusal, or another game's "no counters") goes.
        self.message.setText("" if self._by_id else "This game has no terrain overlay counters.")

    @property
    def usable(self) -> bool:
        """Whether the game has overlay counters at all."""
        return bool(self._by_id)

    def _on_changed(self, change: Change) -> None:
        if change & (Change.OVERLAYS | Change.LAYOUT):
            self._fill_used()
            self._fill_laid()

    def _used(self) -> Counter[str]:
        if self.document is None:
            return Counter()
        return Counter(p.overlay for p in self.document.scenario.map.overlays)

    def _fill(self) -> None:
        kind = self.kind_box.currentData() or ""
        current = self.current()
        # Filling the list is not the user choosing a counter: no tool change from it.
        blocker = QSignalBlocker(self.palette)
        self.palette.clear()
        for overlay in self._by_id.values():
            if kind and overlay.kind != kind:
                continue
            item = QListWidgetItem(counter_icon(overlay, self.palette.iconSize()), "")
            item.setData(Qt.ItemDataRole.UserRole, overlay.id)
            item.setToolTip(overlay.source or f"placeholder: {overlay.placeholder}")
            self.palette.addItem(item)
            if current is not None and overlay.id == current.id:
                self.palette.setCurrentItem(item)
        self._fill_used()
        if self.palette.currentRow() < 0 and self.palette.count():
            self.palette.setCurrentRow(0)
        del blocker

    def _fill_used(self) -> None:
        used = self._used()
        for i in range(self.palette.count()):
            item = self.palette.item(i)
            overlay = self._by_id[str(item.data(Qt.ItemDataRole.UserRole))]
            name = overlay.kind.replace("-", " ").capitalize()
            code = f" {overlay.code}" if overlay.code is not None else ""
            left = overlay.count - used[overlay.id]
            item.setText(
                f"{name}{code}: {len(overlay.hexes)} hexes, {left} of {overlay.count} left"
            )
            item.setForeground(QColor("#999999" if left <= 0 else "#202020"))

    def _fill_laid(self) -> None:
        self.laid.clear()
        if self.document is None:
            return
        for placement in self.document.scenario.map.overlays:
            if placement.triangle:
                where = f"{placement.triangle} / {placement.code}"
            else:
                turned = f", turned {placement.rotation}/6" if placement.rotation else ""
                where = f"{placement.hex}{turned}"
            self.laid.addItem(f"{placement.overlay} at {where}")
        self.remove_button.setEnabled(self.laid.count() > 0)

    # --- choice ---------------------------------------------------------------------------

    def current(self) -> OverlayType | None:
        item = self.palette.currentItem()
        return None if item is None else self._by_id.get(str(item.data(Qt.ItemDataRole.UserRole)))

    def choose(self, overlay_id: str) -> None:
        """Make a counter the chosen one, as a click in the list does."""
        if not any(
            self.palette.item(i).data(Qt.ItemDataRole.UserRole) == overlay_id
            for i in range(self.palette.count())
        ):
            self.kind_box.setCurrentIndex(0)
            self._fill()
        for i in range(self.palette.count()):
            if self.palette.item(i).data(Qt.ItemDataRole.UserRole) == overlay_id:
                with QSignalBlocker(self.palette):
                    self.palette.setCurrentRow(i)
                self.choice_changed.emit()

    def turn(self, sixths: int) -> None:
        self.rotation = (self.rotation + sixths) % 6
        self.turn_label.setText(TURNS[self.rotation])
        self.choice_changed.emit()

    # --- verbs ----------------------------------------------------------------------------

    def _report(self, reasons: list[str]) -> list[str]:
        self.message.setText("\n".join(reasons))
        self.refused.emit(reasons)
        return reasons

    def place_at(self, triangle: Hex) -> list[str]:
        """Lay the chosen counter with its triangle on ``triangle``, at the chosen turn."""
        overlay, document = self.current(), self.document
        if overlay is None or document is None:
            return []
        if triangle not in document.map:
            return self._report(["the triangle hex must be on the map"])
        placement = placement_for(overlay, triangle, self.rotation, document.map.name)
        return self._report(document.add_overlay(placement))

    def place_by_anchors(self) -> list[str]:
        overlay, document = self.current(), self.document
        if overlay is None or document is None:
            return []
        triangle, code = self.triangle.text().strip(), self.code.text().strip()
        if not triangle:
            return self._report(["write the triangle hex (and the code hex for a larger unit)"])
        if code:
            placement = OverlayPlacement(overlay=overlay.id, triangle=triangle, code=code)
        else:
            placement = OverlayPlacement(overlay=overlay.id, hex=triangle, rotation=self.rotation)
        return self._report(document.add_overlay(placement))

    def remove_selected(self) -> None:
        row = self.laid.currentRow()
        if self.document is not None and row >= 0:
            self.document.remove_overlay(row)
            self.message.setText("")
