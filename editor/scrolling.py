"""A widget in a frameless scroll area: the editor's tall panels and pages scroll where they
stand instead of making their dock, dialog or window taller than the screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollArea, QWidget


def scrolled(page: QWidget, sideways: bool = True) -> QScrollArea:
    """``page`` in a frameless, resizable scroll area; ``sideways=False`` for forms, which wrap
    to the area's width rather than scroll across."""
    scroller = QScrollArea()
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QScrollArea.Shape.NoFrame)
    if not sideways:
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setWidget(page)
    return scroller
