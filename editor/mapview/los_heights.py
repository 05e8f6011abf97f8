"""The Line of Sight tool's options: how high the observer and the target stand above their
hexes' ground, as the game's book gives heights (Armor: upper storeys and Planes; the other
books have none, and the bar says why instead of offering choices that mean nothing).

A unit on a hill is terrain, not a height: the map's elevation and hills already raise it.
The choices come from the rules (:func:`rules.los.query.sight_heights`), read when the bar is
first seen for a game (its dock's ``visibilityChanged``: not its Show event, which a dock behind
another tab gets too when the window first shows), so opening a scenario does not load its
rules engine.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from model.systems import GameSystem

GROUND = "ground"


class HeightsBar(QWidget):
    """Two choices, the observer's height and the target's, and what the book says of them."""

    #: The observer's or the target's height was chosen.
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.observer = QComboBox()
        self.target = QComboBox()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setStyleSheet("color: palette(placeholder-text);")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Observer:", self.observer)
        form.addRow("Target:", self.target)
        self._form = QWidget()
        self._form.setLayout(form)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self._form)
        layout.addWidget(self.note)
        for box in (self.observer, self.target):
            box.currentIndexChanged.connect(lambda *_: self.changed.emit())
        self._system: GameSystem | None = None
        self._loaded: GameSystem | None = None
        self._labels: dict[str, str] = {}
        self._seen = False  # on screen: its dock open and not behind another tab

    def set_system(self, system: GameSystem | None) -> None:
        """The open scenario's game: its heights now if the bar is seen, else when it is."""
        self._system = system
        if self._seen:
            self._load()

    def seen(self, visible: bool) -> None:
        """Its dock came on screen (or went): the game's heights are read when it comes."""
        self._seen = visible
        if visible:
            self._load()

    def _load(self) -> None:
        system = self._system
        if system is None or system is self._loaded:
            return
        from rules.los.query import sight_heights  # the game's rules, when first needed

        heights = sight_heights(system)
        self._loaded = system
        self._labels = {h.id: h.label for h in heights.choices}
        before = self.heights()
        for box, kept in zip((self.observer, self.target), before, strict=True):
            box.blockSignals(True)
            box.clear()
            for h in heights.choices:
                box.addItem(h.label, h.id)
                box.setItemData(box.count() - 1, h.rule, Qt.ItemDataRole.ToolTipRole)
            box.setCurrentIndex(max(box.findData(kept), 0))
            box.blockSignals(False)
        # Choices: what the book says is their tooltip (the bar stays small); none: it says why.
        offered = len(heights.choices) > 1
        self._form.setVisible(offered)
        self.note.setVisible(not offered and bool(heights.note))
        self.note.setText(heights.note)
        for box, who in ((self.observer, "observer"), (self.target, "target")):
            box.setToolTip(f"How high the {who} stands above its hex's ground. {heights.note}")
        if self.heights() != before:
            self.changed.emit()

    def heights(self) -> tuple[str, str]:
        """The observer's and the target's height ids (the ground until the game's are read)."""
        found = (self.observer.currentData(), self.target.currentData())
        return (found[0] or GROUND, found[1] or GROUND)

    def raised(self) -> bool:
        return self.heights() != (GROUND, GROUND)

    def label(self, height: str) -> str:
        return self._labels.get(height, height)

    def describe(self) -> str:
        """The two heights in words: "observer 3rd storey (+2), target on the ground"."""
        observer, target = (self.label(h).lower() for h in self.heights())
        return f"observer {observer}, target {target}"
