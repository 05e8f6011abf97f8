"""Test Play of equipment taken by exchange through the widgets [7.33]. A non-crew man taking an
MG part [14.13]: in the German leader's turn the MMG's crewman B lies dead beside the gun; the
German player, handed the turn, clicks the rifleman's line "Take an MG part from ..." (its
preview in the detail: all his AP, then he crews the MMG at -1 [14.13]) and Apply: the log says
he crews the gun, the gun stays prepared, and his shot's preview names the -1 for a man not
originally of the crew. A relieved crewman taking a dead man's pistol [7.33; 11.1] the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_soldiers_kit import GUN, RIFLEMAN, A, B, _crew, _order
from test_soldiers_pistols import _relieved
from test_soldiers_testplay import (
    apply_line,
    click_line,
    hand_over,
    hot_seat_at,
    lines,
    log_since,
    shot,
)

from editor.app import MainWindow
from editor.testplay.panel import TestPlayPanel
from model.scenario_io import save_scenario
from rules.soldiers import kit, support
from rules.soldiers.game import SoldiersState
from rules.soldiers.pistols import pistol_of

pytestmark = pytest.mark.gui


def _german_turn(
    qtbot: QtBot, tmp_path: Path, state: SoldiersState
) -> tuple[MainWindow, TestPlayPanel]:
    """Test Play opened hot-seat at ``state`` (22 with its forces bought, saved beside the
    position), handed to the German player."""
    scenario = tmp_path / "22-street-fighting-in-grave-bought.yaml"
    save_scenario(state.game.scenario, scenario)
    w, panel = hot_seat_at(qtbot, str(scenario), state, tmp_path / "position.yaml")
    hand_over(qtbot, panel, "German")
    return w, panel


def _take_by_line(
    qtbot: QtBot, w: MainWindow, panel: TestPlayPanel, words: str, name: str
) -> tuple[str, SoldiersState, str]:
    """Click the line ``words`` (screenshot ``name``), then Apply: the detail it showed, the
    state after and the log it added."""
    click_line(qtbot, panel, words)
    detail = panel.detail.text()
    shot(w, name)
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, words)
    played = panel.session.state
    assert isinstance(played, SoldiersState)
    return detail, played, log_since(panel, before)


def test_14_13_the_rifleman_takes_the_dead_crewman_s_part_by_clicking_its_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[14.13; 7.33] The rifleman, ordered, stands with the prepared MMG, its crewman A and the
    dead crewman B: the line "Take an MG part from B" is offered; clicked, the detail says it
    costs all his AP and that he then crews the MMG at -1 [14.13]; Apply: he carries B's part,
    the gun's crew is A and he, the gun still prepared, the log citing 14.13."""
    state, _a, _b = _crew()
    game = state.game
    state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    w, panel = _german_turn(qtbot, tmp_path, state)
    words = f"Take an MG part from {game.unit_name(B)}: all his AP [7.33]"
    assert words in [i.text(0) for i in lines(panel)]
    assert f"Take an MG part from {game.unit_name(A)}: all his AP [7.33]" in [
        i.text(0) for i in lines(panel)
    ]
    detail, played, told = _take_by_line(qtbot, w, panel, words, "soldiers-non-crew-part")
    assert "all his AP (5)" in detail and "he crews the MMG: -1" in detail
    assert kit.crew_of(played, GUN) == (A, RIFLEMAN) and GUN in played.support.guns
    assert "part of the MMG [14.13]" in told and "-1 to the hit chance" in told


def test_7_33_11_1_the_relieved_crewman_takes_the_dead_crewman_s_pistol_by_its_line(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[7.33; 11.1; 14.13] B, relieved of his part and unarmed, is ordered beside A, dead, who
    was given the German pistol: the line "Take the pistol from A" is offered; clicked, the
    detail says it costs all his AP and that he then fires it (he has no other weapon, our
    reading); Apply: B carries it, A none, the log citing 11.1 and 7.33."""
    state, _target = _relieved(1)
    game = state.game
    state.troops.disabled[A] = "killed"
    assert "Unarmed" in support.marks(state, B)
    w, panel = _german_turn(qtbot, tmp_path, state)
    words = f"Take the pistol from {game.unit_name(A)}: all his AP [7.33]"
    assert words in [i.text(0) for i in lines(panel)]
    detail, played, told = _take_by_line(qtbot, w, panel, words, "soldiers-take-pistol")
    assert "all his AP (5)" in detail and "he has no other weapon: he fires it" in detail
    assert pistol_of(played, B) == "GE-PISTOL" and pistol_of(played, A) is None
    assert "Pistol" in support.marks(played, B)
    assert "(GE-PISTOL) [11.1]" in told and "our reading of 7.33" in told


def test_a_line_clicked_at_the_foot_of_the_list_stays_in_sight_as_its_detail_grows(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """The pistol's line is near the list's foot; clicked, its detail grows under the list
    (three lines, then taller in a later layout pass as the page grows) and the list shrinks:
    the chosen line is scrolled back into sight, whole, each time the detail's height changes
    (it was left cut in half, seen in a screenshot; here the detail made 60 px taller once
    all has settled, as a later pass makes it)."""
    from PySide6.QtTest import QTest

    state, _target = _relieved(1)
    state.troops.disabled[A] = "killed"
    _w, panel = _german_turn(qtbot, tmp_path, state)
    click_line(qtbot, panel, f"Take the pistol from {state.game.unit_name(A)}: all his AP [7.33]")
    QTest.qWait(200)  # the page laid out again
    tree, area = panel.units, panel.detail_area
    item = tree.currentItem()
    assert item is not None
    assert tree.viewport().rect().contains(tree.visualItemRect(item))
    area.setMinimumHeight(area.height() + 60)
    QTest.qWait(200)
    assert tree.currentItem() is item
    assert tree.viewport().rect().contains(tree.visualItemRect(item))
