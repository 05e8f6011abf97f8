"""The Scenario Rules panel through its widgets: reinforcements added with the form and undone,
Armor 2B's die-roll arrival kept through Save As, victory conditions added as sentences and
outlined on the map, and refusals shown in the panel without changing anything."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QFileDialog, QPushButton
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.scenario.dock import RulesPanel
from model.grid import hex_to_pixel
from model.regions import EdgeRegion
from model.scenario import DieRollCondition
from model.scenario_io import load_scenario

ARMOR_2B = os.path.join(os.path.dirname(__file__), "..", "scenarios", "armor", "2b-the-bridge.yaml")


def _panel(window: MainWindow) -> RulesPanel:
    window.rules_dock.raise_()
    return window.rules_panel


def _choose(box: Any, data: object) -> None:
    index = box.findData(data)
    assert index >= 0, data
    box.setCurrentIndex(index)


def _new_reinforcement(
    qtbot: QtBot, panel: RulesPanel, side: str, turn: int, entry: str, unit: str = "PANTHER-A"
) -> None:
    panel.tabs.setCurrentIndex(2)
    _choose(panel.side_box, side)
    panel.add_reinforcement()
    form = panel.reinforcement_form
    assert form.isVisible()
    form.on_turn.setChecked(True)
    form.turn.setValue(turn)
    form.add_units(unit, 2)
    form.entry.edit.clear()
    qtbot.keyClicks(form.entry.edit, entry)
    _choose(form.formation, "column")


def _apply(form: Any) -> None:
    """Click the form's Apply button."""
    buttons = [b for b in form.findChildren(QPushButton) if b.text() == "Apply"]
    assert len(buttons) == 1
    buttons[0].click()


def test_a_reinforcement_on_turn_3_by_an_edge_is_added_and_undone(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = _panel(window)
    original = window.document.scenario
    _new_reinforcement(qtbot, panel, "german", 3, "east edge")
    assert panel.reinforcement_form.entry.message.text().startswith("✓")
    _apply(panel.reinforcement_form)
    added = window.document.scenario.side("german").reinforcements
    assert [(r.turn, r.entry, r.formation) for r in added] == [
        (3, EdgeRegion(edge="east"), "column")
    ]
    assert [(e.unit, e.count) for e in added[0].units] == [("PANTHER-A", 2)]
    assert not panel.reinforcement_form.isVisible()
    assert panel.reinforcements.rowCount() == 1
    assert [panel.reinforcements.item(0, c).text() for c in range(3)] == [
        "Turn 3",
        "2 × PANTHER-A",
        "east edge, in column",
    ]
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert window.document.scenario == original
    assert panel.reinforcements.rowCount() == 0


def test_a_bad_region_is_shown_inline_and_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    panel = _panel(window)
    _new_reinforcement(qtbot, panel, "german", 3, "east of hexrw 37")
    form = panel.reinforcement_form
    assert form.entry.message.isVisible()
    assert form.entry.message.text() == "the region is not on this map: the map has no 'hexrw 37'"
    _apply(form)
    assert form.isVisible()
    assert form.message.text() == form.entry.message.text()
    form.entry.edit.clear()
    qtbot.keyClicks(form.entry.edit, "hexes Z0101")
    assert (
        form.entry.message.text() == "the region is not on this map: no hex 'Z0101' on this layout"
    )
    form.entry.edit.clear()
    qtbot.keyClicks(form.entry.edit, "hexes K12")
    assert "'K12' is not a hex name" in form.entry.message.text()
    _apply(form)
    assert window.document.undo_stack.count() == 0


def test_a_turn_beyond_the_game_length_is_refused(qtbot: QtBot, window: MainWindow) -> None:
    panel = _panel(window)
    _new_reinforcement(qtbot, panel, "us", 16, "Side B", "US-INFANTRY-SQUAD")
    _apply(panel.reinforcement_form)
    assert panel.reinforcement_form.message.text() == (
        "a reinforcement on turn 16 is beyond the game length (the last turn is 15)"
    )
    assert window.document.undo_stack.count() == 0
    # The length cannot be cut below a reinforcement's turn either.
    panel.reinforcement_form.turn.setValue(12)
    _apply(panel.reinforcement_form)
    assert window.document.undo_stack.count() == 1
    panel.tabs.setCurrentIndex(4)
    panel.turns.setValue(10)
    assert not panel.apply_length()
    assert "arrives on turn 12" in panel.message.text() and panel.message.isVisible()
    panel.turns.setValue(12)
    assert panel.apply_length()
    assert window.document.scenario.length.turns == 12
    assert panel.length_text.text().startswith("12 turns")


def test_a_die_roll_arrival_round_trips_through_save_as(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_file(ARMOR_2B)
    panel = _panel(window)
    panel.tabs.setCurrentIndex(2)
    _choose(panel.side_box, "attacker")
    panel.add_reinforcement()
    form = panel.reinforcement_form
    form.on_roll.setChecked(True)
    form.die.setCurrentText("d10")
    form.succeed_on.setText("0, 1")
    form.add_units("PANTHER-A")
    qtbot.keyClicks(form.entry.edit, "Side B")
    _apply(form)
    assert panel.reinforcements.item(0, 0).text() == "On a roll of 0 or 1 (d10)"
    target = tmp_path / "2b-copy.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.files.save_as()
    reloaded = load_scenario(target).scenario.side("attacker").reinforcements
    assert reloaded == window.document.scenario.side("attacker").reinforcements
    assert reloaded[0].turn is None
    assert reloaded[0].condition == DieRollCondition(die="d10", succeed_on=[0, 1], roll="each turn")
    assert window.open_file(target)
    panel.tabs.setCurrentIndex(2)
    _choose(panel.side_box, "attacker")
    assert panel.reinforcements.item(0, 0).text() == "On a roll of 0 or 1 (d10)"


def test_a_victory_condition_is_added_as_a_sentence_and_outlined_on_the_map(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = _panel(window)
    panel.tabs.setCurrentIndex(1)
    panel.add_condition()
    form = panel.condition_form
    _choose(form.kind_box, "control")
    _choose(form.side, "us")
    _choose(form.award, "vp")
    form.award_value.setValue(25)
    qtbot.keyClicks(form.region.edit, "hexes K1216, K1217")
    _apply(form)
    conditions = window.document.scenario.victory.conditions
    assert conditions[-1].kind == "control"
    row = panel.conditions.rowCount() - 1
    assert (
        panel.conditions.item(row, 0).text()
        == "American scores 25 VP for control of hexes K1216, K1217"
    )
    # Chosen after it is added: its hexes are outlined and the view is centred on them.
    assert panel.selected_condition() == [len(conditions) - 1]
    mark = window.view.mark_items[0]
    assert mark.isVisible()
    amap = window.document.map
    for name in ("K1216", "K1217"):
        x, y = hex_to_pixel(amap.resolve(name), HEX_SIZE)
        assert mark.path().contains(QPointF(x, y))
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    x, y = hex_to_pixel(amap.resolve("K1216"), HEX_SIZE)
    assert abs(centre.x() - x) < 3 * HEX_SIZE and abs(centre.y() - y) < 3 * HEX_SIZE
    # Choosing another condition without a place clears the outline; removing is one step.
    panel.select_condition([0])
    assert not mark.isVisible()
    panel.select_condition([len(conditions) - 1])
    assert panel.remove_condition()
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.undo_stack.index() == 0


def test_scoring_and_special_rules_are_one_undo_step_each(qtbot: QtBot, window: MainWindow) -> None:
    panel = _panel(window)
    original = window.document.scenario
    _choose(panel.tie, "draw")
    assert window.document.scenario.victory.tie == "draw"
    panel.tabs.setCurrentIndex(3)
    panel.add_rule()
    form = panel.rule_form
    _choose(form.kind_box, "fire-ban")
    form.fire.setText("opportunity, tracking")
    form.first.setValue(1)
    form.last.setValue(1)
    _apply(form)
    last = panel.rules.rowCount() - 1
    assert panel.rules.item(last, 0).text() == "No opportunity or tracking fire on turn 1"
    assert window.document.undo_stack.count() == 2
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert window.document.scenario == original
    assert panel.tie.currentData() == ""


def test_a_span_that_ends_before_it_begins_is_refused_in_words(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A fire ban for turns 5 to 3, typed into the form and applied with the mouse, is refused
    with the words a file would get, not pydantic's report; nothing changes."""
    from PySide6.QtCore import Qt

    panel = _panel(window)
    original = window.document.scenario
    panel.tabs.setCurrentIndex(3)
    panel.add_rule()
    form = panel.rule_form
    _choose(form.kind_box, "fire-ban")
    qtbot.keyClicks(form.fire, "opportunity")
    for box, value in ((form.first, "5"), (form.last, "3")):
        box.lineEdit().selectAll()
        qtbot.keyClicks(box.lineEdit(), value)
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
    assert (form.first.value(), form.last.value()) == (5, 3)
    [apply] = [b for b in form.findChildren(QPushButton) if b.text() == "Apply"]
    qtbot.mouseClick(apply, Qt.MouseButton.LeftButton)
    shown = form.message.text() + panel.message.text()
    assert "turns 5 to 3: the last is before the first" in shown
    assert "validation error" not in shown
    assert window.document.scenario == original
    assert window.document.undo_stack.count() == 0


def test_a_model_that_refuses_what_a_form_built_is_told_in_words(qtbot: QtBot) -> None:
    """A form's model refusing what it built (a ValidationError is a ValueError) shows its
    first problem in words: where, and what, never pydantic's several-line report."""
    from pydantic import ValidationError

    from editor.scenario.rules_forms import MessageLine
    from model.regions import HexesRegion

    line = MessageLine()
    qtbot.addWidget(line)
    with pytest.raises(ValidationError) as caught:
        HexesRegion(hexes=["K-19-17"])
    line.refused(caught.value)
    assert line.text() == (
        "hexes.0: 'K-19-17' is not a hex name (write it like K1216, C/1508, or 0119 on a "
        "single map)"
    )
    line.refused(ValueError("choose the side the rule is for"))
    assert line.text() == "choose the side the rule is for"
