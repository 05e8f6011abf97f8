"""The editor's widgets for what the "complete scenario through the widgets" tests found missing
(issue 5): the Scenario tab (details, provenance, play area, objects, missions), the Length
tab clearing File > New's placeholder, the Set-up tab's Side group (nation, counters, mounted
set-up, Panzer Command settings, panic, support, fortifications), an entry's label, the
victory form's unit filter and the new special-rule kinds. Each change is one undo step; each
refusal is said inline."""

from __future__ import annotations

import os
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.document import ScenarioDocument
from editor.scenario.details_editor import DetailsPage
from editor.scenario.side_editor import SideDetails
from model.newscenario import new_scenario, open_new
from model.regions import EdgeRegion
from model.scenario_map import LayoutSpec, SectionSpec
from model.systems import GameSystem
from model.victory import DeploymentLimit, ExitAllowed, TerrainOverride, UsageCap

pytestmark = pytest.mark.gui

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
SEDAN = os.path.join(SCENARIOS, "panzer44", "19.2-sedan-revenged.yaml")
POINT_161 = os.path.join(SCENARIOS, "panzer-command", "point-161.yaml")
BRIDGE = os.path.join(SCENARIOS, "armor", "2b-the-bridge.yaml")


def _type(qtbot: QtBot, edit: Any, text: str) -> None:
    edit.clear()
    qtbot.keyClicks(edit, text)


def _choose(box: Any, data: object) -> None:
    index = box.findData(data)
    assert index >= 0, data
    box.setCurrentIndex(index)


def _details(window: MainWindow) -> DetailsPage:
    window.rules_dock.raise_()
    window.rules_panel.show_details()
    return window.rules_panel.details_page


def _side(window: MainWindow, side: str) -> SideDetails:
    window.rules_panel.show_setup()
    window.rules_panel.setup_page.choose_side(side)
    return window.rules_panel.setup_page.side_details


def _new(window: MainWindow, system: GameSystem, section: str) -> None:
    layout = LayoutSpec(sections=[SectionSpec(section=section)])
    window.files.install(ScenarioDocument(open_new(new_scenario(system, layout)), None))


def test_the_scenario_tab_is_first_and_the_dock_is_called_scenario(window: MainWindow) -> None:
    assert window.rules_panel.tabs.tabText(0) == "Scenario"
    assert window.rules_dock.windowTitle() == "Scenario"


def test_details_applied_as_one_undo_step_and_the_title_follows(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _details(window)
    assert window.document is not None
    before = window.document.scenario
    _type(qtbot, page.id_edit, "1a-again")
    _type(qtbot, page.title_edit, "Spearheads Again")
    _type(qtbot, page.date_edit, "June 1944")
    page.description.setPlainText("A second look.")
    _choose(page.provenance, "placeholder")
    _type(qtbot, page.provenance_text, "a variant of 1A")
    assert page.apply_details()
    after = window.document.scenario
    assert (after.id, after.title, after.date, after.description) == (
        "1a-again",
        "Spearheads Again",
        "June 1944",
        "A second look.",
    )
    assert (after.source, after.original, after.placeholder) == (None, False, "a variant of 1A")
    assert "Spearheads Again" in window.windowTitle()
    window.document.undo_stack.undo()
    assert window.document.scenario == before
    assert page.title_edit.text() == before.title


def test_a_bad_id_is_refused_inline(qtbot: QtBot, window: MainWindow) -> None:
    page = _details(window)
    assert window.document is not None
    before = window.document.scenario
    _type(qtbot, page.id_edit, "not an id")
    assert not page.apply_details()
    assert "may hold only letters" in page.details_message.text()
    assert page.details_message.isVisibleTo(page)
    assert window.document.scenario == before
    _choose(page.provenance, "source")
    _type(qtbot, page.provenance_text, "somewhere")
    _type(qtbot, page.id_edit, "fine")
    assert not page.apply_details()
    assert "the book and its section in brackets" in page.details_message.text()


def test_the_length_clears_file_news_placeholder(window: MainWindow) -> None:
    _new(window, GameSystem.PANZER44, "P44")
    assert window.document is not None
    assert window.document.scenario.length.placeholder
    panel = window.rules_panel
    panel.turns.setValue(7)
    assert panel.apply_length()
    length = window.document.scenario.length
    assert (length.turns, length.placeholder) == (7, None)


def test_play_area_and_objects(qtbot: QtBot, window: MainWindow) -> None:
    page = _details(window)
    assert window.document is not None
    _type(qtbot, page.play_area.edit, "hexes K1216, K1217")
    assert page.play_area.message.text().startswith("✓ 2 hexes")
    assert page.apply_play_area()
    assert window.document.scenario.map.play_area is not None
    _type(qtbot, page.object_name, "dumps")
    _type(qtbot, page.object_region.edit, "hexes K1216")
    page.object_kind.setCurrentText("dump")
    page.object_defense.setValue(2)
    assert page.add_object()
    [dumps] = window.document.scenario.map.objects
    assert (dumps.name, dumps.kind, dumps.defense) == ("dumps", "dump", 2)
    assert page.objects.count() == 1
    assert not page.add_object()  # the same name again
    assert "repeated: dumps" in page.map_message.text()
    # The Victory form's Objects box lists them.
    window.rules_panel.add_condition()
    form = window.rules_panel.condition_form
    assert [form.objects.itemText(i) for i in range(form.objects.count())] == ["dumps"]
    form.cancelled.emit()
    page.objects.setCurrentRow(0)
    assert page.remove_object()
    assert window.document.scenario.map.objects == []


def test_removing_objects_a_condition_names_is_refused(window: MainWindow) -> None:
    assert window.open_file(BRIDGE)
    page = _details(window)
    assert window.document is not None
    names = [o.name for o in window.document.scenario.map.objects]
    page.objects.setCurrentRow(names.index("bridge"))
    assert not page.remove_object()
    assert page.map_message.text() == (
        "'bridge' is named by special rule 2, victory condition 3: change that first"
    )


def test_missions_for_soldiers(qtbot: QtBot, window: MainWindow) -> None:
    _new(window, GameSystem.SOLDIERS, "B")
    page = _details(window)
    assert not page.missions_group.isHidden()
    assert window.document is not None
    side = window.document.scenario.sides[0].id
    _type(qtbot, page.mission_id, "raid")
    _type(qtbot, page.mission_name, "The Raid")
    _choose(page.mission_side, side)
    page.mission_budget.setValue(30)
    page.mission_reinforcements.setChecked(False)
    assert page.add_mission()
    [mission] = window.document.scenario.missions
    assert (mission.id, mission.side, mission.reinforcements) == ("raid", side, False)
    assert mission.budget is not None and mission.budget.points == 30
    assert not page.add_mission()
    assert "there is a mission 'raid' already" in page.missions_message.text()
    assert page.remove_mission()
    assert window.document.scenario.missions == []


def test_panzer_command_settings_within_the_books_limits(window: MainWindow) -> None:
    assert window.open_file(POINT_161)
    assert window.document is not None
    side = window.document.scenario.sides[0]
    group = _side(window, side.id)
    assert group.form.isRowVisible(group.dispatch)
    assert not group.form.isRowVisible(group.panic)
    assert group.dispatch.maximum() == 9 and group.commands.maximum() == 19
    assert group.hq_space.currentData() == side.settings["division_hq_space"]
    _choose(group.hq_space, "A")
    group.dispatch.setValue(9)
    group.air.setValue(group.air.minimum())  # not set
    assert group.apply()
    settings = window.document.scenario.sides[0].settings
    assert (settings["division_hq_space"], settings["dispatch_points"]) == ("A", 9)
    assert "air_strength" not in settings


def test_panzer44_side_nation_counters_panic_support_fortifications(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.open_file(SEDAN)
    assert window.document is not None
    group = _side(window, "french")
    assert not group.form.isRowVisible(group.dispatch)
    assert group.nation.currentText() == "france"
    assert group.pool.currentData() == "us"
    _choose(group.pool, "britain")
    assert group.apply()
    assert window.document.scenario.side("french").counter_pool == "britain"
    group = _side(window, "german")
    _choose(group.mounted, "required")
    _type(qtbot, group.panic, "1: 30%, 5: 20%")
    group.per_loss.setValue(5)
    _type(qtbot, group.support, "OFBDA-3(10H), CAS-1(9H)")
    group.ips.setValue(4)
    _type(qtbot, group.mine_kind, "hasty")
    _type(qtbot, group.not_in, "town")
    _type(qtbot, group.mines_not_in, "woods")
    steps = window.document.undo_stack.count()
    assert group.apply()
    assert window.document.undo_stack.count() == steps + 1
    german = window.document.scenario.side("german")
    assert german.mounted_setup == "required"
    assert german.panic is not None and [(p.from_turn, p.percent) for p in german.panic.levels] == [
        (1, 30),
        (5, 20),
    ]
    assert german.panic.per_loss == 5
    assert [(s.kind, s.count, s.strength) for s in german.support] == [
        ("OFBDA", 3, "10H"),
        ("CAS", 1, "9H"),
    ]
    assert german.fortifications is not None
    assert (german.fortifications.improved_positions, german.fortifications.not_in) == (4, ["town"])
    assert german.fortifications.mines_not_in == ["woods"]
    _type(qtbot, group.panic, "half")
    assert not group.apply()
    assert "is not a panic level" in group.message.text()


def test_an_entry_label_renames_its_riders(qtbot: QtBot, window: MainWindow) -> None:
    assert window.open_file(SEDAN)
    assert window.document is not None
    panel = window.oob_panel
    panel.choose_side("german")
    index = [e.label for e in window.document.scenario.side("german").forces].index("spw")
    panel.select_entry(index)
    assert panel.label_edit.text() == "spw"
    _type(qtbot, panel.label_edit, "halftracks")
    qtbot.keyClick(panel.label_edit, Qt.Key.Key_Return)
    forces = window.document.scenario.side("german").forces
    assert forces[index].label == "halftracks"
    assert {e.mounted_on for e in forces if e.mounted_on} == {"halftracks"}
    panel.select_entry(index)
    _type(qtbot, panel.label_edit, "arracourt-m3")
    qtbot.keyClick(panel.label_edit, Qt.Key.Key_Return)
    assert "another entry is labelled 'arracourt-m3'" in panel.message.text()


def test_a_victory_condition_counts_labelled_units(qtbot: QtBot, window: MainWindow) -> None:
    assert window.open_file(SEDAN)
    assert window.document is not None
    panel = window.rules_panel
    panel.add_condition()
    form = panel.condition_form
    _choose(form.kind_box, "units-in")
    _choose(form.side, "german")
    _type(qtbot, form.region.edit, "hexes 1316")
    _type(qtbot, form.unit_types, "SPW")
    _type(qtbot, form.unit_labels, "nobody")
    form._submit()
    assert "no force entry is labelled 'nobody'" in form.message.text()
    _type(qtbot, form.unit_labels, "spw")
    form._submit()
    condition = window.document.scenario.victory.conditions[-1]
    assert condition.units.types == ["SPW"] and condition.units.labels == ["spw"]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "kind", ["exit-allowed", "usage-cap", "terrain-override", "deployment-limit"]
)
def test_the_new_special_rule_kinds(qtbot: QtBot, window: MainWindow, kind: str) -> None:
    assert window.open_file(SEDAN)
    assert window.document is not None
    panel = window.rules_panel
    panel.add_rule()
    form = panel.rule_form
    _choose(form.kind_box, kind)
    if kind == "exit-allowed":
        form._submit()
        assert "choose the side" in form.message.text()
        _choose(form.sides, "german")
        _type(qtbot, form.region.edit, "south edge")
        form.from_turn.setValue(3)
    elif kind == "usage-cap":
        _choose(form.sides, "french")
        _type(qtbot, form.what, "CAS strike")
        form.per_turn.setValue(1)
    elif kind == "deployment-limit":
        assert not form.form.isRowVisible(form.per_turn)
        _choose(form.sides, "german")
        _type(qtbot, form.region.edit, "south edge")
        form.at_most.setValue(2)
    else:
        form.terrain.setCurrentText("swamp")
        form.extra_cost.setValue(1)
        form.text.setPlainText("the ground is soft")
    form._submit()
    assert not form.isVisible(), form.message.text()
    rule = window.document.scenario.special_rules[-1]
    expected = {
        "exit-allowed": ExitAllowed(side="german", region=EdgeRegion(edge="south"), from_turn=3),
        "usage-cap": UsageCap(side="french", what="CAS strike", per_turn=1),
        "terrain-override": TerrainOverride(
            terrain="swamp", extra_cost=1.0, text="the ground is soft"
        ),
        "deployment-limit": DeploymentLimit(
            side="german", region=EdgeRegion(edge="south"), at_most=2
        ),
    }[kind]
    assert rule == expected
    if kind == "deployment-limit":
        shown = panel.rules.item(panel.rules.rowCount() - 1, 0).text()
        assert "German: at most 2 units set up in" in shown


@pytest.mark.parametrize(
    "path",
    [
        SEDAN,
        POINT_161,
        BRIDGE,
        os.path.join(SCENARIOS, "panzer44", "19.7-assault-on-fort-driant.yaml"),
        os.path.join(SCENARIOS, "panzer44", "19.1-behind-utah.yaml"),
    ],
)
def test_applying_a_books_side_and_details_as_shown_changes_nothing(
    window: MainWindow, path: str
) -> None:
    assert window.open_file(path)
    assert window.document is not None
    for side in window.document.scenario.sides:
        group = _side(window, side.id)
        assert group.apply(), group.message.text()
    page = _details(window)
    assert page.apply_details(), page.details_message.text()
    assert window.document.undo_stack.count() == 0
