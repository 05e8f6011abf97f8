"""A panel filled with the open document only when it is first seen, or first asked for.

Opening a scenario used to fill every dock, the hidden ones too (Order of Battle, Budget,
Scenario, Overlays: about 60 ms of the editor's start, before the map could paint). A
:class:`ShownFill` holds the document back from a panel that is not on screen and hands it
over at the first of:

- its dock seen (opened from the View menu, its tab chosen, raised by a tool, shown with the
  window): the dock's ``visibilityChanged``, before the panel paints, so it never shows stale
  content. Not the panel's Show event: when the window first shows, every tabbed dock's
  widget is shown, the ones behind another tab too;
- code asking for the panel through :meth:`ShownFill.panel`, the one way in for every reader
  (the window's ``oob_panel``, ``budget_panel``, ``rules_panel`` and ``overlay_panel``, the
  map's tools, the Validation panel's jumps, Test Play, the tests).

Nothing is lost while the panel waits: it reads the document as it is when filled, so edits,
undos and redos made meanwhile are all in what it shows. Once filled, a panel follows its
document itself, shown or not, as before, and another document opened is handed to it at
once (a panel filled once is never left showing an older one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from PySide6.QtWidgets import QDockWidget, QWidget

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument

P = TypeVar("P", bound=QWidget)


class ShownFill(Generic[P]):
    """One panel in its dock, and the document it waits for; ``fill`` hands a document to
    the panel."""

    def __init__(
        self, widget: P, dock: QDockWidget, fill: Callable[[ScenarioDocument | None], None]
    ) -> None:
        self.widget = widget  # as it is: for signals, not for reading its content
        self._fill = fill
        self._waiting: tuple[ScenarioDocument | None] | None = None
        self._seen = False  # the dock on screen (not closed, not behind another tab)
        self._filled = False  # handed a document once: it follows documents from then on
        dock.visibilityChanged.connect(self._seen_or_not)

    def _seen_or_not(self, visible: bool) -> None:
        self._seen = visible
        if visible:
            self.panel()

    @property
    def waiting(self) -> bool:
        """Whether a document waits to be handed over (the panel shows an older one, or none)."""
        return self._waiting is not None

    def set_document(self, document: ScenarioDocument | None) -> None:
        """The open document: handed over now if the panel is on screen or was filled
        before, else when it is first seen or asked for."""
        self._waiting = (document,)
        if self._seen or self._filled:
            self.panel()

    def panel(self) -> P:
        """The panel, filled with the open document first if it still waits for it."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            self._filled = True
            self._fill(waiting[0])
        return self.widget
