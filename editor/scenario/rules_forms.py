"""Small widgets the Scenario Rules panel's forms share: a region typed in the region language
with its problem shown inline, an inline message line, side choosers, and the special-rule form.

A form never edits the document: it builds a value (a reinforcement, a condition, a rule) and
emits ``submitted`` with it; the panel hands it to a pure edit and the document. A value the
form cannot build is reported in the form's own message line.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from model.catalog import terrain_types
from model.edits_rules import check_region
from model.errors import EditError
from model.layout import AssembledMap
from model.region_text import RegionSyntaxError, describe_region, parse_region
from model.regions import Region
from model.scenario import Scenario
from model.victory import (
    ActionBan,
    AreaBan,
    BridgeLimit,
    DeploymentLimit,
    ExitAllowed,
    FireBan,
    SpecialRule,
    TerrainOverride,
    TextRule,
    TurnSpan,
    UsageCap,
)

ERROR_COLOUR = "#a93226"
OK_COLOUR = "#1e6b3a"


class MessageLine(QLabel):
    """One line of feedback under a field or a form: red for a problem, green for fine."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.hide()

    def problem(self, text: str) -> None:
        self.setStyleSheet(f"color: {ERROR_COLOUR}")
        self.setText(text)
        self.setVisible(bool(text))

    def refused(self, exc: ValueError) -> None:
        """A form's refusal: its words, or for a model that refused what the form built, the
        first problem in words (pydantic's own report is no message)."""
        from pydantic import ValidationError

        from model.edits_check import refusal_text

        self.problem(refusal_text(exc) if isinstance(exc, ValidationError) else str(exc))

    def fine(self, text: str) -> None:
        self.setStyleSheet(f"color: {OK_COLOUR}")
        self.setText(text)
        self.setVisible(bool(text))

    def clear_message(self) -> None:
        self.setText("")
        self.hide()


class ListForm(QGroupBox):
    """A form that opens under a list of the Scenario dock to add or change one entry:
    ``submitted`` carries the entry built, ``cancelled`` closes the form, ``message`` says
    what is wrong with it."""

    submitted = Signal(object)
    cancelled = Signal()
    message: MessageLine


class RegionField(QWidget):
    """A region typed as the book words it ("Side B", "east of hexrow 3700, inclusive"),
    checked as it is typed: a phrase that cannot be read, or that names what the map lacks,
    is shown in red under it; a good one says how many hexes it covers."""

    def __init__(self, placeholder: str = "e.g. Side B; north edge; hexes K1216, K1217") -> None:
        super().__init__()
        self.amap: AssembledMap | None = None
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setToolTip(
            "A region as the book words it: Side B; north edge; hexes K1216, K1217; east of "
            "hexrow 3700, inclusive; within 5 hexes of corners 1, 4; zones 7, 8 of map C; place "
            "Moncourt; south of the river; any edge; or a YAML mapping {kind: ...}"
        )
        self.message = MessageLine()
        # As tall as its line and message: a form with room to spare does not stretch it.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.message)
        self.edit.textChanged.connect(lambda _text: self.check())

    def set_region(self, region: Region | None) -> None:
        with QSignalBlocker(self.edit):
            self.edit.setText(describe_region(region) if region is not None else "")
            self.edit.setCursorPosition(0)
        self.message.clear_message()
        self.check()

    def region(self) -> Region:
        """The region typed (``ValueError`` with the reason when there is none)."""
        region = parse_region(self.edit.text())
        if self.amap is not None:
            check_region(region, self.amap)
        return region

    def check(self) -> bool:
        """Show what is wrong with the text typed, or how many hexes it covers."""
        if not self.edit.text().strip():
            self.message.clear_message()
            return False
        try:
            region = parse_region(self.edit.text())
            count = len(check_region(region, self.amap)) if self.amap is not None else None
        except (RegionSyntaxError, EditError) as exc:
            self.message.problem(str(exc))
            return False
        if count is not None:
            self.message.fine(f"✓ {count} hex{'es' if count != 1 else ''}")
        return True


def fill_sides(
    box: QComboBox, scenario: Scenario | None, extra: tuple[tuple[str, str], ...] = ()
) -> None:
    """Fill a combo with the scenario's sides (data: side id) after any ``extra`` (label,
    data) items, keeping the current choice when it is still there."""
    current = box.currentData()
    with QSignalBlocker(box):
        box.clear()
        for label, data in extra:
            box.addItem(label, data)
        for side in scenario.sides if scenario else []:
            box.addItem(side.name or side.id, side.id)
        box.setCurrentIndex(max(box.findData(current), 0))


def words(text: str) -> list[str]:
    """``opportunity, tracking`` (or ``opportunity or tracking``) as a list of words."""
    return [w for w in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", text.strip()) if w]


def buttons_row(ok: str, on_ok: Callable[[], None], on_cancel: Callable[[], None]) -> QHBoxLayout:
    """Cancel and the form's default button, at the right."""
    row = QHBoxLayout()
    row.addStretch(1)
    cancel = QPushButton("Cancel")
    cancel.clicked.connect(on_cancel)
    apply = QPushButton(ok)
    apply.setDefault(True)
    apply.clicked.connect(on_ok)
    row.addWidget(cancel)
    row.addWidget(apply)
    return row


def compact_form() -> QFormLayout:
    """A form whose long rows wrap under their label (the dock is narrow)."""
    form = QFormLayout()
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


# --- special rules -------------------------------------------------------------------------------

RULE_KINDS = {
    "fire-ban": "No fire of some kinds",
    "action-ban": "An action forbidden",
    "area-ban": "An area forbidden",
    "exit-allowed": "Units may exit the map",
    "usage-cap": "At most so many uses a turn",
    "deployment-limit": "At most so many units set up in an area",
    "terrain-override": "A terrain changed",
    "bridge-limit": "Bridges carry at most so many tons",
    "text": "In the book's words",
}
#: Kinds that name one side, not "both sides".
_ONE_SIDE = ("exit-allowed", "usage-cap", "deployment-limit")
#: Kinds whose area may be left empty.
_AREA_OPTIONAL = ("terrain-override",)


class SpecialRuleForm(ListForm):
    """Add or change one special rule: a fire ban, an action ban or an area ban over a span of
    turns, or a rule in the book's words. Fields a kind does not use are hidden; ``submitted``
    carries the SpecialRule built."""

    def __init__(self) -> None:
        super().__init__("Special rule")
        # No taller than its fields: the list above keeps a few rows, the rest stays empty.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.base: SpecialRule | None = None
        self.kind_box = QComboBox()
        for kind, label in RULE_KINDS.items():
            self.kind_box.addItem(label, kind)
        self.sides = QComboBox()
        self.fire = QLineEdit()
        self.fire.setPlaceholderText("e.g. opportunity, tracking")
        self.action = QLineEdit()
        self.action.setPlaceholderText("e.g. overrun")
        self.region = RegionField()
        self.first = QSpinBox()
        self.first.setRange(1, 999)
        self.first.setPrefix("turn ")
        self.last = QSpinBox()
        self.last.setRange(0, 999)
        self.last.setSpecialValueText("the end")
        self.turns = QWidget()
        turns = QHBoxLayout(self.turns)
        turns.setContentsMargins(0, 0, 0, 0)
        turns.addWidget(self.first)
        turns.addWidget(QLabel("to"))
        turns.addWidget(self.last)
        self.from_turn = QSpinBox()
        self.from_turn.setRange(0, 999)
        self.from_turn.setSpecialValueText("any turn")
        self.from_turn.setPrefix("turn ")
        self.what = QLineEdit()
        self.what.setPlaceholderText("e.g. CAS strike")
        self.per_turn = QSpinBox()
        self.per_turn.setRange(0, 99)
        self.per_turn.setSuffix(" a turn")
        self.at_most = QSpinBox()
        self.at_most.setRange(0, 999)
        self.at_most.valueChanged.connect(
            lambda n: self.at_most.setSuffix(" unit" if n == 1 else " units")
        )
        self.at_most.setSuffix(" units")
        self.terrain = QComboBox()
        self.terrain.setEditable(True)
        self.terrain.setToolTip("The terrain whose effects change")
        self.treat_as = QComboBox()
        self.treat_as.setEditable(True)
        self.treat_as.setToolTip("The terrain it counts as (empty: its own)")
        self.extra_cost = QDoubleSpinBox()
        self.extra_cost.setRange(0, 99)
        self.extra_cost.setDecimals(1)
        self.extra_cost.setSpecialValueText("none")
        self.extra_cost.setPrefix("+")
        self.extra_cost.setSuffix(" MP")
        self.impassable = QCheckBox("Impassable")
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("The rule as the book words it")
        self.text.setFixedHeight(72)
        self.tons = QDoubleSpinBox()
        self.tons.setRange(0.5, 999)
        self.tons.setDecimals(1)
        self.tons.setSuffix(" tons")
        self.tons.setToolTip("The heaviest unit (with what it carries) a Bridge or Span holds")
        self.optional = QCheckBox("Optional (the book marks it so)")
        self.optional.setToolTip(
            "Checked, test play leaves the rule out and lists it as not in force; uncheck it "
            "to play the rule"
        )
        self.message = MessageLine()
        form = compact_form()
        form.addRow("Kind", self.kind_box)
        form.addRow("Sides", self.sides)
        form.addRow("Fire", self.fire)
        form.addRow("Action", self.action)
        form.addRow("Area", self.region)
        form.addRow("Turns", self.turns)
        form.addRow("From", self.from_turn)
        form.addRow("What", self.what)
        form.addRow("At most", self.per_turn)
        form.addRow("Set up at most", self.at_most)
        form.addRow("Terrain", self.terrain)
        form.addRow("Counts as", self.treat_as)
        form.addRow("Extra cost", self.extra_cost)
        form.addRow("", self.impassable)
        form.addRow("At most", self.tons)
        form.addRow("Text", self.text)
        form.addRow(self.optional)
        self.form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(buttons_row("Apply", self._submit, self.cancelled.emit))
        self.kind_box.currentIndexChanged.connect(lambda _i: self._show_fields())
        self._show_fields()

    def start(self, scenario: Scenario, amap: AssembledMap, rule: SpecialRule | None) -> None:
        """Fill the form for a new rule (``rule`` None) or from an existing one."""
        self.base = rule
        self.setTitle("New special rule" if rule is None else "Change the special rule")
        self.region.amap = amap
        fill_sides(self.sides, scenario, (("Both sides", ""),))
        terrains = list(terrain_types(scenario.system))
        for box in (self.terrain, self.treat_as):
            box.clear()
            box.addItems(["", *terrains] if box is self.treat_as else terrains)
        self.message.clear_message()
        kind = rule.kind if rule is not None and rule.kind in RULE_KINDS else "fire-ban"
        self.kind_box.setCurrentIndex(self.kind_box.findData(kind))
        sides = getattr(rule, "sides", []) or [getattr(rule, "side", "") or ""]
        self.sides.setCurrentIndex(max(self.sides.findData(sides[0] if sides else ""), 0))
        self.from_turn.setValue(getattr(rule, "from_turn", None) or 0)
        self.what.setText(getattr(rule, "what", "") or "")
        self.per_turn.setValue(getattr(rule, "per_turn", 1) if rule is not None else 1)
        self.at_most.setValue(getattr(rule, "at_most", None) or 1)
        self.terrain.setCurrentText(getattr(rule, "terrain", "") or "")
        self.treat_as.setCurrentText(getattr(rule, "treat_as", "") or "")
        self.extra_cost.setValue(getattr(rule, "extra_cost", None) or 0.0)
        self.impassable.setChecked(bool(getattr(rule, "impassable", False)))
        self.tons.setValue(getattr(rule, "tons", None) or 20.0)
        self.fire.setText(", ".join(getattr(rule, "fire", []) or []))
        self.action.setText(getattr(rule, "action", "") or "")
        self.region.set_region(getattr(rule, "region", None))
        span = getattr(rule, "turns", None) or TurnSpan()
        self.first.setValue(span.first)
        self.last.setValue(span.last or 0)
        self.text.setPlainText(getattr(rule, "text", "") or "")
        self.optional.setChecked(bool(rule and rule.optional))
        self._show_fields()

    def _show_fields(self) -> None:
        kind = self.kind_box.currentData()
        shown: dict[QWidget, bool] = {
            self.sides: kind not in ("text", "terrain-override", "bridge-limit"),
            self.fire: kind == "fire-ban",
            self.action: kind == "action-ban",
            self.region: kind
            in ("area-ban", "exit-allowed", "terrain-override", "deployment-limit"),
            self.turns: kind in ("fire-ban", "action-ban", "area-ban"),
            self.from_turn: kind == "exit-allowed",
            self.what: kind == "usage-cap",
            self.per_turn: kind == "usage-cap",
            self.at_most: kind == "deployment-limit",
            self.terrain: kind == "terrain-override",
            self.treat_as: kind == "terrain-override",
            self.extra_cost: kind == "terrain-override",
            self.impassable: kind == "terrain-override",
            self.tons: kind == "bridge-limit",
            self.text: kind in ("text", "terrain-override"),
        }
        for widget, visible in shown.items():
            self.form.setRowVisible(widget, visible)

    def build(self) -> SpecialRule:
        """The rule the form describes (``ValueError`` with the reason)."""
        kind = self.kind_box.currentData()
        side = self.sides.currentData()
        same = self.base is not None and self.base.kind == kind
        common: dict[str, object] = {
            "optional": self.optional.isChecked(),
            "source": self.base.source if self.base is not None else None,
            "note": self.base.note if same and self.base is not None else "",
        }
        first, last = self.first.value(), self.last.value() or None
        if last is not None and last < first:  # the words the model refuses it in
            raise ValueError(f"turns {first} to {last}: the last is before the first")
        span = TurnSpan(first=first, last=last)
        sides = [side] if side else []
        if kind == "fire-ban":
            fire = words(self.fire.text())
            if not fire:
                raise ValueError("name the fire that is banned, e.g. opportunity, tracking")
            return FireBan(sides=sides, fire=fire, turns=span, **common)
        if kind == "action-ban":
            action = self.action.text().strip()
            if not action:
                raise ValueError("name the action that is banned, e.g. overrun")
            return ActionBan(sides=sides, action=action, turns=span, **common)
        if kind == "area-ban":
            region = self.region.region()
            return AreaBan(sides=sides, region=region, turns=span, **common)
        if kind == "bridge-limit":
            return BridgeLimit(tons=self.tons.value(), **common)
        if kind in ("exit-allowed", "usage-cap", "terrain-override", "deployment-limit"):
            return self._build_more(kind, side, common)
        text = self.text.toPlainText().strip()
        if not text:
            raise ValueError("write the rule as the book words it")
        return TextRule(text=text, **common)

    def _build_more(self, kind: str, side: str, common: dict[str, object]) -> SpecialRule:
        """Exit-allowed, usage-cap, deployment-limit and terrain-override rules; fields the form
        does not show (an exit's unit filter, a terrain's movement costs, a limit's per-zone
        counts) are kept from the rule changed."""
        if kind in _ONE_SIDE and not side:
            raise ValueError("choose the side the rule is for")
        fields: dict[str, object]
        if kind == "exit-allowed":
            fields = {"side": side, "region": self.region.region()}
            fields["from_turn"] = self.from_turn.value() or None
        elif kind == "deployment-limit":
            fields = {"side": side, "region": self.region.region(), "at_most": self.at_most.value()}
        elif kind == "usage-cap":
            what = self.what.text().strip()
            if not what:
                raise ValueError("name what is capped, e.g. CAS strike")
            fields = {"side": side, "what": what, "per_turn": self.per_turn.value()}
        else:
            terrain = self.terrain.currentText().strip()
            if not terrain:
                raise ValueError("choose the terrain that changes")
            region = self.region.region() if self.region.edit.text().strip() else None
            fields = {
                "terrain": terrain,
                "treat_as": self.treat_as.currentText().strip() or None,
                "extra_cost": self.extra_cost.value() or None,
                "impassable": True if self.impassable.isChecked() else None,
                "region": region,
                "text": self.text.toPlainText().strip(),
            }
        kinds: dict[str, type[ExitAllowed | UsageCap | TerrainOverride | DeploymentLimit]] = {
            "exit-allowed": ExitAllowed,
            "usage-cap": UsageCap,
            "deployment-limit": DeploymentLimit,
        }
        made = kinds.get(kind, TerrainOverride)
        base = self.base.model_dump(exclude={"kind"}) if self.base is not None else {}
        kept = base if self.base is not None and self.base.kind == kind else {}
        return made.model_validate(kept | common | fields)

    def _submit(self) -> None:
        try:
            rule = self.build()
        except ValueError as exc:
            self.message.refused(exc)
            return
        self.submitted.emit(rule)
