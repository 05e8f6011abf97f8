"""Soldiers in Test Play through the real widgets, hot seat (issue 15): a chit committed in the
Command Phase [5.2], the committed chits bid down the Command Track [5.31], a leader's order
given to a group and the group moved with one click [6.21; 6.24; 7.1], a fire aimed with its
hit chance and modifiers shown before it is taken [8.3-8.32], the shot explained in the log,
and the enemy's reaction fire offered, declared and resolved [8.6-8.63]. Every step is a
mouse click on the panel's list, its buttons or the map's viewport; the panel holds no
Soldiers code: what it shows comes from the State API.

With ``HEXWRIGHT_SHOTS`` set to a folder, each step's window is saved there as a PNG (the
screenshots of the brief, taken under Xvfb at 100% and at ``QT_SCALE_FACTOR=1.5``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot
from test_testplay import click_item, open_window

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import PAGE_HANDOVER, PAGE_PLAY, ROLE, TestPlayPanel
from model.grid import hex_to_pixel
from rules.engine.actions import Action
from rules.engine.core import State
from rules.records.position import position_text

HERE = os.path.dirname(__file__)
DAWN_PATROL = os.path.join(HERE, "..", "scenarios", "soldiers", "10-dawn-patrol.yaml")
HEDGEROWS = os.path.join(HERE, "..", "scenarios", "soldiers", "21-hedgerow-assault.yaml")
#: Black and the two BAR men stacked in C/1516, E10 beside them, two Germans over the river.
STACKED = os.path.join(HERE, "positions", "soldiers", "black-and-two-bars-stacked.yaml")
pytestmark = pytest.mark.gui


def shot(w: MainWindow, name: str) -> None:
    """Save the window as ``name``.png when screenshots are asked for (``HEXWRIGHT_SHOTS``)."""
    folder = os.environ.get("HEXWRIGHT_SHOTS")
    if folder:
        from PySide6.QtTest import QTest

        os.makedirs(folder, exist_ok=True)
        QTest.qWait(400)  # the docks laid out, the map's tiles painted
        w.screen().grabWindow(0).save(os.path.join(folder, f"{name}.png"))


def hot_seat_at(
    qtbot: QtBot, scenario: str, state: State, position: Path
) -> tuple[MainWindow, TestPlayPanel]:
    """The window open on ``scenario`` and its Test Play entered, both sides human, at
    ``state`` (written as the position file ``position``): a designer's Play > Test Play from
    a saved position."""
    position.write_text(position_text(state.to_position()))
    w = open_window(qtbot, scenario)
    mode = TestPlayMode(w)
    assert mode.enter(1, {"us": "human", "german": "human"}, position=str(position)) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    return w, panel


def hand_over(qtbot: QtBot, panel: TestPlayPanel, name: str) -> None:
    """The hot-seat page asks for ``name``'s player; the button shows that side's view."""
    assert panel.pages.currentIndex() == PAGE_HANDOVER
    assert f"Hand over to the {name} player" in panel.handover_label.text()
    qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.pages.currentIndex() == PAGE_PLAY


def lines(panel: TestPlayPanel) -> list[QTreeWidgetItem]:
    """Every action line of the list (the lines under the groups)."""
    tree, found = panel.units, []
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        assert group is not None
        found += [group.child(j) for j in range(group.childCount())]
    return [item for item in found if item is not None]


def click_line(qtbot: QtBot, panel: TestPlayPanel, words: str) -> Action:
    """Click the list's line that reads ``words`` (its group opened first, as a player
    does); the action it stands for."""
    item = next((i for i in lines(panel) if i.text(0) == words), None)
    assert item is not None, [i.text(0) for i in lines(panel)]
    return click_item(qtbot, panel, item)


def apply_line(qtbot: QtBot, panel: TestPlayPanel, words: str) -> Action:
    """Click a line of the list, then Apply."""
    action = click_line(qtbot, panel, words)
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert not panel.message.isVisible(), panel.message.text()
    assert panel.session.timeline[-1] == action
    return action


def click_hex(qtbot: QtBot, w: MainWindow, name: str) -> None:
    """Click the middle of the hex printed ``name`` on the map's viewport."""
    document = w.document
    assert document is not None
    h = document.map.resolve(name)
    x, y = hex_to_pixel(h, HEX_SIZE)
    w.view.centerOn(x, y)
    point = w.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(w.view.viewport(), pos=point)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def log_since(panel: TestPlayPanel, before: int) -> str:
    return panel.log.toPlainText()[before:]


def start(qtbot: QtBot) -> tuple[MainWindow, TestPlayPanel]:
    w = open_window(qtbot, DAWN_PATROL)
    if os.environ.get("HEXWRIGHT_SHOTS"):  # the whole screen, as the editor starts
        w.setGeometry(w.screen().availableGeometry())
    mode = TestPlayMode(w)
    assert mode.enter(7, {"us": "human", "german": "human"}, position=STACKED) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    return w, panel


def test_soldiers_hot_seat_commit_bid_group_move_fire_and_react(qtbot: QtBot) -> None:
    """The Command Cycle of [5.2-5.3], a leader turn's group [6.21; 6.24; 7.1], fire with its
    odds [8.3-8.32] and reaction fire [8.6], each by clicks on the panel and the map."""
    w, panel = start(qtbot)
    session = panel.session
    state = lambda: session.state  # noqa: E731 (the state changes with each action)

    # Command Phase [5.2]: the US, with the advantage, commits first; chits as a player names
    # them (the squad, the kind of chit, its leader).
    hand_over(qtbot, panel, "US")
    assert "Command Phase" in panel.header.text() and "Soldiers (5.2)" in panel.header.text()
    black = "Commit Black's chit (in Start) [5.2]"
    click_line(qtbot, panel, black)
    # the preview: the chit's whole title, where it goes
    chosen = "squad E&#x27;s assistant squad leader&#x27;s chit (Black): one space down the "
    assert chosen + "Command Track: Start to 5" in panel.detail.text()
    shot(w, "01-commit-chit")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, black)
    assert "Black's chit -> 5: committed: one space down [5.2]" in log_since(panel, before)
    hand_over(qtbot, panel, "German")  # hot seat: the German player's turn to commit
    apply_line(qtbot, panel, "Commit Adler's chit (in Start) [5.2]")

    # Bidding [5.31]: both chits in 5, the German (without the advantage) bids first.
    assert "bidding begins: german bids first" in panel.log.toPlainText()
    header = panel.header.text()
    assert "Bid for the Action Phase" in header and "Soldiers (5.31)" in header
    assert "Adler&#x27;s chit in 5; US would win" in header
    assert panel.done_button.text() == "Do not bid"  # the Done button says what it does
    shot(w, "02-bid")
    apply_line(qtbot, panel, "Bid Adler's chit down to 4 [5.31]")
    hand_over(qtbot, panel, "US")
    assert "German would win" in panel.header.text()  # as the chits stand [5.33]
    apply_line(qtbot, panel, "Bid Black's chit down to 3 [5.31]")
    hand_over(qtbot, panel, "German")
    before = len(panel.log.toPlainText())
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)  # the German stops bidding
    told = log_since(panel, before)
    assert "does not bid: bidding ends [5.31]" in told
    assert "wins: Black's chit in 3 is lower than Adler's chit in 4 [5.3]" in told
    # Black is far from the enemy: the US declares the turn first [3B; 6.3], here tactical.
    hand_over(qtbot, panel, "US")
    assert "declare an operational or a tactical turn [3B; 6.3]" in panel.header.text()
    offered = [i.text(0) for i in lines(panel)]
    assert "Declare an operational turn: 8 AP moves, no risk roll [6.3; 6.32]" in offered
    click_line(qtbot, panel, "Declare an operational turn: 8 AP moves, no risk roll [6.3; 6.32]")
    assert "no risk level nor event" in panel.detail.text()  # the preview, before choosing
    shot(w, "02b-declare")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, "Declare a tactical turn: roll for risk level and event [6.1]")
    told = log_since(panel, before)
    assert "risk level" in told and "[6.11]" in told  # Black's leader turn, its risk rolled

    # A leader's order to a group [6.21; 6.24]: a click on the stack selects a man of it,
    # the list offers the group's order, Apply gives it (the US player already has the seat).
    header = panel.header.text()
    assert "Action Phase" in header and "assistant squad leader&#x27;s chit (Black) at" in header
    stack = ["us.black", "us.e.3", "us.e.4"]
    first = panel.selected
    click_hex(qtbot, w, "C/1516")  # a click on the stack: the next man of it
    assert panel.selected in stack and panel.layer.counters is not None
    assert panel.layer.counters.picture.selected == panel.selected  # his counter on top
    if first in stack:
        assert panel.selected == stack[(stack.index(first) + 1) % 3]
    group_words = state().describe(state().game.parse_action("order-group us.black us.e.3 us.e.4"))
    assert group_words.startswith("Order a group of 3: Black (M1), E3 (BAR), E4 (BAR)")
    click_line(qtbot, panel, group_words)
    assert "5 AP shared" in panel.detail.text()  # [7.1]: the group as a whole gets the APs
    shot(w, "03-group-order")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, group_words)
    assert "a group of 3 [6.24]" in log_since(panel, before)
    assert panel.selected == "us.black" and panel.aims is not None
    assert "the group (Black (M1), E3 (BAR) and E4 (BAR)) has 5 AP" in panel.header.text()
    moves = [i.text(0) for i in lines(panel) if i.parent().data(0, ROLE) == "us.black"]
    assert "Move the group of 3 to C/1415 (2 hexes, 2 AP)" in moves  # the whole stack moves [7.1]
    # One click on a shaded hex moves the whole stack: no German sees its path [8.6].
    shot(w, "04-group-reach")
    click_hex(qtbot, w, "C/1415")
    assert session.timeline[-1].text() == "move us.black C/1416 C/1415"
    hexes = state().troops.hexes  # type: ignore[attr-defined]
    to = state().game.hex_named("C/1415")
    assert hexes["us.black"] == hexes["us.e.3"] == hexes["us.e.4"] == to
    assert "moves C/1416 C/1415" in panel.log.toPlainText()

    # A second order: E10 beside them fires over the river. The group could move onto him:
    # a click on his hex only chooses that move (a second click would take it) ...
    taken = len(session.timeline)
    click_hex(qtbot, w, "C/1315")
    assert len(session.timeline) == taken and panel.routed is not None
    assert "Click C/1315 again to take it" in panel.detail.text()
    # ... and he is chosen in the list, where his order is given.
    group = next(panel.units.topLevelItem(i) for i in range(panel.units.topLevelItemCount())
                 if panel.units.topLevelItem(i).data(0, ROLE) == "us.e.10")  # fmt: skip
    panel.units.scrollToItem(group)  # the list scrolled to the move chosen: back up to him
    qtbot.mouseClick(
        panel.units.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.units.visualItemRect(group).center(),
    )
    assert panel.selected == "us.e.10" and panel.routed is None
    apply_line(qtbot, panel, "Give an order [6.21]")
    assert panel.aims is not None
    targets = {state().game.hex_name(h) for h in panel.aims.targets}
    assert targets == {"C/1308", "C/1309"}  # the two Germans, outlined in red
    # ... each target's odds before anything is chosen [8.3]
    assert "50% chance of an effect" in panel.detail.text()
    assert "Choose an attack in the list for its working" in panel.detail.text()
    # ... and the sustained fire chosen in the list: its hit chance worked out, every
    # modifier with its rule, before it is taken.
    click_line(qtbot, panel, "Shoot at C/1308 (sustained fire)")
    tree = panel.units
    qtbot.wait(50)  # the detail's new height laid out: the line chosen is still in sight
    assert tree.viewport().rect().contains(tree.visualItemRect(tree.currentItem()))
    detail = panel.detail.text()
    assert "Other attacks: Shoot at C/1308 (quick fire) 20%" in detail  # the rest in a line
    label = panel.detail  # the odds and the working whole: the list and the log give way
    assert label.height() >= label.heightForWidth(label.width())
    assert panel.detail_area.verticalScrollBar().maximum() == 0  # whole in sight, not scrolled
    # the weapon's table by the name the book's charts give it
    assert "Submachinegun Weapon Table, sustained at 7 hexes: hit chance 5 [8.3]" in detail
    assert "mist, not adjacent [8.32] -1" in detail
    assert "a d10 of 4 or less hits: 4 in 10" in detail
    shot(w, "05-fire-preview")
    before = len(panel.log.toPlainText())
    click_hex(qtbot, w, "C/1308")  # a click on the target takes the fire chosen
    assert session.timeline[-1].text() == "shoot us.e.10 C/1308 sustained"
    told = log_since(panel, before)
    assert "sustained fire at C/1308: hit chance 4" in told and "[8.3]" in told
    assert "german may react [8.6], 1 man may fire" in told  # after sustained fire [8.62]
    # The shot explained: its working folded under its line, opened with Show all details.
    assert "mist, not adjacent [8.32] -1" not in told
    qtbot.mouseClick(panel.details, Qt.MouseButton.LeftButton)
    assert panel.details.isChecked()
    told = panel.log.toPlainText()
    assert "Submachinegun Weapon Table, sustained at 7 hexes: hit chance 5 [8.3]" in told
    assert "mist, not adjacent [8.32] -1" in told and "rolled 6 against 4: miss [8.3]" in told
    shot(w, "06-fire-result")

    # Reaction [8.6]: the hot seat passes to the German, who sees E8's choices (E9, fired at
    # in C/1308, may not fire through E8's hex [8.12]).
    hand_over(qtbot, panel, "German")
    assert "may react" in panel.header.text() and "(8.6)" in panel.header.text()
    assert panel.done_button.text() == "Resolve the reactions (or hold fire)"
    react = "E8 (M): reaction fire at C/1315 [8.6]"
    click_line(qtbot, panel, react)
    assert "alertness [8.63]" in panel.detail.text()
    shot(w, "07-reaction-offered")
    apply_line(qtbot, panel, react)
    assert "will fire in reaction" in panel.log.toPlainText()
    assert panel.done_button.text() == "Resolve the reactions (or hold fire)"
    before = len(panel.log.toPlainText())
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    told = log_since(panel, before)
    assert "alertness" in told and "[8.63]" in told
    assert "german.e.8" in told and "fire at C/1315" in told  # his shot, explained
    assert state().active.reaction is None  # type: ignore[attr-defined]
    hand_over(qtbot, panel, "US")  # back to the active side: E10 may act on
    shot(w, "08-reaction-resolved")
    assert panel.pages.currentIndex() == PAGE_PLAY


def test_a_point_buy_soldiers_scenario_plays_by_clicks_from_the_bought_forces(
    qtbot: QtBot,
) -> None:
    """Scenario 21's forces bought by the purchase bot [19]: a chit committed [5.2], a man
    ordered [6.21] and moved by a click on a shaded hex [7.21]."""
    w = open_window(qtbot, HEDGEROWS)
    mode = TestPlayMode(w)
    assert mode.enter(3, {"us": "human", "german": "human"}) is None
    panel = mode.panel
    assert isinstance(panel, TestPlayPanel)
    session = panel.session
    assert session.game.purchases  # type: ignore[attr-defined]
    for _ in range(12):  # commit a chit for each side until one's Action Phase begins
        side = session.state.to_act()[0]
        if panel.pages.currentIndex() == PAGE_HANDOVER:
            hand_over(qtbot, panel, session.side_name(side))
        if session.state.progress().phase == "Action Phase":
            break
        commits = [i.text(0) for i in lines(panel) if i.text(0).startswith(("Commit", "Bid"))]
        if commits:
            apply_line(qtbot, panel, commits[0])
        else:
            qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert session.state.progress().phase == "Action Phase"
    orders = [i for i in lines(panel) if i.text(0) == "Give an order [6.21]"]
    assert orders
    man = orders[0].parent().data(0, ROLE)
    click_hex(qtbot, w, session.game.hex_name(session.state.troops.hexes[man]))  # type: ignore[attr-defined]
    apply_line(qtbot, panel, "Give an order [6.21]")
    assert panel.selected == man and panel.aims is not None and panel.aims.moves
    h = next(h for h, acts in panel.aims.moves.items() if len(acts) == 1)
    click_hex(qtbot, w, session.game.hex_name(h))
    assert session.timeline[-1].text().startswith(f"move {man} ")
    assert session.state.troops.hexes[man] == h  # type: ignore[attr-defined]


def test_the_selected_man_is_drawn_on_top_of_his_stack() -> None:
    """A stack shows its first four counters, the fourth on top: the selected unit's counter
    is put where it is the one read, wherever it stood in the stack."""
    from editor.testplay.layer import GameCounter, on_top
    from model.counters import MapCounter
    from model.hexes import Hex

    here, there = Hex(0, 0), Hex(1, 0)

    def counter(unit: str, h: Hex) -> GameCounter:
        return GameCounter(MapCounter(h, "us", "us", "US-ELITE", None, unit), unit, ())

    for size in range(1, 7):
        stack = [counter(f"m{i}", here) for i in range(size)]
        counters = [counter("a", there), *stack[:2], counter("b", there), *stack[2:]]
        for chosen in stack:
            drawn = [c.unit for c in on_top(counters, chosen.unit) if c.counter.hex == here]
            assert drawn[:4][-1] == chosen.unit
            assert sorted(drawn) == sorted(c.unit for c in stack)
        assert on_top(counters, None) == counters


def test_the_rule_beside_the_step_is_grey_where_the_placeholder_ink_is_half_black(
    qtbot: QtBot,
) -> None:
    """Fusion's placeholder ink is black at half alpha: its name alone, #000000, made every
    "muted" word of the panel's rich text black (the rule ran on after the step's words, seen
    in the screenshots); the grey written is that ink laid over the window's colour."""
    from PySide6.QtGui import QColor, QGuiApplication, QPalette

    from editor.testplay.detail import header_html
    from rules.engine.play import Progress

    progress = Progress(1, 2, "Command Cycle", "Action Phase", "Black's chit", "Soldiers (6)")
    before = QGuiApplication.palette()
    palette = QPalette(before)
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(0, 0, 0, 128))
    palette.setColor(QPalette.ColorRole.Window, QColor("#ffffff"))
    QGuiApplication.setPalette(palette)
    try:
        html = header_html(progress, [])
    finally:
        QGuiApplication.setPalette(before)
    assert "color:#7f7f7f'>· Soldiers (6)" in html and "#000000" not in html
