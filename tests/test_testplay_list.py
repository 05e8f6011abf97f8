"""The Test Play list through the real widgets: it stays as it is under the pointer while a bot
acts (the human's choices did not change), so a click takes the action aimed at; off-board
support (Panzer '44 19.2 Sedan's French air strike) chosen by a human from the list and on the
map, and Done taking nothing that was not chosen."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot
from test_testplay import FORT_DRIANT, click_map, open_window, start

from editor.testplay.panel import ROLE, TestPlayPanel
from editor.testplay.session import FASTEST
from rules.engine.actions import Action, Done

pytestmark = pytest.mark.gui

SEDAN = os.path.join(os.path.dirname(__file__), "..", "scenarios", "panzer44",
                     "19.2-sedan-revenged.yaml")  # fmt: skip


def action_items(panel: TestPlayPanel, unit: str) -> list[QTreeWidgetItem]:
    group = panel.group_item(unit)
    assert group is not None
    return [c for c in (group.child(i) for i in range(group.childCount())) if c is not None]


def test_the_list_stays_under_the_pointer_while_a_bot_acts(qtbot: QtBot) -> None:
    w = open_window(qtbot, FORT_DRIANT)
    panel = start(w, {"us": "human", "german": "random"})  # both plot at once [4.1] 1
    session = panel.session
    qtbot.mouseClick(panel.controls.play_button, Qt.MouseButton.LeftButton)  # bots held
    assert not session.playing
    qtbot.waitUntil(panel.isVisible)
    tree = panel.units
    groups = panel.choices.groups if panel.choices is not None else {}
    unit = list(groups)[3]  # a unit down the list, its group opened and scrolled to
    panel.select(unit)
    qtbot.wait(20)  # the list settles (its group scrolled into sight) before the user scrolls
    items = action_items(panel, unit)
    aimed = items[len(items) // 2]
    tree.scrollToItem(aimed, tree.ScrollHint.PositionAtTop)  # scrolled, whatever its height
    scroll = tree.verticalScrollBar().value()
    assert scroll > 0
    point = tree.visualItemRect(aimed).center()
    qtbot.mouseMove(tree.viewport(), pos=point)
    action = aimed.data(0, ROLE)
    assert isinstance(action, Action)
    before = len(session.timeline)
    qtbot.mouseClick(panel.controls.play_button, Qt.MouseButton.LeftButton)  # the bot plays
    qtbot.waitUntil(lambda: len(session.timeline) >= before + 2, timeout=10_000)
    qtbot.mouseClick(panel.controls.play_button, Qt.MouseButton.LeftButton)  # held again
    assert all(a.text().startswith("plot german.") for a in session.timeline[before:])
    # The same list, the same line under the pointer, the same scroll.
    assert tree.itemAt(point) is aimed
    assert tree.verticalScrollBar().value() == scroll
    assert panel.selected == unit
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert tree.currentItem() is aimed
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert session.timeline[-1] == action
    # The human's choices changed: the list is built again, the next unit selected.
    assert panel.choices is not None and unit not in panel.choices.groups
    assert panel.selected == list(groups)[4]


def test_off_board_support_is_chosen_by_a_human(qtbot: QtBot) -> None:
    w = open_window(qtbot, SEDAN)
    panel = start(w, {"french": "human", "german": "random"}, seed=3)
    session = panel.session
    panel.controls.set_speed(FASTEST)

    def allocate_step() -> str:
        """Done plotting (nothing plotted), the bot plots: the French allocate support; the
        off-board unit listed, by its name, off the map (the Game-Turn's air strike)."""
        qtbot.waitUntil(lambda: panel.done_button.text() == "Done plotting", timeout=20_000)
        qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: session.state.progress().step_id == "allocate-support", timeout=20_000
        )
        assert "allocate off-board artillery and air support" in panel.header.text()
        assert panel.done_button.isVisibleTo(panel) and panel.done_button.text() == "Done"
        on_map = {p.unit for p in session.state.positions()}
        groups = panel.choices.groups if panel.choices is not None else {}
        off = [u for u in groups if u and u not in on_map]
        assert off and all(u.startswith("french.CAS.") for u in off)
        title = panel.group_item(off[0])
        assert title is not None and "off the map" in title.text(0)
        assert session.game.unit_name(off[0]) in title.text(0)
        return off[0]

    # Game-Turn 1: the strike chosen in the list, taken with Apply.
    cas = allocate_step()
    panel.select(cas)
    chosen = action_items(panel, cas)[2]
    action = chosen.data(0, ROLE)
    rect = panel.units.visualItemRect(chosen)
    qtbot.mouseClick(panel.units.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.units.currentItem() is chosen
    assert f"Chosen:</b> {session.state.describe(action)}" in panel.detail.text()
    assert panel.aims is not None and panel.aims.hex is None  # off the map: no line starts
    assert panel.layer.picture.chosen_hex == session.state.concerns(action).hex
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert session.timeline[-1] == action
    assert f"plotted: {action.text()}" in panel.log.toPlainText()

    # Game-Turn 2: the strike taken with a click on a hex it may strike.
    cas = allocate_step()
    panel.select(cas)
    assert panel.aims is not None
    aimed = {**panel.aims.watch, **panel.aims.targets}
    h = sorted(aimed, key=lambda h: (h.q, h.r))[0]
    expected = aimed[h][0]
    click_map(qtbot, w, h)
    assert session.timeline[-1] == expected, panel.message.text()

    # Game-Turn 3: Done, and nothing is allocated that was not chosen.
    allocate_step()
    at = len(session.timeline)
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert session.timeline[at : at + 1] == [Done("french")]
    taken = [a.text() for a in session.timeline if a.text().startswith("plot french.CAS.")]
    assert taken == [action.text(), expected.text()]
