"""Test Play's start dialog for a scenario whose forces are bought: each point-buy side gets its
forces from the purchase bot (a strategy and a seed), a sample force, or "I buy them now",
chosen with real clicks and keys; the purchase opens the game's log."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox
from pytestqt.qtbot import QtBot
from test_testplay import open_window

from editor.app import MainWindow
from editor.testplay.mode import TestPlayDialog
from rules.pointbuy.purchase import PurchaseChoice

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1]
AMBUSH = str(ROOT / "scenarios/armor/4a-ambush.yaml")
SPEARHEADS = str(ROOT / "scenarios/armor/1a-spearheads.yaml")


def choose(qtbot: QtBot, box: QComboBox, title: str) -> None:
    """Pick ``title`` in a combo box the way a user does without the mouse: focus it, then
    the arrow keys until it shows."""
    box.setFocus()
    target = box.findText(title)
    assert target >= 0, [box.itemText(i) for i in range(box.count())]
    key = Qt.Key.Key_Down if target > box.currentIndex() else Qt.Key.Key_Up
    while box.currentIndex() != target:
        qtbot.keyClick(box, key)
    assert box.currentText() == title


def run_dialog(qtbot: QtBot, w: MainWindow, fill: object) -> None:
    """Play > Test Play... with ``fill(dialog)`` run on the dialog once it is up."""

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, TestPlayDialog)
        fill(dialog)  # type: ignore[operator]

    QTimer.singleShot(0, act)
    w.actions_by_id["play.test_play"].trigger()


def test_point_buy_sides_are_bought_by_the_strategy_and_seed_chosen(qtbot: QtBot) -> None:
    w = open_window(qtbot, AMBUSH)
    seen: dict[str, list[str]] = {}

    def fill(dialog: TestPlayDialog) -> None:
        for side, box in dialog.forces.items():
            seen[side] = [box.itemText(i) for i in range(box.count())]
        for box in dialog.seats.values():
            box.setCurrentIndex(box.findData("heuristic"))
        choose(qtbot, dialog.forces["attacker"], "Bought by the bot: armour-heavy")
        seed = dialog.force_seeds["attacker"]
        assert seed.isEnabled()
        seed.setFocus()
        qtbot.keyClick(seed, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(seed, "42")
        choose(qtbot, dialog.forces["defender"], "Bought by the bot: cheapest, many")
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)

    run_dialog(qtbot, w, fill)
    assert seen["attacker"][0] == "Bought by the bot: balanced"
    assert seen["attacker"][-1] == "I buy them now (Order of Battle)"
    mode = w.test_play_mode
    assert mode is not None and mode.session is not None and mode.panel is not None
    bought = {b.side: b.choice for b in mode.session.game.purchases}
    assert bought == {
        "attacker": PurchaseChoice("armour-heavy", 42),
        "defender": PurchaseChoice("cheapest-many", 1),
    }
    log = mode.panel.log.toPlainText()
    assert "bought by the purchase bot" in log and "(armour-heavy strategy, seed 42)" in log
    assert mode.panel.counters  # the bought units are on the map
    qtbot.mouseClick(mode.panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None
    assert w.document is not None and not w.document.scenario.sides[0].forces  # not edited


def test_i_buy_them_now_opens_the_order_of_battle_on_the_side(qtbot: QtBot) -> None:
    w = open_window(qtbot, AMBUSH)

    def fill(dialog: TestPlayDialog) -> None:
        choose(qtbot, dialog.forces["defender"], "I buy them now (Order of Battle)")
        assert not dialog.force_seeds["defender"].isEnabled()
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)

    run_dialog(qtbot, w, fill)
    assert w.test_play_mode is None
    assert w.oob_panel.side_id() == "defender"
    assert w.oob_dock.isVisible()
    assert "Buy Defender's forces in the Order of Battle" in w.statusBar().currentMessage()


def test_a_sample_force_instead_of_the_listed_one(qtbot: QtBot) -> None:
    # 1A lists the Armor Game forces and gives sample orders of battle [SCN V.A.4]: the
    # British one replaces the American forces for this game only.
    w = open_window(qtbot, SPEARHEADS)

    def fill(dialog: TestPlayDialog) -> None:
        assert set(dialog.forces) == {"german", "us"}
        assert dialog.forces["us"].currentText() == "As the scenario lists them"
        choose(qtbot, dialog.forces["us"], "Sample: British, Armor Game Rules")
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)

    run_dialog(qtbot, w, fill)
    mode = w.test_play_mode
    assert mode is not None and mode.session is not None
    (bought,) = mode.session.game.purchases
    assert bought.choice.sample == "British, Armor Game Rules"
    units = {e.unit for e in mode.session.game.scenario.side("us").forces}
    assert "CROMWELL" in units and "M4" not in units
    assert mode.session.position_problem() is not None  # bought forces: a replay, not a position
