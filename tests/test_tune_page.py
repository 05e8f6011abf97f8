"""The Balance dialog's Tune page, driven as a designer does: the Tune tab clicked, a knob
ticked and its range typed, the games typed, Tune clicked; the plot per knob and the suggestion
shown; Apply Suggestion one undo step with the note of what was measured; Cancel stops soon."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot
from test_tune import coin  # noqa: F401 - the coin scenario's fixture

from editor.balance.dialog import BalanceDialog
from editor.balance.tune_page import KnobPlot, TunePage
from editor.files.document import ScenarioDocument
from model.scenario_io import load_scenario

pytestmark = pytest.mark.gui

DRIANT = (
    Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml"
)
WAIT = 240_000


def _dialog(qtbot: QtBot) -> tuple[BalanceDialog, ScenarioDocument]:
    document = ScenarioDocument(load_scenario(DRIANT), DRIANT)
    dialog = BalanceDialog()
    qtbot.addWidget(dialog)
    dialog.set_document(document)
    dialog.resize(760, 900)
    dialog.show()
    qtbot.waitExposed(dialog)
    for box in dialog.bot_boxes:
        box.setCurrentText("random")
    dialog.workers.setValue(2)
    bar = dialog.pages.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    assert dialog.pages.currentWidget() is dialog.tune_page
    return dialog, document


def _tick(qtbot: QtBot, page: TunePage, knob_id: str) -> int:
    """Click the knob's tick box in the table; its row."""
    row = next(i for i, k in enumerate(page.knobs) if k.id == knob_id)
    table = page.table
    item = table.item(row, 0)
    assert item is not None
    table.scrollToItem(item)
    rect = table.visualItemRect(item)
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() + 12, rect.center().y())
    )
    assert item.checkState() == Qt.CheckState.Checked
    return row


def _type(qtbot: QtBot, box: QSpinBox, value: int) -> None:
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, str(value))
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert box.value() == value


def test_a_knob_ticked_tuned_plotted_and_shown(qtbot: QtBot) -> None:
    """Fort Driant, random bots, the game length from 4 to 8 turns, 3 games a setting."""
    dialog, _document = _dialog(qtbot)
    page = dialog.tune_page
    ids = [k.id for k in page.knobs]
    assert "length" in ids and any(i.startswith("count:") for i in ids)
    row = _tick(qtbot, page, "length")
    low, high = (page.table.cellWidget(row, c) for c in (2, 3))
    assert isinstance(low, QSpinBox) and isinstance(high, QSpinBox)
    _type(qtbot, low, 4)
    _type(qtbot, high, 8)
    _type(qtbot, page.games, 3)
    qtbot.mouseClick(page.pairs, Qt.MouseButton.LeftButton, pos=QPoint(6, page.pairs.height() // 2))
    assert not page.pairs.isChecked()
    with qtbot.waitSignal(page.run.finished, timeout=WAIT):
        qtbot.mouseClick(page.tune_button, Qt.MouseButton.LeftButton)
        assert page.cancel_button.isEnabled() and not page.tune_button.isEnabled()
    report = page.report
    assert report is not None and report.complete
    assert report.bots == ("random", "random") and report.seeds == (1, 3)
    [sweep] = report.sweeps
    assert sweep.knob == "length" and (sweep.low, sweep.high) == (4, 8)
    plots = page.plots.findChildren(KnobPlot)
    assert len(plots) == 1 and plots[0].sweep == sweep
    assert len(plots[0].values()) == len([p for p in sweep.points if p.error is None])
    assert "games played" in page.status.text()
    best = report.suggestion
    assert best is not None
    if best.change == 0:  # the scenario as it is: nothing to apply
        assert "No change suggested" in page.suggestion.text()
        assert not page.apply_button.isEnabled()
    else:
        assert f"Suggestion: {best.label()}" in page.suggestion.text()
        assert page.apply_button.isEnabled()


def test_the_suggestion_near_the_known_even_point_is_applied_as_one_step(
    qtbot: QtBot,
    coin: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """The tests' coin scenario (tests/test_tune.py): Red wins when a seed's coin falls under
    its vp-threshold/100, so the even point is a threshold near 50 (now 20). The page finds
    it; Apply sets it, with the note of what was measured, and one Undo takes both back."""
    from concurrent.futures import ThreadPoolExecutor

    document = ScenarioDocument(load_scenario(coin), coin)
    dialog = BalanceDialog()
    qtbot.addWidget(dialog)
    dialog.set_document(document)
    dialog.show()
    qtbot.waitExposed(dialog)
    bar = dialog.pages.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    page = dialog.tune_page
    page.run.make_executor = ThreadPoolExecutor  # the toy lives in this process only
    row = _tick(qtbot, page, "vp-threshold:red")
    low, high = (page.table.cellWidget(row, c) for c in (2, 3))
    assert isinstance(low, QSpinBox) and isinstance(high, QSpinBox)
    _type(qtbot, low, 0)
    _type(qtbot, high, 100)
    _type(qtbot, page.games, 60)
    with qtbot.waitSignal(page.run.finished, timeout=WAIT):
        qtbot.mouseClick(page.tune_button, Qt.MouseButton.LeftButton)
    report = page.report
    assert report is not None and report.suggestion is not None
    value = dict(report.suggestion.settings)["vp-threshold:red"]
    assert 35 <= value <= 65
    assert f"Suggestion: vp-threshold:red={value}" in page.suggestion.text()
    assert "Red's share" in page.suggestion.text()
    before = document.scenario
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    conditions = document.scenario.victory.conditions
    assert next(c.vp for c in conditions if c.kind == "vp-threshold") == value
    assert "Tune (" in document.scenario.notes and "seeds 1-60" in document.scenario.notes
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario == before


def test_cancel_stops_the_run_soon_with_what_was_measured(qtbot: QtBot) -> None:
    dialog, _document = _dialog(qtbot)
    page = dialog.tune_page
    _tick(qtbot, page, "length")
    _type(qtbot, page.games, 40)
    with qtbot.waitSignal(page.run.finished, timeout=WAIT):
        qtbot.mouseClick(page.tune_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: page.progress.value() >= 1, timeout=WAIT)
        qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    report = page.report
    assert report is not None and not report.complete
    assert page.status.text().startswith("Cancelled")
    assert page.tune_button.isEnabled() and not page.cancel_button.isEnabled()


def test_no_knob_ticked_says_so(qtbot: QtBot) -> None:
    dialog, _document = _dialog(qtbot)
    page = dialog.tune_page
    qtbot.mouseClick(page.tune_button, Qt.MouseButton.LeftButton)
    assert page.status.text() == "Tick at least one knob to tune."
    assert not page.run.running
