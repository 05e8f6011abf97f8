"""The test-play dock's controls: step back and forward, play or pause the bots at a speed,
save and open replays, save the position shown, leave test play. It follows the session's
``changed`` signal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from editor.style import MUTED_TEXT
from editor.testplay.session import FASTEST, TestPlaySession
from rules.engine.errors import RulesError

#: The speed slider's stops, in bot actions per second (FASTEST: as fast as it goes).
SPEEDS = (1, 2, 4, 8, 16, 40, FASTEST)
REPLAY_FILES = "Hexwright replays (*.replay.json *.json)"
POSITION_FILES = "Hexwright positions (*.position.yaml *.yaml *.yml)"


class TestPlayControls(QWidget):
    """Buttons and the speed slider under the panel."""

    __test__ = False
    leave_requested = Signal()

    def __init__(
        self,
        session: TestPlaySession,
        say: Callable[[str, bool], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.say = say
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.back_button = QPushButton("◀ Back")
        self.back_button.setToolTip("Step back one action (the game is rebuilt from its seed)")
        self.back_button.clicked.connect(session.step_back)
        self.forward_button = QPushButton("Forward ▶")
        self.forward_button.setToolTip("Step forward one action, or let the bot to act take one")
        self.forward_button.clicked.connect(session.step_forward)
        self.play_button = QPushButton("Pause bots")
        self.play_button.setCheckable(True)
        self.play_button.setToolTip("Hold the bots, or let them play at the speed below")
        self.play_button.toggled.connect(lambda on: session.set_playing(not on))
        self.position = QLabel()
        for widget in (self.back_button, self.forward_button, self.play_button):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.position)
        column.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(QLabel("Bot speed"))
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setRange(0, len(SPEEDS) - 1)
        self.speed.setValue(SPEEDS.index(4))
        self.speed.valueChanged.connect(self._speed)
        self.speed_label = QLabel()
        self.speed_label.setMinimumWidth(64)
        row.addWidget(self.speed, 1)
        row.addWidget(self.speed_label)
        column.addLayout(row)
        row = QHBoxLayout()
        self.save_button = QPushButton("Save Replay…")
        self.save_button.clicked.connect(lambda: self.save_replay())
        self.open_button = QPushButton("Open Replay…")
        self.open_button.clicked.connect(lambda: self.open_replay())
        self.position_button = QPushButton("Save Position…")
        self.position_button.clicked.connect(lambda: self.save_position())
        self.position_button.setToolTip(
            session.position_problem()
            or "Save the position shown: Test Play can start from it (Play > Test Play from "
            "Position…)"
        )
        row.addWidget(self.save_button)
        row.addWidget(self.open_button)
        row.addWidget(self.position_button)
        row.addStretch(1)
        column.addLayout(row)
        row = QHBoxLayout()
        self.source = QLabel()
        self.source.setStyleSheet(MUTED_TEXT)
        self.leave_button = QPushButton("Leave Test Play")
        self.leave_button.setStyleSheet("font-weight: bold")
        self.leave_button.clicked.connect(self.leave_requested.emit)
        row.addWidget(self.source, 1)
        row.addWidget(self.leave_button)
        column.addLayout(row)
        self._speed(self.speed.value())
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        session = self.session
        at_end = session.position == len(session.timeline)
        self.position.setText(f"action {session.position} of {len(session.timeline)}")
        self.back_button.setEnabled(session.position > 0)
        self.forward_button.setEnabled(not at_end or session.bot_to_act() is not None)
        self.play_button.blockSignals(True)
        self.play_button.setChecked(not session.playing)
        self.play_button.setText("Play bots" if not session.playing else "Pause bots")
        self.play_button.blockSignals(False)
        self.play_button.setEnabled(not session.state.is_terminal())
        start = session.position_file
        self.source.setText(
            f"from the position {Path(start).name}" if start else f"seed {session.seed}"
        )

    def set_speed(self, actions_per_second: int) -> None:
        self.speed.setValue(SPEEDS.index(actions_per_second))

    def _speed(self, index: int) -> None:
        speed = SPEEDS[index]
        self.session.set_speed(speed)
        self.speed_label.setText("fastest" if speed == FASTEST else f"{speed} / s")

    def save_replay(self, path: str | None = None) -> bool:
        """Save the whole game as a replay (asking where when no path is given)."""
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save replay", "", REPLAY_FILES)
        if not path:
            return False
        try:
            self.session.save_replay(path)
        except (OSError, RulesError) as exc:
            self.session.refused.emit(f"Cannot save the replay: {exc}")
            return False
        self.say(f"Replay saved: {path}", False)
        return True

    def open_replay(self, path: str | None = None) -> bool:
        """Open a replay of this scenario: the game at its end, the bots held."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open replay", "", REPLAY_FILES)
        if not path:
            return False
        problem = self.session.open_replay(path)
        if problem is not None:
            self.session.refused.emit(problem)
            return False
        self.say(f"Replay opened: {path} ({len(self.session.timeline)} actions)", False)
        return True

    def save_position(self, path: str | None = None) -> bool:
        """Save the position shown (asking where when no path is given); when the system
        cannot write positions, say why instead."""
        problem = self.session.position_problem()
        if problem is not None:
            self.session.refused.emit(f"Cannot save the position: {problem}")
            return False
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save position", "", POSITION_FILES)
        if not path:
            return False
        try:
            self.session.save_position(path)
        except (OSError, RulesError) as exc:
            self.session.refused.emit(f"Cannot save the position: {exc}")
            return False
        self.say(f"Position saved: {path} (after action {self.session.position})", False)
        return True
