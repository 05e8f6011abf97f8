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
