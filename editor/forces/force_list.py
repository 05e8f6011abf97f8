"""The Order of Battle panel's list of a side's force entries (rows from
:mod:`editor.forces.force_rows`): formation headings, entries, riders under their carriers,
over-stacked entries in red. Dragging an entry onto the map carries ``side_id/entry_index``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from editor.forces.force_rows import ForceRow

#: The drag-and-drop type of a force entry dragged onto the map: ``side_id/entry_index``.
FORCE_MIME = "application/x-hexwright-force"

#: Entries on an over-stacked hex, and carriers that cannot carry the unit, in this colour.
FLAG_COLOUR = QColor("#a93226")
HEADING_COLOUR = QColor("#555555")
ENTRY_ROLE = Qt.ItemDataRole.UserRole


def force_payload(side_id: str, index: int) -> bytes:
    return f"{side_id}/{index}".encode()


def parse_force_payload(payload: str) -> tuple[str, int] | None:
    """``side_id/entry_index`` back to its parts; None when it is not one."""
    side_id, _, index = payload.rpartition("/")
    return (side_id, int(index)) if side_id and index.isdigit() else None


class ForceList(QListWidget):
    """The side's entries; dragging one carries ``side_id/entry_index`` as :data:`FORCE_MIME`."""

    def __init__(self, side: Callable[[], str | None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._side = side
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)
        # Long lines (a stacking finding with its rule) wrap rather than hide to the right.
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 - Qt API
        data = QMimeData()
        side = self._side()
        index = items[0].data(ENTRY_ROLE) if items else None
        if index is not None and side is not None:
            data.setData(FORCE_MIME, force_payload(side, int(index)))
        return data

    def mimeTypes(self) -> list[str]:  # noqa: N802 - Qt API
        return [FORCE_MIME]


def row_item(row: ForceRow) -> QListWidgetItem:
    """The list item of a row: a heading is bold and cannot be selected or dragged."""
    item = QListWidgetItem(row.text)
    item.setData(ENTRY_ROLE, row.index)
    item.setToolTip("\n".join(filter(None, [row.tip, row.flag])))
    if row.index is None:
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.setForeground(HEADING_COLOUR)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    elif row.flag:
        item.setForeground(FLAG_COLOUR)
    return item
