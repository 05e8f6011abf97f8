"""The Budget panel through its widgets: Soldiers purchases that break each purchase rule in turn,
reported with the figures and met again after undo; Armor's Terrain Support, batteries and Air
Spotting; Panzer '44's derived cost only when asked, labelled as Hexwright's; the pure purchase
edits and their refusals."""

from __future__ import annotations

import os
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.forces.budget_panel import DERIVED_LABEL, BudgetPanel
from model import edits_purchases
from model.scenario_io import load_scenario

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
VIRE = os.path.join(SCENARIOS, "soldiers", "20-vire-bridges.yaml")
SPEARHEADS = os.path.join(SCENARIOS, "armor", "1a-spearheads.yaml")
SURROUNDED = os.path.join(SCENARIOS, "armor", "3b-surrounded.yaml")
ARRACOURT = os.path.join(SCENARIOS, "panzer44", "19.5-arracourt.yaml")


# --- helpers -------------------------------------------------------------------------------------


def _open(window: MainWindow, path: str, side: str) -> BudgetPanel:
    assert window.open_file(path)
    window.budget_dock.raise_()
    window.oob_panel.choose_side(side)  # the Budget panel follows the Order of Battle's side
    panel = window.budget_panel
    assert panel.side_id() == side
    return panel


def shown(panel: BudgetPanel, rule_id: str) -> tuple[str, str]:
    """A rule as the list shows it: its state (from the row's ✓ / ✗ / – mark) and its why."""
    for row in range(panel.rules.count()):
        item = panel.rules.item(row)
        if item.data(Qt.ItemDataRole.UserRole) == rule_id:
            mark = item.toolTip().split(":")[0].split(" (")[0]
            state = {"✓ met": "met", "✗ broken": "broken", "– does not apply": "n/a"}[mark]
            return state, item.text().split("\n", 1)[1]
    raise AssertionError(f"no rule '{rule_id}' shown")


def broken_first(panel: BudgetPanel) -> list[str]:
    """The ids of the rows shown as broken, which must be the first rows."""
    marks = [panel.rules.item(r).toolTip().startswith("✗") for r in range(panel.rules.count())]
    assert marks == sorted(marks, reverse=True), "broken rules come first"
    return [
        str(panel.rules.item(r).data(Qt.ItemDataRole.UserRole))
        for r in range(panel.rules.count())
        if marks[r]
    ]


def buy(panel: BudgetPanel, qtbot: QtBot, item: str, count: int = 1) -> None:
    """Choose an item in the panel's box, set the count, click Buy."""
    index = panel.item_box.findData(item)
    assert index >= 0, item
    panel.item_box.setCurrentIndex(index)
    panel.add_count.setValue(count)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)


def undo(window: MainWindow) -> None:
    assert window.document is not None
    window.document.undo_stack.undo()


def _apply(form: Any) -> None:
    buttons = [b for b in form.findChildren(QPushButton) if b.text() == "Apply"]
    buttons[0].click()


def reinforce(window: MainWindow, side: str, *units: str) -> None:
    """Add units to the side's purchased reinforcements in the Scenario Rules panel."""
    rules = window.rules_panel
    rules.tabs.setCurrentIndex(2)
    rules.side_box.setCurrentIndex(rules.side_box.findData(side))
    rules.select_reinforcement(0)
    rules.edit_reinforcement()
    for unit in units:
        rules.reinforcement_form.add_units(unit)
    _apply(rules.reinforcement_form)


# --- Soldiers: every purchase rule broken in turn ------------------------------------------------


@pytest.fixture
def vire(window: MainWindow, qtbot: QtBot) -> BudgetPanel:
    """Scenario 20 with the German defender (30 FP) holding one squad (15 FP)."""
    panel = _open(window, VIRE, "german")
    window.oob_panel.add_unit("GE-SQUAD-2", 1)
    assert (panel.figures.spent.text(), panel.figures.left.text()) == ("15", "15")
    assert panel.figures.left_caption.text() == "FP left"
    assert broken_first(panel) == []
    return panel


def test_soldiers_at_least_half_on_squads(window: MainWindow, vire: BudgetPanel) -> None:
    assert shown(vire, "squads-half") == ("met", "squads 15 of 30 FP: at least 15 required")
    vire.points_box.setValue(40)  # the budget, edited in the panel
    assert window.document.scenario.side("german").budget.points == 40
    assert shown(vire, "squads-half") == ("broken", "squads 15 of 40 FP: at least 20 required")
    assert broken_first(vire) == ["squads-half"]
    undo(window)
    assert vire.points_box.value() == 30
    assert shown(vire, "squads-half")[0] == "met"


def test_soldiers_overspending(window: MainWindow, vire: BudgetPanel, qtbot: QtBot) -> None:
    buy(vire, qtbot, "INTELLIGENCE", 15)
    buy(vire, qtbot, "GRENADE", 2)  # 1 FP buys two
    assert shown(vire, "budget") == ("broken", "31 FP spent of 30: 1 over")
    assert (vire.figures.spent.text(), vire.figures.left.text()) == ("31", "1")
    assert vire.figures.left_caption.text() == "FP over"
    assert "#c0392b" in vire.figures.bar.styleSheet()  # the bar is red
    undo(window)
    assert shown(vire, "budget") == ("met", "30 of 30 FP spent, 0 left")
    assert "#2e7d32" in vire.figures.bar.styleSheet()


def test_soldiers_intelligence_at_most_half(
    window: MainWindow, vire: BudgetPanel, qtbot: QtBot
) -> None:
    buy(vire, qtbot, "INTELLIGENCE", 16)
    assert shown(vire, "intelligence-half") == (
        "broken",
        "intelligence 16 of 30 FP: at most 15 allowed",
    )
    assert set(broken_first(vire)) == {"intelligence-half", "budget"}
    vire.select_line("INTELLIGENCE")
    vire.count_box.setValue(15)  # the count of the selected purchase
    assert shown(vire, "intelligence-half") == (
        "met",
        "intelligence 15 of 30 FP: at most 15 allowed",
    )
    undo(window)
    undo(window)
    assert shown(vire, "intelligence-half")[1] == "intelligence 0 of 30 FP: at most 15 allowed"


def test_soldiers_reinforcements_no_more_than_initial_squads(
    window: MainWindow, vire: BudgetPanel
) -> None:
    assert shown(vire, "reinforcement-cap") == ("n/a", "no reinforcements bought")
    reinforce(window, "german", "GE-SQUAD-3", "GE-SQUAD-4")
    assert shown(vire, "reinforcement-cap") == (
        "broken",
        "reinforcements 20 FP, initially deployed squads 15 FP: may not exceed them",
    )
    categories = [vire.lines.item(r, 4).text() for r in range(vire.lines.rowCount())]
    assert categories == ["squads", "reinforcement squads", "reinforcement squads"]
    undo(window)
    assert shown(vire, "reinforcement-cap")[0] == "n/a"


def test_soldiers_reinforcements_only_where_the_mission_allows(
    window: MainWindow, vire: BudgetPanel
) -> None:
    window.oob_panel.choose_side("us")
    assert vire.side_id() == "us" and vire.mission_box.isVisibleTo(vire)
    assert [vire.mission_box.itemText(i) for i in range(vire.mission_box.count())] == [
        "Raid",
        "Advance Patrol",
        "Commando Assault",
    ]
    window.oob_panel.add_unit("US-SQUAD-5", 1)
    reinforce(window, "us", "US-VETERAN")
    assert shown(vire, "reinforcements-allowed") == (
        "broken",
        "US-VETERAN is a reinforcement, but the Raid mission forbids them",
    )
    assert vire.points_box.value() == 36  # the Raid's budget
    vire.mission_box.setCurrentIndex(1)
    assert vire.points_box.value() == 40
    assert shown(vire, "reinforcements-allowed")[0] == "met"
    vire.mission_box.setCurrentIndex(0)
    undo(window)
    assert shown(vire, "reinforcements-allowed") == ("n/a", "no reinforcements bought")


def test_soldiers_platoon_leader_after_heavy_weapons_and_one_per_side(
    window: MainWindow, vire: BudgetPanel
) -> None:
    window.oob_panel.add_unit("GE-ENGINEER", 1)
    window.oob_panel.add_unit("GE-PL", 1)
    assert shown(vire, "platoon-leader") == (
        "broken",
        "heavy-weapons soldiers 2 FP: at least 3 required for the platoon leader",
    )
    undo(window)
    undo(window)
    window.oob_panel.add_unit("GE-MMG-TEAM", 1)
    window.oob_panel.add_unit("GE-PL", 1)
    assert shown(vire, "platoon-leader")[0] == "met"
    vire.select_line("GE-PL")
    vire.count_box.setValue(2)
    assert shown(vire, "platoon-leader") == (
        "broken",
        "2 platoon leaders bought: each side has only one",
    )
    undo(window)
    assert shown(vire, "platoon-leader") == (
        "met",
        "heavy-weapons soldiers 4 FP: at least 3 required for the platoon leader",
    )


def test_soldiers_only_squads_are_bought_depleted(window: MainWindow, vire: BudgetPanel) -> None:
    vire.select_line("GE-SQUAD-2")
    vire.depleted_box.setChecked(True)
    assert shown(vire, "depleted") == ("met", "1 depleted squad(s), at the depleted price")
    assert vire.lines.item(0, 4).text() == "depleted squads"
    assert vire.lines.item(0, 3).text() == "9*"  # a placeholder price, starred and amber
    assert "60% of the full price" in vire.lines.item(0, 3).toolTip()
    undo(window)
    window.oob_panel.add_unit("GE-MMG-TEAM", 1)
    vire.select_line("GE-MMG-TEAM")
    vire.depleted_box.setChecked(True)
    assert shown(vire, "depleted") == (
        "broken",
        "GE-MMG-TEAM is marked depleted, but only squads are bought depleted",
    )
    undo(window)
    assert shown(vire, "depleted") == ("n/a", "no depleted squads")


def test_soldiers_defensive_preparations_for_the_defender_only(
    window: MainWindow, vire: BudgetPanel, qtbot: QtBot
) -> None:
    buy(vire, qtbot, "WIRE", 2)
    assert shown(vire, "preparations") == ("met", "German is the defender")
    window.oob_panel.choose_side("us")
    window.oob_panel.add_unit("US-SQUAD-5", 1)
    buy(vire, qtbot, "CAMOUFLAGE")
    assert shown(vire, "preparations") == (
        "broken",
        "Camouflage is a defensive preparation, but US is not the defender",
    )
    undo(window)
    assert shown(vire, "preparations") == ("n/a", "no defensive preparations bought")


def test_soldiers_one_level_of_artillery(
    window: MainWindow, vire: BudgetPanel, qtbot: QtBot
) -> None:
    buy(vire, qtbot, "ART-LIGHT")
    assert shown(vire, "artillery") == (
        "met",
        "Light artillery support bought; it comes with the radio",
    )
    buy(vire, qtbot, "ART-HEAVY")
    assert shown(vire, "artillery") == (
        "broken",
        "2 artillery supports bought: the squad sheet has one level, none, light or heavy",
    )
    vire.select_line("ART-HEAVY")
    qtbot.mouseClick(vire.remove_button, Qt.MouseButton.LeftButton)
    assert shown(vire, "artillery")[0] == "met"
    undo(window)
    assert shown(vire, "artillery")[0] == "broken"
    undo(window)
    undo(window)
    assert shown(vire, "artillery") == ("n/a", "no artillery support bought")


def test_soldiers_each_squad_of_the_counter_mix_once(
    window: MainWindow, vire: BudgetPanel, qtbot: QtBot
) -> None:
    oob = window.oob_panel
    oob.search_for("GE-SQUAD-2")
    oob.catalogue.setCurrentRow(0)
    assert oob.selected_unit().id == "GE-SQUAD-2"
    qtbot.mouseClick(oob.add_button, Qt.MouseButton.LeftButton)
    assert shown(vire, "counter-mix") == (
        "broken",
        "GE-SQUAD-2 bought 2 times: the counter mix has one",
    )
    undo(window)
    assert shown(vire, "counter-mix") == ("met", "1 counter(s) of the mix, each once")


def test_soldiers_every_edit_undone_leaves_the_scenario_as_it_was(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = _open(window, VIRE, "german")
    original = window.document.scenario
    window.oob_panel.add_unit("GE-SQUAD-2", 1)
    buy(panel, qtbot, "INTELLIGENCE", 4)
    buy(panel, qtbot, "INTELLIGENCE", 2)  # the same item: one purchase of 6
    assert [(p.item, p.count) for p in window.document.scenario.side("german").purchases] == [
        ("INTELLIGENCE", 6)
    ]
    panel.select_line("GE-SQUAD-2")
    panel.depleted_box.setChecked(True)
    qtbot.mouseClick(panel.remove_budget_button, Qt.MouseButton.LeftButton)
    assert panel.report is None and panel.add_budget_button.isVisibleTo(panel)
    assert "not bought" in panel.empty.text()
    qtbot.mouseClick(panel.add_budget_button, Qt.MouseButton.LeftButton)
    assert (panel.points_box.value(), panel.kind_box.currentData()) == (30, "force-points")
    while window.document.undo_stack.canUndo():
        undo(window)
    assert window.document.scenario == original


def test_a_refused_purchase_is_said_in_the_panel(window: MainWindow, qtbot: QtBot) -> None:
    panel = _open(window, VIRE, "german")
    assert panel.add_item("KING-TIGER") == ["Soldiers has nothing called 'KING-TIGER' to buy"]
    assert panel.message.text() == "Soldiers has nothing called 'KING-TIGER' to buy"
    assert window.document.undo_stack.count() == 0
    assert not panel.derived_box.isVisibleTo(panel)


# --- Armor ---------------------------------------------------------------------------------------


def test_armor_terrain_support_bought_by_the_attacker_is_broken(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = _open(window, SURROUNDED, "attacker")
    buy(panel, qtbot, "MINES")
    assert shown(panel, "terrain-support") == (
        "broken",
        "MINES is Terrain Support, but Attacker attacks",
    )
    assert "terrain-support" in broken_first(panel)
    window.oob_panel.choose_side("defender")
    buy(panel, qtbot, "WIRE", 10)
    assert shown(panel, "terrain-support") == ("met", "Defender defends and starts on the map")
    assert shown(panel, "scenario-1") == (
        "met",
        "terrain-support 50 of 200 points: at least 50 required",
    )


def test_armor_batteries_and_air_spotting_add_their_points(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = _open(window, SPEARHEADS, "german")
    assert panel.figures.spent.text() == "165"
    assert panel.item_box.itemText(panel.item_box.findData("AIR-SPOTTING")) == (
        "Air Spotting · 20 points"
    )
    buy(panel, qtbot, "ARTILLERY-MEDIUM")
    buy(panel, qtbot, "AIR-SPOTTING")
    assert (panel.figures.spent.text(), panel.figures.left.text()) == ("225", "50")
    assert panel.figures.left_caption.text() == "points over"
    rows = {
        panel.lines.item(r, 0).text(): panel.lines.item(r, 3).text()
        for r in range(panel.lines.rowCount())
    }
    assert (rows["ARTILLERY-MEDIUM"], rows["AIR-SPOTTING"]) == ("40", "20")  # the book's
    assert "Armor [OP III.E.1]" in panel.lines.item(4, 3).toolTip()
    assert shown(panel, "budget") == ("broken", "225 points spent of 175: 50 over")
    undo(window)
    undo(window)
    assert shown(panel, "budget") == ("met", "165 of 175 points spent, 10 left")


# --- Panzer '44 ----------------------------------------------------------------------------------


def test_panzer44_derived_cost_only_when_asked_and_labelled_as_ours(
    window: MainWindow, qtbot: QtBot
) -> None:
    panel = _open(window, ARRACOURT, "german")
    assert panel.derived_box.isVisibleTo(panel) and not panel.derived_box.isChecked()
    assert panel.derived_box.text() == DERIVED_LABEL
    assert panel.report is None and panel.lines.rowCount() == 0
    assert not panel.figures.isVisibleTo(panel)
    assert "no point-buy in the book" in panel.empty.text()
    panel.derived_box.setChecked(True)
    assert panel.report is not None and panel.report.derived
    assert panel.figures.spent_caption.text() == (
        "points by Hexwright's derived cost (not in the book)"
    )
    assert panel.lines.rowCount() > 0
    for row in range(panel.lines.rowCount()):
        assert panel.lines.item(row, 3).text().endswith("*")
        assert "Hexwright's own cost" in panel.lines.item(row, 3).toolTip()
    panel.derived_box.setChecked(False)
    assert panel.report is None and panel.lines.rowCount() == 0
    assert window.document.undo_stack.count() == 0  # showing is not an edit


# --- the pure edits ------------------------------------------------------------------------------


def test_purchase_edits_return_new_scenarios() -> None:
    scenario = load_scenario(VIRE).scenario
    bought = edits_purchases.add_purchase(scenario, "german", "GRENADE", 4)
    assert scenario.side("german").purchases == []
    assert [(p.item, p.count) for p in bought.side("german").purchases] == [("GRENADE", 4)]
    counted = edits_purchases.set_purchase_count(bought, "german", 0, 6)
    assert counted.side("german").purchases[0].count == 6
    assert edits_purchases.remove_purchase(counted, "german", 0) == scenario
    richer = edits_purchases.set_mission_budget(scenario, "raid", 50, "force-points")
    assert richer.missions[0].budget is not None and richer.missions[0].budget.points == 50
    assert edits_purchases.set_side_budget(scenario, "us", 100).side("us").budget.points == 100  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda s: edits_purchases.add_purchase(s, "german", "GRENADE", 0),
            "buy at least one, not 0",
        ),
        (
            lambda s: edits_purchases.add_purchase(s, "german", "APCR"),
            "Soldiers has nothing called 'APCR'",
        ),
        (
            lambda s: edits_purchases.set_side_budget(s, "german", -1, "force-points"),
            "a budget is 0 points or more, not -1",
        ),
        (
            lambda s: edits_purchases.set_purchase_count(s, "german", 0, 0),
            "remove the purchase instead",
        ),
    ],
)
def test_purchase_edits_refuse_with_a_reason(edit: Any, message: str) -> None:
    scenario = load_scenario(VIRE).scenario
    with pytest.raises(ValueError, match=message):
        edit(scenario)
