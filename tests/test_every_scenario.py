"""Every built-in scenario opens in Test Play and starts (issue 17): the point-buy ones with
their forces bought by the purchase bot, every system's through the same panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_testplay import open_window

from editor.testplay.mode import TestPlayMode
from rules.pointbuy.purchase import needs_purchase

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
SCENARIOS = sorted(ROOT.glob("*/*.yaml"))


def test_every_built_in_is_here() -> None:
    # the 34, the Advanced Game demo added since, and Armor 2A's End-to-End and
    # Staggered configurations, a file each [SCN VI.A.1]
    assert len(SCENARIOS) == 37


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_it_opens_in_test_play_and_starts(qtbot: QtBot, path: Path) -> None:
    w = open_window(qtbot, str(path))
    assert w.document is not None
    bought = set(needs_purchase(w.document.scenario))
    mode = TestPlayMode(w)
    seats = {s.id: "heuristic" for s in w.document.scenario.sides}
    problem = mode.enter(1, seats)
    assert problem is None, problem
    session = mode.session
    assert session is not None and mode.panel is not None
    assert {b.side for b in session.game.purchases} == bought
    assert session.state.to_act() or session.state.is_terminal()
    session.set_playing(False)  # the bots wait: each step is taken here
    for _ in range(5):  # the first actions play, through the session the panel drives
        if session.state.is_terminal() or not session.bot_step():
            break
        mode.panel.refresh()
    assert session.position > 0
    mode.leave()
