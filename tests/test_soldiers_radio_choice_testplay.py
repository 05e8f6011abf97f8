"""Test Play of the radio's assignment [17.1] through the widgets: Dawn Patrol with light
artillery support for both sides; the player with the advantage handed the turn at the start,
a private's "assign the radio" line clicked and applied, his own log noting it [17.1]; then
the other player is asked, his log silent on whom (the squad sheet is secret [19.5])."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_soldiers_radio_choice import _game, _private
from test_soldiers_testplay import apply_line, hand_over, log_since, shot
from test_testplay import open_window

from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import TestPlayPanel
from model.scenario_io import dump_scenario
from rules.soldiers.radio_choice import AssignRadio

pytestmark = pytest.mark.gui


def test_17_1_the_player_assigns_the_radio_by_clicking_a_man_s_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[17.1] At the start the side with the advantage is asked first; he clicks a private's
    "Assign the radio" line and Apply: the private carries the radio, his side's log notes it
    [17.1; 19.53]; the other side is asked next, and his log does not say whom [19.5]."""
    game = _game()
    scenario = tmp_path / "dawn-patrol-with-artillery.yaml"
    scenario.write_text(dump_scenario(game.scenario))
    state = game.new_initial_state(1)
    first = state.to_act()[0]
    names = {s.id: s.name for s in game.scenario.sides}
    man = _private(game, first)
    w = open_window(qtbot, str(scenario))
    mode = TestPlayMode(w)
    assert mode.enter(1, {"us": "human", "german": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    hand_over(qtbot, panel, names[first] or first)
    before = len(panel.log.toPlainText())
    shot(w, "soldiers-assign-radio")
    apply_line(qtbot, panel, state.describe(AssignRadio(man)))
    played = panel.session.state
    second = game.other(first)
    assert played.kit.assigned == {first: man} and played.to_act() == (second,)
    shown = log_since(panel, before)
    # the other player, handed the turn next, is asked and never told whom [17.1; 19.5]
    assert f"{second} chooses the man who carries his radio" in shown
    assert game.unit_name(man) not in shown
    noted = [e.describe() for e in played.events_for(first)]
    assert any(game.unit_name(man) in n and "[17.1; 19.53]" in n for n in noted)
