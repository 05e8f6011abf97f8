"""Set-up zones and entry areas edited through the editor's widgets (issue 5): the Set-up tab of
the Scenario Rules panel, the Paint Set-up Zone tool, and a loose scenario's layout constraints
judged live in the Sections panel."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.mapview.view import HEX_SIZE
from editor.scenario.setup_editor import SetupPage
from model.grid import hex_to_pixel
from model.regions import EdgeRegion, HexesRegion, Hexrow
from model.scenario import AreaPlacement, EntryPlacement
from model.scenario_io import load_scenario
from model.scenario_map import OverlayPlacement
from rules.checks import run_checks

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
P44_UTAH = os.path.join(SCENARIOS, "panzer44", "19.1-behind-utah.yaml")
ARMOR_1B = os.path.join(SCENARIOS, "armor", "1b-confused-situation.yaml")


def _page(window: MainWindow, side: str) -> SetupPage:
    window.rules_dock.raise_()
    window.rules_panel.show_setup()
    page = window.rules_panel.setup_page
    page.choose_side(side)
    return page


def _choose(box: Any, data: object) -> None:
    index = box.findData(data)
    assert index >= 0, data
    box.setCurrentIndex(index)


def _type_region(qtbot: QtBot, page: SetupPage, text: str) -> None:
    page.region.edit.clear()
    qtbot.keyClicks(page.region.edit, text)


def _point(window: MainWindow, name: str) -> QPoint:
    assert window.document is not None
    x, y = hex_to_pixel(window.document.map.resolve(name), HEX_SIZE)
    return window.view.mapFromScene(QPointF(x, y))


def _zone_names(window: MainWindow, label: str) -> set[str]:
    assert window.document is not None
    zone = next(z for z in window.map_editor.zone_layer.zones if z.label == label)
    return set(window.document.names(zone.hexes))


def test_a_panzer44_side_set_up_east_of_hexrow_3700_shows_its_zone(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.open_file(P44_UTAH)
    window.actions_by_id["view.zones"].trigger()
    page = _page(window, "us")
    _choose(page.kind, "area")
    _type_region(qtbot, page, "east of hexrow 3700, inclusive")
    assert page.region.message.text().startswith("✓") and "hexes" in page.region.message.text()
    page.apply_button.click()
    assert window.document is not None
    setup = window.document.scenario.side("us").setup
    assert setup == AreaPlacement(region=Hexrow(column=37, side="east", inclusive=True))
    names = _zone_names(window, "American set-up")
    assert "3701" in names and "3601" not in names
    # the zone is outlined on the map, as the Victory tab outlines a condition
    marks = window.view.marks
    assert marks is not None and marks.isVisible()
    assert window.document.undo_stack.count() == 1


def test_a_region_that_cannot_be_read_is_refused_in_the_tab(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _page(window, "german")
    _choose(page.kind, "area")
    _type_region(qtbot, page, "somewhere nice")
    assert "cannot read 'somewhere nice'" in page.region.message.text()
    page.apply_button.click()
    assert "cannot read" in page.setup_message.text()
    assert window.document is not None and window.document.undo_stack.count() == 0


def _drag(qtbot: QtBot, window: MainWindow, names: list[str], shift: bool = False) -> None:
    viewport = window.view.viewport()
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.mouseMove(viewport, pos=_point(window, names[0]))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, _point(window, names[0]))
    for name in names[1:]:
        qtbot.mouseMove(viewport, pos=_point(window, name))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, _point(window, names[-1]))


def test_three_hexes_painted_into_an_armor_zone_are_one_undo_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    document = window.document
    assert document is not None
    original = document.scenario
    page = _page(window, "german")
    _choose(page.kind, "none")
    page.apply_button.click()
    assert document.scenario.side("german").setup is None
    assert not window.actions_by_id["view.zones"].isChecked()
    window.actions_by_id["tool.zone"].trigger()
    assert window.tool is window.map_editor.tools["zone"]
    assert window.actions_by_id["view.zones"].isChecked()  # shown while the tool is in hand
    window.actions_by_id["tool.zone"].trigger()  # taken up again: still put back on leaving
    assert "Paint German set-up zone" in window.tool_label.text()
    steps = document.undo_stack.count()
    _drag(qtbot, window, ["K1216", "K1217", "K1218"])
    setup = document.scenario.side("german").setup
    assert setup == AreaPlacement(region=HexesRegion(hexes=["K1216", "K1217", "K1218"]))
    assert _zone_names(window, "German set-up") == {"K1216", "K1217", "K1218"}
    assert document.undo_stack.count() == steps + 1
    assert document.undo_stack.text(steps) == "Paint German set-up zone"
    _drag(qtbot, window, ["K1217"], shift=True)
    assert _zone_names(window, "German set-up") == {"K1216", "K1218"}
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert document.scenario.side("german").setup is None
    assert not any(z.label == "German set-up" for z in window.map_editor.zone_layer.zones)
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original
    window.actions_by_id["tool.pan"].trigger()
    assert not window.actions_by_id["view.zones"].isChecked()  # as it was before the tool


def test_a_rule_is_turned_into_hexes_by_the_first_stroke_once_agreed(
    qtbot: QtBot, window: MainWindow
) -> None:
    document = window.document
    assert document is not None
    _page(window, "german")
    window.actions_by_id["tool.zone"].trigger()
    tool: Any = window.map_editor.tools["zone"]
    questions: list[str] = []

    def refuse(text: str) -> bool:
        questions.append(text)
        return False

    tool.ask = refuse
    _drag(qtbot, window, ["K1216"])
    assert "'Side A'" in questions[0] and "40 hexes" in questions[0]
    assert document.undo_stack.count() == 0
    tool.ask = lambda text: True
    _drag(qtbot, window, ["K1216", "K1217"])
    setup = document.scenario.side("german").setup
    assert isinstance(setup, EntryPlacement) and isinstance(setup.region, HexesRegion)
    assert len(setup.region.hexes) == 42 and setup.turn == 1
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    assert document.scenario.side("german").setup == EntryPlacement(
        region=EdgeRegion(edge="A"), turn=1
    )


def test_a_side_entering_on_turn_2_in_column_at_an_edge_checks_clean(
    qtbot: QtBot, window: MainWindow
) -> None:
    from editor.scenario.validation import loaded_of

    document = window.document
    assert document is not None
    page = _page(window, "us")
    _choose(page.kind, "entry")
    _type_region(qtbot, page, "south edge")
    page.turn.setValue(2)
    _choose(page.formation, "column")
    page.apply_button.click()
    setup = document.scenario.side("us").setup
    assert setup == EntryPlacement(region=EdgeRegion(edge="south"), turn=2, formation="column")
    assert page.kind.currentData() == "entry" and page.turn.value() == 2
    findings = run_checks(loaded_of(document))
    about = [f for f in findings if f.path.startswith("sides[1].setup")]
    assert not [f for f in about if f.severity == "error"], about


def test_first_player_and_deployment_order_survive_save_and_reload(
    window: MainWindow, tmp_path: Path
) -> None:
    assert window.open_file(P44_UTAH)
    document = window.document
    assert document is not None
    page = _page(window, "german")
    assert page.first_player.currentData() == "us"
    _choose(page.first_player, "german")
    _choose(page.deployment, "us,german")
    _choose(page.role, "defender")
    assert document.scenario.first_player == "german"
    assert document.undo_stack.count() == 3
    target = tmp_path / "utah.yaml"
    document.save(target)
    again = load_scenario(target).scenario
    assert again.first_player == "german"
    assert again.deployment_order == ["us", "german"]
    assert again.side("german").role == "defender"
    document.undo_stack.undo()
    assert page.role.currentData() == "none"  # the tab follows undo


def test_armor_1b_constraints_turn_unmet_when_a_building_leaves_its_corner(
    window: MainWindow,
) -> None:
    assert window.open_file(ARMOR_1B)
    document = window.document
    assert document is not None
    view = window.sections_panel.constraints
    assert not view.isHidden()
    rows = [view.list.item(i).text() for i in range(view.list.count())]
    assert len(rows) == 6 and all(r.startswith("✓") for r in rows)
    assert "all met" in view.caption.text()
    # the brick Building by Corner 1 (J3802) goes to the middle of board J
    index = next(i for i, o in enumerate(document.scenario.map.overlays) if o.hex == "J3802")
    assert (
        document.move_overlay(index, OverlayPlacement(overlay="brick-building", hex="J2010")) == []
    )
    rows = [view.list.item(i).text() for i in range(view.list.count())]
    unmet = [r for r in rows if r.startswith("✗")]
    assert len(unmet) == 1
    assert "Corner" in unmet[0] and "0 building units within 6 hexes" in unmet[0]
    assert "1 not met" in view.caption.text()
    document.undo_stack.undo()
    rows = [view.list.item(i).text() for i in range(view.list.count())]
    assert all(r.startswith("✓") for r in rows)


def test_a_scenario_without_constraints_shows_no_list(window: MainWindow) -> None:
    assert not window.sections_panel.constraints.isHidden()  # Armor 1A has some
    assert window.open_file(P44_UTAH)
    assert window.sections_panel.constraints.isHidden()
