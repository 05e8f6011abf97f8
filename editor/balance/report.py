"""The report of a balance batch as widgets: the verdict in words, each side's win rate with its
95% interval, victory points and game length as histograms, the victory conditions met (those
never met highlighted) and every engine error with its replay and the command that plays it
again."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.balance.colours import AMBER, GREEN, GREY, RED
from editor.balance.run import BatchOutcome
from editor.balance.widgets import Histogram, IntervalBar
from editor.mapview.zones_layer import side_colour
from rules.bots.balance import BalanceReport, ErrorRecord


def clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}:{secs:02d}"


def verdict(report: BalanceReport, names: Mapping[str, str]) -> tuple[str, str]:
    """The verdict in words and its colour."""
    if not report.games:
        return "No game finished: nothing to judge.", GREY
    if report.lopsided():
        s = max(report.sides, key=lambda s: s.low)
        return (
            f"Lopsided: {names.get(s.side, s.side)} wins {s.rate:.0%} of the games (95% "
            f"interval {s.low:.0%}-{s.high:.0%}, wholly above 50%) with these bots.",
            RED,
        )
    return (
        "Not shown lopsided: no side's 95% interval lies wholly above 50%"
        + (" (few games: the intervals are wide)." if report.games < 30 else "."),
        GREEN,
    )


def one_line(report: BalanceReport, names: Mapping[str, str]) -> str:
    """``20 games: German 85% (62-95%), US 15%; lopsided; 0 engine errors``."""
    rates = ", ".join(
        f"{names.get(s.side, s.side)} {s.rate:.0%}"
        + (f" ({s.low:.0%}-{s.high:.0%})" if i == 0 or s.rate > 0.5 else "")
        for i, s in enumerate(sorted(report.sides, key=lambda s: -s.rate))
    )
    errors = len(report.errors)
    judged = "lopsided" if report.lopsided() else "not shown lopsided"
    return (
        f"{report.games} games: {rates}; {judged}; "
        f"{errors} engine error{'' if errors == 1 else 's'}"
    )


#: For a side whose nation's colour is a grey (it would read as "disabled" in a plot).
FALLBACK = ("#a04000", "#1f618d", "#6c3483", "#117a65")


def side_colours(nations: Mapping[str, str]) -> dict[str, QColor]:
    """Each side's colour: its nation's, or when that is a grey, the first fallback whose hue
    is far from every other side's."""
    colours = {side: side_colour(nation) for side, nation in nations.items()}
    for side, colour in colours.items():
        if colour.hsvSaturation() >= 60:
            continue
        hues = [c.hsvHue() for s, c in colours.items() if s != side and c.hsvSaturation() >= 60]
        colours[side] = next(
            (
                QColor(f)
                for f in FALLBACK
                if all(
                    min(abs(QColor(f).hsvHue() - h), 360 - abs(QColor(f).hsvHue() - h)) > 40
                    for h in hues
                )
            ),
            QColor(FALLBACK[0]),
        )
    return colours


def _heading(text: str) -> QLabel:
    label = QLabel(f"<b>{escape(text)}</b>")
    label.setContentsMargins(0, 8, 0, 0)
    return label


def _grey(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"color: {GREY}")
    label.setWordWrap(True)
    return label


class ReportView(QWidget):
    """The widgets of one report (a new view for each report; the dialog swaps them)."""

    def __init__(
        self,
        outcome: BatchOutcome,
        sides: Mapping[str, tuple[str, str]],
        parent: QWidget | None = None,
    ) -> None:
        """``sides``: each side id's name and nation (for its colour)."""
        super().__init__(parent)
        self.outcome, self.report = outcome, outcome.report
        self.names = {k: name for k, (name, _) in sides.items()}
        self.colours = side_colours({k: nation for k, (_, nation) in sides.items()})
        self.rate_labels: dict[str, QLabel] = {}
        self.bars: dict[str, IntervalBar] = {}
        self.vp_plots: dict[str, Histogram] = {}
        self.condition_labels: list[QLabel] = []
        self.error_rows: list[QFrame] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._verdict(layout)
        self._rates(layout)
        self._points(layout)
        self._length(layout)
        self._conditions(layout)
        self._errors(layout)
        layout.addStretch(1)

    def _name(self, side: str) -> str:
        return self.names.get(side, side)

    def _verdict(self, layout: QVBoxLayout) -> None:
        r = self.report
        text, colour = verdict(r, self.names)
        self.verdict = QLabel(f"<span style='color:{colour}; font-size:large'><b>{text}</b></span>")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        stopped = " (cancelled)" if self.outcome.cancelled else ""
        failed = f", {len(r.errors)} stopped by an engine error" if r.errors else ""
        self.games_label = _grey(
            f"{r.games} of {r.requested} games played to their end{stopped}{failed}, "
            f"in {clock(r.seconds)}; no winner in {r.no_winner}."
        )
        layout.addWidget(self.games_label)

    def _rates(self, layout: QVBoxLayout) -> None:
        layout.addWidget(_heading("Win rate, with its 95% interval"))
        grid = QGridLayout()
        grid.setHorizontalSpacing(12)
        grid.setColumnStretch(2, 1)
        for row, s in enumerate(self.report.sides):
            name = QLabel(f"<b>{escape(self._name(s.side))}</b> ({escape(s.bot)})")
            wins = f"{s.wins} win{'' if s.wins == 1 else 's'}"
            figures = QLabel(f"{wins} · <b>{s.rate:.0%}</b> ({s.low:.0%}-{s.high:.0%})")
            bar = IntervalBar(self.colours.get(s.side, QColor(GREY)))
            bar.set_rate(s.rate, s.low, s.high)
            grid.addWidget(name, row, 0)
            grid.addWidget(figures, row, 1)
            grid.addWidget(bar, row, 2)
            self.rate_labels[s.side], self.bars[s.side] = figures, bar
        layout.addLayout(grid)

    def _points(self, layout: QVBoxLayout) -> None:
        layout.addWidget(_heading("Victory points per game"))
        row = QHBoxLayout()
        for s in self.report.sides:
            vp = s.vp or (0.0,)
            mean = sum(vp) / len(vp)
            caption = f"{self._name(s.side)}: mean {mean:.1f}, {min(vp):g} to {max(vp):g}"
            plot = Histogram(caption, self.colours.get(s.side))
            plot.set_values(s.vp)
            row.addWidget(plot)
            self.vp_plots[s.side] = plot
        layout.addLayout(row)

    def _length(self, layout: QVBoxLayout) -> None:
        r = self.report
        layout.addWidget(_heading("Game length"))
        turns = [float(t) for t, n in r.turns.items() for _ in range(n)]
        caption = f"games by the turn they ended; {r.actions_mean:.0f} actions a game on average"
        self.turns_plot = Histogram(caption, QColor(GREY), unit="turn ")
        self.turns_plot.set_values(turns)
        layout.addWidget(self.turns_plot)

    def _conditions(self, layout: QVBoxLayout) -> None:
        r = self.report
        never = sum(1 for c in r.conditions if c.met == 0)
        title = "Victory conditions met"
        layout.addWidget(_heading(f"{title} ({never} never met)" if never and r.games else title))
        for c in r.conditions:
            share = f" ({c.met / r.games:.0%})" if r.games else ""
            label = QLabel(f"#{c.index + 1} {escape(c.text)}: <b>{c.met}</b> games{share}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            if c.met == 0 and r.games:
                label.setText(f"{label.text()} — <b>never met</b>")
                label.setStyleSheet(
                    f"background: #fdebd0; border-left: 3px solid {AMBER}; padding: 2px 4px"
                )
            else:
                label.setStyleSheet("padding: 2px 7px")
            layout.addWidget(label)
            self.condition_labels.append(label)
        if r.unevaluated_games:
            layout.addWidget(
                _grey(f"{r.unevaluated_games} games had conditions the engine cannot judge yet.")
            )

    def _errors(self, layout: QVBoxLayout) -> None:
        errors = self.report.errors
        layout.addWidget(_heading(f"Engine errors: {len(errors)}"))
        self.errors_label = QLabel(f"<span style='color:{GREEN}'>✓ every game ran cleanly</span>")
        if not errors:
            layout.addWidget(self.errors_label)
            return
        if self.outcome.folder:
            layout.addWidget(
                _grey(f"The replays, and the scenario they play, are kept in {self.outcome.folder}")
            )
        for e in errors:
            row = self._error_row(e)
            layout.addWidget(row)
            self.error_rows.append(row)

    def _error_row(self, e: ErrorRecord) -> QFrame:
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(frame)
        text = f"<b style='color:{RED}'>seed {e.seed}</b>: {escape(e.error)}"
        if e.failed_action:
            text += f"<br>while applying <code>{escape(e.failed_action)}</code>"
        if e.replay_file:
            text += f"<br>replay: {escape(e.replay_file)}"
        text += f"<br>play it again: <code>{escape(e.again)}</code>"
        label = QLabel(text)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.addWidget(label)
        buttons = QHBoxLayout()
        copy = QPushButton("Copy Command")
        copy.setToolTip(e.again)
        copy.clicked.connect(lambda *_, c=e.again: QGuiApplication.clipboard().setText(c))
        buttons.addWidget(copy)
        if e.replay_file:
            folder = str(Path(e.replay_file).parent)
            show = QPushButton("Open Folder")
            show.setToolTip(folder)
            show.clicked.connect(
                lambda *_, f=folder: QDesktopServices.openUrl(QUrl.fromLocalFile(f))
            )
            buttons.addWidget(show)
        buttons.addStretch(1)
        box.addLayout(buttons)
        return frame
