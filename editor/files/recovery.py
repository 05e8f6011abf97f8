"""Autosave and recovery: a modified scenario is written to a recovery file every minute, and
the next start offers to restore it after a crash or a kill.

Recovery files live in the user's data folder (``HEXWRIGHT_RECOVERY`` overrides it), one per
open file, written atomically like every save, with a small JSON note of where the scenario
came from. Saving or closing the document cleanly removes its recovery file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

from editor.files.document import ScenarioDocument
from model.yamlio import YamlError, atomic_write_text, read_text_file

#: The largest recovery note read (a note is a few hundred bytes).
NOTE_BYTES = 64 * 1024

AUTOSAVE_MS = 60_000


def recovery_dir() -> Path:
    override = os.environ.get("HEXWRIGHT_RECOVERY")
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".hexwright") / "recovery"


@dataclass(frozen=True)
class Recovered:
    """A recovery file left by an earlier session."""

    scenario_file: Path  # the recovery copy
    original: Path | None  # the file it was edited from, if any
    title: str
    kind: str = "scenario"  # or "board": what the copy is
    note: dict[str, object] = field(default_factory=dict)  # the rest of what was noted


def _key(path: Path | None, untitled: str) -> str:
    """A recovery file's name: the file's, or this untitled document's own (two untitled
    documents, in one window after another or in two processes, never share one)."""
    text = str(path.resolve()) if path else f"untitled-{untitled}"
    return hashlib.sha1(text.encode()).hexdigest()[:16]


class Autosaver(QObject):
    """Writes the document's recovery file on a timer while it has unsaved changes.

    Signals:
        failed(str): a recovery copy could not be written (an unwritable folder, a full
            disk): why; the editor says so and goes on.
    """

    failed = Signal(str)

    def __init__(self, document: ScenarioDocument, interval_ms: int = AUTOSAVE_MS) -> None:
        super().__init__(document)
        self._untitled = uuid.uuid4().hex
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        self._written: set[Path] = set()  # stems written, under every name the file has had
        document.file_changed.connect(self._on_file_changed)

    @property
    def document(self) -> ScenarioDocument:
        """The document it saves: its Qt parent. Not an attribute of its own, which would make
        a reference cycle through two Qt objects (the document holds its children): freed by
        Python's cyclic collector on whatever thread it runs, the running autosave timer was
        destroyed off the GUI thread and left behind in its event dispatcher."""
        return cast("ScenarioDocument", self.parent())

    def every(self, minutes: int) -> None:
        """Write the recovery copy every ``minutes`` (Edit > Preferences); 0 turns autosave
        off (and leaves the copies written so far for recovery)."""
        if minutes <= 0:
            self.timer.stop()
            return
        self.timer.setInterval(minutes * 60_000)
        self.timer.start()

    @property
    def stem(self) -> Path:
        return recovery_dir() / _key(self.document.path, self._untitled)

    def autosave(self) -> None:
        """Write the recovery copy now if there is anything unsaved."""
        if not self.document.modified:
            return
        text, note = self.document.recovery_copy()
        note = {
            **note,
            "original": str(self.document.path) if self.document.path else None,
            "title": self.document.scenario.title,
        }
        stem = self.stem
        try:
            atomic_write_text(stem.with_suffix(".yaml"), text)
            atomic_write_text(stem.with_suffix(".json"), json.dumps(note))
        except (OSError, UnicodeEncodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.failed.emit(f"{stem.parent}: {why}")
            return
        self._written.add(stem)

    def discard(self) -> None:
        """Forget the recovery copy (after a save, or a deliberate close)."""
        for stem in {*self._written, self.stem}:
            for suffix in (".yaml", ".json"):
                with contextlib.suppress(OSError):  # an unwritable folder holds none of ours
                    stem.with_suffix(suffix).unlink(missing_ok=True)
        self._written.clear()

    def _on_file_changed(self) -> None:
        if not self.document.modified:
            self.discard()


def pending() -> list[Recovered]:
    """Recovery files an earlier session left behind: every copy, with what its note says.

    A copy whose note is missing (a session killed between writing the copy and its note) or
    unreadable (a damaged file: not JSON, not an object, nested too deeply) is still offered,
    under its file's name: the note only says where the work came from, the copy is the work.
    """
    folder = recovery_dir()
    if not folder.is_dir():
        return []
    found = []
    for scenario_file in sorted(folder.glob("*.yaml")):
        note = _note(scenario_file.with_suffix(".json"))
        original, title = note.get("original"), note.get("title")
        found.append(
            Recovered(
                scenario_file,
                Path(original) if isinstance(original, str) and original else None,
                title if isinstance(title, str) and title else f"the copy {scenario_file.name}",
                "board" if note.get("kind") == "board" else "scenario",
                note,
            )
        )
    return found


def _note(note_file: Path) -> dict[str, object]:
    """What a recovery copy's note says; empty when there is none or it cannot be read."""
    try:
        note = json.loads(read_text_file(note_file, NOTE_BYTES))
    except (YamlError, ValueError, RecursionError):
        return {}
    return note if isinstance(note, dict) else {}


def forget(recovered: Recovered) -> None:
    recovered.scenario_file.unlink(missing_ok=True)
    recovered.scenario_file.with_suffix(".json").unlink(missing_ok=True)
