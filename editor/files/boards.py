"""Board editing in the editor: new boards, copies of built-in ones, and the board document.

A board is edited as a one-section scenario (:func:`model.boardedit.board_scenario`), so the map
view, the brushes and undo work unchanged. :class:`BoardDocument` differs from a scenario
document only in saving: it bakes the painted edits into the board
(:func:`model.boardedit.bake`) and writes the board to the user's board library, where
scenarios find it like any other section.

The window's File menu opens :class:`NewBoardDialog` and :class:`BoardCopyDialog`; both say
inline what is wrong with the id or the size and keep OK disabled until it is right.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from model.board import BoardFile
from model.boardedit import (
    BoardEditError,
    IdScheme,
    bake,
    blank_board,
    board_id_problem,
    board_scenario,
    copy_board,
    default_size,
    grid_problem,
    id_schemes,
    library_board_ids,
    library_path,
    save_board,
    use_board_library,
)
from model.boardtext import board_yaml
from model.errors import EditError, ProblemList
from model.resources import packaged_board_ids, parse_board_file
from model.scenario import Scenario
from model.systems import GameSystem
from model.yamlio import YamlError, read_text_file

if TYPE_CHECKING:
    from editor.files.controller import FileController
    from model.scenario_map import LayoutSpec

#: Why a board document refuses layout edits (adding, moving, turning sections).
FIXED_LAYOUT = "a board is edited on its own: lay it out with other sections in a scenario"

_PROBLEM_STYLE = "color: #b00020;"


def in_board_library(path: Path) -> bool:
    """Whether ``path`` is a board file of the user's board library
    (``<library>/<system>/<id>.yaml``): File > Open and ``hexwright FILE`` edit it as a board."""
    from model.boardedit import user_board_dir
    from model.systems import GameSystem

    try:
        system_folder = path.resolve().parent
        library = user_board_dir().resolve()
    except OSError:
        return False
    known = {s.value for s in GameSystem}
    return (
        path.suffix.lower() in (".yaml", ".yml")
        and system_folder.parent == library
        and system_folder.name in known
    )


class BoardDocument(ScenarioDocument):
    """A board open for editing: a scenario document whose :meth:`save` bakes the painted
    terrain into the board and writes it to the board library.

    Attributes:
        board: the board as it was opened; the document's edits are baked into it on saving.
        folder: the library folder (``None``: the user's board library).
        in_library: the board's file is in the library already (saving replaces it).
    """

    def __init__(
        self, board: BoardFile, folder: Path | None = None, *, in_library: bool = False
    ) -> None:
        super().__init__(board_scenario(board))
        self.board = board
        self.folder = folder
        self.in_library = in_library
        self.path = library_path(board.system, board.id, folder)
        if not in_library:
            self.undo_stack.resetClean()  # not on disk yet: it needs saving

    @classmethod
    def open(cls, path: str | Path) -> BoardDocument:
        """Open a board file of the library (raises ProblemList / YamlError)."""
        target = Path(path)
        _, board = parse_board_file(read_text_file(target), str(target))
        return cls(board, target.parent.parent, in_library=True)

    def recovery_copy(self) -> tuple[str, dict[str, object]]:
        """Autosave keeps the board as it stands (edits baked in), to open again as a board."""
        note: dict[str, object] = {
            "kind": "board",
            "in_library": self.in_library,
            "folder": str(self.folder) if self.folder else None,
        }
        return board_yaml(self.baked()), note

    @classmethod
    def recovered(cls, text: str, where: str, note: dict[str, object]) -> BoardDocument:
        """A board document from an autosaved copy: modified, to be saved into the library."""
        _, board = parse_board_file(text, where)
        folder = note.get("folder")
        document = cls(
            board, Path(str(folder)) if folder else None, in_library=bool(note.get("in_library"))
        )
        document.undo_stack.resetClean()
        return document

    def baked(self) -> BoardFile:
        """The board with the document's edits written into it."""
        return bake(self.board, self.scenario)

    def save(self, path: Path | None = None) -> None:
        """Bake and write the board to the library (raises BoardEditError when refused).

        Boards are saved by id, never to a chosen file: use :meth:`saved_as` for a new id.
        """
        if path is not None and Path(path) != self.path:
            raise ValueError("a board is saved to the board library under its id; use saved_as")
        self.path = save_board(self.baked(), self.folder, replace=self.in_library)
        self.in_library = True
        self.undo_stack.setClean()
        self.file_changed.emit()

    def saved_as(self, board_id: str) -> BoardDocument:
        """Save the board as it stands under another id; returns the document of the new board
        (its undo history starts afresh)."""
        board = self.baked()
        name = f"Board {board_id}" if board.name == f"Board {board.id}" else board.name
        board = board.model_copy(update={"id": board_id, "name": name})
        save_board(board, self.folder, replace=False)
        return BoardDocument(board, self.folder, in_library=True)

    def reverted(self) -> BoardDocument:
        """The board as last saved (or as first made, if never saved)."""
        if self.in_library and self.path is not None and self.path.exists():
            return BoardDocument.open(self.path)
        return BoardDocument(self.board, self.folder)

    # --- the layout is the board alone -----------------------------------------------------

    def flip_section(self, index: int) -> list[str]:
        return [FIXED_LAYOUT]

    def _laid(self, scenario: Scenario, layout: LayoutSpec) -> Scenario:
        raise EditError(FIXED_LAYOUT)

    def _push(self, after: Scenario, text: str, change: Change, merge_key: int = -1) -> None:
        # Every edit passes here: a layout change would look the board up in the library.
        if after.map.layout != self.scenario.map.layout:
            return
        super()._push(after, text, change, merge_key)


# --- dialogs --------------------------------------------------------------------------------------


def _system_box(system: GameSystem | None) -> QComboBox:
    """The systems Hexwright knows, ``system`` chosen (the first when None)."""
    box = QComboBox()
    for s in GameSystem:
        box.addItem(s.display_name, s)
    box.setCurrentIndex(list(GameSystem).index(system) if system is not None else 0)
    return box


def _problem_label() -> QLabel:
    label = QLabel("")
    label.setObjectName("problem")
    label.setWordWrap(True)
    label.setStyleSheet(_PROBLEM_STYLE)
    return label


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class NewBoardDialog(QDialog):
    """File > New Board: system, id, size and numbering of a blank board."""

    def __init__(
        self,
        parent: QWidget | None = None,
        system: GameSystem | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Board")
        self.folder = folder
        self.system_box = _system_box(system)
        self.id_edit = QLineEdit()
        self.id_edit.setPlaceholderText("M")
        self.name_edit = QLineEdit()
        self.columns_box = QSpinBox()
        self.columns_box.setRange(2, 99)
        self.rows_box = QSpinBox()
        self.rows_box.setRange(2, 99)
        self.first_row_box = QSpinBox()
        self.first_row_box.setRange(1, 98)
        self.first_row_box.setToolTip(
            "The printed number of the first row (Armor's section K starts at 13)"
        )
        self.scheme_box = QComboBox()
        self.scheme_box.setToolTip("How hexes are numbered: the conventions of the built-in boards")
        form = QFormLayout()
        form.addRow("&System:", self.system_box)
        form.addRow("Board &id:", self.id_edit)
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Columns:", self.columns_box)
        form.addRow("&Rows:", self.rows_box)
        form.addRow("&First row:", self.first_row_box)
        form.addRow("Hex I&Ds:", self.scheme_box)
        self.problem = _problem_label()
        self.buttons = _buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.system_box.currentIndexChanged.connect(lambda *_: self._system_chosen())
        for signal in (
            self.id_edit.textChanged,
            self.columns_box.valueChanged,
            self.rows_box.valueChanged,
            self.first_row_box.valueChanged,
        ):
            signal.connect(lambda *_: self.check())
        self._system_chosen()

    @property
    def system(self) -> GameSystem:
        return GameSystem(self.system_box.currentData())

    @property
    def scheme(self) -> IdScheme:
        scheme: IdScheme = self.scheme_box.currentData()
        return scheme

    def _system_chosen(self) -> None:
        self.scheme_box.clear()
        for scheme in id_schemes(self.system):
            self.scheme_box.addItem(scheme.describe(), scheme)
        columns, rows = default_size(self.system)
        self.columns_box.setValue(columns)
        self.rows_box.setValue(rows)
        self.first_row_box.setValue(1)
        self.name_edit.setPlaceholderText("Board " + (self.id_edit.text() or "M"))
        self.check()

    def problems(self) -> list[str]:
        """What is wrong with the board as filled in; empty when it can be made."""
        board_id = self.id_edit.text().strip()
        found = [
            board_id_problem(self.system, board_id, self.folder),
            grid_problem(
                self.columns_box.value(), self.rows_box.value(), self.first_row_box.value()
            ),
        ]
        return [p for p in found if p]

    def check(self) -> bool:
        """Show what is wrong, enable OK only when nothing is."""
        problems = self.problems()
        self.problem.setText("\n".join(problems))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)
        self.name_edit.setPlaceholderText("Board " + (self.id_edit.text().strip() or "M"))
        return not problems

    def board(self) -> BoardFile:
        """The blank board as filled in (call once :meth:`check` passes)."""
        return blank_board(
            self.system,
            self.id_edit.text().strip(),
            self.columns_box.value(),
            self.rows_box.value(),
            scheme=self.scheme,
            first_row=self.first_row_box.value(),
            name=self.name_edit.text().strip() or None,
        )


class BoardCopyDialog(QDialog):
    """File > Edit Board Copy: a board to start from and the id of the copy.

    Lists the built-in boards, then those of the user's library; choosing a library board and
    keeping its id edits that board itself.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        system: GameSystem | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit Board Copy")
        self.folder = folder
        self.system_box = _system_box(system)
        self.board_box = QComboBox()
        self.id_edit = QLineEdit()
        form = QFormLayout()
        form.addRow("&System:", self.system_box)
        form.addRow("&Board:", self.board_box)
        form.addRow("&New id:", self.id_edit)
        self.problem = _problem_label()
        self.buttons = _buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.system_box.currentIndexChanged.connect(lambda *_: self._system_chosen())
        self.board_box.currentIndexChanged.connect(lambda *_: self._board_chosen())
        self.id_edit.textChanged.connect(lambda *_: self.check())
        self._system_chosen()

    @property
    def system(self) -> GameSystem:
        return GameSystem(self.system_box.currentData())

    @property
    def source(self) -> tuple[str, bool]:
        """The board chosen to start from, and whether it is the user's own."""
        data: tuple[str, bool] | None = self.board_box.currentData()
        return data or ("", False)

    def _system_chosen(self) -> None:
        self.board_box.blockSignals(True)
        self.board_box.clear()
        for board_id in packaged_board_ids(self.system):
            self.board_box.addItem(board_id, (board_id, False))
        for board_id in library_board_ids(self.system, self.folder):
            self.board_box.addItem(f"{board_id} (your library)", (board_id, True))
        self.board_box.blockSignals(False)
        self._board_chosen()

    def _board_chosen(self) -> None:
        source, _ = self.source
        suggestion = next(
            (
                f"{source}{n}"
                for n in range(2, 100)
                if board_id_problem(self.system, f"{source}{n}", self.folder) is None
            ),
            "",
        )
        self.id_edit.setText(suggestion)
        self.check()

    def in_place(self) -> bool:
        """True when the user's own board is edited itself rather than copied."""
        source, mine = self.source
        return mine and self.id_edit.text().strip() == source

    def problems(self) -> list[str]:
        source, _ = self.source
        if not source:
            return [f"{self.system.display_name} has no board to copy yet"]
        if self.in_place():
            return []
        problem = board_id_problem(self.system, self.id_edit.text().strip(), self.folder)
        return [problem] if problem else []

    def check(self) -> bool:
        problems = self.problems()
        note = "saving replaces this board in your library" if self.in_place() else ""
        self.problem.setText("\n".join(problems) or note)
        self.problem.setStyleSheet(_PROBLEM_STYLE if problems else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problems)
        return not problems

    def document(self) -> BoardDocument:
        """The board document of the copy (or of the user's board itself)."""
        source, _ = self.source
        if self.in_place():
            return BoardDocument.open(library_path(self.system, source, self.folder))
        board = copy_board(self.system, source, self.id_edit.text().strip())
        return BoardDocument(board, self.folder)


# --- the window's File menu ---------------------------------------------------------------------


def _current_system(files: FileController) -> GameSystem:
    return files.document.scenario.system if files.document else next(iter(GameSystem))


def ask_new_board(files: FileController) -> NewBoardDialog:
    """Open the New Board dialog; on OK the new board opens in the window."""
    use_board_library()
    dialog = NewBoardDialog(files.window, _current_system(files))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: files.open_board(BoardDocument(dialog.board())))
    dialog.open()
    return dialog


def ask_board_copy(files: FileController) -> BoardCopyDialog:
    """Open the Edit Board Copy dialog; on OK the copy opens in the window."""
    use_board_library()
    dialog = BoardCopyDialog(files.window, _current_system(files))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

    def accepted() -> None:
        try:
            document = dialog.document()
        except (ProblemList, YamlError, OSError, KeyError) as exc:
            QMessageBox.warning(files.window, "Cannot open board", str(exc))
            return
        files.open_board(document)

    dialog.accepted.connect(accepted)
    dialog.open()
    return dialog


def save_board_document(files: FileController, document: BoardDocument) -> bool:
    """File > Save for a board: into the library; a refusal is shown, not raised."""
    try:
        document.save()
    except (BoardEditError, ProblemList, OSError) as exc:
        QMessageBox.warning(files.window, "Cannot save board", str(exc))
        return False
    files.say(f"Saved board {document.board.id} to {document.path}")
    return True


def save_board_as(files: FileController, document: BoardDocument) -> bool:
    """File > Save As for a board: under a new id, which the window then goes on editing."""
    system = document.board.system
    board_id, ok = QInputDialog.getText(files.window, "Save board as", "New board id:")
    board_id = board_id.strip()
    if not ok or not board_id:
        return False
    problem = board_id_problem(system, board_id, document.folder)
    if problem:
        QMessageBox.warning(files.window, "Cannot save board", problem)
        return False
    try:
        new = document.saved_as(board_id)
    except (BoardEditError, ProblemList, OSError) as exc:
        QMessageBox.warning(files.window, "Cannot save board", str(exc))
        return False
    document.undo_stack.setClean()  # its state lives on as the new board
    files.open_board(new)
    files.say(f"Saved board {board_id} to {new.path}")
    return True


TMX_FILTER = "Tiled map (*.tmx)"


def import_tiled_board(files: FileController, path: str | None = None) -> bool:
    """File > Import Board from Tiled: a TMX map (:mod:`model.tmx`) opened as a board of the
    user's own, not yet saved. A map that does not name its game system asks for one; an id
    a board already has gets ``-tiled`` added. True when the board opened."""
    from model.tmx import TmxError  # the Tiled reader, loaded when a map is imported
    from model.tmx_read import board_from_tmx

    window = files.window
    if path is None:
        path, _ = QFileDialog.getOpenFileName(window, "Import board from Tiled", "", TMX_FILTER)
        if not path:
            return False
    use_board_library()
    try:
        text = read_text_file(path)
        try:
            board, notes = board_from_tmx(text, path)
        except TmxError as exc:
            if "which game system" not in str(exc):
                raise
            names = [s.display_name for s in GameSystem]
            name, ok = QInputDialog.getItem(
                window, "Import board from Tiled", "The map is a board of:", names, 0, False
            )
            if not ok:
                return False
            system = next(s for s in GameSystem if s.display_name == name)
            board, notes = board_from_tmx(text, path, system=system)
        board = board.model_copy(update={"id": _free_id(board.system, board.id)})
        document = BoardDocument(board)
    except (TmxError, YamlError, OSError, ValueError) as exc:
        QMessageBox.warning(window, "Cannot import the Tiled map", str(exc))
        return False
    if not files.open_board(document):
        return False
    said = f"Imported {Path(path).name} as board {board.id}; save it to keep it in your library"
    files.say("; ".join([said, *notes]))
    return True


def _free_id(system: GameSystem, board_id: str) -> str:
    """``board_id``, or with ``-tiled`` (and a number) added when a board has it already."""
    for candidate in (board_id, *(f"{board_id}-tiled{n or ''}" for n in range(100))):
        if board_id_problem(system, candidate) is None:
            return candidate
    return board_id  # saving asks for another id
