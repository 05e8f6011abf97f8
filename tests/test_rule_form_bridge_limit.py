"""The special-rule form of the Scenario Rules panel with a bridge limit [OP XIII.B]: the
designer opens 1A's optional 20-ton limit [SCN V.A.3], unchecks Optional and applies; the rule
built is in force for test play (not listed as unenforced)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from editor.scenario.rules_forms import SpecialRuleForm
from model.scenario_io import load_scenario
from model.victory import BridgeLimit
from rules.armor.scenario_rules import ENFORCED
from rules.engine.special_rules import why_not_enforced

ROOT = Path(__file__).resolve().parent.parent


def test_op_xiii_b_a_designer_turns_on_1as_optional_bridge_limit(qtbot: QtBot) -> None:
    """[OP XIII.B; SCN V.A.3; SCN II.C]: the form shows the rule's kind and tons, Optional
    checked; unchecked and applied, the rule keeps its tons and source and the Armor engine
    enforces it."""
    loaded = load_scenario(ROOT / "scenarios/armor/1a-spearheads.yaml")
    [rule] = [r for r in loaded.scenario.special_rules if isinstance(r, BridgeLimit)]
    assert why_not_enforced(rule, ENFORCED) is not None  # the book marks it (Optional)
    form = SpecialRuleForm()
    qtbot.addWidget(form)
    form.start(loaded.scenario, loaded.map, rule)
    assert form.kind_box.currentData() == "bridge-limit"
    assert form.tons.value() == 20 and form.optional.isChecked()
    assert not form.tons.isHidden() and form.fire.isHidden()
    form.optional.click()
    [apply] = [b for b in form.findChildren(QPushButton) if b.text() == "Apply"]
    with qtbot.waitSignal(form.submitted) as blocker:
        apply.click()
    made = blocker.args[0]
    assert made == BridgeLimit(tons=20, optional=False, source="Armor [SCN V.A.3]")
    assert why_not_enforced(made, ENFORCED) is None
