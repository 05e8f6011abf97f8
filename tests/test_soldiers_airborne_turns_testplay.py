"""Test Play of scenario 26's first-cycle choice [26.3] through the widgets: Adams's chit
active in Command Cycle 1, the header naming the choice and its section, the two lines offered,
the independent turn's line clicked (its preview in the detail) and applied: the log says so
and the veteran squad's men take the one order (:mod:`rules.soldiers.airborne_turns`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from soldiers_bought import bought
from test_soldiers_airborne_turns import BUYS, _activate
from test_soldiers_testplay import apply_line, click_line, hand_over, lines, log_since, shot
from test_testplay import open_window

from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import TestPlayPanel
from model.scenario_io import dump_scenario
from rules.records.position import position_text
from rules.registry import load_game
from rules.soldiers.airborne_turns import INDEPENDENT, ChitAs
from rules.soldiers.game import SoldiersGame

pytestmark = pytest.mark.gui


def test_26_3_the_us_plays_adams_chit_as_an_independent_chit_by_clicking_its_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[26.3] The US is handed the turn; the header cites 26.3; the leader and independent
    lines are offered; he clicks the independent one (the preview: one man or group selected
    first [6.23]) and Apply: the log says the chit is an independent chit [26.3], one order is
    left, and no leader turn's declaration is offered."""
    game = load_game(bought("26-airborne", 1, BUYS))
    assert isinstance(game, SoldiersGame)
    state = _activate(game)
    scenario = tmp_path / "airborne.yaml"
    scenario.write_text(dump_scenario(state.game.scenario))
    position = tmp_path / "chit-as.yaml"
    position.write_text(position_text(state.to_position()))
    w = open_window(qtbot, str(scenario))
    mode = TestPlayMode(w)
    assert mode.enter(1, {"us": "human", "german": "human"}, position=str(position)) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    hand_over(qtbot, panel, "US")
    assert "Soldiers (26.3)" in panel.header.text()
    shown = [i.text(0) for i in lines(panel)]
    leader = state.describe(ChitAs("us", "leader"))
    words = state.describe(ChitAs("us", INDEPENDENT))
    assert shown == [leader, words]
    assert click_line(qtbot, panel, words) == ChitAs("us", INDEPENDENT)
    assert "selected first" in panel.detail.text() and "[26.3" in panel.detail.text()
    shot(w, "soldiers-airborne-chit-as")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, words)
    played = panel.session.state
    assert "an independent chit, the first Command Cycle" in log_since(panel, before)
    assert played.active.chit_as == INDEPENDENT and played.active.orders_left == 1
    assert not any(isinstance(a, ChitAs) for a in played.legal_actions("us"))
