"""Test Play of Armor's Advanced Game orders through the real widgets, hot seat: Play > Test
Play (Ctrl+T and the dialog's seats) or Play > Test Play from Position, then each order plotted
with the mouse on the map and in the list, its notation written as the book writes it
[AG V.A.3; ADV IV], its odds and modifiers read before it is given, and its execution explained
in the log with the book's sections.

- A Leg unit's move laid by clicking its hexes, one Speed Factor a hex and none for turning
  [ADV V.A.1-2], made in the Movement Execution Phase [AG VII].
- GP fire by an Infantry Squad: the odds with the GP Factor, range, GP Defense and its basis
  before the order is given, the shot explained after [ADV VI.B].
- Close Assault "A-<unit>" [ADV IV.A.1; ADV VII] and Overrun "K-<unit>-<moves>" [ADV IV.A.2;
  ADV VIII] from a position of the demonstration (the battle group at the crossroads).
- The odds previewed are the engine's own: the shares of the 100 rolls that give each result
  when the Close Assault or the GP fire is resolved with forced dice.
- Loading "D-<vehicle>"/"D" and Unloading "U" [ADV IV.B.1], and a Called Artillery Fire on the
  Artillery Plot [OP II.A.3] with its odds [OP II.D.3], on a small scenario of ours.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu
from pytestqt.qtbot import QtBot
from test_soldiers_testplay import shot
from test_testplay_purchase import choose

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.testplay.aims import SIDE
from editor.testplay.mode import TestPlayDialog
from editor.testplay.panel import PAGE_HANDOVER, PAGE_PLAY, ROLE, TestPlayPanel
from model.grid import hex_to_pixel
from rules.armor import assault
from rules.armor.events import GpFire
from rules.armor.game import ArmorState
from rules.armor.gp import resolve_gp
from rules.armor.indirect.plots import ArtilleryPlot
from rules.armor.orders import Order
from rules.records.position import load_position

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "armor" / "demo-advanced.yaml"
CROSSROADS = ROOT / "tests" / "positions" / "armor" / "battle-group-at-the-crossroads.yaml"
HALFTRACKS = ROOT / "tests" / "positions" / "scenarios" / "armor-halftracks.yaml"


# --- driving the window as the user does ------------------------------------------------------


def _window(qtbot: QtBot, path: Path) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.resize(1300, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(str(path))
    return w


def _humans(qtbot: QtBot, tries: int = 100) -> None:
    """Answer the Test Play dialog from its own loop, once it is up: a human at each side,
    then Play."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, TestPlayDialog):
        assert tries, "the Test Play dialog never opened"
        QTimer.singleShot(20, lambda: _humans(qtbot, tries - 1))
        return
    for box in dialog.seats.values():
        choose(qtbot, box, "Human")
    qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)


def _test_play(qtbot: QtBot, w: MainWindow) -> TestPlayPanel:
    """Ctrl+T, both sides human, the first player's view asked for."""
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    w.view.setFocus()
    QTimer.singleShot(0, lambda: _humans(qtbot))
    qtbot.keyClick(w.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    return _started(qtbot, w)


def _test_play_from(
    qtbot: QtBot, w: MainWindow, position: Path, monkeypatch: pytest.MonkeyPatch
) -> TestPlayPanel:
    """Play > Test Play from Position..., the file chosen, both sides human."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(position), ""))
    QTimer.singleShot(0, lambda: _humans(qtbot))
    _menu(qtbot, w, "Play", "Test Play from Position...")
    return _started(qtbot, w)


def _menu(qtbot: QtBot, w: MainWindow, title: str, item: str) -> None:
    bar = w.menuBar()
    top = next(a for a in bar.actions() if a.text().replace("&", "") == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(top).center())
    menu = top.menu()
    assert isinstance(menu, QMenu)
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text().replace("&", "") == item)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def _started(qtbot: QtBot, w: MainWindow) -> TestPlayPanel:
    qtbot.waitUntil(lambda: w.test_play_mode is not None and w.test_play_mode.panel is not None)
    mode = w.test_play_mode
    assert mode is not None and mode.panel is not None
    _take_over(qtbot, mode.panel)
    return mode.panel


def _take_over(qtbot: QtBot, panel: TestPlayPanel) -> None:
    if panel.pages.currentIndex() == PAGE_HANDOVER:
        qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.pages.currentIndex() == PAGE_PLAY


def _click(qtbot: QtBot, w: MainWindow, name: str) -> None:
    """A click in the middle of the hex named ``name``, the pointer moved there first."""
    assert w.document is not None
    x, y = hex_to_pixel(w.document.map.resolve(name), HEX_SIZE)
    qtbot.wait(20)
    w.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    point = w.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(w.view.viewport(), pos=point)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _key(qtbot: QtBot, w: MainWindow, key: Qt.Key) -> None:
    """Press a key as the user does: the window active, the map holding the focus."""
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    w.view.setFocus()
    qtbot.keyClick(w.view, key)


def _select(qtbot: QtBot, w: MainWindow, panel: TestPlayPanel, name: str, unit: str) -> None:
    """Escape (no unit's moves under the pointer), then a click on the unit's hex."""
    _key(qtbot, w, Qt.Key.Key_Escape)
    assert panel.selected is None
    _click(qtbot, w, name)
    if panel.selected != unit:  # another unit of the side in the hex: a click more
        _click(qtbot, w, name)
    assert panel.selected == unit


def _pick_in_list(qtbot: QtBot, panel: TestPlayPanel, unit: str, action: object) -> None:
    """Click the action's line in the unit's group of the list."""
    item = panel.action_item(unit, action)  # type: ignore[arg-type]
    assert item is not None, f"{action} is not listed under {unit}"
    panel.units.scrollToItem(item)
    rect = panel.units.visualItemRect(item)
    qtbot.mouseClick(panel.units.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.chosen_action() == action


def _done(qtbot: QtBot, panel: TestPlayPanel) -> None:
    _take_over(qtbot, panel)
    assert panel.done_button.isVisibleTo(panel)
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)


def _state(panel: TestPlayPanel) -> ArmorState:
    state = panel.session.state
    assert isinstance(state, ArmorState)
    return state


def _to_facing(qtbot: QtBot, panel: TestPlayPanel) -> ArmorState:
    """Done for whoever is still plotting, until the Turn's orders have been executed."""
    turn = _state(panel).play.turn
    for _ in range(4):
        state = _state(panel)
        if state.segment.id != "plot" or state.play.turn != turn:
            break
        _done(qtbot, panel)
    state = _state(panel)
    assert state.segment.id != "plot" or state.play.turn > turn
    _take_over(qtbot, panel)
    return state


# --- the tests ----------------------------------------------------------------------------------


def test_a_leg_units_move_is_laid_by_clicks_one_sf_a_hex_turns_free(qtbot: QtBot) -> None:
    """[ADV V.A.1-2; AG V.A.3]: the Infantry Squad on the crossroads, its reach shaded 1 and 2
    SF; two hexes clicked lay an order with a turn in it that still costs 2 SF (a Leg unit
    pays one SF a hex and nothing for turning), written as the book writes it; the second
    click on the last hex gives it, and the Movement Execution Phase makes it [AG VII]."""
    w = _window(qtbot, DEMO)
    panel = _test_play(qtbot, w)
    unit = "us.INFANTRY-SQUAD.3"
    _select(qtbot, w, panel, "K2017", unit)
    state = _state(panel)
    assert panel.layer.picture.reach == state.reach(unit)
    assert panel.layer.costs is not None
    shown = set(panel.layer.costs.costs.values()) - {"↺"}  # (its own hex: turning in place)
    assert shown == {"1", "2"}  # one SF a hex [ADV V.A.1]
    names = ("K2016", "K2116")  # north, then north-east: a turn between
    for name in names:
        _click(qtbot, w, name)
    game = state.game
    expected = state.route(unit, [game.amap.resolve(n) for n in names])
    assert isinstance(expected, Order) and "R" in expected.moves  # a right turn written
    assert panel.routed == expected and panel.session.timeline == []
    detail = panel.detail.text()
    assert f"Move {expected.moves} → K2116" in detail and "(2 of 2 SF)" in detail  # turn free
    assert "Click K2116 again to take it" in detail
    _click(qtbot, w, "K2116")
    assert panel.session.timeline == [expected]
    assert f"plotted '{expected.moves}'" in panel.log.toPlainText()
    state = _to_facing(qtbot, panel)
    assert state.troops.hexes[unit] == game.amap.resolve("K2116")
    assert f"{unit} executes '{expected.moves}': K2016 K2116" in panel.log.toPlainText()


def test_gp_fire_odds_and_each_modifier_before_it_is_given_then_explained(qtbot: QtBot) -> None:
    """[ADV VI.B]: the Squad's targets outlined with their odds under the list; the GP fire
    chosen in the list shows its working (NM GP Factor at the range by the Range Scale, the
    column, the GP Defense and its basis on the Target Information Chart, N and S); a click on
    the target gives it; the Direct Fire Phase explains the shot with its sections."""
    w = _window(qtbot, DEMO)
    panel = _test_play(qtbot, w)
    unit, target = "us.INFANTRY-SQUAD.3", "germany.INFANTRY-SQUAD.3"
    _select(qtbot, w, panel, "K2017", unit)
    state = _state(panel)
    assert state.troops.hexes[target] in panel.layer.picture.targets
    fire = Order(unit, fire=target)
    chance = state.preview(fire).chances[0]
    assert chance.effect is not None and 0 < chance.effect < 1
    assert f"Fire at {target}</span>: {chance.effect:.0%} chance of an effect" in (
        panel.detail.text()
    )  # before anything is chosen: the odds of each target
    _pick_in_list(qtbot, panel, unit, fire)
    detail = panel.detail.text()
    for words in ("NM GP Factor 10 at range", "against GP Defense 2 (Target Information Chart",
                  "Suppressed or Knocked Out on", "as if it stands (NM Defense)",
                  "GP fire [ADV VI.B; GC1 GP Fire Modifiers, GP Hit Table"):  # fmt: skip
        assert words in detail
    assert "AP Movement Modifiers" not in detail  # not an AP shot's words
    shot(w, "armor-adv-1-gp-odds")
    _click(qtbot, w, "J2008")  # the target: the fire chosen is given
    assert panel.session.timeline == [fire]
    assert f"plotted 'F-{target}'" in panel.log.toPlainText()
    _to_facing(qtbot, panel)
    fired = next(e for e in _state(panel).log if isinstance(e, GpFire) and e.firer == unit)
    log = panel.log.toPlainText()
    assert fired.describe().splitlines()[0] in log
    qtbot.mouseClick(panel.details, Qt.MouseButton.LeftButton)  # Show all details
    assert panel.details.isChecked()
    assert "[ADV VI.B" in panel.log.toPlainText()
    shot(w, "armor-adv-2-gp-explained")


def test_close_assault_and_overrun_plotted_on_the_map_and_resolved(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[ADV IV.A.1; VII] and [ADV IV.A.2; VIII], from the battle group at the crossroads: the
    German Squad next to the M4A1 has its Close Assault chosen in the list (its odds, each
    modifier and the Open Vehicle's +10) and given by a click on the M4A1, "A-us.M4.1"; the
    Panzer IV's Overrun of the Squad on the crossroads chosen (its Overrun Fire odds, its path
    drawn) and given by a click on the Squad, "K-us.INFANTRY-SQUAD.3-2"; the Close Assault
    and Overrun Phases explain both combats with their sections."""
    w = _window(qtbot, DEMO)
    panel = _test_play_from(qtbot, w, CROSSROADS, monkeypatch)
    assert _state(panel).play.turn == 3  # the position's Turn, not the set-up's
    _done(qtbot, panel)  # the Americans give no orders
    _take_over(qtbot, panel)
    squad, m4 = "germany.INFANTRY-SQUAD.1", "us.M4.1"
    _select(qtbot, w, panel, "K2115", squad)
    assault = Order(squad, assault=m4)
    group = panel.group_item(squad)
    assert group is not None and group.child(0).data(0, ROLE) == assault  # listed first
    assert f"Close Assault on {m4} [ADV IV.A.1]</span>" in panel.detail.text()  # its odds
    _pick_in_list(qtbot, panel, squad, assault)
    detail = panel.detail.text()
    for words in ("Close Assault: MV GP Factor", "against Close Assault Defense",
                  "+10 Open Vehicle", "Knocked Out on", "[ADV IV.A.1; ADV VII]"):  # fmt: skip
        assert words in detail
    _click(qtbot, w, "K2116")  # the M4A1: the Close Assault chosen is given, not a move there
    assert panel.session.timeline[-1] == assault
    assert f"plotted 'A-{m4}'" in panel.log.toPlainText()  # as the book writes "A-703"

    tank, target = "germany.PZIVJ.1", "us.INFANTRY-SQUAD.3"
    _select(qtbot, w, panel, "K2015", tank)
    overrun = Order(tank, moves="2", overrun=target)
    _pick_in_list(qtbot, panel, tank, overrun)
    detail = panel.detail.text()
    assert f"Overrun {target} moving 2 → K2017" in detail and "Overrun Fire: GP Factor" in detail
    assert "[ADV IV.A.2; ADV VIII]" in detail
    assert not panel.layer.path.path().isEmpty()  # its path drawn on the map
    shot(w, "armor-adv-3-overrun-chosen")
    _click(qtbot, w, "K2017")  # the Squad: the Overrun chosen is given
    assert panel.session.timeline[-1] == overrun
    assert f"plotted 'K-{target}-2'" in panel.log.toPlainText()  # as "K-19-RR3"

    _to_facing(qtbot, panel)
    qtbot.mouseClick(panel.details, Qt.MouseButton.LeftButton)
    log = panel.log.toPlainText()
    state = _state(panel)
    combats = [e for e in state.log if isinstance(e, GpFire) and e.firer in (squad, tank)]
    assert {e.firer for e in combats} == {squad, tank}
    for e in combats:
        assert e.describe().splitlines()[0] in log
    assert "Close Assault Phase" in log and "[ADV VII" in log and "[ADV VIII" in log
    shot(w, "armor-adv-4-assault-overrun-explained")


def test_load_unload_and_a_called_artillery_fire_plotted_and_carried_out(qtbot: QtBot) -> None:
    """[ADV IV.B.1]: the Squad aboard the first Half-Track and the Half-Track each given "U",
    the Squad on its feet "D-us.M3-HALFTRACK.2" and its Half-Track "D", all chosen in the list
    after a click on their hex; [OP II.A.3]: the side's Artillery Plot chosen with its group,
    the Called fire's odds on each unit under it read [OP II.D.3], the Panzer IV's hex clicked.
    The Movement Execution Phase carries out the Loading and Unloading."""
    w = _window(qtbot, HALFTRACKS)
    panel = _test_play(qtbot, w)
    carried, ht1 = "us.US-INFANTRY-SQUAD.1", "us.M3-HALFTRACK.1"
    walker, ht2 = "us.US-INFANTRY-SQUAD.2", "us.M3-HALFTRACK.2"
    assert _state(panel).transported(carried) and not _state(panel).transported(walker)
    given = [
        ("K1916", carried, Order(carried, transfer="U")),
        ("K1916", ht1, Order(ht1, transfer="U")),
        ("K1718", walker, Order(walker, transfer="D", vehicle=ht2)),
        ("K1718", ht2, Order(ht2, transfer="D")),
    ]
    for name, unit, order in given:
        _select(qtbot, w, panel, name, unit)
        _pick_in_list(qtbot, panel, unit, order)
        assert "[ADV IV.B.1]" in panel.detail.text()
        qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
        assert panel.session.timeline[-1] == order
    log = panel.log.toPlainText()
    for text in ("plotted 'U'", f"plotted 'D-{ht2}'", "plotted 'D'"):
        assert text in log

    _key(qtbot, w, Qt.Key.Key_Escape)
    group = panel.group_item(SIDE)
    assert group is not None
    rect = panel.units.visualItemRect(group)
    qtbot.mouseClick(panel.units.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.selected == SIDE
    state = _state(panel)
    k2013 = state.game.amap.resolve("K2013")
    assert k2013 in panel.layer.picture.targets
    plot = ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "C", "K2013")
    assert "Called Artillery Fire [OP II.A.3" in panel.detail.text()
    odds = {c.target: c.words for c in state.preview(plot).chances}
    assert odds["german.PZIVJ.1"].startswith("Impact hex: GP 30")
    assert odds["german.GE-INFANTRY-SQUAD.1"].startswith("adjacent: GP 30")  # friend and foe
    assert "Suppressed or Knocked Out on" in panel.detail.text()  # [OP II.D.3]
    _click(qtbot, w, "K2013")
    assert panel.session.timeline[-1] == plot

    state = _to_facing(qtbot, panel)
    assert not state.transported(carried) and carried not in state.troops.carried
    assert state.transported(walker) and state.troops.carried[walker] == ht2
    log = panel.log.toPlainText()
    assert "Unloaded: it operates normally [ADV IV.B.1]" in log
    assert "Loaded: transported, it moves with its Vehicle [ADV IV.B.1; ADV V.C.1]" in log


# --- the odds shown are the engine's own, headless ------------------------------------------------


def _crossroads() -> ArmorState:
    _, state = load_position(CROSSROADS)
    assert isinstance(state, ArmorState)
    return state


def test_a_close_assaults_odds_are_what_its_rolls_give() -> None:
    """[ADV VII.B]: the Knocked Out and Suppressed chances the preview shows before a Close
    Assault is plotted are the shares of the 100 rolls that give each when it is resolved
    (the M4A1 standing, as the preview takes it)."""
    state = _crossroads()
    squad, m4 = "germany.INFANTRY-SQUAD.1", "us.M4.1"
    words, kills, hurts = assault.chance(state, squad, m4)
    assert "+10 Open Vehicle" in words and "[ADV VII.B.1]" in words
    results = []
    for roll in range(1, 101):
        trial = state.clone()
        trial.force_dice(roll)
        results.append(assault.resolve(trial, squad, m4))
    assert results.count(("knocked-out",)) / 100 == kills > 0
    assert results.count(("suppressed",)) / 100 == hurts > 0
    preview = state.preview(Order(squad, assault=m4))
    assert preview.chances[0].effect == pytest.approx(kills + hurts)


def test_a_gp_shots_odds_are_what_its_rolls_give() -> None:
    """[ADV VI.B]: the chance of a Suppressed or Knocked Out result the preview of a Squad's
    GP fire shows is the share of the 100 rolls that give one when it is resolved."""
    state = _crossroads()
    firer, target = "germany.INFANTRY-SQUAD.1", "us.INFANTRY-SQUAD.3"
    chance = state.preview(Order(firer, fire=target)).chances[0]
    assert "NM GP Factor" in chance.words and "Target Information Chart" in chance.words
    hit = 0
    for roll in range(1, 101):
        trial = state.clone()
        trial.force_dice(roll)
        hit += bool(resolve_gp(trial, firer, target))
    assert chance.effect == pytest.approx(hit / 100) and 0 < hit < 100
