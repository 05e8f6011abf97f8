"""The Balance dialog (Play > Balance..., Ctrl+Shift+B) and the Validation panel's balance line,
through their widgets: a batch of auto-played games runs in worker processes while the event
loop keeps turning, its report shows the figures of :func:`rules.bots.balance.summarize`, Cancel
stops it with the games so far, and a scenario the engine cannot play says so."""

from __future__ import annotations

import json
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.balance.dialog import BalanceDialog
from editor.balance.report import ReportView, one_line
from editor.balance.run import BatchOutcome
from editor.balance.sweep import best_strategies
from editor.balance.widgets import Histogram, bins_of
from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from model.scenario_io import load_scenario
from rules.bots.balance import ErrorRecord, GameSpec, play_game, specs_for, summarize
from rules.engine.errors import RulesError
from rules.pointbuy.purchase import STRATEGIES, game_for, parse_choices

pytestmark = pytest.mark.gui

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
DRIANT = SCENARIOS / "panzer44" / "19.7-assault-on-fort-driant.yaml"


def _poor_ambush() -> Path:
    """Armor 4A with an attacker of 5 points: the purchase bot buys nothing, the engine
    refuses the scenario (every point-buy built-in now plays)."""
    text = (SCENARIOS / "armor" / "4a-ambush.yaml").read_text(encoding="utf-8")
    assert "budget: {points: 100}" in text
    path = Path(tempfile.mkdtemp(prefix="hexwright-poor-")) / "4a-poor.yaml"
    path.write_text(text.replace("budget: {points: 100}", "budget: {points: 5}", 1))
    return path


UNPLAYABLE = _poor_ambush()
WAIT = 60_000  # ms: workers are spawned processes, slow to start on a busy machine
CONFUSED = SCENARIOS / "armor" / "1b-confused-situation.yaml"  # both sides buy [SCN III.C]
SLOW = 600_000  # ms: Armor games bought and played, or a Dask cluster started, on a busy machine


def open_dialog(qtbot: QtBot, path: Path) -> BalanceDialog:
    document = ScenarioDocument(load_scenario(path), path)
    dialog = BalanceDialog()
    qtbot.addWidget(dialog)
    dialog.set_document(document)
    dialog.document_ = document  # type: ignore[attr-defined] - kept alive with the dialog
    dialog.show()
    return dialog


class LoopTurns:
    """Counts the turns of the event loop while it is watched (a 5 ms timer's ticks).

    How long the loop pauses during a batch is measured in bench/responsiveness_bench.py; the
    tests check that it turns at all while games are played, not how fast."""

    def __init__(self) -> None:
        self.turns = 0
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _tick(self) -> None:
        self.turns += 1

    def stop(self) -> int:
        self._timer.stop()
        return self.turns


def test_a_batch_runs_to_its_end_and_shows_the_figures_of_summarize(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, DRIANT)
    assert dialog.run_button.isEnabled() and not dialog.message.isVisible()
    dialog.games.setValue(4)
    dialog.first_seed.setValue(7)
    dialog.workers.setValue(2)
    assert [box.currentText() for box in dialog.bot_boxes] == ["random", "random"]
    watch = LoopTurns()
    seen: list[int] = []
    turns_at: list[int] = []

    def progressed(done: int, total: int, errors: int) -> None:
        seen.append(done)
        turns_at.append(watch.turns)

    dialog.run.progressed.connect(progressed)
    with qtbot.waitSignal(dialog.run.finished, timeout=WAIT):
        dialog.run_button.click()
        # The click returns at once: the games are played off the GUI thread.
        assert dialog.run.running and seen == []
        assert dialog.cancel_button.isEnabled() and not dialog.run_button.isEnabled()
    qtbot.wait(50)  # the report's widgets lay out
    watch.stop()
    assert turns_at[0] > 0  # the event loop kept turning while the first game was played
    assert seen == [1, 2, 3, 4]
    assert dialog.progress.value() == 4 and "Played 4 games" in dialog.status.text()

    specs = specs_for(str(DRIANT), 4, ["random", "random"], first_seed=7)
    expected = summarize(str(DRIANT), [play_game(s) for s in specs], 4, 0.0)
    assert dialog.outcome is not None
    got = dialog.outcome.report
    assert replace(got, seconds=0.0) == replace(expected, seconds=0.0)
    view = dialog.report_view
    assert view is not None
    for s in expected.sides:
        text = view.rate_labels[s.side].text()
        assert f"{s.wins} win" in text and f"{s.rate:.0%}" in text
        assert f"({s.low:.0%}-{s.high:.0%})" in text
        bar = view.bars[s.side]
        assert (bar.rate, bar.low, bar.high) == (s.rate, s.low, s.high)
        assert view.vp_plots[s.side].bins == bins_of(s.vp)
    turns = [float(t) for t, n in expected.turns.items() for _ in range(n)]
    assert view.turns_plot.bins == bins_of(turns)
    for label, c in zip(view.condition_labels, expected.conditions, strict=True):
        assert f"<b>{c.met}</b> games" in label.text()
        assert ("never met" in label.text()) == (c.met == 0)
    assert expected.lopsided() is not None
    top = max(expected.sides, key=lambda s: s.rate)
    names = {"us": "American", "german": "German"}
    assert f"Lopsided: {names[top.side]} wins {top.rate:.0%} of the games (95% interval " in (
        view.verdict.text()
    )
    assert "every game ran cleanly" in view.errors_label.text()
    assert dialog.outcome.folder is None  # the saved file played, nothing to keep


def test_cancel_stops_soon_with_the_games_so_far(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = open_dialog(qtbot, DRIANT)
    dialog.games.setValue(2000)
    dialog.workers.setValue(1)
    seen: list[int] = []
    dialog.run.progressed.connect(lambda done, total, errors: seen.append(done))
    with qtbot.waitSignal(dialog.run.progressed, timeout=WAIT):
        dialog.start()
    with qtbot.waitSignal(dialog.run.finished, timeout=10_000):
        dialog.cancel_button.click()
        done_at_cancel = seen[-1]
    assert dialog.outcome is not None and dialog.outcome.cancelled
    report = dialog.outcome.report
    assert 1 <= report.games < 2000 and report.requested == 2000
    # Stopped soon: no game is submitted after Cancel, and at most three a worker are ahead.
    assert report.games <= done_at_cancel + 3
    assert dialog.status.text().startswith(f"Cancelled after {report.games} of 2000 games")
    assert dialog.run_button.isEnabled() and not dialog.cancel_button.isEnabled()
    assert dialog.report_view is not None
    assert "(cancelled)" in dialog.report_view.games_label.text()
    # The report as JSON.
    dialog.export_json(tmp_path / "report.json")
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["games"] == report.games and data["cancelled"] is True
    assert [s["side"] for s in data["sides"]] == ["us", "german"]


def test_a_system_the_engine_cannot_play_gives_a_clear_message(qtbot: QtBot) -> None:
    # The dialog buys the point-buy sides' forces first (issue 17), so the message is the
    # engine's about the bought scenario, as `hexwright play` would print it.
    loaded = load_scenario(UNPLAYABLE)
    with pytest.raises(RulesError) as refused:
        game_for(loaded, parse_choices("balanced", loaded.scenario, 1))
    why = str(refused.value)
    dialog = open_dialog(qtbot, UNPLAYABLE)
    assert dialog.message.isVisible()
    assert dialog.message.text() == (
        f"Balance batches need the rules engine to play the scenario. {why[:1].upper()}{why[1:]}."
    )
    assert not dialog.run_button.isEnabled()


def test_the_histogram_paints_its_bars(qtbot: QtBot) -> None:
    plot = Histogram("VP of the US", QColor("#1f618d"))
    qtbot.addWidget(plot)
    plot.resize(300, 150)
    plot.set_values([0, 0, 1, 2, 2, 2, 5])
    assert [(lo, n) for lo, _, n in plot.bins] == [(0, 2), (1, 1), (2, 3), (3, 0), (4, 0), (5, 1)]
    image = plot.grab().toImage()
    bar = QColor("#1f618d").rgb()
    painted = sum(
        image.pixel(x, y) == bar for x in range(image.width()) for y in range(image.height())
    )
    assert painted > 1000  # the bars, in the side's colour
    spread = bins_of([0.5, 10.0, 3.3])  # not whole numbers: twelve equal bins
    assert [n for _, _, n in spread] == [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]
    assert (spread[0][0], spread[-1][1]) == (0.5, pytest.approx(10.0))


def test_an_engine_error_shows_its_replay_and_command(qtbot: QtBot) -> None:
    report = summarize(str(DRIANT), [play_game(specs_for(str(DRIANT), 1, ["random"] * 2)[0])], 1, 0)
    again = f"hexwright play {DRIANT} --bots random,random --seed 3"
    error = ErrorRecord(
        3, "KeyError: 'x' (at p44.py:1)", "move u1 K1010", "/tmp/x/seed-3.replay.json", again
    )
    outcome = BatchOutcome(replace(report, errors=(error,)), False, "/tmp/x")
    view = ReportView(outcome, {"us": ("US", "us"), "german": ("German", "german")})
    qtbot.addWidget(view)
    [row] = view.error_rows
    texts = " ".join(label.text() for label in row.findChildren(QLabel))
    assert "seed 3" in texts and "move u1 K1010" in texts and "seed-3.replay.json" in texts
    buttons = {b.text(): b for b in row.findChildren(QPushButton)}
    assert set(buttons) == {"Copy Command", "Open Folder"}
    buttons["Copy Command"].click()
    assert QGuiApplication.clipboard().text() == again
    assert one_line(outcome.report, {"us": "US", "german": "German"}).endswith("1 engine error")


def test_validate_adds_a_balance_line_and_the_action_opens_the_dialog(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = window.validation_panel
    line = panel.balance_line
    assert window.open_file(str(UNPLAYABLE))
    assert not line.isVisible()  # nothing asked yet
    with qtbot.waitSignal(line.updated, timeout=WAIT):
        window.actions_by_id["view.validate"].trigger()
    # The line buys the point-buy sides' forces first (issue 17): the engine's message about
    # the bought scenario, as `hexwright play` would print it.
    loaded = load_scenario(UNPLAYABLE)
    with pytest.raises(RulesError) as refused:
        game_for(loaded, parse_choices("balanced", loaded.scenario, 1))
    why = str(refused.value)
    assert line.text() == f"Balance: {why[:1].upper()}{why[1:]}."
    # Validate does not say it passes every check when test play cannot play it (issue 17)
    panel.wait()
    header = panel.header.text()
    assert "passes every check" not in header
    assert "test play cannot play it" in header and "has no forces" in header
    with qtbot.waitSignal(panel.updated, timeout=WAIT):
        assert window.open_file(DRIANT)
    assert not line.isVisible()  # a new document: asked for again by Validate
    with qtbot.waitSignal(line.updated, timeout=WAIT):
        window.actions_by_id["view.validate"].trigger()
    assert line.isVisible()
    assert line.outcome is not None
    assert window.document is not None
    names = {s.id: s.name for s in window.document.scenario.sides}
    assert line.text() == "Balance, random bots: " + one_line(line.outcome.report, names)
    assert line.text().count("20 games: German 100% (") == 1
    action = window.actions_by_id["play.balance"]
    assert action.shortcut() == QKeySequence("Ctrl+Shift+B")
    line.button.click()
    dialog = window.findChild(BalanceDialog)
    assert dialog is not None and dialog.isVisible()
    assert "Assault on Fort Driant" in dialog.title.text()
    dialog.close()


def test_an_unsaved_scenario_is_played_from_a_file_of_its_own(qtbot: QtBot) -> None:
    document = ScenarioDocument(load_scenario(DRIANT), None)  # as New Scenario makes it
    dialog = BalanceDialog()
    qtbot.addWidget(dialog)
    dialog.set_document(document)
    dialog.games.setValue(2)
    dialog.workers.setValue(1)
    with qtbot.waitSignal(dialog.run.finished, timeout=WAIT):
        dialog.start()
    assert dialog.outcome is not None
    played = Path(dialog.outcome.report.scenario)
    assert played.name == "p44-19.7.yaml" and played.parent.name.startswith("hexwright-balance-")
    assert dialog.outcome.report.games == 2
    # No engine error: nothing refers to the copy, and it is gone.
    assert dialog.outcome.folder is None and not played.parent.exists()


def test_an_edit_after_validate_plays_the_balance_line_again(
    window: MainWindow, qtbot: QtBot
) -> None:
    with qtbot.waitSignal(window.validation_panel.updated, timeout=WAIT):
        assert window.open_file(DRIANT)
    line = window.validation_panel.balance_line
    line._timer.setInterval(10)
    line.GAMES = 2
    with qtbot.waitSignal(line.updated, timeout=WAIT):
        window.validate()
    first = line.outcome
    document = window.document
    assert document is not None
    with qtbot.waitSignal(line.updated, timeout=WAIT):
        document.changed.emit(Change.TERRAIN)
        assert line.text() == "Balance: waiting for the edits to end…"
    assert line.outcome is not None and line.outcome is not first
    assert line.text().startswith("Balance, random bots: 2 games: German 100% (")


# --- purchases, strategy sweeps and where the games run (issue 17) -----------------------------


def _choose(qtbot: QtBot, box: QComboBox, data: str) -> None:
    """Choose the item whose data is ``data`` with the keyboard, as the designer would."""
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    while box.currentData() != data:
        index = box.currentIndex()
        qtbot.keyClick(box, Qt.Key.Key_Down)
        assert box.currentIndex() != index, f"no item {data!r}"


def test_a_point_buy_scenario_is_played_with_the_purchase_strategy_chosen(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, CONFUSED)
    assert dialog.buy.isEnabled() and dialog.sweep_button.isEnabled()
    assert "each game buys its own force for german, allied" in dialog.buy_note.text()
    assert [dialog.buy.itemData(i) for i in range(dialog.buy.count())] == list(STRATEGIES)
    _choose(qtbot, dialog.buy, "cheapest-many")
    dialog.games.setValue(1)
    dialog.first_seed.setValue(2)
    dialog.workers.setValue(1)
    with qtbot.waitSignal(dialog.run.finished, timeout=SLOW):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.outcome is not None
    got = dialog.outcome.report
    spec = GameSpec(str(CONFUSED), 2, ("random", "random"), "cheapest-many")
    expected = summarize(str(CONFUSED), [play_game(spec)], 1, 0.0)
    assert got.buy == "cheapest-many" and set(got.spent) == {"german", "allied"}
    assert replace(got, seconds=0.0) == replace(expected, seconds=0.0)


def test_the_best_strategy_of_each_side_is_the_one_it_wins_most_under() -> None:
    report = summarize(str(DRIANT), [play_game(specs_for(str(DRIANT), 1, ["random"] * 2)[0])], 1, 0)
    us, german = report.sides
    rated = {
        "balanced": replace(report, sides=(replace(us, rate=0.2), replace(german, rate=0.0))),
        "armour-heavy": replace(report, sides=(replace(us, rate=0.6), replace(german, rate=0.0))),
        "random": replace(report, sides=(replace(us, rate=0.6), replace(german, rate=0.0))),
    }
    assert best_strategies(rated) == {"us": ("armour-heavy", 0.6)}  # ties: the first swept


def test_a_scenario_without_purchases_offers_no_strategy(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, DRIANT)
    assert not dialog.buy.isEnabled() and not dialog.sweep_button.isEnabled()
    assert dialog.buy_note.text() == "(no side buys its forces)"
    assert dialog.settings().buy == "balanced"


def test_sweep_strategies_plays_each_strategy_and_shows_which_wins(
    qtbot: QtBot, tmp_path: Path
) -> None:
    # 1B cut to two turns: five batches of it are still every strategy bought and played.
    short = tmp_path / "1b-short.yaml"
    text = CONFUSED.read_text(encoding="utf-8")
    assert "\n  turns: 15\n" in text
    short.write_text(text.replace("\n  turns: 15\n", "\n  turns: 2\n"), encoding="utf-8")
    dialog = open_dialog(qtbot, short)
    dialog.games.setValue(1)
    dialog.workers.setValue(1)
    qtbot.mouseClick(dialog.sweep_button, Qt.MouseButton.LeftButton)
    assert dialog.sweeping and not dialog.run_button.isEnabled()
    assert dialog.status.text().startswith("Strategy 1 of 5 (Balanced): Starting 1 worker")
    qtbot.waitUntil(lambda: dialog.sweep_table is not None, timeout=SLOW)
    assert list(dialog.swept) == list(STRATEGIES)  # once per strategy, in order
    for strategy, outcome in dialog.swept.items():
        assert outcome.report.buy == strategy and outcome.report.requested == 1
    table = dialog.sweep_table
    assert table is not None and table.table.rowCount() == 5
    assert table.table.item(0, 0).text() == "Balanced"
    names = {side.id: side.name for side in load_scenario(short).scenario.sides}
    assert names["allied"] == "Allied (American or British)"
    headers = [table.table.horizontalHeaderItem(c).text() for c in range(5)]
    assert headers == ["Strategy", "Games", "German wins", f"{names['allied']} wins", "Errors"]
    for row, strategy in enumerate(STRATEGIES):
        report = dialog.swept[strategy].report
        for column, side in enumerate(report.sides, start=2):
            cell = table.table.item(row, column)
            assert cell.text() == f"{side.rate:.0%} ({side.low:.0%}-{side.high:.0%})"
            best = table.best.get(side.side, ("", 0.0))[0] == strategy
            assert cell.font().bold() == best
    for side, name in names.items():
        wins = [dialog.swept[s].report.sides for s in STRATEGIES]
        top = max(next(x.rate for x in sides if x.side == side) for sides in wins)
        if top == 0:  # no strategy is best for a side that never won
            assert side not in table.best
            assert f"{name} won no game under any strategy" in table.summary.text()
            continue
        strategy, rate = table.best[side]
        assert rate == top
        assert f"Best for {name}: {STRATEGIES[strategy].name} ({rate:.0%}" in table.summary.text()
    assert dialog.status.text().startswith("Swept: 5 of 5 strategies, 5 games")
    assert dialog.run_button.isEnabled() and dialog.sweep_button.isEnabled()
    dialog.grab().save(str(tmp_path / "sweep.png"))  # paints without error


def test_the_games_run_on_a_local_dask_cluster_when_chosen(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, DRIANT)
    assert not dialog.address.isEnabled()
    _choose(qtbot, dialog.where, "dask-scheduler")
    assert dialog.address.isEnabled()
    _choose(qtbot, dialog.where, "dask-local")
    assert not dialog.address.isEnabled()
    dialog.games.setValue(2)
    dialog.first_seed.setValue(5)
    dialog.workers.setValue(2)
    with qtbot.waitSignal(dialog.run.finished, timeout=SLOW):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
        assert dialog.status.text() == "Starting a local Dask cluster of 2 workers…"
    specs = specs_for(str(DRIANT), 2, ["random", "random"], first_seed=5)
    expected = summarize(str(DRIANT), [play_game(s) for s in specs], 2, 0.0)
    assert dialog.outcome is not None
    assert replace(dialog.outcome.report, seconds=0.0) == replace(expected, seconds=0.0)


def test_an_unreachable_scheduler_is_said_in_the_dialog(qtbot: QtBot) -> None:
    dialog = open_dialog(qtbot, DRIANT)
    _choose(qtbot, dialog.where, "dask-scheduler")
    dialog.address.clear()
    qtbot.keyClicks(dialog.address, "tcp://127.0.0.1:9")
    dialog.games.setValue(1)
    with qtbot.waitSignal(dialog.run.failed, timeout=SLOW):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.message.isVisible()
    assert dialog.message.text().startswith("No Dask scheduler at tcp://127.0.0.1:9: ")
    assert dialog.run_button.isEnabled()


def test_a_bug_in_the_batch_is_said_in_the_dialog_and_logged_with_its_traceback(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The batch thread catches its own bugs (the dialog says "The batch failed"), so they
    reach no crash handler: the log had nothing to find them by. It has the traceback now."""
    import logging

    from editor.balance import run

    def broken(self: object) -> object:
        raise ZeroDivisionError("a bug in the batch")

    monkeypatch.setattr(run._Job, "_play", broken)
    dialog = open_dialog(qtbot, DRIANT)
    dialog.games.setValue(1)
    with (
        caplog.at_level(logging.ERROR, logger="hexwright.balance"),
        qtbot.waitSignal(dialog.run.failed, timeout=SLOW),
    ):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.message.isVisible()
    assert dialog.message.text().startswith("The batch failed: ZeroDivisionError: a bug in the")
    [record] = [r for r in caplog.records if r.name == "hexwright.balance"]
    assert record.message == "the balance batch failed" and record.exc_info is not None
    assert "a bug in the batch" in caplog.text and "broken" in caplog.text
    assert dialog.run_button.isEnabled()
