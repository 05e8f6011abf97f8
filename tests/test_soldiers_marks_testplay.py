"""Test Play's map shows the Soldiers radio marker [17.11] through the widgets: Dawn Patrol,
the US with artillery support; the radio's carrier has stepped into the sight of an able German,
so the marker is placed; the US player, handed the turn, sees the Radio mark on the carrier's
counter in the map's picture."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_soldiers_radio_marker import _scene
from test_soldiers_testplay import hand_over, hot_seat_at, shot

from model.scenario_io import dump_scenario
from rules.soldiers import radio_marker

pytestmark = pytest.mark.gui


def test_17_11_the_radio_mark_stands_on_the_carrier_s_counter(qtbot: QtBot, tmp_path: Path) -> None:
    """[17.11]: the carrier's counter on Test Play's map carries the Radio marker once it is
    placed; no other man's counter does."""
    state, carrier, _german = _scene(suppressed=False)
    assert radio_marker.placed(state, "us")
    game = state.game
    scenario = tmp_path / "dawn-patrol-with-artillery.yaml"
    scenario.write_text(dump_scenario(game.scenario))
    w, panel = hot_seat_at(qtbot, str(scenario), state, tmp_path / "radio.yaml")
    side = state.to_act()[0]
    hand_over(qtbot, panel, next(s.name for s in game.scenario.sides if s.id == side) or side)
    marked = {c.unit for c in panel.counters if any(t == "Radio" for t, _ in c.markers)}
    assert marked == {carrier}
    if os.environ.get("HEXWRIGHT_SHOTS"):
        from editor.mapview.shapes import hexes_outline
        from editor.mapview.view import HEX_SIZE

        where = state.troops.hexes[carrier]
        w.view.centre_on(hexes_outline(frozenset({where}), HEX_SIZE).boundingRect())
        shot(w, "soldiers-radio-mark")
