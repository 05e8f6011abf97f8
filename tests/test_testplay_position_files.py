"""Test play and position files, through the real widgets: a position saved with the Save
Position button and started from with Play > Test Play from Position; a broken file's problems
shown at their ``file:line:col``; a system that cannot write or read positions says so.

The first test plays a toy (Panzer '44's own positions are tested headless in
tests/test_p44_position_file.py): the Soldiers rules, registered again with a game whose
position is the list of actions applied, replayed on reading. What is tested is the editor's side: the buttons, the dialog,
the file, the session starting where the file says.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot
from test_testplay import FORT_DRIANT, open_window
from test_testplay_systems import SOLDIERS, apply_first_listed, take_over

from editor.testplay.mode import TestPlayDialog, TestPlayMode, ask_test_play_from_position
from editor.testplay.panel import TestPlayPanel
from model.base import StrictModel
from model.position import GamePosition
from model.scenario_io import LoadedScenario
from model.systems import GameSystem
from rules.engine.core import Game, State
from rules.engine.errors import RulesError
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.records.position import PositionReader, position_text
from rules.registry import register, rules_for, unregister
from rules.soldiers.game import SoldiersGame, SoldiersState

pytestmark = pytest.mark.gui


class Actions(StrictModel):
    """The toy's ``state`` section: the actions applied since the set-up."""

    actions: list[str]


class PositionedState(SoldiersState):
    def to_position(self) -> GamePosition:
        progress = self.progress()
        return GamePosition.model_validate(
            {
                **self.position_header(),
                "turn": progress.turn,
                "step": progress.step_id,
                "state": {"actions": [a.text() for a in self.history]},
            }
        )


class PositionedGame(SoldiersGame):
    position_state = Actions

    def new_initial_state(self, seed: int = 0) -> PositionedState:
        return PositionedState(self, seed)

    def state_from_position(self, position: GamePosition, reader: PositionReader) -> State:
        state = self.new_initial_state(position.seed)
        actions: list[str] = getattr(position.state, "actions", [])
        for i, text in enumerate(actions):
            try:
                state.apply(text)
            except RulesError as exc:
                reader.problem(("state", "actions", i), str(exc))
                break
        return state


@pytest.fixture
def positioned() -> Iterator[None]:
    """The Soldiers rules with the toy's positions, for one test."""
    soldiers = rules_for(GameSystem.SOLDIERS)

    def new_game(loaded: LoadedScenario) -> PositionedGame:
        return PositionedGame(loaded)

    register(dataclasses.replace(soldiers, new_game=new_game))
    yield
    unregister(GameSystem.SOLDIERS)


def step(qtbot: QtBot, panel: TestPlayPanel) -> object:
    """The first action listed with Apply, or Done when the side has nothing listed."""
    take_over(qtbot, panel)
    first = panel.units.topLevelItem(0)
    if first is not None and first.childCount():
        return apply_first_listed(qtbot, panel)
    assert panel.done_button.isVisibleTo(panel)
    done = panel.choices.done if panel.choices is not None else None
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    return done


def start_from(qtbot: QtBot, w: Any, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play > Test Play from Position...: the file chosen, then Play in the dialog."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))

    def play() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, TestPlayDialog)
        assert dialog.position == str(path) and not dialog.seed.isEnabled()
        for box in dialog.seats.values():  # hot seat: a human at each side
            box.setCurrentIndex(box.findData("human"))
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, play)
    ask_test_play_from_position(w)


def test_a_position_saved_and_started_from(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, positioned: None
) -> None:
    w = open_window(qtbot, SOLDIERS)
    mode = TestPlayMode(w)
    assert mode.enter(5, {"us": "human", "german": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    for _ in range(3):
        step(qtbot, panel)
    session = panel.session
    saved, turn = session.state.fingerprint(), session.state.progress().turn
    path = tmp_path / "patrol.position.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    qtbot.mouseClick(panel.controls.position_button, Qt.MouseButton.LeftButton)
    assert path.is_file(), panel.message.text()
    text = path.read_text(encoding="utf-8")
    assert "schema_version: 1" in text and "10-dawn-patrol.yaml" in text
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None

    start_from(qtbot, w, path, monkeypatch)
    mode = w.test_play_mode
    assert mode is not None and mode.panel is not None and mode.session is not None
    panel, session = mode.panel, mode.session
    assert session.position_file == str(path)
    assert session.state.fingerprint() == saved  # the game where it was saved
    assert session.state.progress().turn == turn
    assert session.position == 0 and not panel.controls.back_button.isEnabled()
    assert "from the position patrol.position.yaml" in panel.controls.source.text()
    action = step(qtbot, panel)
    assert session.timeline == [action] and panel.controls.back_button.isEnabled()
    # A replay starts at the set-up, so a game started from a position is not one.
    assert not panel.controls.save_replay(str(tmp_path / "game.replay.json"))
    assert "save a position instead" in panel.message.text()
    qtbot.mouseClick(panel.controls.back_button, Qt.MouseButton.LeftButton)
    assert session.state.fingerprint() == saved  # Back stops where the position starts
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)


def test_a_broken_position_file_says_where(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, positioned: None
) -> None:
    w = open_window(qtbot, SOLDIERS)
    mode = TestPlayMode(w)
    assert mode.enter(5, {"us": "human", "german": "human"}) is None
    assert mode.panel is not None
    position = mode.panel.session.state.to_position()
    mode.leave()
    data = position.model_copy(update={"scenario": str(Path(SOLDIERS).resolve())})
    text = position_text(data).replace("turn: 1", "turn: first")
    text = text.replace("actions: []", "actions: [launch rockets]")
    path = tmp_path / "broken.position.yaml"
    path.write_text(text, encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(str(a[2])))
    start_from(qtbot, w, path, monkeypatch)
    assert w.test_play_mode is None
    assert shown and "Cannot start from the position" in shown[0]
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: turn: ", shown[0]), shown[0]
    assert "Traceback" not in shown[0]


def test_a_system_without_positions_says_why(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Panzer '44 as a system without positions: the engine's defaults, which refuse.
    monkeypatch.setattr(Panzer44State, "to_position", State.to_position)
    monkeypatch.setattr(Panzer44Game, "state_from_position", Game.state_from_position)
    w = open_window(qtbot, FORT_DRIANT)
    mode = TestPlayMode(w)
    assert mode.enter(7, {"us": "human", "german": "heuristic"}) is None
    panel = mode.panel
    assert panel is not None
    qtbot.waitUntil(panel.isVisible)  # the dock shown
    why = panel.session.position_problem()
    assert why is not None and "cannot write a position" in why
    assert panel.controls.position_button.toolTip() == why
    asked: list[object] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or ("", ""))
    qtbot.mouseClick(panel.controls.position_button, Qt.MouseButton.LeftButton)
    assert not asked  # no file is asked for
    assert panel.message.isVisible() and why in panel.message.text(), (
        panel.message.text(),
        panel.isVisible(),
        panel.message.isVisibleTo(panel),
    )
    header = panel.session.state.position_header()
    header["scenario"] = os.path.abspath(FORT_DRIANT)
    written = GamePosition.model_validate({**header, "turn": 1, "step": "plot"})
    path = tmp_path / "driant.position.yaml"
    path.write_text(position_text(written), encoding="utf-8")
    mode.leave()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(str(a[2])))
    start_from(qtbot, w, path, monkeypatch)
    assert w.test_play_mode is None
    assert shown and "cannot start from a position" in shown[0]


def test_a_panzer_command_segment_with_an_overstacked_hex_does_not_end_and_says_why(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[§5.2] Test play from a position whose hex 3108 holds 8 Soviet Steps, marked as
    overstacked unavoidably: the header says a unit moves out of it first, and which may; no
    Done button shows, and Ctrl+Return (Done) leaves the Segment running. The KV moved out
    with the mouse (its unit, then its move, then Apply), Done shows again."""
    from test_testplay_keys import key

    root = Path(__file__).parent.parent
    text = (root / "tests/positions/panzer-command/t34-beside-the-pak.yaml").read_text()
    for old, new in (
        ("- id: soviet.su-t34.2\n  hex: '3107'", "- id: soviet.su-t34.2\n  hex: '3108'"),
        ("- id: soviet.su-t34.3\n  hex: '3603'", "- id: soviet.su-t34.3\n  hex: '3108'"),
        ("  used: ['soviet:regiment-2']", "  used: ['soviet:regiment-2']\n  overstacked: ['3108']"),
        ("scenario: ../../../", f"scenario: {root}/"),
    ):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "overstacked.position.yaml"
    path.write_text(text, encoding="utf-8")
    point = root / "scenarios" / "panzer-command" / "point-161.yaml"
    w = open_window(qtbot, point)
    start_from(qtbot, w, path, monkeypatch)
    mode = w.test_play_mode
    assert mode is not None and mode.panel is not None and mode.session is not None
    panel, session = mode.panel, mode.session
    take_over(qtbot, panel)
    header = panel.header.text()
    assert "3108 holds 8 Steps, over 6: a unit moves out of it first" in header
    assert not panel.done_button.isVisibleTo(panel)
    key(qtbot, w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert session.state.play.phase == "segment" and not session.timeline  # type: ignore[attr-defined]

    kv = next(
        panel.units.topLevelItem(i)
        for i in range(panel.units.topLevelItemCount())
        if panel.units.topLevelItem(i).text(0).startswith("soviet.su-kv.1")
    )
    kv.setExpanded(True)
    move = next(
        kv.child(i)
        for i in range(kv.childCount())
        if kv.child(i).data(0, Qt.ItemDataRole.UserRole).verb == "move"
    )
    rect = panel.units.visualItemRect(move)
    qtbot.mouseClick(panel.units.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(session.timeline))
    take_over(qtbot, panel)
    qtbot.waitUntil(lambda: panel.done_button.isVisibleTo(panel))
    assert "holds 8 Steps" not in panel.header.text()
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert session.state.play.phase != "segment"  # type: ignore[attr-defined]
