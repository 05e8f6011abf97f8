"""The order of battle: the pure force edits, and the Order of Battle panel through its widgets
(add from the catalogue, drag onto the map, turn, remove, undo back to the original)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.app import MainWindow
from editor.files.document import ScenarioDocument
from editor.forces.oob_panel import FORCE_MIME, force_payload, parse_force_payload
from model import edits
from model.catalog import unit_types
from model.hexes import Hex
from model.scenario import HexPlacement
from model.scenario_io import load_scenario

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
FIXTURE_SCENARIO = os.path.join(SCENARIOS, "armor", "1a-spearheads.yaml")  # as in conftest
PANZER44_US_POOL = os.path.join(SCENARIOS, "panzer44", "19.2-sedan-revenged.yaml")


# --- pure edits --------------------------------------------------------------------------------


def test_force_edits_return_new_scenarios_and_leave_the_input_alone() -> None:
    scenario = load_scenario(FIXTURE_SCENARIO).scenario
    added = edits.add_force(scenario, "german", "PANTHER-A", 2)
    assert len(scenario.side("german").forces) == 3
    assert added.side("german").forces[-1].unit == "PANTHER-A"
    assert added.side("german").forces[-1].count == 2
    counted = edits.set_force_count(added, "german", 3, 5)
    assert counted.side("german").forces[3].count == 5
    placed = edits.place_force(counted, "german", 3, HexPlacement(hex="K2015", facing=4))
    assert placed.side("german").forces[3].placement == HexPlacement(hex="K2015", facing=4)
    assert edits.place_force(placed, "german", 3, None).side("german").forces[3].placement is None
    renamed = edits.rename_side(placed, "us", "  Allied  ")
    assert renamed.side("us").name == "Allied"
    assert edits.remove_force(renamed, "german", 3).side("german").forces == (
        scenario.side("german").forces
    )
    assert added.side("us") == scenario.side("us")


@pytest.mark.parametrize(
    ("edit", "error"),
    [
        (lambda s: edits.add_force(s, "german", "PANTHER-A", 0), ValueError),
        (lambda s: edits.set_force_count(s, "german", 0, 0), ValueError),
        (lambda s: edits.add_force(s, "soviet", "PANTHER-A", 1), KeyError),
        (lambda s: edits.remove_force(s, "german", 9), IndexError),
        (lambda s: edits.rename_side(s, "german", " "), ValueError),
    ],
)
def test_force_edits_that_make_no_sense_raise(edit: object, error: type[Exception]) -> None:
    scenario = load_scenario(FIXTURE_SCENARIO).scenario
    with pytest.raises(error):
        edit(scenario)  # type: ignore[operator]


def test_the_document_refuses_with_reasons_and_pushes_nothing(qtbot: QtBot) -> None:
    document = ScenarioDocument.open(FIXTURE_SCENARIO)
    assert document.add_force("german", "KING-TIGER-X") == ["Armor has no unit type 'KING-TIGER-X'"]
    assert document.add_force("german", "PANTHER-A", 0) == ["add at least one unit, not 0"]
    assert document.set_force_count("german", 0, 0) == [
        "an entry holds at least one unit, not 0: remove it instead"
    ]
    assert document.remove_force("german", 7) == ["side 'german' has no force entry 8"]
    assert document.place_force("german", 0, Hex(500, 500)) == [
        "that is not a hex of the map: drop the unit on the map"
    ]
    assert document.set_force_facing("german", 0, 2) == [
        "place PZIVJ on a hex before giving it a facing"
    ]
    assert document.rename_side("us", "") == ["a side needs a name"]
    assert document.undo_stack.count() == 0


def test_the_default_facing_points_at_the_enemy_edge(qtbot: QtBot) -> None:
    document = ScenarioDocument.open(FIXTURE_SCENARIO)
    h = document.map.resolve("K2015")
    # Armor 1A: the Germans enter at Side A (north), the Americans at Side B (south).
    german = document.map.direction_to_global(h, document.default_facing("german", h))
    us = document.map.direction_to_global(h, document.default_facing("us", h))
    assert (german, us) == (3, 0)  # south, north


def test_force_payloads_round_trip() -> None:
    assert parse_force_payload(force_payload("us", 12).decode()) == ("us", 12)
    assert parse_force_payload("nonsense") is None


# --- the panel ---------------------------------------------------------------------------------


def test_add_drop_turn_remove_and_undo_everything(
    window: MainWindow, qtbot: QtBot, drop_on_map: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    original = document.scenario
    panel = window.oob_panel
    panel.choose_side("german")
    assert panel.nation_box.currentText() == "Germany"  # the side's own counters
    panel.search_for("Panther")
    assert [panel.catalogue.item(i).text() for i in range(panel.catalogue.count())] == [
        "Panther A Medium Tank"
    ]
    panel.add_count.setValue(2)
    qtbot.mouseClick(panel.add_button, Qt.MouseButton.LeftButton)
    assert panel.forces.count() == 4
    assert panel.forces.item(3).text().startswith("2 × Panther A Medium Tank")
    assert "side set-up: enters turn 1 at edge A" in panel.forces.item(3).text()
    assert not any(c.unit == "PANTHER-A" for c in document.counters)

    h = document.map.resolve("K2015")
    drop_on_map(FORCE_MIME, "german/3", h)
    panthers = [c for c in document.counters if c.unit == "PANTHER-A"]
    assert [(c.hex, c.facing) for c in panthers] == [(h, 3), (h, 3)]  # both, facing south
    assert window.view.item is not None
    assert set(panthers) <= set(window.view.item.map_painter.counters)  # drawn
    assert panel.forces.currentRow() == 3
    assert "on K2015, facing 4" in panel.forces.item(3).text()
    assert panel.facing_box.isEnabled() and panel.facing_box.value() == 4

    panel.set_facing(5)
    panel.set_facing(6)
    notch = {c.facing for c in document.counters if c.unit == "PANTHER-A"}
    assert notch == {document.map.direction_to_global(h, 6)} != {3}
    assert document.scenario.side("german").forces[3].placement == HexPlacement(
        hex="K2015", facing=6
    )
    document.undo_stack.undo()  # the two turns are one step
    assert document.scenario.side("german").forces[3].placement == HexPlacement(
        hex="K2015", facing=4
    )
    document.undo_stack.redo()

    assert panel.remove_selected() == []
    assert panel.forces.count() == 3
    assert not any(c.unit == "PANTHER-A" for c in document.counters)
    assert document.undo_stack.count() == 4  # add, place, turn, remove
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original
    assert panel.forces.count() == 3


def test_a_drop_off_the_map_is_refused_in_the_status_bar(
    window: MainWindow, drop_on_map: Callable[..., None]
) -> None:
    document = window.document
    assert document is not None
    drop_on_map(FORCE_MIME, "us/0", Hex(200, 200))
    assert window.statusBar().currentMessage() == (
        "Refused: that is not a hex of the map: drop the unit on the map"
    )
    assert document.undo_stack.count() == 0


def test_count_and_side_name_are_edited_in_the_panel(window: MainWindow, qtbot: QtBot) -> None:
    document = window.document
    assert document is not None
    panel = window.oob_panel
    panel.choose_side("us")
    panel.select_entry(0)
    panel.count_box.setValue(5)
    assert document.scenario.side("us").forces[0].count == 5
    assert panel.forces.item(0).text().startswith("5 × M4A1")
    panel.name_edit.setText("Allied")
    qtbot.keyClick(panel.name_edit, Qt.Key.Key_Return)
    assert document.scenario.side("us").name == "Allied"
    assert panel.side_box.currentText() == "Allied"
    assert panel.side_id() == "us"


def test_a_count_past_the_sides_unit_limit_is_refused_in_the_panel(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A side's units are bounded (a side of 1,000 validated and then its game never
    finished): typing a count that takes the side past the limit is refused and said in the
    panel, with no undo step; a count within it is one edit."""
    from model.limits import MAX_SIDE_UNITS

    document = window.document
    assert document is not None
    panel = window.oob_panel
    panel.choose_side("us")
    panel.select_entry(0)
    steps, before = document.undo_stack.count(), document.scenario.side("us").forces[0].count
    panel.count_box.setFocus()
    panel.count_box.selectAll()
    qtbot.keyClicks(panel.count_box, "900")
    qtbot.keyClick(panel.count_box, Qt.Key.Key_Return)  # one edit, at Enter
    assert document.scenario.side("us").forces[0].count == before
    assert f"a side has at most {MAX_SIDE_UNITS}" in panel.message.text()
    assert panel.message.text().startswith("the American side: ")  # not "sides.0"
    assert document.undo_stack.count() == steps
    assert panel.count_box.value() == before  # the box shows the entry as it is
    panel.count_box.selectAll()
    qtbot.keyClicks(panel.count_box, "90")
    qtbot.keyClick(panel.count_box, Qt.Key.Key_Return)
    assert document.scenario.side("us").forces[0].count == 90
    assert document.undo_stack.count() == steps + 1


def test_placeholder_values_are_marked_and_sources_are_in_the_tooltip(
    window: MainWindow,
) -> None:
    panel = window.oob_panel
    panel.choose_side("german")
    panel.search_for("75mm AT")
    assert panel.selected_unit() is not None and panel.selected_unit().id == "AT-75MM"
    rows = {
        panel.details.topLevelItem(i).text(0): panel.details.topLevelItem(i)
        for i in range(panel.details.topLevelItemCount())
    }
    counter = rows["counter"]
    assert counter.text(1) == "large-towed (placeholder)"
    assert "German towed units are all Large Towed" in counter.toolTip(1)
    # A value the book gives is shown plainly, its section in the tooltip.
    panel.nation_box.setCurrentIndex(panel.nation_box.findText("US"))
    panel.search_for("Crab")
    rows = {
        panel.details.topLevelItem(i).text(0): panel.details.topLevelItem(i)
        for i in range(panel.details.topLevelItemCount())
    }
    assert rows["variant of"].text(1) == "M4"
    assert rows["variant of"].toolTip(1) == "Armor [OP XXV.A]"


def test_the_nation_filter_starts_at_the_sides_counter_pool(window: MainWindow) -> None:
    assert window.open_file(PANZER44_US_POOL)
    document = window.document
    assert document is not None
    panel = window.oob_panel
    pooled = next(s for s in document.scenario.sides if s.counter_pool == "us")
    panel.choose_side(pooled.id)
    assert panel.nation_box.currentData() == "us"
    known = unit_types(document.scenario.system)
    nations = {
        known[panel.catalogue.item(i).data(Qt.ItemDataRole.UserRole)].nation
        for i in range(panel.catalogue.count())
    }
    assert nations and nations <= {"us", "any"}
