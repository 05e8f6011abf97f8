"""Armor in Test Play through the typed State API: the reach of a unit being given its orders
[AG V.B; CS Vehicle Movement Costs], the order whose path a player lays by clicking hexes, in
the book's notation [AG V.A.3; AG V.C], and the odds of a Direct Fire order before it is
given [AG VI]; then the same through the real map widget and the real mouse (with
``HEXWRIGHT_SHOTS`` set to a folder, each step's window is saved there as a PNG).

The rules-level tests check that what the map shades is what the engine executes: the cost of
each hex is the Speed Factors the order to it spends when the Movement Execution Phase walks
it (:func:`rules.armor.move.walk`), and no hex beyond the Speed Factor is shaded except the one
new hex a unit may always enter [AG V.B.3].
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from pytestqt.qtbot import QtBot
from test_soldiers_testplay import shot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.testplay.aims import aims_of, side_choices
from editor.testplay.layer import WATCH_LINES, cost_text
from editor.testplay.mode import TestPlayMode
from editor.testplay.panel import PAGE_HANDOVER, TestPlayPanel
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.scenario_io import LoadedScenario, load_scenario
from rules.armor.events import ApFire, Moved
from rules.armor.game import ArmorState
from rules.armor.move import through, walk
from rules.armor.orders import Order, notation, parse_moves
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import load_position
from rules.registry import load_game

ROOT = Path(__file__).parent.parent
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"
SPEARHEADS = ROOT / "scenarios" / "armor" / "1a-spearheads.yaml"
HEAD_ON = Path(__file__).parent / "positions" / "armor" / "head-on.yaml"
M4, SHERMAN_76, PANTHER = "us.M4.1", "us.SHERMAN-76.1", "germany.PANTHER-A.1"


@functools.cache
def demo() -> LoadedScenario:
    return load_scenario(DEMO)


def demo_state() -> ArmorState:
    state = load_game(demo()).new_initial_state(1)
    assert isinstance(state, ArmorState) and state.segment.id == "plot"
    return state


def spent_walking(state: ArmorState, order: Order) -> tuple[Fraction, Hex, str | None]:
    """What the Movement Execution Phase's walk of the order spends, where it ends, and why
    it stops early (None: it does not)."""
    spec = state.game.units[order.unit]
    w = walk(
        spec,
        state.troops.hexes[order.unit],
        state.troops.facing[order.unit],
        order.steps,
        state.game.cost_for(spec),
        state.game.on_map,
    )
    return w.spent, w.hex, w.stopped


# --- the reach [AG V.B] ------------------------------------------------------------------------


@pytest.mark.parametrize("unit", [M4, "germany.PZIVJ.1", "us.INFANTRY-SQUAD.1", PANTHER])
def test_reach_costs_are_what_the_executed_orders_spend(unit: str) -> None:
    """[AG V.B; CS Vehicle Movement Costs]: each shaded hex's cost is the fewest SF of the
    orders offered that end there, and the walk that executes the cheapest order there spends
    exactly that and ends there, uncut."""
    state = demo_state()
    reach = state.reach(unit)
    assert reach and state.troops.hexes[unit] not in reach
    offered: dict[Hex, float] = {}
    for action in state.order_options(unit):
        focus = state.concerns(action)
        if focus.kind == "move" and focus.hex is not None and focus.cost is not None:
            offered[focus.hex] = min(offered.get(focus.hex, focus.cost), focus.cost)
    offered.pop(state.troops.hexes[unit], None)  # turning in place: not a hex to go to
    assert reach == offered
    for h, cost in reach.items():
        order = state.route(unit, [h])
        assert isinstance(order, Order) and order in state.order_options(unit)
        spent, end, stopped = spent_walking(state, order)
        assert (end, stopped) == (h, None)
        assert spent == Fraction(cost).limit_denominator(12)


def test_no_hex_beyond_the_speed_factor_but_the_one_new_hex() -> None:
    """[AG V.B.1; V.B.3; AG VII.C.2]: a hex costing more than the Speed Factor is shaded
    only next to the unit (the one new hex it may always enter); one hex past a shaded hex at
    the end of the allowance is neither shaded nor plottable."""
    state = demo_state()
    spec = state.game.units[M4]
    here = state.troops.hexes[M4]
    reach = state.reach(M4)
    for h, cost in reach.items():
        assert cost <= spec.speed or h.distance(here) == 1
    edge = [
        (h, n)
        for h, cost in reach.items()
        if cost > spec.speed - 1
        for n in h.neighbors()
        if n not in reach and n != here and state.game.on_map(n)
    ]
    assert edge
    for h, beyond in edge:
        assert state.route(M4, [h, beyond]) is None
        assert state.route(M4, [beyond]) is None
    refused = 0
    for h, beyond in edge:  # the order to h, then one more hex straight on into beyond
        order = state.route(M4, [h])
        assert order is not None
        end = state.concerns(order).path
        if len(end) < 2 or end[-2].direction_to(h) != h.direction_to(beyond):
            continue
        longer = Order(M4, moves=notation([*parse_moves(order.moves), "F"]))
        with pytest.raises(IllegalActionError, match=r"exceed|prohibited"):
            state.apply(longer)
        refused += 1
    assert refused


def test_no_reach_outside_the_order_plot_or_with_orders_given() -> None:
    """[AG V.A.1]: one set of orders a Turn; Hull or Track damage allows no movement
    [AG VII.C.1]; the Final Facing Phase moves no unit [AG VIII]."""
    state = demo_state()
    order = state.route(M4, [next(iter(state.reach(M4)))])
    assert order is not None
    state.apply(order)
    assert state.reach(M4) == {} and state.route(M4, [state.troops.hexes[M4]]) is None
    state.damage.hits["us.M36B1.1"] = {"track"}
    assert state.reach("us.M36B1.1") == {}
    assert state.reach("us.AT-76MM.1") == {}  # a Towed unit never moves alone [ADV V.B]
    for side in state.to_act():
        state.apply(Done(side))
    assert state.segment.id != "plot"
    assert state.reach(SHERMAN_76) == {} and state.route(SHERMAN_76, [Hex(0, 0)]) is None


def test_a_plotted_order_moves_as_its_reach_said() -> None:
    """[AG VII]: the order the clicks chose is executed along its path, spending the SF the
    map showed (a quiet line of Clear hexes: no enemy order, no Building)."""
    _, state = load_position(HEAD_ON)
    assert isinstance(state, ArmorState)
    unit = "us.M4.1"
    here = state.troops.hexes[unit]
    behind = here.neighbor(state.troops.facing[unit] + 3)
    away = behind.neighbor(state.troops.facing[unit] + 3)
    cost = state.reach(unit)[away]
    order = state.route(unit, [behind, away])
    assert isinstance(order, Order)
    assert state.concerns(order).path == (behind, away)
    events = state.apply(order)  # the Sherman's only order: its side is done [AG V]
    assert state.to_act() == ("german",)
    events += state.apply(Done("german"))
    moved = next(e for e in events if isinstance(e, Moved) and e.unit == unit)
    assert moved.path == tuple(state.game.name(h) for h in (behind, away))
    assert Fraction(moved.spent) == Fraction(cost).limit_denominator(12)
    assert state.troops.hexes[unit] == away


# --- the path laid by clicks, in the book's notation [AG V.A.3; V.C] --------------------------


def _stug() -> object:
    game = load_game(load_scenario(SPEARHEADS))
    return next(u for u in game.units.values() if u.type_id == "STGIIIG-75")  # type: ignore[attr-defined]


def test_the_sample_notations_are_the_paths_clicked() -> None:
    """[AG V.C]: the STG IIIG/75 (4 SF, Turn Cost 0-1-2) on Clear: the hexes of sample 1
    clicked give "2RR1" (4 SF), those of sample 4 "BL1" (3 SF: reverse costs double), and a
    Crest-and-Scrub hex next to it costing 5 is still one new hex, "L1" (sample 3)."""
    stug = _stug()
    o = Hex(0, 0)

    def clear(frm: Hex, to: Hex) -> Fraction:
        return Fraction(1)

    one, two = o.neighbor(0), o.neighbor(0).neighbor(0)
    found = through(stug, o, 0, [one, two, two.neighbor(2)], clear, bool)  # type: ignore[arg-type]
    assert found is not None and (found.moves, found.cost, found.facing) == ("2RR1", 4, 2)
    back = o.neighbor(3)
    found = through(stug, o, 0, [back, back.neighbor(5)], clear, bool)  # type: ignore[arg-type]
    assert found is not None and (found.moves, found.cost) == ("BL1", 3)

    def crest_scrub(frm: Hex, to: Hex) -> Fraction:
        return Fraction(5) if to == o.neighbor(5) else Fraction(1)

    found = through(stug, o, 0, [o.neighbor(5)], crest_scrub, bool)  # type: ignore[arg-type]
    assert found is not None and (found.moves, found.cost) == ("L1", 5)
    assert (
        through(stug, o, 0, [o.neighbor(5), o.neighbor(5).neighbor(5)], crest_scrub, bool) is None
    )  # type: ignore[arg-type]
    assert parse_moves("2RR1") == ("F", "F", "R", "R", "F")


def test_a_route_is_the_cheapest_through_the_hexes_in_order() -> None:
    """The hexes clicked are entered in order; between them the order takes the cheapest way
    (turns and reverse moves included), and it is legal as plotted [AG V.B.5]."""
    state = demo_state()
    g = state.game
    path = [g.amap.resolve(n) for n in ("K2118", "K2117", "K2116")]
    order = state.route(M4, path)
    assert isinstance(order, Order) and order.moves == "L1R2"
    focus = state.concerns(order)
    assert focus.path == tuple(path) and focus.hex == path[-1]
    assert state.preview(order).legal and state.describe(order).startswith("Move L1R2 → K2116")
    alone = state.route(M4, [g.amap.resolve("K2217")])
    via = state.route(M4, [g.amap.resolve("K2217"), g.amap.resolve("K2117")])
    assert alone is not None and via is not None
    assert state.concerns(via).path[-2:] == (g.amap.resolve("K2217"), g.amap.resolve("K2117"))
    assert state.concerns(alone).cost == state.reach(M4)[g.amap.resolve("K2217")]


# --- what Test Play reads, headless -------------------------------------------------------------


def test_a_click_chooses_then_a_second_takes_and_fire_shows_its_odds() -> None:
    """Through the generic aims: several orders end in one hex (its facings), so a click
    chooses the cheapest and draws its path, another hex lays it further, the last clicked
    again takes it; a Direct Fire order's odds are shown before it is given [AG VI]."""
    state = demo_state()
    g = state.game
    found = side_choices(state, "us")
    aims = aims_of(state, "us", M4, found.groups[M4], state.positions())
    shaded = {h: c for h, c in aims.reach.items() if h != aims.hex}  # its hex: turns only
    assert shaded == state.reach(M4)  # the shading is the state's reach
    k2118, k2117 = g.amap.resolve("K2118"), g.amap.resolve("K2117")
    first = aims.pick(state, k2118)
    assert not first.take and first.route == (k2118,) and first.action == state.route(M4, [k2118])
    second = aims.pick(state, k2117, first.route, first.action)
    assert not second.take and second.route == (k2118, k2117)
    assert second.action == state.route(M4, [k2118, k2117])
    taken = aims.pick(state, k2117, second.route, second.action)
    assert taken.take and taken.action == second.action
    sherman = aims_of(state, "us", SHERMAN_76, found.groups[SHERMAN_76], state.positions())
    panther = state.troops.hexes[PANTHER]
    assert panther in sherman.targets
    fire = Order(SHERMAN_76, fire=PANTHER)
    assert sherman.pick(state, panther).action == fire  # fire standing: taken at once
    chance = state.preview(fire).chances[0]
    assert chance.effect is not None and 0 < chance.effect <= 1 and "Hit Number" in chance.words


def test_costs_are_written_as_the_cards_write_them() -> None:
    assert [cost_text(c) for c in (3, 2 / 3, 4 + 1 / 3, 3.5, 17 / 12, 0.3)] == [
        "3", "⅔", "4⅓", "3½", "1⁵⁄₁₂", "0.3"
    ]  # fmt: skip


# --- through the real map and mouse ------------------------------------------------------------


def _window(qtbot: QtBot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    w.resize(1300, 860)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(str(DEMO))
    return w


def _play(w: MainWindow, qtbot: QtBot) -> TestPlayPanel:
    mode = TestPlayMode(w)
    assert mode.enter(1, {"us": "human", "germany": "human"}) is None
    panel = mode.panel
    assert panel is not None
    _take_over(qtbot, panel)
    return panel


def _take_over(qtbot: QtBot, panel: TestPlayPanel) -> None:
    if panel.pages.currentIndex() == PAGE_HANDOVER:
        qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)


def _click(qtbot: QtBot, w: MainWindow, name: str) -> None:
    h = w.document.map.resolve(name)  # type: ignore[union-attr]
    x, y = hex_to_pixel(h, HEX_SIZE)
    w.view.centerOn(x, y)
    point = w.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(w.view.viewport(), pos=point)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _both_done(qtbot: QtBot, panel: TestPlayPanel) -> None:
    """Each side presses Done plotting, the German after the hand-over."""
    for _ in range(2):
        _take_over(qtbot, panel)
        assert panel.done_button.isVisibleTo(panel)
        qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)


@pytest.mark.gui
def test_plot_a_move_by_clicking_its_path_and_see_it_made(qtbot: QtBot) -> None:
    w = _window(qtbot)
    panel = _play(w, qtbot)
    session = panel.session
    state = session.state
    assert isinstance(state, ArmorState)
    _click(qtbot, w, "K2219")  # the Sherman M4A1
    assert panel.selected == M4
    assert not panel.layer.reach.path().isEmpty()  # its reach, shaded with SF
    assert panel.layer.costs is not None and "2⅔" in panel.layer.costs.costs.values()
    assert panel.layer.picture.reach == state.reach(M4)
    shot(w, "armor-1-reach")
    for name in ("K2118", "K2117", "K2116"):  # the path's hexes
        _click(qtbot, w, name)
    assert session.timeline == []  # chosen, not yet plotted
    assert panel.routed == Order(M4, moves="L1R2")
    assert not panel.layer.path.path().isEmpty() and not panel.layer.waypoints.path().isEmpty()
    detail = panel.detail.text()
    assert "Move L1R2 → K2116" in detail and "Click K2116 again" in detail
    assert "of 5 SF" in detail
    shot(w, "armor-2-path-chosen")
    _click(qtbot, w, "K2116")  # again: plotted
    assert [a.text() for a in session.timeline] == ["order us.M4.1 L1R2"]
    assert "plotted 'L1R2'" in panel.log.toPlainText()
    assert not panel.layer.plotted.path().isEmpty()  # its path stays drawn, in ink
    shot(w, "armor-3-plotted")
    _both_done(qtbot, panel)
    state = session.state
    assert isinstance(state, ArmorState) and state.segment.id != "plot"
    k2116 = state.game.amap.resolve("K2116")
    assert state.troops.hexes[M4] == k2116  # the move happened
    assert any(c.unit == M4 and c.counter.hex == k2116 for c in panel.counters)
    assert "us.M4.1 executes 'L1R2': K2118 K2117 K2116, facing 1, 2 2/3 SF" in (
        panel.log.toPlainText()
    )  # the SF as the cards write them
    shot(w, "armor-4-moved")


@pytest.mark.gui
def test_aim_a_direct_fire_see_its_odds_then_its_explanation(qtbot: QtBot) -> None:
    w = _window(qtbot)
    panel = _play(w, qtbot)
    session = panel.session
    state = session.state
    assert isinstance(state, ArmorState)
    _click(qtbot, w, "K1716")  # the Sherman "76"
    assert panel.selected == SHERMAN_76
    assert not panel.layer.targets.path().isEmpty()  # the enemy it may fire at, outlined
    aimed = panel.layer.picture.watch  # its Opportunity Fire hexes [AG V.A.2]: many,
    assert len(aimed) > WATCH_LINES  # outlined in amber, not a fan of lines over the map
    watch = panel.layer.watch.path()
    assert all(watch.contains(QPointF(*hex_to_pixel(h, HEX_SIZE))) for h in aimed)
    fire = Order(SHERMAN_76, fire=PANTHER)
    preview = state.preview(fire)
    effect = preview.chances[0].effect
    assert effect is not None
    assert f"Fire at {PANTHER}</span>: {effect:.0%} chance of an effect" in panel.detail.text()
    item = panel.action_item(SHERMAN_76, fire)
    assert item is not None
    panel.units.scrollToItem(item)
    rect = panel.units.visualItemRect(item)
    qtbot.mouseClick(panel.units.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.chosen_action() == fire
    detail = panel.detail.text()
    assert f"<b>Chosen:</b> Fire at {PANTHER}" in detail
    shot(w, "armor-5-fire-odds")
    assert preview.chances[0].words.split(";")[0].replace("'", "&#x27;") in detail
    assert session.timeline == []
    _click(qtbot, w, state.game.name(state.troops.hexes[PANTHER]))  # the target: given
    assert session.timeline == [fire]
    _both_done(qtbot, panel)
    fired = next(e for e in session.state.log if isinstance(e, ApFire) and e.firer == SHERMAN_76)
    assert fired.describe().splitlines()[0] in panel.log.toPlainText()  # the shot explained
    shot(w, "armor-6-fire-explained")
