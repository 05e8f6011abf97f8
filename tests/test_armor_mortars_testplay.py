"""Test Play of a Mortar Team's Direct Fire at a hex through the real widgets, hot seat
[OP II.E.3; E.5]: the Mortar selected on the map, its fire at the enemy's hex chosen in the
list with the Scatter chance and each unit's odds before it is given, the hex clicked, and
the Direct Fire Phase's Impact and fire explained in the log with the sections."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_armor_advanced_testplay import (
    _click,
    _done,
    _pick_in_list,
    _select,
    _state,
    _test_play,
    _to_facing,
    _window,
)
from test_armor_mortars import MORTAR, _centre, _far, _name, _text
from test_soldiers_testplay import shot

from rules.armor.indirect.events import MortarImpact
from rules.armor.orders import Order

pytestmark = pytest.mark.gui


def test_a_mortar_fires_at_a_hex_plotted_by_clicks_and_explained(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The Mortar six hexes from a German Squad and MG Team: its "F-hex" order's preview gives
    the Scatter chance and each unit's odds [OP II.E.5]; chosen in the list and given by a
    click on the hex, it is resolved in the Direct Fire Phase: the Impact hex (or its Scatter)
    and the fire at each unit there, with [OP II.E.5] in the log."""
    target, where = _name(_centre()), _name(_far(6))
    text = _text(
        (("US-MORTAR-TEAM", where),),
        (("INFANTRY-SQUAD", target), ("GE-MG-TEAM", target)),
        (),
        "",
    )
    scenario = tmp_path / "mortar.yaml"
    scenario.write_text(text)
    w = _window(qtbot, scenario)
    panel = _test_play(qtbot, w)
    while _state(panel).to_act()[0] != "us":  # the German plots nothing this Turn
        _done(qtbot, panel)
    _select(qtbot, w, panel, where, MORTAR)
    fire = Order(MORTAR, fire=target)
    _pick_in_list(qtbot, panel, MORTAR, fire)
    detail = panel.detail.text()
    assert "Scatter" in detail and "[OP II.E.5" in detail
    shot(w, "armor-mortar-fire")
    _click(qtbot, w, target)
    assert fire in panel.session.timeline
    state = _to_facing(qtbot, panel)
    assert any(isinstance(e, MortarImpact) for e in state.log)
    assert "[OP II.E.5" in panel.log.toPlainText()
