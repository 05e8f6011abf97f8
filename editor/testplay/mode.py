"""Play > Test Play... (Ctrl+T): play the scenario being edited with the rules engine.

A small dialog asks for the seed, who sits at each side (a human, the random bot or the
heuristic bot) and, for a side whose forces are bought with points, how it gets them (bought by
the purchase bot with a strategy and seed, a sample force, or "I buy them now" in the Order of
Battle), and may start from a position file instead of the set-up (Play > Test Play
from Position... opens one first); then the window switches to test play: the editing docks
are put away and the editing actions and tools disabled, the map shows the game's units
instead of the scenario's set-up (:mod:`editor.testplay.layer`) and the Test Play dock drives
the game (:mod:`editor.testplay.panel`, the same for every system). Leaving puts everything
back: test play never edits the document, so its scenario and undo stack are as they were.

A position file is checked like a scenario: its problems are shown each at its
``file:line:col``, never as a traceback.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabBar,
    QWidget,
)

from editor.actions import TEST_PLAY_KEYS
from editor.files.boards import BoardDocument
from editor.mapview.render import MapPainter
from editor.mapview.view import HEX_SIZE
from editor.scenario.validation import loaded_of
from editor.testplay.controls import POSITION_FILES
from editor.testplay.layer import TestPlayLayer, TestPlayTool
from editor.testplay.panel import TestPlayPanel
from editor.testplay.session import SEATS, TestPlaySession
from model.errors import ProblemList
from model.grid import hex_to_pixel
from model.scenario import Scenario
from model.scenario_io import LoadedScenario
from model.yamlio import YamlError
from rules.engine.core import State
from rules.engine.errors import RulesError
from rules.pointbuy.purchase import STRATEGIES, PurchaseChoice, needs_purchase
from rules.records.position import load_position

if TYPE_CHECKING:
    from editor.app import MainWindow

#: The view scale at which a counter's name and markers can be read (a hex 58 pixels across).
READABLE_SCALE = 1.4
#: Actions that stay usable in test play: they neither edit nor replace the document.
KEPT_ACTIONS = ("file.quit", "file.export", "file.save", "file.save_as")


#: The "Forces" choice that sends the designer to the Order of Battle to buy them.
BUY_NOW = "buy-now"
#: The "Forces" choice that keeps the forces the scenario lists.
AS_LISTED = "as-listed"


def force_options(scenario: Scenario) -> dict[str, list[tuple[str, object]]]:
    """The "Forces" choices of each side that has any, as (title, data) pairs: a point-buy
    side's forces bought by the bot (one per strategy), a sample force, or bought now in the
    Order of Battle; a side with listed forces and samples, those or a sample."""
    bought = set(needs_purchase(scenario))
    found: dict[str, list[tuple[str, object]]] = {}
    for side in scenario.sides:
        options: list[tuple[str, object]] = []
        if side.id in bought:
            options += [
                (f"Bought by the bot: {s.name.lower()}", PurchaseChoice(s.id))
                for s in STRATEGIES.values()
            ]
        elif side.sample_forces:
            options.append(("As the scenario lists them", AS_LISTED))
        options += [
            (f"Sample: {f.name}", PurchaseChoice(sample=f.name)) for f in side.sample_forces
        ]
        if side.id in bought:
            options.append(("I buy them now (Order of Battle)", BUY_NOW))
        if options:
            found[side.id] = options
    return found


class TestPlayDialog(QDialog):
    """The seed and a seat per side, how each point-buy side gets its forces (bought by the
    bot with a strategy and seed, a sample force, or bought now by the designer), and where
    play starts: the set-up or a position file."""

    __test__ = False

    def __init__(
        self,
        sides: list[tuple[str, str]],
        parent: QWidget | None = None,
        position: str = "",
        forces: dict[str, list[tuple[str, object]]] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Test Play")
        form = QFormLayout(self)
        text = "Who plays each side? A human plays at this computer (hot seat)."
        if forces and any(data == BUY_NOW for opts in forces.values() for _, data in opts):
            text += (
                " Forces bought with points are bought by the bot under the book's purchase "
                "rules (each strategy spends differently), or taken from a sample, or bought "
                "by you in the Order of Battle."
            )
        intro = QLabel(text)
        intro.setWordWrap(True)
        form.addRow(intro)
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(1)
        self.seed.setToolTip("The dice's seed: the same seed and choices give the same game")
        form.addRow("Seed", self.seed)
        self.seats: dict[str, QComboBox] = {}
        self.forces: dict[str, QComboBox] = {}
        self.force_seeds: dict[str, QSpinBox] = {}
        for i, (side, name) in enumerate(sides):
            box = QComboBox()
            for seat, title in SEATS.items():
                box.addItem(title, seat)
            box.setCurrentIndex(0 if i == 0 else list(SEATS).index("heuristic"))
            self.seats[side] = box
            form.addRow(f"<b>{name}</b>", box)
            if forces and side in forces:
                form.addRow("    Forces", self._forces_row(side, name, forces[side]))
        form.addRow("Start", self._start_row())
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.play_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.play_button.setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.set_position(position)

    def _start_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.start_label = QLabel()
        self.position_button = QPushButton("Start from Position…")
        self.position_button.setToolTip(
            "Start from a position file (saved in Test Play, or by 'hexwright position') "
            "instead of the scenario's set-up"
        )
        self.position_button.clicked.connect(self.choose_position)
        self.setup_button = QPushButton("Set-up")
        self.setup_button.setToolTip("Start from the scenario's set-up")
        self.setup_button.clicked.connect(lambda: self.set_position(""))
        row.addWidget(self.start_label, 1)
        row.addWidget(self.position_button)
        row.addWidget(self.setup_button)
        return row

    def _forces_row(self, side: str, name: str, options: list[tuple[str, object]]) -> QHBoxLayout:
        row = QHBoxLayout()
        box = QComboBox()
        for title, data in options:
            box.addItem(title, data)
        box.setToolTip(
            f"How {name} gets its forces: bought under the book's purchase rules by the bot "
            "with a strategy, a sample force of the scenario, or bought by you now"
        )
        seed = QSpinBox()
        seed.setRange(0, 999_999)
        seed.setValue(1)
        seed.setPrefix("seed ")
        seed.setToolTip("The purchase's seed: the same strategy and seed buy the same force")

        def seeded() -> None:  # a seed only for the purchase bot
            data = box.currentData()
            seed.setEnabled(isinstance(data, PurchaseChoice) and data.sample is None)

        box.currentIndexChanged.connect(seeded)
        seeded()
        self.forces[side], self.force_seeds[side] = box, seed
        row.addWidget(box, 1)
        row.addWidget(seed)
        return row

    def purchases(self) -> dict[str, PurchaseChoice]:
        """How each side with a choice gets its forces (not those kept as listed or bought
        now)."""
        found = {}
        for side, box in self.forces.items():
            data = box.currentData()
            if isinstance(data, PurchaseChoice):
                if data.sample is None:
                    data = PurchaseChoice(data.strategy, self.force_seeds[side].value())
                found[side] = data
        return found

    def buy_now(self) -> str | None:
        """The first side the designer chose to buy now, or None."""
        return next((s for s, b in self.forces.items() if b.currentData() == BUY_NOW), None)

    def choose_position(self) -> None:
        """Ask for a position file to start from."""
        path, _ = QFileDialog.getOpenFileName(self, "Start from position", "", POSITION_FILES)
        if path:
            self.set_position(path)

    def set_position(self, path: str) -> None:
        """Start from the position file ``path`` ("" for the scenario's set-up)."""
        self.position = path
        self.start_label.setText(
            f"position <b>{Path(path).name}</b>" if path else "the scenario's set-up"
        )
        self.start_label.setToolTip(path)
        self.setup_button.setVisible(bool(path))
        self.seed.setEnabled(not path)  # a position keeps its own seed and dice

    def chosen(self) -> tuple[int, dict[str, str]]:
        return self.seed.value(), {s: str(b.currentData()) for s, b in self.seats.items()}


def ask_test_play(window: MainWindow, position: str = "") -> TestPlayMode | None:
    """Play > Test Play...: the dialog, then the mode (a message when it cannot be played)."""
    document = window.document
    if document is None or isinstance(document, BoardDocument):
        QMessageBox.information(window, "Test Play", "Open a scenario to test-play it.")
        return None
    if window.test_play_mode is not None:
        return window.test_play_mode
    sides = [(s.id, s.name) for s in document.scenario.sides]
    dialog = TestPlayDialog(sides, window, position, force_options(document.scenario))
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    dialog.deleteLater()
    if not accepted:
        return None
    buy_now = dialog.buy_now()
    if buy_now is not None:
        show_purchase(window, buy_now)
        return None
    seed, seats = dialog.chosen()
    mode = TestPlayMode(window)
    problem = mode.enter(seed, seats, dialog.position or None, dialog.purchases())
    if problem is not None:
        QMessageBox.warning(window, "Test Play", problem)
        return None
    return mode


def show_purchase(window: MainWindow, side_id: str) -> None:
    """ "I buy them now": the Order of Battle and the Budget on the side, to buy its forces
    under the book's rules; Test Play again once bought."""
    window.oob_dock.show()
    window.oob_dock.raise_()
    window.oob_panel.choose_side(side_id)
    window.budget_dock.show()
    side = window.oob_panel.side()
    name = side.name if side is not None else side_id
    window.say(
        f"Buy {name}'s forces in the Order of Battle (the Budget judges the purchase), "
        "then Play > Test Play"
    )


def ask_test_play_from_position(window: MainWindow) -> TestPlayMode | None:
    """Play > Test Play from Position...: a position file of the scenario, then the dialog."""
    if window.document is None or isinstance(window.document, BoardDocument):
        QMessageBox.information(window, "Test Play", "Open a scenario to test-play it.")
        return None
    if window.test_play_mode is not None:
        return window.test_play_mode
    path, _ = QFileDialog.getOpenFileName(window, "Test play from position", "", POSITION_FILES)
    return ask_test_play(window, path) if path else None


def read_position(path: str, loaded: LoadedScenario) -> State | str:
    """The state a position file of the scenario describes, or what is wrong with it: each
    problem at its ``file:line:col``, like a scenario's."""
    try:
        _, state = load_position(path, loaded)
    except ProblemList as exc:
        shown = "\n".join(p.format() for p in exc.problems[:20])
        more = len(exc.problems) - 20
        return shown + (f"\n... and {more} more" if more > 0 else "")
    except YamlError as exc:
        return exc.problem.format()
    except RulesError as exc:
        return f"{path}: {exc}"
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror or exc}"
    return state


class TestPlayMode:
    """The window in test play: what was put away, to be put back on leaving."""

    __test__ = False

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.session: TestPlaySession | None = None
        self.panel: TestPlayPanel | None = None
        self.dock: QDockWidget | None = None
        self.layer = TestPlayLayer(window.view, HEX_SIZE)
        self._docks: list[QDockWidget] = []
        self._tabs: list[QTabBar] = []
        self._actions: list[QAction] = []
        self._painter: MapPainter | None = None

    def enter(
        self,
        seed: int,
        seats: dict[str, str],
        position: str | None = None,
        purchases: Mapping[str, PurchaseChoice] | None = None,
    ) -> str | None:
        """Start test play at the set-up, or at the ``position`` file, the point-buy sides
        bought as ``purchases`` says (by default by the bot's balanced strategy with the game's
        seed); the message why it cannot be, or None."""
        window = self.window
        document = window.document
        if document is None or isinstance(document, BoardDocument):
            return "Open a scenario to test-play it."
        loaded = loaded_of(document)
        start: State | None = None
        if position is not None:
            found = read_position(position, loaded)
            if isinstance(found, str):
                return f"Cannot start from the position:\n\n{found}"
            start = found
        try:
            self.session = TestPlaySession(loaded, seed, seats, window, start, position, purchases)
        except RulesError as exc:
            return f"{document.scenario.title} cannot be test-played yet: {exc}."
        self._put_away()
        self.panel = TestPlayPanel(self.session, self.layer, window)
        self.panel.leave_requested.connect(self.leave)
        self.dock = QDockWidget("Test Play", window)
        self.dock.setObjectName("test_play")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        window.resizeDocks([self.dock], [430], Qt.Orientation.Horizontal)
        window.view.set_tool(TestPlayTool(window, self.panel.click_hex))
        window.tool_label.setText("Test play: click a unit, then a hex it can reach or a target")
        window.test_play_mode = self
        self._keys(True)
        self.panel.refresh()
        self._frame_units()
        return None

    def leave(self) -> None:
        """Back to editing: the scenario as it was, the docks and tools as they were."""
        window = self.window
        if self.session is not None:
            self.session.stop()
        self.layer.clear()
        if self.dock is not None:
            window.removeDockWidget(self.dock)
            self.dock.deleteLater()
        if self._painter is not None and window.view.item is not None:
            window.view.update_map(self._painter)
        for dock in self._docks:
            dock.show()
        for tabs in self._tabs:  # those the window's layout kept (it deletes the others)
            if shiboken6.isValid(tabs):
                tabs.show()
        for action in self._actions:
            action.setEnabled(True)
        window.toolbar.setEnabled(True)
        window.view.set_tool(window.tool)
        window.retool()
        window.view.fit()
        self._keys(False)
        window.test_play_mode = None
        window.say("Back to editing: the scenario is as it was before test play")

    def _keys(self, on: bool) -> None:
        """Test Play's keys (next unit, Done, Back...) on while it lasts, off after."""
        for key in TEST_PLAY_KEYS:
            self.window.actions_by_id[key].setEnabled(on)

    def _put_away(self) -> None:
        """Hide the editing docks, disable editing actions and tools, hide the set-up."""
        window = self.window
        # Shown docks, tabbed behind another one included (those are not "visible").
        self._docks = [
            d for d in window.findChildren(QDockWidget) if d.toggleViewAction().isChecked()
        ]
        for dock in self._docks:
            dock.hide()
        # The tab bars of tabbed docks stay up when all their docks are hidden (seen on
        # xcb and offscreen): they would show through the Test Play dock.
        self._tabs = [t for t in window.findChildren(QTabBar) if t.parent() is window]
        self._tabs = [t for t in self._tabs if t.isVisible()]
        for tabs in self._tabs:
            tabs.hide()
        self._actions = [
            a
            for key, a in window.actions_by_id.items()
            if a.isEnabled() and not key.startswith(("view.", "play.")) and key not in KEPT_ACTIONS
        ]
        for action in self._actions:
            action.setEnabled(False)
        window.toolbar.setEnabled(False)
        window.view.clear_marks()
        if window.view.item is not None:
            self._painter = window.view.item.map_painter
            window.view.update_map(self._painter.with_counters(()))

    def _frame_units(self) -> None:
        """Zoom the view on where the units stand, with a margin, but no further out than
        where a counter's name can be read; centred on the human player's units."""
        view = self.window.view
        if self.panel is None or not self.panel.counters:
            return
        counters = self.panel.counters
        humans = self.session.humans() if self.session is not None else []
        if humans:
            counters = [c for c in counters if c.counter.side == humans[0]] or counters
        points = [hex_to_pixel(c.counter.hex, HEX_SIZE) for c in counters]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        pad = HEX_SIZE * 4
        rect = QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                      max(ys) - min(ys) + 2 * pad)  # fmt: skip
        view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        view.auto_fit = False  # the user's zoom from here on
        if view.transform().m11() < READABLE_SCALE:
            view.zoom(READABLE_SCALE / view.transform().m11())
        view.centerOn(rect.center())
