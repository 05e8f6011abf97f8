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

A panel no one has seen or asked for is not even made: its module and its widgets wait too.

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
    """One dock's panel, made when first needed, and the document it waits for.

    ``make`` builds the panel (its module is imported then: a panel never seen costs nothing
    at start), ``wrap`` what the dock holds around it (a scroll area), ``fill`` hands it a
    document. Until the panel is made the dock holds an empty widget of the window's colour.
    """

    def __init__(
        self,
        dock: QDockWidget,
        make: Callable[[], P],
        fill: Callable[[P, ScenarioDocument | None], None],
        wrap: Callable[[P], QWidget] | None = None,
    ) -> None:
        self._dock = dock
        self._make = make
        self._fill = fill
        self._wrap = wrap
        self._widget: P | None = None
        self._when_built: list[Callable[[P], object]] = []
        self._waiting: tuple[ScenarioDocument | None] | None = None
        self._seen = False  # the dock on screen (not closed, not behind another tab)
        self._filled = False  # handed a document once: it follows documents from then on
        dock.setWidget(QWidget())
        dock.visibilityChanged.connect(self._seen_or_not)

    @property
    def built(self) -> bool:
        """Whether the panel has been made."""
        return self._widget is not None

    @property
    def widget(self) -> P:
        """The panel as it is (made if it was not), not filled: for its signals and tests."""
        if self._widget is None:
            widget = self._widget = self._make()
            self._dock.setWidget(widget if self._wrap is None else self._wrap(widget))
            for built in self._when_built:
                built(widget)
            self._when_built.clear()
        return self._widget

    def when_built(self, callback: Callable[[P], object]) -> None:
        """Call back with the panel once it is made (now if it is)."""
        if self._widget is not None:
            callback(self._widget)
        else:
            self._when_built.append(callback)

    @property
    def waiting(self) -> bool:
        """Whether a document waits to be handed over (the panel shows an older one, or none)."""
        return self._waiting is not None

    def _seen_or_not(self, visible: bool) -> None:
        self._seen = visible
        if visible:
            self.panel()

    def set_document(self, document: ScenarioDocument | None) -> None:
        """The open document: handed over now if the panel is on screen or was filled
        before, else when it is first seen or asked for."""
        self._waiting = (document,)
        if self._seen or self._filled:
            self.panel()

    def panel(self) -> P:
        """The panel, made and filled with the open document first if it still waits."""
        widget = self.widget
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            self._filled = True
            self._fill(widget, waiting[0])
        return widget
