"""Test Play of fewer shots announced [OP XXIV.A.2.a] through the widgets: with Limited
Ammunition, the M4's player clicks its "ROF-1" fire order at the Panzer IV in the list; the
panel's detail previews the one shot's Number of Hits (no 2 hits) before Apply, and the order
is plotted as the book's notation with our "ROF-1"."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_armor_ammunition import M4, PZIV, _tanks
from test_soldiers_testplay import apply_line, click_line, hand_over, shot
from test_testplay import open_window

from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import TestPlayPanel
from model.scenario_io import dump_scenario
from rules.armor.orders import Order
from rules.engine.actions import Done

pytestmark = pytest.mark.gui


def test_op_xxiv_a_2_a_the_player_clicks_a_rof_1_order_and_sees_one_shot_previewed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[OP XXIV.A.2.a] The American player, handed the Order Plot, clicks the M4's line "fire
    at the Panzer, 1 shot announced": the detail shows "1 shot(s): 01-65 1 hit" and the rule;
    Apply plots "order us.M4.1 F-german.PZIVJ.1 ROF-1"."""
    state = _tanks()
    scenario = tmp_path / "limited-ammunition.yaml"
    scenario.write_text(dump_scenario(state.game.scenario))
    w = open_window(qtbot, str(scenario))
    mode = TestPlayMode(w)
    assert mode.enter(1, {"us": "human", "german": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    while panel.session.state.to_act()[0] != "us":  # the German plots nothing first
        hand_over(qtbot, panel, "German")
        apply_line(qtbot, panel, panel.session.state.describe(Done("german")))
    hand_over(qtbot, panel, "American")
    announced = Order(M4, fire=PZIV, rate=1)
    words = panel.session.state.describe(announced)
    assert click_line(qtbot, panel, words) == announced
    detail = panel.detail.text()
    assert "1 shot(s): 01-65 1 hit;" in detail and "[OP XXIV.A.2.a-b]" in detail
    assert "2 hits" not in detail
    shot(w, "armor-rof-1-preview")
    apply_line(qtbot, panel, words)
    assert panel.session.state.sheets.orders["us"][M4] == announced
