"""Test Play of destroying equipment other than weapons [9.5] through the widgets: a US man,
ordered in the hex of the dead engineer and the dead man given the pistol, pays 1 AP to destroy
equipment (a position file saved with the choice waiting); Test Play lists each piece as it
lists a weapon or grenades ("Destroy ...'s satchel charges [9.5]", the spare clips, the
pistol); a line clicked shows its effect in the detail, and Apply logs it with 9.5."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_soldiers_destroy_kit import _us_scene
from test_soldiers_kit import ENGINEER
from test_soldiers_testplay import apply_line, click_line, hand_over, hot_seat_at, lines, log_since

from model.scenario_io import save_scenario
from rules.soldiers.destroying import DestroyEquipment
from rules.soldiers.engineers import satchels_left
from rules.soldiers.game import SoldiersState

pytestmark = pytest.mark.gui


def test_9_5_test_play_lists_the_other_equipment_and_destroys_the_satchel_charges(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[9.5] The choice waiting, the US player handed the turn sees a line for every piece in
    the hex: the engineer's weapon, satchel charges and spare clips, the pistol; clicked, the
    satchel charges' line says they are gone and none may be taken [7.33; 16.21]; Apply: the
    engineer has none left, the log citing 9.5."""
    state, man, holder, _at = _us_scene()
    state.apply(DestroyEquipment(man))
    game = state.game
    scenario = tmp_path / "22-street-fighting-in-grave-bought.yaml"
    save_scenario(game.scenario, scenario)
    _w, panel = hot_seat_at(qtbot, str(scenario), state, tmp_path / "destroying.yaml")
    hand_over(qtbot, panel, "US")
    shown = [i.text(0) for i in lines(panel)]
    engineer, other = game.unit_name(ENGINEER), game.unit_name(holder)
    for words in (
        f"Destroy {engineer}'s weapon [9.5]",
        f"Destroy {engineer}'s satchel charges [9.5]",
        f"Destroy {engineer}'s spare clips [9.5]",
        f"Destroy {other}'s pistol [9.5]",
    ):
        assert words in shown, shown
    satchels = f"Destroy {engineer}'s satchel charges [9.5]"
    click_line(qtbot, panel, satchels)
    assert "his satchel charges are gone; none may be taken" in panel.detail.text()
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, satchels)
    played = panel.session.state
    assert isinstance(played, SoldiersState)
    assert satchels_left(played, ENGINEER) == 0
    assert f"{engineer}'s satchel charges" not in " ".join(i.text(0) for i in lines(panel))
    assert not panel.done_button.isHidden() and panel.done_button.isEnabled()
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)  # the rest kept [9.5]
    kept = panel.session.state
    assert isinstance(kept, SoldiersState) and kept.active.wrecking is None
    told = log_since(panel, before)
    assert f"{ENGINEER} satchel destroyed (his player's choice) [9.5]" in told, told
