"""The Set-up tab of the Scenario Rules panel (issue 5): for each side its role, whether it
starts on the map, and where it sets up or enters, typed as the book words it ("east of hexrow
3700, inclusive", "within 5 hexes of corners 1, 4") or painted on the map with the Paint
Set-up Zone tool; then who moves first and who deploys first.

The page never edits the scenario itself: each change is a pure edit of
:mod:`model.edits_setup` handed to the document as one undo step. Choosing a side outlines its
zone on the map, as the Victory tab outlines a condition's hexes.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.scenario.rules_forms import MessageLine, RegionField, compact_form, fill_sides
from editor.scenario.side_editor import SideDetails
from model import edits_setup
from model.edits_rules import turn_range
from model.scenario import AreaPlacement, EntryPlacement, Placement, Scenario

if TYPE_CHECKING:
    from editor.app import MainWindow

#: The set-up kinds the page edits; any other (a hex, a deployment mode, off the map, an
#: airdrop) is shown and kept as the file has it.
KINDS = (
    ("Sets up in an area", "area"),
    ("Enters the map", "entry"),
    ("No set-up of its own", "none"),
)
_KIND_IDS = frozenset(kind for _, kind in KINDS)
ROLES = (("Neither", "none"), ("Attacker", "attacker"), ("Defender", "defender"))
ON_MAP = (("Not stated", None), ("Yes", True), ("No, it enters", False))
FORMATIONS = (("As the rules say", None), ("In column", "column"), ("Free formation", "free"))
#: Document changes after which the page shows the scenario again.
_SHOWN_ON = Change.SETUP | Change.FORCES | Change.LAYOUT | Change.LENGTH | Change.DETAILS


class SetupPage(QWidget):
    """Each side's set-up and the order of play, edited as one undo step each."""

    def __init__(
        self,
        window: MainWindow | None = None,
        show_place: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__()
        self.window_ = window
        self.show_place = show_place
        self.document: ScenarioDocument | None = None
        self.message = MessageLine()
        self.side_box = QComboBox()
        self.side_box.setToolTip("The side whose set-up is shown, outlined on the map")
        self.side_box.currentIndexChanged.connect(lambda _i: self._side_chosen())
        layout = QVBoxLayout(self)
        # The side and its own values in one form, no group frame: the dock is short.
        layout.addLayout(self._side_form())
        layout.addWidget(self._setup_group())
        self.side_details = SideDetails()
        self.side_details.do = lambda edit, text, line: self._do(edit, text, line)
        layout.addWidget(self.side_details)
        layout.addWidget(self._order_group())
        layout.addWidget(self.message)
        layout.addStretch(1)

    # --- groups -------------------------------------------------------------------------------

    def _side_form(self) -> QFormLayout:
        self.role = _combo(ROLES)
        self.role.setToolTip("Attacker, defender or neither (point-buy and checks read it)")
        self.on_map = _combo(ON_MAP)
        self.on_map.setToolTip("Does the side start with its units on the map?")
        self.role.currentIndexChanged.connect(lambda _i: self.apply_role())
        self.on_map.currentIndexChanged.connect(lambda _i: self.apply_on_map())
        form = compact_form()
        form.addRow("Side", self.side_box)
        form.addRow("Role", self.role)
        form.addRow("Starts on the map", self.on_map)
        return form

    def _setup_group(self) -> QGroupBox:
        self.kind = _combo(KINDS)
        self.kind.currentIndexChanged.connect(lambda _i: self._show_fields())
        self.region = RegionField("e.g. east of hexrow 3700, inclusive; Side A; hexes K1216")
        self.region.edit.returnPressed.connect(self.apply_setup)
        self.adjacent = QCheckBox("In or adjacent to it")
        self.adjacent.setToolTip('The book\'s "in or adjacent to": one hex round the region too')
        self.turn = QSpinBox()
        self.turn.setRange(1, 999)
        self.turn.setPrefix("turn ")
        self.formation = _combo(FORMATIONS)
        self.setup_message = MessageLine()
        self.apply_button = QPushButton("Apply")
        self.apply_button.setDefault(True)
        self.apply_button.clicked.connect(self.apply_setup)
        self.paint_button = QPushButton("Paint on the Map")
        self.paint_button.setToolTip(
            "Paint the zone hex by hex with the Paint Set-up Zone tool (U): drag to add hexes, "
            "Shift+drag to take them out"
        )
        self.paint_button.clicked.connect(self.paint)
        form = compact_form()
        form.addRow("Kind", self.kind)
        form.addRow("Region", self.region)
        form.addRow("", self.adjacent)
        form.addRow("Enters on", self.turn)
        form.addRow("Formation", self.formation)
        self.setup_form = form
        buttons = QHBoxLayout()
        buttons.addWidget(self.paint_button)
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        group = QGroupBox("Sets up or enters")
        inner = QVBoxLayout(group)
        inner.addLayout(form)
        inner.addWidget(self.setup_message)
        inner.addLayout(buttons)
        return group

    def _order_group(self) -> QGroupBox:
        self.first_player = QComboBox()
        self.first_player.setToolTip("The side that moves first in each turn")
        self.first_player.currentIndexChanged.connect(lambda _i: self.apply_first_player())
        self.deployment = QComboBox()
        self.deployment.setToolTip("Who places their units first at the start")
        self.deployment.currentIndexChanged.connect(lambda _i: self.apply_deployment())
        group = QGroupBox("Order of play")
        form = compact_form()
        form.addRow("Moves first", self.first_player)
        form.addRow("Deployment", self.deployment)
        group.setLayout(form)
        return group

    # --- document -----------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        self.message.clear_message()
        self.setup_message.clear_message()
        self.refresh()

    def _on_changed(self, change: Change) -> None:
        if change & _SHOWN_ON:
            self.refresh()

    @property
    def scenario(self) -> Scenario | None:
        if self.document is None or isinstance(self.document, BoardDocument):
            return None
        return self.document.scenario

    def side_id(self) -> str | None:
        """The side chosen in the page (the one the Paint Set-up Zone tool paints for)."""
        side = self.side_box.currentData()
        return None if side is None else str(side)

    def choose_side(self, side_id: str) -> None:
        index = self.side_box.findData(side_id)
        if index < 0:
            raise ValueError(f"no side '{side_id}'")
        self.side_box.setCurrentIndex(index)

    def refresh(self) -> None:
        """Show the scenario's set-up again (after an edit, an undo or a new document)."""
        scenario = self.scenario
        with QSignalBlocker(self.side_box):
            fill_sides(self.side_box, scenario)
        self._fill_side()
        self._fill_order(scenario)

    def _fill_side(self) -> None:
        scenario, side_id = self.scenario, self.side_id()
        side = scenario.side(side_id) if scenario is not None and side_id is not None else None
        if self.document is not None:
            self.region.amap = self.document.map
        with QSignalBlocker(self.role), QSignalBlocker(self.on_map):
            self.role.setCurrentIndex(max(self.role.findData(side.role if side else "none"), 0))
            self.on_map.setCurrentIndex(
                _index_of(self.on_map, side.starts_on_map if side else None)
            )
        self._fill_setup(side.setup if side else None)
        amap = self.document.map if self.document is not None else None
        self.side_details.show_side(scenario, side, amap)
        if scenario is not None:
            first, last = turn_range(scenario.length)
            self.turn.setRange(first, last if last is not None else 999)

    def _fill_setup(self, setup: Placement | None) -> None:
        kind = "none" if setup is None else setup.kind
        with QSignalBlocker(self.kind):
            for index in reversed(range(self.kind.count())):
                if self.kind.itemData(index) not in _KIND_IDS:
                    self.kind.removeItem(index)
            if self.kind.findData(kind) < 0:
                self.kind.addItem(f"As in the file ({kind})", kind)
            self.kind.setCurrentIndex(self.kind.findData(kind))
        self.region.set_region(getattr(setup, "region", None))
        self.adjacent.setChecked(isinstance(setup, AreaPlacement) and setup.adjacent)
        entry = setup if isinstance(setup, EntryPlacement) else None
        self.turn.setValue(entry.turn if entry else 1)
        self.formation.setCurrentIndex(
            _index_of(self.formation, entry.formation if entry else None)
        )
        self.setup_message.clear_message()
        self._show_fields()

    def _show_fields(self) -> None:
        kind = self.kind.currentData()
        editable = kind in ("area", "entry", "none")
        shown = {
            self.region: kind in ("area", "entry"),
            self.adjacent: kind == "area",
            self.turn: kind == "entry",
            self.formation: kind == "entry",
        }
        for widget, visible in shown.items():
            self.setup_form.setRowVisible(widget, visible)
        self.apply_button.setEnabled(editable)
        self.paint_button.setEnabled(kind in ("area", "entry", "none"))

    def _fill_order(self, scenario: Scenario | None) -> None:
        with QSignalBlocker(self.first_player), QSignalBlocker(self.deployment):
            fill_sides(self.first_player, scenario, (("Not stated", ""),))
            self.first_player.setCurrentIndex(
                max(self.first_player.findData(scenario.first_player or "" if scenario else ""), 0)
            )
            self.deployment.clear()
            self.deployment.addItem("Together (or as the rules say)", "")
            names = {s.id: s.name or s.id for s in scenario.sides} if scenario else {}
            ids = list(names)
            orders = list(permutations(ids)) if len(ids) <= 4 else [tuple(ids)]
            for order in orders:
                self.deployment.addItem(", then ".join(names[i] for i in order), ",".join(order))
            current = ",".join(scenario.deployment_order) if scenario else ""
            if current and self.deployment.findData(current) < 0:
                self.deployment.addItem(current.replace(",", ", then "), current)
            self.deployment.setCurrentIndex(max(self.deployment.findData(current), 0))

    def _side_chosen(self) -> None:
        self._fill_side()
        self.message.clear_message()
        self.outline()
        if self.window_ is not None:
            self.window_.retool()  # the zone tool's label names the side

    def outline(self) -> None:
        """Outline the chosen side's zone on the map (the Victory tab's way)."""
        scenario, side_id = self.scenario, self.side_id()
        if self.show_place is None or scenario is None or side_id is None:
            return
        index = [s.id for s in scenario.sides].index(side_id)
        if scenario.sides[index].setup is not None:
            self.show_place(f"sides[{index}].setup")

    # --- edits --------------------------------------------------------------------------------

    def _do(
        self,
        edit: Callable[[Scenario], Scenario],
        text: str,
        message: MessageLine | None = None,
        change: Change = Change.FORCES,
    ) -> bool:
        """Make a pure edit one undo step; say why when it is refused (and show the file's
        value again). A side's set-up is announced as ``forces``: the Order of Battle panel
        says where each entry sets up."""
        line = message or self.message
        if self.scenario is None or self.document is None:
            return False
        reasons = self.document.edit(edit, text, change)
        if reasons:
            line.problem("\n".join(reasons))
            if line is self.message:
                self.refresh()
            return False
        line.clear_message()
        return True

    def _who(self) -> str:
        scenario, side_id = self.scenario, self.side_id()
        if scenario is None or side_id is None:
            return ""
        side = scenario.side(side_id)
        return side.name or side.id

    def apply_role(self) -> bool:
        side, role = self.side_id(), str(self.role.currentData())
        if side is None:
            return False
        return self._do(
            lambda s: edits_setup.set_role(s, side, role), f"{self._who()}: role {role}"
        )

    def apply_on_map(self) -> bool:
        side, on_map = self.side_id(), self.on_map.currentData()
        if side is None:
            return False
        return self._do(
            lambda s: edits_setup.set_starts_on_map(s, side, on_map),
            f"{self._who()}: starts on the map {self.on_map.currentText().lower()}",
        )

    def apply_setup(self) -> bool:
        """Set the chosen side's set-up from the form (the Apply button, or Enter)."""
        side, document = self.side_id(), self.document
        if side is None or document is None:
            return False
        kind = self.kind.currentData()
        amap = document.map
        if kind == "none":
            edit: Callable[[Scenario], Scenario] = lambda s: edits_setup.set_setup(s, side, None)  # noqa: E731
        else:
            try:
                region = self.region.region()
            except ValueError as exc:
                self.setup_message.problem(str(exc))
                return False
            if kind == "area":
                adjacent = self.adjacent.isChecked()

                def edit(s: Scenario) -> Scenario:
                    return edits_setup.set_setup_area(s, side, region, adjacent, amap)
            else:
                turn, formation = self.turn.value(), self.formation.currentData()

                def edit(s: Scenario) -> Scenario:
                    return edits_setup.set_setup_entry(s, side, region, turn, formation, amap)

        done = self._do(edit, f"{self._who()}: set-up", self.setup_message)
        if done:
            self.outline()
        return done

    def apply_first_player(self) -> bool:
        first = self.first_player.currentData() or None
        name = self.first_player.currentText()
        return self._do(
            lambda s: edits_setup.set_first_player(s, first),
            f"{name} moves first" if first else "First player not stated",
            change=Change.SETUP,
        )

    def apply_deployment(self) -> bool:
        data = str(self.deployment.currentData() or "")
        order = data.split(",") if data else []
        return self._do(
            lambda s: edits_setup.set_deployment_order(s, order),
            f"Deployment: {self.deployment.currentText()}",
            change=Change.SETUP,
        )

    def paint(self) -> None:
        """Take up the Paint Set-up Zone tool for the chosen side."""
        if self.window_ is not None:
            self.window_.actions_by_id["tool.zone"].trigger()


def _combo(items: tuple[tuple[str, object], ...]) -> QComboBox:
    box = QComboBox()
    for label, data in items:
        box.addItem(label, data)
    return box


def _index_of(box: QComboBox, data: object) -> int:
    """The row of ``data`` in a combo (``findData`` cannot find ``None``)."""
    for index in range(box.count()):
        if box.itemData(index) == data and type(box.itemData(index)) is type(data):
            return index
    return 0
