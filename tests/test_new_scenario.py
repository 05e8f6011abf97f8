"""A new scenario for each game system on each layout offered: it loads as a file would."""

from __future__ import annotations

import pytest

from model.newscenario import layout_choices, new_scenario, open_new
from model.resources import board_ids
from model.systems import GameSystem


@pytest.mark.parametrize("system", list(GameSystem))
def test_every_layout_offered_makes_a_scenario_that_loads(system: GameSystem) -> None:
    choices = layout_choices(system)
    singles = [c for c in choices if c.title.startswith("One section")]
    assert len(singles) == len(board_ids(system))
    for choice in choices:
        scenario = new_scenario(system, choice.layout, title="Test")
        loaded = open_new(scenario)
        assert loaded.scenario == scenario
        assert len(loaded.map) > 0
        assert len(loaded.scenario.sides) == 2
        assert "germany" in [side.nation for side in loaded.scenario.sides]  # two enemies
        assert loaded.scenario.length.placeholder  # our number, said to be ours


def test_armor_offers_the_three_presets_of_its_sections() -> None:
    titles = [c.title for c in layout_choices(GameSystem.ARMOR)]
    assert titles[:3] == [
        "Edge-to-edge: J, K, L",
        "End-to-end: J, K, L",
        "Staggered: J, K, L",
    ]


def test_file_new_through_the_dialog(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QTimer

    from editor.app import MainWindow
    from editor.files.new_scenario import NewScenarioDialog

    window = MainWindow()
    qtbot.addWidget(window)
    dialog = NewScenarioDialog(window)
    dialog.system_box.setCurrentIndex(dialog.system_box.findData("soldiers"))
    titles = [dialog.layouts.item(i).text() for i in range(dialog.layouts.count())]
    assert "One section: B" in titles
    dialog.layouts.setCurrentRow(titles.index("One section: B"))
    dialog.title_edit.setText("Street fight")
    QTimer.singleShot(0, dialog.accept)
    assert window.files.new_scenario(dialog)
    document = window.document
    assert document is not None
    assert document.scenario.system is GameSystem.SOLDIERS
    assert [p.section for p in document.placements()] == ["B"]
    assert window.windowTitle().startswith("untitled[*] - Street fight")
    assert window.sections_panel.palette.count() == len(board_ids(GameSystem.SOLDIERS))


def test_the_dialog_sets_the_date_the_sides_and_a_budget(qtbot) -> None:  # type: ignore[no-untyped-def]
    # With real keys and clicks: the date typed, the first side renamed, the second side's
    # forces bought with Force Points; the new scenario carries them and Test Play offers
    # to buy that side's forces.
    from PySide6.QtCore import Qt, QTimer

    from editor.app import MainWindow
    from editor.files.new_scenario import NewScenarioDialog
    from rules.pointbuy.purchase import needs_purchase

    window = MainWindow()
    qtbot.addWidget(
        window, before_close_func=lambda w: w.document and w.document.undo_stack.setClean()
    )
    dialog = NewScenarioDialog(window)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.system_box.setCurrentIndex(dialog.system_box.findData("soldiers"))
    qtbot.keyClicks(dialog.date_edit, "1944-07-25")
    first, second = dialog.sides
    assert (first.nation.currentData(), second.nation.currentData()) == ("us", "germany")
    first.name.selectAll()
    qtbot.keyClicks(first.name, "Task Force Hogan")
    assert not second.budget.isEnabled()
    qtbot.mouseClick(second.bought, Qt.MouseButton.LeftButton, pos=second.bought.rect().center())
    assert second.budget.isEnabled() and second.budget.suffix() == " FP"
    second.budget.selectAll()
    qtbot.keyClicks(second.budget, "36")
    QTimer.singleShot(0, dialog.accept)
    assert window.files.new_scenario(dialog)
    scenario = window.document.scenario
    assert scenario.date == "1944-07-25"
    assert [s.name for s in scenario.sides] == ["Task Force Hogan", "German"]
    assert scenario.sides[0].budget is None
    budget = scenario.sides[1].budget
    assert budget is not None and (budget.points, budget.kind) == (36, "force-points")
    assert needs_purchase(scenario) == ("germany",)
