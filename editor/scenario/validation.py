"""The Validation panel: every finding of :func:`rules.checks.run_checks` on the open scenario,
kept up to date as the designer edits; selecting one outlines its place on the map.

Load-time problems cannot occur in an open document (it would not have opened), so the panel
lists the static checks' findings: severity, message, the book's section and the entry's
dotted path. The checks run a moment after the last edit (debounced) and in a worker thread.
A double-click or Enter on a finding opens the panel and row that fix it
(:mod:`editor.scenario.jump`).

Why a thread: on the largest built-in scenarios (Panzer '44 19.3 Wallendorf, 19.4 Luneville,
2074 hexes) the checks take about a second, mostly the objectives-in-reach estimate; run in
the GUI thread they would freeze every brush stroke. The scenario, map and overlays are
immutable values, so the worker reads them safely; a result for a scenario that has changed
since is dropped.
"""

from __future__ import annotations

import logging
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QIcon,
    QPainter,
    QPalette,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from editor.balance.line import BalanceLine
from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.scenario.jump import jump_to_fix
from model.hexes import Hex
from model.scenario_io import LoadedScenario

if TYPE_CHECKING:
    from editor.app import MainWindow
    from rules.checks import Finding, Severity

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
#: Dark enough to read as text on white, distinct as icons (and the icons differ in shape).
COLOURS: dict[str, str] = {"error": "#c0392b", "warning": "#b9770e", "info": "#2471a3"}
_NAMES = {
    "error": ("error", "errors"),
    "warning": ("warning", "warnings"),
    "info": ("info", "info"),
}
FINDING_ROLE = Qt.ItemDataRole.UserRole


def loaded_of(document: ScenarioDocument) -> LoadedScenario:
    """The document's scenario as the checks read it (values, shared with the document)."""
    sections = {p.section: document.section(p.section) for p in document.placements()}
    where = str(document.path) if document.path else "<unsaved scenario>"
    return LoadedScenario(document.scenario, where, document.map, sections, document.overlays)


def summary(counts: dict[str, int]) -> str:
    """``2 errors, 1 warning`` (severities with none left out)."""
    parts = [
        f"{counts[s]} {_NAMES[s][0] if counts[s] == 1 else _NAMES[s][1]}"
        for s in SEVERITIES
        if counts.get(s)
    ]
    return ", ".join(parts) if parts else "no findings"


# --- drawing -----------------------------------------------------------------------------------


def severity_icon(severity: str, size: int = 16) -> QIcon:
    """A red disk with '!' (error), an amber triangle with '!' (warning), a blue disk with
    'i' (info): told apart by shape as well as colour."""
    pixmap = QPixmap(size * 2, size * 2)  # drawn at twice the size, sharp on high-DPI screens
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(COLOURS[severity]))
    s = size * 2.0
    if severity == "warning":
        painter.drawPolygon(
            QPolygonF([QPointF(s / 2, 1), QPointF(s - 1, s - 2), QPointF(1, s - 2)])
        )
    else:
        painter.drawEllipse(QRect(1, 1, int(s) - 2, int(s) - 2))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(int(s * 0.62))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    glyph_rect = QRect(0, int(s * 0.12) if severity == "warning" else 0, int(s), int(s))
    painter.drawText(glyph_rect, Qt.AlignmentFlag.AlignCenter, "i" if severity == "info" else "!")
    painter.end()
    return QIcon(pixmap)


class FindingDelegate(QStyledItemDelegate):
    """A finding as two wrapped lines beside its severity icon: the message, then the book's
    section and the entry's path in grey."""

    PAD = 6
    ICON = 16

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._icons = {s: severity_icon(s, self.ICON) for s in SEVERITIES}

    def _text_width(self, option: QStyleOptionViewItem) -> int:
        widget = option.widget
        width = (
            widget.viewport().width()
            if isinstance(widget, QAbstractItemView)
            else option.rect.width()
        )
        return max(80, width - self.PAD * 3 - self.ICON)

    @staticmethod
    def _fonts(option: QStyleOptionViewItem) -> tuple[QFont, QFont]:
        main = QFont(option.font)
        small = QFont(main)
        small.setPointSizeF(main.pointSizeF() * 0.9)
        return main, small

    @staticmethod
    def _texts(index: QModelIndex | QPersistentModelIndex) -> tuple[Finding, str, str]:
        finding: Finding = index.data(FINDING_ROLE)
        where = f"{finding.citation}  ·\u00a0{finding.path}" if finding.path else finding.citation
        return finding, finding.message, where

    def _heights(self, option: QStyleOptionViewItem, message: str, where: str) -> tuple[int, int]:
        width = self._text_width(option)
        main, small = self._fonts(option)
        flags = int(Qt.TextFlag.TextWordWrap)
        box = QRect(0, 0, width, 100_000)
        return (
            QFontMetrics(main).boundingRect(box, flags, message).height(),
            QFontMetrics(small).boundingRect(box, flags, where).height(),
        )

    def sizeHint(  # noqa: N802 - Qt API
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        _, message, where = self._texts(index)
        top, bottom = self._heights(option, message, where)
        return QSize(self._text_width(option), top + bottom + self.PAD * 2 + 2)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        finding, message, where = self._texts(index)
        base = QStyleOptionViewItem(option)
        self.initStyleOption(base, index)
        base.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, base, painter, widget)
        rect: QRect = option.rect
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        palette: QPalette = option.palette
        text = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        top, bottom = self._heights(option, message, where)
        x = rect.left() + self.PAD * 2 + self.ICON
        width = self._text_width(option)
        main, small = self._fonts(option)
        painter.save()
        icon = QRect(rect.left() + self.PAD, rect.top() + self.PAD + 1, self.ICON, self.ICON)
        if selected:  # a backing, so a blue icon shows on the blue of the selection
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("white"))
            painter.drawRoundedRect(icon.adjusted(-2, -2, 2, 2), 4, 4)
        self._icons[finding.severity].paint(painter, icon)
        flags = int(Qt.TextFlag.TextWordWrap)
        painter.setFont(main)
        painter.setPen(text)
        painter.drawText(QRect(x, rect.top() + self.PAD, width, top), flags, message)
        painter.setFont(small)
        painter.setPen(text if selected else QColor("#5d6d7e"))
        painter.drawText(QRect(x, rect.top() + self.PAD + top + 2, width, bottom), flags, where)
        painter.restore()


# --- the panel ---------------------------------------------------------------------------------


class _Relay(QObject):
    """Carries a worker's result to the GUI thread (a queued signal)."""

    done = Signal(int, object)  # generation, list[Finding] or the exception raised


class ValidationPanel(QWidget):
    """The findings of the open scenario, with counts, a severity filter and their places.

    Signals:
        updated: the list shows the findings of the scenario as it stands now.
    """

    updated = Signal()

    DEBOUNCE_MS = 300

    def __init__(self, window: MainWindow | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window_ = window
        self.document: ScenarioDocument | None = None
        self.findings: list[Finding] = []
        self.running = False
        self._pending = False
        self._generation = 0
        self._failure = ""
        # The pool first: Qt deletes children in order, and the pool waits for its worker
        # before the relay the worker reports through goes.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DEBOUNCE_MS)
        self._timer.timeout.connect(self.run_now)
        #: The checks wait (hold_until): a run asked for meanwhile starts when they may.
        self._held = False
        self._wanted = False
        self._build()

    def _build(self) -> None:
        self.header = QLabel("")
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.balance_line = BalanceLine(self)  # after Validate: a short auto-played batch
        if self.window_ is not None:
            self.balance_line.open_dialog.connect(self.window_.balance)
        self.balance_line.updated.connect(self._show_header)
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        filters.addWidget(QLabel("Show:"))
        self.filters: dict[str, QToolButton] = {}
        for severity in SEVERITIES:
            button = QToolButton()
            button.setCheckable(True)
            button.setChecked(True)
            button.setIcon(severity_icon(severity))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setText(_NAMES[severity][1].capitalize())
            button.setToolTip(f"Show or hide the {_NAMES[severity][1]}")
            button.toggled.connect(lambda *_: self._refilter())
            filters.addWidget(button)
            self.filters[severity] = button
        filters.addStretch(1)
        self.list = QListWidget()
        self.list.setItemDelegate(FindingDelegate(self.list))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.setUniformItemSizes(False)
        self.list.setAlternatingRowColors(True)
        self.list.currentItemChanged.connect(self._chosen)
        # A double-click or Enter on a finding: the panel and row that fix it.
        self.list.itemActivated.connect(self._activated)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.balance_line)
        layout.addLayout(filters)
        layout.addWidget(self.list, 1)
        self._show_header()

    # --- document and runs ----------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        """Follow another document (a board has nothing to validate)."""
        board = isinstance(document, BoardDocument)
        self.document = follow(self.document, None if board else document, self._edited)
        self.balance_line.set_document(self.document)
        self._timer.stop()
        self._generation += 1  # whatever runs now is for the old document
        self.findings = []
        self._failure = ""
        self._fill()
        if self.document is None:
            self._show_header()
            return
        self.run_now()

    def hold_until(self, signal: SignalInstance) -> None:
        """No run before ``signal`` (the map's first paint, at start-up): the worker shares
        the interpreter with the window, and the first paint should not wait for it."""
        self._held = True
        signal.connect(self._release_after)

    def _release_after(self) -> None:
        # A moment after the paint that released them, as after an edit (DEBOUNCE_MS): the
        # window is on screen and answering first.
        QTimer.singleShot(self.DEBOUNCE_MS, self.release)

    def release(self) -> None:
        """The checks may run: the run asked for while they waited starts."""
        if self._held:
            self._held = False
            if self._wanted:
                self._wanted = False
                self.run_now()

    def _edited(self, _change: Change) -> None:
        self._timer.start()  # restarted by each edit: the checks run once the designer pauses

    def run_now(self) -> None:
        """Check the scenario as it stands now (in the worker thread)."""
        self._timer.stop()
        if self.document is None:
            return
        if self._held:
            self._wanted = True
            return
        self._generation += 1
        if self.running:
            self._pending = True  # one run at a time; the latest scenario is checked next
        else:
            self._start()
        self._show_header()

    def _start(self) -> None:
        assert self.document is not None
        # The checks (every rule engine's), imported at the first run: after the window shows.
        from rules.checks import run_checks

        loaded, generation, relay = loaded_of(self.document), self._generation, self._relay
        self.running = True

        def work() -> None:
            try:
                result: object = run_checks(loaded)
            except Exception as exc:  # a bug in a check: say so rather than hang on "checking"
                logging.getLogger("hexwright.checks").exception("a check failed")
                result = exc
            relay.done.emit(generation, result)

        self._pool.start(work)

    def _finished(self, generation: int, result: object) -> None:
        self.running = False
        if self._pending:
            self._pending = False
            self._start()
        if generation != self._generation:
            return  # the scenario changed while it was checked
        if isinstance(result, Exception):
            self.findings, self._failure = [], f"{type(result).__name__}: {result}"
        else:
            assert isinstance(result, list)
            self.findings, self._failure = result, ""
        self._fill()
        self._show_header()
        self.updated.emit()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until the worker is idle (tests, scripts): a run held back starts first."""
        self.release()
        return bool(self._pool.waitForDone(msecs))

    # --- the list -------------------------------------------------------------------------------

    def _fill(self) -> None:
        """Show the findings, keeping the one selected selected, without moving the map."""
        current = self.current()
        key = (current.code, current.path) if current else None
        self.list.blockSignals(True)
        self.list.clear()
        for finding in self.findings:
            item = QListWidgetItem(finding.message)
            item.setData(FINDING_ROLE, finding)
            item.setToolTip(finding.format())
            self.list.addItem(item)
            if (finding.code, finding.path) == key:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)
        self._refilter()

    def _refilter(self) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            severity = item.data(FINDING_ROLE).severity
            item.setHidden(not self.filters[severity].isChecked())
        self._show_header()

    def shown(self) -> list[Finding]:
        """The findings the filter lets through, in order."""
        return [
            self.list.item(row).data(FINDING_ROLE)
            for row in range(self.list.count())
            if not self.list.item(row).isHidden()
        ]

    def current(self) -> Finding | None:
        item = self.list.currentItem()
        if item is None:
            return None
        finding: Finding = item.data(FINDING_ROLE)
        return finding

    def select(self, finding: Finding) -> None:
        """Select a finding (and show its place), as a click on it does."""
        for row in range(self.list.count()):
            if self.list.item(row).data(FINDING_ROLE) == finding:
                self.list.setCurrentRow(row)
                return
        raise ValueError(f"not listed: {finding}")

    def counts(self) -> dict[str, int]:
        return {s: sum(f.severity == s for f in self.findings) for s in SEVERITIES}

    def _show_header(self) -> None:
        if self.document is None:
            self.header.setText("<span style='color:#555'>Validation applies to scenarios.</span>")
            return
        counts = self.counts()
        if self._failure:
            failed = f"The checks failed (a bug): {escape(self._failure)}"
            text = f"<b style='color:{COLOURS['error']}'>{failed}</b>"
        elif not self.findings and self.balance_line.unplayable:
            # Issue 17: no "passes every check" for a scenario test play cannot play.
            why = escape(self.balance_line.unplayable)
            text = (
                "<b style='color:#b9770e'>No findings from the checks, but test play cannot "
                f"play it:</b> {why}"
            )
        elif not self.findings:
            played = " and test play plays it" if self.balance_line.outcome is not None else ""
            passes = f"✓ No findings: the scenario passes every check{played}"
            text = f"<b style='color:#1e8449'>{passes}</b>"
        else:
            text = ", ".join(
                f"<b style='color:{COLOURS[s]}'>{part}</b>"
                for s, part in zip(
                    [s for s in SEVERITIES if counts[s]], summary(counts).split(", "), strict=True
                )
            )
            hidden = len(self.findings) - len(self.shown())
            if hidden:
                text += f" <span style='color:#555'>({hidden} hidden by the filter)</span>"
        if self.running or self._timer.isActive():
            text += " <span style='color:#555'>— checking…</span>"
        self.header.setText(text)

    # --- the place on the map -------------------------------------------------------------------

    def _chosen(self, current: QListWidgetItem | None, _previous: object) -> None:
        if current is not None:
            self.show_place(current.data(FINDING_ROLE))

    def _activated(self, item: QListWidgetItem) -> None:
        if self.window_ is not None and self.document is not None:
            jump_to_fix(self.window_, item.data(FINDING_ROLE))

    def show_place(self, finding: Finding) -> frozenset[Hex]:
        """Outline on the map the hexes a finding is about and centre the view on them; say so
        in the status bar when it has no place on the map."""
        window, document = self.window_, self.document
        if window is None or document is None:
            return frozenset()
        where = finding.path or "the scenario"
        colour = QColor(COLOURS[finding.severity])
        return window.map_editor.show_place(
            finding.path, colour, where, "this finding has no place on the map"
        )
