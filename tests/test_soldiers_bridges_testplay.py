"""Test Play of Bridge Destruction [26.2] through the widgets: the German engineer in the
bridge hex, the hot-seat hand-over, his "Wire the bridge" line clicked and applied, the log
saying so (:mod:`rules.soldiers.bridges`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_soldiers_bridges import BRIDGE, _scene
from test_soldiers_testplay import apply_line, click_line, hand_over, hot_seat_at, log_since, shot

from model.scenario_io import dump_scenario
from rules.soldiers.bridges import WireBridge

pytestmark = pytest.mark.gui


def test_the_engineer_wires_the_bridge_by_clicking_its_line(qtbot: QtBot, tmp_path: Path) -> None:
    """The German player is handed the turn; the engineer's line reads what the wiring costs and
    cites 26.2; applied, the log says he begins to wire the bridge and the line is gone."""
    state, engineer, _ = _scene()
    scenario = tmp_path / "dawn-patrol-bridges.yaml"
    scenario.write_text(dump_scenario(state.game.scenario))
    w, panel = hot_seat_at(qtbot, str(scenario), state, tmp_path / "wiring.yaml")
    hand_over(qtbot, panel, "German")
    words = state.describe(WireBridge(engineer))
    assert click_line(qtbot, panel, words) == WireBridge(engineer)
    assert "[26.2" in panel.detail.text() and "all his AP" in panel.detail.text()
    assert "wired at the end of this Command Cycle" in panel.detail.text()
    shot(w, "soldiers-wire-bridge")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, words)
    assert f"begins to wire the bridge in {BRIDGE}" in log_since(panel, before)
    assert WireBridge(engineer) not in panel.session.state.legal_actions("german")
