"""A list of things to drag onto the map (sections, overlay counters): each item carries its id
under one drag-and-drop type, which the map view knows how to drop."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget


class DragPalette(QListWidget):
    """Items whose ``UserRole`` data is an id; dragging one carries the id as ``mime``."""

    def __init__(self, mime: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.mime = mime
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 - Qt API
        data = QMimeData()
        if items:
            data.setData(self.mime, str(items[0].data(Qt.ItemDataRole.UserRole)).encode())
        return data

    def mimeTypes(self) -> list[str]:  # noqa: N802 - Qt API
        return [self.mime]
