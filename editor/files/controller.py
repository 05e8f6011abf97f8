"""The File menu's work: open, new, save, save as, revert, recent files, export the map, boards
of the user's own, the unsaved-changes question and the recovery offer after a crash.

The controller owns the open document; when it opens another it says so with
:attr:`FileController.installed`, and the window hands the new document to every room.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from editor.files.boards import (
    BoardDocument,
    ask_board_copy,
    ask_new_board,
    import_tiled_board,
    in_board_library,
    save_board_as,
    save_board_document,
)
from editor.files.builtin import BuiltInDialog
from editor.files.document import ScenarioDocument
from editor.files.new_scenario import NewScenarioDialog
from editor.files.recent import RecentFiles, is_built_in
from editor.files.recovery import AUTOSAVE_MS, Autosaver, Recovered, forget, pending
from editor.mapview.render import MapPainter, save_png, save_svg
from editor.scenario.validation import loaded_of
from model.errors import ProblemList
from model.newscenario import open_new
from model.yamlio import YamlError, read_text_file

if TYPE_CHECKING:
    from editor.files.generate_dialog import GenerateDialog

LOG = logging.getLogger("hexwright.files")

#: What File > Export Scenario Card writes: the dialog's filters, each with its suffix and, for
#: a PDF, its paper.
CARD_FILTERS: dict[str, tuple[str, str | None]] = {
    "PDF, A4 (*.pdf)": (".pdf", "a4"),
    "PDF, Letter (*.pdf)": (".pdf", "letter"),
    "HTML, one file (*.html)": (".html", None),
}
#: What File > Export Map writes: the dialog's filters, each with its suffix and, for a PDF,
#: its paper (None: one page the map's size). PDF and SVG print hexes 16 mm across the flats.
EXPORT_FILTERS: dict[str, tuple[str, str | None]] = {
    "PNG image (*.png)": (".png", None),
    "SVG, printed size (*.svg)": (".svg", None),
    "PDF for print, tiled on A4 (*.pdf)": (".pdf", "a4"),
    "PDF for print, tiled on Letter (*.pdf)": (".pdf", "letter"),
    "PDF for print, one page (*.pdf)": (".pdf", None),
    "Tiled map (*.tmx)": (".tmx", None),
}


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
        #: Minutes between autosaves (Edit > Preferences); 0: autosave off.
        self.autosave_minutes = AUTOSAVE_MS // 60_000
        self.recent = RecentFiles(window, self.open_file)

    def install(self, document: ScenarioDocument) -> None:
        """Make ``document`` the one edited (the last one goes)."""
        if self.document is not None:
            self.document.deleteLater()
        self.document = document
        document.setParent(self.window)
        self.autosaver = Autosaver(document)
        self.autosaver.failed.connect(self._autosave_failed)
        self.autosaver.every(self.autosave_minutes)
        self.installed.emit(document)

    def set_autosave(self, minutes: int) -> None:
        """Autosave every ``minutes`` from now on, this document and the next (0: off)."""
        self.autosave_minutes = minutes
        if self.autosaver is not None:
            self.autosaver.every(minutes)

    # --- opening --------------------------------------------------------------------------

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario, or a board of the user's board library in the board editor; on
        problems, show them and keep what was open."""
        if not self.may_discard():
            return False
        board = in_board_library(Path(path))
        try:
            document = BoardDocument.open(path) if board else ScenarioDocument.open(path)
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

    def choose_built_in(self) -> bool:
        """File > Open Built-in Scenario...: the browser, then the scenario chosen."""
        dialog = BuiltInDialog(self.window)
        accepted = dialog.exec() == BuiltInDialog.DialogCode.Accepted
        dialog.deleteLater()
        return bool(accepted and dialog.chosen is not None and self.open_file(dialog.chosen))

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

    def new_from_generator(self, dialog: GenerateDialog | None = None) -> bool:
        """File > New from Generator: a scenario rolled by its game's scenario generation
        (Panzer Command [§23]), opened not yet saved."""
        if not self.may_discard():
            return False
        from editor.files.generate_dialog import GenerateDialog

        dialog = dialog or GenerateDialog(self.window)
        if dialog.exec() != GenerateDialog.DialogCode.Accepted or dialog.loaded is None:
            return False
        self.install(ScenarioDocument(dialog.loaded, None))
        return True

    def new_board(self) -> None:
        """File > New Board: a blank board of the user's own, opened once the dialog is OK."""
        ask_new_board(self)

    def edit_board_copy(self) -> None:
        """File > Edit Board Copy: a copy of a board under a new id, opened once OK."""
        ask_board_copy(self)

    def import_tiled_board(self) -> None:
        """File > Import Board from Tiled: a TMX map as a board of the user's own."""
        import_tiled_board(self)

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
        return self._write(self.document.path)

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
        if not self._write(Path(path)):
            return False
        self.recent.remember(Path(path))
        return True

    def _write(self, path: Path) -> bool:
        """Save the scenario to ``path``; when it cannot be (a read-only folder, a full disk),
        say why in a dialog and keep the changes (the document stays modified)."""
        assert self.document is not None
        try:
            self.document.save(path)
        except (OSError, UnicodeEncodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            LOG.warning("cannot save %s: %s", path, why)
            QMessageBox.warning(
                self.window,
                "Cannot save",
                f"{path} could not be saved: {why}.\n\nYour changes are kept (and autosaved); "
                "save them somewhere else with File > Save As.",
            )
            return False
        self.say(f"Saved {path}")
        return True

    def _autosave_failed(self, why: str) -> None:
        LOG.warning("autosave failed: %s", why)
        self.say(f"Autosave failed: {why}; save your work (File > Save)")

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
        """File > Export Map: PNG, SVG at its printed size, a PDF for print (tiled on A4 or
        Letter, or one page) or a Tiled map, as the dialog's filter says."""
        if self.document is None:
            return
        asked = self._export_target("Export map", EXPORT_FILTERS)
        if asked is None:
            return
        target, (_, paper) = asked
        title = self.document.scenario.title
        try:
            match target.suffix.lower():
                case ".tmx":
                    from editor.mapview.tmx import save_tmx  # the Tiled writer: when asked

                    picture = save_tmx(self.document.terrain, target, title, self.document.counters)
                    self.say(f"Exported {target} for Tiled, its tiles in {picture.name}")
                    return
                case ".pdf":
                    from editor.publish.print_map import save_map_pdf  # when asked, not at start

                    plan = save_map_pdf(self._painter(), target, title, paper=paper)
                    pages = f"{plan.pages} pages" if plan.pages > 1 else "one page"
                    self.say(f"Exported {target}: {pages}, hexes 16 mm across the flats")
                    return
                case ".svg":
                    save_svg(self._painter(), target, title)
                case _:
                    save_png(self._painter(), target)
        except (OSError, ValueError) as exc:  # ValueError: a picture too large to draw
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            QMessageBox.warning(self.window, "Cannot export", f"{target}: {why}")
            return
        self.say(f"Exported {target}")

    def export_card(self) -> None:
        """File > Export Scenario Card: the scenario as a card for the table, PDF or HTML."""
        if self.document is None or isinstance(self.document, BoardDocument):
            return
        asked = self._export_target("Export scenario card", CARD_FILTERS)
        if asked is None:
            return
        target, (_, paper) = asked
        try:
            from editor.publish.card import save_card  # when asked, not at start

            pages = save_card(loaded_of(self.document), target, paper or "a4")
        except OSError as exc:
            QMessageBox.warning(self.window, "Cannot export", f"{target}: {exc.strerror or exc}")
            return
        self.say(f"Exported the card to {target}" + (f" ({pages} pages)" if pages else ""))

    def _export_target(
        self, title: str, filters: dict[str, tuple[str, str | None]]
    ) -> tuple[Path, tuple[str, str | None]] | None:
        """The file the user names in a save dialog of ``filters`` (each with its suffix and
        paper), the suffix of the filter chosen added when the name has none of theirs; None
        when the dialog is cancelled."""
        path, chosen = QFileDialog.getSaveFileName(self.window, title, "", ";;".join(filters))
        if not path:
            return None
        target = Path(path)
        what = filters.get(chosen, next(iter(filters.values())))
        if target.suffix.lower() not in {suffix for suffix, _ in filters.values()}:
            target = target.with_name(target.name + what[0])
        return target, what

    def say(self, text: str) -> None:
        """A passing line in the window's status bar (in its normal colour: a refusal's red
        does not stay on)."""
        say = getattr(self.window, "say", None)
        if callable(say):
            say(text)
        else:
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

    def restore(self, recovered: Recovered) -> str | None:
        """Open the unsaved work an earlier session left, as a modified document; why it
        cannot be, or None. A copy that cannot be restored (a board of the user's library that
        is gone) is kept, to try again or discard."""
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
        except ProblemList as exc:
            return "\n".join(p.format() for p in exc.problems[:10])
        except YamlError as exc:
            return exc.problem.format()
        except OSError as exc:
            return f"{recovered.scenario_file}: {exc.strerror or exc}"
        forget(recovered)
        self.install(document)
        return None

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
            if answer != QMessageBox.StandardButton.Yes:
                forget(recovered)
                continue
            why = self.restore(recovered)
            if why is None:
                return
            LOG.warning("cannot restore %s: %s", recovered.scenario_file, why)
            QMessageBox.warning(
                self.window,
                "Cannot restore",
                f"The unsaved changes to {recovered.title} could not be restored:\n\n{why}\n\n"
                f"The recovery copy is kept in {recovered.scenario_file} (it is offered again at "
                "the next start).",
            )
