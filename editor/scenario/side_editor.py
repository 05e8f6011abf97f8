"""The "Side" group of the Set-up tab (issue 5): a side's nation and the counters it uses,
whether its units may start mounted, the system's settings for it (Panzer Command's Division
HQ space, Dispatch Points, Direct Commands, Air Strength, within the book's limits the
``command`` check uses), Panzer '44 panic levels, off-map support and fortifications.

The group builds the values; its Apply hands them, composed of the pure edits of
:mod:`model.edits_details`, to the document as one undo step. A refusal is said in the group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.scenario.rules_forms import MessageLine, RegionField, compact_form, words
from model import edits_details
from model.catalog import unit_types
from model.layout import AssembledMap
from model.newscenario import NATION_NAMES
from model.scenario import Fortifications, Scenario, Side
from model.systems import GameSystem
from model.tables import tables
from rules.panzer_command.checks import PC_SETTINGS
from rules.registry import rules_for

MOUNTED = (
    ("Not stated", None),
    ("Required", "required"),
    ("Allowed", "allowed"),
    ("Forbidden", "forbidden"),
)
#: The spin boxes' value for "not set".
UNSET = -1


def catalogue_nations(system: GameSystem) -> list[str]:
    """The nations the system's counters belong to, most counters first."""
    counts = Counter(u.nation for u in unit_types(system).values())
    return [n for n, _ in counts.most_common() if n != "any"]


def _hq_spaces(system: GameSystem) -> list[str]:
    """The spaces of the system's Division HQ track (Panzer Command [§4.1]), if it has one."""
    table = tables(system).get("division-hq-track")
    return [str(row.key) for row in table.rows] if table is not None else []


def _spin(low: int, high: int, unset: str = "not set", suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low - 1, high)
    box.setSpecialValueText(unset)
    box.setSuffix(suffix)
    return box


class SideDetails(QGroupBox):
    """A side's own values; ``apply`` makes them one undo step through ``do``."""

    def __init__(self) -> None:
        super().__init__("Side")
        self.system: GameSystem | None = None
        self.nations: list[str] = []
        self.nation = QComboBox()
        self.nation.setEditable(True)
        self.nation.setToolTip("The side's nation (a nation with no counters names whose it uses)")
        self.pool = QComboBox()
        self.pool.setToolTip("The nation whose counters it uses (Panzer '44: the French use US)")
        self.mounted = QComboBox()
        for label, data in MOUNTED:
            self.mounted.addItem(label, data)
        self.mounted.setToolTip("May its units start loaded on their carriers?")
        self._settings_fields()
        self.panic = QLineEdit()
        self.panic.setPlaceholderText("none; or from turn: percent, e.g. 1: 50%, 2: 40%")
        self.panic.setToolTip("Panzer '44 [14.0]: the panic level from each turn on")
        self.per_loss = QSpinBox()
        self.per_loss.setRange(0, 100)
        self.per_loss.setSpecialValueText("nothing added")
        self.per_loss.setPrefix("+")
        self.per_loss.setSuffix("%")
        self.per_loss.setToolTip("Added to the panic level per own combat unit lost (20.5)")
        self.support = QLineEdit()
        self.support.setPlaceholderText("none; or e.g. OFBDA-3(10H), CAS-4(10H)")
        self.support.setToolTip("Off-map support: kind-count(strength), comma-separated")
        self._fortification_fields()
        self.message = MessageLine()
        self.apply_button = QPushButton("Apply")
        self.apply_button.clicked.connect(self.apply)
        self.do: Callable[[Callable[[Scenario], Scenario], str, MessageLine], bool] | None = None
        self.side_id: str | None = None
        self.amap: AssembledMap | None = None
        form = compact_form()
        form.addRow("Nation", self.nation)
        form.addRow("Counters", self.pool)
        form.addRow("Mounted set-up", self.mounted)
        form.addRow("Division HQ", self.hq_space)
        form.addRow("Dispatch Points", self.dispatch)
        form.addRow("Direct Commands", self.commands)
        form.addRow("Air Strength", self.air)
        form.addRow("Panic", self.panic)
        form.addRow("Per loss", self.per_loss)
        form.addRow("Support", self.support)
        form.addRow("Fortifications", self.fortifications)
        form.addRow("Mines", self.mine_kind)
        form.addRow("Where", self.fort_region)
        form.addRow("Not in", self.not_in)
        form.addRow("Mines not in", self.mines_not_in)
        self.form = form
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons)

    def _settings_fields(self) -> None:
        """Panzer Command's settings, their ranges the book's limits [§4.1-§4.2; §18]."""
        self.hq_space = QComboBox()
        self.hq_space.setToolTip("The Division HQ's space on its track [§4.1]")
        self.hq_space.addItem("not set", "")
        limits = {key: value[0] or (0, None) for key, value in PC_SETTINGS.items()}
        self.dispatch = _spin(*_bounds(limits["dispatch_points"]))
        self.dispatch.setToolTip(f"Dispatch Points at the start, {_span('dispatch_points')}")
        self.commands = _spin(*_bounds(limits["direct_commands"]))
        self.commands.setToolTip(f"Direct Commands at the start, {_span('direct_commands')}")
        self.air = _spin(*_bounds(limits["air_strength"]))
        self.air.setToolTip(f"Air Strength, {_span('air_strength')}")
        self.setting_boxes = {
            "dispatch_points": self.dispatch,
            "direct_commands": self.commands,
            "air_strength": self.air,
        }

    def _fortification_fields(self) -> None:
        self.ips = _spin(0, 99, "no IPs said", " IPs")
        self.ips.setToolTip("Improved positions the side may build")
        self.mines = _spin(0, 99, "no mines said", " mined")
        self.mines.setToolTip("Hexes the side may mine")
        self.mine_kind = QLineEdit()
        self.mine_kind.setPlaceholderText("their kind, e.g. hasty (Panzer '44 [17.0])")
        self.fortifications = QWidget()
        row = QHBoxLayout(self.fortifications)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.ips)
        row.addWidget(self.mines)
        self.fort_region = RegionField("anywhere; or e.g. west of hexrow 2000")
        self.fort_region.setToolTip("Where the fortifications may go")
        self.not_in = QLineEdit()
        self.not_in.setPlaceholderText("terrain, e.g. town, river")
        self.mines_not_in = QLineEdit()
        self.mines_not_in.setPlaceholderText("terrain barred to mines alone, e.g. town")

    # --- show ---------------------------------------------------------------------------------

    def show_side(
        self, scenario: Scenario | None, side: Side | None, amap: AssembledMap | None
    ) -> None:
        """Show ``side`` of ``scenario`` (None: nothing to show)."""
        self.setEnabled(side is not None)
        self.message.clear_message()
        self.side_id = side.id if side is not None else None
        self.amap = self.fort_region.amap = amap
        if scenario is None or side is None:
            return
        if scenario.system is not self.system:
            self.system = scenario.system
            self.nations = catalogue_nations(scenario.system)
            with QSignalBlocker(self.hq_space):
                while self.hq_space.count() > 1:
                    self.hq_space.removeItem(1)
                for space in _hq_spaces(scenario.system):
                    self.hq_space.addItem(f"space {space}", space)
        self._show_nation(side)
        self.mounted.setCurrentIndex(max(_find(self.mounted, side.mounted_setup), 0))
        features = rules_for(scenario.system).features
        command = "command" in features
        for widget in (self.hq_space, *self.setting_boxes.values()):
            self.form.setRowVisible(widget, command)
        hq = side.settings.get("division_hq_space")
        if hq is not None and self.hq_space.findData(str(hq)) < 0:
            self.hq_space.addItem(f"space {hq}", str(hq))
        self.hq_space.setCurrentIndex(max(self.hq_space.findData(str(hq or "")), 0))
        for key, box in self.setting_boxes.items():
            value = side.settings.get(key)
            box.setValue(value if isinstance(value, int) else box.minimum())
        panic = "panic" in features or side.panic is not None
        self.form.setRowVisible(self.panic, panic)
        self.form.setRowVisible(self.per_loss, panic)
        self.panic.setText(edits_details.panic_text(side.panic))
        self.per_loss.setValue(side.panic.per_loss or 0 if side.panic else 0)
        self.support.setText(edits_details.support_text(side.support))
        self._show_fortifications(side.fortifications)

    def _show_nation(self, side: Side) -> None:
        self.nation.clear()
        self.nation.addItems(list(dict.fromkeys([*self.nations, side.nation])))
        self.nation.setCurrentText(side.nation)
        self.pool.clear()
        self.pool.addItem("its own", "")
        for nation in self.nations:
            name = NATION_NAMES.get(nation, nation.replace("-", " ").title())
            self.pool.addItem(f"{name} counters ({nation})", nation)
        pool = side.counter_pool
        if isinstance(pool, list):
            data = ",".join(pool)
            if self.pool.findData(data) < 0:
                self.pool.addItem(" and ".join(pool), data)
            self.pool.setCurrentIndex(self.pool.findData(data))
        else:
            self.pool.setCurrentIndex(max(self.pool.findData(pool or ""), 0))

    def _show_fortifications(self, fortifications: Fortifications | None) -> None:
        # The defaults to show (nothing to validate): Fortifications() would build the model's
        # validator, its regions' too, at the editor's start (speed issue 20).
        f = fortifications or Fortifications.model_construct()
        self.ips.setValue(UNSET if f.improved_positions is None else f.improved_positions)
        self.mines.setValue(UNSET if f.mined_hexes is None else f.mined_hexes)
        self.mine_kind.setText(f.mine_kind or "")
        self.fort_region.set_region(f.region)
        self.not_in.setText(", ".join(f.not_in))
        self.mines_not_in.setText(", ".join(f.mines_not_in))

    # --- apply --------------------------------------------------------------------------------

    def build(self) -> Callable[[Scenario], Scenario]:
        """The edit the group describes (``ValueError`` with the reason)."""
        side_id, amap, nations = self.side_id, self.amap, list(self.nations)
        if side_id is None:
            raise ValueError("no side chosen")
        nation = self.nation.currentText()
        pool = [p for p in str(self.pool.currentData() or "").split(",") if p]
        mounted = self.mounted.currentData()
        settings: dict[str, int | str | None] | None = None
        if self.form.isRowVisible(self.hq_space):
            settings = {"division_hq_space": self.hq_space.currentData() or None}
            for key, box in self.setting_boxes.items():
                settings[key] = None if box.value() < box.minimum() + 1 else box.value()
        panic = None
        if self.form.isRowVisible(self.panic):
            panic = (edits_details.parse_panic(self.panic.text()), self.per_loss.value() or None)
        support = edits_details.parse_support(self.support.text())
        fortifications = self._fortifications()
        limits = {key: value[0] for key, value in PC_SETTINGS.items()}

        def edit(s: Scenario) -> Scenario:
            s = edits_details.set_nation(s, side_id, nation, pool, nations)
            s = edits_details.set_mounted_setup(s, side_id, mounted)
            if settings is not None:
                s = edits_details.set_settings(s, side_id, settings, limits)
            if panic is not None:
                s = edits_details.set_panic(s, side_id, *panic)
            s = edits_details.set_support(s, side_id, support)
            return edits_details.set_fortifications(s, side_id, fortifications, amap)

        return edit

    def _fortifications(self) -> Fortifications | None:
        region = self.fort_region.region() if self.fort_region.edit.text().strip() else None
        return Fortifications(
            improved_positions=None if self.ips.value() == UNSET else self.ips.value(),
            mined_hexes=None if self.mines.value() == UNSET else self.mines.value(),
            mine_kind=self.mine_kind.text().strip() or None,
            region=region,
            not_in=words(self.not_in.text()),
            mines_not_in=words(self.mines_not_in.text()),
        )

    def apply(self) -> bool:
        """Make the side's values one undo step; say why when refused."""
        if self.do is None:
            return False
        try:
            edit = self.build()
        except ValueError as exc:
            self.message.refused(exc)
            return False
        name = self.side_id or ""
        return self.do(edit, f"{name}: side details", self.message)


def _bounds(limits: tuple[int | None, int | None]) -> tuple[int, int]:
    low, high = limits
    return (low or 0, 99 if high is None else high)


def _span(key: str) -> str:
    """``0-9 (Panzer Command [§4.2])``: a setting's limits and where the book sets them."""
    limits, citation = PC_SETTINGS[key]
    low, high = limits or (0, None)
    span = f"{low}-{high}" if high is not None else f"at least {low}"
    return f"{span} ({citation})"


def _find(box: QComboBox, data: object) -> int:
    for index in range(box.count()):
        if box.itemData(index) == data:
            return index
    return -1
