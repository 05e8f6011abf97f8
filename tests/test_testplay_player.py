"""A player at Test Play, by clicks, in each system (issue 21's fuzz, through the window): a
line of the action list clicked at random (its group opened first), then Apply, is taken,
never refused; now and then a hex the selected unit can reach is clicked on the map instead
(then Apply, when the click chose a move rather than took it); the hot seat's hand-over page
is clicked through and the random bot plays the other side on its timer. No error may reach
Qt's event loop (pytest-qt fails the test on any): the preview of a Soldiers reinforcement's
move onto the map raised one, found by asking random games what test play asks.
``HEXWRIGHT_PLAYER_CLICKS`` sets how many clicks (default 60), ``HEXWRIGHT_PLAYER_SEEDS``
the seeds (default 3)."""

from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_monkey import PLAYED, SCENARIOS
from test_testplay import click_item, click_map, offered, open_window, start

from editor.testplay.controls import SPEEDS
from editor.testplay.panel import PAGE_END, PAGE_HANDOVER

pytestmark = pytest.mark.gui

CLICKS = int(os.environ.get("HEXWRIGHT_PLAYER_CLICKS", "60"))
SEEDS = [int(s) for s in os.environ.get("HEXWRIGHT_PLAYER_SEEDS", "3").split(",")]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("room", [r for r in PLAYED if r != "test play"] + ["test play"])
def test_a_player_clicking_what_is_offered_plays_on(qtbot: QtBot, room: str, seed: int) -> None:
    scenario, human, bot = PLAYED[room]
    w = open_window(qtbot, os.path.join(SCENARIOS, scenario))
    panel = start(w, {human: "human", bot: "random"}, seed)
    panel.controls.speed.setValue(len(SPEEDS) - 1)  # the bot as fast as it goes
    session = panel.session
    rng = random.Random(seed)
    taken = clicked = 0
    for _ in range(CLICKS):
        if panel.pages.currentIndex() == PAGE_HANDOVER:
            qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: (
                panel.pages.currentIndex() in (PAGE_END, PAGE_HANDOVER)
                or panel.acting_side() == human
            ),
            timeout=20_000,  # the bot's turns, on its timer
        )
        if panel.pages.currentIndex() == PAGE_END:
            break
        if panel.pages.currentIndex() == PAGE_HANDOVER:
            continue
        before = len(session.timeline)
        lines = offered(panel)
        ending = panel.done_button.isVisible()
        if not lines or (ending and rng.random() < 0.05):  # End or Pass, as the button says
            assert ending, "nothing offered and no End"
            words = panel.done_button.text()
            qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
            assert not panel.message.isVisible(), (words, panel.message.text())
            assert len(session.timeline) > before, words
            taken += 1
            continue
        reach = session.state.reach(panel.selected) if panel.selected else {}
        if reach and rng.random() < 0.3:
            click_map(qtbot, w, rng.choice(sorted(reach, key=lambda h: (h.q, h.r))))
            if panel.routed is not None and len(session.timeline) == before:
                qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
            clicked += 1
            continue
        item = rng.choice(lines)
        words = item.text(0)
        action = click_item(qtbot, panel, item)
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
        assert not panel.message.isVisible(), (words, panel.message.text())
        assert session.timeline[before] == action, words
        taken += 1
    assert taken + clicked > 5 or panel.pages.currentIndex() == PAGE_END, (taken, clicked)
