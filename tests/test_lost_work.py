"""No lost work when the disk says no (issue 21): a save that cannot be written says why in a
dialog and keeps the changes; autosave into an unwritable folder says so and goes on; two
untitled documents never share a recovery file; a recovery copy that cannot be restored is
kept and the reason shown."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.recent import default_scenario_path

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert w.open_file(default_scenario_path())
    return w


def _edit(window: MainWindow) -> None:
    assert window.document is not None
    window.document.paint_terrain([window.document.map.resolve("K2020")], "rough")
    assert window.document.modified


def test_a_save_that_cannot_be_written_says_why_and_keeps_the_changes(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _edit(window)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    assert window.document is not None
    window.document.path = blocker / "s.yaml"  # as if the folder vanished or the disk failed
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: shown.append(text))
    window.actions_by_id["file.save"].trigger()
    assert len(shown) == 1 and "could not be saved" in shown[0]
    assert "Your changes are kept" in shown[0] and "File > Save As" in shown[0]
    assert window.document.modified  # nothing pretends it was saved


def test_autosave_into_an_unwritable_folder_says_so(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(blocker / "recovery"))
    _edit(window)
    assert window.files.autosaver is not None
    window.files.autosaver.autosave()  # no exception reaches Qt
    assert "Autosave failed" in window.statusBar().currentMessage()


def test_two_untitled_documents_never_share_a_recovery_file(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.files import recovery
    from editor.files.document import ScenarioDocument

    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(tmp_path / "recovery"))
    stems = set()
    for _ in range(2):
        document = ScenarioDocument.open(default_scenario_path())
        document.path = None  # untitled
        document.paint_terrain([document.map.resolve("K2020")], "rough")
        saver = recovery.Autosaver(document)
        saver.autosave()
        stems.add(saver.stem)
    assert len(stems) == 2
    assert len(recovery.pending()) == 2


def test_a_recovery_copy_that_cannot_be_restored_is_kept(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.files import recovery

    folder = tmp_path / "recovery"
    folder.mkdir()
    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(folder))
    copy = folder / "abc.yaml"
    copy.write_text("schema_version: 1\nid: broken\nmap: {layout: {sections: [{board: GONE}]}}\n")
    (folder / "abc.json").write_text(json.dumps({"original": None, "title": "My battle"}))
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: shown.append(text))
    window.files.offer_recovery()
    assert len(shown) == 1 and "could not be restored" in shown[0]
    assert str(copy) in shown[0] and "offered again at the next start" in shown[0]
    assert copy.exists() and [r.title for r in recovery.pending()] == ["My battle"]


@pytest.mark.parametrize(
    "note",
    [None, "[1, 2]", "[" * 100_000 + "]" * 100_000, b"\xff\xfe\x00binary", '{"original": 5}'],
    ids=["missing", "a-list", "nested-too-deeply", "binary", "wrong-types"],
)
def test_a_recovery_copy_whose_note_is_missing_or_damaged_is_still_offered(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, note: str | bytes | None
) -> None:
    """A session killed between writing its first copy and the copy's note left the copy
    unoffered (the work lost at the next start), and a note that was a JSON list or nested too
    deeply raised out of the start's recovery check. Now the copy is offered under its file's
    name and restores; the note only said where it came from."""
    from editor.files import recovery

    folder = tmp_path / "recovery"
    folder.mkdir()
    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(folder))
    copy = folder / "0123abcd.yaml"
    text = default_scenario_path().read_text(encoding="utf-8")
    copy.write_text(text.replace("title: ", "title: Kept work, ", 1), encoding="utf-8")
    if isinstance(note, str):
        (folder / "0123abcd.json").write_text(note, encoding="utf-8")
    elif note is not None:
        (folder / "0123abcd.json").write_bytes(note)
    found = recovery.pending()
    assert [(r.title, r.original, r.kind) for r in found] == [
        ("the copy 0123abcd.yaml", None, "scenario")
    ]
    asked: list[str] = []

    def yes(_w: object, _t: str, text: str) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", yes)
    window.files.offer_recovery()
    assert asked and "the copy 0123abcd.yaml (an unsaved scenario)" in asked[0]
    assert window.document is not None and window.document.modified
    assert window.document.scenario.title.startswith("Kept work, ")
    assert recovery.pending() == []


def test_warnings_go_to_a_log_the_user_can_open(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import logging

    from PySide6.QtGui import QDesktopServices

    from editor.logs import LOGGER, log_file, start_logging

    monkeypatch.setenv("HEXWRIGHT_LOGS", str(tmp_path / "logs"))
    logger = logging.getLogger(LOGGER)
    before = list(logger.handlers)
    try:
        path = start_logging()
        assert path == log_file() == tmp_path / "logs" / "hexwright.log"
        _edit(window)
        blocker = tmp_path / "file"
        blocker.write_text("x")
        assert window.document is not None
        window.document.path = blocker / "s.yaml"
        monkeypatch.setattr(QMessageBox, "warning", lambda *a: None)
        window.actions_by_id["file.save"].trigger()
        for handler in logger.handlers:
            handler.flush()
        text = path.read_text(encoding="utf-8")
        assert "WARNING hexwright.files: cannot save" in text and "s.yaml" in text
    finally:
        for handler in logger.handlers[len(before) :]:
            handler.close()
        logger.handlers[:] = before
    opened: list[str] = []
    monkeypatch.setattr(
        QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True
    )
    window.actions_by_id["help.log_folder"].trigger()
    assert opened == [str(tmp_path / "logs")]
    assert "The log is" in window.statusBar().currentMessage()


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_log_that_is_no_regular_file_is_left_alone_and_the_editor_starts(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe where the log file goes held the editor's start for ever (opening it to write
    waits for a reader); now the log is skipped, as for a folder that cannot be written."""
    import logging
    import os

    from editor.logs import LOGGER, start_logging

    folder = tmp_path / "logs"
    folder.mkdir()
    if kind == "pipe":
        os.mkfifo(folder / "hexwright.log")
    else:
        (folder / "hexwright.log").mkdir()
    monkeypatch.setenv("HEXWRIGHT_LOGS", str(folder))
    before = list(logging.getLogger(LOGGER).handlers)
    assert start_logging() is None
    assert logging.getLogger(LOGGER).handlers == before


def test_a_settings_file_that_is_a_pipe_is_left_alone_and_the_editor_starts(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Qt reads the settings file as the settings are made: a pipe there held the editor's
    start for ever. The editor starts, keeps this run's settings in a file of its own, and
    leaves the pipe as it was."""
    import os
    import stat

    pipe = tmp_path / "settings.ini"
    os.mkfifo(pipe)
    monkeypatch.setenv("HEXWRIGHT_SETTINGS", str(pipe))
    window = MainWindow()
    qtbot.addWidget(window)
    window.restore_layout()
    target = tmp_path / "mine.yaml"
    assert window.open_file(default_scenario_path())
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save_as()
    assert window.files.recent.files() == [str(target.resolve())]  # kept for this run
    window.save_layout()
    assert stat.S_ISFIFO(pipe.stat().st_mode)


def test_the_board_library_follows_the_platform_convention(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from model.boardedit import BOARDS_ENV, user_board_dir

    monkeypatch.delenv(BOARDS_ENV, raising=False)
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        assert user_board_dir() == tmp_path / "data" / "hexwright" / "boards"
    monkeypatch.setenv(BOARDS_ENV, str(tmp_path / "mine"))
    assert user_board_dir() == tmp_path / "mine"


@pytest.fixture
def bug_log(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[], str]]:
    """The editor's bug handler installed on ``window``, logging to a folder of the test's
    own and autosaving to another; gives what the log holds so far. Python's hooks and the
    logger's handlers are put back after the test."""
    import logging
    import sys
    import threading

    from editor import crash
    from editor.logs import LOGGER, start_logging

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setenv("HEXWRIGHT_LOGS", str(tmp_path / "logs"))
    monkeypatch.setenv("HEXWRIGHT_RECOVERY", str(tmp_path / "recovery"))
    logger = logging.getLogger(LOGGER)
    before = list(logger.handlers)
    path = start_logging()
    assert path is not None

    def text() -> str:
        for handler in logger.handlers:
            handler.flush()
        return path.read_text(encoding="utf-8")

    try:
        crash.install(window)
        yield text
    finally:
        for handler in logger.handlers[len(before) :]:
            handler.close()
        logger.handlers[:] = before


@pytest.mark.qt_no_exception_capture
def test_a_bug_hit_by_a_menu_command_is_told_logged_and_the_work_autosaved(
    qtbot: QtBot,
    window: MainWindow,
    bug_log: Callable[[], str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An error nobody caught in a slot went to a terminal the user never sees, and the
    editor carried on silently: now the status bar says so, the log has the traceback, the
    recovery copy is written, and the editor goes on (editor.crash)."""
    from editor import app
    from editor.logs import log_file

    _edit(window)

    def broken() -> Path:
        raise KeyError("german.e.10")

    monkeypatch.setattr(app, "log_dir", broken)
    window.actions_by_id["help.log_folder"].trigger()  # what Help > Open Log Folder does
    text, path = bug_log(), log_file()
    said = window.statusBar().currentMessage()
    assert said == (
        "Hexwright hit a bug (KeyError: 'german.e.10'); your work is kept. Help > Open Log Folder"
    )
    [box] = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert box.windowTitle() == "Hexwright hit a bug" and not box.isModal()
    assert "KeyError: 'german.e.10'" in box.text() and str(path) in box.text()
    assert "recovery copy, written now" in box.text() and "test game" not in box.text()
    window.actions_by_id["help.log_folder"].trigger()  # again, the window still open
    assert [b for b in window.findChildren(QMessageBox) if b.isVisible()] == [box]
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not box.isVisible()
    assert "ERROR hexwright.crash: an error nobody caught" in text
    assert "Traceback" in text and "broken" in text
    assert list((tmp_path / "recovery").glob("*.yaml"))  # the last edit is kept
    assert "KeyError: 'german.e.10'" in capsys.readouterr().err  # a terminal still has it
    assert window.document is not None  # the editor goes on: the edit undoes
    window.document.undo_stack.undo()
    assert not window.document.modified


@pytest.mark.qt_no_exception_capture
def test_a_bug_in_a_worker_thread_is_told_on_the_gui_thread(
    qtbot: QtBot,
    window: MainWindow,
    bug_log: Callable[[], str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An error nobody caught in a worker thread went to threading's own hook: a terminal's
    traceback, and nothing in the window. Now it is told as a bug on the GUI thread (the
    window is never touched from the worker), logged and the work autosaved."""
    import threading

    told_on: list[bool] = []
    say = window.say

    def spy(text: str, error: bool = False) -> None:
        told_on.append(threading.current_thread() is threading.main_thread())
        say(text, error)

    monkeypatch.setattr(window, "say", spy)
    _edit(window)

    def work() -> None:
        raise ValueError("a worker's own bug")

    worker = threading.Thread(target=work, name="balance-batch")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(told_on), timeout=5000)
    text = bug_log()
    assert told_on == [True]  # told once, on the GUI thread
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Hexwright hit a bug (ValueError: a worker's own bug)")
    )
    [box] = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert "a worker's own bug" in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert "ERROR hexwright.crash: an error nobody caught" in text and "in work" in text
    assert list((tmp_path / "recovery").glob("*.yaml"))  # the last edit is kept
    assert "a worker's own bug" in capsys.readouterr().err  # a terminal still has it


def test_the_bugs_words_are_one_short_line() -> None:
    from editor.crash import words

    assert words(ValueError("a\n  b")) == "ValueError: a b"
    assert words(RuntimeError()) == "RuntimeError"
    assert len(words(ValueError("x" * 500))) == len("ValueError: ") + 80
