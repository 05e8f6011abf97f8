"""The File menu's work: open, new, save, save as, revert, recent files, export the map, boards
of the user's own, the unsaved-changes question and the recovery offer after a crash.

The controller owns the open document; when it opens another it says so with
:attr:`FileController.installed`, and the window hands the new document to every room.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from editor.files.boards import (
    BoardDocument,
    ask_board_copy,
    ask_new_board,
    save_board_as,
    save_board_document,
)
from editor.files.document import ScenarioDocument
from editor.files.new_scenario import NewScenarioDialog
from editor.files.recent import RecentFiles, is_built_in
from editor.files.recovery import Autosaver, Recovered, forget, pending
from editor.mapview.render import MapPainter, save_png, save_svg
from model.errors import ProblemList
from model.newscenario import open_new
from model.yamlio import YamlError, read_text_file


class FileController(QObject):
    """Opens, saves and keeps the window's document (``document``: None before the first)."""

    #: Another document is open (the ScenarioDocument, or a BoardDocument).
    installed = Signal(object)

    def __init__(self, window: QMainWindow, painter: Callable[[], MapPainter]) -> None:
        super().__init__(window)
        self.window = window
        self._painter = painter
        self.document: ScenarioDocument | None = None
        self.autosaver: Autosaver | None = None
        self.recent = RecentFiles(window, self.open_file)

    def install(self, document: ScenarioDocument) -> None:
        """Make ``document`` the one edited (the last one goes)."""
        if self.document is not None:
            self.document.deleteLater()
        self.document = document
        document.setParent(self.window)
        self.autosaver = Autosaver(document)
        self.installed.emit(document)

    # --- opening --------------------------------------------------------------------------

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario; on problems, show them and keep what was open."""
        if not self.may_discard():
            return False
        try:
            document = ScenarioDocument.open(path)
        except ProblemList as exc:
            self._refuse(path, "\n".join(p.format() for p in exc.problems[:20]))
            return False
        except YamlError as exc:
            self._refuse(path, exc.problem.format())
            return False
        self.install(document)
        self.recent.remember(Path(path))
        return True

    def _refuse(self, path: str | Path, text: str) -> None:
        QMessageBox.warning(self.window, "Cannot open scenario", f"{path} has problems:\n\n{text}")

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open scenario", "", "Scenarios (*.yaml *.yml)"
        )
        if path:
            self.open_file(path)

    def new_scenario(self, dialog: NewScenarioDialog | None = None) -> bool:
        """File > New: a scenario of the chosen game on the chosen layout, not yet saved."""
        if not self.may_discard():
            return False
        dialog = dialog or NewScenarioDialog(self.window)
        if dialog.exec() != NewScenarioDialog.DialogCode.Accepted:
            return False
        self.install(ScenarioDocument(open_new(dialog.scenario()), None))
        return True

    def new_board(self) -> None:
        """File > New Board: a blank board of the user's own, opened once the dialog is OK."""
        ask_new_board(self)

    def edit_board_copy(self) -> None:
        """File > Edit Board Copy: a copy of a board under a new id, opened once OK."""
        ask_board_copy(self)

    def open_board(self, document: BoardDocument) -> bool:
        """Edit a board in the window (after asking about unsaved changes)."""
        if not self.may_discard():
            return False
        self.install(document)
        return True

    # --- saving ---------------------------------------------------------------------------

    def save(self) -> bool:
        if self.document is None:
            return False
        if isinstance(self.document, BoardDocument):
            return save_board_document(self, self.document)
        if self.document.path is None or is_built_in(self.document.path):
            return self.save_as()
        self.document.save()
        self.say(f"Saved {self.document.path}")
        return True

    def save_as(self) -> bool:
        if self.document is None:
            return False
        if isinstance(self.document, BoardDocument):
            return save_board_as(self, self.document)
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Save scenario as", "", "Scenarios (*.yaml)"
        )
        if not path:
            return False
        self.document.save(Path(path))
        self.recent.remember(Path(path))
        self.say(f"Saved {path}")
        return True

    def revert(self) -> None:
        if isinstance(self.document, BoardDocument):
            self.document.undo_stack.setClean()  # revert means discard
            self.open_board(self.document.reverted())
            return
        if self.document is not None and self.document.path is not None:
            path = self.document.path
            self.document.undo_stack.setClean()  # nothing to ask about: revert means discard
            self.open_file(path)

    def export_map(self) -> None:
        if self.document is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Export map", "", "PNG image (*.png);;SVG (*.svg)"
        )
        if not path:
            return
        painter = self._painter()
        target = Path(path)
        if target.suffix.lower() == ".svg":
            save_svg(painter, target, self.document.scenario.title)
        else:
            save_png(painter, target.with_suffix(".png") if not target.suffix else target)
        self.say(f"Exported {path}")

    def say(self, text: str) -> None:
        """A passing line in the window's status bar."""
        self.window.statusBar().showMessage(text, 4000)

    # --- unsaved work ---------------------------------------------------------------------

    def may_discard(self) -> bool:
        """Ask before unsaved changes are lost; True when it is fine to go on."""
        if self.document is None or not self.document.modified:
            return True
        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {self.document.scenario.title}?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def may_close(self) -> bool:
        """The window may close: nothing unsaved, or saved or discarded as the user said."""
        if not self.may_discard():
            return False
        if self.autosaver is not None:
            self.autosaver.discard()  # saved or deliberately discarded: nothing to recover
        return True

    def restore(self, recovered: Recovered) -> bool:
        """Open the unsaved work an earlier session left, as a modified document."""
        document: ScenarioDocument
        try:
            if recovered.kind == "board":
                text = read_text_file(recovered.scenario_file)
                where = str(recovered.scenario_file)
                document = BoardDocument.recovered(text, where, recovered.note)
            else:
                document = ScenarioDocument.open(recovered.scenario_file)
                document.path = recovered.original
                document.undo_stack.resetClean()  # what is on disk is not this: it needs saving
        except (ProblemList, YamlError, OSError):
            forget(recovered)
            return False
        forget(recovered)
        self.install(document)
        return True

    def offer_recovery(self) -> None:
        """After a crash or a kill, offer to restore each scenario's unsaved changes."""
        for recovered in pending():
            where = recovered.original or "an unsaved scenario"
            answer = QMessageBox.question(
                self.window,
                "Restore unsaved changes?",
                f"Hexwright was not closed properly. Restore the unsaved changes to "
                f"{recovered.title} ({where})?",
            )
            if answer == QMessageBox.StandardButton.Yes:
                self.restore(recovered)
                return
            forget(recovered)
