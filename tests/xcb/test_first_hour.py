"""A designer's first hour, job by job, with real mouse and key events under an X server.

Run by tests/test_first_hour.py under Xvfb with ``QT_QPA_PLATFORM=xcb`` (the drags need Qt's
drag loop, which the offscreen platform does not have); collected only there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QPushButton, QWidget
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from model.grid import hex_to_pixel
from model.hexes import Hex, spiral
from model.joins import JoinType, preset_layout
from tests.xcb.realinput import (
    button,
    choose,
    click,
    click_row,
    click_tab,
    drag,
    key,
    open_window,
    row_of,
    type_into,
    when_modal,
)

ROOT = Path(__file__).resolve().parents[2]
ARMOR_1A = ROOT / "scenarios" / "armor" / "1a-spearheads.yaml"
FORT_DRIANT = ROOT / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml"
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"
SEDAN = ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"


def _on_map(window: MainWindow, h: Hex):  # type: ignore[no-untyped-def]
    """The viewport point of a hex's middle, scrolled into sight first."""
    x, y = hex_to_pixel(h, HEX_SIZE)
    window.view.ensureVisible(x - HEX_SIZE, y - HEX_SIZE, 2 * HEX_SIZE, 2 * HEX_SIZE)
    return window.view.mapFromScene(QPointF(x, y))


def test_job_1_assemble_a_staggered_layout_by_dragging_sections(qtbot: QtBot) -> None:
    """Remove two of 1A's sections with the panel's buttons, then drag them from the Sections
    palette onto the map, each where a staggered layout puts it: they snap there [Armor Setup
    II.B]; one undo takes the last drag back."""
    window = open_window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    panel = window.sections_panel
    for _ in range(2):  # K and L, the last row each time
        click_row(qtbot, panel.laid, panel.laid.count() - 1)
        click(qtbot, panel.remove_button)
    assert [p.name for p in document.placements()] == ["J"]
    sections = {s: document.section(s) for s in ("J", "K", "L")}
    wanted = preset_layout(JoinType.STAGGERED, ["J", "K", "L"], sections)
    assert wanted[0].offset == document.placements()[0].offset
    palette = panel.palette
    for placement in wanted[1:]:
        cq, cr = sections[placement.section].centroid
        middle = placement.offset + Hex(round(cq), round(cr))
        item = palette.item(row_of(palette, placement.section))
        palette.scrollToItem(item)
        start = palette.visualItemRect(item).center()
        window.view.centerOn(*hex_to_pixel(middle, HEX_SIZE))
        count = len(document.placements())
        drag(
            qtbot,
            palette.viewport(),
            start,
            window.view.viewport(),
            _on_map(window, middle),
            until=lambda count=count: len(document.placements()) > count,
        )
        laid = document.placements()[-1]
        assert (laid.section, laid.offset) == (placement.section, placement.offset), (
            window.statusBar().currentMessage()
        )
    assert [p.name for p in document.placements()] == ["J", "K", "L"]
    document.undo_stack.undo()
    assert [p.name for p in document.placements()] == ["J", "K"]


def test_job_3_lay_an_overlay_by_dragging_it_from_the_overlays_panel(qtbot: QtBot) -> None:
    """A woods counter dragged from the Overlays panel onto K2018: laid there, its terrain on
    the map [Armor Setup III], and undone with Ctrl+Z."""
    window = open_window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    panel = window.overlay_panel
    window.overlays_dock.raise_()
    palette = panel.palette
    item = palette.item(row_of(palette, "woods-61"))
    palette.scrollToItem(item)
    target = document.map.resolve("K2018")
    window.view.centerOn(*hex_to_pixel(target, HEX_SIZE))
    drag(
        qtbot,
        palette.viewport(),
        palette.visualItemRect(item).center(),
        window.view.viewport(),
        _on_map(window, target),
        until=lambda: document.scenario.map.overlays,
    )
    assert [p.overlay for p in document.scenario.map.overlays] == ["woods-61"]
    assert document.terrain.terrain(target) == "woods"
    key(qtbot, window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.scenario.map.overlays == []


def test_job_6_test_play_a_panzer44_turn_through_its_support_phase(qtbot: QtBot) -> None:
    """Ctrl+T, the French a human and the Germans the random bot, Play; Done plotting; at
    "Allocate Off-Board Artillery and Air Support" [15.0; 16.0] the French air strike is chosen
    in the list with the mouse and applied; Done ends the phase."""
    from editor.testplay.panel import ROLE
    from editor.testplay.session import FASTEST
    from rules.engine.actions import Done

    window = open_window(qtbot, SEDAN)

    def seats(dialog: QWidget) -> None:
        choose(qtbot, dialog.seats["french"], "Human")  # type: ignore[attr-defined]
        choose(qtbot, dialog.seats["german"], "Random bot")  # type: ignore[attr-defined]
        type_into(qtbot, dialog.seed, "3")  # type: ignore[attr-defined]
        click(qtbot, dialog.play_button)  # type: ignore[attr-defined]

    errors = when_modal(qtbot, seats)
    key(qtbot, window.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(errors) or window.test_play_mode is not None, timeout=60_000)
    assert not errors, "\n".join(map(str, errors))
    qtbot.waitUntil(lambda: window.test_play_mode is not None, timeout=60_000)
    mode = window.test_play_mode
    assert mode is not None and mode.panel is not None
    panel = mode.panel
    session = panel.session
    assert session.seed == 3
    panel.controls.set_speed(FASTEST)

    def to_allocation() -> None:
        """Done plotting (nothing plotted); the bot plots; the French allocate support."""
        qtbot.waitUntil(lambda: panel.done_button.text() == "Done plotting", timeout=60_000)
        click(qtbot, panel.done_button)
        qtbot.waitUntil(
            lambda: session.state.progress().step_id == "allocate-support", timeout=60_000
        )
        assert "allocate off-board artillery and air support" in panel.header.text()

    # Game-Turn 1: the air strike, off the map, chosen in the list with the mouse.
    to_allocation()
    tree = panel.units
    on_map = {p.unit for p in session.state.positions()}
    titles = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    strike = next(t for t in titles if "off the map" in t.text(0))
    tree.scrollToItem(strike)
    click(qtbot, tree.viewport(), tree.visualItemRect(strike).center())
    qtbot.waitUntil(strike.isExpanded)  # the unit's actions open under its title
    chosen = strike.child(min(2, strike.childCount() - 1))
    tree.scrollToItem(chosen)
    click(qtbot, tree.viewport(), tree.visualItemRect(chosen).center())
    action = chosen.data(0, ROLE)
    assert panel.selected not in on_map
    click(qtbot, panel.apply_button)
    assert session.timeline[-1] == action
    assert f"plotted: {action.text()}" in panel.log.toPlainText()
    # Game-Turn 2: Done at once; nothing is allocated that was not chosen.
    to_allocation()
    at = len(session.timeline)
    click(qtbot, panel.done_button)
    assert Done("french") in session.timeline[at : at + 1]
    french = [a.text() for a in session.timeline if a.text().startswith("plot french.CAS.")]
    assert french == [action.text()]  # Done took nothing that was not chosen


def test_job_8_line_of_sight_with_the_keyboard_and_two_clicks(qtbot: QtBot) -> None:
    """V chooses the Line of Sight tool; a click on the observer's hex, one on the target's;
    the verdict and its rule in the panel; Escape or a right-click starts again."""
    window = open_window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    key(qtbot, window.view, Qt.Key.Key_V)
    assert window.actions_by_id["tool.los"].isChecked()
    a, b = document.map.resolve("K2014"), document.map.resolve("K2018")
    click(qtbot, window.view.viewport(), _on_map(window, a))
    assert window.tool_label.text() == "Line of sight: click the target's hex"
    click(qtbot, window.view.viewport(), _on_map(window, b))
    result = window.los_panel.result
    assert result is not None and result.hexes[0] == a and result.hexes[-1] == b
    assert f"K2014 → K2018: {result.verdict}" in window.los_panel.toPlainText()


def test_job_9_and_10_export_save_and_reopen(qtbot: QtBot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Paint a hex, Ctrl+E exports the map as SVG, Ctrl+Shift+S saves under a new name,
    Ctrl+O opens it again: the same scenario, the painted hex kept."""
    from editor.files import controller

    window = open_window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    document.paint_terrain([document.map.resolve("J0505")], "scrub")

    def save_name(_p: object, _t: str, _d: str, filters: str) -> tuple[str, str]:
        chosen = next(f for f in filters.split(";;") if f.startswith("SVG"))
        return str(tmp_path / "map.svg"), chosen

    monkeypatch.setattr(controller.QFileDialog, "getSaveFileName", save_name)
    key(qtbot, window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    svg = tmp_path / "map.svg"
    assert svg.is_file() and svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    target = tmp_path / "mine.yaml"
    monkeypatch.setattr(
        controller.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")
    )
    key(
        qtbot,
        window.view,
        Qt.Key.Key_S,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert target.is_file() and not window.isWindowModified()
    edited = document.scenario
    monkeypatch.setattr(
        controller.QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), "")
    )
    key(qtbot, window.view, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    assert window.document is not None and window.document.path == target
    assert window.document.scenario == edited


def test_job_7_a_small_balance_batch(qtbot: QtBot) -> None:
    """Ctrl+Shift+B opens Balance; 4 games typed, both sides the random bot, Run; the report
    shows each side's wins and the batch ran cleanly."""
    from editor.balance.dialog import BalanceDialog

    window = open_window(qtbot, FORT_DRIANT)
    key(
        qtbot,
        window.view,
        Qt.Key.Key_B,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = window.findChild(BalanceDialog)
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    type_into(qtbot, dialog.games, "4")
    for box in dialog.bot_boxes:
        choose(qtbot, box, "random")
    type_into(qtbot, dialog.workers, "1")
    with qtbot.waitSignal(dialog.run.finished, timeout=120_000):
        click(qtbot, dialog.run_button)
    qtbot.waitUntil(lambda: "Played 4 games" in dialog.status.text())
    view = dialog.report_view
    assert view is not None
    assert all(" win" in label.text() for label in view.rate_labels.values())
    assert "every game ran cleanly" in view.errors_label.text()
    dialog.close()


def test_job_4_build_a_point_buy_scenario_with_forces_zones_victory_and_a_reinforcement(
    qtbot: QtBot,
) -> None:
    """Ctrl+N: an Armor scenario on one section, its second side buying its forces with 300
    points; then, all with the mouse and keys: two units added from the catalogue and one
    dragged onto the map, the second side's set-up area typed, a victory condition and a
    reinforcement on turn 3 added with their forms. Each is one undo step."""
    window = open_window(qtbot, ARMOR_1A)

    def new(dialog: QWidget) -> None:
        d: Any = dialog
        choose(qtbot, d.system_box, "Armor")
        click_row(qtbot, d.layouts, 0)
        type_into(qtbot, d.title_edit, "Crossing at dawn")
        type_into(qtbot, d.date_edit, "1944-08-10")
        second = d.sides[1]
        click(qtbot, second.bought)
        assert second.budget.isEnabled()
        type_into(qtbot, second.budget, "300")
        click(qtbot, button(d, "OK"))

    errors = when_modal(qtbot, new)
    key(qtbot, window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: bool(errors) or window.document.path is None, timeout=30_000)
    assert not errors, "\n".join(map(str, errors))
    document = window.document
    assert document is not None
    scenario = document.scenario
    assert (scenario.title, scenario.date) == ("Crossing at dawn", "1944-08-10")
    first, second = (s.id for s in scenario.sides)
    budget = scenario.sides[1].budget
    assert budget is not None and budget.points == 300

    # Forces: the first side's, from the catalogue, one entry of two units dragged on a hex.
    window.oob_dock.raise_()
    panel = window.oob_panel
    choose(qtbot, panel.side_box, panel.side_box.itemText(0))
    click_row(qtbot, panel.catalogue, 0)
    unit = panel.catalogue.item(0).data(Qt.ItemDataRole.UserRole)
    type_into(qtbot, panel.add_count, "2")
    click(qtbot, panel.add_button)
    entries = document.scenario.side(first).forces
    assert [(e.unit, e.count) for e in entries][-1:] == [(unit, 2)]
    row = panel.forces.count() - 1
    item = panel.forces.item(row)
    panel.forces.scrollToItem(item)
    target = next(iter(sorted(document.map.hexes, key=lambda h: (h.q, h.r))[40:41]))
    window.view.centerOn(*hex_to_pixel(target, HEX_SIZE))
    drag(
        qtbot,
        panel.forces.viewport(),
        panel.forces.visualItemRect(item).center(),
        window.view.viewport(),
        _on_map(window, target),
        until=lambda: document.scenario.side(first).forces[-1].placement is not None,
    )
    assert [c.hex for c in document.counters if c.unit == unit] == [target, target]

    # The second side sets up in an area typed as the book would write it.
    window.rules_dock.raise_()
    rules = window.rules_panel
    click_tab(qtbot, rules.tabs, "Set-up")
    setup = rules.setup_page
    choose(qtbot, setup.side_box, setup.side_box.itemText(1))
    choose(qtbot, setup.kind, "Sets up in an area")
    type_into(qtbot, setup.region.edit, "Side A")
    click(qtbot, setup.apply_button)
    assert document.scenario.side(second).setup is not None

    # A victory condition: the first side scores 10 VP for control of two hexes.
    names = [document.map.name(h) for h in (target, *sorted(target.neighbors())[:1])]
    click_tab(qtbot, rules.tabs, "Victory")
    click(qtbot, button(rules.victory_tab, "Add…"))
    form = rules.condition_form
    choose(qtbot, form.kind_box, "Control of an area")
    choose(qtbot, form.side, form.side.itemText(0))
    choose(qtbot, form.award, "VP")
    type_into(qtbot, form.award_value, "10")
    type_into(qtbot, form.region.edit, "hexes " + ", ".join(names))
    click(qtbot, button(form, "Apply"))
    condition = document.scenario.victory.conditions[-1]
    assert condition.kind == "control"

    # A reinforcement for the first side on turn 3, entering by Side B.
    click_tab(qtbot, rules.tabs, "Reinforcements")
    arrivals = rules.reinforcements_tab
    choose(qtbot, arrivals.side_box, arrivals.side_box.itemText(0))
    click(qtbot, button(arrivals, "Add…"))
    rform = rules.reinforcement_form
    click(qtbot, rform.on_turn)
    type_into(qtbot, rform.turn, "3")
    choose(qtbot, rform.unit_box, rform.unit_box.itemText(0))
    type_into(qtbot, rform.count, "1")
    click(qtbot, rform.add_unit)
    type_into(qtbot, rform.entry.edit, "Side B")
    click(qtbot, button(rform, "Apply"))
    arrived = document.scenario.side(first).reinforcements
    assert [r.turn for r in arrived] == [3]
    steps = document.undo_stack.count()
    assert steps >= 5  # add, place, set-up, condition, reinforcement
    for _ in range(steps):
        document.undo_stack.undo()
    assert document.scenario.side(first).reinforcements == []


def test_job_5_validate_and_jump_to_the_finding(qtbot: QtBot) -> None:
    """Hedgerow painted with the mouse under the demo's M4 (B, the terrain clicked in its
    list, the hex clicked), F7 validates: one finding, a unit placed where it may not stand;
    its double-click opens the Order of Battle at the M4's entry and outlines the hex."""
    window = open_window(qtbot, DEMO)
    document = window.document
    assert document is not None
    panel = window.validation_panel
    k2219 = document.map.resolve("K2219")
    key(qtbot, window.view, Qt.Key.Key_B)
    window.terrain_dock.raise_()
    terrain = window.map_editor.brushes.terrain_list
    click_row(qtbot, terrain, row_of(terrain, "hedgerow"))
    click(qtbot, window.view.viewport(), _on_map(window, k2219))
    assert document.terrain.terrain(k2219) == "hedgerow"
    with qtbot.waitSignal(panel.updated, timeout=60_000):
        key(qtbot, window.view, Qt.Key.Key_F7)
    qtbot.waitUntil(panel.list.isVisible)
    placed = [f for f in panel.findings if f.path == "sides[0].forces[0].placement"]
    assert len(placed) == 1, [f.path for f in panel.findings]
    window.sections_dock.raise_()  # the Order of Battle behind it
    rect = panel.list.visualItemRect(panel.list.item(panel.findings.index(placed[0])))
    click(qtbot, panel.list.viewport(), rect.center())
    qtbot.mouseDClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.oob_panel.side_id() == "us"
    selected = window.oob_panel.selected_entry()
    assert selected is not None and selected[0] == 0
    assert "Order of Battle, row 1" in window.statusBar().currentMessage()


def test_job_2_paint_with_each_brush_then_undo_everything(qtbot: QtBot) -> None:
    """B and a terrain clicked in the Terrain panel; the brush shapes by their keys: one hex
    (1), a line pressed at one end and released at the other (2), a radius made larger with ]
    (3), a flood fill of the patch the radius painted (4, answered if it asks); L for a level
    on a hex, E to erase one; then Ctrl+Z until the scenario is as it was."""
    window = open_window(qtbot, ARMOR_1A)
    document = window.document
    assert document is not None
    original = document.scenario
    resolve = document.map.resolve
    viewport = window.view.viewport()
    terrain = window.map_editor.brushes.terrain_list
    brushes = window.map_editor.brushes

    def paint_with(name: str) -> None:
        window.terrain_dock.raise_()
        click_row(qtbot, terrain, row_of(terrain, name))

    key(qtbot, window.view, Qt.Key.Key_B)
    paint_with("rough")
    key(qtbot, window.view, Qt.Key.Key_1)
    click(qtbot, viewport, _on_map(window, resolve("K2018")))
    assert document.terrain.terrain(resolve("K2018")) == "rough"

    key(qtbot, window.view, Qt.Key.Key_2)
    a, b = resolve("K1016"), resolve("K1516")
    start, end = _on_map(window, a), _on_map(window, b)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    line = {h for h, t in document.edits.terrain.items() if t == "rough"} - {resolve("K2018")}
    assert len(line) == a.distance(b) + 1 and {a, b} <= line

    paint_with("scrub")
    key(qtbot, window.view, Qt.Key.Key_3)
    radius = brushes.radius_box.value()
    key(qtbot, window.view, Qt.Key.Key_BracketRight)
    assert brushes.radius_box.value() == radius + 1
    centre = resolve("K2014")
    click(qtbot, viewport, _on_map(window, centre))
    assert all(
        document.terrain.terrain(h) == "scrub"
        for h in spiral(centre, radius + 1)
        if h in document.map.hexes
    )

    paint_with("woods")
    key(qtbot, window.view, Qt.Key.Key_4)

    def fill(dialog: QWidget) -> None:
        click(qtbot, next(b for b in dialog.findChildren(QPushButton) if "Fill" in b.text()))

    errors = when_modal(qtbot, fill)
    click(qtbot, viewport, _on_map(window, centre))
    qtbot.waitUntil(lambda: document.terrain.terrain(centre) == "woods", timeout=10_000)
    assert not errors, "\n".join(map(str, errors))
    assert all(document.terrain.terrain(h) == "woods" for h in centre.neighbors())

    key(qtbot, window.view, Qt.Key.Key_L)
    key(qtbot, window.view, Qt.Key.Key_1)
    type_into(qtbot, brushes.level_box, "2")
    key(qtbot, brushes.level_box, Qt.Key.Key_Return)
    assert window.tool_label.text() == "Set elevation 2"
    level_at = resolve("K2220")
    click(qtbot, viewport, _on_map(window, level_at))
    assert document.edits.elevation == {level_at: 2}
    key(qtbot, window.view, Qt.Key.Key_E)
    click(qtbot, viewport, _on_map(window, resolve("K2018")))
    assert resolve("K2018") not in document.edits.terrain

    steps = document.undo_stack.count()
    assert steps == 6  # one hex, line, radius, flood, level, erase: one step each
    for _ in range(steps):
        key(qtbot, window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.scenario == original
