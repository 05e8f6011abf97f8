"""The Sections panel: the system's map sections to drag onto the map, the sections laid, the
presets, and the layout in join notation (Armor's ``K3813-J3801, J1412-L1436``), live and
editable: type a layout and press Enter to build it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QIcon,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
)
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
from editor.mapview.render import THUMBNAIL, MapPainter, fitted_pixmap
from editor.scenario.constraints import ConstraintsView
from editor.style import ID_TEXT, MUTED_TEXT, PAPER, SEAM
from model.errors import ProblemList, YamlError
from model.joins import JoinType, notation_of
from model.layout import LayoutError, SectionPlacement, assemble
from model.resources import board_ids, load_board

#: The drag-and-drop type of a section dragged from the palette (the board id as UTF-8).
SECTION_MIME = "application/x-hexwright-section"


#: The most rows of boards the Sections palette shows at once; a larger library scrolls.
PALETTE_ROWS = 3


class _Palette(DragPalette):
    """Board sections with thumbnails."""

    #: The list was painted (the thumbnails still to draw wait for it: editor start-up).
    painted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(SECTION_MIME, parent)
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(66, 44))
        self.setGridSize(QSize(74, 64))
        self.setMovement(QListWidget.Movement.Static)
        # Static movement turns dragging off (QListView.setMovement): the items do not move
        # within the list, but they still drag out of it onto the map.
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setWordWrap(True)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        self.painted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        self.fit_rows()

    def fit_rows(self) -> None:
        """As tall as its rows of boards at its width, one to :data:`PALETTE_ROWS`: a library
        of many boards shows them (past that, the list scrolls). Only the height follows the
        width, so the panel's layout settles at once."""
        grid = self.gridSize()
        inner = self.width() - 2 * self.frameWidth()
        per_row = max(1, inner // grid.width())
        rows = -(-self.count() // per_row)
        if rows > PALETTE_ROWS:  # the scroll bar takes its width from the rows
            inner -= self.verticalScrollBar().sizeHint().width()
            per_row = max(1, inner // grid.width())
        shown = min(PALETTE_ROWS, max(1, -(-self.count() // per_row)))
        height = shown * grid.height() + 10  # the frame and the last row's margin
        if self.minimumHeight() != height or self.maximumHeight() != height:
            self.setFixedHeight(height)


def blank_pixmap(size: QSize) -> QPixmap:
    """A thumbnail's place while it is painted: a sheet of the map's paper with a faint
    edge, as the board will lie there (not an empty hole that jumps when it fills)."""
    pixmap = QPixmap(size)
    pixmap.fill(QColor(PAPER))
    painter = QPainter(pixmap)
    painter.setPen(QColor(PAPER).darker(112))
    painter.drawRect(0, 0, size.width() - 1, size.height() - 1)
    painter.end()
    return pixmap


def unreadable_pixmap(size: QSize) -> QPixmap:
    """A thumbnail's place for a board that cannot be read: the blank sheet crossed out, and
    "cannot be read" on it (the item's own text, the board's id, has no room for more)."""
    pixmap = blank_pixmap(size)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(SEAM), 1.5))
    inset = pixmap.rect().adjusted(6, 6, -6, -6)
    painter.drawLine(inset.topLeft(), inset.bottomRight())
    painter.drawLine(inset.topRight(), inset.bottomLeft())
    text = "cannot\nbe read"
    font = painter.font()
    while font.pointSizeF() > 5:  # the largest that fits inside the sheet
        box = QFontMetrics(font).boundingRect(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, text)
        if box.width() <= size.width() - 8 and box.height() <= size.height() - 8:
            break
        font.setPointSizeF(font.pointSizeF() - 0.5)
    painter.setFont(font)
    box = QFontMetrics(font).boundingRect(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, text)
    painter.fillRect(box.adjusted(-2, 0, 2, 0), QColor(PAPER))
    painter.setPen(QColor(ID_TEXT))
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return pixmap


def thumbnail(document: ScenarioDocument, board_id: str, size: QSize) -> QIcon:
    """A small picture of a board, for the palette."""
    section = load_board(document.scenario.system, board_id)
    pixmap = QPixmap(size)
    pixmap.fill(QColor(PAPER))
    try:
        amap = assemble([SectionPlacement(board_id)], {board_id: section})
    except LayoutError:  # pragma: no cover - a lone built-in board always assembles
        return QIcon(pixmap)
    return QIcon(fitted_pixmap(MapPainter(amap, THUMBNAIL), size))


class SectionsPanel(QWidget):
    """Lay out the map: drag sections from the palette, turn, remove, presets, notation."""

    #: Reasons a layout edit was refused (empty list: accepted), for the window's status bar.
    refused = Signal(list)
    #: The sections to drag onto the map. The name hides ``QWidget.palette()``, which nothing
    #: asks of this panel; the tests know the list by it.
    palette: _Palette  # type: ignore[assignment]

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: ScenarioDocument | None = None
        self._thumbnails: dict[tuple[str, str], QIcon] = {}
        self._unpainted: list[tuple[tuple[str, str], str]] = []
        self._painting = False  # a thumbnail's turn is waiting in the event queue
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(_caption("Drag a section onto the map"))
        self.palette = _Palette()
        self.palette.painted.connect(self._start_thumbnails)
        self.palette.fit_rows()
        layout.addWidget(self.palette)
        layout.addWidget(_caption("On the map"))
        self.laid = QListWidget()
        self.laid.setFixedHeight(70)
        self.laid.currentRowChanged.connect(self._update_buttons)
        layout.addWidget(self.laid)
        buttons = QHBoxLayout()
        self.turn_button = QPushButton("Turn 180°")
        self.turn_button.setToolTip("Turn the selected section half round (a flipped board)")
        self.turn_button.clicked.connect(self.turn_selected)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected section off the map")
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.turn_button)
        buttons.addWidget(self.remove_button)
        layout.addLayout(buttons)
        presets = QHBoxLayout()
        self.preset_box = QComboBox()
        for join in JoinType:
            self.preset_box.addItem(join.value.capitalize(), join)
        self.preset_box.setToolTip(
            "Lay the sections again in a standard arrangement, in their present order"
        )
        lay = QPushButton("Lay out")
        lay.clicked.connect(self.apply_preset)
        presets.addWidget(self.preset_box, 1)
        presets.addWidget(lay)
        layout.addLayout(presets)
        layout.addWidget(_caption("Join notation (edit and press Enter)"))
        self.notation = QLineEdit()
        self.notation.setPlaceholderText("K3813-J3801, J1412-L1436")
        self.notation.setToolTip(
            "For each join, two hexes adjacent across it [Armor Setup II.B]. Type a layout and "
            "press Enter to build it."
        )
        self.notation.returnPressed.connect(self.apply_notation)
        layout.addWidget(self.notation)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        layout.addWidget(self.message)
        # A loose scenario's limits on the layout, judged live (hidden when it has none).
        self.constraints = ConstraintsView()
        layout.addWidget(self.constraints, 1)
        layout.addStretch(0)

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        self.constraints.set_document(document)
        self.palette.clear()
        if document is None:
            return
        system = document.scenario.system
        self._unpainted = []
        for board_id in board_ids(system):
            key = (system.value, board_id)
            icon = self._thumbnails.get(key)
            if icon is None:
                # Painted between events once the palette has shown (25 ms a board): the
                # palette fills in a moment later, the window's first paint (the map) does
                # not wait for them.
                self._unpainted.append((key, board_id))
                icon = QIcon(blank_pixmap(self.palette.iconSize()))
            item = QListWidgetItem(icon, board_id)
            item.setData(Qt.ItemDataRole.UserRole, board_id)
            item.setToolTip(f"Section {board_id}: drag it onto the map")
            self.palette.addItem(item)
        self.palette.fit_rows()
        self.palette.update()  # its paint starts the thumbnails
        self.refresh()

    def _start_thumbnails(self) -> None:
        """The palette painted, with its placeholders: draw the thumbnails, one an event
        loop's turn, once the paint is over (at start-up the window's first paint: the docks
        paint before the map, so the first thumbnail waits a turn more, after the map's)."""
        if self._unpainted and not self._painting:
            self._painting = True
            QTimer.singleShot(0, self._after_paint)

    def _after_paint(self) -> None:
        QTimer.singleShot(0, self._paint_thumbnails)

    def _paint_thumbnails(self) -> None:
        """Paint one waiting thumbnail, and come back for the next."""
        self._painting = False
        document = self.document
        if not self._unpainted or document is None:
            return
        key, board_id = self._unpainted.pop(0)
        item = next(
            (
                found
                for found in (self.palette.item(i) for i in range(self.palette.count()))
                if found.data(Qt.ItemDataRole.UserRole) == board_id
            ),
            None,
        )
        if item is not None and key[0] == document.scenario.system.value:
            try:
                if key not in self._thumbnails:
                    self._thumbnails[key] = thumbnail(document, board_id, self.palette.iconSize())
                item.setIcon(self._thumbnails[key])
            except (ProblemList, YamlError) as exc:  # a board file of the user's library
                # broken by hand, or not a regular file (a pipe, a link to a device): said on
                # the item, and the other thumbnails painted on
                problems = exc.problems if isinstance(exc, ProblemList) else [exc.problem]
                item.setIcon(QIcon(unreadable_pixmap(self.palette.iconSize())))
                item.setData(Qt.ItemDataRole.UserRole, None)
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                why = problems[0].format() if problems else ""
                item.setToolTip(f"Section {board_id} cannot be read: {why}")
            except KeyError:  # gone from the user's library while it waited: left as it is
                pass
        if self._unpainted:
            self._painting = True
            QTimer.singleShot(0, self._paint_thumbnails)

    def _on_changed(self, change: Change) -> None:
        if change & Change.LAYOUT:
            self.refresh()

    def refresh(self) -> None:
        """Show the laid sections and the layout's notation as the document has them."""
        document = self.document
        if document is None:
            return
        row = self.laid.currentRow()
        self.laid.clear()
        for placement in document.placements():
            turned = " (turned 180°)" if placement.flipped else ""
            self.laid.addItem(f"{placement.name}{turned}")
        self.laid.setCurrentRow(min(max(row, 0), self.laid.count() - 1))
        try:
            text = notation_of(document.map) if len(document.placements()) > 1 else ""
        except LayoutError:  # pragma: no cover - a legal map always has pairs across joins
            text = ""
        self.notation.setText(text)
        self.notation.setCursorPosition(0)
        self._update_buttons()

    def select(self, index: int) -> None:
        self.laid.setCurrentRow(index)

    def _update_buttons(self) -> None:
        ok = self.laid.currentRow() >= 0
        self.turn_button.setEnabled(ok)
        self.remove_button.setEnabled(ok and self.laid.count() > 1)

    def _do(self, verb: Callable[[], list[str]]) -> list[str]:
        return self.report(verb())

    def report(self, reasons: list[str]) -> list[str]:
        """Say why a layout edit was refused, here and (``refused``) in the status bar; an
        empty list, an edit made, clears the panel's message."""
        self.message.setText("\n".join(reasons))
        self.refused.emit(reasons)
        return reasons

    def turn_selected(self) -> list[str]:
        document, row = self.document, self.laid.currentRow()
        if document is None or row < 0:
            return []
        return self._do(lambda: document.flip_section(row))

    def remove_selected(self) -> list[str]:
        document, row = self.document, self.laid.currentRow()
        if document is None or row < 0:
            return []
        return self._do(lambda: document.remove_section(row))

    def apply_preset(self) -> list[str]:
        document = self.document
        if document is None:
            return []
        join = JoinType(self.preset_box.currentData())
        return self._do(lambda: document.apply_preset(join))

    def apply_notation(self) -> list[str]:
        document = self.document
        if document is None:
            return []
        text = self.notation.text()
        reasons = self._do(lambda: document.set_layout_notation(text))
        if reasons:
            self.notation.setText(text)  # keep what was typed, to correct it
        return reasons


def _caption(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(MUTED_TEXT + "; font-weight: 600")
    return label
